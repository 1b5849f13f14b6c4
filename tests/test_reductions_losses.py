"""Losses and regrets of Ailon & Mohri (2008), §2.5–2.8, and Balcan et al. (2007), §2: against the definitions."""

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab
from aucbound.reductions import (
    auc_loss,
    bipartite_ground_truth,
    bipartite_weights,
    check_weights,
    generalized_ranking,
    ground_truth_expectation,
    kemeny_weights,
    preference_loss,
    preference_regret,
    ranking_loss,
    ranking_regret,
    top_k_weights,
)

# --- brute force from the definitions: loops over pairs, exact fractions ------------------


def position_of(order):
    return {int(item): place for place, item in enumerate(order)}


def brute_ranking_loss(order, sigma, omega):
    """L_ω(π, σ) = C(n,2)^{-1} Σ_{u≠v} π(u,v) σ(v,u) ω(σ(v), σ(u)), term by term."""
    n = len(order)
    pi, truth = position_of(order), position_of(sigma)
    total = Fraction(0)
    for u in range(n):
        for w in range(n):
            if u != w and pi[u] < pi[w] and truth[w] < truth[u]:
                total += Fraction(omega[truth[w]][truth[u]])
    return total / math.comb(n, 2)


def brute_preference_loss(h, sigma, omega):
    n = len(sigma)
    truth = position_of(sigma)
    total = Fraction(0)
    for u in range(n):
        for w in range(n):
            if u != w and truth[w] < truth[u]:
                total += Fraction(h[u][w]) * Fraction(omega[truth[w]][truth[u]])
    return total / math.comb(n, 2)


def brute_auc_loss(order, labels):
    """Balcan et al.'s l(π, S): pairs with a negative ranked above a positive, over (#positives · #negatives)."""
    pi = position_of(order)
    positives = [u for u in range(len(labels)) if labels[u] == 1]
    negatives = [u for u in range(len(labels)) if labels[u] == 0]
    wrong = sum(1 for p in positives for q in negatives if pi[q] < pi[p])
    return Fraction(wrong, len(positives) * len(negatives))


def axiom_broken(omega):
    """The first of P1, P2, P3 that the integer matrix `omega` breaks (None if none), by triple loops."""
    n = len(omega)
    for i in range(n):
        for j in range(n):
            if i != j and omega[i][j] != omega[j][i]:
                return "P1"
    for i, j, k in itertools.permutations(range(n), 3):
        if (i < j < k or i > j > k) and omega[i][j] > omega[i][k]:
            return "P2"
    for i, j, k in itertools.permutations(range(n), 3):
        if omega[i][j] > omega[i][k] + omega[k][j]:
            return "P3"
    return None


def random_preference(rng, n, kind):
    if kind == "binary":
        upper = (rng.random((n, n)) < 0.5).astype(float)
    elif kind == "quarters":
        upper = rng.integers(0, 5, (n, n)) / 4
    else:
        upper = rng.random((n, n))
    upper = np.triu(upper, 1)
    return upper + np.triu(1 - upper, 1).T


def random_weights(rng, n):
    """A non-negative integer combination of Kemeny, top-k and bipartite weights (each satisfies P1–P3)."""
    a, b, c = rng.integers(0, 4, 3)
    k, m = int(rng.integers(1, n + 1)), int(rng.integers(1, n))
    scale = math.comb(n, 2)  # the bipartite weights are C(n,2)/(m(n−m)): times m(n−m)/C(n,2) they are 0/1
    return a * kemeny_weights(n) + b * top_k_weights(n, k) + c * bipartite_weights(m, n - m) * m * (n - m) / scale


seeds = st.integers(0, 2**32 - 1)
sizes = st.integers(2, 7)


class TestWeights:
    def test_kemeny_by_hand(self):
        assert kemeny_weights(2).tolist() == [[0, 1], [1, 0]]

    def test_top_k_by_hand(self):
        # Eq. 1 with 1-based i, j: 1 iff (i ≤ k or j ≤ k) and i ≠ j; here n = 4, k = 2
        expected = [[0, 1, 1, 1], [1, 0, 1, 1], [1, 1, 0, 0], [1, 1, 0, 0]]
        assert top_k_weights(4, 2).tolist() == expected
        assert top_k_weights(5, 5).tolist() == kemeny_weights(5).tolist() == top_k_weights(5, 4).tolist()

    def test_bipartite_by_hand(self):
        # Eq. 2: C(5,2)/(2·3) = 10/6 across the cut after the first two positions
        w = bipartite_weights(2, 3)
        expected = np.array([[0, 0, 1, 1, 1], [0, 0, 1, 1, 1], [1, 1, 0, 0, 0], [1, 1, 0, 0, 0], [1, 1, 0, 0, 0]])
        assert np.array_equal(w, expected * (10 / 6))

    @pytest.mark.parametrize("n", [2, 3, 5, 9, 30])
    def test_the_paper_weights_satisfy_the_axioms(self, n):
        for omega in [kemeny_weights(n)] + [top_k_weights(n, k) for k in range(1, n + 1)] + \
                [bipartite_weights(m, n - m) for m in range(1, n)]:
            if n <= 9:
                assert axiom_broken(omega.tolist()) is None
            assert np.array_equal(check_weights(omega), omega)

    def test_combinations_pass(self):
        rng = np.random.default_rng(3)
        for n in range(2, 12):
            omega = random_weights(rng, n) + 0.1 * bipartite_weights(1, n - 1)
            assert np.array_equal(check_weights(omega), omega)

    @given(st.integers(3, 5), seeds)
    def test_accepts_exactly_what_the_triple_loops_accept(self, n, seed):
        rng = np.random.default_rng(seed)
        upper = np.triu(rng.integers(0, 4, (n, n)), 1)
        omega = upper + upper.T
        if rng.random() < 0.2:  # sometimes not symmetric
            omega[0, 1] += 1
        broken = axiom_broken(omega.tolist())
        if broken is None:
            assert np.array_equal(check_weights(omega), omega)
        else:
            with pytest.raises(ValueError, match=f"`omega` must satisfy {broken} "):
                check_weights(omega)

    def test_messages_name_the_axiom_and_the_positions(self):
        with pytest.raises(ValueError, match=r"P1 .*ω\(0, 1\) = 1.0 ≠ ω\(1, 0\) = 2.0"):
            check_weights([[0, 1], [2, 0]])
        # row 0 decreases to the right: ω(0, 1) = 2 > ω(0, 2) = 1
        with pytest.raises(ValueError, match=r"P2 .*ω\(0, 1\) = 2.0 > ω\(0, 2\) = 1.0 at positions i = 0, j = 1, k = 2"):
            check_weights([[0, 2, 1], [2, 0, 2], [1, 2, 0]])
        # row 2 decreases moving left: ω(2, 1) = 2 > ω(2, 0) = 1
        with pytest.raises(ValueError, match=r"P2 .*i = 2, j = 1, k = 0"):
            check_weights([[0, 1, 1], [1, 0, 2], [1, 2, 0]])
        with pytest.raises(ValueError, match=r"P3 .*ω\(0, 2\) = 3.0 > ω\(0, 1\) \+ ω\(1, 2\) = 2.0"):
            check_weights([[0, 1, 3], [1, 0, 1], [3, 1, 0]])

    def test_the_diagonal_is_ignored(self):
        omega = kemeny_weights(3) + 5 * np.eye(3)
        assert np.array_equal(check_weights(omega), kemeny_weights(3))

    def test_a_few_hundred_positions(self):
        omega = 2 * kemeny_weights(300) + top_k_weights(300, 7) + 3 * bipartite_weights(120, 180)
        assert np.array_equal(check_weights(omega), omega)
        broken = omega.copy()
        broken[5, 250] = broken[250, 5] = 1e6
        with pytest.raises(ValueError, match="P2|P3"):
            check_weights(broken)

    @pytest.mark.parametrize(("call", "message"), [
        (lambda: check_weights([[0, -1], [-1, 0]]), "`omega` must have entries ≥ 0 off the diagonal, but got omega[0, 1] = -1.0."),
        (lambda: check_weights([[0, np.nan], [1, 0]]), "`omega` must have finite entries off the diagonal, but got omega[0, 1] = nan."),
        (lambda: check_weights([[0, 1, 1]]), "`omega` must be a square n×n array with n ≥ 2"),
        (lambda: check_weights(np.zeros((1001, 1001))), "`omega` must have side at most 1,000"),
        (lambda: kemeny_weights(1), "`n` must be an integer from 2 to 3000, but got 1."),
        (lambda: top_k_weights(3, 4), "`k` must be at most `n`, but got 4 (n = 3)."),
        (lambda: top_k_weights(3, 0), "`k` must be an integer ≥ 1, but got 0."),
        (lambda: bipartite_weights(0, 3), "`n_pos` must be an integer from 1 to 3000, but got 0."),
    ])
    def test_errors(self, call, message):
        with pytest.raises(ValueError) as error:
            call()
        assert str(error.value).startswith(message)


class TestLosses:
    @given(sizes, seeds)
    def test_ranking_loss_is_the_sum_over_pairs(self, n, seed):
        rng = np.random.default_rng(seed)
        order, sigma = rng.permutation(n), rng.permutation(n)
        omega = rng.integers(0, 5, (n, n))  # the loss is defined for any weights ≥ 0
        expected = brute_ranking_loss(order, sigma, omega.tolist())
        assert ranking_loss(order, sigma, weights=omega) == pytest.approx(float(expected), abs=1e-14)
        assert ranking_loss(order, sigma) == pytest.approx(float(brute_ranking_loss(order, sigma, np.ones((n, n)))))

    @given(sizes, seeds, st.sampled_from(["binary", "quarters", "real"]))
    def test_preference_loss_is_the_sum_over_pairs(self, n, seed, kind):
        rng = np.random.default_rng(seed)
        h, sigma = random_preference(rng, n, kind), rng.permutation(n)
        omega = random_weights(rng, n)
        expected = brute_preference_loss(h.tolist(), sigma, omega.tolist())
        assert preference_loss(h, sigma, weights=omega) == pytest.approx(float(expected), abs=1e-13)

    @given(sizes, seeds)
    def test_a_ranking_as_a_preference_has_the_same_loss(self, n, seed):
        rng = np.random.default_rng(seed)
        order, sigma, omega = rng.permutation(n), rng.permutation(n), random_weights(rng, n)
        position = np.argsort(order)
        h = (position[:, None] < position[None, :]).astype(float)
        assert preference_loss(h, sigma, weights=omega) == pytest.approx(ranking_loss(order, sigma, weights=omega))

    def test_hand_values(self):
        # Kemeny: reversing 3 items breaks all 3 pairs; one swap breaks 1 of 3
        assert ranking_loss([2, 1, 0], [0, 1, 2]) == 1.0
        assert ranking_loss([1, 0, 2], [0, 1, 2]) == pytest.approx(1 / 3)
        # top-1 of 4 items: below the top everything is tied
        assert ranking_loss([0, 1, 3, 2], [0, 1, 2, 3], weights=top_k_weights(4, 1)) == 0.0
        assert ranking_loss([1, 0, 2, 3], [0, 1, 2, 3], weights=top_k_weights(4, 1)) == pytest.approx(1 / 6)
        assert ranking_loss([3, 2, 1, 0], [0, 1, 2, 3], weights=top_k_weights(4, 1)) == pytest.approx(3 / 6)
        # the 3-cycle 0 → 1 → 2 → 0 against σ = (0, 1, 2): only h(2, 0) disagrees
        assert preference_loss([[0, 1, 0], [0, 0, 1], [1, 0, 0]], [0, 1, 2]) == pytest.approx(1 / 3)
        # h ≡ ½ is charged half of every pair
        assert preference_loss(np.full((4, 4), 0.5), [3, 1, 0, 2]) == pytest.approx(0.5)

    def test_generalized_ranking_by_hand(self):
        # σ = (1, 2, 0): 1 above 2 above 0; weights on positions
        omega = [[0, 2, 3], [2, 0, 5], [3, 5, 0]]
        tau = generalized_ranking([1, 2, 0], weights=omega)
        assert tau.tolist() == [[0, 0, 0], [3, 0, 2], [5, 0, 0]]

    @given(st.integers(2, 9), seeds)
    def test_auc_loss_is_balcans_l_and_the_bipartite_L(self, n, seed):
        rng = np.random.default_rng(seed)
        labels = np.zeros(n, dtype=int)
        labels[rng.choice(n, int(rng.integers(1, n)), replace=False)] = 1
        order = rng.permutation(n)
        expected = brute_auc_loss(order, labels)
        assert auc_loss(order, labels) == pytest.approx(float(expected), abs=1e-15)
        sigma, omega = bipartite_ground_truth(labels)
        assert ranking_loss(order, sigma, weights=omega) == pytest.approx(float(expected), abs=1e-14)
        # and 1 − AUC of the scores n − position, computed by the empirical package
        scores = np.empty(n)
        scores[order] = n - np.arange(n)
        assert auc_loss(order, labels) == pytest.approx(1 - ab.auc(labels, scores), abs=1e-15)

    def test_auc_loss_by_hand(self):
        # positives 0, 1; negatives 2, 3; the order 0, 2, 1, 3 misranks only (1, 2)
        assert auc_loss([0, 2, 1, 3], [1, 1, 0, 0]) == 0.25
        assert auc_loss([3, 2, 1, 0], [1, 1, 0, 0]) == 1.0
        assert auc_loss(np.arange(5), [True, False, True, False, False]) == pytest.approx(1 / 6)  # only 1 above 2

    def test_bipartite_truth_is_the_same_for_any_order_within_the_classes(self):
        labels = [0, 1, 1, 0, 1]
        sigma, omega = bipartite_ground_truth(labels)
        assert sigma.tolist() == [1, 2, 4, 0, 3]
        other = [4, 1, 2, 3, 0]
        assert np.array_equal(generalized_ranking(sigma, weights=omega), generalized_ranking(other, weights=omega))

    @pytest.mark.parametrize(("call", "message"), [
        (lambda: ranking_loss([0, 1, 1], [0, 1, 2]), "`order` must be a permutation of 0..2"),
        (lambda: ranking_loss([0.0, 1.0], [0, 1]), "`order` must be a one-dimensional array of integers"),
        (lambda: ranking_loss([0, 1], [0]), "`sigma` must rank from 2 to 3,000 items, but got 1."),
        (lambda: ranking_loss([0, 1], [0, 1], weights=[[0, -1], [1, 0]]), "`weights` must have entries ≥ 0 off the diagonal, but got weights[0, 1] = -1.0."),
        (lambda: ranking_loss([0, 1], [0, 1], weights=np.ones((3, 3))), "`weights` must be 2×2"),
        (lambda: preference_loss([[0, 1], [1, 0]], [0, 1]), "`h` must satisfy h[u, v] + h[v, u] = 1 off the "
                                                          "diagonal (within 1e-12), but got h[0, 1] = 1.0 and h[1, 0] = 1.0."),
        (lambda: preference_loss([[0, 1.5], [-0.5, 0]], [0, 1]), "`h` must have entries in [0, 1] off the diagonal, but got h[0, 1] = 1.5."),
        (lambda: preference_loss([[0, 1], [0, 0]], [0, 1, 2]), "`sigma` must be a permutation of 0..1"),
        (lambda: auc_loss([0, 1, 2], [1, 1, 1]), "`labels` must have at least one positive (1) and one negative (0), but got 3 positives and 0 negatives."),
        (lambda: auc_loss([0, 1, 2], [1, 2, 0]), "`labels` must contain only 0 (negative) and 1 (positive), but got 2 at index 1."),
        (lambda: auc_loss([0, 1], [1, 0, 0]), "`order` must be a permutation of 0..2"),
    ])
    def test_errors(self, call, message):
        with pytest.raises((ValueError, TypeError)) as error:
            call()
        assert str(error.value).startswith(message)


# --- regrets -------------------------------------------------------------------------------


def random_labelings(rng, n, count):
    rows = []
    while len(rows) < count:
        row = (rng.random(n) < rng.random()).astype(int)
        if 0 < row.sum() < n:
            rows.append(row)
    return np.array(rows)


def brute_expectation(labelings, probabilities):
    n = len(labelings[0])
    e = [[Fraction(0)] * n for _ in range(n)]
    for row, p in zip(labelings, probabilities):
        m = sum(row)
        scale = Fraction(math.comb(n, 2), m * (n - m)) * p
        for u in range(n):
            for w in range(n):
                if row[u] == 1 and row[w] == 0:
                    e[u][w] += scale
    return e


def brute_ranking_minimum(e):
    """min over all n! orders of Σ_{u above v} e[v][u]."""
    n = len(e)
    return min(sum(e[order[j]][order[i]] for i in range(n) for j in range(i + 1, n))
               for order in itertools.permutations(range(n)))


def brute_preference_minimum(e):
    """min over every binary preference function (a linear function's minimum over [0,1]^pairs is at a vertex)."""
    n = len(e)
    upper = list(itertools.combinations(range(n), 2))
    best = None
    for bits in itertools.product((0, 1), repeat=len(upper)):
        value = sum(e[w][u] if bit else e[u][w] for bit, (u, w) in zip(bits, upper))  # bit: u above w
        best = value if best is None else min(best, value)
    return best


class TestRegrets:
    def test_expectation_is_the_average_truth(self):
        rng = np.random.default_rng(11)
        for n in range(2, 7):
            labelings = random_labelings(rng, n, 4)
            p = rng.integers(1, 5, 4)
            probabilities = [Fraction(int(x), int(p.sum())) for x in p]
            e = ground_truth_expectation(labelings, [float(x) for x in probabilities])
            assert np.allclose(e, np.array(brute_expectation(labelings.tolist(), probabilities), dtype=float),
                               rtol=1e-14, atol=0)

    @pytest.mark.parametrize("n", range(2, 7))
    def test_ranking_regret_subtracts_the_exact_minimum_over_all_rankings(self, n):
        rng = np.random.default_rng(n)
        for _ in range(5):
            e = rng.integers(0, 6, (n, n)) * (1 - np.eye(n, dtype=int))  # any e ≥ 0, not only bipartite
            order = rng.permutation(n)
            position = np.argsort(order)
            loss = sum(e[w, u] for u in range(n) for w in range(n) if position[u] < position[w])
            expected = Fraction(int(loss) - brute_ranking_minimum(e.tolist()), math.comb(n, 2))
            assert ranking_regret(order, e) == pytest.approx(float(expected), abs=1e-14)

    @pytest.mark.parametrize("n", range(2, 6))
    def test_preference_regret_subtracts_the_minimum_over_preference_functions(self, n):
        rng = np.random.default_rng(10 + n)
        for kind in ("binary", "quarters", "real"):
            e = rng.integers(0, 6, (n, n)) * (1 - np.eye(n, dtype=int))
            h = random_preference(rng, n, kind)
            loss = sum(h[u, w] * e[w, u] for u in range(n) for w in range(n) if u != w)
            expected = (loss - brute_preference_minimum(e.tolist())) / math.comb(n, 2)
            assert preference_regret(h, e) == pytest.approx(expected, abs=1e-13)

    @given(st.integers(2, 8), seeds)
    def test_with_a_fixed_truth_the_regrets_are_the_losses(self, n, seed):
        rng = np.random.default_rng(seed)
        labels = random_labelings(rng, n, 1)[0]
        sigma, omega = bipartite_ground_truth(labels)
        e = generalized_ranking(sigma, weights=omega)
        order, h = rng.permutation(n), random_preference(rng, n, "real")
        assert ranking_regret(order, e) == pytest.approx(auc_loss(order, labels), abs=1e-13)
        assert preference_regret(h, e) == pytest.approx(preference_loss(h, sigma, weights=omega), abs=1e-13)
        # the same for a general (σ, ω): e = τ*, and both minima are 0
        sigma, omega = rng.permutation(n), random_weights(rng, n)
        e = generalized_ranking(sigma, weights=omega)
        assert ranking_regret(order, e) == pytest.approx(ranking_loss(order, sigma, weights=omega), abs=1e-13)
        assert ranking_regret(sigma, e) == 0.0

    @given(st.integers(3, 7), seeds)
    def test_bipartite_expectations_satisfy_eq_4_and_rank_by_pairs(self, n, seed):
        rng = np.random.default_rng(seed)
        labelings = random_labelings(rng, n, 5)
        p = rng.random(5)
        e = ground_truth_expectation(labelings, p / p.sum())
        for u, w, x in itertools.permutations(range(n), 3):  # Eq. 4 with e for τ*
            assert e[u, w] + e[w, x] + e[x, u] == pytest.approx(e[w, u] + e[x, w] + e[u, x], abs=1e-12)
        # hence the best ranking meets every pairwise minimum: ranking regret = the regret of the order as a preference
        order = rng.permutation(n)
        position = np.argsort(order)
        as_preference = (position[:, None] < position[None, :]).astype(float)
        assert ranking_regret(order, e) == pytest.approx(preference_regret(as_preference, e), abs=1e-12)

    def test_a_non_bipartite_expectation_can_need_more_than_the_pairwise_minimum(self):
        # e from a 3-cycle of Kemeny truths: every ranking pays more than the pairwise minimum
        e = sum(generalized_ranking(s) for s in ([0, 1, 2], [1, 2, 0], [2, 0, 1])) / 3
        order = [0, 1, 2]
        as_preference = np.triu(np.ones((3, 3)), 1)
        # e(0,1) = e(1,2) = e(2,0) = 2/3, the reverse pairs 1/3: the pairwise minimum is 1, but every
        # ranking goes against one majority and pays 4/3
        assert preference_regret(as_preference, e) == pytest.approx((4 / 3 - 1) / 3)
        assert ranking_regret(order, e) == 0.0

    @pytest.mark.parametrize(("call", "message"), [
        (lambda: ranking_regret([0, 1], [[0, -1], [0, 0]]), "`e` must have entries ≥ 0 off the diagonal, but got e[0, 1] = -1.0."),
        (lambda: ranking_regret(np.arange(21), np.zeros((21, 21))), "`e` must have at most 20 items"),
        (lambda: preference_regret([[0, 1], [0, 0]], np.zeros((3, 3))), "`e` must be 2×2"),
        (lambda: ground_truth_expectation([[1, 1, 0], [0, 0, 0]]), "`labelings` must have at least one positive (1) and one negative (0), but got 0 positives and 3 negatives."),
        (lambda: ground_truth_expectation([[1, 0]], [0.5]), "`probabilities` must sum to 1, but got 0.5."),
        (lambda: ground_truth_expectation([[1, 0]], [0.5, 0.5]), "`probabilities` must have one entry per labeling"),
        (lambda: ground_truth_expectation([1, 0]), "`labelings` must be a two-dimensional array"),
    ])
    def test_errors(self, call, message):
        with pytest.raises(ValueError) as error:
            call()
        assert str(error.value).startswith(message)
