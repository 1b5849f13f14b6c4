"""Generic argument checks, and the errors they raise.

Every public function checks its arguments on its first lines with these helpers. A
failed check raises :class:`ParameterError` (a ``ValueError``) or
:class:`ParameterTypeError` (a ``TypeError``). Both keep their parts apart — the
parameter, the rule it breaks and the value it got — so that the message reads
"`delta` must be in (0, 1), but got 1.5." from the library and "--delta must be in
(0, 1), but got 1.5." from the command line, which renames the parameter without
parsing the text.

Numeric helpers accept a scalar or an array and return a float64 ``ndarray`` (0-d for a
scalar) for the vectorized formulas; with ``scalar=True`` they insist on one number and
return a Python float. :func:`out` turns a 0-d result back into a Python float, so that
scalars in give floats out.

Checks that belong to one domain live with their package: labels and data files in
:mod:`aucbound.empirical`, point sets and matrices in :mod:`aucbound.shatter`, samplers in
:mod:`aucbound.simulate`.
"""

from __future__ import annotations

import math
import numbers
import operator
import warnings
from fractions import Fraction

import numpy as np

__all__ = [
    "ParameterError",
    "ParameterTypeError",
    "MissingValueError",
    "OMIT",
    "DataWarning",
    "BelowChanceWarning",
    "RowsOmittedWarning",
    "LevelWarning",
    "failure_probability",
    "plural_only",
    "show",
    "fail",
    "check",
    "real",
    "sizes",
    "points",
    "finite_vector",
    "count",
    "probability",
    "unit_interval",
    "nonnegative",
    "positive",
    "choice",
    "skew",
    "at_most",
    "seed",
    "workers",
    "MAX_WORKERS",
    "out",
    "printable",
    "finite_log",
    "MAX_COUNT",
    "MAX_COMBINATORIAL_COUNT",
]

#: The largest integer every float64 holds exactly; a float count above it was not meant.
EXACT_FLOAT_INTEGERS = 2**53


class _Failure:
    """What both error types share: the parameter, the rule and the value, kept apart."""

    def _setup(self, parameter: str, rule: str, got: str, others: tuple[str, ...], verb: str):
        self.parameter, self.rule, self.got, self.others, self.verb = parameter, rule, got, tuple(others), verb
        return self.message()

    def message(self, name=lambda parameter: f"`{parameter}`") -> str:
        """The message with every parameter shown by `name` (backticked by default).

        The rule may name other parameters as ``{other}`` placeholders (listed in
        ``others``), so that a caller renaming parameters renames them too.
        """
        rule = self.rule.format(**{other: name(other) for other in self.others}) if self.others else self.rule
        verb = f"{self.verb} " if self.verb else ""
        return f"{name(self.parameter)} must {verb}{rule}, but got {self.got}."


class ParameterError(_Failure, ValueError):
    """A parameter has a value outside its domain.

    ``parameter`` names it, ``rule`` says what it must be (or, with ``verb``, have), ``got``
    shows what it was.

    >>> error = ParameterError("delta", "in (0, 1)", "1.5")
    >>> str(error), error.message(lambda name: "--" + name)
    ('`delta` must be in (0, 1), but got 1.5.', '--delta must be in (0, 1), but got 1.5.')
    """

    def __init__(self, parameter: str, rule: str, got: str, *, others=(), verb: str = "be"):
        super().__init__(self._setup(parameter, rule, got, others, verb))


#: The setting that drops rows with a missing value, as an error about one names it: a
#: parameter placeholder, which a command line renames to its option.
OMIT = "nan_policy='omit'"


class MissingValueError(ParameterError):
    """A missing label or score under ``nan_policy="raise"``; the message ends by saying that
    :data:`OMIT` drops such rows (named as parameters are, so a command line shows its option).

    >>> str(MissingValueError("score", "a finite number", "'NA' on line 3 of d.csv"))
    "`score` must be a finite number, but got 'NA' on line 3 of d.csv; `nan_policy='omit'` drops such rows."
    """

    def message(self, name=lambda parameter: f"`{parameter}`") -> str:
        return f"{super().message(name).removesuffix('.')}; {name(OMIT)} drops such rows."


class ParameterTypeError(_Failure, TypeError):
    """A parameter has the wrong type; the same parts as :class:`ParameterError`."""

    def __init__(self, parameter: str, rule: str, got: str, *, others=(), verb: str = "be"):
        super().__init__(self._setup(parameter, rule, got, others, verb))


class DataWarning(UserWarning):
    """A warning about the data that the caller may want to act on.

    Like the errors, its text names parameters as ``{name}`` placeholders (listed in
    ``params``), so that the command line shows its options instead.

    >>> warning = DataWarning("is {pos_label} the right class?", params=("pos_label",))
    >>> str(warning), warning.message(lambda name: "--positive")
    ('is `pos_label` the right class?', 'is --positive the right class?')
    """

    def __init__(self, text: str, *, params=()):
        self.text, self.params = text, tuple(params)
        super().__init__(self.message())

    def message(self, name=lambda parameter: f"`{parameter}`") -> str:
        """The text with every parameter shown by `name` (backticked by default)."""
        return self.text.format(**{parameter: name(parameter) for parameter in self.params})


class BelowChanceWarning(DataWarning):
    """The AUC is below ½: the scores rank the negatives above the positives, on the whole.

    Often a sign that the positive class is the other label, or that lower scores mean
    positive (pROC chooses its ``direction`` for this reason). ``auc`` is the value.
    """

    def __init__(self, text: str, auc: float, *, params=()):
        self.auc = auc
        super().__init__(text, params=params)


class RowsOmittedWarning(DataWarning):
    """Rows with a missing label or score were left out (``nan_policy="omit"``).

    ``omitted`` rows of ``rows`` were dropped; the answer comes from the others.
    """

    def __init__(self, omitted: int, rows: int):
        self.omitted, self.rows = omitted, rows
        super().__init__(f"omitted {omitted} of {rows} row{'s' * (rows != 1)} with a missing label or score")


class LevelWarning(UserWarning):
    """A failure probability δ above ½, or a confidence below ½: most likely the one given for the other
    (``delta=0.95`` meant as 95 % confidence)."""


def failure_probability(delta, confidence, *, default: float | None = 0.05, stacklevel: int = 3) -> float:
    """δ from `delta`, or from `confidence` = 1 − δ (taken as written: 0.95 gives δ = 0.05 exactly as
    typed, not 1 − 0.95 = 0.050000000000000044); at most one of the two, `default` when neither
    (None: one is required), as a float checked in (0, 1). A δ above ½ or a confidence below ½
    draws a :class:`LevelWarning`.

    >>> failure_probability(None, 0.95), failure_probability(0.01, None), failure_probability(None, None)
    (0.05, 0.01, 0.05)
    """
    if confidence is not None:
        if delta is not None:
            raise ParameterError("confidence", "left out when {delta} is given (δ = 1 − confidence)", show(confidence),
                                 others=("delta",))
        level = probability("confidence", confidence, scalar=True)
        delta = float(1 - Fraction(repr(level)))
        if not 0 < delta < 1:  # a confidence below 1e-17 leaves no float δ below 1
            raise fail("confidence", "a confidence whose δ = 1 − confidence is a float below 1", confidence)
        if delta > 0.5:
            warnings.warn(LevelWarning(f"`confidence` = {level!r} is a confidence below ½; did you mean "
                                       f"`delta` = {level!r}?"), stacklevel=stacklevel)
        return delta
    if delta is None:
        if default is None:
            raise ParameterTypeError("delta", "a failure probability in (0, 1), or else {confidence} given",
                                     "None", others=("confidence",))
        return default
    checked = probability("delta", delta, scalar=True)
    if checked > 0.5:
        warnings.warn(LevelWarning(f"`delta` = {checked!r} is a failure probability above ½; did you mean "
                                   f"`confidence` = {checked!r}?"), stacklevel=stacklevel)
    return checked


def plural_only(parameter: str, singular) -> None:
    """Refuse the singular of `parameter` (``method=`` to a function that takes ``methods=``) with a message
    saying which it takes, instead of Python's bare "unexpected keyword argument"."""
    if singular is not None:
        example = f"[{singular!r}]" if isinstance(singular, str) else "[...]"
        raise ParameterTypeError(parameter[:-1], f"given as {{{parameter}}}, a list of keys such as "
                                 f"{parameter}={example}", show(singular), others=(parameter,), verb="be")


def printable(text: str, limit: int = 60, *, keep_end: int = 0) -> str:
    """`text` with control characters escaped and cut to `limit` characters (for messages);
    a cut keeps the last `keep_end` characters (the reason, after a long quoted value).

    >>> printable("x" * 10 + " is bad.", 12, keep_end=8)
    'xxx… is bad.'
    """
    escaped = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in str(text))
    if len(escaped) <= limit:
        return escaped
    head = limit - 1 - keep_end
    return escaped[:head] + "…" + (escaped[-keep_end:] if keep_end else "")


def show(value) -> str:
    """The value as the user wrote it, short."""
    if isinstance(value, (float, np.floating)):
        return repr(float(value))
    if isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        value = int(value)
        if abs(value) < 10**40:
            return str(value)
        if abs(value).bit_length() < 10_000:  # str() of an int is refused past 4300 digits
            return f"an integer of {len(str(abs(value)))} digits"
        return f"an integer of about {abs(value).bit_length() * math.log10(2):,.0f} digits"
    if isinstance(value, np.ndarray):
        return f"an array of shape {value.shape}" if value.ndim else show(value[()])
    if isinstance(value, Fraction):  # p/q as written, a decimal for a long q (1e-300, not 1/1000…)
        if value.denominator > 10**6 and Fraction(1, 10**307) < abs(value) < 10**307:  # a float holds it
            return repr(float(value))
        return printable(str(value))
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def fail(parameter: str, rule: str, value, *, others=()) -> ParameterError:
    """The error for `parameter` breaking `rule` with `value` (to be raised)."""
    return ParameterError(parameter, rule, show(value), others=others)


def check(parameter: str, ok, rule: str, values: np.ndarray) -> None:
    """Raise for the first element of `values` where `ok` is false."""
    ok = np.asarray(ok)
    if not ok.all():
        bad = values.flat[int(np.argmin(ok.ravel()))] if values.ndim else values[()]
        raise fail(parameter, rule, bad)


def _not_a_number(parameter: str, value, scalar: bool) -> ParameterTypeError:
    rule = "a number" if scalar else "a number or an array of numbers"
    return ParameterTypeError(parameter, rule, show(value))


def real(parameter: str, value, *, scalar: bool = False):
    """`value` as a float64 array (0-d for a scalar), or as a Python float with `scalar`.

    Rejects booleans, strings and (with `scalar`) arrays with more than one element. NaN
    passes here and fails the domain check each caller makes next; integers too large
    for a float are refused.
    """
    if isinstance(value, (bool, np.bool_)):
        raise _not_a_number(parameter, value, scalar)
    if isinstance(value, numbers.Integral):
        try:
            array = np.asarray(float(operator.index(value)))
        except OverflowError:
            raise fail(parameter, "below 1e308", value) from None
    else:
        try:
            array = np.asarray(value)
        except (TypeError, ValueError):
            raise _not_a_number(parameter, value, scalar) from None
        if array.dtype.kind == "O" and array.ndim == 0 and isinstance(value, numbers.Real):
            array = np.asarray(float(value))  # a Fraction or Decimal
        if array.dtype.kind not in "iuf":
            raise _not_a_number(parameter, value, scalar)
        with np.errstate(over="ignore"):
            array = array.astype(np.float64, copy=False)
    if scalar:
        if array.ndim:
            raise ParameterTypeError(parameter, "a single number", show(np.asarray(value)))
        return float(array)
    return array


def _domain(parameter: str, value, ok, rule: str, scalar: bool):
    array = real(parameter, value)
    if scalar and array.ndim:
        raise ParameterTypeError(parameter, "a single number", show(array))
    check(parameter, ok(array), rule, array)
    return float(array) if scalar else array


def points(parameter: str, value, *, dim: int | None = None) -> np.ndarray:
    """At least one point with finite coordinates, one point a row, as a float64 (k, d) array.

    A one-dimensional array is k points on the line. With `dim`, the points must be in R^dim.
    """
    array = real(parameter, value)
    if array.ndim == 1:
        array = array[:, None]
    if array.ndim != 2 or array.shape[0] == 0 or (dim is not None and array.shape[1] != dim):
        shape = "(k, d)" if dim is None else f"(k, {dim})"
        raise fail(parameter, f"an array of shape {shape} with k ≥ 1 (one point a row)", array)
    check(parameter, np.isfinite(array), "finite (no inf or NaN)", array)
    return array


def finite_vector(parameter: str, value) -> np.ndarray:
    """A non-empty one-dimensional array of finite numbers (the scores of one class), as float64."""
    array = real(parameter, value)
    if array.ndim != 1 or array.shape[0] == 0:
        raise fail(parameter, "a non-empty one-dimensional array", array)
    check(parameter, np.isfinite(array), "finite (no inf or NaN)", array)
    return array

def sizes(parameter: str, value) -> np.ndarray:
    """Sample sizes: integers ≥ 1 (integral floats accepted), as a float64 array."""
    return _domain(parameter, value, lambda a: np.isfinite(a) & (a >= 1) & (a == np.floor(a)), "an integer ≥ 1", False)


def count(parameter: str, value, *, minimum: int = 1, maximum: int | None = None) -> int:
    """One integer in [`minimum`, `maximum`] as a Python int.

    Integral floats are accepted up to 2^53, where every integer is still a float; a
    float beyond that (1e308) was not meant as an exact count and is refused.
    """
    limit = maximum is not None and maximum >= _LARGE_LIMIT  # a cap on size, not part of the domain
    rule = f"an integer ≥ {minimum}" if maximum is None or limit else f"an integer from {minimum} to {maximum}"
    if isinstance(value, (bool, np.bool_)):
        raise ParameterTypeError(parameter, "an integer", show(value))
    if isinstance(value, numbers.Integral):
        result = int(value)
    elif isinstance(value, numbers.Real) and not isinstance(value, np.ndarray):
        number = float(value)
        if not (math.isfinite(number) and number == math.floor(number)):
            raise fail(parameter, rule, value)
        if abs(number) > EXACT_FLOAT_INTEGERS:
            raise fail(parameter, "an exact integer (a float above 2^53 is not one; pass an int)", value)
        result = int(number)
    elif isinstance(value, np.ndarray) and value.ndim == 0:
        return count(parameter, value[()], minimum=minimum, maximum=maximum)
    else:
        raise ParameterTypeError(parameter, "an integer", show(value))
    if result < minimum:
        raise fail(parameter, rule, value)
    if maximum is not None and result > maximum:
        raise fail(parameter, f"at most {_limit(maximum)}" if limit else rule, value)
    return result


#: The largest count a bound takes as a number of examples or a dimension.
MAX_COUNT = 10**300
#: The largest count the combinatorics take (their logarithms stay finite far beyond): room
#: for the pairs of doubled samples, (2·10^300)², that the uniform bounds ask about.
MAX_COMBINATORIAL_COUNT = 10**1000
#: Maxima from here on are limits of size, named only when they are passed.
_LARGE_LIMIT = 10**15


def finite_log(parameter: str, value, log_value: float, what: str) -> float:
    """`log_value`, the logarithm of a count, refused where ln of `what` passes the largest float."""
    if not math.isfinite(log_value):
        raise ParameterError(parameter, f"small enough for ln {what} to be a float (at most 1.8·10^308)", show(value))
    return log_value


def _limit(value: int) -> str:
    """A limit as written in a rule: 10^300 for a large power of ten."""
    power = len(str(value)) - 1
    return f"10^{power}" if power > 15 and value == 10**power else str(value)


def probability(parameter: str, value, *, scalar: bool = False):
    """A number in the open interval (0, 1): δ, ε targets, the skew ρ."""
    return _domain(parameter, value, lambda a: (a > 0) & (a < 1), "in (0, 1)", scalar)


def unit_interval(parameter: str, value, *, scalar: bool = False):
    """A number in the closed interval [0, 1]: an AUC."""
    return _domain(parameter, value, lambda a: (a >= 0) & (a <= 1), "in [0, 1]", scalar)


def nonnegative(parameter: str, value, *, scalar: bool = False):
    """A finite number ≥ 0 (a deviation ε in a tail bound, a standard deviation)."""
    return _domain(parameter, value, lambda a: np.isfinite(a) & (a >= 0), "a finite number ≥ 0", scalar)


def positive(parameter: str, value, *, scalar: bool = False):
    """A finite number > 0."""
    return _domain(parameter, value, lambda a: np.isfinite(a) & (a > 0), "a finite number > 0", scalar)


def choice(parameter: str, value, options):
    """`value` if it is one of `options` (a mapping or a sequence of keys)."""
    if not isinstance(value, str) or value not in options:
        listed = ", ".join(repr(key) for key in options)
        raise fail(parameter, f"one of {listed}", value)
    return value


def skew(parameter: str, value, *, max_denominator: int = 10**6) -> Fraction:
    """A positive skew ρ in (0, 1) as an exact ``Fraction``.

    A ``Fraction``, an integer or an integer ratio string such as ``"1/4"`` is taken as it
    is. A float that equals a fraction with denominator ≤ `max_denominator` to 12 digits
    is that fraction (0.1 → 1/10, 0.25 → 1/4); any other float is its exact binary value.

    >>> skew("rho", 0.1), skew("rho", "2/3"), skew("rho", 0.123456789123)
    (Fraction(1, 10), Fraction(2, 3), Fraction(8895999191851211, 72057594037927936))
    """
    rule = "a number in (0, 1), or a ratio p/q of integers in (0, 1)"
    if isinstance(value, (str, numbers.Rational)) and not isinstance(value, (bool, np.bool_)):
        try:
            exact = Fraction(value.strip() if isinstance(value, str) else value)
        except (ValueError, ZeroDivisionError):
            raise fail(parameter, rule, value) from None
    else:
        number = real(parameter, value, scalar=True)
        if not 0 < number < 1:
            raise fail(parameter, rule, value)
        exact = Fraction(number)
        near = exact.limit_denominator(max_denominator)
        if 0 < near < 1 and abs(near - exact) <= 1e-12 * exact:  # not 1 for 0.9999999999999999
            exact = near
    if not 0 < exact < 1:
        raise fail(parameter, rule, value)
    return exact


def counts(parameter: str, values, *, minimum: int = 1, maximum: int | None = None) -> tuple[int, ...]:
    """A non-empty sequence of whole numbers in [minimum, maximum], sorted, without repeats.

    A ``range`` has its ends checked first, so that one far beyond `maximum` (longer than
    Python can count) is refused at once.

    >>> counts("sizes", range(5, 2, -1))
    (3, 4, 5)
    >>> counts("sizes", range(1, 10**30), maximum=3000)
    Traceback (most recent call last):
    ...
    aucbound._validate.ParameterError: `sizes` must be an integer from 1 to 3000, but got 999999999999999999999999999999.
    """
    if isinstance(values, range) and values:
        for end in sorted((values[0], values[-1])):
            count(parameter, end, minimum=minimum, maximum=maximum)
    elif isinstance(values, (str, bytes)) or not hasattr(values, "__len__") or len(values) == 0:
        raise ParameterTypeError(parameter, "a non-empty sequence of sizes", show(values))
    return tuple(sorted({count(parameter, value, minimum=minimum, maximum=maximum) for value in values}))


def at_most(parameter: str, value: int, limit: int, *, why: str = "") -> int:
    """`value` if it is at most `limit`; `why` says what the limit protects (" for the bootstrap")."""
    if value > limit:
        raise fail(parameter, f"at most {limit:,}{why}", value)
    return value


def seed(parameter: str, value):
    """A random seed: None (fresh entropy) or an integer ≥ 0, returned as a Python int."""
    if value is None:
        return None
    return count(parameter, value, minimum=0)


#: The most worker threads a call may be asked for (−1 asks for one per core, however many).
MAX_WORKERS = 256


def workers(parameter: str, value) -> int:
    """A number of worker threads: an integer from 1 to :data:`MAX_WORKERS`, or −1 for one per
    core (as scipy's ``workers``).

    >>> workers("workers", -1), workers("workers", 2)
    (-1, 2)
    >>> workers("workers", 0)
    Traceback (most recent call last):
    ...
    aucbound._validate.ParameterError: `workers` must be an integer from 1 to 256, or -1 for one thread per core, but got 0.
    """
    rule = f"an integer from 1 to {MAX_WORKERS}, or -1 for one thread per core"
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise ParameterTypeError(parameter, rule, show(value))
    if value != -1 and not 1 <= value <= MAX_WORKERS:
        raise fail(parameter, rule, value)
    return int(value)


def progress(parameter: str, value):
    """A progress callback ``value(done, total)``, or one that does nothing for None."""
    if value is None:
        return lambda done, total: None
    if not callable(value):
        raise ParameterTypeError(parameter, "a function progress(done, total)", show(value))
    return value


def out(array):
    """A 0-d result as a Python float; arrays unchanged."""
    array = np.asarray(array, dtype=np.float64)
    return float(array) if array.ndim == 0 else array
