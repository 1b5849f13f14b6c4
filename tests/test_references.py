"""Every formula and count of aucbound against a value derived without it.

The references are (a) the papers' own numbers, (b) the papers' formulas evaluated in
mpmath at 50 digits (:mod:`tests.reference`, which never imports aucbound), (c) brute-force
enumeration — weak orders of points, sign vectors of hyperplane arrangements by linear
programming, directions of a sweep, every sample of a discrete law — and (d) published
values (pROC's, in ``test_empirical_proc.py``). Sizes are checked at N and at N − 1 with
the class sizes rounded in exact fractions.
"""

import math
from fractions import Fraction
from statistics import NormalDist

import mpmath as mp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab
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
                                                      (0.02, 3e-5, 0.01), (0.6119579945799458, 0.0031908105493913, 0.05)])
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
    ("newcombe", 41, 72, 0.05, {"auc": 0.7313685636856369}),
    ("newcombe", 5, 9, 0.01, {"auc": 1.0}),
    ("delong", 41, 72, 0.05, {"auc": 0.6119579945799458, "variance": 0.0031908105493913}),
    ("delong-logit", 41, 72, 0.05, {"auc": 0.6119579945799458, "variance": 0.0031908105493913}),
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
