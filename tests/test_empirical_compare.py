"""Paired comparison: DeLong's covariance against the kernel matrices, and the Hoeffding bounds on D."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab
from tests.reference import kl_interval
from tests.test_empirical_auc import kernel


def brute_paired(a, b, labels):
    """(D̂, Var(D̂)) from the difference of the two m×n kernel matrices (DeLong et al. 1988)."""
    diff = kernel(a[labels], a[~labels]) - kernel(b[labels], b[~labels])
    d10, d01 = diff.mean(axis=1), diff.mean(axis=0)
    m, n = diff.shape
    return diff.mean(), d10.var(ddof=1) / m + d01.var(ddof=1) / n


@pytest.mark.parametrize("seed", range(10))
def test_variance_of_the_difference_equals_the_kernel_matrices(seed):
    rng = np.random.default_rng(seed)
    size = int(rng.integers(6, 300))
    labels = rng.random(size) < 0.4
    labels[:2], labels[2:4] = True, False
    a = rng.integers(0, 5, size).astype(float)
    b = np.where(rng.random(size) < 0.5, a, rng.integers(0, 5, size))  # correlated with a, many ties
    difference, variance = brute_paired(a, b, labels)
    result = ab.compare(labels, a, b)
    assert abs(result.difference - difference) <= 1e-12
    assert abs(result.variance - variance) <= 1e-12
    own = ab.empirical.delong_variance(labels, a) + ab.empirical.delong_variance(labels, b)
    assert result.covariance == pytest.approx((own - variance) / 2, abs=1e-12)
    assert result.z == pytest.approx(difference / math.sqrt(variance), rel=1e-12)
    assert result.p_value == pytest.approx(math.erfc(abs(result.z) / math.sqrt(2)), rel=1e-12)


def test_identical_scorers():
    result = ab.compare([0, 1, 0, 1, 1], [1, 2, 3, 4, 5], [1, 2, 3, 4, 5])
    assert (result.difference, result.variance, result.z, result.p_value) == (0.0, 0.0, 0.0, 1.0)
    assert (result["delong"].lo, result["delong"].hi) == (0.0, 0.0)


def test_no_spread():
    result = ab.compare([0, 0, 1, 1], [1, 2, 3, 4], [2, 1, 4, 3])  # both separate the classes
    assert (result.difference, result.variance, result.z, result.p_value) == (0.0, 0.0, 0.0, 1.0)
    result = ab.compare([0, 0, 1, 1], [1, 2, 3, 4], [4, 3, 2, 1])  # Â_a = 1, Â_b = 0
    assert (result.difference, result.variance, result.z, result.p_value) == (1.0, 0.0, math.inf, 0.0)


def test_hoeffding_rows():
    rng = np.random.default_rng(4)
    labels = rng.random(200) < 0.3
    a, b = rng.normal(size=200) + labels, rng.normal(size=200) + 0.5 * labels
    result = ab.compare(labels, a, b, delta=0.01)
    k = min(labels.sum(), (~labels).sum())
    half = math.sqrt(2 * math.log(2 / 0.01) / k)
    row = result["hoeffding"]
    expected = (max(-1.0, result.difference - half), min(1.0, result.difference + half))
    assert (row.lo, row.hi) == pytest.approx(expected, abs=1e-15)
    assert row.guarantee == "distribution-free" and row.beyond_paper
    lo, hi = kl_interval((result.difference + 1) / 2, k, 0.01)
    kl_row = result["hoeffding-kl"]
    assert kl_row.lo == pytest.approx(2 * float(lo) - 1, abs=1e-12)
    assert kl_row.hi == pytest.approx(2 * float(hi) - 1, abs=1e-12)
    assert row.lo <= kl_row.lo <= kl_row.hi <= row.hi


def test_swapping_the_scorers_negates_everything():
    rng = np.random.default_rng(8)
    labels = rng.random(60) < 0.5
    labels[:2], labels[2:4] = True, False
    a, b = rng.normal(size=60) + labels, rng.normal(size=60)
    ab_, ba = ab.compare(labels, a, b), ab.compare(labels, b, a)
    assert ba.difference == -ab_.difference and ba.z == -ab_.z and ba.p_value == ab_.p_value
    for key in ("delong", "hoeffding", "hoeffding-kl"):
        assert ba[key].lo == pytest.approx(-ab_[key].hi, abs=1e-12)


@pytest.mark.parametrize(
    "args, kwargs, message",
    [
        (([1, 2, 3, 4], [1, 2, 3], [0, 0, 1, 1]), {}, r"^`scores_b` must be as long as `scores_a` \(4\), but got 3 values\.$"),
        (([1, 2, 3], [1, 2, 3], [0, 1, 1]), {}, r"^`labels` must have at least 2 positives and 2 negatives"),
        (([1, 2, 3, 4], [1, 2, 3, 4], [0, 0, 1, 1]), {"methods": ["bootstrap"]}, r"^`methods` must be one of"),
        (([1, 2, 3, 4], [1, 2, 3, 4], [0, 0, 1, 1]), {"delta": 1.0}, r"^`delta` must be in \(0, 1\)"),
    ],
)
def test_bad_input(args, kwargs, message):
    with pytest.raises(ValueError, match=message):
        scores_a, scores_b, labels = args
        ab.compare(labels, scores_a, scores_b, **kwargs)


@given(
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), st.booleans()), min_size=4, max_size=40),
    st.floats(0.001, 0.5),
)
def test_properties(items, delta):
    a = np.array([x for x, _, _ in items], float)
    b = np.array([y for _, y, _ in items], float)
    labels = np.array([z for *_, z in items])
    labels[:2], labels[-2:] = True, False
    result = ab.compare(labels, a, b, delta=delta)
    assert result.difference == pytest.approx(ab.auc(labels, a) - ab.auc(labels, b), abs=1e-15)
    assert result.variance >= 0 and 0 <= result.p_value <= 1
    for row in result.rows:
        assert -1.0 <= row.lo <= row.hi <= 1.0
        if row.guarantee == "distribution-free":
            assert row.lo <= result.difference <= row.hi


def test_method_lists_are_read_as_intervals_and_coverage_read_them():
    labels, a = [1, 0] * 5, list(range(10))
    b = a[::-1]
    with pytest.raises(ValueError, match=r"^`methods` must be at least one method"):
        ab.compare(labels, a, b, methods=[])
    assert [row.method for row in ab.compare(labels, a, b, methods=["delong", "delong", "hoeffding"]).rows] == [
        "delong", "hoeffding"]
    with pytest.raises(ValueError, match=r"^`methods` must be one of 'mcdiarmid', .* \(valid for a difference\), "
                                         r"but got 'newcombe'\.$"):
        ab.compare(labels, a, b, methods=["newcombe"])
    with pytest.raises(ValueError, match=r"^`methods` must be one of .*, but got 'no-such'\.$"):
        ab.compare(labels, a, b, methods=["no-such"])


def test_bootstrap_settings_are_checked_even_when_no_bootstrap_method_is_chosen():
    labels, a = [1, 0] * 5, list(range(10))
    with pytest.raises(ValueError, match=r"^`resamples` must be an integer from 1 to"):
        ab.intervals(labels, a, methods=["delong"], resamples=-5)
    with pytest.raises(ValueError, match=r"^`bootstrap_trials` must be an integer ≥ 1, but got -5\.$"):
        ab.coverage("binormal", 5, 5, 0.05, trials=10, methods=["delong"], bootstrap_trials=-5)
