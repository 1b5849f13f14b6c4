r"""The empirical ROC curve, its operating points, and confidence bands around it.

**The curve.** With the distinct scores u₀ < u₁ < … < u_{L−1}, a threshold t calls a case
positive when its score is ≥ t. Every distinct operating point comes from one of L + 1
thresholds: +∞, the midpoints (u_{k−1} + u_k)/2 from the top down, and −∞ (pROC's
convention, Robin et al. 2011; as pROC, (a + b)/2 is replaced by a/2 + b/2 where a + b
would overflow, and by b where the midpoint rounds down to a, so that "score ≥ t" always
separates the two levels). At each threshold tp and fp count the positives and negatives at
or above it; sensitivity = tp/m, specificity = (n − fp)/n — each one correctly rounded
division of exact counts. The points run from (FPR, TPR) = (0, 0) to (1, 1); joined by
straight lines (a tie between the classes gives a diagonal step), the curve's area is Â
with ties counted ½.

**Reading the curve** at a specificity s (pROC's ``coords`` rule): if points have
specificity s exactly, the one with the highest sensitivity; otherwise the straight line
between the two points on either side. At a sensitivity, the same with the roles swapped.
The best threshold maximises Youden's J = se + sp − 1 or minimises the distance
(1 − se)² + (1 − sp)² to the corner (0, 1); every tied point is returned.

**The distribution-free simultaneous band (beyond pROC).** The Dvoretzky–Kiefer–Wolfowitz
inequality with Massart's constant (Massart 1990, Ann. Probab. 18, 1269–1283): for the
empirical CDF F̂ of k i.i.d. draws from any F, P(sup_t |F̂(t) − F(t)| > ε) ≤ 2·e^{−2kε²}.
Applied to each class with δ/2, ε₊ = √(ln(4/δ)/(2m)) and ε₋ = √(ln(4/δ)/(2n)), so that with
probability ≥ 1 − δ every threshold's true point (FPR(t), TPR(t)) is within ε₋ and ε₊ of
its empirical point at once. Since the empirical point at any t is one of the curve's
vertices, with R̂⁺(x) the largest vertex TPR at FPR ≤ x and R̂⁻(x) the smallest at FPR ≥ x,

    R̂⁻(x − ε₋) − ε₊  ≤  TPR  ≤  R̂⁺(x + ε₋) + ε₊   at x = FPR(t), for every t,

clipped to [0, 1]. The guarantee holds for every pair of score distributions and every m,
n (ties included: then it covers the true operating points; between them the true "curve"
is a chance line). With continuous scores it covers the whole true ROC curve.

**Sharper bands of the same kind**: each class's band F(t) ∈ [l_i, u_i] at
the count i = k·F̂(t), at δ/2 — i/k ± ε with ε the exact critical value of Kolmogorov's
statistic (``"kolmogorov"``), or the Berk–Jones likelihood band {u : k·K(i/k, u) ≤ c} at its
exact critical value c (``"berk-jones"``, Owen 1995; :mod:`._band_exact`). The envelope is the
same with per-count limits: R̂⁺(x) = max{u₊(tp) : l₋(fp) ≤ x} and R̂⁻(x) = min{l₊(tp) :
u₋(fp) ≥ x} over the vertices (DKW is the case l, u = i/k ∓ ε).

**The bootstrap band (pROC's ``ci.se``/``ci.sp``).** Stratified resamples (the same stream
as the AUC's bootstrap: one seed, the same resamples), the sensitivity at each specificity
read off every resampled curve, and the δ/2 and 1 − δ/2 quantiles (numpy's default,
Hyndman & Fan type 7, as R's). Pointwise and asymptotic: no simultaneous or finite-sample
promise.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np

from .. import _validate as v
from ._results import OperatingPoint, ROCBand, ROCCurve
from . import _labels
from ._auc import _engine, levels, sorted_groups
from ._band_exact import check_berk_jones, class_bounds, constant_width, limit_at
from ._columns import columns, warn_below_chance
from ._resampling import MAX_RESAMPLES, MAX_WORK, map_resamples
from ._weights import kind_without_weights

__all__ = ["roc_curve", "roc_curve_from_groups", "coords", "best_threshold", "roc_band", "dkw_band", "bootstrap_band",
           "dkw_band_contains", "check_resamples", "BAND_METHODS", "BEST_METHODS", "dkw_epsilon", "MAX_BAND_POINTS",
           "MAX_BAND_READINGS", "band_delta", "MIN_BAND_DELTA", "EXACT_BANDS", "band_bounds", "band_edges", "band_contains"]

SOURCE = "empirical ROC curve, thresholds between distinct scores (Robin et al. 2011, pROC's convention)"
#: The bands :func:`roc_band` draws.
BAND_METHODS = ("dkw", "bootstrap", "kolmogorov", "berk-jones")
#: The criteria :func:`best_threshold` maximises.
BEST_METHODS = ("youden", "closest-topleft")
#: The most points a band is evaluated at.
MAX_BAND_POINTS = 10**6
#: The most readings a bootstrap band keeps, resamples × points (8 bytes each: 160 MB, and as
#: much again while their quantiles are taken).
MAX_BAND_READINGS = 2 * 10**7


#: Below this magnitude a sum of two float64 values cannot overflow.
_NO_OVERFLOW = 2.0**1023


def _midpoints(values: np.ndarray, out: np.ndarray) -> None:
    """Thresholds between consecutive distinct `values` (sorted), each > the lower and ≤ the
    upper, written into `out` (one fewer item, any stride)."""
    a, b = values[:-1], values[1:]
    with np.errstate(over="ignore"):
        mid = np.add(a, b, out=out)
    mid /= 2
    if values.shape[0] and max(-values[0], values[-1]) >= _NO_OVERFLOW:  # a + b may have overflowed
        overflow = ~np.isfinite(mid)
        mid[overflow] = a[overflow] / 2 + b[overflow] / 2
    low = mid <= a  # a and b adjacent floats: the midpoint rounds to a
    if low.any():
        mid[low] = b[low]


def _thresholds(values: np.ndarray) -> np.ndarray:
    """+∞, the midpoints between consecutive `values` from the top down, −∞."""
    thresholds = np.empty(values.shape[0] + 1)
    thresholds[0], thresholds[-1] = math.inf, -math.inf
    _midpoints(values, thresholds[-2:0:-1])
    return thresholds


def _from_top(counts_at: np.ndarray) -> np.ndarray:
    """Items (or their weights) at or above each threshold, from +∞ down to −∞: 0, then the running
    totals from the top."""
    totals = np.empty(counts_at.shape[0] + 1, dtype=counts_at.dtype)
    totals[0] = 0
    np.cumsum(counts_at[::-1], out=totals[1:])
    return totals


def _twice_u(pos_at: np.ndarray, fp: np.ndarray, m: int, n: int) -> int:
    """2U = Σ_k pos_k·(2·below_k + neg_k) over the levels, with below_k + neg_k = n − fp at the
    threshold under level k and below_k = n − fp at the one above it: two int64 dot products
    (exact while m·n < 2^62)."""
    from_bottom = fp[::-1]
    return 2 * m * n - int(np.dot(pos_at, from_bottom[:-1])) - int(np.dot(pos_at, from_bottom[1:]))


def steps(pos: np.ndarray, neg: np.ndarray, *, thresholds: bool = True):
    """``(values, tp, fp, thresholds, twice_u)`` of the sorted classes `pos` and `neg`: the
    distinct scores in increasing order; the counts of positives and negatives at or above
    each threshold from +∞ down to −∞, and those thresholds (None unless asked for); and 2U.
    Compiled: one merge writes them all; numpy: the levels, then a pass for each."""
    module = _engine(pos, neg)
    m, n = pos.shape[0], neg.shape[0]
    if module is None:
        values, pos_at, neg_at = levels(pos, neg)
        tp, fp = _from_top(pos_at), _from_top(neg_at)
        return values, tp, fp, _thresholds(values) if thresholds else None, _twice_u(pos_at, fp, m, n)
    size = m + n
    values = np.empty(size)
    tp, fp = np.empty(size + 1, dtype=np.int64), np.empty(size + 1, dtype=np.int64)
    points = np.empty(size + 1) if thresholds else None
    count, twice_u = module.curve(pos, neg, values, tp, fp, points)
    curve = [values[:count], tp[size - count:], fp[size - count:], None if points is None else points[size - count:]]
    if 2 * count < size:  # many ties: keep the points, not the whole buffers
        curve = [None if array is None else array.copy() for array in curve]
    return *curve, twice_u


def roc_curve_from_groups(pos: np.ndarray, neg: np.ndarray) -> ROCCurve:
    """The ROC curve of the positives' scores `pos` and the negatives' `neg`, each sorted and finite
    (unchecked: the fast path of :func:`roc_curve` and of the simulator).

    >>> roc_curve_from_groups(np.array([1.0, 2.0, 5.0, 6.0]), np.array([-2.0, -1.0, 3.0, 4.0])).auc
    0.75
    """
    m, n = pos.shape[0], neg.shape[0]
    values, tp, fp, thresholds, twice_u = steps(pos, neg)
    return ROCCurve(thresholds=thresholds, tp=tp, fp=fp, m=m, n=n, auc=twice_u / (2 * m * n), levels=values,
                    source=SOURCE)


def _thresholdable(scores) -> None:
    """Refuse integer scores beyond ±2^53: thresholds are float64 values."""
    if _labels._big_integers("scores", scores) is not None:
        raise v.ParameterError("scores", "within ±2^53 for an ROC curve (its thresholds are float64 values)",
                               "integers beyond 2^53")


def _sorted_groups(labels, scores, pos_label) -> tuple[np.ndarray, np.ndarray]:
    """The positives' and negatives' scores, sorted, as given (thresholds need the real values)."""
    _thresholdable(scores)
    return sorted_groups(labels, scores, pos_label)


WEIGHTED_SOURCE = SOURCE + "; case weights: cumulative weights at each threshold"


def weighted_levels_of(labels, scores, weights, pos_label, weight_kind):
    """The :class:`~aucbound.empirical._weights.WeightedLevels` of weighted data, the scores within
    ±2^53 (thresholds are their float64 values)."""
    from ._weights import check_kind, levels_of, weighted_rows

    kind = check_kind(weight_kind, needed=False)
    _thresholdable(scores)
    return levels_of(weighted_rows(labels, scores, weights, pos_label, kind))


def weighted_curve(levels) -> ROCCurve:
    """The ROC curve of :class:`~aucbound.empirical._weights.WeightedLevels`: tp and fp the weights of
    the positives and negatives at or above each threshold, m = W₊ and n = W₋."""
    return ROCCurve(thresholds=_thresholds(levels.values), tp=_from_top(levels.pos), fp=_from_top(levels.neg),
                    m=levels.total_pos, n=levels.total_neg, auc=levels.auc(), levels=levels.values,
                    source=WEIGHTED_SOURCE)


def curve_from_levels(values: np.ndarray, pos: np.ndarray, neg: np.ndarray, twice_u: int) -> ROCCurve:
    """The ROC curve of levels (distinct float64 `values` in increasing order, whole counts of
    positives `pos` and negatives `neg` at each) whose exact 2U is `twice_u`: the curve
    :func:`roc_curve` gives on the rows those levels count."""
    tp, fp = _from_top(pos.astype(np.int64)), _from_top(neg.astype(np.int64))
    m, n = int(tp[-1]), int(fp[-1])
    return ROCCurve(thresholds=_thresholds(values), tp=tp, fp=fp, m=m, n=n, auc=twice_u / (2 * m * n), levels=values,
                    source=SOURCE)


def roc_curve(labels, scores, *, pos_label=None, data=None, nan_policy="raise", sample_weight=None,
              weight_kind=None) -> ROCCurve:
    """The empirical ROC curve of `scores` against `labels` (labels first, as scikit-learn's
    ``roc_curve(y_true, y_score)`` and pROC's ``roc(response, predictor)``).

    One point per threshold, from +∞ (nothing called positive) down to −∞ (everything):
    ``thresholds``, the counts ``tp`` and ``fp`` of positives and negatives with score ≥
    threshold, ``sensitivity`` (tpr), ``specificity`` and ``fpr``; ``auc`` is the area under
    the points joined by straight lines, which is Â with ties counted ½. O(N log N).
    `data` and `nan_policy` as for :func:`aucbound.auc`; an AUC below ½ draws a
    :class:`~aucbound.BelowChanceWarning`.

    >>> curve = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> curve.thresholds.tolist()
    [inf, 0.6000000000000001, 0.375, 0.22499999999999998, -inf]
    >>> curve.tp.tolist(), curve.fp.tolist(), curve.auc
    ([0, 1, 1, 2, 2], [0, 0, 1, 1, 2], 0.75)

    With `sample_weight` (as for :func:`aucbound.auc`), ``tp`` and ``fp`` are the weights of the
    positives and negatives at or above each threshold and m = W₊, n = W₋ (scikit-learn's
    ``roc_curve(sample_weight=…)``); rows of weight 0 add no threshold. Integer weights give the
    curve of the rows repeated w times, point for point.

    >>> weighted = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], sample_weight=[1, 3, 2, 1])
    >>> weighted.tp.tolist(), weighted.fp.tolist(), weighted.auc
    ([0, 1, 1, 3, 3], [0, 0, 3, 3, 4], 0.5)
    """
    kind_without_weights(sample_weight, weight_kind)
    labels, scores, weights = columns(("labels", labels), ("scores", scores), ("sample_weight", sample_weight),
                                      data=data, nan_policy=nan_policy)
    if weights is not None:
        curve = weighted_curve(weighted_levels_of(labels, scores, weights, pos_label, weight_kind))
        warn_below_chance(curve.auc, pos_label)
        return curve
    curve = roc_curve_from_groups(*_sorted_groups(labels, scores, pos_label))
    warn_below_chance(curve.auc, pos_label)
    return curve


def _scalar(value):
    """An array's item as a Python int or float (a count, or a weight)."""
    return value.item() if isinstance(value, np.generic) else value


def _point(curve: ROCCurve, k: int) -> OperatingPoint:
    tp, fp = _scalar(curve.tp[k]), _scalar(curve.fp[k])  # counts, or weights
    return OperatingPoint(threshold=float(curve.thresholds[k]), specificity=(curve.n - fp) / curve.n,
                          sensitivity=tp / curve.m, tp=tp, fp=fp)


def _read(x: np.ndarray, y: np.ndarray, at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(y at x = `at`, index or −1) along points where x and y are both nondecreasing.

    Where points have x == at exactly, the last of them (the largest y) and its index;
    otherwise the straight line between the neighbours on either side, and −1. `at` must
    lie within [x[0], x[−1]].
    """
    k = np.searchsorted(x, at, side="right") - 1
    exact = x[k] == at
    after = np.minimum(k + 1, x.shape[0] - 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        share = np.where(exact, 0.0, (at - x[k]) / (x[after] - x[k]))
    value = np.where(exact, y[k], y[k] + share * (y[after] - y[k]))
    return value, np.where(exact, k, -1)


def oriented(tp: np.ndarray, fp: np.ndarray, m: int, n: int, focus: str) -> tuple[np.ndarray, np.ndarray]:
    """(x, y) along a curve given by its counts: x the `focus` coordinate negated and y the other
    one, both nondecreasing (the points in the curve's order for a specificity, reversed for a
    sensitivity) — the form :func:`_read` reads and the partial AUC integrates."""
    sensitivity, specificity = tp / m, (n - fp) / n
    if focus == "specificity":
        return -specificity, sensitivity
    return -sensitivity[::-1], specificity[::-1]


def _read_curve(curve: ROCCurve, focus: str, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The other coordinate at each of `values` of `focus`, and the point index (−1: interpolated)."""
    read, k = _read(*oriented(curve.tp, curve.fp, curve.m, curve.n, focus), -values)
    if focus == "sensitivity":  # the points were read in reverse
        k = np.where(k >= 0, len(curve) - 1 - k, -1)
    return read, k


FOCUSES = ("specificity", "sensitivity")
_PLURAL = {"specificity": "specificities", "sensitivity": "sensitivities"}


def _unit_values(parameter: str, values) -> np.ndarray:
    values = np.atleast_1d(v.unit_interval(parameter, values))
    if values.ndim != 1:
        raise v.fail(parameter, "a number or a one-dimensional list of numbers", values)
    return values


def coords(curve: ROCCurve, *, thresholds=None, specificities=None, sensitivities=None) -> tuple[OperatingPoint, ...]:
    """Operating points of `curve` at given thresholds, specificities or sensitivities (give one).

    At a threshold t: the counts of scores ≥ t. At a specificity (sensitivity): pROC's rule —
    the point with that specificity and the highest sensitivity if there is one (with its
    threshold and counts), else the straight line between the neighbouring points
    (``threshold``, ``tp``, ``fp`` None).

    >>> curve = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> [(p.sensitivity, p.threshold) for p in coords(curve, specificities=[0.5, 0.75])]
    [(1.0, 0.22499999999999998), (0.5, None)]
    >>> coords(curve, thresholds=0.4)[0].tp
    1
    """
    given = [(name, value) for name, value in (("thresholds", thresholds), ("specificities", specificities),
                                               ("sensitivities", sensitivities)) if value is not None]
    if len(given) != 1:
        raise v.ParameterError("thresholds", "given alone, or else specificities or sensitivities (exactly one)",
                               f"{len(given)} of them", others=("specificities", "sensitivities"))
    name, value = given[0]
    if name == "thresholds":
        at = np.atleast_1d(v.real("thresholds", value))
        v.check("thresholds", ~np.isnan(at), "numbers (no NaN)", at)
        above = curve.levels.shape[0] - np.searchsorted(curve.levels, at, side="left")
        return tuple(dataclasses.replace(_point(curve, int(k)), threshold=float(t)) for k, t in zip(above, at))
    focus = "specificity" if name == "specificities" else "sensitivity"
    values = _unit_values(name, value)
    read, index = _read_curve(curve, focus, values)
    points = []
    for given_value, other, k in zip(values.tolist(), read.tolist(), index.tolist()):
        if k >= 0:
            points.append(_point(curve, k))
        elif focus == "specificity":
            points.append(OperatingPoint(threshold=None, specificity=given_value, sensitivity=other, tp=None, fp=None))
        else:
            points.append(OperatingPoint(threshold=None, specificity=other, sensitivity=given_value, tp=None, fp=None))
    return tuple(points)


def best_threshold(curve: ROCCurve, *, method: str = "youden") -> tuple[OperatingPoint, ...]:
    """The points with the largest Youden J = se + sp − 1 (``method='youden'``) or the smallest
    (1 − se)² + (1 − sp)² (``'closest-topleft'``); every tied point, compared exactly in counts.

    >>> curve = roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> [(p.threshold, p.sensitivity, p.specificity) for p in best_threshold(curve)]
    [(0.6000000000000001, 0.5, 1.0), (0.22499999999999998, 1.0, 0.5)]
    """
    method = v.choice("method", method, BEST_METHODS)
    m, n, tp, fp = curve.m, curve.n, curve.tp, curve.fp
    if tp.dtype.kind in "iu" and m * n >= 2**62:  # integer weights of large totals: Python integers
        tp, fp = tp.astype(object), fp.astype(object)
    if method == "youden":  # mn·(J + 1) = n·tp + m·(n − fp), exact in int64 (below 2^63 for m, n < 2^31)
        score = n * tp + m * (n - fp)
        return tuple(_point(curve, int(k)) for k in np.flatnonzero(score == score.max()))
    # mn·distance = √(((m − tp)·n)² + (fp·m)²): candidates in float, then exact in Python integers
    near = np.hypot((m - tp.astype(np.float64)) * float(n), fp.astype(np.float64) * float(m))
    candidates = np.flatnonzero(near <= near.min() * (1 + 1e-9))
    exact = [((m - _scalar(tp[k])) * n) ** 2 + (_scalar(fp[k]) * m) ** 2 for k in candidates]  # floats for float weights
    closest = min(exact)
    return tuple(_point(curve, int(k)) for k, value in zip(candidates, exact) if value == closest)


def dkw_epsilon(k: int, delta: float) -> float:
    """√(ln(2/δ)/(2k)): the half-width ε with P(sup_t |F̂_k(t) − F(t)| > ε) ≤ δ for the empirical
    CDF of k draws (Dvoretzky, Kiefer & Wolfowitz 1956 with Massart's 1990 constant 2).

    >>> round(dkw_epsilon(50, 0.025), 6)  # √(ln 80/100): one class of a δ = 0.05 band
    0.209333
    """
    k = v.count("k", k)
    delta = v.probability("delta", delta, scalar=True)
    return math.sqrt((math.log(2.0) - math.log(delta)) / (2.0 * k))


#: Points whose coordinate is within this of a band's edge count as inside it, so rounding of
#: count/size never narrows a band (it can only widen it by this much).
_SLACK = 1e-12


def _envelope(x_lower: np.ndarray, x_upper: np.ndarray, y_lower: np.ndarray, y_upper: np.ndarray,
              at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(lo, hi) at x = `at`: min{y_lower : x_upper ≥ at} and max{y_upper : x_lower ≤ at}, in [0, 1]; each
    array one value per point of a curve, all nondecreasing along it (x_lower starting ≤ 0, x_upper
    ending ≥ 1): the class bands' limits at each point's counts."""
    upper = y_upper[np.searchsorted(x_lower, at + _SLACK, side="right") - 1]
    below = np.searchsorted(x_upper, at - _SLACK, side="left")
    lower = y_lower[np.minimum(below, x_upper.shape[0] - 1)]
    return np.clip(lower, 0.0, 1.0), np.clip(upper, 0.0, 1.0)


#: The bands with a distribution-free simultaneous guarantee, each from one band per class at δ/2.
EXACT_BANDS = ("dkw", "kolmogorov", "berk-jones")


def band_bounds(method: str, m: int, n: int, delta: float, progress=None):
    """((lower₊, upper₊), (lower₋, upper₋)): the class bands of the positives and the negatives at δ/2
    each, per count (:func:`~aucbound.empirical._band_exact.class_bounds`)."""
    if method == "berk-jones":
        check_berk_jones(m, n, delta)
    return class_bounds(method, m, delta / 2, progress), class_bounds(method, n, delta / 2, progress)


def band_edges(curve: ROCCurve, focus: str, values: np.ndarray, bounds_pos,
               bounds_neg) -> tuple[np.ndarray, np.ndarray]:
    """A distribution-free band's (lo, hi) of the other coordinate at `values` of `focus`, from the class
    bands `bounds_pos` and `bounds_neg` ((lower, upper) per count, :func:`band_bounds`: functions of the
    counts or arrays indexed by them): with R̂⁺(x) the largest TPR upper limit among points whose FPR
    lower limit is ≤ x, and R̂⁻ the smallest TPR lower limit among points whose FPR upper limit is ≥ x
    (module docstring)."""
    pos = [limit_at(limit, curve.tp) for limit in bounds_pos]
    neg = [limit_at(limit, curve.fp) for limit in bounds_neg]
    if focus == "specificity":  # TPR bounds at FPR = 1 − specificity
        return _envelope(*neg, *pos, 1.0 - values)
    lo, hi = _envelope(*pos, *neg, values)  # FPR bounds at TPR
    return 1.0 - hi, 1.0 - lo


def dkw_band(curve: ROCCurve, focus: str, values: np.ndarray, delta: float) -> tuple[np.ndarray, np.ndarray, float, float]:
    """The DKW band's (lo, hi) of the other coordinate at `values` of `focus` (an array), and (ε₊, ε₋):
    what :func:`roc_band` computes after its checks."""
    eps_pos, eps_neg = dkw_epsilon(curve.m, delta / 2), dkw_epsilon(curve.n, delta / 2)
    lo, hi = band_edges(curve, focus, values, *band_bounds("dkw", curve.m, curve.n, delta))
    return lo, hi, eps_pos, eps_neg


def band_contains(curve: ROCCurve, truth, bounds_pos, bounds_neg) -> bool:
    """Whether the band of `curve` from the class bands `bounds_pos` and `bounds_neg` ((lower, upper) per
    count, as :func:`band_edges` takes them) contains the continuous increasing curve TPR = truth(FPR)
    everywhere, decided exactly at the ends of the band's steps: the band's upper edge is a step
    function of the FPR whose lowest point on each step is its right end, and its lower edge one whose
    highest point is its left end."""
    (lower_pos, upper_pos), (lower_neg, upper_neg) = bounds_pos, bounds_neg
    fp, tp = curve.fp, curve.tp
    values, first = np.unique(fp, return_index=True)
    last = np.append(first[1:] - 1, fp.shape[0] - 1)
    top, bottom = tp[last], tp[first]  # the highest and lowest TP count at each distinct FP count
    # upper edge: upper₊(top[j]) on FPR ∈ [lower₋(values[j]), lower₋(values[j + 1])); the truth is largest at
    # the right end
    ends = limit_at(lower_neg, values[1:]) - _SLACK
    inside = ends > 0
    if np.any(truth(ends[inside]) > limit_at(upper_pos, top[:-1][inside])):
        return False
    # lower edge: lower₊(bottom[j]) on FPR ∈ (upper₋(values[j − 1]), upper₋(values[j])]; the truth is smallest
    # at the left end
    starts = limit_at(upper_neg, values[:-1]) + _SLACK
    inside = starts < 1
    return not np.any(truth(np.maximum(starts[inside], 0.0)) < limit_at(lower_pos, bottom[1:][inside]))


def dkw_band_contains(curve: ROCCurve, truth, eps_pos: float, eps_neg: float) -> bool:
    """:func:`band_contains` for the DKW band of half-widths ε₊ on the TPR and ε₋ on the FPR."""
    return band_contains(curve, truth, constant_width(curve.m, eps_pos), constant_width(curve.n, eps_neg))


def _pair(tp: np.ndarray, fp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return tp, fp


def totals(tp: np.ndarray, fp: np.ndarray):
    """(m, n) of a curve given by its counts from the top: its last point, everything called positive
    (a resample's own totals, which with case weights vary from resample to resample)."""
    return _scalar(tp[-1]), _scalar(fp[-1])


def resampled_curves(curve: ROCCurve, pos: np.ndarray, neg: np.ndarray, resamples: int, seed, progress=None, *,
                     reduce=_pair, workers: int = -1, weights=None):
    """Yield ``reduce(tp, fp)`` (by default (tp, fp) itself) for the ROC curve of each stratified resample
    of the classes `pos` and `neg` (whose curve is `curve`), with (tp, fp) its counts at the
    curve's thresholds (a resample holds only observed scores): the bootstrap's stream, on `workers`
    threads (:func:`~aucbound.empirical._resampling.map_resamples`), each resample reduced in its thread.
    With `weights` (wpos, wneg), the weights of the rows of `pos` and `neg` (sampling weights), each drawn
    row carries its weight: tp and fp are then the resample's weights at or above each threshold, and
    its totals (:func:`totals`) its own W₊ and W₋."""
    size = curve.levels.shape[0]
    pos_level, neg_level = np.searchsorted(curve.levels, pos), np.searchsorted(curve.levels, neg)
    wpos, wneg = (None, None) if weights is None else (np.asarray(w, dtype=np.float64) for w in weights)

    def one(drawn_neg, drawn_pos):
        return reduce(_from_top(np.bincount(pos_level[drawn_pos], None if wpos is None else wpos[drawn_pos], size)),
                      _from_top(np.bincount(neg_level[drawn_neg], None if wneg is None else wneg[drawn_neg], size)))

    yield from map_resamples(one, pos.shape[0], neg.shape[0], resamples, seed, workers=workers, progress=progress)


def _readings(resamples, points: int, at: str) -> int:
    """`resamples` checked against :data:`MAX_RESAMPLES`, and for a band read at `points` values
    of the parameter `at`, against :data:`MAX_BAND_READINGS` (what the band keeps in memory)."""
    resamples = v.count("resamples", resamples, maximum=MAX_RESAMPLES)
    if points and resamples * points > MAX_BAND_READINGS:
        raise v.ParameterError(
            "resamples", f"at most {max(1, MAX_BAND_READINGS // points):,} for {points:,} points in {{{at}}} (a bootstrap "
            f"band keeps resamples × points ≤ {MAX_BAND_READINGS:,} readings, 8 bytes each)", v.show(resamples),
            others=(at,))
    return resamples


def check_resamples(resamples, m: int, n: int, points: int = 0, *, at: str = "specificities") -> int:
    """`resamples` checked as :func:`_readings` does, and against the work limit for m + n items
    and the points."""
    resamples = _readings(resamples, points, at)
    items = m + n + points
    # a resample here is a numpy pass per class, about 20 times the cost per item of the compiled AUC loop
    return v.at_most("resamples", resamples, max(1, MAX_WORK // (20 * items)),
                     why=f" for {items:,} items and values a resample (the bootstrap's work limit)")


def bootstrap_band(pos, neg, curve, focus, values, delta, resamples, seed, progress, workers=-1, weights=None):
    """The bootstrap band's (lo, hi) at `values` of `focus`, from the classes and their curve (and the
    rows' sampling weights, if any: :func:`resampled_curves`): what :func:`roc_band` computes after its checks."""
    def reading(tp, fp):
        return _read(*oriented(tp, fp, *totals(tp, fp), focus), -values)[0]

    read = np.empty((resamples, values.shape[0]))
    for r, row in enumerate(resampled_curves(curve, pos, neg, resamples, seed, progress, reduce=reading,
                                             workers=workers, weights=weights)):
        read[r] = row
    lo, hi = np.quantile(read, [delta / 2, 1 - delta / 2], axis=0)
    return lo, hi


_BAND_NAMES = {"dkw": "DKW", "kolmogorov": "Kolmogorov", "berk-jones": "Berk–Jones"}
_BAND_SOURCES = {
    "dkw": "Dvoretzky, Kiefer & Wolfowitz 1956; Massart 1990 (each class at δ/2)",
    "kolmogorov": "Kolmogorov's statistic at its exact finite-sample critical value (Simard & L'Ecuyer 2011; each "
                  "class at δ/2)",
    "berk-jones": "Berk & Jones 1979, Owen 1995: the exact finite-sample critical value (Moscovich & Nadler 2017; "
                  "each class at δ/2)",
}


def _exact_band(method, curve, focus, values, delta, progress, common) -> ROCBand:
    """The distribution-free band `method` (one of :data:`EXACT_BANDS`) of `curve` at `values` of `focus`."""
    from ._band_exact import berk_jones_critical, kolmogorov_epsilon

    bounds_pos, bounds_neg = band_bounds(method, curve.m, curve.n, delta, progress)
    lo, hi = band_edges(curve, focus, values, bounds_pos, bounds_neg)
    sizes = (curve.m, curve.n)
    if method == "berk-jones":
        extra = dict(critical_pos=berk_jones_critical(curve.m, delta / 2),
                     critical_neg=berk_jones_critical(curve.n, delta / 2))
    else:
        half_width = dkw_epsilon if method == "dkw" else kolmogorov_epsilon
        extra = dict(zip(("epsilon_pos", "epsilon_neg"), (half_width(k, delta / 2) for k in sizes)))
    return ROCBand(method=method, lo=lo, hi=hi, guarantee="distribution-free", simultaneous=True,
                   source=_BAND_SOURCES[method], **extra, **common)


#: Why the DKW band refuses sampling weights.
DKW_SAMPLING = ("'bootstrap' with sampling weights: the DKW band's guarantee is for the empirical CDF of i.i.d. "
                "draws, which a weighted CDF is not (frequency weights are: the repeated rows)")


def _band_classes(labels, scores, weights, pos_label, weight_kind, method):
    """(pos, neg, curve, rows' weights or None) for a band: the sorted classes (the rows repeated w times
    for frequency weights), or the rows of positive weight with their sampling weights and weighted curve."""
    if weights is None:
        pos, neg = _sorted_groups(labels, scores, pos_label)
        return pos, neg, roc_curve_from_groups(pos, neg), None
    from ._weights import check_kind, levels_of, repeated_classes, weighted_rows

    kind = check_kind(weight_kind, needed=True)
    _thresholdable(scores)
    rows = weighted_rows(labels, scores, weights, pos_label, kind)
    if kind == "frequency":
        pos, neg = (np.sort(part) for part in repeated_classes(rows))
        return pos, neg, roc_curve_from_groups(pos, neg), None
    if method in EXACT_BANDS:
        raise v.ParameterError("method", DKW_SAMPLING.replace("DKW", _BAND_NAMES[method]), repr(method),
                               others=("sample_weight",))
    pos, wpos, neg, wneg = rows.classes()
    return pos, neg, weighted_curve(levels_of(rows)), (wpos, wneg)


#: The smallest δ a band takes: each class spends δ/2, which must be a normal float.
MIN_BAND_DELTA = 1e-300


def band_delta(delta, confidence) -> float:
    """δ of a band, checked: in (0, 1), and at least :data:`MIN_BAND_DELTA` (each class spends δ/2)."""
    delta = v.failure_probability(delta, confidence)
    if delta < MIN_BAND_DELTA:
        raise v.ParameterError("delta", f"at least {MIN_BAND_DELTA:g} for a band (each class spends δ/2)", repr(delta))
    return delta


def roc_band(labels, scores, *, method="dkw", delta=None, confidence=None, specificities=None, sensitivities=None,
             resamples=2000, seed=0, pos_label=None, progress=None, data=None, nan_policy="raise",
             workers=-1, sample_weight=None, weight_kind=None) -> ROCBand:
    """A 1 − δ confidence band for the ROC curve: the sensitivity at each of `specificities`
    (by default 0, 0.01, …, 1), or the specificity at each of `sensitivities`.

    ``method='dkw'``: distribution-free and simultaneous — with probability ≥ 1 − δ every
    true operating point lies inside at once, for every pair of score distributions and
    every m, n (Massart's DKW inequality for each class at δ/2; module docstring).
    ``method='kolmogorov'`` and ``method='berk-jones'``: the same kind of band, each class's
    CDF band at the exact finite-sample critical value of Kolmogorov's statistic or of the
    Berk–Jones statistic (Owen's 1995 likelihood band: narrow near the ends of the curve,
    where ROC analysis lives; classes of at most 10,000 cases, ``MAX_BERK_JONES``) in place of
    Massart's bound. The interval a distribution-free band gives at one
    specificity (or sensitivity) is valid at every one of them at once. `progress` hears of
    the Berk–Jones critical value's computation (seconds at 10⁴ cases; cached after).
    ``method='bootstrap'``: the stratified bootstrap's percentile interval at each point
    (pROC's ``ci.se``/``ci.sp``), pointwise and asymptotic, on `workers` threads (−1, the
    default: one per core this process may use; the band is the same with any number). δ is
    0.05 unless `delta` or `confidence` (= 1 − δ) is given. `data` and `nan_policy` as for
    :func:`aucbound.auc`.

    Case weights (`sample_weight`) need `weight_kind`. ``"frequency"``: both bands are those of
    the rows repeated w times (DKW with m = W₊, n = W₋; a total weight of at most 10⁸).
    ``"sampling"``: the bootstrap band resamples the rows within each class, each carrying its
    weight, and reads each resample's weighted curve; the DKW band is refused (its guarantee is
    for an i.i.d. empirical CDF, which a weighted one is not).

    >>> labels = [0] * 5 + [1] * 5
    >>> scores = [0.1, 0.2, 0.3, 0.45, 0.6, 0.4, 0.5, 0.7, 0.8, 0.9]
    >>> band = roc_band(labels, scores, specificities=[0.8])
    >>> band.estimate.tolist(), band.lo.tolist(), band.hi.tolist(), band.simultaneous
    ([0.8], [0.0], [1.0], True)
    >>> band = roc_band(labels, scores, method="berk-jones", specificities=[0.95])
    >>> band.simultaneous, band.guarantee, round(band.critical_pos, 4)
    (True, 'distribution-free', 5.1866)
    >>> band = roc_band(labels, scores, method="bootstrap", specificities=[0.8], resamples=500)
    >>> band.guarantee, float(band.lo[0]) <= 0.8 <= float(band.hi[0])
    ('asymptotic', True)
    """
    kind_without_weights(sample_weight, weight_kind)
    method = v.choice("method", method, BAND_METHODS)
    delta = band_delta(delta, confidence)
    if specificities is not None and sensitivities is not None:
        raise v.ParameterError("specificities", "given alone, or else sensitivities", "both given",
                               others=("sensitivities",))
    focus = "sensitivity" if sensitivities is not None else "specificity"
    given = sensitivities if sensitivities is not None else specificities
    values = np.linspace(0.0, 1.0, 101) if given is None else _unit_values(_PLURAL[focus], given)
    v.at_most(_PLURAL[focus], values.shape[0], MAX_BAND_POINTS, why=" points")
    if method == "bootstrap":  # what the band would keep, before the data are read
        _readings(resamples, values.shape[0], _PLURAL[focus])
    if method == "berk-jones":
        check_berk_jones(1, 1, delta)
    seed = v.seed("seed", seed)
    workers = v.workers("workers", workers)
    v.progress("progress", progress)  # checked; None: no reports, and no thread to make them
    labels, scores, weights = columns(("labels", labels), ("scores", scores), ("sample_weight", sample_weight),
                                      data=data, nan_policy=nan_policy)
    pos, neg, curve, row_weights = _band_classes(labels, scores, weights, pos_label, weight_kind, method)
    estimate, _ = _read_curve(curve, focus, values)
    common = dict(focus=focus, delta=delta, m=curve.m, n=curve.n, at=values, estimate=estimate)
    if method in EXACT_BANDS:
        return _exact_band(method, curve, focus, values, delta, progress, common)
    resamples = check_resamples(resamples, pos.shape[0], neg.shape[0], values.shape[0], at=_PLURAL[focus])
    lo, hi = bootstrap_band(pos, neg, curve, focus, values, delta, resamples, seed, progress, workers, row_weights)
    return ROCBand(method="bootstrap", lo=lo, hi=hi, guarantee="asymptotic", simultaneous=False,
                   source="stratified bootstrap, percentile (Efron & Tibshirani 1993; pROC's ci.se/ci.sp)",
                   resamples=resamples, seed=seed, **common)
