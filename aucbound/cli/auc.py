"""``aucbound auc``: every confidence interval for the AUC of a column of scores in a data file.

Also the pieces ``aucbound compare`` shares: the FILE argument, --label and --positive,
reading the columns, and turning data errors into one-line messages naming the option.
"""

from __future__ import annotations

import contextlib
import re

import click

from .. import _validate
from ..empirical.intervals import EMPIRICAL_METHODS
from . import _describe
from .interval import _shown_interval
from ._options import delta_option, method_option, output_options
from ._render import Column, emit, number

BEYOND_NOTE = "* beyond the paper (Agarwal et al. 2005): see docs/empirical.md"

#: How the library's parameter names read on these commands' command lines.
_OPTION_NAMES = {
    "score": "--score",
    "scores": "--score",
    "scores_a": "--score",
    "scores_b": "--score",
    "label": "--label",
    "labels": "--label",
    "pos_label": "--positive",
    "resamples": "--bootstrap",
    "seed": "--seed",
}

file_argument = click.argument(
    "file", type=click.Path(exists=True, dir_okay=False, readable=False, allow_dash=True)
)

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
        message = re.sub(r"`([a-z0-9_]+)`", lambda match: _OPTION_NAMES.get(match.group(1), match.group(0)), str(error))
        raise click.UsageError(message, click.get_current_context()) from None
    except OSError as error:
        raise click.ClickException(str(error)) from None


def read_data(file, scores, label, positive):
    """(columns, positive label) from FILE, inside :func:`data_errors`."""
    from ..empirical.io import label_value, read_columns

    columns = read_columns(file, list(scores), label)
    pos_label = None if positive is None else label_value(positive, columns.labels)
    return columns, pos_label


def source_line(columns, what: str, positive) -> str:
    """"AUC of 's100b' against 'outcome' (positive: Poor) in aSAH.csv"."""
    shown = "" if positive is None else f" (positive: {positive})"
    return f"{what} against {columns.label_name!r}{shown} in {columns.source}"


def row_label(record: dict) -> str:
    """The method key, starred when it goes beyond the paper."""
    return f"{record['method']} *" if record["beyond_paper"] else record["method"]


def emit_rows(result, interval_column: Column, inputs: dict, title: list[str], output_format: str, tablefmt: str):
    """Write a result's interval rows: method, interval, half-width, guarantee, source.

    JSON and CSV get every field; the JSON parameters are the command's `inputs` and the
    result's other fields (Â, m, n, the variance, …).
    """
    summary = {key: value for key, value in result.as_dict().items() if key != "rows"}
    emit(
        records=[row.as_dict() for row in result.rows],
        columns=[
            Column("method", row_label),
            interval_column,
            Column("half-width", lambda r: number(r["epsilon"])),
            Column("guarantee", lambda r: r["guarantee"]),
            Column("source", lambda r: r["source"]),
        ],
        parameters={**inputs, **summary},
        title=title,
        notes=[BEYOND_NOTE] if any(row.beyond_paper for row in result.rows) else [],
        output_format=output_format,
        tablefmt=tablefmt,
    )


@click.command("auc")
@file_argument
@click.option("--score", required=True, metavar="COL", help="The score column: a header name or 0-based index.")
@label_option
@positive_option
@delta_option
@click.option(
    "--bootstrap",
    "resamples",
    type=click.IntRange(min=1),
    metavar="B",
    help="Add the stratified bootstrap rows (percentile, BCa) with B resamples, e.g. 2000.",
)
@click.option("--seed", type=click.IntRange(min=0), default=0, show_default=True, help="Seed of the bootstrap.")
@method_option(list(EMPIRICAL_METHODS))
@output_options
def auc(file, score, label, positive, delta, resamples, seed, methods, output_format, tablefmt):
    """Every confidence interval for the AUC of the scores in FILE against its labels.

    FILE is CSV or TSV text with a header (columns by name or 0-based index), a .npy
    (2-D or structured) or .npz file, or - for standard input. Each row gives a method's
    interval at the observed m, n and AUC, clipped to [0, 1], and its guarantee:
    distribution-free (coverage at least 1 - delta at every sample size), plug-in, or
    asymptotic. See docs/empirical.md for which to use when.

    \b
    Examples:
      aucbound auc aSAH.csv --score s100b --label outcome --positive Poor
      aucbound auc aSAH.csv --score s100b --label outcome --positive Poor --bootstrap 2000 --seed 0
      aucbound auc scores.tsv --score 1 --label 0 --method hoeffding-kl --method delong
      cat scores.csv | aucbound auc - --score score --label y --format json
    """
    from ..empirical import intervals

    with data_errors():
        columns, pos_label = read_data(file, [score], label, positive)
        table = intervals(
            columns.scores[0],
            columns.labels,
            delta,
            methods=list(methods) or None,
            pos_label=pos_label,
            resamples=resamples,
            seed=seed,
        )
    title = [
        source_line(columns, f"AUC of {columns.score_names[0]!r}", positive),
        f"estimate = {number(table.auc)} from m = {table.m} positives and n = {table.n} negatives, "
        f"{_describe.confidence(delta)}",
    ]
    if table.delong_variance is None:
        title.append("DeLong variance: undefined (a class has a single item)")
    else:
        title.append(
            f"DeLong variance = {number(table.delong_variance)} (SE {number(table.delong_variance**0.5)}); "
            f"p1 = {number(table.p1)}, p2 = {number(table.p2)}"
        )
    if table.resamples is not None:
        title.append(f"bootstrap: {table.resamples} stratified resamples, seed {seed}")
    inputs = {"file": file, "score": score, "label": label, "positive": positive}
    emit_rows(table, Column("interval", _shown_interval), inputs, title, output_format, tablefmt)
