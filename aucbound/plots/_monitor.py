"""Monitoring a deployed model's AUC: Â_t, the confidence sequence and repeated DeLong intervals against cases seen.

Every value comes from :class:`aucbound.AUCMonitor` (nothing is recomputed here).
"""

from __future__ import annotations

import numpy as np

from .. import _validate as v
from ..empirical import AUCMonitor
from ._figure import DASHED, SOLID, Rows, delta_text, legend, new_figure, outside_right, result

__all__ = ["monitor"]

_WIDTH = 34


def monitor(labels, scores, scores2=None, *, batch=1000, delta=0.05, method="bernstein", pos_label=None, title=None,
            ax=None, return_data=False):
    """Â_t (or Δ̂_t = Â1_t − Â2_t with `scores2`), the confidence sequence and DeLong's interval at every look,
    against the cases seen, for the cases in the order given, looked at after every `batch`.

    The sequence (:class:`aucbound.AUCMonitor`, shaded) covers the AUC at every look at once with probability
    ≥ 1 − δ; DeLong's interval (dashed) holds at each look alone. Looks before each class has two cases are left
    out. With ``return_data=True`` returns ``(figure, rows)``: the estimate, the sequence's and DeLong's ends
    per look (x = cases seen).

    >>> import numpy as np
    >>> from aucbound import plots
    >>> rng = np.random.default_rng(0)
    >>> labels = rng.random(2000) < 0.3
    >>> figure, rows = plots.monitor(labels, rng.normal(size=2000) + labels, batch=200, return_data=True)
    >>> sorted({row["series"] for row in rows})[:2], len([r for r in rows if r["series"] == "AUC"])
    (['AUC', 'DeLong 95%, lower'], 10)
    """
    batch = v.count("batch", batch)
    tracker = AUCMonitor(delta=delta, method=method, pos_label=pos_label, paired=scores2 is not None)
    labels = np.asarray(labels)
    total = labels.shape[0]
    second = None if scores2 is None else np.asarray(scores2)
    first = np.asarray(scores)
    for start in range(0, total, batch):
        part = slice(start, start + batch)
        tracker.update(labels[part], first[part], None if second is None else second[part])
    shown = [row for row in tracker.history().rows if row.m >= 2 and row.n >= 2]
    if not shown:
        raise v.ParameterError("labels", "at least two positives and two negatives", "fewer", verb="have")
    cases = np.array([row.cases for row in shown])
    estimate = np.array([row.estimate for row in shown])
    level = f"{100 * (1 - tracker.delta):.3g}%"
    what = "AUC difference" if second is not None else "AUC"
    figure, (axes,) = new_figure(1, columns=1, size=(8.5, 4.8), ax=ax,
                                 title=title or f"Monitoring the {what}, {delta_text(tracker.delta)}")
    panel = f"{len(shown)} looks, {shown[-1].m} positives and {shown[-1].n} negatives at the last"
    rows = Rows()
    lo, hi = np.array([row.lo for row in shown]), np.array([row.hi for row in shown])
    axes.fill_between(cases, lo, hi, step="post", color="C0", alpha=0.2, linewidth=0,
                      label=f"confidence sequence {level} ({method}), simultaneous over all looks")
    rows.add(panel, f"sequence {level}, lower", cases, lo)
    rows.add(panel, f"sequence {level}, upper", cases, hi)
    for name, ends in (("lower", [row.delong_lo for row in shown]), ("upper", [row.delong_hi for row in shown])):
        axes.plot(cases, ends, color="C3", linestyle=DASHED, linewidth=1.0, drawstyle="steps-post",
                  label=f"DeLong {level} at each look alone (pointwise)" if name == "lower" else None)
        rows.add(panel, f"DeLong {level}, {name}", cases, ends)
    rows.plot(axes, panel, what, cases, estimate, color="k", linestyle=SOLID, linewidth=1.5, drawstyle="steps-post")
    axes.set(xscale="log" if cases[-1] / cases[0] > 20 else "linear", title=panel, xlabel="cases seen",
             ylabel=what)
    axes.grid(True, alpha=0.3)
    legend(axes, width=_WIDTH, fontsize="small", **outside_right())
    return result(figure, rows, return_data)
