"""Result types of the optimal K-step functions under the hinge loss (Uematsu & Lee, §5.1.1–5.1.2)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

__all__ = ["OptimalSteps", "LimitingJumps", "HingeExcessRisk"]


class _AsDict:
    def as_dict(self) -> dict:
        """The fields as plain Python values (tuples become lists in JSON)."""
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class OptimalSteps(_AsDict):
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
    solution of Eq. 8 and its risk; ``symmetric`` says whether it is the one returned (for
    even K ≥ 8 it is not: it is a saddle point, and the minimum is lopsided, the symmetric
    solution for K − 1 with one more jump far out; its mirror image is a minimum too).
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
    source: str = "Uematsu & Lee, §5.1.1 (Eq. 6–8, Table 1) and §5.1.2"


@dataclass(frozen=True)
class LimitingJumps(_AsDict):
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
    source: str = "Uematsu & Lee, §5.1.1 (Figures 5–6)"


@dataclass(frozen=True)
class HingeExcessRisk(_AsDict):
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
    source: str = "Uematsu & Lee, §5.1.2"
