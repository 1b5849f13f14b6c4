"""``aucbound monitor``: a confidence sequence for the AUC of a stream of labelled cases, one line per batch."""

from __future__ import annotations

import click

from .. import _validate
from ..empirical import MONITOR_METHODS
from . import _describe
from ._data import data_errors, file_argument, label_option, positive_option, read_data, source_line
from ._options import IntRange, delta_option, output_options
from ._progress import Progress
from ._render import Column, emit, number


#: The most looks one run makes, and the most looks × rows (each look costs a pass over the rows so far).
MAX_LOOKS = 10**4
MAX_WORK = 2 * 10**9


def _check_looks(rows: int, batch: int) -> None:
    looks = -(-rows // batch)
    if looks > MAX_LOOKS or looks * rows > MAX_WORK:
        least = max(-(-rows // MAX_LOOKS), -(-rows * rows // MAX_WORK))
        raise click.UsageError(f"--batch {batch} makes {looks} looks at {rows} rows; at most {MAX_LOOKS} looks and "
                               f"{MAX_WORK:.0e} looks x rows: give --batch {least} or more.")


def _pair(low: str, high: str):
    return lambda r: f"[{number(r[low])}, {number(r[high])}]"


def _monitor_rows(labels, first, second, pos_label, delta, method, batch, progress):
    from ..empirical import AUCMonitor

    monitor = AUCMonitor(delta=delta, method=method, pos_label=pos_label, paired=second is not None)
    total = labels.shape[0]
    for start in range(0, total, batch):
        part = slice(start, start + batch)
        monitor.update(labels[part], first[part], None if second is None else second[part])
        progress(min(start + batch, total), total)
    history = monitor.history()
    last = monitor.current
    if last.m == 0 and pos_label is not None:
        raise _validate.ParameterError("pos_label", "the label of some row of the file", repr(pos_label))
    if min(last.m, last.n) < 2:
        raise _validate.ParameterError("labels", "at least two positives and two negatives over the file",
                                       f"{last.m} positives and {last.n} negatives", verb="have")
    return history


@click.command("monitor")
@file_argument
@click.option("--score", "scores", required=True, multiple=True, metavar="COL",
              help="The score column: a header name or 0-based index. Twice: the difference of the two models' AUCs "
                   "on the same cases (the first less the second).")
@label_option
@positive_option
@click.option("--batch", type=IntRange(min=1), default=1000, show_default=True, metavar="B",
              help=f"Cases per look: the rows of FILE are read in order, B at a time (at most {MAX_LOOKS} looks, "
                   f"and looks x rows at most {MAX_WORK:.0e}).")
@delta_option
@click.option("--method", type=click.Choice(MONITOR_METHODS), default="bernstein", show_default=True,
              help="The fixed-time bound each epoch of the sequence stitches.")
@output_options
def monitor(file, scores, label, positive, batch, delta, method, output_format, tablefmt):
    """A confidence sequence for the AUC of the --score column as FILE's rows arrive, B rows at a time.

    After every batch of --batch rows (in the order of FILE) one line: the cases so far, m
    positives, n negatives, the AUC, the confidence sequence and DeLong's Wald interval of
    that look alone. The sequence covers the AUC at every look at once with probability at
    least 1 - delta, for i.i.d. cases and every pair of score distributions (Howard et al.
    2021): it can be looked at after every batch. DeLong's interval holds for one look
    only: the chance that some look misses grows with the number of looks. With --score
    twice: the difference of the two models' AUCs on the same cases. FILE is read as by
    `aucbound auc`. The construction and its proof are in the documentation on sharper guarantees.

    \b
    Examples:
      aucbound monitor aSAH.csv --score s100b --label outcome --positive Poor --batch 20
      aucbound monitor aSAH.csv --score s100b --label outcome --positive Poor --batch 40 --method hoeffding-kl
      aucbound monitor aSAH.csv --score wfns --score s100b --label outcome --positive Poor --batch 40 --format csv
    """
    if len(scores) > 2:
        raise click.UsageError(f"give --score once (one model) or twice (the difference of two); got {len(scores)}.")
    paired = len(scores) == 2
    with data_errors(), Progress("monitor") as progress:
        columns, pos_label = read_data(file, scores, label, positive)
        _check_looks(columns.labels.shape[0], batch)
        history = _monitor_rows(columns.labels, columns.scores[0], columns.scores[1] if paired else None, pos_label,
                                delta, method, batch, progress)
    names = columns.score_names
    what = f"AUC({names[0]!r}) - AUC({names[1]!r})" if paired else f"AUC of {names[0]!r}"
    title = [source_line(columns, what, positive),
             f"{len(history.rows)} looks of {batch} rows; {_describe.confidence(delta)}; sequence: {method}, epochs "
             f"starting at {', '.join(map(str, history.epoch_starts)) or 'none'} cases"]
    estimate = "difference" if paired else "AUC"
    record_columns = [Column("cases", lambda r: str(r["cases"])), Column("m", lambda r: str(r["m"])),
                      Column("n", lambda r: str(r["n"])),
                      Column(estimate, lambda r: "-" if r["estimate"] is None else number(r["estimate"])),
                      Column("sequence (simultaneous)", _pair("lo", "hi")),
                      Column("DeLong (pointwise)", _pair("delong_lo", "delong_hi"))]
    notes = ["sequence: covers the AUC at every look at once with probability >= 1 - delta (distribution-free, "
             "time-uniform; Howard et al. 2021).",
             "DeLong: pointwise, not simultaneous: each look alone at 1 - delta (DeLong et al. 1988)."]
    emit(records=[row.as_dict() for row in history.rows], columns=record_columns,
         parameters={"file": file, "score": list(scores), "label": label, "positive": positive, "batch": batch,
                     "delta": delta, "method": method, "epoch_starts": list(history.epoch_starts)},
         title=title, notes=notes, output_format=output_format, tablefmt=tablefmt)
