r"""The partial AUC over a range of specificity or sensitivity, McClish's standardisation, and its bootstrap.

The empirical ROC curve (:mod:`._roc`), its points joined by straight lines, is integrated
exactly over the range: for ``focus='specificity'`` and the range [a, b], the area
∫_a^b se(sp) d(sp); for ``focus='sensitivity'``, ∫_a^b sp(se) d(se). Where an end of the
range falls between two points the line between them is followed (pROC's ``partial.auc``
and ``partial.auc.focus``, Robin et al. 2011). The segments inside the range are summed in
integers (twice each one's area in counts), the two that cross its ends clipped in
fractions, and the area (or McClish's value of it) rounded once; so over [0, 1] either area
is Â, to the last bit.

McClish (1989, Medical Decision Making 9, 190–195) maps the area onto the AUC's scale:
with min = (b − a)(2 − a − b)/2, the area under the chance diagonal over the range, and
max = b − a, the area of a perfect curve,

    corrected = (1 + (pAUC − min)/(max − min))/2,

which is ½ on the diagonal and 1 for a perfect curve (pROC's ``partial.auc.correct``).
Below the diagonal (pAUC < min) it is below ½ and means little; a warning says so (pROC
gives NA there).

The interval is the stratified bootstrap's percentile interval (pROC's ``ci.auc`` for a
partial AUC): resampled curves at the observed thresholds, the same stream as the AUC's
bootstrap. No DeLong-type variance is given: outside the full range the partial AUC's
ends sit at estimated quantiles of one class, which the structural components of DeLong
et al. (1988) do not account for; over the full range it is Â, with DeLong's variance in
:func:`aucbound.delong`.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np

from .. import _validate as v
from ._results import PartialAUC
from ._columns import columns
from ._roc import (FOCUSES, _sorted_groups, _thresholdable, check_resamples, resampled_curves, steps, totals,
                   weighted_curve, weighted_levels_of)
from ._weights import check_kind, kind_without_weights, levels_of, repeated_classes, weighted_rows

__all__ = ["partial_auc"]

SOURCE = "Robin et al. 2011 (pROC's partial.auc)"
MCCLISH = "McClish 1989"


def _piece(u0: int, u1: int, w0: int, w1: int, lo: Fraction, hi: Fraction) -> Fraction:
    """∫ w du over [u0, u1] ∩ [lo, hi] along the straight line from (u0, w0) to (u1, w1), exactly."""
    start, end = max(Fraction(u0), lo), min(Fraction(u1), hi)
    if end <= start:  # outside the range, or a vertical step
        return Fraction(0)
    slope = Fraction(w1 - w0, u1 - u0)
    return (end - start) * (2 * w0 + slope * (start - u0 + end - u0)) / 2


def _area(u: np.ndarray, w: np.ndarray, lo: Fraction, hi: Fraction, flip: int | None = None) -> Fraction:
    """∫_lo^hi w du, exactly, along the broken line through the points (u_k, w_k) of int64 counts
    with u nondecreasing, for lo ≤ hi within [u_0, u_last]; with `flip`, of flip − w instead.

    The segments that lie inside the range are summed in integers, twice their area each
    (Δu·(w_k + w_{k+1}), an int64 dot product, exact while the counts' product is below 2^62),
    over the slice of points the range holds; the two that cross an end of the range are
    clipped in fractions.
    """
    if u.dtype.kind == "f":
        return _float_area(u, w, lo, hi, flip)
    first = int(np.searchsorted(u, math.ceil(lo), side="left"))  # the first point with u ≥ ⌈lo⌉
    last = int(np.searchsorted(u, math.floor(hi), side="right"))  # the points before it have u ≤ ⌊hi⌋
    twice = 0
    if last - first >= 2:  # the segments k → k + 1 for first ≤ k ≤ last − 2
        inside_u, inside_w = u[first:last], w[first:last]
        steps = np.diff(inside_u)
        twice = int(np.dot(steps, inside_w[:-1])) + int(np.dot(steps, inside_w[1:]))
        if flip is not None:
            twice = 2 * flip * (int(inside_u[-1]) - int(inside_u[0])) - twice
    area = Fraction(twice, 2)
    height = (lambda k: int(w[k])) if flip is None else (lambda k: flip - int(w[k]))
    for k in sorted({first - 1, last - 1}):  # every other segment is inside the range or outside it
        if 0 <= k < u.shape[0] - 1:
            area += _piece(int(u[k]), int(u[k + 1]), height(k), height(k + 1), lo, hi)
    return area


def _float_area(u: np.ndarray, w: np.ndarray, lo: Fraction, hi: Fraction, flip) -> Fraction:
    """:func:`_area` for float64 weights: the segments inside the range summed in float64 (one dot
    product), the two crossing its ends clipped exactly (in fractions of the float values)."""
    size = u.shape[0]
    first = int(np.searchsorted(u, float(lo), side="left"))  # then moved to the exact first u ≥ lo
    while first > 0 and Fraction(float(u[first - 1])) >= lo:
        first -= 1
    while first < size and Fraction(float(u[first])) < lo:
        first += 1
    last = int(np.searchsorted(u, float(hi), side="right"))  # then to just past the exact last u ≤ hi
    while last > 0 and Fraction(float(u[last - 1])) > hi:
        last -= 1
    while last < size and Fraction(float(u[last])) <= hi:
        last += 1
    area = Fraction(0)
    if last - first >= 2:
        inside_u, inside_w = u[first:last], w[first:last]
        twice = float(np.dot(np.diff(inside_u), inside_w[:-1] + inside_w[1:]))
        area = Fraction(twice) / 2
        if flip is not None:
            area = flip * (Fraction(float(inside_u[-1])) - Fraction(float(inside_u[0]))) - area
    height = (lambda k: Fraction(float(w[k]))) if flip is None else (lambda k: flip - Fraction(float(w[k])))
    for k in sorted({first - 1, last - 1}):
        if 0 <= k < size - 1:
            area += _piece(Fraction(float(u[k])), Fraction(float(u[k + 1])), height(k), height(k + 1), lo, hi)
    return area


def _partial_area(tp: np.ndarray, fp: np.ndarray, m: int, n: int, focus: str, low: Fraction,
                  high: Fraction) -> Fraction:
    """The area under the curve with counts `tp`, `fp` over [low, high] of `focus`, as an exact
    fraction: for a specificity, ∫ tp/m d(fp/n) over fp ∈ [n(1 − high), n(1 − low)]; for a
    sensitivity, ∫ (n − fp)/n d(tp/m) over tp ∈ [m·low, m·high]."""
    if isinstance(m, float):  # float weights: the totals as exact fractions
        m, n = Fraction(m), Fraction(n)
    if focus == "specificity":
        return _area(fp, tp, n * (1 - high), n * (1 - low)) / (m * n)
    return _area(tp, fp, m * low, m * high, flip=n) / (m * n)


def _diagonal(a: Fraction, b: Fraction) -> Fraction:
    """The area under the chance diagonal over [a, b] of either axis: (b − a)(2 − a − b)/2."""
    return (b - a) * (2 - a - b) / 2


def _mcclish(area: Fraction, a: Fraction, b: Fraction) -> Fraction:
    """(1 + (area − min)/(max − min))/2 with min the diagonal's area and max = b − a; max − min =
    (b − a)(a + b)/2 is positive for every range of two different ends."""
    low = _diagonal(a, b)
    return (1 + (area - low) / ((b - a) - low)) / 2


def _float(value: Fraction, a: Fraction, b: Fraction) -> float:
    """McClish's value as a float: it is at most 1 (the area is at most max), but far below the diagonal in a
    range narrower than the floats can resolve it may be beyond every float, which is refused, naming `range`."""
    try:
        return float(value)
    except OverflowError:
        digits = len(str(abs(value.numerator))) - len(str(value.denominator))
        raise v.ParameterError("range", "wide enough that McClish's standardisation (correct=True) is a float: "
                               "far below the chance diagonal in so narrow a range it is not",
                               f"({float(a):g}, {float(b):g}), where it is about −10^{digits}") from None


def _range(value) -> tuple[float, float]:
    ends = v.unit_interval("range", value)
    if ends.shape != (2,) or ends[0] == ends[1]:
        raise v.fail("range", "two different numbers in [0, 1], e.g. (0.9, 1)", value)
    return float(min(ends)), float(max(ends))


class _Steps:
    """The points of an ROC curve without its thresholds: what the partial AUC reads."""

    def __init__(self, pos: np.ndarray, neg: np.ndarray):
        self.m, self.n = pos.shape[0], neg.shape[0]
        self.levels, self.tp, self.fp, _, _ = steps(pos, neg, thresholds=False)


class _WeightedSteps:
    """The points of a weighted ROC curve: tp, fp the weights at or above each threshold, m = W₊, n = W₋."""

    def __init__(self, levels):
        curve = weighted_curve(levels)
        self.m, self.n, self.levels, self.tp, self.fp = curve.m, curve.n, curve.levels, curve.tp, curve.fp


def _classes(labels, scores, weights, pos_label, weight_kind, resamples):
    """(pos, neg, curve, rows' weights or None): the sorted classes and their steps; with frequency
    weights and a bootstrap, the rows repeated w times (the repeated data's bootstrap); with sampling
    weights the rows of positive weight, their weights and the weighted curve. Without a bootstrap,
    the weighted curve of either kind (`weight_kind` then optional)."""
    if weights is None:
        pos, neg = _sorted_groups(labels, scores, pos_label)
        return pos, neg, _Steps(pos, neg), None
    if resamples is None:
        return None, None, _WeightedSteps(weighted_levels_of(labels, scores, weights, pos_label, weight_kind)), None
    kind = check_kind(weight_kind, needed=True)
    rows = weighted_rows(labels, scores, weights, pos_label, kind)
    if kind == "frequency":
        pos, neg = (np.sort(part) for part in repeated_classes(rows))
        return pos, neg, _Steps(pos, neg), None
    _thresholdable(scores)
    pos, wpos, neg, wneg = rows.classes()
    return pos, neg, _WeightedSteps(levels_of(rows)), (wpos, wneg)


def partial_value(tp: np.ndarray, fp: np.ndarray, m, n, focus: str, low: float, high: float, correct: bool, *,
                  stacklevel: int = 2) -> tuple[float, float | None]:
    """(area, McClish's value or None) of the curve with counts `tp`, `fp` (from the top) over [low, high]
    of `focus`, each computed exactly and rounded once; a DataWarning when McClish's value is below ½.
    The counts may be those of the top of a curve only, as far down as the range reaches."""
    a, b = Fraction(low), Fraction(high)
    area = _partial_area(tp, fp, m, n, focus, a, b)
    corrected = _float(_mcclish(area, a, b), a, b) if correct else None
    if correct and area < _diagonal(a, b):
        warnings.warn(v.DataWarning(f"the partial AUC {float(area):.6g} is below the chance diagonal's "
                                    f"{float(_diagonal(a, b)):.6g} over the range: McClish's standardisation "
                                    f"{corrected:.6g} is below 1/2 and means little"), stacklevel=stacklevel + 1)
    return float(area), corrected


def checked_range(range, focus, correct) -> tuple[float, float, str]:
    """(low, high, focus) of a partial AUC, checked (`correct` True or False)."""
    low, high = _range(range)
    focus = v.choice("focus", focus, FOCUSES)
    if not isinstance(correct, (bool, np.bool_)):
        raise v.ParameterTypeError("correct", "True or False", v.show(correct))
    return low, high, focus


def partial_result(focus, low, high, area, corrected, m, n, delta, lo=None, hi=None, resamples=None,
                   seed=None) -> PartialAUC:
    """The :class:`PartialAUC` of an area (and McClish's value), with a bootstrap interval when `resamples`."""
    return PartialAUC(
        focus=focus, low=low, high=high, auc=area, corrected=corrected,
        estimate=area if corrected is None else corrected, m=m, n=n, delta=delta, lo=lo, hi=hi,
        resamples=resamples, seed=seed if resamples is not None else None,
        guarantee="asymptotic" if resamples is not None else None,
        source=SOURCE + (f"; {MCCLISH}" if corrected is not None else "")
        + ("; bootstrap percentile" if resamples is not None else ""),
    )


def partial_auc(labels, scores, *, range=(0.9, 1.0), focus="specificity", correct=False, delta=None, confidence=None,
                resamples=2000, seed=0, pos_label=None, progress=None, data=None, nan_policy="raise",
                workers=-1, sample_weight=None, weight_kind=None) -> PartialAUC:
    """The partial AUC of `scores` over a range of specificity (or sensitivity), with a bootstrap interval.

    Parameters
    ----------
    labels, scores
        As for :func:`aucbound.auc`.
    range : pair of float
        The ends of the range in [0, 1], in either order (pROC's ``partial.auc``).
    focus : str
        ``'specificity'`` or ``'sensitivity'``: which axis the range is on.
    correct : bool
        Report McClish's standardisation (½ for chance, 1 for a perfect curve).
    delta, confidence, resamples, seed
        The bootstrap's percentile interval at 1 − δ (δ = 0.05 unless `delta` or `confidence` =
        1 − δ is given); ``resamples=None`` skips it.
    workers
        Threads of the bootstrap: −1 (the default) for one per core this process may use,
        or a number ≥ 1; the interval is the same with any number.
    data, nan_policy
        As for :func:`aucbound.auc`.
    sample_weight, weight_kind
        Case weights, as for :func:`aucbound.roc_curve`: the area under the weighted curve
        (scikit-learn's ``roc_auc_score(max_fpr=…, sample_weight=…)`` is McClish's value over
        the specificities 1 − max_fpr to 1). The bootstrap needs `weight_kind`:
        ``"frequency"`` resamples the rows repeated w times (the repeated data's interval,
        for the same seed); ``"sampling"`` resamples the rows within each class, each carrying
        its weight, and integrates each resample's weighted curve.

    >>> labels = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> scores = [-2, -1, 3, 4, 1, 2, 5, 6]  # Agarwal et al. 2005, Table 1, f1
    >>> result = partial_auc(labels, scores, range=(0.5, 1), resamples=None)
    >>> result.auc, partial_auc(labels, scores, range=(0, 1), resamples=None).auc
    (0.25, 0.75)
    >>> partial_auc(labels, scores, range=(0.5, 1), correct=True, resamples=None).corrected  # (1 + 0.125/0.375)/2
    0.6666666666666666
    >>> partial_auc(labels, scores, range=(0.5, 1), sample_weight=[1] * 8, resamples=None).auc
    0.25
    """
    kind_without_weights(sample_weight, weight_kind)
    low, high, focus = checked_range(range, focus, correct)
    delta = v.failure_probability(delta, confidence)
    seed = v.seed("seed", seed)
    workers = v.workers("workers", workers)
    v.progress("progress", progress)  # checked; None: no reports, and no thread to make them
    labels, scores, weights = columns(("labels", labels), ("scores", scores), ("sample_weight", sample_weight),
                                      data=data, nan_policy=nan_policy)
    pos, neg, curve, row_weights = _classes(labels, scores, weights, pos_label, weight_kind, resamples)
    m, n = curve.m, curve.n
    a, b = Fraction(low), Fraction(high)

    def value(tp, fp) -> float:  # the area, or McClish's value of it: exact, rounded once
        area = _partial_area(tp, fp, *totals(tp, fp), focus, a, b)  # a weighted resample has its own totals
        return _float(_mcclish(area, a, b), a, b) if correct else float(area)

    area, corrected = partial_value(curve.tp, curve.fp, m, n, focus, low, high, correct)
    lo = hi = None
    if resamples is not None:
        resamples = check_resamples(resamples, pos.shape[0], neg.shape[0])
        values = np.fromiter(resampled_curves(curve, pos, neg, resamples, seed, progress, reduce=value,
                                              workers=workers, weights=row_weights),
                             dtype=np.float64, count=resamples)
        lo, hi = (float(end) for end in np.quantile(values, [delta / 2, 1 - delta / 2]))
    return partial_result(focus, low, high, area, corrected, m, n, delta, lo, hi, resamples, seed)
