"""``aucbound roc``: the ROC curve of a score column, its best thresholds, and sensitivity (or
specificity) at chosen points with distribution-free and bootstrap intervals."""

from __future__ import annotations

import click

from ..empirical import EXACT_BANDS, MAX_RESAMPLES
from . import _describe
from ._data import (data_errors, file_argument, label_option, positive_option, read_weighted, source_line,
                    weight_kind_option, weight_option)
from ._options import IntRange, delta_option, output_options, workers_option
from ._progress import Progress
from ._render import Column, count_cell, emit, number, threshold_cell

#: Resamples of the bootstrap intervals when --bootstrap is not given (pROC's ci.se default).
DEFAULT_RESAMPLES = 2000


POINT_COLUMNS = [
    Column("threshold", lambda r: threshold_cell(r["threshold"])),
    Column("specificity", lambda r: number(r["specificity"])),
    Column("sensitivity", lambda r: number(r["sensitivity"])),
    Column("tp", lambda r: count_cell(r["tp"])),
    Column("fp", lambda r: count_cell(r["fp"])),
]


def _interval(prefix: str):
    """The interval of a row, labelled where it is all of [0, 1] and says nothing; '-' where none is offered."""
    def shown(r):
        if r[prefix + "_lo"] is None:
            return "-"
        text = f"[{number(r[prefix + '_lo'])}, {number(r[prefix + '_hi'])}]"
        return text + " vacuous" if r[prefix + "_guarantee"] == "vacuous" else text

    return shown


def _points_at(labels, scores, pos_label, focus, values, delta, resamples, seed, workers, progress, weights=None,
               weight_kind=None, band="dkw"):
    """Rows at the given specificities (or sensitivities): the reading, the distribution-free `band`'s interval
    (kept under the keys dkw_*) and the bootstrap's (with sampling weights the bootstrap's alone: the
    distribution-free bands do not hold for a weighted curve)."""
    from ..empirical import roc_band

    key = "specificities" if focus == "specificity" else "sensitivities"
    weighted = dict(sample_weight=weights, weight_kind=weight_kind)
    boot = roc_band(labels, scores, method="bootstrap", delta=delta, resamples=resamples, seed=seed,
                    pos_label=pos_label, workers=workers, progress=progress, **weighted, **{key: values})
    dkw = None
    if weight_kind != "sampling":
        with Progress(f"{_BAND_NAMES[band]} critical values") as critical:  # a bar of its own, if it takes a while
            dkw = roc_band(labels, scores, method=band, delta=delta, pos_label=pos_label, progress=critical,
                           **weighted, **{key: values})
    other = "sensitivity" if focus == "specificity" else "specificity"
    none = [None] * len(boot.at)
    return [
        {focus: float(at), other: float(estimate), "dkw_lo": _float(a), "dkw_hi": _float(b), "dkw_guarantee": g,
         "bootstrap_lo": float(c), "bootstrap_hi": float(d), "bootstrap_guarantee": h}
        for at, estimate, a, b, g, c, d, h in zip(boot.at, boot.estimate, none if dkw is None else dkw.lo,
                                                  none if dkw is None else dkw.hi,
                                                  none if dkw is None else dkw.guarantees, boot.lo, boot.hi,
                                                  boot.guarantees)
    ], dkw


_BAND_NAMES = {"dkw": "DKW", "kolmogorov": "Kolmogorov", "berk-jones": "Berk-Jones"}
_BAND_NOTES = {
    "dkw": "DKW: distribution-free, simultaneous over every point (Dvoretzky, Kiefer & Wolfowitz 1956; Massart 1990).",
    "kolmogorov": "Kolmogorov: distribution-free, simultaneous over every point (Kolmogorov's statistic at its exact "
                  "finite-sample critical value, each class at delta/2).",
    "berk-jones": "Berk-Jones: distribution-free, simultaneous over every point (Owen 1995's likelihood band at the "
                  "exact finite-sample critical value, each class at delta/2).",
}


def _band_title(band: str, shown) -> str:
    """The title's words on the distribution-free band `shown` (None: not offered, sampling weights)."""
    name = _BAND_NAMES[band]
    if shown is None:
        return f"no {name} interval with sampling weights"
    if band == "berk-jones":
        return (f"{name} critical values {number(shown.critical_pos)} (positives), {number(shown.critical_neg)} "
                "(negatives)")
    return f"{name} half-widths {number(shown.epsilon_pos)} (positives), {number(shown.epsilon_neg)} (negatives)"


def _float(value):
    return None if value is None else float(value)


@click.command("roc")
@file_argument
@click.option("--score", required=True, metavar="COL", help="The score column: a header name or 0-based index.")
@label_option
@positive_option
@click.option("--specificity", "specificities", type=click.FloatRange(0, 1), multiple=True, metavar="SP",
              help="Report the sensitivity at this specificity, with intervals (repeatable).")
@click.option("--sensitivity", "sensitivities", type=click.FloatRange(0, 1), multiple=True, metavar="SE",
              help="Report the specificity at this sensitivity, with intervals (repeatable).")
@click.option("--best", type=click.Choice(["youden", "closest-topleft"]),
              help="Only the best threshold(s): largest Youden J = se + sp - 1, or closest to the corner (0, 1).")
@delta_option
@click.option("--bootstrap", "resamples", type=IntRange(min=1, max=MAX_RESAMPLES), default=DEFAULT_RESAMPLES,
              show_default=True, metavar="B", help="Resamples of the bootstrap intervals at --specificity/--sensitivity.")
@click.option("--seed", type=IntRange(min=0), default=0, show_default=True, help="Seed of the bootstrap.")
@workers_option
@weight_option
@weight_kind_option("What --weight means, for the intervals at --specificity/--sensitivity: frequency (whole "
                    "numbers, each row occurring w times: both intervals of the repeated data) or sampling (the "
                    "bootstrap resampling the rows with their weights; no DKW interval).")
@click.option("--band", type=click.Choice(list(EXACT_BANDS)), default="dkw", show_default=True,
              help="The distribution-free simultaneous interval at --specificity/--sensitivity: dkw (Massart's "
                   "constant), kolmogorov (the exact Kolmogorov critical value) or berk-jones (Owen's likelihood "
                   "band at its exact critical value, narrow in the tails; classes of at most 10,000 cases).")
@output_options
def roc(file, score, label, positive, specificities, sensitivities, best, delta, resamples, seed, workers, weight,
        weight_kind, band, output_format, tablefmt):
    """The ROC curve of the --score column of FILE: one row per threshold.

    Thresholds lie halfway between consecutive distinct scores (pROC's convention); a case
    is called positive when its score is at or above the threshold. --best picks the best
    threshold; --specificity and --sensitivity read the curve at those points (pROC's
    coords rule) with two intervals: the distribution-free DKW band (Massart's constant,
    each class at delta/2; coverage at least 1 - delta for all points at once, at every
    sample size) and the stratified bootstrap's percentile interval (pointwise, asymptotic;
    pROC's ci.se and ci.sp). FILE is read as by `aucbound auc`; --format csv writes the
    points for plotting elsewhere.

    \b
    Examples:
      aucbound roc aSAH.csv --score s100b --label outcome --positive Poor
      aucbound roc aSAH.csv --score s100b --label outcome --positive Poor --best youden
      aucbound roc aSAH.csv --score wfns --label outcome --positive Poor --specificity 0.9 --specificity 0.8
      aucbound roc aSAH.csv --score ndka --label outcome --positive Poor --sensitivity 0.9 --confidence 0.9
      aucbound roc aSAH.csv --score s100b --label outcome --positive Poor --format csv
      aucbound roc weighted.csv --score s100b --label outcome --positive Poor --weight w --best youden
      aucbound roc weighted.csv --score s100b --label outcome --positive Poor --weight w --weight-kind frequency --specificity 0.9
      aucbound roc aSAH.csv --score s100b --label outcome --positive Poor --specificity 0.95 --band berk-jones

    With --weight, tp and fp are the weights of the positives and negatives at or above each
    threshold (scikit-learn's roc_curve with sample_weight). The intervals at --specificity and
    --sensitivity need --weight-kind: frequency weights give both intervals of the rows
    repeated w times; sampling weights the bootstrap's, resampling the rows within each class
    with their weights (the DKW band holds for an unweighted empirical CDF only).

    --band picks the distribution-free interval: all three hold at every point at once for
    every pair of score distributions (ties included), each class's CDF band at delta/2;
    kolmogorov and berk-jones use exact finite-sample critical values: kolmogorov is never
    wider than dkw (a little narrower), berk-jones much narrower near the ends of the curve
    and a little wider near its middle.
    """
    from ..empirical import best_threshold, roc_curve

    if specificities and sensitivities:
        raise click.UsageError("give --specificity or --sensitivity, not both.")
    if best and (specificities or sensitivities):
        raise click.UsageError("--best picks thresholds; it does not combine with --specificity or --sensitivity.")
    if weight_kind is not None and weight is None:
        raise click.UsageError("--weight-kind needs --weight COL.")
    with data_errors(), Progress("bootstrap") as progress:
        columns, pos_label, weights = read_weighted(file, [score], label, positive, weight)
        labels, scores = columns.labels, columns.scores[0]
        name = columns.score_names[0]
        with data_errors({"scores": repr(name)}):  # a warning names the column
            curve = roc_curve(labels, scores, pos_label=pos_label, sample_weight=weights)
        sizes = (f"m = {curve.m} positives, n = {curve.n} negatives" if weights is None else
                 f"total weights m = {number(curve.m)} (positives), n = {number(curve.n)} (negatives)")
        title = [source_line(columns, f"ROC curve of {name!r}", positive),
                 f"{sizes}, {len(curve)} points, AUC = {number(curve.auc)}"]
        inputs = {"file": file, "score": score, "label": label, "positive": positive}
        if weight is not None:
            inputs["weight"] = weight
        if specificities or sensitivities:
            focus = "specificity" if specificities else "sensitivity"
            other = "sensitivity" if specificities else "specificity"
            with data_errors({"scores": repr(name), "method": "--band"}):
                records, dkw = _points_at(labels, scores, pos_label, focus, list(specificities or sensitivities),
                                          delta, resamples, seed, workers, progress, weights, weight_kind, band)
            half_widths = _band_title(band, dkw)
            title.append(f"{_describe.confidence(delta)}; {half_widths}; bootstrap: {resamples} stratified resamples, "
                         f"seed {seed}")
            columns_shown = [Column(focus, lambda r: number(r[focus])), Column(other, lambda r: number(r[other])),
                             Column(f"{_BAND_NAMES[band]} interval", _interval("dkw")),
                             Column("bootstrap interval", _interval("bootstrap"))]
            notes = [_BAND_NOTES[band],
                     "bootstrap: percentile, pointwise and asymptotic (Efron & Tibshirani 1993; pROC's ci.se/ci.sp)."]
            if any("vacuous" in (r["dkw_guarantee"], r["bootstrap_guarantee"]) for r in records):
                notes.append("vacuous: the interval is all of [0, 1]; it says nothing")
            if dkw is None:
                notes[0] = (f"{_BAND_NAMES[band]}: not offered with sampling weights (its guarantee is for the "
                            "empirical CDF of i.i.d. draws, which a weighted CDF is not).")
            band_parameters = {} if band == "dkw" else {"band": band}
            if band == "berk-jones":
                band_parameters.update(critical_pos=None if dkw is None else dkw.critical_pos,
                                       critical_neg=None if dkw is None else dkw.critical_neg)
            emit(records=records, columns=columns_shown, parameters={**inputs, "delta": delta, "resamples": resamples,
                 "seed": seed, "epsilon_pos": None if dkw is None else dkw.epsilon_pos,
                 "epsilon_neg": None if dkw is None else dkw.epsilon_neg, **band_parameters, "auc": curve.auc},
                 title=title, notes=notes, output_format=output_format, tablefmt=tablefmt)
            return
        points = best_threshold(curve, method=best) if best else None
    if points is not None:
        title.append(f"best threshold by {best}: {len(points)} point{'s' * (len(points) != 1)}")
        records = [point.as_dict() for point in points]
    else:
        records = [
            {"threshold": float(t), "specificity": float(sp), "sensitivity": float(se), "tp": a.item(), "fp": b.item()}
            for t, sp, se, a, b in zip(curve.thresholds, curve.specificity, curve.sensitivity, curve.tp, curve.fp)
        ]
    emit(records=records, columns=POINT_COLUMNS, parameters={**inputs, "m": curve.m, "n": curve.n, "auc": curve.auc},
         title=title, output_format=output_format, tablefmt=tablefmt)
