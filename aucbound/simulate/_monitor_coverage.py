r"""How often a confidence sequence for the AUC covers it at every look, beside repeated DeLong intervals.

Each simulated stream draws `cases` labelled cases, positive with probability `prevalence`,
scores from a scenario of :mod:`aucbound.simulate` with an exact AUC, and feeds them to an
:class:`aucbound.AUCMonitor` in batches of `batch`. A stream counts as covered by the
sequence when every checkpoint's [lo, hi] holds the true AUC, and as covered by repeated
DeLong when every checkpoint's Wald interval does (each look at level δ alone: the share
that some look misses grows with the number of looks). The Monte Carlo standard error of a
share p over T streams is √(p(1 − p)/T) (Morris, White & Crowther 2019).

At the checkpoints in `compare_at` the fixed-time bernstein interval of that look alone (at
level δ, from the whole prefix) is computed too, so that the price of time-uniformity can
be read off as a ratio of half-widths.
"""

from __future__ import annotations

import math
import warnings

import numpy as np

from .. import _validate as v
from ..bounds import bernstein_ends
from ..empirical import MONITOR_METHODS, AUCMonitor, delong, update_together
from ._results import MonitorCoverage
from ._scenarios import Scenario, scenario as named_scenario

__all__ = ["monitor_coverage", "MAX_MONITOR_CASES"]

#: The most cases × streams one call simulates.
MAX_MONITOR_CASES = 10**9
#: Streams advanced together (their epochs' half-widths computed in one call).
_BLOCK = 64


def _stream(rng, model: Scenario, cases: int, prevalence: float):
    labels = rng.random(cases) < prevalence
    m = int(labels.sum())
    pos, neg = model.sample(rng, m, cases - m, 1)
    scores = np.empty(cases)
    scores[labels], scores[~labels] = pos[0], neg[0]
    return labels, scores


def _fixed_time(look: int, streams, end: int) -> list:
    """(look, Â, p̂1, p̂2, m, n) of each stream's first `end` cases, p̂ clipped into [Â², Â], where each class
    has two cases."""
    found = []
    for labels, scores in streams:
        with warnings.catch_warnings():  # an AUC below ½ (at AUC 0.5, half the time) is no news here
            warnings.simplefilter("ignore", v.BelowChanceWarning)
            try:
                stats = delong(labels[:end], scores[:end])
            except v.ParameterError:  # a class with fewer than two cases
                continue
        found.append((look, stats.auc, _clip_p(stats.p1, stats.auc), _clip_p(stats.p2, stats.auc), stats.m, stats.n))
    return found


def _clip_p(p, auc):
    return min(max(auc * auc if p is None else p, auc * auc), auc)


def monitor_coverage(*, scenario="binormal", auc=0.8, prevalence=0.5, cases=10_000, batch=1000, delta=None,
                     confidence=None, method="bernstein", trials=200, compare_at=(1000, 10_000, 100_000), seed=0,
                     progress=None) -> MonitorCoverage:
    """Simultaneous coverage of :class:`aucbound.AUCMonitor`'s confidence sequence and of repeated DeLong
    intervals over `trials` simulated streams of `cases` cases, looked at after every `batch`.

    `scenario` is a scenario's name (``"binormal"``, ``"rating"`` for heavy ties, … at `auc`) or a
    :class:`~aucbound.simulate.Scenario`. Reports each share of streams covered at every
    checkpoint with its MCSE, the mean half-widths at every checkpoint, and at the checkpoints of
    `compare_at` (those the stream reaches) the mean fixed-time bernstein half-width. Half-widths are
    (hi − lo)/2 of the intervals as reported, clipped to [0, 1].

    >>> result = monitor_coverage(cases=2000, batch=200, trials=20, seed=3)
    >>> result.sequence_coverage, len(result.checkpoints), result.sequence_width[-1] > result.delong_width[-1]
    (1.0, 10, True)
    """
    model = scenario if isinstance(scenario, Scenario) else named_scenario(scenario, auc)
    prevalence = v.probability("prevalence", prevalence, scalar=True)
    if not 0 < prevalence < 1:
        raise v.fail("prevalence", "strictly between 0 and 1", prevalence)
    cases = v.count("cases", cases, minimum=2)
    batch = v.count("batch", batch, maximum=cases)
    delta = v.failure_probability(delta, confidence)
    method = v.choice("method", method, MONITOR_METHODS)
    trials = v.count("trials", trials)
    v.at_most("trials", trials * cases, MAX_MONITOR_CASES, why=" trials × cases")
    seed = v.seed("seed", seed)
    report = v.progress("progress", progress)
    checkpoints = np.minimum(np.arange(batch, cases + batch, batch), cases)
    looks = [int(c) for c in np.atleast_1d(compare_at) if int(c) in set(checkpoints.tolist())]
    truth = model.auc
    rng = np.random.default_rng(seed)
    sequence_hits = delong_hits = last_hits = 0
    sequence_width, delong_width = np.zeros(len(checkpoints)), np.zeros(len(checkpoints))
    fixed = []  # (look, Â, p̂1, p̂2, m, n) of each trial at each look of compare_at
    for first in range(0, trials, _BLOCK):  # a block of streams advances together, batch by batch
        streams = [_stream(rng, model, cases, prevalence) for _ in range(min(_BLOCK, trials - first))]
        monitors = [AUCMonitor(delta=delta, method=method) for _ in streams]
        sequence_ok, delong_ok = np.ones(len(streams), dtype=bool), np.ones(len(streams), dtype=bool)
        start = 0
        for k, end in enumerate(checkpoints.tolist()):
            rows = update_together(monitors, [(labels[start:end], scores[start:end], None) for labels, scores in streams])
            start = end
            lo, hi = np.array([row.lo for row in rows]), np.array([row.hi for row in rows])
            d_lo, d_hi = np.array([row.delong_lo for row in rows]), np.array([row.delong_hi for row in rows])
            sequence_ok &= (lo <= truth) & (truth <= hi)
            delong_ok &= (d_lo <= truth) & (truth <= d_hi)
            sequence_width[k] += np.sum(hi - lo) / 2
            delong_width[k] += np.sum(d_hi - d_lo) / 2
            if end in looks:
                fixed.extend(_fixed_time(looks.index(end), streams, end))
        sequence_hits += int(sequence_ok.sum())
        delong_hits += int(delong_ok.sum())
        last_hits += int(np.sum((d_lo <= truth) & (truth <= d_hi)))
        report(first + len(streams), trials)
    bernstein_width = [float("nan")] * len(looks)
    if fixed:
        where, *columns = (np.array(column) for column in zip(*fixed))
        _, lo, hi = bernstein_ends(*columns, math.log(delta))
        bernstein_width = [float(np.mean((hi - lo)[where == i] / 2)) for i in range(len(looks))]
    seq, dl, last = sequence_hits / trials, delong_hits / trials, last_hits / trials

    def mcse(p):
        return math.sqrt(p * (1 - p) / trials)

    return MonitorCoverage(
        scenario=model.name, description=model.description, true_auc=truth, prevalence=prevalence, cases=cases,
        batch=batch, delta=delta, method=method, trials=trials, seed=seed,
        sequence_coverage=seq, sequence_mcse=mcse(seq), delong_coverage=dl, delong_mcse=mcse(dl),
        delong_last_coverage=last, delong_last_mcse=mcse(last),
        checkpoints=tuple(checkpoints.tolist()), sequence_width=tuple((sequence_width / trials).tolist()),
        delong_width=tuple((delong_width / trials).tolist()), compare_at=tuple(looks),
        bernstein_width=tuple(bernstein_width),
    )
