"""The stratified bootstrap's resampling loop, compiled or in numpy: one stream, two engines.

Scores are sorted once. A resample is a count per item, w⁺ (m counts summing to m) and w⁻
(n counts summing to n), and with L_i and E_i the negatives below and tied with the i-th
smallest positive, and C⁻[k] the number of draws among the k smallest negatives,

    2mn·Â* = Σ_i w⁺_i (C⁻[L_i] + C⁻[L_i + E_i]),

exact in integers. Resamples are drawn in fixed blocks of :data:`BLOCK`, block b from
``Generator(PCG64(child_b))`` with child_b the b-th child of ``SeedSequence(seed)``; within
a resample the n negatives' indices are drawn first, ``integers(0, n, size=n,
dtype=np.uint32)``, then the m positives'. A seed therefore gives the same resamples on
every machine, with any number of threads.

The loop is the package's one compiled module (``_resample.c``, built when a C compiler is
there): the same PCG64 and the same exact Lemire draws as numpy's, at 4–6 ns per drawn
item with the GIL released. Without it, numpy draws the identical stream, a few times
slower; the choice is made at call time, and the results are the same resample for
resample. The same module holds the AUC's split and merge passes, with the same switch and
the same guarantee (see ``_auc.py``).
"""

from __future__ import annotations

import os

import numpy as np

from .. import _validate as v

__all__ = ["BLOCK", "MAX_RESAMPLES", "MAX_WORK", "compiled_loop", "resampled_draws", "twice_u_resampled"]

#: Resamples drawn from one child seed; fixed, so results do not depend on the thread count.
BLOCK = 64
#: The most resamples a bootstrap draws.
MAX_RESAMPLES = 10**7
#: The most items drawn in all, resamples × (m + n): about a minute in numpy, 20 s compiled.
MAX_WORK = 2 * 10**10

#: Set to False to use the numpy engines even where the compiled module is built (for tests):
#: the bootstrap's loop and the AUC's split and merge alike.
USE_COMPILED = True


def compiled_loop():
    """The compiled module, or None when it was not built (no C compiler at install time)."""
    if not USE_COMPILED:
        return None
    try:
        from . import _resample
    except ImportError:
        return None
    return _resample


def _workers() -> int:
    """Threads for the resamples: one per core this process may run on (at most 8)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, 8))


def _block_numpy(lower: np.ndarray, upper: np.ndarray, m: int, n: int, child, out: np.ndarray) -> None:
    """2mn·Â* for the resamples of one block, in numpy, from the child seed's stream."""
    rng = np.random.Generator(np.random.PCG64(child))
    below = np.zeros(n + 1, dtype=np.int64)
    for r in range(out.shape[0]):
        np.cumsum(np.bincount(rng.integers(0, n, size=n, dtype=np.uint32), minlength=n), out=below[1:])
        weight = np.bincount(rng.integers(0, m, size=m, dtype=np.uint32), minlength=m)
        out[r] = int(np.dot(weight, below[lower] + below[upper]))


def resampled_draws(m: int, n: int, resamples: int, seed):
    """Yield (negatives, positives): the indices (uint32, into each class) drawn by each stratified
    resample, in order — the stream :func:`twice_u_resampled` uses, so one seed gives the same
    resamples to every statistic."""
    starts = range(0, resamples, BLOCK)
    for start, child in zip(starts, np.random.SeedSequence(seed).spawn(len(starts))):
        rng = np.random.Generator(np.random.PCG64(child))
        for _ in range(min(BLOCK, resamples - start)):
            negatives = rng.integers(0, n, size=n, dtype=np.uint32)
            yield negatives, rng.integers(0, m, size=m, dtype=np.uint32)


def twice_u_resampled(placements, resamples: int, seed, *, progress=None) -> np.ndarray:
    """2mn·Â* for each of `resamples` stratified resamples, from the sorted classes' placements.

    `placements` are those of :func:`aucbound.empirical._auc._placements`; `progress`, if
    given, is called as ``progress(done, total)`` after each block.
    """
    below, tied_pos, above, _ = placements
    m, n = below.shape[0], above.shape[0]
    v.at_most("labels", max(m, n), 2**32 - 2, why=" items in the larger class, for the bootstrap")
    v.at_most("resamples", resamples, MAX_RESAMPLES)
    v.at_most("resamples", resamples, MAX_WORK // (m + n),
              why=f" for m + n = {m + n:,} items (at most {MAX_WORK:,} items drawn in all)")
    lower = np.ascontiguousarray(below, dtype=np.int64)
    upper = np.ascontiguousarray(below + tied_pos, dtype=np.int64)
    starts = range(0, resamples, BLOCK)
    children = np.random.SeedSequence(seed).spawn(len(starts))
    out = np.empty(resamples, dtype=np.int64)
    loop = compiled_loop()

    def run(k):
        block = out[starts[k] : starts[k] + BLOCK]
        if loop is not None:
            loop.twice_u(lower, upper, n, children[k].generate_state(4, np.uint64), block)
        else:
            _block_numpy(lower, upper, m, n, children[k], block)

    workers = min(_workers(), len(starts))
    if workers == 1:
        for k in range(len(starts)):
            run(k)
            if progress is not None:
                progress(k + 1, len(starts))
    else:
        from concurrent.futures import ThreadPoolExecutor  # only here: keeps the CLI's start-up short

        with ThreadPoolExecutor(workers) as pool:
            for done, _ in enumerate(pool.map(run, range(len(starts))), start=1):
                if progress is not None:
                    progress(done, len(starts))
    return out
