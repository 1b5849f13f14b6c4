"""Peak memory and time of reading a large CSV with ``read_columns``.

Writes (once) a CSV of ROWS rows: a float score column and a label column of 22-character
labels, two classes; then reads it in a fresh process and prints the read's wall time,
the process's peak resident set (VmHWM, interpreter and numpy included) and, for scale,
the resident set before the read and the size of the score array.

    python bench/bench_io.py [ROWS] [PATH]      # defaults: 10000000 /tmp/aucbound-io-ROWS.csv

Measured for 10^7 rows (a 425 MB file) on 2 shared cores, numpy 2.4: with the label column
read as one fixed-width string array, peak RSS 2627 MB and 42 s; read in blocks with the
labels coded as they come, 245 MB and 7.5 s (up to 16 s when the cores are busy).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import numpy as np


def write(path: str, rows: int) -> None:
    rng = np.random.default_rng(1)
    with open(path, "w") as stream:
        stream.write("score,label\n")
        for start in range(0, rows, 10**6):
            size = min(10**6, rows - start)
            poor = rng.random(size) < 0.3
            scores = (rng.normal(size=size) + poor).tolist()
            labels = np.where(poor, "outcome_poor_at_6month", "outcome_good_at_6month").tolist()
            stream.write("".join(f"{s!r},{y}\n" for s, y in zip(scores, labels)))


def status(key: str) -> int:
    """A line of /proc/self/status in MB (VmRSS: now; VmHWM: the peak so far)."""
    with open("/proc/self/status") as lines:
        return next(int(line.split()[1]) for line in lines if line.startswith(key + ":")) // 1024


def measure(path: str) -> None:
    from aucbound.empirical._io import read_columns

    before = status("VmRSS")
    start = time.perf_counter()
    columns = read_columns(path, ["score"], "label")
    seconds = time.perf_counter() - start
    score_mb = columns.scores[0].nbytes // 2**20
    label_mb = columns.labels.nbytes // 2**20
    print(f"read {columns.scores[0].shape[0]} rows in {seconds:.2f} s; peak RSS {status('VmHWM')} MB "
          f"(before the read {before} MB; scores {score_mb} MB, labels {label_mb} MB, {columns.labels.dtype})")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--measure":
        measure(sys.argv[2])
        return
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 10**7
    path = sys.argv[2] if len(sys.argv) > 2 else f"/tmp/aucbound-io-{rows}.csv"
    if not os.path.exists(path):
        write(path, rows)
    subprocess.run([sys.executable, __file__, "--measure", path], check=True)


if __name__ == "__main__":
    main()
