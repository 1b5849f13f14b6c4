r"""The pairwise risk of a ranking function, its gradient, and the exact line searches of boosting.

For scores f on m positives and n negatives and a loss ℓ of the registry
:data:`aucbound.optimal.LOSSES`, the pairwise (surrogate) risk is
R(f) = (1/mn)·Σ_{i,j} ℓ(f(x_i) − f(x'_j)) (Uematsu & Lee 2011, Eq. 3 on the sample). Any loss
of the registry is summed over the m·n pairs in chunks of bounded memory; two have shortcuts:

- ``exponential`` ℓ(s) = e^{−s} (RankBoost; Freund et al. 2003): R factorises,
  (1/mn)·Σ_i e^{−f_i}·Σ_j e^{f_j}, so R and its gradient cost O(m + n);
- ``hinge`` ℓ(s) = max(0, 1 − s) (RankSVM's): ℓ' is the step −1(s < 1) (taken as 0 at the
  kink s = 1), so ∂R/∂f_i = −#{j : f_i − f_j < 1}/(mn): a count, found for every point by
  sorting in O(N log N). The count uses the difference f_i − f_j as floating point computes
  it (a binary search on that predicate, which is monotone), so it equals the pairwise
  sum exactly, ties and all. The hinge smoothed over [1 − μ, 1]
  (:func:`aucbound.optimal.smoothed_hinge`) has ∂R_μ/∂f_i = −(1/mn)·Σ_j min(1, (1 − s_ij)₊/μ),
  also from the sorted scores: a count where s ≤ 1 − μ and prefix sums of the sorted
  scores where 1 − μ < s < 1.

The gradient is ∂R/∂f at the training points: ``g_pos[i] = (1/mn)·Σ_j ℓ'(f_i − f_j)`` and
``g_neg[j] = −(1/mn)·Σ_i ℓ'(f_i − f_j)``; it sums to 0 (R does not change when a constant
is added to f).

The line search minimises φ(α) = R(f + α·h) over α for a weak ranker h: Newton's method
inside a bracket for the smooth losses (φ is convex; ℓ′ and ℓ″ from the registry), a
bisection for the root of φ′ for the smoothed hinge (φ′ is continuous and non-decreasing),
and for the hinge itself, whose φ is convex and piecewise linear, a bisection for the
breakpoint where φ's slope changes sign, done over the integers when f is integer-valued
and h a stump (every breakpoint is then an integer, and the scores stay integers: the
granularity Uematsu & Lee 2011, §5.2 observe) and over floating-point numbers otherwise.
Where the minimisers form an interval, the one nearest 0 is taken.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from ..optimal import LOSSES, Loss, get_loss

__all__ = ["pairwise_risk", "pairwise_gradient", "line_search", "smoothed_line_search", "GRADIENT_METHODS"]

#: ``fast`` (factorised, sorted or chunked by loss) or ``pairs`` (the O(mn) sum, in chunks).
GRADIENT_METHODS = ("fast", "pairs")
#: Entries of one chunk of pair differences (8 MiB of float64).
CHUNK = 2**20
#: The most pairs (m·n) the O(mn) computations take.
MAX_PAIRS = 10**10


def _rows(f_pos: np.ndarray, f_neg: np.ndarray):
    """Slices of the positives whose pairs with every negative fit in one chunk."""
    step = max(1, CHUNK // max(1, f_neg.shape[0]))
    return (slice(start, start + step) for start in range(0, f_pos.shape[0], step))


# --- risk and gradient ----------------------------------------------------------------------

def _log_sum_exp(x: np.ndarray) -> float:
    top = float(x.max())
    return top + math.log(float(np.exp(x - top).sum()))


def _first_true(length: int, test, size: int) -> np.ndarray:
    """For each of `size` monotone predicates on 0 … length − 1 (False…False True…True), the
    first index where it holds (`length` if none): a binary search run for all at once."""
    lo, hi = np.zeros(size, dtype=np.int64), np.full(size, length, dtype=np.int64)
    while True:
        active = lo < hi
        if not active.any():
            return lo
        mid = (lo + hi) // 2
        holds = test(np.minimum(mid, length - 1)) & active
        hi = np.where(holds, mid, hi)
        lo = np.where(active & ~holds, mid + 1, lo)


def _hinge_sets(f_pos: np.ndarray, f_neg: np.ndarray):
    """Per positive, how many negatives have f_i − f_j < 1, and per negative how many positives do
    (the differences rounded as computed); with the sorted scores."""
    neg_sorted, pos_sorted = np.sort(f_neg), np.sort(f_pos)
    m, n = f_pos.shape[0], f_neg.shape[0]
    # for a positive, f_i − f_j < 1 holds from some place on in the ascending negatives
    first = _first_true(n, lambda idx: (f_pos - neg_sorted[idx]) < 1.0, m)
    # for a negative, it fails from some place on in the ascending positives
    stop = _first_true(m, lambda idx: ~((pos_sorted[idx] - f_neg) < 1.0), n)
    return n - first, stop, neg_sorted


def _hinge_risk_sorted(f_pos: np.ndarray, f_neg: np.ndarray) -> float:
    """(1/mn)·Σ_i Σ_{j: f_i − f_j < 1} (1 − f_i + f_j) from the counts and suffix sums of the negatives.

    The pairs are chosen on the scores as given; the sums then use scores less their median
    negative c (1 − f_i + f_j = 1 − (f_i − c) + (f_j − c)), so that a large common offset
    does not cancel away the digits of the risk.
    """
    counts, _, neg_sorted = _hinge_sets(f_pos, f_neg)
    n = f_neg.shape[0]
    c = neg_sorted[n // 2]
    suffix = np.concatenate((np.cumsum((neg_sorted - c)[::-1])[::-1], [0.0]))
    total = np.sum(counts * (1.0 - (f_pos - c)) + suffix[n - counts])
    return max(0.0, float(total)) / (f_pos.shape[0] * n)


def _smoothed_weights(f: np.ndarray, other_sorted: np.ndarray, prefix: np.ndarray, mu: float, positive: bool):
    """Σ over the other class of min(1, (1 − s)₊/μ) for each score in `f` (s = f − other for a
    positive, other − f for a negative), from the other class's sorted scores and their prefix sums."""
    if positive:  # s = f_i − v: the full weight where v ≥ f_i − 1 + μ, a ramp where f_i − 1 < v < f_i − 1 + μ
        ramp_lo = np.searchsorted(other_sorted, f - 1.0, side="right")
        ramp_hi = np.searchsorted(other_sorted, f - 1.0 + mu, side="left")
        full = other_sorted.shape[0] - ramp_hi
        ramp = (ramp_hi - ramp_lo) * (1.0 - f) + (prefix[ramp_hi] - prefix[ramp_lo])
    else:  # s = u − f_j: the full weight where u ≤ f_j + 1 − μ, a ramp where f_j + 1 − μ < u < f_j + 1
        ramp_lo = np.searchsorted(other_sorted, f + 1.0 - mu, side="right")
        ramp_hi = np.searchsorted(other_sorted, f + 1.0, side="left")
        full = ramp_lo
        ramp = (ramp_hi - ramp_lo) * (1.0 + f) - (prefix[ramp_hi] - prefix[ramp_lo])
    return full + np.clip(ramp / mu, 0.0, ramp_hi - ramp_lo)


def smoothed_gradient(f_pos: np.ndarray, f_neg: np.ndarray, mu: float) -> tuple[np.ndarray, np.ndarray]:
    """∂R_μ/∂f for the hinge smoothed over [1 − μ, 1] (:func:`aucbound.optimal.smoothed_hinge`), O(N log N)."""
    m, n = f_pos.shape[0], f_neg.shape[0]
    neg_sorted, pos_sorted = np.sort(f_neg), np.sort(f_pos)
    centre = neg_sorted[n // 2]  # R_μ is unchanged by a common shift: keep the prefix sums small
    f_pos, f_neg, neg_sorted, pos_sorted = f_pos - centre, f_neg - centre, neg_sorted - centre, pos_sorted - centre
    on_pos = _smoothed_weights(f_pos, neg_sorted, np.concatenate(([0.0], np.cumsum(neg_sorted))), mu, True)
    on_neg = _smoothed_weights(f_neg, pos_sorted, np.concatenate(([0.0], np.cumsum(pos_sorted))), mu, False)
    return -on_pos / (m * n), on_neg / (m * n)


def _sorted_or_factorised(loss: Loss) -> bool:
    """Whether `loss` has a shortcut (the registry's exponential or hinge loss itself, not one named so)."""
    return loss is LOSSES["exponential"] or loss is LOSSES["hinge"]


def _checked_scores(f_pos, f_neg, loss):
    if not isinstance(loss, Loss):
        loss = v.choice("loss", loss, LOSSES)
    return v.finite_vector("f_pos", f_pos), v.finite_vector("f_neg", f_neg), get_loss(loss)


def pairwise_risk(f_pos, f_neg, *, loss) -> float:
    """R(f) = (1/mn)·Σ_{i,j} ℓ(f_pos[i] − f_neg[j]): the pairwise risk under `loss`.

    `loss` is a key of :data:`aucbound.optimal.LOSSES` or a :class:`aucbound.optimal.Loss`.
    O(m + n) for the exponential loss (in log space), O((m + n) log(m + n)) for the hinge,
    O(mn) in chunks for the others.

    >>> pairwise_risk([1.0, 2.0], [0.0, 1.5], loss="hinge")  # (0 + 1.5 + 0 + 0.5)/4
    0.5
    >>> round(pairwise_risk([0.0], [0.0], loss="logistic"), 12)  # ln 2
    0.69314718056
    """
    f_pos, f_neg, loss = _checked_scores(f_pos, f_neg, loss)
    if not _sorted_or_factorised(loss):
        v.at_most("f_pos", f_pos.shape[0] * f_neg.shape[0], MAX_PAIRS, why=" pairs (len(f_pos)·len(f_neg))")
    return _risk(loss, f_pos, f_neg)


def _risk(loss: Loss, f_pos: np.ndarray, f_neg: np.ndarray) -> float:
    m, n = f_pos.shape[0], f_neg.shape[0]
    if loss is LOSSES["exponential"]:
        return math.exp(min(_log_sum_exp(-f_pos) + _log_sum_exp(f_neg) - math.log(m * n), 709.0))
    if loss is LOSSES["hinge"]:
        return _hinge_risk_sorted(f_pos, f_neg)
    return float(sum(loss.value(f_pos[rows, None] - f_neg[None, :]).sum() for rows in _rows(f_pos, f_neg))) / (m * n)


def pairwise_gradient(f_pos, f_neg, *, loss, method: str = "fast") -> tuple[np.ndarray, np.ndarray]:
    """∂R/∂f at the positives and at the negatives, for the pairwise risk R under `loss`.

    ``method='fast'`` factorises the exponential loss, sorts for the hinge (a count per
    point) and sums the other losses' O(mn) terms in chunks; ``method='pairs'`` sums the
    O(mn) terms ℓ'(f_i − f_j) in chunks for every loss (the definition, for checking).

    >>> g_pos, g_neg = pairwise_gradient([1.0, 2.0], [0.0, 1.5], loss="hinge")
    >>> g_pos.tolist(), g_neg.tolist()  # −#{j : f_i − f_j < 1}/4 and +#{i : f_i − f_j < 1}/4
    ([-0.25, -0.25], [0.0, 0.5])
    """
    f_pos, f_neg, loss = _checked_scores(f_pos, f_neg, loss)
    method = v.choice("method", method, GRADIENT_METHODS)
    if method == "pairs" or not _sorted_or_factorised(loss):
        v.at_most("f_pos", f_pos.shape[0] * f_neg.shape[0], MAX_PAIRS, why=" pairs (len(f_pos)·len(f_neg))")
        gradient = _gradient_pairs(loss, f_pos, f_neg)
    else:
        gradient = _gradient(loss, f_pos, f_neg)
    if not (np.isfinite(gradient[0]).all() and np.isfinite(gradient[1]).all()):
        low, high = float(min(f_pos.min(), f_neg.min())), float(max(f_pos.max(), f_neg.max()))
        raise v.ParameterError("f_pos", f"scores at which the {loss.name} loss's gradient is finite",
                               f"scores from {low!r} to {high!r}")
    return gradient


def _gradient(loss: Loss, f_pos: np.ndarray, f_neg: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    m, n = f_pos.shape[0], f_neg.shape[0]
    if loss is LOSSES["exponential"]:
        log_mn = math.log(m * n)
        with np.errstate(over="ignore"):
            return (-np.exp(-f_pos + (_log_sum_exp(f_neg) - log_mn)),
                    np.exp(f_neg + (_log_sum_exp(-f_pos) - log_mn)))
    if loss is LOSSES["hinge"]:
        counts_pos, counts_neg, _ = _hinge_sets(f_pos, f_neg)
        return -counts_pos / (m * n), counts_neg / (m * n)
    return _gradient_pairs(loss, f_pos, f_neg)


def _gradient_pairs(loss: Loss, f_pos: np.ndarray, f_neg: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    m, n = f_pos.shape[0], f_neg.shape[0]
    g_pos, g_neg = np.empty(m), np.zeros(n)
    for rows in _rows(f_pos, f_neg):
        with np.errstate(over="ignore"):
            slope = loss.derivative(f_pos[rows, None] - f_neg[None, :])
        g_pos[rows] = slope.sum(axis=1)
        g_neg -= slope.sum(axis=0)
    return g_pos / (m * n), g_neg / (m * n)


# --- the line searches -----------------------------------------------------------------------

def _is_binary(h: np.ndarray) -> bool:
    return bool(np.all((h == 0.0) | (h == 1.0)))


def _pair_blocks(f_pos, f_neg, h_pos, h_neg):
    """The pairs whose difference moves with α, as (s, d) chunks: s = f_i − f_j, d = h_i − h_j.

    For a stump only the pairs it splits (d = ±1) move, and d is a scalar."""
    if _is_binary(h_pos) and _is_binary(h_neg):
        up_pos, up_neg = h_pos == 1.0, h_neg == 1.0
        for fp, fn, d in ((f_pos[up_pos], f_neg[~up_neg], 1.0), (f_pos[~up_pos], f_neg[up_neg], -1.0)):
            if fp.shape[0] and fn.shape[0]:
                for rows in _rows(fp, fn):
                    yield fp[rows, None] - fn[None, :], d
        return
    for rows in _rows(f_pos, f_neg):
        yield f_pos[rows, None] - f_neg[None, :], h_pos[rows, None] - h_neg[None, :]


def _slopes(loss: Loss, blocks, alpha: float) -> tuple[float, float]:
    """φ'(α) and φ''(α) (times mn) of the pairwise risk along h, from the loss's ℓ′ and ℓ″."""
    first = second = 0.0
    for s, d in blocks:
        slope, curvature = loss.slopes(s + alpha * d)
        if np.isscalar(d):
            first += d * float(slope.sum())
            second += float(curvature.sum())
        else:
            first += float((d * slope).sum())
            second += float((d * d * curvature).sum())
    return first, second


def _newton(loss: Loss, blocks) -> float:
    """The root of φ' for a smooth convex φ: Newton's method kept inside a bracket."""
    lo, hi, alpha = -math.inf, math.inf, 0.0
    for _ in range(200):
        first, second = _slopes(loss, blocks, alpha)
        if first == 0.0:
            return alpha
        if first > 0.0:
            hi = alpha
        else:
            lo = alpha
        step = alpha - first / second if second > 0.0 else math.nan
        if not lo < step < hi:  # outside the bracket (or flat): bisect, or widen an open side
            if math.isinf(lo) or math.isinf(hi):
                step = alpha + math.copysign(max(1.0, 2.0 * abs(alpha)), -first)
            else:
                step = 0.5 * (lo + hi)
        if abs(step - alpha) <= 1e-13 * max(1.0, abs(alpha)):
            return step
        alpha = step
    return alpha


def _float_index(x: float) -> int:
    return int(np.float64(x).view(np.int64))


def _index_float(i: int) -> float:
    return float(np.int64(i).view(np.float64))


def _first_nonnegative(slope, integer: bool) -> float:
    """inf{α > 0 : slope(α) ≥ 0} for a non-decreasing slope with slope(0) < 0 — possibly 0
    itself, when the slope turns non-negative just right of 0 (a kink of φ at 0).

    With `integer` every breakpoint is a whole number, so the slope is constant on each
    (k, k + 1) and the infimum is the first k ≥ 0 with slope(k + ½) ≥ 0; otherwise it is
    found among floating-point numbers (the smallest positive one standing for 0)."""
    hi = 1.0
    while slope(hi) < 0.0:
        hi *= 2.0
        if math.isinf(hi):
            raise ArithmeticError("the line search found no end of the descent")
    if integer:
        a, b = -1, int(hi)  # slope(b + ½) ≥ 0; a stands below every candidate
        while b - a > 1:
            mid = (a + b) // 2
            a, b = (a, mid) if slope(mid + 0.5) >= 0.0 else (mid, b)
        return float(b)
    a, b = 0, _float_index(hi)
    while b - a > 1:
        mid = (a + b) // 2
        a, b = (a, mid) if slope(_index_float(mid)) >= 0.0 else (mid, b)
    return 0.0 if b == 1 else _index_float(b)


def _descend(slope, integer: bool = False) -> float:
    """The minimiser nearest 0 of a convex φ from its non-decreasing slope φ′ (0 where φ′(0) = 0)."""
    at_zero = slope(0.0)
    if at_zero == 0.0:
        return 0.0
    if at_zero < 0.0:  # the nearest minimiser is the left end of the minimising interval
        return _first_nonnegative(slope, integer)
    # mirror: the right end of the interval, at a negative α
    return -_first_nonnegative(lambda beta: -slope(-beta), integer)


def _hinge_line_search(f_pos, f_neg, h_pos, h_neg) -> float:
    def slope(alpha):  # φ'(α)·mn with the hinge's step derivative
        counts_pos, counts_neg, _ = _hinge_sets(f_pos + alpha * h_pos, f_neg + alpha * h_neg)
        return float(counts_neg @ h_neg - counts_pos @ h_pos)

    integer = (_is_binary(h_pos) and _is_binary(h_neg)
               and bool(np.all(f_pos == np.round(f_pos))) and bool(np.all(f_neg == np.round(f_neg))))
    return _descend(slope, integer)


def _root(slope, hi: float) -> float:
    """The root in (0, hi] of a continuous, non-decreasing, piecewise-linear slope with slope(0) < 0 ≤ slope(hi):
    regula falsi with the Illinois modification (exact once both ends lie on the root's linear piece), each
    step kept inside the bracket and a bisection whenever the bracket does not halve."""
    lo, s_lo, s_hi = 0.0, slope(0.0), slope(hi)
    side = 0
    for _ in range(200):
        width = hi - lo
        alpha = lo - s_lo * width / (s_hi - s_lo) if s_hi > s_lo else 0.5 * (lo + hi)
        if not lo < alpha < hi:
            alpha = 0.5 * (lo + hi)
            if not lo < alpha < hi:  # no float between the ends
                return hi
        value = slope(alpha)
        if value == 0.0:
            return alpha
        if value < 0.0:
            lo, s_lo = alpha, value
            s_hi, side = (0.5 * s_hi, 1) if side == 1 else (s_hi, 1)
        else:
            hi, s_hi = alpha, value
            s_lo, side = (0.5 * s_lo, -1) if side == -1 else (s_lo, -1)
        if hi - lo > 0.5 * width:  # slow progress: bisect once
            middle = 0.5 * (lo + hi)
            if lo < middle < hi:
                value = slope(middle)
                if value == 0.0:
                    return middle
                if value < 0.0:
                    lo, s_lo = middle, value
                else:
                    hi, s_hi = middle, value
                side = 0
    return hi


def smoothed_line_search(f_pos, f_neg, h_pos, h_neg, mu: float) -> float:
    """α minimising the smoothed hinge risk R_μ(f + α·h): the root of its slope, which is continuous,
    non-decreasing and piecewise linear (:func:`_root`)."""
    def slope(alpha):
        g_pos, g_neg = smoothed_gradient(f_pos + alpha * h_pos, f_neg + alpha * h_neg, mu)
        return float(g_pos @ h_pos + g_neg @ h_neg)

    at_zero = slope(0.0)
    if at_zero == 0.0:
        return 0.0
    sign = 1.0 if at_zero < 0.0 else -1.0
    along = lambda alpha: sign * slope(sign * alpha)  # noqa: E731 — the slope in the descending direction
    hi = 1.0
    while along(hi) < 0.0:
        hi *= 2.0
        if math.isinf(hi):
            raise ArithmeticError("the line search found no end of the descent")
    return sign * _root(along, hi)


def line_search(loss, f_pos, f_neg, h_pos, h_neg) -> float:
    """α minimising R(f + α·h) under `loss` (a key or a :class:`~aucbound.optimal.Loss`; the
    minimiser nearest 0 where several are)."""
    loss = get_loss(loss)
    if loss is LOSSES["hinge"]:
        return _hinge_line_search(f_pos, f_neg, h_pos, h_neg)
    blocks = list(_pair_blocks(f_pos, f_neg, h_pos, h_neg)) if f_pos.shape[0] * f_neg.shape[0] <= CHUNK \
        else _LazyBlocks(f_pos, f_neg, h_pos, h_neg)
    return _newton(loss, blocks)


class _LazyBlocks:
    """The pair blocks made afresh on each pass (large samples: bounded memory)."""

    def __init__(self, *arrays):
        self._arrays = arrays

    def __iter__(self):
        return _pair_blocks(*self._arrays)
