"""Imports point one way: cli, plots → experiments → simulate, learn → empirical, reductions, optimal → bounds →
shatter → the neutral modules; and a package's private modules are its own."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "aucbound"

#: The neutral modules at the top of the package: shared numerics, argument checks, display and the result base.
NEUTRAL = {"_validate", "_threads", "_exact", "_normal", "_display", "_result_base", "_files"}

#: What each package may import from the package, besides itself.
ALLOWED = {
    "shatter": NEUTRAL,
    "bounds": {"shatter"} | NEUTRAL,
    "empirical": {"bounds", "shatter"} | NEUTRAL,
    "reductions": NEUTRAL,
    "optimal": NEUTRAL,
    "learn": {"empirical", "bounds", "shatter", "optimal"} | NEUTRAL,
    "simulate": {"empirical", "reductions", "optimal", "bounds", "shatter"} | NEUTRAL,
    "scale": {"empirical", "bounds", "shatter"} | NEUTRAL,
    "experiments": {"simulate", "learn", "empirical", "reductions", "optimal", "bounds", "shatter"} | NEUTRAL,
    "plots": {"experiments", "learn", "simulate", "empirical", "reductions", "optimal", "bounds", "shatter"} | NEUTRAL,
    "cli": {"scale", "plots", "experiments", "learn", "simulate", "empirical", "reductions", "optimal", "bounds", "shatter",
            "results", "__version__"} | NEUTRAL,
    # the facade gathers the result types of every package below the command line and the plots
    "results": {"scale", "experiments", "learn", "simulate", "empirical", "reductions", "optimal", "bounds", "shatter"} | NEUTRAL,
    "_result_base": {"_display"},
    "_files": set(),
    "_threads": set(),
    "_exact": {"_normal"},
    "_normal": set(),
    "_validate": set(),
    "_display": set(),
}

SUBPACKAGES = {path.name for path in PACKAGE.iterdir() if (path / "__init__.py").exists()}
MODULES = sorted(path for path in PACKAGE.rglob("*.py")
                 if path.parent != PACKAGE or path.stem in NEUTRAL | {"results"})


def unit(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else parts[0].removesuffix(".py")


def imports(path: Path):
    """``(module parts below aucbound, imported names)`` for every import of the package in a file,
    relative imports resolved; the names are empty for ``import aucbound.x.y``."""
    package = path.relative_to(PACKAGE).parts[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                parts = list(package[: len(package) - node.level + 1]) + (node.module.split(".") if node.module else [])
            elif node.module and node.module.split(".")[0] == "aucbound":
                parts = node.module.split(".")[1:]
            else:
                continue
            yield parts, [alias.name for alias in node.names]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "aucbound":
                    yield alias.name.split(".")[1:], []


def imported(path: Path) -> set[str]:
    """The aucbound units (subpackages and top-level modules) a file imports."""
    found = set()
    for parts, names in imports(path):
        found.update(parts[:1] if parts else names)  # `from .. import x` imports the units it names
    return found


def private_reaches(path: Path) -> list[str]:
    """The private modules and names of another subpackage that a file imports: ``aucbound.<pkg>._<module>`` and
    ``_<name>`` from ``aucbound.<pkg>`` are for ``<pkg>`` alone."""
    own = unit(path)
    found = []
    for parts, names in imports(path):
        if not parts:
            parts, names = names[:1], []
        if parts[0] not in SUBPACKAGES or parts[0] == own:
            continue
        if any(part.startswith("_") for part in parts[1:]):
            found.append("aucbound." + ".".join(parts))
        else:
            found += [f"aucbound.{'.'.join(parts)}.{name}" for name in names if name.startswith("_")]
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_upward_imports(path):
    own = unit(path)
    upward = imported(path) - ALLOWED[own] - {own}
    assert not upward, f"{path.relative_to(PACKAGE)} imports {sorted(upward)}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_reaching_into_another_packages_private_modules(path):
    assert not private_reaches(path), f"{path.relative_to(PACKAGE)} imports {private_reaches(path)}"


def test_the_checks_see_relative_and_absolute_imports(tmp_path, monkeypatch):
    fake = tmp_path / "aucbound"
    (fake / "cli").mkdir(parents=True)
    (fake / "empirical").mkdir()
    (fake / "empirical" / "__init__.py").write_text("")
    source = fake / "cli" / "auc.py"
    source.write_text("from ..empirical._resampling import MAX_RESAMPLES\nfrom ..empirical import _roc, auc\n"
                      "import aucbound.empirical._delong\nfrom .. import _validate\nfrom ._options import given\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", fake)
    monkeypatch.setattr(__import__(__name__), "SUBPACKAGES", {"cli", "empirical"})
    assert imported(source) == {"empirical", "_validate", "cli"}
    assert private_reaches(source) == ["aucbound.empirical._resampling", "aucbound.empirical._roc",
                                       "aucbound.empirical._delong"]


def test_no_import_cycle_between_modules():
    """No module imports, directly or through others, a module that imports it (inside one package too)."""
    graph = {}
    for path in MODULES:
        name = ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        targets = set()
        for parts, names in imports(path):
            candidates = [parts + [n] for n in names] + [parts]
            for candidate in candidates:
                module = ".".join(candidate)
                if (PACKAGE / Path(*candidate)).with_suffix(".py").exists():
                    targets.add(module)
                    break
        graph[name] = targets - {name}
    state, cycles = {}, []

    def visit(node, stack):
        state[node] = "open"
        for target in graph.get(node, ()):
            if state.get(target) == "open":
                cycles.append(stack[stack.index(target):] + [target])
            elif target not in state:
                visit(target, stack + [target])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert not cycles, cycles


def test_import_aucbound_in_a_fresh_interpreter_has_no_cycle_problem():
    import subprocess
    import sys

    for module in ("aucbound", "aucbound.shatter", "aucbound.bounds", "aucbound.empirical", "aucbound.simulate",
                   "aucbound.reductions", "aucbound.optimal", "aucbound.experiments", "aucbound.cli",
                   "aucbound.plots"):
        subprocess.run([sys.executable, "-c", f"import {module}"], check=True, capture_output=True)
