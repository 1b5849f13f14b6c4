"""Ranking through a pairwise classifier (Balcan et al. 2007; Ailon & Mohri 2008).

A preference function h on n items (:class:`Preference`: a matrix, scores or a vectorized
callable; :func:`read_preference` reads one from a file) is turned into a ranking by Degree
— sort by number of wins (Balcan et al. 2007, Alg. 2) — or by QuickSort with h as
comparison, optionally stopping at the top k (Ailon & Mohri 2008, §3); :func:`auc_train` builds the binary training set of mixed pairs
(Balcan et al. 2007, Alg. 1), and :func:`expected_comparisons` gives QuickSort's exact
expected number of calls of h.

The losses and regrets of a ranking and of h (weight functions ω with their axioms,
L_ω(π, σ), L(h, σ), 1 − AUC), QuickSort's exact expected loss for small n, and the
tournament theorems (Balcan et al. 2007, Thm 2 and Thm 4 with Examples 1 and 2; Ailon &
Mohri 2008, Thm 7) make the guarantees checkable exactly.

Imports only the neutral modules (:mod:`aucbound._validate`, the result base, the file reading of
:mod:`aucbound._files`), numpy and the standard library.
"""

from ._auc_train import auc_train
from ._comparisons import expected_comparisons, expected_comparisons_float, expected_comparisons_recurrence
from ._degree import degree_ranking
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
    misordered,
    preference_loss,
    preference_regret,
    ranking_loss,
    ranking_regret,
    top_k_weights,
)
from ._preference import Preference
from ._preference_file import MAX_FILE_ITEMS, read_preference
from ._quicksort import quicksort_ranking, quicksort_runs
from ._checks import MAX_ITEMS
from ._tournaments import (
    DEFAULT_EPSILONS,
    MAX_EXAMPLE_WORK,
    MAX_EXHAUSTIVE_ITEMS,
    example1,
    example2,
    example2_tournament,
    exhaustive_check,
    misordered_pairs,
    regular_tournament,
    three_cycle_adversary,
    tight_examples,
    winner_loser_counts,
)
from ._results import (
    AdversaryLabelling,
    DegreeRanking,
    FeedbackArcSetExample,
    PairSample,
    QuickSortRanking,
    QuickSortRuns,
    RegularTournamentExample,
    TightExamples,
    TournamentCheck,
)

__all__ = [
    "DEFAULT_EPSILONS",
    "MAX_EXAMPLE_WORK",
    "MAX_EXHAUSTIVE_ITEMS",
    "MAX_ITEMS",
    "MAX_FILE_ITEMS",
    "AdversaryLabelling",
    "DegreeRanking",
    "FeedbackArcSetExample",
    "PairSample",
    "QuickSortRanking",
    "QuickSortRuns",
    "RegularTournamentExample",
    "TightExamples",
    "TournamentCheck",
    "Preference",
    "all_minimum_feedback_orderings",
    "auc_loss",
    "auc_train",
    "back_edges",
    "bipartite_ground_truth",
    "bipartite_weights",
    "check_weights",
    "degree_ranking",
    "example1",
    "example2",
    "example2_tournament",
    "exhaustive_check",
    "expected_comparisons",
    "expected_comparisons_float",
    "expected_comparisons_recurrence",
    "expected_quicksort_loss",
    "expected_quicksort_regret",
    "generalized_ranking",
    "ground_truth_expectation",
    "kemeny_weights",
    "minimum_feedback_arc_set",
    "misordered",
    "misordered_pairs",
    "preference_loss",
    "preference_regret",
    "quicksort_above",
    "quicksort_ranking",
    "quicksort_runs",
    "ranking_loss",
    "ranking_regret",
    "read_preference",
    "regular_tournament",
    "three_cycle_adversary",
    "tight_examples",
    "top_k_weights",
    "winner_loser_counts",
]
