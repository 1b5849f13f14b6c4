"""``aucbound compare``'s unpaired and k-curve forms, one-sided options, and their errors."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

import aucbound as ab
from aucbound.empirical import compare_curves, compare_unpaired

DATA = Path(__file__).parent / "data"
SMALL = DATA / "compare_small.csv"


@pytest.fixture(scope="module")
def split(tmp_path_factory):
    """compare_small.csv's groups x and z as two files."""
    folder = tmp_path_factory.mktemp("split")
    frame = pd.read_csv(SMALL)
    paths = []
    for group in "xz":
        path = folder / f"{group}.csv"
        frame[frame.g == group].to_csv(path, index=False)
        paths.append(path)
    return paths


def _json(cli, *args):
    result = cli("compare", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_group_and_two_files_are_the_library_s_unpaired_test(cli, split):
    frame = pd.read_csv(SMALL)
    x, z = frame[frame.g == "x"], frame[frame.g == "z"]
    expected = compare_unpaired(x.y, x.a, z.y, z.b, alternative="less", margin=0.1)
    for args in ((SMALL, "--group", "g"), tuple(split)):
        parameters = _json(cli, *args, "--score", "a", "--score", "b", "--label", "y", "--alternative", "less",
                           "--margin", "0.1")["parameters"]
        assert (parameters["statistic"], parameters["df"], parameters["p_value"]) == (
            expected.statistic, expected.df, expected.p_value)
    same = compare_unpaired(x.y, x.c, z.y, z.c)  # one --score: the same column in both samples
    assert _json(cli, SMALL, "--group", "g", "--score", "c", "--label", "y")["parameters"]["p_value"] == same.p_value


def test_three_scores_run_the_chi_square_test(cli):
    frame = pd.read_csv(SMALL)
    out = _json(cli, SMALL, "--score", "a", "--score", "b", "--score", "c", "--label", "y")
    expected = compare_curves(frame.y, ["a", "b", "c"], data=frame)
    assert out["parameters"]["chi2"] == expected.chi2 and out["parameters"]["df"] == 2
    assert [(row["a"], row["b"]) for row in out["results"]] == [("a", "b"), ("a", "c"), ("b", "c")]


def test_equivalence_on_the_command_line(cli):
    frame = pd.read_csv(SMALL)
    out = _json(cli, SMALL, "--score", "a", "--score", "b", "--label", "y", "--alternative", "equivalence",
                "--margin", "0.2", "--method", "chebyshev-max", "--method", "delong")
    expected = ab.compare(frame.y, frame.a, frame.b, alternative="equivalence", margin=0.2,
                          methods=["chebyshev-max", "delong"])
    assert out["parameters"]["p_value"] == expected.p_value
    assert [row["method"] for row in out["results"]] == ["chebyshev-max", "delong"]


@pytest.mark.parametrize("args, text", [
    (("{s}", "{s}", "{s}", "--score", "a", "--label", "y"), "got 3"),
    (("{x}", "{z}", "--group", "g", "--score", "a", "--label", "y"), "--group splits one FILE"),
    (("{s}", "--group", "a", "--score", "a", "--label", "y"), "exactly two samples"),
    (("{s}", "--group", "nope", "--score", "a", "--label", "y"), "--group"),
    (("-", "--group", "g", "--score", "a", "--label", "y"), "standard input"),
    (("{s}", "--score", "a", "--score", "b", "--score", "c", "--label", "y", "--alternative", "less"), "--alternative"),
    (("{s}", "--score", "a", "--score", "b", "--score", "c", "--label", "y", "--method", "delong"), "--method"),
    (("{s}", "--score", "a", "--score", "b", "--label", "y", "--margin", "0.1"), "--margin must be 0"),
    (("{s}", "--score", "a", "--score", "b", "--label", "y", "--alternative", "equivalence"), "above 0"),
    (("{s}", "--score", "a", "--score", "b", "--label", "y", "--alternative", "greater", "--margin", "1"), "[0, 1)"),
    (("{s}", "--score", "a", "--score", "b", "--label", "y", "--alternative", "less", "--delta", "0.6"), "--delta"),
    (("{x}", "{z}", "--score", "a", "--score", "b", "--score", "c", "--label", "y"), "got 3"),
    (("{s}", "--group", "g", "--score", "a", "--label", "y", "--method", "normal-max"), "normal-max"),
    (("{s}", "--group", "y", "--score", "a", "--label", "y"), "sample a (y = 1)"),
])
def test_errors_are_one_line(cli_error, split, args, text):
    paths = {"s": SMALL, "x": split[0], "z": split[1]}
    message = cli_error("compare", *(arg.format(**paths) for arg in args))
    assert text in message
