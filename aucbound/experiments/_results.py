"""The frozen results of the experiments: what each one measured, per trial and summed up.

Arrays are read-only numpy arrays (one entry per trial or per size); ``as_dict()`` gives
plain Python values (lists, floats, ints, None) ready for JSON.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

__all__ = ["RegretRow", "RegretExperiment", "QuickSortCalls"]


def _plain(value):
    """A field as a plain JSON value: arrays as lists, tuples of rows as lists of dicts."""
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    if hasattr(value, "as_dict"):
        return value.as_dict()
    if hasattr(value, "tolist") and not isinstance(value, (int, float)):
        return value.tolist()
    return value


def _as_dict(result) -> dict:
    return {field.name: _plain(getattr(result, field.name)) for field in dataclasses.fields(result)}


@dataclass(frozen=True)
class RegretRow:
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
class RegretExperiment:
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
        return _as_dict(self)


@dataclass(frozen=True, eq=False)
class QuickSortCalls:
    """Calls of h against n: QuickSort, its top-k and Degree, on the transitive h of random scores.

    For each size in ``sizes``: the mean number of calls over ``seeds`` runs of QuickSort
    (``quicksort``, standard error ``quicksort_se``) and of its top-``top`` variant
    (``top_k``, ``top_k_se``; NaN where the size is below ``top``), each beside its exact
    expectation (``expected_quicksort``, ``expected_top_k``); and Degree's calls, counted
    through h (``degree``, NaN above ``degree_counted_up_to``) beside n(n − 1)/2
    (``expected_degree``). Scores are standard normal (no ties), seeded by ``seed``.
    """

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
        data = _as_dict(self)
        for key, value in data.items():  # NaN (not measured) as None, for strict JSON
            if isinstance(value, list):
                data[key] = [None if isinstance(x, float) and x != x else x for x in value]
        return data
