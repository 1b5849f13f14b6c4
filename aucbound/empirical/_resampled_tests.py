r"""The tests of two ROC curves that resample, as pROC's ``roc.test`` computes them (Robin et al. 2011).

Three tests, each for two scorers of the same cases (paired) or of two sets of cases
(unpaired), on checked arrays: ``first`` and ``second`` are each ``(pos, neg)``, the float64
scores of the positives and of the negatives, and for a paired test the i-th positive (and
negative) of both is the same case. :mod:`._resampled_api` gives each a public function of
labels and scores.

**Bootstrap test** (:func:`bootstrap_test`; pROC's ``method = "bootstrap"``). Resample the
cases B times; in each resample compute both AUCs (or partial AUCs) and their difference.
With s the standard deviation of the B differences (denominator B − 1),

    D = (Â_a − Â_b)/s,

referred to the standard normal: two-sided p = 2Φ(−|D|), ``"greater"`` (H1: A_a > A_b)
p = Φ(−D), ``"less"`` p = Φ(D). A paired test draws one set of case indices per resample
and uses it for both scorers; an unpaired one draws each set on its own. A stratified
resample keeps each class's size (m positives from the m, n negatives from the n); an
unstratified one draws m + n cases from all of them, and a resample left without a
positive or without a negative has no AUC: it is dropped (``used`` counts the others, and
a :class:`~aucbound.DataWarning` says how many went), as pROC drops its NA values. When s = 0,
D is 0 if Â_a = Â_b and ±∞ otherwise (pROC gives 0 in the first case only when every
difference is 0, NaN when they are equal and not 0).

**Partial AUC.** The same with the partial AUC over a range of specificity or sensitivity,
McClish's correction optional (pROC's ``partial.auc``, ``partial.auc.focus``,
``partial.auc.correct``), computed as :func:`aucbound.partial_auc` computes it, on every
resampled curve; below the diagonal a corrected value is kept as it is (pROC's resamples
allow it too).

**Sensitivity at a given specificity, specificity at a given sensitivity**
(:func:`operating_point_test`; pROC's ``method = "specificity"`` with ``specificity =``, and
``method = "sensitivity"`` with ``sensitivity =``). The same bootstrap, the statistic being
the sensitivity read off each curve at the given specificity (or the reverse), by pROC's
``coords`` rule (:func:`aucbound.empirical.coords`): D = (se_a − se_b)/s.

Each resampled curve is read at the observed curve's thresholds (a resample holds only
observed scores, so its curve has the same points, some repeated), from counts of the drawn
cases: :func:`~aucbound.empirical._resampling.map_strata` draws them in the bootstrap's
blocks, so a seed gives the same p-value with any number of threads. R's random stream
cannot be reproduced: p-values agree with pROC's within Monte Carlo error, the estimates
exactly.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from .. import _validate as v
from ._hypotheses import Hypotheses, statistic as test_statistic
from ._partial import _float, _mcclish, _partial_area
from ._results import ResampledTest
from ._resampling import map_strata
from ._roc import _from_top, _read, oriented, steps
from ._resampled_base import check_alternative, check_work, result

__all__ = ["Partial", "bootstrap_test", "operating_point_test"]

#: The coordinates an operating-point test fixes.
AT = ("specificity", "sensitivity")

SOURCE = "Robin et al. 2011 (pROC's roc.test)"
#: The cost of a case in one resample of a bootstrap test, in items of the bootstrap's work limit (whose item
#: costs 12–15 ns): measured at 10^5 cases, counting a resampled curve costs 6–7 ns of CPU a case.
COST_PER_ITEM = 1
_OTHER = {"specificity": "sensitivity", "sensitivity": "specificity"}


class Partial(NamedTuple):
    """A partial AUC: the range [low, high] of `focus` (``"specificity"`` or ``"sensitivity"``) and
    whether McClish's correction is applied."""

    low: float
    high: float
    focus: str = "specificity"
    correct: bool = False

    def describe(self) -> str:
        kind = "corrected partial AUC" if self.correct else "partial AUC"
        return f"{kind} ({self.focus} {self.low:g}–{self.high:g})"


def normal_p(statistic: float, alternative: str) -> float:
    """The p-value of a statistic referred to N(0, 1): 2Φ(−|D|), Φ(−D) for ``"greater"``, Φ(D) for ``"less"``."""
    return test_statistic(statistic, 1.0, Hypotheses(alternative, 0.0))[1]


class _Curve:
    """One scorer's cases, in the order given, ready to be counted at its curve's thresholds."""

    def __init__(self, pos: np.ndarray, neg: np.ndarray):
        self.m, self.n = pos.shape[0], neg.shape[0]
        levels, self.tp, self.fp, _, _ = steps(np.sort(pos), np.sort(neg), thresholds=False)
        self.size = levels.shape[0]
        self.pos_level, self.neg_level = np.searchsorted(levels, pos), np.searchsorted(levels, neg)

    def counts(self, drawn_pos: np.ndarray, drawn_neg: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(tp, fp) at the thresholds for the drawn positives and negatives (indices, repeats counted)."""
        return (_from_top(np.bincount(self.pos_level[drawn_pos], minlength=self.size)),
                _from_top(np.bincount(self.neg_level[drawn_neg], minlength=self.size)))


def _auc(tp: np.ndarray, fp: np.ndarray, m: int, n: int) -> float:
    """The area under the points (fp/n, tp/m) joined by straight lines: Σ Δfp·(tp_k + tp_{k+1})/(2mn), exact."""
    twice = int(np.dot(np.diff(fp), tp[:-1] + tp[1:]))
    return twice / (2 * m * n)


def _statistic(partial: Partial | None = None, at: str | None = None, value: float | None = None):
    """The value each curve is summarised by, as a function of its counts (tp, fp, m, n)."""
    if at is not None:
        where = np.array([-value])

        def reading(tp, fp, m, n):
            return float(_read(*oriented(tp, fp, m, n, at), where)[0][0])

        return reading
    if partial is None:
        return _auc
    a, b = Fraction(partial.low), Fraction(partial.high)

    def area(tp, fp, m, n):
        exact = _partial_area(tp, fp, m, n, partial.focus, a, b)
        return _float(_mcclish(exact, a, b), a, b) if partial.correct else float(exact)

    return area


def _split(drawn: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """(positives, negatives) among indices drawn from all cases, negatives numbered first."""
    below = drawn < n
    return drawn[~below] - n, drawn[below]


def _differences(curves, paired: bool, stratified: bool, statistic, resamples: int, seed, workers, progress):
    """The difference of the statistic between the two curves in each resample (NaN where a resample
    has a class missing), in order."""
    first, second = curves

    def value(curve, drawn_pos, drawn_neg):
        m, n = drawn_pos.shape[0], drawn_neg.shape[0]
        if m == 0 or n == 0:
            return math.nan
        return statistic(*curve.counts(drawn_pos, drawn_neg), m, n)

    if paired and stratified:
        sizes = (first.n, first.m)

        def one(neg, pos):
            return value(first, pos, neg) - value(second, pos, neg)
    elif paired:
        sizes = (first.m + first.n,)

        def one(drawn):
            pos, neg = _split(drawn, first.n)
            return value(first, pos, neg) - value(second, pos, neg)
    elif stratified:
        sizes = (first.n, first.m, second.n, second.m)

        def one(neg_a, pos_a, neg_b, pos_b):
            return value(first, pos_a, neg_a) - value(second, pos_b, neg_b)
    else:
        sizes = (first.m + first.n, second.m + second.n)

        def one(drawn_a, drawn_b):
            return value(first, *_split(drawn_a, first.n)) - value(second, *_split(drawn_b, second.n))

    return np.fromiter(map_strata(one, sizes, resamples, seed, workers=workers, progress=progress),
                       dtype=np.float64, count=resamples)


def _check_classes(first, second, paired: bool) -> None:
    (pos_a, neg_a), (pos_b, neg_b) = first, second
    if paired and (pos_a.shape[0] != pos_b.shape[0] or neg_a.shape[0] != neg_b.shape[0]):
        raise v.ParameterError("scores_b", "the same cases as {scores_a} for a paired test",
                               f"{pos_b.shape[0]} positives and {neg_b.shape[0]} negatives against "
                               f"{pos_a.shape[0]} and {neg_a.shape[0]}", others=("scores_a",))


def _bootstrap(first, second, *, paired, alternative, resamples, stratified, seed, workers, progress, statistic,
               method, title, compared, source) -> ResampledTest:
    """The bootstrap test of `statistic` (a function of a curve's counts) between the two curves."""
    alternative = check_alternative(alternative)
    _check_classes(first, second, paired)
    curves = (_Curve(*first), _Curve(*second))
    items = sum(curve.m + curve.n for curve in curves)
    resamples = check_work(resamples, items, COST_PER_ITEM, "a bootstrap test: resamples × cases of both curves")
    estimates = [statistic(curve.tp, curve.fp, curve.m, curve.n) for curve in curves]
    differences = _differences(curves, paired, stratified, statistic, resamples, seed, workers, progress)
    kept = differences[~np.isnan(differences)]
    if kept.shape[0] < resamples:
        warnings.warn(v.DataWarning(f"{resamples - kept.shape[0]} of {resamples} unstratified resamples had a "
                                    "class missing and were left out (pROC drops them too)"), stacklevel=4)
    if kept.shape[0] < 2:
        raise v.ParameterError("resamples", "enough that two resamples have both classes (or stratified=True)",
                               f"{resamples}, of which {kept.shape[0]} had both", others=())
    spread = float(np.std(kept, ddof=1))
    difference = estimates[0] - estimates[1]
    if spread > 0:
        d = difference / spread
    else:
        d = 0.0 if difference == 0 else math.copysign(math.inf, difference)
    return result(
        method=method, title=title + (" for two correlated ROC curves" if paired else " for two ROC curves"),
        paired=paired, statistic_name="D", statistic=d, p_value=normal_p(d, alternative), alternative=alternative,
        compared=compared, estimate_a=estimates[0], estimate_b=estimates[1], std_error=spread, resamples=resamples,
        used=int(kept.shape[0]), stratified=stratified, seed=seed,
        sizes=(curves[0].m, curves[0].n, curves[1].m, curves[1].n), source=source,
    )


def bootstrap_test(first, second, *, paired: bool, alternative: str = "two-sided", resamples: int = 2000,
                   stratified: bool = True, seed=0, workers: int = -1, progress=None,
                   partial: Partial | None = None) -> ResampledTest:
    """The bootstrap test of two AUCs (or partial AUCs, with `partial`), on checked arrays.

    `first` and `second` are ``(pos, neg)`` each (module docstring); `resamples` is checked here
    against the work limit; `seed`, `workers` and `progress` are checked already.
    `alternative` is ``"two-sided"``, ``"greater"`` (H1: the first AUC is larger) or ``"less"``.
    """
    compared = "AUC" if partial is None else partial.describe()
    source = SOURCE + ("" if partial is None else "; partial AUC as pROC's partial.auc"
                       + ("; McClish 1989" if partial.correct else ""))
    return _bootstrap(first, second, paired=paired, alternative=alternative, resamples=resamples,
                      stratified=stratified, seed=seed, workers=workers, progress=progress,
                      statistic=_statistic(partial), method="bootstrap", title="Bootstrap test", compared=compared,
                      source=source)


def operating_point_test(first, second, *, paired: bool, at: str, value: float, alternative: str = "two-sided",
                         resamples: int = 2000, stratified: bool = True, seed=0, workers: int = -1,
                         progress=None) -> ResampledTest:
    """The bootstrap test of two sensitivities at the specificity `value` (``at="specificity"``,
    pROC's ``method = "specificity"``), or of two specificities at the sensitivity `value`
    (``at="sensitivity"``), on checked arrays as :func:`bootstrap_test`."""
    at = v.choice("at", at, AT)
    value = float(v.unit_interval(at, value, scalar=True))
    title = "Specificity test" if at == "specificity" else "Sensitivity test"
    return _bootstrap(first, second, paired=paired, alternative=alternative, resamples=resamples,
                      stratified=stratified, seed=seed, workers=workers, progress=progress,
                      statistic=_statistic(at=at, value=value), method=at, title=title,
                      compared=f"{_OTHER[at]} at {at} {value:g}",
                      source=SOURCE + "; pROC's coords rule")
