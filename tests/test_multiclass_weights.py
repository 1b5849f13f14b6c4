"""The multiclass AUC with case weights against independent references: scikit-learn's weighted
one-vs-rest roc_auc_score, the unweighted multiclass AUC of the rows repeated w times, and a
sandwich covariance written out pair by pair."""

from __future__ import annotations

import math
import warnings
from itertools import combinations

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn.metrics import roc_auc_score

import aucbound
from aucbound import ParameterError, ParameterTypeError, multiclass_auc
from aucbound.cli import main
from test_multiclass import component_weights, probabilities, psi


@st.composite
def weighted(draw, integer: bool):
    """Labels of k classes, score rows with many ties, and weights (whole numbers 0–3, or reals) with a
    positive total in every class."""
    labels, scores = draw(probabilities())
    values = st.integers(0, 3) if integer else st.sampled_from([0.0, 0.25, 1.0, 1.5, 2.0, 3.7])
    weights = np.array(draw(st.lists(values, min_size=labels.size, max_size=labels.size)))
    for c in range(int(labels.max()) + 1):  # a positive total in every class
        first = int(np.flatnonzero(labels == c)[0])
        weights[first] = max(weights[first], 1)
    return labels, scores, weights


# --- scikit-learn -------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans().flatmap(weighted), st.sampled_from(["macro", "weighted"]),
       st.sampled_from(["frequency", "sampling"]))
def test_one_vs_rest_equals_scikit_learn(data, average, kind):
    """roc_auc_score(multi_class="ovr", sample_weight=…): each class's weighted AUC against the rest,
    averaged plainly or by the classes' total weights."""
    labels, scores, weights = data
    if kind == "frequency" and weights.dtype.kind == "f" and not np.all(weights == np.floor(weights)):
        kind = "sampling"
    expected = roc_auc_score(labels, scores, multi_class="ovr", average=average, sample_weight=weights)
    got = multiclass_auc(labels, scores, kind="ovr", average=average, sample_weight=weights, weight_kind=kind)
    assert got.estimate == pytest.approx(expected, abs=1e-12)
    for c, auc in enumerate(got.part_aucs):
        assert auc == pytest.approx(roc_auc_score(labels == c, scores[:, c], sample_weight=weights), abs=1e-12)


def test_scikit_learn_refuses_one_vs_one_weights():
    """scikit-learn takes no sample_weight for "ovo"; ours is the same average of weighted pairwise AUCs."""
    labels = np.array([0, 1, 2, 0, 1, 2])
    scores = np.array([[.6, .2, .2], [.2, .6, .2], [.2, .2, .6], [.3, .4, .3], [.5, .3, .2], [.3, .3, .4]])
    with pytest.raises(ValueError):
        roc_auc_score(labels, scores, multi_class="ovo", sample_weight=np.ones(6))
    got = multiclass_auc(labels, scores, kind="ovo", sample_weight=np.ones(6), weight_kind="sampling")
    assert got.estimate == pytest.approx(roc_auc_score(labels, scores, multi_class="ovo"), abs=1e-15)


# --- frequency weights: the rows repeated -------------------------------------------------------


def _same(a, b):
    assert a.estimate == b.estimate  # 2U_w summed exactly, as the repeated rows' counts
    assert a.sizes == b.sizes and a.part_aucs == b.part_aucs and a.component_aucs == b.component_aucs
    if b.covariance is None:  # a class of one case (a total weight of 1)
        assert a.covariance is None and a.variance is None
    else:
        # the repeated rows' exact moments, each entry rounded once: the same bits
        np.testing.assert_array_equal(a.covariance, b.covariance)
        assert a.variance == b.variance
    assert a.rows == b.rows


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(weighted(True), st.sampled_from([("hand-till", "macro"), ("ovr", "macro"), ("ovr", "weighted"),
                                        ("ovo", "weighted")]), st.booleans())
def test_frequency_weights_are_repeated_rows(data, statistic, one_column):
    """Estimate, covariance and every row (the bootstrap's too) equal the unweighted ones of np.repeat, bit for bit."""
    labels, scores, weights = data
    kind, average = statistic
    if one_column:
        kind, average, scores = "hand-till", "macro", scores[:, 0]
    rows = np.repeat(np.arange(labels.size), weights)
    repeated = multiclass_auc(labels[rows], scores[rows], kind=kind, average=average, resamples=30, seed=2)
    got = multiclass_auc(labels, scores, kind=kind, average=average, resamples=30, seed=2, sample_weight=weights,
                         weight_kind="frequency")
    assert got.weights == "frequency" and got.left_out is None
    _same(got, repeated)


# --- sampling weights: the sandwich -------------------------------------------------------------


def brute_sandwich(labels, scores, weights, k):
    """The components Â_w(i|j) and their sandwich covariance, pair by pair: each case's influence
    w_x (V_c(x) − Â_c)/W_r, summed in products over its class with the factor n_r/(n_r − 1)."""
    groups = [[(s, w) for y, s, w in zip(labels, scores, weights) if y == c and w > 0] for c in range(k)]
    pairs = [(i, j) for a, b in combinations(range(k), 2) for i, j in ((a, b), (b, a))]
    influence = {}  # (component, class) -> list of influences
    values = []
    for c, (i, j) in enumerate(pairs):
        wi, wj = sum(w for _, w in groups[i]), sum(w for _, w in groups[j])
        table = [[psi(x[i], y[i]) for y, _ in groups[j]] for x, _ in groups[i]]
        value = sum(a * b * table[p][q] for p, (_, a) in enumerate(groups[i]) for q, (_, b) in enumerate(groups[j]))
        value /= wi * wj
        values.append(value)
        v10 = [sum(b * table[p][q] for q, (_, b) in enumerate(groups[j])) / wj for p in range(len(groups[i]))]
        v01 = [sum(a * table[p][q] for p, (_, a) in enumerate(groups[i])) / wi for q in range(len(groups[j]))]
        influence[c, i] = [a * (v - value) / wi for v, (_, a) in zip(v10, groups[i])]
        influence[c, j] = [b * (v - value) / wj for v, (_, b) in zip(v01, groups[j])]
    cov = np.zeros((len(pairs), len(pairs)))
    for c, d in np.ndindex(cov.shape):
        for r in range(k):
            if (c, r) in influence and (d, r) in influence:
                n = len(groups[r])
                cov[c, d] += n / (n - 1) * sum(p * q for p, q in zip(influence[c, r], influence[d, r]))
    return pairs, np.array(values), cov


@pytest.mark.parametrize("seed", range(4))
def test_sandwich_equals_brute_force(seed):
    rng = np.random.default_rng(seed)
    k = 3 + seed % 2
    labels = np.r_[np.repeat(np.arange(k), 2), rng.integers(0, k, 14)]
    scores = rng.integers(0, 4, (labels.size, k)).astype(float)
    weights = rng.choice([0.0, 0.5, 1.0, 2.5, 4.0], labels.size)
    weights[:2 * k] = rng.uniform(0.5, 3.0, 2 * k)  # two rows of positive weight in every class
    pairs, values, cov = brute_sandwich(labels.tolist(), scores.tolist(), weights.tolist(), k)
    for kind, average in (("hand-till", "macro"), ("ovr", "weighted"), ("ovo", "weighted")):
        got = multiclass_auc(labels, scores, kind=kind, average=average, sample_weight=weights, weight_kind="sampling")
        assert [tuple(p) for p in got.components] == pairs
        np.testing.assert_allclose(got.component_aucs, values, rtol=0, atol=1e-13)
        np.testing.assert_allclose(got.covariance, cov, rtol=1e-12, atol=1e-15)
        if average == "weighted":  # prevalence is total weight
            totals = np.bincount(labels, weights=weights, minlength=k)
            w = component_weights(kind, average, np.repeat(labels, 1), k, pairs)  # shape only; by totals below
            for c, (i, j) in enumerate(pairs):
                w[c] = (totals[i] / totals.sum() * totals[j] / (totals.sum() - totals[i]) if kind == "ovr"
                        else (totals[i] + totals[j]) / ((k - 1) * totals.sum()) / 2)
        else:
            w = component_weights(kind, average, labels, k, pairs)
        assert got.estimate == pytest.approx(w @ values, abs=1e-13)
        assert got.variance == pytest.approx(w @ cov @ w, rel=1e-12)
        half = 1.959963984540054 * math.sqrt(w @ cov @ w)
        assert got["delong"].lo == pytest.approx(max(0.0, w @ values - half), abs=1e-12)
        assert [row.method for row in got.rows] == ["delong"] and got.left_out.startswith("mcdiarmid, bootstrap")


@pytest.mark.parametrize("kind", ["frequency", "sampling"])
def test_equal_weights_are_unweighted(kind):
    """Equal weights: the unweighted estimate, covariance and DeLong-type row (n/(n − 1) in the sandwich)."""
    rng = np.random.default_rng(3)
    labels = rng.integers(0, 3, 40)
    scores = rng.integers(0, 5, (40, 3)).astype(float)
    plain = multiclass_auc(labels, scores, kind="ovo", average="weighted")
    weight = 1 if kind == "frequency" else 2.5
    got = multiclass_auc(labels, scores, kind="ovo", average="weighted", sample_weight=np.full(40, weight),
                         weight_kind=kind)
    assert got.estimate == pytest.approx(plain.estimate, abs=1e-15)
    np.testing.assert_allclose(got.covariance, plain.covariance, rtol=1e-12, atol=1e-16)
    assert (got["delong"].lo, got["delong"].hi) == pytest.approx((plain["delong"].lo, plain["delong"].hi), abs=1e-12)


@pytest.mark.parametrize("kind", ["frequency", "sampling"])
def test_zero_weights_change_nothing(kind):
    rng = np.random.default_rng(4)
    labels = rng.integers(0, 3, 30)
    scores = rng.integers(0, 5, (30, 3)).astype(float)
    weights = rng.integers(1, 4, 30)
    extra_labels, extra_scores = rng.integers(0, 3, 10), rng.normal(size=(10, 3))
    base = multiclass_auc(labels, scores, kind="ovr", average="weighted", sample_weight=weights, weight_kind=kind)
    padded = multiclass_auc(np.r_[labels, extra_labels], np.r_[scores, extra_scores], kind="ovr", average="weighted",
                            sample_weight=np.r_[weights, np.zeros(10, dtype=int)], weight_kind=kind)
    assert padded.estimate == base.estimate and padded.sizes == base.sizes
    np.testing.assert_array_equal(padded.covariance, base.covariance)
    assert padded.rows == base.rows


def test_result_fields():
    labels, scores = [0, 1, 2, 0, 1, 2], [[3, 1, 1], [1, 3, 1], [1, 1, 3], [2, 2, 1], [1, 2, 2], [2, 1, 2]]
    plain = multiclass_auc(labels, scores).as_dict()
    assert "weights" not in plain and "left_out" not in plain
    sampled = multiclass_auc(labels, scores, sample_weight=[1, 2, 1, 2, 1, 2.5], weight_kind="sampling")
    assert sampled.sizes == (2, 2, 2) and sampled.as_dict()["weights"] == "sampling"
    counted = multiclass_auc(labels, scores, sample_weight=[1, 2, 1, 2, 1, 3], weight_kind="frequency")
    assert counted.sizes == (3, 3, 4)
    assert [row.method for row in counted.rows] == ["delong", "mcdiarmid"]


def test_mcdiarmid_with_frequency_weights_at_the_class_totals():
    """McDiarmid's half-width √(ln(2/δ)/2 · Σ_r W_r·(b_r/W_r)²) of the repeated rows: for Hand & Till's M with
    k = 3, each class is in 2 pairs of weight 1/3 and in both components of each, so a case moves M by b_r/W_r,
    b_r = 2/3."""
    labels, scores = [0, 1, 2, 0, 1, 2], [[3, 1, 1], [1, 3, 1], [1, 1, 3], [2, 2, 1], [1, 2, 2], [2, 1, 2]]
    weights = [1, 2, 1, 2, 1, 3]
    got = multiclass_auc(labels, scores, sample_weight=weights, weight_kind="frequency", methods=["mcdiarmid"])
    totals = [3, 3, 4]
    # class r takes part in 2 pairs of weight 1/3, in both components of each: b_r = (2/3)/W_r per case
    half = math.sqrt(math.log(2 / 0.05) / 2 * sum(W * ((2 / 3) / W) ** 2 for W in totals))
    assert got["mcdiarmid"].lo == pytest.approx(max(0.0, got.estimate - half), abs=1e-12)


# --- bad input ----------------------------------------------------------------------------------

LABELS = [0, 1, 2, 0, 1, 2]
SCORES = [[3, 1, 1], [1, 3, 1], [1, 1, 3], [2, 2, 1], [1, 2, 2], [2, 1, 2]]


@pytest.mark.parametrize("weights, options, parameter", [
    ([1, 1, 1, -1, 1, 1], {"weight_kind": "sampling"}, "sample_weight"),
    ([1, 1, 1, math.nan, 1, 1], {"weight_kind": "sampling"}, "sample_weight"),
    ([1, 1, 1, math.inf, 1, 1], {"weight_kind": "sampling"}, "sample_weight"),
    ([1, 0, 1, 1, 0, 1], {"weight_kind": "sampling"}, "sample_weight"),
    ([1, 1, 1, 1.5, 1, 1], {"weight_kind": "frequency"}, "sample_weight"),
    ([1, 1, 1], {"weight_kind": "frequency"}, "sample_weight"),
    ([1, 1, 1, 1, 1, 1], {}, "weight_kind"),
    ([1, 1, 1, 1, 1, 1], {"weight_kind": "counts"}, "weight_kind"),
    (None, {"weight_kind": "sampling"}, "weight_kind"),
    ([1, 1, 1, 1, 1, 1], {"weight_kind": "sampling", "resamples": 20}, "resamples"),
    ([1, 1, 1, 1, 1, 1], {"weight_kind": "sampling", "methods": ["mcdiarmid"]}, "methods"),
    ([1, 1, 1, 1, 1, 10**6], {"weight_kind": "frequency", "resamples": 20}, "sample_weight"),
    ("w", {"weight_kind": "frequency"}, "sample_weight"),
])
def test_bad_input_names_the_parameter(weights, options, parameter):
    with pytest.raises((ParameterError, ParameterTypeError)) as caught:
        multiclass_auc(LABELS, SCORES, sample_weight=weights, **options)
    assert f"`{parameter}`" in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_weights_by_name_and_missing_weights():
    """A column name with `data`; a missing weight is a missing row: refused, or dropped with nan_policy="omit"."""
    frame = pd.DataFrame({"y": LABELS + [0], "A": [3, 1, 1, 2, 1, 2, 9], "B": [1, 3, 1, 2, 2, 1, 9],
                          "C": [1, 1, 3, 1, 2, 2, 9], "w": [1, 2, 1, 2, 1, 2, math.nan]})
    with pytest.raises(ValueError, match="`sample_weight`"):
        multiclass_auc("y", ["A", "B", "C"], data=frame, sample_weight="w", weight_kind="frequency")
    expected = multiclass_auc(LABELS, SCORES, sample_weight=[1, 2, 1, 2, 1, 2], weight_kind="frequency")
    with pytest.warns(aucbound.RowsOmittedWarning):
        got = multiclass_auc("y", ["A", "B", "C"], data=frame, sample_weight="w", weight_kind="frequency",
                             nan_policy="omit")
    assert got.estimate == expected.estimate and got.sizes == expected.sizes


def test_frequency_weights_with_no_bootstrap_take_any_total():
    got = multiclass_auc(LABELS, SCORES, sample_weight=[1, 1, 1, 1, 1, 10**12], weight_kind="frequency")
    assert got.sizes == (2, 2, 10**12 + 1)


# --- the command line ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def weighted_csv(tmp_path_factory):
    path = tmp_path_factory.mktemp("multiclass") / "w.csv"
    rows = [("A", 3, 1, 1, 1), ("B", 1, 3, 1, 2), ("C", 1, 1, 3, 1), ("A", 2, 2, 1, 2), ("B", 1, 2, 2, 1),
            ("C", 2, 1, 2, 0.5), ("A", 1, 1, 2, 1)]
    path.write_text("y,A,B,C,w\n" + "".join(",".join(map(str, row)) + "\n" for row in rows))
    return str(path)


def test_cli_weighted_values(weighted_csv):
    result = CliRunner().invoke(main, ["multiclass", weighted_csv, "--label", "y", "--score", "A", "--score", "B",
                                       "--score", "C", "--weight", "w", "--weight-kind", "sampling",
                                       "--format", "json"])
    assert result.exit_code == 0, result.output
    import json

    data = json.loads(result.output)
    expected = multiclass_auc(["A", "B", "C", "A", "B", "C", "A"], [[3, 1, 1], [1, 3, 1], [1, 1, 3], [2, 2, 1],
                                                                   [1, 2, 2], [2, 1, 2], [1, 1, 2]],
                              sample_weight=[1, 2, 1, 2, 1, 0.5, 1], weight_kind="sampling")
    assert data["parameters"]["estimate"] == expected.estimate and data["parameters"]["weight"] == "w"
    assert [row["method"] for row in data["results"]] == ["delong"]


@pytest.mark.parametrize("extra, words", [
    (["--weight", "w", "--weight-kind", "frequency"], "--weight must be whole numbers"),
    (["--weight", "w"], "--weight-kind must be given"),
    (["--weight-kind", "sampling"], "--weight-kind needs --weight"),
    (["--weight", "nope", "--weight-kind", "sampling"], "--weight must be a column"),
    (["--weight", "w", "--weight-kind", "sampling", "--bootstrap", "20"], "--bootstrap"),
    (["--weight", "w", "--weight-kind", "sampling", "--method", "mcdiarmid"], "--method must be 'delong'"),
])
def test_cli_errors_are_one_line(weighted_csv, extra, words):
    result = CliRunner().invoke(main, ["multiclass", weighted_csv, "--label", "y", "--score", "A", "--score", "B",
                                       "--score", "C", *extra])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert lines[-1].startswith("Error: ") and words in lines[-1], result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("scale", [1e300, 1e-300, 1e-320])
def test_sampling_weights_scaled_alike_give_the_same(scale):
    """Every statistic depends on the weights only up to a common factor: weights near the ends of the
    float range give the same values (no overflow of their sums, no warning)."""
    rng = np.random.default_rng(6)
    labels = np.r_[0, 0, 1, 1, 2, 2, rng.integers(0, 3, 20)]
    scores = rng.integers(0, 4, (26, 3)).astype(float)
    weights = rng.choice([0.5, 1.0, 2.0, 3.0], 26)
    base = multiclass_auc(labels, scores, kind="ovr", average="weighted", sample_weight=weights,
                          weight_kind="sampling")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = multiclass_auc(labels, scores, kind="ovr", average="weighted", sample_weight=weights * scale,
                             weight_kind="sampling")
    tolerance = 1e-12 if scale > 1e-310 else 1e-3  # subnormal weights keep only a few digits
    assert got.estimate == pytest.approx(base.estimate, rel=tolerance)
    assert got.variance == pytest.approx(base.variance, rel=tolerance)


def test_frequency_weights_beyond_the_exact_counts_in_float(monkeypatch):
    """Counts beyond 2^50 are not recovered as integers: the covariance is then summed in float64, to 1e-12."""
    from aucbound.empirical import _multiclass_weighted

    rng = np.random.default_rng(8)
    labels = np.r_[0, 0, 1, 1, 2, 2, rng.integers(0, 3, 30)]
    scores = rng.integers(0, 5, (36, 3)).astype(float)
    weights = rng.integers(1, 5, 36)
    exact = multiclass_auc(labels, scores, kind="ovo", average="weighted", sample_weight=weights,
                           weight_kind="frequency")
    monkeypatch.setattr(_multiclass_weighted, "_RECOVERABLE", 0)
    summed = multiclass_auc(labels, scores, kind="ovo", average="weighted", sample_weight=weights,
                            weight_kind="frequency")
    assert summed.estimate == exact.estimate
    np.testing.assert_allclose(summed.covariance, exact.covariance, rtol=1e-12, atol=1e-16)
    assert summed.variance == pytest.approx(exact.variance, rel=1e-12)
