"""The empirical AUC, DeLong's pieces and every closed-form interval for many trials at once.

Each function here is the batched twin of a one-data-set function of
:mod:`aucbound.empirical` or :mod:`aucbound.bounds`, computed on arrays with one trial a
row (or one estimate an element) and equal to it trial by trial (``tests/test_simulate_batch.py``
checks that to 1e-12, with the same integer counts exactly):

- :func:`placements` ↔ ``empirical.auc._placements``: one sort of each trial's pooled
  scores gives, for every item, the items of the other class below it and tied with it.
  In a row sorted by score, a tie group spans positions [s, e); with c⁻[k] the number of
  negatives before position k, a positive in the group has L = c⁻[s] negatives below it
  and E = c⁻[e] − c⁻[s] tied with it (mid-ranks, as in Sun & Xu 2014), and likewise for
  a negative with the positives' counts.
- :func:`statistics` ↔ ``empirical.delong._counts``, ``_variances``, ``_lehmann_estimates``:
  2U (exact, int64), DeLong's S10 and S01, and p̂1, p̂2.
- :func:`method_ends` ↔ ``bounds.interval.interval`` for every key of ``METHODS``, built
  from the same vectorized formulas (``_mcdiarmid_epsilon``, ``_hoeffding_kl_ends``,
  ``_score_interval``, ``_lehmann_variance`` …) with the same clipping and vacuity rule.
- :func:`delong_ends` ↔ ``empirical.intervals._delong_ends``; :func:`newcombe_ends` ↔
  ``empirical.newcombe._newcombe_ends``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..bounds._normal import upper_quantile
from ..bounds.deviation import _mcdiarmid_epsilon
from ..bounds.hoeffding import _hoeffding_epsilon, _hoeffding_kl_ends
from ..bounds.interval import interval
from ..bounds.variance import _chebyshev_factor, _hanley_mcneil_p, _lehmann_variance, _normal_factor, _score_interval
from ..empirical.newcombe import _GRID, _excess

# --- Â and DeLong's structural components ---------------------------------------------------


def _group_bounds(values: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """(s, e): each position's tie group [s, e) in rows sorted along axis 1; None when no row has ties."""
    trials, size = values.shape
    index = np.arange(size)
    new = np.empty((trials, size), dtype=bool)
    new[:, 0] = True
    np.not_equal(values[:, 1:], values[:, :-1], out=new[:, 1:])
    if new.all():
        return None
    start = np.maximum.accumulate(np.where(new, index, 0), axis=1)
    last = np.empty_like(new)
    last[:, -1] = True
    last[:, :-1] = new[:, 1:]
    end = np.minimum.accumulate(np.where(last, index + 1, size)[:, ::-1], axis=1)[:, ::-1]
    return start, end


def placements(pos: np.ndarray, neg: np.ndarray):
    """``(below, tied_pos, above, tied_neg)`` of every trial, as int64 arrays of shape (T, m) and (T, n).

    Row t equals ``_placements(sorted pos[t], sorted neg[t])``: for each positive (in
    increasing order) the negatives below it and tied with it, for each negative the
    positives above it and tied with it.

    >>> below, tied_pos, above, tied_neg = placements(np.array([[1.0, 3.0]]), np.array([[1.0, 2.0, 0.0]]))
    >>> below.tolist(), tied_pos.tolist(), above.tolist(), tied_neg.tolist()
    ([[1, 3]], [[1, 0]], [[2, 1, 1]], [[0, 1, 0]])
    """
    trials, m = pos.shape
    n = neg.shape[1]
    pooled = np.concatenate([pos, neg], axis=1)
    order = np.argsort(pooled, axis=1)
    is_neg = order >= m
    negatives_before = np.zeros((trials, m + n + 1), dtype=np.int64)
    np.cumsum(is_neg, axis=1, out=negatives_before[:, 1:])
    groups = _group_bounds(np.take_along_axis(pooled, order, axis=1))
    is_pos = ~is_neg
    if groups is None:  # no ties: the item at position k has c⁻[k] negatives and k − c⁻[k] positives below it
        below = negatives_before[:, :-1][is_pos].reshape(trials, m)
        above = (m - np.arange(m + n) + negatives_before[:, :-1])[is_neg].reshape(trials, n)
        return below, np.zeros_like(below), above, np.zeros_like(above)
    start, end = groups
    neg_start = np.take_along_axis(negatives_before, start, axis=1)
    neg_end = np.take_along_axis(negatives_before, end, axis=1)
    pos_start, pos_end = start - neg_start, end - neg_end
    return (
        neg_start[is_pos].reshape(trials, m),
        (neg_end - neg_start)[is_pos].reshape(trials, m),
        (m - pos_end)[is_neg].reshape(trials, n),
        (pos_end - pos_start)[is_neg].reshape(trials, n),
    )


@dataclass(frozen=True)
class Trials:
    """Per-trial statistics of T data sets of m positives and n negatives.

    ``twice_u`` is 2mn·Â (int64, exact); ``s10``/``s01`` DeLong's component variances and
    ``p1``/``p2`` the U-statistic estimates of Lehmann's p1, p2, each None where undefined
    (S10 and p̂1 need m ≥ 2, S01 and p̂2 need n ≥ 2).
    """

    m: int
    n: int
    twice_u: np.ndarray
    s10: np.ndarray | None
    s01: np.ndarray | None
    p1: np.ndarray | None
    p2: np.ndarray | None

    @property
    def auc(self) -> np.ndarray:
        """Â of each trial: 2U/(2mn), one correctly rounded division as in ``empirical.auc``."""
        return self.twice_u / float(2 * self.m * self.n)

    @property
    def delong_variance(self) -> np.ndarray | None:
        """S10/m + S01/n, or None when a class has a single item."""
        if self.s10 is None or self.s01 is None:
            return None
        return self.s10 / self.m + self.s01 / self.n

    def lehmann_inputs(self) -> tuple[np.ndarray, np.ndarray]:
        """(p̂1, p̂2) clipped into [Â², Â], Â² where undefined: the inputs of the plug-in rows."""
        auc = self.auc
        square = auc * auc
        return tuple(np.minimum(np.maximum(square if p is None else p, square), auc) for p in (self.p1, self.p2))

    @staticmethod
    def concatenate(parts: list[Trials]) -> Trials:
        """The trials of several blocks, in order."""
        first = parts[0]

        def joined(name):
            return None if getattr(first, name) is None else np.concatenate([getattr(p, name) for p in parts])

        return Trials(first.m, first.n, *(joined(name) for name in ("twice_u", "s10", "s01", "p1", "p2")))


def _spread(twice: np.ndarray, scale: int) -> np.ndarray:
    """Σ_k (twice_k/scale − mean)² per row, from the exact integer sums (``delong._spread``)."""
    deviations = twice - (twice.sum(axis=1) / twice.shape[1])[:, None]
    return np.einsum("ij,ij->i", deviations, deviations) / (scale * scale)


def _lehmann_p(twice: np.ndarray, squares: np.ndarray, others: int) -> np.ndarray | None:
    """p̂ per row (``delong._lehmann_p``); None when there are fewer than two `others`."""
    if others < 2:
        return None
    twice = twice.astype(np.float64)
    total = np.einsum("ij,ij->i", twice, twice) - squares.sum(axis=1)
    return total / (4.0 * twice.shape[1] * others * (others - 1))


def statistics(pos: np.ndarray, neg: np.ndarray) -> Trials:
    """2U, DeLong's S10 and S01, and p̂1, p̂2 of each trial (row) of `pos` and `neg`.

    >>> pos = np.array([[1.0, 2.0, 5.0, 6.0], [0.0, 0.0, 1.0, 1.0]])
    >>> neg = np.array([[-2.0, -1.0, 3.0, 4.0], [0.0, 1.0, 1.0, 2.0]])
    >>> trials = statistics(pos, neg)
    >>> trials.auc.tolist(), trials.delong_variance.round(10).tolist()
    ([0.75, 0.3125], [0.0416666667, 0.0364583333])
    """
    m, n = pos.shape[1], neg.shape[1]
    below, tied_pos, above, tied_neg = placements(pos, neg)
    twice_pos, twice_neg = 2 * below + tied_pos, 2 * above + tied_neg
    return Trials(
        m=m,
        n=n,
        twice_u=twice_pos.sum(axis=1),
        s10=_spread(twice_pos, 2 * n) / (m - 1) if m > 1 else None,
        s01=_spread(twice_neg, 2 * m) / (n - 1) if n > 1 else None,
        p1=_lehmann_p(twice_neg, 4 * above + tied_neg, m),
        p2=_lehmann_p(twice_pos, 4 * below + tied_pos, n),
    )


# --- the closed-form intervals of the registry, on arrays of Â ----------------------------


def _symmetric(epsilon, auc):
    return epsilon, np.maximum(auc - epsilon, 0.0), np.minimum(auc + epsilon, 1.0)


def _asymmetric(lo, hi, down, up):
    return np.maximum(down, up), lo, hi


def _lehmann_sigma(auc, p1, p2, m, n):
    return np.sqrt(_lehmann_variance(auc, p1, p2, m, n))


#: (ε, lo, hi) of each method of ``bounds.interval.METHODS`` from (m, n, ln δ, Â, p1, p2), vectorized in Â.
_COMPOSED = {
    "mcdiarmid": lambda m, n, ld, a, p1, p2: _symmetric(_mcdiarmid_epsilon(m, n, ld), a),
    "hoeffding": lambda m, n, ld, a, p1, p2: _symmetric(_hoeffding_epsilon(min(m, n), ld), a),
    "hoeffding-kl": lambda m, n, ld, a, p1, p2: _asymmetric(*_hoeffding_kl_ends(a, min(m, n), ld)),
    "chebyshev-max": lambda m, n, ld, a, p1, p2: _asymmetric(*_score_interval(a, min(m, n), _chebyshev_factor(ld))),
    "normal-max": lambda m, n, ld, a, p1, p2: _asymmetric(*_score_interval(a, min(m, n), _normal_factor(ld))),
    "chebyshev-min": lambda m, n, ld, a, p1, p2: _asymmetric(*_score_interval(a, m * n, _chebyshev_factor(ld))),
    "normal-min": lambda m, n, ld, a, p1, p2: _asymmetric(*_score_interval(a, m * n, _normal_factor(ld))),
    "chebyshev-lehmann": lambda m, n, ld, a, p1, p2: _symmetric(
        _lehmann_sigma(a, p1, p2, m, n) * _chebyshev_factor(ld), a
    ),
    "normal-lehmann": lambda m, n, ld, a, p1, p2: _symmetric(_lehmann_sigma(a, p1, p2, m, n) * _normal_factor(ld), a),
    "hanley-mcneil": lambda m, n, ld, a, p1, p2: _symmetric(
        _lehmann_sigma(a, *_hanley_mcneil_p(a), m, n) * _normal_factor(ld), a
    ),
}


def _one_by_one(key, m, n, delta, auc, p1, p2):
    """(lo, hi) through :func:`interval` itself, one call per element (a method not composed here)."""
    ends = np.empty((auc.shape[0], 2))
    for k, estimate in enumerate(auc.tolist()):
        plug = {} if p1 is None else {"p1": float(p1[k]), "p2": float(p2[k])}
        ends[k] = interval(m, n, delta, method=key, auc=estimate, **plug).interval
    return ends[:, 0], ends[:, 1]


def method_ends(key: str, m: int, n: int, delta: float, auc, p1=None, p2=None) -> tuple[np.ndarray, np.ndarray]:
    """(lo, hi) of ``interval(m, n, delta, method=key, auc=Â, p1=p1, p2=p2)`` for each element of `auc`.

    An interval of half-width ≥ 1, or reaching both 0 and 1, is all of [0, 1] ("vacuous"),
    as :func:`interval` reports it. `p1`, `p2` are needed by the ``*-lehmann`` methods only.

    >>> lo, hi = method_ends("hoeffding", 50, 50, 0.05, np.array([0.5, 0.95]))
    >>> lo.round(6).tolist(), hi.round(6).tolist()
    ([0.307935, 0.757935], [0.692065, 1.0])
    """
    auc = np.asarray(auc, dtype=np.float64)
    if key not in _COMPOSED:
        return _one_by_one(key, m, n, delta, auc, p1, p2)
    epsilon, lo, hi = _COMPOSED[key](float(m), float(n), math.log(delta), auc, p1, p2)
    vacuous = (np.asarray(epsilon) >= 1) | ((lo <= 0) & (hi >= 1))
    lo, hi = np.broadcast_to(lo, auc.shape), np.broadcast_to(hi, auc.shape)
    return np.where(vacuous, 0.0, lo), np.where(vacuous, 1.0, hi)


# --- DeLong's Wald intervals and Newcombe's score interval ---------------------------------


def _expit(x):
    """1/(1 + e^(−x)) on both tails without overflow (``intervals._expit``)."""
    with np.errstate(over="ignore"):
        small = np.exp(np.minimum(x, 0.0))
        return np.where(x >= 0, 1 / (1 + np.exp(-np.maximum(x, 0.0))), small / (1 + small))


def delong_ends(key: str, auc: np.ndarray, variance: np.ndarray | None, z: float) -> tuple[np.ndarray, np.ndarray]:
    """(lo, hi) of the ``delong`` or ``delong-logit`` row for each trial, clipped to [0, 1].

    With no variance (a class of one item) every interval is [0, 1]; with variance 0 the
    logit interval is the point Â.

    >>> lo, hi = delong_ends("delong-logit", np.array([0.75, 1.0]), np.array([0.01, 0.0]), 1.96)
    >>> lo.round(6).tolist(), hi.round(6).tolist()
    ([0.513317, 1.0], [0.895102, 1.0])
    """
    if variance is None:
        return np.zeros_like(auc), np.ones_like(auc)
    se = np.sqrt(variance)
    if key == "delong":
        lo, hi = auc - z * se, auc + z * se
    else:
        with np.errstate(divide="ignore", invalid="ignore"):
            centre, half = np.log(auc / (1 - auc)), z * se / (auc * (1 - auc))
            lo, hi = _expit(centre - half), _expit(centre + half)
        lo, hi = np.where(se == 0, auc, lo), np.where(se == 0, auc, hi)
    return np.clip(lo, 0.0, 1.0), np.clip(hi, 0.0, 1.0)


def _outer_roots(auc: np.ndarray, end: float, m: int, n: int, z: float) -> np.ndarray:
    """``newcombe._outer_root`` for each element of `auc`.

    The 1-D search scans a grid of 4097 points from `end` towards Â for the first one
    inside the set, then bisects between it and the point before. The set is an interval
    around Â, so the grid points inside form a final run and its first point is found by
    bisecting on the grid index instead (13 steps); the float bisection is then the same,
    step for step.
    """
    fractions = np.linspace(0.0, 1.0, _GRID + 1)

    def point(index):
        return end + (auc - end) * fractions[index]

    first, last = np.zeros(auc.shape, dtype=np.int64), np.full(auc.shape, _GRID)  # last is inside
    while np.any(first < last):
        middle = (first + last) // 2
        inside = _excess(point(middle), auc, m, n, z) <= 0
        last = np.where(inside, middle, last)
        first = np.where(inside, first, middle + 1)
    outside, within = point(np.maximum(last - 1, 0)), point(last)
    active = last > 0
    for _ in range(60):
        middle = 0.5 * (outside + within)
        active &= (middle != outside) & (middle != within)
        if not active.any():
            break
        inside = _excess(middle, auc, m, n, z) <= 0
        within = np.where(active & inside, middle, within)
        outside = np.where(active & ~inside, middle, outside)
    return within


def newcombe_ends(auc: np.ndarray, m: int, n: int, delta: float) -> tuple[np.ndarray, np.ndarray]:
    """(lo, hi) of Newcombe's method 5 for each element of `auc` (``newcombe_interval``).

    >>> lo, hi = newcombe_ends(np.array([0.7313685636856369]), 41, 72, 0.05)
    >>> round(float(lo[0]), 6), round(float(hi[0]), 6)
    (0.624408, 0.813953)
    """
    z = upper_quantile(math.log(delta) - math.log(2.0))
    return _outer_roots(auc, 0.0, m, n, z), _outer_roots(auc, 1.0, m, n, z)
