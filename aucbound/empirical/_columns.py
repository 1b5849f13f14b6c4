"""The columns a data function is given, before any AUC is computed, and one check after.

Labels and scores may be numpy arrays, lists, pandas Series (of any dtype: nullable
integers, categories, strings), or — with ``data`` a DataFrame, a dict of columns or a
structured numpy array — the names of its columns, as in seaborn's ``data=`` and pROC's
``roc(data, response, predictor)``. Two Series must share their index: they are paired by
position, and a row order that differs between them would pair the wrong rows.

``nan_policy`` follows ``scipy.stats``: ``"raise"`` (the default) refuses a missing value,
``"omit"`` drops every row whose label or score is missing — NaN, None, pandas' ``NA`` or
``NaT`` — and says how many with a :class:`~aucbound.RowsOmittedWarning`. An infinite
score is not missing: it is refused under both.

Plain numpy arrays under ``"raise"`` pass through untouched (no copy, no pass over the
data); pandas is never imported here, only recognised.
"""

from __future__ import annotations

import sys
import warnings

import numpy as np

from .. import _validate as v

__all__ = ["NAN_POLICIES", "columns", "warn_below_chance"]

#: What ``nan_policy`` may be.
NAN_POLICIES = ("raise", "omit")


def _is_pandas(value, kind: str) -> bool:
    """Whether `value` is a pandas object of class `kind` (``"Series"``, ``"DataFrame"``, ``"Index"``)."""
    cls = type(value)
    return cls.__module__.startswith("pandas") and any(base.__name__ == kind for base in cls.__mro__)


def _column(data, parameter: str, name):
    """Column `name` of `data` (a DataFrame, a dict of columns, a structured array)."""
    try:
        return data[name]
    except (KeyError, IndexError, ValueError, TypeError):
        pass
    names = list(getattr(data, "columns", None) if hasattr(data, "columns") else
                 data.dtype.names or () if isinstance(data, np.ndarray) else
                 data.keys() if hasattr(data, "keys") else ())
    shown = ", ".join(v.printable(repr(column), 30) for column in names[:8]) + (", …" if len(names) > 8 else "")
    raise v.fail(parameter, f"a column of `data` ({shown or 'it has none'})", name)


def _named(parameter: str, value, data):
    """`value`, or the column of `data` it names."""
    if isinstance(value, (str, bytes, int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        if data is None:
            if isinstance(value, (str, bytes)):
                raise v.fail(parameter, "an array (a column name needs `data`, e.g. data=frame)", value)
            return value
        return _column(data, parameter, value)
    if _is_pandas(value, "DataFrame"):
        raise v.ParameterError(parameter, "one column (a Series or an array), not a whole DataFrame",
                               f"a DataFrame of {value.shape[1]} columns; pick one, e.g. frame['name']")
    return value


#: What stands in for a missing entry of a pandas masked column of each kind (its mask says where).
_FILLER = {"b": False, "i": 0, "u": 0, "f": np.nan}


def _pandas_values(column) -> tuple[np.ndarray, np.ndarray | None]:
    """A pandas column's values as a numpy array, and the mask of its missing entries (None
    when it has none).

    Columns of a numpy dtype keep it; pandas' masked integers, floats and booleans (Int64,
    UInt64, Float64, boolean) become int64, uint64, float64 and bool whether or not entries
    are missing (a missing entry holds a filler that its mask marks: integers beyond 2^53
    stay exact, not float64); anything else becomes objects.
    """
    dtype = column.dtype
    if isinstance(dtype, np.dtype):
        values = column.to_numpy()
        return values, _missing(values)
    numpy_dtype = getattr(dtype, "numpy_dtype", None)
    if numpy_dtype is not None and numpy_dtype.kind in _FILLER:
        missing = np.asarray(column.isna(), dtype=bool)
        values = column.to_numpy(dtype=numpy_dtype, na_value=_FILLER[numpy_dtype.kind])
        return values, missing if missing.any() else None
    values = np.asarray(column.to_numpy())
    values = values if values.dtype.kind in "biufU" else values.astype(object)
    return values, _missing(values)


def _missing(value) -> np.ndarray | None:
    """The mask of missing entries of a column (None when it cannot hold any)."""
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "fc":
            return np.isnan(value)
        if value.dtype.kind in "mM":
            return np.isnat(value)
        if value.dtype.kind != "O":
            return None
        items = value.tolist()
    else:
        items = list(value)
    pandas = sys.modules.get("pandas")
    if pandas is not None:  # knows NA and NaT as well as None and NaN
        return np.fromiter((pandas.isna(item) is True for item in items), dtype=bool, count=len(items))
    return np.fromiter((item is None or item != item for item in items), dtype=bool, count=len(items))


def _drop(value, keep: np.ndarray):
    """The rows of `value` where `keep` is True, in the column's own kind (a list stays a list)."""
    if isinstance(value, np.ndarray):
        return value[keep]
    return [item for item, kept in zip(value, keep.tolist()) if kept]


def _one_column(value):
    """`value` as rows of one column — an array, a list or a tuple (a list stays a list) — or
    None when it is not one: a generator, a scalar, a two-dimensional array. Such a value
    is refused by the checks of labels and scores that come next, under either policy."""
    if isinstance(value, (list, tuple)):
        return value
    try:
        array = np.asarray(value)
    except (TypeError, ValueError):
        return None
    return array if array.ndim == 1 else None


def _paired(named, values) -> None:
    """Refuse Series whose indexes differ: they are paired by position."""
    series = [(parameter, value) for (parameter, _), value in zip(named, values) if _is_pandas(value, "Series")]
    for parameter, value in series[1:]:
        if not value.index.equals(series[0][1].index):
            raise v.ParameterError(parameter, f"indexed as {{{series[0][0]}}} (Series are paired by position: "
                                   "align them first, e.g. with .reindex or .reset_index(drop=True))",
                                   "a different index", others=(series[0][0],))


def _is_pandas_column(value) -> bool:
    return any(_is_pandas(value, kind) for kind in ("Series", "Index", "ExtensionArray"))


def columns(*named, data=None, nan_policy: str = "raise", stacklevel: int = 3) -> list:
    """The values of each ``(parameter, value)`` pair, ready for the checks of labels and scores.

    Column names are looked up in `data`; pandas Series (indexes and arrays too) become numpy
    arrays (after the Series' indexes are compared); under ``nan_policy="omit"`` rows with a
    missing value in any column are dropped, with a :class:`~aucbound.RowsOmittedWarning`
    when there are any. A ``None`` value (an optional column not given) comes back as None.
    A value that is not one column (a generator, a two-dimensional array) comes back as it
    is, for the checks that follow to refuse with the same message under either policy.

    >>> columns(("labels", "y"), ("scores", "s"), data={"y": [0, 1, 1], "s": [0.2, 0.9, 0.4]})
    [[0, 1, 1], [0.2, 0.9, 0.4]]
    """
    v.choice("nan_policy", nan_policy, NAN_POLICIES)
    values = [_named(parameter, value, data) for parameter, value in named]
    _paired(named, values)
    from_pandas = [_is_pandas_column(value) for value in values]
    masks = [None] * len(values)  # the missing entries of each pandas column (None: none)
    for k in np.flatnonzero(from_pandas):
        values[k], masks[k] = _pandas_values(values[k])
    if nan_policy == "raise":
        # a pandas column's missing values are named here: pandas' NA has no order for the later checks
        for (parameter, _), mask in zip(named, masks):
            if mask is not None and mask.any():
                raise v.MissingValueError(parameter, "free of missing values",
                                          f"a missing value in row {int(np.argmax(mask))}")
        return values
    present = [k for k, value in enumerate(values) if value is not None]
    shaped = {k: _one_column(values[k]) for k in present}
    if any(column is None for column in shaped.values()):
        return values
    rows = len(shaped[present[0]])
    for k in present:
        if len(shaped[k]) != rows:
            first = named[present[0]][0]
            raise v.ParameterError(named[k][0], f"as long as {{{first}}} ({rows})", f"{len(shaped[k])} values",
                                   others=(first,))
    keep = np.ones(rows, dtype=bool)
    for k in present:
        mask = masks[k] if from_pandas[k] else _missing(shaped[k])
        if mask is not None:
            keep &= ~mask
    omitted = rows - int(np.count_nonzero(keep))
    if not omitted:
        return values
    warnings.warn(v.RowsOmittedWarning(omitted, rows), stacklevel=stacklevel)
    return [None if value is None else _drop(shaped[k], keep) for k, value in enumerate(values)]


def warn_below_chance(area: float, pos_label, *, stacklevel: int = 3) -> None:
    """Warn when the AUC is below ½ — as pROC's ``direction = "auto"`` would turn the curve around."""
    if not area < 0.5:
        return
    positive = "1 or True" if pos_label is None else v.printable(repr(pos_label), 40)
    text = (f"the AUC of {{scores}} is {area:.6g}, below 1/2: the negatives score above the positives on the whole. "
            f"Is {{pos_label}} the right class (positive: {positive})? If lower scores mean positive, negate them.")
    warnings.warn(v.BelowChanceWarning(text, area, params=("scores", "pos_label")), stacklevel=stacklevel)
