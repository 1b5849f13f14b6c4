#!/usr/bin/env python
"""The per-size tables of docs/coverage.md, from the CSV that ``aucbound coverage --grid`` writes.

    aucbound coverage --grid --out coverage.csv
    python bench/coverage_tables.py coverage.csv [--delta 0.05]

Prints, as Markdown, for each scenario a table of every method's coverage at each (m, n),
then the median width of every method at m = n in the first scenario. Nothing is computed
here beyond picking numbers out of the CSV.
"""

from __future__ import annotations

import argparse
import csv


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", help="the file written by aucbound coverage --grid --out")
    parser.add_argument("--delta", default="0.05", help="the level to show (as written in the CSV)")
    args = parser.parse_args()
    with open(args.csv, encoding="utf-8") as handle:
        rows = [row for row in csv.DictReader(handle) if row["delta"] == args.delta]
    scenarios = list(dict.fromkeys(row["scenario"] for row in rows))
    methods = list(dict.fromkeys(row["method"] for row in rows))
    sizes = list(dict.fromkeys((int(row["m"]), int(row["n"])) for row in rows))
    value = {(r["scenario"], r["method"], int(r["m"]), int(r["n"])): r for r in rows}

    for scenario in scenarios:
        truth = value[(scenario, methods[0], *sizes[0])]["true_auc"]
        print(f"#### {scenario} (true AUC {float(truth):g}), coverage at delta = {args.delta}\n")
        print("| method | " + " | ".join(f"{m}/{n}" for m, n in sizes) + " |")
        print("|---" * (len(sizes) + 1) + "|")
        for method in methods:
            cells = []
            for m, n in sizes:
                row = value[(scenario, method, m, n)]
                shown = f"{float(row['coverage']):.4f}"
                cells.append(f"**{shown}**" if row["below_nominal"] == "True" else shown)
            print(f"| {method} | " + " | ".join(cells) + " |")
        print()

    balanced = [(m, n) for m, n in sizes if m == n]
    print(f"#### median width at m = n, {scenarios[0]}, delta = {args.delta}\n")
    print("| method | " + " | ".join(f"{m}/{n}" for m, n in balanced) + " |")
    print("|---" * (len(balanced) + 1) + "|")
    for method in methods:
        widths = [f"{float(value[(scenarios[0], method, m, n)]['median_width']):.4f}" for m, n in balanced]
        print(f"| {method} | " + " | ".join(widths) + " |")


if __name__ == "__main__":
    main()
