"""The docs tell the truth: every `$ aucbound …` console block in the README and docs/
prints exactly what it shows, and CI runs exactly the README's test command.

(The `>>>` examples of the same pages are run as doctests; see pyproject.toml.)
"""

import re
import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```console\n(.*?)^```", re.M | re.S)


def console_examples():
    """(page, command, expected stdout) for every aucbound command shown in a console block."""
    for page in PAGES:
        for block in FENCE.findall(page.read_text(encoding="utf-8")):
            for chunk in re.split(r"^(?=\$ )", block, flags=re.M):
                if not chunk.startswith("$ "):
                    continue
                command, _, output = chunk[2:].partition("\n")
                command = command.split("&&")[-1].strip()
                if command.startswith("aucbound "):
                    yield pytest.param(shlex.split(command)[1:], output, id=f"{page.name}: {command}")


@pytest.mark.parametrize(("args", "expected"), list(console_examples()))
def test_console_example(cli, args, expected):
    result = cli(*args)
    assert result.exit_code == 0, result.output
    assert result.stdout == expected


def quick_start():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^(?:\$ )?(pip install .*)$", section, flags=re.M)


def test_quick_start_is_two_commands():
    install_and_run, install_and_test = quick_start()
    assert install_and_run == "pip install . && aucbound interval --m 100 --n 50 --delta 0.05"
    assert install_and_test == "pip install -e '.[test,spark]' && pytest"


def test_ci_runs_exactly_the_readme_test_command():
    _, test_command = quick_start()
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test_command in [line.strip() for line in lines]
