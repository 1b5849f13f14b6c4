"""The AUC and its intervals from real labels and scores.

The empirical AUC with ties counted ½; DeLong's variance and its structural components;
every interval method of :data:`aucbound.METHODS` evaluated on a data set, the stratified
bootstrap (percentile, BCa) among them; two scorers on the same cases; reading columns
from files. Data functions take the labels first, as scikit-learn's
``roc_auc_score(y_true, y_score)`` and pROC's ``roc(response, predictor)``.
"""

from ._auc import auc, auc_from_groups
from ._bootstrap import BOOTSTRAP_METHODS, bootstrap_aucs, bootstrap_interval
from ._compare import COMPARE_METHODS, DEFAULT_COMPARE_METHODS, compare
from ._delong import delong, delong_variance
from ._intervals import DEFAULT_METHODS, intervals
from ._io import read_columns

__all__ = [
    "BOOTSTRAP_METHODS",
    "COMPARE_METHODS",
    "DEFAULT_COMPARE_METHODS",
    "DEFAULT_METHODS",
    "auc",
    "auc_from_groups",
    "bootstrap_aucs",
    "bootstrap_interval",
    "compare",
    "delong",
    "delong_variance",
    "intervals",
    "read_columns",
]
