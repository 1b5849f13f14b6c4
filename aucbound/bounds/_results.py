"""What the closed-form bounds return: an interval, a test-set size, a uniform bound, a sample complexity."""

from __future__ import annotations

import math
from dataclasses import dataclass

from .._result_base import AtConfidence, exact_ratio

__all__ = ['Interval', 'SampleComplexity', 'SampleSize', 'UniformBound']


@dataclass(frozen=True)
class Interval(AtConfidence):
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
class SampleSize(AtConfidence):
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
        return exact_ratio(self.N, self.error_rate_N)

    def as_dict(self) -> dict:
        """The fields, ``confidence``, ``ratio``, ``vacuous`` and ``log_N`` (ln N beside N, which may
        have hundreds of digits)."""
        data = super().as_dict()
        data["ratio"] = self.ratio
        data["vacuous"] = self.vacuous
        data["log_N"] = None if self.N is None else math.log(self.N)
        return data


@dataclass(frozen=True)
class UniformBound(AtConfidence):
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
class SampleComplexity(AtConfidence):
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
        data["log_M"] = None if self.M is None else math.log(self.M)
        return data

