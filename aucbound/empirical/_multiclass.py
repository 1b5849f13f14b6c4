"""The multiclass AUC with intervals: Hand & Till's M, one-vs-rest and one-vs-one.

The statistics and their DeLong-type covariance are in :mod:`._multiclass_stats`, the checks
of the data in :mod:`._multiclass_data`. Intervals, at confidence 1 − δ:

- ``delong``: M̂ ± z·√(wᵀΣ̂w), Σ̂ the DeLong-type covariance of the components (asymptotic);
- ``mcdiarmid``: M̂ ± √(ln(2/δ)/2 · Σ_r n_r b_r²), b_r = (1/n_r) Σ_{c ∋ r} w_c. Each case of class r
  moves every component it takes part in by at most 1/n_r, so M̂ by at most b_r; with the
  classes' cases independent, McDiarmid's (1989) inequality bounds M̂ − E M̂ on both sides, and
  E M̂ is the true M (each component is an unbiased U-statistic). Distribution-free;
- ``bootstrap-percentile`` and ``bootstrap-bca``: the bootstrap stratified by class (each
  resample keeps the class sizes, so the weights stay fixed), drawn by
  :func:`._resampling.map_strata`; BCa's acceleration from the several-sample jackknife
  (Davison & Hinkley 1997, §3.2), as for two classes.

With case weights (:mod:`._multiclass_weighted`): for frequency weights every row is that of
the rows repeated w times (``mcdiarmid`` with the class sizes W_r, the bootstrap drawing from
the repeated rows); for sampling weights the ``delong`` row alone, with the sandwich covariance.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from .. import _normal
from .. import _validate as v
from .._result_base import exact_ratio
from ._bootstrap import _bca_ends
from ._multiclass_data import ClassData, class_data
from ._multiclass_stats import Statistics
from ._multiclass_weighted import WeightedClassStatistics
from ._resampling import MAX_RESAMPLES, MAX_WORK, map_strata
from ._results import MulticlassAUC, MulticlassInterval
from ._weights import check_kind, kind_without_weights

__all__ = ["MULTICLASS_METHODS", "multiclass_auc"]

#: The interval methods of :func:`multiclass_auc`: (name, source, guarantee).
MULTICLASS_METHODS = {
    "delong": ("DeLong-type, Wald", "DeLong et al. 1988; Hand & Till 2001", "asymptotic"),
    "mcdiarmid": ("bounded differences", "McDiarmid 1989", "distribution-free"),
    "bootstrap-percentile": ("stratified bootstrap, percentile", "Efron & Tibshirani 1993, §13", "asymptotic"),
    "bootstrap-bca": ("stratified bootstrap, BCa", "Efron 1987; Davison & Hinkley 1997, §3.2", "asymptotic"),
}
#: The rows given when no methods are named (the bootstrap's are added when resamples are given).
DEFAULT_METHODS = ("delong", "mcdiarmid")
#: Bootstrap resamples when a bootstrap method is named without a number.
DEFAULT_RESAMPLES = 2000


def _methods(methods, resamples) -> tuple[list[str], int | None]:
    if resamples is not None:
        resamples = v.count("resamples", resamples, maximum=MAX_RESAMPLES)
    if methods is None:
        keys = list(DEFAULT_METHODS) + ([m for m in MULTICLASS_METHODS if m.startswith("bootstrap")]
                                        if resamples is not None else [])
    else:
        if isinstance(methods, str):
            methods = [methods]
        keys = [v.choice("methods", key, tuple(MULTICLASS_METHODS)) for key in methods]
        if not keys:
            raise v.fail("methods", f"at least one of {', '.join(MULTICLASS_METHODS)}", list(methods))
    if any(key.startswith("bootstrap") for key in keys):
        return keys, DEFAULT_RESAMPLES if resamples is None else resamples
    return keys, None


class _Bootstrap:
    """The stratified bootstrap of M̂: each component as sorted placements of its first class's
    cases among its second class's, so a resample's 2·n_p·n_q·Â*_c is one weighted sum:
    Σ_x w_p(x)·(C_q[L_x] + C_q[U_x]), C_q the cumulative draws of the second class in score order.
    M̂* = Σ_c w_c·Â*_c is summed exactly, as integers over a common denominator, and rounded once, as
    M̂ is: a resample that reproduces the data gives M̂ to the last bit (BCa's bias correction counts
    the resamples equal to M̂)."""

    def __init__(self, stats: Statistics):
        self.stats = stats
        self.plan = []
        factors = [stats.weights[c] / (2 * stats.sizes[comp.positive] * stats.sizes[comp.negative])
                   for c, comp in enumerate(stats.comps)]
        self.denominator = functools.reduce(math.lcm, (f.denominator for f in factors), 1)
        for factor, comp in zip(factors, stats.comps):
            mine, theirs = stats.pieces[comp.positive][comp.column], stats.pieces[comp.negative][comp.column]
            order = np.argsort(theirs, kind="stable")
            ordered = theirs[order]
            lower = np.searchsorted(ordered, mine, side="left")
            upper = np.searchsorted(ordered, mine, side="right")
            self.plan.append((comp.positive, comp.negative, order, lower, upper,
                              int(factor * self.denominator)))

    def __call__(self, *draws) -> float:
        sizes = self.stats.sizes
        counts = [np.bincount(draw, minlength=size) for draw, size in zip(draws, sizes)]
        total = 0
        for positive, negative, order, lower, upper, factor in self.plan:
            below = np.zeros(sizes[negative] + 1, dtype=np.int64)
            np.cumsum(counts[negative][order], out=below[1:])
            total += factor * int(np.dot(counts[positive], below[lower] + below[upper]))
        return exact_ratio(total, self.denominator)

    def values(self, resamples: int, seed, workers: int, progress) -> np.ndarray:
        items = sum(self.stats.sizes) * len(self.stats.comps)
        v.at_most("resamples", resamples, max(1, MAX_WORK // items),
                  why=f" for {items:,} case-components (at most {MAX_WORK:,} in all)")
        return np.fromiter(map_strata(self, self.stats.sizes, resamples, seed, workers=workers, progress=progress),
                           dtype=np.float64, count=resamples)


def _acceleration(deviations: list[np.ndarray]) -> float:
    """BCa's a from the jackknife influence values of several strata (Davison & Hinkley 1997, §3.2)."""
    spread = sum(float(np.dot(d, d)) / d.shape[0] ** 2 for d in deviations)
    if spread == 0:
        return 0.0
    return sum(float(np.sum(d**3)) / d.shape[0] ** 3 for d in deviations) / (6.0 * spread**1.5)


def _mcdiarmid(stats: Statistics, delta: float) -> float:
    """The half-width √(ln(2/δ)/2 · Σ_r n_r b_r²) (see the module docstring)."""
    reach = [0.0] * len(stats.sizes)
    for c, comp in enumerate(stats.comps):
        for r in {comp.positive, comp.negative}:
            reach[r] += float(stats.weights[c])
    total = sum((b / n) ** 2 * n for b, n in zip(reach, stats.sizes))
    return math.sqrt((math.log(2.0) - math.log(delta)) / 2.0 * total)


def _row(key: str, delta: float, estimate: float, lo: float, hi: float, guarantee: str | None = None):
    name, source, kind = MULTICLASS_METHODS[key]
    lo, hi = min(max(lo, 0.0), 1.0), min(max(hi, 0.0), 1.0)
    if guarantee is None:
        guarantee = "vacuous" if lo <= 0 and hi >= 1 else kind
    return MulticlassInterval(method=key, delta=delta, estimate=estimate, lo=lo, hi=hi, guarantee=guarantee,
                              name=name, source=source)


def _rows(stats, keys, delta, estimate, variance, resamples, seed, workers, progress, resampled_stats=None):
    """The interval rows; the bootstrap's drawn from `resampled_stats` (the unweighted statistics of the
    data, or of the rows repeated w times for frequency weights), `stats` read for the others."""
    z = _normal.upper_quantile(math.log(delta) - math.log(2.0))
    resampled = None
    rows = []
    for key in keys:
        if key == "delong":
            if variance is None:  # a class of one case: no spread to estimate
                rows.append(_row(key, delta, estimate, 0.0, 1.0))
                continue
            half = z * math.sqrt(variance)
            rows.append(_row(key, delta, estimate, estimate - half, estimate + half))
        elif key == "mcdiarmid":
            half = _mcdiarmid(stats, delta)
            rows.append(_row(key, delta, estimate, estimate - half, estimate + half))
        else:
            drawn = stats if resampled_stats is None else resampled_stats
            if resampled is None:
                resampled = _Bootstrap(drawn).values(resamples, seed, workers, progress)
            if key == "bootstrap-percentile":
                lo, hi = np.quantile(resampled, [delta / 2, 1 - delta / 2])
            else:
                lo, hi = _bca_ends(resampled, estimate, _acceleration(drawn.influence()), delta)
            rows.append(_row(key, delta, estimate, float(lo), float(hi)))
    return tuple(rows)


#: The most total weight the bootstrap rows take with frequency weights: they draw from the rows repeated w times.
MAX_EXPANDED = 10**6
#: Why the rows other than ``delong`` are left out with sampling weights.
SAMPLING_LEFT_OUT = ("McDiarmid's bound reads the class sizes of equally weighted independent draws, which sampling "
                     "weights do not give, and the bootstrap is not weighted")


def _weighted_keys(keys: list[str], methods, resamples, weight_kind: str) -> tuple[list[str], str | None]:
    """(the rows, why the others are left out) with weights of `weight_kind`: every row for frequency
    weights, ``delong`` (the sandwich variance) alone for sampling weights."""
    if weight_kind == "frequency":
        return keys, None
    if resamples is not None:
        raise v.ParameterError("resamples", f"None with sampling weights ({SAMPLING_LEFT_OUT})", v.show(resamples),
                               others=("sample_weight",))
    if methods is not None:
        for key in keys:
            if key != "delong":
                raise v.ParameterError("methods", f"'delong' alone with sampling weights ({SAMPLING_LEFT_OUT})",
                                       repr(key))
    left = ", ".join(key for key in MULTICLASS_METHODS if key != "delong")
    return ["delong"], f"{left}: {SAMPLING_LEFT_OUT}"


def _repeated(data: ClassData) -> ClassData:
    """The data with each row repeated w times (frequency weights), for the bootstrap rows; refused
    beyond :data:`MAX_EXPANDED` rows."""
    total = int(data.weights.sum())
    if total > MAX_EXPANDED:
        raise v.ParameterError("sample_weight", f"of a total at most {MAX_EXPANDED:,} for the bootstrap rows, which "
                               "draw from the rows repeated w times (leave the bootstrap out: the delong and "
                               "mcdiarmid rows take any total)", f"a total of {total:,}")
    rows = np.repeat(np.arange(data.codes.shape[0]), data.weights)
    codes = data.codes[rows]
    sizes = tuple(int(size) for size in np.bincount(codes, minlength=data.k))
    return ClassData(codes=codes, classes=data.classes, sizes=sizes,
                     columns=tuple(np.ascontiguousarray(column[rows]) for column in data.columns), names=data.names)


def multiclass_auc(labels, scores, *, kind="hand-till", average="macro", classes=None, delta=None, confidence=None,
                   methods=None, resamples=None, seed=0, workers=-1, progress=None, data=None,
                   nan_policy="raise", sample_weight=None, weight_kind=None) -> MulticlassAUC:
    """The multiclass AUC — Hand & Till's M, one-vs-rest or one-vs-one — with confidence intervals.

    Parameters
    ----------
    labels
        One label per case, of k ≥ 2 classes (any values: strings, integers, …).
    scores
        An (N, k) array (or list of rows, or DataFrame), column j scoring class j, as
        scikit-learn's ``y_score``; or with `data`, a list of k column names. Columns named after
        the classes go to the class of their name (as pROC matches them). One column (a 1-D
        array, or one name) is a single predictor expected to grow with the class, in the
        classes' order (pROC's vector predictor with ``direction = "<"``; ``kind="hand-till"``
        only). Scores need not be probabilities: only their order within each column counts.
    kind : {"hand-till", "ovr", "ovo"}
        Hand & Till's (2001) M (pROC's ``multiclass.roc``), or scikit-learn's one-vs-rest or
        one-vs-one (``roc_auc_score(multi_class=…)``); ``"ovo"`` with ``average="macro"`` is M.
    average : {"macro", "weighted"}
        The plain mean of the pairs (or classes), or weighted by prevalence as scikit-learn does.
    classes : list, optional
        The classes in the order of the score columns (scikit-learn's ``labels=``); without it,
        the labels' distinct values in sorted order.
    delta, confidence
        Failure probability (0.05 unless given), or the confidence 1 − δ.
    methods : sequence of str, optional
        Of ``delong``, ``mcdiarmid``, ``bootstrap-percentile``, ``bootstrap-bca``. Without it,
        ``delong`` and ``mcdiarmid``, and the bootstrap rows when `resamples` is given.
    resamples, seed, workers, progress
        The bootstrap stratified by class: resamples (2000 when a bootstrap method is named
        without it), seed (None: fresh entropy), threads (−1: one per core) and
        ``progress(done, total)``, as for :func:`aucbound.intervals`.
    data, nan_policy
        A DataFrame whose columns `labels` and `scores` name, and what to do with missing values,
        as for :func:`aucbound.auc`.

    sample_weight, weight_kind
        Case weights (one per case, ≥ 0; a column name with `data`) and what they mean:
        ``"frequency"`` (whole numbers, each case occurring w times: every row is that of the
        repeated data, class sizes the total weights W_r; the bootstrap rows draw from the
        repeated rows, at most :data:`MAX_EXPANDED` of them) or ``"sampling"`` (sampling or
        importance weights: the ``delong`` row alone, with the sandwich covariance; ``left_out``
        says why the others are left out). Each component is the weighted AUC of its two
        classes and prevalence is total weight, as scikit-learn's ``roc_auc_score(…,
        sample_weight=…)`` for one-vs-rest (scikit-learn takes no weights for one-vs-one; here
        it is the same average of the weighted pairwise AUCs).

    Returns
    -------
    MulticlassAUC
        The estimate, the averaged AUCs (per pair or per class), the components Â(i|j), their
        covariance and one interval row per method.

    Examples
    --------
    >>> labels = ["a", "b", "c", "a", "b", "c", "a", "b", "c", "c"]
    >>> scores = [[0.7, 0.2, 0.1], [0.3, 0.5, 0.2], [0.2, 0.2, 0.6], [0.5, 0.4, 0.1], [0.4, 0.3, 0.3],
    ...           [0.1, 0.5, 0.4], [0.3, 0.3, 0.4], [0.2, 0.6, 0.2], [0.3, 0.3, 0.4], [0.1, 0.2, 0.7]]
    >>> result = multiclass_auc(labels, scores)
    >>> round(result.estimate, 6), result.sizes  # scikit-learn's roc_auc_score(labels, scores, multi_class="ovo")
    (0.895833, (3, 3, 4))
    >>> [(row.method, round(row.lo, 4), round(row.hi, 4), row.guarantee) for row in result.rows]
    [('delong', 0.7304, 1.0, 'asymptotic'), ('mcdiarmid', 0.029, 1.0, 'distribution-free')]
    >>> round(multiclass_auc(labels, scores, kind="ovr", average="weighted").estimate, 6)
    0.904762
    >>> weights = [2, 1, 1, 1, 3, 1, 1, 2, 1, 1]  # the rows repeated w times: scikit-learn's "ovo" gives 0.894097
    >>> weighted = multiclass_auc(labels, scores, sample_weight=weights, weight_kind="frequency")
    >>> round(weighted.estimate, 6), weighted.sizes, weighted.weights
    (0.894097, (4, 6, 4), 'frequency')
    """
    delta = v.failure_probability(delta, confidence)
    seed = v.seed("seed", seed)
    workers = v.workers("workers", workers)
    v.progress("progress", progress)
    keys, resamples = _methods(methods, resamples)
    weighted = sample_weight is not None
    if weighted:
        weight_kind = check_kind(weight_kind, needed=True)
        keys, left_out = _weighted_keys(keys, methods, resamples, weight_kind)
    else:
        kind_without_weights(sample_weight, weight_kind)
    checked = class_data(labels, scores, classes=classes, data=data, nan_policy=nan_policy,
                         sample_weight=sample_weight, weight_kind=weight_kind)
    if weighted:
        stats = WeightedClassStatistics(checked, kind, average, weight_kind)
        resampled_stats = Statistics(_repeated(checked), kind, average) if resamples is not None else None
    else:
        stats, resampled_stats, left_out = Statistics(checked, kind, average), None, None
    estimate = float(stats.estimate)
    exact_variance = stats.variance(dict(enumerate(stats.weights)))
    variance = None if exact_variance is None else float(exact_variance)
    names = checked.classes
    return MulticlassAUC(
        estimate=estimate,
        kind=kind,
        average=average,
        classes=names,
        sizes=stats.sizes,
        delta=delta,
        variance=variance,
        parts=tuple(tuple(names[r] for r in part.classes) for part in stats.parts),
        part_aucs=tuple(float(stats.combination(part.coefficients)) for part in stats.parts),
        part_weights=tuple(float(part.weight) for part in stats.parts),
        components=tuple((names[c.positive], names[c.negative]) for c in stats.comps),
        component_aucs=tuple(float(stats.component_auc(c)) for c in range(len(stats.comps))),
        covariance=stats.covariance(),
        rows=_rows(stats, keys, delta, estimate, variance, resamples, seed, workers, progress, resampled_stats),
        resamples=resamples,
        seed=seed if resamples is not None else None,
        weights=weight_kind if weighted else None,
        left_out=left_out,
    )
