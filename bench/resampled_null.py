#!/usr/bin/env python
"""The rejection rate at α = 0.05 of each resampled test of two ROC curves when the curves are equal.

Two scorers with the same ROC curve: paired, both score the same cases as the same signal plus
noise of their own (x = y + z + e, e independent standard normal for each scorer, z shared);
unpaired, two sets of cases drawn from the same binormal model. Each trial draws new data and
runs the test with `--resamples`; a valid test rejects 5% of the time, within 3 Monte Carlo
standard errors sqrt(0.05·0.95/trials). Prints one row per test (docs/resampled_tests.md records
a run).

    python bench/resampled_null.py                       # 1000 trials, 40 + 40 cases, 500 resamples
    python bench/resampled_null.py --trials 200 --resamples 200
"""

from __future__ import annotations

import argparse
import math
import time
import warnings

import numpy as np

import aucbound
from aucbound.empirical import bootstrap_test, operating_point_test, venkatraman_test

TESTS = {
    "bootstrap, paired": (bootstrap_test, {}),
    "bootstrap, unpaired": (bootstrap_test, {"paired": False}),
    "bootstrap, paired, unstratified": (bootstrap_test, {"stratified": False}),
    "bootstrap, paired, pAUC sp 0.8–1": (bootstrap_test, {"range": (0.8, 1)}),
    "venkatraman, paired": (venkatraman_test, {}),
    "venkatraman, unpaired": (venkatraman_test, {"paired": False}),
    "sensitivity at sp 0.8, paired": (operating_point_test, {"specificity": 0.8}),
    "specificity at se 0.8, unpaired": (operating_point_test, {"sensitivity": 0.8, "paired": False}),
}


def draw(rng, m: int, n: int, paired: bool) -> dict:
    y = np.r_[np.zeros(n, dtype=int), np.ones(m, dtype=int)]
    if paired:
        signal = y + rng.normal(size=m + n)
        return {"labels": y, "scores_a": signal + rng.normal(size=m + n), "scores_b": signal + rng.normal(size=m + n)}
    return {"labels": y, "scores_a": y + rng.normal(size=m + n) * math.sqrt(2),
            "labels_b": y, "scores_b": y + rng.normal(size=m + n) * math.sqrt(2)}


def rejection_rate(function, options: dict, trials: int, m: int, n: int, resamples: int, seed: int) -> float:
    rng = np.random.default_rng(seed)
    paired = options.get("paired", True)
    rejected = 0
    for trial in range(trials):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", aucbound.DataWarning)
            result = function(**draw(rng, m, n, paired), **options, resamples=resamples, seed=trial, workers=1)
        rejected += result.p_value <= 0.05
    return rejected / trials


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=1000)
    parser.add_argument("--resamples", type=int, default=500)
    parser.add_argument("-m", type=int, default=40, help="positives per set")
    parser.add_argument("-n", type=int, default=40, help="negatives per set")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    mcse = math.sqrt(0.05 * 0.95 / args.trials)
    print(f"{args.trials} trials, m = {args.m}, n = {args.n}, {args.resamples} resamples; "
          f"3 MCSE = {3 * mcse:.4f}")
    print(f"{'test':34} {'rate':>7} {'(rate − 0.05)/MCSE':>19} {'seconds':>8}")
    for name, (function, options) in TESTS.items():
        start = time.perf_counter()
        rate = rejection_rate(function, options, args.trials, args.m, args.n, args.resamples, args.seed)
        print(f"{name:34} {rate:7.4f} {(rate - 0.05) / mcse:19.2f} {time.perf_counter() - start:8.1f}", flush=True)


if __name__ == "__main__":
    main()
