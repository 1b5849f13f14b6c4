"""The distribution of max_j |Z_j| for a correlated normal vector: simultaneous intervals and adjusted p-values.

For Z ~ N(0, R), R a correlation matrix of rank r (the P pairwise differences of k AUCs
have rank at most k − 1), write Z = C·W with W ~ N(0, I_r) and C the P × r factor of R's
eigendecomposition (eigenvalues below 10⁻¹² of the largest dropped). With W = ρ·U, ρ the
chi variable with r degrees of freedom and U uniform on the unit sphere, independent,

    P(max_j |Z_j| ≤ c) = E_U [ F_r(c / g(U)) ],   g(U) = max_j |C_j · U|,

F_r the chi distribution function (the spherical–radial decomposition of Deák 1980; Genz &
Bretz 2009, §4.1.2): the radial part is integrated exactly, and only a smooth average over
directions is left. r = 1 is exact (U = ±1). For r ≥ 2 the average runs over scrambled
Sobol' points mapped to the sphere, :data:`REPLICATES` independent scramblings of
:data:`POINTS` points each (fixed seeds: the same numbers on every run), and the spread of
the replicates gives the standard error of the probability. The quantile c solves
P(max ≤ c) = 1 − δ by Newton's method on the same directions; its standard error is the
probability's divided by the density there. Tail probabilities P(max ≥ t) are averaged
from the upper incomplete gamma function, accurate far out in the tail.
"""

from __future__ import annotations

import math

import numpy as np

__all__ = ["MaxAbsNormal", "POINTS", "REPLICATES"]

#: Sobol' points per replicate, and independent scramblings.
POINTS = 2**12
REPLICATES = 8


class MaxAbsNormal:
    """max_j |Z_j| for Z ~ N(0, `correlation`) (a P × P correlation matrix, positive semi-definite)."""

    def __init__(self, correlation: np.ndarray):
        values, vectors = np.linalg.eigh(np.asarray(correlation, dtype=np.float64))
        keep = values > 1e-12 * max(values.max(initial=0.0), 0.0)
        self.rank = int(np.count_nonzero(keep))
        factor = vectors[:, keep] * np.sqrt(values[keep])  # P × r, R = factor·factorᵀ
        self._g = self._directions(factor)  # (replicates, points): g(U) for each direction

    def _directions(self, factor: np.ndarray) -> np.ndarray:
        r = self.rank
        if r == 1:
            return np.full((1, 1), np.abs(factor[:, 0]).max())
        from scipy.special import ndtri
        from scipy.stats import qmc

        replicates = []
        for child in np.random.SeedSequence(20240).spawn(REPLICATES):
            points = qmc.Sobol(d=r, scramble=True, seed=np.random.default_rng(child)).random(POINTS)
            normal = ndtri(np.clip(points, 1e-300, 1 - 1e-16))
            unit = normal / np.linalg.norm(normal, axis=1, keepdims=True)
            replicates.append(np.abs(unit @ factor.T).max(axis=1))
        return np.array(replicates)

    def _replicates(self, function) -> np.ndarray:
        return function(self._g).mean(axis=1)

    def cdf(self, c: float) -> tuple[float, float]:
        """(P(max |Z_j| ≤ c), its standard error)."""
        from scipy.special import gammainc

        values = self._replicates(lambda g: gammainc(self.rank / 2, (c / g) ** 2 / 2))
        return float(values.mean()), _error(values)

    def sf(self, t: float) -> tuple[float, float]:
        """(P(max |Z_j| ≥ t), its standard error): an adjusted p-value."""
        from scipy.special import gammaincc

        if math.isinf(t):
            return 0.0, 0.0
        values = self._replicates(lambda g: gammaincc(self.rank / 2, (t / g) ** 2 / 2))
        return float(values.mean()), _error(values)

    def _sf_and_density(self, c: float) -> tuple[float, float]:
        """(P(max |Z_j| ≥ c), the density of max |Z_j| at c), averaged over the same directions."""
        from scipy.special import gammaincc

        r = self.rank
        log_norm = (1 - r / 2) * math.log(2) - math.lgamma(r / 2)
        x = c / self._g
        tail = gammaincc(r / 2, x * x / 2).mean()
        density = (np.exp(log_norm + (r - 1) * np.log(x) - x * x / 2) / self._g).mean()
        return float(tail), float(density)

    def quantile(self, delta: float, upper: float) -> tuple[float, float]:
        """(c, its standard error) with P(max |Z_j| ≤ c) = 1 − δ; `upper` bounds c (Bonferroni's quantile).

        Newton's method from `upper` (the tail probability is decreasing and convex beyond the
        density's mode, so the steps fall monotonically onto c), with Brent's method on the
        bracket when a step leaves it."""
        c = max(upper, 1e-3)
        while self.sf(c)[0] > delta:  # the bound should hold; widen it if the estimate's error says otherwise
            c *= 2
        high = c
        for _ in range(50):
            tail, density = self._sf_and_density(c)
            if not density > 0:
                break
            step = (tail - delta) / density
            c, previous = c + step, c
            if not 0 < c <= high:
                c = self._bracketed(delta, high)
                break
            if abs(c - previous) <= 1e-13 * c:
                break
        else:
            c = self._bracketed(delta, high)
        return c, self.sf(c)[1] / self._sf_and_density(c)[1]

    def _bracketed(self, delta: float, high: float) -> float:
        from scipy.optimize import brentq

        return brentq(lambda c: self.sf(c)[0] - delta, 0.0, high, xtol=1e-12, rtol=1e-13)


def _error(values: np.ndarray) -> float:
    if values.shape[0] < 2:
        return 0.0
    return float(values.std(ddof=1) / math.sqrt(values.shape[0]))
