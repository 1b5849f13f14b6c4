"""``aucbound optimal steps|bayes|discrete``: the tables against the paper and closed forms, every output
format, and one clear line for bad input."""

import csv
import io
import json
import math
from fractions import Fraction

import pytest
from click.testing import CliRunner

from aucbound.cli import main


def run(*args):
    result = CliRunner().invoke(main, ["optimal", *args])
    return result


def ok(*args):
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.stdout


def refused(*args):
    result = run(*args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.stderr
    assert result.stdout == ""
    return lines[0]


# Table 1 of Uematsu & Lee (2011) where it agrees with Eq. 8 solved to 50 digits (K ≤ 6); the
# columns beyond are checked entry by entry in tests/test_optimal_steps.py.
TABLE_1_SMALL = {1: ["0"], 2: ["0.5564", "-0.5564"], 3: ["0.9205", "0", "-0.9205"],
                 5: ["1.6262", "0.7662", "0", "-0.7662", "-1.6262"],
                 6: ["2.0887", "1.1613", "0.3755", "-0.3755", "-1.1613", "-2.0887"]}


def test_steps_table_has_the_papers_columns_and_the_risks_of_section_5_1_2():
    out = ok("steps", "--K", "1..11", "--tablefmt", "tsv")
    lines = out.splitlines()
    start = next(k for k, line in enumerate(lines) if "K = 1\t" in line)
    end = next(k for k, line in enumerate(lines) if line.startswith("Bayes"))
    cells = [[cell.strip() for cell in line.split("\t")] for line in lines[start:end] if line.strip()]
    header, rows = cells[0], cells[1:]
    assert header[1:] == [f"K = {K}" for K in range(1, 12)]
    table = {row[0]: row[1:] for row in rows if row[0]}
    columns = {K: [row[K] for row in rows if not row[0] and row[K]] for K in range(1, 12)}
    for K, expected in TABLE_1_SMALL.items():
        assert columns[K] == expected
    # the corrected outer jumps (Eq. 8 solved to 50 digits, docs/optimal.md): 2.6760, 4.5202, 8.9471
    assert columns[7][0] == "2.6760" and columns[9][0] == "4.5202" and columns[11][0] == "8.9471"
    auc_loss = [float(x) for x in table["1 − AUC"]]
    assert [round(auc_loss[K - 1], 5) for K in (6, 10, 11)] == [0.08908, 0.08906, 0.08906]
    hinge = [float(x) for x in table["hinge risk"]]
    assert all(b <= a + 1e-12 for a, b in zip(hinge, hinge[1:]))
    bayes = 0.5 * math.erfc(1.0)  # Φ(−√2) = erfc(1)/2
    assert f"= {bayes:.7g} (Thm 1)" in out and "0.0786496" in out
    assert "K = 8, 10: the symmetric solution of Eq. 8 is not the minimum" in out


def test_steps_latex_booktabs_is_table_1():
    out = ok("steps", "--K", "1..3", "--tablefmt", "latex_booktabs")
    assert "\\toprule" in out and "\\bottomrule" in out
    assert "0.5564" in out and "-0.9205" in out
    table = out[out.index("\\begin{tabular}"):out.index("\\end{tabular}")]
    assert all(ord(c) < 128 for c in table), "LaTeX cells stay ASCII"
    assert all(line.startswith("%") for line in out.splitlines() if "Φ" in line or "Jumps" in line)


def test_steps_json_has_every_digit_and_the_checks():
    data = json.loads(ok("steps", "--K", "3", "--format", "json"))
    (record,) = data["results"]
    a1 = 0.5 * math.log(0.5 * math.erfc(1 / math.sqrt(2)))  # ½·log Φ(−1), §5.1.1
    assert record["jumps"] == pytest.approx([a1, 0.0, -a1], abs=1e-15)
    assert record["stationary"] and record["minimum"] and record["symmetric"]
    assert data["parameters"]["bayes_risk"] == pytest.approx(0.5 * math.erfc(1.0), rel=1e-15)


def test_steps_csv_one_row_per_K():
    rows = list(csv.DictReader(io.StringIO(ok("steps", "--K", "2..4", "--format", "csv"))))
    assert [row["K"] for row in rows] == ["2", "3", "4"]
    assert [float(x) for x in rows[0]["jumps"].split()] == pytest.approx([-0.556372, 0.556372], abs=1e-6)


def test_steps_at_another_separation_solves_eq8_there():
    data = json.loads(ok("steps", "--K", "2", "--separation", "1", "--format", "json"))
    (t,) = data["results"][0]["jumps"][1:]
    mu = 0.5  # Eq. 8 for K = 2 at μ: exp(−2μt) = Φ(t − μ)
    assert math.exp(-2 * mu * t) == pytest.approx(0.5 * math.erfc(-(t - mu) / math.sqrt(2)), rel=1e-12)


def test_bayes_equal_and_unequal_variances():
    out = ok("bayes", "--separation", "2")
    assert "0.0786496" in out and "increasing in x" in out
    data = json.loads(ok("bayes", "--pos-mean", "0", "--neg-mean", "0", "--pos-sd", "1", "--neg-sd", "2",
                         "--format", "json"))
    (record,) = data["results"]
    # equal means: |Z₂|/|Z₁| is half-Cauchy, the optimal AUC is (2/π)·arctan(2); x itself has AUC ½
    assert record["optimal_auc"] == pytest.approx(2 / math.pi * math.atan(2.0), abs=1e-9)
    assert record["identity_auc"] == 0.5 and record["monotone"] is False


def test_discrete_exact_fractions_and_every_loss():
    out = ok("discrete", "--pos", "0.2,0.3,0.5", "--neg", "0.5,0.3,0.2", "--loss", "hinge", "--loss", "exponential",
             "--loss", "logistic")
    # Thm 1 by hand: classes in increasing ratio, R = Σ_k P_k (Q_{>k} + ½ Q_k)
    pos, neg = [Fraction(1, 5), Fraction(3, 10), Fraction(1, 2)], [Fraction(1, 2), Fraction(3, 10), Fraction(1, 5)]
    bayes = sum(p * (sum(neg[k + 1:]) + neg[k] / 2) for k, p in enumerate(pos))
    assert f"= {bayes} = " in out
    # the hinge minimizer 0, 1, 2: its risk Σ g+(x)g−(z)(1 − (f(x) − f(z)))+ by hand
    f = [0, 1, 2]
    risk = sum(pos[i] * neg[j] * max(0, 1 - (f[i] - f[j])) for i in range(3) for j in range(3))
    assert f"hinge: minimal risk R_l(f*) = {risk} = " in out
    data = json.loads(ok("discrete", "--pos", "0.2,0.3,0.5", "--neg", "0.5,0.3,0.2", "--loss", "exponential",
                         "--loss", "logistic", "--format", "json"))
    for record in data["results"]:  # Thm 2: ½·log and log of the likelihood ratio (centred)
        assert record["f_exponential"] == pytest.approx(record["log_ratio"] / 2, abs=1e-9)
        assert record["f_logistic"] == pytest.approx(record["log_ratio"], abs=1e-9)


def test_discrete_marks_ties():
    out = ok("discrete", "--pos", "0.1,0.2,0.3,0.4", "--neg", "0.3,0.4,0.2,0.1")
    assert "0 (a)" in out and "ties (a, b, …): {1, 2}" in out


@pytest.mark.parametrize("args, needle", [
    (["steps", "--K", "0"], "--K"),
    (["steps", "--K", "26"], "--K"),
    (["steps", "--K", "1..30"], "--K"),
    (["steps", "--separation", "0"], "--separation"),
    (["steps", "--separation", "nan"], "--separation"),
    (["steps", "--digits", "16"], "--digits"),
    (["bayes", "--separation", "2", "--pos-sd", "3"], "--pos-sd"),
    (["bayes", "--pos-sd", "0"], "--pos-sd"),
    (["discrete", "--pos", "0.5,0.6", "--neg", "0.5,0.5"], "--pos must sum to 1"),
    (["discrete", "--pos", "0.5,0.5", "--neg", "1.5,-0.5"], "--neg must be ≥ 0"),
    (["discrete", "--pos", "0.5,0.5", "--neg", "1"], "--neg"),
    (["discrete", "--pos", "0.5,x", "--neg", "0.5,0.5"], "--pos"),
    (["discrete", "--pos", "0.5,0.5", "--neg", "0.5,0.5", "--loss", "square"], "--loss"),
    (["discrete", "--pos", "0.5,0.5", "--neg", "1,0", "--loss", "logistic"], "--neg must be > 0 at every point (0 < g < ∞ is assumed), but got 0 (entry 2 of 2)."),
    (["discrete", "--pos", ",".join(["1/151"] * 151), "--neg", ",".join(["1/151"] * 151)], "at most 150"),
    (["steps", "--K", "1..25", "--starts", "1000"],
     "Error: --starts must be an integer from 1 to 80 for 25 values of --K (at most 2,000 direct minimizations in all), but got 1000."),
    (["steps", "--K", "25", "--starts", "2001"], "Error: --starts must be an integer from 1 to 2000, but got 2001."),
])
def test_bad_input_is_one_line_exit_2(args, needle):
    assert needle in refused(*args)
