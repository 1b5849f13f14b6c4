"""Reading a preference function h from a file (what ``aucbound rank`` reads).

Three forms, told apart by their first bytes:

- an n×n matrix as CSV text without a header (h[u, v] in row u, column v; commas, or tabs
  when the first line has a tab and no comma; the diagonal holds any number, which is ignored);
- a pairs file: CSV text whose first line is the header ``u,v,h``, then one line per pair
  with items numbered 0, …, n − 1 (n is the largest item + 1). Every unordered pair must be
  given at least once; h[v, u] = 1 − h[u, v] completes the matrix, and a pair given twice
  must agree with itself;
- a ``.npy`` file of a square 2-D numeric array (never unpickled).

Off the diagonal every entry must be a finite number in [0, 1] with h[u, v] + h[v, u] = 1
(within 10^-12). A rule broken raises a :class:`~aucbound._validate.ParameterError` for the
parameter ``path`` that names the line of the file (and the entry h[u, v]); a file that
cannot be read at all (not UTF-8, a damaged ``.npy``) raises ``OSError``. Empty lines are
skipped; a UTF-8 byte-order mark is dropped. Files are opened, told apart and their numbers
read as every data file of aucbound is (:mod:`aucbound._files`).
"""

from __future__ import annotations

import re

import numpy as np

from .. import _files
from .. import _validate as v
from ._checks import TOLERANCE, preference_matrix

__all__ = ["read_preference", "MAX_FILE_ITEMS"]

#: The most items a file may hold. Text is read line by line: a pairs file of 2000 items has
#: about 2·10^6 lines (about 10 s and 1 GB to read); a .npy file is read at once (32 MB at 2000).
MAX_FILE_ITEMS = 2000

_INTEGER = re.compile(r"\+?[0-9]+")


def _fail(rule: str, got: str, *, verb: str = "") -> v.ParameterError:
    return v.ParameterError("path", rule, got, verb=verb)


def _shown(text: str) -> str:
    return repr(v.printable(text.strip(), 40))


def read_preference(path) -> tuple[np.ndarray, str, str]:
    """(h, source, form): the n×n float matrix in `path` (or ``-``, standard input), the file's
    name for messages, and 'matrix', 'pairs' or 'npy'.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "h.csv").write_text("u,v,h\\n0,1,1\\n2,1,0\\n0,2,0.25\\n")
    >>> h, source, form = read_preference(folder / "h.csv")
    >>> h.tolist(), source, form
    ([[0.0, 1.0, 0.25], [0.0, 0.0, 1.0], [0.75, 0.0, 0.0]], 'h.csv', 'pairs')
    """
    file = _files.source(path)
    source = file.name
    if file.kind == "npy":
        return _npy(file), source, "npy"
    if file.kind == "npz":
        raise _fail("be CSV text or a .npy file", f"a zip archive ({source})", verb="")
    text = file.text()
    lines = [(number, line) for number, line in enumerate(re.split(r"\r\n|\r|\n", text), start=1) if line.strip()]
    if not lines:
        raise _fail("hold a preference matrix or a pairs file", f"an empty file ({source})", verb="")
    if "\x00" in text:
        number = next(number for number, line in lines if "\x00" in line)
        raise _fail("be text", f"a NUL byte on line {number} of {source}", verb="")
    first = lines[0][1]
    delimiter = "\t" if "\t" in first and "," not in first else ","
    header = [field.strip().lower() for field in first.split(delimiter)]
    if header == ["u", "v", "h"]:
        return _pairs(lines[1:], delimiter, source), source, "pairs"
    return _matrix(lines, delimiter, source), source, "matrix"


# --- an n×n matrix ------------------------------------------------------------------------


def _matrix(lines, delimiter: str, source: str) -> np.ndarray:
    n = len(lines[0][1].split(delimiter))
    if n < 2:
        raise _fail("hold an n×n matrix with n ≥ 2 (or pairs after the header u,v,h)",
                    f"1 value on line {lines[0][0]} of {source}", verb="")
    if n > MAX_FILE_ITEMS:
        raise _fail(f"hold at most {MAX_FILE_ITEMS:,} items", f"{n:,} values on line {lines[0][0]} of {source}", verb="")
    if len(lines) != n:
        raise _fail(f"hold a square matrix: as many lines as values on a line ({n})",
                    f"{len(lines):,} line{'s' * (len(lines) != 1)} in {source}", verb="")
    rows = []
    for number, line in lines:
        fields = line.split(delimiter)
        if len(fields) != n:
            raise _fail(f"have {n} values on every line of an n×n matrix (as on line {lines[0][0]})",
                        f"{len(fields)} on line {number} of {source}", verb="")
        values = [_files.number(field) for field in fields]
        if None in values:
            column = values.index(None)
            hint = " (a pairs file starts with the header u,v,h)" if number == lines[0][0] else ""
            raise _fail(f"hold numbers only{hint}", f"{_shown(fields[column])} on line {number}, column {column + 1} "
                                                   f"of {source}", verb="")
        rows.append(values)
    where = [number for number, _ in lines]
    return _checked(np.array(rows, dtype=np.float64), lambda u: f"line {where[u]}", source)


def _checked(h: np.ndarray, line, source: str) -> np.ndarray:
    """`h` checked as every preference matrix is (:func:`._checks.preference_matrix`),
    a broken rule reported for ``path`` with the entry, its line (`line(u)`: row u's line, or
    None for a .npy file) and the file."""
    try:
        return preference_matrix("h", h, where=line)
    except v.ParameterError as error:
        raise _fail(error.rule, f"{error.got} {'of' if line else 'in'} {source}", verb=error.verb) from None


# --- a .npy file --------------------------------------------------------------------------


def _npy(file: _files.Source) -> np.ndarray:
    array, source = _files.load_numpy(file), file.name  # memory-mapped when on disk: checked before it is read
    shape = array.shape
    if len(shape) != 2 or shape[0] != shape[1]:
        raise _fail("hold a square n×n array", f"an array of shape {shape} in {source}", verb="")
    if shape[0] < 2:
        raise _fail("hold at least 2 items", f"an array of shape {shape} in {source}", verb="")
    if shape[0] > MAX_FILE_ITEMS:
        raise _fail(f"hold at most {MAX_FILE_ITEMS:,} items", f"an array of shape {shape} in {source}", verb="")
    if array.dtype.kind not in "biuf":
        raise _fail("hold numbers", f"an array of {array.dtype} in {source}", verb="")
    return _checked(np.array(array, dtype=np.float64), None, source)


# --- pairs u,v,h --------------------------------------------------------------------------


def _item(text: str, number: int, source: str) -> int:
    text = text.strip()
    if not _INTEGER.fullmatch(text):
        raise _fail("number its items 0, 1, 2, …", f"{_shown(text)} on line {number} of {source}", verb="")
    digits = text.lstrip("+").lstrip("0") or "0"
    if len(digits) > 12 or int(digits) >= MAX_FILE_ITEMS:
        shown = f"item {int(digits):,}" if len(digits) <= 20 else f"an item of {len(digits):,} digits"
        raise _fail(f"hold at most {MAX_FILE_ITEMS:,} items (numbered below {MAX_FILE_ITEMS:,})",
                    f"{shown} on line {number} of {source}", verb="")
    return int(digits)


def _pairs(lines, delimiter: str, source: str) -> np.ndarray:
    if not lines:
        raise _fail("give pairs after its header u,v,h", f"no pairs in {source}", verb="")
    first, second, values, numbers = [], [], [], []
    for number, line in lines:
        fields = line.split(delimiter)
        if len(fields) != 3:
            raise _fail("have three values u,v,h on every line", f"{len(fields)} on line {number} of {source}",
                        verb="")
        u, w = _item(fields[0], number, source), _item(fields[1], number, source)
        value = _files.number(fields[2])
        if value is None or not 0 <= value <= 1:
            raise _fail("give values h in [0, 1]", f"{_shown(fields[2])} on line {number} of {source}", verb="")
        if u == w:
            raise _fail("pair distinct items", f"the item {u} against itself on line {number} of {source}", verb="")
        first.append(u), second.append(w), values.append(value), numbers.append(number)
    first, second = np.array(first, dtype=np.int64), np.array(second, dtype=np.int64)
    values, numbers = np.array(values), np.array(numbers, dtype=np.int64)
    n = int(max(first.max(), second.max())) + 1
    low, high = np.minimum(first, second), np.maximum(first, second)
    upper = np.where(first < second, values, 1.0 - values)  # h[low, high] as each line gives it
    keys, where_first, inverse = np.unique(low * n + high, return_index=True, return_inverse=True)
    inconsistent = np.abs(upper - upper[where_first[inverse]]) > TOLERANCE
    if inconsistent.any():
        k = int(np.argmax(inconsistent))
        j = int(where_first[inverse[k]])
        raise _fail(f"give each pair consistently (h[v, u] = 1 − h[u, v], within {TOLERANCE:g})",
                    f"h[{first[k]}, {second[k]}] = {float(values[k])!r} on line {numbers[k]} of {source}, where line "
                    f"{numbers[j]} gave h[{first[j]}, {second[j]}] = {float(values[j])!r}", verb="")
    missing = n * (n - 1) // 2 - keys.size
    if missing:
        given = np.zeros((n, n), dtype=bool)
        given[low, high] = True
        gap = np.triu(~given, 1)
        a, b = divmod(int(np.argmax(gap.ravel())), n)
        raise _fail(f"give every pair of its items 0, …, {n - 1} at least once",
                    f"no line for the pair ({a}, {b}) in {source} ({missing:,} of {n * (n - 1) // 2:,} pairs "
                    f"missing)", verb="")
    h = np.empty((n, n))
    h[low[where_first], high[where_first]] = upper[where_first]
    h[high[where_first], low[where_first]] = 1.0 - upper[where_first]
    np.fill_diagonal(h, 0.0)
    return h
