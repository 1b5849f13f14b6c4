"""``aucbound uniform`` and ``aucbound freund``: uniform convergence of the AUC over a class F."""

from __future__ import annotations

import click

from ..bounds import uniform_bound, uniform_sample_size
from . import _describe
from ._classes import class_or_log_r
from ._options import delta_option, library_errors, open_unit, output_options
from ._render import Column, emit, number

SIZE_COLUMNS = [
    Column("M", lambda r: "vacuous" if r["M"] is None else str(r["M"])),
    Column("m", lambda r: "—" if r["m"] is None else str(r["m"])),
    Column("n", lambda r: "—" if r["n"] is None else str(r["n"])),
]


def _mode(m, n, epsilon, rho):
    """'bound' (ε from --m, --n) or 'size' (M from --epsilon, --rho); anything else is a usage error."""
    if m is not None and n is not None and epsilon is None:
        return "bound"
    if m is None and n is None and epsilon is not None:
        return "size"
    raise click.UsageError("give --m and --n (for the bound ε), or --epsilon with --rho (for the training-set size M).")


def _uniform_options(function):
    for decorator in reversed([
        class_or_log_r,
        click.option("--m", type=click.IntRange(min=1), help="Number of positive training examples."),
        click.option("--n", type=click.IntRange(min=1), help="Number of negative training examples."),
        delta_option,
        open_unit("--epsilon", "Instead of --m/--n: the target ε, for the training-set size M."),
        click.option("--rho", default="1/2", show_default=True, metavar="P/Q",
                     help="Positive skew ρ = m/M for the size, rational: 1/10, 0.25 (ρM must be an integer)."),
        output_options,
    ]):
        function = decorator(function)
    return function


def _emit(methods, fclass, log_r, m, n, delta, epsilon, rho, output_format, tablefmt, heading):
    mode = _mode(m, n, epsilon, rho)
    with library_errors():
        if mode == "bound":
            results = [uniform_bound(fclass, m, n, delta, method=method, log_r=log_r) for method in methods]
        else:
            results = [uniform_sample_size(fclass, epsilon, delta, rho, method=method, log_r=log_r)
                       for method in methods]
    records = [result.as_dict() for result in results]
    name = "ln r(F, 2m, 2n) = " + number(log_r) if fclass is None else str(fclass)
    label = {"uniform": "Cor 4.5 (rank-shatter)", "freund": "Freund et al. (Thm 4.14)"}
    columns = [Column("bound", lambda r: label[r["method"]])]
    notes = []
    if mode == "bound":
        title = f"{heading} over {name}: m = {m}, n = {n}, {_describe.confidence(delta)}"
        columns += [Column("epsilon", lambda r: number(r["epsilon"])), Column("guarantee", lambda r: r["guarantee"])]
        if "uniform" in methods:
            columns.append(Column("ln r(F, 2m, 2n)", lambda r: number(r["log_r"])))
        if len(results) == 2:
            best = min(results, key=lambda result: result.epsilon)
            notes.append(f"tighter here: {label[best.method]}"
                         + ("; both are vacuous (epsilon >= 1)" if all(r.vacuous for r in results) else ""))
    else:
        title = (f"{heading} over {name}: training-set size for epsilon = {epsilon:g}, "
                 f"{_describe.confidence(delta)}, rho = {rho}")
        columns += SIZE_COLUMNS
        if any(r.vacuous for r in results):
            notes.append("vacuous: no training set of at most 10^300 examples reaches this epsilon")
        if len(results) == 2 and not any(r.vacuous for r in results):
            best = min(results, key=lambda result: result.M)
            notes.append(f"smaller here: {label[best.method]}")
    columns.append(Column("source", lambda r: r["source"]))
    emit(records=records, columns=columns,
         parameters={"fclass": None if fclass is None else str(fclass), "log_r": log_r, "m": m, "n": n,
                     "delta": delta, "epsilon": epsilon, "rho": rho},
         title=[title], notes=notes, output_format=output_format, tablefmt=tablefmt)


@click.command("uniform")
@_uniform_options
def uniform(fclass, log_r, m, n, delta, epsilon, rho, output_format, tablefmt):
    """Uniform convergence of the AUC over a class F through its rank-shatter coefficient.

    Cor 4.5 of Agarwal et al. (2005): with probability ≥ 1 − δ every f in F has
    |Â(f) − A(f)| < sqrt(8(m+n)·(ln r(F, 2m, 2n) + ln(4/δ))/(mn)). r comes from the class
    (the smallest valid bound it knows, see `aucbound shatter`) or from --log-r. With
    --epsilon instead of --m/--n: the smallest training set M (ρM an integer) reaching it.

    \b
    Examples:
      aucbound uniform --class linear --d 16 --m 5000 --n 5000 --delta 0.01
      aucbound uniform --class line --epsilon 0.1 --rho 1/10 --delta 0.01
      aucbound uniform --log-r 25.3 --m 10000 --n 2000
    """
    _emit(["uniform"], fclass, log_r, m, n, delta, epsilon, rho, output_format, tablefmt, "Uniform convergence")


@click.command("freund")
@_uniform_options
def freund(fclass, log_r, m, n, delta, epsilon, rho, output_format, tablefmt):
    """Cor 4.5 beside Freund et al.'s bound (Thm 4.14) for a class F, and which is tighter.

    Freund, Iyer, Schapire & Singer (2003), generalized in Agarwal et al. (2005), Thm 4.14:
    ε_F = 2·sqrt((ln s(F̂, 2m) + ln(12/δ))/m) + 2·sqrt((ln s(F̂, 2n) + ln(12/δ))/n), with
    s(F̂, N) the sign patterns of the class on N points. Needs a class (not --log-r).

    \b
    Examples:
      aucbound freund --class line --m 5000 --n 5000 --delta 0.01
      aucbound freund --class linear --d 3 --epsilon 0.2 --rho 1/2
    """
    if fclass is None:
        raise click.UsageError("freund needs --class: Freund et al.'s bound uses the class's sign patterns, "
                               "which --log-r does not give.")
    _emit(["uniform", "freund"], fclass, None, m, n, delta, epsilon, rho, output_format, tablefmt,
          "Uniform convergence bounds")
