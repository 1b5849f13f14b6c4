"""Hoeffding's bounds for two-sample U-statistics, applied to the AUC (beyond the paper).

Hoeffding (1963), *Probability inequalities for sums of bounded random variables*,
JASA 58, §5. With k = min(m, n), pair positive i with negative σ(i) for an injection σ;
the k kernel values ψ(x_i, x'_σ(i)) ∈ [0, 1] (ties count ½) are independent with mean A,
and Â is the average over all σ of their means. Jensen's inequality carries every
Chernoff bound for a mean of k i.i.d. [0, 1] variables over to Â:

- quadratic form: ``P(Â − A ≥ t) ≤ exp(−2kt²)``, so ``ε_H = sqrt(ln(2/δ)/(2k))``. Since
  mn/(m+n) < k it is never wider than McDiarmid's (Cor 3.4 of Agarwal et al. 2005);
  ε_McD/ε_H = sqrt((m+n)/max(m, n)) ∈ (1, √2].
- Kullback–Leibler (Chernoff) form: ``P(Â − A ≥ t) ≤ exp(−k·kl(A + t ‖ A))``, so the set
  ``{θ : k·kl(Â ‖ θ) ≤ ln(2/δ)}`` (δ/2 in each tail) is a 1 − δ confidence interval.
  By Pinsker's inequality kl(p‖q) ≥ 2(p − q)², so it lies inside the quadratic interval;
  it stays in [0, 1] and is informative even at Â = 1.

Nothing here uses the AUC's kernel beyond its range [0, 1], so both bounds hold for any
two-sample U-statistic with such a kernel (:func:`aucbound.compare` uses them for a
difference of two AUCs). All functions broadcast over numpy arrays; scalars in give
Python numbers out.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from .._exact import FLOAT
from ._deviation import LN2, tail

__all__ = [
    "hoeffding_tail",
    "hoeffding_epsilon",
    "bernoulli_kl",
    "hoeffding_kl_interval",
]


def hoeffding_formula(X, m, n, log_delta):
    """sqrt(ln(2/δ)/(2·min(m, n))): the quadratic form's half-width."""
    return X.sqrt((X.LN2 - log_delta) / (2 * X.minimum(m, n)))


def hoeffding_tail(epsilon, m, n):
    """min(1, 2·exp(−2·min(m, n)·ε²)): Hoeffding's bound on P(|Â − A| ≥ ε).

    >>> round(hoeffding_tail(0.1, 100, 100), 6)
    0.270671
    """
    epsilon = v.nonnegative("epsilon", epsilon)
    k = np.minimum(v.sizes("m", m), v.sizes("n", n))
    return v.out(tail(LN2 - 2.0 * k * epsilon**2))


def hoeffding_epsilon(m, n, delta):
    """sqrt(ln(2/δ)/(2·min(m, n))): Hoeffding's half-width for the AUC at confidence 1 − δ.

    >>> round(hoeffding_epsilon(51, 58, 0.05), 6)
    0.190172
    """
    m, n = v.sizes("m", m), v.sizes("n", n)
    delta = v.probability("delta", delta)
    return v.out(hoeffding_formula(FLOAT, m, n, np.log(delta)))


# --- the Kullback–Leibler form ------------------------------------------------------------


_SERIES_DEGREE = 24


def _x_minus_log1p(x):
    """x − ln(1 + x) ≥ 0 for x ≥ −1, without cancellation near 0.

    Below |x| < 0.1 the series Σ_{j≥2} (−x)^j/j (24 terms: error < 1e-22 relative);
    above it the direct difference, which loses no more than a digit there.
    """
    x = np.asarray(x, dtype=np.float64)
    series = np.zeros_like(x)
    for j in range(_SERIES_DEGREE, 1, -1):  # Horner for x²·Σ_{j≥2} (−1)^j x^(j−2)/j
        series = series * x + (-1) ** j / j
    series = series * x * x
    with np.errstate(all="ignore"):
        direct = x - np.log1p(x)
    return np.where(np.abs(x) < 0.1, series, direct)


def _kl_term(a, d, b, log_ratio=None):
    """a·(x − ln(1 + x)) with x = d/a and b = a + d: one of the two non-negative terms of kl.

    a and b are the probabilities of one outcome under p and under q, d = b − a, each
    given to full precision. For |x| > ½ the same quantity is computed as
    d − a·ln(b/a): it cannot overflow, and near x = −1 (b ≪ a) it keeps the precision
    that 1 + x, rounded, would lose. `log_ratio`, when given, is ln(b/a) to full precision
    (b may then be too small even for a subnormal float). As a → 0 the term tends to d.
    """
    with np.errstate(all="ignore"):
        x = d / a
        near = a * _x_minus_log1p(x)
        far = d - a * (np.log(b) - np.log(a) if log_ratio is None else log_ratio)
        term = np.where(np.abs(x) <= 0.5, near, far)
    return np.where(a > 0, term, d)


def _kl(p, q):
    """kl(p‖q) on arrays with p, q ∈ [0, 1]; +inf where q gives p's outcomes no mass.

    With u = (q − p)/p and w = (p − q)/(1 − p), p·u + (1 − p)·w = 0, so
    kl = −p·ln(1+u) − (1−p)·ln(1+w) = p·(u − ln(1+u)) + (1 − p)·(w − ln(1+w)):
    a sum of two terms ≥ 0, free of the cancellation of the textbook form when q ≈ p.
    """
    p = np.asarray(p, dtype=np.float64)
    q = np.asarray(q, dtype=np.float64)
    return _kl_term(p, q - p, q) + _kl_term(1.0 - p, p - q, 1.0 - q)


def bernoulli_kl(p, q):
    """kl(p‖q) = p·ln(p/q) + (1−p)·ln((1−p)/(1−q)), the Bernoulli Kullback–Leibler divergence.

    Accurate to a few ulps even when q is within 1e-12 of p.

    >>> round(bernoulli_kl(0.5, 0.4), 10)
    0.0204109973
    >>> bernoulli_kl(1.0, 0.5)  # ln 2
    0.6931471805599453
    """
    p = v.unit_interval("p", p)
    q = v.unit_interval("q", q)
    return v.out(_kl(p, q))


def _logistic(s):
    """1/(1 + e^(−s)), accurate in relative terms on both tails."""
    with np.errstate(over="ignore"):
        return 1.0 / (1.0 + np.exp(-s))


def _kl_below(p, q, s):
    """kl(p‖θ) at θ = p·σ(s) ≤ p, with q = 1 − p.

    θ, its distance t = p·σ(−s) from p and ln(θ/p) = −ln(1 + e^(−s)) are each computed
    from s to full relative precision.
    """
    t = p * _logistic(-s)
    return _kl_term(p, -t, p * _logistic(s), -np.logaddexp(0.0, -s)) + _kl_term(q, t, q + t)


def _kl_lower_end(p, q, budget):
    """(θ, t): the θ ≤ p with kl(p‖θ) = budget, and t = p − θ, both to full relative precision.

    θ = p·σ(s) and t = p·σ(−s), with σ the logistic function, are exact functions of s, so
    solving for s pins down the end θ and its distance t from p however small either is
    (a solve for θ or for t alone loses one of them to rounding). s ∈ [−1500, 1500] covers
    every float. The solve is Newton's method on g(s) = kl(p‖p·σ(s)) − budget, whose slope is
    g′(s) = −t·σ(−s)/(1 − θ), from the start kl ≈ t²/(2pq); a step that would leave the
    bracket of the points seen on each side of the root halves the bracket instead, so that
    it converges whatever the start (g decreases in s). Where the steps no longer move s by
    more than a few ulps, the end is the last float s outside the set (kl(p‖θ) > budget), as
    a bisection's would be. ln(θ/p) = −ln(1 + e^(−s)) is exact too, so kl is right even where
    θ is subnormal or below every float. Where the rounded θ lands inside (kl(p‖θ) < budget
    as the float kl measures it), it is moved one ulp outward, so that rounding widens the
    interval rather than narrowing it. Each step works on the entries not yet settled only.
    """
    shape = np.broadcast_shapes(np.shape(p), np.shape(q), np.shape(budget))
    p, q, budget = (np.broadcast_to(np.asarray(x, dtype=np.float64), shape).ravel() for x in (p, q, budget))
    low = np.full(p.shape, -1500.0)  # the largest s seen outside the set: kl > budget
    high = np.full(p.shape, 1500.0)  # the smallest s seen inside it
    with np.errstate(all="ignore"):
        t = np.sqrt(2.0 * budget * p * q)
        s = np.log(np.maximum(p - t, 0.0)) - np.log(t)
    s = np.clip(np.nan_to_num(s, nan=0.0, posinf=1500.0, neginf=-1500.0), -1500.0, 1500.0)
    active = np.arange(p.shape[0])
    for _ in range(_MAX_STEPS):
        if not active.size:
            break
        pa, qa, sa, la, ha = p[active], q[active], s[active], low[active], high[active]
        value = _kl_below(pa, qa, sa) - budget[active]
        inside = value <= 0
        ha, la = np.where(inside, np.minimum(ha, sa), ha), np.where(inside, la, np.maximum(la, sa))
        with np.errstate(all="ignore"):
            slope = -pa * _logistic(-sa) ** 2 / (1.0 - pa * _logistic(sa))
            newton = sa - value / slope
        step = np.where(np.isfinite(newton) & (newton > la) & (newton < ha), newton, 0.5 * (la + ha))
        settled = ((np.abs(step - sa) <= 4.0 * np.spacing(np.maximum(np.abs(sa), 1.0)))
                   | (ha - la <= 4.0 * np.spacing(np.maximum(np.abs(ha), 1.0))))
        low[active], high[active], s[active] = la, ha, step
        active = active[~settled]
    low = _last_outside(p, q, budget, np.clip(s, low, high), low, high)
    with np.errstate(divide="ignore", under="ignore"):
        theta = p * _logistic(low)
        # below the normal floats the product loses bits; the exponential rounds once
        theta = np.where(theta < np.finfo(np.float64).tiny, np.exp(np.log(p) - np.logaddexp(0.0, -low)), theta)
        outward = np.nextafter(theta, 0.0)
        theta = np.where((theta > 0) & (_kl(p, theta) < budget), outward, theta)
    t = p * _logistic(-low)
    return np.where(p > 0, theta, 0.0).reshape(shape), np.where(p > 0, t, 0.0).reshape(shape)


def _last_outside(p, q, budget, s, low, high):
    """The largest float s′ with kl(p‖p·σ(s′)) > budget, found by walking a few ulps from the root estimate
    `s`; a bisection of the solve's bracket [low, high] takes over for the entries where the walk does not
    end within :data:`_WALK` steps (a stretch where the float kl is flat)."""
    s = s.copy()
    active = np.arange(s.shape[0])
    for _ in range(_WALK):  # down to the outer side
        sa = s[active]
        inside = (sa > low[active]) & (_kl_below(p[active], q[active], sa) <= budget[active])
        s[active] = np.where(inside, np.maximum(np.nextafter(sa, -np.inf), low[active]), sa)
        active = active[inside]
        if not active.size:
            break
    active = np.arange(s.shape[0])
    for _ in range(_WALK):  # up while the next float is outside too
        beyond = np.nextafter(s[active], np.inf)
        outside = (beyond < high[active]) & (_kl_below(p[active], q[active], beyond) > budget[active])
        s[active] = np.where(outside, beyond, s[active])
        active = active[outside]
        if not active.size:
            return s
    la, ha = np.maximum(low[active], s[active]), high[active]
    pa, qa, ba = p[active], q[active], budget[active]
    for _ in range(80):
        middle = 0.5 * (la + ha)
        inside = _kl_below(pa, qa, middle) <= ba
        ha, la = np.where(inside, middle, ha), np.where(inside, la, middle)
    s[active] = la
    return s


#: Ulps walked from the root estimate to the outer side before halving takes over.
_WALK = 16
#: Newton steps (or halvings) of the solve at most: it settles in about ten where it starts near the root,
#: and 80 halvings alone would pin s to 3e-18 from anywhere in [−1500, 1500].
_MAX_STEPS = 90


def kl_ends(auc, k, log_delta):
    """(lo, hi, Â − lo, hi − Â) of {θ : k·kl(Â‖θ) ≤ ln(2/δ)}.

    The upper end is the lower end of the mirrored problem, kl(Â‖θ) = kl(1 − Â‖1 − θ);
    it is taken as 1 − θ' near 1 and as Â + (hi − Â) below ½, where that sum is the
    more precise.
    """
    auc, k, log_delta = np.broadcast_arrays(
        np.asarray(auc, dtype=np.float64), np.asarray(k, dtype=np.float64), np.asarray(log_delta, dtype=np.float64)
    )
    with np.errstate(over="ignore"):
        budget = (LN2 - log_delta) / k
    # both ends in one vectorized solve: row 0 the lower end, row 1 the mirrored upper end
    (lo, mirrored), (down, up) = _kl_lower_end(
        np.stack([auc, 1.0 - auc]), np.stack([1.0 - auc, auc]), np.stack([budget, budget])
    )
    hi = np.where(auc + up <= 0.5, auc + up, 1.0 - mirrored)
    return _to_the_ulp(auc, lo, budget, 0.0), _to_the_ulp(auc, hi, budget, 1.0), down, up


def _to_the_ulp(auc, end, budget, edge, steps=4):
    """`end` moved by a few ulps so that it lies in {θ : kl(Â‖θ) ≤ budget} and the next float towards `edge`
    does not: the solve's θ = p·σ(s) can round a couple of ulps outward near 1, where kl moves ~1e-11 a ulp.
    An end the solve put at the edge (0 or 1: the interval reaches it, up to kl = ∞ at the edge itself) stays."""
    for _ in range(steps):
        end = np.where((end != edge) & (_kl(auc, end) > budget), np.nextafter(end, auc), end)
    for _ in range(steps):
        beyond = np.nextafter(end, edge)
        end = np.where((end != edge) & (_kl(auc, beyond) <= budget), beyond, end)
    return end


def hoeffding_kl_interval(auc, m, n, delta):
    """{θ : min(m, n)·kl(Â ‖ θ) ≤ ln(2/δ)}: the Chernoff–Hoeffding interval for the AUC.

    Returns ``(lo, hi)``. Distribution-free with coverage ≥ 1 − δ for every m, n; always
    inside [0, 1] and inside Hoeffding's quadratic interval Â ± ε_H.

    >>> lo, hi = hoeffding_kl_interval(0.9, 51, 58, 0.05)
    >>> round(lo, 6), round(hi, 6)
    (0.750162, 0.976779)
    >>> hoeffding_kl_interval(1.0, 51, 58, 0.05)[1]
    1.0
    """
    auc = v.unit_interval("auc", auc)
    k = np.minimum(v.sizes("m", m), v.sizes("n", n))
    delta = v.probability("delta", delta)
    lo, hi, _, _ = kl_ends(auc, k, np.log(delta))
    return v.out(lo), v.out(hi)


def kl_meets(X, auc, k, log_delta, epsilon):
    """The conditions, as pairs (lhs ≤ rhs), for the Chernoff interval to lie within Â ± ε.

    The interval is the set of θ with k·kl(Â‖θ) ≤ ln(2/δ), which contains Â; an end θ = Â ∓ ε
    inside [0, 1] must have k·kl(Â‖θ) ≥ ln(2/δ) (an end outside [0, 1] is beyond the set).
    """
    conditions = []
    for theta in (auc - epsilon, auc + epsilon):
        if 0 < theta < 1:
            conditions.append((X.LN2 - log_delta, k * _kl_exact(X, auc, theta)))
    return conditions


def _kl_exact(X, p, q):
    """kl(p‖q) for 0 < q < 1 in the namespace X (the 0·ln 0 terms taken as 0)."""
    left = p * X.log(p / q) if p > 0 else 0
    right = (1 - p) * X.log((1 - p) / (1 - q)) if p < 1 else 0
    return left + right
