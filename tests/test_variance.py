"""Lehmann's variance, its extremes, Chebyshev and the normal approximation (Agarwal et al. 2005, §3.1)."""

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab
from aucbound._normal import upper_quantile
from tests import reference


def _kernel(x, y):
    return Fraction(1) if x > y else Fraction(1, 2) if x == y else Fraction(0)


def exact_moments(pos_law, neg_law, m, n):
    """Exact mean and variance of Â (ties ½) by enumerating every sample of two discrete laws."""
    mean = second = Fraction(0)
    for pos in itertools.product(pos_law.items(), repeat=m):
        for neg in itertools.product(neg_law.items(), repeat=n):
            weight = math.prod(w for _, w in pos) * math.prod(w for _, w in neg)
            value = sum(_kernel(x, y) for x, _ in pos for y, _ in neg) / (m * n)
            mean += weight * value
            second += weight * value**2
    return mean, second - mean**2


def exact_p(pos_law, neg_law):
    """A, p1, p2 of two discrete laws with no ties between them."""
    pairs = [(wx * wy, x, y) for x, wx in pos_law.items() for y, wy in neg_law.items()]
    A = sum(w * _kernel(x, y) for w, x, y in pairs)
    p1 = sum(
        wx1 * wx2 * wy * _kernel(x1, y) * _kernel(x2, y)
        for x1, wx1 in pos_law.items() for x2, wx2 in pos_law.items() for y, wy in neg_law.items()
    )
    p2 = sum(
        wx * wy1 * wy2 * _kernel(x, y1) * _kernel(x, y2)
        for x, wx in pos_law.items() for y1, wy1 in neg_law.items() for y2, wy2 in neg_law.items()
    )
    return A, p1, p2


POS = {1: Fraction(1, 2), 3: Fraction(1, 3), 5: Fraction(1, 6)}
NEG = {0: Fraction(1, 4), 2: Fraction(1, 4), 4: Fraction(1, 2)}


class TestLehmann:
    @pytest.mark.parametrize("m, n", [(1, 1), (2, 3), (3, 2), (4, 2)])
    def test_eq_7_is_the_exact_variance(self, m, n):
        A, p1, p2 = exact_p(POS, NEG)
        mean, variance = exact_moments(POS, NEG, m, n)
        assert mean == A
        assert ab.bounds.lehmann_variance(float(A), float(p1), float(p2), m, n) == pytest.approx(float(variance), rel=1e-14)

    @pytest.mark.parametrize("m, n", [(2, 3), (3, 2)])
    def test_extremes_bracket_the_variance(self, m, n):
        A, _, _ = exact_p(POS, NEG)
        _, variance = exact_moments(POS, NEG, m, n)
        assert ab.bounds.variance_min(m, n, auc=float(A)) <= float(variance) <= ab.bounds.variance_max(m, n, auc=float(A))

    def test_sigma_max_holds_with_ties(self):
        # Eq. 14 with ties counted ½: Â is an average of means of min(m, n) independent kernels
        law = {0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 3)}
        shifted = {0: Fraction(1, 2), 1: Fraction(1, 4), 2: Fraction(1, 4)}
        for m, n in [(2, 2), (3, 2), (2, 4)]:
            A, variance = exact_moments(law, shifted, m, n)
            assert float(variance) <= ab.bounds.variance_max(m, n, auc=float(A)) + 1e-15

    def test_by_hand(self):
        # [0.16 + 49·0.06 + 49·0.06]/2500
        assert ab.bounds.lehmann_variance(0.8, 0.7, 0.7, 50, 50) == pytest.approx(6.04 / 2500, rel=1e-14)
        assert ab.bounds.lehmann_variance(0.5, 1 / 3, 1 / 3, 1, 1) == 0.25

    @pytest.mark.parametrize("p1, p2, name, value", [(0.95, 0.85, "p1", "0.95"), (0.85, 0.7, "p2", "0.7")])
    def test_constraint(self, p1, p2, name, value):
        with pytest.raises(ValueError, match=rf"^`{name}` must be in \[auc², auc\] .*but got {value}"):
            ab.bounds.lehmann_variance(0.9, p1, p2, 10, 10)


class TestHanleyMcNeil:
    @pytest.mark.parametrize("rate_pos, rate_neg", [(0.5, 1.0), (1.0, 1.0), (0.1, 3.0)])
    def test_exponential_model(self, rate_pos, rate_neg):
        # X ~ Exp(λ₊), X' ~ Exp(λ₋): A = λ₋/(λ₋+λ₊), p1 = E[e^(−2λ₊X')] = λ₋/(λ₋+2λ₊),
        # p2 = E[(1 − e^(−λ₋X))²] = 1 − 2λ₊/(λ₊+λ₋) + λ₊/(λ₊+2λ₋)
        A = rate_neg / (rate_neg + rate_pos)
        p1 = rate_neg / (rate_neg + 2 * rate_pos)
        p2 = 1 - 2 * rate_pos / (rate_pos + rate_neg) + rate_pos / (rate_pos + 2 * rate_neg)
        assert ab.bounds.hanley_mcneil_p(A) == pytest.approx((p1, p2), rel=1e-14)

    def test_variance_by_hand(self):
        # p1 = 2/3, p2 = 32/45: [0.16 + 49(2/3 − 0.64) + 49(32/45 − 0.64)]/2500
        expected = (0.16 + 49 * (2 / 3 - 0.64) + 49 * (32 / 45 - 0.64)) / 2500
        assert ab.bounds.hanley_mcneil_variance(0.8, 50, 50) == pytest.approx(expected, rel=1e-14)


class TestChebyshevAndNormal:
    @given(st.floats(1e-6, 10), st.floats(1e-300, 0.99))
    def test_chebyshev_inverts(self, sigma, delta):
        assert ab.bounds.chebyshev_tail(ab.bounds.chebyshev_epsilon(sigma, delta), sigma) == pytest.approx(delta, rel=1e-12)

    @given(st.floats(1e-6, 10), st.floats(1e-300, 0.99))
    def test_normal_inverts(self, sigma, delta):
        assert ab.bounds.normal_tail(ab.bounds.normal_epsilon(sigma, delta), sigma) == pytest.approx(delta, rel=1e-12)

    def test_quantile_by_hand(self):
        assert ab.bounds.normal_epsilon(1.0, 0.05) == pytest.approx(1.959963984540054, rel=1e-15)
        assert ab.bounds.normal_epsilon(2.0, 0.01) == pytest.approx(2 * 2.5758293035489004, rel=1e-15)

    @pytest.mark.parametrize("log_p", [math.log(0.025), -50.0, -689.0, -691.0, -800.0, -5000.0, -1e6])
    def test_upper_quantile_against_mpmath(self, log_p):
        assert upper_quantile(log_p) == pytest.approx(float(reference.normal_upper_quantile(log_p)), rel=1e-14)

    def test_upper_quantile_vectorized(self):
        values = upper_quantile(np.array([-3.0, -700.0]))
        assert values.tolist() == [upper_quantile(-3.0), upper_quantile(-700.0)]

    def test_chebyshev_overflow_is_infinite_not_nan(self):
        # a union bound over e^3000 scorers: 1/√δ overflows
        result = ab.interval(10, 10, 0.05, method="chebyshev-max", log_class_size=3000)
        assert result.epsilon == math.inf and result.vacuous


class TestScoreInterval:
    @given(st.floats(0, 1), st.floats(1, 1e12), st.floats(0.5, 100))
    def test_ends_are_the_roots_to_four_ulps(self, auc, weight, factor):
        # f(A) = (Â − A)² − a·A(1−A) in exact rational arithmetic changes sign within 4 ulps of each end
        lo, hi = ab.bounds.score_interval(auc, weight, factor)
        assert 0 <= lo <= auc <= hi <= 1
        a = Fraction(factor) ** 2 / Fraction(weight)

        def f(x):
            x = Fraction(x)
            return (Fraction(auc) - x) ** 2 - a * x * (1 - x)

        for end, outward in ((lo, -1.0), (hi, 2.0)):
            if end in (0.0, 1.0) or end == auc:
                continue
            inner = outer = end
            for _ in range(4):
                inner, outer = np.nextafter(inner, -outward), np.nextafter(outer, outward)
            assert f(float(inner)) <= 0 <= f(float(outer))

    @given(st.floats(0, 1), st.floats(1, 1e6), st.floats(0.5, 100))
    def test_symmetry(self, auc, weight, factor):
        lo, hi = ab.bounds.score_interval(auc, weight, factor)
        mirror_lo, mirror_hi = ab.bounds.score_interval(1 - auc, weight, factor)
        assert lo == pytest.approx(1 - mirror_hi, abs=1e-15)
        assert hi == pytest.approx(1 - mirror_lo, abs=1e-15)

    def test_by_hand(self):
        # a = 20/50 = 0.4, s = sqrt(0.04 + 0.4·0.09): roots (1.1 ± s)/1.4
        s = math.sqrt(0.076)
        assert ab.bounds.score_interval(0.9, 50, 1 / math.sqrt(0.05)) == pytest.approx(((1.1 - s) / 1.4, (1.1 + s) / 1.4), rel=1e-14)

    def test_inside_the_worst_case(self):
        # |Â − A| ≤ c·sqrt(A(1−A)/w) ≤ c/(2√w)
        for auc in np.linspace(0, 1, 21):
            lo, hi = ab.bounds.score_interval(float(auc), 40, 3.0)
            assert auc - lo <= 3 / (2 * math.sqrt(40)) + 1e-15 and hi - auc <= 3 / (2 * math.sqrt(40)) + 1e-15
