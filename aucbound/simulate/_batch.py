"""The empirical AUC and DeLong's pieces for many trials at once, one trial a row.

The intervals themselves need nothing batched: each registered method's closed form is
vectorized (:data:`aucbound.METHODS`) and takes the arrays of :meth:`Trials.estimates`.

- :func:`placements` computes what ``empirical._auc._placements`` does for one data set,
  for every trial with one sort of each trial's pooled scores: in a row sorted by score,
  a tie group spans positions [s, e); with c⁻[k] the number of negatives before position
  k, a positive in the group has L = c⁻[s] negatives below it and E = c⁻[e] − c⁻[s] tied
  with it (mid-ranks, as in Sun & Xu 2014), and likewise for a negative with the
  positives' counts. The tests check it against the one-data-set function trial by trial.
- :func:`statistics`: 2U (exact, int64), DeLong's S10 and S01, and p̂1, p̂2, through the
  same row-wise formulas as :func:`aucbound.delong`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..bounds import Estimates
from ..empirical import clip_to_lehmann_range, component_variances, lehmann_p

# --- Â and DeLong's structural components ---------------------------------------------------


def _group_bounds(values: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """(s, e): each position's tie group [s, e) in rows sorted along axis 1; None when no row has ties."""
    trials, size = values.shape
    index = np.arange(size)
    new = np.empty((trials, size), dtype=bool)
    new[:, 0] = True
    np.not_equal(values[:, 1:], values[:, :-1], out=new[:, 1:])
    if new.all():
        return None
    start = np.maximum.accumulate(np.where(new, index, 0), axis=1)
    last = np.empty_like(new)
    last[:, -1] = True
    last[:, :-1] = new[:, 1:]
    end = np.minimum.accumulate(np.where(last, index + 1, size)[:, ::-1], axis=1)[:, ::-1]
    return start, end


def placements(pos: np.ndarray, neg: np.ndarray):
    """``(below, tied_pos, above, tied_neg)`` of every trial, as int64 arrays of shape (T, m) and (T, n).

    Row t equals ``_placements(sorted pos[t], sorted neg[t])``: for each positive (in
    increasing order) the negatives below it and tied with it, for each negative the
    positives above it and tied with it.

    >>> below, tied_pos, above, tied_neg = placements(np.array([[1.0, 3.0]]), np.array([[1.0, 2.0, 0.0]]))
    >>> below.tolist(), tied_pos.tolist(), above.tolist(), tied_neg.tolist()
    ([[1, 3]], [[1, 0]], [[2, 1, 1]], [[0, 1, 0]])
    """
    trials, m = pos.shape
    n = neg.shape[1]
    pooled = np.concatenate([pos, neg], axis=1)
    order = np.argsort(pooled, axis=1)
    is_neg = order >= m
    negatives_before = np.zeros((trials, m + n + 1), dtype=np.int64)
    np.cumsum(is_neg, axis=1, out=negatives_before[:, 1:])
    groups = _group_bounds(np.take_along_axis(pooled, order, axis=1))
    is_pos = ~is_neg
    if groups is None:  # no ties: the item at position k has c⁻[k] negatives and k − c⁻[k] positives below it
        below = negatives_before[:, :-1][is_pos].reshape(trials, m)
        above = (m - np.arange(m + n) + negatives_before[:, :-1])[is_neg].reshape(trials, n)
        return below, np.zeros_like(below), above, np.zeros_like(above)
    start, end = groups
    neg_start = np.take_along_axis(negatives_before, start, axis=1)
    neg_end = np.take_along_axis(negatives_before, end, axis=1)
    pos_start, pos_end = start - neg_start, end - neg_end
    return (
        neg_start[is_pos].reshape(trials, m),
        (neg_end - neg_start)[is_pos].reshape(trials, m),
        (m - pos_end)[is_neg].reshape(trials, n),
        (pos_end - pos_start)[is_neg].reshape(trials, n),
    )


@dataclass(frozen=True)
class Trials:
    """Per-trial statistics of T data sets of m positives and n negatives.

    ``twice_u`` is 2mn·Â (int64, exact); ``s10``/``s01`` DeLong's component variances and
    ``p1``/``p2`` the U-statistic estimates of Lehmann's p1, p2, each None where undefined
    (S10 and p̂1 need m ≥ 2, S01 and p̂2 need n ≥ 2).
    """

    m: int
    n: int
    twice_u: np.ndarray
    s10: np.ndarray | None
    s01: np.ndarray | None
    p1: np.ndarray | None
    p2: np.ndarray | None

    @property
    def auc(self) -> np.ndarray:
        """Â of each trial: 2U/(2mn), one correctly rounded division as in ``empirical.auc``."""
        return self.twice_u / float(2 * self.m * self.n)

    @property
    def delong_variance(self) -> np.ndarray | None:
        """S10/m + S01/n, or None when a class has a single item."""
        if self.s10 is None or self.s01 is None:
            return None
        return self.s10 / self.m + self.s01 / self.n

    def estimates(self) -> Estimates:
        """Â, p̂1, p̂2 (clipped into [Â², Â], Â² where undefined) and DeLong's variance (NaN where
        undefined) of every trial: the inputs of the registered methods' closed forms."""
        auc = self.auc
        p1, p2 = (clip_to_lehmann_range(p, auc) for p in (self.p1, self.p2))
        variance = self.delong_variance
        return Estimates(auc, p1, p2, np.full(auc.shape, np.nan) if variance is None else variance)

    @staticmethod
    def concatenate(parts: list[Trials]) -> Trials:
        """The trials of several blocks, in order."""
        first = parts[0]

        def joined(name):
            return None if getattr(first, name) is None else np.concatenate([getattr(p, name) for p in parts])

        return Trials(first.m, first.n, *(joined(name) for name in ("twice_u", "s10", "s01", "p1", "p2")))


def statistics(pos: np.ndarray, neg: np.ndarray) -> Trials:
    """2U, DeLong's S10 and S01, and p̂1, p̂2 of each trial (row) of `pos` and `neg`.

    >>> pos = np.array([[1.0, 2.0, 5.0, 6.0], [0.0, 0.0, 1.0, 1.0]])
    >>> neg = np.array([[-2.0, -1.0, 3.0, 4.0], [0.0, 1.0, 1.0, 2.0]])
    >>> trials = statistics(pos, neg)
    >>> trials.auc.tolist(), trials.delong_variance.round(10).tolist()
    ([0.75, 0.3125], [0.0416666667, 0.0364583333])
    """
    m, n = pos.shape[1], neg.shape[1]
    below, tied_pos, above, tied_neg = placements(pos, neg)
    twice_pos, twice_neg = 2 * below + tied_pos, 2 * above + tied_neg
    s10, s01 = component_variances(twice_pos, twice_neg, m, n)
    return Trials(
        m=m,
        n=n,
        twice_u=twice_pos.sum(axis=1),
        s10=s10,
        s01=s01,
        p1=lehmann_p(twice_neg, 4 * above + tied_neg, m),
        p2=lehmann_p(twice_pos, 4 * below + tied_pos, n),
    )
