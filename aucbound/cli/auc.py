"""``aucbound auc``: every confidence interval for the AUC of a column of scores in a data file."""

from __future__ import annotations

import click

from ..bounds import METHODS
from ..empirical._resampling import MAX_RESAMPLES
from . import _describe
from ._data import data_errors, emit_rows, file_argument, label_option, positive_option, read_data, source_line
from ._options import IntRange, delta_option, method_option, output_options
from ._progress import Progress
from ._render import Column, interval_text, number


@click.command("auc")
@file_argument
@click.option("--score", required=True, metavar="COL", help="The score column: a header name or 0-based index.")
@label_option
@positive_option
@delta_option
@click.option(
    "--bootstrap",
    "resamples",
    type=IntRange(min=1, max=MAX_RESAMPLES),
    metavar="B",
    help="Add the stratified bootstrap rows (percentile, BCa) with B resamples, e.g. 2000.",
)
@click.option("--seed", type=IntRange(min=0), default=0, show_default=True, help="Seed of the bootstrap.")
@method_option(lambda: list(METHODS))
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

    with data_errors(), Progress("bootstrap") as progress:
        columns, pos_label = read_data(file, [score], label, positive)
        table = intervals(columns.labels, columns.scores[0], delta=delta, methods=list(methods) or None,
                          pos_label=pos_label, resamples=resamples, seed=seed, progress=progress)
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
    emit_rows(table, Column("interval", interval_text), inputs, title, output_format, tablefmt)
