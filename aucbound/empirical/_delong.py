"""DeLong's variance of the empirical AUC, from its structural components, in O(N log N).

DeLong, DeLong & Clarke-Pearson (1988), Biometrics 44, 837–845. With
ψ(x, y) = 1, ½, 0 for x >, =, < y, each positive x_i and each negative y_j has a
structural component (its placement)

    V10_i = (1/n) Σ_j ψ(x_i, y_j),    V01_j = (1/m) Σ_i ψ(x_i, y_j),

whose means are both Â, and

    S10 = Σ_i (V10_i − Â)²/(m − 1),   S01 = Σ_j (V01_j − Â)²/(n − 1),   Var = S10/m + S01/n.

Sun & Xu (2014), IEEE Signal Processing Letters 21, 1389–1393: the components are
differences of mid-ranks, so one sort per class replaces the m×n kernel matrix. Here
2n·V10_i and 2m·V01_j are exact integers counted by :mod:`.auc`.

The same counts estimate Lehmann's p1 = P(X1 > Y, X2 > Y) and p2 = P(X > Y1, X > Y2)
(Agarwal et al. 2005, Eq. 7) without bias, by the U-statistics over triples of distinct items,
each comparison's tie counted ½:

    p̂1 = Σ_j [(m·V01_j)² − Σ_i ψ(x_i, y_j)²] / (n·m·(m − 1)),
    p̂2 = Σ_i [(n·V10_i)² − Σ_j ψ(x_i, y_j)²] / (m·n·(n − 1)).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._results import DeLong
from ._auc import exact_mean, groups, twice_counts, twice_deviations, weighted_deviations
from ._resampling import compiled_loop
from ._columns import columns, warn_below_chance
from .. import _validate as v
from ._weights import kind_without_weights

__all__ = ["delong", "delong_variance", "lehmann_p", "component_variances", "clip_to_lehmann_range"]

SOURCE = "DeLong et al. 1988; Sun & Xu 2014"


def _rowwise(result):
    return float(result) if np.ndim(result) == 0 else result


def _squares(deviations: np.ndarray, scale: int):
    """Σ_k (deviations_k/scale)² along the last axis, as (Σ deviations²)/scale²."""
    return _rowwise(np.einsum("...i,...i->...", deviations, deviations) / (scale * scale))


def _spread(twice: np.ndarray, scale: int):
    """Σ_k (twice_k/scale − mean)² along the last axis (one value per row of a 2-D array).

    The mean is taken from the exact integer sum, as quotient plus remainder.
    """
    total = twice.sum(axis=-1, keepdims=True)
    return _squares(twice - exact_mean(total, twice.shape[-1]), scale)


def _lehmann_total(sum_of_squares, squares_total, count: int, others: int):
    """p̂ from Σ_k twice_k² (float) and Σ_k squares_k (exact), over `count` items and pairs of
    distinct `others`: [Σ twice² − Σ squares] / (4·count·others·(others − 1))."""
    return _rowwise((sum_of_squares - squares_total) / (4.0 * count * others * (others - 1)))


def lehmann_p(twice: np.ndarray, squares: np.ndarray, others: int):
    """p̂ over pairs of distinct `others`: Σ_k [(twice_k/2)² − squares_k/4] / (count·others·(others − 1)),
    along the last axis; None when there are fewer than two `others`."""
    if others < 2:
        return None
    twice = twice.astype(np.float64)
    return _lehmann_total(np.einsum("...i,...i->...", twice, twice), squares.sum(axis=-1), twice.shape[-1], others)


def component_variances(twice_pos: np.ndarray, twice_neg: np.ndarray, m: int, n: int):
    """(S10, S01) from 2n·V10 and 2m·V01 (along the last axis); S10 is None when m = 1 and
    S01 when n = 1 (one component has no spread)."""
    s10 = _spread(twice_pos, 2 * n) / (m - 1) if m > 1 else None
    s01 = _spread(twice_neg, 2 * m) / (n - 1) if n > 1 else None
    return s10, s01


def clip_to_lehmann_range(p, auc):
    """p̂ clipped into [Â², Â], the range Lehmann's p1 and p2 have (Â² where p̂ is undefined):
    the form the plug-in methods use. Elementwise on arrays."""
    square = auc * auc
    return np.minimum(np.maximum(square if p is None else p, square), auc)


@dataclass(frozen=True)
class Statistics:
    """Â, S10, S01 and p̂1, p̂2 of one data set (each None where undefined: S10 and p̂1 need
    two positives, S01 and p̂2 two negatives), from the exact counts of the sorted classes."""

    m: int
    n: int
    twice_u: int
    s10: float | None
    s01: float | None
    p1: float | None
    p2: float | None

    @property
    def auc(self) -> float:
        return self.twice_u / (2 * self.m * self.n)

    @property
    def variance(self) -> float | None:
        """DeLong's S10/m + S01/n (None when a class has one item)."""
        return None if self.s10 is None or self.s01 is None else self.s10 / self.m + self.s01 / self.n


def _moments(deviations: np.ndarray, twice_u: int, squares: int, scale: int, others: int):
    """(S, p̂) of one class from its components' deviations from their mean, 2n·V10 − 2U/m (or
    2m·V01 − 2U/n), given the exact totals 2U and `squares` (of its 4·below + tied counts).

    S is Σ deviations²/scale²/(count − 1), as :func:`delong_variance` sums it. p̂ needs Σ t² of
    the counts t themselves: Σ (d + μ)² = Σ d² + 2μ·Σ d + (2U)²/count, with μ the rounded mean
    each d was taken from (so Σ d is not exactly 0) and the last term one correctly rounded
    division of exact integers.
    """
    count = deviations.shape[0]
    sum_of_squares = float(np.einsum("...i,...i->...", deviations, deviations))
    spread = sum_of_squares / (scale * scale) / (count - 1) if count > 1 else None
    if others < 2:
        return spread, None
    mean = exact_mean(twice_u, count)
    sum_of_counts_squared = sum_of_squares + 2 * mean * float(deviations.sum()) + twice_u * twice_u / count
    return spread, _lehmann_total(sum_of_counts_squared, squares, count, others)


def statistics(pos: np.ndarray, neg: np.ndarray) -> Statistics:
    """:class:`Statistics` of the sorted classes `pos` and `neg` (one merge, nothing kept per item).

    The sums run over the items in sorted order, by the steps of :func:`delong_variance`, so
    that every function of data (``delong``, ``delong_variance``, ``intervals``) gives the same
    bits.

    >>> result = statistics(np.array([1.0, 2, 5, 6]), np.array([-2.0, -1, 3, 4]))  # Table 1, f1
    >>> result.auc, result.s10, result.p1, result.variance == delong_variance([1] * 4 + [0] * 4, [1, 2, 5, 6, -2, -1, 3, 4])
    (0.75, 0.08333333333333333, 0.5833333333333334, True)
    """
    m, n = pos.shape[0], neg.shape[0]
    deviations_pos, deviations_neg, below, tied = twice_deviations(pos, neg)
    twice_u, squares = 2 * below + tied, 4 * below + tied  # Σ(2L + E) = 2U; Σ(4L + E) = Σ(4A + F)
    s10, p2 = _moments(deviations_pos, twice_u, squares, 2 * n, n)
    s01, p1 = _moments(deviations_neg, twice_u, squares, 2 * m, m)
    return Statistics(m, n, twice_u, s10, s01, p1, p2)


def counts_in_order(scores: np.ndarray, mask: np.ndarray, m: int, keys: np.ndarray | None = None) -> np.ndarray:
    """Each item's structural component, twice over, in the order given (exact int64): 2L + E =
    2n·V10 for a positive (`mask` True), 2A + F = 2m·V01 for a negative; `m` positives.
    `scores` are float64, or int64 within ±2^53. `keys`, an optional uint64 buffer as long as
    `scores`, is used as scratch space.

    Compiled: scores of few distinct values (integers, ratings: their bits less the least take
    at most min(m + n, 2^22) values once their common trailing zeros are dropped) are counted
    per value in two passes, with no sort. Other scores: each item gets a uint64 key, its
    score's order bits in the high bits, then its class and its index, and one ``np.sort`` of
    the keys (several times faster than an argsort) orders the items; one pass over the sorted
    keys then counts each run of tied scores and writes every item's count at its index. Where
    the scores need more bits than the keys have room for, the keys keep the high ones, and
    each run of equal keys (rare for continuous scores) is sorted by the scores themselves
    before it is counted. numpy: an argsort of each class.

    >>> counts_in_order(np.array([0.2, 0.9, 0.5, 0.5]), np.array([False, True, True, False]), 2).tolist()
    [4, 4, 3, 3]
    """
    module = compiled_loop()
    counts = np.empty(scores.shape[0], dtype=np.int64)
    if module is not None and scores.dtype in (np.float64, np.int64) and scores.flags.c_contiguous and mask.flags.c_contiguous:
        keys = np.empty(scores.shape[0], dtype=np.uint64) if keys is None else keys
        exact = module.order_keys(scores, mask, m, keys, counts)
        if exact is not None:  # else the scores took few distinct values, and the counts are written
            keys.sort()
            module.ranked_counts(scores, mask, m, keys, exact, counts)
        return counts
    pos, neg = scores[mask].astype(np.float64, copy=False), scores[~mask].astype(np.float64, copy=False)
    pos_order, neg_order = np.argsort(pos), np.argsort(neg)
    twice_pos, twice_neg = np.empty(pos.shape[0], dtype=np.int64), np.empty(neg.shape[0], dtype=np.int64)
    twice_pos[pos_order], twice_neg[neg_order], _, _ = twice_counts(pos[pos_order], neg[neg_order])
    counts[mask], counts[~mask] = twice_pos, twice_neg
    return counts


class Components:
    """DeLong's structural components ``(v10, v01)`` of the items in the order given, computed
    when called (a :class:`~aucbound.results.DeLong` calls it on the first look at ``v10`` or
    ``v01``): most callers read the variance only, and the components in the order of the
    items cost about two more sorts."""

    def __init__(self, pos: np.ndarray, neg: np.ndarray):
        self.pos, self.neg = pos, neg

    def __call__(self) -> tuple[np.ndarray, np.ndarray]:
        m, n = self.pos.shape[0], self.neg.shape[0]
        mask = np.zeros(m + n, dtype=bool)
        mask[:m] = True
        counts = counts_in_order(np.concatenate((self.pos, self.neg)), mask, m)
        return counts[:m] / (2.0 * n), counts[m:] / (2.0 * m)


def _result(pos: np.ndarray, neg: np.ndarray) -> DeLong:
    """DeLong from the positives' and the negatives' scores in the order given (each class of
    two or more); the components are computed when first read."""
    stats = statistics(np.sort(pos), np.sort(neg))
    return DeLong(auc=stats.auc, m=stats.m, n=stats.n, variance=stats.variance, s10=stats.s10, s01=stats.s01,
                  p1=stats.p1, p2=stats.p2, source=SOURCE, components=Components(pos, neg))


def _two_per_class(labels, scores, pos_label):
    return groups(labels, scores, pos_label, minimum=2, purpose="for DeLong's variance")


WEIGHTED_SOURCE = {
    "frequency": "DeLong et al. 1988, frequency weights (the rows repeated w times)",
    "sampling": "DeLong et al. 1988, sampling weights (sandwich variance of the weighted U-statistic)",
}


class WeightedComponents:
    """The weighted placements V10, V01 of the rows of positive weight, in the order given."""

    def __init__(self, rows):
        self.rows = rows

    def __call__(self):
        from ._weights import weighted_placements

        v10, v01, _ = weighted_placements(*self.rows.classes())
        return v10, v01


def _weighted_statistics(labels, scores, weights, pos_label, weight_kind):
    """(rows, WeightedStatistics): DeLong's variance with case weights of the kind `weight_kind`
    (required), refused when a class has fewer than two rows (frequency: a total weight below 2)."""
    from ._weights import check_kind, levels_of, weighted_rows, weighted_variance

    kind = check_kind(weight_kind, needed=True)
    rows = weighted_rows(labels, scores, weights, pos_label, kind)
    stats = weighted_variance(levels_of(rows, squares=kind == "sampling"), kind)
    if stats.variance is None:
        what = "a total weight of at least 2" if kind == "frequency" else "at least two rows of positive weight"
        raise v.ParameterError("sample_weight", f"such that each class has {what} (for DeLong's variance)",
                               f"{stats.m} and {stats.n}", verb="be")
    return rows, stats


def _weighted_result(labels, scores, weights, pos_label, weight_kind) -> DeLong:
    rows, stats = _weighted_statistics(labels, scores, weights, pos_label, weight_kind)
    return DeLong(auc=stats.auc, m=stats.m, n=stats.n, variance=stats.variance, s10=stats.s10, s01=stats.s01,
                  p1=stats.p1, p2=stats.p2, source=WEIGHTED_SOURCE[stats.kind],
                  components=WeightedComponents(rows), weights=stats.kind)


def delong(labels, scores, *, pos_label=None, data=None, nan_policy="raise", sample_weight=None,
           weight_kind=None) -> DeLong:
    """DeLong's variance S10/m + S01/n of Â, with the structural components V10, V01 and p̂1, p̂2.

    Each class needs at least two items. The components come in the order of the items in
    `scores` (positives in ``v10``, negatives in ``v01``). `data` and `nan_policy` as for
    :func:`aucbound.auc`; an AUC below ½ draws a :class:`~aucbound.BelowChanceWarning`.

    >>> result = delong([0, 0, 0, 0, 1, 1, 1, 1], [-2, -1, 3, 4, 1, 2, 5, 6])  # Table 1, f1
    >>> result.auc, result.v10.tolist(), result.v01.tolist()
    (0.75, [0.5, 0.5, 1.0, 1.0], [1.0, 1.0, 0.5, 0.5])
    >>> round(result.variance, 10), result.s10, result.p1, result.p2
    (0.0416666667, 0.08333333333333333, 0.5833333333333334, 0.5833333333333334)

    With `sample_weight`, `weight_kind` says what the weights mean:
    ``"frequency"`` — whole numbers, each row occurring w times: everything is that of the
    repeated rows (m = W₊, n = W₋); ``"sampling"`` — sampling or importance weights: the
    sandwich variance of the weighted AUC (m, n then count the rows of positive weight).
    ``v10``, ``v01`` are then the weighted placements of the rows of positive weight.

    >>> weighted = delong([0, 0, 1, 1, 1], [0.1, 0.4, 0.35, 0.8, 0.9], sample_weight=[1, 2, 2, 1, 1],
    ...                   weight_kind="frequency")
    >>> repeated = delong([0, 0, 0, 1, 1, 1, 1], [0.1, 0.4, 0.4, 0.35, 0.35, 0.8, 0.9])
    >>> (weighted.auc, weighted.m, weighted.n) == (repeated.auc, repeated.m, repeated.n)
    True
    >>> abs(weighted.variance - repeated.variance) < 1e-15
    True
    """
    kind_without_weights(sample_weight, weight_kind)
    labels, scores, weights = columns(("labels", labels), ("scores", scores), ("sample_weight", sample_weight),
                                      data=data, nan_policy=nan_policy)
    if weights is not None:
        result = _weighted_result(labels, scores, weights, pos_label, weight_kind)
        warn_below_chance(result.auc, pos_label)
        return result
    result = _result(*_two_per_class(labels, scores, pos_label))
    warn_below_chance(result.auc, pos_label)
    return result


def delong_variance(labels, scores, *, pos_label=None, data=None, nan_policy="raise", sample_weight=None,
                    weight_kind=None) -> float:
    """S10/m + S01/n: DeLong's estimate of the variance of Â (the fast path of :func:`delong`).

    `data` and `nan_policy` as for :func:`aucbound.auc`; `sample_weight` and `weight_kind` as
    for :func:`delong`.

    >>> delong_variance([0, 0, 0, 0, 1, 1, 1, 1], [-2, -1, 3, 4, 1, 2, 5, 6])
    0.041666666666666664
    >>> delong_variance([0, 0, 0, 0, 1, 1, 1, 1], [-2, -1, 3, 4, 1, 2, 5, 6], sample_weight=[2] * 8,
    ...                 weight_kind="sampling")  # equal weights: DeLong's variance
    0.041666666666666664
    """
    kind_without_weights(sample_weight, weight_kind)
    labels, scores, weights = columns(("labels", labels), ("scores", scores), ("sample_weight", sample_weight),
                                      data=data, nan_policy=nan_policy)
    if weights is not None:
        return _weighted_statistics(labels, scores, weights, pos_label, weight_kind)[1].variance
    pos, neg = _two_per_class(labels, scores, pos_label)
    pos.sort()
    neg.sort()
    m, n = pos.shape[0], neg.shape[0]
    deviations_pos, deviations_neg = weighted_deviations(pos, neg, (2, 1))  # 2n·V10 − 2U/m, 2m·V01 − 2U/n
    return _squares(deviations_pos, 2 * n) / (m - 1) / m + _squares(deviations_neg, 2 * m) / (n - 1) / n
