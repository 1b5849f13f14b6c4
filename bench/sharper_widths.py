"""Half-widths of the distribution-free AUC intervals beside DeLong's, on binormal data.

For each AUC (0.8, 0.95; equal variances, X ~ N(√2·Φ⁻¹(A), 1), Y ~ N(0, 1)) and each (m, n),
draws `--sets` data sets, computes every interval with :func:`aucbound.intervals` (the public
function) and prints the mean half-width of each method divided by DeLong's on the same data.

    python bench/sharper_widths.py --sets 20
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
from scipy.stats import norm

import aucbound

METHODS = ["delong", "mcdiarmid", "hoeffding-kl", "bernstein"]
SIZES = [(100, 100), (1000, 1000), (10**4, 10**4), (10**5, 10**5), (100, 10**4)]


def ratios(auc: float, m: int, n: int, sets: int, seed: int) -> dict[str, float]:
    rng = np.random.default_rng(seed)
    shift = math.sqrt(2.0) * norm.ppf(auc)
    widths = {key: [] for key in METHODS}
    for _ in range(sets):
        pos, neg = rng.normal(shift, 1.0, m), rng.normal(0.0, 1.0, n)
        result = aucbound.intervals(np.r_[np.ones(m), np.zeros(n)], np.r_[pos, neg], methods=METHODS)
        for row in result.rows:
            widths[row.method].append(row.epsilon)
    delong = np.asarray(widths["delong"])
    return {key: float(np.mean(np.asarray(widths[key]) / delong)) for key in METHODS[1:]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    print(f"half-width ÷ DeLong's (mean over {args.sets} data sets), δ = 0.05")
    print(f"{'AUC':>5} {'m':>7} {'n':>7} " + " ".join(f"{key:>13}" for key in METHODS[1:]))
    for auc in (0.8, 0.95):
        for m, n in SIZES:
            row = ratios(auc, m, n, args.sets, args.seed)
            print(f"{auc:>5} {m:>7} {n:>7} " + " ".join(f"{row[key]:>13.3f}" for key in METHODS[1:]))
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
