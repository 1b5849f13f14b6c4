"""The AUC and its intervals from real labels and scores.

The empirical AUC with ties counted ½; DeLong's variance and its structural components;
every interval method of :data:`aucbound.METHODS` evaluated on a data set, the stratified
bootstrap (percentile, BCa) among them; two scorers on the same cases; reading columns
from files; the ROC curve, its operating points and bands, and the partial AUC. The
bootstrap runs on ``workers`` threads and on the compiled engine where it is built
(:func:`use_engine` chooses; every engine gives the same numbers). Data
functions take the labels first, as scikit-learn's
``roc_auc_score(y_true, y_score)`` and pROC's ``roc(response, predictor)``.
"""

from ._auc import auc, auc_from_groups
from ._columns import NAN_POLICIES
from ._sample import Sample
from ._bootstrap import bootstrap_aucs, bootstrap_interval
from ._compare import DEFAULT_COMPARE_METHODS, compare, compare_methods
from ._delong import clip_to_lehmann_range, component_variances, delong, delong_variance, lehmann_p
from ._intervals import default_methods, intervals
from ._io import label_value, read_columns
from ._power import ALTERNATIVES, NULL_VARIANCES, POWER_METHODS, power_test, power_test_binormal, power_test_data
from ._partial import partial_auc
from ._resampling import ENGINES, MAX_RESAMPLES, engine_in_use, use_engine
from ._weights import WEIGHT_KINDS, weighted_placements
from ._band_exact import (
    MAX_BERK_JONES,
    MAX_KOLMOGOROV_EXACT,
    berk_jones_bounds,
    berk_jones_critical,
    check_berk_jones,
    kolmogorov_epsilon,
    kolmogorov_tail,
    non_crossing,
)
from ._roc import (
    BAND_METHODS,
    BEST_METHODS,
    EXACT_BANDS,
    band_bounds,
    band_contains,
    band_delta,
    band_edges,
    MAX_BAND_POINTS,
    MAX_BAND_READINGS,
    best_threshold,
    bootstrap_band,
    check_resamples,
    coords,
    dkw_band,
    dkw_band_contains,
    dkw_epsilon,
    roc_band,
    roc_curve,
    roc_curve_from_groups,
)
from ._results import (
    AUCIntervals,
    Comparison,
    DeLong,
    DistributionFreePower,
    OperatingPoint,
    PartialAUC,
    PowerAnalysis,
    ROCBand,
    ROCCurve,
)
# the multiclass AUC
from ._results import MulticlassAUC, MulticlassInterval
from ._multiclass import MULTICLASS_METHODS, multiclass_auc
from ._results import CurvesComparison, PairwiseDifference, UnpairedComparison
from ._curves import MAX_CURVES, compare_curves
from ._var_cov import VARIANCE_METHODS, auc_covariance, auc_variance
from ._hypotheses import COMPARE_ALTERNATIVES
from ._compare import PAIRED_TESTS
from ._unpaired import DEFAULT_UNPAIRED_METHODS, UNPAIRED_METHODS, UNPAIRED_TESTS, compare_unpaired

# Shared with aucbound's other packages, and not part of the documented API (so not in __all__):
# weighted_placements (the weighted structural components, for comparisons of weighted data);
# PAIRED_TESTS, UNPAIRED_TESTS (the tables of tests that compare and compare_unpaired read);
# EXACT_BANDS, band_bounds, band_edges, band_contains, band_delta (the distribution-free ROC bands from per-count class bands,
# for the simulator), non_crossing, kolmogorov_tail, berk_jones_bounds (the exact crossing probability and the
# Berk–Jones class band, for the tests and bench/band_sharper.py), check_berk_jones (its limits, for aucbound.plots);
# Sample, roc_curve_from_groups, dkw_band, bootstrap_band, dkw_band_contains, lehmann_p, component_variances, clip_to_lehmann_range, check_resamples take checked arguments, as their callers here give them.
__all__ = [
    "MAX_RESAMPLES",
    "NAN_POLICIES",
    "NULL_VARIANCES",
    "AUCIntervals",
    "Comparison",
    "DeLong",
    "DistributionFreePower",
    "OperatingPoint",
    "PartialAUC",
    "PowerAnalysis",
    "ROCBand",
    "ROCCurve",
    "BAND_METHODS",
    "BEST_METHODS",
    "DEFAULT_COMPARE_METHODS",
    "ENGINES",
    "best_threshold",
    "MAX_BAND_POINTS",
    "MAX_BAND_READINGS",
    "coords",
    "dkw_epsilon",
    "partial_auc",
    "roc_band",
    "roc_curve",
    "auc",
    "auc_from_groups",
    "bootstrap_aucs",
    "bootstrap_interval",
    "compare",
    "compare_methods",
    "default_methods",
    "delong",
    "delong_variance",
    "engine_in_use",
    "intervals",
    "power_test",
    "power_test_binormal",
    "power_test_data",
    "read_columns",
    "ALTERNATIVES",
    "POWER_METHODS",
    "label_value",
    "use_engine",
    # the multiclass AUC
    "MULTICLASS_METHODS",
    "MulticlassAUC",
    "MulticlassInterval",
    "multiclass_auc",
    "WEIGHT_KINDS",
    # comparisons: one-sided and unpaired tests, k curves, var and cov
    "COMPARE_ALTERNATIVES",
    "DEFAULT_UNPAIRED_METHODS",
    "UNPAIRED_METHODS",
    "UnpairedComparison",
    "compare_unpaired",
    "CurvesComparison",
    "PairwiseDifference",
    "MAX_CURVES",
    "compare_curves",
    "VARIANCE_METHODS",
    "auc_covariance",
    "auc_variance",
]

# precision–recall: the curve, average precision, the area under the curve with intervals
from ._precision_recall import PR_ESTIMATORS, PR_METHODS, average_precision, pr_auc, precision_recall_curve
from ._results import PRAUC, PRCurve

__all__ += ["PR_ESTIMATORS", "PR_METHODS", "PRAUC", "PRCurve", "average_precision", "pr_auc",
            "precision_recall_curve"]

# --- the resampled tests of two ROC curves (pROC's roc.test: bootstrap, Venkatraman, sensitivity/specificity) ---
from ._resampled_api import bootstrap_test, operating_point_test, venkatraman_test  # noqa: E402
from ._results import ResampledTest  # noqa: E402

__all__ += ["ResampledTest", "bootstrap_test", "operating_point_test", "venkatraman_test"]

# --- statistics from levels in score order, for the engines of aucbound.scale ---
# Shared with aucbound.scale, not part of the documented API (so not in __all__): LevelStatistics,
# SortedRows, binned_bounds (the stream of levels), positive_class (a table's positive label value),
# warn_below_chance (the warning of an AUC below 1/2),
# closed_form_methods, statistics_rows (the closed-form rows from level statistics), curve_from_levels
# (the ROC curve of levels), delong_comparison (DeLong's paired test from counts and variances), RowPlacements,
# PairedDifferences (each row's placement, and the spread of their paired differences), unpaired_comparison
# (DeLong's unpaired test from two samples' statistics), checked_range, partial_value, partial_result (the partial
# AUC from a curve's counts).
from ._stream import LevelStatistics, SortedRows, binned_bounds  # noqa: E402
from ._labels import positive_class  # noqa: E402
from ._columns import warn_below_chance  # noqa: E402
from ._intervals import closed_form_methods, statistics_rows  # noqa: E402
from ._roc import curve_from_levels  # noqa: E402
from ._compare import delong_comparison  # noqa: E402
from ._unpaired import unpaired_comparison  # noqa: E402
from ._stream import RowPlacements, PairedDifferences  # noqa: E402
from ._partial import checked_range, partial_result, partial_value  # noqa: E402

# --- per-group statistics from one stream in score order (fairness audits on tables beyond memory) ---
# Shared with aucbound's other packages, and not part of the documented API (so not in __all__):
# GroupedStatistics (each group's, each group's rest's and the overall Statistics, chunk by chunk).
from ._stream_groups import GroupedStatistics  # noqa: E402, F401

# --- ROC bands at exact finite-sample critical values (Kolmogorov, Berk–Jones) ---
__all__ += ["MAX_BERK_JONES", "MAX_KOLMOGOROV_EXACT", "berk_jones_critical", "kolmogorov_epsilon"]

# --- confidence sequences for monitoring a deployed model's AUC ---
# Shared with aucbound's other packages, and not part of the documented API (so not in __all__):
# epoch_weight, FIRST_EPOCH (the epochs' schedule), dominance_sum (the paired monitor's part),
# update_together (several monitors advanced at once, for the simulator).
from ._monitor import (MONITOR_METHODS, AUCMonitor, FIRST_EPOCH, dominance_sum,  # noqa: E402, F401
                       epoch_weight, update_together)
from ._results import MonitorHistory, MonitorRow  # noqa: E402

__all__ += ["AUCMonitor", "MONITOR_METHODS", "MonitorHistory", "MonitorRow"]
