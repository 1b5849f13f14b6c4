"""Variance-based intervals for the AUC: Chebyshev and the normal approximation.

Agarwal et al. (2005), JMLR 6, §3.1 (paper ``003``), with the variance of the
Wilcoxon–Mann–Whitney statistic:

- Eq. 7, Lehmann (1975): ``σ²_A = [A(1−A) + (m−1)(p1 − A²) + (n−1)(p2 − A²)]/(mn)`` with
  p1 = P(two positives both above one negative), p2 = P(one positive above two negatives);
  valid inputs satisfy A² ≤ p1, p2 ≤ A. Lehmann's formula assumes no ties.
- Eq. 10–11, Chebyshev: ``P(|Â − A| ≥ ε) ≤ σ²/ε²``, so ``ε = σ/√δ`` (finite-sample).
- Eq. 12–13, normal approximation: ``P(|Â − A| ≥ ε) ≈ 2Φ(−ε/σ)``, so ``ε = σ·Φ⁻¹(1 − δ/2)``
  (asymptotic only).
- Eq. 14, the distribution-free worst case (van Dantzig 1915; Birnbaum & Klose 1957):
  ``σ² ≤ σ²_max = A(1−A)/min(m, n) ≤ 1/(4·min(m, n))``. It holds with ties too: Â is an
  average of means of k = min(m, n) independent kernel values in [0, 1] (Hoeffding's
  representation), each of variance ≤ E[ψ²] − A² ≤ A(1−A).
- Eq. 15, the best case: ``σ²_min = A(1−A)/(mn)``.
- Hanley & McNeil (1982), Radiology 143: Eq. 7 with the exponential-model values
  ``p1 = A/(2−A)``, ``p2 = 2A²/(1+A)``.

σ_max and σ_min depend on the unknown A. :func:`score_interval` inverts
``|Â − A| ≤ c·sqrt(A(1−A)/w)`` for A (the Wilson construction), which keeps the guarantee
of the inequality; plugging Â into σ_max would not.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from ._normal import two_sided_tail, upper_quantile
from .deviation import LN2

__all__ = [
    "lehmann_variance",
    "variance_max",
    "variance_min",
    "hanley_mcneil_p",
    "hanley_mcneil_variance",
    "chebyshev_tail",
    "chebyshev_epsilon",
    "normal_tail",
    "normal_epsilon",
    "score_interval",
]


def _lehmann_variance(auc, p1, p2, m, n):
    """Eq. 7 with p − A² taken as A(1−A) − (A − p) ≥ 0: no cancellation against A² near A = 1."""
    spread = auc * (1 - auc)
    excess1 = np.maximum(spread - (auc - p1), 0.0)
    excess2 = np.maximum(spread - (auc - p2), 0.0)
    return (spread + (m - 1) * excess1 + (n - 1) * excess2) / (m * n)


def _check_lehmann_p(name, p, auc):
    v.check(name, (p >= auc**2) & (p <= auc), "in [auc², auc] (Lehmann's constraint)", p)


def lehmann_variance(auc, p1, p2, m, n):
    """[A(1−A) + (m−1)(p1 − A²) + (n−1)(p2 − A²)]/(mn): Lehmann's exact variance of Â (Eq. 7).

    >>> lehmann_variance(0.5, 1/3, 1/3, 1, 1)  # one pair: a fair coin, variance 1/4
    0.25
    >>> round(lehmann_variance(0.8, 0.7, 0.7, 50, 50), 8)
    0.002416
    """
    auc = v.unit_interval("auc", auc)
    p1, p2 = v.unit_interval("p1", p1), v.unit_interval("p2", p2)
    _check_lehmann_p("p1", p1, auc)
    _check_lehmann_p("p2", p2, auc)
    m, n = v.sizes("m", m), v.sizes("n", n)
    return v.out(_lehmann_variance(auc, p1, p2, m, n))


def _a_times_one_minus_a(auc):
    return 0.25 if auc is None else auc * (1 - auc)


def variance_max(m, n, auc=None):
    """A(1−A)/min(m, n): the largest variance of Â over all distributions with AUC A (Eq. 14).

    With no `auc`, the worst case over A as well: 1/(4·min(m, n)).

    >>> variance_max(100, 50)
    0.005
    >>> round(variance_max(100, 50, auc=0.9), 6)
    0.0018
    """
    m, n = v.sizes("m", m), v.sizes("n", n)
    auc = None if auc is None else v.unit_interval("auc", auc)
    return v.out(_a_times_one_minus_a(auc) / np.minimum(m, n))


def variance_min(m, n, auc=None):
    """A(1−A)/(mn): the smallest variance of Â given its mean A (Eq. 15); 1/(4mn) with no `auc`.

    >>> variance_min(100, 50)
    5e-05
    """
    m, n = v.sizes("m", m), v.sizes("n", n)
    auc = None if auc is None else v.unit_interval("auc", auc)
    return v.out(_a_times_one_minus_a(auc) / (m * n))


def _hanley_mcneil_p(auc):
    return auc / (2 - auc), 2 * auc**2 / (1 + auc)


def hanley_mcneil_p(auc):
    """(A/(2−A), 2A²/(1+A)): p1 and p2 when both score distributions are exponential.

    >>> hanley_mcneil_p(0.5)
    (0.3333333333333333, 0.3333333333333333)
    """
    auc = v.unit_interval("auc", auc)
    p1, p2 = _hanley_mcneil_p(auc)
    return v.out(p1), v.out(p2)


def hanley_mcneil_variance(auc, m, n):
    """Lehmann's variance (Eq. 7) at Hanley & McNeil's p1 = A/(2−A), p2 = 2A²/(1+A).

    >>> round(hanley_mcneil_variance(0.8, 50, 50), 8)
    0.00198044
    """
    auc = v.unit_interval("auc", auc)
    m, n = v.sizes("m", m), v.sizes("n", n)
    return v.out(_lehmann_variance(auc, *_hanley_mcneil_p(auc), m, n))


# --- from a standard deviation to a tail bound or a half-width -----------------------------


def _chebyshev_factor(log_delta):
    """1/√δ, computed from ln δ (it overflows to inf, never to nan, for absurd δ)."""
    with np.errstate(over="ignore"):
        return np.exp(-0.5 * np.asarray(log_delta, dtype=np.float64))


def _normal_factor(log_delta):
    """Φ⁻¹(1 − δ/2), computed from ln δ."""
    return upper_quantile(np.asarray(log_delta, dtype=np.float64) - LN2)


def chebyshev_tail(epsilon, sigma):
    """min(1, σ²/ε²): Chebyshev's bound on P(|Â − A| ≥ ε) for a standard deviation σ (Eq. 10).

    >>> round(chebyshev_tail(0.1, 0.02), 15)
    0.04
    """
    epsilon = v.positive("epsilon", epsilon)
    sigma = v.nonnegative("sigma", sigma)
    return v.out(np.minimum(1.0, (sigma / epsilon) ** 2))


def chebyshev_epsilon(sigma, delta):
    """σ/√δ: Chebyshev's half-width at confidence 1 − δ (Eq. 11).

    >>> round(chebyshev_epsilon(math.sqrt(variance_max(100, 50)), 0.05), 6)
    0.316228
    """
    sigma = v.nonnegative("sigma", sigma)
    delta = v.probability("delta", delta)
    return v.out(sigma * _chebyshev_factor(np.log(delta)))


def normal_tail(epsilon, sigma):
    """2Φ(−ε/σ): the normal approximation to P(|Â − A| ≥ ε) (Eq. 12).

    >>> round(normal_tail(1.959963984540054, 1.0), 12)
    0.05
    """
    epsilon = v.nonnegative("epsilon", epsilon)
    sigma = v.positive("sigma", sigma)
    return v.out(two_sided_tail(epsilon / sigma))


def normal_epsilon(sigma, delta):
    """σ·Φ⁻¹(1 − δ/2): the normal-approximation half-width (Eq. 13).

    >>> round(normal_epsilon(1.0, 0.05), 9)
    1.959963985
    """
    sigma = v.nonnegative("sigma", sigma)
    delta = v.probability("delta", delta)
    return v.out(sigma * _normal_factor(np.log(delta)))


# --- inverting a variance that depends on A -------------------------------------------------


def _score_offsets(auc, a):
    """Distances (Â − lo, hi − Â) from Â to the roots of (Â − A)² = a·A(1 − A).

    The roots are (Â + a/2 ± s)/(1 + a) with s = sqrt(a²/4 + a·Â(1−Â)). Each distance is
    taken in the form without cancellation: (a(½ − Â) + s)/(1 + a) upward when Â ≤ ½ and
    a·Â(1−Â)/(s + a(Â − ½)) when Â > ½ (the two are equal), and downward by symmetry.
    """
    auc, a = np.broadcast_arrays(np.asarray(auc, dtype=np.float64), np.asarray(a, dtype=np.float64))
    with np.errstate(all="ignore"):
        s = np.sqrt(a * a / 4 + a * auc * (1 - auc))
        spread = a * auc * (1 - auc)

        def toward(centre_gap):  # distance toward the side where Â − ½ = centre_gap
            direct = (s - a * centre_gap) / (1 + a)
            rationalized = spread / (s + a * centre_gap)
            return np.where(centre_gap <= 0, direct, rationalized)

        up = toward(auc - 0.5)
        down = toward(0.5 - auc)
    # the limits: a = 0 leaves only Â, a = inf (an infinite factor) all of [0, 1]
    up = np.where(a == 0, 0.0, np.where(np.isinf(a), 1 - auc, up))
    down = np.where(a == 0, 0.0, np.where(np.isinf(a), auc, down))
    return down, up


def _score_interval(auc, weight, factor):
    """(lo, hi, Â − lo, hi − Â) for the set {A : |Â − A| ≤ c·sqrt(A(1−A)/w)}.

    Far below Â the lower end is taken from the product of the roots, lo·hi = Â²/(1 + a),
    rather than as Â − (Â − lo), which would cancel.
    """
    a = factor**2 / weight
    down, up = _score_offsets(auc, a)
    hi = np.minimum(auc + up, 1.0)
    with np.errstate(all="ignore"):
        vieta = auc / ((1 + a) * hi) * auc  # never forms Â², which can be subnormal
    lo = np.where(down > auc / 2, vieta, auc - down)
    return np.clip(lo, 0.0, 1.0), hi, down, up


def score_interval(auc, weight, factor):
    """{A : |Â − A| ≤ c·sqrt(A(1−A)/w)}: the interval of A consistent with Â (Wilson form).

    `weight` is w (min(m, n) for σ_max, mn for σ_min), `factor` is c (1/√δ for Chebyshev,
    Φ⁻¹(1 − δ/2) for the normal approximation). Returns ``(lo, hi)`` inside [0, 1].

    >>> lo, hi = score_interval(0.9, 50, 1 / math.sqrt(0.05))
    >>> round(lo, 6), round(hi, 6)
    (0.588799, 0.982629)
    """
    auc = v.unit_interval("auc", auc)
    weight = v.positive("weight", weight)
    factor = v.nonnegative("factor", factor)
    lo, hi, _, _ = _score_interval(auc, weight, factor)
    return v.out(lo), v.out(hi)

