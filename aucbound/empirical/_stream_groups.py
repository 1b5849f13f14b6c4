"""Each group's AUC statistics, those of the pooled rest of each group, and the overall ones, from
one stream of rows in score order.

A fairness audit compares each group g with the rows outside it. The rows come sorted by score,
in chunks, with a group code each; one pass gives, for every group, :class:`Statistics` of its
own rows, of the rest (every row not in g) and of all rows. The work is O(N) numpy plus O(K)
per chunk, with no loop over groups in Python.

**Cells.** Within a chunk of whole levels (one level per distinct score), the rows of one group
at one level form a *cell*, and a group's cells in score order are its own levels; running
counts per group give each cell the group's placements, as :mod:`._stream` gives them to whole
levels. Three ways to the cells, by what the chunk holds: rows of distinct scores are each
their own level and cell, and after a stable sort of the group codes (which keeps each group's
rows in score order) one cumulative count per class gives every row its group's placements,
summed by (group, class) with none built; few levels and groups are counted per (group, level)
with no sort; otherwise the stable sort of the codes, then the runs of equal (group, level).
The rows go through in pieces of about 2^16 (whole levels each), whose arrays stay in the
processor's cache.

**One side.** DeLong's S10 is the spread of t = 2n·V10 = 2·#{negatives below} + #{negatives
at} over the positives, S01 that of r = 2m·(1 − V01) = 2·#{positives below} + #{positives at}
over the negatives (a shift by 2m changes no spread). Both are one *side*: items A counted
against items B (A the positives and B the negatives, then the other way round), with t(x) =
2·#{B below x} + #{B at x} for each x in A. For group g, t_g counts only the B items of g; the
rest's own count of a rest item is t_R = t − t_g. With A_g the A items of g (DeLong 1988's
components; the identities are sums over disjoint sets):

    Σ_{A∖A_g} t_R  = Σ_A t − Σ_{A_g} t − Σ_A t_g + Σ_{A_g} t_g,
    Σ_{A∖A_g} t_R² = Σ_A t² − Σ_{A_g} t² − 2(Σ_A t·t_g − Σ_{A_g} t·t_g) + Σ_A t_g² − Σ_{A_g} t_g².

The sums over A_g run over the cells of g (each cell knows its level's t and its own t_g). The
sums over all of A of the step function t_g telescope over g's B-levels j (N_j items of B_g
below, q_j at, C_j the A items at levels up to and including j's, D_j the sum of t over them,
a_j the A items and e_j their sum of t at j's level): below every B-level t_g = 0, each level
raises it by 2q_j for all A items above it, and the A items at the level get q_j, so

    Σ_A t_g     = Σ_j 2q_j·(|A| − C_j) + Σ_j q_j·a_j,
    Σ_A t_g²    = Σ_j 4q_j(2N_j + q_j)·(|A| − C_j) + Σ_j q_j(4N_j + q_j)·a_j,
    Σ_A t·t_g   = Σ_j 2q_j·(Σ_A t − D_j) + Σ_j q_j·e_j,

and |A|, Σ_A t (= 2U) enter only through Σ_j 2q_j = 2|B_g| and Σ_j 4q_j(2N_j + q_j) =
(2|B_g|)², so that nothing waits for a later level. The rest's spread is then
M2 = Σ t_R² − (Σ t_R)²/W with W = |A| − |A_g|, S10_rest = M2/(2n_rest)²/(m_rest − 1), and
Lehmann's p̂2 (p̂1 from the other side) follows from Σ t_R² and the rest's tied pairs as
:mod:`._stream` has it. A group's own statistics are the same sums over its cells, and the
overall ones the same sums over all rows (so the pass walks the rows once).

Sums of counts are exact integers (int64: at most 2mn, hence :data:`MAX_ROWS`). Sums of squares
are float64 sums of whole numbers: exact while every one stays below 2^53 (about 16·m·(2n)² <
2^53), where each spread is then one correctly rounded division of exact integers; beyond, they
carry float64's relative rounding, and M2 = Σ x² − (Σ x)²/W loses a factor (1 + mean²/spread
per item) of it to cancellation: about 4·10^-15 relative on 10^7 rows (bench/bench_stream_groups.py
--check; a spread that rounding leaves a hair below 0 is 0).
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ._delong import Statistics
from ._stream import _FLOAT_EXACT, _dot, _twice_placements

__all__ = ["GroupedStatistics", "MAX_ROWS"]

#: The most rows a grouped pass takes: every exact sum of counts (at most 2·m·n) stays in int64.
MAX_ROWS = 3_000_000_000
#: Rows are taken about this many at a time (at least 8 per group), so that the arrays of one piece stay in cache.
_PIECE = 2**16
#: At most this many groups.
MAX_GROUPS = 100_000

# Per group and side, the exact sums (int64) and the float64 sums of squares, by column.
_COUNT, _OWN, _GLOBAL_OWN, _STEP = range(4)  # Σ_Ag 1, Σ_Ag t_g, Σ_Ag t, Σ_j q_j·(2C_j − a_j)
_OWN2, _CROSS_OWN, _GLOBAL2, _STEP2_AT, _STEP2_ABOVE, _CROSS_AT, _CROSS_ABOVE = range(7)


def _spreads(squares: np.ndarray, total: np.ndarray, count: np.ndarray, exact: bool) -> np.ndarray:
    """Σ (x − mean)² over `count` items from Σ x² (`squares`, float64) and the exact Σ x (`total`,
    Python integers), per entry (`count` ≥ 1): one correctly rounded division of exact integers
    when `squares` are exact integers; else float64, where rounding may leave a spread of 0 a hair
    below 0, which is 0."""
    count = count.astype(object)
    if exact:
        return ((count * squares.astype(np.int64).astype(object) - total * total) / count).astype(np.float64)
    return np.maximum(squares - (total * total / count).astype(np.float64), 0.0)


def _statistics(m: np.ndarray, n: np.ndarray, pos: tuple, neg: tuple, ties: np.ndarray, exact: bool) -> list:
    """:class:`Statistics` of each entry from per-class sums: `pos` = (Σ t, Σ t²) over the positives
    of t = 2n·V10, `neg` = (Σ r, Σ r²) over the negatives of r = 2m·(1 − V01), the exact sums as
    object arrays of Python integers; `ties` the tied (positive, negative) pairs. None where a
    class is empty; S10, p̂1 None below two positives, S01, p̂2 below two negatives."""
    some = (m > 0) & (n > 0)
    m_1, n_1 = np.where(some, m, 1), np.where(some, n, 1)  # no division by 0 where the result is None
    twice_u, pos_squares = pos
    spread_pos = _spreads(pos_squares, twice_u, m_1, exact)
    spread_neg = _spreads(neg[1], neg[0], n_1, exact)
    pairs = (2 * twice_u - ties).astype(np.float64)  # Σ p·(4N + q) = 2·Σ p·(2N + q) − Σ p·q
    mf, nf = m_1.astype(np.float64), n_1.astype(np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        s10 = spread_pos / (4.0 * nf * nf) / (mf - 1)
        s01 = spread_neg / (4.0 * mf * mf) / (nf - 1)
        p2 = (pos_squares - pairs) / (4.0 * mf * nf * (nf - 1))
        p1 = (spread_neg + (twice_u * twice_u / n_1.astype(object)).astype(np.float64) - pairs) / (4.0 * nf * mf * (mf - 1))
    return [Statistics(m_i, n_i, u, a if m_i > 1 else None, b if n_i > 1 else None, c if m_i > 1 else None,
                       d if n_i > 1 else None) if m_i and n_i else None
            for m_i, n_i, u, a, b, c, d in zip(m.tolist(), n.tolist(), twice_u.tolist(), s10.tolist(), s01.tolist(),
                                               p1.tolist(), p2.tolist())]


def _stable_order(codes: np.ndarray, groups: int) -> np.ndarray:
    """The stable sort order of group codes 0..`groups`−1: numpy's radix sort on 8 or 16 bits; beyond,
    two passes of it (low 16 bits, then high), as a radix sort of the least significant digit first."""
    if groups <= 2**16:
        return np.argsort(codes.astype(np.uint8 if groups <= 2**8 else np.uint16, copy=False), kind="stable")
    order = np.argsort((codes & 0xFFFF).astype(np.uint16), kind="stable")
    return order[np.argsort((codes[order] >> 16).astype(np.uint16), kind="stable")]


class _Cells:
    """The cells of one chunk of whole levels: the rows of one group at one level, ordered by
    group and, within a group, by score. Few levels and groups: one count per (group, level);
    else a stable sort of the codes, which keeps each group's rows in score order."""

    def __init__(self, group: np.ndarray, level: np.ndarray, flags: np.ndarray, groups: int):
        size, levels = group.shape[0], int(level[-1]) + 1
        if groups * levels <= 2 * size:
            cell = group.astype(np.intp) * levels
            cell += level
            cell *= 2
            cell += flags  # 2·(g·levels + level) + positive
            counts = np.bincount(cell, minlength=2 * groups * levels).reshape(-1, 2)
            starts = np.flatnonzero(counts.any(axis=1))
            codes, self.level = np.divmod(starts, levels)
            self.neg, self.pos = counts[starts, 0], counts[starts, 1]
        else:
            order = _stable_order(group, groups)
            codes, positive, levels = group[order], flags[order], level[order]
            new = np.empty(size, dtype=bool)
            new[0] = True
            np.not_equal(levels[1:], levels[:-1], out=new[1:])
            new[1:] |= codes[1:] != codes[:-1]
            starts = np.flatnonzero(new)
            codes, self.level = codes[starts], levels[starts]
            self.pos = np.add.reduceat(positive, starts, dtype=np.int64)
            self.neg = np.diff(np.append(starts, size)) - self.pos
        first = np.empty(codes.shape[0], dtype=bool)
        first[0] = True
        np.not_equal(codes[1:], codes[:-1], out=first[1:])
        self.first = np.flatnonzero(first)  # each present group's first cell
        self.present = codes[self.first]
        self.lengths = np.diff(np.append(self.first, codes.shape[0]))

    def below(self, counts: np.ndarray, before: np.ndarray) -> np.ndarray:
        """Per cell, its group's `counts` in the group's earlier cells, plus `before` (per group:
        its count before this chunk)."""
        cumulative = np.cumsum(counts)
        cumulative -= counts
        return cumulative + np.repeat(before[self.present] - cumulative[self.first], self.lengths)

    def totals(self, values: np.ndarray) -> np.ndarray:
        """Per present group, the sum of `values` over its cells."""
        return np.add.reduceat(values, self.first)

    def total(self, into: np.ndarray, column: int, values: np.ndarray) -> None:
        """Add to `into`'s `column` each group's sum of `values` over its cells."""
        into[self.present, column] += np.add.reduceat(values, self.first)


class _Side:
    """Running sums of one side, items A counted against items B, for every group and over all of A
    (the identities of the module docstring)."""

    def __init__(self, groups: int):
        self.exact = np.zeros((groups, 4), dtype=np.int64)
        self.floats = np.zeros((groups, 7))
        self.count = 0  # |A|
        self.total = 0  # Σ_A t, exact
        self.squares = 0.0  # Σ_A t²
        self.running = 0.0  # Σ_A t so far, as the levels' D continue it

    def add(self, a: np.ndarray, b: np.ndarray, b_before: int, cells: _Cells, cell_a: np.ndarray,
            cell_b: np.ndarray, b_group: np.ndarray) -> None:
        """Merge one chunk of whole levels: `a`, `b` the A and B items per level (float64), `b_before`
        the B items before the chunk; `cell_a`, `cell_b` the group's A and B items per cell and
        `b_group` each group's B items before the chunk."""
        t = _twice_placements(a, b_before, b)  # t of an A item at each level
        t_a = a * t
        count = int(a.sum())
        cumulative_a = np.cumsum(a)  # C at each level
        cumulative_a += self.count
        cumulative_t = np.cumsum(t_a)  # D at each level
        cumulative_t += self.running
        self.total += _dot(a, t, 2 * count * (b_before + int(b.sum())))
        self.count += count
        self.running = float(cumulative_t[-1])
        self.squares += float(np.dot(t_a, t))
        k = cells.level
        below = cells.below(cell_b, b_group)  # N: the group's B items below the cell
        own = 2 * below + cell_b  # t_g of the group's A items in the cell
        at_a, at_t = a[k], t[k]  # the level's A items (all groups) and their t
        for column, values in ((_COUNT, cell_a), (_OWN, cell_a * own), (_GLOBAL_OWN, cell_a * at_t.astype(np.int64)),
                               (_STEP, cell_b * (2 * cumulative_a[k].astype(np.int64) - at_a.astype(np.int64)))):
            cells.total(self.exact, column, values)
        own = own.astype(np.float64)
        weighted_own = cell_a * own
        cell_b = cell_b.astype(np.float64)
        step = cell_b * (2 * below + cell_b)  # q(2N + q)
        for column, values in ((_OWN2, weighted_own * own), (_CROSS_OWN, weighted_own * at_t),
                               (_GLOBAL2, cell_a * at_t * at_t), (_STEP2_AT, (2 * step - cell_b * cell_b) * at_a),
                               (_STEP2_ABOVE, 4 * step * cumulative_a[k]), (_CROSS_AT, cell_b * at_a * at_t),
                               (_CROSS_ABOVE, 2 * cell_b * cumulative_t[k])):
            cells.total(self.floats, column, values)

    def merge(self, exact: np.ndarray, floats: np.ndarray) -> None:
        """Merge one chunk's sums per group (`exact` as whole float64 numbers below 2^53), those over
        all of A their totals."""
        exact = exact.astype(np.int64)
        self.exact += exact
        self.floats += floats
        self.count += int(exact[:, _COUNT].sum())
        total = int(exact[:, _GLOBAL_OWN].sum())
        self.total += total
        self.running += total
        self.squares += float(floats[:, _GLOBAL2].sum())

    def exactly(self, b_total: int) -> bool:
        """Whether every float64 sum is an exact integer: each is at most |A|·(2|B|)², a few summed."""
        return 16 * self.count * (2 * b_total) ** 2 < _FLOAT_EXACT

    def own(self) -> tuple[list, np.ndarray]:
        """(Σ_Ag t_g exact, Σ_Ag t_g²) per group."""
        return self.exact[:, _OWN].tolist(), self.floats[:, _OWN2]

    def rest(self, b_group: np.ndarray) -> tuple[list, np.ndarray]:
        """(Σ t_R exact, Σ t_R²) per group over A∖A_g, t_R counting B∖B_g (module docstring)."""
        e, f = self.exact, self.floats
        sum_step = 2 * self.count * b_group - e[:, _STEP]  # Σ_A t_g (int64: at most 2|A||B|)
        total = [self.total - int(x) for x in (e[:, _GLOBAL_OWN] + sum_step - e[:, _OWN])]
        b_twice = 2.0 * b_group
        step2 = self.count * b_twice * b_twice - f[:, _STEP2_ABOVE] + f[:, _STEP2_AT]  # Σ_A t_g²
        cross = self.total * b_twice - f[:, _CROSS_ABOVE] + f[:, _CROSS_AT]  # Σ_A t·t_g
        squares = (self.squares - f[:, _GLOBAL2]) - 2 * (cross - f[:, _CROSS_OWN]) + (step2 - f[:, _OWN2])
        return total, squares


class GroupedStatistics:
    """:class:`~aucbound.empirical._delong.Statistics` of every group, of each group's rest (the
    rows not in it) and of all rows, from rows sorted by score given in chunks.

    `sizes` is the number of groups K, or per group its (positives, negatives), which
    :meth:`finish` then checks against the rows seen. Each chunk given to :meth:`add` holds
    scores in ascending order (not below the previous chunk's; ties may span chunks), positive
    flags, and group codes 0..K−1. :meth:`finish` returns ``(overall, groups, rests)``, the last
    two lists of K; an entry is None where its rows lack a class, so that their AUC is undefined
    (a group without positives or without negatives; the rest of a group holding all positives or
    all negatives, or every row).

    >>> stats = GroupedStatistics(2)
    >>> stats.add(np.array([0.1, 0.2, 0.3, 0.4]), np.array([False, True, False, True]), np.array([0, 0, 1, 1]))
    >>> stats.add(np.array([0.5, 0.6]), np.array([False, True]), np.array([0, 1]))
    >>> overall, groups, rests = stats.finish()
    >>> overall.auc, groups[0].auc, groups[1].auc, rests[0].auc  # the rest of group 0 is group 1
    (0.6666666666666666, 0.5, 1.0, 1.0)
    """

    def __init__(self, sizes):
        if isinstance(sizes, (int, np.integer)) and not isinstance(sizes, (bool, np.bool_)):
            self.sizes, groups = None, int(sizes)
        else:
            self.sizes = np.asarray(sizes, dtype=np.int64)
            if self.sizes.ndim != 2 or self.sizes.shape[1] != 2 or (self.sizes < 0).any():
                raise v.ParameterError("sizes", "the number of groups, or per group (positives, negatives)",
                                       v.show(sizes), verb="be")
            groups = self.sizes.shape[0]
        self.groups = v.count("sizes", groups, minimum=1, maximum=MAX_GROUPS)
        self.piece = max(_PIECE, 8 * groups)  # rows per piece: the work per group and piece stays below that per row
        self.ties = 0  # Σ_k P_k·Q_k: tied (positive, negative) pairs
        self.positives, self.negatives = _Side(groups), _Side(groups)  # A the positives; A the negatives
        self.m_group = np.zeros(groups, dtype=np.int64)  # each group's positives so far
        self.n_group = np.zeros(groups, dtype=np.int64)
        self.touching = np.zeros(groups, dtype=np.int64)  # tied pairs with an item in g: Σ_c p_c·Q + P·q_c − p_c·q_c
        self.own_ties = np.zeros(groups, dtype=np.int64)  # tied pairs inside g: Σ_c p_c·q_c
        self.rows = 0
        self._held = None  # (scores, positive, group) of the last level seen, until it is complete

    def add(self, scores: np.ndarray, positive: np.ndarray, group: np.ndarray) -> None:
        """Merge the next chunk of rows (`scores` ascending, `positive` booleans, `group` codes)."""
        size = scores.shape[0]
        if group.dtype.kind not in "iu":
            raise v.ParameterTypeError("group", "integer codes", f"an array of {group.dtype}")
        if not positive.shape[0] == group.shape[0] == size:
            raise v.ParameterError("positive", "as long as `scores` and `group`",
                                   f"{positive.shape[0]}, {size} and {group.shape[0]} rows", verb="be")
        if size == 0:
            return
        v.at_most("scores", self.rows + size, MAX_ROWS, why=" rows in all")
        low, high = int(group.min()), int(group.max())
        if low < 0 or high >= self.groups:
            raise v.ParameterError("group", f"codes from 0 to {self.groups - 1}", f"{low if low < 0 else high}",
                                   verb="hold")
        self.rows += size
        rows = (scores, positive, group)
        if self._held is not None:
            held, self._held = self._held, None
            same = int(np.searchsorted(scores, held[0][-1], side="right"))  # rows continuing the held level
            if same == size:
                self._held = tuple(np.concatenate((h, r)) for h, r in zip(held, rows))
                return
            self._block(*(np.concatenate((h, r[:same])) for h, r in zip(held, rows)) if same else held)
            rows = tuple(r[same:] for r in rows)
        last = int(np.searchsorted(rows[0], rows[0][-1], side="left"))  # the last level's first row
        self._held = tuple(r[last:].copy() for r in rows)
        if last:
            self._block(*(r[:last] for r in rows))

    def _block(self, scores: np.ndarray, positive: np.ndarray, group: np.ndarray) -> None:
        """Merge rows that hold whole levels."""
        flags = (positive if positive.dtype == np.bool_ else positive.astype(bool)).view(np.int8)
        change = scores[1:] != scores[:-1]
        if change.all():  # in pieces that stay in the processor's cache
            for start in range(0, scores.shape[0], self.piece):
                self._distinct(flags[start:start + self.piece], group[start:start + self.piece])
            return
        starts = np.flatnonzero(np.concatenate(([True], change)))
        wanted = np.searchsorted(starts, np.arange(self.piece, scores.shape[0], self.piece))
        cuts = np.unique(starts[wanted[wanted < starts.shape[0]]])  # pieces of whole levels, about `piece` rows each
        for piece_starts, low, high in zip(np.split(starts, np.searchsorted(starts, cuts)),
                                           np.concatenate(([0], cuts)), np.append(cuts, scores.shape[0])):
            self._tied(piece_starts - low, flags[low:high], group[low:high])

    def _tied(self, starts: np.ndarray, flags: np.ndarray, group: np.ndarray) -> None:
        """Merge rows that hold whole levels, each level starting at a row of `starts`."""
        m_before, n_before = self.positives.count, self.negatives.count
        pos = np.add.reduceat(flags, starts, dtype=np.float64)
        neg = np.diff(np.append(starts, flags.shape[0])) - pos
        level = np.zeros(flags.shape[0], dtype=np.intp)
        level[starts[1:]] = 1
        np.cumsum(level, out=level)
        self.ties += _dot(pos, neg, int(pos.sum()) * int(neg.sum()))
        cells = _Cells(group, level, flags, self.groups)
        self.positives.add(pos, neg, n_before, cells, cells.pos, cells.neg, self.n_group)
        self.negatives.add(neg, pos, m_before, cells, cells.neg, cells.pos, self.m_group)
        k, p, q = cells.level, cells.pos, cells.neg
        inside = p * q
        touching = p * neg[k].astype(np.int64) + pos[k].astype(np.int64) * q - inside
        self.touching[cells.present] += cells.totals(touching)
        self.own_ties[cells.present] += cells.totals(inside)
        self.m_group[cells.present] += cells.totals(p)
        self.n_group[cells.present] += cells.totals(q)

    def _distinct(self, flags: np.ndarray, group: np.ndarray) -> None:
        """Merge rows of distinct scores (each row its own level and cell): the sums of both sides
        by (group, class), with no cell built.

        Of a row, `other` is twice its group's rows of the other class below it, `same` that of its
        own class, `placed` twice the rows of the other class below it (t of a positive, r of a
        negative) and `above` twice the sum of `placed` over the rows of the other class up to it
        (2D; 2C is `placed`, as no row shares its level). Counts and their sums are int64; the
        squares float64."""
        size, groups = flags.shape[0], self.groups
        m_before, n_before = self.positives.count, self.negatives.count
        rows = np.arange(size, dtype=np.int64)
        positives_below = np.cumsum(flags, dtype=np.int64)
        positives_below -= flags
        # negatives below (2·(rows − P) + 2n_before) for a positive, positives below (2P + 2m_before) for a negative
        placed = rows - 2 * positives_below
        placed += n_before - m_before
        placed *= flags
        placed += positives_below
        placed += m_before
        placed *= 2
        of_positives = np.cumsum(placed * flags)
        crossed = np.cumsum(placed)
        crossed -= 2 * of_positives
        above = crossed.astype(np.float64)
        above += self.negatives.running - self.positives.running
        above *= flags
        above += of_positives
        above += self.positives.running
        above *= 2
        # the group's rows below each row, through a stable sort of the codes
        order = _stable_order(group, groups)
        sorted_flags = flags[order]
        counts = np.bincount(group, minlength=groups)
        starts = np.cumsum(counts) - counts
        group_positives = np.cumsum(sorted_flags, dtype=np.int64)
        present = np.flatnonzero(counts)
        first = starts[present]
        positives = np.zeros(groups, dtype=np.int64)
        positives[present] = np.add.reduceat(sorted_flags, first, dtype=np.int64)
        group_positives -= sorted_flags
        before = group_positives[first]  # the block's positives before each group's first row
        group_positives += np.repeat(self.m_group[present] - before, counts[present])
        rows += np.repeat(self.m_group + self.n_group - starts, counts)  # the group's rows below
        other = rows - 2 * group_positives
        other *= sorted_flags
        other += group_positives  # the group's negatives below a positive, its positives below a negative
        rows -= other  # same
        other *= 2
        flags_f = sorted_flags.astype(np.float64)

        def total(values, weights):
            """Per group, the sums of `values` over its positives and over its negatives."""
            on_positives, everything = np.zeros(groups, dtype=values.dtype), np.zeros(groups, dtype=values.dtype)
            on_positives[present] = np.add.reduceat(values * weights, first)
            everything[present] = np.add.reduceat(values, first)
            return on_positives, everything - on_positives

        placed, above = placed[order], above[order]
        placed_f, other_f = placed.astype(np.float64), other.astype(np.float64)
        rows *= 2
        rows += 1
        sums = {"other": total(other, sorted_flags), "placed": total(placed, sorted_flags),
                "above": total(above, flags_f), "other2": total(other_f * other_f, flags_f),
                "cross": total(placed_f * other_f, flags_f), "placed2": total(placed_f * placed_f, flags_f),
                "step2": total(2.0 * rows * placed_f, flags_f)}
        class_counts = (positives, counts - positives)
        for side, column, other_column in ((self.positives, 0, 1), (self.negatives, 1, 0)):
            exact = np.stack((class_counts[column], sums["other"][column], sums["placed"][column],
                              sums["placed"][other_column]), axis=1)
            floats = np.zeros((groups, 7))
            floats[:, _OWN2] = sums["other2"][column]
            floats[:, _CROSS_OWN] = sums["cross"][column]
            floats[:, _GLOBAL2] = sums["placed2"][column]
            floats[:, _STEP2_ABOVE] = sums["step2"][other_column]
            floats[:, _CROSS_ABOVE] = sums["above"][other_column]
            side.merge(exact, floats)
        self.m_group += class_counts[0]
        self.n_group += class_counts[1]

    def finish(self) -> tuple:
        """``(overall, groups, rests)``: :class:`Statistics` of all rows, and per group of its rows
        and of the rows outside it (None where a class is missing)."""
        if self._held is not None:
            held, self._held = self._held, None
            self._block(*held)
        if self.sizes is not None and not np.array_equal(self.sizes, np.stack((self.m_group, self.n_group), axis=1)):
            raise v.ParameterError("sizes", "the positives and negatives of each group in the rows given",
                                   "other counts", verb="be")
        m, n = self.positives.count, self.negatives.count
        exact = self.positives.exactly(n) and self.negatives.exactly(m)

        def whole(values):
            return np.array(values, dtype=object)

        overall, = _statistics(np.array([m]), np.array([n]), (whole([self.positives.total]), np.array([self.positives.squares])),
                               (whole([self.negatives.total]), np.array([self.negatives.squares])), whole([self.ties]),
                               exact)
        pos_own, pos_own2 = self.positives.own()
        neg_own, neg_own2 = self.negatives.own()
        pos_rest, pos_rest2 = self.positives.rest(self.n_group)
        neg_rest, neg_rest2 = self.negatives.rest(self.m_group)
        groups = _statistics(self.m_group, self.n_group, (whole(pos_own), pos_own2), (whole(neg_own), neg_own2),
                             whole(self.own_ties.tolist()), exact)
        rests = _statistics(m - self.m_group, n - self.n_group, (whole(pos_rest), pos_rest2), (whole(neg_rest), neg_rest2),
                            self.ties - whole(self.touching.tolist()), exact)
        return overall, groups, rests
