"""Power and sample size of AUC tests: pROC's published values, the formulas in mpmath, the distribution-free rows.

pROC's values are those of its own test suite for ``power.roc.test`` (printed to 7 digits,
so compared to a relative 1e-6; values pROC checks at full precision, to 1e-8). The
formulas are re-derived here from the papers — Obuchowski, Lieber & Wians (2004) Eq. 2–3,
Obuchowski & McClish (1997) Eq. 4 and the binormal AUC Φ(a/√(1 + b²)) — and evaluated in
mpmath, without the library's code. Cases are ``outcome == Poor`` in the aSAH data.
"""

from __future__ import annotations

import json
import math
import re
import shlex
import shutil
from pathlib import Path

import mpmath as mp
import numpy as np
import pytest

import aucbound as ab
from aucbound.bounds import split_sample

from proc_reference import (PROC_AUC, PROC_AUC_41_72, PROC_BINORMAL_EXAMPLE, PROC_COVARIANCE, PROC_NDKA_WFNS,
                            PROC_NDKA_WFNS_SIZES, PROC_PAIRED_Z, PROC_PARTIAL_SIZES, PROC_POWER_41_72,
                            PROC_POWER_ORDER, PROC_S100B_CASES_KAPPA_1, PROC_S100B_NDKA_SIZES, PROC_S100B_POWER,
                            PROC_S100B_SIZES_0_9, PROC_S100B_SIZES_KAPPA_1_7, PROC_SIG_LEVEL_41_72, PROC_VARIANCE)
from tests import reference as ref

DATA = Path(__file__).parent / "data" / "asah_markers.csv"
PROC = 1e-6  # pROC's printed values have 7 significant digits


def close(value, expected, rel=PROC):
    return value == pytest.approx(expected, rel=rel)


# --- one ROC curve against 0.5: pROC's values ---------------------------------------------------


def test_power_from_auc_and_sizes():
    result = ab.power_test(0.73, ncases=41, ncontrols=72, sig_level=0.05)
    assert close(result.power, PROC_POWER_41_72)
    assert (result.solved, result.auc, result.ncases, result.ncontrols, result.sig_level) == ("power", 0.73, 41, 72, 0.05)
    assert ab.power_test(0.73, ncases=41, ncontrols=72).power == result.power  # sig_level = 0.05 by default


def test_sample_size(asah):
    theta = ab.auc(asah["poor"], asah["s100b"])
    result = ab.power_test(theta, sig_level=0.05, power=0.95, kappa=1.7)
    assert close(result.ncases, PROC_S100B_SIZES_KAPPA_1_7[0]) and close(result.ncontrols, PROC_S100B_SIZES_KAPPA_1_7[1])
    assert result.solved == "ncases" and result.power == 0.95


def test_sig_level():
    result = ab.power_test(0.73, ncases=41, ncontrols=72, power=0.95, sig_level=None)
    assert close(result.sig_level, PROC_SIG_LEVEL_41_72) and result.solved == "sig_level"


def _r_zeroin(f, ax, bx, tol=np.finfo(float).eps ** 0.25, maxit=1000):
    """R's uniroot (Brent's zeroin, as in R's C source) at its default tolerance, to reproduce pROC's root."""
    eps = np.finfo(float).eps
    a, b = ax, bx
    fa, fb = f(a), f(b)
    c, fc = a, fa
    for _ in range(maxit + 1):
        previous = b - a
        if abs(fc) < abs(fb):
            a, b, c = b, c, b
            fa, fb, fc = fb, fc, fb
        tol_act = 2 * eps * abs(b) + tol / 2
        step = (c - b) / 2
        if abs(step) <= tol_act or fb == 0:
            return b
        if abs(previous) >= tol_act and abs(fa) > abs(fb):
            cb = c - b
            if a == c:
                t1 = fb / fa
                p, q = cb * t1, 1.0 - t1
            else:
                q, t1, t2 = fa / fc, fb / fc, fb / fa
                p = t2 * (cb * q * (q - t1) - (b - a) * (t1 - 1.0))
                q = (q - 1.0) * (t1 - 1.0) * (t2 - 1.0)
            if p > 0:
                q = -q
            else:
                p = -p
            if p < 0.75 * cb * q - abs(tol_act * q) / 2 and p < abs(previous * q / 2):
                step = p / q
        if abs(step) < tol_act:
            step = tol_act if step > 0 else -tol_act
        a, fa = b, fb
        b += step
        fb = f(b)
        if (fb > 0 and fc > 0) or (fb < 0 and fc < 0):
            c, fc = a, fa
    return b


def test_auc_is_the_exact_root_and_pROC_stops_within_its_tolerance():
    """pROC solves N_A(θ) = 41 by R's uniroot at tolerance 1.2e-4 and reports 0.6961054; the
    exact root is 0.69609969. R's root finder, run on the same equation (written here from
    the paper's Eq. 2–3, not the library), stops at pROC's value to 1e-7."""
    result = ab.power_test(ncases=41, ncontrols=72, sig_level=0.05, power=0.95)
    assert result.solved == "auc"
    assert abs(result.auc - PROC_AUC_41_72) < np.finfo(float).eps ** 0.25
    kappa = 72 / 41
    z_alpha, z_beta = _phi_inverse(1 - 0.05 / 2), _phi_inverse(0.95)

    def equation(theta):  # pROC's form: the squared Eq. 2 minus ncases, infinite at 0.5
        if theta == 0.5:
            return math.inf
        a = 1.414 * float(_phi_inverse(theta))
        va = 0.0099 * math.exp(-a * a / 2) * ((5 * a * a + 8) + (a * a + 8) / kappa)
        return float((z_alpha * mp.sqrt(0.0792 * (1 + 1 / kappa)) + z_beta * mp.sqrt(va)) ** 2 / (theta - 0.5) ** 2) - 41

    assert close(_r_zeroin(equation, 0.5, 1 - 1e-16), PROC_AUC_41_72)
    assert abs(equation(result.auc)) < 1e-9  # the library's root solves the equation


def test_power_from_data(asah):
    result = ab.power_test_data(asah["poor"], asah["s100b"])
    assert close(result.power, PROC_S100B_POWER)
    assert (result.ncases, result.ncontrols, result.sig_level) == (41, 72, 0.05)
    assert result.auc == ab.auc(asah["poor"], asah["s100b"])


def test_kappa_with_one_curve(asah):
    result = ab.power_test_data(asah["poor"], asah["s100b"], sig_level=0.05, power=0.9)
    assert close(result.ncases, PROC_S100B_SIZES_0_9[0], 1e-8) and close(result.ncontrols, PROC_S100B_SIZES_0_9[1], 1e-8)
    assert close(result.ncases / result.ncontrols, 41 / 72, 1e-15)
    result = ab.power_test_data(asah["poor"], asah["s100b"], sig_level=0.05, power=0.9, kappa=1)
    assert close(result.ncases, PROC_S100B_CASES_KAPPA_1, 1e-8) and result.ncontrols == result.ncases


#: Obuchowski et al. 2004, Table 4 as pROC's test suite has it (two cells corrected by pROC):
#: one-sided α = 0.05, power 0.9, at least 10 of each class.
KAPPAS = (0.25, 0.5, 1, 2, 4)
THETAS = (0.6, 0.7, 0.8, 0.9, 0.95)
TABLE_4_CONTROLS = [[84, 20, 10, 10, 10], [101, 25, 10, 10, 10], [135, 33, 14, 10, 10], [203, 50, 21, 20, 20],
                    [340, 84, 40, 40, 40]]
TABLE_4_CASES = [[334, 80, 40, 40, 40], [202, 49, 20, 20, 20], [135, 33, 14, 10, 10], [102, 25, 11, 10, 10],
                 [85, 21, 10, 10, 10]]


@pytest.mark.parametrize("i, kappa", list(enumerate(KAPPAS)))
def test_obuchowski_2004_table_4(i, kappa):
    for j, theta in enumerate(THETAS):
        result = ab.power_test(theta, sig_level=0.05, power=0.9, kappa=kappa, alternative="one-sided")
        cases, controls = math.ceil(result.ncases), math.ceil(result.ncontrols)
        # the table's rule: each class at least 10, the other then scaled by kappa
        assert max(10, (10 if cases < 10 else 0) * kappa, controls) == TABLE_4_CONTROLS[i][j]
        assert max(10, (10 if controls < 10 else 0) / kappa, cases) == TABLE_4_CASES[i][j]


# --- one curve: the formulas in mpmath, written from the papers ---------------------------------


def _phi_inverse(p):
    return mp.sqrt(2) * mp.erfinv(2 * mp.mpf(p) - 1)


def _printed_variance(theta, kappa):
    """Obuchowski et al. 2004, Eq. 3 with its printed constants."""
    a = mp.mpf("1.414") * _phi_inverse(theta)
    return mp.mpf("0.0099") * mp.exp(-a * a / 2) * ((5 * a * a + 8) + (a * a + 8) / kappa)


def _binormal_variance(a, b, kappa):
    """Obuchowski & McClish 1997, Eq. 4 with f, g the derivatives of Φ(a/√(1 + b²)), numerically."""
    area = lambda x, y: mp.ncdf(x / mp.sqrt(1 + y * y))  # noqa: E731
    f = mp.diff(lambda x: area(x, b), a)
    g = mp.diff(lambda y: area(a, y), b)
    return f * f * (1 + b * b / kappa + a * a / 2) + g * g * b * b * (1 + kappa) / (2 * kappa)


@pytest.mark.parametrize("theta, ncases, kappa, alpha", [(0.73, 41, 72 / 41, 0.05), (0.6, 300, 0.5, 0.01),
                                                         (0.8, 12, 4, 0.1), (0.51, 20000, 1, 0.05)])
def test_one_curve_power_and_size_against_mpmath(theta, ncases, kappa, alpha):
    with mp.workdps(40):
        z_alpha = _phi_inverse(1 - mp.mpf(alpha) / 2)
        va, v0 = _printed_variance(theta, kappa), mp.mpf("0.0792") * (1 + 1 / mp.mpf(kappa))
        d = mp.mpf(theta) - mp.mpf("0.5")
        power = mp.ncdf((mp.sqrt(ncases) * d - z_alpha * mp.sqrt(v0)) / mp.sqrt(va))
        size = (z_alpha * mp.sqrt(v0) + _phi_inverse(power) * mp.sqrt(va)) ** 2 / d**2
    result = ab.power_test(theta, ncases=ncases, kappa=kappa, sig_level=alpha)
    assert close(result.power, float(power), 1e-12) and close(result.alternative_variance, float(va), 1e-13)
    assert close(result.null_variance, float(v0), 1e-15)
    assert close(ab.power_test(theta, kappa=kappa, sig_level=alpha, power=float(power)).ncases, float(size), 1e-9)


@pytest.mark.parametrize("theta, kappa", [(0.6, 1), (0.73, 72 / 41), (0.9, 0.25), (0.99, 4)])
def test_eq_3_is_the_binormal_variance_at_b_1(theta, kappa):
    """Eq. 4 of Obuchowski & McClish at b = 1 (derivatives by numerical differentiation) is
    exp(−A²/2)·[(5A² + 8) + (A² + 8)/κ]/(32π) with A = √2·Φ⁻¹(θ); the printed 0.0099 and
    1.414 put Eq. 3 within 0.6% below it."""
    with mp.workdps(30):
        a = mp.sqrt(2) * _phi_inverse(theta)
        exact = _binormal_variance(a, mp.mpf(1), mp.mpf(kappa))
        closed = mp.exp(-a * a / 2) * ((5 * a * a + 8) + (a * a + 8) / kappa) / (32 * mp.pi)
        assert abs(exact - closed) < mp.mpf(10) ** -25
    library = ab.power_test(theta, ncases=50, kappa=kappa).alternative_variance
    assert -0.006 < library / float(exact) - 1 < 0


# --- two ROC curves: pROC's values ---------------------------------------------------------------


@pytest.mark.parametrize("method, power, ncases, ncontrols, level",
                         [(method, *values) for method, values in PROC_NDKA_WFNS.items()])
def test_two_curves_ndka_wfns(asah, method, power, ncases, ncontrols, level):
    args = (asah["poor"], asah["ndka"], asah["wfns"])
    result = ab.power_test_data(*args, method=method)
    assert close(result.power, power) and (result.ncases, result.ncontrols, result.sig_level) == (41, 72, 0.05)
    assert (result.auc1, result.auc2) == (ab.auc(args[0], args[1]), ab.auc(args[0], args[2]))
    assert result.alternative == "two-sided" and result.two_curves
    sized = ab.power_test_data(*args, power=0.9, method=method)
    assert close(sized.ncases, ncases) and close(sized.ncontrols, ncontrols) and sized.power == 0.9
    leveled = ab.power_test_data(*args, power=0.9, sig_level=None, method=method)
    assert close(leveled.sig_level, level) and (leveled.ncases, leveled.ncontrols) == (41, 72)


def test_two_curves_partial_areas_obuchowski(asah):
    """pROC: partial.auc = c(1, 0.9) on wfns and ndka, method "obuchowski", power 0.9."""
    result = ab.power_test_data(asah["poor"], asah["wfns"], asah["ndka"], power=0.9, method="obuchowski",
                                specificity=(1, 0.9))
    assert close(result.ncases, PROC_PARTIAL_SIZES[0]) and close(result.ncontrols, PROC_PARTIAL_SIZES[1])
    expected = [ab.partial_auc(asah["poor"], asah[name], range=(0.9, 1), resamples=None).auc for name in ("wfns", "ndka")]
    assert [result.auc1, result.auc2] == expected and result.distribution_free == ()


# --- the order of two curves: pROC takes the first as the null's reference (R calls in proc_reference.py)


def _order_data():
    rows = np.loadtxt(Path(__file__).parent / "data" / "power_order.csv", delimiter=",", skiprows=1)
    return rows[:, 0].astype(int), rows[:, 1], rows[:, 2]


@pytest.mark.parametrize("first, second", [("ndka", "wfns"), ("wfns", "ndka"), ("s100b", "ndka"), ("ndka", "s100b")])
def test_the_first_curve_is_the_null_reference_as_in_pROC(asah, first, second):
    result = ab.power_test_data(asah["poor"], asah[first], asah[second])
    assert close(result.power, PROC_POWER_ORDER[first, second], 1e-9) and result.null == "first"


def test_a_non_positive_null_variance_is_refused_where_pROC_gives_nan():
    y, a, b = _order_data()
    with pytest.raises(ValueError) as caught:
        ab.power_test_data(y, a, b)
    assert str(caught.value).startswith("`scores` must vary more than it covaries with the other curve when it is "
                                        "the null's reference (Obuchowski & McClish's V0 = 2·V1 − 2·C12 must be "
                                        "positive; pROC gives NaN here)")
    assert "V0 = -" in str(caught.value)
    assert PROC_POWER_ORDER["a", "b"] is None
    assert close(ab.power_test_data(y, b, a).power, PROC_POWER_ORDER["b", "a"], 1e-9)


@pytest.mark.parametrize("case", ["asah", "order"])
def test_the_null_variance_from_both_curves_is_order_free(asah, case):
    """null="both": V0 = VA, so the power is Φ(|z| − z_α/2) with DeLong's paired z (pROC's roc.test)."""
    labels, first, second, z = ((asah["poor"], asah["ndka"], asah["wfns"], PROC_PAIRED_Z["ndka", "wfns"])
                                if case == "asah" else (*_order_data(), PROC_PAIRED_Z["a", "b"]))
    with mp.workdps(30):
        expected = float(mp.ncdf(abs(mp.mpf(repr(z))) - _phi_inverse(1 - mp.mpf("0.025"))))
    powers = [ab.power_test_data(labels, *pair, null="both").power for pair in ((first, second), (second, first))]
    assert close(powers[0], expected, 1e-9) and close(powers[1], expected, 1e-9)
    result = ab.power_test_data(labels, first, second, null="both")
    assert result.null == "both" and result.null_variance == result.alternative_variance


def test_the_cli_says_which_curve_is_the_reference(cli):
    args = ("power", DATA, "--score", "ndka", "--score", "wfns", "--label", "outcome", "--positive", "Poor")
    first, both = cli(*args).stdout, cli(*args, "--null", "both").stdout
    assert "the null variance from 'ndka' alone (Obuchowski & McClish, pROC: the order of --score matters)" in first
    assert "the null variance from both scores (the same in either order)" in both
    order = Path(__file__).parent / "data" / "power_order.csv"
    message = cli_error_text(cli("power", order, "--score", "a", "--score", "b", "--label", "y"))
    assert message.startswith("Error: --score must vary more than it covaries with the other curve when it is the "
                              "null's reference")
    assert "give the curves in the other order, or set --null to 'both'" in message
    assert cli("power", order, "--score", "a", "--score", "b", "--label", "y", "--null", "both").exit_code == 0


def cli_error_text(result) -> str:
    assert result.exit_code == 2 and result.stdout == ""
    return result.stderr


def test_power_analysis_rows_start_with_the_asymptotic_answer():
    result = ab.power_test(0.73, ncases=41, ncontrols=72)
    first = result.rows[0]
    assert (first["method"], first["power"], first["effect"], first["guarantee"]) == ("obuchowski", result.power, 0.73,
                                                                                      "asymptotic")
    assert result.rows[1:] == [row.as_dict() for row in result.distribution_free]
    frame = result.to_frame()
    assert list(frame["method"]) == ["obuchowski", "mcdiarmid", "hoeffding"] and frame["power"][0] == result.power


def test_delta_is_the_former_name_of_difference():
    arguments = dict(rn=0.6, ra=0.6, fpr=(0, 0.2), power=0.8)
    with pytest.warns(DeprecationWarning, match="now called `difference`"):
        old = ab.power_test_binormal(2.6, 1, 1.9, 1, delta=0.037, **arguments)
    assert old == ab.power_test_binormal(2.6, 1, 1.9, 1, difference=0.037, **arguments)
    with pytest.raises(ValueError, match="`delta` must be left out when `difference` is given"):
        ab.power_test_binormal(2.6, 1, 1.9, 1, delta=0.037, difference=0.037, **arguments)


def test_the_binormal_fit_estimates_the_swapped_parameters():
    """pROC's fit (Φ⁻¹(Sp) on Φ⁻¹(Se)) of binormal scores with a = 0.75, b = 0.5 gives (a/b, −1/b) = (1.5, −2)."""
    from aucbound.empirical._power import _binormal_fit

    rng = np.random.default_rng(1)
    intercept, slope = _binormal_fit("scores", rng.normal(1.5, 2, 20000), rng.normal(0, 1, 20000))
    assert abs(intercept - 1.5) < 0.1 and abs(slope + 2) < 0.1


def test_kappa_with_two_curves(asah):
    """As pROC: the per-case variances are the data's; kappa sets ncontrols only."""
    args = (asah["poor"], asah["s100b"], asah["ndka"])
    result = ab.power_test_data(*args, sig_level=0.05, power=0.9)
    assert close(result.ncases, PROC_S100B_NDKA_SIZES[0], 1e-8) and close(result.ncontrols, PROC_S100B_NDKA_SIZES[1], 1e-8)
    result = ab.power_test_data(*args, sig_level=0.05, power=0.9, kappa=1)
    assert close(result.ncases, PROC_S100B_NDKA_SIZES[0], 1e-8) and result.ncontrols == result.ncases


def test_delong_covariance_matches_compare(asah):
    args = (asah["poor"], asah["ndka"], asah["wfns"])
    comparison = ab.compare(*args)
    result = ab.power_test_data(*args)
    variance = comparison.variance * 41  # VA is per case: 41 times Var(D̂)
    assert close(result.alternative_variance, variance, 1e-12)


def test_binormal_parameters_partial_area():
    """pROC's example of Obuchowski & McClish 1997 (partial areas over FPR 0–0.2, Δ = 0.037)."""
    parameters = dict(rn=0.6, ra=0.6, fpr=(0, 0.2), difference=0.037)
    result = ab.power_test_binormal(2.6, 1, 1.9, 1, power=0.8, sig_level=0.05, **parameters)
    assert close(result.ncases, PROC_BINORMAL_EXAMPLE[0]) and close(result.ncontrols, PROC_BINORMAL_EXAMPLE[0])
    result = ab.power_test_binormal(2.6, 1, 1.9, 1, power=0.8, sig_level=None, ncases=107, **parameters)
    assert close(result.sig_level, PROC_BINORMAL_EXAMPLE[1]) and (result.ncases, result.ncontrols) == (107, 107)
    result = ab.power_test_binormal(2.6, 1, 1.9, 1, sig_level=0.05, ncases=107, **parameters)
    assert close(result.power, PROC_BINORMAL_EXAMPLE[2]) and result.distribution_free == ()


@pytest.mark.parametrize("a, b, fpr", [(1.3, 0.7, (0, 0.3)), (2.6, 1.0, (0, 0.2)), (0.8, 1.4, (0.1, 0.5))])
def test_partial_area_derivatives_against_mpmath(a, b, fpr):
    """Table 1's f and g: the derivatives of ∫ Φ(a + b·Φ⁻¹(x)) dx over the FPR range, numerically."""
    from aucbound.empirical._power import _binormal_area, _partial_derivatives

    def area(x, y):
        lo = -mp.inf if fpr[0] == 0 else _phi_inverse(fpr[0])
        hi = mp.inf if fpr[1] == 1 else _phi_inverse(fpr[1])
        return mp.quad(lambda t: mp.ncdf(x + y * t) * mp.npdf(t), [lo, hi])

    with mp.workdps(20):
        f = mp.diff(lambda x: area(x, mp.mpf(b)), mp.mpf(a))
        g = mp.diff(lambda y: area(mp.mpf(a), y), mp.mpf(b))
        whole = area(mp.mpf(a), mp.mpf(b))
    got = _partial_derivatives(a, b, *fpr)
    assert close(got[0], float(f), 1e-11) and close(got[1], float(g), 1e-10)
    assert close(_binormal_area(a, b, fpr), float(whole), 1e-11)


def test_binormal_full_auc_by_auc_or_a():
    by_auc = ab.power_test_binormal(auc1=0.85, auc2=0.75, rn=0.5, ra=0.5, ncases=100)
    a1, a2 = (math.sqrt(2) * float(_phi_inverse(t)) for t in (0.85, 0.75))
    by_a = ab.power_test_binormal(a1, 1, a2, 1, rn=0.5, ra=0.5, ncases=100)
    assert close(by_auc.power, by_a.power, 1e-12) and close(by_auc.difference, 0.1, 1e-12)
    with mp.workdps(30):  # Eq. 2, 4, 5 with b = 1, r_A = r_N = r, κ = 1, written out
        r, kappa = mp.mpf("0.5"), 1
        a = [mp.sqrt(2) * _phi_inverse(t) for t in ("0.85", "0.75")]
        f = [mp.exp(-x * x / 4) / mp.sqrt(4 * mp.pi) for x in a]
        g = [-fk * x / 2 for fk, x in zip(f, a)]
        var = [fk**2 * (1 + 1 / kappa + x * x / 2) + gk**2 * (1 + kappa) / (2 * kappa) for fk, gk, x in zip(f, g, a)]
        cov = (f[0] * f[1] * (r + r / kappa + r * r * a[0] * a[1] / 2) + g[0] * g[1] * (r * r + kappa * r * r) / (2 * kappa)
               + f[0] * g[1] * r * r * a[0] / 2 + f[1] * g[0] * r * r * a[1] / 2)
        va, v0 = var[0] + var[1] - 2 * cov, 2 * var[0] - 2 * cov
        z = _phi_inverse(1 - mp.mpf("0.025"))
        power = mp.ncdf((mp.sqrt(100) * mp.mpf("0.1") - z * mp.sqrt(v0)) / mp.sqrt(va))
        size = (z * mp.sqrt(v0) + _phi_inverse("0.8") * mp.sqrt(va)) ** 2 / mp.mpf("0.1") ** 2  # docs/power.md: 99.2148
    assert close(by_auc.power, float(power), 1e-9)
    assert close(ab.power_test_binormal(auc1=0.85, auc2=0.75, rn=0.5, ra=0.5, power=0.8).ncases, float(size), 1e-9)


# --- the distribution-free rows ------------------------------------------------------------------


def _epsilon(method, m, n, log_level):
    c = (mp.mpf(1) / m + mp.mpf(1) / n) / 2 if method == "mcdiarmid" else 1 / (2 * mp.mpf(min(m, n)))
    return mp.sqrt(c * log_level), c


@pytest.mark.parametrize("method", ["mcdiarmid", "hoeffding"])
def test_guaranteed_power_and_sizes_from_their_definitions(method):
    theta, alpha, beta = mp.mpf("0.73"), mp.mpf("0.05"), mp.mpf("0.05")
    result = ab.power_test(0.73, ncases=41, ncontrols=72)
    row = {r.method: r for r in result.distribution_free}[method]
    with mp.workdps(30):
        epsilon, c = _epsilon(method, 41, 72, mp.log(2 / alpha))
        shortfall = theta - mp.mpf("0.5") - epsilon
        expected = 1 - mp.exp(-shortfall**2 / c) if shortfall > 0 else 0
    assert close(row.power, float(expected), 1e-12) if expected else row.power == 0.0
    # the exclusion size: the smallest N (41:72 split) whose interval at the AUC excludes 0.5
    N = row.exclusion_ncases + row.exclusion_ncontrols
    assert (row.exclusion_ncases, row.exclusion_ncontrols) == split_sample(N, "41/113")
    assert _epsilon(method, *split_sample(N, "41/113"), mp.log(2 / alpha))[0] <= theta - 0.5
    assert _epsilon(method, *split_sample(N - 1, "41/113"), mp.log(2 / alpha))[0] > theta - 0.5
    # the size for a guaranteed power 0.95: ε(δ) + t(β) ≤ θ − ½ at N, not at N − 1
    sized = {r.method: r for r in ab.power_test(0.73, power=0.95, kappa=72 / 41).distribution_free}[method]
    N = sized.ncases + sized.ncontrols

    def reached(k):
        m, n = split_sample(k, "41/113")
        return _epsilon(method, m, n, mp.log(2 / alpha))[0] + _epsilon(method, m, n, mp.log(1 / beta))[0] <= theta - 0.5

    assert (sized.ncases, sized.ncontrols) == split_sample(N, "41/113") and reached(N) and not reached(N - 1)


def test_guaranteed_power_holds_on_a_simulation():
    """At the design the Hoeffding row gives for power 0.8, a binormal pair with that AUC is rejected at least that often."""
    theta = 0.8
    row = {r.method: r for r in ab.power_test(theta, power=0.8).distribution_free}["hoeffding"]
    m, n = row.ncases, row.ncontrols
    epsilon = math.sqrt(math.log(2 / 0.05) / (2 * min(m, n)))
    rng = np.random.default_rng(7)
    shift = math.sqrt(2) * float(_phi_inverse(theta))
    rejected = 0
    for _ in range(200):
        pos, neg = rng.normal(shift, 1, m), rng.normal(0, 1, n)
        ranks = np.argsort(np.argsort(np.concatenate([pos, neg]))) + 1
        estimate = (ranks[:m].sum() - m * (m + 1) / 2) / (m * n)
        rejected += estimate - epsilon > 0.5
    assert rejected / 200 >= 0.8


def test_distribution_free_rows_of_each_solved_quantity():
    solved_level = ab.power_test(0.9, ncases=200, ncontrols=200, power=0.8, sig_level=None).distribution_free
    for row in solved_level:  # the smallest level with power 0.8, from ε(α) + t(β) = θ − ½
        c = (1 / 200 + 1 / 200) / 2 if row.method == "mcdiarmid" else 1 / 400
        room = 0.4 / math.sqrt(c) - math.sqrt(math.log(1 / 0.2))
        assert close(row.sig_level, 2 * math.exp(-room * room), 1e-12)
    solved_auc = ab.power_test(ncases=200, ncontrols=200, power=0.8).distribution_free
    for row in solved_auc:
        c = (1 / 200 + 1 / 200) / 2 if row.method == "mcdiarmid" else 1 / 400
        assert close(row.effect, 0.5 + math.sqrt(c) * (math.sqrt(math.log(40)) + math.sqrt(math.log(5))), 1e-12)
    # no answer: no AUC up to 1 has power 0.95 with McDiarmid at 41 and 72
    row = ab.power_test(ncases=41, ncontrols=72, power=0.95).distribution_free[0]
    assert row.method == "mcdiarmid" and row.effect is None and row.exclusion_ncases is None


def test_two_curves_distribution_free_is_the_difference_kernel(asah):
    result = ab.power_test_data(asah["poor"], asah["ndka"], asah["wfns"])
    row = {r.method: r for r in result.distribution_free}["hoeffding"]
    # Hoeffding's half-width for D is sqrt(2·ln(2/δ)/k): it excludes 0 from the smallest such k
    N = row.exclusion_ncases + row.exclusion_ncontrols
    gap = abs(result.difference)
    assert math.sqrt(2 * math.log(40) / min(split_sample(N, "41/113"))) <= gap
    assert math.sqrt(2 * math.log(40) / min(split_sample(N - 1, "41/113"))) > gap
    assert row.source.endswith("kernel in [-1, 1]")


def test_as_dict_is_plain():
    data = ab.power_test(0.73, ncases=41, ncontrols=72).as_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["distribution_free"][0]["method"] == "mcdiarmid" and data["guarantee"] == "asymptotic"


# --- bad input -------------------------------------------------------------------------------------


BAD = [
    (lambda: ab.power_test(0.4, ncases=10, alternative="greater"),
     "`auc` must be in (0.5, 1), above `auc0` for the alternative 'greater', but got 0.4."),
    (lambda: ab.power_test(0.6, ncases=10, auc0=0.5, alternative="less"),
     "`auc` must be in (0, 0.5), below `auc0` for the alternative 'less', but got 0.6."),
    (lambda: ab.power_test(float("nan"), ncases=10), "`auc` must be in (0, 1) and other than `auc0` = 0.5, but got nan."),
    (lambda: ab.power_test(0.7, ncases=10, auc0=0.7), "`auc` must be in (0, 1) and other than `auc0` = 0.7, but got 0.7."),
    (lambda: ab.power_test(0.7, ncases=10, auc0=1), "`auc0` must be in (0, 1), but got 1."),
    (lambda: ab.power_test(1e-200, ncases=10), "`auc` must be such that its variance VA of Eq. 3 is a positive float"),
    (lambda: ab.power_test(0.7, ncases=10, auc0=1e-200), "`auc0` must be such that its variance V0 of Eq. 3 is a "
                                                         "positive float"),
    (lambda: ab.power_test(0.7, ncases=10, kappa=0), "`kappa` must be a finite number > 0, but got 0."),
    (lambda: ab.power_test(0.7, ncases=-1), "`ncases` must be a finite number > 0, but got -1."),
    (lambda: ab.power_test(0.7, ncases=10, sig_level=1.5), "`sig_level` must be in (0, 1), but got 1.5."),
    (lambda: ab.power_test(0.7, ncases=10, power=1), "`power` must be in (0, 1), but got 1."),
    (lambda: ab.power_test(0.7), "`ncases` must be given when `power` is left out"),
    (lambda: ab.power_test(0.7, ncases=10, power=0.9), "`power` must be None (the quantity to solve for), or one of "
                                                       "`auc`, `ncases`, `sig_level` left out, but got 0.9."),
    (lambda: ab.power_test(0.7, ncases=10, ncontrols=20, kappa=2), "`kappa` must be left out when `ncases` and "
                                                                   "`ncontrols` are both given"),
    (lambda: ab.power_test(0.7, ncases=10, alternative="above"), "`alternative` must be one of 'two-sided', "
                                                                 "'one-sided', 'greater', 'less', but got 'above'."),
    (lambda: ab.power_test(ncases=1, power=0.9), "`ncases` must be above 2.43395"),
    (lambda: ab.power_test(0.73, ncases=1, power=0.999, sig_level=None), "`power` must be below 0.731016"),
    (lambda: ab.power_test(0.73, power=0.01), "`power` must be above 0.0183622"),
    (lambda: ab.power_test_data([0, 1, 1], [3, 1, 2]), "`scores` must have an AUC in (0, 1) (the scores must not "
                                                        "separate the classes perfectly), but got an AUC of 0."),
    (lambda: ab.power_test_data([0, 1, 0, 1], [1, 2, 1, 3], [1, 2, 3]), "`scores_b` must be as long as `scores` (4)"),
    (lambda: ab.power_test_data([0, 1, 0, 1], [1, 2, 3, 1.5], [1, 2, 3, 1.5]), "`scores_b` must have an AUC other than"),
    (lambda: ab.power_test_data([0, 1, 0, 1], [1, 2, 1, 3], [1, 3, 2, 3], method="bootstrap"),
     "`method` must be one of 'delong', 'obuchowski', but got 'bootstrap'."),
    (lambda: ab.power_test_data([0, 1, 0, 1], [1, 2, 3, 1.5], method="delong"), "`method` must be None or 'obuchowski'"),
    (lambda: ab.power_test_data([0, 1, 0, 1, 0, 1], [1, 2, 3, 4, 0, 5], [2, 3, 3, 3, 4, 3], method="obuchowski"),
     "`scores_b` must vary among the positives"),
    (lambda: ab.power_test_data([0, 1, 0, 1, 0, 1], [1, 2, 3, 4, 0, 5], kappa=2),
     "`kappa` must be left out unless `ncases`"),
    (lambda: ab.power_test_data([0, 1, 0, 1], [1, 2, 1, 3], [1, 3, 2, 3], specificity=(0.9, 1)),
     "`specificity` must be None unless method is 'obuchowski'"),
    (lambda: ab.power_test_data([0, 1, 0, 1], [1, 2, 3, 1.5], specificity=(0.9, 1)),
     "`specificity` must be None for one score column"),
    (lambda: ab.power_test_binormal(1, 1, 0.5, 1, rn=2, ra=0.5, ncases=10), "`rn` must be in [-1, 1], but got 2."),
    (lambda: ab.power_test_binormal(1, 1, 0.5, 1, rn=0.5, ra=0.5, fpr=(0.3, 0.1), ncases=10), "`fpr` must be a pair"),
    (lambda: ab.power_test_binormal(1, 1, 0.5, 1, rn=0.5, ra=0.5, auc1=0.8, ncases=10), "`a1` must be given, or else "
                                                                                        "`auc1` (exactly one"),
    (lambda: ab.power_test_binormal(1, 0, 0.5, 1, rn=0.5, ra=0.5, ncases=10), "`b1` must be a finite number > 0"),
    (lambda: ab.power_test_binormal(1, 1, 1, 1, rn=0.5, ra=0.5, ncases=10), "`difference` must be given when the two "
                                                                             "curves"),
    (lambda: ab.power_test_data([0, 1, 0, 1], [1, 2, 1, 3], [1, 3, 2, 3], null="second"),
     "`null` must be one of 'first', 'both', but got 'second'."),
]


@pytest.mark.parametrize("call, message", BAD, ids=[message[:40] for _, message in BAD])
def test_bad_input_names_the_parameter(call, message):
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value).startswith(message), str(error.value)


def test_bounds_named_in_errors_are_the_closed_forms():
    """The bounds in BAD at θ = 0.73, κ = 1, two-sided α = 0.05, from Eq. 2-3 in mpmath: the
    power of the smallest samples Φ(−z_α'·√V0/√VA), the power as α → 1 at N_A = 1,
    Φ(√N_A·(θ − ½)/√VA), and the fewest cases for an AUC below 1, (z_α'·√V0/½)²."""
    with mp.workdps(30):
        z, v0, va = _phi_inverse(1 - mp.mpf("0.025")), 2 * mp.mpf("0.0792"), _printed_variance("0.73", 1)
        shown = [mp.nstr(x, 6) for x in (mp.ncdf(-z * mp.sqrt(v0 / va)), mp.ncdf(mp.mpf("0.23") / mp.sqrt(va)),
                                         (2 * z * mp.sqrt(v0)) ** 2)]
    assert shown == ["0.0183622", "0.731016", "2.43395"]


# --- the command line ------------------------------------------------------------------------------


def _examples(cli) -> list[str]:
    text = cli("power", "--help").stdout
    block = text.split("Examples:")[1]
    return [line.strip() for line in block.splitlines() if line.strip().startswith("aucbound power")]


def test_every_help_example_runs(cli, tmp_path, monkeypatch):
    shutil.copy(DATA, tmp_path / "aSAH.csv")
    monkeypatch.chdir(tmp_path)
    examples = _examples(cli)
    assert len(examples) >= 5
    for line in examples:
        result = cli(*shlex.split(line)[1:])
        assert result.exit_code == 0 and result.stderr == "", (line, result.output)


def test_cli_gives_pROC_values(cli):
    result = cli("power", "--auc", "0.73", "--ncases", "41", "--ncontrols", "72", "--format", "json")
    data = json.loads(result.stdout)
    assert close(data["parameters"]["power"], PROC_POWER_41_72) and data["parameters"]["solved"] == "power"
    assert [row["method"] for row in data["results"]] == ["obuchowski", "mcdiarmid", "hoeffding"]
    result = cli("power", "--auc", "0.73", "--ncases", "41", "--ncontrols", "72", "--power", "0.95", "--format", "json")
    assert close(json.loads(result.stdout)["parameters"]["sig_level"], PROC_SIG_LEVEL_41_72)
    result = cli("power", "--ncases", "41", "--ncontrols", "72", "--power", "0.95", "--format", "json")
    assert abs(json.loads(result.stdout)["parameters"]["auc"] - PROC_AUC_41_72) < 1.3e-4
    result = cli("power", DATA, "--score", "ndka", "--score", "wfns", "--label", "outcome", "--positive", "Poor",
                 "--power", "0.9", "--method", "obuchowski", "--format", "json")
    assert close(json.loads(result.stdout)["parameters"]["ncases"], PROC_NDKA_WFNS_SIZES[0])
    result = cli("power", DATA, "--score", "s100b", "--label", "outcome", "--positive", "Poor", "--power", "0.9",
                 "--ncases", "41", "--format", "csv")
    assert result.exit_code == 0 and result.stdout.startswith("method,ncases,ncontrols,effect,sig_level,power,")


def test_cli_table(cli):
    result = cli("power", "--auc", "0.73", "--power", "0.95", "--kappa", "1.7")
    lines = result.stdout.splitlines()
    assert lines[1] == "solved for the sample size: ncases = 29.6702, ncontrols = 50.4393 (Obuchowski's formula, asymptotic)"
    assert re.match(r"hoeffding\s+127\s+215\s+0\.73\s+0\.05\s+0\.95\s+35 \+ 59\s+distribution-free", lines[7])
    # the numbers shown, from Eq. 2-3 in mpmath and from Hoeffding's half-width at the 10:17 split
    with mp.workdps(30):
        kappa, d = mp.mpf("1.7"), mp.mpf("0.23")
        v0 = mp.mpf("0.0792") * (1 + 1 / kappa)
        root = _phi_inverse(1 - mp.mpf("0.025")) * mp.sqrt(v0) + _phi_inverse("0.95") * mp.sqrt(_printed_variance("0.73", kappa))
        size = root**2 / d**2
        assert (mp.nstr(size, 6), mp.nstr(kappa * size, 6)) == ("29.6702", "50.4393")

        def excludes(N, log_levels):
            m, n = split_sample(N, "10/27")
            return sum(mp.sqrt(level / (2 * min(m, n))) for level in log_levels) <= d

        for N, (m, n), log_levels in [(342, (127, 215), (mp.log(40), mp.log(20))), (94, (35, 59), (mp.log(40),))]:
            assert split_sample(N, "10/27") == (m, n) and excludes(N, log_levels) and not excludes(N - 1, log_levels)


CLI_BAD = [
    (["--auc", "0.73"], "Error: leave out only the one quantity to solve for, but the sizes (--ncases/--ncontrols) "
                        "and --power are both left out."),
    (["--auc", "0.73", "--ncases", "41", "--power", "0.9", "--sig-level", "0.05"], "Error: leave out the one quantity"),
    (["--auc", "1", "--ncases", "41"], "Error: Invalid value for '--auc': 1.0 is not in the range 0<x<1."),
    (["--auc", "0.4", "--ncases", "41", "--alternative", "greater"],
     "Error: --auc must be in (0.5, 1), above --auc0 for the alternative 'greater', but got 0.4."),
    (["--auc", "0.8", "--auc0", "0", "--ncases", "41"], "Error: Invalid value for '--auc0': 0.0 is not in the range"),
    (["--auc", "0.8", "--ncases", "41", "--margin", "0.1"], "Error: --margin goes with two --score columns of a data "
                                                            "FILE; for one AUC, non-inferiority to A within a margin M "
                                                            "is --auc0 A-M --alternative greater."),
    (["--auc", "nan", "--ncases", "41"], "Error: --auc must be in (0, 1) and other than --auc0 = 0.5, but got nan."),
    (["--auc", "0.73", "--ncases", "41", "--kappa", "0"], "Error: Invalid value for '--kappa': 0.0 is not in the range x>0."),
    (["--auc", "0.73", "--ncases", "41", "--kappa", "inf"], "Error: --kappa must be a finite number > 0, but got inf."),
    (["--auc", "0.73", "--ncases", "41", "--sig-level", "1.5"], "Error: Invalid value for '--sig-level': 1.5 is not in"),
    (["--auc", "0.73", "--ncases", "41", "--ncontrols", "3", "--kappa", "2"],
     "Error: --kappa must be left out when --ncases and --ncontrols are both given (it is their ratio), but got 2.0."),
    (["--auc", "0.73", "--power", "0.01"], "Error: --power must be above 0.0183622, the power of the smallest samples "
                                           "at this --sig-level, but got 0.01."),
    (["--score", "s100b"], "Error: --score goes with a data FILE."),
    (["{data}", "--label", "outcome", "--positive", "Poor"], "Error: Invalid value for '--score': give one score column"),
    (["{data}", "--score", "s100b", "--positive", "Poor"], "Error: Missing option '--label'"),
    (["{data}", "--score", "s100b", "--label", "outcome", "--positive", "Poor", "--auc", "0.7"],
     "Error: --auc comes from the data with FILE: leave it out."),
    (["{data}", "--score", "s100b", "--label", "outcome", "--positive", "Good", "--alternative", "greater"],
     f"Error: --alternative must be 'less', 'two-sided' or 'one-sided' for an AUC of {1 - PROC_AUC['s100b']:.6g} "
     "against --auc0 = 0.5, but got 'greater'."),
    (["{data}", "--score", "s100b", "--score", "s100b", "--label", "outcome", "--positive", "Poor"],
     "Error: the second --score must have an AUC other than that of --score"),
    (["{data}", "--score", "s100b", "--label", "outcome", "--positive", "Poor", "--kappa", "2"],
     "Error: --kappa must be left out unless --ncases or --ncontrols is given"),
    (["{data}", "--score", "s100b", "--label", "outcome", "--positive", "Poor", "--method", "delong"],
     "Error: --method goes with two --score columns"),
]


@pytest.mark.parametrize("args, message", CLI_BAD, ids=[" ".join(args) for args, _ in CLI_BAD])
def test_cli_bad_input_is_one_line_and_exit_2(cli_error, args, message):
    args = [str(DATA) if arg == "{data}" else arg for arg in args]
    assert cli_error("power", *args).startswith(message)


# --- a null AUC θ0 other than ½, one-sided alternatives, non-inferiority margins -------------------
# Against Eq. 2–3 in mpmath (tests/reference.py): V0 = V(θ0), VA = V(θ1), effect θ1 − θ0; for two
# curves Obuchowski & McClish's Eq. 4–5 and the effect Δ + margin.

SIDES = {"two-sided": 2, "one-sided": 1, "greater": 1, "less": 1}

#: (θ1, θ0, ncases, κ, α, alternative): above and below θ0, each alternative, θ0 on both sides of ½
NULL_CASES = [
    (0.8, 0.7, 84, 1, 0.05, "greater"),
    (0.6, 0.7, 120, 2, 0.05, "less"),
    (0.9, 0.75, 40, 0.5, 0.01, "two-sided"),
    (0.65, 0.8, 60, 1.7, 0.05, "two-sided"),
    (0.55, 0.3, 200, 4, 0.1, "one-sided"),
    (0.2, 0.35, 150, 1, 0.05, "one-sided"),
]


@pytest.mark.parametrize("theta1, theta0, ncases, kappa, alpha, alternative", NULL_CASES)
def test_a_null_auc_against_mpmath(theta1, theta0, ncases, kappa, alpha, alternative):
    sides = SIDES[alternative]
    arguments = dict(auc0=theta0, kappa=kappa, alternative=alternative)
    power = ref.one_auc_power(theta1, theta0, ncases, kappa, alpha, sides)
    result = ab.power_test(theta1, ncases=ncases, sig_level=alpha, **arguments)
    assert close(result.power, float(power), 1e-9) and (result.auc0, result.auc) == (theta0, theta1)
    assert close(result.null_variance, float(ref.obuchowski_variance(theta0, kappa)), 1e-12)
    assert close(result.alternative_variance, float(ref.obuchowski_variance(theta1, kappa)), 1e-12)
    sized = ab.power_test(theta1, sig_level=alpha, power=0.8, **arguments)
    assert close(sized.ncases, float(ref.one_auc_cases(theta1, theta0, kappa, alpha, 0.8, sides)), 1e-9)
    leveled = ab.power_test(theta1, ncases=ncases, sig_level=None, power=0.5, **arguments)
    assert close(leveled.sig_level, float(ref.one_auc_level(theta1, theta0, ncases, kappa, 0.5, sides)), 1e-9)
    detected = ab.power_test(ncases=ncases, sig_level=alpha, power=0.8, **arguments)
    below = alternative == "less"
    assert (detected.auc < theta0) == below
    assert close(detected.auc, float(ref.one_auc_detectable(theta0, ncases, kappa, alpha, 0.8, sides, below)), 1e-9)


def test_auc0_one_half_is_the_default_to_the_bit():
    """At θ0 = ½ V0 is pROC's 0.0792·(1 + 1/κ): every pROC value above holds with auc0=0.5 too."""
    for arguments in (dict(auc=0.73, ncases=41, ncontrols=72), dict(auc=0.73, power=0.95, kappa=1.7),
                      dict(ncases=41, ncontrols=72, power=0.95), dict(auc=0.73, ncases=41, ncontrols=72, power=0.95,
                                                                       sig_level=None)):
        assert ab.power_test(**arguments, auc0=0.5) == ab.power_test(**arguments)
    assert ab.power_test(0.73, ncases=41, ncontrols=72).null_variance == 0.0792 * (1 + 41 / 72)


def test_one_sided_is_greater_or_less_by_the_side_of_the_effect():
    for theta1, side in ((0.8, "greater"), (0.6, "less")):
        one = ab.power_test(theta1, auc0=0.7, ncases=50, alternative="one-sided")
        named = ab.power_test(theta1, auc0=0.7, ncases=50, alternative=side)
        assert one.power == named.power and one.distribution_free == named.distribution_free
    # two-sided at θ1 and at the mirror image θ0 − (θ1 − θ0) differ only through V(θ1)
    up, down = (ab.power_test(t, auc0=0.7, ncases=50) for t in (0.8, 0.6))
    assert up.null_variance == down.null_variance and up.power != down.power


def _design_check(rows, method, gap, alpha, sides, rho, power=None):
    """The row's exclusion size (and its design for `power`) are the smallest at the ratio ρ."""
    row = rows[method]

    def excludes(m, n):
        return mp.sqrt(ref.deviation_constant(method, m, n) * mp.log(sides / mp.mpf(alpha))) <= gap

    def reached(m, n):
        return ref.power_reached(ref.deviation_constant(method, m, n), gap, alpha, power, sides)

    for meets, m, n in [(excludes, row.exclusion_ncases, row.exclusion_ncontrols)] + (
            [(reached, row.ncases, row.ncontrols)] if power is not None else []):
        N = m + n
        assert (m, n) == ref.design(N, rho) and meets(*ref.design(N, rho)) and not meets(*ref.design(N - 1, rho))


@pytest.mark.parametrize("theta1, theta0, ncases, kappa, alpha, alternative", NULL_CASES)
def test_distribution_free_rows_with_a_null_auc_against_mpmath(theta1, theta0, ncases, kappa, alpha, alternative):
    """Exclusion of θ0 instead of ½, with one tail (ln(1/α)) for a one-sided alternative."""
    sides, gap = SIDES[alternative], abs(mp.mpf(theta1) - mp.mpf(theta0))
    ncontrols = ncases * kappa
    rho = ref.skew(ncases / (ncases + ncontrols)) if float(ncontrols).is_integer() else ref.skew(1 / (1 + kappa))
    arguments = dict(auc0=theta0, alternative=alternative)
    rows = {r.method: r for r in ab.power_test(theta1, ncases=ncases, ncontrols=ncontrols, sig_level=alpha,
                                               **arguments).distribution_free}
    for method, row in rows.items():
        c = ref.deviation_constant(method, ncases, int(ncontrols))
        expected = ref.guaranteed_power(c, gap, alpha, sides)
        assert close(row.power, float(expected), 1e-12) if expected else row.power == 0.0
        _design_check(rows, method, gap, alpha, sides, rho)
    sized = {r.method: r for r in ab.power_test(theta1, kappa=kappa, sig_level=alpha, power=0.8,
                                                **arguments).distribution_free}
    for method in sized:
        _design_check(sized, method, gap, alpha, sides, ref.skew(1 / (1 + kappa)), power=0.8)
    big = 1000  # sizes at which every row has a level (Obuchowski's above the smallest float too)
    leveled = ab.power_test(theta1, ncases=big, ncontrols=big, sig_level=None, power=0.8, **arguments)
    detected = ab.power_test(ncases=big, ncontrols=big, sig_level=alpha, power=0.8, **arguments)
    for level_row, auc_row in zip(leveled.distribution_free, detected.distribution_free):
        c = ref.deviation_constant(level_row.method, big, big)
        assert close(level_row.sig_level, float(ref.guaranteed_level(c, gap, 0.8, sides)), 1e-12)
        expected = ref.guaranteed_auc(c, theta0, alpha, 0.8, sides, below=alternative == "less")
        assert close(auc_row.effect, float(expected), 1e-14)


def _binormal_a(auc):
    return math.sqrt(2) * float(_phi_inverse(auc))


#: (auc1, auc2, r_N, r_A, κ, margin, alternative, null): non-inferiority and one-sided tests of two curves
MARGIN_CASES = [
    (0.8, 0.8, 0.5, 0.5, 1, 0.05, None, None),
    (0.78, 0.8, 0.3, 0.6, 2, 0.1, "greater", "both"),
    (0.85, 0.8, 0.5, 0.5, 1, 0.0, None, None),
    (0.9, 0.8, 0.5, 0.4, 1.5, None, "greater", "first"),
    (0.7, 0.8, 0.5, 0.4, 1, None, "less", "both"),
    (0.7, 0.8, 0.6, 0.6, 0.5, None, "one-sided", "first"),
]


@pytest.mark.parametrize("auc1, auc2, rn, ra, kappa, margin, alternative, null", MARGIN_CASES)
def test_two_curves_with_a_margin_or_one_side_against_mpmath(auc1, auc2, rn, ra, kappa, margin, alternative, null):
    a1, a2 = _binormal_a(auc1), _binormal_a(auc2)
    v1, v2, c12 = ref.binormal_moments(a1, 1, a2, 1, rn, ra, kappa)
    va = v1 + v2 - 2 * c12
    null_used = null or ("both" if margin is not None else "first")
    v0 = va if null_used == "both" else 2 * v1 - 2 * c12
    effect = mp.mpf(auc1) - mp.mpf(auc2) + (margin or 0)
    sides = 1
    arguments = dict(rn=rn, ra=ra, kappa=kappa, margin=margin, alternative=alternative, null=null)
    result = ab.power_test_binormal(a1, 1, a2, 1, ncases=300, **arguments)
    assert result.alternative == (alternative or "greater") and result.null == null_used
    assert result.margin == margin and result.auc0 is None
    assert close(result.power, float(ref.eq2_power(effect, v0, va, 300, 0.05, sides)), 1e-9)
    sized = ab.power_test_binormal(a1, 1, a2, 1, power=0.9, **arguments)
    assert close(sized.ncases, float(ref.eq2_cases(effect, v0, va, 0.05, 0.9, sides)), 1e-9)
    leveled = ab.power_test_binormal(a1, 1, a2, 1, ncases=300, sig_level=None, power=0.5, **arguments)
    assert close(leveled.sig_level, float(ref.eq2_level(effect, v0, va, 300, 0.5, sides)), 1e-9)
    rho = ref.skew(1 / (1 + kappa))
    for row in sized.distribution_free:  # u = (D̂ + 1)/2 against (1 − margin)/2: the gap |Δ + margin|/2
        _design_check({row.method: row}, row.method, abs(effect) / 2, 0.05, sides, rho, power=0.9)


def test_non_inferiority_from_data_against_pROC_variances(asah):
    """s100b against ndka within 0.05: V0 = VA = 41·(var + var − 2·cov) of pROC's var() and cov(), the effect
    the difference of pROC's AUCs plus the margin, one-sided."""
    va = 41 * (PROC_VARIANCE["s100b"] + PROC_VARIANCE["ndka"] - 2 * PROC_COVARIANCE["s100b", "ndka"])
    effect = mp.mpf(PROC_AUC["s100b"]) - mp.mpf(PROC_AUC["ndka"]) + mp.mpf("0.05")
    result = ab.power_test_data(asah["poor"], asah["s100b"], asah["ndka"], margin=0.05)
    assert (result.alternative, result.null, result.margin) == ("greater", "both", 0.05)
    assert close(result.power, float(ref.eq2_power(effect, va, va, 41, 0.05, 1)), 1e-9)
    sized = ab.power_test_data(asah["poor"], asah["s100b"], asah["ndka"], margin=0.05, power=0.9)
    assert close(sized.ncases, float(ref.eq2_cases(effect, va, va, 0.05, 0.9, 1)), 1e-9)
    for row in result.distribution_free:
        c = ref.deviation_constant(row.method, 41, 72)
        assert close(row.power, float(ref.guaranteed_power(c, effect / 2, 0.05, 1)), 1e-9)


def test_one_curve_from_data_against_a_null_auc(asah):
    """s100b's AUC (pROC's 0.7313686) against θ0 = 0.6, one-sided, and below ½ with the classes swapped."""
    result = ab.power_test_data(asah["poor"], asah["s100b"], auc0=0.6, alternative="greater")
    assert close(result.power, float(ref.one_auc_power(PROC_AUC["s100b"], 0.6, 41, 72 / 41, 0.05, 1)), 1e-9)
    with pytest.warns(ab.BelowChanceWarning, match="below 1/2"):
        swapped = ab.power_test_data(~asah["poor"], asah["s100b"])
    assert close(swapped.power, float(ref.one_auc_power(1 - PROC_AUC["s100b"], 0.5, 72, 41 / 72, 0.05)), 1e-9)


def test_simulated_wald_test_against_eq2_and_the_exact_variance():
    """A small version of bench/power_null.py: at the design for θ0 = 0.7, θ1 = 0.8, power 0.8, one-sided
    α = 0.05 (84.19 cases and controls, run at 85 + 85), the test that rejects when (Â − θ0)/√(V0/85) > z_α
    on binormal scores (b = 1) with AUC 0.8 rejects as often as the normal approximation with the exact
    variance of the Mann–Whitney Â says (0.831), not Eq. 2's 0.804: Eq. 3's VA at 0.8 (0.1195 per case) is
    above the exact 0.0951, so Eq. 2 is conservative here (the variance model, not the solver)."""
    design = ab.power_test(0.8, auc0=0.7, power=0.8, alternative="greater")
    m = n = math.ceil(design.ncases)
    eq2 = float(ref.one_auc_power(0.8, 0.7, m, 1, 0.05, 1))
    z = _phi_inverse(0.95)
    exact_sd = mp.sqrt(ref.binormal_mann_whitney_variance(_binormal_a(0.8), m, n))
    expected = float(mp.ncdf((mp.mpf("0.1") - z * mp.sqrt(mp.mpf(design.null_variance) / m)) / exact_sd))
    rng = np.random.default_rng(2024)
    trials = 2000
    pos = rng.normal(_binormal_a(0.8), 1, (trials, m))
    neg = rng.normal(0, 1, (trials, n))
    ranks = np.argsort(np.argsort(np.concatenate([pos, neg], axis=1), axis=1), axis=1)[:, :m] + 1
    estimates = (ranks.sum(axis=1) - m * (m + 1) / 2) / (m * n)
    rejected = np.mean((estimates - 0.7) / math.sqrt(design.null_variance / m) > float(z))
    mcse = math.sqrt(expected * (1 - expected) / trials)
    assert abs(rejected - expected) < 3 * mcse and eq2 < expected
    assert round(eq2, 4) == 0.8036 and round(expected, 4) == 0.8309


MARGIN_BAD = [
    (lambda: ab.power_test_binormal(auc1=0.8, auc2=0.8, rn=0.5, ra=0.5, ncases=10, margin=0.05, null="first"),
     "`null` must be 'both' or left out with a `margin` (the first curve's V0 = 2·V1 − 2·C12 is the variance at a "
     "difference of 0, not at −margin), but got 'first'."),
    (lambda: ab.power_test_binormal(auc1=0.8, auc2=0.8, rn=0.5, ra=0.5, ncases=10, margin=0.05,
                                    alternative="two-sided"),
     "`alternative` must be 'greater' or left out with a `margin` (non-inferiority is one-sided: H1: difference > "
     "−margin), but got 'two-sided'."),
    (lambda: ab.power_test_binormal(auc1=0.7, auc2=0.8, rn=0.5, ra=0.5, ncases=10, margin=0.05),
     "`margin` must be above −difference = 0.1 (the difference to detect must lie in H1: difference > −margin), "
     "but got 0.05."),
    (lambda: ab.power_test_binormal(auc1=0.8, auc2=0.8, rn=0.5, ra=0.5, ncases=10, margin=1),
     "`margin` must be in [0, 1), but got 1."),
    (lambda: ab.power_test_binormal(auc1=0.7, auc2=0.8, rn=0.5, ra=0.5, ncases=10, alternative="greater"),
     "`alternative` must be 'less', 'two-sided' or 'one-sided' for a difference of -0.1, but got 'greater'."),
    (lambda: ab.power_test_binormal(auc1=0.8, auc2=0.8, rn=0.5, ra=0.5, ncases=10, difference=0),
     "`difference` must be a number in [-1, 1], other than 0 unless a `margin` is given, but got 0."),
    (lambda: ab.power_test_data([0, 1, 0, 1], [1, 2, 1, 3], auc0=0.6, margin=0.1),
     "`margin` must be None for one score column (non-inferiority to θ_ref within a margin is `auc0` = θ_ref − "
     "margin with `alternative` 'greater'), but got 0.1."),
    (lambda: ab.power_test_data([0, 1, 0, 1], [1, 2, 1, 3], [1, 3, 2, 3], auc0=0.6),
     "`auc0` must be None for two score columns"),
    (lambda: ab.power_test_data([0, 1, 0, 1, 0, 1], [1, 2, 3, 4, 0, 5], auc0=8 / 9),
     "`scores` must have an AUC other than `auc0` (there is no difference to detect), but got an AUC of 0.888889."),
    (lambda: ab.power_test_data([0, 1, 0, 1, 0, 1], [1, 2, 3, 4, 0, 5], alternative="less"),
     "`alternative` must be 'greater', 'two-sided' or 'one-sided' for an AUC of 0.888889 against `auc0` = 0.5, "
     "but got 'less'."),
    (lambda: ab.power_test(ncases=3, power=0.9, auc0=0.3, alternative="less"), "`ncases` must be above "),
]


@pytest.mark.parametrize("call, message", MARGIN_BAD, ids=[message[:40] for _, message in MARGIN_BAD])
def test_bad_null_or_margin_names_the_parameter(call, message):
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value).startswith(message), str(error.value)


def test_cli_auc0_and_margin_give_the_library_values(cli, asah):
    line = ["power", "--auc", "0.8", "--auc0", "0.7", "--power", "0.8", "--alternative", "greater", "--format", "json"]
    parameters = json.loads(cli(*line).stdout)["parameters"]
    assert close(parameters["ncases"], float(ref.one_auc_cases(0.8, 0.7, 1, 0.05, 0.8, 1)), 1e-12)
    assert (parameters["auc0"], parameters["alternative"]) == (0.7, "greater")
    table = cli("power", "--auc", "0.6", "--auc0", "0.7", "--ncases", "100", "--alternative", "less").stdout
    assert table.startswith("Test of AUC = 0.7 (one ROC curve, one-sided, H1: AUC < 0.7)\n")
    assert "reject when the one-sided interval excludes 0.7" in table
    line = ["power", DATA, "--score", "s100b", "--score", "ndka", "--label", "outcome", "--positive", "Poor",
            "--margin", "0.05"]
    text = cli(*line).stdout
    assert ("test of non-inferiority, H0: difference <= -0.05 against H1: difference > -0.05 (one-sided), variances "
            "by DeLong, the null variance from both scores") in text
    assert "reject when the one-sided interval excludes -0.05" in text
    parameters = json.loads(cli(*line, "--format", "json").stdout)["parameters"]
    assert parameters["power"] == ab.power_test_data(asah["poor"], asah["s100b"], asah["ndka"], margin=0.05).power
    assert (parameters["margin"], parameters["alternative"], parameters["null"]) == (0.05, "greater", "both")


def test_cli_below_one_half_warns_and_answers(cli):
    result = cli("power", DATA, "--score", "s100b", "--label", "outcome", "--positive", "Good")
    below = f"{1 - PROC_AUC['s100b']:.6g}"  # 0.268631
    assert result.exit_code == 0 and result.stderr.startswith(f"Warning: the AUC of 's100b' is {below}, below 1/2")
    assert result.stderr.count("\n") == 1
    assert f"AUC = {below}; test of AUC = 0.5 (two-sided)" in result.stdout
