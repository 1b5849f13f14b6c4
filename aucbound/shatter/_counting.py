r"""ψ(m, n): how many m×n matrices over {0, ½, 1} are bipartite rank matrices.

Agarwal, Graepel, Herbrich, Har-Peled & Roth (2005), JMLR 6, §4.1 and §4.3:
``r(F, m, n) ≤ ψ(m, n) ≤ 3^{mn}`` (Thm 4.3 characterizes the realizable matrices) and
``3^{max(m,n)} ≤ ψ(m, n) ≤ (m+n)!·2^{m+n−1}`` (§4.3). ψ(m, n) = 3^{mn} exactly when
min(m, n) = 1 (a single row or column is always realizable), and ψ(m, n) < 3^{mn} for
m, n ≥ 2 — the paper's "strictly smaller" needs both sizes at least 2. This module
counts ψ exactly.

Brute force (:func:`count_realizable_bruteforce`, :func:`enumerate_realizable`) runs
through all 3^{mn} matrices, testing each with Thm 4.3 part 2 (every pair of rows must
form no forbidden 2×2 sub-matrix), vectorized with numpy; it stops at m·n = 16.

**The exact count** (:func:`psi`, beyond the paper). A realizable matrix is determined by
the weak order that f puts on the m + n points, and two weak orders give the same matrix
iff they differ only in the order of positives among positives and negatives among
negatives. Cut the weak order into its tie-levels and merge each run of consecutive
all-positive levels (and of all-negative levels) into one level: this changes no
comparison between a positive and a negative, and the result is the unique *canonical*
ordered partition of the m + n labelled points into levels of three types — P (positives
only), N (negatives only), M (both) — in which no two neighbouring levels are both P or
both N. Distinct canonical partitions give distinct matrices (two positives in the same
level have equal rows; levels in order can be read back from the matrix), so ψ(m, n) counts
canonical ordered partitions.

Count them in two steps. (i) The positives, read off level by level, form an ordered
partition of the m positives into s blocks (the P and M levels), and the negatives one of
the n negatives into t blocks (the N and M levels); there are ``F(m, s) = s!·S(m, s)``
(ordered Bell / Fubini numbers, S Stirling of the second kind) and F(n, t) of those.
(ii) The pattern of level types is a word over {P, N, M} with s letters P or M, t letters
N or M and no PP or NN. Between consecutive M's (and at both ends) sits an alternating
string of P's and N's, whose generating function in p (marks P), q (marks N) is
``(1+p)(1+q)/(1−pq)``; so the words have the generating function

    W(p, q) = G/(1 − pq·G),  G = (1+p)(1+q)/(1−pq),  i.e.  W = (1+p)(1+q)·V,
    V(p, q) = 1/(1 − pq(2 + p + q + pq)),

and ``ψ(m, n) = Σ_{s,t} F(m, s)·[p^s q^t]W·F(n, t)``. (The same series is
``m!n![x^m y^n] 1/(e^{−x} + e^{−y} − 1 − (e^x − 1)(e^y − 1))``.) Folding the factors
(1+p), (1+q) into the Fubini vectors, ``e(s) = F(m,s) + F(m,s+1)``,
``f(t) = F(n,t) + F(n,t+1)``, gives ``ψ = Σ_s e(s)·G_s(0)`` with
``G_s(r) = Σ_t V_{s,t} f(t+r)``. The denominator of V turns into the recurrence

    G_0(r) = f(r),   G_s(r) = 2·G_{s−1}(r+1) + G_{s−1}(r+2) + G_{s−2}(r+1) + G_{s−2}(r+2),

so, with m ≤ n (ψ is symmetric), ψ costs O(m²) additions of integers of O((m+n) log(m+n))
bits, after the Fubini numbers (forward differences of j^m and j^n, another O(m² + mn)).
ψ(1000, 1000), a number of 5859 digits, takes about 1.3 s. :func:`log_psi`
runs the same recurrences on logarithms in floating point (every term is positive, so nothing cancels).
The tests check ψ against brute force for every m·n ≤ 12 (and the benchmark at 4×4).

**Limits**, checked before any work: ψ(1, n) = 3^n is closed-form at any n (as an integer up
to :data:`MAX_DIGITS` digits); otherwise the exact count allows an estimated cost
:func:`exact_cost` ≤ :data:`MAX_EXACT_COST` (about 5 s: ψ(1500, 1500), ψ(10, 10^6)) and the logarithm
max(m,n)·min(max(m,n), 2·min(m,n)+2) ≤ :data:`MAX_PSI_COST` with max(m, n) ≤ 2·10^6 (a few
seconds at most). The exact integers 3^max(m,n), (m+n)!·2^(m+n−1) and 3^(mn) are given up to
:data:`MAX_DIGITS` digits, their logarithms at any size.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import numbers

import numpy as np

from .. import _validate as v
from .._exact import FLOAT
from ._results import PsiReport
from ._rank_matrices import compatible_rows

__all__ = [
    "psi",
    "log_psi",
    "psi_lower_bound",
    "log_psi_lower_bound",
    "psi_upper_bound",
    "log_psi_upper_bound",
    "matrix_count",
    "log_matrix_count",
    "count_realizable_bruteforce",
    "enumerate_realizable",
    "psi_table",
    "MAX_TABLE_PAIRS",
    "MAX_TABLE_COST",
    "MAX_BRUTEFORCE_CELLS",
    "MAX_ENUMERATE_CELLS",
    "psi_report",
    "MAX_DIGITS",
    "MAX_EXACT_COST",
    "check_bruteforce",
    "exact_cost",
    "MAX_PSI_COST",
    "psi_cost",
]

#: Brute-force counting goes up to m·n = 16 (3^16 ≈ 43 million matrices, a few seconds).
MAX_BRUTEFORCE_CELLS = 16
#: Listing the realizable matrices goes up to m·n = 12 (ψ(3, 4) = 15165 matrices).
MAX_ENUMERATE_CELLS = 12

#: The most decimal digits of an exact integer result (ψ, 3^(mn), (m+n)!·2^(m+n−1), …).
MAX_DIGITS = 1_000_000
#: The largest :func:`exact_cost` the exact count takes (about 5 s at the limit).
MAX_EXACT_COST = 8 * 10**9
#: The largest max(m,n)·min(max(m,n), 2·min(m,n)+2) the logarithm of ψ takes.
MAX_PSI_COST = 3 * 10**8
#: The largest max(m, n) the logarithm of ψ takes (its recurrence steps through every item).
MAX_PSI_SIDE = 2 * 10**6

LN3 = math.log(3.0)
LN10 = math.log(10.0)


def _sizes(m, n) -> tuple[int, int]:
    return v.count("m", m, maximum=v.MAX_COMBINATORIAL_COUNT), v.count("n", n, maximum=v.MAX_COMBINATORIAL_COUNT)


def _float(k: int) -> float:
    """An integer as a float, +inf past the largest float."""
    return FLOAT.number(k)


def _digits_at_most(parameter: str, log_value: float, what: str) -> None:
    """Refuse an exact integer of more than MAX_DIGITS digits (its logarithm is the way there)."""
    digits = log_value / LN10
    if digits > MAX_DIGITS:
        about = f"about {digits:.3g}" if math.isfinite(digits) else "more than 10^308"
        raise v.ParameterError(
            parameter, f"small enough for {what} to have at most {MAX_DIGITS:,} digits (use its logarithm)",
            f"a value with {about} digits",
        )


def _work_at_most(m: int, n: int, cost: int, limit: int, formula: str, purpose: str) -> None:
    """Refuse sizes whose work `cost` (the value of `formula`) passes `limit`, naming m and n."""
    if cost > limit:
        parameter, value, other = ("m", m, f"n = {n}") if m >= n else ("n", n, f"m = {m}")
        raise v.ParameterError(parameter, f"small enough, with {other}, that {formula} ≤ {limit:,} {purpose}",
                               v.show(value))


def exact_cost(m: int, n: int) -> float:
    """The work of :func:`psi`, in units of about 0.65 ns: min(m,n)²·(m+n) big-integer additions,
    plus the products and differences of the Fubini numbers of max(m, n), which have
    D = max·log10(2·min + 2) digits: 0.115·min·D^1.58 (Karatsuba's exponent; fitted on this
    machine, ψ(1000, 1000) 1.3 s, ψ(10, 10^6) 3.7 s, ψ(30, 3·10^5) 3.1 s)."""
    small, large = (_float(k) for k in sorted((m, n)))
    digits = large * math.log10(2 * small + 2)
    return small * small * (small + large) + 0.115 * small * digits**1.58


def psi_cost(m: int, n: int) -> int:
    """The work of :func:`log_psi`: max(m,n)·min(max(m,n), 2·min(m,n)+2) (0 when min(m, n) = 1)."""
    small, large = sorted((m, n))
    return 0 if small == 1 else large * min(large, 2 * small + 2)


# --- the exact count --------------------------------------------------------------------


def _fubini_row(n: int, top: int) -> list[int]:
    """[F(n, t) for t = 0..top]: the ordered partitions of n labelled items into t blocks.

    F(n, t) = Σ_j (−1)^{t−j} C(t, j) j^n is the t-th forward difference of j ↦ j^n at 0.
    """
    table = np.array([j**n for j in range(min(top, n) + 1)], dtype=object)
    row = [table[0]]
    for _ in range(min(top, n)):
        table = table[1:] - table[:-1]
        row.append(table[0])
    return row + [0] * (top - min(top, n))


def psi(m, n) -> int:
    """ψ(m, n): the number of m×n matrices over {0, ½, 1} that are bipartite rank matrices.

    Exact, by the ordered-partition recurrence in the module docstring (O(min(m,n)²)
    big-integer additions).

    >>> psi(2, 2), psi(1, 5), psi(3, 4)
    (51, 243, 15165)
    >>> psi(100, 100) > 10**387
    True
    """
    m, n = _sizes(m, n)
    _digits_at_most("n" if n >= m else "m", _float(max(m, n)) * LN3, "ψ(m, n) ≥ 3^max(m, n)")
    if min(m, n) > 1:
        _work_at_most(m, n, exact_cost(m, n), MAX_EXACT_COST, "the exact count's estimated work",
                      "steps (a few seconds; its logarithm takes larger sizes)")
    if m > n:
        m, n = n, m
    if m == 1:
        return 3**n
    fm = _fubini_row(m, m + 1)
    fn = _fubini_row(n, 2 * m + 2)
    e = [fm[s] + fm[s + 1] for s in range(m + 1)]
    g1 = np.array([fn[t] + fn[t + 1] for t in range(2 * m + 1)], dtype=object)  # G_0(r), r = 0..2m
    g2 = None
    total = e[0] * g1[0]
    for s in range(1, m + 1):
        a = g1 if g2 is None else g1 + g2[: g1.shape[0]]  # G_{s−1} + G_{s−2}
        g = a[1:-1] + a[2:] + g1[1:-1]  # G_s(r), r = 0..2(m−s)
        total += e[s] * g[0]
        g2, g1 = g1, g
    return int(total)


def _log_fubini_row(n: int, top: int) -> np.ndarray:
    """ln F(n, t) for t = 0..top (−inf where F is 0), by F(i, k) = k·(F(i−1, k) + F(i−1, k−1))."""
    width = min(top, n)
    log_k = np.log(np.arange(1, width + 1))
    row = np.full(top + 1, -np.inf)
    row[0] = 0.0
    for i in range(1, n + 1):
        k = min(i, width)
        row[1 : k + 1] = log_k[:k] + np.logaddexp(row[1 : k + 1], row[0:k])
        row[0] = -np.inf
    return row


@functools.lru_cache(maxsize=4096)
def _log_psi(m: int, n: int) -> float:
    if m > n:
        m, n = n, m
    fm = _log_fubini_row(m, m + 1)
    fn = _log_fubini_row(n, 2 * m + 2)
    e = np.logaddexp(fm[:-1], fm[1:])
    g1 = np.logaddexp(fn[: 2 * m + 1], fn[1 : 2 * m + 2])
    g2 = None
    terms = [e[0] + g1[0]]
    for s in range(1, m + 1):
        a = g1 if g2 is None else np.logaddexp(g1, g2[: g1.shape[0]])
        g = np.logaddexp(np.logaddexp(a[1:-1], a[2:]), g1[1:-1])
        terms.append(e[s] + g[0])
        g2, g1 = g1, g
    terms = np.array(terms)
    top = terms.max()
    return float(top + np.log(np.exp(terms - top).sum()))


def log_psi(m, n) -> float:
    """ln ψ(m, n), by the recurrence of :func:`psi` in floating point (relative error ~1e-14).

    Costs O(max(m,n)·min(max(m,n), 2·min(m,n))) floating-point operations: ψ(5000, 5000)
    takes about 1 s; see the module docstring for the limits. ln ψ(1, n) = n·ln 3 at any n.
    Results are cached.

    >>> round(log_psi(2, 2), 12) == round(math.log(51), 12)
    True
    >>> round(log_psi(1000, 1000), 3)
    13489.1
    """
    m, n = _sizes(m, n)
    if min(m, n) == 1:
        return v.finite_log("n" if n >= m else "m", max(m, n), _float(max(m, n)) * LN3, "3^max(m, n)")
    _work_at_most(m, n, max(m, n), MAX_PSI_SIDE, "max(m, n)", "for the logarithm of ψ")
    _work_at_most(m, n, psi_cost(m, n), MAX_PSI_COST, "max(m,n)·min(max(m,n), 2·min(m,n)+2)",
                  "for the logarithm of ψ")
    return _log_psi(m, n)


# --- the bounds stated in §4.3 and the trivial one --------------------------------------


def psi_lower_bound(m, n) -> int:
    """3^max(m, n) ≤ ψ(m, n) (§4.3: repeat one row, or one column, of any values).

    >>> psi_lower_bound(2, 3)
    27
    """
    m, n = _sizes(m, n)
    _digits_at_most("n" if n >= m else "m", _float(max(m, n)) * LN3, "3^max(m, n)")
    return 3 ** max(m, n)


def log_psi_lower_bound(m, n) -> float:
    """ln 3^max(m, n) = max(m, n)·ln 3."""
    m, n = _sizes(m, n)
    return v.finite_log("n" if n >= m else "m", max(m, n), _float(max(m, n)) * LN3, "3^max(m, n)")


def psi_upper_bound(m, n) -> int:
    """(m+n)!·2^(m+n−1) ≥ ψ(m, n) (§4.3: weak orders of m + n objects, overcounted).

    >>> psi_upper_bound(2, 2)
    192
    """
    m, n = _sizes(m, n)
    _digits_at_most("m", log_psi_upper_bound(m, n), "(m+n)!·2^(m+n−1)")
    return math.factorial(m + n) * 2 ** (m + n - 1)


def log_psi_upper_bound(m, n) -> float:
    """ln((m+n)!·2^(m+n−1))."""
    m, n = _sizes(m, n)
    total = _float(m + n)
    return v.finite_log("m" if m >= n else "n", max(m, n), math.lgamma(total + 1) + (total - 1) * math.log(2.0),
                       "(m+n)!·2^(m+n−1)")


def matrix_count(m, n) -> int:
    """3^(m·n): every m×n matrix over {0, ½, 1}; ψ(m, n) ≤ 3^(m·n), with equality iff min(m, n) = 1.

    >>> matrix_count(2, 2)
    81
    """
    m, n = _sizes(m, n)
    _digits_at_most("m", _float(m * n) * LN3, "3^(m·n)")
    return 3 ** (m * n)


def log_matrix_count(m, n) -> float:
    """ln 3^(m·n) = m·n·ln 3."""
    m, n = _sizes(m, n)
    return v.finite_log("m" if m >= n else "n", max(m, n), _float(m * n) * LN3, "3^(m·n)")


# --- brute force ------------------------------------------------------------------------


def _checked_cells(m, n, limit: int, purpose: str) -> tuple[int, int]:
    m, n = _sizes(m, n)
    _work_at_most(m, n, m * n, limit, "m·n",
                  f"for {purpose} of all 3^(m·n) matrices (the exact count psi(m, n) takes larger sizes)")
    return m, n


def _realizable_blocks(m: int, n: int, chunk: int = 1 << 20):
    """Yield (row codes, mask) per chunk of all 3^(mn) matrices, rows of length min(m, n).

    Matrix number k has rows r_0..r_{M−1}, the base-3^N digits of k; it is realizable iff
    every pair of rows is compatible (Thm 4.3 part 2).
    """
    rows_count, width = max(m, n), min(m, n)
    base = 3**width
    ok = compatible_rows(width).ravel()
    total = base**rows_count
    for start in range(0, total, chunk):
        index = np.arange(start, min(start + chunk, total), dtype=np.int64)
        rows = []
        for _ in range(rows_count):
            index, row = np.divmod(index, base)
            rows.append(row)
        mask = np.ones(rows[0].shape[0], dtype=bool)
        for a in range(rows_count):
            for b in range(a + 1, rows_count):
                mask &= ok[rows[a] * base + rows[b]]
        yield rows, mask


def check_bruteforce(m, n) -> tuple[int, int]:
    """(m, n), checked for :func:`count_realizable_bruteforce` without counting."""
    return _checked_cells(m, n, MAX_BRUTEFORCE_CELLS, "brute-force counting")


def count_realizable_bruteforce(m, n) -> int:
    """ψ(m, n) by testing all 3^(m·n) matrices (Thm 4.3 part 2); refuses m·n > 16.

    >>> count_realizable_bruteforce(2, 2), count_realizable_bruteforce(3, 3)
    (51, 2067)
    """
    m, n = check_bruteforce(m, n)
    return sum(int(mask.sum()) for _, mask in _realizable_blocks(m, n))


def enumerate_realizable(m, n) -> np.ndarray:
    """Every realizable m×n bipartite rank matrix, shape (ψ(m, n), m, n), entries 0, ½, 1; refuses m·n > 12.

    Listed in base-3 order of their entries read row by row (the transpose order when m > n).

    >>> enumerate_realizable(1, 2)[:4]
    array([[[0. , 0. ]],
    <BLANKLINE>
           [[0. , 0.5]],
    <BLANKLINE>
           [[0. , 1. ]],
    <BLANKLINE>
           [[0.5, 0. ]]])
    """
    m, n = _checked_cells(m, n, MAX_ENUMERATE_CELLS, "listing")
    width = min(m, n)
    digits = 3 ** np.arange(width - 1, -1, -1)
    blocks = []
    for rows, mask in _realizable_blocks(m, n):
        kept = np.stack([row[mask] for row in reversed(rows)], axis=1)  # most significant row first
        blocks.append((kept[..., None] // digits) % 3)
    codes = np.concatenate(blocks).astype(np.int8)
    if m < n:
        codes = codes.transpose(0, 2, 1)
    return codes / 2.0


# --- one report for the command line and tables ------------------------------------------

METHODS = ("exact", "bruteforce", "log")


def psi_report(m, n, *, method: str = "exact") -> PsiReport:
    """ψ(m, n) with the bounds of §4.3, by `method`: 'exact', 'bruteforce' (m·n ≤ 16) or 'log' (ln ψ only).

    >>> report = psi_report(2, 2)
    >>> report.psi, report.lower, report.upper, report.matrices
    (51, 9, 192, 81)
    >>> psi_report(2, 2, method="bruteforce").psi
    51
    """
    m, n = _sizes(m, n)
    v.choice("method", method, METHODS)
    if method == "log":
        count, log_count = None, log_psi(m, n)
    else:
        count = count_realizable_bruteforce(m, n) if method == "bruteforce" else psi(m, n)
        log_count = math.log(count)
    return PsiReport(
        m, n, method, count, log_count, log_psi_lower_bound(m, n), log_psi_upper_bound(m, n), log_matrix_count(m, n)
    )


# --- a table of ψ -------------------------------------------------------------------------

#: The most (m, n) pairs :func:`psi_table` takes.
MAX_TABLE_PAIRS = 10_000
#: The most work :func:`psi_table` does in all, in the units of :func:`exact_cost` ('exact') and
#: :func:`psi_cost` ('log'): about 5 s and 1 s.
MAX_TABLE_COST = {"exact": 8 * 10**9, "log": 6 * 10**8}


def _size_range(parameter: str, values) -> range:
    """One size, or consecutive sizes (a range or a sequence of them), as a range of integers ≥ 1."""
    if isinstance(values, range):
        if values.step != 1 or values.stop <= values.start or values.start < 1:
            raise v.fail(parameter, "a range of consecutive sizes ≥ 1", values)
        return values
    sizes = v.counts(parameter, [values] if isinstance(values, numbers.Integral) else values,
                     maximum=v.MAX_COMBINATORIAL_COUNT)
    if sizes != tuple(range(sizes[0], sizes[-1] + 1)):
        raise v.fail(parameter, "consecutive sizes (a range A..B)", list(sizes))
    return range(sizes[0], sizes[-1] + 1)


def psi_table(ms, ns, *, method: str = "exact", bruteforce: bool = False, progress=None) -> tuple[PsiReport, ...]:
    """:func:`psi_report` for every m of `ms` and n of `ns` (m-major), with the table's work checked first.

    `ms` and `ns` are one size or a range of them. The pairs (at most :data:`MAX_TABLE_PAIRS`)
    and their work in all (at most :data:`MAX_TABLE_COST` for 'exact' or 'log') are checked
    before any count; with `bruteforce` every exact count is also made by testing all 3^(m·n)
    matrices (m·n ≤ 16), and a disagreement raises an error asking for a report.
    `progress(done, total)` sees each pair.

    >>> [report.psi for report in psi_table(range(1, 3), range(2, 4), bruteforce=True)]
    [9, 27, 51, 261]
    """
    ms, ns = _size_range("ms", ms), _size_range("ns", ns)
    method = v.choice("method", method, ("exact", "log"))
    pairs = (ms.stop - ms.start) * (ns.stop - ns.start)  # len() of a range past 2^63 overflows
    if pairs > MAX_TABLE_PAIRS:
        raise v.ParameterError("ms", f"make at most {MAX_TABLE_PAIRS:,} pairs (m, n) with {{ns}}", f"{pairs:,}",
                               others=("ns",), verb="")
    if bruteforce:
        if method == "log":
            raise v.fail("bruteforce", "False with method='log' (brute force checks exact counts)", bruteforce)
        check_bruteforce(ms[-1], ns[-1])  # the largest m·n, before any counting
    cost = exact_cost if method == "exact" else psi_cost
    total = 0
    for m in reversed(ms):  # the work grows with m and n: the top corner first, to refuse at once
        for n in reversed(ns):
            total += 0 if min(m, n) == 1 else cost(m, n)
            if total > MAX_TABLE_COST[method]:
                hint = "; method='log' is faster" if method == "exact" else ""
                raise v.ParameterError("ms", f"need at most {MAX_TABLE_COST[method]:,} steps in all with {{ns}} for "
                                       f"the {'exact count' if method == 'exact' else 'logarithm'} (one large pair "
                                       f"may take seconds){hint}", "more: narrow the ranges", others=("ns",), verb="")
    reports = []
    for k, (m, n) in enumerate(itertools.product(ms, ns), start=1):
        report = psi_report(m, n, method=method)
        if bruteforce:
            counted = count_realizable_bruteforce(m, n)
            if counted != report.psi:
                raise RuntimeError(f"brute force gave {counted} but psi gave {report.psi} at m = {m}, n = {n}; "
                                   "please report this")
            report = dataclasses.replace(report, bruteforce=counted)
        reports.append(report)
        if progress is not None:
            progress(k, pairs)
    return tuple(reports)
