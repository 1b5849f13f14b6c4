"""The stratified bootstrap of Â: resampled AUCs, and percentile and BCa intervals.

Efron (1979), Ann. Statist. 7; Efron (1987), *Better bootstrap confidence intervals*, JASA
82 (BCa); Efron & Tibshirani (1993), *An Introduction to the Bootstrap*, §13–14; Davison &
Hinkley (1997), *Bootstrap Methods and their Application*, §3.2 and §5.3 (several samples).

Each resample draws m positives from the m positives and n negatives from the n negatives,
with replacement (stratified by class), so it never has a single class: Â* is always
defined. Scores are sorted once. A resample is then a count per item, w⁺ (m counts summing
to m) and w⁻ (n counts summing to n), and with L_i and E_i the negatives below and tied
with the i-th smallest positive, and C⁻[k] the number of draws among the k smallest negatives,

    2mn·Â* = Σ_i w⁺_i (C⁻[L_i] + C⁻[L_i + E_i]),

exact in integers: per resample, n + m random indices, a counting pass and a cumulative sum
over the negatives, a counting pass and a sequential sum over the positives, with no sort.
That loop is the package's one compiled module (``_resample.c``), at 4–6 ns per drawn item
(2000 resamples of 10⁵ items in about 1.1 s on one core). Resamples are drawn in fixed
blocks of :data:`BLOCK`, block b from PCG64 seeded by the b-th child of
``SeedSequence(seed)`` (as ``numpy.random.PCG64`` seeds itself), on as many threads as
there are cores, so a seed gives the same resamples on every machine. Within a resample
the n negatives' indices are drawn first, then the m positives'; each index comes from the
next 32-bit half of the generator's output (low half first) by Lemire's exact
multiply-and-reject (Lemire 2019, ACM TOMACS 29).

BCa's acceleration comes from the jackknife. For Â it has a closed form: leaving out
positive i gives (mÂ − V10_i)/(m − 1) and leaving out negative j gives (nÂ − V01_j)/(n − 1),
so the jackknife influence values are V10_i − Â and V01_j − Â, and with the several-sample
formula for stratified data (Davison & Hinkley 1997, §3.2; the form scipy.stats.bootstrap uses)

    a = Σ_i (V10_i − Â)³/m³ + Σ_j (V01_j − Â)³/n³  over  6·(Σ_i (V10_i − Â)²/m² + Σ_j (V01_j − Â)²/n²)^{3/2},

taken as 0 when the denominator is 0. The bias correction is z0 = Φ⁻¹(p0) with
p0 = (#{Â* < Â} + ½·#{Â* = Â})/B, ties at Â counted ½ as in Â itself, kept within
[1/(2B), 1 − 1/(2B)] so that z0 is finite. The BCa levels are
Φ(z0 + (z0 + z)/(1 − a(z0 + z))) at z = ±Φ⁻¹(1 − δ/2); where 1 − a(z0 + z) ≤ 0 the level is
taken at its limit, 0 for the lower end and 1 for the upper. Quantiles are numpy's default
(linear interpolation, Hyndman & Fan type 7).
"""

from __future__ import annotations

import os
from statistics import NormalDist

import numpy as np

from .. import _validate as v
from ..bounds.interval import Method
from ..results import Interval
from . import _resample
from ._rows import ends_row
from .auc import _groups, _placements

__all__ = ["bootstrap_aucs", "bootstrap_interval", "BOOTSTRAP_METHODS"]

#: Resamples drawn from one child seed; fixed, so results do not depend on the thread count.
BLOCK = 64

#: The two bootstrap intervals, as entries of the interval-method table.
BOOTSTRAP_METHODS = {
    spec.key: spec
    for spec in (
        Method(
            "bootstrap-percentile", "stratified bootstrap, percentile", "Efron 1979; Efron & Tibshirani 1993, §13",
            "asymptotic", False, (), None,
        ),
        Method("bootstrap-bca", "stratified bootstrap, BCa", "Efron 1987; Davison & Hinkley 1997, §3.2", "asymptotic", False, (), None),
    )
}

_STANDARD = NormalDist()


def _workers() -> int:
    """Threads for the resamples: one per core this process may run on (at most 8).

    The compiled loop releases the GIL, and the resamples never depend on the thread count.
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(cores, 8))


def _sorted_placements(pos: np.ndarray, neg: np.ndarray):
    """:func:`._placements` after sorting `pos` and `neg` in place."""
    pos.sort()
    neg.sort()
    return _placements(pos, neg)


def _twice_u_resampled(placements, resamples: int, seed) -> np.ndarray:
    """2mn·Â* for each of `resamples` stratified resamples, from the sorted classes' placements."""
    below, tied_pos, above, _ = placements
    m, n = below.shape[0], above.shape[0]
    v.at_most("labels", max(m, n), 2**32 - 2, shown="the larger class", why=" (items) for the bootstrap")
    v.at_most("labels", 2 * m * n, 2**63 - 1, shown="2mn", why=" for the bootstrap's integer sums")
    lower = np.ascontiguousarray(below, dtype=np.int64)
    upper = np.ascontiguousarray(below + tied_pos, dtype=np.int64)
    starts = range(0, resamples, BLOCK)
    seeds = np.random.SeedSequence(seed).spawn(len(starts))
    out = np.empty(resamples, dtype=np.int64)

    def run(k):
        words = seeds[k].generate_state(4, np.uint64)
        _resample.twice_u(lower, upper, n, words, out[starts[k] : starts[k] + BLOCK])

    workers = min(_workers(), len(starts))
    if workers == 1:
        for k in range(len(starts)):
            run(k)
    else:
        from concurrent.futures import ThreadPoolExecutor  # only here: keeps the CLI's start-up short

        with ThreadPoolExecutor(workers) as pool:
            list(pool.map(run, range(len(starts))))
    return out


def bootstrap_aucs(scores, labels, *, resamples=2000, seed=0, pos_label=None) -> np.ndarray:
    """Â of each of `resamples` stratified bootstrap resamples, as a float64 array.

    Each resample keeps m positives and n negatives, so it always has both classes. The
    same `seed` gives the same resamples on every machine; ``seed=None`` draws fresh ones.

    >>> values = bootstrap_aucs([-2, -1, 3, 4, 1, 2, 5, 6], [0, 0, 0, 0, 1, 1, 1, 1], resamples=5)
    >>> values.tolist()
    [0.75, 0.625, 0.75, 0.75, 0.875]
    """
    resamples = v.count("resamples", resamples)
    seed = v.seed("seed", seed)
    pos, neg = _groups(scores, labels, pos_label)
    m, n = pos.shape[0], neg.shape[0]
    return _twice_u_resampled(_sorted_placements(pos, neg), resamples, seed) / (2.0 * m * n)


def _percentile_ends(values: np.ndarray, delta: float) -> tuple[float, float]:
    lo, hi = np.quantile(values, [delta / 2, 1 - delta / 2])
    return float(lo), float(hi)


def _acceleration(v10: np.ndarray, v01: np.ndarray, auc: float) -> float:
    """BCa's a from the jackknife influence values V10_i − Â and V01_j − Â."""
    m, n = v10.shape[0], v01.shape[0]
    d10, d01 = v10 - auc, v01 - auc
    spread = float(np.dot(d10, d10)) / m**2 + float(np.dot(d01, d01)) / n**2
    if spread == 0:
        return 0.0
    skew = float(np.sum(d10**3)) / m**3 + float(np.sum(d01**3)) / n**3
    return skew / (6.0 * spread**1.5)


def _bca_level(z0: float, a: float, z: float, limit: float) -> float:
    shift = z0 + z
    denominator = 1.0 - a * shift
    if denominator <= 0:
        return limit
    return _STANDARD.cdf(z0 + shift / denominator)


def _bca_ends(values: np.ndarray, auc: float, a: float, delta: float) -> tuple[float, float]:
    count = values.shape[0]
    below = np.count_nonzero(values < auc) + 0.5 * np.count_nonzero(values == auc)
    p0 = min(max(below / count, 0.5 / count), 1 - 0.5 / count)
    z0 = _STANDARD.inv_cdf(p0)
    z = _STANDARD.inv_cdf(1 - delta / 2)
    levels = [_bca_level(z0, a, -z, 0.0), _bca_level(z0, a, z, 1.0)]
    lo, hi = np.quantile(values, levels)
    return float(lo), float(hi)


def _bootstrap_rows(pos, neg, delta, methods, resamples, seed) -> list[Interval]:
    """One Interval per bootstrap method in `methods`, from one set of resamples."""
    m, n = pos.shape[0], neg.shape[0]
    placements = _sorted_placements(pos, neg)
    below, tied_pos, above, tied_neg = placements
    twice_pos, twice_neg = 2 * below + tied_pos, 2 * above + tied_neg
    auc = int(twice_pos.sum()) / (2 * m * n)
    values = _twice_u_resampled(placements, resamples, seed) / (2.0 * m * n)
    rows = []
    for key in methods:
        if key == "bootstrap-percentile":
            lo, hi = _percentile_ends(values, delta)
        else:
            a = _acceleration(twice_pos / (2.0 * n), twice_neg / (2.0 * m), auc)
            lo, hi = _bca_ends(values, auc, a, delta)
        rows.append(ends_row(key, BOOTSTRAP_METHODS[key].source, "asymptotic", m, n, delta, auc, lo, hi))
    return rows


def bootstrap_interval(scores, labels, delta, *, method="bootstrap-bca", resamples=2000, seed=0, pos_label=None) -> Interval:
    """The stratified bootstrap interval for the AUC: BCa (``bootstrap-bca``) or percentile.

    >>> scores = [-2, -1, 3, 4, 1, 2, 5, 6, 0.5, 2.5]
    >>> labels = [0, 0, 0, 0, 1, 1, 1, 1, 0, 1]
    >>> result = bootstrap_interval(scores, labels, 0.05, method="bootstrap-percentile")
    >>> result.guarantee, result.lo, result.hi
    ('asymptotic', 0.4, 1.0)
    """
    delta = float(v.probability("delta", delta))
    method = v.choice("method", method, BOOTSTRAP_METHODS)
    resamples = v.count("resamples", resamples)
    seed = v.seed("seed", seed)
    pos, neg = _groups(scores, labels, pos_label)
    return _bootstrap_rows(pos, neg, delta, [method], resamples, seed)[0]
