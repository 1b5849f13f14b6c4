"""Plots of the bounds over a class: uniform convergence (Agarwal et al. 2005, §4.2–4.4,
Figure 3) and sample complexity (Agarwal & Roth 2005, Thm 1, Cor 1).

Every value comes from :mod:`aucbound.bounds` with a class of :mod:`aucbound.shatter`.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from ..bounds import (
    eem_exact_sample_size,
    eem_sample_size,
    freund_epsilon,
    sample_complexity_lower_bound,
    split_sample,
    uniform_epsilon,
    uniform_sample_size,
)
from ._deviation import PAPER_SKEWS
from ._figure import (
    BEYOND,
    DASHED,
    SOLID,
    Rows,
    delta_text,
    legend,
    log_grid,
    new_figure,
    open_range,
    result,
    safe_log_axis,
    short_log_range,
    skew,
    skew_text,
    skews,
)

__all__ = ["fig3", "sample_complexity"]

#: The level below which the paper calls a uniform bound meaningful (Figure 3).
MEANINGFUL = 0.5

_OURS = "Agarwal et al. 2005, Cor 4.5"
_FREUND = "Freund et al. 2003, Thm 3 (Agarwal et al. 2005, Thm 4.14)"
_SHARP = f"Agarwal et al. 2005, Cor 4.5 with the class's sharpest bound on r ({BEYOND})"
_STYLES = {_OURS: {"color": "C0", "linestyle": SOLID}, _FREUND: {"color": "C3", "linestyle": "-."},
           _SHARP: {"color": "C0", "linestyle": DASHED}}


def _paper(fclass, m, n, delta):
    """Cor 4.5 through the paper's own bound on r(F, 2m, 2n) (Thm 4.11 / 4.13 for linear and polynomial classes)."""
    return uniform_epsilon(fclass, m, n, delta, bound="paper")


_BOUNDS = {_OURS: _paper, _FREUND: freund_epsilon}
_SHORT = {_OURS: "Agarwal et al.", _FREUND: "Freund et al."}


def _function_class(fclass, default):
    from ..bounds import function_class

    if fclass is None:
        return default
    return function_class(fclass)


def _meaningful_from(fclass, delta, rho) -> dict:
    """For each bound, the smallest M (ρM an integer) with ε ≤ 0.5, or None beyond 10^300."""
    return {_OURS: uniform_sample_size(fclass, MEANINGFUL, delta, rho, bound="paper").M,
            _FREUND: uniform_sample_size(fclass, MEANINGFUL, delta, rho, method="freund").M}


#: The longest M axis: its sizes stay exact integers in a float.
MAX_AXIS = 10**15
#: A skew p/q with q up to this has its M axis on multiples of q (m = ρM exactly); beyond,
#: on every integer, with m = ρM rounded as :func:`~aucbound.bounds.split_sample` rounds it.
MAX_STEP = 10**6


def _axis_end(meaningful: dict) -> int:
    """The paper's M ranges: the power of ten at or above 20 times the later of the two sizes
    at which the bounds reach 0.5 (10^5 for ρ = 1/2 and 1/10, 10^6, 10^7 for 1/100, 1/1000),
    at most :data:`MAX_AXIS`."""
    later = max((M for M in meaningful.values() if M is not None), default=10**5)
    return min(10 ** math.ceil(math.log10(20 * later)), MAX_AXIS)


def _first_size(rho) -> tuple[int, int]:
    """(step, first): the M axis's step, and its first size, the smallest with a positive and
    a negative (ρM and (1 − ρ)M rounded at least 1)."""
    if rho.denominator <= MAX_STEP:
        return rho.denominator, rho.denominator
    return 1, math.ceil(1 / (2 * min(rho, 1 - rho)))


def fig3(*, delta=0.01, rhos=PAPER_SKEWS, fclass=None, max_size=None, points=160, ax=None, return_data=False):
    """Figure 3 of Agarwal et al. (2005): uniform-convergence ε against the training-set size M.

    For the class `fclass` (default :class:`~aucbound.shatter.Line`, linear ranking functions
    on R, as in the paper), one panel per skew in `rhos`: Cor 4.5 (ε through the paper's
    bound on r(F, 2m, 2n)) and Thm 4.14 (Freund et al., through s(F̄, 2m) and s(F̄, 2n) of
    the thresholded class) at m = ρM, n = (1−ρ)M (M on a grid of multiples of ρ's
    denominator; the crossings at the smallest M whose class sizes m = ρM rounded, n = M − m
    reach 0.5). Where the class knows a sharper bound on r than the paper's (linear and
    polynomial classes: the central-arrangement count), Cor 4.5 with it is dashed, as
    beyond the paper. M runs on a linear axis from 0 to `max_size`; by
    default to the paper's ranges, the power of ten at or above 20 times the M at which
    the later bound reaches ε = 0.5, where the paper calls them meaningful: a dotted line
    marks that level, a dot and its M where each bound crosses it. ε is shown from 0 to 1.
    With `ax`, a sequence of Axes one per skew, the panels are drawn there.

    With ``return_data=True`` returns ``(figure, rows)`` with keys ``panel``, ``series``,
    ``x`` (M) and ``y`` (ε); the series '… reaches ε = 0.5' hold the crossing points.

    >>> figure, rows = fig3(rhos=["1/2"], max_size=10000, points=4, return_data=True)
    >>> for row in rows:  # m = n = 5000: sqrt(8·10⁴·(ln 3 + ln 400)/(25·10⁶)), 4·sqrt((ln 40001 + ln 1200)/5000)
    ...     if row["x"] == 10000:
    ...         print(f"{row['series']}: {row['y']:.6f}")
    Agarwal et al. 2005, Cor 4.5: 0.150626
    Freund et al. 2003, Thm 3 (Agarwal et al. 2005, Thm 4.14): 0.237902
    """
    from ..shatter import Line

    delta = v.probability("delta", delta, scalar=True)
    rhos = skews("rhos", rhos)
    fclass = _function_class(fclass, Line())
    if max_size is not None:
        max_size = v.count("max_size", max_size, minimum=2)
    points = v.count("points", points, minimum=2)
    figure, axes = new_figure(len(rhos), title=f"Uniform-convergence bounds, class: {fclass}, {delta_text(delta)}",
                              ax=ax)
    rows = Rows()
    for ax, rho in zip(axes, rhos):
        panel = f"m/(m+n) = {skew_text(rho)}"
        step, first = _first_size(rho)
        if max_size is not None and max_size < first:
            raise v.fail("max_size", f"at least {first} (one positive at ρ = {skew_text(rho)})", max_size)
        if first > MAX_AXIS:
            raise v.fail("rhos", f"a skew whose classes both reach one example (m = ρ·M rounded ≥ 1 and n ≥ 1) by "
                         "M = 10^15, the end of the longest M axis", rho)
        meaningful = _meaningful_from(fclass, delta, rho)
        end = max_size if max_size is not None else max(_axis_end(meaningful), first)
        # even on the linear axis, and dense where the curves fall steeply from ε ≈ 1 to 0.5
        steep = min((at for at in meaningful.values() if at is not None), default=8 * first) // 8
        M = np.union1d(log_grid(max(first, steep), end, points // 2, step=step),
                       step * np.unique(np.linspace(first // step, end // step, points - points // 2).round()
                                        .astype(np.int64)))
        m = np.array([split_sample(int(size), rho)[0] for size in M], dtype=np.int64)
        for label, bound in _BOUNDS.items():
            rows.plot(ax, panel, label, M, bound(fclass, m, M - m, delta), **_STYLES[label])
        sharp = uniform_epsilon(fclass, m, M - m, delta)
        if not np.allclose(sharp, _paper(fclass, m, M - m, delta), rtol=1e-12, atol=0):
            rows.plot(ax, panel, _SHARP, M, sharp, **_STYLES[_SHARP])
        ax.axhline(MEANINGFUL, color="gray", linewidth=0.8, linestyle=":")
        note = [f"ε ≤ {MEANINGFUL} (meaningful) from"]
        for label, at in meaningful.items():
            note.append(f"M = {at:,}: {_SHORT[label]}" if at is not None else f"beyond 10^300: {_SHORT[label]}")
            if at is not None and at <= end:
                m, n = split_sample(at, rho)
                epsilon = _BOUNDS[label](fclass, m, n, delta)
                ax.plot([at], [epsilon], "o", color=_STYLES[label]["color"], markersize=5)
                rows.add(panel, f"{label} reaches ε = {MEANINGFUL}", [at], [epsilon])
        ax.text(0.97, 0.55, "\n".join(note), transform=ax.transAxes, ha="right", va="bottom", fontsize="small")
        ax.set(xlim=(0, end), ylim=(0, 1), title=panel, xlabel="Training-set size M = m + n (examples)",
               ylabel="Confidence interval size ε (uniform over F)")
        ax.ticklabel_format(axis="x", style="sci", scilimits=(0, 0), useMathText=True)
        ax.grid(True, alpha=0.3)
        legend(ax, loc="lower left" if len(ax.get_lines()) > 5 else "upper right", fontsize="small")
    return result(figure, rows, return_data)


def sample_complexity(fclass=None, *, delta=0.01, rho="1/2", epsilon_range=(0.01, 0.5), points=25, ax=None,
                      return_data=False):
    """Sample complexity of learning a class against the accuracy ε (Agarwal & Roth 2005).

    For `fclass` (default :class:`~aucbound.shatter.Linear` on R², Example 2), with
    confidence 1 − δ and skew ρ: Thm 1's size for empirical error minimization
    (``eem_sample_size``), the smallest size meeting the condition of its proof before it is
    relaxed (``eem_exact_sample_size``, beyond the paper, dashed) and Cor 1's lower bound
    for every algorithm (``sample_complexity_lower_bound`` at the class's rank dimension,
    or the lower end of its known range; left out when that is 0). Both axes logarithmic;
    the lower bound, unrounded, lies many decades below. With `ax` (an Axes) the panel is
    drawn there.

    With ``return_data=True`` returns ``(figure, rows)`` with keys ``panel``, ``series``,
    ``x`` (ε) and ``y`` (M).

    >>> from aucbound.shatter import Finite
    >>> figure, rows = sample_complexity(Finite(1000), rho="1/4", epsilon_range=(0.1, 0.2), points=2,
    ...                                  delta=0.05, return_data=True)
    >>> [(row["series"], row["x"], row["y"]) for row in rows if row["x"] == 0.1]
    [('Agarwal & Roth 2005, Thm 1: EEM upper bound', 0.1, 385360.0), ('Agarwal & Roth 2005, proof of Thm 1, unrelaxed (beyond the paper)', 0.1, 192678.0)]
    """
    from ..shatter import Linear

    fclass = _function_class(fclass, Linear(2))
    delta = v.probability("delta", delta, scalar=True)
    rho = skew("rho", rho)
    lo, hi = open_range("epsilon_range", epsilon_range)
    points = v.count("points", points, minimum=2)
    epsilon = np.geomspace(lo, hi, points)
    figure, (ax,) = new_figure(1, title=f"Sample complexity, class: {fclass}", size=(7.5, 5.2), ax=ax)
    panel = f"{delta_text(delta)}, ρ = {skew_text(rho)}"
    rows = Rows()

    def sizes(function):
        return np.array([math.nan if (M := function(fclass, e, delta, rho).M) is None else M for e in epsilon],
                        dtype=float)

    series = {"Agarwal & Roth 2005, Thm 1: EEM upper bound": (sizes(eem_sample_size), "C0", SOLID),
              f"Agarwal & Roth 2005, proof of Thm 1, unrelaxed ({BEYOND})": (sizes(eem_exact_sample_size), "C1", DASHED)}
    low, high = fclass.rank_dimension_bounds or (0, None)
    if low >= 1:
        label = (f"Agarwal & Roth 2005, Cor 1: lower bound, any algorithm "
                 f"(rank dimension {low}{'' if low == high else ' or more'})")
        bound = np.array([sample_complexity_lower_bound(low, e, delta, float(rho)).value for e in epsilon])
        series[label] = (bound, "C2", SOLID)
    # the limits before the curves: matplotlib's own margins pass the largest float for sizes near 10^300
    ax.set(xscale="log", yscale="log", xlabel="Accuracy ε (excess ranking error)",
           ylabel="Training-set size M = m + n (examples)", title=panel)
    safe_log_axis(ax.yaxis, np.concatenate([values for values, _, _ in series.values()] + [[1.0]]))
    safe_log_axis(ax.xaxis, [lo, hi])
    ax.set_xlim(lo, hi)
    for label, (values, color, style) in series.items():
        rows.plot(ax, panel, label, epsilon, values, color=color, linestyle=style)
    ax.axhline(1, color="gray", linewidth=0.8, linestyle=":")
    ax.annotate("one example", (lo, 1), xytext=(2, 3), textcoords="offset points", fontsize="small", color="gray")
    short_log_range(ax.xaxis, lo, hi)
    ax.grid(True, which="major", alpha=0.3)
    legend(ax, loc="center right", fontsize="small", width=64)
    return result(figure, rows, return_data)
