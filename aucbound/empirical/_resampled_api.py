"""The public functions of the resampled tests: labels and scores in, a :class:`ResampledTest` out.

Each checks its arguments, reads the columns as :func:`aucbound.compare` does, and hands
the ``(pos, neg)`` arrays to the one implementation in :mod:`._resampled_tests` (the
bootstrap tests) or :mod:`._venkatraman`.

Two scorers of the same cases (``paired``, the default when `labels_b` is not given):
`scores_a` and `scores_b` score the cases of `labels`, in the same order. Two scorers of
two sets of cases: `labels` with `scores_a`, and `labels_b` with `scores_b`. ``paired=False``
without `labels_b` treats the two scorers of the same cases as unpaired (pROC's
``paired = FALSE``). Higher scores point to the positive class (pROC's ``direction = "<"``).
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from . import _labels
from ._auc import groups
from ._columns import columns
from ._partial import _range
from ._resampled_tests import Partial
from ._resampled_tests import bootstrap_test as _bootstrap_test
from ._resampled_tests import operating_point_test as _operating_point_test
from ._results import ResampledTest
from ._venkatraman import venkatraman_test as _venkatraman_test

__all__ = ["bootstrap_test", "operating_point_test", "venkatraman_test"]

FOCUS = ("specificity", "sensitivity")


def _one_set(labels, scores, pos_label, names):
    """(pos, neg, mask) of one set of cases: the checked scores of each class, in order, and the positives' mask."""
    labels, scores = columns((names[0], labels), (names[1], scores), data=None)
    pos, neg = groups(labels, scores, pos_label, minimum=1)
    return pos, neg, _labels.positive_mask(labels, pos_label, length=pos.shape[0] + neg.shape[0])


def _sets(labels, scores_a, scores_b, labels_b, paired, pos_label, data, nan_policy):
    """((pos_a, neg_a), (pos_b, neg_b), paired, mask): the two scorers' classes, whether the test
    is paired, and the positives' mask(s) that order the cases (one for a paired test, a pair else)."""
    if paired is not None and not isinstance(paired, (bool, np.bool_)):
        raise v.fail("paired", "True, False or None (paired when `labels_b` is not given)", paired)
    if labels_b is None:
        labels, scores_a, scores_b = columns(("labels", labels), ("scores_a", scores_a), ("scores_b", scores_b),
                                             data=data, nan_policy=nan_policy)
        pos_a, neg_a, mask = _one_set(labels, scores_a, pos_label, ("labels", "scores_a"))
        b = _labels.scores("scores_b", scores_b)
        if b.shape[0] != mask.shape[0]:
            raise v.ParameterError("scores_b", "as long as {scores_a}" + f" ({mask.shape[0]})", f"{b.shape[0]} values",
                                   others=("scores_a",))
        b = b.astype(np.float64, copy=False)
        paired = True if paired is None else bool(paired)
        return (pos_a, neg_a), (b[mask], b[~mask]), paired, (mask if paired else (mask, mask))
    if paired:
        raise v.fail("paired", "False or None when `labels_b` gives a second set of cases (a paired test scores "
                     "one set twice: leave `labels_b` out)", paired)
    labels, scores_a = columns(("labels", labels), ("scores_a", scores_a), data=data, nan_policy=nan_policy)
    labels_b, scores_b = columns(("labels_b", labels_b), ("scores_b", scores_b), data=data, nan_policy=nan_policy)
    pos_a, neg_a, mask_a = _one_set(labels, scores_a, pos_label, ("labels", "scores_a"))
    pos_b, neg_b, mask_b = _one_set(labels_b, scores_b, pos_label, ("labels_b", "scores_b"))
    return (pos_a, neg_a), (pos_b, neg_b), False, (mask_a, mask_b)


def _settings(seed, workers, progress, stratified=True):
    if not isinstance(stratified, (bool, np.bool_)):
        raise v.fail("stratified", "True or False", stratified)
    v.progress("progress", progress)
    return v.seed("seed", seed), v.workers("workers", workers)


def bootstrap_test(labels, scores_a, scores_b, *, labels_b=None, paired=None, alternative="two-sided",
                   resamples=2000, stratified=True, range=None, focus="specificity", correct=False, seed=0,
                   pos_label=None, data=None, nan_policy="raise", workers=-1, progress=None) -> ResampledTest:
    """The bootstrap test that two AUCs (or partial AUCs) are equal: pROC's ``roc.test(method = "bootstrap")``.

    D = (Â_a − Â_b)/s, s the standard deviation of the difference over `resamples`
    bootstrap resamples (stratified: each class resampled within itself; else all cases
    together, dropping a resample left without a class), referred to N(0, 1) (Robin et al.
    2011). `alternative`: ``"two-sided"``, ``"greater"`` (H1: A_a > A_b) or ``"less"``.
    `range` (a pair in [0, 1]) tests the partial AUCs over that range of `focus`
    (``"specificity"`` or ``"sensitivity"``), McClish's standardisation when `correct`, as
    :func:`aucbound.partial_auc` computes them. Without `labels_b`, `scores_a` and `scores_b`
    score the cases of `labels` in the same order and the test is paired (``paired=False``
    treats them as unpaired, as pROC's ``paired = FALSE``); with it, `scores_b` scores the
    cases of `labels_b` and the test is unpaired. `seed`, `workers`, `progress` as for
    :func:`aucbound.empirical.bootstrap_aucs`: the same seed gives the same p-value with any
    number of threads; the work, resamples × cases, is limited up front. `pos_label`, `data`
    and `nan_policy` as for :func:`aucbound.auc`.

    >>> labels = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> f1, f2 = [-2, -1, 3, 4, 1, 2, 5, 6], [-2, -1, 5, 6, 1, 2, 3, 4]  # Agarwal et al. 2005, Table 1
    >>> test = bootstrap_test(labels, f1, f2, resamples=500, seed=1)
    >>> test.statistic_name, test.estimate_a, test.estimate_b, test.paired
    ('D', 0.75, 0.5, True)
    >>> 0 < test.p_value < 1
    True
    """
    partial = None
    if range is not None:
        low, high = _range(range)
        focus = v.choice("focus", focus, FOCUS)
        if not isinstance(correct, (bool, np.bool_)):
            raise v.fail("correct", "True or False", correct)
        partial = Partial(low, high, focus, bool(correct))
    seed, workers = _settings(seed, workers, progress, stratified)
    first, second, paired, _ = _sets(labels, scores_a, scores_b, labels_b, paired, pos_label, data, nan_policy)
    return _bootstrap_test(first, second, paired=paired, alternative=alternative, resamples=resamples,
                           stratified=bool(stratified), seed=seed, workers=workers, progress=progress,
                           partial=partial)


def operating_point_test(labels, scores_a, scores_b, *, specificity=None, sensitivity=None, labels_b=None,
                         paired=None, alternative="two-sided", resamples=2000, stratified=True, seed=0,
                         pos_label=None, data=None, nan_policy="raise", workers=-1, progress=None) -> ResampledTest:
    """The bootstrap test that two sensitivities at a given `specificity` (or two specificities
    at a given `sensitivity`) are equal: pROC's ``roc.test(method = "specificity")`` (or
    ``"sensitivity"``).

    Exactly one of `specificity` and `sensitivity` is given. Each curve is read there as
    :func:`aucbound.coords` reads it (pROC's ``coords``), in the data and in each bootstrap
    resample; D = (difference)/(its bootstrap standard deviation), referred to N(0, 1).
    The other parameters as for :func:`bootstrap_test`.

    >>> labels = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> f1, f2 = [-2, -1, 3, 4, 1, 2, 5, 6], [-2, -1, 5, 6, 1, 2, 3, 4]
    >>> test = operating_point_test(labels, f1, f2, specificity=0.75, resamples=500)
    >>> test.method, test.compared, test.estimate_a, test.estimate_b  # pROC's coords: 0.5 and 0
    ('specificity', 'sensitivity at specificity 0.75', 0.5, 0.0)
    """
    if (specificity is None) == (sensitivity is None):
        raise v.ParameterError("specificity", "given, or {sensitivity} given, not both and not neither",
                               f"specificity={v.show(specificity)}, sensitivity={v.show(sensitivity)}",
                               others=("sensitivity",))
    at, value = ("specificity", specificity) if sensitivity is None else ("sensitivity", sensitivity)
    value = float(v.unit_interval(at, value, scalar=True))
    seed, workers = _settings(seed, workers, progress, stratified)
    first, second, paired, _ = _sets(labels, scores_a, scores_b, labels_b, paired, pos_label, data, nan_policy)
    return _operating_point_test(first, second, paired=paired, at=at, value=value, alternative=alternative,
                                 resamples=resamples, stratified=bool(stratified), seed=seed, workers=workers,
                                 progress=progress)


def venkatraman_test(labels, scores_a, scores_b, *, labels_b=None, paired=None, resamples=2000, seed=0,
                     pos_label=None, data=None, nan_policy="raise", workers=-1, progress=None) -> ResampledTest:
    """Venkatraman's permutation test that two ROC curves are equal at every operating point:
    pROC's ``roc.test(method = "venkatraman")``.

    Paired (Venkatraman & Begg 1996): E = Σ_x |e_a(x) − e_b(x)|, the scorers' errors at each
    rank cut x; unpaired (Venkatraman 2000): the area between the two curves on the scale of
    the mixture of the classes. p = #{E* ≥ E}/B over `resamples` permutations (B), exchangeable
    when the curves are equal. Tied scores are ranked in the order of the cases, as pROC does.
    `labels_b`, `paired`, `seed`, `workers`, `progress` as for :func:`bootstrap_test`.

    >>> labels = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> f1, f2 = [-2, -1, 3, 4, 1, 2, 5, 6], [-2, -1, 5, 6, 1, 2, 3, 4]
    >>> test = venkatraman_test(labels, f1, f2, resamples=500)
    >>> test.statistic_name, test.statistic  # the two scorers' errors differ by 2 at each of 4 cuts
    ('E', 8.0)
    """
    seed, workers = _settings(seed, workers, progress)
    first, second, paired, mask = _sets(labels, scores_a, scores_b, labels_b, paired, pos_label, data, nan_policy)
    return _venkatraman_test(first, second, paired=paired, resamples=resamples, seed=seed, workers=workers,
                             progress=progress, mask=mask)
