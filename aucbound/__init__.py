"""aucbound: learning-theory bounds and confidence intervals for the AUC.

The closed-form intervals and sample sizes of Agarwal, Graepel, Herbrich, Har-Peled &
Roth (2005) and Hoeffding's U-statistic bounds (:mod:`aucbound.bounds`), and the AUC of
real scores (:mod:`aucbound.empirical`).
"""

from .bounds import (
    METHODS,
    bernoulli_kl,
    chebyshev_epsilon,
    chebyshev_tail,
    error_rate_epsilon,
    error_rate_sample_size,
    error_rate_tail,
    finite_class_epsilon,
    finite_class_sample_size,
    finite_class_tail,
    hanley_mcneil_p,
    hanley_mcneil_variance,
    hoeffding_epsilon,
    hoeffding_kl_interval,
    hoeffding_sample_size,
    hoeffding_tail,
    interval,
    interval_table,
    lehmann_variance,
    mcdiarmid_epsilon,
    mcdiarmid_sample_size,
    mcdiarmid_tail,
    normal_epsilon,
    normal_tail,
    sample_size,
    sample_size_ratio,
    score_interval,
    split_sample,
    variance_max,
    variance_min,
)
from .empirical import auc, auc_from_groups
from .results import GUARANTEES, Interval, SampleSize

__version__ = "0.1.0"

__all__ = [
    "GUARANTEES",
    "METHODS",
    "Interval",
    "SampleSize",
    "__version__",
    "auc",
    "auc_from_groups",
    "bernoulli_kl",
    "chebyshev_epsilon",
    "chebyshev_tail",
    "error_rate_epsilon",
    "error_rate_sample_size",
    "error_rate_tail",
    "finite_class_epsilon",
    "finite_class_sample_size",
    "finite_class_tail",
    "hanley_mcneil_p",
    "hanley_mcneil_variance",
    "hoeffding_epsilon",
    "hoeffding_kl_interval",
    "hoeffding_sample_size",
    "hoeffding_tail",
    "interval",
    "interval_table",
    "lehmann_variance",
    "mcdiarmid_epsilon",
    "mcdiarmid_sample_size",
    "mcdiarmid_tail",
    "normal_epsilon",
    "normal_tail",
    "sample_size",
    "sample_size_ratio",
    "score_interval",
    "split_sample",
    "variance_max",
    "variance_min",
]
