"""aucbound: learning-theory bounds and confidence intervals for the AUC.

The main entry points and every result type they return are here; the rest of each family
is in its subpackage:

- :mod:`aucbound.bounds` — closed-form bounds from m, n and δ (Agarwal et al. 2005, §3–4;
  Hoeffding 1963; Agarwal & Roth 2005): :func:`interval`, :func:`sample_size`,
  :func:`uniform_bound`, :func:`eem_sample_size`, and every formula on its own.
- :mod:`aucbound.shatter` — bipartite rank matrices, ψ(m, n), function classes and their
  rank-shatter coefficients.
- :mod:`aucbound.empirical` — the AUC of labels and scores and every interval for it:
  :func:`auc`, :func:`delong`, :func:`intervals`, :func:`compare`; the ROC curve
  (:func:`roc_curve`, :func:`coords`, :func:`best_threshold`, :func:`roc_band`) and
  :func:`partial_auc`.
- :mod:`aucbound.reductions` — ranking through a pairwise classifier (Balcan et al. 2007;
  Ailon & Mohri 2008): :class:`Preference`, :func:`auc_train`, :func:`degree_ranking`,
  :func:`quicksort_ranking`, :func:`quicksort_runs`, :func:`expected_quicksort_loss`,
  :func:`exhaustive_check`; the losses, regrets and tournament examples.
- :mod:`aucbound.optimal` — optimal ranking functions under convex losses (Uematsu & Lee
  2011): :func:`calibration_alpha`, :func:`discrete_bayes`, :func:`normal_bayes`,
  :func:`minimize_risk`, :func:`optimal_steps`; the losses, the limiting jumps and the
  excess hinge risk.
- :mod:`aucbound.simulate` — the coverage simulator: :func:`coverage`, :func:`coverage_study`.
- :mod:`aucbound.experiments` — the papers' experiments: :func:`regret_experiment`,
  :func:`quicksort_calls`.
- :mod:`aucbound.plots` — the papers' figures and new ones (matplotlib, imported on use).
"""

from ._validate import (BelowChanceWarning, DataWarning, LevelWarning, ParameterError, ParameterTypeError,
                        RowsOmittedWarning)
from .bounds import (
    METHODS,
    Estimates,
    Method,
    eem_exact_sample_size,
    eem_sample_size,
    interval,
    interval_table,
    register,
    sample_complexity_lower_bound,
    sample_size,
    uniform_bound,
    uniform_sample_size,
)
from .empirical import (
    auc,
    best_threshold,
    bootstrap_interval,
    compare,
    coords,
    delong,
    intervals,
    partial_auc,
    power_test,
    power_test_binormal,
    power_test_data,
    read_columns,
    roc_band,
    roc_curve,
)
from .empirical import MulticlassAUC, MulticlassInterval, multiclass_auc  # the multiclass AUC
from .reductions import (
    Preference,
    auc_train,
    degree_ranking,
    exhaustive_check,
    expected_quicksort_loss,
    quicksort_ranking,
    quicksort_runs,
)
from .optimal import calibration_alpha, discrete_bayes, minimize_risk, normal_bayes, optimal_steps
from .shatter import CLASSES, Finite, FunctionClass, Line, Linear, Polynomial, RankGrowth, log_psi, psi, psi_report
from .simulate import Scenario, band_coverage, coverage, coverage_study, interval_coverage, scenario
from .experiments import quicksort_calls, regret_experiment
from .empirical import average_precision, pr_auc, precision_recall_curve  # precision–recall
from .empirical import auc_covariance, auc_variance, compare_curves, compare_unpaired
from .empirical import bootstrap_test, operating_point_test, venkatraman_test  # pROC's resampled tests
from .scale import table_auc, table_compare, table_groups, table_partial_auc, table_roc  # tables beyond memory, through an engine
from .empirical import AUCMonitor  # confidence sequences for monitoring
from . import results
from .results import *  # noqa: F403  (every result type: results.__all__ is their one list)

__version__ = "0.2.0"

__all__ = [
    "BelowChanceWarning",
    "CLASSES",
    "DataWarning",
    "LevelWarning",
    "Estimates",
    "Finite",
    "FunctionClass",
    "Line",
    "Linear",
    "METHODS",
    "Method",
    "ParameterError",
    "ParameterTypeError",
    "Polynomial",
    "Preference",
    "RankGrowth",
    "RowsOmittedWarning",
    "Scenario",
    "__version__",
    "auc",
    "auc_train",
    "band_coverage",
    "best_threshold",
    "bootstrap_interval",
    "calibration_alpha",
    "compare",
    "coords",
    "coverage",
    "coverage_study",
    "interval_coverage",
    "degree_ranking",
    "delong",
    "discrete_bayes",
    "eem_exact_sample_size",
    "eem_sample_size",
    "exhaustive_check",
    "expected_quicksort_loss",
    "interval",
    "interval_table",
    "intervals",
    "log_psi",
    "minimize_risk",
    "normal_bayes",
    "optimal_steps",
    "partial_auc",
    "power_test",
    "power_test_binormal",
    "power_test_data",
    "psi",
    "psi_report",
    "quicksort_calls",
    "quicksort_ranking",
    "quicksort_runs",
    "read_columns",
    "register",
    "regret_experiment",
    "roc_band",
    "roc_curve",
    "sample_complexity_lower_bound",
    "sample_size",
    "scenario",
    "uniform_bound",
    "uniform_sample_size",
    # the multiclass AUC
    "multiclass_auc",
    # comparisons
    "compare_unpaired",
    "compare_curves",
    "auc_variance",
    "auc_covariance",
]
__all__ += ["average_precision", "pr_auc", "precision_recall_curve"]  # precision–recall
__all__ += ["bootstrap_test", "operating_point_test", "venkatraman_test"]  # pROC's resampled tests
__all__ += ["table_auc", "table_compare", "table_groups", "table_partial_auc", "table_roc"]  # tables beyond memory
__all__ += ["AUCMonitor"]  # confidence sequences for monitoring
__all__ += results.__all__
