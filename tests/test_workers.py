"""Worker threads and the engine switch: explicit settings that never change a number.

Every public function that runs the bootstrap's resampling loop takes ``workers`` (an
integer ≥ 1, or −1 for one thread per core) and gives the same result, value for value,
with 1, 2, 3 and −1 threads: the resamples come in fixed blocks of 64, each from its own
child seed, so the threads only share the blocks out. Bad values are refused naming
`workers` (library) or --workers (command line, exit 2). ``use_engine`` chooses the compiled
loop or numpy for the code inside it, in its own thread only.
"""

import threading

import numpy as np
import pytest

import aucbound as ab
from aucbound.empirical import _resampling, engine_in_use, use_engine
from aucbound.simulate import band_coverage, coverage, coverage_study

ROOT_DATA = "tests/data/asah_markers.csv"


@pytest.fixture(autouse=True)
def threads_for_small_data(monkeypatch):
    """Threads even for these small data sets (the package runs fewer than MIN_THREADED_WORK items on one)."""
    monkeypatch.setattr(_resampling, "MIN_THREADED_WORK", 0)
THREADS = [1, 2, 3, -1]

rng = np.random.default_rng(21)
LABELS = rng.random(300) < 0.4
SCORES = np.round(rng.normal(size=300) + LABELS, 1)  # ties, classes interleaved


def _same(first, second):
    """Equal as results: arrays value for value, result objects field for field."""
    if isinstance(first, np.ndarray):
        return np.array_equal(first, second)
    return repr(first.as_dict()) == repr(second.as_dict())


CALLS = {
    "bootstrap_aucs": lambda w: ab.empirical.bootstrap_aucs(LABELS, SCORES, resamples=300, seed=3, workers=w),
    "bootstrap_interval": lambda w: ab.empirical.bootstrap_interval(LABELS, SCORES, resamples=300, seed=3, workers=w),
    "intervals": lambda w: ab.intervals(LABELS, SCORES, resamples=300, seed=3, workers=w),
    "roc_band": lambda w: ab.empirical.roc_band(LABELS, SCORES, method="bootstrap", specificities=[0.5, 0.9],
                                                resamples=300, seed=3, workers=w),
    "partial_auc": lambda w: ab.empirical.partial_auc(LABELS, SCORES, range=(0.8, 1), resamples=300, seed=3, workers=w),
    "coverage": lambda w: coverage("binormal", 15, 20, 0.05, trials=40, methods=["bootstrap-bca", "bootstrap-percentile"],
                                   resamples=130, workers=w),
    "coverage_study": lambda w: coverage_study(["rating"], sizes=[8], deltas=[0.1], trials=30,
                                               methods=["bootstrap-percentile"], resamples=130, workers=w),
    "band_coverage": lambda w: band_coverage(method="bootstrap", m=20, n=20, trials=10, resamples=130, workers=w),
}


@pytest.mark.parametrize("name", CALLS)
def test_every_thread_count_gives_the_same_result(name):
    results = [CALLS[name](workers) for workers in THREADS]
    for workers, result in zip(THREADS[1:], results[1:]):
        assert _same(results[0], result), (name, workers)


@pytest.mark.parametrize("name", CALLS)
@pytest.mark.parametrize("bad, error", [(0, ab.ParameterError), (-2, ab.ParameterError), (257, ab.ParameterError),
                                        (1.0, ab.ParameterTypeError), (True, ab.ParameterTypeError),
                                        ("2", ab.ParameterTypeError), (None, ab.ParameterTypeError)])
def test_bad_worker_counts_are_refused(name, bad, error):
    with pytest.raises(error, match=r"^`workers` must be an integer from 1 to 256, or -1 for one thread per core, "
                                    r"but got "):
        CALLS[name](bad)


def test_the_blocks_run_on_the_threads_asked_for(monkeypatch):
    def thread_of(negatives, positives):
        return threading.get_ident()

    def threads_used(workers):
        return set(_resampling.map_resamples(thread_of, 5, 7, 20 * _resampling.BLOCK, 0, workers=workers))

    assert threads_used(1) == {threading.get_ident()}  # no thread started: the caller's own
    assert len(threads_used(2)) == 2 and threading.get_ident() not in threads_used(2)
    monkeypatch.setattr(_resampling, "MIN_THREADED_WORK", 20 * _resampling.BLOCK * 12 + 1)  # just above this work
    assert threads_used(2) == {threading.get_ident()}


def test_threads_run_at_most_two_blocks_ahead_each():
    started = []

    def task(k):
        started.append(k)
        return k

    seen = []
    for k in _resampling._run_blocks(task, 50, 3, 10**9):
        seen.append(k)
        if k == 0:
            assert len(started) <= 2 * 3 + 1  # the first six, and one more once the first was taken
    assert seen == list(range(50)) and sorted(started) == seen


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("name", ["intervals", "roc_band", "partial_auc"])
def test_progress_counts_resamples_up_to_the_total(name, workers):
    calls = []
    record = lambda *args: calls.append(args)  # noqa: E731
    resamples = 5 * _resampling.BLOCK + 7
    if name == "intervals":
        ab.intervals(LABELS, SCORES, resamples=resamples, workers=workers, progress=record)
    elif name == "roc_band":
        ab.empirical.roc_band(LABELS, SCORES, method="bootstrap", resamples=resamples, workers=workers, progress=record)
    else:
        ab.empirical.partial_auc(LABELS, SCORES, resamples=resamples, workers=workers, progress=record)
    assert {total for _, total in calls} == {resamples}
    done = [count for count, _ in calls]
    assert len(done) >= 6 and done == sorted(done) and done[-1] == resamples  # after each block at least


@pytest.mark.parametrize("workers", [1, 2])
def test_an_error_in_a_thread_reaches_the_caller_and_stops_the_rest(workers):
    started = []

    def task(k):
        started.append(k)
        if k == 3:
            raise ArithmeticError("block 3")
        return k

    with pytest.raises(ArithmeticError, match="block 3"):
        list(_resampling._run_blocks(task, 100, workers, 10**9, report=lambda: None))
    assert len(started) < 100  # the blocks not yet started were dropped


def test_progress_comes_while_a_block_is_drawn(monkeypatch):
    # one block of 40 resamples of 10 ms each: reports every POLL (here 0.05 s) while it runs, with what is done
    monkeypatch.setattr(_resampling, "POLL", 0.05)
    release = threading.Event()

    def slow(negatives, positives):
        release.wait(0.01)
        return 0

    calls = []
    values = list(_resampling.map_resamples(slow, 3, 4, 40, 0, workers=1, progress=lambda *a: calls.append(a)))
    assert len(values) == 40 and calls[-1] == (40, 40)
    assert len(calls) > 3 and any(0 < done < 40 for done, _ in calls)  # before the only block ended


# --- the engine switch ---------------------------------------------------------------------

BUILT = _resampling.compiled_loop() is not None


def test_use_engine_sets_the_engine_inside_and_restores_it():
    outside = engine_in_use()
    assert outside == ("compiled" if BUILT else "numpy")
    with use_engine("numpy"):
        assert engine_in_use() == "numpy"
        with use_engine("auto"):
            assert engine_in_use() == outside
        assert engine_in_use() == "numpy"
    assert engine_in_use() == outside


def test_use_engine_holds_in_its_own_thread_only():
    seen = []
    inside, done = threading.Event(), threading.Event()

    def other():
        inside.wait()
        seen.append(engine_in_use())
        done.set()

    thread = threading.Thread(target=other)
    thread.start()
    with use_engine("numpy"):
        inside.set()
        done.wait()
        assert engine_in_use() == "numpy"
    thread.join()
    assert seen == ["compiled" if BUILT else "numpy"]


def test_use_engine_refuses_unknown_engines():
    with pytest.raises(ab.ParameterError, match="^`engine` must be one of 'auto', 'compiled', 'numpy'"):
        with use_engine("fast"):
            pass


def test_use_engine_refuses_the_compiled_engine_where_it_is_not_built(monkeypatch):
    monkeypatch.setattr(_resampling, "_built", lambda: None)
    assert engine_in_use() == "numpy"
    with pytest.raises(ab.ParameterError, match=r"^`engine` must be 'auto' or 'numpy' here \(the compiled module "
                                                r"was not built at install: no C compiler\), but got 'compiled'\.$"):
        with use_engine("compiled"):
            pass


@pytest.mark.skipif(not BUILT, reason="the compiled module is not built here")
def test_the_engines_give_the_same_numbers_through_the_public_switch():
    with use_engine("compiled"):
        compiled = ab.intervals(LABELS, SCORES, resamples=200, seed=1, workers=2)
    with use_engine("numpy"):
        numpy = ab.intervals(LABELS, SCORES, resamples=200, seed=1, workers=2)
    assert repr(compiled.as_dict()) == repr(numpy.as_dict())


# --- the command line ------------------------------------------------------------------------

COMMANDS = {
    "auc": ["auc", ROOT_DATA, "--score", "s100b", "--label", "outcome", "--positive", "Poor", "--bootstrap", "300"],
    "auc --partial": ["auc", ROOT_DATA, "--score", "s100b", "--label", "outcome", "--positive", "Poor", "--partial",
                      "0.9,1", "--bootstrap", "300"],
    "roc": ["roc", ROOT_DATA, "--score", "s100b", "--label", "outcome", "--positive", "Poor", "--specificity", "0.9",
            "--bootstrap", "300"],
    "coverage": ["coverage", "--m", "10", "--n", "12", "--trials", "30", "--method", "bootstrap-bca",
                 "--resamples", "130"],
}


@pytest.mark.parametrize("name", COMMANDS)
def test_the_option_changes_no_output(cli, name):
    outputs = set()
    for workers in ("1", "2", "-1"):
        result = cli(*COMMANDS[name], "--workers", workers)
        assert result.exit_code == 0, result.output
        outputs.add(result.stdout)
    assert len(outputs) == 1


@pytest.mark.parametrize("name", COMMANDS)
@pytest.mark.parametrize("bad", ["0", "-2", "257", "2.5", "x"])
def test_bad_worker_options_exit_2(cli_error, name, bad):
    line = cli_error(*COMMANDS[name], "--workers", bad)
    assert line == (f"Error: Invalid value for '--workers': must be an integer from 1 to 256, or -1 for one thread "
                    f"per core, but got '{bad}'.\n")


@pytest.mark.parametrize("name", ["auc", "auc --partial", "roc"])
def test_a_long_bootstrap_shows_its_progress_bar(cli, monkeypatch, name):
    import io
    import types

    from aucbound.cli import _progress

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    terminal = Terminal()
    monkeypatch.setattr(_progress, "sys", types.SimpleNamespace(stderr=terminal))
    monkeypatch.setattr(_progress, "SHOW_AFTER", -1.0)  # every run counts as long
    result = cli(*COMMANDS[name], "--workers", "2")
    assert result.exit_code == 0, result.output
    assert "bootstrap" in terminal.getvalue() and "100%" in terminal.getvalue()


def test_one_blas_thread_blocks_in_two_threads_run_one_at_a_time_and_restore_the_setting():
    """Whether OpenBLAS keeps its thread count for the process or for each thread, blocks of two threads never
    overlap (the second waits), each runs on one BLAS thread, and the setting afterwards is what it was before."""
    import threading
    import time

    from threadpoolctl import threadpool_info

    from aucbound._threads import one_blas_thread

    def blas():
        return sorted(info["num_threads"] for info in threadpool_info() if info["user_api"] == "blas")

    with one_blas_thread():  # loads every BLAS the limit reaches, so that before and after see the same libraries
        pass
    before = blas()
    spans, inside = [], []

    def run():
        with one_blas_thread():
            start = time.monotonic()
            inside.append(blas())
            time.sleep(0.1)
            spans.append((start, time.monotonic()))

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    (_, first_end), (second_start, _) = sorted(spans)
    assert first_end <= second_start  # one after the other
    assert inside == [[1] * len(before)] * 2 and blas() == before
