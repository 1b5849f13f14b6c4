"""Ranking through a pairwise classifier: losses and regrets, tournament theorems, QuickSort's expected loss.

Balcan et al. (2007), "Robust Reductions from Ranking to Classification", and Ailon & Mohri
(2008), "An Efficient Reduction of Ranking to Classification". Imports only
:mod:`aucbound._validate` and :mod:`aucbound.results`.
"""

from ._expectation import expected_quicksort_loss, expected_quicksort_regret, quicksort_above
from ._feedback import all_minimum_feedback_orderings, back_edges, minimum_feedback_arc_set
from ._losses import (
    auc_loss,
    bipartite_ground_truth,
    bipartite_weights,
    check_weights,
    generalized_ranking,
    ground_truth_expectation,
    kemeny_weights,
    preference_loss,
    preference_regret,
    ranking_loss,
    ranking_regret,
    top_k_weights,
)
from ._tournaments import (
    example1,
    example2,
    example2_tournament,
    exhaustive_check,
    misordered_pairs,
    regular_tournament,
    three_cycle_adversary,
    winner_loser_counts,
)

__all__ = [
    "all_minimum_feedback_orderings",
    "auc_loss",
    "back_edges",
    "bipartite_ground_truth",
    "bipartite_weights",
    "check_weights",
    "example1",
    "example2",
    "example2_tournament",
    "exhaustive_check",
    "expected_quicksort_loss",
    "expected_quicksort_regret",
    "generalized_ranking",
    "ground_truth_expectation",
    "kemeny_weights",
    "minimum_feedback_arc_set",
    "misordered_pairs",
    "preference_loss",
    "preference_regret",
    "quicksort_above",
    "ranking_loss",
    "ranking_regret",
    "regular_tournament",
    "three_cycle_adversary",
    "top_k_weights",
    "winner_loser_counts",
]
