"""One entry point over every interval method: the registry, ``interval`` and ``sample_size``.

Each method of Agarwal et al. (2005), §3 (paper ``003``), and the beyond-the-paper
Hoeffding bounds is registered once, with its literature name, source, guarantee and the
inputs it needs. :func:`interval` evaluates one method, :func:`interval_table` all of
them, and :func:`sample_size` inverts any of them for the smallest test set.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from .. import _validate as v
from ..results import Interval, SampleSize
from ._search import MAX_SIZE, smallest_integer
from .deviation import _error_rate_size, _mcdiarmid_epsilon
from .hoeffding import _hoeffding_epsilon, _hoeffding_kl_ends
from .variance import _chebyshev_factor, _hanley_mcneil_p, _lehmann_variance, _normal_factor, _score_interval

__all__ = ["Method", "METHODS", "interval", "interval_table", "sample_size", "split_sample"]


@dataclass(frozen=True)
class Method:
    """An interval method: its key, literature name, source and guarantee.

    ``needs`` lists the inputs besides (m, n, δ) it cannot do without ("auc", "p1", "p2").
    ``compute(m, n, log_delta, auc, p1, p2)`` returns ``(epsilon, lo, hi)``, with lo and
    hi None when no estimate was given.
    """

    key: str
    name: str
    source: str
    guarantee: str
    beyond_paper: bool
    needs: tuple[str, ...]
    compute: Callable


#: Every interval method by key, in the order of the comparison tables.
METHODS: dict[str, Method] = {}


def _register(key, *, name, source, guarantee, needs=(), beyond_paper=False):
    def decorate(compute):
        METHODS[key] = Method(key, name, source, guarantee, beyond_paper, tuple(needs), compute)
        return compute

    return decorate


def _symmetric(epsilon, auc):
    """Â ± ε clipped to [0, 1], or only ε when there is no estimate."""
    epsilon = float(epsilon)
    if auc is None:
        return epsilon, None, None
    return epsilon, max(0.0, auc - epsilon), min(1.0, auc + epsilon)


def _asymmetric(lo, hi, down, up):
    """An asymmetric interval [lo, hi] whose half-width is the larger of Â − lo and hi − Â."""
    return max(float(down), float(up)), float(lo), float(hi)


def _variance_bound(weight, factor, auc):
    """|Â − A| ≤ c·sqrt(A(1−A)/w): the worst case A = ½ without an estimate, else solved for A."""
    if auc is None:
        return _symmetric(factor * 0.5 / math.sqrt(weight), None)
    return _asymmetric(*_score_interval(auc, weight, factor))


@_register("mcdiarmid", name="McDiarmid", source="Agarwal et al. 2005, Cor 3.4", guarantee="distribution-free")
def _mcdiarmid(m, n, log_delta, auc, p1, p2):
    return _symmetric(_mcdiarmid_epsilon(m, n, log_delta), auc)


@_register(
    "hoeffding",
    name="Hoeffding, two-sample U-statistic",
    source="Hoeffding 1963, §5",
    guarantee="distribution-free",
    beyond_paper=True,
)
def _hoeffding(m, n, log_delta, auc, p1, p2):
    return _symmetric(_hoeffding_epsilon(min(m, n), log_delta), auc)


@_register(
    "hoeffding-kl",
    name="Hoeffding–Chernoff (Kullback–Leibler)",
    source="Hoeffding 1963, §5",
    guarantee="distribution-free",
    needs=("auc",),
    beyond_paper=True,
)
def _hoeffding_kl(m, n, log_delta, auc, p1, p2):
    return _asymmetric(*_hoeffding_kl_ends(auc, min(m, n), log_delta))


@_register(
    "chebyshev-max",
    name="Chebyshev with σ_max",
    source="Agarwal et al. 2005, Eq. 11, 14",
    guarantee="distribution-free",
)
def _chebyshev_max(m, n, log_delta, auc, p1, p2):
    return _variance_bound(min(m, n), _chebyshev_factor(log_delta), auc)


@_register(
    "normal-max",
    name="normal approximation with σ_max",
    source="Agarwal et al. 2005, Eq. 13, 14",
    guarantee="asymptotic",
)
def _normal_max(m, n, log_delta, auc, p1, p2):
    return _variance_bound(min(m, n), _normal_factor(log_delta), auc)


@_register(
    "chebyshev-min",
    name="Chebyshev with σ_min",
    source="Agarwal et al. 2005, Eq. 11, 15",
    guarantee="best-case",
)
def _chebyshev_min(m, n, log_delta, auc, p1, p2):
    return _variance_bound(m * n, _chebyshev_factor(log_delta), auc)


@_register(
    "normal-min",
    name="normal approximation with σ_min",
    source="Agarwal et al. 2005, Eq. 13, 15",
    guarantee="best-case",
)
def _normal_min(m, n, log_delta, auc, p1, p2):
    return _variance_bound(m * n, _normal_factor(log_delta), auc)


@_register(
    "chebyshev-lehmann",
    name="Chebyshev with Lehmann's variance",
    source="Agarwal et al. 2005, Eq. 7, 11",
    guarantee="plug-in",
    needs=("auc", "p1", "p2"),
)
def _chebyshev_lehmann(m, n, log_delta, auc, p1, p2):
    sigma = math.sqrt(_lehmann_variance(auc, p1, p2, m, n))
    return _symmetric(sigma * _chebyshev_factor(log_delta), auc)


@_register(
    "normal-lehmann",
    name="normal approximation with Lehmann's variance",
    source="Agarwal et al. 2005, Eq. 7, 13",
    guarantee="asymptotic",
    needs=("auc", "p1", "p2"),
)
def _normal_lehmann(m, n, log_delta, auc, p1, p2):
    sigma = math.sqrt(_lehmann_variance(auc, p1, p2, m, n))
    return _symmetric(sigma * _normal_factor(log_delta), auc)


@_register(
    "hanley-mcneil",
    name="Hanley–McNeil",
    source="Hanley & McNeil 1982",
    guarantee="asymptotic",
    needs=("auc",),
)
def _hanley_mcneil(m, n, log_delta, auc, p1, p2):
    sigma = math.sqrt(_lehmann_variance(auc, *_hanley_mcneil_p(auc), m, n))
    return _symmetric(sigma * _normal_factor(log_delta), auc)


# --- evaluation ---------------------------------------------------------------------------


def _missing(spec: Method, given: dict) -> list[str]:
    return [name for name in spec.needs if given[name] is None]


def _require(spec: Method, given: dict) -> None:
    missing = _missing(spec, given)
    if missing:
        raise v.ParameterError(
            missing[0],
            f"`{missing[0]}` must be given for method {spec.key!r} "
            f"(it needs {', '.join(spec.needs)}), but got None.",
        )


def _evaluate(spec: Method, m: int, n: int, delta: float, log_f: float, given: dict) -> Interval:
    log_delta = math.log(delta) - log_f
    epsilon, lo, hi = spec.compute(float(m), float(n), log_delta, given["auc"], given["p1"], given["p2"])
    vacuous = epsilon >= 1 or (lo is not None and lo <= 0 and hi >= 1)
    if vacuous and lo is not None:
        lo, hi = 0.0, 1.0
    return Interval(
        method=spec.key,
        m=m,
        n=n,
        delta=delta,
        epsilon=float(epsilon),
        guarantee="vacuous" if vacuous else spec.guarantee,
        source=spec.source,
        estimate=given["auc"],
        lo=lo,
        hi=hi,
        beyond_paper=spec.beyond_paper,
        log_class_size=log_f,
    )


def _common(delta, auc, p1, p2, class_size, log_class_size):
    delta = float(v.probability("delta", delta))
    auc, p1, p2 = v.lehmann_inputs(auc, p1, p2)
    log_f = v.log_class_size(class_size, log_class_size)
    return delta, {"auc": auc, "p1": p1, "p2": p2}, log_f


def interval(m, n, delta, *, method="mcdiarmid", auc=None, p1=None, p2=None, class_size=None, log_class_size=None):
    """A 1 − δ confidence interval for the AUC from m positives and n negatives.

    Parameters
    ----------
    m, n : int
        Numbers of positive and negative test examples (≥ 1).
    delta : float
        Failure probability in (0, 1); the confidence is 1 − δ.
    method : str
        One of the keys below.
    auc : float, optional
        The estimate Â. Centres the interval (clipped to [0, 1]); the variance methods also
        use it for A. Without it, the half-width is the worst case over A.
    p1, p2 : float, optional
        Lehmann's p1 and p2, with A² ≤ p1, p2 ≤ A (for the ``*-lehmann`` methods).
    class_size, log_class_size : optional
        |F| (any integer) or ln|F|: a union bound over a finite class of scorers
        (Cor 3.9), which evaluates the method at δ/|F|.

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
    """
    m, n = v.count("m", m), v.count("n", n)
    spec = METHODS[v.choice("method", method, METHODS)]
    delta, given, log_f = _common(delta, auc, p1, p2, class_size, log_class_size)
    _require(spec, given)
    return _evaluate(spec, m, n, delta, log_f, given)


def interval_table(
    m, n, delta, *, methods=None, auc=None, p1=None, p2=None, class_size=None, log_class_size=None
) -> tuple[Interval, ...]:
    """:func:`interval` for several methods at once, in registry order.

    With ``methods=None``, every method whose inputs are available (those needing
    ``auc``, ``p1``, ``p2`` are left out when these are not given). A method named
    explicitly must have its inputs.

    >>> [r.method for r in interval_table(100, 50, 0.05)][:3]
    ['mcdiarmid', 'hoeffding', 'chebyshev-max']
    """
    m, n = v.count("m", m), v.count("n", n)
    delta, given, log_f = _common(delta, auc, p1, p2, class_size, log_class_size)
    if methods is None:
        chosen = [spec for spec in METHODS.values() if not _missing(spec, given)]
    else:
        chosen = [METHODS[v.choice("methods", key, METHODS)] for key in methods]
        for spec in chosen:
            _require(spec, given)
    return tuple(_evaluate(spec, m, n, delta, log_f, given) for spec in chosen)


def split_sample(N: int, rho: float) -> tuple[int, int]:
    """(m, n) for a test set of N examples at positive skew ρ: m = ρN rounded, within [1, N−1].

    Rounding is to the nearest integer, halves up. As N grows by one, exactly one of m and
    n grows by one, so every half-width here decreases along the sequence.

    >>> split_sample(150, 2 / 3), split_sample(10, 0.001)
    ((100, 50), (1, 9))
    """
    N = v.count("N", N, minimum=2)
    rho = float(v.probability("rho", rho))
    m = min(max(math.floor(rho * N + 0.5), 1), N - 1)
    return m, N - m


def sample_size(
    epsilon, delta, rho, *, method="mcdiarmid", auc=None, p1=None, p2=None, class_size=None, log_class_size=None
) -> SampleSize:
    """The smallest test set whose interval has half-width at most ε at confidence 1 − δ.

    The test set has N examples, m = ρN rounded of them positive (:func:`split_sample`);
    N is the smallest integer for which ``interval(m, n, delta, method=...)`` has
    ``epsilon`` ≤ ε, found exactly (the half-width decreases in N). ``auc`` is the
    anticipated AUC for the methods that use it. The result also gives the size an error
    rate would need (Hoeffding, Eq. 16) and the ratio of the two (Figure 2).

    For McDiarmid this is Cor 3.5 with integer class sizes; with ``class_size`` it is
    Cor 3.10.

    >>> result = sample_size(0.05, 0.01, 0.1)
    >>> result.N, result.m, result.n, result.error_rate_N
    (11775, 1178, 10597, 1060)
    >>> sample_size(0.05, 0.01, 0.1, method="hoeffding").N
    10595
    """
    epsilon = float(v.probability("epsilon", epsilon))
    rho = float(v.probability("rho", rho))
    spec = METHODS[v.choice("method", method, METHODS)]
    delta, given, log_f = _common(delta, auc, p1, p2, class_size, log_class_size)
    _require(spec, given)
    log_delta = math.log(delta) - log_f

    def fits(N: int) -> bool:
        m, n = split_sample(N, rho)
        return spec.compute(float(m), float(n), log_delta, given["auc"], given["p1"], given["p2"])[0] <= epsilon

    error_rate_N = _error_rate_size(epsilon, log_delta)
    if not error_rate_N <= MAX_SIZE:
        raise v.fail("epsilon", "large enough for a test set of at most 10^300 examples", epsilon)
    N = smallest_integer(fits, 2)
    if N is None:
        raise v.fail("epsilon", "large enough for a test set of at most 10^300 examples", epsilon)
    m, n = split_sample(N, rho)
    return SampleSize(
        method=spec.key,
        epsilon=epsilon,
        delta=delta,
        rho=rho,
        N=N,
        m=m,
        n=n,
        guarantee=spec.guarantee,
        source=spec.source,
        error_rate_N=math.ceil(error_rate_N),
        auc=given["auc"],
        beyond_paper=spec.beyond_paper,
        log_class_size=log_f,
    )
