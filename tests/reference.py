"""Independent reference values at 50 digits with mpmath, for the tests."""

import mpmath as mp

DPS = 50


def mcdiarmid_epsilon(m, n, delta):
    with mp.workdps(DPS):
        m, n, delta = mp.mpf(m), mp.mpf(n), mp.mpf(delta)
        return mp.sqrt((m + n) * mp.log(2 / delta) / (2 * m * n))


def hoeffding_epsilon(m, n, delta):
    with mp.workdps(DPS):
        return mp.sqrt(mp.log(2 / mp.mpf(delta)) / (2 * min(mp.mpf(m), mp.mpf(n))))


def normal_upper_quantile(log_p):
    """z with Φ(−z) = exp(log_p)."""
    with mp.workdps(DPS):
        log_p = mp.mpf(log_p)
        guess = mp.sqrt(-2 * log_p)
        return mp.findroot(lambda z: mp.log(mp.ncdf(-z)) - log_p, guess)


def kl(p, q):
    with mp.workdps(DPS):
        p, q = mp.mpf(p), mp.mpf(q)
        left = p * mp.log(p / q) if p > 0 else mp.mpf(0)
        right = (1 - p) * mp.log((1 - p) / (1 - q)) if p < 1 else mp.mpf(0)
        return left + right


def kl_interval(auc, k, delta):
    """The ends of {θ : k·kl(Â‖θ) ≤ ln(2/δ)} by bisection at 50 digits."""
    with mp.workdps(DPS):
        auc = mp.mpf(auc)
        budget = mp.log(2 / mp.mpf(delta)) / k

        def solve(a, b):  # kl(auc‖·) − budget changes sign on [a, b]
            fa = kl(auc, a) - budget if 0 < a < 1 else mp.inf
            for _ in range(200):
                c = (a + b) / 2
                fc = kl(auc, c) - budget
                if (fc > 0) == (fa > 0):
                    a, fa = c, fc
                else:
                    b = c
            return (a + b) / 2

        if auc == 0:
            lo = mp.mpf(0)
        elif kl(auc, mp.mpf(10) ** -45) <= budget:
            lo = mp.mpf(0)
        else:
            lo = solve(mp.mpf(10) ** -45, auc)
        if auc == 1:
            hi = mp.mpf(1)
        elif kl(auc, 1 - mp.mpf(10) ** -45) <= budget:
            hi = mp.mpf(1)
        else:
            hi = solve(1 - mp.mpf(10) ** -45, auc)
        return lo, hi
