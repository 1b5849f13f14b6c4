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

Blocks are independent, so ``workers`` threads draw them at once (:func:`aucbound._threads.thread_count`);
the compiled loop releases the GIL. The statistics of the ROC curve (:func:`map_resamples`)
run the same blocks on the same threads, each resample reduced to its values in the thread
that drew it; :func:`map_strata` draws other strata in the same blocks (the cases of two curves,
or all cases whatever their class), and :func:`map_random` hands a block's generator to any
resampling or permutation scheme.

The loop is the package's one compiled module (``_resample.c``, built when a C compiler is
there): the same PCG64 and the same exact Lemire draws as numpy's, with the GIL released.
Without it, numpy draws the identical stream, up to several times slower; the results are
the same resample for resample. The same module holds the AUC's split and merge passes,
with the same guarantee (see ``_auc.py``). Which engine runs is chosen at call time:
the compiled one where it is built, unless :func:`use_engine` says otherwise for the code
inside it.
"""

from __future__ import annotations

import contextlib
import contextvars

import numpy as np

from .. import _threads
from .. import _validate as v

__all__ = ["BLOCK", "ENGINES", "MAX_RESAMPLES", "MAX_WORK", "compiled_loop", "engine_in_use", "map_random", "map_resamples",
           "map_strata", "resampled_draws", "twice_u_resampled", "use_engine"]

#: Resamples drawn from one child seed; fixed, so results do not depend on the thread count.
BLOCK = 64
#: The most resamples a bootstrap draws.
MAX_RESAMPLES = 10**7
#: The most items drawn in all, resamples × (m + n): about a minute of one core's time at m + n = 10^7,
#: where a drawn item costs 12–15 ns of CPU with either engine (the counts outgrow the caches; on a busy
#: two-core machine the wall time was 22–37 ns an item, with one thread or two), and seconds up to
#: m + n = 10^6, where it costs about 2 ns compiled and 5–10 ns in numpy.
MAX_WORK = 5 * 10**9

#: The values of :func:`use_engine`.
ENGINES = ("auto", "compiled", "numpy")
_ENGINE = contextvars.ContextVar("aucbound_engine", default="auto")


def _built():
    """The compiled module, or None when it was not built (no C compiler at install time)."""
    try:
        from . import _resample
    except ImportError:
        return None
    return _resample


@contextlib.contextmanager
def use_engine(engine: str):
    """Run the code inside with the given engine for the bootstrap's loop and the AUC's passes.

    ``"compiled"``: the compiled module (a ParameterError where it was not built);
    ``"numpy"``: numpy alone; ``"auto"`` (the default outside any ``use_engine``): the
    compiled module where it is built, else numpy. Every engine gives the same numbers, bit
    for bit: only the time differs. The setting holds for the code inside the ``with``
    block, in this thread (and this task, under asyncio; a context variable, as
    ``numpy.errstate`` is); other threads keep theirs.

    >>> from aucbound.empirical import bootstrap_aucs, engine_in_use
    >>> labels, scores = [0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9]
    >>> with use_engine("numpy"):
    ...     in_numpy = engine_in_use(), bootstrap_aucs(labels, scores, resamples=200)
    >>> in_numpy[0], bool((in_numpy[1] == bootstrap_aucs(labels, scores, resamples=200)).all())
    ('numpy', True)
    """
    engine = v.choice("engine", engine, ENGINES)
    if engine == "compiled" and _built() is None:
        raise v.fail("engine", "'auto' or 'numpy' here (the compiled module was not built at install: "
                               "no C compiler)", engine)
    token = _ENGINE.set(engine)
    try:
        yield
    finally:
        _ENGINE.reset(token)


def engine_in_use() -> str:
    """The engine that runs here and now: ``"compiled"`` or ``"numpy"`` (see :func:`use_engine`)."""
    return "numpy" if compiled_loop() is None else "compiled"


def compiled_loop():
    """The compiled module, or None for numpy: not built, or ``use_engine("numpy")`` in force."""
    return None if _ENGINE.get() == "numpy" else _built()


def _block_numpy(lower: np.ndarray, upper: np.ndarray, m: int, n: int, child, out: np.ndarray) -> None:
    """2mn·Â* for the resamples of one block, in numpy, from the child seed's stream."""
    below = np.zeros(n + 1, dtype=np.int64)
    for r, (negatives, positives) in enumerate(_block_draws(child, out.shape[0], m, n)):
        np.cumsum(np.bincount(negatives, minlength=n), out=below[1:])
        weight = np.bincount(positives, minlength=m)
        out[r] = int(np.dot(weight, below[lower] + below[upper]))


def _block_draws(child, count: int, m: int, n: int):
    """Yield (negatives, positives) for the `count` resamples of the block whose child seed is `child`."""
    rng = np.random.Generator(np.random.PCG64(child))
    for _ in range(count):
        negatives = rng.integers(0, n, size=n, dtype=np.uint32)
        yield negatives, rng.integers(0, m, size=m, dtype=np.uint32)


def _blocks(resamples: int, seed) -> list[tuple[int, int, np.random.SeedSequence]]:
    """(first resample, resamples, child seed) of each block."""
    starts = range(0, resamples, BLOCK)
    children = np.random.SeedSequence(seed).spawn(len(starts))
    return [(start, min(BLOCK, resamples - start), child) for start, child in zip(starts, children)]


def resampled_draws(m: int, n: int, resamples: int, seed):
    """Yield (negatives, positives): the indices (uint32, into each class) drawn by each stratified
    resample, in order — the stream :func:`twice_u_resampled` uses, so one seed gives the same
    resamples to every statistic."""
    for _, count, child in _blocks(resamples, seed):
        yield from _block_draws(child, count, m, n)


#: Seconds between progress reports while the threads draw (a block can take many seconds at large m + n).
POLL = 0.25
#: Fewer items drawn than this (resamples × (m + n); a few milliseconds) run on one thread whatever `workers`
#: says: starting threads would cost more than they save (1000 bootstraps of 1000 resamples of 100 items, as
#: a coverage study runs them, took 1.3–4.0 s on two threads each and 0.4 s on one).
MIN_THREADED_WORK = 4 * 10**6


def _wait(future, report):
    """The future's result; `report()` every :data:`POLL` seconds until it comes."""
    from concurrent.futures import TimeoutError as Pending

    while True:
        try:
            return future.result(timeout=POLL)
        except Pending:
            report()


def _run_blocks(task, count: int, workers: int, items: int, report=None):
    """Yield task(k) for k = 0 … count − 1 in order, run on `workers` threads (one below
    :data:`MIN_THREADED_WORK` `items` drawn in all) at most two tasks ahead of the consumer per
    thread; `report()`, if given, every :data:`POLL` seconds while the consumer waits and as each
    task's result comes (the tasks then run off the calling thread even on one, so that it can
    report while a long task runs)."""
    threads = 1 if items < MIN_THREADED_WORK else _threads.thread_count(workers, count)
    if threads == 1 and report is None:
        for k in range(count):
            yield task(k)
        return
    from collections import deque
    from concurrent.futures import ThreadPoolExecutor  # only here: keeps the CLI's start-up short

    pool = ThreadPoolExecutor(threads)
    try:
        pending = deque(pool.submit(task, k) for k in range(min(count, 2 * threads)))
        submitted = len(pending)
        for _ in range(count):
            future = pending.popleft()
            result = future.result() if report is None else _wait(future, report)
            if submitted < count:
                pending.append(pool.submit(task, submitted))
                submitted += 1
            if report is not None:  # before the result is handed on: a consumer may stop at the last one
                report()
            yield result
    finally:  # on an error or an interrupt, the tasks not started are dropped
        pool.shutdown(wait=True, cancel_futures=True)


def twice_u_resampled(placements, resamples: int, seed, *, workers: int = -1, progress=None) -> np.ndarray:
    """2mn·Â* for each of `resamples` stratified resamples, from the sorted classes' placements.

    `placements` are those of :func:`aucbound.empirical._auc._placements`; `workers` is
    checked already; `progress`, if given, is called as ``progress(done, total)`` with the
    resamples drawn so far, every :data:`POLL` seconds and after each block.
    """
    below, tied_pos, above, _ = placements
    m, n = below.shape[0], above.shape[0]
    v.at_most("labels", max(m, n), 2**32 - 2, why=" items in the larger class, for the bootstrap")
    v.at_most("resamples", resamples, MAX_RESAMPLES)
    v.at_most("resamples", resamples, MAX_WORK // (m + n),
              why=f" for m + n = {m + n:,} items (at most {MAX_WORK:,} items drawn in all)")
    lower = np.ascontiguousarray(below, dtype=np.int64)
    upper = np.ascontiguousarray(below + tied_pos, dtype=np.int64)
    blocks = _blocks(resamples, seed)
    out = np.full(resamples, -1, dtype=np.int64)  # a value is ≥ 0 once its resample is drawn
    loop = compiled_loop()  # in the calling thread: the engine is this context's

    def run(k):
        start, count, child = blocks[k]
        block = out[start : start + count]
        if loop is not None:
            loop.twice_u(lower, upper, n, child.generate_state(4, np.uint64), block)
        else:
            _block_numpy(lower, upper, m, n, child, block)

    def report():  # both engines write each resample's value as soon as it is drawn
        progress(int(np.count_nonzero(out >= 0)), resamples)

    for _ in _run_blocks(run, len(blocks), workers, resamples * (m + n), None if progress is None else report):
        pass
    return out


def map_random(function, resamples: int, seed, *, items: int, workers: int = -1, progress=None):
    """Yield ``function(rng)`` for each of `resamples` resamples, in order, with `rng` the
    ``Generator(PCG64(child_b))`` of its block (:data:`BLOCK` resamples to a child seed of
    ``SeedSequence(seed)``, as every resample of the bootstrap), computed a block at a time on
    `workers` threads (checked already); `items` is what one resample draws, which decides
    whether threads are worth starting (:data:`MIN_THREADED_WORK`). ``progress(done, total)``
    with the resamples done so far, every :data:`POLL` seconds and after each block. Each value
    is made in the thread that drew it, so `function` should reduce its draws to what is kept.
    A seed gives the same values with any number of threads."""
    blocks = _blocks(resamples, seed)
    done = [0] * len(blocks)  # resamples done in each block, each written by its block's thread only

    def run(k):
        _, count, child = blocks[k]
        rng = np.random.Generator(np.random.PCG64(child))
        values = []
        for _ in range(count):
            values.append(function(rng))
            done[k] += 1
        return values

    def report():
        progress(sum(done), resamples)

    for values in _run_blocks(run, len(blocks), workers, resamples * items, None if progress is None else report):
        yield from values


def map_strata(function, sizes, resamples: int, seed, *, workers: int = -1, progress=None):
    """Yield ``function(*draws)`` for each of `resamples` resamples (:func:`map_random`), where
    ``draws[k]`` holds ``sizes[k]`` indices drawn with replacement from ``range(sizes[k])``
    (uint32), the strata drawn in the order given. With `sizes` (n, m) these are the stratified
    bootstrap's resamples, the negatives' indices first (:func:`resampled_draws`); with
    (m + n,) a resample of all the cases, whatever their class."""
    sizes = tuple(int(size) for size in sizes)

    def one(rng):
        return function(*(rng.integers(0, size, size=size, dtype=np.uint32) for size in sizes))

    yield from map_random(one, resamples, seed, items=sum(sizes), workers=workers, progress=progress)


def map_resamples(function, m: int, n: int, resamples: int, seed, *, workers: int = -1, progress=None):
    """Yield ``function(negatives, positives)`` for each stratified resample of :func:`resampled_draws`,
    in order, computed a block at a time on `workers` threads (checked already); ``progress(done,
    total)`` with the resamples done so far, every :data:`POLL` seconds and after each block. Each
    resample's value is made in the thread that drew it, so `function` should reduce the resample
    to what is kept of it."""
    yield from map_strata(function, (n, m), resamples, seed, workers=workers, progress=progress)
