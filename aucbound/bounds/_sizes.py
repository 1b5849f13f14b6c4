"""One convention for every sample size: the smallest N whose class sizes meet the target.

A test (or training) set of N examples at positive skew ρ has the class sizes

    m = ρN rounded to the nearest integer (halves up), kept within [1, N − 1],  n = N − m,

computed exactly (ρ is a ``Fraction``: a ratio as given, a float as the fraction it equals
to 12 digits with denominator ≤ 10^6 — 0.1 is 1/10 — or else its exact binary value), so it
is the same for N = 10 and for N = 10^200. As N grows by one, exactly one of m and n grows by one.
A bound that never gets worse with more examples of either class is therefore monotone
in N, and the size it needs is the smallest N whose (m, n) meet it — found by growing and
shrinking a bracket in floating point, then confirmed in exact arithmetic (:func:`aucbound._exact.holds`)
at N and N − 1, and moved if the floating-point search was off: so the size returned meets
its target exactly and one fewer example would not. Sizes are Python integers; a size
beyond :data:`MAX_SIZE` is reported as beyond it (None), never as a number that looks usable.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

__all__ = ["MAX_SIZE", "split", "smallest", "smallest_design"]

#: The largest size aucbound reports; beyond it a size is vacuous.
MAX_SIZE = 10**300


def split(N: int, rho: Fraction) -> tuple[int, int]:
    """(m, n): m = ρN rounded half up, within [1, N − 1], in exact integer arithmetic.

    >>> split(150, Fraction(2, 3)), split(10, Fraction(1, 1000)), split(5, Fraction(1, 10))
    ((100, 50), (1, 9), (1, 4))
    >>> split(10**200 + 5, Fraction(1, 10))[0] == 10**199 + 1
    True
    """
    m = (2 * rho.numerator * N + rho.denominator) // (2 * rho.denominator)
    m = min(max(m, 1), N - 1)
    return m, N - m


#: Floating-point tests cannot place a size more finely than this fraction of it.
_FLOAT_BITS = 50


def _float_guess(fits, lowest: int) -> int:
    """A size near the smallest one meeting `fits` (a test in floating point), to about 2^-50.

    The bracket grows by factors 2, 4, 16, 256, … and shrinks by geometric means while its
    ends differ by more than a factor 2, so a size of 10^300 takes about 80 tests, not 2000.
    """
    if fits(lowest):
        return lowest
    low, high, bits = lowest, 2 * lowest, 1
    while not fits(high):
        if high >= MAX_SIZE:
            return MAX_SIZE
        low, high, bits = high, min(high << bits, MAX_SIZE), 2 * bits
    while high - low > 1 and (high - low) << _FLOAT_BITS > low:
        middle = math.isqrt(low * high) if high > 2 * low else (low + high) // 2
        middle = min(max(middle, low + 1), high - 1)
        if fits(middle):
            high = middle
        else:
            low = middle
    return high


def _bisect(fits, low: int, high: int) -> int:
    """The smallest k in (low, high] with ``fits(k)``, given ``fits(high)`` and not ``fits(low)``."""
    while high - low > 1:
        middle = (low + high) // 2
        if fits(middle):
            high = middle
        else:
            low = middle
    return high


def smallest(fits, exact, *, lowest: int = 1) -> int | None:
    """The smallest integer N ≥ `lowest` with ``exact(N)``, or None if it is beyond :data:`MAX_SIZE`.

    `fits` is the same test in floating point, used to find the neighbourhood; `exact`
    decides. Both must be monotone (false, then true from some N on). From the float
    guess, steps of s, 2s, 4s, … towards the answer bracket it (s = 1, or about the
    float guess's uncertainty for sizes beyond 2^50), and bisection with `exact` finds it:
    two exact tests when the guess is right and below 2^50. A guess refuted by `exact` is
    first checked against :data:`MAX_SIZE` (where a floating-point test passes far too
    early, the answer is often beyond it: one test, not a thousand steps).

    >>> smallest(lambda k: k * k >= 10**40, lambda k: k * k >= 10**40)
    100000000000000000000
    >>> smallest(lambda k: False, lambda k: False) is None
    True
    """
    with np.errstate(all="ignore"):
        guess = _float_guess(fits, lowest)
    first = max(1, guess >> _FLOAT_BITS)  # about the floating-point search's uncertainty
    if exact(guess):
        low, high, step = None, guess, first  # the answer is at most `high`
        while high - step >= lowest and exact(high - step):
            high -= step
            step *= 2
        low = max(high - step, lowest - 1)
    elif guess >= MAX_SIZE or not exact(MAX_SIZE):  # one test, where the float guess was far too small
        return None
    else:
        low, step = guess, first  # the answer is above `low`
        while not exact(min(low + step, MAX_SIZE)):
            if low + step >= MAX_SIZE:
                return None
            low += step
            step *= 2
        high = min(low + step, MAX_SIZE)
    return _bisect(exact, low, high)  # exact(high) holds; exact(low) fails, or low is below `lowest`


def smallest_design(fits, exact, rho: Fraction, *, lowest: int = 2) -> int | None:
    """The smallest N whose class sizes (m, n) = :func:`split`(N, ρ) meet the target.

    `fits(m, n)` and `exact(m, n)` test one design, in floating point and exactly.
    """
    return smallest(lambda N: fits(*split(N, rho)), lambda N: exact(*split(N, rho)), lowest=lowest)
