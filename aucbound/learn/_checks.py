"""Checks of the learners' own arguments: the two samples, the rounds, a weak-ranker kind."""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ..shatter._checks import points

#: The most rounds a learner runs.
MAX_ROUNDS = 100_000
#: The most training points (m + n) a learner takes.
MAX_POINTS = 10**7
#: The most coordinates of the stacked training points (N·d): the sort orders of the
#: stumps take 8 bytes each.
MAX_ENTRIES = 10**8
#: The most pair terms (m·n·rounds) logistic boosting sums: about 6·10⁻⁸ s each on one core
#: (a round of 1000 + 1000 points takes 50–70 ms), so about ten minutes at the limit.
MAX_PAIR_ROUNDS = 10**10
#: Weak rankers: thresholded features or raw features scaled to [0, 1].
WEAK = ("stump", "raw")
#: How a round picks its weak ranker.
SELECTIONS = ("best", "random")


def samples(positives, negatives) -> tuple[np.ndarray, np.ndarray]:
    """The positives and the negatives as float64 (k, d) arrays with the same d, finite."""
    pos = points("positives", positives)
    neg = points("negatives", negatives, dim=pos.shape[1])
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


def pair_rounds(loss: str, m: int, n: int, rounds: int) -> None:
    """Refuse, before any work, boosting whose O(mn) rounds exceed :data:`MAX_PAIR_ROUNDS` (every loss
    but the hinge, whose sums come from sorting)."""
    if loss != "hinge":
        v.at_most("rounds", rounds, max(1, MAX_PAIR_ROUNDS // (m * n)),
                  why=f" for the {loss} loss on {m:,} × {n:,} pairs (at most {MAX_PAIR_ROUNDS:.0e} pair terms in all)")
