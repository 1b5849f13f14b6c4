"""Calls of aucbound's data functions for bench/fuzz_cli.py: generated inputs, run in a child process.

Each case is one call of ``auc``, ``delong``, ``intervals``, ``compare``, ``roc_curve``,
``partial_auc``, ``roc_band``, ``power_test_data`` or ``bootstrap_interval``, written as a
Python expression over ``ab`` (aucbound), ``np`` and ``pd`` so that it can be replayed by
hand. Labels and scores are drawn from lists, numpy arrays of every dtype (float16 to
uint64, booleans, object arrays mixing integers beyond 2^53 with floats and booleans),
pandas Series of nullable dtypes (Int64, UInt64, Float64, boolean, string, category) with
missing entries, pandas arrays and indexes, and shapes that are no column (generators,
(n, 1) arrays, scalars); keywords from their domains and beyond; and large work in the
dimensions the limits look at least (rows × resamples, specificities × resamples).

The child (this file run as a script: :func:`evaluate`) evaluates the call with every
warning recorded, and prints one JSON line: ``status`` ("ok", "refused" for aucbound's own ParameterError or
ParameterTypeError, "exception" for anything else, whose traceback goes to stderr), the
raw warnings (any but aucbound's own ``DataWarning`` and ``LevelWarning``) and the
``problems`` found in the answer: a NaN or infinity where a number belongs, an AUC outside [0, 1], an interval
that does not contain its estimate, or — for the cases that carry plain values — an AUC
other than the one counted pair by pair on the complete rows (exactly, as Python compares
integers and floats). Functions that take ``progress`` get one that writes
``progress d/t`` lines to stderr, which the parent counts as progress output.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import sys

FUNCTIONS = ["auc", "delong", "intervals", "compare", "roc_curve", "partial_auc", "roc_band", "power_test_data",
             "bootstrap_interval"]
#: The functions that take a progress callback.
WITH_PROGRESS = ("intervals", "partial_auc", "roc_band", "bootstrap_interval")

BIG = 2**62


@dataclasses.dataclass
class LibraryCase:
    """One call: the function, the inputs (name → source), the call over them, and (when the
    inputs are plain numbers) the rows that an independent pair count of the AUC uses."""

    function: str
    inputs: dict
    call: str
    oracle: dict | None = None

    @property
    def code(self) -> str:
        """The whole case as Python statements (for the report and a replay by hand)."""
        return "; ".join([f"{name} = {source}" for name, source in self.inputs.items()] + [f"print({self.call})"])


# --- columns, as source text ----------------------------------------------------------------


def _literal(value) -> str:
    if value is None:
        return "None"
    if isinstance(value, float) and math.isnan(value):
        return "np.nan"
    if isinstance(value, float) and math.isinf(value):
        return "np.inf" if value > 0 else "-np.inf"
    return repr(value)


def _list(values) -> str:
    return "[" + ", ".join(_literal(value) for value in values) + "]"


def _labels(draw, size: int):
    """(source, plain labels or None, the positive label or None) for `size` rows."""
    rng = draw.rng
    kind = draw.choice(["list", "list", "array", "array", "bool", "Int64", "Int64", "boolean", "string", "category",
                        "object", "pm1", "float-nan", "pd-array", "index", "words"] + ["bad"] * draw.chance(0.3))
    classes = [rng.randrange(2) for _ in range(size)]
    if size >= 2:  # both classes, mostly
        classes[0], classes[1] = (0, 1) if draw.chance(0.9) else (classes[0], classes[0])
    missing = [draw.chance(0.15) for _ in range(size)] if draw.chance(0.4) else [False] * size
    with_missing = [None if gone else y for y, gone in zip(classes, missing)]
    if kind == "list":
        return _list(with_missing), with_missing, None
    if kind == "array":
        return f"np.array({_list(classes)})", classes, None
    if kind == "bool":
        return f"np.array({_list([bool(y) for y in classes])})", classes, None
    if kind == "Int64":
        return f"pd.Series({_list(with_missing)}, dtype='Int64')", with_missing, None
    if kind == "boolean":
        values = [None if y is None else bool(y) for y in with_missing]
        return f"pd.Series({_list(values)}, dtype='boolean')", with_missing, None
    if kind == "pd-array":
        return f"pd.array({_list(with_missing)}, dtype='Int64')", with_missing, None
    if kind == "index":
        return f"pd.Index({_list(classes)})", classes, None
    if kind == "pm1":
        return _list([2 * y - 1 if y is not None else None for y in with_missing]), with_missing, None
    if kind == "float-nan":
        values = [float("nan") if y is None else float(y) for y in with_missing]
        return f"np.array({_list(values)})", with_missing, None
    if kind in ("string", "category", "words"):
        words = [None if y is None else ("Poor" if y else "Good") for y in with_missing]
        dtype = {"string": "'string'", "category": "'category'", "words": "object"}[kind]
        source = f"pd.Series({_list(words)}, dtype={dtype})" if kind != "words" else _list(words)
        return source, words, "Poor"
    if kind == "object":
        values = [None if y is None else draw.choice([y, bool(y), float(y)]) for y in with_missing]
        return f"np.array({_list(values)}, dtype=object)", None, None
    return draw.choice(["(y for y in [0, 1, 0, 1])", "np.zeros((4, 1))", "5", "'y'", "{'a': 1}", "[[0, 1], [1, 0]]",
                        "np.array([0, 1, 2, 1])", "[0, 1, 'x', 1]", "np.array(['a', 'b', 'a', 'b'])"]), None, None


def _score_values(draw, size: int):
    rng = draw.rng
    kind = draw.choice(["small-int", "float", "big-int", "ties", "tiny", "huge"])
    if kind == "small-int":
        return [rng.randrange(-3, 4) for _ in range(size)]
    if kind == "float":
        return [round(rng.gauss(0, 1), 3) for _ in range(size)]
    if kind == "big-int":
        return [BIG + rng.randrange(-5, 6) for _ in range(size)]
    if kind == "ties":
        return [0.5] * size
    if kind == "tiny":
        return [rng.choice([5e-324, 1e-320, 0.0, -5e-324]) for _ in range(size)]
    return [rng.choice([1e308, -1e308, 1.7976931348623157e308, 0.0]) for _ in range(size)]


def _scores(draw, size: int):
    """(source, plain scores or None) for `size` rows."""
    values = _score_values(draw, size)
    missing = [draw.chance(0.15) for _ in range(size)] if draw.chance(0.4) else [False] * size
    with_missing = [None if gone else s for s, gone in zip(values, missing)]
    integers = all(isinstance(s, int) for s in values)
    kind = draw.choice(["list", "list", "array", "array", "Series", "nullable", "nullable", "pd-array", "uint64"]
                       + ["object", "object-mixed", "float16", "bool", "bad", "inf"] * draw.chance(0.3))
    if kind == "list":
        return _list(with_missing), with_missing
    if kind == "array":
        return f"np.array({_list(values)})", values
    if kind == "Series":
        floats = [float("nan") if s is None else float(s) for s in with_missing]
        return f"pd.Series({_list(floats)})", None if integers else with_missing
    if kind == "nullable":
        dtype = draw.choice(["Int64", "UInt64", "Float64"] if integers else ["Float64"])
        if dtype == "UInt64" and any(s is not None and s < 0 for s in with_missing):
            dtype = "Int64"
        as_stored = [None if s is None else float(s) for s in with_missing] if dtype == "Float64" else with_missing
        return f"pd.Series({_list(with_missing)}, dtype='{dtype}')", as_stored
    if kind == "pd-array":
        dtype = "Int64" if integers else "Float64"
        return f"pd.array({_list(with_missing)}, dtype='{dtype}')", with_missing
    if kind == "object":
        return f"np.array({_list(with_missing)}, dtype=object)", with_missing
    if kind == "object-mixed":  # integers beyond 2^53 beside floats and booleans
        mixed = [draw.choice([s, float(s), True]) if s is not None and abs(s) < 2 else s for s in with_missing]
        mixed = [BIG + 1 if draw.chance(0.2) else s for s in mixed]
        return f"np.array({_list(mixed)}, dtype=object)", None
    if kind == "float16" and all(abs(s) < 6e4 for s in values):
        return f"np.array({_list(values)}, dtype=np.float16)", None
    if kind == "uint64" and integers:
        return f"np.array({_list([abs(s) for s in values])}, dtype=np.uint64)", [abs(s) for s in values]
    if kind == "bool":
        return f"np.array({_list([bool(s) for s in values])})", [bool(s) for s in values]
    if kind == "inf":
        return _list(values[:-1] + [float("inf")]) if values else "[]", None
    return draw.choice(["(s for s in [0.1, 0.2, 0.3, 0.4])", "np.zeros((4, 1))", "0.5", "'score'",
                        "['a', 'b', 'a', 'b']", "np.array([1 + 1j, 2, 3, 4])", "[[0.1, 0.2]] * 4",
                        "np.array(['2020-01-01'] * 4, dtype='datetime64[D]')", "[10**400, 1, 2, 3]"]), None


def _large(draw):
    """Arrays of many rows, generated in the child: (labels source, scores source)."""
    size = draw.choice([10**4, 10**5, 10**6, 3 * 10**6])
    labels = f"np.arange({size}) % 2"
    scores = draw.choice([f"np.random.default_rng(1).normal(size={size}) + np.arange({size}) % 2",
                          f"np.random.default_rng(1).integers(0, 3, {size})",
                          f"np.arange({size}, dtype=np.int64) * 2**40"])
    return labels, scores, size


def _keywords(draw, function: str, large: bool, quick: bool) -> list[str]:
    options = []

    def maybe(p, text):
        if draw.chance(p):
            options.append(text)

    maybe(0.6, f"nan_policy={draw.choice(['raise', 'omit', 'omit', 'omit', 'omit', 'omit', 'propagate'])!r}")
    if function in ("intervals", "compare", "partial_auc", "roc_band", "bootstrap_interval"):
        maybe(0.3, f"delta={draw.choice(['0.05', '0.01', '1e-300', '5e-324', '0.9999999999999999', '0.5', '0', '1', 'np.nan'])}")
    if function in ("intervals", "partial_auc", "roc_band", "bootstrap_interval"):
        resamples = ["10", "200", "2000"] + (["10**5", "10**6", "10**7"] if large else ["0", "-1", "2.5"])
        resamples += [] if quick or large else ["10**5"]
        maybe(0.5 if large else 0.3, f"resamples={draw.choice(resamples)}")
        maybe(0.15, f"seed={draw.choice(['0', '7', '2**64', '-1', 'None'])}")
    if function == "intervals":
        maybe(0.4, "methods=" + draw.choice(["['delong']", "['bootstrap-bca']", "['bootstrap-percentile', 'delong']",
                                             "['hoeffding-kl', 'newcombe']", "[]", "'delong'", "['nope']"]))
    if function == "compare":
        maybe(0.3, "methods=" + draw.choice(["['delong']", "['hoeffding', 'mcdiarmid']", "['newcombe']"]))
    if function == "partial_auc":
        maybe(0.6, "range=" + draw.choice(["(0.9, 1.0)", "(0.0, 1.0)", "(1.0, 0.9)", "(0.5, 0.5)", "(0.8, 0.9)",
                                           "(-1, 2)", "(0, 5e-324)", "(0.9999999999999999, 1.0)"]))
        maybe(0.3, f"focus={draw.choice(['specificity', 'sensitivity', 'sp', 'se', 'x'])!r}")
        maybe(0.3, f"correct={draw.choice(['True', 'False'])}")
    if function == "roc_band":
        maybe(0.5, f"method={draw.choice(['dkw', 'bootstrap', 'bootstrap', 'kolmogorov', 'berk-jones', 'x'])!r}")
        grid = ["[0.5]", "[0.0, 0.5, 1.0]", "np.linspace(0, 1, 101)", "[1.5]", "[]"]
        if large or (draw.chance(0.1) and not quick):
            grid += ["np.linspace(0, 1, 10**4)", "np.linspace(0, 1, 10**5)"]
        maybe(0.6, f"{draw.choice(['specificities', 'sensitivities'])}={draw.choice(grid)}")
    if function == "power_test_data":
        maybe(0.3, f"power={draw.choice(['0.8', '0.9', '1e-300', '0.9999999999999999', '1'])}")
        maybe(0.3, f"sig_level={draw.choice(['0.05', '5e-324', '1e-320', '0.9999999999999999', 'None'])}")
        maybe(0.2, f"ncases={draw.choice(['10', '1e300', '5e-324', '0.5'])}")
        maybe(0.2, f"kappa={draw.choice(['1', '1e-300', '1e300'])}")
        maybe(0.2, f"alternative={draw.choice(['two-sided', 'one-sided', 'less'])!r}")
    if function == "bootstrap_interval":
        maybe(0.4, f"method={draw.choice(['bootstrap-bca', 'bootstrap-percentile', 'delong'])!r}")
    if function in WITH_PROGRESS and draw.chance(0.8):
        options.append("progress=progress")
    return options


def make_case(draw, *, large: bool | None = None, quick: bool = False) -> LibraryCase:
    """One call of one data function, drawn with `draw` (bench/fuzz_cli.py's Draw); `large`
    says whether its data are large (10^4 to 3·10^6 rows), by default about one in 16;
    `quick` keeps resamples and grids small (for the test suite)."""
    function = draw.choice(FUNCTIONS)
    large = (draw.chance(0.06) and not quick) if large is None else large
    oracle = None
    if large:
        labels, scores, size = _large(draw)
        positive = None
        second = scores.replace("default_rng(1)", "default_rng(2)")
    else:
        size = draw.choice([0, 1, 2, 3, 4, 6, 10, 20, 50] if draw.chance(0.2) else [4, 6, 8, 10, 20, 50])
        labels, plain_labels, positive = _labels(draw, size)
        scores, plain_scores = _scores(draw, size)
        second, _ = _scores(draw, size)
        whole_auc = function in ("auc", "delong", "intervals", "roc_curve", "power_test_data")  # `.auc` is the AUC
        if whole_auc and plain_labels is not None and plain_scores is not None and len(plain_scores) == len(plain_labels):
            oracle = {"labels": plain_labels, "scores": plain_scores, "positive": positive}
    inputs = {"labels": labels, "scores": scores}
    if function == "compare" or (function == "power_test_data" and draw.chance(0.4)):
        inputs["second"] = second
        oracle = None  # compare's first AUC is checked by the other functions
    keywords = _keywords(draw, function, large, quick)
    if positive is not None or draw.chance(0.05):
        keywords.append(f"pos_label={_literal(positive) if positive is not None else draw.choice(['1', 'True', '2**64', repr('x')])}")
    if oracle is not None:
        oracle["omit"] = any("omit" in k for k in keywords)
        oracle["pos_label_given"] = any(k.startswith("pos_label=") for k in keywords)
    return LibraryCase(function, inputs, f"ab.{function}({', '.join(list(inputs) + keywords)})", oracle)


# --- the child ---------------------------------------------------------------------------------


def progress(done, total):
    """The progress callback the calls get: a line on stderr, which the parent counts."""
    import sys

    print(f"progress {done}/{total}", file=sys.stderr, flush=True)


def _numbers(value, path=""):
    """(path, number) for every number in a result (dataclasses, tuples, dicts, arrays)."""
    import numpy as np

    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, (int, float, np.floating, np.integer)):
        yield path, float(value)
    elif isinstance(value, np.ndarray) and value.dtype.kind in "fiu":
        for k, x in enumerate(value.ravel()[:100000].tolist()):
            yield f"{path}[{k}]", float(x)
    elif dataclasses.is_dataclass(value):
        for field in dataclasses.fields(value):
            yield from _numbers(getattr(value, field.name), f"{path}.{field.name}")
    elif isinstance(value, (list, tuple)):
        for k, x in enumerate(value):
            yield from _numbers(x, f"{path}[{k}]")
    elif isinstance(value, dict):
        for k, x in value.items():
            yield from _numbers(x, f"{path}[{k!r}]")


def _missing(x) -> bool:
    return x is None or (isinstance(x, float) and x != x)


def pair_auc(oracle: dict) -> float | None:
    """The AUC of the plain rows by counting every (positive, negative) pair, ties ½; None
    where the call should refuse (a missing value under "raise", one class, an infinite score)."""
    rows = list(zip(oracle["labels"], oracle["scores"]))
    if any(_missing(y) or _missing(s) for y, s in rows):
        if not oracle["omit"]:
            return None
        rows = [(y, s) for y, s in rows if not (_missing(y) or _missing(s))]
    if oracle["positive"] is None and oracle["pos_label_given"]:
        return None
    positive = oracle["positive"] if oracle["positive"] is not None else 1
    pos = [s for y, s in rows if y == positive]
    neg = [s for y, s in rows if y != positive]
    if not pos or not neg or any(isinstance(s, float) and math.isinf(s) for _, s in rows):
        return None
    wins = sum((p > q) + 0.5 * (p == q) for p in pos for q in neg)
    return wins / (len(pos) * len(neg))


def problems(result, oracle: dict | None) -> list[str]:
    """What is wrong with an answer: NaN or inf where a number belongs, an AUC outside
    [0, 1], a closed-form interval without its estimate, or an AUC other than the pairs' count."""
    import aucbound as ab

    found = []
    for path, x in _numbers(result):
        if math.isnan(x) and not path.endswith(("variance", ".se", "p_value", "statistic")):
            found.append(f"NaN at {path}")
        elif math.isinf(x) and not path.endswith(("epsilon", "statistic", ".z", "ncases", "ncontrols")) \
                and ".thresholds" not in path:  # a z of D/0 is infinite; the first threshold is inf
            found.append(f"inf at {path}")
    auc = getattr(result, "auc", result if isinstance(result, float) else None)
    if isinstance(auc, float) and not 0 <= auc <= 1:
        found.append(f"AUC {auc} outside [0, 1]")
    for row in list(getattr(result, "rows", None) or []) or [result]:
        lo, hi, estimate = (getattr(row, name, None) for name in ("lo", "hi", "estimate"))
        method = ab.METHODS.get(getattr(row, "method", None))
        closed_form = method is not None and not method.needs_scores  # a bootstrap's percentiles need not contain Â
        if isinstance(lo, float) and isinstance(hi, float):
            if lo > hi:
                found.append(f"lo {lo} > hi {hi} ({getattr(row, 'method', '')})")
            elif closed_form and isinstance(estimate, float) and not lo <= estimate <= hi:
                found.append(f"[{lo}, {hi}] does not contain its estimate {estimate} ({getattr(row, 'method', '')})")
    if oracle and isinstance(auc, float):
        expected = pair_auc(oracle)
        if expected is not None and auc != expected:
            found.append(f"AUC {auc!r}, but {expected!r} by counting the pairs")
    return found[:3]


def evaluate(case: LibraryCase) -> dict:
    """Run `case` here, every warning recorded: ``status`` ("ok", "refused", "exception",
    "invalid" when an input does not construct), ``detail``, the raw ``warnings`` (not
    aucbound's own DataWarning and LevelWarning) and the ``problems`` of the answer."""
    import traceback
    import warnings

    import numpy as np

    import aucbound as ab

    try:
        import pandas as pd
    except ImportError:
        pd = None
    space = {"ab": ab, "np": np, "pd": pd, "progress": progress}
    for name, source in case.inputs.items():  # the inputs first: a failure here is the fuzzer's
        try:
            space[name] = eval(source, space)
        except Exception as error:
            return {"status": "invalid", "detail": f"{name}: {type(error).__name__}: {error}"[:300],
                    "warnings": [], "problems": []}
    status, detail, found = "ok", "", []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            found = problems(eval(case.call, space), case.oracle)
        except (ab.ParameterError, ab.ParameterTypeError) as error:
            status, detail = "refused", str(error)
        except Exception as error:
            traceback.print_exc()
            status, detail = "exception", f"{type(error).__name__}: {error}"[:300]
    raw = [f"{w.category.__name__}: {w.message}"[:300] for w in caught
           if not issubclass(w.category, (ab.DataWarning, ab.LevelWarning))]
    return {"status": status, "detail": detail, "warnings": raw, "problems": found}


def child_argv(python: str, case: LibraryCase) -> list[str]:
    """The child's command line: this file, the case as JSON; it prints :func:`evaluate`'s answer as JSON."""
    document = {"function": case.function, "inputs": case.inputs, "call": case.call, "oracle": case.oracle}
    return [python, os.path.abspath(__file__), json.dumps(document)]


def replay(case: LibraryCase) -> str:
    """Python that replays the call by hand."""
    progress = "progress = lambda done, total: None; " if "progress=progress" in case.call else ""
    return "import numpy as np, pandas as pd, aucbound as ab; " + progress + case.code


if __name__ == "__main__":
    print(json.dumps(evaluate(LibraryCase(**json.loads(sys.argv[1])))))
