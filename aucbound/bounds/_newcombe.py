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
is that end, so each end of the interval is a root of (Â − θ)² − z²V(θ) on its side of Â.
The outermost root is found on a grid of 4096 steps from the end of [0, 1] towards Â —
the first grid point inside the set by bisection on the grid index (the points inside
form a final run) — then by bisection between it and the point before, to full precision.
Everything is vectorized over Â, m and n. The interval stays in [0, 1], is informative
at Â ∈ {0, 1}, and is asymptotic.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from .._exact import FLOAT
from ._variance import normal_factor

__all__ = ["newcombe_interval"]

_GRID = 4096


def newcombe_excess(theta, auc, m, n, z):
    """(Â − θ)² − z²·V(θ): ≤ 0 exactly on the interval (any namespace: plain arithmetic)."""
    half = (m + n) / 2 - 1
    spread = theta * (1 - theta) / (m * n) * (1 + half * ((1 - theta) / (2 - theta) + theta / (1 + theta)))
    return (auc - theta) ** 2 - z * z * spread


def _outer_roots(auc, end: float, m, n, z):
    """The point of {excess ≤ 0} closest to `end` on the segment from `end` to Â, elementwise."""
    fractions = np.linspace(0.0, 1.0, _GRID + 1)

    def point(index):
        return end + (auc - end) * fractions[index]

    first, last = np.zeros(auc.shape, dtype=np.int64), np.full(auc.shape, _GRID)  # Â itself is inside
    while np.any(first < last):
        middle = (first + last) // 2
        inside = newcombe_excess(point(middle), auc, m, n, z) <= 0
        last = np.where(inside, middle, last)
        first = np.where(inside, first, middle + 1)
    outside, within = point(np.maximum(last - 1, 0)), point(last)
    active = last > 0
    for _ in range(60):
        middle = 0.5 * (outside + within)
        active &= (middle != outside) & (middle != within)
        if not active.any():
            break
        inside = newcombe_excess(middle, auc, m, n, z) <= 0
        within = np.where(active & inside, middle, within)
        outside = np.where(active & ~inside, middle, outside)
    return within


def newcombe_ends(auc, m, n, log_delta):
    """(lo, hi) of method 5 for arrays Â, m, n (broadcast) at ln δ."""
    z = normal_factor(FLOAT, log_delta)
    auc, m, n, z = np.broadcast_arrays(*(np.asarray(x, dtype=np.float64) for x in (auc, m, n, z)))
    with np.errstate(all="ignore"):
        lo, hi = _outer_roots(auc, 0.0, m, n, z), _outer_roots(auc, 1.0, m, n, z)
    infinite = np.isinf(z)  # every θ with V(θ) > 0 is inside: all of [0, 1]
    # the set contains Â; the grid's last point end + (Â − end)·1 is Â only to within rounding
    # (1 + (5e-324 − 1) is 0), so each end is kept on its side of Â
    return np.where(infinite, 0.0, np.minimum(lo, auc)), np.where(infinite, 1.0, np.maximum(hi, auc))


def newcombe_meets(X, auc, m, n, log_delta, epsilon):
    """The conditions (lhs ≤ rhs) for the interval to lie within Â ± ε: each of Â ∓ ε in [0, 1]
    must be outside the set or on its edge."""
    z = normal_factor(X, log_delta)
    conditions = []
    for theta in (auc - epsilon, auc + epsilon):
        if 0 <= theta <= 1:
            excess = newcombe_excess(theta, auc, m, n, z)
            conditions.append(((auc - theta) ** 2 - excess, (auc - theta) ** 2))
    return conditions


def newcombe_interval(auc, m, n, delta):
    """{θ : (Â − θ)² ≤ z²·V(θ)}: Newcombe's method-5 interval for the AUC, as (lo, hi).

    V is Hanley & McNeil's variance with m − 1 and n − 1 both replaced by (m + n)/2 − 1.
    Broadcasts over arrays of Â, m, n and δ.

    >>> lo, hi = newcombe_interval(0.7313685636856369, 41, 72, 0.05)  # aSAH, s100b
    >>> round(lo, 6), round(hi, 6)
    (0.624408, 0.813953)
    >>> newcombe_interval(1.0, 10, 10, 0.05)[1]
    1.0
    >>> newcombe_interval([0.5, 0.9], 30, 30, 0.05)[0].round(4)
    array([0.3598, 0.7829])
    """
    auc = v.unit_interval("auc", auc)
    m, n = v.sizes("m", m), v.sizes("n", n)
    delta = v.probability("delta", delta)
    lo, hi = newcombe_ends(auc, m, n, np.log(delta))
    return v.out(lo), v.out(hi)
