"""Standard normal tail quantities, in floating point and in mpmath.

Shared by the bounds, the intervals from data and the simulator; it imports no scipy, so
the command line starts fast.

``upper_quantile(log_p)`` is the z with Φ(−z) = exp(log_p), for any log_p < 0, including
tails far below the smallest float (a union bound over 10^1000 functions asks for them).
Above 1e-300 it is the standard library's ``NormalDist.inv_cdf`` (Wichura's AS 241, about
1 ulp); below, Newton's method on ln Φ(−z) with Laplace's continued fraction for Mills'
ratio R(z) = Φ(−z)/φ(z) = 1/(z + 1/(z + 2/(z + 3/(z + …)))), which converges fast for z > 30.
Where z itself would pass the largest float it is +inf.

``exact_upper_quantile(log_p)`` is the same z in mpmath at the working precision, for the
exact checks of sample sizes.
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

__all__ = ["upper_quantile", "two_sided_tail", "cdf", "exact_upper_quantile"]

_STANDARD = NormalDist()
_LOG_SQRT_2PI = 0.5 * math.log(2.0 * math.pi)
_FLOAT_TAIL = math.log(1e-300)


def _mills_ratio(z: float) -> float:
    """Φ(−z)/φ(z) for z ≥ 30 by the continued fraction (40 terms: full precision there)."""
    t = z
    for k in range(40, 0, -1):
        t = z + k / t
    return 1.0 / t


def _upper_quantile_scalar(log_p: float) -> float:
    if log_p >= _FLOAT_TAIL:
        return -_STANDARD.inv_cdf(math.exp(log_p))
    z = math.sqrt(-2.0 * log_p)  # above the root: ln Φ(−z) < −z²/2 there
    if math.isinf(z):
        return z
    for _ in range(100):
        ratio = _mills_ratio(z)
        gap = -0.5 * z * z - _LOG_SQRT_2PI + math.log(ratio) - log_p
        step = gap * ratio  # d/dz ln Φ(−z) = −1/R(z)
        z += step
        if abs(step) <= 1e-16 * z:
            break
    return z


def upper_quantile(log_p):
    """z with Φ(−z) = exp(log_p); scalar in, float out, arrays elementwise.

    >>> round(upper_quantile(math.log(0.025)), 11)
    1.95996398454
    >>> upper_quantile(-1e308)
    inf
    """
    array = np.asarray(log_p, dtype=np.float64)
    if array.ndim == 0:
        return _upper_quantile_scalar(float(array))
    return np.vectorize(_upper_quantile_scalar, otypes=[np.float64])(array)


def two_sided_tail(x):
    """2·Φ(−x) = erfc(x/√2) elementwise (the normal-approximation tail of Eq. 12)."""
    array = np.asarray(x, dtype=np.float64)
    return np.vectorize(lambda t: math.erfc(t / math.sqrt(2.0)), otypes=[np.float64])(array)


def cdf(x: float) -> float:
    """Φ(x) = ½·erfc(−x/√2), accurate in the lower tail as well."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def quantile(p: float) -> float:
    """Φ⁻¹(p) for p in (0, 1), by the standard library's rational approximation (full double precision)."""
    return _STANDARD.inv_cdf(p)


def exact_upper_quantile(log_p):
    """z with Φ(−z) = exp(log_p) in mpmath, at the working precision (call inside ``mp.workdps``).

    Newton's method on ln Φ(−z) from the floating-point root (or from sqrt(−2 ln p) where
    that is infinite); mpmath's exponent range has no floor, so any tail works. Far tails
    are slow at high precision, and a sample-size search asks for the same z many times,
    so results are remembered per (ln p, precision).
    """
    import mpmath

    mp = mpmath.mp
    log_p = mp.mpf(log_p)
    key = (log_p, mp.prec)
    if key not in _EXACT_QUANTILES:
        if len(_EXACT_QUANTILES) >= 256:
            _EXACT_QUANTILES.clear()
        _EXACT_QUANTILES[key] = _newton_quantile(mp, log_p)
    return +_EXACT_QUANTILES[key]


_EXACT_QUANTILES: dict = {}


def _newton_quantile(mp, log_p):
    start = _upper_quantile_scalar(float(log_p)) if log_p > -1e300 else math.inf
    z = mp.mpf(start) if math.isfinite(start) else mp.sqrt(-2 * log_p)
    tolerance = mp.mpf(2) ** (-mp.prec + 8)
    for _ in range(200):
        log_tail, ratio = _log_tail(mp, z)
        step = (log_tail - log_p) * ratio  # d/dz ln Φ(−z) = −1/R(z)
        z += step
        if abs(step) <= tolerance * abs(z):
            break
    return z


def _log_tail(mp, z):
    """(ln Φ(−z), R(z)) in mpmath, R(z) = Φ(−z)/φ(z) being Mills' ratio.

    Where z² > 4·(bits of precision), by the asymptotic series
    R(z) = (1/z)·Σ_k (−1)^k (2k−1)!!/z^{2k}, whose terms shrink by at least half for the
    first `bits` of them, so it is exact to the working precision; mpmath's erfc is slow
    and loses its way in tails that far out (z = 10^150). Nearer, from mpmath's ncdf.
    """
    if z * z > 4 * mp.prec:
        inverse, term, total, k = 1 / (z * z), mp.mpf(1), mp.mpf(1), 1
        epsilon = mp.mpf(2) ** (-mp.prec - 4)
        while abs(term) > epsilon:
            term *= -(2 * k - 1) * inverse
            total += term
            k += 1
        ratio = total / z
        return -z * z / 2 - mp.log(2 * mp.pi) / 2 + mp.log(ratio), ratio
    tail = mp.ncdf(-z)
    return mp.log(tail), tail / mp.npdf(z)
