"""Wall time of `aucbound plot all --out-dir DIR`, and of each plot alone.

Runs `aucbound plot all` as a fresh process REPEAT times (into a temporary directory) and
prints the median and the best wall time; then, in one process, the time to draw each
figure and to save it as PNG.

    python bench/bench_plots.py [REPEAT]

Target: `plot all` in at most 30 s wall on a 2-core machine.
"""

from __future__ import annotations

import io
import os
import statistics
import subprocess
import sys
import tempfile
import time


def plot_all(repeat: int) -> list[float]:
    command = os.path.join(os.path.dirname(sys.executable), "aucbound")
    times = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as directory:
            start = time.perf_counter()
            subprocess.run([command, "plot", "all", "--out-dir", directory], check=True, stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - start)
    return times


def each_plot() -> None:
    from aucbound.plots import PLOTS

    print(f"{'plot':<20} {'draw s':>7} {'save PNG s':>11}")
    for name, function in PLOTS.items():
        start = time.perf_counter()
        figure = function()
        drawn = time.perf_counter()
        figure.savefig(io.BytesIO(), format="png")
        print(f"{name:<20} {drawn - start:7.2f} {time.perf_counter() - drawn:11.2f}")


def main() -> None:
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print(f"{os.cpu_count()} CPUs, Python {sys.version.split()[0]}, {repeat} runs")
    times = plot_all(repeat)
    print(f"aucbound plot all --out-dir DIR: median {statistics.median(times):.1f} s, best {min(times):.1f} s")
    each_plot()


if __name__ == "__main__":
    main()
