"""``aucbound shatter``: upper bounds on the rank-shatter coefficient r(F, m, n) of a function class."""

from __future__ import annotations

import click

from ._describe import beyond_note
from ._options import IntRange, build_class, class_keywords, class_options, library_errors, output_options, size_option
from ._render import Column, emit, integer, number


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
    known = fclass.rank_dimension_bounds
    if known is None:
        dimension = "not known"
    else:
        low, high = known
        dimension = str(low) if low == high else f"between {low} and {high}"
    c1 = number(fclass.c1) if abs(fclass.log_c1) < 700 else "e^" + number(fclass.log_c1)
    return f"Agarwal & Roth 2005, Thm 1: c1 = {c1}, c2 = {number(fclass.c2)}; rank dimension (Def 7): {dimension}"


@click.command("shatter")
@class_options()
@size_option("--m", "Number of positives m.")
@size_option("--n", "Number of negatives n.")
@click.option("--patterns", "N", type=IntRange(min=1), metavar="N",
              help="Also bound s(F̂, N), s(F̃, N) and s(F̄, N): sign patterns on N points, on N pairs, thresholded.")
@output_options
def shatter(class_name, m, n, N, output_format, tablefmt, **kwargs):
    """Upper bounds on the bipartite rank-shatter coefficient r(F, m, n) of a class F.

    Every valid bound the class has — its own (Thm 4.11 / 4.13, the face counts of
    Lemma 4.10 / 4.12, the central-arrangement count), ψ(m, n) and 3^(m·n) — with its
    natural log and source; the smallest is marked 'used' (and 'exact' when it equals r),
    the one the paper's own route takes 'paper'. Also c1, c2 of Agarwal & Roth's Thm 1
    and the rank dimension.
    Rows marked * are bounds beyond the paper, valid for every m and n (the source
    column says where each comes from): ψ(m, n) counted exactly, where the paper bounds
    it, or the faces of the central arrangement of the mn hyperplanes (Cover 1965), by
    the paper's Thm 4.9.

    \b
    Examples:
      aucbound shatter --class linear --d 2 --m 10 --n 20
      aucbound shatter --class line --m 100 --n 100 --patterns 200
      aucbound shatter --class polynomial --d 3 --q 2 --m 50 --n 50
      aucbound shatter --class finite --size 1000 --m 3 --n 3 --format json
    """
    fclass = build_class(class_name, class_keywords(kwargs))
    with library_errors():
        results = [fclass.rank_shatter(m, n)]
        if N is not None:
            results += [fclass.sign_patterns(N), fclass.pair_patterns(N), fclass.threshold_patterns(N)]
        paper = fclass.paper_rank_key(m, n)
    records = [record for result in results for record in _records(result)]
    for record in records:
        record["paper"] = record["quantity"] == "r(F,m,n)" and record["key"] == paper

    def marks(record):
        shown = (["used"] if record["used"] else []) + (["exact"] if record["used"] and record["exact"] else [])
        return ", ".join(shown + (["paper"] if record["paper"] else []))

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
        notes.append(beyond_note("shatter"))
    emit(
        records=records,
        columns=columns,
        parameters={"class": class_name, "fclass": str(fclass), "m": m, "n": n, "N": N},
        title=[f"Bounds on r(F, m, n) for F = {fclass}: m = {m}, n = {n}", _constants(fclass)],
        notes=notes,
        output_format=output_format,
        tablefmt=tablefmt,
    )
