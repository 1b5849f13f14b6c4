"""`aucbound roc`, `aucbound auc --partial` and several --score blocks, `aucbound plot roc`:
the numbers the command line prints are pROC's and the library's."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import aucbound as ab

from proc_reference import PROC_AUC, PROC_PARTIAL, PROC_S100B_BEST

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
    assert [row["threshold"] for row in data["results"]] == [pytest.approx(PROC_S100B_BEST[0], abs=1e-9)]


def test_roc_at_specificities_has_both_intervals(cli, asah):
    result = cli("roc", DATA, "--score", "wfns", *ASAH, "--specificity", "0.9", "--bootstrap", "200", "--format", "json")
    row = json.loads(result.stdout)["results"][0]
    labels, scores = asah["outcome"], asah["wfns"]
    band = ab.roc_band(labels, scores, pos_label="Poor", specificities=[0.9])
    assert (row["dkw_lo"], row["dkw_hi"], row["sensitivity"]) == (band.lo[0], band.hi[0], band.estimate[0])
    boot = ab.roc_band(labels, scores, pos_label="Poor", specificities=[0.9], method="bootstrap", resamples=200)
    assert (row["bootstrap_lo"], row["bootstrap_hi"]) == (boot.lo[0], boot.hi[0])


def _partial(a, b, focus="specificity", correct=False):
    """pROC's partial AUC of wfns (proc_reference.PROC_PARTIAL)."""
    return next(row[-1] for row in PROC_PARTIAL if row[:5] == ("wfns", a, b, focus, correct))


@pytest.mark.parametrize("args, expected", [
    (["--partial", "1,0.9"], _partial(1.0, 0.9)),
    (["--partial", "0.5,0"], _partial(0.5, 0.0)),
    (["--partial", "0.9,1", "--correct"], _partial(1.0, 0.9, correct=True)),
    (["--partial", "0.9,1", "--focus", "se"], _partial(1.0, 0.9, "sensitivity")),
])
def test_auc_partial_is_procs(cli, args, expected):
    result = cli("auc", DATA, "--score", "wfns", *ASAH, *args, "--bootstrap", "50", "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["results"][0]["estimate"] == pytest.approx(expected, abs=1e-9)


def test_auc_with_several_scores_prints_one_block_each(cli):
    table = cli("auc", DATA, "--score", "s100b", "--score", "wfns", *ASAH, "--method", "delong").stdout
    assert table.count("AUC of 's100b'") == 1 and table.count("AUC of 'wfns'") == 1
    assert f"{PROC_AUC['s100b']:.6g}" in table and f"{PROC_AUC['wfns']:.6g}" in table
    data = json.loads(cli("auc", DATA, "--score", "s100b", "--score", "wfns", *ASAH, "--method", "delong",
                          "--format", "json").stdout)
    assert [block["auc"] for block in data["parameters"]["per_score"]] == [PROC_AUC["s100b"], PROC_AUC["wfns"]]
    assert [(row["score"], row["estimate"]) for row in data["results"]] == [("s100b", PROC_AUC["s100b"]),
                                                                            ("wfns", PROC_AUC["wfns"])]
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


def test_an_interval_that_is_all_of_the_unit_interval_is_labelled_vacuous(cli, tmp_path):
    """m = n = 6 at δ = 0.05: each class's DKW half-width is √(ln 80/12) = 0.6043 > ½, so the band is all of
    [0, 1] wherever the curve is read; the output says so instead of 'distribution-free'."""
    labels = [1] * 6 + [0] * 6
    scores = [2.1, 1.3, 0.4, 1.8, 0.9, 1.5, 0.2, -0.3, 1.0, 0.6, -1.1, 0.1]
    band = ab.roc_band(labels, scores, specificities=[0.5, 0.9])
    assert band.lo.tolist() == [0.0, 0.0] and band.hi.tolist() == [1.0, 1.0]
    assert band.guarantees == ("vacuous", "vacuous") and band.vacuous.tolist() == [True, True]
    assert band.epsilon_pos == pytest.approx((math.log(80) / 12) ** 0.5, rel=1e-15)
    data = tmp_path / "small.csv"
    data.write_text("y,s\n" + "".join(f"{y},{s}\n" for y, s in zip(labels, scores)))
    out = cli("roc", data, "--score", "s", "--label", "y", "--specificity", "0.5", "--bootstrap", "100").stdout
    assert "[0, 1] vacuous" in out and "vacuous: the interval is all of [0, 1]; it says nothing" in out
    records = json.loads(cli("roc", data, "--score", "s", "--label", "y", "--specificity", "0.5", "--bootstrap", "100",
                             "--format", "json").stdout)["results"]
    assert records[0]["dkw_guarantee"] == "vacuous"


def test_an_informative_band_keeps_its_guarantee(asah):
    band = ab.roc_band(asah["poor"], asah["wfns"], specificities=[0.9])
    assert float(band.hi[0]) < 1 and band.guarantees == ("distribution-free",)
