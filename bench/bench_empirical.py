#!/usr/bin/env python
"""Timings of aucbound.empirical beside its peers, measured side by side in one run.

Prints, for each task, every implementation's time, its ratio to aucbound's (peer time /
aucbound time: above 1 means aucbound is faster), and how far its answer is from
aucbound's. Peers come from bench/requirements.txt; one that is not installed is skipped
with a note. Benchmarks are not tests: nothing here fails.

    python bench/bench_empirical.py            # N = 1e6 and 1e7, DeLong at 1e6, bootstrap 2000 x 1e5
    python bench/bench_empirical.py --quick    # a smoke run at small sizes

Times are the best of a few repeats for the fast calls (one run for calls of more than a
few seconds). Peers whose bootstrap resamples with a Python loop are run with fewer
resamples and their time scaled linearly to the full count; the table says so.
Peak memory is measured in a fresh process that loads the data and makes one call: the
most memory the call had allocated at once (tracemalloc, which sees numpy's arrays) and the
process's peak resident set (VmHWM), interpreter and libraries included.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import subprocess
import sys
import time
import warnings

import numpy as np

import aucbound as ab

os.environ.setdefault("TQDM_DISABLE", "1")  # MLstatkit's progress bars
warnings.filterwarnings("ignore")


def best_time(function, repeats):
    """(best wall time in seconds over `repeats` calls, last result)."""
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def data(size, seed=0, positive_rate=0.3, separation=0.8):
    """Normal scores (binormal, AUC ≈ Φ(separation/√2)) rounded to 4 decimals: many ties, as real scores have."""
    rng = np.random.default_rng(seed)
    labels = rng.random(size) < positive_rate
    scores = np.round(rng.normal(size=size) + separation * labels, 4)
    return scores, labels


def optional(name):
    try:
        return importlib.import_module(name)
    except Exception as error:  # a peer that does not import is reported, not fatal
        print(f"  (peer {name} not available: {type(error).__name__}: {error})")
        return None


def report(title, rows, reference_value=None):
    """Print rows of (name, seconds, value, note) with ratios to the first row (aucbound)."""
    print(f"\n{title}")
    base = rows[0][1]
    print(f"  {'implementation':52s} {'seconds':>9s} {'ratio':>7s} {'|value - aucbound|':>19s}  note")
    for name, seconds, value, note in rows:
        difference = "" if value is None or reference_value is None else f"{abs(value - reference_value):.2e}"
        print(f"  {name:52s} {seconds:9.3f} {seconds / base:7.2f} {difference:>19s}  {note}")


# --- the AUC ----------------------------------------------------------------------------------


def bench_auc(size, repeats):
    scores, labels = data(size)
    int_labels = labels.astype(np.int8)
    seconds, value = best_time(lambda: ab.auc(labels, scores), repeats)
    rows = [("aucbound.auc", seconds, value, "")]
    metrics = optional("sklearn.metrics")
    if metrics:
        t, v = best_time(lambda: metrics.roc_auc_score(int_labels, scores), max(1, repeats - 1))
        rows.append(("sklearn.metrics.roc_auc_score", t, v, ""))
    stats = optional("scipy.stats")
    if stats:
        def mann_whitney():
            pos, neg = scores[labels], scores[~labels]
            return stats.mannwhitneyu(pos, neg).statistic / (pos.size * neg.size)

        t, v = best_time(mann_whitney, max(1, repeats - 1))
        rows.append(("scipy.stats.mannwhitneyu (U/mn)", t, v, ""))
    report(f"AUC, N = {size:.0e} ({labels.sum()} positives), ties counted 1/2", rows, value)


# --- DeLong's variance ------------------------------------------------------------------------


def bench_delong(size, repeats):
    scores, labels = data(size, seed=1)
    int_labels = labels.astype(int)
    seconds, value = best_time(lambda: ab.empirical.delong_variance(labels, scores), repeats)
    rows = [("aucbound.delong_variance", seconds, value, "")]
    t, v = best_time(lambda: ab.delong(labels, scores).variance, repeats)
    rows.append(("aucbound.delong (with components V10, V01, p1, p2)", t, v, ""))
    pauc = optional("pauc")
    if pauc:
        t, v = best_time(lambda: pauc.var(pauc.ROC(int_labels, scores)), max(1, repeats - 1))
        rows.append(("pauc.var(pauc.ROC(...))", t, v, "builds the ROC curve too"))
    fast = optional("rocauc_comparison")
    if fast:
        t, v = best_time(lambda: float(fast.delong_roc_variance(int_labels, scores)[1]), 1)
        rows.append(("rocauc_comparison.delong_roc_variance (yandex)", t, v, ""))
    ci = optional("confidenceinterval.delong")
    if ci:
        t, v = best_time(lambda: float(ci.delong_roc_variance(int_labels, scores)[1]), 1)
        rows.append(("confidenceinterval delong_roc_variance", t, v, "float32 mid-ranks"))
    mlstatkit = optional("MLstatkit")
    if mlstatkit:
        other = np.round(scores + np.random.default_rng(2).normal(size=size), 4)
        t, _ = best_time(lambda: ab.compare(labels, scores, other), 1)
        rows.append(("aucbound.compare (two scorers, paired)", t, None, "for the MLstatkit row"))
        t2, _ = best_time(lambda: mlstatkit.Delong_test(int_labels, scores, other), 1)
        rows.append(("MLstatkit.Delong_test (two scorers, paired)", t2, None, f"{t2 / t:.2f} x aucbound.compare"))
    report(f"DeLong variance, N = {size:.0e}", rows, value)


def bench_delong_quadratic(size):
    scores, labels = data(size, seed=3)
    seconds, value = best_time(lambda: ab.empirical.delong_variance(labels, scores), 3)
    rows = [("aucbound.delong_variance", seconds, value, "")]
    pyroc = optional("pyroc")
    if pyroc:
        t, v = best_time(lambda: float(pyroc.ROC(labels.astype(int), scores).S[0, 0]), 1)
        rows.append(("pyroc.ROC(...).S (Python loops, O(mn))", t, v, "time grows as m*n"))
    report(f"DeLong variance, N = {size:.0e} (for the O(mn) peer)", rows, value)


# --- the stratified bootstrap -----------------------------------------------------------------


def bench_bootstrap(size, resamples, few):
    scores, labels = data(size, seed=4)
    int_labels = labels.astype(int)
    from aucbound._threads import cores

    threads = cores()  # workers=-1, the default
    seconds, values = best_time(lambda: ab.empirical.bootstrap_aucs(labels, scores, resamples=resamples, seed=0), 3)
    rows = [(f"aucbound.bootstrap_aucs ({resamples})", seconds, None, f"{threads} thread(s) at the start")]
    t, _ = best_time(lambda: ab.bootstrap_interval(labels, scores, delta=0.05, resamples=resamples), 1)
    rows.append((f"aucbound.bootstrap_interval BCa ({resamples})", t, None, "with the jackknife"))
    rocci = optional("rocci")
    if rocci:
        t, _ = best_time(lambda: rocci.roc_band(int_labels, scores, n_boot=resamples, random_state=0), 3)
        rows.append((f"rocci.roc_band ({resamples}, compiled)", t, None, "ROC band, not an AUC interval"))
    scale = resamples / few
    pauc = optional("pauc")
    if pauc:
        roc = pauc.ROC(int_labels, scores)
        t, _ = best_time(lambda: pauc.ci_auc(roc, method="bootstrap", n_boot=few), 1)
        rows.append((f"pauc.ci_auc bootstrap ({few}, scaled x{scale:g})", t * scale, None, "scaled"))
    ci = optional("confidenceinterval")
    if ci:
        t, _ = best_time(lambda: ci.roc_auc_score(int_labels, scores, method="bootstrap_percentile", n_resamples=few,
                                                  random_state=np.random.RandomState(0)), 1)
        rows.append((f"confidenceinterval bootstrap ({few}, scaled x{scale:g})", t * scale, None, "scaled, not stratified"))
    mlstatkit = optional("MLstatkit")
    if mlstatkit:
        t, _ = best_time(lambda: mlstatkit.Bootstrapping(int_labels, scores, "roc_auc", n_bootstraps=few), 1)
        rows.append((f"MLstatkit.Bootstrapping ({few}, scaled x{scale:g})", t * scale, None, "scaled, not stratified"))
    report(f"Stratified bootstrap, {resamples} resamples, N = {size:.0e}", rows)


# --- peak memory ------------------------------------------------------------------------------

_MEMORY = """
import tracemalloc
import numpy as np
{setup}
with np.load({path!r}) as stored:
    scores, labels = stored["scores"], stored["labels"]
tracemalloc.start()
{call}
allocated = tracemalloc.get_traced_memory()[1]
with open("/proc/self/status") as status:  # VmHWM: this process's peak resident set, in kB
    peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
print(allocated / 2**20, peak / 1024)
"""


def bench_memory(size):
    import tempfile

    print(f"\nPeak memory, N = {size:.0e}: a fresh process loads float64 scores and bool labels "
          f"({9 * size / 2**20:.0f} MiB), then makes one call")
    cases = [
        ("aucbound.auc", "import aucbound as ab", "ab.auc(labels, scores)"),
        ("aucbound.delong_variance", "import aucbound as ab", "ab.empirical.delong_variance(labels, scores)"),
        ("aucbound.delong (components)", "import aucbound as ab", "ab.delong(labels, scores)"),
        ("sklearn.metrics.roc_auc_score", "from sklearn.metrics import roc_auc_score", "roc_auc_score(labels, scores)"),
    ]
    print(f"  {'implementation':52s} {'allocated by the call':>22s} {'peak resident set':>18s}")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "data.npz")
        scores, labels = data(size)
        np.savez(path, scores=scores, labels=labels)
        del scores, labels
        for name, setup, call in cases:
            code = _MEMORY.format(path=path, setup=setup, call=call)
            run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
            if run.returncode:
                print(f"  {name:52s} failed: {run.stderr.strip().splitlines()[-1]}")
                continue
            allocated, peak = map(float, run.stdout.split())
            print(f"  {name:52s} {allocated:18.0f} MiB {peak:14.0f} MiB")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, to check that the script runs")
    quick = parser.parse_args().quick
    print(f"aucbound {ab.__version__}, numpy {np.__version__}, Python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs ({platform.processor() or platform.machine()})")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for size in ((10**4, 10**5) if quick else (10**6, 10**7)):
        bench_auc(size, repeats=3)
    bench_delong(10**4 if quick else 10**6, repeats=5)
    bench_delong_quadratic(2000 if quick else 20000)
    bench_bootstrap(10**4 if quick else 10**5, resamples=200 if quick else 2000, few=10 if quick else 40)
    bench_memory(10**5 if quick else 10**7)
    print(f"\nload average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
