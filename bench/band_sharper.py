#!/usr/bin/env python
"""The ROC bands at exact finite-sample critical values beside DKW's: timings, widths, coverage.

    python bench/band_sharper.py [--trials 10000] [--datasets 20] [--skip-coverage]

Prints, as markdown tables for docs/sharper.md:

1. the time of the Berk–Jones critical value c(k, 0.025) (first call, uncached) and of the
   Kolmogorov ε at several k;
2. the width table: binormal data, equal variances, AUC 0.8 and 0.95, m = n ∈ {100, 1000, 10⁴}:
   each band's area ∫ (hi − lo) dFPR over a grid of 4001 false-positive rates divided by DKW's,
   and its width hi − lo at specificity 0.95, averaged over --datasets data sets per cell;
3. the breast-cancer example (scikit-learn's load_breast_cancer, a logistic regression on a
   70/30 split with random_state=0, malignant the positive class): each band's half-widths in sensitivity at FPR 0.1 and in
   FPR, and its interval for the sensitivity at specificity 0.9;
4. coverage (simultaneous, exact) over --trials binormal data sets per cell: AUC 0.5, 0.8, 0.99;
   continuous scores or a 5-level rating scale (heavy ties); (m, n) ∈ {(5, 5), (5, 100), (100, 5),
   (50, 50), (200, 200), (100, 1000)}; with its Monte Carlo standard error and whether it meets
   1 − δ − 3·MCSE. δ = 0.05 throughout (each class at 0.025).
"""

from __future__ import annotations

import argparse
import math
import platform
import time

import numpy as np

import aucbound as ab
from aucbound.empirical import berk_jones_critical, kolmogorov_epsilon
from aucbound.simulate import band_coverage

DELTA = 0.05
METHODS = ("dkw", "kolmogorov", "berk-jones")
SIZES = ((5, 5), (5, 100), (100, 5), (50, 50), (200, 200), (100, 1000))


def timings() -> None:
    print("## critical values: first call (uncached), seconds\n")
    print("| k | Berk–Jones c(k, 0.025) | seconds | Kolmogorov ε(k, 0.025) | seconds |")
    print("|---|---|---|---|---|")
    for k in (100, 1000, 2000, 5000, 10**4, 10**5):
        start = time.perf_counter()
        c = berk_jones_critical(k, DELTA / 2) if k <= 10**4 else None
        bj = time.perf_counter() - start
        start = time.perf_counter()
        eps = kolmogorov_epsilon(k, DELTA / 2)
        ks = time.perf_counter() - start
        shown = "- (above the limit) | -" if c is None else f"{c:.6f} | {bj:.2f}"
        print(f"| {k:,} | {shown} | {eps:.6g} | {ks:.2f} |", flush=True)
    print()


def widths(datasets: int) -> None:
    from scipy.special import ndtri

    print(f"## width table: binormal, equal variances, δ = {DELTA}, {datasets} data sets per cell\n")
    print("| AUC | m = n | area kolmogorov / dkw | area berk-jones / dkw | width at sp 0.95: dkw | kolmogorov "
          "| berk-jones |")
    print("|---|---|---|---|---|---|---|")
    grid = np.linspace(0.0, 1.0, 4001)
    rng = np.random.default_rng(2026)
    for auc in (0.8, 0.95):
        mu = ndtri(auc) * math.sqrt(2.0)
        for size in (100, 1000, 10**4):
            area = {method: [] for method in METHODS}
            at_95 = {method: [] for method in METHODS}
            for _ in range(datasets):
                labels = np.r_[np.zeros(size), np.ones(size)]
                scores = np.r_[rng.standard_normal(size), mu + rng.standard_normal(size)]
                for method in METHODS:
                    band = ab.roc_band(labels, scores, method=method, delta=DELTA, specificities=1.0 - grid)
                    gap = band.hi - band.lo
                    area[method].append(float(np.sum((gap[1:] + gap[:-1]) / 2 * np.diff(grid))))
                    point = ab.roc_band(labels, scores, method=method, delta=DELTA, specificities=[0.95])
                    at_95[method].append(float(point.hi[0] - point.lo[0]))
            ratio = {method: np.mean(np.array(area[method]) / np.array(area["dkw"])) for method in METHODS}
            print(f"| {auc} | {size:,} | {ratio['kolmogorov']:.3f} | {ratio['berk-jones']:.3f} | "
                  f"{np.mean(at_95['dkw']):.4f} | {np.mean(at_95['kolmogorov']):.4f} | "
                  f"{np.mean(at_95['berk-jones']):.4f} |", flush=True)
    print()


def breast_cancer() -> None:
    from sklearn.datasets import load_breast_cancer
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import train_test_split
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from aucbound.empirical import berk_jones_bounds

    x, y = load_breast_cancer(return_X_y=True)
    x_train, x_test, y_train, y_test = train_test_split(x, y, test_size=0.3, random_state=0)
    model = make_pipeline(StandardScaler(), LogisticRegression(max_iter=1000)).fit(x_train, y_train)
    malignant = (y_test == 0).astype(int)  # scikit-learn codes malignant 0: the positives here are the cancers
    scores = -model.decision_function(x_test)  # high: malignant
    curve = ab.roc_curve(malignant, scores)
    m, n = curve.m, curve.n
    print(f"## breast cancer: logistic regression, test split of {m} malignant (positives) + {n} benign, "
          f"AUC {curve.auc:.4f}, δ = {DELTA}\n")
    tpr_at = float(ab.coords(curve, specificities=[0.9])[0].sensitivity)
    i, j = round(tpr_at * m), round(0.1 * n)
    print(f"half-widths of each class band at the empirical point near FPR 0.1 (TP count {i} of {m}, FP count "
          f"{j} of {n}), and the band for the sensitivity at specificity 0.9 (estimate {tpr_at:.4f}):\n")
    print("| band | sensitivity − | sensitivity + | FPR − | FPR + | sensitivity at sp 0.9 |")
    print("|---|---|---|---|---|---|")
    for method in METHODS:
        band = ab.roc_band(malignant, scores, method=method, delta=DELTA, specificities=[0.9])
        if method == "berk-jones":
            (a_pos, b_pos), (a_neg, b_neg) = berk_jones_bounds(m, band.critical_pos), berk_jones_bounds(n, band.critical_neg)
            half = (i / m - a_pos[i], b_pos[i] - i / m, j / n - a_neg[j], b_neg[j] - j / n)
        else:
            half = (band.epsilon_pos, band.epsilon_pos, band.epsilon_neg, band.epsilon_neg)
        print(f"| {method} | " + " | ".join(f"{h:.4f}" for h in half) + f" | [{band.lo[0]:.4f}, {band.hi[0]:.4f}] |")
    print()


def coverage(trials: int) -> None:
    print(f"## coverage: {trials:,} trials per cell, δ = {DELTA}, simultaneous (exact), binormal equal variances\n")
    print("| method | AUC | scores | m | n | coverage | MCSE | ≥ 1 − δ − 3·MCSE | seconds |")
    print("|---|---|---|---|---|---|---|---|---|")
    failures = 0
    for method in ("kolmogorov", "berk-jones"):
        for auc in (0.5, 0.8, 0.99):
            for ratings in (None, 5):
                for m, n in SIZES:
                    start = time.perf_counter()
                    result = band_coverage(method=method, auc=auc, m=m, n=n, delta=DELTA, trials=trials,
                                           seed=m * 7919 + n, ratings=ratings)
                    seconds = time.perf_counter() - start
                    ok = result.simultaneous >= 1 - DELTA - 3 * result.simultaneous_mcse
                    failures += not ok
                    print(f"| {method} | {auc} | {'5 ratings' if ratings else 'continuous'} | {m} | {n} | "
                          f"{result.simultaneous:.4f} | {result.simultaneous_mcse:.4f} | {'yes' if ok else 'NO'} | "
                          f"{seconds:.1f} |", flush=True)
    print(f"\ncells below 1 − δ − 3·MCSE: {failures}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=10**4)
    parser.add_argument("--datasets", type=int, default=20)
    parser.add_argument("--skip-coverage", action="store_true")
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {platform.processor() or platform.system()}, Python "
          f"{platform.python_version()}, numpy {np.__version__}\n")
    timings()
    breast_cancer()
    widths(args.datasets)
    if not args.skip_coverage:
        coverage(args.trials)


if __name__ == "__main__":
    main()
