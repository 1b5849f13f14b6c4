r"""Confidence sequences for the AUC of a deployed model, recomputed as labelled cases arrive.

Looking at a fixed-n interval (DeLong's) after every batch breaks its guarantee: the chance
that some look misses the true AUC grows with the number of looks. A confidence sequence
(C_t) covers the AUC at every time at once, P(∃t: A ∉ C_t) ≤ δ (Howard, Ramdas, McAuliffe &
Sekhon 2021, Ann. Statist. 49).

**The construction** (proved in the documentation's page on sharper guarantees, §3). Given
the labels, Â_t is a two-sample U-statistic along a fixed path (m_t, n_t), hence a reverse
martingale (Hoeffding 1948; Berk 1966), and exp(λ(Â_t − A)) a reverse submartingale: by Doob's
maximal inequality any moment-generating-function bound at one time s bounds
P(∃t ≥ s: ±(Â_t − A) ≥ x) (Manole & Ramdas 2023). Epoch j starts at the first checkpoint
s_j where min(m, n) ≥ 2^(j+2) (8, 16, 32, …) and spends δ_j = δ/(j(j+1)) on the fixed-time
interval of ``method`` at s_j, whose half-width ε_j then holds at every later checkpoint:

- ``"bernstein"``: the deviations t₊_j, t₋_j of :func:`aucbound.bounds.bernstein_deviations` at
  (Â, p̂1, p̂2, m, n) of s_j (p̂1, p̂2 clipped into [Â², Â]), unclipped: the set at t is
  [Â_t − t₊_j, Â_t + t₋_j];
- ``"hoeffding-kl"``: the set {θ : k_j·kl(Â_t ‖ θ) ≤ ln(2/δ_j)}, k_j = min(m, n) at s_j.

C_t is [0, 1] ∩ ⋂_{s_j ≤ t} (the epoch's set at Â_t) ∩ C_{t−1}. An empty C_t (``lo > hi``)
can happen with probability at most δ when the cases are i.i.d.: it says they are not.

The difference of two models on the same cases (``paired=True``): Δ̂_t = Â1_t − Â2_t is a
two-sample U-statistic of the kernel d = h(x1, y1) − h(x2, y2) ∈ [−1, 1]; at s_j, Bennett's
inequality for Hoeffding's average of k = min(m, n) independent pairs, with range 2 and
variance at most D = E d², ln E exp(±λ(Δ̂ − Δ)) ≤ k·ψ(2λ/k)·D⁺/4, where D⁺ is the
Chernoff–KL upper bound (k blocks, at δ_j/10) of D̂, the mean of d² over all pairs.
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np

from .. import _validate as v
from ..bounds import bennett_deviation, bernstein_deviations, hoeffding_kl_interval, wald_interval
from ._auc import twice_counts
from ._compare import Column, paired_variances
from ._delong import clip_to_lehmann_range, counts_in_order, statistics
from ._labels import _python, _real_scores
from ._results import MonitorHistory, MonitorRow

__all__ = ["AUCMonitor", "MONITOR_METHODS", "update_together", "FIRST_EPOCH", "epoch_weight", "dominance_sum"]

#: The fixed-time bounds a monitor can stitch, by key.
MONITOR_METHODS = ("bernstein", "hoeffding-kl")
#: Epoch j starts when min(m, n) first reaches FIRST_EPOCH·2^(j − 1) (8, 16, 32, …).
FIRST_EPOCH = 8
#: The share of an epoch's δ_j spent on the upper bound of D in the paired monitor (the rest to the two tails).
VARIANCE_SHARE = 0.1
SOURCE = ("Howard, Ramdas, McAuliffe & Sekhon 2021 (confidence sequences); Hoeffding 1948, Berk 1966 "
          "(U-statistics as reverse martingales); Manole & Ramdas 2023")


def epoch_weight(j):
    """w_j = 1/(j(j + 1)), the share of δ epoch j spends (Σ_j w_j = 1).

    >>> [epoch_weight(j) for j in (1, 2, 3)], sum(epoch_weight(j) for j in range(1, 10**5)) < 1
    ([0.5, 0.16666666666666666, 0.08333333333333333], True)
    """
    return 1.0 / (j * (j + 1.0))


def epochs_reached(pairs: int) -> int:
    """The number of epochs started once min(m, n) = `pairs`: the largest j with FIRST_EPOCH·2^(j−1) ≤ pairs.

    >>> [epochs_reached(k) for k in (7, 8, 15, 16, 1000)]
    [0, 1, 1, 2, 7]
    """
    return 0 if pairs < FIRST_EPOCH else (pairs // FIRST_EPOCH).bit_length()


def _twice_against(new: np.ndarray, old: np.ndarray, new_positive: bool) -> int:
    """Σ over pairs of a sorted `new` item and a sorted `old` item of the other class of 2h (h = 1 when the
    positive is higher, ½ when tied), as a Python int, by binary searches of `new` in `old`."""
    left = np.searchsorted(old, new, side="left")
    right = np.searchsorted(old, new, side="right")
    if new_positive:  # old negatives below, and tied
        return int((left + right).sum())
    size = old.shape[0]  # old positives above each new negative: 2·(size − right) + (right − left)
    return int((2 * size - right - left).sum())


def _pairs_before(order_keys: np.ndarray, second: np.ndarray, is_neg: np.ndarray) -> int:
    """#{(negative i, positive j): i before j in `order_keys`'s order and second_i < second_j} (distinct keys in
    `second` between the classes), by a bottom-up merge sort on `second`: each pair is counted at the one level
    where i and j fall in the two halves of one block (O(N log N) with numpy's run-merging stable sort)."""
    order = np.argsort(order_keys, kind="stable")
    second, is_neg = second[order], is_neg[order]
    size = second.shape[0]
    position = np.arange(size)
    current = position  # positions, sorted by `second` within each block of the current width
    scale = int(second.max()) + 1 if size else 1
    total = 0
    width = 1
    while width < size:
        block = current // (2 * width)
        merged = np.argsort(block * scale + second[current], kind="stable")
        current = current[merged]
        block = block[merged]
        left = (current // width) % 2 == 0
        counted = np.cumsum(left & is_neg[current])
        starts = np.flatnonzero(np.r_[True, block[1:] != block[:-1]])
        before = np.where(starts > 0, counted[np.maximum(starts - 1, 0)], 0)
        at_start = np.repeat(before, np.diff(np.r_[starts, size]))
        right_pos = ~left & ~is_neg[current]
        total += int((counted[right_pos] - at_start[right_pos]).sum())
        width *= 2
    return total


def _dense_ranks(values: np.ndarray) -> np.ndarray:
    return np.unique(values, return_inverse=True)[1].astype(np.int64)


def dominance_sum(pos1, pos2, neg1, neg2) -> int:
    """4·Σ_{i,j} h(x1_i, y1_j)·h(x2_i, y2_j), exactly: the pairs where the positive is above the negative on
    both scores, ties counted ½ on each (positives' scores `pos1`, `pos2`, negatives' `neg1`, `neg2`).

    2h = [x > y] + [x ≥ y], so 4·h1·h2 is a sum of four two-dimensional dominance counts, each O(N log N).

    >>> pos1, pos2, neg1, neg2 = np.array([1.0, 2]), np.array([1.0, 0]), np.array([1.0, 0]), np.array([0.0, 0])
    >>> dominance_sum(pos1, pos2, neg1, neg2)  # 4·(½·1 + 1·1 + 1·½ + 1·½)
    10
    """
    first = np.concatenate((pos1, neg1))
    second = _dense_ranks(np.concatenate((pos2, neg2)))
    is_neg = np.r_[np.zeros(len(pos1), dtype=bool), np.ones(len(neg1), dtype=bool)]
    first_rank = _dense_ranks(first)
    total = 0
    for strict_first in (True, False):
        # strict: at a tie of the first score the positive comes first (a tied negative is not before it)
        order = 2 * first_rank + np.where(is_neg == strict_first, 1, 0)
        for strict_second in (True, False):
            keys = 2 * second + np.where(is_neg == strict_second, 1, 0)
            total += _pairs_before(order, keys, is_neg)
    return total


class _Sorted:
    """One model's two classes as sorted arrays and 2U, updated batch by batch."""

    def __init__(self):
        self.pos, self.neg, self.twice_u = np.empty(0), np.empty(0), 0

    def add(self, pos: np.ndarray, neg: np.ndarray) -> None:
        pos, neg = np.sort(pos), np.sort(neg)
        _, _, below, tied = twice_counts(pos, neg) if len(pos) and len(neg) else (None, None, 0, 0)
        self.twice_u += (2 * below + tied + _twice_against(pos, self.neg, True)
                         + _twice_against(neg, self.pos, False))
        self.pos = np.insert(self.pos, np.searchsorted(self.pos, pos), pos)
        self.neg = np.insert(self.neg, np.searchsorted(self.neg, neg), neg)

    @property
    def auc(self) -> float | None:
        m, n = self.pos.shape[0], self.neg.shape[0]
        return self.twice_u / (2 * m * n) if m and n else None


class AUCMonitor:
    """A confidence sequence for the AUC of a stream of labelled cases, fed one batch at a time.

    ``update(labels, scores)`` adds a batch and returns the new :class:`MonitorRow`: the cases,
    m, n, Â_t and the sequence's ``lo``, ``hi`` (which cover the AUC at every checkpoint at
    once with probability ≥ 1 − δ for i.i.d. cases), beside DeLong's Wald interval of that
    look alone (``delong_lo``, ``delong_hi``: pointwise, not simultaneous). With
    ``paired=True``, ``update(labels, scores, scores2)`` follows Δ = A1 − A2 of two models
    scored on the same cases. ``history()`` gives every checkpoint's row.

    `pos_label` names the positive label (by default labels are booleans, 0/1 or −1/1); the
    labels over all batches may take two values. Until each class has two cases the rows are
    the trivial [0, 1] (or [−1, 1] for a difference).

    >>> import numpy as np
    >>> rng = np.random.default_rng(1)
    >>> monitor = AUCMonitor(delta=0.05)
    >>> for _ in range(20):
    ...     labels = rng.random(500) < 0.5
    ...     row = monitor.update(labels, rng.normal(size=500) + 1.19 * labels)  # binormal, AUC ≈ 0.8
    >>> row.cases, row.lo < 0.8 < row.hi, round(row.hi - row.lo, 2), round(row.delong_hi - row.delong_lo, 2)
    (10000, True, 0.05, 0.02)
    """

    def __init__(self, delta=None, confidence=None, method="bernstein", pos_label=None, paired=False):
        self.delta = v.failure_probability(delta, confidence)
        self.method = v.choice("method", method, MONITOR_METHODS)
        if not isinstance(paired, (bool, np.bool_)):
            raise v.fail("paired", "True or False", paired)
        self.paired = bool(paired)
        self.pos_label = pos_label
        self._negative = None  # the negative label, once seen
        self._models = (_Sorted(), _Sorted()) if self.paired else (_Sorted(),)
        self._arrived = {True: [], False: []}  # the paired monitor's (score, score2) blocks per class, in order
        self._epochs = []  # (cases at s, k = min(m, n) at s, δ spent, ε or None for hoeffding-kl), one per start
        self._reached = 0  # the epochs started so far
        self._stats = None  # the checkpoint's DeLong statistics, between its epoch request and its row
        self._rows = []
        self._lo, self._hi = (-1.0, 1.0) if self.paired else (0.0, 1.0)

    # --- the batch ---

    def _mask(self, labels, length: int) -> np.ndarray:
        array = np.asarray(labels)
        if array.ndim != 1 or array.shape[0] != length:
            raise v.ParameterError("labels", f"a one-dimensional array as long as {{scores}} ({length})",
                                   f"shape {array.shape}", others=("scores",))
        values = {_python(x) for x in np.unique(array).tolist()} if length else set()
        if self.pos_label is None:
            allowed = {True, False} if array.dtype.kind == "b" else (
                {0, 1} if values <= {0, 1} else {-1, 1})
            if not values <= allowed or any(isinstance(x, str) for x in values):
                raise v.ParameterError("pos_label", "name the positive class when labels are not booleans, 0/1 or −1/1",
                                       f"None (labels: {sorted(map(repr, values))})", verb="")
            mask = array == 1
            others = {x for x in values if x != 1}
        else:
            positive = _python(self.pos_label)
            mask = np.array([x == positive for x in array.tolist()], dtype=bool)
            others = {x for x in values if x != positive}
        if self._negative is not None:
            others.add(self._negative)
        if len(others) > 1:
            raise v.ParameterError("labels", "of two classes over all batches", f"negatives {sorted(map(repr, others))}")
        if others:
            self._negative = others.pop()
        return mask

    def update(self, labels, scores, scores2=None) -> MonitorRow:
        """Add one batch of labelled cases (with `scores2`, the second model's scores, when paired) and return
        the new checkpoint's row."""
        return update_together([self], [(labels, scores, scores2)])[0]

    def _add(self, labels, scores, scores2=None) -> None:
        first = _real_scores("scores", scores)
        if self.paired:
            if scores2 is None:
                raise v.ParameterTypeError("scores2", "the second model's scores (the monitor is paired)", "None")
            second = _real_scores("scores2", scores2)
            if second.shape != first.shape:
                raise v.ParameterError("scores2", f"as long as {{scores}} ({first.shape[0]})", f"{second.shape[0]} scores",
                                       others=("scores",))
        elif scores2 is not None:
            raise v.fail("scores2", "left out unless the monitor is paired (paired=True)", scores2)
        mask = self._mask(labels, first.shape[0])
        self._models[0].add(first[mask], first[~mask])
        if self.paired:
            self._models[1].add(second[mask], second[~mask])
            self._arrived[True].append(np.column_stack((first[mask], second[mask])))
            self._arrived[False].append(np.column_stack((first[~mask], second[~mask])))

    # --- the checkpoint ---

    def _sizes(self) -> tuple[int, int]:
        return self._models[0].pos.shape[0], self._models[0].neg.shape[0]

    def _epoch_request(self):
        """Start the epochs this checkpoint reaches; for a new bernstein epoch of one model, the arguments of
        :func:`bernstein_deviations` its deviations need (computed by :func:`update_together`), else None."""
        m, n = self._sizes()
        self._stats = None
        if min(m, n) < 2:
            return None
        if self.paired:
            self._start_epochs(m, n, lambda d: (self._difference_epsilon(m, n, d),) * 2)
            return None
        stats = self._stats = statistics(self._models[0].pos, self._models[0].neg)
        started = self._start_epochs(m, n, lambda d: None)
        if not started or self.method != "bernstein":
            return None
        auc = stats.auc
        p1, p2 = clip_to_lehmann_range(stats.p1, auc), clip_to_lehmann_range(stats.p2, auc)
        return auc, p1, p2, m, n, math.log(self._epochs[-1][2])

    def _checkpoint(self) -> MonitorRow:
        m, n = self._sizes()
        cases = m + n
        if min(m, n) < 2:
            lo, hi = self._lo, self._hi
            auc = self._models[0].auc
            estimate = None if auc is None else (auc - self._models[1].auc if self.paired else auc)
            return self._row(cases, m, n, estimate, lo, hi, lo, hi)
        if self.paired:
            return self._paired_checkpoint(cases, m, n)
        stats = self._stats
        auc = stats.auc
        lo, hi = self._sequence(auc, 0.0, 1.0)
        d_lo, d_hi = wald_interval(auc, stats.variance, self.delta)
        return self._row(cases, m, n, auc, lo, hi, d_lo, d_hi)

    def _start_epochs(self, m: int, n: int, epsilon) -> bool:
        """Start the epochs min(m, n) has reached since the last checkpoint (whether any): epochs that start at
        the same checkpoint see the same data, so they pool their shares into one bound at δ·Σ w_j."""
        k = min(m, n)
        reached = epochs_reached(k)
        if reached <= self._reached:
            return False
        delta_s = self.delta * sum(epoch_weight(j) for j in range(self._reached + 1, reached + 1))
        self._reached = reached
        self._epochs.append((m + n, k, delta_s, epsilon(delta_s) if self.method == "bernstein" else None))
        return True

    def _sequence(self, estimate: float, low: float, high: float) -> tuple[float, float]:
        """The running intersection with every started epoch's set at `estimate`, inside [`low`, `high`]."""
        if self._epochs:
            if self.method == "bernstein":  # each epoch's deviations below and above, unclipped
                lo = estimate - min(epoch[3][0] for epoch in self._epochs)
                hi = estimate + min(epoch[3][1] for epoch in self._epochs)
            else:
                ks = np.array([epoch[1] for epoch in self._epochs], dtype=np.float64)
                deltas = np.array([epoch[2] for epoch in self._epochs])
                scale = high - low  # the kernel mapped into [0, 1]
                los, his = hoeffding_kl_interval(np.full(ks.shape, (estimate - low) / scale), ks, ks, deltas)
                lo, hi = low + scale * float(np.max(los)), low + scale * float(np.min(his))
            self._lo, self._hi = max(self._lo, lo, low), min(self._hi, hi, high)
        return self._lo, self._hi

    def _paired_checkpoint(self, cases: int, m: int, n: int) -> MonitorRow:
        one, two = self._models
        auc1, auc2 = one.auc, two.auc
        difference = auc1 - auc2
        lo, hi = self._sequence(difference, -1.0, 1.0)
        pos, neg = np.concatenate(self._arrived[True]), np.concatenate(self._arrived[False])
        half = NormalDist().inv_cdf(1.0 - self.delta / 2.0) * math.sqrt(_paired_variance(pos, neg))
        d_lo, d_hi = max(-1.0, difference - half), min(1.0, difference + half)
        return self._row(cases, m, n, difference, lo, hi, d_lo, d_hi, auc1, auc2)

    def _difference_epsilon(self, m: int, n: int, delta_j: float) -> float:
        pos, neg = np.concatenate(self._arrived[True]), np.concatenate(self._arrived[False])
        k = min(m, n)
        upper = _second_moment(pos, neg, self._models)
        log_var = math.log(VARIANCE_SHARE * delta_j)
        # the upper end of {θ : k·kl(D̂‖θ) ≤ ln(2/δ′)} at δ′ = 2·δ_var puts ln(1/δ_var) on that end
        bound = float(hoeffding_kl_interval(upper, k, k, min(2.0 * math.exp(log_var), 0.999))[1])
        tail = 0.5 * (1.0 - VARIANCE_SHARE) * delta_j
        return float(bennett_deviation(k, bound, 2.0, math.log(tail)))  # the kernel d ranges over 2

    def _row(self, cases, m, n, estimate, lo, hi, d_lo, d_hi, auc1=None, auc2=None) -> MonitorRow:
        return MonitorRow(cases=cases, m=m, n=n, estimate=estimate, lo=float(lo), hi=float(hi),
                          delong_lo=float(d_lo), delong_hi=float(d_hi), epochs=self._reached, auc1=auc1, auc2=auc2)

    # --- what the monitor shows ---

    @property
    def current(self) -> MonitorRow:
        """The latest checkpoint's row (the trivial one at 0 cases before any batch)."""
        if self._rows:
            return self._rows[-1]
        return self._row(0, 0, 0, None, self._lo, self._hi, self._lo, self._hi)

    def history(self) -> MonitorHistory:
        """Every checkpoint's row so far, with the epochs' starts and levels."""
        return MonitorHistory(delta=self.delta, method=self.method, paired=self.paired, rows=tuple(self._rows),
                              epoch_starts=tuple(epoch[0] for epoch in self._epochs),
                              epoch_deltas=tuple(epoch[2] for epoch in self._epochs),
                              epoch_epsilons=tuple(max(epoch[3]) for epoch in self._epochs) if self.method == "bernstein"
                              else (), source=SOURCE)


def update_together(monitors, batches) -> list:
    """Each monitor's :meth:`AUCMonitor.update` with its batch ``(labels, scores, scores2)``, the half-widths of
    the bernstein epochs they start computed in one call of :func:`bernstein_deviations` (the simulator's streams
    advance together; the rows are those of one update each)."""
    for monitor, batch in zip(monitors, batches):
        monitor._add(*batch)
    pending = [(monitor, request) for monitor in monitors if (request := monitor._epoch_request()) is not None]
    if pending:
        above, below = bernstein_deviations(*(np.array(column, dtype=np.float64)
                                              for column in zip(*(r for _, r in pending))))
        for (monitor, _), deviations in zip(pending, zip(above.tolist(), below.tolist())):
            monitor._epochs[-1] = (*monitor._epochs[-1][:3], deviations)
    rows = [monitor._checkpoint() for monitor in monitors]
    for monitor, row in zip(monitors, rows):
        monitor._rows.append(row)
    return rows


def _second_moment(pos: np.ndarray, neg: np.ndarray, models) -> float:
    """D̂ = mean over all (positive, negative) pairs of (h1 − h2)² = (Σh1² + Σh2² − 2Σh1·h2)/(mn)."""
    m, n = pos.shape[0], neg.shape[0]
    squares = 0.0
    for model in models:
        _, _, strict, tied = twice_counts(model.pos, model.neg)
        squares += strict + tied / 4.0
    cross = dominance_sum(pos[:, 0], pos[:, 1], neg[:, 0], neg[:, 1]) / 4.0
    return min(max((squares - 2.0 * cross) / (m * n), 0.0), 1.0)


def _paired_variance(pos: np.ndarray, neg: np.ndarray) -> float:
    """DeLong's variance of Δ̂ = Â1 − Â2 on the same cases (:func:`~._compare.paired_variances`), from the two
    models' scores of the positives and of the negatives (one column per model)."""
    m, n = pos.shape[0], neg.shape[0]
    mask = np.r_[np.ones(m, dtype=bool), np.zeros(n, dtype=bool)]
    both = np.concatenate((pos, neg))
    first, second = (Column(counts_in_order(np.ascontiguousarray(both[:, k]), mask, m), mask, m, n) for k in (0, 1))
    return paired_variances(first, second, m, n)[2]
