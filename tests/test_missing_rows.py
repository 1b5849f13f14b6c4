"""Missing values in data files: ``--nan omit`` on the command line, ``nan_policy="omit"`` of
:func:`~aucbound.empirical._io.read_columns`.

A row with a missing label or requested score (an empty field, NA, N/A, NaN, null, None, <NA>,
#N/A; a NaN in a NumPy file) is dropped under omit — and only such a row: a value missing in a
column not asked for keeps its row — with one 'Warning: omitted …' line; under raise (the
default) the first one is one 'Error: …' line naming its line and --nan omit. Infinite scores
are refused under both. The AUCs are checked against pair counting on the hand-filtered rows.
"""

from __future__ import annotations

import csv
import io
import json
import math
import sys

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import aucbound as ab
from aucbound.cli import main
from aucbound.empirical import _io
from aucbound._validate import MissingValueError
from aucbound.empirical._io import Columns, read_columns

#: The missing-value tokens as R, pandas and spreadsheets write them.
TOKENS = ["", "NA", "N/A", "NaN", "null", "None", "<NA>", "#N/A"]
#: The same in other cases and with spaces around: all missing too.
VARIANTS = TOKENS + ["na", "n/a", "nan", "NAN", "NULL", "none", "NONE", "<na>", "#n/a", " NA ", "  ", " null "]

#: Rows of (s, t, u, y): scores s and t, another column u, the label y ('P' positive); None is missing.
TABLE = [
    (0.9, 1.0, 5.0, "P"),
    (0.8, None, 4.0, "P"),
    (None, 3.0, 2.0, "N"),
    (0.4, 2.0, None, "N"),  # missing only in u, which is never asked for: kept
    (0.7, 0.5, 1.0, None),
    (0.3, 0.25, 1.5, "N"),
    (0.6, 4.0, None, "P"),
    (0.2, 1.5, 0.5, "N"),
    (None, None, None, None),
    (0.55, 2.5, 3.5, "P"),
    (0.35, 0.75, 2.5, "N"),
    (0.5, 3.5, 4.5, "N"),
    (0.65, None, 0.1, "N"),
    (0.45, 0.1, 0.2, "P"),
    (0.6, 2.5, 1.0, "N"),  # ties across the classes
]
NAMES = ("s", "t", "u", "y")
SCORE_SETS = [["s"], ["t"], ["s", "t"]]


def pair_auc(scores, labels, positive) -> float:
    """The AUC by counting pairs: a positive above a negative 1, a tie 1/2."""
    pos = [score for score, label in zip(scores, labels) if label == positive]
    neg = [score for score, label in zip(scores, labels) if label != positive]
    wins = sum(1.0 if p > n else 0.5 if p == n else 0.0 for p in pos for n in neg)
    return wins / (len(pos) * len(neg))


def kept(rows, scores):
    """The rows with the label and every requested score present."""
    wanted = [NAMES.index(name) for name in scores] + [3]
    return [row for row in rows if all(row[k] is not None for k in wanted)]


def text(rows, sep=",", tokens=TOKENS) -> bytes:
    """`rows` as delimited text with a header, each missing value written as the next of `tokens`."""
    cycle, lines = iter(tokens * len(rows) * 4), [sep.join(NAMES)]
    for row in rows:
        lines.append(sep.join(next(cycle) if value is None else str(value) for value in row))
    return ("\n".join(lines) + "\n").encode()


def numeric(rows) -> np.ndarray:
    """`rows` as a (rows, 4) float array: labels 1.0 (P) and 0.0 (N), NaN for a missing value."""
    def number(value):
        return math.nan if value is None else 1.0 if value == "P" else 0.0 if value == "N" else float(value)

    return np.array([[number(value) for value in row] for row in rows], dtype=float).reshape(-1, 4)


def npy(rows) -> bytes:
    stream = io.BytesIO()
    np.save(stream, numeric(rows))
    return stream.getvalue()


def npy_struct(rows) -> bytes:
    table = numeric(rows)
    array = np.zeros(len(rows), dtype=[(name, "f8") for name in NAMES])
    for k, name in enumerate(NAMES):
        array[name] = table[:, k]
    stream = io.BytesIO()
    np.save(stream, array)
    return stream.getvalue()


def npz(rows) -> bytes:
    table = numeric(rows)
    stream = io.BytesIO()
    np.savez(stream, **{name: table[:, k] for k, name in enumerate(NAMES)})
    return stream.getvalue()


#: name: (file name or None for stdin, the bytes of `rows`, extra options, whether columns go by index).
FORMATS = {
    "comma": ("d.csv", text, [], False),
    "tab": ("d.tsv", lambda rows: text(rows, "\t"), [], False),
    "semicolon": ("d.txt", lambda rows: text(rows, ";"), ["--delimiter", ";"], False),
    "npy": ("d.npy", npy, [], True),
    "npy-struct": ("d.npy", npy_struct, [], False),
    "npz": ("d.npz", npz, [], False),
    "stdin-text": (None, text, [], False),
    "stdin-npz": (None, npz, [], False),
}


def invoke(args, stdin: bytes | None = None):
    return CliRunner().invoke(main, [str(arg) for arg in args], input=stdin, prog_name="aucbound")


def run(fmt: str, rows, scores, directory, *extra):
    """`aucbound auc` on `rows` written in format `fmt` (to `directory`, or piped to stdin)."""
    name, write, options, by_index = FORMATS[fmt]
    columns = [str(NAMES.index(s)) for s in scores] if by_index else scores
    label = "3" if by_index else "y"
    positive = [] if fmt.startswith(("npy", "npz", "stdin-npz")) else ["--positive", "P"]
    args = [arg for column in columns for arg in ("--score", column)] + ["--label", label, *positive, *options]
    data = write(rows)
    if name is None:
        return invoke(["auc", "-", *args, *extra], stdin=data)
    directory.mkdir(exist_ok=True)
    (directory / name).write_bytes(data)
    return invoke(["auc", directory / name, *args, *extra])


def one_error(result) -> str:
    """The one 'Error: …' line of a run that failed on its input (exit 2, nothing on stdout)."""
    assert result.exit_code == 2, (result.output, result.exception)
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("Error: "), result.stderr
    return result.stderr


def warning_line(omitted: int, rows: int) -> str:
    return f"Warning: omitted {omitted} of {rows} row{'s' * (rows != 1)} with a missing label or score\n"


def omitted_lines(stderr: str) -> list[str]:
    """The 'Warning: omitted …' lines of `stderr`, whose every line must be a warning (an AUC below 1/2 may be
    another)."""
    lines = stderr.splitlines(keepends=True)
    assert all(line.startswith("Warning: ") for line in lines), stderr
    return [line for line in lines if line.startswith("Warning: omitted ")]


# --- omit drops exactly the rows with a missing label or requested score ---------------------------------------


@pytest.mark.parametrize("scores", SCORE_SETS, ids="+".join)
@pytest.mark.parametrize("fmt", list(FORMATS))
def test_omit_drops_exactly_the_rows_missing_a_label_or_a_requested_score(fmt, scores, tmp_path):
    left = kept(TABLE, scores)
    result = run(fmt, TABLE, scores, tmp_path / "all", "--nan", "omit", "--method", "delong", "--format", "json")
    assert result.exit_code == 0, (result.output, result.exception)
    assert omitted_lines(result.stderr) == [warning_line(len(TABLE) - len(left), len(TABLE))]
    parameters = json.loads(result.stdout)["parameters"]
    found = [parameters] if len(scores) == 1 else parameters["per_score"]
    for name, summary in zip(scores, found):
        values = [row[NAMES.index(name)] for row in left]
        assert summary["auc"] == pytest.approx(pair_auc(values, [row[3] for row in left], "P"), abs=1e-15)
        assert summary["m"] + summary["n"] == len(left)
    # the table is what the hand-filtered rows give, read without --nan
    omitted = run(fmt, TABLE, scores, tmp_path / "all", "--nan", "omit")
    filtered = run(fmt, left, scores, tmp_path / "filtered")
    assert filtered.exit_code == 0 and omitted_lines(filtered.stderr) == []
    assert omitted.stdout == filtered.stdout


def test_only_requested_columns_count(tmp_path):
    """u is missing on two rows; asked for, it drops them too."""
    path = tmp_path / "d.csv"
    path.write_bytes(text(TABLE))
    with pytest.warns(ab.RowsOmittedWarning) as caught:
        columns = read_columns(path, ["s"], "y", nan_policy="omit")
    assert (columns.rows, columns.omitted) == (15, 3)
    assert (caught[0].message.omitted, caught[0].message.rows) == (3, 15)
    with pytest.warns(ab.RowsOmittedWarning):
        columns = read_columns(path, ["s", "u"], "y", nan_policy="omit")
    assert (columns.rows, columns.omitted) == (15, 5)
    assert columns.scores[1].tolist() == [row[2] for row in kept(TABLE, ["s", "u"])]


@pytest.mark.parametrize("fmt", ["comma", "tab", "semicolon", "npy", "npy-struct", "npz"])
def test_library_columns_say_how_many_rows(fmt, tmp_path):
    name, write, options, by_index = FORMATS[fmt]
    path = tmp_path / name
    path.write_bytes(write(TABLE))
    scores, label = (["0", "1"], "3") if by_index else (["s", "t"], "y")
    delimiter = options[1] if options else None
    with pytest.warns(ab.RowsOmittedWarning, match=r"^omitted 5 of 15 rows with a missing label or score$"):
        columns = read_columns(path, scores, label, delimiter=delimiter, nan_policy="omit")
    left = kept(TABLE, ["s", "t"])
    assert (columns.rows, columns.omitted) == (15, 5)
    assert [column.tolist() for column in columns.scores] == [[row[0] for row in left], [row[1] for row in left]]
    expected = [row[3] for row in left] if fmt in ("comma", "tab", "semicolon") else \
        [1.0 if row[3] == "P" else 0.0 for row in left]
    assert columns.labels.tolist() == expected


def test_library_stdin(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text(TABLE))))
    with pytest.warns(ab.RowsOmittedWarning):
        columns = read_columns("-", ["t"], "y", nan_policy="omit")
    assert (columns.source, columns.rows, columns.omitted) == ("<stdin>", 15, 4)


def test_without_missing_values_omit_changes_nothing(tmp_path):
    rows = kept(TABLE, ["s", "t", "u"])
    path = tmp_path / "d.csv"
    path.write_bytes(text(rows))
    columns = read_columns(path, ["s"], "y", nan_policy="omit")  # a warning would fail the test
    assert (columns.rows, columns.omitted) == (len(rows), 0)
    plain = invoke(["auc", path, "--score", "s", "--label", "y", "--positive", "P"])
    omit = invoke(["auc", path, "--score", "s", "--label", "y", "--positive", "P", "--nan", "omit"])
    assert omit.exit_code == 0 and omit.stderr == "" and omit.stdout == plain.stdout


# --- every token ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("token", VARIANTS + ['"NA"', '""'], ids=repr)
@pytest.mark.parametrize("where", ["score", "label"])
def test_every_missing_token(token, where, tmp_path):
    """The token on line 3 (a score or a label) is missing: raise names it there, omit drops its row."""
    score, label = (token, "1") if where == "score" else ("0.95", token)
    path = tmp_path / "d.csv"
    path.write_text(f"s,y\n0.1,0\n{score},{label}\n0.9,1\n0.3,0\n0.8,1\n0.85,0\n")
    error = one_error(invoke(["auc", path, "--score", "s", "--label", "y"]))
    assert " on line 3 of d.csv; --nan omit drops such rows.\n" in error
    assert error.startswith(f"Error: --{where} must be ")
    result = invoke(["auc", path, "--score", "s", "--label", "y", "--nan", "omit", "--method", "delong",
                     "--format", "json"])
    assert result.exit_code == 0, result.output
    assert result.stderr == warning_line(1, 6)
    assert json.loads(result.stdout)["parameters"]["auc"] == pytest.approx(pair_auc([0.1, 0.9, 0.3, 0.8, 0.85],
                                                                                    [0, 1, 0, 1, 0], 1))


def test_a_nan_in_another_spelling_is_missing(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("s,y\n0.1,0\n-nan,1\n0.9,1\n0.3,0\n")
    assert "but got '-nan' on line 3 of d.csv; --nan omit" in one_error(invoke(["auc", path, "--score", "s",
                                                                               "--label", "y"]))
    result = invoke(["auc", path, "--score", "s", "--label", "y", "--nan", "omit"])
    assert result.exit_code == 0 and result.stderr == warning_line(1, 4)


# --- infinite scores, errors -----------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["inf", "-inf", "Infinity", "1e400"])
@pytest.mark.parametrize("policy", ["raise", "omit"])
def test_infinite_scores_are_refused_under_both(value, policy, tmp_path):
    path = tmp_path / "d.csv"
    path.write_text(f"s,y\n0.1,0\n,1\n0.9,1\n{value},0\n0.4,NA\n")  # missing values before and after
    error = one_error(invoke(["auc", path, "--score", "s", "--label", "y", "--nan", policy]))
    if policy == "omit":
        assert error == f"Error: --score must be a finite number in every row of column 's', but got {value!r} on " \
                        "line 5 of d.csv.\n"
    else:  # the first bad line is the missing one
        assert error.endswith("but got '' on line 3 of d.csv; --nan omit drops such rows.\n")


def test_an_infinite_score_on_a_row_with_a_missing_label_is_still_refused(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("s,y\n0.1,0\ninf,\n0.9,1\n")
    assert "but got 'inf' on line 3" in one_error(invoke(["auc", path, "--score", "s", "--label", "y", "--nan",
                                                          "omit"]))


@pytest.mark.parametrize("policy", ["raise", "omit"])
def test_infinite_scores_in_numpy_files(policy, tmp_path):
    np.savez(tmp_path / "d.npz", s=np.array([0.1, np.nan, 0.9, np.inf]), y=np.array([0, 1, 1, 0]))
    error = one_error(invoke(["auc", tmp_path / "d.npz", "--score", "s", "--label", "y", "--nan", policy]))
    if policy == "omit":
        assert error == "Error: --score must be a finite number in every row of column 's', but got inf on row 3 " \
                        "(0-based) of d.npz.\n"
    else:
        assert error == "Error: --score must be a finite number in every row of column 's', but got nan on row 1 " \
                        "(0-based) of d.npz; --nan omit drops such rows.\n"


@pytest.mark.parametrize("fmt", list(FORMATS))
def test_raise_is_one_error_naming_the_line_and_the_option(fmt, tmp_path):
    error = one_error(run(fmt, TABLE, ["s", "t"], tmp_path))
    assert error.endswith("; --nan omit drops such rows.\n")
    if fmt.startswith(("npy", "npz", "stdin-npz")):  # the first missing value of the first column, s
        assert "column 's'" in error or "column 'column 0'" in error
        assert "but got nan on row 2 (0-based) of " in error
    else:  # the first missing value on the lines: t of the second row
        assert "but got '' on line 3 of " in error


def test_a_missing_label_is_named(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("s,y\n0.1,0\n0.5,N/A\n0.9,1\n")
    assert one_error(invoke(["auc", path, "--score", "s", "--label", "y"])) == (
        "Error: --label must be a label on every line of column 'y', but got 'N/A' on line 3 of d.csv; "
        "--nan omit drops such rows.\n")
    np.savez(tmp_path / "d.npz", s=np.array([0.1, 0.5, 0.9]), y=np.array([0.0, np.nan, 1.0]))
    assert one_error(invoke(["auc", tmp_path / "d.npz", "--score", "s", "--label", "y"])) == (
        "Error: --label must be a label in every row of column 'y', but got nan on row 1 (0-based) of d.npz; "
        "--nan omit drops such rows.\n")


@pytest.mark.parametrize("content, name", [(b"s,y\n,0\nNA,1\n0.5,\n", "d.csv"), (None, "d.npz")])
def test_every_row_missing_is_one_clear_error(content, name, tmp_path):
    path = tmp_path / name
    if content is None:
        np.savez(path, s=np.array([np.nan, 0.5, np.nan]), y=np.array([0.0, np.nan, 1.0]))
    else:
        path.write_bytes(content)
    error = one_error(invoke(["auc", path, "--score", "s", "--label", "y", "--nan", "omit"]))
    assert error == ("Error: FILE must have a row whose label and scores are all present, but got no rows left after "
                     f"omitting 3 rows with a missing value in {name}.\n")


def test_library_errors_name_the_setting(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("s,y\n0.1,0\nNA,1\n")
    with pytest.raises(MissingValueError, match=r"^`score` must be a finite number in every row of column 's', but "
                       r"got 'NA' on line 3 of d.csv; `nan_policy='omit'` drops such rows\.$"):
        read_columns(path, ["s"], "y")
    with pytest.raises(ValueError, match=r"^`nan_policy` must be one of 'raise', 'omit', but got 'drop'\.$"):
        read_columns(path, ["s"], "y", nan_policy="drop")


def test_columns_built_without_counts():
    columns = Columns("x", ("s",), "y", (np.array([0.1, 0.2]),), np.array([0, 1]))
    assert (columns.rows, columns.omitted) == (2, 0)


# --- reading details -------------------------------------------------------------------------------------------


def test_blocks(tmp_path, monkeypatch):
    """Blocks of 3 rows: missing values in some, a quoted label across lines, a label only on dropped rows."""
    monkeypatch.setattr(_io, "_BLOCK", 3)
    rows = ["0.1,0", "NA,1", "0.2,0", "0.3,1", "0.4,0", "0.5,1", ",junk", "0.6,0", '0.7,"1"', 'NaN,"x\ny"', "0.8,NA",
            "0.9,1", "", "1.0,0"]
    path = tmp_path / "d.csv"
    path.write_text("s,y\n" + "\n".join(rows) + "\n")
    with pytest.warns(ab.RowsOmittedWarning, match="omitted 4 of 13 rows"):
        columns = read_columns(path, ["s"], "y", nan_policy="omit")
    assert columns.scores[0].tolist() == [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.9, 1.0]
    assert columns.labels.tolist() == [0, 0, 1, 0, 1, 0, 1, 1, 0]
    assert columns.labels.dtype == np.int64  # 'junk' and 'x\ny' were only on dropped rows
    path.write_text("s,y\n" + "\n".join(rows) + "\ninf,0\n")
    with pytest.raises(ValueError, match=r"but got 'inf' on line 17 of d.csv\.$"):
        read_columns(path, ["s"], "y", nan_policy="omit")
    path.write_text("s,y\n" + "\n".join(rows) + "\nabc,0\n")
    with pytest.raises(ValueError, match=r"but got 'abc' on line 17 of d.csv\.$"):
        read_columns(path, ["s"], "y", nan_policy="omit")


def test_exact_integers_beyond_float_with_omitted_rows(tmp_path):
    big = 2**60
    path = tmp_path / "d.csv"
    path.write_text(f"s,t,y\n{big + 1},1,1\nNA,2,0\n{big + 3},NA,0\n{big + 5},4,\n{big + 7},5,0\n{big + 9},6,1\n")
    with pytest.warns(ab.RowsOmittedWarning):
        columns = read_columns(path, ["s"], "y", nan_policy="omit")
    assert columns.scores[0].tolist() == [big + 1, big + 3, big + 7, big + 9]
    with pytest.warns(ab.RowsOmittedWarning):
        columns = read_columns(path, ["s", "t"], "y", nan_policy="omit")
    assert columns.scores[0].tolist() == [big + 1, big + 7, big + 9] and columns.scores[0].dtype == np.int64


def test_a_headerless_first_row_with_a_missing_score_is_data(tmp_path):
    """Without a header, a first row whose score is missing is a row, not a header naming column '1'."""
    path = tmp_path / "d.tsv"
    path.write_text("1\tNA\n0\t0.3\n1\t0.8\n0\t0.1\n")
    assert "but got 'NA' on line 1 of d.tsv; --nan omit" in one_error(
        invoke(["auc", path, "--score", "1", "--label", "0"]))
    with pytest.warns(ab.RowsOmittedWarning, match="omitted 1 of 4 rows"):
        columns = read_columns(path, ["1"], "0", nan_policy="omit")
    assert columns.scores[0].tolist() == [0.3, 0.8, 0.1] and columns.labels.tolist() == [0, 1, 0]


# --- every data command --------------------------------------------------------------------------------------


def _leaves(command=main, path=()):
    import click

    if isinstance(command, click.Group):
        ctx = click.Context(command)
        for name in command.list_commands(ctx):
            yield from _leaves(command.get_command(ctx, name), (*path, name))
    else:
        yield " ".join(path), command


def test_every_command_with_a_label_has_nan_and_delimiter():
    with_label = {name: command for name, command in _leaves() if any(p.name == "label" for p in command.params)}
    assert {"auc", "roc", "compare", "power", "plot roc"} <= set(with_label)
    for name, command in with_label.items():
        nan = next((p for p in command.params if p.name == "nan_policy"), None)
        assert nan is not None and nan.opts == ["--nan"] and nan.default == "raise" and nan.show_default, name
        assert any(p.name == "delimiter" for p in command.params), name


def test_power_label_is_optional_by_construction():
    label = {name: next(p for p in command.params if p.name == "label") for name, command in _leaves()
             if any(p.name == "label" for p in command.params)}
    assert label["power"].required is False
    assert all(param.required for name, param in label.items() if name != "power")
    result = invoke(["power", "--auc", "0.73", "--ncases", "41", "--ncontrols", "72"])
    assert result.exit_code == 0 and result.stderr == ""


@pytest.mark.parametrize("command", [
    ["roc", "{path}", "--score", "s"],
    ["roc", "{path}", "--score", "s", "--specificity", "0.8", "--bootstrap", "50"],
    ["compare", "{path}", "--score", "s", "--score", "t"],
    ["power", "{path}", "--score", "s"],
    ["power", "{path}", "--score", "s", "--score", "t", "--power", "0.8"],
    ["plot", "roc", "{path}", "--score", "s", "--band", "none", "--out", "{out}"],
])
def test_other_commands_omit_too(command, tmp_path):
    path, out = tmp_path / "d.csv", tmp_path / "roc.svg"
    path.write_bytes(text(TABLE))
    args = [str(arg).format(path=path, out=out) for arg in command] + ["--label", "y", "--positive", "P"]
    error = one_error(invoke(args))
    assert error.endswith("; --nan omit drops such rows.\n")
    result = invoke([*args, "--nan", "omit"])
    assert result.exit_code == 0, (result.output, result.exception)
    assert result.stdout
    scores = [args[k + 1] for k, arg in enumerate(args) if arg == "--score"]
    assert omitted_lines(result.stderr) == [warning_line(len(TABLE) - len(kept(TABLE, scores)), len(TABLE))]


def test_help_shows_nan():
    result = invoke(["auc", "--help"])
    assert "--nan [raise|omit]" in result.stdout and "[default: raise]" in result.stdout
    assert "--nan omit" in result.stdout


# --- fuzz --------------------------------------------------------------------------------------------------------


MISSING_TEXT = st.sampled_from(VARIANTS)
NUMBER_TEXT = st.one_of(st.floats(-10, 10).map(lambda x: f"{x:.3g}"), st.integers(-3, 3).map(str))
BAD_TEXT = st.sampled_from(["inf", "abc", "1e400"])


@st.composite
def score_text(draw) -> str:
    """A number mostly, else a missing value, rarely a bad one."""
    kind = draw(st.sampled_from([NUMBER_TEXT] * 14 + [MISSING_TEXT] * 5 + [BAD_TEXT]))
    return draw(kind)


@st.composite
def label_text(draw) -> str:
    """0 or 1 mostly, else a missing value."""
    return draw(draw(st.sampled_from([st.sampled_from(["0", "1"])] * 3 + [MISSING_TEXT])))


def _missing(value: str) -> bool:
    """Missing as this test defines it, apart from the reader's own list."""
    return value.strip().lower() in {token.lower() for token in TOKENS}


@st.composite
def csv_file(draw):
    """(bytes, delimiter option, rows of (score text, label text)) of a small CSV or TSV with missing values."""
    sep = draw(st.sampled_from([",", "\t", ";"]))
    rows = draw(st.lists(st.tuples(score_text(), label_text(), st.one_of(NUMBER_TEXT, MISSING_TEXT)), max_size=12))
    lines = [sep.join(["s", "y", "other"])] + [sep.join(row) for row in rows]
    options = ["--delimiter", sep] if sep == ";" else []
    return ("\n".join(lines) + "\n").encode(), options, [(score, label) for score, label, _ in rows]


@settings(max_examples=50, deadline=None)
@given(csv_file())
def test_fuzz_omit(case):
    """--nan omit on random small files: the right AUC and count, or one Error line; never a traceback."""
    data, options, rows = case
    result = invoke(["auc", "-", "--score", "s", "--label", "y", "--nan", "omit", "--method", "delong", "--format",
                     "json", *options], stdin=data)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    if any(not _missing(score) and not _finite(score) for score, _ in rows):  # 'abc', inf: refused
        one_error(result)
        return
    left = [(float(score), int(label)) for score, label in rows if not _missing(score) and not _missing(label)]
    if len({label for _, label in left}) < 2:
        error = one_error(result)
        if rows and not left:
            assert "no rows left after omitting" in error
        return
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["parameters"]["auc"] == pytest.approx(
        pair_auc([s for s, _ in left], [y for _, y in left], 1), abs=1e-12)
    assert omitted_lines(result.stderr) == ([warning_line(len(rows) - len(left), len(rows))] if len(left) < len(rows)
                                            else [])


def _finite(text: str) -> bool:
    try:
        return math.isfinite(float(text))
    except ValueError:
        return False


def test_docs_file_matches_its_readme():
    """tests/data/asah_missing.csv: every fourth aSAH patient, six fields made missing."""
    from pathlib import Path

    data = Path(__file__).parent / "data"
    with open(data / "asah_markers.csv", newline="") as stream:
        full = list(csv.reader(stream))
    with open(data / "asah_missing.csv", newline="") as stream:
        part = list(csv.reader(stream))
    assert part[0] == full[0] and len(part) == 30
    changed = [(k, name) for k, (row, original) in enumerate(zip(part[1:], full[1::4])) for name, a, b
               in zip(full[0], row, original) if a != b]
    assert len(changed) == 6 and all(_missing(part[k + 1][full[0].index(name)]) for k, name in changed)
