r"""Does the uniform-convergence bound have the shape of the test AUC? (Agarwal et al. 2005, §4.5, Figure 4).

**Setting** (the paper's, with two choices of ours): points in R^16; D₊ and D₋ are each a
mixture of two Gaussians, every entry of the means and of the diagonal covariances drawn
uniformly from (0, 1) — the paper does not give the mixture's weights, and we take them
equal. One test set of 2500 + 2500 points. For each training size (m, n) of a grid — the
paper does not give its grid; ours is m, n ∈ {20, 40, 80, 160} — and each of ``trials``
draws of the training set, RankBoost (Freund et al. 2003)
with raw features scaled to [0, 1] as weak rankers runs for T = 20 rounds, which learns a
linear ranking function in F_lin(16) (:func:`aucbound.learn.rankboost`, ``weak='raw'``).
Recorded per draw: the training AUC Â, the test AUC, and the lower bound Â − ε on the
expected AUC of Cor 4.5 at δ = 0.01,

    ε = sqrt(8(m + n)·(ln r(F_lin(16), 2m, 2n) + ln(4/δ))/(mn)),

with r bounded as the paper does, by Thm 4.11's (2e·(2m)(2n)/16)^16
(:func:`aucbound.bounds.uniform_epsilon` with ``bound='paper'``) — and, beyond the paper,
with the smallest valid bound aucbound knows (the exact face count of Lemma 4.10's
arrangement, ``bound=None``), marked ``sharp``.

**The paper's claim**: the bound is far too loose to predict the AUC (it is below 0 at
these sizes), but its shape — how it grows with m and with n — follows the test AUC's.

**Randomness**: the distributions and the test set come from ``SeedSequence(seed)``'s
first child; trial t at (m, n) from ``SeedSequence(seed, spawn_key=(1, m, n, t))``, so a
cell does not depend on the grid it is in.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ..bounds import uniform_epsilon
from ..empirical import auc_from_groups
from ..learn import fits, limit, rankboost, work
from ._results import BoundShapeExperiment, BoundShapeRow
from ..shatter import Linear

__all__ = ["bound_shape", "DEFAULT_SIZES", "DIMENSION", "TEST_SIZE", "ROUNDS", "DELTA", "MAX_SIZE"]

#: Agarwal et al.'s (2005, §4.5) dimension, rounds, test-set size per class and δ.
DIMENSION, ROUNDS, TEST_SIZE, DELTA = 16, 20, 2500, 0.01
#: The default grid of m and of n (ours: the paper does not give its grid).
DEFAULT_SIZES = (20, 40, 80, 160)
#: The largest m or n.
MAX_SIZE = 100_000


def mixture(rng: np.random.Generator, dim: int = DIMENSION) -> tuple[np.ndarray, np.ndarray]:
    """Means and standard deviations (each (2, dim)) of a two-Gaussian mixture, entries of the
    means and variances uniform on (0, 1)."""
    means = rng.uniform(0.0, 1.0, size=(2, dim))
    variances = rng.uniform(0.0, 1.0, size=(2, dim))
    return means, np.sqrt(variances)


def draw(rng: np.random.Generator, component: tuple[np.ndarray, np.ndarray], size: int) -> np.ndarray:
    """`size` points from the equal-weight mixture."""
    means, sds = component
    which = rng.integers(0, 2, size=size)
    return means[which] + sds[which] * rng.standard_normal((size, means.shape[1]))


def bound_shape(ms=DEFAULT_SIZES, ns=DEFAULT_SIZES, *, trials=10, seed=0, rounds=ROUNDS, delta=DELTA,
                progress=None) -> BoundShapeExperiment:
    """Training AUC, test AUC and Cor 4.5's lower bound of RankBoost's linear rankers on a grid of (m, n).

    Parameters
    ----------
    ms, ns : sequence of int
        The positives m and negatives n of the training sets (every pair is a cell), 1 to
        100,000 each.
    trials : int
        Training sets drawn per cell (1 to 1000). All the trials together are limited to
        about a minute of work (:func:`aucbound.learn.work`: RankBoost's rounds over the m + n
        points in 16 features, and the test set scored), one trial to about 10 s.
    seed : int
        Fixes the distributions, the test set and every training set.
    rounds : int
        RankBoost's rounds (20 in the paper).
    delta : float
        The bound's failure probability (0.01 in the paper).
    progress : callable, optional
        Called as ``progress(done, total)`` after each trial.

    >>> result = bound_shape([200, 1000], [200], trials=2)
    >>> [(row.m, row.n) for row in result.rows]
    [(200, 200), (1000, 200)]
    >>> all(row.bound_mean < row.test_mean for row in result.rows)
    True
    """
    ms = v.counts("ms", ms, maximum=MAX_SIZE)
    ns = v.counts("ns", ns, maximum=MAX_SIZE)
    trials = v.count("trials", trials, maximum=1000)
    seed = v.count("seed", seed, minimum=0)
    rounds = v.count("rounds", rounds, maximum=10_000)
    delta = v.probability("delta", delta, scalar=True)
    _check_work(ms, ns, trials, rounds)
    report = v.progress("progress", progress)
    setup = np.random.default_rng(np.random.SeedSequence(seed))
    positive, negative = mixture(setup), mixture(setup)
    test_pos, test_neg = draw(setup, positive, TEST_SIZE), draw(setup, negative, TEST_SIZE)
    fclass = Linear(DIMENSION)
    rows, done, total = [], 0, len(ms) * len(ns) * trials
    for m in ms:
        for n in ns:
            train, test = np.empty(trials), np.empty(trials)
            for t in range(trials):
                rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(1, m, n, t)))
                model = rankboost(draw(rng, positive, m), draw(rng, negative, n), rounds=rounds, weak="raw")
                train[t] = model.train_auc[-1]
                test[t] = auc_from_groups(model.score(test_pos), model.score(test_neg))
                done += 1
                report(done, total)
            paper = uniform_epsilon(fclass, m, n, delta, bound="paper")
            sharp = uniform_epsilon(fclass, m, n, delta)
            train_mean, train_sd, test_sd = float(train.mean()), _sd(train), _sd(test)
            rows.append(BoundShapeRow(
                m=m, n=n, trials=trials, train_mean=train_mean, train_sd=train_sd,
                test_mean=float(test.mean()), test_sd=test_sd, test_se=test_sd / np.sqrt(trials),
                epsilon=paper, bound_mean=train_mean - paper, bound_sd=train_sd,
                sharp_epsilon=sharp, sharp_bound_mean=train_mean - sharp))
    return BoundShapeExperiment(ms=ms, ns=ns, trials=trials, seed=seed, rounds=rounds, delta=delta,
                                dimension=DIMENSION, test_size=TEST_SIZE, rows=tuple(rows))


def _work(ms, ns, trials: int, rounds: int) -> tuple[float, float]:
    """(all, one trial of the largest cell): RankBoost with raw features, the test set scored once."""
    cells = [work(m, n, DIMENSION, rounds, weak="raw") for m in ms for n in ns]
    per_trial = [total + 2 * TEST_SIZE * DIMENSION for total, _ in cells]
    return trials * sum(per_trial), max(per_trial)


def _check_work(ms, ns, trials: int, rounds: int) -> None:
    """Refuse, before any work, more than about a minute in all or 10 s a trial (a step of the progress)."""
    if not fits(*_work(ms, ns, 1, rounds)):
        parameter, value = ("ms", max(ms)) if max(ms) >= max(ns) else ("ns", max(ns))  # the larger is to blame
        raise v.fail(parameter, f"smaller: one trial at m = {max(ms):,}, n = {max(ns):,} and {rounds} rounds is more "
                                "than 10 s of work", value)
    limit("trials", trials, lambda k: fits(*_work(ms, ns, k, rounds)), 1000,
          f"for {_cells(len(ms) * len(ns))} (m up to {max(ms):,}, n up to {max(ns):,}) and {rounds} rounds")


def _cells(count: int) -> str:
    return "this cell" if count == 1 else f"these {count} cells"


def _sd(values: np.ndarray) -> float:
    """The sample standard deviation (0 for one value)."""
    return float(values.std(ddof=1)) if values.shape[0] > 1 else 0.0
