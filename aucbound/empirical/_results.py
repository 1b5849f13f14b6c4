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


@dataclass(frozen=True)
class Comparison(Rows):
    """Two scorers on the same m positives and n negatives: the difference D = A_a − A_b.

    DeLong's paired test: ``variance`` of D̂ from the covariance of the structural
    components, ``z = D̂/√variance`` and the two-sided ``p_value``. ``rows`` are intervals
    for D (``estimate`` is D̂; ``lo`` and ``hi`` clipped to [−1, 1]), one per method.
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
    """Power and sample size of a test of one AUC against ½, or of two correlated AUCs.

    Eq. 2 of Obuchowski, Lieber & Wians (2004) for one curve, and of Obuchowski & McClish
    (1997) for two, ties the number of cases ``ncases`` (with
    ``ncontrols = kappa·ncases``), the level ``sig_level``, the ``power`` and the effect —
    ``auc`` − ½ for one curve, ``difference`` = ``auc1`` − ``auc2`` for two; ``solved``
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
    1 − δ covers every point at once (the DKW band) or each point alone (the bootstrap's
    percentile band). ``epsilon_pos`` and ``epsilon_neg`` are the DKW half-widths on each
    class's empirical CDF; ``resamples`` and ``seed`` describe the bootstrap.
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
