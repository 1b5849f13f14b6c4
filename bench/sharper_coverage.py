"""Coverage of the bernstein interval in the simulator's worst cases, beside hoeffding-kl and DeLong.

Every cell draws `--trials` data sets (fewer where m·n is large: see CELLS) from a scenario with
a known AUC and reports each method's coverage and Monte Carlo standard error; a cell fails when
coverage < 1 − δ − 3·MCSE. Worst cases: AUC near 0, ½ and 1; heavy ties (the 5-point rating
scale; a two-point score); the adversarial two-point pair of Agarwal et al. (2005, Eq. 14); m ≪ n
and m ≫ n; m, n from 5 to 10⁴.

    python bench/sharper_coverage.py --trials 10000
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

import aucbound as ab
from aucbound.simulate import adversarial, binormal, custom, rating_scale

METHODS = ["bernstein", "hoeffding-kl", "delong"]
SIZES = [(5, 5), (5, 100), (100, 5), (10, 10), (30, 30), (100, 100), (1000, 1000), (5, 10**4), (10**4, 5),
         (100, 10**4), (10**4, 10**4)]


def two_point(p_pos: float = 0.7, p_neg: float = 0.3):
    """Scores in {0, 1}: a positive scores 1 with probability p_pos, a negative with p_neg (ties everywhere)."""
    auc = p_pos * (1 - p_neg) + 0.5 * (p_pos * p_neg + (1 - p_pos) * (1 - p_neg))
    return custom(lambda rng, size: (rng.random(size) < p_pos).astype(float),
                  lambda rng, size: (rng.random(size) < p_neg).astype(float), auc, name="two-point",
                  description=f"scores in {{0, 1}}, P(1) = {p_pos} and {p_neg}")


SCENARIOS = [
    ("binormal 0.5", binormal(0.5)),
    ("binormal 0.8", binormal(0.8)),
    ("binormal 0.99", binormal(0.99)),
    ("binormal 0.01", binormal(0.01)),
    ("binormal 0.999", binormal(0.999)),
    ("rating 0.8", rating_scale(0.8)),
    ("rating 0.55", rating_scale(0.55)),
    ("two-point", two_point()),
    ("adversarial 0.8", adversarial(0.8)),
    ("adversarial 0.99", adversarial(0.99)),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=10_000)
    parser.add_argument("--delta", type=float, default=0.05)
    args = parser.parse_args()
    start = time.perf_counter()
    failures, worst = [], {key: (2.0, None) for key in METHODS}
    print(f"{'scenario':<17} {'m':>6} {'n':>6} {'trials':>6} " + " ".join(f"{key:>20}" for key in METHODS))
    for name, scenario in SCENARIOS:
        for m, n in SIZES:
            trials = args.trials if m * n <= 10**6 else max(args.trials // 5, 1000)
            result = ab.simulate.coverage(scenario, m, n, args.delta, methods=METHODS, trials=trials, seed=1)
            cells = []
            for row in result.rows:
                cells.append(f"{row.coverage:.4f} ± {row.mcse:.4f}")
                if row.guarantee == "distribution-free" and row.coverage < 1 - args.delta - 3 * row.mcse:
                    failures.append((name, m, n, row.method, row.coverage, row.mcse))
                margin = row.coverage - (1 - args.delta - 3 * row.mcse)
                if margin < worst[row.method][0]:
                    worst[row.method] = (margin, (name, m, n, row.coverage))
            print(f"{name:<17} {m:>6} {n:>6} {trials:>6} " + " ".join(f"{cell:>20}" for cell in cells), flush=True)
    print(f"\ncells below 1 − δ − 3·MCSE among the distribution-free rows: {failures or 'none'}")
    for key, (margin, where) in worst.items():
        print(f"lowest margin over 1 − δ − 3·MCSE, {key}: {margin:+.4f} at {where}")
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
