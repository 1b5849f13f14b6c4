"""The function-class options shared by the commands that need a class F, and F built from them.

``--class finite --size K | line | linear --d D | polynomial --d D --q Q``; a command adds
:data:`class_options` and calls :func:`build_class` inside ``library_errors()``.
"""

from __future__ import annotations

import click

from ._options import _stack

#: Each class and the options it needs.
CLASSES = {"finite": ("size",), "line": (), "linear": ("d",), "polynomial": ("d", "q")}

class_options = _stack(
    click.option(
        "--class",
        "class_name",
        type=click.Choice(list(CLASSES)),
        required=True,
        help="The function class F: finite (with --size), line, linear (with --d), polynomial (with --d, --q).",
    ),
    click.option("--size", type=click.IntRange(min=1), metavar="K", help="Number of functions of a finite class."),
    click.option("--d", type=click.IntRange(min=1), metavar="D", help="Dimension of the points (linear, polynomial)."),
    click.option("--q", type=click.IntRange(min=1), metavar="Q", help="Largest degree of a polynomial."),
)


def build_class(class_name: str, *, size=None, d=None, q=None):
    """The class object for the options; a usage error names a missing or superfluous option."""
    from .. import shatter

    given = {"size": size, "d": d, "q": q}
    needs = CLASSES[class_name]
    for name in needs:
        if given[name] is None:
            raise click.UsageError(f"--class {class_name} needs --{name}.")
    for name, value in given.items():
        if value is not None and name not in needs:
            raise click.UsageError(f"--{name} does not apply to --class {class_name}.")
    build = {"finite": shatter.Finite, "line": shatter.Line, "linear": shatter.Linear, "polynomial": shatter.Polynomial}
    return build[class_name](*(given[name] for name in needs))
