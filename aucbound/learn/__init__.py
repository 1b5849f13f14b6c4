"""Small exact learners of ranking functions that the papers use.

:func:`rankboost` (Freund, Iyer, Schapire & Singer 2003) in its bipartite form, O(m + n)
a round; :func:`pairwise_boost` under the logistic, hinge and squared-hinge losses
(Uematsu & Lee 2011, §5); the pairwise risk and its gradient under any loss of the registry
:data:`LOSSES` (:data:`aucbound.optimal.LOSSES`; :func:`pairwise_risk`, :func:`pairwise_gradient`);
the scores of a learned ranker in O(k + T) memory (:func:`score`,
:func:`feature_effect`, :func:`staged_auc`); and Agarwal & Roth's (2005, Thm 9)
consistent-hypothesis linear program
(:func:`consistent_linear_ranker`). Not a general machine-learning library: each learner
is what a paper's experiment needs, computed exactly.
"""

from ..shatter import ConsistentRanker, consistent_linear_ranker
from ..optimal import LOSSES
from ._ranker import BoostedRanker
from ._boost import ALPHA_RULES, BOOST_LOSSES, HINGE_STEPS, pairwise_boost, rankboost
from ._checks import MAX_ENTRIES, MAX_POINTS, MAX_ROUND_WORK, MAX_ROUNDS, MAX_WORK, SELECTIONS, WEAK, fits, limit, work
from ._pairwise import pairwise_gradient, pairwise_risk
from ._scoring import feature_effect, score, staged_auc

# Shared with aucbound's other packages, and not part of the documented API (so not in __all__):
# fits, limit, work take checked arguments, as their callers here give them.
__all__ = [
    "ALPHA_RULES",
    "BOOST_LOSSES",
    "BoostedRanker",
    "ConsistentRanker",
    "HINGE_STEPS",
    "LOSSES",
    "MAX_ENTRIES",
    "MAX_POINTS",
    "MAX_ROUND_WORK",
    "MAX_ROUNDS",
    "MAX_WORK",
    "SELECTIONS",
    "WEAK",
    "consistent_linear_ranker",
    "feature_effect",
    "pairwise_boost",
    "pairwise_gradient",
    "pairwise_risk",
    "rankboost",
    "score",
    "staged_auc",
]
