"""``aucbound pr``: the precision–recall curve of a score column, its average precision and the
other estimates of the area under it, with Boyd, Eng & Page's (2013) intervals and a bootstrap."""

from __future__ import annotations

import click

from ..empirical import MAX_RESAMPLES, PR_ESTIMATORS
from . import _describe
from ._data import data_errors, file_argument, label_option, positive_option, source_line
from ._data import read_weighted, weight_option
from ._options import IntRange, delta_option, output_options, workers_option
from ._progress import Progress
from ._render import Column, count_cell, emit, number, threshold_cell

#: Resamples of the bootstrap interval unless --bootstrap says otherwise (0: none).
DEFAULT_RESAMPLES = 2000


POINT_COLUMNS = [
    Column("threshold", lambda r: threshold_cell(r["threshold"])),
    Column("precision", lambda r: number(r["precision"])),
    Column("recall", lambda r: number(r["recall"])),
    Column("tp", lambda r: count_cell(r["tp"])),
    Column("fp", lambda r: count_cell(r["fp"])),
]


def _interval(r) -> str:
    text = f"[{number(r['lo'])}, {number(r['hi'])}]"
    return text + " vacuous" if r["guarantee"] == "vacuous" else text


INTERVAL_COLUMNS = [
    Column("method", lambda r: r["method"]),
    Column("interval", _interval),
    Column("half-width", lambda r: number(r["epsilon"])),
    Column("guarantee", lambda r: r["guarantee"]),
    Column("source", lambda r: r["source"]),
]

#: The table of the estimates alone (weights that are not whole numbers: no interval).
ESTIMATE_COLUMNS = [
    Column("estimator", lambda r: r["estimator"]),
    Column("estimate", lambda r: number(r["estimate"])),
    Column("source", lambda r: r["source"]),
]

NOTES = [
    "binomial, logit: the variance theta(1 - theta)/m of m positives, on the plain or the logit scale (Boyd, Eng "
    "& Page 2013); bootstrap: stratified, percentile (Efron & Tibshirani 1993). All asymptotic; by simulation "
    "the bootstrap under-covers with 30 cases in a class.",
]


def _whole(weights) -> bool:
    """Whether every weight is a whole number (NaN and the like are refused by the library later)."""
    import numpy as np

    with np.errstate(invalid="ignore"):
        return bool(np.all(np.floor(weights) == weights))


def _estimates_line(result) -> str:
    return (f"average precision = {number(result.average_precision)}, lower trapezoid = "
            f"{number(result.lower_trapezoid)}, interpolated median = {number(result.interpolated_median)}, "
            f"trapezoid = {number(result.trapezoid)}")


@click.command("pr")
@file_argument
@click.option("--score", required=True, metavar="COL", help="The score column: a header name or 0-based index.")
@label_option
@positive_option
@click.option("--estimator", type=click.Choice(list(PR_ESTIMATORS)), default="average-precision", show_default=True,
              help="The estimate of the area the intervals are for (every estimate is printed).")
@delta_option
@click.option("--bootstrap", "resamples", type=IntRange(min=0, max=MAX_RESAMPLES), default=DEFAULT_RESAMPLES,
              show_default=True, metavar="B", help="Resamples of the bootstrap interval; 0 leaves it out.")
@click.option("--seed", type=IntRange(min=0), default=0, show_default=True, help="Seed of the bootstrap.")
@click.option("--curve", is_flag=True, help="Print the curve instead: one row per threshold, as scikit-learn's.")
@click.option("--drop-intermediate", is_flag=True,
              help="With --curve: of thresholds with the same tp, keep the first and the last (scikit-learn's).")
@workers_option
# case weights
@weight_option
@output_options
def pr(file, score, label, positive, estimator, delta, resamples, seed, curve, drop_intermediate, workers, weight,
       output_format, tablefmt):
    """The area under the precision-recall curve of the --score column of FILE, with intervals.

    Prints the estimates of the area Boyd, Eng & Page (2013) compare: average precision
    (scikit-learn's average_precision_score, the step-wise sum of (R_k - R_{k-1}) P_k), the
    lower trapezoid, the interpolated median (Davis & Goadrich's 2006 interpolation) and the
    trapezoid through every point (sklearn.metrics.auc; optimistic where scores tie across the
    classes); then intervals for the --estimator: binomial and logit (Boyd et al. 2013; the
    variance theta(1 - theta)/m with m the positives) and the stratified bootstrap's
    percentile interval. Every interval is asymptotic. --curve prints the curve instead, a
    case called positive when its score is at or above the threshold (scikit-learn's
    precision_recall_curve: the last row, threshold inf, is recall 0 and precision 1). FILE
    is read as by `aucbound auc`.

    --weight COL weighs the cases (scikit-learn's sample_weight): the estimates and the curve
    are the weighted ones (tp and fp are sums of weights); the intervals need whole-number
    weights, a case of weight w counting as w cases (frequency weights), and are left out for
    others.

    \b
    Examples:
      aucbound pr aSAH.csv --score s100b --label outcome --positive Poor
      aucbound pr aSAH.csv --score wfns --label outcome --positive Poor --estimator lower-trapezoid
      aucbound pr aSAH.csv --score wfns --label outcome --positive Poor --curve
      aucbound pr aSAH.csv --score s100b --label outcome --positive Poor --curve --format csv
      aucbound pr weighted.csv --score s100b --label outcome --positive Poor --weight w --bootstrap 0
    """
    from ..empirical import pr_auc, precision_recall_curve

    if drop_intermediate and not curve:
        raise click.UsageError("--drop-intermediate thins the curve: give it with --curve.")
    with data_errors(), Progress("bootstrap") as progress:
        columns, pos_label, weights = read_weighted(file, [score], label, positive, weight)
        labels, scores = columns.labels, columns.scores[0]
        name = columns.score_names[0]
        inputs = {"file": file, "score": score, "label": label, "positive": positive}
        if weight is not None:
            inputs["weight"] = weight
        whole = weights is None or _whole(weights)
        with data_errors({"scores": repr(name)}):
            if curve:
                found = precision_recall_curve(labels, scores, pos_label=pos_label, sample_weight=weights,
                                               drop_intermediate=drop_intermediate)
            else:
                result = pr_auc(labels, scores, pos_label=pos_label, estimator=estimator, delta=delta,
                                resamples=resamples or None, seed=seed, workers=workers, progress=progress,
                                sample_weight=weights, **({} if whole else {"methods": []}))
    if curve:
        title = [source_line(columns, f"precision-recall curve of {name!r}", positive),
                 f"m = {found.m} positives, n = {found.n} negatives, {len(found)} points, prevalence = "
                 f"{number(found.prevalence)}, average precision = {number(found.average_precision)}"]
        thresholds = list(found.thresholds) + [float("inf")]
        count = int if found.tp.dtype.kind in "iu" else float  # sums of weights: float64
        records = [{"threshold": float(t), "precision": float(p), "recall": float(r), "tp": count(a), "fp": count(b)}
                   for t, p, r, a, b in zip(thresholds, found.precision, found.recall, found.tp, found.fp)]
        emit(records=records, columns=POINT_COLUMNS, parameters={**inputs, "m": found.m, "n": found.n,
             "average_precision": found.average_precision, "drop_intermediate": drop_intermediate},
             title=title, output_format=output_format, tablefmt=tablefmt)
        return
    sizes = (f"m = {count_cell(result.m)} positives, n = {count_cell(result.n)} negatives" if weight is None else
             f"total weights m = {count_cell(result.m)} (positives), n = {count_cell(result.n)} (negatives)")
    title = [source_line(columns, f"area under the precision-recall curve of {name!r}", positive),
             f"{sizes}, prevalence = {number(result.prevalence)} (the area of a random ranking)",
             _estimates_line(result)]
    parameters = {**inputs, "estimator": estimator, "delta": delta, "resamples": resamples or None, "seed": seed,
                  "m": result.m, "n": result.n, "average_precision": result.average_precision,
                  "lower_trapezoid": result.lower_trapezoid, "interpolated_median": result.interpolated_median,
                  "trapezoid": result.trapezoid}
    if not whole:
        title.append(f"no interval: the weights of {weight!r} are not whole numbers (the intervals take frequency "
                     "weights, a case of weight w counting as w cases); the estimates alone")
        records = [{"estimator": key, "estimate": getattr(result, key.replace("-", "_")), "source": source}
                   for key, (_, source) in PR_ESTIMATORS.items()]
        emit(records=records, columns=ESTIMATE_COLUMNS, parameters=parameters, title=title,
             output_format=output_format, tablefmt=tablefmt)
        return
    title.append(f"intervals for the {PR_ESTIMATORS[estimator][0]} = {number(result.estimate)}, "
                 f"{_describe.confidence(delta)}" + (f"; bootstrap: {resamples} stratified resamples, seed {seed}"
                                                     if resamples else ""))
    records = [row.as_dict() for row in result.rows]
    notes = list(NOTES)
    if any(r["guarantee"] == "vacuous" for r in records):
        notes.append("vacuous: the interval is all of [0, 1]; it says nothing")
    emit(records=records, columns=INTERVAL_COLUMNS, parameters=parameters, title=title, notes=notes,
         output_format=output_format, tablefmt=tablefmt)
