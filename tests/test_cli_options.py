"""Shared command-line options: --confidence beside --delta, --delimiter for text files, and
what the interval and sample-size tables show (best-case rows, zero variance, vacuous rows)."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import click
import pytest

import aucbound as ab
from aucbound.cli._app import main
from aucbound.cli._render import guarantee_text, interval_text
from aucbound.empirical._io import read_columns

DATA = Path(__file__).resolve().parent / "data"
ASAH = DATA / "asah_markers.csv"
CASES = ["--score", "s100b", "--label", "outcome", "--positive", "Poor"]


def leaves(command=main, path=()):
    """(name, command) of every command below the group (subcommands of groups too)."""
    if isinstance(command, click.Group):
        ctx = click.Context(command)
        for name in command.list_commands(ctx):
            yield from leaves(command.get_command(ctx, name), (*path, name))
    else:
        yield " ".join(path), command


def params(command) -> set[str]:
    return {param.name for param in command.params}


# --- --confidence ------------------------------------------------------------------------------


def test_every_delta_option_has_confidence():
    """Every command with --delta (but the plots, whose options mirror the plotting functions) has --confidence."""
    with_delta = {name for name, command in leaves() if "delta" in params(command) and not name.startswith("plot")}
    assert {"interval", "sample-size", "lower-bound", "auc", "compare", "coverage", "eem", "uniform",
            "freund"} <= with_delta
    for name, command in leaves():
        if name in with_delta:
            assert "confidence" in params(command), name


def test_confidence_is_one_minus_delta(cli):
    by_delta = cli("interval", "--m", 100, "--n", 50, "--delta", 0.05, "--format", "json")
    by_confidence = cli("interval", "--m", 100, "--n", 50, "--confidence", 0.95, "--format", "json")
    assert by_confidence.exit_code == 0 and by_confidence.stderr == ""
    assert by_confidence.stdout == by_delta.stdout
    assert json.loads(by_confidence.stdout)["parameters"]["delta"] == 0.05  # as written, not 1 − 0.95 in floats
    table = cli("sample-size", "--epsilon", 0.05, "--confidence", 0.99, "--rho", 0.1).stdout
    assert table.startswith("Test-set sizes for half-width epsilon = 0.05, delta = 0.01 (confidence 99%)")
    data = cli("auc", ASAH, *CASES, "--confidence", 0.9, "--method", "mcdiarmid", "--format", "json").stdout
    assert json.loads(data)["parameters"]["delta"] == pytest.approx(0.1, abs=1e-15)


def test_delta_and_confidence_together_is_an_error(cli_error):
    message = cli_error("interval", "--m", 100, "--n", 50, "--delta", 0.05, "--confidence", 0.95)
    assert "--delta" in message and "--confidence" in message
    assert "drop --delta." in cli_error("coverage", "--grid", "--delta", 0.1)
    assert "drop --confidence." in cli_error("coverage", "--grid", "--confidence", 0.9)
    assert "0<x<1" in cli_error("interval", "--m", 100, "--n", 50, "--confidence", 1)


def test_a_delta_above_one_half_draws_a_warning(cli):
    result = cli("interval", "--m", 100, "--n", 50, "--delta", 0.95)
    assert result.exit_code == 0 and result.stdout
    assert result.stderr == "Warning: --delta 0.95 is a failure probability above 1/2; did you mean --confidence 0.95?\n"
    result = cli("eem", "--class", "linear", "--d", 2, "--epsilon", 0.1, "--confidence", 0.05)
    assert result.exit_code == 0
    assert result.stderr == "Warning: --confidence 0.05 is a confidence below 1/2; did you mean --delta 0.05?\n"
    assert cli("interval", "--m", 100, "--n", 50, "--delta", 0.5).stderr == ""


def test_a_failing_command_says_only_its_error(cli_error):
    """The warning comes once the command has run: a failure keeps its one 'Error: …' line."""
    assert "--score" in cli_error("auc", ASAH, "--score", "nope", "--label", "outcome", "--delta", 0.9)


# --- --delimiter -------------------------------------------------------------------------------


def test_every_command_with_labels_has_delimiter():
    labelled = {name for name, command in leaves() if "label" in params(command)}
    assert {"auc", "compare"} <= labelled
    for name, command in leaves():
        if name in labelled:
            assert "--delimiter" in {opt for param in command.params for opt in getattr(param, "opts", ())}, name


@pytest.fixture
def semicolons(tmp_path):
    path = tmp_path / "asah.csv"
    path.write_text(ASAH.read_text().replace(",", ";"))
    return path


def test_semicolon_file(cli, semicolons, tmp_path):
    for command, scores in (("auc", CASES[:2]), ("compare", ["--score", "wfns", "--score", "s100b"])):
        plain = cli(command, ASAH, *scores, *CASES[2:], "--format", "json")
        split = cli(command, semicolons, *scores, *CASES[2:], "--delimiter", ";", "--format", "json")
        assert split.exit_code == 0, split.output
        assert json.loads(split.stdout)["results"] == json.loads(plain.stdout)["results"]
    bars = tmp_path / "bars.txt"
    bars.write_text(ASAH.read_text().replace(",", "|"))
    assert cli("auc", bars, *CASES, "--delimiter", "|").exit_code == 0


def test_delimiter_names(cli, tmp_path):
    tabs = tmp_path / "tabs.txt"
    tabs.write_text(ASAH.read_text().replace(",", "\t"))
    expected = cli("auc", ASAH, *CASES, "--method", "mcdiarmid").stdout.replace("asah_markers.csv", "tabs.txt")
    for name in ("tab", "\\t", "\t"):
        assert cli("auc", tabs, *CASES, "--method", "mcdiarmid", "--delimiter", name).stdout == expected


def test_a_semicolon_file_read_as_commas_says_which_option(cli_error, semicolons):
    message = cli_error("auc", semicolons, *CASES)
    assert "if ';' splits the fields, give --delimiter ';'" in message


def test_the_delimiter_hint_survives_braces_in_the_file_name(cli_error, tmp_path):
    """The file's name is data beside the hint's {delimiter}: a brace in it, even where the name is cut, is text."""
    path = tmp_path / ("a" * 58 + "{b}.csv")
    path.write_text(ASAH.read_text().replace(",", ";"))
    message = cli_error("auc", path, *CASES)
    assert "aaaa{…" in message and "give --delimiter ';'" in message


def test_decimal_commas_are_refused_with_a_reason(cli_error, tmp_path):
    path = tmp_path / "decimal-commas.csv"
    path.write_text("y;s\n1;0,5\n0;1,5\n")
    message = cli_error("auc", path, "--score", "s", "--label", "y", "--delimiter", ";")
    assert "decimal commas such as 1,5 are not read" in message and "'0,5' on line 2" in message


@pytest.mark.parametrize("bad", [";;", "a", "7", ".", "-", '"', ""])
def test_bad_delimiters(cli_error, semicolons, bad):
    assert "--delimiter must be one character" in cli_error("auc", semicolons, *CASES, "--delimiter", bad)


def test_read_columns_delimiter():
    data = io.BytesIO(b"score;label\n0.9;pos\n0.2;neg\n0.4;pos\n")
    columns = read_columns(data, ["score"], "label", delimiter=";")
    assert columns.scores[0].tolist() == [0.9, 0.2, 0.4] and columns.labels.tolist() == ["pos", "neg", "pos"]
    with pytest.raises(ab.ParameterError, match="`delimiter` must be one character"):
        read_columns(io.BytesIO(b"a,b\n1,2\n"), ["a"], "b", delimiter=",,")
    with pytest.raises(ab.ParameterTypeError):
        read_columns(io.BytesIO(b"a,b\n1,2\n"), ["a"], "b", delimiter=b",")


# --- best-case rows, zero variance, vacuous rows -----------------------------------------------

BEST_CASE = ("chebyshev-min", "normal-min")


@pytest.mark.parametrize("args", [["interval", "--m", 100, "--n", 50], ["sample-size", "--epsilon", 0.05]])
def test_best_case_rows_are_hidden_unless_asked_for(cli, args):
    table = cli(*args).stdout
    assert not any(f"\n{key} " in table for key in BEST_CASE)
    assert ("not shown: chebyshev-min, normal-min (best-case widths, not confidence intervals: "
            "--all or --method shows them)\n") in table
    records = json.loads(cli(*args, "--format", "json").stdout)["results"]
    assert not {record["method"] for record in records} & set(BEST_CASE)
    every = cli(*args, "--all").stdout
    assert all(f"\n{key} " in every for key in BEST_CASE) and "best-case widths" not in every
    named = cli(*args, "--method", "normal-min").stdout
    assert "\nnormal-min " in named and "not shown" not in named


def test_library_tables_keep_every_row():
    assert set(BEST_CASE) <= {row.method for row in ab.interval_table(100, 50, 0.05)}


def test_zero_variance_is_no_plan(cli):
    result = cli("sample-size", "--epsilon", 0.05, "--auc", 1)
    row = next(line for line in result.stdout.splitlines() if line.startswith("hanley-mcneil"))
    assert row.split()[1:3] == ["zero", "variance"] and "—" in row
    assert "zero variance: the plug-in variance at this AUC is 0" in result.stdout
    records = json.loads(cli("sample-size", "--epsilon", 0.05, "--auc", 0, "--p1", 0, "--p2", 0,
                             "--format", "json").stdout)["results"]
    flagged = {record["method"] for record in records if record["zero_variance"]}
    assert flagged == {"chebyshev-lehmann", "normal-lehmann", "hanley-mcneil"}
    plain = cli("sample-size", "--epsilon", 0.05, "--auc", 0.9).stdout
    assert "zero variance" not in plain


def test_a_half_width_that_rounds_to_one_is_vacuous(cli):
    # McDiarmid at m = n = 2: ε = sqrt(ln(2/δ)/2) = 0.99999988 < 1, which the table shows as 1
    result = ab.interval(2, 2, 0.2706707)
    assert result.guarantee == "distribution-free"
    assert result.epsilon == pytest.approx(math.sqrt(math.log(2 / 0.2706707) / 2), rel=1e-15)
    assert 0.9999995 <= result.epsilon < 1
    table = cli("interval", "--m", 2, "--n", 2, "--delta", 0.2706707, "--method", "mcdiarmid").stdout
    assert table.splitlines()[-1].split()[:3] == ["mcdiarmid", "1", "vacuous"]
    table = cli("interval", "--m", 2, "--n", 2, "--delta", 0.2706707, "--method", "mcdiarmid", "--auc", 0.9).stdout
    assert table.splitlines()[-1].split()[:4] == ["mcdiarmid", "1", "vacuous", "vacuous"]


def test_vacuous_labels():
    row = {"guarantee": "asymptotic", "epsilon": 0.4, "lo": 0.0, "hi": 0.9999999}
    assert guarantee_text(row) == "vacuous" and interval_text(row) == "vacuous"  # shown as [0, 1]
    row = {"guarantee": "asymptotic", "epsilon": 0.4, "lo": 0.1, "hi": 0.9}
    assert guarantee_text(row) == "asymptotic" and interval_text(row) == "[0.1, 0.9]"
    difference = {"guarantee": "distribution-free", "epsilon": 1.2, "lo": -0.5, "hi": 1.0}  # D in [−1, 1]
    assert guarantee_text(difference, -1.0) == "distribution-free" and guarantee_text(difference) == "vacuous"
