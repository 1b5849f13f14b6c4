"""Reading score and label columns from CSV/TSV text, ``.npy`` and ``.npz`` files, or stdin.

Text (CSV, or TSV when the first line has a tab, or split on any other one character given
as ``delimiter``, such as ``;``): columns are named by the header or by 0-based index; the
first non-empty line is a header unless every requested score column is given as an index
and holds a number (or a missing value) there. Fields may be quoted with ``"`` (a quoted
field may span lines); empty lines are skipped. The text is read once, in blocks of lines:
numpy's C parser (``np.loadtxt``) turns each block's score columns into float64 and its
label column into strings, which are replaced at once by class codes (an index into the
distinct labels), so that memory grows with the scores, not with the text of the labels.
Only when a block fails, or holds a NaN or infinite score or a missing label, is it scanned
line by line with the ``csv`` module to name the first bad line and column.

A missing value is an empty field or one of ``NA``, ``N/A``, ``NaN``, ``null``, ``None``,
``<NA>``, ``#N/A`` (any case, spaces around), as R, pandas and spreadsheets write them, in
the label or a score column; a score numpy reads as NaN (``-nan``) is missing too. Under
``nan_policy="raise"`` (the default) the first one is refused, naming its line; under
``"omit"`` every row with one in a requested column is dropped (rows missing values only in
other columns stay), and a :class:`~aucbound.RowsOmittedWarning` says how many. A block
whose scores numpy's parser cannot read as floats (an empty field, ``NA``) is then read
again with a converter that turns a missing score into NaN; blocks without one keep the
fast path. An infinite or unreadable score is not missing: it is refused under both
policies, on any row.

A score is a number in ASCII syntax — digits, sign, ``.``, exponent, ``inf`` or ``nan``,
spaces around — which is what numpy's parser reads (a decimal comma, ``1,5``, is refused
with a message saying so); ``float`` would also take other scripts' digits (``١٢``) and
underscores (``1_000``), which are refused here. A score column whose every value is an
integer literal, some beyond ±2^53, is read again as exact integers (int64, or Python
integers beyond it) so that no two of them merge in float64;
:func:`aucbound.empirical._labels.scores` compares them by their exact ranks.

``.npy``: a structured array (columns by field name or index) or a 2-D array (columns by
index), memory-mapped. ``.npz``: one 1-D array per column, by name or index. Object
arrays are never unpickled. A NaN score, or a NaN in a float label column, is missing.
``-`` reads standard input, as text or as ``.npy``/``.npz`` bytes (recognised by their
magic numbers).

Labels are integers when every label is an integer literal, ``True``/``False`` when they
are those words, other numbers when every label is one, and strings otherwise (an object
array sharing one string per class, 8 bytes a row). A bad column name or cell raises a
:class:`~aucbound._validate.ParameterError` naming ``score``, ``label`` or ``path``; an
unreadable file raises ``OSError``.
"""

from __future__ import annotations

import csv
import io
import itertools
import math
import re
import warnings
from dataclasses import dataclass

import numpy as np

from .. import _validate as v
from .. import _files
from ._columns import NAN_POLICIES
from ._labels import encode

__all__ = ["MISSING", "Columns", "label_value", "read_columns"]

_INTEGER = re.compile(r"[+-]?[0-9]+")
_DECIMAL_COMMA = re.compile(r"\s*[+-]?[0-9]*,[0-9]+\s*")
#: Characters no delimiter may be: they are part of numbers, of quoting, or of line ends.
_NOT_DELIMITERS = '.+-"\r\n'
#: Lines parsed at a time: large enough for numpy's parser to dominate, small enough that a
#: block's strings (a few MB) never matter.
_BLOCK = 1 << 16
#: How a missing value is written (compared in lower case, spaces around stripped): an empty
#: field, and what R, pandas and spreadsheets write for one.
MISSING = frozenset({"", "na", "n/a", "nan", "null", "none", "<na>", "#n/a"})


def fail_at(parameter: str, rule: str, got: str, where: str, *, missing: bool = False) -> v.ParameterError:
    """The error for data of `parameter` breaking `rule` at `where` (e.g. "line 7 of data.csv"),
    a :class:`MissingValueError` when what it got is `missing`."""
    return (v.MissingValueError if missing else v.ParameterError)(parameter, rule, f"{got} on {where}")


def _index(text: str) -> int | None:
    """The 0-based index `text` writes in ASCII digits, else None."""
    return int(text) if text.isascii() and text.isdigit() else None


def column(parameter: str, value, names, source: str, *, width: int | None = None, hint: str = "") -> int:
    """The 0-based index of the column `value` names: a header name, or an index given as digits.

    `names` are the header's names, or None when the data have none (then `width` is the
    number of columns); `source` names the file in the message, and `hint` follows the
    column names there (a template in which ``{delimiter}`` names that parameter).
    """
    text = str(value)
    if names is not None:
        if text in names:
            return list(names).index(text)
        width = len(names)
    index = _index(text)
    if index is not None and index < width:
        return index
    others = ()
    if names is None:
        rule = f"a 0-based column index of {source} (below {width})"
    else:
        shown = ", ".join(v.printable(name, 40) for name in names[:20]) + (", …" if len(names) > 20 else "")
        rule = f"a column name or 0-based index of {v.printable(source)} ({shown or 'it has none'}"
        if hint:  # the file's name and columns are data (braces escaped, once cut), the hint a template
            rule, others = rule.replace("{", "{{").replace("}", "}}") + hint, ("delimiter",)
        rule += ")"
    raise v.fail(parameter, rule, v.printable(text), others=others)


def _is_finite_number(text: str) -> bool:
    value = _files.number(text)
    return value is not None and bool(np.isfinite(value))


def _is_missing(text: str) -> bool:
    """Whether a field writes a missing value (one of :data:`MISSING`)."""
    return text.strip().lower() in MISSING


def _is_missing_score(text: str) -> bool:
    """Whether a score field is missing: one of :data:`MISSING`, or a NaN in another spelling (``-nan``)."""
    if _is_missing(text):
        return True
    value = _files.number(text)
    return value is not None and math.isnan(value)


def _score_or_nan(text: str) -> float:
    """A score field as numpy's parser reads it, with NaN for a missing value; ValueError for anything else."""
    value = _files.number(text)
    if value is None:
        if not _is_missing(text):
            raise ValueError(f"could not convert string {text!r} to float64")
        return math.nan
    return value


def _exact_integer(text: str) -> int:
    """The integer literal `text` (spaces around allowed) as a Python integer; ValueError otherwise."""
    text = text.strip()
    if not _INTEGER.fullmatch(text):
        raise ValueError(f"not an integer literal: {text!r}")
    return int(text)


def _exact_integer_or_none(text: str) -> int | None:
    """:func:`_exact_integer`, or None for a missing score (of a row that is dropped)."""
    try:
        return _exact_integer(text)
    except ValueError:
        if _is_missing_score(text):
            return None
        raise


@dataclass(frozen=True)
class Columns:
    """Score columns and a label column read from `source`, with the names they go by.

    `rows` rows were read; under ``nan_policy="omit"``, `omitted` of them had a missing
    value and were dropped (`rows` defaults to the labels' length plus `omitted`).
    """

    source: str
    score_names: tuple[str, ...]
    label_name: str
    scores: tuple[np.ndarray, ...]
    labels: np.ndarray
    rows: int | None = None
    omitted: int = 0

    def __post_init__(self):
        if self.rows is None:
            object.__setattr__(self, "rows", len(self.labels) + self.omitted)


def _label_array(texts: list, codes: np.ndarray) -> np.ndarray:
    """The labels whose distinct texts are `texts` and whose indexes into them are `codes`.

    Exact values, never merging two labels that differ as written: integers when every
    label is an integer literal (int64, or Python integers beyond it), booleans for
    true/false words, floats when every label is a number and no two distinct texts become
    the same float ("1" and "1.0" stay text), and the texts themselves otherwise (an object
    array of one string per class). Spaces around a label do not count.
    """
    stripped = [text.strip() for text in texts]
    distinct = len(set(stripped))
    if all(_INTEGER.fullmatch(text) for text in stripped):
        values = [int(text) for text in stripped]
        if len(set(values)) == distinct:  # "01" and "1" would be one integer: keep them as text
            exact = all(-(2**63) <= value < 2**63 for value in values)
            return np.array(values, dtype=np.int64 if exact else object)[codes]
    lowered = [text.lower() for text in stripped]
    if set(lowered) <= {"true", "false"} and len(set(lowered)) == distinct:
        return np.array([text == "true" for text in lowered])[codes]
    floats = [_files.number(text) for text in stripped]
    if None not in floats and len(set(floats)) == distinct and not any(np.isnan(floats)):
        return np.array(floats, dtype=np.float64)[codes]
    return np.array(stripped, dtype=object)[codes]


def _bad_score(name: str, got: str, where: str, text: str = "", *, missing: bool = False) -> v.ParameterError:
    rule = f"a finite number in every row of column {name!r}"
    if _DECIMAL_COMMA.fullmatch(text):
        rule += " (with a decimal point: decimal commas such as 1,5 are not read)"
    return fail_at("score", rule, got, where, missing=missing)


def _delimiter(delimiter) -> str | None:
    """`delimiter` checked: None (detect) or one character that can split fields."""
    if delimiter is None:
        return None
    if not isinstance(delimiter, str):
        raise v.ParameterTypeError("delimiter", "one character such as ';' or a tab", v.show(delimiter))
    if (len(delimiter) != 1 or delimiter.isalnum() or delimiter in _NOT_DELIMITERS
            or not (delimiter.isprintable() or delimiter == "\t")):
        raise v.fail("delimiter", "one character that splits fields, such as ';', '|' or a tab (not a letter, "
                     "digit, '.', '+', '-', a quote or a line end)", delimiter)
    return delimiter


def _bad_label(name: str, got: str, where: str, *, every: str = "on every line") -> v.ParameterError:
    """The error for a missing label (`every` says where labels are due: "on every line", "in every row")."""
    return fail_at("label", f"a label {every} of column {name!r}", got, where, missing=True)


def _none_left(omitted: int, source: str) -> v.ParameterError:
    """The error for data whose every row had a missing value."""
    return v.ParameterError("path", "a row whose label and scores are all present",
                            f"no rows left after omitting {omitted} row{'s' * (omitted != 1)} with a missing value "
                            f"in {source}", verb="have")


# --- text ---------------------------------------------------------------------------------


def _unsplittable(error: csv.Error, number: int, source: str) -> v.ParameterError:
    """The error for a line the csv module cannot split (e.g. a field beyond its size limit)."""
    return v.ParameterError("path", "lines the csv module can split", f"{str(error)!r} on line {number} of {source}",
                            verb="have")


def _scan(block: list[str], start: int, delimiter: str, wanted: list[tuple[str, str, int]], source: str,
          omit: bool = False) -> None:
    """Raise for the first record of `block` (whose first line is line `start`) with a missing or bad field.

    `wanted` lists (parameter, column name, index) for each column read; score columns
    must be finite numbers in ASCII syntax and the label column present. With `omit`, a
    missing score or label passes (its row is dropped); a bad one still fails.
    """
    reader = csv.reader(block, delimiter=delimiter)
    while True:
        number = start + reader.line_num  # the line the next record starts on
        try:
            fields = next(reader, None)
        except csv.Error as error:
            raise _unsplittable(error, start + reader.line_num - 1, source) from None
        if fields is None:
            return
        if not fields:
            continue
        where = f"line {number} of {source}"
        for parameter, name, index in wanted:
            if index >= len(fields):
                raise fail_at(parameter, f"present on every line (column {name!r})", f"{len(fields)} fields", where)
            text = fields[index]
            if parameter == "label":
                if not omit and _is_missing(text):
                    raise _bad_label(name, repr(text), where)
            elif not _is_finite_number(text):
                missing = _is_missing_score(text)
                if not (omit and missing):
                    raise _bad_score(name, repr(text), where, text, missing=missing)


def _recording(lines, block: list):
    """Yield the lines of `lines`, appending each to `block` (which the caller empties between reads).

    numpy's parser takes lines from an iterator one at a time, exactly as far as the rows
    it is asked for reach (a quoted field may span lines), so `block` then holds exactly
    the lines of the rows it read.
    """
    for line in lines:
        block.append(line)
        yield line


def _parse(lines, delimiter: str, indexes: list[int], dtype, *, converters=None, max_rows=None) -> np.ndarray:
    """np.loadtxt of the given columns of `lines` (an iterable of lines): one row per data line."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "input contained no data"
        return np.loadtxt(
            lines,
            delimiter=delimiter,
            usecols=indexes,
            dtype=dtype,
            converters=converters,
            max_rows=max_rows,
            comments=None,
            quotechar='"',
            encoding="utf-8",
            ndmin=1,
        )


def _text_lines(opener):
    return io.TextIOWrapper(opener(), encoding="utf-8-sig", newline="")


def _room(buffer: np.ndarray, used: int, more: int) -> np.ndarray:
    """`buffer`, or a copy of its first `used` entries (along the last axis) in one twice as long, to fit `more`.

    A buffer grown by doubling costs no more than twice its final size; the pages of its
    unused tail are never touched, so they take no memory.
    """
    if used + more <= buffer.shape[-1]:
        return buffer
    grown = np.empty(buffer.shape[:-1] + (max(2 * buffer.shape[-1], used + more),), dtype=buffer.dtype)
    grown[..., :used] = buffer[..., :used]
    return grown


@dataclass(frozen=True)
class _Layout:
    """Where the requested columns are in a text file, and how its lines split."""

    source: str
    delimiter: str
    names: list[str]  # every column's name: the header's, or "column k"
    score_idx: list[int]
    label_idx: int
    data_start: int  # the number of the first line after the header (or of the first line, without one)

    def wanted(self) -> list[tuple[str, str, int]]:
        """(parameter, column name, index) of every column read, for :func:`_scan`."""
        return [("score", self.names[k], k) for k in self.score_idx] + [("label", self.names[self.label_idx], self.label_idx)]


def _layout(lines, source: str, scores: list, label, delimiter: str | None):
    """(the layout of the text, an iterator over its data lines) from its first non-empty line.

    That line is a header unless every score column is given as an index and holds a
    number or a missing value there.
    """
    first, number = "", 0
    for number, first in enumerate(lines, start=1):
        if first.rstrip("\r\n"):
            break
    if not first.rstrip("\r\n"):
        raise v.ParameterError("path", "data rows", f"an empty file ({source})", verb="have")
    detected = delimiter is None
    if detected:
        delimiter = "\t" if "\t" in first else ","
    try:
        fields = next(csv.reader([first], delimiter=delimiter))
    except csv.Error as error:
        raise _unsplittable(error, number, source) from None
    indexes = [_index(str(s)) for s in scores]
    headerless = all(k is not None and k < len(fields) and (_files.number(fields[k]) is not None or _is_missing(fields[k]))
                     for k in indexes)
    header = None if headerless else [field.strip() for field in fields]
    other = next((c for c in ";|" if c in first), None) if detected and len(fields) == 1 else None
    hint = f"; one column only: if {other!r} splits the fields, give {{delimiter}} {other!r}" if other else ""
    layout = _Layout(
        source,
        delimiter,
        header if header is not None else [f"column {k}" for k in range(len(fields))],
        [column("score", s, header, source, width=len(fields), hint=hint) for s in scores],
        column("label", label, header, source, width=len(fields), hint=hint),
        number if headerless else number + 1,
    )
    return layout, itertools.chain([first], lines) if headerless else lines


def _read_rows(lines, layout: _Layout, omit: bool) -> tuple[np.ndarray, np.ndarray, int, np.ndarray]:
    """(scores, labels, rows read, dropped rows) of the data lines `lines`.

    The scores are a (score columns, rows kept) float64 array; the dropped rows (with
    `omit`: those with a missing label or score) are 0-based positions among the rows read.
    Blocks of up to _BLOCK rows go through numpy's parser, the scores as float64 and the
    labels as strings, which become codes into the distinct labels at once. A block that
    fails, or holds a NaN or infinite score or a missing label, is scanned to name its first
    bad line — except that with `omit` a block that fails is first read again with missing
    scores as NaN, and rows with a NaN score or a missing label are dropped.
    """
    dtype = np.dtype([(f"score {j}", np.float64) for j in range(len(layout.score_idx))] + [("label", object)])
    usecols = layout.score_idx + [layout.label_idx]
    converters = {k: _score_or_nan for k in layout.score_idx if k != layout.label_idx}
    values = np.empty((len(layout.score_idx), _BLOCK))  # one row per score column, grown as blocks come
    codes = np.empty(_BLOCK, dtype=np.int32)  # each row's index into `classes`
    classes: list[str] = []  # the distinct labels, in the order they come
    code_of: dict[str, int] = {}  # each label text's index into `classes`; -1 for a missing one (with `omit`)
    rows, read, dropped = 0, 0, []
    start, block = layout.data_start, []
    feed = _recording(lines, block)

    def refuse(fallback):
        """Raise for the first bad line of the block just read; else `fallback` of the block's lines."""
        _scan(block, start, layout.delimiter, layout.wanted(), layout.source, omit)
        raise fallback(f"lines {start}–{start + len(block) - 1} of {layout.source}")  # the csv module saw no fault

    def parse(source, converters=None):
        """(the next block of `source`, None), or (None, the parser's ValueError)."""
        try:
            return _parse(source, layout.delimiter, usecols, dtype, converters=converters, max_rows=_BLOCK), None
        except UnicodeDecodeError:
            raise
        except ValueError as error:
            return None, error

    while True:
        chunk, error = parse(feed)
        if error is not None and omit:  # again from the block's first line, missing scores as NaN
            chunk, error = parse(itertools.chain(block.copy(), feed), converters)
        if error is not None:
            reason = repr(str(error))
            refuse(lambda where: fail_at("path", "CSV that numpy's parser reads", reason, where))
        size = chunk.shape[0]
        if not size:
            break
        keep = None  # the rows of the block kept, when some are dropped
        for j, k in enumerate(layout.score_idx):
            finite = np.isfinite(chunk[f"score {j}"])
            if not finite.all():
                if not omit or np.isinf(chunk[f"score {j}"][~finite]).any():
                    refuse(lambda where: _bad_score(layout.names[k], "a NaN or infinite value", where))
                keep = finite if keep is None else keep & finite
        texts = chunk["label"].tolist()
        for text in dict.fromkeys(texts):
            if text not in code_of:
                if not _is_missing(text):
                    code_of[text] = len(classes)
                    classes.append(text)
                elif omit:
                    code_of[text] = -1
                else:
                    refuse(lambda where: _bad_label(layout.names[layout.label_idx], repr(text), where))
        block_codes = np.fromiter(map(code_of.__getitem__, texts), dtype=np.int32, count=size)
        if omit:
            labelled = block_codes >= 0
            if not labelled.all():
                keep = labelled if keep is None else keep & labelled
        if keep is not None:
            dropped.append(read + np.flatnonzero(~keep))
            block_codes = block_codes[keep]
        kept = block_codes.shape[0]
        values, codes = _room(values, rows, kept), _room(codes, rows, kept)
        for j in range(len(layout.score_idx)):
            column = chunk[f"score {j}"]
            values[j, rows:rows + kept] = column if keep is None else column[keep]
        codes[rows:rows + kept] = block_codes
        rows, read, start = rows + kept, read + size, start + len(block)
        block.clear()
    if not rows:
        if read:
            raise _none_left(read, layout.source)
        name = layout.names[layout.score_idx[0]]
        raise fail_at("score", f"a column with at least one value ({name!r})", "no data rows", layout.source)
    codes = codes[:rows]
    if dropped:  # a label seen only on dropped rows is no class
        used = np.bincount(codes, minlength=len(classes)) > 0
        if not used.all():
            codes = (np.cumsum(used) - 1).astype(np.int32)[codes]
            classes = [text for text, present in zip(classes, used.tolist()) if present]
    gone = np.concatenate(dropped) if dropped else np.empty(0, dtype=np.intp)
    return values[:, :rows], _label_array(classes, codes), read, gone


def _read_text(opener, source: str, scores: list, label, delimiter: str | None, omit: bool) -> Columns:
    with _text_lines(opener) as lines:
        layout, data = _layout(lines, source, scores, label, delimiter)
        values, labels, read, dropped = _read_rows(data, layout, omit)
    columns = tuple(_exact_integers(opener, layout, k, column, dropped) if _beyond_float(column) else column
                    for k, column in zip(layout.score_idx, values))
    names = layout.names
    return Columns(source, tuple(names[k] for k in layout.score_idx), names[layout.label_idx], columns, labels,
                   rows=read, omitted=len(dropped))


def _beyond_float(column: np.ndarray) -> bool:
    """Whether `column` may hold integers that float64 rounded: all integral, some at or beyond ±2^53."""
    return max(column.max(), -column.min()) >= v.EXACT_FLOAT_INTEGERS and bool((column == np.trunc(column)).all())


def _exact_integers(opener, layout: _Layout, index: int, floats: np.ndarray, dropped: np.ndarray) -> np.ndarray:
    """Column `index` read again as exact integers (int64, or Python integers beyond it), without the `dropped` rows.

    `floats` (the column as float64) comes back unchanged when some value is not an
    integer literal.
    """
    with _text_lines(opener) as lines:
        data = itertools.islice(lines, layout.data_start - 1, None)
        try:
            exact = _parse(data, layout.delimiter, [index], object, converters=_exact_integer_or_none)
        except ValueError:
            return floats
    if dropped.size:
        exact = np.delete(exact, dropped)
    try:
        return exact.astype(np.int64)
    except OverflowError:
        return exact


# --- numpy files --------------------------------------------------------------------------


def _one_dimensional(parameter: str, name: str, array: np.ndarray, kinds: str, what: str, source: str) -> None:
    if array.ndim != 1 or array.dtype.kind not in kinds:
        raise fail_at(parameter, f"a one-dimensional {what} column ({name!r})",
                      f"dtype {array.dtype}, shape {array.shape}", source)


def _finite(name: str, values, source: str, omit: bool) -> np.ndarray:
    """The scores of column `name`: integers kept exact, floats checked finite (NaN, missing, left in
    with `omit`), booleans as 0/1."""
    array = np.asarray(values)
    _one_dimensional("score", name, array, "iufb", "numeric", source)
    if array.dtype.kind in "iu":
        return np.array(array)
    array = array.astype(np.float64)
    finite = np.isfinite(array)
    if not finite.all():
        bad = np.flatnonzero(np.isinf(array) if omit else ~finite)
        if bad.size:
            value = float(array[bad[0]])
            raise _bad_score(name, repr(value), f"row {bad[0]} (0-based) of {source}", missing=math.isnan(value))
    return array


def _numpy_labels(name: str, values, source: str, omit: bool) -> np.ndarray:
    """The labels of column `name`: numbers and booleans as they are (NaN, missing, refused unless
    `omit`), strings as :func:`_label_array` reads them."""
    array = np.asarray(values)
    _one_dimensional("label", name, array, "iufbUS", "numeric or string", source)
    if array.dtype.kind == "f" and not omit:
        bad = np.flatnonzero(np.isnan(array))
        if bad.size:
            raise _bad_label(name, "nan", f"row {bad[0]} (0-based) of {source}", every="in every row")
    if array.dtype.kind not in "US" or not array.size:
        return array
    distinct, codes = np.unique(array, return_inverse=True)
    texts = distinct.tolist()
    if array.dtype.kind == "S":
        try:
            texts = [text.decode("ascii") for text in texts]
        except UnicodeDecodeError:
            return array  # bytes that are not text: compared as bytes
    return _label_array(texts, codes.reshape(-1))


def _present(columns: tuple[np.ndarray, ...]) -> np.ndarray | None:
    """The rows of equally long `columns` with no NaN in a float column (None when every row has none)."""
    keep = None
    for column in columns:
        if column.dtype.kind == "f":
            number = ~np.isnan(column)
            keep = number if keep is None else keep & number
    return None if keep is None or keep.all() else keep


def _read_numpy(loaded, source: str, scores: list, label, omit: bool) -> Columns:
    if isinstance(loaded, np.lib.npyio.NpzFile):
        names = list(loaded.files)

        def get(name):
            try:
                return loaded[name]  # members load lazily: a corrupt one fails here
            except Exception as error:  # of any type: see _files.unreadable
                raise _files.unreadable(source, error, name) from None
    elif loaded.dtype.names is not None:
        names = list(loaded.dtype.names)
        get = loaded.__getitem__
    elif loaded.ndim == 2:
        names = None

        def get(index):
            return loaded[:, index]
    else:
        raise OSError(f"{source} holds an array of shape {loaded.shape}: a 2-D or structured array is needed")
    width = None if names is not None else loaded.shape[1]
    score_idx = [column("score", s, names, source, width=width) for s in scores]
    label_idx = column("label", label, names, source, width=width)
    shown = names if names is not None else [f"column {k}" for k in range(width)]
    key = (lambda k: names[k]) if names is not None else (lambda k: k)
    values = tuple(_finite(shown[k], get(key(k)), source, omit) for k in score_idx)
    labels = _numpy_labels(shown[label_idx], get(key(label_idx)), source, omit)
    for name, array in zip((shown[k] for k in score_idx), values):
        if array.shape[0] != labels.shape[0]:
            raise fail_at("score", f"as long as the label column ({labels.shape[0]})", f"{array.shape[0]} values in {name!r}", source)
    rows = labels.shape[0]
    keep = _present((*values, labels)) if omit else None
    if keep is not None:
        if not keep.any():
            raise _none_left(rows, source)
        values, labels = tuple(array[keep] for array in values), labels[keep]
    return Columns(source, tuple(shown[k] for k in score_idx), shown[label_idx], values, labels, rows=rows,
                   omitted=rows - labels.shape[0])


# --- entry point --------------------------------------------------------------------------


def read_columns(path, scores, label, *, delimiter: str | None = None, nan_policy: str = "raise") -> Columns:
    """The score columns `scores` (a list of names or 0-based indexes) and the column `label` of `path`.

    `path` is a file name or ``-`` for standard input. The delimiter of text is ``,``, or
    a tab when the first line has one, unless `delimiter` gives it: one character such as
    ``";"``, ``"|"`` or ``"\\t"`` (not a letter, digit, ``.``, ``+``, ``-``, a quote or a
    line end). NumPy files have no delimiter: it is not used for them.

    `nan_policy` says what a missing label or score (an empty field, ``NA``, ``NaN``, … —
    see :data:`MISSING`) does: ``"raise"`` refuses it, naming its line; ``"omit"`` drops its
    row, with a :class:`~aucbound.RowsOmittedWarning` saying how many of how many rows
    went (also in the result's ``omitted`` and ``rows``).

    >>> data = io.BytesIO(b"score,label\\n0.9,pos\\n0.2,neg\\n0.4,pos\\n")
    >>> columns = read_columns(data, ["score"], "label")
    >>> columns.scores[0].tolist(), columns.labels.tolist(), columns.label_name
    ([0.9, 0.2, 0.4], ['pos', 'neg', 'pos'], 'label')
    >>> data = io.BytesIO(b"score,label\\n0.9,pos\\nNA,neg\\n0.4,\\n0.2,neg\\n")
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     columns = read_columns(data, ["score"], "label", nan_policy="omit")
    >>> columns.scores[0].tolist(), columns.labels.tolist(), str(caught[0].message)
    ([0.9, 0.2], ['pos', 'neg'], 'omitted 2 of 4 rows with a missing label or score')
    """
    scores = [str(s) for s in scores]
    delimiter = _delimiter(delimiter)
    omit = v.choice("nan_policy", nan_policy, NAN_POLICIES) == "omit"
    file = _files.source(path)
    if file.kind == "npy":
        columns = _read_numpy(_files.load_numpy(file), file.name, scores, label, omit)
    elif file.kind == "npz":
        with file.open() as stream:  # members are read into memory while it is open
            columns = _read_numpy(_files.load_numpy(file, stream), file.name, scores, label, omit)
    else:
        try:
            columns = _read_text(file.open, file.name, scores, label, delimiter, omit)
        except UnicodeDecodeError as error:
            raise OSError(f"cannot read {file.name} as UTF-8 text ({error.reason})") from None
    if columns.omitted:
        warnings.warn(v.RowsOmittedWarning(columns.omitted, columns.rows), stacklevel=2)
    return columns


def label_value(text: str, labels: np.ndarray):
    """The label written as `text` (e.g. on a command line), in the type of `labels`.

    Integers are read exactly, in ASCII digits; numbers in the ASCII syntax of data files.

    >>> label_value("1", np.array([0.0, 1.0])), label_value("true", np.array([True])), label_value("Poor", np.array(["Good"]))
    (1.0, True, 'Poor')
    """
    kind = labels.dtype.kind
    written = text.strip()
    if kind == "b":
        value = {"true": True, "false": False, "1": True, "0": False}.get(written.lower())
    elif kind in "iu" or (kind == "O" and labels.size and isinstance(labels[0], int)):  # Python integers beyond int64
        value = int(written) if _INTEGER.fullmatch(written) else None
    elif kind == "f":
        value = _files.number(text)
    else:
        return written
    if value is None:
        shown = ", ".join(repr(label) for label in encode(labels)[1][:5])
        raise v.fail("pos_label", f"one of the labels ({shown})", text)
    return value
