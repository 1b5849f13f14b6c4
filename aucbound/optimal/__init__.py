"""Optimal ranking functions under convex losses (Uematsu & Lee).

The normal setting of §5.1.1–5.1.2: the optimal K-step functions under the hinge loss
(Eq. 8), their hinge risk and 1 − AUC, the limiting jumps (Figures 5–6) and the excess
over the Bayes ranking risk.

Imports only :mod:`aucbound._validate`, :mod:`aucbound._normal`, :mod:`aucbound.results`,
numpy, scipy and (inside ``mp.workdps``) mpmath.
"""

from ._results_steps import HingeExcessRisk, LimitingJumps, OptimalSteps
from ._steps import (
    MAX_STEPS,
    feasible_region,
    hinge_excess_risk,
    jump_progression,
    limiting_jumps,
    normal_bayes_risk,
    optimal_steps,
    step_auc_loss,
    step_hinge_risk,
    step_residual,
    step_risk_curve,
    step_table,
)

__all__ = [
    "HingeExcessRisk",
    "LimitingJumps",
    "MAX_STEPS",
    "OptimalSteps",
    "feasible_region",
    "hinge_excess_risk",
    "jump_progression",
    "limiting_jumps",
    "normal_bayes_risk",
    "optimal_steps",
    "step_auc_loss",
    "step_hinge_risk",
    "step_residual",
    "step_risk_curve",
    "step_table",
]
