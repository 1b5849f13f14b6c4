"""Every result type of aucbound's public functions, in one place.

Each type lives beside the functions that return it (``aucbound.bounds.Interval``,
``aucbound.empirical.ROCCurve``, …); this module gathers them, and the top-level package
exports every name listed here. Each result is a frozen dataclass that echoes its inputs and
carries the answer, the method, the theorem it comes from and the kind of guarantee it has
(one of :data:`GUARANTEES`). ``.as_dict()`` gives plain Python values for JSON; ``str()`` a
readable summary, ``to_frame()`` a pandas DataFrame and Jupyter an HTML table.

>>> import aucbound
>>> aucbound.results.Interval is aucbound.Interval is aucbound.bounds.Interval
True
"""

from ._result_base import GUARANTEES
from .shatter import ConsistentRanker, CountBound, MeasuredCount, PsiReport, ShatterBound
from .bounds import Interval, SampleComplexity, SampleSize, UniformBound
from .empirical import (
    AUCIntervals,
    Comparison,
    DeLong,
    DistributionFreePower,
    OperatingPoint,
    PartialAUC,
    PowerAnalysis,
    ROCBand,
    ROCCurve,
    ResampledTest,
)
from .empirical import MulticlassAUC, MulticlassInterval  # the multiclass AUC
from .reductions import (
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
from .optimal import (
    Calibration,
    DiscreteBayes,
    DiscreteMinimizer,
    HingeExcessRisk,
    HingeToyCase,
    LimitingJumps,
    NormalBayes,
    OptimalSteps,
)
from .learn import BoostedRanker
from .simulate import BandCoverage, Coverage, CoverageStudy, MethodCoverage
from .empirical import CurvesComparison, PairwiseDifference, UnpairedComparison
from .experiments import (
    BoundShapeExperiment,
    BoundShapeRow,
    LossScores,
    LossScoresRow,
    QuickSortCalls,
    RankBoostNormal,
    RegretExperiment,
    RegretRow,
)
from .empirical import PRAUC, PRCurve  # precision–recall
from .scale import GroupAUC, GroupedTableAUC, TableAUC  # tables beyond memory
from .empirical import MonitorHistory, MonitorRow  # confidence sequences for monitoring
from .simulate import MonitorCoverage

__all__ = [
    "GUARANTEES",
    "AUCIntervals",
    "AdversaryLabelling",
    "BandCoverage",
    "BoostedRanker",
    "BoundShapeExperiment",
    "BoundShapeRow",
    "Calibration",
    "Comparison",
    "ConsistentRanker",
    "CountBound",
    "Coverage",
    "CoverageStudy",
    "CurvesComparison",
    "DeLong",
    "DegreeRanking",
    "DiscreteBayes",
    "DiscreteMinimizer",
    "DistributionFreePower",
    "FeedbackArcSetExample",
    "GroupAUC",
    "GroupedTableAUC",
    "HingeExcessRisk",
    "HingeToyCase",
    "Interval",
    "LimitingJumps",
    "LossScores",
    "LossScoresRow",
    "MeasuredCount",
    "MethodCoverage",
    "MonitorCoverage",
    "MonitorHistory",
    "MonitorRow",
    "MulticlassAUC",
    "MulticlassInterval",
    "NormalBayes",
    "OperatingPoint",
    "OptimalSteps",
    "PRAUC",
    "PRCurve",
    "PairSample",
    "PairwiseDifference",
    "PartialAUC",
    "PowerAnalysis",
    "PsiReport",
    "QuickSortCalls",
    "QuickSortRanking",
    "QuickSortRuns",
    "ROCBand",
    "ROCCurve",
    "RankBoostNormal",
    "RegretExperiment",
    "RegretRow",
    "RegularTournamentExample",
    "ResampledTest",
    "SampleComplexity",
    "SampleSize",
    "ShatterBound",
    "TableAUC",
    "TightExamples",
    "TournamentCheck",
    "UniformBound",
    "UnpairedComparison",
]
