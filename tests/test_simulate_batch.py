"""The batched pieces of the simulator equal the one-data-set functions of aucbound, trial by trial.

If an empirical or closed-form formula changes, these tests fail until ``simulate/_batch.py``
follows it: the two cannot drift apart.
"""

import numpy as np
import pytest

import aucbound as ab
from aucbound.bounds.interval import METHODS
from aucbound.empirical.auc import _placements
from aucbound.empirical.intervals import _delong_ends
from aucbound.simulate import _batch
from aucbound.simulate.coverage import _Simulation

DETERMINISTIC = [key for key in ab.EMPIRICAL_METHODS if not key.startswith("bootstrap")]
TOL = 1e-12


def tied_scores(rng, trials, m, n, levels=4):
    """Scores on a few levels, so that ties within and across the classes are common."""
    return rng.integers(0, levels, (trials, m)).astype(float), rng.integers(0, levels, (trials, n)).astype(float)


@pytest.mark.parametrize("m, n", [(1, 1), (1, 5), (4, 1), (3, 7), (12, 9), (40, 40)])
@pytest.mark.parametrize("levels", [2, 5, None])
def test_placements_are_the_one_dimensional_counts(m, n, levels):
    rng = np.random.default_rng(m * 100 + n)
    if levels is None:
        pos, neg = rng.normal(size=(60, m)), rng.normal(size=(60, n))
    else:
        pos, neg = tied_scores(rng, 60, m, n, levels)
    batched = _batch.placements(pos, neg)
    for t in range(pos.shape[0]):
        expected = _placements(np.sort(pos[t]), np.sort(neg[t]))
        for got, want in zip(batched, expected):
            assert np.array_equal(got[t], want)


@pytest.mark.parametrize("m, n", [(2, 2), (2, 9), (7, 3), (25, 31)])
def test_statistics_equal_delong_trial_by_trial(m, n):
    rng = np.random.default_rng(7 * m + n)
    pos, neg = tied_scores(rng, 80, m, n, levels=6)
    trials = _batch.statistics(pos, neg)
    labels = np.r_[np.ones(m), np.zeros(n)]
    for t in range(80):
        expected = ab.delong(np.r_[pos[t], neg[t]], labels)
        assert trials.auc[t] == expected.auc  # exact: the same integer 2U, one division
        assert trials.twice_u[t] == round(expected.auc * 2 * m * n)
        assert trials.s10[t] == pytest.approx(expected.s10, rel=TOL, abs=1e-300)
        assert trials.s01[t] == pytest.approx(expected.s01, rel=TOL, abs=1e-300)
        assert trials.delong_variance[t] == pytest.approx(expected.variance, rel=TOL, abs=1e-300)
        assert trials.p1[t] == pytest.approx(expected.p1, rel=TOL) and trials.p2[t] == pytest.approx(expected.p2, rel=TOL)


def test_statistics_of_a_single_item_class_leave_its_pieces_undefined():
    rng = np.random.default_rng(3)
    trials = _batch.statistics(*tied_scores(rng, 5, 1, 4))
    assert trials.s10 is None and trials.p1 is None and trials.delong_variance is None
    assert trials.s01 is not None and trials.p2 is not None
    p1, _ = trials.lehmann_inputs()
    assert np.array_equal(p1, trials.auc**2)  # as intervals() sets it


def lattice(m, n, most=None):
    """Values Â can take at (m, n): 2U/(2mn) for 2U = 0 … 2mn, every one or about `most` of them
    (the two ends, their neighbours, and evenly spaced ones between)."""
    twice = np.arange(2 * m * n + 1)
    if most is not None and twice.size > most:
        twice = np.unique(np.r_[twice[:3], twice[-3:], np.linspace(0, 2 * m * n, most).round().astype(int)])
    return twice / float(2 * m * n)


def test_every_registry_method_is_vectorized():
    assert set(_batch._COMPOSED) == set(METHODS), "add the vectorized form of the new method to _batch._COMPOSED"


@pytest.mark.parametrize("key", list(METHODS))
@pytest.mark.parametrize("m, n, delta", [(1, 1, 0.05), (2, 3, 0.3), (5, 5, 0.01), (13, 40, 0.05), (30, 8, 1e-6)])
def test_method_ends_equal_interval_on_every_estimate(key, m, n, delta):
    auc = lattice(m, n, most=100)
    p1 = p2 = None
    if "p1" in METHODS[key].needs:  # somewhere inside Lehmann's range [Â², Â]
        p1, p2 = auc**2 + 0.3 * (auc - auc**2), auc**2 + 0.8 * (auc - auc**2)
    lo, hi = _batch.method_ends(key, m, n, delta, auc, p1, p2)
    for k, estimate in enumerate(auc.tolist()):
        plug = {} if p1 is None else {"p1": float(p1[k]), "p2": float(p2[k])}
        expected = ab.interval(m, n, delta, method=key, auc=estimate, **plug)
        assert lo[k] == pytest.approx(expected.lo, abs=TOL) and hi[k] == pytest.approx(expected.hi, abs=TOL)


def test_method_ends_fall_back_to_interval_for_a_method_not_composed(monkeypatch):
    monkeypatch.delitem(_batch._COMPOSED, "hoeffding-kl")
    auc = lattice(3, 4)
    lo, hi = _batch.method_ends("hoeffding-kl", 3, 4, 0.05, auc)
    assert [(a, b) for a, b in zip(lo, hi)] == [ab.interval(3, 4, 0.05, method="hoeffding-kl", auc=x).interval for x in auc]


@pytest.mark.parametrize("m, n, delta", [(1, 1, 0.05), (3, 5, 0.05), (10, 10, 0.01), (41, 72, 0.05), (6, 20, 1e-6)])
def test_newcombe_ends_equal_newcombe_interval_on_every_estimate(m, n, delta):
    auc = lattice(m, n, most=1000)
    lo, hi = _batch.newcombe_ends(auc, m, n, delta)
    for k, estimate in enumerate(auc.tolist()):
        expected = ab.newcombe_interval(estimate, m, n, delta)
        assert (lo[k], hi[k]) == pytest.approx(expected, abs=TOL)


@pytest.mark.parametrize("key", ["delong", "delong-logit"])
def test_delong_ends_equal_the_one_dimensional_ends(key):
    auc = np.array([0.0, 1.0, 0.5, 0.5, 0.75, 0.999, 1e-9, 0.3, 0.97])
    variance = np.array([0.0, 0.0, 0.0, 0.04, 0.01, 1e-4, 1e-12, 0.5, 2.0])
    for z in (1.959963984540054, 40.0):
        lo, hi = _batch.delong_ends(key, auc, variance, z)
        for k in range(auc.size):
            expected = [min(max(end, 0.0), 1.0) for end in _delong_ends(key, auc[k], variance[k], z)]
            assert (lo[k], hi[k]) == pytest.approx(expected, abs=TOL)
    lo, hi = _batch.delong_ends(key, auc, None, 1.96)
    assert lo.tolist() == [0.0] * auc.size and hi.tolist() == [1.0] * auc.size


SIMULATED = [("rating", 6, 4), ("rating", 1, 3), ("adversarial", 9, 5), ("binormal", 12, 30), ("near-perfect", 8, 8),
             ("exponential", 2, 2), ("lognormal", 20, 2)]


@pytest.mark.parametrize("name, m, n", SIMULATED)
@pytest.mark.parametrize("delta", [0.05, 0.01])
def test_every_trial_gets_the_intervals_table_of_its_data(name, m, n, delta):
    """The whole pipeline: each trial's row of every method is `intervals()` of that trial's data."""
    scenario = ab.simulate.scenario(name)
    simulation = _Simulation(scenario, m, n, 25, 11, 25, lambda steps: None)
    labels = np.r_[np.ones(m), np.zeros(n)]
    ends = {key: simulation.ends(key, delta) for key in DETERMINISTIC}
    for t, (pos, neg) in enumerate(simulation.kept):
        table = ab.intervals(np.r_[pos, neg], labels, delta, methods=DETERMINISTIC)
        assert simulation.trials.auc[t] == table.auc
        for row in table.rows:
            lo, hi = ends[row.method]
            assert (lo[t], hi[t]) == pytest.approx((row.lo, row.hi), abs=TOL), (row.method, t)


def test_bootstrap_rows_are_those_of_the_trials_data():
    scenario = ab.simulate.scenario("rating")
    simulation = _Simulation(scenario, 7, 9, 30, 5, 3, lambda steps: None)
    keys = ["bootstrap-percentile", "bootstrap-bca"]
    ends = simulation.bootstrap_ends(keys, 0.05, 200, lambda steps: None)
    seeds = np.random.SeedSequence(5, spawn_key=(1,)).spawn(3)
    labels = np.r_[np.ones(7), np.zeros(9)]
    for t, (pos, neg) in enumerate(simulation.kept):
        seed = int(seeds[t].generate_state(1, np.uint64)[0])
        table = ab.intervals(np.r_[pos, neg], labels, 0.05, methods=keys, resamples=200, seed=seed)
        for row in table.rows:
            assert (ends[row.method][0][t], ends[row.method][1][t]) == (row.lo, row.hi)
    assert len(simulation.kept) == 3
