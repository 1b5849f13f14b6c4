r"""Function classes and upper bounds on their rank-shatter and shatter coefficients.

Agarwal, Graepel, Herbrich, Har-Peled & Roth (2005), JMLR 6, §4.3–4.4 (paper ``003``) and
Agarwal & Roth (2005), COLT, §4–5 (paper ``004``):

- ``r(F, m, n)`` (Def 4.2): the most distinct bipartite rank matrices F realizes on m
  positives and n negatives; ``r ≤ ψ(m, n) ≤ 3^{mn}`` (§4.1).
- ``s(F̂, N)``, ``s(F̃, N)`` (Def 4.7–4.8): the most sign patterns of sign f on N points
  and of sign(f(x) − f(x')) on N pairs; ``r(F, m, n) ≤ s(F̃, mn)`` (Thm 4.9).
- Finite classes: ``r ≤ |F|``. The line F_lin(1): ``r = 3``, ``s(F̂, N) = 4N + 1`` (§4.4).
- Linear functions on R^d: ``s(F̃, N) ≤ Σ_{i≤d} 2^i C(N, i) ≤ (2eN/d)^d`` (Lemma 4.10, the
  relaxation for N ≥ d only), so ``r ≤ (2emn/d)^d`` (Thm 4.11). Polynomials of degree ≤ q:
  the same with d replaced by ``C(d, q) = C(d+q, q) − 1`` (Eq. 23, Lemma 4.12, Thm 4.13).
- (beyond) The hyperplanes of Lemma 4.10 pass through the origin, and sign(w·x + b) is the
  sign of (w, b)·(x, 1) in R^{d+1}; counting the faces of a *central* arrangement
  (:mod:`aucbound.shatter.arrangements`) gives much smaller bounds. They are exact for
  s(F̃, N) and s(F̂, N) of linear and polynomial classes (generic points put the features,
  linearly independent functions, in general position) and for r(F, m, n) when there are
  at most 2 features: 3 for the line, 4mn + 1 (mn ≥ 2) for linear functions on R^2 and
  quadratics on R, whose differences g(x_i) − g(x'_j) at random points are pairwise
  independent. With 3 or more features those differences are not in general position
  and the count is an upper bound only.
- Agarwal & Roth's Thm 1 needs ``r(F, m, n) ≤ c1·(mn)^{c2}``: Example 1 (finite, c1 = |F|,
  c2 = 0), Example 2 (linear, c1 = (2e/d)^d, c2 = d), Example 3 (polynomial, with C(d, q)).
  Examples 2–3 inherit the N ≥ d condition of Lemma 4.10: they hold for mn ≥ d (resp. C).
- Rank dimension (Def 7): the most pairs (w_i, w'_i) the class rank-shatters. For linear
  functions on R^d it is d: the pairs (e_i, −e_i) are rank-shattered by w = Σ ±e_i, and
  rank-shattering r pairs needs the r differences w_i − w'_i to be shattered by
  homogeneous half-spaces of R^d, so r ≤ d. The line has rank dimension 1. For
  polynomials of degree ≤ q it lies between d and C(d, q); for a finite class between 0
  and ⌊log2 |F|⌋ (2^r patterns need 2^r functions).

Each bound method returns a :class:`~aucbound.results.ShatterBound`: every valid candidate
with its source, and the smallest one used (ties go to the first listed: the class's own
bounds, then ψ, then 3^{mn}). The ``log_…`` methods return just ln of the bound used and
broadcast over arrays.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import numpy as np

from .. import _validate as v
from ..results import CountBound, ShatterBound
from . import arrangements as arr
from .counting import log_psi, log_psi_upper_bound, psi

__all__ = ["FunctionClass", "Finite", "Line", "Linear", "Polynomial", "polynomial_dimension"]

LN3 = math.log(3.0)
#: ψ(m, n) enters the candidates as an exact integer up to this m·n; beyond, as ln ψ up to
#: this cost and only when it could be the smallest (it is at least 3^max(m,n)).
PSI_EXACT_CELLS = 400
PSI_LOG_COST = 4_000_000
_SHORT = 69.0  # ln 10^30: candidates below this carry their integer value


def polynomial_dimension(d, q) -> int:
    """C(d, q) of Eq. 23: the number of monomials of degree 1..q in d variables.

    Computed as the paper states it, Σ_{i=1}^{q} C(d, i)·Σ_{j=1}^{q} C(j−1, i−1); it equals
    C(d+q, q) − 1 (the inner sum is C(q, i), then Vandermonde).

    >>> polynomial_dimension(1, 1), polynomial_dimension(2, 2), polynomial_dimension(3, 2)
    (1, 5, 9)
    """
    d, q = v.count("d", d), v.count("q", q)
    return sum(math.comb(d, i) * sum(math.comb(j - 1, i - 1) for j in range(1, q + 1)) for i in range(1, q + 1))


def _bound(key, log_value, source, *, exact=False, beyond=False, value=None) -> CountBound:
    short = value if log_value < _SHORT else None
    return CountBound(key, float(log_value), source, exact=exact, beyond_paper=beyond, value=short)


def _smallest(quantity, label, sizes, candidates, notes) -> ShatterBound:
    low = min(c.log_value for c in candidates)
    tolerance = 1e-12 * max(1.0, abs(low))
    best = next(c for c in candidates if c.log_value <= low + tolerance)
    return ShatterBound(quantity, label, tuple(sizes), best.key, best.log_value, best.exact, tuple(candidates), tuple(notes))


def _broadcast(method, *sizes):
    """Call `method` on Python ints; arrays of sizes give a float array."""
    arrays = [v.sizes(name, value) for name, value in sizes]
    if all(a.ndim == 0 for a in arrays):
        return method(*(int(a) for a in arrays))
    return np.vectorize(lambda *args: method(*(int(a) for a in args)), otypes=[float])(*arrays)


@dataclass(frozen=True)
class FunctionClass:
    """A class F of ranking functions f: X → R and what the theorems need to know of it.

    Subclasses give their own candidate bounds; this base adds ψ(m, n), 3^{mn} and 3^N and
    picks the smallest.
    """

    # --- what subclasses provide ---------------------------------------------------------
    def _rank_bounds(self, m: int, n: int, notes: list) -> list[CountBound]:
        raise NotImplementedError

    def _sign_bounds(self, N: int, notes: list) -> list[CountBound]:
        raise NotImplementedError

    def _pair_bounds(self, N: int, notes: list) -> list[CountBound]:
        raise NotImplementedError

    # --- r(F, m, n) ----------------------------------------------------------------------
    def rank_shatter(self, m, n) -> ShatterBound:
        """The smallest valid upper bound on r(F, m, n) among the class's, ψ(m, n) and 3^(mn)."""
        m, n = v.count("m", m), v.count("n", n)
        notes: list[str] = []
        candidates = self._rank_bounds(m, n, notes)
        small, large = sorted((m, n))
        if m * n <= PSI_EXACT_CELLS:
            count = psi(m, n)
            candidates.append(_bound("psi", math.log(count), "Thm 4.3: ψ(m, n), counted exactly", value=count))
        elif min(c.log_value for c in candidates) <= large * LN3:
            notes.append("psi: not counted, as ψ(m, n) ≥ 3^max(m,n) exceeds the bound used (§4.3)")
        elif large * min(large, 2 * small + 2) <= PSI_LOG_COST:
            candidates.append(_bound("psi", log_psi(m, n), "Thm 4.3: ψ(m, n), counted exactly (its ln)"))
        else:
            notes.append("psi: not counted at this size (cost); (m+n)!·2^(m+n−1) ≥ ψ(m, n) stands in for it")
            candidates.append(_bound("psi-upper", log_psi_upper_bound(m, n), "§4.3: ψ(m, n) ≤ (m+n)!·2^(m+n−1)"))
        cells = m * n
        candidates.append(_bound("3^mn", cells * LN3, "§4.1: all 3^(m·n) matrices", value=3**cells if cells < 63 else None))
        return _smallest("r(F,m,n)", str(self), (m, n), candidates, notes)

    def log_rank_shatter(self, m, n, *, bound: str | None = None):
        """ln of the bound on r(F, m, n) used by :meth:`rank_shatter` (or of the candidate `bound`); broadcasts."""
        return _broadcast(lambda m, n: self._pick(self.rank_shatter(m, n), bound), ("m", m), ("n", n))

    # --- s(F̂, N) and s(F̃, N) -------------------------------------------------------------
    def _patterns(self, quantity: str, N, class_bounds) -> ShatterBound:
        N = v.count("N", N)
        notes: list[str] = []
        candidates = class_bounds(N, notes) + [_trivial(N)]
        return _smallest(quantity, str(self), (N,), candidates, notes)

    def sign_patterns(self, N) -> ShatterBound:
        """The smallest valid upper bound on s(F̂, N), the sign patterns of {sign f} on N points."""
        return self._patterns("s(F^,N)", N, self._sign_bounds)

    def log_sign_patterns(self, N, *, bound: str | None = None):
        """ln of the bound on s(F̂, N) used by :meth:`sign_patterns`; broadcasts."""
        return _broadcast(lambda N: self._pick(self.sign_patterns(N), bound), ("N", N))

    def pair_patterns(self, N) -> ShatterBound:
        """The smallest valid upper bound on s(F̃, N), the patterns of sign(f(x) − f(x')) on N pairs."""
        return self._patterns("s(F~,N)", N, self._pair_bounds)

    def log_pair_patterns(self, N, *, bound: str | None = None):
        """ln of the bound on s(F̃, N) used by :meth:`pair_patterns`; broadcasts."""
        return _broadcast(lambda N: self._pick(self.pair_patterns(N), bound), ("N", N))

    @staticmethod
    def _pick(result: ShatterBound, key: str | None) -> float:
        if key is None:
            return result.log_value
        v.choice("bound", key, [c.key for c in result.candidates])
        return result.candidate(key).log_value

    # --- Agarwal & Roth (2005) -----------------------------------------------------------
    @property
    def c1(self) -> float:
        """c1 of Thm 1 (r ≤ c1·(mn)^c2), as a float (0.0 or inf when out of range: use log_c1)."""
        return math.exp(self.log_c1) if self.log_c1 < 709 else math.inf

    @property
    def rank_dimension(self) -> int | None:
        """The rank dimension (Def 7) when known exactly, else None (see rank_dimension_bounds)."""
        low, high = self.rank_dimension_bounds
        return low if low == high else None


def _trivial(N: int) -> CountBound:
    return _bound("3^N", N * LN3, "Def 4.7: all 3^N patterns", value=3**N if N < 63 else None)


def _face_bounds(N: int, D: int, *, beyond_source: str, buck_source: str, relaxed: tuple[str, str] | None,
                 exact_central: bool, notes: list) -> list[CountBound]:
    """The central-arrangement count, Buck's face count and (for N ≥ D) its relaxation (2eN/D)^D."""
    bounds = [
        _bound("central-faces", arr.log_central_arrangement_faces(N, D), beyond_source, exact=exact_central,
               beyond=True, value=arr.central_arrangement_faces(N, D) if D <= 64 and N <= 10**6 else None),
        _bound("buck-faces", arr.log_arrangement_faces(N, D), buck_source,
               value=arr.arrangement_faces(N, D) if D <= 64 and N <= 10**6 else None),
    ]
    if relaxed is not None:
        key, source = relaxed
        if N >= D:
            bounds.append(_bound(key, arr.log_relaxed_faces(N, D), source))
        else:
            notes.append(f"{key}: left out, (2eN/D)^D is proved for N ≥ D only (here N = {N} < D = {D})")
    return bounds


@dataclass(frozen=True)
class Finite(FunctionClass):
    """A finite class of `size` ranking functions: r(F, m, n) ≤ |F| (§4.1), c1 = |F|, c2 = 0 (Example 1).

    >>> Finite(10).rank_shatter(2, 2).used, Finite(100).rank_shatter(2, 2).used
    ('class', 'psi')
    """

    size: int

    def __post_init__(self):
        object.__setattr__(self, "size", v.count("size", self.size))

    def __str__(self) -> str:
        shown = str(self.size) if self.size < 10**20 else f"e^{math.log(self.size):.6g}"
        return f"finite(|F| = {shown})"

    def _class(self, what: str) -> list[CountBound]:
        return [_bound("class", math.log(self.size), f"§4.1: {what} ≤ |F|", value=self.size)]

    def _rank_bounds(self, m, n, notes):
        return self._class("r")

    def _sign_bounds(self, N, notes):
        return self._class("s")

    def _pair_bounds(self, N, notes):
        return self._class("s")

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
    """Linear functions f(x) = wx + b on R, exactly: r = 3, s(F̂, N) = 4N + 1 for N ≥ 2 (§4.4).

    >>> Line().rank_shatter(50, 60).log_value == math.log(3)
    True
    >>> Line().sign_patterns(10).candidate("exact").value
    41
    """

    dimension = 1

    def __str__(self) -> str:
        return "line (w·x + b on R)"

    def _rank_bounds(self, m, n, notes):
        return [_bound("exact", LN3, "§4.4: r(F_lin(1), m, n) = 3", exact=True, value=3)]

    def _sign_bounds(self, N, notes):
        count = 4 * N + 1 if N >= 2 else 3
        return [_bound("exact", math.log(count), "§4.4: s(F̂_lin(1), N) = 4N + 1 (3 at N = 1)", exact=True, value=count)]

    def _pair_bounds(self, N, notes):
        return [_bound("exact", LN3, "sign(w·(x − x')) takes 3 patterns", exact=True, beyond=True, value=3)]

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
    """

    d: int

    def __post_init__(self):
        object.__setattr__(self, "d", v.count("d", self.d))

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
        return _face_bounds(
            m * n, D, beyond_source=f"Thm 4.9 with faces of mn planes through 0 in R^{D} (Cover 1965)",
            buck_source=f"{lemma} face count at N = mn, before relaxing", relaxed=(thm_key, f"{thm}: (2emn/{D})^{D}"),
            exact_central=D <= 2, notes=notes,
        )

    def _sign_bounds(self, N, notes):
        D = self.dimension + 1
        return _face_bounds(
            N, D, beyond_source=f"faces of N planes through 0 in R^{D}: (w, b)·(x, 1) (Cover 1965)",
            buck_source=f"faces of N hyperplanes in R^{D} (Buck 1943), as in {self._names[1]}", relaxed=None,
            exact_central=True, notes=notes,
        )

    def _pair_bounds(self, N, notes):
        _, lemma, _, lemma_key = self._names
        D = self.dimension
        return _face_bounds(
            N, D, beyond_source=f"faces of N planes through 0 in R^{D} (Cover 1965)",
            buck_source=f"{lemma} face count, before relaxing", relaxed=(lemma_key, f"{lemma}: (2eN/{D})^{D}"),
            exact_central=True, notes=notes,
        )

    @property
    def log_c1(self) -> float:
        """ln (2e/d)^d (Example 2); r ≤ c1·(mn)^d holds for mn ≥ d."""
        D = self.dimension
        return D * math.log(2 * math.e / D)

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

    q: int = 1

    def __post_init__(self):
        super().__post_init__()
        object.__setattr__(self, "q", v.count("q", self.q))

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
