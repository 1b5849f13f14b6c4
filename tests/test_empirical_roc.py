"""The ROC curve, its operating points, the partial AUC and the bands, against pROC's published
values and against naive references written from the definitions (exact fractions)."""

from __future__ import annotations

import csv
import math
import warnings
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import aucbound as ab
from aucbound.empirical import bootstrap_aucs
from aucbound.empirical._roc import _sorted_groups, resampled_curves
from aucbound.empirical._roc import roc_curve_from_groups as _curve

from proc_reference import PROC_AUC, PROC_PARTIAL, PROC_S100B_BEST

DATA = Path(__file__).parent / "data"


def hexfloat(text: str) -> float:
    return float(text) if "x" not in text else float.fromhex(text)


# --- naive references ---------------------------------------------------------------------------

def naive_points(labels, scores):
    """(tp, fp) at 'score ≥ u' for u = +∞ and each distinct score from the top, by counting."""
    pos = [s for y, s in zip(labels, scores) if y]
    neg = [s for y, s in zip(labels, scores) if not y]
    levels = sorted(set(scores), reverse=True)
    tp = [0] + [sum(x >= u for x in pos) for u in levels]
    fp = [0] + [sum(x >= u for x in neg) for u in levels]
    return tp, fp, len(pos), len(neg)


def naive_read(points, at):
    """pROC's coords rule on (x, y) pairs as Fractions, in the curve's order: the largest y among
    points whose x rounds to the float `at`, else the straight line along the one segment that
    crosses x = at."""
    exact = [y for x, y in points if float(x) == at]
    if exact:
        return max(exact)
    at = Fraction(at)
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if min(x0, x1) < at < max(x0, x1):
            return y0 + (at - x0) * (y1 - y0) / (x1 - x0)
    raise AssertionError("no segment crosses")


def naive_area(points, a, b):
    """∫_a^b of the broken line through the points in the curve's order, in exact fractions."""
    total = Fraction(0)
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        if x1 < x0:
            (x0, y0), (x1, y1) = (x1, y1), (x0, y0)
        lo, hi = max(x0, a), min(x1, b)
        if hi > lo:
            at = lambda x: y0 + (x - x0) * (y1 - y0) / (x1 - x0)  # noqa: E731
            total += (hi - lo) * (at(lo) + at(hi)) / 2
    return total


def tied_data(seed: int, size: int = 40):
    rng = np.random.default_rng(seed)
    labels = rng.random(size) < 0.4
    labels[:2] = [True, False]
    scores = np.round(rng.normal(labels * 0.8, 1.0), 1)
    return labels, scores


# --- pROC's values ----------------------------------------------------------------------------

def test_s100b_curve_is_procs_to_the_last_bit(asah):
    """All 51 thresholds, specificities, sensitivities and counts of pROC's s100b curve
    (recorded in hexadecimal by pROC's own test suite), in pROC's order reversed."""
    labels, scores = asah["outcome"], asah["s100b"]
    curve = ab.roc_curve(labels, scores, pos_label="Poor")
    with (DATA / "proc_s100b_coords.csv").open(newline="") as stream:
        rows = list(csv.DictReader(stream))[::-1]
    assert len(curve) == len(rows) == 51
    for name, values in (("threshold", curve.thresholds), ("specificity", curve.specificity),
                         ("sensitivity", curve.sensitivity)):
        assert [float(x) for x in values] == [hexfloat(row[name]) for row in rows], name
    assert curve.tp.tolist() == [int(row["tp"]) for row in rows]
    assert curve.fp.tolist() == [int(row["fp"]) for row in rows]
    assert curve.auc == PROC_AUC["s100b"]


def test_best_youden_threshold_of_s100b_is_procs(asah):
    """pROC: coords(r.s100b, "best") is the single point at threshold 0.205."""
    labels, scores = asah["outcome"], asah["s100b"]
    best = ab.best_threshold(ab.roc_curve(labels, scores, pos_label="Poor"))
    threshold, specificity, sensitivity = PROC_S100B_BEST
    assert len(best) == 1 and best[0].threshold == pytest.approx(threshold, abs=1e-9)
    assert (best[0].tp, best[0].fp) == (round(sensitivity * 41), round((1 - specificity) * 72))


# pROC's test suite (test-auc.R): auc(r.<marker>, partial.auc = c(a, b), partial.auc.focus, partial.auc.correct)
@pytest.mark.parametrize("marker, a, b, focus, correct, expected", PROC_PARTIAL)
def test_partial_auc_is_procs(asah, marker, a, b, focus, correct, expected):
    labels, scores = asah["outcome"], asah[marker]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # ndka's (1, 0.9) corrected value is below ½
        result = ab.partial_auc(labels, scores, pos_label="Poor", range=(a, b), focus=focus, correct=correct,
                                resamples=None)
    assert result.estimate == pytest.approx(expected, abs=1e-9)


def test_mcclish_below_the_diagonal_warns():
    """A scorer that ranks every negative first: pAUC 0 over specificity (0.9, 1), below the
    diagonal's 0.1·0.1/2 = 0.005, so McClish's value (1 − 0.005/0.095)/2 < ½ comes with a warning."""
    with pytest.warns(UserWarning, match="below the chance diagonal"):
        result = ab.partial_auc([0, 0, 1, 1], [3, 4, 1, 2], range=(0.9, 1), correct=True, resamples=None)
    assert result.auc == 0.0
    assert result.corrected == pytest.approx((1 - 0.005 / 0.095) / 2, rel=1e-12)


# --- against the definitions ------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(6))
def test_curve_counts_thresholds_and_area(seed):
    labels, scores = tied_data(seed)
    curve = ab.roc_curve(labels, scores)
    tp, fp, m, n = naive_points(labels.tolist(), scores.tolist())
    assert curve.tp.tolist() == tp and curve.fp.tolist() == fp and (curve.m, curve.n) == (m, n)
    pos, neg = scores[labels], scores[~labels]
    for t, a, b in zip(curve.thresholds, curve.tp, curve.fp):  # each threshold gives its own point
        assert (np.sum(pos >= t), np.sum(neg >= t)) == (a, b)
    points = [(Fraction(b, n), Fraction(a, m)) for a, b in zip(tp, fp)]
    assert naive_area(points, 0, 1) == Fraction(round(ab.auc(labels, scores) * 2 * m * n), 2 * m * n)
    assert curve.auc == ab.auc(labels, scores)


@pytest.mark.parametrize("seed", range(4))
def test_coords_follow_procs_rule(seed):
    labels, scores = tied_data(seed)
    curve = ab.roc_curve(labels, scores)
    tp, fp, m, n = naive_points(labels.tolist(), scores.tolist())
    sp_se = [(Fraction(n - b, n), Fraction(a, m)) for a, b in zip(tp, fp)]
    se_sp = [(y, x) for x, y in sp_se]
    grid = [k / 20 for k in range(21)] + [float(x) for x, _ in sp_se[::3]]
    for s, point in zip(grid, ab.coords(curve, specificities=grid)):
        assert point.sensitivity == pytest.approx(float(naive_read(sp_se, s)), abs=1e-15)
    for s, point in zip(grid, ab.coords(curve, sensitivities=grid)):
        assert point.specificity == pytest.approx(float(naive_read(se_sp, s)), abs=1e-15)
    for t, point in zip(curve.levels, ab.coords(curve, thresholds=curve.levels)):
        assert (point.tp, point.fp) == (np.sum(scores[labels] >= t), np.sum(scores[~labels] >= t))


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("method", ["youden", "closest-topleft"])
def test_best_threshold_by_exact_search(seed, method):
    labels, scores = tied_data(seed)
    tp, fp, m, n = naive_points(labels.tolist(), scores.tolist())
    if method == "youden":
        value = [Fraction(a, m) + Fraction(n - b, n) for a, b in zip(tp, fp)]
    else:
        value = [-((1 - Fraction(a, m)) ** 2 + Fraction(b, n) ** 2) for a, b in zip(tp, fp)]
    best = max(value)
    expected = [(a, b) for a, b, x in zip(tp, fp, value) if x == best]
    found = ab.best_threshold(ab.roc_curve(labels, scores), method=method)
    assert [(p.tp, p.fp) for p in found] == expected


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("focus", ["specificity", "sensitivity"])
def test_partial_auc_is_the_exact_area(seed, focus):
    labels, scores = tied_data(seed)
    tp, fp, m, n = naive_points(labels.tolist(), scores.tolist())
    points = [(Fraction(n - b, n), Fraction(a, m)) for a, b in zip(tp, fp)]
    if focus == "sensitivity":
        points = [(y, x) for x, y in points]
    for a, b in ((0.9, 1.0), (0.0, 0.37), (0.25, 0.75), (0.0, 1.0)):
        result = ab.partial_auc(labels, scores, range=(b, a), focus=focus, resamples=None)
        assert result.auc == pytest.approx(float(naive_area(points, Fraction(a), Fraction(b))), abs=1e-15)


def test_resampled_curves_are_the_auc_bootstraps_resamples():
    """The same seed gives the same resamples: each resampled curve's area is the AUC bootstrap's value."""
    labels, scores = tied_data(9, 60)
    pos, neg = _sorted_groups(labels, scores, None)
    m, n = pos.shape[0], neg.shape[0]
    areas = []
    for tp, fp in resampled_curves(_curve(pos, neg), pos, neg, 200, 5):
        areas.append(float(naive_area([(Fraction(b, n), Fraction(a, m)) for a, b in zip(tp.tolist(), fp.tolist())],
                                      0, 1)))
    assert areas == bootstrap_aucs(labels, scores, resamples=200, seed=5).tolist()


def test_thresholds_between_adjacent_floats_and_near_overflow():
    a = 1.0
    b = np.nextafter(a, 2.0)
    curve = ab.roc_curve([0, 1], [a, b])
    assert curve.thresholds.tolist() == [math.inf, b, -math.inf]  # the midpoint rounds to a: b is used
    assert curve.tp.tolist() == [0, 1, 1] and curve.fp.tolist() == [0, 0, 1]
    big = ab.roc_curve([0, 1], [1e308, 1.7e308])
    assert big.thresholds[1] == 1e308 / 2 + 1.7e308 / 2 and math.isfinite(big.thresholds[1])


# --- bands ------------------------------------------------------------------------------------

def test_dkw_band_is_never_narrower_than_its_guarantee():
    """At every specificity: hi ≥ min(1, se + ε₊) and lo ≤ max(0, se − ε₊) for the curve's own
    reading se, and ε₊, ε₋ are Massart's √(ln(4/δ)/(2k))."""
    labels, scores = tied_data(3, 120)
    band = ab.roc_band(labels, scores, delta=0.1)
    m, n = int(labels.sum()), int((~labels).sum())
    assert band.epsilon_pos == pytest.approx(math.sqrt(math.log(40) / (2 * m)), rel=1e-15)
    assert band.epsilon_neg == pytest.approx(math.sqrt(math.log(40) / (2 * n)), rel=1e-15)
    assert np.all(band.hi >= np.minimum(1.0, band.estimate + band.epsilon_pos) - 1e-15)
    assert np.all(band.lo <= np.maximum(0.0, band.estimate - band.epsilon_pos) + 1e-15)
    other = ab.roc_band(labels, scores, delta=0.1, sensitivities=np.linspace(0, 1, 41))
    assert np.all(other.hi >= np.minimum(1.0, other.estimate + other.epsilon_neg) - 1e-15)
    assert np.all(other.lo <= np.maximum(0.0, other.estimate - other.epsilon_neg) + 1e-15)


def test_bootstrap_band_is_the_percentile_of_resampled_readings():
    labels, scores = tied_data(4, 50)
    band = ab.roc_band(labels, scores, method="bootstrap", specificities=[0.3, 0.8], resamples=300, seed=2)
    pos, neg = _sorted_groups(labels, scores, None)
    m, n = pos.shape[0], neg.shape[0]
    readings = []
    for tp, fp in resampled_curves(_curve(pos, neg), pos, neg, 300, 2):
        points = [(Fraction(n - b, n), Fraction(a, m)) for a, b in zip(tp.tolist(), fp.tolist())]
        readings.append([float(naive_read(points, s)) for s in (0.3, 0.8)])
    lo, hi = np.quantile(np.array(readings), [0.025, 0.975], axis=0)
    np.testing.assert_allclose(band.lo, lo, atol=1e-15)
    np.testing.assert_allclose(band.hi, hi, atol=1e-15)


# --- bad input --------------------------------------------------------------------------------

@pytest.mark.parametrize("call, parameter", [
    (lambda: ab.partial_auc([0, 1], [1, 2], range=(0.5, 0.5)), "range"),
    (lambda: ab.partial_auc([0, 1], [1, 2], range=(0.5, 1.5)), "range"),
    (lambda: ab.partial_auc([0, 1], [1, 2], focus="se"), "focus"),
    (lambda: ab.partial_auc([0, 1], [1, 2], correct="yes"), "correct"),
    (lambda: ab.roc_band([0, 1], [1, 2], method="kde"), "method"),
    (lambda: ab.roc_band([0, 1], [1, 2], specificities=[0.5], sensitivities=[0.5]), "specificities"),
    (lambda: ab.roc_band([0, 1], [1, 2], specificities=[1.2]), "specificities"),
    (lambda: ab.roc_band([0, 1], [1, 2], method="bootstrap", resamples=0), "resamples"),
    (lambda: ab.roc_curve([0, 1], [2**60, 2**60 + 1]), "scores"),
    (lambda: ab.roc_curve([0, 0], [1, 2]), "labels"),
    (lambda: ab.roc_curve([0, 1], [1, float("nan")]), "scores"),
    (lambda: ab.coords(ab.roc_curve([0, 1], [1, 2])), "thresholds"),
    (lambda: ab.coords(ab.roc_curve([0, 1], [1, 2]), thresholds=[float("nan")]), "thresholds"),
    (lambda: ab.best_threshold(ab.roc_curve([0, 1], [1, 2]), method="f1"), "method"),
])
def test_bad_input_names_the_parameter(call, parameter):
    with pytest.raises((ValueError, TypeError), match=parameter):
        call()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(-5, 5)), min_size=2, max_size=30))
def test_curve_on_any_small_data(pairs):
    labels = [y for y, _ in pairs]
    if len(set(labels)) < 2:
        return
    scores = [float(s) for _, s in pairs]
    curve = ab.roc_curve(labels, scores)
    tp, fp, _, _ = naive_points(labels, scores)
    assert curve.tp.tolist() == tp and curve.fp.tolist() == fp
    assert curve.auc == ab.auc(labels, scores)
