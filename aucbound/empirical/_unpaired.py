"""Two scorers on different cases: DeLong's unpaired test and distribution-free bounds on D = A_a − A_b.

**DeLong's unpaired test** (pROC's ``roc.test(roc1, roc2, paired = FALSE, method =
"delong")``). The two AUCs are estimated from independent samples, so Var(D̂) = Var(Âa) +
Var(Âb), each DeLong's S10/m + S01/n of its own sample. pROC refers

    T = D̂/√(Var(Âa) + Var(Âb))

to Student's t with Welch–Satterthwaite's degrees of freedom, each sample weighted by its
number of cases N = m + n less one:

    df = (Va + Vb)² / (Va²/(N_a − 1) + Vb²/(N_b − 1)),

and so does aucbound, to pROC's digits; margins and one-sided alternatives shift T as for
the paired test (:mod:`._hypotheses`). The interval D̂ ± t_df(1 − δ/2)·√(Va + Vb) is the one
the test inverts (pROC gives none for unpaired curves).

**Distribution-free bounds (beyond the paper).** Each Âs is a two-sample U-statistic of its
own sample, with a kernel in [0, 1]; the samples are independent. Hoeffding (1963, §5)
shows that for s > 0, E exp(s(Âs − As)) ≤ exp(s²/(8ks)) with ks = min(ms, ns) (Âs is an
average of means of ks independent terms, and Jensen's inequality with Hoeffding's lemma
bounds each), and the same for −s. By independence the moment generating function of
D̂ − D = (Âa − Aa) − (Âb − Ab) is the product:

    E exp(s(D̂ − D)) ≤ exp(s²(1/ka + 1/kb)/8),

so Chernoff's bound gives P(D̂ − D ≥ t) ≤ exp(−2t²/(1/ka + 1/kb)), the same for the lower
tail, and

- ``hoeffding``: D̂ ± √((1/ka + 1/kb)·ln(2/δ)/2), i.e. √(εa² + εb²) with εs Hoeffding's
  half-width of sample s at δ (one-sided: ln(1/δ));
- ``mcdiarmid``: the same from McDiarmid's inequality over all m_a + n_a + m_b + n_b
  independent cases (changing one case moves D̂ by at most 1/ms or 1/ns):
  D̂ ± √((1/m_a + 1/n_a + 1/m_b + 1/n_b)·ln(2/δ)/2), never narrower than ``hoeffding``;
- ``hoeffding-kl``: a union bound over the two samples, each AUC in its Hoeffding–Chernoff
  interval at δ/2, so that D ∈ [lo_a − hi_b, hi_a − lo_b] with probability ≥ 1 − δ; it is
  the tighter one when an AUC is near 0 or 1, where the Kullback–Leibler interval is narrow.

All three hold for every pair of score distributions, ties included, and every size. A
union bound over the two AUCs' Hoeffding intervals would give εa + εb at δ/2 each, wider
than √(εa² + εb²) at δ: the product of the moment generating functions is the better route.
"""

from __future__ import annotations

import contextlib
import functools
import math

import numpy as np

from .. import _validate as v
from ..bounds import METHODS, Estimates, evaluate, interval_row, method_keys
from ._auc import groups
from . import _labels
from ._columns import columns
from ._compare import test_setup
from ._compare_tests import ResamplingSettings, run_test
from ._delong import statistics
from ._hypotheses import Hypotheses, one_sided_rows, statistic
from ._results import UnpairedComparison

__all__ = ["compare_unpaired", "UNPAIRED_METHODS", "DEFAULT_UNPAIRED_METHODS", "UNPAIRED_TESTS", "unpaired_comparison"]

#: The interval rows of an unpaired comparison (module docstring), in table order.
UNPAIRED_METHODS = ("delong", "mcdiarmid", "hoeffding", "hoeffding-kl")
#: The rows shown when no methods are named.
DEFAULT_UNPAIRED_METHODS = ("delong", "hoeffding", "hoeffding-kl")

DELONG_SOURCE = "DeLong et al. 1988; Student's t, pROC's df"
SUM_SOURCE = "Hoeffding 1963, §5; independent samples"


class Sample:
    """One of the two samples: its class sizes and DeLong's statistics, from the sorted classes; ``cases``
    (pos, neg) and the positives' ``mask`` in the order given, for the resampled tests."""

    def __init__(self, pos: np.ndarray, neg: np.ndarray, mask: np.ndarray | None = None):
        self.cases, self.mask = (pos.copy(), neg.copy()), mask
        pos.sort()
        neg.sort()
        self._set(statistics(pos, neg))

    def _set(self, stats) -> None:
        self.m, self.n, self.auc, self.variance = stats.m, stats.n, stats.auc, stats.variance

    @classmethod
    def of(cls, stats) -> "Sample":
        """A sample known by its :class:`~aucbound.empirical._delong.Statistics` alone (no cases: DeLong's
        test only)."""
        sample = cls.__new__(cls)
        sample.cases = sample.mask = None
        sample._set(stats)
        return sample

    @property
    def k(self) -> int:
        return min(self.m, self.n)

    def epsilon(self, key: str, level: float) -> float:
        """The half-width of the registered AUC method `key` at δ = `level` on this sample (no estimate)."""
        return float(evaluate(METHODS[key], float(self.m), float(self.n), math.log(level), Estimates())[0])

    def ends(self, key: str, level: float) -> tuple[float, float]:
        """The interval of the registered AUC method `key` at δ = `level` around this sample's Â."""
        _, lo, hi, _ = evaluate(METHODS[key], float(self.m), float(self.n), math.log(level), Estimates(auc=self.auc))
        return float(lo), float(hi)


def _welch_df(first: Sample, second: Sample) -> float | None:
    """pROC's degrees of freedom (Va + Vb)²/(Va²/(N_a − 1) + Vb²/(N_b − 1)); None when both variances are 0."""
    total = first.variance + second.variance
    if total == 0:
        return None
    spread = sum(s.variance**2 / (s.m + s.n - 1) for s in (first, second))
    return total * total / spread


def _t_upper(df: float | None):
    """P(T ≥ t) for Student's t with `df` degrees of freedom (any tail, when df is None: T is then 0 or ±∞)."""
    if df is None:
        return lambda t: 0.5 if t == 0 else float(t < 0)
    from scipy.stats import t as student

    return lambda t: float(student.sf(t, df))


def _t_quantile(df: float | None, level: float) -> float:
    """t_df(1 − level/2), the two-sided quantile (0 without a df: the interval is a point)."""
    if df is None:
        return 0.0
    from scipy.stats import t as student

    return float(student.isf(level / 2, df))


class Outcome:
    """What an unpaired test computes: its statistic, degrees of freedom (None for a normal statistic) and p-value."""

    def __init__(self, statistic: float, df: float | None, p_value: float, test=None):
        self.statistic, self.df, self.p_value, self.test = statistic, df, p_value, test


def _delong_unpaired(first: Sample, second: Sample, hyp: Hypotheses,
                     settings: ResamplingSettings | None = None) -> Outcome:
    """DeLong's unpaired test as pROC computes it: T = (D̂ ∓ margin)/SE on Student's t with pROC's df."""
    df = _welch_df(first, second)
    t, p_value = statistic(first.auc - second.auc, math.sqrt(first.variance + second.variance), hyp, _t_upper(df))
    return Outcome(t, df, p_value)


#: The unpaired tests by name (pROC's ``roc.test`` methods): each maps the two :class:`Sample` and the checked
#: hypotheses to its :class:`Outcome`.
UNPAIRED_TESTS = {"delong": _delong_unpaired}


# pROC's resampled tests, paired = FALSE (:mod:`._compare_tests`): each sample resampled on its own.
def _resampled_unpaired(method: str, first: Sample, second: Sample, hyp: Hypotheses,
                        settings: ResamplingSettings) -> Outcome:
    statistic_, p_value, test = run_test(method, first.cases, second.cases, paired=False, hyp=hyp, settings=settings,
                                         mask=(first.mask, second.mask))
    return Outcome(statistic_, None, p_value, test)


UNPAIRED_TESTS["bootstrap"] = functools.partial(_resampled_unpaired, "bootstrap")
UNPAIRED_TESTS["venkatraman"] = functools.partial(_resampled_unpaired, "venkatraman")
UNPAIRED_TESTS["specificity"] = functools.partial(_resampled_unpaired, "specificity")
UNPAIRED_TESTS["sensitivity"] = functools.partial(_resampled_unpaired, "sensitivity")


def _row(key: str, level: float, first: Sample, second: Sample, df):
    """The two-sided interval row of `key` for D at δ = `level`."""
    spec, difference = METHODS[key], first.auc - second.auc
    if key == "delong":
        half = _t_quantile(df, level) * math.sqrt(first.variance + second.variance)
        lo, hi, source = difference - half, difference + half, DELONG_SOURCE
    elif key == "hoeffding-kl":
        (lo_a, hi_a), (lo_b, hi_b) = first.ends(key, level / 2), second.ends(key, level / 2)
        lo, hi, source = lo_a - hi_b, hi_a - lo_b, f"{spec.source}; union bound over the two samples"
    else:
        half = math.hypot(first.epsilon(key, level), second.epsilon(key, level))
        lo, hi, source = difference - half, difference + half, SUM_SOURCE if key == "hoeffding" else \
            f"{spec.source}; independent samples"
    return interval_row(spec, first.m + second.m, first.n + second.n, level, difference, lo, hi, low=-1.0,
                        source=source)


@contextlib.contextmanager
def renamed(mapping: dict):
    """Errors raised inside name their parameters by `mapping` (``labels`` → ``labels_a``, say), in
    their text and in :meth:`~aucbound.ParameterError.message`, which the command line rewords."""
    try:
        yield
    except (v.ParameterError, v.ParameterTypeError) as error:
        original = error.message

        def message(name=lambda parameter: f"`{parameter}`"):
            return original(lambda parameter: name(mapping.get(parameter, parameter)))

        error.message = message
        error.args = (message(),)
        raise


def _sample(labels, scores, pos_label, data, nan_policy, names) -> Sample:
    labels, scores = columns((names[0], labels), (names[1], scores), data=data, nan_policy=nan_policy)
    with renamed({"labels": names[0], "scores": names[1]}):
        pos, neg = groups(labels, scores, pos_label, minimum=2, purpose="for DeLong's unpaired test")
        return Sample(pos, neg, _labels.positive_mask(labels, pos_label, length=pos.shape[0] + neg.shape[0]))


def _frames(data):
    """(data for sample a, data for sample b): one DataFrame for both, or a pair."""
    if isinstance(data, (tuple, list)):
        if len(data) != 2:
            raise v.ParameterError("data", "one DataFrame, or a pair (data for a, data for b)",
                                   f"{len(data)} items", verb="be")
        return tuple(data)
    return data, data


def compare_unpaired(labels_a, scores_a, labels_b, scores_b, *, method="delong", alternative="two-sided", margin=0.0,
                     delta=None, confidence=None, methods=None, pos_label=None, data=None,
                     nan_policy="raise", resamples=None, seed=None, stratified=None, workers=None, progress=None,
                     range=None, focus=None, correct=None, specificity=None, sensitivity=None) -> UnpairedComparison:
    """A test of D = A_a − A_b for two scorers on different, independent cases (DeLong's unpaired test).

    `labels_a`, `scores_a` are one sample, `labels_b`, `scores_b` the other; each class of
    each sample needs at least two cases. `method` is the test: ``"delong"``, pROC's
    ``roc.test(roc1, roc2, paired = FALSE, method = "delong")``, whose statistic
    T = D̂/√(Var Âa + Var Âb) is referred to Student's t with pROC's degrees of freedom.
    `alternative` and `margin` choose the hypotheses as for :func:`aucbound.compare`:
    ``"two-sided"`` (H0: D = 0), ``"greater"`` (H0: D ≤ −margin, H1: D > −margin),
    ``"less"`` (H0: D ≥ margin, H1: D < margin) or ``"equivalence"`` (H0: |D| ≥ margin).
    `methods` picks the interval rows among ``delong`` (the t interval), ``mcdiarmid``,
    ``hoeffding`` and ``hoeffding-kl`` (distribution-free: Hoeffding's bound on the sum of
    the two independent errors, McDiarmid's, and a union of the two Hoeffding–Chernoff
    intervals); the first, third and fourth by default. One-sided alternatives give one-sided bounds at 1 − δ. δ is
    0.05 unless `delta` or `confidence` is given. `data` is one DataFrame holding all four
    columns by name, or a pair (for a, for b); `pos_label` and `nan_policy` apply to both
    samples.

    >>> result = compare_unpaired([0, 0, 0, 1, 1, 1], [1, 2, 3, 2.5, 4, 5], [0, 0, 1, 1], [1, 3, 2, 4])
    >>> round(result.auc_a, 6), result.auc_b, round(result.statistic, 6), round(result.df, 4)
    (0.888889, 0.75, 0.358979, 4.2038)
    >>> round(result.p_value, 6), result["hoeffding"].guarantee  # pROC: 0.358979079308869, df 4.2038245, p 0.736919689
    (0.73692, 'vacuous')

    `method` may also be one of pROC's resampled tests with ``paired = FALSE``: ``"bootstrap"``,
    ``"venkatraman"`` (Venkatraman 2000), ``"specificity"`` or ``"sensitivity"``, with the
    settings of :func:`aucbound.compare` (`resamples`, `seed`, `stratified`, `workers`,
    `progress`, `range`, `focus`, `correct`, `specificity`, `sensitivity`), each sample
    resampled on its own. ``statistic`` and ``p_value`` are then the test's, ``df`` None and
    ``test`` the :class:`~aucbound.empirical.ResampledTest`.

    >>> boot = compare_unpaired([0, 0, 0, 1, 1, 1], [1, 2, 3, 2.5, 4, 5], [0, 0, 1, 1], [1, 3, 2, 4],
    ...                         method="bootstrap", resamples=200, seed=1)
    >>> boot.test.statistic_name, boot.statistic == boot.test.statistic, boot.df, boot.test.paired
    ('D', True, None, False)
    """
    method, delta, hyp, settings = test_setup(method, UNPAIRED_TESTS, alternative, margin, delta, confidence, dict(
        resamples=resamples, seed=seed, stratified=stratified, workers=workers, progress=progress, range=range,
        focus=focus, correct=correct, specificity=specificity, sensitivity=sensitivity))
    keys = method_keys(methods, DEFAULT_UNPAIRED_METHODS, allowed=UNPAIRED_METHODS,
                       why=" (valid for a difference of independent AUCs)")
    data_a, data_b = _frames(data)
    first = _sample(labels_a, scores_a, pos_label, data_a, nan_policy, ("labels_a", "scores_a"))
    second = _sample(labels_b, scores_b, pos_label, data_b, nan_policy, ("labels_b", "scores_b"))
    return _comparison(first, second, method, hyp, settings, delta, keys)


def unpaired_comparison(first, second, *, alternative="two-sided", margin=0.0, delta=None, confidence=None,
                        methods=None) -> UnpairedComparison:
    """DeLong's unpaired test and the interval rows of two independent samples known by their
    :class:`~aucbound.empirical._delong.Statistics` (each class of two or more), as
    :func:`compare_unpaired` computes them on the cases: for statistics gathered elsewhere (an engine's
    stream of sorted rows, one group against the rest)."""
    method, delta, hyp, settings = test_setup("delong", UNPAIRED_TESTS, alternative, margin, delta, confidence, {})
    keys = method_keys(methods, DEFAULT_UNPAIRED_METHODS, allowed=UNPAIRED_METHODS,
                       why=" (valid for a difference of independent AUCs)")
    return _comparison(Sample.of(first), Sample.of(second), method, hyp, settings, delta, keys)


def _comparison(first: Sample, second: Sample, method, hyp, settings, delta, keys) -> UnpairedComparison:
    outcome = UNPAIRED_TESTS[method](first, second, hyp, settings)
    df = _welch_df(first, second)
    rows, left_out = one_sided_rows(keys, hyp, delta, lambda key, level: _row(key, level, first, second, df))
    return UnpairedComparison(
        auc_a=first.auc, auc_b=second.auc, difference=first.auc - second.auc, m_a=first.m, n_a=first.n,
        m_b=second.m, n_b=second.n, delta=delta, variance_a=first.variance, variance_b=second.variance,
        variance=first.variance + second.variance, statistic=outcome.statistic, df=outcome.df,
        p_value=outcome.p_value, rows=rows, method=method, alternative=hyp.alternative, margin=hyp.margin,
        left_out=left_out, test=outcome.test)
