"""McDiarmid, error-rate and finite-class bounds (Agarwal et al. 2005, §3, §3.2, §3.3)."""

import math

import mpmath as mp
import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import aucbound as ab
from tests import reference

sizes = st.integers(1, 10**9)
deltas = st.floats(1e-300, 0.999, allow_subnormal=False)


def test_check_values_by_hand():
    # m = 51, n = 58, δ = 0.05: sqrt(109·ln 40/(2·51·58)) = 0.260703 and sqrt(ln 40/(2·51)) = 0.190172
    assert ab.bounds.mcdiarmid_epsilon(51, 58, 0.05) == pytest.approx(0.260703, abs=1e-6)
    assert ab.bounds.hoeffding_epsilon(51, 58, 0.05) == pytest.approx(0.190172, abs=1e-6)


def test_mcdiarmid_epsilon_by_hand():
    # sqrt(150·ln 40/(2·100·50)) = sqrt(0.05533318…) = 0.235230…
    assert ab.bounds.mcdiarmid_epsilon(100, 50, 0.05) == pytest.approx(math.sqrt(150 * math.log(40) / 10000), rel=1e-15)
    assert ab.bounds.mcdiarmid_epsilon(100, 50, 0.05) == pytest.approx(0.2352300, abs=1e-7)


@given(sizes, sizes, deltas)
def test_tail_at_the_half_width_is_delta(m, n, delta):
    epsilon = ab.bounds.mcdiarmid_epsilon(m, n, delta)
    assert ab.bounds.mcdiarmid_tail(epsilon, m, n) == pytest.approx(delta, rel=1e-9)


def test_tail_is_capped_at_one():
    assert ab.bounds.mcdiarmid_tail(0.0, 10, 10) == 1.0
    assert ab.bounds.mcdiarmid_tail(0.01, 10, 10) == 1.0
    # 2·exp(−2·(100·100/200)·0.3²) = 2·exp(−9)
    assert ab.bounds.mcdiarmid_tail(0.3, 100, 100) == pytest.approx(2 * math.exp(-9), rel=1e-14)


def test_cor_3_5_sample_size_by_hand():
    # ln(200)/(2·0.09·0.0025) = 11774.04…; N = 11775 gives m = 1178 (ρN = 1177.5 rounds up), n = 10597
    assert ab.bounds.mcdiarmid_sample_size(0.05, 0.01, 0.1) == 11775
    assert math.log(200) / (2 * 0.09 * 0.0025) == pytest.approx(11774.04, abs=0.01)
    # ρ = ½ is the cheapest skew: ln(2/δ)/(ε²/2)
    assert ab.bounds.mcdiarmid_sample_size(0.1, 0.05, 0.5) == math.ceil(math.log(40) / 0.005)


@given(st.floats(1e-4, 0.99), deltas, st.floats(1e-3, 0.999))
def test_cor_3_5_inverts_cor_3_4(epsilon, delta, rho):
    # at the real-valued size N* = ln(2/δ)/(2ρ(1−ρ)ε²), m = ρN*, n = (1−ρ)N* give ε exactly
    N = math.log(2 / delta) / (2 * rho * (1 - rho) * epsilon**2)
    m, n = rho * N, (1 - rho) * N
    assert math.sqrt((m + n) * math.log(2 / delta) / (2 * m * n)) == pytest.approx(epsilon, rel=1e-9)
    # integer class sizes m = ρN rounded move mn/(m+n) from ρ(1−ρ)N by at most |1 − 2ρ|/2 + 1/(4N),
    # so the smallest integer design is within that much, over ρ(1−ρ), of N* — where neither class
    # is held at one example (there one example of the smaller class does better than ρN)
    assume(min(rho, 1 - rho) * N >= 2)
    size = ab.bounds.mcdiarmid_sample_size(epsilon, delta, rho)
    slack = (abs(1 - 2 * rho) / 2 + 0.25) / (rho * (1 - rho)) + 1
    assert N - slack <= size <= N + slack


def test_error_rate_eq_16_by_hand():
    assert ab.bounds.error_rate_sample_size(0.05, 0.01) == 1060  # ln 200/0.005 = 1059.66
    assert ab.bounds.error_rate_epsilon(1000, 0.05) == pytest.approx(math.sqrt(math.log(40) / 2000), rel=1e-15)
    assert ab.bounds.error_rate_tail(0.1, 100) == pytest.approx(2 * math.exp(-2), rel=1e-15)


@given(st.floats(1e-3, 0.999))
def test_figure_2_ratio(rho):
    # Cor 3.5 over Eq. 16 is exactly 1/(ρ(1−ρ)) before rounding
    assert ab.bounds.sample_size_ratio(rho) == pytest.approx(1 / (rho * (1 - rho)), rel=1e-15)
    assert ab.bounds.sample_size_ratio(rho) >= 4.0


def test_ratio_at_half_is_four():
    assert ab.bounds.sample_size_ratio(0.5) == 4.0


class TestFiniteClass:
    def test_one_function_is_mcdiarmid(self):
        assert ab.bounds.finite_class_epsilon(51, 58, 0.05, class_size=1) == ab.bounds.mcdiarmid_epsilon(51, 58, 0.05)

    def test_cor_3_9_is_mcdiarmid_at_delta_over_size(self):
        assert ab.bounds.finite_class_epsilon(300, 700, 0.05, class_size=1000) == pytest.approx(
            ab.bounds.mcdiarmid_epsilon(300, 700, 0.05 / 1000), rel=1e-14
        )

    def test_cor_3_9_by_hand(self):
        # sqrt((ln 10^6 + ln 200)/(2·¼·10^4))
        expected = math.sqrt((6 * math.log(10) + math.log(200)) / 5000)
        assert ab.bounds.finite_class_epsilon(5000, 5000, 0.01, class_size=10**6) == pytest.approx(expected, rel=1e-14)

    def test_huge_classes_through_logs(self):
        # |F| = 10^400 cannot be a float; ln|F| = 400 ln 10
        by_size = ab.bounds.finite_class_epsilon(10**6, 10**6, 0.05, class_size=10**400)
        by_log = ab.bounds.finite_class_epsilon(10**6, 10**6, 0.05, log_class_size=400 * math.log(10))
        assert by_size == pytest.approx(by_log, rel=1e-14)
        expected = math.sqrt((400 * math.log(10) + math.log(40)) / (2 * 0.25 * 2 * 10**6))
        assert by_size == pytest.approx(expected, rel=1e-14)

    def test_thm_3_8_tail_and_cor_3_10_size(self):
        # 2·100·exp(−2·¼·2000·0.01) = 200·e^(−10)
        assert ab.bounds.finite_class_tail(0.1, 1000, 1000, class_size=100) == pytest.approx(200 * math.exp(-10), rel=1e-14)
        # (ln 10^6 + ln 200)/(2·¼·0.0025) = 15291.04… → 15292
        assert ab.bounds.finite_class_sample_size(0.05, 0.01, 0.5, class_size=10**6) == 15292

    def test_size_and_log_size_are_alternatives(self):
        with pytest.raises(ValueError, match=r"`log_class_size` must be left out when `class_size` is given \(they are alternatives\)"):
            ab.bounds.finite_class_epsilon(10, 10, 0.05, class_size=3, log_class_size=1.0)

    @pytest.mark.parametrize("bad", [0, -3])
    def test_class_size_below_one(self, bad):
        with pytest.raises(ValueError, match=r"`class_size` must be an integer ≥ 1, but got " + str(bad)):
            ab.bounds.finite_class_epsilon(10, 10, 0.05, class_size=bad)


class TestNumerics:
    @pytest.mark.parametrize("m, n", [(10**15, 10**15), (1, 10**15), (10**15, 7), (3, 5)])
    @pytest.mark.parametrize("delta", [0.5, 1e-10, 1e-300])
    def test_mcdiarmid_and_hoeffding_against_mpmath(self, m, n, delta):
        assert ab.bounds.mcdiarmid_epsilon(m, n, delta) == pytest.approx(float(reference.mcdiarmid_epsilon(m, n, delta)), rel=1e-14)
        assert ab.bounds.hoeffding_epsilon(m, n, delta) == pytest.approx(float(reference.hoeffding_epsilon(m, n, delta)), rel=1e-14)

    def test_sample_size_at_tiny_delta_against_mpmath(self):
        with mp.workdps(50):
            exact = mp.log(2 / mp.mpf("1e-300")) / (2 * mp.mpf("0.3") * mp.mpf("0.7") * mp.mpf("1e-6") ** 2)
        assert ab.bounds.mcdiarmid_sample_size(1e-6, 1e-300, 0.3) == int(mp.ceil(exact))

    def test_vectorized_matches_scalars(self):
        m = np.array([1, 10, 100, 10**6])
        n = np.array([[5], [50]])
        grid = ab.bounds.mcdiarmid_epsilon(m, n, 0.05)
        assert grid.shape == (2, 4)
        for i in range(2):
            for j in range(4):
                assert grid[i, j] == ab.bounds.mcdiarmid_epsilon(int(m[j]), int(n[i, 0]), 0.05)

    def test_scalars_in_give_python_floats_out(self):
        assert type(ab.bounds.mcdiarmid_epsilon(10, 10, 0.05)) is float
        assert type(ab.bounds.mcdiarmid_sample_size(0.1, 0.05, 0.5)) is int
        assert type(ab.bounds.error_rate_sample_size(0.1, 0.05)) is int

    def test_vectorized_sample_sizes(self):
        sizes = ab.bounds.mcdiarmid_sample_size(np.array([0.1, 0.05]), 0.01, 0.5)
        assert sizes.tolist() == [ab.bounds.mcdiarmid_sample_size(0.1, 0.01, 0.5), ab.bounds.mcdiarmid_sample_size(0.05, 0.01, 0.5)]


class TestBadInput:
    @pytest.mark.parametrize("bad", [0, -1, 2.5, float("nan"), float("inf")])
    def test_sizes(self, bad):
        with pytest.raises(ValueError, match=r"^`m` must be an integer ≥ 1, but got "):
            ab.bounds.mcdiarmid_epsilon(bad, 10, 0.05)

    @pytest.mark.parametrize("bad", [0, 1, 1.5, -0.1, float("nan")])
    def test_delta(self, bad):
        with pytest.raises(ValueError, match=r"^`delta` must be in \(0, 1\), but got " + str(bad)):
            ab.bounds.mcdiarmid_epsilon(10, 10, bad)

    def test_first_bad_element_of_an_array_is_shown(self):
        with pytest.raises(ValueError, match=r"`n` must be an integer ≥ 1, but got 2.5\."):
            ab.bounds.mcdiarmid_epsilon(10, [3, 2.5, 0], 0.05)

    @pytest.mark.parametrize("bad", ["10", None, True, [1, "a"]])
    def test_types(self, bad):
        with pytest.raises(TypeError, match=r"`m` must be a number"):
            ab.bounds.mcdiarmid_epsilon(bad, 10, 0.05)

    def test_rho_and_epsilon(self):
        with pytest.raises(ValueError, match=r"`rho` must be a number in \(0, 1\), or a ratio p/q of integers in \(0, 1\), but got 1.0"):
            ab.bounds.mcdiarmid_sample_size(0.1, 0.05, 1.0)
        with pytest.raises(ValueError, match=r"`epsilon` must be in \(0, 1\), but got 0.0"):
            ab.bounds.mcdiarmid_sample_size(0.0, 0.05, 0.5)
