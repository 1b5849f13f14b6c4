r"""Faces of hyperplane arrangements: how many sign patterns a linear family can show.

Lemma 4.10 of Agarwal et al. (2005, §4.3) counts the sign patterns
``(sign(w·u_1), …, sign(w·u_N))`` of a linear family as the faces of the arrangement of
the N hyperplanes ``{w : w·u_k = 0}`` in the weight space R^D:

- **Buck (1943)**: N hyperplanes in R^D cut it into at most
  ``Σ_{k=0}^{D} Σ_{i=D−k}^{D} C(i, D−k)·C(N, i) = Σ_{i=0}^{D} 2^i·C(N, i)`` faces (the
  inner sum counts the k-dimensional faces of a general-position arrangement; swapping
  the sums gives the closed form). :func:`arrangement_faces`.
- Lemma 4.10 relaxes this to ``(2eN/D)^D`` through ``Σ_{i≤D} C(N, i) ≤ (eN/D)^D``, which
  holds for N ≥ D only: for N < D the relaxed value can be below the true count
  (D = 10, N = 1: (2e/10)^10 ≈ 0.002 < 3). :func:`log_relaxed_faces`.

**Central arrangements (beyond the paper).** In Lemma 4.10 every hyperplane passes
through the origin — sign(w·(x − x')) has no offset, and sign(w·x + b) is
sign((w, b)·(x, 1)) in R^{d+1} — and then far fewer faces are possible:

    faces ≤ 1 + Σ_{c=0}^{D−1} C(N, c)·K(N − c, D − c)   (N ≥ D),  3^N (N ≤ D),

with Cover's (1965) function-counting number ``K(M, k) = 2·Σ_{i=0}^{k−1} C(M−1, i)``, the
most regions M hyperplanes through the origin of R^k can make (with equality in general
position). Proof: a face is fixed by the set Z of hyperplanes it lies on and is a region
of the arrangement that the other hyperplanes induce in the flat X = ∩_{k∈Z} H_k. A flat
of codimension c ≥ 1 is the intersection of c of the N hyperplanes with independent
normals, so there are at most C(N, c) of them; at least c hyperplanes contain it, so at
most N − c cut it, into at most K(N − c, D − c) regions (K grows with M); the flat {0}
adds one face. When the normals are in general position (every D of them independent)
each bound is attained, so the count is exact: :func:`central_arrangement_faces`. For
D = 1 it is 3 and for D = 2 it is 4N + 1 — the paper's r(F_lin(1), m, n) = 3 and
s(F̂_lin(1), N) = 4N + 1 (§4.4).

Exact counts are Python integers; the ``log_`` companions work in floating point and
stay finite for any N. Both sum D + 1 terms, so D is limited to :data:`MAX_TERMS`
(10,000); where N ≤ D every count is 3^N in closed form, at any D.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from .._exact import FLOAT

__all__ = [
    "MAX_TERMS",
    "arrangement_faces",
    "log_arrangement_faces",
    "central_arrangement_faces",
    "log_central_arrangement_faces",
    "log_relaxed_faces",
]

LN2 = math.log(2.0)
LN3 = math.log(3.0)


#: The most terms a face count sums (its dimension D, when N > D).
MAX_TERMS = 10_000
#: Up to this dimension the exact checks use the exact integer count; above, mpmath sums.
_EXACT_INTEGER_TERMS = 3000


def _check(N, D) -> tuple[int, int]:
    N = v.count("N", N, minimum=0, maximum=v.MAX_COMBINATORIAL_COUNT)
    D = v.count("D", D, maximum=v.MAX_COMBINATORIAL_COUNT)
    if N > D:
        v.at_most("D", D, MAX_TERMS, why=" (the terms of a face count) when N > D")
    return N, D


def _log_power_of_three(N: int) -> float:
    """ln 3^N, the count of every sign pattern when N ≤ D."""
    return v.finite_log("N", N, FLOAT.number(N) * LN3, "3^N")


def _log_range(start: int, stop: int) -> np.ndarray:
    """ln j for the integers start ≤ j < stop (start ≥ 1), as float64.

    Below 2^53 each j is a float; beyond, where start + k is no float, ln(start + k) is
    ln(start) + ln(1 + k/start), each within an ulp or so of ln j, with no Python loop over
    the terms (a face count at N = 10^250 sums thousands of them, many times in a search).
    """
    if stop <= 2**53:
        return np.log(np.arange(start, stop, dtype=np.float64))
    offsets = np.arange(stop - start, dtype=np.float64)
    return math.log(start) + np.log1p(offsets * math.exp(-math.log(start)))


def _log_binomials(N: int, top: int) -> np.ndarray:
    """ln C(N, i) for i = 0..top (top ≤ N), by cumulative sums of ln((N − i + 1)/i)."""
    i = np.arange(1, top + 1, dtype=np.float64)
    log_falling = _log_range(N - top + 1, N + 1)[::-1]  # ln(N − i + 1), i = 1..top
    return np.concatenate(([0.0], np.cumsum(log_falling - np.log(i))))


#: Beyond N = 2^60·D² the largest term of a face count is all of it to far below a float's
#: precision: the others, and the gap between N!/(N − D)! and N^D, are below D²/N < 2^−60 of it.
_DOMINANT = 2**60


def _dominated(N: int, D: int) -> bool:
    return D >= 2 and N >= _DOMINANT * D * D


def _log_falling(N: int, D: int) -> float:
    """ln N!/(N − D)! = D·ln N − D(D − 1)/(2N) − …, for N ≥ 2^60·D² (the rest is below 2^−120)."""
    return D * math.log(N) - D * (D - 1) / 2 * math.exp(-math.log(N))


def _logsumexp(terms: np.ndarray) -> float:
    top = float(terms.max())
    return top + math.log(float(np.exp(terms - top).sum()))


def arrangement_faces(N, D) -> int:
    """Σ_{i=0}^{D} 2^i·C(N, i): the most faces N hyperplanes can cut R^D into (Buck 1943; Lemma 4.10).

    >>> arrangement_faces(3, 1), arrangement_faces(3, 2)  # 3 points on a line; 3 lines in the plane
    (7, 19)
    """
    N, D = _check(N, D)
    if N <= D:
        return 3**N  # Σ_i 2^i C(N, i) over all i
    return sum(2**i * math.comb(N, i) for i in range(D + 1))


def log_arrangement_faces(N, D) -> float:
    """ln of :func:`arrangement_faces`, in floating point for any N and D."""
    N, D = _check(N, D)
    if N <= D:
        return _log_power_of_three(N)
    if _dominated(N, D):  # the last term, 2^D·C(N, D)
        return D * LN2 + _log_falling(N, D) - math.lgamma(D + 1)
    return _logsumexp(_log_binomials(N, D) + LN2 * np.arange(D + 1))


def log_relaxed_faces(N, D) -> float:
    """D·ln(2eN/D), Lemma 4.10's relaxation of :func:`arrangement_faces`; an upper bound only for N ≥ D.

    >>> round(math.exp(log_relaxed_faces(200, 2)), 1)  # Thm 4.11 at d = 2, mn = 200
    295562.2
    """
    N, D = _check(N, D)
    if N < D:
        raise v.fail("N", f"at least D = {v.show(D)} (the relaxation (2eN/D)^D needs N ≥ D)", N)
    return v.finite_log("D", D, FLOAT.number(D) * (1 + math.log(2 * N) - math.log(D)), "(2eN/D)^D")


def central_arrangement_faces(N, D) -> int:
    """The most faces N hyperplanes through the origin can cut R^D into; exact in general position (beyond).

    3^N for N ≤ D, else 1 + Σ_{c<D} C(N, c)·K(N − c, D − c) with Cover's
    K(M, k) = 2·Σ_{i<k} C(M − 1, i), summed by the recurrence
    S_c = 2·S_{c+1} + C(N − c − 2, D − c − 1) for S_c = K(N − c, D − c)/2.

    >>> central_arrangement_faces(10, 1), central_arrangement_faces(10, 2)  # 3 and 4N + 1
    (3, 41)
    >>> central_arrangement_faces(4, 3)  # 4 planes through 0 in general position in R^3
    51
    """
    N, D = _check(N, D)
    if N <= D:
        return 3**N
    s = 1  # S_{D−1} = Σ_{i<1} C(N − D, i)
    total = math.comb(N, D - 1) * s
    for c in range(D - 2, -1, -1):
        s = 2 * s + math.comb(N - c - 2, D - c - 1)
        total += math.comb(N, c) * s
    return 1 + 2 * total


def log_central_arrangement_faces(N, D) -> float:
    """ln of :func:`central_arrangement_faces`, in floating point for any N and D.

    Unrolls the recurrence, ``S_c = 2^{D−1−c} + Σ_{k=c}^{D−2} 2^{k−c}·C(N−k−2, D−k−1)``, as a
    reversed cumulative log-sum-exp. For N ≥ 2^60·D² (and D ≥ 2), where each S_c is its
    term C(N−c−1, D−c−1) and C(N, c)·C(N−c−1, D−c−1) = N!/(N−D)!/((N−c)·c!·(D−1−c)!), the
    sum is 2^(D−1)·N^(D−1)/(D−1)!, so the count is 2^D·N^(D−1)/(D−1)!, to a relative
    2^−60: one line, not a sum of D terms (a sample-size search at N = 10^250 asks for
    hundreds).
    """
    N, D = _check(N, D)
    if N <= D:
        return _log_power_of_three(N)
    if _dominated(N, D):
        return D * LN2 + _log_falling(N, D) - math.log(N) - math.lgamma(D)
    k = np.arange(D - 1)
    # ln b_k = ln C(N−k−2, D−k−1) = ln[(N−k−2)!/(N−D−1)!] − ln (D−k−1)!, k = 0..D−2
    factors = _log_range(N - D, N - 1)
    log_rising = np.concatenate(([0.0], np.cumsum(factors)))
    log_factorial = np.concatenate(([0.0], np.cumsum(np.log(np.arange(1, D, dtype=np.float64)))))
    log_b = log_rising[::-1][: D - 1] - log_factorial[::-1][: D - 1]
    terms = np.append(k * LN2 + log_b, (D - 1) * LN2)  # 2^k·b_k, k = 0..D−2, and the tail 2^{D−1}
    log_s = np.logaddexp.accumulate(terms[::-1])[::-1] - LN2 * np.arange(D)
    return float(np.logaddexp(0.0, LN2 + _logsumexp(_log_binomials(N, D - 1) + log_s)))


def exact_log_faces(X, N: int, D: int, *, central: bool):
    """ln of :func:`central_arrangement_faces` (or :func:`arrangement_faces`) in the namespace X.

    Through the exact integer up to D = 3000 terms; above, the same sums in X with ln C(N, i)
    from log-gamma, which is exact to X's working precision.
    """
    if N <= D:
        return X.number(N) * X.LN3
    if D <= _EXACT_INTEGER_TERMS:
        return X.log_int(central_arrangement_faces(N, D) if central else arrangement_faces(N, D))
    import mpmath

    def log_binomial(k, i):
        return mpmath.loggamma(k + 1) - mpmath.loggamma(i + 1) - mpmath.loggamma(k - i + 1)

    if not central:
        return mpmath.log(mpmath.fsum(mpmath.exp(i * X.LN2 + log_binomial(N, i)) for i in range(D + 1)))
    # 1 + 2·Σ_c C(N, c)·S_c with S_c = 2^(D−1−c) + Σ_{k=c}^{D−2} 2^(k−c)·C(N−k−2, D−k−1)
    b = [mpmath.exp(log_binomial(N - k - 2, D - k - 1)) for k in range(D - 1)]
    total, s = mpmath.mpf(0), mpmath.mpf(1)
    for c in range(D - 1, -1, -1):
        if c < D - 1:
            s = 2 * s + b[c]
        total += mpmath.exp(log_binomial(N, c)) * s
    return mpmath.log(1 + 2 * total)
