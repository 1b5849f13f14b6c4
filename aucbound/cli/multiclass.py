"""``aucbound multiclass``: Hand & Till's M, one-vs-rest or one-vs-one AUC of score columns, with intervals."""

from __future__ import annotations

import click
import numpy as np

from ..empirical import MAX_RESAMPLES
from . import _describe
from ._data import data_errors, file_argument, label_option, read_weighted, weight_kind_option, weight_option
from ._options import IntRange, delta_option, output_options, workers_option
from ._progress import Progress
from ._render import Column, emit, guarantee_text, interval_text, number

#: The library's parameters as this command's options name them.
RENAME = {"classes": "--class", "pos_label": "--class", "kind": "--kind", "average": "--average",
          "methods": "--method", "sample_weight": "--weight", "weight_kind": "--weight-kind", "resamples": "--bootstrap"}
KINDS = ("hand-till", "ovr", "ovo")
AVERAGES = ("macro", "weighted")
METHODS = ("delong", "mcdiarmid", "bootstrap-percentile", "bootstrap-bca")


def _classes(given: tuple, labels):
    """The --class values in the type of the labels (a number typed for numeric labels), in order."""
    from ..empirical import label_value

    return [label_value(text, labels) for text in given] if given else None


#: What the class sizes are with each kind of weights, in the title.
_WEIGHTED_SIZES = {"frequency": "total weights (the rows repeated w times)", "sampling": "rows of positive weight"}
#: Why the variance is undefined.
_SINGLE = {None: "a single case", "frequency": "a total weight below 2", "sampling": "a single row of positive weight"}


def _title(result, columns, names, resamples, seed, delta) -> list[str]:
    what = {"hand-till": "Hand & Till's M", "ovr": "one-vs-rest AUC", "ovo": "one-vs-one AUC"}[result.kind]
    average = "" if result.kind == "hand-till" else f" ({result.average})"
    scores = (f"columns {', '.join(map(repr, names))} (scoring classes {', '.join(map(str, result.classes))})"
              if len(names) > 1 else repr(names[0]))
    lines = [
        f"{what}{average} of {scores} against {columns.label_name!r} in {columns.source}",
        f"estimate = {number(result.estimate)} from {len(result.classes)} classes of "
        + ", ".join(f"{c} {n}" for c, n in zip(result.classes, result.sizes)) + " cases, "
        + _describe.confidence(delta),
        ("per pair: " if len(result.parts[0]) == 2 else "per class: ")
        + ", ".join(f"{'/'.join(map(str, p))} {number(a)}" for p, a in zip(result.parts, result.part_aucs)),
    ]
    if result.weights is not None:
        lines.append(f"{result.weights} weights: class sizes are the {_WEIGHTED_SIZES[result.weights]}")
    what = "sandwich variance" if result.weights == "sampling" else "DeLong-type variance"
    if result.variance is None:
        lines.append(f"{what}: undefined (a class has {_SINGLE[result.weights]})")
    else:
        lines.append(f"{what} = {number(result.variance)} (SE {number(result.variance**0.5)})")
    if result.left_out is not None:
        lines.append(f"left out: {result.left_out}")
    if resamples is not None:
        lines.append(f"bootstrap: {resamples} resamples stratified by class, seed {seed}")
    return lines


@click.command("multiclass")
@file_argument
@click.option("--score", "scores", required=True, multiple=True, metavar="COL",
              help="A score column (a header name or 0-based index), one per class; columns named after the "
                   "classes go to their class, others to the classes in sorted order (or as --class says). "
                   "One column alone: a single predictor growing with the class.")
@label_option
@click.option("--class", "classes", multiple=True, metavar="VALUE",
              help="The class of each --score column, in the same order (repeat it once per column).")
@click.option("--kind", type=click.Choice(KINDS), default="hand-till", show_default=True,
              help="Hand & Till's M (pROC's multiclass.roc), one-vs-rest or one-vs-one (scikit-learn's).")
@click.option("--average", type=click.Choice(AVERAGES), default="macro", show_default=True,
              help="The plain mean of the pairs or classes, or weighted by prevalence (ovr and ovo).")
@delta_option
@click.option("--method", "methods", multiple=True, type=click.Choice(METHODS),
              help="Only this method (repeatable) [default: delong and mcdiarmid, and the bootstrap's with "
                   "--bootstrap].")
@click.option("--bootstrap", "resamples", type=IntRange(min=1, max=MAX_RESAMPLES), metavar="B",
              help="Add the bootstrap rows (percentile, BCa) with B resamples stratified by class, e.g. 2000.")
@click.option("--seed", type=IntRange(min=0), default=0, show_default=True, help="Seed of the bootstrap.")
@workers_option
@weight_option
@weight_kind_option("What --weight means (needed with it): frequency (whole numbers, each row occurring w times: "
                    "every row of the repeated data) or sampling (sampling or importance weights: the delong row "
                    "alone, with the sandwich covariance).")
@output_options
def multiclass(file, scores, label, classes, kind, average, delta, methods, resamples, seed, workers, weight,
               weight_kind, output_format, tablefmt):
    """The multiclass AUC of the --score columns of FILE against the --label column, with intervals.

    One --score column per class, column j scoring class j: Hand & Till's (2001) M, the mean
    over the pairs of classes i, j of (A(i|j) + A(j|i))/2, where A(i|j) is the share of pairs
    of a case of class i and one of class j in which the class-i case scores higher in
    column i (ties 1/2), as pROC's multiclass.roc; or scikit-learn's one-vs-rest and
    one-vs-one averages (--kind, --average). Scores need not sum to 1. Rows: delong, the
    DeLong-type Wald interval from the covariance of the pairwise AUCs (asymptotic);
    mcdiarmid, McDiarmid's bounded-difference interval (distribution-free); and the
    bootstrap stratified by class with --bootstrap (asymptotic). FILE as for aucbound auc.
    With --weight, case weights: each pairwise AUC weighted, prevalence as total weight.

    \b
    Examples:
      aucbound multiclass classes.csv --label y --score A --score B --score C
      aucbound multiclass classes.csv --label y --score A --score B --score C --kind ovr --average weighted
      aucbound multiclass classes.csv --label y --score C --score A --score B --class C --class A --class B
      aucbound multiclass classes.csv --label y --score x
      aucbound multiclass classes.csv --label y --score A --score B --score C --bootstrap 2000 --format json
      aucbound multiclass classes_weighted.csv --label y --score A --score B --score C --kind ovr --average weighted --weight w --weight-kind frequency
    """
    from ..empirical import multiclass_auc

    if classes and len(classes) != len(scores):
        raise click.UsageError(f"--class must be given once per --score column ({len(scores)}), but it was given "
                               f"{len(classes)} time{'s' * (len(classes) != 1)}.")
    if weight_kind is not None and weight is None:
        raise click.UsageError("--weight-kind needs --weight COL.")
    if weight_kind == "sampling" and resamples is not None:
        raise click.UsageError("--bootstrap does not combine with --weight-kind sampling: the bootstrap is not weighted.")
    weighting = {"sample_weight": None, "weight_kind": weight_kind}
    with data_errors(RENAME), Progress("bootstrap") as progress:
        columns, _, weighting["sample_weight"] = read_weighted(file, scores, label, None, weight)
        names = list(columns.score_names)
        if len(set(names)) != len(names):
            raise click.UsageError("each --score column may be given once.")
        if classes or len(names) == 1:  # tied by order (columns named after classes are not reordered)
            given = np.column_stack(columns.scores) if len(names) > 1 else columns.scores[0]
            result = multiclass_auc(columns.labels, given, kind=kind, average=average,
                                    classes=_classes(classes, columns.labels), delta=delta,
                                    methods=list(methods) or None, resamples=resamples, seed=seed, workers=workers,
                                    progress=progress, **weighting)
        else:  # by name, or in the classes' sorted order
            frame = {"labels": columns.labels, **dict(zip(names, columns.scores))}
            result = multiclass_auc("labels", names, kind=kind, average=average, delta=delta,
                                    methods=list(methods) or None, resamples=resamples, seed=seed, workers=workers,
                                    progress=progress, data=frame, **weighting)
    ordered = _ordered(names, result.classes, classes)
    title = _title(result, columns, ordered, result.resamples, seed, delta)
    summary = {key: value for key, value in result.as_dict().items() if key != "rows"}
    emit(
        records=[row.as_dict() for row in result.rows],
        columns=[
            Column("method", lambda r: r["method"]),
            Column("interval", interval_text),
            Column("guarantee", guarantee_text),
            Column("source", lambda r: r["source"]),
        ],
        parameters={"file": file, "label": label, "scores": names, **({"weight": weight} if weight else {}), **summary},
        title=title,
        output_format=output_format,
        tablefmt=tablefmt,
    )


def _ordered(names, found, classes):
    """The score column of each class, in the classes' order (as the library tied them)."""
    if len(names) == 1 or classes:
        return names
    texts = [str(name) for name in names]
    if sorted(texts) == sorted(str(value) for value in found):
        return [names[texts.index(str(value))] for value in found]
    return names
