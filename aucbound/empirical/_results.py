"""What the functions of labels and scores return: DeLong's variance, interval tables, comparisons,
power analyses, ROC curves, bands and partial AUCs."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass

from .._display import Displayed
from .._result_base import AtConfidence, fields_as_dict, plain, Rows
from ..bounds import Interval

__all__ = ['AUCIntervals', 'Comparison', 'DeLong', 'DistributionFreePower', 'OperatingPoint', 'PartialAUC', 'PowerAnalysis', 'ROCBand', 'ROCCurve',
           'MulticlassAUC', 'MulticlassInterval', 'UnpairedComparison', 'CurvesComparison', 'PairwiseDifference',
           'ResampledTest']


@dataclass(frozen=True)
class DeLong(Displayed):
    """DeLong's variance of Â from m positives and n negatives, with its ingredients.

    ``v10`` (one value per positive) and ``v01`` (one per negative) are the structural
    components in the order the items were given (absent from ``as_dict()``), computed on
    the first look at either by ``components`` (a function returning both); ``s10`` and
    ``s01`` are their sample variances and ``variance = s10/m + s01/n``. ``p1`` and ``p2``
    estimate Lehmann's p1 (two positives above one negative) and p2 (one positive above two
    negatives) by U-statistics, each tie counted ½ in each comparison.
    """

    _headline = "variance"

    auc: float
    m: int
    n: int
    variance: float
    s10: float
    s01: float
    p1: float
    p2: float
    source: str
    components: object = dataclasses.field(default=None, repr=False, compare=False)
    #: With case weights: their kind, "frequency" (m, n are the total weights W₊, W₋) or "sampling"
    #: (m, n count the rows of positive weight; the variance is the sandwich one). None without.
    weights: str | None = None

    @functools.cached_property
    def _components(self) -> tuple:
        return (None, None) if self.components is None else self.components()

    @property
    def v10(self):
        """V10, one value per positive, in the order given."""
        return self._components[0]

    @property
    def v01(self):
        """V01, one value per negative, in the order given."""
        return self._components[1]

    @property
    def std_error(self) -> float:
        """√variance."""
        return self.variance**0.5

    def as_dict(self) -> dict:
        data = {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}
        del data["components"]
        if self.weights is None:
            del data["weights"]
        data["std_error"] = self.std_error
        return data


@dataclass(frozen=True)
class AUCIntervals(Rows):
    """Every confidence interval for the AUC of one scorer on one test set, side by side.

    ``rows`` holds one :class:`Interval` per method, each at the observed m, n and Â,
    clipped to [0, 1]; ``result["delong"]`` finds a row by its method key.
    ``delong_variance`` is None when a class has a single item (it is undefined there);
    ``p1`` and ``p2`` are the estimates the plug-in rows used. ``resamples`` and ``seed``
    describe the bootstrap rows, when there are any.
    """

    _headline = "auc"

    auc: float
    m: int
    n: int
    delta: float
    delong_variance: float | None
    p1: float
    p2: float
    rows: tuple[Interval, ...]
    resamples: int | None = None
    seed: int | None = None
    #: With case weights: their kind ("frequency" or "sampling") and, for rows left out, why.
    weights: str | None = None
    left_out: str | None = None

    def as_dict(self) -> dict:
        data = super().as_dict()
        for name in ("weights", "left_out"):
            if data[name] is None:
                del data[name]
        return data


@dataclass(frozen=True)
class Comparison(Rows):
    """Two scorers on the same m positives and n negatives: the difference D = A_a − A_b.

    The paired test ``method`` (DeLong's: ``variance`` of D̂ from the covariance of the
    structural components) of the hypotheses ``alternative`` and ``margin`` (see
    :attr:`hypotheses`): its statistic ``z`` (D̂/√variance two-sided, (D̂ + margin)/√variance
    for "greater", (D̂ − margin)/√variance for "less", the one with the larger p-value for
    "equivalence") and ``p_value``. ``rows`` are intervals for D (``estimate`` is D̂; ``lo``
    and ``hi`` clipped to [−1, 1]), one per method: two-sided at 1 − δ, or one-sided bounds
    at 1 − δ for the other alternatives; ``left_out`` names the methods with no one-sided
    form, each with the reason. With a resampled ``method`` (``"bootstrap"``, ``"venkatraman"``,
    ``"specificity"``, ``"sensitivity"``: pROC's), ``z`` and ``p_value`` are that test's and
    ``test`` is its :class:`ResampledTest`; ``variance``, ``covariance`` and the rows stay
    DeLong's. ``test`` is None for DeLong's test.
    """

    _headline = "difference"

    auc_a: float
    auc_b: float
    difference: float
    m: int
    n: int
    delta: float
    variance: float
    covariance: float
    z: float
    p_value: float
    rows: tuple[Interval, ...]
    method: str = "delong"
    alternative: str = "two-sided"
    margin: float = 0.0
    left_out: tuple[tuple[str, str], ...] = ()
    #: With case weights: their kind, "frequency" (m, n are the total weights W₊, W₋) or "sampling"
    #: (m, n are the rows of positive weight).
    weights: str | None = None
    test: ResampledTest | None = None

    def as_dict(self) -> dict:
        data = super().as_dict()
        if data["weights"] is None:
            del data["weights"]
        return data

    @property
    def hypotheses(self) -> tuple[str, str]:
        """(H0, H1) in words, e.g. ``('D <= -0.05', 'D > -0.05')``."""
        return _hypotheses_text(self.alternative, self.margin)


def _hypotheses_text(alternative: str, margin: float) -> tuple[str, str]:
    from ._hypotheses import Hypotheses

    hyp = Hypotheses(alternative, margin)
    return hyp.null, hyp.alternative_text


@dataclass(frozen=True)
class DistributionFreePower(Displayed):
    """The question of a :class:`PowerAnalysis` answered for every score distribution, by one bound.

    ``method`` is ``"mcdiarmid"`` or ``"hoeffding"``: the test rejects when that bound's
    interval at level ``sig_level`` excludes the null. The quantity the analysis solved
    for is this bound's answer — the lowest power over all distributions with AUC (or
    difference) ``effect``, the smallest design (whole ``ncases`` and ``ncontrols``) with
    that power, the smallest level, or the smallest effect — and the others are the
    analysis's (given sizes rounded down to whole examples). None means no answer: no
    design up to 10^300, no level in (0, 1), no AUC up to 1. ``exclusion_ncases`` and
    ``exclusion_ncontrols`` are the smallest design whose interval excludes the null when
    the estimate equals ``effect`` (at this row's level and the analysis's class ratio).
    """

    method: str
    ncases: int | None
    ncontrols: int | None
    effect: float | None
    sig_level: float | None
    power: float | None
    exclusion_ncases: int | None
    exclusion_ncontrols: int | None
    source: str
    guarantee: str = "distribution-free"

    def as_dict(self) -> dict:
        """The fields as plain Python values."""
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class PowerAnalysis(Displayed):
    """Power and sample size of a test of one AUC against θ0, or of two correlated AUCs.

    Eq. 2 of Obuchowski, Lieber & Wians (2004) for one curve, and of Obuchowski & McClish
    (1997) for two, ties the number of cases ``ncases`` (with
    ``ncontrols = kappa·ncases``), the level ``sig_level``, the ``power`` and the effect —
    ``auc`` − ``auc0`` for one curve (``auc0`` is the null's AUC θ0, ½ unless given),
    ``difference`` + ``margin`` for two (``difference`` = ``auc1`` − ``auc2``; ``margin`` the
    non-inferiority margin, None for a test of no difference); ``alternative`` is
    ``"two-sided"``, ``"one-sided"`` (on the effect's side), ``"greater"`` or ``"less"``; ``solved``
    names the one that was computed from the others (``"power"``, ``"ncases"``,
    ``"sig_level"`` or ``"auc"``). ``null_variance`` and ``alternative_variance`` are V0 and
    VA, ncases times the variance of the estimate under each hypothesis; for two curves
    ``null`` says how V0 was estimated: ``"first"`` (Obuchowski & McClish's 2·V1 − 2·C12, the
    first curve taken as the null reference, as pROC does: the answer depends on the order)
    or ``"both"`` (V1 + V2 − 2·C12, the variance of the difference DeLong's test uses: the
    same in either order). ``method`` is where the variances come from (``"obuchowski"``:
    the binormal formulas; ``"delong"``: DeLong's estimate from data). The answer is
    asymptotic; ``distribution_free`` holds the same question answered by bounds that hold
    at every size (:class:`DistributionFreePower`), and ``rows`` both in one table, the
    asymptotic answer first. Sizes are real numbers, as Eq. 2 gives them.
    """

    _table_rows = "rows"

    solved: str
    method: str
    ncases: float
    ncontrols: float
    kappa: float
    sig_level: float
    power: float
    alternative: str
    auc: float | None
    auc1: float | None
    auc2: float | None
    difference: float | None
    null_variance: float
    alternative_variance: float
    source: str
    distribution_free: tuple[DistributionFreePower, ...] = dataclasses.field(default=(), repr=False)
    guarantee: str = "asymptotic"
    null: str | None = None
    auc0: float | None = None
    margin: float | None = None

    @property
    def two_curves(self) -> bool:
        """True for the comparison of two AUCs."""
        return self.difference is not None

    @property
    def effect(self) -> float:
        """The effect the test looks for: the AUC for one curve, the difference for two."""
        return self.difference if self.two_curves else self.auc

    @property
    def rows(self) -> list[dict]:
        """The answer as a table: the asymptotic one first (its ``method`` is :attr:`method`), then each
        distribution-free row, all with the keys of :class:`DistributionFreePower`."""
        first = {"method": self.method, "ncases": self.ncases, "ncontrols": self.ncontrols, "effect": self.effect,
                 "sig_level": self.sig_level, "power": self.power, "exclusion_ncases": None,
                 "exclusion_ncontrols": None, "source": self.source, "guarantee": self.guarantee}
        return [first] + [row.as_dict() for row in self.distribution_free]

    def as_dict(self) -> dict:
        """The fields as plain Python values, the distribution-free rows as dicts, and :attr:`rows`."""
        data = {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}
        data["distribution_free"] = [row.as_dict() for row in self.distribution_free]
        data["rows"] = self.rows
        return data


@dataclass(frozen=True, eq=False)
class ROCCurve(Displayed):
    """The empirical ROC curve: one point per threshold, from +∞ (nothing called positive) down to −∞.

    ``thresholds`` (float64), ``tp`` and ``fp`` (int64: positives and negatives with
    score ≥ threshold) have one entry per point; ``levels`` are the distinct scores in
    increasing order. ``sensitivity``/``tpr`` = tp/m, ``fpr`` = fp/n and ``specificity`` =
    (n − fp)/n are computed from the counts. ``auc`` is the area under the points joined by
    straight lines, Â with ties counted ½.
    """

    _headline = "auc"

    thresholds: object = dataclasses.field(repr=False)
    tp: object = dataclasses.field(repr=False)
    fp: object = dataclasses.field(repr=False)
    m: int
    n: int
    auc: float
    levels: object = dataclasses.field(repr=False)
    source: str = ""

    @property
    def sensitivity(self):
        """tp/m at each point (the true-positive rate)."""
        return self.tp / self.m

    tpr = sensitivity

    @property
    def specificity(self):
        """(n − fp)/n at each point."""
        return (self.n - self.fp) / self.n

    @property
    def fpr(self):
        """fp/n at each point (1 − specificity)."""
        return self.fp / self.n

    def __len__(self) -> int:
        return self.tp.shape[0]

    def as_dict(self) -> dict:
        """m, n, auc, source and one list per column (thresholds ±∞ as ±inf floats)."""
        return {
            "m": self.m, "n": self.n, "auc": self.auc, "source": self.source,
            "thresholds": plain(self.thresholds), "tp": plain(self.tp), "fp": plain(self.fp),
            "sensitivity": plain(self.sensitivity), "specificity": plain(self.specificity),
        }

    def _table(self):
        """The columns of :meth:`as_dict` as arrays (no lists of a million points for a look at the curve)."""
        names = ("thresholds", "tp", "fp", "sensitivity", "specificity")
        return self._shown_fields(), {name: getattr(self, name) for name in names}


@dataclass(frozen=True)
class OperatingPoint(Displayed):
    """One point of an ROC curve. ``threshold``, ``tp`` and ``fp`` are None for a point read
    between two vertices (by the straight line joining them)."""

    threshold: float | None
    specificity: float
    sensitivity: float
    tp: int | None
    fp: int | None

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


@dataclass(frozen=True, eq=False)
class ROCBand(AtConfidence):
    """A confidence band for the ROC curve, read at given values of ``focus``.

    ``focus`` is ``specificity`` (``at`` are specificities; ``estimate``, ``lo``, ``hi``
    sensitivities) or ``sensitivity`` (the reverse). ``simultaneous`` says whether the
    1 − δ covers every point at once (the DKW, Kolmogorov and Berk–Jones bands) or each point
    alone (the bootstrap's percentile band). ``epsilon_pos`` and ``epsilon_neg`` are the DKW or
    Kolmogorov half-widths on each class's empirical CDF, ``critical_pos`` and ``critical_neg``
    the Berk–Jones critical values; ``resamples`` and ``seed`` describe the bootstrap.
    """

    _table_columns = ("at", "estimate", "lo", "hi")

    method: str
    focus: str
    delta: float
    m: int
    n: int
    at: object = dataclasses.field(repr=False)
    estimate: object = dataclasses.field(repr=False)
    lo: object = dataclasses.field(repr=False)
    hi: object = dataclasses.field(repr=False)
    guarantee: str = ""
    simultaneous: bool = False
    source: str = ""
    epsilon_pos: float | None = None
    epsilon_neg: float | None = None
    resamples: int | None = None
    seed: int | None = None
    #: The Berk–Jones band's critical values c(m, δ/2) and c(n, δ/2) (None for the other bands).
    critical_pos: float | None = None
    critical_neg: float | None = None

    @property
    def vacuous(self):
        """Per point: True where the interval is all of [0, 1] and says nothing (boolean array)."""
        import numpy as np

        return (np.asarray(self.lo) <= 0) & (np.asarray(self.hi) >= 1)

    @property
    def guarantees(self) -> tuple[str, ...]:
        """Per point: ``guarantee``, or ``"vacuous"`` where the interval is all of [0, 1]."""
        return tuple("vacuous" if empty else self.guarantee for empty in self.vacuous.tolist())

    def as_dict(self) -> dict:
        return {**fields_as_dict(self), "confidence": self.confidence, "guarantees": list(self.guarantees)}


@dataclass(frozen=True)
class PartialAUC(AtConfidence):
    """The area under the ROC curve over a range of specificity or sensitivity.

    ``auc`` is the area itself (pROC's ``partial.auc``); ``corrected`` is McClish's (1989)
    standardisation (1 + (auc − min)/(max − min))/2 when asked for, with min the area under
    the chance diagonal and max the range's width (½ for a curve on the diagonal, 1 for a
    perfect one); ``estimate`` is the one reported (corrected when asked for). ``lo`` and
    ``hi`` are the bootstrap percentile interval for ``estimate`` and ``guarantee`` its kind
    (all None without resamples).
    """

    _headline = "estimate"

    focus: str
    low: float
    high: float
    auc: float
    corrected: float | None
    estimate: float
    m: int
    n: int
    delta: float
    lo: float | None
    hi: float | None
    resamples: int | None
    seed: int | None
    guarantee: str | None
    source: str



# --- the multiclass AUC ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MulticlassInterval(AtConfidence):
    """One interval for a multiclass AUC: ``method`` (its key), ``estimate`` with ``lo`` and ``hi``
    (clipped to [0, 1]), ``guarantee`` (``distribution-free``, ``asymptotic`` or ``vacuous``),
    the method's ``name`` and ``source``."""

    _headline = "estimate"

    method: str
    delta: float
    estimate: float
    lo: float
    hi: float
    guarantee: str
    name: str
    source: str

    @property
    def interval(self) -> tuple[float, float]:
        """``(lo, hi)``."""
        return (self.lo, self.hi)


@dataclass(frozen=True)
class MulticlassAUC(Rows):
    """A multiclass AUC with its intervals (:func:`aucbound.multiclass_auc`).

    ``estimate`` is Σ ``part_weights`` × ``part_aucs``: the averaged AUCs are one per pair of
    ``parts`` (Hand & Till's Â_ij and one-vs-one) or one per class (one-vs-rest).
    ``components`` are the pairs (i, j) of the Â(i|j), a case of class i scoring above one of
    class j in column i, with ``component_aucs`` their values and ``covariance`` their
    DeLong-type covariance matrix (None when a class has one case; absent from ``as_dict()``'s
    repr, present in its values). ``variance`` is the DeLong-type variance of ``estimate``.
    ``rows`` holds one :class:`MulticlassInterval` per method. With case weights, ``weights`` is
    their kind: ``"frequency"`` (``sizes`` are the classes' total weights, every value that of
    the rows repeated w times) or ``"sampling"`` (``sizes`` count the cases of positive weight;
    the ``delong`` row alone, from the sandwich covariance, ``left_out`` saying why).
    """

    _headline = "estimate"

    estimate: float
    kind: str
    average: str
    classes: tuple
    sizes: tuple
    delta: float
    variance: float | None
    parts: tuple
    part_aucs: tuple
    part_weights: tuple
    components: tuple
    component_aucs: tuple
    covariance: object = dataclasses.field(repr=False, compare=False)
    rows: tuple[MulticlassInterval, ...] = ()
    resamples: int | None = None
    seed: int | None = None
    weights: str | None = None
    left_out: str | None = None

    def as_dict(self) -> dict:
        data = {**fields_as_dict(self), "confidence": self.confidence}
        data["classes"] = [plain(value) for value in self.classes]
        for name in ("weights", "left_out"):
            if data[name] is None:
                del data[name]
        return data


# --- precision–recall: the curve, and the area under it with intervals -------------------------

__all__ += ['PRAUC', 'PRCurve']


@dataclass(frozen=True, eq=False)
class PRCurve(Displayed):
    """The precision–recall curve, as scikit-learn's ``precision_recall_curve`` returns it.

    ``thresholds`` are the distinct scores in increasing order; ``precision``, ``recall``,
    ``tp`` and ``fp`` have one more entry: entry k is at ``thresholds[k]`` (cases scoring ≥
    it called positive) and the last is the point (recall 0, precision 1) of no threshold.
    ``tp`` and ``fp`` are counts (int64), or sums of the sample weights (float64) when
    ``weighted``. ``m`` and ``n`` are the classes' sizes (or total weights);
    ``average_precision`` is Σ (R_k − R_{k−1})·P_k. ``precision, recall, thresholds = curve``
    unpacks as scikit-learn's three arrays; the table (``str``, ``to_frame()``) has one row per
    point, the last one's threshold +∞.
    """

    _headline = "average_precision"

    precision: object = dataclasses.field(repr=False)
    recall: object = dataclasses.field(repr=False)
    thresholds: object = dataclasses.field(repr=False)
    tp: object = dataclasses.field(repr=False)
    fp: object = dataclasses.field(repr=False)
    m: int | float
    n: int | float
    average_precision: float
    weighted: bool = False
    drop_intermediate: bool = False
    source: str = ""

    @property
    def prevalence(self) -> float:
        """m/(m + n): the precision of a scorer that ranks at random (the chance line of a PR plot)."""
        return self.m / (self.m + self.n)

    def __len__(self) -> int:
        return self.precision.shape[0]

    def __iter__(self):
        """precision, recall and thresholds, in scikit-learn's order."""
        return iter((self.precision, self.recall, self.thresholds))

    @property
    def threshold(self):
        """Each point's threshold: ``thresholds``, then +∞ for the last point (the table's column)."""
        import numpy as np

        return np.append(self.thresholds, np.inf)

    def as_dict(self) -> dict:
        """The sizes, AP, the flags and source, and one list per column (the thresholds without the last point's)."""
        return {
            "m": self.m, "n": self.n, "prevalence": self.prevalence, "average_precision": self.average_precision,
            "weighted": self.weighted, "drop_intermediate": self.drop_intermediate, "source": self.source,
            "thresholds": plain(self.thresholds), "precision": plain(self.precision), "recall": plain(self.recall),
            "tp": plain(self.tp), "fp": plain(self.fp),
        }

    def _table(self):
        """One row per point: threshold (+∞ for the last), precision, recall, tp, fp."""
        shown = self._shown_fields()
        scalars = {"m": self.m, "n": self.n, "prevalence": self.prevalence, **shown}  # as_dict's order
        return scalars, {name: getattr(self, name) for name in ("threshold", "precision", "recall", "tp", "fp")}


@dataclass(frozen=True)
class PRAUC(Rows):
    """The area under the precision–recall curve of one scorer: every estimate, and intervals for one.

    ``average_precision``, ``lower_trapezoid``, ``interpolated_median`` and ``trapezoid`` are
    the estimates of the area (Boyd, Eng & Page 2013; the trapezoidal rule through every point
    of the curve equals the lower trapezoid, and both are optimistic where scores tie across the
    classes, Davis & Goadrich 2006); ``estimator`` names the one the intervals are for and
    ``estimate`` is its value. ``rows`` holds one :class:`~aucbound.Interval` per method
    (``result["logit"]`` finds one), at 1 − ``delta``; ``resamples`` and ``seed`` describe the
    bootstrap row when there is one. ``m`` and ``n`` are the classes' sizes (their total
    weights when ``weighted``).
    """

    _headline = "estimate"

    estimator: str
    estimate: float
    m: int | float
    n: int | float
    delta: float
    average_precision: float
    lower_trapezoid: float
    interpolated_median: float
    trapezoid: float
    rows: tuple[Interval, ...]
    resamples: int | None = None
    seed: int | None = None
    weighted: bool = False
    source: str = ""

    @property
    def prevalence(self) -> float:
        """m/(m + n): the area under the curve of a scorer that ranks at random."""
        return self.m / (self.m + self.n)

    def as_dict(self) -> dict:
        return {**super().as_dict(), "prevalence": self.prevalence}


# --- comparisons: unpaired curves, k curves ------------------------------------------------------


@dataclass(frozen=True)
class UnpairedComparison(Rows):
    """Two scorers on different, independent cases: the difference D = A_a − A_b.

    Sample a has ``m_a`` positives and ``n_a`` negatives, sample b ``m_b`` and ``n_b``.
    The test ``method`` (DeLong's unpaired test, as pROC computes it: ``variance`` =
    ``variance_a`` + ``variance_b``, each DeLong's variance of its own AUC) of the hypotheses
    ``alternative`` and ``margin`` (:attr:`hypotheses`): its ``statistic`` (D̂/√variance,
    shifted by the margin as in :class:`Comparison`), referred to Student's t with ``df``
    degrees of freedom (None when the variance is 0: the statistic is then 0 or ±∞), and
    ``p_value``. ``rows`` are intervals for D, clipped to [−1, 1] (their ``m`` and ``n`` count
    both samples), two-sided at 1 − δ or one-sided bounds for the other alternatives;
    ``left_out`` names the methods with no one-sided form, each with the reason. With a
    resampled ``method`` (pROC's ``"bootstrap"``, ``"venkatraman"``, ``"specificity"``,
    ``"sensitivity"``), ``statistic`` and ``p_value`` are that test's (``df`` None: it is
    referred to N(0, 1), or to its permutations) and ``test`` is its :class:`ResampledTest`;
    the variances and rows stay DeLong's. ``test`` is None for DeLong's test.
    """

    _headline = "difference"

    auc_a: float
    auc_b: float
    difference: float
    m_a: int
    n_a: int
    m_b: int
    n_b: int
    delta: float
    variance_a: float
    variance_b: float
    variance: float
    statistic: float
    df: float | None
    p_value: float
    rows: tuple[Interval, ...]
    method: str = "delong"
    alternative: str = "two-sided"
    margin: float = 0.0
    left_out: tuple[tuple[str, str], ...] = ()
    test: ResampledTest | None = None

    @property
    def hypotheses(self) -> tuple[str, str]:
        """(H0, H1) in words, e.g. ``('D = 0', 'D != 0')``."""
        return _hypotheses_text(self.alternative, self.margin)


@dataclass(frozen=True)
class PairwiseDifference(Displayed):
    """One pair of a :class:`CurvesComparison`: D = A_a − A_b, its DeLong ``variance``, ``z`` and
    two-sided ``p_value``; the p-value adjusted for all pairs by Bonferroni (``p_bonferroni``) and
    by the max-|z| distribution (``p_max_z``); and three intervals for D that hold for every pair
    at once at level 1 − δ, each clipped to [−1, 1]: Bonferroni's (``lo_bonferroni``,
    ``hi_bonferroni``), the max-|z| one (``lo_max_z``, ``hi_max_z``), both asymptotic, and the
    distribution-free Hoeffding–Chernoff one at δ over the number of pairs
    (``lo_hoeffding_kl``, ``hi_hoeffding_kl``)."""

    a: str
    b: str
    difference: float
    variance: float
    z: float
    p_value: float
    p_bonferroni: float
    p_max_z: float
    lo_bonferroni: float
    hi_bonferroni: float
    lo_max_z: float
    hi_max_z: float
    lo_hoeffding_kl: float
    hi_hoeffding_kl: float

    def as_dict(self) -> dict:
        """The fields as plain Python values."""
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class CurvesComparison(AtConfidence):
    """k scorers on the same m positives and n negatives: DeLong's χ² test of equal AUCs, and every pair.

    ``names`` and ``aucs`` are the k curves; ``covariance`` is DeLong's k × k covariance
    matrix S of the AUCs. ``contrast`` is the matrix L of the hypothesis LA = 0 (by default
    the rows e_1 − e_j: all AUCs equal), ``chi2`` = (LÂ)ᵀ(L S Lᵀ)⁻¹(LÂ) on ``df`` degrees of
    freedom (the rank of L S Lᵀ; below the rows of L when it is singular) and ``p_value``.
    ``pairs`` has one :class:`PairwiseDifference` per pair j < h, with the simultaneous
    intervals at level 1 − δ: ``critical_bonferroni`` = z(1 − δ/(2P)) and ``critical_max_z``,
    the 1 − δ quantile of max |Z| over the P pairs' correlated normal (None when no pair
    varies), with its numerical standard error ``critical_max_z_error``.
    """

    _headline = "chi2"
    _table_rows = "pairs"

    names: tuple[str, ...]
    aucs: tuple[float, ...]
    m: int
    n: int
    delta: float
    covariance: tuple[tuple[float, ...], ...]
    contrast: tuple[tuple[float, ...], ...]
    chi2: float
    df: int
    p_value: float
    critical_bonferroni: float
    critical_max_z: float | None
    critical_max_z_error: float | None
    pairs: tuple[PairwiseDifference, ...]
    source: str = "DeLong et al. 1988, §3"

    def __getitem__(self, pair: tuple[str, str]) -> PairwiseDifference:
        """The row of the pair ``(a, b)`` (either order gives the row as stored)."""
        for row in self.pairs:
            if {row.a, row.b} == set(pair) and len(set(pair)) == 2:
                return row
        raise KeyError(pair)

    def as_dict(self) -> dict:
        """The fields as plain Python values, the pairs as dicts, and ``confidence``."""
        data = fields_as_dict(self)
        data["confidence"] = self.confidence
        return data


# --- the resampled tests of two ROC curves (bootstrap, Venkatraman, sensitivity/specificity) ---------------


@dataclass(frozen=True)
class ResampledTest(Displayed):
    """A test of two ROC curves whose p-value comes from resampling (pROC's ``roc.test``).

    ``method`` is pROC's name for it: ``"bootstrap"`` (the AUCs or partial AUCs),
    ``"venkatraman"`` (the whole curves), ``"specificity"`` (the sensitivities at a given
    specificity) or ``"sensitivity"`` (the specificities at a given sensitivity); ``title``
    is pROC's description. ``statistic`` is pROC's ``statistic_name``: D = difference/
    ``std_error`` for the bootstrap tests, with the standard deviation of the resampled
    differences, referred to N(0, 1); E, the distance between the curves, for Venkatraman's
    permutation test, whose p-value is the share of permutations with E at least as large.
    ``compared`` names what ``estimate_a`` and ``estimate_b`` are (None for Venkatraman's
    test, which compares whole curves); ``difference`` is their difference. ``resamples``
    were drawn (bootstrap resamples or permutations) and ``used`` gave a value (an
    unstratified resample without both classes gives none); ``stratified`` says how the
    bootstrap resampled (None for permutations). ``m_a``, ``n_a``, ``m_b``, ``n_b`` are the
    class sizes of the two curves (the same for a ``paired`` test).
    """

    _headline = "p_value"

    method: str
    title: str
    paired: bool
    statistic_name: str
    statistic: float
    p_value: float
    alternative: str
    compared: str
    estimate_a: float | None
    estimate_b: float | None
    difference: float | None
    std_error: float | None
    resamples: int
    used: int
    stratified: bool | None
    seed: int | None
    m_a: int
    n_a: int
    m_b: int
    n_b: int
    source: str

    def as_dict(self) -> dict:
        return fields_as_dict(self)


# --- confidence sequences for monitoring a deployed model's AUC ---
@dataclass(frozen=True)
class MonitorRow(Displayed):
    """One checkpoint of an :class:`~aucbound.AUCMonitor`: the cases seen, m positives and n negatives,
    ``estimate`` (Â_t, or Δ̂_t = Â1_t − Â2_t for two models, with ``auc1``, ``auc2``), the confidence
    sequence's ``lo``, ``hi`` (simultaneous over all checkpoints), DeLong's Wald interval of this look
    alone (``delong_lo``, ``delong_hi``: pointwise, not simultaneous) and the number of epochs started."""

    _headline = "estimate"

    cases: int
    m: int
    n: int
    estimate: float | None
    lo: float
    hi: float
    delong_lo: float
    delong_hi: float
    epochs: int
    auc1: float | None = None
    auc2: float | None = None

    def as_dict(self) -> dict:
        data = fields_as_dict(self)
        if self.auc1 is None:
            del data["auc1"], data["auc2"]
        return data


@dataclass(frozen=True)
class MonitorHistory(AtConfidence):
    """Every checkpoint of an :class:`~aucbound.AUCMonitor`, one :class:`MonitorRow` each, in order.

    ``lo``, ``hi`` of the rows form a confidence sequence: with probability ≥ 1 − δ they cover the AUC
    (or the difference of two AUCs when ``paired``) at every checkpoint at once, for i.i.d. cases and
    every pair of score distributions. ``epoch_starts`` are the cases seen at each epoch's start,
    ``epoch_deltas`` the δ_j each spends and ``epoch_epsilons`` the larger of each epoch's two deviations
    (bernstein: the set at a later look is [Â − t₊, Â + t₋] with t₊, t₋ from the epoch's start).
    """

    delta: float
    method: str
    paired: bool
    rows: tuple[MonitorRow, ...] = dataclasses.field(repr=False)
    epoch_starts: tuple[int, ...] = ()
    epoch_deltas: tuple[float, ...] = ()
    epoch_epsilons: tuple[float, ...] = ()
    guarantee: str = "distribution-free"
    simultaneous: bool = True
    source: str = ""

    def as_dict(self) -> dict:
        data = fields_as_dict(self)
        data["confidence"] = self.confidence
        return data


__all__ += ['MonitorRow', 'MonitorHistory']
