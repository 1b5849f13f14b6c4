"""Two scorers on the same cases: DeLong's paired test and a distribution-free bound on D = A_a − A_b.

**DeLong's paired test** (DeLong, DeLong & Clarke-Pearson 1988, Biometrics 44, §3). Each case
carries both scores, so the structural components of the two AUCs pair up case by case:
D10_i = V10ᵃ_i − V10ᵇ_i for each positive, D01_j = V01ᵃ_j − V01ᵇ_j for each negative. The
variance of D̂ = Âa − Âb is estimated by

    Var(D̂) = S10(D)/m + S01(D)/n = Var(Âa) + Var(Âb) − 2·Cov(Âa, Âb),

with S10(D), S01(D) the sample variances of the paired differences (the covariance matrix
of DeLong et al., contracted with (1, −1)). Z = D̂/√Var(D̂), the two-sided p-value is
2Φ(−|Z|), and D̂ ± Φ⁻¹(1 − δ/2)·√Var(D̂) is the asymptotic interval, clipped to [−1, 1].
When Var(D̂) = 0, Z is 0 if D̂ = 0 (p = 1) and ±∞ otherwise (p = 0). Twice each component
is an exact integer (:mod:`.delong`), so D10 and D01 are exact too.

**A distribution-free bound on D (beyond the paper).** D̂ is a two-sample U-statistic:

    D̂ = (1/mn) Σ_i Σ_j h(i, j),   h(i, j) = ψ(xᵃ_i, yᵃ_j) − ψ(xᵇ_i, yᵇ_j) ∈ [−1, 1],

where ψ = 1, ½, 0 for >, =, < and the cases (positive i with both its scores, negative j
with both its scores) are independent, so E D̂ = D. Hoeffding's argument (1963, §5) goes
through unchanged: with k = min(m, n), an injection σ of the smaller class into the larger
pairs k positives with k distinct negatives; W_σ, the mean of h over those k pairs, is a
mean of k independent terms with values in [−1, 1] and mean D, and D̂ is the average of
W_σ over all injections (each positive–negative pair appears equally often). For s > 0, exp(s·D̂) ≤ average of exp(s·W_σ) by Jensen's inequality, so every
Chernoff bound for a mean of k independent [−1, 1] variables holds for D̂:

- quadratic (Hoeffding's inequality with range 2): P(D̂ − D ≥ t) ≤ exp(−k t²/2), so
  ε = sqrt(2·ln(2/δ)/k) is a 1 − δ half-width — twice the AUC's ε_H, as the range is twice
  as wide;
- Kullback–Leibler: (h + 1)/2 ∈ [0, 1] has mean (D + 1)/2, so with u = (D̂ + 1)/2 the set
  {θ : k·kl(u ‖ θ) ≤ ln(2/δ)} mapped back by D = 2θ − 1 is a 1 − δ interval for D, inside
  the quadratic one.

Both hold for every pair of scorers, every joint distribution of the two scores, ties
included, and every m, n: they need no variance estimate and no normality.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from ..bounds._normal import upper_quantile
from ..bounds.hoeffding import _hoeffding_kl_ends
from ..results import Comparison
from ._rows import ends_row
from .delong import _counts, _spread, _variances

__all__ = ["compare", "COMPARE_METHODS"]

#: The intervals for D: key → (source, guarantee, beyond the paper).
COMPARE_METHODS = {
    "delong": ("DeLong et al. 1988", "asymptotic", False),
    "hoeffding": ("Hoeffding 1963, §5, kernel in [-1, 1]", "distribution-free", True),
    "hoeffding-kl": ("Hoeffding 1963, §5, kernel in [-1, 1]", "distribution-free", True),
}


def _variance(twice_a: np.ndarray, twice_b: np.ndarray, scale: int) -> float:
    """S(D) = Σ (D_k − D̄)²/(count − 1), from twice the components (exact integers) over `scale`."""
    return _spread(twice_a - twice_b, scale) / (twice_a.shape[0] - 1)


def _z_test(difference: float, variance: float) -> tuple[float, float]:
    """(Z, two-sided p) for D̂ with the given variance; Var = 0 gives Z = 0 or ±∞."""
    if variance > 0:
        z = difference / math.sqrt(variance)
    else:
        z = 0.0 if difference == 0 else math.copysign(math.inf, difference)
    return z, math.erfc(abs(z) / math.sqrt(2.0))


def _difference_ends(key: str, difference: float, variance: float, k: int, log_delta: float):
    if key == "delong":
        half = upper_quantile(log_delta - math.log(2.0)) * math.sqrt(variance)
        return difference - half, difference + half
    if key == "hoeffding":
        half = math.sqrt(2.0 * (math.log(2.0) - log_delta) / k)
        return difference - half, difference + half
    lo, hi, _, _ = _hoeffding_kl_ends((difference + 1.0) / 2.0, k, log_delta)
    return 2.0 * float(lo) - 1.0, 2.0 * float(hi) - 1.0


def compare(scores_a, scores_b, labels, *, delta=0.05, pos_label=None, methods=None) -> Comparison:
    """DeLong's paired test of A_a − A_b, with intervals for the difference, from one set of cases.

    `scores_a` and `scores_b` score the same cases, in the same order, as `labels`. Each
    class needs at least two cases. `methods` picks among ``delong`` (asymptotic),
    ``hoeffding`` and ``hoeffding-kl`` (distribution-free, beyond the paper); all three by
    default.

    >>> labels = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> f1, f2 = [-2, -1, 3, 4, 1, 2, 5, 6], [-2, -1, 5, 6, 1, 2, 3, 4]  # Table 1
    >>> result = compare(f1, f2, labels)
    >>> result.auc_a, result.auc_b, result.difference, round(result.z, 6), round(result.p_value, 6)
    (0.75, 0.5, 0.25, 1.224745, 0.220671)
    >>> result["hoeffding"].lo, result["hoeffding"].hi, result["hoeffding"].guarantee
    (-1.0, 1.0, 'vacuous')
    """
    delta = float(v.probability("delta", delta))
    keys = list(COMPARE_METHODS) if methods is None else [v.choice("methods", key, COMPARE_METHODS) for key in methods]
    a = v.scores("scores_a", scores_a)
    b = v.same_length("scores_b", v.scores("scores_b", scores_b), a.shape[0], "scores_a")
    mask = v.positive_mask(labels, pos_label, length=a.shape[0])
    m, n = v.class_sizes(mask, 2, "for DeLong's paired test")
    first = _counts(a[mask], a[~mask], in_order=True)
    second = _counts(b[mask], b[~mask], in_order=True)
    difference = (first.twice_u - second.twice_u) / (2 * m * n)
    variance = _variance(first.twice_pos, second.twice_pos, 2 * n) / m + _variance(first.twice_neg, second.twice_neg, 2 * m) / n
    own = [s10 / m + s01 / n for s10, s01 in map(_variances, (first, second))]
    z, p_value = _z_test(difference, variance)
    rows = []
    for key in keys:
        source, guarantee, beyond = COMPARE_METHODS[key]
        lo, hi = _difference_ends(key, difference, variance, min(m, n), math.log(delta))
        rows.append(ends_row(key, source, guarantee, m, n, delta, difference, lo, hi, low=-1.0, beyond_paper=beyond))
    return Comparison(
        auc_a=first.auc,
        auc_b=second.auc,
        difference=difference,
        m=m,
        n=n,
        delta=delta,
        variance=variance,
        covariance=(own[0] + own[1] - variance) / 2,
        z=z,
        p_value=p_value,
        rows=tuple(rows),
    )
