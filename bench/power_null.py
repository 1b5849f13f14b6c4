#!/usr/bin/env python
"""Simulated power of the Wald test of AUC = θ0 at the design :func:`aucbound.power_test` returns.

For each design (θ0, θ1, alternative, level, power) the script asks ``power_test`` for the
number of cases at κ = 1, rounds it up to whole cases and controls, draws binormal scores
with b = 1 (cases N(√2·Φ⁻¹(θ), 1), controls N(0, 1)) and runs the test Eq. 2 describes:
reject when (Â − θ0)/√(V0/N_A) passes z_α' on the tested side (both sides for a two-sided
test), with V0 Eq. 3's variance at θ0. It prints the rejection rate at θ1 (the power) and
at θ0 (the level), each with its Monte Carlo standard error, beside

- Eq. 2's power at the rounded sizes (what the design promises), and
- the same test's power from the normal approximation with the exact variance of the
  Mann–Whitney Â under the binormal model (Lehmann's formula with its p1, p2 by quadrature),
  which separates the error of Eq. 3's variance model from that of the normal approximation.

    python bench/power_null.py --trials 20000
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
from scipy import integrate, stats

import aucbound as ab

#: (θ0, θ1, alternative, α, power)
DESIGNS = [
    (0.7, 0.8, "greater", 0.05, 0.8),
    (0.7, 0.6, "less", 0.05, 0.8),
    (0.8, 0.9, "two-sided", 0.05, 0.8),
    (0.5, 0.7, "two-sided", 0.05, 0.8),
]


def binormal_shift(theta: float) -> float:
    return math.sqrt(2) * stats.norm.ppf(theta)


def exact_variance(theta: float, m: int, n: int) -> float:
    """Var Â of m cases N(a, 1) against n controls N(0, 1): Lehmann's formula."""
    a = binormal_shift(theta)
    p1 = integrate.quad(lambda y: stats.norm.pdf(y) * stats.norm.cdf(a - y) ** 2, -math.inf, math.inf)[0]
    p2 = integrate.quad(lambda x: stats.norm.pdf(x - a) * stats.norm.cdf(x) ** 2, -math.inf, math.inf)[0]
    return (theta * (1 - theta) + (m - 1) * (p1 - theta**2) + (n - 1) * (p2 - theta**2)) / (m * n)


def estimates(rng, theta: float, m: int, n: int, trials: int, batch: int = 2000) -> np.ndarray:
    """Â of `trials` binormal samples (continuous scores: no ties)."""
    out = []
    for start in range(0, trials, batch):
        k = min(batch, trials - start)
        scores = np.concatenate([rng.normal(binormal_shift(theta), 1, (k, m)), rng.normal(0, 1, (k, n))], axis=1)
        ranks = scores.argsort(axis=1).argsort(axis=1)[:, :m] + 1
        out.append((ranks.sum(axis=1) - m * (m + 1) / 2) / (m * n))
    return np.concatenate(out)


def rejects(auc, theta0, v0, m, alpha, alternative):
    z = (auc - theta0) / math.sqrt(v0 / m)
    if alternative == "two-sided":
        return np.abs(z) > stats.norm.isf(alpha / 2)
    return z > stats.norm.isf(alpha) if alternative == "greater" else z < -stats.norm.isf(alpha)


def approximate_power(theta0, theta1, v0, m, n, alpha, alternative):
    """P(reject) at θ1 with Â ~ N(θ1, exact variance): both tails for a two-sided test."""
    sd, se0 = math.sqrt(exact_variance(theta1, m, n)), math.sqrt(v0 / m)
    sides = 2 if alternative == "two-sided" else 1
    z = stats.norm.isf(alpha / sides)
    upper = stats.norm.sf((theta0 + z * se0 - theta1) / sd)
    lower = stats.norm.cdf((theta0 - z * se0 - theta1) / sd)
    return {"greater": upper, "less": lower}.get(alternative, upper + lower)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20000, help="samples per design and hypothesis [20000]")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the simulation [2024]")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    print(f"{'θ0':>4} {'θ1':>4} {'alternative':>11} {'N_A':>8} {'run':>4} {'Eq.2':>7} {'exact':>7} "
          f"{'simulated':>9} {'MCSE':>7} {'(sim-Eq.2)/MCSE':>15} {'level':>7} {'MCSE':>7}")
    for theta0, theta1, alternative, alpha, power in DESIGNS:
        started = time.perf_counter()
        design = ab.power_test(theta1, auc0=theta0, sig_level=alpha, power=power, alternative=alternative)
        m = n = math.ceil(design.ncases)
        at_run = ab.power_test(theta1, auc0=theta0, ncases=m, ncontrols=n, sig_level=alpha, alternative=alternative)
        v0 = design.null_variance
        simulated = rejects(estimates(rng, theta1, m, n, args.trials), theta0, v0, m, alpha, alternative).mean()
        level = rejects(estimates(rng, theta0, m, n, args.trials), theta0, v0, m, alpha, alternative).mean()
        mcse = math.sqrt(simulated * (1 - simulated) / args.trials)
        level_mcse = math.sqrt(level * (1 - level) / args.trials)
        exact = approximate_power(theta0, theta1, v0, m, n, alpha, alternative)
        print(f"{theta0:>4} {theta1:>4} {alternative:>11} {design.ncases:>8.3f} {m:>4} {at_run.power:>7.4f} "
              f"{exact:>7.4f} {simulated:>9.4f} {mcse:>7.4f} {(simulated - at_run.power) / mcse:>15.1f} "
              f"{level:>7.4f} {level_mcse:>7.4f}   ({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
