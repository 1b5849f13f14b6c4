"""Wall time of commands whose solvers make many small BLAS calls, with BLAS threads as a user has them.

Each command runs as a fresh process, REPEAT times, round-robin, in two environments:
"as is" (OPENBLAS_NUM_THREADS, OMP_NUM_THREADS and MKL_NUM_THREADS removed, so OpenBLAS
starts one thread per core) and "1 thread" (all three set to 1). It prints the least,
median and largest wall time of each, and the load average before and after.

    python bench/bench_blas_threads.py [REPEAT] [--before DIR]

``--before DIR`` also runs the package found in DIR (put first on PYTHONPATH), e.g. an
earlier version unpacked with ``git archive``, in the same round-robin, so that the two
versions are timed in the same minutes.
On a shared machine absolute seconds move with the load; compare the rows of one run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

#: The commands timed (arguments of `python -m aucbound`); {out} is a fresh directory.
COMMANDS = [
    ["optimal", "steps", "--K", "1..25"],
    ["plot", "all", "--out-dir", "{out}"],
]
THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def environment(one_thread: bool, source: str | None) -> dict:
    env = {key: value for key, value in os.environ.items() if key not in THREAD_VARIABLES}
    if one_thread:
        env.update(dict.fromkeys(THREAD_VARIABLES, "1"))
    if source:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [source, env.get("PYTHONPATH")]))
    return env


def run(arguments: list[str], env: dict) -> float:
    with tempfile.TemporaryDirectory() as out:
        command = [sys.executable, "-m", "aucbound", *(part.format(out=out) for part in arguments)]
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env, cwd=out)
        return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("repeat", nargs="?", type=int, default=3)
    parser.add_argument("--before", help="a directory holding an earlier aucbound package to time beside this one")
    args = parser.parse_args()
    print(f"{os.cpu_count()} CPUs, Python {sys.version.split()[0]}, {args.repeat} runs each, round-robin; "
          f"load average {os.getloadavg()[0]:.2f}")
    versions = [("this", None)] + ([("before", args.before)] if args.before else [])
    cases = [(arguments, one, version) for arguments in COMMANDS for version in versions for one in (False, True)]
    times = {index: [] for index in range(len(cases))}
    for _ in range(args.repeat):
        for index, (arguments, one, (_, source)) in enumerate(cases):
            times[index].append(run(arguments, environment(one, source)))
    print(f"{'command':<36} {'version':<8} {'BLAS threads':<13} {'min s':>7} {'median s':>9} {'max s':>7}")
    for index, (arguments, one, (version, _)) in enumerate(cases):
        shown = " ".join(part.replace("{out}", "DIR") for part in arguments)
        values = times[index]
        print(f"{shown:<36} {version:<8} {'1 thread' if one else 'as is':<13} {min(values):7.1f} "
              f"{statistics.median(values):9.1f} {max(values):7.1f}")
    print(f"load average at the end {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
