"""Learnability of classes of ranking functions: sample complexity bounds.

Agarwal & Roth (2005), *Learnability of Bipartite Ranking Functions*, COLT:

- Thm 1 (empirical error minimization, EEM): if ``r(F, m, n) ≤ c1·(mn)^c2`` then every
  EEM algorithm learns F with sample complexity at most
  ``⌈ 64/(ρ(1−ρ)ε²) · (4c2·ln(16/ε) + c2·ln(c2²/(e²ρ(1−ρ))) + ln(4c1/δ)) ⌉_ρ``,
  where ``⌈u⌉_ρ`` is the smallest integer M ≥ u with ρM an integer (Examples 1–3: finite,
  linear and polynomial classes). The rounding is part of the theorem — its model draws
  exactly ρM positives — so it is kept as stated, and ρ must be a ratio p/q.
- **(beyond)** Thm 1 relaxes the condition its proof actually establishes,
  ``4·r(F, 2m, 2n)·exp(−mnε²/(32(m+n))) ≤ δ`` (Thm 2 at ε/2; mn/(m+n) = ρ(1−ρ)M), through
  ``ln u ≤ au − ln a − 1``. The smallest training set whose class sizes meet the
  unrelaxed condition — the convention of every other size in aucbound — is a valid size
  that is much smaller.
- Thm 3: for a class of rank dimension r, every algorithm has expected excess ranking
  error at least ``2^−10·sqrt(r/(m+n))·(1 − sqrt(1 − e^{−(2m/(m+n)+1)}))²·(…n…)²`` on some
  pair of distributions, when m + n ≥ 2r; Cor 1 turns this into a lower bound on the
  sample complexity, ``r/(2^20(ε+δ)²)·(1 − sqrt(1 − e^{−(2ρ+1)}))⁴·(1 − sqrt(1 − e^{−(3−2ρ)}))⁴``.
- Def 6–7 (rank-shattering, rank dimension) and Thm 9 (the consistent-hypothesis linear
  program) are in :mod:`aucbound.shatter`.

Everything is computed in log space, so that ε = 1e-320 or a rank dimension of 10^30 give
an honest answer; sizes are Python integers, confirmed exactly, and a size beyond 10^300
is reported as ``None`` with ``vacuous=True``, never as a number that looks usable.
"""

from __future__ import annotations

import math
from fractions import Fraction

from .. import _validate as v
from .._exact import EXACT, FLOAT, holds
from ._results import SampleComplexity
from ._sizes import MAX_SIZE, smallest_design, split
from ._uniform import function_class

__all__ = [
    "ceil_rho",
    "eem_sample_size",
    "eem_exact_sample_size",
    "excess_error_lower_bound",
    "MAX_EXACT_COUNT_DIGITS",
    "sample_complexity_lower_bound",
]

LN4 = math.log(4.0)
#: The largest denominator of ρ that Thm 1's rounding ⌈u⌉_ρ takes (M is a multiple of it).
MAX_DENOMINATOR = 10**6


def _rational(rho) -> Fraction:
    rho = v.skew("rho", rho)
    if rho.denominator > MAX_DENOMINATOR:
        raise v.fail("rho", f"a ratio p/q with q ≤ {MAX_DENOMINATOR:,} (Thm 1 rounds M to make ρM an integer)", rho)
    return rho


def _ceil_multiple(u, q: int) -> int:
    """The smallest multiple M ≥ max(u, q) of q, for an exact (mpmath) or float u."""
    import mpmath

    k = int(mpmath.ceil(mpmath.mpf(u) / q)) if u > 0 else 1
    return q * max(1, k)


def ceil_rho(u, rho) -> int:
    """⌈u⌉_ρ: the smallest integer M ≥ u with ρM an integer (Agarwal & Roth 2005, Thm 1).

    With ρ = p/q in lowest terms, ρM is an integer exactly when q divides M; M ≥ q keeps
    both classes non-empty.

    >>> ceil_rho(385358, "1/4"), ceil_rho(10.5, 0.1), ceil_rho(-3, 0.5)
    (385360, 20, 2)
    """
    rho = _rational(rho)
    u = v.real("u", u, scalar=True)
    if math.isnan(u):
        raise v.fail("u", "a number", u)
    if u > MAX_SIZE:
        raise v.fail("u", "at most 10^300", u)
    return _ceil_multiple(u, rho.denominator)


def _excess_factor(X, x):
    """1 − sqrt(1 − e^{−x}), computed as e^{−x}/(1 + sqrt(1 − e^{−x}))."""
    t = X.exp(-x)
    return t / (1 + X.sqrt(1 - t))


def _log_thm1(X, epsilon, log_delta, rho: Fraction, log_c1, c2):
    """ln u, u the real number inside Thm 1's ⌈·⌉_ρ; −inf when u ≤ 0."""
    s = X.number(rho.numerator * (rho.denominator - rho.numerator)) / rho.denominator**2
    log_c1, c2 = X.number(log_c1), X.number(c2)
    bracket = 2 * X.LN2 + log_c1 - log_delta
    if c2 > 0:
        bracket += 4 * c2 * (4 * X.LN2 - X.log(epsilon)) + c2 * (2 * X.log(c2) - 2 - X.log(s))
    if bracket <= 0:
        return -math.inf
    return 6 * X.LN2 - X.log(s) - 2 * X.log(epsilon) + X.log(bracket)


def _sample_complexity(method, epsilon, delta, rho, M, value, source, fclass, beyond_paper=False, sizes=None):
    m, n = sizes if sizes is not None else ((None, None) if M is None else (int(rho * M), M - int(rho * M)))
    return SampleComplexity(method=method, epsilon=float(epsilon), delta=float(delta), rho=float(rho), M=M, m=m, n=n,
                            value=float(value), source=source, fclass=fclass, beyond_paper=beyond_paper)


def eem_sample_size(fclass, epsilon, delta, rho) -> SampleComplexity:
    """Thm 1's sample size for empirical error minimization: ⌈64/(ρ(1−ρ)ε²)·(…)⌉_ρ.

    `fclass` gives c1 and c2: ``Finite(size)``, ``Line()``, ``Linear(d)``,
    ``Polynomial(d, q)``, or ``RankGrowth(log_c1, c2)`` for constants of your own. ``rho``
    must be a ratio p/q (0.25, ``"1/4"``). ``value`` is u before the rounding. The
    constants of Examples 2–3, c1 = (2e/d)^d, rest on Thm 4.11's relaxation (2emn/d)^d,
    proved for mn ≥ d only; Thm 1's proof uses r at (2m, 2n) of its own size M, where
    ρM ≥ 64·(4 ln 16 − 2)·d/(1−ρ) > d at every ε < 1, so 4mn ≥ d holds there.

    Example 1 of the paper, |F| = 1000, ε = 0.1, δ = 0.05, ρ = 1/4:
    ⌈(64/(0.1875·0.01))·ln 80000⌉ = 385358, rounded up to a multiple of 4.

    >>> from aucbound.shatter import Finite
    >>> eem_sample_size(Finite(1000), 0.1, 0.05, "1/4").M
    385360
    """
    fclass = function_class(fclass)
    epsilon = v.probability("epsilon", epsilon, scalar=True)
    delta = v.probability("delta", delta, scalar=True)
    rho = _rational(rho)
    log_u = _log_thm1(FLOAT, epsilon, math.log(delta), rho, fclass.log_c1, fclass.c2)
    value = math.exp(log_u) if log_u < 709 else math.inf
    if log_u > math.log(MAX_SIZE):
        M = None
    else:
        import mpmath

        with mpmath.workdps(340):  # u has at most 301 integer digits, and M is its ceiling
            exact = mpmath.exp(_log_thm1(EXACT, EXACT.number(epsilon), EXACT.log(EXACT.number(delta)), rho,
                                         EXACT.number(fclass.log_c1), EXACT.number(fclass.c2)))
            M = _ceil_multiple(exact, rho.denominator)
    return _sample_complexity("thm1", epsilon, delta, rho, M, value, "Agarwal & Roth 2005, Thm 1", str(fclass))


#: The most decimal digits of r(F, 2m, 2n) that :func:`eem_exact_sample_size` counts exactly (a linear class of
#: dimension 10^4 at sizes near 10^16 has about 2.7·10^5 digits, each count a long big-integer sum).
MAX_EXACT_COUNT_DIGITS = 50_000


def eem_exact_sample_size(fclass, epsilon, delta, rho) -> SampleComplexity:
    """The smallest training set whose class sizes meet 4·r(F, 2m, 2n)·e^{−mnε²/(32(m+n))} ≤ δ.

    The condition Thm 1's proof establishes, before it is relaxed into a closed form
    (beyond the paper), with m = ρM rounded (the convention of :func:`aucbound.sample_size`),
    confirmed in exact arithmetic wherever the floating-point comparison is close, up to counts
    r of :data:`MAX_EXACT_COUNT_DIGITS` digits; beyond that the comparison is made in floating
    point, and the result's source says so (M is then right to about 15 significant digits).
    r is the smallest bound the class knows (its own, ψ(m, n) or 3^{mn}). Never larger than
    :func:`eem_sample_size` on the same class.

    >>> from aucbound.shatter import Finite
    >>> exact = eem_exact_sample_size(Finite(1000), 0.1, 0.05, "1/4")
    >>> exact.M, exact.m, exact.n
    (192678, 48170, 144508)
    """
    fclass = function_class(fclass)
    epsilon = v.probability("epsilon", epsilon, scalar=True)
    delta = v.probability("delta", delta, scalar=True)
    rho = v.skew("rho", rho)

    def sides(X, m, n):
        """(ln 4 + ln r(F, 2m, 2n) − ln δ, mnε²/(32(m+n))): the condition holds where the first is at most the
        second. Compared as two sums of terms of one sign, so that a floating-point comparison whose relative
        gap is wide is settled there and only a close one goes to exact arithmetic."""
        eps = X.number(epsilon)
        return (2 * X.LN2 + fclass.log_rank_shatter(2 * m, 2 * n, X=X) - X.log(X.number(delta)),
                eps * eps / (32 * (1 / X.number(m) + 1 / X.number(n))))

    floated = []  # the sizes whose test was left to floating point (the exact count out of reach)

    def guess(m, n):
        lhs, rhs = sides(FLOAT, m, n)
        return lhs <= rhs

    def exact(m, n):
        if fclass.log_rank_shatter(2 * m, 2 * n) > MAX_EXACT_COUNT_DIGITS * math.log(10):
            floated.append(m + n)
            return guess(m, n)
        return holds(lambda X: [sides(X, m, n)], digits=len(str(m + n)), float_first=True)

    M = smallest_design(guess, exact, rho)
    sizes = split(M, rho) if M is not None else (None, None)
    source = "Agarwal & Roth 2005, proof of Thm 1 (unrelaxed)"
    if floated:
        source += (f"; decided in floating point, r(F, 2m, 2n) having over {MAX_EXACT_COUNT_DIGITS:,} digits: M to "
                   "about 15 significant digits")
    return _sample_complexity("exact", epsilon, delta, rho, M, math.inf if M is None else M, source, str(fclass),
                              beyond_paper=True, sizes=sizes)


def _rank_dimension(rank_dim) -> int:
    return v.count("rank_dim", rank_dim, maximum=v.MAX_COUNT)


def excess_error_lower_bound(rank_dim, m, n) -> float:
    """Thm 3: a lower bound on the worst-case expected excess ranking error of any algorithm.

    ``2^−10·sqrt(r/(m+n))·(1 − sqrt(1 − e^{−(2m/(m+n)+1)}))²·(1 − sqrt(1 − e^{−(2n/(m+n)+1)}))²``
    for a class of rank dimension r, valid when m + n ≥ 2r.

    >>> f"{excess_error_lower_bound(10, 50, 50):.4e}"  # sqrt(0.1)·(1 − sqrt(1 − e^−2))⁴/2^10
    '7.4684e-09'
    """
    r = _rank_dimension(rank_dim)
    m, n = v.count("m", m, maximum=v.MAX_COUNT), v.count("n", n, maximum=v.MAX_COUNT)
    if m + n < 2 * r:
        raise v.ParameterError("m", f"such that m + n ≥ 2·{{rank_dim}} = {2 * r} (Thm 3)", f"m + n = {m + n}",
                               others=("rank_dim",))
    total = m + n
    log_value = (0.5 * (math.log(r) - math.log(total)) + 2 * math.log(_excess_factor(FLOAT, 2 * m / total + 1))
                 + 2 * math.log(_excess_factor(FLOAT, 2 * n / total + 1)) - 10 * math.log(2))
    return math.exp(log_value)


def sample_complexity_lower_bound(rank_dim, epsilon, delta, rho) -> SampleComplexity:
    """Cor 1: no algorithm learns a class of rank dimension r with fewer examples than
    ``r/(2^20(ε+δ)²)·(1 − sqrt(1 − e^{−(2ρ+1)}))⁴·(1 − sqrt(1 − e^{−(2(1−ρ)+1)}))⁴``.

    ``M`` is that real bound rounded up (``value`` keeps it unrounded; inf past 1e308); ρ
    may be any number in (0, 1) here. Computed in log space.

    >>> bound = sample_complexity_lower_bound(10, 0.1, 0.05, 0.5)
    >>> f"{bound.value:.4e}", bound.M  # 10/(2^20·0.15²)·(1 − sqrt(1 − e^−2))⁸: far below one example
    ('2.4790e-13', 1)
    """
    r = _rank_dimension(rank_dim)
    epsilon = v.probability("epsilon", epsilon, scalar=True)
    delta = v.probability("delta", delta, scalar=True)
    rho_value = float(v.skew("rho", rho))

    def log_value(X, r, epsilon, delta, rho):
        return (X.log_int(r) - 20 * X.LN2 - 2 * X.log(epsilon + delta) + 4 * X.log(_excess_factor(X, 2 * rho + 1))
                + 4 * X.log(_excess_factor(X, 2 * (1 - rho) + 1)))

    log_bound = log_value(FLOAT, r, epsilon, delta, rho_value)
    value = math.exp(log_bound) if log_bound < 709 else math.inf
    if log_bound > math.log(MAX_SIZE):
        M = None
    else:
        import mpmath

        with mpmath.workdps(340):
            exact = mpmath.exp(log_value(EXACT, r, *(EXACT.number(x) for x in (epsilon, delta, rho_value))))
            M = max(1, int(mpmath.ceil(exact)))
    return SampleComplexity(
        method="lower", epsilon=epsilon, delta=delta, rho=rho_value, M=M, m=None, n=None,
        value=value, source="Agarwal & Roth 2005, Cor 1", fclass=f"rank dimension {r}", beyond_paper=False,
    )
