"""The resampled tests of two ROC curves (bootstrap, Venkatraman, sensitivity/specificity) against pROC 1.18.

R's random stream cannot be reproduced: each p-value is compared with pROC's (run with a
large boot.n, tests/proc_reference.py) within 3 binomial standard errors of the two runs
combined, sqrt(p_R(1 − p_R)/B_R + p(1 − p)/B). Venkatraman's E on the data, the values read
off the curves and the partial AUCs are deterministic and agree to 1e-9.
"""

from __future__ import annotations

import math
import warnings
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sklearn.metrics import roc_auc_score

import aucbound
from aucbound.empirical import ResampledTest, bootstrap_test, operating_point_test, venkatraman_test
from proc_reference import PROC_OPERATING_POINTS, PROC_PARTIAL_ESTIMATES, PROC_RESAMPLED_P, PROC_VENKATRAMAN_E

DATA = Path(__file__).parent / "data"
FUNCTIONS = {"bootstrap": bootstrap_test, "venkatraman": venkatraman_test, "specificity": operating_point_test,
             "sensitivity": operating_point_test}
#: aucbound's resamples for each comparison with R (R's are in the case)
RESAMPLES = 1000


def _read(name: str) -> pd.DataFrame:
    return pd.read_csv(DATA / f"resampled_{name}.csv")


SETS = {name: _read(name) for name in ("small", "medium", "large")}


def _columns(session: str, paired: bool) -> dict:
    """The public functions' data arguments for an R session: r.a is the first set's `a`, r.b the second's `b`."""
    first, second = {"resampled_mixed": ("medium", "large")}.get(session, (session.split("_")[1],) * 2)
    d1, d2 = SETS[first], SETS[second]
    if paired:
        return {"labels": d1.y, "scores_a": d1.a, "scores_b": d2.b}
    return {"labels": d1.y, "scores_a": d1.a, "labels_b": d2.y, "scores_b": d2.b}


def _run(case, resamples=RESAMPLES, **extra) -> ResampledTest:
    options = dict(case.options)
    paired = options.pop("paired", True)
    if case.method == "venkatraman":
        options.pop("stratified", None)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", aucbound.DataWarning)  # unstratified resamples without a class
        return FUNCTIONS[case.method](**_columns(case.session, paired), paired=paired, resamples=resamples,
                                      **options, **extra)


def _within_monte_carlo(p: float, b: int, p_r: float, b_r: int) -> tuple[bool, float]:
    se = math.sqrt(p * (1 - p) / b + p_r * (1 - p_r) / b_r)
    return abs(p - p_r) <= 3 * se, se


@pytest.mark.parametrize("case", PROC_RESAMPLED_P, ids=lambda c: f"{c.session}-{c.method}-{dict(c.options)}")
def test_p_value_within_monte_carlo_error_of_proc(case):
    result = _run(case, seed=2024, workers=1)
    ok, se = _within_monte_carlo(result.p_value, RESAMPLES, case.p_value, case.boot_n)
    assert ok, (result.p_value, case.p_value, se)
    assert result.method == case.method and result.resamples == RESAMPLES
    assert result.paired == dict(case.options).get("paired", True)


@pytest.mark.parametrize(("session", "paired"), sorted(PROC_VENKATRAMAN_E))
def test_venkatraman_statistic_is_procs(session, paired):
    result = venkatraman_test(**_columns(session, paired), paired=paired, resamples=1)
    assert result.statistic_name == "E"
    assert result.statistic == pytest.approx(PROC_VENKATRAMAN_E[session, paired], rel=1e-9, abs=1e-12)


@pytest.mark.parametrize(("session", "at", "value"), sorted(PROC_OPERATING_POINTS))
def test_operating_point_estimates_are_procs_coords(session, at, value):
    for paired in (True, False):
        result = operating_point_test(**_columns(session, paired), paired=paired, resamples=20, **{at: value})
        expected = PROC_OPERATING_POINTS[session, at, value]
        assert (result.estimate_a, result.estimate_b) == pytest.approx(expected, abs=1e-9)
        assert result.difference == pytest.approx(expected[0] - expected[1], abs=1e-9)


@pytest.mark.parametrize("key", sorted(PROC_PARTIAL_ESTIMATES))
def test_partial_auc_estimates_are_procs(key):
    (low, high), focus, correct = key
    result = bootstrap_test(**_columns("resampled_medium", True), range=(low, high), focus=focus, correct=correct,
                            resamples=20)
    assert (result.estimate_a, result.estimate_b) == pytest.approx(PROC_PARTIAL_ESTIMATES[key], abs=1e-9)


def test_bootstrap_statistic_from_the_same_draws_by_scikit_learn():
    """D from the resampled AUCs recomputed by scikit-learn on the very draws (map_strata's, the negatives first)."""
    from aucbound.empirical._resampling import map_strata  # the draws themselves: the one place a test looks inside

    d = SETS["medium"]
    y, a, b = d.y.to_numpy(), d.a.to_numpy(), d.b.to_numpy()
    neg, pos = np.flatnonzero(y == 0), np.flatnonzero(y == 1)

    def difference(drawn_neg, drawn_pos):
        rows = np.concatenate((neg[drawn_neg], pos[drawn_pos]))
        return roc_auc_score(y[rows], a[rows]) - roc_auc_score(y[rows], b[rows])

    diffs = np.array(list(map_strata(difference, (neg.size, pos.size), 100, 7, workers=1)))
    expected = (roc_auc_score(y, a) - roc_auc_score(y, b)) / diffs.std(ddof=1)
    result = bootstrap_test(y, a, b, resamples=100, seed=7)
    assert result.statistic == pytest.approx(expected, rel=1e-9)
    assert result.std_error == pytest.approx(diffs.std(ddof=1), rel=1e-9)
    assert result.estimate_a == pytest.approx(roc_auc_score(y, a), abs=1e-12)


def test_one_sided_p_values_split_the_two_sided_one():
    kwargs = dict(resamples=300, seed=3)
    d = SETS["medium"]
    two = bootstrap_test(d.y, d.a, d.b, **kwargs)
    greater = bootstrap_test(d.y, d.a, d.b, alternative="greater", **kwargs)
    less = bootstrap_test(d.y, d.a, d.b, alternative="less", **kwargs)
    assert greater.statistic == less.statistic == two.statistic > 0
    assert greater.p_value + less.p_value == pytest.approx(1)
    assert two.p_value == pytest.approx(2 * greater.p_value)


@pytest.mark.parametrize("function", [bootstrap_test, venkatraman_test])
def test_same_seed_same_p_value_with_any_number_of_threads(function):
    d = SETS["medium"]
    results = [function(d.y, d.a, d.b, paired=paired, resamples=600, seed=11, workers=workers)
               for paired in (True, False) for workers in (1, 2)]
    assert results[0].p_value == results[1].p_value and results[2].p_value == results[3].p_value


def test_progress_is_reported():
    calls = []
    d = SETS["small"]
    venkatraman_test(d.y, d.a, d.b, resamples=200, progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (200, 200)


def test_unstratified_resamples_without_a_class_are_dropped_with_a_warning():
    labels, a, b = [0, 1, 0, 0, 0, 0], [1, 2, 3, 1, 2, 0], [2, 1, 0, 3, 1, 2]
    with pytest.warns(aucbound.DataWarning, match="had a class missing"):
        result = bootstrap_test(labels, a, b, stratified=False, resamples=400, seed=1)
    assert 0 < result.used < 400  # P(no positive in 6 draws) = (5/6)^6 ≈ 0.33


# --- the rejection rate under H0, a small version of bench/resampled_null.py ---------------------------------

def _null_rate(test, trials: int, rng) -> float:
    rejections = 0
    for trial in range(trials):
        y = np.r_[np.zeros(25, int), np.ones(25, int)]
        shared = rng.normal(size=50) + y  # both scorers: the same signal plus their own noise
        a, b = shared + rng.normal(size=50), shared + rng.normal(size=50)
        rejections += test(y, a, b, seed=trial).p_value <= 0.05
    return rejections / trials


@pytest.mark.parametrize("name", ["bootstrap", "venkatraman"])
def test_rejection_rate_under_the_null_is_near_alpha(name):
    trials = 80
    test = {"bootstrap": lambda *data, seed: bootstrap_test(*data, resamples=100, seed=seed, workers=1),
            "venkatraman": lambda *data, seed: venkatraman_test(*data, resamples=100, seed=seed, workers=1)}[name]
    rate = _null_rate(test, trials, np.random.default_rng(5))
    assert abs(rate - 0.05) <= 3 * math.sqrt(0.05 * 0.95 / trials)


# --- bad input -------------------------------------------------------------------------------------------------

LABELS, A, B = [0, 0, 0, 1, 1, 1], [1, 2, 3, 2, 3, 4], [2, 1, 3, 4, 2, 3]


@pytest.mark.parametrize(("function", "kwargs", "parameter"), [
    (bootstrap_test, {"alternative": "bigger"}, "alternative"),
    (bootstrap_test, {"resamples": 0}, "resamples"),
    (bootstrap_test, {"resamples": 10**6, "labels": [0, 1] * 5000, "scores_a": range(10**4),
                      "scores_b": range(10**4)}, "resamples"),
    (bootstrap_test, {"stratified": "yes"}, "stratified"),
    (bootstrap_test, {"range": (0.5, 0.5)}, "range"),
    (bootstrap_test, {"range": (0.8, 1), "focus": "recall"}, "focus"),
    (bootstrap_test, {"paired": True, "labels_b": LABELS}, "paired"),
    (bootstrap_test, {"paired": "no"}, "paired"),
    (bootstrap_test, {"scores_b": [1, 2, 3]}, "scores_b"),
    (bootstrap_test, {"seed": -1}, "seed"),
    (bootstrap_test, {"workers": 0}, "workers"),
    (venkatraman_test, {"resamples": 10**7, "labels": [0, 1] * 5000, "scores_a": range(10**4),
                        "scores_b": range(10**4)}, "resamples"),
    (venkatraman_test, {"progress": 3}, "progress"),
    (operating_point_test, {}, "specificity"),
    (operating_point_test, {"specificity": 0.5, "sensitivity": 0.5}, "specificity"),
    (operating_point_test, {"specificity": 1.5}, "specificity"),
    (operating_point_test, {"sensitivity": -0.1}, "sensitivity"),
    (operating_point_test, {"specificity": 0.5, "alternative": 2}, "alternative"),
])
def test_bad_input_names_the_parameter(function, kwargs, parameter):
    arguments = {"labels": LABELS, "scores_a": A, "scores_b": B, "resamples": 10, **kwargs}
    with pytest.raises((ValueError, TypeError), match=f"`{parameter}`"):
        function(**arguments)


def test_venkatraman_is_two_sided_only():
    with pytest.raises(ValueError, match="`alternative`"):
        from aucbound.empirical._venkatraman import venkatraman_test as on_arrays

        on_arrays((np.array([1.0]), np.array([0.0])), (np.array([1.0]), np.array([0.0])), paired=True,
                  alternative="greater", resamples=10)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.lists(st.tuples(st.booleans(), st.integers(-3, 3), st.integers(-3, 3)), min_size=1, max_size=12),
    method=st.sampled_from(["bootstrap", "venkatraman", "specificity", "sensitivity"]),
    paired=st.booleans(), stratified=st.booleans(),
    alternative=st.sampled_from(["two-sided", "greater", "less", "two.sided", "sideways"]),
    value=st.floats(-0.5, 1.5), partial=st.booleans(),
)
def test_fuzz_public_functions_answer_or_refuse(data, method, paired, stratified, alternative, value, partial):
    labels = [int(x) for x, _, _ in data]
    a, b = [s for _, s, _ in data], [s for _, _, s in data]
    kwargs = {"paired": paired, "resamples": 30, "seed": 1}
    if method != "venkatraman":
        kwargs |= {"alternative": alternative, "stratified": stratified}
    if method in ("specificity", "sensitivity"):
        kwargs[method] = value
    if method == "bootstrap" and partial:
        kwargs |= {"range": (min(abs(value), 1), 1), "correct": stratified}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", aucbound.DataWarning)
            result = FUNCTIONS[method](labels, a, b, **kwargs)
    except (ValueError, TypeError) as error:
        assert "`" in str(error)
        return
    assert 0 <= result.p_value <= 1
    assert not math.isnan(result.statistic)
    assert result.as_dict()["p_value"] == result.p_value


def test_columns_by_name_and_missing_values_omitted():
    d = SETS["small"].astype(float)
    d.loc[0, "a"] = np.nan
    with pytest.warns(aucbound.RowsOmittedWarning):
        result = venkatraman_test("y", "a", "b", data=d, nan_policy="omit", resamples=10)
    kept = d.iloc[1:]
    assert result.statistic == venkatraman_test(kept.y, kept.a, kept.b, resamples=10).statistic
    assert (result.m_a, result.n_a) == (int(kept.y.sum()), int((kept.y == 0).sum()))
