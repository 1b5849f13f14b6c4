r"""The exact expected loss of QuickSort over its random pivots (Ailon & Mohri 2008, §3.1–3.3).

**QuickSort** (§3.1): pick a pivot u uniformly from the current sub-array; every other v
goes to the left of u (ranked above it) if h(v, u) = 1, to the right otherwise; recurse on
both sides. The paper assumes h binary "to further simplify the analysis" (§3); for a
fractional h its Lemma 3, through the products of h values in [X]_uvw and [Z]_uvw, reads
h(v, u) as the probability that v goes left, each v independently. That is the reading
implemented here; for a binary h it is the deterministic rule. (The tests find Thms 1 and
2 hold for fractional h too, on thousands of random instances: evidence, not a proof.)

**Exact expectation** (beyond the papers' statements, which bound it). Two items u, v are
separated exactly once, in the call whose pivot is u, v or a third item w that sends them
to different sides; in a call on a sub-array S ∋ u, v that happens with u above v with
probability (1/|S|)·[h(u, v) + h(u, v) + Σ_{w ∈ S∖{u,v}} h(u, w)·h(w, v)] (pivot v sends u
left with probability h(u, v); pivot u sends v right with probability 1 − h(v, u) = h(u, v);
pivot w sends u left and v right). Hence, with Q(S) the probability that S is one of the
sub-arrays of the run,

    P(u above v) = 2h(u, v)·Z({u, v}) + Σ_w h(u, w)h(w, v)·Z({u, v, w}),   Z(T) = Σ_{S ⊇ T} Q(S)/|S|,

which is Lemma 3's decomposition made explicit, with p_uv = 2Z({u, v}) and
p_uvw = 3Z({u, v, w}). Q follows from the recursion itself: Q(V) = 1, and a sub-array S
with pivot w splits into the left part T and the right part S∖{w}∖T with probability
Π_{x∈T} h(x, w) · Π_{x∈S∖{w}∖T} h(w, x); every sub-array has one parent, so Q(T) sums
these over all parents S ⊋ T and pivots. This is a dynamic program over the subsets of V,
processed by size from n down (about n·3^(n−1) steps: 2 million at n = 12, under a tenth
of a second once the index tables of that size, about 0.7 s, are built), then Z by a
superset sum, then the expected loss by linearity:

    E[L_ω(Q_h, σ)] = C(n, 2)^{-1} Σ_{u≠v} P(u above v)·τ*(v, u).

The tests check P against a brute-force enumeration of every pivot sequence and every
split (exact fractions, n ≤ 6), and then Thm 1 (E[L_ω] ≤ 2·L_ω(h, σ) for ω satisfying
P1–P3) and Thm 2 (E[L] ≤ L(h, σ) for a bipartite σ, and the same for the regrets) on
thousands of random instances.
"""

from __future__ import annotations

import functools

import numpy as np

from ._feedback import _minimum_cost
from ._checks import nonnegative_matrix, preference_matrix
from ._checks import MAX_ITEMS
from ._losses import _truth, pairs

__all__ = ["quicksort_above", "expected_quicksort_loss", "expected_quicksort_regret", "MAX_EXPECTATION_ITEMS"]

#: The most items the exact expectation takes (about n·3^(n−1) steps: 2 million at n = 12).
MAX_EXPECTATION_ITEMS = 12
#: How many floats one batch of the dynamic program may gather at once.
_BATCH_FLOATS = 4_000_000


@functools.lru_cache(maxsize=16)
def _splits(n: int) -> tuple[tuple[np.ndarray, ...], ...]:
    """Every (S, w, T, R) with pivot w ∈ S, T ⊆ S∖{w} of size ≥ 2 and R = S∖{w}∖T, grouped by |S| from n down.

    Each group is (size, S, w, T, R) as int arrays; T is the sub-array whose probability the
    split adds to, R the other side (the split's probability needs both).
    """
    codes = np.arange(3**n, dtype=np.int64)
    digits = np.empty((codes.shape[0], n), dtype=np.int8)  # 0: not in A, 1: in A∖T, 2: in T
    rest = codes.copy()
    for item in range(n):
        digits[:, item] = rest % 3
        rest //= 3
    weights = (1 << np.arange(n, dtype=np.int64))
    whole = (digits >= 1).astype(np.int64) @ weights  # A = S∖{w}
    part = (digits == 2).astype(np.int64) @ weights  # T ⊆ A
    size_part = (digits == 2).sum(axis=1)
    size_whole = (digits >= 1).sum(axis=1)
    groups = []
    for size in range(n, 2, -1):
        chosen_s, chosen_w, chosen_t, chosen_r = [], [], [], []
        for pivot in range(n):
            keep = (digits[:, pivot] == 0) & (size_part >= 2) & (size_whole == size - 1)
            chosen_s.append(whole[keep] | (1 << pivot))
            chosen_w.append(np.full(int(keep.sum()), pivot, dtype=np.int64))
            chosen_t.append(part[keep])
            chosen_r.append(whole[keep] ^ part[keep])
        groups.append((size,) + tuple(np.concatenate(chosen).astype(np.int32)
                                      for chosen in (chosen_s, chosen_w, chosen_t, chosen_r)))
    return tuple(groups)


def _subset_products(factors: np.ndarray) -> np.ndarray:
    """out[..., w, M] = Π_{x in the bit mask M} factors[..., x, w], for every mask M."""
    n = factors.shape[-2]
    out = np.ones(factors.shape[:-2] + (factors.shape[-1], 1 << n))
    for bit in range(n):
        out[..., 1 << bit: 2 << bit] = out[..., : 1 << bit] * factors[..., bit, :, None]
    return out


def _above(h: np.ndarray) -> np.ndarray:
    """P[b, u, v] = the probability that QuickSort ranks u above v, for a stack of checked preferences h[b] (zero diagonals)."""
    count, n = h.shape[0], h.shape[1]
    full = 1 << n
    left = _subset_products(h)  # left[b, w, M] = Π_{x∈M} h[x, w]: every x of M goes left of pivot w
    right = _subset_products(np.swapaxes(h, 1, 2))  # right[b, w, M] = Π_{x∈M} h[w, x]: every x of M goes right
    reached = np.zeros((count, full))
    reached[:, full - 1] = 1.0
    rows = np.arange(count)[:, None]
    for size, s, w, t, r in _splits(n):
        chance = left[:, w, t] * right[:, w, r] + left[:, w, r] * right[:, w, t]  # T is the left or the right part
        flow = reached[:, s] * chance / size
        target = (rows * full + t[None, :]).ravel()
        reached += np.bincount(target, weights=flow.ravel(), minlength=count * full).reshape(count, full)
    popcount = np.zeros(full)
    for bit in range(n):
        popcount += (np.arange(full) >> bit) & 1
    share = reached / np.maximum(popcount, 1.0)  # Q(S)/|S|
    for bit in range(n):  # Z(T) = Σ_{S ⊇ T} Q(S)/|S|
        view = share.reshape(count, full >> (bit + 1), 2, 1 << bit)
        view[:, :, 0, :] += view[:, :, 1, :]
    item = 1 << np.arange(n)
    pair = item[:, None] | item[None, :]
    triple = pair[:, :, None] | item[None, None, :]
    both = share[:, pair]  # Z({u, v})
    three = share[:, triple]  # Z({u, v, w}) (w = u or v is multiplied by a zero diagonal below)
    above = 2.0 * h * both + np.einsum("buw,bwv,buvw->buv", h, h, three)
    above[:, np.arange(n), np.arange(n)] = 0.0
    return above


def _above_batches(h: np.ndarray) -> np.ndarray:
    """:func:`_above` over a large stack, in batches that keep the gathered arrays small."""
    n = h.shape[1]
    steps = max(1, sum(group[1].shape[0] for group in _splits(n)) + n * n * n)
    batch = max(1, _BATCH_FLOATS // steps)
    return np.concatenate([_above(h[start:start + batch]) for start in range(0, h.shape[0], batch)])


def quicksort_above(h) -> np.ndarray:
    """P[u, v] = the probability that QuickSort with preference h ranks u above v (Ailon & Mohri (2008), §3.1).

    Exact (to float rounding) over the random pivots, and over the random sides when h is
    fractional (v goes left of pivot u with probability h(v, u)); n ≤ 12. P[u, v] + P[v, u]
    = 1 for u ≠ v. Module docstring: the dynamic program over sub-arrays.

    >>> quicksort_above([[0, 1, 0], [0, 0, 1], [1, 0, 0]]) * 3
    array([[0., 2., 1.],
           [1., 0., 2.],
           [2., 1., 0.]])
    """
    h = preference_matrix("h", h, limit=MAX_EXPECTATION_ITEMS)
    return _above(h[None])[0]


def expected_quicksort_loss(h, sigma, *, weights=None) -> float:
    """E_s[L_ω(Q_s^h(V), σ)]: QuickSort's loss averaged exactly over its random pivots (Ailon & Mohri (2008), §3).

    = C(n, 2)^{-1} Σ_{u≠v} P(u above v)·σ(v, u)·ω(σ(v), σ(u)), with P from
    :func:`quicksort_above` (n ≤ 12) and σ, ω as in :func:`ranking_loss`. Thm 1:
    at most 2·L_ω(h, σ) when ω satisfies P1–P3; Thm 2: at most L(h, σ) for a bipartite σ.

    >>> expected_quicksort_loss([[0, 1, 0], [0, 0, 1], [1, 0, 0]], [0, 1, 2])
    0.4444444444444444
    """
    h = preference_matrix("h", h, limit=MAX_EXPECTATION_ITEMS)
    truth = _truth(sigma, weights, h.shape[0])
    return float((_above(h[None])[0] * truth.T).sum() / pairs(h.shape[0]))


def expected_quicksort_regret(h, e) -> float:
    """QuickSort's weak ranking regret (Ailon & Mohri (2008), Eq. 5) averaged exactly over its pivots, for a fixed V.

    C(n, 2)^{-1} [Σ_{u≠v} P(u above v)·e(v, u) − min_σ̃ Σ_{u≠v} σ̃(u, v)·e(v, u)]: the regret of
    :func:`ranking_regret` is linear in the ranking, so its expectation is this. Thm 2: at
    most :func:`preference_regret` (h, e) when the truth is bipartite.

    >>> from aucbound.reductions import ground_truth_expectation, preference_regret
    >>> cycle, e = [[0, 1, 0], [0, 0, 1], [1, 0, 0]], ground_truth_expectation([[1, 0, 0], [0, 0, 1]])
    >>> round(expected_quicksort_regret(cycle, e), 12), round(preference_regret(cycle, e), 12)
    (0.25, 0.25)
    """
    h = preference_matrix("h", h, limit=MAX_EXPECTATION_ITEMS)
    e = nonnegative_matrix("e", e, limit=MAX_ITEMS, n=h.shape[0])
    best = _minimum_cost(e)[0]
    loss = (_above(h[None])[0] * e.T).sum()
    return max(0.0, float((loss - best) / pairs(h.shape[0])))
