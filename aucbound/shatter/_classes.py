r"""Function classes and upper bounds on their rank-shatter and shatter coefficients.

Agarwal, Graepel, Herbrich, Har-Peled & Roth (2005), JMLR 6, §4.3–4.4, and Agarwal & Roth
(2005), COLT, §4–5:

- ``r(F, m, n)`` (Def 4.2): the most distinct bipartite rank matrices F realizes on m
  positives and n negatives; ``r ≤ ψ(m, n) ≤ 3^{mn}`` (§4.1).
- Three derived classes of {−1, 0, +1}-valued functions (Def 4.8): F̂ = {sign f} on X
  (Eq. 20), F̃ = {sign(f(x) − f(x'))} on X × X (Eq. 21) and F̄ = {x ↦ sign(f(x) − f(z)) :
  z ∈ X} on X, f thresholded at one of its own values (Eq. 22). s(H, N) counts the sign
  patterns H realizes on N points (Def 4.7); ``r(F, m, n) ≤ s(F̃, mn)`` (Thm 4.9), and
  Freund et al.'s bound (Thm 4.14) uses s(F̄, 2m) and s(F̄, 2n).
- Finite classes: ``r ≤ |F|``, and ``s(F̄, N) ≤ |F|·(2N + 1)``: one f takes at most N values
  on N points, and a threshold can sit below, at or between them (N + 1 gaps, N levels).
- The line F_lin(1): ``r = 3``, ``s(F̂, N) = s(F̄, N) = 4N + 1`` for N ≥ 2 (§4.4).
- Linear functions on R^d: ``s(F̃, N) ≤ Σ_{i≤d} 2^i C(N, i) ≤ (2eN/d)^d`` (Lemma 4.10; the
  relaxation holds for N ≥ d only), so ``r ≤ (2emn/d)^d`` for mn ≥ d (Thm 4.11).
  Polynomials of degree ≤ q: the same with d replaced by ``C(d, q) = C(d+q, q) − 1``
  (Eq. 23, Lemma 4.12, Thm 4.13). For both, F̄ ⊆ F̂: f(x) − f(z) is f with another
  constant term, so s(F̄, N) ≤ s(F̂, N).
- (beyond) The hyperplanes of Lemma 4.10 pass through the origin, and sign(w·x + b) is the
  sign of (w, b)·(x, 1) in R^{d+1}; counting the faces of a *central* arrangement
  (:mod:`aucbound.shatter._arrangements`) gives much smaller bounds. They are exact for
  s(F̃, N) and s(F̂, N) of linear and polynomial classes (generic points put the features,
  linearly independent functions, in general position) and for r(F, m, n) when there are
  at most 2 features: 3 for the line, 4mn + 1 (mn ≥ 2) for linear functions on R^2 and
  quadratics on R, whose differences g(x_i) − g(x'_j) at random points are pairwise
  independent; and when one class has a single example, whose differences to the other
  class's generic points are themselves in general position. Otherwise, with 3 or more
  features, the differences are not in general position and the count is an upper bound
  only.
- Agarwal & Roth's Thm 1 needs ``r(F, m, n) ≤ c1·(mn)^{c2}``: Example 1 (finite, c1 = |F|,
  c2 = 0), Example 2 (linear, c1 = (2e/d)^d, c2 = d), Example 3 (polynomial, with C(d, q)).
  Examples 2–3 inherit the N ≥ d condition of Lemma 4.10: they hold for mn ≥ d (resp. C).
  :class:`RankGrowth` is a class known only through such constants.
- Rank dimension (Def 7): see :func:`aucbound.shatter.rank_shatters`. For linear functions
  on R^d it is d: the pairs (e_i, −e_i) are rank-shattered by w = Σ ±e_i, and
  rank-shattering r pairs needs the r differences w_i − w'_i to be shattered by
  homogeneous half-spaces of R^d, so r ≤ d. The line has rank dimension 1. For
  polynomials of degree ≤ q it lies between d and C(d, q); for a finite class between 0
  and ⌊log2 |F|⌋ (2^r patterns need 2^r functions).

Each bound method returns a :class:`~aucbound.results.ShatterBound`: every valid candidate
with its source, and the smallest one used (of equal ones, the paper's own before one
beyond it, then the first listed: the class's own bounds, then ψ, then 3^{mn}). ``paper_rank_key`` names the candidate the paper's own route
uses, so that a reader can reproduce the paper's numbers beside the sharper ones. The
``log_…`` methods return just ln of a bound and broadcast over arrays; with the namespace
``X=EXACT`` they compute it exactly (for the exact sample sizes).
"""

from __future__ import annotations

import abc
import dataclasses
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from .. import _validate as v
from .._exact import FLOAT
from ._results import CountBound, ShatterBound
from . import _arrangements as arr
from ._counting import log_psi, log_psi_upper_bound, psi, psi_cost

__all__ = ["FunctionClass", "Finite", "Line", "Linear", "Polynomial", "RankGrowth", "CLASSES", "polynomial_dimension"]

LN3 = math.log(3.0)
#: ψ(m, n) enters the candidates as an exact integer up to this m·n; beyond, as ln ψ when
#: that is cheap (:data:`PSI_CANDIDATE_COST`) and could be the smallest (it is at least 3^max(m,n)).
PSI_EXACT_CELLS = 400
PSI_CANDIDATE_COST = 2 * 10**6
_SHORT = 30 * math.log(10)  # ln 10^30: candidates below this carry their integer value
#: The most monomials a polynomial class may have (Thm 1's sizes pass 10^300 long before).
MAX_DIMENSION = v.MAX_COUNT


def polynomial_dimension(d, q) -> int:
    """C(d, q) of Eq. 23: the number of monomials of degree 1..q in d variables.

    The paper states it as Σ_{i=1}^{q} C(d, i)·Σ_{j=1}^{q} C(j−1, i−1); it equals
    C(d+q, q) − 1 (the inner sum is C(q, i), then Vandermonde), which is how it is
    computed here. Refused where it passes 10^300.

    >>> polynomial_dimension(1, 1), polynomial_dimension(2, 2), polynomial_dimension(3, 2)
    (1, 5, 9)
    >>> polynomial_dimension(16, 3)
    968
    """
    d, q = v.count("d", d), v.count("q", q)
    small, large = sorted((d, q))
    log_count, limit = 0.0, math.log(MAX_DIMENSION)
    for i in range(1, small + 1):  # ln C(d+q, q) = Σ_{i ≤ min(d, q)} ln((max(d, q) + i)/i), stopped past 10^300
        log_count += math.log(large + i) - math.log(i)
        if log_count > limit:
            raise v.fail("q", f"small enough for at most 10^300 monomials of degree ≤ q in d = {v.show(d)} variables",
                         q)
    return math.comb(d + q, q) - 1


@dataclass(frozen=True)
class _Candidate:
    """A candidate bound: its key, source, ln in a namespace X, and its flags."""

    key: str
    source: str
    log: Callable
    exact: bool = False
    beyond: bool = False
    value: int | None = None

    def bound(self) -> CountBound:
        log_value = float(self.log(FLOAT))
        value = self.value if self.value is not None and log_value < _SHORT else None
        return CountBound(self.key, log_value, self.source, exact=self.exact, beyond_paper=self.beyond, value=value)


def _integer(key, source, value: int, **flags) -> _Candidate:
    return _Candidate(key, source, lambda X: X.log_int(value), value=value, **flags)


def _power_of_three(key, source, exponent: int) -> _Candidate:
    return _Candidate(key, source, lambda X: X.number(exponent) * X.LN3, value=3**exponent if exponent < 63 else None)


def _smallest(candidates: list[_Candidate], logs: list[float] | None = None) -> _Candidate:
    """The smallest candidate; among equal ones the paper's own before one beyond it, then the first listed."""
    if logs is None:
        logs = [float(c.log(FLOAT)) for c in candidates]
    low = min(logs)
    tolerance = 1e-12 * max(1.0, abs(low))
    tied = [c for c, log in zip(candidates, logs) if log <= low + tolerance]
    return next((c for c in tied if not c.beyond), tied[0])


def _result(quantity, fclass, sizes, candidates, notes) -> ShatterBound:
    logs = [float(c.log(FLOAT)) for c in candidates]
    if any(math.isfinite(log) for log in logs) and not all(math.isfinite(log) for log in logs):
        notes.extend(f"{c.key}: left out, its logarithm passes the largest float (1.8·10^308)"
                     for c, log in zip(candidates, logs) if not math.isfinite(log))
        candidates, logs = zip(*((c, log) for c, log in zip(candidates, logs) if math.isfinite(log)))
    best = _smallest(candidates, logs)
    bounds = tuple(c.bound() for c in candidates)
    used = next(b for b in bounds if b.key == best.key)
    return ShatterBound(quantity, str(fclass), tuple(sizes), best.key, used.log_value, best.exact, bounds, tuple(notes))


def _pick(candidates: list[_Candidate], key: str | None, X):
    chosen = _smallest(candidates) if key is None else next((c for c in candidates if c.key == key), None)
    if chosen is None:
        raise v.fail("bound", f"one of {', '.join(repr(c.key) for c in candidates)}", key)
    return chosen.log(X)


def _broadcast(function, X, *sizes):
    """`function` on Python ints; arrays of sizes give a float array (FLOAT only)."""
    arrays = [v.sizes(name, value) for name, value in sizes]
    if all(a.ndim == 0 for a in arrays):
        return function(*(int(a) for a in arrays))
    if X is not FLOAT:
        name, value = next((name, value) for (name, value), a in zip(sizes, arrays) if a.ndim)
        raise v.fail(name, "a single integer for an exact evaluation", value)
    return np.vectorize(lambda *args: float(function(*(int(a) for a in args))), otypes=[float])(*arrays)


def _trivial(N: int) -> _Candidate:
    return _power_of_three("3^N", "Def 4.7: all 3^N patterns", N)


def _option(help_text: str, metavar: str, kind=int, minimum=1, **default):
    """A class parameter, with what the command line needs to offer it as an option; required
    unless a `default` other than None is given (a None default keeps a dataclass field from
    hiding an abstract property of the base, and the class refuses None itself)."""
    required = default.get("default") is None
    return field(metadata={"help": help_text, "metavar": metavar, "kind": kind, "minimum": minimum,
                           "required": required}, **default)


class FunctionClass(abc.ABC):
    """A class F of ranking functions f: X → R and what the theorems need to know of it.

    The contract: a subclass gives its own candidate bounds on r(F, m, n)
    (:meth:`_rank_bounds`), on the sign patterns of F̂, F̃ and F̄ (:meth:`_sign_bounds`,
    :meth:`_pair_bounds`, :meth:`_threshold_bounds`, each may raise where they are not
    known), Thm 1's constants :attr:`log_c1` and :attr:`c2`, the rank dimension's bounds
    and the key of the bound the paper's route uses (:meth:`paper_rank_key`). This base
    adds ψ(m, n), 3^{mn} and 3^N and picks the smallest valid bound. Subclasses are frozen
    dataclasses; their fields are the class's parameters (``--size``, ``--d`` … on the
    command line) and :attr:`key` names the class there.
    """

    key: str = ""
    #: Whether the class bounds its sign patterns s(F̂, N), s(F̃, N), s(F̄, N) (Freund et al.'s bound needs them).
    sign_patterns_known: bool = True

    # --- what subclasses provide ---------------------------------------------------------
    @abc.abstractmethod
    def _rank_bounds(self, m: int, n: int, notes: list) -> list[_Candidate]:
        """Candidate bounds on r(F, m, n) of the class itself."""

    @abc.abstractmethod
    def _sign_bounds(self, N: int, notes: list) -> list[_Candidate]:
        """Candidate bounds on s(F̂, N)."""

    @abc.abstractmethod
    def _pair_bounds(self, N: int, notes: list) -> list[_Candidate]:
        """Candidate bounds on s(F̃, N)."""

    @abc.abstractmethod
    def _threshold_bounds(self, N: int, notes: list) -> list[_Candidate]:
        """Candidate bounds on s(F̄, N), the class of Eq. 22 that Thm 4.14 uses."""

    @abc.abstractmethod
    def paper_rank_key(self, m: int, n: int) -> str:
        """The key of the bound on r(F, m, n) that the paper itself uses at these sizes."""

    @property
    @abc.abstractmethod
    def log_c1(self) -> float:
        """ln c1 of Thm 1 (r ≤ c1·(mn)^c2)."""

    @property
    @abc.abstractmethod
    def c2(self):
        """c2 of Thm 1."""

    @property
    @abc.abstractmethod
    def rank_dimension_bounds(self) -> tuple[int, int] | None:
        """(lowest, highest) possible rank dimension, or None when nothing is known."""

    # --- r(F, m, n) ----------------------------------------------------------------------
    def _rank_candidates(self, m: int, n: int, notes: list) -> list[_Candidate]:
        candidates = self._rank_bounds(m, n, notes)
        small, large = sorted((m, n))
        own = min(float(c.log(FLOAT)) for c in candidates) if candidates else math.inf
        if m * n <= PSI_EXACT_CELLS:
            candidates.append(_integer("psi", "Thm 4.3: ψ(m, n), counted exactly", psi(m, n), beyond=True))
        elif own <= FLOAT.number(large) * LN3:
            notes.append("psi: not counted, as ψ(m, n) ≥ 3^max(m,n) exceeds the bound used (§4.3)")
        elif psi_cost(m, n) <= PSI_CANDIDATE_COST:
            candidates.append(_Candidate("psi", "Thm 4.3: ψ(m, n), counted exactly (its ln)",
                                         lambda X: log_psi(m, n) if X is FLOAT else X.log_int(psi(m, n)), beyond=True))
        else:
            notes.append("psi: not counted at this size (cost); (m+n)!·2^(m+n−1) ≥ ψ(m, n) stands in for it")
            candidates.append(_Candidate("psi-upper", "§4.3: ψ(m, n) ≤ (m+n)!·2^(m+n−1)",
                                         lambda X: log_psi_upper_bound(m, n) if X is FLOAT
                                         else _exact_log_psi_upper(X, m, n)))
        candidates.append(_power_of_three("3^mn", "§4.1: all 3^(m·n) matrices", m * n))
        return candidates

    def rank_shatter(self, m, n) -> ShatterBound:
        """The smallest valid upper bound on r(F, m, n) among the class's, ψ(m, n) and 3^(mn)."""
        m, n = v.count("m", m, maximum=v.MAX_COMBINATORIAL_COUNT), v.count("n", n, maximum=v.MAX_COMBINATORIAL_COUNT)
        notes: list[str] = []
        return _result("r(F,m,n)", self, (m, n), self._rank_candidates(m, n, notes), notes)

    def log_rank_shatter(self, m, n, *, bound: str | None = None, X=FLOAT):
        """ln of the bound on r(F, m, n) used by :meth:`rank_shatter`, or of the candidate `bound`
        ("paper" for :meth:`paper_rank_key`); broadcasts over arrays, exact with ``X=EXACT``."""

        def one(m, n):
            key = self.paper_rank_key(m, n) if bound == "paper" else bound
            return _pick(self._rank_candidates(m, n, []), key, X)

        return _broadcast(one, X, ("m", m), ("n", n))

    # --- s(F̂, N), s(F̃, N), s(F̄, N) --------------------------------------------------------
    def _patterns_result(self, quantity: str, N, own) -> ShatterBound:
        N = v.count("N", N, maximum=v.MAX_COMBINATORIAL_COUNT)
        notes: list[str] = []
        return _result(quantity, self, (N,), own(N, notes) + [_trivial(N)], notes)

    def sign_patterns(self, N) -> ShatterBound:
        """The smallest valid upper bound on s(F̂, N), the sign patterns of {sign f} on N points."""
        return self._patterns_result("s(F^,N)", N, self._sign_bounds)

    def pair_patterns(self, N) -> ShatterBound:
        """The smallest valid upper bound on s(F̃, N), the patterns of sign(f(x) − f(x')) on N pairs."""
        return self._patterns_result("s(F~,N)", N, self._pair_bounds)

    def threshold_patterns(self, N) -> ShatterBound:
        """The smallest valid upper bound on s(F̄, N), the patterns of sign(f(x) − f(z)) on N points."""
        return self._patterns_result("s(F-,N)", N, self._threshold_bounds)

    def _log_patterns(self, own, N, X):
        return _broadcast(lambda N: _pick(own(N, []) + [_trivial(N)], None, X), X, ("N", N))

    def log_sign_patterns(self, N, *, X=FLOAT):
        """ln of the bound on s(F̂, N) used by :meth:`sign_patterns`; broadcasts, exact with ``X=EXACT``."""
        return self._log_patterns(self._sign_bounds, N, X)

    def log_pair_patterns(self, N, *, X=FLOAT):
        """ln of the bound on s(F̃, N) used by :meth:`pair_patterns`; broadcasts, exact with ``X=EXACT``."""
        return self._log_patterns(self._pair_bounds, N, X)

    def log_threshold_patterns(self, N, *, X=FLOAT):
        """ln of the bound on s(F̄, N) used by :meth:`threshold_patterns`; broadcasts, exact with ``X=EXACT``."""
        return self._log_patterns(self._threshold_bounds, N, X)

    # --- Agarwal & Roth (2005) -----------------------------------------------------------
    @property
    def c1(self) -> float:
        """c1 of Thm 1, as a float (inf beyond 1e308: use :attr:`log_c1`)."""
        return math.exp(self.log_c1) if self.log_c1 < 709 else math.inf

    @property
    def rank_dimension(self) -> int | None:
        """The rank dimension (Def 7) when known exactly, else None (see :attr:`rank_dimension_bounds`)."""
        known = self.rank_dimension_bounds
        return known[0] if known is not None and known[0] == known[1] else None

    @classmethod
    def parameters(cls) -> list[dataclasses.Field]:
        """The class's parameters (dataclass fields with help text for the command line)."""
        return list(dataclasses.fields(cls))


def _exact_log_psi_upper(X, m: int, n: int):
    import mpmath

    return mpmath.loggamma(m + n + 1) + (m + n - 1) * X.LN2


def _face_candidates(N: int, D: int, *, beyond_source: str, buck: tuple[str, str], relaxed: tuple[str, str] | None,
                     exact_central: bool, notes: list) -> list[_Candidate]:
    """The central-arrangement count, Buck's face count and (for N ≥ D) its relaxation (2eN/D)^D."""
    candidates = []
    if N > D and D > arr.MAX_TERMS:
        notes.append(f"face counts: left out, they sum D = {D} > {arr.MAX_TERMS} terms")
    else:
        small = N <= 10**6 and min(N, D) <= 64  # the integers have at most about 400 digits
        candidates += [
            _Candidate("central-faces", beyond_source, lambda X: _faces(X, N, D, True), exact=exact_central,
                       beyond=True, value=arr.central_arrangement_faces(N, D) if small else None),
            _Candidate(buck[0], buck[1], lambda X: _faces(X, N, D, False),
                       value=arr.arrangement_faces(N, D) if small else None),
        ]
    if relaxed is not None:
        key, source = relaxed
        if N >= D:
            candidates.append(_Candidate(key, source, lambda X: D * (X.log_int(2 * N) + 1 - X.log_int(D))))
        else:
            notes.append(f"{key}: left out, (2eN/D)^D is proved for N ≥ D only (here N = {N} < D = {D})")
    return candidates


def _faces(X, N, D, central):
    if X is FLOAT:
        return arr.log_central_arrangement_faces(N, D) if central else arr.log_arrangement_faces(N, D)
    return arr.exact_log_faces(X, N, D, central=central)


@dataclass(frozen=True)
class Finite(FunctionClass):
    """A finite class of `size` ranking functions: r(F, m, n) ≤ |F| (§4.1), c1 = |F|, c2 = 0 (Example 1).

    >>> Finite(10).rank_shatter(2, 2).used, Finite(100).rank_shatter(2, 2).used
    ('class', 'psi')
    >>> Finite(10).threshold_patterns(4).candidate("class").value  # |F|·(2N + 1)
    90
    """

    size: int = _option("Number of functions of a finite class.", "K")
    key = "finite"

    def __post_init__(self):
        object.__setattr__(self, "size", v.count("size", self.size))

    def __str__(self) -> str:
        shown = str(self.size) if self.size < 10**20 else f"e^{math.log(self.size):.6g}"
        return f"finite(|F| = {shown})"

    def _class(self, what: str) -> list[_Candidate]:
        return [_integer("class", f"§4.1: {what} ≤ |F|", self.size)]

    def _rank_bounds(self, m, n, notes):
        return self._class("r")

    def _sign_bounds(self, N, notes):
        return self._class("s")

    def _pair_bounds(self, N, notes):
        return self._class("s")

    def _threshold_bounds(self, N, notes):
        return [_integer("class", "Eq. 22: s(F̄, N) ≤ |F|·(2N + 1), a threshold in N + 1 gaps or at N values",
                         self.size * (2 * N + 1))]

    def paper_rank_key(self, m, n):
        return "class"

    @property
    def log_c1(self) -> float:
        """ln |F|."""
        return math.log(self.size)

    @property
    def c1(self) -> int:
        """|F| (Example 1)."""
        return self.size

    c2 = 0

    @property
    def rank_dimension_bounds(self) -> tuple[int, int]:
        """(0, ⌊log2 |F|⌋): rank-shattering r pairs takes 2^r functions."""
        return (0, self.size.bit_length() - 1)


@dataclass(frozen=True)
class Line(FunctionClass):
    """Linear functions f(x) = wx + b on R, exactly: r = 3, s(F̂, N) = s(F̄, N) = 4N + 1 for N ≥ 2 (§4.4).

    >>> Line().rank_shatter(50, 60).log_value == math.log(3)
    True
    >>> Line().sign_patterns(10).candidate("exact").value
    41
    """

    key = "line"
    dimension = 1

    def __str__(self) -> str:
        return "line (w·x + b on R)"

    def _rank_bounds(self, m, n, notes):
        return [_integer("exact", "§4.4: r(F_lin(1), m, n) = 3", 3, exact=True)]

    def _sign_bounds(self, N, notes):
        count = 4 * N + 1 if N >= 2 else 3
        return [_integer("exact", "§4.4: s(F̂_lin(1), N) = 4N + 1 (3 at N = 1)", count, exact=True)]

    def _pair_bounds(self, N, notes):
        return [_integer("exact", "sign(w·(x − x')) takes 3 patterns", 3, exact=True, beyond=True)]

    def _threshold_bounds(self, N, notes):
        count = 4 * N + 1 if N >= 2 else 3
        return [_integer("exact", "§4.4: s(F̄_lin(1), N) = s(F̂_lin(1), N) = 4N + 1 (3 at N = 1)", count, exact=True)]

    def paper_rank_key(self, m, n):
        return "exact"

    c1 = 3
    log_c1 = LN3
    c2 = 0
    rank_dimension_bounds = (1, 1)

    def exponents(self) -> tuple[tuple[int, ...], ...]:
        """The features of the class as exponent tuples: x itself."""
        return ((1,),)


@dataclass(frozen=True)
class Linear(FunctionClass):
    """Linear functions f(x) = w·x + b on R^d (Lemma 4.10, Thm 4.11; Example 2 of Agarwal & Roth).

    >>> Linear(2).rank_shatter(10, 20).used, Linear(2).rank_shatter(10, 20).candidate("central-faces").value
    ('central-faces', 801)
    >>> round(math.exp(Linear(2).log_rank_shatter(10, 20, bound="thm-4.11")))
    295562
    >>> Linear(2).paper_rank_key(10, 20), Linear(16).paper_rank_key(1, 2)
    ('thm-4.11', 'buck-faces')
    """

    d: int = _option("Dimension of the points (linear, polynomial).", "D")
    key = "linear"

    def __post_init__(self):
        object.__setattr__(self, "d", v.count("d", self.d, maximum=v.MAX_COUNT))

    def __str__(self) -> str:
        return f"linear (w·x + b on R^{self.d})"

    @property
    def dimension(self) -> int:
        """The dimension D of the weight space of sign(w·(x − x')): d."""
        return self.d

    _names = ("Thm 4.11", "Lemma 4.10", "thm-4.11", "lemma-4.10")

    def _rank_bounds(self, m, n, notes):
        thm, lemma, thm_key, _ = self._names
        D = self.dimension
        return _face_candidates(
            m * n, D, beyond_source=f"Thm 4.9, faces of mn planes through 0 in R^{D} (Cover 1965)",
            buck=("buck-faces", f"{lemma} face count at N = mn, before relaxing"),
            relaxed=(thm_key, f"{thm}: (2emn/{D})^{D}"),
            exact_central=D <= 2 or min(m, n) == 1, notes=notes,
        )

    def _sign_bounds(self, N, notes):
        D = self.dimension + 1
        return _face_candidates(
            N, D, beyond_source=f"faces of N planes through 0 in R^{D}: (w, b)·(x, 1) (Cover 1965)",
            buck=("buck-faces", f"faces of N hyperplanes in R^{D} (Buck 1943), as in {self._names[1]}"), relaxed=None,
            exact_central=True, notes=notes,
        )

    def _pair_bounds(self, N, notes):
        _, lemma, _, lemma_key = self._names
        D = self.dimension
        return _face_candidates(
            N, D, beyond_source=f"faces of N planes through 0 in R^{D} (Cover 1965)",
            buck=("buck-faces", f"{lemma} face count, before relaxing"),
            relaxed=(lemma_key, f"{lemma}: (2eN/{D})^{D}"), exact_central=True, notes=notes,
        )

    def _threshold_bounds(self, N, notes):
        notes.append("s(F̄, N) ≤ s(F̂, N): f(x) − f(z) is f with another constant term (F̄ ⊆ F̂)")
        return self._sign_bounds(N, notes)

    def paper_rank_key(self, m, n):
        return self._names[2] if m * n >= self.dimension else "buck-faces"

    @property
    def log_c1(self) -> float:
        """ln (2e/d)^d (Example 2); r ≤ c1·(mn)^d holds for mn ≥ d."""
        D = self.dimension
        return D * (math.log(2) + 1 - math.log(D))

    @property
    def c2(self) -> int:
        """d (Example 2)."""
        return self.dimension

    @property
    def rank_dimension_bounds(self) -> tuple[int, int]:
        """(d, d): see the module docstring."""
        return (self.d, self.d)

    def exponents(self) -> tuple[tuple[int, ...], ...]:
        """The features as exponent tuples: the d coordinates."""
        return tuple(tuple(int(i == k) for i in range(self.d)) for k in range(self.d))


@dataclass(frozen=True)
class Polynomial(Linear):
    """Polynomials of degree ≤ q on R^d: linear in the C(d, q) monomials (Lemma 4.12, Thm 4.13; Example 3).

    >>> Polynomial(2, 2).dimension, Polynomial(2, 2).rank_shatter(10, 10).used
    (5, 'central-faces')
    """

    q: int = _option("Largest degree of a polynomial.", "Q")
    key = "polynomial"

    def __post_init__(self):
        super().__post_init__()
        object.__setattr__(self, "q", v.count("q", self.q))
        polynomial_dimension(self.d, self.q)  # refuses a class of more than 10^300 monomials

    def __str__(self) -> str:
        return f"polynomial (degree ≤ {self.q} on R^{self.d})"

    @property
    def dimension(self) -> int:
        """C(d, q), the number of monomials (Eq. 23)."""
        return polynomial_dimension(self.d, self.q)

    _names = ("Thm 4.13", "Lemma 4.12", "thm-4.13", "lemma-4.12")

    @property
    def rank_dimension_bounds(self) -> tuple[int, int]:
        """(d, C(d, q)): it contains the linear functions and is linear in C(d, q) features."""
        return (self.d, self.dimension)

    def exponents(self) -> tuple[tuple[int, ...], ...]:
        """The monomials of degree 1..q as exponent tuples, C(d, q) of them."""
        return tuple(
            tuple(combo.count(i) for i in range(self.d))
            for degree in range(1, self.q + 1)
            for combo in itertools.combinations_with_replacement(range(self.d), degree)
        )


@dataclass(frozen=True)
class RankGrowth(FunctionClass):
    """A class known only through r(F, m, n) ≤ c1·(mn)^c2 for all m, n, given as ln c1 and c2.

    The form Agarwal & Roth's Thm 1 assumes; with c2 = 0 it is a constant bound e^(ln c1)
    on r (for the uniform bound of Cor 4.5, a value of ln r(F, 2m, 2n) you have). Its sign
    patterns are unknown, so Freund et al.'s bound does not apply.

    >>> round(RankGrowth(log_c1=math.log(3)).log_rank_shatter(5000, 5000), 6)
    1.098612
    """

    log_c1: float = _option("ln c1 of a class known by r(F, m, n) ≤ c1·(mn)^c2.", "LNC1", kind=float, minimum=None,
                            default=None)
    c2: float = _option("c2 of a class known by r(F, m, n) ≤ c1·(mn)^c2 [default: 0].", "C2", kind=float, minimum=0.0,
                        default=0.0)
    key = "growth"
    sign_patterns_known = False

    def __post_init__(self):
        if self.log_c1 is None:
            raise TypeError("RankGrowth needs `log_c1`, the logarithm of c1.")
        log_c1 = v.real("log_c1", self.log_c1, scalar=True)
        if not math.isfinite(log_c1):
            raise v.fail("log_c1", "a finite number", self.log_c1)
        object.__setattr__(self, "log_c1", log_c1)
        object.__setattr__(self, "c2", v.nonnegative("c2", self.c2, scalar=True))

    def __str__(self) -> str:
        return f"r(F, m, n) ≤ c1·(mn)^c2 with ln c1 = {self.log_c1:.6g}, c2 = {self.c2:g}"

    def _rank_bounds(self, m, n, notes):
        log_c1, c2 = self.log_c1, self.c2
        given = _Candidate("given", "given: r(F, m, n) ≤ c1·(mn)^c2",
                           lambda X: X.number(log_c1) + X.number(c2) * X.log_int(m * n))
        if given.log(FLOAT) < 0:  # r ≥ 1 always: a bound below 1 cannot hold at these sizes
            notes.append(f"given: left out, c1·(mn)^c2 < 1 at m = {m}, n = {n}, and r(F, m, n) ≥ 1")
            return []
        return [given]

    def _unknown(self, N, notes):
        raise v.fail("fclass", "a class whose sign patterns are known (Freund et al.'s bound needs them)", str(self))

    _sign_bounds = _pair_bounds = _threshold_bounds = _unknown

    def paper_rank_key(self, m, n):
        """The given bound, or §4.1's 3^(mn) where the given one is below 1 and left out."""
        return "given" if self._rank_bounds(m, n, []) else "3^mn"

    rank_dimension_bounds = None


#: Every function class by its command-line key.
CLASSES: dict[str, type[FunctionClass]] = {cls.key: cls for cls in (Finite, Line, Linear, Polynomial, RankGrowth)}
