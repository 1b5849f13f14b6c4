"""ROC curves from data, each with its confidence band and its AUC's interval in the legend.

Every value comes from the public functions of :mod:`aucbound.empirical`: the curve from
``roc_curve``, the band from ``roc_band``, the AUC's interval from ``intervals``.
"""

from __future__ import annotations

import warnings

import numpy as np

from .. import _validate as v
from ..bounds import METHODS
from ..empirical import BAND_METHODS, EXACT_BANDS, check_berk_jones, intervals, roc_band, roc_curve
from ._figure import DASHED, SOLID, Rows, delta_text, legend, new_figure, outside_right, result

__all__ = ["roc", "BANDS", "MAX_CURVES"]

#: The bands :func:`roc` can draw (None or ``"none"``: no band).
BANDS = (*BAND_METHODS, "none")
#: The most curves on one plot (one colour each, matplotlib's tab10).
MAX_CURVES = 10
#: Points of the false-positive-rate grid the band is drawn on.
_GRID = 501
_BAND_NAMES = {"dkw": "DKW band (Massart 1990), simultaneous, distribution-free",
               "kolmogorov": "Kolmogorov band (exact critical value), simultaneous, distribution-free",
               "berk-jones": "Berk–Jones band (Owen 1995, exact critical value), simultaneous, distribution-free",
               "bootstrap": "bootstrap band (pROC's ci.se), pointwise, asymptotic"}
#: Characters on one line of a legend entry (the legend stands beside the square panel).
_WIDTH = 36
#: Drawing order: bands under the chance line, under the curves.
_BAND_Z, _CHANCE_Z, _CURVE_Z = 1.0, 1.5, 3.0


def _curves(scores, data) -> dict:
    """{name: scores}: a dict as it is (names as text), or one curve named after its column."""
    if isinstance(scores, dict):
        if not 1 <= len(scores) <= MAX_CURVES:
            raise v.ParameterError("scores", f"one to {MAX_CURVES} score columns (one curve each)",
                                   f"{len(scores)} columns")
        return {str(name): column for name, column in scores.items()}
    name = scores if isinstance(scores, str) else getattr(scores, "name", None)  # a column of `data`, a Series
    return {name if isinstance(name, str) else "scores": scores}


def _band_fill(count: int) -> float:
    """The band's fill opacity: lighter the more bands overlap, so that where all of them
    overlap the fill is no darker than one band of 0.16 (their edges, lines in each curve's
    colour, tell them apart)."""
    return 0.16 / count


def roc(labels, scores, *, band="dkw", method="delong", delta=0.05, resamples=2000, seed=0, pos_label=None,
        data=None, nan_policy="raise", title=None, ax=None, return_data=False, workers=-1, sample_weight=None,
        weight_kind=None):
    """ROC curves of one or more scorers on one plot, each with its confidence band and its AUC's interval.

    `labels` and `scores` as for :func:`aucbound.roc_curve` (labels first; arrays, pandas
    Series, or with ``data=`` column names); `scores` may also be a dict ``{name: scores}``
    for several curves on the same cases (at most ten). The x axis is the false-positive
    rate 1 − specificity, the y axis the sensitivity; the chance diagonal is dashed.

    `band`: ``'dkw'`` (the default) the distribution-free simultaneous band (``'kolmogorov'`` and
    ``'berk-jones'`` the same kind at exact finite-sample critical values), ``'bootstrap'``
    the stratified bootstrap's pointwise band with `resamples` and `seed`, drawn on `workers`
    threads (pROC's ``ci.se``), None or ``'none'`` no band — each from :func:`aucbound.roc_band` at level
    1 − `delta`, drawn as thin lines in its curve's colour over a light fill (the fill the
    lighter, the more bands there are). The legend, outside the panel on its right so that it
    hides no curve, gives each AUC with its 1 − δ interval by `method` (a key of
    :data:`aucbound.METHODS`, from :func:`aucbound.intervals`). With `ax` (a matplotlib
    Axes) the plot is drawn there and the figure is that Axes' figure, its title left alone;
    otherwise `title` replaces the figure's title ('ROC curves, δ = 0.05').

    With ``return_data=True`` returns ``(figure, rows)``: the curve's points (x = FPR,
    y = TPR) under the legend entry, and the band's ends on a grid of 501 false-positive
    rates as '<name>: <band> band, lower' and '…, upper'.

    >>> from aucbound import plots
    >>> labels, scores = [0, 0, 0, 0, 1, 1, 1, 1], [-2, -1, 3, 4, 1, 2, 5, 6]
    >>> figure, rows = plots.roc(labels, {"f1": scores}, return_data=True)
    >>> rows[0]["series"]  # DeLong: 0.75 ± 1.96·√(1/24), clipped to [0, 1]
    'f1: AUC 0.75 [0.35, 1] (DeLong 95%)'
    >>> [(row["x"], row["y"]) for row in rows if row["series"] == "f1: AUC 0.75 [0.35, 1] (DeLong 95%)"]
    [(0.0, 0.0), (0.0, 0.25), (0.0, 0.5), (0.25, 0.5), (0.5, 0.5), (0.5, 0.75), (0.5, 1.0), (0.75, 1.0), (1.0, 1.0)]
    >>> figure.savefig("roc.png")  # doctest: +SKIP

    With case weights (`sample_weight`, the same for every curve, and `weight_kind` as for
    :func:`aucbound.delong`) each curve is the weighted one, the interval the weighted
    `method`'s (:func:`aucbound.intervals`) and the band the weighted band (:func:`aucbound.roc_band`:
    with sampling weights the bootstrap band only). The panel then gives the total weights.

    >>> figure = plots.roc(labels, scores, sample_weight=[1, 2, 1, 2, 1, 2, 1, 2], weight_kind="sampling",
    ...                    band="bootstrap", resamples=200)
    >>> figure.axes[0].get_title()
    'sampling weights: W₊ = 6, W₋ = 6 (4 and 4 rows)'
    """
    band = "none" if band is None else v.choice("band", band, BANDS)
    method = v.choice("method", method, [key for key, spec in METHODS.items() if spec.guarantee != "best-case"])
    delta = v.probability("delta", delta, scalar=True)
    curves = _curves(scores, data)
    workers = v.workers("workers", workers)
    if sample_weight is not None and band in EXACT_BANDS and weight_kind == "sampling":
        raise v.ParameterError("band", "'bootstrap' or 'none' with sampling weights (the distribution-free bands' "
                               "guarantee is for the empirical CDF of i.i.d. draws, which a weighted CDF is not)",
                               repr(band), others=("weight_kind",))
    weighted = dict(sample_weight=sample_weight, weight_kind=weight_kind)
    drawn = [_one_curve(labels, column, band=band, method=method, delta=delta, resamples=resamples, seed=seed,
                        pos_label=pos_label, data=data, nan_policy=nan_policy, workers=workers, weighted=weighted)
             for column in curves.values()]
    sizes = {(curve.m, curve.n) for curve, _, _ in drawn}
    figure, (axes,) = new_figure(1, columns=1, size=(8.0, 5.3), ax=ax,
                                 title=title or f"ROC curve{'s' * (len(curves) > 1)}, {delta_text(delta)}")
    if sample_weight is not None:
        curve, row, _ = drawn[0]
        panel = f"{weight_kind} weights: W₊ = {curve.m:.6g}, W₋ = {curve.n:.6g}"
        panel += f" ({row.m} and {row.n} rows)" if weight_kind == "sampling" else ""
    else:
        panel = (f"m = {drawn[0][0].m} positives, n = {drawn[0][0].n} negatives" if len(sizes) == 1
                 else "m positives, n negatives per curve")
    rows = Rows()
    fpr_grid = np.linspace(0.0, 1.0, _GRID)
    level = f"{100 * (1 - delta):.3g}%"
    shown = method.replace("delong", "DeLong").replace("-", " ")
    for k, (name, (curve, row, shade)) in enumerate(zip(curves, drawn)):
        colour = f"C{k}"
        sizes_note = f" (m = {curve.m}, n = {curve.n})" if len(sizes) > 1 and sample_weight is None else ""
        series = f"{name}{sizes_note}: AUC {curve.auc:.3g} [{row.lo:.3g}, {row.hi:.3g}] ({shown} {level})"
        rows.plot(axes, panel, series, curve.fpr, curve.tpr, color=colour, linestyle=SOLID, linewidth=2,
                  zorder=_CURVE_Z)
        if shade is not None:
            _draw_band(axes, fpr_grid, shade, colour, _band_fill(len(curves)))
            rows.add(panel, f"{name}: {band} band, lower", fpr_grid, shade.lo)
            rows.add(panel, f"{name}: {band} band, upper", fpr_grid, shade.hi)
    axes.plot([0, 1], [0, 1], color="0.6", linestyle=DASHED, linewidth=0.8, label="chance", zorder=_CHANCE_Z)
    handles, labels_shown = axes.get_legend_handles_labels()
    if band != "none":
        handles.append(_band_handle())
        labels_shown.append(f"{_BAND_NAMES[band]}, {level}")
    axes.set(xlim=(0, 1), ylim=(0, 1.005), aspect="equal", title=panel,
             xlabel="1 − specificity (false-positive rate)", ylabel="sensitivity (true-positive rate)")
    axes.grid(True, alpha=0.3)
    legend(axes, handles=handles, labels=labels_shown, width=_WIDTH, fontsize="small", **outside_right())
    return result(figure, rows, return_data)


def _one_curve(labels, scores, *, band, method, delta, resamples, seed, pos_label, data, nan_policy, workers,
               weighted):
    """(curve, interval row, band or None) of one score column (`weighted`: its case weights and their
    kind). The curve says what was omitted or looks below chance; the interval and the band, computed
    on the same rows, keep quiet."""
    curve = roc_curve(labels, scores, pos_label=pos_label, data=data, nan_policy=nan_policy,
                      sample_weight=weighted["sample_weight"])
    common = dict(delta=delta, pos_label=pos_label, data=data, nan_policy=nan_policy, resamples=resamples, seed=seed,
                  workers=workers, **weighted)
    if band == "berk-jones":
        check_berk_jones(curve.m, curve.n, delta, parameter="band")
    with warnings.catch_warnings():
        for said in (v.RowsOmittedWarning, v.BelowChanceWarning):
            warnings.simplefilter("ignore", said)
        row = intervals(labels, scores, methods=[method], **{**common, "resamples": resamples if
                        METHODS[method].needs_scores else None}).rows[0]
        shade = None if band == "none" else roc_band(labels, scores, method=band, specificities=1.0 - np.linspace(
            0.0, 1.0, _GRID), **common)
    return curve, row, shade


def _draw_band(axes, fpr, shade, colour, alpha) -> None:
    """A band: a light fill, and its two edges as thin lines in the curve's colour (steps for the
    distribution-free bands, whose ends are step functions of the false-positive rate)."""
    step = "post" if shade.method in EXACT_BANDS else None
    axes.fill_between(fpr, shade.lo, shade.hi, color=colour, alpha=alpha, linewidth=0, step=step, zorder=_BAND_Z)
    for edge in (shade.lo, shade.hi):
        axes.plot(fpr, edge, color=colour, linewidth=0.8, alpha=0.85, drawstyle="steps-post" if step else "default",
                  zorder=_BAND_Z)


def _band_handle():
    """The legend's key for a band: a grey fill with thin edges, as the bands are drawn."""
    from matplotlib.patches import Patch

    return Patch(facecolor="0.5", alpha=0.25, edgecolor="0.2", linewidth=0.8)
