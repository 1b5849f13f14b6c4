"""``aucbound experiment``: the papers' learning experiments — Agarwal et al.'s (2005) Figure 4 and Uematsu
& Lee's (2011) RankBoost and loss-comparison simulations."""

from __future__ import annotations

import csv
import math
import sys

import click

from ._options import IntRange, library_errors, output_options, stack
from ._progress import Progress
from ._render import Column, emit, number


class SizeList(click.ParamType):
    """Training sizes separated by commas: 20,40,80."""

    name = "N1,N2,…"

    def convert(self, value, param, ctx):
        from ..experiments import BOUND_SHAPE_MAX_SIZE as MAX_SIZE

        if isinstance(value, tuple):
            return value
        sizes = []
        for k, entry in enumerate(str(value).split(","), 1):
            entry = entry.strip()
            if not entry.isdigit() or not 1 <= int(entry) <= MAX_SIZE:
                self.fail(f"entry {k} ({entry!r}) is not a size from 1 to {MAX_SIZE}.", param, ctx)
            sizes.append(int(entry))
        return tuple(sizes)


def _csv(path, header, rows):
    """Write rows to `path` ('-' for stdout)."""
    handle = sys.stdout if path == "-" else open(path, "w", newline="", encoding="utf-8")
    try:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    finally:
        if handle is not sys.stdout:
            handle.close()


#: What every experiment takes: its seed, a CSV of the data behind its figure, and the output format.
_RUN_OPTIONS = stack(
    click.option("--seed", type=IntRange(min=0), default=0, show_default=True,
                 help="The same seed gives the same table."),
    click.option("--out-csv", type=click.Path(dir_okay=False, writable=True), metavar="FILE",
                 help="Also write the data behind the figure to FILE (CSV)."),
    output_options,
)


@click.group("experiment", short_help="The papers' learning experiments: Figure 4, RankBoost, three losses.")
def experiment():
    """The papers' learning experiments, each one command.

    fig4: Agarwal et al. (2005), §4.5, Figure 4 — RankBoost's linear rankers in R^16 and
    the lower bound of Cor 4.5 against the training sizes. rankboost-normal: Uematsu & Lee
    (2011), §5.1, Figure 3 — RankBoost learns ½·log(g+/g−) = x, with either rule of α.
    losses: §5.1.3's data, Figures 8, 9 (and the comparison of Figure 14, §5.2) — boosting
    under the exponential, logistic and hinge losses against Thm 2. The figures: aucbound
    plot fig4 | rankboost-normal | loss-scores. Each refuses up front more than about a
    minute of work.

    \b
    Examples:
      aucbound experiment fig4 --trials 10 --seed 0
      aucbound experiment rankboost-normal --rounds 400
      aucbound experiment losses --size 300 --rounds 100
    """


@experiment.command("fig4", short_help="Agarwal et al. (2005), Figure 4: the bound's shape against the test AUC.")
@click.option("--m", "ms", type=SizeList(), default="20,40,80,160", show_default=True,
              help="Positives in the training sets.")
@click.option("--n", "ns", type=SizeList(), default="20,40,80,160", show_default=True,
              help="Negatives in the training sets (every m with every n).")
@click.option("--trials", type=IntRange(min=1, max=1000), default=10, show_default=True,
              help="Training sets per (m, n).")
@_RUN_OPTIONS
def fig4(ms, ns, trials, seed, out_csv, output_format, tablefmt):
    """Agarwal et al. (2005), Figure 4: does the uniform-convergence bound have the test AUC's shape?

    D+ and D− are mixtures of two Gaussians in R^16 (means and variances uniform on
    (0, 1)); RankBoost with raw features learns a linear ranker in 20 rounds from m
    positives and n negatives; per (m, n), over the trials: training AUC Â, AUC on a test
    set of 2500 + 2500, and the lower bound Â − ε of Cor 4.5 at δ = 0.01 with Thm 4.11's
    bound on r(F_lin(16), 2m, 2n), as in the paper; beside it the bound with the exact face
    count (sharper, beyond the paper).

    \b
    Examples:
      aucbound experiment fig4
      aucbound experiment fig4 --m 20,80 --n 20,80 --trials 5 --format csv
      aucbound experiment fig4 --out-csv fig4.csv
    """
    from ..experiments import bound_shape

    with library_errors(), Progress("trials") as progress:
        result = bound_shape(ms, ns, trials=trials, seed=seed, progress=progress)
    records = [row.as_dict() for row in result.rows]
    if out_csv:
        _csv(out_csv, list(records[0]), [list(record.values()) for record in records])
    pm = "±"
    emit(
        records=records,
        columns=[
            Column("m", lambda r: str(r["m"])),
            Column("n", lambda r: str(r["n"])),
            Column("training AUC", lambda r: f"{r['train_mean']:.4f} {pm} {r['train_sd']:.4f}"),
            Column("test AUC", lambda r: f"{r['test_mean']:.4f} {pm} {r['test_sd']:.4f}"),
            Column("ε (Thm 4.11)", lambda r: f"{r['epsilon']:.3f}"),
            Column("lower bound", lambda r: f"{r['bound_mean']:.3f} {pm} {r['bound_sd']:.3f}"),
            Column("sharper bound (beyond)", lambda r: f"{r['sharp_bound_mean']:.3f}"),
        ],
        parameters={key: value for key, value in result.as_dict().items() if key != "rows"},
        title=[
            "Agarwal et al. (2005), §4.5, Figure 4: RankBoost (raw features, 20 rounds) in R^16",
            f"mean {pm} sd over {result.trials} training sets per (m, n); test set 2500 + 2500; seed {result.seed}",
        ],
        notes=["lower bound: Â − ε, Cor 4.5 at δ = 0.01 with r(F_lin(16), 2m, 2n) ≤ (2e·4mn/16)^16 (Thm 4.11)",
               "sharper bound (beyond the paper): the same with the exact face count of the arrangement"],
        output_format=output_format,
        tablefmt=tablefmt,
    )


#: RankBoost's α rules as the rankboost-normal table heads them.
_RULES = {"bound": "α: bound rule", "exact": "α: exact rule (the paper's)"}


def _rankboost_records(results: dict) -> list[dict]:
    """One record per quantity, one value per α rule run."""
    first = next(iter(results.values()))
    settled, rounds = first.settled_round, len(first.train_auc)
    quantities = [
        ("RMS of f̂ − x on [−2, 2]", lambda r: r.rms),
        ("shift of f̂ (best constant on [−2, 2])", lambda r: r.shift),
        (f"training AUC after round {settled}", lambda r: r.train_auc[r.settled_round - 1]),
        (f"training AUC after round {rounds}", lambda r: r.train_auc[-1]),
        (f"largest change between rounds after {settled}", lambda r: r.largest_step_after),
        (f"largest change from round {settled}", lambda r: r.largest_change_after),
        ("exponential risk of f̂ on the training pairs", lambda r: r.model.risk[-1]),
        ("exponential risk of f* on the training pairs", lambda r: r.f_star_risk),
        ("exponential risk of f̂, N(1, 1) against N(−1, 1)", lambda r: r.population_risk),
        ("exponential risk of f*, e^−1", lambda r: math.exp(-1.0)),
        ("AUC of f* (Bayes), Φ(√2)", lambda r: r.bayes_auc),
    ]
    return [{"quantity": name, **{rule: value(result) for rule, result in results.items()}}
            for name, value in quantities]


@experiment.command("rankboost-normal", short_help="Uematsu & Lee (2011), Figure 3: RankBoost learns f*(x) = x.")
@click.option("--size", type=IntRange(min=2, max=10**6), default=2000, show_default=True, help="Points per class.")
@click.option("--rounds", type=IntRange(min=21, max=100_000), default=400, show_default=True, help="Boosting rounds.")
@click.option("--alpha", type=click.Choice(("both", "bound", "exact")), default="both", show_default=True,
              help="RankBoost's α: Freund et al.'s bound-based ½·ln((1+r)/(1−r)), the exact minimiser ½·ln(W+/W−) of "
                   "the ranking risk along the stump (the paper's), or both side by side.")
@click.option("--selection", type=click.Choice(("random", "best")), default="random", show_default=True,
              help="Each round's stump: a random threshold, or the best one.")
@_RUN_OPTIONS
def rankboost_normal(size, rounds, alpha, selection, seed, out_csv, output_format, tablefmt):
    """Uematsu & Lee (2011), §5.1, Figure 3: RankBoost with stumps on N(1, 1) against N(−1, 1).

    Thm 2 predicts f*(x) = ½·log(g+/g−) = x. The table shows, for each rule of α, how close
    the learned f̂ (shifted by the best constant on [−2, 2]) comes to x there, how the
    training AUC settles after round 20, and the exponential risk of f̂ on the training
    pairs and over the two normal classes beside that of f*. size × rounds is limited to
    about a minute of work (6·10^8 with random stumps). --out-csv writes x, f̂ of each rule
    and f*(x) = x per training point.

    \b
    Examples:
      aucbound experiment rankboost-normal
      aucbound experiment rankboost-normal --alpha exact --selection best
    """
    from ..experiments import check_rankboost_normal, rankboost_normal as run

    rules = ("bound", "exact") if alpha == "both" else (alpha,)
    results = {}
    with library_errors(), Progress("rounds") as progress:
        check_rankboost_normal(size, rounds, selection, runs=len(rules))
        for k, rule in enumerate(rules):
            results[rule] = run(size=size, rounds=rounds, alpha=rule, selection=selection, seed=seed,
                                progress=lambda done, total, k=k: progress(k * total + done, len(rules) * total))
    first = results[rules[0]]
    if out_csv:
        _csv(out_csv, ["x", *(f"f_hat_{rule}" for rule in rules), "f_star"],
             [(x, *values, x) for x, *values in zip(first.x.tolist(), *(results[rule].f_hat.tolist() for rule in rules))])
    emit(
        records=_rankboost_records(results),
        columns=[Column("quantity", lambda r: r["quantity"]),
                 *(Column(_RULES[rule], lambda r, rule=rule: number(r[rule])) for rule in rules)],
        parameters={"size": first.size, "rounds": first.rounds, "alpha": list(rules), "selection": first.selection,
                    "seed": first.seed, "window": first.window, "settled_round": first.settled_round},
        title=[f"Uematsu & Lee (2011), §5.1, Figure 3: RankBoost, {first.size} + {first.size} points, "
               f"{len(first.train_auc)} rounds, stumps chosen {'at random' if first.selection == 'random' else 'best'}; "
               f"seed {first.seed}"],
        notes=[note for rule in rules for note in _RULE_NOTES[rule]],
        output_format=output_format,
        tablefmt=tablefmt,
    )


_RULE_NOTES = {
    "bound": ["bound rule: α = ½·ln((1 + r)/(1 − r)), the minimiser of Freund et al.'s bound on Z_t (2003, §3.2)"],
    "exact": ["exact rule: α = ½·ln(W+/W−), the minimiser of the training ranking risk along the stump (the paper's)"],
}


@experiment.command("losses", short_help="Uematsu & Lee (2011), §5.1.3 data: three losses against Thm 2.")
@click.option("--size", type=IntRange(min=2, max=10**5), default=1000, show_default=True,
              help="Points per class in the training set and in the test set.")
@click.option("--dimension", "-p", type=IntRange(min=1, max=100), default=10, show_default=True, help="p.")
@click.option("--rounds", type=IntRange(min=1, max=100_000), default=300, show_default=True,
              help="The most rounds per method; each uses the round with the best test AUC.")
@click.option("--selection", type=click.Choice(("best", "random")), default="best", show_default=True,
              help="Each round's stump: the best one, or a random one (the paper's).")
@click.option("--hinge-step", type=click.Choice(("smoothed", "exact")), default="smoothed", show_default=True,
              help="The hinge learner's step: to the minimum of the hinge smoothed over [1 − μ, 1] (reaches the least "
                   "training hinge risk), or the exact line search (integer steps, as the paper's HingeBoost; stops "
                   "early).")
@_RUN_OPTIONS
def losses(size, dimension, rounds, selection, hinge_step, seed, out_csv, output_format, tablefmt):
    """Uematsu & Lee (2011), §5.1.3 data: RankBoost, logistic and hinge boosting (HingeBoost, §5.2).

    X ~ N(±1/√p, I), p = 10. Thm 2: the exponential loss's optimal score is r(x)/2, the
    logistic's r(x), so 2 × RankBoost's score ≈ the logistic one; the hinge's optimum is a
    step function (Thm 5). The paper fits RankBoost, LogitBoost and a kernel RankSVM to these
    data (Figures 8, 9); its HingeBoost, Figure 14 and Table 2 are from MovieLens (§5.2).
    Takes about 25 s at the default size; the three fits together are limited to about a
    minute of work (the logistic loss sums size² pair terms a round, the stumps cost size·p).
    --out-csv writes each test point's r(x) and scores and each variable's main effects,
    which plot loss-scores --input draws.

    \b
    Examples:
      aucbound experiment losses --size 300 --rounds 100
      aucbound experiment losses --size 300 --rounds 100 --hinge-step exact
      aucbound experiment losses --size 300 --rounds 100 --out-csv losses.csv
    """
    from ..experiments import loss_scores

    with library_errors(), Progress("rounds") as progress:
        result = loss_scores(size=size, dimension=dimension, rounds=rounds, selection=selection, seed=seed,
                             hinge_step=hinge_step, progress=progress)
    if out_csv:
        write_loss_scores(out_csv, result)
    records = [row.as_dict() for row in result.rows]
    emit(
        records=records,
        columns=[
            Column("loss", lambda r: r["loss"]),
            Column("rounds", lambda r: f"{r['rounds']} of {r['rounds_run']}"),
            Column("test AUC", lambda r: f"{r['test_auc']:.4f}"),
            Column("slope on r(x)", lambda r: _fixed(r["slope_on_r"], 3)),
            Column("Thm 2", lambda r: "—" if r["theory_slope"] is None else f"{r['theory_slope']:g}"),
            Column("score levels", lambda r: str(r["levels"])),
            Column("corr. with logistic", lambda r: _fixed(r["correlation_with_logistic"], 4)),
        ],
        parameters={key: value for key, value in result.as_dict().items()
                    if key in ("size", "dimension", "rounds", "selection", "seed", "hinge_step",
                               "logistic_on_exponential", "bayes_auc")},
        title=[f"Uematsu & Lee (2011), §5.1.3 data: boosting stumps ({result.selection} each round) under three losses, "
               f"p = {result.dimension}, {result.size} + {result.size} training and test points, hinge step "
               f"{result.hinge_step}; seed {result.seed}"],
        notes=[f"slope of the logistic score on RankBoost's: {_fixed(result.logistic_on_exponential, 3)} (Thm 2: 2)",
               f"AUC of r(x) (Bayes): {result.bayes_auc:.4f}; rounds: those with the best test AUC"],
        output_format=output_format,
        tablefmt=tablefmt,
    )


def _fixed(value, digits: int) -> str:
    """`value` with `digits` decimals; '—' where it is undefined (a constant score)."""
    return "—" if value is None else f"{value:.{digits}f}"


def write_loss_scores(path, result):
    """The data of the loss-scores figure: one row per test point (kind 'point', x = r(x)) and per
    grid value of each variable's main effect (kind 'effect', variable j)."""
    from ..experiments import LOSS_SCORES_LOSSES as LOSSES

    rows = [("point", "", x, *values) for x, *values in
            zip(result.r.tolist(), *(result.scores[loss].tolist() for loss in LOSSES))]
    for j in range(result.dimension):
        rows += [("effect", j + 1, x, *values) for x, *values in
                 zip(result.effect_grid.tolist(), *(result.effects[loss][j].tolist() for loss in LOSSES))]
    _csv(path, ["kind", "variable", "x", *LOSSES], rows)
