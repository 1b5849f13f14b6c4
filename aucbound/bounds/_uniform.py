"""Uniform convergence of the AUC over a class of ranking functions, and Freund et al.'s bound.

Agarwal, Graepel, Herbrich, Har-Peled & Roth (2005), JMLR 6, §4:

- Thm 4.4: ``P(sup_{f∈F} |Â(f) − A(f)| ≥ ε) ≤ 4·r(F, 2m, 2n)·exp(−mnε²/(8(m+n)))``, with
  r the bipartite rank-shatter coefficient (:mod:`aucbound.shatter`).
- Cor 4.5: ``ε_UC = sqrt(8(m+n)·(ln r(F, 2m, 2n) + ln(4/δ))/(mn))``.
- Thm 4.6: the same ε with the *observed* m and n holds without conditioning on the
  labels, i.e. for a training set drawn i.i.d. with a random number of positives — so a
  user plugs in the counts of the sample at hand.
- Thm 4.14 (Freund, Iyer, Schapire & Singer 2003, Thm 3, generalized):
  ``ε_F = 2·sqrt((ln s(F̄, 2m) + ln(12/δ))/m) + 2·sqrt((ln s(F̄, 2n) + ln(12/δ))/n)``,
  with s(F̄, N) the number of sign patterns of the thresholded class
  F̄ = {x ↦ sign(f(x) − f(z)) : f ∈ F, z ∈ X} (Eq. 22) on N points. For linear and
  polynomial classes F̄ ⊆ F̂ = {sign f}; for a finite class s(F̄, N) ≤ |F|·(2N + 1), not |F|.

Which bound on r enters Cor 4.5 matters. By default the smallest valid one the class knows
is used — for linear and polynomial classes the exact count of faces of a central
arrangement, sharper than the paper and beyond it; ``bound="paper"`` takes the paper's own
route (Thm 4.11 / Thm 4.13 where mn ≥ d, the face count of Lemma 4.10 / 4.12 below), so
the paper's numbers can be reproduced beside the sharper ones. For the line,
r(F_lin(1), m, n) = 3 and s(F̄_lin(1), N) = 4N + 1, and Figure 3 of the paper shows Cor 4.5
tighter than Thm 4.14 wherever either is below 0.5.

Training-set sizes invert each bound with the one convention of
:func:`aucbound.sample_size`: the smallest M whose class sizes (m, n), m = ρM rounded,
meet the target, confirmed in exact arithmetic. An ε ≥ 1 (the AUC lies in [0, 1]) or a
size beyond 10^300 is vacuous and flagged as such.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from .._exact import FLOAT, holds
from ._results import SampleComplexity, UniformBound
from ..shatter import FunctionClass
from ._sizes import smallest_design, split

__all__ = ["uniform_tail", "uniform_epsilon", "freund_epsilon", "uniform_bound", "uniform_sample_size", "function_class"]

LN4 = math.log(4.0)

SOURCES = {
    "uniform": "Agarwal et al. 2005, Cor 4.5",
    "freund": "Agarwal et al. 2005, Thm 4.14 (Freund et al. 2003)",
}


def uniform_formula(X, log_r, m, n, log_delta):
    """Cor 4.5's sqrt(8(1/m + 1/n)·(ln r + ln(4/δ))); (m+n)/(mn) as 1/m + 1/n never overflows."""
    return X.sqrt(8 * (1 / m + 1 / n) * (log_r + 2 * X.LN2 - log_delta))


def freund_formula(X, log_s_pos, log_s_neg, m, n, log_delta):
    """Thm 4.14's 2·sqrt((ln s(F̄, 2m) + ln(12/δ))/m) + 2·sqrt((ln s(F̄, 2n) + ln(12/δ))/n)."""
    log12 = 2 * X.LN2 + X.LN3
    return 2 * X.sqrt((log_s_pos + log12 - log_delta) / m) + 2 * X.sqrt((log_s_neg + log12 - log_delta) / n)


def function_class(fclass) -> FunctionClass:
    """`fclass` if it is a function class (Finite, Line, Linear, Polynomial, RankGrowth)."""
    if not isinstance(fclass, FunctionClass):
        raise v.ParameterTypeError("fclass", "a function class such as Line(), Linear(d) or RankGrowth(log_c1)",
                                   v.show(fclass))
    return fclass


def _bound_key(bound):
    if bound is not None and not isinstance(bound, str):
        raise v.ParameterTypeError("bound", "None, 'paper' or the key of a candidate bound", v.show(bound))
    return bound


def uniform_tail(fclass, m, n, epsilon, *, bound=None):
    """Thm 4.4: min(1, 4·r(F, 2m, 2n)·exp(−mnε²/(8(m+n)))), computed in log space.

    >>> from aucbound.shatter import Line
    >>> round(uniform_tail(Line(), 5000, 5000, 0.150626), 6)
    0.01
    """
    fclass, bound = function_class(fclass), _bound_key(bound)
    m, n = v.sizes("m", m), v.sizes("n", n)
    epsilon = v.nonnegative("epsilon", epsilon)
    log_r = fclass.log_rank_shatter(2 * m, 2 * n, bound=bound)
    return v.out(np.exp(np.minimum(LN4 + log_r - epsilon**2 / (8 * (1 / m + 1 / n)), 0.0)))


def uniform_epsilon(fclass, m, n, delta, *, bound=None):
    """Cor 4.5: sqrt(8(m+n)·(ln r(F, 2m, 2n) + ln(4/δ))/(mn)), broadcasting over arrays.

    `bound` chooses the bound on r: None for the smallest valid one, ``"paper"`` for the
    paper's route, or a candidate's key (see :meth:`FunctionClass.rank_shatter`).

    Line class, m = n = 5000, δ = 0.01: sqrt(8·10⁴·(ln 3 + ln 400)/(25·10⁶)) = 0.150626.

    >>> from aucbound.shatter import Line, Linear
    >>> round(uniform_epsilon(Line(), 5000, 5000, 0.01), 6)
    0.150626
    >>> round(uniform_epsilon(Linear(16), 5000, 5000, 0.01), 4), round(uniform_epsilon(Linear(16), 5000, 5000, 0.01, bound="paper"), 4)
    (0.9217, 0.9524)
    """
    fclass, bound = function_class(fclass), _bound_key(bound)
    m, n = v.sizes("m", m), v.sizes("n", n)
    delta = v.probability("delta", delta)
    return v.out(uniform_formula(FLOAT, fclass.log_rank_shatter(2 * m, 2 * n, bound=bound), m, n, np.log(delta)))


def freund_epsilon(fclass, m, n, delta):
    """Thm 4.14: 2·sqrt((ln s(F̄, 2m) + ln(12/δ))/m) + 2·sqrt((ln s(F̄, 2n) + ln(12/δ))/n).

    s(F̄, N) is the class's bound on the sign patterns of its thresholded class (Eq. 22).
    Line (s(F̄, N) = 4N + 1), m = n = 5000, δ = 0.01: 0.237902.

    >>> from aucbound.shatter import Line
    >>> round(freund_epsilon(Line(), 5000, 5000, 0.01), 6)
    0.237902
    """
    fclass = function_class(fclass)
    m, n = v.sizes("m", m), v.sizes("n", n)
    delta = v.probability("delta", delta)
    log_s_pos, log_s_neg = fclass.log_threshold_patterns(2 * m), fclass.log_threshold_patterns(2 * n)
    return v.out(freund_formula(FLOAT, log_s_pos, log_s_neg, m, n, np.log(delta)))


def _epsilon(method, fclass, m, n, delta, bound):
    if method == "uniform":
        return uniform_epsilon(fclass, m, n, delta, bound=bound)
    return freund_epsilon(fclass, m, n, delta)


def _route(method, fclass, m, n, bound):
    """(key, source, beyond) of the bound on r(F, 2m, 2n) that Cor 4.5 uses; Nones for Thm 4.14."""
    if method == "freund":
        return None, None, False
    result = fclass.rank_shatter(2 * m, 2 * n)
    key = fclass.paper_rank_key(2 * m, 2 * n) if bound == "paper" else (bound or result.used)
    chosen = result.candidate(key) if key in {c.key for c in result.candidates} else None
    if chosen is None:
        raise v.fail("bound", f"one of 'paper', {', '.join(repr(c.key) for c in result.candidates)}", key)
    return chosen.key, chosen.source, chosen.beyond_paper


def uniform_bound(fclass, m, n, delta=None, *, confidence=None, method="uniform", bound=None) -> UniformBound:
    """A uniform-convergence bound as a result: ε, the guarantee (or 'vacuous'), the source.

    ``method`` is ``"uniform"`` (Cor 4.5) or ``"freund"`` (Thm 4.14); for Cor 4.5 ``bound``
    chooses the bound on r(F, 2m, 2n) (None: the smallest; ``"paper"``: the paper's route),
    and the result says which was used and whether it goes beyond the paper. `confidence`
    = 1 − δ may be given instead of `delta`.

    >>> from aucbound.shatter import Line, Linear
    >>> result = uniform_bound(Line(), 5000, 5000, 0.01)
    >>> round(result.epsilon, 6), result.guarantee, result.r_bound
    (0.150626, 'distribution-free', 'exact')
    >>> sharp, paper = (uniform_bound(Linear(16), 5000, 5000, 0.01, bound=b) for b in (None, "paper"))
    >>> (sharp.r_bound, sharp.beyond_paper), (paper.r_bound, paper.beyond_paper)
    (('central-faces', True), ('thm-4.11', False))
    """
    method = v.choice("method", method, SOURCES)
    fclass, bound = function_class(fclass), _bound_key(bound)
    m, n = v.count("m", m, maximum=v.MAX_COUNT), v.count("n", n, maximum=v.MAX_COUNT)
    delta = v.failure_probability(delta, confidence, default=None)
    key, r_source, beyond = _route(method, fclass, m, n, bound)
    epsilon = _epsilon(method, fclass, m, n, delta, key)
    return UniformBound(
        method=method, m=m, n=n, delta=delta, epsilon=epsilon,
        guarantee="vacuous" if not epsilon < 1 else "distribution-free",
        source=SOURCES[method] if r_source is None else f"{SOURCES[method]} with {r_source}",
        fclass=str(fclass),
        log_r=None if method == "freund" else float(fclass.log_rank_shatter(2 * m, 2 * n, bound=key)),
        r_bound=key, beyond_paper=beyond,
    )


def uniform_sample_size(fclass, epsilon, delta, rho, *, method="uniform", bound=None) -> SampleComplexity:
    """The smallest training set M whose class sizes (m = ρM rounded, n = M − m) bring the bound to ε.

    The convention of every sample size in aucbound (:func:`aucbound.sample_size`),
    confirmed in exact arithmetic. A size beyond 10^300 is ``M=None`` (vacuous).

    >>> from aucbound.shatter import Line
    >>> size = uniform_sample_size(Line(), 0.15, 0.01, "1/2")
    >>> size.M, size.m, size.n
    (10084, 5042, 5042)
    """
    method = v.choice("method", method, SOURCES)
    fclass, bound = function_class(fclass), _bound_key(bound)
    epsilon = v.probability("epsilon", epsilon, scalar=True)
    delta = v.probability("delta", delta, scalar=True)
    rho = v.skew("rho", rho)
    log_delta = math.log(delta)

    def key_at(m, n):
        return fclass.paper_rank_key(2 * m, 2 * n) if bound == "paper" else bound

    def formula(X, m, n, level):
        if method == "uniform":
            return uniform_formula(X, fclass.log_rank_shatter(2 * m, 2 * n, bound=key_at(m, n), X=X),
                                   X.number(m), X.number(n), level)
        return freund_formula(X, fclass.log_threshold_patterns(2 * m, X=X), fclass.log_threshold_patterns(2 * n, X=X),
                              X.number(m), X.number(n), level)

    def exact(m, n):
        return holds(lambda X: [(formula(X, m, n, X.log(X.number(delta))), X.number(epsilon))],
                     digits=len(str(m + n)), float_first=True)

    M = smallest_design(lambda m, n: formula(FLOAT, m, n, log_delta) <= epsilon, exact, rho)
    m, n = split(M, rho) if M is not None else (None, None)
    _, r_source, beyond = _route(method, fclass, m, n, bound) if M is not None else (None, None, False)
    return SampleComplexity(
        method=method, epsilon=epsilon, delta=delta, rho=float(rho), M=M, m=m, n=n,
        value=math.inf if M is None else float(M),
        source=SOURCES[method] if r_source is None else f"{SOURCES[method]} with {r_source}",
        fclass=str(fclass), beyond_paper=beyond,
    )
