"""plots.regret and plots.quicksort_calls: their panels, lines and labels, and rows that are the experiments' numbers.

(The checks every plot shares — rows against the drawn lines, nothing clipped, a single
panel's title centred — run on these two in tests/test_plots.py.)
"""

import csv

import numpy as np
import pytest

from aucbound import plots
from aucbound.experiments import quicksort_calls, regret_experiment
from aucbound.plots._figure import log_grid


def series(rows, name, panel=None):
    return [(row["x"], row["y"]) for row in rows if row["series"] == name and (panel is None or row["panel"] == panel)]


@pytest.fixture(scope="module")
def regret_figure():
    return plots.regret(n=10, noises=(0.1, 0.3), trials=4, seed=5, return_data=True)


def test_regret_panels_lines_and_labels(regret_figure):
    figure, rows = regret_figure
    assert len(figure.axes) == 2
    titles = [ax.get_title() for ax in figure.axes]
    assert titles == ["flip: each pair flipped with probability p",
                      "close: a pair flipped with probability p·exp(−|Δs|/0.25)"]
    assert figure._suptitle.get_text().replace("\n", " ") == (
        "AUC regret against classification regret r: n = 10 items, 4 trials at each noise level p = 0.1 / 0.3")
    for ax in figure.axes:
        labels = [line.get_label() for line in ax.get_lines()]
        assert labels == ["Degree, ties against the labels: mean per noise level",
                          "QuickSort, exact expectation: mean per noise level",
                          "y = 2r: Degree's bound (Balcan et al. 2007, Thm 1)",
                          "y = r: QuickSort's bound (Ailon & Mohri 2008, Thm 2)"]
        assert len(ax.collections) == 2  # one trial a point, for each algorithm
        assert ax.get_xlabel().startswith("Classification regret r") and ax.get_ylabel().startswith("AUC regret")
    legend = [text.get_text() for text in figure.legends[0].get_texts()]
    assert len(legend) == 6 and "QuickSort, exact expectation: one trial" in legend


def test_regret_rows_are_the_experiment(regret_figure):
    figure, rows = regret_figure
    for model, panel in zip(("flip", "close"), [ax.get_title() for ax in figure.axes]):
        results = [regret_experiment(10, model=model, noise=noise, trials=4, seed=5 + j)
                   for j, noise in enumerate((0.1, 0.3))]
        assert series(rows, "Degree, ties against the labels: mean per noise level", panel) == [
            (res.row("classification").mean, res.row("degree_worst").mean) for res in results]
        assert series(rows, "QuickSort, exact expectation: mean per noise level", panel) == [
            (res.row("classification").mean, res.row("quicksort").mean) for res in results]
        trials = series(rows, "Degree, ties against the labels: one trial", panel)
        assert trials == list(zip(np.concatenate([res.classification for res in results]).tolist(),
                                  np.concatenate([res.degree_worst for res in results]).tolist()))
        (x0, y0), (x1, y1) = series(rows, "y = 2r: Degree's bound (Balcan et al. 2007, Thm 1)", panel)
        assert (x0, y0) == (0.0, 0.0) and y1 == 2 * x1
        (x0, y0), (x1, y1) = series(rows, "y = r: QuickSort's bound (Ailon & Mohri 2008, Thm 2)", panel)
        assert (x0, y0) == (0.0, 0.0) and y1 == x1 >= max(x for x, _ in trials)


def test_regret_one_model_and_sampled_quicksort():
    figure, rows = plots.regret(n=30, noises=[0.2], models=["close"], trials=2, return_data=True)
    assert len(figure.axes) == 1
    assert {row["series"] for row in rows} >= {"QuickSort, mean of 20 runs: mean per noise level"}


@pytest.fixture(scope="module")
def calls_figure():
    return plots.quicksort_calls(sizes=(5, 2000), points=6, seeds=6, top=20, return_data=True)


def test_quicksort_calls_panel_lines_and_labels(calls_figure):
    figure, rows = calls_figure
    (ax,) = figure.axes
    assert ax.get_xscale() == ax.get_yscale() == "log"
    assert [line.get_label() for line in ax.get_lines()] == [
        "QuickSort: mean calls over 6 runs", "QuickSort: expected 2(n+1)H_n − 4n (§3.1)",
        "Top-20 QuickSort: mean calls over 6 runs", "Top-20 QuickSort: expected (§3.4)",
        "Degree: n(n − 1)/2, every pair once (Alg. 2)", "guide: n ln n", "guide: n²"]
    assert len(ax.collections) == 1  # Degree's counted calls
    assert (ax.get_xlabel(), ax.get_ylabel()) == ("Items n", "Calls of h")
    assert ax.get_xlim() == (5, 2000)


def test_quicksort_calls_rows_are_the_experiment(calls_figure):
    figure, rows = calls_figure
    data = quicksort_calls(log_grid(5, 2000, 6), seeds=6, top=20)
    n = data.sizes.tolist()
    assert series(rows, "QuickSort: mean calls over 6 runs") == list(zip(n, data.quicksort.tolist()))
    assert series(rows, "QuickSort: expected 2(n+1)H_n − 4n (§3.1)") == list(zip(n, data.expected_quicksort.tolist()))
    kept = [k for k, size in enumerate(n) if size >= 20]
    assert series(rows, "Top-20 QuickSort: mean calls over 6 runs") == [(n[k], data.top_k[k]) for k in kept]
    counted = series(rows, "Degree: calls counted through h (n ≤ 1000)")
    assert counted == [(size, size * (size - 1) / 2) for size in n if size <= 1000]
    assert series(rows, "guide: n²") == [(size, float(size) ** 2) for size in n]
    assert series(rows, "guide: n ln n") == [(size, size * np.log(size)) for size in n]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: plots.regret(models=["regular"]), "`models` must be one of 'flip', 'close', but got 'regular'."),
        (lambda: plots.regret(models=[]), "`models` must be one to four models"),
        (lambda: plots.regret(noises=[]), "`noises` must be one to twelve noise levels"),
        (lambda: plots.regret(noises=[1.5]), "`noises` must be in [0, 1], but got 1.5."),
        (lambda: plots.regret(n=1), "`n` must be an integer from 2 to 2000, but got 1."),
        (lambda: plots.quicksort_calls(sizes=(10, 10**6)), "`sizes` must be at most 100,000"),
        (lambda: plots.quicksort_calls(sizes=(1, 10)), "`sizes` must be an integer ≥ 2, but got 1."),
        (lambda: plots.quicksort_calls(top=20, sizes=(2, 10)), "`top` must be an integer from 1 to 10, but got 20."),
    ],
)
def test_bad_input_names_the_parameter(call, message):
    with pytest.raises((ValueError, TypeError)) as caught:
        call()
    assert message in str(caught.value)


def test_plot_commands_write_the_rows(cli, tmp_path):
    out, data = tmp_path / "regret.svg", tmp_path / "regret.csv"
    result = cli("plot", "regret", "--out", out, "--data", data, "--n", 10, "--noise", 0.2, "--model", "flip",
                 "--trials", 2, "--seed", 3)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{out}\n{data}\n"
    _, rows = plots.regret(n=10, noises=[0.2], models=["flip"], trials=2, seed=3, return_data=True)
    with open(data, newline="", encoding="utf-8") as stream:
        table = list(csv.DictReader(stream))
    assert [(row["series"], float(row["x"]), float(row["y"])) for row in table] == [
        (row["series"], row["x"], row["y"]) for row in rows]
    result = cli("plot", "quicksort-calls", "--out", tmp_path / "calls.png", "--sizes", 10, 100, "--seeds", 3,
                 "--top", 5)
    assert result.exit_code == 0, result.output
    for args, message in ((["regret", "--model", "cycle"], "Invalid value for '--model'"),
                          (["regret", "--noise", "2"], "Invalid value for '--noise'"),
                          (["quicksort-calls", "--sizes", 10, "1e6"], "--sizes must be at most 100,000"),
                          (["quicksort-calls", "--top", 500, "--sizes", 10, 100],
                           "--top must be an integer from 1 to 100, but got 500.")):
        result = cli("plot", *args, "--out", tmp_path / "x.png")
        assert result.exit_code == 2 and message in result.stderr, result.output
