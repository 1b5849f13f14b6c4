"""What the commands that can hand a table to an engine share: FILE as a file, directory or glob,
--engine, --sql and --database, the engine's resources, and the choice of engine.

With ``--engine auto`` (the default) a table engine (DuckDB) reads FILE when it is Parquet (by its
first bytes), a directory or a glob, when it is larger than :data:`IN_MEMORY_LIMIT`, or with --sql;
everything else is read into memory as before, where every option of the command is available.
"""

from __future__ import annotations

import glob
import os

import click

from ._options import IntRange, stack

#: The engine choices of --engine: auto, memory (read FILE into memory), and the table engines.
ENGINE_CHOICES = ("auto", "memory", "duckdb", "spark")
#: Text files larger than this go to the table engine under --engine auto: read into memory, their
#: rows take several times their size.
IN_MEMORY_LIMIT = 2 * 10**9


def existing_unless_glob(ctx, param, value):
    """FILE (or each of several) must exist, unless it is a glob (the engine says if it matches nothing)."""
    if ctx.params.get("engine") == "spark":  # a table of the Spark session's catalog, or a path Spark reads
        return value
    for path in (value,) if isinstance(value, (str, type(None))) else value:
        if not (path is None or path == "-" or glob.has_magic(path) or os.path.exists(path)):
            raise click.BadParameter(f"File {path!r} does not exist.", ctx, param, param_hint=f"'{param.metavar}'")
    return value


table_argument = click.argument("file", required=False, callback=existing_unless_glob, metavar="FILE",
                                type=click.Path(dir_okay=True, readable=False, allow_dash=True))

engine_options = stack(
    # eager: FILE's check reads it (with spark, FILE may name a table of the session's catalog)
    click.option("--engine", type=click.Choice(ENGINE_CHOICES), default="auto", show_default=True, is_eager=True,
                 help="Who reads FILE: memory (the rows read into this process, every option available), duckdb "
                      "(DuckDB sorts the table out of core: exact AUC, DeLong and the closed-form rows at any size), "
                      "spark (Apache Spark: pip install 'aucbound[spark]'), or auto: duckdb for Parquet, a "
                      "directory or glob of Parquet files, --sql, or a text file over 2 GB; memory otherwise."),
    click.option("--sql", metavar="QUERY", help="Read the rows of this SQL query (DuckDB's SQL; on --database, or "
                 "reading files itself: SELECT * FROM 'data/*.parquet') instead of FILE."),
    click.option("--database", metavar="PATH", type=click.Path(dir_okay=False, readable=False),
                 help="A DuckDB database file that --sql runs on (opened read-only)."),
    click.option("--memory-limit", metavar="SIZE",
                 help="The engine's memory, e.g. 4GB; beyond it DuckDB sorts on disk.  [default: 2GB]"),
    click.option("--spill-dir", metavar="DIR", type=click.Path(file_okay=False),
                 help="Where the engine writes what does not fit in memory (a fresh directory in it, removed "
                      "afterwards, also on Ctrl-C).  [default: the system's temporary directory]"),
    click.option("--threads", type=IntRange(min=1, max=256), metavar="N",
                 help="DuckDB's threads.  [default: one per core]"),
    click.option("--spark-master", metavar="URL", default="local[*]", show_default=True,
                 help="With --engine spark and no Spark session running: the master of the session started, "
                      "e.g. local[4] or spark://host:7077 (Spark needs Java 17+ and pip install 'aucbound[spark]'); "
                      "FILE may then name a table of the session's catalog."),
)


def _is_parquet_path(path: str) -> bool:
    if glob.has_magic(path) or os.path.isdir(path):
        return True
    try:
        with open(path, "rb") as handle:
            return handle.read(4) == b"PAR1"
    except OSError:
        return False


def table_engine(file, engine: str, sql) -> str | None:
    """The table engine that reads FILE (``"duckdb"``, ``"spark"``), or None to read it into memory."""
    if engine in ("duckdb", "spark"):
        return engine
    if engine == "memory":
        if sql is not None:
            raise click.UsageError("--sql needs a table engine: --engine duckdb (or leave --engine auto).")
        if file is not None and (glob.has_magic(file) or os.path.isdir(file)):
            raise click.UsageError("FILE is a directory or a glob: read it with --engine duckdb (or auto).")
        return None
    if sql is not None or (file is not None and file != "-" and (
            _is_parquet_path(file) or os.path.getsize(file) > IN_MEMORY_LIMIT)):
        return "duckdb"
    return None


def check_source(file, sql, database) -> None:
    """FILE or --sql, one of them; --database only with --sql."""
    if file is None and sql is None:
        raise click.UsageError("Missing argument 'FILE' (or --sql QUERY).")
    if file is not None and sql is not None:
        raise click.UsageError("Give FILE or --sql, not both.")
    if database is not None and sql is None:
        raise click.UsageError("--database needs --sql QUERY.")


def refuse_in_table_mode(ctx, engine: str, *names: str) -> None:
    """Options that need the rows in memory, refused in one line when a table engine reads them."""
    from ._options import given

    for name in names:
        if given(ctx, name):
            option = max(next(p for p in ctx.command.params if p.name == name).opts, key=len)
            raise click.UsageError(f"{option} needs the rows in memory (--engine memory); the {engine} engine "
                                   "computes the exact AUC, DeLong's variance and the closed-form rows.")


def engine_keywords(file, engine, sql, database, memory_limit, spill_dir, threads, spark_master) -> dict:
    """The keywords of :func:`aucbound.table_auc` and its siblings for these options."""
    return dict(source=file, sql=sql, database=database, engine=engine, memory_limit=memory_limit,
                spill_dir=spill_dir, threads=threads, spark_master=spark_master)


def engine_line(result, engine: str, rows: int) -> str:
    """"engine: duckdb (10000 rows sorted by the engine, 812 distinct scores)"; in binned mode, "engine: duckdb
    (10000 rows counted in 20 bins, 11 of them not empty; no sort)"."""
    if getattr(result, "bins", None) is not None:
        return (f"engine: {engine} ({rows} rows counted in {result.bins} bins, {result.levels} of them not empty; "
                "no sort)")
    levels = getattr(result, "levels", None)
    distinct = f", {levels} distinct scores" if levels else ""
    return f"engine: {engine} ({rows} rows sorted by the engine{distinct})"
