"""Reading score and label columns from CSV/TSV text, ``.npy`` and ``.npz`` files, or stdin.

Text (CSV, or TSV when the first line has a tab): columns are named by the header or by
0-based index; the first line is a header unless every requested score column is given as
an index and holds a number there. Fields may be quoted with ``"``; empty lines are
skipped. numpy's C parser (``np.loadtxt``) reads the requested columns straight into
arrays, so a large file never becomes one Python object per row. Only when it fails, or a
score is NaN or infinite, is the text scanned again line by line to name the first bad line.

``.npy``: a structured array (columns by field name or index) or a 2-D array (columns by
index), memory-mapped. ``.npz``: one 1-D array per column, by name or index. Object
arrays are never unpickled. ``-`` reads standard input, as text or as ``.npy``/``.npz``
bytes (recognised by their magic numbers).

Labels are numbers when every label parses as one, ``True``/``False`` when they are those
words, and strings otherwise. A bad column name or cell raises a
:class:`~aucbound._validate.ParameterError` naming ``score`` or ``label``; an unreadable
file raises ``OSError``.
"""

from __future__ import annotations

import csv
import io
import os
import re
import sys
import warnings
from dataclasses import dataclass

import numpy as np

from .. import _validate as v

__all__ = ["Columns", "label_value", "read_columns"]


def fail_at(parameter: str, rule: str, got: str, where: str) -> v.ParameterError:
    """The error for data of `parameter` breaking `rule` at `where` (e.g. "line 7 of data.csv")."""
    return v.ParameterError(parameter, rule, f"{got} on {where}")


def column(parameter: str, value, names, source: str, *, width: int | None = None) -> int:
    """The 0-based index of the column `value` names: a header name, or an index given as digits.

    `names` are the header's names, or None when the data have none (then `width` is the
    number of columns); `source` names the file in the message.
    """
    text = str(value)
    if names is not None:
        if text in names:
            return list(names).index(text)
        width = len(names)
    if text.isascii() and text.isdigit() and int(text) < width:
        return int(text)
    if names is None:
        rule = f"a 0-based column index of {source} (below {width})"
    else:
        rule = f"a column name or 0-based index of {source} ({', '.join(names) or 'it has none'})"
    raise v.fail(parameter, rule, text)

_NPY_MAGIC = b"\x93NUMPY"
_INTEGER = re.compile(r"[+-]?[0-9]+")
_ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")  # a zip file; an empty one (np.savez of nothing)


@dataclass(frozen=True)
class Columns:
    """Score columns and a label column read from `source`, with the names they go by."""

    source: str
    score_names: tuple[str, ...]
    label_name: str
    scores: tuple[np.ndarray, ...]
    labels: np.ndarray


def _numeric_labels(labels: np.ndarray) -> np.ndarray:
    """Text labels as exact values, never merging two that differ as written.

    Integers when every label is an integer literal (int64, or Python integers beyond it),
    booleans for true/false words, floats when every label is a number and no two distinct
    texts become the same float ("1" and "1.0" stay text), and the text itself otherwise.
    """
    if labels.dtype.kind not in "US" or not labels.size:
        return labels
    texts = np.char.strip(labels.astype(str))
    distinct = np.unique(texts)
    if all(_INTEGER.fullmatch(text) for text in distinct.tolist()):
        values = [int(text) for text in distinct.tolist()]
        if len(set(values)) == len(values):  # "01" and "1" would be one integer: keep them as text
            index = np.searchsorted(distinct, texts)
            if all(-(2**63) <= value < 2**63 for value in values):
                return np.array(values, dtype=np.int64)[index]
            return np.array(values, dtype=object)[index]
    lowered = np.char.lower(distinct)
    if np.isin(lowered, ["true", "false"]).all() and np.unique(lowered).size == distinct.size:
        return np.char.lower(texts) == "true"
    try:
        floats = distinct.astype(np.float64)
    except ValueError:
        return labels
    if np.unique(floats).size == distinct.size and not np.isnan(floats).any():
        return floats[np.searchsorted(distinct, texts)]
    return labels


def _bad_score(name: str, got: str, where: str) -> v.ParameterError:
    return fail_at("score", f"a finite number in every row of column {name!r}", got, where)


# --- text ---------------------------------------------------------------------------------


def _split(line: str, delimiter: str) -> list[str]:
    return next(csv.reader([line], delimiter=delimiter))


def _scan(lines, start: int, delimiter: str, wanted: list[tuple[str, str, int]], source: str):
    """Raise for the first data line at or after line `start` with a missing or bad field.

    `wanted` lists (parameter, column name, index) for each column read; score columns
    must be finite numbers and the label column non-empty.
    """
    for number, line in enumerate(lines, start=start):
        line = line.rstrip("\r\n")
        if not line:
            continue
        fields = _split(line, delimiter)
        where = f"line {number} of {source}"
        for parameter, name, index in wanted:
            if index >= len(fields):
                raise fail_at(parameter, f"present on every line (column {name!r})", f"{len(fields)} fields", where)
            text = fields[index]
            if parameter == "label":
                if text.strip().lower() in ("", "nan"):
                    raise fail_at(parameter, f"a label on every line of column {name!r}", repr(text), where)
                continue
            try:
                value = float(text)
            except ValueError:
                raise _bad_score(name, repr(text), where) from None
            if not np.isfinite(value):
                raise _bad_score(name, repr(text), where)


def _text_columns(opener, delimiter: str, skip: int, indexes: list[int], dtype) -> np.ndarray:
    """np.loadtxt of the given columns, as a (rows, columns) array."""
    with opener() as stream, warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # "input line … contained no data"
        return np.loadtxt(
            stream,
            delimiter=delimiter,
            skiprows=skip,
            usecols=indexes,
            dtype=dtype,
            comments=None,
            quotechar='"',
            encoding="utf-8-sig",
            ndmin=2,
        )


def _read_text(opener, source: str, scores: list, label, delimiter: str | None) -> Columns:
    with io.TextIOWrapper(opener(), encoding="utf-8-sig", newline="") as lines:
        first = lines.readline()
    if delimiter is None:
        delimiter = "\t" if "\t" in first else ","
    fields = _split(first.rstrip("\r\n"), delimiter) if first.strip() else []
    names = [field.strip() for field in fields]

    def is_number(text):
        try:
            return np.isfinite(float(text))
        except ValueError:
            return False

    headerless = all(str(s).isdigit() and int(s) < len(fields) and is_number(fields[int(s)]) for s in scores)
    header = None if headerless else names
    score_idx = [column("score", s, header, source, width=len(fields)) for s in scores]
    label_idx = column("label", label, header, source, width=len(fields))
    shown = header if header is not None else [f"column {k}" for k in range(len(fields))]
    wanted = [("score", shown[k], k) for k in score_idx] + [("label", shown[label_idx], label_idx)]
    skip = 0 if headerless else 1

    def scan():
        with io.TextIOWrapper(opener(), encoding="utf-8-sig", newline="") as lines:
            for _ in range(skip):
                lines.readline()
            _scan(lines, skip + 1, delimiter, wanted, source)

    def read(indexes, dtype):
        try:
            return _text_columns(opener, delimiter, skip, indexes, dtype)
        except ValueError:
            scan()
            raise

    values = read(score_idx, np.float64)
    if values.shape[0] == 0:
        raise fail_at("score", f"a column with at least one value ({shown[score_idx[0]]!r})", "no data rows", source)
    if not np.isfinite(values).all():
        scan()
    raw = read([label_idx], str)[:, 0]
    if np.isin(np.char.lower(np.char.strip(raw)), ["", "nan"]).any():
        scan()
    labels = _numeric_labels(raw)
    return Columns(
        source,
        tuple(shown[k] for k in score_idx),
        shown[label_idx],
        tuple(np.ascontiguousarray(values[:, k]) for k in range(len(score_idx))),
        labels,
    )


# --- numpy files --------------------------------------------------------------------------


def _unreadable(source: str, error: Exception, member: str | None = None) -> OSError:
    """The OSError for a NumPy file (or one member of a .npz) that cannot be loaded.

    Corrupt bytes fail anywhere in numpy's header parser or in zipfile and zlib, with any
    exception type, so callers catch them all. An object array is refused by name (numpy
    says "allow_pickle" when loading it, "Python objects" when memory-mapping it).
    """
    part = "" if member is None else f" (array {member!r})"
    if "allow_pickle" in str(error) or "Python objects" in str(error):
        return OSError(f"{source}{part} holds an object array, which is never unpickled; save numeric or string arrays")
    return OSError(f"cannot read {source}{part} as a NumPy file: {str(error) or type(error).__name__}")


def _one_dimensional(parameter: str, name: str, array: np.ndarray, kinds: str, what: str, source: str) -> None:
    if array.ndim != 1 or array.dtype.kind not in kinds:
        raise fail_at(parameter, f"a one-dimensional {what} column ({name!r})",
                      f"dtype {array.dtype}, shape {array.shape}", source)


def _finite(name: str, values, source: str) -> np.ndarray:
    """The scores of column `name`: integers kept exact, floats checked finite, booleans as 0/1."""
    array = np.asarray(values)
    _one_dimensional("score", name, array, "iufb", "numeric", source)
    if array.dtype.kind in "iu":
        return np.array(array)
    array = array.astype(np.float64)
    bad = np.flatnonzero(~np.isfinite(array))
    if bad.size:
        raise _bad_score(name, repr(float(array[bad[0]])), f"row {bad[0]} (0-based) of {source}")
    return array


def _numpy_labels(name: str, values, source: str) -> np.ndarray:
    """The labels of column `name`: numbers and booleans as they are, strings as :func:`_numeric_labels` reads them."""
    array = np.asarray(values)
    _one_dimensional("label", name, array, "iufbUS", "numeric or string", source)
    return _numeric_labels(array)


def _read_numpy(loaded, source: str, scores: list, label) -> Columns:
    if isinstance(loaded, np.lib.npyio.NpzFile):
        names = list(loaded.files)

        def get(name):
            try:
                return loaded[name]  # members load lazily: a corrupt one fails here
            except Exception as error:  # of any type: see _unreadable
                raise _unreadable(source, error, name) from None
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
    values = tuple(_finite(shown[k], get(key(k)), source) for k in score_idx)
    labels = _numpy_labels(shown[label_idx], get(key(label_idx)), source)
    for name, array in zip((shown[k] for k in score_idx), values):
        if array.shape[0] != labels.shape[0]:
            raise fail_at("score", f"as long as the label column ({labels.shape[0]})", f"{array.shape[0]} values in {name!r}", source)
    return Columns(source, tuple(shown[k] for k in score_idx), shown[label_idx], values, labels)


def _load_numpy(data, source: str):
    """np.load of `data` (a .npy file name, memory-mapped, or an open stream), without unpickling."""
    try:
        return np.load(data, mmap_mode="r" if isinstance(data, (str, os.PathLike)) else None, allow_pickle=False)
    except Exception as error:  # of any type: see _unreadable
        raise _unreadable(source, error) from None


# --- entry point --------------------------------------------------------------------------


def _stdin_bytes() -> bytes:
    """All of standard input, as bytes; OSError when there is none to read (closed, or no stdin at all)."""
    stream = sys.stdin
    if stream is None or stream.closed:
        raise OSError("cannot read standard input: it is closed")
    try:
        return stream.buffer.read() if hasattr(stream, "buffer") else stream.read().encode("utf-8")
    except (OSError, ValueError) as error:
        raise OSError(f"cannot read standard input: {error}") from None


def read_columns(path, scores, label, *, delimiter: str | None = None) -> Columns:
    """The score columns `scores` (a list of names or 0-based indexes) and the column `label` of `path`.

    `path` is a file name or ``-`` for standard input. The delimiter of text is ``,``, or
    a tab when the first line has one, unless `delimiter` is given.

    >>> data = io.BytesIO(b"score,label\\n0.9,pos\\n0.2,neg\\n0.4,pos\\n")
    >>> columns = read_columns(data, ["score"], "label")
    >>> columns.scores[0].tolist(), columns.labels.tolist(), columns.label_name
    ([0.9, 0.2, 0.4], ['pos', 'neg', 'pos'], 'label')
    """
    scores = [str(s) for s in scores]
    if isinstance(path, io.BytesIO):  # in-memory bytes, e.g. stdin already read
        data, source = path.getvalue(), "<bytes>"
    elif str(path) == "-":
        data, source = _stdin_bytes(), "<stdin>"
    else:
        data, source = None, os.path.basename(os.fspath(path))
    if data is not None:
        head = data[:8]

        def opener():
            return io.BytesIO(data)
    else:
        with open(path, "rb") as stream:
            head = stream.read(8)

        def opener():
            return open(path, "rb")
    if head.startswith(_NPY_MAGIC):
        return _read_numpy(_load_numpy(opener() if data is not None else path, source), source, scores, label)
    if head.startswith(_ZIP_MAGIC):
        with opener() as stream:  # members are read into memory while it is open
            return _read_numpy(_load_numpy(stream, source), source, scores, label)
    try:
        return _read_text(opener, source, scores, label, delimiter)
    except UnicodeDecodeError as error:
        raise OSError(f"cannot read {source} as UTF-8 text ({error.reason})") from None


def label_value(text: str, labels: np.ndarray):
    """The label written as `text` (e.g. on a command line), in the type of `labels`.

    >>> label_value("1", np.array([0.0, 1.0])), label_value("true", np.array([True])), label_value("Poor", np.array(["Good"]))
    (1.0, True, 'Poor')
    """
    kind = labels.dtype.kind
    try:
        if kind == "b":
            return {"true": True, "false": False, "1": True, "0": False}[text.strip().lower()]
        if kind in "iu":
            return int(text)
        if kind == "f":
            return float(text)
    except (KeyError, ValueError):
        shown = ", ".join(repr(x.item()) for x in np.unique(labels)[:5])
        raise v.fail("pos_label", f"one of the labels ({shown})", text) from None
    return text
