"""The weak rankers of boosting: thresholded features and raw features (Freund et al. 2003, §4.2).

A family is built once from the pooled training points (positives, then negatives) and
then answers, each round, Σ_k w_k·h(x_k) for every member h at once — the only quantity
the selection rules need (RankBoost's W± and r, and a gradient's inner product):

- **stumps** ``h(x) = 1(x_j > θ)``, θ one of the observed values of feature j except its
  largest (which would give h ≡ 0). Sorting each feature once makes every round O(d·N):
  the sums over {x_j > θ} for all θ are suffix sums of the weights in sorted order. With
  real coefficients a stump also stands for ``1(x_j ≤ θ)`` (a negative α, up to a constant).
- **raw** ``h(x) = (x_j − lo_j)/(hi_j − lo_j)``, feature j scaled to [0, 1] on the training
  points; a combination of them is a linear function w·x + b (Agarwal et al. 2005, §4.5).
  A feature constant on the training points is left out.
"""

from __future__ import annotations

import numpy as np

__all__ = ["Stumps", "RawFeatures", "family"]


#: Coordinates handled at once when the stumps are built or summed: temporaries stay near 32 MiB.
BLOCK = 2**22


class Stumps:
    """Every stump 1(x_j > θ) with θ an observed value of feature j below its largest."""

    kind = "stump"

    def __init__(self, X: np.ndarray):
        N, d = X.shape
        self._N, self._d = N, d
        self._order = np.empty((d, N), dtype=np.int32 if N < 2**31 else np.int64)
        features, positions, thresholds = [], [], []
        for a, b in self._blocks():
            columns = np.ascontiguousarray(X[:, a:b].T)
            order = np.argsort(columns, axis=1, kind="stable")
            ordered = np.take_along_axis(columns, order, axis=1)  # each row ascending
            self._order[a:b] = order
            feature, position = np.nonzero(ordered[:, 1:] != ordered[:, :-1])  # last point of a level, not the top one
            features.append(feature + a)
            positions.append(position)
            thresholds.append(ordered[feature, position])
        self.feature = np.concatenate(features)
        self.threshold = np.concatenate(thresholds)
        self._above = np.concatenate(positions) + 1  # the first point above θ in the feature's sorted order
        self._X = X
        self._starts = np.searchsorted(self.feature, np.arange(d + 1))  # members of feature j: starts[j]:starts[j+1]

    def _blocks(self):
        """Ranges [a, b) of features with at most BLOCK coordinates each (one feature at least)."""
        step = max(1, BLOCK // max(1, self._N))
        return ((a, min(a + step, self._d)) for a in range(0, self._d, step))

    @property
    def size(self) -> int:
        return int(self.feature.shape[0])

    def _gather(self, cumulative: np.ndarray, a: int, b: int, shift: int) -> np.ndarray:
        """Entry (feature, above + shift) of a (b − a, N) block for every stump on features a … b − 1."""
        members = slice(self._starts[a], self._starts[b])
        return cumulative[self.feature[members] - a, self._above[members] + shift]

    def sums(self, weights: np.ndarray) -> np.ndarray:
        """Σ_k w_k·1(x_kj > θ) for every stump, from suffix sums of the weights in sorted order."""
        out = np.empty(self.size)
        for a, b in self._blocks():
            suffix = np.cumsum(weights[self._order[a:b]][:, ::-1], axis=1)[:, ::-1]
            out[self._starts[a]:self._starts[b]] = self._gather(suffix, a, b, 0)
        return out

    def split_sums(self, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For every stump, the sums of the weights above θ and at or below it, each summed
        directly (so a side without weight sums to exactly 0, not to a rounded 1 − total)."""
        above, below = np.empty(self.size), np.empty(self.size)
        for a, b in self._blocks():
            ordered = weights[self._order[a:b]]
            members = slice(self._starts[a], self._starts[b])
            above[members] = self._gather(np.cumsum(ordered[:, ::-1], axis=1)[:, ::-1], a, b, 0)
            below[members] = self._gather(np.cumsum(ordered, axis=1), a, b, -1)
        return above, below

    def draw(self, rng: np.random.Generator) -> int:
        """A stump at random: a feature uniformly among those with a stump, then one of its thresholds."""
        counts = np.diff(self._starts)
        features = np.flatnonzero(counts)
        j = features[rng.integers(features.shape[0])]
        return int(self._starts[j] + rng.integers(counts[j]))

    def training(self, k: int) -> np.ndarray:
        """h_k on the training points, as 0.0/1.0."""
        return self.values(k, self._X)

    def values(self, k: int, X: np.ndarray) -> np.ndarray:
        return (X[:, self.feature[k]] > self.threshold[k]).astype(np.float64)

    def describe(self, k: int) -> tuple[int, float]:
        """(feature, θ)."""
        return int(self.feature[k]), float(self.threshold[k])


class RawFeatures:
    """Every non-constant feature scaled to [0, 1] on the training points."""

    kind = "raw"

    def __init__(self, X: np.ndarray):
        self.low, high = X.min(axis=0), X.max(axis=0)
        self.span = high - self.low
        self.feature = np.flatnonzero(self.span > 0)
        self._H = (X[:, self.feature] - self.low[self.feature]) / self.span[self.feature]

    @property
    def size(self) -> int:
        return int(self.feature.shape[0])

    def sums(self, weights: np.ndarray) -> np.ndarray:
        return weights @ self._H

    def draw(self, rng: np.random.Generator) -> int:
        return int(rng.integers(self.size))

    def training(self, k: int) -> np.ndarray:
        return self._H[:, k].copy()

    def values(self, k: int, X: np.ndarray) -> np.ndarray:
        j = self.feature[k]
        return (X[:, j] - self.low[j]) / self.span[j]

    def describe(self, k: int) -> tuple[int, None]:
        return int(self.feature[k]), None


def family(kind: str, X: np.ndarray):
    """The weak rankers of `kind` ('stump' or 'raw') on the pooled training points X."""
    return Stumps(X) if kind == "stump" else RawFeatures(X)
