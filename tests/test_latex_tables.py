"""--tablefmt latex* prints tables that pdflatex compiles: pure ASCII, every symbol in LaTeX.

Every command with --tablefmt (found by walking the command group, so a new command is
checked too) runs on a small input in latex and latex_booktabs, and a few in latex_raw and
latex_longtable. Where pdflatex is installed (CI installs it), each format's tables are
compiled in one minimal document.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from aucbound.cli._app import main
from aucbound.cli._render import ascii_text, latex_text

DATA = Path(__file__).resolve().parent / "data"
ASAH = str(DATA / "asah_markers.csv")
CASES = f"{ASAH} --score s100b --label outcome --positive Poor"

#: A small, quick input for each command (one with symbols in its cells where it has them).
SMALL = {
    "auc": f"{CASES} --bootstrap 200",
    "compare": f"{ASAH} --score wfns --score s100b --label outcome --positive Poor",
    "roc": f"{CASES} --specificity 0.9",
    "power": "--auc 0.73 --power 0.9 --kappa 1.7",
    "coverage": "--scenario binormal --m 10 --n 10 --trials 200",
    "eem": "--class linear --d 5 --epsilon 0.1 --delta 0.05 --rho 0.25",
    "experiment fig4": "--m 20 --n 20 --trials 2",
    "experiment losses": "--size 40 --rounds 10",
    "experiment rankboost-normal": "--size 100 --rounds 30",
    "freund": "--class line --m 5000 --n 5000 --delta 0.01",
    "interval": "--m 100 --n 50 --auc 0.83 --p1 0.75 --p2 0.72 --variance 0.0015 --all",
    "lower-bound": "--rank-dim 1000 --epsilon 0.01 --m 5000 --n 5000",
    "optimal bayes": "--pos-mean 0 --neg-mean 0 --pos-sd 1 --neg-sd 2",
    "optimal discrete": "--pos 0.2,0.3,0.5 --neg 0.5,0.3,0.2 --loss hinge --loss exponential",
    "optimal steps": "--K 1..3 --starts 2",
    "psi": "--m 1000 --n 1000 --log",
    "rank": f"{DATA / 'preference_pairs.csv'} --method degree",
    "regret": "--n 10 --trials 20",
    "sample-size": "--epsilon 0.05 --auc 1 --all",
    "shatter": "--class linear --d 2 --m 10 --n 20",
    "tournaments": "--n 3..4",
    "uniform": "--class growth --log-c1 25.3 --m 10000 --n 2000",
    # the multiclass AUC
    "multiclass": f"{DATA / 'multiclass_k3.csv'} --label y --score A --score B --score C --bootstrap 200",
}
SMALL["pr"] = f"{CASES} --bootstrap 200"  # precision–recall
SMALL["monitor"] = f"{CASES} --batch 40"  # confidence sequences for monitoring
#: Commands also run in the two other LaTeX formats.
EVERY_FORMAT = ("interval", "psi", "shatter")


def _tabled(command: click.Command, path: tuple[str, ...], parent):
    """The names (as 'group sub') of the commands below `command` that take --tablefmt."""
    ctx = click.Context(command, info_name=path[-1] if path else "aucbound", parent=parent)
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            yield from _tabled(command.get_command(ctx, name), (*path, name), ctx)
    elif any(param.name == "tablefmt" for param in command.params):
        yield " ".join(path)


def _first_example(name: str) -> str:
    """A new command's first help example, for want of an entry in SMALL."""
    command = main
    for part in name.split():
        command = command.get_command(None, part)
    lines = [line.strip() for line in (command.help or "").splitlines()]
    found = [line for line in lines if line.startswith(f"aucbound {name} ") and "--format" not in line]
    return found[0].removeprefix(f"aucbound {name} ") if found else ""


COMMANDS = list(_tabled(main, (), None))
RUNS = [(name, fmt) for name in COMMANDS for fmt in ("latex", "latex_booktabs")]
RUNS += [(name, fmt) for name in EVERY_FORMAT for fmt in ("latex_raw", "latex_longtable")]


def _run(name: str, tablefmt: str) -> str:
    args = [*name.split(), *shlex.split(SMALL.get(name) or _first_example(name)), "--tablefmt", tablefmt]
    result = CliRunner().invoke(main, args, prog_name="aucbound")
    assert result.exit_code == 0, (args, result.output, result.exception)
    return result.stdout


@pytest.fixture(scope="module")
def outputs():
    return {}


def test_commands_found():
    assert {"interval", "sample-size", "auc", "compare", "optimal steps"} <= set(COMMANDS)


@pytest.mark.parametrize(("name", "tablefmt"), RUNS)
def test_latex_output_is_ascii_latex(name, tablefmt, outputs):
    output = _run(name, tablefmt)
    outputs[name, tablefmt] = output
    bad = sorted({char for char in output if not char.isascii()})
    assert not bad, f"non-ASCII characters {bad} in:\n{output}"
    assert "\\^{}" not in output and "[U+" not in output, output
    environment = "longtable" if tablefmt == "latex_longtable" else "tabular"
    assert f"\\begin{{{environment}}}" in output and f"\\end{{{environment}}}" in output
    for line in output.splitlines():  # text around the table is comments only
        assert not line or line.startswith(("%", "\\", " ")), line


def test_latex_symbols():
    assert latex_text("≈ 2.65614 × 10^95") == "$\\approx$ 2.65614 $\\times$ $10^{95}$"
    assert latex_text("10^-3, −∞, Â") == "$10^{-3}$, $-\\infty$, $\\hat{A}$"
    assert latex_text("3^(m·n), R^16") == "3\\textsuperscript{m$\\cdot$n}, R\\textsuperscript{16}"
    assert latex_text("Hanley & McNeil, §5, 50% of x_1 {a} ~ \\ ^") == (
        "Hanley \\& McNeil, \\S{}5, 50\\% of x\\_1 \\{a\\} \\textasciitilde{} \\textbackslash{} \\textasciicircum{}")
    assert latex_text("a < b > c") == "a $<$ b $>$ c"
    assert ascii_text("estimate Â = 0.83, δ ≤ ½ (§4.1), 1.2 × 10^5 ≈ ∞") == (
        "estimate A-hat = 0.83, delta <= 1/2 (Sec. 4.1), 1.2 x 10^5 ~ inf")


PDFLATEX = shutil.which("pdflatex")


# skipped where pdflatex is missing, except in CI, which installs it and sets AUCBOUND_REQUIRE_PDFLATEX
@pytest.mark.skipif(PDFLATEX is None and not os.environ.get("AUCBOUND_REQUIRE_PDFLATEX"),
                    reason="pdflatex is not installed")
@pytest.mark.parametrize("tablefmt", ["latex", "latex_booktabs", "latex_raw", "latex_longtable"])
def test_pdflatex_compiles(tablefmt, outputs, tmp_path):
    assert PDFLATEX is not None, "AUCBOUND_REQUIRE_PDFLATEX is set but pdflatex is not installed"
    names = [name for name, fmt in RUNS if fmt == tablefmt]
    tables = [outputs.get((name, tablefmt)) or _run(name, tablefmt) for name in names]
    preamble = "\\documentclass{article}\n\\usepackage{booktabs}\n\\usepackage{longtable}\n\\begin{document}\n"

    def compile_(body: str, stem: str) -> subprocess.CompletedProcess:
        (tmp_path / f"{stem}.tex").write_text(preamble + body + "\n\\end{document}\n", encoding="ascii")
        return subprocess.run([PDFLATEX, "-interaction=nonstopmode", "-halt-on-error", f"{stem}.tex"],
                              cwd=tmp_path, capture_output=True, text=True, timeout=120)

    body = "\n".join(f"\\section*{{{name}}}\n{table}" for name, table in zip(names, tables))
    if compile_(body, "all").returncode == 0:
        assert (tmp_path / "all.pdf").stat().st_size > 0
        return
    failed = {}  # name the tables that fail, one document each
    for k, (name, table) in enumerate(zip(names, tables)):
        result = compile_(table, f"table{k}")
        if result.returncode != 0:
            failed[name] = result.stdout[-800:]
    assert not failed, failed
