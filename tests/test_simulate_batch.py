"""The batched pieces of the simulator equal the one-data-set functions of aucbound, trial by trial,
and every registered method's closed form gives on arrays what it gives one estimate at a time."""

import numpy as np
import pytest

import aucbound as ab
from aucbound.bounds import METHODS, Estimates
from aucbound.bounds._methods import evaluate
from aucbound.empirical._auc import _placements
from aucbound.simulate import _batch
from aucbound.simulate._coverage import _Simulation

DETERMINISTIC = [key for key, spec in METHODS.items() if not spec.needs_scores]
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
        expected = ab.delong(labels, np.r_[pos[t], neg[t]])
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
    estimates = trials.estimates()
    assert np.array_equal(estimates.p1, trials.auc**2)  # as intervals() sets it
    assert np.isnan(estimates.variance).all()


def lattice(m, n, most=None):
    """Values Â can take at (m, n): 2U/(2mn) for 2U = 0 … 2mn, every one or about `most` of them
    (the two ends, their neighbours, and evenly spaced ones between)."""
    twice = np.arange(2 * m * n + 1)
    if most is not None and twice.size > most:
        twice = np.unique(np.r_[twice[:3], twice[-3:], np.linspace(0, 2 * m * n, most).round().astype(int)])
    return twice / float(2 * m * n)


@pytest.mark.parametrize("key", DETERMINISTIC)
@pytest.mark.parametrize("m, n, delta", [(1, 1, 0.05), (2, 3, 0.3), (5, 5, 0.01), (13, 40, 0.05), (30, 8, 1e-6)])
def test_closed_forms_on_arrays_equal_interval_on_every_estimate(key, m, n, delta):
    auc = lattice(m, n, most=100)
    p1, p2 = auc**2 + 0.3 * (auc - auc**2), auc**2 + 0.8 * (auc - auc**2)  # inside Lehmann's range [Â², Â]
    variance = np.linspace(0.0, 0.05, auc.size)
    _, lo, hi, _ = evaluate(METHODS[key], float(m), float(n), np.log(delta), Estimates(auc, p1, p2, variance))
    for k, estimate in enumerate(auc.tolist()):
        given = {name: float(value[k]) for name, value in (("p1", p1), ("p2", p2), ("variance", variance))
                 if name in METHODS[key].needs}
        expected = ab.interval(m, n, delta, method=key, auc=estimate, **given)
        assert lo[k] == pytest.approx(expected.lo, abs=TOL) and hi[k] == pytest.approx(expected.hi, abs=TOL)


@pytest.mark.parametrize("key", ["delong", "delong-logit"])
def test_an_undefined_variance_gives_all_of_0_1(key):
    auc = np.array([0.2, 0.5, 0.9])
    epsilon, lo, hi, vacuous = evaluate(METHODS[key], 1.0, 5.0, np.log(0.05), Estimates(auc=auc, variance=np.full(3, np.nan)))
    assert lo.tolist() == [0.0] * 3 and hi.tolist() == [1.0] * 3 and vacuous.all() and np.isinf(epsilon).all()


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
        table = ab.intervals(labels, np.r_[pos, neg], delta=delta, methods=DETERMINISTIC)
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
        table = ab.intervals(labels, np.r_[pos, neg], delta=0.05, methods=keys, resamples=200, seed=seed)
        for row in table.rows:
            assert (ends[row.method][0][t], ends[row.method][1][t]) == (row.lo, row.hi)
    assert len(simulation.kept) == 3
