"""Bipartite rank matrices and the two realizability tests of Theorem 4.3.

Agarwal, Graepel, Herbrich, Har-Peled & Roth (2005), JMLR 6, §4.1:

- Def 4.1: for scores f(x_1..x_m) of m positives and f(x'_1..x'_n) of n negatives,
  ``B_f(x, x')_ij = 1(f(x_i) > f(x'_j)) + ½·1(f(x_i) = f(x'_j))``, an m×n matrix over {0, ½, 1}.
- Thm 4.3, part 1: B is realizable as some B_f iff its complete mixed bipartite graph —
  edge i ← j for 1, i → j for 0, undirected for ½ — has no cycle that contains a directed
  edge and runs along every directed edge it contains.
- Thm 4.3, part 2: B is realizable iff it contains no 2×2 sub-matrix of a forbidden list
  (the paper's Table 2). Our copy of the table is garbled, so :func:`forbidden_submatrices`
  generates the list from Def 4.1 itself: the 2×2 matrices that no scores of two positives
  and two negatives produce. There are 81 − ψ(2,2) = 30 of them.

Internally a matrix is held as int8 *codes* ``2·B`` (0, 1, 2 for 0, ½, 1), and both tests
work on a whole stack of matrices at once (shape ``(..., m, n)``), which is what the
brute-force enumeration of :mod:`aucbound.shatter._counting` runs on.
"""

from __future__ import annotations

import functools
import itertools

import numpy as np

from .. import _validate as v
from ._checks import matrix_in

__all__ = ["rank_matrix", "is_realizable", "forbidden_submatrices"]

TESTS = ("graph", "submatrices")


def rank_matrix(pos_scores, neg_scores) -> np.ndarray:
    """B_f(x, x') of Def 4.1: entry (i, j) is 1, ½ or 0 as positive i scores above, level with or below negative j.

    >>> rank_matrix([1, 2], [2, 0, 3])
    array([[0. , 1. , 0. ],
           [0.5, 1. , 0. ]])
    """
    pos, neg = v.finite_vector("pos_scores", pos_scores), v.finite_vector("neg_scores", neg_scores)
    return _codes(pos, neg) / 2.0


def _codes(pos: np.ndarray, neg: np.ndarray) -> np.ndarray:
    """2·B_f as int8: 1 + sign(f(x_i) − f(x'_j)), along the last axis of `pos` and `neg`."""
    return (1 + np.sign(pos[..., :, None] - neg[..., None, :])).astype(np.int8)


def as_codes(matrix, parameter: str = "matrix") -> np.ndarray:
    """A checked m×n matrix over {0, ½, 1} as int8 codes 2·B."""
    return (2 * matrix_in(parameter, matrix, (0.0, 0.5, 1.0))).astype(np.int8)


def is_realizable(matrix, *, test: str = "graph") -> bool:
    """True iff `matrix` (over {0, ½, 1}) equals B_f(x, x') for some scores (Thm 4.3).

    ``test="graph"`` checks the mixed bipartite graph for a cycle (part 1);
    ``test="submatrices"`` looks for a forbidden 2×2 sub-matrix (part 2). They agree on
    every matrix; the graph test costs O((m+n)³/64), the sub-matrix test O(m²n²).

    >>> is_realizable([[1, 0.5], [0.5, 0]])
    True
    >>> is_realizable([[1, 0], [0, 1]]), is_realizable([[1, 0], [0, 1]], test="submatrices")
    (False, False)
    """
    v.choice("test", test, TESTS)
    codes = as_codes(matrix)
    realizable = graph_realizable(codes) if test == "graph" else submatrix_realizable(codes)
    return bool(realizable)


# --- Thm 4.3 part 1: the mixed bipartite graph -------------------------------------------


def graph_realizable(codes: np.ndarray) -> np.ndarray:
    """For each m×n code matrix in the stack `codes`, True iff its mixed graph is acyclic.

    Vertices are the m positives and n negatives; ``u ⪯ v`` is an edge from u to v along
    which scores cannot decrease (a directed edge when they must increase). A forbidden
    cycle exists iff some directed edge u → v has v ⪯* u in the transitive closure of ⪯.
    The closure is Floyd–Warshall on bit masks of reachable vertices (uint64 when
    m + n ≤ 64, Python integers otherwise).
    """
    codes = np.asarray(codes)
    *stack, m, n = codes.shape
    codes = codes.reshape(-1, m, n)
    size = m + n
    dtype = np.uint64 if size <= 64 else object
    bit = [1 << k for k in range(size)]
    # reach[:, u]: the vertices v with u ⪯ v, as a bit mask; positives 0..m-1, negatives m..m+n-1.
    reach = np.zeros((codes.shape[0], size), dtype=dtype)
    for u in range(size):
        reach[:, u] = bit[u]
    for i in range(m):
        for j in range(n):
            c = codes[:, i, j]
            up = c <= 1  # B = 0 or ½: f(x_i) ≤ f(x'_j), edge i → j
            down = c >= 1  # B = 1 or ½: f(x'_j) ≤ f(x_i), edge j → i
            reach[up, i] |= bit[m + j]
            reach[down, m + j] |= bit[i]
    for k in range(size):
        through = ((reach >> k) & 1).astype(bool)
        reach = np.where(through, reach | reach[:, k : k + 1], reach)
    ok = np.ones(codes.shape[0], dtype=bool)
    for i in range(m):
        for j in range(n):
            c = codes[:, i, j]
            back_to_i = (reach[:, m + j] & bit[i]) != 0  # j ⪯* i
            back_to_j = (reach[:, i] & bit[m + j]) != 0  # i ⪯* j
            ok &= ~(((c == 0) & back_to_i) | ((c == 2) & back_to_j))
    return ok.reshape(stack) if stack else ok[0]


# --- Thm 4.3 part 2: forbidden 2×2 sub-matrices ------------------------------------------


def _index2x2(a, b, c, d):
    """The base-3 index 27a + 9b + 3c + d of the 2×2 code matrix [[a, b], [c, d]]."""
    return 27 * a.astype(np.int16) + 9 * b + 3 * c + d


@functools.cache
def _forbidden_table() -> np.ndarray:
    """81 booleans, True at the base-3 index of each 2×2 code matrix that no scores realize (Def 4.1)."""
    realized = np.zeros(81, dtype=bool)
    for scores in itertools.product(range(4), repeat=4):  # every weak order of 4 points
        (a, b), (c, d) = _codes(np.array(scores[:2]), np.array(scores[2:]))
        realized[_index2x2(a, b, c, d)] = True
    return ~realized


def forbidden_submatrices() -> np.ndarray:
    """The 30 2×2 matrices over {0, ½, 1} that are no B_f (the list of Table 2), shape (30, 2, 2).

    Generated from Def 4.1: every assignment of scores in {0, 1, 2, 3} to two positives
    and two negatives (which covers every weak order of four points) gives a realizable
    matrix; the forbidden ones are the other 81 − 51.

    >>> table = forbidden_submatrices()
    >>> len(table)
    30
    >>> table[0]  # f(x_1) < f(x'_1) = f(x_2) < f(x'_2) = f(x_1): a cycle
    array([[0. , 0.5],
           [0.5, 0. ]])
    """
    index = np.flatnonzero(_forbidden_table())
    digits = np.stack([index // 27, index // 9 % 3, index // 3 % 3, index % 3], axis=1)
    return digits.reshape(-1, 2, 2) / 2.0


def submatrix_realizable(codes: np.ndarray) -> np.ndarray:
    """For each m×n code matrix in the stack `codes`, True iff no 2×2 sub-matrix is forbidden."""
    codes = np.asarray(codes)
    *stack, m, n = codes.shape
    codes = codes.reshape(-1, m, n)
    forbidden = _forbidden_table()
    ok = np.ones(codes.shape[0], dtype=bool)
    for i, k in itertools.combinations(range(m), 2):
        for j, l in itertools.combinations(range(n), 2):
            ok &= ~forbidden[_index2x2(codes[:, i, j], codes[:, i, l], codes[:, k, j], codes[:, k, l])]
    return ok.reshape(stack) if stack else ok[0]


def compatible_rows(n: int) -> np.ndarray:
    """(3^n, 3^n) booleans: rows r, s (base-3 codes of length n) form no forbidden 2×2 sub-matrix.

    By Thm 4.3 part 2 a matrix is realizable iff every pair of its rows is compatible.
    """
    rows = np.array(list(itertools.product(range(3), repeat=n)), dtype=np.int16).reshape(-1, n)
    forbidden = _forbidden_table()
    ok = np.ones((rows.shape[0], rows.shape[0]), dtype=bool)
    for j, l in itertools.combinations(range(n), 2):
        ok &= ~forbidden[_index2x2(rows[:, None, j], rows[:, None, l], rows[None, :, j], rows[None, :, l])]
    return ok
