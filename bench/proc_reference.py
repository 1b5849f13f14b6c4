#!/usr/bin/env python
"""Run every R call of tests/proc_reference.py in R and compare R's numbers with the ones kept there.

Needs ``Rscript`` with pROC (Debian: ``apt-get install --no-install-recommends r-cran-proc``).
Each session's calls run in one R process, from the repository's top folder. A number
agrees when it equals R's to the digits it was recorded with; None agrees with R's NA or
NaN. Prints one line per call and exits 1 on any disagreement.

    python bench/proc_reference.py
    python bench/proc_reference.py --session asah      # one session's calls
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MARK = "@@call"


def load_reference():
    spec = importlib.util.spec_from_file_location("proc_reference", ROOT / "tests" / "proc_reference.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def r_script(setup: str, calls) -> str:
    """The session's setup, then each call's numbers printed at 17 digits after a marker line."""
    lines = [setup]
    for k, call in enumerate(calls):
        lines.append(f'cat("{MARK} {k}\\n")')
        lines.append(f"x <- suppressWarnings(tryCatch({{ {call.call} }}, error = function(e) {{ cat(\"error:\", "
                     f"conditionMessage(e), \"\\n\"); NULL }}))")
        lines.append('if (!is.null(x)) cat(sprintf("%.17g", as.numeric(unlist(x))), sep = "\\n")')
    return "\n".join(lines) + "\n"


def parse(output: str, count: int) -> list[list[str]]:
    """The lines R printed for each call, in order."""
    printed: list[list[str]] = [[] for _ in range(count)]
    current = None
    for line in output.splitlines():
        if line.startswith(MARK):
            current = int(line.split()[1])
        elif current is not None:
            printed[current].append(line.strip())
    return printed


def flat(value) -> list:
    return [x for item in value for x in flat(item)] if isinstance(value, (tuple, list)) else [value]


def agrees(stored, printed: str, digits: int) -> bool:
    """Whether R's number `printed` (17 digits) rounds to `stored` at `digits` significant digits."""
    if stored is None:
        return printed in ("NA", "NaN")
    try:
        exact = float(printed)
    except ValueError:
        return False
    if not math.isfinite(exact) or not math.isfinite(stored):
        return exact == stored
    if exact == 0:
        return stored == 0
    unit = 10.0 ** (math.floor(math.log10(abs(exact))) - digits + 1)
    return abs(stored - exact) <= 0.5 * unit * (1 + 1e-9) + 4 * math.ulp(exact)


def check(session: str, setup: str, calls) -> list[tuple]:
    """(call, stored, printed, ok) for each call of one session."""
    script = r_script(setup, calls)
    result = subprocess.run(["Rscript", "--vanilla", "-"], input=script, cwd=ROOT, capture_output=True, text=True,
                            timeout=3600)
    if result.returncode != 0:
        raise SystemExit(f"R failed in session {session!r}:\n{result.stderr}")
    rows = []
    for call, printed in zip(calls, parse(result.stdout, len(calls))):
        stored = flat(call.value)
        ok = len(printed) == len(stored) and all(agrees(s, p, call.digits) for s, p in zip(stored, printed))
        rows.append((call, stored, printed, ok))
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--session", action="append", help="only this session's calls (repeatable)")
    args = parser.parse_args(argv)
    if shutil.which("Rscript") is None:
        print("Rscript is not installed: apt-get install --no-install-recommends r-cran-proc", file=sys.stderr)
        return 2
    reference = load_reference()
    sessions = args.session or list(reference.SESSIONS)
    failures = total = 0
    for session in sessions:
        calls = [call for call in reference.CALLS if call.session == session]
        if not calls:
            continue
        for call, stored, printed, ok in check(session, reference.SESSIONS[session], calls):
            total += 1
            failures += not ok
            shown = ", ".join(printed) if printed else "(nothing)"
            print(f"{'ok  ' if ok else 'DIFF'} [{session}] {call.call}\n       kept {stored}\n       R    {shown}")
    print(f"{total - failures} of {total} calls agree with R")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
