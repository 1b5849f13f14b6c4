"""What the optimal-ranking functions return: Thm 2's calibration, Bayes rankings, minimizers, step functions."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .._display import Displayed
from .._result_base import fields_as_dict

__all__ = ['Calibration', 'DiscreteBayes', 'DiscreteMinimizer', 'HingeExcessRisk', 'HingeToyCase', 'LimitingJumps', 'NormalBayes', 'OptimalSteps']


@dataclass(frozen=True)
class Calibration(Displayed):
    """Whether Thm 2 of Uematsu & Lee (2011) applies to a loss: l'(−s)/l'(s) = exp(s/α) for one α > 0.

    ``applies`` is True with ``alpha`` = α when the ratio matched exp(s/α) on the whole grid
    of s checked; otherwise ``alpha`` is None and ``reason`` says which assumption failed.
    Where it applies, the best ranking function is f* = α·log(g+/g−) + β.
    """

    loss: str
    applies: bool
    alpha: float | None
    reason: str
    source: str = "Uematsu & Lee (2011), Thm 2"

    def as_dict(self) -> dict:
        return fields_as_dict(self)


@dataclass(frozen=True)
class DiscreteBayes(Displayed):
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
    source: str = "Uematsu & Lee (2011), Thm 1"

    @property
    def order(self) -> tuple[int, ...]:
        """The points from the lowest likelihood ratio to the highest (ties in input order)."""
        return tuple(point for group in self.classes for point in group)

    def as_dict(self) -> dict:
        data = fields_as_dict(self)
        data["order"] = list(self.order)
        return data


@dataclass(frozen=True)
class NormalBayes(Displayed):
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
    source: str = "Uematsu & Lee (2011), Thm 1 and §5.1.3"

    def as_dict(self) -> dict:
        return fields_as_dict(self)


@dataclass(frozen=True, eq=False)
class DiscreteMinimizer(Displayed):
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
    source: str = "Uematsu & Lee (2011), Thm 2–5"

    def as_dict(self) -> dict:
        return fields_as_dict(self)


@dataclass(frozen=True)
class HingeToyCase(Displayed):
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
    source: str = "Uematsu & Lee (2011), §3.3.1"

    def as_dict(self) -> dict:
        data = dataclasses.asdict(self)
        return {key: list(value) if isinstance(value, tuple) else value for key, value in data.items()}


@dataclass(frozen=True)
class OptimalSteps(Displayed):
    """The best unit-step function with `K` jumps for X ~ N(μ, 1) against X' ~ N(−μ, 1), μ = separation/2.

    ``jumps`` are a_1 < … < a_K as floats; ``jumps_text`` the same to every digit the solver
    fixed (the outer jumps pass 10^20 from K = 24 on, where a float keeps only the first 16
    digits). ``residual`` is the largest |ln of the ratio of the two sides of Eq. 8| at the
    solution, evaluated at the precision it was solved in (``precision``: "double" or
    "mpmath, N digits"). ``stationary`` says Eq. 8 holds to 1e-12 in that log form;
    ``minimum`` says no K-step function found by direct minimization of the risk from
    ``starts`` random starting points has a risk below ``hinge_risk`` by more than 1e-13
    (``direct_risk`` is the best risk that search found). ``auc_loss`` is 1 − AUC with
    ties counted ½. ``symmetric_jumps`` and ``symmetric_risk`` are the paper's symmetric
    solution of Eq. 8 and its risk; ``symmetric`` says whether it is the one returned (at
    separation 2, for even K ≥ 8 it is not: it is a saddle point, and the minimum is
    lopsided, the symmetric solution for K − 1 with one more jump far out; its mirror image
    is a minimum too; at other separations other K, e.g. odd K from 5 at separation 1).
    ``origin`` says where the returned jumps come from: 'symmetric' or 'lopsided' (the two
    stationary points solved by continuation), or 'direct search' when the direct
    minimization found a lower risk than both (its minimizer, polished by Newton's method on
    Eq. 8); ``minimum`` is then judged against the polished point.
    """

    K: int
    separation: float
    jumps: tuple
    jumps_text: tuple
    hinge_risk: float
    auc_loss: float
    residual: float
    precision: str
    stationary: bool
    minimum: bool
    direct_risk: float
    starts: int
    symmetric: bool
    symmetric_jumps: tuple
    symmetric_risk: float
    origin: str = "symmetric"
    source: str = "Uematsu & Lee (2011), §5.1.1 (Eq. 6–8, Table 1) and §5.1.2"

    def as_dict(self) -> dict:
        return fields_as_dict(self)


@dataclass(frozen=True)
class LimitingJumps(Displayed):
    """The least positive jump of the limiting sequence as K → ∞, by the paper's bisection (Figure 6).

    ``even`` is a_{m+1} for K = 2m, ``odd`` is a_{m+2} for K = 2m + 1; ``even_sequence`` and
    ``odd_sequence`` are the first positive jumps the recursion of Eq. 8 generates from them
    (as far as it stays resolvable in double precision).
    """

    separation: float
    even: float
    odd: float
    even_sequence: tuple
    odd_sequence: tuple
    source: str = "Uematsu & Lee (2011), §5.1.1 (Figures 5–6)"

    def as_dict(self) -> dict:
        return fields_as_dict(self)


@dataclass(frozen=True)
class HingeExcessRisk(Displayed):
    """The ranking risk the hinge loss leaves on top of the Bayes ranking risk (§5.1.2).

    ``bayes_risk`` is Φ(−separation/√2); ``auc_loss_even`` and ``auc_loss_odd`` are 1 − AUC of
    the optimal K-step functions at K = ``K_even`` and ``K_odd`` (24 and 25: converged far
    beyond double precision); ``excess_even``/``excess_odd`` their differences from the
    Bayes risk; ``hinge_risk`` the limit of the minimal hinge risk.
    """

    separation: float
    bayes_risk: float
    hinge_risk: float
    K_even: int
    K_odd: int
    auc_loss_even: float
    auc_loss_odd: float
    excess_even: float
    excess_odd: float
    source: str = "Uematsu & Lee (2011), §5.1.2"

    def as_dict(self) -> dict:
        return fields_as_dict(self)

