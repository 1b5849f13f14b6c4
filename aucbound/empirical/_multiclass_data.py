"""The data of a multiclass AUC, checked: labels of k classes and one score column per class (or one in all).

Labels may be any values (strings, integers, …); the classes are their distinct values in
sorted order (in order of first appearance when they cannot be sorted), or the order that
``classes`` gives, as scikit-learn's ``labels=`` does (where aucbound, unlike scikit-learn,
takes any order). Scores are

- an (N, k) array, rows the cases and column j the scores for class j, as scikit-learn's
  ``y_score`` (a list of rows counts as one);
- a pandas DataFrame, or with ``data=`` a list of k column names: column j scores class j,
  unless the columns are named after the classes (every label, or its text, a column name),
  when each column goes to the class of its name, as pROC's ``multiclass.roc`` matches them;
- one column (a 1-D array, or one name with ``data=``): a single numeric predictor whose
  values are expected to grow with the class, in the classes' order (pROC's
  ``multiclass.roc`` with a vector predictor and ``direction = "<"``).

The statistics compare scores within one column only, so each column is checked and, when
it holds integers beyond 2^53, replaced by its exact ranks on its own. Case weights
(``sample_weight``) are one more column, read beside the others (a row missing any value is a
missing row) and checked as for two classes (finite, ≥ 0; whole numbers for frequency weights).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import _validate as v
from . import _labels
from ._columns import _is_pandas, columns

__all__ = ["MAX_CLASSES", "ClassData", "class_data"]

#: The most classes: a multiclass AUC has k(k − 1) pairwise AUCs, whose covariance matrix is 870 × 870 at k = 30.
MAX_CLASSES = 30


@dataclass(frozen=True)
class ClassData:
    """The checked data: `codes` (intp, each case's index into `classes`), `classes` (the labels, in
    order), `sizes` (cases per class), and `columns` (float64 score columns: k of them, column j
    scoring class j, or one, a single predictor), `names` (each column's name, or None), and
    `weights`: each case's weight (int64 for whole numbers, else float64), or None."""

    codes: np.ndarray
    classes: tuple
    sizes: tuple[int, ...]
    columns: tuple[np.ndarray, ...]
    names: tuple
    weights: np.ndarray | None = None

    @property
    def k(self) -> int:
        return len(self.classes)

    @property
    def univariate(self) -> bool:
        """One score column for all the classes."""
        return len(self.columns) == 1

    def indices(self) -> list[np.ndarray]:
        """The cases of each class, in the order given."""
        order = np.argsort(self.codes.astype(np.uint8), kind="stable")  # at most 30 classes: a radix sort
        return np.split(order, np.cumsum(self.sizes)[:-1])


def _is_name(value) -> bool:
    return isinstance(value, (str, bytes, int, np.integer)) and not isinstance(value, (bool, np.bool_))


_SHAPE = ("a 2-D array of shape (cases, classes), one row per label as scikit-learn's y_score (for separate "
          "columns: np.column_stack(columns), or data= with their names), or one column")


def _score_columns(scores, data) -> tuple[list, list]:
    """(the score columns, as values or as names in `data`, and their names or None)."""
    if data is not None and _is_name(scores):
        return [scores], [scores]
    if data is not None and isinstance(scores, (list, tuple)) and scores and all(map(_is_name, scores)):
        return list(scores), list(scores)
    if _is_pandas(scores, "DataFrame"):
        return [scores[name] for name in scores.columns], list(scores.columns)
    if _is_pandas(scores, "Series"):
        return [scores], [None]
    if isinstance(scores, (str, bytes)):
        raise v.fail("scores", "an array (a column name needs `data`, e.g. data=frame)", scores)
    try:
        array = np.asarray(scores)
    except (TypeError, ValueError):
        raise v.ParameterTypeError("scores", _SHAPE, v.show(scores)) from None
    if array.ndim == 1:
        return [array], [None]
    if array.ndim != 2 or array.dtype.kind not in "biufO":
        raise v.ParameterTypeError("scores", _SHAPE, v.show(array) if array.ndim else v.show(scores))
    return [array[:, j] for j in range(array.shape[1])], [None] * array.shape[1]


def _shown(values) -> str:
    return ", ".join(v.printable(repr(value), 30) for value in values[:5]) + (", …" if len(values) > 5 else "")


def _classes(labels, classes) -> tuple[np.ndarray, tuple]:
    """(codes, classes) of the labels, in sorted order or the order of `classes`."""
    codes, found = _labels.encode(labels)
    if classes is None:
        if not 2 <= len(found) <= MAX_CLASSES:
            hint = ": are these scores? The labels come first" if len(found) > MAX_CLASSES else ""
            raise v.ParameterError("labels", f"of 2 to {MAX_CLASSES} classes{hint}",
                                   f"{len(found)} distinct value{'s' * (len(found) != 1)} ({_shown(found)})")
        return codes, tuple(found)
    if isinstance(classes, (str, bytes)) or not hasattr(classes, "__len__"):
        raise v.ParameterTypeError("classes", "a list of the class labels, in the order of the score columns",
                                   v.show(classes))
    given = [value.item() if isinstance(value, np.generic) else value for value in classes]
    if not 2 <= len(given) <= MAX_CLASSES:
        raise v.fail("classes", f"a list of 2 to {MAX_CLASSES} class labels", given)
    index = {}
    for position, value in enumerate(given):
        try:
            seen = index.setdefault(value, position)
        except TypeError:
            raise v.ParameterTypeError("classes", "hashable labels", v.show(value)) from None
        if seen != position:
            raise v.fail("classes", "labels listed once each", value)
    remap = np.empty(len(found), dtype=np.intp)
    for code, value in enumerate(found):
        if value not in index:
            listed = _shown(given).replace("{", "{{").replace("}", "}}")  # the rule is a template
            raise v.ParameterError("labels", f"one of {{classes}} ({listed})", v.printable(repr(value), 40),
                                   others=("classes",))
        remap[code] = index[value]
    return remap[codes], tuple(given)


def _check_sizes(sizes, classes) -> None:
    for value, size in zip(classes, sizes):
        if size == 0:
            raise v.ParameterError("classes", "classes with at least one case each",
                                   f"{v.printable(repr(value), 40)} with no cases")


def _tie(names: list, classes: tuple) -> list[int] | None:
    """The column of each class when the columns are named after the classes (each label's text one
    column's name), else None."""
    if any(name is None for name in names) or len(names) != len(classes):
        return None
    texts, wanted = [str(name) for name in names], [str(value) for value in classes]
    if len(set(wanted)) != len(wanted) or sorted(texts) != sorted(wanted):
        return None
    return [texts.index(text) for text in wanted]


def _column(values, length: int, name, position: int) -> np.ndarray:
    """One score column, checked: finite real numbers (integers beyond 2^53 as their exact ranks), as
    contiguous float64."""
    where = f"column {v.printable(repr(name), 40)}" if name is not None else f"column {position}"
    try:
        column = _labels.scores("scores", values)
    except (v.ParameterError, v.ParameterTypeError) as error:
        raise type(error)("scores", f"{error.rule} in every column", f"{error.got} in {where}") from None
    if column.shape[0] != length:
        raise v.ParameterError("scores", "one row per label", f"{column.shape[0]} rows in {where} for {length} labels",
                               verb="have")
    return np.ascontiguousarray(column, dtype=np.float64)


def class_data(labels, scores, *, classes=None, data=None, nan_policy="raise", sample_weight=None,
               weight_kind=None) -> ClassData:
    """The labels and score columns checked and tied together (see the module docstring).

    >>> d = class_data(["b", "a", "c", "a"], [[0.2, 0.7, 0.1], [0.5, 0.3, 0.2], [0.1, 0.1, 0.8], [0.6, 0.2, 0.2]])
    >>> d.classes, d.sizes, d.codes.tolist(), d.columns[1].tolist()
    (('a', 'b', 'c'), (2, 1, 1), [1, 0, 2, 0], [0.7, 0.3, 0.1, 0.2])
    """
    raw, names = _score_columns(scores, data)
    named = [("labels", labels), ("sample_weight", sample_weight)] + [("scores", column) for column in raw]
    values = columns(*named, data=data, nan_policy=nan_policy, stacklevel=4)
    labels, weights, raw = values[0], values[1], values[2:]
    codes, found = _classes(labels, classes)
    sizes = tuple(int(size) for size in np.bincount(codes, minlength=len(found)))
    _check_sizes(sizes, found)
    if len(raw) not in (1, len(found)):
        raise v.ParameterError("scores", f"one column per class ({len(found)}: {_shown(found)}), or one column",
                               f"{len(raw)} columns", verb="have")
    checked = [_column(column, codes.shape[0], name, j) for j, (column, name) in enumerate(zip(raw, names))]
    order = _tie(names, found) if len(checked) > 1 else None
    if order is not None:
        checked, names = [checked[j] for j in order], [names[j] for j in order]
    if weights is not None:
        from ._weights import _weights

        with np.errstate(over="ignore"):  # a total beyond the float range is no whole-number total below 2^53
            weights = _weights(weights, codes.shape[0], weight_kind)
    return ClassData(codes=np.ascontiguousarray(codes, dtype=np.intp), classes=found, sizes=sizes,
                     columns=tuple(checked), names=tuple(names), weights=weights)
