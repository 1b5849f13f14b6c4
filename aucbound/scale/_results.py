"""What the functions of :mod:`aucbound.scale` return."""

from __future__ import annotations

from dataclasses import dataclass, field

from .._result_base import AtConfidence, Rows
from ..bounds import Interval
from ..empirical import UnpairedComparison


@dataclass(frozen=True)
class TableAUC(Rows):
    """The AUC of one score column of a table, with every closed-form interval, computed by an engine.

    ``twice_u`` is the exact Mann–Whitney count 2U = 2mn·Â (ties counted ½); ``delong_variance``,
    ``p1`` and ``p2`` are DeLong's variance and Lehmann's p̂1, p̂2 clipped into [Â², Â], as
    :func:`aucbound.intervals` has them; ``rows`` one interval per method. ``engine`` names what ran
    (``"duckdb"``, ``"spark"``), ``source`` what it read, ``levels`` the distinct scores (None where not
    counted). With ``bins``
    (binned mode), ``auc`` is the midpoint (pairs inside one bin counted ½, ``twice_u`` its count) and
    ``auc_low``, ``auc_high`` the exact bounds the binning allows (those pairs counted 0 and 1); the rows
    are then the distribution-free ones, each from the lower end of its interval at ``auc_low`` to the
    upper end at ``auc_high`` (DeLong's variance and p̂1, p̂2 need the scores themselves: None).
    """

    _headline = "auc"

    auc: float
    m: int
    n: int
    twice_u: int
    delta: float
    delong_variance: float | None
    p1: float | None
    p2: float | None
    rows: tuple[Interval, ...]
    engine: str
    source: str
    levels: int | None
    bins: int | None = None
    auc_low: float | None = None
    auc_high: float | None = None

    def as_dict(self) -> dict:
        data = super().as_dict()
        for name in ("bins", "auc_low", "auc_high"):
            if data[name] is None:
                del data[name]
        return data


@dataclass(frozen=True)
class GroupAUC(AtConfidence):
    """One group of a table: its AUC with the closed-form ``rows`` (as :class:`TableAUC` has them), and the
    group against the pooled rest of the table, ``versus_rest`` (DeLong's unpaired test of
    D = A_group − A_rest with its interval rows; the two are disjoint rows, so independent samples).
    ``auc`` is None for a group without positives or without negatives; ``versus_rest`` None unless the
    group and its rest each have two positives and two negatives."""

    group: tuple
    m: int
    n: int
    auc: float | None
    twice_u: int | None
    delong_variance: float | None
    delta: float
    rows: tuple[Interval, ...] = field(repr=False, default=())
    versus_rest: UnpairedComparison | None = field(repr=False, default=None)

    def as_dict(self) -> dict:
        """The group's fields, its DeLong and Kullback–Leibler intervals, and D against the rest with
        its DeLong and distribution-free intervals and p-value, as one flat row."""
        data = {"group": list(self.group), "m": self.m, "n": self.n, "auc": self.auc, "twice_u": self.twice_u,
                "delong_variance": self.delong_variance}
        for row in self.rows:
            data[f"{row.method}_lo"], data[f"{row.method}_hi"] = row.lo, row.hi
        rest = self.versus_rest
        data["difference"] = None if rest is None else rest.difference
        data["p_value"] = None if rest is None else rest.p_value
        for row in () if rest is None else rest.rows:
            data[f"difference_{row.method}_lo"], data[f"difference_{row.method}_hi"] = row.lo, row.hi
        data["confidence"] = self.confidence
        return data


@dataclass(frozen=True)
class GroupedTableAUC(AtConfidence):
    """Per-group AUCs of a table, each with its intervals and against the rest of the table, from one
    sort by the engine: ``by`` the grouping columns, ``groups`` one :class:`GroupAUC` each (in the order
    of their values), ``overall`` the whole table's :class:`TableAUC`."""

    _headline = "auc"
    _table_rows = "groups"

    by: tuple[str, ...]
    auc: float
    m: int
    n: int
    delta: float
    groups: tuple[GroupAUC, ...]
    engine: str
    source: str
    overall: TableAUC = field(repr=False)

    def as_dict(self) -> dict:
        data = {name: getattr(self, name) for name in ("by", "auc", "m", "n", "delta", "engine", "source")}
        data["by"] = list(self.by)
        data["groups"] = [group.as_dict() for group in self.groups]
        data["confidence"] = self.confidence
        return data

    def group(self, *key) -> GroupAUC:
        """The group whose values of ``by`` are `key`."""
        for group in self.groups:
            if group.group == tuple(key):
                return group
        raise KeyError(key)
