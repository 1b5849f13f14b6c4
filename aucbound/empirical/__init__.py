"""The AUC and its intervals from real scores and labels.

``auc``: the empirical AUC with ties counted ½; ``delong``: DeLong's variance and its
structural components; ``newcombe``: Newcombe's score interval; ``bootstrap``: the
stratified bootstrap (percentile, BCa); ``intervals``: every interval method in one table;
``compare``: two scorers on the same cases; ``io``: reading columns from files.
"""

from .auc import auc, auc_from_groups
from .bootstrap import bootstrap_aucs, bootstrap_interval
from .compare import compare
from .delong import delong, delong_variance
from .intervals import DEFAULT_METHODS, EMPIRICAL_METHODS, intervals
from .io import read_columns
from .newcombe import newcombe_interval

__all__ = [
    "DEFAULT_METHODS",
    "EMPIRICAL_METHODS",
    "auc",
    "auc_from_groups",
    "bootstrap_aucs",
    "bootstrap_interval",
    "compare",
    "delong",
    "delong_variance",
    "intervals",
    "newcombe_interval",
    "read_columns",
]
