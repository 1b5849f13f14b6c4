"""Writing results to stdout as a table (tabulate), JSON or CSV, and showing numbers in them.

JSON keeps every value exact and readable by any parser: integers beyond 2^53 (ψ(m, n),
sample sizes of 300 digits) are written as strings of their digits — the record's ``log_``
fields give their logarithms beside them — and infinities and NaN as the strings "inf"
and "nan".
"""

from __future__ import annotations

import contextlib
import csv
import json
import math
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass

LN10 = math.log(10.0)
_JSON_EXACT = 2**53
_LONG_INTEGER = re.compile(r"-?[0-9]{7,}")


@dataclass(frozen=True)
class Column:
    """A table column: its header and how to show a record's value."""

    header: str
    show: Callable[[dict], str]


def number(value) -> str:
    """Six significant digits, integers as :func:`integer` shows counts; ∞ (a deliberate
    infinity, such as an undefined variance's half-width) and '—' (absent) spelled out."""
    if value is None:
        return "—"
    if isinstance(value, float) and math.isinf(value):
        return "∞" if value > 0 else "−∞"
    if isinstance(value, int) and not isinstance(value, bool):
        if value == 0:
            return "0"
        shown = integer(math.log(abs(value)), abs(value))
        return shown if value > 0 else shown.replace("≈ ", "≈ -") if shown.startswith("≈") else "-" + shown
    return f"{value:.6g}"


def integer(log_value: float, exact=None) -> str:
    """A count: in full when it is an integer of at most 30 digits, else to 6 digits (a power of ten past 10^15).

    `exact` is the integer itself or a function computing it (called only when short).
    """
    if not math.isfinite(log_value):
        return "∞"
    if log_value < 30 * LN10 - 1e-9 and exact is not None:
        return str(exact() if callable(exact) else exact)
    if log_value < 15 * LN10:
        return f"{math.exp(log_value):.6g}"
    if log_value / LN10 >= 1e15:  # the exponent itself is too long to show, and its last digits unknown
        return f"≈ 10^({integer(math.log(log_value / LN10)).removeprefix('≈ ')})"
    power = math.floor(log_value / LN10)
    mantissa = round(10 ** (log_value / LN10 - power), 5)
    if mantissa >= 10:  # 9.999996… rounds up to the next power
        mantissa, power = mantissa / 10, power + 1
    return f"≈ {mantissa:.5f} × 10^{power}"


def size(value) -> str:
    """A sample size: the integer (in full up to 30 digits), or 'beyond 10^300' for None."""
    if value is None:
        return "beyond 10^300"
    return integer(math.log(value), value)


def interval_text(record: dict) -> str:
    """'[lo, hi]', or 'vacuous' for an interval that is all of [0, 1]."""
    if record["guarantee"] == "vacuous":
        return "vacuous"
    return f"[{number(record['lo'])}, {number(record['hi'])}]"


def _jsonable(value):
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int) and abs(value) > _JSON_EXACT:
        return str(value)
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {str(key): _jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(item) for item in value]
    return value


@contextlib.contextmanager
def long_integers():
    """Lift Python's limit on writing integers of more than 4300 digits (ψ(1000, 1000) has 5859)."""
    limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    if limit:
        sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        if limit:
            sys.set_int_max_str_digits(limit)


def emit(*, records, columns, parameters, title=(), notes=(), output_format="table", tablefmt="simple",
         as_written=False):
    """Write `records` (dicts of plain values) in the chosen format.

    JSON gets ``{"parameters": …, "results": records}``; CSV gets every field of every
    record; the table gets `columns`, with `title` above and `notes` below (as LaTeX
    comments for the latex formats). With `as_written` every cell is shown as its column
    wrote it (tabulate would drop the trailing zeros of 2.6760), right-aligned after the first column.
    """
    out = sys.stdout
    with long_integers():
        if output_format == "json":
            json.dump(_jsonable({"parameters": parameters, "results": list(records)}), out, indent=2, ensure_ascii=False)
            out.write("\n")
            return
        if output_format == "csv":
            fields = list(dict.fromkeys(key for record in records for key in record))
            writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
            writer.writeheader()
            writer.writerows(records)
            return
    import tabulate

    cells = [[column.show(record) for column in columns] for record in records]
    # tabulate would reprint a long exact integer in a column that also holds floats with %g:
    # such columns are kept as written, and right-aligned as numbers are
    exact = [k for k in range(len(columns)) if any(_LONG_INTEGER.fullmatch(row[k]) for row in cells)
             or (as_written and k > 0)]
    table = tabulate.tabulate(
        cells,
        headers=[column.header for column in columns],
        tablefmt=tablefmt,
        disable_numparse=exact or False,
        colalign=[("right" if k in exact else "global") for k in range(len(columns))] if exact else None,
    )
    prefix = "% " if tablefmt.startswith("latex") else ""
    for line in title:
        out.write(f"{prefix}{line}\n")
    if title:
        out.write("\n")
    out.write(table + "\n")
    if notes:
        out.write("\n")
    for line in notes:
        out.write(f"{prefix}{line}\n")
