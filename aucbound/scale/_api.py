"""The AUC of a table of any size: :func:`table_auc`."""

from __future__ import annotations

import contextlib

from .. import _validate as v
from ..empirical import LevelStatistics, closed_form_methods, statistics_rows
from ..empirical import NAN_POLICIES
from ._results import TableAUC
from ._settings import ENGINES, Settings
from ._table import class_sizes, column, positive_label, score_column


def _open(source, sql, database, engine, settings, spark_master):
    if engine not in ENGINES:
        raise v.fail("engine", f"one of {', '.join(map(repr, ENGINES))}", engine)
    if sql is not None and source is not None:
        raise v.ParameterError("sql", "given without a source (the query is the source)", repr(sql), verb="be")
    if sql is None and source is None:
        raise v.ParameterError("source", "a table (or `sql`, a query)", "None", verb="be")
    if database is not None and sql is None:
        raise v.ParameterError("database", "given with `sql` (the query runs on it)", repr(database), verb="be")
    if engine == "spark":
        from ._spark import open_table

        return open_table(source, sql=sql, database=database, settings=settings, master=spark_master)
    from ._duckdb import open_table

    return open_table(source, sql=sql, database=database, settings=settings)


def level_statistics(table, score: str, label: str, positive, *, omit: bool, progress, total: int):
    """:class:`~aucbound.empirical.LevelStatistics` of the table's rows, sorted by the engine."""
    stats = LevelStatistics()
    for _, pos, neg in table.sorted_levels(score, label, positive, omit=omit, progress=progress, total=total):
        stats.add(pos, neg)
    return stats


def table_auc(source=None, *, score, label, pos_label=None, sql=None, database=None, engine="duckdb", delta=None,
              confidence=None, methods=None, nan_policy="raise", memory_limit=None, spill_dir=None, threads=None,
              progress=None, spark_master="local[*]") -> TableAUC:
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
    memory_limit, spill_dir, threads
        The engine's memory (default 2 GB: beyond it DuckDB sorts on disk), where it spills (a fresh
        directory inside `spill_dir`, removed afterwards whatever happens, Ctrl-C included), its threads.
    progress
        Called as ``progress(rows_done, rows_total)`` as the sorted rows arrive.

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
    if nan_policy not in NAN_POLICIES:
        raise v.fail("nan_policy", f"one of {', '.join(map(repr, NAN_POLICIES))}", nan_policy)
    progress = v.progress("progress", progress)
    settings = Settings.checked(memory_limit, spill_dir, threads)
    with _open(source, sql, database, engine, settings, spark_master) as table:
        score, label = score_column(table, score), column(table, "label", label)
        counts = table.label_counts(score, label)
        positive = positive_label(counts, pos_label, nan_policy, table.description)
        m, n = class_sizes(counts, positive)
        stats = level_statistics(table, score, label, positive, omit=counts.missing > 0, progress=progress,
                                 total=m + n).statistics()
    result_stats = stats
    return TableAUC(auc=result_stats.auc, m=stats.m, n=stats.n, twice_u=stats.twice_u, delta=delta,
                    delong_variance=stats.variance, p1=_clipped(stats.p1, stats.auc), p2=_clipped(stats.p2, stats.auc),
                    rows=statistics_rows(stats, keys, delta), engine=table.engine, source=table.description,
                    levels=0)


def _clipped(p, auc):
    from ..empirical import clip_to_lehmann_range

    return float(clip_to_lehmann_range(p, auc))
