"""What the compiled resampling loop buys: the bootstrap with each engine, one and two threads.

Times ``aucbound.empirical.bootstrap_aucs`` (2000 stratified resamples by default) on
binormal scores rounded to 4 decimals (ties) with m = 30000 positives and n = 70000
negatives, with the compiled loop (``aucbound/empirical/_resample.c``) and with the numpy
engine that draws the same stream (``use_engine("numpy")``), with ``workers=1`` and with
``workers=-1`` (one thread per core). Prints the best wall time of REPEAT runs of each, in
seconds and in nanoseconds per drawn item (resamples × (m + n)), wall and CPU (all threads;
on a busy machine the CPU time is what the work itself costs), the numpy engine's time
over the compiled loop's, and checks that all of them return the same resamples. A machine
without the compiled loop prints the numpy engine alone.

    python bench/bench_resampling.py [REPEAT] [--resamples B] [--m M] [--n N]

At m + n = 10⁷ the counting passes no longer fit in the caches, and an item costs several
times what it costs at 10⁵: ``--resamples 128 --m 3000000 --n 7000000`` measures that.

Benchmarks are not tests: nothing here fails, but a difference between the engines'
resamples is printed as one.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time

import numpy as np

from aucbound._threads import cores
from aucbound.empirical import bootstrap_aucs, engine_in_use, use_engine


def data(m: int, n: int, seed: int = 0, separation: float = 0.8):
    """m positives and n negatives, normal scores 0.8 apart, rounded to 4 decimals, interleaved."""
    rng = np.random.default_rng(seed)
    labels = np.arange(m + n) < m
    scores = np.round(rng.normal(size=m + n) + separation * labels, 4)
    order = rng.permutation(m + n)
    return labels[order], scores[order]


def timed(labels, scores, resamples, *, compiled: bool, threads: int, repeat: int):
    """(best wall seconds, CPU seconds of that run (all threads), the resampled AUCs) over `repeat` calls
    with one engine and thread count."""
    best, cpu, values = float("inf"), None, None
    with use_engine("compiled" if compiled else "numpy"):
        for _ in range(repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            values = bootstrap_aucs(labels, scores, resamples=resamples, seed=0, workers=threads)
            wall = time.perf_counter() - start
            if wall < best:
                best, cpu = wall, time.process_time() - start_cpu
    return best, cpu, values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repeat", nargs="?", type=int, default=3)
    parser.add_argument("--resamples", type=int, default=2000)
    parser.add_argument("--m", type=int, default=30000)
    parser.add_argument("--n", type=int, default=70000)
    args = parser.parse_args()

    workers = cores()
    compiled = engine_in_use() == "compiled"
    print(f"{os.cpu_count()} CPUs ({workers} bootstrap threads at workers=-1), {platform.machine()}, "
          f"Python {platform.python_version()}, numpy {np.__version__}, load average {os.getloadavg()[0]:.2f}")
    print(f"{args.resamples} stratified resamples, m = {args.m}, n = {args.n}, best of {args.repeat} runs")
    if not compiled:
        print("the compiled loop is not built here: the numpy engine only")
    labels, scores = data(args.m, args.n)
    thread_counts = sorted({1, workers})
    items = args.resamples * (args.m + args.n)
    print(f"{'threads':>7}  {'compiled s':>10}  {'ns/item':>7}  {'CPU ns':>6}  {'numpy s':>8}  {'ns/item':>7}  "
          f"{'CPU ns':>6}  {'numpy / compiled':>16}")
    reference, same = None, True
    for threads in thread_counts:
        row, cpu = {}, {}
        for engine in ([True, False] if compiled else [False]):
            row[engine], cpu[engine], values = timed(labels, scores, args.resamples, compiled=engine, threads=threads,
                                                     repeat=args.repeat)
            if reference is None:
                reference = values
            same = same and np.array_equal(values, reference)
        ratio = f"{row[False] / row[True]:16.2f}" if compiled else f"{'—':>16}"
        compiled_s, compiled_cpu = row.get(True, float("nan")), cpu.get(True, float("nan"))
        print(f"{threads:7d}  {compiled_s:10.3f}  {1e9 * compiled_s / items:7.2f}  {1e9 * compiled_cpu / items:6.2f}  "
              f"{row[False]:8.3f}  {1e9 * row[False] / items:7.2f}  {1e9 * cpu[False] / items:6.2f}  {ratio}")
    print("every run gave the same resamples" if same else "THE ENGINES' RESAMPLES DIFFER")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
