r"""The partial AUC over a range of specificity or sensitivity, McClish's standardisation, and its bootstrap.

The empirical ROC curve (:mod:`._roc`), its points joined by straight lines, is integrated
exactly over the range: for ``focus='specificity'`` and the range [a, b], the area
∫_a^b se(sp) d(sp); for ``focus='sensitivity'``, ∫_a^b sp(se) d(se). Where an end of the
range falls between two points the line between them is followed (pROC's ``partial.auc``
and ``partial.auc.focus``, Robin et al. 2011). Over [0, 1] either area is Â.

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

import warnings

import numpy as np

from .. import _validate as v
from ._results import PartialAUC
from ._columns import columns
from ._roc import FOCUSES, _curve, _sorted_groups, check_resamples, oriented, resampled_curves

__all__ = ["partial_auc"]

SOURCE = "Robin et al. 2011 (pROC's partial.auc)"
MCCLISH = "McClish 1989"


def _area(x: np.ndarray, y: np.ndarray, a: float, b: float) -> float:
    """∫_a^b of the broken line through (x, y), x nondecreasing; vertical steps add nothing."""
    x0, x1, y0, y1 = x[:-1], x[1:], y[:-1], y[1:]
    lo, hi = np.clip(x0, a, b), np.clip(x1, a, b)
    keep = hi > lo
    x0, x1, y0, y1, lo, hi = x0[keep], x1[keep], y0[keep], y1[keep], lo[keep], hi[keep]
    slope = (y1 - y0) / (x1 - x0)
    return float(np.sum((hi - lo) * (2 * y0 + slope * ((lo - x0) + (hi - x0))) / 2))


def _diagonal(a: float, b: float) -> float:
    """The area under the chance diagonal over [a, b] of either axis: (b − a)(2 − a − b)/2."""
    return (b - a) * (2.0 - a - b) / 2.0


def _mcclish(area: float, a: float, b: float) -> float:
    low = _diagonal(a, b)
    return (1.0 + (area - low) / ((b - a) - low)) / 2.0


def _range(value) -> tuple[float, float]:
    ends = v.unit_interval("range", value)
    if ends.shape != (2,) or ends[0] == ends[1]:
        raise v.fail("range", "two different numbers in [0, 1], e.g. (0.9, 1)", value)
    return float(min(ends)), float(max(ends))


def partial_auc(labels, scores, *, range=(0.9, 1.0), focus="specificity", correct=False, delta=None, confidence=None,
                resamples=2000, seed=0, pos_label=None, progress=None, data=None, nan_policy="raise",
                workers=-1) -> PartialAUC:
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

    >>> labels = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> scores = [-2, -1, 3, 4, 1, 2, 5, 6]  # Agarwal et al. 2005, Table 1, f1
    >>> result = partial_auc(labels, scores, range=(0.5, 1), resamples=None)
    >>> result.auc, partial_auc(labels, scores, range=(0, 1), resamples=None).auc
    (0.25, 0.75)
    >>> partial_auc(labels, scores, range=(0.5, 1), correct=True, resamples=None).corrected  # (1 + 0.125/0.375)/2
    0.6666666666666666
    """
    low, high = _range(range)
    focus = v.choice("focus", focus, FOCUSES)
    if not isinstance(correct, (bool, np.bool_)):
        raise v.ParameterTypeError("correct", "True or False", v.show(correct))
    delta = v.probability("delta", v.failure_probability(delta, confidence), scalar=True)
    seed = v.seed("seed", seed)
    workers = v.workers("workers", workers)
    v.progress("progress", progress)  # checked; None: no reports, and no thread to make them
    labels, scores = columns(("labels", labels), ("scores", scores), data=data, nan_policy=nan_policy)
    pos, neg = _sorted_groups(labels, scores, pos_label)
    curve = _curve(pos, neg)
    m, n = curve.m, curve.n

    def value(tp, fp):  # ∫ over the focus axis; x is that coordinate negated, so the range is too
        area = _area(*oriented(tp, fp, m, n, focus), -high, -low)
        return _mcclish(area, low, high) if correct else area

    area = _area(*oriented(curve.tp, curve.fp, m, n, focus), -high, -low)
    corrected = _mcclish(area, low, high) if correct else None
    if correct and area < _diagonal(low, high):
        warnings.warn(v.DataWarning(f"the partial AUC {area:.6g} is below the chance diagonal's "
                                    f"{_diagonal(low, high):.6g} over the range: McClish's standardisation "
                                    f"{corrected:.6g} is below 1/2 and means little"), stacklevel=2)
    lo = hi = None
    if resamples is not None:
        resamples = check_resamples(resamples, m, n)
        values = np.fromiter(resampled_curves(curve, pos, neg, resamples, seed, progress, reduce=value,
                                              workers=workers),
                             dtype=np.float64, count=resamples)
        lo, hi = (float(end) for end in np.quantile(values, [delta / 2, 1 - delta / 2]))
    return PartialAUC(
        focus=focus, low=low, high=high, auc=area, corrected=corrected,
        estimate=area if corrected is None else corrected, m=m, n=n, delta=delta, lo=lo, hi=hi,
        resamples=resamples, seed=seed if resamples is not None else None,
        guarantee="asymptotic" if resamples is not None else None,
        source=SOURCE + (f"; {MCCLISH}" if correct else "") + ("; bootstrap percentile" if resamples is not None else ""),
    )
