"""``aucbound uniform`` and ``aucbound freund``: uniform convergence of the AUC over a class F."""

from __future__ import annotations

import click

from ..bounds import uniform_bound, uniform_sample_size
from . import _describe
from ._options import (
    IntRange,
    build_class,
    class_keywords,
    class_options,
    delta_option,
    library_errors,
    open_unit,
    output_options,
    skew_option,
)
from ._render import Column, emit, number, size

LABELS = {"uniform": "Cor 4.5", "freund": "Freund et al. (Thm 4.14)"}


def _mode(m, n, epsilon):
    """'bound' (ε from --m, --n) or 'size' (M from --epsilon, --rho); anything else is a usage error."""
    if m is not None and n is not None and epsilon is None:
        return "bound"
    if m is None and n is None and epsilon is not None:
        return "size"
    raise click.UsageError("give --m and --n (for the bound ε), or --epsilon with --rho (for the training-set size M).")


def _uniform_options(function):
    for decorator in reversed([
        class_options(),
        click.option("--m", type=IntRange(min=1), help="Number of positive training examples."),
        click.option("--n", type=IntRange(min=1), help="Number of negative training examples."),
        delta_option,
        open_unit("--epsilon", "Instead of --m/--n: the target ε, for the training-set size M."),
        skew_option(help_text="Positive skew ρ = m/M for the size: 1/10, 0.25 … (m = ρM rounded)."),
        output_options,
    ]):
        function = decorator(function)
    return function


def _labeller(both_routes: bool):
    """Row labels; the bound on r is named when the paper's route and the sharper one are both shown."""

    def label(record: dict) -> str:
        text = LABELS[record["method"]]
        if both_routes and record.get("r_bound"):
            text += f", r: {record['r_bound']}"
        return _describe.starred(text, record["beyond_paper"])

    return label


def _cor45(fclass, m, n, delta):
    """Cor 4.5 through the sharpest bound on r the class knows, after the paper's route when
    that one differs (the library checks the sizes first)."""
    sharpest = uniform_bound(fclass, m, n, delta, method="uniform")
    paper = uniform_bound(fclass, m, n, delta, method="uniform", bound="paper")
    return [sharpest] if paper.r_bound == sharpest.r_bound else [paper, sharpest]


def run(methods, fclass, m, n, delta, epsilon, rho, output_format, tablefmt, heading):
    mode = _mode(m, n, epsilon)
    both_routes = False
    with library_errors():
        if mode == "bound":
            results = _cor45(fclass, m, n, delta)
            both_routes = len(results) > 1
            if "freund" in methods:
                results.append(uniform_bound(fclass, m, n, delta, method="freund"))
        else:
            results = [uniform_sample_size(fclass, epsilon, delta, rho, method=method) for method in methods]
    records = [result.as_dict() for result in results]
    _label = _labeller(both_routes)
    columns = [Column("bound", _label)]
    notes = []
    if mode == "bound":
        title = f"{heading} over {fclass}: m = {m}, n = {n}, {_describe.confidence(delta)}"
        columns += [Column("epsilon", lambda r: number(r["epsilon"])), Column("guarantee", lambda r: r["guarantee"]),
                    Column("ln r(F, 2m, 2n)", lambda r: number(r["log_r"]))]
        if len(results) > 1:
            best = min(results, key=lambda result: result.epsilon)
            notes.append(f"tighter here: {_label(best.as_dict())}"
                         + ("; all are vacuous (epsilon >= 1)" if all(r.vacuous for r in results) else ""))
    else:
        title = (f"{heading} over {fclass}: training-set size for epsilon = {epsilon:g}, "
                 f"{_describe.confidence(delta)}, rho = {float(rho):g} (m = rho M rounded)")
        columns += [Column("M", lambda r: size(r["M"])), Column("m", lambda r: size(r["m"]) if r["m"] else "—"),
                    Column("n", lambda r: size(r["n"]) if r["n"] else "—")]
        if any(r.vacuous for r in results):
            notes.append("beyond 10^300: no training set of at most 10^300 examples reaches this epsilon")
        if len(results) == 2 and not any(r.vacuous for r in results):
            best = min(results, key=lambda result: result.M)
            notes.append(f"smaller here: {LABELS[best.method]}")
    columns.append(Column("source", lambda r: r["source"]))
    if any(result.beyond_paper for result in results):
        notes.append(_describe.beyond_note(click.get_current_context().info_name))  # uniform or freund
    emit(records=records, columns=columns,
         parameters={"fclass": str(fclass), "m": m, "n": n, "delta": delta, "epsilon": epsilon,
                     "rho": float(rho) if mode == "size" else None},
         title=[title], notes=notes, output_format=output_format, tablefmt=tablefmt)


@click.command("uniform")
@_uniform_options
def uniform(class_name, m, n, delta, epsilon, rho, output_format, tablefmt, **kwargs):
    """Uniform convergence of the AUC over a class F through its rank-shatter coefficient.

    Cor 4.5 of Agarwal et al. (2005): with probability ≥ 1 − δ every f in F has
    |Â(f) − A(f)| < sqrt(8(m+n)·(ln r(F, 2m, 2n) + ln(4/δ))/(mn)). With --m/--n, where the
    sharpest bound on r the class knows goes beyond the paper (linear and polynomial
    classes), the paper's route (Thm 4.11 / 4.13) is shown above it. With --epsilon instead:
    the smallest training set M whose class sizes m = ρM rounded and M − m reach it, through
    the sharpest bound on r.
    --class growth --log-c1 L takes a bound r ≤ e^L of your own.
    Rows marked * use a bound on r beyond the paper, valid for every m and n (the source
    column says where each comes from): ψ(m, n) counted exactly, where the paper bounds
    it, or the faces of the central arrangement of the mn hyperplanes (Cover 1965), by
    the paper's Thm 4.9.

    \b
    Examples:
      aucbound uniform --class linear --d 16 --m 5000 --n 5000 --delta 0.01
      aucbound uniform --class line --epsilon 0.1 --rho 1/10 --delta 0.01
      aucbound uniform --class growth --log-c1 25.3 --m 10000 --n 2000
    """
    fclass = build_class(class_name, class_keywords(kwargs))
    run(["uniform"], fclass, m, n, delta, epsilon, rho, output_format, tablefmt, "Uniform convergence")


@click.command("freund")
@_uniform_options
def freund(class_name, m, n, delta, epsilon, rho, output_format, tablefmt, **kwargs):
    """Cor 4.5 beside Freund et al.'s bound (Thm 4.14) for a class F, and which is tighter.

    Freund, Iyer, Schapire & Singer (2003), generalized in Agarwal et al. (2005), Thm 4.14:
    ε_F = 2·sqrt((ln s(F̄, 2m) + ln(12/δ))/m) + 2·sqrt((ln s(F̄, 2n) + ln(12/δ))/n), with
    s(F̄, N) the sign patterns of the thresholded class {sign(f(x) − f(z))} on N points
    (Eq. 22; |F|·(2N + 1) for a finite class). Needs a class whose sign patterns are known.
    Rows marked * use a bound on r beyond the paper, valid for every m and n (the source
    column says where each comes from): ψ(m, n) counted exactly, where the paper bounds
    it, or the faces of the central arrangement of the mn hyperplanes (Cover 1965), by
    the paper's Thm 4.9.

    \b
    Examples:
      aucbound freund --class line --m 5000 --n 5000 --delta 0.01
      aucbound freund --class linear --d 3 --epsilon 0.2 --rho 1/2
    """
    fclass = build_class(class_name, class_keywords(kwargs))
    with library_errors():
        fclass.threshold_patterns(1)  # a class whose sign patterns are unknown is refused before any work
    run(["uniform", "freund"], fclass, m, n, delta, epsilon, rho, output_format, tablefmt, "Uniform convergence bounds")
