#!/usr/bin/env python
"""GroupedStatistics (K groups: each group's, each rest's and the overall statistics) beside the
ungrouped pass (SortedRows + LevelStatistics) on the same chunks of rows sorted by score.

    python bench/bench_stream_groups.py [--rows 1e7] [--groups 50] [--chunk 1048576] [--repeat 3] [--decimals D]
                                        [--check 3]

Prints the best-of-k wall time of each pass over the pre-sorted rows (the sort is not timed) and
their ratio, then, with --check G, the largest relative difference of G groups' and their rests'
S10, S01, p̂1, p̂2 (and the overall ones) from :func:`statistics` of those rows alone (each a
sort of up to N rows, a few seconds each at 10^7). Ratios measured in one run are robust to the
machine's load; absolute seconds are not.
"""

from __future__ import annotations

import argparse

import numpy as np

from aucbound.empirical import GroupedStatistics
from aucbound.empirical._delong import statistics
from aucbound.empirical._stream import LevelStatistics, SortedRows
from _timing import best


def ungrouped(chunks):
    rows, stats = SortedRows(), LevelStatistics()
    for scores, positive, _ in chunks:
        for _, pos, neg in rows.add(scores, positive):
            stats.add(pos, neg)
    for _, pos, neg in rows.finish():
        stats.add(pos, neg)
    return stats.statistics()


def grouped(chunks, groups):
    stats = GroupedStatistics(groups)
    for scores, positive, group in chunks:
        stats.add(scores, positive, group)
    return stats.finish()


def relative(got, want) -> float:
    worst = 0.0
    assert (got.m, got.n, got.twice_u) == (want.m, want.n, want.twice_u)
    for field in ("s10", "s01", "p1", "p2"):
        a, b = getattr(got, field), getattr(want, field)
        worst = max(worst, abs(a - b) / abs(b))
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=float, default=1e7)
    parser.add_argument("--groups", type=int, default=50)
    parser.add_argument("--chunk", type=int, default=2**20)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--decimals", type=int, default=None, help="scores rounded to this many decimals (ties)")
    parser.add_argument("--check", type=int, default=0, help="groups checked against statistics() of their rows")
    args = parser.parse_args()
    size = int(args.rows)
    rng = np.random.default_rng(0)
    group = rng.integers(0, args.groups, size).astype(np.int32)
    positive = rng.random(size) < 0.3
    scores = rng.normal(size=size) + positive + 0.02 * (group % 5)  # groups of slightly different AUCs
    if args.decimals is not None:
        scores = np.round(scores, args.decimals)
    order = np.argsort(scores, kind="stable")
    scores, positive, group = scores[order], positive[order], group[order]
    chunks = [(scores[i:i + args.chunk], positive[i:i + args.chunk], group[i:i + args.chunk])
              for i in range(0, size, args.chunk)]
    plain = best(lambda: ungrouped(chunks), args.repeat)
    split = best(lambda: grouped(chunks, args.groups), args.repeat)
    ties = f", scores to {args.decimals} decimals" if args.decimals is not None else ""
    print(f"N = {size:,}, K = {args.groups}, chunks of {args.chunk:,} rows{ties}")
    print(f"ungrouped (SortedRows + LevelStatistics): {plain:.3f} s ({plain / size * 1e9:.1f} ns per row)")
    print(f"GroupedStatistics:                        {split:.3f} s ({split / size * 1e9:.1f} ns per row)")
    print(f"ratio grouped / ungrouped: {split / plain:.2f}")
    if args.check:
        overall, groups, rests = grouped(chunks, args.groups)
        worst = relative(overall, statistics(np.sort(scores[positive]), np.sort(scores[~positive])))
        print(f"overall: largest relative difference {worst:.2e}")
        for g in range(args.check):
            inside = group == g
            own = relative(groups[g], statistics(scores[inside & positive], scores[inside & ~positive]))
            rest = relative(rests[g], statistics(scores[~inside & positive], scores[~inside & ~positive]))
            print(f"group {g}: largest relative difference {own:.2e}, its rest {rest:.2e}")


if __name__ == "__main__":
    main()
