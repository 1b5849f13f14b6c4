"""plots.pr: precision–recall curves from data, the prevalence baseline, each area's interval.

The curve's points are scikit-learn's, the legend's AP scikit-learn's and its logit interval
Boyd et al.'s formula in mpmath (tests/test_precision_recall.py); the legend stands beside the
panel; the plot draws into the user's Axes; nothing is clipped."""

from pathlib import Path

import numpy as np
import pytest
from sklearn.metrics import average_precision_score, precision_recall_curve as sk_curve

from aucbound import plots
from test_plots import assert_nothing_clipped
from test_precision_recall import reference_intervals

DATA = Path(__file__).parent / "data"
LABELS = [1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
SCORES = {"model A": [0.9, 0.8, 0.75, 0.6, 0.4, 0.3, 0.5, 0.35, 0.2, 0.15, 0.1, 0.05, 0.3, 0.8],
          "a much longer model name B": [0.7, 0.65, 0.5, 0.45, 0.3, 0.2, 0.6, 0.4, 0.35, 0.25, 0.1, 0.0, 0.2, 0.1]}


@pytest.fixture(scope="module")
def drawn():
    return plots.pr(LABELS, SCORES, return_data=True)


def test_curves_are_scikit_learns_with_the_logit_interval(drawn):
    _, rows = drawn
    for name, scores in SCORES.items():
        precision, recall, _ = sk_curve(LABELS, scores)
        theta = average_precision_score(LABELS, scores)
        lo, hi = (float(x) for x in reference_intervals(theta, 6, 0.05)["logit"])
        label = f"{name}: AP {theta:.3g} [{lo:.3g}, {hi:.3g}] (logit 95%)"
        assert [(r["x"], r["y"]) for r in rows if r["series"] == label] == list(zip(recall, precision))
    assert [(r["x"], r["y"]) for r in rows if r["series"] == "baseline: prevalence 0.429"] == [(0, 6 / 14), (1, 6 / 14)]


def test_legend_beside_the_panel_and_nothing_clipped(drawn):
    figure, _ = drawn
    figure.canvas.draw()
    (ax,) = figure.axes
    panel, box = ax.get_window_extent(), ax.get_legend().get_window_extent()
    assert box.x0 >= panel.x1 and box.x1 <= figure.bbox.x1
    assert_nothing_clipped(figure, "pr")


def test_drawn_into_the_given_axes_with_another_estimate_and_interval():
    from matplotlib.figure import Figure

    figure = Figure(layout="constrained")
    left, right = figure.subplots(1, 2)
    returned, rows = plots.pr(LABELS, SCORES["model A"], estimator="lower-trapezoid", method="bootstrap",
                              resamples=50, delta=0.1, ax=right, return_data=True)
    assert returned is figure and right.has_data() and not left.has_data() and figure._suptitle is None
    assert any(r["series"].startswith("scores: lower trapezoid") and r["series"].endswith("(bootstrap 90%)")
               for r in rows)


@pytest.mark.parametrize("kwargs, parameter", [({"estimator": "x"}, "estimator"), ({"method": "dkw"}, "method"),
                                               ({"delta": 2}, "delta")])
def test_bad_input(kwargs, parameter):
    with pytest.raises((ValueError, TypeError), match=f"`{parameter}`"):
        plots.pr(LABELS, SCORES["model A"], **kwargs)
