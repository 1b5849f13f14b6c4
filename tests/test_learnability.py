"""Agarwal & Roth (2005): Thm 1, its unrelaxed condition, Thm 3, Cor 1, Def 6 and Thm 9."""

import math
from fractions import Fraction

import mpmath as mp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab
from aucbound.bounds.learnability import LN4


def thm1_by_formula(epsilon, delta, rho, log_c1, c2):
    """Thm 1's u, term by term as printed, in mpmath."""
    with mp.workdps(50):
        e, d, s = mp.mpf(epsilon), mp.mpf(delta), mp.mpf(rho) * (1 - mp.mpf(rho))
        bracket = mp.mpf(log_c1) + mp.log(4 / d)
        if c2:
            bracket += 4 * c2 * mp.log(16 / e) + c2 * mp.log(mp.mpf(c2) ** 2 / (mp.e**2 * s))
        return 64 / (s * e**2) * bracket


class TestCeilRho:
    def test_multiples_of_the_denominator(self):
        assert ab.ceil_rho(385358, Fraction(1, 4)) == 385360
        assert ab.ceil_rho(385360, 0.25) == 385360
        assert ab.ceil_rho(11, 0.1) == 20
        assert ab.ceil_rho(7, "2/3") == 9
        assert ab.ceil_rho(0.5, 0.5) == 2  # at least one example of each class

    @given(st.floats(0, 1e9), st.integers(1, 50), st.integers(2, 51))
    def test_smallest_admissible(self, u, p, q):
        if p >= q:
            p = q - 1
        rho = Fraction(p, q)
        M = ab.ceil_rho(u, rho)
        assert M >= u and (rho * M).denominator == 1
        assert M - rho.denominator < max(u, 1)


class TestTheorem1:
    def test_example_1_by_hand(self):
        # ⌈(64/(0.1875·0.01))·ln 80000⌉ = 385358, a multiple of 4 above it: 385360 (issue 4)
        result = ab.eem_sample_size(0.1, 0.05, "1/4", c1=1000, c2=0)
        assert result.M == 385360 and (result.m, result.n) == (96340, 289020)
        assert math.ceil(result.value) == 385358
        assert result.source == "Agarwal & Roth 2005, Thm 1"

    def test_example_2_linear(self):
        # Example 2 as printed: 64/(ρ(1−ρ)ε²)·(4d ln(16/ε) + d ln(2d/(eρ(1−ρ))) + ln(4/δ))
        d, epsilon, delta, rho = 5, 0.1, 0.05, 0.25
        s = rho * (1 - rho)
        printed = 64 / (s * epsilon**2) * (4 * d * math.log(16 / epsilon) + d * math.log(2 * d / (math.e * s))
                                           + math.log(4 / delta))
        result = ab.eem_sample_size(epsilon, delta, rho, log_c1=d * math.log(2 * math.e / d), c2=d)
        assert result.value == pytest.approx(printed, rel=1e-13)
        assert result.M == 4 * math.ceil(printed / 4)

    @given(st.floats(1e-4, 0.99), st.floats(1e-10, 0.99), st.sampled_from(["1/2", "1/10", "1/4", "3/7"]),
           st.floats(0, 700), st.sampled_from([0, 1, 2.5, 16, 1e4]))
    def test_against_mpmath(self, epsilon, delta, rho, log_c1, c2):
        result = ab.eem_sample_size(epsilon, delta, rho, log_c1=log_c1, c2=c2)
        assert result.value == pytest.approx(float(thm1_by_formula(epsilon, delta, Fraction(rho), log_c1, c2)),
                                             rel=1e-12)

    def test_huge_class_and_dimension_stay_finite(self):
        result = ab.eem_sample_size(1e-3, 1e-300, "1/1000", log_c1=1e4 * math.log(2 * math.e / 1e4), c2=1e4)
        assert result.M is not None and result.M % 1000 == 0 and math.isfinite(result.value)

    def test_beyond_10_to_300_is_vacuous(self):
        result = ab.eem_sample_size(1e-150, 0.05, "1/2", c1=2, c2=0)
        assert result.M is None and result.vacuous and result.m is None


class TestExactCondition:
    @given(st.floats(0.01, 0.5), st.floats(1e-6, 0.5), st.sampled_from(["1/2", "1/10", "1/4", "2/5", "1/100"]),
           st.floats(0, 50), st.sampled_from([0, 1, 2, 5]))
    def test_never_above_thm1_and_the_first_that_suffices(self, epsilon, delta, rho, log_c1, c2):
        exact = ab.eem_exact_sample_size(epsilon, delta, rho, log_c1=log_c1, c2=c2)
        theorem = ab.eem_sample_size(epsilon, delta, rho, log_c1=log_c1, c2=c2)
        assert exact.M <= theorem.M
        rho = Fraction(rho)
        q = rho.denominator
        assert exact.M % q == 0

        def condition(M):  # 4·c1·(4ρ(1−ρ)M²)^c2·exp(−ρ(1−ρ)Mε²/32) ≤ δ, in log space
            m, n = int(2 * rho * M), int(2 * (1 - rho) * M)
            log_r = log_c1 + c2 * (math.log(m) + math.log(n))
            return LN4 + log_r - float(rho * (1 - rho)) * M * epsilon**2 / 32 <= math.log(delta)

        assert condition(exact.M)
        assert exact.M == q or not condition(exact.M - q)

    def test_finite_class_halves_thm1(self):
        # c2 = 0: the condition is M ≥ 32·ln(4c1/δ)/(ρ(1−ρ)ε²), half of Thm 1's 64·…
        exact = ab.eem_exact_sample_size(0.1, 0.05, "1/4", c1=1000, c2=0)
        assert exact.M == 4 * math.ceil(32 / (0.1875 * 0.01) * math.log(80000) / 4) == 192680
        assert exact.beyond_paper

    def test_log_r_callable(self):
        exact = ab.eem_exact_sample_size(0.1, 0.05, "1/2", log_r=lambda m, n: math.log(3))
        by_constants = ab.eem_exact_sample_size(0.1, 0.05, "1/2", c1=3, c2=0)
        assert exact.M == by_constants.M


class TestLowerBounds:
    def test_theorem_3_against_mpmath(self):
        for r, m, n in [(10, 50, 50), (1, 1, 1), (100, 150, 50), (3, 10**12, 10**12)]:
            with mp.workdps(40):
                def factor(x):
                    return (1 - mp.sqrt(1 - mp.e ** (-x))) ** 2
                total = mp.mpf(m + n)
                expected = mp.sqrt(r / total) * factor(2 * m / total + 1) * factor(2 * n / total + 1) / 2**10
            assert ab.excess_error_lower_bound(r, m, n) == pytest.approx(float(expected), rel=1e-13)

    def test_corollary_1_against_mpmath(self):
        for r, epsilon, delta, rho in [(10, 0.1, 0.05, 0.5), (10**6, 0.01, 0.01, 0.1), (1, 0.5, 0.5, 0.999)]:
            with mp.workdps(40):
                def factor(x):
                    return (1 - mp.sqrt(1 - mp.e ** (-x))) ** 4
                expected = (r / (2**20 * (mp.mpf(epsilon) + mp.mpf(delta)) ** 2) * factor(2 * mp.mpf(rho) + 1)
                            * factor(2 * (1 - mp.mpf(rho)) + 1))
            result = ab.sample_complexity_lower_bound(r, epsilon, delta, rho)
            assert result.value == pytest.approx(float(expected), rel=1e-13)
            assert result.M == max(1, math.ceil(float(expected)))

    def test_requires_m_plus_n_at_least_2r(self):
        with pytest.raises(ValueError, match=r"`m` \+ `n` must be at least 2·rank_dim = 20 \(Thm 3\), but got 19\."):
            ab.excess_error_lower_bound(10, 9, 10)
        assert ab.excess_error_lower_bound(10, 10, 10) > 0


class TestRankShattering:
    def test_line_shatters_one_pair_but_never_two(self):
        rng = np.random.default_rng(0)
        for _ in range(20):
            x = rng.normal(size=4)
            assert ab.rank_shatters([[x[0], x[1]]])
            assert not ab.rank_shatters([[x[0], x[1]], [x[2], x[3]]])

    def test_plane_shatters_the_diagonals_of_a_square_not_its_sides(self):
        a, b, c, d = [0, 0], [1, 0], [1, 1], [0, 1]
        assert ab.rank_shatters([[a, c], [b, d]])
        assert not ab.rank_shatters([[a, b], [c, d]])  # splitting {a, c} from {b, d} is XOR

    def test_a_pair_of_equal_points_cannot_be_ranked(self):
        assert not ab.rank_shatters([[2.0, 2.0]])


class TestConsistentRanker:
    def test_recovers_a_zero_error_ranker_on_separable_data(self):
        rng = np.random.default_rng(1)
        for d in (1, 2, 5):
            w_true = rng.normal(size=d)
            points = rng.normal(size=(300, d))
            score = points @ w_true
            keep = np.abs(score) > 0.05
            pos, neg = points[keep & (score > 0)], points[keep & (score < 0)]
            fit = ab.consistent_linear_ranker(pos, neg)
            assert fit.found and fit.training_auc == 1.0
            w = np.array(fit.w)
            assert (pos @ w).min() > (neg @ w).max()

    def test_reports_infeasibility(self):
        rng = np.random.default_rng(2)
        pos = rng.normal(size=(50, 2))
        neg = np.vstack([rng.normal(size=(49, 2)), pos[:1]])  # a point that is both: no strict ranking
        fit = ab.consistent_linear_ranker(pos, neg)
        assert not fit.found and fit.w is None
        xor = ab.consistent_linear_ranker([[0, 0], [1, 1]], [[0, 1], [1, 0]])
        assert not xor.found


BAD = [
    (lambda: ab.eem_sample_size(0.1, 0.05, 1.0, c1=2, c2=0), r"`rho` must be a rational number p/q in \(0, 1\)"),
    (lambda: ab.eem_sample_size(0.1, 0.05, 0.123456789, c1=2, c2=0), r"`rho` must be a rational number"),
    (lambda: ab.eem_sample_size(0.0, 0.05, 0.5, c1=2, c2=0), r"`epsilon` must be in \(0, 1\), but got 0.0\."),
    (lambda: ab.eem_sample_size(0.1, 1.0, 0.5, c1=2, c2=0), r"`delta` must be in \(0, 1\), but got 1.0\."),
    (lambda: ab.eem_sample_size(0.1, 0.05, 0.5, c1=0, c2=0), r"`c1` must be"),
    (lambda: ab.eem_sample_size(0.1, 0.05, 0.5, c1=2, c2=-1), r"`c2` must be"),
    (lambda: ab.eem_sample_size(0.1, 0.05, 0.5, c2=1), r"`c1` \(or `log_c1`\) and `c2` must be given"),
    (lambda: ab.excess_error_lower_bound(0, 5, 5), r"`rank_dim` must be an integer ≥ 1, but got 0\."),
    (lambda: ab.sample_complexity_lower_bound(3, 0.1, 0.1, 1.5), r"`rho` must be in \(0, 1\), but got 1.5\."),
    (lambda: ab.rank_shatters(np.zeros((17, 2))), r"`pairs` must be at most 16 pairs"),
    (lambda: ab.rank_shatters([1.0, 2.0, 3.0]), r"`pairs` must be an array of shape \(r, 2, d\)"),
    (lambda: ab.consistent_linear_ranker([[0, 1]], [[0, 1, 2]]), r"`neg_points` must be points of dimension 2"),
    (lambda: ab.consistent_linear_ranker([[np.nan]], [[0.0]]), r"`pos_points` must be finite"),
]


@pytest.mark.parametrize(("call", "message"), BAD)
def test_bad_input(call, message):
    with pytest.raises(ValueError, match="^" + message):
        call()


CLASSES = [ab.Finite(1000), ab.Finite(10**40), ab.Line(), ab.Linear(1), ab.Linear(3), ab.Polynomial(2, 2)]


class TestWithClasses:
    @given(st.sampled_from(CLASSES), st.floats(0.02, 0.5), st.floats(1e-6, 0.5),
           st.sampled_from(["1/2", "1/10", "1/4", "2/5", "1/100"]))
    def test_exact_never_above_thm1_and_the_first_that_suffices(self, fclass, epsilon, delta, rho):
        exact = ab.eem_exact_sample_size(epsilon, delta, rho, fclass=fclass)
        theorem = ab.eem_sample_size(epsilon, delta, rho, fclass=fclass)
        assert exact.M <= theorem.M
        rho = Fraction(rho)

        def condition(M):
            m, n = int(2 * rho * M), int(2 * (1 - rho) * M)
            return LN4 + fclass.log_rank_shatter(m, n) - float(rho * (1 - rho)) * M * epsilon**2 / 32 <= math.log(delta)

        assert condition(exact.M)
        assert exact.M == rho.denominator or not condition(exact.M - rho.denominator)

    def test_class_constants_are_examples_1_to_3(self):
        assert ab.eem_sample_size(0.1, 0.05, "1/4", fclass=ab.Finite(1000)).M == 385360
        d = 5
        linear = ab.eem_sample_size(0.1, 0.05, "1/4", fclass=ab.Linear(d))
        assert linear.value == ab.eem_sample_size(0.1, 0.05, "1/4", log_c1=d * math.log(2 * math.e / d), c2=d).value
        C = ab.polynomial_dimension(3, 2)
        poly = ab.eem_sample_size(0.1, 0.05, "1/4", fclass=ab.Polynomial(3, 2))
        assert poly.value == ab.eem_sample_size(0.1, 0.05, "1/4", log_c1=C * math.log(2 * math.e / C), c2=C).value

    def test_dimension_ten_thousand_stays_finite(self):
        fclass = ab.Linear(10**4)
        for result in (ab.eem_sample_size(1e-3, 1e-300, "1/1000", fclass=fclass),
                       ab.eem_exact_sample_size(1e-3, 1e-300, "1/1000", fclass=fclass)):
            assert result.M is not None and math.isfinite(result.value) and result.M % 1000 == 0

    def test_mixing_a_class_and_constants_is_refused(self):
        with pytest.raises(ValueError, match="`fclass` and `c1`/`c2` are alternatives"):
            ab.eem_sample_size(0.1, 0.05, 0.5, fclass=ab.Line(), c2=1)
