#!/usr/bin/env python
"""Agreement of aucbound with R's pROC on the full aSAH data, to 1e-9; exits 1 on any disagreement.

Reads the aSAH columns of ``tests/data/asah_markers.csv`` (or a full copy of pROC's
``aSAH`` as CSV given with ``--data``),
computes every value pROC's own test suite gives for it, through the library and through
the command line (JSON output), and prints each with its absolute error.

    python bench/validate_proc.py
"""

from __future__ import annotations

import argparse
import csv
import json
import subprocess
import sys
from pathlib import Path

import numpy as np

import aucbound as ab

TOLERANCE = 1e-9
DEFAULT = Path(__file__).resolve().parents[1] / "tests" / "data" / "asah_markers.csv"

#: pROC's values (asserted by pROC's own test suite; the R code is tests/data/proc_reference.R).
EXPECTED = {
    ("s100b", "auc"): 0.7313685636856369,
    ("s100b", "variance"): 0.00266868245717244,
    ("wfns", "auc"): 0.8236788617886179,
    ("wfns", "variance"): 0.00146991470882363,
    ("ndka", "auc"): 0.6119579945799458,
    ("ndka", "variance"): 0.0031908105493913,
    ("ndka", "ci lo"): 0.501244999271703,
    ("ndka", "ci hi"): 0.722670989888189,
    ("wfns - s100b", "Z"): 2.20898359144091,
    ("wfns - s100b", "p"): 0.0271757822291882,
    ("wfns - s100b", "ci lo"): 0.0104061769564846,
    ("wfns - s100b", "ci hi"): 0.174214419249478,
}


def library_values(path: Path) -> dict:
    with path.open(newline="") as stream:
        rows = list(csv.DictReader(stream))
    poor = np.array([row["outcome"] == "Poor" for row in rows])
    marker = {name: np.array([float(row[name]) for row in rows]) for name in ("wfns", "s100b", "ndka")}
    values = {}
    for name in ("s100b", "wfns", "ndka"):
        result = ab.delong(poor, marker[name])
        values[(name, "auc")] = ab.auc(poor, marker[name])
        values[(name, "variance")] = result.variance
    row = ab.intervals(poor, marker["ndka"], delta=0.05, methods=["delong"])["delong"]
    values[("ndka", "ci lo")], values[("ndka", "ci hi")] = row.lo, row.hi
    paired = ab.compare(poor, marker["wfns"], marker["s100b"])
    values[("wfns - s100b", "Z")], values[("wfns - s100b", "p")] = paired.z, paired.p_value
    values[("wfns - s100b", "ci lo")], values[("wfns - s100b", "ci hi")] = paired["delong"].lo, paired["delong"].hi
    return values


def command_line_values(path: Path) -> dict:
    def run(*args):
        output = subprocess.run(
            [sys.executable, "-m", "aucbound", *args, "--label", "outcome", "--positive", "Poor", "--format", "json"],
            check=True, capture_output=True, text=True,
        ).stdout
        return json.loads(output)

    values = {}
    for name in ("s100b", "wfns", "ndka"):
        data = run("auc", str(path), "--score", name, "--method", "delong")
        values[(name, "auc")] = data["parameters"]["auc"]
        values[(name, "variance")] = data["parameters"]["delong_variance"]
        if name == "ndka":
            values[(name, "ci lo")], values[(name, "ci hi")] = data["results"][0]["lo"], data["results"][0]["hi"]
    data = run("compare", str(path), "--score", "wfns", "--score", "s100b", "--method", "delong")
    values[("wfns - s100b", "Z")], values[("wfns - s100b", "p")] = data["parameters"]["z"], data["parameters"]["p_value"]
    values[("wfns - s100b", "ci lo")], values[("wfns - s100b", "ci hi")] = data["results"][0]["lo"], data["results"][0]["hi"]
    return values


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT, help=f"aSAH.csv (default: {DEFAULT})")
    path = parser.parse_args().data
    failures = 0
    print(f"aSAH from {path}; tolerance {TOLERANCE:g}")
    print(f"{'value':28s} {'pROC':>22s} {'library error':>14s} {'CLI error':>10s}")
    library, command_line = library_values(path), command_line_values(path)
    for key, expected in EXPECTED.items():
        errors = [abs(source[key] - expected) for source in (library, command_line)]
        bad = max(errors) > TOLERANCE
        failures += bad
        print(f"{key[0] + ' ' + key[1]:28s} {expected:22.17g} {errors[0]:14.2e} {errors[1]:10.2e}{'  FAIL' if bad else ''}")
    print(f"{len(EXPECTED) - failures} of {len(EXPECTED)} values agree to {TOLERANCE:g}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
