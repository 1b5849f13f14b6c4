r"""Argument checks shared by the modules of :mod:`aucbound.reductions`: one rule and one message per concept.

- square arrays on items or positions (:func:`square`): a float64 copy, n×n with n ≥ 2,
  finite off the diagonal, the diagonal ignored (returned as 0); an entry that breaks a
  rule is named with its indices, row by row;
- preference functions as matrices (:func:`preference_matrix`): entries in [0, 1] (0 or 1
  for a tournament) and h[u, v] + h[v, u] = 1 within :data:`TOLERANCE` (Ailon & Mohri
  2008, §2.3), returned exactly consistent (the lower triangle as 1 − the upper one);
- weights and expectations on pairs (:func:`nonnegative_matrix`): entries ≥ 0;
- bipartite labels (:func:`binary_labels`): 0/1 or booleans, 1 = positive (ranked above),
  as a boolean array;
- a number of items (:func:`items`), the k of a top k (:func:`top_k`), a yes/no option
  (:func:`flag`), a ranking listed from the top (:func:`order_array`).

Imports only :mod:`aucbound._validate` and numpy.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v

__all__ = ["square", "entries", "preference_matrix", "nonnegative_matrix", "binary_labels", "items", "top_k", "flag",
           "order_array", "MAX_ITEMS", "TOLERANCE"]

#: The most items a dense n×n weight, preference or truth array may have (72 MB of floats).
MAX_ITEMS = 3000

#: How far h[u, v] + h[v, u] may be from 1 in a preference matrix.
TOLERANCE = 1e-12


def square(parameter: str, value, *, limit: int | None = None, n: int | None = None, rows: str = "item",
           where=None) -> np.ndarray:
    """A square float64 array of side 2 ≤ n ≤ `limit` (exactly `n` if given), finite off the diagonal.

    Booleans read as 0/1. Returned as a copy whose diagonal is 0 (the diagonal is never
    read, so it may hold anything, NaN included). `rows` names what a row stands for in the
    message of a wrong side ("item", "position").

    >>> square("h", [[7, 1], [0, np.nan]])
    array([[0., 1.],
           [0., 0.]])
    >>> square("h", [[0, 1], [np.inf, 0]])
    Traceback (most recent call last):
    ...
    aucbound._validate.ParameterError: `h` must have finite entries off the diagonal, but got h[1, 0] = inf.
    """
    if isinstance(value, (list, tuple)):  # nested lists of booleans read as a boolean array
        try:
            probe = np.asarray(value)
        except ValueError:  # ragged: v.real says so
            probe = None
        value = probe if probe is not None and probe.dtype.kind == "b" else value
    if isinstance(value, np.ndarray) and value.dtype.kind == "b":
        value = value.astype(np.float64)
    array = v.real(parameter, value)
    if array.ndim != 2 or array.shape[0] != array.shape[1] or array.shape[0] < 2:
        raise v.fail(parameter, "a square n×n array with n ≥ 2", array)
    side = array.shape[0]
    if limit is not None and side > limit:
        raise v.ParameterError(parameter, f"have side at most {limit:,}", f"side {side:,}", verb="")
    if n is not None and side != n:
        raise v.ParameterError(parameter, f"be {n}×{n} (one row per {rows})", f"shape {array.shape}", verb="")
    array = array.copy()
    np.fill_diagonal(array, 0.0)
    entries(parameter, array, np.isfinite(array), "have finite entries off the diagonal", where=where)
    return array


def _entry(parameter: str, array: np.ndarray, u: int, w: int, where) -> str:
    """'h[u, w] = value', and with `where` (row → its place, such as a file's line) ' on <place>'."""
    return f"{parameter}[{u}, {w}] = {v.show(array[u, w])}" + (f" on {where(u)}" if where is not None else "")


def entries(parameter: str, array: np.ndarray, ok: np.ndarray, rule: str, *, where=None) -> None:
    """Raise for the first entry of the 2-D `array` (row by row) where `ok` is False, naming it as
    `parameter`[u, v] (and, with `where`, the place of its row)."""
    if not ok.all():
        u, w = divmod(int(np.argmin(ok.ravel())), array.shape[1])
        raise v.ParameterError(parameter, rule, _entry(parameter, array, u, w, where), verb="")


def preference_matrix(parameter: str, value, *, binary: bool = False, limit: int | None = None,
                      n: int | None = None, where=None) -> np.ndarray:
    """A pairwise-consistent preference function h as an n×n float64 array (Ailon & Mohri 2008, §2.3).

    :func:`square`, then off the diagonal: entries in [0, 1] (with `binary`, 0 or 1: a
    tournament) and h[u, v] + h[v, u] = 1 within :data:`TOLERANCE`; the first pair (u < v,
    row by row) that is not consistent is named. The lower triangle is returned as 1 − the
    upper one, so the result is exactly consistent; the diagonal is 0. `where(u)`, if given,
    says where row u came from (such as a file's line), for the messages.

    >>> preference_matrix("h", [[0, 0.25], [0.75, 0]])
    array([[0.  , 0.25],
           [0.75, 0.  ]])
    >>> preference_matrix("h", [[0, 0.7], [0.2, 0]])
    Traceback (most recent call last):
    ...
    aucbound._validate.ParameterError: `h` must satisfy h[u, v] + h[v, u] = 1 off the diagonal (within 1e-12), but got h[0, 1] = 0.7 and h[1, 0] = 0.2.
    """
    h = square(parameter, value, limit=limit, n=n, where=where)
    if binary:
        entries(parameter, h, (h == 0) | (h == 1), "have entries 0 or 1 off the diagonal (a tournament)", where=where)
    else:
        entries(parameter, h, (h >= 0) & (h <= 1), "have entries in [0, 1] off the diagonal", where=where)
    gap = h + h.T  # symmetric, so its first entry off by more than TOLERANCE, row by row, has u < w
    np.fill_diagonal(gap, 1.0)
    gap -= 1.0
    np.abs(gap, out=gap)
    off = gap > TOLERANCE
    if off.any():
        u, w = divmod(int(np.argmax(off.ravel())), h.shape[1])
        raise v.ParameterError(
            parameter, f"satisfy {parameter}[u, v] + {parameter}[v, u] = 1 off the diagonal (within {TOLERANCE:g})",
            f"{_entry(parameter, h, u, w, where)} and {_entry(parameter, h, w, u, where)}", verb="")
    np.copyto(h, 1.0 - h.T, where=np.tri(h.shape[0], k=-1, dtype=bool))
    return h


def nonnegative_matrix(parameter: str, value, *, limit: int | None = None, n: int | None = None,
                       rows: str = "item") -> np.ndarray:
    """Weights on pairs (of items or of positions): :func:`square` with every entry off the diagonal ≥ 0.

    >>> nonnegative_matrix("omega", [[0, -1], [1, 0]])
    Traceback (most recent call last):
    ...
    aucbound._validate.ParameterError: `omega` must have entries ≥ 0 off the diagonal, but got omega[0, 1] = -1.0.
    """
    array = square(parameter, value, limit=limit, n=n, rows=rows)
    entries(parameter, array, array >= 0, "have entries ≥ 0 off the diagonal")
    return array


def binary_labels(parameter: str, labels, *, size: int | None = None, limit: int | None = None,
                  both: bool = True) -> np.ndarray:
    """Bipartite labels as a boolean array (True = positive, to be ranked above).

    Labels are booleans or the numbers 0 and 1, in a one-dimensional array; with `size`,
    one per item; with `limit`, at most that many; with `both`, at least one of each class.

    >>> binary_labels("labels", [1, 0, 0])
    array([ True, False, False])
    >>> binary_labels("labels", [1, 2, 0])
    Traceback (most recent call last):
    ...
    aucbound._validate.ParameterError: `labels` must contain only 0 (negative) and 1 (positive), but got 2 at index 1.
    """
    array = np.asarray(labels)
    if array.dtype.kind not in "biuf":
        raise v.ParameterTypeError(parameter, "an array of 0/1 labels", v.show(labels))
    if array.ndim != 1:
        raise v.fail(parameter, "a one-dimensional array of 0/1 labels", array)
    if size is not None and array.shape[0] != size:
        raise v.ParameterError(parameter, f"one label per item ({size})", f"{array.shape[0]} labels", verb="have")
    if limit is not None and array.shape[0] > limit:
        raise v.ParameterError(parameter, f"at most {limit:,} labels", f"{array.shape[0]:,}", verb="have")
    if array.dtype.kind == "b":
        positive = array.copy()
    else:
        bad = (array != 0) & (array != 1)
        if bad.any():
            index = int(np.argmax(bad))
            raise v.ParameterError(parameter, "contain only 0 (negative) and 1 (positive)",
                                   f"{v.show(array[index])} at index {index}", verb="")
        positive = array == 1
    if both:
        m = int(np.count_nonzero(positive))
        if m in (0, positive.size):
            got = f"{m} positive{'s' * (m != 1)} and {positive.size - m} negative{'s' * (positive.size - m != 1)}"
            raise v.ParameterError(parameter, "at least one positive (1) and one negative (0)", got, verb="have")
    return positive


def items(parameter: str, value, limit: int) -> int:
    """A number of items: an integer from 2 to `limit`."""
    return v.count(parameter, value, minimum=2, maximum=limit)


def top_k(value, n: int) -> int | None:
    """`top`, the k of a top-k ranking of n items: None (all of them) or an integer from 1 to n."""
    return None if value is None else v.count("top", value, minimum=1, maximum=n)


def flag(parameter: str, value) -> bool:
    """A yes/no option: True or False (numpy's booleans too), as a Python bool."""
    if not isinstance(value, (bool, np.bool_)):
        raise v.ParameterTypeError(parameter, "True or False", v.show(value))
    return bool(value)


def order_array(parameter: str, value, n: int) -> np.ndarray:
    """A ranking of items 0..n−1 (listed from the top) as an int64 array."""
    array = np.asarray(value)
    if array.ndim != 1 or array.dtype.kind not in "iu":
        raise v.ParameterTypeError(parameter, "a one-dimensional array of integers (a permutation of 0..n−1)",
                                   v.show(value))
    if array.shape[0] != n or not np.array_equal(np.sort(array), np.arange(n)):
        shown = v.show(array) if array.shape[0] > 12 else str(array.tolist())
        raise v.ParameterError(parameter, f"be a permutation of 0..{n - 1} (each item once, listed from the top)",
                               shown, verb="")
    return array.astype(np.int64)
