"""Function classes and their rank-shatter / shatter bounds (Agarwal et al. 2005, §4.3–4.4;
Agarwal & Roth 2005, Thm 1 Examples 1–3, Def 7), and the arrangement face counts."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab

E = math.e


class TestPolynomialDimension:
    @pytest.mark.parametrize("d", range(1, 9))
    @pytest.mark.parametrize("q", range(1, 9))
    def test_equation_23_is_binomial_minus_one(self, d, q):
        assert ab.shatter.polynomial_dimension(d, q) == math.comb(d + q, q) - 1

    @pytest.mark.parametrize(("d", "q"), [(1, 3), (2, 2), (3, 3)])
    def test_counts_the_monomials_listed(self, d, q):
        exponents = ab.Polynomial(d, q).exponents()
        assert len(exponents) == len(set(exponents)) == ab.shatter.polynomial_dimension(d, q)
        assert all(1 <= sum(e) <= q for e in exponents)


class TestArrangements:
    @pytest.mark.parametrize("D", range(1, 8))
    def test_buck_equals_the_double_sum_of_lemma_4_10(self, D):
        for N in range(0, 25):
            double = sum(math.comb(i, D - k) * math.comb(N, i) for k in range(D + 1) for i in range(D - k, D + 1))
            assert ab.shatter.arrangement_faces(N, D) == double

    @pytest.mark.parametrize("D", range(1, 8))
    def test_central_equals_the_flat_by_flat_sum(self, D):
        def cover(M, k):
            return 2 * sum(math.comb(M - 1, i) for i in range(k))

        for N in range(0, 25):
            expected = 3**N if N <= D else 1 + sum(math.comb(N, c) * cover(N - c, D - c) for c in range(D))
            assert ab.shatter.central_arrangement_faces(N, D) == expected
            assert ab.shatter.central_arrangement_faces(N, D) <= ab.shatter.arrangement_faces(N, D)

    def test_small_cases_by_hand(self):
        assert [ab.shatter.central_arrangement_faces(N, 1) for N in (1, 2, 10)] == [3, 3, 3]
        assert [ab.shatter.central_arrangement_faces(N, 2) for N in (1, 2, 3, 10)] == [3, 9, 13, 41]  # 4N + 1 from N = 2
        assert ab.shatter.arrangement_faces(3, 2) == 1 + 2 * 3 + 4 * 3  # 7 regions, 9 edges, 3 vertices = 19

    @given(st.integers(0, 300), st.integers(1, 60))
    def test_log_companions(self, N, D):
        assert ab.shatter.log_arrangement_faces(N, D) == pytest.approx(math.log(ab.shatter.arrangement_faces(N, D)), rel=1e-12, abs=1e-12)
        assert ab.shatter.log_central_arrangement_faces(N, D) == pytest.approx(
            math.log(ab.shatter.central_arrangement_faces(N, D)), rel=1e-12, abs=1e-12
        )

    def test_logs_stay_finite_for_huge_sizes(self):
        assert ab.shatter.log_central_arrangement_faces(10**15, 3) == pytest.approx(math.log(ab.shatter.central_arrangement_faces(10**15, 3)))
        assert math.isfinite(ab.shatter.log_arrangement_faces(10**12, 10**4))
        assert ab.shatter.log_arrangement_faces(10**5, 10**30) == pytest.approx(10**5 * math.log(3))  # N ≤ D: 3^N

    def test_a_sum_of_more_than_ten_thousand_terms_is_refused(self):
        with pytest.raises(ValueError, match=r"^`D` must be at most 10,000 \(the terms of a face count\) when N > D"):
            ab.shatter.log_arrangement_faces(10**12, 10**5)
        bound = ab.Linear(10**5).rank_shatter(10**5, 10**5)  # the class leaves the face counts out and says so
        assert bound.used == "thm-4.11" and any("face counts: left out" in note for note in bound.notes)

    def test_relaxation_needs_n_at_least_d(self):
        assert ab.shatter.log_relaxed_faces(200, 2) == pytest.approx(2 * math.log(E * 200))
        with pytest.raises(ValueError, match=r"`N` must be at least D = 10 .*but got 1\."):
            ab.shatter.log_relaxed_faces(1, 10)


class TestLine:
    @given(st.integers(1, 10**6), st.integers(1, 10**6))
    def test_r_is_three(self, m, n):
        bound = ab.Line().rank_shatter(m, n)
        assert (bound.used, bound.log_value, bound.exact) == ("exact", math.log(3), True)

    def test_sign_patterns_4n_plus_1(self):
        assert [ab.Line().sign_patterns(N).candidate("exact").value for N in (1, 2, 5)] == [3, 9, 21]
        assert ab.Line().log_sign_patterns(2 * 50) == math.log(401)  # s(F̂, 2m) = 8m + 1 at m = 50

    def test_linear_1_reaches_the_same_numbers(self):
        for m, n in [(1, 1), (3, 7), (100, 1000)]:
            assert ab.Linear(1).log_rank_shatter(m, n) == pytest.approx(math.log(3))
        for N in (1, 2, 9, 1000):
            assert ab.Linear(1).log_sign_patterns(N) == pytest.approx(ab.Line().log_sign_patterns(N))

    def test_constants(self):
        line = ab.Line()
        assert (line.c1, line.c2, line.rank_dimension) == (3, 0, 1)


class TestLinear:
    def test_theorem_4_11_by_hand(self):
        bound = ab.Linear(2).rank_shatter(10, 20)
        assert bound.candidate("thm-4.11").log_value == pytest.approx(2 * math.log(2 * E * 200 / 2))
        assert bound.candidate("buck-faces").value == 1 + 2 * 200 + 4 * math.comb(200, 2)
        assert (bound.used, bound.candidate("central-faces").value, bound.exact) == ("central-faces", 801, True)

    def test_uses_the_smallest_candidate(self):
        for fclass in (ab.Linear(1), ab.Linear(3), ab.Linear(12), ab.Polynomial(2, 3), ab.Finite(7), ab.Finite(10**40)):
            for m, n in [(1, 1), (2, 3), (5, 5), (40, 70), (3000, 3000)]:
                bound = fclass.rank_shatter(m, n)
                assert bound.log_value == pytest.approx(min(c.log_value for c in bound.candidates), rel=1e-12)
                assert bound.log_value == bound.candidate(bound.used).log_value
                assert bound.log_value <= m * n * math.log(3)

    def test_psi_wins_when_the_class_is_rich(self):
        bound = ab.Linear(12).rank_shatter(2, 3)
        assert (bound.used, bound.candidate("psi").value) == ("psi", 261)

    def test_relaxed_bounds_left_out_below_n_equals_d(self):
        # (2emn/d)^d < r when mn < d: d = 10, m = n = 1 gives 0.002 < 3
        bound = ab.Linear(10).rank_shatter(1, 1)
        assert "thm-4.11" not in [c.key for c in bound.candidates]
        assert any("N ≥ D" in note for note in bound.notes)
        assert bound.log_value == math.log(3)

    def test_sign_patterns_in_d_plus_1_dimensions(self):
        bound = ab.Linear(2).sign_patterns(5)
        assert bound.candidate("central-faces").value == ab.shatter.central_arrangement_faces(5, 3) == 83
        assert bound.candidate("buck-faces").value == ab.shatter.arrangement_faces(5, 3)

    def test_pair_patterns_lemma_4_10(self):
        bound = ab.Linear(3).pair_patterns(30)
        assert bound.candidate("lemma-4.10").log_value == pytest.approx(3 * math.log(2 * E * 30 / 3))
        assert bound.candidate("buck-faces").value == sum(2**i * math.comb(30, i) for i in range(4))

    def test_constants_of_example_2(self):
        linear = ab.Linear(3)
        assert linear.log_c1 == pytest.approx(3 * math.log(2 * E / 3)) and linear.c2 == 3
        assert linear.rank_dimension == 3

    def test_broadcasts(self):
        m = np.array([1, 10, 100])
        values = ab.Linear(2).log_rank_shatter(m, 2 * m)
        assert values.tolist() == [ab.Linear(2).log_rank_shatter(int(k), 2 * int(k)) for k in m]
        assert ab.Linear(2).log_rank_shatter(10, 20, bound="psi") == pytest.approx(ab.log_psi(10, 20))

    def test_psi_is_skipped_when_it_cannot_win_and_bounded_when_too_costly(self):
        skipped = ab.Finite(10**9).rank_shatter(10**5, 10**5)
        assert skipped.used == "class" and [c.key for c in skipped.candidates] == ["class", "3^mn"]
        assert any("ψ(m, n) ≥ 3^max(m,n)" in note for note in skipped.notes)
        huge = ab.Finite(10**1_100_000).rank_shatter(10**5, 10**5)  # ln|F| = 2.53e6 > ln((2·10^5)!·2^(2·10^5 − 1)) = 2.38e6
        assert huge.used == "psi-upper"
        assert huge.log_value == pytest.approx(math.lgamma(2 * 10**5 + 1) + (2 * 10**5 - 1) * math.log(2))


class TestPolynomialAndFinite:
    def test_theorem_4_13_by_hand(self):
        bound = ab.Polynomial(3, 2).rank_shatter(50, 50)
        assert bound.candidate("thm-4.13").log_value == pytest.approx(9 * math.log(2 * E * 2500 / 9))
        assert ab.Polynomial(3, 2).c2 == 9 and ab.Polynomial(3, 2).rank_dimension_bounds == (3, 9)
        assert ab.Polynomial(3, 2).rank_dimension is None

    def test_finite_class(self):
        small, large = ab.Finite(10), ab.Finite(10**100)
        assert small.rank_shatter(2, 2).used == "class" and large.rank_shatter(2, 2).used == "psi"
        assert (small.c1, small.c2, small.rank_dimension_bounds) == (10, 0, (0, 3))
        assert large.log_c1 == pytest.approx(100 * math.log(10))
        assert small.log_sign_patterns(1) == math.log(3) and small.log_sign_patterns(10) == math.log(10)
        assert str(small) == "finite(|F| = 10)" and str(ab.Finite(10**5000)) == "finite(|F| = e^11512.9)"

    def test_as_dict_for_json(self):
        data = ab.Linear(2).rank_shatter(3, 4).as_dict()
        assert data["used"] == "central-faces" and data["candidates"][0]["value"] == 49


class TestValidation:
    @pytest.mark.parametrize(
        ("call", "message"),
        [
            (lambda: ab.Linear(0), r"`d` must be an integer ≥ 1, but got 0\."),
            (lambda: ab.Polynomial(2, 0), r"`q` must be an integer ≥ 1, but got 0\."),
            (lambda: ab.Finite(0), r"`size` must be an integer ≥ 1, but got 0\."),
            (lambda: ab.shatter.polynomial_dimension(1.5, 2), r"`d` must be an integer ≥ 1, but got 1\.5\."),
            (lambda: ab.Line().rank_shatter(0, 4), r"`m` must be an integer ≥ 1, but got 0\."),
            (lambda: ab.Linear(2).log_rank_shatter(3, 4, bound="vc"), r"`bound` must be one of 'central-faces'"),
            (lambda: ab.Linear(2).sign_patterns(0), r"`N` must be an integer ≥ 1, but got 0\."),
        ],
    )
    def test_bad_input(self, call, message):
        with pytest.raises(ValueError, match=message):
            call()


def test_exact_evaluation_names_the_size_given_as_an_array():
    from aucbound._exact import EXACT

    with pytest.raises(ValueError, match=r"^`n` must be a single integer for an exact evaluation, but got an array"):
        ab.Linear(2).log_rank_shatter(3, np.array([1, 2]), X=EXACT)
