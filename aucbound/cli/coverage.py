"""``aucbound coverage``: how often each AUC interval covers the true AUC, by simulation."""

from __future__ import annotations

import csv

import click

from ..bounds import METHODS
from ..simulate import MAX_TRIALS, SCENARIOS
from . import _describe
from ._options import IntRange, delta_option, given, library_errors, method_option, output_options, workers_option
from ._progress import Progress
from ._render import Column, emit

_SCENARIO_HELP = "The pair of score distributions, each with an exact true AUC."


def _fixed(value) -> str:
    return "—" if value is None else f"{value:.4f}"


def _percent(value) -> str:
    return f"{100 * value:.1f}%"


_ROW_COLUMNS = [
    Column("method", lambda r: _describe.starred(r["method"], r["beyond_paper"])),
    Column("coverage", lambda r: _fixed(r["coverage"])),
    Column("MCSE", lambda r: _fixed(r["mcse"])),
    Column("mean width", lambda r: _fixed(r["mean_width"])),
    Column("median width", lambda r: _fixed(r["median_width"])),
    Column("vacuous", lambda r: _percent(r["vacuous"])),
    Column("degenerate", lambda r: _percent(r["degenerate"])),
    Column("guarantee", lambda r: r["guarantee"]),
    Column("below nominal", lambda r: "yes" if r["below_nominal"] else "no"),
]

_NOTES = [
    "coverage: share of trials whose interval contains the true AUC; MCSE = sqrt(coverage (1 - coverage) / trials)",
    "below nominal: coverage + 3 MCSE < 1 - delta; distribution-free methods promise coverage >= 1 - delta",
]


def _write_csv(path: str, records: list[dict]) -> None:
    """Every field of every record, as CSV, to `path`."""
    try:
        with open(path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(dict.fromkeys(k for r in records for k in r)))
            writer.writeheader()
            writer.writerows(records)
    except OSError as error:
        raise click.ClickException(f"cannot write {path}: {error.strerror}") from None


def _single(scenario_name, auc, m, n, delta, options, out, output_format, tablefmt):
    from ..simulate import coverage, scenario

    with library_errors({"bootstrap_trials": "--bootstrap-trials"}):
        chosen = scenario(scenario_name, auc)
        with Progress("simulating") as progress:
            result = coverage(chosen, m, n, delta, progress=progress, **options)
    title = [
        f"Coverage of the AUC intervals: {result.trials} trials, seed {result.seed}, {_describe.confidence(delta)}",
        f"scenario {chosen.name}: {chosen.description}",
        f"true AUC = {chosen.auc:.6g} ({chosen.exact}); m = {m} positives, n = {n} negatives",
        f"estimate over the trials: mean {result.estimate_mean:.4f}, SD {_fixed(result.estimate_sd)} "
        f"(sigma_max = sqrt(A(1 - A)/min(m, n)) = {result.sigma_max:.4f})",
    ]
    if result.bootstrap_trials is not None:
        title.append(f"bootstrap rows: the first {result.bootstrap_trials} trials only, {result.resamples} resamples each")
    records = [row.as_dict() for row in result.rows]
    if out is not None:
        _write_csv(out, [{"scenario": chosen.name, "true_auc": chosen.auc, "m": m, "n": n, **r} for r in records])
        title.append(f"every row also written to {out}")
    summary = {key: value for key, value in result.as_dict().items() if key != "rows"}
    emit(
        records=records,
        columns=_ROW_COLUMNS,
        parameters={"scenario": scenario_name, "auc": auc, **summary},
        title=title,
        notes=_NOTES + ([_describe.beyond_note("coverage")] if any(row.beyond_paper for row in result.rows) else []),
        output_format=output_format,
        tablefmt=tablefmt,
    )


def _grid(options, out, output_format, tablefmt):
    from ..simulate import coverage_study, worst_coverage

    with library_errors({"bootstrap_trials": "--bootstrap-trials"}), Progress("standard study") as progress:
        study = coverage_study(progress=progress, **options)
    records = study.records()
    if out is not None:
        _write_csv(out, records)
    parameters = {key: value for key, value in study.as_dict().items() if key != "records"}
    if output_format != "table":
        emit(records=records, columns=[], parameters=parameters, output_format=output_format, tablefmt=tablefmt)
        return
    cells = len(study.sizes) ** 2
    truths = {cell.scenario: cell.true_auc for cell in study.cells}
    sizes = ", ".join(map(str, study.sizes))
    title = [
        f"Standard coverage study: {len(study.scenarios)} scenarios x m, n in {{{sizes}}} x "
        f"delta in {{{', '.join(f'{d:g}' for d in study.deltas)}}}; {study.trials} trials per cell, seed {study.seed}",
        "true AUCs: " + ", ".join(f"{name} {truths[name]:g}" for name in study.scenarios),
        f"each entry: the lowest coverage over the {cells} pairs (m, n); below nominal: cells with coverage + 3 MCSE < 1 - delta",
    ]
    if study.bootstrap_trials is not None:
        title.append(f"bootstrap rows: the first {study.bootstrap_trials} trials of each cell, {study.resamples} resamples each")
    if out is not None:
        title.append(f"every cell and method ({len(records)} rows) written to {out}")
    columns = [Column("delta", lambda r: f"{r['delta']:g}"), Column("method", lambda r: r["method"])]
    columns += [Column(name, lambda r, name=name: _fixed(r[name])) for name in study.scenarios]
    columns.append(Column("below nominal", lambda r: f"{r['below_nominal']}/{r['cells']}"))
    emit(
        records=worst_coverage(study),
        columns=columns,
        parameters=parameters,
        title=title,
        notes=_promise_notes(study),
        output_format=output_format,
        tablefmt=tablefmt,
    )


@click.command("coverage")
@click.option("--scenario", type=click.Choice(list(SCENARIOS)), default="binormal", show_default=True, help=_SCENARIO_HELP)
@click.option(
    "--auc",
    type=click.FloatRange(0, 1, min_open=True, max_open=True),
    help="The scenario's true AUC, in (0, 1) [default: 0.8; 0.99 for near-perfect].",
)
@click.option("--m", type=IntRange(min=1), help="Positives in each simulated data set.")
@click.option("--n", type=IntRange(min=1), help="Negatives in each simulated data set.")
@delta_option
@click.option("--trials", type=IntRange(min=1, max=MAX_TRIALS), default=10_000, show_default=True,
              help="Simulated data sets.")
@method_option(lambda: list(METHODS))
@click.option(
    "--bootstrap-trials",
    type=IntRange(min=1),
    metavar="B",
    help="Trials for the bootstrap methods, which resample each one [default: 1000, or --trials if fewer].",
)
@click.option("--resamples", type=IntRange(min=1, max=10**7), default=1000, show_default=True, help="Bootstrap resamples per trial.")
@click.option("--seed", type=IntRange(min=0), default=0, show_default=True, help="The same seed gives the same table.")
@workers_option
@click.option(
    "--grid",
    is_flag=True,
    help="Run the standard study: every scenario x m, n in {10, 30, 100, 300} x delta in {0.05, 0.01}.",
)
@click.option("--out", type=click.Path(dir_okay=False), metavar="FILE.csv", help="Also write every row as CSV to FILE.csv.")
@output_options
def coverage(scenario, auc, m, n, delta, trials, methods, bootstrap_trials, resamples, seed, workers, grid, out,
             output_format, tablefmt):
    """How often each confidence interval for the AUC covers the true AUC, by simulation.

    Draws --trials data sets of m positives and n negatives from a scenario whose AUC is
    known exactly, computes every interval method on each, and reports per method the
    coverage (the share of intervals containing the true AUC) with its Monte Carlo
    standard error, the mean and median width, the shares of vacuous and single-point
    intervals, and the guarantee the method claims. The bootstrap methods (named with
    --method) use the first --bootstrap-trials trials only. --grid runs the standard study
    and prints the lowest coverage of each method in each scenario. Rows marked * go
    beyond Agarwal et al. (2005): hoeffding and hoeffding-kl are Hoeffding's (1963, §5)
    bounds for two-sample U-statistics, distribution-free as McDiarmid's is, and narrower; bernstein (with --p1/--p2 or data) is a
    Bernstein bound with the projection variance, narrower than hoeffding-kl from a few thousand
    per class (docs: sharper guarantees).

    \b
    Examples:
      aucbound coverage --scenario binormal --auc 0.8 --m 30 --n 60 --delta 0.05 --trials 10000
      aucbound coverage --scenario rating --m 10 --n 10 --method hoeffding-kl --method delong
      aucbound coverage --scenario adversarial --m 30 --n 30 --method bootstrap-bca --bootstrap-trials 500
      aucbound coverage --grid --trials 40 --out coverage.csv
    """
    ctx = click.get_current_context()
    options = {
        "methods": list(methods) or None,
        "trials": trials,
        "seed": seed,
        "bootstrap_trials": bootstrap_trials,
        "resamples": resamples,
        "workers": workers,
    }
    if grid:
        stray = [name for name in ("scenario", "auc", "m", "n", "delta", "confidence") if given(ctx, name)]
        if stray:
            raise click.UsageError(
                f"--grid runs every scenario, size and delta of the standard study; drop --{stray[0]}.", ctx
            )
        _grid(options, out, output_format, tablefmt)
        return
    for name, value in (("m", m), ("n", n)):
        if value is None:
            raise click.UsageError(f"Missing option '--{name}' (or use --grid for the standard study).", ctx)
    _single(scenario, auc, m, n, delta, options, out, output_format, tablefmt)


def _promise_notes(study) -> list[str]:
    """Which methods promise coverage >= 1 - delta, and whether the study caught one breaking it."""
    promised = [row.method for row in study.cells[0].rows if row.guarantee == "distribution-free"]
    notes = [f"distribution-free (coverage promised >= 1 - delta): {', '.join(promised) or 'none of these methods'}"]
    broken = study.broken_promises()
    if broken:
        shown = "; ".join(f"{b['method']} on {b['scenario']} at m = {b['m']}, n = {b['n']}, delta = {b['delta']:g}: "
                          f"{b['coverage']:.4f}" for b in broken[:5])
        notes.append(f"PROMISE BROKEN in {len(broken)} cells (coverage + 3 MCSE < 1 - delta): {shown}"
                     + (", ..." if len(broken) > 5 else ""))
    elif promised:
        notes.append("every distribution-free method kept its promise in every cell")
    return notes
