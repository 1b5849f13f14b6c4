"""A table opened by its engine and checked, before anything long runs: what every table function starts with."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from .. import _validate as v
from ..empirical import NAN_POLICIES, clip_to_lehmann_range
from ._settings import ENGINES, Settings
from ._table import class_sizes, column, positive_label, score_column


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


def levels(scan: Scan, progress):
    return scan.table.sorted_levels(scan.score, scan.label, scan.positive, omit=scan.omit, progress=progress,
                                    total=scan.m + scan.n)


def clipped(p, auc) -> float:
    return float(clip_to_lehmann_range(p, auc))
