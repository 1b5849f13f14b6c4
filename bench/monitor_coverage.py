#!/usr/bin/env python
"""Simultaneous coverage and widths of aucbound's confidence sequence for monitoring the AUC.

    python bench/monitor_coverage.py                    # 1000 streams of 10^5 cases per row
    python bench/monitor_coverage.py --streams 50       # a smoke run

Streams of 10^5 cases, looked at after every batch of 1000 (100 looks), binormal at AUC 0.5,
0.8 and 0.95 with prevalence 0.5 and 0.1, and the rating scale (heavy ties) at AUC 0.8. For
each row: the share of streams whose confidence sequence held the true AUC at every look (the
acceptance: ≥ 1 − δ − 3·MCSE), the same share for DeLong's Wald interval recomputed at every
look (each look at level δ alone), the share whose last DeLong look alone covered, and the
mean half-widths at 10^3, 10^4 and 10^5 cases: the sequence's, the fixed-time bernstein
interval's at that look alone, and DeLong's. Streams run one after the other on one core.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import aucbound.simulate as sim

ROWS = [("binormal", auc, prevalence) for auc in (0.8, 0.95, 0.5) for prevalence in (0.5, 0.1)] + [("rating", 0.8, 0.5)]
LOOKS = (1000, 10_000, 100_000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--cases", type=int, default=100_000)
    parser.add_argument("--batch", type=int, default=1000)
    parser.add_argument("--delta", type=float, default=0.05)
    parser.add_argument("--method", default="bernstein")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"{args.streams} streams of {args.cases} cases, batch {args.batch}, δ = {args.delta}, method {args.method}")
    print("| scenario | AUC | prevalence | sequence coverage | ≥ 1 − δ − 3·MCSE | repeated DeLong | DeLong, last look "
          "| half-widths at 10^3 (seq / bernstein / DeLong) | at 10^4 | at 10^5 | seconds |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    accepted = True
    for offset, (name, auc, prevalence) in enumerate(ROWS):
        start = time.perf_counter()
        result = sim.monitor_coverage(scenario=name, auc=auc, prevalence=prevalence, cases=args.cases,
                                      batch=args.batch, delta=args.delta, method=args.method, trials=args.streams,
                                      compare_at=LOOKS, seed=args.seed + offset)
        seconds = time.perf_counter() - start
        ok = result.sequence_coverage >= 1 - args.delta - 3 * result.sequence_mcse
        accepted &= ok
        widths = []
        for look in LOOKS:
            if look in result.checkpoints:
                w = result.width_at(look)
                widths.append(f"{w['sequence']:.4f} / {w['bernstein']:.4f} / {w['delong']:.4f}")
            else:
                widths.append("-")
        print(f"| {name} | {auc} | {prevalence} | {result.sequence_coverage:.4f} ± {result.sequence_mcse:.4f} | "
              f"{'yes' if ok else 'NO'} | {result.delong_coverage:.4f} ± {result.delong_mcse:.4f} | "
              f"{result.delong_last_coverage:.4f} ± {result.delong_last_mcse:.4f} | {' | '.join(widths)} | {seconds:.0f} |",
              flush=True)
    print(f"# every row accepted: {accepted}")


if __name__ == "__main__":
    main()
