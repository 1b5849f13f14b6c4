#!/usr/bin/env python
"""Spark MLlib's areaUnderROC beside the exact AUC, and where the difference comes from.

On N rows of ``bench/scale_data.py``'s table (score ``a``, label ``y``; continuous, so
nearly every score distinct) this prints, in PySpark local mode:

- the exact Â: ``aucbound.auc`` and scikit-learn's ``roc_auc_score`` (to the bit the same);
- ``pyspark.mllib.evaluation.BinaryClassificationMetrics(rdd).areaUnderROC``; the same Scala
  class constructed through py4j with ``numBins`` 0 (PySpark's wrapper takes no ``numBins``);
  and ``pyspark.ml.evaluation.BinaryClassificationEvaluator`` with its default ``numBins``
  (1000) and with ``numBins=0``; each with its best time of ``--repeat`` runs;
- the same areas recomputed here in numpy from the algorithm read in Spark's source: the
  distinct scores in descending order, cut into the sorted RDD's partitions, each partition's
  run of distinct scores grouped into bins of ``floor(D / numBins)`` consecutive scores (D the
  number of distinct scores; the last bin of a partition shorter), one ROC point per bin end,
  (0, 0) before the first point and (1, 1) after the last, and the trapezoid rule summed as
  Spark sums it (each partition's trapezoids in order, then the partitions' sums, then the
  trapezoids that bridge neighbouring partitions).

The partitions of Spark's sort are cut by a sampled range partitioner; their boundaries are
read back from Spark (the bin thresholds of each partition) and used only to say where each
partition starts; with ``--partitions 1`` nothing is read back. The exact Â is then computed
by the same trapezoid code with every distinct score its own point (numBins = 0).

    python bench/spark_mllib.py scale-data/scale-1e6.parquet
    python bench/spark_mllib.py scale-data/scale-1e6.parquet --partitions 1
"""

from __future__ import annotations

import argparse
import os
import time
import warnings

import numpy as np
import pyarrow.parquet as pq


def best_of(repeat: int, call):
    """(shortest wall time in s, last value) of ``repeat`` calls."""
    times, value = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        value = call()
        times.append(time.perf_counter() - start)
    return min(times), value


# --- Spark's binned area, in numpy ------------------------------------------------------------

def distinct_counts(scores: np.ndarray, labels: np.ndarray):
    """Distinct scores in descending order, with the positives and negatives at each."""
    order = np.argsort(-scores, kind="stable")
    s, y = scores[order], labels[order]
    starts = np.flatnonzero(np.concatenate(([True], s[1:] != s[:-1])))
    positives = np.add.reduceat(y.astype(np.int64), starts)
    negatives = np.diff(np.append(starts, s.size)) - positives
    return s[starts], positives, negatives


def bin_ends(partition_sizes: list[int], num_bins: int) -> np.ndarray:
    """Index (into the descending distinct scores) of the last score of every bin."""
    total = sum(partition_sizes)
    grouping = total // num_bins if num_bins else 1
    if grouping < 2:  # Spark: too few distinct scores for the bins to be useful; no binning
        grouping = 1
    ends, start = [], 0
    for size in partition_sizes:
        local = np.arange(grouping - 1, size, grouping)
        if size and (local.size == 0 or local[-1] != size - 1):
            local = np.append(local, size - 1)  # the partition's last, shorter bin
        ends.append(start + local)
        start += size
    return ends


def trapezoid(x0, y0, x1, y1) -> float:
    return (x1 - x0) * (y1 + y0) / 2.0


def spark_area(positives, negatives, partition_sizes: list[int], num_bins: int) -> float:
    """The ROC area as Spark's BinaryClassificationMetrics with ``num_bins`` computes it."""
    cum_pos = np.cumsum(positives).astype(np.float64)  # weights 1.0: counts held as doubles
    cum_neg = np.cumsum(negatives).astype(np.float64)
    total_pos, total_neg = cum_pos[-1], cum_neg[-1]
    parts = bin_ends(partition_sizes, num_bins)
    curves = []
    for index, ends in enumerate(parts):
        fpr = (cum_neg[ends] / total_neg).tolist()
        tpr = (cum_pos[ends] / total_pos).tolist()
        points = list(zip(fpr, tpr))
        if index == 0:
            points.insert(0, (0.0, 0.0))
        if index == len(parts) - 1:
            points.append((1.0, 1.0))
        curves.append(points)
    local = []
    for points in curves:  # each partition's trapezoids, summed in order
        area = 0.0
        for (x0, y0), (x1, y1) in zip(points, points[1:]):
            area += trapezoid(x0, y0, x1, y1)
        local.append(area)
    bridges = 0.0
    for left, right in zip(curves, curves[1:]):  # last point of one partition to the first of the next
        bridges += trapezoid(*left[-1], *right[0])
    return sum(local) + bridges


# --- Spark itself -----------------------------------------------------------------------------

def spark_session(threads: str):
    from pyspark.sql import SparkSession

    spark = (SparkSession.builder.master(f"local[{threads}]").appName("aucbound-mllib")
             .config("spark.driver.memory", "3g").config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false")
             .config("spark.sql.execution.arrow.pyspark.enabled", "true").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def partition_sizes_from_spark(java_metrics, scores_desc: np.ndarray) -> list[int]:
    """Distinct scores in each of Spark's sorted partitions, from the partition's last bin threshold.

    ``java_metrics`` is the JVM BinaryClassificationMetrics whose area was read: its counts are
    persisted, so its thresholds are those of that area (a new object may cut elsewhere).
    """
    parts = java_metrics.thresholds().toJavaRDD().glom().collect()  # stays a JVM list
    sizes, start = [], 0
    for part in parts:
        if part.size() == 0:
            sizes.append(0)
            continue
        lowest = part.get(part.size() - 1)  # thresholds descend: the partition's lowest score
        last = int(np.searchsorted(-scores_desc, -lowest, side="left"))
        sizes.append(last + 1 - start)
        start = last + 1
    return sizes


def main() -> None:
    warnings.filterwarnings("ignore", category=FutureWarning)  # PySpark's note on pandas 3
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", help="a Parquet table of bench/scale_data.py (e.g. 1e6 rows)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--partitions", type=int, help="partitions of the input RDD (default: Spark's default)")
    parser.add_argument("--threads", default="*", help="local[THREADS] (default *)")
    parser.add_argument("--engine-spark", action="store_true",
                        help="also time aucbound.table_auc(path, engine='spark') (when the library has it)")
    args = parser.parse_args()

    import sklearn.metrics

    import aucbound

    table = pq.read_table(args.path, columns=["a", "y"])
    scores, labels = table.column("a").to_numpy(), table.column("y").to_numpy()
    scores_desc, positives, negatives = distinct_counts(scores, labels)
    print(f"{args.path}: N = {scores.size:,}, {positives.sum():,} positives, {scores_desc.size:,} distinct scores")

    t_auc, exact = best_of(args.repeat, lambda: aucbound.auc(labels, scores))
    t_skl, skl = best_of(args.repeat, lambda: sklearn.metrics.roc_auc_score(labels, scores))
    print(f"exact: aucbound.auc {exact!r} ({t_auc:.3f} s); sklearn roc_auc_score {skl!r} ({t_skl:.3f} s); "
          f"same bits: {exact == skl}")

    spark = spark_session(args.threads)
    sc = spark.sparkContext
    import pyspark
    from pyspark.ml.evaluation import BinaryClassificationEvaluator
    from pyspark.mllib.evaluation import BinaryClassificationMetrics

    print(f"PySpark {pyspark.__version__}, local[{args.threads}], default parallelism {sc.defaultParallelism}")
    pairs = list(zip(scores.tolist(), labels.astype(np.float64).tolist()))
    rdd = sc.parallelize(pairs, args.partitions or sc.defaultParallelism).cache()
    rdd.count()
    frame = spark.createDataFrame(table.select(["a", "y"]).to_pandas().astype("float64")
                                  .rename(columns={"a": "rawPrediction", "y": "label"}))
    if args.partitions:
        frame = frame.repartition(args.partitions)
    frame = frame.cache()
    frame.count()

    mllib_values, ml_values = [], {}

    def mllib():
        metrics = BinaryClassificationMetrics(rdd)
        mllib_values.append((metrics._java_model, metrics.areaUnderROC, metrics))  # the wrapper keeps it alive

    def ml(num_bins):
        evaluator = BinaryClassificationEvaluator(numBins=num_bins)
        evaluator._transfer_params_to_java()  # as evaluate() does: numBins reaches the JVM object
        java_metrics = evaluator._java_obj.getMetrics(frame._jdf)  # evaluate()'s metrics, kept to be read
        ml_values.setdefault(num_bins, []).append((java_metrics, java_metrics.areaUnderROC(), None))

    def mllib_bins(num_bins):
        """The mllib class's own constructor with `num_bins`, which PySpark's wrapper does not offer:
        the DataFrame's rows turned into (score, label, 1.0) triples by the function the DataFrame
        constructor itself uses, then the primary constructor called through py4j."""
        jvm = sc._jvm
        package = jvm.org.apache.spark.mllib.evaluation
        to_triple = getattr(package, "BinaryClassificationMetrics$$anonfun$$lessinit$greater$1")()
        tag = jvm.scala.reflect.ClassTag.apply(jvm.java.lang.Class.forName("scala.Tuple3"))
        triples = frame.select("rawPrediction", "label")._jdf.rdd().map(to_triple, tag)
        java_metrics = package.BinaryClassificationMetrics(triples, num_bins)
        mllib_bins_values.setdefault(num_bins, []).append((java_metrics, java_metrics.areaUnderROC(), None))

    mllib_bins_values = {}
    t_mllib, _ = best_of(args.repeat, mllib)
    t_mllib_bins = {}
    for num_bins in (0,):
        try:
            t_mllib_bins[num_bins], _ = best_of(args.repeat, lambda: mllib_bins(num_bins))
        except Exception as error:  # the py4j route depends on a compiled class name of Spark 4.x
            print(f"mllib with numBins={num_bins} through py4j: not available ({type(error).__name__})")
    t_ml = {}
    for num_bins in (1000, 0):  # timed: evaluate() is getMetrics, areaUnderROC and unpersist
        t_ml[num_bins], _ = best_of(args.repeat, lambda: ml(num_bins))
    print(f"bin size floor({scores_desc.size}/1000) = {scores_desc.size // 1000}; times: best of {args.repeat}; "
          "each value recomputed in numpy from the partitions of its own run")
    print(f"{'call':56s} {'value':>20s} {'- exact':>10s} {'best s':>7s}  {'numpy':>20s} {'diff':>8s}  partitions")
    runs = [("mllib BinaryClassificationMetrics(rdd).areaUnderROC", v, 1000, t_mllib) for v in mllib_values]
    runs += [(f"mllib BinaryClassificationMetrics(triples, {b}) (py4j)", v, b, t_mllib_bins[b])
             for b in t_mllib_bins for v in mllib_bins_values[b]]
    runs += [(f"ml BinaryClassificationEvaluator(numBins={b})", v, b, t_ml[b]) for b in (1000, 0) for v in ml_values[b]]
    for name, (java_metrics, value, _), num_bins, seconds in runs:
        sizes = ([scores_desc.size] if args.partitions == 1
                 else partition_sizes_from_spark(java_metrics, scores_desc))
        ours = spark_area(positives, negatives, sizes, num_bins)
        print(f"{name:56s} {value!r:>20s} {value - exact:+10.2e} {seconds:7.2f}  {ours!r:>20s} {value - ours:+8.1e}  "
              f"{sizes}")
    print(f"numpy, one partition: numBins 1000 {spark_area(positives, negatives, [scores_desc.size], 1000)!r}, "
          f"numBins 0 {spark_area(positives, negatives, [scores_desc.size], 0)!r}")
    if args.engine_spark:
        if hasattr(aucbound, "table_auc"):
            t_engine, result = best_of(args.repeat, lambda: aucbound.table_auc(args.path, score="a", label="y",
                                                                               engine="spark"))
            print(f"aucbound.table_auc(engine='spark'): {float(result.auc)!r} ({t_engine:.2f} s), "
                  f"same bits as exact: {float(result.auc) == exact}")
        else:
            print("aucbound.table_auc: not in this version")
    spark.stop()


if __name__ == "__main__":
    os.environ.setdefault("PYSPARK_PYTHON", os.sys.executable)
    main()
