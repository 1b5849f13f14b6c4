"""Optimal ranking functions under convex losses (Uematsu & Lee 2011).

- The registry of ranking losses, which every package of aucbound reads, and the
  condition of Thm 2: :data:`LOSSES`, :class:`Loss`, :func:`get_loss`,
  :func:`calibration_alpha`, :func:`smoothed_hinge`.
- The optimal AUC and Bayes ranking risk of Thm 1 on a finite set and for normal classes:
  :func:`discrete_bayes`, :func:`discrete_ranking_risk`, :func:`normal_bayes`,
  :func:`multivariate_normal_bayes`.
- Exact minimizers of the convex ranking risk on a finite set (Thm 2–5, §3.3):
  :func:`minimize_risk`, :func:`hinge_risk`, :func:`hinge_toy_case`,
  :func:`integer_increments`.
- The normal setting of §5.1.1–5.1.2: the optimal K-step functions under the hinge loss
  (Eq. 8) with their hinge risk and 1 − AUC (:func:`optimal_steps`, :func:`step_table`,
  :func:`step_risk_curve`), the limiting jumps and the feasible region of Figures 5–6
  (:func:`limiting_jumps`, :func:`jump_progression`, :func:`feasible_region`) and the
  excess over the Bayes ranking risk (:func:`hinge_excess_risk`).

Imports only the neutral modules (:mod:`aucbound._validate`, :mod:`aucbound._normal`, the result
base, the BLAS-thread limit of :mod:`aucbound._threads`), numpy, scipy, threadpoolctl and (inside
``mpmath.workdps``) mpmath.
"""

from ._results import (
    Calibration,
    DiscreteBayes,
    DiscreteMinimizer,
    HingeExcessRisk,
    HingeToyCase,
    LimitingJumps,
    NormalBayes,
    OptimalSteps,
)
from ._bayes import discrete_bayes, discrete_ranking_risk, multivariate_normal_bayes, normal_bayes
from ._discrete import MAX_HINGE_POINTS, hinge_risk, hinge_toy_case, integer_increments, minimize_risk
from ._losses import LOSSES, Loss, calibration_alpha, get_loss, smoothed_hinge
from ._steps import (
    MAX_RECURSION_SEPARATION,
    MAX_SEARCHES,
    MAX_STEPS,
    RESIDUAL_TOLERANCE,
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
    "Calibration",
    "DiscreteBayes",
    "DiscreteMinimizer",
    "HingeExcessRisk",
    "HingeToyCase",
    "LOSSES",
    "LimitingJumps",
    "Loss",
    "MAX_RECURSION_SEPARATION",
    "MAX_SEARCHES",
    "MAX_STEPS",
    "RESIDUAL_TOLERANCE",
    "NormalBayes",
    "OptimalSteps",
    "calibration_alpha",
    "discrete_bayes",
    "discrete_ranking_risk",
    "feasible_region",
    "get_loss",
    "hinge_excess_risk",
    "hinge_risk",
    "hinge_toy_case",
    "integer_increments",
    "jump_progression",
    "limiting_jumps",
    "minimize_risk",
    "multivariate_normal_bayes",
    "normal_bayes",
    "normal_bayes_risk",
    "optimal_steps",
    "step_auc_loss",
    "step_hinge_risk",
    "step_residual",
    "step_risk_curve",
    "smoothed_hinge",
    "step_table",
    "MAX_HINGE_POINTS",
]
