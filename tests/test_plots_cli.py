"""`aucbound plot`: files in each format, the CSV numbers are the library's rows, options
reach the plotting functions, bad input exits 2 (or 1 for an unwritable path) with one line."""

import csv
import subprocess
import sys

import pytest

import aucbound as ab
from aucbound import plots
from aucbound.shatter import Linear

MAGIC = {"png": b"\x89PNG", "pdf": b"%PDF", "svg": b"<?xml"}


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream))


def one_error_line(result, code, message):
    assert result.exit_code == code, result.output
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("Error: ")
    assert message in result.stderr


@pytest.mark.parametrize("fmt", ["png", "pdf", "svg"])
def test_figure_format_from_suffix(cli, tmp_path, fmt):
    out = tmp_path / f"fig2.{fmt}"
    result = cli("plot", "fig2", "--out", out)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{out}\n" and result.stderr == ""
    assert out.read_bytes().startswith(MAGIC[fmt])


def test_data_are_the_rows(cli, tmp_path):
    out, data = tmp_path / "fig1.png", tmp_path / "fig1.csv"
    result = cli("plot", "fig1", "--out", out, "--data", data, "--delta", 0.05, "--rho", "1/3", "--rho", 0.25,
                 "--sizes", 40, "4e3")
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{out}\n{data}\n"
    table = read_csv(data)
    _, rows = plots.fig1(delta=0.05, rhos=["1/3", "1/4"], sizes=(40, 4000), return_data=True)
    assert [(row["panel"], row["series"], int(row["x"]), float(row["y"])) for row in table] == [
        (row["panel"], row["series"], row["x"], row["y"]) for row in rows]
    mcdiarmid = {int(row["x"]): float(row["y"]) for row in table
                 if row["series"] == "McDiarmid (Agarwal et al. 2005, Cor 3.4)" and row["panel"] == "m/(m+n) = 1/3"}
    assert min(mcdiarmid) == 40 and max(mcdiarmid) == 4000
    assert mcdiarmid[4000] == ab.bounds.mcdiarmid_epsilon(1333, 2667, 0.05)  # full precision in the CSV


def test_options_reach_each_plot(cli, tmp_path):
    data = tmp_path / "d.csv"

    def run(*args):
        result = cli("plot", *args, "--out", tmp_path / "f.png", "--data", data)
        assert result.exit_code == 0, result.output
        return read_csv(data)

    table = run("fig2", "--rho-range", 0.2, 0.8, "--epsilon", 0.1)
    assert float(table[0]["x"]) == 0.2 and float(table[-1]["x"]) == 0.8
    assert float(table[-1]["y"]) == ab.bounds.hoeffding_sample_size(0.1, 0.01, 0.8) / ab.bounds.error_rate_sample_size(0.1, 0.01)
    table = run("fig3", "--rho", "1/4", "--max-size", "8e3", "--class", "linear", "--d", 2)
    last = [row for row in table if row["x"] == "8000" and row["series"] == "Agarwal et al. 2005, Cor 4.5"]
    assert float(last[0]["y"]) == pytest.approx(ab.bounds.uniform_epsilon(Linear(2), 2000, 6000, 0.01, bound="paper"))
    table = run("intervals", "--auc", 0.7, "--rho", "1/2", "--sizes", 10, 20, "--method", "mcdiarmid")
    assert {row["series"] for row in table} == {"McDiarmid (Agarwal et al. 2005, Cor 3.4) — lower end",
                                                "McDiarmid (Agarwal et al. 2005, Cor 3.4) — upper end"}
    assert float(table[0]["y"]) == ab.interval(5, 5, 0.05, auc=0.7).lo
    table = run("psi", "--sizes", 2, 3)
    assert {int(row["x"]) for row in table} == {2, 3}
    assert round(10 ** float(table[0]["y"])) == 51  # ψ(2, 2)
    table = run("sample-complexity", "--class", "finite", "--size", 1000, "--rho", "1/4", "--delta", 0.05,
                "--epsilon-range", 0.1, 0.2)
    assert float(table[0]["y"]) == 385360  # Agarwal & Roth, Example 1
    table = run("shatter", "--sizes", 2, 3, "--trials", 1, "--seed", 3, "--class", "line")
    assert {float(row["y"]) for row in table if row["series"].startswith("measured")} == {3.0}  # r(F_lin(1)) = 3


def test_all_writes_every_plot(cli, tmp_path):
    out_dir = tmp_path / "new" / "figures"
    result = cli("plot", "all", "--out-dir", out_dir, "--format", "svg", "--data")
    assert result.exit_code == 0, result.output
    names = [name for name in plots.PLOTS if name != "loss-scores"]  # its experiment alone takes ~20 s
    assert not (out_dir / "loss-scores.svg").exists()
    assert result.stdout.splitlines() == [str(out_dir / f"{name}.{suffix}") for name in names for suffix in ("svg", "csv")]
    for name in names:
        assert (out_dir / f"{name}.svg").read_bytes().startswith(MAGIC["svg"])
        assert read_csv(out_dir / f"{name}.csv")[0].keys() == {"panel", "series", "x", "y"}


def test_help_lists_every_plot(cli):
    result = cli("plot", "--help")
    assert result.exit_code == 0
    commands = [line.split()[0] for line in result.stdout.split("Commands:\n")[1].splitlines()]
    assert commands == [*plots.PLOTS, "all", "monitor", "pr", "roc"]  # monitor, pr and roc draw from a data file
    assert "aucbound plot fig1" in cli("--help").stdout
    # each plot's options show the plotting function's defaults
    assert "[default: 0.05; 0<x<1]" in " ".join(cli("plot", "intervals", "--help").stdout.split())


def test_startup_builds_no_plot_command():
    code = "import sys; from aucbound.cli import main; print('aucbound.plots' in sys.modules)"
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert completed.stdout == "False\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope", "--out", "x.png"], "No such command 'nope'"),
        (["fig1", "--out", "x.jpg"], "Invalid value for '--out': 'x.jpg' has no known figure suffix (.png, .pdf or .svg)."),
        (["fig1"], "Missing option '--out'"),
        (["fig1", "--out", "x.png", "--rho", "2"], "Invalid value for '--rho': must be a number in (0, 1) or a ratio p/q"),
        (["fig1", "--out", "x.png", "--sizes", "100", "10"], "--sizes must be a pair lo < hi ≤ 10^12, but got (100, 10)."),
        (["fig1", "--out", "x.png", "--sizes", "1.5", "10"], "Invalid value for '--sizes': must be a whole number"),
        (["fig1", "--out", "x.png", "--delta", "0"], "Invalid value for '--delta'"),
        (["fig3", "--out", "x.png", "--d", "2"], "--d goes with --class."),
        (["fig3", "--out", "x.png", "--class", "linear"], "--class linear needs --d."),
        (["shatter", "--out", "x.png", "--class", "finite"], "Invalid value for '--class'"),
        (["intervals", "--out", "x.png", "--method", "nope"], "Invalid value for '--method'"),
        (["intervals", "--out", "x.png", "--p1", "0.5"], "--p2 must be given together with --p1"),
        (["all"], "Missing option '--out-dir'"),
        (["all", "--out-dir", ""], "Invalid value for '--out-dir': must name a directory"),
        (["shatter", "--out", "x.png", "--class", "linear", "--d", "1000000000"],
         "--class must be a class of at most 100 features"),  # refused before building 10^9 features
        (["fig2", "--out", "x.png", "--epsilon", "1e-300"],
         "--epsilon must be at least 1e-10 (below, every ratio is its limit already, and the exact sizes, one "
         "per point, pass 10^20 examples), but got 1e-300."),
    ],
)
def test_bad_input_exits_2(cli, tmp_path, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    one_error_line(cli("plot", *args), 2, message)
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_unwritable_paths_exit_1(cli, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    one_error_line(cli("plot", "fig2", "--out", tmp_path / "missing" / "f.png"), 1,
                   f"cannot write {tmp_path / 'missing' / 'f.png'}: No such file or directory.")
    one_error_line(cli("plot", "all", "--out-dir", blocker / "sub"), 1, f"cannot create {blocker / 'sub'}:")
    result = cli("plot", "fig2", "--out", tmp_path / "f.png", "--data", tmp_path / "missing" / "f.csv")
    assert result.exit_code == 1 and result.stdout == ""  # a failed command prints no results
    assert (tmp_path / "f.png").exists()
    assert result.stderr == f"Error: cannot write {tmp_path / 'missing' / 'f.csv'}: No such file or directory.\n"

