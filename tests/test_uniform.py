"""Uniform convergence (Agarwal et al. 2005, Thm 4.4, Cor 4.5) and Freund et al.'s Thm 4.14."""

import math

import mpmath as mp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab

LN3 = math.log(3)


def line_freund(m, n, delta):
    """Thm 4.14 for the line, s(F̂, N) = 4N + 1, so s(F̂, 2m) = 8m + 1."""
    return ab.freund_epsilon(None, m, n, delta, log_s_pos=np.log(8 * np.asarray(m) + 1.0),
                             log_s_neg=np.log(8 * np.asarray(n) + 1.0))


class TestHandValues:
    def test_line_at_5000_5000(self):
        # issue 4: sqrt(8·10^4·(ln 3 + ln 400)/(25·10^6)) = 0.150626; Freund et al. 0.237902
        assert ab.uniform_epsilon(None, 5000, 5000, 0.01, log_r=LN3) == pytest.approx(0.150626, abs=1e-6)
        assert line_freund(5000, 5000, 0.01) == pytest.approx(0.237902, abs=1e-6)

    def test_tail_inverts_epsilon(self):
        for m, n, delta, log_r in [(5000, 5000, 0.01, LN3), (10, 1000, 0.2, 30.0), (10**12, 10**12, 1e-300, 1e4)]:
            epsilon = ab.uniform_epsilon(None, m, n, delta, log_r=log_r)
            assert ab.uniform_tail(None, m, n, epsilon, log_r=log_r) == pytest.approx(delta, rel=1e-9)

    def test_tail_is_at_most_one(self):
        assert ab.uniform_tail(None, 10, 10, 0.01, log_r=LN3) == 1.0

    @given(st.integers(1, 10**12), st.integers(1, 10**12), st.floats(1e-300, 0.99), st.floats(0, 1e5))
    def test_against_mpmath(self, m, n, delta, log_r):
        with mp.workdps(50):
            expected = mp.sqrt(8 * mp.mpf(m + n) * (log_r + mp.log(4 / mp.mpf(delta))) / (mp.mpf(m) * n))
        assert ab.uniform_epsilon(None, m, n, delta, log_r=log_r) == pytest.approx(float(expected), rel=1e-12)

    def test_broadcasts_over_grids(self):
        m = np.array([10, 100, 1000])
        values = ab.uniform_epsilon(None, m, m, 0.01, log_r=LN3)
        assert values.shape == (3,)
        assert values.tolist() == [ab.uniform_epsilon(None, int(k), int(k), 0.01, log_r=LN3) for k in m]


class TestLineClass:
    def test_the_class_gives_the_hand_values(self):
        assert ab.uniform_epsilon(ab.Line(), 5000, 5000, 0.01) == ab.uniform_epsilon(None, 5000, 5000, 0.01, log_r=LN3)
        assert ab.freund_epsilon(ab.Line(), 5000, 5000, 0.01) == line_freund(5000, 5000, 0.01)

    @pytest.mark.parametrize("rho", [0.5, 0.1, 0.01, 0.001])
    def test_figure_3_cor_4_5_is_tighter_wherever_both_are_meaningful(self, rho):
        M = np.unique(np.geomspace(1 / rho + 1, 1e8, 400).astype(np.int64))
        m = np.maximum(1, np.round(rho * M)).astype(np.int64)
        n = M - m
        ours = ab.uniform_epsilon(ab.Line(), m, n, 0.01)
        freund = ab.freund_epsilon(ab.Line(), m, n, 0.01)
        meaningful = (ours < 0.5) & (freund < 0.5)
        assert meaningful.sum() > 50
        assert (ours[meaningful] < freund[meaningful]).all()


class TestNumerics:
    def test_dimension_ten_thousand_and_sizes_to_10_to_12(self):
        fclass = ab.Linear(10**4)
        for m, n in [(10**12, 10**12), (1, 10**12), (10**4, 10**4)]:
            assert math.isfinite(ab.uniform_epsilon(fclass, m, n, 1e-300))
            assert math.isfinite(ab.freund_epsilon(fclass, m, n, 1e-300))
        bound = ab.uniform_bound(fclass, 10**12, 10**12, 0.01)
        assert bound.epsilon < 0.01 and not bound.vacuous


class TestResults:
    def test_vacuous_is_flagged(self):
        bound = ab.uniform_bound(None, 10, 10, 0.05, log_r=LN3)
        assert bound.epsilon > 1 and bound.vacuous and bound.guarantee == "vacuous"

    def test_freund_needs_the_class(self):
        with pytest.raises(ValueError, match="`log_r`.*does not enter Freund"):
            ab.uniform_bound(None, 100, 100, 0.05, method="freund", log_r=LN3)

    def test_sample_size_is_the_first_admissible(self):
        size = ab.uniform_sample_size(None, 0.15, 0.01, "1/10", log_r=LN3)
        assert size.M % 10 == 0 and (size.m, size.n) == (size.M // 10, 9 * size.M // 10)
        assert ab.uniform_epsilon(None, size.m, size.n, 0.01, log_r=LN3) <= 0.15
        assert ab.uniform_epsilon(None, size.m - 1, size.n - 9, 0.01, log_r=LN3) > 0.15

    def test_unreachable_size_is_vacuous(self):
        size = ab.uniform_sample_size(None, 1e-160, 0.01, "1/2", log_r=LN3)
        assert size.M is None and size.vacuous


BAD = [
    (lambda: ab.uniform_epsilon(None, 0, 5, 0.05, log_r=1.0), r"`m` must be"),
    (lambda: ab.uniform_epsilon(None, 5, 5, 1.5, log_r=1.0), r"`delta` must be in \(0, 1\), but got 1.5\."),
    (lambda: ab.uniform_epsilon(None, 5, 5, 0.05), r"exactly one of `fclass` and `log_r` must be given"),
    (lambda: ab.uniform_epsilon(None, 5, 5, 0.05, log_r=-1.0), r"`log_r` must be"),
    (lambda: ab.freund_epsilon(None, 5, 5, 0.05, log_s_pos=1.0), r"give either `fclass` or both"),
    (lambda: ab.uniform_bound(None, 5, 5, 0.05, method="vc", log_r=1.0), r"`method` must be one of 'uniform', 'freund'"),
    (lambda: ab.uniform_sample_size(None, 0.1, 0.05, 1.2, log_r=1.0), r"`rho` must be a rational number"),
]


@pytest.mark.parametrize(("call", "message"), BAD)
def test_bad_input(call, message):
    with pytest.raises(ValueError, match="^" + message):
        call()
