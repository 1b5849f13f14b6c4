"""QuickSort's exact expected loss (Ailon & Mohri 2008, §3): the dynamic program against every pivot sequence, then Thms 1–2.

The brute force runs QuickSort on every pivot choice and, for a fractional h, every split
(v left of pivot u with probability h(v, u)), in exact fractions, and returns the
distribution of the output orders; it shares nothing with the dynamic program over
sub-arrays. The theorems are then checked on more than 10,000 random instances each.
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
    auc_loss,
    bipartite_ground_truth,
    bipartite_weights,
    check_weights,
    degree_ranking,
    expected_quicksort_loss,
    expected_quicksort_regret,
    generalized_ranking,
    ground_truth_expectation,
    kemeny_weights,
    preference_loss,
    preference_regret,
    quicksort_above,
    ranking_loss,
    top_k_weights,
)
from aucbound.reductions._expectation import _above_batches


def quicksort_distribution(h):
    """{order: probability} of QuickSort's output, every pivot and every split enumerated, in fractions."""
    n = len(h)
    memo = {}

    def run(items):
        if len(items) <= 1:
            return {items: Fraction(1)}
        if items in memo:
            return memo[items]
        out = defaultdict(Fraction)
        for pivot in items:
            others = [x for x in items if x != pivot]
            for sides in itertools.product((True, False), repeat=len(others)):  # True: left of the pivot
                chance = Fraction(1, len(items))
                for x, left in zip(others, sides):
                    chance *= h[x][pivot] if left else 1 - h[x][pivot]
                if not chance:
                    continue
                left_part = tuple(x for x, left in zip(others, sides) if left)
                right_part = tuple(x for x, left in zip(others, sides) if not left)
                for top, p_top in run(left_part).items():
                    for bottom, p_bottom in run(right_part).items():
                        out[top + (pivot,) + bottom] += chance * p_top * p_bottom
        memo[items] = dict(out)
        return memo[items]

    return run(tuple(range(n)))


def fraction_preference(rng, n, kind):
    """A preference function with entries in quarters (exact in floats) or 0/1, as lists of Fractions."""
    h = [[Fraction(0)] * n for _ in range(n)]
    for u, w in itertools.combinations(range(n), 2):
        value = Fraction(int(rng.integers(0, 2))) if kind == "binary" else Fraction(int(rng.integers(0, 5)), 4)
        h[u][w], h[w][u] = value, 1 - value
    return h


def random_preferences(rng, count, n):
    """A stack of preference functions: a third 0/1 tournaments, a third in {0, ¼, ½, ¾, 1}, a third uniform."""
    kind = np.arange(count) % 3
    raw = rng.random((count, n, n))
    raw = np.where(kind[:, None, None] == 0, (raw < 0.5).astype(float),
                   np.where(kind[:, None, None] == 1, np.round(raw * 4) / 4, raw))
    upper = np.triu(raw, 1)
    return upper + np.swapaxes(np.triu(1 - upper, 1), 1, 2)


def random_weights(rng, n):
    """A random non-negative combination of Kemeny, top-k and bipartite weights (P1–P3 hold for each)."""
    a, b, c = rng.random(3) * (rng.random(3) < 0.75)
    if a + b + c == 0:
        a = 1.0
    k, m = int(rng.integers(1, n + 1)), int(rng.integers(1, n))
    return a * kemeny_weights(n) + b * top_k_weights(n, k) + c * bipartite_weights(m, n - m)


class TestAgainstEveryPivotSequence:
    @pytest.mark.parametrize(("n", "kind", "count"), [
        (2, "binary", 2), (2, "quarters", 3), (3, "binary", 8), (3, "quarters", 6), (4, "binary", 6),
        (4, "quarters", 4), (5, "binary", 4), (5, "quarters", 2), (6, "binary", 2), (6, "quarters", 1),
    ])
    def test_pairwise_probabilities_and_expected_loss(self, n, kind, count):
        rng = np.random.default_rng(1000 * n + count)
        for _ in range(count):
            h = fraction_preference(rng, n, kind)
            distribution = quicksort_distribution(h)
            assert sum(distribution.values()) == 1
            brute = np.zeros((n, n))
            for order, chance in distribution.items():
                for i, u in enumerate(order):
                    for w in order[i + 1:]:
                        brute[u, w] += float(chance)
            h_float = np.array(h, dtype=float)
            assert np.allclose(quicksort_above(h_float), brute, rtol=0, atol=1e-13)
            sigma = rng.permutation(n)
            omega = random_weights(rng, n)
            expected = sum(float(chance) * ranking_loss(list(order), sigma, weights=omega)
                           for order, chance in distribution.items())
            assert expected_quicksort_loss(h_float, sigma, weights=omega) == pytest.approx(expected, abs=1e-13)

    def test_three_cycle_by_hand(self):
        # every pivot splits the other two into singletons: the pivot's out-neighbour ends below it,
        # its in-neighbour above; so u above v (u → v) unless w, the third item, is the pivot
        above = quicksort_above([[0, 1, 0], [0, 0, 1], [1, 0, 0]])
        assert np.allclose(above, np.array([[0, 2, 1], [1, 0, 2], [2, 1, 0]]) / 3, rtol=0, atol=1e-15)


class TestProperties:
    @given(st.integers(2, 9), st.integers(0, 2**32 - 1))
    def test_pairs_split_one_way_or_the_other_and_relabelling_commutes(self, n, seed):
        rng = np.random.default_rng(seed)
        h = random_preferences(rng, 3, n)[seed % 3]
        above = quicksort_above(h)
        assert np.allclose(above + above.T, 1 - np.eye(n), rtol=0, atol=1e-12)
        shuffle = rng.permutation(n)
        assert np.allclose(quicksort_above(h[np.ix_(shuffle, shuffle)]), above[np.ix_(shuffle, shuffle)], atol=1e-12)

    @pytest.mark.parametrize("n", [2, 5, 12])
    def test_a_transitive_preference_is_sorted_for_sure(self, n):
        ranking = np.random.default_rng(n).permutation(n)
        place = np.argsort(ranking)
        h = (place[:, None] < place[None, :]).astype(float)
        assert np.allclose(quicksort_above(h), h, rtol=0, atol=1e-12)

    def test_indifference_gives_a_coin_flip(self):
        assert np.allclose(quicksort_above(np.full((7, 7), 0.5)), 0.5 * (1 - np.eye(7)), rtol=0, atol=1e-13)

    def test_two_items_follow_h(self):
        assert np.allclose(quicksort_above([[0, 0.3], [0.7, 0]]), [[0, 0.3], [0.7, 0]], rtol=0, atol=1e-15)

    def test_errors(self):
        with pytest.raises(ValueError, match=r"^`h` must have side at most 12, but got side 13\.$"):
            quicksort_above(np.full((13, 13), 0.5))
        with pytest.raises(ValueError, match=r"^`sigma` must be a permutation of 0..2"):
            expected_quicksort_loss(np.full((3, 3), 0.5), [0, 1])
        with pytest.raises(ValueError, match=r"^`e` must be 3×3"):
            expected_quicksort_regret(np.full((3, 3), 0.5), np.zeros((2, 2)))


# --- the theorems on many random instances -------------------------------------------------

#: instances per size: 10,500 in all for each theorem, n from 2 to 8
SIZES = {2: 500, 3: 1000, 4: 1500, 5: 1500, 6: 2000, 7: 2000, 8: 2000}
TOLERANCE = 1e-12


class TestTheorems:
    def test_theorem_1_general_weights(self):
        """E[L_ω(Q_h, σ)] ≤ 2·L_ω(h, σ) for every ω satisfying P1–P3 (Ailon & Mohri 2008, Thm 1)."""
        rng = np.random.default_rng(2008)
        worst, instances = 0.0, 0
        for n, count in SIZES.items():
            h = random_preferences(rng, count, n)
            above = _above_batches(h)
            for index in range(count):
                sigma = rng.permutation(n)
                omega = check_weights(random_weights(rng, n))
                truth = generalized_ranking(sigma, weights=omega)
                expected = float((above[index] * truth.T).sum()) / math.comb(n, 2)
                bound = 2 * preference_loss(h[index], sigma, weights=omega)
                assert expected <= bound + TOLERANCE, (n, index)
                if bound > 0:
                    worst = max(worst, expected / bound)
                instances += 1
                if index < 3:  # the batched expectation is the public one
                    assert expected == pytest.approx(expected_quicksort_loss(h[index], sigma, weights=omega),
                                                     abs=1e-14)
        assert instances >= 10_000 and worst <= 1 + TOLERANCE

    def test_theorem_2_bipartite_loss(self):
        """E[L(Q_h, σ)] ≤ L(h, σ) for a bipartite σ (Ailon & Mohri 2008, Thm 2, loss part), and Degree's
        AUC loss ≤ 2·L(h, σ) on the same instances (Balcan et al. 2007, Thm 1)."""
        rng = np.random.default_rng(2007)
        worst, degree_worst, instances = 0.0, 0.0, 0
        for n, count in SIZES.items():
            h = random_preferences(rng, count, n)
            above = _above_batches(h)
            for index in range(count):
                labels = np.zeros(n, dtype=int)
                labels[rng.choice(n, int(rng.integers(1, n)), replace=False)] = 1
                sigma, omega = bipartite_ground_truth(labels)
                truth = generalized_ranking(sigma, weights=omega)
                expected = float((above[index] * truth.T).sum()) / math.comb(n, 2)
                bound = preference_loss(h[index], sigma, weights=omega)
                assert expected <= bound + TOLERANCE, (n, index)
                if bound > 0:
                    worst = max(worst, expected / bound)
                # Degree on the same instance, ties broken against the labels: AUC loss ≤ 2·L(h, σ)
                # (Balcan et al. 2007, Thm 1 for a fixed V; with fractional h the wins are Σ_v h[u, v])
                order = degree_ranking(Preference.from_matrix(h[index]), ties="worst", labels=labels).order
                degree_loss = auc_loss(order, labels)
                assert degree_loss <= 2 * bound + TOLERANCE, (n, index)
                if bound > 0:
                    degree_worst = max(degree_worst, degree_loss / (2 * bound))
                instances += 1
        assert instances >= 10_000 and worst <= 1 + TOLERANCE and degree_worst <= 1 + TOLERANCE

    def test_theorem_2_bipartite_regret(self):
        """E[ranking regret of Q_h] ≤ classification regret of h, labels random given V (Thm 2, regret part)."""
        rng = np.random.default_rng(2009)
        for n in range(2, 8):
            for _ in range(250):
                h = random_preferences(rng, 3, n)[int(rng.integers(0, 3))]
                k = int(rng.integers(1, 6))
                labelings = []
                while len(labelings) < k:
                    row = (rng.random(n) < rng.random()).astype(int)
                    if 0 < row.sum() < n:
                        labelings.append(row)
                p = rng.random(k)
                e = ground_truth_expectation(labelings, p / p.sum())
                assert expected_quicksort_regret(h, e) <= preference_regret(h, e) + TOLERANCE

    def test_without_bipartite_weights_the_factor_one_of_theorem_2_fails(self):
        # the 3-cycle 0 → 1 → 2 → 0 against the Kemeny truth σ = (0, 1, 2): h errs only on (2, 0),
        # L(h) = 1/3; QuickSort puts 1 above 0 with probability 1/3, 2 above 0 with 2/3 and 2 above 1
        # with 1/3 (each pair is reversed only when the third item is the pivot): E[L] = (4/3)/3
        cycle = np.array([[0, 1, 0], [0, 0, 1], [1, 0, 0]], dtype=float)
        expected = expected_quicksort_loss(cycle, [0, 1, 2])
        loss = preference_loss(cycle, [0, 1, 2])
        assert loss == pytest.approx(1 / 3) and expected == pytest.approx(4 / 9)
        assert loss < expected <= 2 * loss
