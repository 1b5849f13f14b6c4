"""The function-class options shared by the commands that need a class F, and F built from them.

``--class finite --size K | line | linear --d D | polynomial --d D --q Q``. A command adds
:data:`class_options` and calls :func:`build_class` inside ``library_errors()``; or it
adds :func:`class_or_log_r`, which also offers ``--log-r VALUE`` (ln of a bound on r(F, m, n)
given directly) and hands the command ``fclass`` (None with --log-r) and ``log_r``.
"""

from __future__ import annotations

import functools

import click

from ._options import _stack, library_errors

#: Each class and the options it needs.
CLASSES = {"finite": ("size",), "line": (), "linear": ("d",), "polynomial": ("d", "q")}


def _class_option(required: bool):
    return click.option(
        "--class",
        "class_name",
        type=click.Choice(list(CLASSES)),
        required=required,
        help="The function class F: finite (with --size), line, linear (with --d), polynomial (with --d, --q).",
    )


_CLASS_PARAMETERS = (
    click.option("--size", type=click.IntRange(min=1), metavar="K", help="Number of functions of a finite class."),
    click.option("--d", type=click.IntRange(min=1), metavar="D", help="Dimension of the points (linear, polynomial)."),
    click.option("--q", type=click.IntRange(min=1), metavar="Q", help="Largest degree of a polynomial."),
)

class_options = _stack(_class_option(True), *_CLASS_PARAMETERS)


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


def class_or_log_r(function):
    """The class options or ``--log-r VALUE``, exactly one; the command receives ``fclass`` and ``log_r``."""

    @functools.wraps(function)
    def command(*args, class_name, size, d, q, log_r, **kwargs):
        if (class_name is None) == (log_r is None):
            raise click.UsageError("give --class (with its options) or --log-r, exactly one of them.")
        fclass = None
        if class_name is not None:
            with library_errors():
                fclass = build_class(class_name, size=size, d=d, q=q)
        else:
            for name, value in {"size": size, "d": d, "q": q}.items():
                if value is not None:
                    raise click.UsageError(f"--{name} goes with --class, not with --log-r.")
        return function(*args, fclass=fclass, log_r=log_r, **kwargs)

    options = _stack(
        _class_option(False),
        *_CLASS_PARAMETERS,
        click.option("--log-r", type=click.FloatRange(min=0), metavar="VALUE",
                     help="Instead of --class: ln of a bound on r(F, m, n) that you have."),
    )
    return options(command)
