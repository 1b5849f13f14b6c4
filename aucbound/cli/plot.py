"""``aucbound plot``: the comparison figures (:mod:`aucbound.plots`) as PNG, PDF or SVG files,
and the numbers behind their curves as CSV.

One subcommand per figure, named as in :data:`aucbound.plots.PLOTS`, and ``all``. Each
option's default is the plotting function's own. The commands are built, and
:mod:`aucbound.plots` imported, only when one is called; matplotlib only when a figure is
drawn.
"""

from __future__ import annotations

import csv
import inspect
from pathlib import Path

import click

from ..bounds import METHODS
from ._options import (
    IntRange,
    Skew,
    UNIT_CLOSED,
    UNIT_OPEN,
    build_class,
    class_keywords,
    class_options,
    library_errors,
    stack,
)
from ._progress import Progress

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


def _plots() -> dict:
    """:data:`aucbound.plots.PLOTS`, imported when a plot command is built or run."""
    from ..plots import PLOTS

    return PLOTS


def _default(name: str, parameter: str):
    """The plotting function's default for `parameter`, as the option shows it."""
    value = _plots()[name].__kwdefaults__[parameter]
    return list(value) if isinstance(value, (tuple, range)) else value


#: The option for each library parameter: its declarations and settings (the default is the function's).
_OPTIONS = {
    "delta": (("--delta",), {"type": UNIT_OPEN, "help": "Failure probability δ in (0, 1); the confidence is 1 − δ."}),
    "rhos": (("--rho", "rhos"), {"type": Skew(), "multiple": True,
                                 "help": "Positive skew m/(m+n), one panel each (repeatable)."}),
    "rho": (("--rho",), {"type": Skew(), "help": "Positive skew ρ = m/(m+n)."}),
    "sizes": (("--sizes",), {"type": _Size(), "nargs": 2, "metavar": "MIN MAX", "help": "Range of the sizes on the x axis."}),
    "max_size": (("--max-size",), {"type": _Size(), "metavar": "M",
                                   "help": "End of the M axis [default: the paper's, per panel]."}),
    "epsilon": (("--epsilon",), {"type": UNIT_OPEN, "help": "Half-width ε of the sample sizes compared."}),
    "epsilon_range": (("--epsilon-range",), {"type": UNIT_OPEN, "nargs": 2, "metavar": "LO HI",
                                             "help": "Range of ε on the x axis."}),
    "rho_range": (("--rho-range",), {"type": UNIT_OPEN, "nargs": 2, "metavar": "LO HI", "help": "Range of ρ on the x axis."}),
    "auc": (("--auc",), {"type": UNIT_CLOSED, "help": "The estimate Â the intervals surround."}),
    "p1": (("--p1",), {"type": UNIT_CLOSED, "help": "Lehmann's p1 (with --p2): adds the Lehmann methods."}),
    "p2": (("--p2",), {"type": UNIT_CLOSED, "help": "Lehmann's p2 (with --p1)."}),
    "methods": (("--method", "methods"), {"type": click.Choice([k for k, s in METHODS.items()
                                                               if set(s.needs) <= {"auc", "p1", "p2"}]),
                                          "multiple": True, "metavar": "NAME",
                                          "help": "Only this method (repeatable) [default: all but σ_min]."}),
    "trials": (("--trials",), {"type": IntRange(min=1), "help": "Random point sets per size (the most is shown)."}),
    "seed": (("--seed",), {"type": IntRange(min=0), "help": "Seed of the random points."}),
    "n": (("--n",), {"type": IntRange(min=2, max=2000), "metavar": "N", "help": "Items per trial, half of them positive."}),
    "noises": (("--noise", "noises"), {"type": UNIT_CLOSED, "multiple": True, "metavar": "P",
                                       "help": "A noise level: the probability of flipping a pair (repeatable)."}),
    "models": (("--model", "models"), {"type": click.Choice(["flip", "close"]), "multiple": True,
                                       "help": "How h errs, one panel each (repeatable): flip every pair alike, or "
                                               "close pairs more."}),
    "seeds": (("--seeds",), {"type": IntRange(min=2, max=1000), "help": "QuickSort runs at each n."}),
    "top": (("--top",), {"type": IntRange(min=1), "metavar": "K", "help": "k of the top-k QuickSort."}),
    "Ks": (("--K", "Ks"), {"type": IntRange(min=1), "multiple": True, "metavar": "K",
                           "help": "A number of steps K (repeatable)."}),
    "separation": (("--separation",), {"type": click.FloatRange(min=0, min_open=True), "metavar": "2μ",
                                       "help": "Distance of the class means: X ~ N(μ, 1) against X′ ~ N(−μ, 1)."}),
    "x_range": (("--x-range",), {"type": float, "nargs": 2, "metavar": "LO HI", "help": "Range of x on the x axis."}),
    "ms": (("--m", "ms"), {"type": IntRange(min=1, max=100_000), "multiple": True, "metavar": "M",
                           "help": "Positives in a training set (repeatable)."}),
    "ns": (("--n", "ns"), {"type": IntRange(min=1, max=100_000), "multiple": True, "metavar": "N",
                           "help": "Negatives in a training set (repeatable; every m with every n)."}),
    "size": (("--size",), {"type": IntRange(min=2), "help": "Points per class."}),
    "rounds": (("--rounds",), {"type": IntRange(min=1), "help": "Boosting rounds (at most)."}),
    "alpha": (("--alpha",), {"type": click.Choice(["both", "bound", "exact"]),
                             "help": "RankBoost's α: Freund et al.'s bound-based rule, the exact minimiser of Z (the "
                                     "paper's), or both."}),
    "hinge_step": (("--hinge-step",), {"type": click.Choice(["smoothed", "exact"]),
                                       "help": "The hinge learner's step: smoothed (reaches the least training hinge "
                                               "risk) or exact (integer steps; stops early)."}),
    "selection": (("--selection",), {"type": click.Choice(["random", "best"]),
                                     "help": "Each round's stump: a random one or the best one."}),
    "input": (("--input",), {"type": click.Path(dir_okay=False, exists=True), "metavar": "FILE.csv",
                             "help": "Draw from the CSV of aucbound experiment losses --out-csv instead of running it."}),
    "starts": (("--starts",), {"type": IntRange(min=1, max=1000), "metavar": "N",
                               "help": "Random starts of the direct search that checks each optimal step function."}),
}


def _options(name: str, *keys):
    """The options of plot `name` for these library parameters, each defaulting to the function's.

    A key may be ``(key, settings)``: the option of `key` with some of its settings replaced
    (its help text, say, where the parameter means something else in this plot)."""
    options = []
    for key in keys:
        key, changed = key if isinstance(key, tuple) else (key, {})
        declarations, settings = _OPTIONS[key]
        settings = {**settings, **changed}
        default = _default(name, key)
        options.append(click.option(*declarations, **settings, default=default, show_default=default is not None))
    return stack(*options)


def _write_csv(rows, path) -> None:
    with open(path, "w", newline="", encoding="utf-8") as stream:
        writer = csv.DictWriter(stream, fieldnames=["panel", "series", "x", "y"], lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


def _draw(name: str, out, data, **parameters) -> list[str]:
    """Draw plot `name` with `parameters`, write the figure to `out` and the rows to `data`;
    returns the files written (printed by the caller once every file is written, so that a
    failure leaves nothing on stdout)."""
    fclass = build_class(parameters.pop("class_name", None), class_keywords(parameters)) if "class_name" in parameters else None
    parameters = {key: value for key, value in parameters.items() if value not in (None, ())}
    if fclass is not None:
        parameters["fclass"] = fclass
    function = _plots()[name]
    with library_errors(), Progress(name) as progress:
        if "progress" in inspect.signature(function).parameters:  # a plot that runs an experiment
            parameters["progress"] = progress
        figure, rows = function(return_data=True, **parameters)
    return _save(figure, rows, out, data)


def _save(figure, rows, out, data) -> list[str]:
    """Write `figure` to `out` and its `rows` to `data` (either may be None); the files written."""
    written = []
    for path, write in ((out, figure.savefig), (data, lambda path: _write_csv(rows, path))):
        if path is None:
            continue
        try:
            write(path)
        except OSError as error:
            raise click.ClickException(f"cannot write {path}: {error.strerror or error}.") from None
        written.append(path)
    return written


_files = stack(
    click.option("--out", type=_FigureFile(), required=True, metavar="FILE",
                 help="The figure file; its suffix gives the format: .png, .pdf or .svg."),
    click.option("--data", type=click.Path(dir_okay=False), metavar="FILE.csv",
                 help="Also write the curves' numbers: panel, series, x, y."),
)


#: Each plot's command: the library parameters it has options for, its help, an example, and
#: for a plot of a class, the default class and the --class choices (keys, or a test of the class).
_COMMANDS = {
    "fig1": (("delta", "rhos", "sizes"),
             "Figure 1: half-width ε of each large-deviation interval against N. McDiarmid, Chebyshev and the normal "
             "approximation with σ_max, and Hoeffding's U-statistic bound (beyond the paper), one panel per skew ρ.",
             "aucbound plot fig1 --out fig1.png --delta 0.05 --rho 1/2 --rho 1/3 --sizes 20 1e5"),
    "fig2": (("delta", "epsilon", "rho_range"),
             "Figure 2: test-set size for the AUC over that for an error rate, against ρ.",
             "aucbound plot fig2 --out fig2.svg --rho-range 0.001 0.999"),
    "fig3": (("delta", "rhos", "max_size"),
             "Figure 3: uniform-convergence ε against M, Cor 4.5 against Freund et al.",
             "aucbound plot fig3 --out fig3.png --rho 1/2 --rho 1/4 --max-size 2e4", ("line", lambda cls: cls.sign_patterns_known)),
    "intervals": (("auc", "delta", "rhos", "sizes", "methods", "p1", "p2"),
                  "Every interval method's [lo, hi] against N around an estimate Â.",
                  "aucbound plot intervals --out intervals.png --auc 0.75 --rho 1/4 --method mcdiarmid "
                  "--method hoeffding-kl"),
    "psi": (("sizes",),
            "ψ(m, n) against m = n, beside 3^(mn) and the bounds of §4.3.",
            "aucbound plot psi --out psi.png --sizes 1 200"),
    "sample-complexity": (("delta", "rho", "epsilon_range"),
                          "Thm 1, its unrelaxed form and the Cor 1 lower bound against ε (Agarwal & Roth 2005).",
                          "aucbound plot sample-complexity --out sc.png --class finite --size 1000 --rho 1/4",
                          ("linear --d 2",)),
    "shatter": (("sizes", "trials", "seed"),
                "Rank matrices realized on random points against the bounds on r(F, m, n) (Thm 4.11).",
                "aucbound plot shatter --out shatter.png --sizes 1 20 --trials 3 --seed 7",
                ("linear --d 2", ("line", "linear", "polynomial"))),
    "regret": (("n", "noises", "models", ("trials", {"help": "Trials at each noise level."}),
                ("seed", {"help": "Seed of the trials (level j uses seed + j)."})),
               "AUC regret of Degree and QuickSort against the classification regret r of h, beside the bounds 2r "
               "(Balcan et al. 2007, Thm 1) and r (Ailon & Mohri 2008, Thm 2).",
               "aucbound plot regret --out regret.png --n 50 --noise 0.1 --noise 0.3 --model flip --trials 10"),
    "quicksort-calls": (("sizes", "seeds", "top"),
                        "Calls of h against n: QuickSort, its top k and Degree, with n ln n and n² guides "
                        "(Ailon & Mohri 2008, §3).",
                        "aucbound plot quicksort-calls --out calls.png --sizes 10 1e5 --seeds 10 --top 100"),
    "hinge-steps": ((("Ks", {"help": "A number of steps K, one step function each (repeatable)."}), "separation",
                     "x_range", "starts"),
                    "The hinge loss's optimal K-step functions beside the optimal scores f* of the exponential and "
                    "logistic losses, for N(μ, 1) against N(−μ, 1) (Uematsu & Lee 2011, Thm 2, §5.1.1).",
                    "aucbound plot hinge-steps --out hinge-steps.png --K 2 --K 5 --separation 1 --x-range -6 6"),
    "step-risk": ((("Ks", {"help": "A number of steps K on the x axis (repeatable)."}), "separation", "starts"),
                  "Figure 7 of Uematsu & Lee (2011): the minimal hinge risk and 1 − AUC of the hinge-optimal K-step "
                  "functions against K, beside the Bayes ranking risk (§5.1.2).",
                  "aucbound plot step-risk --out step-risk.png --K 1 --K 2 --K 4 --K 8 --separation 3"),
    "jump-dynamics": (("separation", ("Ks", {"help": "K from 2 to 11 whose Table 1 pairs are drawn (repeatable)."}),
                       "starts"),
                      "Figures 5–6 of Uematsu & Lee (2011): the feasible region of consecutive jumps with the pairs of "
                      "Table 1, and the jumps' progression towards the limiting sequence (§5.1.1).",
                      "aucbound plot jump-dynamics --out jumps.png --K 2 --K 4 --separation 1.5"),
    "fig4": (("ms", "ns", ("trials", {"help": "Training sets per (m, n)."}),
              ("seed", {"help": "Seed of the distributions, the test set and the training sets."})),
             "Figure 4 of Agarwal et al. (2005): training AUC, test AUC and the lower bound of Cor 4.5 of RankBoost's "
             "linear rankers in R^16, against m and n (§4.5).",
             "aucbound plot fig4 --out fig4.png --m 20 --m 80 --n 20 --n 80 --trials 5"),
    "rankboost-normal": (("size", "rounds", "alpha", "selection", ("seed", {"help": "Seed of the sample and stumps."})),
                         "Figure 3 of Uematsu & Lee (2011): RankBoost's f̂ against f*(x) = x for N(1, 1) against "
                         "N(−1, 1), and the training AUC per round (§5.1), with either rule of α or both.",
                         "aucbound plot rankboost-normal --out rankboost.png --rounds 400"),
    "loss-scores": (("size", "rounds", "selection", "hinge_step", ("seed", {"help": "Seed of the data and stumps."}),
                     "input"),
                    "Figures 8 and 9 of Uematsu & Lee (2011) and the comparison of their Figure 14: boosting under the "
                    "exponential, logistic and hinge losses on the data of §5.1.3, against Thm 2. Runs the experiment "
                    "(about 25 s) unless --input names its CSV; not in plot all.",
                    "aucbound plot loss-scores --out losses.png --size 300 --rounds 100"),
}

#: Plots that `plot all` leaves out: their experiment takes longer than the rest together.
SLOW = ("loss-scores",)


def _command(name: str) -> click.Command:
    """The subcommand drawing plot `name`, its options defaulting to the plotting function's."""
    keys, summary, example, *class_settings = _COMMANDS[name]

    def run(out, data, **parameters):
        for path in _draw(name, out, data, **parameters):
            click.echo(path)

    if class_settings:
        default, *choices = class_settings[0]
        if choices and callable(choices[0]):  # the classes the plot can draw, by what they know
            from ..shatter import CLASSES

            choices = [[key for key, cls in CLASSES.items() if choices[0](cls)]]
        run = class_options(required=False, default=default, choices=choices[0] if choices else None)(run)
    run = _files(_options(name, *keys)(run))
    return click.command(name, help=f"{summary}\n\n\b\nExample:\n  {example}")(run)


class _Plots(click.Group):
    """The plot commands, built when one is asked for: the CLI's start-up imports no plotting code."""

    def list_commands(self, ctx):
        return [*_COMMANDS, *super().list_commands(ctx)]

    def get_command(self, ctx, name):
        return _command(name) if name in _COMMANDS else super().get_command(ctx, name)


@click.group("plot", cls=_Plots)
def plot():
    """Comparison plots: the papers' figures and new ones, as PNG, PDF or SVG.

    Each plot writes its figure to --out (and with --data the numbers behind every curve
    as CSV: panel, series, x, y) and prints the names of the files written. `all` writes
    every plot at its defaults; `roc` draws ROC curves from a data file, `pr` precision-recall
    curves. Curves beyond the paper are dashed and say so.

    \b
    Examples:
      aucbound plot fig1 --out fig1.png --data fig1.csv
      aucbound plot fig3 --out fig3.pdf --delta 0.05 --rho 1/2 --rho 1/4
      aucbound plot all --out-dir figures
    """


@plot.command("all")
@click.option("--out-dir", type=click.Path(file_okay=False), required=True, metavar="DIR",
              help="Directory for the figures (created if missing).")
@click.option("--format", "suffix", type=click.Choice(FORMATS), default="png", show_default=True,
              help="File format of every figure.")
@click.option("--data", is_flag=True, help="Also write NAME.csv beside each figure.")
def all_plots(out_dir, suffix, data):
    """Every plot at its defaults, as DIR/NAME.png (or .pdf, .svg), but loss-scores (about 25 s alone).

    \b
    Example:
      aucbound plot all --out-dir figures
    """
    if not str(out_dir).strip():
        raise click.BadParameter("must name a directory, but got ''.", param_hint="'--out-dir'")
    directory = Path(out_dir)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise click.ClickException(f"cannot create {out_dir}: {error.strerror or error}.") from None
    written = []
    for name in _plots():
        if name in SLOW:
            continue
        written += _draw(name, str(directory / f"{name}.{suffix}"), str(directory / f"{name}.csv") if data else None)
    for path in written:
        click.echo(path)


def _workers(function):
    from ._options import workers_option

    return workers_option(function)


def _weights(function):
    from ._data import weight_kind_option, weight_option

    return weight_option(weight_kind_option(
        "What --weight means: frequency (whole numbers, each row occurring w times: the repeated rows' curve, "
        "interval and band) or sampling (sampling or importance weights: the sandwich-variance intervals and the "
        "bootstrap band).")(function))


def _data_options(function):
    from ._data import label_option, positive_option
    from ._options import delta_option

    return label_option(positive_option(delta_option(function)))


@plot.command("roc")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--score", "scores", required=True, multiple=True, metavar="COL",
              help="A score column: a header name or 0-based index (repeatable: one curve each).")
@click.option("--band", type=click.Choice(["dkw", "kolmogorov", "berk-jones", "bootstrap", "none"]), default="dkw",
              show_default=True,
              help="The shaded band: a distribution-free simultaneous band (DKW's; Kolmogorov's or Berk-Jones' at their "
                   "exact finite-sample critical values), the bootstrap's pointwise band, or none.")
@click.option("--method", default="delong", show_default=True, metavar="NAME",
              help="The AUC interval in the legend: a method of `aucbound auc` (delong, hoeffding-kl, …).")
@click.option("--bootstrap", "resamples", type=IntRange(min=1, max=10**6), default=2000, show_default=True,
              metavar="B", help="Resamples of a bootstrap band or interval.")
@click.option("--seed", type=IntRange(min=0), default=0, show_default=True, help="Seed of the bootstrap.")
@_workers
@_weights
@_files
@_data_options
def roc_plot(file, scores, label, positive, delta, band, method, resamples, seed, workers, weight, weight_kind, out,
             data):
    """ROC curves of one or more --score columns of FILE on one plot, each with its confidence band
    and its AUC's interval in the legend. FILE is read as by `aucbound auc`.

    \b
    Examples:
      aucbound plot roc aSAH.csv --score s100b --label outcome --positive Poor --out roc.png
      aucbound plot roc aSAH.csv --score wfns --score s100b --label outcome --positive Poor --band none --out both.png
      aucbound plot roc weighted.csv --score s100b --label outcome --positive Poor --weight w --weight-kind sampling --band bootstrap --out weighted.png

    With --weight (and --weight-kind), the weighted curves, their weighted intervals and bands (as
    `aucbound auc` and `aucbound roc` with --weight; no DKW band with sampling weights).
    """
    from ..plots import roc
    from ._data import data_errors, read_weighted

    if weight_kind is not None and weight is None:
        raise click.UsageError("--weight-kind needs --weight COL.")
    with data_errors():
        columns, pos_label, weights = read_weighted(file, scores, label, positive, weight)
        figure, rows = roc(columns.labels, dict(zip(columns.score_names, columns.scores)), band=band, method=method,
                           delta=delta, resamples=resamples, seed=seed, pos_label=pos_label, return_data=True,
                           workers=workers, sample_weight=weights, weight_kind=weight_kind)
    for path in _save(figure, rows, out, data):
        click.echo(path)


# --- precision–recall ------------------------------------------------------------------------------


@plot.command("pr")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--score", "scores", required=True, multiple=True, metavar="COL",
              help="A score column: a header name or 0-based index (repeatable: one curve each).")
@click.option("--estimator", type=click.Choice(["average-precision", "lower-trapezoid", "interpolated-median",
                                                "trapezoid"]), default="average-precision", show_default=True,
              help="The estimate of the area in the legend (see `aucbound pr`).")
@click.option("--method", type=click.Choice(["logit", "binomial", "bootstrap"]), default="logit", show_default=True,
              help="The area's interval in the legend (Boyd, Eng & Page 2013; or the stratified bootstrap).")
@click.option("--bootstrap", "resamples", type=IntRange(min=1, max=10**6), default=2000, show_default=True,
              metavar="B", help="Resamples of a bootstrap interval.")
@click.option("--seed", type=IntRange(min=0), default=0, show_default=True, help="Seed of the bootstrap.")
@_workers
@_files
@_data_options
def pr_plot(file, scores, label, positive, delta, estimator, method, resamples, seed, workers, out, data):
    """Precision-recall curves of one or more --score columns of FILE on one plot, with the baseline
    precision (the prevalence) and each area's estimate and interval in the legend. FILE is read as
    by `aucbound auc`.

    \b
    Examples:
      aucbound plot pr aSAH.csv --score s100b --label outcome --positive Poor --out pr.png
      aucbound plot pr aSAH.csv --score wfns --score s100b --label outcome --positive Poor --out both.svg
    """
    from ..plots import pr
    from ._data import data_errors, read_data
    from ._progress import Progress

    with data_errors(), Progress("bootstrap") as progress:
        columns, pos_label = read_data(file, scores, label, positive)
        figure, rows = pr(columns.labels, dict(zip(columns.score_names, columns.scores)), estimator=estimator,
                          method=method, delta=delta, resamples=resamples, seed=seed, pos_label=pos_label,
                          return_data=True, workers=workers, progress=progress)
    for path in _save(figure, rows, out, data):
        click.echo(path)


# --- confidence sequences for monitoring ---------------------------------------------------------


@plot.command("monitor")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--score", "scores", required=True, multiple=True, metavar="COL",
              help="The score column: a header name or 0-based index. Twice: the difference of the two AUCs.")
@click.option("--batch", type=IntRange(min=1), default=1000, show_default=True, metavar="B",
              help="Cases per look: the rows of FILE in order, B at a time.")
@click.option("--method", type=click.Choice(["bernstein", "hoeffding-kl"]), default="bernstein", show_default=True,
              help="The fixed-time bound each epoch of the sequence stitches.")
@_files
@_data_options
def monitor_plot(file, scores, label, positive, delta, batch, method, out, data):
    """The AUC of the --score column of FILE as its rows arrive, with the confidence sequence (simultaneous
    over all looks) and DeLong's interval at each look alone, against cases seen (see `aucbound monitor`).

    \b
    Examples:
      aucbound plot monitor aSAH.csv --score s100b --label outcome --positive Poor --batch 10 --out monitor.png
    """
    from ..plots import monitor
    from ._data import data_errors, read_data
    from .monitor import _check_looks

    if len(scores) > 2:
        raise click.UsageError(f"give --score once (one model) or twice (the difference of two); got {len(scores)}.")
    with data_errors():
        columns, pos_label = read_data(file, scores, label, positive)
        _check_looks(columns.labels.shape[0], batch)
        figure, rows = monitor(columns.labels, columns.scores[0], columns.scores[1] if len(scores) == 2 else None,
                               batch=batch, delta=delta, method=method, pos_label=pos_label, return_data=True)
    for path in _save(figure, rows, out, data):
        click.echo(path)
