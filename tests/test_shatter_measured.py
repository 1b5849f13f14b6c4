"""Rank matrices and sign patterns realized on concrete points, against the bounds (beyond the paper)."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import aucbound as ab
from aucbound.shatter import _measured as measured


def realized_codes(fclass, pos, neg, **options):
    """The realized matrices themselves, by the module's own evaluation (for cross-checks)."""
    (g_pos, g_neg), scales, samples, seed = measured._setup(fclass, 10, 0, [("pos_points", pos), ("neg_points", neg)],
                                                                lambda m, n: m * n)
    differences = (g_pos[:, None, :] - g_neg[None, :, :]).reshape(-1, len(scales))
    directions, _ = measured._directions(differences, scales, samples, seed)
    gap = g_pos.dot(directions.T)[:, None, :] - g_neg.dot(directions.T)[None, :, :]
    return ((1 + (gap > 0).astype(int) - (gap < 0).astype(int)).transpose(2, 0, 1) / 2.0)


class TestLine:
    @pytest.mark.parametrize("seed", range(5))
    def test_r_is_three_on_random_points(self, seed):
        rng = np.random.default_rng(seed)
        result = ab.shatter.realized_rank_matrices(ab.Line(), rng.normal(size=rng.integers(1, 30)), rng.normal(size=rng.integers(1, 30)))
        assert (result.count, result.exact) == (3, True)
        assert result.count == round(math.exp(ab.Line().log_rank_shatter(*result.sizes)))

    @pytest.mark.parametrize("N", [2, 3, 10, 57])
    def test_sign_patterns_4n_plus_1_on_random_points(self, N):
        points = np.random.default_rng(N).normal(size=N)
        result = ab.shatter.realized_sign_patterns(ab.Line(), points)
        assert (result.count, result.exact) == (4 * N + 1, True)
        assert ab.shatter.realized_sign_patterns(ab.Linear(1), points[:, None]).count == 4 * N + 1

    def test_ties_reduce_the_count(self):
        assert ab.shatter.realized_rank_matrices(ab.Line(), [1.0, 1.0], [1.0]).count == 1  # every f ties all points
        assert ab.shatter.realized_sign_patterns(ab.Line(), [0.5, 0.5, 2.0]).count == 4 * 2 + 1  # 2 distinct points


class TestLinearInThePlane:
    @pytest.mark.parametrize(("m", "n"), [(1, 2), (2, 2), (3, 4), (5, 9), (10, 20)])
    def test_attains_the_central_bound_4mn_plus_1(self, m, n):
        rng = np.random.default_rng(m * 100 + n)
        result = ab.shatter.realized_rank_matrices(ab.Linear(2), rng.normal(size=(m, 2)), rng.normal(size=(n, 2)))
        bound = ab.Linear(2).rank_shatter(m, n)
        assert result.exact and result.count == 4 * m * n + 1 == bound.candidate("central-faces").value
        assert math.log(result.count) < bound.candidate("thm-4.11").log_value

    @pytest.mark.parametrize("N", [1, 2, 3, 6, 12])
    def test_sign_patterns_attain_the_central_bound_in_3_dimensions(self, N):
        points = np.random.default_rng(N).normal(size=(N, 2))
        result = ab.shatter.realized_sign_patterns(ab.Linear(2), points)
        assert result.exact and result.count == ab.shatter.central_arrangement_faces(N, 3)

    def test_quadratics_on_the_line_are_swept_too(self):
        rng = np.random.default_rng(7)
        result = ab.shatter.realized_rank_matrices(ab.Polynomial(1, 2), rng.normal(size=4), rng.normal(size=5))
        assert result.exact and result.count == 4 * 20 + 1
        for N in (2, 5, 9):
            patterns = ab.shatter.realized_sign_patterns(ab.Polynomial(1, 2), rng.normal(size=N))
            bound = ab.Polynomial(1, 2).sign_patterns(N)
            assert patterns.exact and patterns.count == bound.candidate("central-faces").value == round(bound.value)

    def test_collinear_differences_share_faces(self):
        # every difference x_i − x'_j is a positive multiple of (1, 2) or its negative: B
        # depends on the sign of w·(1, 2) only, so 3 matrices as on the line
        t = np.array([0.0, 1.0, 3.0])
        pos, neg = np.stack([t, 2 * t], axis=1), np.stack([t + 0.5, 2 * t + 1.0], axis=1)
        assert ab.shatter.realized_rank_matrices(ab.Linear(2), pos, neg).count == 3

    @settings(max_examples=25)
    @given(st.lists(st.integers(-3, 3), min_size=2, max_size=8), st.integers(1, 3), st.integers(1, 3))
    def test_every_realized_matrix_is_realizable_and_distinct_faces_are_few(self, coords, m, n):
        rng = np.random.default_rng(len(coords))
        pos = rng.choice(coords, size=(m, 2)).astype(float)  # small integer grid: many ties
        neg = rng.choice(coords, size=(n, 2)).astype(float)
        matrices = realized_codes(ab.Linear(2), pos, neg)
        assert all(ab.shatter.is_realizable(matrix) for matrix in matrices)
        count = ab.shatter.realized_rank_matrices(ab.Linear(2), pos, neg).count
        assert count == len({matrix.tobytes() for matrix in matrices}) <= 4 * m * n + 1


class TestSampledDirections:
    def test_lower_bound_below_the_bound_and_reproducible(self):
        rng = np.random.default_rng(11)
        pos, neg = rng.normal(size=(4, 3)), rng.normal(size=(5, 3))
        first = ab.shatter.realized_rank_matrices(ab.Linear(3), pos, neg, samples=3000, seed=1)
        again = ab.shatter.realized_rank_matrices(ab.Linear(3), pos, neg, samples=3000, seed=1)
        assert (first.exact, first.method, first.directions) == (False, "sampled directions", 3001)
        assert first.count == again.count
        assert 1 < first.count <= math.exp(ab.Linear(3).log_rank_shatter(4, 5))

    def test_more_samples_never_fewer_patterns(self):
        points = np.random.default_rng(5).normal(size=(8, 3))
        few = ab.shatter.realized_sign_patterns(ab.Linear(3), points, samples=200, seed=2).count
        many = ab.shatter.realized_sign_patterns(ab.Linear(3), points, samples=2000, seed=2).count
        assert few <= many <= ab.shatter.central_arrangement_faces(8, 4)

    def test_sampling_in_the_plane_finds_a_subset_of_the_sweep(self):
        rng = np.random.default_rng(2)
        pos, neg = rng.normal(size=(3, 2)), rng.normal(size=(3, 2))
        swept = {m.tobytes() for m in realized_codes(ab.Linear(2), pos, neg)}
        (g_pos, g_neg), _ = measured._exact_features(ab.Linear(2), pos, neg)
        directions = np.array([(0, 0)] + [tuple(int(x) for x in rng.integers(-10**6, 10**6, 2)) for _ in range(500)], dtype=object)
        gap = g_pos.dot(directions.T)[:, None, :] - g_neg.dot(directions.T)[None, :, :]
        sampled = {m.tobytes() for m in ((1 + (gap > 0).astype(int) - (gap < 0).astype(int)).transpose(2, 0, 1) / 2.0)}
        assert sampled <= swept and len(sampled) < len(swept) == 37


class TestValidation:
    @pytest.mark.parametrize(
        ("call", "message"),
        [
            (lambda: ab.shatter.realized_rank_matrices(ab.Finite(3), [1], [2]), r"`fclass` must be a class of concrete functions"),
            (lambda: ab.shatter.realized_rank_matrices(ab.Linear(2), [[1, 2, 3]], [[1, 2]]), r"`pos_points` must be an array of shape \(k, 2\)"),
            (lambda: ab.shatter.realized_rank_matrices(ab.Line(), [], [2]), r"`pos_points` must be an array of shape \(k, 1\)"),
            (lambda: ab.shatter.realized_sign_patterns(ab.Line(), [1, np.nan]), r"`points` must be finite"),
            (lambda: ab.shatter.realized_sign_patterns(ab.Linear(3), np.zeros((2, 3)), samples=0), r"`samples` must be an integer from 1 to 1000000"),
        ],
    )
    def test_bad_input(self, call, message):
        with pytest.raises(ValueError, match=message):
            call()
