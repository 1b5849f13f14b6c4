"""Regression tests for what a fuzz of the library and the command line found (bench/fuzz_cli.py).

Each test is one reproducer: a silently wrong number, a NaN, a raw warning, a traceback, a
message naming the wrong thing, or a run that took minutes. Library errors are checked with
pytest.raises and their message; command-line errors by the exit code 2 and the one
"Error: ..." line on stderr. Warnings are errors in the test configuration, so a run that
leaks one fails here. Expected values are derived beside each test, not taken from the code.
"""

from __future__ import annotations

import json
import math

import mpmath
import pytest

import aucbound as ab
from aucbound.bounds import chebyshev_epsilon


# --- NaN and raw warnings ---------------------------------------------------------------------


def test_chebyshev_lehmann_with_zero_variance_is_a_point_however_large_the_class(cli):
    # Lehmann's σ² at A = p1 = p2 = 0 is [0 + 9·0 + 9·0]/100 = 0: ε = σ/√(δ/K) = 0 for any K,
    # where 0·(1/√(δ/K)) was 0·∞ = NaN once ln K = 1500 made 1/√(δ/K) overflow.
    result = cli("interval", "--m", 10, "--n", 10, "--auc", 0, "--p1", 0, "--p2", 0, "--method", "chebyshev-lehmann",
                 "--log-class-size", 1500, "--format", "json")
    assert result.exit_code == 0 and result.stderr == ""
    (row,) = json.loads(result.stdout)["results"]
    assert (row["epsilon"], row["lo"], row["hi"]) == (0.0, 0.0, 0.0)


def test_chebyshev_lehmann_with_a_positive_variance_and_a_huge_class_is_vacuous(cli):
    # σ² = [0.25 + 9·(0.3 − 0.25)·2]/100 > 0 and 1/√(0.05·e^−1500) = e^750/√0.05 is beyond a float
    result = cli("interval", "--m", 10, "--n", 10, "--auc", 0.5, "--p1", 0.3, "--p2", 0.3, "--method",
                 "chebyshev-lehmann", "--log-class-size", 1500, "--format", "json")
    assert result.exit_code == 0 and result.stderr == ""
    (row,) = json.loads(result.stdout)["results"]
    assert row["guarantee"] == "vacuous" and (row["lo"], row["hi"]) == (0.0, 1.0)


def test_chebyshev_epsilon_is_zero_or_infinite_at_the_ends():
    assert chebyshev_epsilon(0.0, 5e-324) == 0.0
    assert chebyshev_epsilon(1e200, 1e-300) == math.inf  # 1e200·1e150 is beyond the largest float
    assert chebyshev_epsilon(0.1, 0.01) == pytest.approx(1.0, rel=1e-15)  # 0.1/√0.01


# --- the last bits ------------------------------------------------------------------------------

#: Sizes whose float half-width was 1–3 ulp below the exact one (sample_size returned a later N).
BOUNDARIES = [("chebyshev-max", "3/10", 0.05, 1532, 0.5), ("chebyshev-max", "1/3", 0.05, 2735, 0.5),
              ("chebyshev-max", "3/10", 0.01, 2495, 0.95), ("chebyshev-max", "3/10", 0.3, 4835, None),
              ("chebyshev-max", "1/10", 0.1, 4505, 0.5), ("mcdiarmid", "3/10", 0.01, 778, None),
              ("hoeffding", "1/3", 0.05, 2735, 0.5), ("normal-max", "3/10", 0.01, 2495, 0.95)]


@pytest.mark.parametrize("method, rho, delta, N, auc", BOUNDARIES)
def test_sample_size_agrees_with_interval_at_the_half_width_of_interval(method, rho, delta, N, auc):
    """ε = interval's half-width at N, which is below its half-width at N − 1: the smallest
    size with a half-width ≤ ε is N, and interval agrees at N and N − 1 to the last bit."""
    from aucbound.bounds import split_sample

    epsilon = ab.interval(*split_sample(N, rho), delta, method=method, auc=auc).epsilon
    assert ab.interval(*split_sample(N - 1, rho), delta, method=method, auc=auc).epsilon > epsilon
    assert ab.sample_size(epsilon, delta, rho, method=method, auc=auc).N == N


def test_the_half_width_is_the_exact_one_rounded_up():
    """chebyshev-max without Â at m = 460: 1/(2·sqrt(460·0.05)) = 1/sqrt(92), by mpmath at 50
    digits; the float reported is the smallest float at or above it."""
    import mpmath

    with mpmath.workdps(50):
        exact = 1 / mpmath.sqrt(92)
    got = ab.interval(460, 1072, 0.05, method="chebyshev-max").epsilon
    assert mpmath.mpf(got) >= exact and mpmath.mpf(math.nextafter(got, 0)) < exact


@pytest.mark.parametrize("auc", [0.9, 0.3, 0.123456789, 1 - 2**-53, 5e-324])
@pytest.mark.parametrize("variance", [5e-324, 1e-320, 1e-40])
def test_delong_logit_contains_its_estimate_at_a_tiny_variance(auc, variance):
    # expit(logit(0.9)) is 0.8999999999999999: a half-width of 1e-160 left 0.9 outside
    result = ab.interval(10, 10, 0.05, method="delong-logit", auc=auc, variance=variance)
    assert result.lo <= auc <= result.hi


def test_newcombe_contains_its_estimate_next_to_zero():
    # the grid from 1 towards Â = 5e-324 ended at 1 + (5e-324 − 1) = 0: hi was 0 < Â
    result = ab.interval(10**6, 1, 0.9999999999999999, method="newcombe", auc=5e-324)
    assert result.lo <= 5e-324 <= result.hi


@pytest.mark.parametrize("method", [key for key, spec in ab.METHODS.items() if not spec.needs_scores])
def test_every_closed_form_interval_contains_its_estimate_at_the_ends(method):
    for auc in (0.0, 5e-324, 1e-300, 0.5, 1 - 2**-53, 1.0):
        for m, n, delta in ((1, 1, 0.05), (10**6, 1, 0.9999999999999999), (10**15, 10**9, 1e-300)):
            options = {"auc": auc}
            if "lehmann" in method or method == "bernstein":
                options.update(p1=auc, p2=auc)
            if "delong" in method:
                options["variance"] = 5e-324
            result = ab.interval(m, n, delta, method=method, **options)
            assert 0 <= result.lo <= auc <= result.hi <= 1, (auc, m, n, delta)


# --- runs that took minutes ----------------------------------------------------------------------


def test_every_test_set_size_at_epsilon_1e_300_is_quick(cli):
    """Once 45 s: Newcombe's floating-point width is 0 near Â = 1 below 1e-16, so its float
    search stopped early and the exact search then stepped by doubling up to 10^300, a
    normal quantile at each new precision. Now one exact test at 10^300 settles it."""
    import time

    import mpmath

    start = time.monotonic()
    result = cli("sample-size", "--epsilon", "1e-300", "--delta", "0.5", "--rho", "1/2", "--auc", "1",
                 "--log-class-size", "700", "--all", "--format", "json")
    assert time.monotonic() - start < 20
    assert result.exit_code == 0 and result.stderr == ""
    sizes = {row["method"]: row["N"] for row in json.loads(result.stdout)["results"]}
    assert sizes["newcombe"] is None and sizes["mcdiarmid"] is None
    # normal-min at Â = 1: {A : (1 − A)² ≤ c²A(1 − A)/(mn)} = [mn/(mn + c²), 1], of half-width
    # c²/(mn + c²) ≤ ε when m = n = N/2 reach N ≥ 2c·sqrt((1 − ε)/ε) ≈ 2c·10^150, with
    # c = Φ⁻¹(1 − δ/(2K)), ln(δ/(2K)) = ln 0.25 − 700
    with mpmath.workdps(30):
        c = mpmath.findroot(lambda z: mpmath.log(mpmath.ncdf(-z)) - (mpmath.log(0.25) - 700), 37)
        expected = 2 * c * mpmath.mpf(10) ** 150
    assert abs(int(sizes["normal-min"]) / expected - 1) < 1e-12


# --- tracebacks and messages of power -------------------------------------------------------------


@pytest.mark.parametrize("sig_level", [5e-324, 1e-320])
def test_power_at_the_smallest_levels(cli, sig_level):
    """Once a math domain error (α/2 = 0 for α = 5e-324) and "the delta must be in (0, 1), but
    got nan" (2/1e-320 overflows). Obuchowski's power by mpmath: Φ((√10·0.01 − z·√V0)/√VA),
    Φ(−z) = α/2, V0 = 0.0792·2, VA = 0.0099·e^(−A²/2)·((5A² + 8) + (A² + 8)), A = 1.414·Φ⁻¹(0.51)."""
    import mpmath

    result = cli("power", "--sig-level", sig_level, "--auc", "0.51", "--ncases", "10", "--format", "json")
    assert result.exit_code == 0 and result.stderr == ""
    power = json.loads(result.stdout)["parameters"]["power"]
    with mpmath.workdps(40):
        z = mpmath.findroot(lambda t: mpmath.log(mpmath.ncdf(-t)) - mpmath.log(mpmath.mpf(sig_level) / 2), 38)
        a = mpmath.mpf("1.414") * mpmath.sqrt(2) * mpmath.erfinv(2 * mpmath.mpf("0.51") - 1)
        va = mpmath.mpf("0.0099") * mpmath.exp(-a * a / 2) * ((5 * a * a + 8) + (a * a + 8))
        expected = mpmath.ncdf((mpmath.sqrt(10) * mpmath.mpf("0.01") - z * mpmath.sqrt(mpmath.mpf("0.1584"))) /
                               mpmath.sqrt(va))
    assert power == pytest.approx(float(expected), rel=1e-9, abs=5e-324)  # a subnormal: a multiple of 5e-324


# --- plots at the ends of their ranges ---------------------------------------------------------------


@pytest.mark.parametrize("low", ["1e-150", "1e-155", "1e-300"])
def test_sample_complexity_plot_down_to_tiny_epsilon(cli, tmp_path, low):
    """Sizes near 10^300 on a log axis: matplotlib's margins and tick search passed the largest
    float (an overflow warning at 1e-150, an OverflowError traceback at 1e-155). The points drawn are
    Agarwal & Roth's Thm 1 (a finite class of 1000, ρ = ½, δ = 0.01), from its formula in mpmath."""
    import csv

    from tests import reference as ref

    out, data = tmp_path / "sc.svg", tmp_path / "sc.csv"
    result = cli("plot", "sample-complexity", "--epsilon-range", low, "0.5", "--class", "finite", "--size", "1000",
                 "--out", out, "--data", data)
    assert result.exit_code == 0 and result.stderr == "" and out.stat().st_size > 0
    with data.open(newline="") as stream:
        points = [(float(row["x"]), float(row["y"])) for row in csv.DictReader(stream)
                  if row["series"].startswith("Agarwal & Roth 2005, Thm 1")]
    assert points and min(epsilon for epsilon, _ in points) < 1e-100
    for epsilon, M in points:  # ⌈·⌉ to a multiple of 2 at ρ = ½ (M = m + n with m = n)
        assert M == pytest.approx(float(2 * mpmath.ceil(ref.thm1_value(epsilon, 0.01, "1/2", 1000, 0) / 2)), rel=1e-12)


def test_sample_complexity_plot_of_tiny_epsilon_and_a_large_class_is_quick(cli, tmp_path):
    """Once minutes: each exact size near 10^250 took hundreds of face counts of 9001 terms each."""
    import time

    start = time.monotonic()
    result = cli("plot", "sample-complexity", "--epsilon-range", "1e-160", "1e-100", "--class", "linear", "--d", "9000",
                 "--out", tmp_path / "sc.svg")
    assert result.exit_code == 0 and result.stderr == ""
    assert time.monotonic() - start < 30


@pytest.mark.parametrize("D", [2, 3, 10, 50, 300])
def test_face_counts_far_beyond_their_dimension(D):
    """The closed forms used for N ≥ 2^60·D² against the exact integer counts."""
    from aucbound.shatter import (arrangement_faces, central_arrangement_faces, log_arrangement_faces,
                                  log_central_arrangement_faces)

    N = 2**60 * D * D + 12345
    assert log_arrangement_faces(N, D) == pytest.approx(math.log(arrangement_faces(N, D)), rel=4e-16)
    assert log_central_arrangement_faces(N, D) == pytest.approx(math.log(central_arrangement_faces(N, D)), rel=4e-16)


@pytest.mark.parametrize("rho", ["1e-17", "1e-300", "0.9999999999999999"])
def test_fig3_refuses_a_skew_with_no_positive_on_its_axis(cli_error, tmp_path, rho):
    """Once a TypeError from geomspace (1e-17) and, for 1e-15, "the m must be an integer ≥ 1,
    but got -9206.0": the M axis ends at 10^15, where ρ·M rounds below 1."""
    error = cli_error("plot", "fig3", "--rho", rho, "--out", tmp_path / "f.svg")
    assert error.startswith("Error: --rho must be a skew whose classes both reach one example (m = ρ·M rounded ≥ 1")
    assert error.rstrip().endswith(f"but got {rho}.")


def test_fig3_draws_a_skew_of_1e_15(cli, tmp_path):
    """At ρ = 1e-15 the axis starts where m = ρ·M, rounded half up as the class split rounds it, reaches one
    example: M = 5·10^14 (m = ½ rounds to 1); every size drawn is whole and has m ≥ 1."""
    import csv
    from fractions import Fraction

    data = tmp_path / "f.csv"
    result = cli("plot", "fig3", "--rho", "1e-15", "--out", tmp_path / "f.svg", "--data", data)
    assert result.exit_code == 0 and result.stderr == ""
    with data.open(newline="") as stream:
        sizes = {float(row["x"]) for row in csv.DictReader(stream)}
    rho = Fraction(1, 10**15)
    assert min(sizes) == 5 * 10**14
    assert all(M == int(M) and math.floor(rho * int(M) + Fraction(1, 2)) >= 1 for M in sizes)


def test_fig3_names_max_size_when_it_is_the_one_too_small(cli_error, tmp_path):
    error = cli_error("plot", "fig3", "--rho", "1e-12", "--max-size", "1000", "--out", tmp_path / "f.svg")
    assert error == "Error: --max-size must be at least 500000000000 (one positive at ρ = 1e-12), but got 1000.\n"


def test_fig1_names_rho_when_no_range_of_sizes_reaches_a_positive(cli_error, tmp_path):
    error = cli_error("plot", "fig1", "--rho", "1e-300", "--out", tmp_path / "f.svg")
    assert error == ("Error: --rho must be a skew with a positive among at most 10^12 examples (1/ρ ≤ 10^12), "
                     "but got 1e-300.\n")


def test_fig2_names_the_skew_range_whose_ratio_passes_10_250(cli_error, tmp_path):
    """Below ρ = 1e-250 the ratio 1/(ρ(1−ρ)) passes 10^250 and matplotlib's log axis overflowed while
    drawing (a raw RuntimeWarning, found by the hypothesis test of the plots' ranges): refused up front.
    (Above it every size is below 10^300 at ε ≥ 1e-10, so the earlier refusal of sizes beyond 10^300
    is this one now.)"""
    for low in ("1e-300", "1e-251"):
        error = cli_error("plot", "fig2", "--rho-range", low, "0.5", "--out", tmp_path / "f.svg")
        assert error.startswith("Error: --rho-range must be skews of at least 1e-250")


def test_a_skew_just_below_one_is_a_skew():
    """0.9999999999999999 is in (0, 1): it was taken for the fraction 1 (the nearest with a small
    denominator) and refused; now it is its exact binary value."""
    from fractions import Fraction

    from aucbound._validate import skew

    assert skew("rho", 0.9999999999999999) == Fraction(0.9999999999999999) < 1
    assert skew("rho", 0.1) == Fraction(1, 10)


def test_fig2_refuses_an_epsilon_whose_exact_sizes_take_minutes(cli_error, tmp_path):
    """Once over 30 s without a word: 197 exact sizes of about 10^203 examples each."""
    error = cli_error("plot", "fig2", "--delta", "5e-324", "--epsilon", "1e-100", "--out", tmp_path / "f.svg")
    assert error.startswith("Error: --epsilon must be at least 1e-10 (below, every ratio is its limit already")


def test_fig2_at_its_smallest_epsilon_and_delta(cli, tmp_path):
    """Figure 2's ratio N/N_err at ε = 1e-10: McDiarmid's size over Hoeffding's error-rate size, which is
    1/(ρ(1 − ρ)) up to the rounding of two sizes near 10^23 (the paper's Figure 2 limit)."""
    import csv

    data = tmp_path / "f.csv"
    result = cli("plot", "fig2", "--delta", "5e-324", "--epsilon", "1e-10", "--out", tmp_path / "f.svg",
                 "--data", data)
    assert result.exit_code == 0 and result.stderr == ""
    with data.open(newline="") as stream:
        rows = [row for row in csv.DictReader(stream) if row["series"].startswith("McDiarmid")]
    assert rows
    for row in rows:
        rho = float(row["x"])
        assert float(row["y"]) == pytest.approx(1 / (rho * (1 - rho)), rel=1e-6)


# --- coverage of large data sets ------------------------------------------------------------------


def test_coverage_of_large_data_sets_reports_progress_block_by_block():
    """Once a block of 500 trials of 10^6 scores: 4.6 GB and over 30 s before the first report.
    Now a block holds at most 10^7 scores: two trials of 5·10^6 here, one report each."""
    from aucbound.simulate._coverage import BLOCK, block_size

    assert block_size(50, 50) == BLOCK and block_size(10**6, 300) == 9 and block_size(10**8, 1) == 1
    reports = []
    ab.coverage("binormal", 5 * 10**6, 1, 0.05, methods=["hoeffding"], trials=2, seed=1,
                progress=lambda done, total: reports.append((done, total)))
    assert reports == [(1, 2), (2, 2)]


def test_the_learning_plots_report_progress():
    """plot fig4 --trials 1000 ran minutes without a word: the plots that run an experiment
    pass the command's progress bar on to it."""
    from aucbound import plots

    reports = []
    plots.fig4(ms=[20], ns=[20], trials=2, progress=lambda done, total: reports.append((done, total)))
    assert reports and reports[-1][0] == reports[-1][1]
    reports.clear()
    plots.rankboost_normal_figure(size=50, rounds=25, progress=lambda done, total: reports.append((done, total)))
    assert reports and reports[-1][0] == reports[-1][1]


def test_compare_intervals_contain_the_difference():
    """The difference's interval is mapped from the kernel's scale u = (D + 1)/2: at δ near 1
    (a half-width of about 1e-16) 2u − 1 rounded past D, and [lo, hi] left the estimate out."""
    labels = [0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 1]
    second = [0.328, -0.312, 0.459, 0.527, 1.045, -0.23, -0.592, -0.605, -0.986, -0.045, -0.786, 1.069, -1.869,
              -1.094, -0.953, -2.093, 1.902, -2.408, -0.283, -0.525]
    result = ab.compare(labels, [0.5] * 20, second, delta=0.9999999999999999)
    for row in result.rows:
        assert row.lo <= result.difference <= row.hi, row.method


def test_power_sizes_at_a_tiny_power_draw_no_warning_of_the_librarys_own_level(cli):
    """The distribution-free rows solve for a design at an internal level that may exceed ½ (here the power
    5e-324 makes ln(2/δ) < ln 4): that is no mistaken δ of the user's, so no LevelWarning reaches the output."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        result = ab.power_test(0.73, ncontrols=10, power=5e-324, sig_level=None, alternative="one-sided")
    assert result.solved == "sig_level"
    run = cli("power", "--auc", "0.73", "--ncontrols", "10", "--power", "5e-324", "--alternative", "one-sided")
    assert run.exit_code == 0 and run.stderr == ""


def test_mcclish_beyond_every_float_is_refused_naming_the_range():
    """Over specificities (0, 5e-324) the area of this curve is below the chance diagonal's by far more than
    max − min = (b − a)(a + b)/2 ≈ 1e-647, so McClish's (1 + (area − min)/(max − min))/2 is about −1e323,
    beyond every float: refused, not an OverflowError."""
    labels = ["Good"] * 4 + ["Poor", "Good", "Poor"] + ["Good"] * 3
    scores = [-2, -3, -3, 1, -1, -3, 1, -1, 0, 2]
    with pytest.raises(ValueError, match=r"^`range` must be wide enough that McClish's standardisation"):
        ab.partial_auc(labels, scores, range=(0, 5e-324), correct=True, pos_label="Poor")
    assert ab.partial_auc(labels, scores, range=(0, 5e-324), pos_label="Poor", resamples=None).auc >= 0


def test_a_range_of_sizes_longer_than_python_can_count_is_refused_by_its_end(cli_error):
    # len(range(1, 10**30 + 1)) is an OverflowError; the range's last end is the value to name
    huge = 10**30
    with pytest.raises(ValueError, match=f"`sizes` must be an integer from 1 to 3000, but got {huge}"):
        ab.reductions.tight_examples(range(1, huge + 1))
    assert f"got {huge}." in cli_error("tournaments", "--examples", "--n", f"1..{huge}", "--epsilon", "1/97")


@pytest.mark.parametrize("method", ["dkw", "kolmogorov", "berk-jones"])
def test_a_band_refuses_a_delta_whose_half_is_not_a_float(method):
    # δ = 5e-324 made δ/2 = 0 and the DKW width a math domain error
    with pytest.raises(ab.ParameterError, match=r"`delta` must be at least 1e-300 for a band .* but got 5e-324"):
        ab.roc_band([0, 1, 0, 1, 1, 0], [0.1, 0.5, 0.2, 0.3, 0.9, 0.4], method=method, delta=5e-324)
