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
from ._auc import exact_mean, groups, weighted_counts, weighted_deviations
from ._columns import columns, warn_below_chance

__all__ = ["delong", "delong_variance"]

SOURCE = "DeLong et al. 1988; Sun & Xu 2014"


@dataclass(frozen=True)
class _Counts:
    """Twice the structural components, 2n·V10 and 2m·V01, and four times Σψ², per item."""

    m: int
    n: int
    twice_pos: np.ndarray
    twice_neg: np.ndarray
    squares_pos: np.ndarray
    squares_neg: np.ndarray

    @property
    def twice_u(self) -> int:
        return int(self.twice_pos.sum())

    @property
    def auc(self) -> float:
        return self.twice_u / (2 * self.m * self.n)


def _counts(pos: np.ndarray, neg: np.ndarray, *, in_order: bool) -> _Counts:
    """The counts of each item, in the order given when `in_order`; else in sorted order,
    sorting `pos` and `neg` in place."""
    if in_order:
        pos_order, neg_order = np.argsort(pos), np.argsort(neg)
        pos, neg = pos[pos_order], neg[neg_order]
    else:
        pos.sort()
        neg.sort()
    (twice_pos, twice_neg), (squares_pos, squares_neg) = weighted_counts(pos, neg, (2, 1), (4, 1))
    per_item = [twice_pos, twice_neg, squares_pos, squares_neg]
    if in_order:
        for k, order in enumerate((pos_order, neg_order, pos_order, neg_order)):
            placed = np.empty_like(per_item[k])
            placed[order] = per_item[k]
            per_item[k] = placed
    return _Counts(pos.shape[0], neg.shape[0], *per_item)


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


def _lehmann_p(twice: np.ndarray, squares: np.ndarray, others: int):
    """p̂ over pairs of distinct `others`: Σ_k [(twice_k/2)² − squares_k/4] / (count·others·(others − 1)),
    along the last axis; None when there are fewer than two `others`."""
    if others < 2:
        return None
    twice = twice.astype(np.float64)
    total = np.einsum("...i,...i->...", twice, twice) - squares.sum(axis=-1)
    return _rowwise(total / (4.0 * twice.shape[-1] * others * (others - 1)))


def _component_variances(twice_pos: np.ndarray, twice_neg: np.ndarray, m: int, n: int):
    """(S10, S01) from 2n·V10 and 2m·V01 (along the last axis); S10 is None when m = 1 and
    S01 when n = 1 (one component has no spread)."""
    s10 = _spread(twice_pos, 2 * n) / (m - 1) if m > 1 else None
    s01 = _spread(twice_neg, 2 * m) / (n - 1) if n > 1 else None
    return s10, s01


def _variances(counts: _Counts) -> tuple[float | None, float | None]:
    """(S10, S01) of :func:`_component_variances`."""
    return _component_variances(counts.twice_pos, counts.twice_neg, counts.m, counts.n)


def _clipped(p, auc):
    """p̂ clipped into [Â², Â], the range Lehmann's p1 and p2 have (Â² where p̂ is undefined):
    the form the plug-in methods use. Elementwise on arrays."""
    square = auc * auc
    return np.minimum(np.maximum(square if p is None else p, square), auc)


def _lehmann_estimates(counts: _Counts) -> tuple[float | None, float | None]:
    """(p̂1, p̂2); p̂1 is None when m = 1 and p̂2 when n = 1 (no pair of distinct items)."""
    return (
        _lehmann_p(counts.twice_neg, counts.squares_neg, counts.m),
        _lehmann_p(counts.twice_pos, counts.squares_pos, counts.n),
    )


def _result(pos: np.ndarray, neg: np.ndarray) -> DeLong:
    """DeLong from the positives' and the negatives' scores (each class of two or more)."""
    counts = _counts(pos, neg, in_order=True)
    s10, s01 = _variances(counts)
    p1, p2 = _lehmann_estimates(counts)
    return DeLong(
        auc=counts.auc,
        m=counts.m,
        n=counts.n,
        variance=s10 / counts.m + s01 / counts.n,
        s10=s10,
        s01=s01,
        p1=p1,
        p2=p2,
        source=SOURCE,
        v10=counts.twice_pos / (2.0 * counts.n),
        v01=counts.twice_neg / (2.0 * counts.m),
    )


def _two_per_class(labels, scores, pos_label):
    return groups(labels, scores, pos_label, minimum=2, purpose="for DeLong's variance")


def delong(labels, scores, *, pos_label=None, data=None, nan_policy="raise") -> DeLong:
    """DeLong's variance S10/m + S01/n of Â, with the structural components V10, V01 and p̂1, p̂2.

    Each class needs at least two items. The components come in the order of the items in
    `scores` (positives in ``v10``, negatives in ``v01``). `data` and `nan_policy` as for
    :func:`aucbound.auc`; an AUC below ½ draws a :class:`~aucbound.BelowChanceWarning`.

    >>> result = delong([0, 0, 0, 0, 1, 1, 1, 1], [-2, -1, 3, 4, 1, 2, 5, 6])  # Table 1, f1
    >>> result.auc, result.v10.tolist(), result.v01.tolist()
    (0.75, [0.5, 0.5, 1.0, 1.0], [1.0, 1.0, 0.5, 0.5])
    >>> round(result.variance, 10), result.s10, result.p1, result.p2
    (0.0416666667, 0.08333333333333333, 0.5833333333333334, 0.5833333333333334)
    """
    labels, scores = columns(("labels", labels), ("scores", scores), data=data, nan_policy=nan_policy)
    result = _result(*_two_per_class(labels, scores, pos_label))
    warn_below_chance(result.auc, pos_label)
    return result


def delong_variance(labels, scores, *, pos_label=None, data=None, nan_policy="raise") -> float:
    """S10/m + S01/n: DeLong's estimate of the variance of Â (the fast path of :func:`delong`).

    `data` and `nan_policy` as for :func:`aucbound.auc`.

    >>> delong_variance([0, 0, 0, 0, 1, 1, 1, 1], [-2, -1, 3, 4, 1, 2, 5, 6])
    0.041666666666666664
    """
    labels, scores = columns(("labels", labels), ("scores", scores), data=data, nan_policy=nan_policy)
    pos, neg = _two_per_class(labels, scores, pos_label)
    pos.sort()
    neg.sort()
    m, n = pos.shape[0], neg.shape[0]
    deviations_pos, deviations_neg = weighted_deviations(pos, neg, (2, 1))  # 2n·V10 − 2U/m, 2m·V01 − 2U/n
    return _squares(deviations_pos, 2 * n) / (m - 1) / m + _squares(deviations_neg, 2 * m) / (n - 1) / n
