"""Extreme inputs get a correct answer or a clear refusal, against mpmath where there is a number."""

import math

import mpmath as mp
import numpy as np
import pytest

import aucbound as ab


def hanley_mcneil_by_definition(auc, m, n):
    """Lehmann's Eq. 7 at p1 = A/(2−A), p2 = 2A²/(1+A), subtracting A² as printed, at 60 digits."""
    with mp.workdps(60):
        A = mp.mpf(auc)
        p1, p2 = A / (2 - A), 2 * A**2 / (1 + A)
        return (A * (1 - A) + (m - 1) * (p1 - A**2) + (n - 1) * (p2 - A**2)) / (m * n)


@pytest.mark.parametrize("auc", [0.5, 0.9, 0.999999, 1 - 2**-52, 1e-12, 0.0, 1.0])
@pytest.mark.parametrize("m, n", [(3, 3), (1, 50), (10**6, 7)])
def test_hanley_mcneil_variance_keeps_its_digits_near_0_and_1(auc, m, n):
    expected = float(hanley_mcneil_by_definition(auc, m, n))
    assert ab.bounds.hanley_mcneil_variance(auc, m, n) == pytest.approx(expected, rel=1e-13, abs=0)


@pytest.mark.parametrize("call", [
    lambda: ab.sample_size(1e-300, 0.05, 0.5),
    lambda: ab.sample_size(0.1, 0.5, 0.5, method="normal-max", log_class_size=1e308),
    lambda: ab.eem_sample_size(ab.Linear(3), 1e-320, 0.05, "1/2"),
    lambda: ab.eem_exact_sample_size(ab.Linear(3), 1e-320, 0.05, "1/2"),
    lambda: ab.uniform_sample_size(ab.Line(), 0.1, 0.01, 1e-300),
])
def test_astronomical_sizes_are_reported_as_beyond_10_to_300(call):
    result = call()
    size = result.N if hasattr(result, "N") else result.M
    assert size is None and result.vacuous


def test_a_dimension_of_10_to_30_gives_an_exact_size():
    result = ab.eem_sample_size(ab.Linear(10**30), 0.1, 0.05, "1/2")
    assert result.M % 2 == 0 and 2e36 < result.M < 3e36 and result.M >= result.value


def test_extreme_levels_give_vacuous_intervals_not_errors():
    for result in ab.interval_table(10, 10, 0.05, auc=0.5, log_class_size=1e308):
        assert result.vacuous and (result.lo, result.hi) == (0.0, 1.0)
    bound = ab.sample_complexity_lower_bound(10, 1e-300, 1e-300, 0.5)
    assert bound.value == math.inf and bound.M is None


def test_lower_bound_in_log_space_against_mpmath():
    with mp.workdps(340):  # 286 digits, and the ceiling of all of them
        factor = (1 - mp.sqrt(1 - mp.e ** -2)) ** 8
        expected = 10 / (2**20 * (2 * mp.mpf(1e-150)) ** 2) * factor
        ceiling = int(mp.ceil(expected))
    bound = ab.sample_complexity_lower_bound(10, 1e-150, 1e-150, 0.5)
    assert bound.value == pytest.approx(float(expected), rel=1e-12)
    assert bound.M == ceiling


def test_arrays_where_one_number_is_expected_are_named():
    with pytest.raises(TypeError, match=r"^`delta` must be a single number, but got an array of shape \(2,\)"):
        ab.interval(10, 10, np.array([0.05, 0.01]))
    with pytest.raises(TypeError, match=r"^`m` must be an integer, the number of positives .* but got an array of "
                                        r"shape \(2,\)"):
        ab.interval(np.array([1, 2]), 10, 0.05)
    with pytest.raises(TypeError, match=r"^`delta` must be a single number"):
        ab.coverage("binormal", 5, 5, [0.05, 0.01], trials=10)


def test_a_float_count_beyond_2_to_53_is_refused_not_run():
    with pytest.raises(ValueError, match=r"^`m` must be an exact integer \(a float above 2\^53 is not one; pass an int\)"):
        ab.psi(1e308, 3)


@pytest.mark.parametrize("m, n", [(10**5, 10**5), (2, 10**7)])
def test_psi_refuses_work_beyond_its_limits_before_starting(m, n):
    with pytest.raises(ValueError, match=r"must be small enough"):
        ab.psi(m, n)
    with pytest.raises(ValueError, match=r"must be small enough"):
        ab.log_psi(m, n)


def test_psi_with_a_row_of_one_is_closed_form_at_any_size():
    assert ab.log_psi(1, 10**15) == pytest.approx(10**15 * math.log(3))
    assert ab.psi(1, 5) == 3**5


def test_sampled_directions_are_isotropic_in_the_features_themselves():
    # 1 positive, 7 negatives, quadratics on R²: the 7 differences of 5 features are in general
    # position and cut R^5 into K(7, 5) = 2·Σ_{i<5} C(6, i) = 114 regions (Cover 1965). Sampling
    # directions on the sphere of the features as they are (in floating point, here) and through
    # the exact integer features, scaled by very different powers of two, must find about as many.
    rng = np.random.default_rng(3)
    pos, neg = rng.standard_normal((1, 2)), rng.standard_normal((7, 2))

    def features(x):
        return np.array([x[0], x[1], x[0] ** 2, x[0] * x[1], x[1] ** 2])

    differences = np.array([features(pos[0]) - features(x) for x in neg])
    directions = np.random.default_rng(0).standard_normal((100_000, 5))
    reference = len({row.tobytes() for row in np.sign(directions @ differences.T).astype(np.int8)}) + 1  # and w = 0
    count = ab.shatter.realized_rank_matrices(ab.Polynomial(2, 2), pos, neg, samples=100_000).count
    assert reference - 8 <= count <= 115


def _mp_upper_quantile(log_p):
    """z with ln Φ(−z) = log_p, by mpmath's root finder on the log tail (independent of aucbound)."""
    start = mp.sqrt(-2 * log_p)
    return mp.findroot(lambda z: mp.log(mp.ncdf(-z)) / log_p - 1, start)


def test_a_far_normal_tail_gives_the_smallest_size_exactly():
    # normal-min without Â: ε = z/(2·sqrt(mn)), z the upper δ/(2|F|) quantile, ln|F| = 10^300
    result = ab.sample_size(1e-6, 0.05, 0.5, method="normal-min", log_class_size=1e300)
    with mp.workdps(200):
        # ln|F| is the float 1e300 = 1.0000000000000000525…·10^300, exactly as given
        z = _mp_upper_quantile(mp.log(mp.mpf(0.05)) - mp.mpf(1e300) - mp.log(2))

        def meets(N):
            m = (N + 1) // 2  # ρ = 1/2, m rounded half up
            return z / (2 * mp.sqrt(mp.mpf(m) * (N - m))) <= mp.mpf(1e-6)

        assert meets(result.N) and not meets(result.N - 1)
    assert 1.41e156 < result.N < 1.42e156


def test_a_size_of_200_digits_is_the_exact_smallest_one():
    # McDiarmid at ρ = 10^-10: ε = sqrt((m+n)·ln(2|F|/δ)/(2mn)) (Cor 3.4 with a union bound)
    from fractions import Fraction

    result = ab.sample_size(1e-100, 0.05, Fraction(1, 10**10), log_class_size=100)
    with mp.workdps(260):
        level = mp.log(2 / mp.mpf(0.05)) + 100

        def meets(N):
            m = (2 * N + 10**10) // (2 * 10**10)  # ρN rounded half up
            n = N - m
            return (m + n) * level / (2 * mp.mpf(m) * n) <= mp.mpf(1e-100) ** 2

        assert meets(result.N) and not meets(result.N - 1)
    assert len(str(result.N)) == 212
