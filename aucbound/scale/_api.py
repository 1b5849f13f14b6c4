"""The AUC of a table of any size: :func:`table_auc`, :func:`table_roc`, :func:`table_compare`."""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .. import _validate as v
from ..empirical import (NAN_POLICIES, LevelStatistics, PairedDifferences, RowPlacements, clip_to_lehmann_range,
                         closed_form_methods, curve_from_levels, delong_comparison, statistics_rows)
from ..empirical import (Comparison, GroupedStatistics, PartialAUC, ROCCurve, binned_bounds, checked_range,
                         partial_result, partial_value, unpaired_comparison)
from ..bounds import METHODS, Estimates, evaluate_row, interval_row
from ._results import GroupAUC, GroupedTableAUC, TableAUC
from ._settings import ENGINES, Settings
from ._table import class_sizes, column, positive_label, score_column

#: The most distinct scores :func:`table_roc` keeps (three numbers each: 24 bytes).
MAX_ROC_LEVELS = 10**8


def _engine_module(engine):
    if engine not in ENGINES:
        raise v.fail("engine", f"one of {', '.join(map(repr, ENGINES))}", engine)
    if engine == "spark":
        from . import _spark

        return _spark
    from . import _duckdb

    return _duckdb


@dataclass(frozen=True)
class Scan:
    """A table opened by its engine and checked: the score and label columns, the positives' label
    value, m and n, and whether rows with a missing value are to be dropped."""

    table: object
    scores: tuple[str, ...]
    label: str
    positive: object
    m: int
    n: int
    omit: bool

    @property
    def score(self) -> str:
        return self.scores[0]


@contextlib.contextmanager
def scanned(source, scores, label, pos_label, *, sql, database, engine, nan_policy, memory_limit, spill_dir, threads,
            spark_master):
    """A :class:`Scan`: the engine opens the table, one aggregate checks the labels and counts the
    missing values before anything long runs, and the spill directory goes when the block ends."""
    if nan_policy not in NAN_POLICIES:
        raise v.fail("nan_policy", f"one of {', '.join(map(repr, NAN_POLICIES))}", nan_policy)
    if sql is not None and source is not None:
        raise v.ParameterError("sql", "given without a source (the query is the source)", repr(sql), verb="be")
    if sql is None and source is None:
        raise v.ParameterError("source", "a table (or `sql`, a query)", "None", verb="be")
    if database is not None and sql is None:
        raise v.ParameterError("database", "given with `sql` (the query runs on it)", repr(database), verb="be")
    module = _engine_module(engine)
    settings = Settings.checked(memory_limit, spill_dir, threads)
    master = {"master": spark_master} if engine == "spark" else {}
    with module.open_table(source, sql=sql, database=database, settings=settings, **master) as table:
        names = tuple(score_column(table, score, parameter) for score, parameter in scores)
        label = column(table, "label", label)
        counts = table.label_counts(names[0] if len(names) == 1 else names, label)
        positive = positive_label(counts, pos_label, nan_policy, table.description)
        m, n = class_sizes(counts, positive)
        yield Scan(table, names, label, positive, m, n, counts.missing > 0)


def _levels(scan: Scan, progress):
    return scan.table.sorted_levels(scan.score, scan.label, scan.positive, omit=scan.omit, progress=progress,
                                    total=scan.m + scan.n)


def _clipped(p, auc) -> float:
    return float(clip_to_lehmann_range(p, auc))


def table_auc(source=None, *, score, label, pos_label=None, sql=None, database=None, engine="duckdb", delta=None,
              confidence=None, methods=None, nan_policy="raise", bins=None, memory_limit=None, spill_dir=None,
              threads=None, progress=None, spark_master="local[*]") -> TableAUC:
    """The exact AUC of column `score` against `label` in a table of any size, with every closed-form
    interval (DeLong, the distribution-free ones, …), computed by an engine that sorts out of core.

    Parameters
    ----------
    source
        A Parquet file, a directory of them or a glob; a CSV file (named .csv, .tsv or .txt); a DuckDB
        relation; an Arrow table; a pandas or polars DataFrame; with ``engine="spark"`` a Spark DataFrame
        or a table name.
    score, label
        Column names. The score column is numeric (integers compared exactly, also beyond 2^53);
        labels are two values, as for :func:`aucbound.auc` (`pos_label` names the positive one unless
        they are booleans, 0/1 or −1/1).
    sql, database
        Instead of `source`: a query, run on the DuckDB database file `database` (or on an empty
        in-memory one, where it may read files itself: ``SELECT … FROM 'data/*.parquet'``).
    engine
        ``"duckdb"`` (embedded, the default) or ``"spark"``.
    spark_master
        With ``engine="spark"`` and no active Spark session: the master URL of the session started (and
        kept for the next calls), ``"local[*]"`` (this machine's cores) or a cluster's
        (``"spark://host:7077"``); `memory_limit` is then the driver's memory, `spill_dir` Spark's local
        directory.
    delta, confidence, methods
        As for :func:`aucbound.intervals`, for the closed-form methods (every method but the bootstrap).
    nan_policy
        ``"raise"`` refuses rows with a missing label or score (NULL, NaN); ``"omit"`` drops them with a
        :class:`~aucbound.RowsOmittedWarning`.
    bins
        Binned mode, for speed on huge continuous scores (DuckDB): the scores counted in `bins` bins of
        equal width, with no sort. Never an unlabelled approximation: ``auc_low`` and ``auc_high`` are
        the exact bounds on Â that the binning allows (the pairs inside one bin counted 0 and 1),
        ``auc`` their midpoint, and the rows the distribution-free intervals widened to hold for any
        AUC between the bounds.
    memory_limit, spill_dir, threads
        The engine's memory (default 2 GB: beyond it DuckDB sorts on disk), where it spills (a fresh
        directory inside `spill_dir`, removed afterwards whatever happens, Ctrl-C included), its threads.
    progress
        Called as ``progress(done, total)`` as the engine sorts and the sorted rows arrive.

    Returns
    -------
    TableAUC
        Â, m, n, the exact 2U, DeLong's variance, p̂1, p̂2, one row per method, and the engine.

    Examples
    --------
    >>> import aucbound, pandas as pd
    >>> frame = pd.DataFrame({"y": [0, 0, 1, 1, 1, 0, 1, 0, 0, 1],
    ...                       "p": [0.1, 0.4, 0.35, 0.8, 0.7, 0.2, 0.9, 0.6, 0.3, 0.55]})
    >>> result = table_auc(frame, score="p", label="y")
    >>> result.auc, result.twice_u, result.engine, result.auc == aucbound.auc(frame.y, frame.p)
    (0.88, 44, 'duckdb', True)
    >>> round(result["delong"].lo, 4), round(result["hoeffding-kl"].lo, 4)
    (0.6583, 0.2991)
    """
    delta = v.failure_probability(delta, confidence)
    keys = closed_form_methods(methods)
    progress = v.progress("progress", progress)
    if bins is not None:
        bins = v.count("bins", bins, minimum=2, maximum=MAX_BINS)
        keys = _binned_keys(keys, methods)
    with scanned(source, [(score, "score")], label, pos_label, sql=sql, database=database, engine=engine,
                 nan_policy=nan_policy, memory_limit=memory_limit, spill_dir=spill_dir, threads=threads,
                 spark_master=spark_master) as scan:
        if bins is not None:
            return _binned(scan, bins, keys, delta)
        accumulated = LevelStatistics()
        for _, pos, neg in _levels(scan, progress):
            accumulated.add(pos, neg)
    stats = accumulated.statistics()
    return TableAUC(auc=stats.auc, m=stats.m, n=stats.n, twice_u=stats.twice_u, delta=delta,
                    delong_variance=stats.variance, p1=_clipped(stats.p1, stats.auc), p2=_clipped(stats.p2, stats.auc),
                    rows=statistics_rows(stats, keys, delta), engine=scan.table.engine,
                    source=scan.table.description, levels=accumulated.levels)


#: The most bins of binned mode.
MAX_BINS = 10**7


def _binned_keys(keys, methods) -> list[str]:
    """The distribution-free methods among `keys`: binned mode knows Â only between two bounds."""
    free = [key for key in keys if METHODS[key].guarantee == "distribution-free"]
    if methods is not None and len(free) < len(keys):
        other = next(key for key in keys if key not in free)
        raise v.ParameterError("methods", "distribution-free with {bins} (those need only m, n and Â, which the "
                               "binning bounds; the others need the scores themselves)", repr(other), others=("bins",))
    return free


def _binned(scan: Scan, bins: int, keys, delta) -> TableAUC:
    """:func:`table_auc` in binned mode: the bounds on Â that the bins allow, and the distribution-free
    rows from the lower end at the lower bound to the upper end at the upper bound."""
    if not hasattr(scan.table, "binned_counts"):
        raise v.ParameterError("bins", "given with engine='duckdb'", repr(scan.table.engine), verb="be")
    pos, neg = scan.table.binned_counts(scan.score, scan.label, scan.positive, omit=scan.omit, bins=bins)
    low, middle, high = binned_bounds(pos, neg)
    m, n = int(pos.sum()), int(neg.sum())
    scale = 2 * m * n
    auc_low, auc, auc_high = low / scale, middle / scale, high / scale
    rows = []
    for key in keys:
        below = evaluate_row(METHODS[key], m, n, delta, 0.0, Estimates(auc_low))
        above = evaluate_row(METHODS[key], m, n, delta, 0.0, Estimates(auc_high))
        rows.append(interval_row(METHODS[key], m, n, delta, auc, below.lo, above.hi))
    return TableAUC(auc=auc, m=m, n=n, twice_u=middle, delta=delta, delong_variance=None, p1=None, p2=None,
                    rows=tuple(rows), engine=scan.table.engine, source=scan.table.description,
                    levels=int(np.count_nonzero(pos + neg)), bins=bins, auc_low=auc_low, auc_high=auc_high)


def table_roc(source=None, *, score, label, pos_label=None, sql=None, database=None, engine="duckdb",
              nan_policy="raise", memory_limit=None, spill_dir=None, threads=None, progress=None,
              spark_master="local[*]") -> ROCCurve:
    """The empirical ROC curve of column `score` against `label` in a table of any size: the curve
    :func:`aucbound.roc_curve` gives on the same rows, point for point. One point per distinct score
    (at most :data:`MAX_ROC_LEVELS`, refused beyond); arguments as for :func:`table_auc`.

    >>> import aucbound, pandas as pd
    >>> frame = pd.DataFrame({"y": [0, 0, 1, 1], "p": [0.1, 0.4, 0.35, 0.8]})
    >>> curve = table_roc(frame, score="p", label="y")
    >>> curve.tp.tolist(), curve.fp.tolist(), curve.auc
    ([0, 1, 1, 2, 2], [0, 0, 1, 1, 2], 0.75)
    """
    progress = v.progress("progress", progress)
    with scanned(source, [(score, "score")], label, pos_label, sql=sql, database=database, engine=engine,
                 nan_policy=nan_policy, memory_limit=memory_limit, spill_dir=spill_dir, threads=threads,
                 spark_master=spark_master) as scan:
        accumulated, parts, kept = LevelStatistics(), [], 0
        for values, pos, neg in _levels(scan, progress):
            kept += values.shape[0]
            if kept > MAX_ROC_LEVELS:
                raise v.ParameterError("score", f"at most {MAX_ROC_LEVELS} distinct scores for an ROC curve "
                                       "(one point each)", f"more in {scan.table.description}", verb="have")
            accumulated.add(pos, neg)
            parts.append((values, pos, neg))
    values, pos, neg = (np.concatenate([part[k] for part in parts]) if parts else np.zeros(0) for k in range(3))
    if values.dtype.kind in "iu" and values.shape[0] and max(abs(int(values[0])), abs(int(values[-1]))) > 2**53:
        raise v.ParameterError("scores", "within ±2^53 for an ROC curve (its thresholds are float64 values)",
                               "integers beyond 2^53")
    return curve_from_levels(values.astype(np.float64), pos, neg, accumulated.twice_u)


def table_partial_auc(source=None, *, score, label, range=(0.9, 1.0), focus="specificity", correct=False,
                      pos_label=None, sql=None, database=None, engine="duckdb", nan_policy="raise", memory_limit=None,
                      spill_dir=None, threads=None, progress=None, spark_master="local[*]") -> PartialAUC:
    """The partial AUC of column `score` over a range of specificity (or sensitivity), exactly as
    :func:`aucbound.partial_auc` gives it on the same rows (pROC's ``partial.auc``; McClish's
    standardisation with `correct`), from the levels an engine sorts. Only the levels from the top of
    the curve down to the range's far end are kept (at most :data:`MAX_ROC_LEVELS`). No interval: the
    bootstrap resamples rows held in memory. Other arguments as for :func:`table_auc`.

    >>> import aucbound, pandas as pd
    >>> frame = pd.DataFrame({"y": [0, 0, 0, 0, 1, 1, 1, 1], "f1": [-2, -1, 3, 4, 1, 2, 5, 6]})
    >>> table_partial_auc(frame, score="f1", label="y", range=(0.5, 1)).auc
    0.25
    """
    progress = v.progress("progress", progress)
    low, high, focus = checked_range(range, focus, correct)
    with scanned(source, [(score, "score")], label, pos_label, sql=sql, database=database, engine=engine,
                 nan_policy=nan_policy, memory_limit=memory_limit, spill_dir=spill_dir, threads=threads,
                 spark_master=spark_master) as scan:
        m, n = scan.m, scan.n
        if focus == "specificity":  # the negatives above a level reach n·(1 − low) from there up
            needed, total = n - math.floor(n * (1 - Fraction(low))), lambda pos, neg: neg
        else:
            needed, total = m - math.floor(m * Fraction(high)), lambda pos, neg: pos
        seen, parts, kept = 0, [], 0
        for values, pos, neg in _levels(scan, progress):
            through = seen + np.cumsum(total(pos, neg))  # the class's items at or below each level
            seen = int(through[-1]) if through.shape[0] else seen
            first = int(np.searchsorted(through, needed, side="left"))
            if first < values.shape[0]:
                kept += values.shape[0] - first
                if kept > MAX_ROC_LEVELS:
                    raise v.ParameterError("range", f"reaching at most {MAX_ROC_LEVELS} distinct scores down from "
                                           "the top of the curve", f"more in {scan.table.description}", verb="be")
                parts.append((pos[first:], neg[first:]))
    pos, neg = (np.concatenate([part[k] for part in parts]) if parts else np.zeros(0) for k in (0, 1))
    from_top = [np.concatenate(([0], np.cumsum(counts[::-1].astype(np.int64)))) for counts in (pos, neg)]
    area, corrected = partial_value(from_top[0], from_top[1], m, n, focus, low, high, correct)
    return partial_result(focus, low, high, area, corrected, m, n, 0.05)


def table_compare(source=None, *, scores, label, pos_label=None, sql=None, database=None, engine="duckdb",
                  alternative="two-sided", margin=0.0, delta=None, confidence=None, methods=None, nan_policy="raise",
                  memory_limit=None, spill_dir=None, threads=None, progress=None,
                  spark_master="local[*]") -> Comparison:
    """DeLong's paired test of two score columns on the same rows of a table of any size, with the
    intervals for the difference: the :class:`~aucbound.Comparison` :func:`aucbound.compare` gives on
    the same rows (z, the p-value and the variances to the last digits; the AUCs exactly).

    `scores` names the two columns (a, b); D = A_a − A_b. `alternative`, `margin`, `delta`,
    `confidence` and `methods` as for :func:`aucbound.compare`; the other arguments as for
    :func:`table_auc` (``nan_policy="omit"`` drops a row missing either score). DuckDB sorts the rows
    twice: by the first score, when each row gets its placement, then by the second, with that
    placement carried along.

    >>> import aucbound, pandas as pd
    >>> frame = pd.DataFrame({"y": [0, 0, 0, 0, 1, 1, 1, 1], "f1": [-2, -1, 3, 4, 1, 2, 5, 6],
    ...                       "f2": [-2, -1, 5, 6, 1, 2, 3, 4]})  # Agarwal et al. 2005, Table 1
    >>> result = table_compare(frame, scores=("f1", "f2"), label="y")
    >>> result.difference, round(result.z, 6), round(result.p_value, 6)
    (0.25, 1.224745, 0.220671)
    """
    progress = v.progress("progress", progress)
    if isinstance(scores, str) or len(scores) != 2:
        raise v.ParameterError("scores", "two column names (a, b)", v.show(scores), verb="be")
    named = [(scores[0], "scores_a"), (scores[1], "scores_b")]
    with scanned(source, named, label, pos_label, sql=sql, database=database, engine=engine, nan_policy=nan_policy,
                 memory_limit=memory_limit, spill_dir=spill_dir, threads=threads,
                 spark_master=spark_master) as scan:
        if not hasattr(scan.table, "paired_rows"):
            raise v.ParameterError("engine", "'duckdb' for a paired comparison of a table", repr(engine), verb="be")
        if scan.m < 2 or scan.n < 2:
            raise v.ParameterError("labels", "at least 2 positives and 2 negatives (for DeLong's paired test)",
                                   f"{scan.m} and {scan.n}", verb="have")
        second, differences = RowPlacements(), PairedDifferences()
        bound = 2 * max(scan.m, scan.n)
        for scores_b, flags, twice_a in scan.table.paired_rows(scan.scores, scan.label, scan.positive, omit=scan.omit,
                                                               progress=progress, total=scan.m + scan.n):
            placed = second.add(scores_b, flags, twice_a)
            if placed is not None:
                differences.add(placed[2], placed[0], placed[1], bound)
        placed = second.finish()
        if placed is not None:
            differences.add(placed[2], placed[0], placed[1], bound)
        first = scan.table.first.statistics.statistics()
    last = second.statistics.statistics()
    variances = (first.variance, last.variance, differences.variance(first.m, first.n))
    return delong_comparison(first.twice_u, last.twice_u, first.m, first.n, variances, alternative=alternative,
                             margin=margin, delta=delta, confidence=confidence, methods=methods)


#: The most groups :func:`table_groups` takes: each group's statistics are kept, and the AUC of a tiny
#: group says little.
MAX_GROUPS = 10**4
#: The interval rows of each group unless `methods` names others: DeLong's, and Hoeffding's distribution-free
#: bound, a closed form (the Kullback–Leibler bound, narrower, is solved numerically: about 10 ms a row, which
#: thousands of groups would feel; `methods` asks for it).
GROUP_METHODS = ("delong", "hoeffding")
#: The rows of each group against its rest.
REST_METHODS = ("delong", "hoeffding")


def _by_columns(by) -> tuple:
    names = (by,) if isinstance(by, str) else tuple(by) if isinstance(by, (list, tuple)) else None
    if not names:
        raise v.ParameterError("by", "a column name or a sequence of them", v.show(by), verb="be")
    return names


def table_groups(source=None, *, score, label, by, pos_label=None, sql=None, database=None, engine="duckdb",
                 delta=None, confidence=None, methods=None, nan_policy="raise", memory_limit=None, spill_dir=None,
                 threads=None, progress=None, spark_master="local[*]") -> GroupedTableAUC:
    """The AUC of every group of the columns `by` (one or more), each with its intervals and against the
    pooled rest of the table, from one sort of the whole table — what a fairness audit asks for.

    Each group's AUC, DeLong's variance and interval rows (`methods`; DeLong's and Hoeffding's
    distribution-free bound by default) are those :func:`table_auc` gives on the group's rows alone;
    ``versus_rest`` tests D = A_group − A_rest by DeLong's unpaired test (the group and its rest are
    disjoint rows) with its DeLong and Hoeffding intervals, as :func:`aucbound.compare_unpaired` gives
    on the two sets of rows. At most :data:`MAX_GROUPS` groups, counted before the sort. Other arguments as for
    :func:`table_auc`. The rest's statistics come from the same pass as the groups'
    (:class:`~aucbound.empirical._stream_groups.GroupedStatistics`), every sum an exact integer.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"y": [0, 1, 0, 1, 0, 1, 0, 1, 1, 0], "p": [1, 2, 3, 4, 5, 6, 2, 9, 8, 7],
    ...                       "site": ["a"] * 6 + ["b"] * 4})
    >>> result = table_groups(frame, score="p", label="y", by="site")
    >>> [(g.group, g.auc) for g in result.groups], result.auc
    ([(('a',), 0.6666666666666666), (('b',), 1.0)], 0.74)
    >>> result.group("a").versus_rest.difference
    -0.33333333333333337
    """
    delta = v.failure_probability(delta, confidence)
    keys = list(GROUP_METHODS) if methods is None else closed_form_methods(methods)
    progress = v.progress("progress", progress)
    by = _by_columns(by)
    with scanned(source, [(score, "score")], label, pos_label, sql=sql, database=database, engine=engine,
                 nan_policy=nan_policy, memory_limit=memory_limit, spill_dir=spill_dir, threads=threads,
                 spark_master=spark_master) as scan:
        if not hasattr(scan.table, "grouped_rows"):
            raise v.ParameterError("engine", "'duckdb' for the groups of a table", repr(engine), verb="be")
        names = tuple(column(scan.table, "by", name) for name in by)
        found = scan.table.groups(names, scan.score, scan.label, scan.positive, omit=scan.omit, limit=MAX_GROUPS)
        accumulated = GroupedStatistics([(m, n) for _, m, n in found])
        for scores, flags, codes in scan.table.grouped_rows(scan.score, scan.label, scan.positive, names,
                                                            omit=scan.omit, progress=progress, total=scan.m + scan.n):
            accumulated.add(scores, flags, codes)
        overall, own, rests = accumulated.finish()
    whole = TableAUC(auc=overall.auc, m=overall.m, n=overall.n, twice_u=overall.twice_u, delta=delta,
                     delong_variance=overall.variance, p1=_clipped(overall.p1, overall.auc),
                     p2=_clipped(overall.p2, overall.auc),
                     rows=statistics_rows(overall, closed_form_methods(None), delta),
                     engine=scan.table.engine, source=scan.table.description, levels=None)
    groups = tuple(_group(key, m, n, stats, rest, keys, delta) for (key, m, n), stats, rest in zip(found, own, rests))
    return GroupedTableAUC(by=names, auc=overall.auc, m=overall.m, n=overall.n, delta=delta, groups=groups,
                           engine=scan.table.engine, source=scan.table.description, overall=whole)


def _group(key, m, n, stats, rest, keys, delta) -> GroupAUC:
    if stats is None:
        return GroupAUC(group=tuple(key), m=m, n=n, auc=None, twice_u=None, delong_variance=None, delta=delta)
    versus = None
    if rest is not None and min(stats.m, stats.n, rest.m, rest.n) >= 2:
        versus = unpaired_comparison(stats, rest, delta=delta, methods=REST_METHODS)
    return GroupAUC(group=tuple(key), m=m, n=n, auc=stats.auc, twice_u=stats.twice_u, delong_variance=stats.variance,
                    delta=delta,
                    rows=statistics_rows(stats, keys, delta), versus_rest=versus)
