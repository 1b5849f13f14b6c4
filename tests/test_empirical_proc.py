"""Agreement with R's pROC on its aSAH data (values from pROC's own test suite, each beside its R call in
proc_reference.py), to 1e-9.

The columns are embedded in ``tests/data/asah_markers.csv``; cases are ``outcome == Poor``.
"""

import pytest

import aucbound as ab

from proc_reference import PROC_AUC, PROC_DELONG_CI, PROC_PAIRED, PROC_VARIANCE

TOLERANCE = 1e-9


def test_the_embedded_columns_are_the_full_data(asah):
    assert asah["poor"].sum() == 41 and (~asah["poor"]).sum() == 72


@pytest.mark.parametrize("marker", ["s100b", "wfns", "ndka"])
def test_auc_and_delong_variance(asah, marker):
    auc, variance = PROC_AUC[marker], PROC_VARIANCE[marker]
    assert abs(ab.auc(asah["poor"], asah[marker]) - auc) <= TOLERANCE
    result = ab.delong(asah["poor"], asah[marker])
    assert abs(result.auc - auc) <= TOLERANCE
    assert abs(result.variance - variance) <= TOLERANCE
    assert abs(ab.empirical.delong_variance(asah["poor"], asah[marker]) - variance) <= TOLERANCE


def test_ndka_delong_ci(asah):
    row = ab.intervals(asah["poor"], asah["ndka"], delta=0.05, methods=["delong"])["delong"]
    assert abs(row.lo - PROC_DELONG_CI["ndka"][0]) <= TOLERANCE
    assert abs(row.hi - PROC_DELONG_CI["ndka"][1]) <= TOLERANCE


@pytest.mark.parametrize("marker", ["s100b", "wfns"])
def test_rounded_delong_cis(asah, marker):
    row = ab.intervals(asah["poor"], asah[marker], delta=0.05, methods=["delong"])["delong"]
    assert (round(row.lo, 6), round(row.hi, 6)) == PROC_DELONG_CI[marker]


def test_paired_delong_test_wfns_vs_s100b(asah):
    result = ab.compare(asah["poor"], asah["wfns"], asah["s100b"])
    z, p, lo, hi = PROC_PAIRED["wfns", "s100b"]
    assert abs(result.z - z) <= TOLERANCE
    assert abs(result.p_value - p) <= TOLERANCE
    assert abs(result["delong"].lo - lo) <= TOLERANCE
    assert abs(result["delong"].hi - hi) <= TOLERANCE
