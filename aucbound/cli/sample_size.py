"""``aucbound sample-size``: the test set each method needs, beside an error rate's."""

from __future__ import annotations

import math
from fractions import Fraction

import click

from ..bounds import METHODS, sample_size as library_sample_size
from . import _describe
from ._options import (
    all_option,
    class_size_options,
    delta_option,
    hidden_best_case,
    library_errors,
    method_option,
    open_unit,
    output_options,
    skew_option,
    variance_options,
)
from ._render import Column, emit, integer, number, size


@click.command("sample-size")
@open_unit("--epsilon", "Target half-width ε in (0, 1).", required=True)
@delta_option
@skew_option(help_text="Positive skew ρ = m/N: 1/10, 0.25 … (m = ρN rounded).")
@method_option(lambda: [key for key, spec in METHODS.items() if spec.invertible])
@variance_options
@class_size_options
@all_option
@output_options
def sample_size(epsilon, delta, rho, methods, auc, p1, p2, class_size, log_class_size, all_methods, output_format,
                tablefmt):
    """The smallest test set for a half-width ε at confidence 1 − δ, per method.

    N is the smallest integer for which the method's interval, with m = ρN rounded
    positives and n = N − m negatives, has half-width at most ε, confirmed in exact
    arithmetic. Beside it: the size Hoeffding's bound needs for a classifier's error rate
    (Eq. 16) and the ratio of the two, which is about 1/(ρ(1−ρ)) for McDiarmid (Figure 2
    of Agarwal et al. 2005). A size beyond 10^300 shows as such. The best-case methods
    chebyshev-min and normal-min, whose widths are not confidence intervals, are shown with
    --all or when named with --method. A plug-in variance of zero (--auc 0 or 1 for
    hanley-mcneil, or with --p1 and --p2 for the Lehmann methods) makes every test set
    "reach" ε: such a row says "zero variance" instead of a size.
    Rows marked * go beyond Agarwal et al. (2005): hoeffding and hoeffding-kl are
    Hoeffding's (1963, §5) bounds for two-sample U-statistics, distribution-free as
    McDiarmid's is, and narrower.

    \b
    Examples:
      aucbound sample-size --epsilon 0.05 --delta 0.01 --rho 0.1
      aucbound sample-size --epsilon 0.05 --confidence 0.99 --rho 0.1 --all
      aucbound sample-size --epsilon 0.02 --rho 0.3 --auc 0.9 --method hoeffding-kl
      aucbound sample-size --epsilon 0.05 --delta 0.01 --class-size 1000000 --format json
    """
    given = {"auc": auc, "p1": p1, "p2": p2}
    invertible = [key for key, spec in METHODS.items() if spec.invertible]
    keys = list(methods) or [key for key in invertible if all(given.get(name) is not None for name in METHODS[key].needs)]
    keys, hidden_note = hidden_best_case(keys, methods, all_methods)
    with library_errors():
        results = [
            library_sample_size(epsilon, delta, rho, method=key, auc=auc, p1=p1, p2=p2,
                                class_size=class_size, log_class_size=log_class_size)
            for key in keys
        ]
        records = [result.as_dict() for result in results]
    columns = [
        Column("method", lambda r: _describe.method_label(r["method"])),
        Column("N", lambda r: "zero variance" if r["zero_variance"] else size(r["N"])),
        Column("m", lambda r: size(r["m"]) if r["m"] is not None and not r["zero_variance"] else "—"),
        Column("n", lambda r: size(r["n"]) if r["n"] is not None and not r["zero_variance"] else "—"),
        Column("N / N_err", lambda r: "—" if r["zero_variance"] else number(r["ratio"])),
        Column("guarantee", lambda r: r["guarantee"]),
        Column("source", lambda r: r["source"]),
    ]
    title = [
        f"Test-set sizes for half-width epsilon = {epsilon:g}, {_describe.confidence(delta)}, "
        f"positive skew rho = {float(rho):g}",
        f"error rate (Hoeffding, Eq. 16): N_err = {size(results[0].error_rate_N)}; "
        f"the paper's ratio 1/(rho(1-rho)) = {_ratio(rho)} (Figure 2)",
    ]
    title += _describe.estimate_line("anticipated AUC", auc, p1, p2)
    title += _describe.class_note(class_size, log_class_size)
    notes = _describe.footnotes(results, given, methods, invertible, "sample-size") + hidden_note
    if any(result.vacuous for result in results):
        notes.append("beyond 10^300: no test set of at most 10^300 examples reaches this epsilon")
    if any(record["zero_variance"] for record in records):
        notes.append("zero variance: the plug-in variance at this AUC is 0, so the smallest test set "
                     "(one positive, one negative) passes; no plan (give an AUC inside (0, 1))")
    emit(
        records=records,
        columns=columns,
        parameters={"epsilon": epsilon, "delta": delta, "rho": float(rho), "auc": auc, "p1": p1, "p2": p2,
                    "class_size": class_size, "log_class_size": log_class_size},
        title=title,
        notes=notes,
        output_format=output_format,
        tablefmt=tablefmt,
    )


def _ratio(rho) -> str:
    """1/(ρ(1−ρ)) of Figure 2, from ρ exactly (it passes the largest float as ρ → 0)."""
    ratio = 1 / (Fraction(rho) * (1 - Fraction(rho)))
    log_ratio = math.log(ratio.numerator) - math.log(ratio.denominator)
    return number(float(ratio)) if log_ratio < 30 else integer(log_ratio)
