"""``aucbound psi``: ψ(m, n), the number of realizable bipartite rank matrices, and its bounds."""

from __future__ import annotations

import click

from ._options import library_errors, output_options
from ._progress import Progress
from ._render import Column, emit, integer, number

#: The most (m, n) pairs one table holds.
MAX_PAIRS = 10_000
#: The most work one table does, summed over its pairs (the exact count's or the logarithm's cost).
MAX_TABLE_COST = {"exact": 8 * 10**9, "log": 6 * 10**8}


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


def _check_cost(ms: range, ns: range, method: str) -> None:
    """Refuse a table whose pairs would take too long in all, before counting any."""
    from ..shatter._counting import exact_cost, psi_cost

    def cost(m, n):
        if min(m, n) == 1:
            return 0
        return exact_cost(m, n) if method == "exact" else psi_cost(m, n)

    # the work grows with m and n, so the largest pairs dominate: sum the top corner first
    total = 0
    for m in reversed(ms):
        for n in reversed(ns):
            total += cost(m, n)
            if total > MAX_TABLE_COST[method]:
                raise click.BadParameter(
                    f"the ranges must need at most {MAX_TABLE_COST[method]:,} steps in all for the "
                    f"{'exact count' if method == 'exact' else 'logarithm'} (one large pair may take "
                    f"seconds), but got more; narrow the ranges{' or use --log' if method == 'exact' else ''}.",
                    param_hint="'--m' / '--n'")


def _check_brute_force(reports, counts):
    for report, count in zip(reports, counts):
        if count != report.psi:
            raise click.ClickException(
                f"brute force gave {count} but psi gave {report.psi} at m = {report.m}, n = {report.n}; please report this."
            )


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
    from ..shatter import count_realizable_bruteforce, psi_report
    from ..shatter._counting import check_bruteforce

    ms, ns = m, n
    pairs = (ms.stop - ms.start) * (ns.stop - ns.start)  # len() of a range past 2^63 overflows
    if pairs > MAX_PAIRS:
        raise click.BadParameter(f"the ranges must make at most {MAX_PAIRS:,} pairs (m, n), but got {pairs:,}.",
                                 param_hint="'--m' / '--n'")
    method = "log" if log_only else "exact"
    if bruteforce:
        with library_errors():
            check_bruteforce(ms[-1], ns[-1])  # the largest m·n, before any counting
    _check_cost(ms, ns, method)
    pairs = [(m, n) for m in ms for n in ns]
    reports, counts = [], [] if bruteforce else None
    with library_errors(), Progress("counting") as progress:
        for k, (m, n) in enumerate(pairs, start=1):
            reports.append(psi_report(m, n, method=method))
            if bruteforce:
                counts.append(count_realizable_bruteforce(m, n))
            progress(k, len(pairs))
    if counts is not None:
        _check_brute_force(reports, counts)
    records = []
    for k, report in enumerate(reports):
        record = report.as_dict()
        if counts is not None:
            record["bruteforce"] = counts[k]
        records.append(record)
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
