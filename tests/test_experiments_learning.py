"""The papers' learning experiments against the papers' claims (Agarwal et al. 2005, §4.5, Figure 4;
Uematsu & Lee 2011, §5.1 and §5.1.3) and the command line's handling of them."""

import math

import numpy as np
import pytest
from click.testing import CliRunner

from aucbound import experiments
from aucbound.bounds import uniform_epsilon
from aucbound.cli import main
from aucbound.experiments import bound_shape, rankboost_normal
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


def test_figure4_the_epsilon_minimising_n_grows_faster_than_m():
    """At fixed m, Cor 4.5's ε with Thm 4.11's r falls with n, then rises: (m + n)/(mn) tends to 1/m
    while ln r(F, 2m, 2n) keeps growing. Its minimiser over whole n, by a scan of the library's ε,
    against the formula written here in mpmath: n = 7.7m, 9.3m, 10.8m, 12.3m for m = 20 … 160."""
    import mpmath

    def formula(m, n):
        return mpmath.sqrt(8 * (m + n) * (16 * mpmath.log(2 * mpmath.e * 4 * m * n / 16) + mpmath.log(400)) / (m * n))

    for m, expected in ((20, 154), (40, 372), (80, 866), (160, 1975)):
        ns = range(expected - 3, expected + 4)
        library = [uniform_epsilon(Linear(16), m, n, 0.01, bound="paper") for n in ns]
        with mpmath.workdps(30):
            exact = [formula(m, n) for n in ns]
        assert ns[int(np.argmin(exact))] == expected and ns[int(np.argmin(library))] == expected
        assert all(a == pytest.approx(float(b), rel=1e-13) for a, b in zip(library, exact))
        assert round(expected / m, 1) == {20: 7.7, 40: 9.3, 80: 10.8, 160: 12.3}[m]


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


def test_the_exact_rule_fits_the_samples_noise():
    """The paper's rule, α = ½·ln(W₊/W₋): on every one of ten samples f̂ misses x on [−2, 2] by more
    than 0.15 (RMS); it ranks the training pairs with less exponential risk than f* itself does
    (with the best stump each round), yet over the two normal classes its risk is higher than the
    bound rule's — it has fitted the sample's noise."""
    for seed in range(10):
        exact, bound = rankboost_normal(alpha="exact", seed=seed), rankboost_normal(seed=seed)
        assert exact.rms > 0.15 and exact.rms > bound.rms
        assert exact.population_risk > bound.population_risk > math.exp(-1.0)
    best = rankboost_normal(alpha="exact", selection="best")
    assert best.model.risk[-1] < best.f_star_risk - 0.05 and best.population_risk > rankboost_normal().population_risk
    assert best.rms > 2 * rankboost_normal().rms


def test_rankboost_normal_risks_against_integration_and_the_pairs():
    """population_risk against scipy's quadrature of e^{∓f̂} under each normal density, piece by
    piece between the thresholds; f_star_risk against the mean of e^{−(x_i − x′_j)} over all pairs."""
    from scipy import integrate, stats

    result = rankboost_normal(size=300, rounds=40, alpha="exact")
    model = result.model
    thresholds = np.sort(np.array(model.thresholds))
    edges = np.concatenate(([-40.0], thresholds, [40.0]))

    def expectation(sign, mean):
        total = 0.0
        for low, high in zip(edges[:-1], edges[1:]):
            level = float(np.dot(model.alphas, np.array(model.thresholds) < 0.5 * (low + high)))
            total += math.exp(sign * level) * integrate.quad(lambda x: stats.norm.pdf(x, mean, 1.0), low, high,
                                                             epsabs=0, epsrel=1e-13)[0]
        return total

    assert result.population_risk == pytest.approx(expectation(-1.0, 1.0) * expectation(1.0, -1.0), rel=1e-9)
    rng = np.random.default_rng(np.random.SeedSequence(0))
    pos, neg = rng.normal(1.0, 1.0, 300), rng.normal(-1.0, 1.0, 300)
    assert result.f_star_risk == pytest.approx(float(np.exp(-(pos[:, None] - neg[None, :])).mean()), rel=1e-12)


@pytest.fixture(scope="module")
def losses():
    return experiments.loss_scores()  # the run the figure and the docs' example share (conftest)


def test_losses_exponential_and_logistic_agree_as_thm2_says(losses):
    """Thm 2: f*_exp = r/2, f*_logistic = r; so the logistic score is twice RankBoost's."""
    exponential, logistic = losses.row("exponential"), losses.row("logistic")
    assert exponential.correlation_with_logistic >= 0.98
    assert 1.5 <= losses.logistic_on_exponential <= 2.5
    assert exponential.slope_on_r == pytest.approx(0.5, rel=0.25)
    assert logistic.slope_on_r == pytest.approx(1.0, rel=0.25)
    for row in losses.rows:
        assert 1 <= row.rounds <= row.rounds_run <= losses.rounds
        assert 0.8 < row.test_auc < losses.bayes_auc + 0.01


def test_losses_the_hinge_learner_that_reaches_its_minimum_ranks_about_as_well(losses):
    """Hinge boosting with the smoothed step keeps lowering its training risk (below 0.19 by its
    chosen round: the least hinge risk of a linear score on these data is 0.18849) and its best
    test AUC is within 0.015 of the logistic loss's — about the 0.0104 of AUC the hinge loss's
    inconsistency costs in the population (docs/optimal.md)."""
    hinge, logistic = losses.row("hinge"), losses.row("logistic")
    assert hinge.rounds > 10 and losses.models["hinge"].risk[-1] < 0.19
    assert logistic.test_auc - 0.015 < hinge.test_auc < logistic.test_auc
    assert hinge.correlation_with_logistic > 0.95


def test_losses_the_exact_hinge_step_stops_early_with_integer_scores():
    """The exact line search (the paper's HingeBoost, with the best stump) on the default training data:
    integer scores (0/1 stumps, integer steps), and a stop long before its 300 rounds, blocked by pairs at the
    kink, at a training hinge risk well above the one the smoothed step reaches on the same data (the
    experiment's hinge learner, run by the shared default experiment)."""
    from aucbound.experiments._loss_scores import _sample
    from aucbound.learn import pairwise_boost, score

    rng = np.random.default_rng(np.random.SeedSequence(0))
    train_pos, train_neg = _sample(rng, 1000, 10)
    test = np.vstack(_sample(rng, 1000, 10))
    model = pairwise_boost(train_pos, train_neg, loss="hinge", rounds=300, step="exact")
    assert model.rounds < 300 and "no descent after round" in model.stopped
    smoothed = experiments.loss_scores().models["hinge"]
    assert smoothed.rounds > model.rounds and model.risk[-1] > min(smoothed.risk) + 0.05
    scores = score(model, test)
    assert np.array_equal(scores, np.round(scores)) and np.unique(scores).shape[0] <= model.rounds + 1


RUNNER = CliRunner()


@pytest.mark.parametrize("args, message", [
    (["experiment", "fig4", "--m", "0"], "Invalid value for '--m': entry 1 ('0') is not a size from 1 to 100000."),
    (["experiment", "fig4", "--n", "20,x"], "Invalid value for '--n': entry 2 ('x') is not a size from 1 to 100000."),
    (["experiment", "fig4", "--trials", "0"], "Invalid value for '--trials'"),
    (["experiment", "rankboost-normal", "--size", "1"], "Invalid value for '--size'"),
    (["experiment", "rankboost-normal", "--rounds", "20"], "Invalid value for '--rounds'"),
    (["experiment", "losses", "--rounds", "0"], "Invalid value for '--rounds'"),
    (["experiment", "losses", "--selection", "worst"], "Invalid value for '--selection'"),
    (["experiment", "losses", "--hinge-step", "grid"], "Invalid value for '--hinge-step'"),
    # by hand: building 2·10^6 points × 10 units = 2·10^7, a round with a random stump 2·10^6 units, at most
    # 1.2·10^9 in all: (1.2·10^9 − 2·10^7)/2·10^6 = 590 rounds for one rule of α, (6·10^8 − 2·10^7)/2·10^6 = 290
    # for both
    (["experiment", "rankboost-normal", "--size", "1000000", "--rounds", "100000", "--alpha", "bound"],
     "--rounds must be at most 590 for 1,000,000 points per class"),
    (["experiment", "rankboost-normal", "--size", "1000000", "--rounds", "100000"],
     "--rounds must be at most 290 for 1,000,000 points per class (2 runs, one per rule of α)"),
    (["experiment", "losses", "--size", "100000", "-p", "100", "--rounds", "1"],
     "--size must be at most 9,899 points per class for p = 100 and one round"),
    (["experiment", "losses", "--size", "1000", "--rounds", "100000"], "--rounds must be at most "),
    (["experiment", "fig4", "--m", "100000", "--n", "100000", "--trials", "1000"], "--trials must be at most 16 "),
])
def test_experiment_bad_input_is_one_line_and_exit_2(args, message):
    """Refused before any work (well within a second), with one line naming the option."""
    import time

    start = time.perf_counter()
    result = RUNNER.invoke(main, args)
    assert time.perf_counter() - start < 2.0
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


def test_experiment_rankboost_normal_shows_both_rules():
    result = RUNNER.invoke(main, ["experiment", "rankboost-normal", "--size", "300", "--rounds", "40"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert "α: bound rule" in lines[2] and "α: exact rule (the paper's)" in lines[2]
    rms = next(line for line in lines if line.startswith("RMS of f̂"))
    bound, exact = (rankboost_normal(size=300, rounds=40, alpha=rule).rms for rule in ("bound", "exact"))
    assert rms.split()[-2:] == [f"{bound:.6g}", f"{exact:.6g}"]


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
