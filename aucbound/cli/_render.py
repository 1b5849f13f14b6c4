"""Writing results to stdout as a table (tabulate), JSON or CSV."""

from __future__ import annotations

import csv
import json
import math
import sys
from dataclasses import dataclass
from collections.abc import Callable


@dataclass(frozen=True)
class Column:
    """A table column: its header and how to show a record's value."""

    header: str
    show: Callable[[dict], str]


def number(value) -> str:
    """Six significant digits; 'inf' and '—' (absent) spelled out."""
    if value is None:
        return "—"
    if isinstance(value, float) and math.isinf(value):
        return "inf"
    return f"{value:.6g}"


def _jsonable(value):
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {key: _jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(item) for item in value]
    return value


def emit(*, records, columns, parameters, title=(), notes=(), output_format="table", tablefmt="simple"):
    """Write `records` (dicts of plain values) in the chosen format.

    JSON gets ``{"parameters": …, "results": records}``; CSV gets every field of every
    record; the table gets `columns`, with `title` above and `notes` below (as LaTeX
    comments for the latex formats).
    """
    out = sys.stdout
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

    table = tabulate.tabulate(
        [[column.show(record) for column in columns] for record in records],
        headers=[column.header for column in columns],
        tablefmt=tablefmt,
        disable_numparse=False,
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
