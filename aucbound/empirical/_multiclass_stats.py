"""The multiclass AUC — Hand & Till's M, one-vs-rest and one-vs-one averages — and its DeLong-type variance.

**The components.** With k classes and a score column per class, Hand & Till (2001, Machine
Learning 45, 171–186) write Â(i|j) for the probability that a case of class i scores higher
in column i than a case of class j, ties counted ½:

    Â(i|j) = (1/(n_i n_j)) Σ_{x ∈ i} Σ_{y ∈ j} ψ(s_i(x), s_i(y)),   ψ = 1, ½, 0 for >, =, <.

Each is a two-sample U-statistic between classes i and j; there are k(k − 1) of them (the
*components*). Every multiclass AUC here is a weighted sum Σ_c w_c·Â_c of them, the weights
fixed by the class sizes n_1 … n_k (N in all):

- Hand & Till's M = (2/(k(k − 1))) Σ_{i<j} Â_ij with Â_ij = (Â(i|j) + Â(j|i))/2 — pROC's
  ``multiclass.roc`` with a matrix of class scores, and scikit-learn's one-vs-one macro average;
- one-vs-one, prevalence-weighted (scikit-learn): Σ_{i<j} (n_i + n_j)/((k − 1)N) · Â_ij;
- one-vs-rest: class i against all the others in column i is Σ_{j≠i} n_j/(N − n_i) · Â(i|j),
  averaged over the classes plainly (macro) or by prevalence n_i/N (weighted; Provost &
  Domingos 2000);
- one score column for all classes (pROC's vector predictor with ``direction = "<"``): the
  components are Â(j > i), a case of class j scoring above one of class i, for i < j in the
  classes' order, and M their plain mean.

**The DeLong-type covariance.** Every case x of class r has, in each component c that class r
takes part in, a structural component (DeLong, DeLong & Clarke-Pearson 1988): its placement
among the other class of c, V_c(x) = (1/n_q) Σ_{y ∈ q} ψ(…) when r is c's first class and q
its second, and likewise with the classes' roles exchanged. With the cases of each class
independent and identically distributed and the classes independent of one another (the
class sizes fixed), the first-order (Hájek) projection of Â_c is Σ_r (1/n_r) Σ_{x ∈ r}
(V_c(x) − θ_c), summed over c's two classes; so

    Cov(Â_c, Â_d) ≈ Σ_r (1/n_r) Cov_r(V_c, V_d),

the sum running over the classes r that both c and d touch, and Cov_r the covariance over
the cases of class r — estimated, as DeLong et al. do for two classes, by the sample
covariance (divisor n_r − 1) of the components of class r's cases. The variance of any
weighted sum follows as wᵀΣw. 2n_q·V_c(x) is an exact integer (twice a count of cases below
plus one per tie), so every sum of these counts, of their squares and of their products is
an exact integer: the covariances are formed from them in exact rational arithmetic and
rounded once. For k = 2 (and one column the negation of the other) M is the two-class AUC
and its variance DeLong's.

Work: the counts of each component come from one keyed sort of its two classes' scores
(:func:`._delong.counts_in_order`), 2(k − 1)·N items sorted in all, with O(N·k) memory.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

import numpy as np

from .. import _validate as v
from ._auc import twice_u
from ._compare import _exact_sum
from ._delong import counts_in_order

__all__ = ["AVERAGES", "KINDS", "Component", "Part", "Statistics", "components", "parts", "point_estimate"]

#: What a multiclass AUC may be: Hand & Till's M, one-vs-rest, one-vs-one.
KINDS = ("hand-till", "ovr", "ovo")
#: How the pairs or classes are averaged: plainly, or weighted by prevalence.
AVERAGES = ("macro", "weighted")


@dataclass(frozen=True)
class Component:
    """Â(positive|negative) in score column `column` (class indices): the share of pairs of a
    `positive` and a `negative` case in which the positive case scores higher, ties ½."""

    positive: int
    negative: int
    column: int


def components(k: int, univariate: bool) -> list[Component]:
    """The components of k classes: Â(i|j) then Â(j|i) for each pair i < j, each in its first
    class's column; with one column, Â(j > i) for each pair i < j.

    >>> [(c.positive, c.negative, c.column) for c in components(3, False)][:4]
    [(0, 1, 0), (1, 0, 1), (0, 2, 0), (2, 0, 2)]
    >>> [(c.positive, c.negative) for c in components(3, True)]
    [(1, 0), (2, 0), (2, 1)]
    """
    if univariate:
        return [Component(j, i, 0) for i, j in combinations(range(k), 2)]
    return [c for i, j in combinations(range(k), 2) for c in (Component(i, j, i), Component(j, i, j))]


@dataclass(frozen=True)
class Part:
    """One AUC of the average: `coefficients` (component index → its coefficient) sum to 1, and
    `weight` is the part's weight in the estimate. `classes` are the class indices it is about."""

    classes: tuple[int, ...]
    coefficients: dict
    weight: Fraction


def _check_kind(kind: str, average: str, univariate: bool) -> None:
    v.choice("kind", kind, KINDS)
    v.choice("average", average, AVERAGES)
    if kind == "hand-till" and average != "macro":
        raise v.ParameterError("average", "'macro' for kind='hand-till' (Hand & Till's M is the plain mean of the "
                               "pairs; kind='ovo' with average='weighted' weights them by prevalence)", repr(average))
    if univariate and kind != "hand-till":
        raise v.ParameterError("kind", "'hand-till' for a single score column (one-vs-rest and one-vs-one need a "
                               "score column per class)", repr(kind))


def parts(kind: str, average: str, sizes: tuple[int, ...], comps: list[Component]) -> list[Part]:
    """The AUCs averaged — a pair's Â_ij, or a class's one-vs-rest AUC — as combinations of the components.

    >>> [(p.classes, p.weight) for p in parts("ovo", "weighted", (1, 2, 3), components(3, False))]
    [((0, 1), Fraction(1, 4)), ((0, 2), Fraction(1, 3)), ((1, 2), Fraction(5, 12))]
    """
    k, total = len(sizes), sum(sizes)
    index = {(c.positive, c.negative): position for position, c in enumerate(comps)}
    if kind == "ovr":
        found = []
        for i in range(k):
            rest = total - sizes[i]
            weight = Fraction(1, k) if average == "macro" else Fraction(sizes[i], total)
            found.append(Part((i,), {index[i, j]: Fraction(sizes[j], rest) for j in range(k) if j != i}, weight))
        return found
    pairs = list(combinations(range(k), 2))
    found = []
    for i, j in pairs:
        if average == "macro":
            weight = Fraction(1, len(pairs))
        else:  # scikit-learn's prevalence of the pair, (n_i + n_j)/N, normalised: the pairs' sum is (k − 1)N
            weight = Fraction(sizes[i] + sizes[j], (k - 1) * total)
        members = [index[key] for key in ((i, j), (j, i)) if key in index]
        found.append(Part((i, j), {c: Fraction(1, len(members)) for c in members}, weight))
    return found


def _weights(found: list[Part], count: int) -> list[Fraction]:
    """Each component's weight in the estimate: Σ over the parts of part weight × coefficient."""
    weights = [Fraction(0)] * count
    for part in found:
        for c, coefficient in part.coefficients.items():
            weights[c] += part.weight * coefficient
    return weights


def _pieces(data) -> list[list[np.ndarray | None]]:
    """pieces[r][s]: the scores in column s of class r's cases, in the order given (float64, contiguous)."""
    return [[column[cases] for column in data.columns] for cases in data.indices()]


def point_estimate(data, kind: str, average: str) -> float:
    """The multiclass AUC alone: each class's scores sorted in each column, one merge per component."""
    _check_kind(kind, average, data.univariate)
    comps = components(data.k, data.univariate)
    pieces = _pieces(data)
    for row in pieces:
        for piece in row:
            piece.sort()
    twice = [twice_u(pieces[c.positive][c.column], pieces[c.negative][c.column]) for c in comps]
    weights = _weights(parts(kind, average, data.sizes, comps), len(comps))
    return float(sum(w * Fraction(t, 2 * data.sizes[c.positive] * data.sizes[c.negative])
                     for w, t, c in zip(weights, twice, comps)))


# --- exact sums of products ----------------------------------------------------------------------

#: The largest product of two counts a block of rows multiplies in float64 before the counts are split in halves.
_SPLIT = 1 << 40


def exact_products(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """aᵀb for int64 matrices of non-negative counts (rows × p, rows × q), exactly, as Python integers
    (an object array).

    In float64, by blocks of rows short enough that every partial sum stays below 2^53: each
    product and each sum of the block is then an exact integer, whatever order the matrix
    product adds in. Counts whose products pass 2^40 are split into high and low halves first.

    >>> a = np.array([[2**30, 1], [3, 2**31]], dtype=np.int64)
    >>> exact_products(a, a).tolist() == (np.array(a, dtype=object).T @ np.array(a, dtype=object)).tolist()
    True
    """
    top_a, top_b = int(a.max(initial=0)), int(b.max(initial=0))
    if top_a * top_b > _SPLIT:
        if top_a >= top_b:
            half = top_a.bit_length() // 2
            return (exact_products(a >> half, b) << half) + exact_products(a & ((1 << half) - 1), b)
        return exact_products(b, a).T
    step = max(1, (1 << 53) // max(1, top_a * top_b))
    total = np.zeros((a.shape[1], b.shape[1]), dtype=object)
    for start in range(0, a.shape[0], step):
        block_a = a[start:start + step].astype(np.float64)
        block_b = b[start:start + step].astype(np.float64)
        total += (block_a.T @ block_b).astype(np.int64).astype(object)
    return total


# --- the counts and the covariance ---------------------------------------------------------------


@dataclass(frozen=True)
class ClassCounts:
    """Class r's cases in every component it takes part in: ``counts`` (int64, cases × columns, in
    the order of the class's cases) holds twice each case's placement, 2·n_other·V_c(x), one
    column per entry of ``members`` (component index, scale = 2·n_other)."""

    counts: np.ndarray
    members: tuple[tuple[int, int], ...]

    @functools.cached_property
    def moments(self) -> np.ndarray:
        """n·Σ t_c t_d − Σ t_c · Σ t_d over the class's cases, for each pair of its columns: exact integers."""
        sums = np.array([_exact_sum(self.counts[:, j]) for j in range(self.counts.shape[1])], dtype=object)
        return self.counts.shape[0] * exact_products(self.counts, self.counts) - np.outer(sums, sums)


def _lcm(values) -> int:
    return functools.reduce(lambda a, b: a * b // math.gcd(a, b), values, 1)


class Statistics:
    """The components of one data set, their exact counts, and every statistic built on them.

    ``twice_u[c]`` is 2·n_p·n_q·Â_c exactly; ``classes[r]`` the :class:`ClassCounts` of class r.
    """

    def __init__(self, data, kind: str, average: str):
        _check_kind(kind, average, data.univariate)
        self.data, self.kind, self.average = data, kind, average
        self.sizes = data.sizes
        self.comps = components(data.k, data.univariate)
        self.parts = parts(kind, average, data.sizes, self.comps)
        self.weights = _weights(self.parts, len(self.comps))
        self.pieces = _pieces(data)
        self._count()

    def _count(self) -> None:
        """Twice every case's placement in every component (one keyed sort per component)."""
        sizes, pieces = self.sizes, self.pieces
        columns = [[] for _ in sizes]
        self.twice_u = [0] * len(self.comps)
        masks = {}
        for c, comp in enumerate(self.comps):
            first, second = sorted((comp.positive, comp.negative))
            if (first, second) not in masks:
                mask = np.zeros(sizes[first] + sizes[second], dtype=bool)
                mask[:sizes[first]] = True
                masks[first, second] = (mask, ~mask)
            positive = masks[first, second][comp.positive != first]
            scores = np.concatenate((pieces[first][comp.column], pieces[second][comp.column]))
            counts = counts_in_order(scores, positive, sizes[comp.positive])
            split = {first: counts[:sizes[first]], second: counts[sizes[first]:]}
            self.twice_u[c] = _exact_sum(split[comp.positive])
            columns[comp.positive].append((c, 2 * sizes[comp.negative], split[comp.positive]))
            columns[comp.negative].append((c, 2 * sizes[comp.positive], split[comp.negative]))
        self.classes = [ClassCounts(np.column_stack([counts for _, _, counts in found]),
                                    tuple((c, scale) for c, scale, _ in found)) for found in columns]

    # --- values ---

    def component_auc(self, c: int) -> Fraction:
        comp = self.comps[c]
        return Fraction(self.twice_u[c], 2 * self.sizes[comp.positive] * self.sizes[comp.negative])

    def combination(self, coefficients: dict) -> Fraction:
        """Σ_c coefficient_c·Â_c, exactly."""
        return sum((w * self.component_auc(c) for c, w in coefficients.items()), Fraction(0))

    @property
    def estimate(self) -> Fraction:
        return self.combination(dict(enumerate(self.weights)))

    # --- the DeLong-type covariance ---

    @property
    def defined(self) -> bool:
        """Whether the covariance is defined: every class has two cases or more."""
        return min(self.sizes) >= 2

    def variance(self, coefficients: dict) -> Fraction | None:
        """The DeLong-type variance of Σ_c coefficient_c·Â_c, exactly (None when a class has one case).

        Class r adds aᵀ M a / (n_r²(n_r − 1)), with M its exact :attr:`ClassCounts.moments` and
        a_j = coefficient/scale of its j-th column, over a common denominator.
        """
        if not self.defined:
            return None
        total = Fraction(0)
        for r, found in enumerate(self.classes):
            scaled = [Fraction(coefficients.get(c, 0), scale) for c, scale in found.members]
            if not any(scaled):
                continue
            common = _lcm(a.denominator for a in scaled)
            integers = np.array([int(a * common) for a in scaled], dtype=object)
            n = self.sizes[r]
            total += Fraction(int(integers @ found.moments @ integers), common * common * n * n * (n - 1))
        return total

    def covariance(self) -> np.ndarray | None:
        """The K × K covariance matrix of the components (float64, each entry rounded once), or None."""
        if not self.defined:
            return None
        exact: dict[tuple[int, int], Fraction] = {}
        for r, found in enumerate(self.classes):
            n = self.sizes[r]
            for (c, scale_c), row in zip(found.members, found.moments):
                for (d, scale_d), value in zip(found.members, row):
                    term = Fraction(int(value), n * n * (n - 1) * scale_c * scale_d)
                    exact[c, d] = exact.get((c, d), 0) + term
        matrix = np.zeros((len(self.comps), len(self.comps)))
        for (c, d), value in exact.items():
            matrix[c, d] = float(value)
        return matrix

    def influence(self) -> list[np.ndarray]:
        """Per class, each case's influence on the estimate: Σ_c w_c (V_c(x) − Â_c) over the
        components its class takes part in (float64, in the order of the class's cases)."""
        found = []
        for r, counts in enumerate(self.classes):
            coefficients = np.array([float(self.weights[c]) / scale for c, scale in counts.members])
            centre = float(sum(self.weights[c] * self.component_auc(c) for c, _ in counts.members))
            found.append(counts.counts @ coefficients - centre)
        return found
