#!/usr/bin/env python
"""Weighted auc, delong and roc_curve of N rows beside one numpy.sort and scikit-learn (docs/weights.md).

    python bench/bench_weights.py [--sizes 1e6 1e7] [--repeat 3]

Prints the best-of-k wall time of each call and its ratio to one numpy.sort of the scores, on
continuous (normal) scores with float sampling weights and integer frequency weights, beside
the unweighted calls and scikit-learn's roc_auc_score(sample_weight=…) (a benchmark-only peer;
without it its column is left out). Ratios measured in one run are robust to the machine's
load; absolute seconds are not.
"""

from __future__ import annotations

import argparse

import numpy as np

import aucbound as ab
from aucbound.empirical import delong_variance
from _timing import best



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=float, nargs="+", default=[1e6, 1e7])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    try:
        from sklearn.metrics import roc_auc_score
    except ImportError:
        roc_auc_score = None
    rng = np.random.default_rng(0)
    print(f"{'N':>8} {'call':<38} {'seconds':>8} {'/ sort':>7}")
    for size in map(int, args.sizes):
        labels = rng.random(size) < 0.3
        scores = rng.normal(size=size) + labels
        sampling = rng.exponential(1.0, size)
        frequency = rng.integers(1, 5, size)
        sort = best(lambda: np.sort(scores), args.repeat)
        calls = [
            ("np.sort(scores)", lambda: np.sort(scores)),
            ("auc", lambda: ab.auc(labels, scores)),
            ("auc, sampling weights", lambda: ab.auc(labels, scores, sample_weight=sampling)),
            ("auc, frequency weights", lambda: ab.auc(labels, scores, sample_weight=frequency)),
            ("delong_variance", lambda: delong_variance(labels, scores)),
            ("delong_variance, sampling weights",
             lambda: delong_variance(labels, scores, sample_weight=sampling, weight_kind="sampling")),
            ("delong_variance, frequency weights",
             lambda: delong_variance(labels, scores, sample_weight=frequency, weight_kind="frequency")),
            ("roc_curve", lambda: ab.roc_curve(labels, scores)),
            ("roc_curve, sampling weights", lambda: ab.roc_curve(labels, scores, sample_weight=sampling)),
        ]
        if roc_auc_score is not None:
            calls.append(("sklearn roc_auc_score(sample_weight=…)",
                          lambda: roc_auc_score(labels, scores, sample_weight=sampling)))
        for name, call in calls:
            seconds = sort if name.startswith("np.sort") else best(call, args.repeat)
            print(f"{size:>8.0e} {name:<38} {seconds:8.3f} {seconds / sort:7.2f}", flush=True)


if __name__ == "__main__":
    main()
