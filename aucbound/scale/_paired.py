"""DeLong's paired test of two score columns of a table: :func:`table_compare`."""

from __future__ import annotations

from .. import _validate as v
from ..empirical import Comparison, PairedDifferences, RowPlacements, delong_comparison
from ._scan import Scan, scanned


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
    placement carried along; Spark gives each score's sorted levels their placements and joins them
    back to the rows.

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
        if scan.m < 2 or scan.n < 2:
            raise v.ParameterError("labels", "at least 2 positives and 2 negatives (for DeLong's paired test)",
                                   f"{scan.m} and {scan.n}", verb="have")
        if hasattr(scan.table, "paired_statistics"):
            first, last, variance = scan.table.paired_statistics(scan.scores, scan.label, scan.positive,
                                                                 omit=scan.omit, progress=progress,
                                                                 total=scan.m + scan.n)
        else:
            first, last, variance = _paired_rows(scan, progress)
    variances = (first.variance, last.variance, variance)
    return delong_comparison(first.twice_u, last.twice_u, first.m, first.n, variances, alternative=alternative,
                             margin=margin, delta=delta, confidence=confidence, methods=methods)


def _paired_rows(scan: Scan, progress):
    """(Statistics of the first score, of the second, Var(Âa − Âb)) from the engine's rows sorted twice
    (:meth:`~aucbound.scale._duckdb.DuckDBTable.paired_rows`)."""
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
    return first, second.statistics.statistics(), differences.variance(first.m, first.n)
