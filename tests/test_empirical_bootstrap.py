"""The stratified bootstrap: exact resampled AUCs, reproducibility, BCa's ingredients, clipping."""

import math
from statistics import NormalDist

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab
from aucbound.empirical import bootstrap as boot
from tests.test_empirical_auc import brute_delong, kernel, tied_data


def resampled_by_hand(scores, labels, resamples, seed):
    """Â of each resample drawn as the module documents: block b of BLOCK resamples from the
    b-th child of SeedSequence(seed), indices into the sorted classes, the larger class's
    (the positives' on a tie) first; each resample counted pair by pair."""
    pos, neg = np.sort(scores[labels]), np.sort(scores[~labels])
    m, n = len(pos), len(neg)
    blocks = [min(boot.BLOCK, resamples - s) for s in range(0, resamples, boot.BLOCK)]
    values = []
    for child, count in zip(np.random.SeedSequence(seed).spawn(len(blocks)), blocks):
        bits = np.random.PCG64(child)
        for _ in range(count):
            if n > m:
                j = boot._uniform_indices(bits, n, n)
                i = boot._uniform_indices(bits, m, m)
            else:
                i = boot._uniform_indices(bits, m, m)
                j = boot._uniform_indices(bits, n, n)
            values.append(kernel(pos[i], neg[j]).mean())
    return np.array(values)


class CountingBits:
    """A bit generator stand-in that returns chosen 64-bit words, then counts up from 0."""

    def __init__(self, words):
        self.words = list(words)
        self.next = 0

    def random_raw(self, size):
        out = []
        for _ in range(size):
            if self.words:
                out.append(self.words.pop(0))
            else:
                out.append(self.next)
                self.next += 1
        return np.array(out, dtype=np.uint64)


def test_uniform_indices_reject_exactly_the_biased_words():
    # bound = 0.75·2³²: x ↦ ⌊0.75·x⌋, rejected when the fraction 0.75·x mod 1 is below ¼
    bound = 3 * 2**30
    words = [0x00000001_00000000, 0xFFFFFFFF_55555555, 0x2AAAAAAB_80000000]  # x: 0, 1 | 0x55555555, 2³²−1 | 2³¹, …
    indices = boot._uniform_indices(CountingBits(words), 6, bound)
    # x = 0 and x = 2³¹ are rejected; their places are refilled from the words 0, 1, 2 that follow:
    # x = 0, 0 (both rejected), then 1 (→ 0) and 0 (rejected), then 2 (→ 1)
    assert indices.tolist() == [0, 0, 1073741823, 3221225471, 1, 536870912]


@pytest.mark.parametrize("bound", [1, 2, 3, 7, 1000, 2**31 + 1])
def test_uniform_indices_are_uniform(bound):
    bits = np.random.PCG64(bound)
    draws = boot._uniform_indices(bits, 60000, bound)
    assert draws.dtype == np.int64 and draws.min() >= 0 and draws.max() < bound
    if bound <= 7:
        counts = np.bincount(draws, minlength=bound)
        expected = 60000 / bound
        assert np.all(np.abs(counts - expected) < 5 * np.sqrt(expected))  # 5 standard deviations


@pytest.mark.parametrize("seed, levels, share", [(0, 3, 0.3), (1, 50, 0.5), (2, 1000, 0.7), (3, 10**6, 0.2)])
def test_each_value_is_the_auc_of_a_stratified_resample(seed, levels, share):
    rng = np.random.default_rng(seed)
    scores, labels = tied_data(rng, 90, levels)
    labels = rng.random(90) < share  # either class the larger
    labels[0], labels[1] = True, False
    values = ab.bootstrap_aucs(scores, labels, resamples=150, seed=seed)
    assert np.array_equal(values, resampled_by_hand(scores, labels, 150, seed))


def test_reproducible_and_independent_of_the_thread_count(monkeypatch):
    rng = np.random.default_rng(5)
    scores, labels = rng.normal(size=500), rng.random(500) < 0.4
    first = ab.bootstrap_aucs(scores, labels, resamples=300, seed=11)
    assert np.array_equal(first, ab.bootstrap_aucs(scores, labels, resamples=300, seed=11))
    monkeypatch.setattr(boot, "_workers", lambda: 1)
    assert np.array_equal(first, ab.bootstrap_aucs(scores, labels, resamples=300, seed=11))
    assert not np.array_equal(first, ab.bootstrap_aucs(scores, labels, resamples=300, seed=12))


def test_a_single_item_per_class_is_never_left_out():
    # stratified: every resample keeps its one positive and its one negative
    values = ab.bootstrap_aucs([0.3, 0.7], [0, 1], resamples=50)
    assert values.tolist() == [1.0] * 50
    values = ab.bootstrap_aucs([0.3, 0.4, 0.1, 0.5], [0, 1, 0, 0], resamples=200)  # Â* = share of negatives below
    assert set(values.tolist()) == {0.0, 1 / 3, 2 / 3, 1.0}


def test_percentile_ends_are_numpy_quantiles():
    rng = np.random.default_rng(3)
    scores, labels = tied_data(rng, 60, 9)
    values = ab.bootstrap_aucs(scores, labels, resamples=400, seed=4)
    row = ab.bootstrap_interval(scores, labels, 0.1, method="bootstrap-percentile", resamples=400, seed=4)
    assert (row.lo, row.hi) == tuple(np.quantile(values, [0.05, 0.95]))
    assert row.guarantee == "asymptotic" and row.estimate == ab.auc(scores, labels)


def jackknife_acceleration(pos, neg):
    """BCa's a by leaving out each item in turn (Davison & Hinkley's several-sample form)."""
    numerator = denominator = 0.0
    for group, other, first in ((pos, neg, True), (neg, pos, False)):
        size = len(group)
        leave_out = np.array([
            ab.auc_from_groups(np.delete(group, k), other) if first else ab.auc_from_groups(other, np.delete(group, k))
            for k in range(size)
        ])
        u = (size - 1) * (leave_out.mean() - leave_out)
        numerator += np.sum(u**3) / size**3
        denominator += np.sum(u**2) / size**2
    return numerator / (6 * denominator**1.5)


@pytest.mark.parametrize("seed", range(4))
def test_acceleration_is_the_jackknife_one(seed):
    rng = np.random.default_rng(seed)
    scores, labels = tied_data(rng, 40, 6)
    pos, neg = scores[labels], scores[~labels]
    auc, v10, v01, *_ = brute_delong(pos, neg)
    assert boot._acceleration(v10, v01, auc) == pytest.approx(jackknife_acceleration(pos, neg), rel=1e-9, abs=1e-15)


def test_bca_ends_follow_efron():
    values = np.linspace(0.5, 0.9, 1001)
    auc, a, delta = 0.68, 0.05, 0.1
    standard = NormalDist()
    z0 = standard.inv_cdf((np.count_nonzero(values < auc) + 0.5 * np.count_nonzero(values == auc)) / values.size)
    z = standard.inv_cdf(1 - delta / 2)
    levels = [standard.cdf(z0 + (z0 + w) / (1 - a * (z0 + w))) for w in (-z, z)]
    assert boot._bca_ends(values, auc, a, delta) == tuple(np.quantile(values, levels))


def test_bca_without_bias_or_skew_is_the_percentile_interval():
    values = np.linspace(0.2, 0.8, 2001)
    lo, hi = boot._bca_ends(values, 0.5, 0.0, 0.05)
    assert lo == pytest.approx(np.quantile(values, 0.025), abs=1e-12)
    assert hi == pytest.approx(np.quantile(values, 0.975), abs=1e-12)


def test_bca_at_the_edge_of_the_bootstrap_distribution_stays_finite():
    values = np.full(100, 0.6)
    values[:10] = 0.55
    lo, hi = boot._bca_ends(values, 0.7, 0.0, 0.05)  # Â above every resample: z0 capped
    assert 0.55 <= lo <= hi <= 0.6 and math.isfinite(lo) and math.isfinite(hi)
    assert boot._bca_level(0.0, 2.0, 1.0, 1.0) == 1.0  # 1 − a(z0 + z) ≤ 0: the limit


def test_perfect_separation_gives_the_point():
    for method in boot.BOOTSTRAP_METHODS:
        row = ab.bootstrap_interval([1, 2, 3, 4, 5], [0, 0, 1, 1, 1], 0.05, method=method, resamples=100)
        assert (row.lo, row.hi, row.estimate) == (1.0, 1.0, 1.0)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"resamples": 0}, r"^`resamples` must be an integer ≥ 1, but got 0\.$"),
        ({"seed": -1}, r"^`seed` must be an integer ≥ 0, but got -1\.$"),
        ({"method": "bootstrap-t"}, r"^`method` must be one of 'bootstrap-percentile', 'bootstrap-bca'"),
    ],
)
def test_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ab.bootstrap_interval([1, 2, 3], [0, 1, 1], 0.05, **kwargs)


@given(
    st.lists(st.tuples(st.integers(0, 5), st.booleans()), min_size=2, max_size=30),
    st.floats(0.01, 0.5),
    st.integers(0, 2**32),
)
def test_intervals_lie_in_the_unit_interval(items, delta, seed):
    scores = np.array([s for s, _ in items], float)
    labels = np.array([y for _, y in items])
    labels[0], labels[-1] = True, False
    for method in boot.BOOTSTRAP_METHODS:
        row = ab.bootstrap_interval(scores, labels, delta, method=method, resamples=40, seed=seed)
        assert 0.0 <= row.lo <= row.hi <= 1.0
