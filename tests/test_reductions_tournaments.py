"""Tournaments: minimum feedback arc sets, Balcan et al. (2007) Thm 2, Thm 4, Examples 1–2; Ailon & Mohri (2008) Thm 7.

Every count is checked against loops over the definitions, enumeration of all orderings or
tournaments, closed forms derived by hand, or counts made by hand in the comments.
"""

import dataclasses
import itertools
import json
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from aucbound.reductions import (
    tight_examples,
    Preference,
    all_minimum_feedback_orderings,
    back_edges,
    degree_ranking,
    example1,
    example2,
    example2_tournament,
    exhaustive_check,
    minimum_feedback_arc_set,
    misordered_pairs,
    regular_tournament,
    three_cycle_adversary,
    winner_loser_counts,
)
from aucbound.reductions import _tournaments

CYCLE = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]  # 0 → 1 → 2 → 0


def random_tournament(rng, n):
    upper = np.triu((rng.random((n, n)) < 0.5).astype(int), 1)
    return upper + np.triu(1 - upper, 1).T


def brute_back_edges(h, order):
    """Edges u → v (h[u][v] = 1) with v placed before u."""
    place = {int(u): i for i, u in enumerate(order)}
    n = len(order)
    return sum(1 for u in range(n) for w in range(n) if u != w and h[u][w] == 1 and place[w] < place[u])


def brute_optimal_orderings(h):
    n = len(h)
    costs = {order: brute_back_edges(h, order) for order in itertools.permutations(range(n))}
    best = min(costs.values())
    return best, sorted(order for order, cost in costs.items() if cost == best)


def brute_counts(h, winners):
    """(g, f, degrees) from the definitions of Thm 2, by loops."""
    n = len(h)
    degree = [sum(h[u][w] for w in range(n) if w != u) for u in range(n)]
    win = [u for u in range(n) if winners[u]]
    lose = [u for u in range(n) if not winners[u]]
    f = sum(1 for ell in lose for w in win if h[ell][w] == 1)
    g = sum(1 for ell in lose for w in win if degree[ell] >= degree[w])
    return g, f


def brute_misordered(order, winners):
    place = {int(u): i for i, u in enumerate(order)}
    n = len(winners)
    return sum(1 for ell in range(n) for w in range(n) if not winners[ell] and winners[w] and place[ell] < place[w])


seeds = st.integers(0, 2**32 - 1)


class TestFeedbackArcSet:
    def test_back_edges_by_hand(self):
        assert back_edges(CYCLE, [0, 1, 2]) == 1  # 2 → 0 points up
        assert back_edges(CYCLE, [2, 1, 0]) == 2  # 0 → 1 and 1 → 2 point up
        transitive = np.triu(np.ones((4, 4), dtype=int), 1)
        assert back_edges(transitive, [0, 1, 2, 3]) == 0 and back_edges(transitive, [3, 2, 1, 0]) == 6

    @pytest.mark.parametrize("n", range(2, 8))
    def test_minimum_equals_brute_force_over_all_orderings(self, n):
        rng = np.random.default_rng(100 + n)
        for _ in range(6 if n < 7 else 3):
            h = random_tournament(rng, n)
            best, optimal = brute_optimal_orderings(h.tolist())
            order, count = minimum_feedback_arc_set(h)
            assert count == best
            assert brute_back_edges(h.tolist(), order) == best and back_edges(h, order) == best
            listed = all_minimum_feedback_orderings(h)
            assert [tuple(row) for row in listed.tolist()] == optimal

    def test_the_three_cycle_has_three_optimal_orderings(self):
        # each rotation of the cycle puts exactly one edge up
        assert all_minimum_feedback_orderings(CYCLE).tolist() == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]

    def test_twenty_vertices_with_a_certified_minimum(self):
        # six disjoint 3-cycles inside a transitive order of blocks, vertices shuffled: every
        # 3-cycle needs a back edge of its own, and the block-by-block order has exactly six
        rng = np.random.default_rng(7)
        n = 20
        block = np.minimum(np.arange(n) // 3, 6)
        h = (block[:, None] < block[None, :]).astype(int)
        for b in range(6):
            a, c, d = 3 * b, 3 * b + 1, 3 * b + 2
            h[a, c] = h[c, d] = h[d, a] = 1
        h[18, 19] = 1
        shuffle = rng.permutation(n)
        h = h[np.ix_(shuffle, shuffle)]
        assert np.array_equal(h + h.T, 1 - np.eye(n, dtype=int))
        order, count = minimum_feedback_arc_set(h)
        assert count == 6 == brute_back_edges(h.tolist(), order)

    def test_a_transitive_tournament_is_sorted(self):
        rng = np.random.default_rng(2)
        ranking = rng.permutation(15)
        place = np.argsort(ranking)
        h = (place[:, None] < place[None, :]).astype(int)
        order, count = minimum_feedback_arc_set(h)
        assert count == 0 and order.tolist() == ranking.tolist()

    @pytest.mark.parametrize(("call", "message"), [
        (lambda: minimum_feedback_arc_set(np.zeros((21, 21))), "`h` must have side at most 20"),
        (lambda: all_minimum_feedback_orderings(np.zeros((9, 9))), "`h` must have side at most 8"),
        (lambda: minimum_feedback_arc_set([[0, 0.5], [0.5, 0]]), "`h` must have entries 0 or 1 off the diagonal"),
        (lambda: back_edges(CYCLE, [0, 1]), "`order` must be a permutation of 0..2"),
    ])
    def test_errors(self, call, message):
        with pytest.raises(ValueError) as error:
            call()
        assert str(error.value).startswith(message)


class TestCounts:
    def test_three_cycle_by_hand(self):
        # winner 0, losers 1, 2: only 2 → 0 is a mistake (f = 1); all degrees are 1, so g = 2
        assert winner_loser_counts(CYCLE, [1, 0, 0]) == (2, 1)
        # winners 0, 1, loser 2: 2 beats 0 only (f = 1); g = 2
        assert winner_loser_counts(CYCLE, [1, 1, 0]) == (2, 1)
        assert winner_loser_counts(CYCLE, [0, 0, 0]) == (0, 0)
        assert winner_loser_counts(np.array(CYCLE, dtype=bool), np.array([True, False, False])) == (2, 1)

    @given(st.integers(2, 10), seeds)
    def test_counts_are_the_definitions_and_theorem_2_holds(self, n, seed):
        rng = np.random.default_rng(seed)
        h = random_tournament(rng, n)
        winners = (rng.random(n) < 0.5).astype(int)
        g, f = winner_loser_counts(h, winners)
        assert (g, f) == brute_counts(h.tolist(), winners.tolist())
        assert g <= 2 * f
        # f = Σ_ℓ deg(ℓ) − C(|L|, 2) (the identity of §3)
        losers = winners == 0
        assert f == h[losers].sum() - math.comb(int(losers.sum()), 2)

    @given(st.integers(2, 10), seeds)
    def test_g_is_the_mistakes_of_degree_order_with_ties_broken_against_us(self, n, seed):
        rng = np.random.default_rng(seed)
        h = random_tournament(rng, n)
        winners = (rng.random(n) < 0.5).astype(int)
        degree = h.sum(axis=1)
        # descending degree; among equal degrees losers first
        order = sorted(range(n), key=lambda u: (-degree[u], winners[u]))
        assert winner_loser_counts(h, winners)[0] == misordered_pairs(order, winners)

    @given(st.integers(2, 10), seeds)
    def test_misordered_pairs(self, n, seed):
        rng = np.random.default_rng(seed)
        order, winners = rng.permutation(n), (rng.random(n) < 0.5).astype(int)
        assert misordered_pairs(order, winners) == brute_misordered(order, winners.tolist())

    def test_errors(self):
        with pytest.raises(ValueError, match=r"^`winners` must have one label per item \(3\), but got 2 labels\.$"):
            winner_loser_counts(CYCLE, [1, 0])
        with pytest.raises(ValueError, match=r"^`h` must have entries 0 or 1"):
            winner_loser_counts([[0, 0.3], [0.7, 0]], [1, 0])


# --- every tournament --------------------------------------------------------------------


def brute_exhaustive(n, feedback):
    """The statistics of exhaustive_check by plain loops over tournaments, partitions and orderings."""
    edges = list(itertools.combinations(range(n), 2))
    stats = dict(pairs=0, violations=0, ratio=Fraction(0), tight=0, f_zero=0,
                 orderings=0, fpairs=0, fviolations=0, fratio=Fraction(0), ftight=0)
    for bits in itertools.product((0, 1), repeat=len(edges)):
        h = [[0] * n for _ in range(n)]
        for bit, (u, w) in zip(bits, edges):
            h[u][w], h[w][u] = bit, 1 - bit
        optimal = brute_optimal_orderings(h)[1] if feedback else []
        stats["orderings"] += len(optimal)
        for winners in itertools.product((0, 1), repeat=n):
            if not 0 < sum(winners) < n:
                continue
            g, f = brute_counts(h, winners)
            stats["pairs"] += 1
            stats["violations"] += g > 2 * f
            stats["f_zero"] += f == 0
            if f:
                stats["ratio"] = max(stats["ratio"], Fraction(g, 2 * f))
                stats["tight"] += g == 2 * f
            for order in optimal:
                gp = brute_misordered(order, winners)
                stats["fpairs"] += 1
                stats["fviolations"] += gp > 2 * f
                if f:
                    stats["fratio"] = max(stats["fratio"], Fraction(gp, 2 * f))
                    stats["ftight"] += gp == 2 * f
    return stats


class TestExhaustive:
    @pytest.mark.parametrize("n", [2, 3, 4])
    def test_equals_the_loops(self, n):
        check = exhaustive_check(n, feedback=True)
        brute = brute_exhaustive(n, feedback=True)
        assert check.pairs == brute["pairs"] and check.violations == brute["violations"] == 0
        assert check.max_ratio == float(brute["ratio"]) and check.tight == brute["tight"]
        assert check.f_zero == brute["f_zero"]
        assert check.feedback_orderings == brute["orderings"] and check.feedback_pairs == brute["fpairs"]
        assert check.feedback_violations == brute["fviolations"] == 0
        assert check.feedback_max_ratio == float(brute["fratio"]) and check.feedback_tight == brute["ftight"]

    @pytest.mark.parametrize("n", range(2, 7))
    def test_closed_form_sizes(self, n):
        check = exhaustive_check(n)
        assert check.tournaments == 2 ** math.comb(n, 2)
        assert check.partitions == 2**n - 2 and check.pairs == check.tournaments * check.partitions
        # f = 0 exactly when every winner beats every loser: the orientations inside W and L are free
        assert check.f_zero == sum(math.comb(n, k) * 2 ** (math.comb(k, 2) + math.comb(n - k, 2)) for k in range(1, n))

    def test_degrees_of_the_stack_are_degrees_wins(self):
        stack = _tournaments._all_tournaments(4)
        degrees = _tournaments._degrees(stack)
        assert degrees.shape == (64, 4) and degrees.dtype == np.int64
        for h, degree in zip(stack, degrees):
            assert degree_ranking(Preference.from_matrix(h)).wins.tolist() == degree.tolist()

    def test_n_3_by_hand(self):
        # 2 cyclic tournaments: every degree is 1, so g = |W||L| = 2 and f = 1 for all 6 partitions (tight);
        # 6 transitive ones: degree order = beating order, so g = f, tight only at f = 0 (not counted)
        check = exhaustive_check(3)
        assert (check.tournaments, check.pairs, check.tight, check.max_ratio, check.violations) == (8, 48, 12, 1.0, 0)

    def test_six_vertices_with_feedback(self):
        check = exhaustive_check(6, feedback=True)
        assert check.holds and check.violations == 0 and check.feedback_violations == 0
        assert check.pairs == 32768 * 62
        assert check.max_ratio == 1.0 and check.feedback_max_ratio == 1.0  # both bounds are attained
        assert check.tight > 0 and check.feedback_tight > 0
        assert check.as_dict()["holds"] is True

    def test_errors(self):
        with pytest.raises(ValueError, match=r"^`n` must be an integer from 2 to 6, but got 7\.$"):
            exhaustive_check(7)
        with pytest.raises(TypeError, match="`feedback` must be True or False"):
            exhaustive_check(3, feedback="yes")


def test_yes_no_options_are_checked_alike():
    for name, call in (("binary", lambda: Preference.from_function(lambda u, v: u, 3, binary=1)),
                       ("feedback", lambda: exhaustive_check(3, feedback=1)),
                       ("as_printed", lambda: example2("1/3", as_printed=1)),
                       ("as_printed", lambda: example2_tournament("1/3", as_printed=1))):
        with pytest.raises(TypeError) as raised:
            call()
        assert str(raised.value) == f"`{name}` must be True or False, but got 1."


# --- Example 1 --------------------------------------------------------------------------


class TestExample1:
    @pytest.mark.parametrize("n", range(3, 102, 2))
    def test_f_and_g_for_every_odd_n(self, n):
        example = example1(n)
        assert example.f == (n + 1) * (n - 1) // 8 == example.paper_f
        assert example.g == 2 * example.f and example.tight
        assert example.degree == (n - 1) // 2 and example.winners + example.losers == n

    @pytest.mark.parametrize("n", [3, 5, 7, 9])
    def test_regular_tournament_and_its_counts_by_loops(self, n):
        h = regular_tournament(n)
        assert np.array_equal(h + h.T, 1 - np.eye(n, dtype=int))
        assert set(h.sum(axis=1).tolist()) == {(n - 1) // 2}
        winners = [1] * ((n - 1) // 2) + [0] * ((n + 1) // 2)
        example = example1(n)
        assert brute_counts(h.tolist(), winners) == (example.g, example.f)
        # any other (n−1)/2 winners give the same counts
        rng = np.random.default_rng(n)
        assert brute_counts(h.tolist(), rng.permutation(winners).tolist()) == (example.g, example.f)

    def test_errors(self):
        with pytest.raises(ValueError, match=r"^`n` must be an odd integer ≥ 3, but got 4\.$"):
            regular_tournament(4)
        with pytest.raises(ValueError, match=r"^`n` must be an integer from 3 to 3000, but got 1\.$"):
            example1(1)


# --- Example 2 --------------------------------------------------------------------------


def counted(h, component):
    """f, g′ and back edges of the ordering {V3, V1, V2}, by loops over the matrix."""
    n = len(component)
    winners = [int(c != 3) for c in component]
    f = sum(1 for ell in range(n) for w in range(n) if not winners[ell] and winners[w] and h[ell][w])
    order = [u for c in (3, 1, 2) for u in range(n) if component[u] == c]
    return f, brute_misordered(order, winners), brute_back_edges(h, order)


class TestExample2:
    @pytest.mark.parametrize(("epsilon", "n"), [("1/2", 1), (Fraction(1, 3), 2), (0.5, 2), ("1/5", 2)])
    def test_counts_match_the_paper(self, epsilon, n):
        eps = Fraction(epsilon).limit_denominator(100) if isinstance(epsilon, float) else Fraction(epsilon)
        delta = eps / (1 - eps)
        example = example2(epsilon, n=n)
        assert example.n == n and example.sizes == (delta * n * n, 2 * n * n, n)
        h, component = example2_tournament(epsilon, n=n)
        f, misordered, back = counted(h.tolist(), component.tolist())
        assert f == example.f == (1 + delta) * n**3
        assert misordered == example.misordered == (2 + delta) * n**3
        assert back == example.back_edges == n**3 == example.disjoint_three_cycles
        assert example.ratio == Fraction(misordered, f) == 2 - eps  # g′ = (2 − ε) f
        assert example.certified_optimal
        if example.vertices <= 20:  # the exact minimum over all orderings agrees
            assert example.minimum_back_edges == n**3

    def test_smallest_sizes(self):
        # ε = 1/2: δ = 1, n = 1 (4 vertices); ε = 1/3: δ = 1/2 needs n even, n = 2 (12 vertices)
        assert example2("1/2").n == 1 and example2("1/2").vertices == 4
        assert example2("1/3").n == 2 and example2("1/3").vertices == 12
        for eps in [Fraction(1, 8), Fraction(2, 11), Fraction(1, 10), Fraction(9, 10), Fraction(1, 19)]:
            delta = eps / (1 - eps)
            smallest = next(n for n in itertools.count(1) if (delta * n * n).denominator == 1)
            assert _tournaments._smallest_n(delta) == smallest

    def test_the_printed_orientation_breaks_the_proof_not_the_counts(self):
        # as printed (odd blocks beat V3): V2 ∪ V3 admits the ordering B_1, V3, B_2, …, B_2n
        # with only (n − 1)n² back edges, so it cannot hold n³ edge-disjoint 3-cycles
        n = 2
        h, component = example2_tournament("1/3", n=n, as_printed=True)
        sub = [u for u in range(len(component)) if component[u] != 1]
        blocks = [u for u in sub if component[u] == 2]
        v3 = [u for u in sub if component[u] == 3]
        order = blocks[:n] + v3 + blocks[n:]
        local = h[np.ix_(sub, sub)]
        index = {u: i for i, u in enumerate(sub)}
        assert brute_back_edges(local.tolist(), [index[u] for u in order]) == (n - 1) * n * n < n**3
        assert minimum_feedback_arc_set(local)[1] == (n - 1) * n * n
        # corrected (default): V2 ∪ V3 needs n³ back edges
        h, component = example2_tournament("1/3", n=n)
        local = h[np.ix_(sub, sub)]
        assert minimum_feedback_arc_set(local)[1] == n**3
        # the example's conclusions hold for the printed orientation too (3-cycles through V1 make up the rest)
        printed = example2("1/3", as_printed=True)
        f, misordered, back = counted(*[x.tolist() for x in example2_tournament("1/3", as_printed=True)])
        assert (printed.f, printed.misordered, printed.back_edges) == (f, misordered, back) == (12, 20, 8)
        assert printed.disjoint_three_cycles == 8 == printed.minimum_back_edges

    def test_as_dict_is_plain(self):
        data = example2("1/3").as_dict()
        assert data["epsilon"] == "1/3" and data["ratio"] == "5/3" and data["sizes"] == [2, 8, 2]

    @pytest.mark.parametrize(("call", "message"), [
        (lambda: example2("1/3", n=3), "`n` must make δ·n² an integer (δ = 1/2: a multiple of 2), but got 3."),
        (lambda: example2(1.5), "`epsilon` must be a number in (0, 1)"),
        # δ = 1/999 = 1/(3³·37): n = 3²·37 = 333, and 111 + 221,778 + 333 vertices
        (lambda: example2("1/1000"), "`epsilon` must give at most 3,000 vertices (δn² + 2n² + n), but got 222,222 vertices "
                                     "(ε = 1/1000, n = 333)."),
        (lambda: example2("1/2", n=100), "`n` must give at most 3,000 vertices (δn² + 2n² + n), but got 30,100 "
                                         "vertices (ε = 1/2, n = 100)."),
        # a prime denominator near 10^18: refused at once (n² ≥ the denominator), never factored
        (lambda: example2("11/1000000000000000000"), "`epsilon` must give at most 3,000 vertices (δn² + 2n² + n, "
                                                     "with δn² an integer: n² a multiple of δ's denominator), but got "
                                                     "δ = ε/(1 − ε) = 11/999999999999999989"),
    ])
    def test_errors(self, call, message):
        with pytest.raises(ValueError) as error:
            call()
        assert str(error.value).startswith(message)


# --- Thm 7 of Ailon & Mohri ---------------------------------------------------------------


class TestThreeCycleAdversary:
    @pytest.mark.parametrize("output", list(itertools.permutations(range(3))))
    def test_every_deterministic_output_pays_twice(self, output):
        seen = []

        def algorithm(h):
            seen.append(np.asarray(h).tolist())
            return list(output)

        result = three_cycle_adversary(algorithm)
        assert seen == [CYCLE]
        labels = result.labels
        positive = labels.index(1)
        assert sum(labels) == 1 and positive == output[-1]
        # hand count with one positive and two negatives: m⁺m⁻ = 2 mixed pairs
        ranking = Fraction(sum(1 for u in range(3) if labels[u] == 0 and output.index(u) < output.index(positive)), 2)
        classification = Fraction(sum(1 for u in range(3) if labels[u] == 0 and CYCLE[u][positive] == 1), 2)
        assert (ranking, classification) == (1, Fraction(1, 2))
        assert result.ranking_regret == 1.0 and result.classification_regret == 0.5 and result.ratio == 2.0

    def test_as_dict_is_plain(self):
        data = three_cycle_adversary(lambda h: [2, 0, 1]).as_dict()
        assert data == {"order": [2, 0, 1], "labels": [0, 1, 0], "ranking_regret": 1.0,
                        "classification_regret": 0.5, "source": "Ailon & Mohri (2008), Thm 7", "ratio": 2.0,
                        "tight": True}
        assert json.loads(json.dumps(data)) == data

    def test_errors(self):
        with pytest.raises(TypeError, match="`algorithm` must be a function"):
            three_cycle_adversary([0, 1, 2])
        with pytest.raises(ValueError, match=r"`algorithm` must return an order of the items 0, 1, 2 \(a permutation\), "
                                             r"but got \[0, 0, 1\]\."):
            three_cycle_adversary(lambda h: [0, 0, 1])


class TestTightExamples:
    """The examples of both papers at once, each row checked against the paper's own numbers."""

    def test_each_example_reaches_its_papers_factor(self):
        examples = tight_examples(range(3, 10), ["1/2", "1/3", "1/4"])
        assert examples.tight
        regular = [(e.n, e.f, e.g) for e in examples.regular]
        # Balcan et al. (2007), Example 1: f = (n+1)(n−1)/8 and g = 2f on odd n
        assert regular == [(n, (n + 1) * (n - 1) // 8, (n + 1) * (n - 1) // 4) for n in (3, 5, 7, 9)]
        # Example 2: g′ = (2 − ε)f exactly
        assert [e.ratio for e in examples.feedback] == [2 - Fraction(1, k) for k in (2, 3, 4)]
        assert all(e.tight for e in examples.feedback)
        # Ailon & Mohri (2008), Thm 7: ranking regret 1 against classification regret ½
        assert (examples.adversary.ranking_regret, examples.adversary.classification_regret) == (1.0, 0.5)
        assert [row["tight"] for row in examples.rows] == [True] * 8

    def test_one_size_and_progress(self):
        seen = []
        examples = tight_examples(5, progress=lambda done, total: seen.append((done, total)))
        assert [e.n for e in examples.regular] == [5] and [str(e.epsilon) for e in examples.feedback] == ["1/2", "1/3"]
        assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]

    def test_an_example_that_misses_its_factor_is_not_tight(self):
        example = example2("1/3")
        assert example.tight and not dataclasses.replace(example, misordered=19, ratio=Fraction(19, 12)).tight

    @pytest.mark.parametrize(("call", "message"), [
        (lambda: tight_examples([2, 4]), "`sizes` must include an odd n ≥ 3 (Example 1 needs one), but got [2, 4]."),
        # Σ of the odd n² from 3 to 2999: 1500·2999·3001/3 − 1² = 4,499,999,499
        (lambda: tight_examples(range(3, 3000)), "`sizes` must make at most 200,000,000 entries Σ n² of regular "
                                                 "tournaments in all, but got 4,499,999,499 for 2,997 sizes from 3 to 2999."),
        (lambda: tight_examples(3, ["1/1000"]), "`epsilons` must give at most 3,000 vertices"),
        (lambda: tight_examples(3, [1.5]), "`epsilons` must be a number in (0, 1)"),
    ])
    def test_errors_name_the_parameter(self, call, message):
        with pytest.raises(ValueError) as caught:
            call()
        assert str(caught.value).startswith(message)
