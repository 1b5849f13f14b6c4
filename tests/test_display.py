"""Results on screen and in pandas: str(), Jupyter's _repr_html_() and to_frame(), on real results."""

import dataclasses
import functools
import html
import math
import numbers
import re
import subprocess
import sys
import time
from decimal import Decimal
from fractions import Fraction
from html.parser import HTMLParser

import numpy as np
import pytest

import aucbound as ab
from aucbound import experiments, learn, optimal, reductions, results, shatter
from aucbound._display import Displayed

LABELS = [0, 0, 1, 1, 1, 0, 1, 0, 0, 1, 1, 0, 1, 0]
SCORES = [0.1, 0.4, 0.35, 0.8, 0.7, 0.2, 0.9, 0.6, 0.3, 0.55, 0.65, 0.05, 0.45, 0.5]
OTHER = [0.3, 0.1, 0.6, 0.7, 0.2, 0.4, 0.8, 0.5, 0.15, 0.9, 0.35, 0.25, 0.75, 0.05]


def _curve():
    return ab.roc_curve(LABELS, SCORES)


def _coverage():
    return ab.coverage("binormal", 10, 10, 0.05, trials=20)


def _power():
    return ab.power_test(0.73, ncases=41, ncontrols=72)


def _shatter():
    return ab.Linear(2).rank_shatter(10, 20)


def _regret():
    return ab.regret_experiment(8, noise=0.25, trials=20, seed=3)


def _bound_shape():
    return experiments.bound_shape([20], [20, 40], trials=2)


def _loss_scores():
    return experiments.loss_scores(size=100, rounds=5, dimension=3)


def _preference():
    return reductions.Preference.from_scores(np.random.default_rng(1).normal(size=30))


#: How to build each result through the public API.
BUILD = {
    "Interval": lambda: ab.interval(100, 50, 0.05, method="hoeffding-kl", auc=0.83),
    "SampleSize": lambda: ab.sample_size(0.05, 0.01, 0.1),
    "UniformBound": lambda: ab.uniform_bound(ab.Linear(16), 5000, 5000, 0.01),
    "SampleComplexity": lambda: ab.uniform_sample_size(ab.Line(), 0.1, 0.01, "1/10"),
    "ConsistentRanker": lambda: shatter.consistent_linear_ranker([[2, 1], [3, 0]], [[0, 0], [1, -1]]),
    "PsiReport": lambda: ab.psi_report(100, 100),
    "CountBound": lambda: _shatter().candidates[0],
    "ShatterBound": _shatter,
    "MeasuredCount": lambda: shatter.realized_rank_matrices(ab.Line(), [0.3, 1.2, -0.5], [0.1, 0.9, 2.0]),
    "DeLong": lambda: ab.delong(LABELS, SCORES),
    "AUCIntervals": lambda: ab.intervals(LABELS, SCORES),
    "Comparison": lambda: ab.compare(LABELS, SCORES, OTHER),
    "DistributionFreePower": lambda: _power().distribution_free[0],
    "PowerAnalysis": _power,
    "ROCCurve": _curve,
    "OperatingPoint": lambda: ab.best_threshold(_curve())[0],
    "ROCBand": lambda: ab.roc_band(LABELS, SCORES),
    "PartialAUC": lambda: ab.partial_auc(LABELS, SCORES, resamples=50),
    "MethodCoverage": lambda: _coverage().rows[0],
    "Coverage": _coverage,
    "BandCoverage": lambda: ab.band_coverage(m=10, n=10, trials=20),
    "CoverageStudy": lambda: ab.coverage_study(("binormal",), (10, 20), (0.05,), trials=10),
    "PairSample": lambda: ab.auc_train(LABELS, np.random.default_rng(0).normal(size=(14, 2))),
    "DegreeRanking": lambda: ab.degree_ranking(_preference()),
    "QuickSortRanking": lambda: ab.quicksort_ranking(_preference(), seed=1),
    "QuickSortRuns": lambda: ab.quicksort_runs(_preference(), range(12)),
    "TournamentCheck": lambda: ab.exhaustive_check(4),
    "RegularTournamentExample": lambda: reductions.example1(5),
    "FeedbackArcSetExample": lambda: reductions.example2("1/2", n=2),
    "AdversaryLabelling": lambda: reductions.three_cycle_adversary(lambda h: [0, 1, 2]),
    "TightExamples": lambda: reductions.tight_examples([3, 5], ["1/2"]),
    "RegretRow": lambda: _regret().rows[1],
    "RegretExperiment": _regret,
    "QuickSortCalls": lambda: ab.quicksort_calls((5, 10, 20), seeds=3),
    "Calibration": lambda: ab.calibration_alpha("exponential"),
    "DiscreteBayes": lambda: ab.discrete_bayes([Fraction(1, 5), Fraction(3, 10), Fraction(1, 2)],
                                               [Fraction(1, 2), Fraction(3, 10), Fraction(1, 5)]),
    "NormalBayes": lambda: ab.normal_bayes(),
    "DiscreteMinimizer": lambda: ab.minimize_risk([0.2, 0.3, 0.5], [0.5, 0.3, 0.2]),
    "HingeToyCase": lambda: optimal.hinge_toy_case([0.2, 0.3, 0.5], [0.5, 0.3, 0.2]),
    "OptimalSteps": lambda: ab.optimal_steps(4),
    "LimitingJumps": lambda: optimal.limiting_jumps(),
    "HingeExcessRisk": lambda: optimal.hinge_excess_risk(),
    "BoostedRanker": lambda: learn.rankboost(*np.random.default_rng(0).normal([[[1]], [[-1]]], 1, (2, 30, 2)),
                                             rounds=15),
    "BoundShapeRow": lambda: _bound_shape().rows[0],
    "BoundShapeExperiment": _bound_shape,
    "RankBoostNormal": lambda: experiments.rankboost_normal(size=100, rounds=30),
    "LossScoresRow": lambda: _loss_scores().rows[0],
    "LossScores": _loss_scores,
    # the multiclass AUC
    "MulticlassAUC": lambda: ab.multiclass_auc(["a", "b", "c"] * 4, np.random.default_rng(2).random((12, 3))),
    "MulticlassInterval": lambda: ab.multiclass_auc(["a", "b", "c"] * 4, np.random.default_rng(2).random((12, 3))).rows[0],
}
# the resampled tests of two ROC curves
BUILD["ResampledTest"] = lambda: ab.empirical.venkatraman_test(LABELS, SCORES, SCORES[::-1], resamples=50)

# precision–recall
BUILD.update({
    "PRCurve": lambda: ab.precision_recall_curve(LABELS, SCORES),
    "PRAUC": lambda: ab.pr_auc(LABELS, SCORES, resamples=50),
})

#: The table of each result that has one: the row dicts, or the names of its column attributes.
ROWS = {
    "AUCIntervals": lambda r: [row.as_dict() for row in r.rows],
    "Comparison": lambda r: [row.as_dict() for row in r.rows],
    "Coverage": lambda r: [row.as_dict() for row in r.rows],
    "PowerAnalysis": lambda r: r.rows,
    "ShatterBound": lambda r: [dataclasses.asdict(bound) for bound in r.candidates],
    "CoverageStudy": lambda r: r.records(),
    "RegretExperiment": lambda r: [row.as_dict() for row in r.rows],
    "BoundShapeExperiment": lambda r: [row.as_dict() for row in r.rows],
    "LossScores": lambda r: [row.as_dict() for row in r.rows],
    "TightExamples": lambda r: r.rows,
    "MulticlassAUC": lambda r: [row.as_dict() for row in r.rows],
}
COLUMNS = {
    "ROCCurve": ("thresholds", "tp", "fp", "sensitivity", "specificity"),
    "ROCBand": ("at", "estimate", "lo", "hi"),
    "BandCoverage": ("specificities", "pointwise", "pointwise_mcse"),
    "QuickSortCalls": ("sizes", "quicksort", "quicksort_se", "top_k", "top_k_se", "degree", "expected_quicksort",
                       "expected_top_k", "expected_degree"),
    "QuickSortRuns": ("seeds", "calls"),
    "BoostedRanker": ("features", "thresholds", "alphas", "alpha_rules"),
}
# precision–recall
ROWS["PRAUC"] = lambda r: [row.as_dict() for row in r.rows]
COLUMNS["PRCurve"] = ("threshold", "precision", "recall", "tp", "fp")

#: The as_dict() key of each row table.
ROWS_KEY = {"ShatterBound": "candidates", "CoverageStudy": "records"}

# the comparison suite's results
BUILD.update({
    "UnpairedComparison": lambda: ab.compare_unpaired(LABELS, SCORES, LABELS[::-1], OTHER, alternative="greater"),
    "CurvesComparison": lambda: ab.compare_curves(LABELS, [SCORES, OTHER, SCORES[::-1]]),
    "PairwiseDifference": lambda: ab.compare_curves(LABELS, [SCORES, OTHER]).pairs[0],
})
ROWS.update({"UnpairedComparison": lambda r: [row.as_dict() for row in r.rows],
             "CurvesComparison": lambda r: [row.as_dict() for row in r.pairs]})
ROWS_KEY["CurvesComparison"] = "pairs"


@functools.cache
def build(name):
    return BUILD[name]()


def shown(value) -> str:
    """How a single value should read: 6 significant digits, '-' for None, long integers shortened."""
    if value is None:
        return "-"
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value))
    if isinstance(value, numbers.Integral):
        return str(value) if abs(value) < 10**20 else shortened(int(value))
    if isinstance(value, numbers.Real) and not isinstance(value, Fraction):
        return f"{float(value):.6g}"
    return str(value)


def shortened(value: int) -> str:
    exact = Decimal(value)  # exact, and not through int → str (limited to 4300 digits)
    return f"≈{exact:.5e} ({exact.adjusted() + 1} digits)"


def is_single(value) -> bool:
    return value is None or isinstance(value, (str, bool, numbers.Number, np.bool_))


def hidden(result) -> set:
    return {field.name for field in dataclasses.fields(result) if not field.repr}


def table_keys(name) -> set:
    return set(COLUMNS.get(name, ())) | ({ROWS_KEY.get(name, "rows")} if name in ROWS else set())


def expected_scalars(name, result) -> dict:
    """as_dict() less the hidden fields and the table (for a curve and a pair sample, whose as_dict()
    writes out every point or pair, their fields and the pair count)."""
    if name in ("ROCCurve", "PairSample"):
        data = {field.name: getattr(result, field.name) for field in dataclasses.fields(result)}
        data.update({"pairs": result.pairs} if name == "PairSample" else {})
    else:
        data = result.as_dict()
    return {key: value for key, value in data.items() if key not in hidden(result) | table_keys(name)}


def expected_rows(name, result) -> list[dict]:
    if name in ROWS:
        return ROWS[name](result)
    columns = {column: list(getattr(result, column)) for column in COLUMNS[name]}
    return [dict(zip(columns, values)) for values in zip(*columns.values())]


def shown_rows(name, result) -> list[dict]:
    """The rows as str and HTML show them: less the columns that repeat a field shown above."""
    rows = expected_rows(name, result)
    if name not in ROWS:
        return rows
    scalars = expected_scalars(name, result)
    repeated = {key for key, value in scalars.items()
                if all(key in row and type(row[key]) is type(value) and row[key] == value for row in rows)}
    return [{key: value for key, value in row.items() if key not in repeated} for row in rows]


def ends(rows: list) -> list:
    """A table of up to 60 rows is shown whole, a longer one by its first and last ten."""
    return rows if len(rows) <= 60 else rows[:10] + rows[-10:]


def more(total: int) -> str:
    """The line under a table of `total` rows cut to its first and last ten."""
    return f"… {total - 20:,} of {total:,} rows not shown: to_frame() has every row"


DOTS = "…"


def same(a, b) -> bool:
    """Equal, with None and NaN both meaning missing (pandas stores a missing float as NaN)."""
    missing = [x is None or (isinstance(x, float) and math.isnan(x)) for x in (a, b)]
    if any(missing):
        return all(missing)
    if isinstance(a, (list, tuple, np.ndarray)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


# --- every result type --------------------------------------------------------------------


@pytest.mark.parametrize("cls", [value for value in vars(results).values()
                                 if isinstance(value, type) and dataclasses.is_dataclass(value)],
                         ids=lambda cls: cls.__name__)
def test_every_result_class_has_the_display_mixin(cls):
    assert issubclass(cls, Displayed)
    assert "__str__" not in vars(cls) and "_repr_html_" not in vars(cls) and "to_frame" not in vars(cls)


def test_the_build_list_covers_the_result_types():
    classes = {name for name, value in vars(results).items() if isinstance(value, type) and dataclasses.is_dataclass(value)}
    assert set(BUILD) == classes
    for name in BUILD:
        assert type(build(name)).__name__ == name


def test_the_mixin_leaves_repr_eq_hash_and_asdict_alone():
    assert {"__repr__", "__eq__", "__hash__", "__init__"}.isdisjoint(vars(Displayed))
    result = build("Interval")
    again = ab.interval(100, 50, 0.05, method="hoeffding-kl", auc=0.83)
    assert repr(result).startswith("Interval(method='hoeffding-kl', m=100, n=50, delta=0.05, epsilon=")
    assert result == again and hash(result) == hash(again) and result != dataclasses.replace(result, m=101)
    assert dataclasses.asdict(result) == {field.name: getattr(result, field.name) for field in dataclasses.fields(result)}
    assert result.as_dict() == {**dataclasses.asdict(result), "confidence": 0.95}
    assert "v10" not in repr(build("DeLong"))


@pytest.mark.parametrize("name", BUILD)
def test_str_names_the_result_and_shows_each_field_and_row(name):
    result = build(name)
    text = str(result)
    lines = text.splitlines()
    assert lines[0].split(":")[0] == name and len(lines) > 2
    scalars = expected_scalars(name, result)
    field_lines = lines[1:lines.index("")] if "" in lines else lines[1:]
    width = max(map(len, scalars))
    assert [line[:width].rstrip() for line in field_lines] == list(scalars)
    for line, (key, value) in zip(field_lines, scalars.items()):
        if is_single(value):
            assert line == f"{key:<{width}}  {shown(value)}"
    if name in ROWS or name in COLUMNS:
        check_table_text(lines[lines.index("") + 1:], shown_rows(name, result))
    else:
        assert "" not in lines


def check_table_text(lines, rows):
    header, rule, *body = lines
    headers = list(dict.fromkeys(key for row in ends(rows) for key in row))
    assert header.split() == headers and set(rule) == {"-", " "}
    expected = [[shown(row.get(key)) for key in headers] for row in ends(rows)]
    if len(rows) > 60:
        assert body.pop() == more(len(rows))
        expected.insert(10, [DOTS] * len(headers))  # a row of dots where the middle is left out
    assert [re.split(r"\s{2,}", line.strip()) for line in body] == expected


class Page(HTMLParser):
    """The tags of an HTML fragment, checked to balance, and the text of each cell."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.open, self.tags, self.cells = [], set(), []

    def handle_starttag(self, tag, attrs):
        self.open.append(tag)
        self.tags.add(tag)
        if tag in ("th", "td"):
            self.cells.append("")

    def handle_endtag(self, tag):
        assert self.open.pop() == tag

    def handle_data(self, data):
        if self.open and self.open[-1] in ("th", "td"):
            self.cells[-1] += data


def parse(fragment: str) -> Page:
    page = Page()
    page.feed(fragment)
    page.close()
    assert page.open == []
    return page


@pytest.mark.parametrize("name", BUILD)
def test_html_has_balanced_tables_of_the_escaped_values(name):
    result = build(name)
    fragment = result._repr_html_()
    page = parse(fragment)
    assert page.tags <= {"table", "caption", "thead", "tbody", "tr", "th", "td"}
    assert fragment.count("<table>") == (2 if name in ROWS or name in COLUMNS else 1)
    assert f"<caption>{html.escape(str(result).splitlines()[0])}</caption>" in fragment
    for key, value in expected_scalars(name, result).items():
        if is_single(value):
            assert f"<tr><th>{html.escape(key)}</th><td>{html.escape(shown(value))}</td></tr>" in fragment
    if name in ROWS or name in COLUMNS:
        rows = shown_rows(name, result)
        for row in ends(rows):
            assert "<tr>" + "".join(f"<td>{html.escape(shown(value))}</td>" for value in row.values()) + "</tr>" in fragment
        assert (more(len(rows)) in page.cells) == (len(rows) > 60)


def test_html_escapes_what_html_would_read():
    band = build("ROCBand")
    assert "&" in band.source and "Kiefer &amp; Wolfowitz" in band._repr_html_()
    assert "Kiefer & Wolfowitz" not in band._repr_html_() and "Kiefer & Wolfowitz" in str(band)


@pytest.mark.parametrize("name", BUILD)
def test_to_frame_holds_every_row_and_the_fields(name):
    result = build(name)
    frame = result.to_frame()
    scalars = expected_scalars(name, result)
    if name in ROWS or name in COLUMNS:
        rows = expected_rows(name, result)
        assert frame.shape == (len(rows), len(rows[0])) and list(frame.columns) == list(rows[0])
        for k, row in enumerate(rows):
            assert all(same(frame[key].iloc[k], value) for key, value in row.items()), (k, row)
        assert set(frame.attrs) == set(scalars)
        assert all(same(frame.attrs[key], value) for key, value in scalars.items())
    else:
        assert frame.shape == (1, len(scalars)) and list(frame.columns) == list(scalars) and not frame.attrs
        assert all(same(frame[key].iloc[0], value) for key, value in scalars.items())


def test_a_frame_of_a_curve_has_its_arrays_as_numeric_columns():
    curve = build("ROCCurve")
    frame = curve.to_frame()
    for column in COLUMNS["ROCCurve"]:
        assert np.array_equal(frame[column].to_numpy(), getattr(curve, column))
        assert frame[column].dtype == getattr(curve, column).dtype
    assert frame.attrs == {"m": curve.m, "n": curve.n, "auc": curve.auc, "source": curve.source}


def test_a_frame_of_interval_rows_equals_each_rows_as_dict():
    table = build("AUCIntervals")
    frame = table.to_frame()
    assert [frame.iloc[k].to_dict() == row.as_dict() for k, row in enumerate(table.rows)] == [True] * len(table.rows)
    assert frame.attrs["auc"] == table.auc and frame.attrs["confidence"] == table.confidence


def test_to_frame_without_pandas_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r"to_frame\(\) needs pandas: pip install pandas") as caught:
        build("Interval").to_frame()
    assert caught.value.__suppress_context__ and caught.value.__cause__ is None


def test_importing_and_showing_results_does_not_import_pandas():
    code = ("import sys, aucbound; r = aucbound.intervals([0, 1, 1, 0], [0.2, 0.7, 0.4, 0.5]); "
            "str(r); r._repr_html_(); assert 'pandas' not in sys.modules, 'pandas imported'")
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)


# --- long tables, missing values, long integers -------------------------------------------


def test_a_long_table_shows_its_first_and_last_ten_rows_and_says_where_the_rest_are():
    curve = ab.roc_curve(np.arange(100) % 2, np.arange(100) / 100)
    assert len(curve) == 101
    lines = str(curve).splitlines()
    body = lines[lines.index("") + 3:]
    assert body[-1] == "… 81 of 101 rows not shown: to_frame() has every row" and len(body) == 22
    assert [line.split()[0] for line in body[:-1]] == \
           [shown(t) for t in [*curve.thresholds[:10], DOTS, *curve.thresholds[-10:]]]
    assert body[0].split()[0] == "inf" and body[-2].split()[0] == "-inf"
    page = parse(curve._repr_html_())
    assert page.cells[-1] == "… 81 of 101 rows not shown: to_frame() has every row"
    assert len(curve.to_frame()) == 101


def test_a_short_table_is_shown_whole():
    lines = str(build("BoundShapeExperiment")).splitlines()
    assert len(lines[lines.index("") + 3:]) == 2 and not lines[-1].startswith("…")
    curve = build("ROCCurve")
    assert len(curve) == 15 and len(str(curve).splitlines()) == 1 + 4 + 1 + 2 + 15  # title, fields, blank, header


def test_every_row_of_an_interval_table_with_the_bootstrap_is_shown():
    """Fourteen rows, bootstrap included: none is left out in text or in HTML."""
    table = ab.intervals(LABELS, SCORES, resamples=200)
    assert len(table.rows) == 14
    text = str(table)
    assert all(f"\n{row.method} " in text for row in table.rows) and "…" not in text
    fragment = table._repr_html_()
    assert all(f"<tr><td>{row.method}</td>" in fragment for row in table.rows) and "…" not in fragment


def test_a_long_list_in_a_field_shows_its_ends_and_its_length():
    ranking = build("DegreeRanking")
    line = next(line for line in str(ranking).splitlines() if line.startswith("order "))
    head, tail = ", ".join(map(str, ranking.order[:5])), ", ".join(map(str, ranking.order[-5:]))
    assert line.endswith(f"[{head}, …, {tail}] (30 values)")


def test_none_is_shown_as_a_dash_in_fields_and_in_cells():
    bound = build("ShatterBound")
    assert any(candidate.value is None for candidate in bound.candidates)
    lines = str(bound).splitlines()
    rows = [line for line in lines if line.startswith("thm-4.11")]
    assert rows and rows[0].split()[-1] == "-"
    assert "<td>-</td>" in bound._repr_html_()
    assert re.search(r"^resamples\s+-$", str(build("AUCIntervals")), re.MULTILINE)


def test_integers_of_more_than_twenty_digits_are_shortened_with_their_digit_count():
    size = ab.sample_size(1e-100, 0.05, 0.5)
    assert len(str(size.N)) == 201
    assert str(size).splitlines()[0] == f"SampleSize: N = {shortened(size.N)}"
    assert re.search(rf"^N\s+{re.escape(shortened(size.N))}$", str(size), re.MULTILINE)
    assert shortened(size.N).endswith("e+200 (201 digits)")
    psi = build("PsiReport").psi
    assert f"<td>{shortened(psi)}</td>" in build("PsiReport")._repr_html_()


@pytest.mark.parametrize("value, text", [(10**20 - 1, "99999999999999999999"), (10**20, "≈1.00000e+20 (21 digits)"),
                                         (-(10**20), "≈-1.00000e+20 (21 digits)"),
                                         (10**21 - 1, "≈1.00000e+21 (21 digits)"),
                                         (2**70, "≈1.18059e+21 (22 digits)")])
def test_the_twenty_digit_limit(value, text):
    bound = results.CountBound(key="k", log_value=0.0, source="s", value=value)
    assert re.search(rf"^value\s+{re.escape(text)}$", str(bound), re.MULTILINE)


def test_an_integer_python_will_not_write_out_is_still_shown():
    value = 3**10000 + 1  # 4772 digits: int → str refuses past 4300
    bound = results.CountBound(key="k", log_value=10000 * math.log(3), source="s", value=value)
    assert re.search(rf"^value\s+{re.escape(shortened(value))}$", str(bound), re.MULTILINE)
    assert shortened(value).endswith("(4772 digits)")
    assert bound.to_frame()["value"].iloc[0] == value


# --- a million points -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def big_curve():
    rng = np.random.default_rng(0)
    labels = rng.integers(0, 2, 10**6)
    return ab.roc_curve(labels, labels + rng.normal(size=10**6))


def test_a_curve_of_a_million_points_shows_fast_without_as_dict(big_curve, monkeypatch):
    monkeypatch.setattr(results.ROCCurve, "as_dict", lambda self: pytest.fail("as_dict() writes out every point"))
    started = time.perf_counter()
    text = str(big_curve)
    took = time.perf_counter() - started
    assert took < 0.5, f"str() of a million-point curve took {took:.3f} s"
    assert text.endswith(more(len(big_curve))) and len(big_curve) == 10**6 + 1
    started = time.perf_counter()
    fragment = big_curve._repr_html_()
    assert time.perf_counter() - started < 0.5
    assert fragment.count("<tr>") == 4 + 1 + 21 + 1  # m, n, auc, source; the header, twenty points and dots, the count


def test_a_frame_of_a_million_points_takes_the_arrays(big_curve):
    frame = big_curve.to_frame()
    assert frame.shape == (10**6 + 1, 5)
    assert frame["tp"].dtype == np.int64 and frame["thresholds"].dtype == np.float64
    assert np.array_equal(frame["fp"].to_numpy(), big_curve.fp)


def test_per_item_arrays_are_shown_nowhere():
    variance = build("DeLong")
    assert variance.v10 is not None
    for text in (str(variance), variance._repr_html_()):
        assert "v10" not in text and "v01" not in text
    assert {"v10", "v01"}.isdisjoint(variance.to_frame().columns)
    model = build("BoostedRanker")
    assert {"z", "risk", "train_auc", "low", "span"}.isdisjoint(line.split(" ")[0] for line in str(model).splitlines())


# tables beyond memory (aucbound.scale)
def _table():
    import pandas as pd

    return pd.DataFrame({"y": LABELS, "s": SCORES, "g": np.arange(len(LABELS)) % 2})


BUILD.update({
    "TableAUC": lambda: ab.table_auc(_table(), score="s", label="y"),
    "GroupedTableAUC": lambda: ab.table_groups(_table(), score="s", label="y", by="g"),
    "GroupAUC": lambda: ab.table_groups(_table(), score="s", label="y", by="g").groups[0],
})
ROWS.update({"TableAUC": lambda r: [row.as_dict() for row in r.rows],
             "GroupedTableAUC": lambda r: [group.as_dict() for group in r.groups]})
ROWS_KEY["GroupedTableAUC"] = "groups"


# confidence sequences for monitoring
def _monitor():
    monitor = ab.AUCMonitor()
    for start in range(0, len(LABELS), 4):
        monitor.update(np.asarray(LABELS)[start:start + 4], np.asarray(SCORES)[start:start + 4])
    return monitor


BUILD.update({
    "MonitorHistory": lambda: _monitor().history(),
    "MonitorRow": lambda: _monitor().current,
    "MonitorCoverage": lambda: ab.simulate.monitor_coverage(cases=200, batch=50, trials=3, compare_at=(200,)),
})
ROWS["MonitorHistory"] = lambda r: [row.as_dict() for row in r.rows]
COLUMNS["MonitorCoverage"] = ("checkpoints", "sequence_width", "delong_width")
