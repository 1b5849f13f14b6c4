"""Rank-shattering and the consistent-hypothesis linear program (Agarwal & Roth 2005, Def 6–7, Thm 9).

**Def 6 as printed** asks, for each b ∈ {0, 1}^r, for an f_b with f_b(w_i^{b+}) > f_b(w_i^{b−})
"for all i, j" — a quantifier over j with only i in the inequality, so that each pair is
compared with itself. The proof of Thm 3 uses the condition for all pairs i, j:
f_b(w_i^{b+}) > f_b(w_j^{b−}) (every "b-positive" point above every "b-negative" one), which
is what its construction of distributions needs (a positive drawn from any pair must score
above a negative drawn from any other). :func:`rank_shatters` implements that reading, the
one under which Thm 3 and Cor 1 hold. For linear functions it is the stronger one: the
pairwise reading only asks each difference w_i − w'_i to be shattered by homogeneous
half-spaces.

**Thm 9**: a linear f(x) = w·x ranks every positive above every negative exactly when
some threshold θ separates them (Remark 3), so a linear program in d + 1 variables with
m + n constraints, w·x⁺ ≥ θ + 1 and w·x⁻ ≤ θ − 1, finds such a w or proves there is none.
"""

from __future__ import annotations

import itertools

import numpy as np

from .. import _validate as v
from ._results import ConsistentRanker

__all__ = ["rank_shatters", "consistent_linear_ranker", "MAX_PAIRS"]

#: The largest number of pairs :func:`rank_shatters` checks (2^r linear programs).
MAX_PAIRS = 16
#: The most points the linear program takes (m + n constraints).
MAX_POINTS = 10**6


def _separate(pos: np.ndarray, neg: np.ndarray):
    """(w, θ) with w·x ≥ θ + 1 on `pos` and w·x ≤ θ − 1 on `neg`, or None: an LP (HiGHS)."""
    from scipy.optimize import linprog

    d = pos.shape[1]
    # variables (w_1 … w_d, θ), all free; constraints A·(w, θ) ≤ −1
    upper = np.vstack((np.hstack((-pos, np.ones((pos.shape[0], 1)))), np.hstack((neg, -np.ones((neg.shape[0], 1))))))
    solution = linprog(np.zeros(d + 1), A_ub=upper, b_ub=-np.ones(upper.shape[0]),
                       bounds=[(None, None)] * (d + 1), method="highs")
    if solution.status == 0:
        return solution.x[:d], solution.x[d]
    if solution.status == 2:
        return None
    raise RuntimeError(f"linear program failed: {solution.message}")


def consistent_linear_ranker(pos_points, neg_points) -> ConsistentRanker:
    """Thm 9's consistent-hypothesis finder: w with zero empirical ranking error, if one exists.

    ``training_auc`` is checked on the sample (every positive's score above every
    negative's gives 1.0).

    >>> fit = consistent_linear_ranker([[2, 1], [3, 0]], [[0, 0], [1, -1]])
    >>> fit.found, fit.training_auc
    (True, 1.0)
    >>> consistent_linear_ranker([[0.0], [2.0]], [[1.0]]).found  # a negative between two positives
    False
    """
    pos = v.points("pos_points", pos_points)
    neg = v.points("neg_points", neg_points, dim=pos.shape[1])
    v.at_most("pos_points", pos.shape[0] + neg.shape[0], MAX_POINTS, why=" points in all, for the linear program")
    found = _separate(pos, neg)
    if found is None:
        return ConsistentRanker(found=False, w=None, threshold=None, training_auc=None)
    w, theta = found
    pos_scores, neg_scores = pos @ w, neg @ w
    separated = bool(pos_scores.min() > neg_scores.max())
    return ConsistentRanker(found=True, w=tuple(float(x) for x in w), threshold=float(theta),
                            training_auc=1.0 if separated else None)


def rank_shatters(pairs) -> bool:
    """Whether linear ranking functions f(x) = w·x + b rank-shatter the given pairs (Def 6).

    ``pairs`` has shape (r, 2, d) (or (r, 2) on the line): r pairs (w_i, w'_i). They are
    rank-shattered when for every b ∈ {0, 1}^r some f puts every "b-positive" point
    (w_i if b_i = 1, else w'_i) above every "b-negative" one — the condition for all i, j
    that the proof of Thm 3 uses (see the module docstring). One LP per b; at most 16 pairs.

    >>> rank_shatters([[0.0, 1.0]])  # one pair on the line
    True
    >>> rank_shatters([[0.0, 1.0], [2.0, 3.0]])  # two pairs on the line: never
    False
    """
    array = v.real("pairs", pairs)
    if array.ndim == 2:
        array = array[:, :, None]
    if array.ndim != 3 or array.shape[1] != 2 or array.shape[0] == 0:
        raise v.fail("pairs", "an array of shape (r, 2, d) or (r, 2)", array)
    v.at_most("pairs", array.shape[0], MAX_PAIRS, why=" pairs (2^r linear programs)")
    v.check("pairs", np.isfinite(array), "finite (no inf or NaN)", array)
    rows = np.arange(array.shape[0])
    for b in itertools.product((1, 0), repeat=array.shape[0]):
        chosen = np.array(b)
        if _separate(array[rows, 1 - chosen], array[rows, chosen]) is None:
            return False
    return True
