r"""The registry of ranking losses and the condition of Thm 2 (Uematsu & Lee 2011, §3, Thm 2, Remark 1–2).

A ranking loss charges l(f(x) − f(x′)) to a pair of a positive x and a negative x′. The
paper takes l non-negative, non-increasing and convex, with l′(0) < 0 (Thm 3). The registry
:data:`LOSSES` is the one place a loss is defined: the optimal scores of
:mod:`aucbound.optimal`, the pairwise risks and the boosting of :mod:`aucbound.learn` and
the loss comparison of :mod:`aucbound.experiments` all read it.

=================  ===========================  ======  ==========  ==============================
key                l(s)                         α       learner     literature
=================  ===========================  ======  ==========  ==============================
'exponential'      exp(−s)                      ½       RankBoost   Freund et al. 2003
'logistic'         log(1 + exp(−s))             1       LogitBoost  binomial deviance, RankNet
'hinge'            max(0, 1 − s)                —       HingeBoost  RankSVM; not differentiable at 1
'squared-hinge'    max(0, 1 − s)²               —       —           Thm 3 (i) applies (Remark 2)
=================  ===========================  ======  ==========  ==============================

Each :class:`Loss` carries its value, its derivative and (for the built-in ones) its second
derivative, all vectorized over numpy arrays and stable for large |s|: the logistic loss
is ``logaddexp(0, −s)``, its derivative −σ(−s) and its second derivative σ(s)·σ(−s), both
from one e^{−|s|}; exp(−s) is +inf past s ≈ −709. The hinge loss's "derivative" is a
subgradient: −1 for s < 1 and 0 from 1 on. ``alpha`` is Thm 2's calibration α (None where
Thm 2 does not apply) and ``learner`` the name Uematsu & Lee (2011, §5) give the boosting
algorithm of the loss.

**Thm 2.** If l is differentiable, l′ < 0 everywhere and G(s) = l′(−s)/l′(s) = exp(s/α) for
one α > 0, the best ranking function is f* = α·log(g+/g−) + β. :func:`calibration_alpha`
checks this on a grid of s: G(s) = e^{2s} for the exponential loss (α = ½) and
G(s) = (1 + e^s)/(1 + e^{−s}) = e^s for the logistic loss (α = 1). The hinge loss is not
differentiable at 1 and the squared hinge has l′ = 0 from s = 1 on, so Thm 2 does not apply
to either (Thm 3–5 describe what they do instead).

**The smoothed hinge** :func:`smoothed_hinge` (Huber's smoothing of the kink, as in
Nesterov 2005): l_μ(s) = 1 − s − μ/2 for s ≤ 1 − μ, (1 − s)²/(2μ) between, 0 from s = 1
on; l_μ ≤ l ≤ l_μ + μ/2, and l_μ has a derivative −min(1, (1 − s)₊/μ) that is continuous.
Hinge boosting minimises it with μ → 0 (:func:`aucbound.learn.pairwise_boost`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from .. import _validate as v
from ._results import Calibration

__all__ = ["Loss", "LOSSES", "get_loss", "calibration_alpha", "smoothed_hinge"]


#: Where a loss's assumptions are checked: s in [−8, 8].
_GRID = np.linspace(-8.0, 8.0, 321)
_GRID.setflags(write=False)


def _exp_value(s):
    with np.errstate(over="ignore"):
        return np.exp(-np.asarray(s, dtype=np.float64))


def _logistic_value(s):
    return np.logaddexp(0.0, -np.asarray(s, dtype=np.float64))


def _logistic_derivative(s):
    """−σ(−s) = −1/(1 + e^s), from e = e^{−|s|}: e/(1 + e) for s ≥ 0, 1/(1 + e) below (no overflow)."""
    s = np.asarray(s, dtype=np.float64)
    e = np.exp(-np.abs(s))
    return -np.where(s >= 0, e / (1.0 + e), 1.0 / (1.0 + e))


def _logistic_second(s):
    """σ(s)·σ(−s) = e/(1 + e)² with e = e^{−|s|}."""
    e = np.exp(-np.abs(np.asarray(s, dtype=np.float64)))
    return e / (1.0 + e) ** 2


def _logistic_slopes(s):
    """(l′(s), l″(s)) of the logistic loss from one e^{−|s|} (the line search's inner loop)."""
    s = np.asarray(s, dtype=np.float64)
    e = np.exp(-np.abs(s))
    q = 1.0 / (1.0 + e)
    return -np.where(s >= 0, e * q, q), e * q * q


def _hinge_value(s):
    return np.maximum(0.0, 1.0 - np.asarray(s, dtype=np.float64))


def _hinge_derivative(s):
    return np.where(np.asarray(s, dtype=np.float64) < 1.0, -1.0, 0.0)


def _squared_hinge_value(s):
    return np.maximum(0.0, 1.0 - np.asarray(s, dtype=np.float64)) ** 2


def _squared_hinge_derivative(s):
    return -2.0 * np.maximum(0.0, 1.0 - np.asarray(s, dtype=np.float64))


def _squared_hinge_second(s):
    return np.where(np.asarray(s, dtype=np.float64) < 1.0, 2.0, 0.0)


@dataclass(frozen=True)
class Loss:
    """A ranking loss l with its derivative: ``loss.value(s)`` and ``loss.derivative(s)``, elementwise.

    ``second`` is l″ (None when not given: a minimizer then differentiates l′ numerically),
    ``derivatives`` optionally both at once (see :meth:`slopes`);
    ``differentiable`` is False only for the hinge loss, whose ``derivative`` is a subgradient.
    ``alpha`` is Thm 2's α — the optimal score is α·log(g+/g−) — or None where Thm 2 does
    not apply; ``learner`` is Uematsu & Lee's (2011, §5) name for boosting under the loss
    (None if they boost none). ``loss(s)`` is ``loss.value(s)``.

    >>> exponential = LOSSES["exponential"]
    >>> float(exponential(0.0)), float(exponential.derivative(0.0)), exponential.alpha, exponential.learner
    (1.0, -1.0, 0.5, 'RankBoost')
    """

    name: str
    value: object = field(repr=False)
    derivative: object = field(repr=False)
    second: object = field(default=None, repr=False)
    differentiable: bool = True
    formula: str = ""
    alpha: float | None = None
    learner: str | None = None
    derivatives: object = field(default=None, repr=False)

    def __call__(self, s):
        return self.value(s)

    def curvature(self, s):
        """l″(s): ``second``, or central differences of l′ with step 10⁻⁵·(1 + |s|) where it is not given."""
        if self.second is not None:
            return self.second(s)
        s = np.asarray(s, dtype=np.float64)
        step = 1e-5 * (1.0 + np.abs(s))
        return (self.derivative(s + step) - self.derivative(s - step)) / (2 * step)

    def slopes(self, s):
        """(l′(s), l″(s)) together: from ``derivatives`` when the loss has it (one pass for both)."""
        if self.derivatives is not None:
            return self.derivatives(s)
        return self.derivative(s), self.curvature(s)

    @classmethod
    def custom(cls, value, derivative, *, name: str = "custom", second=None) -> "Loss":
        """A user's loss from callables l(s) and l′(s) (and optionally l″), after checking the paper's assumptions.

        Both must take a float array and return one of the same shape. On a grid of s in
        [−8, 8] l must be finite and ≥ 0, l′ finite, ≤ 0 (l non-increasing), non-decreasing
        (l convex) and agree with difference quotients of l; and l′(0) < 0 (Thm 3). A broken
        assumption is a ``ValueError`` naming `value` or `derivative`.

        >>> cube = Loss.custom(lambda s: np.exp(-s / 3), lambda s: -np.exp(-s / 3) / 3, name="exp(-s/3)")
        >>> calibration_alpha(cube).alpha
        1.5
        """
        if not isinstance(name, str) or not name:
            raise v.ParameterTypeError("name", "a non-empty string", v.show(name))
        for parameter, function in (("value", value), ("derivative", derivative)):
            if not callable(function):
                raise v.ParameterTypeError(parameter, "a callable of s", v.show(function))
        if second is not None and not callable(second):
            raise v.ParameterTypeError("second", "a callable of s or None", v.show(second))
        grid = _GRID
        values = _evaluate("value", value, grid)
        slopes = _evaluate("derivative", derivative, grid)
        _first_bad("value", values >= 0, "be ≥ 0 (a loss is non-negative)", "l", grid, values)
        _first_bad("derivative", slopes <= 0, "be ≤ 0 everywhere (l non-increasing)", "l′", grid, slopes)
        slope_at_zero = float(_evaluate("derivative", derivative, np.zeros(1))[0])
        if not slope_at_zero < 0:
            raise v.ParameterError("derivative", "be negative at 0 (l′(0) < 0, Thm 3)", f"l′(0) = {slope_at_zero!r}",
                                   verb="")
        scale = np.maximum(1.0, np.abs(slopes))
        rising = np.diff(slopes) >= -1e-9 * scale[1:]
        _first_bad("derivative", np.append(rising, True), "be non-decreasing (l convex)", "l′", grid, slopes)
        step = 1e-4
        quotient = (_evaluate("value", value, grid + step) - _evaluate("value", value, grid - step)) / (2 * step)
        middle = 0.5 * (_evaluate("derivative", derivative, grid + step) + _evaluate("derivative", derivative, grid - step))
        agree = np.abs(quotient - middle) <= 1e-4 * np.maximum(1.0, np.abs(middle))
        _first_bad("derivative", agree, "be the derivative of `value`", "l′", grid, slopes)
        loss = cls(name, value, derivative, second, True, "custom")
        return replace(loss, alpha=calibration_alpha(loss).alpha)


def _evaluate(parameter: str, function, grid: np.ndarray) -> np.ndarray:
    try:
        with np.errstate(over="ignore"):
            result = np.asarray(function(grid.copy()), dtype=np.float64)
    except (TypeError, ValueError, ArithmeticError) as error:
        raise v.ParameterError(parameter, "accept a float array of s", f"an error: {error}", verb="") from None
    if result.shape != grid.shape:
        raise v.ParameterError(parameter, f"return an array of the shape of s {grid.shape}", f"shape {result.shape}",
                               verb="")
    bad = ~np.isfinite(result)
    if bad.any():
        point = float(grid[np.argmax(bad)])
        raise v.ParameterError(parameter, "be finite for s in [−8, 8]", f"{result[np.argmax(bad)]!r} at s = {point!r}")
    return result


def _first_bad(parameter: str, ok: np.ndarray, rule: str, symbol: str, grid, values) -> None:
    if not ok.all():
        at = int(np.argmin(ok))
        raise v.ParameterError(parameter, rule, f"{symbol}({float(grid[at])!r}) = {float(values[at])!r}", verb="")


#: The built-in losses by key: the one registry every module of aucbound reads.
LOSSES: dict[str, Loss] = {
    "exponential": Loss("exponential", _exp_value, lambda s: -_exp_value(s), _exp_value, True, "exp(−s)", 0.5,
                        "RankBoost"),
    "logistic": Loss("logistic", _logistic_value, _logistic_derivative, _logistic_second, True, "log(1 + exp(−s))", 1.0,
                     "LogitBoost", _logistic_slopes),
    "hinge": Loss("hinge", _hinge_value, _hinge_derivative, None, False, "max(0, 1 − s)", None, "HingeBoost"),
    "squared-hinge": Loss("squared-hinge", _squared_hinge_value, _squared_hinge_derivative, _squared_hinge_second,
                          True, "max(0, 1 − s)²"),
}


def smoothed_hinge(mu: float) -> Loss:
    """The hinge loss with its kink smoothed over [1 − μ, 1] (Huber; Nesterov 2005), 0 < μ ≤ 1.

    l_μ(s) = 1 − s − μ/2 for s ≤ 1 − μ, (1 − s)²/(2μ) on (1 − μ, 1), 0 from 1 on: convex,
    with a continuous derivative, and l_μ ≤ max(0, 1 − s) ≤ l_μ + μ/2.

    >>> loss = smoothed_hinge(0.5)
    >>> loss.value(np.array([0.0, 0.75, 1.0])).tolist(), loss.derivative(np.array([0.0, 0.75, 1.0])).tolist()
    ([0.75, 0.0625, 0.0], [-1.0, -0.5, 0.0])
    """
    mu = v.real("mu", mu, scalar=True)
    if not 0.0 < mu <= 1.0:
        raise v.fail("mu", "in (0, 1]", mu)

    def value(s):
        gap = 1.0 - np.asarray(s, dtype=np.float64)
        return np.where(gap >= mu, gap - 0.5 * mu, np.maximum(gap, 0.0) ** 2 / (2.0 * mu))

    def derivative(s):
        return 0.0 - np.clip((1.0 - np.asarray(s, dtype=np.float64)) / mu, 0.0, 1.0)

    def second(s):
        gap = 1.0 - np.asarray(s, dtype=np.float64)
        return np.where((gap > 0.0) & (gap < mu), 1.0 / mu, 0.0)

    return Loss(f"hinge smoothed over μ = {mu:g}", value, derivative, second, True,
                "1 − s − μ/2, (1 − s)²/(2μ) or 0", None, None)


def get_loss(loss) -> Loss:
    """The :class:`Loss` for a key of :data:`LOSSES` (or `loss` itself if it is a Loss).

    >>> get_loss("logistic").formula
    'log(1 + exp(−s))'
    """
    if isinstance(loss, Loss):
        return loss
    return LOSSES[v.choice("loss", loss, LOSSES)]


#: Where Thm 2's ratio is checked: s in (0, 8].
_CALIBRATION_GRID = np.linspace(0.05, 8.0, 160)
_CALIBRATION_GRID.setflags(write=False)


def calibration_alpha(loss, *, rtol: float = 1e-6) -> Calibration:
    """Whether Thm 2 applies to `loss` — l′(−s)/l′(s) = exp(s/α) — with α, or the reason it does not.

    α is read off the smallest s of the grid as s/ln G(s), and G(s) must equal exp(s/α)
    within relative `rtol` in ln G at every s of the grid (0.05 to 8). l′ must be negative
    on [−8, 8] and the loss differentiable.

    >>> calibration_alpha("exponential").alpha, calibration_alpha("logistic").alpha
    (0.5, 1.0)
    >>> calibration_alpha("squared-hinge").reason
    'l′(s) = 0 at s = 1.0: Thm 2 needs l′ < 0 everywhere.'
    """
    loss = get_loss(loss)
    rtol = v.probability("rtol", rtol, scalar=True)
    if not loss.differentiable:
        return Calibration(loss.name, False, None, "l is not differentiable at s = 1: Thm 2 needs a differentiable loss.")
    slopes = np.asarray(loss.derivative(_GRID), dtype=np.float64)
    if not (slopes < 0).all():
        at = float(_GRID[np.argmin(slopes < 0)])
        return Calibration(loss.name, False, None, f"l′(s) = 0 at s = {at!r}: Thm 2 needs l′ < 0 everywhere.")
    s = _CALIBRATION_GRID
    with np.errstate(over="ignore", divide="ignore"):
        log_ratio = np.log(np.asarray(loss.derivative(-s), dtype=np.float64) / np.asarray(loss.derivative(s)))
    if not (np.isfinite(log_ratio).all() and (log_ratio > 0).all()):
        at = float(s[np.argmin(np.isfinite(log_ratio) & (log_ratio > 0))])
        return Calibration(loss.name, False, None,
                           f"l′(−s)/l′(s) is not above 1 at s = {at!r}: no α > 0 gives exp(s/α) there.")
    alpha = float(s[0] / log_ratio[0])
    gap = np.abs(log_ratio - s / alpha) / (s / alpha)
    if gap.max() > rtol:
        at = float(s[int(np.argmax(gap))])
        implied = float(at / log_ratio[int(np.argmax(gap))])
        return Calibration(loss.name, False, None,
                           f"l′(−s)/l′(s) is not exp(s/α): s/ln(l′(−s)/l′(s)) is {alpha:.6g} at s = {float(s[0])!r} "
                           f"but {implied:.6g} at s = {at!r}.")
    rounded = round(alpha, 9)
    if abs(rounded - alpha) <= rtol * alpha:
        alpha = rounded
    return Calibration(loss.name, True, alpha, f"l′(−s)/l′(s) = exp(s/{alpha:g}) on s in (0, 8].")
