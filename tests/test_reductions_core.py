"""Preferences, Auc-Train and Degree (Balcan et al. 2007, Alg. 1–2; Ailon & Mohri 2008, §2.3).

Every value is checked against an independent computation: plain Python double loops over
pairs, hand counts, and the enumeration of every way to break ties.
"""

import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from aucbound.reductions import (
    Preference,
    auc_loss,
    auc_train,
    degree_ranking,
    misordered_pairs,
    preference_loss,
    quicksort_above,
    winner_loser_counts,
)
from aucbound.reductions import DegreeRanking, PairSample
from aucbound.reductions._orders import positions as _positions

# --- helpers computed without the code under test ---------------------------------------


def preference_matrix(rng, n, *, binary):
    """A random pairwise-consistent n×n preference (diagonal 0), built from its upper triangle."""
    upper = rng.integers(0, 2, (n, n)).astype(float) if binary else rng.random((n, n))
    h = np.zeros((n, n))
    for u in range(n):
        for v in range(u + 1, n):
            h[u, v], h[v, u] = upper[u, v], 1 - upper[u, v]
    return h


def naive_wins(h):
    n = len(h)
    return [sum(h[u][v] for v in range(n) if v != u) for u in range(n)]


def misordered(order, labels):
    """How many (positive, negative) pairs have the negative above the positive."""
    count, negatives_seen = 0, 0
    for item in order:
        if labels[item]:
            count += negatives_seen
        else:
            negatives_seen += 1
    return count


def tie_breakings(wins):
    """Every order of the items by wins descending, however ties are broken."""
    levels = [sorted(u for u in range(len(wins)) if wins[u] == value) for value in sorted(set(wins), reverse=True)]
    for parts in itertools.product(*(itertools.permutations(level) for level in levels)):
        yield [u for part in parts for u in part]


matrices = st.builds(
    lambda n, seed, binary: preference_matrix(np.random.default_rng(seed), n, binary=binary),
    st.integers(2, 9), st.integers(0, 2**32 - 1), st.booleans(),
)


# --- Preference -------------------------------------------------------------------------


class TestPreferenceChecks:
    def test_a_nested_list_of_booleans_is_a_tournament(self):
        assert Preference.from_matrix([[False, True], [False, False]]).matrix().tolist() == [[0.0, 1.0], [0.0, 0.0]]

    def test_too_many_scores_are_counted_as_items(self, monkeypatch):
        from aucbound.reductions import _preference

        monkeypatch.setattr(_preference, "MAX_ITEMS", 10)
        with pytest.raises(ValueError, match=r"^`scores` must have at most 10 items, but got 11\.$"):
            Preference.from_scores(np.arange(11.0))

    def test_inconsistent_pair_is_named_with_its_values(self):
        h = [[0, 1, 0.5], [0, 0, 1], [0.25, 0, 0]]
        with pytest.raises(ValueError, match=r"^`h` must satisfy h\[u, v\] \+ h\[v, u\] = 1 off the diagonal "
                                             r"\(within 1e-12\), but got h\[0, 2\] = 0.5 and h\[2, 0\] = 0.25\.$"):
            Preference.from_matrix(h)

    def test_tolerance_is_1e_12(self):
        assert Preference.from_matrix([[0, 0.3], [0.7 + 5e-13, 0]]).pref(1, 0) == 1 - 0.3
        with pytest.raises(ValueError, match=r"h\[0, 1\] = 0.3 and h\[1, 0\] = 0.700000000001999"):
            Preference.from_matrix([[0, 0.3], [0.7 + 2e-12, 0]])

    @pytest.mark.parametrize(("value", "message"), [
        (np.nan, r"`h` must have finite entries off the diagonal, but got h\[1, 0\] = nan\."),
        (1.5, r"`h` must have entries in \[0, 1\] off the diagonal, but got h\[1, 0\] = 1.5\."),
        (-0.5, r"`h` must have entries in \[0, 1\] off the diagonal, but got h\[1, 0\] = -0.5\."),
    ])
    def test_entries(self, value, message):
        h = np.array([[0, 1, 1], [value, 0, 1], [0, 0, 0]])
        with pytest.raises(ValueError, match=message):
            Preference.from_matrix(h)

    @pytest.mark.parametrize("h", [
        [[0, 0.3], [0.7 + 2e-12, 0]],
        [[0, 1, 0.5], [0, 0, 1], [0.25, 0, 0]],
        [[0, 1, 1], [np.nan, 0, 1], [0, 0, 0]],
        [[0, 1.5], [-0.5, 0]],
        [[0, 1, 1]],
    ])
    def test_every_function_of_a_matrix_checks_it_alike(self, h):
        with pytest.raises(ValueError) as made:
            Preference.from_matrix(h)
        for function in (quicksort_above, lambda h: preference_loss(h, [0, 1])):
            with pytest.raises(ValueError) as error:
                function(h)
            assert str(error.value) == str(made.value)

    def test_the_lower_triangle_is_read_as_one_minus_the_upper(self):
        near = [[0, 0.3], [0.7 + 5e-13, 0]]
        assert Preference.from_matrix(near).matrix().tolist() == [[0, 0.3], [1 - 0.3, 0]]
        assert preference_loss(near, [1, 0]) == preference_loss([[0, 0.3], [1 - 0.3, 0]], [1, 0]) == 0.3
        assert quicksort_above(near).tolist() == [[0, 0.3], [1 - 0.3, 0]]

    def test_diagonal_is_ignored_and_read_as_zero(self):
        h = Preference.from_matrix([[np.nan, 1], [0, 7]])
        assert h.pref([0, 1], [0, 1]).tolist() == [0.0, 0.0]
        assert h.matrix().tolist() == [[0, 1], [0, 0]]

    @pytest.mark.parametrize("h", [[[0, 1, 1]], [[0]], np.zeros((2, 2, 2)), [1, 0]])
    def test_shape(self, h):
        with pytest.raises(ValueError, match=r"^`h` must be a square n×n array with n ≥ 2, but got "):
            Preference.from_matrix(h)

    def test_not_numbers(self):
        with pytest.raises(TypeError, match="`h` must be a number or an array of numbers"):
            Preference.from_matrix([["a", "b"], ["c", "d"]])

    @pytest.mark.parametrize(("scores", "message"), [
        ([1.0], r"^`scores` must have at least 2 items, but got 1\.$"),
        ([[1, 2]], r"^`scores` must be a one-dimensional array, but got an array of shape \(1, 2\)\.$"),
        ([1.0, np.inf], r"^`scores` must be finite \(no NaN or inf\), but got inf\.$"),
    ])
    def test_scores(self, scores, message):
        with pytest.raises(ValueError, match=message):
            Preference.from_scores(scores)

    def test_function_arguments(self):
        with pytest.raises(TypeError, match=r"^`function` must be callable as function\(u, v\), but got 3\.$"):
            Preference.from_function(3, 4)
        with pytest.raises(ValueError, match=r"^`n` must be an integer from 2 to 100000000, but got 1\.$"):
            Preference.from_function(lambda u, v: u, 1)
        with pytest.raises(TypeError, match=r"^`binary` must be True or False, but got 1\.$"):
            Preference.from_function(lambda u, v: u, 3, binary=1)

    @pytest.mark.parametrize(("function", "binary", "error", "message"), [
        (lambda u, v: np.ones((len(u), 1)), False, ValueError,
         r"^`function` must return an array of shape \(2,\) for 2 pairs, but got shape \(2, 1\)\.$"),
        (lambda u, v: 0.5, False, ValueError, r"^`function` must return an array of shape \(2,\) for 2 pairs, "
                                              r"but got shape \(\)\.$"),
        (lambda u, v: u / 2.0, False, ValueError,
         r"^`function` must return values in \[0, 1\], but got 1.5 for the pair \(3, 0\)\.$"),
        (lambda u, v: np.where(u == 2, np.nan, 0.0), False, ValueError,
         r"^`function` must return values in \[0, 1\], but got nan for the pair \(2, 0\)\.$"),
        (lambda u, v: np.full(len(u), 0.5), True, ValueError,
         r"^`function` must return only 0 or 1 \(it was declared binary\), but got 0.5 for the pair \(2, 0\)\.$"),
        (lambda u, v: ["x"] * len(u), False, TypeError,
         r"^`function` must return numbers \(an array of h values\), but got \['x', 'x'\]\.$"),
    ])
    def test_each_batch_of_a_function_is_checked(self, function, binary, error, message):
        h = Preference.from_function(function, 4, binary=binary)
        with pytest.raises(error, match=message):
            h.pref([2, 3], [0, 0])

    def test_function_cannot_change_the_indices(self):
        def vandal(u, v):
            u[0] = 0
            return np.zeros(len(u))

        with pytest.raises(ValueError, match="read-only"):
            Preference.from_function(vandal, 3).pref([1], [2])

    def test_indices(self):
        h = Preference.from_scores([1, 2, 3])
        with pytest.raises(ValueError, match=r"^`u_idx` must be item indices from 0 to 2, but got 3\.$"):
            h.pref(3, 0)
        with pytest.raises(ValueError, match=r"^`v_idx` must be item indices from 0 to 2, but got -1\.$"):
            h.pref([0, 1], [2, -1])
        with pytest.raises(TypeError, match=r"^`u_idx` must be item indices \(integers\), but got 1.0\.$"):
            h.pref(1.0, 0)
        with pytest.raises(TypeError, match=r"^`v_idx` must be item indices \(integers\), but got True\.$"):
            h.pref(1, True)
        with pytest.raises(ValueError, match=r"^`v_idx` must broadcast against `u_idx` \(shape \(2,\)\), "
                                             r"but got shape \(3,\)\.$"):
            h.pref([1, 2], [0, 1, 2])

    def test_matrix_is_refused_above_its_limit_before_any_work(self):
        calls = []
        h = Preference.from_function(lambda u, v: calls.append(1) or np.zeros(len(u)), 20_001)
        with pytest.raises(ValueError, match=r"^`n` must be at most 20,000 to materialise the n×n matrix "
                                             r"\(n² floats\), but got 20001\.$"):
            h.matrix()
        assert calls == []

    def test_immutable(self):
        h = Preference.from_scores([1, 2])
        with pytest.raises(AttributeError):
            h._n = 5
        with pytest.raises(TypeError, match="from_matrix"):
            Preference()
        with pytest.raises(ValueError):
            h._scores[0] = 9.0
        with pytest.raises(ValueError):
            Preference.from_matrix([[0, 1], [0, 0]])._matrix[0, 1] = 0.0


class TestLabelChecks:
    """Every function of bipartite labels reads them by one rule, with one message."""

    @staticmethod
    def calls(labels):
        h = Preference.from_scores([1, 2, 3])
        cycle = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]
        return {
            "auc_train": lambda: auc_train(labels, [1.0, 2.0, 3.0]),
            "degree_ranking": lambda: degree_ranking(h, ties="worst", labels=labels),
            "auc_loss": lambda: auc_loss([0, 1, 2], labels),
            "misordered_pairs": lambda: misordered_pairs([0, 1, 2], labels),
            "winner_loser_counts": lambda: winner_loser_counts(cycle, labels),
        }

    @pytest.mark.parametrize(("labels", "error", "rule"), [
        ([1, 2, 0], ValueError, "must contain only 0 (negative) and 1 (positive), but got 2 at index 1."),
        ([1.0, 0.5, 0.0], ValueError, "must contain only 0 (negative) and 1 (positive), but got 0.5 at index 1."),
        ([[1, 0, 0]], ValueError, "must be a one-dimensional array of 0/1 labels, but got an array of shape (1, 3)."),
        (["a", "b", "c"], TypeError, "must be an array of 0/1 labels, but got ['a', 'b', 'c']."),
    ])
    def test_bad_labels_alike(self, labels, error, rule):
        for name, call in self.calls(labels).items():
            parameter = "winners" if name in ("misordered_pairs", "winner_loser_counts") else "labels"
            with pytest.raises(error) as raised:
                call()
            assert str(raised.value) == f"`{parameter}` {rule}", name

    def test_one_class(self):
        calls = self.calls([True, True, True])
        for name in ("auc_train", "auc_loss"):  # both classes are needed
            with pytest.raises(ValueError) as raised:
                calls[name]()
            assert str(raised.value) == ("`labels` must have at least one positive (1) and one negative (0), "
                                         "but got 3 positives and 0 negatives."), name
        assert calls["degree_ranking"]().order.tolist() == [2, 1, 0]
        assert calls["misordered_pairs"]() == 0
        assert calls["winner_loser_counts"]() == (0, 0)

    def test_one_label_per_item(self):
        h = Preference.from_scores([1, 2, 3])
        with pytest.raises(ValueError, match=r"^`labels` must have one label per item \(3\), but got 2 labels\.$"):
            degree_ranking(h, ties="best", labels=[1, 0])
        with pytest.raises(ValueError, match=r"^`winners` must have one label per item \(3\), but got 4 labels\.$"):
            winner_loser_counts([[0, 1, 0], [0, 0, 1], [1, 0, 0]], [1, 0, 0, 1])


class TestPreferenceValues:
    def test_scores_by_hand(self):
        # s = (2, 5, 2, 1): 1 beats all, 0 and 2 tie (½), 3 loses to all
        expected = [[0, 0, 0.5, 1], [1, 0, 1, 1], [0.5, 0, 0, 1], [0, 0, 0, 0]]
        h = Preference.from_scores([2, 5, 2, 1])
        assert h.matrix().tolist() == expected
        assert not h.binary and h.kind == "scores" and h.n == 4
        assert Preference.from_scores([2, 5, 3, 1]).binary

    def test_a_boolean_adjacency_matrix_is_a_tournament(self):
        h = Preference.from_matrix(np.array([[False, True], [False, False]]))
        assert h.binary and h.pref(0, 1) == 1.0 and h.pref(1, 0) == 0.0

    def test_scalars_give_floats(self):
        value = Preference.from_scores([2, 1]).pref(0, 1)
        assert type(value) is float and value == 1.0

    @given(st.lists(st.integers(-3, 3), min_size=2, max_size=12))
    def test_the_three_kinds_agree_with_a_double_loop(self, scores):
        n = len(scores)
        loop = [[0.0 if u == v else 1.0 if scores[u] > scores[v] else 0.5 if scores[u] == scores[v] else 0.0
                 for v in range(n)] for u in range(n)]
        from_scores = Preference.from_scores(scores)
        from_matrix = Preference.from_matrix(loop)
        table = np.array(loop)
        from_function = Preference.from_function(lambda u, v: table[u, v], n)
        for h in (from_scores, from_matrix, from_function):
            assert h.matrix().tolist() == loop
            u, v = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
            assert h.pref(u, v).tolist() == loop
        assert from_scores.binary == from_matrix.binary == (len(set(scores)) == n)
        assert from_function.binary is False

    def test_function_is_called_only_off_the_diagonal(self):
        seen = []
        h = Preference.from_function(lambda u, v: seen.append((u.tolist(), v.tolist())) or np.ones(len(u)), 3)
        assert h.pref([0, 1, 2], [0, 2, 2]).tolist() == [0.0, 1.0, 0.0]
        assert seen == [([1], [2])]

    def test_huge_integer_scores_keep_their_order(self):
        big = 2**60
        h = Preference.from_scores(np.array([big + 1, big, big + 1], dtype=np.int64))
        assert h.pref([0, 0, 1], [1, 2, 0]).tolist() == [1.0, 0.5, 0.0]

    def test_lower_triangle_is_made_exactly_consistent(self):
        h = Preference.from_matrix([[0, 0.1], [0.9 + 1e-13, 0]]).matrix()
        assert h[1, 0] == 1 - 0.1


# --- Auc-Train --------------------------------------------------------------------------


def double_loop(labels, X):
    """Alg. 1 as written: every ordered mixed pair, label 1 when the first should be ranked above."""
    rows = []
    for i in range(len(labels)):
        for j in range(len(labels)):
            if labels[i] != labels[j]:
                rows.append((i, j, 1 if labels[i] > labels[j] else 0))
    first, second, y = (np.array(column) for column in zip(*rows))
    return first, second, y


class TestAucTrain:
    @given(st.lists(st.booleans(), min_size=2, max_size=15).filter(lambda labels: 0 < sum(labels) < len(labels)),
           st.integers(1, 3), st.integers(0, 1000))
    def test_every_mixed_pair_in_both_orders(self, labels, width, seed):
        X = np.random.default_rng(seed).normal(size=(len(labels), width))
        first, second, y = double_loop(labels, X)
        sample = auc_train(labels, X)
        X1, X2, labels_out = sample
        assert sample.first.tolist() == first.tolist() and sample.second.tolist() == second.tolist()
        assert labels_out.tolist() == y.tolist()
        assert np.array_equal(X1, X[first]) and np.array_equal(X2, X[second])
        m = sum(labels)
        assert sample.total == sample.pairs == 2 * m * (len(labels) - m)
        assert (sample.m, sample.n) == (m, len(labels) - m)

    def test_hand_example(self):
        # labels (+, −, +): pairs (0,1) y=1, (1,0) y=0, (1,2) y=0, (2,1) y=1
        X1, X2, y = auc_train([1, 0, 1], [7, 8, 9])
        assert X1.tolist() == [7, 8, 8, 9] and X2.tolist() == [8, 7, 9, 8] and y.tolist() == [1, 0, 0, 1]

    def test_one_dimensional_and_two_dimensional_features(self):
        labels = [0, 1, 1, 0]
        flat = auc_train(labels, [1.0, 2.0, 3.0, 4.0])
        column = auc_train(labels, [[1.0], [2.0], [3.0], [4.0]])
        assert flat.X1.shape == (8,) and column.X1.shape == (8, 1)
        assert flat.X1.tolist() == column.X1[:, 0].tolist()

    def test_sample_is_a_sorted_subset_of_the_pairs(self):
        rng = np.random.default_rng(1)
        labels = rng.integers(0, 2, 40)
        X = rng.normal(size=(40, 2))
        full = auc_train(labels, X)
        every = set(zip(full.first.tolist(), full.second.tolist()))
        sample = auc_train(labels, X, max_pairs=100, seed=3)
        pairs = list(zip(sample.first.tolist(), sample.second.tolist()))
        assert len(pairs) == len(set(pairs)) == 100 and set(pairs) <= every
        number = {pair: i for i, pair in enumerate(zip(full.first.tolist(), full.second.tolist()))}
        assert [number[pair] for pair in pairs] == sorted(number[pair] for pair in pairs)
        assert sample.y.tolist() == [int(labels[i] == 1) for i, _ in pairs]
        again = auc_train(labels, X, max_pairs=100, seed=3)
        assert again.first.tolist() == sample.first.tolist()
        assert auc_train(labels, X, max_pairs=100, seed=4).first.tolist() != sample.first.tolist()
        assert auc_train(labels, X, max_pairs=full.total + 5).first.tolist() == full.first.tolist()

    @pytest.mark.parametrize("size", [3, 9])  # 9 of 12: through the complement
    def test_sample_is_uniform(self, size):
        # 2 positives, 3 negatives: 12 ordered pairs; each is kept with probability size/12
        labels, X = [1, 1, 0, 0, 0], np.arange(5.0)
        seeds = 3000
        counts = Counter()
        for seed in range(seeds):
            sample = auc_train(labels, X, max_pairs=size, seed=seed)
            assert sample.pairs == size
            counts.update(zip(sample.first.tolist(), sample.second.tolist()))
        assert len(counts) == 12
        p = size / 12
        se = (p * (1 - p) / seeds) ** 0.5
        for pair, count in counts.items():
            assert abs(count / seeds - p) < 4.5 * se, pair

    def test_many_pairs_are_never_all_made(self):
        labels = np.arange(200_000) % 2  # 2·10^10 ordered mixed pairs
        X = np.arange(200_000, dtype=float)
        sample = auc_train(labels, X, max_pairs=1000, seed=0)
        assert sample.total == 2 * 100_000**2 and sample.pairs == 1000
        assert np.all(labels[sample.first] != labels[sample.second])
        assert sample.y.tolist() == labels[sample.first].tolist()
        assert np.array_equal(sample.X1, X[sample.first])
        with pytest.raises(ValueError, match=r"^`max_pairs` must be set, to at most 10,000,000: all "
                                             r"20,000,000,000 mixed pairs with 1 feature would take more than "
                                             r"50,000,000 values, but got None\.$"):
            auc_train(labels, X)

    @pytest.mark.parametrize(("kwargs", "error", "message"), [
        (dict(labels=[1, 1], X=[1, 2]), ValueError,
         r"^`labels` must have at least one positive \(1\) and one negative \(0\), but got 2 positives and 0 negatives\.$"),
        (dict(labels=[1, 2], X=[1, 2]), ValueError,
         r"^`labels` must contain only 0 \(negative\) and 1 \(positive\), but got 2 at index 1\.$"),
        (dict(labels=["a", "b"], X=[1, 2]), TypeError, r"^`labels` must be an array of 0/1 labels"),
        (dict(labels=[1, 0], X=[1, 2, 3]), ValueError, r"^`X` must have one row per label \(2\), but got 3 rows\.$"),
        (dict(labels=[1, 0], X=[1, np.nan]), ValueError, r"^`X` must be finite \(no NaN or inf\), but got nan\.$"),
        (dict(labels=[1, 0], X=np.zeros((2, 1, 1))), ValueError, r"^`X` must be an \(N,\) or \(N, d\) array"),
        (dict(labels=[1, 0], X=["a", "b"]), TypeError, r"^`X` must be an array of numbers"),
        (dict(labels=[1, 0], X=[1, 2], max_pairs=0), ValueError, r"^`max_pairs` must be an integer ≥ 1, but got 0\.$"),
        (dict(labels=[1, 0], X=[1, 2], seed=-1), ValueError, r"^`seed` must be an integer ≥ 0, but got -1\.$"),
    ])
    def test_checks(self, kwargs, error, message):
        with pytest.raises(error, match=message):
            auc_train(**kwargs)

    def test_result(self):
        sample = auc_train([1, 0], [[1.0, 2.0], [3.0, 4.0]], max_pairs=1, seed=0)
        assert isinstance(sample, PairSample)
        data = sample.as_dict()
        assert data["pairs"] == 1 and data["total"] == 2 and data["source"] == "Balcan et al. 2007, Alg. 1"
        assert data["X1"] in ([[1.0, 2.0]], [[3.0, 4.0]])
        with pytest.raises(ValueError):
            sample.y[0] = 5


# --- Degree -----------------------------------------------------------------------------


def regular_tournament(n):
    """Balcan et al. (2007), Example 1: n odd, u beats u + 1, …, u + (n − 1)/2 (mod n)."""
    h = np.zeros((n, n))
    for u in range(n):
        for step in range(1, (n - 1) // 2 + 1):
            h[u, (u + step) % n] = 1
    return h


def test_positions_invert_an_order_and_each_row_of_a_stack():
    rng = np.random.default_rng(3)
    orders = np.array([rng.permutation(7) for _ in range(5)])
    stack = _positions(orders)
    assert stack.dtype == np.int64 and not stack.flags.writeable
    for order, position in zip(orders, stack):
        assert [order[place] for place in position] == list(range(7))  # item u sits at position[u]
        assert _positions(order).tolist() == position.tolist()


class TestDegree:
    @given(matrices, st.integers(1, 4))
    def test_wins_and_order_against_a_naive_count(self, h, chunk):
        n = len(h)
        wins = naive_wins(h.tolist())
        result = degree_ranking(Preference.from_matrix(h), chunk=chunk)
        assert result.wins.tolist() == pytest.approx(wins, abs=1e-12)
        assert result.calls == n * (n - 1) // 2
        if np.all((h == 0) | (h == 1)):  # integer wins: the order is exactly the naive sort
            assert result.order.tolist() == sorted(range(n), key=lambda u: (-wins[u], u))

    @given(matrices)
    def test_a_function_is_asked_each_unordered_pair_once(self, h):
        n = len(h)
        asked = []

        def recorded(u, v):
            asked.extend(zip(u.tolist(), v.tolist()))
            return h[u, v]

        result = degree_ranking(Preference.from_function(recorded, n), chunk=2)
        assert sorted(asked) == [(u, v) for u in range(n) for v in range(u + 1, n)]
        assert result.calls == len(asked)
        assert result.wins.tolist() == pytest.approx(naive_wins(h.tolist()), abs=1e-12)

    def test_scores_give_the_sort_and_half_wins_for_ties(self):
        scores = [3, 1, 3, 2, 0]
        result = degree_ranking(Preference.from_scores(scores))
        assert result.wins.tolist() == [3.5, 1, 3.5, 2, 0]
        assert result.order.tolist() == [0, 2, 3, 1, 4]

    def test_chunks_do_not_change_the_wins(self):
        rng = np.random.default_rng(7)
        h = Preference.from_scores(rng.integers(0, 30, 300))
        reference = degree_ranking(h, chunk=300).wins
        for chunk in (1, 7, 64, 299):
            assert np.array_equal(degree_ranking(h, chunk=chunk).wins, reference)

    @pytest.mark.parametrize("seed", range(40))
    def test_worst_and_best_ties_are_the_extremes_of_every_tie_breaking(self, seed):
        rng = np.random.default_rng(seed)
        n = int(rng.integers(3, 8))
        h = preference_matrix(rng, n, binary=bool(seed % 2))
        labels = rng.integers(0, 2, n).tolist()
        preference = Preference.from_matrix(h)
        wins = naive_wins(h.tolist())
        losses = [misordered(order, labels) for order in tie_breakings(wins)]
        worst = degree_ranking(preference, ties="worst", labels=labels)
        best = degree_ranking(preference, ties="best", labels=labels)
        assert misordered(worst.order.tolist(), labels) == max(losses)
        assert misordered(best.order.tolist(), labels) == min(losses)
        for rule in ("index", "random"):
            assert min(losses) <= misordered(degree_ranking(preference, ties=rule, seed=seed).order.tolist(),
                                              labels) <= max(losses)

    @pytest.mark.parametrize("seed", range(30))
    def test_theorem_2_with_ties_broken_against_us(self, seed):
        # g = #{(ℓ, w): deg(ℓ) ≥ deg(w)} is the count of mistakes with the worst ties; g ≤ 2f
        rng = np.random.default_rng(100 + seed)
        n = int(rng.integers(2, 12))
        h = preference_matrix(rng, n, binary=True)
        labels = rng.integers(0, 2, n).tolist()
        deg = naive_wins(h.tolist())
        winners = [w for w in range(n) if labels[w]]
        losers = [loser for loser in range(n) if not labels[loser]]
        g = sum(deg[loser] >= deg[w] for loser in losers for w in winners)
        f = sum(h[loser, w] for loser in losers for w in winners)
        worst = degree_ranking(Preference.from_matrix(h), ties="worst", labels=labels)
        assert misordered(worst.order.tolist(), labels) == g <= 2 * f

    @pytest.mark.parametrize("n", [3, 5, 7, 9, 11])
    def test_example_1_attains_twice_the_mistakes(self, n):
        h = regular_tournament(n)
        labels = [1] * ((n - 1) // 2) + [0] * ((n + 1) // 2)  # (n − 1)/2 winners, (n + 1)/2 losers
        result = degree_ranking(Preference.from_matrix(h), ties="worst", labels=labels)
        assert result.wins.tolist() == [(n - 1) / 2] * n
        f = sum(h[loser, w] for loser in range(n) for w in range(n) if not labels[loser] and labels[w])
        assert f == (n + 1) * (n - 1) / 8
        assert misordered(result.order.tolist(), labels) == (n + 1) * (n - 1) / 4 == 2 * f

    def test_random_ties_are_uniform_and_seeded(self):
        h = Preference.from_matrix(regular_tournament(3))  # all three tied
        counts = Counter(tuple(degree_ranking(h, ties="random", seed=seed).order.tolist()) for seed in range(1800))
        assert len(counts) == 6
        for order, count in counts.items():  # each 1/6: 300 ± 15.8
            assert abs(count - 300) < 4.5 * (1800 * (1 / 6) * (5 / 6)) ** 0.5, order
        first = degree_ranking(h, ties="random", seed=11)
        assert first.order.tolist() == degree_ranking(h, ties="random", seed=11).order.tolist()
        assert first.seed == 11 and first.ties == "random"

    def test_ties_of_the_paper_example_by_hand(self):
        # the 3-cycle 0 → 1 → 2 → 0: one win each; labels (+, −, −)
        h = Preference.from_matrix([[0, 1, 0], [0, 0, 1], [1, 0, 0]])
        assert degree_ranking(h).order.tolist() == [0, 1, 2]
        assert degree_ranking(h, ties="worst", labels=[1, 0, 0]).order.tolist() == [1, 2, 0]
        assert degree_ranking(h, ties="best", labels=[1, 0, 0]).order.tolist() == [0, 1, 2]

    @pytest.mark.parametrize(("kwargs", "error", "message"), [
        (dict(ties="worst"), ValueError, r"^`labels` must be given with ties='worst', but got None\.$"),
        (dict(labels=[1, 0, 0]), ValueError,
         r"^`labels` must be None unless ties is 'worst' or 'best', but got labels with ties='index'\.$"),
        (dict(ties="best", labels=[1, 0]), ValueError,
         r"^`labels` must have one label per item \(3\), but got 2 labels\.$"),
        (dict(ties="fair"), ValueError,
         r"^`ties` must be one of 'index', 'random', 'worst', 'best', but got 'fair'\.$"),
        (dict(chunk=0), ValueError, r"^`chunk` must be an integer ≥ 1, but got 0\.$"),
        (dict(seed=1.5), ValueError, r"^`seed` must be an integer ≥ 0, but got 1.5\.$"),
    ])
    def test_checks(self, kwargs, error, message):
        h = Preference.from_scores([1, 2, 3])
        with pytest.raises(error, match=message):
            degree_ranking(h, **kwargs)

    def test_preference_type(self):
        with pytest.raises(TypeError, match=r"^`preference` must be a Preference \(Preference.from_matrix, "
                                            r"from_scores or from_function\), but got an array of shape \(2, 2\)\.$"):
            degree_ranking(np.eye(2))

    def test_one_class_is_enough_for_tie_rules(self):
        h = Preference.from_scores([1, 1, 1])
        assert degree_ranking(h, ties="worst", labels=[0, 0, 0]).order.tolist() == [0, 1, 2]

    def test_result(self):
        result = degree_ranking(Preference.from_scores([0.2, 0.9, 0.5]))
        assert isinstance(result, DegreeRanking)
        assert result.position.tolist() == [2, 0, 1]
        data = result.as_dict()
        assert data["order"] == [1, 2, 0] and data["wins"] == [0.0, 2.0, 1.0] and data["calls"] == 3
        assert data["method"] == "degree" and data["source"] == "Balcan et al. 2007, Alg. 2"


# --- the top-level namespace ------------------------------------------------------------


def test_main_entry_points_and_every_result_type_are_top_level():
    import inspect
    import typing

    import aucbound
    from aucbound import reductions, results

    entry_points = ("Preference", "auc_train", "degree_ranking", "quicksort_ranking", "quicksort_runs",
                    "expected_quicksort_loss", "exhaustive_check")
    for name in entry_points:
        assert getattr(aucbound, name) is getattr(reductions, name) and name in aucbound.__all__, name
    returned = set()  # the result types the reductions' functions return
    for name in reductions.__all__:
        function = getattr(reductions, name)
        if inspect.isfunction(function):
            kind = typing.get_type_hints(function).get("return")
            if isinstance(kind, type) and kind.__name__ in results.__all__:
                returned.add(kind.__name__)
    assert returned == {"PairSample", "DegreeRanking", "QuickSortRanking", "QuickSortRuns", "TournamentCheck",
                        "RegularTournamentExample", "FeedbackArcSetExample", "AdversaryLabelling", "TightExamples"}
    for name in returned:
        assert getattr(aucbound, name) is getattr(results, name) and name in aucbound.__all__, name
