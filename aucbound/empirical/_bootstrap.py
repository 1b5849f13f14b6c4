"""The stratified bootstrap of Â: resampled AUCs, and percentile and BCa intervals.

Efron (1979), Ann. Statist. 7; Efron (1987), *Better bootstrap confidence intervals*, JASA
82 (BCa); Efron & Tibshirani (1993), *An Introduction to the Bootstrap*, §13–14; Davison &
Hinkley (1997), *Bootstrap Methods and their Application*, §3.2 and §5.3 (several samples).

Each resample draws m positives from the m positives and n negatives from the n negatives,
with replacement (stratified by class), so it never has a single class: Â* is always
defined. The resampling loop and its random stream are in :mod:`._resampling`.

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
(linear interpolation, Hyndman & Fan type 7). Both work at any δ: at δ = 1e-20 the levels
are beyond every resample and the ends are the smallest and largest Â*.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _normal
from .. import _validate as v
from ..bounds import METHODS, Interval, Method, register
from ._auc import groups
from ._columns import columns
from ._sample import Sample
from ._weights import WeightedSample, check_kind, kind_without_weights, repeated_classes, weighted_rows

__all__ = ["bootstrap_aucs", "bootstrap_interval", "resampling_sample"]



def _bca(sample: Sample, delta: float) -> tuple[float, float]:
    return _bca_ends(sample.resampled_aucs(), sample.auc, _acceleration(*sample.components(), sample.auc), delta)


def _percentile_ends(sample: Sample, delta: float) -> tuple[float, float]:
    lo, hi = np.quantile(sample.resampled_aucs(), [delta / 2, 1 - delta / 2])
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
    if denominator <= 0 or math.isinf(shift):
        return limit
    return _normal.cdf(z0 + shift / denominator)


def _bca_ends(values: np.ndarray, auc: float, a: float, delta: float) -> tuple[float, float]:
    """BCa's ends from the resampled AUCs, the estimate and the acceleration."""
    count = values.shape[0]
    below = np.count_nonzero(values < auc) + 0.5 * np.count_nonzero(values == auc)
    p0 = min(max(below / count, 0.5 / count), 1 - 0.5 / count)
    z0 = _normal.quantile(p0)
    z = _normal.upper_quantile(math.log(delta) - math.log(2.0))
    levels = [_bca_level(z0, a, -z, 0.0), _bca_level(z0, a, z, 1.0)]
    lo, hi = np.quantile(values, levels)
    return float(lo), float(hi)


register(Method(
    "bootstrap-percentile", "stratified bootstrap, percentile", "Efron 1979; Efron & Tibshirani 1993, §13",
    "asymptotic", "the δ/2 and 1 − δ/2 quantiles of Â over stratified resamples",
    needs=("scores",), data=_percentile_ends,
))
register(Method(
    "bootstrap-bca", "stratified bootstrap, BCa", "Efron 1987; Davison & Hinkley 1997, §3.2",
    "asymptotic", "bias-corrected and accelerated quantiles; the jackknife acceleration in closed form",
    needs=("scores",), data=_bca,
))

def _settings(resamples, seed, workers) -> tuple[int, int | None, int]:
    from ._resampling import MAX_RESAMPLES

    return v.count("resamples", resamples, maximum=MAX_RESAMPLES), v.seed("seed", seed), v.workers("workers", workers)


def bootstrap_aucs(labels, scores, *, resamples=2000, seed=0, pos_label=None, data=None, nan_policy="raise",
                   workers=-1, progress=None, sample_weight=None, weight_kind=None) -> np.ndarray:
    """Â of each of `resamples` stratified bootstrap resamples, as a float64 array.

    Each resample keeps m positives and n negatives, so it always has both classes. The
    same `seed` gives the same resamples on every machine, compiled loop or not, with any
    number of threads; ``seed=None`` draws fresh ones. `workers` threads draw them: an
    integer ≥ 1, or −1 (the default) for one per core this process may use; pass 1 when the
    call itself runs inside parallel code of your own. `progress(done, total)` is called as the
    resamples are drawn (the work is limited up front: resamples × (m + n) at most 5·10⁹ items
    drawn, about a minute of one core). `data` and `nan_policy` as for
    :func:`aucbound.auc`.

    Case weights (`sample_weight`) need `weight_kind`: ``"frequency"`` resamples the rows
    repeated w times (the same values, for the same seed, as the repeated data; a total weight of
    at most 10⁸); ``"sampling"`` draws m of the m positive rows and n of the n negative ones (rows
    of positive weight) with replacement, each carrying its weight, and gives the weighted AUC of
    each resample (resamples × (m + n) at most 5·10⁸).

    >>> values = bootstrap_aucs([0, 0, 0, 0, 1, 1, 1, 1], [-2, -1, 3, 4, 1, 2, 5, 6], resamples=5)
    >>> values.tolist()
    [0.75, 0.625, 0.75, 0.75, 0.875]
    """
    kind_without_weights(sample_weight, weight_kind)
    return _sample(labels, scores, resamples, seed, pos_label, data, nan_policy, workers, progress, sample_weight,
                   weight_kind).resampled_aucs().copy()


def bootstrap_interval(labels, scores, *, delta=None, confidence=None, method="bootstrap-bca", resamples=2000, seed=0,
                       pos_label=None, data=None, nan_policy="raise", workers=-1, progress=None,
                       sample_weight=None, weight_kind=None) -> Interval:
    """The stratified bootstrap interval for the AUC: BCa (``bootstrap-bca``) or percentile.

    At confidence 1 − δ, δ = 0.05 unless `delta` or `confidence` is given. `resamples`,
    `seed`, `workers` and `progress` as for :func:`bootstrap_aucs`; `data` and `nan_policy`
    as for :func:`aucbound.auc`; `sample_weight` and `weight_kind` as for :func:`bootstrap_aucs`
    (BCa's acceleration then reads each row's influence value, w_i(V10_i − Â_w)/W₊ for a positive).

    >>> labels = [0, 0, 0, 0, 1, 1, 1, 1, 0, 1]
    >>> scores = [-2, -1, 3, 4, 1, 2, 5, 6, 0.5, 2.5]
    >>> result = bootstrap_interval(labels, scores, method="bootstrap-percentile")
    >>> result.guarantee, result.lo, result.hi
    ('asymptotic', 0.4, 1.0)
    >>> weighted = bootstrap_interval(labels, scores, method="bootstrap-percentile", sample_weight=[1, 2] * 5,
    ...                               weight_kind="sampling")
    >>> weighted.m, weighted.n, round(weighted.estimate, 4)
    (5, 5, 0.7321)
    """
    kind_without_weights(sample_weight, weight_kind)
    delta = v.failure_probability(delta, confidence)
    resampling = {key: spec for key, spec in METHODS.items() if spec.needs_scores}
    spec = resampling[v.choice("method", method, resampling)]
    sample = _sample(labels, scores, resamples, seed, pos_label, data, nan_policy, workers, progress, sample_weight,
                     weight_kind)
    return sample.row(spec, delta)


def _sample(labels, scores, resamples, seed, pos_label, data, nan_policy, workers, progress, sample_weight,
            weight_kind):
    """The checked data, ready to resample: a :class:`Sample`, or with case weights the sample of
    their kind (:func:`resampling_sample`)."""
    resamples, seed, workers = _settings(resamples, seed, workers)
    v.progress("progress", progress)
    labels, scores, weights = columns(("labels", labels), ("scores", scores), ("sample_weight", sample_weight),
                                      data=data, nan_policy=nan_policy)
    settings = dict(resamples=resamples, seed=seed, workers=workers, progress=progress)
    if weights is not None:
        return resampling_sample(labels, scores, weights, pos_label, weight_kind, **settings)
    return Sample(*groups(labels, scores, pos_label), **settings)


def resampling_sample(labels, scores, weights, pos_label, weight_kind, **settings):
    """The bootstrap's view of weighted data: a :class:`Sample` of the repeated rows for
    frequency weights, a :class:`WeightedSample` for sampling weights (`weight_kind` required)."""
    kind = check_kind(weight_kind, needed=True)
    rows = weighted_rows(labels, scores, weights, pos_label, kind)
    if kind == "frequency":
        return Sample(*repeated_classes(rows), **settings)
    return WeightedSample(rows, **settings)
