r"""Preference functions on n items: what every ranking-by-pairs algorithm reads.

Ailon & Mohri (2008), §2.3: a preference function h: U × U → [0, 1] is pairwise consistent,
h(u, v) + h(v, u) = 1, but need not be transitive; the closer h(u, v) is to 1, the more u
should be ranked above v. Balcan et al. (2007), §2, work with a binary h, a *tournament*:
the edge u → v ("u beats v") is there iff h(u, v) = 1. Items are the integers 0, …, n − 1;
h(u, u) is never asked for and reads 0.

A :class:`Preference` is one of three kinds:

- ``from_matrix(h)``: an n×n array, checked for consistency when it is made;
- ``from_scores(scores)``: h(u, v) = 1 if s_u > s_v, ½ if s_u = s_v, 0 if s_u < s_v — the
  transitive preference of a scoring function (Balcan et al. 2007, §6), never stored as a
  matrix;
- ``from_function(function, n)``: a vectorized callable, called only on the pairs an
  algorithm asks for, each batch checked as it comes back.

The algorithms read h through one private method, :meth:`Preference._values`, on two
index arrays at once, so a level of QuickSort or a block of Degree is one call of h.
"""

from __future__ import annotations

import numbers

import numpy as np

from .. import _validate as v
from ._checks import TOLERANCE, flag, items, preference_matrix

__all__ = ["Preference", "MAX_ITEMS", "MAX_MATRIX", "TOLERANCE"]

#: The most items a preference may have (QuickSort at 10^8 items needs a few GB).
MAX_ITEMS = 10**8
#: The largest n for which :meth:`Preference.matrix` materialises the n×n matrix (3.2 GB of floats).
MAX_MATRIX = 20_000
#: Rows of h evaluated at once when a matrix is materialised from scores or a function.
_BLOCK_VALUES = 1 << 22


def _indices(parameter: str, value, n: int) -> np.ndarray:
    """Item indices: integers (or an integer array) in 0, …, n − 1, as int64."""
    if isinstance(value, (bool, np.bool_)):
        raise v.ParameterTypeError(parameter, "item indices (integers)", v.show(value))
    if isinstance(value, numbers.Integral) and not 0 <= int(value) < n:
        raise v.fail(parameter, f"item indices from 0 to {n - 1}", value)  # also integers beyond int64
    array = np.asarray(value)
    if array.dtype.kind not in "iu":
        raise v.ParameterTypeError(parameter, "item indices (integers)", v.show(value))
    array = array.astype(np.int64, copy=False)
    v.check(parameter, (array >= 0) & (array < n), f"item indices from 0 to {n - 1}", array)
    return array


class Preference:
    """A pairwise-consistent preference function h on the items 0, …, n − 1 (Ailon & Mohri 2008, §2.3).

    Immutable; make one with :meth:`from_matrix`, :meth:`from_scores` or
    :meth:`from_function`. ``pref(u_idx, v_idx)`` reads h[u, v] (vectorized), ``matrix()``
    materialises it, ``binary`` says whether h is known to be 0/1 valued (a tournament).

    >>> h = Preference.from_scores([0.1, 0.7, 0.7])
    >>> h.n, h.binary, h.pref([1, 1, 0], [0, 2, 1])
    (3, False, array([1. , 0.5, 0. ]))
    """

    __slots__ = ("_kind", "_n", "_binary", "_matrix", "_scores", "_function")

    def __init__(self, *args, **kwargs):
        raise TypeError("make a Preference with Preference.from_matrix, from_scores or from_function")

    @classmethod
    def _make(cls, kind: str, n: int, binary: bool, *, matrix=None, scores=None, function=None) -> Preference:
        self = object.__new__(cls)
        for name, value in (("_kind", kind), ("_n", n), ("_binary", binary), ("_matrix", matrix),
                            ("_scores", scores), ("_function", function)):
            object.__setattr__(self, name, value)
        return self

    def __setattr__(self, name, value):
        raise AttributeError("a Preference is immutable")

    def __delattr__(self, name):
        raise AttributeError("a Preference is immutable")

    # --- constructors -------------------------------------------------------------------

    @classmethod
    def from_matrix(cls, h) -> Preference:
        """The preference with h[u, v] read from an n×n array (n ≥ 2).

        Off the diagonal every entry must be finite and in [0, 1], and h[u, v] + h[v, u]
        must be 1 within :data:`TOLERANCE`; the first entry (row by row) that breaks a rule
        is named in the error. The diagonal is ignored (stored as 0). The lower
        triangle is stored as 1 − the upper one, so the stored h is exactly consistent.
        ``binary`` is True when every entry off the diagonal is 0 or 1; a boolean array (a
        tournament's adjacency matrix) is read as 0/1.

        >>> h = Preference.from_matrix([[0, 1, 0], [0, 0, 1], [1, 0, 0]])  # a 3-cycle
        >>> h.binary, h.pref(2, 0)
        (True, 1.0)
        >>> Preference.from_matrix([[0, 0.7], [0.2, 0]])
        Traceback (most recent call last):
        ...
        aucbound._validate.ParameterError: `h` must satisfy h[u, v] + h[v, u] = 1 off the diagonal (within 1e-12), but got h[0, 1] = 0.7 and h[1, 0] = 0.2.
        """
        stored = preference_matrix("h", h)
        binary = bool(np.all((stored == 0) | (stored == 1)))
        stored.setflags(write=False)
        return cls._make("matrix", stored.shape[0], binary, matrix=stored)

    @classmethod
    def from_scores(cls, scores) -> Preference:
        """The transitive preference of scores: h(u, v) = 1 if s_u > s_v, ½ if s_u = s_v, 0 otherwise.

        Balcan et al. (2007), §6: a classifier c(x, x') = 1(s(x) > s(x')) labels a transitive
        tournament. No n×n matrix is made; ``binary`` is True when no two scores are equal.
        Scores in an integer array (int64, uint64) beyond ±2^53 are replaced by their ranks, which
        keeps every comparison (Python integers beyond int64 are refused: rank them first).

        >>> Preference.from_scores([3, 1, 2]).pref(0, [1, 2])
        array([1., 1.])
        """
        array = np.asarray(scores) if not isinstance(scores, np.ndarray) else scores
        if array.dtype.kind in "iu" and array.ndim == 1 and array.size and (
                array.max() > 2**53 or (array.dtype.kind == "i" and array.min() < -(2**53))):
            array = np.unique(array, return_inverse=True)[1].reshape(-1)
        array = v.real("scores", array)
        if array.ndim != 1:
            raise v.fail("scores", "a one-dimensional array", array)
        if array.size < 2:
            raise v.ParameterError("scores", "have at least 2 items", str(array.size), verb="")
        if array.size > MAX_ITEMS:
            raise v.ParameterError("scores", f"have at most {MAX_ITEMS:,} items", f"{array.size:,}", verb="")
        v.check("scores", np.isfinite(array), "finite (no NaN or inf)", array)
        stored = array.copy()
        stored.setflags(write=False)
        ordered = np.sort(stored)
        binary = not bool(np.any(ordered[1:] == ordered[:-1]))
        return cls._make("scores", stored.size, binary, scores=stored)

    @classmethod
    def from_function(cls, function, n, *, binary: bool = False) -> Preference:
        """The preference h(u, v) = ``function(u, v)``, evaluated only where an algorithm asks.

        `function` is vectorized: it gets two int64 arrays u and v of equal length (read
        only; never u[i] = v[i]) and returns an array of that length of h values in [0, 1].
        Each batch is checked (its shape, finite values in [0, 1]); a bad one raises a
        ``ValueError`` naming `function`. The algorithms ask for each unordered pair at
        most once and take h(v, u) = 1 − h(u, v), so consistency is assumed, not checked.

        Whether a callable is 0/1 valued cannot be known in advance: ``binary`` is False
        ("not known to be binary") unless you declare it; a declared-binary function must
        return only 0 or 1, which is checked on every batch. Nothing changes in the
        algorithms but speed: QuickSort decides a pair with h = 0 or 1 without randomness
        either way.

        >>> h = Preference.from_function(lambda u, v: (u < v).astype(float), 4, binary=True)
        >>> h.pref([0, 3], [1, 2])
        array([1., 0.])
        """
        if not callable(function):
            raise v.ParameterTypeError("function", "callable as function(u, v)", v.show(function))
        n = items("n", n, MAX_ITEMS)
        return cls._make("function", n, flag("binary", binary), function=function)

    # --- reading h ----------------------------------------------------------------------

    @property
    def n(self) -> int:
        """The number of items."""
        return self._n

    @property
    def kind(self) -> str:
        """'matrix', 'scores' or 'function': how h is held."""
        return self._kind

    @property
    def binary(self) -> bool:
        """True when h is known to be 0/1 valued (a tournament): see the constructors."""
        return self._binary

    def pref(self, u_idx, v_idx):
        """h[u, v] for item indices u = `u_idx`, v = `v_idx` (integer arrays, broadcast); 0 where u = v.

        Two scalars give a float.

        >>> Preference.from_matrix([[0, 0.25], [0.75, 0]]).pref([[0], [1]], [0, 1])
        array([[0.  , 0.25],
               [0.75, 0.  ]])
        """
        first, second = _indices("u_idx", u_idx, self._n), _indices("v_idx", v_idx, self._n)
        try:
            first, second = np.broadcast_arrays(first, second)
        except ValueError:
            raise v.ParameterError("v_idx", f"broadcast against {{u_idx}} (shape {first.shape})",
                                   f"shape {second.shape}", others=("u_idx",), verb="") from None
        values = np.zeros(first.shape)
        off = first != second
        if off.any():
            values[off] = self._values(first[off], second[off])
        return float(values) if values.ndim == 0 else values

    def matrix(self) -> np.ndarray:
        """The n×n matrix of h (diagonal 0), refused above n = :data:`MAX_MATRIX`.

        >>> Preference.from_scores([2, 1]).matrix()
        array([[0., 1.],
               [0., 0.]])
        """
        if self._n > MAX_MATRIX:
            raise v.fail("n", f"at most {MAX_MATRIX:,} to materialise the n×n matrix (n² floats)", self._n)
        if self._kind == "matrix":
            return self._matrix.copy()
        n = self._n
        result = np.zeros((n, n))
        rows = max(1, _BLOCK_VALUES // n)
        for start in range(0, n, rows):
            stop = min(n, start + rows)
            if self._kind == "scores":
                result[start:stop] = self._rows(start, stop, 0)
            else:
                first, second = upper_pairs(start, stop, n)
                values = self._values(first, second)
                result[first, second] = values
                result[second, first] = 1.0 - values
        np.fill_diagonal(result, 0.0)
        return result

    def __repr__(self) -> str:
        return f"Preference(kind={self._kind!r}, n={self._n}, binary={self._binary})"

    # --- for the algorithms (no argument checks) ----------------------------------------

    def _values(self, first: np.ndarray, second: np.ndarray) -> np.ndarray:
        """h[first[i], second[i]] for int64 arrays of equal length with first[i] ≠ second[i]."""
        if self._kind == "matrix":
            return self._matrix[first, second]
        if self._kind == "scores":
            s, t = self._scores[first], self._scores[second]
            values = (s > t).astype(np.float64)
            if not self._binary:
                values[s == t] = 0.5
            return values
        return self._call(first, second)

    def _rows(self, start: int, stop: int, column: int) -> np.ndarray:
        """The dense block h[start:stop, column:] (matrix or scores only; the diagonal is not set)."""
        if self._kind == "matrix":
            return self._matrix[start:stop, column:]
        s, t = self._scores[start:stop, None], self._scores[None, column:]
        block = (s > t).astype(np.float64)
        if not self._binary:
            block[s == t] = 0.5
        return block

    def _call(self, first: np.ndarray, second: np.ndarray) -> np.ndarray:
        """One call of the user's function, with its answer checked."""
        size = first.shape[0]
        a, b = first.view(), second.view()
        a.flags.writeable = b.flags.writeable = False
        answer = self._function(a, b)
        try:
            array = np.asarray(answer)
        except (TypeError, ValueError):
            array = np.asarray(None)
        if array.dtype.kind not in "biuf":
            raise v.ParameterTypeError("function", "return numbers (an array of h values)", v.show(answer), verb="")
        if array.shape != (size,):
            raise v.ParameterError("function", f"return an array of shape ({size},) for {size} pair{'s' * (size != 1)}",
                                   f"shape {array.shape}", verb="")
        values = array.astype(np.float64)
        bad = ~(np.isfinite(values) & (values >= 0) & (values <= 1))
        rule = "return values in [0, 1]"
        if not bad.any() and self._binary:
            bad = (values != 0) & (values != 1)
            rule = "return only 0 or 1 (it was declared binary)"
        if bad.any():
            i = int(np.argmax(bad))
            raise v.ParameterError("function", rule, f"{v.show(values[i])} for the pair ({first[i]}, {second[i]})",
                                   verb="")
        return values


def upper_pairs(start: int, stop: int, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The pairs (u, v) with start ≤ u < stop and u < v < n, row by row, as two int64 arrays."""
    rows = np.arange(start, stop, dtype=np.int64)
    counts = n - 1 - rows
    first = np.repeat(rows, counts)
    offsets = np.cumsum(counts) - counts
    second = np.arange(first.size, dtype=np.int64) - np.repeat(offsets, counts) + first + 1
    return first, second

