"""The papers' learning experiments against the papers' claims (Agarwal et al. 2005, §4.5, Figure 4;
Uematsu & Lee 2011, §5.1 and §5.1.3) and the command line's handling of them."""

import math

import numpy as np
import pytest
from click.testing import CliRunner

from aucbound.bounds import uniform_epsilon
from aucbound.cli import main
from aucbound.experiments import bound_shape, loss_scores, rankboost_normal
from aucbound.shatter import Linear


@pytest.fixture(scope="module")
def figure4():
    return bound_shape(trials=10, seed=0)


def test_figure4_bound_below_test_auc_in_every_cell(figure4):
    """Cor 4.5 is a lower bound: at these sizes far below (the paper: 'quantitatively loose')."""
    assert len(figure4.rows) == 16
    for row in figure4.rows:
        assert row.bound_mean < row.test_mean
        assert row.sharp_bound_mean < row.test_mean
        assert row.bound_mean < row.sharp_bound_mean  # the exact face count is the smaller r


def test_figure4_epsilon_is_cor45_with_thm411(figure4):
    """ε recomputed from the formula: sqrt(8(m+n)(16·ln(2e·(2m)(2n)/16) + ln(4/δ))/(mn))."""
    for row in figure4.rows:
        m, n = row.m, row.n
        expected = math.sqrt(8 * (m + n) * (16 * math.log(2 * math.e * 4 * m * n / 16) + math.log(400)) / (m * n))
        assert row.epsilon == pytest.approx(expected, rel=1e-12)
        assert row.epsilon == uniform_epsilon(Linear(16), m, n, 0.01, bound="paper")
        assert row.bound_mean == pytest.approx(row.train_mean - row.epsilon, abs=1e-15)


def _nondecreasing(means, errors, slack=2.0):
    return all(b >= a - slack * math.hypot(ea, eb) for a, b, ea, eb in zip(means, means[1:], errors, errors[1:]))


def test_figure4_test_auc_and_bound_grow_with_m_and_n(figure4):
    """The paper's claim of shape: both grow with m at fixed n and with n at fixed m (within 2 SE)."""
    trials = figure4.trials
    for fixed, along, values in (("n", "m", figure4.ns), ("m", "n", figure4.ms)):
        for value in values:
            cells = sorted((row for row in figure4.rows if getattr(row, fixed) == value), key=lambda r: getattr(r, along))
            assert _nondecreasing([r.test_mean for r in cells], [r.test_se for r in cells])
            assert _nondecreasing([r.bound_mean for r in cells], [r.bound_sd / math.sqrt(trials) for r in cells])
            assert cells[-1].bound_mean > cells[0].bound_mean + 0.5


def test_figure4_cells_do_not_depend_on_the_grid():
    one = bound_shape([40], [20], trials=2, seed=3).row(40, 20)
    other = bound_shape([20, 40], [20, 80], trials=2, seed=3).row(40, 20)
    assert one == other


def test_rankboost_normal_fits_x_on_most_samples():
    """Uematsu & Lee (2011), Figure 3: f̂ ≈ f*(x) = x on [−2, 2] and the training AUC settles
    after round 20 — over ten samples, since one random sample can miss (a stump drawn late
    that moves the AUC by 0.004, a sample whose f̂ flattens early)."""
    runs = [rankboost_normal(seed=seed) for seed in range(10)]
    rms = np.array([run.rms for run in runs])
    steps = np.array([run.largest_step_after for run in runs])
    assert np.median(rms) <= 0.15 and (rms <= 0.15).sum() >= 8
    assert np.median(steps) < 0.002 and (steps < 0.002).sum() >= 7
    for run in runs:
        assert abs(run.train_auc[-1] - run.bayes_auc) < 0.02
        # Φ(√2) = 0.92135039647485743467… (mpmath.ncdf(mpmath.sqrt(2)) at 30 digits), within one ulp
        assert run.bayes_auc == pytest.approx(0.9213503964748574, abs=2.3e-16)


def test_exact_alpha_runs_off_at_the_tails():
    """The exact minimiser of Z_t gives stumps that cut off a few points huge weights: the fit is far worse."""
    assert rankboost_normal(alpha="exact", selection="best").rms > 2 * rankboost_normal().rms


@pytest.fixture(scope="module")
def losses():
    return loss_scores()


def test_losses_exponential_and_logistic_agree_as_thm2_says(losses):
    """Thm 2: f*_exp = r/2, f*_logistic = r; so the logistic score is twice RankBoost's."""
    exponential, logistic, hinge = (losses.row(loss) for loss in ("exponential", "logistic", "hinge"))
    assert exponential.correlation_with_logistic >= 0.98
    assert 1.5 <= losses.logistic_on_exponential <= 2.5
    assert exponential.slope_on_r == pytest.approx(0.5, rel=0.25)
    assert logistic.slope_on_r == pytest.approx(1.0, rel=0.25)
    assert hinge.levels * 20 < min(exponential.levels, logistic.levels)
    assert np.all(losses.scores["hinge"] == np.round(losses.scores["hinge"] - losses.scores["hinge"][0])
                  + losses.scores["hinge"][0])  # integer steps, up to the centring
    for row in losses.rows:
        assert 1 <= row.rounds <= row.rounds_run <= losses.rounds
        assert 0.8 < row.test_auc < losses.bayes_auc + 0.01


RUNNER = CliRunner()


@pytest.mark.parametrize("args, message", [
    (["experiment", "fig4", "--m", "0"], "Invalid value for '--m': entry 1 ('0') is not a size from 1 to 100000."),
    (["experiment", "fig4", "--n", "20,x"], "Invalid value for '--n': entry 2 ('x') is not a size from 1 to 100000."),
    (["experiment", "fig4", "--trials", "0"], "Invalid value for '--trials'"),
    (["experiment", "rankboost-normal", "--size", "1"], "Invalid value for '--size'"),
    (["experiment", "rankboost-normal", "--rounds", "20"], "Invalid value for '--rounds'"),
    (["experiment", "losses", "--rounds", "0"], "Invalid value for '--rounds'"),
    (["experiment", "losses", "--selection", "worst"], "Invalid value for '--selection'"),
])
def test_experiment_bad_input_is_one_line_and_exit_2(args, message):
    result = RUNNER.invoke(main, args)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith("Error: " + message) and result.stderr.count("\n") == 1


def test_experiment_fig4_table():
    result = RUNNER.invoke(main, ["experiment", "fig4", "--m", "20", "--n", "20,80", "--trials", "2"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Agarwal et al. (2005), §4.5, Figure 4")
    row = bound_shape([20], [20, 80], trials=2).row(20, 80)
    assert any(line.split()[:2] == ["20", "80"] and f"{row.test_mean:.4f}" in line for line in lines)


def test_plot_loss_scores_from_saved_csv(tmp_path):
    data, figure = tmp_path / "losses.csv", tmp_path / "losses.png"
    result = RUNNER.invoke(main, ["experiment", "losses", "--size", "60", "--rounds", "10", "--out-csv", str(data)])
    assert result.exit_code == 0, result.output
    result = RUNNER.invoke(main, ["plot", "loss-scores", "--input", str(data), "--out", str(figure)])
    assert result.exit_code == 0, result.output
    assert figure.stat().st_size > 10_000
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,2\n")
    result = RUNNER.invoke(main, ["plot", "loss-scores", "--input", str(bad), "--out", str(figure)])
    assert result.exit_code == 2 and result.stderr.startswith("Error: ") and result.stderr.count("\n") == 1
