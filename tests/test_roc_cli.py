"""`aucbound roc`, `aucbound auc --partial` and several --score blocks, `aucbound plot roc`:
the numbers the command line prints are pROC's and the library's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import aucbound as ab

DATA = str(Path(__file__).parent / "data" / "asah_markers.csv")
ASAH = ["--label", "outcome", "--positive", "Poor"]


def test_roc_points_as_csv_are_the_library_curve(cli):
    result = cli("roc", DATA, "--score", "s100b", *ASAH, "--format", "csv")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "threshold,specificity,sensitivity,tp,fp" and len(lines) == 52
    assert lines[1] == "inf,1.0,0.0,0,0" and lines[-1] == "-inf,0.0,1.0,41,72"


def test_roc_best_threshold_is_procs(cli):
    data = json.loads(cli("roc", DATA, "--score", "s100b", *ASAH, "--best", "youden", "--format", "json").stdout)
    assert [row["threshold"] for row in data["results"]] == [pytest.approx(0.205, abs=1e-9)]


def test_roc_at_specificities_has_both_intervals(cli, asah):
    result = cli("roc", DATA, "--score", "wfns", *ASAH, "--specificity", "0.9", "--bootstrap", "200", "--format", "json")
    row = json.loads(result.stdout)["results"][0]
    labels, scores = asah["outcome"], asah["wfns"]
    band = ab.roc_band(labels, scores, pos_label="Poor", specificities=[0.9])
    assert (row["dkw_lo"], row["dkw_hi"], row["sensitivity"]) == (band.lo[0], band.hi[0], band.estimate[0])
    boot = ab.roc_band(labels, scores, pos_label="Poor", specificities=[0.9], method="bootstrap", resamples=200)
    assert (row["bootstrap_lo"], row["bootstrap_hi"]) == (boot.lo[0], boot.hi[0])


@pytest.mark.parametrize("args, expected", [
    (["--partial", "1,0.9"], 0.0334417344173442),
    (["--partial", "0.5,0"], 0.488134475939354),
    (["--partial", "0.9,1", "--correct"], 0.649693339038653),
    (["--partial", "0.9,1", "--focus", "se"], 0.0400999322493225),
])
def test_auc_partial_is_procs(cli, args, expected):
    result = cli("auc", DATA, "--score", "wfns", *ASAH, *args, "--bootstrap", "50", "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["results"][0]["estimate"] == pytest.approx(expected, abs=1e-9)


def test_auc_with_several_scores_prints_one_block_each(cli):
    table = cli("auc", DATA, "--score", "s100b", "--score", "wfns", *ASAH, "--method", "delong").stdout
    assert table.count("AUC of 's100b'") == 1 and table.count("AUC of 'wfns'") == 1
    assert "0.731369" in table and "0.823679" in table
    data = json.loads(cli("auc", DATA, "--score", "s100b", "--score", "wfns", *ASAH, "--method", "delong",
                          "--format", "json").stdout)
    assert [block["auc"] for block in data["parameters"]["per_score"]] == [0.7313685636856369, 0.8236788617886179]
    assert [(row["score"], row["estimate"]) for row in data["results"]] == [("s100b", 0.7313685636856369),
                                                                            ("wfns", 0.8236788617886179)]
    rows = cli("auc", DATA, "--score", "s100b", "--score", "wfns", *ASAH, "--method", "delong",
               "--format", "csv").stdout.splitlines()
    assert rows[0].startswith("score,method,") and [row.split(",")[0] for row in rows[1:]] == ["s100b", "wfns"]


@pytest.mark.parametrize("args, message", [
    (["roc", DATA, "--score", "s100b", *ASAH, "--specificity", "0.9", "--sensitivity", "0.9"], "not both"),
    (["roc", DATA, "--score", "s100b", *ASAH, "--specificity", "1.5"], "--specificity"),
    (["roc", DATA, "--score", "s100b", *ASAH, "--best", "youden", "--specificity", "0.5"], "--best"),
    (["auc", DATA, "--score", "wfns", *ASAH, "--partial", "0.9"], "--partial"),
    (["auc", DATA, "--score", "wfns", *ASAH, "--partial", "0.5,0.5"], "--partial"),
    (["auc", DATA, "--score", "wfns", *ASAH, "--correct"], "--correct"),
    (["roc", DATA, "--score", "nope", *ASAH], "--score"),
    (["plot", "roc", DATA, "--score", "s100b", *ASAH, "--out", "x.txt"], "--out"),
    (["plot", "roc", DATA, "--score", "s100b", *ASAH, "--method", "chebyshev-min", "--out", "x.png"], "--method"),
])
def test_bad_input_is_one_line(cli_error, args, message):
    assert message in cli_error(*args)


def test_plot_roc_writes_the_figure_and_its_numbers(cli, tmp_path):
    out, data = tmp_path / "roc.png", tmp_path / "roc.csv"
    result = cli("plot", "roc", DATA, "--score", "wfns", "--score", "s100b", *ASAH, "--band", "none",
                 "--out", out, "--data", data)
    assert result.exit_code == 0, result.output
    assert out.stat().st_size > 10_000 and "wfns: AUC 0.824 [0.749, 0.899] (DeLong 95%)" in data.read_text()
