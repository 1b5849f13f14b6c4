"""``aucbound auc``: every confidence interval for the AUC of score columns in a data file, or a partial AUC."""

from __future__ import annotations

import click

from ..bounds import METHODS
from ..empirical import MAX_RESAMPLES
from . import _describe
from ._data import (data_errors, emit_rows, label_option, positive_option, read_weighted, source_line,
                    weight_kind_option, weight_option)
from ._engine import (check_source, engine_keywords, engine_line, engine_options, refuse_in_table_mode, table_argument,
                      table_engine)
from ._options import IntRange, delta_option, method_option, output_options, workers_option
from ._progress import Progress
from ._render import Column, emit, interval_text, number

#: --focus values and the library's names for them.
FOCUS = {"sp": "specificity", "specificity": "specificity", "se": "sensitivity", "sensitivity": "sensitivity"}
#: Resamples for a partial AUC's interval when --bootstrap is not given.
PARTIAL_RESAMPLES = 2000


class _Range(click.ParamType):
    """Two numbers in [0, 1] written 'a,b'."""

    name = "LO,HI"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        parts = str(value).split(",")
        try:
            ends = tuple(float(part) for part in parts)
        except ValueError:
            ends = ()
        if len(ends) != 2 or not all(0.0 <= end <= 1.0 for end in ends) or ends[0] == ends[1]:
            self.fail(f"two different numbers in [0, 1] separated by a comma, e.g. 0.9,1; got {value!r}.", param, ctx)
        return ends


#: What m and n are with each kind of weights, in the title.
_WEIGHTED_SIZES = {"frequency": "total weights (the rows repeated w times)", "sampling": "rows of positive weight"}


def _intervals_block(columns, k, positive, delta, resamples, seed, methods, workers, progress, weights=None,
                     weight_kind=None):
    from ..empirical import intervals

    table = intervals(columns.labels, columns.scores[k], delta=delta, methods=list(methods) or None,
                      pos_label=positive, resamples=resamples, seed=seed, workers=workers, progress=progress,
                      sample_weight=weights, weight_kind=weight_kind)
    title = [f"estimate = {number(table.auc)} from m = {table.m} positives and n = {table.n} negatives, "
             f"{_describe.confidence(delta)}"]
    if table.weights is not None:
        title.append(f"{table.weights} weights: m and n are the {_WEIGHTED_SIZES[table.weights]}")
    if table.delong_variance is None:
        title.append("DeLong variance: undefined (a class has a single item)")
    elif table.weights == "sampling":
        title.append(f"sandwich variance of the weighted AUC = {number(table.delong_variance)} "
                     f"(SE {number(table.delong_variance**0.5)})")
        title.append(f"left out: {table.left_out}")
    else:
        title.append(
            f"DeLong variance = {number(table.delong_variance)} (SE {number(table.delong_variance**0.5)}); "
            f"p1 = {number(table.p1)}, p2 = {number(table.p2)}"
        )
    if table.resamples is not None:
        title.append(f"bootstrap: {table.resamples} stratified resamples, seed {seed}"
                     + (f" ({_RESAMPLED[table.weights]})" if table.weights is not None else ""))
    return table, title


#: How each kind of weights is resampled, in the title.
_RESAMPLED = {"frequency": "of the rows repeated w times",
              "sampling": "of the rows within each class, each carrying its weight"}


def _partial_block(columns, k, positive, delta, resamples, seed, partial, focus, correct, workers, progress,
                   weights=None, weight_kind=None):
    from ..empirical import partial_auc

    if weights is not None and weight_kind is None:
        resamples = None  # the resampling depends on what the weights mean: the estimate alone
    else:
        resamples = resamples or PARTIAL_RESAMPLES
    result = partial_auc(columns.labels, columns.scores[k], range=partial, focus=FOCUS[focus], correct=correct,
                         delta=delta, resamples=resamples, seed=seed, pos_label=positive,
                         workers=workers, progress=progress, sample_weight=weights, weight_kind=weight_kind)
    what = "McClish-standardised partial AUC" if correct else "partial AUC"
    sizes = f"from m = {number(result.m)} positives and n = {number(result.n)} negatives"
    if weights is not None:
        sizes += " (total weights)"
    title = [
        f"{what} over {result.focus} {number(result.low)} to {number(result.high)} = {number(result.estimate)}"
        + (f" (area {number(result.auc)})" if correct else ""),
        f"{sizes}, {_describe.confidence(delta)}; bootstrap: {result.resamples} stratified resamples, seed {seed}"
        + (f" ({_RESAMPLED[weight_kind]})" if weights is not None else "")
        if resamples is not None else
        f"{sizes}; no interval: give --weight-kind for the bootstrap (what the weights mean decides the resampling)",
    ]
    return result, title


def _emit_partial(result, inputs, title, output_format, tablefmt):
    record = result.as_dict()
    emit(
        records=[record],
        columns=[
            Column("quantity", lambda r: "partial AUC (McClish)" if r["corrected"] is not None else "partial AUC"),
            Column("estimate", lambda r: number(r["estimate"])),
            Column("interval", lambda r: "—" if r["lo"] is None else interval_text(r)),
            Column("guarantee", lambda r: r["guarantee"] or "—"),
            Column("source", lambda r: r["source"]),
        ],
        parameters=inputs, title=title, output_format=output_format, tablefmt=tablefmt,
    )


@click.command("auc")
@table_argument
@click.option("--score", "scores", required=True, multiple=True, metavar="COL",
              help="A score column: a header name or 0-based index. Repeat it for one block per column.")
@label_option
@positive_option
@delta_option
@click.option(
    "--bootstrap",
    "resamples",
    type=IntRange(min=1, max=MAX_RESAMPLES),
    metavar="B",
    help="Add the stratified bootstrap rows (percentile, BCa) with B resamples, e.g. 2000 "
         f"(a partial AUC's interval uses {PARTIAL_RESAMPLES} without it).",
)
@click.option("--seed", type=IntRange(min=0), default=0, show_default=True, help="Seed of the bootstrap.")
@workers_option
@method_option(lambda: list(METHODS))
@click.option("--partial", type=_Range(), metavar="LO,HI",
              help="The partial AUC over this range of specificity (or of sensitivity with --focus se), "
                   "with a bootstrap interval, instead of the table of intervals.")
@click.option("--focus", type=click.Choice(list(FOCUS)), default="sp", show_default=True,
              help="The axis of --partial: sp (specificity) or se (sensitivity).")
@click.option("--correct", is_flag=True, help="With --partial: McClish's standardisation (1/2 chance, 1 perfect).")
@engine_options
@click.option("--by", "by", multiple=True, metavar="COL",
              help="Per-group AUCs (a table engine): one row per group of this column (repeat it for groups of "
                   "several), each with its DeLong and Hoeffding intervals (or --method's) and against the "
                   "pooled rest of the table (DeLong's unpaired test and a distribution-free interval), from one "
                   "sort; at most 10000 groups.")
@click.option("--bins", type=IntRange(min=2, max=10**7), metavar="K",
              help="Binned mode (a table engine, no sort: for speed on huge continuous scores): the scores "
                   "counted in K bins of equal width; prints the exact bounds on the AUC the binning allows "
                   "(pairs inside a bin counted 0 and 1) beside their midpoint, and the distribution-free rows "
                   "widened to hold anywhere between them.")
@weight_option
@weight_kind_option("What --weight means (needed with it, except for a --partial estimate without interval): "
                    "frequency (whole numbers, each row occurring w times: every row of the repeated data, the "
                    "bootstrap resampling them) or sampling (sampling or importance weights: the DeLong rows with "
                    "the sandwich variance, and the bootstrap resampling the rows with their weights).")
@output_options
@click.pass_context
def auc(ctx, file, scores, label, positive, delta, resamples, seed, workers, methods, partial, focus, correct, engine,
        sql, database, memory_limit, spill_dir, threads, spark_master, by, bins, weight, weight_kind, output_format, tablefmt):
    """Every confidence interval for the AUC of each --score column of FILE against its labels.

    FILE is CSV or TSV text with a header (columns by name or 0-based index), a .npy
    (2-D or structured) or .npz file, or - for standard input; or a table of any size that
    DuckDB reads out of core (--engine): a Parquet file, a directory or glob of them, a CSV
    file, or the rows of --sql. Each row gives a method's
    interval at the observed m, n and AUC, clipped to [0, 1], and its guarantee:
    distribution-free (coverage at least 1 - delta at every sample size), plug-in, or
    asymptotic. With several --score columns, one block each. With --partial, the partial
    AUC over a specificity (or sensitivity) range, as pROC's partial.auc, and its stratified
    bootstrap interval. Rows marked * go beyond Agarwal et al. (2005): hoeffding and
    hoeffding-kl are Hoeffding's (1963, §5) bounds for two-sample U-statistics,
    distribution-free as McDiarmid's is, and narrower; bernstein (with --p1/--p2 or data) is a
    Bernstein bound with the projection variance, narrower than hoeffding-kl from a few thousand
    per class (docs: sharper guarantees).

    \b
    Examples:
      aucbound auc aSAH.csv --score s100b --label outcome --positive Poor
      aucbound auc aSAH.csv --score s100b --score wfns --label outcome --positive Poor --method delong
      aucbound auc aSAH.csv --score s100b --label outcome --positive Poor --bootstrap 2000 --seed 0
      aucbound auc aSAH.csv --score wfns --label outcome --positive Poor --partial 0.9,1 --correct
      aucbound auc aSAH.csv --score 2 --label 0 --positive Poor --method hoeffding-kl --method delong
      aucbound auc aSAH_missing.csv --score s100b --label outcome --positive Poor --nan omit
      cat aSAH.csv | aucbound auc - --score ndka --label outcome --positive Poor --format json
      aucbound auc weighted.csv --score s100b --label outcome --positive Poor --weight w --weight-kind frequency
      aucbound auc weighted.csv --score s100b --label outcome --positive Poor --weight w --weight-kind sampling
      aucbound auc weighted.csv --score s100b --label outcome --positive Poor --weight w --weight-kind sampling --bootstrap 500
      aucbound auc aSAH.parquet --score s100b --label outcome --positive Poor
      aucbound auc aSAH.parquet --score s100b --label outcome --positive Poor --bins 20
      aucbound auc aSAH.parquet --score s100b --label outcome --positive Poor --by wfns
      aucbound auc aSAH.parquet --score wfns --label outcome --positive Poor --partial 0.9,1 --correct
      aucbound auc --sql "SELECT * FROM 'aSAH.parquet' WHERE wfns > 1" --score s100b --label outcome --positive Poor
    """
    check_source(file, sql, database)
    wants_table = (bins is not None or by) and engine == "auto"
    table = table_engine(file, "duckdb" if wants_table else engine, sql)
    if table is not None:
        refuse_in_table_mode(ctx, table, "resamples", "weight", "weight_kind", "workers")
        if partial is None and correct:
            raise click.UsageError("--correct needs --partial LO,HI.")
        keywords = engine_keywords(file, table, sql, database, memory_limit, spill_dir, threads, spark_master)
        if partial is not None:
            if by or bins is not None:
                raise click.UsageError("--partial goes alone: not with --by or --bins.")
            _table_partial_blocks(file, scores, label, positive, partial, focus, correct, output_format, tablefmt,
                                  keywords)
        elif by:
            if bins is not None:
                raise click.UsageError("--by and --bins go separately: --by sorts the table, --bins does not.")
            _group_blocks(file, scores, label, positive, by, delta, methods, output_format, tablefmt, keywords)
        else:
            _table_blocks(file, scores, label, positive, delta, methods, output_format, tablefmt,
                          dict(keywords, bins=bins))
        return
    if bins is not None or by:
        raise click.UsageError(f"{'--bins' if bins is not None else '--by'} needs a table engine (--engine duckdb, "
                               "or auto).")
    if partial is None and correct:
        raise click.UsageError("--correct needs --partial LO,HI.")
    if weight_kind is not None and weight is None:
        raise click.UsageError("--weight-kind needs --weight COL.")
    blocks = []
    with data_errors(), Progress("bootstrap") as progress:
        columns, pos_label, weights = read_weighted(file, scores, label, positive, weight)
        for k, name in enumerate(columns.score_names):
            with data_errors({"scores": repr(name)}):  # a warning names its column
                if partial is None:
                    result, lines = _intervals_block(columns, k, pos_label, delta, resamples, seed, methods, workers,
                                                     progress, weights, weight_kind)
                else:
                    result, lines = _partial_block(columns, k, pos_label, delta, resamples, seed, partial, focus,
                                                   correct, workers, progress, weights, weight_kind)
            what = "Partial AUC" if partial is not None else "AUC"
            blocks.append((name, result, [source_line(columns, f"{what} of {name!r}", positive), *lines]))
    _emit_blocks(blocks, file, label, positive, partial, output_format, tablefmt, weight)


def _emit_blocks(blocks, file, label, positive, partial, output_format, tablefmt, weight=None):
    """Each --score's block: one JSON document or CSV table for several, else one table each."""
    if len(blocks) > 1 and output_format in ("json", "csv"):
        _emit_together(blocks, file, label, positive, output_format)
        return
    for k, (name, result, title) in enumerate(blocks):
        if k:
            click.echo()
        _emit_block(name, result, title, file, label, positive, partial, output_format, tablefmt, weight)


def _table_blocks(file, scores, label, positive, delta, methods, output_format, tablefmt, keywords):
    """Each --score's AUC and closed-form rows, computed by a table engine."""
    from ..scale import table_auc
    from ._data import nan_policy

    blocks = []
    where = keywords["source"] if keywords["sql"] is None else "the --sql query"
    with data_errors({"source": "FILE" if keywords["sql"] is None else "--sql"}), Progress("sort") as progress:
        for name in scores:
            with data_errors({"scores": repr(name), "score": "--score",
                              "source": "FILE" if keywords["sql"] is None else "--sql"}):
                result = table_auc(score=name, label=label, pos_label=positive, delta=delta,
                                   methods=list(methods) or None, nan_policy=nan_policy(), progress=progress,
                                   **keywords)
            shown = "" if positive is None else f" (positive: {positive})"
            title = [f"AUC of {name!r} against {label!r}{shown} in {where}",
                     f"estimate = {number(result.auc)} from m = {result.m} positives and n = {result.n} negatives, "
                     f"{_describe.confidence(delta)}"]
            if result.bins is not None:
                title.append(f"binned: {result.bins} bins of equal width, so the AUC lies in "
                             f"[{number(result.auc_low)}, {number(result.auc_high)}] (pairs inside a bin counted 0 "
                             "and 1; the estimate is the midpoint); the rows hold anywhere in between")
            elif result.delong_variance is None:
                title.append("DeLong variance: undefined (a class has a single item)")
            else:
                title.append(f"DeLong variance = {number(result.delong_variance)} "
                             f"(SE {number(result.delong_variance**0.5)}); p1 = {number(result.p1)}, "
                             f"p2 = {number(result.p2)}")
            title.append(engine_line(result, result.engine, result.m + result.n))
            blocks.append((name, result, title))
    _emit_blocks(blocks, file, label, positive, None, output_format, tablefmt)


def _table_partial_blocks(file, scores, label, positive, partial, focus, correct, output_format, tablefmt, keywords):
    """Each --score's partial AUC, computed by a table engine from the top of the curve (no interval)."""
    from ..scale import table_partial_auc
    from ._data import nan_policy

    where = keywords["source"] if keywords["sql"] is None else "the --sql query"
    blocks = []
    with data_errors({"source": "FILE" if keywords["sql"] is None else "--sql", "range": "--partial"}), \
            Progress("sort") as progress:
        for name in scores:
            with data_errors({"scores": repr(name), "score": "--score"}):
                result = table_partial_auc(score=name, label=label, pos_label=positive, range=partial,
                                           focus=FOCUS[focus], correct=correct, nan_policy=nan_policy(),
                                           progress=progress, **keywords)
            what = "McClish-standardised partial AUC" if correct else "partial AUC"
            shown = "" if positive is None else f" (positive: {positive})"
            title = [f"Partial AUC of {name!r} against {label!r}{shown} in {where}",
                     f"{what} over {result.focus} {number(result.low)} to {number(result.high)} = "
                     f"{number(result.estimate)}" + (f" (area {number(result.auc)})" if correct else ""),
                     f"from m = {result.m} positives and n = {result.n} negatives; no interval: the bootstrap "
                     "resamples rows held in memory (--engine memory)",
                     f"engine: {keywords['engine']} ({result.m + result.n} rows sorted by the engine)"]
            blocks.append((name, result, title))
    _emit_blocks(blocks, file, label, positive, partial, output_format, tablefmt)


def _interval_of(prefix: str):
    return lambda record: "—" if record.get(f"{prefix}_lo") is None else \
        f"[{number(record[f'{prefix}_lo'])}, {number(record[f'{prefix}_hi'])}]"


def _group_blocks(file, scores, label, positive, by, delta, methods, output_format, tablefmt, keywords):
    """Each --score's AUC per group of --by, each group against the rest, computed by a table engine."""
    from ..scale import table_groups
    from ._data import nan_policy

    where = keywords["source"] if keywords["sql"] is None else "the --sql query"
    source = "FILE" if keywords["sql"] is None else "--sql"
    for k, name in enumerate(scores):
        with data_errors({"scores": repr(name), "score": "--score", "source": source, "by": "--by"}), \
                Progress("sort") as progress:
            result = table_groups(score=name, label=label, by=list(by), pos_label=positive, delta=delta,
                                  methods=list(methods) or None, nan_policy=nan_policy(), progress=progress,
                                  **keywords)
        shown = "" if positive is None else f" (positive: {positive})"
        title = [f"AUC of {name!r} against {label!r}{shown} in {where}, by {', '.join(map(repr, result.by))}",
                 f"overall: estimate = {number(result.auc)} from m = {result.m} positives and n = {result.n} "
                 f"negatives, {_describe.confidence(delta)}",
                 "each group against the rest of the table: D = AUC(group) - AUC(rest), DeLong's unpaired test and "
                 "the distribution-free interval (Hoeffding 1963, the two samples' errors together)",
                 f"engine: {result.engine} ({result.m + result.n} rows sorted by the engine, once)"]
        shown_methods = [row.method for row in next((g.rows for g in result.groups if g.rows), ())]
        columns = [Column("group", lambda r: ", ".join(str(value) for value in r["group"])),
                   Column("m", lambda r: str(r["m"])), Column("n", lambda r: str(r["n"])),
                   Column("AUC", lambda r: "—" if r["auc"] is None else number(r["auc"]))]
        columns += [Column(method, _interval_of(method)) for method in shown_methods]
        columns += [Column("D vs rest", lambda r: "—" if r["difference"] is None else number(r["difference"])),
                    Column("delong for D", _interval_of("difference_delong")),
                    Column("hoeffding for D", _interval_of("difference_hoeffding")),
                    Column("p", lambda r: "—" if r["p_value"] is None else number(r["p_value"]))]
        if k:
            click.echo()
        emit(records=[group.as_dict() for group in result.groups], columns=columns,
             parameters={"file": file, "sql": keywords["sql"], "score": name, "label": label, "positive": positive,
                         "by": list(result.by), "auc": result.auc, "m": result.m, "n": result.n, "delta": delta,
                         "engine": result.engine},
             title=title, notes=["—: a group (or its rest) without two positives and two negatives"],
             output_format=output_format, tablefmt=tablefmt)


def _emit_block(name, result, title, file, label, positive, partial, output_format, tablefmt="simple", weight=None):
    inputs = {"file": file, "score": name, "label": label, "positive": positive}
    if weight is not None:
        inputs["weight"] = weight
    if partial is None:
        emit_rows(result, Column("interval", interval_text), inputs, title, output_format, tablefmt, "auc")
    else:
        _emit_partial(result, inputs, title, output_format, tablefmt)


def _emit_together(blocks, file, label, positive, output_format):
    """Several score columns as one JSON document or CSV table: every row with its ``score``,
    and each column's summary (Â, m, n, the variance, …) in the parameters' ``per_score``."""
    records, per_score = [], []
    for name, result, _ in blocks:
        data = result.as_dict()
        rows = data.pop("rows", None)
        records += [{"score": name, **row.as_dict()} for row in result.rows] if rows is not None \
            else [{"score": name, **data}]
        per_score.append({"score": name, **data})
    parameters = {"file": file, "scores": [name for name, _, _ in blocks], "label": label, "positive": positive,
                  "per_score": per_score}
    emit(records=records, columns=[], parameters=parameters, output_format=output_format)
