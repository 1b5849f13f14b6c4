"""Frozen result objects returned by aucbound's public functions.

Each echoes its inputs and carries the answer, the method, the theorem it comes from and
the kind of guarantee it has (one of :data:`GUARANTEES`). ``.as_dict()`` gives plain
Python values for JSON.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

__all__ = ["GUARANTEES", "ConsistentRanker", "Interval", "SampleComplexity", "SampleSize", "UniformBound"]

#: What each guarantee label promises.
GUARANTEES = {
    "distribution-free": "coverage ≥ 1 − δ for every pair of score distributions, at every m and n",
    "asymptotic": "coverage tends to 1 − δ as m and n grow (normal approximation); no finite-sample promise",
    "plug-in": "coverage ≥ 1 − δ if the given A, p1, p2 are the true ones; with estimates, approximate",
    "best-case": "the width at the smallest variance any distribution can have; not a confidence interval",
    "vacuous": "the interval is all of [0, 1] (ε ≥ 1): it says nothing",
}


def _as_dict(result) -> dict:
    data = dataclasses.asdict(result)
    data["confidence"] = result.confidence
    return data


@dataclass(frozen=True)
class Interval:
    """A confidence interval for the AUC of a fixed scorer from m positives and n negatives.

    ``epsilon`` is the half-width (for an asymmetric interval, the larger of Â − lo and
    hi − Â). ``lo`` and ``hi`` are set when an estimate Â was given, clipped to [0, 1].
    ``log_class_size`` is ln|F| when a union bound over a finite class was applied.
    """

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
    def confidence(self) -> float:
        """1 − δ."""
        return 1.0 - self.delta

    @property
    def interval(self) -> tuple[float | None, float | None]:
        """``(lo, hi)``, so that ``lo, hi = result.interval`` unpacks."""
        return (self.lo, self.hi)

    @property
    def vacuous(self) -> bool:
        """True when the interval covers all of [0, 1]."""
        return self.guarantee == "vacuous"

    def as_dict(self) -> dict:
        return _as_dict(self)


@dataclass(frozen=True)
class SampleSize:
    """The smallest test set (N = m + n, m = ρN rounded) whose half-width is at most ε.

    ``error_rate_N`` is the size Hoeffding's bound needs for an error rate at the same ε
    and δ (Eq. 16), so ``ratio`` is the comparison of Figure 2.
    """

    method: str
    epsilon: float
    delta: float
    rho: float
    N: int
    m: int
    n: int
    guarantee: str
    source: str
    error_rate_N: int
    auc: float | None = None
    beyond_paper: bool = False
    log_class_size: float = 0.0

    @property
    def confidence(self) -> float:
        """1 − δ."""
        return 1.0 - self.delta

    @property
    def ratio(self) -> float:
        """N / N_err: how many times more examples than for an error rate."""
        return self.N / self.error_rate_N

    def as_dict(self) -> dict:
        data = _as_dict(self)
        data["ratio"] = self.ratio
        return data


@dataclass(frozen=True)
class UniformBound:
    """A bound on sup over a class F of |Â(f) − A(f)| from m positives and n negatives.

    ``method`` is "uniform" (Agarwal et al. 2005, Cor 4.5, through the rank-shatter
    coefficient ``log_r`` = ln r(F, 2m, 2n)) or "freund" (Thm 4.14). ``guarantee`` is
    "distribution-free", or "vacuous" when ε ≥ 1.
    """

    method: str
    m: int
    n: int
    delta: float
    epsilon: float
    guarantee: str
    source: str
    fclass: str
    log_r: float | None = None

    @property
    def confidence(self) -> float:
        """1 − δ."""
        return 1.0 - self.delta

    @property
    def vacuous(self) -> bool:
        """True when ε ≥ 1: the bound says nothing."""
        return self.guarantee == "vacuous"

    def as_dict(self) -> dict:
        return _as_dict(self)


@dataclass(frozen=True)
class SampleComplexity:
    """A training-set size M = m + n (m = ρM) for learning to accuracy ε with confidence 1 − δ.

    ``method``: "thm1" (Agarwal & Roth 2005, Thm 1), "exact" (its proof's condition
    solved exactly; beyond the paper), "lower" (Cor 1, a lower bound), "uniform" or
    "freund" (the size at which that uniform bound reaches ε). ``value`` is the real
    number before rounding. ``M`` is None when the size exceeds 10^300 (vacuous).
    """

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
    def confidence(self) -> float:
        """1 − δ."""
        return 1.0 - self.delta

    @property
    def vacuous(self) -> bool:
        """True when no size up to 10^300 suffices."""
        return self.M is None

    def as_dict(self) -> dict:
        data = _as_dict(self)
        data["vacuous"] = self.vacuous
        return data


@dataclass(frozen=True)
class ConsistentRanker:
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
