"""Test-set sizes: every interval method inverted for the smallest test set, one convention for all.

:func:`sample_size` answers "how many test examples for a half-width ε at confidence 1 − δ
and skew ρ?" for any method of :data:`~aucbound.bounds.METHODS` whose width depends on
m, n, Â, p1 and p2 only. The answer is the smallest N whose class sizes (m, n), m = ρN
rounded (:func:`split_sample`), give a half-width of at most ε, confirmed in exact
arithmetic (see :mod:`aucbound.bounds._sizes`). For McDiarmid this is Cor 3.5 of Agarwal et
al. (2005) with integer class sizes (Cor 3.10 with a finite class); its real-valued bound
ln(2/δ)/(2ρ(1−ρ)ε²) can be a few examples off either way, as ρN is rarely an integer.

The functions :func:`mcdiarmid_sample_size`, :func:`finite_class_sample_size`,
:func:`hoeffding_sample_size` and :func:`error_rate_sample_size` give the same N, element by
element over arrays, for plots.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from .._exact import FLOAT, holds
from ._results import SampleSize
from ._deviation import error_rate_formula, log_union
from ._interval import _inputs, digits, require, within
from ._methods import evaluate, method as registered
from ._sizes import smallest, smallest_design, split

__all__ = [
    "sample_size",
    "split_sample",
    "mcdiarmid_sample_size",
    "finite_class_sample_size",
    "hoeffding_sample_size",
    "error_rate_sample_size",
]


def split_sample(N, rho) -> tuple[int, int]:
    """(m, n) for a test set of N examples at positive skew ρ: m = ρN rounded half up, within [1, N−1].

    Exact for any N (ρ is taken as an exact fraction: 0.1 is 1/10). As N grows by one,
    exactly one of m and n grows by one, so every half-width here decreases along the
    sequence.

    >>> split_sample(150, 2 / 3), split_sample(10, 0.001), split_sample(10**30 + 5, "1/10")
    ((100, 50), (1, 9), (100000000000000000000000000001, 900000000000000000000000000004))
    """
    N = v.count("N", N, minimum=2)
    return split(N, v.skew("rho", rho))


def error_rate_size(epsilon: float, delta: float, log_f: float, level) -> int | None:
    """The smallest N with Hoeffding's error-rate half-width (Eq. 16) at most ε, exactly.

    `level(X)` is ln(δ/|F|) in the namespace X.
    """
    log_delta = math.log(delta) - log_f

    def exact(N):
        return holds(lambda X: [(error_rate_formula(X, X.number(N), level(X)), X.number(epsilon))], digits=digits(N))

    return smallest(lambda N: error_rate_formula(FLOAT, float(N), log_delta) <= epsilon, exact)


def sample_size(epsilon, delta=None, rho=None, *, confidence=None, method="mcdiarmid", auc=None, p1=None, p2=None,
                class_size=None, log_class_size=None) -> SampleSize:
    """The smallest test set whose interval has half-width at most ε at confidence 1 − δ.

    The test set has N examples, m = ρN rounded of them positive (:func:`split_sample`);
    N is the smallest integer for which ``interval(m, n, delta, method=...)`` has
    ``epsilon`` ≤ ε, confirmed in exact arithmetic (the half-width decreases in N).
    ``auc`` is the anticipated AUC for the methods that use it. The result also gives the
    size an error rate would need (Hoeffding, Eq. 16) and the ratio of the two (Figure 2).
    A size beyond 10^300 is reported as ``N=None`` ("beyond 10^300"), never as a number.

    For McDiarmid this is Cor 3.5 with integer class sizes; with ``class_size`` it is
    Cor 3.10. `confidence` = 1 − δ may be given instead of `delta` (a δ above ½ draws a
    :class:`~aucbound.LevelWarning`); `rho` is required.

    >>> result = sample_size(0.05, 0.01, 0.1)
    >>> result.N, result.m, result.n, result.error_rate_N
    (11775, 1178, 10597, 1060)
    >>> sample_size(0.05, 0.01, 0.1, method="hoeffding").N
    10595
    >>> sample_size(1e-200, 0.05, 0.5).N is None
    True
    """
    epsilon = v.probability("epsilon", epsilon, scalar=True)
    delta = v.failure_probability(delta, confidence, default=None)
    if rho is None:
        raise v.ParameterTypeError("rho", "the share of positives ρ = m/N in (0, 1), e.g. 0.1 or '1/10'", "None")
    rho = v.skew("rho", rho)
    spec = registered(method)
    delta, est, log_f, level = _inputs(delta, auc, p1, p2, None, class_size, log_class_size)
    require(spec, est)
    if not spec.invertible:
        raise v.fail("method", "a method whose width depends on m, n and the given estimates only", spec.key)
    log_delta = math.log(delta) - log_f

    def fits(m, n):
        return evaluate(spec, float(m), float(n), log_delta, est)[0] <= epsilon

    def exact(m, n):
        return within(spec, m, n, level, est, epsilon)

    N = smallest_design(fits, exact, rho)
    m, n = split(N, rho) if N is not None else (None, None)
    # a positive variance never gives a half-width of 0 at any size up to 10^300
    zero_variance = N is not None and est.auc is not None and evaluate(spec, float(m), float(n), log_delta, est)[0] == 0
    error_rate_N = error_rate_size(epsilon, delta, log_f, level)
    return SampleSize(
        method=spec.key,
        epsilon=epsilon,
        delta=delta,
        rho=float(rho),
        N=N,
        m=m,
        n=n,
        guarantee=spec.guarantee,
        source=_size_source(spec.key, log_f > 0, spec.cite(log_f > 0)),
        error_rate_N=error_rate_N,
        auc=est.auc,
        beyond_paper=spec.beyond_paper,
        log_class_size=log_f,
        zero_variance=bool(zero_variance),
    )


def _size_source(key: str, union: bool, interval_source: str) -> str:
    if key == "mcdiarmid":
        return "Agarwal et al. 2005, Cor 3.10" if union else "Agarwal et al. 2005, Cor 3.5"
    return f"{interval_source}, inverted"


# --- the same sizes elementwise, for grids ---------------------------------------------------


def _elementwise(function, **arrays):
    """`function` on each element of the broadcast `arrays`: an int (or inf beyond 10^300) for
    scalars, a float64 array of them otherwise."""
    shaped = np.broadcast_arrays(*(np.asarray(value, dtype=object) for value in arrays.values()))
    values = [function(**dict(zip(arrays, items))) for items in zip(*(a.ravel() for a in shaped))]
    values = [math.inf if value is None else value for value in values]
    if shaped[0].ndim == 0:
        return values[0]
    return np.array(values, dtype=np.float64).reshape(shaped[0].shape)


def _checked_grid(epsilon, delta, rho=None):
    """The arrays, checked elementwise (so a bad element is named before any search)."""
    v.probability("epsilon", epsilon)
    v.probability("delta", delta)
    if rho is not None:
        for value in np.asarray(rho, dtype=object).ravel():
            v.skew("rho", value)


def mcdiarmid_sample_size(epsilon, delta, rho):
    """The smallest N whose class sizes give McDiarmid's half-width ≤ ε: Cor 3.5 with integer m, n.

    ``sample_size(epsilon, delta, rho).N``, element by element; inf where it passes 10^300.
    The paper's real-valued bound ln(2/δ)/(2ρ(1−ρ)ε²) is 11774.4 here.

    >>> mcdiarmid_sample_size(0.05, 0.01, 0.1), mcdiarmid_sample_size(0.05, 0.01, 0.3)
    (11775, 5046)
    """
    _checked_grid(epsilon, delta, rho)
    return _elementwise(lambda epsilon, delta, rho: sample_size(epsilon, delta, rho).N,
                        epsilon=epsilon, delta=delta, rho=rho)


def finite_class_sample_size(epsilon, delta, rho, *, class_size=None, log_class_size=None):
    """The training-set size of Cor 3.10 for a class of |F| functions, with integer class sizes.

    >>> finite_class_sample_size(0.05, 0.01, 0.5, class_size=10**6)
    15292
    """
    _checked_grid(epsilon, delta, rho)
    log_union(class_size, log_class_size)
    return _elementwise(
        lambda epsilon, delta, rho: sample_size(epsilon, delta, rho, class_size=class_size,
                                                log_class_size=log_class_size).N,
        epsilon=epsilon, delta=delta, rho=rho,
    )


def hoeffding_sample_size(epsilon, delta, rho):
    """The smallest N whose class sizes give Hoeffding's half-width ≤ ε (beyond the paper).

    The analogue of Cor 3.5: the smaller class needs ln(2/δ)/(2ε²) examples, as many as an
    error rate needs in all, so the AUC costs about 1/min(ρ, 1−ρ) times more, not 1/(ρ(1−ρ)).

    >>> hoeffding_sample_size(0.05, 0.01, 0.1)
    10595
    """
    _checked_grid(epsilon, delta, rho)
    return _elementwise(lambda epsilon, delta, rho: sample_size(epsilon, delta, rho, method="hoeffding").N,
                        epsilon=epsilon, delta=delta, rho=rho)


def error_rate_sample_size(epsilon, delta):
    """The smallest N with sqrt(ln(2/δ)/(2N)) ≤ ε: the test-set size for an error rate (Eq. 16).

    >>> error_rate_sample_size(0.05, 0.01)
    1060
    """
    _checked_grid(epsilon, delta)

    def one(epsilon, delta):
        epsilon, delta = float(epsilon), float(delta)
        return error_rate_size(epsilon, delta, 0.0, lambda X: X.log(X.number(delta)))

    return _elementwise(one, epsilon=epsilon, delta=delta)

