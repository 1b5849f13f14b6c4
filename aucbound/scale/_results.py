"""What the functions of :mod:`aucbound.scale` return."""

from __future__ import annotations

from dataclasses import dataclass

from .._result_base import Rows
from ..bounds import Interval


@dataclass(frozen=True)
class TableAUC(Rows):
    """The AUC of one score column of a table, with every closed-form interval, computed by an engine.

    ``twice_u`` is the exact Mann–Whitney count 2U = 2mn·Â (ties counted ½); ``delong_variance``,
    ``p1`` and ``p2`` are DeLong's variance and Lehmann's p̂1, p̂2 clipped into [Â², Â], as
    :func:`aucbound.intervals` has them; ``rows`` one interval per method. ``engine`` names what ran
    (``"duckdb"``, ``"spark"``), ``source`` what it read, ``levels`` the distinct scores. With ``bins``
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
    levels: int
    bins: int | None = None
    auc_low: float | None = None
    auc_high: float | None = None

    def as_dict(self) -> dict:
        data = super().as_dict()
        for name in ("bins", "auc_low", "auc_high"):
            if data[name] is None:
                del data[name]
        return data
