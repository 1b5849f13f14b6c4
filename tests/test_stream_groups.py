"""GroupedStatistics: each group's statistics, its rest's and the overall ones from one stream in score
order, against the statistics of each set of rows computed on its own (sorted classes, and the m×n kernel)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aucbound.empirical import GroupedStatistics
from aucbound.empirical import _stream_groups
from aucbound.empirical._delong import statistics

FIELDS = ("s10", "s01", "p1", "p2")
#: The largest relative difference seen over the run, per field (printed by the last test).
WORST = dict.fromkeys(FIELDS, 0.0)


def kernel_statistics(pos, neg):
    """(2U, S10, S01, p̂1, p̂2) from the m×n kernel ψ = 1, ½, 0 (DeLong et al. 1988; Lehmann's U-statistics
    over triples, each comparison's tie ½), with no sort and no running count."""
    psi = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    m, n = psi.shape
    v10, v01 = psi.mean(axis=1), psi.mean(axis=0)
    auc = psi.mean()
    s10 = ((v10 - auc) ** 2).sum() / (m - 1) if m > 1 else None
    s01 = ((v01 - auc) ** 2).sum() / (n - 1) if n > 1 else None
    p1 = (((m * v01) ** 2 - (psi**2).sum(axis=0)).sum() / (n * m * (m - 1))) if m > 1 else None
    p2 = (((n * v10) ** 2 - (psi**2).sum(axis=1)).sum() / (m * n * (n - 1))) if n > 1 else None
    return int(round(2 * psi.sum())), s10, s01, p1, p2


def close(got, want, field):
    if want is None:
        return got is None
    error = abs(got - want) / max(abs(want), 1e-300)
    if abs(want) > 1e-12:
        WORST[field] = max(WORST[field], error)
    return abs(got - want) <= 1e-12 * abs(want) + 1e-15


def check(got, pos, neg):
    """`got` is the Statistics of the rows (pos, neg), or None when a class is empty."""
    if pos.shape[0] == 0 or neg.shape[0] == 0:
        assert got is None
        return
    want = statistics(np.sort(pos), np.sort(neg))
    assert (got.m, got.n, got.twice_u) == (want.m, want.n, want.twice_u)
    for field in FIELDS:
        got_value, want_value = getattr(got, field), getattr(want, field)
        assert close(got_value, want_value, field), (field, got_value, want_value)
    if pos.shape[0] * neg.shape[0] <= 40_000:
        twice_u, *rest = kernel_statistics(pos, neg)
        assert got.twice_u == twice_u
        for field, value in zip(FIELDS, rest):
            assert close(getattr(got, field), value, field), (field, getattr(got, field), value)


def streamed(scores, positive, group, groups, chunks):
    """Sort the rows by score and stream them in chunks of the sizes drawn from `chunks`."""
    order = np.argsort(scores, kind="stable")
    scores, positive, group = scores[order], positive[order], group[order]
    stats = GroupedStatistics(groups)
    start = 0
    while start < scores.shape[0]:
        stop = start + chunks()
        stats.add(scores[start:stop], positive[start:stop], group[start:stop])
        start = stop
    return stats.finish()


def check_all(scores, positive, group, groups, chunks):
    overall, by_group, rests = streamed(scores, positive, group, groups, chunks)
    check(overall, scores[positive], scores[~positive])
    assert len(by_group) == len(rests) == groups
    for g in range(groups):
        inside, outside = group == g, group != g
        check(by_group[g], scores[inside & positive], scores[inside & ~positive])
        check(rests[g], scores[outside & positive], scores[outside & ~positive])


@st.composite
def tables(draw):
    size = draw(st.integers(1, 400))
    groups = draw(st.sampled_from((1, 2, 5, 50)))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    ties = draw(st.sampled_from(("none", "some", "heavy")))
    if ties == "none":
        scores = rng.permutation(size) + rng.random(size)
    else:
        scores = rng.integers(0, 3 if ties == "heavy" else size // 2 + 1, size).astype(np.float64)
    positive = rng.random(size) < draw(st.sampled_from((0.5, 0.1, 0.9)))
    weights = rng.dirichlet(np.full(groups, draw(st.sampled_from((0.3, 3.0)))))
    group = rng.choice(groups, size=size, p=weights).astype(np.int32)
    chunk = draw(st.sampled_from((1, 7, 1000, "random")))
    sizes = (lambda: int(rng.integers(1, 30))) if chunk == "random" else (lambda: chunk)
    return scores, positive, group, groups, sizes


@settings(max_examples=60)
@given(tables())
def test_every_group_rest_and_overall_equal_their_rows_alone(table):
    check_all(*table)


@pytest.mark.parametrize("ties", ["none", "some", "heavy"])
def test_long_chunks_taken_in_pieces(monkeypatch, ties):
    """Chunks longer than a piece are cut (at level boundaries when there are ties): here pieces of 40 rows
    (8 per group)."""
    monkeypatch.setattr(_stream_groups, "_PIECE", 16)
    rng = np.random.default_rng(7)
    scores = {"none": rng.normal(size=500), "some": rng.integers(0, 200, 500) / 7, "heavy": rng.integers(0, 4, 500) / 7}
    check_all(scores[ties], rng.random(500) < 0.3, rng.integers(0, 5, 500).astype(np.int32), 5, lambda: 200)


def test_a_level_longer_than_two_pieces_summed_in_python_integers(monkeypatch):
    monkeypatch.setattr(_stream_groups, "_LARGEST_PIECE", 8)
    monkeypatch.setattr(_stream_groups, "_PIECE", 8)
    rng = np.random.default_rng(8)
    scores = np.concatenate((rng.normal(size=40), np.zeros(100), rng.normal(size=40) + 3))
    check_all(scores, rng.random(180) < 0.4, rng.integers(0, 3, 180).astype(np.int32), 3, lambda: 180)


@pytest.mark.parametrize("chunk", [1, 7, 1000])
def test_a_group_with_one_positive_or_one_negative(chunk):
    rng = np.random.default_rng(3)
    scores = rng.integers(0, 6, 60).astype(np.float64)
    positive = rng.random(60) < 0.5
    group = np.full(60, 2, dtype=np.int32)
    group[np.flatnonzero(positive)[0]] = 0  # a single positive, no negative
    group[np.flatnonzero(positive)[1]] = 1
    group[np.flatnonzero(~positive)[0]] = 1  # one positive, one negative
    group[np.flatnonzero(~positive)[1:3]] = 3  # two negatives
    group[np.flatnonzero(positive)[2]] = 3  # and one positive
    check_all(scores, positive, group, 4, lambda: chunk)


@pytest.mark.parametrize("chunk", [1, 7, 1000])
def test_a_group_holding_every_row_has_no_rest(chunk):
    rng = np.random.default_rng(4)
    scores, positive = rng.normal(size=50), rng.random(50) < 0.4
    overall, groups, rests = streamed(scores, positive, np.zeros(50, dtype=np.int32), 1, lambda: chunk)
    assert rests == [None]
    check(groups[0], scores[positive], scores[~positive])
    group = np.where(positive, 0, 1).astype(np.int32)  # each group one class: no AUC in it, and its rest lacks one
    overall, groups, rests = streamed(scores, positive, group, 3, lambda: chunk)
    assert groups == [None, None, None] and rests[:2] == [None, None]
    check(rests[2], scores[positive], scores[~positive])


def test_a_level_spanning_many_chunks():
    scores = np.repeat([1.0, 2.0, 3.0], [5, 500, 5])
    rng = np.random.default_rng(5)
    positive, group = rng.random(510) < 0.5, rng.integers(0, 3, 510).astype(np.int32)
    check_all(scores, positive, group, 3, lambda: 3)


def test_scores_of_other_types_and_sizes_checked():
    rng = np.random.default_rng(6)
    scores = np.sort(rng.integers(0, 40, 300))
    positive, group = rng.random(300) < 0.5, rng.integers(0, 4, 300).astype(np.int32)
    for kind in (np.int64, np.float32):
        check_all(scores.astype(kind), positive, group, 4, lambda: 64)
    sizes = [(int((positive & (group == g)).sum()), int((~positive & (group == g)).sum())) for g in range(4)]
    stats = GroupedStatistics(sizes)
    stats.add(scores.astype(np.float64), positive, group)
    assert stats.finish()[0].m == positive.sum()
    stats = GroupedStatistics(sizes)
    stats.add(scores[1:].astype(np.float64), positive[1:], group[1:])
    with pytest.raises(ValueError, match="`sizes`"):
        stats.finish()


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="`sizes`"):
        GroupedStatistics(0)
    with pytest.raises(ValueError, match="`sizes`"):
        GroupedStatistics([(1, 2, 3)])
    stats = GroupedStatistics(2)
    with pytest.raises(ValueError, match="`group`"):
        stats.add(np.array([0.1, 0.2]), np.array([True, False]), np.array([0, 2]))
    with pytest.raises(TypeError, match="`group`"):
        GroupedStatistics(2).add(np.array([0.1, 0.2]), np.array([True, False]), np.array([0.0, 1.0]))
    with pytest.raises(ValueError, match="`scores` must be in ascending order"):
        GroupedStatistics(2).add(np.array([0.2, 0.1]), np.array([True, False]), np.array([0, 1]))
    stats = GroupedStatistics(2)
    stats.add(np.array([0.1, 0.3]), np.array([True, False]), np.array([0, 1]))
    with pytest.raises(ValueError, match="`scores` must be in ascending order"):
        stats.add(np.array([0.2]), np.array([True]), np.array([0]))
    with pytest.raises(ValueError, match="`positive`"):
        GroupedStatistics(2).add(np.array([0.1, 0.2]), np.array([True]), np.array([0, 1]))


def test_limbs_keep_exact_sums_beyond_int64():
    """The running sums' limbs against Python integers, with terms at their bounds (a < 2^31, b < 2^62)."""
    rng = np.random.default_rng(10)
    limbs, want = _stream_groups._Limbs(2, 5), np.zeros((2, 5), dtype=object)
    for _ in range(200):
        a, b = rng.integers(0, 2**31, 5), rng.integers(0, 2**62, 5, dtype=np.int64)
        plain = rng.integers(0, 2**62, 5, dtype=np.int64)
        big = np.array([[int(x) << 30 for x in rng.integers(0, 2**62, 5, dtype=np.int64)], [0] * 5], dtype=object)
        parts = limbs.parts()
        limbs.product(parts, 1, a, b)
        limbs.add(parts, 0, plain)
        limbs.merge(parts + limbs.split(big))
        want[1] += a.astype(object) * b.astype(object)
        want[0] += plain.astype(object) + big[0]
    assert want.max() > 2**75 and (limbs.value() == want).all()


def correctly_rounded(pos, neg):
    """(2U, S10, S01, p̂1, p̂2) in exact integer arithmetic (each count from a binary search, each sum a
    Python integer) with one rounding at the end, the division of two integers."""
    pos, neg = np.sort(pos), np.sort(neg)
    m, n = len(pos), len(neg)
    below, at = np.searchsorted(neg, pos, "left"), np.searchsorted(neg, pos, "right")
    t = [int(x) for x in below + at]  # 2·#{negatives below} + #{negatives at}
    r = [int(x) for x in np.searchsorted(pos, neg, "left") + np.searchsorted(pos, neg, "right")]
    twice_u, ties = sum(t), int((at - below).sum())
    pairs = 2 * twice_u - ties  # Σ (4·below + at) over the positives
    placed = [2 * m - x for x in r]  # 2m·V01
    return (twice_u, (m * sum(x * x for x in t) - twice_u**2) / (m * 4 * n * n * (m - 1)),
            (n * sum(x * x for x in r) - sum(r) ** 2) / (n * 4 * m * m * (n - 1)),
            (sum(x * x for x in placed) - pairs) / (4 * n * m * (m - 1)),
            (sum(x * x for x in t) - pairs) / (4 * m * n * (n - 1)))


def test_correctly_rounded_when_the_classes_nearly_separate():
    """AUC ≈ 0.99998: the spreads are tiny beside the squares they are taken from; every value is still
    the correctly rounded exact one, equal to the last bit."""
    rng = np.random.default_rng(9)
    positive = rng.random(6000) < 0.5
    scores, group = np.round(rng.normal(size=6000) + 7 * positive, 2), rng.integers(0, 4, 6000).astype(np.int32)
    overall, groups, rests = streamed(scores, positive, group, 4, lambda: 1000)
    assert overall.auc > 0.9999
    for got, inside in [(overall, np.ones(6000, dtype=bool))] + [(x, group == g) for g, x in enumerate(groups)] + \
            [(x, group != g) for g, x in enumerate(rests)]:
        want = correctly_rounded(scores[inside & positive], scores[inside & ~positive])
        assert (got.twice_u, got.s10, got.s01, got.p1, got.p2) == want


def test_zz_report_the_largest_relative_difference():
    print("largest relative difference:", {k: f"{value:.2e}" for k, value in WORST.items()})
    assert all(value <= 1e-12 for value in WORST.values())
