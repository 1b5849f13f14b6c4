"""Coverage of the AUC intervals by simulation: scenarios with an exact AUC, and the simulator.

``scenarios``: pairs of score distributions whose true AUC is known in closed form or as an
exact finite sum (binormal, rating scale with ties, exponential, log-normal, near-perfect
separation, the worst case of SPEC §2, or your own samplers); ``coverage``: how often each
interval method covers that AUC, with its Monte Carlo standard error, widths and shares of
vacuous and degenerate intervals; ``study``: the standard grid of scenarios, sizes and
levels. Newcombe (2006, Part 2) and Pohar Perme & Manevski (2018) set the design.
"""

from .coverage import FINITE_SAMPLE_METHODS, coverage
from .scenarios import (
    SCENARIOS,
    Scenario,
    adversarial,
    binormal,
    binormal_unequal,
    custom,
    exponential,
    lognormal,
    near_perfect,
    rating_scale,
    scenario,
)
from .study import STUDY_DELTAS, STUDY_SCENARIOS, STUDY_SIZES, coverage_study, worst_coverage

__all__ = [
    "FINITE_SAMPLE_METHODS",
    "SCENARIOS",
    "STUDY_DELTAS",
    "STUDY_SCENARIOS",
    "STUDY_SIZES",
    "Scenario",
    "adversarial",
    "binormal",
    "binormal_unequal",
    "coverage",
    "coverage_study",
    "custom",
    "exponential",
    "lognormal",
    "near_perfect",
    "rating_scale",
    "scenario",
    "worst_coverage",
]
