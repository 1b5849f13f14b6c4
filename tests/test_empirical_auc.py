"""The empirical AUC, DeLong's variance and the p̂1, p̂2 estimates against O(mn) references.

The reference functions here build the m×n kernel matrix ψ (1, ½, 0) and are imported by
the other ``test_empirical_*`` files.
"""

import itertools
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab
from aucbound.empirical._auc import _placements

# --- O(mn) references ----------------------------------------------------------------------


def kernel(pos, neg):
    """ψ(x_i, y_j) as an m×n float matrix."""
    pos, neg = np.asarray(pos, float)[:, None], np.asarray(neg, float)[None, :]
    return (pos > neg) + 0.5 * (pos == neg)


def brute_delong(pos, neg):
    """(Â, V10, V01, S10, S01, variance) from the kernel matrix, as DeLong et al. (1988) define them."""
    psi = kernel(pos, neg)
    auc = psi.mean()
    v10, v01 = psi.mean(axis=1), psi.mean(axis=0)
    s10 = np.sum((v10 - auc) ** 2) / (len(v10) - 1)
    s01 = np.sum((v01 - auc) ** 2) / (len(v01) - 1)
    return auc, v10, v01, s10, s01, s10 / len(v10) + s01 / len(v01)


def brute_p(pos, neg):
    """(p̂1, p̂2) by enumerating every triple of distinct items, in exact fractions."""

    def psi(x, y):
        return Fraction(1) if x > y else Fraction(1, 2) if x == y else Fraction(0)

    p1 = [psi(a, y) * psi(b, y) for y in neg for a, b in itertools.permutations(pos, 2)]
    p2 = [psi(x, a) * psi(x, b) for x in pos for a, b in itertools.permutations(neg, 2)]
    return sum(p1) / len(p1), sum(p2) / len(p2)


def tied_data(rng, size, levels):
    """Scores on `levels` distinct values (many ties) and labels with both classes."""
    scores = rng.integers(0, levels, size).astype(float) / 7.0
    labels = rng.random(size) < rng.uniform(0.1, 0.9)
    labels[0], labels[1] = True, False
    return scores, labels


# --- auc -------------------------------------------------------------------------------------


class TestAUC:
    def test_table_1(self):
        labels = [-1, -1, -1, -1, 1, 1, 1, 1]
        assert ab.auc(labels, [-2, -1, 3, 4, 1, 2, 5, 6]) == 12 / 16
        assert ab.auc(labels, [-2, -1, 5, 6, 1, 2, 3, 4]) == 8 / 16

    @pytest.mark.parametrize("seed", range(20))
    def test_equals_the_kernel_mean_with_many_ties(self, seed):
        rng = np.random.default_rng(seed)
        scores, labels = tied_data(rng, int(rng.integers(2, 400)), int(rng.integers(1, 12)))
        expected = kernel(scores[labels], scores[~labels]).mean()
        assert abs(ab.auc(labels, scores) - expected) <= 1e-12

    def test_is_one_exact_division(self):
        # the result is the correctly rounded quotient 2U/(2mn) of two exact integers
        pos, neg = [1, 1, 2], [1, 0, 0, 3]
        twice_u = sum(2 * (x > y) + (x == y) for x in pos for y in neg)
        assert ab.empirical.auc_from_groups(pos, neg) == twice_u / (2 * 3 * 4)

    @pytest.mark.parametrize(
        "labels, pos_label",
        [
            ([False, True, True, False], None),
            ([0, 1, 1, 0], None),
            ([-1, 1, 1, -1], None),
            ([0.0, 1.0, 1.0, 0.0], None),
            (["no", "yes", "yes", "no"], "yes"),
            ([3, 7, 7, 3], 7),
        ],
    )
    def test_label_forms(self, labels, pos_label):
        assert ab.auc(labels, [0.1, 0.8, 0.4, 0.5], pos_label=pos_label) == 0.75

    def test_ties_across_classes_count_one_half(self):
        assert ab.auc([0, 1, 0, 1], [1, 1, 1, 1]) == 0.5
        assert ab.empirical.auc_from_groups([2.0], [-0.0, 0.0, 2.0]) == 5 / 6

    @pytest.mark.parametrize(
        "scores, labels, pos_label, message",
        [
            ([0.1, 0.2], [1, 1], None, r"^`labels` must be of two classes, with at least one positive"),
            ([0.1, 0.2, 0.3], [0, 1, 2], None, r"^`labels` must be of two classes, but got"),
            ([0.1, 0.2], ["a", "b"], None, r"^`pos_label` must name the positive class"),
            ([0.1, 0.2], ["a", "b"], "c", r"^`pos_label` must be one of the labels \('a', 'b'\), but got 'c'\."),
            ([0.1, np.nan], [0, 1], None, r"^`scores` must be finite"),
            ([0.1, 0.2], [0, 1, 1], None, r"^`labels` must be as long as `scores` \(2\)"),
        ],
    )
    def test_bad_input(self, scores, labels, pos_label, message):
        with pytest.raises(ValueError, match=message):
            ab.auc(labels, scores, pos_label=pos_label)

    def test_does_not_change_its_arguments(self):
        pos, neg = np.array([3.0, 1.0, 2.0]), np.array([2.5, 0.5])
        ab.empirical.auc_from_groups(pos, neg)
        assert pos.tolist() == [3.0, 1.0, 2.0] and neg.tolist() == [2.5, 0.5]

    @given(
        st.lists(st.integers(-5, 5), min_size=1, max_size=30),
        st.lists(st.integers(-5, 5), min_size=1, max_size=30),
    )
    def test_properties(self, pos, neg):
        pos, neg = np.array(pos, float), np.array(neg, float)
        value = ab.empirical.auc_from_groups(pos, neg)
        assert value == kernel(pos, neg).mean()
        assert ab.empirical.auc_from_groups(neg, pos) == pytest.approx(1 - value, abs=1e-15)  # swapping the classes
        assert ab.empirical.auc_from_groups(np.exp(pos), np.exp(neg)) == value  # a monotone transform


class TestPlacements:
    @given(
        st.lists(st.integers(0, 6), min_size=1, max_size=25),
        st.lists(st.integers(0, 6), min_size=1, max_size=25),
    )
    def test_counts_of_the_other_class(self, pos, neg):
        pos, neg = np.sort(np.array(pos, float)), np.sort(np.array(neg, float))
        below, tied_pos, above, tied_neg = _placements(pos, neg)
        assert below.tolist() == [(neg < x).sum() for x in pos]
        assert tied_pos.tolist() == [(neg == x).sum() for x in pos]
        assert above.tolist() == [(pos > y).sum() for y in neg]
        assert tied_neg.tolist() == [(pos == y).sum() for y in neg]


# --- DeLong -----------------------------------------------------------------------------------


class TestDeLong:
    @pytest.mark.parametrize("seed", range(20))
    def test_equals_the_kernel_matrix_with_many_ties(self, seed):
        rng = np.random.default_rng(100 + seed)
        scores, labels = tied_data(rng, int(rng.integers(4, 400)), int(rng.integers(1, 12)))
        labels[2], labels[3] = True, False
        auc, v10, v01, s10, s01, variance = brute_delong(scores[labels], scores[~labels])
        result = ab.delong(labels, scores)
        assert abs(result.auc - auc) <= 1e-12
        assert abs(result.variance - variance) <= 1e-12
        assert abs(result.s10 - s10) <= 1e-12 and abs(result.s01 - s01) <= 1e-12
        assert np.abs(result.v10 - v10).max() <= 1e-12 and np.abs(result.v01 - v01).max() <= 1e-12
        assert abs(ab.empirical.delong_variance(labels, scores) - variance) <= 1e-12

    def test_continuous_scores(self):
        rng = np.random.default_rng(7)
        scores, labels = rng.normal(size=300), rng.random(300) < 0.3
        scores[labels] += 1
        *_, variance = brute_delong(scores[labels], scores[~labels])
        assert ab.empirical.delong_variance(labels, scores) == pytest.approx(variance, rel=1e-12, abs=1e-15)

    def test_components_keep_the_order_of_the_items(self):
        result = ab.delong([1, 0, 0, 1, 1], [5, 0, 3, 1, 4])  # positives 5, 1, 4; negatives 0, 3
        assert result.v10.tolist() == [1.0, 0.5, 1.0]
        assert result.v01.tolist() == [1.0, 2 / 3]

    @pytest.mark.parametrize("seed", range(6))
    def test_p1_p2_are_the_triple_u_statistics(self, seed):
        rng = np.random.default_rng(seed)
        scores, labels = tied_data(rng, 14, 4)
        labels[2], labels[3] = True, False
        p1, p2 = brute_p(scores[labels], scores[~labels])
        result = ab.delong(labels, scores)
        assert result.p1 == pytest.approx(float(p1), abs=1e-14)
        assert result.p2 == pytest.approx(float(p2), abs=1e-14)

    def test_degenerate_data(self):
        assert ab.delong([0, 0, 1, 1], [1, 2, 3, 4]).variance == 0  # Â = 1: every component is 1
        tied = ab.delong([0, 0, 1, 1], [2, 2, 2, 2])
        assert (tied.auc, tied.variance) == (0.5, 0.0)

    def test_needs_two_items_per_class(self):
        with pytest.raises(ValueError, match=r"^`labels` must have at least 2 positives and 2 negatives "
                                             r"\(for DeLong's variance\), but got 1 positive and 3 negatives\.$"):
            ab.delong([0, 0, 1, 0], [1, 2, 3, 4])

    def test_as_dict_leaves_out_the_components(self):
        data = ab.delong([0, 1, 0, 1], [1, 2, 3, 4]).as_dict()
        assert "v10" not in data and data["std_error"] == data["variance"] ** 0.5

    @given(st.lists(st.tuples(st.integers(0, 4), st.booleans()), min_size=4, max_size=40))
    def test_properties(self, items):
        scores = np.array([s for s, _ in items], float)
        labels = np.array([y for _, y in items])
        if min(labels.sum(), (~labels).sum()) < 2:
            return
        result = ab.delong(labels, scores)
        assert result.variance >= 0
        assert result.v10.mean() == pytest.approx(result.auc, abs=1e-12)
        assert result.v01.mean() == pytest.approx(result.auc, abs=1e-12)
        mirrored = ab.delong(labels, -scores)  # reversing the scores: Â → 1 − Â, same variance
        assert mirrored.auc == pytest.approx(1 - result.auc, abs=1e-12)
        assert mirrored.variance == pytest.approx(result.variance, abs=1e-12)
