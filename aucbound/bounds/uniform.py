"""Uniform convergence of the AUC over a class of ranking functions, and Freund et al.'s bound.

Agarwal, Graepel, Herbrich, Har-Peled & Roth (2005), JMLR 6, §4 (paper ``003``):

- Thm 4.4: ``P(sup_{f∈F} |Â(f) − A(f)| ≥ ε) ≤ 4·r(F, 2m, 2n)·exp(−mnε²/(8(m+n)))``, with
  r the bipartite rank-shatter coefficient (:mod:`aucbound.shatter`).
- Cor 4.5: ``ε_UC = sqrt(8(m+n)·(ln r(F, 2m, 2n) + ln(4/δ))/(mn))``.
- Thm 4.6: the same ε with the *observed* m and n holds without conditioning on the
  labels, i.e. for a training set drawn i.i.d. with a random number of positives — so a
  user plugs in the counts of the sample at hand.
- Thm 4.14 (Freund, Iyer, Schapire & Singer 2003, Thm 3, generalized):
  ``ε_F = 2·sqrt((ln s(F̂, 2m) + ln(12/δ))/m) + 2·sqrt((ln s(F̂, 2n) + ln(12/δ))/n)``,
  with s(F̂, N) the number of sign patterns of {sign f} on N points.

For the line, r(F_lin(1), m, n) = 3 and s(F̂_lin(1), N) = 4N + 1, and Figure 3 of the paper
shows Cor 4.5 tighter than Thm 4.14 wherever either is below 0.5.

Training-set sizes invert each bound exactly: the smallest M with ρM an integer whose ε is
at most the target. An ε ≥ 1 (the AUC lies in [0, 1]) or a size beyond 10^300 is
vacuous and flagged as such.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from ..results import SampleComplexity, UniformBound
from ._search import MAX_SIZE, smallest_integer

__all__ = [
    "uniform_tail",
    "uniform_epsilon",
    "freund_epsilon",
    "uniform_bound",
    "uniform_sample_size",
]

LN4 = math.log(4.0)
LN12 = math.log(12.0)

SOURCES = {
    "uniform": "Agarwal et al. 2005, Cor 4.5",
    "freund": "Agarwal et al. 2005, Thm 4.14 (Freund et al. 2003)",
}


# --- what the bounds need from a function class ------------------------------------------
# A class (``aucbound.shatter``: Finite, Line, Linear, Polynomial) gives ln r(F, m, n) by
# ``log_rank_shatter(m, n)`` and ln s(F̂, N) by ``log_sign_patterns(N)``, each the smallest
# bound it knows, broadcasting over arrays; ``str(fclass)`` names it.


def smallest_multiple(suffices, step: int) -> int | None:
    """The smallest positive multiple M of `step` with ``suffices(M)``, or None beyond 10^300."""
    k = smallest_integer(lambda k: suffices(step * k))
    return None if k is None else step * k


def _log_r_values(fclass, log_r, m, n):
    """ln r(F, 2m, 2n) from the class, or the user's value (one of the two must be given)."""
    if (fclass is None) == (log_r is None):
        raise v.ParameterError("fclass", "exactly one of `fclass` and `log_r` must be given, "
                               f"but got fclass={fclass!r}, log_r={log_r!r}.")
    if log_r is not None:
        return v.nonnegative("log_r", log_r)
    return fclass.log_rank_shatter(2 * m, 2 * n)


# --- Thm 4.4, Cor 4.5, Thm 4.14 -------------------------------------------------------------


def _uniform_epsilon(log_r, m, n, log_delta):
    return np.sqrt(8 * (1 / m + 1 / n) * (log_r + LN4 - log_delta))  # (m+n)/(mn), never overflowing


def _freund_epsilon(log_s_pos, log_s_neg, m, n, log_delta):
    return 2 * np.sqrt((log_s_pos + LN12 - log_delta) / m) + 2 * np.sqrt((log_s_neg + LN12 - log_delta) / n)


def uniform_tail(fclass, m, n, epsilon, *, log_r=None):
    """Thm 4.4: min(1, 4·r(F, 2m, 2n)·exp(−mnε²/(8(m+n)))), computed in log space.

    ``log_r`` may replace the class by a value of ln r(F, 2m, 2n).

    >>> round(uniform_tail(None, 5000, 5000, 0.150626, log_r=math.log(3)), 6)
    0.01
    """
    m, n = v.sizes("m", m), v.sizes("n", n)
    epsilon = v.nonnegative("epsilon", epsilon)
    log_tail = LN4 + _log_r_values(fclass, log_r, m, n) - m * n * epsilon**2 / (8 * (m + n))
    return v.out(np.exp(np.minimum(log_tail, 0.0)))


def uniform_epsilon(fclass, m, n, delta, *, log_r=None):
    """Cor 4.5: sqrt(8(m+n)·(ln r(F, 2m, 2n) + ln(4/δ))/(mn)), broadcasting over arrays.

    Line class, m = n = 5000, δ = 0.01 (issue 4, by hand):
    sqrt(8·10⁴·(ln 3 + ln 400)/(25·10⁶)) = 0.150626.

    >>> round(uniform_epsilon(None, 5000, 5000, 0.01, log_r=math.log(3)), 6)
    0.150626
    """
    m, n = v.sizes("m", m), v.sizes("n", n)
    delta = v.probability("delta", delta)
    return v.out(_uniform_epsilon(_log_r_values(fclass, log_r, m, n), m, n, np.log(delta)))


def freund_epsilon(fclass, m, n, delta, *, log_s_pos=None, log_s_neg=None):
    """Thm 4.14: 2·sqrt((ln s(F̂, 2m) + ln(12/δ))/m) + 2·sqrt((ln s(F̂, 2n) + ln(12/δ))/n).

    ``log_s_pos`` and ``log_s_neg`` may replace the class by values of ln s(F̂, 2m) and
    ln s(F̂, 2n). Line class (s(F̂, N) = 4N + 1), m = n = 5000, δ = 0.01: 0.237902.

    >>> round(freund_epsilon(None, 5000, 5000, 0.01, log_s_pos=math.log(40001), log_s_neg=math.log(40001)), 6)
    0.237902
    """
    m, n = v.sizes("m", m), v.sizes("n", n)
    delta = v.probability("delta", delta)
    given = (log_s_pos is not None, log_s_neg is not None)
    if given not in ((True, True), (False, False)) or (fclass is None) != (given == (True, True)):
        raise v.ParameterError("fclass", "give either `fclass` or both `log_s_pos` and `log_s_neg`, but got "
                               f"fclass={fclass!r}, log_s_pos={log_s_pos!r}, log_s_neg={log_s_neg!r}.")
    if fclass is not None:
        log_s_pos, log_s_neg = fclass.log_sign_patterns(2 * m), fclass.log_sign_patterns(2 * n)
    else:
        log_s_pos, log_s_neg = v.nonnegative("log_s_pos", log_s_pos), v.nonnegative("log_s_neg", log_s_neg)
    return v.out(_freund_epsilon(log_s_pos, log_s_neg, m, n, np.log(delta)))


def _epsilon(method, fclass, m, n, delta, log_r):
    if method == "uniform":
        return uniform_epsilon(fclass, m, n, delta, log_r=log_r)
    if log_r is not None:
        raise v.ParameterError("log_r", "`log_r` (ln r(F, 2m, 2n)) does not enter Freund et al.'s bound, "
                               "which needs the class's sign patterns; give `fclass`.")
    return freund_epsilon(fclass, m, n, delta)


def uniform_bound(fclass, m, n, delta, *, method="uniform", log_r=None) -> UniformBound:
    """A uniform-convergence bound as a result: ε, the guarantee (or 'vacuous'), the source.

    ``method`` is ``"uniform"`` (Cor 4.5) or ``"freund"`` (Thm 4.14).

    >>> bound = uniform_bound(None, 5000, 5000, 0.01, log_r=math.log(3))
    >>> round(bound.epsilon, 6), bound.guarantee
    (0.150626, 'distribution-free')
    """
    method = v.choice("method", method, SOURCES)
    m, n = v.count("m", m), v.count("n", n)
    delta = float(v.probability("delta", delta))
    epsilon = _epsilon(method, fclass, m, n, delta, log_r)
    return UniformBound(
        method=method, m=m, n=n, delta=delta, epsilon=epsilon,
        guarantee="vacuous" if epsilon >= 1 else "distribution-free",
        source=SOURCES[method], fclass="ln r(F, 2m, 2n) given" if fclass is None else str(fclass),
        log_r=None if method == "freund" else float(_log_r_values(fclass, log_r, m, n)),
    )


def uniform_sample_size(fclass, epsilon, delta, rho, *, method="uniform", log_r=None) -> SampleComplexity:
    """The smallest training set M (ρM an integer) whose uniform bound is at most ε.

    ``log_r`` (for ``method="uniform"``) may be a number, used for every M, or a callable
    (m, n) ↦ ln r(F, m, n). A size beyond 10^300 is reported as ``M=None`` (vacuous).

    >>> size = uniform_sample_size(None, 0.15, 0.01, "1/2", log_r=math.log(3))
    >>> size.M, size.m, size.n
    (10084, 5042, 5042)
    """
    method = v.choice("method", method, SOURCES)
    epsilon = float(v.probability("epsilon", epsilon))
    delta = float(v.probability("delta", delta))
    rho = v.rational_skew("rho", rho)
    if callable(log_r):
        rank_shatter = log_r

        def epsilon_at(m, n):
            return float(_uniform_epsilon(rank_shatter(2 * m, 2 * n), m, n, math.log(delta)))
    else:
        def epsilon_at(m, n):
            return _epsilon(method, fclass, m, n, delta, log_r)

    M = smallest_multiple(lambda M: epsilon_at(int(rho * M), int((1 - rho) * M)) <= epsilon, rho.denominator)
    return SampleComplexity(
        method=method, epsilon=epsilon, delta=delta, rho=float(rho), M=M,
        m=None if M is None else int(rho * M), n=None if M is None else int((1 - rho) * M),
        value=math.nan if M is None else float(M), source=SOURCES[method],
        fclass="ln r(F, 2m, 2n) given" if fclass is None else str(fclass), beyond_paper=False,
    )
