"""ψ(m, n): the exact count, brute force, the bounds of §4.3 (Agarwal et al. 2005)."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab
from aucbound.shatter import _counting as counting
from aucbound.shatter import psi_table

SHAPES_UP_TO_12 = [(m, n) for m in range(1, 13) for n in range(1, 13) if m * n <= 12]
sizes = st.integers(1, 40)


class TestExactCount:
    @pytest.mark.parametrize(("m", "n"), SHAPES_UP_TO_12)
    def test_equals_brute_force(self, m, n):
        assert ab.psi(m, n) == ab.shatter.count_realizable_bruteforce(m, n)

    @pytest.mark.parametrize("n", range(1, 30))
    def test_one_positive_realizes_every_row(self, n):
        assert ab.psi(1, n) == 3**n == ab.psi(n, 1)

    def test_sanity_values(self):
        assert ab.psi(2, 2) == 51 == 81 - len(ab.shatter.forbidden_submatrices())

    def test_two_positives_by_hand(self):
        # x_1 = x_2: equal rows, each negative below, level or above: 3^n matrices.
        # x_1 < x_2: each negative in one of 5 slots (below both, level with x_1, between,
        # level with x_2, above both); the 2^n without any in the middle three give equal
        # rows, counted already. x_2 < x_1 mirrors it. So ψ(2, n) = 3^n + 2·(5^n − 2^n).
        for n in range(1, 30):
            assert ab.psi(2, n) == 3**n + 2 * (5**n - 2**n)

    @given(sizes, sizes)
    def test_symmetric(self, m, n):
        assert ab.psi(m, n) == ab.psi(n, m)

    @given(sizes, sizes)
    def test_between_the_bounds_of_section_4_3(self, m, n):
        value = ab.psi(m, n)
        assert ab.shatter.psi_lower_bound(m, n) <= value <= ab.shatter.psi_upper_bound(m, n)
        assert value <= ab.shatter.matrix_count(m, n)
        assert (value == ab.shatter.matrix_count(m, n)) == (min(m, n) == 1)

    @given(sizes, sizes)
    def test_grows_with_each_size(self, m, n):
        # repeating the last row embeds the m×n matrices into the (m+1)×n ones, whose last
        # two rows can also differ (all 0 then all 1)
        assert ab.psi(m + 1, n) > ab.psi(m, n) and ab.psi(m, n + 1) > ab.psi(m, n)

    def test_large_sizes_are_exact_integers(self):
        value = ab.psi(300, 200)
        assert type(value) is int
        assert value % 3 == ab.psi(200, 300) % 3
        assert math.log(value) == pytest.approx(ab.log_psi(300, 200), rel=1e-13)


class TestLogCount:
    @pytest.mark.parametrize(("m", "n"), [(1, 1), (2, 2), (1, 50), (7, 3), (40, 60), (120, 5)])
    def test_equals_the_log_of_the_exact_count(self, m, n):
        assert ab.log_psi(m, n) == pytest.approx(math.log(ab.psi(m, n)), rel=1e-13)

    def test_bounds_in_log_space(self):
        m, n = 1000, 3000
        assert ab.shatter.log_psi_lower_bound(m, n) == 3000 * math.log(3)
        assert ab.shatter.log_psi_upper_bound(m, n) == pytest.approx(math.lgamma(4001) + 3999 * math.log(2))
        assert ab.shatter.log_psi_lower_bound(m, n) < ab.log_psi(m, n) < ab.shatter.log_psi_upper_bound(m, n)
        assert ab.shatter.log_matrix_count(m, n) == 3 * 10**6 * math.log(3)

    def test_bounds_by_hand(self):
        assert (ab.shatter.psi_lower_bound(2, 3), ab.shatter.psi_upper_bound(2, 3), ab.shatter.matrix_count(2, 3)) == (27, 120 * 16, 729)


class TestEnumeration:
    @pytest.mark.parametrize(("m", "n"), [(1, 3), (2, 2), (2, 3), (3, 2), (3, 4), (4, 3), (2, 6)])
    def test_lists_each_realizable_matrix_once(self, m, n):
        matrices = ab.shatter.enumerate_realizable(m, n)
        assert matrices.shape == (ab.psi(m, n), m, n)
        assert len({matrix.tobytes() for matrix in matrices}) == len(matrices)
        every = np.random.default_rng(m * n).choice(len(matrices), size=min(len(matrices), 200), replace=False)
        assert all(ab.shatter.is_realizable(matrices[k]) for k in every)

    def test_order_and_values(self):
        assert ab.shatter.enumerate_realizable(1, 1).tolist() == [[[0.0]], [[0.5]], [[1.0]]]
        first = ab.shatter.enumerate_realizable(2, 2)[:3].tolist()
        assert first == [[[0, 0], [0, 0]], [[0, 0], [0, 0.5]], [[0, 0], [0, 1]]]


class TestRefusals:
    @pytest.mark.parametrize(
        ("call", "message"),
        [
            (lambda: ab.shatter.count_realizable_bruteforce(4, 5), r"`n` must be small enough, with m = 4, that m·n ≤ 16 .*psi\(m, n\).*but got 5\."),
            (lambda: ab.shatter.enumerate_realizable(4, 4), r"`m` must be small enough, with n = 4, that m·n ≤ 12 .*but got 4\."),
            (lambda: ab.psi(0, 3), r"`m` must be an integer ≥ 1, but got 0\."),
            (lambda: ab.psi(3, 2.5), r"`n` must be an integer ≥ 1, but got 2\.5\."),
            (lambda: ab.log_psi(-1, 3), r"`m` must be an integer ≥ 1, but got -1\."),
            (lambda: ab.psi_report(2, 2, method="guess"), r"`method` must be one of 'exact', 'bruteforce', 'log'"),
        ],
    )
    def test_bad_input(self, call, message):
        with pytest.raises(ValueError, match=message):
            call()

    def test_non_integers_are_type_errors(self):
        with pytest.raises(TypeError, match=r"`m` must be an integer, but got '3'\."):
            ab.psi("3", 3)


class TestReport:
    def test_fields(self):
        report = ab.psi_report(3, 4)
        assert (report.psi, report.lower, report.upper, report.matrices) == (15165, 81, 322560, 531441)
        assert report.as_dict()["log_psi"] == math.log(15165)

    def test_log_method_leaves_out_the_integer(self):
        report = ab.psi_report(500, 500, method="log")
        assert report.psi is None and report.log_psi == ab.log_psi(500, 500)

    def test_fubini_numbers(self):
        # ordered Bell numbers 1, 1, 3, 13, 75, 541 as the row sums
        assert [sum(counting._fubini_row(n, n)) for n in range(1, 6)] == [1, 3, 13, 75, 541]


class TestPsiTable:
    """psi_table: a table of ψ with its work checked before any count."""

    def test_rows_and_columns_and_the_brute_force_check(self):
        reports = psi_table(range(1, 4), range(1, 4), bruteforce=True)
        assert [(r.m, r.n) for r in reports] == [(m, n) for m in (1, 2, 3) for n in (1, 2, 3)]
        # ψ(1, n) = 3^n: one positive against n negatives, every entry free (Agarwal et al. 2005, §4.3)
        assert [r.psi for r in reports if r.m == 1] == [3, 9, 27]
        assert all(r.bruteforce == r.psi for r in reports)
        assert psi_table(3, 3)[0].bruteforce is None

    def test_progress_sees_each_pair(self):
        seen = []
        psi_table(range(2, 4), 2, method="log", progress=lambda done, total: seen.append((done, total)))
        assert seen == [(1, 2), (2, 2)]

    @pytest.mark.parametrize(("call", "message"), [
        (lambda: psi_table(range(1, 201), range(1, 201)), "`ms` must make at most 10,000 pairs (m, n) with `ns`, but "
                                                          "got 40,000."),
        (lambda: psi_table(range(2000, 2050), range(2000, 2050)), "`ms` must need at most 8,000,000,000 steps in all "
                                                                  "with `ns` for the exact count"),
        (lambda: psi_table([1, 3], 2), "`ms` must be consecutive sizes (a range A..B), but got [1, 3]."),
        (lambda: psi_table(5, 5, bruteforce=True), "`m` must be small enough, with n = 5, that m·n ≤ 16"),
        (lambda: psi_table(2, 2, method="log", bruteforce=True), "`bruteforce` must be False with method='log'"),
    ])
    def test_refusals_come_before_any_count(self, call, message):
        with pytest.raises(ValueError) as caught:
            call()
        assert str(caught.value).startswith(message)
