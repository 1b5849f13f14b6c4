"""The command line of the combinatorics: `aucbound psi` and `aucbound shatter`."""

import json

import mpmath as mp
import pytest

PSI_3_4 = """\
psi(m, n), the realizable m×n bipartite rank matrices (Agarwal et al. 2005, Thm 4.3): m = 3, n = 4

quantity                        value    ln value  source
----------------------------  -------  ----------  -----------
lower bound 3^max(m,n)             81     4.39445  §4.3
psi(m, n)                       15165     9.62675  exact count
upper bound (m+n)!·2^(m+n-1)   322560    12.684    §4.3
all matrices 3^(m·n)           531441    13.1833   §4.1
"""

PSI_GRID = """\
psi(m, n): realizable m×n bipartite rank matrices (Agarwal et al. 2005, Thm 4.3)

  m \\ n    1    2     3      4
-------  ---  ---  ----  -----
      1    3    9    27     81
      2    9   51   261   1299
      3   27  261  2067  15165
"""

SHATTER_LINEAR_2 = """\
Bounds on r(F, m, n) for F = linear (w·x + b on R^2): m = 3, n = 4
Agarwal & Roth 2005, Thm 1: c1 = 7.38906, c2 = 2; rank dimension (Def 7): 2

quantity    bound              ln bound      value               source
----------  ---------------  ----------  ---------  -----------  ---------------------------------------------------------
r(F,m,n)    central-faces *     3.89182      49     used, exact  Thm 4.9, faces of mn planes through 0 in R^2 (Cover 1965)
r(F,m,n)    buck-faces          5.66643     289                  Lemma 4.10 face count at N = mn, before relaxing
r(F,m,n)    thm-4.11            6.96981    1064.02  paper        Thm 4.11: (2emn/2)^2
r(F,m,n)    psi *               9.62675   15165                  Thm 4.3: ψ(m, n), counted exactly
r(F,m,n)    3^mn               13.1833   531441                  §4.1: all 3^(m·n) matrices

* beyond the paper (Agarwal et al. 2005): see aucbound shatter --help
"""


class TestPsi:
    def test_single_pair_table(self, cli):
        result = cli("psi", "--m", 3, "--n", 4)
        assert result.exit_code == 0, result.output
        assert result.stdout == PSI_3_4
        assert result.stderr == ""

    def test_ranges_give_a_grid(self, cli):
        result = cli("psi", "--m", "1..3", "--n", "1..4")
        assert result.exit_code == 0, result.output
        assert result.stdout == PSI_GRID

    def test_bruteforce_agrees_and_is_shown(self, cli):
        result = cli("psi", "--m", 3, "--n", 3, "--bruteforce", "--format", "json")
        assert result.exit_code == 0, result.output
        (record,) = json.loads(result.stdout)["results"]
        assert record["psi"] == record["bruteforce"] == 2067
        grid = cli("psi", "--m", "1..2", "--n", "2..3", "--bruteforce")
        assert "brute force over all 3^(m·n) matrices agrees on all 4 pairs" in grid.stdout

    def test_log_for_large_sizes(self, cli):
        result = cli("psi", "--m", 1000, "--n", 1000, "--log", "--format", "csv")
        assert result.exit_code == 0, result.output
        header, row = result.stdout.splitlines()
        assert header.startswith("m,n,method,psi,log_psi")
        assert row.startswith("1000,1000,log,,13489.0999")

    def test_exact_integers_in_json(self, cli):
        result = cli("psi", "--m", 60, "--n", 70, "--format", "json")
        import aucbound

        # beyond 2^53 an integer is written as a string of its digits, so every JSON parser reads it exactly
        assert int(json.loads(result.stdout)["results"][0]["psi"]) == aucbound.psi(60, 70)

    def test_integers_beyond_4300_digits_are_written_in_full(self, cli):
        import sys

        import aucbound

        result = cli("psi", "--m", 800, "--n", 800, "--format", "csv")
        assert result.exit_code == 0, result.output
        digits = result.stdout.splitlines()[1].split(",")[3]
        limit = sys.get_int_max_str_digits()
        sys.set_int_max_str_digits(0)
        try:
            assert len(digits) > 4300 and int(digits) == aucbound.psi(800, 800)
        finally:
            sys.set_int_max_str_digits(limit)
        assert sys.get_int_max_str_digits() == limit

    def test_long_integers_are_shortened_in_tables(self, cli):
        result = cli("psi", "--m", 50, "--n", 50)
        assert "≈ 1.6" in result.stdout and "× 10^" in result.stdout


class TestShatter:
    def test_linear_in_the_plane(self, cli):
        result = cli("shatter", "--class", "linear", "--d", 2, "--m", 3, "--n", 4)
        assert result.exit_code == 0, result.output
        assert result.stdout == SHATTER_LINEAR_2

    def test_patterns_and_json(self, cli):
        result = cli("shatter", "--class", "line", "--m", 5, "--n", 7, "--patterns", 10, "--format", "json")
        assert result.exit_code == 0, result.output
        used = {r["quantity"]: r["value"] for r in json.loads(result.stdout)["results"] if r["used"]}
        assert used == {"r(F,m,n)": 3, "s(F^,N)": 41, "s(F~,N)": 3, "s(F-,N)": 41}

    @pytest.mark.parametrize(
        ("args", "used"),
        [
            (["--class", "finite", "--size", 10, "--m", 2, "--n", 2], "class"),
            (["--class", "finite", "--size", 10**40, "--m", 2, "--n", 2], "psi"),
            (["--class", "polynomial", "--d", 2, "--q", 2, "--m", 10, "--n", 10], "central-faces"),
        ],
    )
    def test_each_class(self, cli, args, used):
        result = cli("shatter", *args, "--format", "json")
        assert result.exit_code == 0, result.output
        assert [r["key"] for r in json.loads(result.stdout)["results"] if r["used"]] == [used]

    def test_left_out_bounds_are_noted(self, cli):
        result = cli("shatter", "--class", "linear", "--d", 12, "--m", 2, "--n", 3)
        assert "thm-4.11: left out" in result.stdout

    def test_samples_of_10_to_300_work_in_logarithms(self, cli):
        # mn = 10^600 pairs: Thm 4.11's ln (2emn/3)^3 is finite, ln 3^(mn) is not a float
        result = cli("shatter", "--class", "linear", "--d", 3, "--m", 10**300, "--n", 10**300, "--format", "json")
        assert result.exit_code == 0, result.output
        document = json.loads(result.stdout)
        rows = {row["key"]: row for row in document["results"]}
        with mp.workdps(30):
            expected = 3 * mp.log(2 * mp.e * mp.mpf(10) ** 600 / 3)
        assert rows["thm-4.11"]["log_value"] == pytest.approx(float(expected), rel=1e-14)
        assert "3^mn" not in rows
        assert "3^mn: left out, its logarithm passes the largest float" in cli(
            "shatter", "--class", "linear", "--d", 3, "--m", 10**300, "--n", 10**300).stdout

    def test_a_count_with_an_exponent_too_long_to_show(self, cli):
        # 3^(10^303): shown as 10^(10^303·log10 3) = 10^(4.77121 × 10^302)
        result = cli("shatter", "--class", "line", "--m", 10**303, "--n", 1)
        assert result.exit_code == 0, result.output
        assert f"≈ 10^({float(mp.mpf(10) ** 303 * mp.log10(3)) / 1e302:.5f} × 10^302)" in result.stdout


BAD = [
    (["psi", "--m", 0, "--n", 3], "--m"),
    (["psi", "--m", 3, "--n", "-2"], "--n"),
    (["psi", "--m", "2.5", "--n", 3], "--m"),
    (["psi", "--m", "x", "--n", 3], "--m"),
    (["psi", "--m", "5..2", "--n", 3], "--m"),
    (["psi", "--m", 5, "--n", 4, "--bruteforce"], "--m"),
    (["psi", "--m", 1400, "--n", 1400, "--bruteforce"], "--m"),  # refused before ψ(1400, 1400) is counted
    (["psi", "--m", "1..5", "--n", "1..4", "--bruteforce"], "--m"),
    (["psi", "--m", 10**400, "--n", 1, "--log"], "--m"),
    (["psi", "--m", 3, "--n", 3, "--bruteforce", "--log"], "--bruteforce"),
    (["psi", "--n", 3], "--m"),
    (["shatter", "--class", "neural", "--m", 3, "--n", 3], "--class"),
    (["shatter", "--class", "linear", "--d", 0, "--m", 3, "--n", 3], "--d"),
    (["shatter", "--class", "polynomial", "--d", 2, "--q", 0, "--m", 3, "--n", 3], "--q"),
    (["shatter", "--class", "linear", "--m", 3, "--n", 3], "--d"),
    (["shatter", "--class", "polynomial", "--d", 2, "--m", 3, "--n", 3], "--q"),
    (["shatter", "--class", "finite", "--m", 3, "--n", 3], "--size"),
    (["shatter", "--class", "finite", "--size", 0, "--m", 3, "--n", 3], "--size"),
    (["shatter", "--class", "line", "--d", 2, "--m", 3, "--n", 3], "--d"),
    (["shatter", "--class", "line", "--m", 0, "--n", 3], "--m"),
    (["shatter", "--class", "line", "--m", 3, "--n", "1.5"], "--n"),
    (["shatter", "--class", "line", "--m", 3, "--n", 3, "--patterns", 0], "--patterns"),
]


@pytest.mark.parametrize(("args", "option"), BAD, ids=[" ".join(map(str, args)) for args, _ in BAD])
def test_bad_input_exits_2_with_one_line_naming_the_option(cli_error, args, option):
    assert option in cli_error(*args)
