"""Wall time and peak memory of the exact count ψ(m, n) and of brute-force enumeration.

    python bench/bench_psi.py

Targets, on the 2-core machine: exact psi(500, 500) ≤ 2 s, psi(1000, 1000) ≤ 20 s,
brute force at 4×4 (all 3^16 = 43,046,721 matrices) ≤ 60 s with a count equal to
psi(4, 4), peak memory < 2 GB. Each case runs once in this process; the peak resident set
size is the process's maximum so far (Linux ru_maxrss).
"""

from __future__ import annotations

import math
import os
import platform
import resource
import sys
import time

import aucbound as ab

TARGETS = {"psi(500, 500)": 2.0, "psi(1000, 1000)": 20.0, "bruteforce(4, 4)": 60.0, "log_psi(5000, 5000)": None}


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def timed(call):
    start = time.perf_counter()
    value = call()
    return value, time.perf_counter() - start


def main() -> int:
    print(f"{os.cpu_count()} CPUs, {platform.processor() or platform.machine()}, Python {sys.version.split()[0]}")
    print(f"{'case':<22} {'seconds':>8} {'target s':>9} {'peak RSS MiB':>13}  result")
    failed = False
    exact_4_4 = ab.psi(4, 4)
    cases = {
        "psi(500, 500)": lambda: ab.psi(500, 500),
        "psi(1000, 1000)": lambda: ab.psi(1000, 1000),
        "bruteforce(4, 4)": lambda: ab.shatter.count_realizable_bruteforce(4, 4),
        "log_psi(5000, 5000)": lambda: ab.log_psi(5000, 5000),
    }
    for label, call in cases.items():
        value, seconds = timed(call)
        target = TARGETS[label]
        if isinstance(value, int):
            shown = f"{math.floor(math.log10(value)) + 1} digits" if value > 10**12 else str(value)
        else:
            shown = f"ln psi = {value:.6f}"
        if label.startswith("bruteforce"):
            shown += " = psi(4, 4)" if value == exact_4_4 else f" != psi(4, 4) = {exact_4_4}"
            failed |= value != exact_4_4
        failed |= target is not None and seconds > target
        print(f"{label:<22} {seconds:8.2f} {target if target else '—':>9} {peak_rss_mib():13.0f}  {shown}")
    failed |= peak_rss_mib() > 2048
    print("all targets met" if not failed else "TARGET MISSED")
    return int(failed)


if __name__ == "__main__":
    sys.exit(main())
