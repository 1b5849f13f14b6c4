"""Options shared by several commands, as named decorators, and the edge where library
errors become click errors."""

from __future__ import annotations

import contextlib
import re

import click

from .. import _validate

_UNIT_OPEN = click.FloatRange(0, 1, min_open=True, max_open=True)
_UNIT_CLOSED = click.FloatRange(0, 1)

FORMATS = ("table", "json", "csv")


def _stack(*decorators):
    def apply(function):
        for decorator in reversed(decorators):
            function = decorator(function)
        return function

    return apply


def _tablefmt_choices():
    import tabulate

    return sorted(tabulate.tabulate_formats)


output_options = _stack(
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
        type=click.Choice(_tablefmt_choices()),
        default="simple",
        show_default=True,
        metavar="NAME",
        help="tabulate's table style, e.g. github, grid, latex_booktabs.",
    ),
)

delta_option = click.option(
    "--delta",
    type=_UNIT_OPEN,
    default=0.05,
    show_default=True,
    help="Failure probability δ in (0, 1); the confidence is 1 − δ.",
)

variance_options = _stack(
    click.option("--auc", type=_UNIT_CLOSED, help="The AUC estimate Â (centres intervals; A for the variance methods)."),
    click.option("--p1", type=_UNIT_CLOSED, help="Lehmann's p1, P(two positives above a negative); with --p2 and --auc."),
    click.option("--p2", type=_UNIT_CLOSED, help="Lehmann's p2, P(a positive above two negatives); with --p1 and --auc."),
)

class_size_options = _stack(
    click.option(
        "--class-size",
        type=click.IntRange(min=1),
        metavar="K",
        help="Union bound over a finite class of K scorers (Cor 3.9 / 3.10): each method at δ/K.",
    ),
    click.option(
        "--log-class-size",
        type=click.FloatRange(min=0),
        metavar="LNK",
        help="The same with ln K given instead of K (for classes beyond 10^300).",
    ),
)


def method_option(keys):
    return click.option(
        "--method",
        "methods",
        multiple=True,
        type=click.Choice(list(keys)),
        metavar="NAME",
        help=f"Only this method (repeatable): {', '.join(keys)}.",
    )


def open_unit(name: str, help_text: str, **kwargs):
    """A required-by-default option with a value in (0, 1)."""
    return click.option(name, type=_UNIT_OPEN, help=help_text, **kwargs)


def size_option(name: str, help_text: str):
    return click.option(name, type=click.IntRange(min=1), required=True, help=help_text)


@contextlib.contextmanager
def library_errors():
    """Turn the library's parameter errors into click usage errors (exit 2) naming the option."""
    try:
        yield
    except (_validate.ParameterError, _validate.ParameterTypeError) as error:
        ctx = click.get_current_context()
        options = {param.name for param in ctx.command.params}

        def as_option(match):
            name = match.group(1)
            return "--" + name.replace("_", "-") if name in options else match.group(0)

        raise click.UsageError(re.sub(r"`([a-z0-9_]+)`", as_option, str(error)), ctx) from None
