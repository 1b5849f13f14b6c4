"""Every confidence interval for the AUC of one scorer, from its scores and labels, in one table.

The closed-form methods of :mod:`aucbound.bounds.interval` (Agarwal et al. 2005, §3, and
Hoeffding 1963, §5) are evaluated at the observed m, n and Â, and Lehmann's variance at the
U-statistic estimates p̂1, p̂2 of :mod:`.delong`. Beside them: Newcombe's score method 5,
DeLong's Wald interval on the AUC and on the logit scale, and the stratified bootstrap
(percentile and BCa). Every row says whether its guarantee is distribution-free (coverage
≥ 1 − δ at every m and n), plug-in, or asymptotic, and every interval is clipped to [0, 1].

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

import math

from .. import _validate as v
from ..bounds._normal import upper_quantile
from ..bounds.interval import METHODS, Method, interval
from ..results import AUCIntervals
from ._rows import ends_row
from .auc import _groups
from .bootstrap import BOOTSTRAP_METHODS, _bootstrap_rows
from .delong import _counts, _lehmann_estimates, _variances
from .newcombe import _newcombe_ends

__all__ = ["EMPIRICAL_METHODS", "DEFAULT_METHODS", "intervals"]

_OWN = (
    Method("newcombe", "Newcombe's score method 5", "Newcombe 2006, method 5", "asymptotic", False, (), None),
    Method("delong", "DeLong, Wald", "DeLong et al. 1988", "asymptotic", False, (), None),
    Method("delong-logit", "DeLong on the logit scale", "DeLong et al. 1988; logit scale", "asymptotic", False, (), None),
)

#: Every method :func:`intervals` can show, in table order.
EMPIRICAL_METHODS: dict[str, Method] = {
    **{key: METHODS[key] for key in ("mcdiarmid", "hoeffding", "hoeffding-kl", "chebyshev-max", "normal-max")},
    **{key: METHODS[key] for key in ("chebyshev-lehmann", "normal-lehmann", "hanley-mcneil")},
    **{spec.key: spec for spec in _OWN},
    **BOOTSTRAP_METHODS,
    **{key: METHODS[key] for key in ("chebyshev-min", "normal-min")},
}

#: The rows shown when no methods are named (the bootstrap rows too when resamples are asked for).
DEFAULT_METHODS = tuple(key for key in EMPIRICAL_METHODS if key not in BOOTSTRAP_METHODS and not key.endswith("-min"))


def _delong_ends(key: str, auc: float, variance: float | None, z: float) -> tuple[float, float]:
    """Â ± z·SE (``delong``), or the same on the logit scale mapped back (``delong-logit``)."""
    if variance is None:
        return 0.0, 1.0
    se = math.sqrt(variance)
    if key == "delong":
        return auc - z * se, auc + z * se
    if se == 0:  # Â ∈ {0, 1} or all tied: no spread on any scale
        return auc, auc
    centre, half = math.log(auc / (1 - auc)), z * se / (auc * (1 - auc))
    return _expit(centre - half), _expit(centre + half)


def _expit(x: float) -> float:
    """1/(1 + e^(−x)), without overflow for large |x|."""
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    return math.exp(x) / (1 + math.exp(x))


def _chosen(methods, resamples) -> tuple[list[str], int | None]:
    if methods is None:
        keys = list(DEFAULT_METHODS)
        if resamples is not None:
            keys += list(BOOTSTRAP_METHODS)
    else:
        keys = [v.choice("methods", key, EMPIRICAL_METHODS) for key in methods]
    if any(key in BOOTSTRAP_METHODS for key in keys):
        resamples = 2000 if resamples is None else v.count("resamples", resamples)
    else:
        resamples = None
    return keys, resamples


def intervals(scores, labels, delta, *, methods=None, pos_label=None, resamples=None, seed=0) -> AUCIntervals:
    """Every confidence interval for the AUC of `scores` against `labels`, at confidence 1 − δ.

    Parameters
    ----------
    scores, labels
        As for :func:`aucbound.auc`; `pos_label` names the positive class when labels are
        not booleans, 0/1 or −1/1.
    delta : float
        Failure probability in (0, 1).
    methods : sequence of str, optional
        Keys of :data:`EMPIRICAL_METHODS`, in the order wanted. Without it,
        :data:`DEFAULT_METHODS`, and the two bootstrap rows when `resamples` is given.
    resamples : int, optional
        Stratified bootstrap resamples (2000 when a bootstrap method is named without it).
    seed : int or None
        Seed of the bootstrap (None: fresh entropy, not reproducible).

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
    >>> scores = [0.1, 0.4, 0.35, 0.8, 0.7, 0.2, 0.9, 0.6, 0.3, 0.55]
    >>> labels = [0, 0, 1, 1, 1, 0, 1, 0, 0, 1]
    >>> table = intervals(scores, labels, 0.05)
    >>> table.auc, table.m, table.n
    (0.88, 5, 5)
    >>> [(row.method, round(row.lo, 4), round(row.hi, 4)) for row in table.rows[:3]]
    [('mcdiarmid', 0.0211, 1.0), ('hoeffding', 0.2726, 1.0), ('hoeffding-kl', 0.2991, 0.9999)]
    >>> round(table["delong"].lo, 4), round(table["delong"].hi, 4), table["delong"].guarantee
    (0.6583, 1.0, 'asymptotic')
    """
    delta = float(v.probability("delta", delta))
    seed = v.seed("seed", seed)
    keys, resamples = _chosen(methods, resamples)
    pos, neg = _groups(scores, labels, pos_label)
    m, n = pos.shape[0], neg.shape[0]
    counts = _counts(pos, neg, in_order=False)
    auc = counts.auc
    s10, s01 = _variances(counts)
    variance = None if s10 is None or s01 is None else s10 / m + s01 / n
    p1, p2 = (min(max(auc * auc if p is None else p, auc * auc), auc) for p in _lehmann_estimates(counts))
    z = upper_quantile(math.log(delta / 2))
    rows = {}
    for key in keys:
        if key in METHODS:
            rows[key] = interval(m, n, delta, method=key, auc=auc, p1=p1, p2=p2)
        elif key == "newcombe":
            lo, hi = _newcombe_ends(auc, m, n, math.log(delta))
            rows[key] = ends_row(key, EMPIRICAL_METHODS[key].source, "asymptotic", m, n, delta, auc, lo, hi)
        elif key in ("delong", "delong-logit"):
            lo, hi = _delong_ends(key, auc, variance, z)
            rows[key] = ends_row(key, EMPIRICAL_METHODS[key].source, "asymptotic", m, n, delta, auc, lo, hi)
    wanted = [key for key in keys if key in BOOTSTRAP_METHODS]
    if wanted:
        for row in _bootstrap_rows(pos, neg, delta, wanted, resamples, seed):
            rows[row.method] = row
    return AUCIntervals(
        auc=auc,
        m=m,
        n=n,
        delta=delta,
        delong_variance=variance,
        p1=p1,
        p2=p2,
        rows=tuple(rows[key] for key in keys),
        resamples=resamples,
        seed=seed if resamples is not None else None,
    )
