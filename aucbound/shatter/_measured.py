r"""The rank matrices and sign patterns a function class really realizes on given points (beyond).

r(F, m, n) of Agarwal et al. (2005, Def 4.2) is a maximum over point sets of the number of
distinct bipartite rank matrices B_f; s(F̂, N) (Def 4.7) likewise for sign patterns. For
concrete points this module counts them, to set beside the bounds of
:mod:`aucbound.shatter._classes` (Thm 4.11 against the truth, §4.4's exact values).

The classes here are linear in D features g(x) — x itself for :class:`Line` and
:class:`Linear`, the C(d, q) monomials for :class:`Polynomial` — so f(x) = w·g(x) + b and

- B_f depends on the direction w only (b cancels): entry (i, j) is 1, ½, 0 as
  w·(g(x_i) − g(x'_j)) is > 0, = 0, < 0. The distinct B_f are the faces of the central
  arrangement of the hyperplanes w·u_ij = 0 in R^D, plus the constant functions (w = 0).
- sign f = sign(w·g(x) + b): for a fixed w, moving b through the sorted projections gives
  2K + 1 patterns (K distinct projections), and the order of the projections changes only
  where w crosses a hyperplane w·(g(x_i) − g(x_k)) = 0.

**Exact for D ≤ 2** (the line, linear functions on R^2, quadratics on R): one
representative w per face — D = 1: w = 1, −1, 0; D = 2: w = 0, each critical direction
±(−u_2, u_1), and between neighbouring critical directions (sorted by angle) their sum.
**For D ≥ 3** directions are sampled, so the count is a lower bound; it is *certified*:
every pattern counted is realized by a direction that was evaluated exactly (faces of
lower dimension, i.e. ties, are mostly missed).

All arithmetic is exact: coordinates (binary floats) become fractions, each feature
column is scaled by a power of two to integers (a positive rescaling of a feature maps
the set of patterns to itself), and projections are Python integers.
"""

from __future__ import annotations

import functools
import math
from fractions import Fraction

import numpy as np

from .. import _validate as v
from ._results import MeasuredCount

__all__ = ["realized_rank_matrices", "realized_sign_patterns", "MAX_MEASURE_WORK", "measure_work", "point_dimension"]

_CHUNK = 2048
#: The most exact-integer steps one count takes: directions × pairs × features (about 20 s).
MAX_MEASURE_WORK = 2 * 10**8
#: The most features a class may have here (each point's features are exact integers).
MAX_FEATURES = 100


def point_dimension(fclass) -> int:
    """The dimension d of the points `fclass` acts on; it must be a class of concrete functions."""
    if not hasattr(fclass, "exponents"):
        raise v.fail("fclass", "a class of concrete functions (Line, Linear or Polynomial)", fclass)
    if fclass.dimension > MAX_FEATURES:
        raise v.fail("fclass", f"a class of at most {MAX_FEATURES} features (the counts compute every feature exactly)", str(fclass))
    return len(fclass.exponents()[0])


def measure_work(fclass, pairs: int, samples: int = 10_000) -> int:
    """The steps of one count on `pairs` comparisons: directions × pairs × features.

    A sweep (at most two features) visits about 4·pairs + 1 directions; otherwise
    `samples` + 1 are evaluated.
    """
    directions = 4 * pairs + 1 if fclass.dimension <= 2 else samples + 1
    return directions * pairs * fclass.dimension


def _check_work(parameter: str, fclass, pairs: int, samples: int) -> None:
    steps = measure_work(fclass, pairs, samples)
    if steps > MAX_MEASURE_WORK:
        raise v.ParameterError(parameter, f"few enough that directions × pairs × features ≤ {MAX_MEASURE_WORK:,} "
                                          f"(a count of about 20 s)", f"{pairs:,} pairs, {steps:,} steps")


def _exact_features(fclass, *groups: np.ndarray) -> tuple[list[np.ndarray], list[int]]:
    """The features g(x) of each group of points as exact integers (object arrays), and the power
    of two each feature column was scaled by (the same for every group)."""
    exponents = fclass.exponents()
    rows = [
        [math.prod(Fraction(float(x)) ** e for x, e in zip(point, powers)) for powers in exponents]
        for group in groups
        for point in group
    ]
    scales = [max(row[k].denominator for row in rows) for k in range(len(exponents))]
    table = np.array([[int(value * scale) for value, scale in zip(row, scales)] for row in rows], dtype=object)
    splits = np.cumsum([len(group) for group in groups])[:-1]
    return np.split(table, splits), scales


def _cross(a, b) -> int:
    return a[0] * b[1] - a[1] * b[0]


def _half(w) -> int:
    return 0 if w[1] > 0 or (w[1] == 0 and w[0] > 0) else 1


def _by_angle(a, b) -> int:
    if _half(a) != _half(b):
        return _half(a) - _half(b)
    return -1 if _cross(a, b) > 0 else (1 if _cross(a, b) < 0 else 0)


def _sweep_2d(vectors) -> list[tuple[int, int]]:
    """One direction w per face of the arrangement {w : w·u = 0} in R^2, w = 0 included."""
    critical = set()
    for a, b in vectors:
        if a or b:
            g = math.gcd(a, b)
            critical.update({(-b // g, a // g), (b // g, -a // g)})
    ordered = sorted(critical, key=functools.cmp_to_key(_by_angle))
    between = []
    for k, start in enumerate(ordered):
        stop = ordered[(k + 1) % len(ordered)]
        between.append((start[0] + stop[0], start[1] + stop[1]) if _cross(start, stop) > 0 else (-start[1], start[0]))
    return [(0, 0)] + ordered + (between or [(1, 0)])


def _directions(differences: np.ndarray, scales: list[int], samples: int, seed) -> tuple[np.ndarray, bool]:
    """Representative directions (exact integers, one a row) and whether they cover every face.

    Sampled directions are drawn uniformly on the sphere of the features as they are, then
    carried into the scaled integer features (component k times max(scales)/scales_k, all
    powers of two): w·g keeps its sign, and thin regions of badly scaled features are not
    missed for the scaling's sake.
    """
    dimension = len(scales)
    if dimension == 1:
        rows, exact = [(1,), (-1,), (0,)], True
    elif dimension == 2:
        rows, exact = _sweep_2d(differences.tolist()), True
    else:
        rng = np.random.default_rng(seed)
        factors = [max(scales) // scale for scale in scales]
        rows = [(0,) * dimension] + [tuple(int(x) * factor for x, factor in zip(np.rint(rng.standard_normal(dimension) * 2**20), factors))
                                     for _ in range(samples)]
        exact = False
    return np.array(rows, dtype=object), exact


def _setup(fclass, samples, seed, named_groups, pairs):
    """Checked arguments and the exact features; the work, from `pairs(*group sizes)`, is
    checked before any feature is computed."""
    dim = point_dimension(fclass)
    samples = v.count("samples", samples, maximum=10**6)
    if seed is not None:
        seed = v.count("seed", seed, minimum=0)
    groups = [v.points(name, value, dim=dim) for name, value in named_groups]
    _check_work(named_groups[0][0], fclass, pairs(*(group.shape[0] for group in groups)), samples)
    features, scales = _exact_features(fclass, *groups)
    return features, scales, samples, seed


def realized_rank_matrices(fclass, pos_points, neg_points, *, samples: int = 10_000, seed: int | None = 0) -> MeasuredCount:
    """The number of distinct bipartite rank matrices B_f, f ∈ `fclass`, on these positives and negatives.

    Exact (a sweep over every face) when the class has at most 2 features — the line,
    linear functions on R^2, quadratics on R; otherwise a certified lower bound from
    `samples` random directions (seeded by `seed`). Points are rows (a 1-D array is points
    on the line).

    >>> from aucbound.shatter import Line, Linear
    >>> realized_rank_matrices(Line(), [0.3, 1.2, 2.0], [0.5, 1.7]).count  # r(F_lin(1)) = 3
    3
    >>> rng = np.random.default_rng(1)
    >>> realized_rank_matrices(Linear(2), rng.normal(size=(3, 2)), rng.normal(size=(4, 2))).count  # 4mn + 1
    49
    """
    (pos, neg), scales, samples, seed = _setup(fclass, samples, seed, [("pos_points", pos_points), ("neg_points", neg_points)],
                                               lambda m, n: m * n)
    dimension = len(scales)
    differences = (pos[:, None, :] - neg[None, :, :]).reshape(-1, dimension)
    directions, exact = _directions(differences, scales, samples, seed)
    seen = set()
    for start in range(0, directions.shape[0], _CHUNK):
        w = directions[start : start + _CHUNK]
        gap = pos.dot(w.T)[:, None, :] - neg.dot(w.T)[None, :, :]  # (m, n, directions)
        codes = (1 + (gap > 0).astype(np.int8) - (gap < 0).astype(np.int8)).transpose(2, 0, 1)
        seen.update(matrix.tobytes() for matrix in codes)
    return MeasuredCount(
        "rank matrices", str(fclass), (pos.shape[0], neg.shape[0]), len(seen), exact,
        "sweep" if exact else "sampled directions", int(directions.shape[0]),
    )


def realized_sign_patterns(fclass, points, *, samples: int = 10_000, seed: int | None = 0) -> MeasuredCount:
    """The number of distinct patterns (sign f(x_1), …, sign f(x_N)), f ∈ `fclass`, on these points.

    Exact when the class has at most 2 features (directions w swept as in
    :func:`realized_rank_matrices`, then every offset b); otherwise a certified lower bound
    from `samples` random directions with every offset.

    >>> from aucbound.shatter import Line
    >>> realized_sign_patterns(Line(), [0.1, 0.4, 0.2, 0.9]).count  # s(F̂_lin(1), N) = 4N + 1
    17
    """
    (features,), scales, samples, seed = _setup(fclass, samples, seed, [("points", points)], lambda N: N * (N - 1) // 2)
    size = features.shape[0]
    upper = np.triu_indices(size, 1)
    differences = (features[:, None, :] - features[None, :, :])[upper]
    directions, exact = _directions(differences, scales, samples, seed)
    seen = set()
    for start in range(0, directions.shape[0], _CHUNK):
        projections = features.dot(directions[start : start + _CHUNK].T)  # (N, directions)
        for column in projections.T:
            _, rank = np.unique(column, return_inverse=True)
            levels = int(rank.max()) + 1
            thresholds = np.arange(2 * levels + 1)[:, None]  # b between, at, between … the K levels
            patterns = np.sign(2 * (rank[None, :] + 1) - (thresholds + 1)).astype(np.int8)
            seen.update(pattern.tobytes() for pattern in patterns)
    return MeasuredCount(
        "sign patterns", str(fclass), (size,), len(seen), exact,
        "sweep" if exact else "sampled directions", int(directions.shape[0]),
    )
