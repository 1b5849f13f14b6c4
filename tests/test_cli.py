"""The `interval` and `sample-size` commands: exact output, formats, and bad input."""

import csv
import io
import json
import subprocess
import sys

import pytest

import aucbound as ab

QUICK_START = """\
AUC confidence intervals: m = 100 positives, n = 50 negatives, delta = 0.05 (confidence 95%)

method           half-width  guarantee          source
-------------  ------------  -----------------  -------------------------------
mcdiarmid          0.23523   distribution-free  Agarwal et al. 2005, Cor 3.4
hoeffding *        0.192065  distribution-free  Hoeffding 1963, §5
chebyshev-max      0.316228  distribution-free  Agarwal et al. 2005, Eq. 11, 14
normal-max         0.13859   asymptotic         Agarwal et al. 2005, Eq. 13, 14

* beyond the paper (Agarwal et al. 2005): see aucbound interval --help
not shown: hoeffding-kl, hanley-mcneil, newcombe (need --auc)
not shown: bernstein, chebyshev-lehmann, normal-lehmann (need --auc, --p1, --p2)
not shown: delong, delong-logit (need --auc, --variance)
not shown: chebyshev-min, normal-min (best-case widths, not confidence intervals: --all or --method shows them)
"""


class TestInterval:
    def test_quick_start_table(self, cli):
        result = cli("interval", "--m", 100, "--n", 50, "--delta", 0.05)
        assert result.exit_code == 0, result.output
        assert result.stdout == QUICK_START
        assert result.stderr == ""

    def test_table_values_are_the_library_values(self, cli):
        # McDiarmid sqrt((m+n) ln(2/δ) / (2mn)) = sqrt(150·ln 40 / 10000) = 0.235230 by hand
        assert "0.23523 " in cli("interval", "--m", 100, "--n", 50).stdout

    def test_with_estimate_shows_clipped_intervals(self, cli):
        result = cli("interval", "--m", 100, "--n", 50, "--auc", 0.83, "--method", "mcdiarmid", "--method", "hoeffding-kl")
        assert result.exit_code == 0
        lines = result.stdout.splitlines()
        assert lines[1] == "estimate Â = 0.83"
        mcdiarmid = next(line for line in lines if line.startswith("mcdiarmid"))
        assert "[0.59477, 1]" in mcdiarmid  # 0.83 − 0.23523, and 0.83 + 0.23523 clipped to 1
        kl = ab.interval(100, 50, 0.05, method="hoeffding-kl", auc=0.83)
        assert f"[{kl.lo:.6g}, {kl.hi:.6g}]" in next(line for line in lines if line.startswith("hoeffding-kl"))
        assert "not shown" not in result.stdout  # methods were chosen explicitly

    def test_a_single_point_is_labelled_degenerate(self, cli):
        # Hanley & McNeil's variance at A = 1: Q1 = A/(2 − A) = 1, Q2 = 2A²/(1 + A) = 1, so every term is 0
        result = cli("interval", "--m", 100, "--n", 50, "--auc", 1)
        row = next(line for line in result.stdout.splitlines() if line.startswith("hanley-mcneil"))
        assert row.split()[2:5] == ["[1,", "1]", "degenerate"]
        assert "degenerate: a variance estimate of zero" in result.stdout
        mcdiarmid = next(line for line in result.stdout.splitlines() if line.startswith("mcdiarmid"))
        assert "distribution-free" in mcdiarmid and "degenerate" not in mcdiarmid

    def test_method_narrows_the_table(self, cli):
        result = cli("interval", "--m", 20, "--n", 30, "--method", "normal-max", "--format", "json")
        assert [row["method"] for row in json.loads(result.stdout)["results"]] == ["normal-max"]

    def test_json_carries_every_field(self, cli):
        result = cli("interval", "--m", 51, "--n", 58, "--delta", 0.05, "--auc", 0.7, "--format", "json")
        document = json.loads(result.stdout)
        assert document["parameters"] == {"m": 51, "n": 58, "delta": 0.05, "auc": 0.7, "p1": None, "p2": None,
                                          "variance": None, "class_size": None, "log_class_size": None}
        rows = {row["method"]: row for row in document["results"]}
        assert rows["mcdiarmid"]["epsilon"] == pytest.approx(0.260703, abs=1e-6)  # by hand
        assert rows["hoeffding"]["epsilon"] == pytest.approx(0.190172, abs=1e-6)
        assert rows["mcdiarmid"] == ab.interval(51, 58, 0.05, auc=0.7).as_dict()

    def test_csv_rows_match_json(self, cli):
        rows = list(csv.DictReader(io.StringIO(cli("interval", "--m", 7, "--n", 9, "--format", "csv").stdout)))
        # every row of the library's table but the best-case ones, which --all adds
        expected = [row for row in ab.interval_table(7, 9, 0.05) if ab.METHODS[row.method].guarantee != "best-case"]
        assert [row["method"] for row in rows] == [result.method for result in expected]
        assert [float(row["epsilon"]) for row in rows] == [result.epsilon for result in expected]

    def test_vacuous_is_said_not_printed_as_an_interval(self, cli):
        result = cli("interval", "--m", 3, "--n", 4, "--auc", 0.9, "--method", "mcdiarmid")
        row = next(line for line in result.stdout.splitlines() if line.startswith("mcdiarmid"))
        assert row.split()[2:4] == ["vacuous", "vacuous"]

    def test_class_size_is_announced_and_applied(self, cli):
        result = cli("interval", "--m", 100, "--n", 50, "--class-size", 1000, "--method", "mcdiarmid")
        assert "finite class of scorers, K = 1000: union bound (Thm 3.8, Cor 3.9 / 3.10), every method at delta/K" in result.stdout
        epsilon = ab.bounds.finite_class_epsilon(100, 50, 0.05, class_size=1000)
        assert f"{epsilon:.6g}" in result.stdout

    def test_log_class_size_equals_class_size(self, cli):
        by_size = json.loads(cli("interval", "--m", 40, "--n", 60, "--class-size", 20, "--format", "json").stdout)
        by_log = json.loads(cli("interval", "--m", 40, "--n", 60, "--log-class-size", repr(__import__("math").log(20)),
                                "--format", "json").stdout)
        assert [row["epsilon"] for row in by_size["results"]] == pytest.approx(
            [row["epsilon"] for row in by_log["results"]], rel=1e-14)

    def test_latex_table_for_papers(self, cli):
        out = cli("interval", "--m", 100, "--n", 50, "--tablefmt", "latex_booktabs", "--method", "mcdiarmid").stdout
        assert out.startswith("% AUC confidence intervals")
        assert "\\toprule" in out and "mcdiarmid" in out


class TestSampleSize:
    def test_figure_2_setting(self, cli):
        result = cli("sample-size", "--epsilon", 0.05, "--delta", 0.01, "--rho", 0.1)
        assert result.exit_code == 0
        lines = result.stdout.splitlines()
        assert lines[0] == ("Test-set sizes for half-width epsilon = 0.05, delta = 0.01 (confidence 99%), "
                            "positive skew rho = 0.1")
        # Eq. 16: ln(2/δ)/(2ε²) = ln 200 / 0.005 = 1059.66 → 1060
        assert lines[1] == "error rate (Hoeffding, Eq. 16): N_err = 1060; the paper's ratio 1/(rho(1-rho)) = 11.1111 (Figure 2)"
        rows = {line.split()[0]: line.replace(" *", "").split() for line in lines[4:8]}
        assert rows["mcdiarmid"][1:4] == ["11775", "1178", "10597"]
        assert rows["hoeffding"][1:4] == ["10595", "1060", "9535"]

    def test_sizes_are_the_library_sizes(self, cli):
        rows = json.loads(cli("sample-size", "--epsilon", 0.1, "--delta", 0.05, "--rho", 0.3, "--format", "json").stdout)
        for row in rows["results"]:
            expected = ab.sample_size(0.1, 0.05, 0.3, method=row["method"])
            assert (row["N"], row["m"], row["n"]) == (expected.N, expected.m, expected.n)

    def test_class_size(self, cli):
        result = cli("sample-size", "--epsilon", 0.1, "--class-size", 100, "--method", "mcdiarmid", "--format", "json")
        row = json.loads(result.stdout)["results"][0]
        assert row["N"] == ab.sample_size(0.1, 0.05, 0.5, method="mcdiarmid", class_size=100).N
        # Cor 3.10 by hand: (ln 100 + ln 40) / (2 · ¼ · 0.01) = 1658.8 → 1659
        assert abs(row["N"] - 1659) <= 1 and ab.bounds.finite_class_sample_size(0.1, 0.05, 0.5, class_size=100) == 1659

    def test_class_note_in_table(self, cli):
        assert "union bound (Thm 3.8, Cor 3.9 / 3.10)" in cli("sample-size", "--epsilon", 0.1, "--class-size", 100).stdout

    def test_a_size_beyond_10_to_300_is_a_row_not_an_error(self, cli):
        result = cli("sample-size", "--epsilon", "1e-160", "--all", "--format", "json")
        assert result.exit_code == 0, result.output
        rows = {row["method"]: row for row in json.loads(result.stdout)["results"]}
        assert rows["mcdiarmid"]["N"] is None and rows["mcdiarmid"]["vacuous"]
        # the best-case width still has a size of 161 digits: an exact integer, written as a string
        assert int(rows["chebyshev-min"]["N"]) > 10**160 and isinstance(rows["chebyshev-min"]["N"], str)


BAD = [
    (["interval", "--m", "0", "--n", "5"], "'--m': 0 is not in the range x>=1"),
    (["interval", "--m", "1.5", "--n", "5"], "'--m': '1.5' is not a valid integer"),
    (["interval", "--m", "10", "--n", "-3"], "'--n': -3 is not in the range x>=1"),
    (["interval", "--m", "10"], "Missing option '--n'"),
    (["interval", "--m", "10", "--n", "5", "--delta", "1.5"], "'--delta': 1.5 is not in the range 0<x<1"),
    (["interval", "--m", "10", "--n", "5", "--delta", "0"], "'--delta': 0.0 is not in the range 0<x<1"),
    (["interval", "--m", "10", "--n", "5", "--delta", "nan"], "--delta must be in (0, 1), but got nan."),
    (["interval", "--m", "10", "--n", "5", "--auc", "1.2"], "'--auc': 1.2 is not in the range 0<=x<=1"),
    (["interval", "--m", "10", "--n", "5", "--auc", "0.8", "--p1", "0.5", "--p2", "0.7"],
     "--p1 must be in [auc², auc] = [0.64, 0.8] (Lehmann's constraint), but got 0.5."),
    (["interval", "--m", "10", "--n", "5", "--auc", "0.8", "--p1", "0.7"], "--p2 must be given together with --p1"),
    (["interval", "--m", "10", "--n", "5", "--method", "foo"], "'--method': 'foo' is not one of 'mcdiarmid'"),
    (["interval", "--m", "10", "--n", "5", "--method", "hoeffding-kl"], "--auc must be given for method 'hoeffding-kl'"),
    (["interval", "--m", "10", "--n", "5", "--class-size", "0"], "'--class-size': 0 is not in the range x>=1"),
    (["interval", "--m", "10", "--n", "5", "--class-size", "10", "--log-class-size", "2"], "alternatives"),
    (["interval", "--m", "10", "--n", "5", "--format", "xml"], "'--format': 'xml' is not one of"),
    (["interval", "--m", "10", "--n", "5", "--tablefmt", "nope"], "'--tablefmt': 'nope' is not one of"),
    (["sample-size", "--delta", "0.1"], "Missing option '--epsilon'"),
    (["sample-size", "--epsilon", "0"], "'--epsilon': 0.0 is not in the range 0<x<1"),
    (["sample-size", "--epsilon", "0.1", "--rho", "1"], "'--rho': must be a number in (0, 1) or a ratio p/q"),
    (["nope"], "No such command 'nope'"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(args) for args, _ in BAD])
def test_bad_input_is_one_line_and_exit_2(cli_error, args, message):
    assert message in cli_error(*args)


def test_help_has_an_example_for_every_command(cli):
    for command in ("interval", "sample-size"):
        text = cli(command, "--help").stdout
        assert f"aucbound {command} --" in text.split("Examples:")[1]


def test_version(cli):
    assert cli("--version").stdout == f"aucbound, version {ab.__version__}\n"


def test_python_dash_m_runs_the_same_cli():
    completed = subprocess.run([sys.executable, "-m", "aucbound", "interval", "--m", "100", "--n", "50"],
                               capture_output=True, text=True, check=True)
    assert completed.stdout == QUICK_START


def test_startup_defers_heavy_imports():
    # The CLI answers in well under 0.5 s only if scipy, mpmath and matplotlib stay unimported.
    code = ("import sys; from aucbound.cli import main; "
            "print(sorted(m for m in ('scipy', 'mpmath', 'matplotlib') if m in sys.modules))")
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert completed.stdout == "[]\n"


def test_every_command_defined_in_the_cli_package_is_registered_once():
    """The command list is the one registration: every command a module of the CLI defines (and no group holds
    as a subcommand) is in it, under its own name."""
    import importlib
    import pkgutil

    import click

    import aucbound.cli
    from aucbound.cli import main
    from aucbound.cli._app import COMMANDS

    commands = []
    for info in pkgutil.iter_modules(aucbound.cli.__path__):
        module = importlib.import_module(f"aucbound.cli.{info.name}")
        commands += [value for value in vars(module).values() if isinstance(value, click.Command) and value is not main]
    subcommands = {id(sub) for group in commands if isinstance(group, click.Group) for sub in group.commands.values()}
    top = {command.name: command for command in commands if id(command) not in subcommands}
    assert sorted(COMMANDS) == sorted(top) == main.list_commands(None)
    assert all(main.get_command(None, name) is command for name, command in top.items())
