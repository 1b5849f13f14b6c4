r"""The precision–recall curve, average precision, and the area under the curve with intervals.

**The curve** follows scikit-learn's ``precision_recall_curve`` (sklearn/metrics/_ranking.py):
a threshold t calls a case positive when its score is ≥ t; the thresholds are the distinct
scores in increasing order; ``precision[k]`` and ``recall[k]`` are those at
``thresholds[k]``, and one last point (recall 0, precision 1) has no threshold. Precision is
tp/(tp + fp) and recall tp/m, each one division of exact counts (of sums of weights with
``sample_weight``: rows of weight 0 are dropped first, so their scores are no thresholds,
as scikit-learn drops them). ``drop_intermediate`` keeps, of each run of thresholds with
the same tp, the first and the last. A data set must have both classes (scikit-learn
takes one and sets the recall to 1 with a warning): with no positive, recall and average
precision have no meaning.

**Average precision** is Σ_k (R_k − R_{k−1})·P_k, no interpolation (scikit-learn's
``average_precision_score``). The other estimators of the area Boyd, Eng & Page (2013)
compare are in :mod:`._pr_estimators`.

**Intervals for the area θ** (Boyd et al. 2013), at the estimate θ̂ of the chosen estimator,
with m the number of positives and z = Φ⁻¹(1 − δ/2):

- ``binomial``: θ̂ ± z·√(θ̂(1 − θ̂)/m), clipped to [0, 1] — Wald's interval with the variance
  of a proportion of m trials;
- ``logit``: expit(logit θ̂ ± z·τ̂), τ̂ = 1/√(m·θ̂(1 − θ̂)) — the same variance on the logit
  scale (by the delta method), mapped back; inside (0, 1). At θ̂ ∈ {0, 1} the logit is
  infinite and τ̂ too; the interval's limit there is all of [0, 1];
- ``bootstrap``: the stratified bootstrap's percentile interval (m positives drawn from the
  positives and n negatives from the negatives, with replacement; the estimator on each
  resample's curve), on the same stream as the AUC's bootstrap (one seed, the same
  resamples).

All three are asymptotic at best: the binomial variance θ(1 − θ)/m is a heuristic, not the
estimator's variance, so even as m grows their coverage need not reach 1 − δ. Under
binormal scores (ROC AUC 0.8, m and n from 30 to 1000, δ = 0.05) the binomial and logit
intervals covered in 95–99% of 2000 data sets, and the bootstrap's in 88–92% whenever a class
had 30 cases, 92.5–94.8% with 100 or more in both. No distribution-free interval is given: AP has
bounded differences (McDiarmid's inequality bounds |AP̂ − E AP̂|), but AP̂ is a biased
estimator of θ, and no distribution-free bound on that bias is known here.

**Weights** are scikit-learn's ``sample_weight`` for the curve and the estimates (any
non-negative numbers). For the intervals they are frequency weights: a row of weight w counts
as w rows, so they must be whole numbers; the intervals are then those of the data set with
each row repeated w times — the binomial and logit intervals with m = Σ w over the
positives, the bootstrap drawing m and n rows of the repeated data (the same resamples, to
the bit, as from the repeated rows themselves).
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ..bounds import Interval, wald_interval
from . import _labels
from ._columns import columns
from ._pr_estimators import ESTIMATORS, estimate
from ._resampling import MAX_RESAMPLES
from ._results import PRAUC, PRCurve
from ._roc import _sorted_groups, check_resamples, resampled_curves, steps
from ._weights import MAX_REPEATED, levels_of, repeated_classes, weighted_rows

__all__ = ["PR_ESTIMATORS", "PR_METHODS", "average_precision", "pr_auc", "precision_recall_curve"]

#: The estimators of the area (see :mod:`._pr_estimators`): key → (name, source).
PR_ESTIMATORS = ESTIMATORS
#: The intervals :func:`pr_auc` gives.
PR_METHODS = ("binomial", "logit", "bootstrap")

_CURVE_SOURCE = "precision-recall curve at the distinct scores (scikit-learn's precision_recall_curve)"
_SOURCES = {
    "binomial": "Boyd, Eng & Page 2013, binomial interval",
    "logit": "Boyd, Eng & Page 2013, logit interval",
    "bootstrap": "stratified bootstrap, percentile (Efron & Tibshirani 1993)",
}


class _Counts:
    """A data set's curve in counts: the distinct scores ``levels`` (increasing), ``tp`` and ``fp`` from
    +∞ down (index 0: nothing called positive), the totals ``m`` and ``n``, and the classes' scores
    ``pos`` and ``neg`` sorted, each row repeated by its whole-number weight (None when a weight is no
    whole number or there would be more than :data:`MAX_REPEATED` rows), made when first asked for."""

    def __init__(self, levels, tp, fp, weighted: bool, groups=None, rows=None):
        self.levels, self.tp, self.fp, self.weighted = levels, tp, fp, weighted
        self.m, self.n = _number(tp[-1]), _number(fp[-1])
        self._groups, self._rows = groups, rows  # (pos, neg) sorted; or the weighted rows to repeat

    @property
    def expandable(self) -> bool:
        """Whether the rows can stand for the data (counts, or whole-number weights of at most
        :data:`MAX_REPEATED` rows in all)."""
        return self._groups is not None or self._rows is not None

    def groups(self) -> tuple[np.ndarray, np.ndarray]:
        """(pos, neg): each class's scores sorted, each row repeated by its weight."""
        if self._groups is None:
            self._groups = tuple(np.sort(part) for part in repeated_classes(self._rows))
        return self._groups

    def estimate(self, key: str) -> float:
        return estimate(key, self.tp, self.fp)


def _number(total) -> int | float:
    """A class's size: an int for counts and whole-number weights, else a float."""
    total = total.item()
    return int(total) if float(total).is_integer() else total


def _from_top(at: np.ndarray) -> np.ndarray:
    """0, then the running totals of `at` from its last entry (the highest level) down."""
    totals = np.zeros(at.shape[0] + 1, dtype=at.dtype)
    np.cumsum(at[::-1], out=totals[1:])
    return totals


def _weighted(labels, scores, weights, pos_label) -> _Counts:
    """The curve of weighted rows (checked as every weighted function checks them, rows of weight 0
    dropped), their weights summed at each distinct score."""
    if _labels._big_integers("scores", scores) is not None:
        raise v.ParameterError("scores", "within ±2^53 for a precision-recall curve (its thresholds are float64 "
                               "values)", "integers beyond 2^53")
    rows = weighted_rows(labels, scores, weights, pos_label, "sampling")
    levels = levels_of(rows)
    whole = rows.weights.dtype.kind == "i" and int(rows.weights.sum()) <= MAX_REPEATED
    return _Counts(levels.values, _from_top(levels.pos.astype(np.float64)), _from_top(levels.neg.astype(np.float64)),
                   True, rows=rows if whole else None)


def _counted(labels, scores, pos_label) -> _Counts:
    pos, neg = _sorted_groups(labels, scores, pos_label)
    levels, tp, fp, _, _ = steps(pos, neg, thresholds=False)
    return _Counts(levels, tp, fp, False, groups=(pos, neg))


def _counts(labels, scores, pos_label, sample_weight, data, nan_policy) -> _Counts:
    """The curve's counts of labels and scores (and weights), as the data functions take them."""
    labels, scores, sample_weight = columns(("labels", labels), ("scores", scores), ("sample_weight", sample_weight),
                                            data=data, nan_policy=nan_policy, stacklevel=4)
    if sample_weight is None:
        return _counted(labels, scores, pos_label)
    return _weighted(labels, scores, sample_weight, pos_label)


def _kept(tp: np.ndarray) -> np.ndarray:
    """scikit-learn's ``drop_intermediate`` on the thresholds from the top: the first and last, and
    every one whose tp differs from that of a neighbour."""
    keep = np.ones(tp.shape[0], dtype=bool)
    if tp.shape[0] > 2:
        keep[1:-1] = (tp[1:-1] != tp[:-2]) | (tp[2:] != tp[1:-1])
    return keep


def precision_recall_curve(labels, scores, *, pos_label=None, sample_weight=None, drop_intermediate=False, data=None,
                           nan_policy="raise") -> PRCurve:
    """The precision–recall curve of `scores` against `labels`, as scikit-learn's
    ``precision_recall_curve(y_true, y_score)`` gives it (labels first).

    ``thresholds`` are the distinct scores in increasing order (float64); ``precision[k]``
    and ``recall[k]`` are at ``thresholds[k]`` (a case is called positive when its score is
    ≥ the threshold), and the last point (recall 0, precision 1) has no threshold. ``tp`` and
    ``fp`` are the counts (sums of `sample_weight`) behind each point; ``average_precision``
    is scikit-learn's ``average_precision_score``. ``precision, recall, thresholds = curve``
    unpacks as scikit-learn's three arrays. `sample_weight`: one non-negative number per row
    (rows of weight 0 are dropped, as scikit-learn drops them). `drop_intermediate`: keep, of
    the thresholds with the same tp, only the first and the last. `data` and `nan_policy` as
    for :func:`aucbound.auc` (a missing weight is a missing value too). Both classes must be
    present. O(N log N).

    >>> curve = precision_recall_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> curve.precision.tolist(), curve.recall.tolist(), curve.thresholds.tolist()
    ([0.5, 0.6666666666666666, 0.5, 1.0, 1.0], [1.0, 1.0, 0.5, 0.5, 0.0], [0.1, 0.35, 0.4, 0.8])
    >>> curve.average_precision
    0.8333333333333333
    """
    if not isinstance(drop_intermediate, (bool, np.bool_)):
        raise v.ParameterTypeError("drop_intermediate", "True or False", v.show(drop_intermediate))
    counts = _counts(labels, scores, pos_label, sample_weight, data, nan_policy)
    tp, fp, thresholds = counts.tp[1:], counts.fp[1:], counts.levels[::-1]  # from the top threshold down
    if drop_intermediate:
        keep = _kept(tp)
        tp, fp, thresholds = tp[keep], fp[keep], thresholds[keep]
    tp, fp = np.append(tp[::-1], 0), np.append(fp[::-1], 0)
    called = tp + fp
    precision = np.zeros(tp.shape[0])
    np.divide(tp, called, out=precision, where=called != 0)
    precision[-1] = 1.0
    return PRCurve(precision=precision, recall=tp / counts.tp[-1], thresholds=thresholds[::-1].copy(), tp=tp, fp=fp,
                   m=counts.m, n=counts.n, average_precision=counts.estimate("average-precision"),
                   weighted=counts.weighted, drop_intermediate=bool(drop_intermediate), source=_CURVE_SOURCE)


def average_precision(labels, scores, *, pos_label=None, sample_weight=None, data=None, nan_policy="raise") -> float:
    """Average precision AP = Σ_k (R_k − R_{k−1})·P_k over the thresholds, as scikit-learn's
    ``average_precision_score(y_true, y_score)`` (labels first): the step-wise sum, no
    interpolation. `sample_weight`, `data` and `nan_policy` as for :func:`precision_recall_curve`.

    >>> average_precision([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])  # (1 + 2/3)/2
    0.8333333333333333
    >>> average_precision([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], sample_weight=[1, 1, 2, 1])  # (1 + 3/4·2)/3
    0.8333333333333334
    """
    return _counts(labels, scores, pos_label, sample_weight, data, nan_policy).estimate("average-precision")


def _methods(methods, resamples) -> tuple[str, ...]:
    """The interval methods asked for: by default all, the bootstrap only with resamples."""
    if methods is None:
        return PR_METHODS if resamples is not None else PR_METHODS[:2]
    if isinstance(methods, str):
        methods = [methods]
    try:
        chosen = tuple(dict.fromkeys(v.choice("methods", key, PR_METHODS) for key in methods))
    except TypeError:
        raise v.ParameterTypeError("methods", f"a list of methods ({', '.join(PR_METHODS)})", v.show(methods)) from None
    if "bootstrap" in chosen and resamples is None:
        raise v.ParameterError("resamples", "a number of resamples for the bootstrap interval (methods has "
                               "'bootstrap')", "None", others=("methods",))
    return chosen


def _interval(method: str, theta: float, m: int, n: int, delta: float, lo: float, hi: float) -> Interval:
    """An :class:`~aucbound.Interval` row for the area: 'vacuous' when it is all of [0, 1]."""
    vacuous = lo <= 0 and hi >= 1
    return Interval(method=method, m=m, n=n, delta=delta, epsilon=max(theta - lo, hi - theta),
                    guarantee="vacuous" if vacuous else "asymptotic", source=_SOURCES[method], estimate=theta,
                    lo=lo, hi=hi)


def _closed_form(method: str, theta: float, m: int, delta: float) -> tuple[float, float]:
    """The binomial or logit interval: Wald's, with the variance θ̂(1 − θ̂)/m (Boyd et al. 2013)."""
    if method == "logit" and theta * (1 - theta) == 0:
        return 0.0, 1.0  # τ̂ = 1/√(m·θ̂(1 − θ̂)) is infinite: the interval's limit is all of [0, 1]
    return wald_interval(theta, theta * (1 - theta) / m, delta, logit=method == "logit")


def _frequency_counts(counts: _Counts) -> None:
    """Refuse weights that are no whole numbers (or too many rows), which the intervals cannot take."""
    if not counts.expandable:
        whole = float(counts.m).is_integer() and float(counts.n).is_integer()
        raise v.ParameterError(
            "sample_weight", "whole numbers (frequency weights: a row of weight w counts as w rows) for the intervals, "
            f"at most {MAX_REPEATED:,} rows in all; for other weights pass methods=[] for the estimates alone",
            f"{counts.m:g} + {counts.n:g} rows" if whole else "weights that are not whole numbers")


def pr_auc(labels, scores, *, estimator="average-precision", methods=None, delta=None, confidence=None, resamples=2000,
           seed=0, pos_label=None, sample_weight=None, data=None, nan_policy="raise", workers=-1,
           progress=None) -> PRAUC:
    """The area under the precision–recall curve: every estimator Boyd, Eng & Page (2013) recommend, and
    intervals for one.

    Parameters
    ----------
    labels, scores
        As for :func:`aucbound.auc` (labels first).
    estimator : str
        The estimate the intervals are for: ``'average-precision'`` (the default; scikit-learn's
        ``average_precision_score``), ``'lower-trapezoid'``, ``'interpolated-median'`` or
        ``'trapezoid'`` (``sklearn.metrics.auc(recall, precision)``, for comparison). Every estimate is in the result.
    methods : list of str
        Of ``'binomial'``, ``'logit'`` (Boyd et al. 2013: the variance θ̂(1 − θ̂)/m with m the
        positives) and ``'bootstrap'`` (stratified, percentile); by default all three (the
        first two with ``resamples=None``); ``[]`` for the estimates alone. Every interval is
        asymptotic: see the module's docstring for their coverage.
    delta, confidence
        The intervals are at 1 − δ, δ = 0.05 unless `delta` or `confidence` = 1 − δ is given.
    resamples, seed, workers, progress
        The bootstrap, as for :func:`aucbound.bootstrap_interval`; ``resamples=None`` leaves it out.
    sample_weight
        Non-negative weights, one per row (scikit-learn's semantics) for the estimates; for the
        intervals, whole numbers: frequency weights (a row of weight w counts as w rows).
    pos_label, data, nan_policy
        As for :func:`aucbound.auc`.

    >>> labels = [0, 0, 1, 1, 1, 0, 1, 0, 0, 1]
    >>> scores = [0.1, 0.4, 0.35, 0.8, 0.7, 0.2, 0.9, 0.6, 0.3, 0.55]
    >>> result = pr_auc(labels, scores, resamples=500)
    >>> round(result.estimate, 6), round(result.lower_trapezoid, 6)  # (1 + 1 + 1 + 4/5 + 5/7)/5
    (0.902857, 0.893095)
    >>> row = result["logit"]
    >>> round(row.lo, 4), round(row.hi, 4), row.guarantee
    (0.3251, 0.9945, 'asymptotic')
    """
    estimator = v.choice("estimator", estimator, list(ESTIMATORS))
    if resamples is not None:
        resamples = v.count("resamples", resamples, maximum=MAX_RESAMPLES)
    chosen = _methods(methods, resamples)
    delta = v.failure_probability(delta, confidence)
    seed = v.seed("seed", seed)
    workers = v.workers("workers", workers)
    v.progress("progress", progress)  # checked; None: no reports, and no thread to make them
    counts = _counts(labels, scores, pos_label, sample_weight, data, nan_policy)
    if chosen:
        _frequency_counts(counts)
    estimates = {key: counts.estimate(key) for key in ESTIMATORS}
    theta = estimates[estimator]
    rows = []
    for method in chosen:
        if method == "bootstrap":
            lo, hi = _bootstrap(counts, estimator, delta, resamples, seed, workers, progress)
        else:
            lo, hi = _closed_form(method, theta, counts.m, delta)
        rows.append(_interval(method, theta, counts.m, counts.n, delta, lo, hi))
    booted = "bootstrap" in chosen
    return PRAUC(estimator=estimator, estimate=theta, m=counts.m, n=counts.n, delta=delta,
                 average_precision=estimates["average-precision"], lower_trapezoid=estimates["lower-trapezoid"],
                 interpolated_median=estimates["interpolated-median"], trapezoid=estimates["trapezoid"],
                 rows=tuple(rows), resamples=resamples if booted else None, seed=seed if booted else None,
                 weighted=counts.weighted, source=ESTIMATORS[estimator][1])


def _bootstrap(counts: _Counts, estimator: str, delta: float, resamples: int, seed, workers: int,
               progress) -> tuple[float, float]:
    """The percentile interval of `estimator` over stratified resamples of the (repeated) rows."""
    resamples = check_resamples(resamples, counts.m, counts.n)

    def value(tp, fp) -> float:
        return estimate(estimator, tp, fp)

    pos, neg = counts.groups()
    values = np.fromiter(resampled_curves(counts, pos, neg, resamples, seed, progress, reduce=value,
                                          workers=workers), dtype=np.float64, count=resamples)
    lo, hi = np.quantile(values, [delta / 2, 1 - delta / 2])
    return float(lo), float(hi)

