"""Independent reference values at 50 digits with mpmath, for the tests.

Each function states, in its docstring, the formula as the paper prints it, and evaluates
that formula directly: nothing here imports aucbound, so a shared error cannot pass.
Sizes may be Python integers of any size; results are mpmath numbers (or Python
integers for the counts). At the end, a value of a peer (scipy) beside the call that printed
it; R's pROC values are in tests/proc_reference.py.
"""

import itertools
import math
from fractions import Fraction

import mpmath as mp

DPS = 50


def _mpf(*values):
    return [mp.mpf(v) if not isinstance(v, Fraction) else mp.mpf(v.numerator) / v.denominator for v in values]


# --- Agarwal et al. (2005), §3: one fixed ranking function -------------------------------------


def mcdiarmid_epsilon(m, n, delta, dps=DPS):
    """Agarwal et al. (2005), Cor 3.4: ε = sqrt((m + n)·ln(2/δ)/(2mn))."""
    with mp.workdps(dps):
        m, n, delta = mp.mpf(m), mp.mpf(n), mp.mpf(delta)
        return mp.sqrt((m + n) * mp.log(2 / delta) / (2 * m * n))


def mcdiarmid_tail(epsilon, m, n):
    """Agarwal et al. (2005), Thm 3.3: P(|Â − A| ≥ ε) ≤ 2·exp(−2mnε²/(m + n)), capped at 1."""
    with mp.workdps(DPS):
        epsilon, m, n = _mpf(epsilon, m, n)
        return min(mp.mpf(1), 2 * mp.exp(-2 * m * n * epsilon**2 / (m + n)))


def log_class(class_size=None, log_size=0):
    """ln|F| at the working precision, from the integer |F| or from ln|F| itself."""
    return mp.log(mp.mpf(class_size)) if class_size is not None else mp.mpf(log_size)


def finite_class_epsilon(m, n, delta, class_size=None, log_size=0, dps=DPS):
    """Agarwal et al. (2005), Cor 3.9: ε = sqrt((ln|F| + ln(2/δ))/(2ρ(1−ρ)M)), with M = m + n
    and ρ(1−ρ)M = mn/(m + n); |F| is `class_size` (an integer), or ln|F| is `log_size`."""
    with mp.workdps(dps):
        log_size = log_class(class_size, log_size)
        m, n, delta = _mpf(m, n, delta)
        rho = m / (m + n)
        return mp.sqrt((log_size + mp.log(2 / delta)) / (2 * rho * (1 - rho) * (m + n)))


def finite_class_tail(epsilon, m, n, class_size):
    """Agarwal et al. (2005), Thm 3.8: 2|F|·exp(−2ρ(1−ρ)Mε²), capped at 1, with |F| = `class_size`."""
    with mp.workdps(DPS):
        log_size = log_class(class_size)
        epsilon, m, n = _mpf(epsilon, m, n)
        rho = m / (m + n)
        return min(mp.mpf(1), 2 * mp.exp(log_size - 2 * rho * (1 - rho) * (m + n) * epsilon**2))


def error_rate_epsilon(N, delta, dps=DPS):
    """Agarwal et al. (2005), Eq. 16 (Hoeffding): P(|L̂ − L| ≥ ε) ≤ 2·exp(−2Nε²), so
    ε = sqrt(ln(2/δ)/(2N))."""
    with mp.workdps(dps):
        N, delta = _mpf(N, delta)
        return mp.sqrt(mp.log(2 / delta) / (2 * N))


def error_rate_tail(epsilon, N):
    """Agarwal et al. (2005), Eq. 16: 2·exp(−2Nε²), capped at 1."""
    with mp.workdps(DPS):
        epsilon, N = _mpf(epsilon, N)
        return min(mp.mpf(1), 2 * mp.exp(-2 * N * epsilon**2))


def sample_size_ratio(rho):
    """Agarwal et al. (2005), Figure 2: Cor 3.5's N over Eq. 16's N, 1/(ρ(1−ρ))."""
    with mp.workdps(DPS):
        (rho,) = _mpf(rho)
        return 1 / (rho * (1 - rho))


# --- Hoeffding (1963), §5: two-sample U-statistics ----------------------------------------------


def hoeffding_epsilon(m, n, delta, dps=DPS):
    """Hoeffding (1963), §5, quadratic form: P(Â − A ≥ t) ≤ exp(−2kt²), k = min(m, n), so
    ε = sqrt(ln(2/δ)/(2·min(m, n)))."""
    with mp.workdps(dps):
        return mp.sqrt(mp.log(2 / mp.mpf(delta)) / (2 * min(mp.mpf(m), mp.mpf(n))))


def hoeffding_tail(epsilon, m, n):
    """Hoeffding (1963), §5: 2·exp(−2·min(m, n)·ε²), capped at 1."""
    with mp.workdps(DPS):
        epsilon, k = _mpf(epsilon, min(m, n))
        return min(mp.mpf(1), 2 * mp.exp(-2 * k * epsilon**2))


def kl(p, q, dps=DPS):
    """The Bernoulli Kullback–Leibler divergence kl(p‖q) = p·ln(p/q) + (1−p)·ln((1−p)/(1−q)),
    with 0·ln 0 = 0."""
    with mp.workdps(dps):
        p, q = mp.mpf(p), mp.mpf(q)
        left = p * mp.log(p / q) if p > 0 else mp.mpf(0)
        right = (1 - p) * mp.log((1 - p) / (1 - q)) if p < 1 else mp.mpf(0)
        return left + right


def kl_interval(auc, k, delta, dps=DPS):
    """Hoeffding (1963), §5, Chernoff form: the ends of {θ : k·kl(Â‖θ) ≤ ln(2/δ)}.

    The lower end is found by bisecting on ln θ down to θ = 10^-400, below every float, so
    it comes out to full relative precision however close to 0 it is; the upper end is
    1 − the lower end of the mirrored problem, as kl(p‖q) = kl(1 − p‖1 − q).
    """
    with mp.workdps(dps):
        auc = mp.mpf(auc)
        budget = mp.log(2 / mp.mpf(delta)) / k
        floor = mp.mpf(10) ** -400

        def lower_end(p):  # kl(p‖θ) falls from above the budget at the floor to 0 at θ = p
            if p == 0 or kl(p, floor, dps) <= budget:
                return mp.mpf(0)
            a, b = mp.log(floor), mp.log(p)
            for _ in range(4 * dps + 100):
                c = (a + b) / 2
                if kl(p, mp.exp(c), dps) > budget:
                    a = c
                else:
                    b = c
            return mp.exp((a + b) / 2)

        return lower_end(auc), 1 - lower_end(1 - auc)


# --- Agarwal et al. (2005), §3.1: variances, Chebyshev and the normal approximation ------------


def normal_upper_quantile(log_p, dps=DPS):
    """z with Φ(−z) = exp(log_p)."""
    with mp.workdps(dps):
        log_p = mp.mpf(log_p)
        guess = mp.sqrt(-2 * log_p)
        return mp.findroot(lambda z: mp.log(mp.ncdf(-z)) - log_p, guess)


def two_sided_quantile(delta, dps=DPS):
    """Φ⁻¹(1 − δ/2) (Agarwal et al. 2005, Eq. 13), from ln(δ/2) so that any δ works."""
    with mp.workdps(dps):
        return normal_upper_quantile(mp.log(mp.mpf(delta) / 2), dps)


def lehmann_variance(auc, p1, p2, m, n):
    """Agarwal et al. (2005), Eq. 7 (Lehmann 1975):
    σ²_A = [A(1−A) + (m−1)(p1 − A²) + (n−1)(p2 − A²)]/(mn)."""
    with mp.workdps(DPS):
        A, p1, p2, m, n = _mpf(auc, p1, p2, m, n)
        return (A * (1 - A) + (m - 1) * (p1 - A**2) + (n - 1) * (p2 - A**2)) / (m * n)


def hanley_mcneil_variance(auc, m, n):
    """Hanley & McNeil (1982): Eq. 7 at Q1 = A/(2 − A), Q2 = 2A²/(1 + A)."""
    with mp.workdps(DPS):
        (A,) = _mpf(auc)
        return lehmann_variance(A, A / (2 - A), 2 * A**2 / (1 + A), m, n)


def variance_max(m, n, auc):
    """Agarwal et al. (2005), Eq. 14: σ²_max = A(1 − A)/min(m, n)."""
    with mp.workdps(DPS):
        A, k = _mpf(auc, min(m, n))
        return A * (1 - A) / k


def variance_min(m, n, auc):
    """Agarwal et al. (2005), Eq. 15: σ²_min = A(1 − A)/(mn)."""
    with mp.workdps(DPS):
        A, m, n = _mpf(auc, m, n)
        return A * (1 - A) / (m * n)


def chebyshev_epsilon(sigma, delta, dps=DPS):
    """Agarwal et al. (2005), Eq. 10–11: P(|Â − A| ≥ ε) ≤ σ²/ε², so ε = σ/√δ."""
    with mp.workdps(dps):
        sigma, delta = _mpf(sigma, delta)
        return sigma / mp.sqrt(delta)


def chebyshev_tail(epsilon, sigma):
    """Agarwal et al. (2005), Eq. 10: σ²/ε², capped at 1."""
    with mp.workdps(DPS):
        epsilon, sigma = _mpf(epsilon, sigma)
        return min(mp.mpf(1), sigma**2 / epsilon**2)


def normal_epsilon(sigma, delta, dps=DPS):
    """Agarwal et al. (2005), Eq. 13: ε = σ·Φ⁻¹(1 − δ/2)."""
    with mp.workdps(dps):
        return mp.mpf(sigma) * two_sided_quantile(delta, dps)


def normal_tail(epsilon, sigma):
    """Agarwal et al. (2005), Eq. 12: P(|Â − A| ≥ ε) ≈ 2Φ(−ε/σ) = erfc(ε/(σ√2))."""
    with mp.workdps(DPS):
        epsilon, sigma = _mpf(epsilon, sigma)
        return mp.erfc(epsilon / (sigma * mp.sqrt(2)))


def score_interval(auc, weight, factor, dps=DPS):
    """{A : |Â − A| ≤ c·sqrt(A(1 − A)/w)} (Eq. 11/13 with σ_max, w = min(m, n), or σ_min,
    w = mn), solved for A as Wilson does: with a = c²/w, the roots of
    (1 + a)A² − (2Â + a)A + Â² = 0."""
    with mp.workdps(dps):
        A, w, c = _mpf(auc, weight, factor)
        a = c**2 / w
        root = mp.sqrt((2 * A + a) ** 2 - 4 * (1 + a) * A**2)
        return ((2 * A + a) - root) / (2 * (1 + a)), ((2 * A + a) + root) / (2 * (1 + a))


def newcombe_interval(auc, m, n, delta, dps=DPS):
    """Newcombe (2006), method 5: {θ : (Â − θ)² ≤ z²·V(θ)} with z = Φ⁻¹(1 − δ/2) and
    V(θ) = θ(1 − θ)/(mn)·[1 + (N* − 1)((1 − θ)/(2 − θ) + θ/(1 + θ))], N* = (m + n)/2
    (Hanley & McNeil's variance with m − 1 and n − 1 both replaced by N* − 1).

    Each end is the root of (Â − θ)² − z²V(θ) farthest from Â on its side: the first grid
    point inside the set, scanning 400 steps from the end of [0, 1], then bisection.
    """
    with mp.workdps(dps):
        A, m, n = _mpf(auc, m, n)
        z = two_sided_quantile(delta, dps)
        half = (m + n) / 2 - 1

        def excess(t):
            return (A - t) ** 2 - z**2 * t * (1 - t) / (m * n) * (1 + half * ((1 - t) / (2 - t) + t / (1 + t)))

        def outer_root(end):
            if end == A:
                return A
            steps = 400
            previous = end
            for k in range(steps + 1):
                t = end + (A - end) * mp.mpf(k) / steps
                if excess(t) <= 0:
                    break
                previous = t
            if t == end:
                return end
            outside, inside = previous, t
            for _ in range(4 * dps + 50):
                middle = (outside + inside) / 2
                if excess(middle) <= 0:
                    inside = middle
                else:
                    outside = middle
            return inside

        return outer_root(mp.mpf(0)), outer_root(mp.mpf(1))


def wald_interval(auc, variance, delta, logit=False):
    """DeLong et al. (1988) Wald interval Â ± z·√V, z = Φ⁻¹(1 − δ/2), clipped to [0, 1]; with
    `logit`, logit(Â) ± z·√V/(Â(1 − Â)) (the delta method) mapped back by 1/(1 + e^(−x))."""
    with mp.workdps(DPS):
        A, V = _mpf(auc, variance)
        z = two_sided_quantile(delta)
        if not logit:
            return max(mp.mpf(0), A - z * mp.sqrt(V)), min(mp.mpf(1), A + z * mp.sqrt(V))
        centre, half = mp.log(A / (1 - A)), z * mp.sqrt(V) / (A * (1 - A))
        return 1 / (1 + mp.exp(-(centre - half))), 1 / (1 + mp.exp(-(centre + half)))


# --- the half-width of every closed-form interval, for the sample sizes ------------------------


def half_width(method, m, n, delta, *, auc=None, p1=None, p2=None, class_size=None, log_class_size=0, dps=DPS):
    """The half-width of a method's 1 − δ interval at m positives and n negatives, evaluated
    at δ/|F| (|F| = `class_size`, or ln|F| = `log_class_size`: the union bound of Agarwal et
    al. 2005, Thm 3.8).

    For a symmetric interval Â ± ε it is ε; for an asymmetric one around a given Â the larger
    of Â − lo and hi − Â; for the score forms without Â, their widest case A = ½, c/(2√w).
    """
    with mp.workdps(dps):
        level = mp.mpf(delta) / mp.exp(log_class(class_size, log_class_size))
        k = min(m, n)
        if method == "mcdiarmid":
            return mcdiarmid_epsilon(m, n, level, dps)
        if method == "hoeffding":
            return hoeffding_epsilon(m, n, level, dps)
        if method in ("chebyshev-lehmann", "normal-lehmann"):
            sigma = mp.sqrt(lehmann_variance(auc, p1, p2, m, n))
            return chebyshev_epsilon(sigma, level, dps) if method.startswith("chebyshev") else normal_epsilon(sigma, level, dps)
        if method == "hanley-mcneil":
            return normal_epsilon(mp.sqrt(hanley_mcneil_variance(auc, m, n)), level, dps)
        if method in ("chebyshev-max", "normal-max", "chebyshev-min", "normal-min"):
            weight = k if method.endswith("max") else mp.mpf(m) * n
            factor = 1 / mp.sqrt(level) if method.startswith("chebyshev") else two_sided_quantile(level, dps)
            if auc is None:
                return factor / (2 * mp.sqrt(weight))
            lo, hi = score_interval(auc, weight, factor, dps)
        elif method == "hoeffding-kl":
            lo, hi = kl_interval(auc, k, level, dps)
        elif method == "newcombe":
            lo, hi = newcombe_interval(auc, m, n, level, dps)
        else:
            raise ValueError(method)
        A = mp.mpf(auc)
        return max(A - lo, hi - A)


def skew(rho):
    """ρ as an exact fraction, by aucbound's stated convention for sample sizes: a string "p/q"
    or a Fraction as it is; a float that is within 1e-12 (relative) of a ratio with denominator
    ≤ 10^6 is that ratio (0.1 is 1/10), any other float its exact binary value."""
    if isinstance(rho, (str, Fraction)):
        return Fraction(rho)
    exact = Fraction(rho)
    near = exact.limit_denominator(10**6)
    return near if abs(near - exact) <= Fraction(1e-12) * exact else exact


def design(N, rho):
    """(m, n) for N examples at skew ρ: m = ρN rounded half up (in exact fractions), kept in
    [1, N − 1], and n = N − m."""
    rho = skew(rho)
    m = math.floor(rho * N + Fraction(1, 2))
    m = min(max(m, 1), N - 1)
    return m, N - m


# --- Agarwal et al. (2005), §4: uniform convergence ---------------------------------------------


def _log_count(r=None, log_r=None):
    """ln r at the working precision: from the integer count r, or from ln r (a number, or a
    function of no arguments evaluated here, e.g. ``lambda: 16 * mp.log(...)``)."""
    if r is not None:
        return mp.log(mp.mpf(r))
    return log_r() if callable(log_r) else mp.mpf(log_r)


def uniform_epsilon(m, n, delta, r=None, log_r=None):
    """Agarwal et al. (2005), Cor 4.5: ε = sqrt(8(m + n)·(ln r(F, 2m, 2n) + ln(4/δ))/(mn)), with
    r(F, 2m, 2n) given as the integer `r` or as its logarithm `log_r`."""
    with mp.workdps(DPS):
        log_r = _log_count(r, log_r)
        m, n, delta = _mpf(m, n, delta)
        return mp.sqrt(8 * (m + n) * (log_r + mp.log(4 / delta)) / (m * n))


def uniform_tail(epsilon, m, n, r=None, log_r=None):
    """Agarwal et al. (2005), Thm 4.4: 4·r(F, 2m, 2n)·exp(−mnε²/(8(m + n))), capped at 1."""
    with mp.workdps(DPS):
        log_r = _log_count(r, log_r)
        epsilon, m, n = _mpf(epsilon, m, n)
        return min(mp.mpf(1), 4 * mp.exp(log_r - m * n * epsilon**2 / (8 * (m + n))))


def freund_epsilon(m, n, delta, s_pos, s_neg):
    """Agarwal et al. (2005), Thm 4.14 (Freund et al. 2003):
    ε = 2·sqrt((ln s(F̄, 2m) + ln(12/δ))/m) + 2·sqrt((ln s(F̄, 2n) + ln(12/δ))/n),
    with s_pos = s(F̄, 2m) and s_neg = s(F̄, 2n) given as integers."""
    with mp.workdps(DPS):
        m, n, delta = _mpf(m, n, delta)
        return (2 * mp.sqrt((mp.log(s_pos) + mp.log(12 / delta)) / m)
                + 2 * mp.sqrt((mp.log(s_neg) + mp.log(12 / delta)) / n))


def buck_faces(N, D):
    """Agarwal et al. (2005), Lemma 4.10 (Buck 1943): the faces of N hyperplanes in R^D,
    Σ_{k=0}^{D} Σ_{i=D−k}^{D} C(i, D − k)·C(N, i), as printed (a double sum)."""
    return sum(math.comb(i, D - k) * math.comb(N, i) for k in range(D + 1) for i in range(D - k, D + 1))


def central_faces(N, D):
    """The faces of N hyperplanes through 0 in general position in R^D:
    1 + Σ_{c=0}^{D−1} C(N, c)·K(N − c, D − c) for N > D, 3^N for N ≤ D, with Cover's (1965)
    K(M, k) = 2·Σ_{i=0}^{k−1} C(M − 1, i)."""
    if N <= D:
        return 3**N

    def cover(M, k):
        return 2 * sum(math.comb(M - 1, i) for i in range(k))

    return 1 + sum(math.comb(N, c) * cover(N - c, D - c) for c in range(D))


def polynomial_dimension(d, q):
    """Agarwal et al. (2005), Eq. 23: C(d, q) = Σ_{i=1}^{q} C(d, i)·Σ_{j=1}^{q} C(j − 1, i − 1),
    the double sum as printed."""
    return sum(math.comb(d, i) * sum(math.comb(j - 1, i - 1) for j in range(1, q + 1)) for i in range(1, q + 1))


# --- Agarwal & Roth (2005), Thm 1 ----------------------------------------------------------------


def thm1_value(epsilon, delta, rho, c1, c2):
    """Agarwal & Roth (2005), Thm 1, the number inside ⌈·⌉_ρ:
    64/(ρ(1−ρ)ε²)·(4c2·ln(16/ε) + c2·ln(c2²/(e²ρ(1−ρ))) + ln(4c1/δ)) (the c2 terms are 0 when
    c2 = 0); c1 is a number or a function of no arguments evaluated here, such as Example 2's
    ``lambda: (2 * mp.e / d) ** d``."""
    with mp.workdps(DPS):
        log_c1 = mp.log(c1() if callable(c1) else mp.mpf(c1))
        e, d, r = _mpf(epsilon, delta, skew(rho))
        s = r * (1 - r)
        bracket = log_c1 + mp.log(4 / d)
        if c2:
            c2 = mp.mpf(c2)
            bracket += 4 * c2 * mp.log(16 / e) + c2 * mp.log(c2**2 / (mp.e**2 * s))
        return 64 / (s * e**2) * bracket


def thm1_condition(m, n, epsilon, delta, r):
    """The condition the proof of Agarwal & Roth's Thm 1 establishes (their Thm 2 at ε/2):
    4·r(F, 2m, 2n)·exp(−mnε²/(32(m + n))) ≤ δ, with r(F, 2m, 2n) = `r` (an integer)."""
    with mp.workdps(DPS):
        log_r = mp.log(mp.mpf(r))
        m, n, e, d = _mpf(m, n, epsilon, delta)
        return mp.log(4) + log_r - m * n * e**2 / (32 * (m + n)) <= mp.log(d)


# --- Agarwal et al. (2005), §4.3: ψ(m, n) counted two ways --------------------------------------


def psi_by_orders(m, n):
    """ψ(m, n) by brute force: the distinct m×n matrices B_ij = 1, ½, 0 as f(x_i) >, =, < f(x'_j)
    over every way the m + n scores can compare (Def 4.1; Thm 4.3's realizable matrices).

    Each weak order of the n negatives has k levels; a positive then sits in one of the 2k + 1
    places (below every level, at one, between two, above all), which fixes its row. So every
    matrix is a choice of a weak order of the negatives and a place for each positive, and
    the count is the number of distinct matrices among them (all of them for m·n ≤ 16 or so).
    """
    found = set()
    for levels in _weak_orders(n):
        k = max(levels, default=-1) + 1
        rows = [tuple(2 * (place > 2 * level + 1) + (place == 2 * level + 1) for level in levels)
                for place in range(2 * k + 1)]
        found.update(itertools.product(rows, repeat=m))
    return len(found)


def _weak_orders(n):
    """Every weak order of n labelled items, as the level (0, 1, …, k − 1) of each item."""
    for levels in itertools.product(range(n), repeat=n):
        used = set(levels)
        if used == set(range(len(used))):
            yield levels


def psi_series(m, n):
    """ψ(m, n) = m!·n!·[x^m y^n] S(x, y) with the exponential generating function

        S = 1/(e^{−x} + e^{−y} − 1 − (e^x − 1)(e^y − 1))

    of the canonical weak orders (runs of levels holding only positives, or only negatives,
    merged: an ordered sequence of P, N and mixed levels with no PP or NN). With w = e^y,
    S = w/(1 + αw − βw²), α = e^x + e^{−x} − 2, β = e^x − 1, so S = Σ_{k≥1} U_k(x)·e^{ky} with
    U_1 = 1, U_2 = −α, U_k = −α·U_{k−1} + β·U_{k−2}, and ψ(m, n) = Σ_k m!·[x^m]U_k · k^n. As β
    and α start at x and x², U_k starts at x^⌊(k−1)/2⌋: k ≤ 2m + 1 suffices. The series are held
    as exact integer EGF coefficients (products by the binomial convolution).
    """
    alpha = [0] + [2 * (j % 2 == 0) for j in range(1, m + 1)]
    beta = [0] + [1] * m

    def times(a, b):
        return [sum(math.comb(j, i) * a[i] * b[j - i] for i in range(j + 1)) for j in range(m + 1)]

    previous, current = [0] * (m + 1), [1] + [0] * m  # U_0, U_1
    total = current[m]  # U_1 = 1: 1 at m = 0, else 0
    for k in range(2, 2 * m + 2):
        step = times(alpha, current)
        nxt = [b - a for a, b in zip(step, times(beta, previous))]
        previous, current = current, nxt
        total += current[m] * k**n
    return total


# --- Agarwal & Roth (2005), Thm 3 and Cor 1: lower bounds --------------------------------------


def _lower_bound_factor(share, power):
    """(1 − sqrt(1 − e^−(2·share + 1)))^power, the factor of Thm 3 and Cor 1 for one class."""
    return (1 - mp.sqrt(1 - mp.exp(-(2 * share + 1)))) ** power


def excess_error_lower_bound(r, m, n):
    """Agarwal & Roth (2005), Thm 3: for rank dimension r and m + n ≥ 2r, some pair of
    distributions makes every algorithm's expected excess error at least
    2^−10·sqrt(r/(m+n))·(1 − sqrt(1 − e^−(2m/(m+n)+1)))²·(1 − sqrt(1 − e^−(2n/(m+n)+1)))²."""
    with mp.workdps(DPS):
        m, n, r = _mpf(m, n, r)
        return mp.mpf(2) ** -10 * mp.sqrt(r / (m + n)) * _lower_bound_factor(m / (m + n), 2) * \
            _lower_bound_factor(n / (m + n), 2)


def sample_complexity_lower_bound(r, epsilon, delta, rho):
    """Agarwal & Roth (2005), Cor 1: every learning algorithm needs
    M ≥ r/(2^20(ε+δ)²)·(1 − sqrt(1 − e^−(2ρ+1)))⁴·(1 − sqrt(1 − e^−(2(1−ρ)+1)))⁴."""
    with mp.workdps(DPS):
        r, epsilon, delta, rho = _mpf(r, epsilon, delta, rho)
        return r / (mp.mpf(2) ** 20 * (epsilon + delta) ** 2) * _lower_bound_factor(rho, 4) * \
            _lower_bound_factor(1 - rho, 4)


# --- a test of AUC = θ0 that holds for every distribution (Agarwal et al. 2005, Thm 3.3; Hoeffding 1963, §5)


def deviation_constant(method, m, n):
    """c with P(Â − A ≤ −t) ≤ exp(−t²/c): McDiarmid's c = (1/m + 1/n)/2 (Agarwal et al. 2005,
    Thm 3.3, one-sided), Hoeffding's c = 1/(2·min(m, n)) (Hoeffding 1963, §5). For a difference
    D̂ of two AUCs on the same cases, (D̂ + 1)/2 has a kernel in [0, 1]: the same c, at half the gap."""
    with mp.workdps(DPS):
        m, n = _mpf(m, n)
        return (1 / m + 1 / n) / 2 if method == "mcdiarmid" else 1 / (2 * min(m, n))


def guaranteed_power(c, gap, alpha, sides=2):
    """The power of 'reject when [Â − ε, Â + ε] excludes θ0' at a true AUC θ0 ± gap, for every
    distribution: ε = sqrt(c·ln(2/α)), and P(Â ≤ θ0 + gap − t) ≤ exp(−t²/c) at t = gap − ε gives
    power ≥ 1 − exp(−(gap − ε)²/c) when gap > ε, and nothing (0) otherwise. With `sides` = 1 the
    test is one-sided (reject when Â − ε > θ0, or Â + ε < θ0 below): one tail, ε = sqrt(c·ln(1/α))."""
    with mp.workdps(DPS):
        c, gap, alpha = _mpf(c, gap, alpha)
        slack = gap - mp.sqrt(c * mp.log(sides / alpha))
        return 1 - mp.exp(-slack**2 / c) if slack > 0 else mp.mpf(0)


def power_reached(c, gap, alpha, power, sides=2):
    """The guaranteed power reaches `power`: sqrt(c)·(sqrt(ln(s/α)) + sqrt(ln(1/β))) ≤ gap, β = 1 − power,
    s = `sides` (2 for a two-sided test, 1 for a one-sided one)."""
    with mp.workdps(DPS):
        c, gap, alpha, beta = _mpf(c, gap, alpha, 1 - mp.mpf(power))
        return mp.sqrt(c) * (mp.sqrt(mp.log(sides / alpha)) + mp.sqrt(mp.log(1 / beta))) <= gap


def guaranteed_level(c, gap, power, sides=2):
    """The smallest level α at which the power at the gap reaches `power` for every distribution:
    sqrt(c·ln(s/α)) = gap − sqrt(c·ln(1/β)), so α = s·exp(−(gap/√c − sqrt(ln(1/β)))²) (None when
    gap/√c ≤ sqrt(ln(1/β)), or when that α is not below 1)."""
    with mp.workdps(DPS):
        c, gap, beta = _mpf(c, gap, 1 - mp.mpf(power))
        room = gap / mp.sqrt(c) - mp.sqrt(mp.log(1 / beta))
        level = sides * mp.exp(-room**2) if room > 0 else None
        return level if level is not None and level < 1 else None


def guaranteed_auc(c, auc0, alpha, power, sides=2, below=False):
    """The AUC nearest θ0 at which the power reaches `power` for every distribution:
    θ0 ± sqrt(c)·(sqrt(ln(s/α)) + sqrt(ln(1/β))), above θ0 (below with `below`); None outside [0, 1]."""
    with mp.workdps(DPS):
        c, auc0, alpha, beta = _mpf(c, auc0, alpha, 1 - mp.mpf(power))
        gap = mp.sqrt(c) * (mp.sqrt(mp.log(sides / alpha)) + mp.sqrt(mp.log(1 / beta)))
        theta = auc0 - gap if below else auc0 + gap
        return theta if 0 <= theta <= 1 else None


# --- Obuchowski, Lieber & Wians (2004), Eq. 2–3, and Obuchowski & McClish (1997), Eq. 2, 4, 5 --


def obuchowski_variance(theta, kappa, dps=DPS):
    """Obuchowski et al. (2004), Eq. 3 with its printed constants: V(θ) = 0.0099·e^(−A²/2)·((5A² + 8) +
    (A² + 8)/κ), A = 1.414·Φ⁻¹(θ); N_A times the variance of Â under the binormal model with b = 1."""
    with mp.workdps(dps):
        A = mp.mpf("1.414") * mp.sqrt(2) * mp.erfinv(2 * mp.mpf(theta) - 1)
        kappa = mp.mpf(kappa)
        return mp.mpf("0.0099") * mp.exp(-A**2 / 2) * ((5 * A**2 + 8) + (A**2 + 8) / kappa)


def _z(p):
    return mp.sqrt(2) * mp.erfinv(2 * mp.mpf(p) - 1)


def eq2_power(effect, v0, va, ncases, alpha, sides=2, dps=DPS):
    """Eq. 2 solved for the power: Φ((√N_A·|effect| − z_{α/s}·√V0)/√VA), s = `sides`; the effect is
    θ1 − θ0 for one AUC, Δ + margin for a difference (Obuchowski & McClish's Eq. 2 is the same)."""
    with mp.workdps(dps):
        effect, v0, va, ncases, alpha = _mpf(effect, v0, va, ncases, alpha)
        return mp.ncdf((mp.sqrt(ncases) * abs(effect) - _z(1 - alpha / sides) * mp.sqrt(v0)) / mp.sqrt(va))


def eq2_cases(effect, v0, va, alpha, power, sides=2, dps=DPS):
    """Eq. 2 as printed: N_A = (z_{α/s}·√V0 + z_β·√VA)²/effect²."""
    with mp.workdps(dps):
        effect, v0, va, alpha = _mpf(effect, v0, va, alpha)
        return (_z(1 - alpha / sides) * mp.sqrt(v0) + _z(power) * mp.sqrt(va)) ** 2 / effect**2


def eq2_level(effect, v0, va, ncases, power, sides=2, dps=DPS):
    """Eq. 2 solved for the level: α = s·Φ(−z), z = (√N_A·|effect| − z_β·√VA)/√V0."""
    with mp.workdps(dps):
        effect, v0, va, ncases = _mpf(effect, v0, va, ncases)
        return sides * mp.ncdf(-(mp.sqrt(ncases) * abs(effect) - _z(power) * mp.sqrt(va)) / mp.sqrt(v0))


def one_auc_power(theta1, theta0, ncases, kappa, alpha, sides=2):
    """The power of the test of AUC = θ0 at the AUC θ1: Eq. 2 with V0 = V(θ0), VA = V(θ1) of Eq. 3."""
    return eq2_power(mp.mpf(theta1) - mp.mpf(theta0), obuchowski_variance(theta0, kappa),
                     obuchowski_variance(theta1, kappa), ncases, alpha, sides)


def one_auc_cases(theta1, theta0, kappa, alpha, power, sides=2):
    """The cases of Eq. 2 for the test of AUC = θ0 at θ1."""
    return eq2_cases(mp.mpf(theta1) - mp.mpf(theta0), obuchowski_variance(theta0, kappa),
                     obuchowski_variance(theta1, kappa), alpha, power, sides)


def one_auc_level(theta1, theta0, ncases, kappa, power, sides=2):
    """The level of Eq. 2 for the test of AUC = θ0 at θ1."""
    return eq2_level(mp.mpf(theta1) - mp.mpf(theta0), obuchowski_variance(theta0, kappa),
                     obuchowski_variance(theta1, kappa), ncases, power, sides)


def one_auc_detectable(theta0, ncases, kappa, alpha, power, sides=2, below=False):
    """The AUC θ1 on θ0's upper side (lower with `below`) whose power is `power`: the root of
    one_auc_power(θ1) − power, by bisection (the power grows with |θ1 − θ0| on each side)."""
    with mp.workdps(DPS):
        lo, hi = (mp.mpf(10) ** -15, mp.mpf(theta0)) if below else (mp.mpf(theta0), 1 - mp.mpf(10) ** -15)
        target = mp.mpf(power)
        for _ in range(200):
            middle = (lo + hi) / 2
            short = one_auc_power(middle, theta0, ncases, kappa, alpha, sides) < target
            lo, hi = (lo, middle) if short == below else (middle, hi)
        return (lo + hi) / 2


def binormal_mann_whitney_variance(a, m, n, dps=30):
    """The exact variance of the Mann–Whitney Â of m cases N(a, 1) against n controls N(0, 1) (Lehmann's
    formula, see lehmann_variance; as Hanley & McNeil's Q1, p1 pairs two cases with one control):
    θ = Φ(a/√2), p1 = P(X > Y, X' > Y) = ∫ φ(y)·Φ(a − y)² dy and p2 = P(X > Y, X > Y') =
    ∫ φ(x − a)·Φ(x)² dx, by quadrature."""
    with mp.workdps(dps):
        a = mp.mpf(a)
        theta = mp.ncdf(a / mp.sqrt(2))
        p1 = mp.quad(lambda y: mp.npdf(y) * mp.ncdf(a - y) ** 2, [-mp.inf, 0, mp.inf])
        p2 = mp.quad(lambda x: mp.npdf(x - a) * mp.ncdf(x) ** 2, [-mp.inf, a, mp.inf])
        return lehmann_variance(theta, p1, p2, m, n)


def binormal_moments(a1, b1, a2, b2, rn, ra, kappa):
    """Obuchowski & McClish (1997), Eq. 4 and 5 for the full AUCs θ_k = Φ(a_k/√(1 + b_k²)): (V1, V2, C12),
    N_A times the variances and the covariance, with f = ∂θ/∂a and g = ∂θ/∂b by numerical differentiation.

        V = f²·(1 + b²/κ + a²/2) + g²·b²·(1 + κ)/(2κ)
        C = f1f2·(r_A + r_N·b1b2/κ + r_A²·a1a2/2) + g1g2·b1b2·(r_N² + κ·r_A²)/(2κ)
            + f1g2·r_A²·a1b2/2 + f2g1·r_A²·a2b1/2
    """
    with mp.workdps(30):
        a1, b1, a2, b2, rn, ra, kappa = _mpf(a1, b1, a2, b2, rn, ra, kappa)

        def area(a, b):
            return mp.ncdf(a / mp.sqrt(1 + b * b))

        f1, g1 = mp.diff(lambda x: area(x, b1), a1), mp.diff(lambda y: area(a1, y), b1)
        f2, g2 = mp.diff(lambda x: area(x, b2), a2), mp.diff(lambda y: area(a2, y), b2)
        v1 = f1**2 * (1 + b1**2 / kappa + a1**2 / 2) + g1**2 * b1**2 * (1 + kappa) / (2 * kappa)
        v2 = f2**2 * (1 + b2**2 / kappa + a2**2 / 2) + g2**2 * b2**2 * (1 + kappa) / (2 * kappa)
        c12 = (f1 * f2 * (ra + rn * b1 * b2 / kappa + ra**2 * a1 * a2 / 2)
               + g1 * g2 * b1 * b2 * (rn**2 + kappa * ra**2) / (2 * kappa)
               + f1 * g2 * ra**2 * a1 * b2 / 2 + f2 * g1 * ra**2 * a2 * b1 / 2)
        return v1, v2, c12


# --- Uematsu & Lee (2011), Thm 1: the optimal AUC of two normal classes ------------------------


def binormal_optimal_auc(pos_mean, pos_sd, neg_mean, neg_sd):
    """P(g+/g−(X) > g+/g−(X′)) for X ~ N(μ+, σ+²), X′ ~ N(μ−, σ−²): ranking by the likelihood ratio
    is optimal (Thm 1). With equal sds the ratio is monotone in x and the AUC is
    Φ(|μ+ − μ−|/(σ√2)). Otherwise ln(g+/g−) = a·x² + b·x + const with a = 1/(2σ−²) − 1/(2σ+²), so
    the ratio is monotone in |x − v|, v = −b/(2a) (increasing when a > 0): the AUC is
    ∫ P(|X − v| ≷ |x′ − v|) dΦ((x′ − μ−)/σ−), integrated numerically."""
    with mp.workdps(15):
        mu1, s1, mu0, s0 = _mpf(pos_mean, pos_sd, neg_mean, neg_sd)
        if s1 == s0:
            return mp.ncdf(abs(mu1 - mu0) / (s1 * mp.sqrt(2)))
        a = 1 / (2 * s0**2) - 1 / (2 * s1**2)
        b = mu1 / s1**2 - mu0 / s0**2
        v = -b / (2 * a)

        def inside(d):  # P(|X − v| < d)
            return mp.ncdf((v + d - mu1) / s1) - mp.ncdf((v - d - mu1) / s1)

        def integrand(x):
            d = abs(x - v)
            share = 1 - inside(d) if a > 0 else inside(d)
            return share * mp.npdf(x, mu0, s0)

        return mp.quad(integrand, [-mp.inf, v, mp.inf])


# --- Ailon & Mohri (2008), §3: the calls QuickSort makes ---------------------------------------


def quicksort_expected_calls(n, top=None):
    """The expected comparisons of QuickSort with uniform pivots on n items of a transitive h
    without ties: 2(n+1)H_n − 4n; of its top-k variant (§3.4),
    2n + 2(n+1)H_n − 2(n+3−k)H_{n+1−k} − 6k + 6, with the harmonic numbers H_j at 50 digits."""
    with mp.workdps(DPS):
        if top is None:
            return 2 * (n + 1) * mp.harmonic(n) - 4 * n
        k = top
        return 2 * n + 2 * (n + 1) * mp.harmonic(n) - 2 * (n + 3 - k) * mp.harmonic(n + 1 - k) - 6 * k + 6


# --- scipy's values on the aSAH data of tests/data/asah_markers.csv (cases: outcome == "Poor") --
# (pROC's values are in tests/proc_reference.py, each beside the R call that prints it.)

#: pROC has no BCa interval; scipy 1.17's, on the s100b scores of the cases and the controls,
#: resampled within each class (stratified) 20000 times:
#:   stats.bootstrap((pos, neg), auc, vectorized=True, n_resamples=20000, method="BCa",
#:                   random_state=np.random.default_rng(1), batch=500).confidence_interval
#: with auc(x, z) the mean over the pairs of (x > z) + ½(x = z).
SCIPY_S100B_BCA = (0.6196078596548364, 0.8213075880758808)


# --- the bernstein interval (the documentation's page on sharper guarantees, §1) -----------------


def _kl_upper_end(q, budget, dps=DPS):
    """sup{p ∈ [q, 1] : kl(q‖p) ≤ budget}, by bisection (1 when kl(q‖1) is within the budget)."""
    with mp.workdps(dps):
        q, budget = mp.mpf(q), mp.mpf(budget)
        if q == 1:
            return mp.mpf(1)
        a, b = q, mp.mpf(1)
        for _ in range(4 * dps + 100):
            c = (a + b) / 2
            if c >= 1 or kl(q, c, dps) > budget:
                b = c
            else:
                a = c
        return (a + b) / 2


def bernstein_interval(auc, p1, p2, m, n, delta, dps=DPS):
    """The bernstein interval's ends, from the theorem's statement in mpmath: the U-statistics
    Û10 = p̂2 − Â²_U, Û01 = p̂1 − Â²_U (Σh² taken as Σh), their Chernoff–KL upper bounds at δ/20
    with ⌊m/2⌋ ∧ ⌊n/2⌋ blocks (capped at ¼), the bound K(λ) on the log-MGF with the smaller class
    revealed first, each tail's deviation min_λ (K(λ) + ln(1/(0.45δ)))/λ found by golden-section
    search on ln λ, and four rounds of capping every variance at max A(1 − A) over the interval and
    bounding the reach (1 − A above, A below) by the interval's ends."""
    with mp.workdps(dps):
        A, p1, p2, delta = mp.mpf(auc), mp.mpf(p1), mp.mpf(p2), mp.mpf(delta)
        quarter = mp.mpf(1) / 4
        blocks = min(m // 2, n // 2)
        if blocks >= 1:
            square = A * A * m * n / ((m - 1) * (n - 1)) - p2 / (m - 1) - p1 / (n - 1) - A / ((m - 1) * (n - 1))
            budget = mp.log(20 / delta) / blocks
            s10, s01 = (min(_kl_upper_end(min(max(2 * (p - square), 0), 1), budget, dps) / 2, quarter)
                        for p in (p2, p1))
        else:
            s10 = s01 = quarter
        a, b, var_a, var_b = (m, n, s10, s01) if m <= n else (n, m, s01, s10)
        tail = mp.log(1 / (mp.mpf("0.45") * delta))

        def psi(u):
            return mp.expm1(u) - u

        def K(lam, var_a, var_b, cap, reach):
            c = b * psi(lam / b)
            beta = (lam * reach + c / 2) / a
            spread = min(mp.mpf(1) / 2, 2 * mp.sqrt(var_a))
            projection = c * (var_b * (1 - mp.mpf(1) / a) + cap / a) + psi(beta) / beta**2 * (lam * mp.sqrt(var_a) + c * spread) ** 2 / a
            pairs = min(a, b)
            return min(projection, pairs * psi(lam * reach / pairs) / reach**2 * cap)

        def deviation(var_a, var_b, cap, reach):
            f = lambda u: (K(mp.exp(u), var_a, var_b, cap, reach) + tail) / mp.exp(u)
            centre = mp.log(mp.sqrt(2 * tail / min(var_a / a + var_b / b, cap / min(a, b))))
            lo, hi = centre - 8, centre + 8
            ratio = (mp.sqrt(5) - 1) / 2
            x1, x2 = hi - ratio * (hi - lo), lo + ratio * (hi - lo)
            f1, f2 = f(x1), f(x2)
            for _ in range(200):
                if f1 <= f2:
                    hi, x2, f2 = x2, x1, f1
                    x1 = hi - ratio * (hi - lo)
                    f1 = f(x1)
                else:
                    lo, x1, f1 = x1, x2, f2
                    x2 = lo + ratio * (hi - lo)
                    f2 = f(x2)
            return min(f1, f2)

        cap, lo, hi = quarter, mp.mpf(0), mp.mpf(1)
        for round_ in range(5):
            above, below = deviation(var_a, var_b, cap, 1 - lo), deviation(var_a, var_b, cap, hi)
            lo, hi = max(A - above, mp.mpf(0)), min(A + below, mp.mpf(1))
            if round_ < 4:
                cap = min(cap, quarter if lo <= mp.mpf(1) / 2 <= hi else max(lo * (1 - lo), hi * (1 - hi)))
                var_a, var_b = min(var_a, cap), min(var_b, cap)
        return lo, hi
