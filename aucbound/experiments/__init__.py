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

from ._bound_shape import DEFAULT_SIZES as BOUND_SHAPE_SIZES, MAX_SIZE as BOUND_SHAPE_MAX_SIZE, bound_shape
from ._calls import quicksort_calls
from ._loss_scores import LOSSES as LOSS_SCORES_LOSSES, ROUNDS as LOSS_SCORES_ROUNDS, SIZE as LOSS_SCORES_SIZE, loss_scores
from ._rankboost_normal import (ROUNDS as RANKBOOST_NORMAL_ROUNDS, SIZE as RANKBOOST_NORMAL_SIZE, check_rankboost_normal,
                                rankboost_normal)
from ._regret import MODELS, regret_experiment
from ._results import (BoundShapeExperiment, BoundShapeRow, LossScores, LossScoresRow, QuickSortCalls,
                       RankBoostNormal, RegretExperiment, RegretRow)

#: The defaults and limits of the experiments, for the figures and the command line: the (m, n) grid of Figure 4
#: and its largest size, and the size, rounds and losses of the loss and RankBoost experiments.
__all__ = ["BOUND_SHAPE_MAX_SIZE", "BOUND_SHAPE_SIZES", "LOSS_SCORES_LOSSES", "LOSS_SCORES_ROUNDS", "LOSS_SCORES_SIZE",
           "RANKBOOST_NORMAL_ROUNDS", "RANKBOOST_NORMAL_SIZE", "MODELS", "BoundShapeExperiment", "BoundShapeRow", "LossScores", "LossScoresRow", "QuickSortCalls",
           "RankBoostNormal", "RegretExperiment", "RegretRow", "bound_shape", "loss_scores", "quicksort_calls",
           "rankboost_normal", "regret_experiment"]
