"""One registration is a whole interval method: every caller picks it up from the registry."""

import json

import numpy as np
import pytest

import aucbound as ab
from tests import reference


def twice_mcdiarmid(X, m, n, log_delta, est):
    """2·sqrt((1/m + 1/n)·ln(2/δ)/2): twice McDiarmid's half-width, so a valid (wide) method."""
    return 2 * X.sqrt((1 / m + 1 / n) * (X.LN2 - log_delta) / 2)


@pytest.fixture
def toy():
    method = ab.Method.symmetric("toy-wide", "twice McDiarmid", "a test", "distribution-free",
                                 "2·ε_McD", twice_mcdiarmid, any_kernel=True)
    ab.register(method)
    yield method
    ab.bounds.unregister("toy-wide")


def test_a_toy_method_reaches_every_caller(toy, cli):
    expected = 2 * float(reference.mcdiarmid_epsilon(100, 50, 0.05))
    assert ab.interval(100, 50, 0.05, method="toy-wide").epsilon == pytest.approx(expected, rel=1e-14)
    assert "toy-wide" in [row.method for row in ab.interval_table(100, 50, 0.05)]
    # the sample size inverts it exactly: one example fewer would not do
    size = ab.sample_size(0.1, 0.05, 0.5, method="toy-wide")
    assert 2 * reference.mcdiarmid_epsilon(size.m, size.n, 0.05) <= 0.1
    assert 2 * reference.mcdiarmid_epsilon(*ab.bounds.split_sample(size.N - 1, 0.5), 0.05) > 0.1
    labels = np.r_[np.ones(30), np.zeros(40)]
    scores = np.random.default_rng(0).normal(size=70) + labels
    row = ab.intervals(labels, scores, methods=["toy-wide"])["toy-wide"]
    assert row.epsilon == pytest.approx(2 * float(reference.mcdiarmid_epsilon(30, 40, 0.05)), rel=1e-14)
    assert "toy-wide" in [r.method for r in ab.intervals(labels, scores).rows]
    comparison = ab.compare(labels, scores, -scores, methods=["toy-wide"])
    half = 2 * 2 * float(reference.mcdiarmid_epsilon(30, 40, 0.05))  # twice the AUC's, for a kernel in [−1, 1]
    row = comparison["toy-wide"]
    assert (row.lo, row.hi) == pytest.approx((max(-1.0, comparison.difference - half), min(1.0, comparison.difference + half)))
    covered = ab.coverage("binormal", 20, 20, 0.05, trials=200, methods=["toy-wide"])
    assert covered["toy-wide"].coverage == 1.0
    result = cli("interval", "--m", 100, "--n", 50, "--method", "toy-wide", "--format", "json")
    assert json.loads(result.stdout)["results"][0]["epsilon"] == pytest.approx(expected, rel=1e-14)
    assert cli("sample-size", "--epsilon", 0.1, "--method", "toy-wide").exit_code == 0


def test_a_key_is_registered_once(toy):
    with pytest.raises(ValueError, match="registered already"):
        ab.register(toy)


def test_every_method_has_its_computation():
    for spec in ab.METHODS.values():
        assert spec.guarantee in ab.GUARANTEES and spec.guarantee != "vacuous"
        assert (spec.ends is None) == spec.needs_scores and (spec.data is not None) == spec.needs_scores
        # bernstein's half-width is a minimum over λ found on a grid, with no exact test to invert
        assert spec.invertible == (set(spec.needs) <= {"auc", "p1", "p2"} and spec.key != "bernstein")


def test_the_intervals_documentation_lists_every_method():
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "intervals.md").read_text(encoding="utf-8")
    for spec in ab.METHODS.values():
        assert f"`{spec.key}`" in page, spec.key
        assert spec.source in page, spec.key
