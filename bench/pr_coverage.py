#!/usr/bin/env python
"""Coverage of the intervals for the area under the precision–recall curve under binormal scores.

    python bench/pr_coverage.py [--trials 1000] [--bootstrap-trials 200] [--resamples 500] [--mu 1.19]

Positives score N(μ, 1), negatives N(0, 1); m positives and n negatives, m, n ∈ {30, 100,
1000}, so the prevalence is π = m/(m + n). The true area θ = ∫₀¹ precision d(recall) of the
population curve is, with threshold t, recall R(t) = Φ(μ − t), false-positive rate F(t) =
Φ(−t) and precision P(t) = πR/(πR + (1 − π)F),

    θ = ∫ P(t) φ(t − μ) dt over the real line,

computed by mpmath's tanh-sinh quadrature at 30 digits (split at 0 and μ; the printed
quadrature error estimate is below 1e-10). Average precision is a consistent estimator of it
(the mean over the positives of the precision at each one's score). Each row is
:func:`aucbound.interval_coverage` of one interval of :func:`aucbound.pr_auc` for one
estimator: the share of trials whose interval contains θ, its Monte Carlo standard error,
the median width; a coverage below 1 − δ by more than two standard errors is marked
(under-covers). Prints Markdown.
"""

from __future__ import annotations

import argparse
import time

import mpmath
import numpy as np

import aucbound as ab

SIZES = (30, 100, 1000)


def true_area(mu: float, prevalence: float) -> tuple[float, float]:
    """(θ, the quadrature's error estimate) of the binormal PR curve at `mu` and `prevalence`."""
    mpmath.mp.dps = 30
    mu, pi = mpmath.mpf(mu), mpmath.mpf(prevalence)

    def integrand(t):
        recall, fpr = mpmath.ncdf(mu - t), mpmath.ncdf(-t)
        return pi * recall / (pi * recall + (1 - pi) * fpr) * mpmath.npdf(t - mu)

    value, error = mpmath.quad(integrand, [-mpmath.inf, 0, mu, mpmath.inf], error=True)
    return float(value), float(error)


def draw_for(m: int, n: int, mu: float):
    labels = np.r_[np.ones(m, dtype=np.int8), np.zeros(n, dtype=np.int8)]

    def draw(rng):
        return labels, np.r_[rng.normal(mu, 1.0, m), rng.normal(0.0, 1.0, n)]

    return draw


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=1000, help="trials of the binomial and logit intervals")
    parser.add_argument("--bootstrap-trials", type=int, default=200, help="trials of the bootstrap interval")
    parser.add_argument("--resamples", type=int, default=500, help="resamples of each bootstrap interval")
    parser.add_argument("--mu", type=float, default=1.19, help="the positives' mean (1.19: ROC AUC 0.80)")
    parser.add_argument("--delta", type=float, default=0.05)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    args = parser.parse_args(argv)
    cases = [("average-precision", "binomial", args.trials), ("average-precision", "logit", args.trials),
             ("average-precision", "bootstrap", args.bootstrap_trials),
             ("lower-trapezoid", "binomial", args.trials), ("lower-trapezoid", "logit", args.trials),
             ("interpolated-median", "logit", args.trials)]
    print(f"binormal scores, positives N({args.mu}, 1), negatives N(0, 1); delta = {args.delta}; "
          f"bootstrap {args.resamples} resamples\n")
    print("| m | n | true area θ | estimator | interval | trials | coverage (± MC s.e.) | median width |")
    print("|---|---|---|---|---|---|---|---|")
    started = time.perf_counter()
    for m in args.sizes:
        for n in args.sizes:
            theta, error = true_area(args.mu, m / (m + n))
            assert error < 1e-10, error
            draw = draw_for(m, n, args.mu)
            for estimator, method, trials in cases:
                def interval(labels, scores, estimator=estimator, method=method):
                    return ab.pr_auc(labels, scores, estimator=estimator, methods=[method], delta=args.delta,
                                     resamples=args.resamples if method == "bootstrap" else None, workers=1)[method]

                row = ab.interval_coverage(draw, interval, theta, delta=args.delta, trials=trials, method=method)
                low = row.coverage < 1 - args.delta - 2 * row.mcse
                shown = f"{row.coverage:.3f} ± {row.mcse:.3f}" + (" **under-covers**" if low else "")
                print(f"| {m} | {n} | {theta:.10f} | {estimator} | {method} | {trials} | {shown} | "
                      f"{row.median_width:.4f} |", flush=True)
    print(f"\n{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
