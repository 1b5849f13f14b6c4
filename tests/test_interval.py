"""The method registry, ``interval``, ``interval_table`` and ``sample_size``."""

import math

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import aucbound as ab
from tests import reference

KEYS = [key for key, spec in ab.METHODS.items() if not spec.needs_scores]
INVERTIBLE = [key for key, spec in ab.METHODS.items() if spec.invertible]
sizes = st.integers(1, 10**5)
deltas = st.floats(1e-12, 0.5)
aucs = st.floats(0, 1)


@st.composite
def method_inputs(draw, method=None):
    """A method key with the inputs it needs: auc, and p1, p2 inside Lehmann's constraint."""
    key = method or draw(st.sampled_from(KEYS))
    needs = ab.METHODS[key].needs
    inputs = {}
    if "auc" in needs or draw(st.booleans()):
        inputs["auc"] = draw(aucs)
    if "variance" in needs:
        inputs["variance"] = draw(st.floats(0, 0.25))
    if "p1" in needs:
        A = inputs["auc"]
        inputs["p1"] = A * A + draw(st.floats(0, 1)) * (A - A * A)
        inputs["p2"] = A * A + draw(st.floats(0, 1)) * (A - A * A)
        inputs["p1"] = min(max(inputs["p1"], A * A), A)
        inputs["p2"] = min(max(inputs["p2"], A * A), A)
    return key, inputs


class TestRegistry:
    def test_every_method_is_documented(self):
        for key in KEYS:
            assert f"``{key}``" in ab.interval.__doc__

    def test_every_method_has_a_known_guarantee_and_a_source(self):
        for spec in ab.METHODS.values():
            assert spec.guarantee in ab.GUARANTEES and spec.guarantee != "vacuous"
            assert spec.source

    def test_unknown_method_lists_the_keys(self):
        with pytest.raises(ValueError, match=r"^`method` must be one of 'mcdiarmid', 'hoeffding', .*but got 'bogus'\."):
            ab.interval(10, 10, 0.05, method="bogus")

    def test_a_resampling_method_needs_the_data(self):
        with pytest.raises(ValueError, match=r"^`method` must be a method with a closed form .*aucbound.intervals"):
            ab.interval(10, 10, 0.05, method="bootstrap-bca", auc=0.8)

    def test_missing_input_is_named(self):
        with pytest.raises(ValueError, match=r"^`auc` must be given for method 'hoeffding-kl'"):
            ab.interval(10, 10, 0.05, method="hoeffding-kl")
        with pytest.raises(ValueError, match=r"^`p1` must be given for method 'normal-lehmann'"):
            ab.interval(10, 10, 0.05, method="normal-lehmann", auc=0.8)


class TestInterval:
    def test_check_values(self):
        assert ab.interval(51, 58, 0.05).epsilon == pytest.approx(0.260703, abs=1e-6)
        assert ab.interval(51, 58, 0.05, method="hoeffding").epsilon == pytest.approx(0.190172, abs=1e-6)

    def test_result_echoes_inputs(self):
        result = ab.interval(100, 50, 0.05, auc=0.8)
        assert (result.method, result.m, result.n, result.delta, result.estimate) == ("mcdiarmid", 100, 50, 0.05, 0.8)
        assert result.confidence == pytest.approx(0.95)
        assert result.source == "Agarwal et al. 2005, Cor 3.4" and result.guarantee == "distribution-free"
        lo, hi = result.interval
        assert lo == pytest.approx(0.8 - 0.2352300, abs=1e-7) and hi == 1.0  # clipped
        assert result.as_dict()["confidence"] == result.confidence

    def test_without_estimate_there_is_no_interval(self):
        assert ab.interval(100, 50, 0.05).interval == (None, None)

    def test_worst_case_variances_by_hand(self):
        # 1/(2·sqrt(50·0.05)) and z/(2·sqrt(50))
        assert ab.interval(100, 50, 0.05, method="chebyshev-max").epsilon == pytest.approx(1 / (2 * math.sqrt(2.5)), rel=1e-14)
        z = 1.959963984540054
        assert ab.interval(100, 50, 0.05, method="normal-max").epsilon == pytest.approx(z / (2 * math.sqrt(50)), rel=1e-14)
        assert ab.interval(100, 50, 0.05, method="normal-min").epsilon == pytest.approx(z / (2 * math.sqrt(5000)), rel=1e-14)

    def test_chebyshev_max_with_an_estimate_is_the_solved_set(self):
        # |Â − A| ≤ sqrt(A(1−A)/(kδ)) at its ends, with k = 50
        result = ab.interval(100, 50, 0.05, method="chebyshev-max", auc=0.9)
        for end in result.interval:
            assert abs(0.9 - end) == pytest.approx(math.sqrt(end * (1 - end) / (50 * 0.05)), rel=1e-12)

    def test_hanley_mcneil_by_hand(self):
        sigma = math.sqrt((0.16 + 49 * (2 / 3 - 0.64) + 49 * (32 / 45 - 0.64)) / 2500)
        result = ab.interval(50, 50, 0.05, method="hanley-mcneil", auc=0.8)
        assert result.epsilon == pytest.approx(1.959963984540054 * sigma, rel=1e-14)
        assert result.interval == pytest.approx((0.8 - result.epsilon, 0.8 + result.epsilon), rel=1e-15)

    def test_vacuous(self):
        # sqrt(10·ln 200/50) = 1.029… ≥ 1
        result = ab.interval(5, 5, 0.01)
        assert result.epsilon > 1 and result.vacuous and result.guarantee == "vacuous"
        assert result.interval == (None, None)
        with_estimate = ab.interval(5, 5, 0.01, auc=0.7)
        assert with_estimate.vacuous and with_estimate.interval == (0.0, 1.0)

    def test_finite_class_is_the_method_at_delta_over_size(self):
        for key in ("mcdiarmid", "hoeffding", "chebyshev-max", "normal-max"):
            union = ab.interval(300, 200, 0.05, method=key, class_size=1000)
            direct = ab.interval(300, 200, 0.05 / 1000, method=key)
            assert union.epsilon == pytest.approx(direct.epsilon, rel=1e-13)
            assert union.log_class_size == pytest.approx(math.log(1000))

    def test_cor_3_9_through_interval(self):
        expected = math.sqrt((math.log(10**6) + math.log(200)) / (2 * 0.25 * 10**4))
        assert ab.interval(5000, 5000, 0.01, class_size=10**6).epsilon == pytest.approx(expected, rel=1e-14)

    def test_table_leaves_out_methods_without_inputs(self):
        keys = [r.method for r in ab.interval_table(100, 50, 0.05)]
        assert keys == ["mcdiarmid", "hoeffding", "chebyshev-max", "normal-max", "chebyshev-min", "normal-min"]
        lehmann = [r.method for r in ab.interval_table(100, 50, 0.05, auc=0.8, p1=0.7, p2=0.7)]
        assert lehmann == [key for key in KEYS if "variance" not in ab.METHODS[key].needs]
        assert [r.method for r in ab.interval_table(100, 50, 0.05, auc=0.8, p1=0.7, p2=0.7, variance=0.01)] == KEYS

    def test_table_requires_inputs_of_named_methods(self):
        with pytest.raises(ValueError, match="`auc` must be given for method 'hanley-mcneil'"):
            ab.interval_table(100, 50, 0.05, methods=["mcdiarmid", "hanley-mcneil"])


class TestProperties:
    @given(method_inputs(), sizes, sizes, deltas)
    def test_interval_inside_unit_interval(self, method, m, n, delta):
        key, inputs = method
        assume("auc" in inputs)
        result = ab.interval(m, n, delta, method=key, **inputs)
        lo, hi = result.interval
        assert 0 <= lo <= hi <= 1
        assert result.epsilon >= 0 and not math.isnan(result.epsilon)

    @given(method_inputs(), sizes, sizes, deltas)
    def test_epsilon_decreases_in_m_n_and_delta(self, method, m, n, delta):
        key, inputs = method
        if key == "bernstein":  # it reads p̂1, p̂2 as U-statistics at (m, n): the same values at another size are other data
            inputs = {"auc": inputs["auc"]} | {"p1": inputs["auc"], "p2": inputs["auc"]}
            base = ab.interval(m, n, delta, method=key, **inputs).epsilon * (1 + 1e-14)
            assert ab.interval(m, n, min(2 * delta, 0.9), method=key, **inputs).epsilon <= base
            return
        # up to rounding: where ε is mathematically flat (e.g. Hoeffding in the larger class) it may move an ulp
        base = ab.interval(m, n, delta, method=key, **inputs).epsilon * (1 + 1e-14)
        assert ab.interval(m + 1, n, delta, method=key, **inputs).epsilon <= base
        assert ab.interval(m, n + 1, delta, method=key, **inputs).epsilon <= base
        assert ab.interval(m, n, min(2 * delta, 0.9), method=key, **inputs).epsilon <= base

    @given(sizes, sizes, deltas)
    def test_hoeffding_never_wider_than_mcdiarmid(self, m, n, delta):
        assert ab.interval(m, n, delta, method="hoeffding").epsilon < ab.interval(m, n, delta).epsilon

    @given(aucs, sizes, sizes, deltas)
    def test_kl_interval_inside_quadratic_hoeffding(self, auc, m, n, delta):
        kl_lo, kl_hi = ab.interval(m, n, delta, method="hoeffding-kl", auc=auc).interval
        lo, hi = ab.interval(m, n, delta, method="hoeffding", auc=auc).interval
        assert lo - 1e-15 <= kl_lo <= kl_hi <= hi + 1e-15

    @given(method_inputs(), sizes, sizes, deltas)
    def test_vacuous_exactly_when_nothing_is_said(self, method, m, n, delta):
        key, inputs = method
        result = ab.interval(m, n, delta, method=key, **inputs)
        if result.estimate is None:
            assert result.vacuous == (result.epsilon >= 1)
        else:
            assert result.vacuous == (result.epsilon >= 1 or result.interval == (0.0, 1.0))


class TestSampleSize:
    def test_by_hand(self):
        result = ab.sample_size(0.05, 0.01, 0.1)
        # Cor 3.5 needs 11774.04…; at N = 11775, m = 1178 (ρN = 1177.5 rounds up), n = 10597
        assert (result.N, result.m, result.n) == (11775, 1178, 10597)
        assert ab.interval(1178, 10597, 0.01).epsilon <= 0.05 < ab.interval(1177, 10597, 0.01).epsilon
        assert result.error_rate_N == 1060 and result.ratio == pytest.approx(11775 / 1060)

    def test_hoeffding_by_hand(self):
        # min(m, n) ≥ ln(200)/(2·0.05²) = 1059.66 → m = 1060 = round(0.1·10595)
        result = ab.sample_size(0.05, 0.01, 0.1, method="hoeffding")
        assert (result.N, result.m) == (10595, 1060)
        assert ab.bounds.split_sample(10594, 0.1) == (1059, 9535)

    def test_chebyshev_max_by_hand(self):
        # min(m, n) ≥ 1/(4·δ·ε²) = 10000 → m = 10000 at N = 99995 (ρN = 9999.5)
        assert ab.sample_size(0.05, 0.01, 0.1, method="chebyshev-max").N == 99995

    @given(st.sampled_from(INVERTIBLE).flatmap(method_inputs), sizes, sizes, deltas)
    def test_round_trip(self, method, m, n, delta):
        # sizes are decided exactly, so against the floating-point half-widths the test allows
        # a relative 1e-12 either way (where one size has the target to within rounding)
        key, inputs = method
        epsilon = ab.interval(m, n, delta, method=key, **inputs).epsilon
        assume(1e-140 < epsilon < 1)  # below, an error rate would need over 10^280 examples
        rho = m / (m + n)
        result = ab.sample_size(epsilon, delta, rho, method=key, **inputs)
        assert result.m + result.n == result.N
        assert ab.interval(result.m, result.n, delta, method=key, **inputs).epsilon <= epsilon * (1 + 1e-12)
        if result.N > 2:
            below = ab.bounds.split_sample(result.N - 1, rho)
            assert ab.interval(*below, delta, method=key, **inputs).epsilon > epsilon * (1 - 1e-12)

    @pytest.mark.parametrize("epsilon, delta, rho", [(0.05, 0.01, 0.1), (1e-10, 0.05, "1/3"), (0.2, 1e-200, 0.999),
                                                     (1e-120, 0.5, "1/2"), (0.03, 0.05, 0.3)])
    def test_mcdiarmid_size_is_exactly_the_smallest(self, epsilon, delta, rho):
        # independent of the package: the class sizes by exact rounding, ε by mpmath at 50 digits
        from fractions import Fraction

        exact_rho = Fraction(rho) if isinstance(rho, str) else Fraction(rho).limit_denominator(10**6)

        def design(N):
            m = min(max(int((exact_rho * N + Fraction(1, 2)) // 1), 1), N - 1)
            return m, N - m

        N = ab.sample_size(epsilon, delta, rho).N
        dps = 2 * len(str(N)) + 40  # ε(N − 1)/ε(N) − 1 is about 1/N
        assert reference.mcdiarmid_epsilon(*design(N), delta, dps) <= epsilon
        assert reference.mcdiarmid_epsilon(*design(N - 1), delta, dps) > epsilon
        assert ab.bounds.mcdiarmid_sample_size(epsilon, delta, rho) == N

    @given(st.integers(2, 10**7), st.floats(1e-4, 1 - 1e-4))
    def test_split_steps_one_at_a_time(self, N, rho):
        m, n = ab.bounds.split_sample(N, rho)
        m2, n2 = ab.bounds.split_sample(N + 1, rho)
        assert m + n == N and 1 <= m <= N - 1
        assert (m2 - m, n2 - n) in ((1, 0), (0, 1))

    def test_finite_class_is_cor_3_10(self):
        result = ab.sample_size(0.05, 0.01, 0.5, class_size=10**6)
        # (ln 10^6 + ln 200)/(2·¼·0.0025) = 15291.04 → 15292 (m = n = 7646)
        assert result.N == 15292 and result.log_class_size == pytest.approx(math.log(10**6))

    def test_beyond_10_to_the_300_is_vacuous_not_a_number(self):
        result = ab.sample_size(1e-160, 0.05, 0.5)
        assert result.N is None and result.vacuous and result.ratio is None
        assert ab.bounds.mcdiarmid_sample_size(1e-160, 0.05, 0.5) == math.inf


class TestNumerics:
    @pytest.mark.parametrize("m, n", [(10**15, 10**15), (10**15, 3), (1, 1)])
    @pytest.mark.parametrize("delta", [0.05, 1e-300])
    def test_extremes_against_mpmath(self, m, n, delta):
        k = min(m, n)
        z = reference.normal_upper_quantile(math.log(delta / 2))
        expected = {
            "mcdiarmid": reference.mcdiarmid_epsilon(m, n, delta),
            "hoeffding": reference.hoeffding_epsilon(m, n, delta),
            "chebyshev-max": 1 / (2 * (k * delta) ** 0.5),
            "normal-max": z / (2 * k**0.5),
            "normal-min": z / (2 * (m * n) ** 0.5),
        }
        for key, value in expected.items():
            result = ab.interval(m, n, delta, method=key)
            assert math.isfinite(result.epsilon)
            assert result.epsilon == pytest.approx(float(value), rel=1e-13)
            assert result.vacuous == (float(value) >= 1)

    @pytest.mark.parametrize("auc", [0.0, 0.3, 0.999999, 1.0])
    def test_kl_at_extremes_against_mpmath(self, auc):
        lo, hi = ab.interval(10**15, 10**15, 1e-300, method="hoeffding-kl", auc=auc).interval
        ref_lo, ref_hi = reference.kl_interval(auc, 10**15, 1e-300)
        assert (lo, hi) == pytest.approx((float(ref_lo), float(ref_hi)), rel=1e-14)


class TestBadInput:
    @pytest.mark.parametrize("name, value, message", [
        ("m", 2.5, r"`m` must be an integer ≥ 1, but got 2.5\."),
        ("m", 0, r"`m` must be an integer ≥ 1, but got 0\."),
        ("n", -4, r"`n` must be an integer ≥ 1, but got -4\."),
        ("delta", 1.5, r"`delta` must be in \(0, 1\), but got 1.5\."),
        ("delta", 0.0, r"`delta` must be in \(0, 1\), but got 0.0\."),
        ("auc", 1.2, r"`auc` must be in \[0, 1\], but got 1.2\."),
        ("auc", -0.1, r"`auc` must be in \[0, 1\], but got -0.1\."),
    ])
    def test_interval_arguments(self, name, value, message):
        arguments = {"m": 10, "n": 10, "delta": 0.05, "auc": 0.8} | {name: value}
        with pytest.raises(ValueError, match="^" + message):
            ab.interval(arguments.pop("m"), arguments.pop("n"), arguments.pop("delta"), **arguments)

    def test_p_outside_lehmann_range(self):
        with pytest.raises(ValueError, match=r"^`p1` must be in \[auc², auc\] = \[0.81, 0.9\] .*but got 0.95\."):
            ab.interval(10, 10, 0.05, method="normal-lehmann", auc=0.9, p1=0.95, p2=0.85)
        with pytest.raises(ValueError, match=r"^`p2` must be in \[auc², auc\] = \[0.81, 0.9\] .*but got 0.5\."):
            ab.interval(10, 10, 0.05, method="normal-lehmann", auc=0.9, p1=0.85, p2=0.5)

    def test_p_without_its_partner_or_auc(self):
        with pytest.raises(ValueError, match=r"^`p2` must be given together with `p1`"):
            ab.interval(10, 10, 0.05, auc=0.9, p1=0.85)
        with pytest.raises(ValueError, match=r"^`auc` must be given with `p1` and `p2`"):
            ab.interval(10, 10, 0.05, p1=0.85, p2=0.85)

    @pytest.mark.parametrize("name, value, message", [
        ("epsilon", 0.0, r"`epsilon` must be in \(0, 1\), but got 0.0\."),
        ("epsilon", 1.0, r"`epsilon` must be in \(0, 1\), but got 1.0\."),
        ("rho", 1.0, r"`rho` must be a number in \(0, 1\), or a ratio p/q of integers in \(0, 1\), but got 1.0\."),
        ("delta", -1.0, r"`delta` must be in \(0, 1\), but got -1.0\."),
    ])
    def test_sample_size_arguments(self, name, value, message):
        arguments = {"epsilon": 0.1, "delta": 0.05, "rho": 0.5} | {name: value}
        with pytest.raises(ValueError, match="^" + message):
            ab.sample_size(**arguments)

    def test_bool_is_not_a_size(self):
        with pytest.raises(TypeError, match=r"`m` must be an integer, but got True\."):
            ab.interval(True, 10, 0.05)


def test_a_size_from_zero_variance_says_so():
    # Hanley & McNeil's variance at A = 1 (or 0) is 0 at every size — Q1 = A/(2 − A) = A and
    # Q2 = 2A²/(1 + A) = A there, so A(1 − A) + (m − 1)(Q1 − A²) + (n − 1)(Q2 − A²) = 0 —
    # so the smallest design "reaches" any ε; at A = 0.9 the variance is positive.
    for auc in (0.0, 1.0):
        result = ab.sample_size(0.05, 0.05, 0.5, method="hanley-mcneil", auc=auc)
        assert result.zero_variance and result.N == 2 and result.as_dict()["zero_variance"]
    assert not ab.sample_size(0.05, 0.05, 0.5, method="hanley-mcneil", auc=0.9).zero_variance
    assert not ab.sample_size(0.05, 0.05, 0.5).zero_variance


class TestLevelArguments:
    """`confidence` instead of `delta`, the warning for a δ above ½, and the pointers for arguments of another
    function."""

    def test_confidence_is_one_minus_delta_as_written(self):
        assert ab.interval(100, 50, confidence=0.95) == ab.interval(100, 50, 0.05)
        assert ab.sample_size(0.05, confidence=0.99, rho=0.1) == ab.sample_size(0.05, 0.01, 0.1)
        labels, scores = [0, 0, 1, 1, 1, 0, 1, 0], [0.1, 0.4, 0.35, 0.8, 0.7, 0.2, 0.9, 0.6]
        assert ab.intervals(labels, scores, confidence=0.9) == ab.intervals(labels, scores, delta=0.1)
        assert ab.compare(labels, scores, scores[::-1], confidence=0.9).delta == 0.1

    @pytest.mark.parametrize("call", [
        lambda: ab.interval(100, 50, 0.95),
        lambda: ab.intervals([0, 1, 0, 1], [1, 2, 0, 3], delta=0.9),
        lambda: ab.sample_size(0.05, 0.8, 0.5),
    ])
    def test_a_delta_above_one_half_warns(self, call):
        with pytest.warns(ab.LevelWarning, match=r"is a failure probability above ½; did you mean `confidence`"):
            call()

    def test_a_confidence_below_one_half_warns(self):
        with pytest.warns(ab.LevelWarning, match=r"`confidence` = 0.05 is a confidence below ½; did you mean `delta`"):
            ab.interval(100, 50, confidence=0.05)

    @pytest.mark.parametrize(("call", "error", "message"), [
        (lambda: ab.interval(100, 50, 0.05, confidence=0.95), ValueError,
         "`confidence` must be left out when `delta` is given"),
        (lambda: ab.interval(100, 50), TypeError, "`delta` must be a failure probability in (0, 1), or else "
                                                  "`confidence` given, but got None."),
        (lambda: ab.interval([0, 1, 1], [0.2, 0.5, 0.9], 0.05), TypeError,
         "`m` must be an integer, the number of positives (for labels and scores, aucbound.intervals(labels, scores, "
         "delta=...) gives every interval)"),
        (lambda: ab.intervals([0, 1, 0, 1], [1, 2, 0, 3], method="delong"), TypeError,
         "`method` must be given as `methods`, a list of keys such as methods=['delong'], but got 'delong'."),
        (lambda: ab.compare([0, 1, 0, 1], [1, 2, 0, 3], [1, 0, 2, 3], method="hoeffding"), ValueError,
         "`method` must be a test, one of 'delong', 'bootstrap', 'venkatraman', 'specificity', 'sensitivity' "
         "('hoeffding' is an interval method: list it in `methods`"),
        (lambda: ab.sample_size(0.05, 0.01), TypeError, "`rho` must be the share of positives"),
    ])
    def test_mistakes_are_named(self, call, error, message):
        with pytest.raises(error) as caught:
            call()
        assert str(caught.value).startswith(message)
