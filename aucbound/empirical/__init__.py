"""The AUC and its intervals from real labels and scores.

The empirical AUC with ties counted ½; DeLong's variance and its structural components;
every interval method of :data:`aucbound.METHODS` evaluated on a data set, the stratified
bootstrap (percentile, BCa) among them; two scorers on the same cases; reading columns
from files. Data functions take the labels first, as scikit-learn's
``roc_auc_score(y_true, y_score)`` and pROC's ``roc(response, predictor)``.
"""

from ._auc import auc, auc_from_groups
from ._bootstrap import bootstrap_aucs, bootstrap_interval
from ._compare import DEFAULT_COMPARE_METHODS, compare, compare_methods
from ._delong import delong, delong_variance
from ._intervals import default_methods, intervals
from ._io import read_columns

__all__ = [
    "DEFAULT_COMPARE_METHODS",
    "auc",
    "auc_from_groups",
    "bootstrap_aucs",
    "bootstrap_interval",
    "compare",
    "compare_methods",
    "default_methods",
    "delong",
    "delong_variance",
    "intervals",
    "read_columns",
]
