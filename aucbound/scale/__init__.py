"""The AUC where the data live: exact AUCs, DeLong's variance and every closed-form interval on tables
beyond memory, computed by an engine that sorts — DuckDB embedded in the process (the default: Parquet,
CSV, SQL, Arrow, pandas and polars frames) or Apache Spark (the ``spark`` extra).

The engine sorts the rows by score and streams them back; the statistics are counted from that
stream by the same code, with the same exact integer counts, whatever the engine.
"""

from ._settings import DEFAULT_MEMORY_LIMIT, ENGINES
from ._api import MAX_GROUPS, MAX_ROC_LEVELS, table_auc, table_compare, table_groups, table_partial_auc, table_roc
from ._results import GroupAUC, GroupedTableAUC, TableAUC

__all__ = ["DEFAULT_MEMORY_LIMIT", "ENGINES", "MAX_GROUPS", "MAX_ROC_LEVELS", "GroupAUC", "GroupedTableAUC", "TableAUC",
           "table_auc", "table_compare", "table_groups", "table_partial_auc", "table_roc"]
