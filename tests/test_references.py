"""Every formula and count of aucbound against a value derived without it.

The references are (a) the papers' own numbers, (b) the papers' formulas evaluated in
mpmath at 50 digits (:mod:`tests.reference`, which never imports aucbound), (c) brute-force
enumeration — weak orders of points, sign vectors of hyperplane arrangements by linear
programming, directions of a sweep, every sample of a discrete law — and (d) published
values (pROC's, in ``test_empirical_proc.py``). Sizes are checked at N and at N − 1 with
the class sizes rounded in exact fractions.
"""

import functools
import itertools
import math
from fractions import Fraction
from statistics import NormalDist

import mpmath as mp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab
from proc_reference import PROC_AUC, PROC_VARIANCE
from tests import reference as ref
from tests.test_empirical_auc import kernel, tied_data
from tests.test_empirical_bootstrap import resampled_by_hand
from tests.test_variance import exact_moments

def close(value, expected, rel=1e-13, abs=0.0):
    """`value` (a float) within `rel` of the mpmath `expected` (or within `abs`)."""
    return value == pytest.approx(float(expected), rel=rel, abs=abs)


# --- Agarwal et al. (2005), §3: McDiarmid, finite classes, the error rate ------------------------


class TestLargeDeviation:
    @pytest.mark.parametrize("epsilon, m, n", [(0.1, 100, 100), (0.3, 100, 100), (0.05, 1, 10**6), (0.2, 37, 5),
                                                (1e-4, 10**9, 3 * 10**9), (0.01, 10, 10)])
    def test_thm_3_3_tail(self, epsilon, m, n):
        assert close(ab.bounds.mcdiarmid_tail(epsilon, m, n), ref.mcdiarmid_tail(epsilon, m, n))

    @pytest.mark.parametrize("epsilon, m, n, size", [(0.1, 1000, 1000, 100), (0.05, 3000, 7000, 10**6),
                                                      (0.02, 10**6, 10**6, 10**400), (0.3, 10, 20, 2)])
    def test_thm_3_8_tail(self, epsilon, m, n, size):
        expected = ref.finite_class_tail(epsilon, m, n, size)
        assert close(ab.bounds.finite_class_tail(epsilon, m, n, class_size=size), expected)
        assert close(ab.bounds.finite_class_tail(epsilon, m, n, log_class_size=math.log(size)), expected, rel=1e-12)

    @pytest.mark.parametrize("m, n, delta, size", [(51, 58, 0.05, 1), (300, 700, 0.05, 1000),
                                                    (10**6, 10**6, 0.05, 10**400), (7, 10**12, 1e-300, 10**30)])
    def test_cor_3_9_epsilon(self, m, n, delta, size):
        expected = ref.finite_class_epsilon(m, n, delta, size)
        assert close(ab.bounds.finite_class_epsilon(m, n, delta, class_size=size), expected)
        assert close(ab.interval(m, n, delta, class_size=size).epsilon, expected)

    @pytest.mark.parametrize("N, delta", [(1000, 0.05), (1, 0.5), (10**15, 1e-300), (37, 1e-9)])
    def test_eq_16_epsilon(self, N, delta):
        assert close(ab.bounds.error_rate_epsilon(N, delta), ref.error_rate_epsilon(N, delta))

    @pytest.mark.parametrize("epsilon, N", [(0.1, 100), (0.01, 10**5), (0.5, 3), (1e-3, 10**7)])
    def test_eq_16_tail(self, epsilon, N):
        assert close(ab.bounds.error_rate_tail(epsilon, N), ref.error_rate_tail(epsilon, N))

    @pytest.mark.parametrize("rho", [0.5, 0.1, 1e-3, 0.999, 1 / 3])
    def test_figure_2_ratio(self, rho):
        assert close(ab.bounds.sample_size_ratio(rho), ref.sample_size_ratio(rho), rel=1e-15)

    @pytest.mark.parametrize("epsilon, m, n", [(0.1, 100, 300), (0.05, 10**4, 10**3), (0.3, 1, 1)])
    def test_hoeffding_tail(self, epsilon, m, n):
        assert close(ab.bounds.hoeffding_tail(epsilon, m, n), ref.hoeffding_tail(epsilon, m, n))


# --- the sample sizes: every invertible method, checked at N and at N − 1 ----------------------

#: (method, ε, δ, ρ, inputs): chosen so that no design meets ε with equality.
SIZE_CASES = [
    ("mcdiarmid", 0.05, 0.01, 0.1, {}),
    ("mcdiarmid", 0.031, 0.05, "1/3", {"class_size": 10**400}),
    ("mcdiarmid", 0.043, 0.02, 0.7, {"log_class_size": 1000.0}),
    ("hoeffding", 0.05, 0.01, 0.1, {}),
    ("hoeffding", 0.041, 0.02, 0.7, {"class_size": 1000}),
    ("hoeffding-kl", 0.05, 0.05, 0.3, {"auc": 0.9}),
    ("hoeffding-kl", 0.021, 1e-6, 0.5, {"auc": 0.6}),
    ("chebyshev-max", 0.051, 0.01, 0.1, {}),
    ("chebyshev-max", 0.052, 0.05, 0.25, {"auc": 0.85}),
    ("normal-max", 0.031, 0.05, 0.4, {}),
    ("normal-max", 0.032, 0.05, 0.4, {"auc": 0.93}),
    ("chebyshev-min", 0.011, 0.05, 0.2, {"auc": 0.7}),
    ("normal-min", 0.0041, 0.01, 0.2, {}),
    ("chebyshev-lehmann", 0.05, 0.05, 0.3, {"auc": 0.8, "p1": 0.7, "p2": 0.68}),
    ("normal-lehmann", 0.021, 0.05, 0.3, {"auc": 0.8, "p1": 0.7, "p2": 0.68}),
    ("hanley-mcneil", 0.031, 0.05, 0.35, {"auc": 0.85}),
    ("newcombe", 0.05, 0.05, 0.3, {"auc": 0.8}),
    ("newcombe", 0.011, 0.01, 0.5, {"auc": 0.97}),
    ("normal-max", 1e-9, 0.05, "1/7", {}),
    ("hoeffding", 3e-13, 1e-100, 0.5, {"class_size": 10**50}),
]


class TestSampleSizes:
    """Cor 3.5 and 3.10 of Agarwal et al. (2005), and every other interval inverted the same way:
    the smallest N whose class sizes (m = ρN rounded half up, n = N − m) give a half-width ≤ ε."""

    @pytest.mark.parametrize("key, epsilon, delta, rho, inputs", SIZE_CASES,
                             ids=[f"{case[0]}-{k}" for k, case in enumerate(SIZE_CASES)])
    def test_smallest_design_by_the_papers_formula(self, key, epsilon, delta, rho, inputs):
        result = ab.sample_size(epsilon, delta, rho, method=key, **inputs)
        N = result.N
        assert (result.m, result.n) == ref.design(N, rho)
        dps = 2 * len(str(N)) + 30  # ε(N − 1)/ε(N) − 1 is about 1/N
        assert ref.half_width(key, *ref.design(N, rho), delta, dps=dps, **inputs) <= epsilon
        assert ref.half_width(key, *ref.design(N - 1, rho), delta, dps=dps, **inputs) > epsilon

    @pytest.mark.parametrize("epsilon, delta", [(0.05, 0.01), (0.013, 0.5), (1e-9, 1e-100), (0.2, 1e-300)])
    def test_eq_16_size(self, epsilon, delta):
        N = ab.bounds.error_rate_sample_size(epsilon, delta)
        dps = 2 * len(str(N)) + 30
        assert ref.error_rate_epsilon(N, delta, dps) <= epsilon < ref.error_rate_epsilon(N - 1, delta, dps)
        assert ab.sample_size(epsilon, delta, 0.3).error_rate_N == N

    @pytest.mark.parametrize("epsilon, delta, rho, size", [(0.05, 0.01, 0.5, 10**6), (0.021, 0.05, "2/7", 10**400),
                                                           (0.1, 1e-20, 0.01, 3)])
    def test_cor_3_10_size(self, epsilon, delta, rho, size):
        N = ab.bounds.finite_class_sample_size(epsilon, delta, rho, class_size=size)
        dps = 2 * len(str(N)) + 30
        assert ref.finite_class_epsilon(*ref.design(N, rho), delta, size, dps=dps) <= epsilon
        assert ref.finite_class_epsilon(*ref.design(N - 1, rho), delta, size, dps=dps) > epsilon

    @given(st.integers(2, 10**30), st.integers(1, 999).flatmap(lambda q: st.tuples(st.integers(1, q), st.just(q + 1))))
    def test_split_sample_is_exact_rounding(self, N, ratio):
        rho = f"{ratio[0]}/{ratio[1]}"
        assert ab.bounds.split_sample(N, rho) == ref.design(N, rho)
        assert ab.bounds.split_sample(N, Fraction(*ratio)) == ref.design(N, rho)

    @given(st.integers(2, 10**6), st.floats(1e-6, 1 - 1e-6))
    def test_split_sample_of_a_float(self, N, rho):
        assert ab.bounds.split_sample(N, rho) == ref.design(N, rho)

    def test_split_sample_by_hand(self):
        # 0.3 is 3/10: ρN = 1.5 at N = 5 rounds up (its binary value 0.29999… would round down)
        assert ab.bounds.split_sample(5, 0.3) == (2, 3)
        assert ab.bounds.split_sample(10**30 + 5, "1/10") == (10**29 + 1, 9 * 10**29 + 4)
        assert ab.bounds.split_sample(10, 0.001) == (1, 9) and ab.bounds.split_sample(10, 0.999) == (9, 1)


# --- Agarwal et al. (2005), §3.1: the variance-based intervals -----------------------------------


class TestVarianceFormulas:
    @pytest.mark.parametrize("auc, p1, p2, m, n", [(0.8, 0.7, 0.7, 50, 50), (0.6, 0.4, 0.45, 3, 17),
                                                   (0.999, 0.9985, 0.99805, 10**4, 200), (0.5, 0.25, 0.5, 1, 1)])
    def test_eq_7(self, auc, p1, p2, m, n):
        assert close(ab.bounds.lehmann_variance(auc, p1, p2, m, n), ref.lehmann_variance(auc, p1, p2, m, n), rel=1e-12)

    @pytest.mark.parametrize("auc, m, n", [(0.8, 50, 50), (0.55, 7, 300), (0.99, 10**5, 10**5)])
    def test_hanley_mcneil(self, auc, m, n):
        assert close(ab.bounds.hanley_mcneil_variance(auc, m, n), ref.hanley_mcneil_variance(auc, m, n), rel=1e-12)

    @pytest.mark.parametrize("m, n", [(100, 50), (3, 3), (1, 10**9)])
    @pytest.mark.parametrize("auc", [None, 0.9, 0.5, 1e-6])
    def test_eq_14_and_15(self, m, n, auc):
        A = 0.5 if auc is None else auc
        assert close(ab.bounds.variance_max(m, n, auc=auc), ref.variance_max(m, n, A))
        assert close(ab.bounds.variance_min(m, n, auc=auc), ref.variance_min(m, n, A))

    @pytest.mark.parametrize("m, n", [(1, 1), (2, 3), (3, 2), (4, 4)])
    @pytest.mark.parametrize("auc", [Fraction(1, 2), Fraction(4, 5), Fraction(1, 7)])
    def test_eq_14_is_attained_by_the_two_point_law(self, m, n, auc):
        # the adversarial pair: the smaller class on ±1 with P(high side) = A, the larger all at 0;
        # every sample of it enumerated exactly: mean A and variance A(1 − A)/min(m, n) = σ²_max
        if m <= n:
            pos, neg = {1: auc, -1: 1 - auc}, {0: Fraction(1)}
        else:
            pos, neg = {0: Fraction(1)}, {-1: auc, 1: 1 - auc}
        mean, variance = exact_moments(pos, neg, m, n)
        assert mean == auc == Fraction(ab.simulate.adversarial(float(auc)).auc).limit_denominator(100)
        assert variance == auc * (1 - auc) / min(m, n)
        assert close(ab.bounds.variance_max(m, n, auc=float(auc)), variance, rel=1e-15)

    @pytest.mark.parametrize("auc, m, n, delta", [(0.5, 10**9, 10**9, 0.05), (0.73, 10**6, 3, 1e-300),
                                                  (1e-6, 100, 100, 0.05), (0.999999, 10**7, 10**7, 1e-10),
                                                  (0.2, 1, 1, 0.5), (0.9, 2, 10**12, 0.01)])
    def test_newcombe_at_the_extremes(self, auc, m, n, delta):
        lo, hi = ab.bounds.newcombe_interval(auc, m, n, delta)
        expected = ref.newcombe_interval(auc, m, n, delta)
        assert close(lo, expected[0], rel=1e-14) and close(hi, expected[1], rel=1e-14)

    @pytest.mark.parametrize("sigma, delta", [(0.02, 0.05), (1.0, 1e-300), (0.1, 0.999), (3e-5, 0.01)])
    def test_eq_11_and_13_half_widths(self, sigma, delta):
        assert close(ab.bounds.chebyshev_epsilon(sigma, delta), ref.chebyshev_epsilon(sigma, delta))
        assert close(ab.bounds.normal_epsilon(sigma, delta), ref.normal_epsilon(sigma, delta))

    @pytest.mark.parametrize("epsilon, sigma", [(0.1, 0.02), (0.01, 0.02), (3.0, 0.1), (1e-3, 1.0), (0.5, 0.05)])
    def test_eq_10_and_12_tails(self, epsilon, sigma):
        assert close(ab.bounds.chebyshev_tail(epsilon, sigma), ref.chebyshev_tail(epsilon, sigma))
        assert close(ab.bounds.normal_tail(epsilon, sigma), ref.normal_tail(epsilon, sigma), rel=1e-12)

    @pytest.mark.parametrize("auc, weight, factor", [(0.9, 50, 1 / math.sqrt(0.05)), (0.5, 10**6, 1.96), (0.01, 30, 2.5),
                                                     (0.999999, 10**9, 5.0), (0.3, 2, 40.0)])
    def test_score_interval(self, auc, weight, factor):
        lo, hi = ab.bounds.score_interval(auc, weight, factor)
        expected = ref.score_interval(auc, weight, factor)
        assert close(lo, expected[0], rel=1e-12) and close(hi, expected[1], rel=1e-12)

    @pytest.mark.parametrize("auc, variance, delta", [(0.75, 0.01, 0.05), (0.3, 0.002, 0.2), (0.999, 1e-4, 1e-6),
                                                      (0.02, 3e-5, 0.01), (PROC_AUC["ndka"], PROC_VARIANCE["ndka"], 0.05)])
    @pytest.mark.parametrize("logit", [False, True])
    def test_wald_interval(self, auc, variance, delta, logit):
        lo, hi = ab.bounds.wald_interval(auc, variance, delta, logit=logit)
        expected = ref.wald_interval(auc, variance, delta, logit=logit)
        assert close(lo, expected[0], rel=1e-12, abs=1e-15) and close(hi, expected[1], rel=1e-12, abs=1e-15)


#: Every closed-form method at some (m, n, δ, inputs) where it says something.
INTERVAL_CASES = [
    ("mcdiarmid", 400, 300, 0.05, {"auc": 0.8}),
    ("hoeffding", 400, 300, 0.05, {"auc": 0.8}),
    ("hoeffding-kl", 40, 300, 0.01, {"auc": 0.93}),
    ("chebyshev-max", 100, 50, 0.05, {"auc": 0.9}),
    ("normal-max", 100, 50, 0.05, {"auc": 0.9}),
    ("chebyshev-min", 30, 20, 0.05, {"auc": 0.6}),
    ("normal-min", 30, 20, 0.05, {"auc": 0.6}),
    ("chebyshev-lehmann", 200, 100, 0.05, {"auc": 0.8, "p1": 0.7, "p2": 0.68}),
    ("normal-lehmann", 200, 100, 0.05, {"auc": 0.8, "p1": 0.7, "p2": 0.68}),
    ("hanley-mcneil", 50, 50, 0.05, {"auc": 0.8}),
    ("newcombe", 41, 72, 0.05, {"auc": PROC_AUC["s100b"]}),
    ("newcombe", 5, 9, 0.01, {"auc": 1.0}),
    ("delong", 41, 72, 0.05, {"auc": PROC_AUC["ndka"], "variance": PROC_VARIANCE["ndka"]}),
    ("delong-logit", 41, 72, 0.05, {"auc": PROC_AUC["ndka"], "variance": PROC_VARIANCE["ndka"]}),
]


def reference_ends(key, m, n, delta, inputs):
    """(lo, hi) of a method's interval from its own statement, in mpmath."""
    auc = inputs["auc"]
    if key.startswith("delong"):
        return ref.wald_interval(auc, inputs["variance"], delta, logit=key == "delong-logit")
    if key == "hoeffding-kl":
        return ref.kl_interval(auc, min(m, n), delta)
    if key == "newcombe":
        return ref.newcombe_interval(auc, m, n, delta)
    if key.endswith(("-max", "-min")):
        weight = min(m, n) if key.endswith("-max") else m * n
        factor = 1 / mp.sqrt(delta) if key.startswith("chebyshev") else ref.two_sided_quantile(delta)
        return ref.score_interval(auc, weight, factor)
    epsilon = ref.half_width(key, m, n, delta, **inputs)  # a symmetric interval, clipped to [0, 1]
    return max(mp.mpf(0), auc - epsilon), min(mp.mpf(1), auc + epsilon)


@pytest.mark.parametrize("key, m, n, delta, inputs", INTERVAL_CASES, ids=[f"{c[0]}-{k}" for k, c in enumerate(INTERVAL_CASES)])
def test_every_closed_form_interval(key, m, n, delta, inputs):
    """``interval`` for each method: its ends from the method's own statement, and the half-width:
    ε itself for a symmetric interval, the larger of Â − lo and hi − Â for the others."""
    result = ab.interval(m, n, delta, method=key, **inputs)
    lo, hi = reference_ends(key, m, n, delta, inputs)
    auc = mp.mpf(inputs["auc"])
    if key in ("mcdiarmid", "hoeffding", "chebyshev-lehmann", "normal-lehmann", "hanley-mcneil"):
        epsilon = ref.half_width(key, m, n, delta, **inputs)
    else:
        epsilon = max(auc - lo, hi - auc)
    assert not result.vacuous
    assert close(result.epsilon, epsilon, rel=1e-11)
    assert close(result.lo, lo, rel=1e-12, abs=1e-15) and close(result.hi, hi, rel=1e-12, abs=1e-15)


# --- the AUC and its intervals from data -------------------------------------------------------


def kernel_jackknife_acceleration(pos, neg):
    """BCa's a (Efron 1987) from a brute-force jackknife on the m×n kernel matrix: leave out each
    item in turn, U = (size − 1)(mean of the leave-one-out Â − each), and Davison & Hinkley's
    several-sample form Σ_groups ΣU³/size³ / (6·(Σ_groups ΣU²/size²)^(3/2))."""
    psi = kernel(pos, neg)
    numerator = denominator = 0.0
    for matrix in (psi, psi.T):  # rows: the positives left out, then the negatives
        size = matrix.shape[0]
        leave_out = np.array([np.delete(matrix, k, axis=0).mean() for k in range(size)])
        u = (size - 1) * (leave_out.mean() - leave_out)
        numerator += np.sum(u**3) / size**3
        denominator += np.sum(u**2) / size**2
    return numerator / (6 * denominator**1.5)


def type_7_quantile(values, p):
    """Hyndman & Fan's type 7: h = (B − 1)p, interpolated between the order statistics around h."""
    ordered = np.sort(values)
    h = (len(ordered) - 1) * p
    low = math.floor(h)
    return ordered[low] + (h - low) * (ordered[min(low + 1, len(ordered) - 1)] - ordered[low])


@pytest.mark.parametrize("seed, levels", [(0, 5), (1, 1000), (2, 3)])
def test_bca_interval_from_the_replayed_stream(seed, levels):
    """The whole BCa interval (Efron 1987): resamples replayed by hand, z0 with ties at Â counted ½,
    a from a brute-force jackknife, the levels Φ(z0 + (z0 ± z)/(1 − a(z0 ± z))), type-7 quantiles."""
    rng = np.random.default_rng(seed)
    scores, labels = tied_data(rng, 70, levels)
    delta, resamples = 0.1, 300
    values, _ = resampled_by_hand(scores, labels, resamples, seed)
    pos, neg = scores[labels], scores[~labels]
    auc = kernel(pos, neg).mean()
    a = kernel_jackknife_acceleration(pos, neg)
    standard = NormalDist()
    p0 = (np.sum(values < auc) + 0.5 * np.sum(values == auc)) / resamples
    z0 = standard.inv_cdf(min(max(p0, 0.5 / resamples), 1 - 0.5 / resamples))
    z = standard.inv_cdf(1 - delta / 2)
    levels = [standard.cdf(z0 + (z0 + w) / (1 - a * (z0 + w))) for w in (-z, z)]
    expected = [type_7_quantile(values, level) for level in levels]
    row = ab.bootstrap_interval(labels, scores, delta=delta, method="bootstrap-bca", resamples=resamples, seed=seed)
    assert (row.lo, row.hi) == pytest.approx(expected, abs=1e-12)
    percentile = ab.bootstrap_interval(labels, scores, delta=delta, method="bootstrap-percentile",
                                       resamples=resamples, seed=seed)
    assert (percentile.lo, percentile.hi) == pytest.approx([type_7_quantile(values, p) for p in (0.05, 0.95)], abs=1e-12)


@pytest.mark.parametrize("seed", range(3))
def test_mcdiarmid_for_a_difference_of_aucs(seed):
    # D̂ = Â_a − Â_b changes by at most 2/m (2/n) when one positive (negative) case changes, so
    # McDiarmid gives P(|D̂ − D| ≥ t) ≤ 2·exp(−2t²/(4/m + 4/n)): twice Cor 3.4's half-width
    rng = np.random.default_rng(seed)
    labels = rng.random(120) < 0.35
    labels[:2], labels[2:4] = True, False
    a, b = rng.normal(size=120) + labels, rng.normal(size=120) + 0.7 * labels
    result = ab.compare(labels, a, b, delta=0.05, methods=["mcdiarmid"])
    m, n = int(labels.sum()), int((~labels).sum())
    half = 2 * ref.mcdiarmid_epsilon(m, n, 0.05)
    row = result["mcdiarmid"]
    assert close(row.lo, max(-1, result.difference - half), rel=1e-12, abs=1e-15)
    assert close(row.hi, min(1, result.difference + half), rel=1e-12, abs=1e-15)


# --- Agarwal et al. (2005), §4: uniform convergence, Freund et al. --------------------------------


class TestUniformConvergence:
    @pytest.mark.parametrize("fclass, count", [(ab.Line(), lambda m, n: 3), (ab.Finite(10**6), lambda m, n: 10**6),
                                               (ab.Linear(2), lambda m, n: ref.central_faces(m * n, 2)),
                                               (ab.Linear(3), lambda m, n: ref.central_faces(m * n, 3))])
    @pytest.mark.parametrize("m, n, epsilon", [(5000, 5000, 0.2), (300, 20000, 0.5), (10**6, 10**6, 0.02)])
    def test_thm_4_4_tail_and_cor_4_5(self, fclass, count, m, n, epsilon):
        # r(F, 2m, 2n): the line's 3 (§4.4), |F| (§4.1), and the faces of 4mn planes through 0 in R^d
        r = count(2 * m, 2 * n)
        assert close(ab.bounds.uniform_tail(fclass, m, n, epsilon), ref.uniform_tail(epsilon, m, n, r), rel=1e-11)
        assert close(ab.bounds.uniform_epsilon(fclass, m, n, 0.01), ref.uniform_epsilon(m, n, 0.01, r), rel=1e-12)

    @pytest.mark.parametrize("d", [2, 5, 16])
    @pytest.mark.parametrize("m, n", [(50, 60), (5000, 5000)])
    def test_thm_4_11_route(self, d, m, n):
        # the paper's route at (2m, 2n): r ≤ (2e·4mn/d)^d (Thm 4.11)
        def log_r():
            return d * mp.log(2 * mp.e * 4 * m * n / d)

        got = ab.uniform_bound(ab.Linear(d), m, n, 0.01, bound="paper")
        with mp.workdps(30):
            expected = log_r()
        assert got.r_bound == "thm-4.11" and close(got.log_r, expected, rel=1e-13)
        assert close(got.epsilon, ref.uniform_epsilon(m, n, 0.01, log_r=log_r), rel=1e-12)

    @pytest.mark.parametrize("fclass, patterns", [
        (ab.Line(), lambda N: 4 * N + 1),
        (ab.Finite(1000), lambda N: min(1000 * (2 * N + 1), 3**N)),  # and at most all 3^N patterns
        (ab.Linear(2), lambda N: ref.central_faces(N, 3)),  # F̄ ⊆ F̂: sign((w, b)·(x, 1)) in R^3
        (ab.Polynomial(1, 2), lambda N: ref.central_faces(N, 3)),
        (ab.Linear(7), lambda N: ref.central_faces(N, 8)),
    ])
    @pytest.mark.parametrize("m, n", [(1, 1), (2, 9), (500, 800), (5000, 5000)])
    def test_thm_4_14(self, fclass, patterns, m, n):
        expected = ref.freund_epsilon(m, n, 0.01, patterns(2 * m), patterns(2 * n))
        assert close(ab.bounds.freund_epsilon(fclass, m, n, 0.01), expected, rel=1e-12)

    @pytest.mark.parametrize("method, fclass, count", [
        ("uniform", ab.Line(), lambda m, n: 3),
        ("uniform", ab.Linear(2), lambda m, n: ref.central_faces(4 * m * n, 2)),
        ("uniform", ab.Finite(10**6), lambda m, n: 10**6),
        ("freund", ab.Line(), lambda m, n: (8 * m + 1, 8 * n + 1)),
        ("freund", ab.Finite(1000), lambda m, n: (1000 * (4 * m + 1), 1000 * (4 * n + 1))),
        ("freund", ab.Linear(2), lambda m, n: (ref.central_faces(2 * m, 3), ref.central_faces(2 * n, 3))),
    ])
    @pytest.mark.parametrize("epsilon, delta, rho", [(0.4, 0.01, "1/2"), (0.35, 0.05, 0.3)])
    def test_training_set_sizes(self, method, fclass, count, epsilon, delta, rho):
        size = ab.uniform_sample_size(fclass, epsilon, delta, rho, method=method)

        def bound(M):
            m, n = ref.design(M, rho)
            if method == "uniform":
                return ref.uniform_epsilon(m, n, delta, count(m, n))
            return ref.freund_epsilon(m, n, delta, *count(m, n))

        assert (size.m, size.n) == ref.design(size.M, rho)
        assert bound(size.M) <= epsilon < bound(size.M - 1)

    @pytest.mark.parametrize("d", [3, 16])
    @pytest.mark.parametrize("route", [None, "paper"])
    @pytest.mark.parametrize("epsilon, delta, rho", [(0.5, 0.01, "1/2"), (0.9, 0.05, 0.2)])
    def test_training_set_sizes_of_linear_classes(self, d, route, epsilon, delta, rho):
        # the sharper route: faces of 4mn planes through 0 in R^d; the paper's: (2e·4mn/d)^d (Thm 4.11),
        # or Lemma 4.10's unrelaxed count where 4mn < d
        size = ab.uniform_sample_size(ab.Linear(d), epsilon, delta, rho, bound=route)

        def bound(M):
            m, n = ref.design(M, rho)
            N = 4 * m * n
            if route is None:
                return ref.uniform_epsilon(m, n, delta, ref.central_faces(N, d))
            if N >= d:
                return ref.uniform_epsilon(m, n, delta, log_r=lambda: d * mp.log(2 * mp.e * N / d))
            return ref.uniform_epsilon(m, n, delta, ref.buck_faces(N, d))

        assert bound(size.M) <= epsilon < bound(size.M - 1)


# --- Agarwal & Roth (2005) -------------------------------------------------------------------------


class TestLearnability:
    def test_example_1(self):
        # ⌈(64/(0.1875·0.01))·ln 80000⌉ = 385358, a multiple of 4 above it: 385360
        value = ref.thm1_value(0.1, 0.05, "1/4", 1000, 0)
        assert math.ceil(value) == 385358
        result = ab.eem_sample_size(ab.Finite(1000), 0.1, 0.05, "1/4")
        assert result.M == 385360 and close(result.value, value, rel=1e-14)

    @pytest.mark.parametrize("fclass, c1, c2", [
        (ab.Linear(3), lambda: (2 * mp.e / 3) ** 3, 3),  # Example 2: c1 = (2e/d)^d, c2 = d
        (ab.Polynomial(2, 2), lambda: (2 * mp.e / 5) ** 5, 5),  # Example 3 with C(2, 2) = 5
        (ab.Line(), 3, 0),
    ])
    @pytest.mark.parametrize("epsilon, delta, rho", [(0.1, 0.05, "1/4"), (0.02, 1e-9, "3/7")])
    def test_thm_1_examples(self, fclass, c1, c2, epsilon, delta, rho):
        value = ref.thm1_value(epsilon, delta, rho, c1, c2)
        result = ab.eem_sample_size(fclass, epsilon, delta, rho)
        q = Fraction(rho).denominator
        assert close(result.value, value, rel=1e-12)
        assert result.M == q * math.ceil(value / q)

    @pytest.mark.parametrize("fclass, count", [
        (ab.Finite(1000), lambda m, n: 1000),
        (ab.Line(), lambda m, n: 3),
        (ab.Linear(2), lambda m, n: ref.central_faces(m * n, 2)),
        (ab.Linear(3), lambda m, n: ref.central_faces(m * n, 3)),
    ])
    @pytest.mark.parametrize("epsilon, delta, rho", [(0.1, 0.05, "1/4"), (0.2, 0.01, "1/2"), (0.3, 0.1, 0.4)])
    def test_unrelaxed_condition_of_thm_1(self, fclass, count, epsilon, delta, rho):
        # the smallest training set with 4·r(F, 2m, 2n)·e^(−mnε²/(32(m+n))) ≤ δ, with r independent of the package
        result = ab.eem_exact_sample_size(fclass, epsilon, delta, rho)
        M = result.M
        assert (result.m, result.n) == ref.design(M, rho)
        m, n = ref.design(M, rho)
        assert ref.thm1_condition(m, n, epsilon, delta, count(2 * m, 2 * n))
        m, n = ref.design(M - 1, rho)
        assert not ref.thm1_condition(m, n, epsilon, delta, count(2 * m, 2 * n))


# --- combinatorics: ψ, realizability, arrangements, sign patterns ---------------------------------


@functools.lru_cache(maxsize=None)
def weak_order_codes(m, n):
    """The distinct m×n rank matrices of Def 4.1 over every assignment of scores in {0, …, m+n−1}
    to m positives and n negatives (every weak order of the m + n points), each as the base-3
    number of its entries 2B_ij read row by row."""
    k = m + n
    index = np.arange(k**k, dtype=np.int64)
    scores = np.stack([(index // k**j) % k for j in range(k)], axis=1)
    codes = np.zeros(len(scores), dtype=np.int64)
    for i in range(m):
        for j in range(n):
            x, y = scores[:, i], scores[:, m + j]
            codes = codes * 3 + 2 * (x > y) + (x == y)
    return np.unique(codes)


#: Every shape with m + n ≤ 7 (weak orders of at most 7 points: 7^7 score assignments).
WEAK_ORDER_SHAPES = [(1, 1), (1, 3), (2, 2), (2, 3), (3, 2), (1, 6), (2, 4), (3, 3), (2, 5), (3, 4)]


class TestRankMatrices:
    @pytest.mark.parametrize("m, n", WEAK_ORDER_SHAPES)
    def test_psi_counts_the_weak_orders_matrices(self, m, n):
        count = len(weak_order_codes(m, n))
        assert ab.psi(m, n) == count == ab.psi(n, m)
        assert math.log(count) == pytest.approx(ab.log_psi(m, n), rel=1e-13)
        # the bounds of §4.3: 3^max(m,n) ≤ ψ ≤ (m+n)!·2^(m+n−1), and ψ ≤ 3^(mn)
        assert 3 ** max(m, n) <= count <= math.factorial(m + n) * 2 ** (m + n - 1) and count <= 3 ** (m * n)
        assert ab.shatter.psi_lower_bound(m, n) == 3 ** max(m, n)
        assert ab.shatter.psi_upper_bound(m, n) == math.factorial(m + n) * 2 ** (m + n - 1)

    @pytest.mark.parametrize("m, n", [(2, 2), (2, 3), (3, 3), (2, 5), (3, 4)])
    def test_both_tests_of_thm_4_3_on_every_matrix(self, m, n):
        from aucbound.shatter import _rank_matrices as rm

        index = np.arange(3 ** (m * n))
        digits = (index[:, None] // 3 ** np.arange(m * n - 1, -1, -1)) % 3  # most significant entry first
        codes = digits.astype(np.int8).reshape(-1, m, n)
        realizable = np.isin(index, weak_order_codes(m, n))
        assert (rm.submatrix_realizable(codes) == realizable).all()
        if m * n <= 9:  # beyond, test_shatter_rank_matrices finds the graph test equal to this one on every matrix
            assert (rm.graph_realizable(codes) == realizable).all()
        if m * n <= 12:
            listed = ab.shatter.enumerate_realizable(m, n)
            assert len(listed) == realizable.sum()
            listed_codes = (2 * listed).astype(np.int64).reshape(len(listed), -1) @ 3 ** np.arange(m * n - 1, -1, -1)
            assert np.array_equal(np.sort(listed_codes), np.flatnonzero(realizable))

    def test_forbidden_submatrices_are_the_unrealizable_2x2(self):
        realized = set(weak_order_codes(2, 2).tolist())
        forbidden = {int(code) for code in ((2 * ab.shatter.forbidden_submatrices()).astype(int).reshape(-1, 4)
                                            @ np.array([27, 9, 3, 1]))}
        assert forbidden == set(range(81)) - realized and len(forbidden) == 30


def sign_vectors(normals, offsets=None):
    """The number of sign vectors (sign(u_k·w + b_k))_k, w ∈ R^D, of the hyperplanes u_k·w + b_k = 0,
    by a linear program for each of the 3^N candidates (brute force): s_k(u_k·w + b_k) ≥ t for
    s_k ≠ 0, u_k·w + b_k = 0 for s_k = 0, t ≤ 1, maximizing t; a candidate is realized iff t > 0."""
    from scipy.optimize import linprog

    normals = np.asarray(normals, float)
    N, D = normals.shape
    offsets = np.zeros(N) if offsets is None else np.asarray(offsets, float)
    count = 0
    for signs in itertools.product((-1, 0, 1), repeat=N):
        s = np.array(signs)
        strict, level = s != 0, s == 0
        # variables (w, t); minimize −t
        a_ub = np.hstack([-s[strict, None] * normals[strict], np.ones((strict.sum(), 1))]) if strict.any() else None
        b_ub = (s[strict] * offsets[strict]) if strict.any() else None
        a_eq = np.hstack([normals[level], np.zeros((level.sum(), 1))]) if level.any() else None
        b_eq = -offsets[level] if level.any() else None
        solution = linprog(np.r_[np.zeros(D), -1.0], A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=b_eq,
                           bounds=[(None, None)] * D + [(None, 1.0)], method="highs")
        count += solution.status == 0 and (not strict.any() or -solution.fun > 1e-9)
    return count


class TestArrangements:
    @pytest.mark.parametrize("N, D", [(4, 2), (5, 3), (5, 4), (3, 4)])
    def test_central_count_is_the_sign_vectors_of_random_planes_through_0(self, N, D):
        normals = np.random.default_rng(10 * N + D).normal(size=(N, D))  # in general position
        assert ab.shatter.central_arrangement_faces(N, D) == sign_vectors(normals) == ref.central_faces(N, D)

    @pytest.mark.parametrize("N, D", [(4, 2), (5, 2), (4, 3), (2, 3)])
    def test_buck_is_the_sign_vectors_of_random_hyperplanes(self, N, D):
        rng = np.random.default_rng(N + 7 * D)
        count = sign_vectors(rng.normal(size=(N, D)), rng.normal(size=N))
        assert ab.shatter.arrangement_faces(N, D) == count == ref.buck_faces(N, D)

    @pytest.mark.parametrize("N, D", [(10**12, 3), (10**12, 50), (10**6, 120), (30, 29), (10, 10)])
    def test_logs_of_huge_counts(self, N, D):
        assert close(ab.shatter.log_central_arrangement_faces(N, D), mp.log(ref.central_faces(N, D)), rel=1e-12)
        assert close(ab.shatter.log_arrangement_faces(N, D), mp.log(ref.buck_faces(N, D)), rel=1e-12)

    @pytest.mark.parametrize("d", [1, 2, 5, 30])
    @pytest.mark.parametrize("m, n", [(1, 2), (10, 20), (3000, 7)])
    def test_thm_4_11(self, d, m, n):
        # r(F_lin(d), m, n) ≤ (2emn/d)^d for mn ≥ d (Thm 4.11), left out below
        bound = ab.Linear(d).rank_shatter(m, n)
        if m * n >= d:
            assert close(bound.candidate("thm-4.11").log_value, d * mp.log(2 * mp.e * m * n / d), rel=1e-13)
        else:
            assert "thm-4.11" not in [c.key for c in bound.candidates]
        assert close(bound.candidate("buck-faces").log_value, mp.log(ref.buck_faces(m * n, d)), rel=1e-12)

    @pytest.mark.parametrize("d", range(1, 11))
    @pytest.mark.parametrize("q", range(1, 11))
    def test_eq_23_double_sum(self, d, q):
        assert ab.shatter.polynomial_dimension(d, q) == ref.polynomial_dimension(d, q)
        assert ab.Polynomial(d, q).dimension == ref.polynomial_dimension(d, q)

    @pytest.mark.parametrize("d, q", [(1, 4), (2, 3), (3, 3), (4, 2), (5, 1)])
    def test_eq_23_counts_the_monomials(self, d, q):
        monomials = [e for e in itertools.product(range(q + 1), repeat=d) if 1 <= sum(e) <= q]
        assert len(monomials) == ab.shatter.polynomial_dimension(d, q)
        assert sorted(ab.Polynomial(d, q).exponents()) == sorted(monomials)

    def test_eq_23_large(self):
        assert ab.shatter.polynomial_dimension(60, 9) == ref.polynomial_dimension(60, 9)


def sweep_rank_matrices(features_pos, features_neg):
    """Distinct B_f for f(x) = w·g(x) + b with two features, by an angular sweep written here:
    w = 0; each critical direction ±(−u_2, u_1) of a difference u = g(x_i) − g(x'_j), in exact
    fractions; and the middle of each arc between neighbouring critical angles (atan2 in
    floating point, checked to stay clear of every critical line)."""
    pos = [tuple(map(Fraction, p)) for p in features_pos]
    neg = [tuple(map(Fraction, q)) for q in features_neg]
    differences = [(p[0] - q[0], p[1] - q[1]) for p in pos for q in neg]

    def matrix(w):
        return tuple((w[0] * u[0] + w[1] * u[1] > 0) - (w[0] * u[0] + w[1] * u[1] < 0) for u in differences)

    directions = [(0, 0)]
    angles = []
    for u in differences:
        if u != (0, 0):
            for w in ((-u[1], u[0]), (u[1], -u[0])):
                directions.append(w)
                angles.append(math.atan2(w[1], w[0]) % (2 * math.pi))
    angles = sorted(set(angles))
    for k, start in enumerate(angles):
        stop = angles[(k + 1) % len(angles)] + (2 * math.pi if k + 1 == len(angles) else 0)
        middle = (start + stop) / 2
        w = (Fraction(math.cos(middle)), Fraction(math.sin(middle)))
        assert all(abs(float(w[0] * u[0] + w[1] * u[1])) > 1e-9 * (abs(float(u[0])) + abs(float(u[1])))
                   for u in differences if u != (0, 0))
        directions.append(w)
    return len({matrix(w) for w in directions})


class TestRealizedCounts:
    @pytest.mark.parametrize("m, n", [(1, 2), (2, 2), (3, 4), (5, 6)])
    def test_linear_in_the_plane(self, m, n):
        rng = np.random.default_rng(31 * m + n)
        pos, neg = rng.normal(size=(m, 2)), rng.normal(size=(n, 2))
        count = sweep_rank_matrices(pos, neg)
        assert ab.shatter.realized_rank_matrices(ab.Linear(2), pos, neg).count == count == ref.central_faces(m * n, 2)

    @pytest.mark.parametrize("m, n", [(2, 3), (4, 5)])
    def test_quadratics_on_the_line(self, m, n):
        rng = np.random.default_rng(m + 17 * n)
        pos, neg = rng.normal(size=m), rng.normal(size=n)
        count = sweep_rank_matrices(np.c_[pos, pos**2], np.c_[neg, neg**2])
        assert ab.shatter.realized_rank_matrices(ab.Polynomial(1, 2), pos, neg).count == count

    @pytest.mark.parametrize("d", [1, 2, 3])
    def test_linear_functions_rank_shatter_d_pairs(self, d):
        # Def 6–7 (Agarwal & Roth 2005): the pairs (e_i, −e_i) are rank-shattered, f_b(x) = w_b·x with
        # w_b = Σ (2b_i − 1)e_i putting every b-positive at 1 and every b-negative at −1
        identity = np.eye(d)
        pairs = np.stack([identity, -identity], axis=1)
        for b in itertools.product((0, 1), repeat=d):
            w = identity.T @ (2 * np.array(b) - 1)
            chosen = np.array(b)
            high = pairs[np.arange(d), 1 - chosen] @ w
            low = pairs[np.arange(d), chosen] @ w
            assert high.min() > low.max()
        assert ab.shatter.rank_shatters(pairs if d > 1 else pairs[:, :, 0])
        assert ab.Linear(d).rank_dimension == d

    def test_line_rank_matrices_with_ties(self):
        # w > 0, w < 0, w = 0 give the only three matrices (§4.4), fewer where points coincide
        pos, neg = [0.0, 1.0, 1.0], [1.0, 2.0]
        matrices = {tuple(int(np.sign(w * (x - y))) for x in pos for y in neg) for w in (-1, 0, 1)}
        assert ab.shatter.realized_rank_matrices(ab.Line(), pos, neg).count == len(matrices) == 3

    @pytest.mark.parametrize("N", [2, 4])
    def test_sign_patterns_of_linear_functions_on_the_plane(self, N):
        # sign(w·x + b) = sign((w, b)·(x, 1)): the sign vectors of N planes through 0 in R^3
        points = np.random.default_rng(N).normal(size=(N, 2))
        count = sign_vectors(np.c_[points, np.ones(N)])
        assert ab.shatter.realized_sign_patterns(ab.Linear(2), points).count == count
        bound = ab.Linear(2).sign_patterns(N)
        assert bound.candidate(bound.used).value == count

    @pytest.mark.parametrize("N", range(1, 9))
    def test_line_thresholded_class(self, N):
        # F̄ of the line (Eq. 22): x ↦ sign(w(x − z)); w ∈ {−1, 0, 1} and z at a point, between two,
        # or beyond the ends give every pattern
        points = np.sort(np.random.default_rng(N).normal(size=N))
        cuts = np.r_[points[0] - 1, points, (points[:-1] + points[1:]) / 2, points[-1] + 1]
        patterns = {tuple(np.sign(w * (points - z)).astype(int)) for w in (-1, 0, 1) for z in cuts}
        bound = ab.Line().threshold_patterns(N)
        assert bound.candidate(bound.used).value == len(patterns) == (4 * N + 1 if N >= 2 else 3)
        assert ab.shatter.realized_sign_patterns(ab.Line(), points).count == len(patterns)


# --- the scenarios of the coverage study ----------------------------------------------------------


@pytest.mark.parametrize("auc", [0.03, 0.5, 0.8, 0.99])
@pytest.mark.parametrize("m, n", [(3, 5), (5, 3)])
def test_adversarial_law_by_enumeration(auc, m, n):
    # its law as drawn: the smaller class ±1 with P(high side) = A, the larger all 0; A = P(X > Y) + ½P(X = Y)
    scenario = ab.simulate.adversarial(auc)
    pos, neg = scenario.sample(np.random.default_rng(0), m, n, 2000)
    small = pos if m <= n else neg
    assert set(np.unique(small)) <= {-1.0, 1.0} and set(np.unique(neg if m <= n else pos)) == {0.0}
    high = np.mean(small == (1.0 if m <= n else -1.0))  # the side that ranks the positive above
    assert abs(high - auc) <= 5 * math.sqrt(auc * (1 - auc) / small.size)
    if m <= n:
        law_pos, law_neg = {1.0: auc, -1.0: 1 - auc}, {0.0: 1.0}
    else:
        law_pos, law_neg = {0.0: 1.0}, {-1.0: auc, 1.0: 1 - auc}
    exact = sum(p * q * (1.0 if x > y else 0.5 if x == y else 0.0) for x, p in law_pos.items() for y, q in law_neg.items())
    assert scenario.auc == pytest.approx(exact, abs=1e-15)


# --- the references the --help examples are checked against, each by a second derivation ---------


@pytest.mark.parametrize("m, n", [(1, 1), (1, 4), (2, 2), (2, 3), (3, 2), (3, 3), (2, 5)])
def test_psi_by_its_generating_function_and_by_the_orders_of_the_points(m, n):
    assert ref.psi_series(m, n) == ref.psi_by_orders(m, n) == len(weak_order_codes(m, n)) == ref.psi_series(n, m)


def test_psi_series_at_the_edges():
    # no positives: one empty matrix; one positive: every row is realizable, 3^n
    assert [ref.psi_series(0, n) for n in range(5)] == [1] * 5
    assert [ref.psi_series(1, n) for n in range(6)] == [3**n for n in range(6)]


@pytest.mark.parametrize("spread", [2, 0.5, 3.7])
def test_binormal_optimal_auc_when_the_ratio_ranks_by_distance_from_the_mean(spread):
    # N(0, 1) against N(0, s²): g+/g− falls with |x|, and P(|Z1| < s|Z2|) = (2/π)·arctan s, the angle
    # of (Z2, Z1) being uniform; with s < 1 the ratio rises with |x|: P(|Z1| > s|Z2|), the same value
    expected = 2 / mp.pi * mp.atan(max(spread, 1 / spread))
    assert close(ref.binormal_optimal_auc(0, 1, 0, spread), expected, rel=1e-12)


def test_binormal_optimal_auc_by_simulation_and_with_equal_sds():
    assert close(ref.binormal_optimal_auc(1, 1, -1, 1), NormalDist().cdf(math.sqrt(2)), rel=1e-14)
    rng = np.random.default_rng(5)
    x, z = rng.normal(1.5, 2, 400_000), rng.normal(-1, 1, 400_000)
    log_ratio = lambda t: -((t - 1.5) ** 2) / 8 + (t + 1) ** 2 / 2  # noqa: E731  ln(g+/g−) up to a constant
    share = np.mean(log_ratio(x) > log_ratio(z))
    assert abs(share - float(ref.binormal_optimal_auc(1.5, 2, -1, 1))) < 5 * math.sqrt(0.125 / 400_000)


@pytest.mark.parametrize("n", [2, 3, 5, 6])
def test_quicksort_expected_calls_over_every_pivot_sequence(n):
    from tests.test_reductions_quicksort import outcomes, transitive

    for top in (None, 1, 2, n):
        runs = outcomes(list(range(n)), n if top is None else top, transitive(n))
        expected = sum(p * calls for (_, calls), p in runs.items())
        assert close(ref.quicksort_expected_calls(n, top), expected, rel=1e-14)


def test_guaranteed_power_from_the_one_sided_bound():
    # Hoeffding at m = 41, n = 72, θ − ½ = 0.23, α = 0.05: ε = √(ln 40/82) and 1 − exp(−82(0.23 − ε)²)
    epsilon = mp.sqrt(mp.log(40) / 82)
    assert close(ref.guaranteed_power(ref.deviation_constant("hoeffding", 41, 72), "0.23", 0.05),
                 1 - mp.exp(-82 * (mp.mpf("0.23") - epsilon) ** 2), rel=1e-14)
    assert ref.guaranteed_power(ref.deviation_constant("mcdiarmid", 41, 72), "0.23", 0.05) == 0  # ε = 0.266 > 0.23
    c = ref.deviation_constant("mcdiarmid", 41, 72)
    assert close(c, (mp.mpf(1) / 41 + mp.mpf(1) / 72) / 2, rel=1e-14)
    assert ref.power_reached(c, 1, 0.05, 0.5) and not ref.power_reached(c, "0.2", 0.05, 0.5)


def test_thm_3_and_cor_1_are_monotone_as_stated():
    # more rank dimension, more examples needed; Thm 3 falls as 1/√(m + n) at a fixed ratio
    assert close(ref.sample_complexity_lower_bound(20, 0.1, 0.05, 0.5), 2 * ref.sample_complexity_lower_bound(10, 0.1, 0.05, 0.5),
                 rel=1e-14)
    assert close(ref.excess_error_lower_bound(10, 200, 200) * 2, ref.excess_error_lower_bound(10, 50, 50), rel=1e-14)
