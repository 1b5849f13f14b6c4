"""How results show themselves: as text (``str``), as an HTML table in Jupyter, and as a pandas DataFrame.

:class:`Displayed` is the base of every result dataclass. It splits a result into its
scalar fields and, where it has one, a table: rows (results shown as dicts, one per row)
or equal-length array columns. Text and HTML show every row of a table of up to
:data:`MAX_TABLE_ROWS` rows; of a longer one, the first and last :data:`TABLE_EDGE` rows
and a line saying how many were left out and where they all are (``to_frame()``), taking
those rows out of the arrays before formatting anything, so that a curve of a million
points shows at once. pandas is imported by ``to_frame()`` alone.
"""

from __future__ import annotations

import html
import math
from dataclasses import fields

import numpy as np

__all__ = ["EDGE", "MAX_DIGITS", "MAX_TABLE_ROWS", "TABLE_EDGE", "Displayed"]

#: Items shown at each end of a long list in a field (a list of up to 2·EDGE items is shown whole).
EDGE = 5
#: A table of up to this many rows is shown whole: an interval table, a coverage table, a short curve.
MAX_TABLE_ROWS = 60
#: Rows shown at each end of a longer table.
TABLE_EDGE = 10
#: Integers with more digits than this are shown shortened, with their number of digits.
MAX_DIGITS = 20
_LOG10_2 = math.log10(2.0)
_MISSING = "-"


class Displayed:
    """Text, HTML and pandas forms of a result: a frozen dataclass with ``as_dict()``.

    A result shows its ``as_dict()`` values, less the fields declared ``repr=False`` (per-item
    arrays). Its table is the list of row dicts under the key ``_table_rows``, or, when
    ``_table_columns`` names attributes, those equal-length arrays as they are (hidden or
    not). ``_headline`` names the field the first line shows. A class whose ``as_dict()`` is
    costly overrides :meth:`_table`. ``repr()`` stays the dataclass's.
    """

    _table_rows = "rows"
    _table_columns = ()
    _headline = None

    def _table(self):
        """``(scalars, table)``: the values shown one per line, and the table — a dict of equal-length
        columns, a list of row dicts, or None when the result has none."""
        data = self.as_dict()
        rows = data.pop(self._table_rows, None)
        hidden = {field.name for field in fields(self) if not field.repr}.union(self._table_columns)
        scalars = {key: value for key, value in data.items() if key not in hidden}
        if self._table_columns:
            return scalars, {name: getattr(self, name) for name in self._table_columns}
        return scalars, (list(rows) if rows else None)

    def _shown_fields(self) -> dict:
        """The fields not declared ``repr=False``, as they are (for a :meth:`_table` without ``as_dict()``)."""
        return {field.name: getattr(self, field.name) for field in fields(self) if field.repr}

    def _title(self, scalars: dict) -> str:
        name = type(self).__name__
        value = scalars.get(self._headline)
        return name if value is None else f"{name}: {self._headline} = {_text(value)}"

    def __str__(self) -> str:
        """The result's name, its fields one per line, then its table (a long one cut to both ends).

        >>> import aucbound
        >>> print(aucbound.interval(100, 50, 0.05))  # doctest: +ELLIPSIS
        Interval: epsilon = 0.23523
        method          mcdiarmid
        m               100
        n               50
        ...
        confidence      0.95
        """
        scalars, table = self._table()
        lines = [self._title(scalars), *_aligned(scalars)]
        if table is not None:
            lines += ["", *_table_text(_without_repeats(table, scalars))]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The same as HTML tables, for Jupyter: the fields, then the result's table.

        >>> import aucbound
        >>> print(aucbound.interval(100, 50, 0.05)._repr_html_())  # doctest: +ELLIPSIS
        <table>
        <caption>Interval: epsilon = 0.23523</caption>
        <tr><th>method</th><td>mcdiarmid</td></tr>
        ...
        </table>
        """
        scalars, table = self._table()
        parts = ["<table>", f"<caption>{html.escape(self._title(scalars))}</caption>"]
        parts += [f"<tr><th>{html.escape(name)}</th><td>{html.escape(_text(value))}</td></tr>"
                  for name, value in scalars.items()]
        parts.append("</table>")
        if table is not None:
            parts += _table_html(_without_repeats(table, scalars))
        return "\n".join(parts)

    def to_frame(self):
        """A pandas DataFrame: one row per table row (every row, full precision), the other fields in
        ``frame.attrs``; for a result without a table, one row of its fields.

        >>> import aucbound
        >>> table = aucbound.intervals([0, 0, 1, 1, 1], [0.1, 0.6, 0.4, 0.8, 0.9], methods=["hoeffding", "delong"])
        >>> frame = table.to_frame()
        >>> frame.shape, list(frame["method"]), frame.attrs["auc"]
        ((2, 13), ['hoeffding', 'delong'], 0.8333333333333334)
        """
        pandas = _pandas()
        scalars, table = self._table()
        if table is None:
            return pandas.DataFrame([scalars])
        frame = pandas.DataFrame(table)
        frame.attrs.update(scalars)
        return frame


def _pandas():
    try:
        import pandas
    except ImportError:
        raise ImportError("to_frame() needs pandas: pip install pandas (or pip install aucbound[pandas])") from None
    return pandas


# --- values as text -------------------------------------------------------------------


def _text(value, nested: bool = False) -> str:
    """A value as shown: floats to 6 significant digits, long integers shortened, None as '-',
    long lists cut to both ends (inside a list, only counted)."""
    if value is None:
        return _MISSING
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, (int, np.integer)):
        return _integer_text(int(value))
    if isinstance(value, (float, np.floating)):
        return f"{float(value):.6g}"
    if isinstance(value, (list, tuple, np.ndarray)):
        return _list_text(value, nested)
    return str(value)


def _integer_text(value: int) -> str:
    """In full up to :data:`MAX_DIGITS` digits, else as ≈mantissa·10^exponent and its digit count.

    >>> _integer_text(3**1000)
    '≈1.32207e+477 (478 digits)'
    """
    if abs(value) < 10**MAX_DIGITS:
        return str(value)
    digits, power = _digits(abs(value))
    mantissa, exponent = f"{abs(value) / power:.5e}".split("e")  # int / int: correctly rounded, never via float(value)
    sign = "-" if value < 0 else ""
    return f"≈{sign}{mantissa}e+{digits - 1 + int(exponent)} ({digits} digits)"


def _digits(value: int) -> tuple[int, int]:
    """``(d, 10**(d − 1))`` for a positive integer of d digits, exactly, without writing it out
    (Python writes at most 4300 digits of an integer as text)."""
    exponent = int(value.bit_length() * _LOG10_2) + 1  # ⌊log10 value⌋ or up to two more
    power = 10**exponent
    while power > value:
        exponent, power = exponent - 1, power // 10
    return exponent + 1, power


def _list_text(values, nested: bool = False) -> str:
    """``[a, b, c]``; past 2·EDGE items the first and last EDGE and the count, or inside a list the
    count alone."""
    if len(values) <= 2 * EDGE:
        return "[" + ", ".join(_text(item, True) for item in values) + "]"
    if nested:
        return f"[{len(values)} values]"
    head, tail = (", ".join(_text(item, True) for item in part) for part in (values[:EDGE], values[-EDGE:]))
    return f"[{head}, …, {tail}] ({len(values)} values)"


def _aligned(scalars: dict) -> list[str]:
    """``name  value`` lines, the values in one column."""
    width = max((len(name) for name in scalars), default=0)
    return [f"{name:<{width}}  {_text(value)}" for name, value in scalars.items()]


# --- tables ---------------------------------------------------------------------------


def _without_repeats(table, scalars: dict):
    """A table of row dicts less the columns that only repeat a field shown above it (every
    row's m, n and δ in a table of intervals); a table of columns as it is."""
    if isinstance(table, dict) or not table:
        return table
    repeated = {key for key, value in scalars.items()
                if all(key in row and _same(row[key], value) for row in table)}
    return [{key: value for key, value in row.items() if key not in repeated} for row in table]


def _same(a, b) -> bool:
    try:
        return bool(a == b) and type(a) is type(b)
    except (TypeError, ValueError):  # arrays compare elementwise
        return False


def _ends(rows) -> list:
    """Every row of a table of up to MAX_TABLE_ROWS; the first and last TABLE_EDGE of a longer one (sliced first)."""
    if len(rows) <= MAX_TABLE_ROWS:
        return list(rows)
    return list(rows[:TABLE_EDGE]) + list(rows[-TABLE_EDGE:])


def _excerpt(table) -> tuple[list[str], list[list], int]:
    """``(headers, rows shown, rows in all)`` of a table of columns or of row dicts."""
    if isinstance(table, dict):
        headers = list(table)
        total = len(table[headers[0]]) if headers else 0
        return headers, [list(row) for row in zip(*(_ends(column) for column in table.values()))], total
    shown = _ends(table)
    headers = list(dict.fromkeys(key for row in shown for key in row))
    return headers, [[row.get(key) for key in headers] for row in shown], len(table)


def _is_number(value) -> bool:
    return isinstance(value, (int, float, np.number)) and not isinstance(value, (bool, np.bool_))


def _numeric(column) -> bool:
    """Whether a column holds numbers (and missing values) only: it is right-aligned."""
    return any(_is_number(value) for value in column) and all(value is None or _is_number(value) for value in column)


def _more(shown: int, total: int) -> list[str]:
    """The line under a table cut short: how many rows were left out, and where every row is."""
    if total <= shown:
        return []
    return [f"… {total - shown:,} of {total:,} rows not shown: to_frame() has every row"]


def _table_text(table) -> list[str]:
    """The table in tabulate's 'simple' format, and the count of a table cut short."""
    from tabulate import tabulate

    headers, rows, total = _excerpt(table)
    align = ["right" if _numeric(column) else "left" for column in zip(*rows)] or None
    cells = [[_text(value) for value in row] for row in rows]
    if total > len(rows):  # a row of dots where the middle was left out
        cells.insert(TABLE_EDGE, ["…"] * len(headers))
    text = tabulate(cells, headers=headers, tablefmt="simple", disable_numparse=True, colalign=align)
    return [text, *_more(len(rows), total)]


def _table_html(table) -> list[str]:
    """The table as HTML: a header row, the rows shown, and the count of a table cut short."""
    headers, rows, total = _excerpt(table)
    parts = ["<table>", "<thead><tr>" + "".join(f"<th>{html.escape(name)}</th>" for name in headers) + "</tr></thead>",
             "<tbody>"]
    cells = ["<tr>" + "".join(f"<td>{html.escape(_text(value))}</td>" for value in row) + "</tr>" for row in rows]
    if total > len(rows):
        cells.insert(TABLE_EDGE, "<tr>" + "<td>…</td>" * len(headers) + "</tr>")
    parts += cells
    parts += [f'<tr><td colspan="{len(headers)}">{html.escape(line)}</td></tr>' for line in _more(len(rows), total)]
    parts += ["</tbody>", "</table>"]
    return parts
