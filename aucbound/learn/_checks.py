"""Checks of the learners' own arguments: the two samples, the rounds, a weak-ranker kind."""

from __future__ import annotations

import numpy as np

from .. import _validate as v

#: The most rounds a learner runs.
MAX_ROUNDS = 100_000
#: The most training points (m + n) a learner takes.
MAX_POINTS = 10**7
#: The most coordinates of the stacked training points (N·d): with stumps chosen best, a round
#: holds about a dozen arrays of one float per stump (up to N·d of them), 2.5 GB at the limit.
MAX_ENTRIES = 2 * 10**7

# --- the work of boosting, counted before any is done ----------------------------------------
#
# A unit is one coordinate visited once (a weight summed into a stump's sum, a point's weak-ranker
# value, one sort step of a point): about 5·10⁻⁸ s on one core of the 2-core development machine.
# Measured there: choosing the best of all stumps, 4–14·10⁻⁸ s per point and feature a round
# (more with many stumps, whose arrays leave the cache); a raw feature's sum, a BLAS product;
# a round with a stump drawn at random (its values, the weights, the training AUC), 1–4·10⁻⁸ s
# per point; scoring and ranking a test point, about as much; one pair term of the logistic
# loss (gradient and Newton steps), 7–9·10⁻⁸ s; the smoothed hinge's line search, 6–12·10⁻⁶ s per
# point a round (about ten sorts); sorting the features for the stumps, about ten rounds' scans.

#: Units of one coordinate when the best stump is sought (suffix sums, and RankBoost's W± from two of them).
STUMP_SCAN_UNITS = 2
#: Units of one pair term of the logistic or squared-hinge loss, a round.
PAIR_UNITS = 2
#: Units of one point in the hinge loss's line search, a round.
HINGE_UNITS = 250
#: Units of one coordinate when the stumps are built (sorting each feature).
SORT_UNITS = 10
#: The most work a learner (or an experiment) takes: about a minute.
MAX_WORK = 1.2 * 10**9
#: The most work of one round (and of building the weak rankers): about 10 s, so progress moves.
MAX_ROUND_WORK = 2 * 10**8


def work(m: int, n: int, d: int, rounds: int, *, loss: str = "exponential", selection: str = "best",
         weak: str = "stump", test: int = 0) -> tuple[float, float]:
    """(all, the largest single step) of the estimated work of boosting on m + n points in d
    features for `rounds` rounds, in units of about 5·10⁻⁸ s; `test` points are scored and
    ranked every round besides. The single steps are building the weak rankers and one round."""
    points = m + n
    build = points * d * (SORT_UNITS if weak == "stump" else 1)
    scan = points * d * (STUMP_SCAN_UNITS if weak == "stump" else 1)  # every weak ranker's sum
    per_round = (scan + points if selection == "best" else points) + test
    if loss == "hinge":
        per_round += HINGE_UNITS * points
    elif loss != "exponential":
        per_round += PAIR_UNITS * m * n
    return float(build + rounds * per_round), float(max(build, per_round))


def fits(total: float, step: float) -> bool:
    """Whether work (all, largest step) is within :data:`MAX_WORK` and :data:`MAX_ROUND_WORK`."""
    return total <= MAX_WORK and step <= MAX_ROUND_WORK


def largest(ok, high: int) -> int:
    """The largest k in [1, high] with ok(k) (ok true up to some k, false beyond), or 0 if ok(1) fails."""
    if not ok(1):
        return 0
    low = 1
    while low < high:
        middle = (low + high + 1) // 2
        low, high = (middle, high) if ok(middle) else (low, middle - 1)
    return low


def limit(parameter: str, value: int, ok, high: int, what: str) -> None:
    """Refuse `value` of `parameter` when ok(value) fails, naming the largest value that passes
    (`what` describes the rest of the setting); :data:`MAX_WORK` is about a minute of work."""
    if not ok(value):
        most = largest(ok, min(high, value))
        rule = (f"at most {most:,} {what} (at most about a minute of work, and 10 s between progress reports)" if most
                else f"smaller: {what} is more than 10 s of work even for the least {parameter}")
        raise v.fail(parameter, rule, value)


def check_work(m: int, n: int, d: int, rounds: int, *, loss: str, selection: str, weak: str) -> None:
    """Refuse, before any work, boosting beyond :data:`MAX_WORK` or :data:`MAX_ROUND_WORK`: too many
    rounds for these data (`rounds` named), or data too large for even one round (`positives`)."""
    setting = dict(loss=loss, selection=selection, weak=weak)
    described = (f"for {m:,} + {n:,} points in {d} feature{'s' * (d != 1)}, the {loss} loss and "
                 f"{weak}s chosen {'best' if selection == 'best' else 'at random'}")
    if not fits(*work(m, n, d, 1, **setting)):
        raise v.fail("positives", f"fewer: one round {described} is more than 10 s of work (at most "
                                  f"{MAX_ROUND_WORK:.0e} units of about 5e-8 s)", f"{m:,} positives")
    limit("rounds", rounds, lambda k: fits(*work(m, n, d, k, **setting)), MAX_ROUNDS, described)


#: Weak rankers: thresholded features or raw features scaled to [0, 1].
WEAK = ("stump", "raw")
#: How a round picks its weak ranker.
SELECTIONS = ("best", "random")


def samples(positives, negatives) -> tuple[np.ndarray, np.ndarray]:
    """The positives and the negatives as float64 (k, d) arrays with the same d, finite."""
    pos = v.points("positives", positives)
    neg = v.points("negatives", negatives, dim=pos.shape[1])
    v.at_most("positives", pos.shape[0] + neg.shape[0], MAX_POINTS, why=" points in all (positives and negatives)")
    v.at_most("positives", (pos.shape[0] + neg.shape[0]) * pos.shape[1], MAX_ENTRIES,
              why=" coordinates in all (points × features)")
    return pos, neg


def options(rounds, weak, selection, seed):
    """The checked ``rounds``, ``weak``, ``selection`` and random generator."""
    rounds = v.count("rounds", rounds, maximum=MAX_ROUNDS)
    weak = v.choice("weak", weak, WEAK)
    selection = v.choice("selection", selection, SELECTIONS)
    seed = v.seed("seed", seed)
    return rounds, weak, selection, np.random.default_rng(seed), seed
