"""What the commands that read a data file share: the FILE argument, --label (with
--delimiter and --nan) and --positive, reading the columns, the rows of an interval table,
and errors that name the option.

--delimiter and --nan come with --label, so that every command reading labelled columns has
them; their values wait in the click context until :func:`read_data` reads the file, so the
command itself takes no parameter for them.
"""

from __future__ import annotations

import contextlib
import dataclasses
import warnings

import click

from .. import _validate
from ..empirical import NAN_POLICIES
from ._describe import beyond_note, degenerate_note, starred
from ._options import option_namer, stack
from ._render import Column, emit, guarantee_text, number

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
    "delimiter": "--delimiter",
    _validate.OMIT: "--nan omit",
    "sample_weight": "--weight",
    "weight_kind": "--weight-kind",
}

#: Where --delimiter keeps its value in the click context, for :func:`read_data`.
_DELIMITER = "aucbound.delimiter"
#: Where --nan keeps its value in the click context, for :func:`read_data`.
_NAN_POLICY = "aucbound.nan_policy"
#: Names for delimiters that are awkward to type in a shell.
_DELIMITER_NAMES = {"tab": "\t", "\\t": "\t", "space": " ", "comma": ",", "semicolon": ";"}

file_argument = click.argument("file", type=click.Path(exists=True, dir_okay=False, readable=False, allow_dash=True))


def _keep_delimiter(ctx: click.Context, param, value):
    ctx.meta[_DELIMITER] = _DELIMITER_NAMES.get(value, value)
    return value


delimiter_option = click.option(
    "--delimiter",
    metavar="CHAR",
    expose_value=False,
    callback=_keep_delimiter,
    help="The character that splits the fields of a text FILE, e.g. ';' or tab [default: a tab when the "
         "first line has one, else a comma].",
)


def _keep_nan_policy(ctx: click.Context, param, value):
    ctx.meta[_NAN_POLICY] = value
    return value


nan_option = click.option(
    "--nan",
    "nan_policy",
    type=click.Choice(NAN_POLICIES),
    default="raise",
    show_default=True,
    expose_value=False,
    callback=_keep_nan_policy,
    help="Rows whose label or --score is missing (empty, or NA, N/A, null, None, #N/A and the like, as R, "
         "pandas and spreadsheets write it): raise refuses the first, naming its line; omit drops them all and "
         "says how many, e.g. --nan omit.",
)


def label_options(required: bool = True):
    """--label COL, required or not, with --delimiter and --nan, which every command reading labelled columns has."""
    return stack(
        click.option("--label", required=required, metavar="COL",
                     help="The label column: a header name or 0-based index."),
        delimiter_option,
        nan_option,
    )


label_option = label_options()
#: --label for a command whose FILE is optional (``aucbound power``): needed with FILE only.
optional_label_option = label_options(required=False)

positive_option = click.option(
    "--positive",
    metavar="VALUE",
    help="The label of the positive class (needed unless labels are 0/1, -1/1 or true/false).",
)


#: Where :func:`data_errors` keeps the library's warnings until the command has run.
_WARNINGS = "aucbound.warnings"


@contextlib.contextmanager
def data_errors(rename: dict | None = None):
    """Library errors about the data → usage errors naming the option (exit 2); unreadable files → exit 1.

    The library's warnings about the data (:class:`aucbound.DataWarning`: an AUC below ½,
    rows omitted, …) are kept in the order they came, worded with the options of the
    innermost :func:`data_errors` around them (and its `rename`, e.g. the column a warning
    is about), and written as one 'Warning: …' line each once the outermost has run
    without error — a command that fails says only its 'Error: …' line.
    """
    ctx = click.get_current_context()
    namer = option_namer(ctx, {**OPTION_NAMES, **(rename or {})})
    outermost = _WARNINGS not in ctx.meta
    with contextlib.ExitStack() as stack:
        if outermost:
            records = stack.enter_context(warnings.catch_warnings(record=True))
            warnings.simplefilter("always", _validate.DataWarning)
            ctx.meta[_WARNINGS] = (records, {})  # every warning as it came; the text of each worded so far
            stack.callback(ctx.meta.pop, _WARNINGS)
        records, texts = ctx.meta[_WARNINGS]
        start = len(records)
        try:
            yield
        except (_validate.ParameterError, _validate.ParameterTypeError) as error:
            raise click.UsageError(error.message(namer), ctx) from None
        except OSError as error:
            raise click.ClickException(str(error).strip() or type(error).__name__) from None
        for k in range(start, len(records)):  # those raised inside this level and not inside a nested one
            if k not in texts and isinstance(records[k].message, _validate.DataWarning):
                texts[k] = records[k].message.message(namer)
    if outermost:
        for record in records:  # not ours: on to Python's own handling
            if not isinstance(record.message, _validate.DataWarning):
                warnings.warn_explicit(record.message, record.category, record.filename, record.lineno)
        for text in dict.fromkeys(texts[k] for k in sorted(texts)):
            click.echo(f"Warning: {text}", err=True)


def nan_policy() -> str:
    """What --nan says to do with missing values."""
    return click.get_current_context().meta.get(_NAN_POLICY, "raise")


def read_data(file, scores, label, positive):
    """(columns, positive label) from FILE, inside :func:`data_errors`, split by --delimiter if given, rows
    with a missing value dropped with --nan omit (a 'Warning: omitted …' line says how many)."""
    from ..empirical import label_value, read_columns

    meta = click.get_current_context().meta
    columns = read_columns(file, list(scores), label, delimiter=meta.get(_DELIMITER),
                           nan_policy=meta.get(_NAN_POLICY, "raise"))
    pos_label = None if positive is None else label_value(positive, columns.labels)
    return columns, pos_label


def source_line(columns, what: str, positive) -> str:
    """"AUC of 's100b' against 'outcome' (positive: Poor) in aSAH.csv"."""
    shown = "" if positive is None else f" (positive: {positive})"
    return f"{what} against {columns.label_name!r}{shown} in {columns.source}"


def emit_rows(result, interval_column: Column, inputs: dict, title: list[str], output_format: str, tablefmt: str,
              command: str):
    """Write a result's interval rows: method, interval, half-width, guarantee, source.

    JSON and CSV get every field; the JSON parameters are the command's `inputs` and the
    result's other fields (Â, m, n, the variance, …). A row that says nothing shows its
    guarantee as 'vacuous' (for a difference of AUCs, whose intervals lie in [−1, 1], only
    when it spans all of that).
    """
    summary = {key: value for key, value in result.as_dict().items() if key != "rows"}
    low = -1.0 if "difference" in summary else 0.0
    emit(
        records=[row.as_dict() for row in result.rows],
        columns=[
            Column("method", lambda r: starred(r["method"], r["beyond_paper"])),
            interval_column,
            Column("half-width", lambda r: number(r["epsilon"])),
            Column("guarantee", lambda r: guarantee_text(r, low)),
            Column("source", lambda r: r["source"]),
        ],
        parameters={**inputs, **summary},
        title=title,
        notes=([beyond_note(command)] if any(row.beyond_paper for row in result.rows) else [])
        + degenerate_note(result.rows),
        output_format=output_format,
        tablefmt=tablefmt,
    )


# --- case weights ------------------------------------------------------------------------------

weight_option = click.option(
    "--weight",
    metavar="COL",
    help="A column of case weights (finite, >= 0; a row of weight 0 changes nothing; a missing weight is a "
         "missing row, as --nan says), e.g. --weight w.",
)


def weight_kind_option(help_text: str):
    """--weight-kind: what the weights of --weight mean, where a variance depends on it."""
    from ..empirical import WEIGHT_KINDS

    return click.option("--weight-kind", type=click.Choice(WEIGHT_KINDS), help=help_text)


def read_weighted(file, scores, label, positive, weight):
    """(columns, positive label, weights): :func:`read_data` with the --weight column read beside the
    scores (a row missing any of them is a missing row), then taken out of them; weights None
    without --weight."""
    if weight is None:
        return (*read_data(file, scores, label, positive), None)
    try:
        columns, pos_label = read_data(file, [*scores, weight], label, positive)
    except _validate.ParameterError as error:  # a --weight column that is not there, or not numbers
        text = f"{error.rule} {error.got}"
        if error.parameter in ("score", "scores") and repr(str(weight)) in text and \
                not any(repr(str(score)) in text for score in scores):
            raise _validate.ParameterError("sample_weight", error.rule, error.got, verb=error.verb) from None
        raise
    weights = columns.scores[-1]
    columns = dataclasses.replace(columns, scores=columns.scores[:-1], score_names=columns.score_names[:-1])
    return columns, pos_label, weights
