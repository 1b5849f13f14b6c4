r"""Case weights: the weighted AUC, its ROC curve and DeLong's variance for frequency and sampling weights.

Each row carries a weight w ≥ 0 (scikit-learn's ``sample_weight``). With W₊ = Σ_i w_i over the
positives and W₋ = Σ_j w_j over the negatives,

    Â_w = Σ_i Σ_j w_i w_j ψ(x_i, y_j) / (W₊ W₋),    ψ = 1, ½, 0 for x >, =, < y,

and the weighted placements (structural components)

    V10_i = Σ_j w_j ψ(x_i, y_j) / W₋,    V01_j = Σ_i w_i ψ(x_i, y_j) / W₊,

whose weighted means are both Â_w. A row of weight 0 changes nothing: it is dropped before
anything is counted (as scikit-learn drops it from its ROC curve).

The scores are sorted once (an argsort, labels and weights carried along); their runs of tied
scores become *levels*, each with the weight of the positives and of the negatives at it. Walking the levels upward, 2W₋·V10 of a positive at level k is
2·(weight of the negatives below) + (weight of the negatives at k), and 2W₊·V01 likewise;
2U_w = Σ_k a_k (2B_k + b_k) with a_k, b_k the two classes' weights at level k and B_k the
negatives' weight below it, so Â_w = 2U_w/(2W₊W₋).

**Precision.** Integer weights (any numeric type whose values are whole numbers, each at most
2^53, totals below 2^53) are summed in int64 and 2U_w in exact integers (Python integers when
int64 could overflow): Â_w is one correctly rounded division, the same bits as the data with
each row repeated w times, and so is every point of the ROC curve. Other weights are summed in
float64 (cumulative sums in sorted order): each sum has a relative error below N·2⁻⁵³ for N
rows, far below any statistical error.

**Two meanings of a weight** (``weight_kind``):

- ``"frequency"``: integer weights saying "this row occurred w times". Every statistic is that
  of the repeated data: m = W₊, n = W₋, and DeLong's

      S10 = Σ_i w_i (V10_i − Â)² / (W₊ − 1),   S01 = Σ_j w_j (V01_j − Â)² / (W₋ − 1),
      Var = S10/W₊ + S01/W₋,

  which is DeLong's variance of the repeated rows term for term (the w_i copies of row i share
  its placement). Non-integer weights are refused.
- ``"sampling"``: sampling or importance weights (e.g. inverse inclusion probabilities). Â_w is
  a ratio of two weighted sums; its influence function (the derivative in the weights, each
  scaled by its weight) is, for a positive and a negative,

      w_i ∂Â_w/∂w_i = w_i (V10_i − Â_w)/W₊,     w_j ∂Â_w/∂w_j = w_j (V01_j − Â_w)/W₋,

  and the sandwich (linearisation) variance, with the with-replacement correction m/(m − 1)
  of each class's m rows of positive weight, is

      Var = m/(m − 1) Σ_i w_i² (V10_i − Â_w)²/W₊² + n/(n − 1) Σ_j w_j² (V01_j − Â_w)²/W₋².

  With equal weights it is DeLong's variance exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import _validate as v
from . import _labels

__all__ = ["WEIGHT_KINDS", "WeightedLevels", "weighted_levels", "weighted_placements", "weighted_classes",
           "check_kind", "weighted_variance", "refuse_weights",
           "WeightedRows", "weighted_rows", "levels_of",
           # resampling with case weights
           "MAX_REPEATED", "repeated_classes", "ResampledLevels", "sampling_aucs", "WeightedSample"]

#: What ``weight_kind`` may be.
WEIGHT_KINDS = ("frequency", "sampling")
#: Integer weights are summed in int64 while their total stays below this.
_EXACT = 2**53


def check_kind(kind, *, needed: bool):
    """`kind` checked: one of :data:`WEIGHT_KINDS`, or None where the result does not depend on it."""
    if kind is None:
        if needed:
            raise v.ParameterError("weight_kind", "given with {sample_weight} for a variance or a bootstrap: 'frequency' (integer "
                                   "weights, rows repeated w times) or 'sampling' (sampling or importance weights)",
                                   "None", others=("sample_weight",))
        return None
    return v.choice("weight_kind", kind, WEIGHT_KINDS)


def kind_without_weights(sample_weight, weight_kind) -> None:
    """Refuse a `weight_kind` given without `sample_weight`: it says what weights mean, and a caller who
    gives it has most likely forgotten the weights themselves."""
    if sample_weight is None and weight_kind is not None:
        raise v.ParameterError("weight_kind", "None without {sample_weight} (it says what the weights mean: "
                               "give the weights too)", repr(weight_kind), others=("sample_weight",))


def refuse_weights(sample_weight, function: str) -> None:
    """Refuse case weights where the resampling does not take them (the bootstraps, the ROC bands)."""
    if sample_weight is not None:
        raise v.ParameterError("sample_weight", f"None for {function}, which is not weighted (the "
                               "weighted DeLong rows of aucbound.intervals(…, sample_weight=…, weight_kind=…) are)",
                               "weights", verb="be")


def _weights(value, length: int, kind) -> np.ndarray:
    """The weights as float64 (or int64 when they are whole numbers with a total below 2^53), checked:
    one-dimensional, as long as the scores, finite and ≥ 0; whole numbers under ``"frequency"``."""
    weights = _labels._real_array("sample_weight", value)
    if weights.shape[0] != length:
        raise v.ParameterError("sample_weight", f"as long as {{scores}} ({length})", f"{weights.shape[0]} values",
                               others=("scores",))
    finite = np.isfinite(weights)
    if not finite.all():
        raise _labels.not_finite("sample_weight", weights[int(np.argmin(finite))])
    v.check("sample_weight", weights >= 0, "≥ 0", weights)
    whole = weights == np.floor(weights)
    with np.errstate(over="ignore"):  # inf for weights near float64's largest, which weighted_rows refuses
        total = float(weights.sum())
    if whole.all() and total < _EXACT:
        return weights.astype(np.int64)
    if kind == "frequency":
        if not whole.all():
            v.check("sample_weight", whole, "whole numbers for frequency weights (each row repeated w times; "
                    "sampling weights may be any numbers ≥ 0)", weights)
        raise v.fail("sample_weight", "of a total below 2^53 for frequency weights", total)
    return weights


@dataclass(frozen=True)
class WeightedRows:
    """The rows of positive weight: their scores (float64), which are positive, their weights."""

    scores: np.ndarray
    positive: np.ndarray
    weights: np.ndarray

    def classes(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(pos, wpos, neg, wneg) in the order given."""
        negative = ~self.positive
        return (self.scores[self.positive], self.weights[self.positive], self.scores[negative],
                self.weights[negative])


def weighted_rows(labels, scores, sample_weight, pos_label, kind) -> WeightedRows:
    """The checked rows, those of weight 0 dropped; each class must keep a positive total weight."""
    values = _labels.scores("scores", scores)
    mask = _labels.positive_mask(labels, pos_label, length=values.shape[0], scores=scores)
    weights = _weights(sample_weight, values.shape[0], kind)
    kept = weights > 0
    for name, members in (("positives", mask), ("negatives", ~mask)):
        if not (members & kept).any():
            raise v.ParameterError("sample_weight", f"positive somewhere among the {name} (not all zero "
                                   "within a class)", f"a total weight of 0 over the {name}")
    for name, members in (("positives", mask), ("negatives", ~mask)):
        _check_scale(name, weights[members])
    if kept.all():
        return WeightedRows(values, np.asarray(mask, dtype=bool), weights)
    return WeightedRows(values[kept], np.asarray(mask, dtype=bool)[kept], weights[kept])


#: Each class's largest weight lies within [2^-SCALE, 2^SCALE]: then no total, product of totals or
#: square of a weight over- or underflows float64 for any number of rows below 2^250.
SCALE = 256


def _check_scale(name: str, weights: np.ndarray) -> None:
    """Refuse a class whose largest weight is beyond 2^±:data:`SCALE` (about 1.2e77 and 8.6e-78): its
    sums and squares would leave float64's range, and rescaling every weight by one number changes no
    weighted statistic, so the user can bring them into range."""
    largest = float(weights.max())
    if not 2.0**-SCALE <= largest <= 2.0**SCALE:
        raise v.ParameterError(
            "sample_weight", f"scaled so that each class's largest weight lies within 2^±{SCALE} (about 8.6e-78 to "
            "1.2e77; multiplying every weight by one number changes no weighted statistic)",
            f"{largest:g} as the largest weight of the {name}")


def weighted_classes(labels, scores, sample_weight, pos_label, kind):
    """(pos, wpos, neg, wneg): each class's scores (float64) and weights in the order given, the
    rows of weight 0 dropped; each class must keep a positive total weight."""
    return weighted_rows(labels, scores, sample_weight, pos_label, kind).classes()


@dataclass(frozen=True)
class WeightedLevels:
    """The distinct scores of both classes in increasing order (``values``) with the weight of the
    positives (``pos``) and of the negatives (``neg``) at each, and the classes' sums of squared
    weights at each (``pos_squares``, ``neg_squares``, float64; None unless asked for); int64 for integer weights."""

    values: np.ndarray
    pos: np.ndarray
    neg: np.ndarray
    pos_squares: np.ndarray
    neg_squares: np.ndarray
    pos_rows: int
    neg_rows: int
    #: The level of each row, in the order of the rows given (None unless asked for).
    row_levels: np.ndarray | None = None

    @property
    def total_pos(self):
        return self.pos.sum().item()

    @property
    def total_neg(self):
        return self.neg.sum().item()

    def twice_placements(self) -> tuple[np.ndarray, np.ndarray]:
        """(2W₋·V10, 2W₊·V01) at each level: 2·(negatives' weight below) + (negatives' weight at it),
        2·(positives' weight above) + (positives' weight at it)."""
        below = np.cumsum(self.neg) - self.neg
        above = self.total_pos - np.cumsum(self.pos)
        return 2 * below + self.neg, 2 * above + self.pos

    def twice_u(self, twice_pos: np.ndarray):
        """2U_w = Σ_k a_k·(2B_k + b_k): exact (a Python integer) for integer weights, else float."""
        if self.pos.dtype.kind == "f":
            return float(np.dot(self.pos, twice_pos))
        if 2 * self.total_pos * self.total_neg < 2**63:
            return int(np.dot(self.pos, twice_pos))
        return int(np.dot(self.pos.astype(object), twice_pos.astype(object)))

    def auc(self) -> float:
        twice_u = self.twice_u(self.twice_placements()[0])
        return _ratio(twice_u, 2 * self.total_pos * self.total_neg)


def _ratio(a, b) -> float:
    """a/b: correctly rounded for Python integers of any size, float division otherwise."""
    return a / b


def weighted_levels(pos: np.ndarray, wpos: np.ndarray, neg: np.ndarray, wneg: np.ndarray, *,
                    squares: bool = False, row_levels: bool = False) -> WeightedLevels:
    """:class:`WeightedLevels` of two classes (scores and weights, any order, weights > 0); with
    `row_levels`, the level of each positive then each negative."""
    positive = np.zeros(pos.shape[0] + neg.shape[0], dtype=bool)
    positive[:pos.shape[0]] = True
    rows = WeightedRows(np.concatenate((pos, neg)), positive, np.concatenate((wpos, wneg)))
    return levels_of(rows, squares=squares, row_levels=row_levels)


def levels_of(rows: WeightedRows, *, squares: bool = False, row_levels: bool = False) -> WeightedLevels:
    """:class:`WeightedLevels` of the rows, by one argsort of their scores (not stable: the rows of a
    level are summed whatever their order); the sums of squared weights at each level only when
    `squares` is asked for (else None), the level of each row only when `row_levels` is."""
    order = np.argsort(rows.scores)
    signed = np.where(rows.positive, rows.weights, -rows.weights)  # weights > 0: the sign carries the class
    scores, signed = np.sort(rows.scores), signed[order]  # a sort is cheaper than a gather of the scores
    starts = np.flatnonzero(np.concatenate(([True], scores[1:] != scores[:-1])))
    zero = signed.dtype.type(0)
    pos_weights = np.maximum(signed, zero)
    pos_at = np.add.reduceat(pos_weights, starts)
    neg_at = np.add.reduceat(pos_weights - signed, starts)
    pos_squares = neg_squares = None
    if squares:
        pos_squares = np.add.reduceat(pos_weights.astype(np.float64) ** 2, starts)
        neg_squares = np.add.reduceat((pos_weights - signed).astype(np.float64) ** 2, starts)
    m = int(np.count_nonzero(rows.positive))
    at = None
    if row_levels:  # each sorted row's level, scattered back to the rows' order
        at = np.empty(order.shape[0], dtype=np.intp)
        at[order] = np.cumsum(np.concatenate(([False], scores[1:] != scores[:-1])))
    return WeightedLevels(scores[starts], pos_at, neg_at, pos_squares, neg_squares, m, rows.scores.shape[0] - m, at)


def weighted_placements(pos, wpos, neg, wneg) -> tuple[np.ndarray, np.ndarray, float]:
    """(V10, V01, Â_w): the weighted placement of each positive and of each negative, in the
    order given, and the weighted AUC — what a comparison of two scorers on the same weighted
    cases reads (its covariance is the sum over rows of products of these components).

    >>> v10, v01, area = weighted_placements(np.array([1.0, 3.0]), np.array([1, 2]), np.array([2.0]), np.array([1]))
    >>> v10.tolist(), v01.tolist(), area
    ([0.0, 1.0], [0.6666666666666666], 0.6666666666666666)
    """
    levels = weighted_levels(pos, wpos, neg, wneg, row_levels=True)
    twice_pos, twice_neg = levels.twice_placements()
    at_pos, at_neg = levels.row_levels[:pos.shape[0]], levels.row_levels[pos.shape[0]:]
    return (twice_pos[at_pos] / (2.0 * levels.total_neg), twice_neg[at_neg] / (2.0 * levels.total_pos),
            levels.auc())


@dataclass(frozen=True)
class WeightedStatistics:
    """Â_w, the variance and its two parts for one kind of weights (see the module docstring).

    ``m`` and ``n`` are W₊ and W₋ for frequency weights, the rows of positive weight for sampling
    weights; ``variance = s10/m + s01/n`` either way. p̂1, p̂2 (the repeated data's U-statistics)
    for frequency weights only."""

    kind: str
    m: object
    n: object
    auc: float
    s10: float | None
    s01: float | None
    p1: float | None
    p2: float | None

    @property
    def variance(self) -> float | None:
        return None if self.s10 is None or self.s01 is None else self.s10 / self.m + self.s01 / self.n


def _frequency_part(at: np.ndarray, twice: np.ndarray, twice_u: int, total: int, scale: int):
    """Σ_k at_k·(twice_k − 2U/total)²/scale²/(total − 1): S10 (or S01) of the repeated data."""
    if total < 2:
        return None
    whole, part = divmod(twice_u, total)  # the mean 2U/total as whole + part/total: exact integers less one fraction
    deviations = (twice - whole) - part / total
    return float(np.dot(at, deviations * deviations)) / (scale * scale) / (total - 1)


def _lehmann(at: np.ndarray, twice: np.ndarray, squares: np.ndarray, count: int, others: int):
    """p̂ of the repeated data: Σ_k at_k·(twice_k² − squares_k)/(4·count·others·(others − 1))."""
    if others < 2:
        return None
    twice = twice.astype(np.float64)
    if 4 * count * others >= 2**63:  # Σ at·squares ≤ 4·count·others: Python integers beyond int64
        at, squares = at.astype(object), squares.astype(object)
    return (float(np.dot(at.astype(np.float64), twice * twice)) - int(np.dot(at, squares))) / (
        4.0 * count * others * (others - 1))


def _sampling_part(squares: np.ndarray, twice: np.ndarray, twice_u, total, scale, rows: int):
    """rows²/(rows − 1)·Σ_k (Σ w² at k)·(V_k − Â)²/total²: the sandwich part times `rows`."""
    if rows < 2:
        return None
    deviations = (twice - twice_u / total) / scale
    return rows * rows / (rows - 1) * float(np.dot(squares, deviations * deviations)) / (total * total)


def weighted_variance(levels: WeightedLevels, kind: str) -> WeightedStatistics:
    """:class:`WeightedStatistics` of the levels for weights of `kind`."""
    twice_pos, twice_neg = levels.twice_placements()
    twice_u = levels.twice_u(twice_pos)
    total_pos, total_neg = levels.total_pos, levels.total_neg
    area = _ratio(twice_u, 2 * total_pos * total_neg)
    if kind == "frequency":
        below, above = (twice_pos - levels.neg) // 2, (twice_neg - levels.pos) // 2
        s10 = _frequency_part(levels.pos, twice_pos, twice_u, total_pos, 2 * total_neg)
        s01 = _frequency_part(levels.neg, twice_neg, twice_u, total_neg, 2 * total_pos)
        p2 = _lehmann(levels.pos, twice_pos, 4 * below + levels.neg, total_pos, total_neg)
        p1 = _lehmann(levels.neg, twice_neg, 4 * above + levels.pos, total_neg, total_pos)
        return WeightedStatistics(kind, total_pos, total_neg, area, s10, s01, p1, p2)
    m, n = levels.pos_rows, levels.neg_rows
    s10 = _sampling_part(levels.pos_squares, twice_pos, twice_u, total_pos, 2.0 * total_neg, m)
    s01 = _sampling_part(levels.neg_squares, twice_neg, twice_u, total_neg, 2.0 * total_pos, n)
    return WeightedStatistics(kind, m, n, area, s10, s01, None, None)


def rows_per_class(kind: str) -> str:
    """What m and n count under `kind`."""
    return "W₊ and W₋, the total weights" if kind == "frequency" else "rows of positive weight"


# --- Resampling with case weights: the bootstrap and the ROC bands -----------------------------------------
#
# Frequency weights: the bootstrap of the repeated rows, exactly — each class's rows are repeated w times
# (np.repeat) and the unweighted machinery runs on them, so that every resample is the one the repeated data
# would draw with the same seed. Sampling weights: each resample draws m rows from the m positives and n from
# the n negatives (the rows of positive weight, in the order given), with replacement, each drawn row carrying
# its weight, and the statistic is the weighted one of the resample (Efron & Tibshirani 1993, §6 and §13 for
# the stratified bootstrap; the weighted rows are resampled as units, as a with-replacement design's
# bootstrap does, Rao & Wu 1988).

#: The most total weight the bootstrap of frequency weights expands into repeated rows (held in memory).
MAX_REPEATED = 10**8


def repeated_classes(rows: WeightedRows) -> tuple[np.ndarray, np.ndarray]:
    """(pos, neg): each class's scores with each row repeated w times (frequency weights, int64),
    refused beyond :data:`MAX_REPEATED` rows in all.

    >>> rows = weighted_rows([0, 1, 1], [0.2, 0.5, 0.9], [2, 0, 3], None, "frequency")
    >>> [part.tolist() for part in repeated_classes(rows)]
    [[0.9, 0.9, 0.9], [0.2, 0.2]]
    """
    total = int(rows.weights.sum())
    if total > MAX_REPEATED:
        raise v.ParameterError("sample_weight", f"of a total at most {MAX_REPEATED:,} for the bootstrap of "
                               "frequency weights (it resamples the repeated rows, held in memory)",
                               f"a total of {total:,}")
    pos, wpos, neg, wneg = rows.classes()
    return np.repeat(pos, wpos), np.repeat(neg, wneg)


class ResampledLevels:
    """The rows of each class (rows of positive weight, in the order given) placed on the levels of
    their distinct scores, so that a resample's weighted AUC is two weighted bincounts and a pass
    along the levels (:meth:`WeightedLevels.auc`)."""

    def __init__(self, rows: WeightedRows):
        pos, wpos, neg, wneg = rows.classes()
        self.values = np.unique(rows.scores)
        self.pos_level, self.neg_level = np.searchsorted(self.values, pos), np.searchsorted(self.values, neg)
        self.wpos, self.wneg = wpos.astype(np.float64), wneg.astype(np.float64)
        self.m, self.n = pos.shape[0], neg.shape[0]

    def levels(self, drawn_neg: np.ndarray, drawn_pos: np.ndarray) -> WeightedLevels:
        """The :class:`WeightedLevels` of the resample of the rows at `drawn_pos` and `drawn_neg`."""
        size = self.values.shape[0]
        pos_at = np.bincount(self.pos_level[drawn_pos], weights=self.wpos[drawn_pos], minlength=size)
        neg_at = np.bincount(self.neg_level[drawn_neg], weights=self.wneg[drawn_neg], minlength=size)
        return WeightedLevels(self.values, pos_at, neg_at, None, None, self.m, self.n)

    def auc(self, drawn_neg: np.ndarray, drawn_pos: np.ndarray) -> float:
        """Â_w of the resample."""
        return self.levels(drawn_neg, drawn_pos).auc()


def check_weighted_resamples(resamples: int, m: int, n: int, per_item: int = 1) -> int:
    """`resamples` (checked already as a count) against the bootstrap's work limit: resamples × (m + n)
    items drawn, each costing `per_item` times one of the unweighted loop, at most ``MAX_WORK``."""
    from ._resampling import MAX_WORK

    v.at_most("labels", max(m, n), 2**32 - 2, why=" rows in the larger class, for the bootstrap")
    return v.at_most("resamples", resamples, max(1, MAX_WORK // (per_item * (m + n))),
                     why=f" for m + n = {m + n:,} weighted rows (the bootstrap's work limit)")


#: A weighted resample's AUC costs about this many times an item of the compiled unweighted loop
#: (two weighted bincounts and a pass over the levels in numpy).
WEIGHTED_COST = 10


def sampling_aucs(rows: WeightedRows, resamples: int, seed, *, workers: int = -1, progress=None) -> np.ndarray:
    """Â_w of each of `resamples` stratified resamples of the weighted rows (sampling weights): the
    negatives' indices drawn first, then the positives', by :func:`~._resampling.map_strata` (one
    seed, the same values with any number of threads)."""
    from ._resampling import map_strata

    resampled = ResampledLevels(rows)
    resamples = check_weighted_resamples(resamples, resampled.m, resampled.n, WEIGHTED_COST)
    return np.fromiter(map_strata(resampled.auc, (resampled.n, resampled.m), resamples, seed, workers=workers,
                                  progress=progress), dtype=np.float64, count=resamples)


class WeightedSample:
    """What the bootstrap rows read (as :class:`~._sample.Sample` does) for sampling weights: ``m``, ``n``
    the rows of positive weight, ``auc`` Â_w, :meth:`resampled_aucs` and :meth:`components`."""

    def __init__(self, rows: WeightedRows, *, resamples: int | None = None, seed=0, workers: int = -1,
                 progress=None):
        self.rows = rows
        self.m = int(np.count_nonzero(rows.positive))
        self.n = rows.positive.shape[0] - self.m
        self.auc = levels_of(rows).auc()
        self.resamples, self.seed, self.workers, self.progress = resamples, seed, workers, progress
        self._resampled = None

    def resampled_aucs(self) -> np.ndarray:
        if self._resampled is None:
            self._resampled = sampling_aucs(self.rows, self.resamples, self.seed, workers=self.workers,
                                            progress=self.progress)
        return self._resampled

    def components(self) -> tuple[np.ndarray, np.ndarray]:
        """Â + m·w_i(V10_i − Â)/W₊ and Â + n·w_j(V01_j − Â)/W₋: the components whose deviations from Â,
        over m (n), are the rows' influence values w_i(V10_i − Â)/W₊ (w_j(V01_j − Â)/W₋), the
        derivatives of Â_w in each weight scaled by it — BCa's jackknife acceleration reads them
        (with equal weights they are DeLong's components)."""
        pos, wpos, neg, wneg = self.rows.classes()
        v10, v01, area = weighted_placements(pos, wpos, neg, wneg)
        wpos, wneg = wpos.astype(np.float64), wneg.astype(np.float64)
        return (area + self.m * wpos * (v10 - area) / wpos.sum(), area + self.n * wneg * (v01 - area) / wneg.sum())

    def row(self, spec, delta: float):
        """The bootstrap row of the registered method `spec` at confidence 1 − δ."""
        from ..bounds import interval_row

        lo, hi = spec.data(self, delta)
        return interval_row(spec, self.m, self.n, delta, self.auc, lo, hi)
