#!/usr/bin/env python
"""The public data functions against the time of one numpy.sort of the same scores.

For each case (scores × labels × N) this times, round-robin in one process,
``np.sort(scores)`` and what a user calls: ``aucbound.auc``,
``aucbound.empirical.delong_variance``, ``aucbound.delong``, ``aucbound.intervals`` (the
default table, no bootstrap), ``aucbound.roc_curve``, ``aucbound.partial_auc``
(``resamples=None``: the area alone, over the default range) and ``aucbound.compare`` (a
second score column of the same kind, the first plus noise). It keeps the best of its rounds
of each and prints each time over the sort's: the ratio, which two versions of the code can
compare even on a busy machine (absolute times cannot). Targets: ``delong``, ``intervals``,
``roc_curve`` and ``partial_auc`` within 3× of the sort, ``compare`` (two columns) within 5×.
The last column prints DeLong's variance (from ``delong``) in hex, so that two versions of
the code can be checked for the same bits.

Cases are those of ``bench_speed_limit.py``: scores ``normal`` (float64, all distinct),
``levels`` (integers 0–99 as float64: heavy ties) and ``levels-int64``; labels a bool array
and a 0/1 int64 array, 30% positives. A last table times each call at N = 1000, where what
does not grow with N (the closed-form rows, say) is all there is.

``--clock cpu`` times by the process's CPU time (``time.process_time``) instead of the wall
clock: other jobs on the machine then slow the calls much less, while what the kernel spends
on the process (giving it fresh memory) still counts.

    python bench/bench_public.py                  # N = 1e6 (best of 10) and 1e7 (best of 5)
    python bench/bench_public.py --quick          # N = 1e5, a smoke run
    python bench/bench_public.py --sizes 1e7 --scores normal --labels bool --clock cpu
"""

from __future__ import annotations

import argparse
import os
import platform
import time
import warnings

import numpy as np

import aucbound as ab
from bench_speed_limit import LABELS, SCORES, case, machine, timed

warnings.filterwarnings("ignore")

TARGETS = {"delong": 3, "intervals": 3, "roc_curve": 3, "partial_auc": 3, "compare": 5}
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def second_column(scores: np.ndarray, seed: int = 1) -> np.ndarray:
    """Another scorer of the same cases, of the same kind as `scores`."""
    noise = np.random.default_rng(seed).normal(size=scores.shape[0])
    if scores.dtype.kind == "f" and np.all(scores[:100] == np.round(scores[:100])):  # levels as float64
        return np.clip(scores + np.round(10 * noise), 0, 99)
    if scores.dtype.kind == "i":
        return np.clip(scores + np.round(10 * noise).astype(np.int64), 0, 99)
    return scores + noise


def calls(labels, scores, other) -> dict:
    return {
        "sort": lambda: np.sort(scores),
        "auc": lambda: ab.auc(labels, scores),
        "delong_variance": lambda: ab.empirical.delong_variance(labels, scores),
        "delong": lambda: ab.delong(labels, scores),
        "intervals": lambda: ab.intervals(labels, scores),
        "roc_curve": lambda: ab.roc_curve(labels, scores),
        "partial_auc": lambda: ab.partial_auc(labels, scores, resamples=None),
        "compare": lambda: ab.compare(labels, scores, other),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="N = 1e5 only")
    parser.add_argument("--sizes", type=float, nargs="*", help="N values (default 1e6 1e7)")
    parser.add_argument("--scores", nargs="*", choices=SCORES, default=list(SCORES))
    parser.add_argument("--labels", nargs="*", choices=LABELS, default=list(LABELS))
    parser.add_argument("--repeats", type=int, help="rounds (default 10 at N <= 1e6, else 5)")
    parser.add_argument("--clock", choices=CLOCKS, default="wall", help="wall clock (default) or the process's CPU time")
    args = parser.parse_args()
    sizes = [int(s) for s in (args.sizes or ([1e5] if args.quick else [1e6, 1e7]))]
    clock = CLOCKS[args.clock]
    print(f"aucbound {ab.__version__} ({os.path.dirname(ab.__file__)}), numpy {np.__version__}, "
          f"Python {platform.python_version()}, {machine()}, "
          f"OPENBLAS_NUM_THREADS={os.environ.get('OPENBLAS_NUM_THREADS', 'unset')}, {args.clock} clock")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rounds = {size: args.repeats or (10 if size <= 10**6 else 5) for size in sizes}
    print(f"best of {', '.join(f'{r} at N = {n:.0e}' for n, r in rounds.items())}; "
          "ratio = time / np.sort(scores)'s time")
    names = list(calls(None, None, None))[1:]
    widths = {name: max(6, len(name)) for name in names}
    print(f"{'N':>5s} {'scores':12s} {'labels':6s} {'sort ms':>8s} "
          + " ".join(f"{name:>{widths[name]}s}" for name in names) + "  DeLong variance (hex)")
    worst = dict.fromkeys(names, 0.0)
    for size in sizes:
        for scores_kind in args.scores:
            for labels_kind in args.labels:
                labels, scores = case(size, scores_kind, labels_kind)
                functions = calls(labels, scores, second_column(scores))
                times = timed(functions, dict.fromkeys(functions, rounds[size]), clock)
                sort = times["sort"][0]
                ratio = {name: times[name][0] / sort for name in names}
                for name in names:
                    worst[name] = max(worst[name], ratio[name])
                print(f"{size:5.0e} {scores_kind:12s} {labels_kind:6s} {sort * 1000:8.1f} "
                      + " ".join(f"{ratio[name]:>{widths[name]}.2f}" for name in names)
                      + f"  {times['delong'][1].variance.hex()}", flush=True)
    print("largest ratio: " + ", ".join(f"{name} {worst[name]:.2f}" for name in names))
    missed = [f"{name} {worst[name]:.2f} > {target}" for name, target in TARGETS.items() if worst[name] > target]
    print("targets (delong, intervals, roc_curve, partial_auc <= 3; compare <= 5): "
          + ("all met" if not missed else "missed: " + ", ".join(missed)))
    labels, scores = case(1000, "normal", "bool")
    functions = calls(labels, scores, second_column(scores))
    times = timed(functions, dict.fromkeys(functions, 20), clock)
    print("at N = 1000 (ms): " + ", ".join(f"{name} {times[name][0] * 1000:.2f}" for name in names))
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
