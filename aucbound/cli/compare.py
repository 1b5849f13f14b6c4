"""``aucbound compare``: DeLong's tests of AUCs — two scores on the same cases (paired), two samples
(unpaired: two files, or one file split by --group), or k scores at once (the χ² test)."""

from __future__ import annotations

import click

from ..bounds import METHODS
from . import _describe
from ._data import data_errors, emit_rows, label_option, positive_option, read_data, source_line
from ._data import read_weighted, weight_kind_option, weight_option
from ._engine import (existing_unless_glob, check_source, engine_keywords, engine_options, refuse_in_table_mode,
                      table_engine)
from ._options import IntRange, delta_option, output_options
from ._progress import Progress
from ._render import Column, emit, number
from .auc import FOCUS, _Range

#: --alternative's choices, as the library's.
ALTERNATIVES = ("two-sided", "greater", "less", "equivalence")


def _shown(record: dict) -> str:
    return f"[{number(record['lo'])}, {number(record['hi'])}]"


def _interval_methods():
    from ..empirical import UNPAIRED_METHODS

    return list(dict.fromkeys([key for key, spec in METHODS.items() if spec.any_kernel] + list(UNPAIRED_METHODS)))


# --- pROC's resampled tests: --method bootstrap|venkatraman|specificity|sensitivity and their settings ---------

#: The tests --method may name besides the interval rows (DeLong's test is the default).
RESAMPLED = ("bootstrap", "venkatraman", "specificity", "sensitivity")
#: The library's parameters of the resampled tests, as this command names them.
TEST_OPTIONS = {"method": "--method", "range": "--partial", "focus": "--focus", "correct": "--correct",
                "stratified": "--unstratified"}


def _method_names():
    return _interval_methods() + list(RESAMPLED)


def _resampled_options(function):
    """--bootstrap B, --seed, --workers, --unstratified, --partial, --focus, --correct, --specificity, --sensitivity."""
    from ..empirical import MAX_RESAMPLES
    from ._options import MethodChoice, stack, workers_option

    return stack(
        click.option("--method", "methods", multiple=True, type=MethodChoice(_method_names), metavar="NAME",
                     help=f"An interval row (repeatable): {', '.join(_interval_methods())}; or the test: "
                          f"{', '.join(RESAMPLED)} (pROC's resampled tests; DeLong's by default)."),
        click.option("--bootstrap", "resamples", type=IntRange(min=1, max=MAX_RESAMPLES), metavar="B",
                     help="Resamples (or permutations) of a resampled --method, pROC's boot.n.  [default: 2000]"),
        click.option("--seed", type=IntRange(min=0), help="Seed of a resampled --method.  [default: 0]"),
        workers_option,
        click.option("--unstratified", "stratified", flag_value=False, default=None,
                     help="--method bootstrap, specificity, sensitivity: resample all cases together (pROC's "
                          "boot.stratified = FALSE) instead of each class within itself."),
        click.option("--partial", type=_Range(), metavar="LO,HI",
                     help="--method bootstrap: test the partial AUCs over this range of specificity (or of "
                          "sensitivity with --focus se)."),
        click.option("--focus", type=click.Choice(list(FOCUS)), help="The axis of --partial: sp (specificity, the "
                     "default) or se (sensitivity)."),
        click.option("--correct", is_flag=True, default=None,
                     help="With --partial: McClish's standardisation (1/2 chance, 1 perfect)."),
        click.option("--specificity", type=click.FloatRange(0, 1), metavar="SP",
                     help="--method specificity: compare the sensitivities at this specificity."),
        click.option("--sensitivity", type=click.FloatRange(0, 1), metavar="SE",
                     help="--method sensitivity: compare the specificities at this sensitivity."),
    )(function)


def _test_keywords(ctx, methods, resamples, seed, workers, stratified, partial, focus, correct, specificity,
                   sensitivity):
    """(the library's keywords of the test, the interval rows): --method split into the test and the rows."""
    from ._options import given

    tests = [name for name in methods if name in RESAMPLED]
    if len(tests) > 1:
        raise _usage(f"--method names one resampled test, but got {', '.join(tests)}.")
    rows = [name for name in methods if name not in RESAMPLED]
    keywords = {"resamples": resamples, "seed": seed, "stratified": stratified, "range": partial,
                "focus": None if focus is None else FOCUS[focus], "correct": correct or None,
                "specificity": specificity, "sensitivity": sensitivity,
                "workers": workers if tests or given(ctx, "workers") else None}
    if tests:
        keywords["method"] = tests[0]
    return {key: value for key, value in keywords.items() if value is not None}, rows


def _with_progress(options: dict, progress) -> dict:
    """The library's keywords, with `progress` for a resampled test."""
    return {**options, "progress": progress} if "method" in options else options


def _test_line(result, statistic: float) -> str | None:
    """The resampled test's line (its title, statistic, p-value and resamples); None for DeLong's test."""
    test = result.test
    sided = result.alternative
    if test is None:
        return None
    name = test.statistic_name
    kind = "permutations" if test.stratified is None else \
        ("stratified resamples" if test.stratified else "unstratified resamples")
    used = "" if test.used == test.resamples else f" ({test.used} with both classes)"
    line = f"{test.title}: {name} = {number(statistic)}, {sided} p = {number(result.p_value)} ({test.resamples} " \
        f"{kind}{used}, seed {test.seed})"
    if test.estimate_a is not None and test.compared != "AUC":
        line += f"; {test.compared}: a {number(test.estimate_a)}, b {number(test.estimate_b)}"
    return line


def _usage(message: str):
    return click.UsageError(message, click.get_current_context())


@click.command("compare")
@click.argument("files", nargs=-1, callback=existing_unless_glob, metavar="FILE [FILE_B]",
                type=click.Path(dir_okay=True, readable=False, allow_dash=True))
@click.option("--score", "scores", required=True, multiple=True, metavar="COL",
              help="A score column (repeatable): a header name or 0-based index. Paired: give two (a, then b), "
                   "or three or more for the chi-square test of k curves. Unpaired: one (the same column in both "
                   "samples) or two (a's, then b's).")
@label_option
@positive_option
@click.option("--group", metavar="COL",
              help="Unpaired, from one FILE: the column that splits its rows into two samples (exactly two "
                   "values; sample a is the value met first in the file).")
@click.option("--alternative", type=click.Choice(ALTERNATIVES), default="two-sided", show_default=True,
              help="H1 for D = a - b: two-sided (D != 0), greater (D > -margin), less (D < margin), "
                   "equivalence (|D| < margin, two one-sided tests).")
@click.option("--margin", type=float, default=0.0, show_default=True, metavar="M",
              help="The margin of non-inferiority (greater, less) or equivalence, in [0, 1).")
@delta_option
@_resampled_options
@engine_options
# case weights (the paired form)
@weight_option
@weight_kind_option("What --weight means (needed with it): frequency (whole numbers, each case repeated w times: the "
                    "paired test and every row of the repeated cases) or sampling (sampling or importance weights: "
                    "the sandwich variance, the DeLong row only).")
@output_options
@click.pass_context
def compare(ctx, files, scores, label, positive, group, alternative, margin, delta, methods, resamples, seed, workers,
            stratified, partial, focus, correct, specificity, sensitivity, engine, sql, database, memory_limit,
            spill_dir, threads, spark_master, weight, weight_kind, output_format, tablefmt):
    """Compare the AUCs of score columns: D = AUC(a) - AUC(b), or k AUCs at once.

    With one FILE and two --score: DeLong's paired test (the same cases carry both
    scores), its statistic Z and p-value from the covariance of the structural
    components, and intervals for D: DeLong's asymptotic one and Hoeffding's bounds for the
    difference kernel in [-1, 1] (beyond the paper), which hold for every distribution and
    sample size; --method adds mcdiarmid, chebyshev-max or normal-max.

    Unpaired (two independent samples): give two files (a from the first, b from the
    second), or one FILE with --group COL. DeLong's unpaired test refers D/SE to Student's
    t with pROC's degrees of freedom; the distribution-free rows bound the sum of the two
    independent errors.

    With three or more --score: DeLong's chi-square test that all the AUCs are equal, and
    simultaneous intervals for every pair (Bonferroni, max-|z|, Hoeffding-Chernoff).

    --alternative greater tests H0: D <= -margin against H1: D > -margin (margin 0: AUC a is
    larger), less mirrors it, equivalence tests H0: |D| >= margin; each gives one-sided
    bounds at 1 - delta. FILE is read as by `aucbound auc`.

    A Parquet FILE (a directory or glob of them), --sql, or --engine duckdb: DuckDB sorts the
    table out of core, twice (by a, then by b with each row's placement under a), for DeLong's
    paired test of two --score at any size.

    --method bootstrap, venkatraman, specificity or sensitivity replaces DeLong's test (of
    two scores, paired or unpaired) by pROC's resampled one: the bootstrap test of the AUCs
    (of the partial AUCs with --partial), Venkatraman's permutation test of the whole curves,
    or the bootstrap test of the sensitivities at --specificity (of the specificities at
    --sensitivity); --bootstrap B resamples (2000 by default), --seed, --unstratified. The
    AUCs and the interval rows stay DeLong's; --margin goes with the bootstrap test only.

    \b
    Examples:
      aucbound compare aSAH.csv --score wfns --score s100b --label outcome --positive Poor
      aucbound compare aSAH.csv --score s100b --score ndka --label outcome --positive Poor --format json
      aucbound compare aSAH.csv --score wfns --score s100b --label outcome --positive Poor --alternative greater --margin 0.05
      aucbound compare compare.csv --score a --score b --label y --group g
      aucbound compare x.csv z.csv --score a --score b --label y --format json
      aucbound compare compare.csv --score a --score b --score c --score d --score e --label y
      aucbound compare weighted_pair.csv --score wfns --score s100b --label outcome --positive Poor --weight w --weight-kind sampling
      aucbound compare resampled.csv --score a --score b --label y --method bootstrap
      aucbound compare resampled.csv --score a --score b --label y --method venkatraman --bootstrap 500 --seed 1
      aucbound compare resampled.csv --score a --score b --label y --method specificity --specificity 0.8 --bootstrap 500 --format json
      aucbound compare compare.csv --score a --score b --label y --group g --method bootstrap --bootstrap 500 --partial 0.8,1 --correct
      aucbound compare aSAH.parquet --score wfns --score s100b --label outcome --positive Poor
    """
    if sql is None and not files:
        raise _usage("Missing argument 'FILE' (or --sql QUERY).")
    table = table_engine(files[0] if len(files) == 1 else None, engine if len(files) < 2 else "memory", sql) \
        if len(files) < 2 else None
    if table is not None:
        check_source(files[0] if files else None, sql, database)
        if len(scores) != 2 or group is not None:
            raise _usage(f"the {table} engine compares two --score on the same rows (DeLong's paired test); "
                         "--group, one --score or three are for --engine memory.")
        refuse_in_table_mode(ctx, table, "resamples", "seed", "workers", "stratified", "partial", "focus", "correct",
                             "specificity", "sensitivity", "weight", "weight_kind")
        if any(name in RESAMPLED for name in methods):
            raise _usage(f"--method {next(n for n in methods if n in RESAMPLED)} needs the rows in memory "
                         "(--engine memory).")
        options = {"alternative": alternative, "margin": margin, "delta": delta, "methods": list(methods) or None}
        _paired_table(files[0] if files else None, scores, label, positive, options, output_format, tablefmt,
                      engine_keywords(files[0] if files else None, table, sql, database, memory_limit, spill_dir,
                                      threads, spark_master))
        return
    if len(files) > 2:
        raise _usage(f"give one FILE, or two for an unpaired comparison (FILE, then FILE_B), but got {len(files)}.")
    if len(files) == 2 and group is not None:
        raise _usage("--group splits one FILE into two samples: give one FILE with it, not two.")
    test, methods = _test_keywords(ctx, methods, resamples, seed, workers, stratified, partial, focus, correct,
                                   specificity, sensitivity)
    options = {"alternative": alternative, "margin": margin, "delta": delta, "methods": list(methods) or None, **test}
    weighting = _weighting(weight, weight_kind, len(files) == 2 or group is not None or len(scores) > 2)
    if len(files) == 2 or group is not None:
        _unpaired(files, scores, label, positive, group, options, output_format, tablefmt)
    elif len(scores) > 2:
        _curves(files[0], scores, label, positive, options, output_format, tablefmt)
    elif len(scores) == 2:
        _paired(files[0], scores, label, positive, options, output_format, tablefmt, weighting)
    else:
        raise click.BadParameter("give two score columns (a, then b) for a paired comparison, three or more for "
                                 "the test of k curves, or add --group COL or a second FILE for an unpaired one; "
                                 "got 1.", param_hint="'--score'")


def _hypotheses_line(result) -> str:
    null, alternative = result.hypotheses
    return f"H0: {null} against H1: {alternative}"


def _left_out_notes(result) -> list[str]:
    return [f"{key}: left out ({reason})" for key, reason in result.left_out]


def _weighting(weight, weight_kind, other_form: bool) -> dict:
    """--weight and --weight-kind checked: the paired form only, the kind with the column."""
    if weight is None and weight_kind is None:
        return {}
    if other_form:
        raise _usage("--weight goes with the paired form (one FILE, two --score); the unpaired and k-score "
                     "comparisons are not weighted.")
    if weight is None:
        raise _usage("--weight-kind needs --weight COL.")
    if weight_kind is None:
        raise _usage("--weight needs --weight-kind: frequency (whole numbers, cases repeated w times) or sampling "
                     "(sampling or importance weights).")
    return {"weight": weight, "weight_kind": weight_kind}


#: What m and n are with each kind of weights, in the title.
_WEIGHTED_SIZES = {"frequency": "total weights (the cases repeated w times)", "sampling": "cases of positive weight"}


def _paired(file, scores, label, positive, options, output_format, tablefmt, weighting=None):
    from ..empirical import compare as compare_scores

    weight = (weighting or {}).get("weight")
    with data_errors(TEST_OPTIONS), Progress("resampled test") as progress:
        columns, pos_label, weights = read_weighted(file, scores, label, positive, weight)
        result = compare_scores(columns.labels, *columns.scores, pos_label=pos_label,
                                **_with_progress(options, progress),
                                **({} if weights is None else {"sample_weight": weights,
                                                               "weight_kind": weighting["weight_kind"]}))
    a, b = columns.score_names
    title = _paired_title(result, source_line(columns, f"Paired comparison of {a!r} (a) and {b!r} (b)", positive),
                          weight)
    inputs = {"file": file, "scores": list(scores), "label": label, "positive": positive, **(weighting or {})}
    emit_rows(result, Column("interval for D", _shown), inputs, title + _left_out_notes(result), output_format,
              tablefmt, "compare")


def _paired_table(file, scores, label, positive, options, output_format, tablefmt, keywords):
    """DeLong's paired test of two --score columns, computed by a table engine."""
    from ..scale import table_compare
    from ._data import nan_policy

    source = "FILE" if keywords["sql"] is None else "--sql"
    with data_errors({**TEST_OPTIONS, "source": source, "scores_a": "the first --score",
                      "scores_b": "the second --score"}), Progress("sort") as progress:
        result = table_compare(scores=tuple(scores), label=label, pos_label=positive, nan_policy=nan_policy(),
                               progress=progress, **options, **keywords)
    a, b = scores
    where = keywords["source"] if keywords["sql"] is None else "the --sql query"
    shown = "" if positive is None else f" (positive: {positive})"
    title = _paired_title(result, f"Paired comparison of {a!r} (a) and {b!r} (b) against {label!r}{shown} in {where}")
    title.append(f"engine: {keywords['engine']} ({result.m + result.n} rows sorted by the engine, twice)")
    inputs = {"file": file, "sql": keywords["sql"], "scores": list(scores), "label": label, "positive": positive}
    emit_rows(result, Column("interval for D", _shown), inputs, title + _left_out_notes(result), output_format,
              tablefmt, "compare")


def _paired_title(result, first_line: str, weight=None) -> list[str]:
    """The title lines of a paired comparison: what was compared, the sizes, the AUCs and the test."""
    sided = "two-sided" if result.alternative == "two-sided" else result.alternative
    title = [
        first_line,
        f"m = {result.m} positives, n = {result.n} negatives, {_describe.confidence(result.delta)}",
        f"AUC a = {number(result.auc_a)}, AUC b = {number(result.auc_b)}, difference D = a - b = {number(result.difference)}",
    ]
    if result.weights is not None:
        title.append(f"{result.weights} weights ({weight}): m and n are the {_WEIGHTED_SIZES[result.weights]}")
    if result.alternative != "two-sided":
        title.append(_hypotheses_line(result))
    variance = "sandwich variance" if result.weights == "sampling" else "variance"
    title.append(_test_line(result, result.z) or
                 f"DeLong's paired test: Z = {number(result.z)}, {sided} p = {number(result.p_value)} "
                 f"({variance} of D {number(result.variance)}, covariance {number(result.covariance)})")
    return title


def _split(file, scores, label, positive, group):
    """(labels and scores of sample a, of sample b, the two group values, the columns read) from one FILE."""
    import numpy as np

    if file == "-":
        raise _usage("--group reads FILE twice: give a file, not standard input.")
    with data_errors():
        columns, pos_label = read_data(file, scores, label, positive)
    with data_errors({"labels": "--group", "label": "--group"}):
        groups, _ = read_data(file, scores, group, None)
    values = groups.labels
    if values.shape[0] != columns.labels.shape[0]:
        raise _usage("--group with --nan omit: the rows missing a label and those missing a group differ; "
                     "fill them in or drop them first.")
    distinct = list(dict.fromkeys(values.tolist()))
    if len(distinct) != 2:
        shown = ", ".join(map(str, distinct[:5])) + (", ..." if len(distinct) > 5 else "")
        raise _usage(f"--group must split the rows into exactly two samples, but column {groups.label_name!r} has "
                     f"{len(distinct)} distinct values ({shown}).")
    first = np.array([value == distinct[0] for value in values.tolist()])
    score_a, score_b = columns.scores if len(columns.scores) == 2 else columns.scores * 2
    samples = (columns.labels[first], score_a[first], columns.labels[~first], score_b[~first])
    return samples, distinct, columns, pos_label


def _unpaired(files, scores, label, positive, group, options, output_format, tablefmt):
    from ..empirical import compare_unpaired

    if len(scores) > 2:
        raise click.BadParameter(f"give one score column (the same in both samples) or two (a's, then b's) for an "
                                 f"unpaired comparison, but got {len(scores)}.", param_hint="'--score'")
    names = (scores[0], scores[-1])
    if group is not None:
        samples, distinct, columns, pos_label = _split(files[0], scores, label, positive, group)
        where = [f"{group} = {distinct[0]}", f"{group} = {distinct[1]}"]
    else:
        read = []
        for file, name in zip(files, names):
            with data_errors():
                columns, pos_label = read_data(file, [name], label, positive)
            read.append((columns, pos_label))
        (first, pos_label), (second, pos_b) = read
        if pos_label != pos_b:
            raise _usage(f"--positive {positive} reads as {pos_label!r} in {first.source} but as {pos_b!r} in "
                         f"{second.source}: give the labels the same form in both files.")
        samples = (first.labels, first.scores[0], second.labels, second.scores[0])
        where = [first.source, second.source]
    rename = {"labels_a": f"--label of sample a ({where[0]})", "labels_b": f"--label of sample b ({where[1]})",
              "scores_a": f"--score of sample a ({where[0]})", "scores_b": f"--score of sample b ({where[1]})"}
    with data_errors({**TEST_OPTIONS, **rename}), Progress("resampled test") as progress:
        result = compare_unpaired(*samples, pos_label=pos_label, **_with_progress(options, progress))
    sided = result.alternative
    df = "" if result.df is None else f", df = {number(result.df)}"
    title = [
        f"Unpaired comparison of {names[0]!r} in {where[0]} (a) and {names[1]!r} in {where[1]} (b) against "
        f"{label!r}" + ("" if positive is None else f" (positive: {positive})") + (f" in {columns.source}" if group else ""),
        f"a: m = {result.m_a} positives, n = {result.n_a} negatives; b: m = {result.m_b}, n = {result.n_b}; "
        f"{_describe.confidence(result.delta)}",
        f"AUC a = {number(result.auc_a)}, AUC b = {number(result.auc_b)}, difference D = a - b = {number(result.difference)}",
    ]
    if result.alternative != "two-sided":
        title.append(_hypotheses_line(result))
    title.append(_test_line(result, result.statistic) or
                 f"DeLong's unpaired test: T = {number(result.statistic)}{df}, {sided} p = {number(result.p_value)} "
                 f"(variance of D {number(result.variance)})")
    inputs = {"files": list(files), "scores": list(scores), "label": label, "positive": positive, "group": group}
    emit_rows(result, Column("interval for D", _shown), inputs, title + _left_out_notes(result), output_format,
              tablefmt, "compare")


def _curves(file, scores, label, positive, options, output_format, tablefmt):
    from ..empirical import compare_curves

    if set(options) - {"alternative", "margin", "delta", "methods"}:
        raise _usage("--method bootstrap, venkatraman, specificity, sensitivity and their options (--bootstrap, "
                     "--seed, --workers, ...) go with two scores; three or more get DeLong's chi-square test.")
    if options["alternative"] != "two-sided" or options["margin"] != 0:
        raise _usage("--alternative and --margin go with two scores; the chi-square test of three or more is "
                     "two-sided (H0: all AUCs equal).")
    if options["methods"]:
        raise _usage("--method picks the rows of two scores; three or more get Bonferroni's, the max-|z| and "
                     "the Hoeffding-Chernoff intervals for every pair.")
    with data_errors():
        columns, pos_label = read_data(file, scores, label, positive)
    with data_errors({f"scores[{k}]": "--score" for k in range(len(scores))}):
        result = compare_curves(columns.labels, dict(zip(columns.score_names, columns.scores)), pos_label=pos_label,
                                delta=options["delta"])
    aucs = ", ".join(f"{name} {number(auc)}" for name, auc in zip(result.names, result.aucs))
    max_z = "none (no pair varies)" if result.critical_max_z is None else \
        f"{number(result.critical_max_z)} (numerical standard error {result.critical_max_z_error:.1g})"
    title = [
        source_line(columns, f"Comparison of {len(result.names)} scores on the same cases", positive),
        f"m = {result.m} positives, n = {result.n} negatives, {_describe.confidence(result.delta)}",
        f"AUCs: {aucs}",
        f"DeLong's chi-square test of equal AUCs (each against {result.names[0]!r}): chi2 = {number(result.chi2)}, "
        f"df = {result.df}, p = {number(result.p_value)}",
        f"simultaneous intervals for the {len(result.pairs)} pairs: Bonferroni z = {number(result.critical_bonferroni)}"
        f", max-|z| = {max_z}",
    ]
    inputs = {"file": file, "scores": list(scores), "label": label, "positive": positive}
    summary = {key: value for key, value in result.as_dict().items() if key != "pairs"}

    def interval(kind):
        return lambda r: f"[{number(r['lo_' + kind])}, {number(r['hi_' + kind])}]"

    emit(records=[row.as_dict() for row in result.pairs],
         columns=[Column("pair", lambda r: f"{r['a']} - {r['b']}"), Column("D", lambda r: number(r["difference"])),
                  Column("Z", lambda r: number(r["z"])), Column("p", lambda r: number(r["p_value"])),
                  Column("p max-|z|", lambda r: number(r["p_max_z"])),
                  Column("max-|z| interval", interval("max_z")), Column("Bonferroni", interval("bonferroni")),
                  Column("hoeffding-kl*", interval("hoeffding_kl"))],
         parameters={**inputs, **summary}, title=title, notes=[_describe.beyond_note("compare")],
         output_format=output_format, tablefmt=tablefmt)
