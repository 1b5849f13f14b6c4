"""A ranking function learned by boosting, and what it computes."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from .. import _validate as v
from .._display import Displayed
from .._result_base import fields_as_dict

__all__ = ["BoostedRanker"]


def _points(model, X, parameter: str = "X"):
    """X as a (k, d) float64 array of finite points ((k,) taken as (k, 1) when d = 1)."""
    return v.points(parameter, X, dim=model.d)


def _effect(model, feature: int, values):
    rounds = [t for t, j in enumerate(model.features) if j == feature]
    if not rounds:
        return np.zeros(values.shape[0])
    alphas = np.array([model.alphas[t] for t in rounds])
    if model.weak == "raw":
        low, span = model.low[feature], model.span[feature]
        return (values - low) / span * float(alphas.sum())
    thresholds = np.array([model.thresholds[t] for t in rounds])
    order = np.argsort(thresholds, kind="stable")
    below = np.concatenate(([0.0], np.cumsum(alphas[order])))  # below[r]: the weights of the r lowest thresholds
    return below[np.searchsorted(thresholds[order], values, side="left")]  # the thresholds θ < x


@dataclass(frozen=True, eq=False)
class BoostedRanker(Displayed):
    """A ranking function learned by boosting: f(x) = Σ_t α_t·h_t(x).

    ``loss`` is what the boosting minimised over the m·n (positive, negative) training
    pairs: ``exponential`` (RankBoost, Freund et al. 2003), ``logistic``, ``hinge`` or
    ``squared-hinge``.
    Round t added the weak ranker ``h_t`` on feature ``features[t]``: for ``weak='stump'``
    1(x_j > ``thresholds[t]``), for ``weak='raw'`` (x_j − ``low[j]``)/``span[j]``, feature
    j scaled to [0, 1] on the training points (``thresholds`` then holds None). Its weight
    ``alphas[t]`` came by the rule ``alpha_rules[t]``:

    - ``exact``: RankBoost's exact minimiser of Z_t, ½·ln(W₊/W₋) (Freund et al. 2003, §3.2);
    - ``bound``: Freund et al.'s choice from the bound Z_t ≤ √(1 − r²), ½·ln((1 + r)/(1 − r)),
      for raw features (Z_t has no closed-form minimiser) and for a stump with W₋ = 0 or
      W₊ = 0 (its exact minimiser is infinite);
    - ``perfect``: h_t alone ranks every training pair correctly (the exact α is infinite):
      α is the smallest whole step that makes the training ranking perfect, and boosting stops;
    - ``line search``: α minimises the pairwise risk along h_t exactly (logistic, hinge,
      squared hinge);
    - ``smoothed line search (μ = …)``: α minimises the hinge risk smoothed over [1 − μ, 1] along h_t.

    ``z`` holds RankBoost's normalisers Z_t (None for the other losses); ``risk[t]`` the
    training pairwise risk after round t (for RankBoost Π_{s≤t} Z_s, Freund et al.'s Thm 1
    bound on the training ranking loss), ``train_auc[t]`` the training AUC (ties ½).
    ``stopped`` says why boosting ended before ``requested`` rounds, or is None.
    """

    _table_columns = ("features", "thresholds", "alphas", "alpha_rules")

    loss: str
    weak: str
    selection: str
    seed: int | None
    m: int
    n: int
    d: int
    requested: int
    features: tuple[int, ...]
    thresholds: tuple[float | None, ...]
    alphas: tuple[float, ...]
    alpha_rules: tuple[str, ...]
    z: tuple[float, ...] | None = dataclasses.field(repr=False)
    risk: tuple[float, ...] = dataclasses.field(repr=False)
    train_auc: tuple[float, ...] = dataclasses.field(repr=False)
    low: tuple[float, ...] | None = dataclasses.field(repr=False)
    span: tuple[float, ...] | None = dataclasses.field(repr=False)
    stopped: str | None
    source: str

    @property
    def rounds(self) -> int:
        """The rounds boosting ran."""
        return len(self.alphas)

    def _weak_values(self, X):
        columns = _points(self, X)[:, list(self.features)]
        if self.weak == "stump":
            return (columns > np.array(self.thresholds, dtype=np.float64)).astype(np.float64)
        low, span = np.array(self.low), np.array(self.span)
        return (columns - low[list(self.features)]) / span[list(self.features)]

    def score(self, X):
        """f(x) = Σ_t α_t·h_t(x) for each row x of X (shape (k, d); (k,) when d = 1), in O(k + T) memory: the
        rounds on one feature add up to a step function of it (a linear one for raw features), read at
        each point by one binary search."""
        X = _points(self, X)
        f = np.zeros(X.shape[0])
        for j in sorted(set(self.features)):
            f += _effect(self, j, X[:, j])
        return f

    def staged_scores(self, X):
        """Row t: the scores after round t + 1 (shape (rounds, k): rounds × k floats)."""
        return np.cumsum(self._weak_values(X) * np.array(self.alphas, dtype=np.float64), axis=1).T

    def truncate(self, rounds: int) -> "BoostedRanker":
        """The ranker after its first `rounds` rounds (1 ≤ rounds ≤ self.rounds)."""
        rounds = v.count("rounds", rounds, maximum=self.rounds)
        cut = {name: getattr(self, name)[:rounds] for name in
               ("features", "thresholds", "alphas", "alpha_rules", "risk", "train_auc")}
        if self.z is not None:
            cut["z"] = self.z[:rounds]
        return dataclasses.replace(self, stopped=None, **cut)

    @property
    def linear(self):
        """For raw-feature weak rankers, (w, b) with f(x) = w·x + b; None for stumps."""
        if self.weak != "raw":
            return None
        w, b = [0.0] * self.d, 0.0
        for j, alpha in zip(self.features, self.alphas):
            w[j] += alpha / self.span[j]
            b -= alpha * self.low[j] / self.span[j]
        return tuple(w), b

    def as_dict(self) -> dict:
        data = fields_as_dict(self)
        data["rounds"] = self.rounds
        return data

