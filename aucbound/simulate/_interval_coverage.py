"""The coverage of any interval procedure: draw data with a known true value, compute the interval, count.

:func:`coverage` studies the registered AUC methods on the scenarios' score distributions;
:func:`interval_coverage` takes any procedure — a weighted AUC's interval, a difference
of two AUCs, a multiclass AUC, an area under a precision–recall curve — with a function
that draws one data set and the true value of the quantity it estimates, and reports the
same :class:`MethodCoverage` row: the share of trials whose interval contains the truth,
its Monte Carlo standard error (Morris, White & Crowther 2019, Table 6), the widths, and
the shares of vacuous and single-point intervals.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from .._result_base import GUARANTEES
from ._coverage import MAX_TRIALS, _counter, method_coverage
from ._results import MethodCoverage

__all__ = ["interval_coverage"]


def _ends(result, trial: int) -> tuple[float, float]:
    """(lo, hi) of what the procedure returned: a pair, or an object with ``lo`` and ``hi``."""
    lo, hi = (result.lo, result.hi) if hasattr(result, "lo") and hasattr(result, "hi") else result
    lo, hi = float(lo), float(hi)
    if math.isnan(lo) or math.isnan(hi) or lo > hi:
        raise v.ParameterError("interval", "a function returning ends lo ≤ hi (no NaN)",
                               f"({lo!r}, {hi!r}) at trial {trial}")
    return lo, hi


def interval_coverage(draw, interval, truth, *, delta=None, confidence=None, trials=1000, seed=0,
                      method="interval", guarantee="asymptotic", source="", limits=(0.0, 1.0),
                      progress=None) -> MethodCoverage:
    """How often ``interval(*draw(rng))`` contains `truth`, over `trials` data sets.

    `draw` is called with a numpy Generator — trial t's from ``SeedSequence(seed,
    spawn_key=(2, t))``, so that a seed gives the same trials everywhere — and returns the
    arguments of `interval` (a tuple, or one argument). `interval` returns the ends, as a
    pair ``(lo, hi)`` or an object with ``lo`` and ``hi`` (an :class:`~aucbound.Interval`
    row). δ (0.05 unless `delta` or `confidence` is given) is the level the procedure was
    asked for, recorded with the row and used by ``below_nominal``; `method`, `guarantee`
    (one of :data:`aucbound.GUARANTEES`) and `source` label the row. An interval is counted
    vacuous when it spans `limits`, the range of the quantity. `progress(done, trials)` is
    called after each trial.

    >>> import aucbound as ab
    >>> def draw(rng):
    ...     labels = np.r_[np.ones(30), np.zeros(30)]
    ...     return labels, np.r_[rng.normal(1, 1, 30), rng.normal(0, 1, 30)]
    >>> def delong_95(labels, scores):
    ...     return ab.intervals(labels, scores, methods=["delong"])["delong"]
    >>> row = interval_coverage(draw, delong_95, truth=0.7602499389065233, trials=200, method="delong")
    >>> row.trials, 0.85 < row.coverage <= 1
    (200, True)
    """
    delta = v.failure_probability(delta, confidence)
    trials = v.count("trials", trials, maximum=MAX_TRIALS)
    seed = v.count("seed", seed, minimum=0)
    truth = v.real("truth", truth, scalar=True)
    if not math.isfinite(truth):
        raise v.fail("truth", "a finite number", truth)
    if not callable(draw):
        raise v.ParameterTypeError("draw", "a function draw(rng) returning the interval's arguments", v.show(draw))
    if not callable(interval):
        raise v.ParameterTypeError("interval", "a function returning (lo, hi)", v.show(interval))
    if guarantee not in GUARANTEES:
        raise v.ParameterError("guarantee", f"one of {', '.join(GUARANTEES)}", guarantee)
    low, high = (v.real("limits", x, scalar=True) for x in limits)
    tick = _counter(progress, trials)
    ends = np.empty((trials, 2))
    for t in range(trials):
        data = draw(np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(2, t))))
        ends[t] = _ends(interval(*data) if isinstance(data, tuple) else interval(data), t)
        tick(1)
    return method_coverage(str(method), guarantee, str(source), delta, truth, ends[:, 0], ends[:, 1],
                           limits=(low, high))
