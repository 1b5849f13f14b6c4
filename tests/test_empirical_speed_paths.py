"""The linear-time paths of ``auc`` and ``delong_variance`` give the same bits as before.

Three kinds of check:

- exactness: Â against 2U/(2mn) with U counted pair by pair in Python integers, and DeLong's
  variance against the exact rational S10/m + S01/n (kernel counts in Fractions), on small
  data with heavy ties;
- the previous method, written here from the definitions (each item's count of the other
  class by a binary search, then DeLong's variance by the same floating-point steps as
  ``_delong._spread``), agrees bit for bit on larger data;
- the two engines (the compiled split-and-merge of ``_resample.c`` and numpy's boolean
  indexing and binary searches, chosen by ``use_engine``) give equal arrays and
  sums for every primitive of ``_auc``, and the fast classification of label arrays by their
  minimum and maximum gives the mask, classes and messages of ``np.unique``.
"""

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab
from aucbound.empirical import _auc, _labels, _resampling, use_engine

ROOT = Path(__file__).resolve().parent.parent
COMPILED = _resampling.compiled_loop()  # the module itself, whose argument checks are tested below
needs_compiled = pytest.mark.skipif(COMPILED is None, reason="aucbound.empirical._resample is not built here")
ENGINES = ["compiled", "numpy"]


@pytest.fixture(params=ENGINES)
def engine(request):
    """Run the test with each engine (the compiled one only where it is built)."""
    if request.param == "compiled" and COMPILED is None:
        pytest.skip("aucbound.empirical._resample is not built here")
    with use_engine(request.param):
        yield request.param


# --- references from the definitions ----------------------------------------------------------


def exact_counts(pos, neg):
    """(2U, [2L_i + E_i], [2A_j + F_j]) pair by pair, in Python integers."""
    twice_pos = [sum(2 * (x > y) + (x == y) for y in neg) for x in pos]
    twice_neg = [sum(2 * (x > y) + (x == y) for x in pos) for y in neg]
    return sum(twice_pos), twice_pos, twice_neg


def exact_variance(pos, neg) -> Fraction:
    """S10/m + S01/n as an exact rational (DeLong et al. 1988, with ψ = 1, ½, 0)."""
    m, n = len(pos), len(neg)
    twice_u, twice_pos, twice_neg = exact_counts(pos, neg)
    auc = Fraction(twice_u, 2 * m * n)
    s10 = sum((Fraction(t, 2 * n) - auc) ** 2 for t in twice_pos) / (m - 1)
    s01 = sum((Fraction(t, 2 * m) - auc) ** 2 for t in twice_neg) / (n - 1)
    return s10 / m + s01 / n


def searched_counts(pos, neg):
    """2L_i + E_i and 2A_j + F_j in sorted order, by binary searches (the previous method)."""
    pos, neg = np.sort(pos), np.sort(neg)
    twice_pos = np.searchsorted(neg, pos, "left") + np.searchsorted(neg, pos, "right")
    twice_neg = 2 * pos.shape[0] - np.searchsorted(pos, neg, "left") - np.searchsorted(pos, neg, "right")
    return twice_pos.astype(np.int64), twice_neg.astype(np.int64)


def previous_variance(pos, neg) -> float:
    """DeLong's variance by the floating-point steps of the previous release: deviations from the
    exact mean (quotient plus remainder), summed by einsum, in sorted order."""

    def spread(twice, scale):
        count, total = twice.shape[0], int(twice.sum())
        deviations = twice - (total // count + (total % count) / count)
        return float(np.einsum("i,i->", deviations, deviations) / (scale * scale))

    twice_pos, twice_neg = searched_counts(pos, neg)
    m, n = twice_pos.shape[0], twice_neg.shape[0]
    return spread(twice_pos, 2 * n) / (m - 1) / m + spread(twice_neg, 2 * m) / (n - 1) / n


def data(kind, size, seed):
    """(labels as bool, scores) of a named kind."""
    rng = np.random.default_rng(seed)
    labels = rng.random(size) < rng.uniform(0.2, 0.8)
    labels[:2] = [True, False]
    labels[2:4] = [True, False]
    if kind == "normal":
        scores = rng.normal(size=size) + labels
    elif kind == "levels":  # integers 0–99 as float64
        scores = rng.integers(0, 100, size).astype(float)
    elif kind == "few":  # three levels
        scores = rng.integers(0, 3, size).astype(float) - 1.0
    elif kind == "int64":
        scores = rng.integers(-(2**53), 2**53, size, endpoint=True)
        scores[rng.random(size) < 0.5] = 2**53  # the bound itself, tied
    elif kind == "tied":
        scores = np.full(size, 0.25)
    else:
        raise ValueError(kind)
    return labels, scores


KINDS = ["normal", "levels", "few", "int64", "tied"]


# --- exactness --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_auc_and_variance_are_exact_with_heavy_ties(engine, seed):
    rng = np.random.default_rng(seed)
    size, levels = int(rng.integers(4, 90)), int(rng.integers(1, 6))
    labels = rng.random(size) < 0.4
    labels[:4] = [True, False, True, False]
    scores = rng.integers(0, levels, size).astype(float)
    pos, neg = scores[labels].tolist(), scores[~labels].tolist()
    twice_u, _, _ = exact_counts(pos, neg)
    assert ab.auc(labels, scores) == twice_u / (2 * len(pos) * len(neg))  # one correctly rounded division
    exact = exact_variance(pos, neg)
    variance = ab.empirical.delong_variance(labels, scores)
    assert variance == previous_variance(scores[labels], scores[~labels])
    assert abs(Fraction(variance) - exact) <= Fraction(1, 10**12) * max(exact, Fraction(1, 10**300))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("label_form", ["bool", "int"])
def test_the_same_bits_as_the_previous_method(engine, kind, label_form):
    labels, scores = data(kind, 60_000, seed=len(kind))
    given_labels = labels if label_form == "bool" else labels.astype(np.int64)
    pos, neg = scores[labels], scores[~labels]
    twice_pos, _ = searched_counts(pos.astype(float), neg.astype(float))
    assert ab.auc(given_labels, scores) == int(twice_pos.sum()) / (2 * pos.shape[0] * neg.shape[0])
    assert ab.empirical.delong_variance(given_labels, scores) == previous_variance(pos.astype(float), neg.astype(float))


def test_int64_scores_at_the_bound_stay_exact(engine):
    # ±2^53 convert exactly; 2^53 + 1 would not, and goes to exact ranks
    scores = np.array([2**53, 2**53 - 1, -(2**53), 2**53, 0], dtype=np.int64)
    labels = np.array([True, False, False, False, True])
    assert ab.auc(labels, scores) == (2 * 2 + 1 + 2 * 1) / (2 * 2 * 3)
    beyond = np.array([2**53 + 1, 2**53, 2**53, 2**53 + 1], dtype=np.int64)
    assert ab.auc(np.array([True, False, True, False]), beyond) == 0.5
    assert ab.auc(np.array([True, False, False, True]), beyond) == 1.0
    assert ab.empirical.delong_variance(np.array([True, False, False, True]), beyond) == 0.0
    below = np.array([-(2**53) - 1, -(2**53)] * 3, dtype=np.int64)
    assert ab.auc(np.array([0, 1] * 3), below) == 1.0
    wide = np.concatenate([np.arange(1000, dtype=np.int64), [2**62, -(2**62)]])
    assert ab.auc(np.arange(1002) % 2 == 0, wide) == ab.auc(np.arange(1002) % 2 == 0, np.argsort(np.argsort(wide)))


# --- the two engines --------------------------------------------------------------------------


def sorted_classes(kind, size, seed):
    labels, scores = data(kind, size, seed)
    scores = scores.astype(float)
    return np.sort(scores[labels]), np.sort(scores[~labels])


def both_engines(monkeypatch, function):
    """function() with the compiled engine, then with numpy."""
    with use_engine("compiled"):
        compiled = function()
    with use_engine("numpy"):
        assert _auc._engine() is None
        numpy = function()
    return compiled, numpy


def assert_same(a, b):
    if isinstance(a, (tuple, list)):
        assert type(a) is type(b) and len(a) == len(b)
        for x, y in zip(a, b):
            assert_same(x, y)
    elif isinstance(a, np.ndarray):
        assert a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b)
    else:
        assert type(a) is type(b) and a == b


@needs_compiled
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("size", [4, 5, 1000])
def test_the_engines_agree_on_every_primitive(monkeypatch, kind, size):
    pos, neg = sorted_classes(kind, size, seed=size)
    for function in (
        lambda: _auc.twice_u(pos, neg),
        lambda: _auc._placements(pos, neg),
        lambda: _auc.weighted_counts(pos, neg, (2, 1), (4, 1), (1, 0), (0, 0)),
        lambda: _auc.weighted_deviations(pos, neg, (2, 1)),
        lambda: _auc.weighted_deviations(pos, neg, (4, 1)),
        lambda: _auc.levels(pos, neg),
    ):
        assert_same(*both_engines(monkeypatch, function))


@needs_compiled
@given(st.lists(st.integers(-3, 3), min_size=1, max_size=30), st.lists(st.integers(-3, 3), min_size=1, max_size=30))
def test_the_engines_agree_on_any_sorted_classes(pos, neg):
    pos, neg = np.sort(np.array(pos, float)), np.sort(np.array(neg, float))
    expected = _auc._placements_numpy(pos, neg)
    assert_same(_auc._placements(pos, neg), expected)
    below, tied_pos, above, tied_neg = expected
    assert below.tolist() == [(neg < x).sum() for x in pos] and tied_pos.tolist() == [(neg == x).sum() for x in pos]
    assert above.tolist() == [(pos > y).sum() for y in neg] and tied_neg.tolist() == [(pos == y).sum() for y in neg]
    assert_same(_auc.levels(pos, neg), _auc._levels_numpy(pos, neg))
    assert _auc.twice_u(pos, neg) == 2 * int(below.sum()) + int(tied_pos.sum())


@needs_compiled
def test_the_engines_agree_on_runs_of_every_length(monkeypatch):
    # the merge crosses long runs of tied scores by doubling steps: lengths around each step
    rng = np.random.default_rng(11)
    for length in [*range(1, 40), 63, 64, 65, 127, 128, 129, 1000]:
        for _ in range(3):
            pos = np.sort(np.repeat(rng.integers(0, 5, 3).astype(float), rng.integers(0, length + 1, 3)))
            neg = np.sort(np.repeat(rng.integers(0, 5, 3).astype(float), rng.integers(0, length + 1, 3)))
            if pos.size == 0 or neg.size == 0:
                continue
            for function in (lambda: _auc._placements(pos, neg), lambda: _auc.twice_u(pos, neg),
                             lambda: _auc.levels(pos, neg)):
                assert_same(*both_engines(monkeypatch, function))


@pytest.mark.parametrize("kind", KINDS)
def test_levels_are_the_distinct_scores_with_each_class_count(engine, kind):
    pos, neg = sorted_classes(kind, 300, seed=3)
    values, pos_at, neg_at = _auc.levels(pos, neg)
    expected = np.unique(np.concatenate([pos, neg]))
    assert np.array_equal(values, expected) and pos_at.dtype == neg_at.dtype == np.int64
    assert pos_at.tolist() == [(pos == x).sum() for x in expected]
    assert neg_at.tolist() == [(neg == x).sum() for x in expected]
    below = np.concatenate(([0], np.cumsum(neg_at)[:-1]))
    assert int(np.dot(pos_at, 2 * below + neg_at)) == _auc.twice_u(pos, neg)


def test_signed_zeros_are_one_level(engine):
    pos, neg = np.array([-0.0, 0.0, 1.0]), np.array([0.0, -0.0, -0.0])
    assert ab.empirical.auc_from_groups(pos, neg) == (3 + 3 + 2 * 3) / 18  # each zero ties the three negatives
    values, pos_at, neg_at = _auc.levels(np.sort(pos), np.sort(neg))
    assert values.tolist() == [0.0, 1.0] and pos_at.tolist() == [2, 1] and neg_at.tolist() == [3, 0]


@pytest.mark.parametrize("kind", ["normal", "int64"])
def test_the_split_keeps_the_order_and_converts_exactly(engine, kind):
    labels, scores = data(kind, 777, seed=9)
    pos, neg = _auc.groups(labels, scores, None)
    assert pos.dtype == neg.dtype == np.float64
    assert pos.tolist() == [float(x) for x in scores[labels]] and neg.tolist() == [float(x) for x in scores[~labels]]
    strided = _auc.groups(np.repeat(labels, 2)[::2], np.repeat(scores, 2)[::2], None)  # views that are not contiguous
    assert_same(list(strided), [pos, neg])


@needs_compiled
def test_the_compiled_passes_refuse_wrong_buffers():
    pos, neg = np.array([0.0, 1.0]), np.array([0.5])
    with pytest.raises(TypeError, match="`pos` must be a contiguous buffer"):
        COMPILED.counts(pos.astype(np.float32), neg, 2, 1, None, None)
    with pytest.raises(ValueError, match="`neg_out` must hold 1 items"):
        COMPILED.counts(pos, neg, 2, 1, None, np.empty(2, dtype=np.int64))
    with pytest.raises(ValueError, match="weights"):
        COMPILED.counts(pos, neg, -1, 1, None, None)
    with pytest.raises(TypeError, match="of one type"):
        COMPILED.counts(pos, neg, 2, 1, np.empty(2), np.empty(1, dtype=np.int64))
    deviations = np.empty(2)
    assert COMPILED.counts(pos, neg, 2, 1, deviations, None) == (1, 0)  # counts 0 and 2, less their mean 1
    assert deviations.tolist() == [-1.0, 1.0]
    mask = np.array([True, False, True])
    with pytest.raises(ValueError, match="at least m \\+ 1 = 3 and n \\+ 1 = 2"):
        COMPILED.split(np.zeros(3), mask, np.empty(2), np.empty(2))
    with pytest.raises(ValueError, match="one item per score"):
        COMPILED.split(np.zeros(2), mask, np.empty(4), np.empty(4))
    with pytest.raises(TypeError, match="`mask`"):
        COMPILED.split(np.zeros(3), mask.astype(np.int8), np.empty(4), np.empty(4))
    with pytest.raises(ValueError, match="m \\+ n = 3"):
        COMPILED.levels(pos, neg, np.empty(2), np.empty(3, dtype=np.int64), np.empty(3, dtype=np.int64))


# --- validation is unchanged ------------------------------------------------------------------


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_non_finite_scores_are_refused_first(engine, bad):
    scores = np.array([0.1, 0.2, bad, 0.4, bad])
    for labels in ([0, 1, 0, 1, 0], [0, 1, 2, 1, 0], [0, 1, 0], [1, 1, 1, 1, 1]):  # good, then bad labels
        for call in (ab.auc, ab.empirical.delong_variance):
            hint = "; `nan_policy='omit'` drops such rows" if np.isnan(bad) else ""  # NaN is missing, inf is not
            with pytest.raises(ValueError, match=rf"^`scores` must be finite \(no NaN or inf\), but got {bad!r}{hint}\.$"):
                call(labels, scores)
    with pytest.raises(ValueError, match=r"^`scores` must be finite"):
        ab.auc([0, 1, 0, 1, 0], scores.tolist())


LABEL_FORMS = [
    np.array([0, 1, 1, 0, 1]),
    np.array([0, 1, 1, 0, 1], dtype=np.uint8),
    np.array([-1, 1, 1, -1, 1], dtype=np.int16),
    np.array([3, 7, 7, 3, 7]),
    np.array([0.0, 1.0, 1.0, 0.0, 1.0]),
    np.array([-1.0, 1.0, 1.0, -1.0, 1.0]),
    np.array([False, True, True, False, True]),
    np.array([2**62, 2**62 + 1, 2**62 + 1, 2**62, 2**62 + 1]),
    np.array([0, 1, 2, 0, 1]),  # three classes
    np.array([-1, 0, 1, -1, 1]),  # three classes, the middle one between ±1
    np.array([-1.0, 0.5, 1.0, -1.0, 1.0]),
    np.array([1, 1, 1, 1, 1]),  # one class
    np.array([True] * 5),
    np.array([0.0, np.nan, 1.0, 0.0, 1.0]),
    np.array([], dtype=np.int64),
]


def general_path(labels, pos_label):
    """positive_mask through np.unique: an object array of the same values skips the fast path."""
    as_objects = np.empty(len(labels), dtype=object)
    as_objects[:] = labels.tolist()
    return _labels.positive_mask(as_objects, pos_label)


@pytest.mark.parametrize("labels", LABEL_FORMS, ids=lambda a: f"{a.dtype}-{a.tolist()}")
@pytest.mark.parametrize("pos_label", [None, "high", "low"])
def test_two_valued_labels_are_classified_as_by_np_unique(labels, pos_label):
    if pos_label is not None:
        if labels.size == 0 or np.isnan(labels.astype(float)).any():
            return
        pos_label = labels.max() if pos_label == "high" else labels.min()
    try:
        expected = general_path(labels, pos_label)
    except ValueError as error:
        with pytest.raises(ValueError) as raised:
            _labels.positive_mask(labels, pos_label)
        if "free of" not in str(error):  # NaN: the object path names missing values its own way
            assert str(raised.value) == str(error)
        return
    mask = _labels.positive_mask(labels, pos_label)
    assert mask.dtype == bool and mask.tolist() == expected.tolist()
    codes, classes = _labels.encode(labels)
    unique_classes, unique_codes = np.unique(labels, return_inverse=True)
    assert classes == unique_classes.tolist() and codes.tolist() == unique_codes.tolist()
    assert [type(c) for c in classes] == [type(c) for c in unique_classes.tolist()]


def test_the_mask_of_bool_labels_does_not_write_through():
    labels = np.array([False, True, True, False])
    mask = _labels.positive_mask(labels)
    assert mask.tolist() == labels.tolist()
    with pytest.raises(ValueError):
        mask[0] = True
    assert labels.flags.writeable and labels.tolist() == [False, True, True, False]
    assert _labels.positive_mask(labels, False).tolist() == [True, False, False, True]


# --- without the compiled module --------------------------------------------------------------

BLOCKED = """
import json, sys
sys.modules["aucbound.empirical._resample"] = None  # as if it had not been built
import numpy as np
import aucbound as ab
from aucbound.empirical import _auc
assert _auc._engine() is None
labels, scores = (np.array(x) for x in json.loads(sys.stdin.read()))
print(json.dumps([ab.auc(labels, scores).hex(), ab.empirical.delong_variance(labels, scores).hex()]))
"""


def test_the_same_bits_without_the_compiled_module():
    labels, scores = data("levels", 5000, seed=5)
    run = subprocess.run([sys.executable, "-c", BLOCKED], input=json.dumps([labels.tolist(), scores.tolist()]),
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert run.returncode == 0, run.stderr
    here = [ab.auc(labels, scores).hex(), ab.empirical.delong_variance(labels, scores).hex()]
    assert json.loads(run.stdout) == here
