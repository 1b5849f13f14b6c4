"""What the API asks of an engine's table, and the checks every engine shares.

An engine wraps its table (a DuckDB relation, a Spark DataFrame) in a :class:`Table`, which
answers two questions: :meth:`Table.label_counts` — one cheap aggregate over the label and score
columns (the label values, the rows at each, the rows whose score is missing), run before anything
long so that bad input is refused at once — and :meth:`Table.sorted_levels` — the distinct scores in
increasing order with the positives and negatives at each, in chunks of numpy arrays. The statistics themselves are computed once, from that
stream, by :mod:`aucbound.empirical`'s level statistics, whatever the engine.

The other table functions ask more of a table. Groups: ``groups(by, score, label, positive, *, omit,
limit)`` — each group with its m and n, numbered by :class:`GroupCodes` — and ``grouped_rows(score,
label, positive, by, *, omit, progress, total)``, ``(scores, positive, group)`` chunks in score order.
A paired comparison: ``paired_statistics(scores, label, positive, *, omit, progress, total)``, the
two scores' statistics (2U, DeLong's S10 and S01, Lehmann's p̂1, p̂2) and DeLong's Var(Âa − Âb),
where the engine computes them itself (Spark); else ``paired_rows`` (DuckDB), the rows sorted by the
second score with their placements under the first, counted by
:class:`~aucbound.empirical.RowPlacements`.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from typing import Iterator, Protocol

import numpy as np

from .. import _validate as v
from ..empirical import label_value, positive_class

#: Column types a score may have, as the engines name them (upper case, without parameters).
NUMERIC_TYPES = {
    "TINYINT", "SMALLINT", "INTEGER", "BIGINT", "UTINYINT", "USMALLINT", "UINTEGER", "UBIGINT", "HUGEINT",
    "FLOAT", "DOUBLE", "REAL", "DECIMAL",
    # Spark's names
    "BYTE", "SHORT", "INT", "LONG",
}


@dataclass(frozen=True)
class LabelCounts:
    """Per distinct non-missing label value: the rows, and those with a missing score (NULL or NaN);
    and the rows whose label is missing (with a score or not)."""

    values: list
    rows: list[int]
    missing_scores: list[int]
    missing_labels: int

    @property
    def missing(self) -> int:
        return self.missing_labels + sum(self.missing_scores)


def label_counts_of(groups, label: str) -> LabelCounts:
    """:class:`LabelCounts` from an engine's aggregate: ``(value, rows, missing scores)`` per label
    value, NULL (None) and NaN counted as missing labels; more than two values are refused."""
    values, counts, missing, missing_labels = [], [], [], 0
    for value, rows_at, missing_at in sorted(groups, key=lambda row: (row[0] is None, str(row[0]))):
        if value is None or (isinstance(value, float) and value != value):
            missing_labels += rows_at
        else:
            values.append(value)
            counts.append(rows_at)
            missing.append(missing_at)
    if len(values) > 2:
        raise v.ParameterError("labels", "of two classes",
                               f"{len(values)} distinct values in {label!r} "
                               f"({', '.join(repr(x) for x in values[:5])}{', …' if len(values) > 5 else ''})")
    return LabelCounts(values, counts, missing, missing_labels)


class Table(Protocol):
    """An engine's view of one table."""

    engine: str
    description: str
    columns: list[str]

    def column_type(self, name: str) -> str: ...

    def label_counts(self, score: str, label: str) -> LabelCounts: ...

    def sorted_levels(self, score: str, label: str, positive, *, omit: bool, progress,
                      total: int) -> Iterator[tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """``(values, pos, neg)`` chunks of whole levels in increasing score order: each distinct score
        (numpy, the column's dtype) with its counts of positives and negatives (float64 whole numbers).
        `positive` is the label value of the positives; `omit` drops rows with a missing label or
        score; ``progress(done, total)`` is called as rows (of `total`) are counted."""


def column(table: Table, parameter: str, name) -> str:
    """`name` as a column of `table` (exactly, else the one column equal to it ignoring case)."""
    if not isinstance(name, str):
        raise v.ParameterTypeError(parameter, "a column name", v.show(name))
    if name in table.columns:
        return name
    folded = [col for col in table.columns if col.lower() == name.lower()]
    if len(folded) == 1:
        return folded[0]
    shown = ", ".join(repr(col) for col in table.columns[:12]) + (", …" if len(table.columns) > 12 else "")
    raise v.ParameterError(parameter, f"a column of {table.description} ({shown})", repr(name), verb="name")


def score_column(table: Table, score, parameter: str = "score") -> str:
    """The score column, refused unless numeric."""
    name = column(table, parameter, score)
    kind = table.column_type(name).upper().split("(")[0]
    if kind not in NUMERIC_TYPES:
        raise v.ParameterError(parameter, "a numeric column", f"{name!r} of type {table.column_type(name)}",
                               verb="name")
    return name


def positive_label(counts: LabelCounts, pos_label, nan_policy: str, description: str):
    """The label value of the positives, checked: two classes, both present, and no missing value
    unless `nan_policy` is "omit" (then a :class:`~aucbound.RowsOmittedWarning` says how many)."""
    if not sum(counts.rows) and not counts.missing:
        raise v.ParameterError("source", "a table with rows", f"{description}, which has none", verb="be")
    if counts.missing:
        if nan_policy != "omit":
            what = []
            if counts.missing_labels:
                what.append(f"{counts.missing_labels} row{'s' * (counts.missing_labels != 1)} with no label")
            if sum(counts.missing_scores):
                k = sum(counts.missing_scores)
                what.append(f"{k} row{'s' * (k != 1)} with no score (NULL or NaN)")
            raise v.MissingValueError("labels" if counts.missing_labels else "scores", "present in every row",
                                      f"{' and '.join(what)} in {description}")
        warnings.warn(v.RowsOmittedWarning(counts.missing, sum(counts.rows) + counts.missing_labels), stacklevel=4)
    values = [value for value, rows, missing in zip(counts.values, counts.rows, counts.missing_scores)
              if rows - missing > 0]
    if not values:
        raise v.ParameterError("source", "a table with complete rows", f"{description}, which has none", verb="have")
    if isinstance(pos_label, str) and not any(isinstance(value, str) for value in values):
        pos_label = label_value(pos_label, np.array(values))  # the label as a command line writes it: "1", "true"
    return positive_class(values, pos_label)


def class_sizes(counts: LabelCounts, positive) -> tuple[int, int]:
    """(m, n): the complete rows of the positive class and of the other."""
    m = n = 0
    for value, rows, missing in zip(counts.values, counts.rows, counts.missing_scores):
        if value == positive:
            m += rows - missing
        else:
            n += rows - missing
    return m, n


class GroupCodes:
    """Numbers for the groups of one or more columns: each column's values get codes, a row's codes are
    combined in mixed radix, and the combined code's rank among the groups' is the group's number.
    Rows are numbered batch by batch from Arrow's dictionary encoding of each column (one lookup per
    distinct value of the batch, none per row)."""

    def __init__(self, keys: list[tuple]):
        columns = list(zip(*keys)) if keys else []
        self.values = [sorted(set(column), key=_sort_key) for column in columns]
        self.codes = [{value: code for code, value in enumerate(values)} for values in self.values]
        self.radix = [len(values) for values in self.values]
        combined = np.array([self._combine([[self.codes[k][value]] for k, value in enumerate(key)])[0]
                             for key in keys], dtype=np.int64)
        order = np.argsort(combined, kind="stable")
        self.combined = combined[order]
        self.keys = [keys[k] for k in order]
        #: The group number of each combined code, where the codes are few enough for a table (else None:
        #: a binary search per row)
        self.table = None
        span = int(np.prod(self.radix, dtype=object)) if self.radix else 0
        if 0 < span <= 1 << 24:
            self.table = np.zeros(span, dtype=np.int32)
            self.table[self.combined] = np.arange(self.combined.shape[0], dtype=np.int32)

    def _combine(self, codes) -> np.ndarray:
        if len(codes) == 1:
            return np.asarray(codes[0], dtype=np.int64)
        combined = np.zeros(len(codes[0]), dtype=np.int64)
        for column, size in zip(codes, self.radix):
            combined = combined * size + np.asarray(column, dtype=np.int64)
        return combined

    def of(self, arrays) -> np.ndarray:
        """The group number of each row of a batch, from its Arrow columns."""
        import pyarrow.compute as pc

        codes = []
        for k, array in enumerate(arrays):
            encoded = pc.dictionary_encode(array)
            lookup = np.array([self.codes[k][value] for value in encoded.dictionary.to_pylist()] +
                              [self.codes[k].get(None, 0)], dtype=np.int64)
            indices = pc.fill_null(encoded.indices, len(encoded.dictionary)).to_numpy()
            codes.append(lookup[indices])
        combined = self._combine(codes)
        if self.table is not None:
            return self.table[combined]
        return np.searchsorted(self.combined, combined).astype(np.int32)


def _sort_key(value):
    """Group values sorted with missing ones last, values of different types by their type's name."""
    return (value is None, type(value).__name__, value if value is not None else 0)
