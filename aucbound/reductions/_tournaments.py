r"""Winner–loser partitioned tournaments: Thm 2 and Thm 4 of Balcan et al. (2007), their tight examples, and Thm 7 of Ailon & Mohri (2008).

**Counts** (Balcan et al. 2007, §3–4). A tournament is a binary preference h (edge u → v,
"u beats v", when h[u, v] = 1); deg(u) is u's out-degree. Its vertices are split into
winners W (who should be ranked first: the positives of the bipartite labels, the paper's
0s) and losers L. Then

    f  = #{(ℓ, w) ∈ L × W : ℓ → w}                      (the classifier's mistakes)
    g  = #{(ℓ, w) ∈ L × W : deg(ℓ) ≥ deg(w)}            (Degree's mistakes, ties against us)
    g′ = #{(ℓ, w) ∈ L × W : π ranks ℓ above w}          (an ordering π's mistakes)

Thm 2: g ≤ 2f for every partitioned tournament. Thm 4: g′(π) ≤ 2f for every minimum
feedback arc set ordering π. :func:`exhaustive_check` tests both on every labelled
tournament on n ≤ 6 vertices and every partition with both sides non-empty (with one side
empty f = g = g′ = 0 and there is nothing to check).

**Example 1** (§5). The regular tournament on odd n (vertex i beats i+1, …, i+(n−1)/2 mod n)
with any (n−1)/2 winners: all degrees are (n−1)/2, so with ties broken against us every
loser is ranked above every winner, g = |L|·|W| = (n+1)(n−1)/4, while
f = Σ_ℓ deg(ℓ) − C(|L|, 2) = (n+1)(n−1)/8: g = 2f.

**Example 2** (§5). δ = ε/(1−ε); components V1, V2, V3 of sizes δn², 2n², n; winners
V1 ∪ V2, losers V3. Each component is acyclic (here: the lower index beats the higher),
V3 → V1, V1 → V2, and V2 is cut into 2n blocks B_1, …, B_2n of n vertices with B_i → B_j
for i < j. The text as printed then says: B_i → V3 for odd i, V3 → B_i for even i. **That
orientation does not give what the proof says.** A 3-cycle b → b′ → c → b with b, b′ in
V2 and c in V3 needs b's block before b′'s (edges inside V2 point forward), b′'s block
beating V3 and V3 beating b's block. As printed (odd blocks beat V3) only the pairs
(B_2i, B_2i+1) qualify, n − 1 disjoint pairs, not n; and the
ordering B_1, V3, B_2, …, B_2n of V2 ∪ V3 has only (n−1)n² back edges, so V2 ∪ V3 cannot
hold n³ edge-disjoint 3-cycles as claimed. With the orientation of V2–V3 swapped
(V3 → B_i for odd i, B_i → V3 for even i) the pairs (B_1, B_2), …, (B_2n−1, B_2n) are n
disjoint pairs, each carrying n² edge-disjoint 3-cycles (odd[a] → even[b] → V3[(a+b) mod n]
→ odd[a], a Latin square), and the argument goes through as written. :func:`example2`
builds the swapped orientation by default (``as_printed=True`` builds the printed one).
The counts the example concludes with hold for both: f = (1+δ)n³ (V3 beats all of V1 and
n of the 2n blocks), and the ordering {V3, V1, V2} has (2+δ)n³ misordered winner–loser
pairs and n³ back edges (the n blocks that beat V3), so g′/f = (2+δ)/(1+δ) = 2 − ε
exactly. For the printed orientation n³ edge-disjoint 3-cycles exist too when |V1| ≥ n,
but n² of them must run through V1 (V3[c] → V1[(b+c) mod n] → B_1[b] → V3[c]); the
counts are checked on the tournament, and the minimum over all orderings is computed
exactly when there are at most 20 vertices.

**Thm 7** (Ailon & Mohri 2008, §4). On the 3-cycle u → v → w → u (items 0, 1, 2) every
deterministic algorithm outputs some ordering; labelling its *last* item as the one
positive makes its ranking regret 1 (the positive is below both negatives) while h errs
on exactly one of the two mixed pairs (each vertex of a 3-cycle beats exactly one
other): classification regret ½. This covers both cases of the paper's proof, (u, v, w)
→ V+ = {w} and (w, v, u) → V+ = {u}, and the four other orders by the cycle's symmetry.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np

from .. import _validate as v
from ._degree import degree_ranking
from ._preference import Preference
from ._results import (AdversaryLabelling, FeedbackArcSetExample, RegularTournamentExample, TightExamples,
                       TournamentCheck)
from ._checks import MAX_ITEMS, binary_labels, flag, items, order_array, preference_matrix
from ._feedback import MAX_FEEDBACK_ITEMS, _back_edges, _minimum_cost
from ._losses import (
    above,
    bipartite_ground_truth,
    generalized_ranking,
    misordered,
    preference_regret,
    ranking_regret,
)

__all__ = [
    "winner_loser_counts",
    "misordered_pairs",
    "exhaustive_check",
    "regular_tournament",
    "example1",
    "example2_tournament",
    "example2",
    "three_cycle_adversary",
    "tight_examples",
    "MAX_EXHAUSTIVE_ITEMS",
    "MAX_EXAMPLE_WORK",
]

#: The most vertices :func:`exhaustive_check` takes (2^15 tournaments × 62 partitions at n = 6).
MAX_EXHAUSTIVE_ITEMS = 6


def _degrees(h: np.ndarray) -> np.ndarray:
    """Out-degrees deg(u) = Σ_v h[u, v] of a checked tournament or of a stack of them (zero diagonals), as int64.

    These are Degree's wins (:func:`~aucbound.reductions.degree_ranking`) as one row sum of
    dense 0/1 matrices; Degree reads a :class:`~aucbound.reductions.Preference` pair by pair
    in blocks, which, one Preference per tournament, would make :func:`exhaustive_check` at
    n = 6 over ten times slower.
    """
    return h.sum(axis=-1, dtype=np.int64)


def winner_loser_counts(h, winners) -> tuple[int, int]:
    """(g, f) of Balcan et al. (2007), Thm 2, for the tournament h and the winners marked 1 in `winners`.

    g = #{(ℓ, w) : deg(ℓ) ≥ deg(w)} — winner–loser pairs that ordering by degree gets wrong
    with ties broken against us; f = #{(ℓ, w) : ℓ → w} — pairs where the loser beats the
    winner. Thm 2: g ≤ 2f. `winners` is a 0/1 array (1 = winner, ranked first; either side
    may be empty, giving (0, 0)).

    >>> winner_loser_counts([[0, 1, 0], [0, 0, 1], [1, 0, 0]], [1, 0, 0])
    (2, 1)
    """
    h = preference_matrix("h", h, binary=True, limit=MAX_ITEMS)
    win = binary_labels("winners", winners, size=h.shape[0], both=False)
    degree = _degrees(h)
    lose = ~win
    f = int(h[np.ix_(lose, win)].sum())
    g = int((degree[lose][:, None] >= degree[win][None, :]).sum())
    return g, f


def misordered_pairs(order, winners) -> int:
    """g′ of Balcan et al. (2007), Thm 4: the winner–loser pairs that `order` ranks loser first.

    The count behind :func:`~aucbound.reductions.auc_loss`, which divides it by |W|·|L|.

    >>> misordered_pairs([2, 0, 1], [1, 1, 0])
    2
    """
    win = binary_labels("winners", winners, both=False)
    return misordered(win[order_array("order", order, win.shape[0])])


# --- every tournament on n vertices -------------------------------------------------------


def _all_tournaments(n: int) -> np.ndarray:
    """Every labelled tournament on n vertices, as int8 arrays (2^C(n,2), n, n); bit k of the index orients pair k."""
    upper = np.array(list(itertools.combinations(range(n), 2)), dtype=np.int64).reshape(-1, 2)
    count = 1 << upper.shape[0]
    bits = ((np.arange(count)[:, None] >> np.arange(upper.shape[0])) & 1).astype(np.int8)
    h = np.zeros((count, n, n), dtype=np.int8)
    h[:, upper[:, 0], upper[:, 1]] = bits
    h[:, upper[:, 1], upper[:, 0]] = 1 - bits
    return h


def _statistics(g: np.ndarray, f: np.ndarray) -> tuple[int, float, int, int]:
    """violations (g > 2f), max g/(2f) where f > 0, how many of those have g = 2f, how many have f = 0."""
    positive = f > 0
    ratio = float((g[positive] / (2.0 * f[positive])).max()) if positive.any() else 0.0
    return int((g > 2 * f).sum()), ratio, int(((g == 2 * f) & positive).sum()), int((~positive).sum())


def exhaustive_check(n, *, feedback: bool = False) -> TournamentCheck:
    """Thm 2 (g ≤ 2f) of Balcan et al. (2007) on every labelled tournament on n ≤ 6 vertices and every partition.

    The partitions are all 2^n − 2 splits into winners and losers with both sides
    non-empty. With ``feedback=True`` (n ≤ 6) Thm 4 is checked too: g′(π) ≤ 2f for every
    minimum feedback arc set ordering π of every tournament (found among all n! orderings)
    and every partition. Vectorised over tournaments; n = 6 takes about a second without
    ``feedback`` and a few seconds with it.

    >>> check = exhaustive_check(3)
    >>> check.tournaments, check.pairs, check.violations, check.max_ratio, check.tight
    (8, 48, 0, 1.0, 12)
    """
    n = items("n", n, MAX_EXHAUSTIVE_ITEMS)
    feedback = flag("feedback", feedback)
    h = _all_tournaments(n)
    tournaments = h.shape[0]
    flat = h.reshape(tournaments, n * n).astype(np.float64)
    winners = ((np.arange(1, (1 << n) - 1)[:, None] >> np.arange(n)) & 1).astype(bool)  # (P, n)
    cross = (~winners[:, :, None] & winners[:, None, :]).reshape(winners.shape[0], n * n).astype(np.float64)
    f = np.rint(flat @ cross.T).astype(np.int64)  # f[t, p] = Σ_{ℓ∈L, w∈W} h[ℓ, w]
    degree = _degrees(h)
    at_least = (degree[:, :, None] >= degree[:, None, :]).reshape(tournaments, n * n).astype(np.float64)
    g = np.rint(at_least @ cross.T).astype(np.int64)
    violations, ratio, tight, f_zero = _statistics(g, f)
    result = dict(n=n, tournaments=tournaments, partitions=winners.shape[0], pairs=int(f.size),
                  violations=violations, max_ratio=ratio, tight=tight, f_zero=f_zero)
    if feedback:
        result.update(_feedback_statistics(n, flat, f, cross))
    return TournamentCheck(**result)


def _feedback_statistics(n: int, flat: np.ndarray, f: np.ndarray, cross: np.ndarray) -> dict:
    """Thm 4 on every (tournament, minimum feedback arc set ordering, partition)."""
    orders = np.array(list(itertools.permutations(range(n))), dtype=np.int64)
    before = above(orders).reshape(orders.shape[0], n * n)  # before[π, (a, b)] = 1 when π ranks a above b
    # an edge a → b is a back edge when b is above a: before[π, (b, a)]
    back_of = before.reshape(-1, n, n).transpose(0, 2, 1).reshape(orders.shape[0], n * n)
    misordered = np.rint(before @ cross.T).astype(np.int64)  # g′[π, p]: losers ℓ above winners w
    counts = {"violations": 0, "pairs": 0, "tight": 0, "orderings": 0}
    ratio = 0.0
    chunk = 2048
    for start in range(0, flat.shape[0], chunk):
        back = np.rint(flat[start:start + chunk] @ back_of.T).astype(np.int64)  # (t, π)
        tournament, ordering = np.nonzero(back == back.min(axis=1, keepdims=True))
        g = misordered[ordering]  # (k, P)
        bound = f[start + tournament]
        violations, worst, tight, _ = _statistics(g, bound)
        counts["violations"] += violations
        counts["tight"] += tight
        counts["pairs"] += int(g.size)
        counts["orderings"] += int(tournament.shape[0])
        ratio = max(ratio, worst)
    return dict(feedback=True, feedback_orderings=counts["orderings"], feedback_pairs=counts["pairs"],
                feedback_violations=counts["violations"], feedback_max_ratio=ratio, feedback_tight=counts["tight"])


# --- Example 1: the regular tournament ----------------------------------------------------


def _odd(n) -> int:
    n = v.count("n", n, minimum=3, maximum=MAX_ITEMS)
    if n % 2 == 0:
        raise v.fail("n", "an odd integer ≥ 3", n)
    return n


def regular_tournament(n) -> np.ndarray:
    """The regular tournament on odd n: vertex i beats i+1, …, i+(n−1)/2 (mod n); every out-degree is (n−1)/2.

    Balcan et al. (2007), §5, Example 1 (any regular tournament serves; this is the
    rotational one). Returned as a 0/1 int64 preference matrix.

    >>> regular_tournament(3)
    array([[0, 1, 0],
           [0, 0, 1],
           [1, 0, 0]])
    """
    n = _odd(n)
    gap = (np.arange(n)[None, :] - np.arange(n)[:, None]) % n
    return ((gap >= 1) & (gap <= (n - 1) // 2)).astype(np.int64)


def example1(n) -> RegularTournamentExample:
    """Example 1 of Balcan et al. (2007): g and f of the regular tournament on odd n with (n−1)/2 winners.

    Counted on :func:`regular_tournament` with the first (n−1)/2 vertices as winners (every
    vertex has the same degree, so every such choice gives the same counts): f = (n+1)(n−1)/8
    and g = 2f, so Thm 2 is tight.

    >>> example = example1(5)
    >>> example.f, example.g, example.paper_f, example.tight
    (3, 6, 3, True)
    """
    n = _odd(n)
    h = regular_tournament(n)
    winners = (np.arange(n) < (n - 1) // 2).astype(np.int64)
    g, f = winner_loser_counts(h, winners)
    degrees = set(_degrees(h).tolist())
    return RegularTournamentExample(n=n, degree=degrees.pop(), winners=(n - 1) // 2, losers=(n + 1) // 2, f=f, g=g)


# --- Example 2: minimum feedback arc set is tight too -------------------------------------


def _smallest_n(delta: Fraction) -> int:
    """The smallest n ≥ 1 with δ·n² an integer: the product of p^⌈e/2⌉ over the prime powers p^e of δ's denominator."""
    q, n, p = delta.denominator, 1, 2
    while p * p <= q:
        e = 0
        while q % p == 0:
            q //= p
            e += 1
        n *= p ** ((e + 1) // 2)
        p += 1
    return n * q  # what is left of q is 1 or a prime


#: The most vertices :func:`example2` builds (a dense n×n matrix).
MAX_EXAMPLE_VERTICES = MAX_ITEMS


def _example2_sizes(epsilon, n) -> tuple[Fraction, Fraction, int, tuple[int, int, int]]:
    epsilon = v.skew("epsilon", epsilon)
    delta = epsilon / (1 - epsilon)
    if 2 * delta.denominator > MAX_EXAMPLE_VERTICES:  # δn² an integer needs n² ≥ that denominator: 2n² too many
        raise v.ParameterError("epsilon", f"give at most {MAX_EXAMPLE_VERTICES:,} vertices (δn² + 2n² + n, with δn² "
                               f"an integer: n² a multiple of δ's denominator)",
                               f"δ = ε/(1 − ε) = {v.printable(str(delta), 60)} (ε = {v.printable(str(epsilon), 60)})",
                               verb="")
    smallest = _smallest_n(delta)
    given = n is not None
    if n is None:
        n = smallest
    else:
        n = v.count("n", n, minimum=1, maximum=MAX_EXAMPLE_VERTICES)
        if (delta * n * n).denominator != 1:
            raise v.ParameterError("n", f"make δ·n² an integer (δ = {delta}: a multiple of {smallest})", str(n),
                                   verb="")
    sizes = (int(delta * n * n), 2 * n * n, n)
    if sum(sizes) > MAX_EXAMPLE_VERTICES:
        raise v.ParameterError("n" if given else "epsilon", f"give at most {MAX_EXAMPLE_VERTICES:,} vertices (δn² + 2n² + n)",
                               f"{sum(sizes):,} vertices (ε = {epsilon}, n = {n})", verb="")
    return epsilon, delta, n, sizes


def example2_tournament(epsilon, *, n=None, as_printed: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """(h, component) of Example 2 of Balcan et al. (2007): the tournament and each vertex's component 1, 2 or 3.

    ε in (0, 1) (a Fraction, an integer ratio such as "1/3", or a float read as the nearest
    small ratio); n defaults to the smallest with δn² an integer, δ = ε/(1−ε). Vertices are
    numbered V1, then V2 block by block (B_1 … B_2n), then V3. The V2–V3 edges follow the
    corrected orientation (module docstring) unless ``as_printed``.

    >>> h, component = example2_tournament("1/2")
    >>> component.tolist()
    [1, 2, 2, 3]
    >>> h
    array([[0, 1, 1, 0],
           [0, 0, 1, 0],
           [0, 0, 0, 1],
           [1, 1, 0, 0]])
    """
    as_printed = flag("as_printed", as_printed)
    _, _, n, sizes = _example2_sizes(epsilon, n)
    return _build_example2(n, sizes, as_printed)


def _build_example2(n: int, sizes: tuple[int, int, int], as_printed: bool) -> tuple[np.ndarray, np.ndarray]:
    component = np.repeat([1, 2, 3], sizes)
    total = component.shape[0]
    index = np.arange(total)
    same = component[:, None] == component[None, :]
    h = (same & (index[:, None] < index[None, :])).astype(np.int64)  # acyclic inside each component
    one, two, three = (component == 1), (component == 2), (component == 3)
    h[np.ix_(three, one)] = 1  # V3 → V1
    h[np.ix_(one, two)] = 1  # V1 → V2
    block = np.zeros(total, dtype=np.int64)
    block[two] = np.arange(sizes[1]) // n + 1  # B_1 … B_2n
    odd = two & (block % 2 == 1)
    even = two & (block % 2 == 0)
    beats_v3, beaten_by_v3 = (odd, even) if as_printed else (even, odd)
    h[np.ix_(beats_v3, three)] = 1
    h[np.ix_(three, beaten_by_v3)] = 1
    return h, component


def _disjoint_three_cycles(h: np.ndarray, component: np.ndarray, n: int, as_printed: bool) -> int:
    """How many edge-disjoint 3-cycles the Latin-square construction finds; each is checked on h."""
    first = {c: int(np.flatnonzero(component == c)[0]) if (component == c).any() else 0 for c in (1, 2, 3)}
    v1, v3 = first[1], first[3]

    def block(i: int) -> int:  # first vertex of B_i
        return first[2] + (i - 1) * n

    cycles = []
    starts = range(1, 2 * n, 2) if not as_printed else range(2, 2 * n - 1, 2)
    for i in starts:  # pairs (B_i, B_i+1): the earlier block receives from V3, the later beats V3
        for a in range(n):
            for b in range(n):
                cycles.append((block(i) + a, block(i + 1) + b, v3 + (a + b) % n))
    if as_printed and (component == 1).sum() >= n:  # V3[c] → V1[(b+c) mod n] → B_1[b] → V3[c]
        for b in range(n):
            for c in range(n):
                cycles.append((v3 + c, v1 + (b + c) % n, block(1) + b))
    edges = set()
    for x, y, z in cycles:
        for tail, head in ((x, y), (y, z), (z, x)):
            if h[tail, head] != 1 or (tail, head) in edges:
                raise AssertionError(f"not an edge-disjoint 3-cycle: {(x, y, z)}")  # a construction error
            edges.add((tail, head))
    return len(cycles)


def example2(epsilon, *, n=None, as_printed: bool = False) -> FeedbackArcSetExample:
    """Example 2 of Balcan et al. (2007): f, g′ and back edges of the ordering {V3, V1, V2}, counted on the tournament.

    The paper's claims: f = (1+δ)n³; the ordering {V3, V1, V2} has (2+δ)n³ misordered
    winner–loser pairs and n³ back edges, which equals the lower bound from n³ edge-disjoint
    3-cycles, so it is a minimum feedback arc set ordering with g′ = (2 − ε)f. Here every
    number is counted on :func:`example2_tournament`; with at most 20 vertices the minimum
    over all orderings is also computed exactly.

    >>> example = example2("1/3")
    >>> example.sizes, example.f, example.misordered, example.back_edges, example.minimum_back_edges
    ((2, 8, 2), 12, 20, 8, 8)
    >>> example.ratio, example.certified_optimal
    (Fraction(5, 3), True)
    """
    as_printed = flag("as_printed", as_printed)
    epsilon, delta, n, sizes = _example2_sizes(epsilon, n)
    h, component = _build_example2(n, sizes, as_printed)
    winners = (component != 3).astype(np.int64)
    _, f = winner_loser_counts(h, winners)
    order = np.concatenate([np.flatnonzero(component == c) for c in (3, 1, 2)])
    misordered = misordered_pairs(order, winners)
    back = _back_edges(h, order)
    cycles = _disjoint_three_cycles(h, component, n, bool(as_printed))
    minimum = None
    if h.shape[0] <= MAX_FEEDBACK_ITEMS:
        minimum = int(round(_minimum_cost(h.astype(np.float64))[0]))
    return FeedbackArcSetExample(epsilon=epsilon, delta=delta, n=n, sizes=sizes, vertices=int(h.shape[0]), f=f,
                                 misordered=misordered, back_edges=back, disjoint_three_cycles=cycles,
                                 minimum_back_edges=minimum, ratio=Fraction(misordered, f))


# --- Thm 7 of Ailon & Mohri (2008): deterministic algorithms pay twice ---------------------

#: The 3-cycle u → v → w → u of Thm 7's proof, on items 0, 1, 2.
THREE_CYCLE = np.array([[0, 1, 0], [0, 0, 1], [1, 0, 0]], dtype=np.int64)


def three_cycle_adversary(algorithm) -> AdversaryLabelling:
    """The labelling of Ailon & Mohri (2008), Thm 7, that gives `algorithm` ranking regret 1 and h regret ½.

    `algorithm` is any deterministic function taking the 3×3 preference matrix of the
    cycle 0 → 1 → 2 → 0 (a copy of it) and returning an order of 0, 1, 2 (from the top).
    The adversary labels the returned order's last item positive and the other two
    negative; the regrets are computed with the bipartite weights (Eq. 2), the truth being
    fixed, so that they equal the losses.

    >>> result = three_cycle_adversary(lambda h: [0, 1, 2])
    >>> result.labels, result.ranking_regret, result.classification_regret
    ((0, 0, 1), 1.0, 0.5)
    """
    if not callable(algorithm):
        raise v.ParameterTypeError("algorithm", "a function from a 3×3 preference matrix to an order",
                                   v.show(algorithm))
    output = algorithm(THREE_CYCLE.copy())
    try:
        order = order_array("order", output, 3)
    except (TypeError, ValueError):
        raise v.ParameterError("algorithm", "return an order of the items 0, 1, 2 (a permutation)",
                               v.show(output), verb="") from None
    labels = np.zeros(3, dtype=np.int64)
    labels[order[-1]] = 1
    sigma, omega = bipartite_ground_truth(labels)
    e = generalized_ranking(sigma, weights=omega)
    return AdversaryLabelling(order=tuple(order.tolist()), labels=tuple(labels.tolist()),
                              ranking_regret=ranking_regret(order, e),
                              classification_regret=preference_regret(THREE_CYCLE, e))


# --- every tight example at once --------------------------------------------------------------

#: The most entries Σ n² the regular tournaments of :func:`tight_examples` may have in all (a few seconds).
MAX_EXAMPLE_WORK = 2 * 10**8
#: The ε of Example 2 that :func:`tight_examples` takes when none are given.
DEFAULT_EPSILONS = (Fraction(1, 2), Fraction(1, 3))


def _example2_of(parameter: str, epsilon) -> FeedbackArcSetExample:
    """:func:`example2` at `epsilon`, an ε it cannot build reported for `parameter`."""
    try:
        return example2(epsilon)
    except v.ParameterError as error:
        raise v.ParameterError(parameter, error.rule, error.got, verb=error.verb, others=error.others) from None


def _degree_by_index(h) -> np.ndarray:
    return degree_ranking(Preference.from_matrix(h)).order


def tight_examples(sizes, epsilons=DEFAULT_EPSILONS, *, progress=None) -> TightExamples:
    """Every example where the factor 2 is reached, each counted on its instance: Example 1 of Balcan et al.
    (2007) for each odd n ≥ 3 among `sizes`, Example 2 for each ε of `epsilons`, and Ailon & Mohri's
    (2008) Thm 7 3-cycle against Degree with ties by index.

    `sizes` is one n or several; the regular tournaments may have at most :data:`MAX_EXAMPLE_WORK`
    entries Σ n² in all, checked before any is built. `progress(done, total)` sees each example.

    >>> examples = tight_examples(range(3, 8))
    >>> [(row["example"], row["n"], row["f"], row["g"]) for row in examples.rows][:3]
    [('Balcan et al. Example 1', 3, 1, 2), ('Balcan et al. Example 1', 5, 3, 6), ('Balcan et al. Example 1', 7, 6, 12)]
    >>> examples.tight
    True
    """
    sizes = v.counts("sizes", [sizes] if isinstance(sizes, int) else sizes, minimum=1, maximum=MAX_ITEMS)
    odd = sorted({n for n in sizes if n >= 3 and n % 2 == 1})
    given = str(list(sizes)) if len(sizes) <= 8 else f"{len(sizes):,} sizes from {sizes[0]} to {sizes[-1]}"
    if not odd:
        raise v.ParameterError("sizes", "include an odd n ≥ 3 (Example 1 needs one)", given, verb="")
    work = sum(n * n for n in odd)
    if work > MAX_EXAMPLE_WORK:
        raise v.ParameterError("sizes", f"make at most {MAX_EXAMPLE_WORK:,} entries Σ n² of regular tournaments in all",
                               f"{work:,} for {given}", verb="")
    epsilons = list(dict.fromkeys(v.skew("epsilons", epsilon) for epsilon in epsilons))
    total = len(odd) + len(epsilons) + 1
    done = 0

    def step(result):
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)
        return result

    regular = tuple(step(example1(n)) for n in odd)
    feedback = tuple(step(_example2_of("epsilons", epsilon)) for epsilon in epsilons)
    return TightExamples(regular=regular, feedback=feedback, adversary=step(three_cycle_adversary(_degree_by_index)))
