"""Agreement with R's pROC on its aSAH data (values from pROC's own test suite; R code in data/proc_reference.R), to 1e-9.

The columns are embedded in ``tests/data/asah_markers.csv``; cases are ``outcome == Poor``.
"""

import pytest

import aucbound as ab

TOLERANCE = 1e-9


def test_the_embedded_columns_are_the_full_data(asah):
    assert asah["poor"].sum() == 41 and (~asah["poor"]).sum() == 72


@pytest.mark.parametrize(
    "marker, auc, variance",
    [
        ("s100b", 0.7313685636856369, 0.00266868245717244),
        ("wfns", 0.8236788617886179, 0.00146991470882363),
        ("ndka", 0.6119579945799458, 0.0031908105493913),
    ],
)
def test_auc_and_delong_variance(asah, marker, auc, variance):
    assert abs(ab.auc(asah["poor"], asah[marker]) - auc) <= TOLERANCE
    result = ab.delong(asah["poor"], asah[marker])
    assert abs(result.auc - auc) <= TOLERANCE
    assert abs(result.variance - variance) <= TOLERANCE
    assert abs(ab.empirical.delong_variance(asah["poor"], asah[marker]) - variance) <= TOLERANCE


def test_ndka_delong_ci(asah):
    row = ab.intervals(asah["poor"], asah["ndka"], delta=0.05, methods=["delong"])["delong"]
    assert abs(row.lo - 0.501244999271703) <= TOLERANCE
    assert abs(row.hi - 0.722670989888189) <= TOLERANCE


@pytest.mark.parametrize("marker, lo, hi", [("s100b", 0.630118, 0.832619), ("wfns", 0.748535, 0.898823)])
def test_rounded_delong_cis(asah, marker, lo, hi):
    row = ab.intervals(asah["poor"], asah[marker], delta=0.05, methods=["delong"])["delong"]
    assert (round(row.lo, 6), round(row.hi, 6)) == (lo, hi)


def test_paired_delong_test_wfns_vs_s100b(asah):
    result = ab.compare(asah["poor"], asah["wfns"], asah["s100b"])
    assert abs(result.z - 2.20898359144091) <= TOLERANCE
    assert abs(result.p_value - 0.0271757822291882) <= TOLERANCE
    assert abs(result["delong"].lo - 0.0104061769564846) <= TOLERANCE
    assert abs(result["delong"].hi - 0.174214419249478) <= TOLERANCE
