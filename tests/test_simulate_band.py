"""Coverage of the ROC bands by simulation: the DKW band's guarantee, and the exact check of a
whole curve against the band's step edges."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.special import ndtr, ndtri

from aucbound.empirical import dkw_band as _dkw, roc_curve_from_groups as _curve
from aucbound.simulate import band_coverage
from aucbound.empirical import dkw_band_contains as _covers_curve


def test_dkw_band_covers_the_binormal_curve_at_least_as_promised():
    """2000 binormal data sets, m = n = 50, δ = 0.05: simultaneous coverage ≥ 1 − δ − 3·MCSE."""
    result = band_coverage(method="dkw", auc=0.8, m=50, n=50, delta=0.05, trials=2000, seed=0)
    floor = 0.95 - 3 * math.sqrt(0.95 * 0.05 / 2000)
    assert result.simultaneous >= floor
    assert min(result.pointwise) >= result.simultaneous


def grid_covers(curve, truth, eps_pos, eps_neg, points=4001):
    """The same question on a dense grid of FPRs, with the band's edges read by brute force."""
    x = np.linspace(0.0, 1.0, points)
    fpr, tpr = curve.fpr, curve.tpr
    hi = np.array([tpr[fpr <= t + eps_neg].max() for t in x]) + eps_pos
    lo = np.array([tpr[fpr >= t - eps_neg].min() if np.any(fpr >= t - eps_neg) else 1.0 for t in x]) - eps_pos
    r = truth(x)
    return bool(np.all((lo <= r) & (r <= hi)))


def test_exact_curve_check_agrees_with_a_dense_grid():
    """With the half-widths shrunk (so that failures happen), the exact check fails whenever the
    grid sees a failure, and agrees with it on nearly every data set (a grid can miss a thin one)."""
    rng = np.random.default_rng(4)
    mu = ndtri(0.8) * math.sqrt(2)
    truth = lambda x: ndtr(mu + ndtri(np.clip(x, 0, 1)))  # noqa: E731
    agree, fails = 0, 0
    for _ in range(60):
        curve = _curve(np.sort(mu + rng.standard_normal(30)), np.sort(rng.standard_normal(30)))
        _, _, eps_pos, eps_neg = _dkw(curve, "specificity", np.array([0.5]), 0.05)
        exact = _covers_curve(curve, truth, eps_pos / 3, eps_neg / 3)
        grid = grid_covers(curve, truth, eps_pos / 3, eps_neg / 3)
        assert exact <= grid  # a failure on the grid is a failure
        agree += exact == grid
        fails += not exact
    assert fails >= 10 and agree >= 55


def test_bootstrap_band_coverage_is_reported_pointwise():
    result = band_coverage(method="bootstrap", trials=20, resamples=100, seed=1)
    assert len(result.pointwise) == 9 and result.resamples == 100
    assert all(0 <= p <= 1 for p in result.pointwise) and result.simultaneous <= min(result.pointwise)


@pytest.mark.parametrize("kwargs, parameter", [
    ({"method": "kde"}, "method"), ({"trials": 0}, "trials"), ({"m": 0}, "m"),
    ({"specificities": [1.5]}, "specificities"), ({"auc": 1.0}, "auc"),
    ({"method": "bootstrap", "trials": 10**5, "resamples": 10**4}, "trials"),
])
def test_bad_input(kwargs, parameter):
    with pytest.raises(ValueError, match=parameter):
        band_coverage(**kwargs)
