"""How often each AUC interval covers the true AUC: a Monte Carlo coverage study of one scenario.

The design follows the methodological studies of AUC intervals (Newcombe 2006, Part 2,
*Statistics in Medicine* 25, 559–573; Pohar Perme & Manevski 2018, *Statistical Methods in
Medical Research* 28, 3755–3768): draw many data sets of m positives and n negatives from a
scenario with a known AUC, compute every interval on each, and report per method the share
of intervals containing the true AUC (its coverage) with the Monte Carlo standard error
sqrt(c(1 − c)/T) over T trials (Morris, White & Crowther 2019, *Statistics in Medicine* 38,
Table 6), the mean and median width, and the shares of vacuous ([0, 1]) and degenerate
(single-point) intervals.

Every interval is the one :func:`aucbound.intervals` would report for the trial's data:
each registered method's vectorized closed form on the arrays of all trials' estimates
(:mod:`._batch`), and for the methods that depend on Â alone only once per distinct value
of Â. Trials are drawn in blocks of :data:`BLOCK` — fewer when m + n passes 10^4, so that
a block holds at most :data:`BLOCK_SCORES` scores (its memory, and the time between two
progress reports) — block b from the child ``SeedSequence(seed, spawn_key=(0, b))``, so a
seed gives the same trials on every machine. The bootstrap rows, which resample each trial, use its first
``bootstrap_trials`` trials (1000 unless given), trial t with the bootstrap seed drawn from
``SeedSequence(seed, spawn_key=(1, t))``.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from ..bounds import METHODS, Estimates
from ..bounds import evaluate, method_keys
from ..empirical import MAX_RESAMPLES, Sample, default_methods
from ._results import Coverage, MethodCoverage
from . import _batch
from ._scenarios import Scenario, scenario as named_scenario

__all__ = ["coverage", "BLOCK", "BOOTSTRAP_TRIALS", "RESAMPLES", "MAX_TRIALS", "MAX_WORK"]

#: Trials drawn from one child seed (and the unit of the progress report).
BLOCK = 1000
#: The most scores one block holds: BLOCK trials up to m + n = 10^4, fewer beyond (a block
#: of 1000 trials of 10^6 scores would take 8 GB, and minutes before its first report).
BLOCK_SCORES = 10**7


def block_size(m: int, n: int) -> int:
    """The trials of one block at these class sizes."""
    return max(1, min(BLOCK, BLOCK_SCORES // (m + n)))


#: Trials of the bootstrap rows when not given: each needs its own resamples.
BOOTSTRAP_TRIALS = 1000

#: Bootstrap resamples per trial when not given.
RESAMPLES = 1000

#: The most trials one simulation draws.
MAX_TRIALS = 10**7
#: The most scores drawn in all, trials × (m + n) × cells (about a minute on two cores).
MAX_WORK = 10**9
#: The most bootstrap draws in all, bootstrap trials × resamples × (m + n) × cells.
MAX_BOOTSTRAP_WORK = 10**10


def _as_scenario(value) -> Scenario:
    return value if isinstance(value, Scenario) else named_scenario(value)


def _bootstrap_settings(keys, trials, bootstrap_trials, resamples) -> tuple[int | None, int | None]:
    """(bootstrap trials, resamples) when a bootstrap method is chosen, else (None, None)."""
    if bootstrap_trials is not None:
        bootstrap_trials = v.count("bootstrap_trials", bootstrap_trials)
        if bootstrap_trials > trials:
            raise v.fail("bootstrap_trials", f"at most the number of trials ({trials})", bootstrap_trials)
    resamples = v.count("resamples", resamples, maximum=MAX_RESAMPLES)
    if not any(METHODS[key].needs_scores for key in keys):
        return None, None
    return min(trials, BOOTSTRAP_TRIALS) if bootstrap_trials is None else bootstrap_trials, resamples


def check_work(cells: int, m_n: list[tuple[int, int]], trials: int, bootstrap_trials, resamples) -> None:
    """Refuse a simulation larger than :data:`MAX_WORK` scores (or bootstrap draws), before any work."""
    v.at_most("trials", trials, MAX_TRIALS)
    scores = sum(m + n for m, n in m_n) * cells
    if trials * scores > MAX_WORK:
        raise v.fail("trials", f"at most {MAX_WORK:,} scores drawn in all (trials × (m + n) × cells; here "
                               f"{scores:,} scores a trial)", trials)
    if bootstrap_trials and bootstrap_trials * resamples * scores > MAX_BOOTSTRAP_WORK:
        raise v.fail("resamples", f"at most {MAX_BOOTSTRAP_WORK:,} bootstrap draws in all (bootstrap trials × "
                                  f"resamples × (m + n) × cells)", resamples)


class _Simulation:
    """The trials of one scenario at one (m, n): drawn once, then evaluated at each δ (the
    bootstrap rows resample their trials again at each δ, from the same seeds)."""

    def __init__(self, scenario: Scenario, m: int, n: int, trials: int, seed, keep: int, tick):
        block = block_size(m, n)
        sizes = [min(block, trials - start) for start in range(0, trials, block)]
        children = np.random.SeedSequence(seed, spawn_key=(0,)).spawn(len(sizes))
        parts, self.kept = [], []
        for size, child in zip(sizes, children):
            pos, neg = scenario.sample(np.random.Generator(np.random.PCG64(child)), m, n, size)
            parts.append(_batch.statistics(pos, neg))
            if len(self.kept) < keep:
                self.kept += list(zip(pos[: keep - len(self.kept)], neg[: keep - len(self.kept)]))
            tick(1)
        self.scenario, self.m, self.n, self.seed = scenario, m, n, seed
        self.trials = _batch.Trials.concatenate(parts)
        self.distinct, self.inverse = np.unique(self.trials.twice_u, return_inverse=True)

    def _per_estimate(self, compute) -> tuple[np.ndarray, np.ndarray]:
        """`compute(Â)` on the distinct values of Â only, spread back over the trials."""
        lo, hi = compute(self.distinct / float(2 * self.m * self.n))
        return lo[self.inverse], hi[self.inverse]

    def ends(self, key: str, delta: float) -> tuple[np.ndarray, np.ndarray]:
        """(lo, hi) of method `key`'s closed form at `delta` for every trial (not the bootstrap)."""
        spec = METHODS[key]

        def closed_form(est):
            _, lo, hi, _ = evaluate(spec, float(self.m), float(self.n), math.log(delta), est)
            return lo, hi

        if set(spec.needs) <= {"auc"}:
            return self._per_estimate(lambda auc: closed_form(Estimates(auc=auc)))
        return closed_form(self.trials.estimates())

    def bootstrap_ends(self, keys, delta, resamples, tick, workers=-1) -> dict[str, tuple[np.ndarray, np.ndarray]]:
        """(lo, hi) of each bootstrap method in `keys` for each kept trial, from one set of resamples
        drawn on `workers` threads."""
        seeds = np.random.SeedSequence(self.seed, spawn_key=(1,)).spawn(len(self.kept))
        ends = {key: np.empty((len(self.kept), 2)) for key in keys}
        for t, ((pos, neg), child) in enumerate(zip(self.kept, seeds)):
            seed = int(child.generate_state(1, np.uint64)[0])
            sample = Sample(pos.copy(), neg.copy(), resamples=resamples, seed=seed, workers=workers)
            for key in keys:
                ends[key][t] = METHODS[key].data(sample, delta)
            tick(1)
        return {key: (np.clip(pair[:, 0], 0.0, 1.0), np.clip(pair[:, 1], 0.0, 1.0)) for key, pair in ends.items()}


def method_coverage(method: str, guarantee: str, source: str, delta: float, truth: float, lo: np.ndarray,
                    hi: np.ndarray, *, limits=(0.0, 1.0), beyond_paper: bool = False) -> MethodCoverage:
    """The coverage of `truth` by the intervals [lo, hi] (one per trial), its Monte Carlo standard
    error, widths and shares; an interval is vacuous when it spans all of `limits`."""
    count = lo.shape[0]
    covered = int(np.count_nonzero((lo <= truth) & (truth <= hi)))
    share = covered / count
    width = hi - lo
    return MethodCoverage(
        method=method,
        guarantee=guarantee,
        source=source,
        delta=delta,
        trials=count,
        covered=covered,
        coverage=share,
        mcse=math.sqrt(share * (1 - share) / count),
        mean_width=float(np.mean(width)),
        median_width=float(np.median(width)),
        vacuous=int(np.count_nonzero((lo <= limits[0]) & (hi >= limits[1]))) / count,
        degenerate=int(np.count_nonzero(lo == hi)) / count,
        beyond_paper=beyond_paper,
    )


def _row(key: str, delta: float, truth: float, lo: np.ndarray, hi: np.ndarray) -> MethodCoverage:
    """One registered method's coverage of the true AUC."""
    spec = METHODS[key]
    return method_coverage(key, spec.guarantee, spec.source, delta, truth, lo, hi, beyond_paper=spec.beyond_paper)


def _steps(trials: int, bootstrap_trials: int | None, deltas: int, m: int, n: int) -> int:
    """Progress steps of one simulation: one per block, one per bootstrap trial and δ."""
    return -(-trials // block_size(m, n)) + (bootstrap_trials or 0) * deltas


def _simulate(scenario, m, n, deltas, keys, trials, seed, bootstrap_trials, resamples, tick,
              workers=-1) -> list[Coverage]:
    """One :class:`Coverage` per δ in `deltas`, all from the same trials (checked arguments)."""
    simulation = _Simulation(scenario, m, n, trials, seed, bootstrap_trials or 0, tick)
    auc = simulation.trials.auc
    boot_keys = [key for key in keys if METHODS[key].needs_scores]
    results = []
    for delta in deltas:
        ends = {key: simulation.ends(key, delta) for key in keys if not METHODS[key].needs_scores}
        if boot_keys:
            ends.update(simulation.bootstrap_ends(boot_keys, delta, resamples, tick, workers))
        results.append(
            Coverage(
                scenario=scenario.name,
                description=scenario.description,
                true_auc=scenario.auc,
                m=m,
                n=n,
                delta=delta,
                trials=trials,
                seed=seed,
                estimate_mean=float(np.mean(auc)),
                estimate_sd=float(np.std(auc, ddof=1)) if trials > 1 else None,
                rows=tuple(_row(key, delta, scenario.auc, *ends[key]) for key in keys),
                bootstrap_trials=bootstrap_trials,
                resamples=resamples,
            )
        )
    return results


def _counter(progress, total: int):
    """A tick(steps) that reports (done, total) to `progress`, or does nothing without it."""
    if progress is None:
        return lambda steps: None
    if not callable(progress):
        raise v.ParameterTypeError("progress", "a function progress(done, total)", v.show(progress))
    done = 0

    def tick(steps):
        nonlocal done
        done += steps
        progress(done, total)

    return tick


def coverage(
    scenario,
    m,
    n,
    delta=None,
    *,
    confidence=None,
    methods=None,
    trials=10_000,
    seed=0,
    bootstrap_trials=None,
    resamples=RESAMPLES,
    progress=None,
    workers=-1,
) -> Coverage:
    """The share of `trials` simulated data sets on which each interval method covers the true AUC.

    Parameters
    ----------
    scenario : Scenario or str
        A :class:`Scenario` (e.g. from :func:`binormal` or :func:`custom`) or the name of a
        built-in one in :data:`SCENARIOS`, at its default AUC.
    m, n : int
        Positives and negatives per data set (≥ 1).
    delta : float
        Failure probability in (0, 1): each interval is at confidence 1 − δ.
    confidence : float, optional
        Instead of `delta`: the confidence 1 − δ.
    methods : sequence of str, optional
        Keys of :data:`aucbound.METHODS`; without it, the default table of
        :func:`aucbound.intervals` (every closed-form method, no bootstrap).
    trials : int
        Simulated data sets (10,000: an MCSE of at most 0.0022 at 95% coverage).
    seed : int or None
        The same seed gives the same table bit for bit; None draws fresh entropy.
    bootstrap_trials, resamples : int, optional
        For the bootstrap methods: how many of the trials to bootstrap (1000 unless given)
        and how many resamples each (1000).
    progress : callable, optional
        Called as ``progress(done, total)`` as the work proceeds.
    workers : int
        Threads of each trial's bootstrap: −1 (the default) for one per core this process
        may use, or a number ≥ 1. The table is the same with any number.

    Returns
    -------
    Coverage
        One :class:`MethodCoverage` row per method, with the scenario, its true AUC, and
        the mean and standard deviation of Â over the trials.

    Examples
    --------
    >>> result = coverage("adversarial", 20, 20, 0.05, trials=2000, methods=["hoeffding", "delong"])
    >>> result.true_auc, round(result.estimate_sd, 4), round(result.sigma_max, 4)
    (0.8, 0.0901, 0.0894)
    >>> [(row.method, row.coverage, row.below_nominal) for row in result.rows]
    [('hoeffding', 0.9995, False), ('delong', 0.924, True)]
    """
    scenario = _as_scenario(scenario)
    m, n = v.count("m", m), v.count("n", n)
    delta = v.failure_probability(delta, confidence, default=None)
    keys = method_keys(methods, default_methods())
    trials = v.count("trials", trials)
    seed = v.seed("seed", seed)
    workers = v.workers("workers", workers)
    bootstrap_trials, resamples = _bootstrap_settings(keys, trials, bootstrap_trials, resamples)
    check_work(1, [(m, n)], trials, bootstrap_trials, resamples)
    tick = _counter(progress, _steps(trials, bootstrap_trials, 1, m, n))
    return _simulate(scenario, m, n, [delta], keys, trials, seed, bootstrap_trials, resamples, tick, workers)[0]
