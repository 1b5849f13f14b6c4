r"""Auc-Train: the binary problem of the reduction (Balcan et al. 2007, Alg. 1).

From a labelled set S, Alg. 1 builds

    S' = { ((x1, x2), 1(y1 < y2)) : (x1, y1), (x2, y2) ∈ S and y1 ≠ y2 },

every *mixed* pair, as an ordered pair: each unordered mixed pair appears twice, once in
each order, with opposite labels — the induced problem is balanced. The paper's labels
say "0s should be ordered ahead of 1s" (§2), so its 1(y1 < y2) is "x1 should be ranked
above x2". Here, as everywhere in :mod:`aucbound`, label 1 marks a *positive*, to be ranked
above; so the paper's label is y = 1(label1 > label2) here: 1 exactly when the first
example is the positive one. With that label a perfect pairwise classifier is a preference
h(x1, x2) = y, the h that Degree and QuickSort read.

The pairs are numbered 0, …, 2mn − 1 in the order of a double loop over the examples
(first index, then second), keeping the mixed ones. A pair's number maps to its two
examples by one binary search, so with ``max_pairs`` a uniform sample of pair numbers is
drawn without replacement and only those pairs are made — never all of them.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ._results import PairSample
from ._checks import binary_labels

__all__ = ["auc_train", "MAX_PAIR_VALUES"]

#: The most values the arrays of a pair sample may hold together: d per pair in X1 and in X2,
#: one per pair in y, first and second (2d + 3 per pair; 400 MB of 8-byte values).
MAX_PAIR_VALUES = 5 * 10**7


def _features(X, size: int) -> np.ndarray:
    array = np.asarray(X) if not isinstance(X, np.ndarray) else X
    if array.dtype.kind not in "biuf":
        raise v.ParameterTypeError("X", "an array of numbers", v.show(X))
    if array.ndim not in (1, 2):
        raise v.fail("X", "an (N,) or (N, d) array", array)
    if array.shape[0] != size:
        raise v.ParameterError("X", f"one row per label ({size})", f"{array.shape[0]} rows", verb="have")
    if array.dtype.kind == "f":
        v.check("X", np.isfinite(array), "finite (no NaN or inf)", array)
    return array


def _sample(rng: np.random.Generator, total: int, size: int) -> np.ndarray:
    """A uniform `size`-subset of 0, …, total − 1 (sorted), in O(size) memory.

    Draws with replacement and keeps the first `size` distinct values in the order drawn:
    the procedure treats all numbers alike, so every subset is equally likely. When more
    than half are wanted, the complement is drawn instead (then `total` < 2·`size`).
    """
    if 2 * size > total:
        left_out = _sample(rng, total, total - size)
        keep = np.ones(total, dtype=bool)
        keep[left_out] = False
        return np.flatnonzero(keep).astype(np.int64)
    chosen = np.empty(0, dtype=np.int64)
    while chosen.size < size:
        missing = size - chosen.size
        drawn = rng.integers(0, total, size=missing + missing // 8 + 16, dtype=np.int64)
        pooled = np.concatenate([chosen, drawn])
        _, first = np.unique(pooled, return_index=True)
        chosen = pooled[np.sort(first)][:size]
    return np.sort(chosen)


def auc_train(labels, X, *, max_pairs=None, seed=None) -> PairSample:
    """The mixed pairs of a labelled sample as a binary problem: ``X1, X2, y`` (Balcan et al. 2007, Alg. 1).

    Every ordered pair (i, j) of examples with different labels, in the order of a double
    loop over i then j, with y = 1 when example i is the positive one (label 1, to be
    ranked above) and 0 when it is the negative one — the paper's 1(y1 < y2) under its
    convention that 0s are ordered first. Each mixed pair comes in both orders, so there
    are 2mn pairs for m positives and n negatives.

    Parameters
    ----------
    labels : 0/1 or boolean labels, both classes present (1 = positive).
    X : the features, an (N,) or (N, d) array with one row per label.
    max_pairs : keep a uniform sample of this many pairs, drawn without replacement (in
        the loop order); None, or at least 2mn, keeps them all. The pairs kept must hold at
        most :data:`MAX_PAIR_VALUES` values in all (2d + 3 per pair with d features).
    seed : the seed of the sample.

    >>> X1, X2, y = auc_train([1, 0, 0], [10.0, 20.0, 30.0])
    >>> X1.tolist(), X2.tolist(), y.tolist()
    ([10.0, 10.0, 20.0, 30.0], [20.0, 30.0, 10.0, 10.0], [1, 1, 0, 0])
    """
    positive = binary_labels("labels", labels)
    features = _features(X, positive.size)
    if max_pairs is not None:
        max_pairs = v.count("max_pairs", max_pairs)
    seed = v.seed("seed", seed)
    m = int(np.count_nonzero(positive))
    n = positive.size - m
    total = 2 * m * n
    width = 1 if features.ndim == 1 else features.shape[1]
    size = total if max_pairs is None else min(max_pairs, total)
    limit = max(1, MAX_PAIR_VALUES // (2 * width + 3))
    if size > limit:
        features = f"{width} feature{'s' * (width != 1)}"
        if max_pairs is None:
            raise v.ParameterError(
                "max_pairs", f"be set, to at most {limit:,}: all {total:,} mixed pairs with {features} would take "
                f"more than {MAX_PAIR_VALUES:,} values", "None", verb="")
        v.at_most("max_pairs", max_pairs, limit, why=f" with {features} per example")
    if size == total:
        numbers = np.arange(total, dtype=np.int64)
    else:
        numbers = _sample(np.random.default_rng(seed), total, size)
    partners = np.where(positive, n, m).astype(np.int64)
    ends = np.cumsum(partners)
    first = np.searchsorted(ends, numbers, side="right")
    rank = numbers - (ends[first] - partners[first])
    positives, negatives = np.flatnonzero(positive), np.flatnonzero(~positive)
    is_positive = positive[first]
    second = np.where(is_positive, negatives[np.minimum(rank, n - 1)], positives[np.minimum(rank, m - 1)])
    y = is_positive.astype(np.int64)
    arrays = [features[first], features[second], y, first.astype(np.int64), second.astype(np.int64)]
    for array in arrays:
        array.setflags(write=False)
    return PairSample(*arrays, m=m, n=n, total=total, max_pairs=max_pairs, seed=seed)
