"""The exact AUC of a table, with every closed-form interval: :func:`table_auc` (and its binned mode)."""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ..bounds import METHODS, Estimates, evaluate_row, interval_row
from ..empirical import LevelStatistics, binned_bounds, closed_form_methods, statistics_rows, warn_below_chance
from ._results import TableAUC
from ._scan import Scan, clipped, levels, scanned


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
        for _, pos, neg in levels(scan, progress):
            accumulated.add(pos, neg)
    stats = accumulated.statistics()
    warn_below_chance(stats.auc, pos_label)
    return TableAUC(auc=stats.auc, m=stats.m, n=stats.n, twice_u=stats.twice_u, delta=delta,
                    delong_variance=stats.variance, p1=clipped(stats.p1, stats.auc), p2=clipped(stats.p2, stats.auc),
                    rows=statistics_rows(stats, keys, delta), engine=scan.table.engine,
                    source=scan.table.description, levels=accumulated.levels)


#: The most bins of binned mode.
MAX_BINS = 10**7


def _binned_keys(keys, methods) -> list[str]:
    """The distribution-free methods among `keys` that read m, n and Â alone: binned mode knows Â only between
    two bounds (and not Lehmann's p̂1, p̂2)."""
    free = [key for key in keys if METHODS[key].guarantee == "distribution-free" and set(METHODS[key].needs) <= {"auc"}]
    if methods is not None and len(free) < len(keys):
        other = next(key for key in keys if key not in free)
        raise v.ParameterError("methods", "distribution-free and read only m, n and Â with {bins} (the binning bounds "
                               "Â; the others need the scores themselves)", repr(other), others=("bins",))
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
