r"""Scores of boosting under three losses against the theory (Uematsu & Lee 2011, §5.1.3, Figures 8 and 9; §5.2, Figure 14).

**Setting** (the paper's synthetic example, §5.1.3): p = 10, X ~ N(μ₊, I) for positives
and N(μ₋, I) for negatives with μ± = ±1/√10, 1000 of each for training and as many for a
test set; the log likelihood ratio is r(x) = (2/√10)·Σ_j x_j. Thm 2 (Remark 1) predicts the
optimal ranking function ½·r(x) for the exponential loss (RankBoost) and r(x) for the
logistic loss, so twice RankBoost's score should match the logistic one; the hinge loss
has a step function as its optimum (§3.3, Thm 5). Every method boosts stumps; the number
of rounds of each is the one with the smallest ranking error (1 − AUC) on the test set, as
the paper chooses it.

**What is the paper's and what is ours.** On these data the paper fits RankBoost,
LogitBoost and a RankSVM with a Gaussian kernel (Figures 8, 9). Its HingeBoost — boosting
stumps on the hinge loss — and the comparison of Figure 14 (2 × RankBoost's and
HingeBoost's scores against LogitBoost's) and Table 2 (test AUCs) are from the MovieLens
data (§5.2). Here HingeBoost runs on the synthetic data instead, beside the other two.

**The learners** (:mod:`aucbound.learn`): RankBoost with Freund et al.'s ``bound`` α;
pairwise logistic boosting with an exact line search; hinge boosting with the smoothed
step (``hinge_step='smoothed'``, which reaches the least training hinge risk) or the exact
one (``'exact'``: integer steps, as the paper's HingeBoost, but it stops early where the
steepest stump is blocked by pairs at the hinge's kink: after 10 rounds at training risk
0.262 on the default data, where the least hinge risk of a linear score is 0.188). The
main effect of variable j is the part of the (additive) score that stumps on x_j
contribute, centred to mean 0 over the test points.

**Our choice: the best stump each round.** The paper drew each stump at random. With an
exact line search a random stump that cuts off a few extreme points gets a huge weight,
and the logistic scores then run off at the tails; ``selection='random'`` reproduces
that run.

**Work** is counted up front over the three learners and the test set scored every round
(:func:`aucbound.learn.work`: the logistic loss's size² pairs a round, the dimension
times the points for the stumps, the hinge's line search): at most about a minute, and
10 s a round; memory is O(size·dimension + rounds).
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from .._normal import cdf
from ..learn import (HINGE_STEPS, MAX_ROUNDS, feature_effect, fits, limit, pairwise_boost, rankboost, score,
                     staged_auc, work)
from ..optimal import LOSSES as REGISTRY
from ._results import LossScores, LossScoresRow

__all__ = ["loss_scores", "DIMENSION", "SIZE", "ROUNDS", "LOSSES", "THEORY_SLOPES", "MAX_SIZE", "MAX_DIMENSION"]

#: The paper's dimension and sample size per class; our default cap on the rounds.
DIMENSION, SIZE, ROUNDS = 10, 1000, 300
#: The largest size per class and dimension (the work limit is usually the tighter).
MAX_SIZE, MAX_DIMENSION = 10**5, 100
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
    return np.array([feature_effect(model, j, EFFECT_GRID) - float(feature_effect(model, j, test[:, j]).mean())
                     for j in range(model.d)])


def _fit(loss, positives, negatives, hinge_step, **options):
    """RankBoost with Freund et al.'s bound α for the exponential loss; pairwise boosting for the others."""
    if loss == "exponential":
        return rankboost(positives, negatives, alpha="bound", **options)
    return pairwise_boost(positives, negatives, loss=loss, step=hinge_step, **options)


def _work(size: int, dimension: int, rounds: int, selection: str) -> tuple[float, float]:
    """The three learners' work together, each scoring the 2·size test points every round."""
    parts = [work(size, size, dimension, rounds, loss=loss, selection=selection, test=2 * size) for loss in LOSSES]
    return sum(total for total, _ in parts), max(step for _, step in parts)


def _check_work(size: int, dimension: int, rounds: int, selection: str) -> None:
    """Refuse, before any work, a run beyond about a minute (or 10 s a round): name the size or the rounds."""
    limit("size", size, lambda k: fits(*_work(k, dimension, 1, selection)), MAX_SIZE,
          f"points per class for p = {dimension} and one round")
    limit("rounds", rounds, lambda k: fits(*_work(size, dimension, k, selection)), MAX_ROUNDS,
          f"for {size:,} points per class and p = {dimension}")


def loss_scores(*, size=SIZE, dimension=DIMENSION, rounds=ROUNDS, selection="best", seed=0, hinge_step="smoothed",
                progress=None) -> LossScores:
    """RankBoost, logistic and hinge boosting with stumps on the paper's multivariate normal data.

    Parameters
    ----------
    size : int
        Points per class, in the training set and in the test set alike (2 to 10^5).
    dimension : int
        p, 1 to 100.
    rounds : int
        The most rounds each method runs; the rounds used are those with the best test AUC.
        The three fits together are limited to about a minute of work (the logistic loss
        sums size² pair terms a round, the best stump is found among size·p·2 of them), and
        10 s a round: refused up front, naming the largest size or rounds that fit.
    selection : str
        'best' (our default) or 'random' (the paper's; see the module docstring).
    seed : int
        Fixes the data and the random stumps.
    hinge_step : str
        The hinge learner's step: 'smoothed' (reaches the least training hinge risk) or
        'exact' (integer steps; stops early). See :func:`aucbound.learn.pairwise_boost`.
    progress : callable, optional
        Called as ``progress(done, total)`` over the rounds of all three methods.

    >>> result = loss_scores(size=150, rounds=40)
    >>> [row.loss for row in result.rows], all(1 <= row.rounds <= row.rounds_run <= 40 for row in result.rows)
    (['exponential', 'logistic', 'hinge'], True)

    The exact hinge step gives integer scores (0/1 stumps, integer steps): at most one level
    more than its rounds on the 300 test points, where the other losses' scores are spread.

    >>> rows = loss_scores(size=150, rounds=40, hinge_step="exact").rows
    >>> rows[2].levels <= rows[2].rounds + 1 < min(rows[0].levels, rows[1].levels)
    True
    """
    size = v.count("size", size, minimum=2, maximum=MAX_SIZE)
    dimension = v.count("dimension", dimension, maximum=MAX_DIMENSION)
    rounds = v.count("rounds", rounds, maximum=MAX_ROUNDS)
    selection = v.choice("selection", selection, ("best", "random"))
    hinge_step = v.choice("hinge_step", hinge_step, HINGE_STEPS)
    _check_work(size, dimension, rounds, selection)
    seed = v.count("seed", seed, minimum=0)
    report = v.progress("progress", progress)
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    train_pos, train_neg = _sample(rng, size, dimension)
    test_pos, test_neg = _sample(rng, size, dimension)
    test = np.vstack((test_pos, test_neg))
    r = (2.0 / math.sqrt(dimension)) * test.sum(axis=1)
    scores, effects, rows, models = {}, {}, [], {}
    for index, loss in enumerate(LOSSES):
        model = _fit(loss, train_pos, train_neg, hinge_step, rounds=rounds, selection=selection, seed=seed,
                     progress=lambda done, total, index=index: report(index * rounds + done, 3 * rounds))
        aucs = staged_auc(model, test_pos, test_neg)
        best = int(np.argmax(aucs))  # the smallest test ranking error, the earliest such round
        ran = model.rounds
        model = model.truncate(best + 1)
        final = score(model, test)
        score_at_best = final - final.mean()
        scores[loss], effects[loss], models[loss] = score_at_best, _main_effects(model, test), model
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
                      bayes_auc=cdf(math.sqrt(2.0)), models=models, hinge_step=hinge_step)
