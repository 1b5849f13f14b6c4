"""One entry point over every interval method: :func:`interval` and :func:`interval_table`.

The methods are those of :data:`~aucbound.bounds.METHODS`: Agarwal et al. (2005), §3, the
beyond-the-paper Hoeffding bounds, and the asymptotic intervals practitioners use
(Hanley–McNeil, Newcombe, DeLong's Wald interval with a given variance). The bootstrap
needs the scores themselves: :func:`aucbound.intervals` has it.
"""

from __future__ import annotations

import math
import struct

from .. import _validate as v
from .._exact import holds
from ._results import Interval
from ._deviation import log_union
from ._methods import INPUTS, METHODS, Estimates, Method, evaluate, method as registered
from ._sizes import _bisect
from ._variance import lehmann_inputs

__all__ = ["interval", "interval_table", "interval_row"]


def _inputs(delta, auc, p1, p2, variance, class_size, log_class_size):
    """(δ, estimates, ln|F|, level), checked; `level(X)` is ln(δ/|F|) in the namespace X (:func:`log_level`)."""
    delta = v.probability("delta", delta, scalar=True)
    auc, p1, p2 = lehmann_inputs(auc, p1, p2)
    if variance is not None:
        variance = v.nonnegative("variance", variance, scalar=True)
        if auc is None:
            raise v.ParameterError("auc", "given with {variance}", "None", others=("variance",))
    log_f = log_union(class_size, log_class_size)
    if class_size is not None:
        class_size = v.count("class_size", class_size)
    return delta, Estimates(auc, p1, p2, variance), log_f, log_level(delta, class_size, log_class_size)


def log_level(delta: float, class_size: int | None = None, log_class_size=None):
    """ln(δ/|F|) as a function of the namespace X: with EXACT, at the working precision, from
    the integer |F| itself (not from its logarithm rounded to a float)."""

    def in_namespace(X):
        log_f = X.log_int(class_size) if class_size is not None else X.number(log_class_size or 0.0)
        return X.log(X.number(delta)) - log_f

    return in_namespace


def digits(*integers: int) -> int:
    """The decimal digits of the largest of `integers` (for :func:`aucbound._exact.holds`)."""
    return max(len(str(abs(k))) for k in integers)


def within(spec: Method, m: int, n: int, level, est: Estimates, epsilon: float) -> bool:
    """Whether the interval of `spec` at (m, n), at the level ``level(X)`` = ln(δ/|F|), lies
    within Â ± ε, decided in exact arithmetic. The one test that both the half-width
    :func:`interval` reports and the size :func:`~aucbound.sample_size` returns are
    decided by (`spec` must have ``meets``)."""

    def conditions(X):
        return spec.meets(X, X.number(m), X.number(n), level(X), est.exact(X), X.number(epsilon))

    return holds(conditions, digits=digits(m, n))


def _ordinal(x: float) -> int:
    """The position of a float ≥ 0 among the floats (consecutive floats, consecutive integers)."""
    return struct.unpack("<q", struct.pack("<d", x))[0]


def _float(ordinal: int) -> float:
    return struct.unpack("<d", struct.pack("<q", ordinal))[0]


def exact_epsilon(spec: Method, m: int, n: int, level, est: Estimates, epsilon: float) -> float:
    """The smallest float ε′ with :func:`within` at ε′: the exact half-width rounded up, from
    its floating-point value `epsilon` (a few ulps off) by a few exact tests.

    So the half-width reported at (m, n) is at most a float ε exactly when the exact
    half-width is, and the smallest size whose reported half-width is at most ε is the one
    :func:`~aucbound.sample_size` finds. An infinite or NaN `epsilon`, or a method without
    an exact test, is returned as it is.
    """
    if spec.meets is None or not 0 <= epsilon < math.inf:
        return epsilon

    def test(ordinal):
        return within(spec, m, n, level, est, _float(ordinal))

    infinite = _ordinal(math.inf)
    start, step = _ordinal(epsilon), 1
    if test(start):  # the answer is at or below `start`: step down until a test fails
        high = start
        while high - step >= 0 and test(high - step):
            high, step = high - step, 2 * step
        low = max(high - step, -1)  # -1: below 0.0
    else:  # the answer is above `start`: step up until a test holds
        low = start
        while not test(min(low + step, infinite)):
            if low + step >= infinite:
                return math.inf
            low, step = low + step, 2 * step
        high = min(low + step, infinite)
    return _float(_bisect(test, low, high))  # test(high) holds, test(low) fails (or low is below 0.0)


def missing(spec: Method, est: Estimates) -> list[str]:
    """The inputs `spec` needs that `est` does not have (``scores`` when it needs the data)."""
    return [name for name in spec.needs if name == "scores" or getattr(est, name) is None]


def require(spec: Method, est: Estimates, parameter: str = "method") -> None:
    """Raise when `spec` cannot be computed from what is given."""
    if spec.needs_scores:
        raise v.fail(parameter, "a method with a closed form (this one resamples the scores: use "
                     "aucbound.intervals with the data)", spec.key)
    lacking = missing(spec, est)
    if lacking:
        needs = ", ".join(INPUTS[name] for name in spec.needs)
        raise v.ParameterError(lacking[0], f"given for method {spec.key!r} (it needs {needs})", "None")


def _row(spec: Method, m, n, delta, estimate, epsilon, lo, hi, vacuous, log_f=0.0, source=None) -> Interval:
    return Interval(
        method=spec.key,
        m=m,
        n=n,
        delta=delta,
        epsilon=float(epsilon),
        guarantee="vacuous" if vacuous else spec.guarantee,
        source=source or spec.cite(log_f > 0),
        estimate=estimate,
        lo=None if lo is None else float(lo),
        hi=None if hi is None else float(hi),
        beyond_paper=spec.beyond_paper,
        log_class_size=log_f,
    )


def evaluate_row(spec: Method, m: int, n: int, delta: float, log_f: float, est: Estimates, level=None) -> Interval:
    """The :class:`Interval` of `spec` at (m, n, δ/|F|) with the estimates `est`, its half-width
    the exact one rounded up (:func:`exact_epsilon`) at the level ``level(X)`` = ln(δ/|F|)
    (:func:`log_level`; by default ln δ − `log_f`): the same row whichever function asks."""
    epsilon, lo, hi, vacuous = evaluate(spec, float(m), float(n), math.log(delta) - log_f, est)
    if level is None:
        level = log_level(delta, log_class_size=log_f)
    epsilon = exact_epsilon(spec, m, n, level, est, float(epsilon))
    return _row(spec, m, n, delta, est.auc, epsilon, lo, hi, bool(vacuous) or not epsilon < 1, log_f)


def interval_row(spec: Method, m: int, n: int, delta: float, estimate: float, lo: float, hi: float, *,
                 low: float = 0.0, high: float = 1.0, source: str | None = None) -> Interval:
    """The :class:`Interval` of `spec` from its two ends around `estimate`, clipped to [`low`, `high`].

    Its half-width is the larger of estimate − lo and hi − estimate; it is "vacuous" when
    it is all of [`low`, `high`]. `source` replaces the method's own. A closed form's interval
    contains its estimate, and is kept so when its ends were mapped from another scale (the
    difference 2u − 1 of two AUCs, say) and rounding moved them past it; a bootstrap's
    percentiles need not, and are left as they are.
    """
    lo, hi = min(max(float(lo), low), high), min(max(float(hi), low), high)
    if not spec.needs_scores:
        lo, hi = min(lo, estimate), max(hi, estimate)
    vacuous = lo <= low and hi >= high
    return _row(spec, m, n, delta, estimate, max(estimate - lo, hi - estimate), lo, hi, vacuous, source=source)


def _class_sizes(m, n) -> tuple[int, int]:
    """m and n as counts; labels and scores given in their place are pointed to :func:`aucbound.intervals`."""
    for parameter, value in (("m", m), ("n", n)):
        if isinstance(value, (list, tuple)) or getattr(value, "ndim", 0) > 0 or type(value).__name__ == "Series":
            raise v.ParameterTypeError(parameter, f"an integer, the number of "
                                       f"{'positives' if parameter == 'm' else 'negatives'} (for labels and scores, "
                                       "aucbound.intervals(labels, scores, delta=...) gives every interval)",
                                       v.show(value))
    return v.count("m", m, maximum=v.MAX_COUNT), v.count("n", n, maximum=v.MAX_COUNT)


def interval(m, n, delta=None, *, confidence=None, method="mcdiarmid", auc=None, p1=None, p2=None, variance=None,
             class_size=None, log_class_size=None) -> Interval:
    """A 1 − δ confidence interval for the AUC from m positives and n negatives.

    Parameters
    ----------
    m, n : int
        Numbers of positive and negative test examples (≥ 1).
    delta : float
        Failure probability in (0, 1); the confidence is 1 − δ. A δ above ½ draws a
        :class:`~aucbound.LevelWarning` (``delta=0.95`` is most likely meant as a confidence).
    confidence : float, optional
        Instead of `delta`: the confidence 1 − δ, e.g. 0.95.
    method : str
        One of the keys below.
    auc : float, optional
        The estimate Â. Centres the interval (clipped to [0, 1]); the variance methods also
        use it for A. Without it, the half-width is the worst case over A.
    p1, p2 : float, optional
        Lehmann's p1 and p2, with A² ≤ p1, p2 ≤ A (for the ``*-lehmann`` methods).
    variance : float, optional
        An estimate of Var Â, e.g. DeLong's (for the ``delong`` methods).
    class_size, log_class_size : optional
        |F| (any integer) or ln|F|: a union bound over a finite class of scorers
        (Agarwal et al. 2005, Thm 3.8, Cor 3.9), which evaluates the method at δ/|F|.

    Methods
    -------
    ``mcdiarmid``
        McDiarmid's inequality, ε = sqrt((m+n) ln(2/δ)/(2mn)) (Agarwal et al. 2005,
        Cor 3.4). Distribution-free.
    ``hoeffding``
        Hoeffding's bound for two-sample U-statistics, ε = sqrt(ln(2/δ)/(2 min(m, n)))
        (Hoeffding 1963, §5; beyond the paper). Distribution-free, never wider than
        McDiarmid.
    ``hoeffding-kl``
        The Chernoff (Kullback–Leibler) form of Hoeffding's bound,
        {θ : min(m, n)·kl(Â‖θ) ≤ ln(2/δ)}; needs ``auc`` (beyond the paper).
        Distribution-free, inside the ``hoeffding`` interval.
    ``bernstein``
        A Bernstein-type bound with the Hoeffding projection's variance σ10²/m + σ01²/n, the two
        variances bounded from ``p1``, ``p2`` (the unbiased estimates p̂1, p̂2 of the data) at δ/20
        each; needs ``auc``, ``p1``, ``p2`` (beyond the paper). Distribution-free; narrower than
        ``hoeffding-kl`` from a few thousand items per class.
    ``chebyshev-max``
        Chebyshev's inequality with the largest variance A(1−A)/min(m, n) (Eq. 11, 14).
        Distribution-free. With ``auc``, the set of A with |Â − A| ≤ σ_max(A)/√δ.
    ``normal-max``
        Normal approximation with σ_max (Eq. 13, 14). Asymptotic.
    ``chebyshev-min``, ``normal-min``
        The same with the smallest variance A(1−A)/(mn) (Eq. 15): the best case, not a
        confidence interval for an unknown distribution.
    ``chebyshev-lehmann``, ``normal-lehmann``
        Lehmann's exact variance (Eq. 7) at the given ``auc``, ``p1``, ``p2``. Chebyshev
        is finite-sample when they are the true values ("plug-in"); normal is asymptotic.
    ``hanley-mcneil``
        Normal approximation with Eq. 7 at p1 = A/(2−A), p2 = 2A²/(1+A) (Hanley & McNeil
        1982); needs ``auc``. Asymptotic.
    ``newcombe``
        Newcombe's score method 5 (2006); needs ``auc``. Asymptotic, inside [0, 1].
    ``delong``, ``delong-logit``
        Wald's interval Â ± Φ⁻¹(1−δ/2)·√variance, and the same on the logit scale; need
        ``auc`` and ``variance`` (DeLong et al. 1988). Asymptotic.
    ``bootstrap-percentile``, ``bootstrap-bca``
        Need the scores: see :func:`aucbound.intervals`.

    Returns
    -------
    Interval
        With ``epsilon``, ``lo``/``hi`` (when ``auc`` is given), ``guarantee``
        ("distribution-free", "asymptotic", "plug-in", "best-case", or "vacuous" when the
        interval is all of [0, 1]) and ``source``.

    Examples
    --------
    >>> result = interval(100, 50, 0.05, auc=0.8)
    >>> round(result.epsilon, 6), result.guarantee
    (0.23523, 'distribution-free')
    >>> lo, hi = result.interval
    >>> round(lo, 6), round(hi, 6)
    (0.56477, 1.0)
    >>> interval(5, 5, 0.01).guarantee
    'vacuous'
    >>> interval(100, 100, 0.05, class_size=1000).source
    'Agarwal et al. 2005, Thm 3.8, Cor 3.9'
    """
    m, n = _class_sizes(m, n)
    delta = v.failure_probability(delta, confidence, default=None)
    spec = registered(method)
    delta, est, log_f, at = _inputs(delta, auc, p1, p2, variance, class_size, log_class_size)
    require(spec, est)
    return evaluate_row(spec, m, n, delta, log_f, est, at)


def interval_table(m, n, delta=None, *, confidence=None, methods=None, auc=None, p1=None, p2=None, variance=None,
                   class_size=None, log_class_size=None) -> tuple[Interval, ...]:
    """:func:`interval` for several methods at once, in registry order.

    With ``methods=None``, every method whose inputs are given (those needing ``auc``,
    ``p1``, ``p2`` or ``variance`` are left out when these are not given, and the bootstrap
    always). A method named explicitly must have its inputs. `delta` or `confidence` as for
    :func:`interval`.

    >>> [r.method for r in interval_table(100, 50, 0.05)][:3]
    ['mcdiarmid', 'hoeffding', 'chebyshev-max']
    """
    m, n = _class_sizes(m, n)
    delta = v.failure_probability(delta, confidence, default=None)
    delta, est, log_f, at = _inputs(delta, auc, p1, p2, variance, class_size, log_class_size)
    if methods is None:
        chosen = [spec for spec in METHODS.values() if not missing(spec, est)]
    else:
        if isinstance(methods, str):
            raise v.ParameterTypeError("methods", "a sequence of method keys such as ['mcdiarmid']", v.show(methods))
        chosen = [registered(key, "methods") for key in methods]
        for spec in chosen:
            require(spec, est, "methods")
    return tuple(evaluate_row(spec, m, n, delta, log_f, est, at) for spec in chosen)
