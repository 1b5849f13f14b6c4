"""``aucbound plot``: the comparison figures (:mod:`aucbound.plots`) as PNG, PDF or SVG files,
and the numbers behind their curves as CSV.

One subcommand per figure, named as in :data:`aucbound.plots.PLOTS`, and ``all``. Each
option's default is the plotting function's own. matplotlib is imported only when a
figure is drawn.
"""

from __future__ import annotations

import csv
import inspect
from pathlib import Path

import click

from .. import _validate
from ..plots import PLOTS
from ._classes import CLASSES, build_class
from ._options import _UNIT_CLOSED, _UNIT_OPEN, library_errors

FORMATS = ("png", "pdf", "svg")


class _FigureFile(click.Path):
    """A file to write a figure to, its format given by the suffix .png, .pdf or .svg."""

    def __init__(self):
        super().__init__(dir_okay=False)

    def convert(self, value, param, ctx):
        path = super().convert(value, param, ctx)
        suffix = Path(path).suffix.lower().lstrip(".")
        if suffix not in FORMATS:
            self.fail(f"{str(path)!r} has no known figure suffix (.png, .pdf or .svg).", param, ctx)
        return path


class _Skew(click.ParamType):
    """A skew ρ = m/(m+n) in (0, 1), as p/q or a decimal: 1/10, 0.1."""

    name = "RHO"

    def convert(self, value, param, ctx):
        try:
            return _validate.rational_skew("rho", value)
        except (_validate.ParameterError, _validate.ParameterTypeError):
            self.fail(f"must be a rational number p/q in (0, 1), such as 1/10 or 0.1, but got {value!r}.", param, ctx)


class _Size(click.ParamType):
    """A whole number, also written 1e6."""

    name = "N"

    def convert(self, value, param, ctx):
        try:
            number = float(value)
        except ValueError:
            number = float("nan")
        if not (number.is_integer() and 1 <= number <= 10**12):
            self.fail(f"must be a whole number from 1 to 10^12 (1e6 allowed), but got {value!r}.", param, ctx)
        return int(number)


def _default(name: str, parameter: str):
    """The plotting function's default for `parameter`, as the option shows it."""
    value = inspect.signature(PLOTS[name]).parameters[parameter].default
    return list(value) if isinstance(value, tuple) else value


def _options(name: str, *keys: str):
    """The options of plot `name` for these library parameters (each defaults to the function's)."""
    made = {
        "delta": lambda: click.option("--delta", type=_UNIT_OPEN, default=_default(name, "delta"), show_default=True,
                                      help="Failure probability δ in (0, 1); the confidence is 1 − δ."),
        "rhos": lambda: click.option("--rho", "rhos", type=_Skew(), multiple=True, default=_default(name, "rhos"),
                                     show_default=True, help="Positive skew m/(m+n), one panel each (repeatable)."),
        "rho": lambda: click.option("--rho", type=_Skew(), default=_default(name, "rho"), show_default=True,
                                    help="Positive skew ρ = m/(m+n)."),
        "sizes": lambda: click.option("--sizes", type=_Size(), nargs=2, default=_default(name, "sizes"),
                                      show_default=True, metavar="MIN MAX", help="Range of the sizes on the x axis."),
        "max_size": lambda: click.option("--max-size", type=_Size(), metavar="M",
                                         help="End of the M axis [default: the paper's, per panel]."),
        "epsilon": lambda: click.option("--epsilon", type=_UNIT_OPEN, default=_default(name, "epsilon"),
                                        show_default=True, help="Half-width ε of the sample sizes compared."),
        "epsilon_range": lambda: click.option("--epsilon-range", type=_UNIT_OPEN, nargs=2, metavar="LO HI",
                                              default=_default(name, "epsilon_range"), show_default=True,
                                              help="Range of ε on the x axis."),
        "rho_range": lambda: click.option("--rho-range", type=_UNIT_OPEN, nargs=2, metavar="LO HI",
                                          default=_default(name, "rho_range"), show_default=True,
                                          help="Range of ρ on the x axis."),
        "auc": lambda: click.option("--auc", type=_UNIT_CLOSED, default=_default(name, "auc"), show_default=True,
                                    help="The estimate Â the intervals surround."),
        "p1": lambda: click.option("--p1", type=_UNIT_CLOSED, help="Lehmann's p1 (with --p2): adds the Lehmann methods."),
        "p2": lambda: click.option("--p2", type=_UNIT_CLOSED, help="Lehmann's p2 (with --p1)."),
        "methods": lambda: click.option("--method", "methods", type=click.Choice(list(_methods())), multiple=True,
                                        metavar="NAME", help="Only this method (repeatable) [default: all but σ_min]."),
        "trials": lambda: click.option("--trials", type=click.IntRange(min=1), default=_default(name, "trials"),
                                       show_default=True, help="Random point sets per size (the most is shown)."),
        "seed": lambda: click.option("--seed", type=click.IntRange(min=0), default=_default(name, "seed"),
                                     show_default=True, help="Seed of the random points."),
    }

    def apply(function):
        for key in reversed(keys):
            function = made[key]()(function)
        return function

    return apply


def _methods():
    from ..bounds import METHODS

    return METHODS


def _class_options(default: str, choices=tuple(CLASSES)):
    """--class (optional: the plot's default class when absent) with --size, --d, --q."""
    options = [
        click.option("--class", "class_name", type=click.Choice(list(choices)),
                     help=f"Function class F, with --size / --d / --q as for `aucbound shatter` [default: {default}]."),
        click.option("--size", type=click.IntRange(min=1), metavar="K", help="Number of functions of a finite class."),
        click.option("--d", type=click.IntRange(min=1), metavar="D", help="Dimension of the points (linear, polynomial)."),
        click.option("--q", type=click.IntRange(min=1), metavar="Q", help="Largest degree of a polynomial."),
    ]

    def apply(function):
        for option in reversed(options):
            function = option(function)
        return function

    return apply


def _function_class(class_name, size, d, q):
    if class_name is None:
        given = [f"--{key}" for key, value in (("size", size), ("d", d), ("q", q)) if value is not None]
        if given:
            raise click.UsageError(f"{given[0]} needs --class.")
        return None
    return build_class(class_name, size=size, d=d, q=q)


def _write_csv(rows, path) -> None:
    with open(path, "w", newline="", encoding="utf-8") as stream:
        writer = csv.DictWriter(stream, fieldnames=["panel", "series", "x", "y"], lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


def _draw(name: str, out, data, **parameters) -> None:
    """Draw plot `name` with `parameters`, write the figure to `out` and the rows to `data`."""
    fclass = _function_class(*(parameters.pop(key, None) for key in ("class_name", "size", "d", "q")))
    parameters = {key: value for key, value in parameters.items() if value not in (None, ())}
    if fclass is not None:
        parameters["fclass"] = fclass
    with library_errors():
        figure, rows = PLOTS[name](return_data=True, **parameters)
    for path, write in ((out, figure.savefig), (data, lambda path: _write_csv(rows, path))):
        if path is None:
            continue
        try:
            write(path)
        except OSError as error:
            raise click.ClickException(f"cannot write {path}: {error.strerror or error}.") from None
        click.echo(path)


def _files(function):
    function = click.option("--data", type=click.Path(dir_okay=False), metavar="FILE.csv",
                            help="Also write the curves' numbers: panel, series, x, y.")(function)
    return click.option("--out", type=_FigureFile(), required=True, metavar="FILE",
                        help="The figure file; its suffix gives the format: .png, .pdf or .svg.")(function)


@click.group("plot")
def plot():
    """Comparison plots: the paper's Figures 1–3 and new ones, as PNG, PDF or SVG.

    Each plot writes its figure to --out (and with --data the numbers behind every curve
    as CSV: panel, series, x, y) and prints the names of the files written. `all` writes
    every plot at its defaults. Curves beyond the paper are dashed and say so.

    \b
    Examples:
      aucbound plot fig1 --out fig1.png --data fig1.csv
      aucbound plot fig3 --out fig3.pdf --delta 0.05 --rho 1/2 --rho 1/4
      aucbound plot all --out-dir figures
    """


@plot.command("fig1")
@_files
@_options("fig1", "delta", "rhos", "sizes")
def fig1(out, data, **parameters):
    """Figure 1: half-width ε of each large-deviation interval against N.

    McDiarmid, Chebyshev and the normal approximation with σ_max, and Hoeffding's
    U-statistic bound (beyond the paper), one panel per skew ρ.

    \b
    Example:
      aucbound plot fig1 --out fig1.png --delta 0.05 --rho 1/2 --rho 1/3 --sizes 20 1e5
    """
    _draw("fig1", out, data, **parameters)


@plot.command("fig2")
@_files
@_options("fig2", "delta", "epsilon", "rho_range")
def fig2(out, data, **parameters):
    """Figure 2: test-set size for the AUC over that for an error rate, against ρ.

    \b
    Example:
      aucbound plot fig2 --out fig2.svg --rho-range 0.001 0.999
    """
    _draw("fig2", out, data, **parameters)


@plot.command("fig3")
@_files
@_options("fig3", "delta", "rhos", "max_size")
@_class_options("line")
def fig3(out, data, **parameters):
    """Figure 3: uniform-convergence ε against M, Cor 4.5 against Freund et al.

    \b
    Example:
      aucbound plot fig3 --out fig3.png --rho 1/2 --rho 1/4 --max-size 2e4
    """
    _draw("fig3", out, data, **parameters)


@plot.command("intervals")
@_files
@_options("intervals", "auc", "delta", "rhos", "sizes", "methods", "p1", "p2")
def intervals(out, data, **parameters):
    """Every interval method's [lo, hi] against N around an estimate Â.

    \b
    Example:
      aucbound plot intervals --out intervals.png --auc 0.75 --rho 1/4 --method mcdiarmid --method hoeffding-kl
    """
    _draw("intervals", out, data, **parameters)


@plot.command("psi")
@_files
@_options("psi", "sizes")
def psi(out, data, **parameters):
    """ψ(m, n) against m = n, beside 3^(mn) and the bounds of §4.3.

    \b
    Example:
      aucbound plot psi --out psi.png --sizes 1 200
    """
    _draw("psi", out, data, **parameters)


@plot.command("sample-complexity")
@_files
@_options("sample-complexity", "delta", "rho", "epsilon_range")
@_class_options("linear --d 2")
def sample_complexity(out, data, **parameters):
    """Thm 1, its unrelaxed form and the Cor 1 lower bound against ε (Agarwal & Roth 2005).

    \b
    Example:
      aucbound plot sample-complexity --out sc.png --class finite --size 1000 --rho 1/4
    """
    _draw("sample-complexity", out, data, **parameters)


@plot.command("shatter")
@_files
@_options("shatter", "sizes", "trials", "seed")
@_class_options("linear --d 2", choices=("line", "linear", "polynomial"))
def shatter(out, data, **parameters):
    """Rank matrices realized on random points against the bounds on r(F, m, n) (Thm 4.11).

    \b
    Example:
      aucbound plot shatter --out shatter.png --sizes 1 20 --trials 3 --seed 7
    """
    _draw("shatter", out, data, **parameters)


@plot.command("all")
@click.option("--out-dir", type=click.Path(file_okay=False), required=True, metavar="DIR",
              help="Directory for the figures (created if missing).")
@click.option("--format", "suffix", type=click.Choice(FORMATS), default="png", show_default=True,
              help="File format of every figure.")
@click.option("--data", is_flag=True, help="Also write NAME.csv beside each figure.")
def all_plots(out_dir, suffix, data):
    """Every plot at its defaults, as DIR/NAME.png (or .pdf, .svg).

    \b
    Example:
      aucbound plot all --out-dir docs/figures
    """
    directory = Path(out_dir)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise click.ClickException(f"cannot create {out_dir}: {error.strerror or error}.") from None
    for name in PLOTS:
        _draw(name, str(directory / f"{name}.{suffix}"), str(directory / f"{name}.csv") if data else None)
