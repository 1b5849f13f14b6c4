"""Standard normal tail quantities without importing scipy (the CLI must start fast).

``upper_quantile(log_p)`` is the z with Φ(−z) = exp(log_p), for any log_p < 0, including
tails far below the smallest float (a union bound over 10^1000 functions asks for them).
Above 1e-300 it is the standard library's ``NormalDist.inv_cdf`` (Wichura's AS 241, about
1 ulp); below, Newton's method on ln Φ(−z) with Laplace's continued fraction for Mills'
ratio R(z) = Φ(−z)/φ(z) = 1/(z + 1/(z + 2/(z + 3/(z + …)))), which converges fast for z > 30.
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

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
    for _ in range(100):
        ratio = _mills_ratio(z)
        gap = -0.5 * z * z - _LOG_SQRT_2PI + math.log(ratio) - log_p
        step = gap * ratio  # d/dz ln Φ(−z) = −1/R(z)
        z += step
        if abs(step) <= 1e-16 * z:
            break
    return z


def upper_quantile(log_p):
    """z with Φ(−z) = exp(log_p); scalar in, float out, arrays elementwise."""
    array = np.asarray(log_p, dtype=np.float64)
    if array.ndim == 0:
        return _upper_quantile_scalar(float(array))
    return np.vectorize(_upper_quantile_scalar, otypes=[np.float64])(array)


def two_sided_tail(x):
    """2·Φ(−x) = erfc(x/√2) elementwise (the normal-approximation tail of Eq. 12)."""
    array = np.asarray(x, dtype=np.float64)
    values = np.vectorize(lambda t: math.erfc(t / math.sqrt(2.0)), otypes=[np.float64])(array)
    return values
