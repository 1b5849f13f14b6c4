"""The comparison suite: one-sided tests and margins, the unpaired test, k curves, var() and cov().

Checked against pROC 1.18 (tests/proc_reference.py), against brute force over all
positive–negative pairs (DeLong's components and the χ² of k curves), and against mpmath
evaluations of the one-sided distribution-free bounds.
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import mpmath
import numpy as np
import pandas as pd
import pytest

import aucbound as ab
from aucbound.empirical import auc_covariance, auc_variance, compare_curves, compare_unpaired
from proc_reference import (PROC_BOOTSTRAP, PROC_CHISQ, PROC_COV_UNPAIRED, PROC_MAX_Z_CDF, PROC_PAIRED_ONE_SIDED,
                            PROC_UNPAIRED, PROC_VAR_COV)

DATA = Path(__file__).parent / "data"
COLUMNS = {"small": "abc", "large": "abcde"}


@pytest.fixture(scope="module", params=["small", "large"])
def dataset(request):
    return request.param, pd.read_csv(DATA / f"compare_{request.param}.csv")


def _split(frame):
    x, z = frame[frame.g == "x"], frame[frame.g == "z"]
    return x.y, x.a, z.y, z.b


# --- pROC -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("alternative", ["two-sided", "greater", "less"])
def test_unpaired_delong_is_procs(dataset, alternative):
    size, frame = dataset
    result = compare_unpaired(*_split(frame), alternative=alternative)
    statistic, df, p_value = PROC_UNPAIRED[(size, alternative.replace("-", "."))]
    assert result.statistic == pytest.approx(statistic, rel=1e-12)
    assert result.df == pytest.approx(df, rel=1e-12)
    assert result.p_value == pytest.approx(p_value, rel=1e-11)


@pytest.mark.parametrize("alternative", ["greater", "less"])
def test_paired_one_sided_is_procs(dataset, alternative):
    size, frame = dataset
    result = ab.compare(frame.y, frame.a, frame.b, alternative=alternative)
    z, p_value = PROC_PAIRED_ONE_SIDED[(size, alternative)]
    assert result.z == pytest.approx(z, rel=1e-12)
    assert result.p_value == pytest.approx(p_value, rel=1e-11)


@pytest.mark.parametrize("method", ["delong", "obuchowski"])
def test_var_and_cov_are_procs(dataset, method):
    size, frame = dataset
    assert auc_variance(frame.y, frame.a, method=method) == pytest.approx(PROC_VAR_COV[(size, "var", method)],
                                                                          rel=1e-9)
    assert auc_covariance(frame.y, frame.a, frame.b, method=method) == pytest.approx(
        PROC_VAR_COV[(size, "cov", method)], rel=1e-9)


def test_unpaired_cov_is_zero_as_procs():
    frame = pd.read_csv(DATA / "compare_large.csv")
    labels_a, scores_a, labels_b, scores_b = _split(frame)
    assert auc_covariance(labels_a, scores_a, scores_b, labels_b=labels_b, paired=False) == PROC_COV_UNPAIRED == 0


def test_bootstrap_var_and_cov_agree_with_procs_within_monte_carlo_error(dataset):
    """Both are estimates from 2000 resamples, on different streams. The sample variance of B values
    has standard error ≈ σ²·√(2/(B − 1)) (normal values), the sample covariance ≈ √((σa²σb² +
    σab²)/(B − 1)); DeLong's exact values stand in for σ's. Two independent estimates differ by
    √2 times that; the tolerance is 4 of those standard errors."""
    size, frame = dataset
    b = 2000
    var_a, var_b = (auc_variance(frame.y, frame[c]) for c in "ab")
    cov_ab = auc_covariance(frame.y, frame.a, frame.b)
    var_error = math.sqrt(2) * var_a * math.sqrt(2 / (b - 1))
    cov_error = math.sqrt(2) * math.sqrt((var_a * var_b + cov_ab**2) / (b - 1))
    ours = auc_variance(frame.y, frame.a, method="bootstrap", resamples=b, seed=1)
    assert abs(ours - PROC_BOOTSTRAP[(size, "var")]) < 4 * var_error
    ours = auc_covariance(frame.y, frame.a, frame.b, method="bootstrap", resamples=b, seed=1)
    assert abs(ours - PROC_BOOTSTRAP[(size, "cov")]) < 4 * cov_error


def test_chi_square_is_delong_clarke_pearson_from_procs_placements(dataset):
    size, frame = dataset
    columns = list(COLUMNS[size])
    for contrast, key in ((None, "default"), ([1, -1] + [0] * (len(columns) - 2), "a-b")):
        result = compare_curves(frame.y, columns, data=frame, contrast=contrast)
        chi2, df, p_value = PROC_CHISQ[(size, key)]
        assert result.chi2 == pytest.approx(chi2, rel=1e-11)
        assert result.df == df
        assert result.p_value == pytest.approx(p_value, rel=1e-10)


def test_max_z_distribution_is_mvtnorms(dataset):
    """P(max |Z| ≤ c) against mvtnorm's Genz–Bretz integration (error ≤ 1.4·10⁻⁶), within 4 of the
    combined standard errors; and the max-|z| critical value solves P(max |Z| ≤ c) = 1 − δ."""
    from aucbound.empirical._simultaneous import MaxAbsNormal

    size, frame = dataset
    result = compare_curves(frame.y, list(COLUMNS[size]), data=frame)
    k = len(result.names)
    contrast = np.array([[1 if c == j else -1 if c == h else 0 for c in range(k)]
                         for j, h in itertools.combinations(range(k), 2)])
    covariance = contrast @ np.array(result.covariance) @ contrast.T
    scale = np.sqrt(np.diag(covariance))
    law = MaxAbsNormal(covariance / np.outer(scale, scale))
    for c in (1.5, 2.5):
        probability, error = law.cdf(c)
        assert abs(probability - PROC_MAX_Z_CDF[(size, c)]) < 4 * math.hypot(error, 1.4e-6)
    assert law.cdf(result.critical_max_z)[0] == pytest.approx(0.95, abs=1e-9)
    assert result.critical_max_z < result.critical_bonferroni


# --- the χ² of k curves, from brute force --------------------------------------------------------

def _brute_components(labels, scores):
    """DeLong's V10 (per positive) and V01 (per negative) from the m × n matrix of ψ."""
    pos, neg = scores[labels == 1], scores[labels == 0]
    psi = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    return psi.mean(axis=1), psi.mean(axis=0)


def _brute_chi2(labels, columns, contrast):
    v10 = np.array([_brute_components(labels, c)[0] for c in columns])
    v01 = np.array([_brute_components(labels, c)[1] for c in columns])
    aucs = v10.mean(axis=1)
    s = np.cov(v10) / v10.shape[1] + np.cov(v01) / v01.shape[1]
    estimate = contrast @ aucs
    return float(estimate @ np.linalg.solve(contrast @ s @ contrast.T, estimate)), s


@pytest.mark.parametrize("k", [2, 3, 5])
def test_chi_square_against_brute_force(k):
    rng = np.random.default_rng(k)
    labels = np.r_[np.ones(23, dtype=int), np.zeros(31, dtype=int)]
    common = rng.normal(size=labels.size)
    columns = [np.round(common + rng.normal(size=labels.size) + 0.4 * j * labels, 1) for j in range(k)]
    contrast = np.c_[np.ones(k - 1), -np.eye(k - 1)]
    result = compare_curves(labels, columns)
    chi2, s = _brute_chi2(labels, columns, contrast)
    assert result.chi2 == pytest.approx(chi2, rel=1e-10)
    assert np.allclose(result.covariance, s, rtol=1e-12, atol=1e-15)
    assert result.df == k - 1
    assert result.p_value == pytest.approx(float(mpmath.gammainc((k - 1) / 2, chi2 / 2, mpmath.inf,
                                                                 regularized=True)), rel=1e-9)
    if k >= 3:  # any full-row-rank contrast: (a + b)/2 − c, and a − b
        other = np.array([[0.5, 0.5, -1] + [0] * (k - 3), [1, -1, 0] + [0] * (k - 3)])
        assert compare_curves(labels, columns, contrast=other).chi2 == pytest.approx(
            _brute_chi2(labels, columns, other)[0], rel=1e-10)
    for row in result.pairs:  # each pair's Z is the paired test's
        j, h = (int(name.split("[")[1][:-1]) for name in (row.a, row.b))
        assert row.z == pytest.approx(ab.compare(labels, columns[j], columns[h]).z, rel=1e-12)


def test_singular_covariance_is_taken_in_its_range():
    """A repeated column: L S Lᵀ is singular; the test runs on its rank, and the statistic is the
    one of the distinct columns (a − c and a − b' carry the same information)."""
    rng = np.random.default_rng(5)
    labels = np.r_[np.ones(20, dtype=int), np.zeros(20, dtype=int)]
    a, b = rng.normal(size=40) + labels, rng.normal(size=40)
    twice = compare_curves(labels, [a, b, b])
    once = compare_curves(labels, [a, b])
    assert twice.df == 1
    assert twice.chi2 == pytest.approx(once.chi2, rel=1e-12)
    same = compare_curves(labels, [a, a])
    assert (same.chi2, same.df, same.p_value) == (0.0, 0, 1.0)


# --- one-sided distribution-free rows against mpmath ----------------------------------------------

def _kl(p, q):
    p, q = mpmath.mpf(p), mpmath.mpf(q)
    terms = [(p, q), (1 - p, 1 - q)]
    return sum(x * mpmath.log(x / y) for x, y in terms if x > 0)


def _kl_lower(u, k, log_term):
    """The θ < u with k·kl(u ‖ θ) = log_term (0 when no such θ), by mpmath's root finder."""
    if k * _kl(u, mpmath.mpf(10) ** -30) <= log_term:
        return mpmath.mpf(0)
    return mpmath.findroot(lambda t: k * _kl(u, t) - log_term, (mpmath.mpf(10) ** -30, u), solver="bisect",
                           tol=1e-40, maxsteps=400)


@pytest.mark.parametrize("delta", [0.05, 0.2])
def test_paired_one_sided_distribution_free_rows_against_mpmath(delta):
    """"greater" gives the lower bounds D̂ − √(2·ln(1/δ)/k) (Hoeffding, range 2) and 2θ − 1 with
    k·kl((D̂ + 1)/2 ‖ θ) = ln(1/δ) (Chernoff), upper end 1; "less" mirrors them."""
    mpmath.mp.dps = 40
    labels = np.r_[np.ones(40, dtype=int), np.zeros(60, dtype=int)]
    rng = np.random.default_rng(0)
    a, b = rng.normal(size=100) + 0.8 * labels, rng.normal(size=100) + 0.3 * labels
    k, log_term = 40, mpmath.log(1 / mpmath.mpf(delta))
    greater = ab.compare(labels, a, b, alternative="greater", delta=delta)
    d = mpmath.mpf(greater.difference)
    assert greater["hoeffding"].lo == pytest.approx(float(d - mpmath.sqrt(2 * log_term / k)), abs=1e-12)
    assert greater["hoeffding"].hi == 1.0
    assert greater["hoeffding-kl"].lo == pytest.approx(float(2 * _kl_lower((d + 1) / 2, k, log_term) - 1), abs=1e-9)
    less = ab.compare(labels, b, a, alternative="less", delta=delta)
    assert less["hoeffding"].hi == pytest.approx(float(-d + mpmath.sqrt(2 * log_term / k)), abs=1e-12)
    assert less["hoeffding"].lo == -1.0
    assert less["hoeffding-kl"].hi == pytest.approx(-greater["hoeffding-kl"].lo, abs=1e-12)


def test_unpaired_one_sided_hoeffding_against_mpmath():
    """D̂ − √((1/ka + 1/kb)·ln(1/δ)/2): Chernoff's bound on the product of the two moment generating functions."""
    mpmath.mp.dps = 40
    rng = np.random.default_rng(1)
    labels_a, labels_b = np.r_[np.ones(30), np.zeros(50)], np.r_[np.ones(45), np.zeros(25)]
    scores_a, scores_b = rng.normal(size=80) + labels_a, rng.normal(size=70) + 0.5 * labels_b
    result = compare_unpaired(labels_a, scores_a, labels_b, scores_b, alternative="greater", delta=0.1)
    half = mpmath.sqrt((mpmath.mpf(1) / 30 + mpmath.mpf(1) / 25) * mpmath.log(10) / 2)
    assert result["hoeffding"].lo == pytest.approx(float(mpmath.mpf(result.difference) - half), abs=1e-12)
    two_sided = compare_unpaired(labels_a, scores_a, labels_b, scores_b, delta=0.1)
    half = mpmath.sqrt((mpmath.mpf(1) / 30 + mpmath.mpf(1) / 25) * mpmath.log(20) / 2)
    assert two_sided["hoeffding"].hi == pytest.approx(float(mpmath.mpf(result.difference) + half), abs=1e-12)


def test_cantelli_row_for_chebyshev_max():
    labels = np.r_[np.ones(30, dtype=int), np.zeros(30, dtype=int)]
    rng = np.random.default_rng(2)
    a, b = rng.normal(size=60) + labels, rng.normal(size=60)
    one = ab.compare(labels, a, b, alternative="greater", delta=0.1, methods=["chebyshev-max"])["chebyshev-max"]
    two = ab.compare(labels, a, b, delta=0.1 / 0.9, methods=["chebyshev-max"])["chebyshev-max"]
    assert one.lo == two.lo and one.hi == 1.0


# --- hypotheses and p-values ----------------------------------------------------------------------

def test_margins_shift_the_statistic_and_equivalence_takes_the_larger_p():
    frame = pd.read_csv(DATA / "compare_large.csv")
    base = ab.compare(frame.y, frame.a, frame.b)
    se = math.sqrt(base.variance)
    normal = mpmath.ncdf
    greater = ab.compare(frame.y, frame.a, frame.b, alternative="greater", margin=0.05)
    assert greater.z == pytest.approx((base.difference + 0.05) / se, rel=1e-12)
    assert greater.p_value == pytest.approx(float(normal(-greater.z)), rel=1e-10)
    less = ab.compare(frame.y, frame.a, frame.b, alternative="less", margin=0.05)
    assert less.z == pytest.approx((base.difference - 0.05) / se, rel=1e-12)
    assert less.p_value == pytest.approx(float(normal(less.z)), rel=1e-10)
    equivalence = ab.compare(frame.y, frame.a, frame.b, alternative="equivalence", margin=0.05)
    assert equivalence.p_value == max(greater.p_value, less.p_value)
    assert equivalence.hypotheses == ("|D| >= 0.05", "|D| < 0.05")
    assert greater.hypotheses == ("D <= -0.05", "D > -0.05")
    rows = equivalence["delong"]  # both ends one-sided at 1 - δ: the 90% two-sided interval
    ninety = ab.compare(frame.y, frame.a, frame.b, delta=0.1)["delong"]
    assert (rows.lo, rows.hi) == (ninety.lo, ninety.hi)


def test_unpaired_margin_uses_student_t():
    from scipy.stats import t as student

    frame = pd.read_csv(DATA / "compare_small.csv")
    base = compare_unpaired(*_split(frame))
    shifted = compare_unpaired(*_split(frame), alternative="greater", margin=0.1)
    se = math.sqrt(base.variance)
    assert shifted.statistic == pytest.approx((base.difference + 0.1) / se, rel=1e-12)
    assert shifted.p_value == pytest.approx(student.sf(shifted.statistic, base.df), rel=1e-10)


# --- bad input ------------------------------------------------------------------------------------

LABELS, A, B = [0, 0, 0, 1, 1, 1], [1, 2, 3, 2, 4, 5], [2, 1, 3, 3, 5, 4]


@pytest.mark.parametrize("call, name, text", [
    (lambda: ab.compare(LABELS, A, B, method="hoeffding"), "method", "methods"),
    (lambda: ab.compare(LABELS, A, B, method="bogus"), "method", "'delong'"),
    (lambda: ab.compare(LABELS, A, B, alternative="bigger"), "alternative", "bigger"),
    (lambda: ab.compare(LABELS, A, B, margin=0.1), "margin", "0.1"),
    (lambda: ab.compare(LABELS, A, B, alternative="equivalence"), "margin", "above 0"),
    (lambda: ab.compare(LABELS, A, B, alternative="greater", margin=-0.1), "margin", "-0.1"),
    (lambda: ab.compare(LABELS, A, B, alternative="greater", delta=0.6), "delta", "0.6"),
    (lambda: compare_unpaired(LABELS, A, LABELS, B, method="bogus"), "method", "bogus"),
    (lambda: compare_unpaired(LABELS, A, [1, 1, 1], [1, 2, 3]), "labels_b", "negative"),
    (lambda: compare_unpaired(LABELS, A, LABELS, B, methods=["normal-max"]), "methods", "normal-max"),
    (lambda: compare_unpaired(LABELS, A, LABELS, B, data=(None, None, None)), "data", "3 items"),
    (lambda: compare_curves(LABELS, [A]), "scores", "1"),
    (lambda: compare_curves(LABELS, [A, B], contrast=[1, -1, 0]), "contrast", "shape"),
    (lambda: compare_curves(LABELS, [A, B, A], contrast=[[1, -1, 0], [2, -2, 0]]), "contrast", "rank 1"),
    (lambda: compare_curves(LABELS, [A, B], contrast=[1, np.nan]), "contrast", "finite"),
    (lambda: compare_curves(LABELS, [A, B[:-1]]), "scores[1]", "5 values"),
    (lambda: auc_variance(LABELS, A, method="exact"), "method", "exact"),
    (lambda: auc_variance(LABELS, A, method="bootstrap", resamples=1), "resamples", "1"),
    (lambda: auc_covariance(LABELS, A, B, paired="yes"), "paired", "yes"),
    (lambda: auc_covariance(LABELS, A, B, labels_b=LABELS), "labels_b", "paired=True"),
])
def test_bad_input_names_the_parameter(call, name, text):
    with pytest.raises((ValueError, TypeError)) as error:
        call()
    assert f"`{name}`" in str(error.value) and text in str(error.value)


# --- the χ² test's size under H0 (bench/compare_size.py runs the full table) -----------------------

def test_chi_square_size_under_the_null():
    """k = 3 correlated binormal scorers with equal AUCs, m = 40, n = 60: the rejection rate at
    α = 0.05 over 100 trials (one child seed per trial, as aucbound.interval_coverage) lies
    within 3 Monte Carlo standard errors of α."""
    import sys

    sys.path.insert(0, str(Path(__file__).parents[1] / "bench"))
    from compare_size import rejection_rate

    rate, error = rejection_rate(k=3, m=40, n=60, trials=100, seed=0)
    assert abs(rate - 0.05) <= 3 * error
