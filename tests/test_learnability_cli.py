"""The `uniform`, `freund`, `eem` and `lower-bound` commands."""

import json

import pytest

import aucbound as ab

FREUND_LINE = """\
Uniform convergence bounds over line (w·x + b on R): m = 5000, n = 5000, delta = 0.01 (confidence 99%)

bound                       epsilon  guarantee          ln r(F, 2m, 2n)    source
------------------------  ---------  -----------------  -----------------  -------------------------------------------------------------
Cor 4.5                    0.150626  distribution-free  1.09861            Agarwal et al. 2005, Cor 4.5 with §4.4: r(F_lin(1), m, n) = 3
Freund et al. (Thm 4.14)   0.237902  distribution-free  —                  Agarwal et al. 2005, Thm 4.14 (Freund et al. 2003)

tighter here: Cor 4.5
"""


def test_freund_line_table(cli):
    # by hand: sqrt(8·10⁴·(ln 3 + ln 400)/(25·10⁶)) = 0.150626; Freund et al. with s = 8m + 1: 0.237902
    result = cli("freund", "--class", "line", "--m", 5000, "--n", 5000, "--delta", 0.01)
    assert result.exit_code == 0, result.output
    assert result.stdout == FREUND_LINE


def test_uniform_with_a_growth_class_equals_the_class(cli):
    by_class = json.loads(cli("uniform", "--class", "line", "--m", 300, "--n", 700, "--format", "json").stdout)
    by_value = json.loads(cli("uniform", "--class", "growth", "--log-c1", repr(ab.Line().log_rank_shatter(600, 1400)),
                              "--m", 300, "--n", 700, "--format", "json").stdout)
    assert by_class["results"][0]["epsilon"] == by_value["results"][0]["epsilon"]


def test_uniform_shows_the_papers_route_beside_the_sharper_one(cli):
    rows = json.loads(cli("uniform", "--class", "linear", "--d", 16, "--m", 5000, "--n", 5000, "--delta", 0.01,
                          "--format", "json").stdout)["results"]
    assert [(row["r_bound"], row["beyond_paper"]) for row in rows] == [("thm-4.11", False), ("central-faces", True)]
    assert [round(row["epsilon"], 2) for row in rows] == [0.95, 0.92]


def test_uniform_vacuous_is_flagged(cli):
    row = json.loads(cli("uniform", "--class", "linear", "--d", 16, "--m", 50, "--n", 50, "--format", "json")
                     .stdout)["results"][0]
    assert row["epsilon"] > 1 and row["guarantee"] == "vacuous"


def test_training_sizes_side_by_side(cli):
    rows = json.loads(cli("freund", "--class", "line", "--epsilon", 0.1, "--rho", "1/10", "--delta", 0.01,
                          "--format", "json").stdout)["results"]
    expected = [ab.uniform_sample_size(ab.Line(), 0.1, 0.01, "1/10", method=method) for method in ("uniform", "freund")]
    assert [(row["M"], row["m"], row["n"]) for row in rows] == [(e.M, e.m, e.n) for e in expected]
    assert rows[0]["M"] < rows[1]["M"]


def test_eem_example_1(cli):
    result = cli("eem", "--class", "finite", "--size", 1000, "--epsilon", 0.1, "--delta", 0.05, "--rho", "1/4")
    lines = result.stdout.splitlines()
    assert lines[2:6] == [
        "",
        "bound                             M      m       n    M / Thm 1  source",
        "---------------------------  ------  -----  ------  -----------  -----------------------------------------------",
        "Thm 1 (closed form)          385360  96340  289020     1         Agarwal & Roth 2005, Thm 1",
    ]
    assert lines[6].startswith("Thm 1's condition, solved *  192678  48170  144508     0.499995  ")


def test_eem_shows_cor_1_when_the_rank_dimension_is_known(cli):
    rows = json.loads(cli("eem", "--class", "linear", "--d", 5, "--epsilon", 0.1, "--delta", 0.05, "--rho", 0.25,
                          "--format", "json").stdout)["results"]
    assert [row["method"] for row in rows] == ["thm1", "exact", "lower"]
    assert rows[2]["value"] == ab.sample_complexity_lower_bound(5, 0.1, 0.05, 0.25).value
    assert rows[1]["M"] <= rows[0]["M"]


def test_lower_bound(cli):
    rows = json.loads(cli("lower-bound", "--rank-dim", 5000, "--epsilon", 0.01, "--m", 5000, "--n", 5000,
                          "--format", "json").stdout)["results"]
    assert rows[0]["value"] == ab.sample_complexity_lower_bound(5000, 0.01, 0.05, 0.5).value
    assert rows[1]["value"] == ab.bounds.excess_error_lower_bound(5000, 5000, 5000)


def test_latex_table(cli):
    out = cli("uniform", "--class", "line", "--m", 100, "--n", 100, "--tablefmt", "latex_booktabs").stdout
    assert out.startswith("% Uniform convergence over line") and "\\toprule" in out


BAD = [
    (["uniform", "--class", "line", "--m", "5", "--n", "5", "--delta", "1.5"], "'--delta': 1.5 is not in the range"),
    (["uniform", "--class", "linear", "--d", "0", "--m", "5", "--n", "5"], "'--d': 0 is not in the range x>=1"),
    (["uniform", "--class", "linear", "--m", "5", "--n", "5"], "--class linear needs --d."),
    (["uniform", "--class", "line", "--epsilon", "0.1", "--rho", "1.5"],
     "'--rho': must be a number in (0, 1) or a ratio p/q such as 1/10, but got '1.5'."),
    (["uniform", "--class", "line", "--m", "5"], "give --m and --n (for the bound ε), or --epsilon"),
    (["uniform", "--m", "5", "--n", "5"], "Missing option '--class'"),
    (["uniform", "--class", "line", "--d", "3", "--m", "5", "--n", "5"], "--d does not apply to --class line."),
    (["freund", "--class", "growth", "--log-c1", "3", "--m", "5", "--n", "5"],
     "--class must be a class whose sign patterns are known (Freund et al.'s bound needs them)"),
    (["eem", "--class", "linear", "--d", "3", "--epsilon", "0.1", "--rho", "0.123456789"],
     "--rho must be a ratio p/q with q ≤ 1,000,000 (Thm 1 rounds M to make ρM an integer)"),
    (["eem", "--class", "linear", "--d", "3", "--epsilon", "1.5"], "'--epsilon': 1.5 is not in the range 0<x<1"),
    (["eem", "--class", "linear", "--d", "3", "--epsilon", "0.1", "--delta", "0"], "'--delta': 0.0 is not in the range"),
    (["eem", "--class", "polynomial", "--d", "2", "--q", "0", "--epsilon", "0.1"], "'--q': 0 is not in the range"),
    (["eem", "--class", "nope", "--epsilon", "0.1"], "'--class': 'nope' is not one of"),
    (["lower-bound", "--rank-dim", "10", "--epsilon", "0.1", "--m", "3", "--n", "4"],
     "--m must be such that m + n ≥ 2·--rank-dim = 20 (Thm 3), but got m + n = 7."),
    (["lower-bound", "--rank-dim", "5", "--epsilon", "0.1", "--rho", "0"], "'--rho': 0.0 is not in the range"),
    (["lower-bound", "--rank-dim", "5", "--epsilon", "0.1", "--m", "30"], "--m and --n go together"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(args) for args, _ in BAD])
def test_bad_input_is_one_line_and_exit_2(cli_error, args, message):
    assert message in cli_error(*args)
