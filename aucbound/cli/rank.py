"""``aucbound rank``: rank items through a pairwise preference h read from a file, by Degree or QuickSort."""

from __future__ import annotations

import click

from ._data import data_errors, file_argument
from ._options import IntRange, given, output_options
from ._render import Column, emit, number

METHODS = {
    "degree": "Degree (Balcan et al. 2007, Alg. 2): by number of wins",
    "quicksort": "QuickSort with h as the comparison (Ailon & Mohri 2008, §3.1)",
}


@click.command("rank")
@file_argument
@click.option("--method", type=click.Choice(list(METHODS)), default="quicksort", show_default=True,
              help="degree: sort by wins Σ_v h[u, v] (deterministic, n(n − 1)/2 calls of h); quicksort: random "
                   "pivots, expected regret at most the classifier's (about 2n ln n calls).")
@click.option("--top", type=IntRange(min=1), metavar="K",
              help="Only the first K items (QuickSort: the top-k variant of §3.4, which asks h less).")
@click.option("--seed", type=IntRange(min=0), default=0, show_default=True,
              help="Seed of QuickSort's pivots (and of its draws for fractional h) and of Degree's random ties.")
@click.option("--ties", type=click.Choice(["index", "random"]), default="index", show_default=True,
              help="Degree only: items with equal wins by lower index first, or in a random order (--seed).")
@output_options
def rank(file, method, top, seed, ties, output_format, tablefmt):
    """Rank the items of a preference h by Degree or QuickSort, and count the calls of h.

    FILE holds h[u, v] ∈ [0, 1], the classifier's belief that item u goes above item v,
    with h[u, v] + h[v, u] = 1: an n×n matrix as CSV without a header (row u, column v;
    the diagonal holds any number, ignored) or as .npy, or a pairs file with the header
    u,v,h and one line per pair (items 0, …, n − 1; every unordered pair at least once,
    h[v, u] = 1 − h[u, v] completing it). '-' reads standard input. h need not be transitive. Prints the
    ranking from the top (position, item, and for Degree its wins) and how many times h
    was asked.

    \b
    Examples:
      aucbound rank pairs.csv --method quicksort --seed 3
      aucbound rank pairs.csv --method quicksort --top 2 --format json
      printf '0,1,0\\n0,0,1\\n1,0,0\\n' | aucbound rank - --method degree
    """
    ctx = click.get_current_context()
    if method != "degree" and given(ctx, "ties"):
        raise click.UsageError("--ties goes with --method degree (QuickSort has no ties to break).", ctx)
    from ..reductions import read_preference

    with data_errors():
        h, source, form = read_preference(file)
    n = h.shape[0]
    if top is not None and top > n:
        raise click.UsageError(f"--top must be at most n = {n}, the items in {source}, but got {top}.", ctx)
    from ..reductions import Preference, degree_ranking, quicksort_ranking

    with data_errors():
        preference = Preference.from_matrix(h)
        if method == "degree":
            ranking = degree_ranking(preference, ties=ties, seed=seed if ties == "random" else None)
        else:
            ranking = quicksort_ranking(preference, seed=seed, top=top)
    order = ranking.order.tolist()[:top]
    records = [{"position": k + 1, "item": item} for k, item in enumerate(order)]
    columns = [Column("position", lambda r: str(r["position"])), Column("item", lambda r: str(r["item"]))]
    if method == "degree":
        wins = ranking.wins.tolist()
        for record in records:
            record["wins"] = wins[record["item"]]
        columns.append(Column("wins", lambda r: number(r["wins"])))
    parameters = {"file": source, "form": form, "n": n, "method": method, "top": top, "calls": ranking.calls}
    how = METHODS[method]
    if method == "degree":
        parameters["ties"] = ties
        if ties == "random":
            parameters["seed"] = seed
        how += ", ties by lower index" if ties == "index" else f", ties in a random order (seed {seed})"
        calls = f"calls of h: {ranking.calls:,} = n(n − 1)/2, each pair once"
    else:
        parameters["seed"] = seed
        how += f", seed {seed}"
        calls = f"calls of h: {ranking.calls:,}"
    what = f"the top {top} of {n} items" if top is not None and top < n else f"{n} items"
    emit(
        records=records,
        columns=columns,
        parameters=parameters,
        title=[f"Ranking of {what} of h in {source} by {how}", calls],
        output_format=output_format,
        tablefmt=tablefmt,
    )
