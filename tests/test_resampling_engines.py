"""The bootstrap's two engines, the compiled loop and numpy, give the same resamples.

Each case is drawn twice through :func:`aucbound.empirical.bootstrap_aucs`: with the
compiled loop (where it is built) and inside ``use_engine("numpy")``, and the two arrays must
be equal, value for value. The numpy engine is also checked against the stream as
documented (numpy's own ``Generator(PCG64(child)).integers``, negatives then positives) and
a pair count of each resample, so that half means something where nothing is compiled.
Last, ``import aucbound`` and the bootstrap work when the compiled module cannot be imported.
"""

import functools
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from aucbound.empirical import _resampling, bootstrap_aucs, engine_in_use, use_engine

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "asah_markers.csv"
COMPILED = _resampling.compiled_loop()
needs_compiled = pytest.mark.skipif(
    COMPILED is None,
    reason="aucbound.empirical._resample is not built here (no C compiler at install, or an unbuilt source tree): "
    "only the numpy engine runs",
)
#: A class of 3·2¹⁸: (2³² − n) mod n = 2¹⁸, so Lemire's method rejects one word in 16384,
#: about 48 per class and resample.
LARGE = 3 * 2**18


@functools.lru_cache
def _case(name):
    """(labels, scores, resamples, seed) of a named case."""
    rng = np.random.default_rng(sum(map(ord, name)))
    if name == "ties":  # 5 score levels, 3 blocks and a part block
        m, n, resamples = 40, 60, 3 * _resampling.BLOCK + 9
        scores = np.concatenate([rng.integers(0, 5, m) + 1, rng.integers(0, 5, n)]).astype(float)
    elif name == "all-tied":
        m, n, resamples = 7, 9, 70
        scores = np.zeros(m + n)
    elif name == "few-positives":
        m, n, resamples = 3, 700, 130
        scores = np.round(np.concatenate([rng.normal(1, 1, m), rng.normal(0, 1, n)]), 1)
    elif name == "few-negatives":
        m, n, resamples = 700, 3, 130
        scores = np.round(np.concatenate([rng.normal(1, 1, m), rng.normal(0, 1, n)]), 1)
    elif name == "one-positive":
        m, n, resamples = 1, 50, 100
        scores = np.concatenate([[0.5], rng.random(n)])
    elif name == "one-negative":
        m, n, resamples = 50, 1, 100
        scores = np.concatenate([rng.random(m), [0.5]])
    elif name == "one-each":
        m, n, resamples = 1, 1, 10
        scores = np.array([0.3, 0.3])
    elif name == "rejections":  # both classes of 3·2¹⁸, so that words are rejected in each
        m, n, resamples = LARGE, LARGE, 3
        scores = np.concatenate([rng.integers(0, 1000, m) + 300, rng.integers(0, 1000, n)]).astype(float)
    else:
        raise ValueError(name)
    labels = np.arange(m + n) < m
    order = rng.permutation(m + n)  # classes interleaved, as in real data
    return labels[order], scores[order], resamples, sum(map(ord, name))


CASES = ["ties", "all-tied", "few-positives", "few-negatives", "one-positive", "one-negative", "one-each", "rejections"]


def _numpy_engine(labels, scores, resamples, seed):
    with use_engine("numpy"):
        assert _resampling.compiled_loop() is None and engine_in_use() == "numpy"
        return bootstrap_aucs(labels, scores, resamples=resamples, seed=seed)


def _compiled_engine(monkeypatch, labels, scores, resamples, seed):
    def refuse(*args):
        raise AssertionError("the numpy engine ran where the compiled loop should have")

    with monkeypatch.context() as patch, use_engine("compiled"):
        patch.setattr(_resampling, "_block_numpy", refuse)
        assert _resampling.compiled_loop() is COMPILED and engine_in_use() == "compiled"
        return bootstrap_aucs(labels, scores, resamples=resamples, seed=seed)


def _documented_stream(labels, scores, resamples, seed):
    """Â of each resample, from the stream as documented and a count of pairs by score level."""
    levels, codes = np.unique(scores, return_inverse=True)
    pos, neg = np.sort(codes[labels]), np.sort(codes[~labels])  # indices are into the sorted classes
    m, n = pos.size, neg.size
    starts = range(0, resamples, _resampling.BLOCK)
    values = []
    for start, child in zip(starts, np.random.SeedSequence(seed).spawn(len(starts))):
        rng = np.random.Generator(np.random.PCG64(child))
        for _ in range(min(_resampling.BLOCK, resamples - start)):
            negatives = np.bincount(neg[rng.integers(0, n, size=n, dtype=np.uint32)], minlength=levels.size)
            positives = np.bincount(pos[rng.integers(0, m, size=m, dtype=np.uint32)], minlength=levels.size)
            below = np.cumsum(negatives) - negatives  # drawn negatives strictly below each level
            values.append(int(np.dot(positives, 2 * below + negatives)) / (2 * m * n))  # a tie counts 1 of 2
    return np.array(values)


def test_the_large_case_rejects_words():
    # the first resample's negatives: some of its first n words fall below the threshold
    labels, _, _, seed = _case("rejections")
    assert labels.sum() == LARGE and (~labels).sum() == LARGE
    raw = np.random.PCG64(np.random.SeedSequence(seed).spawn(1)[0]).random_raw(LARGE // 2)
    words = np.column_stack([raw & np.uint64(0xFFFFFFFF), raw >> np.uint64(32)]).ravel()  # low half first
    threshold = 2**32 % LARGE
    assert threshold == 2**18
    rejected = np.count_nonzero((words * np.uint64(LARGE)) & np.uint64(0xFFFFFFFF) < threshold)
    assert 20 < rejected < 90  # 48 expected


@pytest.mark.parametrize("name", CASES)
def test_the_numpy_engine_draws_the_documented_stream(monkeypatch, name):
    labels, scores, resamples, seed = _case(name)
    values = _numpy_engine(labels, scores, resamples, seed)
    assert values.shape == (resamples,)
    assert np.array_equal(values, _documented_stream(labels, scores, resamples, seed))


@needs_compiled
@pytest.mark.parametrize("name", CASES)
def test_the_engines_agree_resample_for_resample(monkeypatch, name):
    labels, scores, resamples, seed = _case(name)
    compiled = _compiled_engine(monkeypatch, labels, scores, resamples, seed)
    numpy = _numpy_engine(labels, scores, resamples, seed)
    assert compiled.shape == numpy.shape == (resamples,)
    assert np.array_equal(compiled, numpy)
    if name not in ("all-tied", "one-each"):
        assert np.unique(compiled).size > 1  # not a degenerate constant


@needs_compiled
def test_the_engines_agree_on_many_seeds(monkeypatch):
    rng = np.random.default_rng(7)
    for seed in range(20):
        m, n = rng.integers(1, 60, size=2)
        labels = np.arange(m + n) < m
        scores = rng.integers(0, 8, m + n).astype(float)
        compiled = _compiled_engine(monkeypatch, labels, scores, 70, seed)
        assert np.array_equal(compiled, _numpy_engine(labels, scores, 70, seed)), (m, n, seed)


# --- without the compiled module ----------------------------------------------------------

BLOCKED = """
import json, sys
sys.modules["aucbound.empirical._resample"] = None  # as if it had not been built
import aucbound
from aucbound.empirical import _resampling, bootstrap_aucs, engine_in_use, use_engine
assert _resampling.compiled_loop() is None
labels, scores = json.loads(sys.stdin.read())
values = bootstrap_aucs(labels, scores, resamples=300, seed=4)
print(json.dumps([value.hex() for value in values.tolist()]))
"""

BLOCKED_CLI = """
import sys
sys.modules["aucbound.empirical._resample"] = None
from aucbound.cli import main
main(sys.argv[1:], prog_name="aucbound")
"""

COMMAND = ["auc", str(DATA), "--score", "s100b", "--label", "outcome", "--positive", "Poor", "--bootstrap", "2000",
           "--seed", "0"]


def _run_blocked(script, *args, stdin=""):
    run = subprocess.run([sys.executable, "-c", script, *args], input=stdin, capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert "circular import" not in run.stderr
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""
    return run.stdout


def test_import_and_bootstrap_without_the_compiled_module():
    rng = np.random.default_rng(3)
    labels = (rng.random(400) < 0.3).tolist()
    scores = np.round(rng.normal(size=400), 1).tolist()
    values = [float.fromhex(text) for text in json.loads(_run_blocked(BLOCKED, stdin=json.dumps([labels, scores])))]
    # here, with the compiled loop where it is built
    assert values == bootstrap_aucs(labels, scores, resamples=300, seed=4).tolist()


def test_the_command_line_prints_the_same_without_the_compiled_module(cli):
    here = cli(*COMMAND)
    assert here.exit_code == 0, here.output
    assert "bootstrap: 2000 stratified resamples, seed 0" in here.stdout
    assert _run_blocked(BLOCKED_CLI, *COMMAND) == here.stdout
