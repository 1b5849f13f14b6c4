"""``aucbound interval``: every interval method for given m, n and δ, side by side."""

from __future__ import annotations

import click

from ..bounds import METHODS, interval_table
from . import _describe
from ._options import (
    all_option,
    class_size_options,
    delta_option,
    hidden_best_case,
    library_errors,
    method_option,
    output_options,
    size_option,
    variance_options,
)
from ._render import Column, emit, guarantee_text, interval_text, number


@click.command("interval")
@size_option("--m", "Number of positive test examples.")
@size_option("--n", "Number of negative test examples.")
@delta_option
@method_option(lambda: [key for key, spec in METHODS.items() if not spec.needs_scores])
@variance_options
@click.option("--variance", type=click.FloatRange(min=0, max=1), help="An estimate of Var(Â), e.g. DeLong's (with --auc).")
@class_size_options
@all_option
@output_options
def interval(m, n, delta, methods, auc, p1, p2, variance, class_size, log_class_size, all_methods, output_format,
             tablefmt):
    """Confidence intervals for the AUC of a fixed scorer from m positives and n negatives.

    Prints every method's half-width ε (and the interval Â ± ε clipped to [0, 1] when
    --auc gives the estimate Â), the guarantee it carries, and its source. Methods that
    need --auc, --p1/--p2 or --variance are listed when those are given. The best-case
    widths of chebyshev-min and normal-min, which are not confidence intervals, are
    shown with --all or when named with --method. A row whose interval is all of [0, 1],
    or whose half-width rounds to 1, is marked vacuous.
    Rows marked * go beyond Agarwal et al. (2005): hoeffding and hoeffding-kl are
    Hoeffding's (1963, §5) bounds for two-sample U-statistics, distribution-free as
    McDiarmid's is, and narrower; bernstein (with --p1/--p2 or data) is a
    Bernstein bound with the projection variance, narrower than hoeffding-kl from a few thousand
    per class (docs: sharper guarantees).

    \b
    Examples:
      aucbound interval --m 100 --n 50 --delta 0.05
      aucbound interval --m 100 --n 50 --confidence 0.95 --all
      aucbound interval --m 100 --n 50 --auc 0.83 --method mcdiarmid --method hoeffding-kl
      aucbound interval --m 5000 --n 5000 --delta 0.01 --class-size 1000000
      aucbound interval --m 100 --n 50 --tablefmt latex_booktabs
    """
    given = {"auc": auc, "p1": p1, "p2": p2, "variance": variance}
    with library_errors():
        results = interval_table(m, n, delta, methods=list(methods) or None, auc=auc, p1=p1, p2=p2,
                                 variance=variance, class_size=class_size, log_class_size=log_class_size)
    shown, hidden_note = hidden_best_case([result.method for result in results], methods, all_methods)
    results = [result for result in results if result.method in shown]
    columns = [
        Column("method", lambda r: _describe.method_label(r["method"])),
        Column("half-width", lambda r: number(r["epsilon"])),
    ]
    if auc is not None:
        columns.append(Column("interval", interval_text))
    columns += [Column("guarantee", guarantee_text), Column("source", lambda r: r["source"])]
    title = [f"AUC confidence intervals: m = {m} positives, n = {n} negatives, {_describe.confidence(delta)}"]
    title += _describe.estimate_line("estimate Â", auc, p1, p2)
    title += _describe.class_note(class_size, log_class_size)
    emit(
        records=[result.as_dict() for result in results],
        columns=columns,
        parameters={"m": m, "n": n, "delta": delta, **given, "class_size": class_size,
                    "log_class_size": log_class_size},
        title=title,
        notes=_describe.footnotes(results, given, methods, [key for key, spec in METHODS.items() if not spec.needs_scores],
                                  "interval")
        + hidden_note,
        output_format=output_format,
        tablefmt=tablefmt,
    )
