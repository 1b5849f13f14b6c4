"""``aucbound shatter``: upper bounds on the rank-shatter coefficient r(F, m, n) of a function class."""

from __future__ import annotations

import click

from ._classes import build_class, class_options
from ._options import library_errors, output_options, size_option
from ._render import Column, emit, number
from .psi import integer

BEYOND_NOTE = "* beyond the paper (Agarwal et al. 2005): see docs/combinatorics.md"


def _records(result) -> list[dict]:
    return [
        {
            "quantity": result.quantity,
            "sizes": list(result.sizes),
            **bound.__dict__,
            "used": bound.key == result.used,
        }
        for bound in result.candidates
    ]


def _constants(fclass) -> str:
    low, high = fclass.rank_dimension_bounds
    dimension = str(low) if low == high else f"between {low} and {high}"
    return (
        f"Agarwal & Roth 2005, Thm 1: c1 = {number(fclass.c1) if fclass.log_c1 < 700 else 'e^' + number(fclass.log_c1)}, "
        f"c2 = {fclass.c2}; rank dimension (Def 7): {dimension}"
    )


@click.command("shatter")
@class_options
@size_option("--m", "Number of positives m.")
@size_option("--n", "Number of negatives n.")
@click.option("--patterns", "N", type=click.IntRange(min=1), metavar="N",
              help="Also bound s(F̂, N) and s(F̃, N): sign patterns on N points and on N pairs.")
@output_options
def shatter(class_name, size, d, q, m, n, N, output_format, tablefmt):
    """Upper bounds on the bipartite rank-shatter coefficient r(F, m, n) of a class F.

    Every valid bound the class has — its own (Thm 4.11 / 4.13, the face counts of
    Lemma 4.10 / 4.12, the central-arrangement count), ψ(m, n) and 3^(m·n) — with its
    natural log and source; the smallest is marked 'used' (and 'exact' when it equals r).
    Also c1, c2 of Agarwal & Roth's Thm 1 and the rank dimension.

    \b
    Examples:
      aucbound shatter --class linear --d 2 --m 10 --n 20
      aucbound shatter --class line --m 100 --n 100 --patterns 200
      aucbound shatter --class polynomial --d 3 --q 2 --m 50 --n 50
      aucbound shatter --class finite --size 1000 --m 3 --n 3 --format json
    """
    with library_errors():
        fclass = build_class(class_name, size=size, d=d, q=q)
        results = [fclass.rank_shatter(m, n)]
        if N is not None:
            results += [fclass.sign_patterns(N), fclass.pair_patterns(N)]
    records = [record for result in results for record in _records(result)]

    def marks(record):
        if not record["used"]:
            return ""
        return "used, exact" if record["exact"] else "used"

    columns = [
        Column("quantity", lambda r: r["quantity"]),
        Column("bound", lambda r: r["key"] + (" *" if r["beyond_paper"] else "")),
        Column("ln bound", lambda r: number(r["log_value"])),
        Column("value", lambda r: integer(r["log_value"], r["value"])),
        Column("", marks),
        Column("source", lambda r: r["source"]),
    ]
    notes = [f"{note}" for result in results for note in result.notes]
    if any(record["beyond_paper"] for record in records):
        notes.append(BEYOND_NOTE)
    emit(
        records=records,
        columns=columns,
        parameters={"class": class_name, "size": size, "d": d, "q": q, "m": m, "n": n, "N": N},
        title=[f"Bounds on r(F, m, n) for F = {fclass}: m = {m}, n = {n}", _constants(fclass)],
        notes=notes,
        output_format=output_format,
        tablefmt=tablefmt,
    )
