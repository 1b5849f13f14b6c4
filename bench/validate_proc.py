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
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import numpy as np

import aucbound as ab

TOLERANCE = 1e-9
ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "tests" / "data" / "asah_markers.csv"


def load_reference():
    """tests/proc_reference.py, where each pROC value stands beside the R call that prints it."""
    spec = importlib.util.spec_from_file_location("proc_reference", ROOT / "tests" / "proc_reference.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


P = load_reference()


def _partial(a, b, focus, correct):
    return next(row[-1] for row in P.PROC_PARTIAL if row[:5] == ("wfns", a, b, focus, correct))


#: pROC's values (asserted by pROC's own test suite), from tests/proc_reference.py.
EXPECTED = {
    **{(name, what): table[name] for name in ("s100b", "wfns", "ndka")
       for what, table in (("auc", P.PROC_AUC), ("variance", P.PROC_VARIANCE))},
    ("ndka", "ci lo"): P.PROC_DELONG_CI["ndka"][0],
    ("ndka", "ci hi"): P.PROC_DELONG_CI["ndka"][1],
    **dict(zip([("wfns - s100b", what) for what in ("Z", "p", "ci lo", "ci hi")], P.PROC_PAIRED["wfns", "s100b"])),
    ("wfns", "pAUC sp 1-0.9"): _partial(1.0, 0.9, "specificity", False),
    ("wfns", "pAUC sp 0.5-0"): _partial(0.5, 0.0, "specificity", False),
    ("wfns", "pAUC sp 1-0.9 McClish"): _partial(1.0, 0.9, "specificity", True),
    ("wfns", "pAUC se 1-0.9"): _partial(1.0, 0.9, "sensitivity", False),
    ("s100b", "best Youden threshold"): P.PROC_S100B_BEST[0],
    ("s100b", "power"): P.PROC_S100B_POWER,
    ("41 + 72, AUC 0.73", "power"): P.PROC_POWER_41_72,
}
#: Values kept to the 7 significant digits pROC's power.roc.test tests print: checked to 1e-6.
PRINTED = {("s100b", "power")}
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
