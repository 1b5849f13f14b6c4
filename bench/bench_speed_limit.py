#!/usr/bin/env python
"""aucbound.auc and delong_variance against the time of one numpy.sort of the same scores.

Sorting the scores is the least any exact AUC of N distinct scores must do, so the ratio to
one ``np.sort(scores)`` says how close a call comes to that limit. For each case (scores ×
labels × N) this times, round-robin in one process, ``np.sort(scores)``,
``aucbound.auc(labels, scores)``, ``aucbound.empirical.delong_variance(labels, scores)`` and
the peers ``sklearn.metrics.roc_auc_score`` and ``scipy.stats.mannwhitneyu`` (U/mn), keeps
the best of its rounds of each (20 at N ≤ 10⁶, where one call takes milliseconds and a busy
machine's noise is large beside it; 5 above; the peers 2), and prints each time over the
sort's. Peers come from
bench/requirements.txt; one that does not import is skipped with a note. Benchmarks are not
tests: nothing here fails.

Scores: ``normal`` (float64, binormal, all distinct), ``levels`` (integers 0–99 as float64:
heavy ties), ``levels-int64`` (the same integers as an int64 array). Labels: a bool array and
a 0/1 int64 array, 30% positives. The last columns print Â and DeLong's variance in hex, so
that two runs (two versions of the code) can be checked for the same bits.

    python bench/bench_speed_limit.py                  # N = 1e6 (best of 20) and 1e7 (best of 5)
    python bench/bench_speed_limit.py --quick          # N = 1e5, a smoke run
    python bench/bench_speed_limit.py --no-peers       # aucbound and np.sort only
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import time
import warnings

import numpy as np

import aucbound as ab

warnings.filterwarnings("ignore")

SCORES = ("normal", "levels", "levels-int64")
LABELS = ("bool", "int64")


def machine() -> str:
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            model = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"{cores} CPUs ({model})"


def case(size: int, scores: str, labels: str, seed: int = 0):
    rng = np.random.default_rng(seed)
    positive = rng.random(size) < 0.3
    if scores == "normal":
        values = rng.normal(size=size) + 0.8 * positive
    else:
        values = rng.integers(0, 100, size) + (positive * rng.integers(0, 2, size))  # a little separation
        values = np.minimum(values, 99)
        if scores == "levels":
            values = values.astype(np.float64)
    return (positive if labels == "bool" else positive.astype(np.int64)), values


def optional(name):
    try:
        return importlib.import_module(name)
    except Exception as error:  # a peer that does not import is reported, not fatal
        print(f"(peer {name} not available: {type(error).__name__}: {error})")
        return None


def timed(calls: dict, repeats: dict, clock=time.perf_counter) -> dict:
    """{name: (best seconds, last result)}: the calls in turn, round after round, timed by `clock`."""
    best = {name: float("inf") for name in calls}
    result = {}
    for round_ in range(max(repeats.values())):
        for name, call in calls.items():
            if round_ >= repeats[name]:
                continue
            start = clock()
            result[name] = call()
            best[name] = min(best[name], clock() - start)
    return {name: (best[name], result[name]) for name in calls}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="N = 1e5 only")
    parser.add_argument("--no-peers", action="store_true", help="time aucbound and np.sort only")
    parser.add_argument("--repeats", type=int, help="rounds for np.sort and aucbound (default 20 at N <= 1e6, else 5)")
    parser.add_argument("--peer-repeats", type=int, default=2, help="rounds for the peers (default 2)")
    parser.add_argument("--sizes", type=float, nargs="*", help="N values (default 1e6 1e7)")
    args = parser.parse_args()
    sizes = [int(s) for s in (args.sizes or ([1e5] if args.quick else [1e6, 1e7]))]
    metrics = stats = None
    if not args.no_peers:
        metrics, stats = optional("sklearn.metrics"), optional("scipy.stats")
    print(f"aucbound {ab.__version__} ({os.path.dirname(ab.__file__)}), numpy {np.__version__}, "
          f"Python {platform.python_version()}, {machine()}")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rounds = {size: args.repeats or (20 if size <= 10**6 else 5) for size in sizes}
    print(f"best of {', '.join(f'{r} at N = {n:.0e}' for n, r in rounds.items())} (peers: of {args.peer_repeats}); "
          "ratio = time / np.sort(scores)'s time")
    header = (f"{'N':>5s} {'scores':12s} {'labels':6s} {'sort ms':>8s} {'auc':>6s} {'delong':>6s} "
              f"{'sklearn':>7s} {'scipy':>6s}  {'Â (hex)':22s} {'DeLong variance (hex)':22s}")
    print(header)
    worst = {"auc": 0.0, "delong": 0.0}
    for size in sizes:
        for scores_kind in SCORES:
            for labels_kind in LABELS:
                labels, scores = case(size, scores_kind, labels_kind)
                calls = {
                    "sort": lambda: np.sort(scores),
                    "auc": lambda: ab.auc(labels, scores),
                    "delong": lambda: ab.empirical.delong_variance(labels, scores),
                }
                repeats = dict.fromkeys(calls, rounds[size])
                if metrics is not None:
                    calls["sklearn"] = lambda: metrics.roc_auc_score(labels, scores)
                if stats is not None:
                    def mann_whitney():
                        mask = labels.astype(bool)
                        pos, neg = scores[mask], scores[~mask]
                        return stats.mannwhitneyu(pos, neg).statistic / (pos.size * neg.size)

                    calls["scipy"] = mann_whitney
                repeats.update({name: args.peer_repeats for name in ("sklearn", "scipy") if name in calls})
                times = timed(calls, repeats)
                sort = times["sort"][0]
                ratio = {name: times[name][0] / sort for name in times}
                worst["auc"], worst["delong"] = max(worst["auc"], ratio["auc"]), max(worst["delong"], ratio["delong"])
                auc, variance = times["auc"][1], times["delong"][1]
                for name in ("sklearn", "scipy"):  # the peers compute the same Â, up to rounding
                    if name in times and abs(times[name][1] - auc) > 1e-12:
                        print(f"  note: {name} gives {times[name][1]!r}, aucbound {auc!r}")
                peers = " ".join(f"{ratio[name]:>{w}.2f}" if name in ratio else f"{'—':>{w}s}"
                                 for name, w in (("sklearn", 7), ("scipy", 6)))
                print(f"{size:5.0e} {scores_kind:12s} {labels_kind:6s} {sort * 1000:8.1f} {ratio['auc']:6.2f} "
                      f"{ratio['delong']:6.2f} {peers}  {auc.hex():22s} {variance.hex():22s}", flush=True)
    print(f"largest ratio: auc {worst['auc']:.2f}, delong_variance {worst['delong']:.2f}")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
