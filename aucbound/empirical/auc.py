"""The empirical AUC with ties counted one half (the Wilcoxon–Mann–Whitney statistic).

Agarwal et al. (2005), Eq. 4: Â = (1/mn) Σ_i Σ_j [1(f(x_i) > f(x'_j)) + ½·1(f(x_i) = f(x'_j))].
Computed in O(N log N) from mid-ranks: Â = (R₊ − m(m+1)/2)/(mn), with R₊ the sum of
the positives' mid-ranks among all N scores. Twice a mid-rank is an integer, so R₊ is
summed exactly in int64 and Â is a single correctly rounded division.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v

__all__ = ["auc", "auc_from_groups"]


def _twice_midranks(values: np.ndarray) -> np.ndarray:
    """2 × the mid-rank (1-based, ties averaged) of each value, as int64."""
    size = values.shape[0]
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1])))
    ends = np.append(starts[1:], size)
    doubled = np.empty(size, dtype=np.int64)
    doubled[order] = np.repeat(starts + ends + 1, ends - starts)
    return doubled


def _auc(pos: np.ndarray, neg: np.ndarray) -> float:
    m, n = pos.shape[0], neg.shape[0]
    doubled = _twice_midranks(np.concatenate((pos, neg)))
    twice_u = int(doubled[:m].sum()) - m * (m + 1)
    return twice_u / (2 * m * n)


def auc_from_groups(pos, neg) -> float:
    """Â from the scores of the positives and of the negatives, ties counted ½.

    >>> auc_from_groups([1, 2, 5, 6], [-2, -1, 3, 4])  # f1 of Table 1
    0.75
    >>> auc_from_groups([1, 2, 3, 4], [-2, -1, 5, 6])  # f2 of Table 1
    0.5
    >>> auc_from_groups([1, 1], [1, 0])
    0.75
    """
    pos, neg = v.scores("pos", pos), v.scores("neg", neg)
    for name, group in (("pos", pos), ("neg", neg)):
        if group.shape[0] == 0:
            raise v.fail(name, "non-empty", "an empty array")
    return _auc(pos, neg)


def auc(scores, labels, *, pos_label=None) -> float:
    """Â of `scores` against binary `labels`, ties counted ½.

    Labels may be booleans, 0/1 or −1/1 (1 is positive), or any two values with
    `pos_label` naming the positive one.

    >>> labels = [-1, -1, -1, -1, 1, 1, 1, 1]  # Agarwal et al. 2005, Table 1
    >>> auc([-2, -1, 3, 4, 1, 2, 5, 6], labels), auc([-2, -1, 5, 6, 1, 2, 3, 4], labels)
    (0.75, 0.5)
    >>> auc([0.2, 0.9, 0.4], ["good", "poor", "good"], pos_label="poor")
    1.0
    """
    scores = v.scores("scores", scores)
    mask = v.positive_mask(labels, pos_label, length=scores.shape[0])
    return _auc(scores[mask], scores[~mask])
