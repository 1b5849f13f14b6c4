"""Plots of the combinatorics behind the uniform bounds (Agarwal et al. 2005, §4.1, §4.3):
ψ(m, n) beside its bounds, and the rank matrices linear functions really realize beside
Thm 4.11.

Every value comes from :mod:`aucbound.shatter`.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from ._figure import BEYOND, DASHED, SOLID, Rows, given_axes, legend, log_grid, new_figure, result, size_range

__all__ = ["psi", "shatter"]

_LN10 = math.log(10.0)
_DIGITS = "log₁₀ of the count (its number of decimal digits)"
#: The bounds on r(F, m, n) set beside the measured counts (candidate keys of ``rank_shatter``):
#: Thm 4.11 / 4.13, Lemma 4.10's face count before relaxing, the central arrangement (beyond).
_SHOWN = (("thm-", "C3", SOLID), ("buck-faces", "C1", SOLID), ("central-faces", "C0", DASHED))


def _log10_curve(function, sizes) -> np.ndarray:
    """log10 of a count given by its natural-log function at m = n = each size."""
    return np.array([function(int(k), int(k)) / _LN10 for k in sizes])


def psi(*, sizes=(1, 1000), points=40, ax=None, return_data=False):
    """ψ(m, n), the number of bipartite rank matrices, against m = n, beside its bounds.

    log₁₀ of: ψ(m, m) counted exactly (``log_psi``, beyond the paper, dashed), all 3^{mn}
    matrices over {0, ½, 1} (``log_matrix_count``), and the bounds of §4.3,
    (m+n)!·2^{m+n−1} above and 3^{max(m,n)} below. m runs log-spaced over `sizes`; both
    axes are logarithmic. With `ax` (an Axes) the panel is drawn there.

    With ``return_data=True`` returns ``(figure, rows)`` with keys ``panel``, ``series``,
    ``x`` (m = n) and ``y`` (log₁₀ of the count).

    >>> figure, rows = psi(sizes=(1, 2), points=2, return_data=True)
    >>> [(row["series"][:6], row["x"], round(10 ** row["y"])) for row in rows]  # ψ(2, 2) = 51
    [('ψ(m, n', 1, 3), ('ψ(m, n', 2, 51), ('3^(mn)', 1, 3), ('3^(mn)', 2, 81), ('(m+n)!', 1, 4), ('(m+n)!', 2, 192), ('3^max(', 1, 3), ('3^max(', 2, 9)]
    """
    from ..shatter import log_matrix_count, log_psi, log_psi_lower_bound, log_psi_upper_bound

    lo, hi = size_range("sizes", sizes)
    v.at_most("sizes", hi, 5000, why=" (ψ(m, m) costs O(m²) each)")
    points = v.count("points", points, minimum=2)
    m = log_grid(lo, hi, points)
    figure, (ax,) = new_figure(1, title="Bipartite rank matrices: ψ(m, n) and its bounds", size=(7.5, 5.2), ax=ax)
    panel = "m = n"
    rows = Rows()
    curves = [
        (f"ψ(m, n), counted exactly ({BEYOND})", log_psi, {"color": "C0", "linestyle": DASHED, "linewidth": 2.2}),
        ("3^(mn): every matrix over {0, ½, 1}", log_matrix_count, {"color": "C7", "linestyle": SOLID}),
        ("(m+n)!·2^(m+n−1): upper bound (Agarwal et al. 2005, §4.3)", log_psi_upper_bound,
         {"color": "C3", "linestyle": SOLID}),
        ("3^max(m,n): lower bound (Agarwal et al. 2005, §4.3)", log_psi_lower_bound, {"color": "C2", "linestyle": SOLID}),
    ]
    for label, function, style in curves:
        rows.plot(ax, panel, label, m, _log10_curve(function, m), **style)
    ax.set(xscale="log", yscale="log", xlabel="Positives m = negatives n", ylabel=_DIGITS, title=panel, xlim=(lo, hi))
    ax.grid(True, which="major", alpha=0.3)
    legend(ax, loc="upper left", width=64)
    return result(figure, rows, return_data)


def shatter(fclass=None, *, sizes=(1, 30), points=10, trials=2, seed=0, ax=None, return_data=False):
    """The rank matrices linear functions realize on random points, against the bounds on r(F, m, n).

    For `fclass` (default :class:`~aucbound.shatter.Linear` on R²) and m = n log-spaced over
    `sizes`: the number of distinct rank matrices ``realized_rank_matrices`` counts on m and
    n standard normal points (the most over `trials` draws seeded by `seed`; exact for at
    most two features, a certified lower bound otherwise), against the class's bounds from
    ``fclass.rank_shatter``: Thm 4.11's (2emn/d)^d, Lemma 4.10's face count before relaxing
    and the count of faces of a central arrangement (beyond the paper; exact for d ≤ 2).
    Both axes logarithmic (ψ and 3^{mn}, far above, are in :func:`psi`). With `ax` (an Axes)
    the panel is drawn there.

    With ``return_data=True`` returns ``(figure, rows)`` with keys ``panel``, ``series``,
    ``x`` (m = n) and ``y`` (the count).

    >>> figure, rows = shatter(sizes=(2, 3), points=2, return_data=True)
    >>> for row in rows:  # m = n = 2: 4mn + 1 = 17 measured; Thm 4.11: (2e·4/2)² = 118.2
    ...     if row["x"] == 2:
    ...         print(f"{row['series']}: {row['y']:.1f}")
    measured r on random points (exact count): 17.0
    Agarwal et al. 2005, Thm 4.11: (2emn/2)^2: 118.2
    Agarwal et al. 2005, Lemma 4.10 face count at N = mn, before relaxing: 33.0
    Agarwal et al. 2005, Thm 4.9, faces of mn planes through 0 in R^2 (Cover 1965) (beyond the paper): 17.0
    """
    from ..shatter import Linear, realized_rank_matrices
    from ..shatter import MAX_MEASURE_WORK, measure_work, point_dimension

    fclass = Linear(2) if fclass is None else fclass
    dim = point_dimension(fclass)
    lo, hi = size_range("sizes", sizes)
    v.at_most("sizes", hi, 60, why=" (the sweep costs O((mn)²) per draw)")
    points = v.count("points", points, minimum=2)
    trials = v.count("trials", trials)
    seed = v.count("seed", seed, minimum=0)
    if ax is not None:
        given_axes(ax, 1)  # before the counting
    m = log_grid(lo, hi, points)
    per_draw = sum(measure_work(fclass, int(k) * int(k)) for k in m)
    if per_draw > MAX_MEASURE_WORK:
        raise v.fail("sizes", f"small enough for this class that one draw takes at most {MAX_MEASURE_WORK:,} steps "
                              f"(here {per_draw:,})", (lo, hi))
    total = trials * per_draw
    if total > MAX_MEASURE_WORK:
        raise v.fail("trials", f"few enough that the counts take at most {MAX_MEASURE_WORK:,} steps in all "
                               f"(here {total // trials:,} a draw)", trials)
    rng = np.random.default_rng(seed)
    measured, exact = [], True
    for k in m:
        counts = [realized_rank_matrices(fclass, rng.standard_normal((k, dim)), rng.standard_normal((k, dim)))
                  for _ in range(trials)]
        measured.append(max(count.count for count in counts))
        exact = exact and all(count.exact for count in counts)
    figure, (ax,) = new_figure(1, title=f"Rank-shatter coefficient of {fclass}: measured and bounds", size=(7.5, 5.2),
                               ax=ax)
    panel = f"m = n, standard normal points in R^{dim}, most of {trials} draw{'s' if trials > 1 else ''}"
    rows = Rows()
    how = "exact count" if exact else "sampled directions: a lower bound"
    ax.plot(m, measured, "o", color="black", markersize=5, label=f"measured r on random points ({how})")
    rows.add(panel, f"measured r on random points ({how})", m, measured)
    bounds = [fclass.rank_shatter(int(k), int(k)) for k in m]
    for prefix, color, style in _SHOWN:
        found = [next((c for c in bound.candidates if c.key.startswith(prefix)), None) for bound in bounds]
        first = next((c for c in found if c is not None), None)
        if first is None:  # not a bound this class has
            continue
        label = f"Agarwal et al. 2005, {first.source}" + (f" ({BEYOND})" if first.beyond_paper else "")
        values = [math.nan if c is None else math.exp(c.log_value) for c in found]
        rows.plot(ax, panel, label, m, values, color=color, linestyle=style)
    ax.set(xscale="log", yscale="log", xlabel="Positives m = negatives n",
           ylabel="Number of distinct rank matrices r(F, m, n)", title=panel)
    ax.grid(True, which="major", alpha=0.3)
    legend(ax, loc="upper left", fontsize="small", width=72)
    return result(figure, rows, return_data)
