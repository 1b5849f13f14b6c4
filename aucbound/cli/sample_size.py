"""``aucbound sample-size``: the test set each method needs, beside an error rate's."""

from __future__ import annotations

import click

from ..bounds import METHODS, sample_size as library_sample_size
from ..bounds import sample_size_ratio
from . import _describe
from ._options import (
    class_size_options,
    delta_option,
    library_errors,
    method_option,
    open_unit,
    output_options,
    variance_options,
)
from ._render import Column, emit, number


@click.command("sample-size")
@open_unit("--epsilon", "Target half-width ε in (0, 1).", required=True)
@delta_option
@open_unit("--rho", "Positive skew ρ = m/N in (0, 1).", default=0.5, show_default=True)
@method_option(list(METHODS))
@variance_options
@class_size_options
@output_options
def sample_size(epsilon, delta, rho, methods, auc, p1, p2, class_size, log_class_size, output_format, tablefmt):
    """The smallest test set for a half-width ε at confidence 1 − δ, per method.

    N is the smallest integer for which the method's interval, with m = ρN rounded
    positives and n = N − m negatives, has half-width at most ε. Beside it: the size
    Hoeffding's bound needs for a classifier's error rate (Eq. 16) and the ratio of the
    two, which is 1/(ρ(1−ρ)) for McDiarmid (Figure 2 of Agarwal et al. 2005).

    \b
    Examples:
      aucbound sample-size --epsilon 0.05 --delta 0.01 --rho 0.1
      aucbound sample-size --epsilon 0.02 --rho 0.3 --auc 0.9 --method hoeffding-kl
      aucbound sample-size --epsilon 0.05 --delta 0.01 --class-size 1000000 --format json
    """
    given = {"auc": auc, "p1": p1, "p2": p2}
    keys = list(methods) or [key for key, spec in METHODS.items() if all(given[name] is not None for name in spec.needs)]
    with library_errors():
        results = [
            library_sample_size(
                epsilon, delta, rho, method=key, auc=auc, p1=p1, p2=p2,
                class_size=class_size, log_class_size=log_class_size,
            )
            for key in keys
        ]
    columns = [
        Column("method", lambda r: _describe.method_label(r["method"])),
        Column("N", lambda r: str(r["N"])),
        Column("m", lambda r: str(r["m"])),
        Column("n", lambda r: str(r["n"])),
        Column("N / N_err", lambda r: number(r["ratio"])),
        Column("guarantee", lambda r: r["guarantee"]),
        Column("source", lambda r: r["source"]),
    ]
    title = [
        f"Test-set sizes for half-width epsilon = {epsilon:g}, {_describe.confidence(delta)}, positive skew rho = {rho:g}",
        f"error rate (Hoeffding, Eq. 16): N_err = {results[0].error_rate_N}; "
        f"the paper's ratio 1/(rho(1-rho)) = {number(sample_size_ratio(rho))} (Figure 2)",
    ]
    title += _describe.estimate_line("anticipated AUC", auc, p1, p2)
    title += _describe.class_note(class_size, log_class_size)
    emit(
        records=[result.as_dict() for result in results],
        columns=columns,
        parameters={"epsilon": epsilon, "delta": delta, "rho": rho, "auc": auc, "p1": p1, "p2": p2,
                    "class_size": class_size, "log_class_size": log_class_size},
        title=title,
        notes=_describe.footnotes(results, given, methods),
        output_format=output_format,
        tablefmt=tablefmt,
    )
