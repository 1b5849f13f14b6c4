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
The rows go through in pieces of about 2^16 (at least 8 per group, at most 2^18; whole levels
each, a longer level alone), whose arrays stay in the processor's cache.

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
(2|B_g|)², so that nothing waits for a later level (within a piece, |A| and Σ_A t are the
piece's). The rest's spread is then
M2 = Σ t_R² − (Σ t_R)²/W with W = |A| − |A_g|, S10_rest = M2/(2n_rest)²/(m_rest − 1), and
Lehmann's p̂2 (p̂1 from the other side) follows from Σ t_R² and the rest's tied pairs as
:mod:`._stream` has it. A group's own statistics are the same sums over its cells, and the
overall ones the same sums over all rows (so the pass walks the rows once).

**Exact sums.** M2 = Σ t_R² − (Σ t_R)²/W cancels badly in floating point where the spread is
small beside the squares (classes that nearly separate: at AUC 0.99999 float64 sums lose all but
about 9 digits), so every sum is kept exact. Within a piece of whole levels the counts are taken
from the piece alone, ε = t − T0 and δ = t_g − G0, with T0 = 2·#{B before the piece} and G0 the
same for B_g; every sum of ε, δ and their products over a piece of at most 2^19 rows is below
8·rows³ < 2^62, an exact int64. The piece's sums then join the running sums through
(T0 + ε)² = T0² + 2T0·ε + ε² and (T0 + ε)(G0 + δ) = T0·G0 + T0·δ + G0·ε + ε·δ: over all rows in
Python integers, per group in three int64 limbs of 31 bits (each product of a shift, below 2^31,
and a sum, below 2^62, split as a·(b mod 2^31) + a·⌊b/2^31⌋·2^31). Every
S10, S01, p̂1, p̂2 is then one correctly rounded division of exact integers, such as
(W·Σ t_R² − (Σ t_R)²)/(W·(2n_rest)²·(m_rest − 1)).
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ._delong import Statistics

__all__ = ["GroupedStatistics", "MAX_ROWS", "MAX_GROUPS"]

#: The most rows a grouped pass takes: every count below 2^30, so that twice a count and its square
#: stay in int64 (the limbs of :class:`_Limbs`).
MAX_ROWS = 2**30
#: The most groups.
MAX_GROUPS = 100_000
#: Rows are taken about this many at a time (at least 8 per group), so that a piece's arrays stay in cache.
_PIECE = 2**16
#: ... and at most this many, so that every sum within a piece of at most twice as many rows (each
#: at most 8·rows³) stays in int64; a level longer than a piece is a piece of its own, summed in
#: Python integers (it has one cell per group).
_LARGEST_PIECE = 2**18

_LIMB = 31
_MASK = (1 << _LIMB) - 1

# One side's running sums per group (rows of a table of exact limbs): over all of A
# Σ t_g, Σ t_g², Σ t·t_g; over A_g its size and Σ t, Σ t², Σ t_g, Σ t_g², Σ t·t_g.
_A_OWN, _A_OWN2, _A_CROSS, _G_COUNT, _G_T, _G_T2, _G_OWN, _G_OWN2, _G_CROSS = range(9)


def _statistics(m: np.ndarray, n: np.ndarray, pos: tuple, neg: tuple, ties: np.ndarray) -> list:
    """:class:`Statistics` of each entry from exact per-class sums (object arrays of Python integers):
    `pos` = (Σ t, Σ t²) over the positives of t = 2n·V10, `neg` = (Σ r, Σ r²) over the negatives
    of r = 2m·(1 − V01), `ties` the tied (positive, negative) pairs. Each value is one correctly
    rounded division of exact integers. None where a class is empty; S10, p̂1 None below two
    positives, S01, p̂2 below two negatives."""
    m, n = m.tolist(), n.tolist()
    result = []
    for m_i, n_i, twice_u, squares, total_r, squares_r, ties_i in zip(m, n, *pos, *neg, ties):
        if not (m_i and n_i):
            result.append(None)
            continue
        pairs = 2 * twice_u - ties_i  # Σ p·(4N + q) = 2·Σ p·(2N + q) − Σ p·q
        s10 = p1 = s01 = p2 = None
        if m_i > 1:
            s10 = (m_i * squares - twice_u * twice_u) / (m_i * 4 * n_i * n_i * (m_i - 1))
            placed = 4 * m_i * m_i * n_i - 4 * m_i * total_r + squares_r  # Σ (2m − r)² = Σ (2m·V01)²
            p1 = (placed - pairs) / (4 * n_i * m_i * (m_i - 1))
        if n_i > 1:
            s01 = (n_i * squares_r - total_r * total_r) / (n_i * 4 * m_i * m_i * (n_i - 1))
            p2 = (squares - pairs) / (4 * m_i * n_i * (n_i - 1))
        result.append(Statistics(m_i, n_i, twice_u, s10, s01, p1, p2))
    return result


def _stable_order(codes: np.ndarray, groups: int) -> np.ndarray:
    """The stable sort order of group codes 0..`groups`−1: numpy's radix sort on 8 or 16 bits; beyond,
    two passes of it (low 16 bits, then high), as a radix sort of the least significant digit first."""
    if groups <= 2**16:
        return np.argsort(codes.astype(np.uint8 if groups <= 2**8 else np.uint16, copy=False), kind="stable")
    order = np.argsort((codes & 0xFFFF).astype(np.uint16), kind="stable")
    return order[np.argsort((codes[order] >> 16).astype(np.uint16), kind="stable")]


class _Cells:
    """The cells of one piece of whole levels: the rows of one group at one level, ordered by
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
        self.groups = groups

    def below(self, counts: np.ndarray) -> np.ndarray:
        """Per cell, its group's `counts` in the group's earlier cells of the piece."""
        cumulative = np.cumsum(counts)
        cumulative -= counts
        return cumulative - np.repeat(cumulative[self.first], self.lengths)

    def totals(self, values: np.ndarray) -> np.ndarray:
        """Per present group, the sum of `values` over its cells."""
        return np.add.reduceat(values, self.first)

    def by_group(self, values: np.ndarray) -> np.ndarray:
        """`values` of the present groups as an array over all groups (0 for the others)."""
        every = np.zeros(self.groups, dtype=values.dtype)
        every[self.present] = values
        return every


def _side_of_levels(a: np.ndarray, b: np.ndarray, cells: _Cells, cell_a: np.ndarray, cell_b: np.ndarray):
    """One side's sums over one piece of whole levels, counted within the piece: ε = t and δ = t_g
    less their values below the piece. `a`, `b` are the A and B items per level, `cell_a`, `cell_b`
    per cell. Returns (|A|, Σ ε, Σ ε², sums): `sums` per group in the rows of the running
    sums (module docstring: Σ_A δ, Σ_A δ² and Σ_A ε·δ telescope over the group's B-levels)."""
    t = 2 * np.cumsum(b) - b  # ε of an A item at each level
    t_a = a * t
    up_to_a, up_to_t = np.cumsum(a), np.cumsum(t_a)  # C and D of each level
    count, total, squares = int(a.sum()), int(t_a.sum()), int(np.dot(t_a, t))
    k = cells.level
    below = cells.below(cell_b)  # N: the group's B items in the piece below the cell
    own = 2 * below + cell_b  # δ of the group's A items in the cell
    at_a, at_t = a[k], t[k]  # the level's A items (all groups) and their ε
    b_group = cells.totals(cell_b)
    weighted = cell_a * own
    step = cell_b * own  # q(2N + q)
    return count, total, squares, tuple(cells.by_group(values) for values in (
        2 * count * b_group - cells.totals(cell_b * (2 * up_to_a[k] - at_a)),
        count * (2 * b_group) ** 2 - cells.totals(4 * step * up_to_a[k])
        + cells.totals((2 * step - cell_b * cell_b) * at_a),
        2 * total * b_group - cells.totals(2 * cell_b * up_to_t[k]) + cells.totals(cell_b * at_a * at_t),
        cells.totals(cell_a), cells.totals(cell_a * at_t), cells.totals(cell_a * at_t * at_t),
        cells.totals(weighted), cells.totals(weighted * own), cells.totals(weighted * at_t)))


class _Limbs:
    """Exact sums of non-negative integers, a table of them (rows × groups), in three int64 limbs
    each: value = hi·2^62 + mid·2^31 + lo. Terms are split into 31-bit parts as they come, so that
    a limb grows by less than 2^34 per merge; the carries run every 2^20 merges and at the end."""

    def __init__(self, rows: int, groups: int):
        self.limbs = np.zeros((3, rows, groups), dtype=np.int64)  # lo, mid, hi
        self.merges = 0

    def parts(self) -> np.ndarray:
        """Zero limbs of the table's shape, to gather one merge's terms."""
        return np.zeros_like(self.limbs)

    @staticmethod
    def add(into: np.ndarray, row: int, value, level: int = 0) -> None:
        """Add `value` (int64, 0 ≤ value < 2^62) times 2^(31·level) to `row` of the limbs `into`."""
        into[level, row] += value & _MASK
        into[level + 1, row] += value >> _LIMB

    @classmethod
    def product(cls, into: np.ndarray, row: int, a, b) -> None:
        """Add a·b, for int64 0 ≤ a < 2^31 and 0 ≤ b < 2^62: a·b = a·(b mod 2^31) + a·⌊b/2^31⌋·2^31."""
        cls.add(into, row, a * (b & _MASK))
        cls.add(into, row, a * (b >> _LIMB), 1)

    @staticmethod
    def split(values: np.ndarray) -> np.ndarray:
        """Python integers (0 ≤ value < 2^93) as limbs, along a first axis of 3."""
        return np.array([((values >> (_LIMB * level)) & (_MASK if level < 2 else -1)).astype(np.int64)
                         for level in range(3)])

    def merge(self, parts: np.ndarray) -> None:
        """Add the limbs `parts` (each below 2^34)."""
        self.limbs += parts
        self.merges += 1
        if self.merges % 2**20 == 0:
            self.carry()

    def carry(self) -> None:
        lo, mid, hi = self.limbs
        mid += lo >> _LIMB
        lo &= _MASK
        hi += mid >> _LIMB
        mid &= _MASK

    def value(self) -> np.ndarray:
        """The sums, Python integers in an object array."""
        self.carry()
        lo, mid, hi = (limb.astype(object) for limb in self.limbs)
        return (hi << 2 * _LIMB) + (mid << _LIMB) + lo


class _Side:
    """One side's running sums (A counted against B): over all of A (Python integers), and per
    group (module docstring) in exact int64 limbs."""

    def __init__(self, groups: int):
        self.count = self.total = self.squares = 0  # |A|, Σ_A t, Σ_A t²
        self.sums = _Limbs(9, groups)

    def merge(self, local: tuple, b_before: int, b_group: np.ndarray) -> None:
        """Merge one piece's sums `local` (of :func:`_side_of_levels`, per group), counted within the
        piece, with `b_before` B items before it, `b_group` of each group: t = T0 + ε and
        t_g = G0 + δ with T0 = 2·b_before and G0 = 2·b_group (below 2^31, as there are fewer than
        2^30 rows)."""
        count, total, squares, sums = local
        shift = 2 * b_before
        at_a = count * shift + total  # Σ t over the piece's A items
        self.squares += (count * shift + 2 * total) * shift + squares
        self.total += at_a
        self.count += count
        g0 = 2 * b_group
        d, d2, ed, w, e, e2, od, od2, oed = sums
        if d.dtype == object:  # a long level: its few cells in Python integers
            g0 = g0.astype(object)
            self.sums.merge(_Limbs.split(np.array([
                count * g0 + d, (count * g0 + 2 * d) * g0 + d2, at_a * g0 + shift * d + ed, w, w * shift + e,
                (w * shift + 2 * e) * shift + e2, w * g0 + od, (w * g0 + 2 * od) * g0 + od2,
                (w * g0 + od) * shift + g0 * e + oed])))
            return
        add, product, parts = _Limbs.add, _Limbs.product, self.sums.parts()
        for row, value in ((_A_OWN, count * g0 + d), (_A_OWN2, d2), (_A_CROSS, ed), (_G_COUNT, w),
                           (_G_T, w * shift + e), (_G_T2, e2), (_G_OWN, w * g0 + od), (_G_OWN2, od2), (_G_CROSS, oed)):
            add(parts, row, value)
        for row, a, b in ((_A_OWN2, count, g0 * g0), (_A_OWN2, g0, 2 * d), (_A_CROSS, g0, np.int64(at_a)),
                          (_A_CROSS, shift, d), (_G_T2, shift, w * shift + 2 * e), (_G_OWN2, g0, w * g0 + 2 * od),
                          (_G_CROSS, shift, w * g0 + od), (_G_CROSS, g0, e)):
            product(parts, row, a, b)
        self.sums.merge(parts)

    def own(self, s: np.ndarray) -> tuple:
        """(Σ_Ag t_g, Σ_Ag t_g²) per group, from the running sums' values `s`."""
        return s[_G_OWN], s[_G_OWN2]

    def rest(self, s: np.ndarray) -> tuple:
        """(Σ t_R, Σ t_R²) per group over A∖A_g, t_R counting B∖B_g (module docstring), from `s`."""
        total = self.total - s[_G_T] - s[_A_OWN] + s[_G_OWN]
        squares = self.squares - s[_G_T2] - 2 * (s[_A_CROSS] - s[_G_CROSS]) + s[_A_OWN2] - s[_G_OWN2]
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
        self.piece = min(max(_PIECE, 8 * groups), _LARGEST_PIECE)  # rows per piece: at least 8 per group
        self.ties = 0  # Σ_k P_k·Q_k: tied (positive, negative) pairs
        self.positives, self.negatives = _Side(groups), _Side(groups)  # A the positives; A the negatives
        self.m_group = np.zeros(groups, dtype=np.int64)  # each group's positives so far
        self.n_group = np.zeros(groups, dtype=np.int64)
        # tied pairs with an item in g: Σ_c p_c·Q + P·q_c − p_c·q_c over g's cells
        self.touching = np.zeros(groups, dtype=np.int64)
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
        if (scores[1:] < scores[:-1]).any() or (self._held is not None and scores[0] < self._held[0][-1]):
            raise v.ParameterError("scores", "in ascending order, not below the previous chunk's",
                                   "a score below the one before it", verb="be")
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
        """Merge rows that hold whole levels, in pieces (each of whole levels)."""
        flags = (positive if positive.dtype == np.bool_ else positive.astype(bool)).view(np.int8)
        size, piece = scores.shape[0], self.piece
        change = scores[1:] != scores[:-1]
        if change.all():
            for start in range(0, size, piece):
                self._distinct(flags[start:start + piece], group[start:start + piece])
            return
        starts = np.flatnonzero(np.concatenate(([True], change)))
        wanted = np.searchsorted(starts, np.arange(piece, size, piece))
        long = np.flatnonzero(np.diff(np.append(starts, size)) > piece)  # levels longer than a piece: alone
        cuts = np.unique(np.concatenate((starts[wanted[wanted < starts.shape[0]]], starts[long],
                                         starts[long[long + 1 < starts.shape[0]] + 1])))
        cuts = cuts[cuts > 0]
        for level_starts, low, high in zip(np.split(starts, np.searchsorted(starts, cuts)),
                                           np.concatenate(([0], cuts)), np.append(cuts, size)):
            self._tied(level_starts - low, flags[low:high], group[low:high])

    def _tied(self, starts: np.ndarray, flags: np.ndarray, group: np.ndarray) -> None:
        """Merge one piece of whole levels, each level starting at a row of `starts`."""
        pos = np.add.reduceat(flags, starts, dtype=np.int64)
        neg = np.diff(np.append(starts, flags.shape[0])) - pos
        level = np.zeros(flags.shape[0], dtype=np.intp)
        level[starts[1:]] = 1
        np.cumsum(level, out=level)
        cells = _Cells(group, level, flags, self.groups)
        k, p, q = cells.level, cells.pos, cells.neg
        inside = p * q
        self.ties += int(np.dot(pos, neg))
        self.touching[cells.present] += cells.totals(p * neg[k] + pos[k] * q - inside)
        self.own_ties[cells.present] += cells.totals(inside)
        if flags.shape[0] > 2 * _LARGEST_PIECE:  # one long level: its few cells in Python integers
            pos, neg, p, q = (x.astype(object) for x in (pos, neg, p, q))
        m_before, n_before = self.positives.count, self.negatives.count
        self.positives.merge(_side_of_levels(pos, neg, cells, p, q), n_before, self.n_group)
        self.negatives.merge(_side_of_levels(neg, pos, cells, q, p), m_before, self.m_group)
        self.m_group[cells.present] += cells.totals(cells.pos)
        self.n_group[cells.present] += cells.totals(cells.neg)

    def _distinct(self, flags: np.ndarray, group: np.ndarray) -> None:
        """Merge one piece of rows of distinct scores: each row its own level and cell, summed by
        (group, class) with no cell built.

        Counted within the piece: of a row, `placed` is twice the rows of the other class below it
        (ε of a positive on the first side, of a negative on the second; and 2C of its level on the
        other side), `above` twice the sum of `placed` over the rows of the other class up to it
        (2D), `other` twice its group's rows of the other class below it (δ), `same` that of its own
        class plus one (2N + 1 on the other side)."""
        size = flags.shape[0]
        rows = np.arange(size, dtype=np.int64)
        positives_below = np.cumsum(flags, dtype=np.int64)
        positives_below -= flags
        placed = rows - 2 * positives_below  # a positive: its negatives below; a negative: its positives below
        placed *= flags
        placed += positives_below
        placed *= 2
        of_positives = np.cumsum(placed * flags)
        above = np.cumsum(placed)
        above -= 2 * of_positives
        above *= flags
        above += of_positives
        above *= 2
        # the group's rows below each row, through a stable sort of the codes
        order = _stable_order(group, self.groups)
        sorted_flags = flags[order]
        counts = np.bincount(group, minlength=self.groups)
        present = np.flatnonzero(counts)
        first = (np.cumsum(counts) - counts)[present]
        lengths = counts[present]
        group_positives = np.cumsum(sorted_flags, dtype=np.int64)
        group_positives -= sorted_flags
        group_positives -= np.repeat(group_positives[first], lengths)
        rows -= np.repeat(first, lengths)  # the group's rows below
        other = rows - 2 * group_positives
        other *= sorted_flags
        other += group_positives  # a positive: its group's negatives below; a negative: its group's positives
        rows -= other
        rows *= 2
        rows += 1  # same
        other *= 2
        placed, above = placed[order], above[order]

        def by_class(values):
            """Per group, the sums of `values` over its positives and over its negatives."""
            on_positives, on_negatives = np.zeros((2, self.groups), dtype=values.dtype)
            on_positives[present] = np.add.reduceat(values * sorted_flags, first)
            on_negatives[present] = np.add.reduceat(values, first)
            on_negatives -= on_positives
            return on_positives, on_negatives

        count, placed_sum = by_class(np.ones(size, dtype=np.int64)), by_class(placed)
        placed2 = by_class(placed * placed)
        other_sum, other2, cross = by_class(other), by_class(other * other), by_class(placed * other)
        step, above_sum = by_class(2 * rows * placed), by_class(above)
        for side, a, b, b_before, b_group in ((self.positives, 0, 1, self.negatives.count, self.n_group),
                                              (self.negatives, 1, 0, self.positives.count, self.m_group)):
            items, total, squares = int(count[a].sum()), int(placed_sum[a].sum()), int(placed2[a].sum())
            b_in = count[b]
            sums = (2 * items * b_in - placed_sum[b], items * (2 * b_in) ** 2 - step[b],
                    2 * total * b_in - above_sum[b],
                    count[a], placed_sum[a], placed2[a], other_sum[a], other2[a], cross[a])
            side.merge((items, total, squares, sums), b_before, b_group)
        self.m_group += count[0]
        self.n_group += count[1]

    def finish(self) -> tuple:
        """``(overall, groups, rests)``: :class:`Statistics` of all rows, and per group of its rows
        and of the rows outside it (None where a class is missing)."""
        if self._held is not None:
            held, self._held = self._held, None
            self._block(*held)
        if self.sizes is not None and not np.array_equal(self.sizes, np.stack((self.m_group, self.n_group), axis=1)):
            raise v.ParameterError("sizes", "the positives and negatives of each group in the rows given",
                                   "other counts", verb="be")
        pos, neg = self.positives, self.negatives
        m, n = pos.count, neg.count
        overall, = _statistics(np.array([m]), np.array([n]), ([pos.total], [pos.squares]), ([neg.total], [neg.squares]),
                               [self.ties])
        sums_pos, sums_neg = pos.sums.value(), neg.sums.value()
        groups = _statistics(self.m_group, self.n_group, pos.own(sums_pos), neg.own(sums_neg), self.own_ties.tolist())
        rests = _statistics(m - self.m_group, n - self.n_group, pos.rest(sums_pos), neg.rest(sums_neg),
                            [self.ties - touching for touching in self.touching.tolist()])
        return overall, groups, rests
