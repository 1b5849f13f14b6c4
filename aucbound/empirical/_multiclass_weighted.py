r"""The multiclass AUC with case weights: weighted components and their DeLong-type covariance.

Each case x carries a weight w_x ≥ 0; W_r is the total weight of class r (cases of weight 0
are dropped first; every class must keep a positive total). Every component is the weighted
AUC of its two classes (:func:`._weights.weighted_placements`),

    Â_w(i|j) = Σ_{x ∈ i} Σ_{y ∈ j} w_x w_y ψ(s_i(x), s_i(y)) / (W_i W_j),

with the weighted placements V_c(x) of each case, whose weighted mean over the cases of
either class is Â_c. The averages are those of the unweighted multiclass AUC with the class
sizes n_r replaced by the class totals W_r: a one-vs-rest AUC is the weighted AUC of class i
against the rest, Σ_{j≠i} W_j/(W − W_i)·Â_w(i|j), and its prevalence weight W_i/W (as
scikit-learn's ``roc_auc_score(multi_class="ovr", average="weighted", sample_weight=…)``);
a pair's prevalence weight is (W_i + W_j)/((k − 1)W).

The covariance of the components, class r contributing for each two components c, d it
takes part in:

- frequency weights (whole numbers, each row repeated w times): the DeLong-type covariance of
  the repeated data, Σ_{x ∈ r} w_x (V_c(x) − Â_c)(V_d(x) − Â_d) / (W_r (W_r − 1)) — the w_x
  copies of x share its placements, and the repeated class has W_r cases; formed, as the
  unweighted one is, from exact integer moments of the counts 2·W_q·V_c(x), so that it is the
  repeated rows' to the last bit;
- sampling weights: the sandwich, n_r/(n_r − 1)·Σ_{x ∈ r} w_x² (V_c(x) − Â_c)(V_d(x) − Â_d) / W_r²,
  n_r the cases of positive weight: each case's influence on Â_c is w_x (V_c(x) − Â_c)/W_r, the
  derivative of Â_c = Σ Σ w_x w_y ψ/(W_p W_q) in w_x times w_x, and n_r/(n_r − 1) the
  with-replacement correction. With equal weights both are the unweighted covariance.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .. import _validate as v
from ._multiclass_stats import Statistics, _check_kind, _weights, components, exact_products, parts
from ._weights import weighted_levels, weighted_placements

__all__ = ["WeightedClassStatistics"]


#: 2·W_q·V, twice a placement, is an integer recovered exactly from V (a correctly rounded quotient) while it is
#: at most 2^50: V·2W_q is then within 2·2^-53·2^50 = ¼ of it.
_RECOVERABLE = 2**50
#: Weights × counts must stay in int64 for the exact weighted sums of products.
_PRODUCTS = 2**62


@dataclass(frozen=True)
class WeightedClassCounts:
    """Class r's cases under frequency weights, as :class:`._multiclass_stats.ClassCounts` holds them
    unweighted: ``counts`` (int64, cases × columns) twice each case's placement, 2·W_other·V_c(x), one
    column per entry of ``members`` (component index, scale = 2·W_other); ``weights`` the cases' weights."""

    counts: np.ndarray
    weights: np.ndarray
    members: tuple[tuple[int, int], ...]

    @functools.cached_property
    def moments(self) -> np.ndarray:
        """W·Σ w t_c t_d − Σ w t_c · Σ w t_d over the class's cases (W = Σ w): the repeated rows' moments,
        exact integers."""
        sums = exact_products(self.weights[:, None], self.counts)[0]
        return int(self.weights.sum()) * exact_products(self.counts * self.weights[:, None], self.counts) - np.outer(sums, sums)


def _unsorted(values: np.ndarray, order: np.ndarray) -> np.ndarray:
    """`values` given in the order `order`, put back in the original order."""
    found = np.empty_like(values)
    found[order] = values
    return found


class WeightedClassStatistics(Statistics):
    """The weighted components of one data set and the statistics built on them (what the intervals
    read of :class:`._multiclass_stats.Statistics`).

    ``sizes`` are the class totals W_r for frequency weights (the repeated data's class sizes),
    the cases of positive weight for sampling weights; ``totals`` the class totals either way.
    Under frequency weights whose counts stay in range, ``classes`` holds each class's
    :class:`WeightedClassCounts` and the covariance is that of :class:`Statistics`, read from the
    repeated rows' exact moments (each entry rounded once, as for the rows repeated); otherwise
    (sampling weights, or counts beyond the range) it is summed in float64.
    """

    def __init__(self, data, kind: str, average: str, weight_kind: str):
        _check_kind(kind, average, data.univariate)
        self.kind, self.average, self.weight_kind = kind, average, weight_kind
        self.comps = components(data.k, data.univariate)
        self._split(data)
        self.parts = parts(kind, average, tuple(Fraction(t) for t in self.totals), self.comps)
        self.weights = _weights(self.parts, len(self.comps))
        self._place()

    def _split(self, data) -> None:
        """Each class's scores (per column) and weights, the cases of weight 0 dropped. Real weights are
        divided by their class's largest (each component and the sandwich are the same for a class's
        weights scaled alike), so that no sum of them, or of their squares, overflows or underflows;
        the class totals W_r (for the prevalence weights) are kept exactly, as fractions."""
        self.pieces, self.case_weights, totals = [], [], []
        for value, cases in zip(data.classes, data.indices()):
            kept = cases[data.weights[cases] > 0]
            if kept.shape[0] == 0:
                raise v.ParameterError("sample_weight", "positive somewhere in every class (not all zero within a "
                                       "class)", f"a total weight of 0 over class {v.printable(repr(value), 40)}")
            self.pieces.append([column[kept] for column in data.columns])
            weights = data.weights[kept]
            if weights.dtype.kind == "f":
                largest = weights.max()
                weights = weights / largest
                totals.append(Fraction(float(largest)) * Fraction(weights.sum().item()))
            else:
                totals.append(weights.sum().item())
            self.case_weights.append(weights)
        self.totals = tuple(totals)
        self.sums = tuple(w.sum().item() for w in self.case_weights)  # the totals of the scaled weights
        self.rows = tuple(w.shape[0] for w in self.case_weights)
        self.sizes = self.totals if self.weight_kind == "frequency" else self.rows

    def _sorted(self, r: int, s: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(order, scores, weights): class r's cases in increasing order of column s (sorted queries make
        the placements' look-ups cache-friendly, several times faster on large classes)."""
        key = (r, s)
        if key not in self._orders:
            order = np.argsort(self.pieces[r][s])
            self._orders[key] = (order, self.pieces[r][s][order], self.case_weights[r][order])
        return self._orders[key]

    def _place(self) -> None:
        """Every component's weighted AUC (exact for integer weights) and each case's placements in it,
        in the order of the class's cases."""
        exact = all(w.dtype.kind in "iu" for w in self.case_weights)
        counted = exact and self.weight_kind == "frequency" and 2 * max(self.sums) <= _RECOVERABLE and \
            2 * max(self.sums) * max(int(w.max()) for w in self.case_weights) < _PRODUCTS
        self.aucs, self.placements, self._orders = [], [[] for _ in self.totals], {}
        columns = [[] for _ in self.totals]
        for c, comp in enumerate(self.comps):
            p, q, s = comp.positive, comp.negative, comp.column
            (order_p, pos, wpos), (order_q, neg, wneg) = self._sorted(p, s), self._sorted(q, s)
            v10, v01, area = weighted_placements(pos, wpos, neg, wneg)
            v10, v01 = _unsorted(v10, order_p), _unsorted(v01, order_q)
            if counted:  # twice the placements as the integers they are: 2U_w and the moments exactly
                t10, t01 = (np.rint(v10 * (2 * self.sums[q])).astype(np.int64),
                            np.rint(v01 * (2 * self.sums[p])).astype(np.int64))
                twice_u = int(exact_products(self.case_weights[p][:, None], t10[:, None])[0, 0])
                area = Fraction(twice_u, 2 * self.sums[p] * self.sums[q])
                columns[p].append((c, 2 * self.sums[q], t10))
                columns[q].append((c, 2 * self.sums[p], t01))
            elif exact:  # 2U_w exactly, as the repeated data's
                levels = weighted_levels(pos, wpos, neg, wneg)
                area = Fraction(levels.twice_u(levels.twice_placements()[0]), 2 * self.sums[p] * self.sums[q])
            self.aucs.append(Fraction(area))
            self.placements[p].append((c, v10))
            self.placements[q].append((c, v01))
        del self._orders
        self.classes = None
        if counted:
            self.classes = [WeightedClassCounts(np.column_stack([t for _, _, t in found]), weights,
                                                tuple((c, scale) for c, scale, _ in found))
                            for found, weights in zip(columns, self.case_weights)]

    # --- values ---

    def component_auc(self, c: int) -> Fraction:
        return self.aucs[c]

    def combination(self, coefficients: dict) -> Fraction:
        """Σ_c coefficient_c·Â_c (exact in the components' values)."""
        return sum((w * self.aucs[c] for c, w in coefficients.items()), Fraction(0))

    @property
    def estimate(self) -> Fraction:
        return self.combination(dict(enumerate(self.weights)))

    def influence(self):
        raise NotImplementedError("with weights, the bootstrap draws from the rows repeated w times")

    # --- the covariance ---

    @property
    def defined(self) -> bool:
        """Every class has a total weight of 2 or more (frequency), or two cases of positive weight (sampling)."""
        return min(self.sizes) >= 2

    def _class_covariance(self, r: int) -> tuple[list[int], np.ndarray]:
        """(the components class r takes part in, their covariance through class r's cases)."""
        found = self.placements[r]
        deviations = np.column_stack([placement - float(self.aucs[c]) for c, placement in found])
        weights, total = self.case_weights[r].astype(np.float64), float(self.sums[r])
        if self.weight_kind == "frequency":
            scale, factor = weights, 1.0 / (total * (total - 1.0))
        else:
            rows = self.rows[r]
            scale, factor = weights * weights, rows / (rows - 1.0) / (total * total)
        return [c for c, _ in found], factor * (deviations.T @ (deviations * scale[:, None]))

    @functools.cached_property
    def _matrix(self) -> np.ndarray | None:
        if not self.defined:
            return None
        matrix = np.zeros((len(self.comps), len(self.comps)))
        for r in range(len(self.totals)):
            members, block = self._class_covariance(r)
            matrix[np.ix_(members, members)] += block
        return matrix

    def covariance(self) -> np.ndarray | None:
        """The K × K covariance matrix of the components (float64), or None when undefined."""
        if self.classes is not None:
            return super().covariance()
        return None if self._matrix is None else self._matrix.copy()

    def variance(self, coefficients: dict):
        """The variance of Σ_c coefficient_c·Â_c (None when undefined): exact (a Fraction) from the counts,
        else float."""
        if self.classes is not None:
            return super().variance(coefficients)
        matrix = self._matrix
        if matrix is None:
            return None
        a = np.zeros(len(self.comps))
        for c, coefficient in coefficients.items():
            a[c] = float(coefficient)
        return max(float(a @ matrix @ a), 0.0)
