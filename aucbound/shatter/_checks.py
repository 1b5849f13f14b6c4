"""Checks of the combinatorics' own arguments: matrices over {0, ½, 1} (point sets and scores are
checked by :func:`aucbound._validate.points` and :func:`aucbound._validate.finite_vector`)."""

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

