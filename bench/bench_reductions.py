#!/usr/bin/env python
"""Timings of aucbound.reductions: QuickSort and its top-k beside numpy's sort, Degree's memory.

Prints one table: QuickSort of n = 10^6 items from scores (aucbound.reductions.quicksort_ranking
with ``Preference.from_scores``) beside ``numpy.argsort`` of the same scores, and their
ratio; the top 100 of the same 10^6 items; Degree at n = 10^4 (5·10^7 pairs of scores,
evaluated in row blocks); the number of calls of h beside its exact expectation. Degree's
peak memory is measured in a fresh process: the most memory the call had allocated at once
(tracemalloc, which sees numpy's arrays) and the process's peak resident set (VmHWM),
interpreter and libraries included. Benchmarks are not tests: nothing here fails, but a
ranking that differs from numpy's sort is printed as one.

    python bench/bench_reductions.py [REPEAT] [--quick]

Times are the best of REPEAT runs (default 3), without building the Preference (which is
timed on its own row).
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time

import numpy as np

from aucbound.reductions import Preference, degree_ranking, expected_comparisons_float, quicksort_ranking


def best_time(function, repeat: int):
    """(best wall seconds over `repeat` calls, the last result)."""
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


_MEMORY = """
import tracemalloc
import numpy as np
from aucbound.reductions import Preference, degree_ranking
h = Preference.from_scores(np.random.default_rng(2).random({n}))
tracemalloc.start()
degree_ranking(h)
allocated = tracemalloc.get_traced_memory()[1]
with open("/proc/self/status") as status:  # VmHWM: this process's peak resident set, in kB
    peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
print(allocated / 2**20, peak / 1024)
"""


def degree_memory(n: int) -> tuple[float, float] | None:
    """(MiB allocated at once by degree_ranking, MiB peak resident set of the process), in a fresh process."""
    run = subprocess.run([sys.executable, "-c", _MEMORY.format(n=n)], capture_output=True, text=True)
    if run.returncode:
        print(f"  Degree memory: the subprocess failed: {run.stderr.strip().splitlines()[-1]}")
        return None
    allocated, peak = map(float, run.stdout.split())
    return allocated, peak


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("repeat", nargs="?", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="small sizes, to check that the script runs")
    args = parser.parse_args()
    n_sort, k, n_degree = (10**4, 100, 10**3) if args.quick else (10**6, 100, 10**4)
    print(f"numpy {np.__version__}, Python {platform.python_version()}, {os.cpu_count()} CPUs "
          f"({platform.processor() or platform.machine()}), load average {os.getloadavg()[0]:.2f}; "
          f"best of {args.repeat}")

    rows = []
    scores = np.random.default_rng(0).random(n_sort)
    build, h = best_time(lambda: Preference.from_scores(scores), args.repeat)
    rows.append((f"Preference.from_scores, n = {n_sort:.0e}", build, "", ""))
    reference_time, reference = best_time(lambda: np.argsort(-scores), args.repeat)
    rows.append((f"numpy.argsort(-scores), n = {n_sort:.0e}", reference_time, "1.00", ""))
    seconds, result = best_time(lambda: quicksort_ranking(h, seed=1), args.repeat)
    same = "same order" if np.array_equal(result.order, reference) else "DIFFERS FROM numpy's sort"
    rows.append((f"quicksort_ranking, n = {n_sort:.0e}", seconds, f"{seconds / reference_time:.1f}",
                 f"{result.calls:,} calls (expected {expected_comparisons_float(n_sort):,.0f}); {same}"))
    seconds, result = best_time(lambda: quicksort_ranking(h, seed=1, top=k), args.repeat)
    same = "same items" if np.array_equal(result.order, reference[:k]) else "DIFFERS FROM numpy's sort"
    rows.append((f"quicksort_ranking top={k}, n = {n_sort:.0e}", seconds, f"{seconds / reference_time:.1f}",
                 f"{result.calls:,} calls (expected {expected_comparisons_float(n_sort, top=k):,.0f}); {same}"))
    degree_scores = np.random.default_rng(2).random(n_degree)
    g = Preference.from_scores(degree_scores)
    seconds, result = best_time(lambda: degree_ranking(g), max(1, args.repeat - 1))
    same = "same order" if np.array_equal(result.order, np.argsort(-degree_scores)) else "DIFFERS FROM numpy's sort"
    memory = degree_memory(n_degree)
    note = f"{result.calls:,} pairs; {same}"
    if memory:
        note += f"; {memory[0]:.0f} MiB allocated at once, peak RSS {memory[1]:.0f} MiB"
    rows.append((f"degree_ranking, n = {n_degree:.0e}", seconds, "", note))

    print(f"\n  {'task':42s} {'seconds':>8s} {'/ argsort':>9s}  note")
    for name, seconds, ratio, note in rows:
        print(f"  {name:42s} {seconds:8.3f} {ratio:>9s}  {note}")


if __name__ == "__main__":
    main()
