"""The scenarios' true AUCs: closed forms against independent integrals at 30 digits (to 1e-10),
and every scenario's sampler against its AUC on a large sample (within 4 standard errors)."""

import math

import mpmath as mp
import numpy as np
import pytest

import aucbound as ab
from aucbound.simulate import _scenarios as sc

TARGETS = [0.03, 0.3, 0.5, 0.65, 0.8, 0.95, 0.99, 0.999]


def params(scenario):
    return dict(scenario.parameters)


def normal_pair_auc(mu, sd_pos):
    """P(X > Y), X ~ N(mu, sd_pos²), Y ~ N(0, 1): ∫ φ(y)·P(X > y) dy at 30 digits."""
    with mp.workdps(30):
        mu, sd = mp.mpf(mu), mp.mpf(sd_pos)
        return mp.quad(lambda y: mp.npdf(y) * mp.ncdf((mu - y) / sd), [-mp.inf, mu / 2, mp.inf])


def lognormal_pair_auc(mu, sd_pos):
    """P(X > Y) on the original scale: ∫_0^∞ f_Y(y)·P(X > y) dy with log-normal densities."""
    with mp.workdps(30):
        mu, sd = mp.mpf(mu), mp.mpf(sd_pos)

        def integrand(y):
            return mp.npdf(mp.log(y)) / y * (1 - mp.ncdf((mp.log(y) - mu) / sd))

        return mp.quad(integrand, [0, mp.e ** (mu / 2), 1, mp.inf])


def exponential_pair_auc(rate_pos):
    """P(X > Y), X ~ Exp(rate_pos), Y ~ Exp(1): ∫_0^∞ e^(−y)·e^(−rate_pos·y) dy."""
    with mp.workdps(30):
        return mp.quad(lambda y: mp.exp(-y) * mp.exp(-mp.mpf(rate_pos) * y), [0, mp.inf])


def rating_auc(gap):
    """Σ_{i>j} p_i q_j + ½ Σ p_i q_i for the latent N(±gap/2, 1) cut at the thresholds, at 30 digits."""
    with mp.workdps(30):
        cuts = [-mp.inf, *map(mp.mpf, sc.RATING_THRESHOLDS), mp.inf]

        def probs(centre):
            return [mp.ncdf(cuts[k + 1] - centre) - mp.ncdf(cuts[k] - centre) for k in range(5)]

        p, q = probs(mp.mpf(gap) / 2), probs(-mp.mpf(gap) / 2)
        return mp.fsum(p[i] * q[j] * (1 if i > j else mp.mpf(1) / 2) for i in range(5) for j in range(5) if i >= j), p


#: Each closed-form family beside an independent 30-digit integral of its parameters.
CLOSED_FORMS = [
    (sc.binormal, lambda p: normal_pair_auc(p["mu"], p["sd_pos"])),
    (sc.binormal_unequal, lambda p: normal_pair_auc(p["mu"], p["sd_pos"])),
    (sc.near_perfect, lambda p: normal_pair_auc(p["mu"], p["sd_pos"])),
    (sc.lognormal, lambda p: lognormal_pair_auc(p["mu"], p["sd_pos"])),
    (sc.exponential, lambda p: exponential_pair_auc(p["rate_pos"])),
]


class TestExactAUC:
    @pytest.mark.parametrize("target", TARGETS)
    @pytest.mark.parametrize("family, integral", CLOSED_FORMS, ids=[f.__name__ for f, _ in CLOSED_FORMS])
    def test_closed_form_against_the_integral(self, family, integral, target):
        scenario = family(target)
        assert scenario.auc == pytest.approx(float(integral(params(scenario))), abs=1e-10)
        assert scenario.auc == pytest.approx(target, abs=1e-12)

    @pytest.mark.parametrize("target", TARGETS)
    def test_rating_exact_sum(self, target):
        scenario = sc.rating_scale(target)
        expected, probs = rating_auc(params(scenario)["gap"])
        assert scenario.auc == pytest.approx(float(expected), abs=1e-10)
        assert scenario.auc == pytest.approx(target, abs=1e-12)
        assert [params(scenario)[f"p{k}"] for k in range(1, 6)] == pytest.approx([float(p) for p in probs], abs=1e-14)

    def test_rating_has_heavy_ties(self):
        assert params(sc.rating_scale(0.8))["tie_probability"] > 0.18

    @pytest.mark.parametrize("target", TARGETS)
    def test_adversarial_is_exact(self, target):
        assert sc.adversarial(target).auc == target

    def test_binormal_with_a_given_ratio_of_standard_deviations(self):
        scenario = sc.binormal(0.7, sd_ratio=3.0)
        assert scenario.name == "binormal-unequal"
        assert scenario.auc == pytest.approx(float(normal_pair_auc(params(scenario)["mu"], 3.0)), abs=1e-10)

    def test_registry_defaults(self):
        defaults = {name: ab.scenario(name).auc for name in ab.simulate.SCENARIOS}
        assert defaults == {name: (0.99 if name == "near-perfect" else 0.8) for name in ab.simulate.SCENARIOS}
        assert [ab.scenario(name).name for name in ab.simulate.SCENARIOS] == list(ab.simulate.SCENARIOS)


def large_sample_auc(scenario, m, n, seed):
    """(Â, its DeLong standard error) from one sample of m positives and n negatives."""
    pos, neg = scenario.sample(np.random.default_rng(seed), m, n, 1)
    result = ab.delong(np.r_[np.ones(m), np.zeros(n)], np.r_[pos[0], neg[0]])
    return result.auc, result.std_error


@pytest.mark.parametrize("name", list(sc.SCENARIOS))
@pytest.mark.parametrize("auc", [None, 0.65])
def test_sampler_matches_the_true_auc_within_4_standard_errors(name, auc):
    scenario = ab.scenario(name, auc)
    estimate, se = large_sample_auc(scenario, 200_000, 150_000, seed=len(name))
    assert se > 0
    assert abs(estimate - scenario.auc) <= 4 * se, (estimate, scenario.auc, se)


def test_rating_sampler_ties_as_often_as_computed():
    scenario = sc.rating_scale(0.8)
    pos, neg = scenario.sample(np.random.default_rng(5), 400_000, 400_000, 1)
    tie = sum(np.mean(pos[0] == k) * np.mean(neg[0] == k) for k in range(1, 6))
    assert tie == pytest.approx(params(scenario)["tie_probability"], abs=4 * 0.0015)


@pytest.mark.parametrize("m, n", [(15, 40), (40, 15), (25, 25)])
def test_adversarial_variance_is_the_worst_case(m, n):
    result = ab.coverage("adversarial", m, n, 0.05, methods=["mcdiarmid"], trials=40_000, seed=2)
    worst = 0.8 * 0.2 / min(m, n)
    # the sample variance of 40,000 draws is within about 1% (s.d. sqrt(2/T)·σ²) of σ²
    assert result.estimate_sd**2 == pytest.approx(worst, rel=0.04)


def test_custom_scenario_draws_through_its_samplers():
    scenario = sc.custom(lambda rng, size: rng.uniform(0.5, 1.5, size), lambda rng, size: rng.uniform(0, 1, size), 0.875)
    pos, neg = scenario.sample(np.random.default_rng(0), 3, 4, 2)
    assert pos.shape == (2, 3) and neg.shape == (2, 4) and pos.min() >= 0.5
    estimate, se = large_sample_auc(scenario, 100_000, 100_000, seed=1)
    assert abs(estimate - 0.875) <= 4 * se


class TestErrors:
    def test_unknown_scenario(self):
        with pytest.raises(ValueError, match=r"`scenario` must be one of 'binormal', .*, but got 'gamma'\."):
            ab.scenario("gamma")

    @pytest.mark.parametrize("auc", [0.0, 1.0, 1.5, -0.2, math.nan])
    @pytest.mark.parametrize("family", list(sc.SCENARIOS.values()))
    def test_auc_outside_the_open_unit_interval(self, family, auc):
        with pytest.raises(ValueError, match=r"`auc` must be in \(0, 1\), but got"):
            family(auc)

    def test_bad_standard_deviation_ratio(self):
        with pytest.raises(ValueError, match=r"`sd_ratio` must be a finite number > 0, but got -1\.0\."):
            sc.binormal(0.8, sd_ratio=-1.0)

    def test_custom_needs_functions(self):
        with pytest.raises(TypeError, match=r"`sample_neg` must be a function, but got 3\."):
            sc.custom(lambda rng, size: rng.random(size), 3, 0.5)

    def test_custom_auc_in_the_unit_interval(self):
        with pytest.raises(ValueError, match=r"`auc` must be in \[0, 1\], but got 2\.0\."):
            sc.custom(lambda rng, size: rng.random(size), lambda rng, size: rng.random(size), 2.0)

    def test_custom_sampler_of_the_wrong_shape(self):
        scenario = sc.custom(lambda rng, size: rng.random(size[1]), lambda rng, size: rng.random(size), 0.5)
        with pytest.raises(ValueError, match=r"`sample_pos` must be an array of shape \(4, 3\), but got an array of shape \(3,\)\."):
            scenario.sample(np.random.default_rng(0), 3, 5, 4)

    def test_custom_sampler_returning_nan(self):
        scenario = sc.custom(lambda rng, size: rng.random(size), lambda rng, size: np.full(size, np.nan), 0.5)
        with pytest.raises(ValueError, match=r"`sample_neg` must be finite \(no inf or NaN\), but got nan\."):
            ab.coverage(scenario, 3, 5, 0.05, trials=10)
