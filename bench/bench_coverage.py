#!/usr/bin/env python
"""Timings of the coverage simulator (aucbound.simulate) against its targets.

    python bench/bench_coverage.py            # every case below
    python bench/bench_coverage.py --quick    # a smoke run: fewer trials, no full study

Cases, each timed as wall-clock seconds in this process (the CLI case in a fresh one):

- 10,000 trials at m = n = 50 with every closed-form method (all of aucbound.intervals'
  methods but the bootstrap), for each scenario; target ≤ 10 s each.
- ``aucbound coverage --scenario binormal --m 50 --n 50 --trials 10000`` as a fresh process
  (start-up included).
- the full standard study (7 scenarios × m, n ∈ {10, 30, 100, 300} × δ ∈ {0.05, 0.01},
  10,000 trials per cell) with the same methods; target ≤ 600 s.
- for scale, the bootstrap rows: 1000 trials × 1000 resamples at m = n = 50 (no target).

Benchmarks are not tests: nothing here fails; the last line says whether the targets were met.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import time

import numpy as np

import aucbound as ab

CLOSED_FORM = [key for key, spec in ab.METHODS.items() if not spec.needs_scores]


def timed(function):
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def cli_seconds(trials):
    """Wall time of the command as a fresh process."""
    command = [sys.executable, "-m", "aucbound", "coverage", "--scenario", "binormal", "--m", "50", "--n", "50",
               "--trials", str(trials)]
    seconds, _ = timed(lambda: subprocess.run(command, check=True, capture_output=True))
    return seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: fewer trials, no full study")
    quick = parser.parse_args().quick
    trials = 1000 if quick else 10_000
    print(f"{os.cpu_count()} CPUs, {platform.machine()}, Python {platform.python_version()}, numpy {np.__version__}")
    print(f"{'case':58}{'seconds':>9}{'target s':>10}")
    met = True

    per_scenario = []
    for name in ab.simulate.SCENARIOS:
        seconds, _ = timed(lambda: ab.coverage(name, 50, 50, 0.05, methods=CLOSED_FORM, trials=trials))
        per_scenario.append(seconds)
        print(f"{f'{trials} trials, m = n = 50, {len(CLOSED_FORM)} methods, {name}':58}{seconds:9.2f}{10:10.0f}")
    met &= max(per_scenario) <= 10

    print(f"{f'aucbound coverage ... --m 50 --n 50 --trials {trials} (process)':58}{cli_seconds(trials):9.2f}{'—':>10}")

    if not quick:
        seconds, study = timed(lambda: ab.coverage_study(methods=CLOSED_FORM, trials=trials))
        met &= seconds <= 600
        print(f"{f'standard study: {len(study.cells)} cells x {trials} trials, no bootstrap':58}{seconds:9.2f}{600:10.0f}")

    boot_trials = 100 if quick else 1000
    seconds, _ = timed(lambda: ab.coverage("binormal", 50, 50, 0.05, methods=["bootstrap-percentile", "bootstrap-bca"],
                                           trials=boot_trials, resamples=1000))
    print(f"{f'bootstrap: {boot_trials} trials x 1000 resamples, m = n = 50':58}{seconds:9.2f}{'—':>10}")
    print("all targets met" if met else "some target missed")


if __name__ == "__main__":
    main()
