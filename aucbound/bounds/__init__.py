"""Closed-form bounds from m, n and δ, with no data (Agarwal et al. 2005; Agarwal & Roth 2005).

McDiarmid's interval, the error-rate comparison and finite classes (Agarwal et al. 2005,
§3); Hoeffding's two-sample U-statistic bounds (1963, beyond the paper); Chebyshev, the
normal approximation and Wald's interval with Lehmann's variance, its extremes and
Hanley–McNeil's; Newcombe's score interval; the method registry behind :func:`interval`,
:func:`interval_table` and :func:`sample_size`; uniform convergence over a class (§4) and
Freund et al.'s bound; Agarwal & Roth's sample complexities (2005, COLT).
"""

from ._deviation import (
    error_rate_epsilon,
    error_rate_tail,
    finite_class_epsilon,
    finite_class_tail,
    mcdiarmid_epsilon,
    mcdiarmid_tail,
    sample_size_ratio,
)
from ._bernstein import bennett_deviation, bernstein_deviations, bernstein_ends, bernstein_half_width, psi
from ._hoeffding import bernoulli_kl, hoeffding_epsilon, hoeffding_kl_interval, hoeffding_tail
from ._interval import evaluate_row, interval, interval_row, interval_table
from ._learnability import (
    MAX_EXACT_COUNT_DIGITS,
    ceil_rho,
    eem_exact_sample_size,
    eem_sample_size,
    excess_error_lower_bound,
    sample_complexity_lower_bound,
)
from ._methods import INPUTS, METHODS, Estimates, Method, distribution_free_methods, evaluate, method_keys, register, unregister
from ._newcombe import newcombe_interval
from ._sample_size import (
    error_rate_sample_size,
    finite_class_sample_size,
    hoeffding_sample_size,
    mcdiarmid_sample_size,
    sample_size,
    split_sample,
)
from ._sizes import MAX_SIZE
from ._uniform import freund_epsilon, function_class, uniform_bound, uniform_epsilon, uniform_sample_size, uniform_tail
from ._variance import (
    chebyshev_epsilon,
    chebyshev_tail,
    hanley_mcneil_p,
    hanley_mcneil_variance,
    lehmann_inputs,
    lehmann_variance,
    normal_epsilon,
    normal_tail,
    score_interval,
    variance_max,
    variance_min,
    wald_interval,
)
from ._results import Interval, SampleComplexity, SampleSize, UniformBound

# Shared with aucbound's other packages, and not part of the documented API (so not in __all__):
# evaluate, evaluate_row, interval_row, method_keys, lehmann_inputs, function_class take checked arguments, as their callers here give them.
# bernstein_ends, bernstein_deviations, bernstein_half_width, bennett_deviation and psi (the bernstein interval's
# parts) take arrays
# already checked.
__all__ = [
    "Interval",
    "SampleComplexity",
    "SampleSize",
    "UniformBound",
    "INPUTS",
    "MAX_EXACT_COUNT_DIGITS",
    "MAX_SIZE",
    "METHODS",
    "Estimates",
    "Method",
    "bernoulli_kl",
    "ceil_rho",
    "chebyshev_epsilon",
    "chebyshev_tail",
    "distribution_free_methods",
    "eem_exact_sample_size",
    "eem_sample_size",
    "error_rate_epsilon",
    "error_rate_sample_size",
    "error_rate_tail",
    "excess_error_lower_bound",
    "finite_class_epsilon",
    "finite_class_sample_size",
    "finite_class_tail",
    "freund_epsilon",
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
    "newcombe_interval",
    "normal_epsilon",
    "normal_tail",
    "register",
    "sample_complexity_lower_bound",
    "sample_size",
    "sample_size_ratio",
    "score_interval",
    "split_sample",
    "uniform_bound",
    "uniform_epsilon",
    "uniform_sample_size",
    "uniform_tail",
    "unregister",
    "variance_max",
    "variance_min",
    "wald_interval",
]
