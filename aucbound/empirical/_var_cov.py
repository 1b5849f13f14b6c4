"""The variance of one AUC and the covariance of two, as pROC's ``var(roc)`` and ``cov(roc1, roc2)`` compute them.

Three methods, as pROC's:

- ``"delong"`` (DeLong, DeLong & Clarke-Pearson 1988): S10/m + S01/n for the variance, and
  for the covariance of two AUCs on the same cases Cov(V10ᵃ, V10ᵇ)/m + Cov(V01ᵃ, V01ᵇ)/n, the
  sample covariances of the paired structural components — computed exactly from their
  integer counts and rounded once.
- ``"obuchowski"`` (Obuchowski & McClish 1997, Stat. Med. 16, Eq. 4 and 5): the binormal
  variance and covariance per case, over m. As pROC does, each curve is fitted by least
  squares of Φ⁻¹(specificity) on Φ⁻¹(sensitivity) over the empirical ROC points with both in
  (0, 1) — intercept A, slope B, put into the formulas as the binormal (a, b) — with
  κ = n/m, and the covariance takes Pearson's correlations of the two scores among the
  positives (r_A) and among the negatives (r_N). For binormal scores that fit estimates
  (a/b, −1/b) rather than (a, b), which Eq. 4 agrees with only when b = 1; it is kept as
  pROC has it (see :mod:`._power`, which shares the fit).
- ``"bootstrap"``: the sample variance (or covariance, n − 1 in the denominator) of the AUCs
  of stratified bootstrap resamples — each draws m positives from the positives and n
  negatives from the negatives, pROC's default ``boot.stratified = TRUE``; for the covariance
  both columns are resampled with the same cases. The resamples come from aucbound's
  stream (:mod:`._resampling`), not R's, so the values agree with pROC's within Monte
  Carlo error only. pROC's unstratified bootstrap, whose resamples may lack a class, is
  not offered.

Two AUCs of independent samples have covariance 0 (pROC's ``cov`` returns 0 for unpaired
curves): ``paired=False`` says so.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ._auc import _placements, groups
from ._bootstrap import _settings, bootstrap_aucs
from ._columns import columns
from ._compare import Pair
from ._compare import paired as paired_columns
from ._delong import delong_variance
from ._curves import _covariance
from ._power import _binormal_fit, _binormal_moments, _correlation
from ._resampling import MAX_WORK, map_resamples
from ._unpaired import renamed

__all__ = ["auc_variance", "auc_covariance", "VARIANCE_METHODS"]

#: The methods of :func:`auc_variance` and :func:`auc_covariance` (pROC's).
VARIANCE_METHODS = ("delong", "bootstrap", "obuchowski")


def auc_variance(labels, scores, *, method="delong", resamples=2000, seed=0, workers=-1, progress=None, pos_label=None,
                 data=None, nan_policy="raise") -> float:
    """The variance of Â, as pROC's ``var(roc, method = ...)``: ``"delong"``, ``"obuchowski"`` or ``"bootstrap"``.

    ``"delong"`` is DeLong's S10/m + S01/n (:func:`aucbound.empirical.delong_variance`);
    ``"obuchowski"`` the binormal variance of Obuchowski & McClish (1997, Eq. 4) at pROC's
    binormal fit of the ROC curve, over m; ``"bootstrap"`` the sample variance of the AUCs of
    `resamples` stratified resamples (pROC's ``boot.n``; `seed`, `workers` and `progress` as
    for :func:`aucbound.empirical.bootstrap_aucs`): it agrees with pROC's within Monte Carlo
    error, not digit for digit. Each class needs at least two items. `data` and `nan_policy`
    as for :func:`aucbound.auc`.

    >>> labels, scores = [0, 0, 0, 0, 1, 1, 1, 1], [-2, -1, 3, 4, 1, 2, 5, 6]  # Table 1, f1
    >>> auc_variance(labels, scores)
    0.041666666666666664
    >>> round(auc_variance(labels, scores, method="obuchowski"), 9)  # pROC: 0.0381132047350011
    0.038113205
    """
    method = v.choice("method", method, VARIANCE_METHODS)
    if method == "bootstrap":
        resamples, seed, workers = _settings(_resamples(resamples), seed, workers)
        values = bootstrap_aucs(labels, scores, resamples=resamples, seed=seed, pos_label=pos_label, data=data,
                                nan_policy=nan_policy, workers=workers, progress=progress)
        return float(np.var(values, ddof=1))
    if method == "delong":
        return delong_variance(labels, scores, pos_label=pos_label, data=data, nan_policy=nan_policy)
    labels, scores = columns(("labels", labels), ("scores", scores), data=data, nan_policy=nan_policy)
    pos, neg = groups(labels, scores, pos_label, minimum=2, purpose="for the obuchowski variance")
    m, n = pos.shape[0], neg.shape[0]
    fit = _binormal_fit("scores", pos, neg)
    variance, _, _ = _binormal_moments([fit, fit], None, 1.0, 1.0, n / m)
    return variance / m


def _resamples(resamples) -> int:
    """At least two resamples: a sample variance needs two."""
    count = v.count("resamples", resamples)
    if count < 2:
        raise v.fail("resamples", "at least 2 (a sample variance needs two values)", resamples)
    return count


def auc_covariance(labels, scores_a, scores_b, *, method="delong", paired=True, labels_b=None, resamples=2000, seed=0,
                   workers=-1, progress=None, pos_label=None, data=None, nan_policy="raise") -> float:
    """The covariance of Âa and Âb, as pROC's ``cov(roc1, roc2, method = ...)``.

    With ``paired=True`` (the default) `scores_a` and `scores_b` score the same cases as
    `labels`, and `method` is ``"delong"`` (the covariance of the paired structural
    components), ``"obuchowski"`` (Obuchowski & McClish 1997, Eq. 5, at pROC's binormal fits
    and the correlations of the two scores within each class, over m) or ``"bootstrap"``
    (the sample covariance of the two AUCs over `resamples` stratified resamples of the
    cases, both columns resampled alike; within Monte Carlo error of pROC's). With
    ``paired=False`` the two scores come from independent samples — `scores_b` of the cases
    labelled by `labels_b` (by default `labels`) — and the covariance is 0, as pROC's ``cov``
    returns for unpaired curves; both samples are checked all the same. `data` and
    `nan_policy` as for :func:`aucbound.auc`.

    >>> labels = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> f1, f2 = [-2, -1, 3, 4, 1, 2, 5, 6], [-2, -1, 5, 6, 1, 2, 3, 4]  # Table 1
    >>> auc_covariance(labels, f1, f2)
    0.041666666666666664
    >>> auc_covariance(labels, f1, f2, paired=False)
    0.0
    """
    method = v.choice("method", method, VARIANCE_METHODS)
    if not isinstance(paired, (bool, np.bool_)):
        raise v.ParameterTypeError("paired", "True or False", v.show(paired))
    if method == "bootstrap":
        resamples, seed, workers = _settings(_resamples(resamples), seed, workers)
        v.progress("progress", progress)
    if not paired:
        labels_b = labels if labels_b is None else labels_b
        for names, (these, column) in ((("labels", "scores_a"), (labels, scores_a)),
                                       (("labels_b", "scores_b"), (labels_b, scores_b))):
            these, column = columns((names[0], these), (names[1], column), data=data, nan_policy=nan_policy)
            with renamed({"labels": names[0], "scores": names[1]}):
                groups(these, column, pos_label, minimum=2, purpose="for an AUC's variance")
        return 0.0
    if labels_b is not None:
        raise v.ParameterError("labels_b", "left out with paired=True (both scores are of the cases of {labels})",
                               v.show(labels_b), others=("labels",))
    labels, scores_a, scores_b = columns(("labels", labels), ("scores_a", scores_a), ("scores_b", scores_b), data=data,
                                         nan_policy=nan_policy)
    pair = Pair(*paired_columns(labels, scores_a, scores_b, pos_label, purpose=f"for the {method} covariance"))
    m, n = pair.m, pair.n
    if method == "delong":
        return float(_covariance([pair.first, pair.second], m, n)[0][1])
    a, b, mask = pair.a, pair.b, pair.mask
    if method == "bootstrap":
        v.at_most("resamples", resamples, MAX_WORK // (m + n),
                  why=f" for m + n = {m + n:,} items (at most {MAX_WORK:,} items drawn in all)")
    if method == "obuchowski":
        with renamed({"scores": "scores_a"}):  # the correlations name the columns as power_test_data's
            r_cases = _correlation(a[mask], b[mask], "positives")
            r_controls = _correlation(a[~mask], b[~mask], "negatives")
        fits = [_binormal_fit(name, x[mask], x[~mask]) for name, x in (("scores_a", a), ("scores_b", b))]
        return _binormal_moments(fits, None, r_controls, r_cases, n / m)[2] / m
    values = np.array(list(map_resamples(_paired_resample(a[mask], a[~mask], b[mask], b[~mask]), m, n, resamples,
                                         seed, workers=workers, progress=progress)))
    return float(np.cov(values[:, 0], values[:, 1], ddof=1)[0, 1])


def _paired_resample(pos_a, neg_a, pos_b, neg_b):
    """The function of one resample's drawn indices → (Â*a, Â*b), both columns on the same cases.

    The indices count positions in column a's sorted order of each class (stably sorted, so
    that column a's Â* is the one :func:`bootstrap_aucs` draws from the same stream); each
    position's case is found in column b's sorted order by a permutation.
    """
    m, n = pos_a.shape[0], neg_a.shape[0]
    order_pos, order_neg = np.argsort(pos_a, kind="stable"), np.argsort(neg_a, kind="stable")
    rank_pos, rank_neg = np.empty(m, dtype=np.int64), np.empty(n, dtype=np.int64)
    rank_pos[order_pos], rank_neg[order_neg] = np.arange(m), np.arange(n)
    curves = []
    for pos, neg in ((pos_a, neg_a), (pos_b, neg_b)):
        by_pos, by_neg = np.argsort(pos, kind="stable"), np.argsort(neg, kind="stable")
        below, tied, _, _ = _placements(pos[by_pos], neg[by_neg])
        curves.append((rank_pos[by_pos], rank_neg[by_neg], below, below + tied))
    scale = 2.0 * m * n

    def resample(negatives, positives):
        weight_pos, weight_neg = np.bincount(positives, minlength=m), np.bincount(negatives, minlength=n)
        values = []
        for perm_pos, perm_neg, lower, upper in curves:
            drawn = np.zeros(n + 1, dtype=np.int64)
            np.cumsum(weight_neg[perm_neg], out=drawn[1:])
            values.append(int(np.dot(weight_pos[perm_pos], drawn[lower] + drawn[upper])) / scale)
        return values

    return resample
