"""``aucbound compare``: two score columns on the same cases — DeLong's paired test and intervals for the difference."""

from __future__ import annotations

import click

from ..bounds import METHODS
from . import _describe
from ._data import data_errors, emit_rows, file_argument, label_option, positive_option, read_data, source_line
from ._options import delta_option, method_option, output_options
from ._render import Column, number


def _shown(record: dict) -> str:
    return f"[{number(record['lo'])}, {number(record['hi'])}]"


@click.command("compare")
@file_argument
@click.option(
    "--score",
    "scores",
    required=True,
    multiple=True,
    metavar="COL",
    help="A score column (give it twice: a, then b): a header name or 0-based index.",
)
@label_option
@positive_option
@delta_option
@method_option(lambda: [key for key, spec in METHODS.items() if spec.any_kernel])
@output_options
def compare(file, scores, label, positive, delta, methods, output_format, tablefmt):
    """Compare the AUCs of two score columns of FILE on the same cases: D = AUC(a) - AUC(b).

    DeLong's paired test gives Z and a two-sided p-value from the covariance of the
    structural components, and an asymptotic interval for D. Hoeffding's bound for the
    difference kernel in [-1, 1] (beyond the paper) gives intervals that hold for every
    distribution and sample size; --method adds mcdiarmid, chebyshev-max or normal-max.
    FILE is read as by `aucbound auc`.

    \b
    Examples:
      aucbound compare aSAH.csv --score wfns --score s100b --label outcome --positive Poor
      aucbound compare aSAH.csv --score s100b --score ndka --label outcome --positive Poor --format json
    """
    from ..empirical import compare as compare_scores

    if len(scores) != 2:
        raise click.BadParameter(f"give exactly two score columns, but got {len(scores)}.", param_hint="'--score'")
    with data_errors():
        columns, pos_label = read_data(file, scores, label, positive)
        result = compare_scores(columns.labels, *columns.scores, delta=delta, pos_label=pos_label,
                                methods=list(methods) or None)
    a, b = columns.score_names
    title = [
        source_line(columns, f"Paired comparison of {a!r} (a) and {b!r} (b)", positive),
        f"m = {result.m} positives, n = {result.n} negatives, {_describe.confidence(delta)}",
        f"AUC a = {number(result.auc_a)}, AUC b = {number(result.auc_b)}, difference D = a - b = {number(result.difference)}",
        f"DeLong's paired test: Z = {number(result.z)}, two-sided p = {number(result.p_value)} "
        f"(variance of D {number(result.variance)}, covariance {number(result.covariance)})",
    ]
    inputs = {"file": file, "scores": list(scores), "label": label, "positive": positive}
    emit_rows(result, Column("interval for D", _shown), inputs, title, output_format, tablefmt, "compare")
