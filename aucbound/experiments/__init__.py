"""The papers' experiments, one module per figure.

:func:`regret_experiment` (Balcan et al. 2007, Thm 1; Ailon & Mohri 2008, Thm 2): the AUC
regrets of Degree, QuickSort and a minimum feedback arc set ordering beside the
classification regret r of a pairwise classifier that errs — at random, on close pairs, or
as the papers' adversarial instances. :func:`quicksort_calls` (Ailon & Mohri 2008, §3): the
calls of h that QuickSort, its top k and Degree make, against n.

:func:`bound_shape` (Agarwal et al. 2005, §4.5, Figure 4): RankBoost's linear rankers in
R^16 and Cor 4.5's lower bound against the training sizes. :func:`rankboost_normal`
(Uematsu & Lee 2011, §5.1, Figure 3) and :func:`loss_scores` (§5.1.3's data, Figures 8 and 9,
with HingeBoost and the comparison of Figure 14 from §5.2):
what boosting under the exponential, logistic and hinge losses learns, against Thm 2.

Sits above :mod:`aucbound.learn`, :mod:`aucbound.reductions` and :mod:`aucbound.simulate`;
:mod:`aucbound.plots` and the command line draw and print what these return.
"""

from ._bound_shape import bound_shape
from ._calls import quicksort_calls
from ._loss_scores import loss_scores
from ._rankboost_normal import rankboost_normal
from ._regret import MODELS, regret_experiment
from ..results import (BoundShapeExperiment, BoundShapeRow, LossScores, LossScoresRow, QuickSortCalls,
                       RankBoostNormal, RegretExperiment, RegretRow)

__all__ = ["MODELS", "BoundShapeExperiment", "BoundShapeRow", "LossScores", "LossScoresRow", "QuickSortCalls",
           "RankBoostNormal", "RegretExperiment", "RegretRow", "bound_shape", "loss_scores", "quicksort_calls",
           "rankboost_normal", "regret_experiment"]
