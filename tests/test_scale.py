"""aucbound.scale on DuckDB: the same exact answers as the in-memory functions on the same rows, from
every kind of source, and bad tables refused in one line with nothing left in the spill directory."""

import os

import duckdb
import numpy as np
import pandas as pd
import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import aucbound
from aucbound import ParameterError, RowsOmittedWarning
from aucbound.empirical._delong import statistics


def _in_memory(labels, scores):
    """The in-memory statistics of the rows (the reference): exact 2U, S10, S01, p̂1, p̂2."""
    mask = np.asarray(labels).astype(bool)
    scores = np.asarray(scores)
    if scores.dtype.kind in "iu":  # integers beyond 2^53: their exact ranks, as the in-memory path compares them
        scores = np.unique(scores, return_inverse=True)[1].astype(np.float64)
    return statistics(np.sort(scores[mask].astype(np.float64)), np.sort(scores[~mask].astype(np.float64)))


def _close(a, b, tol=1e-12):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= tol * max(abs(a), abs(b), 1e-300)


def _assert_same(result, reference):
    assert result.twice_u == reference.twice_u
    assert (result.m, result.n) == (reference.m, reference.n)
    assert result.auc == reference.auc
    assert _close(result.delong_variance, reference.variance)
    for ours, theirs in ((result.p1, reference.p1), (result.p2, reference.p2)):
        assert _close(ours, float(aucbound.empirical.clip_to_lehmann_range(theirs, reference.auc)))


def _tables():
    rng = np.random.default_rng(20261126)
    n = 20_000
    labels = (rng.random(n) < 0.3).astype(np.int8)
    normal = rng.normal(size=n) + 0.8 * labels
    yield "float64 ties", labels, np.round(normal, 1)
    yield "float64 distinct", labels, normal
    yield "float32", labels, normal.astype(np.float32)
    yield "int64 beyond 2^53", labels, (2**60 + np.round(normal * 100)).astype(np.int64)
    yield "int64 small", labels, np.round(normal * 3).astype(np.int64)
    yield "all equal", labels, np.full(n, 0.25)
    few = np.zeros(n, dtype=np.int8)
    few[123] = 1
    yield "one positive", few, normal


TABLES = list(_tables())


@pytest.mark.parametrize("name, labels, scores", TABLES, ids=[t[0] for t in TABLES])
def test_exact_against_the_in_memory_statistics(name, labels, scores):
    frame = pa.table({"y": labels, "s": scores})
    result = aucbound.table_auc(frame, score="s", label="y")
    reference = _in_memory(labels, scores)
    _assert_same(result, reference)
    if reference.variance is not None:
        table = aucbound.intervals(labels, scores)
        for ours, theirs in zip(result.rows, table.rows):
            assert ours.method == theirs.method
            assert _close(ours.lo, theirs.lo, 1e-10) and _close(ours.hi, theirs.hi, 1e-10)


def test_one_positive_against_a_million_negatives():
    rng = np.random.default_rng(1)
    scores = rng.normal(size=10**6)
    labels = np.zeros(10**6, dtype=np.int8)
    labels[0] = 1
    result = aucbound.table_auc(pa.table({"y": labels, "s": scores}), score="s", label="y")
    below, tied = int(np.count_nonzero(scores < scores[0])), int(np.count_nonzero(scores == scores[0])) - 1
    assert result.twice_u == 2 * below + tied
    assert result.auc == aucbound.auc(labels, scores)
    assert result.delong_variance is None and result["delong"].guarantee == "vacuous"


def test_the_roc_points_are_those_of_roc_curve():
    for _, labels, scores in TABLES[:3] + TABLES[4:6]:
        curve = aucbound.table_roc(pa.table({"y": labels, "s": scores}), score="s", label="y")
        reference = aucbound.roc_curve(labels, scores.astype(np.float64))
        assert np.array_equal(curve.tp, reference.tp) and np.array_equal(curve.fp, reference.fp)
        assert np.array_equal(curve.thresholds, reference.thresholds)
        assert curve.auc == reference.auc


def test_integers_beyond_2_53_have_no_roc_thresholds():
    labels, scores = TABLES[3][1], TABLES[3][2]
    with pytest.raises(ParameterError, match="2\\^53"):
        aucbound.table_roc(pa.table({"y": labels, "s": scores}), score="s", label="y")


@pytest.mark.parametrize("narrow", [True, False])
def test_paired_comparison_as_compare_gives_it(narrow, monkeypatch):
    if not narrow:  # the placements through the second sort as float64, as for tables of 2^30 rows and more
        monkeypatch.setattr("aucbound.scale._duckdb.NARROW_PLACEMENTS", 0)
    rng = np.random.default_rng(7)
    n = 30_000
    labels = (rng.random(n) < 0.4).astype(np.int8)
    a = np.round(rng.normal(size=n) + labels, 1)
    b = np.round(0.7 * a + rng.normal(size=n) * 0.7 + 0.2 * labels, 2)
    result = aucbound.table_compare(pa.table({"y": labels, "a": a, "b": b}), scores=("a", "b"), label="y")
    reference = aucbound.compare(labels, a, b)
    assert (result.auc_a, result.auc_b, result.difference) == (reference.auc_a, reference.auc_b, reference.difference)
    for field in ("z", "variance", "covariance", "p_value"):
        assert _close(getattr(result, field), getattr(reference, field)), field
    for ours, theirs in zip(result.rows, reference.rows):
        assert ours.method == theirs.method and _close(ours.lo, theirs.lo, 1e-10)


# --- sources ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The same rows as Parquet (one file, a directory of three, a glob), CSV and a DuckDB database."""
    root = tmp_path_factory.mktemp("tables")
    rng = np.random.default_rng(3)
    n = 3000
    labels = (rng.random(n) < 0.5).astype(np.int8)
    scores = np.round(rng.normal(size=n) + labels, 2)
    table = pa.table({"y": labels, "p": scores, "word": np.where(labels == 1, "yes", "no")})
    pq.write_table(table, root / "one.parquet")
    (root / "parts").mkdir()
    for k in range(3):
        pq.write_table(table.slice(k * 1000, 1000), root / "parts" / f"part{k}.parquet")
    table.to_pandas().to_csv(root / "rows.csv", index=False)
    database = str(root / "rows.duckdb")
    with duckdb.connect(database) as con:
        con.execute("CREATE TABLE scored AS SELECT * FROM read_parquet(?)", [str(root / "one.parquet")])
    return root, labels, scores, database


def test_every_source_gives_the_same_answer(files):
    root, labels, scores, database = files
    expected = aucbound.auc(labels, scores)
    frame = pd.DataFrame({"y": labels, "p": scores})
    con = duckdb.connect()
    sources = [str(root / "one.parquet"), root / "parts", str(root / "parts" / "*.parquet"), str(root / "rows.csv"),
               pa.table(frame), frame, pl.from_pandas(frame), con.from_df(frame)]
    for source in sources:
        assert aucbound.table_auc(source, score="p", label="y").auc == expected, source
    query = aucbound.table_auc(sql="SELECT p, y FROM scored", database=database, score="p", label="y")
    assert query.auc == expected and query.source == "the query"
    files_query = aucbound.table_auc(sql=f"SELECT * FROM '{root / 'one.parquet'}'", score="p", label="y")
    assert files_query.auc == expected
    worded = aucbound.table_auc(root / "one.parquet", score="p", label="word", pos_label="yes")
    assert worded.auc == expected


# --- bad input ----------------------------------------------------------------------------------


def test_bad_tables_are_refused_in_one_line(files, tmp_path):
    root, _, _, database = files
    one = str(root / "one.parquet")
    cases = [
        (dict(source=one, score="q", label="y"), "`score` must name a column of"),
        (dict(source=one, score="p", label="word"), "`pos_label` must name the positive class"),
        (dict(source=one, score="word", label="y"), "`score` must name a numeric column"),
        (dict(source=pa.table({"y": [0, 1, 2], "p": [0.1, 0.2, 0.3]}), score="p", label="y"), "of two classes"),
        (dict(source=pa.table({"y": pa.array([], pa.int8()), "p": pa.array([], pa.float64())}), score="p", label="y"),
         "`source` must be a table with rows"),
        (dict(source=pa.table({"y": [0, 1, None], "p": [0.1, 0.2, 0.3]}), score="p", label="y"),
         "1 row with no label"),
        (dict(source=pa.table({"y": [0, 1, 1], "p": [0.1, float("nan"), None]}), score="p", label="y"),
         "2 rows with no score"),
        (dict(source=str(root / "rows.csv") + ".parquet", score="p", label="y"), "an existing file"),
        (dict(source=one, score="p", label="y", engine="spark2"), "`engine` must be one of"),
        (dict(source=one, score="p", label="y", memory_limit="lots"), "`memory_limit` must be a memory size"),
        (dict(source=one, score="p", label="y", spill_dir=str(tmp_path / "nowhere")), "`spill_dir` must be"),
        (dict(sql="SELECT 1", database=str(tmp_path / "none.duckdb"), score="p", label="y"), "`database` must be"),
        (dict(source=one, sql="SELECT 1", score="p", label="y"), "`sql` must be given without a source"),
        (dict(sql="SELECT nonsense FROM nowhere", score="p", label="y"), "`source` must be a table DuckDB can read"),
        (dict(source=object(), score="p", label="y"), "`source` must be a path"),
    ]
    for kwargs, message in cases:
        with pytest.raises((ParameterError, TypeError)) as error:
            aucbound.table_auc(**kwargs)
        assert message in str(error.value), (kwargs, str(error.value))
        assert "\n" not in str(error.value)


def test_a_file_that_is_not_parquet(tmp_path):
    path = tmp_path / "scores.parquet"
    path.write_text("y,p\n0,0.1\n1,0.2\n")
    with pytest.raises(ParameterError, match="which is not Parquet"):
        aucbound.table_auc(str(path), score="p", label="y")


def test_missing_rows_omitted_with_a_warning():
    table = pa.table({"y": [0, 1, 1, None, 0, 1], "p": [0.1, 0.9, float("nan"), 0.3, 0.2, None]})
    with pytest.warns(RowsOmittedWarning, match="omitted 3 of 6"):
        result = aucbound.table_auc(table, score="p", label="y", nan_policy="omit")
    assert (result.auc, result.m, result.n) == (1.0, 1, 2)


def test_the_spill_directory_is_left_empty_even_on_ctrl_c(tmp_path):
    rng = np.random.default_rng(0)
    table = pa.table({"y": (rng.random(200_000) < 0.5).astype(np.int8), "p": rng.normal(size=200_000)})
    aucbound.table_auc(table, score="p", label="y", spill_dir=tmp_path, memory_limit="64MB")
    assert os.listdir(tmp_path) == []

    def interrupt(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        aucbound.table_auc(table, score="p", label="y", spill_dir=tmp_path, progress=interrupt)
    assert os.listdir(tmp_path) == []


# --- property: any small table, the in-memory answer ---------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(-3, 3)), min_size=2, max_size=40))
def test_any_small_table(rows):
    labels = np.array([r[0] for r in rows], dtype=np.int8)
    if labels.min() == labels.max():
        return
    scores = np.array([r[1] for r in rows], dtype=np.float64) / 2
    result = aucbound.table_auc(pa.table({"y": labels, "s": scores}), score="s", label="y")
    _assert_same(result, _in_memory(labels, scores))


# --- binned mode ---------------------------------------------------------------------------------


def _brute_binned(labels, scores, bins):
    """2U with the pairs inside one bin counted 0, 1 and 1/2, by comparing every pair's bins (the bins
    of equal width as NumPy computes them, the same floating-point operations)."""
    low, high = scores.min(), scores.max()
    which = np.minimum(np.floor((scores - low) / (high - low) * bins), bins - 1) if high > low else \
        np.zeros(len(scores))
    pos, neg = which[labels == 1], which[labels == 0]
    above = int((pos[:, None] > neg[None, :]).sum())
    inside = int((pos[:, None] == neg[None, :]).sum())
    exact = aucbound.auc(labels, scores)
    return 2 * above, 2 * above + inside, 2 * above + 2 * inside, exact


@pytest.mark.parametrize("bins", [2, 7, 100, 5000])
def test_binned_bounds_are_exact_and_hold_the_auc(bins):
    rng = np.random.default_rng(bins)
    labels = (rng.random(3000) < 0.35).astype(np.int8)
    scores = rng.gamma(2.0, size=3000) + 0.7 * labels
    result = aucbound.table_auc(pa.table({"y": labels, "s": scores}), score="s", label="y", bins=bins)
    low, middle, high, exact = _brute_binned(labels, scores, bins)
    scale = 2 * result.m * result.n
    assert (result.auc_low, result.auc, result.auc_high) == (low / scale, middle / scale, high / scale)
    assert result.auc_low <= exact <= result.auc_high
    assert [row.method for row in result.rows] == ["mcdiarmid", "hoeffding", "hoeffding-kl", "chebyshev-max"]
    for row in result.rows:  # each row holds the intervals at both ends of the bounds
        at_low = aucbound.interval(result.m, result.n, delta=0.05, auc=result.auc_low, method=row.method)
        at_high = aucbound.interval(result.m, result.n, delta=0.05, auc=result.auc_high, method=row.method)
        assert row.lo == at_low.lo and row.hi == at_high.hi


def test_binned_mode_refuses_methods_that_need_the_scores():
    table = pa.table({"y": [0, 1, 0, 1], "s": [0.1, 0.2, 0.3, 0.4]})
    with pytest.raises(ParameterError, match="distribution-free and read only m, n and Â with `bins`"):
        aucbound.table_auc(table, score="s", label="y", bins=10, methods=["delong"])


# --- groups --------------------------------------------------------------------------------------


def _grouped_table(seed=11, rows=6000):
    rng = np.random.default_rng(seed)
    site = rng.choice(["north", "south", "east", None], rows, p=[0.5, 0.3, 0.15, 0.05])
    band = rng.integers(0, 3, rows)
    labels = (rng.random(rows) < 0.3).astype(np.int8)
    scores = np.round(rng.normal(size=rows) + labels * np.where(site == "south", 1.2, 0.8), 1)
    labels[(site == "east") & (band == 2)] = 0  # a group without positives
    return pa.table({"y": labels, "s": scores, "site": site, "band": band})


def test_groups_equal_the_in_memory_results_group_by_group():
    table = _grouped_table()
    result = aucbound.table_groups(table, score="s", label="y", by=["site", "band"])
    frame = table.to_pandas()
    labels, scores = frame.y.to_numpy(), frame.s.to_numpy()
    assert result.auc == aucbound.auc(labels, scores) and (result.m, result.n) == (labels.sum(), (labels == 0).sum())
    assert len(result.groups) == 12
    for group in result.groups:
        site, band = group.group
        in_site = frame.site.isna() if site is None else frame.site == site
        inside = in_site.to_numpy() & (frame.band == band).to_numpy()
        assert (group.m, group.n) == (int(labels[inside].sum()), int((labels[inside] == 0).sum()))
        if group.m == 0:
            assert group.auc is None and group.versus_rest is None
            continue
        _assert_same(aucbound.table_auc(pa.table({"y": labels[inside], "s": scores[inside]}), score="s", label="y"),
                     _in_memory(labels[inside], scores[inside]))
        reference = _in_memory(labels[inside], scores[inside])
        assert group.twice_u == reference.twice_u and group.auc == reference.auc
        assert _close(group.delong_variance, reference.variance)
        expected = aucbound.compare_unpaired(labels[inside], scores[inside], labels[~inside], scores[~inside],
                                             methods=["delong", "hoeffding"])
        rest = group.versus_rest
        assert rest.difference == expected.difference
        for field in ("statistic", "p_value", "variance", "df"):
            assert _close(getattr(rest, field), getattr(expected, field)), field
        for ours, theirs in zip(rest.rows, expected.rows):
            assert ours.method == theirs.method
            assert _close(ours.lo, theirs.lo, 1e-10) and _close(ours.hi, theirs.hi, 1e-10)


def test_too_many_groups_are_refused_before_the_sort():
    rows = aucbound.scale.MAX_GROUPS + 1
    table = pa.table({"y": np.arange(rows) % 2, "s": np.arange(rows, dtype=float), "id": np.arange(rows)})
    with pytest.raises(ParameterError, match=f"at most {aucbound.scale.MAX_GROUPS} groups"):
        aucbound.table_groups(table, score="s", label="y", by="id")


@pytest.mark.parametrize("ends, focus, correct", [((0.9, 1), "specificity", False), ((0.8, 0.95), "specificity", True),
                                                  ((0.9, 1), "sensitivity", True), ((0, 0.3), "sensitivity", False),
                                                  ((0, 1), "specificity", False), ((0.2, 0.21), "specificity", False)])
def test_partial_auc_as_in_memory(ends, focus, correct):
    for _, labels, scores in TABLES[:2] + TABLES[4:6]:
        table = pa.table({"y": labels, "s": scores})
        ours = aucbound.table_partial_auc(table, score="s", label="y", range=ends, focus=focus, correct=correct)
        theirs = aucbound.partial_auc(labels, scores, range=ends, focus=focus, correct=correct, resamples=None)
        assert (ours.auc, ours.corrected, ours.m, ours.n) == (theirs.auc, theirs.corrected, theirs.m, theirs.n)


def test_a_nan_label_is_a_missing_label():
    table = pa.table({"y": [0.0, 1.0, float("nan"), 1.0, 0.0], "s": [0.1, 0.2, 0.3, 0.4, 0.5]})
    with pytest.raises(ParameterError, match="1 row with no label"):
        aucbound.table_auc(table, score="s", label="y")
    with pytest.warns(RowsOmittedWarning, match="omitted 1 of 5"):
        result = aucbound.table_auc(table, score="s", label="y", nan_policy="omit")
    assert (result.m, result.n, result.twice_u) == (2, 2, 4)
