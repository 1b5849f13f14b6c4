"""Plots of the papers' learning experiments: Agarwal et al.'s (2005) Figure 4 and Uematsu & Lee's (2011)
Figures 3, 8 and 9, with the comparison of their Figure 14 (:mod:`aucbound.experiments`; nothing is recomputed
here)."""

from __future__ import annotations

import csv

import numpy as np

from .. import _validate as v
from ..experiments import bound_shape, check_rankboost_normal, loss_scores, rankboost_normal
from ..experiments import (
    BOUND_SHAPE_SIZES as DEFAULT_SIZES,
    LOSS_SCORES_LOSSES as LOSSES,
    LOSS_SCORES_ROUNDS as LOSS_ROUNDS,
    LOSS_SCORES_SIZE as LOSS_SIZE,
    RANKBOOST_NORMAL_ROUNDS as NORMAL_ROUNDS,
    RANKBOOST_NORMAL_SIZE as NORMAL_SIZE,
)
from ._figure import BEYOND, DASHED, DOTTED, SOLID, Rows, given_axes, legend, new_figure, result

__all__ = ["fig4", "rankboost_normal_figure", "loss_scores_figure"]

_LOSS_COLOURS = {"exponential": "black", "logistic": "C3", "hinge": "C0"}


def fig4(*, ms=DEFAULT_SIZES, ns=DEFAULT_SIZES, trials=10, seed=0, ax=None, return_data=False, progress=None):
    """Agarwal et al. (2005), Figure 4: training AUC, test AUC and Cor 4.5's lower bound against m and n.

    Rows of panels: training AUC, test AUC, lower bound (the paper's, solid; the sharper
    one beyond the paper, dashed). Left column: against m, one curve per n; right column:
    against n, one curve per m. Error bars: one standard deviation over the trials. With
    `ax`, a sequence of six Axes (row by row: training AUC against m, against n, test AUC
    against m, …), the panels are drawn there. `progress(done, total)` is called as the
    trials run.

    >>> figure, rows = fig4(ms=[20, 80], ns=[20], trials=2, return_data=True)
    >>> sorted({row["panel"] for row in rows})[:2]
    ['Lower bound on the expected AUC against m', 'Lower bound on the expected AUC against n']
    """
    if ax is not None:
        given_axes(ax, 6)  # before the experiment
    experiment = bound_shape(ms, ns, trials=trials, seed=seed, progress=progress)
    figure, axes = new_figure(6, columns=2, size=(5.4, 3.4), ax=ax,
                              title=f"RankBoost's linear rankers in R^16 and the uniform-convergence lower bound, "
                                    f"Agarwal et al. (2005), §4.5, Figure 4, {experiment.trials} trials, δ = 0.01")
    rows = Rows()
    quantities = (("Training AUC", "train_mean", "train_sd"), ("Test AUC", "test_mean", "test_sd"),
                  ("Lower bound on the expected AUC", "bound_mean", "bound_sd"))
    for r, (name, mean_key, sd_key) in enumerate(quantities):
        for c, (along, fixed, across) in enumerate((("m", "n", experiment.ns), ("n", "m", experiment.ms))):
            ax = axes[2 * r + c]
            panel = f"{name} against {along}"
            for k, value in enumerate(across):
                cells = [row for row in experiment.rows if getattr(row, fixed) == value]
                xs = [getattr(row, along) for row in cells]
                ys = [getattr(row, mean_key) for row in cells]
                errors = [getattr(row, sd_key) for row in cells]
                series = f"{fixed} = {value}" + (" (Agarwal et al. 2005, Cor 4.5 with Thm 4.11)" if mean_key == "bound_mean" else "")
                ax.errorbar(xs, ys, yerr=errors, color=f"C{k}", linestyle=SOLID, marker="o", markersize=3,
                            capsize=2, label=series)
                rows.add(panel, series, xs, ys)
                if mean_key == "bound_mean":
                    sharp = [row.sharp_bound_mean for row in cells]
                    label = f"{fixed} = {value}, exact face count ({BEYOND})"
                    rows.plot(ax, panel, label, xs, sharp, color=f"C{k}", linestyle=DASHED, linewidth=1)
            ax.set(xscale="log", xlabel=along, ylabel=name, title=panel)
            ax.grid(True, alpha=0.3)
            if mean_key == "bound_mean":
                legend(ax, fontsize="xx-small", loc="lower right", width=60)
            else:
                legend(ax, fontsize="x-small")
    return result(figure, rows, return_data)


#: How each rule of α is drawn in the rankboost-normal figure.
_RULE_STYLES = {"bound": ("black", SOLID, "α: bound rule"), "exact": ("C0", DASHED, "α: exact rule (the paper's)")}


def rankboost_normal_figure(*, size=NORMAL_SIZE, rounds=NORMAL_ROUNDS, alpha="both", selection="random", seed=0,
                            ax=None, return_data=False, progress=None):
    """Uematsu & Lee (2011), Figure 3: RankBoost's f̂ (shifted by the best constant on [−2, 2]) against
    f*(x) = x, with a rug of every 20th point; and the training AUC per round — for the bound rule
    of α, the exact one (the paper's) or both. With `ax`, a sequence of two Axes, the panels are
    drawn there. `progress(done, total)` is called as the rounds of each run go.

    >>> figure, rows = rankboost_normal_figure(size=300, rounds=40, return_data=True)
    >>> sorted({row["series"] for row in rows})  # doctest: +NORMALIZE_WHITESPACE
    ['AUC of f*, Φ(√2)', 'Training AUC, α: bound rule', "Training AUC, α: exact rule (the paper's)",
     'f*(x) = x (Uematsu & Lee 2011, Thm 2)', 'f̂ (shifted), α: bound rule', "f̂ (shifted), α: exact rule (the paper's)"]
    """
    alpha = v.choice("alpha", alpha, ("both", "bound", "exact"))
    if ax is not None:
        given_axes(ax, 2)  # before the experiment
    rules = ("bound", "exact") if alpha == "both" else (alpha,)
    check_rankboost_normal(size, rounds, selection, runs=len(rules))
    runs = {rule: rankboost_normal(size=size, rounds=rounds, alpha=rule, selection=selection, seed=seed,
                                progress=progress)
            for rule in rules}
    first = runs[rules[0]]
    figure, (left, right) = new_figure(
        2, ax=ax, title=f"RankBoost with stumps on N(1, 1) against N(−1, 1), Uematsu & Lee (2011), §5.1, Figure 3, "
                 f"{first.size} + {first.size} points, {len(first.train_auc)} rounds, stumps "
                 f"{'at random' if first.selection == 'random' else 'best'}")
    rows = Rows()
    fits = ", ".join(f"{rule} {run.rms:.3f}" for rule, run in runs.items())
    panel = f"f̂ against f*(x) = x (RMS on [−2, 2]: {fits})"
    for rule, run in runs.items():
        colour, style, name = _RULE_STYLES[rule]
        rows.plot(left, panel, f"f̂ (shifted), {name}", run.x, run.f_hat, color=colour, linestyle=style,
                  drawstyle="steps-post", linewidth=1.2)
    ends = [float(first.x[0]), float(first.x[-1])]
    rows.plot(left, panel, "f*(x) = x (Uematsu & Lee 2011, Thm 2)", ends, ends, color="C3", linestyle=DOTTED, linewidth=1.5)
    left.plot(first.x[::20], np.full(first.x[::20].shape, left.get_ylim()[0]), "|", color="0.5", markersize=6)
    left.axvspan(-first.window, first.window, color="0.93", zorder=0)
    left.set(xlabel="x", ylabel="ranking score", title=panel)
    left.grid(True, alpha=0.3)
    legend(left, loc="upper left", fontsize="small")
    panel = "Training AUC per round"
    for rule, run in runs.items():
        colour, style, name = _RULE_STYLES[rule]
        rounds_axis = np.arange(1, len(run.train_auc) + 1)
        rows.plot(right, panel, f"Training AUC, {name}", rounds_axis, run.train_auc, color=colour, linestyle=style,
                  linewidth=1.2)
    rows.plot(right, panel, "AUC of f*, Φ(√2)", [1, len(first.train_auc)], [first.bayes_auc] * 2, color="C3",
              linestyle=DOTTED)
    right.axvline(first.settled_round, color="0.7", linewidth=0.8)
    right.set(xscale="log", xlabel="round", ylabel="training AUC", title=panel)
    right.grid(True, alpha=0.3)
    right.legend(loc="lower right", fontsize="small")
    return result(figure, rows, return_data)


def read_loss_scores(path):
    """(r, scores, grid, effects) from the CSV of ``aucbound experiment losses --out-csv``."""
    points, effects = {"x": []}, {}
    try:
        with open(path, newline="", encoding="utf-8") as stream:
            for record in csv.DictReader(stream):
                values = {loss: float(record[loss]) for loss in LOSSES}
                if record["kind"] == "point":
                    points["x"].append(float(record["x"]))
                    for loss, value in values.items():
                        points.setdefault(loss, []).append(value)
                else:
                    effect = effects.setdefault(int(record["variable"]), {"x": []})
                    effect["x"].append(float(record["x"]))
                    for loss, value in values.items():
                        effect.setdefault(loss, []).append(value)
    except (OSError, KeyError, ValueError, TypeError) as error:
        raise v.fail("input", "the CSV of `aucbound experiment losses --out-csv` (columns kind, variable, x, "
                              "exponential, logistic, hinge)", f"{path!r} ({error})") from None
    if not points["x"] or not effects:
        raise v.fail("input", "a CSV with test points and main effects", repr(path))
    grid = np.array(effects[min(effects)]["x"])
    return (np.array(points["x"]), {loss: np.array(points[loss]) for loss in LOSSES}, grid,
            {loss: np.array([effects[j][loss] for j in sorted(effects)]) for loss in LOSSES})


def loss_scores_figure(*, size=LOSS_SIZE, rounds=LOSS_ROUNDS, selection="best", hinge_step="smoothed", seed=0,
                       input=None, ax=None, return_data=False, progress=None):
    """Boosting under three losses on the test set of Uematsu & Lee's (2011) §5.1.3 data: their
    Figures 8 and 9, and the comparison their Figure 14 makes on the MovieLens data (§5.2).

    Top row (as Figure 8): each method's centred scores against r(x)/2, with Thm 2's lines
    r(x)/2 (exponential) and r(x) (logistic); the paper's third panel is a kernel RankSVM,
    ours hinge boosting. Then (as Figure 14): 2 × RankBoost's score and the hinge scores
    against the logistic score. Then (Figure 9) the main effect of each variable:
    2 × RankBoost's and the logistic one, beside Thm 2's (2/√p)·x_j. With `input`, the data
    come from the CSV of ``aucbound experiment losses --out-csv`` (the experiment takes
    about 25 s at the default size); otherwise the experiment runs, calling `progress(done,
    total)` as it goes. With `ax`, a sequence of
    Axes one per panel (5 + the number of variables: 15 for the experiment's ten), the panels
    are drawn there.
    """
    if ax is not None:
        given_axes(ax)  # their number is checked once the number of variables is known
    if input is not None:
        r, scores, grid, effects = read_loss_scores(input)
        caption = f"from {input}"
    else:
        experiment = loss_scores(size=size, rounds=rounds, selection=selection, hinge_step=hinge_step, seed=seed,
                                 progress=progress)
        r, scores, grid, effects = experiment.r, experiment.scores, experiment.effect_grid, experiment.effects
        caption = (f"{experiment.size} + {experiment.size} points, stumps {experiment.selection}, hinge step "
                   f"{experiment.hinge_step}, seed {seed}")
    dimension = effects["logistic"].shape[0]
    columns = 5
    panels = 5 + dimension
    figure, axes = new_figure(panels, columns=columns, size=(3.6, 3.2), ax=ax,
                              title=f"Boosting stumps under three losses on the data of Uematsu & Lee (2011), §5.1.3: "
                                    f"as their Figures 8, 9 and 14 (§5.2), {caption}")
    rows = Rows()
    half = r / 2
    lines = {"exponential": (0.5, "½·r(x)"), "logistic": (1.0, "r(x)")}
    for ax, loss in zip(axes[:3], LOSSES):
        panel = f"{loss.capitalize()} loss: score against r(x)/2"
        ax.plot(half, scores[loss], ".", markersize=2, color=_LOSS_COLOURS[loss], alpha=0.5)
        rows.add(panel, f"{loss} score", half, scores[loss])
        if loss in lines:
            ends = np.array([half.min(), half.max()])
            slope, text = lines[loss]
            rows.plot(ax, panel, f"Uematsu & Lee 2011, Thm 2: {text}", ends, 2 * slope * ends, color="C1", linestyle=SOLID)
            legend(ax, fontsize="x-small", loc="upper left")
        ax.set(xlabel="r(x)/2", ylabel="centred score", title=panel)
    for ax, loss, factor in ((axes[3], "exponential", 2.0), (axes[4], "hinge", 1.0)):
        name = "2 × RankBoost" if loss == "exponential" else "Hinge boosting"
        panel = f"{name} vs logistic score"
        ax.plot(scores["logistic"], factor * scores[loss], ".", markersize=2, color=_LOSS_COLOURS[loss], alpha=0.5)
        rows.add(panel, name, scores["logistic"], factor * scores[loss])
        ends = np.array([scores["logistic"].min(), scores["logistic"].max()])
        rows.plot(ax, panel, "y = x", ends, ends, color="C1", linestyle=DOTTED)
        ax.set(xlabel="logistic score", ylabel=name, title=panel)
    for j, ax in enumerate(axes[5:]):
        panel = f"Main effect of x{j + 1}"
        rows.plot(ax, panel, "2 × RankBoost", grid, 2 * effects["exponential"][j], color="black",
                  drawstyle="steps-post")
        rows.plot(ax, panel, "logistic", grid, effects["logistic"][j], color="C3", drawstyle="steps-post")
        rows.plot(ax, panel, f"Uematsu & Lee 2011, Thm 2: (2/√{dimension})·x", grid, 2 / np.sqrt(dimension) * grid, color="0.5",
                  linestyle=DOTTED)
        ax.set(xlabel=f"x{j + 1}", title=panel)
        if j == 0:
            ax.legend(fontsize="x-small")
    for ax in axes:
        ax.grid(True, alpha=0.3)
    return result(figure, rows, return_data)
