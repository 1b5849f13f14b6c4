"""Checks of the combinatorics' own arguments: matrices over {0, ½, 1} and point sets."""

from __future__ import annotations

import numpy as np

from .. import _validate as v


def matrix_in(parameter: str, value, values) -> np.ndarray:
    """A 2-D numeric array with at least one row and column, every entry one of `values`, as float64."""
    array = v.real(parameter, value)
    if array.ndim != 2 or 0 in array.shape:
        raise v.fail(parameter, "a two-dimensional array with at least one row and one column", array)
    v.check(parameter, np.isin(array, values), f"a matrix with entries in {{{', '.join(f'{x:g}' for x in values)}}}", array)
    return array


def points(parameter: str, value, *, dim: int | None = None) -> np.ndarray:
    """At least one point with finite coordinates, one point a row, as a float64 (k, d) array.

    A one-dimensional array is k points on the line. With `dim`, the points must be in R^dim.
    """
    array = v.real(parameter, value)
    if array.ndim == 1:
        array = array[:, None]
    if array.ndim != 2 or array.shape[0] == 0 or (dim is not None and array.shape[1] != dim):
        shape = "(k, d)" if dim is None else f"(k, {dim})"
        raise v.fail(parameter, f"an array of shape {shape} with k ≥ 1 (one point a row)", array)
    v.check(parameter, np.isfinite(array), "finite (no inf or NaN)", array)
    return array


def values(parameter: str, value) -> np.ndarray:
    """A non-empty one-dimensional array of finite numbers (the scores of one class), as float64."""
    array = v.real(parameter, value)
    if array.ndim != 1 or array.shape[0] == 0:
        raise v.fail(parameter, "a non-empty one-dimensional array", array)
    v.check(parameter, np.isfinite(array), "finite (no inf or NaN)", array)
    return array
