"""Coverage of the weighted DeLong intervals (docs/weights.md), with aucbound.interval_coverage.

Sampling weights: a binormal population (positives N(1, 1), negatives N(0, 1), AUC = Φ(1/√2)),
sampled by a stratified design within each class: three quarters of the rows from the half of
the class above its median, one quarter from the half below, each row weighted by the inverse of
its sampling rate (2/3 above, 2 below). The unweighted AUC of such a sample is biased; the
weighted one estimates the population's.

Importance weights: each class drawn i.i.d. from N(mean + 0.5, 1.5²) instead of N(mean, 1), each
row weighted by the ratio of the two densities (weight_kind="sampling" too).

Frequency weights: ratings 1–5 drawn i.i.d. (positives with probabilities .05 .10 .15 .30 .40,
negatives .35 .30 .15 .15 .05) and stored as one row per distinct (label, rating) with its count
as the weight: the repeated data, whose AUC (ties ½) is known exactly.

    python bench/weights_coverage.py --trials 1000
    python bench/weights_coverage.py --trials 500 --bootstrap 1000   # the sampling-weight bootstrap's rows instead

With --bootstrap B: the stratified bootstrap's percentile interval with sampling weights (the rows
resampled within each class, each carrying its weight; B resamples, one thread) on the stratified
and the importance designs, beside the sandwich DeLong interval on the same trials' seeds.
"""

from __future__ import annotations

import argparse
import itertools
import math
import time

import numpy as np
from scipy.stats import norm

import aucbound

MU = 1.0
BINORMAL_AUC = float(norm.cdf(MU / math.sqrt(2)))
POS_RATES = np.array([0.05, 0.10, 0.15, 0.30, 0.40])
NEG_RATES = np.array([0.35, 0.30, 0.15, 0.15, 0.05])


def rating_auc() -> float:
    """P(X > Y) + ½P(X = Y) for the two rating distributions."""
    below = np.cumsum(NEG_RATES) - NEG_RATES
    return float(np.sum(POS_RATES * (below + NEG_RATES / 2)))


def stratified_class(rng, size: int, mean: float):
    """`size` rows of N(mean, 1): 3/4 from above the median, 1/4 from below, with inverse-rate weights."""
    high = (3 * size) // 4
    low = size - high
    u = np.concatenate((rng.uniform(0.5, 1.0, high), rng.uniform(0.0, 0.5, low)))
    weights = np.concatenate((np.full(high, 0.5 / (high / size)), np.full(low, 0.5 / (low / size))))
    return mean + norm.ppf(u), weights


def importance_class(rng, size: int, mean: float):
    """`size` rows drawn i.i.d. from N(mean + 0.5, 1.5²), weighted by the density ratio to N(mean, 1)."""
    x = rng.normal(mean + 0.5, 1.5, size)
    return x, norm.pdf(x, mean, 1.0) / norm.pdf(x, mean + 0.5, 1.5)


def draw_importance(size: int):
    def draw(rng):
        pos, wpos = importance_class(rng, size, MU)
        neg, wneg = importance_class(rng, size, 0.0)
        labels = np.r_[np.ones(size, dtype=int), np.zeros(size, dtype=int)]
        return labels, np.r_[pos, neg], np.r_[wpos, wneg]
    return draw


def draw_sampling(size: int):
    def draw(rng):
        pos, wpos = stratified_class(rng, size, MU)
        neg, wneg = stratified_class(rng, size, 0.0)
        labels = np.r_[np.ones(size, dtype=int), np.zeros(size, dtype=int)]
        return labels, np.r_[pos, neg], np.r_[wpos, wneg]
    return draw


def draw_frequency(size: int):
    def draw(rng):
        pos = rng.multinomial(size, POS_RATES)
        neg = rng.multinomial(size, NEG_RATES)
        ratings = np.r_[np.arange(1, 6), np.arange(1, 6)].astype(float)
        labels = np.r_[np.ones(5, dtype=int), np.zeros(5, dtype=int)]
        return labels, ratings, np.r_[pos, neg]
    return draw


def weighted_interval(kind: str, method: str):
    def interval(labels, scores, weights):
        return aucbound.intervals(labels, scores, sample_weight=weights, weight_kind=kind, methods=[method])[method]
    return interval


def bootstrap_interval(resamples: int):
    seeds = itertools.count()  # trial k's bootstrap has seed k: the run is reproducible

    def interval(labels, scores, weights):
        return aucbound.intervals(labels, scores, sample_weight=weights, weight_kind="sampling",
                                  methods=["bootstrap-percentile"], resamples=resamples, seed=next(seeds),
                                  workers=1)["bootstrap-percentile"]
    return interval


def bootstrap_cases(sizes, resamples: int):
    cases = []
    for size in sizes:
        cases += [("sampling", size, "bootstrap-percentile", draw_sampling(size), bootstrap_interval(resamples),
                   BINORMAL_AUC),
                  ("sampling", size, "delong", draw_sampling(size), weighted_interval("sampling", "delong"),
                   BINORMAL_AUC),
                  ("importance", size, "bootstrap-percentile", draw_importance(size), bootstrap_interval(resamples),
                   BINORMAL_AUC),
                  ("importance", size, "delong", draw_importance(size), weighted_interval("sampling", "delong"),
                   BINORMAL_AUC)]
    return cases


def unweighted_interval(labels, scores, weights):
    return aucbound.intervals(labels, scores, methods=["delong"])["delong"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=1000)
    parser.add_argument("--sizes", default="30,100,1000")
    parser.add_argument("--bootstrap", type=int, default=None, metavar="B",
                        help="the sampling-weight bootstrap's rows with B resamples, instead of the DeLong table")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    print(f"95% intervals, {args.trials} trials each; binormal AUC {BINORMAL_AUC:.6f}, rating AUC {rating_auc():.6f}")
    print(f"{'weights':<10} {'m = n':>6}  {'method':<22} {'coverage':>8} {'± MCSE':>7} {'mean width':>10}  seconds")
    cases = [] if args.bootstrap is None else bootstrap_cases(sizes, args.bootstrap)
    for size in sizes if args.bootstrap is None else ():
        cases += [("sampling", size, "delong", draw_sampling(size), weighted_interval("sampling", "delong"),
                   BINORMAL_AUC),
                  ("sampling", size, "delong-logit", draw_sampling(size), weighted_interval("sampling", "delong-logit"),
                   BINORMAL_AUC),
                  ("sampling", size, "delong, unweighted", draw_sampling(size), unweighted_interval, BINORMAL_AUC),
                  ("importance", size, "delong", draw_importance(size), weighted_interval("sampling", "delong"),
                   BINORMAL_AUC),
                  ("importance", size, "delong-logit", draw_importance(size),
                   weighted_interval("sampling", "delong-logit"), BINORMAL_AUC),
                  ("frequency", size, "delong", draw_frequency(size), weighted_interval("frequency", "delong"),
                   rating_auc()),
                  ("frequency", size, "delong-logit", draw_frequency(size),
                   weighted_interval("frequency", "delong-logit"), rating_auc())]
    for kind, size, method, draw, interval, truth in cases:
        start = time.perf_counter()
        row = aucbound.interval_coverage(draw, interval, truth, trials=args.trials, seed=size, method=method)
        label = " UNDER-COVERS" if row.coverage + 2 * row.mcse < 0.95 else ""
        print(f"{kind:<10} {size:>6}  {method:<22} {row.coverage:>8.3f} {row.mcse:>7.3f} {row.mean_width:>10.4f}  "
              f"{time.perf_counter() - start:7.1f}{label}", flush=True)


if __name__ == "__main__":
    main()
