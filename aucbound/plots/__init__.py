"""Comparison plots: the figures of Agarwal et al. (2005) and Uematsu & Lee (2011), ROC curves, and new ones.

Usage: ``from aucbound import plots`` then ``plots.fig1().savefig("fig1.png")``, or from
data ``plots.roc(labels, {"model A": scores_a, "model B": scores_b}).savefig("roc.png")``.

Every function takes keyword parameters (δ, skews ρ, ranges), returns a
``matplotlib.figure.Figure`` and, with ``return_data=True``, ``(figure, rows)``: the numbers
behind every plotted curve, one dict per point with the keys ``panel`` (the panel's
title), ``series`` (the curve's legend entry), ``x`` and ``y``. Values come from the bound
functions of :mod:`aucbound` (nothing is recomputed here). The figures use matplotlib's
object-oriented API only (no pyplot, no global state, no display needed), and matplotlib
is imported when a figure is drawn, not when this package is imported.

**Drawing into your own Axes.** Every function takes ``ax=``: for a one-panel plot one
matplotlib ``Axes``; for a plot of several panels a sequence of Axes, one per panel in the
order the function lists its panels (a list, or the array ``Figure.subplots`` returns:
``fig1(rhos=["1/2", "1/10"], ax=figure.subplots(1, 2))``). The plot is drawn there and the
function returns that Axes' figure; it sets the panels' titles, labels and legends but
leaves the figure's own title, size and layout to you. A legend shared by several panels,
which goes under the panels of a figure made here, goes outside the last of your panels on
its right (``savefig(..., bbox_inches="tight")`` or a constrained layout keeps it whole).

>>> from matplotlib.figure import Figure
>>> figure = Figure(figsize=(9, 4), layout="constrained")
>>> left, right = figure.subplots(1, 2)
>>> fig2(points=5, ax=right) is figure, right.get_title(), left.has_data()
(True, 'δ = 0.01, ε = 0.05', False)

Conventions in every figure: each method keeps its colour; the paper's distribution-free
bounds are solid lines, bounds beyond the paper dashed and labelled "(beyond the paper)",
asymptotic ones dotted; titles give δ and ρ; axes are logarithmic where a quantity spans
decades.

``fig1``, ``fig2``, ``fig3``
    The paper's Figures 1–3: large-deviation half-widths against N; the test-set size for
    the AUC over that for an error rate against ρ; uniform-convergence bounds for the line
    (Cor 4.5 against Freund et al.) against M.
``intervals``
    Every interval method's [lo, hi] against N around an estimate Â: linear up to Â, in
    decades of 1 − AUC above it, which separates the upper ends near 1.
``roc``
    ROC curves of one or more scorers from data, each with its DKW or bootstrap band and its
    AUC's interval in the legend (``aucbound plot roc``; not in :data:`PLOTS`, which draws
    without data).
``pr``
    Precision–recall curves of one or more scorers from data, with the prevalence baseline
    and each area's interval in the legend (``aucbound plot pr``; not in :data:`PLOTS`).
``psi``
    ψ(m, n), the number of bipartite rank matrices, beside 3^{mn} and the bounds of §4.3.
``sample_complexity``
    Agarwal & Roth's Thm 1, its unrelaxed form and the Cor 1 lower bound against ε.
``shatter``
    The rank matrices linear functions on R² realize on random points, beside Thm 4.11.
``regret``
    The AUC regret of Degree and QuickSort against the classification regret r of a
    pairwise classifier that errs, beside the bounds 2r (Balcan et al. 2007, Thm 1) and
    r (Ailon & Mohri 2008, Thm 2).
``quicksort_calls``
    Calls of the classifier by QuickSort, its top k and Degree against n, with n ln n and
    n² guides (Ailon & Mohri 2008, §3).
``hinge_steps``
    The hinge loss's optimal K-step functions for N(μ, 1) against N(−μ, 1) beside the
    optimal scores f* = α·log(g+/g−) of the exponential and logistic losses (Uematsu & Lee
    2011, Thm 2, §5.1.1).
``step_risk``
    The minimal hinge risk and 1 − AUC of those step functions against K, beside the Bayes
    ranking risk (Uematsu & Lee 2011, §5.1.2, Figure 7).
``fig4``
    Agarwal et al.'s (2005) Figure 4: RankBoost's linear rankers in R^16, their training
    and test AUC and Cor 4.5's lower bound against m and n.
``rankboost_normal_figure``
    Uematsu & Lee's (2011) Figure 3: RankBoost's f̂ against f*(x) = x, the training AUC, for
    either rule of α or both.
``loss_scores_figure``
    Uematsu & Lee's (2011) Figures 8 and 9 and the comparison of their Figure 14 (§5.2):
    boosting under three losses on the data of §5.1.3 against Thm 2 (not in ``plot all``:
    the experiment takes about 25 s; from a saved CSV with ``input``).
``jump_dynamics``
    The feasible region of consecutive jumps with the pairs of Table 1, and the jumps'
    progression towards the limiting sequence (Uematsu & Lee 2011, §5.1.1, Figures 5–6).

:data:`PLOTS` maps each name to its function, in the order of the gallery.
"""

from ._combinatorics import psi, shatter
from ._deviation import fig1, fig2, intervals
from ._learning import fig4, loss_scores_figure, rankboost_normal_figure
from ._optimal import hinge_steps, jump_dynamics, step_risk
from ._reductions import quicksort_calls, regret
from ._roc import roc
from ._uniform import fig3, sample_complexity

#: Every plot by name (the names of ``aucbound plot``).
PLOTS = {
    "fig1": fig1,
    "fig2": fig2,
    "fig3": fig3,
    "intervals": intervals,
    "psi": psi,
    "sample-complexity": sample_complexity,
    "shatter": shatter,
    "regret": regret,
    "quicksort-calls": quicksort_calls,
    "hinge-steps": hinge_steps,
    "step-risk": step_risk,
    "jump-dynamics": jump_dynamics,
    "fig4": fig4,
    "rankboost-normal": rankboost_normal_figure,
    "loss-scores": loss_scores_figure,
}

__all__ = ["PLOTS", "fig1", "fig2", "fig3", "fig4", "hinge_steps", "loss_scores_figure", "rankboost_normal_figure",
           "intervals", "jump_dynamics", "psi", "quicksort_calls", "regret", "roc", "sample_complexity", "shatter",
           "step_risk"]

# precision–recall: curves from data (``aucbound plot pr``; not in PLOTS, which draws without data)
from ._pr import pr

__all__ += ["pr"]

# confidence sequences for monitoring: Â_t against cases seen (``aucbound plot monitor``; not in PLOTS)
from ._monitor import monitor  # noqa: E402

__all__ += ["monitor"]
