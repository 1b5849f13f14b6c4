#!/usr/bin/env python
"""The ROC curve of N scores: aucbound.roc_curve beside one numpy.sort and scikit-learn's roc_curve.

    python bench/bench_roc.py [--sizes 1e6 1e7] [--repeat 5]

Prints the best-of-k wall time of each and the ratios to one numpy.sort of the scores, on
continuous (normal) and heavily tied (100 levels) scores with boolean labels. scikit-learn is a
benchmark-only peer (bench/requirements.txt); without it its column is left out.
"""

from __future__ import annotations

import argparse

import numpy as np

import aucbound as ab
from _timing import best



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[1e6, 1e7])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    try:
        from sklearn.metrics import roc_curve as sk_roc_curve
    except ImportError:
        sk_roc_curve = None
    rng = np.random.default_rng(0)
    print(f"{'N':>10} {'scores':>10} {'sort s':>8} {'aucbound s':>11} {'ratio':>6} {'sklearn s':>10} {'ratio':>6} points")
    for size in map(int, args.sizes):
        labels = rng.random(size) < 0.3
        continuous = rng.normal(size=size) + labels
        for name, scores in (("normal", continuous), ("100 levels", np.floor(continuous * 20) / 20)):
            sort = best(lambda: np.sort(scores), args.repeat)
            ours = best(lambda: ab.roc_curve(labels, scores), args.repeat)
            points = len(ab.roc_curve(labels, scores))
            row = f"{size:>10.0e} {name:>10} {sort:8.3f} {ours:11.3f} {ours / sort:6.2f}"
            if sk_roc_curve is not None:
                theirs = best(lambda: sk_roc_curve(labels, scores, drop_intermediate=False), args.repeat)
                row += f" {theirs:10.3f} {theirs / sort:6.2f}"
            print(row + f" {points}")


if __name__ == "__main__":
    main()
