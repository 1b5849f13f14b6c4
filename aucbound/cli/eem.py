"""``aucbound eem``: how many examples empirical error minimization needs (Agarwal & Roth 2005)."""

from __future__ import annotations

import math

import click

from ..bounds import eem_exact_sample_size, eem_sample_size, sample_complexity_lower_bound
from . import _describe
from ._options import build_class, class_keywords, class_options, delta_option, library_errors, open_unit, output_options, skew_option
from ._render import Column, emit, number, size

LABELS = {
    "thm1": "Thm 1 (closed form)",
    "exact": "Thm 1's condition, solved *",
    "lower": "Cor 1 (any algorithm)",
}


@click.command("eem")
@class_options()
@open_unit("--epsilon", "Target excess ranking error ε in (0, 1).", required=True)
@delta_option
@skew_option(help_text="Positive skew ρ = m/M as a ratio p/q: 1/4, 0.1 (Thm 1 makes ρM an integer).")
@output_options
def eem(class_name, epsilon, delta, rho, output_format, tablefmt, **kwargs):
    """Training-set size for empirical error minimization over a class F to reach excess error ε.

    Thm 1 of Agarwal & Roth (2005) for r(F, m, n) ≤ c1·(mn)^c2, rounded up as the theorem
    states so that ρM is an integer; beside it the smallest training set whose class sizes
    meet the condition its proof establishes, 4·r(F, 2m, 2n)·exp(−mnε²/(32(m+n))) ≤ δ
    (beyond the paper: valid, and much smaller), and Cor 1's lower bound when the rank
    dimension is known. --class growth --log-c1 L --c2 C takes constants of your own.

    \b
    Examples:
      aucbound eem --class linear --d 5 --epsilon 0.1 --delta 0.05 --rho 0.25
      aucbound eem --class finite --size 1000 --epsilon 0.1 --delta 0.05 --rho 1/4
      aucbound eem --class growth --log-c1 20 --epsilon 0.05
    """
    fclass = build_class(class_name, class_keywords(kwargs))
    with library_errors():
        results = [eem_sample_size(fclass, epsilon, delta, rho), eem_exact_sample_size(fclass, epsilon, delta, rho)]
        rank_dim = fclass.rank_dimension
        if rank_dim:
            results.append(sample_complexity_lower_bound(rank_dim, epsilon, delta, float(rho)))
    theorem = results[0]
    records = [result.as_dict() for result in results]
    for record in records:
        upper = record["method"] != "lower" and record["M"] is not None and theorem.M is not None
        record["ratio"] = record["M"] / theorem.M if upper else None
    columns = [Column("bound", lambda r: LABELS[r["method"]]),
               Column("M", lambda r: (f">= {number(r['value'])}" if r["method"] == "lower" and r["M"] is not None
                                      else size(r["M"]))),
               Column("m", lambda r: size(r["m"]) if r["m"] else "—"),
               Column("n", lambda r: size(r["n"]) if r["n"] else "—"),
               Column("M / Thm 1", lambda r: number(r["ratio"])), Column("source", lambda r: r["source"])]
    notes = [_describe.beyond_note("eem", "Agarwal & Roth 2005")]
    lower = results[2] if len(results) > 2 else None
    if lower is not None and lower.value < 1:
        notes.append("Cor 1 is below one example here: its constants make it say nothing at this rank dimension")
    elif lower is None:
        notes.append("Cor 1 not shown: the rank dimension of this class is not known exactly")
    if any(result.vacuous for result in results):
        notes.append("beyond 10^300: no training set of at most 10^300 examples suffices")
    emit(records=records, columns=columns,
         parameters={"fclass": str(fclass), "epsilon": epsilon, "delta": delta, "rho": float(rho)},
         title=[f"Sample complexity of empirical error minimization over {fclass}:",
                f"excess ranking error epsilon = {epsilon:g}, {_describe.confidence(delta)}, rho = {rho}; "
                f"c1 = {_c1(fclass)}, c2 = {number(fclass.c2)}"],
         notes=notes, output_format=output_format, tablefmt=tablefmt)


def _c1(fclass) -> str:
    return number(math.exp(fclass.log_c1)) if abs(fclass.log_c1) < 700 else f"e^{number(fclass.log_c1)}"
