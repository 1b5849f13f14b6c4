"""The stratified bootstrap: exact resampled AUCs, reproducibility, BCa's ingredients, clipping."""

import math
from statistics import NormalDist

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab
from aucbound.empirical import _bootstrap as boot
from aucbound.empirical import _resampling
from tests.test_empirical_auc import brute_delong, kernel, tied_data


class Words:
    """The 32-bit words of numpy's PCG64 seeded by `seed_sequence`, each 64-bit output's low
    half first, and Lemire's indices drawn from them one after another."""

    def __init__(self, seed_sequence):
        self.bits = np.random.PCG64(seed_sequence)
        self.words = np.empty(0, dtype=np.uint64)
        self.rejected = 0

    def _ensure(self, count):
        while self.words.size < count:
            raw = self.bits.random_raw(max(count, 1024))
            halves = np.column_stack([raw & np.uint64(0xFFFFFFFF), raw >> np.uint64(32)]).ravel()
            self.words = np.concatenate([self.words, halves])

    def indices(self, size, bound):
        """`size` indices uniform on [0, bound): a word x gives ⌊x·bound/2³²⌋ unless the low
        32 bits of x·bound are below (2³² − bound) mod bound; then the next word is used."""
        threshold = (2**32 - bound) % bound
        out = []
        while size:
            self._ensure(size + 64)
            product = self.words * np.uint64(bound)
            accepted = np.flatnonzero((product & np.uint64(0xFFFFFFFF)) >= threshold)[:size]
            used = accepted[-1] + 1 if accepted.size == size else self.words.size
            self.rejected += int(used) - accepted.size
            out.append((product[accepted] >> np.uint64(32)).astype(np.int64))
            size -= accepted.size
            self.words = self.words[used:]
        return np.concatenate(out)


def resampled_by_hand(scores, labels, resamples, seed, auc_of=None):
    """Â of each resample drawn as the module documents: block b of BLOCK resamples from
    PCG64 seeded by the b-th child of SeedSequence(seed), the negatives' indices into the
    sorted negatives, then the positives'; each resample counted pair by pair. Returns the
    values and the number of rejected words."""
    pos, neg = np.sort(scores[labels]), np.sort(scores[~labels])
    m, n = len(pos), len(neg)
    auc_of = auc_of or (lambda p, q: kernel(p, q).mean())
    blocks = [min(_resampling.BLOCK, resamples - s) for s in range(0, resamples, _resampling.BLOCK)]
    values, rejected = [], 0
    for child, count in zip(np.random.SeedSequence(seed).spawn(len(blocks)), blocks):
        words = Words(child)
        for _ in range(count):
            j = words.indices(n, n)
            i = words.indices(m, m)
            values.append(auc_of(pos[i], neg[j]))
        rejected += words.rejected
    return np.array(values), rejected


def test_the_stream_is_numpys_pcg64_and_lemires_rejection():
    # n = 3·2²⁰: (2³² − n) mod n = 2²⁰, so one word in 4096 is rejected (about 770 a resample)
    n = 3 * 2**20
    scores = np.concatenate([[0.25, 0.5, 0.5], np.linspace(0, 1, n)])
    labels = np.arange(n + 3) < 3

    def by_sorting(p, q):  # the pairs, counted through the sorted negatives
        q = np.sort(q)
        return float(np.sum(np.searchsorted(q, p, "left") + np.searchsorted(q, p, "right"))) / (2 * p.size * q.size)

    expected, rejected = resampled_by_hand(scores, labels, 3, 9, auc_of=by_sorting)
    assert rejected > 1000
    assert np.array_equal(ab.empirical.bootstrap_aucs(labels, scores, resamples=3, seed=9), expected)


def test_indices_are_uniform():
    # one positive above 3 of 7 negatives: 7·Â* = the draws among those 3 ~ Binomial(7, 3/7)
    values = ab.empirical.bootstrap_aucs(np.arange(8) == 3, np.arange(8.0), resamples=20000, seed=2)
    counts = np.bincount(np.rint(7 * values).astype(int), minlength=8)
    expected = 20000 * np.array([math.comb(7, k) * (3 / 7) ** k * (4 / 7) ** (7 - k) for k in range(8)])
    assert np.all(np.abs(counts - expected) < 5 * np.sqrt(expected) + 1)  # 5 standard deviations


def test_the_compiled_loop_checks_its_arguments():
    _resample = _resampling.compiled_loop()
    if _resample is None:
        pytest.skip("the compiled resampling loop is not built here (installed without a C compiler)")

    words = np.zeros(4, np.uint64)
    out = np.empty(2, np.int64)
    with pytest.raises(ValueError, match="0 <= lower <= upper <= n"):
        _resample.twice_u(np.array([2], np.int64), np.array([1], np.int64), 3, words, out)
    with pytest.raises(ValueError, match="0 <= lower <= upper <= n"):
        _resample.twice_u(np.array([0], np.int64), np.array([4], np.int64), 3, words, out)
    with pytest.raises(ValueError, match="four uint64 words"):
        _resample.twice_u(np.array([0], np.int64), np.array([1], np.int64), 3, words[:3], out)
    with pytest.raises(ValueError, match="1 to 2\\^32 - 2 items"):
        _resample.twice_u(np.array([0], np.int64), np.array([0], np.int64), 0, words, out)


@pytest.mark.parametrize("seed, levels, share", [(0, 3, 0.3), (1, 50, 0.5), (2, 1000, 0.7), (3, 10**6, 0.2)])
def test_each_value_is_the_auc_of_a_stratified_resample(seed, levels, share):
    rng = np.random.default_rng(seed)
    scores, labels = tied_data(rng, 90, levels)
    labels = rng.random(90) < share  # either class the larger
    labels[0], labels[1] = True, False
    values = ab.empirical.bootstrap_aucs(labels, scores, resamples=150, seed=seed)
    assert np.array_equal(values, resampled_by_hand(scores, labels, 150, seed)[0])


@pytest.mark.parametrize("engine", ["compiled", "numpy"])
def test_reproducible_and_independent_of_the_thread_count(engine):
    if engine == "compiled" and _resampling.compiled_loop() is None:
        pytest.skip("the compiled resampling loop is not built here")
    rng = np.random.default_rng(5)
    scores, labels = rng.normal(size=500), rng.random(500) < 0.4
    with ab.empirical.use_engine(engine):
        first = ab.empirical.bootstrap_aucs(labels, scores, resamples=300, seed=11, workers=1)
        # 300 resamples are 5 blocks: 2 and 3 threads share them out unevenly, 8 leave threads idle
        for workers in (2, 3, 8, -1):
            assert np.array_equal(first, ab.empirical.bootstrap_aucs(labels, scores, resamples=300, seed=11,
                                                                     workers=workers)), workers
        assert not np.array_equal(first, ab.empirical.bootstrap_aucs(labels, scores, resamples=300, seed=12))


def test_a_single_item_per_class_is_never_left_out():
    # stratified: every resample keeps its one positive and its one negative
    values = ab.empirical.bootstrap_aucs([0, 1], [0.3, 0.7], resamples=50)
    assert values.tolist() == [1.0] * 50
    values = ab.empirical.bootstrap_aucs([0, 1, 0, 0], [0.3, 0.4, 0.1, 0.5], resamples=200)  # Â* = share of negatives below
    assert set(values.tolist()) == {0.0, 1 / 3, 2 / 3, 1.0}


def test_percentile_ends_are_numpy_quantiles():
    rng = np.random.default_rng(3)
    scores, labels = tied_data(rng, 60, 9)
    values = ab.empirical.bootstrap_aucs(labels, scores, resamples=400, seed=4)
    row = ab.bootstrap_interval(labels, scores, delta=0.1, method="bootstrap-percentile", resamples=400, seed=4)
    assert (row.lo, row.hi) == tuple(np.quantile(values, [0.05, 0.95]))
    assert row.guarantee == "asymptotic" and row.estimate == ab.auc(labels, scores)


def jackknife_acceleration(pos, neg):
    """BCa's a by leaving out each item in turn (Davison & Hinkley's several-sample form)."""
    numerator = denominator = 0.0
    for group, other, first in ((pos, neg, True), (neg, pos, False)):
        size = len(group)
        leave_out = np.array([
            ab.empirical.auc_from_groups(np.delete(group, k), other) if first else ab.empirical.auc_from_groups(other, np.delete(group, k))
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
    assert boot._bca_ends(values, auc, a, delta) == pytest.approx(tuple(np.quantile(values, levels)), rel=1e-14)


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
    for method in ("bootstrap-percentile", "bootstrap-bca"):
        row = ab.bootstrap_interval([0, 0, 1, 1, 1], [1, 2, 3, 4, 5], delta=0.05, method=method, resamples=100)
        assert (row.lo, row.hi, row.estimate) == (1.0, 1.0, 1.0)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"resamples": 0}, r"^`resamples` must be an integer from 1 to 10000000, but got 0\.$"),
        ({"seed": -1}, r"^`seed` must be an integer ≥ 0, but got -1\.$"),
        ({"method": "bootstrap-t"}, r"^`method` must be one of 'bootstrap-percentile', 'bootstrap-bca'"),
    ],
)
def test_bad_arguments(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ab.bootstrap_interval([0, 1, 1], [1, 2, 3], delta=0.05, **kwargs)


@given(
    st.lists(st.tuples(st.integers(0, 5), st.booleans()), min_size=2, max_size=30),
    st.floats(0.01, 0.5),
    st.integers(0, 2**32),
)
def test_intervals_lie_in_the_unit_interval(items, delta, seed):
    scores = np.array([s for s, _ in items], float)
    labels = np.array([y for _, y in items])
    labels[0], labels[-1] = True, False
    for method in ("bootstrap-percentile", "bootstrap-bca"):
        row = ab.bootstrap_interval(labels, scores, delta=delta, method=method, resamples=40, seed=seed)
        assert 0.0 <= row.lo <= row.hi <= 1.0


def test_the_work_limit_is_stated_in_resamples_for_these_sizes(monkeypatch):
    monkeypatch.setattr(_resampling, "MAX_WORK", 1000)
    labels, scores = [1, 0] * 50, np.arange(100.0)
    with pytest.raises(ValueError, match=r"^`resamples` must be at most 10 for m \+ n = 100 items "
                                         r"\(at most 1,000 items drawn in all\), but got 11\.$"):
        ab.empirical.bootstrap_aucs(labels, scores, resamples=11, seed=0)
    assert len(ab.empirical.bootstrap_aucs(labels, scores, resamples=10, seed=0)) == 10


def test_the_work_limit_is_one_line_on_the_command_line(monkeypatch, cli_error):
    monkeypatch.setattr(_resampling, "MAX_WORK", 1000)
    line = cli_error("auc", "tests/data/asah_markers.csv", "--score", "s100b", "--label", "outcome", "--positive",
                     "Poor", "--bootstrap", "9")
    assert line == ("Error: --bootstrap must be at most 8 for m + n = 113 items (at most 1,000 items drawn in all), "
                    "but got 9.\n")


def test_the_work_limit_is_about_a_minute_at_ten_million_items():
    # 500 resamples of 10^7 items: 12–15 ns of CPU an item at that size (docs/performance.md), 60–75 s
    assert _resampling.MAX_WORK == 5 * 10**9
    labels = np.zeros(10**7, dtype=bool)
    labels[: 3 * 10**6] = True
    with pytest.raises(ValueError, match=r"^`resamples` must be at most 500 for m \+ n = 10,000,000 items"):
        ab.empirical.bootstrap_aucs(labels, np.arange(10.0**7), resamples=501)


@pytest.mark.parametrize("function", ["bootstrap_aucs", "bootstrap_interval"])
def test_the_bootstrap_functions_report_progress(function):
    seen = []
    call = getattr(ab.empirical, function)
    call([0, 1] * 50, list(range(100)), resamples=300, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (300, 300) and all(total == 300 for _, total in seen)
    with pytest.raises(TypeError, match="`progress` must be a function progress"):
        call([0, 1] * 5, list(range(10)), progress="yes")
