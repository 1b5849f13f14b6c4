#!/usr/bin/env python
"""compare_curves on k columns of 10^6 scores against k single DeLong variances and np.sort, in one run.

DeLong's χ² of k curves needs the k × k covariance of the AUCs: each column is sorted and
counted once (as for one DeLong variance), and the covariance's entries are sums over the
per-case components of pairs of columns. The ratios against ``np.sort`` of one column,
measured side by side in one run, are robust to the machine's load; the seconds are not.

    python bench/compare_speed.py                 # k = 5, N = 10^6, best of 3
    python bench/compare_speed.py --k 3 --n 100000 --repeat 5
"""

from __future__ import annotations

import argparse

import numpy as np

from aucbound.empirical import compare, compare_curves, delong_variance
from _timing import best



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--n", type=int, default=10**6)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    labels = (rng.random(args.n) < 0.3).astype(np.int8)
    common = rng.normal(size=args.n)
    columns = [np.round(common + rng.normal(size=args.n) + 0.5 * labels, 3) for _ in range(args.k)]
    sort = best(lambda: np.sort(columns[0]), args.repeat)
    rows = [
        ("np.sort (one column)", sort),
        (f"delong_variance x {args.k}", best(lambda: [delong_variance(labels, c) for c in columns], args.repeat)),
        ("compare (two columns)", best(lambda: compare(labels, columns[0], columns[1], methods=["delong"]), args.repeat)),
        (f"compare_curves (k = {args.k})", best(lambda: compare_curves(labels, columns), args.repeat)),
    ]
    print(f"N = {args.n:,} scores per column, k = {args.k}, best of {args.repeat}")
    print(f"{'':32} {'seconds':>8} {'x np.sort':>10}")
    for name, seconds in rows:
        print(f"{name:32} {seconds:>8.3f} {seconds / sort:>10.1f}")


if __name__ == "__main__":
    main()
