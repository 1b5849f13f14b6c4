"""Bipartite rank matrices and the realizability tests of Thm 4.3 (Agarwal et al. 2005, §4.1)."""

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab
from aucbound.shatter import _rank_matrices as rm


def all_code_matrices(m, n):
    """Every m×n matrix over {0, ½, 1} as int8 codes 2·B, shape (3^(mn), m, n)."""
    index = np.arange(3 ** (m * n))
    digits = (index[:, None] // 3 ** np.arange(m * n)) % 3
    return digits.astype(np.int8).reshape(-1, m, n)


def realized_by_definition(m, n):
    """The code matrices of Def 4.1 for every assignment of scores 0..m+n−1 (all weak orders)."""
    scores = np.array(list(itertools.product(range(m + n), repeat=m + n)))
    codes = rm._codes(scores[:, :m], scores[:, m:])
    return {matrix.tobytes() for matrix in codes}


SHAPES_UP_TO_12 = [(m, n) for m in range(1, 13) for n in range(1, 13) if m * n <= 12]


class TestRankMatrix:
    def test_definition_4_1_by_hand(self):
        # positives 1, 2 against negatives 2, 0, 3: below, above, below; level, above, below
        assert rm.rank_matrix([1, 2], [2, 0, 3]).tolist() == [[0, 1, 0], [0.5, 1, 0]]

    def test_mean_is_the_auc_of_table_1(self):
        # Agarwal et al. 2005, Table 1: f1 and f2 on 4 positives and 4 negatives, Â = 12/16 and 8/16
        f1_pos, f1_neg = [1, 2, 5, 6], [-2, -1, 3, 4]
        f2_pos, f2_neg = [1, 2, 3, 4], [-2, -1, 5, 6]
        assert ab.shatter.rank_matrix(f1_pos, f1_neg).mean() == 12 / 16
        assert ab.shatter.rank_matrix(f2_pos, f2_neg).mean() == 8 / 16

    @given(st.lists(st.integers(-3, 3), min_size=1, max_size=6), st.lists(st.integers(-3, 3), min_size=1, max_size=6))
    def test_every_rank_matrix_is_realizable_by_both_tests(self, pos, neg):
        matrix = ab.shatter.rank_matrix(pos, neg)
        assert ab.shatter.is_realizable(matrix) and ab.shatter.is_realizable(matrix, test="submatrices")
        assert matrix.mean() == ab.empirical.auc_from_groups(pos, neg)

    @given(st.lists(st.floats(-5, 5), min_size=2, max_size=8), st.lists(st.floats(-5, 5), min_size=2, max_size=8))
    def test_reversing_the_scores_mirrors_the_matrix(self, pos, neg):
        assert (ab.shatter.rank_matrix(np.negative(pos), np.negative(neg)) == 1 - ab.shatter.rank_matrix(pos, neg)).all()


class TestForbiddenList:
    def test_thirty_members_none_realizable_by_definition(self):
        table = ab.shatter.forbidden_submatrices()
        assert table.shape == (30, 2, 2)
        realized = realized_by_definition(2, 2)
        assert len(realized) == 51
        codes = (2 * table).astype(np.int8)
        assert not any(matrix.tobytes() in realized for matrix in codes)
        assert len({matrix.tobytes() for matrix in codes}) == 30

    def test_two_by_two_cycles_by_hand(self):
        table = {tuple(matrix.ravel()) for matrix in ab.shatter.forbidden_submatrices()}
        # x1 > x'1 < x2 > x'2 < x1 is fine; x1 > x'1 > x2 > x'2 > x1 is a cycle
        assert (1, 1, 0, 0) not in table  # [[1, 1], [0, 0]]: x'_1, x'_2 between x_2 and x_1
        assert (1, 0, 0, 1) in table  # x_1 > x'_1, x_1 < x'_2, x_2 < x'_1, x_2 > x'_2: cycle
        assert (0.5, 0.5, 0.5, 0) in table  # all level except x_2 < x'_2: level chain closes on a strict edge
        assert (0.5, 0.5, 0.5, 0.5) not in table


class TestTheorem43:
    @pytest.mark.parametrize(("m", "n"), SHAPES_UP_TO_12)
    def test_graph_and_submatrix_tests_agree_on_every_matrix(self, m, n):
        codes = all_code_matrices(m, n)
        graph = rm.graph_realizable(codes)
        submatrices = rm.submatrix_realizable(codes)
        assert (graph == submatrices).all()
        assert graph.sum() == ab.psi(m, n)

    @pytest.mark.parametrize(("m", "n"), [(1, 1), (1, 4), (2, 2), (2, 3), (3, 2), (2, 4), (3, 3)])
    def test_graph_test_is_the_definition(self, m, n):
        codes = all_code_matrices(m, n)
        realized = realized_by_definition(m, n)
        by_definition = np.array([matrix.tobytes() in realized for matrix in codes])
        assert (rm.graph_realizable(codes) == by_definition).all()

    def test_large_matrices_without_uint64(self):
        rng = np.random.default_rng(3)
        pos, neg = rng.integers(0, 20, 40), rng.integers(0, 20, 50)  # m + n = 90 > 64 vertices
        matrix = ab.shatter.rank_matrix(pos, neg)
        assert ab.shatter.is_realizable(matrix)
        i, j = np.argwhere(matrix == 1)[0]
        k, l = np.argwhere(matrix == 0)[-1]
        bad = matrix.copy()
        bad[i, j], bad[i, l], bad[k, j], bad[k, l] = 1, 0, 0, 1  # a forbidden 2×2 sub-matrix
        if i != k and j != l:
            assert not ab.shatter.is_realizable(bad)


class TestValidation:
    @pytest.mark.parametrize(
        ("call", "message"),
        [
            (lambda: ab.shatter.rank_matrix([], [1]), r"`pos_scores` must be a non-empty one-dimensional array"),
            (lambda: ab.shatter.rank_matrix([1], [[1, 2]]), r"`neg_scores` must be a non-empty one-dimensional array"),
            (lambda: ab.shatter.rank_matrix([1, np.inf], [1]), r"`pos_scores` must be finite"),
            (lambda: ab.shatter.is_realizable([[1, 0.3]]), r"`matrix` must be a matrix with entries in \{0, 0.5, 1\}, but got 0.3\."),
            (lambda: ab.shatter.is_realizable([1, 0]), r"`matrix` must be a two-dimensional array"),
            (lambda: ab.shatter.is_realizable([[1]], test="cycles"), r"`test` must be one of 'graph', 'submatrices', but got 'cycles'\."),
        ],
    )
    def test_bad_input(self, call, message):
        with pytest.raises(ValueError, match=message):
            call()
