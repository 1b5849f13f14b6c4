r"""A Bernstein-type interval for the AUC whose variance is the Hoeffding projection's (beyond the papers).

McDiarmid's and Hoeffding's intervals pay for the worst kernel variance: the width of
``hoeffding-kl`` behaves as sqrt(2·A(1−A)·ln(2/δ)/min(m, n)), while DeLong's asymptotic width
is Φ⁻¹(1 − δ/2)·sqrt(σ10²/m + σ01²/n), with σ10² = Var F̄(X) the variance of a positive's
placement among the negatives and σ01² = Var G(Y) that of a negative's among the positives
(Hoeffding's projection; DeLong et al. 1988). This interval is finite-sample valid for every
pair of distributions and every m, n, and its width behaves as sqrt(2·ln(1/δ')·(σ10²/m + σ01²/n)).

**The bound** (proved in the documentation's page on sharper guarantees). Reveal first the
smaller class, of size a, whose placements have variance σa², then the other, of size b and
placement variance σb². With ψ(u) = eᵘ − 1 − u, φ(u) = ψ(u)/u², c = b·ψ(λ/b), e0 an upper
bound of E Var(h(X, Y) | first item) (at most min(¼, A(1 − A))), s = min(½, 2σa) and
β = (λ + c/2)/a, for every λ > 0 and either sign

    ln E exp(±λ(Â − A)) ≤ K(λ) = c·(σb²·(1 − 1/a) + e0/a) + φ(β)·(λσa + c·s)²/a,

from Bennett's inequality for the second class given the first, then Bennett's inequality for
the martingale differences of λ(first-class mean) + c·(conditional variance) over the first
class (McDiarmid 1998, Thm 3.8). So P(±(Â − A) ≥ t) ≤ exp(K(λ) − λt), and the half-width is
min_λ (K(λ) + ln(1/δ_tail))/λ, increasing in σa², σb² and e0.

**The variances.** σ10² = E k10 with k10 = ½(h(X, Y) − h(X′, Y))(h(X, Y′) − h(X′, Y′)) ∈ [0, ½]
(non-negative because h is monotone in each argument), estimated without bias by the
U-statistic p̂2 − Â²_U from Lehmann's p̂2 (and σ01² by p̂1 − Â²_U), where Â²_U, the U-statistic of
A² over four distinct items, is a function of Â, p̂1, p̂2 and Σh² ≤ 2U (taking Σh² = 2U where
ties make it smaller only raises the estimate). Hoeffding's (1963, §5) averaging over
⌊m/2⌋ ∧ ⌊n/2⌋ independent blocks with the Chernoff–Kullback–Leibler bound gives each an upper
confidence bound at δ/20.

**δ.** 0.45·δ to each tail, δ/20 to each variance bound. On the event that both variance
bounds hold, the true A lies in the interval; the interval is then narrowed by capping the
variances at max A(1 − A) over it (σ10², σ01² and e0 are all at most A(1 − A)), on the same
event, a few times over.

Every λ gives a valid bound, so the minimum over λ (each of K's two terms on its own: a coarse grid,
then finer grids around the best) need not be exact: an approximate minimum only widens the interval.
"""

from __future__ import annotations

import math

import numpy as np

from ._hoeffding import kl_ends

__all__ = ["bernstein_ends", "bernstein_deviations", "bernstein_half_width", "bennett_deviation", "projection_variances",
           "variance_upper_bound", "log_mgf_bound", "psi", "phi", "TAIL_SHARE", "VARIANCE_SHARE"]

#: The share of δ spent on each tail of the interval.
TAIL_SHARE = 0.45
#: The share of δ spent on each of the two variance bounds.
VARIANCE_SHARE = 0.05
#: Rounds of narrowing by the cap A(1 − A).
_CAP_ROUNDS = 4
#: The coarse grid of λ/λ₀ (λ₀ = sqrt(2·ln(1/δ)/v), v the bound's variance): the best λ lies between e⁻⁹·λ₀ and
#: λ₀ (the range terms only lower it). Then finer grids over the two cells around the best point so far: for
#: many data sets at once, the two points half a spacing either side, the spacing halved 20 times; for a few,
#: where each numpy call costs more than its arithmetic, nine points a quarter spacing apart, 11 times. The last
#: spacing is at most 5·10⁻⁷ in ln λ: the half-width within 10⁻¹³ of its minimum (relative), whichever way.
_COARSE = np.exp(np.arange(-9.0, 0.5001, 0.5))
#: (offsets in spacings, the factor the spacing shrinks by, how many times) for many rows and for a few.
_ZOOM_MANY = (np.array([-1.0, 1.0]), 2.0, 20)
_ZOOM_FEW = (np.arange(-4.0, 4.5, 1.0), 4.0, 11)
#: At most this many rows count as a few.
_FEW_ROWS = 64
#: Data sets whose half-widths are computed in one block (each takes a grid of 20 floats a term).
_BLOCK = 4096


def psi(u):
    """ψ(u) = eᵘ − 1 − u ≥ 0, without cancellation near 0 (a series below 10⁻³)."""
    u = np.asarray(u, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore"):
        direct = np.expm1(u) - u
    return np.where(np.abs(u) < 1e-3, u * u * (0.5 + u * (1.0 / 6.0 + u / 24.0)), direct)


def phi(u):
    """φ(u) = ψ(u)/u², increasing, φ(0) = ½ (a series below 10⁻³)."""
    u = np.asarray(u, dtype=np.float64)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        direct = psi(u) / (u * u)
    return np.where(np.abs(u) < 1e-3, 0.5 + u * (1.0 / 6.0 + u / 24.0), direct)


def _projection_term(lam, a, b, var_a, var_b, e0, reach):
    """The projection's bound on ln E exp(λ·D) (Theorem 1's first term)."""
    c = b * psi(lam / b)
    spread = np.minimum(0.5, 2.0 * np.sqrt(var_a))
    return (phi((lam * reach + 0.5 * c) / a) * (lam * np.sqrt(var_a) + c * spread) ** 2 / a
            + c * (var_b * (1.0 - 1.0 / a) + e0 / a))


def _kernel_term(lam, a, b, cap, reach):
    """Bennett's bound for Hoeffding's average of k = min(a, b) kernel values (Theorem 1's second term)."""
    pairs = np.minimum(a, b)
    return phi(lam * reach / pairs) * lam * lam / pairs * cap


def log_mgf_bound(lam, a, b, var_a, var_b, e0, cap=0.25, reach=1.0):
    """K(λ): the bound on ln E exp(λ·D) for the deviation D = Â − A (or A − Â) (module docstring),
    elementwise; +inf where it overflows.

    `a`, `var_a` are the first-revealed class's size and placement variance, `b`, `var_b` the
    other's, `e0` the bound on the mean conditional variance of one kernel value, `cap` a bound
    on A(1 − A) (which bounds the variance of one kernel value) and `reach` one on how far a
    kernel value or a placement can lie beyond A in the deviation's direction: 1 − A for Â − A,
    A for A − Â (1 always does). K is the smaller of the projection's bound and Bennett's for
    Hoeffding's average of k = min(a, b) independent kernel values, k·ψ(λ·reach/k)·cap/reach².
    """
    lam, a, b, var_a, var_b, e0, cap, reach = (np.asarray(x, dtype=np.float64)
                                               for x in (lam, a, b, var_a, var_b, e0, cap, reach))
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        bound = np.minimum(_projection_term(lam, a, b, var_a, var_b, e0, reach), _kernel_term(lam, a, b, cap, reach))
    return np.where(np.isnan(bound), np.inf, bound)


def bernstein_half_width(a, b, var_a, var_b, e0, cap, reach, log_tail):
    """min over λ of (K(λ) + ln(1/δ_tail))/λ: a deviation t with P(D ≥ t) ≤ δ_tail for the deviation D that
    `reach` bounds, when var_a, var_b, e0, cap and reach bound the true quantities (:func:`log_mgf_bound`),
    elementwise. The minimum over λ of the smaller of K's two terms is the smaller of the two terms' minima,
    each found on its own (:func:`_zoom_minimum`)."""
    arrays = np.broadcast_arrays(*(np.asarray(x, dtype=np.float64)
                                   for x in (a, b, var_a, var_b, e0, cap, reach, log_tail)))
    shape = arrays[0].shape
    a, b, var_a, var_b, e0, cap, reach, log_tail = (x.ravel() for x in arrays)
    budget = -log_tail
    out = np.empty(a.shape[0])
    for start in range(0, a.shape[0], _BLOCK):
        part = slice(start, start + _BLOCK)
        a_, b_, va, vb, e0_, cap_, reach_ = (x[part, None] for x in (a, b, var_a, var_b, e0, cap, reach))
        spent = budget[part, None]
        projection = _zoom_minimum(lambda lam: _projection_term(lam, a_, b_, va, vb, e0_, reach_), spent,
                                     np.maximum(va / a_ + vb / b_, 1e-300))
        kernel = _zoom_minimum(lambda lam: _kernel_term(lam, a_, b_, cap_, reach_), spent,
                                 np.maximum(cap_ / np.minimum(a_, b_), 1e-300))
        out[part] = np.minimum(projection, kernel)
    return out.reshape(shape)


def bennett_deviation(pairs, variance, reach, log_tail):
    """min over λ of (k·ψ(λ·r/k)·v/r² + ln(1/δ_tail))/λ: Bennett's deviation for Hoeffding's average of
    k = `pairs` independent kernel values, each at most r = `reach` beyond its mean in the deviation's direction
    and of variance at most v = `variance` (Theorem 1's kernel term on its own), elementwise. The paired
    monitor's bound for a difference of two AUCs is this with r = 2.

    >>> round(float(bennett_deviation(10**4, 0.1, 2.0, math.log(0.025))), 4)  # ≈ sqrt(2·v·ln 40/k) + 2·ln 40/(3k)
    0.0088
    """
    arrays = np.broadcast_arrays(*(np.asarray(x, dtype=np.float64) for x in (pairs, variance, reach, log_tail)))
    shape = arrays[0].shape
    pairs, variance, reach, log_tail = (x.ravel()[:, None] for x in arrays)
    variance = np.maximum(variance, 1e-300)
    deviation = _zoom_minimum(lambda lam: _kernel_term(lam, pairs, pairs, variance, reach), -log_tail,
                              variance / pairs)
    return deviation.reshape(shape)


def _zoom_minimum(term, budget, variance):
    """The smallest (term(λ) + budget)/λ found, one per row: the best point of a coarse grid of ln(λ/λ₀), with
    λ₀ = sqrt(2·budget/variance), then finer grids over the two cells around the best point so far
    (:data:`_ZOOM_MANY`, :data:`_ZOOM_FEW`). Each term is smooth and its width has a single minimum in ln λ, which
    the two cells around the best point therefore hold; every λ tried gives a valid bound, so the smallest value
    seen is returned."""

    def widths(log_lams):
        lams = np.exp(log_lams)
        with np.errstate(invalid="ignore", over="ignore", divide="ignore"):
            width = (term(lams) + budget) / lams
        return np.where(np.isnan(width), np.inf, width)

    rows = np.arange(budget.shape[0])
    grid = np.log(np.sqrt(2.0 * budget / variance)) + np.log(_COARSE)[None, :]
    step = np.log(_COARSE[1]) - np.log(_COARSE[0])
    values = widths(grid)
    best = np.argmin(values, axis=1)
    centre, seen = grid[rows, best], values[rows, best]
    offsets, factor, zooms = _ZOOM_FEW if budget.shape[0] <= _FEW_ROWS else _ZOOM_MANY
    for _ in range(zooms):
        step /= factor
        grid = centre[:, None] + step * offsets[None, :]
        values = widths(grid)
        best = np.argmin(values, axis=1)
        better = values[rows, best] < seen
        centre, seen = np.where(better, grid[rows, best], centre), np.where(better, values[rows, best], seen)
    return seen


def projection_variances(auc, p1, p2, m, n):
    """(Û10, Û01): the U-statistics of σ10² = Var F̄(X) and σ01² = Var G(Y) over distinct pairs of positives
    and of negatives, from Â and Lehmann's p̂1 = P̂(X1 > Y, X2 > Y), p̂2 = P̂(X > Y1, X > Y2), with Σh²
    taken as Σh (exact without ties, an upper bound of both with them); elementwise, NaN where m < 2 or n < 2.

    Û10 = p̂2 − Â²_U and Û01 = p̂1 − Â²_U, with
    Â²_U = Â²·mn/((m−1)(n−1)) − p̂2/(m−1) − p̂1/(n−1) − Â/((m−1)(n−1)).
    """
    auc, p1, p2, m, n = (np.asarray(x, dtype=np.float64) for x in (auc, p1, p2, m, n))
    with np.errstate(divide="ignore", invalid="ignore"):
        square = (auc * auc * (m / (m - 1.0)) * (n / (n - 1.0)) - p2 / (m - 1.0) - p1 / (n - 1.0)
                  - auc / ((m - 1.0) * (n - 1.0)))
        defined = (m >= 2) & (n >= 2)
        u10 = np.where(defined, np.maximum(p2 - square, 0.0), np.nan)
        u01 = np.where(defined, np.maximum(p1 - square, 0.0), np.nan)
    return u10, u01


def variance_upper_bound(estimate, m, n, log_delta):
    """An upper confidence bound at level δ for a placement variance σ² from its U-statistic `estimate`
    (a mean of the kernel ½(h − h′)(h − h′) ∈ [0, ½]): ½·sup{p : k·kl(2σ̂²‖p) ≤ ln(1/δ)} with
    k = ⌊m/2⌋ ∧ ⌊n/2⌋ blocks, at most ¼ (a placement lies in [0, 1]); ¼ where k = 0 or σ̂² is NaN."""
    estimate, m, n, log_delta = np.broadcast_arrays(*(np.asarray(x, dtype=np.float64) for x in (estimate, m, n, log_delta)))
    blocks = np.minimum(np.floor(m / 2.0), np.floor(n / 2.0))
    usable = (blocks >= 1) & np.isfinite(estimate)
    q = np.clip(np.where(usable, 2.0 * estimate, 0.5), 0.0, 1.0)
    # kl_ends spends ln(2/δ′) on each end: δ′ = 2δ puts ln(1/δ) on the upper one
    _, hi, _, _ = kl_ends(q, np.where(usable, blocks, 1.0), log_delta + math.log(2.0))
    return np.where(usable, np.minimum(0.5 * hi, 0.25), 0.25)


def bernstein_deviations(auc, p1, p2, m, n, log_delta):
    """(t₊, t₋): deviations with P(Â − A ≥ t₊) and P(A − Â ≥ t₋) at most 0.45·δ each once the variance bounds
    hold (δ/20 each), so that [Â − t₊, Â + t₋] is the level-δ interval before clipping (module docstring),
    elementwise. They bound the deviation of the U-statistic at every larger sample of a stream too (the
    monitor's confidence sequence), where the clipped ends of :func:`bernstein_ends` would not."""
    arrays = np.broadcast_arrays(*(np.asarray(x, dtype=np.float64) for x in (auc, p1, p2, m, n, log_delta)))
    shape = arrays[0].shape
    auc, p1, p2, m, n, log_delta = (x.ravel() for x in arrays)
    log_variance = log_delta + math.log(VARIANCE_SHARE)
    u10, u01 = projection_variances(auc, p1, p2, m, n)
    s10, s01 = np.split(variance_upper_bound(np.concatenate([u10, u01]), np.concatenate([m, m]), np.concatenate([n, n]),
                                             np.concatenate([log_variance, log_variance])), 2)
    first_positive = m <= n  # reveal the smaller class first
    a, b = np.where(first_positive, m, n), np.where(first_positive, n, m)
    var_a, var_b = np.where(first_positive, s10, s01), np.where(first_positive, s01, s10)
    cap = np.full(a.shape, 0.25)
    lo, hi = np.zeros(a.shape), np.ones(a.shape)
    log_tail = log_delta + math.log(TAIL_SHARE)
    for round_ in range(_CAP_ROUNDS + 1):
        # Â − A ≥ t₊ moves the lower end: a value lies at most 1 − A ≤ 1 − lo above A; A − Â, at most A ≤ hi below
        both = bernstein_half_width(*(np.concatenate([x, x]) for x in (a, b, var_a, var_b, cap, cap)),
                                    np.concatenate([1.0 - lo, hi]), np.concatenate([log_tail, log_tail]))
        above, below = both[:a.shape[0]], both[a.shape[0]:]
        lo, hi = np.maximum(auc - above, 0.0), np.minimum(auc + below, 1.0)
        if round_ < _CAP_ROUNDS:
            cap = np.minimum(cap, np.where((lo <= 0.5) & (hi >= 0.5), 0.25,
                                           np.maximum(lo * (1.0 - lo), hi * (1.0 - hi))))
            var_a, var_b = np.minimum(var_a, cap), np.minimum(var_b, cap)
    return above.reshape(shape), below.reshape(shape)


def bernstein_ends(auc, p1, p2, m, n, log_delta):
    """(ε, lo, hi) of the interval at level δ = exp(`log_delta`), elementwise (module docstring):
    lo = Â − t₊ and hi = Â + t₋ (:func:`bernstein_deviations`), clipped to [0, 1], ε the larger of Â − lo and
    hi − Â."""
    above, below = bernstein_deviations(auc, p1, p2, m, n, log_delta)
    auc = np.broadcast_to(np.asarray(auc, dtype=np.float64), above.shape)
    lo, hi = np.maximum(auc - above, 0.0), np.minimum(auc + below, 1.0)
    return np.maximum(auc - lo, hi - auc), lo, hi
