"""The standard coverage study: every scenario × m, n ∈ {10, 30, 100, 300} × δ ∈ {0.05, 0.01}.

A full factorial design in the manner of Newcombe (2006, Part 2) and Pohar Perme &
Manevski (2018): each scenario at its default AUC, every pair of class sizes (balanced and
unbalanced both ways), two confidence levels. The trials of a scenario at (m, n) are drawn
once with `seed` and evaluated at every δ, so each cell equals ``coverage(scenario, m, n,
delta, seed=seed)`` exactly, and the two levels are compared on the same data.
"""

from __future__ import annotations

from .. import _validate as v
from ..bounds import method_keys
from ..empirical import default_methods
from ._results import CoverageStudy
from ._coverage import (
    RESAMPLES,
    _as_scenario,
    _bootstrap_settings,
    _counter,
    _simulate,
    _steps,
    check_work,
)
from ._scenarios import SCENARIOS

__all__ = ["STUDY_SCENARIOS", "STUDY_SIZES", "STUDY_DELTAS", "coverage_study", "worst_coverage"]

#: The scenarios of the standard study, each at its default AUC.
STUDY_SCENARIOS = tuple(SCENARIOS)

#: The class sizes of the standard study: every (m, n) with m, n among these.
STUDY_SIZES = (10, 30, 100, 300)

#: The failure probabilities of the standard study.
STUDY_DELTAS = (0.05, 0.01)


def coverage_study(
    scenarios=STUDY_SCENARIOS,
    sizes=STUDY_SIZES,
    deltas=STUDY_DELTAS,
    *,
    methods=None,
    trials=10_000,
    seed=0,
    bootstrap_trials=None,
    resamples=RESAMPLES,
    progress=None,
    workers=-1,
) -> CoverageStudy:
    """:func:`coverage` for every scenario, every (m, n) with m, n in `sizes`, and every δ in `deltas`.

    The defaults are the standard study: 7 scenarios × 16 pairs of sizes × 2 levels, 224
    cells of 10,000 trials (about a minute on two cores without the bootstrap). `scenarios`
    may mix built-in names and :class:`Scenario` objects. The other arguments are those of
    :func:`coverage` (`workers` among them); `progress` sees the whole grid.

    >>> study = coverage_study(["binormal", "rating"], sizes=[10, 30], deltas=[0.05], trials=500,
    ...                        methods=["mcdiarmid", "delong"])
    >>> len(study.cells), study.cells[0].scenario, (study.cells[1].m, study.cells[1].n)
    (8, 'binormal', (10, 30))
    >>> [row["method"] for row in worst_coverage(study)]
    ['mcdiarmid', 'delong']
    """
    if isinstance(scenarios, (str, bytes)) or not hasattr(scenarios, "__iter__"):
        raise v.ParameterTypeError("scenarios", "a sequence of scenarios or their names", v.show(scenarios))
    chosen = [_as_scenario(item) for item in scenarios]
    if not chosen:
        raise v.fail("scenarios", "at least one scenario", [])
    names = [scenario.name for scenario in chosen]
    if len(set(names)) < len(names):
        raise v.fail("scenarios", "scenarios with distinct names", names)
    for name, value in (("scenarios", scenarios), ("sizes", sizes), ("deltas", deltas)):
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise v.ParameterTypeError(name, "a sequence", v.show(value))
    sizes = tuple(dict.fromkeys(v.count("sizes", size) for size in sizes))
    deltas = tuple(dict.fromkeys(v.probability("deltas", delta, scalar=True) for delta in deltas))
    if not sizes or not deltas:
        raise v.fail("sizes" if not sizes else "deltas", "at least one value", [])
    keys = method_keys(methods, default_methods())
    trials = v.count("trials", trials)
    seed = v.seed("seed", seed)
    workers = v.workers("workers", workers)
    bootstrap_trials, resamples = _bootstrap_settings(keys, trials, bootstrap_trials, resamples)
    pairs = [(m, n) for m in sizes for n in sizes]
    check_work(len(chosen), pairs, trials, bootstrap_trials, resamples)
    tick = _counter(progress, len(chosen) * sum(_steps(trials, bootstrap_trials, len(deltas), m, n) for m, n in pairs))
    cells = []
    for scenario in chosen:
        for m, n in pairs:
            cells += _simulate(scenario, m, n, deltas, keys, trials, seed, bootstrap_trials, resamples, tick, workers)
    return CoverageStudy(
        scenarios=tuple(names),
        sizes=sizes,
        deltas=deltas,
        methods=tuple(keys),
        trials=trials,
        seed=seed,
        cells=tuple(cells),
        bootstrap_trials=bootstrap_trials,
        resamples=resamples,
    )


def worst_coverage(study: CoverageStudy) -> list[dict]:
    """Per δ and method: the lowest coverage of each scenario over its sizes, and the cells below nominal.

    Each record has ``delta``, ``method``, ``guarantee``, one entry per scenario name (the
    smallest coverage over the (m, n) pairs), ``worst`` (the smallest of all),
    ``below_nominal`` (cells where coverage + 3·MCSE < 1 − δ) and ``cells``.
    """
    records = []
    for delta in study.deltas:
        at_delta = [cell for cell in study.cells if cell.delta == delta]
        for key in study.methods:
            rows = [(cell.scenario, cell[key]) for cell in at_delta]
            record = {"delta": delta, "method": key, "guarantee": rows[0][1].guarantee}
            for name in study.scenarios:
                record[name] = min(row.coverage for scenario, row in rows if scenario == name)
            record["worst"] = min(row.coverage for _, row in rows)
            record["below_nominal"] = sum(row.below_nominal for _, row in rows)
            record["cells"] = len(rows)
            records.append(record)
    return records
