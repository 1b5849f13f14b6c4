"""The interval table from scores and labels: every row, its guarantee, degenerate data, properties."""

import math

import mpmath as mp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import aucbound as ab
from aucbound.empirical import default_methods
from tests.test_empirical_auc import brute_delong, tied_data

DETERMINISTIC = [key for key, spec in ab.METHODS.items() if not spec.needs_scores]


def newcombe_reference(auc, m, n, delta):
    """The ends of Newcombe's method 5 by root finding at 40 digits."""
    with mp.workdps(40):
        a, z = mp.mpf(auc), mp.sqrt(2) * mp.erfinv(1 - mp.mpf(delta))
        half = mp.mpf(m + n) / 2 - 1

        def excess(t):
            return (a - t) ** 2 - z**2 * t * (1 - t) / (m * n) * (1 + half * ((1 - t) / (2 - t) + t / (1 + t)))

        inside = mp.mpf(10) ** -25  # excess < 0 just beside Â
        lo = mp.findroot(excess, (mp.mpf(0), a - inside), solver="anderson") if auc > 0 else mp.mpf(0)
        hi = mp.findroot(excess, (a + inside, mp.mpf(1)), solver="anderson") if auc < 1 else mp.mpf(1)
        return float(lo), float(hi)


class TestTable:
    def test_default_rows_and_guarantees(self, asah):
        table = ab.intervals(asah["poor"], asah["s100b"], delta=0.05)
        assert [row.method for row in table.rows] == list(default_methods())
        assert {row.method for row in table.rows if row.guarantee == "distribution-free"} == {
            "mcdiarmid", "hoeffding", "hoeffding-kl", "bernstein", "chebyshev-max"
        }
        assert table["chebyshev-lehmann"].guarantee == "plug-in"
        assert (table.m, table.n, table.resamples, table.seed) == (41, 72, None, None)

    def test_closed_form_rows_are_the_registry_at_the_observed_values(self, asah):
        table = ab.intervals(asah["poor"], asah["s100b"], delta=0.05, methods=DETERMINISTIC)
        delong = ab.delong(asah["poor"], asah["s100b"])
        assert (table.p1, table.p2) == (delong.p1, delong.p2)  # inside [Â², Â] here, unclipped
        for key in DETERMINISTIC:
            variance = delong.variance if "variance" in ab.METHODS[key].needs else None
            expected = ab.interval(41, 72, 0.05, method=key, auc=delong.auc, p1=delong.p1, p2=delong.p2, variance=variance)
            assert table[key] == expected

    def test_newcombe_is_method_5(self, asah):
        row = ab.intervals(asah["poor"], asah["s100b"], delta=0.05, methods=["newcombe"])["newcombe"]
        lo, hi = newcombe_reference(row.estimate, 41, 72, 0.05)
        assert row.lo == pytest.approx(lo, abs=1e-14) and row.hi == pytest.approx(hi, abs=1e-14)

    @pytest.mark.parametrize("auc, m, n", [(0.0, 3, 5), (1.0, 10, 10), (0.5, 1, 1), (0.99, 1000, 20), (0.3, 7, 2)])
    def test_newcombe_interval(self, auc, m, n):
        lo, hi = ab.bounds.newcombe_interval(auc, m, n, 0.01)
        expected = newcombe_reference(auc, m, n, 0.01)
        assert lo == pytest.approx(expected[0], abs=1e-14) and hi == pytest.approx(expected[1], abs=1e-14)

    def test_delong_logit_is_the_wald_interval_on_the_logit_scale(self, asah):
        table = ab.intervals(asah["poor"], asah["ndka"], delta=0.1, methods=["delong-logit"])
        auc, se = table.auc, math.sqrt(table.delong_variance)
        half = 1.6448536269514722 * se / (auc * (1 - auc))
        logit = math.log(auc / (1 - auc))
        row = table["delong-logit"]
        assert row.lo == pytest.approx(1 / (1 + math.exp(half - logit)), abs=1e-14)
        assert row.hi == pytest.approx(1 / (1 + math.exp(-half - logit)), abs=1e-14)

    def test_methods_in_the_order_given_and_bootstrap_by_name(self, asah):
        table = ab.intervals(asah["poor"], asah["wfns"], delta=0.05, methods=["delong", "bootstrap-bca", "mcdiarmid"])
        assert [row.method for row in table.rows] == ["delong", "bootstrap-bca", "mcdiarmid"]
        assert (table.resamples, table.seed) == (2000, 0)

    def test_resamples_add_the_bootstrap_rows(self, asah):
        table = ab.intervals(asah["poor"], asah["wfns"], delta=0.05, resamples=300, seed=1)
        assert [row.method for row in table.rows][-2:] == ["bootstrap-percentile", "bootstrap-bca"]
        again = ab.intervals(asah["poor"], asah["wfns"], delta=0.05, resamples=300, seed=1)
        assert table.rows == again.rows

    def test_unknown_method(self):
        with pytest.raises(ValueError, match=r"^`methods` must be one of 'mcdiarmid', .*but got 'wilson'\.$"):
            ab.intervals([0, 1, 1], [1, 2, 3], delta=0.05, methods=["wilson"])

    def test_as_dict(self, asah):
        data = ab.intervals(asah["poor"], asah["wfns"], delta=0.05, methods=["delong"]).as_dict()
        assert data["rows"][0]["method"] == "delong" and data["confidence"] == 0.95


class TestDegenerateData:
    def test_perfect_separation(self):
        table = ab.intervals([0, 0, 0, 1, 1, 1], [1, 2, 3, 4, 5, 6], delta=0.05, resamples=100)
        assert table.auc == 1.0 and table.delong_variance == 0.0
        for key in ("delong", "delong-logit", "hanley-mcneil", "bootstrap-percentile", "bootstrap-bca"):
            assert (table[key].lo, table[key].hi) == (1.0, 1.0)
        for key in ("hoeffding-kl", "newcombe"):  # informative at Â = 1
            assert 0 < table[key].lo < 1 and table[key].hi == 1.0

    def test_all_tied(self):
        table = ab.intervals([0, 0, 0, 1, 1, 1], [2.0] * 6, delta=0.05)
        assert (table.auc, table.delong_variance) == (0.5, 0.0)
        assert (table["delong"].lo, table["delong"].hi) == (0.5, 0.5)
        assert (table["delong-logit"].lo, table["delong-logit"].hi) == (0.5, 0.5)

    def test_a_single_positive(self):
        table = ab.intervals([1, 0, 0, 0], [0.9, 0.1, 0.2, 0.95], delta=0.05)
        assert table.delong_variance is None
        for key in ("delong", "delong-logit"):
            assert (table[key].lo, table[key].hi, table[key].guarantee) == (0.0, 1.0, "vacuous")
        assert table.p1 == table.auc**2  # multiplied by m − 1 = 0 in Lehmann's variance
        assert table["normal-lehmann"].lo > 0

    def test_delong_logit_far_in_the_tails(self):
        scores = np.r_[0.0, 0.0, 1.5, np.arange(1, 2000)]  # Â = 1/5997: logit Â ≈ −8.7, half-width ≈ 20
        labels = np.r_[np.ones(3, bool), np.zeros(1999, bool)]
        row = ab.intervals(labels, scores, delta=1e-9, methods=["delong-logit"])["delong-logit"]
        assert 0 < row.lo < row.estimate < row.hi < 1

    def test_p_estimates_outside_lehmanns_range_are_clipped(self):
        for seed in range(200):
            rng = np.random.default_rng(seed)
            scores, labels = tied_data(rng, 8, 8)
            if min(labels.sum(), (~labels).sum()) < 2:
                continue
            raw = ab.delong(labels, scores)
            if raw.p1 < raw.auc**2 or raw.p2 < raw.auc**2:
                break
        else:
            pytest.fail("no example with p̂ below Â²")
        table = ab.intervals(labels, scores, delta=0.05)
        assert table.p1 == max(raw.p1, raw.auc**2) and table.p2 == max(raw.p2, raw.auc**2)


@st.composite
def data(draw):
    items = draw(st.lists(st.tuples(st.integers(0, 6), st.booleans()), min_size=2, max_size=40))
    scores = np.array([s for s, _ in items], float)
    labels = np.array([y for _, y in items])
    labels[0], labels[-1] = True, False
    return scores, labels


@given(data(), st.floats(0.001, 0.5))
def test_every_row_lies_in_the_unit_interval(sample, delta):
    scores, labels = sample
    table = ab.intervals(labels, scores, delta=delta, methods=list(ab.METHODS), resamples=30)
    for row in table.rows:
        assert 0.0 <= row.lo <= row.hi <= 1.0, row
        if row.guarantee == "distribution-free":
            assert row.lo <= table.auc <= row.hi


@given(data(), st.floats(0.001, 0.2), st.floats(1.5, 10))
def test_smaller_delta_gives_a_wider_interval(sample, delta, factor):
    scores, labels = sample
    wide = ab.intervals(labels, scores, delta=delta / factor, methods=DETERMINISTIC)
    narrow = ab.intervals(labels, scores, delta=delta, methods=DETERMINISTIC)
    for small, large in zip(narrow.rows, wide.rows):
        assert large.lo <= small.lo + 1e-12 and small.hi <= large.hi + 1e-12, (small, large)


def test_delong_rows_use_the_brute_force_variance():
    rng = np.random.default_rng(2)
    scores, labels = tied_data(rng, 50, 5)
    *_, variance = brute_delong(scores[labels], scores[~labels])
    assert ab.intervals(labels, scores, delta=0.05).delong_variance == pytest.approx(variance, abs=1e-12)
