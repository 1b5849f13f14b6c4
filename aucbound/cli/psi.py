"""``aucbound psi``: ψ(m, n), the number of realizable bipartite rank matrices, and its bounds."""

from __future__ import annotations

import click

from ._options import library_errors, output_options
from ._progress import Progress
from ._render import Column, emit, integer, number

class SizeRange(click.ParamType):
    """A positive integer ``7`` or an inclusive range ``1..6``, as a ``range``."""

    name = "size"

    def convert(self, value, param, ctx):
        if isinstance(value, range):
            return value
        low, sep, high = str(value).strip().partition("..")
        try:
            start, stop = int(low), int(high if sep else low)
        except ValueError:
            self.fail(f"{value!r} is not a positive integer or a range A..B of them.", param, ctx)
        if start < 1 or stop < start:
            self.fail(f"{value!r} is not a positive integer or a range A..B with 1 ≤ A ≤ B.", param, ctx)
        return range(start, stop + 1)


SIZES = SizeRange()


@click.command("psi")
@click.option("--m", "m", type=SIZES, required=True, metavar="M|A..B", help="Number of positives m, or a range A..B.")
@click.option("--n", "n", type=SIZES, required=True, metavar="N|A..B", help="Number of negatives n, or a range A..B.")
@click.option("--bruteforce", is_flag=True, help="Also count by testing all 3^(m·n) matrices (m·n ≤ 16) and compare.")
@click.option("--log", "log_only", is_flag=True, help="Only ln ψ, in floating point (fast for large m and n).")
@output_options
def psi(m, n, bruteforce, log_only, output_format, tablefmt):
    """ψ(m, n): how many m×n matrices over {0, ½, 1} are bipartite rank matrices.

    ψ bounds every rank-shatter coefficient, r(F, m, n) ≤ ψ(m, n) (Agarwal et al. 2005,
    Thm 4.3). One m and n: ψ exactly, beside the bounds 3^max(m,n) ≤ ψ ≤ (m+n)!·2^(m+n−1)
    of §4.3 and the 3^(m·n) matrices in all. Ranges: a table of ψ, rows m and columns n.
    The count is exact for any size (a recurrence over ordered partitions, in integers); --bruteforce checks it
    against all 3^(m·n) matrices.

    \b
    Examples:
      aucbound psi --m 3 --n 4
      aucbound psi --m 1..6 --n 1..6
      aucbound psi --m 4 --n 4 --bruteforce
      aucbound psi --m 1000 --n 1000 --log
      aucbound psi --m 1..3 --n 1..3 --format json
    """
    if bruteforce and log_only:
        raise click.UsageError("--bruteforce and --log exclude each other.")
    from ..shatter import psi_table

    ms, ns = m, n
    with library_errors({"ms": "--m", "ns": "--n", "m": "--m", "n": "--n"}), Progress("counting") as progress:
        reports = psi_table(ms, ns, method="log" if log_only else "exact", bruteforce=bruteforce, progress=progress)
    counts = [report.bruteforce for report in reports] if bruteforce else None
    pairs = [(report.m, report.n) for report in reports]
    records = [report.as_dict() for report in reports]
    parameters = {"m": [ms.start, ms.stop - 1], "n": [ns.start, ns.stop - 1], "bruteforce": bruteforce, "log": log_only}
    shown = (lambda r: number(r["log_psi"])) if log_only else (lambda r: integer(r["log_psi"], r["psi"]))
    what = "ln psi(m, n)" if log_only else "psi(m, n)"
    if len(pairs) == 1 or output_format != "table":
        _emit_single(records, reports, counts, parameters, output_format, tablefmt)
        return
    rows = [{"m": m, **{n: records[k * len(ns) + j] for j, n in enumerate(ns)}} for k, m in enumerate(ms)]
    notes = [f"brute force over all 3^(m·n) matrices agrees on all {len(pairs)} pairs"] if counts else []
    emit(
        records=rows,
        columns=[Column("m \\ n", lambda r: str(r["m"]))] + [Column(str(n), lambda r, n=n: shown(r[n])) for n in ns],
        parameters=parameters,
        title=[f"{what}: realizable m×n bipartite rank matrices (Agarwal et al. 2005, Thm 4.3)"],
        notes=notes,
        output_format=output_format,
        tablefmt=tablefmt,
    )


def _emit_single(records, reports, counts, parameters, output_format, tablefmt):
    """One (m, n): ψ with the bounds as rows of quantity, value, ln; JSON and CSV: every record."""
    if output_format != "table":
        emit(records=records, columns=[], parameters=parameters, output_format=output_format, tablefmt=tablefmt)
        return
    report = reports[0]
    rows = [
        ("lower bound 3^max(m,n)", report.log_lower, lambda: report.lower, "§4.3"),
        ("psi(m, n)", report.log_psi, report.psi, "exact count" if report.psi else
         "ln of the exact count, in floating point"),
    ]
    if counts is not None:
        rows.append(("psi(m, n) by brute force", report.log_psi, counts[0], "all 3^(m·n) matrices tested (Thm 4.3)"))
    rows += [
        ("upper bound (m+n)!·2^(m+n-1)", report.log_upper, lambda: report.upper, "§4.3"),
        ("all matrices 3^(m·n)", report.log_matrices, lambda: report.matrices, "§4.1"),
    ]
    emit(
        records=[{"quantity": q, "log": log, "exact": exact, "source": source} for q, log, exact, source in rows],
        columns=[
            Column("quantity", lambda r: r["quantity"]),
            Column("value", lambda r: integer(r["log"], r["exact"])),
            Column("ln value", lambda r: number(r["log"])),
            Column("source", lambda r: r["source"]),
        ],
        parameters=parameters,
        title=[f"psi(m, n), the realizable m×n bipartite rank matrices (Agarwal et al. 2005, Thm 4.3): "
               f"m = {report.m}, n = {report.n}"],
        output_format="table",
        tablefmt=tablefmt,
    )
