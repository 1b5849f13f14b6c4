"""aucbound.plots: the plotted numbers are the library's, the figures say what they show.

No pixel baselines: each figure's curve data (the rows, and the lines actually drawn) are
checked against the bound functions at a few points, with the panel count, axis scales,
labels, legend entries and the paper's qualitative claims. Default figures are drawn once
per module.
"""

import inspect
import io
import math
import subprocess
import sys

import numpy as np
import pytest

import aucbound as ab
from aucbound import plots
from aucbound.shatter import Finite, Line, Linear, Polynomial, log_psi

PAPER_SKEWS = ["1/2", "1/10", "1/100", "1/1000"]


@pytest.fixture(scope="module")
def drawn():
    """Every plot at its defaults: name → (figure, rows)."""
    return {name: function(return_data=True) for name, function in plots.PLOTS.items()}


def series(rows, name, panel=None):
    """{x: y} of one curve."""
    return {row["x"]: row["y"] for row in rows if row["series"] == name and (panel is None or row["panel"] == panel)}


def legend_texts(figure):
    legends = list(figure.legends) + [ax.get_legend() for ax in figure.axes if ax.get_legend() is not None]
    return [text.get_text().replace("\n", " ") for legend in legends for text in legend.get_texts()]


def line(ax, label):
    return next(line for line in ax.get_lines() if line.get_label() == label)


MCDIARMID = "McDiarmid (Agarwal et al. 2005, Cor 3.4)"
CHEBYSHEV = "Chebyshev with σ_max (Agarwal et al. 2005, Eq. 11, 14)"
NORMAL = "Normal approximation with σ_max (Agarwal et al. 2005, Eq. 13, 14; asymptotic)"
HOEFFDING = "Hoeffding, two-sample U-statistic (Hoeffding 1963, §5; beyond the paper)"


# --- every figure ---------------------------------------------------------------------------


def test_rows_have_one_shape(drawn):
    for name, (figure, rows) in drawn.items():
        assert rows, name
        assert all(set(row) == {"panel", "series", "x", "y"} for row in rows), name
        assert all(math.isfinite(row["y"]) for row in rows), name
        assert {row["panel"] for row in rows} <= {ax.get_title() for ax in figure.axes}, name


def test_drawn_lines_are_the_rows(drawn):
    # what is on the axes is what the rows say (except the two ends of each interval, one line each)
    for name, (figure, rows) in drawn.items():
        for ax in figure.axes:
            for drawn_line in ax.get_lines():
                label = drawn_line.get_label()
                curve = series(rows, label, ax.get_title())
                if not curve or label.startswith("_"):
                    continue
                xs, ys = drawn_line.get_data()
                kept = np.isfinite(np.asarray(ys, dtype=float))
                assert list(np.asarray(xs)[kept]) == list(curve), (name, label)
                np.testing.assert_allclose(np.asarray(ys, dtype=float)[kept], list(curve.values()), rtol=1e-15)


def assert_nothing_clipped(figure, name):
    """Every panel with its labels, titles, tick labels and legend, and the figure's title and
    legend, lie inside the figure as drawn."""
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    box = figure.bbox
    for artist in [figure._suptitle, *figure.legends, *figure.axes]:
        extent = artist.get_tightbbox(renderer) if hasattr(artist, "get_tightbbox") else artist.get_window_extent()
        assert box.x0 - 0.5 <= extent.x0 and extent.x1 <= box.x1 + 0.5, (name, artist)
        assert box.y0 - 0.5 <= extent.y0 and extent.y1 <= box.y1 + 0.5, (name, artist)


def test_no_text_is_clipped(drawn):
    for name, (figure, _) in drawn.items():
        assert_nothing_clipped(figure, name)


def test_a_single_panel_and_the_figure_title_share_a_centre(drawn):
    for name, (figure, _) in drawn.items():
        if len(figure.axes) == 1:
            figure.canvas.draw()
            renderer = figure.canvas.get_renderer()
            title = figure._suptitle.get_window_extent(renderer)
            panel = figure.axes[0].title.get_window_extent(renderer)
            assert (title.x0 + title.x1) / 2 == pytest.approx((panel.x0 + panel.x1) / 2, abs=2), name


#: Two small score columns for plots.roc: 6 positives, 6 negatives.
ROC_LABELS = [1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
ROC_SCORES = {"model A": [0.9, 0.8, 0.75, 0.6, 0.4, 0.3, 0.5, 0.35, 0.2, 0.15, 0.1, 0.05],
              "a much longer model name B": [0.7, 0.65, 0.5, 0.45, 0.3, 0.2, 0.6, 0.4, 0.35, 0.25, 0.1, 0.0]}


@pytest.mark.parametrize(
    "draw",
    [
        lambda: plots.fig3(rhos=["1/4"], fclass=Linear(2), max_size=20000, points=20),  # one panel, long title
        lambda: plots.fig1(rhos=["1/3", "1/7", "1/9"], sizes=(10, 100), points=5),  # three panels
        lambda: plots.intervals(auc=0.123456, rhos=["1/3"], sizes=(10, 20), points=3, p1=0.1, p2=0.1),
        lambda: plots.shatter(Polynomial(1, 2), sizes=(1, 4), points=3),
        lambda: plots.roc(ROC_LABELS, ROC_SCORES, band="bootstrap", resamples=50),  # legend beside the panel
    ],
)
def test_no_text_is_clipped_elsewhere(draw):
    assert_nothing_clipped(draw(), draw)


# --- drawing into the user's Axes -----------------------------------------------------------

#: Each plot with small parameters, and its number of panels.
SMALL = {
    "fig1": ({"rhos": ["1/2", "1/10"], "sizes": (100, 1000), "points": 5}, 2),
    "fig2": ({"points": 5}, 1),
    "fig3": ({"rhos": ["1/2"], "max_size": 10000, "points": 6}, 1),
    "intervals": ({"rhos": ["1/2", "1/10"], "sizes": (10, 100), "points": 4}, 2),
    "psi": ({"sizes": (1, 10), "points": 3}, 1),
    "sample-complexity": ({"points": 3}, 1),
    "shatter": ({"sizes": (2, 3), "points": 2}, 1),
    "regret": ({"n": 8, "noises": [0.2], "trials": 2}, 2),
    "quicksort-calls": ({"sizes": (10, 100), "points": 2, "seeds": 2}, 1),
    "hinge-steps": ({"Ks": [3]}, 1),
    "step-risk": ({"Ks": [1, 2]}, 2),
    "jump-dynamics": ({"Ks": [2, 3]}, 3),
    "fig4": ({"ms": [20], "ns": [20], "trials": 1}, 6),
    "rankboost-normal": ({"size": 100, "rounds": 30}, 2),
    "loss-scores": ({"size": 50, "rounds": 5}, 15),
}


def user_figure(panels):
    """A figure of the user's with one Axes more than the plot needs, and those Axes."""
    from matplotlib.figure import Figure

    figure = Figure(figsize=(12, 7), layout="constrained")
    return figure, list(figure.subplots(2, math.ceil((panels + 1) / 2)).ravel())


def test_every_plot_takes_ax():
    assert set(SMALL) == set(plots.PLOTS)
    for function in [*plots.PLOTS.values(), plots.roc]:
        assert inspect.signature(function).parameters["ax"].default is None, function


@pytest.mark.parametrize("name", list(SMALL))
def test_drawn_into_the_given_axes(name):
    parameters, panels = SMALL[name]
    figure, axes = user_figure(panels)
    given, spare = axes[:panels], axes[panels:]
    returned, rows = plots.PLOTS[name](**parameters, ax=given if panels > 1 else given[0], return_data=True)
    assert returned is figure and figure.axes == axes  # no Axes added, none removed
    assert all(ax.has_data() for ax in given) and not any(ax.has_data() for ax in spare)
    assert figure._suptitle is None and not figure.legends  # the figure's own title and legends stay the user's
    assert tuple(figure.get_size_inches()) == (12, 7)
    assert {row["panel"] for row in rows} <= {ax.get_title() for ax in given}
    shared = [ax for ax in given if ax.get_legend() is not None]
    if name in ("fig1", "intervals", "regret", "step-risk", "jump-dynamics"):  # a legend for every panel
        assert given[-1] in shared
        assert given[-1].get_legend().get_window_extent().x0 >= given[-1].get_window_extent().x1


def test_roc_drawn_into_a_subfigure_returns_the_whole_figure():
    from matplotlib.figure import Figure

    figure = Figure(layout="constrained")
    left, right = figure.subfigures(1, 2)
    ax = right.subplots()
    assert plots.roc(ROC_LABELS, ROC_SCORES, ax=ax) is figure
    assert ax.has_data() and ax.get_legend() is not None and not left.axes


def test_a_sequence_of_one_axes_for_one_panel():
    figure, axes = user_figure(1)
    assert plots.fig2(points=3, ax=axes[:1]) is figure and axes[0].has_data()


@pytest.mark.parametrize("fmt, magic", [("png", b"\x89PNG"), ("pdf", b"%PDF"), ("svg", b"<?xml")])
def test_saves_in_each_format(fmt, magic):
    buffer = io.BytesIO()
    plots.fig2(points=5).savefig(buffer, format=fmt)
    assert buffer.getvalue().startswith(magic)


def test_without_return_data_a_figure():
    from matplotlib.figure import Figure

    assert isinstance(plots.fig2(points=5), Figure)


def test_import_is_light_and_drawing_needs_no_pyplot():
    code = ("import sys; from aucbound import plots; before = 'matplotlib' in sys.modules; plots.fig2(points=3); "
            "print(before, 'matplotlib.pyplot' in sys.modules)")
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert completed.stdout == "False False\n"


# --- Figure 1 -----------------------------------------------------------------------------


def test_fig1_panels_axes_legend(drawn):
    figure, _ = drawn["fig1"]
    assert [ax.get_title() for ax in figure.axes] == [f"m/(m+n) = {rho}" for rho in PAPER_SKEWS]
    assert "δ = 0.01" in figure._suptitle.get_text()
    for ax in figure.axes:
        assert (ax.get_xscale(), ax.get_yscale()) == ("log", "log")
        assert ax.get_xlabel() == "Test-set size N = m + n (examples)"
        assert ax.get_ylabel() == "Half-width ε of the 1 − δ interval"
        assert line(ax, HOEFFDING).get_linestyle() == "--"
        assert line(ax, MCDIARMID).get_linestyle() == line(ax, CHEBYSHEV).get_linestyle() == "-"
        assert line(ax, NORMAL).get_linestyle() == ":"
    assert legend_texts(figure) == [MCDIARMID, CHEBYSHEV, NORMAL, HOEFFDING]


@pytest.mark.parametrize("rho", PAPER_SKEWS)
def test_fig1_values_are_the_bounds(drawn, rho):
    _, rows = drawn["fig1"]
    panel = f"m/(m+n) = {rho}"
    curves = {name: series(rows, name, panel) for name in (MCDIARMID, CHEBYSHEV, NORMAL, HOEFFDING)}
    sizes = sorted(curves[MCDIARMID])
    for N in (sizes[0], sizes[len(sizes) // 2], sizes[-1]):
        m, n = ab.bounds.split_sample(N, float(eval(rho)))
        sigma = 0.5 / math.sqrt(min(m, n))  # σ_max, Eq. 14, by hand
        assert curves[MCDIARMID][N] == pytest.approx(math.sqrt((m + n) * math.log(200) / (2 * m * n)), rel=1e-12)
        assert curves[CHEBYSHEV][N] == pytest.approx(sigma / 0.1, rel=1e-12)
        assert curves[NORMAL][N] == pytest.approx(sigma * 2.5758293035489, rel=1e-12)
        assert curves[HOEFFDING][N] == pytest.approx(ab.bounds.hoeffding_epsilon(m, n, 0.01), rel=1e-15)
    assert sizes[0] == max(100, round(1 / eval(rho))) and sizes[-1] == 10**7


def test_fig1_mcdiarmid_below_chebyshev_everywhere(drawn):
    # the paper (§3.1): McDiarmid's bound is tighter than Chebyshev's, at every N and skew
    _, rows = drawn["fig1"]
    for panel in {row["panel"] for row in rows}:
        mcdiarmid, chebyshev = series(rows, MCDIARMID, panel), series(rows, CHEBYSHEV, panel)
        assert mcdiarmid.keys() == chebyshev.keys()
        assert all(mcdiarmid[N] < chebyshev[N] for N in mcdiarmid), panel
        # and the normal approximation below McDiarmid, Hoeffding never above it
        assert all(series(rows, NORMAL, panel)[N] < mcdiarmid[N] for N in mcdiarmid)
        assert all(series(rows, HOEFFDING, panel)[N] <= mcdiarmid[N] for N in mcdiarmid)


def test_fig1_options():
    figure, rows = plots.fig1(delta=0.05, rhos=["1/3"], sizes=(30, 300), points=5, return_data=True)
    assert len(figure.axes) == 1 and figure.axes[0].get_title() == "m/(m+n) = 1/3"
    assert "δ = 0.05" in figure._suptitle.get_text()
    assert series(rows, MCDIARMID)[300] == pytest.approx(ab.bounds.mcdiarmid_epsilon(100, 200, 0.05), rel=1e-15)


# --- Figure 2 -----------------------------------------------------------------------------


def test_fig2_is_the_ratio(drawn):
    figure, rows = drawn["fig2"]
    (ax,) = figure.axes
    assert ax.get_yscale() == "log" and ax.get_xscale() == "linear"
    assert ax.get_xlabel() == "Positive skew ρ = m/(m+n)"
    assert "N_{AUC}" in ax.get_ylabel() and ax.get_title() == "δ = 0.01, ε = 0.05"
    paper = series(rows, "McDiarmid: 1/(ρ(1−ρ)) at any ε, δ (Agarwal et al. 2005, Cor 3.5)")
    hoeffding = series(rows, HOEFFDING)
    assert legend_texts(figure) == ["McDiarmid: 1/(ρ(1−ρ)) at any ε, δ (Agarwal et al. 2005, Cor 3.5)", HOEFFDING]
    assert min(paper) == pytest.approx(0.01) and max(paper) == pytest.approx(0.99)
    for rho in list(paper)[::40]:
        assert paper[rho] == pytest.approx(1 / (rho * (1 - rho)), rel=1e-14)
        assert hoeffding[rho] == ab.bounds.hoeffding_sample_size(0.05, 0.01, rho) / ab.bounds.error_rate_sample_size(0.05, 0.01)
    middle = min(paper, key=lambda rho: abs(rho - 0.5))
    assert paper[middle] == pytest.approx(4.0) and hoeffding[middle] == pytest.approx(2.0, rel=1e-3)


# --- Figure 3 -----------------------------------------------------------------------------

OURS, FREUND = "Agarwal et al. 2005, Cor 4.5", "Freund et al. 2003, Thm 3 (Agarwal et al. 2005, Thm 4.14)"


def test_fig3_panels_axes_ranges(drawn):
    figure, _ = drawn["fig3"]
    assert [ax.get_title() for ax in figure.axes] == [f"m/(m+n) = {rho}" for rho in PAPER_SKEWS]
    assert "δ = 0.01" in figure._suptitle.get_text() and "line" in figure._suptitle.get_text()
    # the paper's ranges: ×10^4 up to 10 for ρ = 1/2 and 1/10, then 10^6 and 10^7
    assert [ax.get_xlim() for ax in figure.axes] == [(0, 10**5), (0, 10**5), (0, 10**6), (0, 10**7)]
    for ax in figure.axes:
        assert (ax.get_xscale(), ax.get_yscale()) == ("linear", "linear")
        assert ax.get_ylim() == (0, 1)
        assert ax.get_xlabel() == "Training-set size M = m + n (examples)"
        assert ax.get_ylabel().startswith("Confidence interval size ε")
        assert [text.get_text().replace("\n", " ") for text in ax.get_legend().get_texts()] == [OURS, FREUND]


@pytest.mark.parametrize("rho", PAPER_SKEWS)
def test_fig3_values_are_the_line_bounds(drawn, rho):
    # independently of the class object: ln r(F_lin(1), 2m, 2n) = ln 3, s(F̂_lin(1), N) = 4N + 1
    _, rows = drawn["fig3"]
    panel = f"m/(m+n) = {rho}"
    ours, freund = series(rows, OURS, panel), series(rows, FREUND, panel)
    q = int(rho.split("/")[1])
    sizes = sorted(ours)
    assert all(M % q == 0 for M in sizes)
    for M in (sizes[0], sizes[len(sizes) // 3], sizes[-1]):
        m, n = M // q, M - M // q
        cor_4_5 = math.sqrt(8 * (m + n) * (math.log(3) + math.log(4 / 0.01)) / (m * n))
        assert ours[M] == pytest.approx(cor_4_5, rel=1e-13)
        thm_4_14 = sum(2 * math.sqrt((math.log(8 * k + 1) + math.log(12 / 0.01)) / k) for k in (m, n))
        assert freund[M] == pytest.approx(thm_4_14, rel=1e-13)


def test_fig3_ours_below_freund_where_meaningful(drawn):
    # the paper's claim: wherever both bounds are below 0.5, Cor 4.5 is the tighter
    _, rows = drawn["fig3"]
    for panel in {row["panel"] for row in rows}:
        ours, freund = series(rows, OURS, panel), series(rows, FREUND, panel)
        meaningful = [M for M in ours if ours[M] < 0.5 and freund[M] < 0.5]
        assert len(meaningful) > 50, panel
        assert all(ours[M] < freund[M] for M in meaningful), panel


def test_fig3_marks_where_each_bound_reaches_half(drawn):
    _, rows = drawn["fig3"]
    ours = [row for row in rows if row["series"] == f"{OURS} reaches ε = 0.5"]
    # the smallest M whose class sizes m = ρM rounded and M − m bring Cor 4.5 to 0.5
    assert [row["x"] for row in ours] == [908, 2525, 22950, 227500]
    for row, rho in zip(ours, ("1/2", "1/10", "1/100", "1/1000")):
        before = ab.bounds.split_sample(row["x"] - 1, rho)
        assert row["y"] <= 0.5 < ab.bounds.uniform_epsilon(Line(), *before, 0.01)


def test_fig3_other_class_and_range():
    figure, rows = plots.fig3(rhos=["1/4"], fclass=Linear(2), max_size=4000, points=6, delta=0.05, return_data=True)
    assert figure.axes[0].get_xlim() == (0, 4000)
    M = max(series(rows, OURS))
    paper = ab.bounds.uniform_epsilon(Linear(2), 1000, 3000, 0.05, bound="paper")  # Thm 4.11's r, as in the paper
    assert M == 4000 and series(rows, OURS)[M] == pytest.approx(paper)
    sharp = series(rows, "Agarwal et al. 2005, Cor 4.5 with the class's sharpest bound on r (beyond the paper)")
    assert sharp[M] == pytest.approx(ab.bounds.uniform_epsilon(Linear(2), 1000, 3000, 0.05)) and sharp[M] < paper


# --- intervals ------------------------------------------------------------------------------


def test_intervals_are_the_library_intervals(drawn):
    figure, rows = drawn["intervals"]
    assert len(figure.axes) == 2 and "Â = 0.9" in figure._suptitle.get_text() and "δ = 0.05" in figure._suptitle.get_text()
    keys = [key for key, spec in ab.METHODS.items()
            if spec.guarantee != "best-case" and set(spec.needs) <= {"auc"}]
    labels = {key: plots._figure.method_label(key) for key in keys}
    assert legend_texts(figure) == list(labels.values()) + ["estimate Â = 0.9"]
    for panel, rho in (("m/(m+n) = 1/2", 0.5), ("m/(m+n) = 1/10", 0.1)):
        for key, label in labels.items():
            lower, upper = series(rows, f"{label} — lower end", panel), series(rows, f"{label} — upper end", panel)
            for N in list(lower)[::25]:
                m, n = ab.bounds.split_sample(N, rho)
                assert (lower[N], upper[N]) == ab.interval(m, n, 0.05, method=key, auc=0.9).interval
                assert 0 <= lower[N] <= 0.9 <= upper[N] <= 1
    ax = figure.axes[0]
    styles = {key: line(ax, label).get_linestyle() for key, label in labels.items()}
    assert styles == {"mcdiarmid": "-", "chebyshev-max": "-", "hoeffding": "--", "hoeffding-kl": "--",
                      "normal-max": ":", "hanley-mcneil": ":", "newcombe": ":"}


def test_intervals_axis_is_linear_below_the_estimate_and_in_decades_of_1_minus_auc_above(drawn):
    figure, rows = drawn["intervals"]
    figure.canvas.draw()
    for ax in figure.axes:
        assert ax.get_ylim() == (0.0, 0.9999)  # lower ends clipped to 0 at ρ = 1/10; three decades above 0.9
        assert "log scale of 1 − AUC" in ax.get_ylabel()

        def height(y):
            return ax.transData.transform((100, y))[1]

        tenth = (height(0.9) - height(0.0)) / 9  # linear below Â: every tenth as tall
        assert [height(k / 10) - height(0.0) for k in range(10)] == pytest.approx([k * tenth for k in range(10)])
        decade = (height(0.9) - height(0.0)) / 3  # above Â: each decade of 1 − AUC a third of the linear half
        assert [height(y) - height(0.9) for y in (0.99, 0.999, 0.9999)] == pytest.approx([decade, 2 * decade, 3 * decade])
    # near N = 100, ρ = 1/2 the upper ends below 1 lie at least twice as far apart as the old linear axis
    # (−0.02 to 1.02) over the same height put them, the lower ends at least half as far
    ax = figure.axes[0]
    box = ax.get_window_extent()
    N = min({row["x"] for row in rows}, key=lambda x: abs(x - 100))
    for end, factor in (("upper", 2), ("lower", 0.5)):
        ys = [row["y"] for row in rows if row["panel"] == "m/(m+n) = 1/2" and row["x"] == N and row["y"] < 1
              and row["series"].endswith(f"{end} end")]
        spread = ax.transData.transform((N, max(ys)))[1] - ax.transData.transform((N, min(ys)))[1]
        assert spread >= factor * (max(ys) - min(ys)) * box.height / 1.04, end


def test_intervals_axis_at_an_estimate_of_0_or_1_is_linear():
    for auc in (0, 1):
        figure = plots.intervals(auc=auc, rhos=["1/2"], sizes=(10, 100), points=3)
        assert figure.axes[0].get_yscale() == "linear" and figure.axes[0].get_ylim() == (-0.02, 1.02)


def test_intervals_with_lehmann_inputs_and_chosen_methods():
    _, rows = plots.intervals(auc=0.8, p1=0.7, p2=0.7, rhos=["1/2"], sizes=(50, 60), points=2, return_data=True)
    label = plots._figure.method_label("normal-lehmann")
    assert series(rows, f"{label} — lower end")[50] == ab.interval(25, 25, 0.05, method="normal-lehmann", auc=0.8,
                                                                   p1=0.7, p2=0.7).lo
    _, rows = plots.intervals(methods=["chebyshev-min"], rhos=["1/2"], sizes=(50, 60), points=2, return_data=True)
    assert {row["series"] for row in rows} == {"Chebyshev with σ_min (Agarwal et al. 2005, Eq. 11, 15; best-case) — lower end",
                                               "Chebyshev with σ_min (Agarwal et al. 2005, Eq. 11, 15; best-case) — upper end"}


# --- psi, sample complexity, shatter --------------------------------------------------------


def test_psi_curves(drawn):
    figure, rows = drawn["psi"]
    (ax,) = figure.axes
    assert (ax.get_xscale(), ax.get_yscale()) == ("log", "log")
    assert ax.get_ylabel().startswith("log₁₀ of the count")
    names = [text for text in legend_texts(figure)]
    assert names[0] == "ψ(m, n), counted exactly (beyond the paper)" and len(names) == 4
    curves = [series(rows, name) for name in names]
    psi_curve, every, upper, lower = curves
    assert psi_curve[1] == pytest.approx(math.log10(3)) and min(psi_curve) == 1 and max(psi_curve) == 1000
    for m in list(psi_curve)[::8]:
        assert psi_curve[m] == pytest.approx(log_psi(m, m) / math.log(10), rel=1e-14)
        assert every[m] == pytest.approx(m * m * math.log10(3), rel=1e-14)
        assert upper[m] == pytest.approx((math.lgamma(2 * m + 1) + (2 * m - 1) * math.log(2)) / math.log(10), rel=1e-14)
        assert lower[m] <= psi_curve[m] * (1 + 1e-12) and psi_curve[m] <= min(upper[m], every[m]) * (1 + 1e-12)


def test_sample_complexity_curves(drawn):
    figure, rows = drawn["sample-complexity"]
    (ax,) = figure.axes
    assert (ax.get_xscale(), ax.get_yscale()) == ("log", "log")
    assert "linear" in figure._suptitle.get_text() and ax.get_title() == "δ = 0.01, ρ = 1/2"
    thm1, exact, lower = (series(rows, name) for name in legend_texts(figure))
    assert "beyond the paper" in legend_texts(figure)[1] and "rank dimension 2" in legend_texts(figure)[2]
    for epsilon in list(thm1)[::6]:
        assert thm1[epsilon] == ab.eem_sample_size(Linear(2), epsilon, 0.01, "1/2").M
        assert exact[epsilon] == ab.eem_exact_sample_size(Linear(2), epsilon, 0.01, "1/2").M
        assert lower[epsilon] == ab.sample_complexity_lower_bound(2, epsilon, 0.01, 0.5).value
        assert lower[epsilon] < 1 < exact[epsilon] <= thm1[epsilon]


def test_sample_complexity_of_a_finite_class_has_no_lower_bound_curve():
    figure, rows = plots.sample_complexity(Finite(1000), points=3, return_data=True)
    assert {row["series"] for row in rows} == {"Agarwal & Roth 2005, Thm 1: EEM upper bound",
                                                "Agarwal & Roth 2005, proof of Thm 1, unrelaxed (beyond the paper)"}


def test_shatter_measures_4mn_plus_1(drawn):
    figure, rows = drawn["shatter"]
    (ax,) = figure.axes
    assert (ax.get_xscale(), ax.get_yscale()) == ("log", "log")
    names = legend_texts(figure)
    measured = series(rows, names[0])
    theorem = series(rows, "Agarwal et al. 2005, Thm 4.11: (2emn/2)^2")
    assert names[0] == "measured r on random points (exact count)" and "Agarwal et al. 2005, Thm 4.11: (2emn/2)^2" in names
    assert min(measured) == 1 and max(measured) == 30
    for m, count in measured.items():
        assert count == (3 if m == 1 else 4 * m * m + 1)  # linear functions on R², points in general position
        if m * m >= 2:
            assert count < theorem[m] == pytest.approx((math.e * m * m) ** 2, rel=1e-12)


# --- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: plots.fig1(delta=1.5), "`delta` must be in (0, 1), but got 1.5."),
        (lambda: plots.fig1(rhos=["1/2", 2]), "`rhos` must be a number in (0, 1), or a ratio p/q of integers in (0, 1)"),
        (lambda: plots.fig1(sizes=(1000, 100)), "`sizes` must be a pair lo < hi"),
        (lambda: plots.fig1(rhos=["1/1000"], sizes=(10, 500)), "`sizes` must be a range reaching beyond N = 1/ρ"),
        (lambda: plots.fig2(rho_range=(0.5, 0.2)), "`rho_range` must be a pair lo < hi in (0, 1)"),
        (lambda: plots.fig3(max_size=1), "`max_size` must be an integer ≥ 2"),
        (lambda: plots.fig3(rhos=["1/1000"], max_size=500), "`max_size` must be at least 1000"),
        (lambda: plots.intervals(methods=["nope"]), "`methods` must be one of 'mcdiarmid'"),
        (lambda: plots.intervals(auc=None), "`auc` must be a number in [0, 1]"),
        (lambda: plots.psi(sizes=(1, 10**6)), "`sizes` must be at most 5,000"),
        (lambda: plots.shatter(Finite(3)), "`fclass` must be a class of concrete functions"),
        (lambda: plots.sample_complexity("linear"), "`fclass` must be a function class"),
        (lambda: plots.fig2(ax="left"),
         "`ax` must be a matplotlib Axes, or a sequence of Axes (one per panel), but got 'left'."),
        (lambda: plots.fig1(ax=user_figure(2)[1][:2]), "`ax` must be a sequence of 4 Axes, one per panel, but got 2 Axes."),
        (lambda: plots.psi(ax=user_figure(2)[1][:2]), "`ax` must be one Axes, but got 2 Axes."),
        (lambda: plots.step_risk(ax=user_figure(1)[1][:1] * 2), "`ax` must be distinct Axes, one per panel"),
        (lambda: plots.fig4(ax=user_figure(2)[1][:2]), "`ax` must be a sequence of 6 Axes"),  # before the experiment
        (lambda: plots.loss_scores_figure(ax=[None]), "`ax` must be a matplotlib Axes"),  # before the experiment
        (lambda: plots.step_risk(ax=[user_figure(1)[1][0], user_figure(1)[1][0]]), "`ax` must be Axes of one figure"),
    ],
)
def test_bad_input_names_the_parameter(call, message):
    with pytest.raises((ValueError, TypeError)) as error:
        call()
    assert message in str(error.value)
