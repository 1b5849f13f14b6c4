r"""The exact expected number of comparisons of QuickSort and of its top-k variant.

For a transitive h without ties (Ailon & Mohri 2008, §3.1 with scores), QuickSort is
Hoare's random-pivot quicksort and a sub-array of size s costs s − 1 calls of h. The pivot
has rank j (1 = highest) uniformly in 1, …, s, leaving j − 1 items on the left and s − j on
the right, so the expected count C_s satisfies

    C_0 = C_1 = 0,   C_s = s − 1 + (1/s)·Σ_{j=1..s} (C_{j−1} + C_{s−j}) = s − 1 + (2/s)·Σ_{i<s} C_i,

whose solution is the classical ``C_n = 2(n+1)H_n − 4n`` (H_n the n-th harmonic number):
multiply by s, subtract the equation at s − 1, and s·C_s = (s+1)·C_{s−1} + 2(s−1) telescopes
after dividing by s(s+1).

**Top-k** (§3.4; the recursion of :func:`aucbound.reductions.quicksort_ranking`). Let
P(s, t) be the expected cost of a sub-array of s items of which the first t positions are
wanted (1 ≤ t ≤ s; P(s, s) = C_s; P(s, t) = 0 for s ≤ 1). The pivot of rank j costs s − 1;
the left part (j − 1 items) is always visited, for its first min(t, j − 1) positions; the
right part (s − j items) only when j < t, for its first t − j positions:

    P(s, t) = s − 1 + (1/s)·Σ_{j=1..s} [ P(j−1, min(t, j−1)) + 1(j < t)·P(s−j, t−j) ].

:func:`expected_comparisons_recurrence` evaluates it exactly, all P(s', t') with s' ≤ n
and t' ≤ k in O(n·k) integer operations: the first sum is a running sum over s for each t,
the second a diagonal sum, D(s, t) = P(s−1, t−1) + D(s−1, t−1); every P(s', t') times
lcm(1, …, n) is an integer (the division by s' is checked to be exact). Its solution is
the closed form of Martínez's (2004) partial quicksort,

    P(n, k) = 2n + 2(n+1)·H_n − 2(n+3−k)·H_{n+1−k} − 6k + 6,

(k = n gives C_n; k = 1 gives 2n − 2H_n, the cost of selecting the maximum), which
:func:`expected_comparisons` evaluates in O(n). The tests check both against a
term-by-term evaluation of the recurrence in Fractions for every k ≤ n ≤ 36, against each
other at larger sizes, and against an enumeration of every pivot sequence for n ≤ 7.

For fixed k, P(n, k) = 2n + 2(k−2)(ln n + γ) − 4k + 4 + o(1); for 1 ≪ k ≪ n,
P(n, k) = 2n + 2k·ln n + (2γ − 4)·k + O(log n + k²/n) — within Ailon & Mohri's
O(n + k log k) (2k·ln n ≤ 2n when k ≤ n/ln n, and ln n ≤ 2 ln k otherwise), but above
2n + 2k·ln k − 6k by about 2k·ln(n/k): at n = 10^6, k = 100, P = 2 002 424.96 while
2n + 2k ln k − 6k = 2 000 321.0.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from .. import _validate as v
from ._checks import top_k

__all__ = [
    "expected_comparisons",
    "expected_comparisons_recurrence",
    "expected_comparisons_float",
    "MAX_EXACT_N",
    "MAX_RECURRENCE_N",
    "MAX_RECURRENCE_COST",
]

#: The largest n of the exact closed form (H_n has about 0.43·n digits; 0.4 s there).
MAX_EXACT_N = 50_000
#: The largest n of the exact full-sort recurrence (about 1 s there).
MAX_RECURRENCE_N = 30_000
#: The largest n²·k of the exact top-k recurrence: n·k cells of integers of O(n) digits (about 1.5 s).
MAX_RECURRENCE_COST = 2 * 10**9
#: Euler's constant γ.
EULER_GAMMA = 0.57721566490153286061


def _sizes(n, top, maximum: int, why: str = "") -> tuple[int, int]:
    """(n, k): n ≥ 1 items (at most `maximum`) and k = top in 1..n (k = n for a full sort)."""
    n = v.at_most("n", v.count("n", n, minimum=1), maximum, why=why)
    k = n if top is None else top_k(top, n)
    return n, k


def _harmonic_parts(low: int, high: int) -> tuple[int, int]:
    """(p, q) with p/q = Σ_{i=low}^{high−1} 1/i, by binary splitting (q = low·…·(high−1))."""
    if high - low <= 16:
        p, q = 0, 1
        for i in range(low, high):
            p, q = p * i + q, q * i
        return p, q
    middle = (low + high) // 2
    p1, q1 = _harmonic_parts(low, middle)
    p2, q2 = _harmonic_parts(middle, high)
    return p1 * q2 + p2 * q1, q1 * q2


def harmonic(n: int) -> Fraction:
    """H_n = 1 + 1/2 + … + 1/n exactly (H_0 = 0).

    >>> harmonic(4)
    Fraction(25, 12)
    """
    if n <= 0:
        return Fraction(0)
    return Fraction(*_harmonic_parts(1, n + 1))


def expected_comparisons(n, *, top=None) -> Fraction:
    """E[calls of h] of QuickSort on n items with a transitive h without ties, exactly: 2(n+1)H_n − 4n.

    With ``top=k``, the top-k recursion (Ailon & Mohri 2008, §3.4, as
    :func:`~aucbound.reductions.quicksort_ranking` runs it):
    2n + 2(n+1)H_n − 2(n+3−k)H_{n+1−k} − 6k + 6 (Martínez's partial quicksort; derived by
    the recurrence in the module docstring). n at most :data:`MAX_EXACT_N`.

    >>> expected_comparisons(3), expected_comparisons(10, top=1), expected_comparisons(4, top=4)
    (Fraction(8, 3), Fraction(17819, 1260), Fraction(29, 6))
    """
    n, k = _sizes(n, top, MAX_EXACT_N, " for the exact value (expected_comparisons_float takes any n)")
    low = n + 1 - k  # H_n = H_low + (H_n − H_low), on one denominator q1·q2: one reduction at the end
    p1, q1 = _harmonic_parts(1, low + 1)
    p2, q2 = _harmonic_parts(low + 1, n + 1)
    numerator = 2 * (n + 1) * (p1 * q2 + p2 * q1) - 2 * (n + 3 - k) * p1 * q2
    return Fraction(numerator, q1 * q2) + 2 * n - 6 * k + 6


def expected_comparisons_recurrence(n, *, top=None) -> Fraction:
    """The same expectation as :func:`expected_comparisons`, from its recurrence (O(n) full, O(n·k) top-k).

    The recurrences are in the module docstring; they run in exact integers scaled by
    lcm(1, …, n). A full sort takes n ≤ :data:`MAX_RECURRENCE_N`, the top k
    n²·k ≤ :data:`MAX_RECURRENCE_COST`.

    >>> expected_comparisons_recurrence(3), expected_comparisons_recurrence(10, top=1)
    (Fraction(8, 3), Fraction(17819, 1260))
    """
    n, k = _sizes(n, top, MAX_RECURRENCE_N, " for the exact recurrence")
    if k < n and n * n * k > MAX_RECURRENCE_COST:
        raise v.fail("top", f"at most {MAX_RECURRENCE_COST // (n * n):,} for n = {n:,} (n²·top ≤ "
                            f"{MAX_RECURRENCE_COST:,})", top)
    scale = math.lcm(*range(1, n + 1))
    if k == n:
        return Fraction(_full_recurrence(n, scale)[n], scale)
    return Fraction(_partial_recurrence(n, k, scale), scale)


def _exact_division(numerator: int, s: int) -> int:
    quotient, remainder = divmod(numerator, s)
    if remainder:  # pragma: no cover - would disprove the scaling by lcm(1..n)
        raise ArithmeticError(f"P(s, ·)·lcm is not an integer at s = {s}")
    return quotient


def _full_recurrence(n: int, scale: int) -> list[int]:
    """[scale·C_0, …, scale·C_n] from C_s = s − 1 + (2/s)·Σ_{i<s} C_i."""
    costs, total = [0, 0], 0
    for s in range(2, n + 1):
        total += costs[s - 1]
        costs.append(scale * (s - 1) + _exact_division(2 * total, s))
    return costs[: n + 1]


def _partial_recurrence(n: int, k: int, scale: int) -> int:
    """scale·P(n, k) by the top-k recurrence, row by row over s = 1, …, n."""
    full = _full_recurrence(n, scale)
    # running[t] = Σ_{i<s} P(i, min(t, i)); previous[t] = P(s−1, t), diagonal[t] = D(s−1, t)
    running = [0] * (k + 1)
    previous = [0] * (k + 1)
    diagonal = [0] * (k + 1)
    for s in range(1, n + 1):
        top = min(s, k)
        row = [0] * (k + 1)
        new_diagonal = [0] * (k + 1)
        for t in range(1, top + 1):
            new_diagonal[t] = previous[t - 1] + diagonal[t - 1]
            row[t] = scale * (s - 1) + _exact_division(running[t] + new_diagonal[t], s)
        for t in range(top + 1, k + 1):
            row[t] = full[s]  # all s positions wanted: P(s, t) = C_s for t ≥ s
        for t in range(1, k + 1):
            running[t] += row[t]
        previous, diagonal = row, new_diagonal
    return previous[k]


def _harmonic_float(n: int) -> float:
    """H_n in floating point: summed up to 1000, else the asymptotic series (error < 10^-25)."""
    if n <= 1000:
        return math.fsum(1.0 / i for i in range(1, n + 1))
    x = float(n)
    return math.log(x) + EULER_GAMMA + 1 / (2 * x) - 1 / (12 * x**2) + 1 / (120 * x**4) - 1 / (252 * x**6)


def _harmonic_difference(high: int, low: int) -> float:
    """H_high − H_low (high ≥ low ≥ 0) without cancellation."""
    if high - low <= 1000:
        return math.fsum(1.0 / i for i in range(low + 1, high + 1))
    if low <= 1000:
        return _harmonic_float(high) - _harmonic_float(low)
    a, b = float(high), float(low)
    series = (1 / (2 * a) - 1 / (2 * b)) - (1 / (12 * a**2) - 1 / (12 * b**2)) + (1 / (120 * a**4) - 1 / (120 * b**4))
    return math.log1p((a - b) / b) + series


def expected_comparisons_float(n, *, top=None) -> float:
    """:func:`expected_comparisons` in floating point, for any n up to 10^15 (relative error ~1e-15).

    >>> round(expected_comparisons_float(10**6), 1), round(expected_comparisons_float(10**6, top=100), 2)
    (24785482.2, 2002424.96)
    """
    n, k = _sizes(n, top, 10**15)
    # 2(n+1)H_n − 2(n+3−k)H_{n+1−k} = 2(n+1)(H_n − H_{n+1−k}) + 2(k−2)H_{n+1−k}
    low = n + 1 - k
    result = 2 * n + 2 * (n + 1) * _harmonic_difference(n, low) + 2 * (k - 2) * _harmonic_float(low) - 6 * k + 6
    return float(np.float64(result))
