"""The precision–recall curve, average precision and the area under the PR curve with its intervals:
against scikit-learn (the curve and AP, with and without weights, on random inputs with ties), pROC's
coords, naive references written from Boyd, Eng & Page's (2013) definitions in exact fractions, and
their intervals evaluated in mpmath."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import auc as sk_auc
from sklearn.metrics import average_precision_score, precision_recall_curve as sk_curve

import aucbound as ab
from proc_reference import PROC_PR_COORDS, PROC_PR_THRESHOLDS

DATA = Path(__file__).parent / "data"

# rows: (label, score in a few values so that ties are common, weight)
ROWS = st.lists(st.tuples(st.booleans(), st.integers(-4, 4), st.integers(0, 3)), min_size=2, max_size=40)


def both_classes(rows, weighted=False):
    pos = [r for r in rows if r[0] and (r[2] > 0 or not weighted)]
    neg = [r for r in rows if not r[0] and (r[2] > 0 or not weighted)]
    return bool(pos) and bool(neg)


def columns(rows):
    labels = np.array([int(r[0]) for r in rows])
    scores = np.array([r[1] / 4 for r in rows])
    weights = np.array([float(r[2]) for r in rows])
    return labels, scores, weights


# --- scikit-learn ----------------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(ROWS, st.booleans(), st.booleans())
def test_curve_and_ap_equal_scikit_learn(rows, weighted, drop):
    if not both_classes(rows, weighted):
        return
    labels, scores, weights = columns(rows)
    weight = weights if weighted else None
    precision, recall, thresholds = sk_curve(labels, scores, sample_weight=weight, drop_intermediate=drop)
    curve = ab.precision_recall_curve(labels, scores, sample_weight=weight, drop_intermediate=drop)
    assert curve.precision.shape == precision.shape and curve.recall.shape == recall.shape
    np.testing.assert_allclose(curve.precision, precision, rtol=0, atol=1e-12)
    np.testing.assert_allclose(curve.recall, recall, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(curve.thresholds, thresholds)
    expected = average_precision_score(labels, scores, sample_weight=weight)
    assert abs(ab.average_precision(labels, scores, sample_weight=weight) - expected) <= 1e-12
    assert abs(curve.average_precision - expected) <= 1e-12
    if not drop:  # the trapezoid through scikit-learn's points is sklearn.metrics.auc(recall, precision)
        result = ab.pr_auc(labels, scores, sample_weight=weight, methods=[])
        assert abs(result.trapezoid - sk_auc(recall, precision)) <= 1e-12


def test_real_weights_equal_scikit_learn():
    rng = np.random.default_rng(3)
    labels, scores = rng.integers(0, 2, 200), rng.normal(size=200).round(1)
    weights = rng.exponential(size=200)
    precision, recall, thresholds = sk_curve(labels, scores, sample_weight=weights)
    curve = ab.precision_recall_curve(labels, scores, sample_weight=weights)
    np.testing.assert_allclose(curve.precision, precision, rtol=0, atol=1e-12)
    np.testing.assert_allclose(curve.recall, recall, rtol=0, atol=1e-12)
    np.testing.assert_array_equal(curve.thresholds, thresholds)
    assert abs(curve.average_precision - average_precision_score(labels, scores, sample_weight=weights)) <= 1e-12


def test_one_class_is_refused_where_scikit_learn_warns():
    # scikit-learn warns and sets the recall to 1 (0/0) with no positives: no curve to speak of here
    with pytest.raises(ValueError, match="labels"):
        ab.precision_recall_curve([0, 0, 0], [0.1, 0.2, 0.3])
    with pytest.raises(ValueError, match="sample_weight"):
        ab.average_precision([0, 1, 1], [0.1, 0.2, 0.3], sample_weight=[1, 0, 0])


def test_curve_unpacks_and_tabulates():
    curve = ab.precision_recall_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    precision, recall, thresholds = curve
    assert len(curve) == 5 and thresholds.tolist() == [0.1, 0.35, 0.4, 0.8]
    frame = curve.to_frame()
    assert list(frame.columns)[:3] == ["threshold", "precision", "recall"] and frame["threshold"].iloc[-1] == np.inf
    assert curve.prevalence == 0.5 and curve.as_dict()["tp"] == [2, 2, 1, 1, 0]


# --- pROC ------------------------------------------------------------------------------------------

def asah():
    import csv

    with open(DATA / "asah_markers.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    labels = np.array([row["outcome"] == "Poor" for row in rows])
    return labels, {name: np.array([float(row[name]) for row in rows]) for name in ("wfns", "s100b")}


@pytest.mark.parametrize("marker", ["wfns", "s100b"])
def test_curve_equals_proc_coords(marker):
    """pROC's thresholds are −∞, the midpoints and +∞; its point at each is ours at the distinct score
    just above (the lowest at −∞), and at +∞ our final point (recall 0), where pROC's precision is NaN."""
    labels, markers = asah()
    curve = ab.precision_recall_curve(labels, markers[marker])
    precision, recall = PROC_PR_COORDS[(marker, "precision")], PROC_PR_COORDS[(marker, "recall")]
    assert len(precision) == len(curve)
    assert precision[-1] is None and curve.precision[-1] == 1.0
    np.testing.assert_allclose(curve.precision[:-1], precision[:-1], rtol=1e-13)
    np.testing.assert_allclose(curve.recall, recall, rtol=1e-13, atol=1e-15)
    # pROC's thresholds between −∞ and +∞: the midpoint below each of our thresholds but the lowest
    np.testing.assert_allclose(PROC_PR_THRESHOLDS[marker], (curve.thresholds[:-1] + curve.thresholds[1:]) / 2,
                               rtol=1e-12)


# --- Boyd, Eng & Page (2013): the estimators in exact fractions --------------------------------------

def naive_points(labels, scores):
    """(recall, precision) as Fractions at '≥ u' for each distinct score u from the top (no +∞ point)."""
    m = sum(labels)
    points = []
    for u in sorted(set(scores), reverse=True):
        tp = sum(1 for y, s in zip(labels, scores) if y and s >= u)
        called = sum(1 for s in scores if s >= u)
        points.append((Fraction(tp, m), Fraction(tp, called)))
    return points


def naive_ap(labels, scores):
    """The mean over the positives of the precision at the threshold of each one's score."""
    m = sum(labels)
    total = Fraction(0)
    for y, s in zip(labels, scores):
        if y:
            tp = sum(1 for y2, s2 in zip(labels, scores) if y2 and s2 >= s)
            total += Fraction(tp, sum(1 for s2 in scores if s2 >= s))
    return total / m


def naive_lower_trapezoid(labels, scores):
    """Σ (r_i − r_{i−1})(p_min(r_{i−1}) + p_max(r_i))/2, with (0, 1) the point at recall 0 when no
    threshold gives recall 0 (nothing called positive: precision 1 by convention)."""
    points = [(Fraction(0), Fraction(1))] + naive_points(labels, scores)
    recalls = sorted({r for r, _ in points})
    low = {r: min(p for r2, p in points if r2 == r) for r in recalls}
    high = {r: max(p for r2, p in points if r2 == r) for r in recalls}
    return sum((b - a) * (low[a] + high[b]) / 2 for a, b in zip(recalls, recalls[1:]))


def naive_interpolated_median(labels, scores):
    """Medians of the precisions at each distinct recall, joined by Davis & Goadrich's interpolation,
    integrated numerically by mpmath (p(r) = r·m/(r·m + fp(r)), fp linear in r between points)."""
    m = sum(labels)
    points = naive_points(labels, scores)
    recalls = sorted({r for r, _ in points if r > 0})
    median = {}
    for r in recalls:
        values = sorted(p for r2, p in points if r2 == r)
        k = len(values)
        median[r] = values[k // 2] if k % 2 else (values[k // 2 - 1] + values[k // 2]) / 2
    mpmath.mp.dps = 30
    total = mpmath.mpf(recalls[0]) * mpmath.mpf(median[recalls[0]])
    for a, b in zip(recalls, recalls[1:]):
        fa, fb = a * m * (1 / median[a] - 1), b * m * (1 / median[b] - 1)  # false positives at a and b

        def precision(r, a=a, b=b, fa=fa, fb=fb):
            fp = mpmath.mpf(fa) + (r - mpmath.mpf(a)) * mpmath.mpf(fb - fa) / mpmath.mpf(b - a)
            return r * m / (r * m + fp)

        total += mpmath.quad(precision, [mpmath.mpf(a), mpmath.mpf(b)])
    return float(total)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(-3, 3)), min_size=2, max_size=25))
def test_estimators_equal_the_definitions(rows):
    labels, scores = [int(y) for y, _ in rows], [s / 3 for _, s in rows]
    if len(set(labels)) < 2:
        return
    result = ab.pr_auc(labels, scores, methods=[])
    assert abs(result.average_precision - float(naive_ap(labels, scores))) <= 1e-12
    assert abs(result.lower_trapezoid - float(naive_lower_trapezoid(labels, scores))) <= 1e-12
    assert abs(result.interpolated_median - naive_interpolated_median(labels, scores)) <= 1e-11


def test_trapezoid_through_every_point_is_the_lower_trapezoid_and_optimistic():
    """Through every point of the curve the trapezoidal rule joins the last point at one recall (its
    lowest precision) to the first at the next (its highest): Boyd et al.'s lower trapezoid, exactly.
    Where a segment is diagonal (tied scores of both classes), the straight line lies above Davis &
    Goadrich's (2006) interpolation of the same two points: the trapezoid is optimistic there."""
    from aucbound.empirical._pr_estimators import interpolated_area

    rng = np.random.default_rng(5)
    labels = rng.integers(0, 2, 300)
    scores = (rng.normal(size=300) + labels).round(0)  # 7 distinct scores: every segment diagonal
    result = ab.pr_auc(labels, scores, methods=[])
    assert result.trapezoid == result.lower_trapezoid
    points = [(Fraction(0), Fraction(1))] + naive_points(labels.tolist(), scores.tolist())
    straight = interpolated = 0.0
    for (r1, p1), (r2, p2) in zip(points, points[1:]):
        if r1 > 0 and r2 > r1:
            straight += float((r2 - r1) * (p1 + p2) / 2)
            interpolated += interpolated_area(np.array([r1, r2], dtype=float), np.array([p1, p2], dtype=float))
    assert straight > interpolated + 0.01  # 0.7396 against 0.7223 on these data


# --- the intervals, evaluated in mpmath from Boyd et al.'s formulas -----------------------------------

def reference_intervals(theta, m, delta):
    mpmath.mp.dps = 30
    theta = mpmath.mpf(theta)
    z = mpmath.sqrt(2) * mpmath.erfinv(1 - mpmath.mpf(delta))
    half = z * mpmath.sqrt(theta * (1 - theta) / m)
    binomial = (max(0, theta - half), min(1, theta + half))
    eta, tau = mpmath.log(theta / (1 - theta)), 1 / mpmath.sqrt(m * theta * (1 - theta))
    expit = lambda x: 1 / (1 + mpmath.exp(-x))  # noqa: E731
    return {"binomial": binomial, "logit": (expit(eta - z * tau), expit(eta + z * tau))}


@pytest.mark.parametrize("estimator", ["average-precision", "lower-trapezoid", "interpolated-median"])
@pytest.mark.parametrize("delta", [0.05, 0.2])
def test_binomial_and_logit_intervals_equal_the_formulas(estimator, delta):
    rng = np.random.default_rng(11)
    labels = rng.integers(0, 2, 60)
    scores = rng.normal(size=60) + labels
    result = ab.pr_auc(labels, scores, estimator=estimator, delta=delta, resamples=None)
    assert result.estimate == getattr(result, estimator.replace("-", "_"))
    expected = reference_intervals(result.estimate, int(labels.sum()), delta)
    for method, (lo, hi) in expected.items():
        row = result[method]
        assert abs(row.lo - float(lo)) <= 1e-13 and abs(row.hi - float(hi)) <= 1e-13, method
        assert row.guarantee == "asymptotic" and row.m == int(labels.sum())


def test_logit_at_a_perfect_scorer_is_vacuous():
    result = ab.pr_auc([0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4], resamples=None)
    assert result.estimate == 1.0
    assert (result["logit"].lo, result["logit"].hi, result["logit"].guarantee) == (0.0, 1.0, "vacuous")
    assert result["binomial"].lo == result["binomial"].hi == 1.0


# --- the bootstrap ---------------------------------------------------------------------------------

def naive_bootstrap(labels, scores, resamples, seed, delta):
    """The percentile interval of AP over stratified resamples drawn from the same stream as
    :func:`aucbound.bootstrap_aucs` (the negatives' indices, then the positives'), AP by
    scikit-learn."""
    from aucbound.empirical._resampling import map_resamples

    labels, scores = np.asarray(labels), np.asarray(scores, dtype=float)
    pos, neg = np.sort(scores[labels == 1]), np.sort(scores[labels == 0])

    def one(drawn_neg, drawn_pos):
        s = np.concatenate((pos[drawn_pos], neg[drawn_neg]))
        y = np.concatenate((np.ones(drawn_pos.shape[0]), np.zeros(drawn_neg.shape[0])))
        return average_precision_score(y, s)

    values = np.array(list(map_resamples(one, pos.shape[0], neg.shape[0], resamples, seed, workers=1)))
    return np.quantile(values, [delta / 2, 1 - delta / 2])


def test_bootstrap_is_the_percentile_interval_of_scikit_learns_ap():
    rng = np.random.default_rng(2)
    labels = rng.integers(0, 2, 50)
    scores = (rng.normal(size=50) + labels).round(1)
    result = ab.pr_auc(labels, scores, methods=["bootstrap"], resamples=300, seed=7, workers=1)
    lo, hi = naive_bootstrap(labels, scores, 300, 7, 0.05)
    row = result["bootstrap"]
    assert abs(row.lo - lo) <= 1e-12 and abs(row.hi - hi) <= 1e-12
    assert result.resamples == 300 and result.seed == 7 and row.guarantee == "asymptotic"
    again = ab.pr_auc(labels, scores, methods=["bootstrap"], resamples=300, seed=7, workers=2)
    assert (again["bootstrap"].lo, again["bootstrap"].hi) == (row.lo, row.hi)


def test_frequency_weights_are_repeated_rows():
    labels, scores, weights = [0, 1, 0, 1, 1, 0, 0, 1], [0.1, 0.2, 0.3, 0.3, 0.5, 0.6, 0.7, 0.9], [1, 2, 3, 1, 0, 2, 1, 2]
    weighted = ab.pr_auc(labels, scores, sample_weight=weights, resamples=200, seed=1)
    repeated = ab.pr_auc(np.repeat(labels, weights), np.repeat(scores, weights), resamples=200, seed=1)
    assert weighted.weighted and (weighted.m, weighted.n) == (repeated.m, repeated.n) == (5, 7)
    for a, b in zip(weighted.rows, repeated.rows):
        assert (a.method, a.lo, a.hi) == (b.method, b.lo, b.hi)
    assert weighted.average_precision == pytest.approx(repeated.average_precision, abs=1e-15)


def test_real_weights_give_estimates_but_no_intervals():
    labels, scores, weights = [0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], [0.5, 1, 1, 2]
    result = ab.pr_auc(labels, scores, sample_weight=weights, methods=[])
    assert result.rows == () and abs(result.average_precision - average_precision_score(
        labels, scores, sample_weight=weights)) <= 1e-15
    with pytest.raises(ValueError, match="`sample_weight`.*whole numbers"):
        ab.pr_auc(labels, scores, sample_weight=weights)


# --- bad input -------------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, parameter", [
    ({"estimator": "area"}, "estimator"),
    ({"methods": ["wald"]}, "methods"),
    ({"methods": ["bootstrap"], "resamples": None}, "resamples"),
    ({"resamples": 0}, "resamples"),
    ({"delta": 1.5}, "delta"),
    ({"sample_weight": [1, -1, 1, 1]}, "sample_weight"),
    ({"sample_weight": [1, 1, 1]}, "sample_weight"),
    ({"sample_weight": [1, np.inf, 1, 1]}, "sample_weight"),
    ({"seed": -1}, "seed"),
    ({"workers": 0}, "workers"),
])
def test_bad_input_names_the_parameter(kwargs, parameter):
    with pytest.raises((ValueError, TypeError), match=f"`{parameter}`"):
        ab.pr_auc([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], **kwargs)


def test_bad_curve_input_names_the_parameter():
    with pytest.raises(TypeError, match="`drop_intermediate`"):
        ab.precision_recall_curve([0, 1], [0.1, 0.2], drop_intermediate="yes")
    with pytest.raises(ValueError, match="`scores`"):
        ab.precision_recall_curve([0, 1], [0.1, np.nan])
    with pytest.raises(ValueError, match="`scores`"):
        ab.average_precision([0, 1, 1], [0.1, 0.2])


@settings(max_examples=80, deadline=None)
@given(st.lists(st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-3, 3), st.none(),
                          st.text(max_size=2)), max_size=8),
       st.lists(st.one_of(st.integers(-1, 2), st.none(), st.text(max_size=1)), max_size=8),
       st.one_of(st.none(), st.lists(st.one_of(st.floats(), st.integers(-2, 3)), max_size=8)))
def test_fuzz_raises_parameter_errors_or_gives_numbers_in_range(scores, labels, weights):
    try:
        result = ab.pr_auc(labels, scores, sample_weight=weights, resamples=20)
    except (ValueError, TypeError) as error:
        assert "`" in str(error)
        return
    for value in (result.average_precision, result.lower_trapezoid, result.interpolated_median, result.trapezoid):
        assert 0 <= value <= 1
    for row in result.rows:
        assert 0 <= row.lo <= row.hi <= 1


# --- the coverage study of bench/pr_coverage.py, small ------------------------------------------------

def _coverage_bench():
    import importlib.util
    import sys

    if "pr_coverage" in sys.modules:
        return sys.modules["pr_coverage"]
    path = Path(__file__).resolve().parent.parent / "bench" / "pr_coverage.py"
    spec = importlib.util.spec_from_file_location("pr_coverage", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["pr_coverage"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("prevalence", [0.5, 30 / 1030, 1000 / 1030])
def test_true_area_is_scipys_quadrature(prevalence):
    """The binormal area by mpmath, against scipy's adaptive quadrature of the same integral."""
    from scipy import integrate, stats

    mu = 1.19

    def integrand(t):
        recall, fpr = stats.norm.sf(t - mu), stats.norm.sf(t)
        return prevalence * recall / (prevalence * recall + (1 - prevalence) * fpr) * stats.norm.pdf(t - mu)

    expected = sum(integrate.quad(integrand, a, b, epsabs=1e-14, epsrel=1e-14, limit=200)[0]
                   for a, b in ((-15, mu), (mu, 15)))
    theta, error = _coverage_bench().true_area(mu, prevalence)
    assert abs(theta - expected) < 1e-12 and error < 1e-10


def test_average_precision_converges_to_the_true_area():
    theta, _ = _coverage_bench().true_area(1.19, 0.5)
    labels, scores = _coverage_bench().draw_for(200_000, 200_000, 1.19)(np.random.default_rng(0))
    assert abs(ab.average_precision(labels, scores) - theta) < 0.003  # SE √(θ(1 − θ)/m) ≈ 0.0009


def test_small_coverage_study():
    """200 trials at m = n = 30 (the docs' table: 2000 trials give binomial 0.955, logit 0.991)."""
    bench = _coverage_bench()
    theta, _ = bench.true_area(1.19, 0.5)

    def interval(labels, scores):
        return ab.pr_auc(labels, scores, methods=["logit"], resamples=None)["logit"]

    row = ab.interval_coverage(bench.draw_for(30, 30, 1.19), interval, theta, trials=200, method="logit")
    assert row.trials == 200 and row.coverage >= 0.95
