"""aucbound.experiments: the regret experiment against values computed another way, and the calls of h.

Independent values: r and Degree's regret by double loops over the pairs of a trial's
instance rebuilt from its seed; a transitive h has no regret at all; the papers' adversarial
instances give their numbers exactly; QuickSort's exact expectation against the mean of
many seeded runs; the theorems' bounds trial by trial.
"""

import itertools
import math

import numpy as np
import pytest

from aucbound.experiments import quicksort_calls, regret_experiment
from aucbound.experiments._regret import _feedback_default, _losses, _scored_instance
from aucbound.reductions import (
    Preference,
    auc_loss,
    bipartite_ground_truth,
    expected_comparisons_float,
    expected_quicksort_loss,
    preference_loss,
    quicksort_runs,
)


def trial_instance(model, n, positives, noise, scale, seed, t):
    """Trial t's (h, labels), drawn as the experiment draws it."""
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(t,)))
    return _scored_instance(model, n, positives, noise, scale, rng)


def brute_r(h, labels):
    """The share of (positive, negative) pairs that h puts negative first, by a double loop."""
    wrong = total = 0
    for p in range(len(labels)):
        for q in range(len(labels)):
            if labels[p] == 1 and labels[q] == 0:
                total += 1
                wrong += h[q][p] == 1
    return wrong / total


def brute_degree_worst(h, labels):
    """Degree with ties against the labels: pairs (positive p, negative q) with wins(q) ≥ wins(p)."""
    n = len(labels)
    wins = [sum(h[u][v] for v in range(n) if v != u) for u in range(n)]
    pairs = [(p, q) for p in range(n) for q in range(n) if labels[p] == 1 and labels[q] == 0]
    return sum(wins[q] >= wins[p] for p, q in pairs) / len(pairs)


@pytest.mark.parametrize(("model", "n", "noise"), [("flip", 7, 0.3), ("close", 9, 0.8), ("flip", 30, 0.15)])
def test_each_trial_against_double_loops(model, n, noise):
    result = regret_experiment(n, model=model, noise=noise, trials=6, seed=3, scale=0.5)
    for t in range(6):
        h, labels = trial_instance(model, n, n // 2, noise, 0.5, 3, t)
        assert labels.sum() == n // 2
        assert set(np.unique(h + h.T + np.eye(n))) == {1.0} and set(np.unique(h)) == {0.0, 1.0}  # a tournament
        assert result.classification[t] == brute_r(h, labels)
        sigma, omega = bipartite_ground_truth(labels)
        assert result.classification[t] == pytest.approx(preference_loss(h, sigma, weights=omega), abs=1e-15)
        assert result.degree_worst[t] == brute_degree_worst(h, labels)
        assert result.degree_random[t] <= result.degree_worst[t]
        if n <= 12:
            assert result.quicksort[t] == expected_quicksort_loss(h, sigma, weights=omega)


def test_labels_are_the_top_scores():
    rng = np.random.default_rng(np.random.SeedSequence(1, spawn_key=(0,)))
    scores = rng.standard_normal(10)
    _, labels = trial_instance("flip", 10, 3, 0.0, 1.0, 1, 0)
    assert sorted(np.flatnonzero(labels)) == sorted(np.argsort(-scores)[:3])


def test_a_transitive_h_has_no_regret():
    for n in (6, 40):
        result = regret_experiment(n, noise=0.0, trials=5, seed=2)
        for key in ("classification", "degree_random", "degree_worst", "quicksort"):
            assert result.row(key).mean == 0.0, key
        assert result.row("degree_worst").worst == result.row("degree_worst").ratio is None
    assert result.row("quicksort_calls").reference == expected_comparisons_float(40)
    result = regret_experiment(10, model="close", noise=0.0, trials=3)
    assert result.row("feedback").mean == 0.0 and result.feedback_trials == 3


def test_close_with_an_infinite_scale_is_flip():
    flip = regret_experiment(20, noise=0.3, trials=4, seed=9, feedback_trials=0)
    close = regret_experiment(20, model="close", noise=0.3, scale=1e300, trials=4, seed=9, feedback_trials=0)
    for key in ("classification", "degree_worst", "quicksort", "quicksort_calls"):
        np.testing.assert_array_equal(getattr(flip, key), getattr(close, key))
    assert close.scale == 1e300 and flip.scale is None and flip.noise == 0.3


def test_close_flips_close_pairs_more():
    first, second = np.triu_indices(300, 1)
    flips_near = flips_far = near = far = 0
    for t in range(4):
        rng = np.random.default_rng(np.random.SeedSequence(5, spawn_key=(t,)))
        h, _ = _scored_instance("close", 300, 150, 1.0, 0.25, rng)
        scores = np.random.default_rng(np.random.SeedSequence(5, spawn_key=(t,))).standard_normal(300)
        gap = np.abs(scores[first] - scores[second])
        wrong = h[first, second] != (scores[first] > scores[second])
        flips_near += wrong[gap < 0.05].sum()
        near += (gap < 0.05).sum()
        flips_far += wrong[gap > 1].sum()
        far += (gap > 1).sum()
    assert flips_near / near == pytest.approx(math.exp(-0.025 / 0.25), abs=0.05)  # about exp(−|Δ|/scale)
    assert flips_far / far < math.exp(-1 / 0.25)


def test_the_three_cycle_of_thm_7():
    result = regret_experiment(model="cycle", trials=4)
    assert (result.n, result.positives, result.quicksort_exact, result.noise) == (3, 1, True, None)
    np.testing.assert_array_equal(result.classification, 0.5)
    np.testing.assert_array_equal(result.degree_worst, 1.0)  # 2r: what Thm 7 forces on a deterministic algorithm
    np.testing.assert_array_equal(result.quicksort, 0.5)  # r
    np.testing.assert_array_equal(result.feedback, 0.5)
    np.testing.assert_array_equal(result.quicksort_calls, 2.0)  # a pivot sends one item to each side
    assert set(result.degree_random.tolist()) <= {0.0, 0.5, 1.0}
    assert result.row("degree_worst").worst == 1.0 and result.degree_calls == 3


def test_the_regular_tournament_of_example_1():
    result = regret_experiment(model="regular", n=15, trials=20, seed=4, quicksort_seeds=50)
    assert (result.n, result.positives) == (15, 7)
    np.testing.assert_array_equal(result.classification, 0.5)  # f = |W||L|/2 for any winners
    np.testing.assert_array_equal(result.degree_worst, 1.0)  # g = |W||L| = 2f
    assert result.row("degree_worst").ratio == 1.0 and result.row("degree_worst").worst == 1.0
    assert result.row("quicksort").mean == pytest.approx(0.5, abs=4 * result.row("quicksort").se)
    other = regret_experiment(model="regular", n=9, positives=2, trials=3)
    np.testing.assert_array_equal(other.degree_worst, 2 * other.classification)  # g = 2f for any split


@pytest.mark.parametrize("n", [4, 6, 8])
def test_quicksort_exact_expectation_against_many_seeds(n):
    h, labels = trial_instance("flip", n, n // 2, 0.35, 1.0, 11, 0)
    sigma, omega = bipartite_ground_truth(labels)
    exact = expected_quicksort_loss(h, sigma, weights=omega)
    losses = _losses(quicksort_runs(Preference.from_matrix(h), range(4000)).orders, labels)
    assert losses.mean() == pytest.approx(exact, abs=4 * losses.std() / math.sqrt(4000) + 1e-12)


def test_losses_are_auc_losses():
    h, labels = trial_instance("flip", 25, 9, 0.3, 1.0, 2, 0)
    orders = quicksort_runs(Preference.from_matrix(h), range(15)).orders
    assert _losses(orders, labels).tolist() == [auc_loss(order, labels) for order in orders]


def test_quicksort_expected_loss_is_r_for_a_fixed_bipartite_truth():
    # What the tables show: for a fixed bipartite truth QuickSort's expected loss is L(h) itself, not only at most.
    rng = np.random.default_rng(8)
    for n in range(3, 8):
        for _ in range(10):
            h = np.triu((rng.random((n, n)) < 0.5).astype(float), 1)
            h += np.triu(1 - h, 1).T
            labels = rng.permutation(np.arange(n) < rng.integers(1, n))
            sigma, omega = bipartite_ground_truth(labels.astype(int))
            assert expected_quicksort_loss(h, sigma, weights=omega) == pytest.approx(
                preference_loss(h, sigma, weights=omega), abs=1e-12)


def test_bounds_hold_trial_by_trial():
    for model, noise in (("flip", 0.4), ("close", 1.0)):
        result = regret_experiment(9, model=model, noise=noise, trials=40, seed=6)
        r = result.classification
        assert np.all(result.degree_worst <= 2 * r + 1e-12)  # Thm 1 (Thm 2: g ≤ 2f)
        assert np.all(result.degree_random <= result.degree_worst)
        assert np.all(result.quicksort <= r + 1e-12)  # Thm 2, exact at n ≤ 12
        assert np.all(result.feedback <= 2 * r + 1e-12)  # Thm 4
        assert result.row("degree_worst").worst <= 1.0


def test_rows_are_the_arrays():
    result = regret_experiment(30, noise=0.2, trials=7, seed=1, quicksort_seeds=5)
    row = result.row("degree_worst")
    assert row.mean == pytest.approx(result.degree_worst.mean())
    assert row.se == pytest.approx(result.degree_worst.std(ddof=1) / math.sqrt(7))
    assert row.reference == pytest.approx(2 * result.classification.mean())
    assert row.ratio == pytest.approx(row.mean / row.reference)
    keep = result.classification > 0
    assert row.worst == pytest.approx((result.degree_worst[keep] / (2 * result.classification[keep])).max())
    quick = result.row("quicksort")
    assert quick.quantity == "QuickSort, mean of 5 runs" and quick.reference == pytest.approx(
        result.classification.mean())
    assert result.quicksort_se.shape == (7,) and np.all(result.quicksort_se >= 0)
    assert result.feedback is None and result.feedback_trials == 0
    assert [r.key for r in result.rows] == ["classification", "degree_random", "degree_worst", "quicksort",
                                            "quicksort_calls", "degree_calls"]
    assert result.row("degree_calls").mean == 435 == result.degree_calls
    with pytest.raises(KeyError):
        result.row("feedback")
    data = result.as_dict()
    assert data["rows"][0]["key"] == "classification" and len(data["classification"]) == 7


def test_seeds_and_trials():
    a = regret_experiment(21, trials=6, seed=5)
    b = regret_experiment(21, trials=3, seed=5)
    np.testing.assert_array_equal(a.degree_worst[:3], b.degree_worst)  # trial t does not depend on the count
    np.testing.assert_array_equal(a.quicksort[:3], b.quicksort)
    c = regret_experiment(21, trials=3, seed=6)
    assert not np.array_equal(b.classification, c.classification)
    fresh = regret_experiment(5, trials=2, seed=None)
    assert fresh.seed > 0
    np.testing.assert_array_equal(regret_experiment(5, trials=2, seed=fresh.seed).classification,
                                  fresh.classification)


def test_feedback_trials():
    assert [_feedback_default(n, 1000) for n in (12, 14, 16, 20, 21)] == [1000, 585, 128, 10, 0]  # 2^27/(n·2^n)
    assert _feedback_default(16, 50) == 50
    assert regret_experiment(14, trials=5, feedback_trials=2).feedback.shape == (2,)
    assert regret_experiment(21, trials=2).feedback is None


def test_progress_is_reported():
    seen = []
    regret_experiment(8, trials=4, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 4), (2, 4), (3, 4), (4, 4)]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"model": "borda"}, "`model` must be one of 'flip', 'close', 'regular', 'cycle', but got 'borda'."),
        ({"n": 1}, "`n` must be an integer from 2 to 2000, but got 1."),
        ({"model": "regular", "n": 10}, "`n` must be an odd integer ≥ 3 for model 'regular'"),
        ({"model": "cycle", "n": 5}, "`n` must be 3 for model 'cycle'"),
        ({"model": "cycle", "positives": 2}, "`positives` must be 1 for model 'cycle'"),
        ({"n": 5, "positives": 5}, "`positives` must be an integer from 1 to 4, but got 5."),
        ({"noise": 1.5}, "`noise` must be in [0, 1], but got 1.5."),
        ({"scale": 0}, "`scale` must be a finite number > 0, but got 0."),
        ({"trials": 0}, "`trials` must be an integer from 1 to 1000000, but got 0."),
        ({"quicksort_seeds": 1}, "`quicksort_seeds` must be an integer from 2 to 1000, but got 1."),
        ({"n": 30, "feedback_trials": 1}, "`feedback_trials` must be 0 when n > 20"),
        ({"n": 8, "trials": 3, "feedback_trials": 4}, "`feedback_trials` must be an integer from 0 to 3, but got 4."),
        # 1.5·10^9 // (15,000 + 2000² + 20·2000·11 // 4) = 1.5·10^9 // 4,125,000 = 363 (n > 20: no feedback trials)
        ({"n": 2000, "trials": 400}, "`trials` must be at most 363 for n = 2000"),
        ({"seed": -1}, "`seed` must be an integer ≥ 0, but got -1."),
        ({"progress": 3}, "`progress` must be a function progress(done, total), but got 3."),
    ],
)
def test_bad_input_names_the_parameter(kwargs, message):
    with pytest.raises((ValueError, TypeError)) as caught:
        regret_experiment(**kwargs)
    assert message in str(caught.value)


# --- calls of h ---------------------------------------------------------------------------


def test_quicksort_calls_against_the_expectations():
    result = quicksort_calls([40, 5, 300, 40], seeds=400, top=8, seed=2)
    assert result.sizes.tolist() == [5, 40, 300]
    for k, n in enumerate(result.sizes.tolist()):
        assert result.expected_quicksort[k] == expected_comparisons_float(n)
        assert result.quicksort[k] == pytest.approx(result.expected_quicksort[k], abs=4 * result.quicksort_se[k])
        assert result.degree[k] == result.expected_degree[k] == n * (n - 1) / 2
        if n >= 8:
            assert result.expected_top_k[k] == expected_comparisons_float(n, top=8)
            assert result.top_k[k] == pytest.approx(result.expected_top_k[k], abs=4 * result.top_k_se[k] + 1e-9)
    assert math.isnan(result.top_k[0]) and math.isnan(result.expected_top_k[0])  # n = 5 < k
    assert result.as_dict()["top_k"][0] is None
    h = Preference.from_scores(np.random.default_rng(np.random.SeedSequence(2, spawn_key=(40,))).standard_normal(40))
    assert result.quicksort[1] == quicksort_runs(h, range(400)).mean_calls


def test_quicksort_calls_counts_degree_only_up_to_its_limit():
    result = quicksort_calls([1001, 2], seeds=2)
    assert result.degree[0] == 1.0 and math.isnan(result.degree[1])
    assert result.expected_degree.tolist() == [1.0, 500500.0]


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ([[]], {}, "`sizes` must be a non-empty sequence of sizes"),
        ([[1]], {}, "`sizes` must be an integer from 2 to 1000000, but got 1."),
        ([[10]], {"seeds": 1}, "`seeds` must be an integer from 2 to 10000"),
        ([[10**6]], {"seeds": 100}, "`seeds` must be at most 50 for these sizes"),
        ([[10]], {"top": 0}, "`top` must be an integer from 1 to 1000000, but got 0."),
    ],
)
def test_quicksort_calls_bad_input(args, kwargs, message):
    with pytest.raises((ValueError, TypeError)) as caught:
        quicksort_calls(*args, **kwargs)
    assert message in str(caught.value)


def test_every_split_of_small_tournaments_keeps_degree_within_2r():
    # the experiment's r and Degree (ties against the labels) on every tournament on 4 items and every split
    n = 4
    pairs = list(itertools.combinations(range(n), 2))
    for bits in range(1 << len(pairs)):
        h = np.zeros((n, n))
        for k, (u, v) in enumerate(pairs):
            h[u, v] = bits >> k & 1
            h[v, u] = 1 - h[u, v]
        for size in range(1, n):
            for winners in itertools.combinations(range(n), size):
                labels = np.isin(np.arange(n), winners).astype(int)
                assert brute_degree_worst(h, labels) <= 2 * brute_r(h, labels)


def test_balcan_theorem_1_for_a_distribution_of_labelings():
    # Thm 1 in full: for a fixed U and any distribution Q of labelings, Degree's AUC regret ≤ 2 × the classifier's
    # regret, both weak regrets of Ailon & Mohri's Eq. 5–6 with the bipartite weights; any tie-breaking.
    from aucbound.reductions import degree_ranking, ground_truth_expectation, preference_regret, ranking_regret

    rng = np.random.default_rng(12)
    for _ in range(150):
        n = int(rng.integers(3, 8))
        h = np.triu((rng.random((n, n)) < 0.5).astype(float), 1)
        h += np.triu(1 - h, 1).T
        labelings = []
        while len(labelings) < 3:
            labels = (rng.random(n) < 0.5).astype(int)
            if 0 < labels.sum() < n:
                labelings.append(labels)
        probabilities = rng.dirichlet(np.ones(3))
        e = ground_truth_expectation(labelings, probabilities)
        bound = 2 * preference_regret(h, e)
        for ties in ("index", "random"):
            order = degree_ranking(Preference.from_matrix(h), ties=ties, seed=1).order
            assert ranking_regret(order, e) <= bound + 1e-12
