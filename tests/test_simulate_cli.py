"""``aucbound coverage`` through click's CliRunner: the exact table of a small seeded run, JSON and
CSV, the grid, the progress bar, and one-line errors (exit 2) for bad input."""

import csv
import io
import json

import pytest

import aucbound as ab
from aucbound.cli import _progress as command

SMALL = ["coverage", "--scenario", "rating", "--m", "10", "--n", "12", "--trials", "500", "--seed", "1",
         "--method", "mcdiarmid", "--method", "hoeffding-kl", "--method", "newcombe", "--method", "delong"]

SMALL_TABLE = """\
Coverage of the AUC intervals: 500 trials, seed 1, delta = 0.05 (confidence 95%)
scenario rating: ratings 1-5, P(X = k) = (0.016 0.110 0.316 0.361 0.196), P(Y = k) = (0.196 0.361 0.316 0.110 0.016)
true AUC = 0.8 (exact finite sum, ties counted ½); m = 10 positives, n = 12 negatives
estimate over the trials: mean 0.7999, SD 0.0909 (sigma_max = sqrt(A(1 - A)/min(m, n)) = 0.1265)

method            coverage    MCSE    mean width    median width  vacuous    degenerate    guarantee          below nominal
--------------  ----------  ------  ------------  --------------  ---------  ------------  -----------------  ---------------
mcdiarmid            1      0             0.7805          0.7732  1.8%       0.0%          distribution-free  no
hoeffding-kl *       1      0             0.5904          0.5989  0.0%       0.0%          distribution-free  no
newcombe             0.968  0.0079        0.3582          0.364   0.0%       0.0%          asymptotic         no
delong               0.894  0.0138        0.3388          0.3475  0.0%       0.0%          asymptotic         yes

coverage: share of trials whose interval contains the true AUC; MCSE = sqrt(coverage (1 - coverage) / trials)
below nominal: coverage + 3 MCSE < 1 - delta; distribution-free methods promise coverage >= 1 - delta
* beyond the paper (Agarwal et al. 2005): see aucbound coverage --help
"""


def test_small_run_exact_table(cli):
    result = cli(*SMALL)
    assert result.exit_code == 0, result.output
    assert result.stdout == SMALL_TABLE and result.stderr == ""


def test_the_table_is_the_library_result(cli):
    result = json.loads(cli(*SMALL, "--format", "json").stdout)
    expected = ab.coverage("rating", 10, 12, 0.05, methods=["mcdiarmid", "hoeffding-kl", "newcombe", "delong"],
                           trials=500, seed=1)
    assert result["results"] == [row.as_dict() for row in expected.rows]
    assert result["parameters"]["true_auc"] == 0.8 and result["parameters"]["estimate_sd"] == expected.estimate_sd


def test_default_methods_and_auc(cli):
    result = json.loads(cli("coverage", "--scenario", "exponential", "--auc", "0.7", "--m", "5", "--n", "9",
                            "--trials", "40", "--format", "json").stdout)
    assert [row["method"] for row in result["results"]] == list(ab.empirical.default_methods())
    assert result["parameters"]["true_auc"] == pytest.approx(0.7, abs=1e-15)


def test_bootstrap_rows_say_how_many_trials(cli):
    result = cli("coverage", "--scenario", "binormal", "--m", "6", "--n", "6", "--trials", "30", "--method",
                 "bootstrap-percentile", "--bootstrap-trials", "12", "--resamples", "40")
    assert result.exit_code == 0, result.output
    assert "bootstrap rows: the first 12 trials only, 40 resamples each\n" in result.stdout


def test_out_writes_every_row(cli, tmp_path):
    path = tmp_path / "run.csv"
    result = cli(*SMALL, "--out", path)
    assert result.exit_code == 0 and f"every row also written to {path}\n" in result.stdout
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert [row["method"] for row in rows] == ["mcdiarmid", "hoeffding-kl", "newcombe", "delong"]
    assert rows[3]["coverage"] == "0.894" and rows[0]["scenario"] == "rating" and rows[0]["m"] == "10"


def test_grid_writes_the_csv_and_prints_the_summary(cli, tmp_path):
    path = tmp_path / "study.csv"
    result = cli("coverage", "--grid", "--trials", "30", "--method", "mcdiarmid", "--method", "delong", "--out", path)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == ("Standard coverage study: 7 scenarios x m, n in {10, 30, 100, 300} x delta in {0.05, 0.01}; "
                        "30 trials per cell, seed 0")
    assert lines[3] == f"every cell and method (448 rows) written to {path}"
    assert lines[5].split() == ["delta", "method", *ab.simulate.STUDY_SCENARIOS, "below", "nominal"]
    assert [line.split()[:2] for line in lines[7:11]] == [["0.05", "mcdiarmid"], ["0.05", "delong"],
                                                          ["0.01", "mcdiarmid"], ["0.01", "delong"]]
    assert lines[7].split()[2:] == ["1"] * 7 + ["0/112"]
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    assert len(rows) == 448 and {row["scenario"] for row in rows} == set(ab.simulate.STUDY_SCENARIOS)


def test_grid_csv_on_stdout(cli):
    result = cli("coverage", "--grid", "--trials", "5", "--method", "hoeffding", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert len(rows) == 224 and rows[0]["method"] == "hoeffding" and rows[0]["trials"] == "5"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--scenario", "gamma", "--m", "5", "--n", "5"], "Invalid value for '--scenario': 'gamma' is not one of"),
        (["--scenario", "binormal", "--auc", "1.5", "--m", "5", "--n", "5"], "Invalid value for '--auc': 1.5 is not in the range 0<x<1."),
        (["--auc", "0", "--m", "5", "--n", "5"], "Invalid value for '--auc': 0.0 is not in the range 0<x<1."),
        (["--m", "5", "--n", "5", "--trials", "0"], "Invalid value for '--trials': 0 is not in the range 1<=x<=10000000."),
        (["--n", "5"], "Missing option '--m' (or use --grid for the standard study)."),
        (["--grid", "--m", "5"], "--grid runs every scenario, size and delta of the standard study; drop --m."),
        (["--m", "5", "--n", "5", "--method", "bootstrap-bca", "--trials", "10", "--bootstrap-trials", "20"],
         "--bootstrap-trials must be at most the number of trials (10), but got 20."),
        (["--m", "5", "--n", "5", "--method", "wald"], "Invalid value for '--method': 'wald' is not one of"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli_error, args, message):
    assert message in cli_error("coverage", *args)


def test_unwritable_out_is_exit_1(cli_error, tmp_path):
    assert "cannot write" in cli_error("coverage", "--m", "3", "--n", "3", "--trials", "5", "--out", tmp_path / "no" / "x.csv", code=1)


class _Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("tty, seconds_per_step, shown", [(True, 1.0, True), (True, 0.01, False), (False, 1.0, False)])
def test_progress_bar_only_for_long_runs_on_a_terminal(monkeypatch, tty, seconds_per_step, shown):
    stderr = _Terminal() if tty else io.StringIO()
    monkeypatch.setattr(command.sys, "stderr", stderr)
    now = [0.0]
    with command.Progress("simulating", clock=lambda: now[0]) as progress:
        for done in range(1, 11):
            now[0] += seconds_per_step
            progress(done, 10)
    assert ("simulating" in stderr.getvalue()) is shown
    assert ("100%" in stderr.getvalue()) is shown
