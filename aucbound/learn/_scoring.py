r"""Scores of a boosted ranker in O(k + T) memory: f(x) = Σ_t α_t·h_t(x) without a k × T matrix.

For stumps the rounds on one feature j add up to a step function of x_j: with that
feature's thresholds sorted, θ_(1) ≤ … ≤ θ_(r), and the weights summed in that order,
Σ_{t on j} α_t·1(x_j > θ_t) is the partial sum of the weights of the thresholds below x_j,
found by one binary search (:func:`feature_effect`); f is the sum over the features
(:func:`score`). For raw features f is linear, w·x + b (:attr:`BoostedRanker.linear`).
Either way k points and T rounds take O(k·d·log T) time and O(k + T) memory — where
multiplying the k × T matrix of weak-ranker values by α takes k·T floats (6.4 GB for
2,000,000 points and 400 rounds).

:func:`staged_auc` gives the AUC after every round on new points, adding one round at a
time (O(k) memory, one sort of the k scores a round).
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ..empirical import auc_from_groups
from ._ranker import BoostedRanker, _effect, _points

__all__ = ["score", "feature_effect", "staged_auc"]


def _model(model) -> BoostedRanker:
    if not isinstance(model, BoostedRanker):
        raise v.ParameterTypeError("model", "a BoostedRanker (from rankboost or pairwise_boost)", v.show(model))
    return model


def feature_effect(model, feature: int, values) -> np.ndarray:
    """The part of f that the rounds on `feature` contribute, at each of `values` (its main effect, uncentred).

    >>> from aucbound.learn import rankboost
    >>> model = rankboost([[2.0, 0.0], [3.0, 1.0]], [[0.0, 1.0], [1.0, 0.0]], rounds=1)
    >>> model.features, model.thresholds, feature_effect(model, 0, [0.5, 1.5, 9.0]).tolist()
    ((0,), (1.0,), [0.0, 1.0, 1.0])
    """
    model = _model(model)
    feature = v.count("feature", feature, minimum=0, maximum=model.d - 1)
    return _effect(model, feature, v.real("values", values).ravel())


def score(model, X) -> np.ndarray:
    """f(x) = Σ_t α_t·h_t(x) for each row x of X (shape (k, d); (k,) when d = 1), in O(k + T) memory:
    ``model.score(X)``, for any ranker given.

    >>> from aucbound.learn import pairwise_boost
    >>> model = pairwise_boost([[1.0], [2.0], [4.0]], [[0.0], [3.0]], loss="hinge", rounds=10, step="exact")
    >>> model.thresholds, model.alphas  # f = 1(x > 0) − 1(x > 2) + 1(x > 3)
    ((0.0, 2.0, 3.0), (1.0, -1.0, 1.0))
    >>> score(model, [-0.5, 1.5, 2.5, 3.5]).tolist()
    [0.0, 1.0, 0.0, 1.0]
    """
    return _model(model).score(X)


def staged_auc(model, positives, negatives) -> np.ndarray:
    """The AUC (ties ½) of the ranker after each round 1, …, T on the points `positives`, `negatives`.

    Adds one round at a time to the scores: O(k) memory, T sorts of the k scores.

    One round, f = 1(x > 1): on new points the positives score 1 and 0, the negatives 0 and 1,
    so the four pairs count 1, ½, ½ and 0:

    >>> from aucbound.learn import rankboost
    >>> model = rankboost([[2.0], [3.0]], [[0.0], [1.0]], rounds=5)
    >>> staged_auc(model, [[2.5], [0.5]], [[0.2], [1.5]]).tolist()
    [0.5]
    """
    model = _model(model)
    pos, neg = _points(model, positives, "positives"), _points(model, negatives, "negatives")
    X = np.vstack((pos, neg))
    m = pos.shape[0]
    f = np.zeros(X.shape[0])
    aucs = np.empty(model.rounds)
    for t, (j, alpha) in enumerate(zip(model.features, model.alphas)):
        column = X[:, j]
        if model.weak == "stump":
            f += alpha * (column > model.thresholds[t])
        else:
            f += alpha * ((column - model.low[j]) / model.span[j])
        aucs[t] = auc_from_groups(f[:m], f[m:])
    return aucs
