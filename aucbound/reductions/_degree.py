r"""Degree: rank items by their number of wins (Balcan et al. 2007, Alg. 2).

For each item u, deg(u) = |{v : c(u, v) = 1}|, the out-degree of u in the tournament the
pairwise classifier c plays on the test set; sort in descending order of deg, "breaking
ties arbitrarily". Thm 1: the AUC regret of this ranking is at most twice the
classification regret of c on the induced problem of Auc-Train; Thm 2, its core, holds
with ties broken *against* us (a loser with as many wins as a winner counts as a mistake),
and Example 1 (a regular tournament on an odd number of items) attains it.

For a preference h with values in [0, 1] the same sum, wins(u) = Σ_v h[u, v], is the
weighted out-degree (Coppersmith, Fleischer & Rudra 2006, whom §1 cites); for a binary h
it is deg(u). Each unordered pair is evaluated once, as h[u, v] with u < v, and h[v, u]
is taken as 1 − h[u, v]: n(n − 1)/2 evaluations. Rows are processed in blocks of
``chunk`` rows, so memory is O(chunk·n), never n².

Ties ("arbitrarily" in the paper) follow one of four rules:

- ``"index"``: the lower item index first (a stable sort);
- ``"random"``: a uniformly random order among tied items (``seed``);
- ``"worst"``: given ``labels``, negatives before positives among tied items — the
  adversarial choice of Thm 2, which makes the AUC loss as large as any tie-breaking can;
- ``"best"``: positives before negatives, the smallest loss any tie-breaking gives.

Wins are compared exactly as computed in floating point: for 0/1 values and halves
(ties of scores) the sums are exact; for other fractions, equal sums taken in a different
order may differ in the last bit and then are not tied.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ._results import DegreeRanking
from ._checks import binary_labels
from ._preference import Preference, upper_pairs

__all__ = ["degree_ranking", "TIES", "BLOCK_VALUES"]

#: The tie-breaking rules of :func:`degree_ranking`.
TIES = {
    "index": "lower item index first",
    "random": "uniformly random among tied items (seeded)",
    "worst": "negatives before positives (needs labels): the largest AUC loss",
    "best": "positives before negatives (needs labels): the smallest AUC loss",
}
#: The default block holds about this many pairs (a few tens of MB).
BLOCK_VALUES = 1 << 22


def preference_argument(preference) -> Preference:
    """`preference` if it is a :class:`Preference`."""
    if not isinstance(preference, Preference):
        raise v.ParameterTypeError(
            "preference", "a Preference (Preference.from_matrix, from_scores or from_function)", v.show(preference))
    return preference


def wins(preference: Preference, chunk: int) -> np.ndarray:
    """wins[u] = Σ_{v ≠ u} h[u, v], each unordered pair evaluated once, `chunk` rows at a time."""
    n = preference.n
    total = np.zeros(n)
    for start in range(0, n - 1, chunk):
        stop = min(n - 1, start + chunk)
        if preference.kind == "function":
            first, second = upper_pairs(start, stop, n)
            values = preference._values(first, second)
            total += np.bincount(first, weights=values, minlength=n)
            total += np.bincount(second, weights=1.0 - values, minlength=n)
        else:
            block = np.triu(preference._rows(start, stop, start), 1)  # columns start, …, n − 1
            total[start:stop] += block.sum(axis=1)
            lost = np.triu(1.0 - block, 1)
            total[start:] += lost.sum(axis=0)
    return total


def degree_ranking(preference, *, ties: str = "index", labels=None, seed=None, chunk=None) -> DegreeRanking:
    """The items ordered by their number of wins, most first (Balcan et al. 2007, Alg. 2).

    wins(u) = Σ_v h[u, v] (for a tournament, how many items u beats); ties are broken by
    the rule `ties` (see :data:`TIES`): 'index', 'random' (with `seed`), or 'worst' /
    'best' for the given 0/1 `labels` (1 = positive), which are required by those two and
    refused by the others. `chunk` is the number of rows of h evaluated at once (default:
    about :data:`BLOCK_VALUES` pairs per block); memory is O(chunk·n).

    >>> h = Preference.from_matrix([[0, 1, 0], [0, 0, 1], [1, 0, 0]])  # a 3-cycle: all tied
    >>> degree_ranking(h).order.tolist(), degree_ranking(h, ties="worst", labels=[1, 0, 0]).order.tolist()
    ([0, 1, 2], [1, 2, 0])
    """
    preference = preference_argument(preference)
    v.choice("ties", ties, TIES)
    n = preference.n
    if ties in ("worst", "best"):
        if labels is None:
            raise v.ParameterError("labels", f"be given with ties={ties!r}", "None", verb="")
        positive = binary_labels("labels", labels, size=n, both=False)
    elif labels is not None:
        raise v.ParameterError("labels", "be None unless ties is 'worst' or 'best'", f"labels with ties={ties!r}",
                               verb="")
    seed = v.seed("seed", seed)
    if chunk is None:
        chunk = max(1, BLOCK_VALUES // n)
    else:
        chunk = v.count("chunk", chunk)
    total = wins(preference, chunk)
    index = np.arange(n)
    if ties == "index":
        order = np.lexsort((index, -total))
    elif ties == "random":
        order = np.lexsort((np.random.default_rng(seed).permutation(n), -total))
    elif ties == "worst":
        order = np.lexsort((index, positive, -total))
    else:
        order = np.lexsort((index, ~positive, -total))
    order = order.astype(np.int64)
    order.setflags(write=False)
    total.setflags(write=False)
    return DegreeRanking(order=order, wins=total, calls=n * (n - 1) // 2, n=n, ties=ties, seed=seed)
