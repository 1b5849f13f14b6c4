"""The smallest integer meeting a monotone condition: the search behind every sample size."""

from __future__ import annotations

#: The largest size aucbound reports; beyond it a size is vacuous.
MAX_SIZE = 10**300


def smallest_integer(fits, lowest: int = 1) -> int | None:
    """The smallest integer k ≥ `lowest` with ``fits(k)``, or None if it is beyond 10^300.

    `fits` must be monotone (false, then true from some k on). Doubling finds a k that
    fits, bisection the first one, so ``fits(k − 1)`` is false unless k = `lowest`.
    Exact in Python integers at any size.

    >>> smallest_integer(lambda k: k * k >= 10**40)
    100000000000000000000
    >>> smallest_integer(lambda k: False) is None
    True
    """
    if fits(lowest):
        return lowest
    low, high = lowest, 2 * lowest
    while not fits(high):
        if high > MAX_SIZE:
            return None
        low, high = high, 2 * high
    while high - low > 1:
        middle = (low + high) // 2
        if fits(middle):
            high = middle
        else:
            low = middle
    return high if high <= MAX_SIZE else None
