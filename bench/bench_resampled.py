#!/usr/bin/env python
"""Time the resampled tests of two ROC curves beside pROC's roc.test on the same data (Rscript, system.time).

For each size (cases per set, half of them positive, binormal scores rounded to 3 decimals so
that there are ties), each public function runs once with `--resamples` and R runs the same
roc.test call with boot.n = `--r-resamples` for the bootstrap tests and `--r-permutations` for
Venkatraman's (default: the same as `--resamples`); R's time is scaled by resamples/boot.n
when they differ (its loop is linear in boot.n: each resample or permutation costs the same, and
Venkatraman's E on the data costs one permutation, so its time is scaled by (resamples + 1)/(boot.n + 1)),
and the table says so. pROC's Venkatraman statistic counts the errors at each of the N cuts
with a pass over all cases (N² work a permutation), so at 10^4 cases and more only a few
permutations are affordable in R. Absolute seconds depend on the machine's load; the ratios
of one run are what to compare.

    python bench/bench_resampled.py --sizes 10000 --r-resamples 200 --r-permutations 5
    python bench/bench_resampled.py --sizes 100000 --r-resamples 20 --r-permutations 1
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

from aucbound.empirical import bootstrap_test, operating_point_test, venkatraman_test

CALLS = {  # name: (function, options, roc.test's arguments)
    "bootstrap, paired": (bootstrap_test, {}, 'method = "bootstrap", paired = TRUE'),
    "bootstrap, unpaired": (bootstrap_test, {"paired": False}, 'method = "bootstrap", paired = FALSE'),
    "venkatraman, paired": (venkatraman_test, {}, 'method = "venkatraman", paired = TRUE'),
    "venkatraman, unpaired": (venkatraman_test, {"paired": False}, 'method = "venkatraman", paired = FALSE'),
    "sensitivity at sp 0.8, paired": (operating_point_test, {"specificity": 0.8},
                                      'method = "specificity", specificity = 0.8, paired = TRUE'),
}


def data(cases: int, seed: int = 0):
    rng = np.random.default_rng(seed)
    y = (np.arange(cases) % 2).astype(int)
    signal = y + rng.normal(size=cases)
    return y, np.round(signal + rng.normal(size=cases), 3), np.round(signal + 0.8 * rng.normal(size=cases), 3)


def r_seconds(path: Path, arguments: str, boot_n: int) -> float:
    script = f"""
        suppressMessages(library(pROC))
        d <- read.csv("{path}")
        r.a <- roc(d$y, d$a, levels = c(0, 1), direction = "<", quiet = TRUE)
        r.b <- roc(d$y, d$b, levels = c(0, 1), direction = "<", quiet = TRUE)
        set.seed(1)
        cat(system.time(roc.test(r.a, r.b, {arguments}, boot.n = {boot_n}))[["elapsed"]], "\\n")
    """
    out = subprocess.run(["Rscript", "--vanilla", "-"], input=script, capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--resamples", type=int, default=2000)
    parser.add_argument("--r-resamples", type=int, default=None, help="pROC's boot.n for the bootstrap tests")
    parser.add_argument("--r-permutations", type=int, default=None, help="pROC's boot.n for Venkatraman's tests")
    parser.add_argument("--workers", type=int, default=-1)
    parser.add_argument("--only", nargs="*", help="names of CALLS to run")
    args = parser.parse_args(argv)
    r_boot = args.r_resamples or args.resamples
    r_perm = args.r_permutations or args.resamples
    print(f"aucbound: {args.resamples} resamples, workers={args.workers}; pROC: boot.n = {r_boot} for the "
          f"bootstrap tests, {r_perm} for Venkatraman's, its time scaled to {args.resamples}")
    print(f"{'cases':>7} {'test':32} {'aucbound s':>11} {'pROC s':>9} {'pROC/aucbound':>14}")
    with tempfile.TemporaryDirectory() as folder:
        for cases in args.sizes:
            y, a, b = data(cases)
            path = Path(folder) / f"data{cases}.csv"
            np.savetxt(path, np.c_[y, a, b], delimiter=",", header="y,a,b", comments="", fmt=["%d", "%.3f", "%.3f"])
            for name, (function, options, arguments) in CALLS.items():
                if args.only and name not in args.only:
                    continue
                start = time.perf_counter()
                function(y, a, b, **options, resamples=args.resamples, workers=args.workers)
                ours = time.perf_counter() - start
                if function is venkatraman_test:  # E on the data costs what a permutation costs
                    theirs = r_seconds(path, arguments, r_perm) * (args.resamples + 1) / (r_perm + 1)
                else:
                    theirs = r_seconds(path, arguments, r_boot) * args.resamples / r_boot
                print(f"{cases:7d} {name:32} {ours:11.2f} {theirs:9.1f} {theirs / ours:14.1f}", flush=True)


if __name__ == "__main__":
    main()
