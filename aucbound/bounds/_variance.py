"""Variance-based intervals for the AUC: Chebyshev, the normal approximation and Wald's.

Agarwal et al. (2005), JMLR 6, §3.1, with the variance of the Wilcoxon–Mann–Whitney
statistic:

- Eq. 7, from Lehmann (1975, *Nonparametrics*): ``σ²_A = [A(1−A) + (m−1)(p1 − A²) +
  (n−1)(p2 − A²)]/(mn)`` with p1 = P(two positives both above one negative),
  p2 = P(one positive above two negatives); valid inputs satisfy A² ≤ p1, p2 ≤ A.
  Lehmann's formula assumes no ties.
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
- Wald's interval Â ± Φ⁻¹(1 − δ/2)·σ̂ with an estimated variance (DeLong et al. 1988),
  and the same on the logit scale, mapped back.

σ_max and σ_min depend on the unknown A. :func:`score_interval` inverts
``|Â − A| ≤ c·sqrt(A(1−A)/w)`` for A (the Wilson construction), which keeps the guarantee
of the inequality; plugging Â into σ_max would not.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from .._exact import FLOAT
from .._normal import two_sided_tail

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
    "wald_interval",
]


# --- the formulas, in a namespace X (FLOAT on arrays, EXACT in mpmath) -------------------


def lehmann_formula(X, auc, p1, p2, m, n):
    """Eq. 7 with p − A² taken as A(1−A) − (A − p) ≥ 0: no cancellation against A² near A = 1."""
    spread = auc * (1 - auc)
    excess1 = X.maximum(spread - (auc - p1), 0)
    excess2 = X.maximum(spread - (auc - p2), 0)
    return (spread + (m - 1) * excess1 + (n - 1) * excess2) / (m * n)


def hanley_mcneil_formula(auc):
    """(p1, p2) = (A/(2−A), 2A²/(1+A)), the exponential model's values."""
    return auc / (2 - auc), 2 * auc**2 / (1 + auc)


def hanley_mcneil_variance_formula(X, auc, m, n):
    """Eq. 7 at Hanley & McNeil's p1, p2, in the factored form with no cancellation:
    p1 − A² = A(1−A)²/(2−A) and p2 − A² = A²(1−A)/(1+A), so

        σ² = A(1−A)·[1 + (m−1)(1−A)/(2−A) + (n−1)·A/(1+A)]/(mn)

    (subtracting A² from p1 or p2 in floating point loses every digit as A → 1)."""
    return auc * (1 - auc) * (1 + (m - 1) * (1 - auc) / (2 - auc) + (n - 1) * auc / (1 + auc)) / (m * n)


def chebyshev_factor(X, log_delta):
    """1/√δ, computed from ln δ (it overflows to inf, never to nan, for absurd δ)."""
    return X.exp(-log_delta / 2)


def chebyshev_width(X, sigma, log_delta):
    """σ/√δ (Eq. 11) from σ and ln δ, formed as exp(ln σ − ln δ / 2): 0 when σ = 0 however
    small δ is (σ·(1/√δ) would be 0·∞ = NaN once 1/√δ passes the largest float), and inf,
    never NaN or an overflow, when the width itself passes it."""
    return X.exp(X.log(sigma) - log_delta / 2)


def normal_factor(X, log_delta):
    """Φ⁻¹(1 − δ/2), computed from ln δ."""
    return X.upper_quantile(log_delta - X.LN2)


def lehmann_inputs(auc, p1, p2):
    """Check the inputs of Lehmann's variance: A ∈ [0, 1] and A² ≤ p1, p2 ≤ A.

    Returns ``(auc, p1, p2)`` as floats or None; p1 and p2 come together and need `auc`.
    """
    if auc is not None:
        auc = v.unit_interval("auc", auc, scalar=True)
    if (p1 is None) != (p2 is None):
        given, missing = ("p1", "p2") if p2 is None else ("p2", "p1")
        raise v.ParameterError(missing, f"given together with {{{given}}}", "None", others=(given,))
    if p1 is None:
        return auc, None, None
    if auc is None:
        raise v.ParameterError("auc", "given with {p1} and {p2} (they are constrained by it)", "None",
                               others=("p1", "p2"))
    checked = []
    for name, value in (("p1", p1), ("p2", p2)):
        value = v.real(name, value, scalar=True)
        if not auc * auc <= value <= auc:
            raise v.fail(name, f"in [auc², auc] = [{auc * auc:.6g}, {auc:.6g}] (Lehmann's constraint)", value)
        checked.append(value)
    return auc, checked[0], checked[1]


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
    return v.out(lehmann_formula(FLOAT, auc, p1, p2, m, n))


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


def hanley_mcneil_p(auc):
    """(A/(2−A), 2A²/(1+A)): p1 and p2 when both score distributions are exponential.

    >>> hanley_mcneil_p(0.5)
    (0.3333333333333333, 0.3333333333333333)
    """
    auc = v.unit_interval("auc", auc)
    p1, p2 = hanley_mcneil_formula(auc)
    return v.out(p1), v.out(p2)


def hanley_mcneil_variance(auc, m, n):
    """Lehmann's variance (Eq. 7) at Hanley & McNeil's p1 = A/(2−A), p2 = 2A²/(1+A).

    >>> round(hanley_mcneil_variance(0.8, 50, 50), 8)
    0.00198044
    """
    auc = v.unit_interval("auc", auc)
    m, n = v.sizes("m", m), v.sizes("n", n)
    return v.out(hanley_mcneil_variance_formula(FLOAT, auc, m, n))


# --- from a standard deviation to a tail bound or a half-width -----------------------------


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
    with np.errstate(divide="ignore", over="ignore"):
        return v.out(chebyshev_width(FLOAT, sigma, np.log(delta)))


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
    return v.out(sigma * normal_factor(FLOAT, np.log(delta)))


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


def score_ends(auc, weight, factor):
    """(lo, hi, Â − lo, hi − Â) for the set {A : |Â − A| ≤ c·sqrt(A(1−A)/w)}.

    The set lies inside [0, 1] (at A = 0 and A = 1 the right side is 0). Far below Â the
    lower end is taken from the product of the roots, lo·hi = Â²/(1 + a), rather than as
    Â − (Â − lo), which would cancel.
    """
    with np.errstate(over="ignore"):
        a = np.asarray(factor, dtype=np.float64) ** 2 / weight
    down, up = _score_offsets(auc, a)
    hi = np.minimum(auc + up, 1.0)
    with np.errstate(all="ignore"):
        vieta = auc / ((1 + a) * hi) * auc  # never forms Â², which can be subnormal
    lo = np.where(down > auc / 2, vieta, auc - down)
    lo = np.where(np.isinf(a), 0.0, lo)
    return np.clip(lo, 0.0, 1.0), hi, down, up


def score_meets(X, auc, weight, factor, epsilon):
    """The conditions (lhs ≤ rhs) for the score set to lie within Â ± ε: each of Â ∓ ε in [0, 1]
    must be outside it or on its edge, (Â − θ)² ≥ a·θ(1 − θ)."""
    a = factor**2 / weight
    return [(a * theta * (1 - theta), (auc - theta) ** 2) for theta in (auc - epsilon, auc + epsilon) if 0 <= theta <= 1]


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
    lo, hi, _, _ = score_ends(auc, weight, factor)
    return v.out(lo), v.out(hi)


# --- Wald's interval with an estimated variance ---------------------------------------------


def _expit(x):
    """1/(1 + e^(−x)) on both tails without overflow."""
    with np.errstate(over="ignore"):
        small = np.exp(np.minimum(x, 0.0))
        return np.where(x >= 0, 1 / (1 + np.exp(-np.maximum(x, 0.0))), small / (1 + small))


def wald_ends(auc, variance, z, *, logit: bool):
    """(lo, hi) of Â ± z·σ̂, or of the same on the logit scale mapped back (`logit`).

    Both contain Â. A NaN variance (undefined: a class with one item) gives all of [0, 1]; a
    zero variance the single point Â on either scale; on the logit scale a positive variance at Â ∈ {0, 1}
    (where the logit is infinite) all of [0, 1].
    """
    auc, variance = np.broadcast_arrays(np.asarray(auc, dtype=np.float64), np.asarray(variance, dtype=np.float64))
    with np.errstate(all="ignore"):
        se = np.sqrt(variance)
        if logit:
            centre, half = np.log(auc / (1 - auc)), z * se / (auc * (1 - auc))
            lo, hi = _expit(centre - half), _expit(centre + half)
            # at Â ∈ {0, 1} the logit scale has no finite centre: a spread there covers all of (0, 1)
            edge = (auc * (1 - auc) == 0) & (se > 0)
            lo, hi = np.where(edge, 0.0, lo), np.where(edge, 1.0, hi)
            lo, hi = np.where(se == 0, auc, lo), np.where(se == 0, auc, hi)
            # expit(logit(Â)) is Â only to within an ulp or two: the interval contains Â, which
            # a tiny half-width (variance 5e-324) would otherwise leave outside by that much
            lo, hi = np.minimum(lo, auc), np.maximum(hi, auc)
        else:
            lo, hi = auc - z * se, auc + z * se
    undefined = np.isnan(variance)
    return np.where(undefined, 0.0, lo), np.where(undefined, 1.0, hi)


def wald_interval(auc, variance, delta, *, logit: bool = False):
    """Â ± Φ⁻¹(1 − δ/2)·√variance, clipped to [0, 1]; with `logit`, on the logit scale mapped back.

    The DeLong interval is this with DeLong's variance (:func:`aucbound.delong`); the
    logit form stays inside (0, 1) and is asymmetric near the ends.

    >>> lo, hi = wald_interval(0.75, 0.01, 0.05)
    >>> round(lo, 6), round(hi, 6)
    (0.554004, 0.945996)
    >>> lo, hi = wald_interval(0.75, 0.01, 0.05, logit=True)
    >>> round(lo, 6), round(hi, 6)
    (0.513321, 0.8951)
    """
    auc = v.unit_interval("auc", auc)
    variance = v.nonnegative("variance", variance)
    delta = v.probability("delta", delta)
    lo, hi = wald_ends(auc, variance, normal_factor(FLOAT, np.log(delta)), logit=logit)
    return v.out(np.clip(lo, 0.0, 1.0)), v.out(np.clip(hi, 0.0, 1.0))
