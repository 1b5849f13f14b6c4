"""Formulas written once and evaluated two ways: in floating point on arrays, or exactly.

A bound's formula takes a namespace ``X`` as its first argument and calls ``X.sqrt``,
``X.log``, ``X.upper_quantile`` … on it. With :data:`FLOAT` the formula runs in numpy on
arrays (the fast, vectorized path the tables and plots use); with :data:`EXACT` it runs in
mpmath at the working precision. Sample sizes are searched in floating point and then
confirmed by :func:`holds`, which decides each comparison in mpmath with enough digits
for the integers involved and raises the precision until the comparison is settled — so
a returned size meets its target exactly, not to within a float's rounding, even where
the size has hundreds of digits.
"""

from __future__ import annotations

import math

import numpy as np

from . import _normal

__all__ = ["FLOAT", "EXACT", "holds"]


class _FloatMath:
    """numpy's elementwise functions; constants as floats."""

    sqrt = staticmethod(np.sqrt)
    log = staticmethod(np.log)
    exp = staticmethod(np.exp)
    minimum = staticmethod(np.minimum)
    maximum = staticmethod(np.maximum)
    upper_quantile = staticmethod(_normal.upper_quantile)
    LN2 = math.log(2.0)
    LN3 = math.log(3.0)
    E = math.e

    @staticmethod
    def number(value):
        """A number (a float, or an int of any size) as this namespace computes with it: an
        integer past the largest float is +inf (or −inf)."""
        try:
            return float(value)
        except OverflowError:
            return math.inf if value > 0 else -math.inf

    @staticmethod
    def log_int(value: int) -> float:
        """ln of a Python integer of any size."""
        return math.log(value)


class _ExactMath:
    """mpmath's functions at the working precision (use inside :func:`holds`)."""

    @staticmethod
    def _mp():
        import mpmath

        return mpmath.mp

    def sqrt(self, x):
        return self._mp().sqrt(x)

    def log(self, x):
        return self._mp().log(x)

    def exp(self, x):
        return self._mp().exp(x)

    @staticmethod
    def minimum(a, b):
        return min(a, b)

    @staticmethod
    def maximum(a, b):
        return max(a, b)

    @staticmethod
    def upper_quantile(log_p):
        return _normal.exact_upper_quantile(log_p)

    @property
    def LN2(self):
        return self._mp().ln2 + 0

    @property
    def LN3(self):
        return self._mp().log(3)

    @property
    def E(self):
        return self._mp().e + 0

    def number(self, value):
        return self._mp().mpf(value)

    def log_int(self, value: int):
        return self._mp().log(self._mp().mpf(value))


FLOAT = _FloatMath()
EXACT = _ExactMath()

#: The digits of the integers a comparison uses are rounded up to a multiple of this.
DIGITS_STEP = 32
#: How far the working precision is raised before a comparison counts as an equality.
_ROUNDS = 4
#: The relative gap at which a floating-point comparison of accurate formulas is settled.
FLOAT_MARGIN = 1e-9


def _settled_in_float(conditions) -> bool | None:
    """True or False when every pair's floating-point gap is wide enough to trust, else None."""
    with np.errstate(all="ignore"):
        pairs = [(float(lhs), float(rhs)) for lhs, rhs in conditions(FLOAT)]
    undecided = False
    for lhs, rhs in pairs:
        if not (math.isfinite(lhs) and math.isfinite(rhs)) or abs(rhs - lhs) <= FLOAT_MARGIN * max(abs(lhs), abs(rhs)):
            undecided = True
        elif lhs > rhs:
            return False
    return None if undecided else True


def holds(conditions, *, digits: int = 0, float_first: bool = False) -> bool:
    """Whether every pair ``(lhs, rhs)`` from ``conditions(X)`` has lhs ≤ rhs, decided exactly.

    `conditions` computes its pairs in the namespace it is given; with :data:`EXACT` they
    are mpmath numbers. `digits` is the number of decimal digits of the largest integer it
    uses, so that it enters mpmath exactly. The working precision starts 40 digits above
    that, rounded up to a multiple of :data:`DIGITS_STEP` (a search over sizes of growing
    length then works at a few precisions, and what is remembered at one, such as a normal
    quantile, serves many tests), and doubles while some pair is closer than the precision
    can tell apart; a pair still that close after four doublings is an equality, and
    lhs ≤ rhs holds.

    With `float_first`, the pairs are first computed in floating point, and a comparison
    whose relative gap exceeds :data:`FLOAT_MARGIN` is settled there — for formulas accurate
    to far better than that (no cancellation), whose exact evaluation is expensive.

    >>> holds(lambda X: [(X.sqrt(2) ** 2, X.number(2))])
    True
    >>> holds(lambda X: [(X.number(10**40 + 1), X.number(10**40))], digits=41)
    False
    """
    import mpmath

    if float_first:
        settled = _settled_in_float(conditions)
        if settled is not None:
            return settled
    dps = 40 + -(-digits // DIGITS_STEP) * DIGITS_STEP
    for _ in range(_ROUNDS + 1):
        with mpmath.workdps(dps):
            undecided = False
            for lhs, rhs in conditions(EXACT):
                scale = max(abs(lhs), abs(rhs))
                if abs(rhs - lhs) <= scale * mpmath.mpf(10) ** (12 - dps):
                    undecided = True
                elif lhs > rhs:
                    return False
            if not undecided:
                return True
        dps *= 2
    return True
