"""Large-deviation bounds for the AUC of a fixed ranking function (McDiarmid).

Agarwal, Graepel, Herbrich, Har-Peled & Roth (2005), *Generalization Bounds for the Area
Under the ROC Curve*, JMLR 6, §3:

- Thm 3.3: changing one of the m positives moves Â by at most 1/m, one of the n
  negatives by at most 1/n, so McDiarmid's inequality gives
  ``P(|Â − A| ≥ ε) ≤ 2·exp(−2mnε²/(m+n)) = 2·exp(−2ρ(1−ρ)Nε²)``.
- Cor 3.4: the half-width ``ε = sqrt((m+n)·ln(2/δ)/(2mn))``.
- Cor 3.5: the test-set size ``N ≥ ln(2/δ)/(2ρ(1−ρ)ε²)``.
- Thm 3.6: the interval of Cor 3.4 computed with the *observed* m and n holds without
  conditioning on the labels, i.e. for a test set drawn i.i.d. from the joint
  distribution of (x, y), with the number of positives itself random: count the
  positives and negatives in the test set you have and plug those counts in.
- §3.2, Eq. 16: Hoeffding's inequality for the error rate, ``P(|L̂ − L| ≥ ε) ≤ 2·exp(−2Nε²)``;
  the AUC needs 1/(ρ(1−ρ)) times as many test examples (Figure 2).
- §3.3: a union bound over a finite class F (Thm 3.8, Cor 3.9, Cor 3.10, and Thm 3.11,
  the unconditional form) replaces ln(2/δ) by ln|F| + ln(2/δ). ``class_size`` may be any
  Python integer (10^1000 is fine) or given as ``log_class_size`` = ln|F|.

The formulas take the confidence as ln δ (minus ln|F| for a class), so that a union bound
over 10^1000 functions stays finite. All functions broadcast over numpy arrays; scalars in
give Python floats out. The test-set sizes are in :mod:`aucbound.bounds` beside
:func:`~aucbound.bounds.sample_size`, which inverts every interval the same way.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from .._exact import FLOAT

__all__ = [
    "mcdiarmid_tail",
    "mcdiarmid_epsilon",
    "finite_class_tail",
    "finite_class_epsilon",
    "error_rate_tail",
    "error_rate_epsilon",
    "sample_size_ratio",
    "log_union",
]

LN2 = math.log(2.0)


# --- the formulas, in a namespace X (FLOAT on arrays, EXACT in mpmath) -------------------


def mcdiarmid_formula(X, m, n, log_delta):
    """sqrt((1/m + 1/n)·ln(2/δ)/2), which is Cor 3.4's sqrt((m+n)·ln(2/δ)/(2mn))."""
    return X.sqrt((1 / m + 1 / n) * (X.LN2 - log_delta) / 2)


def error_rate_formula(X, N, log_delta):
    """sqrt(ln(2/δ)/(2N)): Hoeffding's half-width for an error rate (Eq. 16)."""
    return X.sqrt((X.LN2 - log_delta) / (2 * N))


def tail(log_terms):
    """min(1, exp(log_terms)): a probability bound, capped where it says nothing."""
    return np.exp(np.minimum(log_terms, 0.0))


def log_union(class_size=None, log_class_size=None) -> float:
    """ln|F| from either `class_size` (an integer ≥ 1, any size) or `log_class_size` (≥ 0).

    Neither given means a single function, ln|F| = 0.
    """
    if class_size is not None and log_class_size is not None:
        raise v.ParameterError("log_class_size", "left out when {class_size} is given (they are alternatives)",
                               v.show(log_class_size), others=("class_size",))
    if class_size is not None:
        return math.log(v.count("class_size", class_size))
    if log_class_size is not None:
        return v.nonnegative("log_class_size", log_class_size, scalar=True)
    return 0.0


# --- McDiarmid: Thm 3.3, Cor 3.4 -----------------------------------------------------------


def mcdiarmid_tail(epsilon, m, n):
    """min(1, 2·exp(−2mnε²/(m+n))): McDiarmid's bound on P(|Â − A| ≥ ε) (Thm 3.3).

    >>> round(mcdiarmid_tail(0.1, 100, 100), 6)
    0.735759
    """
    epsilon = v.nonnegative("epsilon", epsilon)
    m, n = v.sizes("m", m), v.sizes("n", n)
    return v.out(tail(LN2 - 2.0 * epsilon**2 / (1.0 / m + 1.0 / n)))


def mcdiarmid_epsilon(m, n, delta):
    """sqrt((m+n)·ln(2/δ)/(2mn)): McDiarmid's half-width at confidence 1 − δ (Cor 3.4).

    With probability at least 1 − δ, |Â − A| < ε for a fixed scorer on a test set of m
    positives and n negatives, whatever the score distributions. By Thm 3.6 the observed
    m and n may be used even when the labels are random.

    >>> round(mcdiarmid_epsilon(51, 58, 0.05), 6)
    0.260703
    >>> mcdiarmid_epsilon([10, 100, 1000], 1000, 0.05).round(4)
    array([0.4316, 0.1424, 0.0607])
    """
    m, n = v.sizes("m", m), v.sizes("n", n)
    delta = v.probability("delta", delta)
    return v.out(mcdiarmid_formula(FLOAT, m, n, np.log(delta)))


# --- finite function classes: Thm 3.8, Cor 3.9 (Thm 3.11 unconditional) -------------------


def finite_class_tail(epsilon, m, n, *, class_size=None, log_class_size=None):
    """min(1, 2|F|·exp(−2ρ(1−ρ)Mε²)): the union bound over a finite class (Thm 3.8).

    Bounds P(|Â(f_S) − A(f_S)| ≥ ε) for the function f_S ∈ F chosen from the training
    sample itself, with M = m + n training examples.

    >>> round(finite_class_tail(0.1, 1000, 1000, class_size=100), 6)
    0.00908
    """
    epsilon = v.nonnegative("epsilon", epsilon)
    m, n = v.sizes("m", m), v.sizes("n", n)
    log_f = log_union(class_size, log_class_size)
    return v.out(tail(LN2 + log_f - 2.0 * epsilon**2 / (1.0 / m + 1.0 / n)))


def finite_class_epsilon(m, n, delta, *, class_size=None, log_class_size=None):
    """sqrt((ln|F| + ln(2/δ))/(2ρ(1−ρ)M)): the half-width for f_S ∈ F (Cor 3.9).

    Equal to McDiarmid's half-width at confidence 1 − δ/|F|; by Thm 3.11 it holds with the
    observed skew when labels are random.

    >>> round(finite_class_epsilon(51, 58, 0.05, class_size=1), 6)
    0.260703
    >>> round(finite_class_epsilon(5000, 5000, 0.01, log_class_size=1000), 6)
    0.448397
    """
    m, n = v.sizes("m", m), v.sizes("n", n)
    delta = v.probability("delta", delta)
    log_f = log_union(class_size, log_class_size)
    return v.out(mcdiarmid_formula(FLOAT, m, n, np.log(delta) - log_f))


# --- the error rate of a classifier, for comparison: §3.2, Eq. 16, Figure 2 ----------------


def error_rate_tail(epsilon, N):
    """min(1, 2·exp(−2Nε²)): Hoeffding's bound on P(|L̂ − L| ≥ ε) for an error rate (Eq. 16).

    >>> round(error_rate_tail(0.1, 100), 6)
    0.270671
    """
    epsilon = v.nonnegative("epsilon", epsilon)
    N = v.sizes("N", N)
    return v.out(tail(LN2 - 2.0 * N * epsilon**2))


def error_rate_epsilon(N, delta):
    """sqrt(ln(2/δ)/(2N)): the half-width for an error rate on N test examples (Eq. 16).

    >>> round(error_rate_epsilon(1000, 0.05), 6)
    0.042947
    """
    N = v.sizes("N", N)
    delta = v.probability("delta", delta)
    return v.out(error_rate_formula(FLOAT, N, np.log(delta)))


def sample_size_ratio(rho):
    """1/(ρ(1−ρ)): how many times more test examples the AUC needs than an error rate (Figure 2).

    >>> sample_size_ratio(0.5), round(sample_size_ratio(0.1), 4)
    (4.0, 11.1111)
    """
    rho = v.probability("rho", rho)
    with np.errstate(over="ignore"):  # inf for a skew within 1e-308 of 0: as many times more as there are
        return v.out(1.0 / (rho * (1.0 - rho)))
