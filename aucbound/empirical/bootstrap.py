"""The stratified bootstrap of Â: resampled AUCs, and percentile and BCa intervals.

Efron (1979), Ann. Statist. 7; Efron (1987), *Better bootstrap confidence intervals*, JASA
82 (BCa); Efron & Tibshirani (1993), *An Introduction to the Bootstrap*, §13–14; Davison &
Hinkley (1997), *Bootstrap Methods and their Application*, §3.2 and §5.3 (several samples).

Each resample draws m positives from the m positives and n negatives from the n negatives,
with replacement (stratified by class), so it never has a single class: Â* is always
defined. Scores are sorted once. A resample is then a count per item, w⁺ (m counts summing
to m) and w⁻ (n counts summing to n), and with L_i and E_i the negatives below and tied
with the i-th smallest positive, and C⁻[k] the number of draws among the k smallest negatives,

    2mn·Â* = Σ_i w⁺_i (C⁻[L_i] + C⁻[L_i + E_i])

(and the same with the classes' roles exchanged, for 2mn·(1 − Â*)), exact in int64: per
resample, m + n random indices (Lemire's exact method, two from each 64-bit random word),
one counting pass and one cumulative sum over the larger class, and a gather over the
smaller, with no sort. Resamples are drawn in fixed blocks, block b from the b-th child of
``SeedSequence(seed)``, on as many threads as there are idle cores, so a seed gives the same
resamples on every machine. Within a resample the larger class's indices are drawn first.

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
import sys
from statistics import NormalDist

import numpy as np

from .. import _validate as v
from ..bounds.interval import Method
from ..results import Interval
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

#: Where the low 32 bits of a uint64 sit when it is viewed as two uint32.
_LOW_HALF = slice(0, None, 2) if sys.byteorder == "little" else slice(1, None, 2)


def _workers() -> int:
    """Threads for the resamples: every core while one is to spare, else one.

    numpy's element-wise passes share memory bandwidth and the GIL between calls, so a
    second thread helps only on an otherwise idle core; a 1-minute load average of at least
    cores − ½ (this process counts one) means the cores are taken. The resamples never
    depend on the thread count.
    """
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    try:
        busy = os.getloadavg()[0] >= cores - 0.5
    except OSError:  # no load average on this system
        busy = False
    return 1 if busy else max(1, min(cores, 8))


def _uniform_indices(bits, size: int, bound: int) -> np.ndarray:
    """`size` independent integers uniform on [0, `bound`), bound < 2**32, as int64.

    Lemire's multiply-and-reject (Lemire 2019, ACM TOMACS 29): a uniform 32-bit x gives
    ⌊x·bound/2³²⌋ unless the low 32 bits of x·bound fall below (2³² − bound) mod bound, in
    which case x is replaced by a fresh one; the accepted values are exactly uniform. Each
    64-bit output of the bit generator gives two x; a rejection is rarer than bound/2³².
    """
    raw = bits.random_raw((size + 1) // 2).view(np.uint32)[:size]
    product = np.multiply(raw, np.uint64(bound), dtype=np.uint64)
    threshold = (2**32 - bound) % bound
    low = product.view(np.uint32)[_LOW_HALF]  # the low 32 bits of each product, without a copy
    reject = low < threshold
    rejected = np.flatnonzero(reject) if reject.any() else reject[:0]
    while rejected.size:
        fresh = bits.random_raw((rejected.size + 1) // 2).view(np.uint32)[: rejected.size]
        product[rejected] = np.multiply(fresh, np.uint64(bound), dtype=np.uint64)
        rejected = rejected[product[rejected].astype(np.uint32) < threshold]
    product >>= np.uint64(32)
    return product.view(np.int64)


def _resample_block(seed_sequence, count: int, counted: int, drawn: int, lower, upper) -> np.ndarray:
    """Σ_j w_j (C[lower_j] + C[upper_j]) over the `drawn` class, for `count` resamples (int64).

    C[k] is the number of draws among the k smallest items of the `counted` class, so the
    first draws of each resample are `counted` indices, counted; then `drawn` indices into
    the other class pick the terms of the sum directly (a gather, cheaper than counting).
    """
    bits = np.random.PCG64(seed_sequence)
    ties = not np.array_equal(lower, upper)  # some item ties with the other class
    cumulative = np.zeros(counted + 1, dtype=np.int64)
    out = np.empty(count, dtype=np.int64)
    for r in range(count):
        np.cumsum(np.bincount(_uniform_indices(bits, counted, counted), minlength=counted), out=cumulative[1:])
        terms = cumulative[lower]
        if ties:
            terms += cumulative[upper]
        total = int(terms.take(_uniform_indices(bits, drawn, drawn)).sum())
        out[r] = total if ties else 2 * total
    return out


def _sorted_placements(pos: np.ndarray, neg: np.ndarray):
    """:func:`._placements` after sorting `pos` and `neg` in place."""
    pos.sort()
    neg.sort()
    return _placements(pos, neg)


def _twice_u_resampled(placements, resamples: int, seed) -> np.ndarray:
    """2mn·Â* for each of `resamples` stratified resamples, from the sorted classes' placements.

    The larger class is counted and the smaller one gathered (the cheaper way round). Counting
    the negatives, Σ_i w⁺_i (C⁻[L_i] + C⁻[L_i + E_i]) = 2mn·Â*; counting the positives,
    Σ_j w⁻_j (C⁺[P⁻_j] + C⁺[P⁼_j]) = 2mn·(1 − Â*).
    """
    below, tied_pos, above, tied_neg = placements
    m, n = below.shape[0], above.shape[0]
    v.at_most("labels", max(m, n), 2**32 - 1, shown="the larger class", why=" (items) for the bootstrap")
    if n > m:
        counted, drawn, lower, upper = n, m, below, below + tied_pos
    else:
        counted, drawn, lower, upper = m, n, m - above - tied_neg, m - above
    blocks = [min(BLOCK, resamples - start) for start in range(0, resamples, BLOCK)]
    seeds = np.random.SeedSequence(seed).spawn(len(blocks))

    def run(k):
        return _resample_block(seeds[k], blocks[k], counted, drawn, lower, upper)

    workers = min(_workers(), len(blocks))
    if workers == 1:
        parts = [run(k) for k in range(len(blocks))]
    else:
        from concurrent.futures import ThreadPoolExecutor  # only here: keeps the CLI's start-up short

        with ThreadPoolExecutor(workers) as pool:
            parts = list(pool.map(run, range(len(blocks))))
    sums = np.concatenate(parts)
    return sums if n > m else 2 * m * n - sums


def bootstrap_aucs(scores, labels, *, resamples=2000, seed=0, pos_label=None) -> np.ndarray:
    """Â of each of `resamples` stratified bootstrap resamples, as a float64 array.

    Each resample keeps m positives and n negatives, so it always has both classes. The
    same `seed` gives the same resamples on every machine; ``seed=None`` draws fresh ones.

    >>> values = bootstrap_aucs([-2, -1, 3, 4, 1, 2, 5, 6], [0, 0, 0, 0, 1, 1, 1, 1], resamples=5)
    >>> values.tolist()
    [0.75, 0.875, 0.75, 0.75, 0.625]
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
    ('asymptotic', 0.36, 1.0)
    """
    delta = float(v.probability("delta", delta))
    method = v.choice("method", method, BOOTSTRAP_METHODS)
    resamples = v.count("resamples", resamples)
    seed = v.seed("seed", seed)
    pos, neg = _groups(scores, labels, pos_label)
    return _bootstrap_rows(pos, neg, delta, [method], resamples, seed)[0]
