r"""Calls of the pairwise classifier against n: QuickSort, its top k, and Degree (Ailon & Mohri 2008, §3; Balcan et al. 2007, Alg. 2).

QuickSort asks for h once per element and pivot of each sub-array: 2(n+1)H_n − 4n ≈
2n ln n calls on average for a transitive h without ties (Ailon & Mohri 2008, abstract: the
number of calls "is improved from Ω(n²) to O(n log n)"); its top-k variant (§3.4, O(k log k
+ n)) 2n + 2(n+1)H_n − 2(n+3−k)H_{n+1−k} − 6k + 6 on average; Degree (Balcan et al. 2007,
Alg. 2) every unordered pair once, n(n − 1)/2 (:mod:`aucbound.reductions`). Here each is
measured: QuickSort and its top k by the mean of the calls over seeded runs
(:func:`aucbound.reductions.quicksort_runs`) on the preference of standard normal scores,
and Degree by counting the pairs its vectorized h is called on, up to n = 1000 (counting
n(n − 1)/2 pairs takes 0.13 s at n = 3000 and 1.2 s at n = 10^4).
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from ..reductions import Preference, degree_ranking, expected_comparisons_float, quicksort_runs
from ._results import QuickSortCalls

__all__ = ["quicksort_calls", "MAX_SIZE", "DEGREE_COUNTED"]

#: The largest size measured (seeds × n items are sorted side by side).
MAX_SIZE = 10**6
#: Degree's calls are counted up to this size.
DEGREE_COUNTED = 1000
#: The most items all runs may hold together, summed over the sizes.
MAX_ITEMS_TOTAL = 5 * 10**7


def _counted_degree_calls(n: int) -> int:
    """How many pairs degree_ranking asks a vectorized h about, counted as it calls it."""
    asked = 0

    def h(u, w):
        nonlocal asked
        asked += u.shape[0]
        return (u < w).astype(np.float64)

    degree_ranking(Preference.from_function(h, n, binary=True))
    return asked


def quicksort_calls(sizes, *, seeds=20, top=10, seed=0) -> QuickSortCalls:
    """Mean calls of h by QuickSort, its top-k and Degree at each n in `sizes`, beside their expectations.

    Each size n draws standard normal scores from ``SeedSequence(seed, spawn_key=(n,))``
    and runs QuickSort and its top ``top`` once per seed 0, …, seeds − 1 on their
    preference; Degree's calls are counted through h up to n = :data:`DEGREE_COUNTED`.
    `sizes` are integers from 2 to 10^6 (sorted, repeats dropped); the runs of all sizes
    together hold at most 5·10^7 items.

    >>> result = quicksort_calls([10, 100], seeds=200)
    >>> result.quicksort.round(1).tolist(), result.expected_quicksort.round(1).tolist()
    ([24.3, 647.0], [24.4, 647.9])
    >>> result.top_k.round(1).tolist(), result.degree.tolist(), result.expected_degree.tolist()
    ([24.3, 254.5], [45.0, 4950.0], [45.0, 4950.0])
    """
    sizes = np.array(v.counts("sizes", sizes, minimum=2, maximum=MAX_SIZE), dtype=np.int64)
    seeds = v.count("seeds", seeds, minimum=2, maximum=10_000)
    top = v.count("top", top, minimum=1, maximum=MAX_SIZE)
    seed = v.count("seed", seed, minimum=0)
    total = seeds * int(sizes.sum())
    if total > MAX_ITEMS_TOTAL:
        raise v.fail("seeds", f"at most {max(1, MAX_ITEMS_TOTAL // int(sizes.sum())):,} for these sizes "
                              f"(seeds × Σ n ≤ {MAX_ITEMS_TOTAL:,})", seeds)
    runs = list(range(seeds))
    columns = {key: np.full(sizes.shape[0], np.nan) for key in ("qs", "qs_se", "top", "top_se", "degree", "e_top")}
    for i, n in enumerate(sizes.tolist()):
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(n,)))
        h = Preference.from_scores(rng.standard_normal(n))
        full = quicksort_runs(h, runs).calls
        columns["qs"][i], columns["qs_se"][i] = full.mean(), full.std(ddof=1) / math.sqrt(seeds)
        if n >= top:
            partial = quicksort_runs(h, runs, top=top).calls
            columns["top"][i], columns["top_se"][i] = partial.mean(), partial.std(ddof=1) / math.sqrt(seeds)
            columns["e_top"][i] = expected_comparisons_float(n, top=top)
        if n <= DEGREE_COUNTED:
            columns["degree"][i] = _counted_degree_calls(n)
    expected = np.array([expected_comparisons_float(n) for n in sizes.tolist()])
    pairs = (sizes * (sizes - 1) // 2).astype(np.float64)
    for array in (sizes, expected, pairs, *columns.values()):
        array.setflags(write=False)
    return QuickSortCalls(sizes=sizes, seeds=seeds, top=top, seed=seed, quicksort=columns["qs"],
                          quicksort_se=columns["qs_se"], top_k=columns["top"], top_k_se=columns["top_se"],
                          degree=columns["degree"], expected_quicksort=expected, expected_top_k=columns["e_top"],
                          expected_degree=pairs, degree_counted_up_to=DEGREE_COUNTED)
