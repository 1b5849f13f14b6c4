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
import tempfile
import warnings

import numpy as np

from .. import _validate as v
from ._duckdb import CSV_SUFFIXES, describe
from ._table import LabelCounts, label_counts_of

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

    def _levels(self, score: str, label: str, positive, omit: bool):
        """The DataFrame of levels in score order: s, the positives p and all rows c at each."""
        from pyspark.sql import functions as F

        frame = self.frame.where(~self._missing(score) & ~self._missing(label)) if omit else self.frame
        values = F.col(quoted(score))
        if self._types[score].startswith("decimal"):
            values = values.cast("double")
        positives = (F.col(quoted(label)) == F.lit(positive)).cast("long")
        return (frame.groupBy(values.alias("s"))
                .agg(F.sum(positives).alias("p"), F.count(F.lit(1)).alias("c"))
                .orderBy("s"))

    def sorted_levels(self, score: str, label: str, positive, *, omit: bool, progress, total: int):
        """The levels in increasing score order (:meth:`aucbound.scale._table.Table.sorted_levels`):
        grouped and sorted by the executors, fetched one partition at a time."""
        levels = self._levels(score, label, positive, omit)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)  # pyspark's about pandas versions
            packed = levels.mapInArrow(_pack_partition(), "arrow binary")
        done = 0
        try:
            for row in packed.toLocalIterator():
                batch = unpacked(row[0])
                rows = batch.column(2).to_numpy().astype(np.float64)
                pos = batch.column(1).to_numpy().astype(np.float64)
                done += int(rows.sum())
                progress(done, total)
                yield batch.column(0).to_numpy(), pos, rows - pos
        except _errors() as error:
            raise engine_error(error, self.description) from None


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
