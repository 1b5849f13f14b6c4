"""``aucbound lower-bound``: what no learning algorithm can beat, from the rank dimension."""

from __future__ import annotations

import click

from ..bounds import excess_error_lower_bound, sample_complexity_lower_bound
from ._options import IntRange, delta_option, library_errors, open_unit, output_options
from ._render import Column, emit, number


@click.command("lower-bound")
@click.option("--rank-dim", type=IntRange(min=1), required=True, metavar="R",
              help="Rank dimension r of the class (Agarwal & Roth 2005, Def 7).")
@open_unit("--epsilon", "Target excess ranking error ε in (0, 1).", required=True)
@delta_option
@open_unit("--rho", "Positive skew ρ = m/M in (0, 1).", default=0.5, show_default=True)
@click.option("--m", type=IntRange(min=1), help="With --n: also Thm 3's bound at these sizes.")
@click.option("--n", type=IntRange(min=1), help="With --m: also Thm 3's bound at these sizes.")
@output_options
def lower_bound(rank_dim, epsilon, delta, rho, m, n, output_format, tablefmt):
    """Lower bounds for learning a class of ranking functions of rank dimension r.

    Cor 1 of Agarwal & Roth (2005): every algorithm that learns the class to excess
    ranking error ε with confidence 1 − δ needs at least
    r/(2^20(ε+δ)²)·(1 − sqrt(1 − e^−(2ρ+1)))⁴·(1 − sqrt(1 − e^−(3−2ρ)))⁴ examples. With
    --m and --n, also Thm 3: on some pair of distributions, every algorithm's expected
    excess error is at least 2^−10·sqrt(r/(m+n))·(…)² (needs m + n ≥ 2r).

    \b
    Examples:
      aucbound lower-bound --rank-dim 10 --epsilon 0.1 --delta 0.05 --rho 0.5
      aucbound lower-bound --rank-dim 1000 --epsilon 0.01 --m 5000 --n 5000
    """
    if (m is None) != (n is None):
        raise click.UsageError("--m and --n go together; give both or neither.")
    with library_errors({"rank_dim": "--rank-dim"}):
        complexity = sample_complexity_lower_bound(rank_dim, epsilon, delta, rho)
        records = [{"quantity": "sample complexity M_L(epsilon, delta, rho) >=", "value": complexity.value,
                    "rounded": complexity.M, "source": complexity.source}]
        if m is not None:
            records.append({"quantity": f"worst-case expected excess error at m = {m}, n = {n} >=",
                            "value": excess_error_lower_bound(rank_dim, m, n), "rounded": None,
                            "source": "Agarwal & Roth 2005, Thm 3"})
    notes = []
    if complexity.value < 1:
        notes.append("the sample-complexity bound is below one example: at this rank dimension it says nothing")
    emit(
        records=records,
        columns=[Column("quantity", lambda r: r["quantity"]), Column("value", lambda r: number(r["value"])),
                 Column("source", lambda r: r["source"])],
        parameters={"rank_dim": rank_dim, "epsilon": epsilon, "delta": delta, "rho": rho, "m": m, "n": n},
        title=[f"Lower bounds for a class of rank dimension r = {rank_dim}: epsilon = {epsilon:g}, "
               f"delta = {delta:g}, rho = {rho:g}"],
        notes=notes,
        output_format=output_format,
        tablefmt=tablefmt,
    )
