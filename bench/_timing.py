"""The timing the bench scripts share: the best of several wall-clock runs of one call."""

from __future__ import annotations

import time


def best(function, repeat: int = 7) -> float:
    """The shortest of `repeat` wall-clock times of ``function()``, in seconds (the least disturbed by load)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)
