"""Plots of the intervals for a fixed scorer: Agarwal et al. (2005), §3, Figures 1 and 2.

Every value comes from the bound functions of :mod:`aucbound.bounds`; nothing is
recomputed here.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from ..bounds import lehmann_inputs
from ..bounds import (
    METHODS,
    chebyshev_epsilon,
    error_rate_sample_size,
    hoeffding_epsilon,
    hoeffding_sample_size,
    interval,
    mcdiarmid_epsilon,
    normal_epsilon,
    sample_size_ratio,
    split_sample,
    variance_max,
)
from ._figure import (
    Rows,
    delta_text,
    legend,
    log_grid,
    method_label,
    method_style,
    new_figure,
    open_range,
    plain_log_ticks,
    result,
    shared_legend,
    short_log_range,
    size_range,
    skew_text,
    skews,
)

__all__ = ["PAPER_SKEWS", "fig1", "fig2", "intervals"]

#: The positive skews m/(m+n) of the paper's Figures 1 and 3.
PAPER_SKEWS = ("1/2", "1/10", "1/100", "1/1000")

_EPSILON = "Half-width ε of the 1 − δ interval"
_N = "Test-set size N = m + n (examples)"
_ENDS = "AUC: interval ends lo and hi\n(above Â: log scale of 1 − AUC)"


def _test_sets(rho, lo: int, hi: int, points: int):
    """(N, m, n) arrays: N log-spaced from max(lo, 1/ρ) to hi, m = ρN rounded (split_sample)."""
    start = max(lo, math.ceil(1 / rho))
    if start > 10**12:  # beyond any range of sizes
        raise v.fail("rhos", "a skew with a positive among at most 10^12 examples (1/ρ ≤ 10^12)", rho)
    if start >= hi:
        raise v.fail("sizes", f"a range reaching beyond N = 1/ρ = {start:,} for ρ = {skew_text(rho)}", (lo, hi))
    N = log_grid(start, hi, points)
    m, n = np.array([split_sample(int(size), rho) for size in N]).T
    return N, m, n


def fig1(*, delta=0.01, rhos=PAPER_SKEWS, sizes=(100, 10**7), points=120, ax=None, return_data=False):
    """Figure 1 of Agarwal et al. (2005): the half-width ε of each large-deviation interval against N.

    One panel per positive skew ρ = m/(m+n) in `rhos` (default 1/2, 1/10, 1/100, 1/1000),
    N log-spaced over `sizes` (and N ≥ 1/ρ, so that there is a positive), m = ρN rounded.
    Curves: McDiarmid (Cor 3.4), Chebyshev and the normal approximation with the
    distribution-free variance σ²_max = 1/(4 min(m, n)) (Eq. 11, 13, 14) — the paper's
    three — and Hoeffding's U-statistic bound (beyond the paper, dashed). Both axes are
    logarithmic; ε ≥ 1 (vacuous) lies above the top of the panels. With `ax`, a sequence
    of Axes one per skew (see the package's docstring), the panels are drawn there.

    With ``return_data=True`` returns ``(figure, rows)``; each row is a dict with keys
    ``panel``, ``series``, ``x`` (N) and ``y`` (ε).

    >>> figure, rows = fig1(rhos=["1/2"], sizes=(100, 1000), points=3, return_data=True)
    >>> for row in rows[:: len(rows) // 4]:  # N = 100, m = n = 50: sqrt(ln 200/100), 1/(2√50·√δ), …
    ...     print(f"{row['series']}: ε({row['x']}) = {row['y']:.4f}")
    McDiarmid (Agarwal et al. 2005, Cor 3.4): ε(100) = 0.3255
    Chebyshev with σ_max (Agarwal et al. 2005, Eq. 11, 14): ε(100) = 0.7071
    Normal approximation with σ_max (Agarwal et al. 2005, Eq. 13, 14; asymptotic): ε(100) = 0.1821
    Hoeffding, two-sample U-statistic (Hoeffding 1963, §5; beyond the paper): ε(100) = 0.2302
    """
    delta = v.probability("delta", delta, scalar=True)
    rhos = skews("rhos", rhos)
    lo, hi = size_range("sizes", sizes, lowest=2)
    points = v.count("points", points, minimum=2)
    figure, axes = new_figure(len(rhos), title=f"Large-deviation bounds for the AUC of a fixed scorer, {delta_text(delta)}",
                              ax=ax)
    rows = Rows()
    for ax, rho in zip(axes, rhos):
        panel = f"m/(m+n) = {skew_text(rho)}"
        N, m, n = _test_sets(rho, lo, hi, points)
        sigma = np.sqrt(variance_max(m, n))
        curves = {
            "mcdiarmid": mcdiarmid_epsilon(m, n, delta),
            "chebyshev-max": chebyshev_epsilon(sigma, delta),
            "normal-max": normal_epsilon(sigma, delta),
            "hoeffding": hoeffding_epsilon(m, n, delta),
        }
        for key, epsilon in curves.items():
            rows.plot(ax, panel, method_label(key), N, epsilon, **method_style(key))
        ax.set(xscale="log", yscale="log", xlabel=_N, ylabel=_EPSILON, title=panel, xlim=(lo, hi))
        ax.set_ylim(top=1)
        short_log_range(ax.xaxis, lo, hi)
        ax.grid(True, which="major", alpha=0.3)
    shared_legend(figure, axes, ncols=min(2, len(axes)))
    return result(figure, rows, return_data)


#: The smallest ε of Figure 2: each of its points is an exact test-set size, of about
#: ln(2/δ)/(2ρε²) examples, and the time of its search grows with the size's digits.
MIN_FIG2_EPSILON = 1e-10


#: The smallest skew fig2 draws: 1/(ρ(1−ρ)) stays below 10^250, so the log axis and its margins stay finite.
MIN_FIG2_RHO = 1e-250


def fig2(*, delta=0.01, epsilon=0.05, rho_range=(0.01, 0.99), points=197, ax=None, return_data=False):
    """Figure 2 of Agarwal et al. (2005): how many times more test examples the AUC needs than an error rate.

    Against the positive skew ρ (over `rho_range`), the paper's ratio N_AUC/N_err =
    1/(ρ(1−ρ)) (McDiarmid's size, Cor 3.5, over Hoeffding's size for an error rate,
    Eq. 16; it does not depend on ε or δ), and beside it (dashed, beyond the paper) the
    size Hoeffding's U-statistic bound needs at the given ε and δ over the error rate's,
    about 1/min(ρ, 1−ρ). The ratio axis is logarithmic. ε must be at least 1e-10
    (:data:`MIN_FIG2_EPSILON`): each point is an exact size, whose search takes longer the
    more digits it has, and below that the ratios no longer change. With `ax` (an Axes) the
    panel is drawn there.

    With ``return_data=True`` returns ``(figure, rows)`` with keys ``panel``, ``series``,
    ``x`` (ρ) and ``y`` (the ratio).

    >>> figure, rows = fig2(rho_range=(0.1, 0.5), points=3, return_data=True)
    >>> [(round(row["x"], 3), round(row["y"], 3)) for row in rows if row["series"].startswith("McDiarmid")]
    [(0.1, 11.111), (0.3, 4.762), (0.5, 4.0)]
    """
    delta = v.probability("delta", delta, scalar=True)
    epsilon = v.probability("epsilon", epsilon, scalar=True)
    if epsilon < MIN_FIG2_EPSILON:
        raise v.fail("epsilon", f"at least {MIN_FIG2_EPSILON:g} (below, every ratio is its limit already, and the "
                     "exact sizes, one per point, pass 10^20 examples)", epsilon)
    lo, hi = open_range("rho_range", rho_range)
    if lo < MIN_FIG2_RHO:
        raise v.ParameterError("rho_range", f"skews of at least {MIN_FIG2_RHO:g} (the ratio 1/(ρ(1−ρ)) passes "
                               "10^250 below, beyond what a logarithmic axis can draw)", v.show((lo, hi)))
    points = v.count("points", points, minimum=2)
    rho = np.linspace(lo, hi, points)
    figure, (ax,) = new_figure(1, title="Test-set size for the AUC over that for an error rate", size=(7.5, 5.0), ax=ax)
    panel = f"{delta_text(delta)}, ε = {epsilon:g}"
    rows = Rows()
    rows.plot(ax, panel, "McDiarmid: 1/(ρ(1−ρ)) at any ε, δ (Agarwal et al. 2005, Cor 3.5)", rho, sample_size_ratio(rho), **method_style("mcdiarmid"))
    sizes, error_rate = hoeffding_sample_size(epsilon, delta, rho), error_rate_sample_size(epsilon, delta)
    hoeffding = sizes / error_rate
    rows.plot(ax, panel, method_label("hoeffding"), rho, hoeffding, **method_style("hoeffding"))
    ax.set(yscale="log", xlabel="Positive skew ρ = m/(m+n)", ylabel=r"$N_{AUC}\,/\,N_{err}$ (ratio of test-set sizes)",
           title=panel, xlim=(0, 1))
    plain_log_ticks(ax.yaxis)
    ax.grid(True, which="major", alpha=0.3)
    legend(ax, loc="upper center")
    return result(figure, rows, return_data)


def _interval_methods(methods, given: dict) -> list[str]:
    """The chosen keys, or every method with its inputs at hand except the best-case ones."""
    closed_form = [key for key, spec in METHODS.items() if not spec.needs_scores]
    if methods is None:
        return [key for key in closed_form if METHODS[key].guarantee != "best-case"
                and all(given.get(name) is not None for name in METHODS[key].needs)]
    if isinstance(methods, str):
        methods = [methods]
    return [v.choice("methods", key, closed_form) for key in methods]


#: The most decades of 1 − AUC the ends axis shows above the estimate (1 − Â down to (1 − Â)/1000).
_DECADES = 3


def _ends_scale(auc: float, bottom: float, decades: int):
    """(forward, inverse) of the ends axis: y itself up to Â, above it Â + h·log10((1 − Â)/(1 − y)),
    h = (Â − bottom)/decades, so that each decade of 1 − y closer to 1 is as tall as the `decades`-th
    part of the linear half (an end of 1 lies far above the top)."""
    height = (auc - bottom) / decades

    def forward(y):
        y = np.asarray(y, dtype=float)
        with np.errstate(divide="ignore", invalid="ignore"):
            above = auc + height * np.log10((1 - auc) / np.maximum(1 - y, 1e-300))
        return np.where(y <= auc, y, above)

    def inverse(u):
        u = np.asarray(u, dtype=float)
        with np.errstate(over="ignore", invalid="ignore"):
            above = 1 - (1 - auc) * 10.0 ** (-(u - auc) / height)
        return np.where(u <= auc, u, above)

    return forward, inverse


def _ends_axes(axes, lows: np.ndarray, highs: np.ndarray, auc: float) -> None:
    """The AUC axis of :func:`intervals`: linear from the lowest lower end (down to a tenth) up to Â,
    and above Â in decades of 1 − AUC (0.9, 0.99, 0.999 over Â = 0.9), as many as the upper ends
    below 1 need, one to three; both halves get the same height. The upper ends near 1, which a
    linear axis squeezes into a few pixels, are as far apart as their distances to 1 are in
    ratio. With Â = 0 or 1 (no room on one side) the axis is linear, from 0 to 1."""
    from matplotlib.ticker import FixedLocator, FuncFormatter, MaxNLocator

    bottom = math.floor(10 * float(lows.min())) / 10
    if not 0 < auc < 1 or bottom >= auc:
        for ax in axes:
            ax.set_ylim(-0.02, 1.02)
        return
    gaps = 1 - highs[(highs > auc) & (highs < 1)]  # the upper ends' distances to 1
    closest = float(gaps.min()) if gaps.size else 1 - auc
    decades = min(max(math.ceil(math.log10((1 - auc) / closest) - 1e-9), 1), _DECADES)
    top = 1 - (1 - auc) / 10**decades
    ticks = [t for t in MaxNLocator(nbins=9, steps=[1, 2, 5, 10]).tick_values(bottom, auc) if bottom <= t <= auc]
    if auc - ticks[-1] > (auc - bottom) / 10:  # Â itself, unless a tick is close by
        ticks.append(auc)
    ticks += [t for t in (0.5, *(1 - 10.0**-k for k in range(1, 12))) if auc < t <= top]
    for ax in axes:
        ax.set_yscale("function", functions=_ends_scale(auc, bottom, decades))
        ax.set_ylim(bottom, top)
        ax.yaxis.set_major_locator(FixedLocator(ticks))
        ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:.10g}"))
        ax.yaxis.set_minor_locator(FixedLocator([]))


def intervals(*, auc=0.9, delta=0.05, rhos=("1/2", "1/10"), sizes=(10, 10**4), methods=None, p1=None, p2=None,
              points=60, ax=None, return_data=False):
    """Every interval method's [lo, hi] against N, around a given estimate Â.

    One panel per skew in `rhos`; N log-spaced over `sizes`, m = ρN rounded; the interval
    is ``interval(m, n, delta, method=key, auc=auc, …)`` clipped to [0, 1]. By default every
    method whose inputs are given, except the best-case σ_min ones (not confidence
    intervals): distribution-free methods solid (dashed when beyond the paper), asymptotic
    and plug-in ones dotted. `p1` and `p2` add the Lehmann-variance methods. The AUC axis is
    linear up to Â, where the lower ends are, and above Â in decades of 1 − AUC (0.99,
    0.999, … over Â = 0.9), as many as the upper ends need (at most three), so that upper
    ends near 1 are as far apart as their distances to 1 are in ratio; both halves are
    equally tall. An upper end of exactly 1 lies beyond the top, so that a curve entering
    from the top is an upper end leaving 1. With `ax`, a sequence of Axes one per skew, the
    panels are drawn there.

    With ``return_data=True`` returns ``(figure, rows)`` with keys ``panel``, ``series``,
    ``x`` (N) and ``y``; each method has two series, '… — lower end' and '… — upper end'.

    >>> figure, rows = intervals(rhos=["1/2"], sizes=(100, 200), points=2, methods=["mcdiarmid"], return_data=True)
    >>> for row in rows:  # N = 100: 0.9 ∓ sqrt(100·ln 40/5000) = 0.9 ∓ 0.2716, clipped to [0, 1]
    ...     print(f"{row['series']}: {row['x']}, {row['y']:.4f}")
    McDiarmid (Agarwal et al. 2005, Cor 3.4) — lower end: 100, 0.6284
    McDiarmid (Agarwal et al. 2005, Cor 3.4) — lower end: 200, 0.7079
    McDiarmid (Agarwal et al. 2005, Cor 3.4) — upper end: 100, 1.0000
    McDiarmid (Agarwal et al. 2005, Cor 3.4) — upper end: 200, 1.0000
    """
    delta = v.probability("delta", delta, scalar=True)
    auc, p1, p2 = lehmann_inputs(auc, p1, p2)
    if auc is None:
        raise v.fail("auc", "a number in [0, 1] (the estimate the intervals surround)", auc)
    keys = _interval_methods(methods, {"auc": auc, "p1": p1, "p2": p2})
    rhos = skews("rhos", rhos)
    lo, hi = size_range("sizes", sizes, lowest=2)
    points = v.count("points", points, minimum=2)
    # a lone panel is wider, so that the legend under it fits in two columns
    figure, axes = new_figure(len(rhos), title=f"AUC confidence intervals around Â = {auc:g}, {delta_text(delta)}",
                              size=(6.0, 5.5) if len(rhos) > 1 else (8.8, 6.6), ax=ax)
    rows = Rows()
    lows, highs = [], []
    for ax, rho in zip(axes, rhos):
        panel = f"m/(m+n) = {skew_text(rho)}"
        N, m, n = _test_sets(rho, lo, hi, points)
        for key in keys:
            ends = np.array([interval(int(a), int(b), delta, method=key, auc=auc, p1=p1, p2=p2).interval
                             for a, b in zip(m, n)], dtype=float)
            label, style = method_label(key), method_style(key)
            ax.plot(N, ends[:, 0], label=label, **style)
            ax.plot(N, ends[:, 1], **style)
            rows.add(panel, f"{label} — lower end", N, ends[:, 0])
            rows.add(panel, f"{label} — upper end", N, ends[:, 1])
            lows.append(ends[:, 0])
            highs.append(ends[:, 1])
        ax.axhline(auc, color="black", linewidth=0.8, label=f"estimate Â = {auc:g}")
        ax.set(xscale="log", xlabel=_N, ylabel=_ENDS if 0 < auc < 1 else "AUC: interval ends lo and hi", title=panel,
               xlim=(lo, hi))
        short_log_range(ax.xaxis, lo, hi)
        ax.grid(True, which="major", alpha=0.3)
    _ends_axes(axes, np.concatenate(lows), np.concatenate(highs), auc)
    shared_legend(figure, axes)
    return result(figure, rows, return_data)
