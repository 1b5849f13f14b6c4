"""Two scorers on the same cases: DeLong's paired test and a distribution-free bound on D = A_a − A_b.

**DeLong's paired test** (DeLong, DeLong & Clarke-Pearson 1988, Biometrics 44, §3). Each case
carries both scores, so the structural components of the two AUCs pair up case by case:
D10_i = V10ᵃ_i − V10ᵇ_i for each positive, D01_j = V01ᵃ_j − V01ᵇ_j for each negative. The
variance of D̂ = Âa − Âb is estimated by

    Var(D̂) = S10(D)/m + S01(D)/n = Var(Âa) + Var(Âb) − 2·Cov(Âa, Âb),

with S10(D), S01(D) the sample variances of the paired differences (the covariance matrix
of DeLong et al., contracted with (1, −1)). Z = D̂/√Var(D̂), the two-sided p-value is
2Φ(−|Z|), and D̂ ± Φ⁻¹(1 − δ/2)·√Var(D̂) is the asymptotic interval, clipped to [−1, 1].
When Var(D̂) = 0, Z is 0 if D̂ = 0 (p = 1) and ±∞ otherwise (p = 0). Twice each component
is an exact integer (:mod:`._delong`), so D10 and D01 are exact too.

**A distribution-free bound on D (beyond the paper).** D̂ is a two-sample U-statistic:

    D̂ = (1/mn) Σ_i Σ_j h(i, j),   h(i, j) = ψ(xᵃ_i, yᵃ_j) − ψ(xᵇ_i, yᵇ_j) ∈ [−1, 1],

where ψ = 1, ½, 0 for >, =, < and the cases (positive i with both its scores, negative j
with both its scores) are independent, so E D̂ = D. Hoeffding's argument (1963, §5) goes
through unchanged: with k = min(m, n), an injection σ of the smaller class into the larger
pairs k positives with k distinct negatives; W_σ, the mean of h over those k pairs, is a
mean of k independent terms with values in [−1, 1] and mean D, and D̂ is the average of
W_σ over all injections (each positive–negative pair appears equally often). For s > 0, exp(s·D̂) ≤ average of exp(s·W_σ) by Jensen's inequality, so every
Chernoff bound for a mean of k independent [−1, 1] variables holds for D̂:

- quadratic (Hoeffding's inequality with range 2): P(D̂ − D ≥ t) ≤ exp(−k t²/2), so
  ε = sqrt(2·ln(2/δ)/k) is a 1 − δ half-width — twice the AUC's ε_H, as the range is twice
  as wide;
- Kullback–Leibler: (h + 1)/2 ∈ [0, 1] has mean (D + 1)/2, so with u = (D̂ + 1)/2 the set
  {θ : k·kl(u ‖ θ) ≤ ln(2/δ)} mapped back by D = 2θ − 1 is a 1 − δ interval for D, inside
  the quadratic one.

Both hold for every pair of scorers, every joint distribution of the two scores, ties
included, and every m, n: they need no variance estimate and no normality. McDiarmid's
bounded differences and the variance bound θ(1 − θ)/k of Chebyshev's interval hold for
any such kernel too.

**One implementation.** Each interval for D is the registered AUC method applied to
u = (D̂ + 1)/2, the mean of the kernel (h + 1)/2 ∈ [0, 1], with variance Var(D̂)/4, mapped back by
D = 2u − 1: the methods valid for any two-sample U-statistic with a kernel in [0, 1]
(``any_kernel`` in :data:`aucbound.METHODS`).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from .. import _validate as v
from ..bounds import METHODS, Estimates
from ..bounds import evaluate, interval_row, method_keys
from ._results import Comparison, ResampledTest
from . import _labels
from ._columns import columns
from ._compare_tests import ResamplingSettings, run_test, resampling_settings
from ._delong import counts_in_order
from ._hypotheses import Hypotheses, hypotheses, one_sided_rows, statistic
from ._resampling import compiled_loop
from ._weights import kind_without_weights

__all__ = ["compare", "compare_methods", "DEFAULT_COMPARE_METHODS", "PAIRED_TESTS"]


def compare_methods() -> list[str]:
    """The methods that give an interval for a difference of AUCs: those valid for any kernel in [0, 1]."""
    return [key for key, spec in METHODS.items() if spec.any_kernel]


#: The rows shown when no methods are named.
DEFAULT_COMPARE_METHODS = ("delong", "hoeffding", "hoeffding-kl")


def _difference_row(spec, m, n, delta, difference, variance):
    """The interval for D from the AUC method `spec` on u = (D̂ + 1)/2, mapped back."""
    u = Estimates(auc=(difference + 1) / 2, variance=variance / 4)
    _, lo, hi, _ = evaluate(spec, float(m), float(n), math.log(delta), u)
    source = spec.source if spec.key == "delong" else f"{spec.source}, kernel in [-1, 1]"
    return interval_row(spec, m, n, delta, difference, 2 * float(lo) - 1, 2 * float(hi) - 1, low=-1.0, source=source)


@dataclass(frozen=True)
class Column:
    """One score column's structural components, twice over, in the order of the cases
    (exact int64): 2n·V10 for a positive (`mask` True), 2m·V01 for a negative."""

    twice: np.ndarray
    mask: np.ndarray
    m: int
    n: int

    @functools.cached_property
    def twice_u(self) -> int:
        """2U: the positives' counts sum to 2U, and so do the negatives' (Σ(2L + E) = Σ(2A + F))."""
        return int(self.twice.sum()) // 2

    @property
    def auc(self) -> float:
        return self.twice_u / (2 * self.m * self.n)


def _score_column(parameter: str, value) -> np.ndarray:
    """The scores checked: as float64, or an int64 array as it is when it lies within ±2^53
    (where float64 holds every value; the counts read it as it is)."""
    if (isinstance(value, np.ndarray) and value.ndim == 1 and value.dtype == np.int64
            and _labels._big_integers(parameter, value) is None):
        return value
    return _labels.scores(parameter, value)


def _counted(labels, scores_a, scores_b, pos_label, names, purpose):
    """``(a, b, mask, m, n, first, second)`` of :func:`paired`, with int64 columns left as they are."""
    try:
        a = _score_column(names[0], scores_a)
    except (ValueError, TypeError):
        _labels.refuse_swapped(labels, scores_a)
        raise
    b = _score_column(names[1], scores_b)
    if b.shape[0] != a.shape[0]:
        raise v.ParameterError(names[1], f"as long as {{{names[0]}}} ({a.shape[0]})", f"{b.shape[0]} values",
                               others=(names[0],))
    mask = _labels.positive_mask(labels, pos_label, length=a.shape[0], scores=scores_a)
    m, n = _labels.class_sizes(mask, 2, purpose)
    mask = np.ascontiguousarray(mask, dtype=np.bool_)
    keys = np.empty(a.shape[0], dtype=np.uint64)  # scratch space for both columns
    first, second = (Column(counts_in_order(x, mask, m, keys), mask, m, n) for x in (a, b))
    return a, b, mask, m, n, first, second


def paired(labels, scores_a, scores_b, pos_label, *, names=("scores_a", "scores_b"), purpose=""):
    """Two score columns on the same cases: ``(a, b, mask, m, n, first, second)`` — the checked
    columns (float64), the positives' mask, the class sizes (two or more each, for `purpose`)
    and each column's :class:`Column` of counts; `names` are the columns' parameter names."""
    a, b, *rest = _counted(labels, scores_a, scores_b, pos_label, names, purpose)
    return a.astype(np.float64, copy=False), b.astype(np.float64, copy=False), *rest


def _exact_dot(x: np.ndarray, y: np.ndarray) -> int:
    """Σ x_k·y_k of two int64 arrays of counts (≥ 0), exactly: int64 dot products over slices
    short enough not to overflow, halving the bits of larger counts."""
    bits = int(max(x.max(initial=0), y.max(initial=0))).bit_length()
    if bits > 26:
        half, low = bits // 2, (1 << (bits // 2)) - 1
        high_x, low_x, high_y, low_y = x >> half, x & low, y >> half, y & low
        return ((_exact_dot(high_x, high_y) << 2 * half) + ((_exact_dot(high_x, low_y) + _exact_dot(low_x, high_y)) << half)
                + _exact_dot(low_x, low_y))
    step = 1 << (62 - 2 * bits)  # each product is below 2^(2·bits): a slice's sum stays below 2^62
    return sum(int(np.dot(x[k:k + step], y[k:k + step])) for k in range(0, x.shape[0], step))


def _exact_sum(x: np.ndarray) -> int:
    """Σ x_k of an int64 array of counts (≥ 0), exactly: int64 sums over slices short enough not to overflow."""
    step = 1 << max(0, 62 - int(x.max(initial=0)).bit_length())
    return sum(int(x[k:k + step].sum()) for k in range(0, x.shape[0], step))


def _sums(first: Column, second: Column):
    """``(positives, negatives)``, each (Σa, Σb, Σa², Σb², Σab) of the two columns' counts over
    the class, exactly: one compiled pass, or numpy."""
    module = compiled_loop()
    sums = None if module is None else module.paired_sums(first.twice, second.twice, first.mask)
    if sums is not None:  # else no compiled module, or counts too large for its 128-bit sums
        return sums
    sums = []
    for chosen in (first.mask, ~first.mask):
        a, b = first.twice[chosen], second.twice[chosen]
        sums.append((_exact_sum(a), _exact_sum(b), _exact_dot(a, a), _exact_dot(b, b), _exact_dot(a, b)))
    return tuple(sums)


def _spreads(sums, count: int, scale: int) -> tuple[Fraction, Fraction, Fraction]:
    """(S(a), S(b), S(a − b)) of one class of `count` items from its exact sums: the sample
    variances Σ (t_k/scale − mean)²/(count − 1) of the components t/scale in each column
    and of their paired differences."""
    sum_a, sum_b, square_a, square_b, product = sums
    denominator = scale * scale * count * (count - 1)
    spread = lambda total, squares: Fraction(count * squares - total * total, denominator)  # noqa: E731
    return (spread(sum_a, square_a), spread(sum_b, square_b),
            spread(sum_a - sum_b, square_a + square_b - 2 * product))


def paired_variances(first: Column, second: Column, m: int, n: int) -> tuple[float, float, float]:
    """(Var Âa, Var Âb, Var D̂) by DeLong et al. (1988): each column's S10/m + S01/n, and the
    same for the paired differences of the structural components — computed exactly from
    the integer counts (sums of their squares and products) and rounded once."""
    positives, negatives = _sums(first, second)
    by_positives, by_negatives = _spreads(positives, m, 2 * n), _spreads(negatives, n, 2 * m)
    return tuple(float(s10 / m + s01 / n) for s10, s01 in zip(by_positives, by_negatives))


@dataclass(frozen=True)
class Pair:
    """Two score columns on the same cases, checked and counted: ``a``, ``b`` (float64), the
    positives' ``mask``, the class sizes and each column's :class:`Column` of counts."""

    a: np.ndarray
    b: np.ndarray
    mask: np.ndarray
    m: int
    n: int
    first: Column
    second: Column

    @property
    def difference(self) -> float:
        """D̂ = Âa − Âb, one correctly rounded division of exact integers."""
        return (self.first.twice_u - self.second.twice_u) / (2 * self.m * self.n)

    @functools.cached_property
    def variances(self) -> tuple[float, float, float]:
        """(Var Âa, Var Âb, Var D̂) by DeLong et al. (:func:`paired_variances`)."""
        return paired_variances(self.first, self.second, self.m, self.n)


class Outcome(NamedTuple):
    """What a paired test computes: its statistic, p-value, and the variance of D̂ and covariance of
    Âa and Âb it used."""

    statistic: float
    p_value: float
    variance: float
    covariance: float
    test: ResampledTest | None = None


def _delong_paired(pair: Pair, hyp: Hypotheses, settings: ResamplingSettings | None = None) -> Outcome:
    """DeLong's paired test: T = (D̂ ∓ margin)/√Var(D̂), normal p-values (pROC's roc.test, method "delong")."""
    var_a, var_b, variance = pair.variances
    z, p_value = statistic(pair.difference, math.sqrt(variance), hyp)
    return Outcome(z, p_value, variance, (var_a + var_b - variance) / 2)


#: The paired tests by name (pROC's ``roc.test`` methods): each maps the counted :class:`Pair` and the
#: checked :class:`~._hypotheses.Hypotheses` to its :class:`Outcome`. A test is one entry here.
PAIRED_TESTS = {"delong": _delong_paired}


# pROC's resampled tests: the same statistic with the cases resampled (:mod:`._compare_tests`); the DeLong variance
# and covariance stay, for the interval rows.
def _resampled_paired(method: str, pair: Pair, hyp: Hypotheses, settings: ResamplingSettings) -> Outcome:
    a, b, mask = pair.a.astype(np.float64, copy=False), pair.b.astype(np.float64, copy=False), pair.mask
    z, p_value, test = run_test(method, (a[mask], a[~mask]), (b[mask], b[~mask]), paired=True, hyp=hyp,
                                settings=settings, mask=mask)
    var_a, var_b, variance = pair.variances
    return Outcome(z, p_value, variance, (var_a + var_b - variance) / 2, test)


PAIRED_TESTS["bootstrap"] = functools.partial(_resampled_paired, "bootstrap")
PAIRED_TESTS["venkatraman"] = functools.partial(_resampled_paired, "venkatraman")
PAIRED_TESTS["specificity"] = functools.partial(_resampled_paired, "specificity")
PAIRED_TESTS["sensitivity"] = functools.partial(_resampled_paired, "sensitivity")


def checked_test(method, tests: dict) -> str:
    """`method` checked against the tests of `tests`; an interval method's key is pointed to ``methods=``."""
    if isinstance(method, str) and method not in tests and method in METHODS:
        raise v.ParameterError("method", f"a test, one of {', '.join(map(repr, tests))} ({method!r} is an interval "
                               f"method: list it in {{methods}}, e.g. methods=[{method!r}])", v.show(method),
                               others=("methods",))
    return v.choice("method", method, tests)


def test_setup(method, tests: dict, alternative, margin, delta, confidence, options: dict):
    """(method, δ, hypotheses, resampling settings) of a comparison, checked: the test among `tests`,
    δ from `delta` or `confidence`, the hypotheses of `alternative` and `margin`, and the `options`
    (resamples, seed, …) that the test takes."""
    method = checked_test(method, tests)
    delta = v.failure_probability(delta, confidence)
    hyp = hypotheses(alternative, margin, delta)
    return method, delta, hyp, resampling_settings(method, hyp, options)


def compare(labels, scores_a, scores_b, *, method="delong", alternative="two-sided", margin=0.0, delta=None,
            confidence=None, methods=None, pos_label=None, data=None, nan_policy="raise", sample_weight=None,
            weight_kind=None, resamples=None, seed=None, stratified=None, workers=None, progress=None, range=None,
            focus=None, correct=None, specificity=None, sensitivity=None) -> Comparison:
    """A paired test of D = A_a − A_b (DeLong's, or one of pROC's resampled tests), with intervals for the
    difference, from one set of cases.

    `scores_a` and `scores_b` score the same cases, in the same order, as `labels`. Each
    class needs at least two cases. `method` is the test: ``"delong"``, DeLong, DeLong &
    Clarke-Pearson's (1988) paired test (pROC's ``roc.test(..., method = "delong")``).
    `alternative` and `margin` (≥ 0) choose the hypotheses, with D = A_a − A_b:

    - ``"two-sided"``: H0: D = 0 against H1: D ≠ 0 (margin 0);
    - ``"greater"``: H0: D ≤ −margin against H1: D > −margin (margin 0: pROC's "greater",
      H1: A_a > A_b; margin > 0: a is non-inferior to b);
    - ``"less"``: H0: D ≥ margin against H1: D < margin;
    - ``"equivalence"`` (margin > 0): H0: |D| ≥ margin against H1: |D| < margin, by two
      one-sided tests; the p-value is the larger of theirs.

    `methods` picks the interval rows among the keys of :func:`compare_methods`:
    ``delong`` (asymptotic), ``hoeffding``, ``hoeffding-kl``, ``mcdiarmid``,
    ``chebyshev-max`` (distribution-free) and ``normal-max``; the first three by default.
    With a one-sided alternative each row is the one-sided bound at level 1 − δ (its other
    end at ±1); with ``"equivalence"`` both ends are (the 1 − 2δ interval of the two
    one-sided tests). δ is 0.05 unless `delta` or `confidence` (= 1 − δ) is given. `data`
    and `nan_policy` as for :func:`aucbound.auc` (``"omit"`` drops a case missing either
    score).

    `sample_weight` (one weight ≥ 0 per case, or a column of `data`) and `weight_kind`
    (``"frequency"`` or ``"sampling"``, required with it) weigh the cases, as for
    :func:`aucbound.delong`: DeLong's test only (``method="delong"``), with the weighted paired
    variance — frequency weights give the test and every row of the cases repeated w times (m and
    n are then the total weights); sampling weights the sandwich variance and the DeLong row alone
    (the others in ``left_out``).

    >>> labels = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> f1, f2 = [-2, -1, 3, 4, 1, 2, 5, 6], [-2, -1, 5, 6, 1, 2, 3, 4]  # Table 1
    >>> result = compare(labels, f1, f2)
    >>> result.auc_a, result.auc_b, result.difference, round(result.z, 6), round(result.p_value, 6)
    (0.75, 0.5, 0.25, 1.224745, 0.220671)
    >>> result["hoeffding"].lo, result["hoeffding"].hi, result["hoeffding"].guarantee
    (-1.0, 1.0, 'vacuous')
    >>> one_sided = compare(labels, f1, f2, alternative="greater", margin=0.1)
    >>> round(one_sided.z, 6), round(one_sided.p_value, 6), one_sided.hypotheses
    (1.714643, 0.043205, ('D <= -0.1', 'D > -0.1'))

    **Resampled tests** (pROC's other ``roc.test`` methods, Robin et al. 2011): `method`
    ``"bootstrap"`` (D = D̂/s, s the standard deviation of D̂ over the bootstrap resamples;
    the partial AUCs with `range`, `focus`, `correct`), ``"venkatraman"`` (Venkatraman &
    Begg's 1996 permutation test of the whole curves, two-sided), ``"specificity"`` (the
    sensitivities at the given `specificity`) or ``"sensitivity"`` (the specificities at the
    given `sensitivity`). `resamples` (pROC's boot.n, 2000 by default), `seed`, `stratified`
    (True by default), `workers` and `progress` as for :func:`aucbound.bootstrap_test`; a
    setting the chosen test does not take is refused. The result is the same
    :class:`Comparison`: ``z`` and ``p_value`` are the chosen test's (its statistic: D, or
    Venkatraman's E), ``test`` the :class:`~aucbound.empirical.ResampledTest` itself; the
    AUCs, ``variance``, ``covariance`` and the interval rows are DeLong's, as they do not
    depend on the test. A `margin` (and ``"equivalence"``) goes with the bootstrap only:
    (D̂ ± margin)/s, as for DeLong's statistic.

    >>> boot = compare(labels, f1, f2, method="bootstrap", resamples=200, seed=1)
    >>> boot.method, boot.test.statistic_name, boot.z == boot.test.statistic, boot.difference
    ('bootstrap', 'D', True, 0.25)
    """
    kind_without_weights(sample_weight, weight_kind)
    method, delta, hyp, settings = test_setup(method, PAIRED_TESTS, alternative, margin, delta, confidence, dict(
        resamples=resamples, seed=seed, stratified=stratified, workers=workers, progress=progress, range=range,
        focus=focus, correct=correct, specificity=specificity, sensitivity=sensitivity))
    keys = method_keys(methods, DEFAULT_COMPARE_METHODS, allowed=compare_methods(), why=" (valid for a difference)")
    labels, scores_a, scores_b, weights = columns(("labels", labels), ("scores_a", scores_a), ("scores_b", scores_b),
                                                  ("sample_weight", sample_weight), data=data, nan_policy=nan_policy)
    weighted_out = ()
    if weights is None:
        pair = Pair(*_counted(labels, scores_a, scores_b, pos_label, ("scores_a", "scores_b"),
                              "for DeLong's paired test"))
        auc_a, auc_b, kind = pair.first.auc, pair.second.auc, None
    else:
        pair, keys, weighted_out = _weighted(labels, scores_a, scores_b, weights, pos_label, weight_kind, method,
                                             methods, keys)
        auc_a, auc_b, kind = pair.auc_a, pair.auc_b, pair.kind
    outcome = PAIRED_TESTS[method](pair, hyp, settings)
    return _comparison(auc_a, auc_b, pair.difference, pair.m, pair.n, pair.variances[2], outcome, hyp, delta, keys,
                       method=method, left_out=weighted_out, weights=kind)


def _comparison(auc_a, auc_b, difference, m, n, delong_variance, outcome: Outcome, hyp: Hypotheses, delta, keys, *,
                method="delong", left_out=(), weights=None) -> Comparison:
    """The :class:`Comparison` of a test's `outcome`, with the interval rows of `keys` for D̂ = `difference`
    (DeLong's row from `delong_variance`)."""
    rows, one_sided_out = one_sided_rows(
        keys, hyp, delta, lambda key, level: _difference_row(METHODS[key], m, n, level, difference, delong_variance))
    return Comparison(auc_a=auc_a, auc_b=auc_b, difference=difference, m=m, n=n, delta=delta,
                      variance=outcome.variance, covariance=outcome.covariance, z=outcome.statistic,
                      p_value=outcome.p_value, rows=rows, method=method, alternative=hyp.alternative,
                      margin=hyp.margin, left_out=left_out + one_sided_out, weights=weights, test=outcome.test)


def delong_comparison(twice_u_a: int, twice_u_b: int, m: int, n: int, variances, *, alternative="two-sided",
                      margin=0.0, delta=None, confidence=None, methods=None) -> Comparison:
    """DeLong's paired test and the interval rows from the exact counts 2U of each score and
    ``variances`` = (Var Âa, Var Âb, Var D̂), as :func:`compare` computes them on the cases themselves:
    for statistics gathered elsewhere (an engine's stream of sorted rows)."""
    _, delta, hyp, _ = test_setup("delong", PAIRED_TESTS, alternative, margin, delta, confidence, {})
    keys = method_keys(methods, DEFAULT_COMPARE_METHODS, allowed=compare_methods(), why=" (valid for a difference)")
    var_a, var_b, variance = variances
    difference = (twice_u_a - twice_u_b) / (2 * m * n)
    z, p_value = statistic(difference, math.sqrt(variance), hyp)
    outcome = Outcome(z, p_value, variance, (var_a + var_b - variance) / 2)
    return _comparison(twice_u_a / (2 * m * n), twice_u_b / (2 * m * n), difference, m, n, variance, outcome, hyp,
                       delta, keys)


def _weighted(labels, scores_a, scores_b, weights, pos_label, weight_kind, method, methods, keys):
    """(WeightedPair, interval keys, left out) of :func:`compare` with case weights: DeLong's test only;
    with sampling weights the DeLong row only (the default's others left out, with the reason)."""
    from ._weighted_compare import SAMPLING_COMPARE_LEFT_OUT, SAMPLING_COMPARE_METHODS, weighted_pair

    if method != "delong":
        raise v.ParameterError("method", "'delong' with {sample_weight} (only DeLong's paired test is weighted)",
                               v.show(method), others=("sample_weight",))
    pair = weighted_pair(labels, scores_a, scores_b, weights, pos_label, weight_kind)
    if pair.kind == "frequency":
        return pair, keys, ()
    if methods is not None:
        method_keys(methods, SAMPLING_COMPARE_METHODS, allowed=SAMPLING_COMPARE_METHODS,
                    why=f" with {SAMPLING_COMPARE_LEFT_OUT}")
    left_out = tuple((key, SAMPLING_COMPARE_LEFT_OUT) for key in keys if key not in SAMPLING_COMPARE_METHODS)
    return pair, [key for key in keys if key in SAMPLING_COMPARE_METHODS], left_out
