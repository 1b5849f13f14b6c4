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


def _series_values(series) -> np.ndarray:
    """A Series' values as a numpy array: its own dtype when numpy has it; nullable integers,
    floats and booleans without missing values as int64/float64/bool; anything else as objects."""
    dtype = series.dtype
    if isinstance(dtype, np.dtype):
        return series.to_numpy()
    numpy_dtype = getattr(dtype, "numpy_dtype", None)  # pandas' masked Int64, Float64, boolean
    if numpy_dtype is not None and not series.hasnans:
        return series.to_numpy(dtype=numpy_dtype)
    values = np.asarray(series.to_numpy())
    return values if values.dtype.kind in "biufU" else values.astype(object)


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


def _length(value) -> int:
    return value.shape[0] if isinstance(value, np.ndarray) and value.ndim else len(value)


def columns(*named, data=None, nan_policy: str = "raise", stacklevel: int = 3) -> list:
    """The values of each ``(parameter, value)`` pair, ready for the checks of labels and scores.

    Column names are looked up in `data`; pandas Series become numpy arrays (after their
    indexes are compared); under ``nan_policy="omit"`` rows with a missing value in any
    column are dropped, with a :class:`~aucbound.RowsOmittedWarning` when there are any.
    A ``None`` value (an optional column not given) comes back as None.

    >>> columns(("labels", "y"), ("scores", "s"), data={"y": [0, 1, 1], "s": [0.2, 0.9, 0.4]})
    [[0, 1, 1], [0.2, 0.9, 0.4]]
    """
    v.choice("nan_policy", nan_policy, NAN_POLICIES)
    values = [_named(parameter, value, data) for parameter, value in named]
    series = [(parameter, value) for (parameter, _), value in zip(named, values) if _is_pandas(value, "Series")]
    for parameter, value in series[1:]:
        first, index = series[0][1].index, value.index
        if not index.equals(first):
            raise v.ParameterError(parameter, f"indexed as {{{series[0][0]}}} (Series are paired by position: "
                                   "align them first, e.g. with .reindex or .reset_index(drop=True))",
                                   "a different index", others=(series[0][0],))
    from_series = [_is_pandas(value, "Series") for value in values]
    values = [_series_values(value) if is_series else value for value, is_series in zip(values, from_series)]
    present = [(parameter, value) for (parameter, _), value in zip(named, values) if value is not None]
    if nan_policy == "raise":
        # a Series' missing values are named here: pandas' NA has no order for the later checks
        for (parameter, _), value, is_series in zip(named, values, from_series):
            mask = _missing(value) if is_series else None
            if mask is not None and mask.any():
                raise v.MissingValueError(parameter, "free of missing values",
                                          f"a missing value in row {int(np.argmax(mask))}")
        return values
    lengths = {parameter: _length(value) for parameter, value in present}
    rows = lengths[present[0][0]]
    for parameter, length in lengths.items():
        if length != rows:
            first = present[0][0]
            raise v.ParameterError(parameter, f"as long as {{{first}}} ({rows})", f"{length} values", others=(first,))
    keep = np.ones(rows, dtype=bool)
    for _, value in present:
        mask = _missing(value)
        if mask is not None:
            keep &= ~mask
    omitted = rows - int(np.count_nonzero(keep))
    if not omitted:
        return values
    warnings.warn(v.RowsOmittedWarning(omitted, rows), stacklevel=stacklevel)
    return [None if value is None else _drop(value, keep) for value in values]


def warn_below_chance(area: float, pos_label, *, stacklevel: int = 3) -> None:
    """Warn when the AUC is below ½ — as pROC's ``direction = "auto"`` would turn the curve around."""
    if not area < 0.5:
        return
    positive = "1 or True" if pos_label is None else v.printable(repr(pos_label), 40)
    text = (f"the AUC of {{scores}} is {area:.6g}, below 1/2: the negatives score above the positives on the whole. "
            f"Is {{pos_label}} the right class (positive: {positive})? If lower scores mean positive, negate them.")
    warnings.warn(v.BelowChanceWarning(text, area, params=("scores", "pos_label")), stacklevel=stacklevel)
