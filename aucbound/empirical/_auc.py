"""The empirical AUC with ties counted one half (the Wilcoxon–Mann–Whitney statistic).

Agarwal et al. (2005), Eq. 4: Â = (1/mn) Σ_i Σ_j [1(f(x_i) > f(x'_j)) + ½·1(f(x_i) = f(x'_j))].

Each class is sorted once; for every positive x_i a binary search in the sorted negatives
gives L_i, the number of negatives below it, and E_i, the number tied with it. Then
2L_i + E_i = 2n·V10_i is twice its placement (DeLong's structural component; in mid-ranks,
2(R_i − R⁺_i) with R_i the mid-rank among all N scores and R⁺_i among the positives, as in
Sun & Xu 2014), and 2mn·Â = Σ_i (2L_i + E_i) = 2U is summed exactly in int64, so Â is a
single correctly rounded division. The negatives' counts come from the positives' by a
counting pass, without a second search. O(N log N) time, O(N) memory.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from . import _labels

__all__ = ["auc", "auc_from_groups"]


def _below_and_tied(ref: np.ndarray, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(#{ref < key}, #{ref = key}) for each key, as int64; `ref` sorted, `keys` best sorted too.

    One binary search per key over the distinct values of `ref` (all of it when it has no
    ties); sorted keys make the searches walk memory in order.
    """
    size = ref.shape[0]
    new_level = ref[1:] != ref[:-1]
    if new_level.all():  # no ties inside `ref`: its values are its levels
        below = np.searchsorted(ref, keys, side="left").astype(np.int64, copy=False)
        nearest = ref[np.minimum(below, size - 1)]
        return below, (nearest == keys).astype(np.int64)
    starts = np.flatnonzero(np.concatenate(([True], new_level)))
    bounds = np.append(starts, size).astype(np.int64)
    level = np.searchsorted(ref[starts], keys, side="left")
    nearest = np.minimum(level, starts.shape[0] - 1)
    tied = np.where(ref[starts[nearest]] == keys, bounds[nearest + 1] - bounds[nearest], 0)
    return bounds[level], tied


def _counts_at_most(values: np.ndarray, size: int) -> np.ndarray:
    """#{i : values_i ≤ j} for j = 0 … size − 1, for integers 0 ≤ values_i ≤ size."""
    return np.cumsum(np.bincount(values, minlength=size + 1)[:size])


def _placements(pos: np.ndarray, neg: np.ndarray):
    """Per-item counts of the other class, for sorted `pos` and `neg`.

    Returns ``(below, tied_pos, above, tied_neg)``: for each positive the negatives below
    it and tied with it; for each negative the positives above it and tied with it, all
    int64 in sorted order. A positive x_i is above the j-th smallest negative exactly when
    L_i > j, and at or above it when L_i + E_i > j, which gives the negatives' counts by one
    counting pass.
    """
    m, n = pos.shape[0], neg.shape[0]
    below, tied_pos = _below_and_tied(neg, pos)
    at_most_below = _counts_at_most(below, n)  # positives x_i ≤ y_j
    at_most_level = _counts_at_most(below + tied_pos, n)  # positives x_i < y_j
    above = m - at_most_below
    tied_neg = at_most_below - at_most_level
    return below, tied_pos, above, tied_neg


def _auc(pos: np.ndarray, neg: np.ndarray) -> float:
    """Â = 2U/(2mn) with 2U = Σ_i (2L_i + E_i) summed exactly; sorts `pos` and `neg` in place."""
    pos.sort()
    neg.sort()
    below, tied = _below_and_tied(neg, pos)
    return (2 * int(below.sum()) + int(tied.sum())) / (2 * pos.shape[0] * neg.shape[0])


def groups(labels, scores, pos_label, *, minimum: int = 1, purpose: str = "") -> tuple[np.ndarray, np.ndarray]:
    """The checked scores of the positives and of the negatives, as new arrays; each class
    must have at least `minimum` items (for `purpose`)."""
    scores = _labels.scores("scores", scores)
    mask = _labels.positive_mask(labels, pos_label, length=scores.shape[0])
    if minimum > 1:
        _labels.class_sizes(mask, minimum, purpose)
    return scores[mask], scores[~mask]


def auc_from_groups(pos, neg) -> float:
    """Â from the scores of the positives and of the negatives, ties counted ½.

    >>> auc_from_groups([1, 2, 5, 6], [-2, -1, 3, 4])  # f1 of Table 1
    0.75
    >>> auc_from_groups([1, 2, 3, 4], [-2, -1, 5, 6])  # f2 of Table 1
    0.5
    >>> auc_from_groups([1, 1], [1, 0])
    0.75
    >>> auc_from_groups([2**60], [2**60 + 1, 0.5])  # integers compared exactly, with each other and with floats
    0.5
    """
    pos, neg = _labels.score_groups([("pos", pos), ("neg", neg)])
    for name, group in (("pos", pos), ("neg", neg)):
        if group.shape[0] == 0:
            raise v.fail(name, "non-empty", group)
    return _auc(pos.copy(), neg.copy())


def auc(labels, scores, *, pos_label=None) -> float:
    """Â of `scores` against binary `labels`, ties counted ½ (labels first, as scikit-learn's
    ``roc_auc_score(y_true, y_score)`` and pROC's ``roc(response, predictor)``).

    Labels may be booleans, 0/1 or −1/1 (1 is positive), or any two values with
    `pos_label` naming the positive one. Integer scores are compared exactly, also beyond 2^53.

    >>> labels = [-1, -1, -1, -1, 1, 1, 1, 1]  # Agarwal et al. 2005, Table 1
    >>> auc(labels, [-2, -1, 3, 4, 1, 2, 5, 6]), auc(labels, [-2, -1, 5, 6, 1, 2, 3, 4])
    (0.75, 0.5)
    >>> auc(["good", "poor", "good"], [0.2, 0.9, 0.4], pos_label="poor")
    1.0
    >>> auc([1, 0], [2**53 + 1, 2**53])
    1.0
    """
    return _auc(*groups(labels, scores, pos_label))
