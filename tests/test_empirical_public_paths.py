"""The fast paths of the public data functions, against references written from the definitions.

- DeLong's components in the order of the items (``delong``'s ``v10``/``v01``, ``compare``):
  every item's count of the other class by brute force, through each path of the compiled
  pass (scores of few distinct values counted per value; exact keys; keys that keep only the
  high bits, whose runs are sorted by the scores themselves) and through numpy;
- ``delong``'s statistics are ``delong_variance``'s and ``intervals``' to the bit, and its
  components are computed only when read;
- ``compare``'s variances are DeLong's formulas evaluated in exact fractions from the kernel,
  rounded once;
- the ROC curve is the same, to the bit, from the compiled merge and from numpy;
- the partial AUC is the exact area (fractions), rounded once: over [0, 1] it is Â, and
  McClish's value over a range of width 1e-16 is defined;
- the bootstrap band refuses, before any work, more readings than it can hold;
- scores given as booleans, as object arrays of numbers, or as integers beyond 2^53.
"""

from __future__ import annotations

import pickle
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import aucbound as ab
from aucbound.empirical import _compare, _delong, use_engine
from tests.test_data_inputs import CALLS, pair_auc
from tests.test_empirical_roc import naive_area, naive_points
from tests.test_empirical_speed_paths import COMPILED, engine, needs_compiled  # noqa: F401 (a fixture)

# --- references -------------------------------------------------------------------------------


def brute_counts(scores, mask):
    """Each item's 2L + E (a positive) or 2A + F (a negative), pair by pair, in the order given."""
    pos = [x for x, positive in zip(scores, mask) if positive]
    neg = [x for x, positive in zip(scores, mask) if not positive]
    return [sum(2 * (x > y) + (x == y) for y in neg) if positive else sum(2 * (y > x) + (y == x) for y in pos)
            for x, positive in zip(scores, mask)]


def exact_delong_pieces(pos, neg):
    """(S10, S01) of DeLong et al. (1988) in exact fractions, from the kernel ψ = 1, ½, 0."""
    psi = lambda x, y: Fraction(int(x > y) * 2 + int(x == y), 2)  # noqa: E731
    m, n = len(pos), len(neg)
    v10 = [sum(psi(x, y) for y in neg) / n for x in pos]
    v01 = [sum(psi(x, y) for x in pos) / m for y in neg]
    auc = sum(v10) / m
    return sum((v - auc) ** 2 for v in v10) / (m - 1), sum((v - auc) ** 2 for v in v01) / (n - 1)


#: Scores that exercise every path: ties, signed zeros, neighbouring floats, huge magnitudes.
POOL = [0.0, -0.0, 1.0, 1.0 + 2**-52, 1.0 + 2**-51, -1.0, 0.1, 0.3, 1e300, -1e300, 2.5, 7.0, 1e-300]


def with_both_classes(mask):
    mask = np.array(mask, dtype=bool)
    mask[:2] = [True, False]
    return mask


# --- the components in the order of the items -------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(POOL), st.booleans()), min_size=2, max_size=40))
def test_counts_in_order_are_the_pair_counts(items):
    scores = np.array([x for x, _ in items])
    mask = with_both_classes([positive for _, positive in items])
    expected = brute_counts(scores.tolist(), mask.tolist())
    m = int(mask.sum())
    assert _delong.counts_in_order(scores, mask, m).tolist() == expected
    with use_engine("numpy"):
        assert _delong.counts_in_order(scores, mask, m).tolist() == expected


def searched_counts_in_order(scores, mask):
    """brute_counts by binary searches in each sorted class (for sizes beyond pair by pair)."""
    pos, neg = np.sort(scores[mask]), np.sort(scores[~mask])
    below, tied = np.searchsorted(neg, scores, "left"), np.searchsorted(neg, scores, "right")
    above, upto = np.searchsorted(pos, scores, "right"), np.searchsorted(pos, scores, "left")
    return np.where(mask, below + tied, 2 * pos.shape[0] - above - upto).tolist()


@needs_compiled
@pytest.mark.parametrize("case, outcome", [
    ("levels", None),  # integers on either side of 0: counted per value, no keys
    ("halves", None),  # multiples of 1/2
    ("narrow", True),  # floats in [1, 1 + 2^-5): the keys hold every bit
    ("normal", False),  # floats on either side of 0: the keys keep the high bits
    ("wide", False),  # ±1e300 beside neighbouring floats: keys keep the high bits, runs are sorted by score
])
def test_each_compiled_path_counts_exactly(case, outcome):
    rng = np.random.default_rng(len(case))
    size = 20_000
    if case == "levels":
        scores = rng.integers(-3, 4, size).astype(float)
    elif case == "halves":
        scores = rng.integers(0, 8, size) / 2
    elif case == "narrow":
        scores = 1 + rng.random(size) * 2**-5
    elif case == "normal":
        scores = rng.normal(size=size)
    else:
        scores = np.array([1e300, -1e300, 3.0])[rng.integers(0, 3, size)]
        near = rng.random(size) < 0.7
        scores[near] = 1.0 + rng.integers(0, 40, int(near.sum())) * 2.0**-52
    if case != "narrow":
        scores[rng.random(size) < 0.01] = -0.0
    mask = with_both_classes(rng.random(size) < 0.4)
    m = int(mask.sum())
    keys, counts = np.empty(size, dtype=np.uint64), np.empty(size, dtype=np.int64)
    assert COMPILED.order_keys(scores, mask, m, keys, counts) is outcome
    if case == "wide":  # the truncated keys do tie scores that differ
        high = np.sort(keys) >> np.uint64(16)
        assert np.count_nonzero(high[1:] == high[:-1]) > 0
    assert _delong.counts_in_order(scores, mask, m).tolist() == searched_counts_in_order(scores, mask)


@needs_compiled
def test_the_new_compiled_passes_refuse_wrong_buffers():
    scores, mask = np.array([0.5, 1.0, 2.0]), np.array([True, False, True])
    keys, counts = np.empty(3, dtype=np.uint64), np.empty(3, dtype=np.int64)
    with pytest.raises(ValueError, match="`keys` must hold one item per score \\(3\\)"):
        COMPILED.order_keys(scores, mask, 2, keys[:2], counts)
    with pytest.raises(ValueError, match="`m` must be the number of positives"):
        COMPILED.order_keys(scores, mask, 4, keys, counts)
    with pytest.raises(TypeError, match="`mask`"):
        COMPILED.ranked_counts(scores, mask.astype(np.int8), 2, keys, True, counts)
    with pytest.raises(ValueError, match="must hold counts"):
        COMPILED.paired_sums(np.array([1, -1]), np.array([1, 1]), np.array([True, False]))
    with pytest.raises(ValueError, match="`tp` must hold 4 items"):
        COMPILED.curve(np.array([1.0]), np.array([0.0, 2.0]), np.empty(3), np.empty(3, dtype=np.int64),
                       np.empty(4, dtype=np.int64), None)


def test_delong_components_are_computed_when_read():
    rng = np.random.default_rng(3)
    labels = with_both_classes(rng.random(60) < 0.5)
    scores = np.round(rng.normal(size=60), 1)
    result = ab.delong(labels, scores)
    assert "_components" not in vars(result)
    counts = brute_counts(scores.tolist(), labels.tolist())
    m, n = int(labels.sum()), int((~labels).sum())
    expected_v10 = [c / (2 * n) for c, positive in zip(counts, labels) if positive]
    expected_v01 = [c / (2 * m) for c, positive in zip(counts, labels) if not positive]
    restored = pickle.loads(pickle.dumps(result))
    assert result.v10.tolist() == expected_v10 and result.v01.tolist() == expected_v01
    assert "_components" in vars(result)
    assert restored.v10.tolist() == expected_v10 and restored == result
    assert "components" not in result.as_dict()


@pytest.mark.parametrize("seed", range(8))
def test_delong_agrees_with_delong_variance_and_intervals_to_the_bit(engine, seed):
    rng = np.random.default_rng(seed)
    size = int(rng.integers(5, 3000))
    labels = with_both_classes(rng.random(size) < rng.uniform(0.2, 0.8))
    scores = rng.normal(size=size) if seed % 2 else rng.integers(0, 9, size).astype(float)
    result = ab.delong(labels, scores)
    assert result.variance == ab.empirical.delong_variance(labels, scores)
    table = ab.intervals(labels, scores, methods=["delong"])
    assert table.delong_variance == result.variance
    square = result.auc**2
    assert (table.p1, table.p2) == (min(max(result.p1, square), result.auc), min(max(result.p2, square), result.auc))
    if size < 300:
        s10, s01 = exact_delong_pieces(scores[labels].tolist(), scores[~labels].tolist())
        assert result.s10 == pytest.approx(float(s10), rel=1e-12, abs=1e-300)
        assert result.s01 == pytest.approx(float(s01), rel=1e-12, abs=1e-300)


# --- the paired comparison --------------------------------------------------------------------


def exact_paired_variance(a, b, labels) -> Fraction:
    """Var(D̂) = S10(D)/m + S01(D)/n of the differences of the two kernels, in exact fractions."""
    pos = [(x, y) for x, y, positive in zip(a, b, labels) if positive]
    neg = [(x, y) for x, y, positive in zip(a, b, labels) if not positive]
    psi = lambda x, y: Fraction(int(x > y) * 2 + int(x == y), 2)  # noqa: E731
    m, n = len(pos), len(neg)
    d10 = [sum(psi(p[0], q[0]) - psi(p[1], q[1]) for q in neg) / n for p in pos]
    d01 = [sum(psi(p[0], q[0]) - psi(p[1], q[1]) for p in pos) / m for q in neg]
    mean = sum(d10) / m
    return (sum((d - mean) ** 2 for d in d10) / (m - 1) / m + sum((d - mean) ** 2 for d in d01) / (n - 1) / n)


@pytest.mark.parametrize("seed", range(10))
def test_compare_variance_is_the_exact_one_rounded(engine, seed):
    rng = np.random.default_rng(seed)
    size = int(rng.integers(6, 70))
    labels = with_both_classes(rng.random(size) < 0.45)
    a = rng.integers(0, 6, size).astype(float) if seed % 2 else rng.normal(size=size)
    b = np.where(rng.random(size) < 0.5, a, rng.integers(0, 6, size))
    result = ab.compare(labels, a, b)
    assert result.variance == float(exact_paired_variance(a.tolist(), b.tolist(), labels.tolist()))
    own = [Fraction(s10) / int(labels.sum()) + Fraction(s01) / int((~labels).sum())
           for s10, s01 in (exact_delong_pieces(x[labels].tolist(), x[~labels].tolist()) for x in (a, b))]
    exact_covariance = (own[0] + own[1] - exact_paired_variance(a.tolist(), b.tolist(), labels.tolist())) / 2
    assert result.covariance == pytest.approx(float(exact_covariance), rel=1e-12, abs=1e-15)


def test_compare_reads_int64_columns_as_they_are(engine):
    rng = np.random.default_rng(4)
    labels = with_both_classes(rng.random(3000) < 0.4)
    a = rng.integers(-(2**53), 2**53, 3000, endpoint=True)
    a[rng.random(3000) < 0.3] = 2**53  # the bound itself, tied
    b = rng.integers(0, 9, 3000)
    expected = ab.compare(labels, a.astype(float), b.astype(float))
    assert ab.compare(labels, a, b) == expected
    beyond = a.copy()
    beyond[0] = 2**53 + 1  # a double would round it to 2^53: the exact ranks take over
    ranks = np.unique(beyond, return_inverse=True)[1].astype(float)
    assert ab.compare(labels, beyond, b) == ab.compare(labels, ranks, b.astype(float))
    if COMPILED is not None:
        keys, counts = np.empty(3000, dtype=np.uint64), np.empty(3000, dtype=np.int64)
        with pytest.raises(ValueError, match="within \\+-2\\^53"):
            COMPILED.order_keys(beyond, labels, int(labels.sum()), keys, counts)


@pytest.mark.parametrize("largest", [5, 2**20, 2**31, 2**40, 2**62])
def test_paired_sums_are_exact_for_any_count(engine, largest):
    rng = np.random.default_rng(largest % 97)
    size = 3000
    a, b = rng.integers(0, largest, size, endpoint=True), rng.integers(0, largest, size, endpoint=True)
    a[0] = largest
    mask = rng.random(size) < 0.5
    first, second = _compare.Column(a, mask, 1, 1), _compare.Column(b, mask, 1, 1)
    expected = tuple((sum(x), sum(y), sum(u * u for u in x), sum(w * w for w in y), sum(u * w for u, w in zip(x, y)))
                     for x, y in ((a[k].tolist(), b[k].tolist()) for k in (mask, ~mask)))
    assert tuple(map(tuple, _compare._sums(first, second))) == expected


@needs_compiled
def test_compare_is_the_same_with_either_engine():
    rng = np.random.default_rng(11)
    labels = with_both_classes(rng.random(5000) < 0.3)
    a = rng.normal(size=5000) + labels
    b = np.round(a + rng.normal(size=5000), 1)
    compiled = ab.compare(labels, a, b, methods=["delong", "hoeffding-kl"])
    with use_engine("numpy"):
        assert ab.compare(labels, a, b, methods=["delong", "hoeffding-kl"]) == compiled


# --- the ROC curve and the partial AUC --------------------------------------------------------


@needs_compiled
@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(POOL + [1.7e308, -1.7e308]), st.booleans()), min_size=2, max_size=40))
def test_the_curve_is_the_same_with_either_engine(items):
    scores = np.array([x for x, _ in items])
    labels = with_both_classes([positive for _, positive in items])
    compiled = ab.roc_curve(labels, scores)
    with use_engine("numpy"):
        numpy = ab.roc_curve(labels, scores)
    assert compiled.thresholds.tobytes() == numpy.thresholds.tobytes()
    for name in ("tp", "fp", "levels"):
        assert np.array_equal(getattr(compiled, name), getattr(numpy, name))
    assert compiled.auc == numpy.auc == pair_auc(labels.tolist(), scores.tolist(), True)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.booleans()), min_size=2, max_size=60),
       st.sampled_from(["specificity", "sensitivity"]))
def test_the_full_range_gives_exactly_the_auc(items, focus):
    scores = np.array([x / 7 for x, _ in items])
    labels = with_both_classes([positive for _, positive in items])
    area = ab.partial_auc(labels, scores, range=(0, 1), focus=focus, resamples=None).auc
    assert area == ab.auc(labels, scores) == ab.roc_curve(labels, scores).auc


def test_the_full_range_is_not_a_last_bit_below_the_auc():
    labels, scores = [0, 0, 0, 1, 1], [0.1, 0.5, 0.3, 0.4, 0.9]  # 5 of 6 pairs in order: Â = 5/6
    for focus in ("specificity", "sensitivity"):  # summed in floats, the area came out as 0.8333333333333333
        assert ab.partial_auc(labels, scores, range=(0, 1), focus=focus, resamples=None).auc == float(Fraction(5, 6))


def exact_partial(labels, scores, a, b, focus):
    """The partial area over [a, b] of `focus` and McClish's value, in exact fractions."""
    tp, fp, m, n = naive_points(labels.tolist(), scores.tolist())
    points = [(Fraction(n - f, n), Fraction(t, m)) for t, f in zip(tp, fp)]
    if focus == "sensitivity":
        points = [(y, x) for x, y in points]
    a, b = Fraction(a), Fraction(b)
    area = naive_area(points, a, b)
    low = (b - a) * (2 - a - b) / 2
    return area, (1 + (area - low) / ((b - a) - low)) / 2


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("focus", ["specificity", "sensitivity"])
def test_the_partial_auc_is_the_exact_area_rounded_once(seed, focus):
    rng = np.random.default_rng(seed)
    labels = with_both_classes(rng.random(50) < 0.4)
    scores = np.round(rng.normal(labels * 0.8, 1.0), 1)
    for a, b in ((0.9, 1.0), (0.0, 0.37), (0.25, 0.75), (0.1, 0.3), (0.0, 1e-16), (1 - 2**-40, 1.0)):
        area, corrected = exact_partial(labels, scores, a, b, focus)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # some corrected values are below ½
            result = ab.partial_auc(labels, scores, range=(a, b), focus=focus, correct=True, resamples=None)
        assert result.auc == float(area) and result.corrected == float(corrected)


def test_mcclish_over_a_range_of_width_1e_16():
    """max − min = (b − a)(a + b)/2 = 5e-33 ≠ 0: the value is defined, computed exactly."""
    tied = ab.partial_auc([0, 0, 1, 1], [1, 1, 1, 1], range=(0, 1e-16), correct=True, resamples=None)
    assert tied.corrected == 0.5  # the diagonal itself
    perfect = ab.partial_auc([0, 0, 1, 1], [1, 2, 3, 4], range=(0, 1e-16), correct=True, resamples=None)
    assert perfect.corrected == 1.0
    labels = np.array([0, 1, 0, 1, 1, 0, 1, 0])
    scores = np.array([0.1, 0.05, 0.3, 0.7, 0.9, 0.2, 0.6, 0.4])  # a positive below every negative
    area, corrected = exact_partial(labels.astype(bool), scores, 0, 1e-16, "specificity")
    with pytest.warns(UserWarning, match="below the chance diagonal"):
        result = ab.partial_auc(labels, scores, range=(0, 1e-16), correct=True, resamples=50)
    assert (result.auc, result.corrected) == (float(area), float(corrected))
    assert result.lo <= result.hi


def test_cli_partial_over_a_range_of_width_1e_16(cli):
    result = cli("auc", "tests/data/asah_markers.csv", "--score", "s100b", "--label", "outcome", "--positive", "Poor",
                 "--partial", "0,1e-16", "--correct", "--bootstrap", "50")
    assert result.exit_code == 0 and "Traceback" not in result.output
    assert "McClish-standardised partial AUC over specificity 0 to 1e-16" in result.output


# --- the bootstrap band's memory --------------------------------------------------------------


def test_band_refuses_more_readings_than_it_can_hold_before_reading_the_data():
    grid = np.linspace(0, 1, 10**6)
    with pytest.raises(ab.ParameterError) as error:  # labels and scores are not even looked at
        ab.roc_band(None, None, method="bootstrap", specificities=grid, resamples=999)
    message = str(error.value)
    assert message.startswith("`resamples` must be at most 20 for 1,000,000 points in `specificities`")
    assert "20,000,000 readings" in message and message.endswith("but got 999.")
    with pytest.raises(ab.ParameterError, match="`sensitivities`"):
        ab.roc_band([0, 1], [0.0, 1.0], method="bootstrap", sensitivities=grid[:10**5], resamples=201)
    band = ab.roc_band([0, 1, 0, 1], [0.1, 0.9, 0.3, 0.4], method="bootstrap", specificities=grid[:10**5], resamples=200)
    assert band.lo.shape == (10**5,)


def test_cli_band_refuses_more_readings(cli):
    points = [arg for k in range(30_000) for arg in ("--specificity", k / 30_000)]
    result = cli("roc", "tests/data/asah_markers.csv", "--score", "s100b", "--label", "outcome", "--positive", "Poor",
                 *points, "--bootstrap", 1000)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "--bootstrap must be at most 666 for 30,000 points in --specificity" in result.output


def test_band_coverage_counts_the_readings_too():
    from aucbound.simulate import band_coverage

    with pytest.raises(ab.ParameterError, match="at most 200 for 100,000 points"):
        band_coverage(method="bootstrap", m=20, n=20, specificities=np.linspace(0, 1, 10**5), resamples=1000, trials=1)


# --- what scores may be -----------------------------------------------------------------------


LABELS = [0, 1, 1, 0, 1, 0, 0, 1]
FLOATS = [0.1, 0.8, 0.35, 0.4, 0.9, 0.2, 0.65, 0.3]


@pytest.mark.parametrize("name", CALLS)
def test_object_arrays_of_floats_are_scores(name):
    pd = pytest.importorskip("pandas")
    with_missing = pd.Series(FLOATS[:3] + [None] + FLOATS[3:], dtype=object)
    dropped = with_missing.dropna()  # still of object dtype
    assert dropped.dtype == object
    labels = pd.Series(LABELS[:3] + [0] + LABELS[3:]).drop(index=3)
    assert CALLS[name](labels, dropped) == CALLS[name](np.array(LABELS), np.array(FLOATS))


@pytest.mark.parametrize("name", CALLS)
def test_boolean_scores_count_as_zero_and_one(name):
    flags = [False, True, True, False, False, True, False, True]
    expected = CALLS[name](np.array(LABELS), np.array(flags, dtype=float))
    assert CALLS[name](np.array(LABELS), np.array(flags)) == expected
    assert CALLS[name](LABELS, flags) == expected
    if name == "auc":
        assert expected == pair_auc(LABELS, [int(flag) for flag in flags])


@pytest.mark.parametrize("name", CALLS)
def test_object_arrays_of_integers_are_scores(name):
    integers = [3, 9, 5, 4, 10, 1, 7, 2]
    expected = CALLS[name](np.array(LABELS), np.array(integers))
    assert CALLS[name](np.array(LABELS), np.array(integers, dtype=object)) == expected


def test_integers_beyond_2_53_stay_exact_or_are_refused():
    big = np.array([2**60 + k for k in (3, 9, 5, 4, 10, 1, 7, 2)], dtype=object)
    assert ab.auc(LABELS, big) == pair_auc(LABELS, big.tolist())
    mixed = np.array([2**60, 0.5, 2**60 + 1, 1.5, 2, 3, 2**60 + 2, 0.25], dtype=object)
    assert ab.delong(LABELS, mixed).auc == pair_auc(LABELS, mixed.tolist())
    for call in (lambda: ab.roc_curve(LABELS, big), lambda: ab.partial_auc(LABELS, big, resamples=None),
                 lambda: ab.roc_band(LABELS, big)):
        with pytest.raises(ab.ParameterError, match=r"`scores` must be within ±2\^53 for an ROC curve"):
            call()
    at_the_edge = [2**53] * 4 + [0] * 4
    assert ab.roc_curve(LABELS, np.array(at_the_edge, dtype=object)).auc == pair_auc(LABELS, at_the_edge)


def test_other_objects_are_still_refused():
    with pytest.raises(ab.ParameterTypeError, match="`scores` must be a number or an array of numbers"):
        ab.auc(LABELS, np.array(["a"] + FLOATS[1:], dtype=object))
    with pytest.raises(ab.ParameterError, match="nan_policy='omit'"):
        ab.auc(LABELS, np.array([None] + FLOATS[1:], dtype=object))
    with pytest.warns(ab.RowsOmittedWarning):
        omitted = ab.auc(LABELS, np.array([None] + FLOATS[1:], dtype=object), nan_policy="omit")
    assert omitted == pair_auc(LABELS[1:], FLOATS[1:])
