"""Coverage of the AUC intervals by simulation: scenarios with an exact AUC, and the simulator.

``scenarios``: pairs of score distributions whose true AUC is known in closed form or as an
exact finite sum (binormal, rating scale with ties, exponential, log-normal, near-perfect
separation, the worst case of the variance bound Eq. 14, or your own samplers); ``coverage``: how often each
interval method covers that AUC, with its Monte Carlo standard error, widths and shares of
vacuous and degenerate intervals; ``study``: the standard grid of scenarios, sizes and
levels; ``band_coverage``: how often an ROC band holds the true binormal curve;
``interval_coverage``: the coverage of any interval procedure, given a function that draws
data and the true value.
Newcombe (2006, Part 2) and Pohar Perme & Manevski (2018) set the design.
"""

from ._band import MAX_BAND_TRIALS, band_coverage
from ._coverage import MAX_TRIALS, coverage
from ._interval_coverage import interval_coverage
from ._scenarios import (
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
from ._study import STUDY_DELTAS, STUDY_SCENARIOS, STUDY_SIZES, coverage_study, worst_coverage
from ._results import BandCoverage, Coverage, CoverageStudy, MethodCoverage

__all__ = [
    "BandCoverage",
    "Coverage",
    "CoverageStudy",
    "MethodCoverage",
    "MAX_BAND_TRIALS",
    "MAX_TRIALS",
    "SCENARIOS",
    "STUDY_DELTAS",
    "STUDY_SCENARIOS",
    "STUDY_SIZES",
    "Scenario",
    "adversarial",
    "binormal",
    "band_coverage",
    "binormal_unequal",
    "coverage",
    "coverage_study",
    "custom",
    "exponential",
    "interval_coverage",
    "lognormal",
    "near_perfect",
    "rating_scale",
    "scenario",
    "worst_coverage",
]


def __getattr__(name):
    """``FINITE_SAMPLE_METHODS``, the former constant, with a DeprecationWarning: it was computed at import,
    so a distribution-free method registered later was missing from it."""
    if name == "FINITE_SAMPLE_METHODS":
        import warnings

        from ..bounds import distribution_free_methods

        warnings.warn("aucbound.simulate.FINITE_SAMPLE_METHODS is aucbound.bounds.distribution_free_methods() now, "
                      "read from the registry when called; the constant will be removed", DeprecationWarning,
                      stacklevel=2)
        return distribution_free_methods()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

# --- confidence sequences for monitoring a deployed model's AUC ---
from ._monitor_coverage import MAX_MONITOR_CASES, monitor_coverage  # noqa: E402
from ._results import MonitorCoverage  # noqa: E402

__all__ += ["MAX_MONITOR_CASES", "MonitorCoverage", "monitor_coverage"]
