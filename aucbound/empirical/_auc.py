"""The empirical AUC with ties counted one half (the Wilcoxon–Mann–Whitney statistic).

Agarwal et al. (2005), Eq. 4: Â = (1/mn) Σ_i Σ_j [1(f(x_i) > f(x'_j)) + ½·1(f(x_i) = f(x'_j))].

The scores are split into the two classes and each class is sorted once (together about
the time of one sort of all N scores). For the i-th smallest positive x_i, L_i is the
number of negatives below it and E_i the number tied with it; for the j-th smallest
negative y_j, A_j is the number of positives above it and F_j the number tied with it.
Then 2L_i + E_i = 2n·V10_i is twice its placement (DeLong's structural component; in
mid-ranks, 2(R_i − R⁺_i) with R_i the mid-rank among all N scores and R⁺_i among the
positives, as in Sun & Xu 2014), likewise 2A_j + F_j = 2m·V01_j, and
2mn·Â = Σ_i (2L_i + E_i) = 2U is summed exactly in integers, so Â is a single correctly
rounded division. O(N log N) time (the sorts), O(N) memory.

Two engines give the same integers. The compiled one (``_resample.c``, where it is built)
splits the scores into the classes in one pass (checking as it goes that float scores are
finite and that int64 scores lie within ±2^53, where float64 holds them exactly) and counts
by one merge of the two sorted classes, a tied level at a time, crossing long runs of tied
scores by galloping.
The numpy one, used where the module is not built or inside
``use_engine("numpy")``, splits by boolean indexing and binary-searches each
positive among the distinct values of the negatives. Either way the work beyond the two
sorts is linear, or nearly.

Primitives for code built on the sorted classes (all take `pos`, `neg` sorted ascending,
float64, no NaN, and give exact int64 counts):

- :func:`sorted_groups` — the two classes' scores, checked, as new sorted float64 arrays;
- :func:`twice_u` — 2U = 2mn·Â;
- :func:`twice_counts` — 2L_i + E_i and 2A_j + F_j per item, with the totals ΣL and ΣE;
  :func:`twice_deviations` — the same less the mean of each class, as float64;
- :func:`weighted_counts` — a·L_i + b·E_i per positive and a·A_j + b·F_j per negative
  (a = 2, b = 1: twice the structural components), one merge per (a, b);
  :func:`weighted_deviations` — the same, each less the mean of its class, as float64;
- :func:`_placements` — (L, E, A, F) themselves, for the bootstrap;
- :func:`levels` — the distinct scores in increasing order with the number of positives and
  of negatives at each: the steps of the empirical ROC curve (walking the levels from the
  top, the curve moves from (FPR, TPR) to (FPR + neg_k/n, TPR + pos_k/m) at the k-th).
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from . import _labels
from ._columns import columns, warn_below_chance
from ._resampling import compiled_loop
from ._weights import kind_without_weights

__all__ = ["auc", "auc_from_groups"]


def _engine(*arrays: np.ndarray):
    """The compiled module when it is built, chosen (:func:`~aucbound.empirical.use_engine`), and takes
    these arrays (float64, contiguous); else None, for numpy."""
    module = compiled_loop()
    if module is None or not all(a.dtype == np.float64 and a.flags.c_contiguous for a in arrays):
        return None
    return module


# --- the numpy engine -------------------------------------------------------------------------


def _below_and_tied(ref: np.ndarray, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(#{ref < key}, #{ref = key}) for each key, as int64; `ref` sorted, `keys` best sorted too.

    One binary search per key over the distinct values of `ref` (all of it when it has no
    ties); sorted keys make the searches walk memory in order.
    """
    size = ref.shape[0]
    new_level = ref[1:] != ref[:-1]
    if new_level.all():  # no ties inside `ref`: its values are its levels
        below = np.searchsorted(ref, keys, side="left").astype(np.int64, copy=False)
        nearest = ref[np.minimum(below, size - 1)]
        return below, (nearest == keys).astype(np.int64)
    starts = np.flatnonzero(np.concatenate(([True], new_level)))
    bounds = np.append(starts, size).astype(np.int64)
    level = np.searchsorted(ref[starts], keys, side="left")
    nearest = np.minimum(level, starts.shape[0] - 1)
    tied = np.where(ref[starts[nearest]] == keys, bounds[nearest + 1] - bounds[nearest], 0)
    return bounds[level], tied


def _counts_at_most(values: np.ndarray, size: int) -> np.ndarray:
    """#{i : values_i ≤ j} for j = 0 … size − 1, for integers 0 ≤ values_i ≤ size."""
    return np.cumsum(np.bincount(values, minlength=size + 1)[:size])


def _placements_numpy(pos: np.ndarray, neg: np.ndarray):
    """:func:`_placements` by binary searches and one counting pass.

    A positive x_i is above the j-th smallest negative exactly when L_i > j, and at or
    above it when L_i + E_i > j, which gives the negatives' counts from the positives'.
    """
    m, n = pos.shape[0], neg.shape[0]
    below, tied_pos = _below_and_tied(neg, pos)
    at_most_below = _counts_at_most(below, n)  # positives x_i ≤ y_j
    at_most_level = _counts_at_most(below + tied_pos, n)  # positives x_i < y_j
    above = m - at_most_below
    tied_neg = at_most_below - at_most_level
    return below, tied_pos, above, tied_neg


def _levels_numpy(pos: np.ndarray, neg: np.ndarray):
    """:func:`levels` from each class's runs of equal scores and one binary search per run."""
    runs = []
    for group in (pos, neg):
        if group.shape[0] == 0:
            runs.append((group[:0], np.zeros(0, dtype=np.int64)))
            continue
        starts = np.flatnonzero(np.concatenate(([True], group[1:] != group[:-1])))
        runs.append((group[starts], np.diff(np.append(starts, group.shape[0])).astype(np.int64)))
    values = np.union1d(runs[0][0], runs[1][0]).astype(np.float64, copy=False)
    counts = []
    for run_values, run_counts in runs:
        at = np.zeros(values.shape[0], dtype=np.int64)
        at[np.searchsorted(values, run_values)] = run_counts
        counts.append(at)
    return values, counts[0], counts[1]


# --- primitives on the sorted classes ---------------------------------------------------------


def _placements(pos: np.ndarray, neg: np.ndarray):
    """Per-item counts of the other class, for sorted `pos` and `neg`.

    Returns ``(below, tied_pos, above, tied_neg)``: for each positive the negatives below
    it and tied with it (L, E); for each negative the positives above it and tied with it
    (A, F), all int64 in sorted order.
    """
    (below, above), (tied_pos, tied_neg) = weighted_counts(pos, neg, (1, 0), (0, 1))
    return below, tied_pos, above, tied_neg


def weighted_counts(pos: np.ndarray, neg: np.ndarray, *weights: tuple[int, int]) -> list[tuple[np.ndarray, ...]]:
    """For sorted `pos` and `neg` and each weight pair (a, b) of `weights` (small non-negative
    integers), a pair of int64 arrays in sorted order: a·L_i + b·E_i for each positive and
    a·A_j + b·F_j for each negative; one merge per pair compiled, one search in all with numpy.

    With (2, 1) these are 2n·V10 and 2m·V01; with (4, 1), four times Σ_j ψ(x_i, y_j)² and
    Σ_i ψ(x_i, y_j)² (for p̂1, p̂2).
    """
    module = _engine(pos, neg)
    if module is None:
        below, tied_pos, above, tied_neg = _placements_numpy(pos, neg)
        return [(a * below + b * tied_pos, a * above + b * tied_neg) for a, b in weights]
    pairs = []
    for a, b in weights:
        pos_counts, neg_counts = np.empty(pos.shape[0], dtype=np.int64), np.empty(neg.shape[0], dtype=np.int64)
        module.counts(pos, neg, a, b, pos_counts, neg_counts)
        pairs.append((pos_counts, neg_counts))
    return pairs


def twice_counts(pos: np.ndarray, neg: np.ndarray) -> tuple[np.ndarray, np.ndarray, int, int]:
    """``(twice_pos, twice_neg, below, tied)`` for sorted `pos` and `neg`, by one merge: 2L_i + E_i
    per positive and 2A_j + F_j per negative (int64, in sorted order: 2n·V10 and 2m·V01), and
    the exact totals ΣL = ΣA and ΣE = ΣF (Python integers), from which 2U = 2·ΣL + ΣE and
    Σ_i (4L_i + E_i) = Σ_j (4A_j + F_j) = 4·ΣL + ΣE follow without another pass."""
    module = _engine(pos, neg)
    if module is None:
        below, tied_pos, above, tied_neg = _placements_numpy(pos, neg)
        return 2 * below + tied_pos, 2 * above + tied_neg, int(below.sum()), int(tied_pos.sum())
    twice_pos, twice_neg = np.empty(pos.shape[0], dtype=np.int64), np.empty(neg.shape[0], dtype=np.int64)
    below, tied = module.counts(pos, neg, 2, 1, twice_pos, twice_neg)
    return twice_pos, twice_neg, below, tied


def exact_mean(total, count):
    """total/count as q + r/count with q, r = divmod(total, count): for exact integers, each
    term is exact in float64 and the result right to the last bit for any size
    (elementwise on arrays)."""
    return total // count + (total % count) / count


def weighted_deviations(pos: np.ndarray, neg: np.ndarray, weights: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The two arrays of :func:`weighted_counts` for one weight pair, each less the mean of
    its class (:func:`exact_mean` of the exact total), as float64: each value
    ``float64(count) − mean``, as numpy subtracts a float from an int64 array. Compiled: one
    merge writes the counts, and one pass turns them into deviations in place."""
    pos_out, neg_out, _, _ = _deviations(pos, neg, weights)
    return pos_out, neg_out


def _deviations(pos: np.ndarray, neg: np.ndarray, weights: tuple[int, int]):
    """:func:`weighted_deviations` and the merge's exact totals ΣL and ΣE."""
    module = _engine(pos, neg)
    if module is None:
        below, tied_pos, above, tied_neg = _placements_numpy(pos, neg)
        (a, b), sums = weights, (int(below.sum()), int(tied_pos.sum()))
        pos_counts, neg_counts = a * below + b * tied_pos, a * above + b * tied_neg
    else:
        pos_counts, neg_counts = np.empty(pos.shape[0], dtype=np.float64), np.empty(neg.shape[0], dtype=np.float64)
        sums = module.counts(pos, neg, weights[0], weights[1], pos_counts, neg_counts)
        return pos_counts, neg_counts, *sums
    total = weights[0] * sums[0] + weights[1] * sums[1]
    return pos_counts - exact_mean(total, pos.shape[0]), neg_counts - exact_mean(total, neg.shape[0]), *sums


def twice_deviations(pos: np.ndarray, neg: np.ndarray) -> tuple[np.ndarray, np.ndarray, int, int]:
    """``(deviations_pos, deviations_neg, below, tied)`` for sorted `pos` and `neg`, by one merge:
    2L_i + E_i and 2A_j + F_j less their class's mean 2U/m or 2U/n (:func:`weighted_deviations`
    with weights (2, 1), float64, in sorted order), and the exact totals ΣL = ΣA and ΣE = ΣF
    (Python integers), from which 2U = 2·ΣL + ΣE and Σ_i (4L_i + E_i) = Σ_j (4A_j + F_j) =
    4·ΣL + ΣE follow."""
    return _deviations(pos, neg, (2, 1))


def twice_u(pos: np.ndarray, neg: np.ndarray) -> int:
    """2U = Σ_i (2L_i + E_i) = 2mn·Â, exactly, for sorted `pos` and `neg` (nothing per item)."""
    module = _engine(pos, neg)
    if module is None:
        below, tied = _below_and_tied(neg, pos)
        return 2 * int(below.sum()) + int(tied.sum())
    below, tied = module.counts(pos, neg, 0, 0, None, None)
    return 2 * below + tied


def levels(pos: np.ndarray, neg: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(values, pos_counts, neg_counts)`` for sorted `pos` and `neg`: the distinct scores of
    both classes in increasing order (float64; −0.0 and 0.0 are one level) and the number
    of positives and of negatives at each (int64), by one merge.

    Σ_k pos_counts[k]·(2·Σ_{l<k} neg_counts[l] + neg_counts[k]) = 2U; each level is one
    step of the empirical ROC curve.
    """
    module = _engine(pos, neg)
    if module is None:
        return _levels_numpy(pos, neg)
    size = pos.shape[0] + neg.shape[0]
    values = np.empty(size, dtype=np.float64)
    pos_counts, neg_counts = np.empty(size, dtype=np.int64), np.empty(size, dtype=np.int64)
    count = module.levels(pos, neg, values, pos_counts, neg_counts)
    return values[:count].copy(), pos_counts[:count].copy(), neg_counts[:count].copy()


def _auc(pos: np.ndarray, neg: np.ndarray) -> float:
    """Â = 2U/(2mn) with 2U = Σ_i (2L_i + E_i) summed exactly; sorts `pos` and `neg` in place."""
    pos.sort()
    neg.sort()
    return twice_u(pos, neg) / (2 * pos.shape[0] * neg.shape[0])


# --- from labels and scores -------------------------------------------------------------------


def _split(values: np.ndarray, mask: np.ndarray, checked: bool) -> tuple[np.ndarray, np.ndarray]:
    """The scores of the positives and of the negatives, in order, as new float64 arrays.

    `values` and `checked` are those of :func:`_labels.unchecked_scores`: unless `checked`,
    the first float score that is NaN or infinite is refused, and integers beyond ±2^53 go to
    their exact ranks, as :func:`_labels.scores` does — found by the split itself when compiled.
    """
    module = compiled_loop()
    if module is not None and values.dtype in (np.float64, np.int64) and values.flags.c_contiguous:
        m = int(np.count_nonzero(mask))
        pos, neg = np.empty(m + 1, dtype=np.float64), np.empty(values.shape[0] - m + 1, dtype=np.float64)
        first = module.split(values, np.ascontiguousarray(mask, dtype=np.bool_), pos, neg)
        if first >= 0 and not checked:
            if values.dtype == np.float64:
                raise _labels.not_finite("scores", values[first])
            return _split(_labels.scores("scores", values), mask, True)  # integers beyond ±2^53: exact ranks
        return pos[:m], neg[:-1]
    if not checked:
        if values.dtype == np.float64:
            _labels.check_finite("scores", values)
        else:
            values = _labels.scores("scores", values)
    values = values.astype(np.float64, copy=False)
    return values[mask], values[~mask]


def groups(labels, scores, pos_label, *, minimum: int = 1, purpose: str = "") -> tuple[np.ndarray, np.ndarray]:
    """The checked scores of the positives and of the negatives, as new float64 arrays in
    the order given; each class must have at least `minimum` items (for `purpose`).

    The scores are checked before the labels, as :func:`_labels.scores` checks them; the
    search for NaN and inf (and the comparison of int64 scores with ±2^53) is made by the
    split itself, and the search made first only when the labels are refused.
    """
    try:
        values, checked = _labels.unchecked_scores("scores", scores)
    except (ValueError, TypeError):
        _labels.refuse_swapped(labels, scores)  # text labels given as the scores, say
        raise
    try:
        mask = _labels.positive_mask(labels, pos_label, length=values.shape[0], scores=scores)
        if minimum > 1:
            _labels.class_sizes(mask, minimum, purpose)
    except (ValueError, TypeError):
        if not checked and values.dtype == np.float64:
            _labels.check_finite("scores", values)  # a bad score is named before bad labels
        raise
    return _split(values, mask, checked)


def sorted_groups(labels, scores, pos_label=None, *, minimum: int = 1, purpose: str = ""):
    """``(pos, neg)``: :func:`groups`, each class sorted ascending (new float64 arrays)."""
    pos, neg = groups(labels, scores, pos_label, minimum=minimum, purpose=purpose)
    pos.sort()
    neg.sort()
    return pos, neg


def auc_from_groups(pos, neg) -> float:
    """Â from the scores of the positives and of the negatives, ties counted ½.

    >>> auc_from_groups([1, 2, 5, 6], [-2, -1, 3, 4])  # f1 of Table 1
    0.75
    >>> auc_from_groups([1, 2, 3, 4], [-2, -1, 5, 6])  # f2 of Table 1
    0.5
    >>> auc_from_groups([1, 1], [1, 0])
    0.75
    >>> auc_from_groups([2**60], [2**60 + 1, 0.5])  # integers compared exactly, with each other and with floats
    0.5
    """
    pos, neg = _labels.score_groups([("pos", pos), ("neg", neg)])
    for name, group in (("pos", pos), ("neg", neg)):
        if group.shape[0] == 0:
            raise v.fail(name, "non-empty", group)
    return _auc(pos.copy(), neg.copy())


def auc(labels, scores, *, pos_label=None, data=None, nan_policy="raise", sample_weight=None,
        weight_kind=None) -> float:
    """Â of `scores` against binary `labels`, ties counted ½ (labels first, as scikit-learn's
    ``roc_auc_score(y_true, y_score)`` and pROC's ``roc(response, predictor)``).

    Labels may be booleans, 0/1 or −1/1 (1 is positive), or any two values with
    `pos_label` naming the positive one. Integer scores are compared exactly, also beyond 2^53.
    Either may be a pandas Series, or with `data` (a DataFrame, a dict of columns) a column
    name. ``nan_policy="omit"`` drops the rows with a missing label or score (with a
    :class:`~aucbound.RowsOmittedWarning`); ``"raise"`` refuses them. An AUC below ½ draws
    a :class:`~aucbound.BelowChanceWarning`: is `pos_label` the right class?

    >>> labels = [-1, -1, -1, -1, 1, 1, 1, 1]  # Agarwal et al. 2005, Table 1
    >>> auc(labels, [-2, -1, 3, 4, 1, 2, 5, 6]), auc(labels, [-2, -1, 5, 6, 1, 2, 3, 4])
    (0.75, 0.5)
    >>> auc(["good", "poor", "good"], [0.2, 0.9, 0.4], pos_label="poor")
    1.0
    >>> auc([1, 0], [2**53 + 1, 2**53])
    1.0
    >>> auc("y", "score", data={"y": [0, 1, 1, 0], "score": [0.1, 0.8, 0.3, 0.5]})
    0.75

    `sample_weight` (an array, a Series or a column name) weighs each row, as scikit-learn's
    ``roc_auc_score(sample_weight=…)``: Â_w = Σ_i Σ_j w_i w_j ψ(x_i, y_j)/(W₊W₋). Weights are
    finite and ≥ 0 (a row of weight 0 changes nothing); a row with a missing weight is a
    missing row. Integer weights give the AUC of the rows repeated w times, to the last bit.
    `weight_kind` (``"frequency"`` refuses weights that are not whole numbers) does not change
    the estimate; it matters for variances (:func:`aucbound.delong`).

    >>> auc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], sample_weight=[1, 3, 2, 1])
    0.5
    >>> auc([0, 0, 0, 0, 1, 1, 1], [0.1, 0.4, 0.4, 0.4, 0.35, 0.35, 0.8])  # the same rows repeated
    0.5
    """
    kind_without_weights(sample_weight, weight_kind)
    labels, scores, weights = columns(("labels", labels), ("scores", scores), ("sample_weight", sample_weight),
                                      data=data, nan_policy=nan_policy)
    if weights is not None:
        from ._weights import check_kind, levels_of, weighted_rows

        kind = check_kind(weight_kind, needed=False)
        area = levels_of(weighted_rows(labels, scores, weights, pos_label, kind)).auc()
        warn_below_chance(area, pos_label)
        return area
    area = _auc(*groups(labels, scores, pos_label))
    warn_below_chance(area, pos_label)
    return area
