#!/usr/bin/env python
"""Write the scale benchmark's table as Parquet, in chunks, with bounded memory.

Columns:

- ``y``: int8 label, 1 with probability 0.3;
- ``a``: float64 score, binormal: ``a = y * shift[segment] + e1`` with e1 standard normal,
  so that the AUC of ``a`` is Φ(shift/√2), about 0.79 overall;
- ``b``: float64 score correlated with ``a``: ``b = y * 1.0 + 0.6 * e1 + 0.8 * e2`` (its
  noise has correlation 0.6 with ``a``'s; AUC Φ(1/√2) ≈ 0.76);
- ``segment``: int8, 50 levels of unequal sizes (probability proportional to 1/(k + 1),
  from about 22 % for segment 0 down to 0.4 % for segment 49); ``shift`` rises from 1.09 in
  segment 0 to 1.29 in segment 49, so the segments' AUCs run from about 0.78 to 0.82.

Every chunk of ``--chunk`` rows (default 10^6, one Parquet row group each) is drawn from
its own generator, ``numpy.random.default_rng([seed, chunk index])``, so that the first
10^7 rows of the 10^8 table are the 10^7 table, and memory stays at a few chunks whatever N.
Scores are continuous: among 10^9 float64 draws a handful of exact repeats are expected, no
more. Up to ``--rows-per-file`` rows (default 10^8) go into one file, ``PATH``; more go
into a directory ``PATH`` of files ``part-00000.parquet``, ``part-00001.parquet``, ...

    python bench/scale_data.py 1e7                          # scale-data/scale-1e7.parquet
    python bench/scale_data.py 1e9 --out scale-data/scale-1e9   # a directory of 10 files
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

SEGMENTS = 50
POSITIVE_RATE = 0.3
SCHEMA = pa.schema([("y", pa.int8()), ("a", pa.float64()), ("b", pa.float64()), ("segment", pa.int8())])
SEGMENT_CUMULATIVE = np.cumsum(1.0 / np.arange(1, SEGMENTS + 1)) / np.sum(1.0 / np.arange(1, SEGMENTS + 1))
SHIFT = 1.09 + 0.2 * np.arange(SEGMENTS) / (SEGMENTS - 1)
B_SHIFT, B_RHO = 1.0, 0.6


def chunk(seed: int, index: int, size: int) -> pa.Table:
    """Rows ``index * chunk size`` onwards: ``size`` rows from the generator of (seed, index)."""
    rng = np.random.default_rng([seed, index])
    segment = np.searchsorted(SEGMENT_CUMULATIVE, rng.random(size), side="right").astype(np.int8)
    np.minimum(segment, SEGMENTS - 1, out=segment)  # guards the last cumulative sum's rounding
    y = (rng.random(size) < POSITIVE_RATE).astype(np.int8)
    noise = rng.standard_normal(size)
    a = y * SHIFT[segment] + noise
    b = rng.standard_normal(size)
    b *= np.sqrt(1 - B_RHO**2)
    b += B_RHO * noise
    b += B_SHIFT * y
    return pa.table([y, a, b, segment], schema=SCHEMA)


def write(path: str, rows: int, seed: int, chunk_rows: int, rows_per_file: int) -> list[str]:
    """Write the table; return the file paths written."""
    chunks = -(-rows // chunk_rows)
    per_file = max(1, rows_per_file // chunk_rows)
    if chunks <= per_file:
        paths = [path]
    else:
        os.makedirs(path, exist_ok=True)
        paths = [os.path.join(path, f"part-{i:05d}.parquet") for i in range(-(-chunks // per_file))]
    for file_index, file_path in enumerate(paths):
        with pq.ParquetWriter(file_path, SCHEMA, compression="snappy") as writer:
            for index in range(file_index * per_file, min(chunks, (file_index + 1) * per_file)):
                size = min(chunk_rows, rows - index * chunk_rows)
                writer.write_table(chunk(seed, index, size), row_group_size=chunk_rows)
    return paths


def peak_rss_mib() -> float:
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", type=float, help="number of rows N, e.g. 1e6, 1e7, 1e8, 1e9")
    parser.add_argument("--out", help="output file (or directory above --rows-per-file); "
                                      "default scale-data/scale-<N>.parquet or scale-data/scale-<N>")
    parser.add_argument("--seed", type=int, default=20261126)
    parser.add_argument("--chunk", type=float, default=1e6, help="rows per chunk and row group (default 1e6)")
    parser.add_argument("--rows-per-file", type=float, default=1e8, help="rows per file (default 1e8)")
    args = parser.parse_args()
    rows, chunk_rows, per_file = int(args.rows), int(args.chunk), int(args.rows_per_file)
    if rows < 1 or chunk_rows < 1 or per_file < chunk_rows:
        parser.error("`rows` and `--chunk` must be >= 1 and `--rows-per-file` >= `--chunk`")
    tag = f"{rows:.0e}".replace("+0", "").replace("+", "")
    out = args.out or (f"scale-data/scale-{tag}.parquet" if rows <= per_file else f"scale-data/scale-{tag}")
    os.makedirs(os.path.dirname(os.path.abspath(out)) or ".", exist_ok=True)
    start = time.perf_counter()
    paths = write(out, rows, args.seed, chunk_rows, per_file)
    seconds = time.perf_counter() - start
    size = sum(os.path.getsize(p) for p in paths)
    print(f"wrote {rows:,} rows to {out} ({len(paths)} file{'s' if len(paths) > 1 else ''}, "
          f"{size / 2**20:,.1f} MiB) in {seconds:.1f} s; peak RSS {peak_rss_mib():.0f} MiB; seed {args.seed}")


if __name__ == "__main__":
    main()
