r"""Losses and regrets of rankings and preference functions (Ailon & Mohri 2008, §2.5–2.8; Balcan et al. 2007, §2).

**Conventions.** Items are 0..n−1. A ranking is an ``order``: the item indices from the top
(``order[0]`` is ranked first). A preference function ``h`` is an n×n array with
h[u, v] ∈ [0, 1] and h[u, v] + h[v, u] = 1 for u ≠ v (the diagonal is ignored); h[u, v] = 1
says "u above v". It is checked as :meth:`~aucbound.reductions.Preference.from_matrix` checks
it (the same rules, tolerance and messages), and its lower triangle is read as 1 − the upper.
Bipartite ``labels`` are 0/1 with 1 = positive, to be ranked above the negatives (Balcan et
al. write the same with 0s ahead of 1s: their 0 is our 1).

**Ground truth** (Ailon & Mohri 2008, §2.2, §2.5). The truth is a ranking σ (an ``order``,
here ``sigma``) with a weight function ω on pairs of *positions* in σ. Positions are
0-based here: the paper's ω(i, j) on 1-based positions is our ``omega[i − 1, j − 1]``. ω
must satisfy (P1) symmetry ω(i, j) = ω(j, i); (P2) monotonicity ω(i, j) ≤ ω(i, k) when
i < j < k or i > j > k; (P3) the triangle inequality ω(i, j) ≤ ω(i, k) + ω(k, j)
(:func:`check_weights`). Ties of a "generalized ranking" are encoded by ω, as the paper
does: two items whose positions have ω = 0 are never counted against each other. The
bipartite truth (:func:`bipartite_ground_truth`) puts the positives first, in any order, with
the weights of Eq. 2, which are zero inside each class.

With π(u, v) = 1 when π ranks u above v, and τ*(u, v) = σ(u, v)·ω(σ(u), σ(v))
(:func:`generalized_ranking`, the paper's "simplified notation"):

    L_ω(π, σ) = C(n, 2)^{-1} Σ_{u≠v} π(u, v)·τ*(v, u)                     (§2.5)
    L(h, σ)   = C(n, 2)^{-1} Σ_{u≠v} h(u, v)·τ*(v, u)                     (§2.6, Eq. 3)

The weights: Kemeny ω ≡ 1 off the diagonal; top-k (Eq. 1) ω(i, j) = 1 when i ≠ j and one of
them is among the first k positions; bipartite (Eq. 2) ω(i, j) = C(n, 2)/(m⁺m⁻) when exactly
one of i, j is among the first m⁺ positions, else 0. With the bipartite weights L_ω(π, σ)
is 1 − AUC of π: the fraction of (positive, negative) pairs π puts in the wrong order, which
is Balcan et al.'s AUC loss l(π, S) of §2 (:func:`auc_loss`; the tests check they agree).

**Regrets** (Ailon & Mohri 2008, §2.6–2.8, Eq. 5–6, 9). For a fixed set V and a random truth
given V, let e(u, v) = E[τ*(u, v) | V] (:func:`ground_truth_expectation` computes it from a
distribution of bipartite labelings). By linearity the expected losses are the same sums
with e in place of τ*, and the weak regrets of a fixed V are

    ranking regret    = C(n, 2)^{-1} [Σ_{u≠v} π(u, v)e(v, u) − min_σ̃ Σ_{u≠v} σ̃(u, v)e(v, u)]   (Eq. 5)
    preference regret = C(n, 2)^{-1} [Σ_{u≠v} h(u, v)e(v, u) − Σ_{u<v} min(e(u, v), e(v, u))]   (Eq. 6)

The minimum over preference functions in Eq. 6 is taken pair by pair (Eq. 9: the best h̃
follows the larger of e(u, v), e(v, u)); the minimum over rankings in Eq. 5 is a weighted
feedback arc set problem, solved exactly by dynamic programming over subsets, so
:func:`ranking_regret` takes n ≤ 20. When the truth is fixed (deterministic labels),
e = τ* and both regrets equal the losses, whose minima are 0. (Under the bipartite
weights e is not a probability: for fixed class sizes it is C(n, 2)/(m⁺m⁻) times the
probability that u is positive and v negative. The regrets are linear in e, so their ratio
does not depend on that scale.)

For the bipartite truth the minimum of Eq. 5 equals the pairwise minimum of Eq. 6: e then
satisfies Eq. 4, e(u, v) + e(v, w) + e(w, u) = e(v, u) + e(w, v) + e(u, w), so
e(u, v) − e(v, u) = φ(u) − φ(v) for a potential φ and ranking by φ attains every pairwise
minimum at once. The tests check this against the exact minimum.
"""

from __future__ import annotations


import numpy as np

from .. import _validate as v
from ._checks import MAX_ITEMS, binary_labels, items, nonnegative_matrix, order_array, preference_matrix
from ._feedback import _minimum_cost
from ._orders import positions

__all__ = [
    "kemeny_weights",
    "top_k_weights",
    "bipartite_weights",
    "check_weights",
    "generalized_ranking",
    "bipartite_ground_truth",
    "ranking_loss",
    "preference_loss",
    "auc_loss",
    "ground_truth_expectation",
    "misordered",
    "ranking_regret",
    "preference_regret",
    "MAX_CHECK_ITEMS",
    "MAX_REGRET_ITEMS",
]

#: The most positions :func:`check_weights` takes (the triangle inequality costs n³).
MAX_CHECK_ITEMS = 1000
#: The most items :func:`ranking_regret` takes (its exact minimum costs about n·2^n).
MAX_REGRET_ITEMS = 20
#: Slack for the axioms of ω, relative to the largest weight (sums of weights are computed in floating point).
TOLERANCE = 1e-12


# --- argument checks of rankings and labels -------------------------------------------------


def above(order: np.ndarray) -> np.ndarray:
    """The n×n 0/1 matrix π(u, v) = 1 when `order` ranks u above v (for a stack of orders, one matrix each)."""
    position = positions(order)
    return (position[..., :, None] < position[..., None, :]).astype(np.float64)


def misordered(ranked: np.ndarray):
    """The (positive, negative) pairs with the negative first, for the classes `ranked` from the top
    (True = positive): an int for one ranking, an int64 array for each row of a stack of them.

    Unchecked and vectorised; :func:`misordered_pairs` is the checked count for one ranking.

    >>> misordered(np.array([[True, False, True], [False, True, True]]))
    array([1, 2])
    """
    negatives_above = np.cumsum(~ranked, axis=-1)  # at a positive: the negatives above it
    counts = (negatives_above * ranked).sum(axis=-1)
    return int(counts) if counts.ndim == 0 else counts


def pairs(n: int) -> int:
    """C(n, 2)."""
    return n * (n - 1) // 2


# --- weight functions ω on positions (Ailon & Mohri 2008, §2.5) ---------------------------


def kemeny_weights(n) -> np.ndarray:
    """The Kemeny weights: ω(i, j) = 1 for i ≠ j, 0 on the diagonal (Ailon & Mohri (2008), §2.5).

    With them L_ω(π, σ) is the fraction of pairs π and σ order differently.

    >>> kemeny_weights(3)
    array([[0., 1., 1.],
           [1., 0., 1.],
           [1., 1., 0.]])
    """
    n = items("n", n, MAX_ITEMS)
    return 1.0 - np.eye(n)


def top_k_weights(n, k) -> np.ndarray:
    """The top-k weights of Ailon & Mohri (2008), Eq. 1: ω(i, j) = 1 when i ≠ j and i < k or j < k.

    Positions are 0-based (the paper's i ≤ k on 1-based positions). A pair counts when one
    of its items is among the first k of σ; the positions from k on are tied.

    >>> top_k_weights(4, 1)
    array([[0., 1., 1., 1.],
           [1., 0., 0., 0.],
           [1., 0., 0., 0.],
           [1., 0., 0., 0.]])
    """
    n = items("n", n, MAX_ITEMS)
    k = v.count("k", k, minimum=1)
    if k > n:
        raise v.ParameterError("k", "at most {n}", f"{k} (n = {n})", others=("n",))
    top = np.arange(n) < k
    weights = (top[:, None] | top[None, :]).astype(np.float64)
    np.fill_diagonal(weights, 0.0)
    return weights


def bipartite_weights(n_pos, n_neg) -> np.ndarray:
    """The bipartite weights of Ailon & Mohri (2008), Eq. 2: C(n, 2)/(m⁺m⁻) across the cut after m⁺ positions.

    n = m⁺ + m⁻; ω(i, j) = C(n, 2)/(m⁺m⁻) when exactly one of the 0-based positions i, j is
    below m⁺ (one item among the first m⁺, the other not), else 0. The factor C(n, 2)
    cancels the normalisation of L_ω, so that L_ω(π, σ) = 1 − AUC of π.

    >>> bipartite_weights(1, 2)
    array([[0. , 1.5, 1.5],
           [1.5, 0. , 0. ],
           [1.5, 0. , 0. ]])
    """
    n_pos = v.count("n_pos", n_pos, minimum=1, maximum=MAX_ITEMS)
    n_neg = v.count("n_neg", n_neg, minimum=1, maximum=MAX_ITEMS)
    n = n_pos + n_neg
    if n > MAX_ITEMS:
        raise v.ParameterError("n_pos", f"be such that {{n_pos}} + {{n_neg}} ≤ {MAX_ITEMS:,}", f"{n_pos} + {n_neg}",
                               others=("n_pos", "n_neg"), verb="")
    top = np.arange(n) < n_pos
    return (top[:, None] != top[None, :]) * (pairs(n) / (n_pos * n_neg))


def check_weights(omega) -> np.ndarray:
    """`omega` as a float64 array with a zero diagonal, if it satisfies P1–P3 of Ailon & Mohri (2008), §2.5.

    (P1) symmetry ω(i, j) = ω(j, i); (P2) monotonicity ω(i, j) ≤ ω(i, k) when i < j < k or
    i > j > k; (P3) triangle inequality ω(i, j) ≤ ω(i, k) + ω(k, j); and every weight finite
    and ≥ 0. Positions are 0-based; the diagonal is ignored. Each comparison allows a slack
    of 1e-12 times the largest weight (for sums of weights computed in floating point). A
    failure raises ValueError naming the axiom and the positions. Costs O(n³); n ≤ 1000.

    >>> check_weights(kemeny_weights(3) + 2 * top_k_weights(3, 1))[0]
    array([0., 3., 3.])
    >>> check_weights([[0, 1, 3], [1, 0, 1], [3, 1, 0]])
    Traceback (most recent call last):
    ...
    aucbound._validate.ParameterError: `omega` must satisfy P3 (triangle inequality ω(i, j) ≤ ω(i, k) + ω(k, j)), but got ω(0, 2) = 3.0 > ω(0, 1) + ω(1, 2) = 2.0 at positions i = 0, j = 2, k = 1 (0-based).
    """
    omega = nonnegative_matrix("omega", omega, limit=MAX_CHECK_ITEMS)
    n = omega.shape[0]
    slack = TOLERANCE * max(1.0, float(omega.max()))

    def broken(axiom: str, text: str):
        return v.ParameterError("omega", f"satisfy {axiom}", text, verb="")

    asymmetric = np.abs(omega - omega.T) > slack
    if asymmetric.any():
        i, j = map(int, np.argwhere(asymmetric)[0])
        raise broken("P1 (symmetry ω(i, j) = ω(j, i))",
                     f"ω({i}, {j}) = {v.show(omega[i, j])} ≠ ω({j}, {i}) = {v.show(omega[j, i])} (0-based positions)")
    # P2: along each row the weights must not decrease moving away from the diagonal.
    step = np.diff(omega, axis=1)  # step[i, j] = ω(i, j+1) − ω(i, j)
    column = np.arange(n - 1)
    right = (column[None, :] > np.arange(n)[:, None]) & (step < -slack)  # i < j < j+1
    left = (column[None, :] + 1 < np.arange(n)[:, None]) & (step > slack)  # j < j+1 < i
    for bad, far_is_next in ((right, True), (left, False)):
        if bad.any():
            i, j = map(int, np.argwhere(bad)[0])
            near, far = (j, j + 1) if far_is_next else (j + 1, j)
            raise broken("P2 (monotonicity ω(i, j) ≤ ω(i, k) for i < j < k or i > j > k)",
                         f"ω({i}, {near}) = {v.show(omega[i, near])} > ω({i}, {far}) = {v.show(omega[i, far])} "
                         f"at positions i = {i}, j = {near}, k = {far} (0-based)")
    for k in range(n):
        bad = omega > omega[:, k, None] + omega[None, k, :] + slack
        bad[k, :] = bad[:, k] = False
        if bad.any():
            i, j = map(int, np.argwhere(bad)[0])
            raise broken("P3 (triangle inequality ω(i, j) ≤ ω(i, k) + ω(k, j))",
                         f"ω({i}, {j}) = {v.show(omega[i, j])} > ω({i}, {k}) + ω({k}, {j}) = "
                         f"{v.show(omega[i, k] + omega[k, j])} at positions i = {i}, j = {j}, k = {k} (0-based)")
    return omega


# --- the truth as a matrix on items -------------------------------------------------------


def _truth(sigma, weights, n: int | None = None) -> np.ndarray:
    """τ* for σ on `n` items (None: as many as σ lists) and weights ω (None: Kemeny)."""
    if n is None:
        array = np.asarray(sigma)
        n = array.shape[0] if array.ndim == 1 else 0
        if array.ndim == 1 and array.dtype.kind in "iu" and not 2 <= n <= MAX_ITEMS:
            raise v.ParameterError("sigma", f"rank from 2 to {MAX_ITEMS:,} items", str(n), verb="")
    sigma = order_array("sigma", sigma, n)
    if weights is None:
        omega = 1.0 - np.eye(n)
    else:
        omega = nonnegative_matrix("weights", weights, limit=MAX_ITEMS, n=n, rows="position")
    position = positions(sigma)
    i, j = position[:, None], position[None, :]
    return np.where(i < j, omega[i, j], 0.0)


def generalized_ranking(sigma, *, weights=None) -> np.ndarray:
    """τ*(u, v) = σ(u, v)·ω(σ(u), σ(v)): the weight of "u above v" in the truth (Ailon & Mohri (2008), §2.5).

    `sigma` lists the items from the top; `weights` is ω on 0-based positions (None:
    Kemeny). τ*(u, v) > 0 only when σ ranks u above v. This is the matrix the losses sum
    against, and e = E[τ*] for a random truth.

    >>> generalized_ranking([2, 0, 1])
    array([[0., 1., 0.],
           [0., 0., 0.],
           [1., 1., 0.]])
    """
    return _truth(sigma, weights)


def bipartite_ground_truth(labels) -> tuple[np.ndarray, np.ndarray]:
    """(σ, ω) of the bipartite truth for `labels`: σ ranks the positives first, ω = Eq. 2 of Ailon & Mohri (2008).

    σ lists the positives in index order, then the negatives; since ω is zero within each
    class, any order within the classes gives the same τ* and the same losses.

    >>> sigma, omega = bipartite_ground_truth([0, 1, 0])
    >>> sigma, generalized_ranking(sigma, weights=omega)[1]
    (array([1, 0, 2]), array([1.5, 0. , 1.5]))
    """
    positive = binary_labels("labels", labels, limit=MAX_ITEMS)
    sigma = np.concatenate((np.flatnonzero(positive), np.flatnonzero(~positive))).astype(np.int64)
    n_pos = int(np.count_nonzero(positive))
    return sigma, bipartite_weights(n_pos, positive.shape[0] - n_pos)


# --- losses -------------------------------------------------------------------------------


def ranking_loss(order, sigma, *, weights=None) -> float:
    """L_ω(π, σ) = C(n, 2)^{-1} Σ_{u≠v} π(u, v)·σ(v, u)·ω(σ(v), σ(u)) (Ailon & Mohri (2008), §2.5).

    The weighted fraction of pairs that `order` (π) ranks against `sigma` (σ); `weights` is
    ω on 0-based positions of σ (None: Kemeny, the plain fraction of discordant pairs): any
    finite weights ≥ 0, of which only the upper triangle (i < j) is read. The theorems need
    P1–P3 (:func:`check_weights`).

    >>> ranking_loss([0, 1, 2], [2, 1, 0])
    1.0
    >>> ranking_loss([1, 0, 2], [0, 1, 2], weights=top_k_weights(3, 1))
    0.3333333333333333
    """
    truth = _truth(sigma, weights)
    pi = above(order_array("order", order, truth.shape[0]))
    return float((pi * truth.T).sum() / pairs(truth.shape[0]))


def preference_loss(h, sigma, *, weights=None) -> float:
    """L(h, σ) = C(n, 2)^{-1} Σ_{u≠v} h(u, v)·σ(v, u)·ω(σ(v), σ(u)) (Ailon & Mohri (2008), §2.6, Eq. 3).

    The loss of :func:`ranking_loss` with the ranking's 0/1 preferences replaced by h's,
    possibly fractional: h(u, v) is the (belief in) "u above v" charged when σ puts v above u.

    >>> cycle = [[0, 1, 0], [0, 0, 1], [1, 0, 0]]
    >>> preference_loss(cycle, [0, 1, 2])
    0.3333333333333333
    """
    h = preference_matrix("h", h, limit=MAX_ITEMS)
    truth = _truth(sigma, weights, h.shape[0])
    return float((h * truth.T).sum() / pairs(h.shape[0]))


def auc_loss(order, labels) -> float:
    """1 − AUC of a ranking: the fraction of (positive, negative) pairs `order` ranks negative-first.

    Balcan et al. (2007), §2, l(π, S) (with their 0s, ranked first, being our positives);
    equal to L_ω(π, σ) of Ailon & Mohri (2008) with the bipartite weights of Eq. 2. Linear
    time: each positive is charged the negatives ranked above it.

    >>> auc_loss([0, 2, 1, 3], [1, 1, 0, 0])
    0.25
    """
    positive = binary_labels("labels", labels)
    order = order_array("order", order, positive.shape[0])
    n_pos = int(np.count_nonzero(positive))
    return float(misordered(positive[order]) / (n_pos * (positive.shape[0] - n_pos)))


# --- regrets ------------------------------------------------------------------------------


def ground_truth_expectation(labelings, probabilities=None) -> np.ndarray:
    """e(u, v) = E[τ*(u, v) | V] for a distribution of bipartite labelings (Ailon & Mohri (2008), §2.6).

    `labelings` is a (k, n) array of 0/1 labelings, each with both classes, and
    `probabilities` their k probabilities (None: uniform; they must sum to 1). Each labeling
    contributes its τ* under the bipartite weights of Eq. 2, C(n, 2)/(m⁺m⁻) for a positive u
    and a negative v. For other truths, average :func:`generalized_ranking` yourself.

    >>> ground_truth_expectation([[1, 0, 0], [0, 1, 0]], [0.5, 0.5])
    array([[0.  , 0.75, 0.75],
           [0.75, 0.  , 0.75],
           [0.  , 0.  , 0.  ]])
    """
    array = np.asarray(labelings)
    if array.ndim != 2 or 0 in array.shape:
        raise v.fail("labelings", "a two-dimensional array (one 0/1 labeling a row)", array)
    k, n = array.shape
    if not 2 <= n <= MAX_ITEMS:
        raise v.ParameterError("labelings", f"have from 2 to {MAX_ITEMS:,} items (columns)", f"{n}", verb="")
    if k * n * n > 10**9:
        raise v.ParameterError("labelings", "have at most 10^9 labelings × items²", f"{k} × {n}²", verb="")
    rows = np.stack([binary_labels("labelings", row) for row in array]).astype(np.float64)
    if probabilities is None:
        weights = np.full(k, 1.0 / k)
    else:
        weights = v.real("probabilities", probabilities)
        if weights.shape != (k,):
            raise v.ParameterError("probabilities", f"have one entry per labeling ({k})", f"shape {weights.shape}",
                                   verb="")
        v.check("probabilities", np.isfinite(weights) & (weights >= 0), "finite and ≥ 0", weights)
        if abs(weights.sum() - 1.0) > 1e-9:
            raise v.ParameterError("probabilities", "sum to 1", v.show(float(weights.sum())), verb="")
    n_pos = rows.sum(axis=1)
    scale = weights * pairs(n) / (n_pos * (n - n_pos))
    return np.einsum("k,ku,kv->uv", scale, rows, 1 - rows)


def ranking_regret(order, e) -> float:
    """The weak ranking regret of `order` for a fixed V, Ailon & Mohri (2008), Eq. 5.

    C(n, 2)^{-1} [Σ_{u≠v} π(u, v)·e(v, u) − min_σ̃ Σ_{u≠v} σ̃(u, v)·e(v, u)], the minimum over
    all n! rankings found exactly (dynamic programming over subsets; n ≤ 20). `e` is
    E[τ*] (:func:`ground_truth_expectation`, or :func:`generalized_ranking` for a fixed truth,
    where the regret is the loss).

    >>> e = generalized_ranking([0, 1, 2])
    >>> ranking_regret([2, 1, 0], e), ranking_regret([0, 1, 2], e)
    (1.0, 0.0)
    """
    e = nonnegative_matrix("e", e, limit=MAX_ITEMS)
    n = e.shape[0]
    if n > MAX_REGRET_ITEMS:
        raise v.ParameterError("e", f"have at most {MAX_REGRET_ITEMS} items for the exact minimum over rankings",
                               f"{n}", verb="")
    pi = above(order_array("order", order, n))
    best = _minimum_cost(e)[0]
    return max(0.0, float(((pi * e.T).sum() - best) / pairs(n)))


def preference_regret(h, e) -> float:
    """The weak classification (preference) regret of h for a fixed V, Ailon & Mohri (2008), Eq. 6 and 9.

    C(n, 2)^{-1} [Σ_{u≠v} h(u, v)·e(v, u) − Σ_{u<v} min(e(u, v), e(v, u))]: the minimum over
    preference functions is reached pair by pair by the h̃ of Eq. 9.

    >>> e = generalized_ranking([0, 1, 2])
    >>> preference_regret([[0, 1, 0], [0, 0, 1], [1, 0, 0]], e)
    0.3333333333333333
    """
    h = preference_matrix("h", h, limit=MAX_ITEMS)
    e = nonnegative_matrix("e", e, limit=MAX_ITEMS, n=h.shape[0])
    n = h.shape[0]
    best = np.minimum(e, e.T)[np.triu_indices(n, 1)].sum()
    return max(0.0, float(((h * e.T).sum() - best) / pairs(n)))
