r"""Scores of boosting under three losses against the theory (Uematsu & Lee 2011, §5.1.3, Figures 8, 9 and 14).

**Setting** (as the paper's synthetic example): p = 10, X ~ N(μ₊, I) for positives and
N(μ₋, I) for negatives with μ± = ±1/√10, 1000 of each for training and as many for a test
set; the log likelihood ratio is r(x) = (2/√10)·Σ_j x_j. Thm 2 (Remark 1) predicts the
optimal ranking function ½·r(x) for the exponential loss (RankBoost) and r(x) for the
logistic loss, so twice RankBoost's score should match the logistic one; the hinge loss
has a step function as its optimum (§3.3, Thm 5), and its boosting yields few distinct
score levels. Every method boosts stumps; the number of rounds of each is the one with
the smallest ranking error (1 − AUC) on the test set, as the paper chooses it.

**The learners** (:mod:`aucbound.learn`): RankBoost with Freund et al.'s ``bound`` α;
pairwise logistic and hinge boosting with an exact line search. The main effect of
variable j is the part of the (additive) score that stumps on x_j contribute, centred to
mean 0 over the test points.

**Our choice: the best stump each round.** The paper drew each stump at random. With an
exact line search a random stump that cuts off a few extreme points gets a huge weight,
and the logistic scores then run off at the tails (on the default data: correlation 0.26
with RankBoost's and slope 1.6 on r(x) instead of 1); ``selection='random'`` reproduces
that run.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from .._normal import cdf
from ..empirical._auc import _auc
from ..learn import pairwise_boost, rankboost
from ..optimal import LOSSES as REGISTRY
from ..learn._checks import pair_rounds
from ..results import LossScores, LossScoresRow

__all__ = ["loss_scores", "DIMENSION", "SIZE", "ROUNDS", "LOSSES", "THEORY_SLOPES"]

#: The paper's dimension and sample size per class; our default cap on the rounds.
DIMENSION, SIZE, ROUNDS = 10, 1000, 300
#: The losses, in the paper's order, and Thm 2's slope of the optimal score on r(x) (the registry's α).
LOSSES = ("exponential", "logistic", "hinge")
THEORY_SLOPES = {loss: REGISTRY[loss].alpha for loss in LOSSES}
#: Where the main effects are drawn.
EFFECT_GRID = np.linspace(-3.0, 3.0, 121)


def _sample(rng, size, dim):
    mu = np.full(dim, 1.0 / math.sqrt(dim))
    return rng.standard_normal((size, dim)) + mu, rng.standard_normal((size, dim)) - mu


def _slope(x: np.ndarray, y: np.ndarray) -> float | None:
    """The least-squares slope of y on x; None when x is constant."""
    xc = x - x.mean()
    spread = float(xc @ xc)
    return float(xc @ (y - y.mean())) / spread if spread > 0 else None


def _correlation(x: np.ndarray, y: np.ndarray) -> float | None:
    """Pearson's correlation; None when either is constant."""
    xc, yc = x - x.mean(), y - y.mean()
    spread = float(np.sqrt((xc @ xc) * (yc @ yc)))
    return float(xc @ yc) / spread if spread > 0 else None


def _main_effects(model, test: np.ndarray) -> np.ndarray:
    """(dim, len(EFFECT_GRID)): the stumps' contribution on each variable, centred over the test points."""
    effects = np.zeros((model.d, EFFECT_GRID.shape[0]))
    for j in range(model.d):
        parts = [(theta, alpha) for feature, theta, alpha in zip(model.features, model.thresholds, model.alphas)
                 if feature == j]
        if not parts:
            continue
        thetas, alphas = np.array(parts).T
        curve = (EFFECT_GRID[:, None] > thetas).astype(float) @ alphas
        centre = float(((test[:, j][:, None] > thetas).astype(float) @ alphas).mean())
        effects[j] = curve - centre
    return effects


def _fit(loss, positives, negatives, **options):
    """RankBoost with Freund et al.'s bound α for the exponential loss; pairwise boosting for the others."""
    if loss == "exponential":
        return rankboost(positives, negatives, alpha="bound", **options)
    return pairwise_boost(positives, negatives, loss=loss, **options)


def loss_scores(*, size=SIZE, dimension=DIMENSION, rounds=ROUNDS, selection="best", seed=0,
                progress=None) -> LossScores:
    """RankBoost, logistic and hinge boosting with stumps on the paper's multivariate normal data.

    Parameters
    ----------
    size : int
        Points per class, in the training set and in the test set alike (2 to 10^5; the
        logistic loss costs O(size²) a round).
    dimension : int
        p, 1 to 100.
    rounds : int
        The most rounds each method runs; the rounds used are those with the best test AUC.
    selection : str
        'best' (our default) or 'random' (the paper's; see the module docstring).
    seed : int
        Fixes the data and the random stumps.
    progress : callable, optional
        Called as ``progress(done, total)`` over the rounds of all three methods.

    >>> result = loss_scores(size=150, rounds=40)
    >>> [row.loss for row in result.rows]
    ['exponential', 'logistic', 'hinge']
    >>> result.row("hinge").levels < result.row("logistic").levels
    True
    """
    size = v.count("size", size, minimum=2, maximum=10**5)
    dimension = v.count("dimension", dimension, maximum=100)
    rounds = v.count("rounds", rounds, maximum=100_000)
    pair_rounds("logistic", size, size, rounds)  # up front: the logistic fit is the long one
    seed = v.count("seed", seed, minimum=0)
    report = v.progress("progress", progress)
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    train_pos, train_neg = _sample(rng, size, dimension)
    test_pos, test_neg = _sample(rng, size, dimension)
    test = np.vstack((test_pos, test_neg))
    r = (2.0 / math.sqrt(dimension)) * test.sum(axis=1)
    scores, effects, rows, models = {}, {}, [], {}
    for index, loss in enumerate(LOSSES):
        model = _fit(loss, train_pos, train_neg, rounds=rounds, selection=selection, seed=seed,
                     progress=lambda done, total, index=index: report(index * rounds + done, 3 * rounds))
        staged = model.staged_scores(test)
        aucs = np.array([_auc(s[:size].copy(), s[size:].copy()) for s in staged])
        best = int(np.argmax(aucs))  # the smallest test ranking error, the earliest such round
        ran = model.rounds
        model = model.truncate(best + 1)
        score = staged[best] - staged[best].mean()
        scores[loss], effects[loss], models[loss] = score, _main_effects(model, test), model
        rows.append((loss, model, ran, float(aucs[best])))
        report((index + 1) * rounds, 3 * rounds)
    logistic = scores["logistic"]
    table = tuple(
        LossScoresRow(loss=loss, rounds_run=ran, rounds=model.rounds, test_auc=test_auc, slope_on_r=_slope(r, scores[loss]),
                      theory_slope=THEORY_SLOPES[loss], levels=int(np.unique(scores[loss]).shape[0]),
                      correlation_with_logistic=_correlation(scores[loss], logistic))
        for loss, model, ran, test_auc in rows)
    return LossScores(size=size, dimension=dimension, rounds=rounds, selection=selection, seed=seed, rows=table,
                      r=r, scores=scores, effect_grid=EFFECT_GRID.copy(), effects=effects,
                      logistic_on_exponential=_slope(scores["exponential"], logistic),
                      bayes_auc=cdf(math.sqrt(2.0)), models=models)
