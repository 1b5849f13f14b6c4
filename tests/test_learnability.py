"""Agarwal & Roth (2005): Thm 1, its unrelaxed condition, Thm 3, Cor 1, Def 6 and Thm 9."""

import math
from fractions import Fraction

import mpmath as mp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab


def design(M, rho):
    """(m, n) = (ρM rounded half up, M − m), in exact arithmetic, independently of the package."""
    m = min(max(math.floor(Fraction(rho) * M + Fraction(1, 2)), 1), M - 1)
    return m, M - m


def proof_condition(M, rho, epsilon, delta, log_r):
    """4·r(F, 2m, 2n)·exp(−mnε²/(32(m+n))) ≤ δ at the design of M, in mpmath (50 digits)."""
    m, n = design(M, rho)
    with mp.workdps(50):
        e = mp.mpf(epsilon)
        return mp.log(4) + log_r(2 * m, 2 * n) - m * n * e**2 / (32 * (m + n)) <= mp.log(mp.mpf(delta))


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
        assert ab.bounds.ceil_rho(385358, Fraction(1, 4)) == 385360
        assert ab.bounds.ceil_rho(385360, 0.25) == 385360
        assert ab.bounds.ceil_rho(11, 0.1) == 20
        assert ab.bounds.ceil_rho(7, "2/3") == 9
        assert ab.bounds.ceil_rho(0.5, 0.5) == 2  # at least one example of each class

    @given(st.floats(0, 1e9), st.integers(1, 50), st.integers(2, 51))
    def test_smallest_admissible(self, u, p, q):
        if p >= q:
            p = q - 1
        rho = Fraction(p, q)
        M = ab.bounds.ceil_rho(u, rho)
        assert M >= u and (rho * M).denominator == 1
        assert M - rho.denominator < max(u, 1)


class TestTheorem1:
    def test_example_1_by_hand(self):
        # ⌈(64/(0.1875·0.01))·ln 80000⌉ = 385358, a multiple of 4 above it: 385360
        result = ab.eem_sample_size(ab.Finite(1000), 0.1, 0.05, "1/4")
        assert result.M == 385360 and (result.m, result.n) == (96340, 289020)
        assert math.ceil(result.value) == 385358
        assert result.source == "Agarwal & Roth 2005, Thm 1"

    def test_example_2_linear(self):
        # Example 2 as printed: 64/(ρ(1−ρ)ε²)·(4d ln(16/ε) + d ln(2d/(eρ(1−ρ))) + ln(4/δ))
        d, epsilon, delta, rho = 5, 0.1, 0.05, 0.25
        s = rho * (1 - rho)
        printed = 64 / (s * epsilon**2) * (4 * d * math.log(16 / epsilon) + d * math.log(2 * d / (math.e * s))
                                           + math.log(4 / delta))
        result = ab.eem_sample_size(ab.RankGrowth(log_c1=d * math.log(2 * math.e / d), c2=d), epsilon, delta, rho)
        assert result.value == pytest.approx(printed, rel=1e-13)
        assert result.M == 4 * math.ceil(printed / 4)

    @given(st.floats(1e-4, 0.99), st.floats(1e-10, 0.99), st.sampled_from(["1/2", "1/10", "1/4", "3/7"]),
           st.floats(0, 700), st.sampled_from([0, 1, 2.5, 16, 1e4]))
    def test_against_mpmath(self, epsilon, delta, rho, log_c1, c2):
        result = ab.eem_sample_size(ab.RankGrowth(log_c1, c2), epsilon, delta, rho)
        assert result.value == pytest.approx(float(thm1_by_formula(epsilon, delta, Fraction(rho), log_c1, c2)),
                                             rel=1e-12)

    def test_huge_class_and_dimension_stay_finite(self):
        result = ab.eem_sample_size(ab.RankGrowth(1e4 * math.log(2 * math.e / 1e4), 1e4), 1e-3, 1e-300, "1/1000")
        assert result.M is not None and result.M % 1000 == 0 and math.isfinite(result.value)

    def test_beyond_10_to_300_is_vacuous(self):
        result = ab.eem_sample_size(ab.RankGrowth(math.log(2)), 1e-150, 0.05, "1/2")
        assert result.M is None and result.vacuous and result.m is None


class TestExactCondition:
    @given(st.floats(0.01, 0.5), st.floats(1e-6, 0.5), st.sampled_from(["1/2", "1/10", "1/4", "2/5", "1/100"]),
           st.floats(0, 50), st.sampled_from([0, 1, 2, 5]))
    def test_never_above_thm1_and_the_first_that_suffices(self, epsilon, delta, rho, log_c1, c2):
        fclass = ab.RankGrowth(log_c1, c2)
        exact = ab.eem_exact_sample_size(fclass, epsilon, delta, rho)
        theorem = ab.eem_sample_size(fclass, epsilon, delta, rho)
        assert exact.M <= theorem.M
        assert (exact.m, exact.n) == design(exact.M, rho)

        def log_r(m, n):  # c1·(mn)^c2
            return mp.mpf(log_c1) + c2 * mp.log(m * n)

        assert proof_condition(exact.M, rho, epsilon, delta, log_r)
        assert not proof_condition(exact.M - 1, rho, epsilon, delta, log_r)

    def test_finite_class_by_hand(self):
        # c2 = 0: the condition is mn/(m+n) ≥ 32·ln(4c1/δ)/ε² = 36127.4; at ρ = 1/4, N = 192678 gives
        # m = 48170 (48169.5 rounds up), n = 144508, mn/N = 36127.6, and N − 1 gives 36127.0
        exact = ab.eem_exact_sample_size(ab.Finite(1000), 0.1, 0.05, "1/4")
        assert (exact.M, exact.m, exact.n) == (192678, 48170, 144508)
        threshold = 32 * math.log(4000 / 0.05) / 0.01
        assert 48170 * 144508 / 192678 >= threshold > 48169 * 144508 / 192677
        assert exact.beyond_paper

    def test_line_is_the_constant_class_of_three(self):
        by_class = ab.eem_exact_sample_size(ab.Line(), 0.1, 0.05, "1/2")
        assert by_class.M == ab.eem_exact_sample_size(ab.RankGrowth(math.log(3)), 0.1, 0.05, "1/2").M


class TestLowerBounds:
    def test_theorem_3_against_mpmath(self):
        for r, m, n in [(10, 50, 50), (1, 1, 1), (100, 150, 50), (3, 10**12, 10**12)]:
            with mp.workdps(40):
                def factor(x):
                    return (1 - mp.sqrt(1 - mp.e ** (-x))) ** 2
                total = mp.mpf(m + n)
                expected = mp.sqrt(r / total) * factor(2 * m / total + 1) * factor(2 * n / total + 1) / 2**10
            assert ab.bounds.excess_error_lower_bound(r, m, n) == pytest.approx(float(expected), rel=1e-13)

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
        with pytest.raises(ValueError, match=r"`m` must be such that m \+ n ≥ 2·`rank_dim` = 20 \(Thm 3\), but got m \+ n = 19\."):
            ab.bounds.excess_error_lower_bound(10, 9, 10)
        assert ab.bounds.excess_error_lower_bound(10, 10, 10) > 0


class TestRankShattering:
    def test_line_shatters_one_pair_but_never_two(self):
        rng = np.random.default_rng(0)
        for _ in range(20):
            x = rng.normal(size=4)
            assert ab.shatter.rank_shatters([[x[0], x[1]]])
            assert not ab.shatter.rank_shatters([[x[0], x[1]], [x[2], x[3]]])

    def test_plane_shatters_the_diagonals_of_a_square_not_its_sides(self):
        a, b, c, d = [0, 0], [1, 0], [1, 1], [0, 1]
        assert ab.shatter.rank_shatters([[a, c], [b, d]])
        assert not ab.shatter.rank_shatters([[a, b], [c, d]])  # splitting {a, c} from {b, d} is XOR

    def test_a_pair_of_equal_points_cannot_be_ranked(self):
        assert not ab.shatter.rank_shatters([[2.0, 2.0]])


class TestConsistentRanker:
    def test_recovers_a_zero_error_ranker_on_separable_data(self):
        rng = np.random.default_rng(1)
        for d in (1, 2, 5):
            w_true = rng.normal(size=d)
            points = rng.normal(size=(300, d))
            score = points @ w_true
            keep = np.abs(score) > 0.05
            pos, neg = points[keep & (score > 0)], points[keep & (score < 0)]
            fit = ab.shatter.consistent_linear_ranker(pos, neg)
            assert fit.found and fit.training_auc == 1.0
            w = np.array(fit.w)
            assert (pos @ w).min() > (neg @ w).max()

    def test_reports_infeasibility(self):
        rng = np.random.default_rng(2)
        pos = rng.normal(size=(50, 2))
        neg = np.vstack([rng.normal(size=(49, 2)), pos[:1]])  # a point that is both: no strict ranking
        fit = ab.shatter.consistent_linear_ranker(pos, neg)
        assert not fit.found and fit.w is None
        xor = ab.shatter.consistent_linear_ranker([[0, 0], [1, 1]], [[0, 1], [1, 0]])
        assert not xor.found


BAD = [
    (lambda: ab.eem_sample_size(ab.Line(), 0.1, 0.05, 1.0), r"`rho` must be a number in \(0, 1\), or a ratio p/q"),
    (lambda: ab.eem_sample_size(ab.Line(), 0.1, 0.05, 0.123456789), r"`rho` must be a ratio p/q with q ≤ 1,000,000"),
    (lambda: ab.eem_sample_size(ab.Line(), 0.0, 0.05, 0.5), r"`epsilon` must be in \(0, 1\), but got 0.0\."),
    (lambda: ab.eem_sample_size(ab.Line(), 0.1, 1.0, 0.5), r"`delta` must be in \(0, 1\), but got 1.0\."),
    (lambda: ab.RankGrowth(math.inf), r"`log_c1` must be a finite number, but got inf\."),
    (lambda: ab.RankGrowth(1.0, -1), r"`c2` must be a finite number ≥ 0, but got -1\."),
    (lambda: ab.bounds.excess_error_lower_bound(0, 5, 5), r"`rank_dim` must be an integer ≥ 1, but got 0\."),
    (lambda: ab.sample_complexity_lower_bound(3, 0.1, 0.1, 1.5), r"`rho` must be a number in \(0, 1\), or a ratio p/q of integers in \(0, 1\), but got 1.5\."),
    (lambda: ab.shatter.rank_shatters(np.zeros((17, 2))), r"`pairs` must be at most 16 pairs"),
    (lambda: ab.shatter.rank_shatters([1.0, 2.0, 3.0]), r"`pairs` must be an array of shape \(r, 2, d\)"),
    (lambda: ab.shatter.consistent_linear_ranker([[0, 1]], [[0, 1, 2]]), r"`neg_points` must be an array of shape \(k, 2\)"),
    (lambda: ab.shatter.consistent_linear_ranker([[np.nan]], [[0.0]]), r"`pos_points` must be finite"),
]


@pytest.mark.parametrize(("call", "message"), BAD)
def test_bad_input(call, message):
    with pytest.raises(ValueError, match="^" + message):
        call()


def test_a_class_is_required():
    with pytest.raises(TypeError, match=r"^`fclass` must be a function class"):
        ab.eem_sample_size(0.1, 0.05, 0.5, 0.25)


CLASSES = [ab.Finite(1000), ab.Finite(10**40), ab.Line(), ab.Linear(1), ab.Linear(3), ab.Polynomial(2, 2)]


class TestWithClasses:
    @given(st.sampled_from(CLASSES), st.floats(0.02, 0.5), st.floats(1e-6, 0.5),
           st.sampled_from(["1/2", "1/10", "1/4", "2/5", "1/100"]))
    def test_exact_never_above_thm1_and_the_first_that_suffices(self, fclass, epsilon, delta, rho):
        exact = ab.eem_exact_sample_size(fclass, epsilon, delta, rho)
        theorem = ab.eem_sample_size(fclass, epsilon, delta, rho)
        assert exact.M <= theorem.M

        def log_r(m, n):
            return mp.mpf(fclass.log_rank_shatter(m, n))

        assert proof_condition(exact.M, rho, epsilon, delta, log_r)
        assert exact.M == 2 or not proof_condition(exact.M - 1, rho, epsilon, delta, log_r)

    def test_class_constants_are_examples_1_to_3(self):
        assert ab.eem_sample_size(ab.Finite(1000), 0.1, 0.05, "1/4").M == 385360
        d = 5
        linear = ab.eem_sample_size(ab.Linear(d), 0.1, 0.05, "1/4")
        assert linear.value == ab.eem_sample_size(ab.RankGrowth(d * math.log(2 * math.e / d), d), 0.1, 0.05, "1/4").value
        C = ab.shatter.polynomial_dimension(3, 2)
        poly = ab.eem_sample_size(ab.Polynomial(3, 2), 0.1, 0.05, "1/4")
        assert poly.value == ab.eem_sample_size(ab.RankGrowth(C * math.log(2 * math.e / C), C), 0.1, 0.05, "1/4").value

    def test_dimension_ten_thousand_stays_finite(self):
        fclass = ab.Linear(10**4)
        theorem = ab.eem_sample_size(fclass, 1e-3, 1e-300, "1/1000")
        exact = ab.eem_exact_sample_size(fclass, 1e-3, 1e-300, "1/1000")
        assert theorem.M % 1000 == 0 and math.isfinite(theorem.value)
        assert exact.M is not None and exact.M <= theorem.M
        # r(F, 2m, 2n) has about 2.7·10^5 digits here: the search decides in floating point, and says so
        assert "floating point" in exact.source

        def log_r(m, n):
            return mp.mpf(fclass.log_rank_shatter(m, n))

        assert proof_condition(math.ceil(exact.M * (1 + 1e-12)), "1/1000", 1e-3, 1e-300, log_r)
        assert not proof_condition(math.floor(exact.M * (1 - 1e-12)), "1/1000", 1e-3, 1e-300, log_r)

    def test_counts_below_the_digit_limit_are_decided_exactly(self):
        small = ab.eem_exact_sample_size(ab.Linear(3), 0.1, 0.05, "1/2")
        assert "floating point" not in small.source
        # a class of e^(c1) rankings with c1 just above the limit's ln 10^50000 moves to floating point
        c1 = ab.bounds.MAX_EXACT_COUNT_DIGITS * math.log(10) + 1
        large = ab.eem_exact_sample_size(ab.RankGrowth(c1), 0.1, 0.05, "1/2")
        assert "floating point" in large.source

        def log_r(m, n):
            return mp.mpf(c1)

        assert proof_condition(math.ceil(large.M * (1 + 1e-12)), "1/2", 0.1, 0.05, log_r)
        assert not proof_condition(math.floor(large.M * (1 - 1e-12)), "1/2", 0.1, 0.05, log_r)
