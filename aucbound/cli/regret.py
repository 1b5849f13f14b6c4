"""``aucbound regret``: the AUC regret of Degree and QuickSort beside the classification regret of a pairwise
classifier that errs, by simulation."""

from __future__ import annotations

import click

from ._options import UNIT_CLOSED, IntRange, given, library_errors, output_options
from ._progress import Progress
from ._render import Column, emit, number

#: The models, as the help lists them (the library's MODELS, without importing numpy at start-up).
MODELS = ("flip", "close", "regular", "cycle")


def _model_text(result) -> str:
    if result.model == "flip":
        return f"flip (each pair's true comparison flipped with probability {result.noise:g})"
    if result.model == "close":
        return f"close (a pair flipped with probability {result.noise:g}·exp(−|s_u − s_v|/{result.scale:g}))"
    if result.model == "regular":
        return "regular (Balcan et al. 2007, Example 1: the regular tournament, winners at random)"
    return "cycle (Ailon & Mohri 2008, Thm 7: the 3-cycle, labelled against Degree with ties by index)"


@click.command("regret")
@click.option("--model", type=click.Choice(MODELS), default="flip", show_default=True,
              help="How h errs: flip every pair with probability --noise; close: flip close pairs more; regular, "
                   "cycle: the papers' adversarial instances.")
@click.option("--n", type=IntRange(min=2, max=2000), metavar="N",
              help="Items per trial [default: 200; 201 for regular, which needs n odd; cycle has 3].")
@click.option("--noise", type=UNIT_CLOSED, help="flip, close: the probability of flipping a pair [default: 0.1].")
@click.option("--scale", type=click.FloatRange(min=0, min_open=True, max=1e300),
              help="close: a pair of scores s_u, s_v is flipped with probability noise·exp(−|s_u − s_v|/scale) "
                   "[default: 0.25].")
@click.option("--positives", type=IntRange(min=1), metavar="K",
              help="Positive items [default: half, rounded down; (n − 1)/2 for regular; 1 for cycle].")
@click.option("--trials", type=IntRange(min=1, max=10**6), default=1000, show_default=True,
              help="Independent trials.")
@click.option("--runs", type=IntRange(min=2, max=1000), default=20, show_default=True,
              help="QuickSort runs per trial (their mean when n > 12; below, the exact expectation).")
@click.option("--seed", type=IntRange(min=0), default=0, show_default=True, help="The same seed gives the same table.")
@output_options
def regret(model, n, noise, scale, positives, trials, runs, seed, output_format, tablefmt):
    """AUC regret of Degree and QuickSort against the classification regret r of h, by simulation.

    Each trial draws n items with bipartite labels and a pairwise classifier h that
    errs, then ranks the items through h. r is the share of (positive, negative) pairs h
    orders wrongly; the labels are fixed given the items, so each regret is a loss (1 − AUC
    for a ranking). Degree's regret is at most 2r (Balcan et al. 2007, Thm 1), QuickSort's
    expected regret at most r (Ailon & Mohri 2008, Thm 2); with n ≤ 20 a minimum feedback
    arc set ordering is ranked too (Thm 4: at most 2r). Beside them, the calls of h.

    \b
    Examples:
      aucbound regret --n 200 --noise 0.1 --trials 200 --seed 0
      aucbound regret --model close --noise 0.5 --trials 200
      aucbound regret --model regular --n 51 --trials 100
      aucbound regret --model cycle --trials 10 --format json
    """
    ctx = click.get_current_context()
    for name in ("noise", "scale"):
        allowed = ("flip", "close") if name == "noise" else ("close",)
        if given(ctx, name) and model not in allowed:
            raise click.UsageError(f"--{name} goes with --model {' or '.join(allowed)}.", ctx)
    from ..experiments import regret_experiment

    options = {"noise": noise, "scale": scale}
    options = {key: value for key, value in options.items() if value is not None}
    with library_errors({"quicksort_seeds": "--runs"}), Progress("trials") as progress:
        result = regret_experiment(n, model=model, positives=positives, trials=trials, seed=seed,
                                   quicksort_seeds=runs, progress=progress, **options)
    records = [row.as_dict() for row in result.rows]
    summary = {key: value for key, value in result.as_dict().items()
               if key in ("n", "positives", "model", "noise", "scale", "trials", "seed", "quicksort_seeds",
                          "quicksort_exact", "feedback_trials", "expected_quicksort_calls", "degree_calls")}
    if output_format != "table":
        emit(records=records, columns=[], parameters=summary, output_format=output_format, tablefmt=tablefmt)
        return
    notes = ["SE: standard error of the mean over the trials; worst trial: the largest value / bound of one trial"]
    if not result.quicksort_exact:
        notes.append(f"QuickSort: each trial's value is the mean of {result.quicksort_seeds} runs, which may exceed r "
                     "by chance; Thm 2 bounds the expectation over the pivots")
    if 0 < result.feedback_trials < result.trials:
        notes.append(f"minimum feedback arc set: the first {result.feedback_trials} trials only (it costs about "
                     f"n·2^n steps a trial)")
    emit(
        records=records,
        columns=[
            Column("quantity", lambda r: r["quantity"]),
            Column("mean", lambda r: number(r["mean"])),
            Column("SE", lambda r: number(r["se"])),
            Column("bound or reference", lambda r: r["reference_name"] or ""),
            Column("mean / bound", lambda r: number(r["ratio"])),
            Column("worst trial", lambda r: number(r["worst"])),
        ],
        parameters=summary,
        title=[
            f"Ranking through a pairwise classifier h that errs: model {_model_text(result)}",
            f"n = {result.n} items, {result.positives} positive; {result.trials} trials, seed {result.seed}; "
            "each regret is 1 − AUC, r the share of mixed pairs h orders wrongly",
        ],
        notes=notes,
        output_format=output_format,
        tablefmt=tablefmt,
    )
