r"""Exact minimum feedback arc set of a tournament (Balcan et al. 2007, §1 and §4).

For a tournament T (a binary preference h, edge u → v when h[u, v] = 1) and an ordering π,
a *back edge* is an edge u → v with v ranked above u; back(T, π) counts them. A minimum
feedback arc set ordering minimizes back(T, π) over all n! orderings — NP-hard in
general (Alon 2006), exact here for n ≤ 20 by dynamic programming over subsets (the
Held–Karp recursion of the linear ordering problem, beyond the papers):

    best(∅) = 0,   best(S) = min_{v ∈ S} [ best(S ∖ {v}) + Σ_{u ∈ S∖{v}} h[v, u] ],

where best(S) is the fewest back edges among the items of S when they fill the top |S|
places, and v is the item of S placed last (every edge from v up into S∖{v} is a back
edge). The subsets are processed by size, all subsets of one size at once with numpy; the
sums over S∖{v} come from two tables of 2^(n/2) partial sums per item (the low and high
halves of the bit mask), so the whole costs about n·2^n operations and 2^n floats
(n = 20: about a second and 10 MB). The same recursion with real weights M[v, u] gives the
minimum over rankings in the ranking regret (Ailon & Mohri 2008, Eq. 5).

:func:`all_minimum_feedback_orderings` (n ≤ 8) lists every optimal ordering by walking back
through the table along every step that attains the minimum.
"""

from __future__ import annotations

import functools

import numpy as np

from ._checks import MAX_ITEMS, order_array, preference_matrix
from ._orders import positions

__all__ = [
    "minimum_feedback_arc_set",
    "all_minimum_feedback_orderings",
    "back_edges",
    "MAX_FEEDBACK_ITEMS",
    "MAX_ALL_FEEDBACK_ITEMS",
]

#: The most vertices :func:`minimum_feedback_arc_set` takes (2^20 subsets, about a second).
MAX_FEEDBACK_ITEMS = 20
#: The most vertices :func:`all_minimum_feedback_orderings` takes (at most 8! = 40,320 orderings).
MAX_ALL_FEEDBACK_ITEMS = 8


@functools.lru_cache(maxsize=8)
def _layers(n: int) -> tuple[np.ndarray, ...]:
    """The 2^n bit masks grouped by how many bits they have: layer k holds the subsets of size k."""
    masks = np.arange(1 << n, dtype=np.int64)
    sizes = np.zeros(1 << n, dtype=np.int64)
    for bit in range(n):
        sizes += (masks >> bit) & 1
    order = np.argsort(sizes, kind="stable")
    bounds = np.searchsorted(sizes[order], np.arange(n + 2))
    return tuple(order[bounds[k]:bounds[k + 1]] for k in range(n + 1))


def _subset_sums(weights: np.ndarray) -> np.ndarray:
    """table[v, a] = Σ_{u in the bit mask a} weights[v, u], for every mask a over the columns."""
    rows, bits = weights.shape
    table = np.zeros((rows, 1 << bits))
    for bit in range(bits):
        table[:, 1 << bit: 2 << bit] = table[:, : 1 << bit] + weights[:, bit, None]
    return table


def _dynamic_program(cost: np.ndarray):
    """The table best(S) for the weights cost[v, u] (paid when u is above v), and the last item of an optimal S."""
    n = cost.shape[0]
    low_bits = n // 2
    low_mask = (1 << low_bits) - 1
    low = _subset_sums(cost[:, :low_bits])
    high = _subset_sums(cost[:, low_bits:])
    best = np.zeros(1 << n)
    last = np.zeros(1 << n, dtype=np.int8)
    for layer in _layers(n)[1:]:
        value = np.full(layer.shape[0], np.inf)
        choice = np.zeros(layer.shape[0], dtype=np.int8)
        for item in range(n):
            where = np.flatnonzero((layer >> item) & 1)
            rest = layer[where] ^ (1 << item)
            candidate = best[rest] + low[item, rest & low_mask] + high[item, rest >> low_bits]
            better = candidate < value[where]
            value[where[better]] = candidate[better]
            choice[where[better]] = item
        best[layer] = value
        last[layer] = choice
    return best, last


def _minimum_cost(cost: np.ndarray) -> tuple[float, np.ndarray]:
    """min over orders of Σ_{u above v} cost[v, u], and one order attaining it (items from the top).

    `cost` is a checked n×n float array with n ≤ 20 (its diagonal is never read).
    """
    n = cost.shape[0]
    best, last = _dynamic_program(cost)
    mask = (1 << n) - 1
    bottom_up = []
    while mask:
        item = int(last[mask])
        bottom_up.append(item)
        mask ^= 1 << item
    return float(best[-1]), np.array(bottom_up[::-1], dtype=np.int64)


def back_edges(h, order) -> int:
    """back(T, π): how many edges u → v of the tournament h point up in `order` (v ranked above u).

    Balcan et al. (2007), §4.

    >>> back_edges([[0, 1, 0], [0, 0, 1], [1, 0, 0]], [0, 1, 2])
    1
    """
    h = preference_matrix("h", h, binary=True, limit=MAX_ITEMS)
    return _back_edges(h, order_array("order", order, h.shape[0]))


def _back_edges(h: np.ndarray, order: np.ndarray) -> int:
    """back(T, π) of a checked tournament h and a checked order (no checks)."""
    position = positions(order)
    return int(h[position[:, None] > position[None, :]].sum())


def minimum_feedback_arc_set(h) -> tuple[np.ndarray, int]:
    """(order, back edges): one ordering of the tournament h with the fewest back edges, and how many.

    Exact, by dynamic programming over the 2^n subsets (module docstring); n ≤ 20 (about a
    second at n = 20). Among optimal orderings the one returned is the one the recursion
    meets first (a fixed rule). Balcan et al. (2007), §4: the orderings Thm 4 is about.

    >>> order, count = minimum_feedback_arc_set([[0, 1, 0], [0, 0, 1], [1, 0, 0]])
    >>> order.tolist(), count
    ([1, 2, 0], 1)
    """
    h = preference_matrix("h", h, binary=True, limit=MAX_FEEDBACK_ITEMS)
    value, order = _minimum_cost(h)
    return order, int(round(value))


def all_minimum_feedback_orderings(h) -> np.ndarray:
    """Every minimum feedback arc set ordering of the tournament h, one a row, in lexicographic order.

    n ≤ 8. The rows are the orderings (items from the top) whose number of back edges is
    the minimum of :func:`minimum_feedback_arc_set`; Balcan et al. (2007), Thm 4 holds for
    each of them.

    >>> all_minimum_feedback_orderings([[0, 1, 0], [0, 0, 1], [1, 0, 0]]).tolist()
    [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    """
    h = preference_matrix("h", h, binary=True, limit=MAX_ALL_FEEDBACK_ITEMS)
    n = h.shape[0]
    best, _ = _dynamic_program(h)
    cost = h.astype(np.int64)
    table = np.rint(best).astype(np.int64)
    found: list[list[int]] = []

    def extend(mask: int, below: list[int]) -> None:
        if not mask:
            found.append(below)
            return
        for item in range(n):
            if mask >> item & 1:
                rest = mask ^ (1 << item)
                pay = sum(int(cost[item, u]) for u in range(n) if rest >> u & 1)
                if table[rest] + pay == table[mask]:
                    extend(rest, [item] + below)

    extend((1 << n) - 1, [])
    return np.array(sorted(found), dtype=np.int64)
