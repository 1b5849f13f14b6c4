"""Frozen result objects returned by aucbound's public functions.

Each echoes its inputs and carries the answer, the method, the theorem it comes from and
the kind of guarantee it has (one of :data:`GUARANTEES`). ``.as_dict()`` gives plain
Python values for JSON; ``str()`` a readable summary, ``to_frame()`` a pandas DataFrame
and Jupyter an HTML table (:class:`~aucbound._display.Displayed`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ._display import Displayed

__all__ = ["GUARANTEES", "ConsistentRanker", "Interval", "SampleComplexity", "SampleSize", "UniformBound"]

#: What each guarantee label promises.
GUARANTEES = {
    "distribution-free": "coverage ≥ 1 − δ for every pair of score distributions, at every m and n",
    "asymptotic": "coverage tends to 1 − δ as m and n grow (normal approximation); no finite-sample promise",
    "plug-in": "coverage ≥ 1 − δ if the given A, p1, p2 are the true ones; with estimates, approximate",
    "best-case": "the width at the smallest variance any distribution can have; not a confidence interval",
    "vacuous": "the interval is all of [0, 1] (ε ≥ 1): it says nothing",
}


class _AtConfidence(Displayed):
    """What every result computed at a failure probability δ has: ``confidence`` and ``as_dict()``."""

    @property
    def confidence(self) -> float:
        """1 − δ."""
        return 1.0 - self.delta

    def as_dict(self) -> dict:
        """The fields as plain Python values, and ``confidence``."""
        data = dataclasses.asdict(self)
        data["confidence"] = self.confidence
        return data


@dataclass(frozen=True)
class Interval(_AtConfidence):
    """A confidence interval for the AUC of a fixed scorer from m positives and n negatives.

    ``epsilon`` is the half-width (for an asymmetric interval, the larger of Â − lo and
    hi − Â). ``lo`` and ``hi`` are set when an estimate Â was given, clipped to [0, 1].
    ``log_class_size`` is ln|F| when a union bound over a finite class was applied.
    """

    _headline = "epsilon"

    method: str
    m: int
    n: int
    delta: float
    epsilon: float
    guarantee: str
    source: str
    estimate: float | None = None
    lo: float | None = None
    hi: float | None = None
    beyond_paper: bool = False
    log_class_size: float = 0.0

    @property
    def interval(self) -> tuple[float | None, float | None]:
        """``(lo, hi)``, so that ``lo, hi = result.interval`` unpacks."""
        return (self.lo, self.hi)

    @property
    def vacuous(self) -> bool:
        """True when the interval covers all of [0, 1]."""
        return self.guarantee == "vacuous"


@dataclass(frozen=True)
class SampleSize(_AtConfidence):
    """The smallest test set (N = m + n, m = ρN rounded) whose half-width is at most ε.

    ``error_rate_N`` is the size Hoeffding's bound needs for an error rate at the same ε
    and δ (Eq. 16), so ``ratio`` is the comparison of Figure 2. ``N`` (and m, n) is None
    when no test set of at most 10^300 examples suffices: ``vacuous`` is then True.
    ``zero_variance`` is True when the size comes from a plug-in variance of zero (an
    anticipated AUC of 0 or 1): the half-width is 0 at every size, so N is the smallest
    test set there is, not a plan.
    """

    _headline = "N"

    method: str
    epsilon: float
    delta: float
    rho: float
    N: int | None
    m: int | None
    n: int | None
    guarantee: str
    source: str
    error_rate_N: int | None
    auc: float | None = None
    beyond_paper: bool = False
    log_class_size: float = 0.0
    zero_variance: bool = False

    @property
    def vacuous(self) -> bool:
        """True when the size is beyond 10^300."""
        return self.N is None

    @property
    def ratio(self) -> float | None:
        """N / N_err: how many times more examples than for an error rate (None beyond 10^300)."""
        if self.N is None or self.error_rate_N is None:
            return None
        return _ratio(self.N, self.error_rate_N)

    def as_dict(self) -> dict:
        """The fields, ``confidence``, ``ratio``, ``vacuous`` and ``log_N`` (ln N beside N, which may
        have hundreds of digits)."""
        data = super().as_dict()
        data["ratio"] = self.ratio
        data["vacuous"] = self.vacuous
        data["log_N"] = None if self.N is None else _log(self.N)
        return data


def _log(count: int) -> float:
    """ln of a positive integer of any size."""
    import math

    return math.log(count)


def _ratio(a: int, b: int) -> float:
    """a/b for integers of any size, correctly rounded."""
    from fractions import Fraction

    return float(Fraction(a, b))


@dataclass(frozen=True)
class UniformBound(_AtConfidence):
    """A bound on sup over a class F of |Â(f) − A(f)| from m positives and n negatives.

    ``method`` is "uniform" (Agarwal et al. 2005, Cor 4.5, through the rank-shatter
    coefficient ``log_r`` = ln r(F, 2m, 2n), bounded by the candidate ``r_bound``) or
    "freund" (Thm 4.14). ``guarantee`` is "distribution-free", or "vacuous" when ε ≥ 1;
    ``beyond_paper`` marks a bound on r the paper does not have.
    """

    _headline = "epsilon"

    method: str
    m: int
    n: int
    delta: float
    epsilon: float
    guarantee: str
    source: str
    fclass: str
    log_r: float | None = None
    r_bound: str | None = None
    beyond_paper: bool = False

    @property
    def vacuous(self) -> bool:
        """True when ε ≥ 1: the bound says nothing."""
        return self.guarantee == "vacuous"


@dataclass(frozen=True)
class SampleComplexity(_AtConfidence):
    """A training-set size M = m + n (m = ρM) for learning to accuracy ε with confidence 1 − δ.

    ``method``: "thm1" (Agarwal & Roth 2005, Thm 1), "exact" (its proof's condition
    solved exactly; beyond the paper), "lower" (Cor 1, a lower bound), "uniform" or
    "freund" (the size at which that uniform bound reaches ε). ``value`` is the real
    number before rounding (inf past 1e308). ``M`` is None when the size exceeds 10^300
    (vacuous).
    """

    _headline = "M"

    method: str
    epsilon: float
    delta: float
    rho: float
    M: int | None
    m: int | None
    n: int | None
    value: float
    source: str
    fclass: str
    beyond_paper: bool = False

    @property
    def vacuous(self) -> bool:
        """True when no size up to 10^300 suffices."""
        return self.M is None

    def as_dict(self) -> dict:
        """The fields, ``confidence``, ``vacuous`` and ``log_M`` (ln M beside M)."""
        data = super().as_dict()
        data["vacuous"] = self.vacuous
        data["log_M"] = None if self.M is None else _log(self.M)
        return data


@dataclass(frozen=True)
class ConsistentRanker(Displayed):
    """The answer of the consistent-hypothesis linear program (Agarwal & Roth 2005, Thm 9).

    ``found`` says whether a linear f(x) = w·x ranks every positive above every negative;
    then ``w`` is such a weight vector, ``threshold`` a θ separating the two groups, and
    ``training_auc`` (= 1.0) the check on the sample.
    """

    found: bool
    w: tuple[float, ...] | None
    threshold: float | None
    training_auc: float | None

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


# --- combinatorics of bipartite rank matrices (aucbound.shatter) -------------------------

__all__ += ["PsiReport", "CountBound", "ShatterBound", "MeasuredCount"]


@dataclass(frozen=True)
class PsiReport(Displayed):
    """ψ(m, n), the number of realizable m×n bipartite rank matrices, beside the bounds of §4.3.

    ``method`` says how ψ was obtained: 'exact' (the ordered-partition count), 'bruteforce'
    (all 3^(mn) matrices tested) or 'log' (only ln ψ, in floating point; ``psi`` is None).
    The bounds 3^max(m,n) ≤ ψ ≤ (m+n)!·2^(m+n−1) and the 3^(mn) matrices in all are given
    by their logarithms; the properties ``lower``, ``upper`` and ``matrices`` give the integers.
    """

    m: int
    n: int
    method: str
    psi: int | None
    log_psi: float
    log_lower: float
    log_upper: float
    log_matrices: float
    source: str = "Agarwal et al. 2005, Thm 4.3 and §4.3; exact count: docs/combinatorics.md"

    @property
    def lower(self) -> int:
        """3^max(m, n)."""
        return 3 ** max(self.m, self.n)

    @property
    def upper(self) -> int:
        """(m+n)!·2^(m+n−1)."""
        import math

        return math.factorial(self.m + self.n) * 2 ** (self.m + self.n - 1)

    @property
    def matrices(self) -> int:
        """3^(m·n)."""
        return 3 ** (self.m * self.n)

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class CountBound(Displayed):
    """One upper bound on a count: its key, its natural log, where it comes from.

    ``exact`` marks a bound known to equal the count; ``value`` is the bound as an integer
    when it is one and has at most 30 digits.
    """

    key: str
    log_value: float
    source: str
    exact: bool = False
    beyond_paper: bool = False
    value: int | None = None

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class ShatterBound(Displayed):
    """The smallest valid upper bound on a shatter coefficient of a function class, and the others.

    ``quantity`` is 'r(F,m,n)' (bipartite rank-shatter coefficient, Def 4.2), 's(F^,N)'
    (sign patterns of sign f on N points) or 's(F~,N)' (of sign(f(x) − f(x')) on N pairs);
    ``sizes`` is (m, n) or (N,). ``used`` is the key of the smallest candidate, whose log is
    ``log_value``; ``notes`` say why a bound was left out.
    """

    _table_rows = "candidates"

    quantity: str
    fclass: str
    sizes: tuple[int, ...]
    used: str
    log_value: float
    exact: bool
    candidates: tuple[CountBound, ...]
    notes: tuple[str, ...] = ()

    @property
    def value(self) -> int | float:
        """The bound used: its exact integer when it is one of at most 30 digits, else a float
        (inf beyond 1e308)."""
        import math

        exact = self.candidate(self.used).value
        if exact is not None:
            return exact
        return math.exp(self.log_value) if self.log_value < 709.0 else float("inf")

    def candidate(self, key: str) -> CountBound:
        """The candidate bound called `key`."""
        for bound in self.candidates:
            if bound.key == key:
                return bound
        raise KeyError(key)

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class MeasuredCount(Displayed):
    """How many distinct bipartite rank matrices (or sign patterns) a class realizes on given points.

    ``exact`` is True when every face of the arrangement of critical directions was visited
    (a sweep); otherwise ``count`` is a certified lower bound: each pattern counted is
    realized by a direction that was evaluated in exact arithmetic.
    """

    _headline = "count"

    quantity: str
    fclass: str
    sizes: tuple[int, ...]
    count: int
    exact: bool
    method: str
    directions: int

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


# --- results from scores and labels (aucbound.empirical) ---------------------------------

__all__ += ["AUCIntervals", "Comparison", "DeLong"]


@dataclass(frozen=True)
class DeLong(Displayed):
    """DeLong's variance of Â from m positives and n negatives, with its ingredients.

    ``v10`` (one value per positive) and ``v01`` (one per negative) are the structural
    components in the order the items were given (absent from ``as_dict()``); ``s10`` and
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
    v10: object = dataclasses.field(default=None, repr=False, compare=False)
    v01: object = dataclasses.field(default=None, repr=False, compare=False)

    @property
    def std_error(self) -> float:
        """√variance."""
        return self.variance**0.5

    def as_dict(self) -> dict:
        data = {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}
        del data["v10"], data["v01"]
        data["std_error"] = self.std_error
        return data


class _Rows(_AtConfidence):
    """A table of intervals: ``result[method]`` finds a row; ``as_dict()`` has the rows as dicts."""

    def __getitem__(self, method: str) -> Interval:
        for row in self.rows:
            if row.method == method:
                return row
        raise KeyError(method)

    def as_dict(self) -> dict:
        data = super().as_dict()
        data["rows"] = [row.as_dict() for row in self.rows]
        return data


@dataclass(frozen=True)
class AUCIntervals(_Rows):
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
class Comparison(_Rows):
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


__all__ += ["DistributionFreePower", "PowerAnalysis"]


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
    VA, ncases times the variance of the estimate under each hypothesis. ``method`` is
    where the variances come from (``"obuchowski"``: the binormal formulas; ``"delong"``:
    DeLong's estimate from data). The answer is asymptotic; ``distribution_free`` holds
    the same question answered by bounds that hold at every size
    (:class:`DistributionFreePower`). Sizes are real numbers, as Eq. 2 gives them.
    """

    _table_rows = "distribution_free"

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
    distribution_free: tuple[DistributionFreePower, ...] = ()
    guarantee: str = "asymptotic"

    @property
    def two_curves(self) -> bool:
        """True for the comparison of two AUCs."""
        return self.difference is not None

    def as_dict(self) -> dict:
        """The fields as plain Python values, the distribution-free rows as dicts."""
        data = {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}
        data["distribution_free"] = [row.as_dict() for row in self.distribution_free]
        return data


__all__ += ["OperatingPoint", "PartialAUC", "ROCBand", "ROCCurve"]


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
            "thresholds": _plain(self.thresholds), "tp": _plain(self.tp), "fp": _plain(self.fp),
            "sensitivity": _plain(self.sensitivity), "specificity": _plain(self.specificity),
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
class ROCBand(_AtConfidence):
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

    def as_dict(self) -> dict:
        return {**_fields_as_dict(self), "confidence": self.confidence}


@dataclass(frozen=True)
class PartialAUC(_AtConfidence):
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


@dataclass(frozen=True)
class MethodCoverage(_AtConfidence):
    """How often one interval method covered the true AUC over ``trials`` simulated data sets.

    ``coverage`` = ``covered``/``trials``; ``mcse`` = sqrt(coverage·(1 − coverage)/trials),
    its Monte Carlo standard error (Morris, White & Crowther 2019, Table 6). Widths are
    hi − lo of the intervals as reported (clipped to [0, 1]); ``vacuous`` is the share of
    intervals that are all of [0, 1], ``degenerate`` the share that are a single point.
    ``guarantee`` is what the method claims (one of :data:`GUARANTEES`).
    """

    _headline = "coverage"

    method: str
    guarantee: str
    source: str
    delta: float
    trials: int
    covered: int
    coverage: float
    mcse: float
    mean_width: float
    median_width: float
    vacuous: float
    degenerate: float
    beyond_paper: bool = False

    @property
    def below_nominal(self) -> bool:
        """coverage + 3·MCSE < 1 − δ: the coverage is clearly below the nominal level."""
        return self.coverage + 3 * self.mcse < 1 - self.delta

    def as_dict(self) -> dict:
        data = super().as_dict()
        data["below_nominal"] = self.below_nominal
        return data


@dataclass(frozen=True)
class Coverage(_Rows):
    """A coverage study of one scenario at one (m, n, δ): one :class:`MethodCoverage` row per method.

    ``true_auc`` is the scenario's exact AUC; ``estimate_mean`` and ``estimate_sd`` are the
    mean and standard deviation of Â over the trials (the SD is None for a single trial).
    The bootstrap rows, if any, come from the first ``bootstrap_trials`` trials with
    ``resamples`` resamples each.
    """

    scenario: str
    description: str
    true_auc: float
    m: int
    n: int
    delta: float
    trials: int
    seed: int | None
    estimate_mean: float
    estimate_sd: float | None
    rows: tuple[MethodCoverage, ...]
    bootstrap_trials: int | None = None
    resamples: int | None = None

    @property
    def sigma_max(self) -> float:
        """sqrt(A(1 − A)/min(m, n)): the largest standard deviation Â can have at this AUC (Eq. 14)."""
        return (self.true_auc * (1 - self.true_auc) / min(self.m, self.n)) ** 0.5


@dataclass(frozen=True)
class BandCoverage(_AtConfidence):
    """How often an ROC band covered the true binormal ROC curve over ``trials`` data sets.

    ``simultaneous``: the share whose band held the whole curve (exactly, for the DKW band;
    at every specificity of the grid, for the bootstrap band); ``pointwise[k]``: the share
    holding the true sensitivity at ``specificities[k]``. Each comes with its Monte Carlo
    standard error.
    """

    _headline = "simultaneous"
    _table_columns = ("specificities", "pointwise", "pointwise_mcse")

    method: str
    auc: float
    sd_ratio: float
    m: int
    n: int
    delta: float
    trials: int
    simultaneous: float
    simultaneous_mcse: float
    specificities: tuple[float, ...]
    pointwise: tuple[float, ...]
    pointwise_mcse: tuple[float, ...]
    resamples: int | None
    seed: int | None


__all__ += ["BandCoverage"]


@dataclass(frozen=True)
class CoverageStudy(Displayed):
    """A grid of coverage studies: every scenario × (m, n) × δ, one :class:`Coverage` per cell."""

    _table_rows = "records"

    scenarios: tuple[str, ...]
    sizes: tuple[int, ...]
    deltas: tuple[float, ...]
    methods: tuple[str, ...]
    trials: int
    seed: int | None
    cells: tuple[Coverage, ...]
    bootstrap_trials: int | None = None
    resamples: int | None = None

    def records(self) -> list[dict]:
        """One flat dict per cell and method: the scenario, m, n, δ and the method's row."""
        return [
            {
                "scenario": cell.scenario,
                "true_auc": cell.true_auc,
                "m": cell.m,
                "n": cell.n,
                **row.as_dict(),
                "seed": cell.seed,
            }
            for cell in self.cells
            for row in cell.rows
        ]

    def as_dict(self) -> dict:
        """The grid's parameters and :meth:`records`."""
        data = {field.name: getattr(self, field.name) for field in dataclasses.fields(self) if field.name != "cells"}
        data["records"] = self.records()
        return data


# --- ranking through a pairwise classifier (aucbound.reductions) ---

__all__ += ["PairSample", "DegreeRanking", "QuickSortRanking", "QuickSortRuns"]


def _plain(value):
    """A field as a plain JSON value: arrays as (nested) lists, a Fraction as its "p/q" text,
    tuples as lists, results (rows) as their dicts."""
    from fractions import Fraction

    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    if hasattr(value, "as_dict"):  # a row of a table of results
        return value.as_dict()
    return value.tolist() if hasattr(value, "tolist") and not isinstance(value, (int, float)) else value


def _fields_as_dict(result) -> dict:
    return {field.name: _plain(getattr(result, field.name)) for field in dataclasses.fields(result)}


def _positions(order):
    """The inverse of a permutation, or of each row of a stack of them: position[..., order[..., i]] = i.

    Read-only int64. The one place the reductions invert an order (items from the top) into
    each item's place (0 = top).
    """
    import numpy as np

    order = np.asarray(order)
    position = np.empty(order.shape, dtype=np.int64)
    places = np.broadcast_to(np.arange(order.shape[-1], dtype=np.int64), order.shape)
    np.put_along_axis(position, order, places, axis=-1)
    position.setflags(write=False)
    return position


@dataclass(frozen=True, eq=False)
class PairSample(Displayed):
    """The binary training set of Auc-Train (Balcan et al. 2007, Alg. 1): mixed pairs and their labels.

    Pair i is the examples ``first[i]`` and ``second[i]`` (indices into the input), with
    features ``X1[i]`` and ``X2[i]`` and label ``y[i]`` = 1 when the first should be ranked
    above the second (it is the positive one). ``m`` positives and ``n`` negatives make
    ``total`` = 2mn ordered mixed pairs; with ``max_pairs`` a uniform sample of them without
    replacement was drawn (``seed``). ``X1, X2, y = sample`` unpacks.
    """

    X1: object = dataclasses.field(repr=False)
    X2: object = dataclasses.field(repr=False)
    y: object = dataclasses.field(repr=False)
    first: object = dataclasses.field(repr=False)
    second: object = dataclasses.field(repr=False)
    m: int
    n: int
    total: int
    max_pairs: int | None
    seed: int | None
    source: str = "Balcan et al. 2007, Alg. 1"

    def __iter__(self):
        return iter((self.X1, self.X2, self.y))

    @property
    def pairs(self) -> int:
        """The number of pairs in the sample."""
        return int(self.y.shape[0])

    def as_dict(self) -> dict:
        data = _fields_as_dict(self)
        data["pairs"] = self.pairs
        return data

    def _table(self):
        """The sizes without the pairs' arrays."""
        return {**self._shown_fields(), "pairs": self.pairs}, None


@dataclass(frozen=True, eq=False)
class DegreeRanking(Displayed):
    """A ranking by number of wins (Balcan et al. 2007, Alg. 2): ``order`` lists the items from the top.

    ``wins[u]`` = Σ_v h[u, v] (for a tournament, the number of items u beats); ``calls`` is
    the number of pairs at which h was evaluated, n(n − 1)/2. Items with equal wins are
    ordered by the rule ``ties`` ('index', 'random' with ``seed``, 'worst' or 'best' for
    the given labels). ``position[u]`` is the place of item u (0 = top).
    """

    order: object
    wins: object
    calls: int
    n: int
    ties: str
    seed: int | None
    method: str = "degree"
    source: str = "Balcan et al. 2007, Alg. 2"

    @property
    def position(self):
        """position[u]: where item u is ranked (0 = top)."""
        return _positions(self.order)

    def as_dict(self) -> dict:
        return _fields_as_dict(self)


@dataclass(frozen=True, eq=False)
class QuickSortRanking(Displayed):
    """A ranking by QuickSort with a preference function (Ailon & Mohri 2008, §3.1).

    ``order`` lists the items from the top: all n of them, or with ``top`` = k only the
    k highest, in order (§3.4). ``calls`` is the number of pairs at which h was evaluated;
    ``seed`` fixes the pivots and the draws for fractional h.
    """

    order: object
    calls: int
    n: int
    top: int | None
    seed: int | None
    method: str = "quicksort"
    source: str = "Ailon & Mohri 2008, §3.1"

    @property
    def position(self):
        """position[u]: where item u is ranked (0 = top); only for a full ranking."""
        if self.top is not None and self.top < self.n:
            raise ValueError("a top-k ranking has no position for every item")
        return _positions(self.order)

    def as_dict(self) -> dict:
        return _fields_as_dict(self)


@dataclass(frozen=True, eq=False)
class QuickSortRuns(Displayed):
    """QuickSort run once per seed on the same preference: row r is ``quicksort_ranking(h, seed=seeds[r])``.

    ``orders`` is a (runs × k) array (k = ``top`` or n) and ``calls`` the number of
    evaluations of h in each run.
    """

    _table_columns = ("seeds", "calls")

    orders: object
    calls: object
    seeds: tuple[int, ...]
    n: int
    top: int | None
    method: str = "quicksort"
    source: str = "Ailon & Mohri 2008, §3.1"

    @property
    def mean_calls(self) -> float:
        """The average of ``calls`` over the runs."""
        return float(self.calls.mean())

    def as_dict(self) -> dict:
        data = _fields_as_dict(self)
        data["mean_calls"] = self.mean_calls
        return data


# --- tournament theorems (aucbound.reductions) ---

from fractions import Fraction  # noqa: E402  (exact ratios of the examples)

__all__ += ["TournamentCheck", "RegularTournamentExample", "FeedbackArcSetExample", "AdversaryLabelling"]


@dataclass(frozen=True)
class TournamentCheck(Displayed):
    """Balcan et al. (2007), Thm 2 (and with ``feedback``, Thm 4) checked on every labelled tournament on n vertices.

    Every one of the 2^C(n,2) tournaments is taken with every partition of its vertices into
    winners W and losers L, both non-empty (2^n − 2 partitions): ``pairs`` (tournament,
    partition) pairs in all. ``violations`` counts those with g > 2f; ``max_ratio`` is the
    largest g/(2f) among those with f > 0 and ``tight`` how many of them have g = 2f;
    ``f_zero`` counts the pairs with f = 0 (where Thm 2 demands g = 0).

    With ``feedback``, every minimum feedback arc set ordering π of every tournament
    (``feedback_orderings`` (tournament, ordering) pairs) is taken with every partition
    (``feedback_pairs`` triples), and the same statistics are given for g′(π) ≤ 2f.
    """

    n: int
    tournaments: int
    partitions: int
    pairs: int
    violations: int
    max_ratio: float
    tight: int
    f_zero: int
    feedback: bool = False
    feedback_orderings: int | None = None
    feedback_pairs: int | None = None
    feedback_violations: int | None = None
    feedback_max_ratio: float | None = None
    feedback_tight: int | None = None
    source: str = "Balcan et al. (2007), Thm 2 and Thm 4"

    @property
    def holds(self) -> bool:
        """True when no pair (and, with ``feedback``, no triple) breaks the bound."""
        return self.violations == 0 and not self.feedback_violations

    def as_dict(self) -> dict:
        data = _fields_as_dict(self)
        data["holds"] = self.holds
        return data


@dataclass(frozen=True)
class RegularTournamentExample(Displayed):
    """Balcan et al. (2007), Example 1: the regular tournament on odd n, where ordering by degree makes g = 2f.

    Every vertex has out-degree (n − 1)/2; ``winners`` are the first (n − 1)/2 vertices, the
    other (n + 1)/2 are losers. With ties broken against us every loser is ranked above
    every winner, so g = |W|·|L|; f counts the losers' wins over winners. Both are counted
    on the tournament itself; the paper's values are ``paper_f`` = (n+1)(n−1)/8 and 2f.
    """

    n: int
    degree: int
    winners: int
    losers: int
    f: int
    g: int
    source: str = "Balcan et al. (2007), §5, Example 1"

    @property
    def paper_f(self) -> int:
        """(n + 1)(n − 1)/8."""
        return (self.n + 1) * (self.n - 1) // 8

    @property
    def tight(self) -> bool:
        """g = 2f."""
        return self.g == 2 * self.f

    def as_dict(self) -> dict:
        data = _fields_as_dict(self)
        data.update(paper_f=self.paper_f, tight=self.tight)
        return data


@dataclass(frozen=True)
class FeedbackArcSetExample(Displayed):
    """Balcan et al. (2007), Example 2: a minimum feedback arc set ordering with g′ = (2 − ε)f.

    δ = ε/(1 − ε); components V1, V2, V3 of ``sizes`` = (δn², 2n², n); winners V1 ∪ V2,
    losers V3. Counted on the tournament: ``f`` (losers beating winners), ``misordered``
    (g′ of the ordering {V3, V1, V2}), ``back_edges`` (its back edges) and
    ``disjoint_three_cycles`` (edge-disjoint 3-cycles found and checked, a lower bound on
    the back edges of every ordering). ``minimum_back_edges`` is the exact minimum over
    all orderings when there are at most 20 vertices (else None). ``ratio`` = g′/f, exact.
    """

    epsilon: Fraction
    delta: Fraction
    n: int
    sizes: tuple[int, int, int]
    vertices: int
    f: int
    misordered: int
    back_edges: int
    disjoint_three_cycles: int
    minimum_back_edges: int | None
    ratio: Fraction
    source: str = "Balcan et al. (2007), §5, Example 2"

    @property
    def certified_optimal(self) -> bool:
        """True when the ordering's back edges meet the lower bound of the disjoint 3-cycles (so it is optimal)."""
        return self.back_edges == self.disjoint_three_cycles

    def as_dict(self) -> dict:
        data = _fields_as_dict(self)
        data["certified_optimal"] = self.certified_optimal
        return data


@dataclass(frozen=True)
class AdversaryLabelling(Displayed):
    """Ailon & Mohri (2008), Thm 7: the labelling of a 3-cycle that costs a deterministic algorithm twice h's regret.

    ``order`` is the algorithm's ranking of the items 0, 1, 2 of the cycle 0 → 1 → 2 → 0;
    ``labels`` make its last item the one positive. With this fixed truth the regrets are
    the losses: ranking regret 1 (the positive is below both negatives) and classification
    regret ½ (h ranks the positive above one of the two negatives).
    """

    order: tuple[int, ...]
    labels: tuple[int, ...]
    ranking_regret: float
    classification_regret: float
    source: str = "Ailon & Mohri (2008), Thm 7"

    @property
    def ratio(self) -> float:
        """ranking regret / classification regret."""
        return self.ranking_regret / self.classification_regret

    def as_dict(self) -> dict:
        data = _fields_as_dict(self)
        data["ratio"] = self.ratio
        return data


# --- the papers' experiments (aucbound.experiments) ---------------------------------------

__all__ += ["RegretRow", "RegretExperiment", "QuickSortCalls"]


@dataclass(frozen=True)
class RegretRow(Displayed):
    """One line of a regret experiment's summary: a quantity's mean over the trials and its bound.

    ``mean`` and ``se`` (the standard error of the mean over ``trials`` trials, None for a
    constant) of the quantity ``key``; ``reference`` is the mean over the same trials of
    what the theorem ``reference_name`` bounds it by (or, for calls of h, the expected
    count it is set beside), ``ratio`` = mean / reference, and ``worst`` the largest
    per-trial ratio value / reference among the trials where the reference is positive
    (None where no trial has one, or for counts of calls).
    """

    key: str
    quantity: str
    mean: float
    se: float | None
    trials: int
    reference: float | None = None
    reference_name: str | None = None
    ratio: float | None = None
    worst: float | None = None

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


@dataclass(frozen=True, eq=False)
class RegretExperiment(Displayed):
    """Regrets of ranking through a pairwise classifier that errs, over random trials.

    Each trial draws n items with bipartite labels (``positives`` of them positive) and a
    preference h of the ``model``, then records h's classification regret r (the fraction
    of (positive, negative) pairs h orders wrongly), and the AUC regret (1 − AUC) of
    Degree with ties at random (``degree_random``) and against the labels
    (``degree_worst``), of QuickSort (``quicksort``: its exact expectation over the pivots
    when ``quicksort_exact``, else the mean over ``quicksort_seeds`` runs, with the standard
    error ``quicksort_se`` of that mean) and, on the first ``feedback_trials`` trials, of an
    exact minimum feedback arc set ordering (``feedback``; None when n > 20). Labels are
    fixed given the items, so every regret is the loss itself. ``quicksort_calls`` is the
    mean number of calls of h over the QuickSort runs of a trial, ``expected_quicksort_calls``
    2(n+1)H_n − 4n (exact for a transitive h) and ``degree_calls`` n(n − 1)/2. ``rows``
    sums it all up (:class:`RegretRow`).
    """

    n: int
    positives: int
    model: str
    noise: float | None
    scale: float | None
    trials: int
    seed: int
    quicksort_seeds: int
    quicksort_exact: bool
    feedback_trials: int
    classification: object = dataclasses.field(repr=False)
    degree_random: object = dataclasses.field(repr=False)
    degree_worst: object = dataclasses.field(repr=False)
    quicksort: object = dataclasses.field(repr=False)
    quicksort_se: object = dataclasses.field(repr=False)
    feedback: object = dataclasses.field(repr=False)
    quicksort_calls: object = dataclasses.field(repr=False)
    expected_quicksort_calls: float
    degree_calls: int
    rows: tuple[RegretRow, ...] = dataclasses.field(repr=False)
    source: str = "Balcan et al. (2007), Thm 1 and Thm 4; Ailon & Mohri (2008), Thm 2"

    def row(self, key: str) -> RegretRow:
        """The summary row of `key` ('classification', 'degree_random', 'degree_worst', 'quicksort',
        'feedback', 'quicksort_calls', 'degree_calls')."""
        for row in self.rows:
            if row.key == key:
                return row
        raise KeyError(key)

    def as_dict(self) -> dict:
        return _fields_as_dict(self)


@dataclass(frozen=True, eq=False)
class QuickSortCalls(Displayed):
    """Calls of h against n: QuickSort, its top-k and Degree, on the transitive h of random scores.

    For each size in ``sizes``: the mean number of calls over ``seeds`` runs of QuickSort
    (``quicksort``, standard error ``quicksort_se``) and of its top-``top`` variant
    (``top_k``, ``top_k_se``; NaN where the size is below ``top``), each beside its exact
    expectation (``expected_quicksort``, ``expected_top_k``); and Degree's calls, counted
    through h (``degree``, NaN above ``degree_counted_up_to``) beside n(n − 1)/2
    (``expected_degree``). Scores are standard normal (no ties), seeded by ``seed``.
    """

    _table_columns = ("sizes", "quicksort", "quicksort_se", "top_k", "top_k_se", "degree", "expected_quicksort",
                      "expected_top_k", "expected_degree")

    sizes: object
    seeds: int
    top: int
    seed: int
    quicksort: object = dataclasses.field(repr=False)
    quicksort_se: object = dataclasses.field(repr=False)
    top_k: object = dataclasses.field(repr=False)
    top_k_se: object = dataclasses.field(repr=False)
    degree: object = dataclasses.field(repr=False)
    expected_quicksort: object = dataclasses.field(repr=False)
    expected_top_k: object = dataclasses.field(repr=False)
    expected_degree: object = dataclasses.field(repr=False)
    degree_counted_up_to: int = 1000
    source: str = "Ailon & Mohri (2008), §3.1 and §3.4; Balcan et al. (2007), Alg. 2"

    def as_dict(self) -> dict:
        data = _fields_as_dict(self)
        for key, value in data.items():  # NaN (not measured) as None, for strict JSON
            if isinstance(value, list):
                data[key] = [None if isinstance(x, float) and x != x else x for x in value]
        return data


# --- optimal ranking functions under convex losses (aucbound.optimal) -------------------


@dataclass(frozen=True)
class Calibration(Displayed):
    """Whether Thm 2 of Uematsu & Lee (2011) applies to a loss: l'(−s)/l'(s) = exp(s/α) for one α > 0.

    ``applies`` is True with ``alpha`` = α when the ratio matched exp(s/α) on the whole grid
    of s checked; otherwise ``alpha`` is None and ``reason`` says which assumption failed.
    Where it applies, the best ranking function is f* = α·log(g+/g−) + β.
    """

    loss: str
    applies: bool
    alpha: float | None
    reason: str
    source: str = "Uematsu & Lee (2011), Thm 2"

    def as_dict(self) -> dict:
        return _fields_as_dict(self)


@dataclass(frozen=True)
class DiscreteBayes(Displayed):
    """The optimal AUC and the Bayes ranking risk of g+, g− on N points (Uematsu & Lee 2011, Thm 1).

    ``classes`` lists the points (0-based) in groups of equal likelihood ratio g+/g−, from the
    lowest ratio to the highest: ranking by class (ties inside a class) is optimal.
    ``bayes_risk`` = P(r(X) < r(X′)) + ½·P(r(X) = r(X′)) for that ranking r, X ~ g+, X′ ~ g−,
    and ``optimal_auc`` = 1 − ``bayes_risk``. With ``exact`` both are ``Fraction`` objects
    (every probability was given as an int or a Fraction); otherwise floats.
    """

    pos: tuple
    neg: tuple
    classes: tuple[tuple[int, ...], ...]
    bayes_risk: object
    optimal_auc: object
    exact: bool
    source: str = "Uematsu & Lee (2011), Thm 1"

    @property
    def order(self) -> tuple[int, ...]:
        """The points from the lowest likelihood ratio to the highest (ties in input order)."""
        return tuple(point for group in self.classes for point in group)

    def as_dict(self) -> dict:
        data = _fields_as_dict(self)
        data["order"] = list(self.order)
        return data


@dataclass(frozen=True)
class NormalBayes(Displayed):
    """The optimal AUC of two normal classes and the AUC of the raw score (Uematsu & Lee 2011, Thm 1, §5.1.3).

    ``setting`` is 'binormal' (X ~ N(pos_mean, pos_sd²), X′ ~ N(neg_mean, neg_sd²)) or
    'multivariate normal' (common covariance; means are tuples, the sds None).
    ``distance`` is |Δ|/σ for the equal-variance binormal and sqrt(Δ′Σ⁻¹Δ) for the
    multivariate normal (None for unequal variances). ``optimal_auc`` is the AUC of the
    likelihood ratio and ``bayes_risk`` = 1 − ``optimal_auc``; ``identity_auc`` is the AUC
    of x itself, P(X > X′) (binormal only). ``monotone`` says whether the likelihood ratio is
    monotone in x (then the two AUCs agree up to the direction of x). ``method`` is
    'closed form' or 'integration' (scipy.integrate.quad, unequal variances).
    """

    setting: str
    pos_mean: object
    neg_mean: object
    pos_sd: float | None
    neg_sd: float | None
    distance: float | None
    optimal_auc: float
    bayes_risk: float
    identity_auc: float | None
    monotone: bool
    method: str
    source: str = "Uematsu & Lee (2011), Thm 1 and §5.1.3"

    def as_dict(self) -> dict:
        return _fields_as_dict(self)


@dataclass(frozen=True, eq=False)
class DiscreteMinimizer(Displayed):
    """A minimizer f* of R_l(f) = Σ_x Σ_z g+(x)·g−(z)·l(f(x) − f(z)) over f ∈ R^N (Uematsu & Lee 2011, Thm 2–5).

    ``f`` holds f*(x) for each point x (input order). For a smooth loss f* is unique up to
    an additive constant (the loss is strictly convex along every pair's difference) and is
    centred to mean 0; for the hinge loss ``f`` is an integer-valued minimizer with smallest
    value 0 (Thm 5), and ``lp_f`` the solution of the unrestricted linear program.
    ``risk`` is the minimal risk R_l(f*). ``order`` lists the points from the lowest
    likelihood ratio to the highest, ``increments`` the steps of f* along that order, and
    ``ties`` the groups of points (two or more) on which f* takes one value.
    ``method`` is 'newton' or 'linprog (HiGHS)'; ``iterations`` Newton steps or simplex
    iterations.
    """

    pos: tuple
    neg: tuple
    loss: str
    f: object
    risk: float
    order: tuple[int, ...]
    increments: object
    ties: tuple[tuple[int, ...], ...]
    method: str
    iterations: int
    lp_f: object = None
    source: str = "Uematsu & Lee (2011), Thm 2–5"

    def as_dict(self) -> dict:
        return _fields_as_dict(self)


@dataclass(frozen=True)
class HingeToyCase(Displayed):
    """The optimal hinge-loss increments of the N = 3 toy example (Uematsu & Lee 2011, §3.3.1, Figure 1).

    With the points in increasing likelihood ratio, ``a`` = g+(1)g−(2) − g+(2)g−(1) + g+(1)g−(3)
    and ``b`` = g+(2)g−(3) − g+(3)g−(2) + g+(1)g−(3) (1-based as in the paper).
    ``s1`` and ``s2`` are the intervals (lo, hi) of the optimal increments
    f*(x2) − f*(x1) and f*(x3) − f*(x2) from the paper's table, (1, 1) or (0, 0) where they
    are determined. ``partition`` is Figure 1's label (s1*, s2*) ∈ {(1, 1), (1, 0), (0, 1)}:
    (1, 1) when Δ12 > 0 and Δ23 > 0, else (1, 0) when g−(2) < g+(2), else (0, 1).
    ``order`` is the input points sorted by likelihood ratio.
    """

    order: tuple[int, int, int]
    a: float
    b: float
    delta12: float
    delta23: float
    s1: tuple
    s2: tuple
    partition: tuple[int, int]
    source: str = "Uematsu & Lee (2011), §3.3.1"

    def as_dict(self) -> dict:
        data = dataclasses.asdict(self)
        return {key: list(value) if isinstance(value, tuple) else value for key, value in data.items()}


@dataclass(frozen=True)
class OptimalSteps(Displayed):
    """The best unit-step function with `K` jumps for X ~ N(μ, 1) against X' ~ N(−μ, 1), μ = separation/2.

    ``jumps`` are a_1 < … < a_K as floats; ``jumps_text`` the same to every digit the solver
    fixed (the outer jumps pass 10^20 from K = 24 on, where a float keeps only the first 16
    digits). ``residual`` is the largest |ln of the ratio of the two sides of Eq. 8| at the
    solution, evaluated at the precision it was solved in (``precision``: "double" or
    "mpmath, N digits"). ``stationary`` says Eq. 8 holds to 1e-12 in that log form;
    ``minimum`` says no K-step function found by direct minimization of the risk from
    ``starts`` random starting points has a risk below ``hinge_risk`` by more than 1e-13
    (``direct_risk`` is the best risk that search found). ``auc_loss`` is 1 − AUC with
    ties counted ½. ``symmetric_jumps`` and ``symmetric_risk`` are the paper's symmetric
    solution of Eq. 8 and its risk; ``symmetric`` says whether it is the one returned (at
    separation 2, for even K ≥ 8 it is not: it is a saddle point, and the minimum is
    lopsided, the symmetric solution for K − 1 with one more jump far out; its mirror image
    is a minimum too; at other separations other K, e.g. odd K from 5 at separation 1).
    ``origin`` says where the returned jumps come from: 'symmetric' or 'lopsided' (the two
    stationary points solved by continuation), or 'direct search' when the direct
    minimization found a lower risk than both (its minimizer, polished by Newton's method on
    Eq. 8); ``minimum`` is then judged against the polished point.
    """

    K: int
    separation: float
    jumps: tuple
    jumps_text: tuple
    hinge_risk: float
    auc_loss: float
    residual: float
    precision: str
    stationary: bool
    minimum: bool
    direct_risk: float
    starts: int
    symmetric: bool
    symmetric_jumps: tuple
    symmetric_risk: float
    origin: str = "symmetric"
    source: str = "Uematsu & Lee (2011), §5.1.1 (Eq. 6–8, Table 1) and §5.1.2"

    def as_dict(self) -> dict:
        return _fields_as_dict(self)


@dataclass(frozen=True)
class LimitingJumps(Displayed):
    """The least positive jump of the limiting sequence as K → ∞, by the paper's bisection (Figure 6).

    ``even`` is a_{m+1} for K = 2m, ``odd`` is a_{m+2} for K = 2m + 1; ``even_sequence`` and
    ``odd_sequence`` are the first positive jumps the recursion of Eq. 8 generates from them
    (as far as it stays resolvable in double precision).
    """

    separation: float
    even: float
    odd: float
    even_sequence: tuple
    odd_sequence: tuple
    source: str = "Uematsu & Lee (2011), §5.1.1 (Figures 5–6)"

    def as_dict(self) -> dict:
        return _fields_as_dict(self)


@dataclass(frozen=True)
class HingeExcessRisk(Displayed):
    """The ranking risk the hinge loss leaves on top of the Bayes ranking risk (§5.1.2).

    ``bayes_risk`` is Φ(−separation/√2); ``auc_loss_even`` and ``auc_loss_odd`` are 1 − AUC of
    the optimal K-step functions at K = ``K_even`` and ``K_odd`` (24 and 25: converged far
    beyond double precision); ``excess_even``/``excess_odd`` their differences from the
    Bayes risk; ``hinge_risk`` the limit of the minimal hinge risk.
    """

    separation: float
    bayes_risk: float
    hinge_risk: float
    K_even: int
    K_odd: int
    auc_loss_even: float
    auc_loss_odd: float
    excess_even: float
    excess_odd: float
    source: str = "Uematsu & Lee (2011), §5.1.2"

    def as_dict(self) -> dict:
        return _fields_as_dict(self)


# --- learned ranking functions (aucbound.learn) ------------------------------------------

__all__ += ["BoostedRanker"]


@dataclass(frozen=True, eq=False)
class BoostedRanker(Displayed):
    """A ranking function learned by boosting: f(x) = Σ_t α_t·h_t(x).

    ``loss`` is what the boosting minimised over the m·n (positive, negative) training
    pairs: ``exponential`` (RankBoost, Freund et al. 2003), ``logistic`` or ``hinge``.
    Round t added the weak ranker ``h_t`` on feature ``features[t]``: for ``weak='stump'``
    1(x_j > ``thresholds[t]``), for ``weak='raw'`` (x_j − ``low[j]``)/``span[j]``, feature
    j scaled to [0, 1] on the training points (``thresholds`` then holds None). Its weight
    ``alphas[t]`` came by the rule ``alpha_rules[t]``:

    - ``exact``: RankBoost's exact minimiser of Z_t, ½·ln(W₊/W₋) (Freund et al. 2003, §3.2);
    - ``bound``: Freund et al.'s choice from the bound Z_t ≤ √(1 − r²), ½·ln((1 + r)/(1 − r)),
      for raw features (Z_t has no closed-form minimiser) and for a stump with W₋ = 0 or
      W₊ = 0 (its exact minimiser is infinite);
    - ``perfect``: h_t alone ranks every training pair correctly (the exact α is infinite):
      α is the smallest whole step that makes the training ranking perfect, and boosting stops;
    - ``line search``: α minimises the pairwise risk along h_t exactly (logistic, hinge);
    - ``smoothed line search (μ = …)``: α minimises the hinge risk smoothed over [1 − μ, 1] along h_t.

    ``z`` holds RankBoost's normalisers Z_t (None for the other losses); ``risk[t]`` the
    training pairwise risk after round t (for RankBoost Π_{s≤t} Z_s, Freund et al.'s Thm 1
    bound on the training ranking loss), ``train_auc[t]`` the training AUC (ties ½).
    ``stopped`` says why boosting ended before ``requested`` rounds, or is None.
    """

    _table_columns = ("features", "thresholds", "alphas", "alpha_rules")

    loss: str
    weak: str
    selection: str
    seed: int | None
    m: int
    n: int
    d: int
    requested: int
    features: tuple[int, ...]
    thresholds: tuple[float | None, ...]
    alphas: tuple[float, ...]
    alpha_rules: tuple[str, ...]
    z: tuple[float, ...] | None = dataclasses.field(repr=False)
    risk: tuple[float, ...] = dataclasses.field(repr=False)
    train_auc: tuple[float, ...] = dataclasses.field(repr=False)
    low: tuple[float, ...] | None = dataclasses.field(repr=False)
    span: tuple[float, ...] | None = dataclasses.field(repr=False)
    stopped: str | None
    source: str

    @property
    def rounds(self) -> int:
        """The rounds boosting ran."""
        return len(self.alphas)

    def _weak_values(self, X):
        import numpy as np

        X = np.asarray(X, dtype=np.float64)
        if X.ndim == 1 and self.d == 1:
            X = X[:, None]
        if X.ndim != 2 or X.shape[1] != self.d:
            raise ValueError(f"`X` must be an array of shape (k, {self.d}), but got shape {X.shape}.")
        columns = X[:, list(self.features)]
        if self.weak == "stump":
            return (columns > np.array(self.thresholds, dtype=np.float64)).astype(np.float64)
        low, span = np.array(self.low), np.array(self.span)
        return (columns - low[list(self.features)]) / span[list(self.features)]

    def score(self, X):
        """f(x) = Σ_t α_t·h_t(x) for each row x of X (shape (k, d); (k,) when d = 1)."""
        import numpy as np

        return self._weak_values(X) @ np.array(self.alphas, dtype=np.float64)

    def staged_scores(self, X):
        """Row t: the scores after round t + 1 (shape (rounds, k))."""
        import numpy as np

        return np.cumsum(self._weak_values(X) * np.array(self.alphas, dtype=np.float64), axis=1).T

    def truncate(self, rounds: int) -> "BoostedRanker":
        """The ranker after its first `rounds` rounds (1 ≤ rounds ≤ self.rounds)."""
        if not (isinstance(rounds, int) and 1 <= rounds <= self.rounds):
            raise ValueError(f"`rounds` must be an integer from 1 to {self.rounds}, but got {rounds!r}.")
        cut = {name: getattr(self, name)[:rounds] for name in
               ("features", "thresholds", "alphas", "alpha_rules", "risk", "train_auc")}
        if self.z is not None:
            cut["z"] = self.z[:rounds]
        return dataclasses.replace(self, stopped=None, **cut)

    @property
    def linear(self):
        """For raw-feature weak rankers, (w, b) with f(x) = w·x + b; None for stumps."""
        if self.weak != "raw":
            return None
        w, b = [0.0] * self.d, 0.0
        for j, alpha in zip(self.features, self.alphas):
            w[j] += alpha / self.span[j]
            b -= alpha * self.low[j] / self.span[j]
        return tuple(w), b

    def as_dict(self) -> dict:
        data = _fields_as_dict(self)
        data["rounds"] = self.rounds
        return data


# --- the papers' learning experiments (aucbound.experiments) ------------------------------

__all__ += ["BoundShapeRow", "BoundShapeExperiment"]


@dataclass(frozen=True)
class BoundShapeRow(Displayed):
    """One cell (m, n) of :class:`BoundShapeExperiment`: means and standard deviations over the trials.

    ``epsilon`` is Cor 4.5's ε with Thm 4.11's bound on r(F_lin(16), 2m, 2n) (the paper's),
    ``bound_mean`` = ``train_mean`` − ``epsilon`` the lower bound on the expected AUC (its
    standard deviation ``bound_sd`` is the training AUC's); ``sharp_epsilon`` and
    ``sharp_bound_mean`` the same with the smallest valid bound on r (beyond the paper).
    ``test_se`` is the standard error of ``test_mean``.
    """

    m: int
    n: int
    trials: int
    train_mean: float
    train_sd: float
    test_mean: float
    test_sd: float
    test_se: float
    epsilon: float
    bound_mean: float
    bound_sd: float
    sharp_epsilon: float
    sharp_bound_mean: float

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class BoundShapeExperiment(Displayed):
    """Agarwal et al. (2005), §4.5, Figure 4: RankBoost's linear rankers in R^16, their training
    and test AUC and Cor 4.5's lower bound, for each training size (m, n) in ``ms`` × ``ns``
    (``rows``, m-major), over ``trials`` training sets each."""

    ms: tuple[int, ...]
    ns: tuple[int, ...]
    trials: int
    seed: int
    rounds: int
    delta: float
    dimension: int
    test_size: int
    rows: tuple[BoundShapeRow, ...] = dataclasses.field(repr=False)
    source: str = "Agarwal et al. (2005), §4.5 and Figure 4; Cor 4.5 with Thm 4.11"

    def row(self, m: int, n: int) -> BoundShapeRow:
        """The cell (m, n)."""
        for row in self.rows:
            if (row.m, row.n) == (m, n):
                return row
        raise KeyError((m, n))

    def as_dict(self) -> dict:
        return _fields_as_dict(self)


__all__ += ["RankBoostNormal", "LossScoresRow", "LossScores"]


@dataclass(frozen=True, eq=False)
class RankBoostNormal(Displayed):
    """Uematsu & Lee (2011), §5.1, Figure 3: RankBoost with stumps on N(1, 1) against N(−1, 1).

    ``x`` holds the sorted training points and ``f_hat`` the learned scores there, shifted
    by ``shift`` (the mean of f̂(x) − x over the points in [−``window``, ``window``]) so
    that they compare with f*(x) = x; ``rms`` is the RMS of f̂ − x over those points.
    ``train_auc`` is the training AUC after each round; ``largest_step_after`` the largest
    change from one round to the next after round ``settled_round``, and
    ``largest_change_after`` the largest distance from the AUC at that round. ``bayes_auc``
    = Φ(√2), the AUC of f*. ``model`` is the learned :class:`BoostedRanker`.
    ``f_star_risk`` is the training exponential risk of f*(x) = x (that of f̂ is
    ``model.risk[-1]``); ``population_risk`` the exponential risk E[e^{−(f̂(X) − f̂(X′))}] of
    f̂ over the two normal classes (f*'s is e^{−1}).
    """

    size: int
    rounds: int
    alpha: str
    selection: str
    seed: int
    x: object = dataclasses.field(repr=False)
    f_hat: object = dataclasses.field(repr=False)
    shift: float
    rms: float
    window: float
    train_auc: tuple = dataclasses.field(repr=False)
    settled_round: int
    largest_step_after: float
    largest_change_after: float
    bayes_auc: float
    model: object = dataclasses.field(repr=False)
    f_star_risk: float = None
    population_risk: float = None
    source: str = "Uematsu & Lee (2011), §5.1 and Figure 3"

    def as_dict(self) -> dict:
        data = _fields_as_dict(self)
        data["model"] = self.model.as_dict()
        return data


@dataclass(frozen=True)
class LossScoresRow(Displayed):
    """One method of :class:`LossScores`: the rounds it ran and those chosen by the test AUC, the
    test AUC, the least-squares slope of its centred test scores on r(x) (``theory_slope``
    from Thm 2: ½ exponential, 1 logistic, None hinge), its distinct score ``levels`` on the
    test set, and the correlation of its scores with the logistic ones (None where a score is
    constant on the test set)."""

    loss: str
    rounds_run: int
    rounds: int
    test_auc: float
    slope_on_r: float | None
    theory_slope: float | None
    levels: int
    correlation_with_logistic: float | None

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


@dataclass(frozen=True, eq=False)
class LossScores(Displayed):
    """Uematsu & Lee (2011), §5.1.3 (Figures 8, 9) and §5.2 (Figure 14): boosting under three losses on §5.1.3's data.

    ``r`` is the log likelihood ratio r(x) on the test points; ``scores[loss]`` the centred
    test scores of each method at its chosen round; ``effects[loss]`` the main effect of
    each variable (rows) on ``effect_grid``; ``logistic_on_exponential`` the least-squares
    slope of the logistic scores on RankBoost's (Thm 2: 2); ``bayes_auc`` = Φ(√2), the AUC
    of r(x). ``models`` holds the three learned rankers, cut at their chosen rounds;
    ``hinge_step`` is the hinge learner's step rule ('smoothed' or 'exact').
    """

    size: int
    dimension: int
    rounds: int
    selection: str
    seed: int
    rows: tuple[LossScoresRow, ...]
    r: object = dataclasses.field(repr=False)
    scores: dict = dataclasses.field(repr=False)
    effect_grid: object = dataclasses.field(repr=False)
    effects: dict = dataclasses.field(repr=False)
    logistic_on_exponential: float | None
    bayes_auc: float
    models: dict = dataclasses.field(repr=False)
    hinge_step: str = "smoothed"
    source: str = "Uematsu & Lee (2011), §5.1.3 and Figures 8, 9 and 14 (MovieLens, §5.2: Figure 14, Table 2)"

    def row(self, loss: str) -> LossScoresRow:
        """The row of `loss`."""
        for row in self.rows:
            if row.loss == loss:
                return row
        raise KeyError(loss)

    def as_dict(self) -> dict:
        data = _fields_as_dict(self)
        data["scores"] = {k: value.tolist() for k, value in self.scores.items()}
        data["effects"] = {k: value.tolist() for k, value in self.effects.items()}
        data["models"] = {k: value.as_dict() for k, value in self.models.items()}
        return data
