"""Imports point one way: cli, plots → experiments → simulate, learn → empirical, reductions, optimal → bounds →
shatter → the neutral modules."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "aucbound"

#: What each package may import from the package, besides itself.
ALLOWED = {
    "shatter": {"_validate", "_exact", "_normal", "results"},
    "bounds": {"shatter", "_validate", "_exact", "_normal", "results"},
    "empirical": {"bounds", "shatter", "_validate", "_exact", "_normal", "results"},
    "reductions": {"_validate", "results"},
    "optimal": {"_validate", "_normal", "results"},
    "learn": {"optimal", "empirical", "bounds", "shatter", "_validate", "_exact", "_normal", "results"},
    "simulate": {"empirical", "reductions", "optimal", "bounds", "shatter", "_validate", "_exact", "_normal",
                 "results"},
    "experiments": {"simulate", "learn", "empirical", "reductions", "optimal", "bounds", "shatter", "_validate", "_exact",
                    "_normal", "results"},
    "plots": {"experiments", "learn", "simulate", "empirical", "reductions", "optimal", "bounds", "shatter", "_validate",
              "_exact", "_normal", "results"},
    "cli": {"plots", "experiments", "learn", "simulate", "empirical", "reductions", "optimal", "bounds", "shatter",
            "_validate", "_exact", "_normal", "results", "__version__"},
    "_exact": {"_normal"},
    "_normal": set(),
    "_validate": set(),
    "_display": set(),
    "results": {"_display"},
}


def imported(path: Path) -> set[str]:
    """The aucbound packages or modules a file imports (relative imports resolved)."""
    package = path.relative_to(PACKAGE).parts
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package[: len(package) - node.level])
                parts = base + (node.module.split(".") if node.module else [])
            elif node.module and node.module.startswith("aucbound"):
                parts = node.module.split(".")[1:]
            else:
                continue
            if not parts:  # `from .. import x`
                parts = [alias.name for alias in node.names]
                found.update(part for part in parts)
                continue
            found.add(parts[0])
        elif isinstance(node, ast.Import):
            found.update(alias.name.split(".")[1] for alias in node.names if alias.name.startswith("aucbound."))
    return found


def unit(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else parts[0].removesuffix(".py")


@pytest.mark.parametrize("path", sorted(p for p in PACKAGE.rglob("*.py") if p.name != "__main__.py" and p.parent != PACKAGE
                                        or p.name in ("_exact.py", "_normal.py", "_validate.py", "_display.py",
                                                      "results.py")),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_upward_imports(path):
    own = unit(path)
    upward = imported(path) - ALLOWED[own] - {own}
    assert not upward, f"{path.relative_to(PACKAGE)} imports {sorted(upward)}"


def test_import_aucbound_in_a_fresh_interpreter_has_no_cycle_problem():
    import subprocess
    import sys

    for module in ("aucbound", "aucbound.shatter", "aucbound.bounds", "aucbound.empirical", "aucbound.simulate",
                   "aucbound.reductions", "aucbound.optimal", "aucbound.experiments", "aucbound.cli",
                   "aucbound.plots"):
        subprocess.run([sys.executable, "-c", f"import {module}"], check=True, capture_output=True)
