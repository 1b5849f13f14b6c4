"""What every engine run takes: the memory limit, the spill directory, the threads; and the checks of each."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import tempfile
from dataclasses import dataclass

from .. import _validate as v

#: The engines: DuckDB embedded (one machine, out of core) and Apache Spark (a cluster, or local mode).
ENGINES = ("duckdb", "spark")
#: The memory an engine may use unless told otherwise: DuckDB sorts out of core beyond it.
DEFAULT_MEMORY_LIMIT = "2GB"
_MEMORY = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(B|KB|KIB|MB|MIB|GB|GIB|TB|TIB)\s*$", re.IGNORECASE)
_UNITS = {"B": 1, "KB": 10**3, "KIB": 2**10, "MB": 10**6, "MIB": 2**20, "GB": 10**9, "GIB": 2**30, "TB": 10**12,
          "TIB": 2**40}
#: The least memory an engine is given (DuckDB cannot sort in less).
MIN_MEMORY = 64 * 10**6


def memory_bytes(parameter: str, value) -> int:
    """A memory size such as "2GB", "512MiB" or a number of bytes, as bytes (at least 64 MB)."""
    rule = 'a memory size such as "2GB" or "512MiB" (at least 64MB)'
    if isinstance(value, bool):
        raise v.fail(parameter, rule, value)
    if isinstance(value, int):
        size = value
    else:
        match = _MEMORY.match(str(value))
        if match is None:
            raise v.fail(parameter, rule, value)
        size = int(float(match.group(1)) * _UNITS[match.group(2).upper()])
    if size < MIN_MEMORY:
        raise v.fail(parameter, rule, value)
    return size


@dataclass(frozen=True)
class Settings:
    """An engine's resources: ``memory`` in bytes, ``spill_dir`` (None: the system's temporary
    directory), ``threads`` (None: one per core)."""

    memory: int
    spill_dir: str | None
    threads: int | None

    @classmethod
    def checked(cls, memory_limit, spill_dir, threads) -> "Settings":
        memory = memory_bytes("memory_limit", DEFAULT_MEMORY_LIMIT if memory_limit is None else memory_limit)
        if spill_dir is not None:
            spill_dir = os.fspath(spill_dir)
            if not os.path.isdir(spill_dir):
                raise v.fail("spill_dir", "an existing directory", spill_dir)
        if threads is not None:
            threads = v.count("threads", threads, maximum=v.MAX_WORKERS)
        return cls(memory, spill_dir, threads)

    @contextlib.contextmanager
    def spill_directory(self):
        """A fresh directory inside `spill_dir` for the engine's temporary files, removed afterwards
        however the run ends (an error, Ctrl-C)."""
        path = tempfile.mkdtemp(prefix="aucbound-spill-", dir=self.spill_dir)
        try:
            yield path
        finally:
            shutil.rmtree(path, ignore_errors=True)
