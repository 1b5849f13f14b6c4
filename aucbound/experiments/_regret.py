r"""Regret of ranking through a pairwise classifier that errs (Balcan et al. 2007, Thm 1; Ailon & Mohri 2008, Thm 2).

**Setting.** Each trial draws a set V of n items with bipartite labels and a preference
function h on V, a tournament (h(u, v) = 1 when h puts u above v). The labels are fixed
given V, so the best ranking has AUC loss 0 and every regret is the loss itself (Ailon &
Mohri 2008, §2.6: with a deterministic truth, e = τ*; Balcan et al. 2007, Thm 1 fixes U
the same way in its proof):

- the **classification regret** r of h is the fraction of (positive, negative) pairs that
  h orders wrongly, h(negative, positive) = 1 — Balcan et al.'s regret of c on the mixed
  pairs of Auc-Train, and Ailon & Mohri's L(h, σ) (Eq. 3) with the bipartite weights of
  Eq. 2 (:func:`aucbound.reductions.preference_loss`);
- the **AUC regret** of a ranking is 1 − AUC: the fraction of (positive, negative) pairs it
  ranks negative-first (:func:`aucbound.reductions.auc_loss`).

Balcan et al. (2007), Thm 1 (through Thm 2) bounds Degree's AUC regret by 2r whatever the
tie-breaking, with ties broken against the labels the worst case; Thm 4 bounds a minimum
feedback arc set ordering's by 2r too. Ailon & Mohri (2008), Thm 2 bounds QuickSort's
expected AUC regret, over its random pivots, by r.

**Models of h.** ``flip`` and ``close`` start from true scores s_u, i.i.d. standard
normal, and make the ``positives`` items of highest score positive (by default the top
half, ⌊n/2⌋ items). h compares the scores, and each unordered pair's comparison is then
flipped independently:

- ``flip``: with probability ``noise`` — the classifier's mistakes are spread evenly, and
  h is far from transitive (flips inside a class cost h nothing but can move items);
- ``close``: with probability noise·exp(−|s_u − s_v|/scale) (``scale`` = 0.25 by default,
  a quarter of the scores' standard deviation) — mistakes on pairs that are hard to tell
  apart, as a learned classifier makes them.

The adversarial instances of the papers, where ``noise`` plays no part:

- ``regular``: Balcan et al. (2007), §5, Example 1 — the regular tournament on odd n
  (:func:`aucbound.reductions.regular_tournament`) with ``positives`` winners drawn at
  random ((n − 1)/2 by default, as in the paper). Every vertex has (n − 1)/2 wins, so
  Degree with ties against the labels puts every negative first: AUC regret 1; and
  r = 1/2 for any choice of winners (f = Σ_ℓ deg(ℓ) − C(|L|, 2) = |W|·|L|/2): g = 2f.
- ``cycle``: Ailon & Mohri (2008), Thm 7 — the 3-cycle 0 → 1 → 2 → 0 with the labels its
  adversary picks against Degree with ties by index (a deterministic algorithm): the last
  item it ranks is the one positive (:func:`aucbound.reductions.three_cycle_adversary`).
  r = 1/2; Degree with ties against the labels pays 1 = 2r, QuickSort 1/2 = r in
  expectation.

**What each trial measures.** r; the AUC regret of Degree with ties at random and with
ties against the labels (:func:`aucbound.reductions.degree_ranking`); of QuickSort — its
exact expectation over the pivots (:func:`aucbound.reductions.expected_quicksort_loss`)
when n ≤ 12, else the mean over ``quicksort_seeds`` seeded runs
(:func:`aucbound.reductions.quicksort_runs`) with the standard error of that mean; and,
when n ≤ 20, of one exact minimum feedback arc set ordering
(:func:`aucbound.reductions.minimum_feedback_arc_set`) on the first ``feedback_trials``
trials (it costs about n·2^n steps a trial: all trials up to n = 12, fewer above). Calls of
h: QuickSort's mean over its runs beside 2(n+1)H_n − 4n, its exact expectation for a
transitive h (:func:`aucbound.reductions.expected_comparisons_float`), and Degree's
n(n − 1)/2.

**Randomness.** Trial t draws everything (scores, flips, winners, Degree's tie-breaking
seed and QuickSort's seeds) from ``SeedSequence(seed, spawn_key=(t,))``, so a trial does
not depend on how many trials there are, and a seed gives the same result everywhere.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from .. import _validate as v
from ..reductions import (
    Preference,
    auc_loss,
    bipartite_ground_truth,
    degree_ranking,
    expected_comparisons_float,
    expected_quicksort_loss,
    minimum_feedback_arc_set,
    misordered,
    quicksort_runs,
    regular_tournament,
    three_cycle_adversary,
)
from ._results import RegretExperiment, RegretRow

__all__ = ["regret_experiment", "MODELS", "DEFAULT_N", "MAX_ITEMS", "MAX_TRIALS", "MAX_WORK", "EXACT_ITEMS",
           "FEEDBACK_ITEMS"]

#: The models of h, with what they do.
MODELS = {
    "flip": "each pair's true comparison flipped with probability noise",
    "close": "each pair flipped with probability noise·exp(−|s_u − s_v|/scale)",
    "regular": "Balcan et al. (2007), Example 1: the regular tournament, random winners",
    "cycle": "Ailon & Mohri (2008), Thm 7: the 3-cycle, labelled against Degree",
}
#: n when none is given: the regular tournament needs n odd, the 3-cycle has 3 items.
DEFAULT_N = {"flip": 200, "close": 200, "regular": 201, "cycle": 3}
#: The default spread of ``close``'s flip probability, in units of the scores' standard deviation.
SCALE = 0.25
#: The default number of QuickSort runs per trial when n > EXACT_ITEMS.
QUICKSORT_SEEDS = 20
#: The most items (h is held as an n×n matrix in each trial).
MAX_ITEMS = 2000
#: The most trials.
MAX_TRIALS = 10**6
#: The most work one experiment may do, in units of about 0.1 µs (:func:`_work`): two minutes or so on one core
#: (1000 trials at n = 12, where the exact expectation costs about 0.1 s a trial, fit).
MAX_WORK = 15 * 10**8
#: QuickSort's loss is its exact expectation up to this n (the dynamic program costs about n·3^(n−1)).
EXACT_ITEMS = 12
#: The minimum feedback arc set ordering is computed up to this n (about n·2^n steps).
FEEDBACK_ITEMS = 20
#: By default the feedback arc set is computed on the first max(10, ⌊FEEDBACK_BUDGET/(n·2^n)⌋) trials.
FEEDBACK_BUDGET = 2**27
FEEDBACK_MIN_TRIALS = 10
#: What a trial costs whatever its size, in units of :data:`MAX_WORK`.
_TRIAL_UNITS = 15_000

_DEGREE_BOUND = "2r (Balcan et al. 2007, Thm 1)"
_FEEDBACK_BOUND = "2r (Balcan et al. 2007, Thm 4)"
_QUICKSORT_BOUND = "r (Ailon & Mohri 2008, Thm 2)"


def _positives(model: str, n: int, positives) -> int:
    if positives is None:
        return {"regular": (n - 1) // 2, "cycle": 1}.get(model, n // 2)
    positives = v.count("positives", positives, minimum=1, maximum=n - 1)
    if model == "cycle" and positives != 1:
        raise v.fail("positives", "1 for model 'cycle' (the adversary labels one item positive)", positives)
    return positives


def _items(model: str, n) -> int:
    if n is None:
        return DEFAULT_N[model]
    n = v.count("n", n, minimum=2, maximum=MAX_ITEMS)
    if model == "regular" and (n < 3 or n % 2 == 0):
        raise v.fail("n", "an odd integer ≥ 3 for model 'regular' (a regular tournament)", n)
    if model == "cycle" and n != 3:
        raise v.fail("n", "3 for model 'cycle' (the 3-cycle of Ailon & Mohri 2008, Thm 7)", n)
    return n


def _feedback_default(n: int, trials: int) -> int:
    if n > FEEDBACK_ITEMS:
        return 0
    return min(trials, max(FEEDBACK_MIN_TRIALS, FEEDBACK_BUDGET // (n * 2**n)))


def _work(n: int, trials: int, seeds: int, feedback_trials: int) -> int:
    """The experiment's cost in units of about 0.1 µs: what :data:`MAX_WORK` limits.

    A trial costs about 1.5 ms whatever its size (building h, the calls into the library),
    n² units for h's matrix, a unit per item and level of QuickSort's runs, and for n ≤ 12
    about n·3^(n−1)/2 units for the exact expectation; a feedback arc set n·2^n/6.
    """
    per_trial = _TRIAL_UNITS + n * n + seeds * n * max(1, n.bit_length()) // 4
    if n <= EXACT_ITEMS:
        per_trial += n * 3 ** (n - 1) // 2
    return trials * per_trial + feedback_trials * n * 2**n // 6


@functools.lru_cache(maxsize=4)
def _upper(n: int) -> tuple[np.ndarray, np.ndarray]:
    first, second = np.triu_indices(n, 1)
    first.setflags(write=False)
    second.setflags(write=False)
    return first, second


def _tournament(n: int, beats: np.ndarray) -> np.ndarray:
    """The n×n 0/1 matrix with h[u, v] = beats[k] and h[v, u] = 1 − beats[k] for the k-th pair u < v."""
    first, second = _upper(n)
    h = np.zeros((n, n))
    h[first, second] = beats
    h[second, first] = 1.0 - beats
    return h


def _scored_instance(model: str, n: int, positives: int, noise: float, scale: float, rng):
    """(h, labels) of ``flip`` or ``close``: normal scores, the top `positives` positive, flipped comparisons."""
    scores = rng.standard_normal(n)
    labels = np.zeros(n, dtype=np.int64)
    labels[np.argsort(-scores, kind="stable")[:positives]] = 1
    first, second = _upper(n)
    truth = scores[first] > scores[second]
    if model == "flip":
        chance = noise
    else:
        chance = noise * np.exp(-np.abs(scores[first] - scores[second]) / scale)
    flipped = rng.random(first.shape[0]) < chance
    return _tournament(n, (truth ^ flipped).astype(np.float64)), labels


def _cycle_instance():
    """The 3-cycle and the labels Thm 7's adversary picks against Degree with ties by index."""
    seen = {}

    def degree_by_index(h):
        seen["h"] = np.asarray(h, dtype=np.float64)
        return degree_ranking(Preference.from_matrix(h), ties="index").order

    labelling = three_cycle_adversary(degree_by_index)
    return seen["h"], np.array(labelling.labels, dtype=np.int64)


def _losses(orders: np.ndarray, labels: np.ndarray) -> np.ndarray:
    """1 − AUC of each row of `orders` (items from the top) for the 0/1 `labels`."""
    m = int(labels.sum())
    return misordered(labels[orders].astype(bool)) / (m * (labels.shape[0] - m))


def _mean_se(values: np.ndarray) -> tuple[float, float | None]:
    mean = float(values.mean())
    if values.shape[0] < 2:
        return mean, None
    return mean, float(values.std(ddof=1) / math.sqrt(values.shape[0]))


def _bounded(key: str, quantity: str, values: np.ndarray, bound: np.ndarray, name: str) -> RegretRow:
    """The row of a regret beside its bound, trial by trial."""
    mean, se = _mean_se(values)
    reference = float(bound.mean())
    positive = bound > 0
    worst = float((values[positive] / bound[positive]).max()) if positive.any() else None
    return RegretRow(key, quantity, mean, se, int(values.shape[0]), reference, name,
                     mean / reference if reference > 0 else None, worst)


def _rows(n, seeds, exact, r, degree_random, degree_worst, quicksort, feedback, calls, expected_calls, degree_calls):
    rows = [
        RegretRow("classification", "classification regret r of h", *_mean_se(r), int(r.shape[0])),
        _bounded("degree_random", "Degree, ties at random", degree_random, 2 * r, _DEGREE_BOUND),
        _bounded("degree_worst", "Degree, ties against the labels", degree_worst, 2 * r, _DEGREE_BOUND),
        _bounded("quicksort", "QuickSort, exact expectation" if exact else f"QuickSort, mean of {seeds} runs",
                 quicksort, r, _QUICKSORT_BOUND),
    ]
    if feedback is not None:
        rows.append(_bounded("feedback", "minimum feedback arc set ordering", feedback, 2 * r[: feedback.shape[0]],
                             _FEEDBACK_BOUND))
    mean, se = _mean_se(calls)
    rows.append(RegretRow("quicksort_calls", "calls of h: QuickSort", mean, se, int(calls.shape[0]), expected_calls,
                          "2(n+1)H_n − 4n (transitive h)", mean / expected_calls))
    pairs = n * (n - 1) // 2
    rows.append(RegretRow("degree_calls", "calls of h: Degree", float(degree_calls), None, int(r.shape[0]),
                          float(pairs), "n(n − 1)/2", degree_calls / pairs))
    return tuple(rows)


def regret_experiment(n=None, *, noise=0.1, model="flip", positives=None, trials=1000, seed=0, scale=SCALE,
                      quicksort_seeds=QUICKSORT_SEEDS, feedback_trials=None, progress=None) -> RegretExperiment:
    """AUC regrets of Degree, QuickSort and a minimum feedback arc set beside the classification regret r of h.

    Parameters
    ----------
    n : int, optional
        Items per trial, 2 to 2000: 200 by default (201 for ``regular``, which needs n
        odd; ``cycle`` has exactly 3).
    noise : float
        ``flip`` and ``close``: the probability in [0, 1] of flipping a pair (for
        ``close``, at |s_u − s_v| = 0). Not read by ``regular`` and ``cycle``.
    model : str
        'flip', 'close', 'regular' or 'cycle' (:data:`MODELS`; module docstring).
    positives : int, optional
        How many items are positive: ⌊n/2⌋ by default ((n − 1)/2 for ``regular``, 1 for
        ``cycle``, which takes no other).
    trials : int
        Independent trials (1 to 10^6; the total work is limited by :data:`MAX_WORK`).
    seed : int or None
        Trial t draws from ``SeedSequence(seed, spawn_key=(t,))``; None draws a fresh seed,
        which the result records.
    scale : float
        ``close`` only: the flip probability is noise·exp(−|s_u − s_v|/scale).
    quicksort_seeds : int
        QuickSort runs per trial (2 to 1000): their mean loss when n > 12, and their mean
        number of calls at every n.
    feedback_trials : int, optional
        On how many of the first trials to compute the minimum feedback arc set ordering
        (n ≤ 20; it costs about n·2^n steps a trial): by default all trials up to n = 12
        and max(10, ⌊2^27/(n·2^n)⌋) above, about two seconds of work.
    progress : callable, optional
        Called as ``progress(done, total)`` after each trial.

    Returns
    -------
    RegretExperiment
        The per-trial values and their summary rows, each regret beside its bound
        (2r for Degree and the feedback arc set, r for QuickSort).

    Examples
    --------
    >>> result = regret_experiment(9, noise=0.2, trials=100, seed=1)
    >>> [(row.key, round(row.mean, 4)) for row in result.rows[:5]]
    [('classification', 0.1945), ('degree_random', 0.093), ('degree_worst', 0.137), ('quicksort', 0.1945), ('feedback', 0.1005)]
    >>> [round(row.worst, 4) for row in result.rows[1:5]]  # the largest regret / bound of one trial: at most 1
    [0.5625, 0.6875, 1.0, 0.8333]
    >>> cycle = regret_experiment(model="cycle", trials=10)
    >>> cycle.row("degree_worst").mean, cycle.row("quicksort").mean, cycle.row("classification").mean
    (1.0, 0.5, 0.5)
    """
    model = v.choice("model", model, MODELS)
    n = _items(model, n)
    noise = v.unit_interval("noise", noise, scalar=True)
    scale = v.positive("scale", scale, scalar=True)
    positives = _positives(model, n, positives)
    trials = v.count("trials", trials, minimum=1, maximum=MAX_TRIALS)
    seeds = v.count("quicksort_seeds", quicksort_seeds, minimum=2, maximum=1000)
    seed = v.seed("seed", seed)
    if seed is None:
        seed = int(np.random.SeedSequence().entropy)
    if feedback_trials is None:
        feedback_trials = _feedback_default(n, trials)
    else:
        feedback_trials = v.count("feedback_trials", feedback_trials, minimum=0, maximum=trials)
        if feedback_trials and n > FEEDBACK_ITEMS:
            raise v.fail("feedback_trials", f"0 when n > {FEEDBACK_ITEMS} (the exact minimum feedback arc set "
                                            f"takes n ≤ {FEEDBACK_ITEMS})", feedback_trials)
    if _work(n, trials, seeds, feedback_trials) > MAX_WORK:
        low, high = 0, trials  # the most trials that fit, with as many feedback trials as `trials` would give them
        while low < high:
            middle = (low + high + 1) // 2
            if _work(n, middle, seeds, min(middle, feedback_trials)) <= MAX_WORK:
                low = middle
            else:
                high = middle - 1
        most = max(1, low)
        raise v.fail("trials", f"at most {most:,} for n = {n} (a limit of about two minutes of work)", trials)
    report = v.progress("progress", progress)

    exact = n <= EXACT_ITEMS
    cycle = _cycle_instance() if model == "cycle" else None
    regular = regular_tournament(n).astype(np.float64) if model == "regular" else None
    values = {key: np.zeros(trials) for key in ("r", "random", "worst", "quicksort", "calls")}
    quicksort_se = None if exact else np.zeros(trials)
    feedback = np.zeros(feedback_trials) if feedback_trials else None
    degree_calls = 0
    for t in range(trials):
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(t,)))
        if model in ("flip", "close"):
            h, labels = _scored_instance(model, n, positives, noise, scale, rng)
        elif model == "regular":
            h, labels = regular, np.zeros(n, dtype=np.int64)
            labels[rng.permutation(n)[:positives]] = 1
        else:
            h, labels = cycle
        tie_seed, run_seeds = int(rng.integers(2**63)), [int(s) for s in rng.integers(0, 2**63, seeds)]
        preference = Preference.from_matrix(h)
        positive = labels == 1
        values["r"][t] = h[np.ix_(~positive, positive)].mean()  # h(negative, positive) = 1: a mistake
        values["random"][t] = auc_loss(degree_ranking(preference, ties="random", seed=tie_seed).order, labels)
        worst = degree_ranking(preference, ties="worst", labels=labels)
        values["worst"][t] = auc_loss(worst.order, labels)
        degree_calls = worst.calls
        runs = quicksort_runs(preference, run_seeds)
        values["calls"][t] = runs.mean_calls
        if exact:
            sigma, omega = bipartite_ground_truth(labels)
            values["quicksort"][t] = expected_quicksort_loss(h, sigma, weights=omega)
        else:
            losses = _losses(runs.orders, labels)
            values["quicksort"][t] = losses.mean()
            quicksort_se[t] = losses.std(ddof=1) / math.sqrt(seeds)
        if t < feedback_trials:
            order, _ = minimum_feedback_arc_set(h)
            feedback[t] = auc_loss(order, labels)
        report(t + 1, trials)
    for array in (*values.values(), quicksort_se, feedback):
        if array is not None:
            array.setflags(write=False)
    expected_calls = expected_comparisons_float(n)
    rows = _rows(n, seeds, exact, values["r"], values["random"], values["worst"], values["quicksort"], feedback,
                 values["calls"], expected_calls, degree_calls)
    return RegretExperiment(
        n=n, positives=positives, model=model, noise=noise if model in ("flip", "close") else None,
        scale=scale if model == "close" else None, trials=trials, seed=seed, quicksort_seeds=seeds,
        quicksort_exact=exact, feedback_trials=feedback_trials, classification=values["r"],
        degree_random=values["random"], degree_worst=values["worst"], quicksort=values["quicksort"],
        quicksort_se=quicksort_se, feedback=feedback, quicksort_calls=values["calls"],
        expected_quicksort_calls=expected_calls, degree_calls=degree_calls, rows=rows,
    )
