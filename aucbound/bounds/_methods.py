"""Every confidence-interval method for the AUC, registered once with all that its callers need.

A :class:`Method` carries its literature name, source and guarantee, the inputs it needs,
and its computation:

- ``ends(m, n, log_delta, est)``: the vectorized closed form, (ε, lo, hi) as float arrays
  for arrays of m, n and of the estimates in ``est`` (lo and hi None without Â);
- ``meets(X, m, n, log_delta, est, ε)``: the exact test that the interval lies within
  Â ± ε, as pairs (lhs ≤ rhs) in a namespace X, for the exact sample sizes; None for a
  method whose width depends on the data beyond Â, p1, p2;
- ``data(sample, delta)``: for the methods that need the scores themselves (the
  bootstrap), the intervals from a data set; registered by :mod:`aucbound.empirical`.

:func:`aucbound.interval`, :func:`aucbound.interval_table`, :func:`aucbound.sample_size`,
:func:`aucbound.intervals`, :func:`aucbound.compare`, the coverage simulator, the command
line, the plots and the documentation's table all read :data:`METHODS`; a new method is one
:func:`register` call (and its documentation).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .. import _validate as v
from ._bernstein import bernstein_ends
from ._deviation import mcdiarmid_formula
from ._hoeffding import hoeffding_formula, kl_ends, kl_meets
from ._newcombe import newcombe_ends, newcombe_meets
from ._variance import (
    chebyshev_factor,
    chebyshev_width,
    hanley_mcneil_variance_formula,
    lehmann_formula,
    normal_factor,
    score_ends,
    score_meets,
    wald_ends,
)
from .._exact import FLOAT

__all__ = ["Estimates", "Method", "METHODS", "register", "unregister", "evaluate", "distribution_free_methods", "INPUTS"]

#: What a method may need besides m, n and δ, and what each is.
INPUTS = {
    "auc": "the estimate Â",
    "p1": "Lehmann's p1",
    "p2": "Lehmann's p2",
    "variance": "an estimated variance of Â",
    "scores": "the scores themselves",
}


@dataclass(frozen=True)
class Estimates:
    """The estimates a method may use: Â, Lehmann's p1 and p2, a variance of Â.

    Each is None (not given), a float, or an array (one value per data set); a NaN
    variance means undefined (a class with a single item).
    """

    auc: object = None
    p1: object = None
    p2: object = None
    variance: object = None

    def given(self) -> set[str]:
        """The names of the estimates that are not None."""
        return {name for name in ("auc", "p1", "p2", "variance") if getattr(self, name) is not None}

    def exact(self, X) -> Estimates:
        """The same estimates as numbers of the namespace X."""
        return Estimates(*(None if value is None else X.number(value) for value in (self.auc, self.p1, self.p2, self.variance)))


@dataclass(frozen=True)
class Method:
    """An interval method for the AUC and everything its callers need (see the module docstring)."""

    key: str
    name: str
    source: str
    guarantee: str
    summary: str
    beyond_paper: bool = False
    needs: tuple[str, ...] = ()
    any_kernel: bool = False
    class_source: str | None = None
    ends: Callable | None = None
    meets: Callable | None = None
    data: Callable | None = None

    @property
    def invertible(self) -> bool:
        """Whether :func:`aucbound.sample_size` can invert it (its width depends on m, n, Â, p1, p2 only)."""
        return self.meets is not None

    @property
    def needs_scores(self) -> bool:
        """Whether it is computed from the scores themselves (no closed form)."""
        return "scores" in self.needs

    @classmethod
    def symmetric(cls, key: str, name: str, source: str, guarantee: str, summary: str, half_width, **options) -> Method:
        """A method Â ± ε clipped to [0, 1], from ``half_width(X, m, n, log_delta, est)`` written once
        for both namespaces (:data:`aucbound._exact.FLOAT` on arrays, ``EXACT`` in mpmath).

        >>> from aucbound._exact import FLOAT
        >>> wide = Method.symmetric("twice-mcdiarmid", "twice McDiarmid", "an example", "distribution-free",
        ...                         "2·ε_McD", lambda X, m, n, ld, est: 2 * X.sqrt((1 / m + 1 / n) * (X.LN2 - ld) / 2))
        >>> round(float(wide.ends(100.0, 50.0, math.log(0.05), Estimates())[0]), 5)
        0.47046
        """
        ends, meets = _symmetric(half_width)
        return cls(key, name, source, guarantee, summary, ends=ends, meets=meets, **options)

    def cite(self, union: bool) -> str:
        """The source, for an interval with a union bound over a finite class when `union`."""
        if not union:
            return self.source
        return self.class_source or f"{self.source}; union bound of Agarwal et al. 2005, Thm 3.8"


#: Every interval method by key, in the order of the comparison tables.
METHODS: dict[str, Method] = {}


def register(method: Method) -> Method:
    """Add `method` to :data:`METHODS` (its key must be new)."""
    if method.key in METHODS:
        raise ValueError(f"an interval method {method.key!r} is registered already")
    unknown = set(method.needs) - set(INPUTS)
    if unknown:
        raise ValueError(f"method {method.key!r} needs unknown inputs {sorted(unknown)}")
    METHODS[method.key] = method
    return method


def distribution_free_methods() -> tuple[str, ...]:
    """The keys of the registered methods whose coverage is promised for every distribution and size,
    read from :data:`METHODS` when called (a method registered later is among them).

    >>> distribution_free_methods()
    ('mcdiarmid', 'hoeffding', 'hoeffding-kl', 'bernstein', 'chebyshev-max')
    """
    return tuple(key for key, spec in METHODS.items() if spec.guarantee == "distribution-free")


def evaluate(method: Method, m, n, log_delta, est: Estimates):
    """(ε, lo, hi, vacuous) of `method`, elementwise, with the one rule for vacuity.

    An interval of half-width ε ≥ 1, or one reaching both 0 and 1, is all of [0, 1]:
    "vacuous". lo and hi are None when there is no Â.
    """
    with np.errstate(over="ignore", under="ignore", divide="ignore"):
        epsilon, lo, hi = method.ends(m, n, log_delta, est)
    epsilon = np.asarray(epsilon, dtype=np.float64)
    if lo is None:
        return epsilon, None, None, ~(epsilon < 1)
    lo, hi = np.broadcast_arrays(np.asarray(lo, dtype=np.float64), np.asarray(hi, dtype=np.float64))
    vacuous = ~(epsilon < 1) | ((lo <= 0) & (hi >= 1))
    return epsilon, np.where(vacuous, 0.0, lo), np.where(vacuous, 1.0, hi), vacuous


# --- the shapes of the closed forms ---------------------------------------------------------


def _symmetric(half_width):
    """(ends, meets) of Â ± ε, clipped to [0, 1], with ε = half_width(X, m, n, ln δ, est)."""

    def ends(m, n, log_delta, est):
        epsilon = half_width(FLOAT, m, n, log_delta, est)
        if est.auc is None:
            return epsilon, None, None
        return epsilon, np.maximum(est.auc - epsilon, 0.0), np.minimum(est.auc + epsilon, 1.0)

    def meets(X, m, n, log_delta, est, epsilon):
        return [(half_width(X, m, n, log_delta, est), epsilon)]

    return ends, meets


def _score(root, factor):
    """(ends, meets) of {A : |Â − A| ≤ c·sqrt(A(1−A)/w)}; without Â, its widest case A = ½.

    `root(X, m, n)` is √w, formed without w itself, which passes the largest float when w = mn.
    """

    def ends(m, n, log_delta, est):
        scaled = factor(FLOAT, log_delta) / root(FLOAT, m, n)  # c/√w
        if est.auc is None:
            return 0.5 * scaled, None, None
        lo, hi, down, up = score_ends(est.auc, 1.0, scaled)
        return np.maximum(down, up), lo, hi

    def meets(X, m, n, log_delta, est, epsilon):
        scaled = factor(X, log_delta) / root(X, m, n)
        if est.auc is None:
            return [(scaled / 2, epsilon)]
        return score_meets(X, est.auc, 1, scaled, epsilon)

    return ends, meets


def _root_smaller(X, m, n):
    return X.sqrt(_smaller(m, n))


def _root_product(X, m, n):
    return X.sqrt(m) * X.sqrt(n)


def _smaller(m, n):
    return np.minimum(m, n) if isinstance(m, np.ndarray) or isinstance(n, np.ndarray) else min(m, n)


def _lehmann_sigma(X, m, n, est):
    return X.sqrt(lehmann_formula(X, est.auc, est.p1, est.p2, m, n))


def _hanley_mcneil_sigma(X, m, n, est):
    return X.sqrt(hanley_mcneil_variance_formula(X, est.auc, m, n))


def _kl_ends(m, n, log_delta, est):
    lo, hi, down, up = kl_ends(est.auc, _smaller(m, n), log_delta)
    return np.maximum(down, up), lo, hi


def _kl_meets(X, m, n, log_delta, est, epsilon):
    return kl_meets(X, est.auc, X.minimum(m, n), log_delta, epsilon)


def _newcombe_ends(m, n, log_delta, est):
    lo, hi = newcombe_ends(est.auc, m, n, log_delta)
    return np.maximum(est.auc - lo, hi - est.auc), lo, hi


def _newcombe_meets(X, m, n, log_delta, est, epsilon):
    return newcombe_meets(X, est.auc, m, n, log_delta, epsilon)


def _wald(logit: bool):
    def ends(m, n, log_delta, est):
        lo, hi = wald_ends(est.auc, est.variance, normal_factor(FLOAT, log_delta), logit=logit)
        lo, hi = np.clip(lo, 0.0, 1.0), np.clip(hi, 0.0, 1.0)
        epsilon = np.where(np.isnan(est.variance), np.inf, np.maximum(est.auc - lo, hi - est.auc))
        return epsilon, lo, hi

    return ends


def _closed_form(key, name, source, guarantee, summary, shape, **options) -> Method:
    ends, meets = shape
    return register(Method(key, name, source, guarantee, summary, ends=ends, meets=meets, **options))


def unregister(key: str) -> Method:
    """Remove the method `key` from :data:`METHODS` (a method added for a while, as in a test)."""
    return METHODS.pop(key)


# --- Agarwal et al. (2005), §3, and the bounds beyond it -------------------------------------

_closed_form(
    "mcdiarmid", "McDiarmid", "Agarwal et al. 2005, Cor 3.4", "distribution-free",
    "ε = sqrt((m+n)·ln(2/δ)/(2mn)) from McDiarmid's inequality (Thm 3.3)",
    _symmetric(lambda X, m, n, ld, est: mcdiarmid_formula(X, m, n, ld)),
    any_kernel=True, class_source="Agarwal et al. 2005, Thm 3.8, Cor 3.9",
)
_closed_form(
    "hoeffding", "Hoeffding, two-sample U-statistic", "Hoeffding 1963, §5", "distribution-free",
    "ε = sqrt(ln(2/δ)/(2·min(m, n))); never wider than McDiarmid",
    _symmetric(lambda X, m, n, ld, est: hoeffding_formula(X, m, n, ld)),
    beyond_paper=True, any_kernel=True,
)
_closed_form(
    "hoeffding-kl", "Hoeffding–Chernoff (Kullback–Leibler)", "Hoeffding 1963, §5", "distribution-free",
    "{θ : min(m, n)·kl(Â‖θ) ≤ ln(2/δ)}; inside the hoeffding interval, informative at Â = 1",
    (_kl_ends, _kl_meets), beyond_paper=True, needs=("auc",), any_kernel=True,
)
_closed_form(
    "bernstein", "Bernstein, projection variance", "Bennett 1962; McDiarmid 1998",
    "distribution-free",
    "≈ sqrt(2·ln(1/δ′)·(σ10²/m + σ01²/n)) with σ10², σ01² bounded from p̂1, p̂2 at δ/20 each; narrower than "
    "hoeffding-kl from a few thousand per class",
    (lambda m, n, log_delta, est: bernstein_ends(est.auc, est.p1, est.p2, m, n, log_delta), None),
    beyond_paper=True, needs=("auc", "p1", "p2"),
)
_closed_form(
    "chebyshev-max", "Chebyshev with σ_max", "Agarwal et al. 2005, Eq. 11, 14", "distribution-free",
    "{A : |Â − A| ≤ sqrt(A(1−A)/min(m, n))/√δ} (the worst case A = ½ without Â)",
    _score(_root_smaller, chebyshev_factor), any_kernel=True,
)
_closed_form(
    "normal-max", "normal approximation with σ_max", "Agarwal et al. 2005, Eq. 13, 14", "asymptotic",
    "{A : |Â − A| ≤ Φ⁻¹(1−δ/2)·sqrt(A(1−A)/min(m, n))}",
    _score(_root_smaller, normal_factor), any_kernel=True,
)
_closed_form(
    "chebyshev-min", "Chebyshev with σ_min", "Agarwal et al. 2005, Eq. 11, 15", "best-case",
    "the same with the smallest variance A(1−A)/(mn): a lower limit, not a confidence interval",
    _score(_root_product, chebyshev_factor),
)
_closed_form(
    "normal-min", "normal approximation with σ_min", "Agarwal et al. 2005, Eq. 13, 15", "best-case",
    "the normal form with σ_min: a lower limit, not a confidence interval",
    _score(_root_product, normal_factor),
)
_closed_form(
    "chebyshev-lehmann", "Chebyshev with Lehmann's variance", "Agarwal et al. 2005, Eq. 7, 11", "plug-in",
    "ε = σ/√δ with Lehmann's σ² at the given A, p1, p2",
    _symmetric(lambda X, m, n, ld, est: chebyshev_width(X, _lehmann_sigma(X, m, n, est), ld)),
    needs=("auc", "p1", "p2"),
)
_closed_form(
    "normal-lehmann", "normal approximation with Lehmann's variance", "Agarwal et al. 2005, Eq. 7, 13", "asymptotic",
    "ε = Φ⁻¹(1−δ/2)·σ with Lehmann's σ² at the given A, p1, p2",
    _symmetric(lambda X, m, n, ld, est: _lehmann_sigma(X, m, n, est) * normal_factor(X, ld)),
    needs=("auc", "p1", "p2"),
)
_closed_form(
    "hanley-mcneil", "Hanley–McNeil", "Hanley & McNeil 1982", "asymptotic",
    "ε = Φ⁻¹(1−δ/2)·σ with Lehmann's σ² at p1 = A/(2−A), p2 = 2A²/(1+A)",
    _symmetric(lambda X, m, n, ld, est: _hanley_mcneil_sigma(X, m, n, est) * normal_factor(X, ld)),
    needs=("auc",),
)
_closed_form(
    "newcombe", "Newcombe's score method 5", "Newcombe 2006, method 5", "asymptotic",
    "{θ : (Â − θ)² ≤ z²·V(θ)}, V Hanley–McNeil's variance with m − 1, n − 1 → (m + n)/2 − 1",
    (_newcombe_ends, _newcombe_meets), needs=("auc",),
)
_closed_form(
    "delong", "DeLong, Wald", "DeLong et al. 1988", "asymptotic",
    "Â ± Φ⁻¹(1−δ/2)·sqrt(Var), Var DeLong's variance estimate",
    (_wald(False), None), needs=("auc", "variance"), any_kernel=True,
)
_closed_form(
    "delong-logit", "DeLong on the logit scale", "DeLong et al. 1988; logit scale", "asymptotic",
    "the same on the logit scale, mapped back: stays inside (0, 1)",
    (_wald(True), None), needs=("auc", "variance"),
)


def method(key: str, parameter: str = "method") -> Method:
    """The registered method `key`, or an error naming `parameter` and listing the keys."""
    return METHODS[v.choice(parameter, key, METHODS)]


def method_keys(methods, default, *, allowed=None, why: str = "") -> list[str]:
    """The keys of `methods` (a sequence of keys), each once and in order, or `default` for None.

    Each key must be registered and, with `allowed`, one of those (`why` says why the others
    are not). A bare string and an empty sequence are refused, naming ``methods``.
    """
    if methods is None:
        return list(default)
    if isinstance(methods, str):
        raise v.ParameterTypeError("methods", "a sequence of method keys such as ['delong']", v.show(methods))
    keys = list(dict.fromkeys(method(key, "methods").key for key in methods))
    if not keys:
        raise v.fail("methods", "at least one method (or None for the default table)", [])
    for key in keys:
        if allowed is not None and key not in allowed:
            raise v.fail("methods", f"one of {', '.join(map(repr, allowed))}{why}", key)
    return keys
