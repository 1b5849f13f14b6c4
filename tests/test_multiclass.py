"""The multiclass AUC against independent references: pROC's multiclass.roc, scikit-learn's
roc_auc_score, a brute-force covariance of the pairwise AUCs, two-class DeLong, and the
bootstrap's resamples recomputed from their draws."""

from __future__ import annotations

import math
from itertools import combinations

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn.metrics import roc_auc_score

import aucbound
from aucbound import ParameterError, ParameterTypeError, multiclass_auc
from proc_reference import PROC_MULTICLASS

DATA = "tests/data/multiclass_k{}.csv"


# --- pROC ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("k", [3, 4, 5])
def test_hand_till_equals_proc(k):
    frame = pd.read_csv(DATA.format(k))
    matrix, vector = PROC_MULTICLASS[k]
    assert multiclass_auc("y", list("ABCDE"[:k]), data=frame).estimate == pytest.approx(matrix, abs=1e-9)
    assert multiclass_auc("y", "x", data=frame).estimate == pytest.approx(vector, abs=1e-9)
    # columns named after the classes go to their class whatever their order (as pROC matches them)
    shuffled = frame[["y"] + list("ABCDE"[:k])[::-1]]
    assert multiclass_auc(shuffled["y"], shuffled.drop(columns="y")).estimate == pytest.approx(matrix, abs=1e-9)


# --- scikit-learn -------------------------------------------------------------------------------


@st.composite
def probabilities(draw):
    """Labels of k classes (each present) and rows of small-integer weights normalised to sum 1 (many ties)."""
    k = draw(st.integers(3, 5))
    n = draw(st.integers(k, 30))
    labels = list(range(k)) + draw(st.lists(st.integers(0, k - 1), min_size=n - k, max_size=n - k))
    weights = np.array(draw(st.lists(st.lists(st.integers(1, 4), min_size=k, max_size=k), min_size=n, max_size=n)))
    return np.array(labels), weights / weights.sum(axis=1, keepdims=True)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(probabilities(), st.sampled_from(["ovr", "ovo"]), st.sampled_from(["macro", "weighted"]))
def test_equals_scikit_learn(data, kind, average):
    labels, scores = data
    expected = roc_auc_score(labels, scores, multi_class=kind, average=average)
    got = multiclass_auc(labels, scores, kind=kind, average=average, methods=["delong"])
    assert got.estimate == pytest.approx(expected, abs=1e-12)
    if kind == "ovo" and average == "macro":  # one-vs-one macro is Hand & Till's M
        assert multiclass_auc(labels, scores).estimate == pytest.approx(expected, abs=1e-12)


def test_classes_order_as_scikit_learn_labels():
    rng = np.random.default_rng(3)
    labels = rng.choice(["x", "y", "z"], size=40)
    weights = rng.integers(1, 5, size=(40, 3))
    scores = weights / weights.sum(axis=1, keepdims=True)
    expected = roc_auc_score(labels, scores, multi_class="ovr", labels=["x", "y", "z"])
    # scikit-learn wants its labels sorted; aucbound takes the columns' classes in any order
    found = multiclass_auc(labels, scores[:, [2, 0, 1]], kind="ovr", classes=["z", "x", "y"])
    assert found.estimate == pytest.approx(expected, abs=1e-12)


# --- the DeLong-type covariance, by brute force ----------------------------------------------------


def psi(a, b):
    return 1.0 if a > b else 0.5 if a == b else 0.0


def brute_covariance(labels, scores, classes):
    """The components Â(i|j) (i's cases above j's in column i) and their DeLong-type covariance,
    from every case's placement written out pair by pair."""
    groups = [[s for y, s in zip(labels, scores) if y == c] for c in classes]
    pairs = [(i, j) for a, b in combinations(range(len(classes)), 2) for i, j in ((a, b), (b, a))]
    placements = {}  # (component, class, case index) -> V
    values = []
    for c, (i, j) in enumerate(pairs):
        table = [[psi(x[i], y[i]) for y in groups[j]] for x in groups[i]]
        values.append(sum(map(sum, table)) / (len(groups[i]) * len(groups[j])))
        for a, row in enumerate(table):
            placements[c, i, a] = sum(row) / len(groups[j])
        for b in range(len(groups[j])):
            placements[c, j, b] = sum(table[a][b] for a in range(len(groups[i]))) / len(groups[i])
    cov = np.zeros((len(pairs), len(pairs)))
    for c, d in np.ndindex(cov.shape):
        for r, group in enumerate(groups):
            if r in pairs[c] and r in pairs[d]:
                n = len(group)
                vc = [placements[c, r, a] for a in range(n)]
                vd = [placements[d, r, a] for a in range(n)]
                mc, md = sum(vc) / n, sum(vd) / n
                cov[c, d] += sum((p - mc) * (q - md) for p, q in zip(vc, vd)) / (n - 1) / n
    return pairs, np.array(values), cov


@pytest.mark.parametrize("seed", range(4))
def test_covariance_equals_brute_force(seed):
    rng = np.random.default_rng(seed)
    k = 3 + seed % 2
    labels = np.r_[np.repeat(np.arange(k), 2), rng.integers(0, k, 12)]
    scores = rng.integers(0, 4, size=(labels.size, k)).astype(float)
    pairs, values, cov = brute_covariance(labels.tolist(), scores.tolist(), list(range(k)))
    result = multiclass_auc(labels, scores)
    assert result.components == tuple(pairs)
    np.testing.assert_allclose(result.component_aucs, values, atol=1e-15)
    np.testing.assert_allclose(result.covariance, cov, atol=1e-15)
    for kind, average in (("hand-till", "macro"), ("ovo", "weighted"), ("ovr", "macro"), ("ovr", "weighted")):
        found = multiclass_auc(labels, scores, kind=kind, average=average)
        w = component_weights(kind, average, labels, k, pairs)
        assert found.estimate == pytest.approx(w @ values, abs=1e-14)
        assert found.variance == pytest.approx(w @ cov @ w, abs=1e-15)


def component_weights(kind, average, labels, k, pairs):
    """Each Â(i|j)'s weight in the statistic, from the definitions (Hand & Till 2001; scikit-learn)."""
    n, total = np.bincount(labels, minlength=k), labels.size
    w = np.zeros(len(pairs))
    for c, (i, j) in enumerate(pairs):
        if kind == "ovr":  # class i against the rest: Σ_j n_j/(N − n_i) Â(i|j)
            w[c] = (1 / k if average == "macro" else n[i] / total) * n[j] / (total - n[i])
        else:  # the pair's Â_ij = (Â(i|j) + Â(j|i))/2
            w[c] = (1 / math.comb(k, 2) if average == "macro" else (n[i] + n[j]) / ((k - 1) * total)) / 2
    return w


def test_two_classes_is_delong():
    rng = np.random.default_rng(5)
    labels = rng.integers(0, 2, 50)
    s = rng.integers(0, 6, 50).astype(float)
    expected = aucbound.delong(labels, s)
    both = multiclass_auc(labels, np.column_stack([-s, s]))
    one = multiclass_auc(labels, s)
    for result in (both, one):
        assert result.estimate == pytest.approx(expected.auc, abs=1e-15)
        assert result.variance == pytest.approx(expected.variance, abs=1e-15)
    two = aucbound.interval(expected.m, expected.n, 0.05, method="mcdiarmid", auc=expected.auc)
    assert one["mcdiarmid"].lo == pytest.approx(two.lo, abs=1e-12)


def test_delong_row_is_wald():
    frame = pd.read_csv(DATA.format(4))
    result = multiclass_auc("y", list("ABCD"), data=frame, delta=0.1)
    half = 1.6448536269514722 * math.sqrt(result.variance)  # Φ⁻¹(0.95)
    assert result["delong"].lo == pytest.approx(result.estimate - half, abs=1e-12)
    assert result["delong"].hi == pytest.approx(min(1.0, result.estimate + half), abs=1e-12)


# --- the bootstrap ------------------------------------------------------------------------------


def test_bootstrap_resamples_recomputed_from_their_draws():
    from aucbound.empirical._multiclass import _Bootstrap
    from aucbound.empirical._multiclass_data import class_data
    from aucbound.empirical._multiclass_stats import Statistics, point_estimate
    from aucbound.empirical._resampling import map_strata

    rng = np.random.default_rng(7)
    labels = np.r_[0, 1, 2, rng.integers(0, 3, 27)]
    scores = rng.integers(0, 5, size=(30, 3)).astype(float)
    data = class_data(labels, scores)
    stats = Statistics(data, "ovr", "weighted")
    fast = _Bootstrap(stats).values(70, 11, 1, None)
    cases = data.indices()
    for value, draws in zip(fast, map_strata(lambda *d: d, data.sizes, 70, 11, workers=1)):
        rows = np.concatenate([cases[r][draw] for r, draw in enumerate(draws)])
        again = point_estimate(class_data(labels[rows], scores[rows]), "ovr", "weighted")
        assert value == pytest.approx(again, abs=1e-14)
    result = multiclass_auc(labels, scores, kind="ovr", average="weighted", resamples=70, seed=11)
    lo, hi = np.quantile(fast, [0.025, 0.975])
    assert (result["bootstrap-percentile"].lo, result["bootstrap-percentile"].hi) == pytest.approx((lo, hi))
    assert [row.method for row in result.rows] == ["delong", "mcdiarmid", "bootstrap-percentile", "bootstrap-bca"]


def test_bootstrap_same_with_any_workers():
    frame = pd.read_csv(DATA.format(3))
    one = multiclass_auc("y", ["A", "B", "C"], data=frame, methods=["bootstrap-bca"], resamples=300, workers=1)
    two = multiclass_auc("y", ["A", "B", "C"], data=frame, methods=["bootstrap-bca"], resamples=300, workers=2)
    assert one.rows == two.rows


# --- results and bad input -----------------------------------------------------------------------


def test_result_fields():
    result = multiclass_auc(["a", "b", "c", "a", "b", "c"], [[3, 1, 0], [1, 2, 1], [0, 1, 3], [2, 2, 1], [1, 3, 0],
                                                            [1, 0, 2]])
    assert result.parts == (("a", "b"), ("a", "c"), ("b", "c"))
    assert sum(w * a for w, a in zip(result.part_weights, result.part_aucs)) == pytest.approx(result.estimate)
    assert result.as_dict()["classes"] == ["a", "b", "c"]
    assert result.covariance.shape == (6, 6)
    assert "estimate" in str(result)


def test_one_case_in_a_class_makes_delong_vacuous():
    result = multiclass_auc([0, 1, 1, 2, 2], [[1, 0, 0], [0, 1, 0], [0, 2, 1], [0, 0, 1], [1, 0, 2]])
    assert result.variance is None and result.covariance is None
    assert result["delong"].guarantee == "vacuous"


@pytest.mark.parametrize("call, parameter", [
    (lambda: multiclass_auc([0, 1, 2], [[1, 2], [3, 4], [5, 6]]), "scores"),
    (lambda: multiclass_auc([0, 1, 1], [[1, 2], [3, 4], [5, 6]], classes=[0, 1, 2]), "classes"),
    (lambda: multiclass_auc([0, 1, 2], [[1, 2, 3], [3, math.nan, 1], [5, 6, 1]]), "scores"),
    (lambda: multiclass_auc([0, 0, 0], [[1], [2], [3]]), "labels"),
    (lambda: multiclass_auc([0, 1, 2], [[1, 2, 3], [3, 4, 1], [5, 6, 1]], kind="ovx"), "kind"),
    (lambda: multiclass_auc([0, 1, 2], [[1, 2, 3], [3, 4, 1], [5, 6, 1]], average="micro"), "average"),
    (lambda: multiclass_auc([0, 1, 2], [[1, 2, 3], [3, 4, 1], [5, 6, 1]], average="weighted"), "average"),
    (lambda: multiclass_auc([0, 1, 2], [1, 2, 3], kind="ovr"), "kind"),
    (lambda: multiclass_auc([0, 1, 2], [[1, 2, 3], [3, 4, 1], [5, 6, 1]], methods=["hoeffding"]), "methods"),
    (lambda: multiclass_auc([0, 1, 2], [[1, 2, 3], [3, 4, 1], [5, 6, 1]], delta=2), "delta"),
    (lambda: multiclass_auc([0, 1, 2], [[1, 2, 3], [3, 4, 1]]), "scores"),
    (lambda: multiclass_auc([0, 1, 2], [[1, 2, 3], [3, 4, 1], [5, 6, 1]], classes=[0, 1, 1]), "classes"),
    (lambda: multiclass_auc([0, 1, 2], [[1, 2, 3], [3, 4, 1], [5, 6, 1]], classes=[0, 1]), "labels"),
])
def test_bad_input_names_the_parameter(call, parameter):
    with pytest.raises((ParameterError, ParameterTypeError)) as caught:
        call()
    assert f"`{parameter}`" in str(caught.value)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from([0, 1, 2, "a", 2.5, None]), min_size=0, max_size=12),
       st.lists(st.lists(st.sampled_from([0.0, 1.0, -1.0, math.nan, math.inf, 1e308, 2**60]), min_size=0, max_size=4),
                min_size=0, max_size=12),
       st.sampled_from(["hand-till", "ovr", "ovo"]), st.sampled_from(["macro", "weighted"]))
def test_fuzz_answers_or_names_a_parameter(labels, rows, kind, average):
    try:
        result = multiclass_auc(labels, rows, kind=kind, average=average, resamples=20)
    except (ParameterError, ParameterTypeError) as error:
        assert "`" in str(error)
        return
    assert 0 <= result.estimate <= 1
    assert all(0 <= row.lo <= row.hi <= 1 for row in result.rows)


def test_two_class_bootstrap_is_aucbounds():
    """k = 2, columns (−s, s): the same draws as the two-class stratified bootstrap (negatives first),
    which indexes each class in score order; with the cases given in that order, the same resamples,
    so the same percentile and BCa ends."""
    rng = np.random.default_rng(9)
    s = np.sort(rng.integers(0, 7, 40).astype(float))
    labels = rng.integers(0, 2, 40)
    both = multiclass_auc(labels, np.column_stack([-s, s]), methods=["bootstrap-percentile", "bootstrap-bca"],
                          resamples=400, seed=4)
    for method in ("bootstrap-percentile", "bootstrap-bca"):
        two = aucbound.bootstrap_interval(labels, s, method=method, resamples=400, seed=4)
        assert (both[method].lo, both[method].hi) == pytest.approx((two.lo, two.hi), abs=1e-12)
