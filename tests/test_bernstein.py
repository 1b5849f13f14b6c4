"""The bernstein interval: each ingredient of its proof checked on its own against brute force, the whole
against an mpmath evaluation of the theorem, and its coverage in the simulator's worst cases."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import aucbound as ab
from aucbound.bounds._bernstein import (bernstein_deviations, bernstein_ends, log_mgf_bound, phi, projection_variances, psi,
                                        variance_upper_bound)
from aucbound.simulate import adversarial, binormal, custom, rating_scale

import reference as ref


def kernel(pos, neg):
    """h(x, y) = 1, ½, 0 for x >, =, < y, as an m × n matrix."""
    pos, neg = np.asarray(pos, float)[:, None], np.asarray(neg, float)[None, :]
    return (pos > neg) + 0.5 * (pos == neg)


def brute_u10_u01(pos, neg):
    """The U-statistics of σ10² and σ01² over all distinct (i, i′, j, j′), by the definition of the kernels
    k10 = ½(h_ij − h_i′j)(h_ij′ − h_i′j′) and k01 = ½(h_ij − h_ij′)(h_i′j − h_i′j′)."""
    h = kernel(pos, neg)
    m, n = h.shape
    u10 = u01 = 0.0
    count = 0
    for i, k in itertools.permutations(range(m), 2):
        for j, l in itertools.permutations(range(n), 2):
            u10 += 0.5 * (h[i, j] - h[k, j]) * (h[i, l] - h[k, l])
            u01 += 0.5 * (h[i, j] - h[i, l]) * (h[k, j] - h[k, l])
            count += 1
    return u10 / count, u01 / count


def lehmann(pos, neg):
    h = kernel(pos, neg)
    m, n = h.shape
    p1 = np.sum(h.sum(axis=0) ** 2 - (h**2).sum(axis=0)) / (n * m * (m - 1))
    p2 = np.sum(h.sum(axis=1) ** 2 - (h**2).sum(axis=1)) / (m * n * (n - 1))
    return h.mean(), p1, p2


@pytest.mark.parametrize("seed", range(6))
def test_projection_variances_are_the_u_statistics(seed):
    rng = np.random.default_rng(seed)
    m, n = int(rng.integers(2, 6)), int(rng.integers(2, 6))
    ties = seed % 2 == 0
    pos = rng.integers(0, 4, m) if ties else rng.normal(0.7, 1, m)
    neg = rng.integers(0, 4, n) if ties else rng.normal(0, 1, n)
    auc, p1, p2 = lehmann(pos, neg)
    u10, u01 = projection_variances(auc, p1, p2, m, n)
    b10, b01 = brute_u10_u01(pos, neg)
    assert min(b10, b01) >= -1e-15  # the kernels are non-negative: h is monotone in each argument
    if ties:  # Σh² taken as Σh ≥ Σh²: never below the U-statistic
        assert u10 >= b10 - 1e-12 and u01 >= b01 - 1e-12
    else:
        assert (u10, u01) == pytest.approx((b10, b01), abs=1e-12)


def test_the_kernels_are_non_negative_pair_by_pair():
    """k10 ≥ 0 and k01 ≥ 0 for every quadruple: what makes their bounds self-bounding (ties included)."""
    values = [0.0, 1.0, 1.0, 2.0]
    for x, x2, y, y2 in itertools.product(values, repeat=4):
        h = lambda a, b: (a > b) + 0.5 * (a == b)
        assert (h(x, y) - h(x2, y)) * (h(x, y2) - h(x2, y2)) >= 0
        assert (h(x, y) - h(x, y2)) * (h(x2, y) - h(x2, y2)) >= 0


def _exact_mgf_cases(count, seed=1):
    """Small discrete pairs (supports of 1–3 points, m, n ≤ 3), with every true quantity of the theorem."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        kx, ky = rng.integers(1, 4, size=2)
        sx, sy = np.sort(rng.choice(5, kx, replace=False)), np.sort(rng.choice(5, ky, replace=False))
        px, py = rng.dirichlet(np.ones(kx)), rng.dirichlet(np.ones(ky))
        m, n = int(rng.integers(1, 4)), int(rng.integers(1, 4))
        yield sx, sy, px, py, m, n


@pytest.mark.parametrize("case", list(_exact_mgf_cases(150)))
def test_the_log_mgf_bound_holds_exactly(case):
    """ln E exp(±λ(Â − A)) ≤ K(λ), with the expectation summed over every sample of a small discrete pair."""
    sx, sy, px, py, m, n = case
    h = kernel(sx, sy)
    auc = min(max(px @ h @ py, 0.0), 1.0)
    placement_pos, placement_neg = h @ py, px @ h
    s10, s01 = px @ (placement_pos - auc) ** 2, py @ (placement_neg - auc) ** 2
    e_pos = max(px @ (h**2 @ py - placement_pos**2), 0.0)  # E Var(h(X, Y) | X)
    e_neg = max(py @ (px @ h**2 - placement_neg**2), 0.0)
    lams = np.array([0.1, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0])
    mgf = np.zeros((2, lams.size))
    for xs in itertools.product(range(len(sx)), repeat=m):
        for ys in itertools.product(range(len(sy)), repeat=n):
            weight = np.prod(px[list(xs)]) * np.prod(py[list(ys)])
            deviation = h[np.ix_(xs, ys)].mean() - auc
            mgf += weight * np.exp(np.outer([1, -1], lams) * deviation)
    a, b, var_a, var_b, e0 = (m, n, s10, s01, e_pos) if m <= n else (n, m, s01, s10, e_neg)
    cap = auc * (1 - auc)
    bound = np.stack([log_mgf_bound(lams, a, b, var_a, var_b, e0, cap, 1 - auc),
                      log_mgf_bound(lams, a, b, var_a, var_b, e0, cap, auc)])
    assert np.all(np.log(mgf) <= bound + 1e-12)


def test_psi_and_phi_near_zero():
    u = np.array([0.0, 1e-9, 1e-4, 0.5, 3.0])
    with ref.mp.workdps(50):
        expected = [0.0] + [float(ref.mp.expm1(ref.mp.mpf(x)) - x) for x in u[1:]]
    assert psi(u) == pytest.approx(expected, rel=1e-12, abs=0)
    assert phi(u) == pytest.approx([0.5] + [e / x**2 for e, x in zip(expected[1:], u[1:])], rel=1e-12)


@pytest.mark.parametrize(("estimate", "m", "n", "delta"), [(0.02, 100, 80, 0.0025), (0.0, 10, 10, 0.0025),
                                                           (0.2, 5000, 6000, 0.001), (0.49, 3, 2, 0.01)])
def test_variance_upper_bound_is_the_chernoff_kl_end(estimate, m, n, delta):
    blocks = min(m // 2, n // 2)
    expected = min(ref._kl_upper_end(2 * estimate, math.log(1 / delta) / blocks, dps=30) / 2, 0.25)
    assert float(variance_upper_bound(estimate, m, n, math.log(delta))) == pytest.approx(float(expected), rel=1e-12)


def test_variance_upper_bound_without_two_per_class_is_a_quarter():
    assert float(variance_upper_bound(np.nan, 1, 10, math.log(0.01))) == 0.25
    assert float(variance_upper_bound(0.01, 10, 1, math.log(0.01))) == 0.25


CASES = [(0.731369, 0.571655, 0.617326, 41, 72, 0.05), (0.8, 0.7, 0.7, 1000, 1000, 0.05),
         (0.95, 0.92, 0.92, 100, 10**4, 0.05), (0.5, 0.33, 0.33, 5, 5, 0.05), (0.99, 0.985, 0.985, 3000, 200, 0.01),
         (0.6, 0.36, 0.36, 1, 10, 0.05), (0.0, 0.0, 0.0, 50, 50, 0.05), (1.0, 1.0, 1.0, 20, 400, 0.1)]


@pytest.mark.parametrize(("auc", "p1", "p2", "m", "n", "delta"), CASES)
def test_ends_are_the_theorem_evaluated_in_mpmath(auc, p1, p2, m, n, delta):
    _, lo, hi = bernstein_ends(auc, p1, p2, m, n, math.log(delta))
    expected = ref.bernstein_interval(auc, p1, p2, m, n, delta, dps=30)
    # the grid's minimum over λ is within 1e-11 of the true one, and only ever above it (wider)
    assert float(expected[0]) - 1e-10 <= float(lo) <= float(expected[0]) + 1e-15
    assert float(expected[1]) - 1e-15 <= float(hi) <= float(expected[1]) + 1e-10


@settings(max_examples=60, deadline=None)
@given(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1), st.integers(1, 10**6), st.integers(1, 10**6),
       st.floats(1e-12, 0.5))
def test_the_interval_is_inside_the_unit_interval_and_holds_its_estimate(auc, u1, u2, m, n, delta):
    p1, p2 = auc * auc + u1 * (auc - auc * auc), auc * auc + u2 * (auc - auc * auc)
    result = ab.interval(m, n, delta, method="bernstein", auc=auc, p1=p1, p2=p2)
    assert 0 <= result.lo <= auc <= result.hi <= 1 and not math.isnan(result.epsilon)


def test_narrower_than_hoeffding_kl_with_ten_thousand_per_class():
    rng = np.random.default_rng(7)
    shift = math.sqrt(2) * 0.8416212335729143  # AUC 0.8: √2·Φ⁻¹(0.8)
    labels = np.r_[np.ones(10**4), np.zeros(10**4)]
    scores = np.r_[rng.normal(shift, 1, 10**4), rng.normal(0, 1, 10**4)]
    table = ab.intervals(labels, scores, methods=["bernstein", "hoeffding-kl", "delong"])
    assert table["bernstein"].epsilon < 0.9 * table["hoeffding-kl"].epsilon
    assert table["bernstein"].epsilon < 1.65 * table["delong"].epsilon


def _two_point():
    return custom(lambda rng, size: (rng.random(size) < 0.7).astype(float),
                  lambda rng, size: (rng.random(size) < 0.3).astype(float), 0.7 * 0.7 + 0.5 * (0.21 + 0.21),
                  name="two-point")


@pytest.mark.parametrize(("scenario", "m", "n"), [
    (binormal(0.01), 30, 30), (binormal(0.999), 100, 100), (binormal(0.5), 5, 1000), (rating_scale(0.55), 200, 20),
    (_two_point(), 50, 50), (adversarial(0.99), 30, 300), (adversarial(0.8), 1000, 1000)])
def test_coverage_in_worst_cases(scenario, m, n):
    """A fast version of the worst cases of bench/sharper_coverage.py (10⁴ trials a cell there)."""
    result = ab.simulate.coverage(scenario, m, n, 0.05, methods=["bernstein"], trials=2000, seed=3)
    row = result.rows[0]
    assert row.coverage >= 0.95 - 3 * row.mcse


def test_the_ends_are_the_deviations_clipped():
    """The monitor reads the deviations t₊, t₋ themselves: at a later look Â moves, and a clipped end of the
    start's interval would no longer bound the deviation there."""
    auc, p1, p2 = np.array([0.99, 0.5, 0.02]), np.array([0.985, 0.3, 0.0005]), np.array([0.985, 0.3, 0.0005])
    above, below = bernstein_deviations(auc, p1, p2, 20, 30, math.log(0.05))
    _, lo, hi = bernstein_ends(auc, p1, p2, 20, 30, math.log(0.05))
    assert np.array_equal(lo, np.maximum(auc - above, 0)) and np.array_equal(hi, np.minimum(auc + below, 1))
    assert below[0] > 1 - auc[0] and above[2] > auc[2]  # clipped ends there: the deviations reach beyond them
