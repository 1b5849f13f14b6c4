"""Hoeffding's U-statistic bounds and the Kullback–Leibler interval (beyond the paper)."""

import math

import mpmath as mp
import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import aucbound as ab
from tests import reference

aucs = st.floats(0, 1)
sizes = st.integers(1, 10**6)
deltas = st.floats(1e-12, 0.9)


@given(sizes, sizes, deltas)
def test_ratio_to_mcdiarmid(m, n, delta):
    # ε_McD/ε_H = sqrt((m+n)/max(m, n)) ∈ (1, √2], as mn/(m+n) < min(m, n)
    ratio = ab.bounds.mcdiarmid_epsilon(m, n, delta) / ab.bounds.hoeffding_epsilon(m, n, delta)
    assert ratio == pytest.approx(math.sqrt((m + n) / max(m, n)), rel=1e-12)
    assert 1 < ratio <= math.sqrt(2) * (1 + 1e-15)


def test_tail_by_hand():
    assert ab.bounds.hoeffding_tail(0.1, 100, 300) == pytest.approx(2 * math.exp(-2), rel=1e-15)


def test_sample_size_by_hand():
    # min(m, n) ≥ ln(200)/(2·0.0025) = 1059.66 → 1060 = round(0.1·N) first at N = 10595 (1059.5 rounds up);
    # at ρ = 0.9 the negatives are the smaller class: n = N − round(0.9N) ≥ 1060 first at N = 10596
    assert ab.bounds.hoeffding_sample_size(0.05, 0.01, 0.1) == 10595
    assert ab.bounds.hoeffding_sample_size(0.05, 0.01, 0.9) == 10596


class TestKullbackLeibler:
    @pytest.mark.parametrize(
        "p, q",
        [(0.5, 0.4), (0.9, 0.5), (1e-9, 0.3), (0.3, 1e-9), (0.5, 0.5 + 1e-12), (0.999999, 0.9999995), (0.2, 0.2000001)],
    )
    def test_against_mpmath(self, p, q):
        assert ab.bounds.bernoulli_kl(p, q) == pytest.approx(float(reference.kl(p, q)), rel=1e-13)

    def test_edges(self):
        assert ab.bounds.bernoulli_kl(0.0, 0.3) == pytest.approx(-math.log(0.7), rel=1e-15)
        assert ab.bounds.bernoulli_kl(1.0, 0.3) == pytest.approx(-math.log(0.3), rel=1e-15)
        assert ab.bounds.bernoulli_kl(0.3, 0.0) == math.inf
        assert ab.bounds.bernoulli_kl(0.3, 1.0) == math.inf
        assert ab.bounds.bernoulli_kl(0.0, 0.0) == 0.0
        assert ab.bounds.bernoulli_kl(1.0, 1.0) == 0.0
        assert ab.bounds.bernoulli_kl(0.4, 0.4) == 0.0

    @given(aucs, aucs)
    def test_pinsker(self, p, q):
        assert ab.bounds.bernoulli_kl(p, q) >= 2 * (p - q) ** 2 * (1 - 1e-12)


class TestKLInterval:
    @pytest.mark.parametrize(
        "auc, k, delta",
        [(0.9, 51, 0.05), (0.5, 10, 0.05), (0.0, 20, 0.01), (1.0, 20, 0.01), (0.73, 10**15, 1e-300),
         (0.999, 1000, 1e-6), (0.02, 3, 0.5), (0.5, 1, 0.9)],
    )
    def test_against_mpmath(self, auc, k, delta):
        lo, hi = ab.bounds.hoeffding_kl_interval(auc, k, k + 1, delta)
        ref_lo, ref_hi = reference.kl_interval(auc, k, delta)
        assert lo == pytest.approx(float(ref_lo), rel=1e-12, abs=1e-300)
        assert hi == pytest.approx(float(ref_hi), rel=1e-12)
        # the half-widths too, which are small differences at large k
        if 0 < auc < 1:
            assert auc - lo == pytest.approx(float(mp.mpf(auc) - ref_lo), rel=1e-9)
            assert hi - auc == pytest.approx(float(ref_hi - mp.mpf(auc)), rel=1e-9)

    @pytest.mark.parametrize("delta", [1e-300, 1e-308])
    def test_lower_end_in_the_subnormal_range(self, delta):
        # 2·kl(½‖θ) = −ln(4θ(1 − θ)) = ln(2/δ) puts θ at δ/8 (to O(δ²)): a subnormal float for
        # δ = 1e-308. The budget's own rounding (ln(2/δ) ≈ 709, to 1 ulp) bounds the precision.
        lo, _ = ab.bounds.hoeffding_kl_interval(0.5, 2, 2, delta)
        ref_lo, _ = reference.kl_interval(0.5, 2, delta)
        assert float(ref_lo) == pytest.approx(delta / 8, rel=1e-15, abs=0)
        assert lo == pytest.approx(float(ref_lo), rel=1e-13, abs=0)  # abs=0: 0.0 must fail

    def test_check_value(self):
        # the roots of 51·kl(0.9‖θ) = ln 40, found independently at 50 digits
        lo, hi = ab.bounds.hoeffding_kl_interval(0.9, 51, 58, 0.05)
        assert (lo, hi) == pytest.approx((0.75016175013203374, 0.97677863063069721), rel=1e-14)

    @pytest.mark.parametrize("k", [1, 7, 100, 10**6])
    def test_closed_forms_at_the_ends(self, k):
        # kl(1‖θ) = −ln θ, so at Â = 1 the interval is [(δ/2)^(1/k), 1]; at Â = 0 it mirrors
        lo, hi = ab.bounds.hoeffding_kl_interval(1.0, k, k, 0.05)
        assert hi == 1.0 and lo == pytest.approx(0.025 ** (1 / k), rel=1e-13)
        lo, hi = ab.bounds.hoeffding_kl_interval(0.0, k, k, 0.05)
        assert lo == 0.0 and hi == pytest.approx(1 - 0.025 ** (1 / k), rel=1e-12)

    @given(aucs, sizes, sizes, deltas)
    def test_inside_the_quadratic_interval(self, auc, m, n, delta):
        lo, hi = ab.bounds.hoeffding_kl_interval(auc, m, n, delta)
        epsilon = ab.bounds.hoeffding_epsilon(m, n, delta)
        assert 0 <= lo <= auc <= hi <= 1
        assert lo >= max(0.0, auc - epsilon) - 1e-15
        assert hi <= min(1.0, auc + epsilon) + 1e-15

    @given(aucs, sizes, deltas)
    @example(0.99999, 500000, 0.5)  # the lower end was solved two ulps out (θ = p·σ(s) rounds near 1)
    def test_ends_are_within_an_ulp_of_the_exact_ends(self, auc, k, delta):
        # one ulp inward of each end is inside {θ : kl(Â‖θ) ≤ budget}, one ulp outward is not
        lo, hi = ab.bounds.hoeffding_kl_interval(auc, k, k, delta)
        budget = math.log(2 / delta) / k
        for end, edge in ((lo, 0.0), (hi, 1.0)):
            if end != auc:
                inward = float(np.nextafter(end, auc))
                assert ab.bounds.bernoulli_kl(auc, inward) <= budget * (1 + 1e-12)
            if end != edge:
                outward = float(np.nextafter(end, edge))
                assert ab.bounds.bernoulli_kl(auc, outward) >= budget * (1 - 1e-12)

    @given(aucs, deltas)
    def test_symmetry(self, auc, delta):
        lo, hi = ab.bounds.hoeffding_kl_interval(auc, 40, 50, delta)
        mirror_lo, mirror_hi = ab.bounds.hoeffding_kl_interval(1 - auc, 40, 50, delta)
        assert lo == pytest.approx(1 - mirror_hi, abs=1e-14)
        assert hi == pytest.approx(1 - mirror_lo, abs=1e-14)

    def test_vectorized(self):
        aucs = np.linspace(0, 1, 11)
        lo, hi = ab.bounds.hoeffding_kl_interval(aucs, 30, 40, 0.05)
        assert lo.shape == hi.shape == (11,)
        for i, a in enumerate(aucs):
            assert (lo[i], hi[i]) == ab.bounds.hoeffding_kl_interval(float(a), 30, 40, 0.05)

    def test_bad_auc(self):
        with pytest.raises(ValueError, match=r"`auc` must be in \[0, 1\], but got 1.2"):
            ab.bounds.hoeffding_kl_interval(1.2, 10, 10, 0.05)
