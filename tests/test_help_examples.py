"""Every example in every command's --help runs as written and prints the values it is there to show.

The commands are walked from the top group down (subcommands of groups too, so a command
added later is found without an edit here). Each "Examples:" line that runs aucbound —
alone, or at the end of a shell pipe such as `cat scores.csv | aucbound auc - …` — is run
once, in a fresh directory holding the files the examples name:

- aSAH.csv: outcome, wfns, s100b, ndka of the 113 patients of tests/data/asah_markers.csv
  (cases: --label outcome --positive Poor);
- scores.csv: columns score (s100b) and y (1 for Poor, else 0);
- scores.tsv: the same without a header, label first (--score 1 --label 0);
- aSAH_missing.csv: tests/data/asah_missing.csv, 29 of those patients with some fields
  empty or NA (for --nan omit);
- pairs.csv: a preference file of pairs (u, v, h) over four items;
- weighted.csv: s100b, outcome and a case weight w (1 for Poor, 3 for Good) of the same patients;
- classes_weighted.csv: classes.csv (tests/data/multiclass_k3.csv) with a case weight w = 1, 2, 3, 1, 2, 3, ….
- resampled.csv: tests/data/resampled_medium.csv (y, a, b), the data of pROC's resampled tests.

Plain commands run in-process with click's runner; a pipe runs in a shell, with `aucbound`
meaning this interpreter's module. A plot example that writes no --data file is given one
(`--data NAME.csv` beside its figure): the figure is checked for its file, the CSV for the
numbers behind every curve.

EXPECTED maps every example to the check of what it shows, against values derived without
aucbound: the papers' own numbers, R's pROC (tests/proc_reference.py keeps each value beside
the R call that prints it), the papers' formulas evaluated in mpmath (tests/reference.py), brute
force, or a hand computation written out beside the check. A new example must come with
its entry (test_every_example_has_a_check); an entry whose example is gone fails too.
Numbers printed in tables carry 6 significant digits and are compared to within half a
unit of the last; JSON and CSV carry every digit.
"""

from __future__ import annotations

import builtins
import csv
import io
import itertools
import json
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from pathlib import Path

import click
import mpmath as mp
import numpy as np
import pytest
from scipy import integrate, optimize, special

from aucbound.cli._app import main
from proc_reference import (PROC_AUC, PROC_AUC_41_72, PROC_COVARIANCE, PROC_DELONG_CI, PROC_MISSING_S100B,
                            PROC_NDKA_CI_SP, PROC_NDKA_SPECIFICITY, PROC_NDKA_WFNS_POWER, PROC_NDKA_WFNS_SIZES,
                            PROC_PAIRED, PROC_PARTIAL, PROC_POWER_41_72, PROC_S100B_BEST, PROC_S100B_BOOTSTRAP,
                            PROC_S100B_SIZES_0_9, PROC_SIG_LEVEL_41_72, PROC_SIZES_KAPPA_1_7, PROC_VARIANCE,
                            PROC_WFNS_CI_SE, PROC_WFNS_PARTIAL_BOOTSTRAP, PROC_WFNS_SENSITIVITY)
from tests import reference as ref
from proc_reference import PROC_CHISQ, PROC_PAIRED_ONE_SIDED, PROC_UNPAIRED
from tests.test_empirical_auc import brute_delong, kernel
from tests.test_empirical_roc import hexfloat, naive_points
from tests.test_optimal_steps import PAPER_OFF, PAPER_TABLE_1, definition_risks, eq8_log_residuals
from tests.test_reductions_quicksort import outcomes
from tests.test_reductions_tournaments import brute_exhaustive

DATA = Path(__file__).resolve().parent / "data"
EXAMPLE = re.compile(r"^(?:[^|]*\|\s*)?aucbound\s")
FIGURE_MAGIC = {".png": b"\x89PNG", ".pdf": b"%PDF", ".svg": b"<?xml"}


# --- the examples --------------------------------------------------------------------------------


def _commands(command: click.Command, path: tuple[str, ...], parent: click.Context | None):
    """(path, help text) of `command` and of every command below it."""
    ctx = click.Context(command, info_name=path[-1], parent=parent)
    yield path, command.get_help(ctx)
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            yield from _commands(command.get_command(ctx, name), (*path, name), ctx)


def _examples(text: str) -> list[str]:
    """The aucbound lines of the 'Examples:' (or 'Example:') block of a help text."""
    found, inside = [], False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped in ("Examples:", "Example:"):
            inside = True
            continue
        if inside:
            if not stripped:
                inside = False
            elif EXAMPLE.match(stripped):
                found.append(stripped)
    return found


COMMANDS = list(_commands(main, ("aucbound",), None))
EXAMPLES = sorted({example for _, text in COMMANDS for example in _examples(text)})


# --- one run of an example -------------------------------------------------------------------------


def _inputs(folder: Path) -> None:
    """Write the files the examples read into `folder`."""
    shutil.copy(DATA / "asah_markers.csv", folder / "aSAH.csv")
    with open(DATA / "asah_markers.csv", newline="") as stream:
        rows = list(csv.DictReader(stream))
    cases = [(row["s100b"], int(row["outcome"] == "Poor")) for row in rows]
    (folder / "scores.csv").write_text("score,y\n" + "".join(f"{score},{y}\n" for score, y in cases))
    (folder / "scores.tsv").write_text("".join(f"{y}\t{score}\n" for score, y in cases))
    shutil.copy(DATA / "preference_pairs.csv", folder / "pairs.csv")
    shutil.copy(DATA / "asah_missing.csv", folder / "aSAH_missing.csv")
    shutil.copy(DATA / "multiclass_k3.csv", folder / "classes.csv")  # the multiclass AUC's examples
    _parquet_input(folder)
    _classes_weighted_input(folder)
    _weighted_input(folder, rows)
    _weighted_pair_input(folder, rows)
    # the comparison suite's examples: tests/data/compare_large.csv, and its groups x and z as two files
    shutil.copy(DATA / "compare_large.csv", folder / "compare.csv")
    lines = (DATA / "compare_large.csv").read_text().splitlines()
    for group in "xz":
        (folder / f"{group}.csv").write_text("\n".join([lines[0]] + [line for line in lines[1:]
                                                                    if line.endswith(f",{group}")]) + "\n")
    shutil.copy(DATA / "resampled_medium.csv", folder / "resampled.csv")  # compare's resampled tests


def _with_data_file(args: list[str]) -> list[str]:
    """A plot command's arguments with --data FILE.csv beside its figure when it has none."""
    if args[:1] != ["plot"] or "--data" in args or "--out" not in args:
        return args
    out = args[args.index("--out") + 1]
    return [*args, "--data", str(Path(out).with_suffix(".csv"))]


@dataclass
class Run:
    """The output of one example, and the directory it ran in."""

    example: str
    stdout: str
    stderr: str
    folder: Path

    @cached_property
    def json(self):
        return json.loads(self.stdout)

    @cached_property
    def tables(self) -> list[Table]:
        return tables(self.stdout)

    @property
    def table(self) -> Table:
        assert len(self.tables) == 1, self.stdout
        return self.tables[0]

    def csv(self, name: str | None = None) -> list[dict]:
        """The rows of the CSV the example printed, or of the file `name` it wrote."""
        text = self.stdout if name is None else (self.folder / name).read_text()
        return list(csv.DictReader(io.StringIO(text)))

    def series(self, name: str) -> dict[tuple[str, str], list[tuple[float, float]]]:
        """The (x, y) points of a plot's --data file `name`, by (panel, series)."""
        found: dict[tuple[str, str], list[tuple[float, float]]] = {}
        for row in self.csv(name):
            found.setdefault((row["panel"], row["series"]), []).append((float(row["x"]), float(row["y"])))
        return found

    def figure(self, name: str) -> None:
        """The figure `name` was written, in the format of its suffix, and named on stdout."""
        path = self.folder / name
        assert path.read_bytes().startswith(FIGURE_MAGIC[path.suffix]) and path.stat().st_size > 1000
        assert name in self.stdout.split()


def run_example(example: str, folder: Path) -> Run:
    if "|" in example:
        module = f"{shlex.quote(sys.executable)} -m aucbound"
        line = re.sub(r"(^|\|\s*)aucbound\s", lambda match: f"{match[1]}{module} ", example)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(DATA.parent.parent), os.environ.get("PYTHONPATH", "")])}
        result = subprocess.run(["bash", "-o", "pipefail", "-c", line], capture_output=True, text=True, env=env,
                                timeout=120, cwd=folder)
        assert result.returncode == 0, result.stderr
        return Run(example, result.stdout, result.stderr, folder)
    from click.testing import CliRunner

    cwd = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, _with_data_file(shlex.split(example)[1:]), prog_name="aucbound")
    finally:
        os.chdir(cwd)
    assert result.exit_code == 0, (result.output, result.exception)
    return Run(example, result.stdout, result.stderr, folder)


# --- reading the output ----------------------------------------------------------------------------


@dataclass
class Table:
    """A table as tabulate prints it: the header and the rows, cut at the columns of its rule."""

    header: list[str]
    rows: list[list[str]] = field(default_factory=list)

    def row(self, key: str) -> dict[str, str]:
        """The row whose first cell is `key` (a trailing ' *', 'beyond the paper', left out)."""
        found = [row for row in self.rows if row[0].removesuffix(" *") == key]
        assert len(found) == 1, (key, self.rows)
        return dict(zip(self.header, found[0]))

    def column(self, name: str) -> list[str]:
        index = self.header.index(name)
        return [row[index] for row in self.rows]


def tables(text: str) -> list[Table]:
    """Every table of `text`: a header line, a rule of dashes, rows down to a blank line."""
    lines = text.splitlines()
    found = []
    for i, line in enumerate(lines):
        if i and "-" in line and set(line) <= {"-", " "}:
            spans = [match.span() for match in re.finditer(r"-+", line)]
            cut = lambda text: [text[a:b if k < len(spans) - 1 else None].strip()  # noqa: E731
                                for k, (a, b) in enumerate(spans)]
            rows = list(itertools.takewhile(str.strip, lines[i + 1:]))
            found.append(Table(cut(lines[i - 1]), [cut(row) for row in rows]))
    return found


def latex_table(text: str) -> Table:
    """The one booktabs table of `text` (header between \\toprule and \\midrule)."""
    lines = [line.strip() for line in text.splitlines()]
    top, middle, bottom = (lines.index(rule) for rule in ("\\toprule", "\\midrule", "\\bottomrule"))

    def cells(line):
        return [cell.strip() for cell in line.removesuffix("\\\\").split("&")]

    return Table(cells(lines[top + 1]), [cells(line) for line in lines[middle + 1:bottom]])


def interval(cell: str) -> tuple[float, float]:
    lo, hi = cell.strip("[]").split(",")
    return float(lo), float(hi)


def big(cell: str) -> tuple[float, int]:
    """'≈ 1.24376 × 10^33' as (1.24376, 33)."""
    match = re.fullmatch(r"≈ ([\d.]+) × 10\^(\d+)", cell)
    assert match, cell
    return float(match[1]), int(match[2])


def six_digits(value: float) -> float:
    """Half a unit of the 6th significant digit of a printed number (tabulate prints 6 digits and
    drops trailing zeros); a printed 0 is an exact 0."""
    return 0.5 * 10.0 ** (math.floor(math.log10(abs(value))) - 5) * (1 + 1e-9) if value else 1e-12


def printed_digits(text: str) -> float:
    """Half a unit of the last digit of a number printed with more than 6 significant digits
    (a table of risks to 10 decimals), else of its 6th."""
    mantissa, _, exponent = text.lower().partition("e")
    decimals = len(mantissa.partition(".")[2])
    last = 0.5 * 10.0 ** (-decimals + int(exponent or 0)) * (1 + 1e-9)
    return min(last, six_digits(float(text)))


def near(printed, expected, rel: float | None = None, abs: float | None = None) -> None:
    """The printed number (a string or a float) is the reference `expected`: to within half a unit
    of its last digit (of its 6th for a float), or to within the `rel` and/or `abs` given."""
    value, expected = float(printed), float(expected)
    if rel is None and abs is None:
        tolerance = printed_digits(printed) if isinstance(printed, str) else six_digits(value)
    else:
        tolerance = max((rel or 0.0) * builtins.abs(expected), abs or 0.0)
    assert builtins.abs(value - expected) <= tolerance, (printed, expected)


def near_interval(cell: str, expected) -> None:
    lo, hi = interval(cell)
    near(lo, expected[0])
    near(hi, expected[1])


def near_bootstrap(cell: str, expected, tolerance: float) -> None:
    """A bootstrap interval within `tolerance` of a reference with far more resamples, at both ends."""
    lo, hi = interval(cell)
    assert abs(lo - expected[0]) < tolerance and abs(hi - expected[1]) < tolerance, (cell, expected)


def sentence(text: str, pattern: str) -> re.Match:
    match = re.search(pattern, text)
    assert match, (pattern, text)
    return match


# --- the aSAH data and the intervals of `aucbound auc` ---------------------------------------------


def asah(file: str = "asah_markers.csv", score: str = "s100b") -> tuple[np.ndarray, np.ndarray]:
    """(positives, negatives) of `score`, cases outcome == Poor, rows missing either left out."""
    with open(DATA / file, newline="") as stream:
        rows = [row for row in csv.DictReader(stream)
                if row["outcome"] in ("Good", "Poor") and row[score] not in ("", "NA", "NaN")]
    pos = np.array([float(row[score]) for row in rows if row["outcome"] == "Poor"])
    neg = np.array([float(row[score]) for row in rows if row["outcome"] == "Good"])
    return pos, neg


def plug_in_p(pos, neg) -> tuple[float, float]:
    """Lehmann's p̂1 = mean of ψ(a, y)·ψ(b, y) over negatives y and ordered pairs a ≠ b of positives,
    p̂2 likewise over positives and pairs of negatives: with S_y = Σ_a ψ(a, y),
    Σ_{a≠b} ψ(a, y)ψ(b, y) = S_y² − Σ_a ψ(a, y)²."""
    psi = kernel(pos, neg)
    m, n = psi.shape
    p1 = np.sum(psi.sum(axis=0) ** 2 - (psi**2).sum(axis=0)) / (n * m * (m - 1))
    p2 = np.sum(psi.sum(axis=1) ** 2 - (psi**2).sum(axis=1)) / (m * n * (n - 1))
    return p1, p2


def clipped(centre, half):
    return max(mp.mpf(0), centre - half), min(mp.mpf(1), centre + half)


def auc_intervals(pos, neg, delta: float = 0.05) -> dict[str, tuple]:
    """Every closed-form interval of `aucbound auc`, from the papers' formulas (tests/reference.py)
    at the brute-force estimate Â, DeLong variance and Lehmann's p̂1, p̂2."""
    auc, *_, variance = brute_delong(pos, neg)
    p1, p2 = plug_in_p(pos, neg)
    m, n = len(pos), len(neg)
    k, z = min(m, n), ref.two_sided_quantile(delta)
    lehmann = mp.sqrt(ref.lehmann_variance(auc, p1, p2, m, n))
    return {
        "mcdiarmid": clipped(auc, ref.mcdiarmid_epsilon(m, n, delta)),
        "hoeffding": clipped(auc, ref.hoeffding_epsilon(m, n, delta)),
        "hoeffding-kl": ref.kl_interval(auc, k, delta, dps=30),
        "bernstein": ref.bernstein_interval(auc, *(min(max(p, auc * auc), auc) for p in (p1, p2)), m, n, delta, dps=30),
        "chebyshev-max": ref.score_interval(auc, k, 1 / mp.sqrt(delta)),
        "normal-max": ref.score_interval(auc, k, z),
        "chebyshev-lehmann": clipped(auc, ref.chebyshev_epsilon(lehmann, delta)),
        "normal-lehmann": clipped(auc, ref.normal_epsilon(lehmann, delta)),
        "hanley-mcneil": clipped(auc, ref.normal_epsilon(mp.sqrt(ref.hanley_mcneil_variance(auc, m, n)), delta)),
        "newcombe": ref.newcombe_interval(auc, m, n, delta, dps=30),
        "delong": ref.wald_interval(auc, variance, delta),
        "delong-logit": ref.wald_interval(auc, variance, delta, logit=True),
    }


def half_width(auc, ends) -> float:
    return max(auc - float(ends[0]), float(ends[1]) - auc)


def check_auc_block(text: str, table: Table, pos, neg, *, procs: str | None = None) -> None:
    """An `aucbound auc` block: the estimate, DeLong's variance, p̂1, p̂2 and every interval shown.
    With `procs` (a marker) Â, the variance and DeLong's interval are pROC's too."""
    auc, *_, variance = brute_delong(pos, neg)
    p1, p2 = plug_in_p(pos, neg)
    line = sentence(text, r"estimate = (\S+) from m = (\d+) positives and n = (\d+) negatives")
    near(line[1], auc)
    assert (int(line[2]), int(line[3])) == (len(pos), len(neg))
    found = sentence(text, r"DeLong variance = (\S+) \(SE (\S+)\); p1 = (\S+), p2 = (\S+)")
    for printed, expected in zip(found.groups(), (variance, math.sqrt(variance), p1, p2)):
        near(printed, expected)
    if procs:
        near(line[1], PROC_AUC[procs])
        near(found[1], PROC_VARIANCE[procs])
        near_interval(table.row("delong")["interval"], PROC_DELONG_CI[procs])
    references = auc_intervals(pos, neg)
    for row in table.rows:
        key = row[0].removesuffix(" *")
        if key.startswith("bootstrap"):
            continue
        cells = table.row(key)
        near_interval(cells["interval"], references[key])
        near(cells["half-width"], half_width(auc, references[key]))


def check_auc_s100b(run: Run) -> None:
    """s100b on the aSAH data: pROC's AUC, DeLong variance and interval, and the eleven other
    intervals at their formulas."""
    pos, neg = asah()
    assert "AUC of 's100b' against 'outcome' (positive: Poor) in aSAH.csv" in run.stdout
    check_auc_block(run.stdout, run.table, pos, neg, procs="s100b")
    assert len(run.table.rows) == 12


#: Monte Carlo tolerance of a 2000-resample percentile end: about 4 of its standard deviations
#: (0.0035 for the AUC's ends, 0.004 for BCa's, 0.003 for the partial AUC's, 0.0057 for a
#: sensitivity's, measured over 40 seeds); the references carry 20000 resamples.
BOOTSTRAP_TOLERANCE = {"auc": 0.015, "bca": 0.016, "partial": 0.012, "reading": 0.023}


def check_auc_bootstrap(run: Run) -> None:
    """Every interval of check_auc_s100b, and the bootstrap's: its percentile interval pROC's
    ci.auc, its BCa interval scipy's, up to the Monte Carlo error of 2000 resamples."""
    assert "bootstrap: 2000 stratified resamples, seed 0" in run.stdout
    pos, neg = asah()
    check_auc_block(run.stdout, run.table, pos, neg, procs="s100b")
    for key, expected, tolerance in (("bootstrap-percentile", PROC_S100B_BOOTSTRAP, BOOTSTRAP_TOLERANCE["auc"]),
                                     ("bootstrap-bca", ref.SCIPY_S100B_BCA, BOOTSTRAP_TOLERANCE["bca"])):
        near_bootstrap(run.table.row(key)["interval"], expected, tolerance)


def check_auc_by_column_index(run: Run) -> None:
    """--score 2 --label 0 are the columns s100b and outcome, named from the header."""
    assert "AUC of 's100b' against 'outcome' (positive: Poor) in aSAH.csv" in run.stdout
    assert [row[0] for row in run.table.rows] == ["hoeffding-kl *", "delong"]
    check_auc_block(run.stdout, run.table, *asah(), procs="s100b")


def check_auc_two_scores(run: Run) -> None:
    """One block per --score: pROC's DeLong intervals of s100b and of wfns."""
    blocks = run.stdout.split("AUC of ")[1:]
    assert [block.split("'")[1] for block in blocks] == ["s100b", "wfns"] and len(run.tables) == 2
    for block, table, marker in zip(blocks, run.tables, ("s100b", "wfns")):
        assert [row[0] for row in table.rows] == ["delong"]
        check_auc_block(block, table, *asah(score=marker), procs=marker)


def check_wfns_partial_estimate(run: Run) -> dict:
    """pROC's auc(r.wfns, partial.auc = c(1, 0.9), partial.auc.correct = TRUE) and its area; the table's row."""
    corrected = next(row[-1] for row in PROC_PARTIAL if row[:5] == ("wfns", 1.0, 0.9, "specificity", True))
    area = next(row[-1] for row in PROC_PARTIAL if row[:5] == ("wfns", 1.0, 0.9, "specificity", False))
    found = sentence(run.stdout, r"over specificity 0.9 to 1 = (\S+) \(area (\S+)\)")
    near(found[1], corrected)
    near(found[2], area)
    row = run.table.row("partial AUC (McClish)")
    near(row["estimate"], corrected)
    return row


def check_auc_partial(run: Run) -> None:
    """pROC's auc(r.wfns, partial.auc = c(1, 0.9), partial.auc.correct = TRUE) and its bootstrap interval."""
    row = check_wfns_partial_estimate(run)
    near_bootstrap(row["interval"], PROC_WFNS_PARTIAL_BOOTSTRAP, BOOTSTRAP_TOLERANCE["partial"])


def check_auc_missing_rows(run: Run) -> None:
    """--nan omit keeps the 25 of 29 rows with s100b and outcome: pROC's roc() on them (it drops NAs)."""
    cases, controls, auc, variance, lo, hi = PROC_MISSING_S100B
    assert run.stderr.strip() == "Warning: omitted 4 of 29 rows with a missing label or score"
    pos, neg = asah("asah_missing.csv")
    assert (len(pos), len(neg)) == (cases, controls)
    check_auc_block(run.stdout, run.table, pos, neg)
    near(sentence(run.stdout, r"estimate = (\S+)")[1], auc)
    near(sentence(run.stdout, r"DeLong variance = (\S+)")[1], variance)
    near_interval(run.table.row("delong")["interval"], (lo, hi))


def check_auc_json_from_stdin(run: Run) -> None:
    """ndka read from standard input: pROC's AUC, variance and interval to 1e-9, every other
    interval against its formula, to every digit JSON carries."""
    data = run.json
    parameters = data["parameters"]
    assert (parameters["file"], parameters["m"], parameters["n"]) == ("-", 41, 72)
    assert abs(parameters["auc"] - PROC_AUC["ndka"]) < 1e-9
    assert abs(parameters["delong_variance"] - PROC_VARIANCE["ndka"]) < 1e-9
    pos, neg = asah(score="ndka")
    p1, p2 = plug_in_p(pos, neg)
    assert parameters["p1"] == pytest.approx(p1, rel=1e-12) and parameters["p2"] == pytest.approx(p2, rel=1e-12)
    references = auc_intervals(pos, neg)
    assert [row["method"] for row in data["results"]] == list(references)
    for row in data["results"]:
        expected = references[row["method"]]
        assert row["lo"] == pytest.approx(float(expected[0]), rel=1e-9)
        assert row["hi"] == pytest.approx(float(expected[1]), rel=1e-9)
        assert row["epsilon"] == pytest.approx(half_width(parameters["auc"], expected), rel=1e-9)
    assert all(row["estimate"] == parameters["auc"] for row in data["results"])
    delong = data["results"][-2]
    assert (delong["lo"], delong["hi"]) == pytest.approx(PROC_DELONG_CI["ndka"], abs=1e-9)


# --- compare ---------------------------------------------------------------------------------------


def difference_intervals(difference, k, delta=0.05):
    """Hoeffding's intervals for D̂ = Â_a − Â_b: its kernel lies in [−1, 1], so u = (D̂ + 1)/2 is a
    U-statistic with a kernel in [0, 1]: D̂ ± 2·sqrt(ln(2/δ)/(2k)), and the KL form mapped back."""
    half = 2 * ref.hoeffding_epsilon(k, k, delta)
    lo, hi = ref.kl_interval((mp.mpf(difference) + 1) / 2, k, delta)
    return {"hoeffding": (difference - half, difference + half), "hoeffding-kl": (2 * lo - 1, 2 * hi - 1)}


def check_wfns_s100b_test(run: Run, variance_name: str = "variance") -> float:
    """pROC's roc.test(r.wfns, r.s100b) in a paired comparison's lines: the AUCs and D, Z, p, the variance
    of D (named `variance_name`) and the covariance, and the DeLong row; returns D."""
    z, p, lo, hi = PROC_PAIRED[("wfns", "s100b")]
    difference = PROC_AUC["wfns"] - PROC_AUC["s100b"]
    found = sentence(run.stdout, r"AUC a = (\S+), AUC b = (\S+), difference D = a - b = (\S+)")
    for printed, expected in zip(found.groups(), (PROC_AUC["wfns"], PROC_AUC["s100b"], difference)):
        near(printed, expected)
    found = sentence(run.stdout, rf"Z = (\S+), two-sided p = (\S+) \({variance_name} of D (\S+), covariance (\S+)\)")
    variance = (difference / z) ** 2  # z = D/√Var(D)
    covariance = (PROC_VARIANCE["wfns"] + PROC_VARIANCE["s100b"] - variance) / 2
    for printed, expected in zip(found.groups(), (z, p, variance, covariance)):
        near(printed, expected)
    near_interval(run.table.row("delong")["interval for D"], (lo, hi))
    return difference


def check_compare_table(run: Run) -> None:
    """wfns against s100b: pROC's roc.test(r.wfns, r.s100b)."""
    difference = check_wfns_s100b_test(run)
    for key, ends in difference_intervals(difference, 41).items():
        near_interval(run.table.row(key)["interval for D"], ends)
        near(run.table.row(key)["half-width"], half_width(difference, ends))


def check_compare_json(run: Run) -> None:
    """s100b against ndka: pROC's roc.test(r.s100b, r.ndka), var and cov, to 1e-9."""
    z, p, lo, hi = PROC_PAIRED[("s100b", "ndka")]
    parameters = run.json["parameters"]
    covariance = PROC_COVARIANCE[("s100b", "ndka")]
    variance = PROC_VARIANCE["s100b"] + PROC_VARIANCE["ndka"] - 2 * covariance
    expected = dict(auc_a=PROC_AUC["s100b"], auc_b=PROC_AUC["ndka"], z=z, p_value=p, covariance=covariance,
                    variance=variance, difference=PROC_AUC["s100b"] - PROC_AUC["ndka"])
    for key, value in expected.items():
        assert parameters[key] == pytest.approx(value, rel=1e-9, abs=1e-12), key
    rows = {row["method"]: row for row in run.json["results"]}
    assert (rows["delong"]["lo"], rows["delong"]["hi"]) == pytest.approx((lo, hi), abs=1e-11)
    references = {"delong": (lo, hi), **difference_intervals(expected["difference"], 41)}
    for key, ends in references.items():
        assert (rows[key]["lo"], rows[key]["hi"]) == pytest.approx((float(ends[0]), float(ends[1])), rel=1e-9)
        assert rows[key]["estimate"] == pytest.approx(expected["difference"], rel=1e-12)
        assert rows[key]["epsilon"] == pytest.approx(half_width(expected["difference"], ends), rel=1e-9)


# --- coverage --------------------------------------------------------------------------------------


def u_statistic_sd(auc, second_moment, p1, p2, m, n) -> float:
    """The standard deviation of Â: Var = [Eψ² − A² + (m−1)(p1 − A²) + (n−1)(p2 − A²)]/(mn)
    (Hoeffding 1948 for two-sample U-statistics; Eq. 7 of Agarwal et al. is the case Eψ² = A)."""
    return math.sqrt((second_moment - auc**2 + (m - 1) * (p1 - auc**2) + (n - 1) * (p2 - auc**2)) / (m * n))


def binormal_sd(auc, m, n) -> float:
    """X ~ N(μ, 1), Y ~ N(0, 1) with Φ(μ/√2) = A: p1 = P(X1 > Y, X2 > Y) = E Φ(μ − Y)² = p2."""
    mu = 2 * float(special.erfinv(2 * auc - 1))
    p = integrate.quad(lambda y: special.ndtr(mu - y) ** 2 * math.exp(-y * y / 2) / math.sqrt(2 * math.pi), -40, 40)[0]
    return u_statistic_sd(auc, auc, p, p, m, n)


def rating_law(auc=0.8):
    """Ratings 1–5 of a latent N(±d/2, 1) cut at −1.5, −0.5, 0.5, 1.5, with d solving
    Σ_{i>j} p_i q_j + ½ Σ_i p_i q_i = A: (p, q)."""
    cuts = [-mp.inf, -1.5, -0.5, 0.5, 1.5, mp.inf]

    def law(shift):
        return [mp.ncdf(b - shift) - mp.ncdf(a - shift) for a, b in zip(cuts, cuts[1:])]

    def area(d):
        p, q = law(d / 2), law(-d / 2)
        return sum(p[i] * q[j] for i in range(5) for j in range(i)) + sum(p[i] * q[i] for i in range(5)) / 2

    d = mp.findroot(lambda d: area(d) - auc, 1.2)
    return law(d / 2), law(-d / 2)


def rating_sd(auc, m, n) -> float:
    p, q = rating_law(auc)
    above = [sum(q[:i]) for i in range(5)]  # P(Y < x) at each rating x
    below = [sum(p[i + 1:]) for i in range(5)]  # P(X > y) at each rating y
    second = sum(p[i] * (above[i] + q[i] / 4) for i in range(5))  # E ψ² = P(X > Y) + ¼P(X = Y)
    p1 = sum(q[j] * (below[j] + p[j] / 2) ** 2 for j in range(5))
    p2 = sum(p[i] * (above[i] + q[i] / 2) ** 2 for i in range(5))
    return u_statistic_sd(auc, float(second), float(p1), float(p2), m, n)


def check_coverage_study(run: Run, auc, m, n, delta, sd, trials=10000) -> None:
    """The simulated Â is unbiased with the standard deviation of its law; every distribution-free
    row covers at least 1 − δ (up to 3 Monte Carlo standard errors); the MCSE and 'below nominal'
    columns follow their stated rules."""
    assert sentence(run.stdout, r"true AUC = (\S+)")[1] == str(auc)
    assert sentence(run.stdout, r"m = (\d+) positives, n = (\d+) negatives").groups() == (str(m), str(n))
    found = sentence(run.stdout, r"mean (\S+), SD (\S+) \(sigma_max = sqrt\(A\(1 - A\)/min\(m, n\)\) = (\S+)\)")
    mean, spread = float(found[1]), float(found[2])
    assert abs(mean - auc) <= 4 * sd / math.sqrt(trials) + 5e-5
    assert spread == pytest.approx(sd, rel=0.03)  # the SD of an SD over 10000 trials is 0.7%
    near(found[3], math.sqrt(auc * (1 - auc) / min(m, n)), abs=5e-5)
    table = run.table
    for row in table.rows:
        cells = table.row(row[0].removesuffix(" *"))
        coverage, mcse = float(cells["coverage"]), float(cells["MCSE"])
        count = int(sentence(run.stdout, r"the first (\d+) trials")[1]) if row[0].startswith("bootstrap") else trials
        assert mcse == pytest.approx(math.sqrt(coverage * (1 - coverage) / count), abs=6e-5)
        assert cells["below nominal"] == ("yes" if coverage + 3 * mcse < 1 - delta else "no")
        if cells["guarantee"] == "distribution-free":
            assert coverage >= 1 - delta - 3 * math.sqrt(delta * (1 - delta) / count)


def check_coverage_binormal(run: Run) -> None:
    """Binormal scores with AUC 0.8: X ~ N(√2·Φ⁻¹(0.8), 1) = N(1.19, 1)."""
    shift = sentence(run.stdout, r"scenario binormal: X ~ N\(([\d.]+), 1\), Y ~ N\(0, 1\)")[1]
    near(shift, 2 * float(special.erfinv(2 * 0.8 - 1)), abs=0.005)  # √2·Φ⁻¹(A) = 2·erfinv(2A − 1)
    check_coverage_study(run, 0.8, 30, 60, 0.05, binormal_sd(0.8, 30, 60))
    assert len(run.table.rows) == 12


def check_coverage_rating(run: Run) -> None:
    """Five ratings, heavy ties: the law's probabilities, and DeLong's interval falls short at m = n = 10."""
    p, q = rating_law()
    shown = sentence(run.stdout, r"P\(X = k\) = \(([\d. ]+)\), P\(Y = k\) = \(([\d. ]+)\)")
    assert [float(x) for x in shown[1].split()] == pytest.approx([float(x) for x in p], abs=5e-4)
    assert [float(x) for x in shown[2].split()] == pytest.approx([float(x) for x in q], abs=5e-4)
    check_coverage_study(run, 0.8, 10, 10, 0.05, rating_sd(0.8, 10, 10))
    assert run.table.row("delong")["below nominal"] == "yes"


def check_coverage_adversarial(run: Run) -> None:
    """The two-point law: negatives all 0, each positive at +1 with probability 0.8, else −1. Then
    Â is the share of positives at +1: its SD is sqrt(A(1 − A)/m), σ_max itself (Eq. 14 attained)."""
    check_coverage_study(run, 0.8, 30, 30, 0.05, math.sqrt(0.8 * 0.2 / 30))
    assert "bootstrap rows: the first 500 trials only, 1000 resamples each" in run.stdout
    assert [row[0] for row in run.table.rows] == ["bootstrap-bca"]


def check_coverage_grid(run: Run) -> None:
    """The standard study: every cell in the CSV; each table entry is the lowest coverage over the
    16 (m, n); every distribution-free method covers at least 1 − δ in every cell (their theorems)."""
    records = run.csv("coverage.csv")
    scenarios = ["binormal", "binormal-unequal", "rating", "exponential", "lognormal", "near-perfect", "adversarial"]
    sizes = {(m, n) for m in (10, 30, 100, 300) for n in (10, 30, 100, 300)}
    methods = run.table.column("method")[:12]
    assert len(records) == len(scenarios) * len(sizes) * 2 * len(methods) == 2688
    true = {scenario: 0.99 if scenario == "near-perfect" else 0.8 for scenario in scenarios}
    for record in records:
        coverage, trials, delta = float(record["coverage"]), int(record["trials"]), float(record["delta"])
        assert float(record["true_auc"]) == true[record["scenario"]] and trials == 40
        assert coverage == int(record["covered"]) / trials
        assert float(record["mcse"]) == pytest.approx(math.sqrt(coverage * (1 - coverage) / trials), rel=1e-12)
        if record["guarantee"] == "distribution-free":
            assert coverage >= 1 - delta - 3 * math.sqrt(delta * (1 - delta) / trials)
    for row in run.table.rows:
        delta, method = float(row[0]), row[1]
        cells = [r for r in records if float(r["delta"]) == delta and r["method"] == method]
        assert {(int(r["m"]), int(r["n"])) for r in cells} == sizes
        for scenario, shown in zip(scenarios, row[2:9]):
            assert float(shown) == min(float(r["coverage"]) for r in cells if r["scenario"] == scenario)
        below = sum(float(r["coverage"]) + 3 * float(r["mcse"]) < 1 - delta for r in cells)
        assert row[9] == f"{below}/112"
    assert "every distribution-free method kept its promise in every cell" in run.stdout


# --- sample sizes and intervals from m, n and δ -----------------------------------------------------


def check_half_widths(table: Table, m, n, delta, **inputs) -> None:
    """Each row's half-width, by its formula (tests/reference.py)."""
    for row in table.rows:
        key = row[0].removesuffix(" *")
        near(table.row(key)["half-width"], ref.half_width(key, m, n, delta, **inputs))


def check_interval_default(run: Run) -> None:
    """m = 100, n = 50, δ = 0.05: McDiarmid's 0.23523 and Hoeffding's 0.192065, the σ_max forms
    at their widest (A = ½): 1/(2√(50·0.05)) and Φ⁻¹(0.975)/(2√50)."""
    assert [row[0].removesuffix(" *") for row in run.table.rows] == ["mcdiarmid", "hoeffding", "chebyshev-max",
                                                                     "normal-max"]
    check_half_widths(run.table, 100, 50, 0.05)


def check_interval_all(run: Run) -> None:
    """--all adds the best-case widths σ_min (Eq. 15): 1/(2√(5000·0.05)) and Φ⁻¹(0.975)/(2√5000)."""
    assert "delta = 0.05 (confidence 95%)" in run.stdout
    assert [row[0] for row in run.table.rows][-2:] == ["chebyshev-min", "normal-min"]
    check_half_widths(run.table, 100, 50, 0.05)


def check_interval_around_auc(run: Run) -> None:
    """Around Â = 0.83: McDiarmid's symmetric interval clipped at 1, the KL interval of Hoeffding."""
    table = run.table
    near_interval(table.row("mcdiarmid")["interval"], clipped(mp.mpf("0.83"), ref.mcdiarmid_epsilon(100, 50, 0.05)))
    near_interval(table.row("hoeffding-kl")["interval"], ref.kl_interval(0.83, 50, 0.05))
    check_half_widths(table, 100, 50, 0.05, auc=0.83)


def check_interval_class_size(run: Run) -> None:
    """The best of K = 10^6 scorers: every method at δ/K (Thm 3.8's union bound); Chebyshev's
    70.7 is vacuous."""
    check_half_widths(run.table, 5000, 5000, 0.01, class_size=10**6)
    assert run.table.row("chebyshev-max")["guarantee"] == "vacuous"
    assert run.table.row("mcdiarmid")["source"] == "Agarwal et al. 2005, Thm 3.8, Cor 3.9"


def check_interval_latex(run: Run) -> None:
    """The default table for a paper: the same half-widths in a booktabs tabular, § escaped."""
    table = latex_table(run.stdout)
    assert table.header == ["method", "half-width", "guarantee", "source"]
    check_half_widths(table, 100, 50, 0.05)
    assert "Hoeffding 1963, \\S{}5" in run.stdout


def smallest_size(N, rho, meets) -> None:
    """N is the smallest size whose class sizes (m = ρN rounded half up) meet the target: N does,
    N − 1 does not."""
    assert meets(*ref.design(N, rho)) and not meets(*ref.design(N - 1, rho)), N


def check_sample_sizes(run: Run, epsilon, delta, rho, class_size=None, **inputs) -> list[dict]:
    """Each method's N, m, n and N / N_err, with N_err the error rate's size (Eq. 16)."""
    level = delta / (class_size or 1)
    error_rate = math.ceil(math.log(2 / level) / (2 * epsilon**2))
    assert ref.error_rate_epsilon(error_rate, level) <= epsilon < ref.error_rate_epsilon(error_rate - 1, level)
    rows = []
    for row in run.table.rows:
        key = row[0].removesuffix(" *")
        cells = run.table.row(key)
        N = int(cells["N"])
        smallest_size(N, rho, lambda m, n: ref.half_width(key, m, n, delta, class_size=class_size, **inputs) <= epsilon)
        assert (int(cells["m"]), int(cells["n"])) == ref.design(N, rho)
        near(cells["N / N_err"], N / error_rate)
        rows.append(cells)
    found = sentence(run.stdout, r"N_err = (\d+); the paper's ratio 1/\(rho\(1-rho\)\) = (\S+) \(Figure 2\)")
    assert int(found[1]) == error_rate
    near(found[2], ref.sample_size_ratio(rho))
    return rows


def check_sample_size_default(run: Run) -> None:
    """ε = 0.05, δ = 0.01, ρ = 0.1: McDiarmid's N = 11775, 11.1 times the error rate's 1060 (Figure 2)."""
    rows = check_sample_sizes(run, 0.05, 0.01, 0.1)
    assert [row["method"].removesuffix(" *") for row in rows] == ["mcdiarmid", "hoeffding", "chebyshev-max",
                                                                  "normal-max"]


def check_sample_size_all(run: Run) -> None:
    """--confidence 0.99 is δ = 0.01; --all adds the best-case σ_min sizes (Eq. 15)."""
    rows = check_sample_sizes(run, 0.05, 0.01, 0.1)
    assert [row["method"] for row in rows][-2:] == ["chebyshev-min", "normal-min"]


def check_sample_size_kl(run: Run) -> None:
    """Hoeffding's KL interval at an anticipated AUC of 0.9: its half-width (the larger side) is
    at most 0.02 from N = 6169 on."""
    rows = check_sample_sizes(run, 0.02, 0.05, 0.3, auc=0.9)
    assert [row["method"] for row in rows] == ["hoeffding-kl *"]


def check_sample_size_class_json(run: Run) -> None:
    """A class of 10^6 scorers: each size at δ/K (Cor 3.10); the ratio to the error rate's size
    at δ/K is 1/(ρ(1−ρ)) = 4 for McDiarmid at ρ = ½."""
    results = run.json["results"]
    level = 0.01 / 10**6
    error_rate = math.ceil(math.log(2 / level) / (2 * 0.05**2))
    for row in results:
        smallest_size(row["N"], 0.5, lambda m, n: ref.half_width(row["method"], m, n, 0.01, class_size=10**6) <= 0.05)
        assert (row["m"], row["n"]) == ref.design(row["N"], 0.5)
        assert row["error_rate_N"] == error_rate and row["ratio"] == pytest.approx(row["N"] / error_rate, rel=1e-15)
        assert row["log_class_size"] == pytest.approx(math.log(10**6), rel=1e-15)
        assert row["log_N"] == pytest.approx(math.log(row["N"]), rel=1e-15)
    assert [row["method"] for row in results] == ["mcdiarmid", "hoeffding", "chebyshev-max", "normal-max"]
    assert results[0]["ratio"] == 4.0


# --- uniform convergence, learnability ------------------------------------------------------------


def log_thm_4_11(m, n, d):
    """ln of Thm 4.11's bound (2e·mn/d)^d."""
    return lambda: d * mp.log(2 * mp.e * m * n / d)


def check_uniform_linear_16(run: Run) -> None:
    """Linear functions on R^16, m = n = 5000, δ = 0.01: Cor 4.5 with r(F, 2m, 2n) bounded by
    Thm 4.11's (2e·(2m)(2n)/16)^16, and by the faces of (2m)(2n) planes through 0 in R^16."""
    paper = run.table.row("Cor 4.5, r: thm-4.11")
    sharp = run.table.row("Cor 4.5, r: central-faces")
    m = n = 5000
    log_paper = log_thm_4_11(2 * m, 2 * n, 16)
    near(paper["ln r(F, 2m, 2n)"], log_paper())
    near(paper["epsilon"], ref.uniform_epsilon(m, n, 0.01, log_r=log_paper))
    faces = ref.central_faces(4 * m * n, 16)
    near(sharp["ln r(F, 2m, 2n)"], mp.log(faces))
    near(sharp["epsilon"], ref.uniform_epsilon(m, n, 0.01, r=faces))


def check_uniform_line_size(run: Run) -> None:
    """The line (r = 3, §4.4): the smallest training set with ε ≤ 0.1 at δ = 0.01, ρ = 1/10."""
    row = run.table.row("Cor 4.5")
    M = int(row["M"])
    smallest_size(M, "1/10", lambda m, n: ref.uniform_epsilon(m, n, 0.01, r=3) <= 0.1)
    assert (int(row["m"]), int(row["n"])) == ref.design(M, "1/10")


def check_uniform_growth(run: Run) -> None:
    """A class known by ln r = 25.3: Cor 4.5 at m = 10^4, n = 2000, δ = 0.05 (docs/uniform.md: 0.377457)."""
    row = run.table.row("Cor 4.5")
    near(row["ln r(F, 2m, 2n)"], 25.3)
    near(row["epsilon"], ref.uniform_epsilon(10_000, 2000, 0.05, log_r=25.3))


def check_freund_line(run: Run) -> None:
    """The line: Cor 4.5 with r = 3 against Thm 4.14 with s(F̄, N) = 4N + 1 (§4.4)."""
    near(run.table.row("Cor 4.5")["epsilon"], ref.uniform_epsilon(5000, 5000, 0.01, r=3))
    near(run.table.row("Cor 4.5")["ln r(F, 2m, 2n)"], math.log(3))
    near(run.table.row("Freund et al. (Thm 4.14)")["epsilon"], ref.freund_epsilon(5000, 5000, 0.01, 40001, 40001))
    assert "tighter here: Cor 4.5" in run.stdout


def check_freund_linear_sizes(run: Run) -> None:
    """Linear functions on R^3, ε = 0.2, δ = 0.05, ρ = ½: Cor 4.5 with the central face count of
    (2m)(2n) planes in R^3; Thm 4.14 with s(F̄, N) ≤ the faces of N planes through 0 in R^4
    (sign(w·x + b) = sign((w, b)·(x, 1)))."""
    cor = run.table.row("Cor 4.5")
    smallest_size(int(cor["M"]), "1/2",
                  lambda m, n: ref.uniform_epsilon(m, n, 0.05, r=ref.central_faces(4 * m * n, 3)) <= 0.2)
    freund = run.table.row("Freund et al. (Thm 4.14)")
    smallest_size(int(freund["M"]), "1/2", lambda m, n: ref.freund_epsilon(
        m, n, 0.05, ref.central_faces(2 * m, 4), ref.central_faces(2 * n, 4)) <= 0.2)
    for row in (cor, freund):
        assert (int(row["m"]), int(row["n"])) == ref.design(int(row["M"]), "1/2")
    assert "smaller here: Freund et al. (Thm 4.14)" in run.stdout


def check_thm_1_rows(run: Run, epsilon, delta, rho, c1, c2, count) -> None:
    """Agarwal & Roth's Thm 1 (M = the multiple of ρ's denominator at or above its value) and the
    smallest M meeting the condition of its proof, 4·r(F, 2m, 2n)·exp(−mnε²/(32(m+n))) ≤ δ."""
    closed = run.table.row("Thm 1 (closed form)")
    q = Fraction(rho).denominator
    M = q * math.ceil(ref.thm1_value(epsilon, delta, rho, c1, c2) / q)
    assert (int(closed["M"]), int(closed["m"]), int(closed["n"])) == (M, M * Fraction(rho), M - M * Fraction(rho))
    exact = run.table.row("Thm 1's condition, solved")
    N = int(exact["M"])
    smallest_size(N, rho, lambda m, n: ref.thm1_condition(m, n, epsilon, delta, count(2 * m, 2 * n)))
    assert (int(exact["m"]), int(exact["n"])) == ref.design(N, rho)
    near(exact["M / Thm 1"], N / M)


def check_eem_linear(run: Run) -> None:
    """Example 2 of Agarwal & Roth: c1 = (2e/5)^5, c2 = 5; the condition with r(F, 2m, 2n) the
    faces of (2m)(2n) planes through 0 in R^5; Cor 1 at rank dimension 5."""
    near(sentence(run.stdout, r"c1 = (\S+), c2 = 5")[1], (2 * mp.e / 5) ** 5)
    check_thm_1_rows(run, 0.1, 0.05, "1/4", lambda: (2 * mp.e / 5) ** 5, 5, lambda m, n: ref.central_faces(m * n, 5))
    near(run.table.row("Cor 1 (any algorithm)")["M"].removeprefix(">= "),
         ref.sample_complexity_lower_bound(5, 0.1, 0.05, 0.25))


def check_eem_finite(run: Run) -> None:
    """Example 1 of Agarwal & Roth: ⌈(64/(0.1875·0.01))·ln 80000⌉ = 385358, a multiple of 4: 385360."""
    assert run.table.row("Thm 1 (closed form)")["M"] == "385360"
    check_thm_1_rows(run, 0.1, 0.05, "1/4", 1000, 0, lambda m, n: 1000)
    assert "Cor 1 not shown" in run.stdout


def check_eem_growth(run: Run) -> None:
    """ln c1 = 20, c2 = 0 at the defaults δ = 0.05, ρ = ½."""
    near(sentence(run.stdout, r"; c1 = (\S+), c2 = 0")[1], mp.exp(20))
    check_thm_1_rows(run, 0.05, 0.05, "1/2", lambda: mp.exp(20), 0, lambda m, n: mp.exp(20))


def check_lower_bound_10(run: Run) -> None:
    """Cor 1 at rank dimension 10, ε = 0.1, δ = 0.05, ρ = ½: 2.5·10⁻¹³ examples, which says nothing."""
    near(run.table.row("sample complexity M_L(epsilon, delta, rho) >=")["value"],
         ref.sample_complexity_lower_bound(10, 0.1, 0.05, 0.5))
    assert "below one example" in run.stdout


def check_lower_bound_1000(run: Run) -> None:
    """Cor 1 at ρ = m/(m + n) = ½, δ = 0.05, and Thm 3 at m = n = 5000."""
    near(run.table.row("sample complexity M_L(epsilon, delta, rho) >=")["value"],
         ref.sample_complexity_lower_bound(1000, 0.01, 0.05, 0.5))
    near(run.table.row("worst-case expected excess error at m = 5000, n = 5000 >=")["value"],
         ref.excess_error_lower_bound(1000, 5000, 5000))


# --- combinatorics ----------------------------------------------------------------------------------


def near_count(cell: str, exact) -> None:
    """A count printed whole, or as '≈ a × 10^b' with 6 significant digits; a real bound to 6 digits."""
    if cell.startswith("≈"):
        mantissa, exponent = big(cell)
        with mp.workdps(30):
            assert exponent == int(mp.floor(mp.log10(exact)))
            near(mantissa, mp.mpf(exact) / mp.mpf(10) ** exponent)
    elif isinstance(exact, int):
        assert int(cell) == exact
    else:
        near(cell, exact)


def psi_quantities(m, n) -> dict[str, int]:
    """The rows of `aucbound psi`: §4.3's bounds, ψ counted two ways, and every matrix (§4.1)."""
    return {"lower bound 3^max(m,n)": 3 ** max(m, n), "psi(m, n)": ref.psi_series(m, n),
            "upper bound (m+n)!·2^(m+n-1)": math.factorial(m + n) * 2 ** (m + n - 1),
            "all matrices 3^(m·n)": 3 ** (m * n)}


def check_psi_rows(run: Run, m, n) -> None:
    """Each quantity's value (whole, or '≈ a × 10^b') and its logarithm."""
    for key, exact in psi_quantities(m, n).items():
        near_count(run.table.row(key)["value"], exact)
        near(run.table.row(key)["ln value"], mp.log(exact))


def check_psi_3_4(run: Run) -> None:
    """ψ(3, 4) = 15165 between §4.3's bounds 3^4 and 7!·2^6, below all 3^12 matrices."""
    assert ref.psi_series(3, 4) == ref.psi_by_orders(3, 4) == 15165
    check_psi_rows(run, 3, 4)


def check_psi_bruteforce(run: Run) -> None:
    """ψ(4, 4) = 155187 by the generating function and by every weak order of the 8 points."""
    count = ref.psi_by_orders(4, 4)
    assert count == ref.psi_series(4, 4) == 155187
    check_psi_rows(run, 4, 4)
    assert run.table.row("psi(m, n) by brute force")["value"] == str(count)
    near(run.table.row("psi(m, n) by brute force")["ln value"], math.log(count))


def check_psi_grid(run: Run) -> None:
    """ψ(m, n) for m, n ≤ 6 by the generating function: 3^n in the first row, symmetric."""
    table = run.table
    assert table.header == ["m \\ n", "1", "2", "3", "4", "5", "6"]
    for row in table.rows:
        m = int(row[0])
        assert [int(cell) for cell in row[1:]] == [ref.psi_series(m, n) for n in range(1, 7)]


def check_psi_log(run: Run) -> None:
    """ψ(1000, 1000) in logarithms: the bounds of §4.3 and 3^(mn) exactly (mpmath); ψ itself lies
    between the bounds (no count independent of aucbound reaches this size)."""
    logs = {"lower bound 3^max(m,n)": 1000 * mp.log(3),
            "upper bound (m+n)!·2^(m+n-1)": mp.loggamma(2001) + 1999 * mp.log(2),
            "all matrices 3^(m·n)": 10**6 * mp.log(3)}
    for key, log_value in logs.items():
        row = run.table.row(key)
        mantissa, exponent = big(row["value"])
        decimal = log_value / mp.log(10)
        assert exponent == int(mp.floor(decimal))
        near(mantissa, mp.power(10, decimal - exponent))
        near(row["ln value"], log_value)
    psi = float(run.table.row("psi(m, n)")["ln value"])
    assert float(logs["lower bound 3^max(m,n)"]) < psi < float(logs["upper bound (m+n)!·2^(m+n-1)"])


def check_psi_json(run: Run) -> None:
    """ψ for m, n ≤ 3 counted two ways, with the logarithms of the bounds to every digit."""
    for row in run.json["results"]:
        m, n = row["m"], row["n"]
        assert row["psi"] == ref.psi_series(m, n) == ref.psi_by_orders(m, n)
        assert row["log_psi"] == pytest.approx(math.log(row["psi"]), rel=1e-15)
        assert row["log_lower"] == pytest.approx(max(m, n) * math.log(3), rel=1e-15)
        assert row["log_upper"] == pytest.approx(math.log(math.factorial(m + n) * 2 ** (m + n - 1)), rel=1e-15)
        assert row["log_matrices"] == pytest.approx(m * n * math.log(3), rel=1e-15)
    assert [(row["m"], row["n"]) for row in run.json["results"]] == list(itertools.product((1, 2, 3), repeat=2))


def check_shatter_candidates(run: Run, exact: dict) -> None:
    """Each candidate bound on r(F, m, n): its value and its logarithm."""
    for key, value in exact.items():
        row = next(row for row in run.table.rows if row[1].removesuffix(" *") == key)
        cells = dict(zip(run.table.header, row))
        near_count(cells["value"], value)
        near(cells["ln bound"], mp.log(value))


def check_shatter_linear_2(run: Run) -> None:
    """Linear functions on R^2, m = 10, n = 20: the faces of 200 planes through 0 (801 = 4mn + 1),
    Lemma 4.10's count (Buck 1943), Thm 4.11's (2e·200/2)^2, ψ(10, 20) and 3^200;
    c1 = (2e/2)^2 = e², c2 = 2 (Agarwal & Roth, Example 2)."""
    check_shatter_candidates(run, {
        "central-faces": ref.central_faces(200, 2), "buck-faces": ref.buck_faces(200, 2),
        "thm-4.11": (2 * mp.e * 200 / 2) ** 2, "psi": ref.psi_series(10, 20), "3^mn": 3**200})
    assert ref.central_faces(200, 2) == 4 * 200 + 1
    near(sentence(run.stdout, r"c1 = (\S+), c2 = 2")[1], mp.e**2)


def check_shatter_line(run: Run) -> None:
    """The line (§4.4): r = 3, s(F̂, N) = s(F̄, N) = 4N + 1 = 801 at N = 200, 3 patterns of pairs."""
    rows = {(row[0], row[1].removesuffix(" *")): dict(zip(run.table.header, row)) for row in run.table.rows}
    expected = {("r(F,m,n)", "exact"): 3, ("r(F,m,n)", "3^mn"): 3**10_000,
                ("s(F^,N)", "exact"): 801, ("s(F~,N)", "exact"): 3, ("s(F-,N)", "exact"): 801}
    expected.update({(name, "3^N"): 3**200 for name in ("s(F^,N)", "s(F~,N)", "s(F-,N)")})
    assert rows.keys() == expected.keys()
    for key, exact in expected.items():
        near_count(rows[key]["value"], exact)
        near(rows[key]["ln bound"], mp.log(exact))


def check_shatter_polynomial(run: Run) -> None:
    """Degree ≤ 2 on R^3: C(3, 2) = 9 monomials (Eq. 23), the faces of 2500 planes through 0 in
    R^9, Lemma 4.12's count, Thm 4.13's (2e·2500/9)^9, ψ(50, 50); c1 = (2e/9)^9, c2 = 9."""
    assert ref.polynomial_dimension(3, 2) == 9
    check_shatter_candidates(run, {
        "central-faces": ref.central_faces(2500, 9), "buck-faces": ref.buck_faces(2500, 9),
        "thm-4.13": (2 * mp.e * 2500 / 9) ** 9, "3^mn": 3**2500})
    row = next(dict(zip(run.table.header, row)) for row in run.table.rows if row[1] == "psi *")
    near_count(row["value"], ref.psi_series(50, 50))
    near(row["ln bound"], mp.log(ref.psi_series(50, 50)))
    near(sentence(run.stdout, r"c1 = (\S+), c2 = 9")[1], (2 * mp.e / 9) ** 9)
    assert "rank dimension (Def 7): between 3 and 9" in run.stdout


def check_shatter_finite_json(run: Run) -> None:
    """A class of 1000: r ≤ |F| (§4.1) is used, below ψ(3, 3) = 2067 and 3^9."""
    rows = {row["key"]: row for row in run.json["results"]}
    values = (rows["class"]["value"], rows["psi"]["value"], rows["3^mn"]["value"])
    assert values == (1000, ref.psi_by_orders(3, 3), 3**9)
    assert rows["class"]["used"] and not rows["psi"]["used"]
    for row in rows.values():
        assert row["log_value"] == pytest.approx(math.log(row["value"]), rel=1e-15)


# --- power ---------------------------------------------------------------------------------------


def df_rows(table: Table) -> dict[str, dict]:
    return {key: table.row(key) for key in ("mcdiarmid", "hoeffding")}


def check_row(cells: dict, **expected) -> None:
    """Each named cell of a row: a number to 6 digits, or the text shown ('—' for no answer)."""
    for name, value in expected.items():
        name = {"sig_level": "sig-level", "excludes_at": "excludes at"}.get(name, name)
        if isinstance(value, str):
            assert cells[name] == value, (name, cells)
        else:
            near(cells[name], value)


def excludes_at(cell: str) -> tuple[int, int]:
    m, n = cell.split(" + ")
    return int(m), int(n)


def check_exclusion(cell: str, method, gap, alpha, rho, sides=2) -> None:
    """The smallest design at the ratio whose interval at level α excludes the null when the
    estimate sits `gap` above it: sqrt(c·ln(2/α)) ≤ gap (ln(1/α) for a one-sided interval, `sides` = 1)."""
    m, n = excludes_at(cell)

    def excludes(m, n):
        return mp.sqrt(ref.deviation_constant(method, m, n) * mp.log(sides / mp.mpf(alpha))) <= gap

    smallest_size(m + n, rho, excludes)
    assert (m, n) == ref.design(m + n, rho)


def check_df_sizes(rows, gap, alpha, power, rho, sides=2) -> None:
    """The smallest designs with that power for every distribution, and their exclusion sizes."""
    for method, row in rows.items():
        N = int(row["ncases"]) + int(row["ncontrols"])
        smallest_size(N, rho, lambda m, n: ref.power_reached(ref.deviation_constant(method, m, n), gap, alpha, power,
                                                             sides))
        assert (int(row["ncases"]), int(row["ncontrols"])) == ref.design(N, rho)
        check_exclusion(row["excludes at"], method, gap, alpha, rho, sides)
        check_row(row, sig_level=alpha, power=power)


def check_power_41_72(run: Run) -> None:
    """pROC's power.roc.test(auc = 0.73, ncases = 41, ncontrols = 72): 0.9897453; for every
    distribution McDiarmid's test has no power here (ε = 0.266 > 0.23), Hoeffding's 0.0259."""
    near(sentence(run.stdout, r"power = (\S+) \(Obuchowski")[1], PROC_POWER_41_72)
    check_row(run.table.row("obuchowski"), ncases=41, ncontrols=72, AUC=0.73, sig_level=0.05,
              power=PROC_POWER_41_72)
    for method, row in df_rows(run.table).items():
        power = ref.guaranteed_power(ref.deviation_constant(method, 41, 72), 0.23, 0.05)
        check_row(row, ncases=41, ncontrols=72, AUC=0.73, sig_level=0.05, power=power)
        check_exclusion(row["excludes at"], method, 0.23, 0.05, Fraction(41, 113))
    assert run.table.row("mcdiarmid")["power"] == "0"


def check_power_sizes_kappa(run: Run, power) -> None:
    """pROC's power.roc.test(auc = 0.73, power = …, kappa = 1.7); the distribution-free designs at
    ncontrols = 1.7·ncases (ρ = 1/2.7 = 10/27)."""
    cases, controls = PROC_SIZES_KAPPA_1_7[power]
    found = sentence(run.stdout, r"ncases = (\S+), ncontrols = (\S+) \(Obuchowski")
    near(found[1], cases)
    near(found[2], controls)
    check_row(run.table.row("obuchowski"), ncases=cases, ncontrols=controls, AUC=0.73, sig_level=0.05, power=power)
    rows = df_rows(run.table)
    check_df_sizes(rows, 0.23, 0.05, power, Fraction(10, 27))
    for row in rows.values():
        check_row(row, AUC=0.73)


def check_power_sizes_0_9(run: Run) -> None:
    """Power 0.9 at κ = 1.7: pROC's 24.1 and 41.0; Hoeffding's 112 + 190, McDiarmid's 178 + 302."""
    check_power_sizes_kappa(run, 0.9)


def check_power_sizes_0_95(run: Run) -> None:
    """Power 0.95 at κ = 1.7: pROC's 29.7 and 50.4, and the designs for every distribution."""
    check_power_sizes_kappa(run, 0.95)


def check_power_level(run: Run) -> None:
    """pROC's sig.level = 0.009238584 for power 0.95 at 41 and 72; no level in (0, 1) gives the
    distribution-free tests that power: 2·exp(−((θ − ½)/√c − √ln(1/β))²) ≥ 1, or even
    θ − ½ < √c·√ln(1/β)."""
    near(sentence(run.stdout, r"sig-level = (\S+) \(Obuchowski")[1], PROC_SIG_LEVEL_41_72)
    check_row(run.table.row("obuchowski"), ncases=41, ncontrols=72, AUC=0.73, sig_level=PROC_SIG_LEVEL_41_72,
              power=0.95)
    for method, row in df_rows(run.table).items():
        c = ref.deviation_constant(method, 41, 72)
        room = mp.mpf("0.23") / mp.sqrt(c) - mp.sqrt(mp.log(20))
        assert room <= 0 or 2 * mp.exp(-room**2) >= 1
        check_row(row, ncases=41, ncontrols=72, AUC=0.73, sig_level="—", power=0.95, excludes_at="—")


def check_power_auc(run: Run) -> None:
    """pROC's auc = 0.6961054 for power 0.95 at 41 and 72 (R's uniroot stops within 1.2e-4, so 4
    digits are printed); Hoeffding's ½ + √c(√ln 40 + √ln 20) = 0.903237, McDiarmid's would pass 1."""
    near(sentence(run.stdout, r"AUC = (\S+) \(Obuchowski")[1], PROC_AUC_41_72, rel=1e-4)
    near(run.table.row("obuchowski")["AUC"], PROC_AUC_41_72, rel=1e-4)
    rows = df_rows(run.table)
    theta = {method: 0.5 + mp.sqrt(ref.deviation_constant(method, 41, 72)) * (mp.sqrt(mp.log(40)) + mp.sqrt(mp.log(20)))
             for method in rows}
    assert theta["mcdiarmid"] > 1
    check_row(rows["mcdiarmid"], AUC="—", excludes_at="—")
    check_row(rows["hoeffding"], ncases=41, ncontrols=72, AUC=theta["hoeffding"], sig_level=0.05, power=0.95)
    check_exclusion(rows["hoeffding"]["excludes at"], "hoeffding", theta["hoeffding"] - mp.mpf("0.5"), 0.05,
                    Fraction(41, 113))


def check_power_from_data(run: Run) -> None:
    """pROC's power.roc.test(r.s100b, power = 0.9) at the data's ratio 72/41."""
    cases, controls = PROC_S100B_SIZES_0_9
    found = sentence(run.stdout, r"ncases = (\S+), ncontrols = (\S+) \(Obuchowski")
    near(found[1], cases)
    near(found[2], controls)
    near(sentence(run.stdout, r"AUC = (\S+); test of AUC = 0.5")[1], PROC_AUC["s100b"])
    check_row(run.table.row("obuchowski"), ncases=cases, ncontrols=controls, AUC=PROC_AUC["s100b"])
    rows = df_rows(run.table)
    check_df_sizes(rows, PROC_AUC["s100b"] - 0.5, 0.05, 0.9, Fraction(41, 113))
    for row in rows.values():
        check_row(row, AUC=PROC_AUC["s100b"])


#: two AUCs: u = (D̂ + 1)/2 has a kernel in [0, 1], so the distribution-free rows use the gap |Δ|/2
NDKA_WFNS_GAP = abs(PROC_AUC["wfns"] - PROC_AUC["ndka"]) / 2


def check_power_two_curves_json(run: Run) -> None:
    """pROC's power.roc.test(r.ndka, r.wfns): 0.7131594; the distribution-free tests have no
    power at 41 and 72 and exclude 0 from 259 + 454 (McDiarmid) and 165 + 289 (Hoeffding) on."""
    parameters = run.json["parameters"]
    difference = PROC_AUC["ndka"] - PROC_AUC["wfns"]
    assert parameters["power"] == pytest.approx(PROC_NDKA_WFNS_POWER, rel=1e-10)
    expected = (PROC_AUC["ndka"], PROC_AUC["wfns"], difference, 72 / 41)
    assert (parameters["auc1"], parameters["auc2"], parameters["difference"], parameters["kappa"]) == pytest.approx(
        expected, abs=1e-12)
    rows = {row["method"]: row for row in run.json["results"]}
    assert rows["delong"]["power"] == parameters["power"]
    for method in ("mcdiarmid", "hoeffding"):
        row = rows[method]
        assert row["power"] == ref.guaranteed_power(ref.deviation_constant(method, 41, 72), NDKA_WFNS_GAP, 0.05) == 0
        assert row["effect"] == pytest.approx(difference, abs=1e-12)
        check_exclusion(f"{row['exclusion_ncases']} + {row['exclusion_ncontrols']}", method, NDKA_WFNS_GAP, 0.05,
                        Fraction(41, 113))


def check_paired_header(run: Run, first: str, second: str) -> float:
    """pROC's two AUCs and their difference, first minus second."""
    found = sentence(run.stdout, r"AUC a = (\S+), AUC b = (\S+), difference = (\S+);")
    difference = PROC_AUC[first] - PROC_AUC[second]
    for printed, expected in zip(found.groups(), (PROC_AUC[first], PROC_AUC[second], difference)):
        near(printed, expected)
    return difference


def check_power_two_curves_sizes(run: Run) -> None:
    """pROC's power.roc.test(r.ndka, r.wfns, power = 0.9, method = "obuchowski")."""
    cases, controls = PROC_NDKA_WFNS_SIZES
    difference = check_paired_header(run, "ndka", "wfns")
    found = sentence(run.stdout, r"ncases = (\S+), ncontrols = (\S+) \(Obuchowski")
    near(found[1], cases)
    near(found[2], controls)
    check_row(run.table.row("obuchowski"), ncases=cases, ncontrols=controls, difference=difference)
    rows = df_rows(run.table)
    check_df_sizes(rows, NDKA_WFNS_GAP, 0.05, 0.9, Fraction(41, 113))
    for row in rows.values():
        check_row(row, difference=difference)


def check_power_null_both(run: Run) -> None:
    """V0 = VA: the power is Φ(|z| − z_{α/2}) with pROC's roc.test(r.wfns, r.ndka) z = 2.7977759."""
    z = PROC_PAIRED[("wfns", "ndka")][0]
    expected = mp.ncdf(abs(z) - ref.two_sided_quantile(0.05))
    difference = check_paired_header(run, "wfns", "ndka")
    near(sentence(run.stdout, r"power = (\S+) \(Obuchowski")[1], expected)
    check_row(run.table.row("delong"), ncases=41, ncontrols=72, difference=difference, sig_level=0.05, power=expected)
    for method, row in df_rows(run.table).items():
        check_row(row, ncases=41, ncontrols=72, difference=difference, sig_level=0.05, power="0")
        check_exclusion(row["excludes at"], method, NDKA_WFNS_GAP, 0.05, Fraction(41, 113))


def check_power_null_0_7(run: Run) -> None:
    """Eq. 2 with V0 = V(0.7) and VA = V(0.8) of Eq. 3, one-sided (mpmath): 84.1854 cases and controls;
    for every distribution the one-sided tests (ln(1/α)) need 900 + 900 (McDiarmid) and 450 + 450
    (Hoeffding), and exclude 0.7 from 300 + 300 and 150 + 150 on."""
    assert run.stdout.startswith("Test of AUC = 0.7 (one ROC curve, one-sided, H1: AUC > 0.7)\n")
    cases = ref.one_auc_cases(0.8, 0.7, 1, 0.05, 0.8, 1)
    found = sentence(run.stdout, r"ncases = (\S+), ncontrols = (\S+) \(Obuchowski")
    near(found[1], cases)
    near(found[2], cases)
    check_row(run.table.row("obuchowski"), ncases=cases, ncontrols=cases, AUC=0.8, sig_level=0.05, power=0.8)
    rows = df_rows(run.table)
    check_df_sizes(rows, mp.mpf("0.1"), 0.05, 0.8, Fraction(1, 2), sides=1)
    assert [rows[method]["excludes at"] for method in rows] == ["300 + 300", "150 + 150"]
    assert "reject when the one-sided interval excludes 0.7" in run.stdout


def check_power_null_0_7_less(run: Run) -> None:
    """The AUC below 0.7 with power 0.8 at 100 + 100, one-sided: the root of Eq. 2 in mpmath (0.604153);
    for every distribution 0.7 − √c·(√ln 20 + √ln 5), c = 1/100 (McDiarmid), 1/200 (Hoeffding)."""
    assert run.stdout.startswith("Test of AUC = 0.7 (one ROC curve, one-sided, H1: AUC < 0.7)\n")
    theta = ref.one_auc_detectable(0.7, 100, 1, 0.05, 0.8, 1, below=True)
    near(sentence(run.stdout, r"AUC = (\S+) \(Obuchowski")[1], theta)
    check_row(run.table.row("obuchowski"), ncases=100, ncontrols=100, AUC=theta, sig_level=0.05, power=0.8)
    for method, row in df_rows(run.table).items():
        c = ref.deviation_constant(method, 100, 100)
        expected = ref.guaranteed_auc(c, 0.7, 0.05, 0.8, 1, below=True)
        check_row(row, ncases=100, ncontrols=100, AUC=expected, sig_level=0.05, power=0.8)
        check_exclusion(row["excludes at"], method, mp.mpf("0.7") - expected, 0.05, Fraction(1, 2), sides=1)


def check_power_margin(run: Run) -> None:
    """Non-inferiority of s100b to ndka within 0.05: Eq. 2 with V0 = VA = 41·(var + var − 2·cov) of pROC's
    var() and cov(), the effect pROC's difference of the AUCs + 0.05, one-sided (mpmath); for every
    distribution the one-sided tests of u = (D̂ + 1)/2 against (1 − 0.05)/2: the gap (Δ + 0.05)/2."""
    difference = check_paired_header(run, "s100b", "ndka")
    assert "H0: difference <= -0.05 against H1: difference > -0.05 (one-sided)" in run.stdout
    va = 41 * (PROC_VARIANCE["s100b"] + PROC_VARIANCE["ndka"] - 2 * PROC_COVARIANCE["s100b", "ndka"])
    effect = mp.mpf(difference) + mp.mpf("0.05")
    cases = ref.eq2_cases(effect, va, va, 0.05, 0.8, 1)
    found = sentence(run.stdout, r"ncases = (\S+), ncontrols = (\S+) \(Obuchowski")
    near(found[1], cases)
    near(found[2], cases * 72 / 41)
    check_row(run.table.row("delong"), ncases=cases, difference=difference, sig_level=0.05, power=0.8)
    check_df_sizes(df_rows(run.table), effect / 2, 0.05, 0.8, Fraction(41, 113), sides=1)
    assert "reject when the one-sided interval excludes -0.05" in run.stdout


# --- ROC curves --------------------------------------------------------------------------------


def procs_s100b_curve() -> list[dict]:
    """pROC's s100b curve (tests/data/proc_s100b_coords.csv, every float in hexadecimal), from
    threshold +∞ down."""
    with (DATA / "proc_s100b_coords.csv").open(newline="") as stream:
        rows = list(csv.DictReader(stream))[::-1]
    return [{key: hexfloat(value) for key, value in row.items()} for row in rows]


def check_roc_table(run: Run) -> None:
    """pROC's s100b curve, point by point (thresholds, specificities, sensitivities, counts)."""
    curve = procs_s100b_curve()
    assert len(run.table.rows) == len(curve) == 51
    for row, expected in zip(run.table.rows, curve):
        cells = dict(zip(run.table.header, row))
        for key in ("threshold", "specificity", "sensitivity"):
            if math.isinf(expected[key]):
                assert float(cells[key]) == expected[key]
            else:
                near(cells[key], expected[key])
        assert (int(cells["tp"]), int(cells["fp"])) == (expected["tp"], expected["fp"])
    check_roc_header(run, "s100b")


def check_roc_csv(run: Run) -> None:
    """pROC's curve to the last bit."""
    curve = procs_s100b_curve()
    rows = run.csv()
    assert len(rows) == len(curve)
    for row, expected in zip(rows, curve):
        assert [float(row[key]) for key in ("threshold", "specificity", "sensitivity")] == \
            [expected[key] for key in ("threshold", "specificity", "sensitivity")]
        assert (int(row["tp"]), int(row["fp"])) == (expected["tp"], expected["fp"])


def check_roc_best(run: Run) -> None:
    """pROC's coords(r.s100b, "best"): threshold 0.205, the one point of largest Youden index
    se + sp among pROC's 51 points."""
    threshold, specificity, sensitivity = PROC_S100B_BEST
    curve = procs_s100b_curve()
    best = max(row["sensitivity"] + row["specificity"] for row in curve)
    assert [row["threshold"] for row in curve if row["sensitivity"] + row["specificity"] == best] == [
        pytest.approx(threshold, abs=1e-12)]
    check_roc_header(run, "s100b")
    cells = run.table.row(f"{PROC_S100B_BEST[0]:.6g}")
    near(cells["specificity"], specificity)
    near(cells["sensitivity"], sensitivity)
    assert (cells["tp"], cells["fp"]) == ("26", "14") and len(run.table.rows) == 1


def dkw_widths(m, n, delta) -> tuple[float, float]:
    """Massart's DKW constant with δ/2 for each class: sqrt(ln(4/δ)/(2k))."""
    return math.sqrt(math.log(4 / delta) / (2 * m)), math.sqrt(math.log(4 / delta) / (2 * n))


def dkw_at_fpr(fpr, tpr, x, eps_pos, eps_neg) -> tuple[float, float]:
    """The band at false-positive rate x: from the lowest vertex TPR at FPR ≥ x − ε₋, minus ε₊, to
    the highest at FPR ≤ x + ε₋, plus ε₊, clipped to [0, 1] (docs/roc.md)."""
    lo = min(t for f, t in zip(fpr, tpr) if f >= x - eps_neg) - eps_pos
    hi = max(t for f, t in zip(fpr, tpr) if f <= x + eps_neg) + eps_pos
    return max(0.0, lo), min(1.0, hi)


def curve_points(score: str):
    """(FPR, TPR) of every vertex of the empirical curve, counted by hand."""
    pos, neg = asah(score=score)
    labels = [1] * len(pos) + [0] * len(neg)
    tp, fp, m, n = naive_points(labels, [*pos, *neg])
    return [b / n for b in fp], [a / m for a in tp], m, n


def check_roc_header(run: Run, score) -> None:
    """The sizes, the number of points of the curve (counted by hand) and pROC's AUC."""
    found = sentence(run.stdout, r"m = (\d+) positives, n = (\d+) negatives, (\d+) points, AUC = (\S+)")
    fpr, _, m, n = curve_points(score)
    assert (int(found[1]), int(found[2]), int(found[3])) == (m, n, len(fpr))
    near(found[4], PROC_AUC[score])


def check_dkw_header(run: Run, m, n, delta) -> tuple[float, float]:
    """The two DKW half-widths the output states; returned for the band."""
    eps_pos, eps_neg = dkw_widths(m, n, delta)
    found = sentence(run.stdout, r"DKW half-widths (\S+) \(positives\), (\S+) \(negatives\)")
    near(found[1], eps_pos)
    near(found[2], eps_neg)
    return eps_pos, eps_neg


def check_roc_at_specificities(run: Run) -> None:
    """wfns at specificities 0.9 and 0.8: pROC's coords and ci.se beside the DKW band."""
    fpr, tpr, m, n = curve_points("wfns")
    check_roc_header(run, "wfns")
    eps_pos, eps_neg = check_dkw_header(run, m, n, 0.05)
    for specificity in (0.9, 0.8):
        cells = run.table.row(str(specificity))
        near(cells["sensitivity"], PROC_WFNS_SENSITIVITY[specificity])
        near_interval(cells["DKW interval"], dkw_at_fpr(fpr, tpr, 1 - specificity, eps_pos, eps_neg))
        near_bootstrap(cells["bootstrap interval"], PROC_WFNS_CI_SE[specificity], BOOTSTRAP_TOLERANCE["reading"])


def check_roc_at_sensitivity(run: Run) -> None:
    """ndka at sensitivity 0.9, 90% confidence: pROC's coords and ci.sp, and the DKW band read the
    other way (specificity from the vertices with TPR within ε₊ of 0.9, widened by ε₋)."""
    fpr, tpr, m, n = curve_points("ndka")
    check_roc_header(run, "ndka")
    eps_pos, eps_neg = check_dkw_header(run, m, n, 0.1)
    cells = run.table.row("0.9")
    near(cells["specificity"], PROC_NDKA_SPECIFICITY[0.9])
    lo = min(1 - f for f, t in zip(fpr, tpr) if t <= 0.9 + eps_pos) - eps_neg
    hi = max(1 - f for f, t in zip(fpr, tpr) if t >= 0.9 - eps_pos) + eps_neg
    near_interval(cells["DKW interval"], (max(0.0, lo), min(1.0, hi)))
    near_bootstrap(cells["bootstrap interval"], PROC_NDKA_CI_SP[0.9], 1 / 72)  # less than one control either way


# --- optimal ranking functions ------------------------------------------------------------------


def log_ratio_centred(pos, neg) -> list[float]:
    """log(g+/g−) less its mean: f* of the logistic loss (Thm 2), fixed up to a constant."""
    logs = [math.log(p / q) for p, q in zip(pos, neg)]
    return [x - sum(logs) / len(logs) for x in logs]


def bayes_ranking_risk(pos, neg) -> Fraction:
    """Thm 1: Σ_x Σ_z g+(x)g−(z)·[r(x) < r(z) + ½·(r(x) = r(z))], r = g+/g−, ties included."""
    ratio = [p / q for p, q in zip(pos, neg)]
    return sum(p * q * (Fraction(ratio[i] < ratio[j]) + Fraction(ratio[i] == ratio[j], 2))
               for (i, p), (j, q) in itertools.product(enumerate(pos), enumerate(neg)))


def hinge_risk(f, pos, neg) -> Fraction:
    pairs = itertools.product(enumerate(pos), enumerate(neg))
    return sum(p * q * max(0, 1 - (f[i] - f[j])) for (i, p), (j, q) in pairs)


def least_hinge_risk(pos, neg) -> Fraction:
    """The least hinge risk over every integer function with values 0, …, N − 1 (Thm 4–5: an
    integer-valued minimizer exists), in exact fractions."""
    N = len(pos)
    return min(hinge_risk(f, pos, neg) for f in itertools.product(range(N), repeat=N))


def check_discrete(run: Run, pos, neg, losses) -> None:
    """The masses and log ratios, Thm 1's Bayes risk, and each loss's minimizer and least risk:
    the hinge's by brute force over integer functions, the smooth losses' by Thm 2."""
    pos, neg = [Fraction(x) for x in pos], [Fraction(x) for x in neg]
    table = run.table
    logs = [math.log(p / q) for p, q in zip(pos, neg)]
    for row, p, q, log in zip(table.rows, pos, neg, logs):
        cells = dict(zip(table.header, row))
        assert (Fraction(cells["g+(x)"]), Fraction(cells["g−(x)"])) == (p, q)
        near(cells["log(g+/g−)"], log)
    bayes = bayes_ranking_risk(pos, neg)
    found = sentence(run.stdout, r"ties ½\) = (\S+) = (\S+); optimal AUC (\S+) = ([\d.]+)")
    assert (Fraction(found[1]), Fraction(found[3])) == (bayes, 1 - bayes)
    near(found[2], bayes)
    near(found[4], 1 - bayes)
    for loss in losses:
        values = table.column(f"f* {loss}")
        risk = sentence(run.stdout, rf"{loss}: minimal risk R_l\(f\*\) = ([\d./]+)")[1]
        if loss == "hinge":
            least = least_hinge_risk(pos, neg)
            f = [int(value.split()[0]) for value in values]
            assert Fraction(risk) == least == hinge_risk(f, pos, neg)
            near(sentence(run.stdout, r"hinge: minimal risk R_l\(f\*\) = \S+ = ([\d.]+);")[1], least)
            continue
        scale = 0.5 if loss == "exponential" else 1.0  # Thm 2: f* = ½·log ratio, log ratio
        expected = [scale * x for x in log_ratio_centred(pos, neg)]
        for value, x in zip(values, expected):
            near(value, x)
        near(risk, smooth_risk(loss, expected, pos, neg))


def smooth_risk(loss, f, pos, neg) -> float:
    """Σ_x Σ_z g+(x)g−(z)·l(f(x) − f(z)), l(t) = e^−t or ln(1 + e^−t)."""
    l = (lambda t: math.exp(-t)) if loss == "exponential" else (lambda t: math.log1p(math.exp(-t)))  # noqa: E731,E741
    return sum(float(p * q) * l(f[i] - f[j]) for (i, p), (j, q) in itertools.product(enumerate(pos), enumerate(neg)))


def check_discrete_hinge_exponential(run: Run) -> None:
    """Bayes risk 61/200; the hinge minimizer 0, 1, 2 with risk 13/20; the exponential's ½·log ratio
    with risk (Σ_x √(g+(x)g−(x)))² = 0.869474."""
    check_discrete(run, ["1/5", "3/10", "1/2"], ["1/2", "3/10", "1/5"], ["hinge", "exponential"])
    near(sentence(run.stdout, r"exponential: minimal risk R_l\(f\*\) = ([\d.]+)")[1],
         (2 * math.sqrt(0.2 * 0.5) + math.sqrt(0.3 * 0.3)) ** 2)


def check_discrete_default(run: Run) -> None:
    """The hinge loss alone: the minimizer 0, 1, 2, risk 13/20."""
    check_discrete(run, ["1/5", "3/10", "1/2"], ["1/2", "3/10", "1/5"], ["hinge"])
    assert run.table.column("f* hinge") == ["0", "1", "2"]


def check_discrete_ties(run: Run) -> None:
    """Uniform g+: the hinge ties points 2 and 3 (different likelihood ratios); logistic f* = log ratio."""
    check_discrete(run, ["1/3", "1/3", "1/3"], ["1/2", "3/10", "1/5"], ["hinge", "logistic"])
    assert run.table.column("f* hinge") == ["0", "1 (a)", "1 (a)"]
    assert "ties (a, b, …): {2, 3}" in run.stdout


def check_discrete_json(run: Run) -> None:
    """Symmetric masses: Bayes risk 1/4, f* = ½·log ratio, least risk (Σ_x √(g+(x)g−(x)))²."""
    pos = [Fraction(x, 10) for x in (1, 2, 3, 4)]
    neg = pos[::-1]
    parameters = run.json["parameters"]
    bayes = bayes_ranking_risk(pos, neg)
    assert (Fraction(parameters["bayes_risk"]), Fraction(parameters["optimal_auc"])) == (bayes, 1 - bayes) == (
        Fraction(1, 4), Fraction(3, 4))
    f = [0.5 * x for x in log_ratio_centred(pos, neg)]
    assert [row["f_exponential"] for row in run.json["results"]] == pytest.approx(f, rel=1e-12)
    logs = [math.log(p / q) for p, q in zip(pos, neg)]
    assert [row["log_ratio"] for row in run.json["results"]] == pytest.approx(logs, rel=1e-15)
    assert parameters["risks"]["exponential"] == pytest.approx(sum(math.sqrt(p * q) for p, q in zip(pos, neg)) ** 2,
                                                               rel=1e-12)


def check_bayes_unequal_sds(run: Run) -> None:
    """N(0, 1) against N(0, 2²): ranking by g+/g− is ranking by −|x|, so the optimal AUC is
    P(|Z1| < 2|Z2|) = (2/π)·arctan 2 = 0.704833 (the angle of (Z2, Z1) is uniform); x itself: ½."""
    rows = {row[0]: row[1] for row in run.table.rows}
    optimal = 2 / math.pi * math.atan(2)
    near(rows["optimal AUC (ranking by g+/g−)"], optimal)
    near(rows["Bayes ranking risk = 1 − optimal AUC"], 1 - optimal)
    near(rows["AUC of x itself, P(X > X′)"], 0.5)


def check_bayes_separation(run: Run) -> None:
    """N(1, 1) against N(−1, 1): the ratio is increasing, the optimal AUC Φ(2/√2)."""
    rows = {row[0]: row[1] for row in run.table.rows}
    near(rows["optimal AUC (ranking by g+/g−)"], mp.ncdf(mp.sqrt(2)))
    near(rows["Bayes ranking risk = 1 − optimal AUC"], mp.ncdf(-mp.sqrt(2)))
    near(rows["AUC of x itself, P(X > X′)"], mp.ncdf(mp.sqrt(2)))


def check_bayes_json(run: Run) -> None:
    """N(1.5, 2²) against the default N(−1, 1): the optimal AUC by integration over x′ (reference),
    x itself Φ(2.5/√5)."""
    row = run.json["results"][0]
    assert (row["pos_mean"], row["neg_mean"], row["pos_sd"], row["neg_sd"]) == (1.5, -1.0, 2.0, 1.0)
    optimal = ref.binormal_optimal_auc(1.5, 2, -1, 1)
    assert row["optimal_auc"] == pytest.approx(float(optimal), rel=1e-9)
    assert row["bayes_risk"] == pytest.approx(float(1 - optimal), rel=1e-9)
    assert row["identity_auc"] == pytest.approx(float(mp.ncdf(2.5 / mp.sqrt(5))), rel=1e-12)
    assert row["monotone"] is False


# --- optimal step functions (Uematsu & Lee 2011, §5.1) --------------------------------------


def step_columns(table: Table) -> dict[int, dict]:
    """{K: {'jumps': ascending floats, 'risk': str, 'auc_loss': str}} of the optimal-steps table."""
    rows = {row[0]: row for row in table.rows if row[0]}
    columns = {}
    for k, name in enumerate(table.header[1:], start=1):
        K = int(name.removeprefix("K = "))
        jumps = sorted(float(row[k]) for row in table.rows if not row[0] and row[k])
        columns[K] = {"jumps": jumps, "risk": rows["hinge risk"][k],
                      "auc_loss": next(row[k] for key, row in rows.items() if key.startswith("1 "))}
    return columns


def paper_half(K) -> tuple:
    """The positive jumps of Table 1's column K, with the entries the paper slips on corrected to
    the digits of the solution (PAPER_OFF, tests/test_optimal_steps.py)."""
    return tuple(PAPER_OFF.get((K, i), x) for i, x in enumerate(PAPER_TABLE_1[K]))


def two_step_jump(mu) -> float:
    """The K = 2 solution ±t of Eq. 8: exp(−2μt) = Φ(t − μ) (0.5564 at μ = 1)."""
    return float(mp.findroot(lambda t: mp.exp(-2 * mu * t) - mp.ncdf(t - mu), 0.5))


@lru_cache(maxsize=None)
def symmetric_solution(K, mu, guess: tuple) -> list:
    """The symmetric solution of Eq. 8 (its log form), by mpmath's findroot from `guess` (the
    positive jumps), independent of aucbound's solver."""
    def jumps(half):
        return [-x for x in reversed(half)] + ([mp.mpf(0)] if K % 2 else []) + list(half)

    def residuals(*half):
        values = eq8_log_residuals(jumps(half), mu)
        return values[len(values) - len(half):]

    with mp.workdps(30):
        root = mp.findroot(residuals, [mp.mpf(x) for x in guess])
        return jumps([root[i] for i in range(len(guess))])


def four(x) -> str:
    """A jump as Table 1 prints it: 4 decimals, no sign on zero."""
    text = f"{float(x):.4f}"
    return "0.0000" if text == "-0.0000" else text


@lru_cache(maxsize=None)
def stationary_point(jumps: tuple, mu) -> list:
    """The solution of Eq. 8 (log form, every jump free) that Newton's method (mpmath's findroot)
    reaches from `jumps`."""
    with mp.workdps(30):
        root = mp.findroot(lambda *a: eq8_log_residuals(list(a), mu), [mp.mpf(x) for x in jumps])
        return [root[i] for i in range(len(jumps))]


def check_step_column(column: dict, mu, solution=None) -> None:
    """The printed jumps are a solution of Eq. 8 rounded to 4 decimals (by default the one Newton's
    method reaches from them), and the printed hinge risk and 1 − AUC are that solution's (Eq. 6,
    summed over the cells), to their 10 and 7 decimals."""
    if solution is None:
        solution = [mp.mpf(0)] if len(column["jumps"]) == 1 else stationary_point(tuple(column["jumps"]), mu)
    with mp.workdps(30):
        assert max(abs(x) for x in eq8_log_residuals(solution, mu)) < 1e-20
    assert [four(x) for x in column["jumps"]] == [four(x) for x in solution]
    hinge, auc_loss = definition_risks(solution, mu)
    near(column["risk"], hinge, abs=5.0001e-11)
    near(column["auc_loss"], auc_loss, abs=5.0001e-8)


def check_table_1(table: Table, notes: str) -> None:
    """Uematsu & Lee's Table 1, column by column: the symmetric solution of Eq. 8 that Newton's
    method reaches from the paper's entries (those the paper slips on corrected: PAPER_OFF) is
    the column shown; at K = 8 and 10 it is a saddle, and the lopsided stationary point shown has
    a lower risk. 1 − AUC at K = 6, 10 and 11 is the paper's (§5.1.2)."""
    columns = step_columns(table)
    assert sorted(columns) == list(range(1, 12))
    for K, column in columns.items():
        symmetric = [mp.mpf(0)] if K == 1 else symmetric_solution(K, 1, paper_half(K))
        if K in (8, 10):
            check_step_column(column, 1)
            risk = definition_risks(symmetric, 1)[0]
            assert float(column["risk"]) < risk
            assert f"{risk:.10f}" in sentence(notes, r"K = 8, 10: the symmetric solution.*")[0]
        else:
            check_step_column(column, 1, symmetric)
    for K, paper in ((6, 0.08908), (10, 0.08906), (11, 0.08906)):
        near(columns[K]["auc_loss"], paper, abs=5e-6)


def check_steps_text(run: Run, mu, Ks) -> Table:
    """The Bayes risk Φ(−2μ/√2) (Thm 1), and the least risk falling with K."""
    table = run.table
    near(sentence(run.stdout, r"Bayes ranking risk Φ\(\S+\) = (\S+) \(Thm 1\)")[1], mp.ncdf(-2 * mu / mp.sqrt(2)))
    risks = [float(step_columns(table)[K]["risk"]) for K in Ks]
    assert risks == sorted(risks, reverse=True)  # a (K + 1)-step function can push a jump far out
    return table


def check_steps_table(run: Run) -> None:
    """μ = 1, K = 1 to 11: Table 1 and the excess of 1 − AUC over the Bayes risk at K = 11 (§5.1.2)."""
    table = check_steps_text(run, 1, range(1, 12))
    check_table_1(table, run.stdout)
    excess = float(step_columns(table)[11]["auc_loss"]) - mp.ncdf(-mp.sqrt(2))
    near(sentence(run.stdout, r"K = 11: 1 − AUC is (\S+) above the Bayes risk")[1], excess, rel=5e-4)


def check_steps_latex(run: Run) -> None:
    """Table 1 again, as a booktabs tabular (ASCII in its notes)."""
    table = latex_table(run.stdout)
    table.rows = [["1 − AUC", *row[1:]] if row[0] == "1 - AUC" else row for row in table.rows]
    check_table_1(table, run.stdout)
    near(sentence(run.stdout, r"% Bayes ranking risk Phi\(-2/sqrt2\) = (\S+) \(Thm 1\)")[1], mp.ncdf(-mp.sqrt(2)))


def check_steps_separation_1(run: Run) -> None:
    """μ = ½: every column a stationary point of Eq. 8 with the risks shown; K = 2 jumps at ±t,
    exp(−2μt) = Φ(t − μ); at K = 5 the symmetric solution of Eq. 8 (Newton from a guess) has a
    higher risk than the lopsided point shown."""
    table = check_steps_text(run, 0.5, range(1, 7))
    columns = step_columns(table)
    for column in columns.values():
        check_step_column(column, 0.5)
    t = two_step_jump(0.5)
    assert [four(x) for x in columns[2]["jumps"]] == [four(-t), four(t)]
    symmetric = symmetric_solution(5, 0.5, (0.6, 2.0))
    risk = definition_risks(symmetric, 0.5)[0]
    assert float(columns[5]["risk"]) < risk
    near(sentence(run.stdout, r"K = 5: the symmetric solution of Eq. 8 is not the minimum \(risk (\S+)\)")[1], risk,
         abs=5.0001e-11)


def check_steps_json(run: Run) -> None:
    """K = 25: every digit of jumps_text solves Eq. 8 to 1e-12 (mpmath at 100 digits; the outer
    jump is 1.9·10⁵⁴); the risk is that of the symmetric K = 11 solution (the jumps beyond carry no
    mass to 10 digits) and the positive jumps begin with the paper's K = 11 column (its slipped
    outer jump corrected)."""
    row = run.json["results"][0]
    with mp.workdps(100):
        jumps = [mp.mpf(text) for text in row["jumps_text"]]
        assert max(abs(x) for x in eq8_log_residuals(jumps, 1)) < 1e-12
    assert [text.lstrip("-") for text in row["jumps_text"]] == [text.lstrip("-") for text in row["jumps_text"][::-1]]
    assert row["jumps"] == pytest.approx([float(x) for x in jumps], rel=1e-15)
    assert row["origin"] == "symmetric"
    assert (row["symmetric_jumps"], row["symmetric_risk"]) == (row["jumps"], row["hinge_risk"])
    hinge, auc_loss = definition_risks(jumps, 1)
    assert (row["hinge_risk"], row["auc_loss"]) == pytest.approx((hinge, auc_loss), rel=1e-12)
    eleven = definition_risks(symmetric_solution(11, 1, paper_half(11)), 1)[0]
    assert row["hinge_risk"] == pytest.approx(eleven, abs=1e-10)
    assert [four(x) for x in jumps[13:18]] == [four(x) for x in paper_half(11)]
    assert run.json["parameters"]["bayes_risk"] == pytest.approx(float(mp.ncdf(-mp.sqrt(2))), rel=1e-15)
    assert row["symmetric"] and row["K"] == 25


# --- reductions ---------------------------------------------------------------------------------


def preference_pairs() -> list[list[Fraction]]:
    """tests/data/preference_pairs.csv as a matrix, h(v, u) = 1 − h(u, v)."""
    h = [[Fraction(0)] * 4 for _ in range(4)]
    with (DATA / "preference_pairs.csv").open(newline="") as stream:
        for row in csv.DictReader(stream):
            u, v, value = int(row["u"]), int(row["v"]), Fraction(row["h"])
            h[u][v], h[v][u] = value, 1 - value
    return h


def check_rank_quicksort(run: Run) -> None:
    """The order and the calls are one possible run of QuickSort on h (every pivot and every draw
    enumerated)."""
    order = tuple(int(cell) for cell in run.table.column("item"))
    calls = int(sentence(run.stdout, r"calls of h: (\d+)")[1])
    assert (order, calls) in outcomes(list(range(4)), 4, preference_pairs())


def check_rank_quicksort_top(run: Run) -> None:
    """The top-2 variant (§3.4): one of its possible outcomes."""
    data = run.json
    order = tuple(row["item"] for row in data["results"])
    assert (order, data["parameters"]["calls"]) in outcomes(list(range(4)), 2, preference_pairs())
    assert [row["position"] for row in data["results"]] == [1, 2]


def check_rank_degree_cycle(run: Run) -> None:
    """The 3-cycle 0 → 1 → 2 → 0: each item wins once; ties by lower index give 0, 1, 2; 3 calls."""
    assert run.table.column("item") == ["0", "1", "2"] and run.table.column("wins") == ["1", "1", "1"]
    assert "calls of h: 3 = n(n − 1)/2" in run.stdout


def check_tournaments_exhaustive(run: Run) -> None:
    """Thm 2 and Thm 4 of Balcan et al. on every tournament: n = 3, 4 by plain loops (with the
    feedback arc sets), n = 5 by loops without them, and the sizes, the bound and f = 0 by
    counting (f = 0 when every winner beats every loser: the orientations inside W and L are free)."""
    rows = {int(row[0]): dict(zip(run.table.header, row)) for row in run.table.rows}
    assert sorted(rows) == [3, 4, 5, 6]
    for n in (3, 4, 5):
        brute = brute_exhaustive(n, feedback=n < 5)
        row = rows[n]
        shown = (int(row["pairs"]), int(row["g = 2f"]), float(row["max g/2f"]))
        assert shown == (brute["pairs"], brute["tight"], brute["ratio"])
        if n < 5:
            assert (int(row["MFAS orderings"]), int(row["triples"]), int(row["g′ = 2f"])) == (
                brute["orderings"], brute["fpairs"], brute["ftight"])
    f_zero = 0
    for n, row in rows.items():
        assert (int(row["tournaments"]), int(row["partitions"])) == (2 ** math.comb(n, 2), 2**n - 2)
        assert int(row["pairs"]) == 2 ** math.comb(n, 2) * (2**n - 2)
        assert row["Thm 2: g > 2f"] == row["Thm 4: g′ > 2f"] == "0" and row["max g/2f"] == row["max g′/2f"] == "1"
        f_zero += sum(math.comb(n, k) * 2 ** (math.comb(k, 2) + math.comb(n - k, 2)) for k in range(1, n))
    assert f"f = 0 in {f_zero:,} pairs" in run.stdout


def check_tournaments_json(run: Run) -> None:
    """n = 6 without the feedback arc sets: the sizes by counting, no violation, the bound reached."""
    row = run.json["results"][0]
    assert (row["n"], row["tournaments"], row["partitions"], row["pairs"]) == (6, 2**15, 62, 2**15 * 62)
    assert row["violations"] == 0 and row["max_ratio"] == 1.0 and row["holds"] and not row["feedback"]
    assert row["f_zero"] == sum(math.comb(6, k) * 2 ** (math.comb(k, 2) + math.comb(6 - k, 2)) for k in range(1, 6))


def regular_tournament_counts(n) -> tuple[int, int]:
    """Balcan et al. Example 1, counted: i beats i + 1, …, i + (n−1)/2 (mod n); the first (n−1)/2
    vertices win; f = losers' wins over winners, g = winner–loser pairs with deg(ℓ) ≥ deg(w)."""
    beats = lambda u, v: (v - u) % n in range(1, (n - 1) // 2 + 1)  # noqa: E731
    winners, losers = range((n - 1) // 2), range((n - 1) // 2, n)
    degree = [sum(beats(u, v) for v in range(n)) for u in range(n)]
    f = sum(beats(l, w) for l in losers for w in winners)  # noqa: E741
    g = sum(degree[l] >= degree[w] for l in losers for w in winners)  # noqa: E741
    return f, g


def check_examples_rows(run: Run, ns, epsilons) -> None:
    """Example 1: f = (n+1)(n−1)/8 and g = 2f, counted; Example 2: with δ = ε/(1 − ε), f = (1+δ)n³
    and g′ = (2+δ)n³ = (2 − ε)f (the paper's counts, n the smallest with δn² whole); Ailon & Mohri's
    Thm 7: on the 3-cycle, f = 1, g = 2."""
    rows = run.table.rows
    for row, n in zip(rows, ns):
        f, g = regular_tournament_counts(n)
        assert (f, g) == ((n + 1) * (n - 1) // 8, 2 * f)
        assert (int(row[3]), int(row[4]), float(row[5])) == (f, g, 2.0) and f"n = {n}:" in row[1]
    for row, epsilon in zip(rows[len(ns):], epsilons):
        delta = epsilon / (1 - epsilon)
        n = next(k for k in itertools.count(1) if (delta * k * k).denominator == 1)
        assert f"{delta * n * n}, {2 * n * n}, {n} vertices" in row[1]
        f, g = (1 + delta) * n**3, (2 + delta) * n**3
        assert (Fraction(row[3]), Fraction(row[4])) == (f, g) and g == (2 - epsilon) * f
        near(row[5], 2 - epsilon)
    assert rows[-1][0] == "Ailon & Mohri Thm 7" and (rows[-1][3], rows[-1][4], rows[-1][5]) == ("1", "2", "2")
    assert len(rows) == len(ns) + len(epsilons) + 1
    assert "every example reaches its paper's factor" in run.stdout


def check_tournament_examples(run: Run) -> None:
    """Example 1 at n = 3, 5, 7, 9 and Example 2 at ε = 1/2, 1/3 reach their factors."""
    check_examples_rows(run, [3, 5, 7, 9], [Fraction(1, 2), Fraction(1, 3)])


def check_tournament_example_epsilon(run: Run) -> None:
    """Example 2 at ε = 1/4: g′ = (2 − ε)f = 1.75f."""
    check_examples_rows(run, [5], [Fraction(1, 4)])


def regret_rows(table: Table) -> dict[str, dict]:
    return {row[0]: dict(zip(table.header, row)) for row in table.rows}


def check_regret_table(run: Run, n) -> dict[str, dict]:
    """The references and ratios: 2r for Degree (Balcan et al. Thm 1, which holds trial by trial,
    so no worst trial passes 1), r for QuickSort (Ailon & Mohri Thm 2: in expectation, here within
    4 standard errors), 2(n+1)H_n − 4n calls of QuickSort for a transitive h, n(n − 1)/2 of Degree."""
    rows = regret_rows(run.table)
    r = float(rows["classification regret r of h"]["mean"])
    for key in ("Degree, ties at random", "Degree, ties against the labels"):
        near(rows[key]["mean / bound"], float(rows[key]["mean"]) / (2 * r), rel=2e-5)
        assert float(rows[key]["worst trial"]) <= 1
    quicksort = next(row for key, row in rows.items() if key.startswith("QuickSort"))
    near(quicksort["mean / bound"], float(quicksort["mean"]) / r, rel=2e-5)
    spread = math.hypot(float(quicksort["SE"]), float(rows["classification regret r of h"]["SE"]))
    assert abs(float(quicksort["mean"]) - r) <= 4 * spread + 1e-12
    calls = float(ref.quicksort_expected_calls(n))
    near(rows["calls of h: QuickSort"]["mean / bound"], float(rows["calls of h: QuickSort"]["mean"]) / calls, rel=2e-5)
    degree = rows["calls of h: Degree"]
    assert (degree["mean"], degree["mean / bound"]) == (str(n * (n - 1) // 2), "1")
    return rows


def check_regret_flip(run: Run) -> None:
    """Each mixed pair flipped with probability 0.1 and the positives on top: E r = 0.1."""
    rows = check_regret_table(run, 200)
    r = rows["classification regret r of h"]
    assert abs(float(r["mean"]) - 0.1) <= 4 * float(r["SE"])


def check_regret_close(run: Run) -> None:
    """Mistakes on close pairs: the bounds and the call counts as for flip noise."""
    check_regret_table(run, 200)
    assert "a pair flipped with probability 0.5·exp(−|s_u − s_v|/0.25)" in run.stdout


def check_regret_regular(run: Run) -> None:
    """The regular tournament on 51 items: any split has f = |W||L|/2, so r = ½ in every trial,
    and Degree with ties against the labels pays 2r = 1 (Example 1)."""
    rows = check_regret_table(run, 51)
    assert (rows["classification regret r of h"]["mean"], rows["classification regret r of h"]["SE"]) == ("0.5", "0")
    assert rows["Degree, ties against the labels"]["mean"] == "1"


def check_regret_cycle(run: Run) -> None:
    """Thm 7's 3-cycle 0 → 1 → 2 → 0, item 2 positive: r = ½ (h misorders one of its two mixed
    pairs); Degree with ties against the labels puts 2 last: 1 = 2r; QuickSort's exact expected
    loss over every run is ½; a minimum feedback arc set ordering (any rotation of the cycle) loses
    0, ½ or 1, at most 2r (Thm 4)."""
    rows = {row["key"]: row for row in run.json["results"]}
    cycle = [[Fraction(int(v == (u + 1) % 3)) for v in range(3)] for u in range(3)]
    expected = sum(p * Fraction(order.index(2), 2) for (order, _), p in outcomes([0, 1, 2], 3, cycle).items())
    assert expected == Fraction(1, 2) and rows["quicksort"]["mean"] == 0.5
    assert rows["classification"]["mean"] == 0.5 and rows["degree_worst"]["mean"] == 1.0
    assert rows["feedback"]["mean"] in (0, 0.5, 1) and rows["feedback"]["worst"] <= 1
    assert rows["quicksort_calls"]["mean"] == 2.0  # the pivot meets both others, which land one a side
    calls = float(ref.quicksort_expected_calls(3))  # 8/3
    assert rows["quicksort_calls"]["reference"] == run.json["parameters"]["expected_quicksort_calls"] == pytest.approx(
        calls, rel=1e-15)
    assert rows["degree_calls"]["mean"] == rows["degree_calls"]["reference"] == 3.0
    for row in rows.values():  # each ratio is its mean over its reference: 2r = 1 for Degree, r = ½ for QuickSort
        if row["reference"]:
            assert row["ratio"] == pytest.approx(row["mean"] / row["reference"], rel=1e-15)
    assert (rows["degree_worst"]["reference"], rows["quicksort"]["reference"]) == (1.0, 0.5)
    degree = rows["degree_random"]  # every degree is 1: a uniform order, loss 0, ½, 1: mean ½, variance 1/6
    assert abs(degree["mean"] - 0.5) <= 4 * math.sqrt(1 / 6 / 10)


# --- experiments ----------------------------------------------------------------------------------


def fig4_epsilons(m, n) -> tuple:
    """Cor 4.5 at δ = 0.01 for linear functions on R^16: r(F, 2m, 2n) by Thm 4.11's
    (2e·(2m)(2n)/16)^16, and by the faces of (2m)(2n) planes through 0 in R^16 (beyond)."""
    return (ref.uniform_epsilon(m, n, 0.01, log_r=log_thm_4_11(2 * m, 2 * n, 16)),
            ref.uniform_epsilon(m, n, 0.01, r=ref.central_faces(4 * m * n, 16)))


def mean_sd(cell: str) -> tuple[float, float]:
    mean, sd = cell.split(" ± ")
    return float(mean), float(sd)


def check_fig4_table(run: Run) -> None:
    """Agarwal et al.'s Figure 4 setting: ε of Thm 4.11 at each (m, n), the lower bound training
    AUC − ε (its SD the training AUC's), the sharper bound; the bound grows with m and with n."""
    table = run.table
    epsilons = {}
    for row in table.rows:
        cells = dict(zip(table.header, row))
        m, n = int(cells["m"]), int(cells["n"])
        epsilon, sharp = fig4_epsilons(m, n)
        epsilons[m, n] = float(epsilon)
        train, spread = mean_sd(cells["training AUC"])
        near(cells["ε (Thm 4.11)"], epsilon, abs=5e-4)
        bound, bound_sd = mean_sd(cells["lower bound"])
        assert bound == pytest.approx(train - float(epsilon), abs=6e-4) and bound_sd == pytest.approx(spread, abs=6e-4)
        near(cells["sharper bound (beyond)"], train - float(sharp), abs=6e-4)
    sizes = (20, 40, 80, 160)
    for a, b in zip(sizes, sizes[1:]):
        for c in sizes:
            assert epsilons[b, c] < epsilons[a, c] and epsilons[c, b] < epsilons[c, a]
    assert "test set 2500 + 2500; seed 0" in run.stdout


def check_fig4_csv_rows(rows: list[dict], trials: int) -> None:
    """Every digit of ε, of both bounds and of the test AUC's standard error."""
    for row in rows:
        m, n = int(row["m"]), int(row["n"])
        epsilon, sharp = fig4_epsilons(m, n)
        assert float(row["epsilon"]) == pytest.approx(float(epsilon), rel=1e-12)
        assert float(row["sharp_epsilon"]) == pytest.approx(float(sharp), rel=1e-12)
        assert float(row["bound_mean"]) == pytest.approx(float(row["train_mean"]) - float(epsilon), rel=1e-12)
        assert float(row["sharp_bound_mean"]) == pytest.approx(float(row["train_mean"]) - float(sharp), rel=1e-12)
        assert float(row["test_se"]) == pytest.approx(float(row["test_sd"]) / math.sqrt(trials), rel=1e-12)
        assert int(row["trials"]) == trials


def check_fig4_out_csv(run: Run) -> None:
    """The table, and its 16 rows in the CSV."""
    check_fig4_table(run)
    rows = run.csv("fig4.csv")
    assert len(rows) == 16
    check_fig4_csv_rows(rows, 10)


def check_fig4_csv(run: Run) -> None:
    """m, n ∈ {20, 80}, 5 training sets each, as CSV."""
    rows = run.csv()
    assert [(int(row["m"]), int(row["n"])) for row in rows] == [(20, 20), (20, 80), (80, 20), (80, 80)]
    check_fig4_csv_rows(rows, 5)


#: the AUC of the Bayes scorer in Uematsu & Lee's normal settings: X ~ N(±1, 1), and the sum of
#: 10 features N(±1/√10, 1): Φ(√2) either way
BAYES_AUC = float(mp.ncdf(mp.sqrt(2)))


def rankboost_rows(run: Run, column: int = 1) -> dict[str, float]:
    """The quantities of one rule's column (1: the first shown) of the rankboost-normal table."""
    return {row[0]: float(row[column]) for row in run.table.rows}


def check_rankboost_normal(run: Run) -> None:
    """Figure 3 with both rules of α: with the bound rule RankBoost's f̂ follows f*(x) = x (RMS of f̂ − x
    at most 0.15 on [−2, 2]) and the training AUC is stable after 20 rounds, near the Bayes AUC Φ(√2)
    (2000 + 2000 points: within 0.02); the exact rule (the paper's) misses that RMS. The exponential
    risk of f* over the two classes is E e^{−(X − X′)} = e^{−1} (X − X′ ~ N(2, 2))."""
    assert run.table.header[1:] == ["α: bound rule", "α: exact rule (the paper's)"]
    bound, exact = rankboost_rows(run, 1), rankboost_rows(run, 2)
    for rows in (bound, exact):
        near(rows["AUC of f* (Bayes), Φ(√2)"], BAYES_AUC)
        near(rows["exponential risk of f*, e^−1"], math.exp(-1))
        assert abs(rows["training AUC after round 400"] - BAYES_AUC) < 0.02
    assert bound["RMS of f̂ − x on [−2, 2]"] <= 0.15 < exact["RMS of f̂ − x on [−2, 2]"]
    assert bound["largest change between rounds after 20"] < 0.005
    assert "2000 + 2000 points, 400 rounds, stumps chosen at random; seed 0" in run.stdout


def check_rankboost_exact(run: Run) -> None:
    """With the exact α and the best stump, f̂ comes out jagged (RMS above 0.15: 0.32–0.69 over 20
    samples), while the training AUC still approaches Φ(√2)."""
    assert run.table.header[1:] == ["α: exact rule (the paper's)"]
    rows = rankboost_rows(run)
    near(rows["AUC of f* (Bayes), Φ(√2)"], BAYES_AUC)
    assert rows["RMS of f̂ − x on [−2, 2]"] > 0.15
    assert abs(rows["training AUC after round 400"] - BAYES_AUC) < 0.02
    assert "stumps chosen best; seed 0" in run.stdout


def slope(xs, ys) -> float:
    return float(np.polyfit(np.asarray(xs, float), np.asarray(ys, float), 1)[0])


def check_losses_table(run: Run) -> None:
    """Uematsu & Lee's Thm 2 in their §5.1.3 setting: RankBoost's score tends to r(x)/2 and the
    logistic one to r(x) (slopes ½ and 1, and 2 between them; within 25% at 300 points a class); the
    Bayes AUC Φ(√2). The hinge learner's default (smoothed) step leaves the integers: many score
    levels; with the exact step the scores are integers from 0/1 stumps and integer steps, so at most
    rounds + 1 levels, and it stops before the rounds asked for."""
    rows = {row[0]: dict(zip(run.table.header, row)) for row in run.table.rows}
    for loss, theory in (("exponential", 0.5), ("logistic", 1.0)):
        assert float(rows[loss]["Thm 2"]) == theory
        assert float(rows[loss]["slope on r(x)"]) == pytest.approx(theory, rel=0.25)
    near(sentence(run.stdout, r"slope of the logistic score on RankBoost's: (\S+) \(Thm 2: 2\)")[1], 2, rel=0.25)
    chosen, run_rounds = (int(x) for x in rows["hinge"]["rounds"].split(" of "))
    if "hinge step exact" in run.stdout:
        assert int(rows["hinge"]["score levels"]) <= chosen + 1 and run_rounds < 100
    else:
        assert "hinge step smoothed" in run.stdout and int(rows["hinge"]["score levels"]) > chosen + 1
    near(sentence(run.stdout, r"AUC of r\(x\) \(Bayes\): ([\d.]+)")[1], BAYES_AUC, abs=5e-5)
    assert "p = 10, 300 + 300 training and test points" in run.stdout and run.stdout.splitlines()[0].endswith("seed 0")


def check_losses_out_csv(run: Run) -> None:
    """The CSV holds the test points' scores the table's slopes and correlations are made of."""
    check_losses_table(run)
    rows = {row[0]: dict(zip(run.table.header, row)) for row in run.table.rows}
    points = [row for row in run.csv("losses.csv") if row["kind"] == "point"]
    assert len(points) == 600
    x = [float(row["x"]) for row in points]
    scores = {loss: [float(row[loss]) for row in points] for loss in ("exponential", "logistic", "hinge")}
    for loss in scores:
        near(rows[loss]["slope on r(x)"], slope(x, scores[loss]), abs=5e-4)
        near(rows[loss]["corr. with logistic"], np.corrcoef(scores[loss], scores["logistic"])[0, 1], abs=5e-5)
    assert len(set(scores["hinge"])) == int(rows["hinge"]["score levels"])


# --- plots -----------------------------------------------------------------------------------------


def only(points: dict, panel_prefix: str, series_prefix: str, series_suffix: str = "") -> list[tuple[float, float]]:
    """The points of the one series whose panel and name begin (and name ends) as given."""
    found = [value for (panel, series), value in points.items()
             if panel.startswith(panel_prefix) and series.startswith(series_prefix) and series.endswith(series_suffix)]
    assert len(found) == 1, (panel_prefix, series_prefix, list(points))
    return found[0]


@lru_cache(maxsize=None)
def quantile(delta) -> float:
    return float(ref.two_sided_quantile(delta))


def fig1_widths(N, rho, delta) -> dict[str, float]:
    """Figure 1's half-widths at N = m + n, m = ρN rounded: Cor 3.4, Eq. 11 and 13 with σ_max at its
    widest (A = ½: 1/(2√(kδ)) and z/(2√k), k = min(m, n)), and Hoeffding's √(ln(2/δ)/(2k))."""
    m, n = ref.design(int(N), rho)
    k = min(m, n)
    return {"McDiarmid": math.sqrt((m + n) * math.log(2 / delta) / (2 * m * n)),
            "Chebyshev": 1 / (2 * math.sqrt(k * delta)), "Normal": quantile(delta) / (2 * math.sqrt(k)),
            "Hoeffding": math.sqrt(math.log(2 / delta) / (2 * k))}


def check_fig1_data(run: Run, rhos, delta, sizes) -> None:
    """One panel per skew, every point of every curve at its formula, N over the range asked."""
    points = run.series("fig1.csv")
    assert {panel for panel, _ in points} == {f"m/(m+n) = {rho}" for rho in rhos}
    for (panel, series), values in points.items():
        rho = panel.removeprefix("m/(m+n) = ")
        name = series.split()[0].rstrip(",")
        assert max(sizes[0], 1 / Fraction(rho)) <= values[0][0] and values[-1][0] == sizes[1]  # N ≥ 1/ρ
        for N, y in values:
            assert y == pytest.approx(fig1_widths(N, rho, delta)[name], rel=1e-12), (panel, series, N)
    run.figure("fig1.png")


def check_plot_fig1(run: Run) -> None:
    """Figure 1 at its defaults: the paper's skews 1/2, 1/10, 1/100, 1/1000, δ = 0.01, N to 10^7."""
    check_fig1_data(run, ["1/2", "1/10", "1/100", "1/1000"], 0.01, (100, 10**7))


def check_plot_fig1_options(run: Run) -> None:
    """Skews 1/2 and 1/3, δ = 0.05, N from 20 to 10^5."""
    check_fig1_data(run, ["1/2", "1/3"], 0.05, (20, 10**5))


def check_plot_fig2(run: Run) -> None:
    """Figure 2: McDiarmid's N over the error rate's is 1/(ρ(1−ρ)) at any ε, δ (Cor 3.5 over Eq.
    16); Hoeffding's is its smallest N (ε = 0.05, δ = 0.01) over N_err = 1060."""
    points = run.series("fig2.csv")
    mcdiarmid = only(points, "δ = 0.01, ε = 0.05", "McDiarmid")
    hoeffding = only(points, "δ = 0.01, ε = 0.05", "Hoeffding")
    assert mcdiarmid[0][0] == 0.001 and mcdiarmid[-1][0] == 0.999
    for rho, y in mcdiarmid:
        assert y == pytest.approx(1 / (rho * (1 - rho)), rel=1e-12)
    for rho, y in hoeffding[::8]:
        N = round(y * 1060)
        assert N == pytest.approx(y * 1060, abs=1e-6)
        smallest_size(N, rho, lambda m, n: ref.hoeffding_epsilon(m, n, 0.01) <= 0.05)
    run.figure("fig2.svg")


def fig3_epsilons(m, n, delta) -> dict[str, mp.mpf]:
    """The line: Cor 4.5 with r = 3 and Thm 4.14 with s(F̄, N) = 4N + 1 (§4.4)."""
    return {"Agarwal": ref.uniform_epsilon(m, n, delta, r=3),
            "Freund": ref.freund_epsilon(m, n, delta, 8 * m + 1, 8 * n + 1)}


def check_fig3_data(run: Run, name, delta, top) -> None:
    """Figure 3 for the line: both bounds at every fourth size, and the smallest size at which
    each reaches ε = 0.5, marked on its curve."""
    points = run.series(Path(name).with_suffix(".csv").name)
    for (panel, series), values in points.items():
        rho = panel.removeprefix("m/(m+n) = ")
        key = series.split()[0]
        if "reaches ε = 0.5" in series:
            (M, y), = values
            smallest_size(int(M), rho, lambda m, n: fig3_epsilons(m, n, delta)[key] <= 0.5)
            assert y <= 0.5
            continue
        assert values[-1][0] == top
        for M, y in values[::4]:
            assert y == pytest.approx(float(fig3_epsilons(*ref.design(int(M), rho), delta)[key]), rel=1e-12)
    assert {panel for panel, _ in points} == {"m/(m+n) = 1/2", "m/(m+n) = 1/4"}
    run.figure(name)


def check_plot_fig3_pdf(run: Run) -> None:
    """δ = 0.05, ρ = 1/2 and 1/4, sizes to 10^5, as PDF."""
    check_fig3_data(run, "fig3.pdf", 0.05, 10**5)


def check_plot_fig3_png(run: Run) -> None:
    """The default δ = 0.01, sizes to 2·10^4."""
    check_fig3_data(run, "fig3.png", 0.01, 20_000)


def check_plot_intervals(run: Run) -> None:
    """Around Â = 0.75 at ρ = 1/4, δ = 0.05: McDiarmid's ends 0.75 ∓ ε clipped to [0, 1], and the ends
    of Hoeffding's KL interval at k = min(m, n) (every tenth size: 20 ms a size)."""
    points = run.series("intervals.csv")
    panel = "m/(m+n) = 1/4"
    for side, index in (("lower", 0), ("upper", 1)):
        for N, y in only(points, panel, "McDiarmid", f"— {side} end"):
            m, n = ref.design(int(N), "1/4")
            expected = clipped(mp.mpf("0.75"), ref.mcdiarmid_epsilon(m, n, 0.05))[index]
            assert y == pytest.approx(float(expected), abs=1e-12)
        for N, y in only(points, panel, "Hoeffding–Chernoff (Kullback–Leibler)", f"— {side} end")[::10]:
            m, n = ref.design(int(N), "1/4")
            assert y == pytest.approx(float(ref.kl_interval(0.75, min(m, n), 0.05, dps=30)[index]), rel=1e-10)
    run.figure("intervals.png")


def check_plot_psi(run: Run) -> None:
    """log10 of ψ(m, m) (the generating function, up to m = 40), 3^(m²), and §4.3's bounds 3^m and
    (2m)!·2^(2m−1), from m = 1 to 200."""
    points = run.series("psi.csv")
    exact = {m: y for m, y in only(points, "m = n", "ψ(m, n)")}
    assert min(exact) == 1 and max(exact) == 200
    for m, y in exact.items():
        if m <= 40:
            assert y == pytest.approx(float(mp.log10(ref.psi_series(int(m), int(m)))), rel=1e-12)
    bounds = {"3^(mn)": lambda m: m * m * mp.log10(3), "3^max": lambda m: m * mp.log10(3),
              "(m+n)!": lambda m: (mp.loggamma(2 * m + 1) + (2 * m - 1) * mp.log(2)) / mp.log(10)}
    for prefix, log10 in bounds.items():
        for m, y in only(points, "m = n", prefix):
            assert y == pytest.approx(float(log10(m)), rel=1e-12)
    for m, y in only(points, "m = n", "(m+n)!"):
        assert float(bounds["3^max"](m)) <= exact[m] * (1 + 1e-12) and exact[m] <= y * (1 + 1e-12)
    run.figure("psi.png")


def check_plot_sample_complexity(run: Run) -> None:
    """A finite class of 1000 at ρ = 1/4, δ = 0.01: Thm 1 (a multiple of 4 at or above its value) and
    the smallest M meeting its proof's condition with r = 1000, at each ε."""
    points = run.series("sc.csv")
    for epsilon, M in only(points, "δ = 0.01, ρ = 1/4", "Agarwal & Roth 2005, Thm 1"):
        assert M == 4 * math.ceil(ref.thm1_value(epsilon, 0.01, "1/4", 1000, 0) / 4)
    for epsilon, M in only(points, "δ = 0.01, ρ = 1/4", "Agarwal & Roth 2005, proof of Thm 1"):
        smallest_size(int(M), "1/4", lambda m, n: ref.thm1_condition(m, n, epsilon, 0.01, 1000))
    run.figure("sc.png")


def check_plot_shatter(run: Run) -> None:
    """Linear functions on R^2, m = n: on random points the measured count is the faces of the m²
    planes through 0 (4m² + 1 from m = 2: differences of random points are in general position);
    Lemma 4.10's count and Thm 4.11's (2e·m²/2)² beside it."""
    points = run.series("shatter.csv")
    panel = "m = n, standard normal points in R^2"
    measured = only(points, panel, "measured")
    assert [m for m, _ in measured] == [m for m, _ in only(points, panel, "Agarwal et al. 2005, Thm 4.9")]
    for m, y in measured:
        assert y == ref.central_faces(int(m) ** 2, 2) == (3 if m == 1 else 4 * m * m + 1)
    for m, y in only(points, panel, "Agarwal et al. 2005, Thm 4.9"):
        assert y == pytest.approx(ref.central_faces(int(m) ** 2, 2), rel=1e-12)
    for m, y in only(points, panel, "Agarwal et al. 2005, Lemma 4.10"):
        assert y == pytest.approx(ref.buck_faces(int(m) ** 2, 2), rel=1e-12)
    for m, y in only(points, panel, "Agarwal et al. 2005, Thm 4.11"):
        assert y == pytest.approx(float((2 * mp.e * m * m / 2) ** 2), rel=1e-12) and m >= 2
    run.figure("shatter.png")


def check_plot_regret(run: Run) -> None:
    """Flip noise 0.1 and 0.3 on 50 items, 10 trials each: Degree's regret is at most 2r in every
    trial (Balcan et al. Thm 1); each mean point is the mean of its trials, and the mean r is the
    noise level (each mixed pair flipped with that probability) within 4 standard errors."""
    points = run.series("regret.csv")
    panel = "flip: each pair flipped with probability p"
    degree = only(points, panel, "Degree, ties against the labels: one trial")
    for r, regret in degree:
        assert regret <= 2 * r + 1e-12
    for kind in ("Degree, ties against the labels", "QuickSort, mean of 20 runs"):
        trials = only(points, panel, f"{kind}: one trial")
        means = only(points, panel, f"{kind}: mean per noise level")
        for (r, regret), block in zip(means, (trials[:10], trials[10:])):
            assert r == pytest.approx(np.mean([x for x, _ in block]), rel=1e-12)
            assert regret == pytest.approx(np.mean([y for _, y in block]), rel=1e-12)
    for noise, block in zip((0.1, 0.3), (degree[:10], degree[10:])):
        rs = [x for x, _ in block]
        assert abs(np.mean(rs) - noise) <= 4 * np.std(rs, ddof=1) / math.sqrt(10)
    for prefix, factor in (("y = 2r", 2), ("y = r", 1)):
        assert all(y == pytest.approx(factor * x, abs=1e-15) for x, y in only(points, panel, prefix))
    run.figure("regret.png")


def check_plot_quicksort_calls(run: Run) -> None:
    """Calls of h on standard normal scores: the expected 2(n+1)H_n − 4n and the top-100 formula of
    §3.4, Degree's n(n − 1)/2; the means over 10 runs within 5 of their standard errors: the full
    sort's count has SD √(7 − 2π²/3)·n ≈ 0.65n (Var → (7 − 2π²/3)n²), the top-k one, for k ≪ n,
    about that of quickselect, n·√(1/2) (the share S = U(1 + S′) left after each pivot has
    E S² = 3/2, Var S = ½)."""
    points = run.series("calls.csv")
    panel = "standard normal scores"
    expected = only(points, panel, "QuickSort: expected")
    for n, y in expected:
        assert y == pytest.approx(float(ref.quicksort_expected_calls(int(n))), rel=1e-12)
    for (n, y), (n2, mean) in zip(expected, only(points, panel, "QuickSort: mean calls")):
        assert n == n2 and abs(mean - y) <= 5 * math.sqrt(7 - 2 * math.pi**2 / 3) * n / math.sqrt(10)
    top = only(points, panel, "Top-100 QuickSort: expected")
    for n, y in top:
        assert y == pytest.approx(float(ref.quicksort_expected_calls(int(n), top=100)), rel=1e-12)
    for (n, y), (n2, mean) in zip(top, only(points, panel, "Top-100 QuickSort: mean calls")):
        assert n == n2 and abs(mean - y) <= 5 * math.sqrt(0.5) * n / math.sqrt(10)
    for prefix in ("Degree: n(n − 1)/2", "Degree: calls counted"):
        assert all(y == n * (n - 1) / 2 for n, y in only(points, panel, prefix))
    assert all(y == pytest.approx(n * math.log(n), rel=1e-12) for n, y in only(points, panel, "guide: n ln n"))
    assert all(y == n * n for n, y in only(points, panel, "guide: n²"))
    run.figure("calls.png")


def step_heights(values) -> tuple[list[float], list[float]]:
    """The jumps and the levels of a step function drawn as points (x, level from x on)."""
    jumps = [x for (_, y), (x, y2) in zip(values, values[1:]) if y2 != y]
    return jumps, sorted({y for _, y in values})


def check_plot_hinge_steps(run: Run) -> None:
    """Separation 1 (μ = ½): the 2-step function jumps at ±t with exp(−2μt) = Φ(t − μ) (Eq. 8 at
    K = 2, closed form, t = 0.6095); the 5-step function is a lopsided stationary point of Eq. 8
    with a lower risk than the symmetric one; the smooth losses' f* = ½x and x (Thm 2)."""
    points = run.series("hinge-steps.csv")
    panel = "X ~ N(0.5, 1) against X′ ~ N(−0.5, 1)"
    t = float(mp.findroot(lambda t: mp.exp(-t) - mp.ncdf(t - 0.5), 0.6))
    jumps, levels = step_heights(only(points, panel, "Hinge loss: optimal 2-step"))
    assert jumps == pytest.approx([-t, t], rel=1e-9) and levels == [-1.0, 0.0, 1.0]
    jumps, levels = step_heights(only(points, panel, "Hinge loss: optimal 5-step"))
    assert levels == [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5] and len(jumps) == 5
    assert max(abs(x) for x in eq8_log_residuals(jumps, 0.5)) < 1e-8
    assert definition_risks(jumps, 0.5)[0] < definition_risks(symmetric_solution(5, 0.5, (0.6, 2.0)), 0.5)[0]
    for prefix, scale in (("Exponential loss", 0.5), ("Logistic loss", 1.0)):
        assert all(y == pytest.approx(scale * x, rel=1e-15) for x, y in only(points, panel, prefix))
    run.figure("hinge-steps.png")


def step_risk(jumps, mu) -> float:
    """Eq. 6: Σ_{i=1}^{K+1} Φ(a_i − μ)·Φ(−a_{i−1} − μ), a_0 = −∞, a_{K+1} = +∞, in floats."""
    a = np.concatenate([[-np.inf], np.sort(jumps), [np.inf]])
    return float(np.sum(special.ndtr(a[1:] - mu) * special.ndtr(-a[:-1] - mu)))


def least_step_risk(K, mu, starts=2) -> float:
    """The least Eq. 6 risk over K-step functions: Nelder–Mead over a_1 and the log gaps, from
    symmetric and random starts (scipy, independent of aucbound's Newton solver and search)."""
    rng = np.random.default_rng(0)

    def risk(params):
        return step_risk(params[0] + np.concatenate([[0], np.cumsum(np.exp(params[1:]))]), mu)

    best = math.inf
    for start in range(starts):
        spread = 1.0 + start
        guess = np.concatenate([[-spread / 2], np.log(np.full(K - 1, spread / K) + rng.random(K - 1) * start / K)])
        result = optimize.minimize(risk, guess, method="Nelder-Mead",
                                   options={"xatol": 1e-10, "fatol": 1e-15, "maxiter": 40000, "maxfev": 40000})
        best = min(best, result.fun)
    return best


def check_plot_step_risk(run: Run) -> None:
    """Separation 3 (μ = 1.5): K = 1 jumps at 0, risk 2Φ(−μ)² + 2Φ(μ)Φ(−μ) and 1 − AUC Φ(−μ)² +
    Φ(μ)Φ(−μ); every K's least risk by a direct search; the Bayes risk Φ(−3/√2)."""
    points = run.series("step-risk.csv")
    risks = only(points, "Minimal hinge risk", "Hinge-optimal")
    losses = only(points, "1 − AUC", "Hinge-optimal")
    assert [K for K, _ in risks] == [1, 2, 4, 8]
    low, high = float(mp.ncdf(-1.5)), float(mp.ncdf(1.5))
    assert risks[0][1] == pytest.approx(2 * low**2 + 2 * high * low, rel=1e-12)
    assert losses[0][1] == pytest.approx(low**2 + high * low, rel=1e-12)
    for K, risk in risks[1:]:
        assert risk == pytest.approx(least_step_risk(int(K), 1.5), abs=1e-10)
    bayes = only(points, "1 − AUC", "Bayes ranking risk")
    assert all(y == pytest.approx(float(mp.ncdf(-3 / mp.sqrt(2))), rel=1e-12) for _, y in bayes)
    run.figure("step-risk.png")


def check_plot_jump_dynamics(run: Run) -> None:
    """Separation 1.5 (μ = 0.75): Figure 5's pairs of consecutive jumps solve Eq. 8; Figure 6's
    sequences follow a_{i+1} = μ + Φ⁻¹(exp(2μa_i)·Φ(−a_{i−1} − μ)); the feasible starts end at the
    K = 2 jump (exp(−2μt) = Φ(t − μ)) and the K = 3 jump (exp(−2μt) = Φ(−μ)); the limits found by
    bisection lie between the starts that turn down and those that run off."""
    mu = 0.75
    points = run.series("jumps.csv")
    figure5 = {series: values for (panel, series), values in points.items() if panel.startswith("Figure 5")}
    for series, values in figure5.items():
        jumps = sorted({x for pair in values for x in pair})
        assert len(jumps) == int(series.removeprefix("K = "))
        assert max(abs(x) for x in eq8_log_residuals(jumps, mu)) < 1e-9
    even = float(mp.findroot(lambda t: mp.exp(-2 * mu * t) - mp.ncdf(t - mu), 0.5))
    odd = float(-mp.log(mp.ncdf(-mu)) / (2 * mu))
    for panel, edge in (("Figure 6(a)", even), ("Figure 6(b)", odd)):
        sequences = {series: values for (name, series), values in points.items() if name.startswith(panel)}
        feasible = next(values for series, values in sequences.items() if series.startswith("Feasible"))
        assert feasible[-1][1] == pytest.approx(edge, rel=1e-9)
        limit = next(float(re.search(r"= ([\d.]+)", series)[1]) for series in sequences if series.startswith("Limit"))
        for series, values in sequences.items():
            if series.startswith("Feasible"):
                continue
            for (a, b), (b2, c) in zip(values, values[1:]):
                following = mu + float(special.ndtri(math.exp(2 * mu * b) * special.ndtr(-a - mu)))
                assert b2 == b and c == pytest.approx(following, rel=1e-9, abs=1e-12)
            start = values[0][1]
            if "below the limit" in series:
                assert start < limit
            elif "above the limit" in series:
                assert start > limit
    run.figure("jumps.png")


def check_plot_fig4(run: Run) -> None:
    """Figure 4 at m, n ∈ {20, 80}: each lower bound is the training AUC less ε of Thm 4.11 (and of
    the exact face count), at δ = 0.01."""
    points = run.series("fig4.csv")
    train = {}
    for (panel, series), values in points.items():
        if panel == "Training AUC against m":
            n = int(series.removeprefix("n = "))
            train.update({(int(m), n): y for m, y in values})
    assert sorted(train) == [(20, 20), (20, 80), (80, 20), (80, 80)]
    for (panel, series), values in points.items():
        if not panel.startswith("Lower bound"):
            continue
        fixed = int(re.match(r"[mn] = (\d+)", series)[1])
        sharp = "exact face count" in series
        for x, y in values:
            m, n = (int(x), fixed) if panel.endswith("against m") else (fixed, int(x))
            assert y == pytest.approx(train[m, n] - float(fig4_epsilons(m, n)[sharp]), rel=1e-12)
    run.figure("fig4.png")


def check_plot_rankboost(run: Run) -> None:
    """Figure 3 with both rules of α: f̂ (shifted) against f*(x) = x, RMS on [−2, 2] as the panel
    says, at most 0.15 for the bound rule; the training AUC per round ends near Φ(√2), drawn beside it."""
    points = run.series("rankboost.csv")
    rms = {}
    for rule in ("bound", "exact"):
        (panel, _), fitted = next((key, value) for key, value in points.items()
                                  if key[1].startswith("f̂ (shifted), α: " + rule))
        inside = [(x, y) for x, y in fitted if -2 <= x <= 2]
        rms[rule] = math.sqrt(np.mean([(y - x) ** 2 for x, y in inside]))
        near(re.search(rule + r" ([\d.]+)", panel)[1], rms[rule], abs=5e-4)
        assert len(fitted) == 4000
        rounds = only(points, "Training AUC per round", "Training AUC, α: " + rule)
        assert [r for r, _ in rounds] == list(range(1, 401)) and abs(rounds[-1][1] - BAYES_AUC) < 0.02
    assert rms["bound"] <= 0.15 < rms["exact"]
    assert all(x == y for x, y in only(points, panel, "f*(x) = x"))
    assert all(y == pytest.approx(BAYES_AUC, rel=1e-15) for _, y in only(points, "Training AUC per round", "AUC of f*"))
    run.figure("rankboost.png")


def check_plot_loss_scores(run: Run) -> None:
    """Figures 8, 9, 14: Thm 2's lines (½·r(x), r(x), (2/√10)·x on each feature) and the fitted
    scores' slopes within 25% of them at 300 points a class."""
    points = run.series("losses.csv")
    lines = {"Exponential loss": 1.0, "Logistic loss": 2.0}  # against r(x)/2 on the x axis
    for panel, theory in lines.items():
        line = only(points, panel, "Uematsu & Lee 2011, Thm 2")
        assert all(y == pytest.approx(theory * x, rel=1e-12) for x, y in line)
        scores = only(points, panel, panel.split()[0].lower() + " score")
        assert slope(*zip(*scores)) == pytest.approx(theory, rel=0.25)
    for j in range(1, 11):
        line = points[(f"Main effect of x{j}", "Uematsu & Lee 2011, Thm 2: (2/√10)·x")]
        assert all(y == pytest.approx(2 / math.sqrt(10) * x, rel=1e-12) for x, y in line)
    ratio = only(points, "2 × RankBoost vs logistic score", "2 × RankBoost")
    assert slope(*zip(*ratio)) == pytest.approx(1.0, rel=0.25)
    run.figure("losses.png")


def check_roc_curve_series(values, score) -> None:
    """The drawn curve is the empirical one: (FPR, TPR) of every vertex, counted by hand."""
    fpr, tpr, _, _ = curve_points(score)
    assert len(values) == len(fpr) and np.allclose(values, list(zip(fpr, tpr)), rtol=0, atol=1e-15)


def check_plot_roc(run: Run) -> None:
    """s100b's curve (pROC's 51 points), its DeLong 95% interval in the legend (pROC's ci.auc,
    3 digits), and the DKW band at δ = 0.05 at every drawn FPR, by the rule of docs/roc.md."""
    points = run.series("roc.csv")
    panel = "m = 41 positives, n = 72 negatives"
    lo, hi = PROC_DELONG_CI["s100b"]
    label = f"s100b: AUC {PROC_AUC['s100b']:.3g} [{lo:.3g}, {hi:.3g}] (DeLong 95%)"
    curve = points[(panel, label)]
    check_roc_curve_series(curve, "s100b")
    assert np.allclose([(1 - row["specificity"], row["sensitivity"]) for row in procs_s100b_curve()], curve, rtol=0,
                       atol=1e-15)
    fpr, tpr, m, n = curve_points("s100b")
    eps_pos, eps_neg = dkw_widths(m, n, 0.05)
    lower, upper = points[(panel, "s100b: dkw band, lower")], points[(panel, "s100b: dkw band, upper")]
    assert len(lower) == len(upper) == 501
    for (x, low), (x2, high) in zip(lower, upper):
        assert x == x2 and (low, high) == pytest.approx(dkw_at_fpr(fpr, tpr, x, eps_pos, eps_neg), abs=1e-12)
    run.figure("roc.png")


def check_plot_roc_two(run: Run) -> None:
    """wfns and s100b, no band: both curves, with pROC's DeLong intervals in the legends."""
    points = run.series("both.csv")
    panel = "m = 41 positives, n = 72 negatives"
    assert len(points) == 2
    for score in ("wfns", "s100b"):
        lo, hi = PROC_DELONG_CI[score]
        label = f"{score}: AUC {PROC_AUC[score]:.3g} [{lo:.3g}, {hi:.3g}] (DeLong 95%)"
        check_roc_curve_series(points[(panel, label)], score)
    run.figure("both.png")


def check_plot_all(run: Run) -> None:
    """Every plot at its defaults but loss-scores (an experiment of about 20 s) and roc (it needs data)."""
    names = ["fig1", "fig2", "fig3", "intervals", "psi", "sample-complexity", "shatter", "regret", "quicksort-calls",
             "hinge-steps", "step-risk", "jump-dynamics", "fig4", "rankboost-normal"]
    assert run.stdout.split() == [f"figures/{name}.png" for name in names]
    for name in names:
        run.figure(f"figures/{name}.png")


EXPECTED = {
    # aucbound auc
    "aucbound auc aSAH.csv --score 2 --label 0 --positive Poor --method hoeffding-kl --method delong":
        check_auc_by_column_index,
    "aucbound auc aSAH.csv --score s100b --label outcome --positive Poor": check_auc_s100b,
    "aucbound auc aSAH.csv --score s100b --label outcome --positive Poor --bootstrap 2000 --seed 0":
        check_auc_bootstrap,
    "aucbound auc aSAH.csv --score s100b --score wfns --label outcome --positive Poor --method delong":
        check_auc_two_scores,
    "aucbound auc aSAH.csv --score wfns --label outcome --positive Poor --partial 0.9,1 --correct": check_auc_partial,
    "aucbound auc aSAH_missing.csv --score s100b --label outcome --positive Poor --nan omit": check_auc_missing_rows,
    "cat aSAH.csv | aucbound auc - --score ndka --label outcome --positive Poor --format json":
        check_auc_json_from_stdin,
    # aucbound compare
    "aucbound compare aSAH.csv --score wfns --score s100b --label outcome --positive Poor": check_compare_table,
    "aucbound compare aSAH.csv --score s100b --score ndka --label outcome --positive Poor --format json":
        check_compare_json,
    # aucbound coverage
    "aucbound coverage --scenario binormal --auc 0.8 --m 30 --n 60 --delta 0.05 --trials 10000":
        check_coverage_binormal,
    "aucbound coverage --scenario rating --m 10 --n 10 --method hoeffding-kl --method delong": check_coverage_rating,
    "aucbound coverage --scenario adversarial --m 30 --n 30 --method bootstrap-bca --bootstrap-trials 500":
        check_coverage_adversarial,
    "aucbound coverage --grid --trials 40 --out coverage.csv": check_coverage_grid,
    # aucbound eem, lower-bound
    "aucbound eem --class linear --d 5 --epsilon 0.1 --delta 0.05 --rho 0.25": check_eem_linear,
    "aucbound eem --class finite --size 1000 --epsilon 0.1 --delta 0.05 --rho 1/4": check_eem_finite,
    "aucbound eem --class growth --log-c1 20 --epsilon 0.05": check_eem_growth,
    "aucbound lower-bound --rank-dim 10 --epsilon 0.1 --delta 0.05 --rho 0.5": check_lower_bound_10,
    "aucbound lower-bound --rank-dim 1000 --epsilon 0.01 --m 5000 --n 5000": check_lower_bound_1000,
    # aucbound experiment
    "aucbound experiment fig4": check_fig4_table,
    "aucbound experiment fig4 --trials 10 --seed 0": check_fig4_table,
    "aucbound experiment fig4 --out-csv fig4.csv": check_fig4_out_csv,
    "aucbound experiment fig4 --m 20,80 --n 20,80 --trials 5 --format csv": check_fig4_csv,
    "aucbound experiment rankboost-normal": check_rankboost_normal,
    "aucbound experiment rankboost-normal --rounds 400": check_rankboost_normal,
    "aucbound experiment rankboost-normal --alpha exact --selection best": check_rankboost_exact,
    "aucbound experiment losses --size 300 --rounds 100": check_losses_table,
    "aucbound experiment losses --size 300 --rounds 100 --hinge-step exact": check_losses_table,
    "aucbound experiment losses --size 300 --rounds 100 --out-csv losses.csv": check_losses_out_csv,
    # aucbound freund, uniform
    "aucbound freund --class line --m 5000 --n 5000 --delta 0.01": check_freund_line,
    "aucbound freund --class linear --d 3 --epsilon 0.2 --rho 1/2": check_freund_linear_sizes,
    "aucbound uniform --class linear --d 16 --m 5000 --n 5000 --delta 0.01": check_uniform_linear_16,
    "aucbound uniform --class line --epsilon 0.1 --rho 1/10 --delta 0.01": check_uniform_line_size,
    "aucbound uniform --class growth --log-c1 25.3 --m 10000 --n 2000": check_uniform_growth,
    # aucbound interval, sample-size
    "aucbound interval --m 100 --n 50 --delta 0.05": check_interval_default,
    "aucbound interval --m 100 --n 50 --confidence 0.95 --all": check_interval_all,
    "aucbound interval --m 100 --n 50 --auc 0.83 --method mcdiarmid --method hoeffding-kl": check_interval_around_auc,
    "aucbound interval --m 5000 --n 5000 --delta 0.01 --class-size 1000000": check_interval_class_size,
    "aucbound interval --m 100 --n 50 --tablefmt latex_booktabs": check_interval_latex,
    "aucbound sample-size --epsilon 0.05 --delta 0.01 --rho 0.1": check_sample_size_default,
    "aucbound sample-size --epsilon 0.05 --confidence 0.99 --rho 0.1 --all": check_sample_size_all,
    "aucbound sample-size --epsilon 0.02 --rho 0.3 --auc 0.9 --method hoeffding-kl": check_sample_size_kl,
    "aucbound sample-size --epsilon 0.05 --delta 0.01 --class-size 1000000 --format json": check_sample_size_class_json,
    # aucbound optimal
    "aucbound optimal bayes --pos-mean 0 --neg-mean 0 --pos-sd 1 --neg-sd 2": check_bayes_unequal_sds,
    "aucbound optimal bayes --separation 2": check_bayes_separation,
    "aucbound optimal bayes --pos-mean 1.5 --pos-sd 2 --format json": check_bayes_json,
    "aucbound optimal discrete --pos 0.2,0.3,0.5 --neg 0.5,0.3,0.2": check_discrete_default,
    "aucbound optimal discrete --pos 0.2,0.3,0.5 --neg 0.5,0.3,0.2 --loss hinge --loss exponential":
        check_discrete_hinge_exponential,
    "aucbound optimal discrete --pos 1/3,1/3,1/3 --neg 0.5,0.3,0.2 --loss hinge --loss logistic": check_discrete_ties,
    "aucbound optimal discrete --pos 0.1,0.2,0.3,0.4 --neg 0.4,0.3,0.2,0.1 --loss exponential --format json":
        check_discrete_json,
    "aucbound optimal steps --K 1..11": check_steps_table,
    "aucbound optimal steps --K 1..11 --tablefmt latex_booktabs": check_steps_latex,
    "aucbound optimal steps --K 25 --format json": check_steps_json,
    "aucbound optimal steps --K 1..6 --separation 1": check_steps_separation_1,
    # aucbound plot
    "aucbound plot all --out-dir figures": check_plot_all,
    "aucbound plot fig1 --out fig1.png --data fig1.csv": check_plot_fig1,
    "aucbound plot fig1 --out fig1.png --delta 0.05 --rho 1/2 --rho 1/3 --sizes 20 1e5": check_plot_fig1_options,
    "aucbound plot fig2 --out fig2.svg --rho-range 0.001 0.999": check_plot_fig2,
    "aucbound plot fig3 --out fig3.pdf --delta 0.05 --rho 1/2 --rho 1/4": check_plot_fig3_pdf,
    "aucbound plot fig3 --out fig3.png --rho 1/2 --rho 1/4 --max-size 2e4": check_plot_fig3_png,
    "aucbound plot fig4 --out fig4.png --m 20 --m 80 --n 20 --n 80 --trials 5": check_plot_fig4,
    "aucbound plot hinge-steps --out hinge-steps.png --K 2 --K 5 --separation 1 --x-range -6 6": check_plot_hinge_steps,
    "aucbound plot intervals --out intervals.png --auc 0.75 --rho 1/4 --method mcdiarmid --method hoeffding-kl":
        check_plot_intervals,
    "aucbound plot jump-dynamics --out jumps.png --K 2 --K 4 --separation 1.5": check_plot_jump_dynamics,
    "aucbound plot loss-scores --out losses.png --size 300 --rounds 100": check_plot_loss_scores,
    "aucbound plot psi --out psi.png --sizes 1 200": check_plot_psi,
    "aucbound plot quicksort-calls --out calls.png --sizes 10 1e5 --seeds 10 --top 100": check_plot_quicksort_calls,
    "aucbound plot rankboost-normal --out rankboost.png --rounds 400": check_plot_rankboost,
    "aucbound plot regret --out regret.png --n 50 --noise 0.1 --noise 0.3 --model flip --trials 10": check_plot_regret,
    "aucbound plot roc aSAH.csv --score s100b --label outcome --positive Poor --out roc.png": check_plot_roc,
    "aucbound plot roc aSAH.csv --score wfns --score s100b --label outcome --positive Poor --band none --out both.png":
        check_plot_roc_two,
    "aucbound plot sample-complexity --out sc.png --class finite --size 1000 --rho 1/4": check_plot_sample_complexity,
    "aucbound plot shatter --out shatter.png --sizes 1 20 --trials 3 --seed 7": check_plot_shatter,
    "aucbound plot step-risk --out step-risk.png --K 1 --K 2 --K 4 --K 8 --separation 3": check_plot_step_risk,
    # aucbound power
    "aucbound power --auc 0.73 --ncases 41 --ncontrols 72": check_power_41_72,
    "aucbound power --auc 0.73 --power 0.9 --kappa 1.7": check_power_sizes_0_9,
    "aucbound power --auc 0.73 --power 0.95 --kappa 1.7": check_power_sizes_0_95,
    "aucbound power --auc 0.73 --ncases 41 --ncontrols 72 --power 0.95": check_power_level,
    "aucbound power --ncases 41 --ncontrols 72 --power 0.95": check_power_auc,
    "aucbound power aSAH.csv --score s100b --label outcome --positive Poor --power 0.9": check_power_from_data,
    "aucbound power aSAH.csv --score ndka --score wfns --label outcome --positive Poor --format json":
        check_power_two_curves_json,
    "aucbound power aSAH.csv --score ndka --score wfns --label outcome --positive Poor --power 0.9 --method obuchowski":
        check_power_two_curves_sizes,
    "aucbound power aSAH.csv --score wfns --score ndka --label outcome --positive Poor --null both":
        check_power_null_both,
    # aucbound psi, shatter
    "aucbound psi --m 3 --n 4": check_psi_3_4,
    "aucbound psi --m 1..6 --n 1..6": check_psi_grid,
    "aucbound psi --m 4 --n 4 --bruteforce": check_psi_bruteforce,
    "aucbound psi --m 1000 --n 1000 --log": check_psi_log,
    "aucbound psi --m 1..3 --n 1..3 --format json": check_psi_json,
    "aucbound shatter --class linear --d 2 --m 10 --n 20": check_shatter_linear_2,
    "aucbound shatter --class line --m 100 --n 100 --patterns 200": check_shatter_line,
    "aucbound shatter --class polynomial --d 3 --q 2 --m 50 --n 50": check_shatter_polynomial,
    "aucbound shatter --class finite --size 1000 --m 3 --n 3 --format json": check_shatter_finite_json,
    # aucbound rank, regret, tournaments
    "aucbound rank pairs.csv --method quicksort --seed 3": check_rank_quicksort,
    "aucbound rank pairs.csv --method quicksort --top 2 --format json": check_rank_quicksort_top,
    "printf '0,1,0\\n0,0,1\\n1,0,0\\n' | aucbound rank - --method degree": check_rank_degree_cycle,
    "aucbound regret --n 200 --noise 0.1 --trials 200 --seed 0": check_regret_flip,
    "aucbound regret --model close --noise 0.5 --trials 200": check_regret_close,
    "aucbound regret --model regular --n 51 --trials 100": check_regret_regular,
    "aucbound regret --model cycle --trials 10 --format json": check_regret_cycle,
    "aucbound tournaments --n 3..6": check_tournaments_exhaustive,
    "aucbound tournaments --n 6 --no-feedback --format json": check_tournaments_json,
    "aucbound tournaments --examples --n 3..9": check_tournament_examples,
    "aucbound tournaments --examples --n 5 --epsilon 1/4": check_tournament_example_epsilon,
    # aucbound roc
    "aucbound roc aSAH.csv --score s100b --label outcome --positive Poor": check_roc_table,
    "aucbound roc aSAH.csv --score s100b --label outcome --positive Poor --best youden": check_roc_best,
    "aucbound roc aSAH.csv --score wfns --label outcome --positive Poor --specificity 0.9 --specificity 0.8":
        check_roc_at_specificities,
    "aucbound roc aSAH.csv --score ndka --label outcome --positive Poor --sensitivity 0.9 --confidence 0.9":
        check_roc_at_sensitivity,
    "aucbound roc aSAH.csv --score s100b --label outcome --positive Poor --format csv": check_roc_csv,
    # aucbound power: a null AUC other than 0.5, one-sided alternatives, a non-inferiority margin
    "aucbound power --auc 0.8 --auc0 0.7 --power 0.8 --alternative greater": check_power_null_0_7,
    "aucbound power --auc0 0.7 --ncases 100 --power 0.8 --alternative less": check_power_null_0_7_less,
    "aucbound power aSAH.csv --score s100b --score ndka --label outcome --positive Poor --margin 0.05 --power 0.8":
        check_power_margin,
}


# --- aucbound multiclass ---------------------------------------------------------------------------
# classes.csv is tests/data/multiclass_k3.csv: pROC's multiclass.roc on it is in tests/proc_reference.py;
# the DeLong-type covariance is recomputed by brute force (tests/test_multiclass.py), the one-vs-rest AUCs
# by scikit-learn's two-class roc_auc_score.


def _classes_frame():
    import pandas as pd

    return pd.read_csv(DATA / "multiclass_k3.csv")


def _multiclass_expected(kind, average, columns):
    """(estimate, delong ends) for classes.csv from the definitions, the covariance by brute force."""
    from tests.test_multiclass import brute_covariance, component_weights

    frame = _classes_frame()
    labels = frame["y"].map({"A": 0, "B": 1, "C": 2}).to_numpy()
    scores = frame[columns].to_numpy()
    if scores.ndim == 1:  # one predictor: Â(j|i) in column j for i < j is P(x of class j > x of class i)
        scores = np.column_stack([scores, scores, scores])
    pairs, values, cov = brute_covariance(labels.tolist(), scores.tolist(), [0, 1, 2])
    w = component_weights(kind, average, labels, 3, pairs)
    if len(columns) == 1 and not isinstance(columns, list):
        w = np.array([1 / 3 if (i, j) in ((1, 0), (2, 0), (2, 1)) else 0 for i, j in pairs])
    estimate, half = w @ values, 1.959963984540054 * math.sqrt(w @ cov @ w)
    return estimate, (estimate - half, min(1.0, estimate + half))


def check_multiclass_hand_till(run: Run) -> None:
    """pROC's multiclass.roc on the three columns, and the DeLong-type interval from a brute-force covariance."""
    from proc_reference import PROC_MULTICLASS

    near(sentence(run.stdout, r"estimate = (\S+)")[1], PROC_MULTICLASS[3][0])
    estimate, ends = _multiclass_expected("hand-till", "macro", ["A", "B", "C"])
    near_interval(run.table.row("delong")["interval"], ends)
    assert run.table.row("mcdiarmid")["guarantee"] == "distribution-free"


def check_multiclass_ovr_weighted(run: Run) -> None:
    """Each class against the rest in its column (scikit-learn's two-class AUC), weighted by prevalence."""
    from sklearn.metrics import roc_auc_score

    frame = _classes_frame()
    aucs = {c: roc_auc_score(frame["y"] == c, frame[c]) for c in "ABC"}
    sizes = frame["y"].value_counts()
    near(sentence(run.stdout, r"estimate = (\S+)")[1], sum(aucs[c] * sizes[c] for c in "ABC") / len(frame))
    for c in "ABC":
        near(sentence(run.stdout, rf"\b{c} (\d\.\d+)")[1], aucs[c])
    near_interval(run.table.row("delong")["interval"], _multiclass_expected("ovr", "weighted", ["A", "B", "C"])[1])


def check_multiclass_by_order(run: Run) -> None:
    """--class ties the columns by order: the same M as pROC's, whatever order the columns come in."""
    from proc_reference import PROC_MULTICLASS

    near(sentence(run.stdout, r"estimate = (\S+)")[1], PROC_MULTICLASS[3][0])
    near_interval(run.table.row("delong")["interval"], _multiclass_expected("hand-till", "macro", ["A", "B", "C"])[1])


def check_multiclass_one_predictor(run: Run) -> None:
    """pROC's multiclass.roc(y, x, direction = "<"): each later class's cases above the earlier one's."""
    from proc_reference import PROC_MULTICLASS

    near(sentence(run.stdout, r"estimate = (\S+)")[1], PROC_MULTICLASS[3][1])
    near_interval(run.table.row("delong")["interval"], _multiclass_expected("hand-till", "macro", "x")[1])


def check_multiclass_json(run: Run) -> None:
    """Every digit of pROC's M; the bootstrap rows stratified by class, around it."""
    from proc_reference import PROC_MULTICLASS

    data = run.json
    assert data["parameters"]["estimate"] == pytest.approx(PROC_MULTICLASS[3][0], abs=1e-12)
    rows = {row["method"]: row for row in data["results"]}
    assert list(rows) == ["delong", "mcdiarmid", "bootstrap-percentile", "bootstrap-bca"]
    for row in rows.values():
        assert row["lo"] <= data["parameters"]["estimate"] <= row["hi"]
    _, ends = _multiclass_expected("hand-till", "macro", ["A", "B", "C"])
    # the bootstrap's ends near the DeLong-type interval's (both estimate the same spread)
    assert abs(rows["bootstrap-percentile"]["lo"] - ends[0]) < 0.03


EXPECTED.update({
    "aucbound multiclass classes.csv --label y --score A --score B --score C": check_multiclass_hand_till,
    "aucbound multiclass classes.csv --label y --score A --score B --score C --kind ovr --average weighted":
        check_multiclass_ovr_weighted,
    "aucbound multiclass classes.csv --label y --score C --score A --score B --class C --class A --class B":
        check_multiclass_by_order,
    "aucbound multiclass classes.csv --label y --score x": check_multiclass_one_predictor,
    "aucbound multiclass classes.csv --label y --score A --score B --score C --bootstrap 2000 --format json":
        check_multiclass_json,
})


# --- aucbound pr: scikit-learn, pROC's coords, Boyd et al.'s formulas in mpmath ------------------------


def pr_data(score: str):
    """(labels, scores) of `score` on aSAH, 1 for Poor, in the file's order."""
    pos, neg = asah(score=score)
    return np.array([1] * len(pos) + [0] * len(neg)), np.concatenate((pos, neg))


def check_pr_header(run: Run, labels, scores) -> None:
    """The sizes and the four estimates: scikit-learn's average_precision_score, and the lower trapezoid,
    interpolated median and trapezoid written from Boyd et al.'s definitions (tests/test_precision_recall.py)."""
    from sklearn.metrics import auc as sk_auc, average_precision_score, precision_recall_curve as sk_curve
    from tests.test_precision_recall import naive_interpolated_median, naive_lower_trapezoid

    found = sentence(run.stdout, r"m = (\d+) positives, n = (\d+) negatives, prevalence = (\S+)")
    m, n = int(labels.sum()), int((1 - labels).sum())
    assert (int(found[1]), int(found[2])) == (m, n)
    near(found[3], m / (m + n))
    found = sentence(run.stdout, r"average precision = (\S+), lower trapezoid = (\S+), interpolated median = (\S+), "
                                 r"trapezoid = (\S+)")
    precision, recall, _ = sk_curve(labels, scores)
    near(found[1].rstrip(","), average_precision_score(labels, scores))
    near(found[2].rstrip(","), float(naive_lower_trapezoid(labels.tolist(), scores.tolist())))
    near(found[3].rstrip(","), naive_interpolated_median(labels.tolist(), scores.tolist()))
    near(found[4], sk_auc(recall, precision))


def check_pr_closed_form(run: Run, theta: float, m: int) -> None:
    """The binomial and logit rows: Boyd et al.'s formulas evaluated in mpmath at the estimate."""
    from tests.test_precision_recall import reference_intervals

    for method, expected in reference_intervals(theta, m, 0.05).items():
        near_interval(run.table.row(method)["interval"], (float(expected[0]), float(expected[1])))
        assert run.table.row(method)["guarantee"] == "asymptotic"


def check_pr_s100b(run: Run) -> None:
    """s100b: the estimates, the two intervals, and the bootstrap's percentile interval of scikit-learn's
    AP over the same 2000 stratified resamples (seed 0)."""
    from sklearn.metrics import average_precision_score
    from tests.test_precision_recall import naive_bootstrap

    labels, scores = pr_data("s100b")
    check_pr_header(run, labels, scores)
    check_pr_closed_form(run, average_precision_score(labels, scores), 41)
    near_interval(run.table.row("bootstrap")["interval"], naive_bootstrap(labels, scores, 2000, 0, 0.05))
    assert "bootstrap: 2000 stratified resamples, seed 0" in run.stdout


def check_pr_wfns_lower_trapezoid(run: Run) -> None:
    """wfns, the intervals for the lower trapezoid (in exact fractions); the bootstrap's is for it too."""
    from tests.test_precision_recall import naive_lower_trapezoid

    labels, scores = pr_data("wfns")
    check_pr_header(run, labels, scores)
    check_pr_closed_form(run, float(naive_lower_trapezoid(labels.tolist(), scores.tolist())), 41)
    assert "intervals for the lower trapezoid" in run.stdout and len(run.table.rows) == 3


def check_pr_wfns_curve(run: Run) -> None:
    """wfns's 6 points: pROC's coords precision and recall (its last precision NaN where scikit-learn's and
    ours is 1), thresholds and counts as scikit-learn's."""
    from sklearn.metrics import precision_recall_curve as sk_curve

    from proc_reference import PROC_PR_COORDS

    labels, scores = pr_data("wfns")
    _, _, thresholds = sk_curve(labels, scores)
    rows = run.table.rows
    assert len(rows) == 6 and [row[0] for row in rows] == [number_text(t) for t in thresholds] + ["inf"]
    for row, precision, recall in zip(rows, PROC_PR_COORDS[("wfns", "precision")], PROC_PR_COORDS[("wfns", "recall")]):
        cells = dict(zip(run.table.header, row))
        near(cells["precision"], 1.0 if precision is None else precision)
        near(cells["recall"], recall)
        assert int(cells["tp"]) == round(recall * 41)


def number_text(value: float) -> str:
    return f"{value:g}"


def check_pr_s100b_csv(run: Run) -> None:
    """The curve to the last bit: scikit-learn's precision_recall_curve."""
    from sklearn.metrics import precision_recall_curve as sk_curve

    labels, scores = pr_data("s100b")
    precision, recall, thresholds = sk_curve(labels, scores)
    rows = run.csv()
    assert [float(row["threshold"]) for row in rows] == [*thresholds.tolist(), math.inf]
    assert [float(row["precision"]) for row in rows] == precision.tolist()
    assert [float(row["recall"]) for row in rows] == recall.tolist()


EXPECTED.update({
    "aucbound pr aSAH.csv --score s100b --label outcome --positive Poor": check_pr_s100b,
    "aucbound pr aSAH.csv --score wfns --label outcome --positive Poor --estimator lower-trapezoid":
        check_pr_wfns_lower_trapezoid,
    "aucbound pr aSAH.csv --score wfns --label outcome --positive Poor --curve": check_pr_wfns_curve,
    "aucbound pr aSAH.csv --score s100b --label outcome --positive Poor --curve --format csv": check_pr_s100b_csv,
})


# --- aucbound plot pr ------------------------------------------------------------------------------


def check_plot_pr_series(run: Run, name: str, scores: tuple[str, ...]) -> None:
    """Each curve's points are scikit-learn's precision_recall_curve, its legend the AP and Boyd et al.'s
    logit interval (mpmath), the baseline the prevalence 41/113."""
    from sklearn.metrics import average_precision_score, precision_recall_curve as sk_curve
    from tests.test_precision_recall import reference_intervals

    points = run.series(f"{name}.csv")
    panel = "m = 41 positives, n = 72 negatives"
    assert points[(panel, "baseline: prevalence 0.363")] == [(0.0, 41 / 113), (1.0, 41 / 113)]
    assert len(points) == len(scores) + 1
    for score in scores:
        labels, values = pr_data(score)
        precision, recall, _ = sk_curve(labels, values)
        theta = average_precision_score(labels, values)
        lo, hi = (float(x) for x in reference_intervals(theta, 41, 0.05)["logit"])
        curve = points[(panel, f"{score}: AP {theta:.3g} [{lo:.3g}, {hi:.3g}] (logit 95%)")]
        assert curve == list(zip(recall.tolist(), precision.tolist()))
    run.figure(f"{name}.{'svg' if name == 'both' else 'png'}")


EXPECTED.update({
    "aucbound plot pr aSAH.csv --score s100b --label outcome --positive Poor --out pr.png":
        lambda run: check_plot_pr_series(run, "pr", ("s100b",)),
    "aucbound plot pr aSAH.csv --score wfns --score s100b --label outcome --positive Poor --out both.svg":
        lambda run: check_plot_pr_series(run, "both", ("wfns", "s100b")),
})



# --- compare: one-sided tests, unpaired samples, k curves -------------------------------------------


def check_compare_greater_margin(run: Run) -> None:
    """wfns against s100b, H1: D > -0.05: Z = (D + 0.05)/SE with SE = D/Z of pROC's roc.test, p = Φ(−Z);
    the lower bounds D − z(0.95)·SE and D − √(2·ln(1/δ)/k) (Hoeffding, range 2), upper ends 1."""
    z, _, _, _ = PROC_PAIRED[("wfns", "s100b")]
    difference = mp.mpf(PROC_AUC["wfns"]) - mp.mpf(PROC_AUC["s100b"])
    se = difference / mp.mpf(z)
    shifted = (difference + mp.mpf("0.05")) / se
    assert "H0: D <= -0.05 against H1: D > -0.05" in run.stdout
    found = sentence(run.stdout, r"Z = (\S+), greater p = (\S+)")
    near(found.group(1), shifted)
    near(found.group(2), mp.ncdf(-shifted))
    near_interval(run.table.row("delong")["interval for D"], (difference - mp.sqrt(2) * mp.erfinv(0.9) * se, 1))
    near_interval(run.table.row("hoeffding")["interval for D"], (difference - mp.sqrt(2 * mp.log(20) / 41), 1))


def _check_unpaired_values(values: dict) -> None:
    """pROC's roc.test(u.a, u.b, paired = FALSE) on compare_large.csv's groups (tests/proc_reference.py)."""
    statistic, df, p_value = PROC_UNPAIRED[("large", "two.sided")]
    for key, expected in (("statistic", statistic), ("df", df), ("p_value", p_value)):
        near(values[key], expected)


def _unpaired_hoeffding(difference) -> tuple:
    """D ± √((1/ka + 1/kb)·ln(2/δ)/2), ka = min(72, 308), kb = min(108, 412)."""
    half = mp.sqrt((mp.mpf(1) / 72 + mp.mpf(1) / 108) * mp.log(40) / 2)
    return difference - half, difference + half


def check_compare_group(run: Run) -> None:
    found = sentence(run.stdout, r"T = (\S+), df = (\S+), two-sided p = (\S+)")
    _check_unpaired_values(dict(zip(("statistic", "df", "p_value"), found.groups())))
    assert "'a' in g = x (a) and 'b' in g = z (b)" in run.stdout
    difference = mp.mpf(sentence(run.stdout, r"difference D = a - b = (\S+)").group(1))
    near_interval(run.table.row("hoeffding")["interval for D"], _unpaired_hoeffding(difference))


def check_compare_two_files(run: Run) -> None:
    parameters = run.json["parameters"]
    statistic, df, p_value = PROC_UNPAIRED[("large", "two.sided")]
    assert (parameters["statistic"], parameters["df"], parameters["p_value"]) == pytest.approx(
        (statistic, df, p_value), rel=1e-12)
    rows = {row["method"]: row for row in run.json["results"]}
    ends = _unpaired_hoeffding(mp.mpf(parameters["difference"]))
    assert (rows["hoeffding"]["lo"], rows["hoeffding"]["hi"]) == pytest.approx(tuple(map(float, ends)), abs=1e-12)


def check_compare_curves(run: Run) -> None:
    """DeLong's chi-square of five curves (from pROC's placements in R) and the a − b pair's Z (pROC's roc.test)."""
    found = sentence(run.stdout, r"chi2 = (\S+), df = (\S+), p = (\S+)")
    for printed, expected in zip(found.groups(), PROC_CHISQ[("large", "default")]):
        near(printed, expected)
    near(run.table.row("a - b")["Z"], PROC_PAIRED_ONE_SIDED[("large", "greater")][0])


EXPECTED.update({
    "aucbound compare aSAH.csv --score wfns --score s100b --label outcome --positive Poor --alternative greater "
    "--margin 0.05": check_compare_greater_margin,
    "aucbound compare compare.csv --score a --score b --label y --group g": check_compare_group,
    "aucbound compare x.csv z.csv --score a --score b --label y --format json": check_compare_two_files,
    "aucbound compare compare.csv --score a --score b --score c --score d --score e --label y": check_compare_curves,
})

# --- the tests ---------------------------------------------------------------------------------------


def test_every_command_has_examples():
    lacking = [" ".join(path) for path, text in COMMANDS if not _examples(text)]
    assert not lacking, f"commands without an example in their --help: {lacking}"
    assert len(EXAMPLES) > 50


# --- tables through an engine: aSAH.parquet, the rows of aSAH.csv as Parquet ----------------------------------


def _parquet_input(folder: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    with open(DATA / "asah_markers.csv", newline="") as stream:
        rows = list(csv.DictReader(stream))
    pq.write_table(pa.table({"outcome": [row["outcome"] for row in rows],
                             "wfns": [int(row["wfns"]) for row in rows],
                             "s100b": [float(row["s100b"]) for row in rows],
                             "ndka": [float(row["ndka"]) for row in rows]}), folder / "aSAH.parquet")


def check_auc_parquet(run: Run) -> None:
    """The same rows as aSAH.csv, read by DuckDB: pROC's AUC, variance and DeLong interval, every other
    interval at its formula, and the engine named."""
    assert "AUC of 's100b' against 'outcome' (positive: Poor) in aSAH.parquet" in run.stdout
    assert "engine: duckdb (113 rows sorted by the engine, 50 distinct scores)" in run.stdout
    check_auc_block(run.stdout, run.table, *asah(), procs="s100b")
    assert len(run.table.rows) == 12


def check_auc_sql(run: Run) -> None:
    """The query's rows (wfns above 1) only: the block of those positives and negatives, computed here."""
    with open(DATA / "asah_markers.csv", newline="") as stream:
        rows = [row for row in csv.DictReader(stream) if int(row["wfns"]) > 1]
    pos = np.array([float(row["s100b"]) for row in rows if row["outcome"] == "Poor"])
    neg = np.array([float(row["s100b"]) for row in rows if row["outcome"] == "Good"])
    assert "in the --sql query" in run.stdout and "engine: duckdb" in run.stdout
    check_auc_block(run.stdout, run.table, pos, neg)


def check_compare_parquet(run: Run) -> None:
    """wfns against s100b from aSAH.parquet, DuckDB sorting the rows twice: pROC's roc.test, as from the CSV."""
    assert "engine: duckdb (113 rows sorted by the engine, twice)" in run.stdout
    check_compare_table(run)


def check_auc_binned(run: Run) -> None:
    """20 bins of equal width: the bounds on the AUC from every pair's bins (inside one: 0 and 1), computed
    here; each distribution-free row from its lower end at the lower bound to its upper end at the upper one."""
    pos, neg = asah()
    low, high = min(pos.min(), neg.min()), max(pos.max(), neg.max())
    bin_of = lambda x: np.minimum(np.floor((x - low) / (high - low) * 20), 19)  # noqa: E731
    above = (bin_of(pos)[:, None] > bin_of(neg)[None, :]).mean()
    inside = (bin_of(pos)[:, None] == bin_of(neg)[None, :]).mean()
    found = sentence(run.stdout, r"the AUC lies in \[(\S+), (\S+)\]")
    near(found[1], above)
    near(found[2], above + inside)
    near(sentence(run.stdout, r"estimate = (\S+) from")[1], above + inside / 2)
    assert "engine: duckdb (113 rows counted in 20 bins" in run.stdout
    m, n, k = len(pos), len(neg), min(len(pos), len(neg))
    for auc, end in ((above, 0), (above + inside, 1)):
        references = {"mcdiarmid": clipped(auc, ref.mcdiarmid_epsilon(m, n, 0.05)),
                      "hoeffding": clipped(auc, ref.hoeffding_epsilon(m, n, 0.05)),
                      "hoeffding-kl": ref.kl_interval(auc, k, 0.05, dps=30),
                      "chebyshev-max": ref.score_interval(auc, k, 1 / mp.sqrt(0.05))}
        for key, ends in references.items():
            printed = run.table.row(key)["interval"].strip("[]").split(",")[end]
            near(printed, ends[end])


def check_auc_groups(run: Run) -> None:
    """One row per wfns grade: its m, n and AUC, brute force; D = AUC(group) − AUC(rest) and DeLong's unpaired
    interval for it (Student's t with pROC's df, the variances brute force), the rows of groups with two
    positives and two negatives each side; the others shown as —."""
    from scipy.stats import t as student

    with open(DATA / "asah_markers.csv", newline="") as stream:
        rows = list(csv.DictReader(stream))
    grades = np.array([int(row["wfns"]) for row in rows])
    score = np.array([float(row["s100b"]) for row in rows])
    poor = np.array([row["outcome"] == "Poor" for row in rows])
    printed = {int(row[0]): row for row in run.table.rows}
    assert sorted(printed) == [1, 2, 3, 4, 5]
    for grade, row in printed.items():
        inside = grades == grade
        pos, neg, rest_pos, rest_neg = score[inside & poor], score[inside & ~poor], score[~inside & poor], \
            score[~inside & ~poor]
        assert (int(row[1]), int(row[2])) == (len(pos), len(neg))
        near(row[3], kernel(pos, neg).mean())
        if min(len(pos), len(neg), len(rest_pos), len(rest_neg)) < 2:
            assert row[6] == "—"
            continue
        auc, *_, variance = brute_delong(pos, neg)
        rest_auc, *_, rest_variance = brute_delong(rest_pos, rest_neg)
        near(row[6], auc - rest_auc)
        total = variance + rest_variance
        df = total**2 / (variance**2 / (len(pos) + len(neg) - 1) + rest_variance**2 / (len(rest_pos) + len(rest_neg) - 1))
        half = float(student.isf(0.025, df)) * math.sqrt(total)
        near_interval(row[7], (auc - rest_auc - half, auc - rest_auc + half))


def check_auc_partial_parquet(run: Run) -> None:
    """pROC's auc(r.wfns, partial.auc = c(1, 0.9), partial.auc.correct = TRUE) from the Parquet rows, without
    an interval (no bootstrap through the engine)."""
    row = check_wfns_partial_estimate(run)
    assert row["interval"] == "—" and "engine: duckdb" in run.stdout


EXPECTED.update({
    "aucbound auc aSAH.parquet --score wfns --label outcome --positive Poor --partial 0.9,1 --correct":
        check_auc_partial_parquet,
    "aucbound auc aSAH.parquet --score s100b --label outcome --positive Poor --by wfns": check_auc_groups,
    "aucbound auc aSAH.parquet --score s100b --label outcome --positive Poor --bins 20": check_auc_binned,
    "aucbound auc aSAH.parquet --score s100b --label outcome --positive Poor": check_auc_parquet,
    "aucbound auc --sql \"SELECT * FROM 'aSAH.parquet' WHERE wfns > 1\" --score s100b --label outcome --positive Poor":
        check_auc_sql,
    "aucbound compare aSAH.parquet --score wfns --score s100b --label outcome --positive Poor": check_compare_parquet,
})


def test_every_example_has_a_check():
    missing = [example for example in EXAMPLES if example not in EXPECTED]
    assert not missing, f"examples without an entry in EXPECTED (say what each shows, and check it): {missing}"


def test_every_check_has_an_example():
    stale = [example for example in EXPECTED if example not in EXAMPLES]
    assert not stale, f"entries of EXPECTED whose example is no longer in any --help: {stale}"


@pytest.mark.parametrize("example", EXAMPLES)
def test_help_example_shows_its_values(example, tmp_path):
    if example not in EXPECTED:
        pytest.fail(f"no entry in EXPECTED for {example!r}: say what it shows, and check it")
    _inputs(tmp_path)
    run = run_example(example, tmp_path)
    assert run.stdout
    EXPECTED[example](run)


# --- case weights (--weight) ------------------------------------------------------------------------


def _weighted_input(folder: Path, rows: list[dict]) -> None:
    """weighted.csv: s100b and outcome of aSAH.csv with w = 1 for the Poor, 3 for the Good."""
    (folder / "weighted.csv").write_text("s100b,outcome,w\n" + "".join(
        f"{row['s100b']},{row['outcome']},{1 if row['outcome'] == 'Poor' else 3}\n" for row in rows))


def check_auc_frequency_weights(run: Run) -> None:
    """Frequency weights are the rows repeated: every interval of the 41 Poor and the 72 Good
    repeated 3 times (m = 41, n = 216), at its formula on those rows."""
    pos, neg = asah()
    assert "frequency weights: m and n are the total weights" in run.stdout
    check_auc_block(run.stdout, run.table, pos, np.repeat(neg, 3))
    assert len(run.table.rows) == 12


def check_auc_sampling_weights(run: Run) -> None:
    """Sampling weights equal within each class leave Â and the sandwich variance at DeLong's
    (Σ w²(V − Â)²/W² · m/(m − 1) = S10/m when every w is the same): pROC's s100b values; the
    other rows are left out, with the reason."""
    assert sentence(run.stdout, r"m = (\d+) positives and n = (\d+) negatives").groups() == ("41", "72")
    near(sentence(run.stdout, r"estimate = (\S+)")[1], PROC_AUC["s100b"])
    near(sentence(run.stdout, r"sandwich variance of the weighted AUC = (\S+)")[1], PROC_VARIANCE["s100b"])
    near_interval(run.table.row("delong")["interval"], PROC_DELONG_CI["s100b"])
    assert [row[0] for row in run.table.rows] == ["delong", "delong-logit"]
    assert "left out: mcdiarmid, hoeffding" in run.stdout


def check_roc_best_weighted(run: Run) -> None:
    """Weighing every Good case 3 leaves sensitivity and specificity as they were: pROC's best point
    of s100b (threshold 0.205), with fp the weight 3 × 14 of the Good at or above it."""
    threshold, specificity, sensitivity = PROC_S100B_BEST
    assert "total weights m = 41 (positives), n = 216 (negatives), 51 points" in run.stdout
    cells = run.table.row("0.205")
    near(cells["specificity"], specificity)
    near(cells["sensitivity"], sensitivity)
    assert (cells["tp"], cells["fp"]) == ("26", "42") and len(run.table.rows) == 1


EXPECTED.update({
    "aucbound auc weighted.csv --score s100b --label outcome --positive Poor --weight w --weight-kind frequency":
        check_auc_frequency_weights,
    "aucbound auc weighted.csv --score s100b --label outcome --positive Poor --weight w --weight-kind sampling":
        check_auc_sampling_weights,
    "aucbound roc weighted.csv --score s100b --label outcome --positive Poor --weight w --best youden":
        check_roc_best_weighted,
})


# --- case weights in the paired comparison and on the precision-recall curve ----------------------


def _weighted_pair_input(folder: Path, rows: list[dict]) -> None:
    """weighted_pair.csv: wfns, s100b and outcome of aSAH.csv with w = 1 for the Poor, 3 for the Good."""
    (folder / "weighted_pair.csv").write_text("wfns,s100b,outcome,w\n" + "".join(
        f"{row['wfns']},{row['s100b']},{row['outcome']},{1 if row['outcome'] == 'Poor' else 3}\n" for row in rows))


def check_compare_sampling_weights(run: Run) -> None:
    """Sampling weights equal within each class leave every placement, Â and the sandwich variance of
    D̂ at DeLong's (m/(m − 1)·Σ c²(D10 − D̂)²/(mc)² = S10(D)/m): pROC's roc.test(r.wfns, r.s100b); the
    distribution-free rows are left out, with the reason."""
    assert "m = 41 positives, n = 72 negatives" in run.stdout
    assert "sampling weights (w): m and n are the cases of positive weight" in run.stdout
    check_wfns_s100b_test(run, "sandwich variance")
    assert [row[0] for row in run.table.rows] == ["delong"]
    assert "hoeffding: left out (sampling weights:" in run.stdout
    assert "hoeffding-kl: left out (sampling weights:" in run.stdout


def check_pr_weighted(run: Run) -> None:
    """The weighted average precision is scikit-learn's average_precision_score(…, sample_weight=w)
    (0.5135149088066907, printed by sklearn 1.x on weighted.csv: the 41 Poor weighted 1, the 72 Good
    3); whole weights are frequency weights: m = 41, n = 216, and the binomial interval is
    AP ± z·sqrt(AP(1 − AP)/41)."""
    from sklearn.metrics import average_precision_score

    pos, neg = asah()
    labels = np.r_[np.ones(pos.shape[0]), np.zeros(neg.shape[0])]
    expected = average_precision_score(labels, np.r_[pos, neg], sample_weight=np.r_[np.ones(pos.shape[0]),
                                                                                    np.full(neg.shape[0], 3.0)])
    assert expected == pytest.approx(0.5135149088066907, abs=1e-15)
    assert "total weights m = 41 (positives), n = 216 (negatives)" in run.stdout
    near(sentence(run.stdout, r"average precision = (\S+),")[1], expected)
    half = float(special.ndtri(0.975)) * math.sqrt(expected * (1 - expected) / 41)
    near_interval(run.table.row("binomial")["interval"], (expected - half, expected + half))
    assert [row[0] for row in run.table.rows] == ["binomial", "logit"]


EXPECTED.update({
    "aucbound compare weighted_pair.csv --score wfns --score s100b --label outcome --positive Poor --weight w "
    "--weight-kind sampling": check_compare_sampling_weights,
    "aucbound pr weighted.csv --score s100b --label outcome --positive Poor --weight w --bootstrap 0":
        check_pr_weighted,
})


# --- the multiclass AUC with case weights (--weight) ---------------------------------------------


def _classes_weighted_input(folder: Path) -> None:
    """classes_weighted.csv: classes.csv with a column w = 1, 2, 3, 1, 2, 3, … (row by row)."""
    lines = (DATA / "multiclass_k3.csv").read_text().splitlines()
    (folder / "classes_weighted.csv").write_text(
        lines[0] + ",w\n" + "".join(f"{line},{1 + k % 3}\n" for k, line in enumerate(lines[1:])))


def check_multiclass_frequency_weights(run: Run) -> None:
    """Each class's weighted AUC against the rest (scikit-learn's roc_auc_score(…, sample_weight=w)), averaged
    by the classes' total weights; the DeLong-type interval that of the rows repeated w times (brute force)."""
    from sklearn.metrics import roc_auc_score

    from tests.test_multiclass import brute_covariance, component_weights

    frame = _classes_frame()
    weights = 1 + np.arange(len(frame)) % 3
    scores = frame[["A", "B", "C"]].to_numpy()
    # scikit-learn's multiclass form wants rows summing to 1: its two-class AUCs, averaged by class weight totals
    aucs = [roc_auc_score(frame["y"] == c, scores[:, k], sample_weight=weights) for k, c in enumerate("ABC")]
    totals = [weights[frame["y"] == c].sum() for c in "ABC"]
    near(sentence(run.stdout, r"estimate = (\S+)")[1], np.dot(aucs, totals) / weights.sum())
    for c, auc in zip("ABC", aucs):
        near(sentence(run.stdout, rf"\b{c} (\d\.\d+)")[1], auc)
    rows = np.repeat(np.arange(len(frame)), weights)
    labels = frame["y"].map({"A": 0, "B": 1, "C": 2}).to_numpy()[rows]
    pairs, values, cov = brute_covariance(labels.tolist(), scores[rows].tolist(), [0, 1, 2])
    w = component_weights("ovr", "weighted", labels, 3, pairs)
    estimate, half = w @ values, 1.959963984540054 * math.sqrt(w @ cov @ w)
    near_interval(run.table.row("delong")["interval"], (estimate - half, min(1.0, estimate + half)))
    assert "frequency weights: class sizes are the total weights" in run.stdout
    assert run.table.row("mcdiarmid")["guarantee"] == "distribution-free"


EXPECTED.update({
    "aucbound multiclass classes_weighted.csv --label y --score A --score B --score C --kind ovr --average weighted "
    "--weight w --weight-kind frequency": check_multiclass_frequency_weights,
})


# --- compare --method bootstrap|venkatraman|specificity|sensitivity: pROC's resampled tests -------------

import pandas as pd  # noqa: E402

import aucbound  # noqa: E402
from proc_reference import PROC_OPERATING_POINTS, PROC_RESAMPLED_P, PROC_VENKATRAMAN_E  # noqa: E402


def _within_proc(p: float, resamples: int, session: str, method: str, boot_n: int | None = None, **options) -> None:
    """p within 3 binomial standard errors of pROC's (R's seed 1, tests/proc_reference.py), as
    tests/test_resampled_tests.py compares them."""
    (case,) = [c for c in PROC_RESAMPLED_P if (c.session, c.method, c.options) == (session, method,
                                                                                    tuple(sorted(options.items())))]
    se = math.sqrt(p * (1 - p) / resamples + case.p_value * (1 - case.p_value) / case.boot_n)
    assert abs(p - case.p_value) <= 3 * se, (p, case.p_value, se)


def check_compare_bootstrap(run: Run) -> None:
    """pROC's roc.test(r.a, r.b, method = "bootstrap") on resampled_medium.csv: p within Monte Carlo
    error (2000 resamples here, 10000 in R); the AUCs are scikit-learn's."""
    from sklearn.metrics import roc_auc_score

    frame = pd.read_csv(DATA / "resampled_medium.csv")
    found = sentence(run.stdout, r"AUC a = (\S+), AUC b = (\S+),")
    near(found.group(1), roc_auc_score(frame.y, frame.a))
    near(found.group(2), roc_auc_score(frame.y, frame.b))
    found = sentence(run.stdout, r"Bootstrap test for two correlated ROC curves: D = (\S+), two-sided p = (\S+) "
                                 r"\(2000 stratified resamples, seed 0\)")
    _within_proc(float(found.group(2)), 2000, "resampled_medium", "bootstrap")


def check_compare_venkatraman(run: Run) -> None:
    """Venkatraman's E on the data is pROC's (1320); p within Monte Carlo error of pROC's 0.0022."""
    found = sentence(run.stdout, r"Venkatraman's test for two paired ROC curves: E = (\S+), two-sided p = (\S+) "
                                 r"\(500 permutations, seed 1\)")
    near(found.group(1), PROC_VENKATRAMAN_E["resampled_medium", True])
    _within_proc(float(found.group(2)), 500, "resampled_medium", "venkatraman")


def check_compare_specificity(run: Run) -> None:
    """The sensitivities at specificity 0.8 are pROC's coords; p within Monte Carlo error of pROC's."""
    test = run.json["parameters"]["test"]
    assert (test["estimate_a"], test["estimate_b"]) == pytest.approx(
        PROC_OPERATING_POINTS["resampled_medium", "specificity", 0.8], abs=1e-9)
    assert run.json["parameters"]["p_value"] == test["p_value"] and test["resamples"] == 500
    _within_proc(test["p_value"], 500, "resampled_medium", "specificity", specificity=0.8)


def check_compare_group_partial(run: Run) -> None:
    """The unpaired bootstrap test of McClish-corrected partial AUCs over specificity 0.8–1 is
    aucbound.bootstrap_test's for the same seed (0) on compare_large.csv's groups x and z."""
    frame = pd.read_csv(DATA / "compare_large.csv")
    x, z = frame[frame.g == "x"], frame[frame.g == "z"]
    test = aucbound.bootstrap_test(x.y, x.a, z.b, labels_b=z.y, range=(0.8, 1), correct=True, resamples=500, seed=0)
    found = sentence(run.stdout, r"Bootstrap test for two ROC curves: D = (\S+), two-sided p = (\S+) \(500 "
                                 r"stratified resamples, seed 0\); corrected partial AUC \(specificity 0.8–1\): "
                                 r"a (\S+), b (\S+)")
    for printed, expected in zip(found.groups(), (test.statistic, test.p_value, test.estimate_a, test.estimate_b)):
        near(printed, expected)


EXPECTED.update({
    "aucbound compare resampled.csv --score a --score b --label y --method bootstrap": check_compare_bootstrap,
    "aucbound compare resampled.csv --score a --score b --label y --method venkatraman --bootstrap 500 --seed 1":
        check_compare_venkatraman,
    "aucbound compare resampled.csv --score a --score b --label y --method specificity --specificity 0.8 "
    "--bootstrap 500 --format json": check_compare_specificity,
    "aucbound compare compare.csv --score a --score b --label y --group g --method bootstrap --bootstrap 500 "
    "--partial 0.8,1 --correct": check_compare_group_partial,
})


# --- case weights in the bootstrap ------------------------------------------------------------------------------


def stratified_weighted_aucs(pos, wpos, neg, wneg, resamples: int, seed: int) -> np.ndarray:
    """The weighted AUC of each stratified resample, drawn as aucbound.empirical.map_strata documents its stream:
    64 resamples a block, block b from Generator(PCG64(child b of SeedSequence(seed))), the negatives' n indices
    drawn before the positives' m; each resample's AUC by scikit-learn's roc_auc_score(sample_weight=…)."""
    from sklearn.metrics import roc_auc_score

    m, n = pos.shape[0], neg.shape[0]
    labels, values = np.r_[np.ones(m), np.zeros(n)], []
    for b, child in enumerate(np.random.SeedSequence(seed).spawn(-(-resamples // 64))):
        rng = np.random.Generator(np.random.PCG64(child))
        for _ in range(min(64, resamples - 64 * b)):
            dn = rng.integers(0, n, size=n, dtype=np.uint32)
            dp = rng.integers(0, m, size=m, dtype=np.uint32)
            values.append(roc_auc_score(labels, np.r_[pos[dp], neg[dn]], sample_weight=np.r_[wpos[dp], wneg[dn]]))
    return np.array(values)


def check_auc_sampling_bootstrap(run: Run) -> None:
    """The sampling-weight bootstrap's percentile interval: the 2.5% and 97.5% quantiles of the weighted AUCs of
    500 resamples of the rows within each class (in the file's order), drawn and computed by the loop above;
    the DeLong rows as check_auc_sampling_weights; BCa around the estimate."""
    pos, neg = asah()
    assert "bootstrap: 500 stratified resamples, seed 0 (of the rows within each class, each carrying its weight)" \
        in run.stdout
    values = stratified_weighted_aucs(pos, np.ones(pos.shape[0]), neg, np.full(neg.shape[0], 3.0), 500, 0)
    near_interval(run.table.row("bootstrap-percentile")["interval"], np.quantile(values, [0.025, 0.975]))
    near_interval(run.table.row("delong")["interval"], PROC_DELONG_CI["s100b"])
    lo, hi = interval(run.table.row("bootstrap-bca")["interval"])
    assert lo < PROC_AUC["s100b"] < hi
    assert [row[0] for row in run.table.rows] == ["delong", "delong-logit", "bootstrap-percentile", "bootstrap-bca"]


EXPECTED.update({
    "aucbound auc weighted.csv --score s100b --label outcome --positive Poor --weight w --weight-kind sampling "
    "--bootstrap 500": check_auc_sampling_bootstrap,
})


def _sensitivity_at(pos, neg, specificity: float) -> float:
    """pROC's reading at a specificity from scikit-learn's points: the highest TPR at FPR 1 − specificity
    exactly, else the straight line between the neighbouring points."""
    from sklearn.metrics import roc_curve as sk_roc_curve

    fpr, tpr, _ = sk_roc_curve(np.r_[np.ones(len(pos)), np.zeros(len(neg))], np.r_[pos, neg], drop_intermediate=False)
    exact = fpr == 1 - specificity
    return float(tpr[exact].max() if exact.any() else np.interp(1 - specificity, fpr, tpr))


def check_roc_frequency_weights_band(run: Run) -> None:
    """Frequency weights (Good 3, Poor 1) are the rows repeated: m = 41, n = 216. At specificity 0.9 the reading
    of the repeated rows' curve; DKW's half-widths √(ln(4/δ)/(2k)) and its interval by brute force over the
    curve's points (min TPR at FPR ≥ x − ε₋ less ε₊, max TPR at FPR ≤ x + ε₋ plus ε₊, in [0, 1]); the bootstrap
    interval from 2000 resamples of the sorted repeated classes drawn as map_strata documents (negatives first),
    each read as above."""
    from sklearn.metrics import roc_curve as sk_roc_curve

    pos, neg = asah()
    pos, neg = np.sort(pos), np.sort(np.repeat(neg, 3))
    assert "total weights m = 41 (positives), n = 216 (negatives)" in run.stdout
    eps_pos, eps_neg = (math.sqrt(math.log(4 / 0.05) / (2 * k)) for k in (41, 216))
    near(sentence(run.stdout, r"DKW half-widths (\S+) \(positives\)")[1], eps_pos)
    near(sentence(run.stdout, r"\(positives\), (\S+) \(negatives\); bootstrap")[1], eps_neg)
    row = run.table.row("0.9")
    near(row["sensitivity"], _sensitivity_at(pos, neg, 0.9))
    fpr, tpr, _ = sk_roc_curve(np.r_[np.ones(41), np.zeros(216)], np.r_[pos, neg], drop_intermediate=False)
    x = 1 - 0.9
    lo = max(tpr[fpr >= x - eps_neg - 1e-12].min() - eps_pos, 0.0)
    hi = min(tpr[fpr <= x + eps_neg + 1e-12].max() + eps_pos, 1.0)
    near_interval(row["DKW interval"], (lo, hi))
    readings = []
    for b, child in enumerate(np.random.SeedSequence(0).spawn(-(-2000 // 64))):
        rng = np.random.Generator(np.random.PCG64(child))
        for _ in range(min(64, 2000 - 64 * b)):
            dn = rng.integers(0, 216, size=216, dtype=np.uint32)
            dp = rng.integers(0, 41, size=41, dtype=np.uint32)
            readings.append(_sensitivity_at(pos[dp], neg[dn], 0.9))
    near_interval(row["bootstrap interval"], np.quantile(readings, [0.025, 0.975]))


EXPECTED.update({
    "aucbound roc weighted.csv --score s100b --label outcome --positive Poor --weight w --weight-kind frequency "
    "--specificity 0.9": check_roc_frequency_weights_band,
})


def check_plot_roc_sampling_weights(run: Run) -> None:
    """Sampling weights equal within each class (Good 3, Poor 1): the weighted curve is s100b's own (counted by
    hand), the legend's sandwich DeLong interval pROC's (equal weights give DeLong's variance), and the bootstrap
    band at each drawn FPR the 2.5% and 97.5% quantiles of the readings of 2000 resamples of the rows within each
    class (file order, negatives drawn first, as map_strata documents), each reading the straight line between
    the resampled curve's points from scikit-learn's roc_curve(sample_weight=…) — at the FPRs away from every
    k/72, where a reading is on a vertical step and the rule takes the highest point."""
    from sklearn.metrics import roc_curve as sk_roc_curve

    points = run.series("weighted.csv")
    panel = "sampling weights: W₊ = 41, W₋ = 216 (41 and 72 rows)"
    lo, hi = PROC_DELONG_CI["s100b"]
    check_roc_curve_series(points[(panel, f"s100b: AUC {PROC_AUC['s100b']:.3g} [{lo:.3g}, {hi:.3g}] (DeLong 95%)")],
                           "s100b")
    lower, upper = points[(panel, "s100b: bootstrap band, lower")], points[(panel, "s100b: bootstrap band, upper")]
    grid = np.array([x for x, _ in lower])
    assert len(grid) == 501 and grid.tolist() == [x for x, _ in upper]
    pos, neg = asah()
    labels, readings = np.r_[np.ones(41), np.zeros(72)], []
    for b, child in enumerate(np.random.SeedSequence(0).spawn(-(-2000 // 64))):
        rng = np.random.Generator(np.random.PCG64(child))
        for _ in range(min(64, 2000 - 64 * b)):
            dn = rng.integers(0, 72, size=72, dtype=np.uint32)
            dp = rng.integers(0, 41, size=41, dtype=np.uint32)
            fpr, tpr, _ = sk_roc_curve(labels, np.r_[pos[dp], neg[dn]], sample_weight=np.r_[np.ones(41), np.full(72, 3.0)],
                                       drop_intermediate=False)
            readings.append(np.interp(grid, np.r_[0.0, fpr], np.r_[0.0, tpr]))
    expected = np.quantile(readings, [0.025, 0.975], axis=0)
    away = np.abs(grid * 72 - np.round(grid * 72)) > 1e-6
    assert away.sum() == 496
    assert np.allclose(np.array([y for _, y in lower])[away], expected[0][away], rtol=0, atol=1e-12)
    assert np.allclose(np.array([y for _, y in upper])[away], expected[1][away], rtol=0, atol=1e-12)
    run.figure("weighted.png")


EXPECTED.update({
    "aucbound plot roc weighted.csv --score s100b --label outcome --positive Poor --weight w --weight-kind sampling "
    "--band bootstrap --out weighted.png": check_plot_roc_sampling_weights,
})


# --- ROC bands at exact finite-sample critical values (aucbound roc --band) ---------------------------------------


def _berk_jones_interval_by_hand(fpr, tpr, m, n, c_pos, c_neg, x):
    """The Berk–Jones band at FPR x from its definition: each class's [aᵢ, bᵢ] = {u : k·K(i/k, u) ≤ c} by
    brentq on K itself, then the envelope over the curve's vertices (max b₊(tp) over those whose FPR lower
    limit a₋(fp) is ≤ x; min a₊(tp) over those whose b₋(fp) is ≥ x), in [0, 1]."""
    def limits(k, c):
        lower, upper = np.zeros(k + 1), np.ones(k + 1)
        for i in range(k + 1):
            q = i / k

            def f(u):
                with np.errstate(divide="ignore"):
                    return k * float(special.xlogy(q, q) - special.xlogy(q, u) + special.xlogy(1 - q, 1 - q)
                                     - special.xlogy(1 - q, 1 - u)) - c
            if q > 0 and f(1e-300) > 0:
                lower[i] = optimize.brentq(f, 1e-300, q, xtol=1e-15)
            if q < 1 and f(1 - 1e-16) > 0:
                upper[i] = optimize.brentq(f, q, 1 - 1e-16, xtol=1e-15)
        return lower, upper

    (a_pos, b_pos), (a_neg, b_neg) = limits(m, c_pos), limits(n, c_neg)
    tp, fp = [round(t * m) for t in tpr], [round(f * n) for f in fpr]
    hi = max(b_pos[i] for i, j in zip(tp, fp) if a_neg[j] <= x)
    lo = min(a_pos[i] for i, j in zip(tp, fp) if b_neg[j] >= x)
    return max(lo, 0.0), min(hi, 1.0)


def _berk_jones_tail_by_monte_carlo(k, c, trials=40_000, seed=0):
    """P(R_k > c) from the statistic's definition on `trials` uniform samples, and its standard error."""
    u = np.sort(np.random.default_rng(seed).random((trials, k)), axis=1)
    p = np.arange(k + 1) / k
    ends = (np.concatenate((np.zeros((trials, 1)), u), axis=1), np.concatenate((u, np.ones((trials, 1))), axis=1))
    with np.errstate(divide="ignore"):
        r = k * np.max([special.xlogy(p, p) + special.xlogy(1 - p, 1 - p) - special.xlogy(p, t)
                        - special.xlogy(1 - p, 1 - t) for t in ends], axis=0).max(axis=1)
    share = float(np.mean(r > c))
    return share, math.sqrt(0.025 * 0.975 / trials)


def check_roc_berk_jones(run: Run) -> None:
    """s100b at specificity 0.95 with the Berk–Jones band: the critical values it states hold P(R_k > c) at
    δ/2 = 0.025 by Monte Carlo of the statistic (within 4 standard errors), and its interval is the band
    built by hand from them; pROC's reading."""
    fpr, tpr, m, n = curve_points("s100b")
    check_roc_header(run, "s100b")
    found = sentence(run.stdout, r"Berk-Jones critical values (\S+) \(positives\), (\S+) \(negatives\)")
    c_pos, c_neg = float(found[1]), float(found[2])
    for k, c in ((m, c_pos), (n, c_neg)):
        share, se = _berk_jones_tail_by_monte_carlo(k, c)
        assert abs(share - 0.025) <= 4 * se
    cells = run.table.row("0.95")
    near_interval(cells["Berk-Jones interval"], _berk_jones_interval_by_hand(fpr, tpr, m, n, c_pos, c_neg, 0.05))
    assert "Berk-Jones: distribution-free, simultaneous over every point" in run.stdout


EXPECTED.update({
    "aucbound roc aSAH.csv --score s100b --label outcome --positive Poor --specificity 0.95 --band berk-jones":
        check_roc_berk_jones,
})


# --- confidence sequences for monitoring (aucbound monitor) ------------------------------------------
# The rows are checked against tests/test_monitor.py's reference, written from the definitions: the kernel
# matrix of each prefix of the file, the epochs by hand, Bennett's and the Chernoff–KL bounds by root finding.


def _asah_stream(*names):
    with (DATA / "asah_markers.csv").open(newline="") as stream:
        rows = list(csv.DictReader(stream))
    labels = np.array([row["outcome"] == "Poor" for row in rows])
    return labels, [np.array([float(row[name]) for row in rows]) for name in names]


def _check_monitor_table(run: Run, batch: int, method: str) -> None:
    from tests.test_monitor import reference_rows

    labels, (scores,) = _asah_stream("s100b")
    expected = reference_rows(labels, scores, batch=batch, method=method)
    assert len(run.table.rows) == len(expected) == -(-113 // batch)
    for cells, row in zip(run.table.rows, expected):
        cells = dict(zip(run.table.header, cells))
        assert (int(cells["cases"]), int(cells["m"]), int(cells["n"])) == (row["cases"], row["m"], row["n"])
        near(cells["AUC"], row["estimate"])
        near_interval(cells["sequence (simultaneous)"], (row["lo"], row["hi"]))
        near_interval(cells["DeLong (pointwise)"], (row["delong_lo"], row["delong_hi"]))
    near(run.table.rows[-1][3], PROC_AUC["s100b"])  # the whole file's AUC is pROC's
    assert "AUC of 's100b' against 'outcome' (positive: Poor) in aSAH.csv" in run.stdout


def check_monitor(run: Run) -> None:
    """Six looks of 20 rows; the epochs start at 20 (min(m, n) = 9: epoch 1), 40 (16: epoch 2) and 80 (32: 3)."""
    _check_monitor_table(run, 20, "bernstein")
    assert "epochs starting at 20, 40, 80 cases" in run.stdout


def check_monitor_kl(run: Run) -> None:
    _check_monitor_table(run, 40, "hoeffding-kl")


def check_monitor_paired_csv(run: Run) -> None:
    """The difference AUC(wfns) − AUC(s100b), every digit, against the reference of the difference kernel."""
    from tests.test_monitor import reference_rows

    labels, (wfns, s100b) = _asah_stream("wfns", "s100b")
    rows = run.csv()
    expected = reference_rows(labels, wfns, s100b, batch=40)
    assert len(rows) == len(expected) == 3
    for row, reference in zip(rows, expected):
        for key, value in reference.items():
            assert float(row[key]) == pytest.approx(value, abs=1e-9), key
    assert float(rows[-1]["auc1"]) == pytest.approx(PROC_AUC["wfns"], abs=1e-12)
    assert float(rows[-1]["auc2"]) == pytest.approx(PROC_AUC["s100b"], abs=1e-12)


EXPECTED.update({
    "aucbound monitor aSAH.csv --score s100b --label outcome --positive Poor --batch 20": check_monitor,
    "aucbound monitor aSAH.csv --score s100b --label outcome --positive Poor --batch 40 --method hoeffding-kl":
        check_monitor_kl,
    "aucbound monitor aSAH.csv --score wfns --score s100b --label outcome --positive Poor --batch 40 --format csv":
        check_monitor_paired_csv,
})


def check_plot_monitor(run: Run) -> None:
    """The plotted estimate, sequence and DeLong ends at each of the 12 looks of 10 rows (the first, at 10 rows,
    already has two of each class), every digit, against the reference monitor."""
    from tests.test_monitor import reference_rows

    labels, (scores,) = _asah_stream("s100b")
    expected = reference_rows(labels, scores, batch=10)
    assert all(row["m"] >= 2 and row["n"] >= 2 for row in expected) and len(expected) == 12
    points = run.series("monitor.csv")
    panel = "12 looks, 41 positives and 72 negatives at the last"
    for series, key in (("AUC", "estimate"), ("sequence 95%, lower", "lo"), ("sequence 95%, upper", "hi"),
                        ("DeLong 95%, lower", "delong_lo"), ("DeLong 95%, upper", "delong_hi")):
        drawn = points[(panel, series)]
        assert [x for x, _ in drawn] == [row["cases"] for row in expected]
        assert [y for _, y in drawn] == pytest.approx([row[key] for row in expected], abs=1e-9), series
    run.figure("monitor.png")


EXPECTED.update({
    "aucbound plot monitor aSAH.csv --score s100b --label outcome --positive Poor --batch 10 --out monitor.png":
        check_plot_monitor,
})
