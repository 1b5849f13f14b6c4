r"""Estimators of the area under the precision–recall curve, from the curve's counts.

Every estimator reads the curve as the counts ``tp`` and ``fp`` of positives and negatives
scoring at or above each threshold, from +∞ (index 0: tp = fp = 0) down through the
distinct scores: integers, or sums of sample weights. Precision is tp/(tp + fp), 1 at the
+∞ point by convention; recall is tp/m with m = tp[−1]. Boyd, Eng & Page (2013, "Area under
the precision-recall curve: point estimates and confidence intervals", ECML PKDD) compare
these estimators of the area θ = ∫₀¹ precision d(recall) of the population curve:

``average-precision``
    AP = Σ_k (R_k − R_{k−1})·P_k over the thresholds: the mean, over the positives, of the
    precision at the threshold that first takes each in (tied positives share theirs).
    No interpolation: scikit-learn's ``average_precision_score``, and Boyd et al.'s
    average precision.
``lower-trapezoid``
    Boyd et al.'s lower trapezoid. At each distinct recall r_i (r_0 = 0 at +∞) the points
    of the curve there have precisions from p_min(r_i) to p_max(r_i) (a vertical run of
    negatives); between consecutive recalls the area is the trapezoid that joins the
    lowest precision on the left to the highest on the right:
    Σ_i (r_i − r_{i−1})·(p_min(r_{i−1}) + p_max(r_i))/2.
``interpolated-median``
    Boyd et al.'s interpolated median: at each distinct recall the median of the
    precisions of the points there (R's median: the mean of the two middle ones for an
    even count), joined by Davis & Goadrich's (2006) interpolation — a straight line in
    the counts (in ROC space), along which the precision is r/(b·r + c) — and integrated
    in closed form. From recall 0 to the first recall, a constant at the first precision,
    as Boyd et al. take it.
``trapezoid``
    The trapezoidal rule through the points of scikit-learn's curve, the final (recall 0,
    precision 1) one included: ``sklearn.metrics.auc(recall, precision)``. Through every
    point it joins the last point at one recall (the lowest precision there) to the first at
    the next (the highest), so it equals the lower trapezoid; it is kept under the name users
    know. A straight line in PR space overstates the precision between two points whose tp
    and fp both grow (a threshold that takes in tied positives and negatives): the achievable
    curve between them is Davis & Goadrich's (2006) interpolation, which lies below it. So
    both trapezoids are optimistic wherever scores tie across the classes.

The functions take the counts checked and return a float; :data:`ESTIMATORS` describes
each by its key.
"""

from __future__ import annotations

import numpy as np

__all__ = ["ESTIMATORS", "estimate", "precision_at"]

#: Each estimator: (its name in prose, its source).
ESTIMATORS = {
    "average-precision": ("average precision", "Boyd et al. 2013, average precision; scikit-learn's "
                          "average_precision_score"),
    "lower-trapezoid": ("lower trapezoid", "Boyd et al. 2013, lower trapezoid"),
    "interpolated-median": ("interpolated median", "Boyd et al. 2013, interpolated median; "
                            "Davis & Goadrich 2006 interpolation"),
    "trapezoid": ("trapezoid", "trapezoidal rule in PR space, sklearn.metrics.auc: optimistic on ties (Davis & Goadrich 2006)"),
}


def precision_at(tp: np.ndarray, fp: np.ndarray) -> np.ndarray:
    """tp/(tp + fp) at each point from +∞ down, 1 where nothing is called positive (tp = fp = 0)."""
    called = tp + fp
    out = np.ones(tp.shape[0], dtype=np.float64)
    np.divide(tp, called, out=out, where=called != 0)
    return out


def average_precision(tp: np.ndarray, fp: np.ndarray) -> float:
    """Σ_k (tp_k − tp_{k−1})·P_k / m: the step-wise sum, no interpolation."""
    gained = np.diff(tp)
    return float(np.dot(gained, precision_at(tp[1:], fp[1:]))) / float(tp[-1])


def _groups(tp: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(first, last): the indices of the first and last point at each distinct recall, in order."""
    first = np.flatnonzero(np.concatenate(([True], tp[1:] != tp[:-1])))
    last = np.append(first[1:] - 1, tp.shape[0] - 1)
    return first, last


def lower_trapezoid(tp: np.ndarray, fp: np.ndarray) -> float:
    """Σ_i (r_i − r_{i−1})·(p_min(r_{i−1}) + p_max(r_i))/2 over the distinct recalls r_i."""
    precision = precision_at(tp, fp)
    first, last = _groups(tp)
    low, high = precision[last], precision[first]  # along a recall, fp grows and the precision falls
    widths = np.diff(tp[first]) / float(tp[-1])
    return float(np.dot(widths, low[:-1] + high[1:])) / 2


def _excess_of_log1p(u: np.ndarray) -> np.ndarray:
    """u − ln(1 + u) for u ≥ 0, to full relative precision: below ½ by the series in w = u/(2 + u),
    2w²/(1 − w) − 2·Σ_{j≥1} w^{2j+1}/(2j + 1), whose terms are all small against the first."""
    out = np.empty_like(u)
    large = u >= 0.5
    out[large] = u[large] - np.log1p(u[large])
    w = u[~large] / (2.0 + u[~large])
    w2 = w * w
    tail = np.zeros_like(w)
    for j in range(14, 0, -1):  # w ≤ 1/5: w^28 < 1e-19
        tail = 1.0 / (2 * j + 1) + w2 * tail
    out[~large] = 2.0 * w2 / (1.0 - w) - 2.0 * w * w2 * tail
    return out


def interpolated_area(recall: np.ndarray, precision: np.ndarray) -> float:
    """∫ of Davis & Goadrich's interpolation between points (r_i, p_i), recalls strictly increasing,
    p_i > 0 where r_i > 0; from r_0 = 0 to r_1 the constant p_1.

    Between (r₁, p₁) and (r₂, p₂) the false positives per positive g = r(1 − p)/p go linearly
    in r, so p(r) = r/(b·r + c) with b = 1 + s, s = (g₂ − g₁)/(r₂ − r₁), c = g₁ − s·r₁, and
    ∫ p dr = p₁·(r₂ − r₁) + (c/b²)·(u − ln(1 + u)) with u = b·(r₂ − r₁)·p₁/r₁.
    """
    r1, r2, p1, p2 = recall[:-1], recall[1:], precision[:-1], precision[1:]
    width = r2 - r1
    area = np.empty_like(width)
    start = r1 == 0
    area[start] = p2[start] * width[start]
    r1, r2, p1, p2, width = r1[~start], r2[~start], p1[~start], p2[~start], width[~start]
    g1, g2 = r1 * (1 - p1) / p1, r2 * (1 - p2) / p2
    s = (g2 - g1) / width
    b = 1.0 + s
    c = g1 - s * r1
    area[~start] = p1 * width + c / (b * b) * _excess_of_log1p(b * width * p1 / r1)
    return float(area.sum())


def interpolated_median(tp: np.ndarray, fp: np.ndarray) -> float:
    """Boyd et al.'s interpolated median (see the module docstring)."""
    repeated = np.concatenate(([False], (tp[1:] == tp[:-1]) & (fp[1:] == fp[:-1])))
    if repeated.any():  # a threshold that adds nobody (a resample's empty level) is no point of the curve
        tp, fp = tp[~repeated], fp[~repeated]
    precision = precision_at(tp, fp)
    first, last = _groups(tp)
    middle = (first + last) // 2  # the lower middle point; for an even count, its mean with the next
    median = np.where((last - first) % 2 == 1, (precision[middle] + precision[np.minimum(middle + 1, last)]) / 2,
                      precision[middle])
    return interpolated_area(tp[first] / float(tp[-1]), median)


def trapezoid(tp: np.ndarray, fp: np.ndarray) -> float:
    """The trapezoidal rule through the points from +∞ down (precision 1 at +∞)."""
    precision = precision_at(tp, fp)
    widths = np.diff(tp) / float(tp[-1])
    return float(np.dot(widths, precision[:-1] + precision[1:])) / 2


_FUNCTIONS = {"average-precision": average_precision, "lower-trapezoid": lower_trapezoid,
              "interpolated-median": interpolated_median, "trapezoid": trapezoid}


def estimate(key: str, tp: np.ndarray, fp: np.ndarray) -> float:
    """The estimator `key` of :data:`ESTIMATORS` on the counts from +∞ down.

    >>> tp, fp = np.array([0, 1, 1, 2, 2]), np.array([0, 0, 1, 1, 2])  # scores 0.8+, 0.4−, 0.35+, 0.1−
    >>> estimate("average-precision", tp, fp)  # (1 + 2/3)/2
    0.8333333333333333
    >>> estimate("lower-trapezoid", tp, fp)  # ½·(1 + 1)/2 + ½·(½ + 2/3)/2
    0.7916666666666666
    """
    return _FUNCTIONS[key](tp, fp)
