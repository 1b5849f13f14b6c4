"""The Spark engine: a Spark DataFrame, a table of the session's catalog, a query or a Parquet/CSV path,
checked, grouped and sorted by Apache Spark (a cluster, or local mode on this machine).

The executors group the rows by score — the positives and the negatives at each distinct score — and
sort the groups; the driver fetches them one partition at a time, in score order, each partition's
groups packed by the executors into Arrow record batches, and :mod:`aucbound.empirical`'s level
statistics count them. Tied scores leave the executors as one group; the driver holds one partition
of groups at a time, never the table.
"""

from __future__ import annotations

import contextlib
import functools
import operator
import os
import re
import shutil
import sys
import tempfile
import warnings
from fractions import Fraction

import numpy as np

from .. import _validate as v
from ..empirical import LevelStatistics
from ._duckdb import CSV_SUFFIXES, Phases, describe
from ._table import GroupCodes, LabelCounts, label_counts_of

#: The master URL of the session started when none is active.
DEFAULT_MASTER = "local[*]"
#: How a session is started, said by every error about starting one.
HOW_TO_START = ("a master URL on which a Spark session starts, such as 'local[*]' or 'spark://host:7077' "
                "(Spark needs Java 17 or later, on the PATH or in JAVA_HOME, and pyspark; or start a "
                "SparkSession before the call, which is then used)")
#: Spark's floating-point types, whose values may be NaN.
FLOAT_TYPES = ("float", "double")
#: The settings of a session this engine starts: no console progress bars, no web UI, errors only.
QUIET = {"spark.ui.showConsoleProgress": "false", "spark.ui.enabled": "false"}
#: The driver's logging while it starts and after: errors only, one line each (the exception reaches
#: Python, which says it in one line too), instead of Spark's default of warnings with stack traces.
LOG4J2 = """\
rootLogger.level = error
rootLogger.appenderRef.console.ref = console
appender.console.type = Console
appender.console.name = console
appender.console.target = SYSTEM_ERR
appender.console.layout.type = PatternLayout
appender.console.layout.pattern = %d{yy/MM/dd HH:mm:ss} %p %c{1}: %m%n
appender.console.layout.alwaysWriteExceptions = false
logger.gateway.name = org.apache.spark.api.python.PythonGatewayServer
logger.gateway.level = error
logger.submit.name = org.apache.spark.deploy.SparkSubmit
logger.submit.level = error
logger.repl.name = org.apache.spark.repl.Main
logger.repl.level = error
"""
#: The master URLs Spark knows: checked before a JVM starts, which would print its stack trace on one
#: it does not know.
MASTER_URL = re.compile(r"^(local(\[(\*|[1-9]\d*)(,[1-9]\d*)?\])?|local-cluster\[\d+,\d+,\d+\]|spark://\S+|yarn"
                        r"|k8s://\S+)$")
_JAVA_EXCEPTION = re.compile(r"^(?:[\w$]+\.)+[\w$]*(?:Exception|Error):\s*")


def _pyspark():
    """pyspark's SparkSession, and pandas, which pyspark's Arrow functions (``mapInArrow``) need."""
    for module, why in [("pyspark.sql", "pyspark"), ("pandas", "pandas too (pyspark's Arrow functions use it)")]:
        try:
            __import__(module)
        except ImportError:
            raise v.ParameterError("engine", "an installed engine",
                                   f"'spark', which needs {why}: pip install 'aucbound[spark]'", verb="name") from None
    from pyspark.sql import SparkSession

    return SparkSession


def _errors() -> tuple:
    """The exceptions Spark raises, Python's and the JVM's."""
    from py4j.protocol import Py4JError
    from pyspark.errors import PySparkException

    return PySparkException, Py4JError


def reason(error: Exception) -> str:
    """Spark's error as one line: its message, without the JVM's call and stack trace."""
    for line in str(error).splitlines():
        line = line.strip().removeprefix(": ").strip()
        if line and not line.startswith(("An error occurred while calling", "at ")):
            return _JAVA_EXCEPTION.sub("", line)
    return type(error).__name__


def engine_error(error: Exception, description: str) -> v.ParameterError:
    """A Spark error while reading `description`, as one line naming the source."""
    return v.ParameterError("source", "a table Spark can read", f"{description}: {reason(error)}", verb="be")


def quoted(name: str) -> str:
    """A column name as a Spark identifier."""
    return "`" + name.replace("`", "``") + "`"


def session(master, settings):
    """The active Spark session, else one started on `master`, quiet, with `settings`' memory as the
    driver's and its spill directory as Spark's local directory."""
    SparkSession = _pyspark()
    active = SparkSession.getActiveSession()
    if active is not None:
        return active
    if not isinstance(master, str):
        raise v.ParameterTypeError("spark_master", HOW_TO_START, v.show(master))
    if not MASTER_URL.match(master):
        raise v.ParameterError("spark_master", HOW_TO_START, f"{master!r}, which Spark does not know")
    java_home = os.environ.get("JAVA_HOME")
    if java_home and not os.path.isfile(os.path.join(java_home, "bin", "java")):
        raise v.ParameterError("spark_master", HOW_TO_START,
                               f"{master!r}, where JAVA_HOME ({java_home!r}) has no bin/java")
    if not java_home and shutil.which("java") is None:
        raise v.ParameterError("spark_master", HOW_TO_START,
                               f"{master!r}, where no Java was found (neither `java` on the PATH nor JAVA_HOME)")
    if master.startswith("local"):  # the workers run here: with this interpreter, whose packages they need
        os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    builder = SparkSession.builder.master(master).appName("aucbound")
    for key, value in QUIET.items():
        builder = builder.config(key, value)
    builder = builder.config("spark.driver.memory", f"{settings.memory // 2**20}m")
    if settings.spill_dir is not None:
        builder = builder.config("spark.local.dir", settings.spill_dir)
    with tempfile.TemporaryDirectory(prefix="aucbound-spark-") as directory:
        logging = os.path.join(directory, "log4j2.properties")
        with open(logging, "w", encoding="ascii") as handle:
            handle.write(LOG4J2)
        builder = builder.config("spark.driver.extraJavaOptions", f"-Dlog4j2.configurationFile=file:{logging}")
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                _launch_quietly(builder)
                return builder.getOrCreate()
        except Exception as error:  # a JVM failing to start raises anything from RuntimeError to Py4JError
            why = reason(error)
            if "stopped SparkContext" in why:  # Spark's only word when no master answered
                why = "no master answered there, and Spark gave up"
            raise v.ParameterError("spark_master", HOW_TO_START, f"{master!r}, which failed: {why}") from None


#: What the JVM says on its standard error when it starts with Spark's options, on every start: not for the user.
JVM_NOTICES = (b"WARNING: Using incubator modules",)


def _launch_quietly(builder) -> None:
    """Start the JVM the session will use, its standard error passed on line by line less
    :data:`JVM_NOTICES` (a notice on every start, which would stand beside a command's one line), when no
    JVM runs yet; :meth:`getOrCreate` then finds it. The builder's settings go to ``spark-submit``, as
    pyspark would pass them."""
    import subprocess
    import sys
    import threading

    from pyspark import SparkConf, SparkContext
    from pyspark.java_gateway import launch_gateway

    if SparkContext._gateway is not None or "PYSPARK_GATEWAY_PORT" in os.environ:
        return
    conf = SparkConf(loadDefaults=False)
    for key, value in builder._options.items():
        conf.set(key, value)
    gateway = launch_gateway(conf, popen_kwargs={"stderr": subprocess.PIPE})

    def forward(stream):
        for line in iter(stream.readline, b""):
            if not line.startswith(JVM_NOTICES):
                sys.stderr.write(line.decode(errors="replace"))
                sys.stderr.flush()

    threading.Thread(target=forward, args=(gateway.proc.stderr,), daemon=True).start()
    SparkContext._gateway, SparkContext._jvm = gateway, gateway.jvm


def _pack_partition():
    """A function for ``mapInArrow`` that packs each record batch of a partition into one binary value
    (the batch in Arrow's IPC format): the rows leave the executors in few, large values. It is made
    here, so that Spark ships it by value: the executors need pyarrow, not aucbound."""

    def pack(batches):
        import pyarrow as pa

        for batch in batches:
            if batch.num_rows:
                sink = pa.BufferOutputStream()
                with pa.ipc.new_stream(sink, batch.schema) as writer:
                    writer.write_batch(batch)
                packed = pa.array([sink.getvalue().to_pybytes()], pa.binary())
                yield pa.RecordBatch.from_arrays([packed], names=["arrow"])

    return pack


def unpacked(value: bytes):
    """The record batch packed by :func:`_pack_partition`."""
    import pyarrow as pa

    return pa.ipc.open_stream(value).read_next_batch()


class SparkTable:
    """A Spark DataFrame (see :mod:`aucbound.scale._table`)."""

    engine = "spark"

    def __init__(self, frame, description: str):
        self.frame, self.description = frame, description
        self.columns = list(frame.columns)
        self._types = {field.name: field.dataType.simpleString() for field in frame.schema.fields}

    def column_type(self, name: str) -> str:
        return self._types[name]

    def _missing(self, name: str):
        """Whether column `name` is NULL, or NaN where it is floating point."""
        from pyspark.sql import functions as F

        column = F.col(quoted(name))
        return column.isNull() | F.isnan(column) if self._types[name] in FLOAT_TYPES else column.isNull()

    def label_counts(self, score, label: str) -> LabelCounts:
        """One aggregate: the rows at each label value, and those among them without a score (`score` a
        column, or a tuple of columns: without one of them)."""
        from pyspark.sql import functions as F

        names = (score,) if isinstance(score, str) else tuple(score)
        missing = functools.reduce(operator.or_, (self._missing(name) for name in names))
        try:
            rows = (self.frame.groupBy(F.col(quoted(label)).alias("label"))
                    .agg(F.count(F.lit(1)).alias("rows"), F.count(F.when(missing, 1)).alias("missing"))
                    .collect())
        except _errors() as error:
            raise engine_error(error, self.description) from None
        return label_counts_of([tuple(row) for row in rows], label)

    def _score(self, name: str):
        """Column `name` as scores: DECIMAL as DOUBLE, other types as they are."""
        from pyspark.sql import functions as F

        values = F.col(quoted(name))
        return values.cast("double") if self._types[name].startswith("decimal") else values

    def _rows(self, scores, label: str, omit: bool):
        """The frame, without the rows missing the label or a score of `scores` (a column, or a tuple of
        them) when `omit`."""
        if not omit:
            return self.frame
        names = ((scores,) if isinstance(scores, str) else tuple(scores)) + (label,)
        return self.frame.where(~functools.reduce(operator.or_, (self._missing(name) for name in names)))

    @staticmethod
    def _is_positive(label: str, positive):
        from pyspark.sql import functions as F

        return F.col(quoted(label)) == F.lit(positive)

    def _levels(self, score: str, label: str, positive, omit: bool):
        """The DataFrame of levels in score order: s, the positives p and all rows c at each."""
        frame = self._rows(score, label, omit)
        return _levels_of(frame.select(self._score(score).alias("s"), self._is_positive(label, positive).alias("p")),
                          "s")

    def sorted_levels(self, score: str, label: str, positive, *, omit: bool, progress, total: int):
        """The levels in increasing score order (:meth:`aucbound.scale._table.Table.sorted_levels`):
        grouped and sorted by the executors, fetched one partition at a time."""
        yield from self._fetched(self._levels(score, label, positive, omit), progress, total)

    def _fetched(self, levels, progress, total: int, parts: dict | None = None):
        """``(values, pos, neg)`` of the levels DataFrame `levels`, one packed partition at a time; with
        `parts`, `levels` has the number of each level's partition (``part``), and `parts` gets each
        partition's positives and rows."""
        done = 0
        for batch in self._batches(levels):
            rows = batch.column(2).to_numpy().astype(np.float64)
            pos = batch.column(1).to_numpy().astype(np.float64)
            if parts is not None:  # a packed batch holds one partition's levels
                part = batch.column(3)[0].as_py()
                pos_before, rows_before = parts.get(part, (0, 0))
                parts[part] = (pos_before + int(pos.sum()), rows_before + int(rows.sum()))
            done += int(rows.sum())
            progress(done, total)
            yield batch.column(0).to_numpy(), pos, rows - pos

    def _batches(self, frame):
        """The Arrow record batches of `frame`, packed by the executors, fetched one partition at a time."""
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)  # pyspark's about pandas versions
            packed = frame.mapInArrow(_pack_partition(), "arrow binary")
        try:
            for row in packed.toLocalIterator():
                yield unpacked(row[0])
        except _errors() as error:
            raise engine_error(error, self.description) from None

    def paired_statistics(self, scores: tuple[str, str], label: str, positive, *, omit: bool, progress,
                          total: int):
        """(Statistics of the first score, of the second, DeLong's Var(Âa − Âb)) of a paired comparison.

        Per score, the executors group the rows into levels and sort them, each level numbered with its
        partition (kept, so that both jobs below see the same partitions); the driver streams them into
        the score's level statistics, summing each partition's counts on the way, and turns those into
        the counts below each partition; the executors then give every level its twice placements,
        2·(negatives below) + (negatives at) for a positive and 2·(positives below) + (positives at) for
        a negative, by running counts that start from those offsets (no window, no partition holding
        all levels). Both placement tables join the rows on their scores, and one aggregate sums per class
        the difference d = t_a − t_b: the rows, Σd and Σd² as exact integers (DECIMAL(38, 0)), from which
        the spread of d is one correctly rounded division.
        """
        from pyspark.sql import functions as F

        rows = self._rows(scores, label, omit).select(
            self._score(scores[0]).alias("a"), self._score(scores[1]).alias("b"),
            self._is_positive(label, positive).alias("p"))
        phases, kept, statistics, placed = Phases(progress, total, 3), [], [], []
        try:
            for k, name in enumerate("ab"):
                levels = _levels_of(rows, name, self._partitions(total)).withColumn(
                    "part", F.spark_partition_id()).persist()
                kept.append(levels)
                accumulated, parts = LevelStatistics(), {}
                streamed = self._fetched(levels, lambda done, _: phases(k, done / total), total, parts)
                for _, pos, neg in streamed:
                    accumulated.add(pos, neg)
                statistics.append(accumulated.statistics())
                placed.append(self._placements(levels, parts).select(
                    F.col("s").alias(name), F.col("tp").alias(f"tp_{name}"), F.col("tn").alias(f"tn_{name}")))
            joined = rows.join(placed[0], "a").join(placed[1], "b")
            difference = F.when(F.col("p"), F.col("tp_a") - F.col("tp_b")).otherwise(F.col("tn_a") - F.col("tn_b"))
            exact = difference.cast("decimal(38,0)")
            sums = joined.groupBy("p").agg(F.count(F.lit(1)), F.sum(exact), F.sum(exact * exact)).collect()
        except _errors() as error:
            raise engine_error(error, self.description) from None
        finally:
            for levels in kept:
                levels.unpersist()
        phases(3, 0.0)
        first, second = statistics
        counted = {bool(row[0]): tuple(int(x) for x in row[1:]) for row in sums}
        if [counted.get(flag, (0,))[0] for flag in (True, False)] != [first.m, first.n]:  # every row joins once
            raise RuntimeError(f"the placements joined back to {counted} rows of {first.m} positives and "
                               f"{first.n} negatives in {self.description}")
        return first, second, _paired_variance(counted, first.m, first.n)

    def _partitions(self, total: int) -> int:
        """The ranges of scores a kept table of levels is cut into: one per core of the session (at least
        one per 2^22 rows, so that the driver holds a few million levels at most), at most Spark's
        shuffle partitions. (A kept plan keeps its partitions: Spark's adaptive execution does not
        coalesce them.)"""
        spark = self.frame.sparkSession
        cores = spark.sparkContext.defaultParallelism
        most = int(spark.conf.get("spark.sql.shuffle.partitions"))
        return max(1, min(most, max(cores, -(-total // ROWS_PER_PARTITION))))

    @staticmethod
    def _placements(levels, parts: dict):
        """The levels (kept sorted, with their partitions' numbers) with their twice placements: s, tp (of a
        positive there), tn (of a negative), from running counts on each partition that start at the
        counts below it, from `parts` (each partition's positives and rows)."""
        from pyspark.sql.types import LongType, StructField, StructType

        below, pos_before, neg_before = {}, 0, 0
        for part, (pos, rows) in sorted(parts.items()):
            below[part] = (pos_before, neg_before)
            pos_before, neg_before = pos_before + pos, neg_before + rows - pos
        schema = StructType([levels.schema["s"], StructField("tp", LongType()), StructField("tn", LongType())])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)
            return levels.mapInArrow(_running_placements(below), schema)

    def groups(self, by: tuple[str, ...], score: str, label: str, positive, *, omit: bool, limit: int) -> list:
        """``[(key, m, n), …]``: each group of the columns `by` with its positives and negatives, in the
        order :meth:`grouped_rows` numbers them (:class:`~aucbound.scale._table.GroupCodes`); refused
        beyond `limit`, counted by the executors."""
        from pyspark.sql import functions as F

        is_positive = self._is_positive(label, positive)
        counted = (self._rows(score, label, omit).groupBy(*(F.col(quoted(name)) for name in by))
                   .agg(F.count(F.when(is_positive, 1)), F.count(F.when(~is_positive, 1))))
        try:
            found = counted.limit(limit + 1).collect()
            if len(found) > limit:
                raise v.ParameterError("by", f"columns with at most {limit} groups (each group's statistics are "
                                       "kept, and a tiny group's AUC says little)", f"{counted.count()} groups",
                                       verb="give")
        except _errors() as error:
            raise engine_error(error, self.description) from None
        found = [tuple(row) for row in found]
        self._codes = GroupCodes([row[:len(by)] for row in found])
        counts = {row[:len(by)]: row[len(by):] for row in found}
        return [(key, *counts[key]) for key in self._codes.keys]

    def grouped_rows(self, score: str, label: str, positive, by: tuple[str, ...], *, omit: bool, progress, total: int):
        """``(scores, positive, group)`` numpy chunks in increasing score order, `group` each row's group
        number (int32, as :meth:`groups` numbered them): the executors count the rows at each (score,
        class, group) and sort those counts by score; the driver fetches them one partition at a time
        and expands them into rows, at most :data:`ROWS_PER_CHUNK` at a time."""
        from pyspark.sql import functions as F

        frame = self._rows(score, label, omit)
        groups = (F.col(quoted(name)).alias(f"g{k}") for k, name in enumerate(by))  # names apart from s, p, c
        counted = (frame.groupBy(self._score(score).alias("s"), self._is_positive(label, positive).alias("p"), *groups)
                   .agg(F.count(F.lit(1)).alias("c")).orderBy("s"))
        done = 0
        for batch in self._batches(counted):
            values, flags = batch.column(0).to_numpy(), batch.column(1).to_numpy(zero_copy_only=False)
            codes = self._codes.of([batch.column(2 + k) for k in range(len(by))])
            for chunk in expanded(batch.column(2 + len(by)).to_numpy(), values, flags, codes, rows=ROWS_PER_CHUNK):
                done += chunk[0].shape[0]
                progress(done, total)
                yield chunk


#: The rows per range of scores of a kept table of levels (:meth:`SparkTable._partitions`).
ROWS_PER_PARTITION = 1 << 22
#: The most rows :meth:`SparkTable.grouped_rows` expands at a time.
ROWS_PER_CHUNK = 1 << 20


def expanded(counts: np.ndarray, *columns: np.ndarray, rows: int = ROWS_PER_CHUNK):
    """The rows of counted cells — each cell's `columns` repeated its count — in chunks of at most `rows`
    rows, a large count split across chunks.

    >>> [[column.tolist() for column in chunk] for chunk in expanded(np.array([2, 5]), np.array([1, 2]), rows=3)]
    [[[1, 1, 2]], [[2, 2, 2]], [[2]]]
    """
    ends = np.cumsum(counts, dtype=np.int64)
    size = int(ends[-1]) if ends.shape[0] else 0
    starts = ends - counts
    for start in range(0, size, rows):
        stop = min(start + rows, size)
        first, last = int(np.searchsorted(ends, start, side="right")), int(np.searchsorted(ends, stop, side="left"))
        taken = np.minimum(ends[first:last + 1], stop) - np.maximum(starts[first:last + 1], start)
        yield tuple(np.repeat(column[first:last + 1], taken) for column in columns)


def _levels_of(rows, name: str, partitions: int | None = None):
    """The levels of column `name` of `rows` (which has the positives' flag p), sorted: s, p, c; in
    `partitions` ranges of scores when given (else Spark's shuffle partitions, which its adaptive
    execution coalesces, except in a plan that is kept)."""
    from pyspark.sql import functions as F

    levels = rows.groupBy(F.col(name).alias("s")).agg(F.sum(F.col("p").cast("long")).alias("p"),
                                                      F.count(F.lit(1)).alias("c"))
    if partitions is None:
        return levels.orderBy("s")
    return levels.repartitionByRange(partitions, "s").sortWithinPartitions("s")


def _paired_variance(sums: dict, m: int, n: int) -> float:
    """DeLong's Var(Âa − Âb) = S10(d)/m + S01(d)/n from per class (True: the positives) the rows W, Σd
    and Σd² of d = t_a − t_b: the spread W·Σd² − (Σd)² over W of each is exact, and the sum of the two
    terms one correctly rounded division."""
    terms = []
    for positive, own, other in ((True, m, n), (False, n, m)):
        count, total, squares = sums[positive]
        terms.append(Fraction(count * squares - total * total, count * 4 * other * other * (own - 1) * own))
    return float(sum(terms))


def _running_placements(below: dict):
    """A function for ``mapInArrow`` giving the sorted levels (s, p, c, part) their twice placements (s,
    tp, tn), the counts below each partition's first level in `below` (partition: (positives,
    negatives)). Made here, so that Spark ships it by value: the executors need pyarrow and numpy."""

    def place(batches):
        import numpy as np
        import pyarrow as pa

        positives = negatives = None
        for batch in batches:
            if not batch.num_rows:
                continue
            if positives is None:
                positives, negatives = below[batch.column(3)[0].as_py()]
            pos = batch.column(1).to_numpy().astype(np.int64)
            neg = batch.column(2).to_numpy().astype(np.int64) - pos
            pos_through, neg_through = positives + np.cumsum(pos), negatives + np.cumsum(neg)
            twice_pos = 2 * neg_through - neg  # 2·(negatives below) + (negatives at)
            twice_neg = 2 * pos_through - pos
            positives, negatives = int(pos_through[-1]), int(neg_through[-1])
            yield pa.RecordBatch.from_arrays([batch.column(0), pa.array(twice_pos), pa.array(twice_neg)],
                                             names=["s", "tp", "tn"])

    return place


def _frame(spark, source, sql, description):
    """The DataFrame of `source` (a DataFrame, a table name, a path) or of the query `sql`."""
    from pyspark.sql import DataFrame

    if sql is not None:
        if not isinstance(sql, str):
            raise v.ParameterTypeError("sql", "a query (a string)", v.show(sql))
        try:
            return spark.sql(sql)
        except _errors() as error:
            raise v.ParameterError("sql", "a query Spark can run", f"{v.printable(sql)!r}: {reason(error)}") from None
    if isinstance(source, DataFrame):
        return source
    if not isinstance(source, (str, os.PathLike)):
        raise v.ParameterTypeError("source", "a Spark DataFrame, a table name or a path (with engine='spark')",
                                   v.show(source))
    name = os.fspath(source)
    try:
        if isinstance(source, str) and _is_table(spark, name):
            return spark.table(name)
        if name.lower().endswith(CSV_SUFFIXES):
            tab = name.lower().endswith((".tsv", ".tsv.gz"))
            return spark.read.csv(name, header=True, inferSchema=True, sep="\t" if tab else ",")
        return spark.read.parquet(name)
    except _errors() as error:
        raise v.ParameterError("source", "a table of the Spark session's catalog or a path Spark can read "
                               "(Parquet, or CSV named .csv or .tsv)", f"{description!r}: {reason(error)}") from None


def _is_table(spark, name: str) -> bool:
    try:
        return bool(spark.catalog.tableExists(name))
    except _errors():
        return False


@contextlib.contextmanager
def open_table(source, *, sql, database, settings, master=DEFAULT_MASTER):
    """A :class:`SparkTable` of `source` (or of the query `sql`) in the active Spark session, else in one
    started on `master` (which stays active for the next calls)."""
    if database is not None:
        raise v.ParameterError("database", "None with engine='spark' (Spark reads its session's catalog: "
                               "name a table, or give `sql`)", v.show(database))
    if settings.threads is not None:
        raise v.ParameterError("threads", "None with engine='spark' (Spark's cores are its master's: "
                               "spark_master='local[4]', or a cluster's executors)", v.show(settings.threads))
    _pyspark()
    from pyspark.sql import DataFrame

    if isinstance(source, DataFrame):
        spark, description = source.sparkSession, "the Spark DataFrame"
    else:
        spark, description = session(master, settings), describe(source, sql)
    yield SparkTable(_frame(spark, source, sql, description), description)
