r"""The optimal AUC and the Bayes ranking risk (Uematsu & Lee 2011, §2.2, Thm 1, §5.1.3).

For a positive X ~ g+ and a negative X′ ~ g−, the ranking risk of a function r is
R₀(r) = P(r(X) < r(X′)) + ½·P(r(X) = r(X′)) = 1 − AUC(r). Thm 1: the likelihood ratio
f₀* = g+/g− (or any increasing function of it) minimizes it; its risk is the Bayes ranking
risk and 1 − that the optimal AUC.

**Finite sets** (:func:`discrete_bayes`). Points are sorted by g+/g−, points of equal ratio
pooled into classes C₁ < … < C_M (ratio g+(x)/g−(x) compared by cross-multiplication, so
g− = 0 is the ratio +∞); with P_k = g+(C_k), Q_k = g−(C_k),

    R₀(f₀*) = Σ_k P_k·(Q_{k+1} + … + Q_M + ½·Q_k).

Given ints and Fractions the sum is exact (``Fraction``); floats are pooled when their cross
products agree to 1e-12 relative.

**Binormal, equal variance.** X ~ N(μ+, σ²), X′ ~ N(μ−, σ²): log(g+/g−) is linear in x, so
R₀(f₀*) = Φ(−|Δ|/(σ√2)) with Δ = μ+ − μ− (§5.1; Φ(−√2) = 0.0786496 for μ± = ±1, σ = 1).

**Multivariate normal, common covariance** (§5.1.3). X ~ N_p(μ+, Σ), X′ ~ N_p(μ−, Σ):
log(g+/g−) = Δ′Σ⁻¹x + const, and R₀(f₀*) = Φ(−sqrt(Δ′Σ⁻¹Δ/2)).

**Binormal, unequal variances (beyond the paper).** With σ+ ≠ σ− the log likelihood ratio
is the quadratic q(x) = (x − μ−)²/(2σ−²) − (x − μ+)²/(2σ+²) + const, with vertex
c = (μ+σ−² − μ−σ+²)/(σ−² − σ+²). For σ+ > σ− it increases with |x − c|, so the optimal AUC
is P(|X − c| > |X′ − c|); for σ+ < σ− it is P(|X − c| < |X′ − c|). Conditioning on X′ = y,
P(|X − c| ≤ r) = Φ((c + r − μ+)/σ+) − Φ((c − r − μ+)/σ+) with r = |y − c|, and the
outer expectation over y ~ N(μ−, σ−²) is one integral (scipy.integrate.quad, split at c).
The AUC of x itself is then Φ(Δ/sqrt(σ+² + σ−²)), strictly below the optimum: a
threshold on x is not a threshold on the likelihood ratio. (With μ+ = μ− the optimum has
the closed form (2/π)·arctan(max(σ±)/min(σ±)) — |Z₂|/|Z₁| is half-Cauchy — while x
itself has AUC ½.)
"""

from __future__ import annotations

import math
import numbers
from fractions import Fraction

import numpy as np

from .. import _normal
from .. import _validate as v
from ._results import DiscreteBayes, NormalBayes

__all__ = ["discrete_bayes", "discrete_ranking_risk", "normal_bayes", "multivariate_normal_bayes"]

#: How far a sum of probabilities may be from 1.
SUM_TOLERANCE = 1e-9
#: The largest number of points of a finite distribution.
MAX_POINTS = 100_000
#: Unequal sds: the larger may be at most MAX_SD_RATIO times the smaller ...
MAX_SD_RATIO = 1e6
#: ... and |pos_mean − neg_mean| at most MAX_SHIFT times the smaller (where the integral is checked).
MAX_SHIFT = 1e6


def exact_number(value) -> bool:
    """Whether `value` is an int or a Fraction (and not a bool): a number to compute with exactly."""
    return isinstance(value, (numbers.Integral, Fraction)) and not isinstance(value, (bool, np.bool_))


def distribution(parameter: str, value, *, positive: bool = False):
    """`value` as a probability mass function: a tuple of Fractions (all exact) or a float64 array.

    Entries must be finite and ≥ 0 (> 0 with `positive`) and sum to 1 (exactly for
    Fractions, within 1e-9 for floats).
    """
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__"):
        raise v.ParameterTypeError(parameter, "a sequence of probabilities", v.show(value))
    entries = list(np.asarray(value).ravel()) if isinstance(value, np.ndarray) else list(value)
    if not entries:
        raise v.ParameterError(parameter, "have at least one point", "an empty sequence", verb="")
    if len(entries) > MAX_POINTS:
        raise v.ParameterError(parameter, f"have at most {MAX_POINTS:,} points", f"{len(entries):,}", verb="")
    if all(exact_number(entry) for entry in entries):
        probabilities = tuple(Fraction(entry) for entry in entries)
        array = np.array([float(min(entry, 2)) for entry in probabilities])  # 10**309 would not fit a float
        total = sum(probabilities)
        exact = True
    else:
        array = v.real(parameter, entries)
        if array.ndim != 1:
            raise v.ParameterTypeError(parameter, "a flat sequence of probabilities", v.show(value))
        probabilities, total, exact = array, math.fsum(array), False
    bad = ~np.isfinite(array) | ((array <= 0) if positive else (array < 0))
    if bad.any():
        at = int(np.argmax(bad))
        rule = "be > 0 at every point (0 < g < ∞ is assumed)" if positive else "be ≥ 0 at every point"
        raise v.ParameterError(parameter, rule, f"{v.show(entries[at])} (entry {at + 1} of {len(entries)})", verb="")
    if (array > 1).any():
        at = int(np.argmax(array > 1))
        raise v.ParameterError(parameter, "be at most 1 at every point (a probability)",
                               f"{v.show(entries[at])} (entry {at + 1} of {len(entries)})", verb="")
    if (total != 1) if exact else not abs(total - 1.0) <= SUM_TOLERANCE:
        rule = "sum to 1" if exact else f"sum to 1 (within {SUM_TOLERANCE:g})"
        shown = str(total) if exact else repr(float(total))
        raise v.ParameterError(parameter, rule, f"a sum of {shown}", verb="")
    return probabilities, exact


def pair(pos, neg, *, positive: bool = False):
    """`pos` and `neg` checked as distributions on the same points: (pos, neg, exact).

    Both are tuples of Fractions when both were given exactly, else float64 arrays.
    """
    pos, pos_exact = distribution("pos", pos, positive=positive)
    neg, neg_exact = distribution("neg", neg, positive=positive)
    if len(neg) != len(pos):
        raise v.ParameterError("neg", f"have as many points as {{pos}} ({len(pos)})", f"{len(neg)} points",
                               others=("pos",), verb="")
    exact = pos_exact and neg_exact
    if not exact:
        pos, neg = np.array([float(p) for p in pos]), np.array([float(q) for q in neg])
    for point, (p, q) in enumerate(zip(pos, neg)):
        if p == 0 and q == 0:
            raise v.ParameterError("neg", "be positive where {pos} is 0 (a point of no mass in either class)",
                                   f"0 (entry {point + 1} of {len(pos)})", others=("pos",), verb="")
    return pos, neg, exact


def likelihood_classes(pos, neg, exact: bool) -> tuple[tuple[int, ...], ...]:
    """The points grouped by equal likelihood ratio g+/g−, from the lowest ratio to the highest."""
    n = len(pos)
    if exact:
        order = sorted(range(n), key=lambda i: (neg[i] == 0, pos[i] / neg[i] if neg[i] else 0))
    else:
        with np.errstate(divide="ignore"):
            ratio = np.where(neg > 0, pos / np.where(neg > 0, neg, 1.0), np.inf)
        order = [int(i) for i in np.argsort(ratio, kind="stable")]
    classes, current = [], [order[0]]
    for i in order[1:]:
        j = current[0]
        left, right = pos[i] * neg[j], pos[j] * neg[i]
        same = left == right if exact else abs(left - right) <= 1e-12 * max(left, right)
        if same:
            current.append(i)
        else:
            classes.append(tuple(current))
            current = [i]
    classes.append(tuple(current))
    return tuple(classes)


def discrete_bayes(pos, neg) -> DiscreteBayes:
    """The Bayes ranking risk and optimal AUC of g+ = `pos`, g− = `neg` on N points (Thm 1).

    Exact (``Fraction``) when every probability is an int or a Fraction.

    >>> result = discrete_bayes([Fraction(1, 5), Fraction(3, 10), Fraction(1, 2)],
    ...                         [Fraction(1, 2), Fraction(3, 10), Fraction(1, 5)])
    >>> result.bayes_risk, result.optimal_auc, result.classes
    (Fraction(61, 200), Fraction(139, 200), ((0,), (1,), (2,)))
    """
    pos, neg, exact = pair(pos, neg)
    classes = likelihood_classes(pos, neg, exact)
    zero = Fraction(0) if exact else 0.0
    masses = [(sum((pos[i] for i in group), zero), sum((neg[i] for i in group), zero)) for group in classes]
    risk, above = zero, zero
    for p, q in reversed(masses):  # above = g−-mass of the classes above this one
        risk += p * (above + q / 2)
        above += q
    if not exact:
        risk = float(min(max(risk, 0.0), 1.0))
    return DiscreteBayes(echo(pos, exact), echo(neg, exact), classes, risk, 1 - risk, exact)


def echo(probabilities, exact: bool) -> tuple:
    """Probabilities as a result keeps them: Fractions as they are, else Python floats."""
    return tuple(probabilities) if exact else tuple(float(p) for p in probabilities)


def discrete_ranking_risk(pos, neg, scores):
    """R₀(f) = Σ_x Σ_z g+(x)·g−(z)·[1(f(x) < f(z)) + ½·1(f(x) = f(z))] = 1 − AUC of the scores f.

    Exact (``Fraction``) when every probability is an int or a Fraction.

    >>> discrete_ranking_risk([Fraction(1, 2), Fraction(1, 2)], [Fraction(1, 2), Fraction(1, 2)], [0, 0])
    Fraction(1, 2)
    """
    pos, neg, exact = pair(pos, neg)
    scores = v.real("scores", scores)
    if scores.shape != (len(pos),):
        raise v.ParameterError("scores", f"have one score for each of the {len(pos)} points",
                               f"shape {scores.shape}", verb="")
    v.check("scores", ~np.isnan(scores), "not be NaN", scores)
    below = scores[:, None] < scores[None, :]
    equal = scores[:, None] == scores[None, :]
    if exact:
        n = len(pos)
        return sum((pos[i] * neg[j] * (1 if below[i, j] else Fraction(1, 2))
                    for i in range(n) for j in range(n) if below[i, j] or equal[i, j]), Fraction(0))
    weights = np.outer(pos, neg)
    return float(weights[below].sum() + 0.5 * weights[equal].sum())


def normal_bayes(pos_mean: float = 1.0, neg_mean: float = -1.0, pos_sd: float = 1.0, neg_sd: float = 1.0
                 ) -> NormalBayes:
    """The optimal AUC and Bayes ranking risk of X ~ N(pos_mean, pos_sd²) against X′ ~ N(neg_mean, neg_sd²).

    Closed form Φ(−|Δ|/(σ√2)) for equal sds (§5.1); for unequal sds the AUC of the
    (quadratic) log likelihood ratio by one integral, beside the AUC of x itself.

    >>> result = normal_bayes()
    >>> round(result.bayes_risk, 7), result.method
    (0.0786496, 'closed form')
    >>> wide = normal_bayes(0.0, 0.0, 2.0, 1.0)
    >>> round(wide.optimal_auc, 10), wide.identity_auc
    (0.7048327647, 0.5)
    """
    pos_mean = finite("pos_mean", pos_mean)
    neg_mean = finite("neg_mean", neg_mean)
    pos_sd = v.positive("pos_sd", pos_sd, scalar=True)
    neg_sd = v.positive("neg_sd", neg_sd, scalar=True)
    delta = pos_mean - neg_mean
    identity_auc = _normal.cdf(delta / math.hypot(pos_sd, neg_sd))
    if pos_sd == neg_sd:
        distance = abs(delta) / pos_sd
        risk = distance_risk(distance)
        return NormalBayes("binormal", pos_mean, neg_mean, pos_sd, neg_sd, distance, 1.0 - risk, risk, identity_auc,
                           True, "closed form")
    # The optimal AUC is unchanged by x → (x − m)/σ and by swapping the classes (the likelihood
    # ratio's order reverses): the class of the smaller sd becomes N(0, 1), the other N(d, s²), s > 1.
    (wide_mean, wide_sd), (narrow_mean, narrow_sd) = sorted([(pos_mean, pos_sd), (neg_mean, neg_sd)],
                                                            key=lambda item: item[1], reverse=True)
    ratio = wide_sd / narrow_sd
    if not ratio <= MAX_SD_RATIO:
        raise v.ParameterError("pos_sd", f"be within a factor {MAX_SD_RATIO:g} of {{neg_sd}} when they differ "
                               "(the integral is checked to there)", f"{v.show(pos_sd)} against {v.show(neg_sd)}",
                               others=("neg_sd",), verb="")
    shift = wide_mean / narrow_sd - narrow_mean / narrow_sd
    if not abs(shift) <= MAX_SHIFT:
        raise v.ParameterError("pos_mean", f"differ from {{neg_mean}} by at most {MAX_SHIFT:g} times the smaller sd "
                               "when the sds differ", f"a difference of {abs(shift):.3g} times it",
                               others=("neg_mean",), verb="")
    auc, risk = _unequal_variance(shift, 0.0, ratio, 1.0)
    auc, risk = min(auc, 1.0), min(max(risk, 0.0), 1.0)
    return NormalBayes("binormal", pos_mean, neg_mean, pos_sd, neg_sd, None, auc, risk, identity_auc, False,
                       "integration")


def distance_risk(distance):
    """Φ(−d/√2), the Bayes ranking risk of two normal classes with a common (co)variance at Mahalanobis
    distance d; a number in, a float out, arrays elementwise."""
    return v.out(0.5 * _normal.two_sided_tail(np.asarray(distance, dtype=np.float64) / math.sqrt(2.0)))


def finite(parameter: str, value) -> float:
    """One finite number, as a Python float."""
    number = v.real(parameter, value, scalar=True)
    if not math.isfinite(number):
        raise v.fail(parameter, "a finite number", value)
    return number


def _unequal_variance(mu_pos: float, mu_neg: float, sd_pos: float, sd_neg: float) -> tuple[float, float]:
    """(P(|X − c| > |X′ − c|), P(|X − c| < |X′ − c|)) ordered as (AUC, risk) of the likelihood ratio."""
    from scipy.integrate import quad

    c = (mu_pos * sd_neg**2 - mu_neg * sd_pos**2) / (sd_neg**2 - sd_pos**2)
    sqrt2 = math.sqrt(2.0)

    def inside(y):  # P(|X − c| ≤ |y − c|)
        r = abs(y - c)
        upper, lower = (c + r - mu_pos) / sd_pos, (c - r - mu_pos) / sd_pos
        if lower > 0:  # both in the upper tail: difference of upper tails, no cancellation
            return 0.5 * (math.erfc(lower / sqrt2) - math.erfc(upper / sqrt2))
        return 0.5 * (math.erfc(-upper / sqrt2) - math.erfc(-lower / sqrt2))

    def outside(y):
        r = abs(y - c)
        return 0.5 * (math.erfc((r + mu_pos - c) / (sd_pos * sqrt2)) + math.erfc((r - mu_pos + c) / (sd_pos * sqrt2)))

    def expectation(function) -> float:
        density = lambda y: math.exp(-0.5 * ((y - mu_neg) / sd_neg) ** 2) / (sd_neg * math.sqrt(2 * math.pi))  # noqa: E731
        low, high = mu_neg - 40 * sd_neg, mu_neg + 40 * sd_neg
        cuts = [low] + ([c] if low < c < high else []) + [high]
        return math.fsum(quad(lambda y: density(y) * function(y), a, b, epsabs=1e-15, epsrel=1e-12, limit=200)[0]
                         for a, b in zip(cuts, cuts[1:]))

    beyond, within = expectation(outside), expectation(inside)
    return (beyond, within) if sd_pos > sd_neg else (within, beyond)


def multivariate_normal_bayes(pos_mean, neg_mean, cov=None) -> NormalBayes:
    """The Bayes ranking risk Φ(−sqrt(Δ′Σ⁻¹Δ/2)) of N_p(pos_mean, Σ) against N_p(neg_mean, Σ) (§5.1.3).

    `cov` is Σ (p × p, symmetric positive definite); None is the identity.

    >>> p = 10
    >>> round(multivariate_normal_bayes([1 / p**0.5] * p, [-1 / p**0.5] * p).bayes_risk, 7)
    0.0786496
    """
    from scipy.linalg import LinAlgError, cho_factor, cho_solve

    mu_pos = v.real("pos_mean", pos_mean)
    mu_neg = v.real("neg_mean", neg_mean)
    if mu_pos.ndim != 1 or mu_pos.size == 0:
        raise v.ParameterTypeError("pos_mean", "a vector of p ≥ 1 numbers", v.show(pos_mean))
    if mu_neg.shape != mu_pos.shape:
        raise v.ParameterError("neg_mean", f"have the length of {{pos_mean}} ({mu_pos.size})",
                               f"shape {mu_neg.shape}", others=("pos_mean",), verb="")
    v.check("pos_mean", np.isfinite(mu_pos), "finite", mu_pos)
    v.check("neg_mean", np.isfinite(mu_neg), "finite", mu_neg)
    p = mu_pos.size
    sigma = np.eye(p) if cov is None else v.real("cov", cov)
    if sigma.shape != (p, p):
        raise v.ParameterError("cov", f"be a {p} × {p} matrix", f"shape {sigma.shape}", verb="")
    v.check("cov", np.isfinite(sigma), "finite", sigma)
    if not np.allclose(sigma, sigma.T, rtol=1e-10, atol=1e-12 * np.abs(sigma).max()):
        raise v.ParameterError("cov", "be symmetric", "an asymmetric matrix", verb="")
    delta = mu_pos - mu_neg
    try:
        factor = cho_factor(sigma)
    except LinAlgError:
        raise v.ParameterError("cov", "be positive definite", "a matrix that is not", verb="") from None
    distance = math.sqrt(max(float(delta @ cho_solve(factor, delta)), 0.0))
    risk = distance_risk(distance)
    return NormalBayes("multivariate normal", tuple(mu_pos.tolist()), tuple(mu_neg.tolist()), None, None, distance,
                       1.0 - risk, risk, None, True, "closed form")
