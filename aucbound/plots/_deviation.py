"""Plots of the intervals for a fixed scorer: Agarwal et al. (2005), §3, Figures 1 and 2.

Every value comes from the bound functions of :mod:`aucbound.bounds`; nothing is
recomputed here.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from ..bounds._variance import lehmann_inputs
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


def _legend_below(figure, axes) -> None:
    """One legend for every panel, under them: in two columns when the panels are side by side."""
    handles, labels = axes[0].get_legend_handles_labels()
    legend(figure, handles=handles, labels=labels, loc="outside lower center", ncols=min(2, len(axes)), frameon=False)


def fig1(*, delta=0.01, rhos=PAPER_SKEWS, sizes=(100, 10**7), points=120, return_data=False):
    """Figure 1 of Agarwal et al. (2005): the half-width ε of each large-deviation interval against N.

    One panel per positive skew ρ = m/(m+n) in `rhos` (default 1/2, 1/10, 1/100, 1/1000),
    N log-spaced over `sizes` (and N ≥ 1/ρ, so that there is a positive), m = ρN rounded.
    Curves: McDiarmid (Cor 3.4), Chebyshev and the normal approximation with the
    distribution-free variance σ²_max = 1/(4 min(m, n)) (Eq. 11, 13, 14) — the paper's
    three — and Hoeffding's U-statistic bound (beyond the paper, dashed). Both axes are
    logarithmic; ε ≥ 1 (vacuous) lies above the top of the panels.

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
    figure, axes = new_figure(len(rhos), title=f"Large-deviation bounds for the AUC of a fixed scorer, {delta_text(delta)}")
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
    _legend_below(figure, axes)
    return result(figure, rows, return_data)


#: The smallest ε of Figure 2: each of its points is an exact test-set size, of about
#: ln(2/δ)/(2ρε²) examples, and the time of its search grows with the size's digits.
MIN_FIG2_EPSILON = 1e-10


def fig2(*, delta=0.01, epsilon=0.05, rho_range=(0.01, 0.99), points=197, return_data=False):
    """Figure 2 of Agarwal et al. (2005): how many times more test examples the AUC needs than an error rate.

    Against the positive skew ρ (over `rho_range`), the paper's ratio N_AUC/N_err =
    1/(ρ(1−ρ)) (McDiarmid's size, Cor 3.5, over Hoeffding's size for an error rate,
    Eq. 16; it does not depend on ε or δ), and beside it (dashed, beyond the paper) the
    size Hoeffding's U-statistic bound needs at the given ε and δ over the error rate's,
    about 1/min(ρ, 1−ρ). The ratio axis is logarithmic. ε must be at least 1e-10
    (:data:`MIN_FIG2_EPSILON`): each point is an exact size, whose search takes longer the
    more digits it has, and below that the ratios no longer change.

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
    points = v.count("points", points, minimum=2)
    rho = np.linspace(lo, hi, points)
    figure, (ax,) = new_figure(1, title="Test-set size for the AUC over that for an error rate", size=(7.5, 5.0))
    panel = f"{delta_text(delta)}, ε = {epsilon:g}"
    rows = Rows()
    rows.plot(ax, panel, "McDiarmid: 1/(ρ(1−ρ)) at any ε, δ (Agarwal et al. 2005, Cor 3.5)", rho, sample_size_ratio(rho), **method_style("mcdiarmid"))
    sizes, error_rate = hoeffding_sample_size(epsilon, delta, rho), error_rate_sample_size(epsilon, delta)
    if not np.all(np.isfinite(sizes)):  # the error rate's size is below 10^23 at ε ≥ 1e-10
        raise v.ParameterError("rho_range", "skews whose test-set sizes at this {epsilon} are at most 10^300 (the "
                               f"AUC's size at ρ = {rho[np.argmin(np.isfinite(sizes))]:g} is beyond)", v.show((lo, hi)),
                               others=("epsilon",))
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


def intervals(*, auc=0.9, delta=0.05, rhos=("1/2", "1/10"), sizes=(10, 10**4), methods=None, p1=None, p2=None,
              points=60, return_data=False):
    """Every interval method's [lo, hi] against N, around a given estimate Â.

    One panel per skew in `rhos`; N log-spaced over `sizes`, m = ρN rounded; the interval
    is ``interval(m, n, delta, method=key, auc=auc, …)`` clipped to [0, 1]. By default every
    method whose inputs are given, except the best-case σ_min ones (not confidence
    intervals): distribution-free methods solid (dashed when beyond the paper), asymptotic
    and plug-in ones dotted. `p1` and `p2` add the Lehmann-variance methods.

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
    figure, axes = new_figure(len(rhos), title=f"AUC confidence intervals around Â = {auc:g}, {delta_text(delta)}",
                              size=(6.0, 5.5))
    rows = Rows()
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
        ax.axhline(auc, color="black", linewidth=0.8, label=f"estimate Â = {auc:g}")
        ax.set(xscale="log", xlabel=_N, ylabel="AUC: interval ends lo and hi", title=panel, ylim=(-0.02, 1.02),
               xlim=(lo, hi))
        short_log_range(ax.xaxis, lo, hi)
        ax.grid(True, which="major", alpha=0.3)
    _legend_below(figure, axes)
    return result(figure, rows, return_data)
