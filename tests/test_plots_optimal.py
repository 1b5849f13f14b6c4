"""plots.hinge_steps, plots.step_risk and plots.jump_dynamics (Uematsu & Lee 2011, Thm 2, §5.1.1–5.1.2):
the rows against the paper's numbers and closed forms computed here, the labels, bad input,
and the three commands.

(The checks every plot shares — rows against the drawn lines, nothing clipped, a single
panel's title centred — run on these at their defaults in tests/test_plots.py.)
"""

import csv
import math
from statistics import NormalDist

import pytest

from aucbound import plots

PHI = NormalDist().cdf
SQRT2 = math.sqrt(2.0)

#: Table 1 of the paper (its outer jump of K = 7 corrected: 2.6760, not 2.6756).
TABLE_1 = {
    1: [0.0],
    2: [-0.5564, 0.5564],
    3: [-0.9205, 0.0, 0.9205],
    6: [-2.0887, -1.1613, -0.3755, 0.3755, 1.1613, 2.0887],
    7: [-2.6760, -1.5943, -0.7589, 0.0, 0.7589, 1.5943, 2.6760],
}


def series(rows, prefix, panel=None):
    """{series: [(x, y), …]} of the series whose name starts with `prefix`."""
    found = {}
    for row in rows:
        if row["series"].startswith(prefix) and (panel is None or row["panel"] == panel):
            found.setdefault(row["series"], []).append((row["x"], row["y"]))
    return found


def log_ratio(x, mu):
    """log(g+(x)/g−(x)) for N(μ, 1) against N(−μ, 1), from the densities."""
    return -0.5 * (x - mu) ** 2 + 0.5 * (x + mu) ** 2


@pytest.fixture(scope="module")
def steps():
    return plots.hinge_steps(return_data=True)


@pytest.fixture(scope="module")
def risks():
    return plots.step_risk(Ks=[1, 2, 3, 6, 8, 10], return_data=True)


@pytest.fixture(scope="module")
def jumps():
    return plots.jump_dynamics(return_data=True)


# --- hinge_steps --------------------------------------------------------------------------------


def test_hinge_steps_figure(steps):
    figure, _ = steps
    (ax,) = figure.axes
    title = figure._suptitle.get_text().replace("\n", " ")
    assert "Uematsu & Lee (2011)" in title and "Thm 2" in title and "§5.1.1" in title
    assert ax.get_title() == "X ~ N(1, 1) against X′ ~ N(−1, 1): log(g+/g−) = 2x"
    assert [line.get_label() for line in ax.get_lines()][:3] == [
        f"Hinge loss: optimal {K}-step function" for K in (3, 6, 7)]
    assert ax.get_xlim() == (-4, 4)


def test_step_functions_count_the_jumps_of_table_1(steps):
    _, rows = steps
    curves = series(rows, "Hinge loss")
    assert len(curves) == 3
    for K in (3, 6, 7):
        points = curves[f"Hinge loss: optimal {K}-step function"]
        xs = [x for x, _ in points]
        assert xs[0] == -4 and xs[-1] == 4
        assert [round(x, 4) for x in xs[1:-1]] == TABLE_1[K]  # every jump lies inside (−4, 4)
        for (x, y), (following, _) in zip(points, points[1:]):
            middle = (x + following) / 2
            assert y + K / 2 == sum(a < middle for a in TABLE_1[K])  # an integer count, centred by K/2
        assert points[-1][1] == points[-2][1] == K / 2


def test_optimal_scores_of_thm_2(steps):
    _, rows = steps
    (exponential,) = series(rows, "Exponential").items()
    (logistic,) = series(rows, "Logistic").items()
    assert exponential[0] == "Exponential loss: f* = ½·log(g+/g−) = x (Uematsu & Lee 2011, Thm 2, α = 0.5)"
    assert logistic[0] == "Logistic loss: f* = log(g+/g−) = 2x (Uematsu & Lee 2011, Thm 2, α = 1)"
    for (_, points), alpha in ((exponential, 0.5), (logistic, 1.0)):  # RankBoost ½, LogitBoost 1 (§5.1)
        assert [x for x, _ in points] == [-4, 4]
        for x, y in points:
            assert y == pytest.approx(alpha * log_ratio(x, 1.0), rel=1e-15)


def test_other_separation_lopsided_and_range():
    figure, rows = plots.hinge_steps(Ks=[5, 2], separation=1.0, x_range=(-1, 1.5), return_data=True)
    (ax,) = figure.axes
    mu = 0.5
    lines = [points for name, points in series(rows, "").items() if "f*" in name]
    assert [(b[1] - a[1]) / (b[0] - a[0]) for a, b in lines] == pytest.approx([mu, 2 * mu])  # f* = μx and 2μx
    names = list(series(rows, "Hinge loss"))
    assert names[0] == "Hinge loss: optimal 2-step function"  # sorted by K
    styles = {line.get_label(): line.get_linestyle() for line in ax.get_lines()}
    assert styles[names[0]] == "-"
    (two,) = [points for name, points in series(rows, "Hinge loss: optimal 2").items()]
    left, t = [x for x, _ in two[1:-1]]
    assert left == -t
    assert math.exp(-2 * mu * t) == pytest.approx(PHI(t - mu), rel=1e-12)  # Eq. 8 for K = 2: exp(−2μt) = Φ(t − μ)
    # at separation 1 the minimum of K = 5 is lopsided: the symmetric solution for K = 4 and one jump far out
    assert names[1] == "Hinge loss: optimal 5-step function, lopsided minimum (beyond the paper)"
    assert styles[names[1]] == "--"


# --- step_risk ----------------------------------------------------------------------------------


def test_step_risk_figure(risks):
    figure, _ = risks
    assert [ax.get_title() for ax in figure.axes] == ["Minimal hinge risk E(1 − (f(X) − f(X′)))₊",
                                                      "1 − AUC of the hinge-optimal K-step function"]
    assert "Figure 7" in figure._suptitle.get_text()
    for ax in figure.axes:
        assert ax.get_xlabel() == "Number of steps K"


def test_step_risks_are_the_papers(risks):
    figure, rows = risks
    hinge_panel, auc_panel = (ax.get_title() for ax in figure.axes)
    (hinge,) = series(rows, "Hinge-optimal", hinge_panel).values()
    (auc,) = series(rows, "Hinge-optimal", auc_panel).values()
    (bayes,) = series(rows, "Bayes", auc_panel).values()
    auc, hinge = dict(auc), dict(hinge)
    assert list(auc) == [1, 2, 3, 6, 8, 10]
    assert round(auc[6], 5) == 0.08908 and round(auc[10], 5) == 0.08906  # §5.1.2
    # K = 1, a jump at 0: 1 − AUC = Φ(−1)² + Φ(−1)Φ(1) = Φ(−1); hinge risk 2Φ(−1)
    assert auc[1] == pytest.approx(0.5 * math.erfc(1 / SQRT2), rel=1e-14)
    assert hinge[1] == pytest.approx(math.erfc(1 / SQRT2), rel=1e-14)
    assert [x for x, _ in bayes] == [1, 10]
    assert [y for _, y in bayes] == pytest.approx([0.5 * math.erfc(1.0)] * 2, rel=1e-15)  # Φ(−√2)
    assert round(bayes[0][1], 7) == 0.0786496
    values = list(auc.values())
    assert all(a >= b for a, b in zip(values, values[1:])) and min(values) > bayes[0][1]  # Cor 1, Thm 1
    assert list(hinge.values()) == sorted(hinge.values(), reverse=True)


def test_lopsided_minima_are_marked(risks):
    _, rows = risks
    marked = series(rows, "Lopsided minimum")
    assert {name for name in marked} == {"Lopsided minimum, not the paper's symmetric solution (beyond the paper)"}
    assert sorted({x for points in marked.values() for x, _ in points}) == [8, 10]  # even K ≥ 8 at separation 2
    assert "Lopsided minimum" not in {row["series"][:16] for row in plots.step_risk(Ks=[1, 2], return_data=True)[1]}


# --- jump_dynamics ------------------------------------------------------------------------------


def test_jump_dynamics_figure(jumps):
    figure, _ = jumps
    assert [ax.get_title() for ax in figure.axes] == ["Figure 5: consecutive jumps of Table 1",
                                                      "Figure 6(a): even K = 2m", "Figure 6(b): odd K = 2m + 1"]
    assert "Figures 5–6" in figure._suptitle.get_text()
    assert all(ax.collections for ax in figure.axes)  # the shaded feasible region


def test_table_1_pairs(jumps):
    figure, rows = jumps
    pairs = series(rows, "K =", figure.axes[0].get_title())
    assert list(pairs) == ["K = 2", "K = 3", "K = 6", "K = 7"]
    for K in (2, 3, 6, 7):
        assert [(round(x, 4), round(y, 4)) for x, y in pairs[f"K = {K}"]] == list(zip(TABLE_1[K], TABLE_1[K][1:]))
    (x, y), = pairs["K = 2"]
    assert x == -y  # on y = −x
    (a1, zero), (zero_again, a3) = pairs["K = 3"]
    assert zero == zero_again == 0 and a3 == -a1  # on the x and y axes
    assert a1 == pytest.approx(0.5 * math.log(PHI(-1.0)), rel=1e-12)  # a_1 = ½ log Φ(−1)


def test_progressions_follow_eq_8_to_the_limit(jumps):
    figure, rows = jumps
    mu = 1.0
    for panel, name, end, limit in ((figure.axes[1].get_title(), "aₘ₊₁", 0.5564, 0.37537),
                                    (figure.axes[2].get_title(), "aₘ₊₂", 0.9205, 0.75893)):
        (segment,) = series(rows, "Feasible starts", panel).values()
        assert [(round(x, 4), round(y, 4)) for x, y in segment] == (
            [(0.0, 0.0), (-end, end)] if name == "aₘ₊₁" else [(0.0, 0.0), (0.0, end)])
        (least,) = [points for label, points in series(rows, "Limit", panel).items()]
        assert round(least[0][1], 5) == limit
        paths = series(rows, name, panel)
        assert sum("below" in label for label in paths) == sum("above" in label for label in paths) == 3
        for label, points in [*paths.items(), ("limit", least)]:
            start = points[0][1]
            assert 0 < start < end and points[0][0] == (-start if name == "aₘ₊₁" else 0.0)
            for (x0, y0), (x1, y1) in zip(points, points[1:]):  # Eq. 8: Φ(a_{i+1} − μ) = exp(2μa_i)Φ(−a_{i−1} − μ)
                assert x1 == y0 < y1
                assert PHI(y1 - mu) == pytest.approx(math.exp(2 * mu * y0) * PHI(-x0 - mu), rel=1e-9)
            x, y = points[-1]
            argument = math.exp(2 * mu * y) * PHI(-x - mu)
            if "above" in label:
                assert argument >= 1  # the sequence ends: Φ⁻¹ of a number ≥ 1
            elif "below" in label:
                assert mu + NormalDist().inv_cdf(argument) <= y  # the sequence turns down
            else:
                assert len(points) >= 4


# --- bad input ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: plots.hinge_steps(Ks=[0]), ValueError, "`Ks` must be an integer from 1 to 25, but got 0."),
        (lambda: plots.hinge_steps(Ks=[]), ValueError, "`Ks` must hold one to 9 step counts, but got 0."),
        (lambda: plots.hinge_steps(Ks="3"), TypeError, "`Ks` must be a sequence of step counts K"),
        (lambda: plots.hinge_steps(x_range=(2, 1)), ValueError, "`x_range` must be a pair lo < hi of finite numbers"),
        (lambda: plots.hinge_steps(x_range=5), ValueError, "`x_range` must be a pair (lo, hi)"),
        (lambda: plots.hinge_steps(separation=0), ValueError, "`separation` must be a finite number > 0, but got 0."),
        (lambda: plots.hinge_steps(starts=0), ValueError,
         "`starts` must be an integer from 1 to 666 for 3 values of `Ks` (at most 2,000 direct minimizations in all)"),
        (lambda: plots.step_risk(Ks=[3, 26]), ValueError, "`Ks` must be an integer from 1 to 25, but got 26."),
        (lambda: plots.step_risk(separation=float("nan")), ValueError, "`separation` must be a finite number > 0"),
        (lambda: plots.jump_dynamics(Ks=[1]), ValueError, "`Ks` must be an integer from 2 to 11, but got 1."),
        (lambda: plots.jump_dynamics(separation=-2), ValueError, "`separation` must be a finite number > 0"),
        (lambda: plots.jump_dynamics(separation=20), ValueError, "`separation` must be at most 10 for the recursion of Eq. 8"),
    ],
)
def test_bad_input_names_the_parameter(call, error, message):
    with pytest.raises(error) as raised:
        call()
    assert message in str(raised.value)


# --- the commands -------------------------------------------------------------------------------


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream))


@pytest.mark.parametrize(
    ("name", "args", "function", "keywords"),
    [
        ("hinge-steps", ["--K", 2, "--K", 3, "--separation", 3, "--x-range", -1, 2.5], plots.hinge_steps,
         {"Ks": [2, 3], "separation": 3.0, "x_range": (-1, 2.5)}),
        ("step-risk", ["--K", 1, "--K", 2, "--starts", 2], plots.step_risk, {"Ks": [1, 2], "starts": 2}),
        ("jump-dynamics", ["--K", 2, "--separation", 1.5], plots.jump_dynamics, {"Ks": [2], "separation": 1.5}),
    ],
)
def test_commands_write_the_figure_and_the_rows(cli, tmp_path, name, args, function, keywords):
    out, data = tmp_path / f"{name}.png", tmp_path / f"{name}.csv"
    result = cli("plot", name, "--out", out, "--data", data, *args)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{out}\n{data}\n" and result.stderr == ""
    assert out.read_bytes().startswith(b"\x89PNG")
    _, rows = function(return_data=True, **keywords)
    assert [(row["panel"], row["series"], float(row["x"]), float(row["y"])) for row in read_csv(data)] == [
        (row["panel"], row["series"], row["x"], row["y"]) for row in rows]


def test_help_shows_the_defaults(cli):
    text = " ".join(cli("plot", "step-risk", "--help").stdout.split())
    assert "[default: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15; x>=1]" in text
    assert "aucbound plot step-risk --out" in text
    text = " ".join(cli("plot", "hinge-steps", "--help").stdout.split())
    assert "[default: 3, 6, 7; x>=1]" in text and "[default: -4, 4]" in text and "[default: 2.0; x>0]" in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["hinge-steps", "--out", "x.png", "--K", "0"], "Invalid value for '--K': 0 is not in the range x>=1."),
        (["hinge-steps", "--out", "x.png", "--K", "30"], "--K must be an integer from 1 to 25, but got 30."),
        (["hinge-steps", "--out", "x.png", "--x-range", "2", "1"],
         "--x-range must be a pair lo < hi of finite numbers, but got (2.0, 1.0)."),
        (["step-risk", "--out", "x.png", "--separation", "0"], "Invalid value for '--separation'"),
        (["step-risk", "--out", "x.png", "--separation", "inf"], "--separation must be a finite number > 0"),
        (["jump-dynamics", "--out", "x.png", "--K", "12"], "--K must be an integer from 2 to 11, but got 12."),
        (["jump-dynamics", "--out", "x.png", "--starts", "0"], "Invalid value for '--starts'"),
    ],
)
def test_bad_values_exit_2_with_one_line(cli_error, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    assert message in cli_error("plot", *args)
    assert list(tmp_path.iterdir()) == []
