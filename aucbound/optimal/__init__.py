"""Optimal ranking functions under convex losses (Uematsu & Lee 2011).

The losses of ranking and the condition of Thm 2 (:data:`LOSSES`, :class:`Loss`,
:func:`calibration_alpha`); the optimal AUC and Bayes ranking risk of Thm 1 on a finite
set and for normal classes (:func:`discrete_bayes`, :func:`discrete_ranking_risk`,
:func:`normal_bayes`, :func:`multivariate_normal_bayes`); and the exact minimizers of the
convex ranking risk on a finite set (Thm 2–5, §3.3): :func:`minimize_risk`,
:func:`hinge_risk`, :func:`hinge_toy_case`, :func:`integer_increments`.

Imports only :mod:`aucbound._validate`, :mod:`aucbound._normal`, :mod:`aucbound.results`,
numpy, scipy and (inside ``mpmath.workdps``) mpmath.
"""

from ._bayes import discrete_bayes, discrete_ranking_risk, multivariate_normal_bayes, normal_bayes
from ._discrete import hinge_risk, hinge_toy_case, integer_increments, minimize_risk
from ._losses import LOSSES, Loss, calibration_alpha, get_loss
from ._results_discrete import Calibration, DiscreteBayes, DiscreteMinimizer, HingeToyCase, NormalBayes

__all__ = [
    "Calibration",
    "DiscreteBayes",
    "DiscreteMinimizer",
    "HingeToyCase",
    "LOSSES",
    "Loss",
    "NormalBayes",
    "calibration_alpha",
    "discrete_bayes",
    "discrete_ranking_risk",
    "get_loss",
    "hinge_risk",
    "hinge_toy_case",
    "integer_increments",
    "minimize_risk",
    "multivariate_normal_bayes",
    "normal_bayes",
]
