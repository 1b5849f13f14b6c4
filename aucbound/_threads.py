"""Threads: how many worker threads a call may start, and one BLAS thread around small solvers.

**Worker threads.** The functions that run the bootstrap's resampling loop take
``workers``, as scipy's functions do (``scipy.fft``, ``scipy.optimize.differential_evolution``):
an integer ≥ 1, the number of threads, or −1 for one per core this process may run on
(its CPU affinity, as ``os.sched_getaffinity`` gives it; ``os.cpu_count()`` where that is
not available). The results never depend on it. The default, −1, uses the machine: the
bootstrap's threads share out coarse blocks of work and never wait for one another, so with
other jobs on the cores an extra thread costs little; small jobs run on one thread anyway
(see :mod:`aucbound.empirical._resampling`). A caller that runs it inside parallel code of
its own passes 1.

**One BLAS thread.** OpenBLAS starts one thread per core and has them wait for work by
spinning. A solver that makes thousands of tiny BLAS calls (L-BFGS-B on a few dozen
variables) then spends most of its time handing work to threads, and far more when other
processes keep the cores busy (``aucbound optimal steps --K 1..25`` ran ten times slower
with OpenBLAS's default threads than with one on a busy two-core machine).
:func:`one_blas_thread` limits BLAS to one thread around such solvers (with threadpoolctl),
whatever the user's environment says, and restores the setting after; such blocks run one at
a time.
"""

from __future__ import annotations

import contextlib
import os
import threading

__all__ = ["cores", "thread_count", "one_blas_thread"]


def cores() -> int:
    """The number of cores this process may run on (at least 1)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def thread_count(workers: int, tasks: int) -> int:
    """Threads to start for `tasks` independent tasks: `workers` (−1: :func:`cores`), at most one a task.

    `workers` is checked already (:func:`aucbound._validate.workers`).

    >>> thread_count(4, 2), thread_count(1, 100), thread_count(-1, 1)
    (2, 1, 1)
    """
    wanted = cores() if workers == -1 else workers
    return max(1, min(wanted, tasks))


#: Held by a block of one_blas_thread for as long as it runs (reentrant: nested blocks in one thread are fine).
_lock = threading.RLock()
_controller = None


@contextlib.contextmanager
def one_blas_thread():
    """Run the block with BLAS limited to one thread (all BLAS libraries loaded so far), then restore it.

    The controller that finds the libraries is made once, on first use, after scipy's
    optimizers and numpy's linear algebra are loaded (each brings its own OpenBLAS). Blocks in
    different threads run one after the other: depending on how it was built, OpenBLAS keeps
    its thread count for the whole process or for each thread, and a block that sets and
    restores it while another runs would, with the first, leave the other's setting behind.

    >>> import numpy as np
    >>> with one_blas_thread():
    ...     float(np.linalg.solve([[2.0, 0.0], [0.0, 4.0]], [1.0, 1.0]).sum())
    0.75
    """
    global _controller
    with _lock:
        if _controller is None:
            import scipy.optimize  # noqa: F401  (loads scipy's BLAS, so that the controller sees it)
            from threadpoolctl import ThreadpoolController

            _controller = ThreadpoolController()
        with _controller.limit(limits=1, user_api="blas"):
            yield
