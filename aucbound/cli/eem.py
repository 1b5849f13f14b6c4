"""``aucbound eem``: how many examples empirical error minimization needs (Agarwal & Roth 2005)."""

from __future__ import annotations

import math

import click

from ..bounds import eem_exact_sample_size, eem_sample_size, sample_complexity_lower_bound
from . import _describe
from ._classes import class_or_log_r
from ._options import delta_option, library_errors, open_unit, output_options
from ._render import Column, emit, number
from .uniform import SIZE_COLUMNS

LABELS = {
    "thm1": "Thm 1 (closed form)",
    "exact": "Thm 1's condition, solved *",
    "lower": "Cor 1 (any algorithm)",
}


@click.command("eem")
@class_or_log_r
@open_unit("--epsilon", "Target excess ranking error ε in (0, 1).", required=True)
@delta_option
@click.option("--rho", default="1/2", show_default=True, metavar="P/Q",
              help="Positive skew ρ = m/M, rational: 1/4, 0.1 (ρM must be an integer).")
@output_options
def eem(fclass, log_r, epsilon, delta, rho, output_format, tablefmt):
    """Training-set size for empirical error minimization over a class F to reach excess error ε.

    Thm 1 of Agarwal & Roth (2005) for r(F, m, n) ≤ c1·(mn)^c2, rounded up so that ρM is
    an integer; beside it the smallest M satisfying the condition its proof establishes,
    4·r(F, 2ρM, 2(1−ρ)M)·exp(−ρ(1−ρ)Mε²/32) ≤ δ (beyond the paper: valid, and much
    smaller), and Cor 1's lower bound when the rank dimension is known. --log-r takes a
    constant ln r(F, m, n) for all sizes (c1 = e^LOGR, c2 = 0).

    \b
    Examples:
      aucbound eem --class linear --d 5 --epsilon 0.1 --delta 0.05 --rho 0.25
      aucbound eem --class finite --size 1000 --epsilon 0.1 --delta 0.05 --rho 1/4
      aucbound eem --log-r 20 --epsilon 0.05
    """
    constants = {"fclass": fclass} if fclass is not None else {"log_c1": log_r, "c2": 0}
    with library_errors():
        results = [eem_sample_size(epsilon, delta, rho, **constants),
                   eem_exact_sample_size(epsilon, delta, rho, **constants)]
        rank_dim = getattr(fclass, "rank_dimension", None)
        if rank_dim:
            results.append(sample_complexity_lower_bound(rank_dim, epsilon, delta, float(results[0].rho)))
    theorem = results[0]
    records = [result.as_dict() for result in results]
    for record in records:
        upper = record["method"] != "lower" and record["M"] is not None and theorem.M is not None
        record["ratio"] = record["M"] / theorem.M if upper else None
    name = f"ln r(F, m, n) = {log_r:g} for all m, n" if fclass is None else str(fclass)
    columns = [Column("bound", lambda r: LABELS[r["method"]]), *SIZE_COLUMNS,
               Column("M / Thm 1", lambda r: number(r["ratio"])), Column("source", lambda r: r["source"])]
    notes = [_describe.beyond_note("docs/learnability.md", "Agarwal & Roth 2005")]
    lower = results[2] if len(results) > 2 else None
    if lower is not None:
        columns[1] = Column("M", lambda r: ("vacuous" if r["M"] is None
                                            else f">= {number(r['value'])}" if r["method"] == "lower" else str(r["M"])))
        if lower.value < 1:
            notes.append("Cor 1 is below one example here: its constants make it say nothing at this rank dimension")
    elif fclass is not None:
        notes.append("Cor 1 not shown: the rank dimension of this class is not known exactly")
    if any(result.vacuous for result in results):
        notes.append("vacuous: no training set of at most 10^300 examples suffices")
    emit(records=records, columns=columns,
         parameters={"fclass": None if fclass is None else str(fclass), "log_r": log_r, "epsilon": epsilon,
                     "delta": delta, "rho": rho},
         title=[f"Sample complexity of empirical error minimization over {name}:",
                f"excess ranking error epsilon = {epsilon:g}, {_describe.confidence(delta)}, rho = {rho}"
                + ("" if fclass is None else f"; c1 = {_c1(fclass)}, c2 = {fclass.c2}")],
         notes=notes, output_format=output_format, tablefmt=tablefmt)


def _c1(fclass) -> str:
    return number(math.exp(fclass.log_c1)) if abs(fclass.log_c1) < 700 else f"e^{number(fclass.log_c1)}"
