"""Result types of the losses, the Bayes ranking risk and the discrete minimizers (Uematsu & Lee 2011, §2–3).

Frozen dataclasses that echo their inputs and carry the answer and the theorem it comes
from; ``as_dict()`` gives plain JSON values (tuples as lists, a ``Fraction`` as "p/q").
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..results import _fields_as_dict

__all__ = ["Calibration", "DiscreteBayes", "NormalBayes", "DiscreteMinimizer", "HingeToyCase"]


@dataclass(frozen=True)
class Calibration:
    """Whether Thm 2 of Uematsu & Lee (2011) applies to a loss: l'(−s)/l'(s) = exp(s/α) for one α > 0.

    ``applies`` is True with ``alpha`` = α when the ratio matched exp(s/α) on the whole grid
    of s checked; otherwise ``alpha`` is None and ``reason`` says which assumption failed.
    Where it applies, the best ranking function is f* = α·log(g+/g−) + β.
    """

    loss: str
    applies: bool
    alpha: float | None
    reason: str
    source: str = "Uematsu & Lee 2011, Thm 2"

    def as_dict(self) -> dict:
        return _fields_as_dict(self)


@dataclass(frozen=True)
class DiscreteBayes:
    """The optimal AUC and the Bayes ranking risk of g+, g− on N points (Uematsu & Lee 2011, Thm 1).

    ``classes`` lists the points (0-based) in groups of equal likelihood ratio g+/g−, from the
    lowest ratio to the highest: ranking by class (ties inside a class) is optimal.
    ``bayes_risk`` = P(r(X) < r(X′)) + ½·P(r(X) = r(X′)) for that ranking r, X ~ g+, X′ ~ g−,
    and ``optimal_auc`` = 1 − ``bayes_risk``. With ``exact`` both are ``Fraction`` objects
    (every probability was given as an int or a Fraction); otherwise floats.
    """

    pos: tuple
    neg: tuple
    classes: tuple[tuple[int, ...], ...]
    bayes_risk: object
    optimal_auc: object
    exact: bool
    source: str = "Uematsu & Lee 2011, Thm 1"

    @property
    def order(self) -> tuple[int, ...]:
        """The points from the lowest likelihood ratio to the highest (ties in input order)."""
        return tuple(point for group in self.classes for point in group)

    def as_dict(self) -> dict:
        data = _fields_as_dict(self)
        data["order"] = list(self.order)
        return data


@dataclass(frozen=True)
class NormalBayes:
    """The optimal AUC of two normal classes and the AUC of the raw score (Uematsu & Lee 2011, Thm 1, §5.1.3).

    ``setting`` is 'binormal' (X ~ N(pos_mean, pos_sd²), X′ ~ N(neg_mean, neg_sd²)) or
    'multivariate normal' (common covariance; means are tuples, the sds None).
    ``distance`` is |Δ|/σ for the equal-variance binormal and sqrt(Δ′Σ⁻¹Δ) for the
    multivariate normal (None for unequal variances). ``optimal_auc`` is the AUC of the
    likelihood ratio and ``bayes_risk`` = 1 − ``optimal_auc``; ``identity_auc`` is the AUC
    of x itself, P(X > X′) (binormal only). ``monotone`` says whether the likelihood ratio is
    monotone in x (then the two AUCs agree up to the direction of x). ``method`` is
    'closed form' or 'integration' (scipy.integrate.quad, unequal variances).
    """

    setting: str
    pos_mean: object
    neg_mean: object
    pos_sd: float | None
    neg_sd: float | None
    distance: float | None
    optimal_auc: float
    bayes_risk: float
    identity_auc: float | None
    monotone: bool
    method: str
    source: str = "Uematsu & Lee 2011, Thm 1 and §5.1.3"

    def as_dict(self) -> dict:
        return _fields_as_dict(self)


@dataclass(frozen=True, eq=False)
class DiscreteMinimizer:
    """A minimizer f* of R_l(f) = Σ_x Σ_z g+(x)·g−(z)·l(f(x) − f(z)) over f ∈ R^N (Uematsu & Lee 2011, Thm 2–5).

    ``f`` holds f*(x) for each point x (input order). For a smooth loss f* is unique up to
    an additive constant (the loss is strictly convex along every pair's difference) and is
    centred to mean 0; for the hinge loss ``f`` is an integer-valued minimizer with smallest
    value 0 (Thm 5), and ``lp_f`` the solution of the unrestricted linear program.
    ``risk`` is the minimal risk R_l(f*). ``order`` lists the points from the lowest
    likelihood ratio to the highest, ``increments`` the steps of f* along that order, and
    ``ties`` the groups of points (two or more) on which f* takes one value.
    ``method`` is 'newton' or 'linprog (HiGHS)'; ``iterations`` Newton steps or simplex
    iterations.
    """

    pos: tuple
    neg: tuple
    loss: str
    f: object
    risk: float
    order: tuple[int, ...]
    increments: object
    ties: tuple[tuple[int, ...], ...]
    method: str
    iterations: int
    lp_f: object = None
    source: str = "Uematsu & Lee 2011, Thm 2–5"

    def as_dict(self) -> dict:
        return _fields_as_dict(self)


@dataclass(frozen=True)
class HingeToyCase:
    """The optimal hinge-loss increments of the N = 3 toy example (Uematsu & Lee 2011, §3.3.1, Figure 1).

    With the points in increasing likelihood ratio, ``a`` = g+(1)g−(2) − g+(2)g−(1) + g+(1)g−(3)
    and ``b`` = g+(2)g−(3) − g+(3)g−(2) + g+(1)g−(3) (1-based as in the paper).
    ``s1`` and ``s2`` are the intervals (lo, hi) of the optimal increments
    f*(x2) − f*(x1) and f*(x3) − f*(x2) from the paper's table, (1, 1) or (0, 0) where they
    are determined. ``partition`` is Figure 1's label (s1*, s2*) ∈ {(1, 1), (1, 0), (0, 1)}:
    (1, 1) when Δ12 > 0 and Δ23 > 0, else (1, 0) when g−(2) < g+(2), else (0, 1).
    ``order`` is the input points sorted by likelihood ratio.
    """

    order: tuple[int, int, int]
    a: float
    b: float
    delta12: float
    delta23: float
    s1: tuple
    s2: tuple
    partition: tuple[int, int]
    source: str = "Uematsu & Lee 2011, §3.3.1"

    def as_dict(self) -> dict:
        data = dataclasses.asdict(self)
        return {key: list(value) if isinstance(value, tuple) else value for key, value in data.items()}
