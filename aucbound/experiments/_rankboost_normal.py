r"""RankBoost on two normal classes approaches ½·log(g₊/g₋) (Uematsu & Lee 2011, §5.1, Figure 3).

**Setting** (as the paper): X ~ N(1, 1) for positives and N(−1, 1) for negatives, 2000
of each; RankBoost with stumps 1(x > θ), θ from the observed values, for 400 rounds. By
Thm 2 (Remark 1) the exponential loss's optimal ranking function is
f*(x) = ½·log(g₊(x)/g₋(x)) = x up to a constant.

**How f̂ is compared with f*.** Both are ranking functions up to an additive constant, so f̂
is shifted by the constant that best matches f* on the points in [−2, 2] (where the
paper judges the fit, the density being high there): the mean of f̂(x) − x over them.
The RMS of the shifted f̂ − x over those points measures the fit. Beside it, the
exponential risk of f̂ on the training pairs (``model.risk[-1]``) against that of f* on
the same pairs (``f_star_risk``), and over the two normal classes (``population_risk``,
exact: f̂ is a step function, so E[e^{−f̂(X)}] and E[e^{f̂(X′)}] are sums over its steps of
e^{∓f̂}·(Φ(b ∓ 1) − Φ(a ∓ 1)); f*'s is e^{−½}·e^{−½} = e^{−1}).

**α, two rules** (``alpha``): the paper chooses each weight "to minimize the ranking risk"
over the training pairs, which for a stump is the exact minimiser of Z_t, ½·ln(W₊/W₋)
(``'exact'``); Freund et al.'s ½·ln((1 + r)/(1 − r)) minimises their bound on Z_t
(``'bound'``, our default), a step about (W₊ + W₋) times as long (the pair mass the
stump splits). With the exact rule f̂ fits the sample's noise — its training risk ends
below f*'s, its population risk above the bound rule's — and misses f* on [−2, 2] by
about twice as much (over seeds 0–19 at the defaults, RMS of f̂ − x on [−2, 2] median
0.125 with the bound rule, 0.230 with the exact one; at most 0.15 in 19 and 0 of 20).

**Stumps** (``selection``): a threshold drawn at random each round (``'random'``, our
default, as the paper does in its multivariate example, §5.1.3) or the best one.

The training AUC per round shows how fast the ranking settles (the paper: "after fewer
than 20 iterations ... the changes afterwards were only incremental"). Memory is
O(size + rounds) (the scores come from :func:`aucbound.learn.score`), and the work is
limited up front to about a minute (:func:`aucbound.learn.work`).
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from .._normal import cdf
from ..learn import MAX_ROUNDS, fits, limit, pairwise_risk, rankboost, score, work
from ._results import RankBoostNormal

__all__ = ["rankboost_normal", "SIZE", "ROUNDS", "WINDOW", "SETTLED", "MAX_SIZE"]

#: The paper's sample size per class and rounds; the window [−2, 2] judged; the round after
#: which the AUC's changes are measured.
SIZE, ROUNDS, WINDOW, SETTLED = 2000, 400, 2.0, 20
#: The most points per class.
MAX_SIZE = 10**6


def _work(size: int, rounds: int, selection: str):
    return work(size, size, 1, rounds, selection=selection)


def check_rankboost_normal(size, rounds, selection, runs: int = 1) -> tuple[int, int, str]:
    """(size, rounds, selection) checked, and `runs` runs of :func:`rankboost_normal` at them (one per rule of
    α asked for) refused up front beyond about a minute of work in all, naming the largest size or rounds
    that fits."""
    size = v.count("size", size, minimum=2, maximum=MAX_SIZE)
    rounds = v.count("rounds", rounds, minimum=SETTLED + 1, maximum=MAX_ROUNDS)
    selection = v.choice("selection", selection, ("random", "best"))
    setting = "points per class" + (" with the best stump each round" if selection == "best" else "")
    each = f" ({runs} runs, one per rule of α)" if runs > 1 else ""

    def ok(points: int, steps: int) -> bool:
        total, step = _work(points, steps, selection)
        return fits(runs * total, step)

    limit("size", size, lambda k: ok(k, SETTLED + 1), MAX_SIZE, f"{setting} and 21 rounds{each}")
    limit("rounds", rounds, lambda k: ok(size, k), MAX_ROUNDS, f"for {size:,} {setting}{each}")
    return size, rounds, selection


def _mass(low: np.ndarray, high: np.ndarray) -> np.ndarray:
    """P(low < Z ≤ high) for a standard normal Z, from the nearer tail (no cancellation far out)."""
    from scipy.special import ndtr  # scipy only when the experiment runs: the command line starts without it

    upper = low > 0.0
    return np.where(upper, ndtr(-low) - ndtr(-high), ndtr(high) - ndtr(low))


def population_risk(model) -> float:
    """E[e^{−(f(X) − f(X′))}] = E[e^{−f(X)}]·E[e^{f(X′)}] for a stump sum f on the line, X ~ N(1, 1),
    X′ ~ N(−1, 1): exact, summed over the steps of f (scores centred first, so no exponential overflows
    that the product would not)."""
    order = np.argsort(model.thresholds, kind="stable")
    thresholds = np.asarray(model.thresholds, dtype=np.float64)[order]
    levels = np.concatenate(([0.0], np.cumsum(np.asarray(model.alphas)[order])))  # f on (θ_(k), θ_(k+1)]
    levels -= levels.mean()
    edges = np.concatenate(([-np.inf], thresholds, [np.inf]))
    on_pos = _mass(edges[:-1] - 1.0, edges[1:] - 1.0)
    on_neg = _mass(edges[:-1] + 1.0, edges[1:] + 1.0)
    return float((on_pos @ np.exp(-levels)) * (on_neg @ np.exp(levels)))


def rankboost_normal(*, size=SIZE, rounds=ROUNDS, alpha="bound", selection="random", seed=0,
                     progress=None) -> RankBoostNormal:
    """RankBoost with stumps on N(1, 1) against N(−1, 1): f̂ beside f*(x) = x, and the training AUC per round.

    Parameters
    ----------
    size : int
        Points per class (2 to 10^6).
    rounds : int
        Boosting rounds (at least 21, so that the changes after round 20 exist); size ×
        rounds at most about 6·10^8 with stumps drawn at random (about a minute), less with
        the best stump each round — refused up front with the largest that fits.
    alpha : str
        RankBoost's rule for α: 'bound' (Freund et al.'s ½·ln((1 + r)/(1 − r))) or 'exact'
        (½·ln(W₊/W₋), the minimiser of the ranking risk along the stump, as the paper says).
    selection : str
        'random' or 'best': the stump of each round.
    seed : int
        Fixes the sample and the random stumps.
    progress : callable, optional
        Called as ``progress(done, total)`` after each round.

    >>> result = rankboost_normal(size=500, rounds=60)
    >>> result.rms < 0.3, 0.85 < result.train_auc[-1] < 0.97
    (True, True)
    """
    size, rounds, selection = check_rankboost_normal(size, rounds, selection)
    seed = v.count("seed", seed, minimum=0)
    rng = np.random.default_rng(np.random.SeedSequence(seed))
    pos, neg = rng.normal(1.0, 1.0, size), rng.normal(-1.0, 1.0, size)
    model = rankboost(pos, neg, rounds=rounds, weak="stump", alpha=alpha, selection=selection, seed=seed,
                      progress=progress)
    x = np.sort(np.concatenate((pos, neg)))
    f = score(model, x)
    inside = np.abs(x) <= WINDOW
    shift = float(np.mean(f[inside] - x[inside]))
    centred = f - shift
    rms = float(np.sqrt(np.mean((centred[inside] - x[inside]) ** 2)))
    auc = np.array(model.train_auc)
    settled = min(SETTLED, auc.shape[0])  # boosting stops early once the training ranking is perfect
    after = auc[settled - 1:]
    return RankBoostNormal(
        size=size, rounds=rounds, alpha=alpha, selection=selection, seed=seed, x=x, f_hat=centred, shift=shift,
        rms=rms, window=WINDOW, train_auc=tuple(model.train_auc), settled_round=settled,
        largest_step_after=float(np.max(np.abs(np.diff(after)))) if after.shape[0] > 1 else 0.0,
        largest_change_after=float(np.max(np.abs(after - after[0]))),
        bayes_auc=cdf(math.sqrt(2.0)), model=model, f_star_risk=pairwise_risk(pos, neg, loss="exponential"),
        population_risk=population_risk(model))
