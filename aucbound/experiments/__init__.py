"""The papers' experiments, one module per figure: what a reduction costs in practice.

:func:`regret_experiment` (Balcan et al. 2007, Thm 1; Ailon & Mohri 2008, Thm 2): the AUC
regrets of Degree, QuickSort and a minimum feedback arc set ordering beside the
classification regret r of a pairwise classifier that errs — at random, on close pairs, or
as the papers' adversarial instances. :func:`quicksort_calls` (Ailon & Mohri 2008, §3): the
calls of h that QuickSort, its top k and Degree make, against n.

Sits above :mod:`aucbound.reductions` and :mod:`aucbound.simulate`; :mod:`aucbound.plots`
and the command line draw and print what these return.
"""

from ._calls import quicksort_calls
from ._regret import MODELS, regret_experiment
from ..results import QuickSortCalls, RegretExperiment, RegretRow

__all__ = ["MODELS", "QuickSortCalls", "RegretExperiment", "RegretRow", "quicksort_calls", "regret_experiment"]
