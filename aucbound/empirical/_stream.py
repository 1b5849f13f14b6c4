"""The AUC, DeLong's variance and Lehmann's p̂1, p̂2 from a stream of levels in score order.

A *level* is one distinct score with the number of positives p_k and of negatives q_k at it.
Walking the levels upwards with N_k negatives and P_k positives strictly below level k, every
positive at level k has twice its placement t_k = 2N_k + q_k = 2n·V10, and every negative there
r_k = 2P_k + p_k = 2m·(1 − V01) (DeLong et al. 1988; Sun & Xu 2014: the structural components
are differences of mid-ranks). So, in one pass and without knowing m or n in advance:

- 2U = Σ_k p_k·t_k, an exact integer, and Â = 2U/(2mn), one correctly rounded division;
- S10 = Σ_k p_k·(t_k − 2U/m)²/((2n)²(m − 1)) and S01 likewise from r (a shift by 2m
  changes no spread), DeLong's variance S10/m + S01/n;
- p̂2 = [Σ_k p_k·t_k² − Σ_k p_k·(4N_k + q_k)]/(4mn(n − 1)) and p̂1 from 2m − r_k over the
  negatives: the unbiased estimates of Lehmann's p1, p2 that :func:`aucbound.delong` gives.

Sums of squared deviations from a mean that is known only at the end are merged chunk by
chunk as Chan, Golub & LeVeque (1983) merge them: each chunk's spread about its own mean, plus
(S_c·W − S·W_c)²/(W·W_c·(W + W_c)) for the shift between the means, that last term a ratio of
exact integers. Counts and sums of counts stay exact integers throughout.

Engines that sort (DuckDB, Spark) produce the levels; :func:`levels_of_rows` turns sorted
(score, positive) rows into levels, holding back the last level of each chunk until the next
chunk shows it is complete.
"""

from __future__ import annotations

import numpy as np

from ._auc import exact_mean
from ._delong import Statistics

__all__ = ["Moments", "LevelStatistics", "SortedRows", "levels_of_rows", "binned_bounds", "RowPlacements",
           "PairedDifferences"]

#: Below this, integers and sums of integers are exact in float64.
_FLOAT_EXACT = 2**53
#: Below this, a sum of products of int64 counts cannot overflow int64.
_INT64_SAFE = 2**62


def _dot(a: np.ndarray, b: np.ndarray, bound: int) -> int:
    """Σ a·b, exactly, for arrays of non-negative whole numbers (float64 or int64) whose products
    sum to at most `bound`: a float64 dot product while every partial sum is an integer below
    2^53, int64 below 2^62, Python integers beyond."""
    if bound < _FLOAT_EXACT:
        return int(np.dot(a.astype(np.float64, copy=False), b.astype(np.float64, copy=False)))
    if bound < _INT64_SAFE:
        return int(np.dot(a.astype(np.int64), b.astype(np.int64)))
    return int(np.dot(a.astype(np.int64).astype(object), b.astype(np.int64).astype(object)))


def _twice_placements(counts: np.ndarray, others_below: int, other: np.ndarray) -> np.ndarray:
    """2·(items of the other class below each level) + (those at it), as float64 (exact below 2^53)."""
    twice = np.cumsum(other, dtype=np.float64)
    twice *= 2
    twice -= other
    twice += 2 * others_below
    return twice


class Moments:
    """Weighted count W, exact sum S and spread M2 = Σ w·(x − S/W)² of integer values seen in chunks."""

    __slots__ = ("count", "total", "spread")

    def __init__(self):
        self.count, self.total, self.spread = 0, 0, 0.0

    def add(self, values: np.ndarray, weights: np.ndarray | None, count: int, total: int) -> None:
        """Merge a chunk: float64 whole `values` with `weights` ≥ 0 (None: each 1), whose Σ weights is
        `count` and Σ weights·values `total` (exact). `values` is overwritten."""
        if count == 0:
            return
        values -= exact_mean(total, count)
        spread = float(np.dot(values if weights is None else weights * values, values))
        if self.count:
            shift = total * self.count - self.total * count
            spread += shift * shift / (self.count * count * (self.count + count))
        self.count, self.total, self.spread = self.count + count, self.total + total, self.spread + spread

    def mean(self) -> float:
        return exact_mean(self.total, self.count)

    def sum_of_squares(self) -> float:
        """Σ w·x² = M2 + S²/W."""
        return self.spread + self.total * self.total / self.count


class LevelStatistics:
    """:class:`~aucbound.empirical._delong.Statistics` accumulated from levels given in increasing
    score order, in chunks (each chunk whole levels: a level never split between two chunks)."""

    def __init__(self):
        self.m = self.n = 0
        self.twice_u = 0
        self.squares = 0  # Σ_k p_k·(4N_k + q_k) = Σ_k q_k·(4P_k + p_k): pairs, ties counted ¼ (times 4)
        self.positives, self.negatives = Moments(), Moments()
        self.levels = 0

    def add(self, pos: np.ndarray, neg: np.ndarray) -> None:
        """Merge the next levels: the counts of positives `pos` and negatives `neg` at each (whole
        numbers, float64 or int64)."""
        if pos.shape[0] == 0:
            return
        self.add_placed(pos, neg, *self.placements(pos, neg))

    def placements(self, pos: np.ndarray, neg: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(2n·V10 of a positive, 2m·(1 − V01) of a negative) at each of the next levels, as float64."""
        return _twice_placements(pos, self.n, neg), _twice_placements(neg, self.m, pos)

    def add_placed(self, pos: np.ndarray, neg: np.ndarray, twice_pos: np.ndarray, twice_neg: np.ndarray) -> None:
        """:meth:`add` with the levels' :meth:`placements` already computed (both are overwritten)."""
        pos_total, neg_total = int(pos.sum()), int(neg.sum())
        m_after, n_after = self.m + pos_total, self.n + neg_total
        twice_u = _dot(pos, twice_pos, 2 * pos_total * n_after)
        # Σ p·(4N + q) = 2·Σ p·(2N + q) − Σ p·q
        self.squares += 2 * twice_u - _dot(pos, neg, pos_total * neg_total)
        self.negatives.add(twice_neg, neg, neg_total, _dot(neg, twice_neg, 2 * neg_total * m_after))
        self.positives.add(twice_pos, pos, pos_total, twice_u)
        self.twice_u += twice_u
        self.m, self.n = m_after, n_after
        self.levels += pos.shape[0]

    def statistics(self) -> Statistics:
        """Â's counts, S10, S01 and p̂1, p̂2 (each None where undefined), as :func:`aucbound.delong` has them."""
        m, n = self.m, self.n
        s10 = self.positives.spread / (4.0 * n * n) / (m - 1) if m > 1 else None
        s01 = self.negatives.spread / (4.0 * m * m) / (n - 1) if n > 1 else None
        p2 = p1 = None
        if n > 1 and m:
            p2 = (self.positives.sum_of_squares() - self.squares) / (4.0 * m * n * (n - 1))
        if m > 1 and n:
            total = 2 * m * n - self.negatives.total  # Σ q·(2m − r) = 2mn − Σ q·r
            sum_of_squares = self.negatives.spread + total * total / n
            p1 = (sum_of_squares - self.squares) / (4.0 * n * m * (m - 1))
        return Statistics(m, n, self.twice_u, s10, s01, p1, p2)


class SortedRows:
    """Rows sorted by score, given in chunks, turned into whole levels.

    Each chunk's last level is held back until the next chunk (or :meth:`finish`) shows whether
    it continues. Levels come as ``(values, pos, neg)``, counts as float64 whole numbers.
    """

    def __init__(self):
        self._held = None  # (value, positives, negatives) of the level held back

    def add(self, scores: np.ndarray, positive: np.ndarray) -> list:
        """The levels completed by this chunk, as a list of ``(values, pos, neg)`` (`scores` sorted
        ascending and not below the previous chunk's, `positive` booleans of the same length)."""
        if scores.shape[0] == 0:
            return []
        values, pos, neg = levels_of_rows(scores, positive)
        done = []
        if self._held is not None:
            value, held_pos, held_neg = self._held
            if values[0] == value:
                pos[0] += held_pos
                neg[0] += held_neg
            else:
                done.append((np.array([value]), np.array([held_pos]), np.array([held_neg])))
        self._held = (values[-1], pos[-1], neg[-1])
        done.append((values[:-1], pos[:-1], neg[:-1]))
        return done

    def finish(self) -> list:
        """The level still held back (a list of at most one ``(values, pos, neg)``)."""
        if self._held is None:
            return []
        value, pos, neg = self._held
        self._held = None
        return [(np.array([value]), np.array([pos]), np.array([neg]))]


def levels_of_rows(scores: np.ndarray, positive: np.ndarray):
    """``(values, pos, neg)``: the distinct values of sorted `scores` with the number of positive
    and of negative rows at each (float64 whole numbers).

    >>> values, pos, neg = levels_of_rows(np.array([0.1, 0.1, 0.5, 0.7]), np.array([True, False, True, True]))
    >>> values.tolist(), pos.tolist(), neg.tolist()
    ([0.1, 0.5, 0.7], [1.0, 1.0, 1.0], [1.0, 0.0, 0.0])
    """
    size = scores.shape[0]
    flags = positive.view(np.int8) if positive.dtype == np.bool_ else positive
    if size == 0:
        return scores[:0], np.zeros(0), np.zeros(0)
    change = scores[1:] != scores[:-1]
    if change.all():  # no ties: each row is a level
        pos = flags.astype(np.float64)
        return scores, pos, 1.0 - pos
    starts = np.flatnonzero(np.concatenate(([True], change)))
    rows = np.diff(np.append(starts, size)).astype(np.float64)
    pos = np.add.reduceat(flags, starts, dtype=np.float64)
    return scores[starts], pos, rows - pos


def binned_bounds(pos: np.ndarray, neg: np.ndarray) -> tuple[int, int, int]:
    """(2U_low, 2U_mid, 2U_high) from counts per bin in increasing order: the pairs inside one bin
    counted 0, ½ and 1. Every AUC of scores that fall in these bins lies in [low, high]/(2mn):
    pairs in different bins are ordered by the bins, and a pair inside a bin adds between 0 and 1.

    >>> binned_bounds(np.array([0, 1, 2]), np.array([2, 1, 0]))  # 2U = 2·(1·2 + 2·3) + 1 = 17 at ½
    (16, 17, 18)
    """
    stats = LevelStatistics()
    stats.add(pos, neg)
    inside = _dot(pos, neg, stats.m * stats.n)  # pairs sharing a bin
    return stats.twice_u - inside, stats.twice_u, stats.twice_u + inside


class RowPlacements:
    """Each row's twice placement, from rows sorted by one score and given in chunks: for a positive,
    2·(negatives below it) + (negatives tied with it) = 2n·V10; for a negative, 2·(positives below
    it) + (positives tied with it) = 2m·(1 − V01) — what a paired comparison needs row by row.

    The rows of each chunk's last level are held back (with their other columns) until the next
    chunk shows whether the level continues. The level statistics of the score come along.
    """

    def __init__(self):
        self.statistics = LevelStatistics()
        self._held = None

    def add(self, scores: np.ndarray, positive: np.ndarray, *others: np.ndarray, final: bool = False):
        """``(twice, positive, *others)`` for the rows of the levels this chunk completes (all of them
        when `final`), or None when it completes none."""
        if self._held is not None:
            scores, positive, *others = (np.concatenate(pair) for pair in zip(self._held, (scores, positive, *others)))
            self._held = None
        return self._placed(scores, positive, others, final)

    def finish(self):
        """:meth:`add` for the rows still held back (None when there are none)."""
        if self._held is None:
            return None
        scores, positive, *others = self._held
        self._held = None
        return self._placed(scores, positive, others, True)

    def _placed(self, scores, positive, others, final: bool):
        size = scores.shape[0]
        if size == 0:
            return None
        change = scores[1:] != scores[:-1]
        end = size
        if not final:  # the last level starts after the last change (argmax stops at the first True)
            last = int(np.argmax(change[::-1])) if change.shape[0] else 0
            end = size - 1 - last if change.shape[0] and change[change.shape[0] - 1 - last] else 0
            self._held = (scores[end:], positive[end:], *(column[end:] for column in others))
            if end == 0:
                return None
        flags = positive[:end]
        inner = change[:end - 1]
        level = None  # each row's level, where levels hold several rows
        if inner.all():  # no ties: each row its own level
            pos = flags.astype(np.float64)
            neg = 1.0 - pos
        else:
            starts = np.flatnonzero(np.concatenate(([True], inner)))
            sizes = np.diff(np.append(starts, end)).astype(np.float64)
            pos = np.add.reduceat(flags.view(np.int8), starts, dtype=np.float64)
            neg = sizes - pos
            level = np.repeat(np.arange(starts.shape[0]), sizes.astype(np.intp))
        twice_pos, twice_neg = self.statistics.placements(pos, neg)
        twice = np.where(flags, twice_pos, twice_neg) if level is None else \
            np.where(flags, twice_pos[level], twice_neg[level])
        self.statistics.add_placed(pos, neg, twice_pos, twice_neg)
        return (twice, flags, *(column[:end] for column in others))


class PairedDifferences:
    """The spread of the paired differences of two scores' twice placements, row by row, per class:
    Σ (d − d̄)² with d = t_a − t_b over the positives (t = 2n·V10) and over the negatives (t = 2m·(1 − V01)),
    from which DeLong's variance of Âa − Âb follows as it does in memory."""

    def __init__(self):
        self.positives, self.negatives = Moments(), Moments()

    def add(self, twice_a: np.ndarray, twice_b: np.ndarray, positive: np.ndarray, bound: int) -> None:
        """Merge a chunk of rows: their twice placements under each score (float64 whole numbers at
        most `bound`) and whether each is positive."""
        differences = twice_a - twice_b
        for moments, chosen in ((self.positives, differences[positive]), (self.negatives, differences[~positive])):
            moments.add(chosen, None, chosen.shape[0], _exact_sum(chosen, bound))

    def variance(self, m: int, n: int) -> float | None:
        """DeLong's Var(Âa − Âb) = S10(a − b)/m + S01(a − b)/n (None when a class has one item)."""
        if m < 2 or n < 2:
            return None
        return self.positives.spread / (4.0 * n * n) / (m - 1) / m + self.negatives.spread / (4.0 * m * m) / (n - 1) / n


def _exact_sum(values: np.ndarray, bound: int) -> int:
    """Σ values, exactly, for float64 whole numbers of magnitude at most `bound`."""
    if values.shape[0] * bound < _FLOAT_EXACT:
        return int(values.sum())
    whole = values.astype(np.int64)
    if values.shape[0] * bound < _INT64_SAFE:
        return int(whole.sum(dtype=np.int64))
    return int(whole.astype(object).sum())
