r"""Optimal K-step ranking functions under the hinge loss in the normal setting (Uematsu & Lee 2011, §5.1.1–5.1.2).

**Setting.** Positives X ~ N(μ, 1), negatives X' ~ N(−μ, 1); the paper takes μ = 1, here
μ = ``separation``/2. The likelihood ratio is exp(2μx), so every optimal ranking function
is non-decreasing in x, and by Thm 5 the hinge loss l(s) = (1 − s)_+ has integer-valued
minimizers with unit steps. A K-step function is

    f(x) = Σ_{i=1}^{K+1} i · I(a_{i−1} < x ≤ a_i),   a_0 = −∞ < a_1 < … < a_K < a_{K+1} = +∞.

**Hinge risk** (Eq. 6 with A_i = (a_{i−1}, a_i], G± the cdfs of X and X'):

    R(a) = E(1 − (f(X) − f(X')))_+ = Σ_{i=1}^{K+1} G+(a_i)(1 − G−(a_{i−1}))
         = Σ_{i=1}^{K+1} Φ(a_i − μ) · Φ(−a_{i−1} − μ).

**Eq. 7–8.** ∂R/∂a_i = φ(a_i − μ)Φ(−a_{i−1} − μ) − φ(a_i + μ)Φ(a_{i+1} − μ) = 0, and
φ(a − μ)/φ(a + μ) = exp(2μa), so

    exp(−μ a_i) Φ(a_{i+1} − μ) = exp(μ a_i) (1 − Φ(a_{i−1} + μ)),   i = 1, …, K,

which at μ = 1 is the paper's Eq. 8. It is solved in log form,
F_i(a) = 2μ a_i + ln Φ(−a_{i−1} − μ) − ln Φ(a_{i+1} − μ) = 0 (``scipy.special.log_ndtr``),
by Newton's method on the tridiagonal system, started from the solution for K − 2 with
one outer jump added on each side (a_K ≈ −ln Φ(−a_{K−1} − μ)/(2μ), the last equation with
Φ(a_{K+1} − μ) = 1). The solutions are symmetric, a_i = −a_{K+1−i} (the paper's induction),
so a_{m+1} = 0 for odd K = 2m + 1; K = 1 gives a_1 = 0 and K = 3 gives
a_1 = ln Φ(−μ)/(2μ) (= ½ ln Φ(−1) = −0.920511 at μ = 1).

**Where double precision stops.** The jumps grow roughly like a_{i+1} ≈ (a_i + μ)²/(4μ) far
out (at μ = 1 the outer jump is 9038 at K = 17, 2.0·10^7 at K = 18 and 1.9·10^54 at
K = 25), and the terms of F grow with them, so a float solution can satisfy |F_i| ≤ 1e-12
only while the jumps are small: evaluated in mpmath, the float solutions at μ = 1 reach
it for K ≤ 15 (1.6e-14) and not from K = 16 on (1.3e-12, outer jump 940).
Wherever the float residual exceeds 1e-12 the system is solved again in mpmath (inside
``mp.workdps``, with 25 digits more than the largest term has), with the normal tails from
:mod:`aucbound._normal`; ``jumps_text`` keeps those digits.

**A stationary point is not automatically the minimum.** Eq. 8 is a first-order condition.
Besides the symmetric solution, a lopsided one is solved for each K: the symmetric solution
for K − 1 with one more jump far out on the right, polished by Newton's method. For even
K ≥ 8 (at μ = 1) the lopsided solution has the lower risk — 0.1945890921 against
0.1945899234 at K = 8 — so the paper's symmetric solution is not the minimum there (at
K = 8 it is a saddle point; by the reflection x → −x the mirror image of the lopsided one is
a minimum too); for K ≤ 7 and every odd K the symmetric solution is the minimum. In the
limit the even K give the same risk as the odd ones; the even symmetric sequence keeps a
risk 8.4e-7 higher. Which K are lopsided depends on μ (at separation 1: odd K from 5).

:func:`optimal_steps` also minimizes R directly over all K-step functions (ordered jumps,
parametrized by a_1 and the logarithms of the gaps) by L-BFGS-B from random starting
points, and returns the search's minimizer, polished by Newton's method, if it is lower
than both stationary points (``origin`` says which was returned). Jumps whose tail
probabilities are below 1e-16 do not change R in double precision, so for large K that
search pins down the inner jumps only; the outer ones are fixed by Eq. 8 in mpmath.

**1 − AUC** (§5.1.2, ties counted ½):

    Σ_i P(a_{i−1} < X ≤ a_i){P(X' > a_i) + ½ P(a_{i−1} < X' ≤ a_i)}
    = 1 − ½ Σ_{i=1}^{K+1} {Φ(a_i − μ) − Φ(a_{i−1} − μ)}{Φ(a_i + μ) + Φ(a_{i−1} + μ)}.

Compared with the Bayes ranking risk P(X < X') = Φ(−√2 μ) (Φ(−√2) = 0.0786496 at μ = 1),
the hinge loss leaves an excess of about 0.0104 (§5.1.2): ranking by the hinge loss is not
consistent.

**The limiting sequence** (§5.1.1, Figures 5–6). Given a_{i−1} and a_i, Eq. 8 for i gives
a_{i+1} = μ + Φ⁻¹(exp(2μ a_i) Φ(−a_{i−1} − μ)). Starting on the line y = −x (even K:
a_m = −t, a_{m+1} = t) or on the y-axis (odd K: a_{m+1} = 0, a_{m+2} = t), a t too large
makes the argument of Φ⁻¹ reach 1 (the sequence ends), a t too small makes it turn down;
bisection between the two gives the limit: 0.37537 (even) and 0.75893 (odd) at μ = 1.
The feasible region of (a_{i−1}, a_i) (Figure 5) is where the paper's four inequalities
hold: exp(2μa_i)Φ(−a_{i−1} − μ) ≤ 1, exp(−2μa_{i−1})Φ(a_i − μ) ≤ 1,
Φ(a_i − μ) < exp(2μa_i)Φ(−a_{i−1} − μ) and exp(2μa_{i−1})Φ(−a_{i−1} − μ) < Φ(a_i − μ).

**Table 1 of the paper** differs from these solutions in four printed entries (the outer
jump of K = 7, 9, 10 and 11: 2.6756, 4.5196, 6.1511, 7.0139 against 2.6760, 4.5202,
6.1645, 8.9471); at the printed values Eq. 8 fails by 7e-4 to 4 in log form, while the
values here satisfy it to 1e-12, and the direct minimization agrees with them. The outer
jumps move the risk only in the eighth digit and beyond, which may be why the paper's
solver left them unconverged.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from .. import _normal
from .. import _validate as v
from .._threads import one_blas_thread
from ._results import HingeExcessRisk, LimitingJumps, OptimalSteps
from ._bayes import distance_risk, finite

__all__ = [
    "MAX_STEPS",
    "MAX_SEARCHES",
    "optimal_steps",
    "step_table",
    "step_hinge_risk",
    "step_auc_loss",
    "step_residual",
    "limiting_jumps",
    "hinge_excess_risk",
    "normal_bayes_risk",
    "feasible_region",
    "jump_progression",
    "step_risk_curve",
]

#: The largest number of steps solved (the outer jump is about 1.9·10^54 at K = 25, μ = 1).
MAX_STEPS = 25
#: The separations 2μ at which every K ≤ MAX_STEPS is solved, stationary and confirmed by the direct
#: search (checked on a grid; below 1 the continuation fails to converge for K near 25).
MIN_SEPARATION, MAX_SEPARATION = 1.0, 50.0
#: The largest separation of the limiting sequence (jump_progression, limiting_jumps).
MAX_RECURSION_SEPARATION = 10.0
#: Eq. 8 in log form must hold to this for a solution to count as stationary.
RESIDUAL_TOLERANCE = 1e-12
#: A direct search must beat the stationary risk by more than this to count.
RISK_TOLERANCE = 1e-13
#: The most direct minimizations one call runs: `starts` for one K, values of K × `starts` for a table.
#: Each is an L-BFGS-B run of 1–30 ms (from about 20 ms at K ≥ 12 on a busy two-core machine), so a
#: call stays within about a minute.
MAX_SEARCHES = 2000


def _starts(starts, count: int = 1, what: str = "K") -> int:
    """`starts` checked against :data:`MAX_SEARCHES` for `count` distinct values of K (named `what`)."""
    if count <= 1:
        return v.count("starts", starts, minimum=1, maximum=MAX_SEARCHES)
    most = MAX_SEARCHES // count
    try:
        return v.count("starts", starts, minimum=1, maximum=most)
    except v.ParameterError:
        rule = (f"an integer from 1 to {most} for {count} values of {{{what}}} (at most {MAX_SEARCHES:,} direct "
                "minimizations in all)")
        raise v.ParameterError("starts", rule, v.show(starts), others=(what,)) from None


def _iv(K, separation):
    K = v.count("K", K, minimum=1, maximum=MAX_STEPS)
    separation = v.real("separation", separation, scalar=True)
    if not MIN_SEPARATION <= separation <= MAX_SEPARATION:
        raise v.fail("separation", f"from {MIN_SEPARATION:g} to {MAX_SEPARATION:g} (where every K ≤ {MAX_STEPS} is "
                     "solved and checked)", separation)
    return K, separation


# -- Eq. 8 in double precision -------------------------------------------------------------


def _log_pdf(x):
    """ln φ(x) elementwise."""
    return -0.5 * x * x - _normal._LOG_SQRT_2PI


def _hazard(x):
    """φ(x)/Φ(x) elementwise, from logs (no overflow in the lower tail)."""
    from scipy import special
    with np.errstate(over="ignore", under="ignore"):
        return np.exp(_log_pdf(x) - special.log_ndtr(x))


def _residual_float(a, mu):
    from scipy import special
    ext = np.concatenate([[-np.inf], a, [np.inf]])
    return 2 * mu * a + special.log_ndtr(-ext[:-2] - mu) - special.log_ndtr(ext[2:] - mu)


def _jacobian_float(a, mu):
    K = len(a)
    jac = np.diag(np.full(K, 2 * mu))
    if K > 1:
        jac[np.arange(1, K), np.arange(K - 1)] = -_hazard(-a[:-1] - mu)
        jac[np.arange(K - 1), np.arange(1, K)] = -_hazard(a[1:] - mu)
    return jac


def _newton_float(a, mu):
    """Damped Newton on F(a) = 0 in floats; the iterate, or None where it breaks down."""
    a = np.array(a, dtype=np.float64)
    if not np.all(np.isfinite(a)):
        return None
    norm = np.max(np.abs(_residual_float(a, mu)))
    for _ in range(100):
        try:
            step = np.linalg.solve(_jacobian_float(a, mu), -_residual_float(a, mu))
        except np.linalg.LinAlgError:
            return None
        if not np.all(np.isfinite(step)):
            return None
        scale = 1.0
        while scale > 1e-6:
            trial = a + scale * step
            if np.all(np.diff(trial) > 0):
                trial_norm = np.max(np.abs(_residual_float(trial, mu)))
                if np.isfinite(trial_norm) and trial_norm <= norm:
                    break
            scale /= 2
        else:
            return a
        a, norm = trial, trial_norm
        if np.max(np.abs(scale * step)) <= 1e-15 * max(1.0, np.max(np.abs(a))):
            break
    return a


# -- Eq. 8 in mpmath -------------------------------------------------------------------------


def _mp_log_cdf(mp, y):
    """(ln Φ(y), φ(y)/Φ(y)) in mpmath, in either tail."""
    if y < 0:
        log_tail, ratio = _normal._log_tail(mp, -y)
        return log_tail, 1 / ratio
    log_tail, ratio = _normal._log_tail(mp, y)  # Φ(−y) and Φ(−y)/φ(y)
    tail = mp.exp(log_tail)
    return mp.log1p(-tail), tail / ratio / (1 - tail)


def _mp_system(mp, a, mu):
    """F(a) and the three diagonals of its Jacobian, in mpmath."""
    K = len(a)
    a = [mp.mpf(x) for x in a]
    F, lower, upper = [], [mp.zero] * K, [mp.zero] * K
    for i in range(K):
        left, left_hazard = _mp_log_cdf(mp, -a[i - 1] - mu) if i > 0 else (mp.zero, mp.zero)
        right, right_hazard = _mp_log_cdf(mp, a[i + 1] - mu) if i < K - 1 else (mp.zero, mp.zero)
        F.append(2 * mu * a[i] + left - right)
        lower[i], upper[i] = -left_hazard, -right_hazard
    return F, lower, upper


def _thomas(mp, lower, diagonal, upper, rhs):
    """The solution of a tridiagonal system (lower[0] and upper[−1] unused)."""
    K = len(rhs)
    c, d = [mp.zero] * K, [mp.zero] * K
    for i in range(K):
        denominator = diagonal - (lower[i] * c[i - 1] if i else 0)
        c[i] = upper[i] / denominator
        d[i] = (rhs[i] - (lower[i] * d[i - 1] if i else 0)) / denominator
    x = [mp.zero] * K
    for i in range(K - 1, -1, -1):
        x[i] = d[i] - (c[i] * x[i + 1] if i < K - 1 else 0)
    return x


def _newton_mp(mp, a, mu):
    mu = mp.mpf(mu)
    a = [mp.mpf(value) for value in a]
    F, lower, upper = _mp_system(mp, a, mu)
    norm = max(abs(value) for value in F)
    tolerance = mp.mpf(10) ** (-mp.dps + 5)
    for _ in range(200):
        step = _thomas(mp, lower, 2 * mu, upper, [-value for value in F])
        scale = mp.one
        while scale > mp.mpf(1e-6):
            trial = [x + scale * s for x, s in zip(a, step)]
            if all(trial[i] < trial[i + 1] for i in range(len(a) - 1)):
                F_trial, lower_trial, upper_trial = _mp_system(mp, trial, mu)
                trial_norm = max(abs(value) for value in F_trial)
                if trial_norm <= norm:
                    break
            scale /= 2
        else:
            break
        a, F, lower, upper, norm = trial, F_trial, lower_trial, upper_trial, trial_norm
        if max(abs(scale * s) for s in step) <= tolerance * max(1, max(abs(x) for x in a)):
            break
    return a, norm


# -- solving for K ----------------------------------------------------------------------------


def _outer_jump(last: str, mu: float, mp):
    """−ln Φ(−a − μ)/(2μ): the next jump out from `last` (Eq. 8 at the last index)."""
    return -_mp_log_cdf(mp, -mp.mpf(last) - mu)[0] / (2 * mu)


def _two_steps(mu: float) -> float:
    """t with a_1 = −t, a_2 = t solving Eq. 8 for K = 2: exp(−2μt) = Φ(t − μ)."""
    from scipy import optimize, special
    upper = (1 - special.log_ndtr(-mu)) / (2 * mu)
    return optimize.brentq(lambda t: -2 * mu * t - special.log_ndtr(t - mu), 0.0, upper, xtol=1e-300, rtol=1e-15)


def _polish(guess_text, mu: float, symmetric: bool):
    """Newton's method on Eq. 8 from `guess_text`: (jumps as decimal strings, precision, largest |F_i|),
    in floats where that reaches 1e-12, else in mpmath; None where neither converges to an ordered solution."""
    import mpmath

    guess = np.array([float(x) for x in guess_text])
    if np.all(np.isfinite(guess)) and np.max(np.abs(guess)) < 1e12:
        a = _newton_float(guess, mu)
        if a is not None:
            if symmetric:
                a = 0.5 * (a - a[::-1])  # symmetric to the last bit
            text = _text(a)
            with mpmath.workdps(40):  # log_ndtr's own rounding is not the residual's
                residual = float(max(abs(f) for f in _mp_system(mpmath.mp, text, mpmath.mpf(mu))[0]))
            if residual <= RESIDUAL_TOLERANCE:
                return text, "double", residual
    with mpmath.workdps(40):
        largest = max(abs(mpmath.mpf(x)) for x in guess_text)
        digits = 25 + int(mpmath.ceil(mpmath.log10(1 + (2 * mu + 1) * largest)))
    with mpmath.workdps(digits):
        a, norm = _newton_mp(mpmath.mp, guess_text, mu)
        if symmetric:
            a = [(x - y) / 2 for x, y in zip(a, reversed(a))]
        residual = max(abs(value) for value in _mp_system(mpmath.mp, a, mpmath.mpf(mu))[0])
        return tuple(mpmath.nstr(x, digits - 5) for x in a), f"mpmath, {digits} digits", float(residual)


@functools.lru_cache(maxsize=256)
def _symmetric(K: int, mu: float):
    """The symmetric stationary point a_i = −a_{K+1−i} (the paper's solution), by continuation from K − 2."""
    import mpmath

    if K == 1:
        return ("0.0",), "double", 0.0
    if K == 2:
        t = _two_steps(mu)
        return _polish((repr(-t), repr(t)), mu, True)
    inner = _symmetric(K - 2, mu)[0]
    with mpmath.workdps(40):
        outer = _outer_jump(inner[-1], mu, mpmath.mp)
        guess = (mpmath.nstr(-outer, 40),) + inner + (mpmath.nstr(outer, 40),)
    return _polish(guess, mu, True)


@functools.lru_cache(maxsize=256)
def _lopsided(K: int, mu: float):
    """The stationary point near the symmetric one for K − 1 with one more jump far out on the right."""
    import mpmath

    inner = _symmetric(K - 1, mu)[0]
    with mpmath.workdps(40):
        guess = inner + (mpmath.nstr(_outer_jump(inner[-1], mu, mpmath.mp), 40),)
    return _polish(guess, mu, False)


# -- risks ------------------------------------------------------------------------------------


def _jumps(jumps, separation) -> tuple[np.ndarray, float]:
    """(the jumps as a float array, μ = separation/2), both checked."""
    array = v.real("jumps", jumps)
    if array.ndim != 1 or array.size < 1:
        raise v.fail("jumps", "a non-empty sequence of numbers", jumps)
    v.check("jumps", np.isfinite(array), "finite", array)
    if np.any(np.diff(array) <= 0):
        raise v.fail("jumps", "strictly increasing", jumps)
    return array, v.positive("separation", separation, scalar=True) / 2


def _text(jumps: np.ndarray) -> tuple[str, ...]:
    """Float jumps as the decimal strings the mpmath routines take."""
    return tuple(repr(float(x)) for x in jumps)


@functools.lru_cache(maxsize=1024)
def _mp_risks(jumps_text: tuple, mu: float):
    """(hinge risk, 1 − AUC) at the given jumps, in mpmath at 40 digits (correctly rounded floats)."""
    import mpmath

    with mpmath.workdps(40):
        mp = mpmath.mp
        mu = mp.mpf(mu)
        a = [mp.mpf(x) for x in jumps_text]

        def cdf(y):
            return mp.exp(_mp_log_cdf(mp, y)[0])

        upper = [cdf(x - mu) for x in a] + [mp.one]  # Φ(a_i − μ), i = 1..K+1
        lower = [mp.one] + [cdf(-x - mu) for x in a]  # Φ(−a_{i−1} − μ), i = 1..K+1
        hinge = mp.fsum(u * l for u, l in zip(upper, lower))
        shifted = [mp.zero] + [cdf(x + mu) for x in a] + [mp.one]  # Φ(a_i + μ), i = 0..K+1
        upper = [mp.zero] + upper  # Φ(a_i − μ), i = 0..K+1
        auc_loss = 1 - mp.fsum((upper[i] - upper[i - 1]) * (shifted[i] + shifted[i - 1])
                               for i in range(1, len(a) + 2)) / 2
        return float(hinge), float(auc_loss)


def step_hinge_risk(jumps, *, separation=2.0) -> float:
    """E(1 − (f(X) − f(X')))_+ = Σ Φ(a_i − μ)Φ(−a_{i−1} − μ) of the unit-step function with these jumps (Eq. 6).

    >>> round(step_hinge_risk([0.0]), 6)  # Φ(−1) + Φ(−1)
    0.317311
    """
    a, mu = _jumps(jumps, separation)
    return _mp_risks(_text(a), mu)[0]


def step_auc_loss(jumps, *, separation=2.0) -> float:
    """1 − AUC, ties counted ½, of the step function with these jumps (§5.1.2).

    >>> round(step_auc_loss([0.0]), 6)  # Φ(−1)² + Φ(−1)Φ(1): wrong pairs, and half the ties
    0.158655
    """
    a, mu = _jumps(jumps, separation)
    return _mp_risks(_text(a), mu)[1]


def step_residual(jumps, *, separation=2.0) -> np.ndarray:
    """F_i = 2μa_i + ln Φ(−a_{i−1} − μ) − ln Φ(a_{i+1} − μ), the log form of Eq. 8, in floats.

    >>> step_residual([-0.556372, 0.556372]).round(5)
    array([ 0., -0.])
    """
    return _residual_float(*_jumps(jumps, separation))


def normal_bayes_risk(separation=2.0):
    """P(X < X') = Φ(−separation/√2), the Bayes ranking risk of N(μ, 1) against N(−μ, 1) (Thm 1, §5.1.2).

    >>> round(normal_bayes_risk(2.0), 7)
    0.0786496
    """
    return distance_risk(v.positive("separation", separation))


# -- direct minimization over K-step functions ---------------------------------------------


def _direct_minimum(K: int, mu: float, starts: int, seed: int):
    """The least hinge risk over K-step functions found by L-BFGS-B from `starts` random points, and its jumps."""
    from scipy import optimize, special

    def unpack(u):
        return np.cumsum(np.concatenate([u[:1], np.exp(u[1:])]))

    def risk_and_gradient(u):
        a = unpack(u)
        ext = np.concatenate([[-np.inf], a, [np.inf]])
        with np.errstate(over="ignore", under="ignore"):
            risk = np.sum(np.exp(special.log_ndtr(ext[1:] - mu) + special.log_ndtr(-ext[:-1] - mu)))
            gradient_a = (np.exp(_log_pdf(a - mu) + special.log_ndtr(-ext[:-2] - mu))
                          - np.exp(_log_pdf(a + mu) + special.log_ndtr(ext[2:] - mu)))
        tail = np.cumsum(gradient_a[::-1])[::-1]  # Σ_{i ≥ j} ∂R/∂a_i
        gradient = np.concatenate([tail[:1], np.exp(u[1:]) * tail[1:]])
        return risk, gradient

    rng = np.random.default_rng(seed)
    spread = 2.0 + 1.0 / mu
    bounds = [(-60.0 - 10.0 / mu, 60.0 + 10.0 / mu)] + [(-30.0, math.log(200.0 + 100.0 / mu))] * (K - 1)
    best_risk, best = math.inf, None
    for _ in range(starts):
        a0 = np.sort(rng.normal(0.0, spread, K))
        gaps = np.maximum(np.diff(a0), 1e-3)
        u0 = np.clip(np.concatenate([a0[:1], np.log(gaps)]), [b[0] for b in bounds], [b[1] for b in bounds])
        found = optimize.minimize(risk_and_gradient, u0, jac=True, method="L-BFGS-B", bounds=bounds,
                                  options={"ftol": 1e-15, "gtol": 1e-12, "maxiter": 500})
        if found.fun < best_risk:
            best_risk, best = float(found.fun), unpack(found.x)
    return best_risk, best


# -- public entry points ----------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def _optimal_steps(K: int, separation: float, starts: int, seed: int) -> OptimalSteps:
    mu = separation / 2
    symmetric = _symmetric(K, mu)
    candidates = [symmetric] + ([_lopsided(K, mu)] if K > 1 else [])
    scored = []
    for origin, (text, precision, residual) in zip(("symmetric", "lopsided"), candidates):
        if residual <= RESIDUAL_TOLERANCE and all(float(x) < float(y) for x, y in zip(text, text[1:])):
            scored.append((_mp_risks(text, mu), text, precision, residual, origin))
    if not scored:
        raise v.ParameterError("separation", f"be one at which Eq. 8 can be solved for K = {K} (none of its "
                               "stationary points converged)", v.show(separation), verb="")
    (hinge, auc_loss), text, precision, residual, origin = min(scored, key=lambda item: item[0][0])
    symmetric_risk = _mp_risks(symmetric[0], mu)[0]
    direct_risk, direct_jumps = _direct_minimum(K, mu, starts, seed)
    if direct_risk < hinge - RISK_TOLERANCE:  # the direct search beat every stationary point found: polish it
        text, precision, residual = _polish(_text(direct_jumps), mu, False)
        hinge, auc_loss = _mp_risks(text, mu)
        origin = "direct search"
    minimum = direct_risk >= hinge - RISK_TOLERANCE
    return OptimalSteps(K=K, separation=separation, jumps=tuple(float(x) for x in text), jumps_text=text,
                        hinge_risk=hinge, auc_loss=auc_loss, residual=residual, precision=precision,
                        stationary=residual <= RESIDUAL_TOLERANCE, minimum=minimum, direct_risk=direct_risk,
                        starts=starts, symmetric=text == symmetric[0], origin=origin,
                        symmetric_jumps=tuple(float(x) for x in symmetric[0]), symmetric_risk=symmetric_risk)


def optimal_steps(K, *, separation=2.0, starts=8, seed=0) -> OptimalSteps:
    """The K-step unit-step function of least hinge risk for N(μ, 1) against N(−μ, 1), μ = separation/2.

    K is an integer from 1 to 25 (:data:`MAX_STEPS`); separation = 2μ > 0 (the paper: 2).
    The jumps solve Eq. 8; the result says whether they are stationary (residual ≤ 1e-12 in
    log form) and whether a direct minimization of the risk from `starts` random starting
    points (seeded by `seed`; at most :data:`MAX_SEARCHES`) found nothing lower (if it did,
    its minimizer is returned). The solvers run with one BLAS thread (their problems are
    small: more threads only wait for each other), whatever the environment sets.

    >>> result = optimal_steps(3)
    >>> [round(x, 6) for x in result.jumps], result.stationary, result.minimum
    ([-0.920511, 0.0, 0.920511], True, True)
    """
    K, separation = _iv(K, separation)
    starts = _starts(starts)
    seed = _seed(seed)
    with one_blas_thread():
        return _optimal_steps(K, separation, starts, seed)


def _seed(seed) -> int:
    seed = v.seed("seed", seed)
    if seed is None:
        raise v.fail("seed", "an integer ≥ 0 (the search must be reproducible)", seed)
    return seed


def step_table(Ks, *, separation=2.0, starts=8, seed=0, progress=None) -> tuple:
    """:func:`optimal_steps` for each K in `Ks` (Table 1 of the paper is ``step_table(range(1, 12))``).

    The direct searches, values of K × `starts`, are at most :data:`MAX_SEARCHES`;
    ``progress(done, total)``, if given, is called after each K with the searches done.

    >>> [round(row.jumps[-1], 4) for row in step_table([2, 4, 6])]
    [0.5564, 1.2532, 2.0887]
    """
    if isinstance(Ks, (int, np.integer)):
        Ks = [Ks]
    if isinstance(Ks, (str, bytes)) or not hasattr(Ks, "__iter__"):
        raise v.ParameterTypeError("Ks", "a sequence of integers from 1 to 25", v.show(Ks))
    Ks = [_iv(K, separation)[0] for K in Ks]
    starts = _starts(starts, len(set(Ks)), "Ks")  # a K given twice is solved once (optimal_steps keeps it)
    seed = _seed(seed)
    report = v.progress("progress", progress)
    rows = []
    for K in Ks:
        rows.append(optimal_steps(K, separation=separation, starts=starts, seed=seed))
        report(len(rows) * starts, len(Ks) * starts)
    return tuple(rows)


def step_risk_curve(Ks, *, separation=2.0) -> dict:
    """Arrays for Figure 7: ``K``, the minimal hinge risk and 1 − AUC at each K, and the Bayes risk.

    >>> curve = step_risk_curve([6, 10, 11])
    >>> curve["auc_loss"].round(5).tolist(), round(curve["bayes_risk"], 5)
    ([0.08908, 0.08906, 0.08906], 0.07865)
    """
    rows = step_table(Ks, separation=separation)
    return {
        "K": np.array([row.K for row in rows]),
        "hinge_risk": np.array([row.hinge_risk for row in rows]),
        "auc_loss": np.array([row.auc_loss for row in rows]),
        "bayes_risk": normal_bayes_risk(separation),
    }


# -- the limiting sequence (Figures 5–6) -------------------------------------------------------


def _next_jump(previous: float, current: float, mu: float):
    """a_{i+1} from Eq. 8 given a_{i−1}, a_i: (+1, None) when the argument of Φ⁻¹ reaches 1,
    (0, None) when it is too close to 1 to resolve, else (0, a_{i+1})."""
    from scipy import special
    log_p = 2 * mu * current + special.log_ndtr(-previous - mu)
    if log_p >= 0:
        return 1, None
    q = -math.expm1(log_p)  # 1 − p
    if q == 0.0:
        return 0, None
    return 0, mu - float(special.ndtri(q))


def _recursion_separation(separation) -> float:
    """`separation` checked for the recursion of Eq. 8, which inverts Φ at 1 − p: p below 1e-16 is lost
    from about separation 16 on, so it stops at MAX_RECURSION_SEPARATION."""
    separation = v.positive("separation", separation, scalar=True)
    if separation > MAX_RECURSION_SEPARATION:
        raise v.fail("separation", f"at most {MAX_RECURSION_SEPARATION:g} for the recursion of Eq. 8 (beyond, "
                     "the probabilities it inverts are below double precision)", separation)
    return separation


def jump_progression(start, *, odd=False, separation=2.0, steps=40) -> np.ndarray:
    """The positive jumps Eq. 8 generates outward from a centre value (Figure 6).

    Even K: a_m = −start, a_{m+1} = start; odd K (`odd`): a_{m+1} = 0, a_{m+2} = start. The
    array holds start, a_{m+2}, … (resp. start, a_{m+3}, …) until the sequence ends
    (the argument of Φ⁻¹ reaches 1), turns down, passes double precision, or `steps` terms.

    >>> jump_progression(0.3753740258933674).round(4).tolist()
    [0.3754, 1.1605, 2.0842, 3.4437, 6.1645]
    """
    start = finite("start", start)
    mu = _recursion_separation(separation) / 2
    steps = v.count("steps", steps, minimum=1, maximum=10_000)
    previous, current = (0.0, start) if odd else (-start, start)
    sequence = [start]
    for _ in range(steps - 1):
        _, following = _next_jump(previous, current, mu)
        if following is None or following <= current:
            break
        previous, current = current, following
        sequence.append(current)
    return np.array(sequence)


def _bisect_limit(odd: bool, mu: float, hi: float):
    lo = 0.0
    while True:
        t = 0.5 * (lo + hi)
        if t in (lo, hi):
            return t
        previous, current = (0.0, t) if odd else (-t, t)
        verdict = 0
        for _ in range(200):
            ended, following = _next_jump(previous, current, mu)
            if ended:
                verdict = 1
                break
            if following is None:
                break
            if following <= current:
                verdict = -1
                break
            previous, current = current, following
        if verdict == 0:
            return t
        lo, hi = (lo, t) if verdict > 0 else (t, hi)


def limiting_jumps(*, separation=2.0) -> LimitingJumps:
    """The least positive jumps of the limiting optimal sequences as K → ∞, by bisection (§5.1.1, Figure 6).

    >>> limit = limiting_jumps()
    >>> round(limit.even, 5), round(limit.odd, 5)
    (0.37537, 0.75893)
    """
    from scipy import special
    mu = _recursion_separation(separation) / 2
    even = _bisect_limit(False, mu, _two_steps(mu))  # 0 ≤ a_{m+1} ≤ the K = 2 jump
    odd = _bisect_limit(True, mu, -float(special.log_ndtr(-mu)) / (2 * mu))  # ≤ the K = 3 jump
    return LimitingJumps(separation=2 * mu, even=even, odd=odd,
                         even_sequence=tuple(float(x) for x in jump_progression(even, separation=2 * mu)),
                         odd_sequence=tuple(float(x) for x in jump_progression(odd, odd=True, separation=2 * mu)))


def hinge_excess_risk(*, separation=2.0) -> HingeExcessRisk:
    """1 − AUC of the hinge-optimal step functions in the limit, against the Bayes ranking risk (§5.1.2).

    >>> excess = hinge_excess_risk()
    >>> round(excess.bayes_risk, 5), round(excess.auc_loss_even, 5), round(excess.excess_even, 5)
    (0.07865, 0.08906, 0.01041)
    """
    separation = v.positive("separation", separation, scalar=True)
    even, odd = optimal_steps(MAX_STEPS - 1, separation=separation), optimal_steps(MAX_STEPS, separation=separation)
    bayes = normal_bayes_risk(separation)
    return HingeExcessRisk(separation=separation, bayes_risk=bayes, hinge_risk=min(even.hinge_risk, odd.hinge_risk),
                           K_even=even.K, K_odd=odd.K, auc_loss_even=even.auc_loss, auc_loss_odd=odd.auc_loss,
                           excess_even=even.auc_loss - bayes, excess_odd=odd.auc_loss - bayes)


def feasible_region(previous, current, *, separation=2.0):
    """Whether (a_{i−1}, a_i) lies in the feasible region of Figure 5 (the four inequalities, and a_{i−1} < a_i).

    Broadcasts over arrays (a grid for the figure); scalars in, a bool out.

    >>> feasible_region(-0.556372, 0.556372), feasible_region(0.0, 2.0)
    (True, False)
    """
    from scipy import special
    x = v.real("previous", previous)
    y = v.real("current", current)
    mu = v.positive("separation", separation, scalar=True) / 2
    x, y = np.broadcast_arrays(x, y)
    with np.errstate(over="ignore", invalid="ignore"):
        log_left = special.log_ndtr(-x - mu)  # ln(1 − Φ(a_{i−1} + μ))
        log_right = special.log_ndtr(y - mu)  # ln Φ(a_i − μ)
        ok = ((2 * mu * y + log_left <= 0) & (-2 * mu * x + log_right <= 0)
              & (log_right < 2 * mu * y + log_left) & (2 * mu * x + log_left < log_right) & (x < y))
    return bool(ok) if ok.ndim == 0 else ok
