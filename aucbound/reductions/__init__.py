"""Ranking through a pairwise classifier (Balcan et al. 2007; Ailon & Mohri 2008).

A preference function h on n items (:class:`Preference`: a matrix, scores or a vectorized
callable) is turned into a ranking by Degree — sort by number of wins (Balcan et al.
2007, Alg. 2) — or by QuickSort with h as comparison, optionally stopping at the top k
(Ailon & Mohri 2008, §3); :func:`auc_train` builds the binary training set of mixed pairs
(Balcan et al. 2007, Alg. 1), and :func:`expected_comparisons` gives QuickSort's exact
expected number of calls of h.

Imports only :mod:`aucbound._validate`, :mod:`aucbound.results`, numpy and the standard library.
"""

from ._auc_train import auc_train
from ._comparisons import expected_comparisons, expected_comparisons_float, expected_comparisons_recurrence
from ._degree import degree_ranking
from ._preference import Preference
from ._quicksort import quicksort_ranking, quicksort_runs

__all__ = [
    "Preference",
    "auc_train",
    "degree_ranking",
    "expected_comparisons",
    "expected_comparisons_float",
    "expected_comparisons_recurrence",
    "quicksort_ranking",
    "quicksort_runs",
]
