"""``aucbound auc`` and ``aucbound compare`` through click's CliRunner: exact tables, one-line errors."""

import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from aucbound.cli import main

from proc_reference import PROC_DELONG_CI

DATA = str(Path(__file__).parent / "data" / "asah_markers.csv")

AUC_TABLE = """\
AUC of 's100b' against 'outcome' (positive: Poor) in asah_markers.csv
estimate = 0.731369 from m = 41 positives and n = 72 negatives, delta = 0.05 (confidence 95%)
DeLong variance = 0.00266868 (SE 0.0516593); p1 = 0.571655, p2 = 0.617326

method             interval                half-width  guarantee          source
-----------------  --------------------  ------------  -----------------  -------------------------------
mcdiarmid          [0.465655, 0.997082]      0.265713  distribution-free  Agarwal et al. 2005, Cor 3.4
hoeffding *        [0.519269, 0.943468]      0.2121    distribution-free  Hoeffding 1963, §5
hoeffding-kl *     [0.524249, 0.885996]      0.20712   distribution-free  Hoeffding 1963, §5
bernstein *        [0.501376, 0.974808]      0.24344   distribution-free  Bennett 1962; McDiarmid 1998
chebyshev-max      [0.390613, 0.920407]      0.340756  distribution-free  Agarwal et al. 2005, Eq. 11, 14
normal-max         [0.580308, 0.842787]      0.15106   asymptotic         Agarwal et al. 2005, Eq. 13, 14
chebyshev-lehmann  [0.505668, 0.95707]       0.225701  plug-in            Agarwal et al. 2005, Eq. 7, 11
normal-lehmann     [0.632453, 0.830285]      0.098916  asymptotic         Agarwal et al. 2005, Eq. 7, 13
hanley-mcneil      [0.630924, 0.831813]      0.100444  asymptotic         Hanley & McNeil 1982
newcombe           [0.624408, 0.813953]      0.106961  asymptotic         Newcombe 2006, method 5
delong             [0.630118, 0.832619]      0.10125   asymptotic         DeLong et al. 1988
delong-logit       [0.619217, 0.820086]      0.112152  asymptotic         DeLong et al. 1988; logit scale

* beyond the paper (Agarwal et al. 2005): see aucbound auc --help
"""

COMPARE_TABLE = """\
Paired comparison of 'wfns' (a) and 's100b' (b) against 'outcome' (positive: Poor) in asah_markers.csv
m = 41 positives, n = 72 negatives, delta = 0.05 (confidence 95%)
AUC a = 0.823679, AUC b = 0.731369, difference D = a - b = 0.0923103
DeLong's paired test: Z = 2.20898, two-sided p = 0.0271758 (variance of D 0.00174629, covariance 0.00119616)

| method         | interval for D        |   half-width | guarantee         | source                                |
|----------------|-----------------------|--------------|-------------------|---------------------------------------|
| delong         | [0.0104062, 0.174214] |    0.0819041 | asymptotic        | DeLong et al. 1988                    |
| hoeffding *    | [-0.331889, 0.51651]  |    0.4242    | distribution-free | Hoeffding 1963, §5, kernel in [-1, 1] |
| hoeffding-kl * | [-0.322334, 0.485967] |    0.414645  | distribution-free | Hoeffding 1963, §5, kernel in [-1, 1] |

* beyond the paper (Agarwal et al. 2005): see aucbound compare --help
"""


def test_auc_table(cli):
    result = cli("auc", DATA, "--score", "s100b", "--label", "outcome", "--positive", "Poor")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == AUC_TABLE


def test_compare_table(cli):
    result = cli("compare", DATA, "--score", "wfns", "--score", "s100b", "--label", "outcome", "--positive", "Poor",
                 "--tablefmt", "github")
    assert (result.exit_code, result.stderr) == (0, "")
    assert result.stdout == COMPARE_TABLE


def test_auc_json_with_bootstrap_is_reproducible(cli):
    args = ("auc", DATA, "--score", "ndka", "--label", "outcome", "--positive", "Poor", "--bootstrap", "500",
            "--seed", "3", "--method", "delong", "--method", "bootstrap-bca", "--format", "json")
    first, second = cli(*args), cli(*args)
    assert first.exit_code == 0 and first.stdout == second.stdout
    data = json.loads(first.stdout)
    assert data["parameters"]["resamples"] == 500 and data["parameters"]["m"] == 41
    assert [row["method"] for row in data["results"]] == ["delong", "bootstrap-bca"]
    assert abs(data["results"][0]["lo"] - PROC_DELONG_CI["ndka"][0]) <= 1e-9


def test_auc_csv_from_stdin_with_indexes():
    text = "0.1\t1\n0.5\t0\n0.7\t1\n0.3\t0\n"
    result = CliRunner().invoke(main, ["auc", "-", "--score", "0", "--label", "1", "--method", "hoeffding",
                                       "--format", "csv"], input=text)
    assert result.exit_code == 0
    header, row = result.stdout.splitlines()
    assert header.startswith("method,m,n,delta,epsilon,guarantee,source,estimate,lo,hi")
    assert row.startswith("hoeffding,2,2,0.05,")


def test_npz_input(cli, tmp_path):
    path = tmp_path / "scores.npz"
    np.savez(path, a=np.array([0.1, 0.9, 0.4, 0.8]), b=np.array([0.2, 0.3, 0.9, 0.1]), y=np.array([0, 1, 0, 1]))
    result = cli("compare", path, "--score", "a", "--score", "b", "--label", "y", "--format", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["parameters"]["difference"] == 0.75  # 1 − 1/4


def write(tmp_path, name, content: bytes):
    path = tmp_path / name
    path.write_bytes(content)
    return str(path)


def npz(tmp_path, **arrays):
    np.savez(tmp_path / "d.npz", **arrays)
    return str(tmp_path / "d.npz")


def npz_bytes():
    buffer = io.BytesIO()
    np.savez(buffer, s=np.array([0.1, 0.9]), y=np.array([0, 1]))
    return buffer.getvalue()


BAD = [
    ("missing file", lambda p: ["auc", str(p / "nope.csv"), "--score", "s", "--label", "y"], 2,
     "Error: Invalid value for 'FILE': File '{p}/nope.csv' does not exist."),
    ("missing score column", lambda p: ["auc", DATA, "--score", "nope", "--label", "outcome"], 2,
     "Error: --score must be a column name or 0-based index of asah_markers.csv (outcome, wfns, s100b, ndka), but got 'nope'."),
    ("missing label column", lambda p: ["auc", DATA, "--score", "ndka", "--label", "9"], 2,
     "Error: --label must be a column name or 0-based index of asah_markers.csv (outcome, wfns, s100b, ndka), but got '9'."),
    ("non-numeric score", lambda p: ["auc", write(p, "d.csv", b"s,y\n0.1,1\n\nabc,0\n"), "--score", "s", "--label", "y"], 2,
     "Error: --score must be a finite number in every row of column 's', but got 'abc' on line 4 of d.csv."),
    ("NaN score", lambda p: ["auc", write(p, "d.csv", b"s,y\n0.1,1\nNaN,0\n"), "--score", "s", "--label", "y"], 2,
     "Error: --score must be a finite number in every row of column 's', but got 'NaN' on line 3 of d.csv; "
     "--nan omit drops such rows."),
    ("one class", lambda p: ["auc", write(p, "d.csv", b"s,y\n0.1,1\n0.2,1\n"), "--score", "s", "--label", "y"], 2,
     "Error: --label must be of two classes, with at least one positive and one negative, but got one class only (1)."),
    ("three labels", lambda p: ["auc", write(p, "d.csv", b"s,y\n0.1,a\n0.2,b\n0.3,c\n"), "--score", "s", "--label", "y",
                                "--positive", "a"], 2,
     "Error: --label must be of two classes, but got 3 distinct values ('a', 'b', 'c')."),
    ("positive absent", lambda p: ["auc", DATA, "--score", "ndka", "--label", "outcome", "--positive", "Bad"], 2,
     "Error: --positive must be one of the labels ('Good', 'Poor'), but got 'Bad'."),
    ("positive needed", lambda p: ["auc", DATA, "--score", "ndka", "--label", "outcome"], 2,
     "Error: --positive must name the positive class when labels are not booleans, 0/1 or −1/1, "
     "but got None (labels: 'Good', 'Poor')."),
    ("unreadable npy", lambda p: ["auc", write(p, "d.npy", b"\x93NUMPY\x01\x00garbage"), "--score", "0", "--label", "1"], 1,
     None),
    ("not UTF-8", lambda p: ["auc", write(p, "d.csv", b"s,y\n0.1,1\n\xff,0\n"), "--score", "s", "--label", "y"], 1,
     "Error: cannot read d.csv as UTF-8 text (invalid start byte)"),
    ("Arabic-Indic digits", lambda p: ["auc", write(p, "d.csv", "s,y\n0.1,1\n١٢,0\n".encode()), "--score", "s", "--label", "y"],
     2, "Error: --score must be a finite number in every row of column 's', but got '١٢' on line 3 of d.csv."),
    ("underscores", lambda p: ["auc", write(p, "d.csv", b"y,s\n1,0.1\n0,1_000\n"), "--score", "s", "--label", "y"], 2,
     "Error: --score must be a finite number in every row of column 's', but got '1_000' on line 3 of d.csv."),
    ("field beyond the csv limit", lambda p: ["auc", write(p, "d.csv", b"s,y\n0.1,1\n" + b"9" * 131073 + b",0\n"),
                                              "--score", "s", "--label", "y"], 2,
     "Error: FILE must have lines the csv module can split, but got 'field larger than field limit (131072)' "
     "on line 3 of d.csv."),
    ("empty file", lambda p: ["auc", write(p, "d.csv", b""), "--score", "s", "--label", "y"], 2,
     "Error: FILE must have data rows, but got an empty file (d.csv)."),
    ("header only", lambda p: ["auc", write(p, "d.csv", b"s,y\r\n"), "--score", "s", "--label", "y"], 2,
     "Error: --score must be a column with at least one value ('s'), but got no data rows on d.csv."),
    ("0-d npz", lambda p: ["auc", npz(p, s=np.float64(0.5), y=np.array([1])), "--score", "s", "--label", "y"], 2,
     "Error: --score must be a one-dimensional numeric column ('s'), but got dtype float64, shape () on d.npz."),
    ("object npz", lambda p: ["auc", npz(p, s=np.ones(2), y=np.array([None, 1])), "--score", "s", "--label", "y"], 1,
     "Error: d.npz (array 'y') holds an object array, which is never unpickled; save numeric or string arrays"),
    ("truncated npz", lambda p: ["auc", write(p, "d.npz", npz_bytes()[:100]), "--score", "s", "--label", "y"], 1,
     "Error: cannot read d.npz as a NumPy file: File is not a zip file"),
    ("one score to compare", lambda p: ["compare", DATA, "--score", "wfns", "--label", "outcome", "--positive", "Poor"], 2,
     "Error: Invalid value for '--score': give two score columns (a, then b) for a paired comparison, three or more "
     "for the test of k curves, or add --group COL or a second FILE for an unpaired one; got 1."),
    ("compare: one positive", lambda p: ["compare", write(p, "d.csv", b"a,b,y\n1,2,1\n2,1,0\n3,3,0\n"), "--score", "a",
                                         "--score", "b", "--label", "y"], 2,
     "Error: --label must have at least 2 positives and 2 negatives (for DeLong's paired test), "
     "but got 1 positive and 2 negatives."),
    ("zero resamples", lambda p: ["auc", DATA, "--score", "ndka", "--label", "outcome", "--positive", "Poor",
                                  "--bootstrap", "0"], 2,
     "Error: Invalid value for '--bootstrap': 0 is not in the range 1<=x<=10000000."),
]


@pytest.mark.parametrize("case, args, code, message", BAD, ids=[case[0] for case in BAD])
def test_bad_input_is_one_line_on_stderr(cli, tmp_path, case, args, code, message):
    result = cli(*args(tmp_path))
    assert result.exit_code == code and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ")
    if message is not None:
        assert lines[0] == message.format(p=tmp_path)
    assert "Traceback" not in result.output


def test_help_has_examples(cli):
    for command in ("auc", "compare"):
        result = cli(command, "--help")
        assert result.exit_code == 0 and "Examples:" in result.stdout and f"aucbound {command} " in result.stdout


def test_integer_scores_beyond_2_53(cli, tmp_path):
    """9007199254740993 and 9007199254740992 are one float64: read exactly, they still rank apart."""
    path = write(tmp_path, "d.csv", b"s,y\n9007199254740993,1\n9007199254740992,0\n")
    result = cli("auc", path, "--score", "s", "--label", "y", "--method", "hoeffding", "--format", "json")
    assert result.exit_code == 0 and json.loads(result.stdout)["parameters"]["auc"] == 1.0


def test_integer_labels_beyond_int64(cli, tmp_path):
    path = write(tmp_path, "d.csv", b"s,y\n0.1,90071992547409930000000\n0.2,90071992547409930000001\n"
                                    b"0.3,90071992547409930000001\n")
    args = ("auc", path, "--score", "s", "--label", "y", "--method", "hoeffding", "--format", "json")
    result = cli(*args, "--positive", "90071992547409930000001")
    assert result.exit_code == 0 and json.loads(result.stdout)["parameters"]["m"] == 2
    result = cli(*args, "--positive", "9.0071992547409930000001e22")
    assert result.exit_code == 2 and result.stderr == (
        "Error: --positive must be one of the labels (90071992547409930000000, 90071992547409930000001), "
        "but got '9.0071992547409930000001e22'.\n")


def test_one_item_per_class_leaves_delong_undefined(cli, tmp_path):
    path = write(tmp_path, "d.csv", b"s,y\n0.9,1\n0.2,0\n")
    result = cli("auc", path, "--score", "s", "--label", "y")
    assert result.exit_code == 0, result.output
    assert "DeLong variance: undefined (a class has a single item)" in result.stdout
    delong = next(line for line in result.stdout.splitlines() if line.startswith("delong "))
    assert delong.split()[1:4] == ["vacuous", "∞", "vacuous"]


def test_closed_stdin():
    """With file descriptor 0 closed, sys.stdin is None: reading '-' is an unreadable file (exit 1), not a traceback."""
    command = [sys.executable, "-m", "aucbound", "auc", "-", "--score", "0", "--label", "1"]
    result = subprocess.run(["sh", "-c", '"$@" <&-', "sh", *command], capture_output=True, text=True)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", "Error: cannot read standard input: it is closed\n")


def test_perfectly_separated_scores_give_degenerate_rows(tmp_path):
    # Â = 1: every positive above every negative, so DeLong's S10 = S01 = 0 and Hanley & McNeil's
    # variance (Q1 = Q2 = A = 1) is 0 — both rows are the single point [1, 1]
    path = write(tmp_path, "sep.csv", b"s,y\n0.1,0\n0.2,0\n0.8,1\n0.9,1\n")
    result = CliRunner().invoke(main, ["auc", path, "--score", "s", "--label", "y", "--method", "delong",
                                       "--method", "hanley-mcneil", "--method", "mcdiarmid"])
    assert result.exit_code == 0, result.output
    rows = {line.split()[0]: line for line in result.stdout.splitlines() if line.split()[:1] in
            (["delong"], ["hanley-mcneil"], ["mcdiarmid"])}
    assert all("[1, 1]" in rows[key] and "degenerate" in rows[key] for key in ("delong", "hanley-mcneil"))
    assert "degenerate" not in rows["mcdiarmid"]  # vacuous at m = n = 2, never a single point
    assert "degenerate: a variance estimate of zero" in result.stdout
