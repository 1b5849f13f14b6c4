"""Independent reference values at 50 digits with mpmath, for the tests."""

import mpmath as mp

DPS = 50


def mcdiarmid_epsilon(m, n, delta, dps=DPS):
    with mp.workdps(dps):
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
    """The ends of {θ : k·kl(Â‖θ) ≤ ln(2/δ)} at 50 digits.

    The lower end is found by bisecting on ln θ down to θ = 10^-400, below every float, so
    it comes out to full relative precision however close to 0 it is; the upper end is
    1 − the lower end of the mirrored problem, as kl(p‖q) = kl(1 − p‖1 − q).
    """
    with mp.workdps(DPS):
        auc = mp.mpf(auc)
        budget = mp.log(2 / mp.mpf(delta)) / k
        floor = mp.mpf(10) ** -400

        def lower_end(p):  # kl(p‖θ) falls from above the budget at the floor to 0 at θ = p
            if p == 0 or kl(p, floor) <= budget:
                return mp.mpf(0)
            a, b = mp.log(floor), mp.log(p)
            for _ in range(300):
                c = (a + b) / 2
                if kl(p, mp.exp(c)) > budget:
                    a = c
                else:
                    b = c
            return mp.exp((a + b) / 2)

        return lower_end(auc), 1 - lower_end(1 - auc)
