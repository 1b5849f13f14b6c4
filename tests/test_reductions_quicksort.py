"""QuickSort with a preference function and its top-k variant (Ailon & Mohri 2008, §3), and the
exact expected number of comparisons.

References: an enumeration of every pivot (and every draw, for fractional h) written here
from the description of §3.1 and §3.4, exact Fractions for the recurrences, numpy's sort.
"""

import itertools
import math
from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from aucbound.reductions import (
    Preference,
    expected_comparisons,
    expected_comparisons_float,
    expected_comparisons_recurrence,
    quicksort_ranking,
    quicksort_runs,
)
from aucbound.reductions import QuickSortRanking, QuickSortRuns

# --- the reference: every execution of QuickSort, enumerated ---------------------------


def outcomes(items, need, h):
    """{(top-`need` order, calls): probability} over every pivot and every draw.

    A uniform pivot among `items`; each other item x goes left with probability h[x][pivot];
    the left part is sorted for its first min(need, |left|) positions, the pivot is kept if
    |left| < need, the right part is visited for the need − |left| − 1 positions left over.
    """
    if need == 0 or not items:
        return {((), 0): Fraction(1)}
    if len(items) == 1:
        return {((items[0],), 0): Fraction(1)}
    result = defaultdict(Fraction)
    for pivot in items:
        others = [x for x in items if x != pivot]
        choices = [[(side, p) for side, p in ((True, h[x][pivot]), (False, 1 - h[x][pivot])) if p] for x in others]
        for sides in itertools.product(*choices):
            probability = Fraction(1, len(items))
            for _, p in sides:
                probability *= p
            left = [x for x, (side, _) in zip(others, sides) if side]
            right = [x for x, (side, _) in zip(others, sides) if not side]
            need_left, need_right = min(need, len(left)), max(need - len(left) - 1, 0)
            for (left_order, left_calls), p_left in outcomes(left, need_left, h).items():
                for (right_order, right_calls), p_right in outcomes(right, need_right, h).items():
                    order = (left_order + ((pivot,) if len(left) < need else ()) + right_order)[:need]
                    result[(order, len(items) - 1 + left_calls + right_calls)] += probability * p_left * p_right
    return dict(result)


def fraction_matrix(h):
    return [[Fraction(value).limit_denominator(10**6) for value in row] for row in h]


def transitive(n):
    """h of the scores n − 1, …, 0 on items 0, …, n − 1: item 0 highest."""
    return [[Fraction(int(u < v)) for v in range(n)] for u in range(n)]


def random_preference(rng, n, *, binary):
    values = rng.integers(0, 2, (n, n)) if binary else rng.integers(0, 5, (n, n)) / 4
    h = np.zeros((n, n))
    for u in range(n):
        for v in range(u + 1, n):
            h[u, v], h[v, u] = values[u, v], 1 - values[u, v]
    return h


def within(frequency, probability, trials, z=4.5):
    return abs(frequency - probability) <= z * math.sqrt(probability * (1 - probability) / trials) + 1e-12


CYCLE = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]  # 0 → 1 → 2 → 0


# --- the exact expectations -------------------------------------------------------------


class TestExpectedComparisons:
    @pytest.mark.parametrize("n", range(1, 8))
    def test_formulas_against_every_pivot_sequence(self, n):
        h = transitive(n)
        for k in range(1, n + 1):
            results = outcomes(list(range(n)), k, h)
            assert sum(results.values()) == 1
            assert {order for order, _ in results} == {tuple(range(k))}  # always the k best, in order
            mean = sum(p * calls for (_, calls), p in results.items())
            assert mean == expected_comparisons(n, top=k) == expected_comparisons_recurrence(n, top=k)
            if k == n:
                assert mean == expected_comparisons(n) == 2 * (n + 1) * sum(Fraction(1, i) for i in range(1, n + 1)) - 4 * n

    def test_full_sort_by_its_recurrence_in_fractions(self):
        costs = [Fraction(0), Fraction(0)]
        for s in range(2, 201):
            costs.append(s - 1 + Fraction(2, s) * sum(costs[:s]))
        for n in range(1, 201):
            assert expected_comparisons(n) == costs[n] == expected_comparisons_recurrence(n)

    def test_top_k_by_its_recurrence_in_fractions(self):
        # P(s, t) = s − 1 + (1/s) Σ_j [P(j−1, min(t, j−1)) + 1(j < t) P(s−j, t−j)], summed term by term
        size = 36
        table = {(s, t): Fraction(0) for s in range(2) for t in range(s + 1)}
        for s in range(2, size + 1):
            table[(s, 0)] = Fraction(0)
            for t in range(1, s + 1):
                total = sum(table[(j - 1, min(t, j - 1))] + (table[(s - j, t - j)] if j < t else 0)
                            for j in range(1, s + 1))
                table[(s, t)] = s - 1 + total / s
        for n in range(1, size + 1):
            for k in range(1, n + 1):
                assert expected_comparisons(n, top=k) == table[(n, k)] == expected_comparisons_recurrence(n, top=k)

    @pytest.mark.parametrize(("n", "k"), [(300, 7), (500, 250), (1000, 1), (1000, 999), (2000, 3)])
    def test_closed_form_and_recurrence_at_larger_sizes(self, n, k):
        assert expected_comparisons(n, top=k) == expected_comparisons_recurrence(n, top=k)

    def test_hand_values(self):
        # n = 3: the middle item as pivot (1/3) costs 2, an end item 2 + 1: 2/3·3 + 1/3·2 = 8/3
        assert expected_comparisons(3) == Fraction(8, 3)
        # selecting the maximum: 2n − 2H_n
        assert expected_comparisons(10, top=1) == 20 - 2 * sum(Fraction(1, i) for i in range(1, 11))
        assert expected_comparisons(2) == 1 and expected_comparisons(1) == 0

    @pytest.mark.parametrize(("n", "k"), [(1, None), (2, 1), (10, 3), (999, None), (1001, 500), (1001, 2),
                                          (5000, 4999), (20000, 17), (20000, None), (50000, 1)])
    def test_float_agrees_with_the_exact_value(self, n, k):
        exact = expected_comparisons(n, top=k)
        assert expected_comparisons_float(n, top=k) == pytest.approx(float(exact), rel=1e-14, abs=1e-12)

    def test_float_at_huge_sizes(self):
        n = 10**15
        value = expected_comparisons_float(n)
        assert value == pytest.approx(2 * (n + 1) * (math.log(n) + 0.5772156649015329) - 4 * n, rel=1e-15)
        # fixed k: 2n + 2(k − 2)(ln n + γ) − 4k + 4 + o(1)
        fixed = expected_comparisons_float(n, top=100) - 2 * n
        assert fixed == pytest.approx(2 * 98 * (math.log(n) + 0.5772156649015329) - 400 + 4, abs=0.1)

    def test_checks(self):
        with pytest.raises(ValueError, match=r"^`n` must be an integer ≥ 1, but got 0\.$"):
            expected_comparisons(0)
        with pytest.raises(ValueError, match=r"^`top` must be an integer from 1 to 5, but got 6\.$"):
            expected_comparisons(5, top=6)
        with pytest.raises(ValueError, match=r"^`n` must be at most 50,000 for the exact value "
                                             r"\(expected_comparisons_float takes any n\), but got 1000000\.$"):
            expected_comparisons(10**6)
        with pytest.raises(ValueError, match=r"^`top` must be at most 222 for n = 3,000"):
            expected_comparisons_recurrence(3000, top=1000)


# --- QuickSort against the enumeration ------------------------------------------------


class TestAgainstEnumeration:
    @pytest.mark.parametrize(("name", "h", "top"), [
        ("transitive, n = 5", transitive(5), None),
        ("transitive, n = 6, top 2", transitive(6), 2),
        ("3-cycle", CYCLE, None),
        ("fractional, n = 3", [[0, 0.25, 0.5], [0.75, 0, 1], [0.5, 0, 0]], None),
        ("fractional, n = 4, top 2", [[0, 0.5, 0.25, 1], [0.5, 0, 0.75, 0.5], [0.75, 0.25, 0, 0], [0, 0.5, 1, 0]], 2),
    ])
    def test_orders_and_calls_have_the_exact_distribution(self, name, h, top):
        n = len(h)
        exact = outcomes(list(range(n)), top or n, fraction_matrix(h))
        trials = 6000
        runs = quicksort_runs(Preference.from_matrix(np.array(h, dtype=float)), range(trials), top=top)
        seen = defaultdict(int)
        for order, calls in zip(map(tuple, runs.orders.tolist()), runs.calls.tolist()):
            seen[(order, calls)] += 1
        assert set(seen) <= set(exact), name
        for outcome, probability in exact.items():
            assert within(seen[outcome] / trials, float(probability), trials), (name, outcome)

    @pytest.mark.parametrize("seed", range(12))
    def test_theorems_1_and_2_by_enumeration(self, seed):
        # Thm 2 (bipartite): E[misordered mixed pairs] ≤ Σ_{positive p, negative q} h(q, p);
        # Thm 1 (Kemeny weights): E[pairs inverted w.r.t. σ] ≤ 2·Σ_{σ(u) < σ(v)} h(v, u)
        rng = np.random.default_rng(seed)
        n = 5 if seed % 2 else 6
        h = fraction_matrix(random_preference(rng, n, binary=not seed % 2))
        labels = rng.integers(0, 2, n)
        sigma = rng.permutation(n).tolist()
        rank = {item: i for i, item in enumerate(sigma)}
        expected_mistakes = expected_inversions = Fraction(0)
        for (order, _), p in outcomes(list(range(n)), n, h).items():
            place = {item: i for i, item in enumerate(order)}
            expected_mistakes += p * sum(place[q] < place[r] for q in range(n) for r in range(n)
                                         if not labels[q] and labels[r])
            expected_inversions += p * sum(place[v] < place[u] for u in range(n) for v in range(n) if rank[u] < rank[v])
        h_mistakes = sum(h[q][r] for q in range(n) for r in range(n) if not labels[q] and labels[r])
        h_inversions = sum(h[v][u] for u in range(n) for v in range(n) if rank[u] < rank[v])
        assert expected_mistakes <= h_mistakes
        assert expected_inversions <= 2 * h_inversions


# --- QuickSort itself -------------------------------------------------------------------


distinct_scores = st.lists(st.floats(-1e6, 1e6, allow_nan=False), min_size=2, max_size=200, unique=True)


class TestQuickSort:
    @given(distinct_scores, st.integers(0, 2**63), st.data())
    def test_transitive_h_without_ties_gives_the_sort(self, scores, seed, data):
        expected = np.argsort(-np.array(scores), kind="stable")
        h = Preference.from_scores(scores)
        assert quicksort_ranking(h, seed=seed).order.tolist() == expected.tolist()
        k = data.draw(st.integers(1, len(scores)))
        top = quicksort_ranking(h, seed=seed, top=k)
        assert top.order.tolist() == expected[:k].tolist() and top.top == k

    @given(st.lists(st.integers(0, 5), min_size=2, max_size=60), st.integers(0, 2**32))
    def test_ties_half_sort_the_scores(self, scores, seed):
        order = quicksort_ranking(Preference.from_scores(scores), seed=seed).order
        assert sorted(order.tolist()) == list(range(len(scores)))
        assert np.all(np.diff(np.array(scores)[order]) <= 0)

    def test_two_tied_items_come_in_either_order_half_the_time(self):
        runs = quicksort_runs(Preference.from_scores([1.0, 1.0]), range(4000))
        first = np.count_nonzero(runs.orders[:, 0] == 0) / 4000
        assert within(first, 0.5, 4000)
        assert set(runs.calls.tolist()) == {1}

    def test_the_three_kinds_give_the_same_ranking(self):
        rng = np.random.default_rng(3)
        scores = rng.permutation(50)
        table = Preference.from_scores(scores).matrix()
        kinds = [Preference.from_scores(scores), Preference.from_matrix(table),
                 Preference.from_function(lambda u, v: table[u, v], 50),
                 Preference.from_function(lambda u, v: table[u, v], 50, binary=True)]
        results = [quicksort_ranking(h, seed=5) for h in kinds]
        assert all(r.order.tolist() == results[0].order.tolist() == np.argsort(-scores).tolist() for r in results)
        assert len({r.calls for r in results}) == 1

    @given(st.integers(2, 9), st.integers(0, 2**32), st.booleans(), st.data())
    def test_rankings_and_call_counts_for_any_preference(self, n, seed, binary, data):
        h = random_preference(np.random.default_rng(seed), n, binary=binary)
        asked = []

        def counted(u, v):
            assert not np.any(u == v)
            asked.extend(zip(u.tolist(), v.tolist()))
            return h[u, v]

        full = quicksort_ranking(Preference.from_function(counted, n), seed=seed)
        assert sorted(full.order.tolist()) == list(range(n))
        assert full.calls == len(asked) <= n * (n - 1) // 2
        assert len({frozenset(pair) for pair in asked}) == len(asked)  # no pair compared twice
        same = quicksort_ranking(Preference.from_matrix(h), seed=seed)
        assert same.order.tolist() == full.order.tolist() and same.calls == full.calls
        k = data.draw(st.integers(1, n))
        asked.clear()
        top = quicksort_ranking(Preference.from_function(counted, n), seed=seed, top=k)
        assert top.order.tolist() == full.order.tolist()[:k]
        assert top.calls == len(asked) <= full.calls
        runs = quicksort_runs(Preference.from_matrix(h), [seed, seed + 1], top=k)
        assert runs.orders[0].tolist() == top.order.tolist() and runs.calls[0] == top.calls

    def test_mean_calls_over_2000_seeds_at_n_1000(self):
        n, seeds = 1000, 2000
        scores = np.random.default_rng(0).random(n)
        h = Preference.from_scores(scores)
        runs = quicksort_runs(h, range(seeds))
        assert np.all(runs.orders == np.argsort(-scores))
        exact = float(expected_comparisons(n))  # 2(n+1)H_n − 4n = 10985.91…
        error = runs.calls.std(ddof=1) / math.sqrt(seeds)
        assert abs(runs.mean_calls - exact) < 3 * error
        for seed in (0, 1234, 1999):
            assert quicksort_ranking(h, seed=seed).calls == runs.calls[seed]

    @pytest.mark.parametrize("k", [1, 10, 100])
    def test_top_k_mean_calls(self, k):
        n, seeds = 1000, 2000
        scores = np.random.default_rng(k).random(n)
        runs = quicksort_runs(Preference.from_scores(scores), range(seeds), top=k)
        assert np.all(runs.orders == np.argsort(-scores)[:k])
        exact = float(expected_comparisons(n, top=k))
        error = runs.calls.std(ddof=1) / math.sqrt(seeds)
        assert abs(runs.mean_calls - exact) < 3.5 * error
        assert abs(runs.mean_calls - exact) < 0.05 * exact

    def test_large_top_k_is_cheap_and_exact(self):
        scores = np.random.default_rng(1).random(200_000)
        result = quicksort_ranking(Preference.from_scores(scores), seed=0, top=50)
        assert result.order.tolist() == np.argsort(-scores)[:50].tolist()
        assert result.calls < 3 * expected_comparisons_float(200_000, top=50)

    @pytest.mark.parametrize(("kwargs", "error", "message"), [
        (dict(top=0), ValueError, r"^`top` must be an integer from 1 to 3, but got 0\.$"),
        (dict(top=4), ValueError, r"^`top` must be an integer from 1 to 3, but got 4\.$"),
        (dict(seed=-1), ValueError, r"^`seed` must be an integer ≥ 0, but got -1\.$"),
        (dict(seed="a"), TypeError, r"^`seed` must be an integer, but got 'a'\.$"),
    ])
    def test_checks(self, kwargs, error, message):
        with pytest.raises(error, match=message):
            quicksort_ranking(Preference.from_scores([1, 2, 3]), **kwargs)

    def test_runs_checks(self):
        h = Preference.from_scores([1, 2, 3])
        with pytest.raises(ValueError, match=r"^`seeds` must hold at least one seed, but got an empty sequence\.$"):
            quicksort_runs(h, [])
        with pytest.raises(TypeError, match=r"^`seeds` must be a sequence of integer seeds, but got None\.$"):
            quicksort_runs(h, [1, None])
        with pytest.raises(TypeError, match=r"^`seeds` must be a sequence of integer seeds, but got 5\.$"):
            quicksort_runs(h, 5)
        with pytest.raises(ValueError, match=r"^`seeds` must be an integer ≥ 0, but got -2\.$"):
            quicksort_runs(h, [1, -2])
        with pytest.raises(ValueError, match=r"^`seeds` must be an integer ≥ 0, but got 1.5\.$"):  # as seed=1.5
            quicksort_runs(h, [1, 1.5])
        runs = quicksort_runs(h, [2.0])  # as seed=2.0
        assert runs.seeds == (2,) and runs.orders.tolist() == [quicksort_ranking(h, seed=2).order.tolist()]
        with pytest.raises(ValueError, match=r"^`seeds` must hold at most 50 seeds for n = 1,000,000 "
                                             r"\(runs × n ≤ 50,000,000\), but got 51 seeds\.$"):
            quicksort_runs(Preference.from_scores(np.zeros(10**6)), range(51))
        with pytest.raises(TypeError, match=r"^`preference` must be a Preference"):
            quicksort_ranking([[0, 1], [0, 0]])

    def test_results(self):
        h = Preference.from_scores([0.3, 0.9, 0.1])
        result = quicksort_ranking(h, seed=2)
        assert isinstance(result, QuickSortRanking)
        assert result.position.tolist() == [1, 0, 2]
        data = result.as_dict()
        assert data["order"] == [1, 0, 2] and data["seed"] == 2 and data["top"] is None and data["n"] == 3
        assert data["source"] == "Ailon & Mohri 2008, §3.1"
        with pytest.raises(ValueError, match="top-k"):
            quicksort_ranking(h, seed=2, top=1).position
        runs = quicksort_runs(h, [4, 5])
        assert isinstance(runs, QuickSortRuns) and runs.seeds == (4, 5)
        assert runs.as_dict()["mean_calls"] == runs.calls.mean()
        assert quicksort_ranking(h).seed is None
