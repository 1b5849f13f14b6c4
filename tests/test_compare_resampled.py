"""pROC's resampled tests through ``compare(method=…)``, ``compare_unpaired(method=…)`` and ``aucbound compare --method``.

The wiring is checked for identity (the same seed gives the very test of
:func:`aucbound.bootstrap_test`, :func:`aucbound.venkatraman_test`,
:func:`aucbound.operating_point_test`), the margins against the normal tail computed by
scipy from the test's own D̂ and bootstrap standard deviation, and the p-values against
pROC 1.18's (tests/proc_reference.py) within 3 binomial standard errors of the two runs, as
in tests/test_resampled_tests.py.
"""

from __future__ import annotations

import json
import math
import warnings
from pathlib import Path

import pandas as pd
import pytest
from scipy.stats import norm
from sklearn.metrics import roc_auc_score

import aucbound as ab
from proc_reference import PROC_OPERATING_POINTS, PROC_PARTIAL_ESTIMATES, PROC_RESAMPLED_P, PROC_VENKATRAMAN_E

DATA = Path(__file__).parent / "data"
MEDIUM = pd.read_csv(DATA / "resampled_medium.csv")
LARGE = pd.read_csv(DATA / "resampled_large.csv")
FUNCTIONS = {"bootstrap": ab.bootstrap_test, "venkatraman": ab.venkatraman_test,
             "specificity": ab.operating_point_test, "sensitivity": ab.operating_point_test}
SETTINGS = {"bootstrap": {}, "venkatraman": {}, "specificity": {"specificity": 0.8},
            "sensitivity": {"sensitivity": 0.9}}
RESAMPLES = 400


def _paired(method, **options):
    d = MEDIUM
    return ab.compare(d.y, d.a, d.b, method=method, **options)


def _unpaired(method, **options):
    d, e = MEDIUM.iloc[:70], MEDIUM.iloc[70:]
    return ab.compare_unpaired(d.y, d.a, e.y, e.b, method=method, **options)


@pytest.mark.parametrize("method", sorted(FUNCTIONS))
def test_paired_is_the_public_test_for_the_same_seed(method):
    d, options = MEDIUM, dict(resamples=200, seed=11, **SETTINGS[method])
    result = _paired(method, **options)
    expected = FUNCTIONS[method](d.y, d.a, d.b, **options)
    assert result.test == expected and result.method == method
    assert (result.z, result.p_value) == (expected.statistic, expected.p_value)
    delong = ab.compare(d.y, d.a, d.b)  # the AUCs, the variance and the rows do not depend on the test
    assert (result.auc_a, result.auc_b, result.variance, result.covariance, result.rows) == \
        (delong.auc_a, delong.auc_b, delong.variance, delong.covariance, delong.rows)
    assert delong.test is None


@pytest.mark.parametrize("method", sorted(FUNCTIONS))
def test_unpaired_is_the_public_test_for_the_same_seed(method):
    d, e = MEDIUM.iloc[:70], MEDIUM.iloc[70:]
    options = dict(resamples=200, seed=5, **SETTINGS[method])
    result = _unpaired(method, **options)
    expected = FUNCTIONS[method](d.y, d.a, e.b, labels_b=e.y, **options)
    assert result.test == expected and not expected.paired
    assert (result.statistic, result.p_value, result.df) == (expected.statistic, expected.p_value, None)
    assert result.auc_a == pytest.approx(roc_auc_score(d.y, d.a), abs=1e-12)


def test_bootstrap_margin_shifts_the_statistic():
    """(D̂ ± margin)/s with the test's own D̂ and s, its normal tail by scipy; equivalence takes the larger p."""
    base = dict(resamples=RESAMPLES, seed=3)
    greater = _paired("bootstrap", alternative="greater", margin=0.05, **base)
    d, s = greater.test.difference, greater.test.std_error
    assert d == pytest.approx(roc_auc_score(MEDIUM.y, MEDIUM.a) - roc_auc_score(MEDIUM.y, MEDIUM.b), abs=1e-12)
    assert greater.z == pytest.approx((d + 0.05) / s, rel=1e-12)
    assert greater.p_value == pytest.approx(norm.sf((d + 0.05) / s), rel=1e-9)
    less = _paired("bootstrap", alternative="less", margin=0.3, **base)
    assert less.p_value == pytest.approx(norm.cdf((d - 0.3) / s), rel=1e-9)
    equivalence = _paired("bootstrap", alternative="equivalence", margin=0.3, **base)
    assert equivalence.p_value == pytest.approx(max(norm.sf((d + 0.3) / s), norm.cdf((d - 0.3) / s)), rel=1e-9)
    assert equivalence.hypotheses == ("|D| >= 0.3", "|D| < 0.3") and equivalence.test.alternative == "two-sided"
    assert equivalence.test.std_error == s  # the same draws


@pytest.mark.parametrize("case", [c for c in PROC_RESAMPLED_P if c.session in ("resampled_medium", "resampled_mixed")],
                         ids=lambda c: f"{c.session}-{c.method}-{dict(c.options)}")
def test_p_value_within_monte_carlo_error_of_proc(case):
    options = dict(case.options)
    paired = options.pop("paired", True)
    if case.method == "venkatraman":
        options.pop("stratified", None)
    first, second = (MEDIUM, LARGE) if case.session == "resampled_mixed" else (MEDIUM, MEDIUM)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ab.DataWarning)  # unstratified resamples without a class
        if paired:
            result = ab.compare(first.y, first.a, second.b, method=case.method, resamples=RESAMPLES, seed=2025,
                                **options)
        else:
            result = ab.compare_unpaired(first.y, first.a, second.y, second.b, method=case.method,
                                         resamples=RESAMPLES, seed=2025, **options)
    p, p_r = result.p_value, case.p_value
    se = math.sqrt(p * (1 - p) / RESAMPLES + p_r * (1 - p_r) / case.boot_n)
    assert abs(p - p_r) <= 3 * se, (p, p_r, se)


def test_deterministic_parts_are_procs():
    d = MEDIUM
    assert _paired("venkatraman", resamples=20).z == PROC_VENKATRAMAN_E["resampled_medium", True]
    test = _paired("specificity", specificity=0.8, resamples=20).test
    assert (test.estimate_a, test.estimate_b) == pytest.approx(PROC_OPERATING_POINTS["resampled_medium",
                                                                                      "specificity", 0.8], abs=1e-9)
    partial = ab.compare(d.y, d.a, d.b, method="bootstrap", range=(0.8, 1), correct=True, resamples=20).test
    assert (partial.estimate_a, partial.estimate_b) == pytest.approx(
        PROC_PARTIAL_ESTIMATES[(0.8, 1), "specificity", True], abs=1e-9)
    focus = ab.compare(d.y, d.a, d.b, method="bootstrap", range=(0.9, 1), focus="sensitivity", resamples=20).test
    assert (focus.estimate_a, focus.estimate_b) == pytest.approx(
        PROC_PARTIAL_ESTIMATES[(0.9, 1), "sensitivity", False], abs=1e-9)


def test_progress_and_workers_reach_the_test():
    calls = []
    one = _paired("bootstrap", resamples=300, seed=9, workers=1, progress=lambda done, total: calls.append(total))
    assert calls and set(calls) == {300}
    assert one.p_value == _paired("bootstrap", resamples=300, seed=9, workers=2).p_value


L, A, B = MEDIUM.y, MEDIUM.a, MEDIUM.b


@pytest.mark.parametrize("call, name, text", [
    (lambda: ab.compare(L, A, B, resamples=100), "resamples", "'delong'"),
    (lambda: ab.compare(L, A, B, seed=1), "seed", "left out"),
    (lambda: ab.compare(L, A, B, progress=print), "progress", "left out"),
    (lambda: ab.compare(L, A, B, method="venkatraman", stratified=False), "stratified", "'bootstrap'"),
    (lambda: ab.compare(L, A, B, method="venkatraman", range=(0.8, 1)), "range", "'bootstrap'"),
    (lambda: ab.compare(L, A, B, method="venkatraman", alternative="less"), "alternative", "two-sided"),
    (lambda: ab.compare(L, A, B, method="bootstrap", specificity=0.8), "specificity", "'specificity'"),
    (lambda: ab.compare(L, A, B, method="bootstrap", focus="sensitivity"), "focus", "`range`"),
    (lambda: ab.compare(L, A, B, method="bootstrap", correct=True), "correct", "`range`"),
    (lambda: ab.compare(L, A, B, method="bootstrap", range=(0.8, 1), correct="yes"), "correct", "True or False"),
    (lambda: ab.compare(L, A, B, method="bootstrap", range=(0.8, 1), focus="se"), "focus", "'se'"),
    (lambda: ab.compare(L, A, B, method="bootstrap", stratified=1), "stratified", "True or False"),
    (lambda: ab.compare(L, A, B, method="bootstrap", resamples=0), "resamples", "0"),
    (lambda: ab.compare(L, A, B, method="bootstrap", seed=-1), "seed", "-1"),
    (lambda: ab.compare(L, A, B, method="specificity"), "specificity", "given"),
    (lambda: ab.compare(L, A, B, method="specificity", specificity=1.5), "specificity", "1.5"),
    (lambda: ab.compare(L, A, B, method="sensitivity", specificity=0.5), "specificity", "'specificity'"),
    (lambda: ab.compare(L, A, B, method="specificity", specificity=0.8, alternative="greater", margin=0.1),
     "margin", "0.1"),
    (lambda: ab.compare_unpaired(L, A, L, B, method="venkatraman", workers=0), "workers", "0"),
    (lambda: ab.compare_unpaired(L, A, L, B, method="bootstrap", range=(0.5, 0.5)), "range", "0.5"),
])
def test_settings_that_do_not_apply_are_refused(call, name, text):
    with pytest.raises((ValueError, TypeError)) as error:
        call()
    assert f"`{name}`" in str(error.value) and text in str(error.value), str(error.value)


# --- the command line ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("resampled")
    MEDIUM.to_csv(folder / "medium.csv", index=False)
    MEDIUM.iloc[:70].to_csv(folder / "first.csv", index=False)
    MEDIUM.iloc[70:].to_csv(folder / "second.csv", index=False)
    MEDIUM.assign(g=["p"] * 70 + ["q"] * 80).to_csv(folder / "grouped.csv", index=False)
    return folder


def _json(cli, *args):
    result = cli("compare", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["parameters"]


@pytest.mark.parametrize("method, extra", [("bootstrap", ["--unstratified", "--partial", "0.8,1", "--focus", "se"]),
                                           ("venkatraman", []), ("specificity", ["--specificity", "0.8"]),
                                           ("sensitivity", ["--sensitivity", "0.9", "--alternative", "less"])])
def test_cli_paired_is_the_library_s(cli, files, method, extra):
    shown = _json(cli, files / "medium.csv", "--score", "a", "--score", "b", "--label", "y", "--method", method,
                  "--bootstrap", "100", "--seed", "4", *extra)
    options = {"bootstrap": dict(stratified=False, range=(0.8, 1), focus="sensitivity"), "venkatraman": {},
               "specificity": dict(specificity=0.8), "sensitivity": dict(sensitivity=0.9, alternative="less")}[method]
    expected = FUNCTIONS[method](L, A, B, resamples=100, seed=4, **options)
    assert shown["test"] == expected.as_dict() and shown["p_value"] == expected.p_value


@pytest.mark.parametrize("form", ["files", "group"])
def test_cli_unpaired_is_the_library_s(cli, files, form):
    where = [files / "first.csv", files / "second.csv"] if form == "files" else [files / "grouped.csv", "--group", "g"]
    shown = _json(cli, *where, "--score", "a", "--score", "b", "--label", "y", "--method", "bootstrap",
                  "--bootstrap", "100", "--alternative", "greater", "--margin", "0.05", "--method", "hoeffding")
    d, e = MEDIUM.iloc[:70], MEDIUM.iloc[70:]
    expected = ab.compare_unpaired(d.y, d.a, e.y, e.b, method="bootstrap", resamples=100, alternative="greater",
                                   margin=0.05, methods=["hoeffding"])
    assert (shown["statistic"], shown["p_value"], shown["test"]) == \
        (expected.statistic, expected.p_value, expected.test.as_dict())


def test_cli_table_names_the_test(cli, files):
    result = cli("compare", files / "medium.csv", "--score", "a", "--score", "b", "--label", "y", "--method",
                 "venkatraman", "--bootstrap", "50")
    assert result.exit_code == 0, result.output
    assert "Venkatraman's test for two paired ROC curves: E = 1320, two-sided p = " in result.stdout
    assert "(50 permutations, seed 0)" in result.stdout


@pytest.mark.parametrize("args, text", [
    (["--bootstrap", "100"], "--bootstrap must be left out with --method 'delong'"),
    (["--workers", "2"], "--workers must be left out"),
    (["--method", "bootstrap", "--method", "venkatraman"], "one resampled test"),
    (["--method", "venkatraman", "--unstratified"], "--unstratified must be left out"),
    (["--method", "venkatraman", "--alternative", "greater"], "--alternative must be 'two-sided'"),
    (["--method", "bootstrap", "--correct"], "--correct must be given with --partial"),
    (["--method", "specificity"], "--specificity must be given with --method 'specificity'"),
    (["--method", "sensitivity", "--sensitivity", "0.9", "--margin", "0.1", "--alternative", "less"],
     "--margin must be 0 with --method 'sensitivity'"),
    (["--method", "bootstrap", "--partial", "0.9"], "--partial"),
    (["--method", "bootstrap", "--bootstrap", "0"], "--bootstrap"),
])
def test_cli_errors(cli_error, files, args, text):
    message = cli_error("compare", files / "medium.csv", "--score", "a", "--score", "b", "--label", "y", *args)
    assert text in message, message


def test_cli_k_curves_refuse_a_resampled_test(cli_error, files):
    message = cli_error("compare", files / "medium.csv", "--score", "a", "--score", "b", "--score", "a", "--label",
                        "y", "--method", "bootstrap")
    assert "go with two scores" in message
