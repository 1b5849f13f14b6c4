"""plots.roc: ROC curves from data with their bands and AUC intervals.

The curve's points are pROC's, the legend's DeLong intervals pROC's, the DKW band a
brute-force envelope computed here; the legend stands beside the panel and hides no curve;
overlapping bands stay apart; `aucbound plot roc` draws the same figure.

(The checks every plot shares — nothing clipped, drawing into the user's Axes — run in
tests/test_plots.py.)
"""

import csv
import math
import warnings
from pathlib import Path

import numpy as np
import pytest

import aucbound as ab
from aucbound import plots

from proc_reference import PROC_AUC, PROC_DELONG_CI

DATA = Path(__file__).parent / "data"
ASAH = ["--label", "outcome", "--positive", "Poor"]
BOTH = {"wfns": "wfns", "s100b": "s100b"}


@pytest.fixture(scope="module")
def frame():
    import pandas as pd

    return pd.read_csv(DATA / "asah_markers.csv")


@pytest.fixture(scope="module")
def drawn(frame):
    """wfns and s100b with their DKW bands, as `aucbound plot roc` draws them by default."""
    return plots.roc("outcome", BOTH, data=frame, pos_label="Poor", return_data=True)


def series(rows, name):
    return [(row["x"], row["y"]) for row in rows if row["series"] == name]


def legend_texts(ax):
    return [text.get_text().replace("\n", " ") for text in ax.get_legend().get_texts()]


def _legend(marker: str) -> str:
    """pROC's AUC and DeLong interval (auc(), ci.auc()) to three digits, as the legend shows them."""
    lo, hi = PROC_DELONG_CI[marker]
    return f"{marker}: AUC {PROC_AUC[marker]:.3g} [{lo:.3g}, {hi:.3g}] (DeLong 95%)"


WFNS = _legend("wfns")  # wfns: AUC 0.824 [0.749, 0.899]
S100B = _legend("s100b")  # s100b: AUC 0.731 [0.63, 0.833]
DKW = "DKW band (Massart 1990), simultaneous, distribution-free, 95%"


def test_legend_gives_procs_auc_and_delong_interval(drawn):
    # pROC's auc() and ci.auc() of wfns and s100b (tests/proc_reference.py)
    figure, _ = drawn
    (ax,) = figure.axes
    assert legend_texts(ax) == [WFNS, S100B, "chance", DKW]
    assert ax.get_title() == "m = 41 positives, n = 72 negatives"
    assert figure._suptitle.get_text() == "ROC curves, δ = 0.05"


def test_curve_points_are_procs(drawn):
    # pROC's coords(roc(aSAH$outcome, aSAH$s100b), "all"), in hexadecimal: every point to the last bit
    with (DATA / "proc_s100b_coords.csv").open(newline="") as stream:
        proc = [(1 - float.fromhex(row["specificity"]), float.fromhex(row["sensitivity"]))
                for row in csv.DictReader(stream)]
    _, rows = drawn
    points = series(rows, S100B)
    assert len(points) == len(proc) == 51
    for (x, y), (fpr, tpr) in zip(points, sorted(proc)):  # pROC lists them from the threshold −∞, at (1, 1)
        assert y == tpr and x == pytest.approx(fpr, abs=1e-15)  # fp/n here, 1 − (n − fp)/n in pROC


def test_the_drawn_lines_are_the_rows(drawn):
    figure, rows = drawn
    (ax,) = figure.axes
    for name in (WFNS, S100B):
        line = next(line for line in ax.get_lines() if line.get_label() == name)
        assert list(zip(*line.get_data())) == series(rows, name)


def half_widths(m, n, delta):
    """Massart's ε for each class at δ/2: √(ln(4/δ)/(2m)) and √(ln(4/δ)/(2n))."""
    return math.sqrt(math.log(4 / delta) / (2 * m)), math.sqrt(math.log(4 / delta) / (2 * n))


def dkw_by_brute_force(points, x, m, n, delta):
    """Massart's band at false-positive rate x from the curve's vertices, one by one: the lowest
    TPR at FPR ≥ x − ε₋ minus ε₊ and the highest at FPR ≤ x + ε₋ plus ε₊, in [0, 1]."""
    eps_pos, eps_neg = half_widths(m, n, delta)
    lower = min(tpr for fpr, tpr in points if fpr >= x - eps_neg) - eps_pos
    upper = max(tpr for fpr, tpr in points if fpr <= x + eps_neg) + eps_pos
    return max(lower, 0.0), min(upper, 1.0)


def test_dkw_band_is_the_envelope(drawn):
    _, rows = drawn
    for name, legend_name in (("wfns", WFNS), ("s100b", S100B)):
        points = series(rows, legend_name)
        lower = dict(series(rows, f"{name}: dkw band, lower"))
        upper = dict(series(rows, f"{name}: dkw band, upper"))
        assert len(lower) == len(upper) == 501 and min(lower) == 0 and max(lower) == 1
        for x in list(lower)[::20]:
            lo, hi = dkw_by_brute_force(points, x, 41, 72, 0.05)
            assert lower[x] == pytest.approx(lo, abs=1e-12) and upper[x] == pytest.approx(hi, abs=1e-12), (name, x)
    # ln 80 = 4.382027: √(4.382027/82) = 0.231170 and √(4.382027/144) = 0.174444
    assert half_widths(41, 72, 0.05) == pytest.approx((0.231170, 0.174444), abs=1e-6)


def test_bootstrap_band_is_the_librarys(frame):
    _, rows = plots.roc("outcome", "s100b", data=frame, pos_label="Poor", band="bootstrap", resamples=200, seed=3,
                        return_data=True)
    grid = np.linspace(0, 1, 501)
    band = ab.roc_band("outcome", "s100b", data=frame, pos_label="Poor", method="bootstrap", resamples=200, seed=3,
                       specificities=1 - grid)
    assert [y for _, y in series(rows, "s100b: bootstrap band, lower")] == band.lo.tolist()
    assert [y for _, y in series(rows, "s100b: bootstrap band, upper")] == band.hi.tolist()


def test_legend_beside_the_panel_hides_no_curve(drawn):
    figure, _ = drawn
    figure.canvas.draw()
    (ax,) = figure.axes
    panel, box = ax.get_window_extent(), ax.get_legend().get_window_extent()
    assert box.x0 >= panel.x1 and box.y1 <= panel.y1 + 1  # on the right, from the top down
    assert box.x1 <= figure.bbox.x1


def test_overlapping_bands_stay_apart(drawn, frame):
    # each band: a fill of the curve's colour, the lighter the more bands, and two thin edges of that colour,
    # all under the curves
    from matplotlib.colors import to_rgb

    figure, _ = drawn
    (ax,) = figure.axes
    fills = ax.collections
    curves = {line.get_label(): line for line in ax.get_lines() if not line.get_label().startswith("_")}
    assert [fill.get_alpha() for fill in fills] == [0.08, 0.08]
    for fill, name in zip(fills, (WFNS, S100B)):
        colour = to_rgb(curves[name].get_color())
        assert to_rgb(fill.get_facecolor()[0][:3]) == colour
        edges = [line for line in ax.get_lines() if line.get_label().startswith("_") and to_rgb(line.get_color()) == colour]
        assert len(edges) == 2 and all(edge.get_linewidth() < curves[name].get_linewidth() / 2 for edge in edges)
        assert all(edge.zorder < curves[name].zorder and fill.zorder < curves[name].zorder for edge in edges)
    alone = plots.roc("outcome", "wfns", data=frame, pos_label="Poor")
    assert [fill.get_alpha() for fill in alone.axes[0].collections] == [0.16]


def test_no_band():
    # DeLong by hand: placements 1/2, 1 of the positives and 1, 1/2 of the negatives, each of sample
    # variance 1/8, V = 1/8/2 + 1/8/2 = 1/8; 0.75 − 1.959964·√(1/8) = 0.0570, the upper end clipped to 1
    figure = plots.roc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], band=None)
    (ax,) = figure.axes
    assert not ax.collections and legend_texts(ax) == ["scores: AUC 0.75 [0.057, 1] (DeLong 95%)", "chance"]
    assert legend_texts(plots.roc([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], band="none").axes[0]) == legend_texts(ax)


def test_curve_names(frame):
    # a column named in `data`, a named Series, a dict's keys
    assert legend_texts(plots.roc("outcome", "ndka", data=frame, pos_label="Poor", band=None).axes[0])[0].startswith(
        f"ndka: AUC {PROC_AUC['ndka']:.3g}")
    assert legend_texts(plots.roc(frame["outcome"], frame["wfns"], pos_label="Poor", band=None).axes[0])[0].startswith(
        f"wfns: AUC {PROC_AUC['wfns']:.3g}")
    figure = plots.roc(frame["outcome"] == "Poor", {1: frame["s100b"], "two": frame["wfns"]}, band=None)
    assert [text.split(":")[0] for text in legend_texts(figure.axes[0])[:2]] == ["1", "two"]


def test_another_interval_and_level(frame):
    figure, rows = plots.roc("outcome", "s100b", data=frame, pos_label="Poor", method="hoeffding-kl", delta=0.1,
                             band=None, return_data=True)
    row = ab.intervals("outcome", "s100b", data=frame, pos_label="Poor", methods=["hoeffding-kl"], delta=0.1).rows[0]
    assert rows[0]["series"] == f"s100b: AUC 0.731 [{row.lo:.3g}, {row.hi:.3g}] (hoeffding kl 90%)"
    assert figure._suptitle.get_text() == "ROC curve, δ = 0.1"


def test_missing_rows_omitted_once_per_curve():
    import pandas as pd

    frame = pd.read_csv(DATA / "asah_missing.csv")
    with open(DATA / "asah_missing.csv", newline="") as stream:
        records = list(csv.DictReader(stream))
    missing = {"", "NA", "NaN"}
    kept = {name: [r for r in records if r["outcome"] not in missing and r[name] not in missing]
            for name in ("wfns", "s100b")}
    sizes = {name: (sum(r["outcome"] == "Poor" for r in rows), sum(r["outcome"] == "Good" for r in rows))
             for name, rows in kept.items()}
    assert sizes["wfns"] != sizes["s100b"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        figure = plots.roc("outcome", BOTH, data=frame, pos_label="Poor", nan_policy="omit")
    omitted = [str(w.message) for w in caught if issubclass(w.category, ab.RowsOmittedWarning)]
    assert omitted == [f"omitted {len(records) - len(kept[name])} of {len(records)} rows with a missing label or score"
                       for name in ("wfns", "s100b")]
    (ax,) = figure.axes
    assert ax.get_title() == "m positives, n negatives per curve"
    for text, name in zip(legend_texts(ax), ("wfns", "s100b")):
        assert text.startswith(f"{name} (m = {sizes[name][0]}, n = {sizes[name][1]}): AUC")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: plots.roc([0, 1], [0.2, 0.4], band="nope"), "`band` must be one of 'dkw', 'bootstrap', 'kolmogorov', 'berk-jones', 'none'"),
        (lambda: plots.roc([0, 1], [0.2, 0.4], method="chebyshev-min"), "`method` must be one of 'mcdiarmid'"),
        (lambda: plots.roc([0, 1], [0.2, 0.4], delta=0), "`delta` must be in (0, 1), but got 0."),
        (lambda: plots.roc([0, 1], {}), "`scores` must be one to 10 score columns (one curve each), but got 0 columns."),
        (lambda: plots.roc([0, 1], {str(k): [0.2, 0.4] for k in range(11)}), "`scores` must be one to 10"),
        (lambda: plots.roc([0, 1], [0.2], band=None), "`scores`"),
        (lambda: plots.roc([0, 1], [0.2, 0.4], ax="here"), "`ax` must be a matplotlib Axes"),
    ],
)
def test_bad_input_names_the_parameter(call, message):
    with pytest.raises((ValueError, TypeError)) as error:
        call()
    assert message in str(error.value)


def test_the_command_draws_the_same_figure(cli, tmp_path, frame):
    out, data = tmp_path / "roc.png", tmp_path / "roc.csv"
    result = cli("plot", "roc", DATA / "asah_markers.csv", "--score", "wfns", "--score", "s100b", *ASAH,
                 "--band", "bootstrap", "--bootstrap", 100, "--seed", 4, "--method", "newcombe", "--delta", 0.1,
                 "--out", out, "--data", data)
    assert result.exit_code == 0, result.output
    _, rows = plots.roc("outcome", BOTH, data=frame, pos_label="Poor", band="bootstrap", resamples=100, seed=4,
                        method="newcombe", delta=0.1, return_data=True)
    with data.open(newline="") as stream:
        table = list(csv.DictReader(stream))
    assert [(row["panel"], row["series"], float(row["x"]), float(row["y"])) for row in table] == [
        (row["panel"], row["series"], row["x"], row["y"]) for row in rows]
