"""The confidence sequence of aucbound.AUCMonitor, its simulator and `aucbound monitor`, against brute force
(the AUC of each prefix from the m×n kernel, the dominance count from the paired kernels, DeLong's components),
the epochs' schedule worked out by hand, Bennett's bound solved by scipy's root finder and the Chernoff–KL set
solved the same way."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, strategies as st
from scipy import optimize

import aucbound as ab
from aucbound.bounds import bernstein_deviations
from aucbound.bounds import bennett_deviation
from aucbound.empirical import AUCMonitor, dominance_sum
from aucbound.simulate import monitor_coverage

from tests.test_empirical_auc import brute_delong, brute_p, kernel

DATA = str(Path(__file__).parent / "data" / "asah_markers.csv")
ASAH = ["--label", "outcome", "--positive", "Poor"]
Z975 = 1.959963984540054  # Φ⁻¹(0.975)


def _kl(p, q):
    terms = [a * math.log(a / b) for a, b in ((p, q), (1 - p, 1 - q)) if a > 0]
    return sum(terms)


def _lehmann_p(h):
    """(p̂1, p̂2) from the m×n kernel matrix: the means of h_ij·h_i'j over distinct positives i ≠ i′ (and of
    h_ij·h_ij′ over distinct negatives), each a sum over the pairs of a column (a row) written out."""
    m, n = h.shape
    p1 = ((h.sum(axis=0) ** 2 - (h * h).sum(axis=0)).sum()) / (m * (m - 1) * n)
    p2 = ((h.sum(axis=1) ** 2 - (h * h).sum(axis=1)).sum()) / (n * (n - 1) * m)
    return float(p1), float(p2)


def test_the_kernel_form_of_lehmanns_p_is_the_triple_count():
    pos, neg = [1.0, 2, 2, 5], [0.0, 2, 3]
    assert _lehmann_p(kernel(pos, neg)) == pytest.approx(tuple(float(p) for p in brute_p(pos, neg)), abs=1e-15)


def _exact_auc(pos, neg) -> Fraction:
    twice = sum(2 * (x > y) + (x == y) for x in pos for y in neg)
    return Fraction(twice, 2 * len(pos) * len(neg))


# --- a reference written from the definitions: the kernels of each prefix, root finding for the bounds ---

def _kl_root(a, budget, below: bool):
    """The θ below (or above) a with kl(a‖θ) = budget, or the edge when kl to the edge stays within it."""
    edge = 1e-300 if below else 1 - 1e-16
    if _kl(a, edge) <= budget:
        return 0.0 if below else 1.0
    return optimize.brentq(lambda q: _kl(a, q) - budget, *((edge, a) if below else (a, edge)))


def _bennett_half_width(k, variance, tail):
    """The ε with k·(D/4)·h(2ε/D) = ln(1/tail): Bennett's bound (range 2, variance D) solved for its deviation."""
    def excess(eps):
        x = 2 * eps / variance
        return k * variance / 4 * ((1 + x) * math.log1p(x) - x) - math.log(1 / tail)

    return optimize.brentq(excess, 1e-12, 10.0)


def reference_rows(labels, first, second=None, *, batch, delta=0.05, method="bernstein"):
    """The monitor's rows (cases, m, n, estimate, lo, hi, delong_lo, delong_hi) from the kernel matrices of each
    prefix: epochs from min(m, n) ≥ 8·2^(j−1), pooled shares δ/(j(j+1)), their fixed-time half-widths
    (bernstein_deviations with Lehmann's p̂ from the kernel; Bennett and the Chernoff–KL sets by root finding)."""
    labels = np.asarray(labels, dtype=bool)
    paired = second is not None
    low = -1.0 if paired else 0.0
    lo, hi = low, 1.0
    reached, epochs, rows = 0, [], []
    for end in range(batch, len(labels) + batch, batch):
        end = min(end, len(labels))
        y = labels[:end]
        h = kernel(first[:end][y], first[:end][~y])
        m, n = h.shape
        row = dict(cases=end, m=m, n=n)
        if min(m, n) < 2:
            rows.append({**row, "lo": lo, "hi": hi, "delong_lo": lo, "delong_hi": hi})
            continue
        if paired:
            h = h - kernel(second[:end][y], second[:end][~y])  # the difference kernel d ∈ [−1, 1]
        estimate = h.mean()
        k = min(m, n)
        j = max(i for i in range(0, 40) if i == 0 or 8 * 2 ** (i - 1) <= k)
        if j > reached:
            share = delta * sum(1 / (i * (i + 1)) for i in range(reached + 1, j + 1))
            reached = j
            if method == "hoeffding-kl":
                epochs.append((k, share, None))
            elif paired:
                budget = math.log(1 / (0.1 * share)) / k
                moment = (h * h).mean()
                half = _bennett_half_width(k, _kl_root(moment, budget, False), 0.45 * share)
                epochs.append((k, share, (half, half)))
            else:
                p1, p2 = _lehmann_p(h)
                p1, p2 = min(max(p1, estimate ** 2), estimate), min(max(p2, estimate ** 2), estimate)
                epochs.append((k, share, tuple(float(t) for t in bernstein_deviations(estimate, p1, p2, m, n,
                                                                                      math.log(share)))))
        for k_j, share, eps in epochs:
            if eps is None:  # the kernel mapped into [0, 1]
                a, budget = (estimate - low) / (1 - low), math.log(2 / share) / k_j
                set_lo, set_hi = (low + (1 - low) * _kl_root(a, budget, below) for below in (True, False))
            else:  # the deviations below and above from the epoch's start, unclipped
                set_lo, set_hi = estimate - eps[0], estimate + eps[1]
            lo, hi = max(lo, set_lo), min(hi, set_hi)
        v10, v01 = h.mean(axis=1), h.mean(axis=0)
        half = Z975 * math.sqrt(v10.var(ddof=1) / m + v01.var(ddof=1) / n)
        rows.append({**row, "estimate": estimate, "lo": lo, "hi": hi, "delong_lo": max(low, estimate - half),
                     "delong_hi": min(1.0, estimate + half)})
    return rows


@pytest.mark.parametrize("method, paired", [("bernstein", False), ("hoeffding-kl", False), ("bernstein", True),
                                            ("hoeffding-kl", True)])
def test_the_monitor_is_the_reference_on_a_stream_with_ties(method, paired):
    rng = np.random.default_rng(11)
    cases = 330
    labels = rng.random(cases) < 0.35
    first = np.round(rng.normal(size=cases) + labels, 1)
    second = np.round(first + rng.normal(size=cases), 1) if paired else None
    monitor = AUCMonitor(method=method, paired=paired)
    for start, expected in zip(range(0, cases, 30),
                               reference_rows(labels, first, second, batch=30, method=method)):
        part = slice(start, start + 30)
        row = monitor.update(labels[part], first[part], None if second is None else second[part]).as_dict()
        for key, value in expected.items():
            assert row[key] == pytest.approx(value, abs=1e-9), (key, start)


# --- the incremental AUC ----------------------------------------------------------------------------

batches = st.lists(st.lists(st.tuples(st.booleans(), st.integers(0, 4)), min_size=1, max_size=12), min_size=1,
                   max_size=8)


@given(batches)
def test_the_running_auc_is_the_prefix_auc_at_every_checkpoint(stream):
    monitor = AUCMonitor()
    seen = []
    for batch in stream:
        labels, scores = zip(*batch)
        row = monitor.update(list(labels), list(scores))
        seen.extend(batch)
        pos = [s for y, s in seen if y]
        neg = [s for y, s in seen if not y]
        assert (row.cases, row.m, row.n) == (len(seen), len(pos), len(neg))
        if pos and neg:
            assert row.estimate == float(_exact_auc(pos, neg))
        if len(pos) >= 2 and len(neg) >= 2:
            assert row.estimate == ab.auc([y for y, _ in seen], [s for _, s in seen])
        else:  # until each class has two cases: the trivial interval
            assert (row.lo, row.hi, row.delong_lo, row.delong_hi) == (0.0, 1.0, 0.0, 1.0)
        assert row.lo <= row.hi or row.epochs > 0


def test_the_rows_of_the_history_and_current():
    monitor = AUCMonitor()
    assert monitor.current.cases == 0 and (monitor.current.lo, monitor.current.hi) == (0.0, 1.0)
    rng = np.random.default_rng(5)
    for _ in range(5):
        labels = rng.random(50) < 0.4
        monitor.update(labels, rng.normal(size=50) + labels)
    history = monitor.history()
    assert len(history.rows) == 5 and history.rows[-1] == monitor.current
    assert [row.cases for row in history.rows] == [50, 100, 150, 200, 250]
    frame = history.to_frame()
    assert list(frame["cases"]) == [50, 100, 150, 200, 250]
    assert "MonitorHistory" in str(history) and history.as_dict()["confidence"] == 0.95
    # the sequence is a running intersection: its ends never move outward once an epoch has started
    lo, hi = np.array([r.lo for r in history.rows]), np.array([r.hi for r in history.rows])
    assert np.all(np.diff(lo) >= 0) and np.all(np.diff(hi) <= 0)


# --- the epochs ---------------------------------------------------------------------------------------

def _balanced_stream(rng, cases, auc_shift=1.0):
    labels = np.arange(cases) % 2 == 0  # one positive, one negative, …: min(m, n) = cases/2 at even cases
    return labels, rng.normal(size=cases) + auc_shift * labels


def test_epochs_start_where_min_m_n_reaches_8_16_32_and_pool_their_shares():
    rng = np.random.default_rng(0)
    labels, scores = _balanced_stream(rng, 400)
    monitor = AUCMonitor(delta=0.1)
    for start in range(0, 400, 10):
        monitor.update(labels[start:start + 10], scores[start:start + 10])
    history = monitor.history()
    # min(m, n) = cases/2 reaches 8 first at 20 cases (10 at the first look would be 5), 16 at 40, 32 at 70, …
    assert history.epoch_starts == (20, 40, 70, 130, 260)
    # epochs 1..5 start one at a time: δ/(j(j+1))
    assert history.epoch_deltas == pytest.approx([0.1 / 2, 0.1 / 6, 0.1 / 12, 0.1 / 20, 0.1 / 30], rel=1e-15)
    # a batch that jumps past several thresholds starts them together, with the sum of their shares
    monitor = AUCMonitor(delta=0.1)
    monitor.update(labels[:70], scores[:70])  # min(m, n) = 35: epochs 1, 2, 3 at once
    assert monitor.history().epoch_starts == (70,)
    assert monitor.history().epoch_deltas == pytest.approx([0.1 * (1 / 2 + 1 / 6 + 1 / 12)], rel=1e-15)
    assert monitor.current.epochs == 3


def test_each_epoch_half_width_is_bernstein_at_its_delta_and_the_sequence_intersects_them():
    rng = np.random.default_rng(1)
    labels, scores = _balanced_stream(rng, 300)
    scores = np.round(scores, 1)  # ties
    monitor = AUCMonitor(delta=0.05)
    lo, hi = 0.0, 1.0
    epsilons = []
    for start in range(0, 300, 30):
        row = monitor.update(labels[start:start + 30], scores[start:start + 30])
        end = start + 30
        pos, neg = scores[:end][labels[:end]], scores[:end][~labels[:end]]
        history = monitor.history()
        if end in history.epoch_starts:
            delta_j = history.epoch_deltas[history.epoch_starts.index(end)]
            auc = float(_exact_auc(pos.tolist(), neg.tolist()))
            p1, p2 = _lehmann_p(kernel(pos, neg))
            p1, p2 = min(max(p1, auc * auc), auc), min(max(p2, auc * auc), auc)
            above, below = (float(t) for t in bernstein_deviations(auc, p1, p2, len(pos), len(neg), math.log(delta_j)))
            assert history.epoch_epsilons[-1] == pytest.approx(max(above, below), rel=1e-9)
            epsilons.append((above, below))
        if epsilons:
            lo = max(lo, row.estimate - min(t for t, _ in epsilons))
            hi = min(hi, row.estimate + min(t for _, t in epsilons))
        assert (row.lo, row.hi) == pytest.approx((lo, hi), abs=1e-12)
        variance = brute_delong(pos, neg)[-1]
        assert row.delong_lo == pytest.approx(max(0.0, row.estimate - Z975 * math.sqrt(variance)), abs=1e-12)
        assert row.delong_hi == pytest.approx(min(1.0, row.estimate + Z975 * math.sqrt(variance)), abs=1e-12)


def test_the_chernoff_kl_sequence_is_the_intersection_of_each_epochs_kl_set():
    rng = np.random.default_rng(2)
    labels, scores = _balanced_stream(rng, 200)
    monitor = AUCMonitor(method="hoeffding-kl")
    for start in range(0, 200, 50):
        monitor.update(labels[start:start + 50], scores[start:start + 50])
    history = monitor.history()
    assert history.epoch_starts == (50, 100, 150) and history.epoch_epsilons == ()


def _kl_set(auc, k, delta):
    """{θ : k·kl(Â‖θ) ≤ ln(2/δ)} by root finding."""
    budget = math.log(2 / delta) / k
    lo = 0.0 if _kl(auc, 1e-300) <= budget else optimize.brentq(lambda q: _kl(auc, q) - budget, 1e-300, auc)
    hi = 1.0 if _kl(auc, 1 - 1e-16) <= budget else optimize.brentq(lambda q: _kl(auc, q) - budget, auc, 1 - 1e-16)
    return lo, hi


def test_the_chernoff_kl_sequence_is_the_running_intersection_of_each_epochs_kl_set():
    rng = np.random.default_rng(2)
    labels, scores = _balanced_stream(rng, 200)
    monitor = AUCMonitor(method="hoeffding-kl")
    lo, hi = 0.0, 1.0
    for start in range(0, 200, 50):
        row = monitor.update(labels[start:start + 50], scores[start:start + 50])
        history = monitor.history()
        for cases, delta_j in zip(history.epoch_starts, history.epoch_deltas):
            a, b = _kl_set(row.estimate, cases // 2, delta_j)  # k = min(m, n) at the epoch's start
            lo, hi = max(lo, a), min(hi, b)
        assert (row.lo, row.hi) == pytest.approx((lo, hi), abs=1e-9)


# --- two models on the same cases -------------------------------------------------------------------

@given(st.lists(st.tuples(st.booleans(), st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=40))
def test_the_dominance_count_is_the_brute_force_sum_of_paired_kernels(items):
    pos = np.array([(a, b) for y, a, b in items if y], dtype=float).reshape(-1, 2)
    neg = np.array([(a, b) for y, a, b in items if not y], dtype=float).reshape(-1, 2)
    brute = 4 * (kernel(pos[:, 0], neg[:, 0]) * kernel(pos[:, 1], neg[:, 1])).sum()
    assert dominance_sum(pos[:, 0], pos[:, 1], neg[:, 0], neg[:, 1]) == int(round(brute))


@pytest.mark.parametrize("pairs, variance, tail", [(100, 0.2, 0.01), (10**4, 0.05, 0.0225), (30, 1.0, 0.001)])
def test_the_paired_half_width_solves_bennetts_bound(pairs, variance, tail):
    # Bennett (1962): P(mean − Δ ≥ ε) ≤ exp(−k·(D/b²)·h(bε/D)), h(x) = (1 + x)ln(1 + x) − x, range b = 2
    def excess(eps):
        x = 2 * eps / variance
        return pairs * variance / 4 * ((1 + x) * math.log1p(x) - x) - math.log(1 / tail)

    expected = optimize.brentq(excess, 1e-9, 10.0)
    assert float(bennett_deviation(pairs, variance, 2.0, math.log(tail))) == pytest.approx(expected, rel=1e-6)


def test_the_paired_monitor_follows_the_difference_with_its_own_epochs():
    rng = np.random.default_rng(3)
    cases = 240
    labels = rng.random(cases) < 0.4
    first = np.round(rng.normal(size=cases) + labels, 1)
    second = np.round(first + rng.normal(size=cases), 1)
    monitor = AUCMonitor(paired=True, delta=0.05)
    for start in range(0, cases, 60):
        row = monitor.update(labels[start:start + 60], first[start:start + 60], second[start:start + 60])
        end = start + 60
        y = labels[:end]
        k1, k2 = kernel(first[:end][y], first[:end][~y]), kernel(second[:end][y], second[:end][~y])
        assert (row.auc1, row.auc2) == (k1.mean(), k2.mean())
        assert row.estimate == pytest.approx(k1.mean() - k2.mean(), abs=1e-15)
        d10, d01 = (k1 - k2).mean(axis=1), (k1 - k2).mean(axis=0)
        variance = d10.var(ddof=1) / len(d10) + d01.var(ddof=1) / len(d01)
        assert row.delong_lo == pytest.approx(row.estimate - Z975 * math.sqrt(variance), abs=1e-12)
        history = monitor.history()
        if end in history.epoch_starts:  # D̂ from the kernels, its KL upper bound by root finding, then Bennett
            m, n = k1.shape
            k = min(m, n)
            delta_j = history.epoch_deltas[-1]
            moment = ((k1 - k2) ** 2).mean()
            budget = math.log(1 / (0.1 * delta_j)) / k
            upper = optimize.brentq(lambda q: _kl(moment, q) - budget, moment, 1 - 1e-15)
            expected = float(bennett_deviation(k, upper, 2.0, math.log(0.45 * delta_j)))
            assert history.epoch_epsilons[-1] == pytest.approx(expected, rel=1e-7)
    assert -1.0 <= row.lo <= row.estimate <= row.hi <= 1.0


# --- bad input ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("make, call, parameter", [
    (dict(), lambda m: m.update([0, 1, 2], [0.1, 0.2, 0.3]), "pos_label"),
    (dict(), lambda m: m.update(["a", "b"], [0.1, 0.2]), "pos_label"),
    (dict(), lambda m: m.update([0, 1], [0.1, float("nan")]), "scores"),
    (dict(), lambda m: m.update([0, 1, 1], [0.1, 0.2]), "labels"),
    (dict(), lambda m: m.update([0, 1], [0.1, 0.2], [0.3, 0.4]), "scores2"),
    (dict(paired=True), lambda m: m.update([0, 1], [0.1, 0.2]), "scores2"),
    (dict(paired=True), lambda m: m.update([0, 1], [0.1, 0.2], [0.3]), "scores2"),
    (dict(pos_label="x"), lambda m: (m.update(["x", "y"], [1, 2]), m.update(["z"], [3])), "labels"),
])
def test_bad_input_names_the_parameter(make, call, parameter):
    with pytest.raises((ValueError, TypeError), match=f"`{parameter}`"):
        call(AUCMonitor(**make))


@pytest.mark.parametrize("kwargs, parameter", [(dict(method="wald"), "method"), (dict(delta=1.5), "delta"),
                                               (dict(paired="yes"), "paired")])
def test_bad_settings_name_the_parameter(kwargs, parameter):
    with pytest.raises((ValueError, TypeError), match=f"`{parameter}`"):
        AUCMonitor(**kwargs)


# --- the simulator -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def small_runs():
    common = dict(cases=1000, batch=100, trials=120, compare_at=(500, 1000))
    return [monitor_coverage(scenario="binormal", auc=0.8, prevalence=0.3, seed=1, **common),
            monitor_coverage(scenario="rating", auc=0.8, prevalence=0.5, seed=2, **common),
            monitor_coverage(scenario="binormal", auc=0.9, method="hoeffding-kl", seed=3,
                             **{**common, "trials": 20})]


def test_the_sequence_covers_at_every_look_in_a_small_run(small_runs):
    for result in small_runs:
        assert result.sequence_coverage >= 0.95 - 3 * result.sequence_mcse
        assert result.sequence_coverage >= result.delong_coverage  # repeated looks cost DeLong coverage
        assert result.checkpoints == tuple(range(100, 1100, 100))
        fixed = result.width_at(1000)
        assert fixed["sequence"] > fixed["delong"] and fixed["bernstein"] > 0
        assert result.sequence_mcse == pytest.approx(
            math.sqrt(result.sequence_coverage * (1 - result.sequence_coverage) / result.trials))


def test_the_simulator_refuses_bad_settings():
    with pytest.raises(ValueError, match="`prevalence`"):
        monitor_coverage(prevalence=1.0)
    with pytest.raises(ValueError, match="`batch`"):
        monitor_coverage(cases=100, batch=0)


# --- the command line --------------------------------------------------------------------------------

def test_monitor_cli_json_is_the_library_history(cli, asah):
    result = cli("monitor", DATA, "--score", "s100b", *ASAH, "--batch", "25", "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["results"]
    monitor = AUCMonitor(pos_label="Poor")
    labels = np.array(asah["outcome"], dtype=object)
    for start, row in zip(range(0, 113, 25), rows):
        expected = monitor.update(labels[start:start + 25], asah["s100b"][start:start + 25]).as_dict()
        assert row == expected
    assert rows[-1]["cases"] == 113 and rows[-1]["estimate"] == pytest.approx(0.7313686, abs=1e-7)  # pROC's auc


@pytest.mark.parametrize("args, needle", [
    (["--score", "nope"], "--score"),
    (["--score", "s100b", "--batch", "0"], "--batch"),
    (["--score", "s100b", "--batch", "-3"], "--batch"),
    (["--score", "s100b", "--score", "wfns", "--score", "ndka"], "--score"),
    (["--score", "s100b", "--method", "wald"], "--method"),
    (["--score", "s100b", "--delta", "2"], "--delta"),
])
def test_monitor_cli_bad_input_is_one_line(cli_error, args, needle):
    assert needle in cli_error("monitor", DATA, *args, *ASAH)


def test_monitor_cli_one_class_only_is_one_line(cli_error, tmp_path):
    path = tmp_path / "good.csv"
    path.write_text("outcome,s100b\n" + "".join(f"Good,{k / 10}\n" for k in range(10)))
    assert "--positive" in cli_error("monitor", path, "--score", "s100b", *ASAH)
    path.write_text("outcome,s100b\nPoor,0.5\n" + "".join(f"Good,{k / 10}\n" for k in range(10)))
    assert "--label must have at least two positives" in cli_error("monitor", path, "--score", "s100b", *ASAH)
