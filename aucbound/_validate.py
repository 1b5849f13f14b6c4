"""The one place where aucbound checks its arguments.

Every public function calls these helpers on its first lines. A failed check raises
:class:`ParameterError` (a ``ValueError``) or :class:`ParameterTypeError` (a
``TypeError``) whose message quotes the parameter in backticks, states the rule and
shows the value, e.g. "`delta` must be in (0, 1), but got 1.5." Both carry the
parameter's name in ``.parameter`` so that the command line can name the option.

Numeric helpers accept a scalar or an array. They return a float64 ``ndarray`` (0-d for
a scalar) for the vectorized formulas; :func:`out` turns a 0-d result back into a Python
float so that scalars in give floats out.
"""

from __future__ import annotations

import math
import numbers
import operator

import numpy as np

__all__ = [
    "ParameterError",
    "ParameterTypeError",
    "fail",
    "check",
    "real",
    "sizes",
    "count",
    "probability",
    "unit_interval",
    "nonnegative",
    "positive",
    "choice",
    "log_class_size",
    "rational_skew",
    "lehmann_inputs",
    "out",
    "out_count",
]


class ParameterError(ValueError):
    """A parameter has a value outside its domain; ``.parameter`` names it."""

    def __init__(self, parameter: str, message: str):
        super().__init__(message)
        self.parameter = parameter


class ParameterTypeError(TypeError):
    """A parameter has the wrong type; ``.parameter`` names it."""

    def __init__(self, parameter: str, message: str):
        super().__init__(message)
        self.parameter = parameter


def _show(value) -> str:
    """The value as the user wrote it, short."""
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    if isinstance(value, (int, np.integer)) and not isinstance(value, bool):
        text = str(int(value))
        return text if len(text) <= 30 else f"an integer of {len(text)} digits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def fail(parameter: str, rule: str, value) -> ParameterError:
    """The error for `parameter` breaking `rule` with `value` (to be raised)."""
    return ParameterError(parameter, f"`{parameter}` must be {rule}, but got {_show(value)}.")


def check(parameter: str, ok, rule: str, values: np.ndarray) -> None:
    """Raise for the first element of `values` where `ok` is false."""
    ok = np.asarray(ok)
    if not ok.all():
        bad = values.flat[int(np.argmin(ok.ravel()))] if values.ndim else values[()]
        raise fail(parameter, rule, bad)


def real(parameter: str, value) -> np.ndarray:
    """`value` as a float64 array (0-d for a scalar); rejects bools and strings.

    NaN passes here and fails the domain check each caller makes next.
    """
    if isinstance(value, (bool, np.bool_)):
        raise ParameterTypeError(parameter, f"`{parameter}` must be a number, but got {value!r}.")
    if isinstance(value, numbers.Integral):
        try:
            return np.asarray(float(operator.index(value)))
        except OverflowError:
            raise fail(parameter, "below 1e308", value) from None
    try:
        array = np.asarray(value)
    except (TypeError, ValueError):
        raise ParameterTypeError(
            parameter, f"`{parameter}` must be a number or an array of numbers, but got {_show(value)}."
        ) from None
    if array.dtype.kind not in "iuf":
        raise ParameterTypeError(
            parameter, f"`{parameter}` must be a number or an array of numbers, but got {_show(value)}."
        )
    return array.astype(np.float64, copy=False)  # NaN fails every caller's domain check


def sizes(parameter: str, value) -> np.ndarray:
    """Sample sizes: integers ≥ 1 (integral floats accepted), as a float64 array."""
    array = real(parameter, value)
    check(parameter, np.isfinite(array) & (array >= 1) & (array == np.floor(array)), "an integer ≥ 1", array)
    return array


def count(parameter: str, value, *, minimum: int = 1) -> int:
    """One integer ≥ `minimum` as a Python int (integral floats accepted)."""
    if isinstance(value, (bool, np.bool_)):
        raise ParameterTypeError(parameter, f"`{parameter}` must be an integer, but got {value!r}.")
    if isinstance(value, numbers.Integral):
        result = int(value)
    elif isinstance(value, numbers.Real):
        if not (math.isfinite(value) and value == math.floor(value)):
            raise fail(parameter, f"an integer ≥ {minimum}", value)
        result = int(value)
    else:
        raise ParameterTypeError(parameter, f"`{parameter}` must be an integer, but got {_show(value)}.")
    if result < minimum:
        raise fail(parameter, f"an integer ≥ {minimum}", value)
    return result


def probability(parameter: str, value) -> np.ndarray:
    """A number in the open interval (0, 1): δ, ε targets, the skew ρ."""
    array = real(parameter, value)
    check(parameter, (array > 0) & (array < 1), "in (0, 1)", array)
    return array


def unit_interval(parameter: str, value) -> np.ndarray:
    """A number in the closed interval [0, 1]: an AUC."""
    array = real(parameter, value)
    check(parameter, (array >= 0) & (array <= 1), "in [0, 1]", array)
    return array


def nonnegative(parameter: str, value) -> np.ndarray:
    """A finite number ≥ 0 (a deviation ε in a tail bound, a standard deviation)."""
    array = real(parameter, value)
    check(parameter, np.isfinite(array) & (array >= 0), "a finite number ≥ 0", array)
    return array


def positive(parameter: str, value) -> np.ndarray:
    """A finite number > 0."""
    array = real(parameter, value)
    check(parameter, np.isfinite(array) & (array > 0), "a finite number > 0", array)
    return array


def choice(parameter: str, value, options):
    """`value` if it is one of `options` (a mapping or a sequence of keys)."""
    if not isinstance(value, str) or value not in options:
        listed = ", ".join(repr(key) for key in options)
        raise fail(parameter, f"one of {listed}", value)
    return value


def rational_skew(parameter: str, value, *, max_denominator: int = 10**6):
    """A skew ρ in (0, 1) as an exact ``Fraction`` p/q.

    Sample sizes "with ρM an integer" need ρ rational. A ``Fraction`` or an integer ratio
    string such as ``"1/4"`` is taken as it is; a float must equal a fraction with
    denominator ≤ `max_denominator` to 12 digits (0.1 → 1/10, 0.25 → 1/4).
    """
    from fractions import Fraction

    rule = "a rational number p/q in (0, 1)"
    if isinstance(value, (str, numbers.Rational)) and not isinstance(value, bool):
        try:
            exact = Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise fail(parameter, rule, value) from None
    else:
        number = float(real(parameter, value))
        exact = Fraction(number).limit_denominator(max_denominator) if math.isfinite(number) else Fraction(-1)
        if 0 < exact < 1 and abs(exact - Fraction(number)) > 1e-12 * number:
            raise fail(parameter, f"{rule} with q ≤ {max_denominator} (give it as a Fraction or 'p/q')", value)
    if not 0 < exact < 1:
        raise fail(parameter, rule, value)
    return exact


def log_class_size(class_size=None, log_class_size=None) -> float:
    """ln|F| from either `class_size` (an integer ≥ 1, any size) or `log_class_size` (≥ 0).

    Neither given means a single function, ln|F| = 0.
    """
    if class_size is not None and log_class_size is not None:
        raise ParameterError(
            "log_class_size",
            f"`class_size` and `log_class_size` are alternatives; give one, "
            f"but got class_size={_show(class_size)} and log_class_size={_show(log_class_size)}.",
        )
    if class_size is not None:
        return math.log(count("class_size", class_size))
    if log_class_size is not None:
        return float(nonnegative("log_class_size", log_class_size))
    return 0.0


def lehmann_inputs(auc, p1, p2):
    """Check the inputs of Lehmann's variance: A ∈ [0, 1] and A² ≤ p1, p2 ≤ A.

    Returns ``(auc, p1, p2)`` as floats or None; p1 and p2 come together and need `auc`.
    """
    if auc is not None:
        auc = float(unit_interval("auc", auc))
    if (p1 is None) != (p2 is None):
        given, missing = ("p1", "p2") if p2 is None else ("p2", "p1")
        raise ParameterError(missing, f"`{missing}` must be given together with `{given}`, but got None.")
    if p1 is None:
        return auc, None, None
    if auc is None:
        raise ParameterError("auc", "`auc` must be given with `p1` and `p2` (they are constrained by it), but got None.")
    checked = []
    for name, value in (("p1", p1), ("p2", p2)):
        value = float(real(name, value))
        if not auc * auc <= value <= auc:
            raise fail(name, f"in [auc², auc] = [{auc * auc:.6g}, {auc:.6g}] (Lehmann's constraint)", value)
        checked.append(value)
    return auc, checked[0], checked[1]


def out(array):
    """A 0-d result as a Python float; arrays unchanged."""
    array = np.asarray(array, dtype=np.float64)
    return float(array) if array.ndim == 0 else array


def out_count(array):
    """Sizes rounded up: a Python int for a 0-d result, a float64 array of integers otherwise."""
    array = np.ceil(np.asarray(array, dtype=np.float64))
    if array.ndim == 0:
        if not math.isfinite(array):
            raise ParameterError("epsilon", "the sample size is infinite for these parameters.")
        return int(array)
    return array


# --- data: scores and labels -------------------------------------------------------------


def scores(parameter: str, value) -> np.ndarray:
    """A one-dimensional array of finite real scores, as float64."""
    array = real(parameter, value)
    if array.ndim != 1:
        raise fail(parameter, "a one-dimensional array", f"an array of shape {array.shape}")
    check(parameter, np.isfinite(array), "finite (no inf)", array)
    return array


def _distinct(array: np.ndarray) -> np.ndarray:
    """``np.unique(array)``, without its sort for booleans and integers of a narrow range."""
    if array.dtype.kind == "b":
        return np.array([value for value, seen in ((False, not array.all()), (True, array.any())) if seen])
    if array.dtype.kind in "iu" and array.size:
        low, high = array.min(), array.max()
        if int(high) - int(low) < 2**16:
            wide = array if array.dtype.itemsize == 8 else array.astype(np.int64)  # no overflow below
            seen = np.bincount((wide - low).astype(np.intp), minlength=int(high) - int(low) + 1)
            return np.flatnonzero(seen).astype(array.dtype) + low
    return np.unique(array)


def positive_mask(labels, pos_label=None, *, length: int | None = None) -> np.ndarray:
    """The boolean mask of positive examples in `labels`.

    Without `pos_label`, labels must be booleans, {0, 1} or {−1, 1}, and 1 (True) is
    positive; with it, labels may be any two values and `pos_label` names the positive one.
    Both classes must be present.
    """
    array = np.asarray(labels)
    if array.ndim != 1:
        raise fail("labels", "a one-dimensional array", f"an array of shape {array.shape}")
    if length is not None and array.shape[0] != length:
        raise fail("labels", f"as long as `scores` ({length})", f"{array.shape[0]} labels")
    if array.dtype.kind == "f":
        check("labels", ~np.isnan(array), "free of NaN", array)
    values = _distinct(array)
    if values.size > 2:
        shown = ", ".join(repr(x.item()) for x in values[:5])
        raise fail("labels", "of two classes", f"{values.size} distinct values ({shown}{', …' if values.size > 5 else ''})")
    if pos_label is None:
        if array.dtype.kind == "b":
            mask = array
        elif array.dtype.kind in "iuf" and (set(values.tolist()) <= {0, 1} or set(values.tolist()) <= {-1, 1}):
            mask = array == 1
        else:
            shown = ", ".join(repr(x.item()) for x in values)
            raise ParameterError(
                "pos_label",
                f"`pos_label` must name the positive class when labels are not booleans, 0/1 or −1/1, "
                f"but got None (labels: {shown}).",
            )
    else:
        mask = array == pos_label
        if not np.any(mask):
            shown = ", ".join(repr(x.item()) for x in values)
            raise fail("pos_label", f"one of the labels ({shown})", pos_label)
    mask = np.asarray(mask, dtype=bool)
    if mask.all() or not mask.any():
        raise fail("labels", "of two classes, with at least one positive and one negative", "one class only")
    return mask


# --- combinatorics: sizes with a work limit, matrices, point sets ------------------------


def at_most(parameter: str, value: int, limit: int, *, shown: str | None = None, why: str = "") -> int:
    """`value` if it is at most `limit`; `shown` replaces the backticked name (e.g. "`m`·`n`")."""
    if value > limit:
        name = shown if shown is not None else f"`{parameter}`"
        raise ParameterError(parameter, f"{name} must be at most {limit}{why}, but got {_show(value)}.")
    return value


def matrix_in(parameter: str, value, values) -> np.ndarray:
    """A 2-D numeric array with at least one row and column, every entry one of `values`, as float64."""
    array = real(parameter, value)
    if array.ndim != 2 or 0 in array.shape:
        raise fail(parameter, "a two-dimensional array with at least one row and one column", f"an array of shape {array.shape}")
    check(parameter, np.isin(array, values), f"a matrix with entries in {{{', '.join(f'{x:g}' for x in values)}}}", array)
    return array


def points(parameter: str, value, *, dim: int) -> np.ndarray:
    """At least one point of R^`dim` with finite coordinates, one point a row, as a float64 (k, dim) array.

    A one-dimensional array is k points on the line when `dim` is 1.
    """
    array = real(parameter, value)
    if dim == 1 and array.ndim == 1:
        array = array[:, None]
    if array.ndim != 2 or array.shape[0] == 0 or array.shape[1] != dim:
        raise fail(parameter, f"an array of shape (k, {dim}) with k ≥ 1 (one point a row)", f"an array of shape {array.shape}")
    check(parameter, np.isfinite(array), "finite (no inf or NaN)", array)
    return array


# --- data: class sizes, resampling, columns of a data file -------------------------------


def class_sizes(mask: np.ndarray, minimum: int, purpose: str) -> tuple[int, int]:
    """(m, n), the numbers of positives and negatives in `mask`, if both are ≥ `minimum`."""
    m = int(np.count_nonzero(mask))
    n = mask.shape[0] - m
    if min(m, n) < minimum:
        raise ParameterError(
            "labels",
            f"`labels` must have at least {minimum} positives and {minimum} negatives ({purpose}), "
            f"but got {m} positive{'s' * (m != 1)} and {n} negative{'s' * (n != 1)}.",
        )
    return m, n


def seed(parameter: str, value):
    """A random seed: None (fresh entropy) or an integer ≥ 0, returned as a Python int."""
    if value is None:
        return None
    return count(parameter, value, minimum=0)


def same_length(parameter: str, array: np.ndarray, length: int, other: str) -> np.ndarray:
    """`array` if it has `length` elements, the length of the argument named `other`."""
    if array.shape[0] != length:
        raise ParameterError(
            parameter, f"`{parameter}` must be as long as `{other}` ({length}), but got {array.shape[0]} values."
        )
    return array


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
    if text.isdigit() and int(text) < width:
        return int(text)
    if names is None:
        rule = f"a 0-based column index of {source} (below {width})"
    else:
        rule = f"a column name or 0-based index of {source} ({', '.join(names)})"
    raise fail(parameter, rule, text)


def fail_at(parameter: str, rule: str, got: str, where: str) -> ParameterError:
    """The error for data of `parameter` breaking `rule` at `where` (e.g. "line 7 of data.csv")."""
    return ParameterError(parameter, f"`{parameter}` must be {rule}, but got {got} on {where}.")


# --- simulation: user-supplied samplers and what they return -----------------------------


def function(parameter: str, value):
    """`value` if it can be called."""
    if not callable(value):
        raise ParameterTypeError(parameter, f"`{parameter}` must be a function, but got {_show(value)}.")
    return value


def shaped(parameter: str, value, shape: tuple[int, ...]) -> np.ndarray:
    """`value` as a float64 array of exactly `shape`, every entry finite (a sampler's draws)."""
    array = real(parameter, value)
    if array.shape != shape:
        raise fail(parameter, f"an array of shape {shape}", f"an array of shape {array.shape}")
    check(parameter, np.isfinite(array), "finite (no inf or NaN)", array)
    return array
