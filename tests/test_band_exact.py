"""The exact finite-sample critical values of the Kolmogorov and Berk–Jones ROC bands, each checked against
a reference computed apart from the code under test: scipy.stats.kstwo (Simard & L'Ecuyer 2011's exact
algorithms for k ≤ 140), numerical integration for k ≤ 3, k!/kᵏ, Monte Carlo of the statistics' own
definitions, and brute-force band edges."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import integrate
from scipy.optimize import brentq
from scipy.special import gammaln, ndtr, ndtri, xlogy
from scipy.stats import kstwo

import aucbound as ab
from aucbound.empirical import (MAX_BERK_JONES, band_bounds, band_contains, berk_jones_bounds, berk_jones_critical,
                                dkw_epsilon, kolmogorov_epsilon, kolmogorov_tail, non_crossing, roc_curve_from_groups)
from aucbound.simulate import band_coverage


# --- the crossing probability ---------------------------------------------------------------------------------


@pytest.mark.parametrize("k", [1, 2, 3, 5, 10, 20, 50, 100, 140])
def test_kolmogorov_bounds_reproduce_scipy_kstwo(k):
    """P(D_k > d) from the Poisson-process engine equals scipy.stats.kstwo.sf(d, k) to 1e-10 wherever
    scipy is exact (k ≤ 140: Durbin's matrix, Pomeranz's recursion, Ruben–Gambino's closed forms)."""
    for d in np.linspace(0.3 / k, 1.0, 41):
        assert abs(kolmogorov_tail(k, d) - kstwo.sf(d, k)) <= 1e-10, (k, d)


def _bounds(rng, k):
    lower = np.sort(rng.uniform(0, 0.7, k))
    upper = np.maximum(np.sort(rng.uniform(0.3, 1.0, k)), lower)
    return lower, upper


def _brute(lower, upper):
    """P(lᵢ ≤ U₍ᵢ₎ ≤ hᵢ) for k ≤ 3 by numerical integration of k! over the ordered region."""
    k = len(lower)
    length = lambda lo, hi: max(0.0, hi - lo)  # noqa: E731
    if k == 1:
        return length(lower[0], upper[0])
    if k == 2:
        return 2 * integrate.quad(lambda u: length(max(u, lower[1]), upper[1]), lower[0], upper[0],
                                  epsabs=1e-13, epsrel=1e-12, limit=200)[0]
    inner = lambda u2, u1: length(max(u2, lower[2]), upper[2]) if u2 >= max(u1, lower[1]) else 0.0  # noqa: E731
    return 6 * integrate.dblquad(inner, lower[0], upper[0], lambda u1: max(u1, lower[1]), lambda u1: upper[1],
                                 epsabs=1e-11, epsrel=1e-10)[0]


@pytest.mark.parametrize("k", [1, 2, 3])
def test_crossing_probability_equals_integration_for_tiny_k(k):
    rng = np.random.default_rng(k)
    for _ in range(8):
        lower, upper = _bounds(rng, k)
        assert non_crossing(lower, upper) == pytest.approx(_brute(lower, upper), abs=1e-8)


def test_crossing_probability_does_not_underflow():
    """One point in each cell [(i − 1)/k, i/k]: P = k!/kᵏ, about 10⁻²⁵⁸ at k = 600 (a plain product of
    Poisson probabilities would pass through values far below the smallest double)."""
    for k in (50, 200, 600):
        i = np.arange(1, k + 1)
        exact = gammaln(k + 1) - k * math.log(k)
        assert math.log(non_crossing((i - 1) / k, i / k)) == pytest.approx(exact, rel=1e-9)


def _binomial_recursion(lower, upper):
    """P(lᵢ ≤ U₍ᵢ₎ ≤ hᵢ) by another decomposition: given c of the k points in [0, t_{j−1}], the other k − c are
    uniform on (t_{j−1}, 1], so Binomial(k − c, Δ/(1 − t_{j−1})) of them land in (t_{j−1}, t_j]; float64."""
    from scipy.stats import binom

    k = len(lower)
    points = np.union1d(np.union1d(lower, upper), [1.0])
    points = points[points > 0]
    state, before = np.zeros(k + 1), 0.0
    state[0] = 1.0
    counts = np.arange(k + 1)
    for t in points:
        q = min(1.0, (t - before) / (1 - before))
        moves = binom.pmf(counts[None, :] - counts[:, None], (k - counts)[:, None], q)  # from c (row) to c' (column)
        state = state @ np.nan_to_num(moves)
        state[counts > np.searchsorted(lower, t, side="left")] = 0.0
        state[counts < np.searchsorted(upper, t, side="right")] = 0.0
        before = t
    return state[k]


@pytest.mark.parametrize("k", [12, 60])
def test_berk_jones_crossing_probability_by_a_binomial_recursion(k):
    """The Berk–Jones bounds at the critical value: the engine's P(no crossing) against the binomial
    decomposition, to 1e-11."""
    a, b = berk_jones_bounds(k, berk_jones_critical(k, 0.025))
    reference = _binomial_recursion(a[1:], b[:-1])
    assert non_crossing(a[1:], b[:-1]) == pytest.approx(reference, abs=1e-11)
    assert 1 - reference <= 0.025


# --- the critical values --------------------------------------------------------------------------------------


@pytest.mark.parametrize("delta", [0.5, 0.1, 0.025, 0.005, 1e-4])
def test_kolmogorov_epsilon_is_scipys_exact_value_and_never_wider_than_dkw(delta):
    for k in (1, 2, 3, 7, 20, 64, 107, 140):
        eps = kolmogorov_epsilon(k, delta)
        assert kstwo.sf(eps, k) <= delta < kstwo.sf(eps * (1 - 1e-9), k) or eps == dkw_epsilon(k, delta)
        assert eps <= dkw_epsilon(k, delta)
    for k in (141, 500, 3000):  # beyond scipy's exact range: the engine has the last word
        eps = kolmogorov_epsilon(k, delta)
        assert eps <= dkw_epsilon(k, delta)
        assert eps == dkw_epsilon(k, delta) or kolmogorov_tail(k, eps) <= delta


def _statistic(u):
    """R_k = sup_t k·K(F̂_k(t), t) of rows of sorted uniforms, from its definition: on [U₍ᵢ₎, U₍ᵢ₊₁₎) F̂ = i/k
    and K(i/k, ·) is convex, so the sup is at the ends of each piece."""
    n, k = u.shape
    p = np.arange(k + 1) / k
    left = np.concatenate((np.zeros((n, 1)), u), axis=1)  # U₍ᵢ₎, U₍₀₎ = 0
    right = np.concatenate((u, np.ones((n, 1))), axis=1)  # U₍ᵢ₊₁₎, U₍ₖ₊₁₎ = 1

    def div(t):
        with np.errstate(divide="ignore"):
            return xlogy(p, p) + xlogy(1 - p, 1 - p) - xlogy(p, t) - xlogy(1 - p, 1 - t)

    return k * np.maximum(div(left), div(right)).max(axis=1)


@pytest.mark.parametrize("k", [5, 20, 100])
def test_berk_jones_critical_value_by_monte_carlo(k):
    """2·10⁵ uniform samples: P(R_k > c) is δ/2 = 0.025 within 4 Monte Carlo standard errors."""
    alpha, trials = 0.025, 200_000
    c = berk_jones_critical(k, alpha)
    rng = np.random.default_rng(k)
    over = sum(int((_statistic(np.sort(rng.random((50_000, k)), axis=1)) > c).sum()) for _ in range(trials // 50_000))
    mcse = math.sqrt(alpha * (1 - alpha) / trials)
    assert abs(over / trials - alpha) <= 4 * mcse


def test_berk_jones_critical_value_for_one_draw():
    """k = 1: R₁ ≤ c ⟺ 1 − e^{−c} ≥ U ≥ e^{−c}, so P(R₁ > c) = 2e^{−c} for c ≥ ln 2: c = ln(2/δ)."""
    for delta in (0.5, 0.1, 0.01):
        assert berk_jones_critical(1, delta) == pytest.approx(math.log(2 / delta), rel=2e-5)
        assert berk_jones_critical(1, delta) >= math.log(2 / delta) * (1 - 1e-12)


def test_berk_jones_bounds_solve_the_divergence():
    """Each [aᵢ, bᵢ] = {u : k·K(i/k, u) ≤ c}, against scipy's brentq on K itself."""
    k, c = 30, 5.5
    a, b = berk_jones_bounds(k, c)
    for i in range(k + 1):
        p = i / k
        f = _divergence_minus(k, p, c)
        lo = 0.0 if f(1e-300) <= 0 else brentq(f, 1e-300, p, xtol=1e-15) if p > 0 else 0.0
        hi = 1.0 if p == 1 or f(1 - 1e-16) <= 0 else brentq(f, p, 1 - 1e-16, xtol=1e-15)
        assert a[i] == pytest.approx(lo, abs=1e-12) and b[i] == pytest.approx(hi, abs=1e-12)
        assert a[i] <= lo + 1e-15 and b[i] >= hi - 1e-15  # widened, never narrowed


def test_critical_values_are_cached_and_report_their_progress():
    calls = []
    berk_jones_critical(333, 0.025, progress=lambda done, total: calls.append((done, total)))
    assert len(calls) >= 5 and calls[-1][0] == calls[-1][1] and all(done <= total for done, total in calls)
    calls = []
    berk_jones_critical(333, 0.025, progress=lambda done, total: calls.append(done))
    assert calls == []


def test_berk_jones_limits():
    with pytest.raises(ValueError, match="`k` must be at most 10,000.*kolmogorov"):
        berk_jones_critical(MAX_BERK_JONES + 1, 0.025)
    with pytest.raises(ValueError, match="`delta` must be at least 1e-06"):
        berk_jones_critical(10, 1e-7)
    labels, scores = [0] * (MAX_BERK_JONES + 1) + [1] * 3, np.arange(MAX_BERK_JONES + 4)
    with pytest.raises(ValueError, match=r"`method` must be 'kolmogorov' or 'dkw' .* got 'berk-jones' with m = 3"):
        ab.roc_band(labels, scores, method="berk-jones")
    with pytest.raises(ValueError, match="`delta` must be at least 2e-06 for the Berk–Jones band"):
        ab.roc_band([0, 1], [0.1, 0.2], method="berk-jones", delta=1e-6)
    with pytest.raises(ValueError, match="`method` must be 'kolmogorov'"):
        band_coverage(method="berk-jones", m=MAX_BERK_JONES + 1, n=5, trials=1)
    with pytest.raises(ValueError, match="`ratings` must be"):
        band_coverage(method="kolmogorov", ratings=1)
    with pytest.raises(ValueError, match="`method`.*sampling weights"):
        ab.roc_band([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], method="berk-jones", sample_weight=[1, 2, 1, 2],
                    weight_kind="sampling")


# --- the ROC bands --------------------------------------------------------------------------------------------


def _divergence_minus(k, q, c):
    """u ↦ k·K(q, u) − c, written out with scipy's xlogy (0·ln 0 = 0)."""
    def f(u):
        with np.errstate(divide="ignore"):
            return k * float(xlogy(q, q) - xlogy(q, u) + xlogy(1 - q, 1 - q) - xlogy(1 - q, 1 - u)) - c
    return f


def _reference_bounds(method, k, alpha):
    """Per-count class bounds built apart from the library's: i/k ± ε, or [aᵢ, bᵢ] by brentq on K."""
    p = np.arange(k + 1) / k
    if method != "berk-jones":
        eps = dkw_epsilon(k, alpha) if method == "dkw" else float(kstwo.isf(alpha, k))
        return p - eps, p + eps
    c = berk_jones_critical(k, alpha)
    lower, upper = np.zeros(k + 1), np.ones(k + 1)
    for i, q in enumerate(p):
        f = _divergence_minus(k, q, c)
        if q > 0 and f(1e-300) > 0:
            lower[i] = brentq(f, 1e-300, q, xtol=1e-15)
        if q < 1 and f(1 - 1e-16) > 0:
            upper[i] = brentq(f, q, 1 - 1e-16, xtol=1e-15)
    return lower, upper


@pytest.mark.parametrize("method", ["dkw", "kolmogorov", "berk-jones"])
def test_band_edges_equal_the_brute_force_envelope(method):
    """At FPR x: hi = max upper₊(tp) over the points whose FPR lower limit is ≤ x, lo = min lower₊(tp) over
    those whose FPR upper limit is ≥ x — by a loop over the points, on small data with ties."""
    labels = [0] * 9 + [1] * 7
    scores = [0.1, 0.2, 0.2, 0.3, 0.5, 0.5, 0.6, 0.7, 0.9, 0.2, 0.4, 0.5, 0.6, 0.8, 0.8, 0.95]
    x = np.linspace(0.0, 1.0, 203)
    band = ab.roc_band(labels, scores, method=method, specificities=1 - x)
    curve = ab.roc_curve(labels, scores)
    (lo_pos, up_pos), (lo_neg, up_neg) = (_reference_bounds(method, k, 0.025) for k in (7, 9))
    for j, at in enumerate(x):
        hi = max(up_pos[tp] for tp, fp in zip(curve.tp, curve.fp) if lo_neg[fp] <= at)
        lo = min(lo_pos[tp] for tp, fp in zip(curve.tp, curve.fp) if up_neg[fp] >= at)
        assert band.hi[j] == pytest.approx(min(max(hi, 0.0), 1.0), abs=1e-9)
        assert band.lo[j] == pytest.approx(min(max(lo, 0.0), 1.0), abs=1e-9)
    assert band.simultaneous and band.guarantee == "distribution-free"
    # read the other way: the specificity at sensitivity y, from the FPR limits of the points around it
    y = np.linspace(0.0, 1.0, 97)
    band = ab.roc_band(labels, scores, method=method, sensitivities=y)
    for j, at in enumerate(y):
        hi_fpr = max(up_neg[fp] for tp, fp in zip(curve.tp, curve.fp) if lo_pos[tp] <= at)
        lo_fpr = min(lo_neg[fp] for tp, fp in zip(curve.tp, curve.fp) if up_pos[tp] >= at)
        assert band.lo[j] == pytest.approx(1 - min(max(hi_fpr, 0.0), 1.0), abs=1e-9)
        assert band.hi[j] == pytest.approx(1 - min(max(lo_fpr, 0.0), 1.0), abs=1e-9)


def test_the_exact_bands_are_never_wider_in_total_and_berk_jones_is_narrow_in_the_tails():
    rng = np.random.default_rng(3)
    labels = np.r_[np.zeros(300), np.ones(300)]
    scores = np.r_[rng.standard_normal(300), 1.2 + rng.standard_normal(300)]
    grid = np.linspace(0, 1, 2001)
    width = {method: ab.roc_band(labels, scores, method=method, specificities=grid)
             for method in ("dkw", "kolmogorov", "berk-jones")}
    area = {method: float(np.mean(band.hi - band.lo)) for method, band in width.items()}
    assert area["kolmogorov"] <= area["dkw"] and area["berk-jones"] < 0.9 * area["dkw"]
    assert np.all(width["kolmogorov"].hi - width["kolmogorov"].lo <= width["dkw"].hi - width["dkw"].lo + 1e-12)
    at_95 = {method: ab.roc_band(labels, scores, method=method, specificities=[0.95]) for method in width}
    assert at_95["berk-jones"].hi[0] - at_95["berk-jones"].lo[0] < at_95["dkw"].hi[0] - at_95["dkw"].lo[0]
    assert at_95["berk-jones"].critical_pos == berk_jones_critical(300, 0.025)


def _grid_covers(curve, truth, bounds_pos, bounds_neg, points=4001):
    """The containment question on a dense grid of FPRs, the band's edges read by brute force."""
    (lo_pos, up_pos), (lo_neg, up_neg) = bounds_pos, bounds_neg
    x = np.linspace(0.0, 1.0, points)
    hi = np.array([up_pos[curve.tp[lo_neg[curve.fp] <= t]].max() for t in x])
    lo = np.array([lo_pos[curve.tp[up_neg[curve.fp] >= t]].min() for t in x])
    r = truth(x)
    return bool(np.all((lo <= r) & (r <= hi)))


def test_exact_containment_agrees_with_a_dense_grid_for_berk_jones():
    """With the critical value cut to an eighth (so that failures happen), the exact check fails whenever the
    grid sees a failure, and agrees with it on nearly every data set."""
    rng = np.random.default_rng(5)
    mu = ndtri(0.8) * math.sqrt(2)
    truth = lambda x: ndtr(mu + ndtri(np.clip(x, 0, 1)))  # noqa: E731
    bounds = berk_jones_bounds(30, berk_jones_critical(30, 0.025) / 8)
    agree = fails = 0
    for _ in range(60):
        curve = roc_curve_from_groups(np.sort(mu + rng.standard_normal(30)), np.sort(rng.standard_normal(30)))
        exact, grid = band_contains(curve, truth, bounds, bounds), _grid_covers(curve, truth, bounds, bounds)
        assert exact <= grid
        agree += exact == grid
        fails += not exact
    assert fails >= 10 and agree >= 55


def test_band_bounds_of_dkw_are_its_half_widths():
    (lower, upper), _ = band_bounds("dkw", 10, 20, 0.05)
    assert np.allclose(upper(np.arange(11)) - np.arange(11) / 10, dkw_epsilon(10, 0.025))
    assert np.allclose(np.arange(11) / 10 - lower(np.arange(11)), dkw_epsilon(10, 0.025))


# --- coverage: fast cells (bench/band_sharper.py runs the large ones) --------------------------------------------


@pytest.mark.parametrize("method, kwargs", [
    ("berk-jones", dict(auc=0.5, m=20, n=20)),
    ("berk-jones", dict(auc=0.99, m=10, n=200)),
    ("berk-jones", dict(auc=0.8, m=30, n=30, ratings=5)),
    ("kolmogorov", dict(auc=0.8, m=8, n=100)),
    ("kolmogorov", dict(auc=0.7, m=30, n=30, ratings=4)),
])
def test_coverage_at_least_as_promised(method, kwargs):
    result = band_coverage(method=method, delta=0.05, trials=2000, seed=11, **kwargs)
    assert result.simultaneous >= 0.95 - 3 * math.sqrt(0.95 * 0.05 / 2000)
    assert min(result.pointwise) >= result.simultaneous


def test_rating_scale_points_are_the_true_operating_points():
    result = band_coverage(method="berk-jones", ratings=4, trials=5, m=10, n=10)
    assert result.specificities == pytest.approx([0.25, 0.5, 0.75]) and result.ratings == 4


def test_kolmogorov_tail_by_the_binomial_recursion_where_scipy_approximates():
    """k = 200 > 140, where scipy.stats.kstwo approximates: the engine against the binomial decomposition."""
    k = 200
    d = kolmogorov_epsilon(k, 0.025)
    i = np.arange(1, k + 1)
    reference = 1 - _binomial_recursion(np.clip(i / k - d, 0, 1), np.clip((i - 1) / k + d, 0, 1))
    assert kolmogorov_tail(k, d) == pytest.approx(reference, abs=1e-11)
    assert reference <= 0.025 and abs(reference - kstwo.sf(d, k)) < 1e-5


def test_the_plot_draws_the_band_roc_band_gives():
    from aucbound import plots

    labels, scores = [0] * 6 + [1] * 6, [0.1, 0.3, 0.35, 0.5, 0.55, 0.7, 0.4, 0.6, 0.65, 0.8, 0.9, 0.95]
    figure, rows = plots.roc(labels, {"f": scores}, band="berk-jones", return_data=True)
    upper = [row["y"] for row in rows if row["series"] == "f: berk-jones band, upper"]
    grid = np.linspace(0.0, 1.0, 501)
    assert upper == pytest.approx(ab.roc_band(labels, scores, method="berk-jones", specificities=1 - grid).hi.tolist())
    with pytest.raises(ValueError, match="`band` must be 'kolmogorov' or 'dkw'"):
        plots.roc([0] * 10001 + [1], list(range(10002)), band="berk-jones")


def test_the_kolmogorov_value_beyond_scipys_exact_range_reports_its_progress():
    calls = []
    eps = kolmogorov_epsilon(20_000, 0.0125, progress=lambda done, total: calls.append((done, total)))
    assert len(calls) >= 5 and all(0 <= done < total for done, total in calls)
    assert kolmogorov_tail(20_000, eps) <= 0.0125 < kolmogorov_tail(20_000, eps * (1 - 1e-6))
