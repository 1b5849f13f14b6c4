"""What the papers' experiments return, one result (and its rows) per experiment."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .._display import Displayed
from .._result_base import fields_as_dict

__all__ = ['BoundShapeExperiment', 'BoundShapeRow', 'LossScores', 'LossScoresRow', 'QuickSortCalls', 'RankBoostNormal', 'RegretExperiment', 'RegretRow']


@dataclass(frozen=True)
class RegretRow(Displayed):
    """One line of a regret experiment's summary: a quantity's mean over the trials and its bound.

    ``mean`` and ``se`` (the standard error of the mean over ``trials`` trials, None for a
    constant) of the quantity ``key``; ``reference`` is the mean over the same trials of
    what the theorem ``reference_name`` bounds it by (or, for calls of h, the expected
    count it is set beside), ``ratio`` = mean / reference, and ``worst`` the largest
    per-trial ratio value / reference among the trials where the reference is positive
    (None where no trial has one, or for counts of calls).
    """

    key: str
    quantity: str
    mean: float
    se: float | None
    trials: int
    reference: float | None = None
    reference_name: str | None = None
    ratio: float | None = None
    worst: float | None = None

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


@dataclass(frozen=True, eq=False)
class RegretExperiment(Displayed):
    """Regrets of ranking through a pairwise classifier that errs, over random trials.

    Each trial draws n items with bipartite labels (``positives`` of them positive) and a
    preference h of the ``model``, then records h's classification regret r (the fraction
    of (positive, negative) pairs h orders wrongly), and the AUC regret (1 − AUC) of
    Degree with ties at random (``degree_random``) and against the labels
    (``degree_worst``), of QuickSort (``quicksort``: its exact expectation over the pivots
    when ``quicksort_exact``, else the mean over ``quicksort_seeds`` runs, with the standard
    error ``quicksort_se`` of that mean) and, on the first ``feedback_trials`` trials, of an
    exact minimum feedback arc set ordering (``feedback``; None when n > 20). Labels are
    fixed given the items, so every regret is the loss itself. ``quicksort_calls`` is the
    mean number of calls of h over the QuickSort runs of a trial, ``expected_quicksort_calls``
    2(n+1)H_n − 4n (exact for a transitive h) and ``degree_calls`` n(n − 1)/2. ``rows``
    sums it all up (:class:`RegretRow`).
    """

    n: int
    positives: int
    model: str
    noise: float | None
    scale: float | None
    trials: int
    seed: int
    quicksort_seeds: int
    quicksort_exact: bool
    feedback_trials: int
    classification: object = dataclasses.field(repr=False)
    degree_random: object = dataclasses.field(repr=False)
    degree_worst: object = dataclasses.field(repr=False)
    quicksort: object = dataclasses.field(repr=False)
    quicksort_se: object = dataclasses.field(repr=False)
    feedback: object = dataclasses.field(repr=False)
    quicksort_calls: object = dataclasses.field(repr=False)
    expected_quicksort_calls: float
    degree_calls: int
    rows: tuple[RegretRow, ...] = dataclasses.field(repr=False)
    source: str = "Balcan et al. (2007), Thm 1 and Thm 4; Ailon & Mohri (2008), Thm 2"

    def row(self, key: str) -> RegretRow:
        """The summary row of `key` ('classification', 'degree_random', 'degree_worst', 'quicksort',
        'feedback', 'quicksort_calls', 'degree_calls')."""
        for row in self.rows:
            if row.key == key:
                return row
        raise KeyError(key)

    def as_dict(self) -> dict:
        return fields_as_dict(self)


@dataclass(frozen=True, eq=False)
class QuickSortCalls(Displayed):
    """Calls of h against n: QuickSort, its top-k and Degree, on the transitive h of random scores.

    For each size in ``sizes``: the mean number of calls over ``seeds`` runs of QuickSort
    (``quicksort``, standard error ``quicksort_se``) and of its top-``top`` variant
    (``top_k``, ``top_k_se``; NaN where the size is below ``top``), each beside its exact
    expectation (``expected_quicksort``, ``expected_top_k``); and Degree's calls, counted
    through h (``degree``, NaN above ``degree_counted_up_to``) beside n(n − 1)/2
    (``expected_degree``). Scores are standard normal (no ties), seeded by ``seed``.
    """

    _table_columns = ("sizes", "quicksort", "quicksort_se", "top_k", "top_k_se", "degree", "expected_quicksort",
                      "expected_top_k", "expected_degree")

    sizes: object
    seeds: int
    top: int
    seed: int
    quicksort: object = dataclasses.field(repr=False)
    quicksort_se: object = dataclasses.field(repr=False)
    top_k: object = dataclasses.field(repr=False)
    top_k_se: object = dataclasses.field(repr=False)
    degree: object = dataclasses.field(repr=False)
    expected_quicksort: object = dataclasses.field(repr=False)
    expected_top_k: object = dataclasses.field(repr=False)
    expected_degree: object = dataclasses.field(repr=False)
    degree_counted_up_to: int = 1000
    source: str = "Ailon & Mohri (2008), §3.1 and §3.4; Balcan et al. (2007), Alg. 2"

    def as_dict(self) -> dict:
        data = fields_as_dict(self)
        for key, value in data.items():  # NaN (not measured) as None, for strict JSON
            if isinstance(value, list):
                data[key] = [None if isinstance(x, float) and x != x else x for x in value]
        return data


@dataclass(frozen=True)
class BoundShapeRow(Displayed):
    """One cell (m, n) of :class:`BoundShapeExperiment`: means and standard deviations over the trials.

    ``epsilon`` is Cor 4.5's ε with Thm 4.11's bound on r(F_lin(16), 2m, 2n) (the paper's),
    ``bound_mean`` = ``train_mean`` − ``epsilon`` the lower bound on the expected AUC (its
    standard deviation ``bound_sd`` is the training AUC's); ``sharp_epsilon`` and
    ``sharp_bound_mean`` the same with the smallest valid bound on r (beyond the paper).
    ``test_se`` is the standard error of ``test_mean``.
    """

    m: int
    n: int
    trials: int
    train_mean: float
    train_sd: float
    test_mean: float
    test_sd: float
    test_se: float
    epsilon: float
    bound_mean: float
    bound_sd: float
    sharp_epsilon: float
    sharp_bound_mean: float

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class BoundShapeExperiment(Displayed):
    """Agarwal et al. (2005), §4.5, Figure 4: RankBoost's linear rankers in R^16, their training
    and test AUC and Cor 4.5's lower bound, for each training size (m, n) in ``ms`` × ``ns``
    (``rows``, m-major), over ``trials`` training sets each."""

    ms: tuple[int, ...]
    ns: tuple[int, ...]
    trials: int
    seed: int
    rounds: int
    delta: float
    dimension: int
    test_size: int
    rows: tuple[BoundShapeRow, ...] = dataclasses.field(repr=False)
    source: str = "Agarwal et al. (2005), §4.5 and Figure 4; Cor 4.5 with Thm 4.11"

    def row(self, m: int, n: int) -> BoundShapeRow:
        """The cell (m, n)."""
        for row in self.rows:
            if (row.m, row.n) == (m, n):
                return row
        raise KeyError((m, n))

    def as_dict(self) -> dict:
        return fields_as_dict(self)


@dataclass(frozen=True, eq=False)
class RankBoostNormal(Displayed):
    """Uematsu & Lee (2011), §5.1, Figure 3: RankBoost with stumps on N(1, 1) against N(−1, 1).

    ``x`` holds the sorted training points and ``f_hat`` the learned scores there, shifted
    by ``shift`` (the mean of f̂(x) − x over the points in [−``window``, ``window``]) so
    that they compare with f*(x) = x; ``rms`` is the RMS of f̂ − x over those points.
    ``train_auc`` is the training AUC after each round; ``largest_step_after`` the largest
    change from one round to the next after round ``settled_round``, and
    ``largest_change_after`` the largest distance from the AUC at that round. ``bayes_auc``
    = Φ(√2), the AUC of f*. ``model`` is the learned :class:`BoostedRanker`.
    ``f_star_risk`` is the training exponential risk of f*(x) = x (that of f̂ is
    ``model.risk[-1]``); ``population_risk`` the exponential risk E[e^{−(f̂(X) − f̂(X′))}] of
    f̂ over the two normal classes (f*'s is e^{−1}).
    """

    size: int
    rounds: int
    alpha: str
    selection: str
    seed: int
    x: object = dataclasses.field(repr=False)
    f_hat: object = dataclasses.field(repr=False)
    shift: float
    rms: float
    window: float
    train_auc: tuple = dataclasses.field(repr=False)
    settled_round: int
    largest_step_after: float
    largest_change_after: float
    bayes_auc: float
    model: object = dataclasses.field(repr=False)
    f_star_risk: float = None
    population_risk: float = None
    source: str = "Uematsu & Lee (2011), §5.1 and Figure 3"

    def as_dict(self) -> dict:
        data = fields_as_dict(self)
        data["model"] = self.model.as_dict()
        return data


@dataclass(frozen=True)
class LossScoresRow(Displayed):
    """One method of :class:`LossScores`: the rounds it ran and those chosen by the test AUC, the
    test AUC, the least-squares slope of its centred test scores on r(x) (``theory_slope``
    from Thm 2: ½ exponential, 1 logistic, None hinge), its distinct score ``levels`` on the
    test set, and the correlation of its scores with the logistic ones (None where a score is
    constant on the test set)."""

    loss: str
    rounds_run: int
    rounds: int
    test_auc: float
    slope_on_r: float | None
    theory_slope: float | None
    levels: int
    correlation_with_logistic: float | None

    def as_dict(self) -> dict:
        return dataclasses.asdict(self)


@dataclass(frozen=True, eq=False)
class LossScores(Displayed):
    """Uematsu & Lee (2011), §5.1.3 (Figures 8, 9) and §5.2 (Figure 14): boosting under three losses on §5.1.3's data.

    ``r`` is the log likelihood ratio r(x) on the test points; ``scores[loss]`` the centred
    test scores of each method at its chosen round; ``effects[loss]`` the main effect of
    each variable (rows) on ``effect_grid``; ``logistic_on_exponential`` the least-squares
    slope of the logistic scores on RankBoost's (Thm 2: 2); ``bayes_auc`` = Φ(√2), the AUC
    of r(x). ``models`` holds the three learned rankers, cut at their chosen rounds;
    ``hinge_step`` is the hinge learner's step rule ('smoothed' or 'exact').
    """

    size: int
    dimension: int
    rounds: int
    selection: str
    seed: int
    rows: tuple[LossScoresRow, ...]
    r: object = dataclasses.field(repr=False)
    scores: dict = dataclasses.field(repr=False)
    effect_grid: object = dataclasses.field(repr=False)
    effects: dict = dataclasses.field(repr=False)
    logistic_on_exponential: float | None
    bayes_auc: float
    models: dict = dataclasses.field(repr=False)
    hinge_step: str = "smoothed"
    source: str = "Uematsu & Lee (2011), §5.1.3 and Figures 8, 9 and 14 (MovieLens, §5.2: Figure 14, Table 2)"

    def row(self, loss: str) -> LossScoresRow:
        """The row of `loss`."""
        for row in self.rows:
            if row.loss == loss:
                return row
        raise KeyError(loss)

    def as_dict(self) -> dict:
        data = fields_as_dict(self)
        data["scores"] = {k: value.tolist() for k, value in self.scores.items()}
        data["effects"] = {k: value.tolist() for k, value in self.effects.items()}
        data["models"] = {k: value.as_dict() for k, value in self.models.items()}
        return data

