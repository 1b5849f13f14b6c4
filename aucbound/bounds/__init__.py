"""Closed-form bounds from m, n and δ, with no data (Agarwal et al. 2005, §3; Hoeffding 1963).

``deviation``: McDiarmid, the error-rate comparison and finite classes; ``hoeffding``:
the two-sample U-statistic bounds (beyond the paper); ``variance``: Chebyshev and the
normal approximation with Lehmann's variance and its extremes; ``interval``: the method
registry behind :func:`interval` and :func:`sample_size`; ``uniform``: uniform convergence over
a class (§4) and Freund et al.'s bound; ``learnability``: Agarwal & Roth's sample
complexities (2005, COLT).
"""

from .deviation import (
    error_rate_epsilon,
    error_rate_sample_size,
    error_rate_tail,
    finite_class_epsilon,
    finite_class_sample_size,
    finite_class_tail,
    mcdiarmid_epsilon,
    mcdiarmid_sample_size,
    mcdiarmid_tail,
    sample_size_ratio,
)
from .hoeffding import bernoulli_kl, hoeffding_epsilon, hoeffding_kl_interval, hoeffding_sample_size, hoeffding_tail
from .learnability import (
    ceil_rho,
    consistent_linear_ranker,
    eem_exact_sample_size,
    eem_sample_size,
    excess_error_lower_bound,
    rank_shatters,
    sample_complexity_lower_bound,
)
from .interval import METHODS, Method, interval, interval_table, sample_size, split_sample
from .uniform import freund_epsilon, uniform_bound, uniform_epsilon, uniform_sample_size, uniform_tail
from .variance import (
    chebyshev_epsilon,
    chebyshev_tail,
    hanley_mcneil_p,
    hanley_mcneil_variance,
    lehmann_variance,
    normal_epsilon,
    normal_tail,
    score_interval,
    variance_max,
    variance_min,
)

__all__ = [
    "METHODS",
    "Method",
    "ceil_rho",
    "consistent_linear_ranker",
    "eem_exact_sample_size",
    "eem_sample_size",
    "excess_error_lower_bound",
    "freund_epsilon",
    "rank_shatters",
    "sample_complexity_lower_bound",
    "uniform_bound",
    "uniform_epsilon",
    "uniform_sample_size",
    "uniform_tail",
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
