#!/usr/bin/env python
"""The size of DeLong's χ² test of k equal AUCs (aucbound.empirical.compare_curves) under H0, by simulation.

Each trial draws m positives and n negatives with k binormal scores sharing a common part
(correlation ρ between any two scores) and the same shift μ for the positives, so that the k
AUCs are equal (Φ(μ/√2)); trial t's generator is ``SeedSequence(seed, spawn_key=(2, t))``, as
aucbound.interval_coverage seeds its trials. A few scores are rounded to one decimal, so
ties occur. The table gives the rejection rate at α, its Monte Carlo standard error
√(α(1 − α)/trials), and whether it lies within 3 of them of α.

    python bench/compare_size.py                  # k = 3 and 5, m, n in (20, 30), (50, 100), (200, 200)
    python bench/compare_size.py --trials 500 --alpha 0.05
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from aucbound.empirical import compare_curves


def draw(rng, k: int, m: int, n: int, rho: float = 0.5, shift: float = 1.0):
    labels = np.r_[np.ones(m, dtype=int), np.zeros(n, dtype=int)]
    common = rng.normal(size=m + n)
    columns = [math.sqrt(rho) * common + math.sqrt(1 - rho) * rng.normal(size=m + n) + shift * labels
               for _ in range(k)]
    columns[-1] = np.round(columns[-1], 1)  # ties in one column
    return labels, columns


def rejection_rate(k: int, m: int, n: int, trials: int, seed: int = 0, alpha: float = 0.05):
    """(the share of trials whose χ² test rejects H0 at `alpha`, its Monte Carlo standard error)."""
    rejected = 0
    for t in range(trials):
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(2, t)))
        labels, columns = draw(rng, k, m, n)
        rejected += compare_curves(labels, columns).p_value < alpha
    rate = rejected / trials
    return rate, math.sqrt(alpha * (1 - alpha) / trials)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=1000)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"{'k':>2} {'m':>5} {'n':>5} {'rejected':>9} {'MCSE':>7} {'within 3 MCSE':>14} {'seconds':>8}")
    for k in (3, 5):
        for m, n in ((20, 30), (50, 100), (200, 200)):
            start = time.perf_counter()
            rate, error = rejection_rate(k, m, n, args.trials, args.seed, args.alpha)
            ok = "yes" if abs(rate - args.alpha) <= 3 * error else "NO"
            print(f"{k:>2} {m:>5} {n:>5} {rate:>9.4f} {error:>7.4f} {ok:>14} {time.perf_counter() - start:>8.1f}",
                  flush=True)


if __name__ == "__main__":
    main()
