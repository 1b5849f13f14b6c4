"""One data set, ready for every interval method: Â, DeLong's variance, p̂1, p̂2, resamples.

:class:`Sample` sorts the two classes once and keeps what the methods of
:data:`aucbound.bounds.METHODS` read: the closed-form ones its :meth:`~Sample.estimates`,
the bootstrap its resampled AUCs (drawn on first use, then kept) and the structural
components for BCa's acceleration. The same object serves :func:`aucbound.intervals`
and each bootstrapped trial of the coverage simulator.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from ..bounds import Estimates, Interval, Method, evaluate_row, interval_row
from ._auc import _placements
from ._delong import clip_to_lehmann_range, statistics
from ._resampling import twice_u_resampled

__all__ = ["Sample"]


class Sample:
    """The statistics of m positive and n negative scores (arrays, sorted here in place).

    ``auc`` is Â; ``variance`` DeLong's estimate (None when a class has a single item);
    ``p1`` and ``p2`` the U-statistic estimates of Lehmann's p1, p2, clipped into
    [Â², Â] (Â² where undefined), as the plug-in methods use them. ``resamples`` and
    ``seed`` set the bootstrap, ``workers`` its threads (checked already: an integer ≥ 1,
    or −1 for one per core); ``progress(done, total)`` sees its blocks. The per-item counts
    the bootstrap reads (``placements``) are computed on first use.
    """

    def __init__(self, pos: np.ndarray, neg: np.ndarray, *, resamples: int | None = None, seed=0, workers: int = -1,
                 progress=None):
        pos.sort()
        neg.sort()
        self._pos, self._neg = pos, neg
        stats = statistics(pos, neg)
        self.m, self.n, self.auc, self.variance = stats.m, stats.n, stats.auc, stats.variance
        self.p1, self.p2 = (float(clip_to_lehmann_range(p, self.auc)) for p in (stats.p1, stats.p2))
        self.resamples, self.seed, self.workers, self.progress = resamples, seed, workers, progress
        self._resampled = None

    @functools.cached_property
    def placements(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(L, E, A, F) of each item in sorted order (:func:`~aucbound.empirical._auc._placements`)."""
        return _placements(self._pos, self._neg)

    def estimates(self) -> Estimates:
        """Â, p̂1, p̂2 and DeLong's variance (NaN when undefined), for the closed forms."""
        return Estimates(self.auc, self.p1, self.p2, math.nan if self.variance is None else self.variance)

    def components(self) -> tuple[np.ndarray, np.ndarray]:
        """DeLong's structural components V10 (positives) and V01 (negatives), in sorted order."""
        below, tied_pos, above, tied_neg = self.placements
        return (2 * below + tied_pos) / (2.0 * self.n), (2 * above + tied_neg) / (2.0 * self.m)

    def resampled_aucs(self) -> np.ndarray:
        """Â of each stratified bootstrap resample (drawn on the first call)."""
        if self._resampled is None:
            twice = twice_u_resampled(self.placements, self.resamples, self.seed, workers=self.workers,
                                      progress=self.progress)
            self._resampled = twice / (2.0 * self.m * self.n)
        return self._resampled

    def row(self, spec: Method, delta: float) -> Interval:
        """The interval of the registered method `spec` on this data set at confidence 1 − δ."""
        if spec.data is not None:
            lo, hi = spec.data(self, delta)
            return interval_row(spec, self.m, self.n, delta, self.auc, lo, hi)
        return evaluate_row(spec, self.m, self.n, delta, 0.0, self.estimates())
