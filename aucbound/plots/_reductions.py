"""Plots of ranking through a pairwise classifier (Balcan et al. 2007; Ailon & Mohri 2008):
the AUC regret of Degree and QuickSort against the classifier's regret, and the calls of
the classifier against n.

Every value comes from :mod:`aucbound.experiments`.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ._figure import DOTTED, SOLID, Rows, given_axes, log_grid, new_figure, result, shared_legend, size_range

__all__ = ["regret", "quicksort_calls"]

#: Each algorithm's colour, in both figures.
_COLOURS = {"degree": "C0", "quicksort": "C3", "top": "C2", "guide": "0.55"}
_DEGREE_BOUND = "y = 2r: Degree's bound (Balcan et al. 2007, Thm 1)"
_QUICKSORT_BOUND = "y = r: QuickSort's bound (Ailon & Mohri 2008, Thm 2)"
_PANELS = {"flip": "flip: each pair flipped with probability p",
           "close": "close: a pair flipped with probability p·exp(−|Δs|/0.25)"}


def _noises(value) -> list[float]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__"):
        value = [value]
    if not 1 <= len(value) <= 12:
        raise v.fail("noises", "one to twelve noise levels", f"{len(value)} values")
    levels = sorted({v.unit_interval("noises", level, scalar=True) for level in value})
    return levels


def _models(value) -> list[str]:
    from ..experiments import MODELS

    if isinstance(value, str):
        value = [value]
    chosen = [v.choice("models", model, [key for key in MODELS if key in ("flip", "close")]) for model in value]
    if not 1 <= len(chosen) <= 4:
        raise v.fail("models", "one to four models (one panel each)", f"{len(chosen)} values")
    return list(dict.fromkeys(chosen))


def regret(*, n=100, noises=(0.05, 0.1, 0.2, 0.3, 0.4), models=("flip", "close"), trials=20, seed=0, ax=None,
           return_data=False):
    """AUC regret against classification regret r: Degree and QuickSort beside the bounds 2r and r.

    One panel per model of the classifier's mistakes (``flip``, ``close``; see
    :func:`aucbound.experiments.regret_experiment`), n items (half positive), `trials`
    trials at each noise level in `noises`. Each trial is a faint point (x = r of h, y = the
    AUC regret); the lines join the means over the trials of each noise level: Degree with
    ties broken against the labels (the worst case of Balcan et al. 2007, Thm 1) and
    QuickSort (its exact expectation when n ≤ 12, else the mean of 20 seeded runs). The
    straight lines are the bounds: y = 2r for Degree, y = r for QuickSort (Ailon & Mohri
    2008, Thm 2). Trial k of noise level j uses seed + j as the experiment's seed. With `ax`,
    a sequence of Axes one per model, the panels are drawn there.

    With ``return_data=True`` returns ``(figure, rows)`` with keys ``panel``, ``series``,
    ``x`` (r) and ``y`` (AUC regret): the means, each trial, and the two bound lines.

    >>> figure, rows = regret(n=8, noises=[0.2], models=["flip"], trials=3, return_data=True)
    >>> [(row["series"][:14], round(row["x"], 4), round(row["y"], 4)) for row in rows if "mean" in row["series"]]
    [('Degree, ties a', 0.125, 0.0833), ('QuickSort, exa', 0.125, 0.125)]
    """
    from ..experiments import regret_experiment

    n = v.count("n", n, minimum=2, maximum=2000)
    levels = _noises(noises)
    chosen = _models(models)
    trials = v.count("trials", trials, minimum=1, maximum=10_000)
    seed = v.count("seed", seed, minimum=0)
    figure, axes = new_figure(len(chosen), ax=ax, size=(5.6, 4.6),
                              title=f"AUC regret against classification regret r: n = {n} items, {trials} "
                                    f"trial{'s' * (trials > 1)} at each noise level p = "
                                    f"{' / '.join(f'{level:g}' for level in levels)}")
    rows = Rows()
    for ax, model in zip(axes, chosen):
        panel = _PANELS[model]
        results = [regret_experiment(n, model=model, noise=level, trials=trials, seed=seed + j, feedback_trials=0)
                   for j, level in enumerate(levels)]
        r = np.concatenate([res.classification for res in results])
        quicksort_name = results[0].row("quicksort").quantity
        for key, name, marker in (("degree_worst", "Degree, ties against the labels", "o"),
                                  ("quicksort", quicksort_name, "s")):
            colour = _COLOURS["degree" if key.startswith("degree") else "quicksort"]
            ys = np.concatenate([getattr(res, key) for res in results])
            ax.scatter(r, ys, s=9, color=colour, alpha=0.35, linewidths=0, label=f"{name}: one trial")
            rows.add(panel, f"{name}: one trial", r, ys)
            means_x = [res.row("classification").mean for res in results]
            means_y = [res.row(key).mean for res in results]
            rows.plot(ax, panel, f"{name}: mean per noise level", means_x, means_y, color=colour, marker=marker,
                      markersize=5, linewidth=1.6)
        top = max(float(r.max()), 1e-3) * 1.05
        rows.plot(ax, panel, _DEGREE_BOUND, [0.0, top], [0.0, 2 * top], color="black", linestyle=SOLID, linewidth=1)
        rows.plot(ax, panel, _QUICKSORT_BOUND, [0.0, top], [0.0, top], color="black", linestyle=DOTTED, linewidth=1.2)
        ax.set(xlim=(0, top), ylim=(0, 2 * top), xlabel="Classification regret r of h (mixed pairs h gets wrong)",
               ylabel="AUC regret (1 − AUC of the ranking)", title=panel)
        ax.grid(True, alpha=0.3)
    shared_legend(figure, axes, fontsize="small", width=100)  # entries on one line each
    return result(figure, rows, return_data)


def quicksort_calls(*, sizes=(10, 10**4), points=10, seeds=20, top=10, ax=None, return_data=False):
    """Calls of h against n on log–log axes: QuickSort, its top k and Degree, with n ln n and n² guides.

    For n log-spaced over `sizes` (on the preference of standard normal scores): QuickSort's
    and its top-`top` variant's mean number of calls over `seeds` runs (markers), beside
    their exact expectations 2(n+1)H_n − 4n and 2n + 2(n+1)H_n − 2(n+3−k)H_{n+1−k} − 6k + 6
    (lines; Ailon & Mohri 2008, §3.1, §3.4), and Degree's n(n − 1)/2 (Balcan et al. 2007,
    Alg. 2; its calls are counted through h up to n = 1000, the open circles). The dotted
    guides are n ln n and n². With `ax` (an Axes) the panel is drawn there.

    With ``return_data=True`` returns ``(figure, rows)`` with keys ``panel``, ``series``,
    ``x`` (n) and ``y`` (calls of h).

    >>> figure, rows = quicksort_calls(sizes=(10, 100), points=2, seeds=50, return_data=True)
    >>> [(row["series"][:22], row["x"], round(row["y"], 1)) for row in rows][:4]
    [('QuickSort: mean calls ', 10, 24.0), ('QuickSort: mean calls ', 100, 645.4), ('QuickSort: expected 2(', 10, 24.4), ('QuickSort: expected 2(', 100, 647.9)]
    """
    from ..experiments import quicksort_calls as measure

    lo, hi = size_range("sizes", sizes, lowest=2)
    v.at_most("sizes", hi, 10**5, why=" (QuickSort runs of every size are measured)")
    points = v.count("points", points, minimum=2, maximum=100)
    seeds = v.count("seeds", seeds, minimum=2, maximum=1000)
    top = v.count("top", top, minimum=1, maximum=hi)
    if ax is not None:
        given_axes(ax, 1)  # before the runs
    grid = log_grid(lo, hi, points)
    data = measure(grid, seeds=seeds, top=top)
    n = data.sizes
    figure, (ax,) = new_figure(1, title="Calls of the pairwise classifier h against n", size=(7.5, 5.6), ax=ax)
    panel = f"standard normal scores (a transitive h), mean of {seeds} runs"
    rows = Rows()
    rows.plot(ax, panel, f"QuickSort: mean calls over {seeds} runs", n, data.quicksort, color=_COLOURS["quicksort"],
              marker="o", linestyle="none", markersize=5)
    rows.plot(ax, panel, "QuickSort: expected 2(n+1)H_n − 4n (§3.1)", n, data.expected_quicksort,
              color=_COLOURS["quicksort"], linestyle=SOLID, linewidth=1.2)
    kept = np.isfinite(data.top_k)
    if kept.any():
        rows.plot(ax, panel, f"Top-{top} QuickSort: mean calls over {seeds} runs", n[kept], data.top_k[kept],
                  color=_COLOURS["top"], marker="s", linestyle="none", markersize=5)
        rows.plot(ax, panel, f"Top-{top} QuickSort: expected (§3.4)", n[kept], data.expected_top_k[kept],
                  color=_COLOURS["top"], linestyle=SOLID, linewidth=1.2)
    rows.plot(ax, panel, "Degree: n(n − 1)/2, every pair once (Alg. 2)", n, data.expected_degree,
              color=_COLOURS["degree"], linestyle=SOLID, linewidth=1.2)
    counted = np.isfinite(data.degree)
    if counted.any():
        label = f"Degree: calls counted through h (n ≤ {data.degree_counted_up_to})"
        ax.scatter(n[counted], data.degree[counted], s=30, facecolors="none", edgecolors=_COLOURS["degree"],
                   label=label)
        rows.add(panel, label, n[counted], data.degree[counted])
    for name, values in (("guide: n ln n", n * np.log(n)), ("guide: n²", n.astype(np.float64) ** 2)):
        rows.plot(ax, panel, name, n, values, color=_COLOURS["guide"], linestyle=DOTTED, linewidth=1.2)
    ax.set(xscale="log", yscale="log", xlabel="Items n", ylabel="Calls of h", title=panel, xlim=(lo, hi))
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(loc="upper left", fontsize="small")
    return result(figure, rows, return_data)
