"""Plots of the optimal ranking functions in the normal setting (Uematsu & Lee 2011, Thm 2, §5.1.1–5.1.2):
the hinge loss's optimal K-step functions beside the smooth losses' f*, their risks against K
(Figure 7), and the feasible region and limiting sequence of their jumps (Figures 5–6).

Positives X ~ N(μ, 1), negatives X′ ~ N(−μ, 1), μ = separation/2 (the paper: μ = 1). Every
value comes from :mod:`aucbound.optimal`; the step functions are counted from its jumps and
the straight lines f* are α·log(g+/g−) = 2αμ·x with α from :func:`~aucbound.optimal.calibration_alpha`.

The optimal K-step functions are found by :func:`~aucbound.optimal.optimal_steps`, which also
minimizes the risk directly from `starts` random points to check each solution of Eq. 8.
The plots take one start (the library's default is 8, which costs seconds more per K): at
separations 1, 2 and 4 and K ≤ 15 one start and eight give the same jumps and risks.
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from .. import _validate as v
from ..optimal import (
    MAX_STEPS,
    calibration_alpha,
    feasible_region,
    jump_progression,
    limiting_jumps,
    normal_bayes_risk,
    step_table,
)
from ._figure import BEYOND, DASHED, DOTTED, SOLID, Rows, given_axes, new_figure, result, shared_legend

__all__ = ["hinge_steps", "step_risk", "jump_dynamics"]

_CITATION = "Uematsu & Lee (2011)"
#: The step functions' colours, in the order of K (tab10 without the greys).
_STEP_COLOURS = ("C0", "C2", "C3", "C4", "C1", "C5", "C6", "C8", "C9")
#: The smooth losses of Thm 2 drawn beside the step functions, and their colours.
_SMOOTH = (("exponential", "black"), ("logistic", "0.5"))
#: The feasible region's shade.
_REGION = "#c6dbef"
#: Points on each side of the grid that shades the feasible region.
_GRID = 600
#: Where the starting values of Figure 6 lie: these fractions of the way from the limit
#: towards 0 (below it) and towards the end of the feasible segment (above it).
_TOWARDS = (0.6, 0.25, 0.04)


# -- parameters ------------------------------------------------------------------------------


def _step_counts(value, *, lowest: int = 1, highest: int = MAX_STEPS, most: int = MAX_STEPS) -> list[int]:
    """Ks: one K or a sequence of them, integers in [lowest, highest], at most `most` of them; sorted, unique."""
    if isinstance(value, (numbers.Integral, np.integer)) and not isinstance(value, (bool, np.bool_)):
        value = [value]
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise v.ParameterTypeError("Ks", "a sequence of step counts K", v.show(value))
    values = list(value)
    if not 1 <= len(values) <= most:
        raise v.ParameterError("Ks", f"hold one to {most} step counts", f"{len(values)}", verb="")
    return sorted({v.count("Ks", K, minimum=lowest, maximum=highest) for K in values})


def _separation(value) -> float:
    return v.positive("separation", value, scalar=True)


def _x_range(value) -> tuple[float, float]:
    try:
        lo, hi = value
    except (TypeError, ValueError):
        raise v.fail("x_range", "a pair (lo, hi)", value) from None
    lo, hi = v.real("x_range", lo, scalar=True), v.real("x_range", hi, scalar=True)
    if not (math.isfinite(lo) and math.isfinite(hi) and lo < hi):
        raise v.fail("x_range", "a pair lo < hi of finite numbers", (lo, hi))
    return lo, hi


def _number(x: float) -> str:
    return f"{x:g}".replace("-", "−")


def _setting(mu: float) -> str:
    """The two classes. Titles start with them: a title breaks after commas, and its first line holds them."""
    return f"X ~ N({_number(mu)}, 1) against X′ ~ N({_number(-mu)}, 1)"


def _times(coefficient: float, symbol: str) -> str:
    """'x', '2x', '0.5·log …': a coefficient in front of a symbol, 1 left out."""
    if coefficient == 1:
        return symbol
    text = "½" if coefficient == 0.5 else f"{coefficient:g}"
    return f"{text}{symbol}" if len(symbol) == 1 else f"{text}·{symbol}"


# -- the optimal ranking functions -------------------------------------------------------------


def hinge_steps(*, Ks=(3, 6, 7), separation=2.0, x_range=(-4, 4), starts=1, ax=None, return_data=False):
    """The hinge loss's optimal K-step functions beside the exponential and logistic losses' f* (Thm 2, §5.1.1).

    For each K in `Ks` the unit-step function with the jumps a_1 < … < a_K of
    :func:`~aucbound.optimal.optimal_steps` (the paper's Table 1 where the minimum is symmetric), drawn as
    f(x) − K/2 with f(x) = #{i: a_i < x} — centred by half its range, so that the
    symmetric solutions are odd about x = 0 like f* (the paper's f_A is f + 1; a constant
    does not change a ranking). Where the minimum is lopsided (even K ≥ 8 at separation 2:
    the paper's symmetric solution is a saddle point there) the line is dashed and says so.
    Beside them, straight lines, the optimal scores of Thm 2: f* = α·log(g+/g−) with
    log(g+/g−) = 2μx, α = ½ for the exponential loss (f* = μx) and α = 1 for the logistic
    loss (f* = 2μx). x runs over `x_range`; the y axis shows the step functions and the
    exponential loss's f* whole, the logistic loss's f* as far as it fits. With `ax` (an
    Axes) the panel is drawn there.

    With ``return_data=True`` returns ``(figure, rows)`` with keys ``panel``, ``series``,
    ``x`` and ``y``: for a step function, the left end of `x_range`, each jump inside it and
    the right end, with the value f(x) − K/2 from there up to the next x (the value just
    right of a jump); for f*, the two ends of `x_range`.

    >>> figure, rows = hinge_steps(Ks=[3], x_range=(-2, 2), return_data=True)
    >>> [(round(row["x"], 4), row["y"]) for row in rows if row["series"].startswith("Hinge")]
    [(-2.0, -1.5), (-0.9205, -0.5), (0.0, 0.5), (0.9205, 1.5), (2.0, 1.5)]
    >>> [(row["series"][:17], row["x"], row["y"]) for row in rows if row["series"].startswith(("Exp", "Log"))]
    [('Exponential loss:', -2.0, -2.0), ('Exponential loss:', 2.0, 2.0), ('Logistic loss: f*', -2.0, -4.0), ('Logistic loss: f*', 2.0, 4.0)]
    """
    Ks = _step_counts(Ks, most=len(_STEP_COLOURS))
    separation = _separation(separation)
    lo, hi = _x_range(x_range)
    figure, (ax,) = new_figure(1, title=f"The hinge loss's optimal K-step functions (§5.1.1) and f* of Thm 2, "
                                        f"{_CITATION}", size=(7.5, 5.6), ax=ax)
    found = step_table(Ks, separation=separation, starts=starts)
    mu = separation / 2
    panel = f"{_setting(mu)}: log(g+/g−) = {_times(2 * mu, 'x')}"
    rows = Rows()
    tallest = 0.0
    for colour, row in zip(_STEP_COLOURS, found):
        jumps = np.asarray(row.jumps)
        xs = np.concatenate([[lo], jumps[(jumps > lo) & (jumps < hi)], [hi]])
        ys = np.searchsorted(jumps, xs, side="right") - row.K / 2  # #{i: a_i ≤ x}: f just right of x
        lopsided = "" if row.symmetric else f", lopsided minimum ({BEYOND})"
        rows.plot(ax, panel, f"Hinge loss: optimal {row.K}-step function{lopsided}", xs, ys, color=colour,
                  drawstyle="steps-post", linewidth=2, linestyle=SOLID if row.symmetric else DASHED)
        tallest = max(tallest, row.K / 2)
    for key, colour in _SMOOTH:
        alpha = calibration_alpha(key).alpha
        slope = 2 * alpha * mu
        label = (f"{key.capitalize()} loss: f* = {_times(alpha, 'log(g+/g−)')} = {_times(slope, 'x')} "
                 f"(Uematsu & Lee 2011, Thm 2, α = {alpha:g})")
        rows.plot(ax, panel, label, [lo, hi], [slope * lo, slope * hi], color=colour, linestyle=SOLID, linewidth=1.3)
        if key == "exponential":
            tallest = max(tallest, slope * max(abs(lo), abs(hi)))
    ax.set(xlim=(lo, hi), ylim=(-tallest - 0.6, tallest + 0.6), xlabel="x",
           ylabel="Ranking score f(x) (step functions minus K/2)", title=panel)
    ax.axhline(0, color="0.8", linewidth=0.8, zorder=0)
    ax.axvline(0, color="0.8", linewidth=0.8, zorder=0)
    ax.grid(True, alpha=0.3)
    ax.legend(loc="upper left", fontsize="small")
    return result(figure, rows, return_data)


# -- the risks against K (Figure 7) ------------------------------------------------------------


def step_risk(*, Ks=range(1, 16), separation=2.0, starts=1, ax=None, return_data=False):
    """Figure 7 of Uematsu & Lee (2011), the theory: the hinge-optimal K-step functions' risks against K (§5.1.2).

    Left, the minimal hinge risk E(1 − (f(X) − f(X′)))₊ over K-step functions; right, the
    ranking risk 1 − AUC (ties counted ½) of those functions, beside the Bayes ranking risk
    P(X < X′) = Φ(−separation/√2) of Thm 1 (0.0786496 at separation 2), which no function
    beats: the gap that stays as K grows (0.0104 at separation 2) is the hinge loss's
    inconsistency. Both come from :func:`~aucbound.optimal.step_table` and
    :func:`~aucbound.optimal.normal_bayes_risk`. Where the minimum is lopsided rather than
    the paper's symmetric solution of Eq. 8 (even K ≥ 8 at separation 2; its risk is then
    below the symmetric one's by 8·10⁻⁷), an open square marks it. With `ax`, a sequence of
    two Axes, the panels are drawn there.

    With ``return_data=True`` returns ``(figure, rows)`` with keys ``panel``, ``series``,
    ``x`` (K) and ``y`` (the risk); the Bayes risk has a row at the smallest and the largest K.

    >>> figure, rows = step_risk(Ks=[6, 10], return_data=True)
    >>> [(row["series"][:12], row["x"], round(row["y"], 5)) for row in rows if "AUC" in row["panel"]]
    [('Hinge-optima', 6, 0.08908), ('Hinge-optima', 10, 0.08906), ('Lopsided min', 10, 0.08906), ('Bayes rankin', 6, 0.07865), ('Bayes rankin', 10, 0.07865)]
    """
    Ks = _step_counts(Ks)
    separation = _separation(separation)
    mu = separation / 2
    figure, axes = new_figure(2, title=f"{_setting(mu)}: risks of the hinge-optimal K-step functions, {_CITATION}, "
                                       "Figure 7", size=(6.0, 4.6), ax=ax)
    found = step_table(Ks, separation=separation, starts=starts)
    bayes = normal_bayes_risk(separation)
    K = np.array([row.K for row in found])
    lopsided = np.array([not row.symmetric for row in found])
    rows = Rows()
    panels = (("hinge_risk", "Minimal hinge risk E(1 − (f(X) − f(X′)))₊", "Hinge risk"),
              ("auc_loss", "1 − AUC of the hinge-optimal K-step function", "Ranking risk 1 − AUC"))
    for ax, (field, panel, ylabel) in zip(axes, panels):
        values = np.array([getattr(row, field) for row in found])
        rows.plot(ax, panel, "Hinge-optimal K-step function (Uematsu & Lee 2011, §5.1.1)", K, values, color="C0", marker="o",
                  markersize=5, linestyle=SOLID, linewidth=1.2)
        if lopsided.any():
            rows.plot(ax, panel, f"Lopsided minimum, not the paper's symmetric solution ({BEYOND})", K[lopsided],
                      values[lopsided], color="C3", marker="s", markersize=10, markerfacecolor="none",
                      linestyle="none", markeredgewidth=1.3)
        ax.set(xlabel="Number of steps K", ylabel=ylabel, title=panel)
        ax.xaxis.get_major_locator().set_params(integer=True)
        ax.grid(True, alpha=0.3)
    ax = axes[1]
    ends = [int(K[0]), int(K[-1])]
    rows.plot(ax, panels[1][1], f"Bayes ranking risk Φ(−{separation:g}/√2) = {bayes:.5f} (Uematsu & Lee 2011, Thm 1)", ends,
              [bayes, bayes], color="black", linestyle=DOTTED, linewidth=1.5)
    last = found[-1].auc_loss
    ax.annotate("", (K[-1], bayes), xytext=(K[-1], last), arrowprops={"arrowstyle": "<->", "color": "0.4"})
    ax.annotate(f"excess {last - bayes:.4f} at K = {K[-1]}", (K[-1], bayes), xytext=(-4, -3),
                textcoords="offset points", ha="right", va="top", fontsize="small", color="0.3")
    spread = max(row.auc_loss for row in found) - bayes
    ax.set_ylim(bayes - 0.1 * spread, bayes + 1.05 * spread)  # room for the excess's label under the Bayes risk
    for ax in axes:
        ax.set_xlim(K[0] - 0.6, K[-1] + 0.6)
    handles, labels = axes[1].get_legend_handles_labels()
    shared_legend(figure, axes, handles=handles, labels=labels, fontsize="small", width=100)
    return result(figure, rows, return_data)


# -- the jumps: the feasible region and the limiting sequence (Figures 5–6) ----------------------


def _shade_region(ax, box, separation: float) -> None:
    """Shade where :func:`feasible_region` holds on a grid over `box` = (x0, x1, y0, y1)."""
    x0, x1, y0, y1 = box
    x, y = np.meshgrid(np.linspace(x0, x1, _GRID), np.linspace(y0, y1, _GRID))
    inside = feasible_region(x, y, separation=separation).astype(float)
    ax.contourf(x, y, inside, levels=[0.5, 1.5], colors=[_REGION], zorder=0)


def _region_patch():
    from matplotlib.patches import Patch

    return Patch(facecolor=_REGION, label="Feasible region of (aᵢ₋₁, aᵢ): the four inequalities of Uematsu & Lee 2011, §5.1.1")


def _starting_values(limit: float, end: float) -> list[tuple[float, str]]:
    """Starting values below the limit (towards 0) and above it (towards `end`), each with its side."""
    below = [(limit * (1 - f), "below") for f in _TOWARDS]
    above = [(limit + f * (end - limit), "above") for f in reversed(_TOWARDS)]
    return below + above


def jump_dynamics(*, separation=2.0, Ks=(2, 3, 6, 7), starts=1, ax=None, return_data=False):
    """Figures 5–6 of Uematsu & Lee (2011): where consecutive jumps (a_{i−1}, a_i) lie, and how the jumps progress.

    Left (Figure 5), the feasible region of consecutive jumps of a solution of Eq. 8 — the
    four inequalities of §5.1.1, shaded where :func:`~aucbound.optimal.feasible_region`
    holds on a grid — with the pairs (a_{i−1}, a_i) of the paper's symmetric solutions for
    each K in `Ks` (Table 1; K from 2 to 11). K = 2 gives one point on the line y = −x,
    K = 3 one on each axis. The first and the last pair of a solution lie on the region's
    edge (an inequality holds there with equality).

    Middle and right (Figure 6), the jumps Eq. 8 generates outward from the centre
    (:func:`~aucbound.optimal.jump_progression`), drawn as the path of the pairs
    (a_{i−1}, a_i): for even K = 2m from (−a_{m+1}, a_{m+1}) on the line y = −x, for odd
    K = 2m + 1 from (0, a_{m+2}) on the y axis, each start on the feasible segment (up to
    the jump of K = 2, resp. K = 3; thick). Starts below the limit of
    :func:`~aucbound.optimal.limiting_jumps` (blue) turn down, starts above it (red) end
    (Eq. 8 asks Φ⁻¹ of a number ≥ 1); the limit (black, 0.37537 and 0.75893 at separation 2)
    goes on as far as double precision resolves it. Each path shows the pairs up to the
    last jump before it turns down or ends. `separation` is at most 10: beyond, the
    library's recursion loses the small probabilities Eq. 8 inverts. With `ax`, a sequence of
    three Axes, the panels are drawn there.

    With ``return_data=True`` returns ``(figure, rows)`` with keys ``panel``, ``series``,
    ``x`` (a_{i−1}) and ``y`` (a_i): the Table 1 pairs, each path's pairs and the two ends of
    each feasible segment (the shading is not in the rows).

    >>> figure, rows = jump_dynamics(Ks=[2, 3], return_data=True)
    >>> [(row["series"], round(row["x"], 4), round(row["y"], 4)) for row in rows if row["series"].startswith("K =")]
    [('K = 2', -0.5564, 0.5564), ('K = 3', -0.9205, 0.0), ('K = 3', 0.0, 0.9205)]
    >>> [round(row["y"], 5) for row in rows if row["series"].startswith("Limit") and row["x"] <= 0]  # where each starts
    [0.37537, 0.75893]
    """
    separation = _separation(separation)
    Ks = _step_counts(Ks, lowest=2, highest=11, most=6)
    if ax is not None:
        given_axes(ax, 3)  # before the search
    limit = limiting_jumps(separation=separation)  # refuses a separation beyond the recursion's reach first
    found = step_table(sorted({2, 3, *Ks}), separation=separation, starts=starts)
    solutions = {row.K: np.asarray(row.symmetric_jumps) for row in found}
    figure, axes = new_figure(3, columns=3, title=f"{_setting(separation / 2)}: jumps of the hinge-optimal step "
                                                  f"functions, {_CITATION}, §5.1.1, Figures 5–6", size=(4.7, 4.9),
                              ax=ax)
    rows = Rows()

    # Figure 5: the region and the pairs of Table 1.
    ax = axes[0]
    panel = "Figure 5: consecutive jumps of Table 1"
    ax.set_title(panel)
    reach = max(float(np.max(np.abs(solutions[K]))) for K in Ks) + 0.4
    box = (-reach, reach, -reach, reach)
    _shade_region(ax, box, separation)
    markers = "os^vDPX*"
    for colour, marker, K in zip(_STEP_COLOURS, markers, Ks):
        a = solutions[K]
        rows.plot(ax, panel, f"K = {K}", a[:-1], a[1:], color=colour, marker=marker, linestyle="none",
                  markersize=6, markeredgecolor="black", markeredgewidth=0.5)
    ax.legend(loc="upper left", fontsize="small", title="Table 1 pairs", title_fontsize="small")

    # Figure 6: the progressions from the centre.
    sides = ((False, limit.even, float(solutions[2][1]), "aₘ₊₁", "Figure 6(a): even K = 2m"),
             (True, limit.odd, float(solutions[3][2]), "aₘ₊₂", "Figure 6(b): odd K = 2m + 1"))
    paths = []
    for odd, least, end, name, panel in sides:
        path = []
        for value, side in [*_starting_values(least, end), (least, "limit")]:
            jumps = jump_progression(value, odd=odd, separation=separation)
            path.append((value, side, np.concatenate([[0.0 if odd else -value], jumps[:-1]]), jumps))
        paths.append(path)
    top = max(float(jumps[-1]) for path in paths for *_, jumps in path) + 0.4
    for ax, (odd, least, end, name, panel), path in zip(axes[1:], sides, paths):
        left = (0.0 if odd else -end) - 0.4
        right = max(float(xs[-1]) for _, _, xs, _ in path) + 0.4
        _shade_region(ax, (left, right, -0.4, top), separation)
        label = f"Feasible starts: 0 ≤ {name} ≤ {end:.4f} (the K = {3 if odd else 2} jump)"
        if odd:  # a vertical segment, not a function of x: a line collection
            ax.vlines(0.0, 0.0, end, label=label, colors="0.35", linewidth=4, capstyle="butt", alpha=0.6)
            rows.add(panel, label, [0.0, 0.0], [0.0, end])
        else:
            rows.plot(ax, panel, label, [0.0, -end], [0.0, end], color="0.35", linewidth=4, solid_capstyle="butt",
                      alpha=0.6)
        blues = iter(("#9ecae1", "#4292c6", "#08519c"))
        reds = iter(("#a50f15", "#ef3b2c", "#fc9272"))
        for value, side, xs, ys in path:
            if side == "limit":
                label, style = f"Limit {name} = {value:.5f} (bisection)", {"color": "black", "linewidth": 2}
            else:
                label = f"{name} = {value:.4f} ({side} the limit)"
                style = {"color": next(blues if side == "below" else reds), "linewidth": 1.3}
            rows.plot(ax, panel, label, xs, ys, marker="o", markersize=3.5, linestyle=SOLID, **style)
        ax.legend(loc="upper left", fontsize="x-small")
        ax.set_xlim(left, right)
        ax.set_ylim(-0.4, top)
    axes[0].set_xlim(box[0], box[1])
    axes[0].set_ylim(box[2], box[3])
    for ax, title in zip(axes, [axes[0].get_title(), *(side[-1] for side in sides)]):
        ax.set(title=title, xlabel="aᵢ₋₁ (a jump)", ylabel="aᵢ (the next jump)")
        ax.axline((0, 0), slope=-1, color="0.6", linewidth=0.8, linestyle=DOTTED, zorder=1)
        ax.axvline(0, color="0.6", linewidth=0.8, linestyle=DOTTED, zorder=1)
        ax.axhline(0, color="0.6", linewidth=0.8, linestyle=DOTTED, zorder=1)
        ax.grid(True, alpha=0.25)
    region = _region_patch()
    shared_legend(figure, axes, handles=[region], labels=[region.get_label()], fontsize="small", width=100)
    return result(figure, rows, return_data)
