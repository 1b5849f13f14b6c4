#!/usr/bin/env python
"""The exact AUC of a table beyond memory, timed against DuckDB's own ORDER BY (the floor).

An exact AUC of N distinct scores needs them in order, so the least a table engine can do is
sort the score column and hand it over: that is the floor. For one Parquet table (written by
``bench/scale_data.py``: label ``y``, scores ``a`` and ``b``, ``segment``) this runs, each in
a fresh Python process so that its peak resident set is its own, ``--repeat`` rounds of
every case in turn (round-robin, so that a change in the machine's load hits all alike),
with the same DuckDB settings (``--threads`` 2, ``--memory-limit`` 2GB, a temporary
directory of its own under ``--temp-dir``):

- ``floor``: ``SELECT a FROM read_parquet(...) ORDER BY a``, every Arrow record batch
  fetched and nothing done with it;
- ``floor2``: the same order with ``a, y`` fetched (what an exact AUC reads);
- ``prototype``: floor2's batches counted per distinct score in numpy (a stand-in for the
  library's engine: 2U, then DeLong's variance from running sums of the placements);
- ``aucbound``: ``aucbound.table_auc(path, score="a", label="y", ...)``, reading ``.auc``,
  ``.variance`` and the interval rows;
- ``paired``: ``aucbound.table_compare(path, scores=("a", "b"), label="y", ...)``;
- ``grouped``: ``aucbound.table_groups(path, score="a", label="y", by="segment", ...)`` (each
  segment's AUC and intervals, and against the rest of the table);
- ``memory``: the columns read with pyarrow, then ``aucbound.auc`` and ``aucbound.delong``
  (only at N ≤ ``--memory-max``); its Â must equal table_auc's, table_compare's Â of ``a`` (and
  the prototype's) to the bit.

The cases that need ``aucbound.table_auc``, ``table_compare`` or ``table_groups`` are skipped,
with a note, in a version without them. Times are wall-clock inside the child, from before the connection to
after the last result was read (the interpreter's start and the imports excluded); peak RSS
is the child's ``ru_maxrss``. The table prints min and median time, peak RSS, the ratio of
the min time to the floor's min time, and the Â in hex. Absolute seconds depend on the load
of the machine; the ratios measured side by side in one run are what to compare.

    python bench/scale.py scale-data/scale-1e7.parquet
    python bench/scale.py scale-data/scale-1e8.parquet --repeat 3 --cases floor floor2 aucbound
    python bench/scale.py scale-data/scale-1e9 --repeat 1 --cases floor aucbound
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

CASES = ("floor", "floor2", "prototype", "aucbound", "paired", "grouped", "memory")
TARGETS = {"aucbound": "<= 1.3x floor", "paired": "<= 3x floor", "grouped": "<= 2x aucbound"}
RSS_TARGET_MIB = 2.5 * 1024


# --- the child: one measurement --------------------------------------------------------------

def parquet_source(path: str) -> str:
    """What read_parquet takes: a directory becomes the glob of its Parquet files."""
    return os.path.join(path, "*.parquet") if os.path.isdir(path) else path


def connect(args):
    import duckdb

    return duckdb.connect(config={"threads": args.threads, "memory_limit": args.memory_limit,
                                  "temp_directory": args.child_temp})


def ordered_batches(args, columns: str):
    """The record batches of ``SELECT columns ... ORDER BY a``, as DuckDB streams them."""
    relation = connect(args).sql(f"SELECT {columns} FROM read_parquet($source) ORDER BY a",
                                 params={"source": parquet_source(args.path)})
    return relation.to_arrow_reader(args.batch_rows)


def run_floor(args, columns: str) -> dict:
    rows = sum(batch.num_rows for batch in ordered_batches(args, columns))
    return {"rows": rows}


def run_prototype(args) -> dict:
    """2U and DeLong's variance from ascending (a, y) batches, counted per distinct score.

    Each run of equal scores with p positives and q negatives, c negatives and d positives
    below it, adds p(2c + q) to 2U; its positives' placements are (c + q/2)/n, its negatives'
    (m - d - p/2)/m. The sums of the placements and of their squares give the two sample
    variances (with m - 1 and n - 1); a run cut by a batch's end is carried to the next batch.
    """
    import numpy as np

    twice_u = 0
    sums = np.zeros(5)  # Σ p·x, Σ p·x², Σ q·w, Σ q·w², with x = 2c + q, w = 2d + p
    below = [0, 0]  # negatives, positives below the current batch
    carry_a = np.empty(0)
    carry_y = np.empty(0, dtype=np.int64)

    def runs(a, y):
        nonlocal twice_u
        starts = np.flatnonzero(a[1:] != a[:-1]) + 1
        starts = np.concatenate(([0], starts))
        size = np.diff(np.append(starts, a.size))
        p = np.add.reduceat(y, starts)
        q = size - p
        c = below[0] + np.cumsum(q) - q
        d = below[1] + np.cumsum(p) - p
        x = (2 * c + q).astype(np.float64)
        w = (2 * d + p).astype(np.float64)
        twice_u += int(np.dot(p, 2 * c + q))
        sums[:4] += (np.dot(p, x), np.dot(p, x * x), np.dot(q, w), np.dot(q, w * w))
        below[0] += int(q.sum())
        below[1] += int(p.sum())

    for batch in ordered_batches(args, "a, y"):
        a = batch.column(0).to_numpy()
        y = batch.column(1).to_numpy().astype(np.int64)
        if carry_a.size:
            a, y = np.concatenate((carry_a, a)), np.concatenate((carry_y, y))
        if a.size == 0:
            continue
        last = int(np.searchsorted(a, a[-1], side="left"))  # hold back the last run: the next batch may continue it
        if last:
            runs(a[:last], y[:last])
        carry_a, carry_y = a[last:].copy(), y[last:].copy()
    if carry_a.size:
        runs(carry_a, carry_y)
    n, m = below
    auc = twice_u / (2 * m * n)
    # positives: placement x/(2n); negatives: 1 - w/(2m)
    s10 = (sums[1] / (4 * n * n) - sums[0] ** 2 / (4 * n * n * m)) / (m - 1)
    s01 = (sums[3] / (4 * m * m) - sums[2] ** 2 / (4 * m * m * n)) / (n - 1)
    return {"auc": auc.hex(), "auc_value": auc, "variance": s10 / m + s01 / n, "m": m, "n": n}


def library_options(args) -> dict:
    return {"memory_limit": args.memory_limit, "threads": args.threads, "spill_dir": args.child_temp}


def run_aucbound(args) -> dict:
    import aucbound

    result = aucbound.table_auc(args.path, score="a", label="y", **library_options(args))
    rows = [(row.method, row.lo, row.hi) for row in result.rows]
    return {"auc": float(result.auc).hex(), "auc_value": float(result.auc), "variance": float(result.delong_variance),
            "m": int(result.m), "n": int(result.n), "intervals": len(rows)}


def run_paired(args) -> dict:
    import aucbound

    result = aucbound.table_compare(args.path, scores=("a", "b"), label="y", **library_options(args))
    rows = [(row.method, row.lo, row.hi) for row in result.rows]
    return {"auc": float(result.auc_a).hex(), "auc_value": float(result.auc_a), "auc_b": float(result.auc_b),
            "variance": float(result.variance), "z": float(result.z), "intervals": len(rows)}


def run_grouped(args) -> dict:
    import aucbound

    result = aucbound.table_groups(args.path, score="a", label="y", by="segment", **library_options(args))
    return {"auc": float(result.auc).hex(), "auc_value": float(result.auc), "variance": float(result.overall.delong_variance),
            "groups": len(result.groups)}


def run_memory(args) -> dict:
    import pyarrow.parquet as pq

    import aucbound

    table = pq.read_table(args.path, columns=["a", "y"])
    y, a = table.column("y").to_numpy(), table.column("a").to_numpy()
    auc = aucbound.auc(y, a)
    delong = aucbound.delong(y, a)
    return {"auc": float(auc).hex(), "auc_value": float(auc), "variance": float(delong.variance),
            "m": int(delong.m), "n": int(delong.n)}


RUNNERS = {
    "floor": lambda args: run_floor(args, "a"),
    "floor2": lambda args: run_floor(args, "a, y"),
    "prototype": run_prototype,
    "aucbound": run_aucbound,
    "paired": run_paired,
    "grouped": run_grouped,
    "memory": run_memory,
}


def child(args) -> None:
    import resource

    import duckdb  # noqa: F401 (imported before the clock starts, as the library imports it)
    import numpy  # noqa: F401
    import pyarrow  # noqa: F401

    os.makedirs(args.child_temp, exist_ok=True)
    try:
        start = time.perf_counter()
        out = RUNNERS[args.child](args)
        out["seconds"] = time.perf_counter() - start
    finally:
        shutil.rmtree(args.child_temp, ignore_errors=True)
    out["peak_rss_mib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print("RESULT " + json.dumps(out), flush=True)


# --- the parent: every case, each repeat in a fresh process ----------------------------------

def available(case: str) -> bool:
    import aucbound

    need = {"aucbound": "table_auc", "grouped": "table_groups", "paired": "table_compare"}.get(case)
    return need is None or hasattr(aucbound, need)


def measure(args, case: str) -> dict:
    temp = os.path.join(args.temp_dir, f"scale-{os.getpid()}-{case}")
    command = [sys.executable, os.path.abspath(__file__), args.path, "--child", case, "--child-temp", temp,
               "--threads", str(args.threads), "--memory-limit", args.memory_limit,
               "--batch-rows", str(args.batch_rows)]
    done = subprocess.run(command, capture_output=True, text=True)
    lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    if done.returncode != 0 or not lines:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        return {"error": f"exit {done.returncode}: " + " | ".join(tail)}
    return json.loads(lines[-1][len("RESULT "):])


def machine() -> str:
    model = "?"
    try:
        with open("/proc/cpuinfo") as info:
            model = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    with open("/proc/meminfo") as info:
        memory = int(next(line.split()[1] for line in info if line.startswith("MemTotal"))) / 2**20
    return f"{len(os.sched_getaffinity(0))} CPUs ({model}), {memory:.1f} GiB"


def versions() -> str:
    import duckdb
    import numpy
    import pyarrow

    import aucbound

    return (f"aucbound {aucbound.__version__}, duckdb {duckdb.__version__}, pyarrow {pyarrow.__version__}, "
            f"numpy {numpy.__version__}, Python {sys.version.split()[0]}")


def table_rows(path: str) -> int:
    import pyarrow.dataset as ds

    return ds.dataset(path, format="parquet").count_rows()


def report(results: dict) -> None:
    floor = results.get("floor", {}).get("min")
    print(f"{'case':10s} {'min s':>9s} {'median s':>9s} {'peak RSS MiB':>13s} {'x floor':>8s}  {'Â (hex)':24s} target")
    for case, summary in results.items():
        if "error" in summary:
            print(f"{case:10s} {summary['error']}")
            continue
        ratio = f"{summary['min'] / floor:8.2f}" if floor else f"{'—':>8s}"
        target = TARGETS.get(case, "")
        if case == "grouped" and "aucbound" in results and "min" in results["aucbound"]:
            target += f" (x aucbound {summary['min'] / results['aucbound']['min']:.2f})"
        if summary["rss"] > RSS_TARGET_MIB:
            target += " RSS above 2.5 GB"
        print(f"{case:10s} {summary['min']:9.2f} {summary['median']:9.2f} {summary['rss']:13.0f} {ratio}  "
              f"{summary.get('auc', ''):24s} {target}", flush=True)


def parent(args) -> None:
    rows = table_rows(args.path)
    print(f"{args.path}: {rows:,} rows; {machine()}; {versions()}")
    print(f"DuckDB threads {args.threads}, memory_limit {args.memory_limit}, temp under {args.temp_dir}; "
          f"{args.repeat} run(s) per case, each in a fresh process")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    cases = [c for c in args.cases if c != "memory" or rows <= args.memory_max]
    for case in [c for c in cases if not available(c)]:
        print(f"  {case}: skipped (this aucbound has no table_auc, table_compare or table_groups)")
    cases = [c for c in cases if available(c)]
    runs = {case: [] for case in cases}
    failed = {}
    for round_ in range(args.repeat):  # round-robin: a change of load hits every case alike
        for case in cases:
            if case in failed:
                continue
            out = measure(args, case)
            if "error" in out:
                failed[case] = out
                continue
            runs[case].append(out)
            print(f"  round {round_ + 1} {case}: {out['seconds']:.2f} s, peak RSS {out['peak_rss_mib']:.0f} MiB"
                  + (f", AUC {out['auc_value']!r}, variance {out['variance']!r}" if "auc_value" in out else ""),
                  flush=True)
    results = {}
    for case in cases:
        if case in failed:
            results[case] = failed[case]
        elif runs[case]:
            times = [r["seconds"] for r in runs[case]]
            results[case] = {"min": min(times), "median": statistics.median(times),
                             "rss": max(r["peak_rss_mib"] for r in runs[case]), "auc": runs[case][-1].get("auc", "")}
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    report(results)
    exact = {case: results[case]["auc"] for case in ("prototype", "aucbound", "paired", "grouped", "memory")
             if results.get(case, {}).get("auc")}
    if len(exact) > 1:
        same = len(set(exact.values())) == 1
        print(f"Â bit-identical across {', '.join(exact)}: {'yes' if same else 'NO: ' + str(exact)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", help="a Parquet file or a directory of Parquet files (bench/scale_data.py)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per case (default 3)")
    parser.add_argument("--cases", nargs="*", choices=CASES, default=list(CASES))
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--memory-limit", default="2GB")
    parser.add_argument("--temp-dir", default="scale-data/tmp", help="DuckDB's spill directories go under it")
    parser.add_argument("--batch-rows", type=int, default=1 << 20, help="rows per Arrow record batch asked for")
    parser.add_argument("--memory-max", type=float, default=1e8, help="largest N for the in-memory case")
    parser.add_argument("--child", choices=CASES, help=argparse.SUPPRESS)
    parser.add_argument("--child-temp", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
    else:
        os.makedirs(args.temp_dir, exist_ok=True)
        parent(args)


if __name__ == "__main__":
    main()
