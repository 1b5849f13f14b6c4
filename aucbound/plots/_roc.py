"""ROC curves from data, with a confidence band and the AUC's interval in the legend."""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ..bounds import METHODS
from ..empirical import intervals, roc_band, roc_curve
from ._figure import DASHED, SOLID, Rows, delta_text, new_figure, result

__all__ = ["roc_figure", "BANDS"]

#: The bands :func:`roc_figure` can shade.
BANDS = ("dkw", "bootstrap", "none")
#: Points of the false-positive-rate grid the band is drawn on.
_GRID = 501
_BAND_NAMES = {"dkw": "DKW band (Massart 1990), simultaneous, distribution-free",
               "bootstrap": "bootstrap band, pointwise"}


def roc_figure(curves, *, band="dkw", method="delong", delta=0.05, resamples=2000, seed=0, title=None,
               return_data=False):
    """ROC curves of one or more score columns on one plot, each with its band and its AUC interval.

    `curves` is a list of ``(name, labels, scores, pos_label)``. The x axis is the false-positive
    rate 1 − specificity; the band (``'dkw'``, ``'bootstrap'`` or ``'none'``) is shaded, and the
    legend gives each AUC with its 1 − δ interval by `method` (a key of :data:`aucbound.METHODS`).

    >>> figure, rows = roc_figure([("f1", [0, 0, 0, 0, 1, 1, 1, 1], [-2, -1, 3, 4, 1, 2, 5, 6], None)],
    ...                           return_data=True)
    >>> rows[0]["series"]
    'f1: AUC 0.75 [0.35, 1] (DeLong 95%)'
    """
    band = v.choice("band", band, BANDS)
    method = v.choice("method", method, [key for key, spec in METHODS.items() if spec.guarantee != "best-case"])
    delta = v.probability("delta", delta, scalar=True)
    if not curves:
        raise v.fail("curves", "at least one (name, labels, scores, pos_label)", curves)
    shown = method.replace("delong", "DeLong").replace("-", " ")
    level = f"{100 * (1 - delta):.3g}%"
    figure, (ax,) = new_figure(1, columns=1, size=(5.6, 5.2),
                               title=title or f"ROC curve{'s' * (len(curves) > 1)}, {delta_text(delta)}")
    rows = Rows()
    fpr_grid = np.linspace(0.0, 1.0, _GRID)
    for k, (name, labels, scores, pos_label) in enumerate(curves):
        curve = roc_curve(labels, scores, pos_label=pos_label)
        row = intervals(labels, scores, delta=delta, methods=[method], pos_label=pos_label, resamples=resamples
                        if METHODS[method].needs_scores else None, seed=seed).rows[0]
        series = f"{name}: AUC {curve.auc:.3g} [{row.lo:.3g}, {row.hi:.3g}] ({shown} {level})"
        rows.plot(ax, "ROC", series, curve.fpr, curve.tpr, color=f"C{k}", linestyle=SOLID, linewidth=1.6)
        if band != "none":
            shade = roc_band(labels, scores, method=band, delta=delta, specificities=1.0 - fpr_grid,
                             resamples=resamples, seed=seed, pos_label=pos_label)
            step = "post" if band == "dkw" else None
            ax.fill_between(fpr_grid, shade.lo, shade.hi, color=f"C{k}", alpha=0.12, linewidth=0, step=step)
            for edge in (shade.lo, shade.hi):
                ax.step(fpr_grid, edge, where="post", color=f"C{k}", linewidth=0.6, alpha=0.7) if step else \
                    ax.plot(fpr_grid, edge, color=f"C{k}", linewidth=0.6, alpha=0.7)
            rows.add("ROC", f"{name}: {band} band, lower", fpr_grid, shade.lo)
            rows.add("ROC", f"{name}: {band} band, upper", fpr_grid, shade.hi)
    ax.plot([0, 1], [0, 1], color="0.6", linestyle=DASHED, linewidth=0.8, label="chance")
    if band != "none":
        ax.fill_between([], [], [], color="0.5", alpha=0.15, label=f"{_BAND_NAMES[band]}, {level}")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1.005)
    ax.set_aspect("equal")
    ax.set_xlabel("1 − specificity (false-positive rate)")
    ax.set_ylabel("sensitivity (true-positive rate)")
    ax.legend(loc="lower right", fontsize="small")
    return result(figure, rows, return_data)
