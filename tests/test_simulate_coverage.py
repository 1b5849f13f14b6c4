"""coverage(): its table equals the intervals of every trial counted one by one; seeds reproduce it
bit for bit; the bootstrap rows, progress reports and bad input."""

import math
import sys

import numpy as np
import pytest

import aucbound as ab
from aucbound.simulate import MethodCoverage
from aucbound.simulate._coverage import BLOCK

simulator = sys.modules["aucbound.simulate._coverage"]

DETERMINISTIC = [key for key, spec in ab.METHODS.items() if not spec.needs_scores]


def trials_one_by_one(scenario, m, n, trials, seed, block=BLOCK):
    """The data sets coverage() draws: block b of `block` trials from SeedSequence(seed, spawn_key=(0, b))."""
    children = np.random.SeedSequence(seed, spawn_key=(0,)).spawn(-(-trials // block))
    for b, child in enumerate(children):
        pos, neg = scenario.sample(np.random.Generator(np.random.PCG64(child)), m, n, min(block, trials - b * block))
        yield from zip(pos, neg)


def expected_rows(scenario, m, n, delta, trials, seed, block):
    """Every method's row of the coverage table, from intervals() on each trial's data."""
    labels = np.r_[np.ones(m), np.zeros(n)]
    ends = {key: [] for key in DETERMINISTIC}
    for pos, neg in trials_one_by_one(scenario, m, n, trials, seed, block):
        for row in ab.intervals(labels, np.r_[pos, neg], delta=delta, methods=DETERMINISTIC).rows:
            ends[row.method].append((row.lo, row.hi))
    rows = {}
    for key, pairs in ends.items():
        lo, hi = np.array(pairs).T
        covered = int(np.sum((lo <= scenario.auc) & (scenario.auc <= hi)))
        rows[key] = {
            "covered": covered,
            "mcse": math.sqrt(covered / trials * (1 - covered / trials) / trials),
            "mean_width": np.mean(hi - lo),
            "median_width": np.median(hi - lo),
            "vacuous": np.mean((lo <= 0) & (hi >= 1)),
            "degenerate": np.mean(lo == hi),
        }
    return rows


@pytest.mark.parametrize(
    "name, m, n, delta", [("rating", 5, 8, 0.05), ("near-perfect", 3, 4, 0.01), ("adversarial", 6, 2, 0.05), ("binormal", 1, 6, 0.2)]
)
def test_table_equals_the_intervals_of_each_trial(name, m, n, delta, monkeypatch):
    monkeypatch.setattr(simulator, "BLOCK", 36)  # three blocks, one of them short
    scenario = ab.scenario(name)
    result = ab.coverage(scenario, m, n, delta, methods=DETERMINISTIC, trials=90, seed=4)
    expected = expected_rows(scenario, m, n, delta, 90, 4, block=36)
    for row in result.rows:
        want = expected[row.method]
        assert row.trials == 90 and row.covered == want["covered"] and row.coverage == want["covered"] / 90
        assert row.mcse == pytest.approx(want["mcse"], abs=1e-15)
        assert row.mean_width == pytest.approx(want["mean_width"], abs=1e-12)
        assert row.median_width == pytest.approx(want["median_width"], abs=1e-12)
        assert (row.vacuous, row.degenerate) == (want["vacuous"], want["degenerate"])
        assert row.guarantee == ab.METHODS[row.method].guarantee


def test_small_samples_show_vacuous_and_degenerate_intervals():
    result = ab.coverage("near-perfect", 3, 3, 0.05, methods=["mcdiarmid", "delong", "hoeffding-kl"], trials=2000)
    assert result["mcdiarmid"].vacuous == 1.0  # ε ≥ 1 at m = n = 3
    p_perfect = result["delong"].degenerate  # Â = 1 leaves DeLong's variance 0: the point {1}
    assert 0.85 < p_perfect < 0.97
    assert result["delong"].coverage == pytest.approx(1 - p_perfect, abs=0.02)  # a point at 1 misses A = 0.99
    assert result["hoeffding-kl"].vacuous == 0 and result["hoeffding-kl"].coverage >= 0.95


def test_summary_of_the_estimates():
    result = ab.coverage("adversarial", 10, 30, 0.05, methods=["hoeffding"], trials=3000, seed=9)
    aucs = [np.mean(pos > 0) for pos, _ in trials_one_by_one(ab.scenario("adversarial"), 10, 30, 3000, 9)]
    assert result.estimate_mean == pytest.approx(np.mean(aucs), abs=1e-14)
    assert result.estimate_sd == pytest.approx(np.std(aucs, ddof=1), rel=1e-12)
    assert result.sigma_max == pytest.approx(math.sqrt(0.16 / 10))
    assert (result.scenario, result.true_auc, result.m, result.n, result.trials, result.seed) == ("adversarial", 0.8, 10, 30, 3000, 9)


class TestReproducible:
    def test_same_seed_same_table_bit_for_bit(self):
        first = ab.coverage("rating", 30, 60, 0.05, trials=2500, seed=12)
        again = ab.coverage("rating", 30, 60, 0.05, trials=2500, seed=12)
        assert first == again and first.as_dict() == again.as_dict()

    def test_another_seed_another_table(self):
        first = ab.coverage("binormal", 30, 60, 0.05, trials=2500, seed=12)
        other = ab.coverage("binormal", 30, 60, 0.05, trials=2500, seed=13)
        assert first.estimate_mean != other.estimate_mean

    def test_the_first_blocks_do_not_depend_on_the_number_of_trials(self):
        short = ab.coverage("exponential", 8, 8, 0.05, methods=["delong"], trials=BLOCK, seed=1)
        long = ab.coverage("exponential", 8, 8, 0.05, methods=["delong"], trials=2 * BLOCK, seed=1)
        aucs = [np.mean(pos[:, None] > neg[None, :]) for pos, neg in
                trials_one_by_one(ab.scenario("exponential"), 8, 8, 2 * BLOCK, 1)]
        assert short.estimate_mean == pytest.approx(np.mean(aucs[:BLOCK]), abs=1e-14)
        assert long.estimate_mean == pytest.approx(np.mean(aucs), abs=1e-14)

    def test_no_seed_draws_fresh_trials(self):
        result = ab.coverage("binormal", 5, 5, 0.05, methods=["mcdiarmid"], trials=10, seed=None)
        assert result.seed is None and result.trials == 10


class TestBootstrap:
    def test_fewer_trials_by_default_and_said_so(self):
        result = ab.coverage("binormal", 4, 5, 0.05, methods=["hoeffding", "bootstrap-percentile"], trials=1500, resamples=50)
        assert (result.bootstrap_trials, result.resamples) == (1000, 50)
        assert result["hoeffding"].trials == 1500 and result["bootstrap-percentile"].trials == 1000

    def test_never_more_than_the_trials(self):
        result = ab.coverage("rating", 4, 5, 0.05, methods=["bootstrap-bca"], trials=20, resamples=30)
        assert result.bootstrap_trials == 20 and result.resamples == 30

    def test_no_bootstrap_no_settings(self):
        result = ab.coverage("rating", 4, 5, 0.05, methods=["newcombe"], trials=20)
        assert (result.bootstrap_trials, result.resamples) == (None, None)

    def test_bootstrap_trials_at_most_trials(self):
        with pytest.raises(ValueError, match=r"`bootstrap_trials` must be at most the number of trials \(20\), but got 30\."):
            ab.coverage("rating", 4, 5, 0.05, methods=["bootstrap-bca"], trials=20, bootstrap_trials=30)


def test_progress_reports_every_step_up_to_the_total():
    seen = []
    ab.coverage("binormal", 5, 5, 0.05, methods=["delong", "bootstrap-bca"], trials=2500, bootstrap_trials=4,
                resamples=20, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(k, 7) for k in range(1, 8)]  # 3 blocks, then 4 bootstrap trials


def test_method_coverage_flags_coverage_clearly_below_nominal():
    def row(coverage, trials=10_000):
        return MethodCoverage("delong", "asymptotic", "", 0.05, trials, round(coverage * trials), coverage,
                              math.sqrt(coverage * (1 - coverage) / trials), 0.1, 0.1, 0.0, 0.0)

    assert not row(0.95).below_nominal and not row(0.945).below_nominal and row(0.93).below_nominal
    assert row(0.93).as_dict()["below_nominal"] is True and row(0.93).confidence == 0.95


class TestErrors:
    @pytest.mark.parametrize(
        "kwargs, message",
        [
            ({"m": 0}, r"`m` must be an integer ≥ 1, but got 0\."),
            ({"n": 2.5}, r"`n` must be an integer ≥ 1, but got 2\.5\."),
            ({"delta": 1.0}, r"`delta` must be in \(0, 1\), but got 1\.0\."),
            ({"trials": 0}, r"`trials` must be an integer ≥ 1, but got 0\."),
            ({"seed": -1}, r"`seed` must be an integer ≥ 0, but got -1\."),
            ({"methods": ["wald"]}, r"`methods` must be one of 'mcdiarmid', .*, but got 'wald'\."),
            ({"methods": []}, r"`methods` must be at least one method \(or None for the default table\), but got \[\]\."),
            ({"scenario": "beta"}, r"`scenario` must be one of 'binormal', .*, but got 'beta'\."),
            ({"resamples": 0, "methods": ["bootstrap-bca"]}, r"`resamples` must be an integer from 1 to 10000000, but got 0\."),
        ],
    )
    def test_bad_arguments(self, kwargs, message):
        arguments = {"scenario": "binormal", "m": 5, "n": 5, "delta": 0.05, "trials": 10, **kwargs}
        with pytest.raises(ValueError, match=message):
            ab.coverage(arguments.pop("scenario"), arguments.pop("m"), arguments.pop("n"), arguments.pop("delta"), **arguments)

    def test_progress_must_be_callable(self):
        with pytest.raises(TypeError, match=r"`progress` must be a function progress\(done, total\), but got 'yes'\."):
            ab.coverage("binormal", 5, 5, 0.05, trials=10, progress="yes")
