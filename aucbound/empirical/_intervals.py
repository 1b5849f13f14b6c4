"""Every confidence interval for the AUC of one scorer, from its labels and scores, in one table.

Each method of :data:`aucbound.bounds.METHODS` is evaluated on the data: the closed forms
(Agarwal et al. 2005, §3; Hoeffding 1963, §5; Hanley–McNeil; Newcombe's method 5; DeLong's
Wald interval on the AUC and on the logit scale) at the observed m, n, Â, the U-statistic
estimates p̂1, p̂2 of Lehmann's p1, p2 and DeLong's variance; the stratified bootstrap
(percentile and BCa) from resamples of the scores. Every row says whether its guarantee is
distribution-free (coverage ≥ 1 − δ at every m and n), plug-in, or asymptotic, and every
interval is clipped to [0, 1].

Degenerate data, row by row:

- Â ∈ {0, 1}: every structural component equals Â, so DeLong's variance is 0 and both
  DeLong rows are the single point Â, as are Hanley–McNeil and the bootstrap rows (every
  resample separates the classes as well). The distribution-free rows and Newcombe's
  stay informative: use them there.
- All scores tied: Â = ½ and DeLong's variance is again 0 (the same point interval).
- A class with one item: DeLong's S10 (or S01) has no spread to estimate and is undefined;
  both DeLong rows are then all of [0, 1], labelled "vacuous". p̂1 needs two positives
  (p̂2 two negatives), but Lehmann's variance multiplies it by m − 1 = 0 then, so it is
  set to Â² and the plug-in rows stay defined.
- p̂1 and p̂2 are unbiased, so they may fall outside Lehmann's range [Â², Â]; the plug-in
  rows clip them into it.
"""

from __future__ import annotations

from .. import _validate as v
from ..bounds import METHODS, Estimates, evaluate_row
from ..bounds import method_keys
from ._results import AUCIntervals
from ._auc import groups
from ._columns import columns, warn_below_chance
from ._resampling import MAX_RESAMPLES
from ._sample import Sample
from ._bootstrap import resampling_sample
from ._delong import _weighted_statistics, clip_to_lehmann_range
from ._weights import kind_without_weights

__all__ = ["chosen_methods", "default_methods", "DEFAULT_RESAMPLES", "intervals", "closed_form_methods",
           "statistics_rows"]


def default_methods() -> tuple[str, ...]:
    """The rows shown when no methods are named (and the bootstrap's when resamples are asked
    for): every registered method but the best-case widths, which are not confidence intervals."""
    return tuple(key for key, spec in METHODS.items() if not spec.needs_scores and spec.guarantee != "best-case")

def closed_form_methods(methods) -> list[str]:
    """The methods asked for (or the default table), each computed from m, n, Â, p̂1, p̂2 and DeLong's
    variance alone: the bootstrap rows, which resample the scores, are refused."""
    closed = tuple(key for key, spec in METHODS.items() if not spec.needs_scores)
    return method_keys(methods, default_methods(), allowed=closed,
                       why=" (the bootstrap resamples the scores, which a table beyond memory does not hold)")


def statistics_rows(stats, keys, delta: float) -> tuple:
    """One row per method of `keys` from level statistics (m, n, Â, p̂1, p̂2 and DeLong's variance):
    the rows :func:`intervals` gives on the same data."""
    p1, p2 = (float(clip_to_lehmann_range(p, stats.auc)) for p in (stats.p1, stats.p2))
    variance = stats.variance
    estimates = Estimates(stats.auc, p1, p2, float("nan") if variance is None else variance)
    return tuple(evaluate_row(METHODS[key], stats.m, stats.n, delta, 0.0, estimates) for key in keys)


#: Bootstrap resamples when a bootstrap method is named without a number.
DEFAULT_RESAMPLES = 2000


def chosen_methods(methods, resamples) -> tuple[list[str], int | None]:
    """(keys, resamples): the methods asked for (or the default table), and the bootstrap's
    resamples when one of them resamples."""
    if resamples is not None:
        resamples = v.count("resamples", resamples, maximum=MAX_RESAMPLES)
    keys = method_keys(methods, default_methods())
    if methods is None and resamples is not None:
        keys += [key for key, spec in METHODS.items() if spec.needs_scores]
    if not any(METHODS[key].needs_scores for key in keys):
        return keys, None
    return keys, DEFAULT_RESAMPLES if resamples is None else resamples


#: The rows that hold with sampling weights: those that read DeLong's (here the sandwich) variance, and the
#: bootstrap's (each resample's weighted AUC).
SAMPLING_METHODS = ("delong", "delong-logit")
#: Why the other rows are left out with sampling weights.
SAMPLING_LEFT_OUT = ("the rows that read only Â, m and n (or Lehmann's p̂1, p̂2) assume m and n equally weighted "
                     "independent draws, which sampling weights do not give")


def _weighted_intervals(labels, scores, weights, pos_label, weight_kind, methods, resamples, delta,
                        settings) -> AUCIntervals:
    """:func:`intervals` with case weights: every closed-form row at m = W₊, n = W₋ (the repeated
    rows) for frequency weights; the DeLong rows with the sandwich variance for sampling weights;
    the bootstrap rows of either kind (:func:`~._bootstrap.resampling_sample`) when asked for."""
    _, stats = _weighted_statistics(labels, scores, weights, pos_label, weight_kind)
    resampling = tuple(key for key, spec in METHODS.items() if spec.needs_scores)
    left_out = None
    if stats.kind == "frequency":
        closed = default_methods()
        allowed = closed + ("chebyshev-min", "normal-min") + resampling
        p1, p2 = (float(clip_to_lehmann_range(p, stats.auc)) for p in (stats.p1, stats.p2))
    else:
        closed = SAMPLING_METHODS
        allowed = SAMPLING_METHODS + resampling
        p1 = p2 = None
    keys = method_keys(methods, closed, allowed=allowed,
                       why="" if stats.kind == "frequency" else f" with sampling weights: {SAMPLING_LEFT_OUT}")
    if methods is None and resamples is not None:
        keys += list(resampling)
    if stats.kind == "sampling":
        left_out = f"{', '.join(key for key in default_methods() if key not in SAMPLING_METHODS)}: {SAMPLING_LEFT_OUT}"
    if any(key in resampling for key in keys):
        resamples = DEFAULT_RESAMPLES if resamples is None else resamples
        sample = resampling_sample(labels, scores, weights, pos_label, weight_kind, resamples=resamples, **settings)
    else:
        resamples = None
    estimates = Estimates(stats.auc, p1, p2, stats.variance)
    rows = tuple(sample.row(METHODS[key], delta) if key in resampling
                 else evaluate_row(METHODS[key], stats.m, stats.n, delta, 0.0, estimates) for key in keys)
    return AUCIntervals(auc=stats.auc, m=stats.m, n=stats.n, delta=delta, delong_variance=stats.variance, p1=p1, p2=p2,
                        rows=rows, weights=stats.kind, left_out=left_out, resamples=resamples,
                        seed=settings["seed"] if resamples is not None else None)


def intervals(labels, scores, *, delta=None, confidence=None, methods=None, pos_label=None, resamples=None, seed=0,
              progress=None, data=None, nan_policy="raise", workers=-1, method=None, sample_weight=None,
              weight_kind=None) -> AUCIntervals:
    """Every confidence interval for the AUC of `scores` against `labels`, at confidence 1 − δ.

    Parameters
    ----------
    labels, scores
        As for :func:`aucbound.auc`; `pos_label` names the positive class when labels are
        not booleans, 0/1 or −1/1.
    delta : float
        Failure probability in (0, 1); 0.05 unless this or `confidence` is given. A δ above ½
        draws a :class:`~aucbound.LevelWarning`.
    confidence : float, optional
        Instead of `delta`: the confidence 1 − δ, e.g. 0.95.
    methods : sequence of str, optional
        Keys of :data:`aucbound.METHODS`, in the order wanted. Without it,
        :func:`default_methods`, and the bootstrap rows when `resamples` is given.
    resamples : int, optional
        Stratified bootstrap resamples (2000 when a bootstrap method is named without it).
    seed : int or None
        Seed of the bootstrap (None: fresh entropy, not reproducible).
    progress : callable, optional
        Called as ``progress(done, total)`` while the bootstrap draws its resamples.
    workers : int
        Threads of the bootstrap: −1 (the default) for one per core this process may use,
        or a number ≥ 1. The resamples are the same with any number.
    data, nan_policy
        Column names in a DataFrame, and what to do with missing values: as for
        :func:`aucbound.auc`. An AUC below ½ draws a :class:`~aucbound.BelowChanceWarning`.
    sample_weight, weight_kind
        Case weights and what they mean (as for :func:`aucbound.delong`). ``"frequency"``:
        every closed-form row of the rows repeated w times (m = W₊, n = W₋). ``"sampling"``:
        the DeLong rows with the sandwich variance only; ``left_out`` says why the others are
        left out. The bootstrap rows with either kind, when asked for (as for
        :func:`aucbound.empirical.bootstrap_aucs`).

    Methods
    -------
    ``mcdiarmid``, ``hoeffding``, ``hoeffding-kl``, ``chebyshev-max``
        Distribution-free: coverage ≥ 1 − δ for every distribution and every m, n
        (see :func:`aucbound.interval`).
    ``normal-max``
        The normal approximation with the worst-case variance. Asymptotic.
    ``chebyshev-lehmann``, ``normal-lehmann``
        Lehmann's variance (Eq. 7) at Â, p̂1, p̂2: "plug-in" (Chebyshev) and asymptotic.
    ``hanley-mcneil``
        Â ± z·σ with Hanley & McNeil's variance (1982). Asymptotic.
    ``newcombe``
        Newcombe's score-type method 5 (2006). Asymptotic; stays inside [0, 1].
    ``delong``, ``delong-logit``
        Â ± z·√Var_DeLong, and the same on the logit scale, mapped back. Asymptotic.
    ``bootstrap-percentile``, ``bootstrap-bca``
        The stratified bootstrap, percentile and BCa. Asymptotic.
    ``chebyshev-min``, ``normal-min``
        The best-case widths (Eq. 15), only when named: not confidence intervals.

    Returns
    -------
    AUCIntervals
        Â, m, n, DeLong's variance, p̂1, p̂2 and one :class:`Interval` row per method.

    Examples
    --------
    >>> labels = [0, 0, 1, 1, 1, 0, 1, 0, 0, 1]
    >>> scores = [0.1, 0.4, 0.35, 0.8, 0.7, 0.2, 0.9, 0.6, 0.3, 0.55]
    >>> table = intervals(labels, scores)
    >>> table.auc, table.m, table.n
    (0.88, 5, 5)
    >>> [(row.method, round(row.lo, 4), round(row.hi, 4)) for row in table.rows[:3]]
    [('mcdiarmid', 0.0211, 1.0), ('hoeffding', 0.2726, 1.0), ('hoeffding-kl', 0.2991, 0.9999)]
    >>> round(table["delong"].lo, 4), round(table["delong"].hi, 4), table["delong"].guarantee
    (0.6583, 1.0, 'asymptotic')
    >>> weighted = intervals(labels, scores, sample_weight=[2, 1, 1, 3, 1, 1, 2, 1, 1, 1], weight_kind="sampling")
    >>> [row.method for row in weighted.rows], weighted.m, weighted.n
    (['delong', 'delong-logit'], 5, 5)
    """
    kind_without_weights(sample_weight, weight_kind)
    v.plural_only("methods", method)
    delta = v.failure_probability(delta, confidence)
    seed = v.seed("seed", seed)
    workers = v.workers("workers", workers)
    if sample_weight is None:
        keys, resamples = chosen_methods(methods, resamples)
    elif resamples is not None:
        resamples = v.count("resamples", resamples, maximum=MAX_RESAMPLES)
    v.progress("progress", progress)
    labels, scores, weights = columns(("labels", labels), ("scores", scores), ("sample_weight", sample_weight),
                                      data=data, nan_policy=nan_policy)
    if weights is not None:
        table = _weighted_intervals(labels, scores, weights, pos_label, weight_kind, methods, resamples, delta,
                                    dict(seed=seed, workers=workers, progress=progress))
        warn_below_chance(table.auc, pos_label)
        return table
    sample = Sample(*groups(labels, scores, pos_label), resamples=resamples, seed=seed, workers=workers,
                    progress=progress)
    warn_below_chance(sample.auc, pos_label)
    return AUCIntervals(
        auc=sample.auc,
        m=sample.m,
        n=sample.n,
        delta=delta,
        delong_variance=sample.variance,
        p1=sample.p1,
        p2=sample.p2,
        rows=tuple(sample.row(METHODS[key], delta) for key in keys),
        resamples=resamples,
        seed=seed if resamples is not None else None,
    )
