"""Small exact learners of ranking functions that the papers use.

:func:`rankboost` (Freund, Iyer, Schapire & Singer 2003) in its bipartite form, O(m + n)
a round; :func:`pairwise_boost` under the logistic and hinge losses (Uematsu & Lee 2011,
§5); the pairwise risk and its gradient (:func:`pairwise_risk`, :func:`pairwise_gradient`);
and Agarwal & Roth's (2005, Thm 9) consistent-hypothesis linear program
(:func:`consistent_linear_ranker`). Not a general machine-learning library: each learner
is what a paper's experiment needs, computed exactly.
"""

from ..shatter import ConsistentRanker, consistent_linear_ranker
from ._ranker import BoostedRanker
from ._boost import BOOST_LOSSES, pairwise_boost, rankboost
from ._checks import MAX_POINTS, MAX_ROUNDS, SELECTIONS, WEAK
from ._pairwise import LOSSES, pairwise_gradient, pairwise_risk

__all__ = [
    "BOOST_LOSSES",
    "BoostedRanker",
    "ConsistentRanker",
    "LOSSES",
    "MAX_POINTS",
    "MAX_ROUNDS",
    "SELECTIONS",
    "WEAK",
    "consistent_linear_ranker",
    "pairwise_boost",
    "pairwise_gradient",
    "pairwise_risk",
    "rankboost",
]
