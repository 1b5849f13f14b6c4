#!/usr/bin/env python
"""The precision–recall curve and average precision of N scores beside one numpy.sort and scikit-learn.

    python bench/bench_pr.py [--sizes 1e6 1e7] [--repeat 3]

Prints the best-of-k wall time of aucbound.precision_recall_curve, aucbound.average_precision
and aucbound.pr_auc (every estimate, no interval), scikit-learn's precision_recall_curve and
average_precision_score, and each one's ratio to one numpy.sort of the scores, on continuous
(normal) and heavily tied (100 levels) scores with 0/1 labels, without and with sample weights.
Ratios measured in one run are robust to the machine's load; absolute seconds are not.
"""

from __future__ import annotations

import argparse

import numpy as np

import aucbound as ab
from _timing import best



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[1e6, 1e7])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    from sklearn.metrics import average_precision_score, precision_recall_curve

    rng = np.random.default_rng(0)
    print("| N | scores | weights | np.sort s | function | s | ratio to sort |")
    print("|---|---|---|---|---|---|---|")
    for size in args.sizes:
        n = int(size)
        labels = rng.integers(0, 2, n)
        for kind in ("normal", "100 levels"):
            scores = rng.normal(size=n) + labels
            if kind != "normal":
                scores = np.round(scores * 15) / 15
            for weights in (None, rng.integers(1, 4, n).astype(float)):
                sort = best(lambda: np.sort(scores), args.repeat)
                timed = {
                    "aucbound.precision_recall_curve": lambda: ab.precision_recall_curve(labels, scores,
                                                                                          sample_weight=weights),
                    "aucbound.average_precision": lambda: ab.average_precision(labels, scores, sample_weight=weights),
                    "aucbound.pr_auc (estimates)": lambda: ab.pr_auc(labels, scores, methods=[],
                                                                    sample_weight=weights),
                    "sklearn precision_recall_curve": lambda: precision_recall_curve(labels, scores,
                                                                                     sample_weight=weights),
                    "sklearn average_precision_score": lambda: average_precision_score(labels, scores,
                                                                                       sample_weight=weights),
                }
                for name, function in timed.items():
                    seconds = best(function, args.repeat)
                    print(f"| {n:.0e} | {kind} | {'yes' if weights is not None else 'no'} | {sort:.3f} | {name} | "
                          f"{seconds:.3f} | {seconds / sort:.2f} |", flush=True)


if __name__ == "__main__":
    main()
