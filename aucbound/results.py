"""Frozen result objects returned by aucbound's public functions.

Each echoes its inputs and carries the answer, the method, the theorem it comes from and
the kind of guarantee it has (one of :data:`GUARANTEES`). ``.as_dict()`` gives plain
Python values for JSON.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

__all__ = ["GUARANTEES", "Interval", "SampleSize"]

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
