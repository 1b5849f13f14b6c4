"""k scorers on the same cases: DeLong's χ² test of equal AUCs, and simultaneous intervals for every pair.

DeLong, DeLong & Clarke-Pearson (1988, Biometrics 44, §3). With k score columns on the same
m positives and n negatives, each curve's structural components V10ʲ_i, V01ʲ_l pair up case by
case, and the covariance matrix of the vector of AUC estimates Â = (Â_1, …, Â_k) is estimated
by

    S = S10/m + S01/n,   S10_{jh} = Σ_i (V10ʲ_i − Â_j)(V10ʰ_i − Â_h)/(m − 1),  S01 the same over the negatives.

For a contrast matrix L (r × k, of full row rank r), the hypothesis LA = 0 (with rows that
sum to 0: equal AUCs in the directions L names) is tested by

    χ² = (LÂ)ᵀ (L S Lᵀ)⁻¹ (LÂ),

asymptotically χ² with r degrees of freedom under H0. The default L has the k − 1 rows
e_1 − e_j, j = 2 … k (the first curve against each other one): H0 is A_1 = A_2 = … = A_k.
S is computed exactly: twice each component is an integer, the sums of their products over
each class are exact integers (one pass per pair of columns), and S's entries are fractions;
Â is a fraction too, so χ² is formed in exact arithmetic and rounded once. L S Lᵀ is positive
semi-definite exactly, and when it is singular (two identical columns, say) the test is
taken in its range, by an elimination that skips the zero pivots: df is then its rank, and
if LÂ has a part outside the range (a difference with no variance), χ² is ∞ and p = 0, as the
paired test's Z = ±∞. With no variance in any direction and LÂ = 0, χ² = 0, df = 0, p = 1.

**Every pair at once.** For each of the P = k(k − 1)/2 pairs j < h, D̂ = Â_j − Â_h has
variance S_jj + S_hh − 2S_jh (exact: the same bits as :func:`aucbound.compare` of the two
columns), Z = D̂/SE and the two-sided p. Simultaneous intervals at level 1 − δ:

- Bonferroni: D̂ ± z(1 − δ/(2P))·SE; adjusted p = min(1, P·p);
- max-|z| (Hothorn, Bretz & Westfall 2008's single-step method): D̂ ± c·SE, c the 1 − δ
  quantile of max |Z_p| for Z ~ N(0, R), R the correlation of the P differences (from S);
  adjusted p = P(max |Z_p| ≥ |z|), computed by :mod:`._simultaneous`;
- distribution-free: Hoeffding–Chernoff's interval for the difference kernel
  (:func:`aucbound.compare`'s ``hoeffding-kl`` row) at δ/P for each pair, simultaneous by the
  union bound.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np

from .. import _normal
from .. import _validate as v
from ..bounds import METHODS
from ._columns import columns
from ._compare import Column, _difference_row, _score_column, _sums
from ._delong import counts_in_order
from . import _labels
from ._results import CurvesComparison, PairwiseDifference
from ._simultaneous import MaxAbsNormal

__all__ = ["compare_curves", "MAX_CURVES"]

#: The most score columns compare_curves takes: 190 pairs, where the max-|z| quantile is still within
#: about 2·10⁻³ (its standard error, checked against mvtnorm in R).
MAX_CURVES = 20

SOURCE = "DeLong et al. 1988, §3"


def _named_columns(scores) -> tuple[list[str], list[str], list]:
    """(names shown, parameter names, values) of the score columns given as a sequence, a dict or a 2-D array."""
    if isinstance(scores, dict):
        keys = list(scores)
        return [str(key) for key in keys], [f"scores[{key!r}]" for key in keys], [scores[key] for key in keys]
    if isinstance(scores, str) or not hasattr(scores, "__len__"):
        raise v.ParameterTypeError("scores", "a sequence of k >= 2 score columns, a dict name -> column, or a 2-D "
                                   "array with one column per scorer", v.show(scores))
    if isinstance(scores, np.ndarray) and scores.ndim == 2:
        values = [scores[:, j] for j in range(scores.shape[1])]
    elif hasattr(scores, "columns") and hasattr(scores, "iloc"):  # a DataFrame: one column per scorer
        return [str(name) for name in scores.columns], [f"scores[{name!r}]" for name in scores.columns], \
            [scores[name] for name in scores.columns]
    else:
        values = list(scores)
    names = [value if isinstance(value, str) else f"scores[{j}]" for j, value in enumerate(values)]
    return names, [f"scores[{j}]" for j in range(len(values))], values


def _covariance(counted: list[Column], m: int, n: int) -> list[list[Fraction]]:
    """S = S10/m + S01/n exactly, from the integer sums over each class of every pair of columns."""
    k = len(counted)
    s = [[Fraction(0)] * k for _ in range(k)]
    for j, h in itertools.combinations(range(k), 2):
        by_class = _sums(counted[j], counted[h])
        entries = {}
        for (sum_a, sum_b, square_a, square_b, product), count, scale, size in zip(by_class, (m, n), (2 * n, 2 * m),
                                                                                  (m, n)):
            denominator = scale * scale * count * (count - 1) * size
            for key, value in (((j, j), count * square_a - sum_a * sum_a), ((h, h), count * square_b - sum_b * sum_b),
                               ((j, h), count * product - sum_a * sum_b)):
                entries[key] = entries.get(key, 0) + Fraction(value, denominator)
        s[j][j], s[h][h], s[j][h] = entries[(j, j)], entries[(h, h)], entries[(j, h)]
        s[h][j] = s[j][h]
    return s


def _contrast(contrast, k: int) -> list[list[Fraction]]:
    """The contrast rows as exact fractions: by default e_1 − e_j, j = 2 … k; else finite, k columns, full row rank."""
    if contrast is None:
        return [[Fraction(1) if c == 0 else Fraction(-1) if c == j else Fraction(0) for c in range(k)]
                for j in range(1, k)]
    array = v.real("contrast", contrast)
    if array.ndim == 1:
        array = array[None, :]
    if array.ndim != 2 or array.shape[1] != k or array.shape[0] == 0:
        raise v.ParameterError("contrast", f"a matrix of rows of {k} numbers (one per score column)",
                               f"an array of shape {array.shape}")
    v.check("contrast", np.isfinite(array), "finite", array)
    rows = [[Fraction(float(x)) for x in row] for row in array]
    rank = _rank(rows)
    if rank < len(rows):
        raise v.ParameterError("contrast", "of full row rank (no row a combination of the others)",
                               f"{len(rows)} rows of rank {rank}")
    return rows


def _rank(rows: list[list[Fraction]]) -> int:
    """The rank of a matrix of fractions, by exact elimination."""
    rows = [list(row) for row in rows]
    rank, columns_ = 0, len(rows[0]) if rows else 0
    for c in range(columns_):
        pivot = next((r for r in range(rank, len(rows)) if rows[r][c] != 0), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        for r in range(rank + 1, len(rows)):
            factor = rows[r][c] / rows[rank][c]
            if factor:
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[rank])]
        rank += 1
    return rank


def _quadratic_form(matrix: list[list[Fraction]], x: list[Fraction]) -> tuple[Fraction | float, int]:
    """(xᵀ M⁺ x, rank M) for a positive semi-definite M of fractions, by symmetric elimination;
    ∞ when x is not in M's range. A zero pivot of a positive semi-definite matrix has a zero row."""
    size = len(x)
    m = [list(row) for row in matrix]
    x = list(x)
    total, rank = Fraction(0), 0
    for i in range(size):
        pivot = m[i][i]
        if pivot == 0:
            if x[i] != 0:
                return math.inf, _psd_rank(matrix)
            continue
        rank += 1
        total += x[i] * x[i] / pivot
        for j in range(i + 1, size):
            factor = m[j][i] / pivot
            if factor:
                x[j] -= factor * x[i]
                for c in range(i + 1, size):
                    m[j][c] -= factor * m[i][c]
    return total, rank


def _psd_rank(matrix: list[list[Fraction]]) -> int:
    return _rank(matrix) if matrix else 0


def _chi_square(statistic, df: int) -> float:
    if math.isinf(statistic):
        return 0.0
    if df == 0:
        return 1.0
    from scipy.stats import chi2

    return float(chi2.sf(float(statistic), df))


def _z(difference: float, variance: float) -> float:
    if variance > 0:
        return difference / math.sqrt(variance)
    return 0.0 if difference == 0 else math.copysign(math.inf, difference)


def _pairs(names, aucs, s, m, n, delta):
    """The pairwise rows, the Bonferroni and max-|z| critical values, and the latter's standard error."""
    pairs = list(itertools.combinations(range(len(aucs)), 2))
    count = len(pairs)
    bonferroni = float(_normal.upper_quantile(math.log(delta) - math.log(2 * count)))
    differences = [float(aucs[j] - aucs[h]) for j, h in pairs]
    variances = [float(s[j][j] + s[h][h] - 2 * s[j][h]) for j, h in pairs]
    varying = [p for p, variance in enumerate(variances) if variance > 0]
    critical, error, law = None, None, None
    if varying:
        covariance = np.array([[float(s[j][k] - s[j][l] - s[h][k] + s[h][l]) for k, l in (pairs[q] for q in varying)]
                               for j, h in (pairs[p] for p in varying)])
        scale = np.sqrt(np.diag(covariance))
        law = MaxAbsNormal(covariance / np.outer(scale, scale))
        critical, error = law.quantile(delta, bonferroni)
    rows = []
    for (j, h), difference, variance in zip(pairs, differences, variances):
        z = _z(difference, variance)
        p_value = float(_normal.two_sided_tail(abs(z)))
        se = math.sqrt(variance)
        free = _difference_row(METHODS["hoeffding-kl"], m, n, delta / count, difference, variance)
        p_max = p_value if law is None or variance == 0 else law.sf(abs(z))[0]
        lo_max, hi_max = (difference, difference) if critical is None else _clipped(difference, critical * se)
        rows.append(PairwiseDifference(
            a=names[j], b=names[h], difference=difference, variance=variance, z=z, p_value=p_value,
            p_bonferroni=min(1.0, count * p_value), p_max_z=min(1.0, max(p_max, p_value)),
            lo_bonferroni=_clipped(difference, bonferroni * se)[0], hi_bonferroni=_clipped(difference, bonferroni * se)[1],
            lo_max_z=lo_max, hi_max_z=hi_max, lo_hoeffding_kl=free.lo, hi_hoeffding_kl=free.hi))
    return tuple(rows), bonferroni, critical, error


def _clipped(center: float, half: float) -> tuple[float, float]:
    return max(-1.0, center - half), min(1.0, center + half)


def compare_curves(labels, scores, *, contrast=None, delta=None, confidence=None, pos_label=None, data=None,
                   nan_policy="raise") -> CurvesComparison:
    """DeLong's χ² test that k AUCs on the same cases are equal, with simultaneous intervals for every pair.

    `scores` holds k ≥ 2 score columns of the same cases as `labels` (at most
    :data:`MAX_CURVES`): a sequence of columns, a dict name → column, a 2-D array (one column
    per scorer), or column names with `data`. Each class needs at least two cases.
    `contrast` is the matrix L of the hypothesis LA = 0 (r × k, full row rank; a single row
    may be given flat); by default the k − 1 rows comparing the first curve with each other
    one, so that H0 is A_1 = … = A_k. χ² = (LÂ)ᵀ(L S Lᵀ)⁻¹(LÂ) with S DeLong's covariance
    matrix of the AUCs (DeLong et al. 1988, §3), on r degrees of freedom. Every pair j < h
    gets D̂ = Â_j − Â_h, its Z and p, and intervals that hold for all pairs at once at level
    1 − δ: Bonferroni's, the max-|z| one (the 1 − δ quantile of max |Z| over the pairs'
    correlated normal), and a distribution-free one (Hoeffding–Chernoff's for the difference
    kernel at δ/P, P the number of pairs). δ is 0.05 unless `delta` or `confidence` is given;
    `data` and `nan_policy` as for :func:`aucbound.auc`.

    >>> labels = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> result = compare_curves(labels, {"f1": [-2, -1, 3, 4, 1, 2, 5, 6], "f2": [-2, -1, 5, 6, 1, 2, 3, 4],
    ...                                  "f3": [1, 2, 3, 4, 5, 6, 7, 8]})
    >>> result.aucs, round(result.chi2, 6), result.df, round(result.p_value, 6)
    ((0.75, 0.5, 1.0), 3.0, 2, 0.22313)
    >>> [(row.a, row.b, row.difference, round(row.z, 6)) for row in result.pairs]
    [('f1', 'f2', 0.25, 1.224745), ('f1', 'f3', -0.25, -1.224745), ('f2', 'f3', -0.5, -1.732051)]
    """
    delta = v.failure_probability(delta, confidence)
    names, parameters, values = _named_columns(scores)
    if not 2 <= len(values) <= MAX_CURVES:
        raise v.ParameterError("scores", f"from 2 to {MAX_CURVES} score columns", f"{len(values)}", verb="hold")
    labels, *values = columns(("labels", labels), *zip(parameters, values), data=data, nan_policy=nan_policy)
    try:
        checked = [_score_column(parameter, value) for parameter, value in zip(parameters, values)]
    except (ValueError, TypeError):
        _labels.refuse_swapped(labels, values[0])
        raise
    for parameter, column in zip(parameters[1:], checked[1:]):
        if column.shape[0] != checked[0].shape[0]:
            raise v.ParameterError(parameter, f"as long as `{parameters[0]}` ({checked[0].shape[0]})",
                                   f"{column.shape[0]} values")
    mask = _labels.positive_mask(labels, pos_label, length=checked[0].shape[0], scores=values[0])
    m, n = _labels.class_sizes(mask, 2, "for DeLong's covariance of the AUCs")
    mask = np.ascontiguousarray(mask, dtype=np.bool_)
    keys = np.empty(mask.shape[0], dtype=np.uint64)
    counted = [Column(counts_in_order(column, mask, m, keys), mask, m, n) for column in checked]
    rows = _contrast(contrast, len(counted))
    s = _covariance(counted, m, n)
    aucs = [Fraction(column.twice_u, 2 * m * n) for column in counted]
    estimate = [sum(c * a for c, a in zip(row, aucs)) for row in rows]
    middle = [[sum(row[j] * s[j][h] for j in range(len(aucs))) for h in range(len(aucs))] for row in rows]
    form = [[sum(a * b for a, b in zip(left, right)) for right in rows] for left in middle]
    chi2, df = _quadratic_form(form, estimate)
    pairs, bonferroni, critical, error = _pairs(names, aucs, s, m, n, delta)
    return CurvesComparison(
        names=tuple(names), aucs=tuple(float(a) for a in aucs), m=m, n=n, delta=delta,
        covariance=tuple(tuple(float(x) for x in row) for row in s),
        contrast=tuple(tuple(float(x) for x in row) for row in rows),
        chi2=float(chi2), df=df, p_value=_chi_square(chi2, df), critical_bonferroni=bonferroni,
        critical_max_z=critical, critical_max_z_error=error, pairs=pairs, source=SOURCE)
