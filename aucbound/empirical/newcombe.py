"""Newcombe's score-type interval for the AUC (his method 5).

Newcombe (2006), *Confidence intervals for an effect size measure based on the
Mann–Whitney statistic. Part 2: Asymptotic methods and evaluation*, Statistics in
Medicine 25, 559–573, method 5. Hanley & McNeil's variance (1982, Radiology 143),
Lehmann's Eq. 7 at p1 = θ/(2 − θ), p2 = 2θ²/(1 + θ), is

    V(θ) = θ(1 − θ)/(mn) · [1 + (m − 1)(1 − θ)/(2 − θ) + (n − 1)θ/(1 + θ)];

method 5 replaces both m − 1 and n − 1 by N* − 1 with N* = (m + n)/2, and keeps the θ
for which the estimate is within z standard deviations, as Wilson's interval does for a
proportion:

    { θ ∈ [0, 1] : (Â − θ)² ≤ z²·V(θ) },   z = Φ⁻¹(1 − δ/2).

The set contains Â (where the left side is 0) and contains neither end of [0, 1] unless Â
is that end, so each end of the interval is a root of (Â − θ)² − z²V(θ) on its side of Â. The outermost root
is found by scanning a grid of 4096 points from the end of [0, 1] inwards, then bisecting
between the last grid point outside the set and the first inside it to full precision.
The interval stays in [0, 1], is informative at Â ∈ {0, 1}, and is asymptotic.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ..bounds._normal import upper_quantile

__all__ = ["newcombe_interval"]

_GRID = 4096


def _excess(theta, auc: float, m: int, n: int, z: float):
    """(Â − θ)² − z²·V(θ): ≤ 0 exactly on the interval."""
    half = (m + n) / 2.0 - 1.0
    spread = theta * (1 - theta) / (m * n) * (1 + half * ((1 - theta) / (2 - theta) + theta / (1 + theta)))
    return (auc - theta) ** 2 - z * z * spread


def _outer_root(auc: float, end: float, m: int, n: int, z: float) -> float:
    """The point of the set {excess ≤ 0} closest to `end`, on the segment from `end` to Â."""
    grid = end + (auc - end) * np.linspace(0.0, 1.0, _GRID + 1)
    inside = np.flatnonzero(_excess(grid, auc, m, n, z) <= 0)[0]  # grid[-1] = Â is inside
    if inside == 0:
        return float(grid[0])
    outside, within = float(grid[inside - 1]), float(grid[inside])
    for _ in range(60):
        middle = 0.5 * (outside + within)
        if middle in (outside, within):
            break
        if _excess(middle, auc, m, n, z) <= 0:
            within = middle
        else:
            outside = middle
    return within


def _newcombe_ends(auc: float, m: int, n: int, log_delta: float) -> tuple[float, float]:
    z = upper_quantile(log_delta - np.log(2.0))
    return _outer_root(auc, 0.0, m, n, z), _outer_root(auc, 1.0, m, n, z)


def newcombe_interval(auc, m, n, delta) -> tuple[float, float]:
    """{θ : (Â − θ)² ≤ z²·V(θ)}: Newcombe's method-5 interval for the AUC, as (lo, hi).

    V is Hanley & McNeil's variance with m − 1 and n − 1 both replaced by (m + n)/2 − 1.

    >>> lo, hi = newcombe_interval(0.7313685636856369, 41, 72, 0.05)  # aSAH, s100b
    >>> round(lo, 6), round(hi, 6)
    (0.624408, 0.813953)
    >>> newcombe_interval(1.0, 10, 10, 0.05)[1]
    1.0
    """
    auc = float(v.unit_interval("auc", auc))
    m, n = v.count("m", m), v.count("n", n)
    delta = float(v.probability("delta", delta))
    return _newcombe_ends(auc, m, n, float(np.log(delta)))
