r"""How often an ROC band covers the true ROC curve, by simulation from a binormal pair.

With X ~ N(μ, s²) for the positives and Y ~ N(0, 1) for the negatives, the true curve is
R(x) = Φ((μ + Φ⁻¹(x))/s) at false-positive rate x (Hanley & McNeil 1982), continuous and
increasing. For each simulated data set:

- **simultaneous coverage** of the distribution-free bands (DKW, Kolmogorov, Berk–Jones):
  the upper edge is a step function, constant on intervals that end where a vertex's FPR
  lower limit (its FPR minus ε₋ for DKW) is reached, so the continuous R crosses it only if
  it does so at the right end of some step; likewise the lower edge at the left ends.
  Checking R at those ends decides coverage of the whole curve exactly, not on a grid;
- **pointwise coverage** of either band at each specificity in a grid: lo ≤ R(1 − sp) ≤ hi.

The Monte Carlo standard error of a coverage p over T trials is √(p(1 − p)/T).
"""

from __future__ import annotations

import math

import numpy as np

from .. import _normal
from .. import _validate as v
from ..empirical import (BAND_METHODS, EXACT_BANDS, band_bounds, band_contains, band_delta, band_edges, bootstrap_band,
                         check_resamples, roc_curve_from_groups)
from ._results import BandCoverage

__all__ = ["band_coverage", "MAX_BAND_TRIALS", "MAX_RATINGS"]

#: The most simulated data sets.
MAX_BAND_TRIALS = 10**6
#: The most levels of a rating-scale scenario.
MAX_RATINGS = 100


def _true_curve(mu: float, s: float):
    from scipy.special import ndtr, ndtri

    return lambda x: ndtr((mu + ndtri(np.clip(x, 0.0, 1.0))) / s)


def band_coverage(*, method="dkw", auc=0.8, sd_ratio=1.0, m=50, n=50, delta=None, confidence=None, trials=2000,
                  specificities=(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9), resamples=500, seed=0,
                  progress=None, workers=-1, ratings=None) -> BandCoverage:
    """Coverage of an ROC band (:func:`aucbound.roc_band`) over `trials` binormal data sets.

    Reports, at confidence 1 − δ, the share of data sets whose band held the whole true curve
    (``simultaneous``: exact for the distribution-free bands, ``"dkw"``, ``"kolmogorov"`` and
    ``"berk-jones"``, over the grid for the bootstrap band) and the
    share at each specificity of the grid (``pointwise``), with Monte Carlo standard errors. δ is 0.05
    unless `delta` or `confidence` (= 1 − δ) is given. The bootstrap band runs each trial's resamples
    on `workers` threads (−1, the default: one per core this process may use; the result is the same
    with any number).

    With `ratings` (an integer L from 2 to 100), the scores are a rating scale: each binormal score
    is replaced by its number of cutoffs below it, the cutoffs at the negatives' quantiles
    Φ⁻¹(j/L), j = 1 … L − 1, so ties are everywhere. The true ROC "curve" is then its L + 1
    operating points (1 − Φ(c_j), 1 − Φ((c_j − μ)/s)); the band promises to hold those, and
    ``specificities`` are theirs (inside (0, 1)), ``simultaneous`` the share holding all of them
    (exactly), ``pointwise`` each one's.

    >>> result = band_coverage(trials=200, seed=1)
    >>> result.simultaneous >= 0.95, result.method, len(result.pointwise)
    (True, 'dkw', 9)
    """
    method = v.choice("method", method, BAND_METHODS)
    auc = v.probability("auc", auc, scalar=True)
    s = v.positive("sd_ratio", sd_ratio, scalar=True)
    m, n = v.count("m", m, maximum=10**6), v.count("n", n, maximum=10**6)
    delta = band_delta(delta, confidence)
    trials = v.count("trials", trials, maximum=MAX_BAND_TRIALS)
    grid = np.atleast_1d(v.unit_interval("specificities", specificities))
    if grid.ndim != 1 or grid.size == 0:
        raise v.fail("specificities", "a non-empty list of numbers in [0, 1]", specificities)
    if ratings is not None:
        ratings = v.count("ratings", ratings, minimum=2, maximum=MAX_RATINGS)
    if method == "bootstrap":
        resamples = check_resamples(resamples, m, n, grid.shape[0])
        v.at_most("trials", trials * resamples, 10**7, why=" trials × resamples for the bootstrap band")
    seed = v.seed("seed", seed)
    workers = v.workers("workers", workers)
    report = v.progress("progress", progress)
    bounds = band_bounds(method, m, n, delta) if method in EXACT_BANDS else None  # checked and computed once
    mu = _normal.quantile(auc) * math.hypot(s, 1.0)
    truth = _true_curve(mu, s)
    if ratings is not None:
        cutoffs, grid, target = _rating_points(mu, s, ratings)
    else:
        target = truth(1.0 - grid)
    rng = np.random.default_rng(seed)
    whole = 0
    hits = np.zeros(grid.shape[0], dtype=np.int64)
    for trial in range(trials):
        pos = np.sort(mu + s * rng.standard_normal(m))
        neg = np.sort(rng.standard_normal(n))
        if ratings is not None:
            pos, neg = (np.searchsorted(cutoffs, scores).astype(np.float64) for scores in (pos, neg))
        curve = roc_curve_from_groups(pos, neg)
        if bounds is not None:
            lo, hi = band_edges(curve, "specificity", grid, *bounds)
            if ratings is None:
                whole += band_contains(curve, truth, *bounds)
        else:
            lo, hi = bootstrap_band(pos, neg, curve, "specificity", grid, delta, resamples, int(rng.integers(2**63)), None,
                                workers)
        inside = (lo <= target) & (target <= hi)
        hits += inside
        if method == "bootstrap" or ratings is not None:
            whole += bool(inside.all())
        report(trial + 1, trials)
    share = hits / trials
    simultaneous = whole / trials
    return BandCoverage(
        method=method, auc=auc, sd_ratio=s, m=m, n=n, delta=delta, trials=trials,
        simultaneous=simultaneous, simultaneous_mcse=math.sqrt(simultaneous * (1 - simultaneous) / trials),
        specificities=tuple(grid.tolist()), pointwise=tuple(share.tolist()),
        pointwise_mcse=tuple(np.sqrt(share * (1 - share) / trials).tolist()),
        resamples=resamples if method == "bootstrap" else None, seed=seed, ratings=ratings,
    )


def _rating_points(mu: float, s: float, ratings: int):
    """(cutoffs, specificities, sensitivities) of a rating scale of `ratings` levels: the cutoffs Φ⁻¹(j/L),
    and the true operating points strictly inside (0, 1) (a case is called positive at rating ≥ j)."""
    from scipy.special import ndtr, ndtri

    cutoffs = ndtri(np.arange(1, ratings) / ratings)
    return cutoffs, ndtr(cutoffs), 1.0 - ndtr((cutoffs - mu) / s)
