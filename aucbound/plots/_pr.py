"""Precision–recall curves from data, each with the area's estimate and interval in the legend.

Every value comes from the public functions of :mod:`aucbound.empirical`: the curve from
``precision_recall_curve``, the area and its interval from ``pr_auc``.
"""

from __future__ import annotations

import warnings

from .. import _validate as v
from ..empirical import PR_ESTIMATORS, PR_METHODS, pr_auc, precision_recall_curve
from ._figure import DASHED, SOLID, Rows, delta_text, legend, new_figure, outside_right, result
from ._roc import _curves

__all__ = ["pr"]

#: Characters on one line of a legend entry (the legend stands beside the square panel).
_WIDTH = 38
_SHORT = {"average-precision": "AP", "lower-trapezoid": "lower trapezoid", "interpolated-median": "interp. median",
          "trapezoid": "trapezoid"}


def pr(labels, scores, *, estimator="average-precision", method="logit", delta=0.05, resamples=2000, seed=0,
       pos_label=None, data=None, nan_policy="raise", title=None, ax=None, return_data=False, workers=-1,
       progress=None):
    """Precision–recall curves of one or more scorers on one plot, each with the area's estimate and interval.

    `labels` and `scores` as for :func:`aucbound.precision_recall_curve` (labels first; arrays,
    pandas Series, or with ``data=`` column names); `scores` may also be a dict ``{name:
    scores}`` for several curves on the same cases (at most ten). The x axis is the recall,
    the y axis the precision; each curve is scikit-learn's, drawn as steps (the precision
    at a recall is that of the threshold that reaches it). The baseline, the precision of a
    random ranking, is the prevalence m/(m + n), dashed. The legend, outside the panel on
    its right, gives each curve's area by `estimator` (a key of
    :data:`aucbound.empirical.PR_ESTIMATORS`) with its 1 − δ interval by `method` (``'logit'``,
    the default, ``'binomial'`` or ``'bootstrap'`` with `resamples`, `seed` and `workers`;
    see :func:`aucbound.pr_auc`, whose `progress` reports the bootstrap's). With `ax` (a matplotlib Axes) the plot is drawn there and the
    figure is that Axes' figure, its title left alone; otherwise `title` replaces the figure's
    title ('Precision–recall curve, δ = 0.05').

    With ``return_data=True`` returns ``(figure, rows)``: each curve's points (x = recall,
    y = precision, scikit-learn's order) under its legend entry, and the baseline.

    >>> from aucbound import plots
    >>> labels, scores = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    >>> figure, rows = plots.pr(labels, {"f": scores}, return_data=True)
    >>> rows[0]["series"]  # AP = (1 + 2/3)/2; expit(ln 5 ± 1.96/√(2·5/36)) with m = 2
    'f: AP 0.833 [0.108, 0.995] (logit 95%)'
    >>> [(row["x"], round(row["y"], 4)) for row in rows if row["series"].startswith("f:")]
    [(1.0, 0.5), (1.0, 0.6667), (0.5, 0.5), (0.5, 1.0), (0.0, 1.0)]
    >>> figure.savefig("pr.png")  # doctest: +SKIP
    """
    estimator = v.choice("estimator", estimator, list(PR_ESTIMATORS))
    method = v.choice("method", method, PR_METHODS)
    delta = v.probability("delta", delta, scalar=True)
    curves = _curves(scores, data)
    workers = v.workers("workers", workers)
    drawn = [_one_curve(labels, column, estimator=estimator, method=method, delta=delta, resamples=resamples,
                        seed=seed, pos_label=pos_label, data=data, nan_policy=nan_policy, workers=workers,
                        progress=progress)
             for column in curves.values()]
    sizes = {(curve.m, curve.n) for curve, _ in drawn}
    figure, (axes,) = new_figure(1, columns=1, size=(8.0, 5.3), ax=ax,
                                 title=title or f"Precision–recall curve{'s' * (len(curves) > 1)}, {delta_text(delta)}")
    first = drawn[0][0]
    panel = (f"m = {first.m} positives, n = {first.n} negatives" if len(sizes) == 1
             else "m positives, n negatives per curve")
    rows = Rows()
    level = f"{100 * (1 - delta):.3g}%"
    for k, (name, (curve, area)) in enumerate(zip(curves, drawn)):
        row = area.rows[0]
        sizes_note = f" (m = {curve.m}, n = {curve.n})" if len(sizes) > 1 else ""
        series = (f"{name}{sizes_note}: {_SHORT[estimator]} {area.estimate:.3g} [{row.lo:.3g}, {row.hi:.3g}] "
                  f"({method} {level})")
        rows.plot(axes, panel, series, curve.recall, curve.precision, color=f"C{k}", linestyle=SOLID, linewidth=2,
                  drawstyle="steps-post", zorder=3)
    for k, prevalence in enumerate(sorted({curve.prevalence for curve, _ in drawn})):
        series = f"baseline: prevalence {prevalence:.3g}" + (f" ({k + 1})" if len(sizes) > 1 else "")
        rows.plot(axes, panel, series, [0.0, 1.0], [prevalence, prevalence], color="0.6", linestyle=DASHED,
                  linewidth=0.8, zorder=1.5)
    axes.set(xlim=(0, 1), ylim=(0, 1.005), aspect="equal", title=panel, xlabel="recall (sensitivity)",
             ylabel="precision (positive predictive value)")
    axes.grid(True, alpha=0.3)
    legend(axes, width=_WIDTH, fontsize="small", **outside_right())
    return result(figure, rows, return_data)


def _one_curve(labels, scores, *, estimator, method, delta, resamples, seed, pos_label, data, nan_policy, workers,
               progress):
    """(curve, area with one interval row) of one score column; the area, on the same rows, keeps quiet
    about omitted rows the curve has already reported."""
    curve = precision_recall_curve(labels, scores, pos_label=pos_label, data=data, nan_policy=nan_policy)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", v.RowsOmittedWarning)
        area = pr_auc(labels, scores, estimator=estimator, methods=[method], delta=delta,
                      resamples=resamples if method == "bootstrap" else None, seed=seed, pos_label=pos_label,
                      data=data, nan_policy=nan_policy, workers=workers, progress=progress)
    return curve, area


