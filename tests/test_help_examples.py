"""Every example in every command's --help runs as written and exits 0.

The commands are walked from the top group down (subcommands of groups too, so a command
added later is checked without an edit here). Each "Examples:" line that runs aucbound —
alone, or at the end of a shell pipe such as `cat scores.csv | aucbound auc - …` — is run
in a fresh directory holding the files the examples name:

- aSAH.csv: outcome, wfns, s100b, ndka of the 113 patients of tests/data/asah_markers.csv
  (cases: --label outcome --positive Poor);
- scores.csv: columns score (s100b) and y (1 for Poor, else 0);
- scores.tsv: the same without a header, label first (--score 1 --label 0);
- aSAH_missing.csv: tests/data/asah_missing.csv, 29 of those patients with some fields
  empty or NA (for --nan omit);
- pairs.csv: a preference file of pairs (u, v, h) over four items.

Plain commands run in-process with click's runner; a pipe runs in a shell, with `aucbound`
meaning this interpreter's module.
"""

from __future__ import annotations

import csv
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest

from aucbound.cli._app import main

DATA = Path(__file__).resolve().parent / "data"
EXAMPLE = re.compile(r"^(?:[^|]*\|\s*)?aucbound\s")


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


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A directory with the files the examples read."""
    folder = tmp_path_factory.mktemp("examples")
    shutil.copy(DATA / "asah_markers.csv", folder / "aSAH.csv")
    with open(DATA / "asah_markers.csv", newline="") as stream:
        rows = list(csv.DictReader(stream))
    cases = [(row["s100b"], int(row["outcome"] == "Poor")) for row in rows]
    (folder / "scores.csv").write_text("score,y\n" + "".join(f"{score},{y}\n" for score, y in cases))
    (folder / "scores.tsv").write_text("".join(f"{y}\t{score}\n" for score, y in cases))
    shutil.copy(DATA / "preference_pairs.csv", folder / "pairs.csv")
    shutil.copy(DATA / "asah_missing.csv", folder / "aSAH_missing.csv")
    return folder


def test_every_command_has_examples():
    lacking = [" ".join(path) for path, text in COMMANDS if not _examples(text)]
    assert not lacking, f"commands without an example in their --help: {lacking}"
    assert len(EXAMPLES) > 50


@pytest.mark.parametrize("example", EXAMPLES)
def test_help_example_runs(example, folder, monkeypatch):
    monkeypatch.chdir(folder)
    if "|" in example:
        module = f"{shlex.quote(sys.executable)} -m aucbound"
        line = re.sub(r"(^|\|\s*)aucbound\s", lambda match: f"{match[1]}{module} ", example)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(DATA.parent.parent), os.environ.get("PYTHONPATH", "")])}
        result = subprocess.run(["bash", "-o", "pipefail", "-c", line], capture_output=True, text=True, env=env,
                                timeout=120)
        assert result.returncode == 0, result.stderr
        assert result.stdout
        return
    from click.testing import CliRunner

    result = CliRunner().invoke(main, shlex.split(example)[1:], prog_name="aucbound")
    assert result.exit_code == 0, (result.output, result.exception)
    assert result.stdout
