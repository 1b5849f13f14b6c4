"""Checks of scores and labels: what a data set must be before any AUC is computed.

Labels are compared exactly as they are given — strings as strings, integers as Python
integers (IDs that differ above 2^53 stay different), floats as floats — and encoded to
the two class codes once; nothing is converted to float64 on the way. Scores are finite
real numbers; integer scores that a float64 could not hold exactly (beyond 2^53) are
replaced by their exact ranks, which leaves every AUC, variance and bootstrap unchanged
(they depend on the order of the scores only).

A boolean, integer or float label array of two values is classified by linear passes — a
count of the True values, or its minimum and maximum (and, when they are not adjacent
integers, a count of each) — with no sort; other labels, and every error, go through
``np.unique`` or a dict.
"""

from __future__ import annotations

import numbers

import numpy as np

from .. import _validate as v

__all__ = ["scores", "unchecked_scores", "check_finite", "score_groups", "positive_mask", "class_sizes", "encode",
           "refuse_swapped", "SwappedError"]

_EXACT = 2**53


def _exact_ranks(values) -> np.ndarray:
    """Dense ranks 0, 1, … of exact integers, as float64 (order and ties kept)."""
    distinct = sorted(set(values))
    index = {value: float(k) for k, value in enumerate(distinct)}
    return np.array([index[value] for value in values], dtype=np.float64)


def _integral(x) -> bool:
    return isinstance(x, numbers.Integral) and not isinstance(x, (bool, np.bool_))


def _real_item(x) -> bool:
    """Whether one item of an object array is a score: a bool, an integer or a binary float
    (each held by a float64 exactly, integers within ±2^53), or None (missing)."""
    return x is None or isinstance(x, (int, float, np.integer, np.floating, np.bool_))


def _big_integers(parameter: str, value) -> list | None:
    """The scores as exact Python numbers when some are integers beyond ±2^53, which a float64
    might not hold exactly (in a list, an object array — mixed with floats or not — or an
    integer array); None when float64 holds every score exactly."""
    if isinstance(value, (list, tuple)):
        values = value
    else:
        array = np.asarray(value)
        if array.ndim != 1 or not array.size:
            return None
        if array.dtype.kind in "iu":
            if array.max() > _EXACT or (array.dtype.kind == "i" and array.min() < -_EXACT):
                return [int(x) for x in array.tolist()]
            return None
        if array.dtype.kind != "O":
            return None
        values = array.tolist()
    if not any(_integral(x) and abs(int(x)) > _EXACT for x in values):
        return None
    if not all(_integral(x) or (isinstance(x, numbers.Real) and np.isfinite(x)) for x in values):
        raise v.fail(parameter, "finite real numbers (integers beyond 2^53 are compared exactly)", value)
    return [int(x) if _integral(x) else float(x) for x in values]


def _as_floats(parameter: str, value):
    """`value`, with booleans as 0 and 1 (as scikit-learn reads them) and a one-dimensional object
    array of numbers — a pandas column of floats with its missing values dropped, say — as
    float64 (None as NaN); conversions that hold every score exactly (integers beyond ±2^53 are
    taken before, by :func:`_big_integers`). Other values unchanged, for :func:`aucbound._validate.real`."""
    if isinstance(value, (bool, np.bool_)):
        return value
    array = np.asarray(value) if isinstance(value, (list, tuple, np.ndarray)) else None
    if array is None or array.ndim != 1:
        return value
    if array.dtype.kind == "b":
        return array.astype(np.float64)
    if array.dtype.kind == "O" and all(map(_real_item, array.tolist())):
        return np.array([np.nan if x is None else float(x) for x in array.tolist()], dtype=np.float64)
    return value


FINITE = "finite (no NaN or inf)"


def not_finite(parameter: str, value) -> v.ParameterError:
    """The error for a score that is NaN (missing: ``nan_policy='omit'`` would drop it) or infinite."""
    if value != value:
        return v.MissingValueError(parameter, FINITE, "nan")
    return v.fail(parameter, FINITE, value)


def check_finite(parameter: str, values: np.ndarray) -> None:
    """Raise for the first score of a float64 array that is NaN or infinite."""
    finite = np.isfinite(values)
    if not finite.all():
        raise not_finite(parameter, values[int(np.argmin(finite))])


def _real_array(parameter: str, value) -> np.ndarray:
    """A one-dimensional array of real numbers, as float64, as given (NaN and inf not checked);
    booleans count as 0 and 1."""
    result = v.real(parameter, _as_floats(parameter, value))
    if result.ndim != 1:
        raise v.fail(parameter, "a one-dimensional array", result)
    return result


def _real_scores(parameter: str, value) -> np.ndarray:
    """A one-dimensional array of finite real scores, as float64, as given (an integer array,
    whose float64 values are all finite, is not searched for NaN and inf)."""
    result = _real_array(parameter, value)
    if not (isinstance(value, np.ndarray) and value.dtype.kind in "iub"):
        check_finite(parameter, result)
    return result


def unchecked_scores(parameter: str, value) -> tuple[np.ndarray, bool]:
    """(values, checked): the scores as :func:`scores` gives them, but for one check left to
    the caller when `checked` is False, who makes it with its own next pass: a float64 array
    not yet searched for NaN and inf (:func:`check_finite`), or an int64 array returned as it
    is, not yet compared with ±2^53 (:func:`scores` makes it, and gives the exact ranks of
    larger integers). Other integer scores come back as float64, checked."""
    if isinstance(value, np.ndarray) and value.ndim == 1 and value.dtype == np.int64:
        return value, False
    exact = _big_integers(parameter, value)
    if exact is not None:
        return _exact_ranks(exact), True
    return _real_array(parameter, value), isinstance(value, np.ndarray) and value.dtype.kind in "iu"


def scores(parameter: str, value) -> np.ndarray:
    """A one-dimensional array of finite real scores, as float64.

    Integer scores beyond ±2^53 (an int64 array, or Python integers of any size) are
    replaced by their exact ranks, so that no two distinct scores become equal. Those ranks
    hold for this one array: scores that are compared with other scores go through
    :func:`score_groups` instead.
    """
    exact = _big_integers(parameter, value)
    if exact is not None:
        return _exact_ranks(exact)
    return _real_scores(parameter, value)


def score_groups(named) -> list[np.ndarray]:
    """The score arrays of several groups compared with one another (``(name, value)`` pairs),
    checked as :func:`scores` does; when any group holds integers beyond ±2^53, all of them
    are replaced by their exact ranks in the pooled scores (Python compares integers and
    floats exactly), so every comparison between groups keeps its answer."""
    exact = [_big_integers(name, value) for name, value in named]
    if all(values is None for values in exact):
        return [_real_scores(name, value) for name, value in named]
    pooled = [values if values is not None else _real_scores(name, value).tolist()
              for (name, value), values in zip(named, exact)]
    ranks = _exact_ranks([x for values in pooled for x in values])
    return np.split(ranks, np.cumsum([len(values) for values in pooled])[:-1])


def _python(value):
    """A label as a plain Python value (numpy scalars unwrapped), for messages and comparisons."""
    return value.item() if isinstance(value, np.generic) else value


def _two_values(array: np.ndarray) -> tuple[np.ndarray, list] | None:
    """(high, [low, high value]) when a one-dimensional boolean, integer or float array
    holds exactly two distinct values: `high` is the boolean mask of the larger one (for
    booleans, a read-only view of `array` itself). None otherwise (one value, three or more,
    NaN, no labels, another dtype): :func:`_encode_other` then decides, with ``np.unique``.

    Linear passes only: a count of the True values, or the minimum and maximum, one
    comparison, and for values that are not adjacent integers (−1 and 1, 3 and 7, floats) a
    count of the minimum's too, so that a third value between them is not missed.
    """
    kind = array.dtype.kind
    if array.ndim != 1 or array.shape[0] == 0 or kind not in "biuf":
        return None
    if kind == "b":
        if not 0 < np.count_nonzero(array) < array.shape[0]:
            return None
        high = array.view()
        high.flags.writeable = False
        return high, [False, True]
    low, top = array.min(), array.max()
    if not low < top:  # one value, or NaN (which `encode` names)
        return None
    high = array == top
    adjacent = kind in "iu" and int(top) - int(low) == 1
    if not adjacent and np.count_nonzero(high) + np.count_nonzero(array == low) != array.shape[0]:
        return None
    return high, [_python(low), _python(top)]


def encode(labels) -> tuple[np.ndarray, list]:
    """(codes, classes): each label's index into `classes`, its distinct values in sorted order.

    Exact for every kind of label: numpy arrays of numbers, strings or booleans by
    ``np.unique`` (two-valued boolean and number arrays by a minimum and a maximum, without
    sorting); object arrays (a pandas column of strings, Python integers) by their Python
    values, through a dict of the distinct values (no per-label Python loop, so ten million
    labels take about a second). Labels that cannot be ordered keep their order of first
    appearance.
    """
    array = np.asarray(labels)
    two = _two_values(array)
    return (two[0].astype(np.intp), two[1]) if two is not None else _encode_other(array)


def _encode_other(array: np.ndarray) -> tuple[np.ndarray, list]:
    """:func:`encode` for the labels :func:`_two_values` leaves (and every error)."""
    if array.ndim != 1:
        raise v.fail("labels", "a one-dimensional array", array)
    if array.dtype.kind == "f":
        v.check("labels", ~np.isnan(array), "free of NaN", array)
    if array.dtype.kind != "O":
        classes, codes = np.unique(array, return_inverse=True)
        return codes.reshape(-1), [_python(value) for value in classes]
    values = array.tolist()
    index = {value: code for code, value in enumerate(dict.fromkeys(values))}  # equal values share a key
    classes = [_python(value) for value in index]
    for value in classes:
        if value is None or (isinstance(value, float) and value != value):
            raise v.fail("labels", "free of missing values (None, NaN)", value)
    codes = np.fromiter(map(index.__getitem__, values), dtype=np.intp, count=len(values))
    try:
        order = sorted(range(len(classes)), key=lambda k: classes[k])
    except TypeError:
        return codes, classes
    rank = np.empty(len(classes), dtype=np.intp)
    rank[order] = np.arange(len(classes))
    return rank[codes], [classes[k] for k in order]


def _shown(classes: list) -> str:
    return ", ".join(v.printable(repr(value), 40) for value in classes[:5]) + (", …" if len(classes) > 5 else "")


def _is_number(value) -> bool:
    return isinstance(value, numbers.Number) and not isinstance(value, complex)


def _few_values(values, limit: int) -> list | None:
    """The distinct values of a one-dimensional column when there are at most `limit`, else None."""
    try:
        codes, classes = encode(values)
    except (ValueError, TypeError):
        return None
    return classes if codes.ndim == 1 and len(classes) <= limit else None


class SwappedError(v.ParameterError):
    """Labels and scores that look given the wrong way round: the labels hold many numbers,
    the scores at most two values."""

    def __init__(self, label_values: int, shown_labels: str, score_values: list):
        self.label_values, self.shown_labels, self.score_values = label_values, shown_labels, score_values
        super().__init__("labels", "", f"{label_values} distinct values", others=("scores",))

    def message(self, name=lambda parameter: f"`{parameter}`") -> str:
        few = "one" if len(self.score_values) == 1 else "only two"
        return (f"{name('labels')} holds {self.label_values} distinct values ({self.shown_labels}) and "
                f"{name('scores')} {few} ({_shown(self.score_values)}): are the labels and the scores swapped? "
                "The labels come first.")


def refuse_swapped(labels, scores) -> None:
    """Raise :class:`SwappedError` when `labels` look like scores (more than two numbers) and
    `scores` like labels (at most two values); otherwise do nothing. For error paths only."""
    if scores is None:
        return
    score_values = _few_values(scores, 2)
    if score_values is None:
        return
    try:
        _, classes = encode(labels)
    except (ValueError, TypeError):
        return
    if len(classes) > 2 and all(_is_number(value) for value in classes):
        raise SwappedError(len(classes), _numbers(classes), score_values)
    if (len(classes) == 2 and all(isinstance(value, float) and not value.is_integer() for value in classes)
            and all(_is_number(value) for value in score_values)
            and (set(score_values) <= {0, 1} or set(score_values) <= {-1, 1})):
        raise SwappedError(len(classes), _numbers(classes), score_values)


def _numbers(values: list) -> str:
    """The first three of `values` (numbers), short."""
    return ", ".join(f"{value:.6g}" for value in values[:3]) + (", …" if len(values) > 3 else "")


def positive_mask(labels, pos_label=None, *, length: int | None = None, scores=None) -> np.ndarray:
    """The boolean mask of positive examples in `labels`.

    Without `pos_label`, labels must be booleans, {0, 1} or {−1, 1}, and 1 (True) is
    positive; with it, labels may be any two values and `pos_label` names the positive one.
    Both classes must be present. The mask may be a read-only view of boolean `labels`.
    `scores`, when given, are looked at only if the labels are refused, to say whether the
    two look swapped (:func:`refuse_swapped`).
    """
    array = np.asarray(labels)
    two = _two_values(array)  # the common case, by linear passes (a mask, not codes)
    codes, classes = two if two is not None else _encode_other(array)
    if length is not None and codes.shape[0] != length:
        raise v.ParameterError("labels", f"as long as {{scores}} ({length})", f"{codes.shape[0]} labels",
                               others=("scores",))
    if len(classes) > 2:
        refuse_swapped(labels, scores)
        raise v.ParameterError("labels", "of two classes", f"{len(classes)} distinct values ({_shown(classes)})")
    if len(classes) < 2:
        raise v.ParameterError("labels", "of two classes, with at least one positive and one negative",
                               f"one class only ({_shown(classes)})" if classes else "no labels")
    if pos_label is None:
        if all(_is_number(value) for value in classes) and (set(classes) <= {0, 1} or set(classes) <= {-1, 1}):
            positive = classes.index(1)
        else:
            refuse_swapped(labels, scores)
            raise v.ParameterError(
                "pos_label", "name the positive class when labels are not booleans, 0/1 or −1/1",
                f"None (labels: {_shown(classes)})", verb="",
            )
    else:
        matches = [k for k, value in enumerate(classes) if value == _python(pos_label)]
        if not matches:
            raise v.fail("pos_label", f"one of the labels ({_shown(classes)})", pos_label)
        positive = matches[0]
    if two is not None:  # codes is the mask of classes[1]
        return codes if positive == 1 else ~codes
    return codes == positive


def positive_class(values: list, pos_label=None):
    """The positive one of a table's distinct label `values`, by the rule of :func:`positive_mask`
    (which refuses three values, one, or labels that need `pos_label` without it).

    >>> positive_class([0, 1]), positive_class(["good", "poor"], "poor")
    (1, 'poor')
    """
    mask = positive_mask(np.array(values, dtype=object if any(isinstance(x, str) for x in values) else None),
                         pos_label)
    return values[int(np.flatnonzero(mask)[0])]


def class_sizes(mask: np.ndarray, minimum: int, purpose: str) -> tuple[int, int]:
    """(m, n), the numbers of positives and negatives in `mask`, if both are ≥ `minimum`."""
    m = int(np.count_nonzero(mask))
    n = mask.shape[0] - m
    if min(m, n) < minimum:
        raise v.ParameterError(
            "labels", f"at least {minimum} positives and {minimum} negatives ({purpose})",
            f"{m} positive{'s' * (m != 1)} and {n} negative{'s' * (n != 1)}", verb="have",
        )
    return m, n
