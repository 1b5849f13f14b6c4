r"""Two scorers on the same weighted cases: DeLong's paired variance of D̂ = Âa − Âb with case weights.

Both columns score the same rows, which carry one weight each. The weighted placements of a
positive row i in the two columns, V10ᵃ_i and V10ᵇ_i (:func:`._weights.weighted_placements`),
pair up row by row: D10_i = V10ᵃ_i − V10ᵇ_i, and D01_j = V01ᵃ_j − V01ᵇ_j for a negative row j.
Their weighted means are D̂ (each column's placements average to its Â_w). With W₊, W₋ the
classes' total weights and m, n their rows of positive weight:

- ``"frequency"`` weights (row i occurred w_i times): the repeated data's w_i copies of row i
  share its placements, so DeLong's paired variance of the repeated rows is

      Var(D̂) = S10(D)/W₊ + S01(D)/W₋,   S10(D) = Σ_i w_i (D10_i − D̂)²/(W₊ − 1),
                                         S01(D) = Σ_j w_j (D01_j − D̂)²/(W₋ − 1);

- ``"sampling"`` weights: D̂ is a difference of two ratio estimators; its linearisation is the
  difference of theirs, Σ_i w_i (D10_i − D)/W₊ + Σ_j w_j (D01_j − D)/W₋, one term per row,
  and the sandwich variance is

      Var(D̂) = m/(m − 1)·Σ_i w_i² (D10_i − D̂)²/W₊² + n/(n − 1)·Σ_j w_j² (D01_j − D̂)²/W₋²,

  DeLong's paired variance when the weights are equal.

The same sums over each column's own placements give Var(Âa) and Var(Âb) (those of
:func:`aucbound.delong` with the same weights), and Cov(Âa, Âb) = (Var Âa + Var Âb − Var D̂)/2.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import _validate as v
from . import _labels
from ._weights import check_kind, weighted_placements, weighted_rows

__all__ = ["WeightedPair", "weighted_pair", "SAMPLING_COMPARE_METHODS", "SAMPLING_COMPARE_LEFT_OUT"]

#: The interval rows for D that hold with sampling weights: DeLong's, which reads the (sandwich) variance.
SAMPLING_COMPARE_METHODS = ("delong",)
#: Why the other rows are left out with sampling weights.
SAMPLING_COMPARE_LEFT_OUT = ("sampling weights: the distribution-free rows read only D, m and n and take the cases "
                             "as equally weighted independent draws, which a weighted sample is not")


@dataclass(frozen=True)
class WeightedPair:
    """Two weighted score columns on the same cases: the AUCs, D̂, the variances (Var Âa, Var Âb,
    Var D̂) of the weights' ``kind``, and m, n (W₊, W₋ for frequency weights, else the rows of
    positive weight)."""

    kind: str
    auc_a: float
    auc_b: float
    m: object
    n: object
    variances: tuple[float, float, float]

    @property
    def difference(self) -> float:
        return self.auc_a - self.auc_b


def _class_part(kind: str, weights: np.ndarray, values: np.ndarray, mean: float, total, rows: int) -> float:
    """One class's part of the variance of the weighted mean of `values` (see the module docstring)."""
    deviations = values - mean
    if kind == "frequency":
        return float(np.dot(weights, deviations * deviations)) / (total - 1) / total
    weights = weights.astype(np.float64)
    return rows / (rows - 1) * float(np.dot(weights * weights, deviations * deviations)) / (float(total) ** 2)


def weighted_pair(labels, scores_a, scores_b, sample_weight, pos_label, weight_kind) -> WeightedPair:
    """:class:`WeightedPair` of the two columns with case weights of the kind `weight_kind` (required);
    each class needs a total weight of at least 2 (frequency) or two rows of positive weight (sampling)."""
    kind = check_kind(weight_kind, needed=True)
    try:
        a = _labels.scores("scores_a", scores_a)
    except (ValueError, TypeError):
        _labels.refuse_swapped(labels, scores_a)
        raise
    b = _labels.scores("scores_b", scores_b)
    if b.shape[0] != a.shape[0]:
        raise v.ParameterError("scores_b", f"as long as {{scores_a}} ({a.shape[0]})", f"{b.shape[0]} values",
                               others=("scores_a",))
    rows_a = weighted_rows(labels, a, sample_weight, pos_label, kind)  # the same rows kept in both:
    rows_b = weighted_rows(labels, b, sample_weight, pos_label, kind)  # the labels and weights decide
    pos_a, wpos, neg_a, wneg = rows_a.classes()
    pos_b, _, neg_b, _ = rows_b.classes()
    total_pos, total_neg = wpos.sum().item(), wneg.sum().item()
    m, n = (total_pos, total_neg) if kind == "frequency" else (pos_a.shape[0], neg_a.shape[0])
    if m < 2 or n < 2:
        what = "a total weight of at least 2" if kind == "frequency" else "at least two rows of positive weight"
        raise v.ParameterError("sample_weight", f"such that each class has {what} (for DeLong's paired test)",
                               f"{m} and {n}")
    v10_a, v01_a, auc_a = weighted_placements(pos_a, wpos, neg_a, wneg)
    v10_b, v01_b, auc_b = weighted_placements(pos_b, wpos, neg_b, wneg)
    rows = (pos_a.shape[0], neg_a.shape[0])

    def variance(v10, v01, mean) -> float:
        return (_class_part(kind, wpos, v10, mean, total_pos, rows[0])
                + _class_part(kind, wneg, v01, mean, total_neg, rows[1]))

    variances = (variance(v10_a, v01_a, auc_a), variance(v10_b, v01_b, auc_b),
                 variance(v10_a - v10_b, v01_a - v01_b, auc_a - auc_b))
    return WeightedPair(kind, auc_a, auc_b, m, n, variances)
