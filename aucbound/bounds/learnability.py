"""Learnability of classes of ranking functions: sample complexity bounds.

Agarwal & Roth (2005), *Learnability of Bipartite Ranking Functions*, COLT (paper ``004``):

- Thm 1 (empirical error minimization, EEM): if ``r(F, m, n) ≤ c1·(mn)^c2`` then every
  EEM algorithm learns F with sample complexity at most
  ``⌈ 64/(ρ(1−ρ)ε²) · (4c2·ln(16/ε) + c2·ln(c2²/(e²ρ(1−ρ))) + ln(4c1/δ)) ⌉_ρ``,
  where ``⌈u⌉_ρ`` is the smallest integer M ≥ u with ρM an integer (Examples 1–3: finite,
  linear and polynomial classes).
- **(beyond)** Thm 1 relaxes the condition its proof actually establishes,
  ``4·r(F, 2ρM, 2(1−ρ)M)·exp(−ρ(1−ρ)Mε²/32) ≤ δ`` (Thm 2 at ε/2), through
  ``ln u ≤ au − ln a − 1``. Solving the unrelaxed condition for the smallest admissible M
  gives a valid size that is much smaller.
- Thm 3: for a class of rank dimension r, every algorithm has expected excess ranking
  error at least ``2^−10·sqrt(r/(m+n))·(1 − sqrt(1 − e^{−(2m/(m+n)+1)}))²·(…n…)²`` on some
  pair of distributions, when m + n ≥ 2r; Cor 1 turns this into a lower bound on the
  sample complexity, ``r/(2^20(ε+δ)²)·(1 − sqrt(1 − e^{−(2ρ+1)}))⁴·(1 − sqrt(1 − e^{−(3−2ρ)}))⁴``.
- Def 6–7 (rank-shattering, rank dimension) and Thm 9 (linear ranking functions are
  learnable in the restricted model through a linear program): :func:`rank_shatters` and
  :func:`consistent_linear_ranker`.

Sizes are Python ints; a size beyond 10^300 is reported as ``None`` with
``vacuous=True``, never as a number that looks usable.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np

from .. import _validate as v
from ..results import ConsistentRanker, SampleComplexity
from ._search import MAX_SIZE
from .uniform import smallest_multiple

__all__ = [
    "ceil_rho",
    "eem_sample_size",
    "eem_exact_sample_size",
    "excess_error_lower_bound",
    "sample_complexity_lower_bound",
    "rank_shatters",
    "consistent_linear_ranker",
]

LN4 = math.log(4.0)


def ceil_rho(u, rho) -> int:
    """⌈u⌉_ρ: the smallest integer M ≥ u with ρM an integer (Agarwal & Roth 2005, Thm 1).

    With ρ = p/q in lowest terms, ρM is an integer exactly when q divides M; M ≥ q keeps
    both classes non-empty.

    >>> ceil_rho(385358, "1/4"), ceil_rho(10.5, 0.1), ceil_rho(-3, 0.5)
    (385360, 20, 2)
    """
    rho = v.rational_skew("rho", rho)
    u = float(v.real("u", u))
    if math.isnan(u):
        raise v.fail("u", "a number", u)
    q = rho.denominator
    if u > MAX_SIZE:
        raise v.fail("u", "at most 10^300", u)
    return q * max(1, math.ceil(Fraction(u) / q))


def _excess_factor(x: float) -> float:
    """1 − sqrt(1 − e^{−x}), computed as e^{−x}/(1 + sqrt(1 − e^{−x}))."""
    t = math.exp(-x)
    return t / (1.0 + math.sqrt(1.0 - t))


def _thm1_bound(epsilon: float, log_delta: float, rho: Fraction, log_c1: float, c2: float) -> float:
    """The real number u inside Thm 1's ⌈·⌉_ρ."""
    s = float(rho * (1 - rho))
    bracket = LN4 + log_c1 - log_delta
    if c2 > 0:
        bracket += 4 * c2 * math.log(16 / epsilon) + c2 * (2 * math.log(c2) - 2 - math.log(s))
    return 64 / (s * epsilon**2) * bracket


def _constants(fclass, c1, c2, log_c1):
    """(ln c1, c2, description) from a class or from the constants themselves."""
    if fclass is not None:
        if c1 is not None or c2 is not None or log_c1 is not None:
            raise v.ParameterError("fclass", "`fclass` and `c1`/`c2` are alternatives; give one, but got both.")
        log_c1, c2 = fclass.log_c1, fclass.c2
        return float(log_c1), float(c2), str(fclass)
    if c2 is None or (c1 is None) == (log_c1 is None):
        raise v.ParameterError(
            "c1", "`c1` (or `log_c1`) and `c2` must be given when `fclass` is not, but got "
            f"c1={c1!r}, log_c1={log_c1!r}, c2={c2!r}."
        )
    c2 = float(v.nonnegative("c2", c2))
    log_c1 = math.log(float(v.positive("c1", c1))) if c1 is not None else float(v.real("log_c1", log_c1))
    if not math.isfinite(log_c1):
        raise v.fail("log_c1", "finite", log_c1)
    return log_c1, c2, f"r(F, m, n) ≤ c1·(mn)^c2 with ln c1 = {log_c1:.6g}, c2 = {c2:g}"


def _sample_complexity(method, epsilon, delta, rho, M, value, source, fclass, beyond_paper=False):
    return SampleComplexity(
        method=method,
        epsilon=float(epsilon),
        delta=float(delta),
        rho=float(rho),
        M=M,
        m=None if M is None else int(rho * M),
        n=None if M is None else int((1 - rho) * M),
        value=float(value),
        source=source,
        fclass=fclass,
        beyond_paper=beyond_paper,
    )


def eem_sample_size(epsilon, delta, rho, *, fclass=None, c1=None, c2=None, log_c1=None) -> SampleComplexity:
    """Thm 1's sample size for empirical error minimization: ⌈64/(ρ(1−ρ)ε²)·(…)⌉_ρ.

    Give a function class (``Finite(size)``, ``Line()``, ``Linear(d)``,
    ``Polynomial(d, q)``) or the constants of ``r(F, m, n) ≤ c1·(mn)^c2`` (``c1`` or
    ``log_c1`` = ln c1, and ``c2``). ``rho`` must be rational (0.25, ``"1/4"``).

    Example 1 of the paper, |F| = 1000, ε = 0.1, δ = 0.05, ρ = 1/4:
    ⌈(64/(0.1875·0.01))·ln 80000⌉ = 385358, rounded up to a multiple of 4.

    >>> eem_sample_size(0.1, 0.05, "1/4", c1=1000, c2=0).M
    385360
    """
    epsilon = float(v.probability("epsilon", epsilon))
    delta = float(v.probability("delta", delta))
    rho = v.rational_skew("rho", rho)
    log_c1, c2, described = _constants(fclass, c1, c2, log_c1)
    u = _thm1_bound(epsilon, math.log(delta), rho, log_c1, c2)
    M = ceil_rho(u, rho) if u <= MAX_SIZE else None
    return _sample_complexity("thm1", epsilon, delta, rho, M, u, "Agarwal & Roth 2005, Thm 1", described)


def eem_exact_sample_size(epsilon, delta, rho, *, fclass=None, c1=None, c2=None, log_c1=None, log_r=None):
    """The smallest M (ρM an integer) with 4·r(F, 2ρM, 2(1−ρ)M)·e^{−ρ(1−ρ)Mε²/32} ≤ δ.

    The condition Thm 1's proof establishes, before it is relaxed into a closed form
    (beyond the paper). With a class, r is the smallest bound the class knows (its own,
    ψ(m, n) or 3^{mn}); with ``c1``, ``c2`` it is c1·(mn)^c2; ``log_r`` may be a
    callable ``(m, n) -> ln r(F, m, n)``. Never larger than :func:`eem_sample_size` on
    the same constants.

    >>> exact = eem_exact_sample_size(0.1, 0.05, "1/4", c1=1000, c2=0)
    >>> exact.M, exact.M / eem_sample_size(0.1, 0.05, "1/4", c1=1000, c2=0).M
    (192680, 0.5)
    """
    epsilon = float(v.probability("epsilon", epsilon))
    delta = float(v.probability("delta", delta))
    rho = v.rational_skew("rho", rho)
    if log_r is not None:
        if fclass is not None or c1 is not None or c2 is not None or log_c1 is not None:
            raise v.ParameterError("log_r", "`log_r` replaces `fclass`, `c1` and `c2`; give one, but got several.")
        if not callable(log_r):
            raise v.fail("log_r", "a callable (m, n) -> ln r(F, m, n)", log_r)
        rank_shatter, described = log_r, "ln r(F, m, n) given as a function"
    elif fclass is not None:
        _constants(fclass, c1, c2, log_c1)  # rejects mixed arguments
        rank_shatter, described = fclass.log_rank_shatter, str(fclass)
    else:
        log_c1, c2, described = _constants(None, c1, c2, log_c1)

        def rank_shatter(m, n):
            return log_c1 + c2 * (math.log(m) + math.log(n))

    log_delta = math.log(delta)
    s = float(rho * (1 - rho))

    def suffices(M: int) -> bool:
        m, n = int(2 * rho * M), int(2 * (1 - rho) * M)
        return LN4 + rank_shatter(m, n) - s * M * epsilon**2 / 32 <= log_delta

    M = smallest_multiple(suffices, rho.denominator)
    value = math.nan if M is None else M
    return _sample_complexity("exact", epsilon, delta, rho, M, value,
                              "Agarwal & Roth 2005, proof of Thm 1 (unrelaxed)", described, beyond_paper=True)


def _check_rank_dimension(rank_dim):
    return v.count("rank_dim", rank_dim)


def excess_error_lower_bound(rank_dim, m, n) -> float:
    """Thm 3: a lower bound on the worst-case expected excess ranking error of any algorithm.

    ``2^−10·sqrt(r/(m+n))·(1 − sqrt(1 − e^{−(2m/(m+n)+1)}))²·(1 − sqrt(1 − e^{−(2n/(m+n)+1)}))²``
    for a class of rank dimension r, valid when m + n ≥ 2r.

    >>> f"{excess_error_lower_bound(10, 50, 50):.4e}"  # sqrt(0.1)·(1 − sqrt(1 − e^−2))⁴/2^10
    '7.4684e-09'
    """
    r = _check_rank_dimension(rank_dim)
    m, n = v.count("m", m), v.count("n", n)
    if m + n < 2 * r:
        raise v.ParameterError("m", f"`m` + `n` must be at least 2·rank_dim = {2 * r} (Thm 3), but got {m + n}.")
    total = m + n
    return (math.sqrt(r / total) * _excess_factor(2 * m / total + 1) ** 2 * _excess_factor(2 * n / total + 1) ** 2
            / 2**10)


def sample_complexity_lower_bound(rank_dim, epsilon, delta, rho) -> SampleComplexity:
    """Cor 1: no algorithm learns a class of rank dimension r with fewer examples than
    ``r/(2^20(ε+δ)²)·(1 − sqrt(1 − e^{−(2ρ+1)}))⁴·(1 − sqrt(1 − e^{−(2(1−ρ)+1)}))⁴``.

    ``M`` is that real bound rounded up (``value`` keeps it unrounded); ρ may be any
    number in (0, 1) here.

    >>> bound = sample_complexity_lower_bound(10, 0.1, 0.05, 0.5)
    >>> f"{bound.value:.4e}", bound.M  # 10/(2^20·0.15²)·(1 − sqrt(1 − e^−2))⁸: far below one example
    ('2.4790e-13', 1)
    """
    r = _check_rank_dimension(rank_dim)
    epsilon = float(v.probability("epsilon", epsilon))
    delta = float(v.probability("delta", delta))
    rho_value = float(v.probability("rho", rho))
    value = (r / (2**20 * (epsilon + delta) ** 2) * _excess_factor(2 * rho_value + 1) ** 4
             * _excess_factor(2 * (1 - rho_value) + 1) ** 4)
    return SampleComplexity(
        method="lower", epsilon=epsilon, delta=delta, rho=rho_value, M=max(1, math.ceil(value)), m=None, n=None,
        value=value, source="Agarwal & Roth 2005, Cor 1", fclass=f"rank dimension {r}", beyond_paper=False,
    )


# --- rank-shattering and the consistent-hypothesis linear program (Def 6, Thm 9) -----------


def _points(parameter: str, value, *, dimension: int | None = None) -> np.ndarray:
    array = np.asarray(value, dtype=np.float64)
    if array.ndim == 1:
        array = array[:, None]
    if array.ndim != 2 or array.shape[0] == 0:
        raise v.fail(parameter, "a non-empty array of points, shape (k, d) or (k,)", f"shape {array.shape}")
    if not np.isfinite(array).all():
        raise v.fail(parameter, "finite", "a NaN or infinite coordinate")
    if dimension is not None and array.shape[1] != dimension:
        raise v.fail(parameter, f"points of dimension {dimension}", f"dimension {array.shape[1]}")
    return array


def _separate(pos: np.ndarray, neg: np.ndarray):
    """(w, θ) with w·x ≥ θ + 1 on `pos` and w·x ≤ θ − 1 on `neg`, or None: an LP (HiGHS)."""
    from scipy.optimize import linprog

    d = pos.shape[1]
    # variables (w_1 … w_d, θ), all free; constraints A·(w, θ) ≤ −1
    upper = np.vstack((np.hstack((-pos, np.ones((pos.shape[0], 1)))), np.hstack((neg, -np.ones((neg.shape[0], 1))))))
    solution = linprog(np.zeros(d + 1), A_ub=upper, b_ub=-np.ones(upper.shape[0]),
                       bounds=[(None, None)] * (d + 1), method="highs")
    if solution.status == 0:
        return solution.x[:d], solution.x[d]
    if solution.status == 2:
        return None
    raise RuntimeError(f"linear program failed: {solution.message}")


def consistent_linear_ranker(pos_points, neg_points) -> ConsistentRanker:
    """Thm 9's consistent-hypothesis finder: w with zero empirical ranking error, if one exists.

    A linear ranking function f(x) = w·x ranks every positive above every negative exactly
    when some threshold θ separates them, so (Agarwal & Roth 2005, Remark 3) a linear
    program in d + 1 variables with m + n constraints, w·x⁺ ≥ θ + 1 ≥ θ − 1 ≥ w·x⁻,
    finds it or proves there is none.

    >>> fit = consistent_linear_ranker([[2, 1], [3, 0]], [[0, 0], [1, -1]])
    >>> fit.found, fit.training_auc
    (True, 1.0)
    >>> consistent_linear_ranker([[0.0], [2.0]], [[1.0]]).found  # a negative between two positives
    False
    """
    pos = _points("pos_points", pos_points)
    neg = _points("neg_points", neg_points, dimension=pos.shape[1])
    found = _separate(pos, neg)
    if found is None:
        return ConsistentRanker(found=False, w=None, threshold=None, training_auc=None)
    w, theta = found
    from ..empirical import auc_from_groups

    return ConsistentRanker(found=True, w=tuple(float(x) for x in w), threshold=float(theta),
                            training_auc=auc_from_groups(pos @ w, neg @ w))


#: The largest number of pairs :func:`rank_shatters` checks (2^r linear programs).
MAX_PAIRS = 16


def rank_shatters(pairs) -> bool:
    """Whether linear ranking functions f(x) = w·x + b rank-shatter the given pairs (Def 6).

    ``pairs`` has shape (r, 2, d) (or (r, 2) on the line): r pairs (w_i, w'_i). They are
    rank-shattered when for every b ∈ {0, 1}^r some f puts every "b-positive" point
    (w_i if b_i = 1, else w'_i) above every "b-negative" one — the condition for all
    i, j used in the proof of Thm 3. One LP per b; at most 16 pairs.

    >>> rank_shatters([[0.0, 1.0]])  # one pair on the line
    True
    >>> rank_shatters([[0.0, 1.0], [2.0, 3.0]])  # two pairs on the line: never
    False
    """
    array = np.asarray(pairs, dtype=np.float64)
    if array.ndim == 2:
        array = array[:, :, None]
    if array.ndim != 3 or array.shape[1] != 2 or array.shape[0] == 0:
        raise v.fail("pairs", "an array of shape (r, 2, d) or (r, 2)", f"shape {array.shape}")
    if array.shape[0] > MAX_PAIRS:
        raise v.fail("pairs", f"at most {MAX_PAIRS} pairs (2^r linear programs)", f"{array.shape[0]} pairs")
    if not np.isfinite(array).all():
        raise v.fail("pairs", "finite", "a NaN or infinite coordinate")
    rows = np.arange(array.shape[0])
    for b in itertools.product((1, 0), repeat=array.shape[0]):
        chosen = np.array(b)
        if _separate(array[rows, 1 - chosen], array[rows, chosen]) is None:
            return False
    return True
