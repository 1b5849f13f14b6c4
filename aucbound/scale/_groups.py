"""Every group's AUC of a table, each against the pooled rest: :func:`table_groups`."""

from __future__ import annotations

from .. import _validate as v
from ..empirical import GroupedStatistics, closed_form_methods, statistics_rows, unpaired_comparison
from ._results import GroupAUC, GroupedTableAUC, TableAUC
from ._scan import clipped, scanned
from ._table import column


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
        names = tuple(column(scan.table, "by", name) for name in by)
        found = scan.table.groups(names, scan.score, scan.label, scan.positive, omit=scan.omit, limit=MAX_GROUPS)
        accumulated = GroupedStatistics([(m, n) for _, m, n in found])
        for scores, flags, codes in scan.table.grouped_rows(scan.score, scan.label, scan.positive, names,
                                                            omit=scan.omit, progress=progress, total=scan.m + scan.n):
            accumulated.add(scores, flags, codes)
        overall, own, rests = accumulated.finish()
    whole = TableAUC(auc=overall.auc, m=overall.m, n=overall.n, twice_u=overall.twice_u, delta=delta,
                     delong_variance=overall.variance, p1=clipped(overall.p1, overall.auc),
                     p2=clipped(overall.p2, overall.auc),
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
