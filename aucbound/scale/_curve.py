"""The ROC curve and the partial AUC of a table, from its sorted levels: :func:`table_roc`,
:func:`table_partial_auc`."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from .. import _validate as v
from ..empirical import (LevelStatistics, PartialAUC, ROCCurve, checked_range, curve_from_levels, partial_result,
                         partial_value)
from ._scan import levels, scanned

#: The most distinct scores :func:`table_roc` keeps (three numbers each: 24 bytes).
MAX_ROC_LEVELS = 10**8


def table_roc(source=None, *, score, label, pos_label=None, sql=None, database=None, engine="duckdb",
              nan_policy="raise", memory_limit=None, spill_dir=None, threads=None, progress=None,
              spark_master="local[*]") -> ROCCurve:
    """The empirical ROC curve of column `score` against `label` in a table of any size: the curve
    :func:`aucbound.roc_curve` gives on the same rows, point for point. One point per distinct score
    (at most :data:`MAX_ROC_LEVELS`, refused beyond); arguments as for :func:`table_auc`.

    >>> import aucbound, pandas as pd
    >>> frame = pd.DataFrame({"y": [0, 0, 1, 1], "p": [0.1, 0.4, 0.35, 0.8]})
    >>> curve = table_roc(frame, score="p", label="y")
    >>> curve.tp.tolist(), curve.fp.tolist(), curve.auc
    ([0, 1, 1, 2, 2], [0, 0, 1, 1, 2], 0.75)
    """
    progress = v.progress("progress", progress)
    with scanned(source, [(score, "score")], label, pos_label, sql=sql, database=database, engine=engine,
                 nan_policy=nan_policy, memory_limit=memory_limit, spill_dir=spill_dir, threads=threads,
                 spark_master=spark_master) as scan:
        accumulated, parts, kept = LevelStatistics(), [], 0
        for values, pos, neg in levels(scan, progress):
            kept += values.shape[0]
            if kept > MAX_ROC_LEVELS:
                raise v.ParameterError("score", f"at most {MAX_ROC_LEVELS} distinct scores for an ROC curve "
                                       "(one point each)", f"more in {scan.table.description}", verb="have")
            accumulated.add(pos, neg)
            parts.append((values, pos, neg))
    values, pos, neg = (np.concatenate([part[k] for part in parts]) if parts else np.zeros(0) for k in range(3))
    if values.dtype.kind in "iu" and values.shape[0] and max(abs(int(values[0])), abs(int(values[-1]))) > 2**53:
        raise v.ParameterError("scores", "within ±2^53 for an ROC curve (its thresholds are float64 values)",
                               "integers beyond 2^53")
    return curve_from_levels(values.astype(np.float64), pos, neg, accumulated.twice_u)


def table_partial_auc(source=None, *, score, label, range=(0.9, 1.0), focus="specificity", correct=False,
                      pos_label=None, sql=None, database=None, engine="duckdb", nan_policy="raise", memory_limit=None,
                      spill_dir=None, threads=None, progress=None, spark_master="local[*]") -> PartialAUC:
    """The partial AUC of column `score` over a range of specificity (or sensitivity), exactly as
    :func:`aucbound.partial_auc` gives it on the same rows (pROC's ``partial.auc``; McClish's
    standardisation with `correct`), from the levels an engine sorts. Only the levels from the top of
    the curve down to the range's far end are kept (at most :data:`MAX_ROC_LEVELS`). No interval: the
    bootstrap resamples rows held in memory. Other arguments as for :func:`table_auc`.

    >>> import aucbound, pandas as pd
    >>> frame = pd.DataFrame({"y": [0, 0, 0, 0, 1, 1, 1, 1], "f1": [-2, -1, 3, 4, 1, 2, 5, 6]})
    >>> table_partial_auc(frame, score="f1", label="y", range=(0.5, 1)).auc
    0.25
    """
    progress = v.progress("progress", progress)
    low, high, focus = checked_range(range, focus, correct)
    with scanned(source, [(score, "score")], label, pos_label, sql=sql, database=database, engine=engine,
                 nan_policy=nan_policy, memory_limit=memory_limit, spill_dir=spill_dir, threads=threads,
                 spark_master=spark_master) as scan:
        m, n = scan.m, scan.n
        if focus == "specificity":  # the negatives above a level reach n·(1 − low) from there up
            needed, total = n - math.floor(n * (1 - Fraction(low))), lambda pos, neg: neg
        else:
            needed, total = m - math.floor(m * Fraction(high)), lambda pos, neg: pos
        seen, parts, kept = 0, [], 0
        for values, pos, neg in levels(scan, progress):
            through = seen + np.cumsum(total(pos, neg))  # the class's items at or below each level
            seen = int(through[-1]) if through.shape[0] else seen
            first = int(np.searchsorted(through, needed, side="left"))
            if first < values.shape[0]:
                kept += values.shape[0] - first
                if kept > MAX_ROC_LEVELS:
                    raise v.ParameterError("range", f"reaching at most {MAX_ROC_LEVELS} distinct scores down from "
                                           "the top of the curve", f"more in {scan.table.description}", verb="be")
                parts.append((pos[first:], neg[first:]))
    pos, neg = (np.concatenate([part[k] for part in parts]) if parts else np.zeros(0) for k in (0, 1))
    from_top = [np.concatenate(([0], np.cumsum(counts[::-1].astype(np.int64)))) for counts in (pos, neg)]
    area, corrected = partial_value(from_top[0], from_top[1], m, n, focus, low, high, correct)
    return partial_result(focus, low, high, area, corrected, m, n, 0.05)
