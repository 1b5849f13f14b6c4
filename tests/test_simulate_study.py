"""The standard study, reduced in trials: every finite-sample method reaches coverage ≥ 1 − δ − 3·MCSE
on every scenario, every (m, n) and both δ; and the grid's cells, records and summary."""

import pytest

import aucbound as ab
from aucbound.simulate import STUDY_DELTAS, STUDY_SCENARIOS, STUDY_SIZES

#: Trials per cell of the reduced study (the standard one has 10,000): about 6 s on one core.
REDUCED_TRIALS = 2500
#: The distribution-free methods the reduced study runs: all but bernstein, whose worst cells run in
#: tests/test_bernstein.py (and its full study in bench/sharper_coverage.py and docs/coverage.md), since it alone
#: would triple the study's time.
STUDIED = tuple(key for key in ab.bounds.distribution_free_methods() if key != "bernstein")


@pytest.fixture(scope="module")
def reduced_study():
    """All 7 scenarios × 16 pairs (m, n) × 2 δ, the four finite-sample methods and DeLong's Wald interval."""
    return ab.coverage_study(methods=[*STUDIED, "delong"], trials=REDUCED_TRIALS, seed=2026)


def test_the_reduced_study_is_the_standard_grid(reduced_study):
    cells = {(cell.scenario, cell.m, cell.n, cell.delta) for cell in reduced_study.cells}
    assert cells == {(s, m, n, d) for s in STUDY_SCENARIOS for m in STUDY_SIZES for n in STUDY_SIZES for d in STUDY_DELTAS}
    assert len(reduced_study.cells) == 7 * 16 * 2
    assert set(ab.bounds.distribution_free_methods()) == {"mcdiarmid", "hoeffding", "hoeffding-kl", "bernstein", "chebyshev-max"}


def test_finite_sample_methods_reach_their_coverage_everywhere(reduced_study):
    failures = [
        (cell.scenario, cell.m, cell.n, cell.delta, row.method, row.coverage, row.mcse)
        for cell in reduced_study.cells
        for row in cell.rows
        if row.method in STUDIED and not row.coverage >= 1 - cell.delta - 3 * row.mcse
    ]
    assert failures == []


def test_the_study_can_see_a_failure(reduced_study):
    """The same check flags DeLong's interval at near-perfect separation, where Â = 1 is common."""
    flagged = {(cell.scenario, cell.m, cell.n) for cell in reduced_study.cells if cell["delong"].below_nominal}
    assert ("near-perfect", 10, 10) in flagged
    assert all(not cell[key].below_nominal for cell in reduced_study.cells for key in STUDIED)


def test_each_cell_is_a_single_run_with_the_same_seed(reduced_study):
    for cell in reduced_study.cells[::37]:
        single = ab.coverage(cell.scenario, cell.m, cell.n, cell.delta,
                             methods=[*STUDIED, "delong"], trials=REDUCED_TRIALS, seed=2026)
        assert single == cell


def test_worst_coverage_summarizes_the_cells(reduced_study):
    summary = ab.simulate.worst_coverage(reduced_study)
    assert [(r["delta"], r["method"]) for r in summary] == [
        (d, key) for d in STUDY_DELTAS for key in (*STUDIED, "delong")
    ]
    for record in summary:
        rows = [(cell.scenario, cell[record["method"]]) for cell in reduced_study.cells if cell.delta == record["delta"]]
        for name in STUDY_SCENARIOS:
            assert record[name] == min(row.coverage for scenario, row in rows if scenario == name)
        assert record["worst"] == min(record[name] for name in STUDY_SCENARIOS)
        assert record["below_nominal"] == sum(row.below_nominal for _, row in rows) and record["cells"] == 112
        assert record["guarantee"] == ab.METHODS[record["method"]].guarantee


def test_records_are_one_per_cell_and_method(reduced_study):
    records = reduced_study.records()
    assert len(records) == 224 * 5
    first = records[0]
    assert (first["scenario"], first["m"], first["n"], first["delta"], first["method"]) == ("binormal", 10, 10, 0.05, "mcdiarmid")
    assert first["coverage"] == reduced_study.cells[0].rows[0].coverage and first["seed"] == 2026
    data = reduced_study.as_dict()
    assert data["records"] == records and data["sizes"] == STUDY_SIZES and "cells" not in data


def test_a_small_grid_of_chosen_scenarios_and_sizes():
    seen = []
    study = ab.coverage_study([ab.scenario("exponential", 0.6), "adversarial"], sizes=[4, 7], deltas=[0.1],
                              methods=["newcombe"], trials=300, progress=lambda done, total: seen.append(done / total))
    assert [(c.scenario, c.true_auc, c.m, c.n) for c in study.cells] == [
        ("exponential", 0.6, 4, 4), ("exponential", 0.6, 4, 7), ("exponential", 0.6, 7, 4), ("exponential", 0.6, 7, 7),
        ("adversarial", 0.8, 4, 4), ("adversarial", 0.8, 4, 7), ("adversarial", 0.8, 7, 4), ("adversarial", 0.8, 7, 7),
    ]
    assert seen == [k / 8 for k in range(1, 9)]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"scenarios": []}, r"`scenarios` must be at least one scenario, but got \[\]\."),
        ({"scenarios": ["rating", "rating"]}, r"`scenarios` must be scenarios with distinct names, but got \['rating', 'rating'\]\."),
        ({"sizes": []}, r"`sizes` must be at least one value, but got \[\]\."),
        ({"sizes": [10, 0]}, r"`sizes` must be an integer ≥ 1, but got 0\."),
        ({"deltas": [0.05, 2]}, r"`deltas` must be in \(0, 1\), but got 2\.0\."),
    ],
)
def test_bad_grids(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ab.coverage_study(**{"trials": 10, **kwargs})


def test_a_method_registered_later_is_held_to_its_promise():
    """The registry is read when the study runs: a method labelled distribution-free after import is checked
    like the built-in ones, and one whose interval is far too narrow is caught breaking its promise."""
    too_narrow = ab.Method.symmetric("too-narrow", "A half-width of 0.001", "none", "distribution-free",
                                     "ε = 0.001 whatever m, n and δ", lambda X, m, n, log_delta, est: 0.001 + 0 * m)
    ab.register(too_narrow)
    try:
        assert "too-narrow" in ab.bounds.distribution_free_methods()
        study = ab.coverage_study(["binormal"], sizes=[20], deltas=[0.05], trials=400, seed=1,
                                  methods=["too-narrow", "mcdiarmid"])
        broken = study.broken_promises()
        # Â = 2U/(2mn) at m = n = 20 takes values 1/800 apart: within 0.001 of A only when it hits A's grid point,
        # a small share of the 400 trials, far below 0.95.
        assert [(b["method"], b["m"], b["n"]) for b in broken] == [("too-narrow", 20, 20)]
        assert broken[0]["coverage"] < 0.2
    finally:
        ab.bounds.unregister("too-narrow")
    assert "too-narrow" not in ab.bounds.distribution_free_methods()


def test_broken_promises_is_empty_when_every_promise_held(reduced_study):
    assert reduced_study.broken_promises() == []


def test_the_former_constant_still_answers_with_a_deprecation_warning():
    with pytest.warns(DeprecationWarning, match="distribution_free_methods"):
        assert ab.simulate.FINITE_SAMPLE_METHODS == ab.bounds.distribution_free_methods()
