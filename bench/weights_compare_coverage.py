"""Coverage of the weighted DeLong interval for a difference of two AUCs (docs/weights.md,
"Comparing two scorers"), with aucbound.interval_coverage.

The population: each case has two scores (a, b), bivariate normal with unit variances and
correlation 0.5 — positives with means (1, 0.6), negatives (0, 0) — so A_a = Φ(1/√2),
A_b = Φ(0.6/√2) and D = A_a − A_b = 0.095937.

Importance weights: each class drawn i.i.d. from the proposal with both means shifted by 0.5 and
the covariance scaled by 1.5², each case weighted by the ratio of the two bivariate densities.

Stratified: within each class three quarters of the cases from above the class's median of score a,
one quarter from below, weighted 2/3 and 2 (the inverse sampling rates).

Both with weight_kind="sampling": the sandwich variance of D̂; and, for comparison, DeLong's
unweighted paired interval on the same samples (weights ignored).

    python bench/weights_compare_coverage.py --trials 2000
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
from scipy.stats import norm

import aucbound

MEANS = np.array([1.0, 0.6])
RHO = 0.5
COVARIANCE = np.array([[1.0, RHO], [RHO, 1.0]])
TRUE_DIFFERENCE = float(norm.cdf(MEANS[0] / math.sqrt(2)) - norm.cdf(MEANS[1] / math.sqrt(2)))
SHIFT, SCALE = 0.5, 1.5
_CHOLESKY = np.linalg.cholesky(COVARIANCE)
_INVERSE = np.linalg.inv(COVARIANCE)


def _labels(size: int) -> np.ndarray:
    return np.r_[np.ones(size), np.zeros(size)]


def _quadratic(x: np.ndarray) -> np.ndarray:
    return np.einsum("ij,jk,ik->i", x, _INVERSE, x)


def importance_pair(size: int):
    """draw(rng) -> (labels, a, b, weights): `size` cases per class from the proposal, density-ratio weights."""

    def draw(rng):
        cases = []
        for mean in (MEANS, np.zeros(2)):
            z = rng.standard_normal((size, 2)) @ _CHOLESKY.T
            x = mean + SHIFT + SCALE * z
            # target N(mean, Σ) over proposal N(mean + shift, scale²Σ): the normalising constants differ by scale²
            log_ratio = 2 * math.log(SCALE) - _quadratic(x - mean) / 2 + _quadratic(x - mean - SHIFT) / (2 * SCALE**2)
            cases.append((x, np.exp(log_ratio)))
        (pos, wpos), (neg, wneg) = cases
        return _labels(size), np.r_[pos[:, 0], neg[:, 0]], np.r_[pos[:, 1], neg[:, 1]], np.r_[wpos, wneg]

    return draw


def stratified_pair(size: int):
    """draw(rng) -> (labels, a, b, weights): per class 3/4 of `size` from above the median of a (weight 2/3),
    the rest from below (weight 2)."""
    above = (3 * size) // 4

    def draw(rng):
        parts = []
        for mean in (MEANS, np.zeros(2)):
            x = mean + rng.standard_normal((4 * size, 2)) @ _CHOLESKY.T
            high = x[:, 0] > mean[0]  # the median of a within the class
            upper, lower = x[high][:above], x[~high][:size - above]
            weights = np.r_[np.full(upper.shape[0], 2 / 3), np.full(lower.shape[0], 2.0)]
            parts.append((np.vstack((upper, lower)), weights))
        (pos, wpos), (neg, wneg) = parts
        return _labels(size), np.r_[pos[:, 0], neg[:, 0]], np.r_[pos[:, 1], neg[:, 1]], np.r_[wpos, wneg]

    return draw


def weighted_delong(labels, a, b, weights):
    return aucbound.compare(labels, a, b, sample_weight=weights, weight_kind="sampling", methods=["delong"])["delong"]


def ignored_delong(labels, a, b, weights):
    return aucbound.compare(labels, a, b, methods=["delong"])["delong"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=2000)
    parser.add_argument("--sizes", type=int, nargs="+", default=[30, 100, 1000])
    arguments = parser.parse_args()
    started = time.perf_counter()
    print(f"true D = {TRUE_DIFFERENCE:.6f}, {arguments.trials} trials each, 95% intervals")
    print("| weights | m = n | method | coverage | ± | mean width |")
    print("|---|---:|---|---:|---:|---:|")
    for size in arguments.sizes:
        for name, design in (("importance", importance_pair), ("sampling (stratified)", stratified_pair)):
            for label, interval in (("delong", weighted_delong), ("delong, weights ignored", ignored_delong)):
                row = aucbound.interval_coverage(design(size), interval, TRUE_DIFFERENCE, trials=arguments.trials,
                                                 seed=size, method=label, limits=(-1.0, 1.0))
                error = math.sqrt(row.coverage * (1 - row.coverage) / row.trials)
                print(f"| {name} | {size} | {label} | {row.coverage:.3f} | {error:.3f} | {row.mean_width:.4f} |",
                      flush=True)
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
