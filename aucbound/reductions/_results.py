"""What the reductions return: Auc-Train's pairs, Degree and QuickSort rankings, and the tournament checks."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction

from .._display import Displayed
from .._result_base import fields_as_dict
from ._orders import positions

__all__ = ['AdversaryLabelling', 'DegreeRanking', 'FeedbackArcSetExample', 'PairSample', 'QuickSortRanking', 'QuickSortRuns', 'RegularTournamentExample', 'TightExamples', 'TournamentCheck']


@dataclass(frozen=True, eq=False)
class PairSample(Displayed):
    """The binary training set of Auc-Train (Balcan et al. 2007, Alg. 1): mixed pairs and their labels.

    Pair i is the examples ``first[i]`` and ``second[i]`` (indices into the input), with
    features ``X1[i]`` and ``X2[i]`` and label ``y[i]`` = 1 when the first should be ranked
    above the second (it is the positive one). ``m`` positives and ``n`` negatives make
    ``total`` = 2mn ordered mixed pairs; with ``max_pairs`` a uniform sample of them without
    replacement was drawn (``seed``). ``X1, X2, y = sample`` unpacks.
    """

    X1: object = dataclasses.field(repr=False)
    X2: object = dataclasses.field(repr=False)
    y: object = dataclasses.field(repr=False)
    first: object = dataclasses.field(repr=False)
    second: object = dataclasses.field(repr=False)
    m: int
    n: int
    total: int
    max_pairs: int | None
    seed: int | None
    source: str = "Balcan et al. 2007, Alg. 1"

    def __iter__(self):
        return iter((self.X1, self.X2, self.y))

    @property
    def pairs(self) -> int:
        """The number of pairs in the sample."""
        return int(self.y.shape[0])

    def as_dict(self) -> dict:
        data = fields_as_dict(self)
        data["pairs"] = self.pairs
        return data

    def _table(self):
        """The sizes without the pairs' arrays."""
        return {**self._shown_fields(), "pairs": self.pairs}, None


@dataclass(frozen=True, eq=False)
class DegreeRanking(Displayed):
    """A ranking by number of wins (Balcan et al. 2007, Alg. 2): ``order`` lists the items from the top.

    ``wins[u]`` = Σ_v h[u, v] (for a tournament, the number of items u beats); ``calls`` is
    the number of pairs at which h was evaluated, n(n − 1)/2. Items with equal wins are
    ordered by the rule ``ties`` ('index', 'random' with ``seed``, 'worst' or 'best' for
    the given labels). ``position[u]`` is the place of item u (0 = top).
    """

    order: object
    wins: object
    calls: int
    n: int
    ties: str
    seed: int | None
    method: str = "degree"
    source: str = "Balcan et al. 2007, Alg. 2"

    @property
    def position(self):
        """position[u]: where item u is ranked (0 = top)."""
        return positions(self.order)

    def as_dict(self) -> dict:
        return fields_as_dict(self)


@dataclass(frozen=True, eq=False)
class QuickSortRanking(Displayed):
    """A ranking by QuickSort with a preference function (Ailon & Mohri 2008, §3.1).

    ``order`` lists the items from the top: all n of them, or with ``top`` = k only the
    k highest, in order (§3.4). ``calls`` is the number of pairs at which h was evaluated;
    ``seed`` fixes the pivots and the draws for fractional h.
    """

    order: object
    calls: int
    n: int
    top: int | None
    seed: int | None
    method: str = "quicksort"
    source: str = "Ailon & Mohri 2008, §3.1"

    @property
    def position(self):
        """position[u]: where item u is ranked (0 = top); only for a full ranking."""
        if self.top is not None and self.top < self.n:
            raise ValueError("a top-k ranking has no position for every item")
        return positions(self.order)

    def as_dict(self) -> dict:
        return fields_as_dict(self)


@dataclass(frozen=True, eq=False)
class QuickSortRuns(Displayed):
    """QuickSort run once per seed on the same preference: row r is ``quicksort_ranking(h, seed=seeds[r])``.

    ``orders`` is a (runs × k) array (k = ``top`` or n) and ``calls`` the number of
    evaluations of h in each run.
    """

    _table_columns = ("seeds", "calls")

    orders: object
    calls: object
    seeds: tuple[int, ...]
    n: int
    top: int | None
    method: str = "quicksort"
    source: str = "Ailon & Mohri 2008, §3.1"

    @property
    def mean_calls(self) -> float:
        """The average of ``calls`` over the runs."""
        return float(self.calls.mean())

    def as_dict(self) -> dict:
        data = fields_as_dict(self)
        data["mean_calls"] = self.mean_calls
        return data


@dataclass(frozen=True)
class TournamentCheck(Displayed):
    """Balcan et al. (2007), Thm 2 (and with ``feedback``, Thm 4) checked on every labelled tournament on n vertices.

    Every one of the 2^C(n,2) tournaments is taken with every partition of its vertices into
    winners W and losers L, both non-empty (2^n − 2 partitions): ``pairs`` (tournament,
    partition) pairs in all. ``violations`` counts those with g > 2f; ``max_ratio`` is the
    largest g/(2f) among those with f > 0 and ``tight`` how many of them have g = 2f;
    ``f_zero`` counts the pairs with f = 0 (where Thm 2 demands g = 0).

    With ``feedback``, every minimum feedback arc set ordering π of every tournament
    (``feedback_orderings`` (tournament, ordering) pairs) is taken with every partition
    (``feedback_pairs`` triples), and the same statistics are given for g′(π) ≤ 2f.
    """

    n: int
    tournaments: int
    partitions: int
    pairs: int
    violations: int
    max_ratio: float
    tight: int
    f_zero: int
    feedback: bool = False
    feedback_orderings: int | None = None
    feedback_pairs: int | None = None
    feedback_violations: int | None = None
    feedback_max_ratio: float | None = None
    feedback_tight: int | None = None
    source: str = "Balcan et al. (2007), Thm 2 and Thm 4"

    @property
    def holds(self) -> bool:
        """True when no pair (and, with ``feedback``, no triple) breaks the bound."""
        return self.violations == 0 and not self.feedback_violations

    def as_dict(self) -> dict:
        data = fields_as_dict(self)
        data["holds"] = self.holds
        return data


@dataclass(frozen=True)
class RegularTournamentExample(Displayed):
    """Balcan et al. (2007), Example 1: the regular tournament on odd n, where ordering by degree makes g = 2f.

    Every vertex has out-degree (n − 1)/2; ``winners`` are the first (n − 1)/2 vertices, the
    other (n + 1)/2 are losers. With ties broken against us every loser is ranked above
    every winner, so g = |W|·|L|; f counts the losers' wins over winners. Both are counted
    on the tournament itself; the paper's values are ``paper_f`` = (n+1)(n−1)/8 and 2f.
    """

    n: int
    degree: int
    winners: int
    losers: int
    f: int
    g: int
    source: str = "Balcan et al. (2007), §5, Example 1"

    @property
    def paper_f(self) -> int:
        """(n + 1)(n − 1)/8."""
        return (self.n + 1) * (self.n - 1) // 8

    @property
    def tight(self) -> bool:
        """g = 2f."""
        return self.g == 2 * self.f

    def as_dict(self) -> dict:
        data = fields_as_dict(self)
        data.update(paper_f=self.paper_f, tight=self.tight)
        return data


@dataclass(frozen=True)
class FeedbackArcSetExample(Displayed):
    """Balcan et al. (2007), Example 2: a minimum feedback arc set ordering with g′ = (2 − ε)f.

    δ = ε/(1 − ε); components V1, V2, V3 of ``sizes`` = (δn², 2n², n); winners V1 ∪ V2,
    losers V3. Counted on the tournament: ``f`` (losers beating winners), ``misordered``
    (g′ of the ordering {V3, V1, V2}), ``back_edges`` (its back edges) and
    ``disjoint_three_cycles`` (edge-disjoint 3-cycles found and checked, a lower bound on
    the back edges of every ordering). ``minimum_back_edges`` is the exact minimum over
    all orderings when there are at most 20 vertices (else None). ``ratio`` = g′/f, exact.
    """

    epsilon: Fraction
    delta: Fraction
    n: int
    sizes: tuple[int, int, int]
    vertices: int
    f: int
    misordered: int
    back_edges: int
    disjoint_three_cycles: int
    minimum_back_edges: int | None
    ratio: Fraction
    source: str = "Balcan et al. (2007), §5, Example 2"

    @property
    def certified_optimal(self) -> bool:
        """True when the ordering's back edges meet the lower bound of the disjoint 3-cycles (so it is optimal)."""
        return self.back_edges == self.disjoint_three_cycles

    @property
    def tight(self) -> bool:
        """The paper's claim holds on the tournament: g′ = (2 − ε)f, exactly, for a certified minimum
        feedback arc set ordering."""
        return self.ratio == 2 - self.epsilon and self.certified_optimal

    def as_dict(self) -> dict:
        data = fields_as_dict(self)
        data.update(certified_optimal=self.certified_optimal, tight=self.tight)
        return data


@dataclass(frozen=True)
class AdversaryLabelling(Displayed):
    """Ailon & Mohri (2008), Thm 7: the labelling of a 3-cycle that costs a deterministic algorithm twice h's regret.

    ``order`` is the algorithm's ranking of the items 0, 1, 2 of the cycle 0 → 1 → 2 → 0;
    ``labels`` make its last item the one positive. With this fixed truth the regrets are
    the losses: ranking regret 1 (the positive is below both negatives) and classification
    regret ½ (h ranks the positive above one of the two negatives).
    """

    order: tuple[int, ...]
    labels: tuple[int, ...]
    ranking_regret: float
    classification_regret: float
    source: str = "Ailon & Mohri (2008), Thm 7"

    @property
    def ratio(self) -> float:
        """ranking regret / classification regret."""
        return self.ranking_regret / self.classification_regret

    @property
    def tight(self) -> bool:
        """The theorem's factor is reached: ranking regret = 2 × classification regret."""
        return self.ratio == 2

    def as_dict(self) -> dict:
        data = fields_as_dict(self)
        data.update(ratio=self.ratio, tight=self.tight)
        return data


@dataclass(frozen=True)
class TightExamples(Displayed):
    """Where the factor 2 is reached, each example checked on its own instance: Balcan et al.'s (2007)
    Example 1 (g = 2f) for each odd n in ``regular``, Example 2 (g′ = (2 − ε)f) for each ε in
    ``feedback``, and Ailon & Mohri's (2008) Thm 7 3-cycle against Degree (ties by index) in
    ``adversary``. ``tight`` is True when every example reaches what its paper claims; ``rows``
    gives one summary per example (its f, its g or g′, their ratio, and whether it is tight).
    """

    _table_rows = "rows"

    regular: tuple[RegularTournamentExample, ...] = dataclasses.field(repr=False)
    feedback: tuple[FeedbackArcSetExample, ...] = dataclasses.field(repr=False)
    adversary: AdversaryLabelling = dataclasses.field(repr=False)

    @property
    def tight(self) -> bool:
        """Every example reaches its paper's factor."""
        return all(example.tight for example in (*self.regular, *self.feedback, self.adversary))

    @property
    def rows(self) -> list[dict]:
        """One dict per example: ``example``, ``n`` or ``epsilon``, ``f``, ``g`` (g′ for Example 2; twice the
        regrets for Thm 7), ``ratio`` and ``tight``."""
        rows = [{"example": "Balcan et al. Example 1", "n": e.n, "epsilon": None, "f": e.f, "g": e.g,
                 "ratio": e.g / e.f, "tight": e.tight} for e in self.regular]
        rows += [{"example": "Balcan et al. Example 2", "n": e.n, "epsilon": str(e.epsilon), "f": e.f,
                  "g": e.misordered, "ratio": float(e.ratio), "tight": e.tight} for e in self.feedback]
        a = self.adversary
        rows.append({"example": "Ailon & Mohri Thm 7", "n": 3, "epsilon": None, "f": round(2 * a.classification_regret),
                     "g": round(2 * a.ranking_regret), "ratio": a.ratio, "tight": a.tight})
        return rows

    def as_dict(self) -> dict:
        return {"rows": self.rows, "tight": self.tight, "regular": [e.as_dict() for e in self.regular],
                "feedback": [e.as_dict() for e in self.feedback], "adversary": self.adversary.as_dict()}

