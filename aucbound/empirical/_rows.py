"""One row of an interval table from its two ends: clipped, with its half-width and guarantee."""

from __future__ import annotations

from ..results import Interval


def ends_row(method, source, guarantee, m, n, delta, estimate, lo, hi, *, low=0.0, high=1.0, beyond_paper=False):
    """An :class:`Interval` with ends clipped to [`low`, `high`]; "vacuous" when it is all of it.

    The half-width ``epsilon`` is the larger of estimate − lo and hi − estimate.
    """
    lo, hi = min(max(float(lo), low), high), min(max(float(hi), low), high)
    vacuous = lo <= low and hi >= high
    return Interval(
        method=method,
        m=m,
        n=n,
        delta=delta,
        epsilon=max(estimate - lo, hi - estimate),
        guarantee="vacuous" if vacuous else guarantee,
        source=source,
        estimate=estimate,
        lo=lo,
        hi=hi,
        beyond_paper=beyond_paper,
    )
