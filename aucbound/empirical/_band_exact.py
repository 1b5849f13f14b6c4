r"""Exact finite-sample critical values for one class's CDF band: Kolmogorov's and Berk–Jones'.

**The crossing probability.** For k uniform order statistics U₍₁₎ ≤ … ≤ U₍ₖ₎ and
nondecreasing bounds l₁ ≤ … ≤ lₖ, h₁ ≤ … ≤ hₖ in [0, 1],
:func:`non_crossing` computes P(lᵢ ≤ U₍ᵢ₎ ≤ hᵢ for every i) by the Poisson-process method
(Moscovich & Nadler 2017, Statist. Probab. Lett. 123, 177–182; Moscovich, Nadler &
Spiegelman 2016, Electron. J. Statist. 10, 2329–2354, §5): the points of a Poisson process of
rate k on [0, 1], given that there are k of them, are k uniform draws. With N(t) the number of
points in [0, t], the event is lᵢ ≤ U₍ᵢ₎ for all i ⟺ N(t) ≤ #{i : lᵢ < t}, and U₍ᵢ₎ ≤ hᵢ ⟺
N(t) ≥ #{i : hᵢ ≤ t}; both limits are step functions that change only at the bounds, and N
is nondecreasing, so it suffices to check them at the sorted union 0 < t₁ < … < t_J = 1 of
the bounds. Between consecutive points N grows by a Poisson(k·(t_j − t_{j−1})) count,
independent of the past: the distribution of N(t_j) on the allowed window is the previous
one convolved with that Poisson law and cut to the window. At the end,
P(event) = P(N(1) = k and no crossing) / P(N(1) = k), with P(N(1) = k) = e^{−k}kᵏ/k!.
The vector is rescaled to a maximum of 1 after each step (its logarithmic scale kept apart),
so nothing that matters underflows; Poisson terms below 10⁻³⁰⁰ of the vector's scale are
dropped, which can only lower the probability (a conservative error). O(J·w·s) for window
width w and Poisson support s: about a second for k = 10⁴.

**Kolmogorov.** D_k = sup_t |F̂_k(t) − F(t)| ≤ d ⟺ i/k − d ≤ U₍ᵢ₎ ≤ (i − 1)/k + d for all i
(scipy.stats.kstwo has its exact law, Simard & L'Ecuyer 2011).

**Berk–Jones** (Berk & Jones 1979; Owen 1995, JASA 90, 516–521). R_k = sup_t k·K(F̂_k(t), F(t))
with K(a, b) = a ln(a/b) + (1 − a) ln((1 − a)/(1 − b)); with [aᵢ, bᵢ] = {u : K(i/k, u) ≤ c/k},
R_k ≤ c ⟺ aᵢ ≤ U₍ᵢ₎ ≤ b_{i−1} for all i. The critical value is found by root finding on
ln P(R_k > c) and then raised until the computed P(R_k > c) is at most δ minus a margin for
rounding (:data:`ROUNDING_MARGIN`, measured against scipy's exact Kolmogorov law).
"""

from __future__ import annotations

import contextvars
import functools
import math

import numpy as np

from .. import _validate as v

__all__ = ["non_crossing", "kolmogorov_epsilon", "berk_jones_critical", "berk_jones_bounds", "class_bounds",
           "MAX_BERK_JONES", "ROUNDING_MARGIN", "MIN_BERK_JONES_DELTA",
           "MAX_KOLMOGOROV_EXACT", "kolmogorov_tail", "check_berk_jones", "limit_at",
           "constant_width"]

#: The largest class for which the Berk–Jones critical value is computed (3.6 s at this size, measured;
#: 0.6 s at 2,000): above it, a ValueError points to the Kolmogorov band.
MAX_BERK_JONES = 10**4
#: The smallest δ/2 a Berk–Jones critical value is computed for: P(R_k > c) is 1 − P(R_k ≤ c),
#: whose rounding error (below 10⁻¹¹, :data:`ROUNDING_MARGIN`) must stay far below it.
MIN_BERK_JONES_DELTA = 1e-6
#: The margin kept between the computed P(R_k > c) and δ, for the rounding of :func:`non_crossing`:
#: 60 times the largest error measured against scipy.stats.kstwo where it is exact (1.7·10⁻¹³, k ≤ 140;
#: tests/test_band_exact.py), room for the error's growth with the number of steps (about 2k).
ROUNDING_MARGIN = 1e-11

#: Where the cached critical values report their progress (a context variable: the caches' key is (k, δ) alone).
_REPORT: contextvars.ContextVar = contextvars.ContextVar("critical_value_progress", default=lambda done, total: None)

#: Poisson terms below this share of the largest are dropped (conservatively).
_TINY = 1e-300


def _poisson_rows(lam: np.ndarray, length: int) -> np.ndarray:
    """Poisson(λ_j) probabilities of 0 … length − 1 for each λ_j, one row each (computed in logs)."""
    from scipy.special import gammaln

    r = np.arange(length)
    with np.errstate(divide="ignore"):
        log_lam = np.log(lam)[:, None]
    log_pmf = -lam[:, None] + np.where(r == 0, 0.0, r * log_lam) - gammaln(r + 1.0)
    return np.exp(log_pmf)


def non_crossing(lower, upper, report=None) -> float:
    """P(lower[i] ≤ U₍ᵢ₊₁₎ ≤ upper[i] for every i) for k = len(lower) uniform order statistics,
    both bounds nondecreasing in [0, 1] (module docstring: exact up to rounding). `report(done, total)`,
    if given, hears of the steps every 4096 of them.

    >>> round(non_crossing([0.0], [0.5]), 12)  # P(U ≤ ½)
    0.5
    >>> round(non_crossing([0.25, 0.5], [0.5, 1.0]), 12)  # 2·P(U₁ ∈ [¼, ½], U₂ ∈ [½, 1]) = 2·¼·½
    0.25
    """
    lower, upper = np.asarray(lower, dtype=np.float64), np.asarray(upper, dtype=np.float64)
    k = lower.shape[0]
    if np.any(lower > upper):
        return 0.0
    points = np.union1d(lower, upper)
    points = np.union1d(points[points > 0.0], [1.0])
    most = np.searchsorted(lower, points, side="left")  # N(t_j) ≤ #{i : l_i < t_j}
    least = np.searchsorted(upper, points, side="right")  # N(t_j) ≥ #{i : h_i ≤ t_j}
    lam = k * np.diff(points, prepend=0.0)
    # the Poisson support each step needs: the window's reach, cut where the terms are negligible
    reach = most - np.concatenate(([0], least[:-1]))
    if np.any(reach < 0) or np.any(most < least):
        return 0.0
    tail = np.ceil(lam + 12.0 * np.sqrt(lam) + 40.0).astype(np.int64)  # beyond: below 1e-300 of the mode
    support = np.minimum(reach, tail) + 1
    short = support <= 64
    rows = _poisson_rows(lam[short], int(support[short].max(initial=1)))
    row_of = np.cumsum(short) - 1
    state, start, log_scale = np.ones(1), 0, 0.0  # N(0) = 0 with probability 1
    for j in range(points.shape[0]):
        if report is not None and j % 4096 == 0:
            report(j, points.shape[0])
        s = int(support[j])
        kernel = rows[row_of[j], :s] if short[j] else _poisson_rows(lam[j:j + 1], s)[0]
        spread = np.convolve(state, kernel)  # counts start … start + len − 1
        lo, hi = int(least[j]), int(most[j])
        state = spread[lo - start:hi - start + 1]
        if state.shape[0] < hi - lo + 1:  # the spread ends before the window does
            state = np.concatenate((state, np.zeros(hi - lo + 1 - state.shape[0])))
        start = lo
        top = state.max() if state.shape[0] else 0.0
        if top <= 0.0:
            return 0.0
        state = state / top
        log_scale += math.log(top)
    if not start <= k < start + state.shape[0] or state[k - start] <= 0.0:
        return 0.0
    log_total = -k + k * math.log(k) - math.lgamma(k + 1.0) if k else 0.0  # ln P(Poisson(k) = k)
    return min(1.0, math.exp(log_scale + math.log(state[k - start]) - log_total))


def kolmogorov_epsilon(k: int, delta: float, progress=None) -> float:
    """The exact finite-k critical value of D_k = sup_t |F̂_k(t) − F(t)|: the smallest ε (to within
    10⁻⁷·ε) with P(D_k > ε) ≤ δ for continuous F, never below it. scipy.stats.kstwo's isf, raised by
    ulps until its sf is ≤ δ: exact for k ≤ 140 (Simard & L'Ecuyer 2011: Durbin's matrix and Pomeranz's recursion);
    above, where scipy approximates (errors up to 3·10⁻⁶ measured at k = 141), raised further until
    :func:`non_crossing` gives P(D_k > ε) ≤ δ − :data:`ROUNDING_MARGIN`; above
    :data:`MAX_KOLMOGOROV_EXACT`, DKW's ε (larger by under 0.04% there). Never above DKW's ε. Cached on
    (k, δ); `progress(done, total)` hears of the engine's steps (6 s at k = 10⁵).

    >>> round(kolmogorov_epsilon(50, 0.025), 6), round(kolmogorov_epsilon(1, 0.1), 6)  # DKW: 0.209333
    (0.20548, 0.95)
    """
    k, delta = v.count("k", k), v.probability("delta", delta, scalar=True)
    token = _REPORT.set(v.progress("progress", progress))
    try:
        return _kolmogorov_epsilon(k, delta)
    finally:
        _REPORT.reset(token)


#: The largest class whose Kolmogorov critical value is checked by :func:`non_crossing` (3 s at
#: this size); above it the band uses DKW's ε.
MAX_KOLMOGOROV_EXACT = 10**5
#: The largest k for which scipy.stats.kstwo is exact.
_KSTWO_EXACT = 140


def _dkw(k: int, delta: float) -> float:
    return math.sqrt((math.log(2.0) - math.log(delta)) / (2.0 * k))


def kolmogorov_tail(k: int, d: float, report=None) -> float:
    """P(D_k > d) by :func:`non_crossing` with the bounds i/k − d ≤ U₍ᵢ₎ ≤ (i − 1)/k + d."""
    i = np.arange(1, k + 1)
    return 1.0 - non_crossing(np.clip(i / k - d, 0.0, 1.0), np.clip((i - 1) / k + d, 0.0, 1.0), report)


@functools.lru_cache(maxsize=256)
def _kolmogorov_epsilon(k: int, delta: float) -> float:
    from scipy.stats import kstwo

    dkw = _dkw(k, delta)
    if k > MAX_KOLMOGOROV_EXACT:
        return dkw
    eps = float(kstwo.isf(delta, k))
    if not math.isfinite(eps) or eps >= dkw:
        return dkw
    if k <= _KSTWO_EXACT:
        def too_small(d):
            return kstwo.sf(d, k) > delta
    else:  # scipy approximates here: the exact engine decides
        def too_small(d):
            return kolmogorov_tail(k, d, _REPORT.get()) > delta - ROUNDING_MARGIN
    step = 4 * math.ulp(eps) if k <= _KSTWO_EXACT else 1e-8 * eps
    while eps < dkw and too_small(eps):  # raised by doubling steps (scipy's isf is nearly always enough)
        eps, step = eps + step, 2 * step
    return min(eps, dkw)


def check_berk_jones(m: int, n: int, delta: float, parameter: str = "method") -> None:
    """Refuse a Berk–Jones ROC band beyond the sizes and levels its critical values are computed for
    (each class at δ/2), before any work; the error names `parameter` (the band's choice)."""
    if max(m, n) > MAX_BERK_JONES:
        raise v.ParameterError(parameter, f"'kolmogorov' or 'dkw' for a class of more than {MAX_BERK_JONES:,} cases "
                               "(the Berk–Jones critical value is computed exactly up to that size)",
                               f"'berk-jones' with m = {m:,}, n = {n:,}", others=("scores",))
    if delta / 2 < MIN_BERK_JONES_DELTA:
        raise v.ParameterError("delta", f"at least {2 * MIN_BERK_JONES_DELTA:g} for the Berk–Jones band (each class "
                               "at δ/2; use 'kolmogorov' below it)", v.show(delta), others=(parameter,))


def _shifted(k: int, shift: float, counts) -> np.ndarray:
    """counts/k + shift: a constant-width class band's limit at each count."""
    return np.asarray(counts) / k + shift


def class_bounds(method: str, k: int, delta: float, progress=None):
    """(lower, upper): with probability ≥ 1 − δ, F(t) ∈ [lower[i], upper[i]] at every t where
    i = k·F̂(t), for the empirical CDF F̂ of k draws from any F (and likewise for the survival function
    S(t) = P(X ≥ t) and its empirical count). ``method`` is "dkw" (i/k ± Massart's ε) or "kolmogorov"
    (i/k ± the exact ε), each limit then a function of an array of counts (no array of k + 1 values
    for a large class), or "berk-jones" (arrays of k + 1: the bounds at the exact critical value).
    :func:`limit_at` reads either.

    >>> lower, upper = class_bounds("kolmogorov", 2, 0.5)
    >>> counts = np.arange(3)  # P(D₂ > d) = 2(1 − d)² for d ≥ ½: ε = ½ at δ = ½
    >>> lower(counts).round(6).tolist(), upper(counts).round(6).tolist()
    ([-0.5, 0.0, 0.5], [0.5, 1.0, 1.5])
    """
    if method == "berk-jones":
        return berk_jones_bounds(k, berk_jones_critical(k, delta, progress))
    return constant_width(k, _dkw(k, delta) if method == "dkw" else kolmogorov_epsilon(k, delta, progress))


def constant_width(k: int, eps: float):
    """(lower, upper) of the class band i/k ± ε, as functions of the counts."""
    return functools.partial(_shifted, k, -eps), functools.partial(_shifted, k, eps)


def limit_at(limit, counts) -> np.ndarray:
    """A class band's limit (a function of counts, or an array indexed by count) at `counts`."""
    return limit(counts) if callable(limit) else limit[counts]


def _k_divergence(p: float, u: np.ndarray) -> np.ndarray:
    """K(p, u) = p ln(p/u) + (1 − p) ln((1 − p)/(1 − u)), 0·ln 0 = 0."""
    from scipy.special import xlogy

    with np.errstate(divide="ignore"):
        return xlogy(p, p) + xlogy(1 - p, 1 - p) - xlogy(p, u) - xlogy(1 - p, 1 - u)


def berk_jones_bounds(k: int, c: float) -> tuple[np.ndarray, np.ndarray]:
    """(a, b), arrays of k + 1: [aᵢ, bᵢ] = {u : k·K(i/k, u) ≤ c}, by bisection (60 halvings) on each
    side of i/k. a is nondecreasing with a₀ = 0, b nondecreasing with b_k = 1; the Berk–Jones band
    puts F(t) in [aᵢ, bᵢ] where k·F̂(t) = i.

    >>> a, b = berk_jones_bounds(1, math.log(4))  # K(0, u) = −ln(1 − u) ≤ ln 4 ⟺ u ≤ ¾
    >>> a.round(12).tolist(), b.round(12).tolist()
    ([0.0, 0.25], [0.75, 1.0])
    """
    p = np.arange(k + 1) / k
    limit = c / k

    def solve(inside, outside):  # K(p, inside) ≤ limit < K(p, outside) on each row; the ends meet at the root
        inside, outside = inside.copy(), outside.copy()
        for _ in range(60):
            middle = (inside + outside) / 2
            ok = _k_divergence(p, middle) <= limit
            inside, outside = np.where(ok, middle, inside), np.where(ok, outside, middle)
        return inside, outside

    zero, one = np.zeros(k + 1), np.ones(k + 1)
    low_in, low_out = solve(p, zero)
    high_in, high_out = solve(p, one)
    # widen by the bisection's last bracket: the band holds [a, b] ⊇ the exact set
    a = np.where(_k_divergence(p, zero) <= limit, 0.0, low_out)
    b = np.where(_k_divergence(p, one) <= limit, 1.0, high_out)
    a, b = np.maximum.accumulate(a), np.maximum.accumulate(b)  # already monotone; kept exactly so
    return a, b


def _berk_jones_tail(k: int, c: float) -> float:
    """P(R_k > c) = 1 − P(aᵢ ≤ U₍ᵢ₎ ≤ b_{i−1} for all i) with the bounds as computed."""
    a, b = berk_jones_bounds(k, c)
    return 1.0 - non_crossing(a[1:], b[:-1])


def berk_jones_critical(k: int, delta: float, progress=None) -> float:
    """The exact finite-k critical value c of the Berk–Jones statistic: P(R_k > c) ≤ δ for continuous
    F, computed (as :func:`non_crossing`, with the bounds of :func:`berk_jones_bounds`) to be at most
    δ − :data:`ROUNDING_MARGIN`, and within 10⁻⁴·c of the smallest such c. Cached on (k, δ); k at most
    :data:`MAX_BERK_JONES`, δ at least :data:`MIN_BERK_JONES_DELTA`. `progress(done, total)` hears
    of each evaluation of the crossing probability.

    >>> round(berk_jones_critical(1, 0.5), 4)  # k = 1: P(a₁ ≤ U ≤ b₀) = 1 − 2e^{−c} = ½ at c = ln 4
    1.3863
    """
    k = v.at_most("k", v.count("k", k), MAX_BERK_JONES, why=" for the Berk–Jones critical value (use 'kolmogorov')")
    delta = v.probability("delta", delta, scalar=True)
    if delta < MIN_BERK_JONES_DELTA:
        raise v.fail("delta", f"at least {MIN_BERK_JONES_DELTA:g} for the Berk–Jones critical value (each class's "
                     "share of δ; use 'kolmogorov' below it)", delta)
    token = _REPORT.set(v.progress("progress", progress))
    try:
        return _critical(k, delta)
    finally:
        _REPORT.reset(token)




@functools.lru_cache(maxsize=256)
def _critical(k: int, delta: float) -> float:
    """The critical value of :func:`berk_jones_critical`, cached on (k, δ)."""
    from scipy.optimize import brentq

    report = _REPORT.get()
    target = delta - ROUNDING_MARGIN
    evaluations = [0]
    expected = 24

    def excess(c: float) -> float:
        evaluations[0] += 1
        report(min(evaluations[0], expected - 1), expected)
        return math.log(max(_berk_jones_tail(k, c), 1e-300)) - math.log(target)

    low = max(0.5 * math.log(1.0 / delta), 1e-3)
    while excess(low) <= 0:  # the tail is already below δ: go lower
        low /= 2
    high = math.log(2.0 / delta) + 2.0 * math.log(k + 1.0)  # a union bound over the order statistics
    while excess(high) > 0:
        high *= 1.5
    c = brentq(excess, low, high, xtol=1e-6, rtol=1e-5)
    step = 1e-5 * c
    while excess(c) > 0:  # round up: the computed tail must be ≤ δ − margin
        c += step
        step *= 2
    report(expected, expected)
    return c
