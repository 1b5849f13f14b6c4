"""What the combinatorics return: ψ(m, n), bounds on shatter coefficients, measured counts, Thm 9's ranker."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .._display import Displayed

__all__ = ['ConsistentRanker', 'CountBound', 'MeasuredCount', 'PsiReport', 'ShatterBound']


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


@dataclass(frozen=True)
class PsiReport(Displayed):
    """ψ(m, n), the number of realizable m×n bipartite rank matrices, beside the bounds of §4.3.

    ``method`` says how ψ was obtained: 'exact' (the ordered-partition count), 'bruteforce'
    (all 3^(mn) matrices tested) or 'log' (only ln ψ, in floating point; ``psi`` is None).
    The bounds 3^max(m,n) ≤ ψ ≤ (m+n)!·2^(m+n−1) and the 3^(mn) matrices in all are given
    by their logarithms; the properties ``lower``, ``upper`` and ``matrices`` give the integers.
    ``bruteforce`` is the same count made by testing every matrix, when :func:`psi_table` was
    asked to check it.
    """

    m: int
    n: int
    method: str
    psi: int | None
    log_psi: float
    log_lower: float
    log_upper: float
    log_matrices: float
    source: str = "Agarwal et al. 2005, Thm 4.3 and §4.3; exact count by a recurrence over ordered partitions"
    bruteforce: int | None = None

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

