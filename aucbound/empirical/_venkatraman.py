r"""Venkatraman's permutation tests of two whole ROC curves, paired and unpaired, as pROC computes them.

Venkatraman & Begg (1996, Biometrika 83, 835–848) test whether two scorers of the same
cases have the same ROC curve, Venkatraman (2000, Biometrics 56, 1134–1138) the same for
scorers of two different sets of cases. Neither looks at one summary such as the AUC: the
statistic measures how far apart the curves are at every operating point, and its null
distribution comes from permutations that are exchangeable when the curves are equal.
Robin et al. (2011) put both into pROC's ``roc.test(method = "venkatraman")``; this module
follows pROC 1.18 step for step.

**Ranks.** Each scorer's scores become ranks 1 … N among its own N cases, ties broken by
the cases' order (R's ``rank(ties.method = "first")``, pROC's default): with ties the
statistic depends on that order, so the cases are taken in the order given (the positives'
mask, when there is one), else negatives first, then positives, as pROC's
``roc(controls = , cases = )`` stores them.

**Paired (Venkatraman & Begg 1996).** With R and S the two scorers' ranks and the cut after
rank x (x = 1 … N), a scorer's errors are its positives at or below the cut plus its
negatives above it. E is the sum over x of the absolute difference between the two scorers'
errors; with w = +1 for a positive and −1 for a negative, this is

    E = Σ_x |Σ_{S_i ≤ x} w_i − Σ_{R_i ≤ x} w_i|,

an integer, computed in O(N) from the ranks. A permutation swaps the two ranks of each case
with probability ½; a case that is not swapped has both its ranks moved by U − ½ (U
uniform on (0, 1)), and a swapped one keeps the other scorer's integer rank unmoved (pROC's
scheme: the moves only decide where an unswapped case falls against a swapped one with the
same integer rank). Only the order of the values matters, so three fair coins per case (the
swap and the side of each move) reproduce it exactly, and the new ranks are read off
integer keys (4k for an unmoved rank k, 4k ∓ 1 for a moved one) without a sort.

**Unpaired (Venkatraman 2000).** Each scorer's curve is written on the scale of the mixture
of its classes: with F and G the empirical CDFs of its positives' and negatives' ranks, at
each rank x the point p = λF + (1 − λ)G carries the value λF + (1 − λ)(1 − G). E is the
area between the two scorers' broken lines through these points, integrated by the
trapezoid rule over the sorted points of both (each line read by linear interpolation, R's
``approxfun``; the pieces beyond either line's first point are left out, as pROC's
``na.rm = TRUE`` does). λ is pROC's: (m₁ + m₂)/(2N₁), the positives of both sets over twice
the first set's size. Venkatraman's λ is the pooled share of positives (m₁ + m₂)/(N₁ + N₂);
the two agree when N₁ = N₂. The test is a permutation test for any fixed λ, so its level
does not depend on the choice; pROC's is kept so that E is pROC's. A permutation moves
every rank by U − ½, pools the negatives of both sets and deals them out at random, so many
to each set as it had, and the positives likewise; each set's new ranks are the order of
its values (again read off integer keys: 2k or 2k + 1 for rank k, a fair coin deciding
between the two sets' items of the same rank).

**p-value.** As pROC: the share of the B permutations whose E is at least the observed
one, #{E* ≥ E}/B (a Monte Carlo permutation p-value; it can be 0). pROC offers the
two-sided test only, and so does this module.

The permutations run in the bootstrap's blocks (:func:`~aucbound.empirical._resampling.map_random`):
a seed gives the same p-value on every machine and with any number of threads.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ._resampled_base import check_alternative, check_work, result
from ._resampling import map_random

__all__ = ["venkatraman_test", "check_permutations", "first_ranks", "paired_statistic", "paired_permuted",
           "unpaired_statistic", "Pooled"]

SOURCE_PAIRED = "Venkatraman & Begg 1996; Robin et al. 2011 (pROC's roc.test, method 'venkatraman')"
SOURCE_UNPAIRED = "Venkatraman 2000; Robin et al. 2011 (pROC's roc.test, method 'venkatraman')"

#: The cost of a permutation per case, in items of the bootstrap's work limit (:data:`~._resampling.MAX_WORK`, whose
#: item costs 12–15 ns): measured at 10^5 cases, a permutation costs 75 ns of CPU a case paired and 92 ns
#: unpaired, so the limit is about the bootstrap's minute.
COST_PER_CASE = 8


def check_permutations(resamples, cases: int) -> int:
    """`resamples` (the permutations) checked: at least 1, and permutations × `cases` within the
    work limit (:data:`~._resampling.MAX_WORK` items of the bootstrap, about a minute)."""
    return check_work(resamples, cases, COST_PER_CASE, "Venkatraman's test: permutations × cases")


def _in_order(pos: np.ndarray, neg: np.ndarray, mask) -> tuple[np.ndarray, np.ndarray]:
    """(scores, positive) of all cases in their order: `mask` marks the positives' places (their scores
    in the order of `pos`, the negatives' in that of `neg`); None puts the negatives first."""
    if mask is None:
        mask = np.concatenate((np.zeros(neg.shape[0], dtype=bool), np.ones(pos.shape[0], dtype=bool)))
    values = np.empty(mask.shape[0], dtype=np.float64)
    values[mask], values[~mask] = pos, neg
    return values, mask


def first_ranks(values: np.ndarray) -> np.ndarray:
    """Ranks 1 … N of `values`, ties in the order given (R's ``rank(ties.method = "first")``), int64.

    >>> first_ranks(np.array([3.0, 1.0, 3.0, 2.0])).tolist()
    [3, 1, 4, 2]
    """
    ranks = np.empty(values.shape[0], dtype=np.int64)
    ranks[np.argsort(values, kind="stable")] = np.arange(1, values.shape[0] + 1)
    return ranks


def _running(keys: np.ndarray, weights: np.ndarray, size: int) -> np.ndarray:
    """The running sums of `weights` (±1) in the order of the distinct integer `keys` (all in [0, size))."""
    slots = np.zeros(size, dtype=np.int8)
    slots[keys] = weights
    return np.cumsum(slots[slots != 0], dtype=np.int64)


def paired_statistic(r: np.ndarray, s: np.ndarray, w: np.ndarray) -> int:
    """Venkatraman & Begg's E of ranks `r` and `s` (1 … N, int64) of the cases with weights `w`
    (+1 positive, −1 negative): Σ_x |Σ_{s ≤ x} w − Σ_{r ≤ x} w|, exactly.

    >>> w = np.array([1, -1, 1, -1])
    >>> paired_statistic(np.array([4, 1, 3, 2]), np.array([4, 1, 3, 2]), w)
    0
    >>> paired_statistic(np.array([4, 1, 3, 2]), np.array([1, 4, 3, 2]), w)  # a positive and a negative trade places
    6
    """
    size = r.shape[0] + 1
    return int(np.abs(_running(s, w, size) - _running(r, w, size)).sum())


def paired_permuted(r: np.ndarray, s: np.ndarray, w: np.ndarray, coins: np.ndarray) -> int:
    """E after one permutation of the paired test, from three fair coins a case (bits of `coins`,
    uint8): bit 0 set, the case keeps its ranks (pROC's q = 1), each moved by U − ½, bit 1 (2)
    set when the move of its `r` (`s`) is down (U < ½); else the two ranks trade places unmoved."""
    kept = (coins & 1).astype(bool)
    down_r = ((coins >> 1) & 1).astype(np.int64)
    down_s = ((coins >> 2) & 1).astype(np.int64)
    new_r = np.where(kept, 4 * r + 1 - 2 * down_r, 4 * s)  # keys: 4k for rank k unmoved, 4k ∓ 1 moved
    new_s = np.where(kept, 4 * s + 1 - 2 * down_s, 4 * r)
    size = 4 * r.shape[0] + 2
    return int(np.abs(_running(new_s, w, size) - _running(new_r, w, size)).sum())


def _paired_permutation(r: np.ndarray, s: np.ndarray, w: np.ndarray):
    """One permutation of the paired test, as a function of a generator."""
    def one(rng) -> int:
        return paired_permuted(r, s, w, rng.integers(0, 8, size=r.shape[0], dtype=np.uint8))

    return one


def _approx(xp: np.ndarray, yp: np.ndarray, at: np.ndarray) -> np.ndarray:
    """R's ``approxfun(xp, yp)(at)``: linear interpolation through the points sorted by x (tied x
    collapsed to the mean of their y), NaN outside [min x, max x]."""
    xs, ys = xp, yp
    if not np.all(xp[1:] > xp[:-1]):  # increasing whenever 0 < λ < 1
        order = np.argsort(xp, kind="stable")
        xs, start = np.unique(xp[order], return_index=True)
        ys = np.add.reduceat(yp[order], start) / np.diff(np.append(start, order.shape[0]))
    values = np.interp(at, xs, ys)
    values[(at < xs[0]) | (at > xs[-1])] = np.nan
    return values


def _mixture_curve(case_first: np.ndarray, mp: float) -> tuple[np.ndarray, np.ndarray]:
    """(p, value) at each rank x = 1 … N of one scorer whose cases, in rank order, are positives
    where `case_first` is True: p = λF + (1 − λ)G and value = λF + (1 − λ)(1 − G)."""
    cases = np.cumsum(case_first)
    f = cases / cases[-1]
    g = (np.arange(1, case_first.shape[0] + 1) - cases) / (case_first.shape[0] - cases[-1])
    return mp * f + (1 - mp) * g, mp * f + (1 - mp) * (1 - g)


def unpaired_statistic(first_cases: np.ndarray, second_cases: np.ndarray, mp: float) -> float:
    """Venkatraman's E for two scorers whose cases, in rank order, are positives where the boolean
    arrays are True, with mixing weight λ = `mp`: the trapezoid area between their curves.

    >>> round(unpaired_statistic(np.array([False, True, False, True]), np.array([False, True, False, True]), 0.5), 12)
    0.0
    >>> round(unpaired_statistic(np.array([False, False, True, True]), np.array([True, True, False, False]), 0.5), 12)  # pROC: 0.4375
    0.4375
    """
    p1, e1 = _mixture_curve(first_cases, mp)
    p2, e2 = _mixture_curve(second_cases, mp)
    x = np.sort(np.concatenate((p1, p2)), kind="stable")  # two sorted runs: merged in linear time
    y = np.abs(_approx(p1, e1, x) - _approx(p2, e2, x))
    pieces = (y[1:] + y[:-1]) * (x[1:] - x[:-1]) / 2
    return float(pieces[~np.isnan(pieces)].sum())


def _pattern(keys: np.ndarray, cases: np.ndarray, size: int) -> np.ndarray:
    """Whether each item is a positive, in the order of the distinct integer `keys`."""
    slots = np.zeros(size, dtype=np.int8)
    slots[keys] = cases.astype(np.int8) + 1
    return slots[slots > 0] == 2


class Pooled:
    """The two sets of an unpaired test, pooled by class for its permutations: for the negatives and
    then the positives, each item's rank in its own set, whether it came from the second set, and
    how many the first set had."""

    def __init__(self, r: np.ndarray, r_cases: np.ndarray, s: np.ndarray, s_cases: np.ndarray):
        self.classes = []
        for label in (False, True):
            ranks = np.concatenate((r[r_cases == label], s[s_cases == label]))
            in_first = int(np.count_nonzero(r_cases == label))
            origin = np.arange(ranks.shape[0]) >= in_first
            self.classes.append((label, ranks, origin, in_first))
        self.levels = max(r.shape[0], s.shape[0]) + 1

    def permuted(self, coin: np.ndarray, orders, mp: float) -> float:
        """E after one permutation: ``orders[c]`` deals out class c (negatives, positives) of the
        pooled items, its first items to the first set; ``coin[k]`` (0 or 1) is 1 where the
        second set's item of rank k falls below the first set's once moved (U₂ < U₁)."""
        size = 2 * self.levels + 2
        keys, cases = ([], []), ([], [])
        for (label, ranks, origin, in_first), order in zip(self.classes, orders):
            dealt, came = ranks[order], origin[order]
            key = 2 * dealt + np.where(came, 1 - coin[dealt], coin[dealt])  # 2k or 2k + 1 for rank k
            for side, part in enumerate((slice(None, in_first), slice(in_first, None))):
                keys[side].append(key[part])
                cases[side].append(np.full(key[part].shape[0], label))
        first, second = (_pattern(np.concatenate(keys[k]), np.concatenate(cases[k]), size) for k in (0, 1))
        return unpaired_statistic(first, second, mp)


def _unpaired_permutation(pooled: Pooled, mp: float):
    """One permutation of the unpaired test, as a function of a generator."""
    def one(rng) -> float:
        coin = rng.integers(0, 2, size=pooled.levels, dtype=np.int64)
        orders = [rng.permutation(ranks.shape[0]) for _, ranks, _, _ in pooled.classes]
        return pooled.permuted(coin, orders, mp)

    return one


def venkatraman_test(first, second, *, paired: bool, alternative: str = "two-sided", resamples: int = 2000,
                     seed=0, workers: int = -1, progress=None, mask=None):
    """Venkatraman's permutation test that two ROC curves are equal, on checked arrays.

    `first` and `second` are each ``(pos, neg)``, float64 scores of the positives and of the
    negatives; when `paired`, the i-th positive (negative) of both is the same case. `mask`
    gives the cases' order, which decides ties (module docstring): for a paired test one
    boolean array over the cases (True for a positive), for an unpaired one a pair of them,
    one per set; None takes the negatives first. `resamples` permutations (checked against
    the work limit here), drawn from `seed` on `workers` threads (checked already);
    ``progress(done, total)`` as they run. Only ``alternative="two-sided"`` exists (as in pROC).
    Returns a :class:`~aucbound.empirical.ResampledTest` with E as ``statistic``.
    """
    if check_alternative(alternative) != "two-sided":
        raise v.fail("alternative", "'two-sided' for Venkatraman's test (pROC offers no one-sided version)",
                     alternative)
    (pos_a, neg_a), (pos_b, neg_b) = first, second
    cases = pos_a.shape[0] + neg_a.shape[0] + (0 if paired else pos_b.shape[0] + neg_b.shape[0])
    resamples = check_permutations(resamples, cases)
    masks = (mask, mask) if paired else (mask if mask is not None else (None, None))
    (x, x_cases), (y, y_cases) = _in_order(pos_a, neg_a, masks[0]), _in_order(pos_b, neg_b, masks[1])
    r, s = first_ranks(x), first_ranks(y)
    if paired:
        w = np.where(x_cases, 1, -1)
        observed = paired_statistic(r, s, w)
        one = _paired_permutation(r, s, w)
        title = "Venkatraman's test for two paired ROC curves"
    else:
        mp = (pos_a.shape[0] + pos_b.shape[0]) / (2 * x.shape[0])  # pROC's λ (module docstring)
        order_x, order_y = np.empty_like(x_cases), np.empty_like(y_cases)
        order_x[r - 1], order_y[s - 1] = x_cases, y_cases
        observed = unpaired_statistic(order_x, order_y, mp)
        one = _unpaired_permutation(Pooled(r, x_cases, s, y_cases), mp)
        title = "Venkatraman's test for two unpaired ROC curves"
    permuted = np.fromiter(map_random(one, resamples, seed, items=cases, workers=workers, progress=progress),
                           dtype=np.float64, count=resamples)
    p_value = float(np.count_nonzero(permuted >= observed)) / resamples
    return result(
        method="venkatraman", title=title, paired=paired, statistic_name="E", statistic=float(observed),
        p_value=p_value, alternative="two-sided", compared="ROC curve", estimate_a=None, estimate_b=None,
        std_error=None, resamples=resamples, used=resamples, stratified=None, seed=seed,
        sizes=(pos_a.shape[0], neg_a.shape[0], pos_b.shape[0], neg_b.shape[0]),
        source=SOURCE_PAIRED if paired else SOURCE_UNPAIRED,
    )
