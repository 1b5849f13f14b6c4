"""The DuckDB engine: a table (Parquet, CSV, SQL, a relation, an Arrow table, a pandas or polars frame)
scanned, checked and sorted by DuckDB embedded in the process, out of core beyond its memory limit.

DuckDB sorts; the rows come back in Arrow record batches, each turned into numpy arrays without a copy,
and :mod:`aucbound.empirical`'s level statistics count them. Window functions over the distinct scores
would put the counting inside DuckDB, but they are several times slower than the sort itself on scores
with many ties, and the stream is not.
"""

from __future__ import annotations

import contextlib
import glob
import os
import queue
import threading

import numpy as np

from .. import _validate as v
from ..empirical import RowPlacements, SortedRows
from ._table import GroupCodes, LabelCounts, label_counts_of

#: Rows per record batch of the sorted stream: large enough that numpy's work per batch dominates its
#: overhead, small enough to stay a few tens of megabytes.
BATCH_ROWS = 1 << 20
#: Twice placements below this travel through a paired comparison's second sort as int32.
NARROW_PLACEMENTS = 2**31
#: The suffixes read as CSV (anything else is read as Parquet).
CSV_SUFFIXES = (".csv", ".tsv", ".txt", ".csv.gz", ".tsv.gz", ".txt.gz")


def quoted(name: str) -> str:
    """A column name as a DuckDB identifier."""
    return '"' + name.replace('"', '""') + '"'


def literal(value) -> str:
    """A label value as a DuckDB literal."""
    if isinstance(value, (bool, np.bool_)):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    return "'" + str(value).replace("'", "''") + "'"


def _duckdb():
    import duckdb

    return duckdb


def engine_error(error: Exception, description: str) -> v.ParameterError:
    """A DuckDB error while reading `description`, as one line naming the source."""
    text = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return v.ParameterError("source", "a table DuckDB can read", f"{description}: {text}", verb="be")


def is_parquet(path: str) -> bool:
    """Whether `path` (a file) starts with Parquet's magic bytes."""
    try:
        with open(path, "rb") as handle:
            return handle.read(4) == b"PAR1"
    except OSError:
        return False


def _path_relation(con, path: str):
    """A relation reading the file, directory or glob `path`: CSV by its suffix, else Parquet."""
    if os.path.isdir(path):
        files = os.path.join(path, "**", "*.parquet")
        if not glob.glob(files, recursive=True):
            raise v.ParameterError("source", "a directory holding .parquet files", repr(path), verb="be")
        return con.read_parquet(files)
    if not glob.has_magic(path) and not os.path.exists(path):
        raise v.ParameterError("source", "an existing file, directory or glob", repr(path), verb="be")
    if glob.has_magic(path) and not glob.glob(path, recursive=True):
        raise v.ParameterError("source", "a glob matching files", repr(path), verb="be")
    if path.lower().endswith(CSV_SUFFIXES):
        return con.read_csv(path)
    if not glob.has_magic(path) and not is_parquet(path):
        raise v.ParameterError("source", "a Parquet file (or CSV, named .csv or .tsv)",
                               f"{path!r}, which is not Parquet", verb="be")
    return con.read_parquet(path)


def describe(source, sql) -> str:
    if sql is not None:
        return "the query"
    if isinstance(source, (str, os.PathLike)):
        return os.fspath(source)
    return f"the {type(source).__name__}"


def prefetched(batches, depth: int = 2):
    """The items of the iterator `batches`, produced by a thread while the caller works on the previous
    ones: DuckDB fills the next Arrow batch (releasing the GIL) while numpy counts this one. An error in
    the thread is raised here; leaving early stops the thread."""
    buffer, stop, end = queue.Queue(depth), threading.Event(), object()

    def produce():
        try:
            for item in batches:
                while not stop.is_set():
                    try:
                        buffer.put(item, timeout=0.1)
                        break
                    except queue.Full:
                        continue
                if stop.is_set():
                    return
            buffer.put(end)
        except BaseException as error:  # noqa: BLE001 - handed to the consumer, which raises it
            buffer.put(error)

    thread = threading.Thread(target=produce, daemon=True)
    thread.start()
    try:
        while True:
            item = buffer.get()
            if item is end:
                return
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        stop.set()
        while thread.is_alive():
            try:
                buffer.get(timeout=0.1)
            except queue.Empty:
                pass


def _numpy_batches(reader, columns: int):
    """Each Arrow batch of `reader` as numpy arrays (without copies where Arrow allows)."""
    for batch in reader:
        yield tuple(batch.column(k).to_numpy(zero_copy_only=False) for k in range(columns))


class Phases:
    """``progress(done, total)`` over several phases of equal weight (sorts, streams): phase k at
    fraction f reports (k + f)/phases of `total`."""

    def __init__(self, progress, total: int, phases: int):
        self.progress, self.total, self.phases = progress, max(total, 1), phases

    def __call__(self, phase: int, fraction: float) -> None:
        self.progress(min(self.total, int((phase + min(max(fraction, 0.0), 1.0)) / self.phases * self.total)),
                      self.total)


@contextlib.contextmanager
def watched(connection, phases: Phases, phase: int, every: float = 0.25):
    """While the block runs a query on `connection` (a sort, which returns nothing until it is done),
    report DuckDB's own progress of it as phase `phase` of `phases`, from a thread polling it."""
    if connection is None:
        yield
        return
    stop = threading.Event()

    def poll():
        while not stop.wait(every):
            try:
                percent = connection.query_progress()
            except Exception:  # noqa: BLE001 - the connection closing under the poll ends it
                return
            if percent >= 0:
                phases(phase, percent / 100.0)

    thread = threading.Thread(target=poll, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


class DuckDBTable:
    """A table read by DuckDB (see :mod:`aucbound.scale._table`)."""

    engine = "duckdb"

    def __init__(self, relation, description: str, connection, own: bool = True):
        self.relation, self.description, self.connection = relation, description, connection
        #: The connection whose progress is ours to watch (None for a relation of the caller's connection).
        self.own = connection if own else None
        self.columns = list(relation.columns)
        self._types = {name: str(kind) for name, kind in zip(relation.columns, relation.types)}

    def column_type(self, name: str) -> str:
        return self._types[name]

    def _is_float(self, name: str) -> bool:
        return self._types[name].upper() in ("FLOAT", "DOUBLE", "REAL")

    def _missing_score(self, score: str) -> str:
        q = quoted(score)
        return f"{q} IS NULL OR isnan({q})" if self._is_float(score) else f"{q} IS NULL"

    def _score(self, score: str) -> str:
        q = quoted(score)
        return f"CAST({q} AS DOUBLE)" if self._types[score].upper().startswith("DECIMAL") else q

    def label_counts(self, score, label: str) -> LabelCounts:
        """One aggregate: the rows at each label value, and those among them without a score (`score` a
        column, or a tuple of columns: without one of them)."""
        q = quoted(label)
        missing = self._missing_any(score)
        try:
            rows = self.relation.aggregate(
                f"{q} AS label, count(*) AS rows, count(*) FILTER (WHERE {missing}) AS missing", q).fetchall()
        except _duckdb().Error as error:
            raise engine_error(error, self.description) from None
        return label_counts_of(rows, label)

    def _complete(self, score, label: str):
        """The rows with a label and every score of `score` (a column, or a tuple of them)."""
        return self.relation.filter(f"NOT ({self._missing_any(score)}) AND NOT ({self._missing_score(label)})")

    def _missing_any(self, score) -> str:
        """The condition that a row misses a score of `score` (a column, or a tuple of them)."""
        return " OR ".join(f"({self._missing_score(name)})" for name in ((score,) if isinstance(score, str) else score))

    def sorted_levels(self, score: str, label: str, positive, *, omit: bool, progress, total: int):
        """The levels in increasing score order (:meth:`aucbound.scale._table.Table.sorted_levels`),
        counted by :class:`~aucbound.empirical.SortedRows` from the rows DuckDB sorts."""
        rows = SortedRows()
        for scores, flags in self.sorted_rows(score, label, positive, omit=omit, progress=progress, total=total):
            yield from rows.add(scores, flags)
        yield from rows.finish()

    def sorted_rows(self, score: str, label: str, positive, *, omit: bool, progress, total: int):
        """(scores, positive) numpy chunks in increasing score order."""
        relation = self._complete(score, label) if omit else self.relation
        ordered = relation.project(f"{self._score(score)} AS s, {quoted(label)} = {literal(positive)} AS p").order("s")
        phases, done = Phases(progress, total, 2), 0
        try:
            with watched(self.own, phases, 0):
                reader = ordered.to_arrow_reader(BATCH_ROWS)
            for scores, flags in prefetched(_numpy_batches(reader, 2)):
                done += scores.shape[0]
                phases(1, done / total)
                yield scores, flags
        except _duckdb().Error as error:
            raise engine_error(error, self.description) from None

    def groups(self, by: tuple[str, ...], score: str, label: str, positive, *, omit: bool, limit: int) -> list:
        """``[(key, m, n), …]``: each group of the columns `by` (key a tuple of their values) with its
        positives and negatives, in the order :meth:`grouped_rows` numbers them; refused beyond `limit`."""
        relation = self._complete(score, label) if omit else self.relation
        columns = ", ".join(quoted(name) for name in by)
        is_positive = f"{quoted(label)} = {literal(positive)}"
        try:
            found = relation.aggregate(f"{columns}, count(*) FILTER (WHERE {is_positive}) AS m, "
                                       f"count(*) FILTER (WHERE NOT ({is_positive})) AS n", columns).fetchall()
        except _duckdb().Error as error:
            raise engine_error(error, self.description) from None
        if len(found) > limit:
            raise v.ParameterError("by", f"columns with at most {limit} groups (each group's statistics are kept, "
                                   "and a tiny group's AUC says little)", f"{len(found)} groups", verb="give")
        self._codes = GroupCodes([tuple(row[:len(by)]) for row in found])
        counts = {tuple(row[:len(by)]): row[len(by):] for row in found}
        return [(key, *counts[key]) for key in self._codes.keys]

    def grouped_rows(self, score: str, label: str, positive, by: tuple[str, ...], *, omit: bool, progress, total: int):
        """``(scores, positive, group)`` numpy chunks in increasing score order, `group` each row's group
        number (int32, as :meth:`groups` numbered them)."""
        relation = self._complete(score, label) if omit else self.relation
        columns = ", ".join(quoted(name) for name in by)
        ordered = relation.project(f"{self._score(score)} AS s, {quoted(label)} = {literal(positive)} AS p, "
                                   f"{columns}").order("s")
        phases, done = Phases(progress, total, 2), 0
        try:
            with watched(self.own, phases, 0):
                reader = ordered.to_arrow_reader(BATCH_ROWS)
            numbered = ((batch.column(0).to_numpy(), batch.column(1).to_numpy(zero_copy_only=False),
                         self._codes.of([batch.column(2 + k) for k in range(len(by))])) for batch in reader)
            for scores, flags, codes in prefetched(numbered):
                done += scores.shape[0]
                phases(1, done / total)
                yield scores, flags, codes
        except _duckdb().Error as error:
            raise engine_error(error, self.description) from None

    def binned_counts(self, score: str, label: str, positive, *, omit: bool, bins: int):
        """``(pos, neg)``: the positives and negatives in each of `bins` bins of equal width between the
        smallest and the largest score, in increasing order (float64 counts), by two aggregates and no
        sort. The bin of a score, floor((s − lo)/(hi − lo)·bins) capped at bins − 1, never decreases as
        the score grows (each operation is monotone in floating point), so scores in different bins are
        ordered as their bins are."""
        relation = self._complete(score, label) if omit else self.relation
        s = f"CAST({quoted(score)} AS DOUBLE)"
        try:
            low, high = relation.aggregate(f"min({s}), max({s})").fetchall()[0]
            spread = f"({s} - {literal(float(low))}) / {literal(float(high) - float(low))}" if high > low else "0.0"
            binned = relation.project(f"least(CAST(floor({spread} * {bins}) AS BIGINT), {bins - 1}) AS bin, "
                                      f"{quoted(label)} = {literal(positive)} AS p")
            counted = binned.aggregate("bin, count(*) FILTER (WHERE p) AS pos, count(*) FILTER (WHERE NOT p) AS neg",
                                       "bin").order("bin").fetchnumpy()
        except _duckdb().Error as error:
            raise engine_error(error, self.description) from None
        pos, neg = np.zeros(bins), np.zeros(bins)
        pos[counted["bin"]] = counted["pos"]
        neg[counted["bin"]] = counted["neg"]
        return pos, neg

    def paired_rows(self, scores: tuple[str, str], label: str, positive, *, omit: bool, progress, total: int):
        """Rows sorted twice, for a paired comparison: ``(scores_b, positive, twice_a)`` numpy chunks in
        increasing order of the second score, `twice_a` each row's twice placement under the first
        (:class:`~aucbound.empirical.RowPlacements`), with the first score's level statistics in
        :attr:`first` once the chunks are through.

        DuckDB sorts the rows by the first score; numpy gives each its placement; the rows (the second
        score, and the placement carrying the class) go to a Parquet file in the spill directory (12 bytes
        a row), which DuckDB sorts by the second score and streams back.
        """
        import pyarrow as pa
        import pyarrow.parquet as pq

        a, b = scores
        relation = self._complete(scores, label) if omit else self.relation
        first = relation.project(f"{self._score(a)} AS a, {self._score(b)} AS b, "
                                 f"{quoted(label)} = {literal(positive)} AS p").order("a")
        self.first = placements = RowPlacements()
        phases = Phases(progress, total, 3)
        try:
            with watched(self.own, phases, 0):
                reader = first.to_arrow_reader(BATCH_ROWS)
            # the second sort's rows: the second score, and the placement under the first carrying the class in
            # its sign (t for a positive, −t − 1 for a negative), as int32 while every t < 2^31 (4 bytes a row
            # fewer to sort), else float64 (whole numbers, exact); written to a Parquet file in the spill
            # directory, which DuckDB then reads with all its threads (from a Python stream, one thread would)
            narrow = 2 * max(total, 1) < NARROW_PLACEMENTS
            schema = pa.schema([("b", reader.schema.field("b").type), ("t", pa.int32() if narrow else pa.float64())])
            done = [0]

            def placed():
                for scores_a, scores_b, flags in _numpy_batches(reader, 3):
                    done[0] += scores_a.shape[0]
                    phases(1, done[0] / total)
                    yield placements.add(scores_a, flags, scores_b)
                yield placements.finish()

            path = os.path.join(self.spill, "placed.parquet")
            with pq.ParquetWriter(path, schema, compression="none", use_dictionary=False,
                                  write_statistics=False) as writer:
                for out in prefetched(placed()):
                    if out is not None:
                        twice, flags, scores_b = out
                        encoded = np.where(flags, twice, -twice - 1.0)
                        writer.write_batch(pa.record_batch([scores_b, encoded.astype(np.int32) if narrow else encoded],
                                                           schema=schema))
            second = self.connection.read_parquet(path)
            done[0] = 0
            for scores_b, twice in prefetched(_numpy_batches(second.order("b").to_arrow_reader(BATCH_ROWS), 2)):
                done[0] += scores_b.shape[0]
                phases(2, done[0] / total)
                twice = twice.astype(np.float64, copy=False)
                flags = twice >= 0
                yield scores_b, flags, np.where(flags, twice, -twice - 1.0)
        except _duckdb().Error as error:
            raise engine_error(error, self.description) from None


@contextlib.contextmanager
def open_table(source, *, sql, database, settings):
    """A :class:`DuckDBTable` of `source` (or of the query `sql` on `database`) on a connection with
    `settings`' memory limit, threads and a spill directory removed afterwards."""
    duckdb = _duckdb()
    description = describe(source, sql)
    with settings.spill_directory() as spill:
        config = {"memory_limit": f"{settings.memory // 2**20}MiB", "temp_directory": spill,
                  "preserve_insertion_order": False}
        if settings.threads is not None:
            config["threads"] = settings.threads
        try:
            if database is not None:
                if not os.path.exists(os.fspath(database)):
                    raise v.ParameterError("database", "an existing DuckDB database file", repr(os.fspath(database)),
                                           verb="be")
                con = duckdb.connect(os.fspath(database), read_only=True, config=config)
            else:
                con = duckdb.connect(config=config)
        except duckdb.Error as error:
            raise v.ParameterError("database", "a DuckDB database file", f"{database!r}: {error}", verb="be") from None
        try:
            con.execute("SET enable_progress_bar = true; SET enable_progress_bar_print = false; "
                        "SET progress_bar_time = 0")  # DuckDB's progress, read by :func:`watched`, not printed
            relation = _relation(con, source, sql, description)
            table = DuckDBTable(relation, description, con, own=not isinstance(source, duckdb.DuckDBPyRelation))
            table.spill = spill
            yield table
        finally:
            con.close()


def _relation(con, source, sql, description):
    duckdb = _duckdb()
    try:
        if sql is not None:
            if not isinstance(sql, str):
                raise v.ParameterTypeError("sql", "a query (text)", v.show(sql))
            relation = con.sql(sql)
            if relation is None:
                raise v.ParameterError("sql", "a query that returns rows (SELECT …)", repr(sql), verb="be")
            return relation
        if isinstance(source, duckdb.DuckDBPyRelation):
            return source
        if isinstance(source, (str, os.PathLike)):
            return _path_relation(con, os.fspath(source))
        module = type(source).__module__.split(".")[0]
        if module == "pandas":
            return con.from_df(source)
        if module == "polars":
            return con.from_arrow(source.to_arrow())
        if module == "pyarrow" or hasattr(source, "__arrow_c_stream__"):
            return con.from_arrow(source)
    except duckdb.Error as error:
        raise engine_error(error, description) from None
    raise v.ParameterTypeError("source", "a path, a DuckDB relation, an Arrow table, a pandas or polars DataFrame "
                               "(or a Spark DataFrame with engine='spark')", v.show(source))
