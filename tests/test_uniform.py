"""Uniform convergence (Agarwal et al. 2005, Thm 4.4, Cor 4.5) and Freund et al.'s Thm 4.14."""

import itertools
import math
from fractions import Fraction

import mpmath as mp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab

LN3 = math.log(3)


def cor_4_5(m, n, delta, log_r):
    """Cor 4.5 as printed, sqrt(8(m+n)·(ln r + ln(4/δ))/(mn)), in mpmath."""
    with mp.workdps(50):
        return mp.sqrt(8 * mp.mpf(m + n) * (mp.mpf(log_r) + mp.log(4 / mp.mpf(delta))) / (mp.mpf(m) * n))


def thm_4_14(m, n, delta, s_pos, s_neg):
    """Thm 4.14 as printed, with the sign-pattern counts s(F̄, 2m), s(F̄, 2n), in mpmath."""
    with mp.workdps(50):
        d = mp.mpf(delta)
        return 2 * mp.sqrt((mp.log(s_pos) + mp.log(12 / d)) / m) + 2 * mp.sqrt((mp.log(s_neg) + mp.log(12 / d)) / n)


def central_faces(N, D):
    """1 + Σ_{c<D} C(N, c)·K(N − c, D − c), K(M, k) = 2·Σ_{i<k} C(M − 1, i) (Cover 1965), summed as written."""
    def cover(M, k):
        return 2 * sum(math.comb(M - 1, i) for i in range(k))

    return 1 + sum(math.comb(N, c) * cover(N - c, D - c) for c in range(D)) if N > D else 3**N


class TestHandValues:
    def test_line_at_5000_5000(self):
        # sqrt(8·10^4·(ln 3 + ln 400)/(25·10^6)) = 0.150626; Freund et al. with s = 8m + 1: 0.237902
        assert ab.bounds.uniform_epsilon(ab.Line(), 5000, 5000, 0.01) == pytest.approx(0.150626, abs=1e-6)
        assert ab.bounds.freund_epsilon(ab.Line(), 5000, 5000, 0.01) == pytest.approx(0.237902, abs=1e-6)
        assert ab.bounds.freund_epsilon(ab.Line(), 5000, 5000, 0.01) == pytest.approx(
            float(thm_4_14(5000, 5000, 0.01, 40001, 40001)), rel=1e-13)

    def test_tail_inverts_epsilon(self):
        for m, n, delta, log_r in [(5000, 5000, 0.01, LN3), (10, 1000, 0.2, 30.0), (10**12, 10**12, 1e-300, 1e4)]:
            fclass = ab.RankGrowth(log_r)
            epsilon = ab.bounds.uniform_epsilon(fclass, m, n, delta)
            assert ab.bounds.uniform_tail(fclass, m, n, epsilon) == pytest.approx(delta, rel=1e-9)

    def test_tail_is_at_most_one(self):
        assert ab.bounds.uniform_tail(ab.Line(), 10, 10, 0.01) == 1.0

    @given(st.integers(1, 10**12), st.integers(1, 10**12), st.floats(1e-300, 0.99), st.floats(0, 1e5))
    def test_against_mpmath(self, m, n, delta, log_r):
        expected = cor_4_5(m, n, delta, log_r)
        got = ab.bounds.uniform_epsilon(ab.RankGrowth(log_r), m, n, delta, bound="given")
        assert got == pytest.approx(float(expected), rel=1e-12)

    def test_broadcasts_over_grids(self):
        m = np.array([10, 100, 1000])
        values = ab.bounds.uniform_epsilon(ab.Line(), m, m, 0.01)
        assert values.shape == (3,)
        assert values.tolist() == [ab.bounds.uniform_epsilon(ab.Line(), int(k), int(k), 0.01) for k in m]


class TestPaperRoute:
    def test_linear_16_at_5000_5000_the_papers_number_and_the_sharper_one(self):
        # the paper's route: Thm 4.11 at (2m, 2n), r ≤ (2e·4mn/16)^16; the sharper one: the faces of
        # 4mn planes through 0 in general position in R^16, counted exactly
        m = n = 5000
        paper = cor_4_5(m, n, 0.01, 16 * mp.log(2 * mp.e * 4 * m * n / 16))
        sharp = cor_4_5(m, n, 0.01, mp.log(central_faces(4 * m * n, 16)))
        got_paper = ab.uniform_bound(ab.Linear(16), m, n, 0.01, bound="paper")
        got_sharp = ab.uniform_bound(ab.Linear(16), m, n, 0.01)
        assert got_paper.epsilon == pytest.approx(float(paper), rel=1e-12)
        assert got_sharp.epsilon == pytest.approx(float(sharp), rel=1e-12)
        assert (round(got_paper.epsilon, 2), round(got_sharp.epsilon, 2)) == (0.95, 0.92)  # differ in the 2nd decimal
        assert (got_paper.r_bound, got_paper.beyond_paper) == ("thm-4.11", False)
        assert (got_sharp.r_bound, got_sharp.beyond_paper) == ("central-faces", True)
        assert "Thm 4.11" in got_paper.source

    def test_below_n_equals_d_the_paper_uses_its_unrelaxed_face_count(self):
        # 4mn = 4 < d = 16: (2eN/d)^d is not proved there; Lemma 4.10's face count Σ 2^i C(N, i) = 3^4
        bound = ab.uniform_bound(ab.Linear(16), 1, 1, 0.05, bound="paper")
        assert bound.r_bound == "buck-faces" and bound.log_r == pytest.approx(4 * LN3)


class TestThresholdedClass:
    """Thm 4.14 counts the sign patterns of F̄ = {x ↦ sign(f(x) − f(z))} (Eq. 22), not of {sign f}."""

    def test_finite_class_against_brute_force(self):
        # a finite class of 3 functions on a domain of 5 points: every N-tuple of points, every
        # f and every threshold point z; the most patterns on any N points is ≤ |F|·(2N + 1)
        domain = range(5)
        functions = [lambda x: x, lambda x: (x - 2) ** 2, lambda x: -x % 3]
        for N in (1, 2, 3):
            most = 0
            for points in itertools.product(domain, repeat=N):
                patterns = {tuple(int(np.sign(f(x) - f(z))) for x in points) for f in functions for z in domain}
                most = max(most, len(patterns))
            bound = ab.Finite(3).threshold_patterns(N)
            assert most <= math.exp(bound.log_value) + 1e-9
            assert bound.candidate("class").value == 3 * (2 * N + 1)

    def test_freund_for_a_finite_class_uses_the_thresholded_count(self):
        m, n, delta = 500, 800, 0.05
        expected = thm_4_14(m, n, delta, 1000 * (4 * m + 1), 1000 * (4 * n + 1))
        assert ab.bounds.freund_epsilon(ab.Finite(1000), m, n, delta) == pytest.approx(float(expected), rel=1e-13)

    def test_line_counts_4n_plus_1(self):
        assert ab.Line().threshold_patterns(7).candidate("exact").value == 29


class TestLineClass:
    @pytest.mark.parametrize("rho", [0.5, 0.1, 0.01, 0.001])
    def test_figure_3_cor_4_5_is_tighter_wherever_both_are_meaningful(self, rho):
        M = np.unique(np.geomspace(1 / rho + 1, 1e8, 400).astype(np.int64))
        m = np.maximum(1, np.round(rho * M)).astype(np.int64)
        n = M - m
        ours = ab.bounds.uniform_epsilon(ab.Line(), m, n, 0.01)
        freund = ab.bounds.freund_epsilon(ab.Line(), m, n, 0.01)
        meaningful = (ours < 0.5) & (freund < 0.5)
        assert meaningful.sum() > 50
        assert (ours[meaningful] < freund[meaningful]).all()


class TestNumerics:
    def test_dimension_ten_thousand_and_sizes_to_10_to_12(self):
        fclass = ab.Linear(10**4)
        for m, n in [(10**12, 10**12), (1, 10**12), (10**4, 10**4)]:
            assert math.isfinite(ab.bounds.uniform_epsilon(fclass, m, n, 1e-300))
            assert math.isfinite(ab.bounds.freund_epsilon(fclass, m, n, 1e-300))
        bound = ab.uniform_bound(fclass, 10**12, 10**12, 0.01)
        assert bound.epsilon < 0.01 and not bound.vacuous


class TestResults:
    def test_vacuous_is_flagged(self):
        bound = ab.uniform_bound(ab.Line(), 10, 10, 0.05)
        assert bound.epsilon > 1 and bound.vacuous and bound.guarantee == "vacuous"

    def test_freund_needs_known_sign_patterns(self):
        with pytest.raises(ValueError, match="^`fclass` must be a class whose sign patterns are known"):
            ab.uniform_bound(ab.RankGrowth(LN3), 100, 100, 0.05, method="freund")

    @pytest.mark.parametrize("epsilon, rho", [(0.15, "1/10"), (0.15, 0.3), (1e-10, "1/2"), (0.05, 0.001)])
    def test_sample_size_is_the_first_design_that_suffices(self, epsilon, rho):
        size = ab.uniform_sample_size(ab.Line(), epsilon, 0.01, rho)
        exact_rho = Fraction(rho) if isinstance(rho, str) else Fraction(rho).limit_denominator(10**6)

        def design(M):
            m = min(max(math.floor(exact_rho * M + Fraction(1, 2)), 1), M - 1)
            return m, M - m

        assert (size.m, size.n) == design(size.M)
        with mp.workdps(2 * len(str(size.M)) + 40):
            assert cor_4_5(*design(size.M), 0.01, mp.log(3)) <= epsilon
            assert cor_4_5(*design(size.M - 1), 0.01, mp.log(3)) > epsilon

    def test_unreachable_size_is_vacuous(self):
        size = ab.uniform_sample_size(ab.Line(), 1e-160, 0.01, "1/2")
        assert size.M is None and size.vacuous


BAD = [
    (lambda: ab.bounds.uniform_epsilon(ab.Line(), 0, 5, 0.05), r"`m` must be"),
    (lambda: ab.bounds.uniform_epsilon(ab.Line(), 5, 5, 1.5), r"`delta` must be in \(0, 1\), but got 1.5\."),
    (lambda: ab.RankGrowth(math.nan), r"`log_c1` must be a finite number"),
    (lambda: ab.uniform_bound(ab.Line(), 5, 5, 0.05, method="vc"), r"`method` must be one of 'uniform', 'freund'"),
    (lambda: ab.uniform_bound(ab.Line(), 5, 5, 0.05, bound="thm-4.11"), r"`bound` must be one of 'paper', 'exact'"),
    (lambda: ab.uniform_sample_size(ab.Line(), 0.1, 0.05, 1.2), r"`rho` must be a number in \(0, 1\)"),
]


@pytest.mark.parametrize(("call", "message"), BAD)
def test_bad_input(call, message):
    with pytest.raises(ValueError, match="^" + message):
        call()


def test_a_class_is_required():
    with pytest.raises(TypeError, match=r"^`fclass` must be a function class"):
        ab.bounds.uniform_epsilon(None, 5, 5, 0.05)
