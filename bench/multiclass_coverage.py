"""Coverage of the multiclass AUC's intervals (aucbound.multiclass_auc) with aucbound.interval_coverage.

Two three-class laws with a true value known in closed form:

- ``normal``: a score column per class, column j of a case of class r drawn from N(μ_j·[r = j], 1)
  independently, μ = (0.5, 1, 1.5). Then Â(i|j) estimates Φ(μ_i/√2), so Hand & Till's M is the
  mean of Φ(μ_i/√2) over the classes (and so is one-vs-rest macro).
- ``rating``: one predictor on a five-point scale (many ties), class r's ratings drawn from the
  probabilities P[r]; M is the mean over i < j of P(x_j > x_i) + ½P(x_j = x_i), computed exactly.
- ``weighted``: the ``normal`` law observed through unequal-probability (Poisson) sampling by
  class: a candidate case of class r is kept with probability 0.25 when its own column scores
  below μ_r/2 and 0.75 otherwise, and carries the inverse-probability weight 1/π (4 or 4/3) as
  a sampling weight. The kept cases of class r over-represent its high scores, so the plain M
  is biased upwards; the weighted M estimates the population's. Its rows: ``delong`` with the
  sandwich covariance (``delong (sampling)``) and, for comparison, the unweighted ``delong``
  of the same sample (``delong (ignoring weights)``). Each class draws 2 × size candidates,
  which keeps about 1.1 to 1.3 × size of them.

Each trial draws the same number of cases in every class (``--sizes``; candidates for
``weighted``), and every method's row comes from one call. Prints a table of coverage (with its Monte Carlo standard error) per law,
size and method, e.g.

    python bench/multiclass_coverage.py --trials 1000 --boot-trials 200 --resamples 1000
    python bench/multiclass_coverage.py --laws weighted --trials 1000
"""

from __future__ import annotations

import argparse
import time
from fractions import Fraction
from statistics import NormalDist

import numpy as np

import aucbound

SHIFTS = (0.5, 1.0, 1.5)
RATINGS = (
    (Fraction(4, 10), Fraction(3, 10), Fraction(2, 10), Fraction(1, 10), Fraction(0)),
    (Fraction(2, 10), Fraction(3, 10), Fraction(3, 10), Fraction(1, 10), Fraction(1, 10)),
    (Fraction(1, 10), Fraction(1, 10), Fraction(2, 10), Fraction(3, 10), Fraction(3, 10)),
)


def true_normal() -> float:
    return sum(NormalDist().cdf(mu / 2**0.5) for mu in SHIFTS) / len(SHIFTS)


def true_rating() -> Fraction:
    pairs = [(i, j) for i in range(3) for j in range(i + 1, 3)]
    total = Fraction(0)
    for i, j in pairs:
        for a, pa in enumerate(RATINGS[i]):
            for b, pb in enumerate(RATINGS[j]):
                total += pa * pb * (1 if b > a else Fraction(1, 2) if a == b else 0)
    return total / len(pairs)


def draw_normal(size):
    def draw(rng):
        labels = np.repeat(np.arange(3), size)
        scores = rng.normal(size=(labels.size, 3)) + np.asarray(SHIFTS) * (labels[:, None] == np.arange(3))
        return labels, scores
    return draw


def draw_rating(size):
    probabilities = np.array(RATINGS, dtype=float)

    def draw(rng):
        labels = np.repeat(np.arange(3), size)
        ratings = np.concatenate([rng.choice(5, size=size, p=p) for p in probabilities]).astype(float)
        return labels, ratings
    return draw


#: The weighted law's inclusion probabilities: below μ_r/2 in the case's own column, and at or above it.
KEEP = (0.25, 0.75)


def draw_weighted(size):
    def draw(rng):
        labels = np.repeat(np.arange(3), 2 * size)
        scores = rng.normal(size=(labels.size, 3)) + np.asarray(SHIFTS) * (labels[:, None] == np.arange(3))
        own = scores[np.arange(labels.size), labels]
        probability = np.where(own < np.asarray(SHIFTS)[labels] / 2, *KEEP)
        kept = rng.random(labels.size) < probability
        return labels[kept], scores[kept], 1.0 / probability[kept]
    return draw


def weighted_delong(labels, scores, weights):
    return aucbound.multiclass_auc(labels, scores, sample_weight=weights, weight_kind="sampling")["delong"]


def ignoring_weights(labels, scores, weights):
    return aucbound.multiclass_auc(labels, scores, methods=["delong"])["delong"]


def weighted_rows(size, trials, truth):
    for method, interval in (("delong (sampling)", weighted_delong), ("delong (ignoring weights)", ignoring_weights)):
        start = time.perf_counter()
        found = aucbound.interval_coverage(draw_weighted(size), interval, truth, trials=trials, method=method,
                                           seed=size)
        seconds = time.perf_counter() - start
        print(f"{'weighted':8} {size:>9} {method:26} {trials:>6} {found.coverage:>9.3f} {found.mcse:>7.3f} "
              f"{found.mean_width:>10.4f} {seconds:>8.1f}", flush=True)


class Rows:
    """Every method's interval of a trial from one call, kept until each method has read it."""

    def __init__(self, methods, resamples):
        self.methods, self.resamples, self.kept = methods, resamples, {}

    def interval(self, method):
        def ends(labels, scores):
            key = hash(scores.tobytes())
            if key not in self.kept:
                self.kept = {key: aucbound.multiclass_auc(labels, scores, methods=self.methods,
                                                          resamples=self.resamples, workers=1)}
            return self.kept[key][method]
        return ends


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="30,100,1000", help="cases per class, comma-separated")
    parser.add_argument("--trials", type=int, default=1000, help="trials of the delong and mcdiarmid rows")
    parser.add_argument("--boot-trials", type=int, default=200, help="trials of the bootstrap rows (0: none)")
    parser.add_argument("--resamples", type=int, default=1000, help="bootstrap resamples per trial")
    parser.add_argument("--laws", default="normal,rating")
    args = parser.parse_args(argv)
    laws = {"normal": (draw_normal, true_normal()), "rating": (draw_rating, float(true_rating()))}
    print(f"true M: normal {laws['normal'][1]:.6f}, rating {laws['rating'][1]:.6f} ({true_rating()})")
    print(f"{'law':8} {'per class':>9} {'method':26} {'trials':>6} {'coverage':>9} {'± MCSE':>7} "
          f"{'mean width':>10} {'seconds':>8}")
    for law in args.laws.split(","):
        if law == "weighted":
            for size in (int(s) for s in args.sizes.split(",")):
                weighted_rows(size, args.trials, true_normal())
            continue
        maker, truth = laws[law]
        for size in (int(s) for s in args.sizes.split(",")):
            plans = [(["delong", "mcdiarmid"], None, args.trials)]
            if args.boot_trials:
                plans.append((["bootstrap-percentile", "bootstrap-bca"], args.resamples, args.boot_trials))
            for methods, resamples, trials in plans:
                rows = Rows(methods, resamples)
                for method in methods:
                    start = time.perf_counter()
                    found = aucbound.interval_coverage(maker(size), rows.interval(method), truth, trials=trials,
                                                       method=method, seed=size)
                    seconds = time.perf_counter() - start
                    print(f"{law:8} {size:>9} {method:26} {trials:>6} {found.coverage:>9.3f} {found.mcse:>7.3f} "
                          f"{found.mean_width:>10.4f} {seconds:>8.1f}", flush=True)


if __name__ == "__main__":
    main()
