"""table_auc on Apache Spark: the same exact 2U, DeLong variance and p̂1, p̂2 as the in-memory statistics
of the sorted classes and as the DuckDB engine, and bad input refused in one line.

One local Spark session (two cores) serves the module. Skipped where pyspark or Java is missing, except
in CI, which installs both and sets AUCBOUND_REQUIRE_SPARK: there a missing Spark fails."""

import contextlib
import os
import shutil
import sys
import warnings

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import aucbound
from aucbound.empirical import clip_to_lehmann_range
from aucbound.empirical._delong import statistics

try:
    import pyspark  # noqa: F401
except ImportError:
    HAVE_PYSPARK = False
else:
    HAVE_PYSPARK = True
HAVE_JAVA = shutil.which("java") is not None or bool(os.environ.get("JAVA_HOME"))
REQUIRED = bool(os.environ.get("AUCBOUND_REQUIRE_SPARK"))

# skipped where pyspark or Java is missing, except in CI, which installs them and sets AUCBOUND_REQUIRE_SPARK
pytestmark = pytest.mark.skipif(not (HAVE_PYSPARK and HAVE_JAVA) and not REQUIRED,
                                reason="pyspark or Java is not installed")


@pytest.fixture(scope="module")
def spark():
    assert HAVE_PYSPARK, "AUCBOUND_REQUIRE_SPARK is set but pyspark is not installed"
    assert HAVE_JAVA, "AUCBOUND_REQUIRE_SPARK is set but Java is not installed"
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)  # the workers need this interpreter's packages
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        # one shuffle partition (each costs tasks: see `several_partitions`), small Arrow batches
        # one core, the JVM's quick compiler and one garbage-collector thread: the suite's other worker keeps
        # the other core
        session = (SparkSession.builder.master("local[1]").appName("aucbound-tests")
                   .config("spark.driver.extraJavaOptions", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC")
                   .config("spark.ui.showConsoleProgress", "false").config("spark.ui.enabled", "false")
                   .config("spark.log.level", "ERROR").config("spark.sql.shuffle.partitions", "1")
                   .config("spark.sql.execution.arrow.maxRecordsPerBatch", "1000").getOrCreate())
    yield session
    session.stop()


@contextlib.contextmanager
def several_partitions(spark):
    """Three shuffle partitions, kept apart however small: the levels of a few thousand rows arrive in
    several partitions of several Arrow batches each, as from a cluster."""
    settings = {"spark.sql.shuffle.partitions": "3", "spark.sql.adaptive.coalescePartitions.enabled": "false"}
    before = {key: spark.conf.get(key) for key in settings}
    for key, value in settings.items():
        spark.conf.set(key, value)
    try:
        yield
    finally:
        for key, value in before.items():
            spark.conf.set(key, value)


def frame(spark, **columns):
    """A Spark DataFrame of numpy or Python columns (through Arrow, keeping their types)."""
    return spark.createDataFrame(pa.table(columns))


def on_spark(source, **kwargs):
    return aucbound.table_auc(source, engine="spark", **kwargs)


def expected(scores, positive):
    """Statistics of the sorted classes, in memory, on dense ranks (exact for any int64 or float)."""
    _, ranks = np.unique(scores, return_inverse=True)
    ranks = ranks.astype(np.float64)
    return statistics(np.sort(ranks[positive]), np.sort(ranks[~positive]))


def assert_same(result, reference):
    """`result` (a TableAUC) against :class:`Statistics` or another TableAUC."""
    assert (result.m, result.n, result.twice_u) == (reference.m, reference.n, reference.twice_u)
    assert result.auc == reference.twice_u / (2 * reference.m * reference.n)
    if hasattr(reference, "engine"):
        variance, p1, p2 = reference.delong_variance, reference.p1, reference.p2
    else:  # p̂1 (p̂2) is undefined with one positive (negative): TableAUC then has the clipped DuckDB value
        variance = reference.variance
        p1, p2 = (None if p is None else float(clip_to_lehmann_range(p, reference.auc))
                  for p in (reference.p1, reference.p2))
    assert result.delong_variance == (None if variance is None else pytest.approx(variance, rel=1e-12, abs=1e-300))
    for got, want in [(result.p1, p1), (result.p2, p2)]:
        if want is not None:
            assert got == pytest.approx(want, rel=1e-12)


def random_scores(kind: str, size: int, rng):
    if kind == "int64-beyond-2^53":  # float64 would merge 2^60 + k and 2^60 + k + 1
        return (2**60 + rng.integers(0, 40, size)).astype(np.int64)
    if kind == "float64-distinct":  # thousands of levels: several partitions, several Arrow batches each
        return rng.random(size)
    if kind == "int64":
        return rng.integers(-30, 30, size).astype(np.int64)
    values = np.round(rng.normal(size=size), 1)  # ties
    return values.astype(np.float32 if kind == "float32" else np.float64)


@pytest.mark.parametrize("kind", ["float64", "float64-distinct", "float32", "int64", "int64-beyond-2^53"])
def test_random_tables_exact(spark, kind):
    rng = np.random.default_rng(len(kind))
    scores = random_scores(kind, 3000, rng)
    labels = rng.random(3000) < 0.4 + 0.1 * (scores > np.median(scores))
    source = frame(spark, s=scores, y=labels)
    calls = []
    with several_partitions(spark) if kind == "float64-distinct" else contextlib.nullcontext():
        result = on_spark(source, score="s", label="y", progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (3000, 3000)
    if kind == "float64-distinct":  # 3000 levels: batches of at most 1000 from three partitions of uneven size
        assert len(calls) > 3
    assert result.engine == "spark"
    assert_same(result, expected(scores, labels))
    assert_same(result, aucbound.table_auc(pa.table({"s": scores, "y": labels}), score="s", label="y"))
    if kind != "int64-beyond-2^53":  # aucbound.auc takes float64 scores
        assert result.auc == aucbound.auc(labels, scores.astype(np.float64))


def test_float32_levels_stay_float32(spark):
    from aucbound.scale._spark import SparkTable

    scores = np.array([0.1, 0.1, 0.2, 0.1, 0.3, 0.2], dtype=np.float32)
    labels = np.array([True, False, True, True, False, False])
    source = frame(spark, s=scores, y=labels)
    levels = list(SparkTable(source, "f").sorted_levels("s", "y", True, omit=False, progress=lambda *_: None, total=6))
    values, pos, neg = (np.concatenate(parts) for parts in zip(*levels))
    assert values.dtype == np.float32 and values.tolist() == np.array([0.1, 0.2, 0.3], np.float32).tolist()
    assert (pos.tolist(), neg.tolist()) == ([2, 1, 0], [1, 1, 1])
    # positives at 0.1, 0.1, 0.2 against negatives at 0.1, 0.2, 0.3: 2U = 2·(0 + 0 + 1) + (1 + 1 + 1) ties
    assert on_spark(source, score="s", label="y").twice_u == 5


def test_one_positive_against_many_negatives(spark):
    rng = np.random.default_rng(7)
    negatives = rng.integers(0, 1000, 100_000).astype(np.float64)
    scores = np.append(negatives, 500.0)
    labels = np.append(np.zeros(100_000, bool), True)
    with several_partitions(spark):
        result = on_spark(frame(spark, s=scores, y=labels), score="s", label="y")
    below, tied = int(np.sum(negatives < 500)), int(np.sum(negatives == 500))
    assert (result.m, result.n, result.twice_u) == (1, 100_000, 2 * below + tied)  # brute force
    assert_same(result, expected(scores, labels))
    assert_same(result, aucbound.table_auc(pa.table({"s": scores, "y": labels}), score="s", label="y"))


def test_all_scores_equal(spark):
    labels = np.array([True, False] * 50 + [False] * 7)
    result = on_spark(frame(spark, s=np.full(labels.shape[0], 3, np.int64), y=labels), score="s", label="y")
    assert (result.auc, result.twice_u) == (0.5, 50 * 57)
    assert_same(result, expected(np.zeros(labels.shape[0]), labels))


def test_negative_zero_ties_zero(spark):
    scores = np.array([-0.0, 0.0, 0.0, -0.0, 1.0, -0.0])
    labels = np.array([True, False, True, False, False, True])
    result = on_spark(frame(spark, s=scores, y=labels), score="s", label="y")
    assert result.twice_u == 3 * 2  # every positive at ±0 ties the two negatives there: ½ each, twice
    assert_same(result, aucbound.table_auc(pa.table({"s": scores, "y": labels}), score="s", label="y"))


def test_string_labels_with_pos_label(spark):
    rng = np.random.default_rng(3)
    scores = rng.integers(0, 20, 500).astype(np.float64)
    labels = np.where(rng.random(500) < scores / 25, "poor", "good")
    source = frame(spark, score=scores, outcome=labels)
    result = on_spark(source, score="score", label="outcome", pos_label="poor")
    assert_same(result, expected(scores, labels == "poor"))
    duckdb = aucbound.table_auc(pa.table({"score": scores, "outcome": labels}), score="score", label="outcome",
                                pos_label="poor")
    assert_same(result, duckdb)
    assert [row.lo for row in result.rows] == pytest.approx([row.lo for row in duckdb.rows], rel=1e-12)
    with pytest.raises(ValueError, match="pos_label"):
        on_spark(source, score="score", label="outcome")


def test_sources_table_query_parquet_csv(spark, tmp_path):
    rng = np.random.default_rng(5)
    scores, labels = rng.integers(0, 9, 200).astype(np.int64), (rng.random(200) < 0.5).astype(np.int64)
    table = pa.table({"s": scores, "y": labels})
    reference = expected(scores, labels == 1)
    spark.createDataFrame(table).createOrReplaceTempView("scored")
    pq.write_table(table, tmp_path / "scored.parquet")
    (tmp_path / "scored.csv").write_text("s,y\n" + "".join(f"{s},{y}\n" for s, y in zip(scores, labels)))
    progress = []
    for source, sql in [("scored", None), (None, "SELECT s, y FROM scored"), (str(tmp_path / "scored.parquet"), None),
                        (tmp_path / "scored.csv", None)]:
        result = on_spark(source, sql=sql, score="S", label="y", progress=lambda done, total: progress.append(done))
        assert_same(result, reference)
        assert progress[-1] == 200
    decimal = on_spark(None, sql="SELECT CAST(s / 4 AS DECIMAL(10, 2)) AS s, y FROM scored", score="s", label="y")
    assert_same(decimal, expected(scores / 4, labels == 1))


def test_missing_values_raise_and_omit(spark):
    scores = np.array([0.3, np.nan, 0.5, 0.1, 0.9, 0.4, 0.7, 0.2])
    labels = [1, 0, None, 0, 1, 0, 1, None]
    source = spark.createDataFrame(pa.table({"s": pa.array(scores, from_pandas=False), "y": pa.array(labels)}))
    with pytest.raises(ValueError, match=r"`labels` must be present.*2 rows with no label and 1 row with no score"):
        on_spark(source, score="s", label="y")
    with pytest.warns(aucbound.RowsOmittedWarning):
        result = on_spark(source, score="s", label="y", nan_policy="omit")
    complete = np.array([label is not None for label in labels]) & ~np.isnan(scores)
    assert_same(result, expected(scores[complete], np.array(labels)[complete] == 1))
    nulls = spark.createDataFrame(pa.table({"s": pa.array([1.0, None, 2.0, 3.0]), "y": pa.array([0, 1, 1, 0])}))
    with pytest.raises(ValueError, match="`scores` must be present in every row.*1 row with no score"):
        on_spark(nulls, score="s", label="y")


def test_label_counts_of_two_score_columns(spark):
    from aucbound.scale._spark import SparkTable

    source = spark.createDataFrame(pa.table({"a": [1.0, None, 3.0, 4.0, 5.0], "b": [1, 2, None, 4, None],
                                             "y": ["x", "x", "z", None, "z"]}))
    counts = SparkTable(source, "t").label_counts(("a", "b"), "y")  # a row misses a score if it misses a or b
    assert (counts.values, counts.rows, counts.missing_scores, counts.missing_labels) == (["x", "z"], [2, 2], [1, 2], 1)


def test_nan_label_is_missing(spark):
    source = frame(spark, s=np.array([0.1, 0.2, 0.3, 0.4, 0.5]), y=np.array([0.0, 1.0, np.nan, 1.0, 0.0]))
    with pytest.raises(ValueError, match="`labels` must be present in every row, but got 1 row with no label"):
        on_spark(source, score="s", label="y")
    with pytest.warns(aucbound.RowsOmittedWarning):
        result = on_spark(source, score="s", label="y", nan_policy="omit")
    # positives 0.2 and 0.4, negatives 0.1 and 0.5: each positive above one negative
    assert (result.m, result.n, result.twice_u) == (2, 2, 4)


def test_bad_input(spark):
    source = frame(spark, s=np.array([0.1, 0.2, 0.3]), y=np.array([0, 1, 2]), name=np.array(["a", "b", "c"]))
    with pytest.raises(ValueError, match=r"`score` must name a column of the Spark DataFrame \('s', 'y', 'name'\)"):
        on_spark(source, score="missing", label="y")
    with pytest.raises(ValueError, match=r"`labels` must be of two classes, but got 3 distinct values in 'y'"):
        on_spark(source, score="s", label="y")
    with pytest.raises(ValueError, match=r"`score` must name a numeric column, but got 'name' of type string"):
        on_spark(source, score="name", label="y")
    with pytest.raises(ValueError, match="`source` must be a table with rows, but got the Spark DataFrame"):
        on_spark(source.limit(0), score="s", label="y")
    with pytest.raises(ValueError, match="`database` must be None with engine='spark'"):
        on_spark(None, sql="SELECT 1 AS s, 1 AS y", database="x.duckdb", score="s", label="y")
    with pytest.raises(ValueError, match=r"`threads` must be None with engine='spark' \(Spark's cores are its "
                                         r"master's: spark_master='local\[4\]', or a cluster's executors\), but got 2"):
        on_spark(source, score="s", label="y", threads=2)
    with pytest.raises(ValueError, match="`source` must be a table of the Spark session's catalog or a path"):
        on_spark("no_such_table_or_file.parquet", score="s", label="y")
    with pytest.raises(ValueError, match="`sql` must be a query Spark can run, but got 'SELEC 1'"):
        on_spark(None, sql="SELEC 1", score="s", label="y")
    with pytest.raises(TypeError, match="`source` must be a Spark DataFrame, a table name or a path"):
        on_spark([1, 2], score="s", label="y")


@pytest.mark.parametrize("module, needs", [("pyspark", "pyspark"),
                                           ("pandas", r"pandas too \(pyspark's Arrow functions use it\)")])
def test_without_pyspark_one_message(monkeypatch, module, needs):
    monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(ValueError, match=r"`engine` must name an installed engine, but got 'spark', which needs "
                                         + needs + r": pip install 'aucbound\[spark\]'"):
        on_spark(None, sql="SELECT 1", score="s", label="y")


START = (r"`spark_master` must be a master URL on which a Spark session starts, such as 'local\[\*\]' or "
         r"'spark://host:7077' \(Spark needs Java 17 or later, on the PATH or in JAVA_HOME, and pyspark; .*")


@pytest.mark.parametrize("master, java_home, which, got", [
    ("local[*]", None, None, r"'local\[\*\]', where no Java was found \(neither `java` on the PATH nor JAVA_HOME\)"),
    ("local[2]", "/no/such/jdk", "/usr/bin/java", r"'local\[2\]', where JAVA_HOME \('/no/such/jdk'\) has no bin/java"),
    ("localhost", None, "/usr/bin/java", "'localhost', which Spark does not know"),
])
def test_no_session_one_message(spark, monkeypatch, master, java_home, which, got):
    """Where no session is active and none can start, one line says how to start one (no JVM is tried)."""
    from pyspark.sql import SparkSession

    import aucbound.scale._spark as engine

    monkeypatch.setattr(SparkSession, "getActiveSession", classmethod(lambda cls: None))
    monkeypatch.setattr(engine.shutil, "which", lambda name: which)
    if java_home is None:
        monkeypatch.delenv("JAVA_HOME", raising=False)
    else:
        monkeypatch.setenv("JAVA_HOME", java_home)
    with pytest.raises(ValueError, match=START + "but got " + got + r"\.$"):
        on_spark(None, sql="SELECT 1", score="s", label="y", spark_master=master)


# --- paired comparisons -------------------------------------------------------------------------


def dense_ranks(scores):
    """The scores as float64 dense ranks: the same order and ties, exact for any int64 or float."""
    return np.unique(scores, return_inverse=True)[1].astype(np.float64)


def assert_same_comparison(result, reference):
    """Two :class:`~aucbound.Comparison`: the AUCs exactly, DeLong's test to 1e-12 relative."""
    assert (result.m, result.n) == (reference.m, reference.n)
    assert (result.auc_a, result.auc_b, result.difference) == (reference.auc_a, reference.auc_b, reference.difference)
    for field in ("z", "variance", "covariance", "p_value"):
        assert getattr(result, field) == pytest.approx(getattr(reference, field), rel=1e-12, abs=1e-300), field
    for ours, theirs in zip(result.rows, reference.rows, strict=True):
        assert ours.method == theirs.method
        assert (ours.lo, ours.hi) == pytest.approx((theirs.lo, theirs.hi), rel=1e-10, abs=1e-15)


@pytest.mark.parametrize("kinds", [("float64", "float64-distinct"), ("float32", "int64-beyond-2^53")])
def test_paired_comparison_as_compare_gives_it(spark, kinds):
    """DeLong's paired test on Spark equals aucbound.compare on the same rows (on their dense ranks, which
    keep every order and tie: integers beyond 2^53 too) and DuckDB's table_compare: scores with ties
    against distinct ones in several partitions, float32 against integers beyond 2^53."""
    rng = np.random.default_rng(len(kinds[1]) + 100)
    size = 2000
    a = random_scores(kinds[0], size, rng)
    b = random_scores(kinds[1], size, rng)
    labels = rng.random(size) < 0.3 + 0.2 * (a > np.median(a)) + 0.2 * (b > np.median(b))
    calls = []
    with several_partitions(spark) if "float64-distinct" in kinds else contextlib.nullcontext():
        result = aucbound.table_compare(frame(spark, a=a, b=b, y=labels), scores=("a", "b"), label="y",
                                        engine="spark", progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (size, size)
    assert_same_comparison(result, aucbound.compare(labels, dense_ranks(a), dense_ranks(b)))
    assert_same_comparison(result, aucbound.table_compare(pa.table({"a": a, "b": b, "y": labels}), scores=("a", "b"),
                                                          label="y"))


def test_paired_comparison_negative_zero_and_omitted_rows(spark):
    """−0.0 ties 0.0 in the levels and in the join back to the rows; a row missing either score is dropped."""
    a = np.array([-0.0, 0.0, 0.0, -0.0, 1.0, -0.0, 2.0, 0.5, 0.0, 3.0])
    b = np.array([1.0, 2.0, np.nan, 0.0, -0.0, 3.0, 1.0, 0.0, 2.0, 1.0])
    labels = np.array([True, False, True, False, False, True, True, False, True, False])
    source = frame(spark, a=a, b=b, y=labels)
    with pytest.raises(ValueError, match="`scores` must be present in every row"):
        aucbound.table_compare(source, scores=("a", "b"), label="y", engine="spark")
    with pytest.warns(aucbound.RowsOmittedWarning):
        result = aucbound.table_compare(source, scores=("a", "b"), label="y", engine="spark", nan_policy="omit")
    kept = ~np.isnan(b)
    assert_same_comparison(result, aucbound.compare(labels[kept], a[kept] + 0.0, b[kept] + 0.0))


# --- groups ---------------------------------------------------------------------------------------


def grouped_table(seed=11, rows=2000):
    rng = np.random.default_rng(seed)
    site = rng.choice(["north", "south", "east", None], rows, p=[0.5, 0.3, 0.15, 0.05])
    band = rng.integers(0, 3, rows)
    labels = rng.random(rows) < 0.3
    scores = np.round(rng.normal(size=rows) + labels * np.where(site == "south", 1.2, 0.8), 1)
    labels[(site == "east") & (band == 2)] = False  # a group without positives
    return pa.table({"y": labels, "s": scores, "site": site, "band": band})


def assert_same_groups(result, reference):
    """Two :class:`~aucbound.scale.GroupedTableAUC`: the same groups in the same order, each group's 2U and
    AUC exactly, its DeLong variance, rows and test against the rest to 1e-12 relative."""
    assert (result.auc, result.m, result.n) == (reference.auc, reference.m, reference.n)
    assert_same(result.overall, reference.overall)
    assert [(g.group, g.m, g.n) for g in result.groups] == [(g.group, g.m, g.n) for g in reference.groups]
    for ours, theirs in zip(result.groups, reference.groups):
        assert (ours.twice_u, ours.auc) == (theirs.twice_u, theirs.auc)
        assert ours.delong_variance == (None if theirs.delong_variance is None
                                        else pytest.approx(theirs.delong_variance, rel=1e-12))
        assert [row.lo for row in ours.rows] == pytest.approx([row.lo for row in theirs.rows], rel=1e-12)
        if theirs.versus_rest is None:
            assert ours.versus_rest is None
            continue
        for field in ("difference", "statistic", "p_value", "variance"):
            assert getattr(ours.versus_rest, field) == pytest.approx(getattr(theirs.versus_rest, field), rel=1e-12)


def test_groups_as_duckdb_and_in_memory(spark):
    table = grouped_table()
    with several_partitions(spark):
        result = aucbound.table_groups(spark.createDataFrame(table), score="s", label="y", by=["site", "band"],
                                       engine="spark")
    assert result.engine == "spark" and len(result.groups) == 12
    assert_same_groups(result, aucbound.table_groups(table, score="s", label="y", by=["site", "band"]))
    frame_ = table.to_pandas()
    labels, scores = frame_.y.to_numpy(), frame_.s.to_numpy()
    for group in result.groups:  # in memory, group by group
        site, band = group.group
        in_site = frame_.site.isna() if site is None else frame_.site == site
        inside = in_site.to_numpy() & (frame_.band == band).to_numpy()
        assert (group.m, group.n) == (int(labels[inside].sum()), int((~labels[inside]).sum()))
        if group.m:
            reference = expected(scores[inside], labels[inside])
            assert group.twice_u == reference.twice_u
            assert group.delong_variance == pytest.approx(reference.variance, rel=1e-12)
            rest = aucbound.compare_unpaired(labels[inside], scores[inside], labels[~inside], scores[~inside],
                                             methods=["delong", "hoeffding"])
            for field in ("difference", "statistic", "p_value", "variance"):
                assert getattr(group.versus_rest, field) == pytest.approx(getattr(rest, field), rel=1e-12), field


def test_groups_a_level_spanning_chunks(spark, monkeypatch):
    """The counts of one (score, class, group) expanded over several chunks: a level continues across them."""
    import aucbound.scale._spark as engine

    monkeypatch.setattr(engine, "ROWS_PER_CHUNK", 7)
    rng = np.random.default_rng(4)
    scores = rng.integers(0, 3, 300).astype(np.int64)
    labels = (rng.random(300) < 0.5).astype(np.int64)
    table = pa.table({"s": scores, "y": labels, "c": rng.choice(["a", "b"], 300)})  # a group column named c
    chunks = []
    result = aucbound.table_groups(spark.createDataFrame(table), score="s", label="y", by="c", engine="spark",
                                   progress=lambda done, total: chunks.append(done))
    assert len(chunks) >= 300 // 7 and chunks[-1] == 300
    assert_same_groups(result, aucbound.table_groups(table, score="s", label="y", by="c"))


def test_too_many_groups_refused(spark, monkeypatch):
    import aucbound.scale._groups as api

    monkeypatch.setattr(api, "MAX_GROUPS", 4)
    source = frame(spark, s=np.arange(10.0), y=np.arange(10) % 2, id=np.arange(10) % 5)
    with pytest.raises(ValueError, match=r"`by` must give columns with at most 4 groups .*, but got 5 groups"):
        aucbound.table_groups(source, score="s", label="y", by="id", engine="spark")


# --- the command line on Spark --------------------------------------------------------------------


def test_command_line_on_spark(spark, cli, cli_error, tmp_path):
    """aucbound compare and auc --by with --engine spark print the DuckDB engine's numbers (the session of the
    fixture is active, so it is used); a path Spark cannot read is one line, exit 2."""
    from pathlib import Path

    data = Path(__file__).parent / "data" / "asah_markers.parquet"
    for args in (["compare", data, "--score", "wfns", "--score", "s100b", "--label", "outcome", "--positive", "Poor"],
                 ["auc", data, "--score", "s100b", "--label", "outcome", "--positive", "Poor", "--by", "wfns"]):
        on_spark, on_duckdb = cli(*args, "--engine", "spark"), cli(*args, "--engine", "duckdb")
        assert on_spark.exit_code == 0 and on_duckdb.exit_code == 0, on_spark.output + on_duckdb.output
        assert [line for line in on_spark.stdout.splitlines() if not line.startswith("engine:")] == \
            [line for line in on_duckdb.stdout.splitlines() if not line.startswith("engine:")]
        assert "engine: spark" in on_spark.stdout
    error = cli_error("auc", tmp_path / "nothere", "--engine", "spark", "--score", "s", "--label", "y")
    assert error.startswith("Error: FILE must be a table of the Spark session's catalog or a path Spark can read")


def test_roc_points_and_partial_auc_as_roc_curve(spark):
    """table_roc on Spark: the points and thresholds of aucbound.roc_curve, to the bit, over several partitions;
    table_partial_auc: partial_auc's area and McClish's value."""
    rng = np.random.default_rng(3)
    scores = np.round(rng.normal(size=2000), 2)
    labels = rng.random(2000) < 0.3 + 0.4 * (scores > 0)
    source = frame(spark, s=scores, y=labels)
    with several_partitions(spark):
        curve = aucbound.table_roc(source, score="s", label="y", engine="spark")
        partial = aucbound.table_partial_auc(source, score="s", label="y", range=(0.8, 1), correct=True,
                                             engine="spark")
    reference = aucbound.roc_curve(labels, scores)
    assert np.array_equal(curve.tp, reference.tp) and np.array_equal(curve.fp, reference.fp)
    assert np.array_equal(curve.thresholds, reference.thresholds) and curve.auc == reference.auc
    expected_partial = aucbound.partial_auc(labels, scores, range=(0.8, 1), correct=True, resamples=None)
    assert (partial.auc, partial.corrected) == (expected_partial.auc, expected_partial.corrected)
