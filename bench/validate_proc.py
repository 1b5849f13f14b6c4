#!/usr/bin/env python
"""Agreement of aucbound with R's pROC on the full aSAH data, to 1e-9 (1e-6 for values pROC prints to 7 digits); exits 1 on any disagreement.

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
    ("wfns", "pAUC sp 1-0.9"): 0.0334417344173442,
    ("wfns", "pAUC sp 0.5-0"): 0.488134475939354,
    ("wfns", "pAUC sp 1-0.9 McClish"): 0.649693339038653,
    ("wfns", "pAUC se 1-0.9"): 0.0400999322493225,
    ("s100b", "best Youden threshold"): 0.205,
    ("s100b", "power"): 0.9904833,
    ("41 + 72, AUC 0.73", "power"): 0.9897453,
}
#: Values pROC prints with 7 significant digits only (its power.roc.test tests): checked to 1e-6.
PRINTED = {("s100b", "power"), ("41 + 72, AUC 0.73", "power")}
#: The partial AUCs: (name, range, focus, McClish's correction).
PARTIAL = [("pAUC sp 1-0.9", (1, 0.9), "specificity", False), ("pAUC sp 0.5-0", (0.5, 0), "specificity", False),
           ("pAUC sp 1-0.9 McClish", (1, 0.9), "specificity", True), ("pAUC se 1-0.9", (1, 0.9), "sensitivity", False)]


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
    for name, ends, focus, correct in PARTIAL:
        values[("wfns", name)] = ab.partial_auc(poor, marker["wfns"], range=ends, focus=focus, correct=correct,
                                                resamples=None).estimate
    (best,) = ab.best_threshold(ab.roc_curve(poor, marker["s100b"]))
    values[("s100b", "best Youden threshold")] = best.threshold
    values[("s100b", "power")] = ab.power_test_data(poor, marker["s100b"]).power
    values[("41 + 72, AUC 0.73", "power")] = ab.power_test(0.73, ncases=41, ncontrols=72).power
    paired = ab.compare(poor, marker["wfns"], marker["s100b"])
    values[("wfns - s100b", "Z")], values[("wfns - s100b", "p")] = paired.z, paired.p_value
    values[("wfns - s100b", "ci lo")], values[("wfns - s100b", "ci hi")] = paired["delong"].lo, paired["delong"].hi
    return values


def command_line_values(path: Path) -> dict:
    def run(*args, data=True):
        labels = ["--label", "outcome", "--positive", "Poor"] if data else []
        output = subprocess.run(
            [sys.executable, "-m", "aucbound", *args, *labels, "--format", "json"],
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
    for name, ends, focus, correct in PARTIAL:
        options = ["--partial", f"{ends[0]},{ends[1]}", "--focus", focus[:2], "--bootstrap", "10"]
        data = run("auc", str(path), "--score", "wfns", *options, *(["--correct"] if correct else []))
        values[("wfns", name)] = data["results"][0]["estimate"]
    data = run("roc", str(path), "--score", "s100b", "--best", "youden")
    values[("s100b", "best Youden threshold")] = data["results"][0]["threshold"]
    values[("s100b", "power")] = run("power", str(path), "--score", "s100b")["results"][0]["power"]
    values[("41 + 72, AUC 0.73", "power")] = run("power", "--auc", "0.73", "--ncases", "41", "--ncontrols", "72",
                                                  data=False)["results"][0]["power"]
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
        bad = max(errors) > (1e-6 if key in PRINTED else TOLERANCE)
        failures += bad
        print(f"{key[0] + ' ' + key[1]:28s} {expected:22.17g} {errors[0]:14.2e} {errors[1]:10.2e}{'  FAIL' if bad else ''}")
    print(f"{len(EXPECTED) - failures} of {len(EXPECTED)} values agree to {TOLERANCE:g} "
          f"(1e-6 where pROC prints 7 digits: {', '.join(' '.join(key) for key in sorted(PRINTED))})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
