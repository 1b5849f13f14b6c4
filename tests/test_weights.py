"""Case weights: the weighted AUC, ROC curve, partial AUC and DeLong variances, checked against
scikit-learn (``roc_auc_score``, ``roc_curve`` with ``sample_weight``), against the rows repeated
w times (integer weights), and against a brute-force influence function and numerical
differentiation of the estimator in the weights (sampling weights)."""

import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import roc_auc_score, roc_curve as sk_roc_curve

import aucbound
from aucbound import ParameterError

pd = pytest.importorskip("pandas")

#: Random data may fall below chance, or below the diagonal over a partial range: warned, and beside the point here.
pytestmark = pytest.mark.filterwarnings("ignore::aucbound.DataWarning")


def tied_data(rng, size, levels=6):
    """Labels with both classes, scores of few distinct values (ties within and across classes)."""
    labels = rng.integers(0, 2, size)
    labels[:2] = [0, 1]
    scores = rng.integers(0, levels, size) / 2.0
    return labels, scores


def float_weights(rng, size):
    weights = rng.exponential(1.0, size)
    weights[rng.random(size) < 0.15] = 0.0  # rows of weight 0 among them
    weights[:2] = [0.5, 2.0]
    return weights


def repeated(labels, scores, weights):
    return np.repeat(labels, weights), np.repeat(scores, weights)


# --- scikit-learn ------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(40))
def test_auc_equals_scikit_learn(seed):
    rng = np.random.default_rng(seed)
    labels, scores = tied_data(rng, int(rng.integers(5, 200)), levels=int(rng.integers(2, 30)))
    weights = float_weights(rng, labels.shape[0])
    expected = roc_auc_score(labels, scores, sample_weight=weights)
    assert aucbound.auc(labels, scores, sample_weight=weights) == pytest.approx(expected, rel=1e-12, abs=1e-12)


@pytest.mark.parametrize("seed", range(40))
def test_roc_curve_equals_scikit_learn(seed):
    """scikit-learn's thresholds are the distinct scores, aucbound's the midpoints between them (pROC's
    convention); with drop_intermediate=False both give one point per distinct score of positive weight."""
    rng = np.random.default_rng(100 + seed)
    labels, scores = tied_data(rng, int(rng.integers(5, 200)), levels=int(rng.integers(2, 30)))
    weights = float_weights(rng, labels.shape[0])
    fpr, tpr, thresholds = sk_roc_curve(labels, scores, sample_weight=weights, drop_intermediate=False)
    curve = aucbound.roc_curve(labels, scores, sample_weight=weights)
    assert len(curve) == len(fpr)
    np.testing.assert_allclose(curve.fpr, fpr, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(curve.tpr, tpr, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(curve.levels[::-1], thresholds[1:])  # the distinct scores of positive weight


@pytest.mark.parametrize("seed", range(30))
def test_partial_auc_equals_scikit_learn_max_fpr(seed):
    rng = np.random.default_rng(200 + seed)
    labels, scores = tied_data(rng, int(rng.integers(5, 200)), levels=int(rng.integers(2, 30)))
    weights = float_weights(rng, labels.shape[0])
    max_fpr = float(rng.choice([0.05, 0.1, 0.25, 0.5, 0.8]))
    expected = roc_auc_score(labels, scores, sample_weight=weights, max_fpr=max_fpr)
    result = aucbound.partial_auc(labels, scores, range=(1 - max_fpr, 1), correct=True, resamples=None,
                                  sample_weight=weights)
    assert result.corrected == pytest.approx(expected, rel=1e-12, abs=1e-12)
    integer = rng.integers(0, 4, labels.shape[0])
    integer[:2] = 1
    expected = roc_auc_score(labels, scores, sample_weight=integer, max_fpr=max_fpr)
    result = aucbound.partial_auc(labels, scores, range=(1 - max_fpr, 1), correct=True, resamples=None,
                                  sample_weight=integer)
    assert result.corrected == pytest.approx(expected, rel=1e-12, abs=1e-12)


# --- integer weights are the rows repeated ---------------------------------------------------


@st.composite
def weighted_sets(draw):
    size = draw(st.integers(2, 30))
    labels = draw(st.lists(st.integers(0, 1), min_size=size, max_size=size))
    scores = draw(st.lists(st.integers(-3, 3) | st.floats(-5, 5, allow_nan=False), min_size=size, max_size=size))
    weights = draw(st.lists(st.integers(0, 4), min_size=size, max_size=size))
    labels, scores, weights = np.array(labels), np.array(scores, dtype=float), np.array(weights)
    for k, cls in enumerate((0, 1)):  # two rows of weight ≥ 1 in each class
        labels = np.append(labels, [cls, cls])
        scores = np.append(scores, draw(st.lists(st.integers(-3, 3), min_size=2, max_size=2)))
        weights = np.append(weights, draw(st.lists(st.integers(1, 3), min_size=2, max_size=2)))
    return labels, scores, weights


@settings(max_examples=60, deadline=None)
@given(weighted_sets())
def test_integer_weights_are_the_repeated_rows(data):
    labels, scores, weights = data
    rows_labels, rows_scores = repeated(labels, scores, weights)
    assert aucbound.auc(labels, scores, sample_weight=weights) == aucbound.auc(rows_labels, rows_scores)
    curve, rows_curve = (aucbound.roc_curve(labels, scores, sample_weight=weights),
                         aucbound.roc_curve(rows_labels, rows_scores))
    for name in ("thresholds", "tp", "fp", "levels"):
        np.testing.assert_array_equal(getattr(curve, name), getattr(rows_curve, name))
    assert (curve.m, curve.n, curve.auc) == (rows_curve.m, rows_curve.n, rows_curve.auc)
    for focus, ends in (("specificity", (0.8, 1)), ("sensitivity", (0.3, 0.9))):
        for correct in (False, True):
            a = aucbound.partial_auc(labels, scores, range=ends, focus=focus, correct=correct, resamples=None,
                                     sample_weight=weights)
            b = aucbound.partial_auc(rows_labels, rows_scores, range=ends, focus=focus, correct=correct,
                                     resamples=None)
            assert (a.auc, a.estimate, a.m, a.n) == (b.auc, b.estimate, b.m, b.n)
    weighted = aucbound.delong(labels, scores, sample_weight=weights, weight_kind="frequency")
    rows = aucbound.delong(rows_labels, rows_scores)
    assert (weighted.auc, weighted.m, weighted.n) == (rows.auc, rows.m, rows.n)
    for name in ("variance", "s10", "s01", "p1", "p2"):
        assert getattr(weighted, name) == pytest.approx(getattr(rows, name), rel=1e-12, abs=1e-15)
    assert aucbound.empirical.delong_variance(labels, scores, sample_weight=weights, weight_kind="frequency") == \
        pytest.approx(rows.variance, rel=1e-12, abs=1e-15)
    table = aucbound.intervals(labels, scores, sample_weight=weights, weight_kind="frequency")
    rows_table = aucbound.intervals(rows_labels, rows_scores)
    assert [row.method for row in table.rows] == [row.method for row in rows_table.rows]
    assert (table.auc, table.m, table.n) == (rows_table.auc, rows_table.m, rows_table.n)
    for row, rows_row in zip(table.rows, rows_table.rows):
        assert (row.lo, row.hi) == pytest.approx((rows_row.lo, rows_row.hi), rel=1e-12, abs=1e-13), row.method
        assert row.vacuous == rows_row.vacuous


def test_zero_weight_rows_change_nothing():
    rng = np.random.default_rng(5)
    labels, scores = tied_data(rng, 60)
    weights = rng.exponential(1.0, 60)
    more_labels = np.concatenate((labels, [0, 1, 1, 0]))
    more_scores = np.concatenate((scores, [9.0, -9.0, 0.25, 0.75]))
    more_weights = np.concatenate((weights, [0.0] * 4))
    for kind in ("sampling",):
        a = aucbound.delong(labels, scores, sample_weight=weights, weight_kind=kind)
        b = aucbound.delong(more_labels, more_scores, sample_weight=more_weights, weight_kind=kind)
        assert (a.auc, a.variance, a.m, a.n) == (b.auc, b.variance, b.m, b.n)
    a = aucbound.roc_curve(labels, scores, sample_weight=weights)
    b = aucbound.roc_curve(more_labels, more_scores, sample_weight=more_weights)
    for name in ("thresholds", "tp", "fp"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name))
    integer = rng.integers(1, 4, 60)
    a = aucbound.intervals(labels, scores, sample_weight=integer, weight_kind="frequency")
    b = aucbound.intervals(more_labels, more_scores, sample_weight=np.concatenate((integer, [0] * 4)),
                           weight_kind="frequency")
    assert a == b


# --- sampling weights: the sandwich variance ---------------------------------------------------


def brute_force_sandwich(labels, scores, weights):
    """The sandwich variance from the kernel matrix, in exact fractions: Â_w, the influence of each
    row w_i·(V_i − Â)/W of its class, and Σ_class rows/(rows − 1)·Σ influence²."""
    pos = [(Fraction(s), Fraction(w)) for y, s, w in zip(labels, scores, weights) if y == 1 and w > 0]
    neg = [(Fraction(s), Fraction(w)) for y, s, w in zip(labels, scores, weights) if y == 0 and w > 0]

    def psi(x, y):
        return Fraction(1) if x > y else Fraction(1, 2) if x == y else Fraction(0)

    total_pos, total_neg = sum(w for _, w in pos), sum(w for _, w in neg)
    area = sum(wi * wj * psi(x, y) for x, wi in pos for y, wj in neg) / (total_pos * total_neg)
    v10 = [sum(wj * psi(x, y) for y, wj in neg) / total_neg for x, _ in pos]
    v01 = [sum(wi * psi(x, y) for x, wi in pos) / total_pos for y, _ in neg]
    inf_pos = [w * (v - area) / total_pos for (_, w), v in zip(pos, v10)]
    inf_neg = [w * (v - area) / total_neg for (_, w), v in zip(neg, v01)]
    m, n = len(pos), len(neg)
    variance = (Fraction(m, m - 1) * sum(x * x for x in inf_pos) + Fraction(n, n - 1) * sum(x * x for x in inf_neg))
    return float(area), float(variance), [float(v) for v in v10], [float(v) for v in v01]


@pytest.mark.parametrize("seed", range(12))
def test_sandwich_variance_against_brute_force(seed):
    rng = np.random.default_rng(300 + seed)
    labels, scores = tied_data(rng, int(rng.integers(6, 40)), levels=5)
    weights = float_weights(rng, labels.shape[0])
    area, variance, v10, v01 = brute_force_sandwich(labels, scores, weights)
    result = aucbound.delong(labels, scores, sample_weight=weights, weight_kind="sampling")
    assert result.auc == pytest.approx(area, rel=1e-13)
    assert result.variance == pytest.approx(variance, rel=1e-12)
    np.testing.assert_allclose(result.v10, v10, rtol=1e-13)
    np.testing.assert_allclose(result.v01, v01, rtol=1e-13)


def test_sandwich_variance_against_numerical_derivatives():
    """w_i·∂Â_w/∂w_i by central differences of the public auc, squared and summed per class with the
    factor rows/(rows − 1): the delta-method variance, to many digits."""
    rng = np.random.default_rng(11)
    labels, scores = tied_data(rng, 40, levels=8)
    weights = rng.uniform(0.5, 3.0, 40)
    influences = []
    for k in range(40):
        step = 1e-5 * weights[k]
        up, down = weights.copy(), weights.copy()
        up[k] += step
        down[k] -= step
        derivative = (aucbound.auc(labels, scores, sample_weight=up)
                      - aucbound.auc(labels, scores, sample_weight=down)) / (2 * step)
        influences.append(weights[k] * derivative)
    influences = np.array(influences)
    m, n = int(labels.sum()), int((1 - labels).sum())
    expected = (m / (m - 1) * np.sum(influences[labels == 1] ** 2)
                + n / (n - 1) * np.sum(influences[labels == 0] ** 2))
    variance = aucbound.empirical.delong_variance(labels, scores, sample_weight=weights, weight_kind="sampling")
    assert variance == pytest.approx(expected, rel=1e-8)


@pytest.mark.parametrize("weight", [1, 3, 0.25])
def test_equal_sampling_weights_give_delongs_variance(weight):
    rng = np.random.default_rng(21)
    labels, scores = tied_data(rng, 50)
    plain = aucbound.delong(labels, scores)
    weighted = aucbound.delong(labels, scores, sample_weight=np.full(50, weight), weight_kind="sampling")
    assert (weighted.auc, weighted.m, weighted.n) == (plain.auc, plain.m, plain.n)
    assert weighted.variance == pytest.approx(plain.variance, rel=1e-13)
    table = aucbound.intervals(labels, scores, sample_weight=np.full(50, weight), weight_kind="sampling")
    assert [row.method for row in table.rows] == ["delong", "delong-logit"]
    assert "mcdiarmid" in table.left_out and table.weights == "sampling"
    plain_table = aucbound.intervals(labels, scores, methods=["delong", "delong-logit"])
    for row, plain_row in zip(table.rows, plain_table.rows):
        assert (row.lo, row.hi) == pytest.approx((plain_row.lo, plain_row.hi), rel=1e-12)


def test_weighted_placements_are_reusable():
    """The components a comparison reads: the weighted placements, whose weighted means are Â_w."""
    from aucbound.empirical._weights import weighted_placements

    rng = np.random.default_rng(8)
    pos, neg = rng.integers(0, 5, 30).astype(float), rng.integers(0, 5, 20).astype(float)
    wpos, wneg = rng.uniform(0.1, 2, 30), rng.uniform(0.1, 2, 20)
    v10, v01, area = weighted_placements(pos, wpos, neg, wneg)
    assert np.dot(wpos, v10) / wpos.sum() == pytest.approx(area, rel=1e-13)
    assert np.dot(wneg, v01) / wneg.sum() == pytest.approx(area, rel=1e-13)
    brute = (wneg[None, :] * ((pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :]))).sum(1) / wneg.sum()
    np.testing.assert_allclose(v10, brute, rtol=1e-13)


# --- columns, missing values and errors --------------------------------------------------------


def test_weight_column_by_name_with_pandas_nullable_and_missing():
    frame = pd.DataFrame({"y": [0, 0, 1, 1, 1], "s": [0.1, 0.4, 0.35, 0.8, 0.2],
                          "w": pd.array([1.0, None, 2.0, 1.0, 3.0], dtype="Float64")})
    with pytest.raises(ParameterError, match="`sample_weight`.*missing value in row 1"):
        aucbound.auc("y", "s", data=frame, sample_weight="w")
    with pytest.warns(aucbound.RowsOmittedWarning):
        area = aucbound.auc("y", "s", data=frame, sample_weight="w", nan_policy="omit")
    assert area == aucbound.auc([0, 1, 1, 1], [0.1, 0.35, 0.8, 0.2], sample_weight=[1, 2, 1, 3])
    assert area == aucbound.auc(*repeated(np.array([0, 1, 1, 1]), np.array([0.1, 0.35, 0.8, 0.2]),
                                          np.array([1, 2, 1, 3])))


@pytest.mark.parametrize("weights, kind, message", [
    ([1, -1, 1, 1], None, r"`sample_weight` must be ≥ 0, but got -1"),
    ([1, np.nan, 1, 1], None, r"`sample_weight` must be finite .* got nan"),
    ([1, np.inf, 1, 1], None, r"`sample_weight` must be finite .* got inf"),
    ([1, 1, 1], None, r"`sample_weight` must be as long as `scores` \(4\)"),
    ([0, 0, 1, 1], None, r"`sample_weight` must be positive somewhere among the negatives"),
    ([1, 1.5, 1, 1], "frequency", r"`sample_weight` must be whole numbers for frequency weights .* got 1.5"),
    ([1, 1, 1, 1], "counts", r"`weight_kind` must be one of 'frequency', 'sampling'"),
    (["a", 1, 1, 1], None, r"`sample_weight`"),
])
def test_bad_weights_are_refused(weights, kind, message):
    with pytest.raises((ValueError, TypeError), match=message):
        aucbound.auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], sample_weight=weights, weight_kind=kind)


def test_variances_and_resampling_need_the_kind():
    labels, scores, weights = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], [1, 2, 1, 1]
    with pytest.raises(ParameterError, match="`weight_kind` must be given with `sample_weight`"):
        aucbound.delong(labels, scores, sample_weight=weights)
    with pytest.raises(ParameterError, match="`weight_kind` must be given"):
        aucbound.intervals(labels, scores, sample_weight=weights)
    with pytest.raises(ParameterError, match="`methods` must be one of 'delong', 'delong-logit', 'bootstrap-percentile', "
                                             "'bootstrap-bca' with sampling"):
        aucbound.intervals(labels, scores, sample_weight=weights, weight_kind="sampling", methods=["mcdiarmid"])
    with pytest.raises(ParameterError, match="`weight_kind` must be given"):
        aucbound.partial_auc(labels, scores, sample_weight=weights)
    for function in (aucbound.empirical.bootstrap_aucs, aucbound.empirical.bootstrap_interval, aucbound.roc_band):
        with pytest.raises(ParameterError, match="`weight_kind` must be given"):
            function(labels, scores, sample_weight=weights)
    with pytest.raises(ParameterError, match="each class has at least two rows of positive weight"):
        aucbound.delong(labels, scores, sample_weight=[1, 1, 0, 1], weight_kind="sampling")


def test_large_integer_weights_stay_exact():
    """Totals whose products pass int64: 2U_w in Python integers, Â one correctly rounded division."""
    labels, scores = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    weights = [2**40 + 1, 2**40 + 3, 2**41 + 5, 7]
    u = (2**41 + 5) * (2**40 + 1) + 7 * (2**40 + 1 + 2**40 + 3)
    expected = Fraction(u, (2**41 + 12) * (2**41 + 4))
    assert aucbound.auc(labels, scores, sample_weight=weights) == float(expected)


# --- the command line --------------------------------------------------------------------------


@pytest.fixture
def weighted_csv(tmp_path):
    path = tmp_path / "w.csv"
    path.write_text("s,y,w\n0.1,0,1\n0.5,1,2\n0.3,1,1\n0.2,0,3\n0.7,1,1\n0.05,0,2\n0.4,0,1\n")
    return path


def _run(*args):
    from click.testing import CliRunner

    from aucbound.cli import main

    return CliRunner().invoke(main, [str(arg) for arg in args], prog_name="aucbound")


@pytest.mark.parametrize("args, message", [
    (["--weight", "nope", "--weight-kind", "sampling"], "Error: --weight must be a column name"),
    (["--weight", "w"], "Error: --weight-kind must be given with --weight for a variance"),
    (["--weight-kind", "sampling"], "Error: --weight-kind needs --weight COL."),
    (["--weight", "w", "--bootstrap", "10"], "Error: --weight-kind must be given with --weight for a variance or a "
                                             "bootstrap"),
    (["--weight", "s", "--weight-kind", "frequency"], "Error: --weight must be whole numbers for frequency weights"),
    (["--weight", "w", "--weight-kind", "sampling", "--method", "mcdiarmid"],
     "Error: --method must be one of 'delong', 'delong-logit', 'bootstrap-percentile', 'bootstrap-bca' with sampling "
     "weights"),
])
def test_cli_errors_name_the_option(weighted_csv, args, message):
    result = _run("auc", weighted_csv, "--score", "s", "--label", "y", *args)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1, result.stderr


def test_cli_weighted_auc_and_roc_match_the_library(weighted_csv):
    labels, scores, weights = [0, 1, 1, 0, 1, 0, 0], [0.1, 0.5, 0.3, 0.2, 0.7, 0.05, 0.4], [1, 2, 1, 3, 1, 2, 1]
    result = _run("auc", weighted_csv, "--score", "s", "--label", "y", "--weight", "w", "--weight-kind", "frequency",
                  "--format", "json")
    assert result.exit_code == 0, result.output
    data = __import__("json").loads(result.stdout)["parameters"]
    rows_labels, rows_scores = repeated(np.array(labels), np.array(scores), np.array(weights))
    assert (data["auc"], data["m"], data["n"], data["weights"]) == (aucbound.auc(rows_labels, rows_scores), 4, 7,
                                                                    "frequency")
    result = _run("roc", weighted_csv, "--score", "s", "--label", "y", "--weight", "w", "--format", "json")
    assert result.exit_code == 0, result.output
    records = __import__("json").loads(result.stdout)["results"]
    tp, fp, _, _ = naive_points_weighted(labels, scores, weights)
    assert [r["tp"] for r in records] == tp and [r["fp"] for r in records] == fp


def naive_points_weighted(labels, scores, weights):
    """(tp, fp) at 'score ≥ u' for u = +∞ and each distinct score from the top, by summing weights."""
    levels = sorted(set(scores), reverse=True)
    tp = [0] + [sum(w for y, s, w in zip(labels, scores, weights) if y and s >= u) for u in levels]
    fp = [0] + [sum(w for y, s, w in zip(labels, scores, weights) if not y and s >= u) for u in levels]
    return tp, fp, sum(w for y, w in zip(labels, weights) if y), sum(w for y, w in zip(labels, weights) if not y)


def test_large_frequency_weights_keep_exact_counts():
    """Totals whose products pass int64: the frequency statistics still come out (Python integers
    where int64 would overflow), and p̂1, p̂2 stay inside [0, 1]."""
    labels, scores = [0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.6, 0.9]
    weights = [2**40, 2**40 + 1, 2**41, 3, 2**39, 2**40 + 7]
    result = aucbound.delong(labels, scores, sample_weight=weights, weight_kind="frequency")
    small = aucbound.delong(labels, scores, sample_weight=[4, 4, 8, 0, 2, 4], weight_kind="frequency")
    assert result.auc == pytest.approx(aucbound.auc(labels, scores, sample_weight=weights), rel=0)
    assert 0 <= result.p1 <= 1 and 0 <= result.p2 <= 1
    assert result.auc == pytest.approx(small.auc, rel=1e-9)


# --- weights near the ends of float64 ---------------------------------------------------------------


@pytest.mark.parametrize("weight", [1e308, 1e300, 1e-300, 1e-320])
def test_weights_beyond_float64s_working_range_are_refused_naming_sample_weight(weight):
    """Totals, their product and squared weights would over- or underflow: one clear refusal, no warning."""
    labels, scores = [0, 0, 0, 1, 1, 1], [1, 2, 3, 2, 3, 4]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for call in (lambda: aucbound.auc(labels, scores, sample_weight=[weight] * 6),
                     lambda: aucbound.delong(labels, scores, sample_weight=[weight] * 6, weight_kind="sampling"),
                     lambda: aucbound.roc_curve(labels, scores, sample_weight=[weight] * 6)):
            with pytest.raises(ValueError, match=r"`sample_weight` .*2\^±256"):
                call()


def test_weights_scaled_by_a_power_of_two_within_range_change_nothing():
    """Multiplying every weight by 2^250 is exact, and the weighted AUC and sandwich variance are
    invariant to a common factor: the same bits as the weights themselves."""
    labels, scores = [0, 0, 0, 1, 1, 1, 1], [1, 2, 3, 2, 3, 4, 2]
    weights = np.array([0.5, 1.5, 2.0, 1.0, 0.25, 3.0, 1.0])
    plain = aucbound.delong(labels, scores, sample_weight=weights, weight_kind="sampling")
    scaled = aucbound.delong(labels, scores, sample_weight=weights * 2.0**250, weight_kind="sampling")
    assert (scaled.auc, scaled.variance) == (plain.auc, plain.variance)


@pytest.mark.parametrize("call", ["auc", "delong", "delong_variance", "intervals", "roc_curve", "partial_auc",
                                  "bootstrap_aucs", "bootstrap_interval", "roc_band", "compare"])
def test_a_weight_kind_without_weights_is_refused_naming_both(call):
    """A kind of weight with no weights is most likely forgotten weights: refused, as multiclass_auc does."""
    labels, scores = [0, 0, 0, 1, 1, 1], [1, 2, 3, 2, 3, 4]
    arguments = (labels, scores, scores[::-1]) if call == "compare" else (labels, scores)
    with pytest.raises(ValueError, match=r"`weight_kind` must be None without `sample_weight`.*'sampling'"):
        getattr(aucbound.empirical, call)(*arguments, weight_kind="sampling")
