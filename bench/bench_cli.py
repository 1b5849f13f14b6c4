"""Wall time of `aucbound interval --m 100 --n 50 --delta 0.05`, the quick-start command.

Runs the command (and, for scale, a bare interpreter and `import numpy`) as fresh
processes, REPEAT times each, and prints the median and the best wall time.

    python bench/bench_cli.py [REPEAT]

Target: under 0.5 s wall on a 2-core machine.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "python -c 'import numpy'": [sys.executable, "-c", "import numpy"],
    "aucbound interval --m 100 --n 50 --delta 0.05": [
        os.path.join(os.path.dirname(sys.executable), "aucbound"), "interval", "--m", "100", "--n", "50", "--delta", "0.05"
    ],
    "python -m aucbound interval --m 100 --n 50": [sys.executable, "-m", "aucbound", "interval", "--m", "100", "--n", "50"],
}


def wall_times(command: list[str], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    print(f"{os.cpu_count()} CPUs, Python {sys.version.split()[0]}, {repeat} runs each")
    print(f"{'command':<50} {'median s':>9} {'best s':>8}")
    for label, command in COMMANDS.items():
        times = wall_times(command, repeat)
        print(f"{label:<50} {statistics.median(times):9.3f} {min(times):8.3f}")


if __name__ == "__main__":
    main()
