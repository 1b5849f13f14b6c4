"""Case weights in the paired comparison: compare(…, sample_weight=…, weight_kind=…), checked against
DeLong's paired test on the rows repeated w times (integer weights), against the sandwich variance
of the difference built in exact fractions from the kernel matrices (sampling weights), against
DeLong's paired variance with equal weights, and by a short coverage check."""

import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import aucbound
from aucbound import ParameterError

pytestmark = pytest.mark.filterwarnings("ignore::aucbound.DataWarning")


@st.composite
def weighted_pairs(draw):
    """Labels, two tied score columns and integer weights 0–4, each class with two rows of weight ≥ 1."""
    size = draw(st.integers(2, 25))
    labels = draw(st.lists(st.integers(0, 1), min_size=size, max_size=size))
    columns = [draw(st.lists(st.integers(-3, 3) | st.floats(-5, 5, allow_nan=False), min_size=size, max_size=size))
               for _ in range(2)]
    weights = draw(st.lists(st.integers(0, 4), min_size=size, max_size=size))
    labels, weights = np.array(labels), np.array(weights)
    a, b = (np.array(column, dtype=float) for column in columns)
    for cls in (0, 1):
        labels = np.append(labels, [cls, cls])
        a = np.append(a, draw(st.lists(st.integers(-3, 3), min_size=2, max_size=2)))
        b = np.append(b, draw(st.lists(st.integers(-3, 3), min_size=2, max_size=2)))
        weights = np.append(weights, draw(st.lists(st.integers(1, 3), min_size=2, max_size=2)))
    return labels, a, b, weights


ALTERNATIVES = [("two-sided", 0.0), ("greater", 0.05), ("less", 0.0), ("equivalence", 0.1)]
ALL_METHODS = ["delong", "hoeffding", "hoeffding-kl", "mcdiarmid", "chebyshev-max", "normal-max"]


@settings(max_examples=50, deadline=None)
@given(weighted_pairs(), st.sampled_from(ALTERNATIVES))
def test_integer_weights_are_the_repeated_rows(data, hypotheses):
    labels, a, b, weights = data
    alternative, margin = hypotheses
    options = {"alternative": alternative, "margin": margin, "methods": ALL_METHODS}
    weighted = aucbound.compare(labels, a, b, sample_weight=weights, weight_kind="frequency", **options)
    rows = aucbound.compare(*(np.repeat(x, weights) for x in (labels, a, b)), **options)
    assert (weighted.auc_a, weighted.auc_b, weighted.m, weighted.n) == (rows.auc_a, rows.auc_b, rows.m, rows.n)
    assert weighted.weights == "frequency" and rows.weights is None
    assert weighted.difference == pytest.approx(rows.difference, abs=1e-15)
    for name in ("variance", "covariance", "z", "p_value"):
        assert getattr(weighted, name) == pytest.approx(getattr(rows, name), rel=1e-10, abs=1e-13), name
    assert [row.method for row in weighted.rows] == [row.method for row in rows.rows]
    assert weighted.left_out == rows.left_out
    for row, rows_row in zip(weighted.rows, rows.rows):
        assert (row.lo, row.hi) == pytest.approx((rows_row.lo, rows_row.hi), rel=1e-10, abs=1e-12), row.method
        assert (row.m, row.n, row.guarantee) == (rows_row.m, rows_row.n, rows_row.guarantee)


def brute_force_difference(labels, a, b, weights):
    """(D̂, the sandwich variance of D̂) in exact fractions from the two kernel matrices: each row's
    influence w_i·(D10_i − D̂)/W₊ (positives) or w_j·(D01_j − D̂)/W₋ (negatives), squared, summed per
    class with the factor rows/(rows − 1)."""
    def psi(x, y):
        return Fraction(1) if x > y else Fraction(1, 2) if x == y else Fraction(0)

    cases = [(y, Fraction(s), Fraction(t), Fraction(w)) for y, s, t, w in zip(labels, a, b, weights) if w > 0]
    pos = [(s, t, w) for y, s, t, w in cases if y == 1]
    neg = [(s, t, w) for y, s, t, w in cases if y == 0]
    total_pos, total_neg = sum(w for *_, w in pos), sum(w for *_, w in neg)
    d10 = [sum(wj * (psi(xa, ya) - psi(xb, yb)) for ya, yb, wj in neg) / total_neg for xa, xb, _ in pos]
    d01 = [sum(wi * (psi(xa, ya) - psi(xb, yb)) for xa, xb, wi in pos) / total_pos for ya, yb, _ in neg]
    difference = sum(w * d for (*_, w), d in zip(pos, d10)) / total_pos
    assert difference == sum(w * d for (*_, w), d in zip(neg, d01)) / total_neg  # both weighted means are D̂
    influence_pos = [w * (d - difference) / total_pos for (*_, w), d in zip(pos, d10)]
    influence_neg = [w * (d - difference) / total_neg for (*_, w), d in zip(neg, d01)]
    m, n = len(pos), len(neg)
    variance = (Fraction(m, m - 1) * sum(x * x for x in influence_pos)
                + Fraction(n, n - 1) * sum(x * x for x in influence_neg))
    return float(difference), float(variance)


def random_pair(rng, size, levels=5):
    labels = rng.integers(0, 2, size)
    labels[:4] = [0, 1, 0, 1]
    a = rng.integers(0, levels, size) / 2.0
    b = np.where(rng.random(size) < 0.5, a, rng.integers(0, levels, size) / 2.0)  # correlated columns, with ties
    weights = rng.exponential(1.0, size)
    weights[4:][rng.random(size - 4) < 0.15] = 0.0  # rows of weight 0 among them
    return labels, a, b, weights


@pytest.mark.parametrize("seed", range(10))
def test_sandwich_variance_of_the_difference_against_brute_force(seed):
    rng = np.random.default_rng(500 + seed)
    labels, a, b, weights = random_pair(rng, int(rng.integers(8, 40)))
    difference, variance = brute_force_difference(labels, a, b, weights)
    result = aucbound.compare(labels, a, b, sample_weight=weights, weight_kind="sampling", methods=["delong"])
    assert result.difference == pytest.approx(difference, rel=1e-12, abs=1e-15)
    assert result.variance == pytest.approx(variance, rel=1e-12)
    kept = weights > 0
    assert (result.m, result.n) == (int((kept & (labels == 1)).sum()), int((kept & (labels == 0)).sum()))
    # each column's own variance is delong's sandwich variance; the covariance follows
    var_a, var_b = (aucbound.empirical.delong_variance(labels, s, sample_weight=weights, weight_kind="sampling")
                    for s in (a, b))
    assert result.covariance == pytest.approx((var_a + var_b - variance) / 2, rel=1e-10, abs=1e-14)


@pytest.mark.parametrize("weight", [1, 2.5])
def test_equal_sampling_weights_give_delongs_paired_test(weight):
    rng = np.random.default_rng(31)
    labels, a, b, _ = random_pair(rng, 60)
    plain = aucbound.compare(labels, a, b, alternative="greater", margin=0.05)
    weighted = aucbound.compare(labels, a, b, alternative="greater", margin=0.05, sample_weight=np.full(60, weight),
                                weight_kind="sampling")
    assert (weighted.auc_a, weighted.auc_b, weighted.m, weighted.n) == (plain.auc_a, plain.auc_b, plain.m, plain.n)
    for name in ("variance", "covariance", "z", "p_value"):
        assert getattr(weighted, name) == pytest.approx(getattr(plain, name), rel=1e-12), name
    assert [row.method for row in weighted.rows] == ["delong"]
    assert weighted.rows[0].lo == pytest.approx(plain["delong"].lo, rel=1e-12)
    assert [key for key, _ in weighted.left_out] == ["hoeffding", "hoeffding-kl"]
    assert all("sampling weights" in reason for _, reason in weighted.left_out)
    assert weighted.as_dict()["weights"] == "sampling" and "weights" not in plain.as_dict()


def test_weighted_comparison_by_column_name_with_missing_weights():
    pd = pytest.importorskip("pandas")
    frame = pd.DataFrame({"y": [0, 1, 0, 1, 0, 1, 1], "a": [0.1, 0.9, 0.4, 0.3, 0.2, 0.8, 0.6],
                          "b": [0.3, 0.2, 0.1, 0.9, 0.5, 0.7, 0.4], "w": [1, 2, None, 1, 3, 1, 2]})
    with pytest.raises(ParameterError, match="`sample_weight`.*missing value in row 2"):
        aucbound.compare("y", "a", "b", data=frame, sample_weight="w", weight_kind="frequency")
    with pytest.warns(aucbound.RowsOmittedWarning):
        omitted = aucbound.compare("y", "a", "b", data=frame, sample_weight="w", weight_kind="frequency",
                                   nan_policy="omit")
    kept = frame.dropna()
    expected = aucbound.compare(kept.y, kept.a, kept.b, sample_weight=kept.w.astype(int), weight_kind="frequency")
    assert (omitted.difference, omitted.variance, omitted.m) == (expected.difference, expected.variance, expected.m)


@pytest.mark.parametrize("options, message", [
    ({"sample_weight": [1] * 6}, "`weight_kind` must be given with `sample_weight`"),
    ({"sample_weight": [1] * 6, "weight_kind": "counts"}, "`weight_kind`"),
    ({"sample_weight": [1.5] * 6, "weight_kind": "frequency"}, "`sample_weight` must be whole numbers"),
    ({"sample_weight": [1, -1, 1, 1, 1, 1], "weight_kind": "sampling"}, "`sample_weight` must be ≥ 0"),
    ({"sample_weight": [1] * 5, "weight_kind": "sampling"}, "`sample_weight` must be as long as"),
    ({"sample_weight": [1, 1, 1, 0, 0, 0], "weight_kind": "sampling"}, "at least two rows of positive weight"),
    ({"sample_weight": [1, 1, 1, 0, 0, 0], "weight_kind": "frequency"}, "a total weight of at least 2"),
    ({"sample_weight": [1.5] * 6, "weight_kind": "sampling", "methods": ["hoeffding"]},
     "`methods` must be one of 'delong' with sampling weights"),
])
def test_bad_weighted_comparisons_are_refused(options, message):
    labels, a, b = [0, 1, 0, 1, 0, 1], [0.1, 0.9, 0.4, 0.3, 0.2, 0.8], [0.3, 0.2, 0.1, 0.9, 0.5, 0.7]
    with pytest.raises(ParameterError, match=message):
        aucbound.compare(labels, a, b, **options)


def test_only_delongs_test_is_weighted(monkeypatch):
    """Another paired test (a resampled one, say) refuses weights, naming `method`."""
    from aucbound.empirical import PAIRED_TESTS

    labels, a, b = [0, 1, 0, 1, 0, 1], [0.1, 0.9, 0.4, 0.3, 0.2, 0.8], [0.3, 0.2, 0.1, 0.9, 0.5, 0.7]
    monkeypatch.setitem(PAIRED_TESTS, "other", PAIRED_TESTS["delong"])
    assert aucbound.compare(labels, a, b, method="other").z == aucbound.compare(labels, a, b).z
    with pytest.raises(ParameterError, match="`method` must be 'delong' with `sample_weight`"):
        aucbound.compare(labels, a, b, method="other", sample_weight=[1] * 6, weight_kind="sampling")


def test_sampling_weight_interval_for_the_difference_covers():
    """A small version of bench/weights_compare_coverage.py: importance weights (each class drawn from a
    shifted, wider normal and weighted by the density ratio), 200 trials at m = n = 60."""
    sys.path.insert(0, str(Path(__file__).parents[1] / "bench"))
    from weights_compare_coverage import TRUE_DIFFERENCE, importance_pair, weighted_delong

    row = aucbound.interval_coverage(importance_pair(60), weighted_delong, TRUE_DIFFERENCE, trials=200, seed=1,
                                     method="delong", limits=(-1.0, 1.0))
    assert 0.9 <= row.coverage <= 0.99
