"""What the commands that read a data file share: the FILE argument, --label and --positive,
reading the columns, the rows of an interval table, and errors that name the option."""

from __future__ import annotations

import contextlib

import click

from .. import _validate
from ._describe import beyond_note, starred
from ._options import option_namer
from ._render import Column, emit, number

#: How the library's parameter names read on these commands' command lines.
OPTION_NAMES = {
    "score": "--score",
    "scores": "--score",
    "scores_a": "the first --score",
    "scores_b": "the second --score",
    "path": "FILE",
    "label": "--label",
    "labels": "--label",
    "pos_label": "--positive",
    "resamples": "--bootstrap",
    "seed": "--seed",
}

file_argument = click.argument("file", type=click.Path(exists=True, dir_okay=False, readable=False, allow_dash=True))

label_option = click.option(
    "--label", required=True, metavar="COL", help="The label column: a header name or 0-based index."
)

positive_option = click.option(
    "--positive",
    metavar="VALUE",
    help="The label of the positive class (needed unless labels are 0/1, -1/1 or true/false).",
)


@contextlib.contextmanager
def data_errors():
    """Library errors about the data → usage errors naming the option (exit 2); unreadable files → exit 1."""
    try:
        yield
    except (_validate.ParameterError, _validate.ParameterTypeError) as error:
        ctx = click.get_current_context()
        raise click.UsageError(error.message(option_namer(ctx, OPTION_NAMES)), ctx) from None
    except OSError as error:
        raise click.ClickException(str(error).strip() or type(error).__name__) from None


def read_data(file, scores, label, positive):
    """(columns, positive label) from FILE, inside :func:`data_errors`."""
    from ..empirical._io import label_value, read_columns

    columns = read_columns(file, list(scores), label)
    pos_label = None if positive is None else label_value(positive, columns.labels)
    return columns, pos_label


def source_line(columns, what: str, positive) -> str:
    """"AUC of 's100b' against 'outcome' (positive: Poor) in aSAH.csv"."""
    shown = "" if positive is None else f" (positive: {positive})"
    return f"{what} against {columns.label_name!r}{shown} in {columns.source}"


def emit_rows(result, interval_column: Column, inputs: dict, title: list[str], output_format: str, tablefmt: str):
    """Write a result's interval rows: method, interval, half-width, guarantee, source.

    JSON and CSV get every field; the JSON parameters are the command's `inputs` and the
    result's other fields (Â, m, n, the variance, …).
    """
    summary = {key: value for key, value in result.as_dict().items() if key != "rows"}
    emit(
        records=[row.as_dict() for row in result.rows],
        columns=[
            Column("method", lambda r: starred(r["method"], r["beyond_paper"])),
            interval_column,
            Column("half-width", lambda r: number(r["epsilon"])),
            Column("guarantee", lambda r: r["guarantee"]),
            Column("source", lambda r: r["source"]),
        ],
        parameters={**inputs, **summary},
        title=title,
        notes=[beyond_note("docs/empirical.md")] if any(row.beyond_paper for row in result.rows) else [],
        output_format=output_format,
        tablefmt=tablefmt,
    )
