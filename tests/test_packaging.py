"""The distributions: the sdist holds everything its test suite needs, and the wheel built
from it holds the package and its licence, and no tests.

The sdist and the wheel are built as pip would build them (``python -m build``: the sdist,
then the wheel from the unpacked sdist), but without build isolation, with this
environment's setuptools (the test extra requires ``build`` and ``setuptools>=77``), so that
no download is needed. The source tree is copied first, without build products, so the build
neither reads nor leaves anything in it.
"""

import shutil
import subprocess
import sys
import tarfile
import zipfile
from fnmatch import fnmatch
from pathlib import Path

import pytest

from aucbound.empirical._resampling import compiled_loop

ROOT = Path(__file__).resolve().parent.parent
NAME = "aucbound"
#: Build products and environments of a working tree, never part of a distribution.
NOT_SOURCE = (".git", ".venv*", "build", "dist", "*.egg-info", "__pycache__", "*.py[cod]", "*.so", ".hypothesis",
              ".pytest_cache")


def _files(directory: Path):
    """Paths relative to the source tree of the files under `directory`, build products aside."""
    found = set()
    for path in directory.rglob("*"):
        parts = path.relative_to(ROOT).parts
        if path.is_file() and not any(fnmatch(part, pattern) for part in parts for pattern in NOT_SOURCE):
            found.add("/".join(parts))
    return found


@pytest.fixture(scope="module")
def dists(tmp_path_factory):
    """(sdist's member names relative to its top folder, wheel's member names, the wheel's dist-info folder, its
    licence text, its METADATA)."""
    work = tmp_path_factory.mktemp("packaging")
    source, out = work / "source", work / "dist"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_SOURCE))
    command = [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(source)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"{' '.join(command)} failed:\n{run.stdout[-3000:]}\n{run.stderr[-3000:]}"
    (sdist,) = out.glob(f"{NAME}-*.tar.gz")
    (wheel,) = out.glob(f"{NAME}-*.whl")
    with tarfile.open(sdist) as archive:
        top = sdist.name.removesuffix(".tar.gz")
        sdist_names = {name.removeprefix(top + "/") for name in archive.getnames() if name.startswith(top + "/")}
    with zipfile.ZipFile(wheel) as archive:
        wheel_names = set(archive.namelist())
        dist_info = f"{wheel.name.split('-')[0]}-{wheel.name.split('-')[1]}.dist-info"
        license_text = archive.read(f"{dist_info}/licenses/LICENSE").decode() if (
            f"{dist_info}/licenses/LICENSE" in wheel_names) else ""
        metadata = archive.read(f"{dist_info}/METADATA").decode()
    return sdist_names, wheel_names, dist_info, license_text, metadata


def test_the_sdist_holds_what_its_tests_need(dists):
    sdist, *_ = dists
    needed = {
        "pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", ".ci/run",
        "tests/conftest.py", "tests/reference.py", "tests/data/asah_markers.csv",
        "aucbound/empirical/_resample.c",
    }
    assert needed <= sdist, sorted(needed - sdist)
    docs = {f"docs/{path.name}" for path in (ROOT / "docs").glob("*.md")}
    assert docs and docs <= sdist, sorted(docs - sdist)
    # every file of the tests, the docs and the package in the source tree, data included
    tree = _files(ROOT / "tests") | _files(ROOT / "docs") | _files(ROOT / NAME)
    assert tree <= sdist, sorted(tree - sdist)
    built = [name for name in sdist if name.endswith((".so", ".pyd", ".pyc")) or "__pycache__" in name]
    assert not built, built


def test_the_wheel_holds_the_package_and_its_licence(dists):
    _, wheel, dist_info, license_text, _ = dists
    modules = {path for path in _files(ROOT / NAME) if path.endswith(".py")}
    assert modules <= wheel, sorted(modules - wheel)
    assert f"{NAME}/py.typed" in wheel  # PEP 561: type checkers read the package's annotations
    assert f"{dist_info}/licenses/LICENSE" in wheel
    assert license_text.startswith("BSD 3-Clause License") and "The aucbound developers" in license_text
    outside = sorted(name for name in wheel if not name.startswith((f"{NAME}/", f"{dist_info}/")))
    assert not outside, outside  # no tests, docs or data at the top level
    assert not [name for name in wheel if "/tests/" in name or name.rsplit("/", 1)[-1].startswith("test_")]
    assert not [name for name in wheel if name.endswith(".c")]  # the source is in the sdist only


@pytest.mark.skipif(
    compiled_loop() is None,
    reason="the compiled loop is not built here (no C compiler at install, or an unbuilt source tree)",
)
def test_the_wheel_has_the_compiled_loop_where_the_install_has_it(dists):
    _, wheel, *_ = dists
    built = [name for name in wheel if name.startswith(f"{NAME}/empirical/_resample.")]
    assert [name for name in built if name.endswith((".so", ".pyd"))], built


def test_the_metadata_describes_the_package_for_an_index(dists):
    *_, metadata = dists
    fields = [line.split(": ", 1) for line in metadata.split("\n\n", 1)[0].splitlines() if ": " in line]
    classifiers = {value for key, value in fields if key == "Classifier"}
    versions = {f"Programming Language :: Python :: 3.{minor}" for minor in (10, 11, 12, 13)}
    assert versions <= classifiers, sorted(versions - classifiers)
    assert {"Operating System :: OS Independent", "Typing :: Typed", "Environment :: Console",
            "Intended Audience :: Science/Research", "Topic :: Scientific/Engineering :: Information Analysis",
            "Topic :: Scientific/Engineering :: Mathematics"} <= classifiers
    assert ("License-Expression", "BSD-3-Clause") in [tuple(field) for field in fields]  # PEP 639, for the classifier
    keywords = dict(fields)["Keywords"].split(",")
    assert {"AUC", "ROC", "bipartite ranking", "confidence interval"} <= set(keywords)
    assert "threadpoolctl" in {value.split(">")[0] for key, value in fields if key == "Requires-Dist"}


def test_the_license_is_bsd_3_clause():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("BSD 3-Clause License\n\nCopyright (c) 2026, The aucbound developers\n")
    assert "Neither the name of the copyright holder" in text


def _strings(path: Path):
    """(line, text) of every string literal in a Python file (f-strings' literal parts too), comments aside."""
    import io
    import tokenize

    kinds = {tokenize.STRING} | ({tokenize.FSTRING_MIDDLE} if hasattr(tokenize, "FSTRING_MIDDLE") else set())
    with io.open(path, encoding="utf-8") as handle:
        for token in tokenize.generate_tokens(handle.readline):
            if token.type in kinds:
                yield token.start[0], token.string


def test_no_string_in_the_package_points_to_the_docs_folder():
    # the wheel does not ship docs/: a message, help text, docstring or result field must say the thing itself
    found = [f"{path.relative_to(ROOT)}:{line}: {text[:80]}" for path in sorted((ROOT / NAME).rglob("*.py"))
             for line, text in _strings(path) if "docs/" in text]
    assert not found, "\n".join(found)


def test_the_string_check_sees_strings_and_skips_comments(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('# see docs/a.md\nx = "see docs/b.md"  # docs/c.md\ny = f"{x} docs/d.md"\n'
                      'def f():\n    """Read docs/e.md."""\n', encoding="utf-8")
    assert [line for line, text in _strings(sample) if "docs/" in text] == [2, 3, 5]
