r"""QuickSort with a preference function, and its top-k variant (Ailon & Mohri 2008, §3.1, §3.4).

§3.1: pick a pivot u uniformly at random from V; place every other v on the left of u if
h(v, u) = 1 and on its right otherwise ("left" is the top: ranked items are written from
the most preferred); recurse on both sides; concatenate left, u, right. Thm 1 bounds the
expected loss by 2·L(h, σ) in general, Thm 2 the bipartite regret by the classification
regret, and the number of calls of h is O(n log n) in expectation. h need not be
transitive; for a transitive h without ties the output is the sort.

**Fractional h.** §3 assumes h binary "to simplify the analysis", yet the quantities of
the analysis weight each outcome by h as a probability: in Lemma 3 the pivot w puts u left
of v with weight h(u, w)·h(w, v), which is the probability of that outcome when u goes
left of w with probability h(u, w) and v right of it with probability h(w, v), each pair
decided independently. That is the rule implemented: for fractional h, v goes left of the
pivot u with probability h(v, u), by an independent seeded draw per comparison; for
h(v, u) ∈ {0, 1} it is the deterministic rule of §3.1 (no draw decides anything). A
preference from tied scores (h = ½ between equal scores) thus sorts the scores, tied items
in a random order.

**Top-k** (§3.4, expected O(n + k log k) calls): a sub-array that starts at position p
is searched only for the positions p, …, p + need − 1 that the answer still lacks. After
the partition (L items left of the pivot), the left part needs min(need, L) positions, the
pivot is kept if L < need, and the right part, which starts at p + L + 1, is visited only
if L + 1 < need, for need − L − 1 positions. A full sort is need = n. This is Martínez's
(2004) partial quicksort; :mod:`aucbound.reductions._comparisons` has its exact expected
number of comparisons.

**Vectorized levels.** All sub-arrays of one recursion depth are partitioned together:
one pivot per sub-array (swapped to its front), one batched call of h for every non-pivot
element of the level, and a partition of every sub-array by prefix sums of the "left"
flags (no sort; each side keeps the order it had). Every item is written at its new
position in the output; only sub-arrays of two or more items that hold wanted positions
go on to the next level, gathered back from the output. Memory is O(n), time O(calls).

**Randomness.** Each pivot is a function of the seed and of its sub-array (its start in
the output and its length, which identify it among all sub-arrays of a run): uniform over
the sub-array by Lemire's multiply-shift of a 64-bit hash (splitmix64's finaliser,
Steele, Lea & Flood 2014), off uniform by less than length/2^64. Each draw for a
fractional h is a hash of the seed and the ordered pair (v, u), which is compared at most
once per run. Draws therefore do not depend on the order in which sub-arrays are
processed, so ``top=k`` returns exactly the first k items of the full run with the same
seed, and :func:`quicksort_runs` runs many seeds side by side with the same result as one
run per seed. The two 64-bit keys of a seed come from numpy's ``SeedSequence``.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ._results import QuickSortRanking, QuickSortRuns
from ._checks import top_k
from ._degree import preference_argument

__all__ = ["quicksort_ranking", "quicksort_runs", "MAX_RUN_ITEMS"]

#: The most items all runs of :func:`quicksort_runs` may hold together (runs × n).
MAX_RUN_ITEMS = 5 * 10**7

_U64 = np.uint64
_GOLDEN, _MIX1, _MIX2 = _U64(0x9E3779B97F4A7C15), _U64(0xBF58476D1CE4E5B9), _U64(0x94D049BB133111EB)
_LOW32 = _U64(0xFFFFFFFF)
_S11, _S27, _S30, _S31, _S32 = (_U64(s) for s in (11, 27, 30, 31, 32))


def _mix(z: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser on a uint64 array (wrapping arithmetic, a bijection)."""
    z = z + _GOLDEN
    z = (z ^ (z >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


def _below(hashes: np.ndarray, bounds: np.ndarray) -> np.ndarray:
    """floor(hash·bound / 2^64) for uint64 arrays (bound < 2^32): a draw from 0, …, bound − 1."""
    high, low = hashes >> _S32, hashes & _LOW32
    return ((high * bounds + ((low * bounds) >> _S32)) >> _S32).astype(np.int64)


def _keys(seed) -> np.ndarray:
    """The two 64-bit keys (pivots, draws) of a seed."""
    return np.random.SeedSequence(seed).generate_state(2, dtype=np.uint64)


def _pair_hash(key: np.ndarray, high: np.ndarray, low: np.ndarray) -> np.ndarray:
    """A 64-bit hash of (key, high, low) for integers high, low < 2^32 (one splitmix64 finaliser)."""
    return _mix(key ^ ((high.astype(_U64) << _S32) | low.astype(_U64)))


def _run(preference, keys: np.ndarray, top: int | None) -> tuple[np.ndarray, np.ndarray]:
    """QuickSort (or its top-k) once per row of `keys`: (orders, runs × k; calls per run)."""
    n, runs = preference.n, keys.shape[0]
    k = n if top is None else top
    kind, binary = preference.kind, preference.binary
    index = np.int32 if runs * n < 2**31 - 1 else np.int64
    out = np.tile(np.arange(n, dtype=index), runs)  # every item's latest position, run r at r·n + position
    items = out.copy()  # the items of the sub-arrays still to partition, one after another
    start = np.arange(runs, dtype=index) * n  # where each sub-array begins in `items`
    length = np.full(runs, n, dtype=index)
    place = np.zeros(runs, dtype=index)  # its first position in its run's output
    need = np.full(runs, k, dtype=index)  # its positions place, …, place + need − 1 are wanted
    run = np.arange(runs, dtype=index)
    calls = np.zeros(runs, dtype=np.int64)
    while length.size:
        size = items.size
        offset = _below(_pair_hash(keys[run, 0], place, length), length.astype(_U64)).astype(index)
        pivot_at = start + offset
        pivot = items[pivot_at]
        items[pivot_at] = items[start]  # the pivot moves to the front of its sub-array
        items[start] = pivot
        calls += np.bincount(run, weights=length - 1, minlength=runs).astype(np.int64)
        left, values = _compare(preference, kind, binary, items, pivot, start, length)
        if not binary:
            fractional = np.flatnonzero((values > 0.0) & (values < 1.0))
            if fractional.size:
                key = np.repeat(keys[run, 1], length)[fractional]
                draw = _pair_hash(key, items[fractional], np.repeat(pivot, length)[fractional])
                left[fractional] = (draw >> _S11).astype(np.float64) * 2.0**-53 < values[fractional]
        # In a sub-array at `origin` in `out` (pivot first), an element with `ahead` left items up
        # to and including it goes to origin + ahead − 1 if it goes left, and otherwise (the pivot
        # included) to origin + n_left + (its index in the sub-array) + 1 − ahead.
        ahead = np.cumsum(left, dtype=index)
        base = ahead[start]  # left items before each sub-array (its first element, the pivot, is not one)
        n_left = ahead[start + length - 1] - base
        origin = run * n + place
        to_left = np.repeat(origin - base - 1, length)
        to_left += ahead
        to_right = np.repeat(origin + n_left - start + base, length)
        to_right += np.arange(size, dtype=index)
        to_right -= ahead
        out[np.where(left, to_left, to_right)] = items
        # the next level: the left then the right part of each sub-array, where they hold wanted positions
        n_right = length - 1 - n_left
        lengths = np.stack([n_left, n_right], axis=1).ravel()
        needs = np.stack([np.minimum(need, n_left), np.maximum(need - n_left - 1, 0)], axis=1).ravel()
        kept = (lengths >= 2) & (needs >= 1)
        place = np.stack([place, place + n_left + 1], axis=1).ravel()[kept]
        length, need, run = lengths[kept], needs[kept], np.repeat(run, 2)[kept]
        start = (np.cumsum(length) - length).astype(index)
        items = out[np.repeat(run * n + place - start, length) + np.arange(int(length.sum()), dtype=index)]
    return out.reshape(runs, n)[:, :k].astype(np.int64), calls


def _compare(preference, kind: str, binary: bool, items, pivot, start, length):
    """(left, values): whether h(v, pivot) = 1 for each element v of each sub-array, and h(v, pivot)
    (None for a binary h). The pivot, first in its sub-array, is not compared (left False, value 0)."""
    if kind == "scores":  # the pivot's score spread along its sub-array, read in order
        mine, theirs = preference._scores[items], np.repeat(preference._scores[pivot], length)
        left = mine > theirs
        left[start] = False
        if binary:
            return left, None
        values = left.astype(np.float64)
        values[mine == theirs] = 0.5
        values[start] = 0.0
        return left, values
    against = np.repeat(pivot, length)
    if kind == "function":  # the user's function sees the non-pivot elements only
        others = np.ones(items.size, dtype=bool)
        others[start] = False
        where = np.flatnonzero(others)
        values = np.zeros(items.size)
        values[where] = preference._values(items[where].astype(np.int64), against[where].astype(np.int64))
    else:
        values = preference._values(items, against)
        values[start] = 0.0
    return values == 1.0, (None if binary else values)


def quicksort_ranking(preference, *, seed=None, top=None) -> QuickSortRanking:
    """The ranking QuickSort makes with the preference h (Ailon & Mohri 2008, §3.1); with `top`, its first k items (§3.4).

    A uniformly random pivot u per sub-array; v goes left of (above) u if h(v, u) = 1,
    right if h(v, u) = 0, and left with probability h(v, u) for a fractional value. For a
    transitive h without ties (scores without ties) the result is the sort, highest first;
    for any h, E[loss] ≤ 2·L(h) (Thm 1). ``calls`` counts the pairs at which h was
    evaluated: 2(n+1)H_n − 4n on average for a transitive h, and for ``top=k``
    2n + 2(n+1)H_n − 2(n+3−k)H_{n+1−k} − 6k + 6 (see ``expected_comparisons``).
    ``top=k`` returns exactly the first k items of the full ranking with the same `seed`.

    >>> from aucbound.reductions import Preference
    >>> h = Preference.from_scores([0.3, 0.9, 0.1, 0.5])
    >>> quicksort_ranking(h, seed=1).order.tolist(), quicksort_ranking(h, seed=1, top=2).order.tolist()
    ([1, 3, 0, 2], [1, 3])
    """
    preference = preference_argument(preference)
    seed = v.seed("seed", seed)
    top = top_k(top, preference.n)
    orders, calls = _run(preference, _keys(seed)[None, :], top)
    order = orders[0]
    order.setflags(write=False)
    return QuickSortRanking(order=order, calls=int(calls[0]), n=preference.n, top=top, seed=seed)


def quicksort_runs(preference, seeds, *, top=None) -> QuickSortRuns:
    """One QuickSort run per seed, computed side by side: row r equals ``quicksort_ranking(h, seed=seeds[r])``.

    For studying the randomness of the algorithm (the distribution of calls, of the loss)
    over many seeds at the cost of a few runs. `seeds` is a non-empty sequence of integers
    ≥ 0; runs × n must be at most :data:`MAX_RUN_ITEMS`.

    >>> from aucbound.reductions import Preference
    >>> runs = quicksort_runs(Preference.from_scores([0.3, 0.9, 0.1, 0.5]), [5, 6, 7])
    >>> runs.orders.tolist(), runs.calls.tolist()
    ([[1, 3, 0, 2], [1, 3, 0, 2], [1, 3, 0, 2]], [4, 6, 6])
    """
    preference = preference_argument(preference)
    if isinstance(seeds, (str, bytes)) or not hasattr(seeds, "__len__"):
        raise v.ParameterTypeError("seeds", "a sequence of integer seeds", v.show(seeds))
    if len(seeds) == 0:
        raise v.ParameterError("seeds", "hold at least one seed", "an empty sequence", verb="")
    if len(seeds) * preference.n > MAX_RUN_ITEMS:
        raise v.ParameterError("seeds", f"hold at most {MAX_RUN_ITEMS // preference.n:,} seeds for n = "
                               f"{preference.n:,} (runs × n ≤ {MAX_RUN_ITEMS:,})", f"{len(seeds):,} seeds", verb="")
    seeds = tuple(_seed_item(value) for value in seeds)
    top = top_k(top, preference.n)
    keys = np.stack([_keys(seed) for seed in seeds])
    orders, calls = _run(preference, keys, top)
    orders.setflags(write=False)
    calls.setflags(write=False)
    return QuickSortRuns(orders=orders, calls=calls, seeds=seeds, n=preference.n, top=top)


def _seed_item(value) -> int:
    """One of `seeds`: a seed as ``seed=`` takes it, but not None (each run must be reproducible)."""
    if value is None:
        raise v.ParameterTypeError("seeds", "a sequence of integer seeds", v.show(value))
    return v.seed("seeds", value)
