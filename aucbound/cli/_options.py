"""Options shared by several commands, as named decorators, and the edge where library
errors become click errors.

Option lists come from the library's registries — the interval methods from
:data:`aucbound.METHODS`, the function classes and their parameters from
:data:`aucbound.CLASSES` — so a new method or class appears here without an edit.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import sys
import warnings
from fractions import Fraction

import click

from .. import _validate


class IntRange(click.IntRange):
    """click's IntRange, with a clear refusal of an integer too long for Python to read
    (more than ``sys.get_int_max_str_digits()`` digits) rather than "not a valid integer"."""

    def convert(self, value, param, ctx):
        if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
            limit = sys.get_int_max_str_digits()
            digits = len(value.strip().lstrip("+-"))
            if limit and digits > limit:
                self.fail(f"an integer of {digits:,} digits is longer than the {limit:,} digits Python reads.",
                          param, ctx)
        return super().convert(value, param, ctx)


UNIT_OPEN = click.FloatRange(0, 1, min_open=True, max_open=True)
UNIT_CLOSED = click.FloatRange(0, 1)

FORMATS = ("table", "json", "csv")


def stack(*decorators):
    """One decorator applying `decorators` in order (the first is the outermost)."""

    def apply(function):
        for decorator in reversed(decorators):
            function = decorator(function)
        return function

    return apply


class _TableFormat(click.ParamType):
    """One of tabulate's table formats (the default, 'simple', is taken without importing tabulate)."""

    name = "NAME"

    def convert(self, value, param, ctx):
        if value == "simple":
            return value
        import tabulate

        if value not in tabulate.tabulate_formats:
            self.fail(f"{value!r} is not one of tabulate's formats ({', '.join(sorted(tabulate.tabulate_formats))}).",
                      param, ctx)
        return value


output_options = stack(
    click.option(
        "--format",
        "output_format",
        type=click.Choice(FORMATS),
        default="table",
        show_default=True,
        help="Output: a table for reading, or JSON / CSV for programs.",
    ),
    click.option(
        "--tablefmt",
        type=_TableFormat(),
        default="simple",
        show_default=True,
        help="tabulate's table style, e.g. github, grid, latex_booktabs.",
    ),
)


def _failure_probability(ctx: click.Context, delta: float, confidence: float | None) -> tuple[float, str | None]:
    """(δ from --delta or --confidence, the warning to give when it looks swapped for the other).

    The confidence is taken as written: 0.95 gives δ = 0.05, not 1 − 0.95 = 0.050000000000000044.
    """
    if confidence is not None:
        if given(ctx, "delta"):
            raise click.UsageError("--delta and --confidence give the same level (delta = 1 - confidence); "
                                   "give one of them.", ctx)
        delta = float(1 - Fraction(str(confidence)))
        if delta > 0.5:
            return delta, f"--confidence {confidence} is a confidence below 1/2; did you mean --delta {confidence}?"
    elif delta > 0.5:
        return delta, f"--delta {delta} is a failure probability above 1/2; did you mean --confidence {delta}?"
    return delta, None


def delta_option(function):
    """--delta δ, or --confidence 1 − δ instead: the command receives ``delta`` either way.

    Both at once is a usage error; a δ above ½ (or a confidence below ½) draws a one-line
    warning on stderr once the command has run, since it is most likely the other of the
    two (a command that fails says only its one 'Error: …' line). The library's own
    :class:`~aucbound.LevelWarning` about the same δ is left unsaid: this line says it for
    the options typed.
    """

    @functools.wraps(function)
    def run(*args, delta, confidence, **kwargs):
        delta, warning = _failure_probability(click.get_current_context(), delta, confidence)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", _validate.LevelWarning)
            result = function(*args, delta=delta, **kwargs)
        if warning:
            click.echo(f"Warning: {warning}", err=True)
        return result

    return stack(
        click.option(
            "--delta",
            type=UNIT_OPEN,
            default=0.05,
            show_default=True,
            help="Failure probability δ in (0, 1); the confidence is 1 − δ.",
        ),
        click.option("--confidence", type=UNIT_OPEN, help="Instead of --delta: the confidence 1 − δ, e.g. 0.95."),
    )(run)


class _Workers(click.ParamType):
    """A number of threads: 1 to :data:`aucbound._validate.MAX_WORKERS`, or -1 for one per core."""

    name = "N"

    def convert(self, value, param, ctx):
        try:
            return _validate.workers("workers", int(value) if isinstance(value, str) else value)
        except (ValueError, TypeError):
            self.fail(f"must be an integer from 1 to {_validate.MAX_WORKERS}, or -1 for one thread per core, "
                      f"but got {value!r}.", param, ctx)


workers_option = click.option(
    "--workers",
    type=_Workers(),
    default=-1,
    show_default=True,
    help="Threads of the bootstrap: N from 1 up, or -1 for one per core this process may use. "
         "The resamples, and so every number printed, are the same with any N.",
)


class Skew(click.ParamType):
    """A positive skew ρ = m/(m+n) in (0, 1), as p/q or a decimal: 1/10, 0.1."""

    name = "RHO"

    def convert(self, value, param, ctx):
        try:
            return _validate.skew("rho", value)
        except (_validate.ParameterError, _validate.ParameterTypeError):
            self.fail(f"must be a number in (0, 1) or a ratio p/q such as 1/10, but got {value!r}.", param, ctx)


def skew_option(default="1/2", help_text="Positive skew ρ = m/(m+n): 1/10, 0.25 …"):
    return click.option("--rho", type=Skew(), default=default, show_default=True, help=help_text)


variance_options = stack(
    click.option("--auc", type=UNIT_CLOSED, help="The AUC estimate Â (centres intervals; A for the variance methods)."),
    click.option("--p1", type=UNIT_CLOSED, help="Lehmann's p1, P(two positives above a negative); with --p2 and --auc."),
    click.option("--p2", type=UNIT_CLOSED, help="Lehmann's p2, P(a positive above two negatives); with --p1 and --auc."),
)

class_size_options = stack(
    click.option(
        "--class-size",
        type=IntRange(min=1),
        metavar="K",
        help="Union bound over a finite class of K scorers (Thm 3.8; Cor 3.9 for intervals, Cor 3.10 for sizes): each method at δ/K.",
    ),
    click.option(
        "--log-class-size",
        type=click.FloatRange(min=0),
        metavar="LNK",
        help="The same with ln K given instead of K (for classes beyond 10^300).",
    ),
)


class MethodChoice(click.ParamType):
    """An interval method's key, one of ``keys()`` when the command runs (methods registered
    after start-up count too)."""

    name = "NAME"

    def __init__(self, keys):
        self.keys = keys

    def convert(self, value, param, ctx):
        keys = list(self.keys())
        if value not in keys:
            self.fail(f"{value!r} is not one of {', '.join(map(repr, keys))}.", param, ctx)
        return value


def method_option(keys):
    """--method NAME (repeatable), one of ``keys()`` (a function, read when the command runs)."""
    return click.option(
        "--method",
        "methods",
        multiple=True,
        type=MethodChoice(keys),
        help=f"Only this method (repeatable): {', '.join(keys())}.",
    )


all_option = click.option(
    "--all",
    "all_methods",
    is_flag=True,
    help="Also the best-case rows (chebyshev-min, normal-min): widths at the smallest variance any "
         "distribution can have, not confidence intervals.",
)


def hidden_best_case(keys, chosen, all_methods: bool) -> tuple[list[str], list[str]]:
    """(the keys to show, the note lines) for a table of the methods `keys`.

    The best-case methods (widths at the smallest variance, not confidence intervals) are
    left out unless --all is given or --method named methods (`chosen`); the note says
    which were left out and how to show them.
    """
    from ..bounds import METHODS

    keys = list(keys)
    if chosen or all_methods:
        return keys, []
    hidden = [key for key in keys if METHODS[key].guarantee == "best-case"]
    if not hidden:
        return keys, []
    note = f"not shown: {', '.join(hidden)} (best-case widths, not confidence intervals: --all or --method shows them)"
    return [key for key in keys if key not in hidden], [note]


def open_unit(name: str, help_text: str, **kwargs):
    """An option with a value in (0, 1)."""
    return click.option(name, type=UNIT_OPEN, help=help_text, **kwargs)


def size_option(name: str, help_text: str):
    """A required count ≥ 1 (any size: Python integers)."""
    return click.option(name, type=IntRange(min=1), required=True, help=help_text)


# --- function classes, from aucbound.CLASSES ---------------------------------------------


def _class_parameters() -> dict[str, dict]:
    """Every class parameter once, by name: its metadata (help, metavar, kind, minimum)."""
    from ..shatter import CLASSES

    return {field.name: field.metadata for cls in CLASSES.values() for field in cls.parameters()}


def _option_name(parameter: str) -> str:
    return "--" + parameter.replace("_", "-")


def class_options(*, required: bool = True, default: str | None = None, choices=None):
    """--class KEY with one option per class parameter (--size, --d, --q, --log-c1, --c2).

    The command receives ``class_name`` and one keyword per parameter; :func:`build_class`
    turns them into the class. Without `required`, --class may be left out (`default`
    names the class used then, for the help text); `choices` limits the classes offered.
    """
    from ..shatter import CLASSES

    keys = list(choices or CLASSES)
    names = ", ".join(f"{key} ({', '.join(_option_name(f.name) for f in CLASSES[key].parameters()) or 'no options'})"
                      for key in keys)
    shown_default = f" [default: {default}]" if default else ""
    options = [click.option("--class", "class_name", type=click.Choice(keys), required=required,
                            help=f"The function class F: {names}.{shown_default}")]
    for name, meta in _class_parameters().items():
        if meta["kind"] is int:
            kind = IntRange(min=meta["minimum"])
        else:
            kind = click.FloatRange(min=meta["minimum"], max=1e300) if meta["minimum"] is not None else click.FloatRange(-1e300, 1e300)
        options.append(click.option(_option_name(name), name, type=kind, metavar=meta["metavar"], help=meta["help"]))
    return stack(*options)


def build_class(class_name: str | None, parameters: dict):
    """The class object for --class and its options; a usage error names a missing or stray option.

    `parameters` holds every class option's value (None when not given). With no
    `class_name`, None (the command's default class), unless a class option was given.
    """
    from ..shatter import CLASSES

    given = {name: value for name, value in parameters.items() if value is not None}
    if class_name is None:
        if given:
            raise click.UsageError(f"{_option_name(next(iter(given)))} goes with --class.")
        return None
    cls = CLASSES[class_name]
    fields = {field.name: field for field in dataclasses.fields(cls)}
    for name in given:
        if name not in fields:
            raise click.UsageError(f"{_option_name(name)} does not apply to --class {class_name}.")
    for name, field in fields.items():
        if name not in given and field.metadata["required"]:
            raise click.UsageError(f"--class {class_name} needs {_option_name(name)}.")
    with library_errors():
        return cls(**given)


def class_keywords(kwargs: dict) -> dict:
    """Take the class options out of a command's keywords (the rest stay in `kwargs`)."""
    return {name: kwargs.pop(name) for name in _class_parameters()}


# --- library errors at the edge ------------------------------------------------------------


#: Library parameters whose option has another name on every command that has it.
_ALIASES = {"fclass": "class_name"}


def option_namer(ctx: click.Context, rename: dict | None = None):
    """How a library parameter reads on this command line: its option, else its name in words."""
    options = {}
    for param in ctx.command.params:
        if isinstance(param, click.Option):
            options[param.name] = max(param.opts, key=len)
    for library, option in _ALIASES.items():
        if option in options:
            options.setdefault(library, options[option])
    rename = rename or {}

    def name(parameter: str) -> str:
        if parameter in rename:
            return rename[parameter]
        if parameter in options:
            return options[parameter]
        return f"the {parameter.replace('_', ' ')}"

    return name


@contextlib.contextmanager
def library_errors(rename: dict | None = None):
    """Turn the library's parameter errors into click usage errors (exit 2) naming the option.

    The error's ``parameter`` (and the others its rule names) become the command's options;
    `rename` maps library parameters that go by another option (``labels`` → ``--label``).
    """
    try:
        yield
    except (_validate.ParameterError, _validate.ParameterTypeError) as error:
        ctx = click.get_current_context()
        raise click.UsageError(error.message(option_namer(ctx, rename)), ctx) from None


def given(ctx: click.Context, name: str) -> bool:
    """Whether the option `name` was typed on the command line (not left at its default)."""
    return ctx.get_parameter_source(name) is click.core.ParameterSource.COMMANDLINE
