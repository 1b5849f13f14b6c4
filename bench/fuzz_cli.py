#!/usr/bin/env python3
"""Fuzz the ``aucbound`` command line and its data functions; report every run that breaks the error rule.

The rule: every input to every command and data function gets an answer or one clear refusal.

* good input: exit 0, the answer on stdout, nothing on stderr but the CLI's one-line
  ``Warning: `` notes (and a progress bar on a terminal);
* bad input: exit 2 (1 for a file that cannot be read or written) and exactly one line on
  stderr starting ``Error: `` that names the option, and nothing on stdout; from the
  library, an ``aucbound.ParameterError`` or ``ParameterTypeError``;
* never a traceback, a signal, a raw warning (a Python warning that is not aucbound's own
  ``DataWarning``), a library parameter name in backticks, a snake_case name or a "the
  <parameter>" fallback, NaN or infinity in the answer, a run longer than
  ``--progress-deadline`` seconds (30) with no progress output, or a peak resident memory
  above ``--rss-mb`` (4096 MiB).

Each run is a fresh process (``PYTHONWARNINGS`` unset, one BLAS thread, address space
capped at ``--memory-mb``) in a work directory that holds generated data files (good and
malformed CSV/TSV text, ``.npy`` and ``.npz`` files) and takes the figures and CSV files
the commands write; its peak resident memory and CPU time come from ``wait4``. A command
line ``python -m aucbound …`` has its stderr on a terminal, so that the progress bars of
long commands show, as they would for a user: a run that has shown none by the deadline
is killed and counted ``slow``; one that has runs on, to ``--timeout`` (300 s). Command
lines are drawn from every command with valid values, extreme numbers (probabilities and
skews at 1e-300 and next to 1, their ranges too), malformed text, missing, duplicated and
unknown options, and work that is large in a dimension the limits may not look at (rows
× resamples, grid points × resamples, size × rounds, dimension × size, K × starts).

A share ``--calls`` (a quarter) of the runs call a data function directly — ``auc``,
``delong``, ``intervals``, ``compare``, ``roc_curve``, ``partial_auc``, ``roc_band``,
``power_test_data``, ``bootstrap_interval`` — with labels and scores as lists, numpy
arrays of every dtype, object arrays (integers beyond 2^53 beside floats and booleans),
pandas Series of nullable dtypes (Int64, UInt64, Float64, boolean, string, category) with
missing values, pandas arrays and indexes, and shapes that are no column; the child checks
the answer (no NaN, AUCs in [0, 1], intervals that contain their estimate, and the AUC
against a count of the pairs where the inputs are plain numbers). See bench/fuzz_library.py.
The draws depend only on ``--seed``, so a run is reproducible.

    python bench/fuzz_cli.py --runs 2000 --seed 0 --jobs 2 --out fuzz-report.json
    python bench/fuzz_cli.py --runs 200 --commands auc,compare --workdir /tmp/fuzz --verbose
    python bench/fuzz_cli.py --runs 300 --commands call      # data functions only

Prints a table of classes per command, a table of the four rules per command (tracebacks,
raw warnings, runs over 30 s without progress, peak RSS over 4 GB), the distinct failures
(one example each, a command line or Python to replay), the slowest runs and the largest
memory; writes every run that is neither ``ok`` nor ``clean-error`` to the JSON report
with its command line, exit code, stderr, time and memory. Replay a finding from the work
directory (``--workdir`` keeps it): ``cd WORKDIR && python -m aucbound …``.

Classes, the first that applies: ``slow`` (no progress output by the deadline),
``timeout`` (past ``--timeout`` with progress), ``memory``, ``crash`` (killed by a signal,
an exit code other than 0, 1, 2, or a call with no answer), ``traceback``, ``warning``,
``bad-stderr`` (not one ``Error: `` line on a failure, anything but ``Warning: `` lines
on success, control characters, or a line longer than 1000 characters),
``internal-name``, ``stdout-on-error``, ``refused-good`` (a well-formed data file, read
once per file before the random runs, that does not give an answer), ``wrong-output``
(NaN/inf or an impossible number in the answer, JSON that is not strict JSON, no output
at all, or an AUC other than the pairs' count), ``invalid-case`` (the fuzzer built an
input that does not construct), ``clean-error``, ``ok``. ``aucbound`` and ``aucbound
plot`` with no arguments show their help on stderr with exit 2, as click's groups do;
that counts as a clean error.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import dataclasses
import io
import json
import os
import pty
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz_library  # noqa: E402  (beside this file)

# --- what the command line offers (kept in step with `aucbound CMD --help`) -------------------

CLOSED_FORM = ["mcdiarmid", "hoeffding", "hoeffding-kl", "chebyshev-max", "normal-max", "chebyshev-min", "normal-min",
               "chebyshev-lehmann", "normal-lehmann", "hanley-mcneil", "newcombe", "delong", "delong-logit"]
INVERTIBLE = CLOSED_FORM[:11]
ALL_METHODS = CLOSED_FORM + ["bootstrap-percentile", "bootstrap-bca"]
COMPARE_METHODS = ["mcdiarmid", "hoeffding", "hoeffding-kl", "chebyshev-max", "normal-max", "delong"]
CLASSES = {"finite": ["--size"], "line": [], "linear": ["--d"], "polynomial": ["--d", "--q"],
           "growth": ["--log-c1", "--c2"]}
CLASS_OPTIONS = ["--size", "--d", "--q", "--log-c1", "--c2"]
SCENARIOS = ["binormal", "binormal-unequal", "rating", "exponential", "lognormal", "near-perfect", "adversarial"]
TABLEFMTS = ["simple", "github", "grid", "latex_booktabs", "plain", "pipe", "rst", "html", "tsv", "fancy_grid"]
PLOTS = ["fig1", "fig2", "fig3", "intervals", "psi", "sample-complexity", "shatter", "regret", "quicksort-calls",
         "hinge-steps", "step-risk", "jump-dynamics", "fig4", "rankboost-normal", "loss-scores"]
#: Values at the ends of the plots' ranges: probabilities and skews near 1e-300 and near 1.
NEAR_ENDS = ["1e-300", "5e-324", "1e-150", "1e-17", "0.9999999999999999", "0.9999999999", "1e-100"]
RANGES_NEAR_ENDS = [("1e-300", "1e-299"), ("1e-300", "0.5"), ("1e-155", "0.5"), ("1e-160", "1e-100"),
                    ("0.9999999999999998", "0.9999999999999999"), ("1e-300", "0.9999999999999999"),
                    ("0.5", "0.9999999999999999"), ("5e-324", "1e-323")]

# --- values --------------------------------------------------------------------------------

HUGE_DIGITS = "1" + "0" * 30
EXTREME = ["0", "-0", "-1", "1e-300", "1e-320", "5e-324", "1e308", "1e309", "-1e309", "inf", "-inf", "nan", "NaN",
           HUGE_DIGITS, str(2**53 + 1), str(2**64), "1e30", "0.0", "1.0", "1", "0.9999999999999999", "1e-16",
           "1" + "0" * 400, "-" + HUGE_DIGITS, "2", "1.5", "-0.5"]
MALFORMED = ["1/0", "abc", "", "1e", "0x10", "١٢", "1_000", " ", "1..", "..", "1,5", "½", "0.5.5", "+-1", "True",
             "None", "1j", "∞", "\u00a01", "1e+", "1/2/3", "-1/2", "1/-2", "2/1", "0/5", "3..1", "0..4", "1..x",
             "--", "-", "٠.٥", "1e-3.5", "0b11", "1 2", "'0.5'", "\t", "x" * 300]

SIZE_SMALL = [1, 2, 3, 4, 5, 7, 10, 20, 30, 50, 100, 500, 1000, 5000, 10**4, 10**5, 10**6]
SIZE_BIG = [10**9, 10**12, 2**53 + 1, 10**15, 10**30, 10**300, 10**400]
UNIT = [0.05, 0.01, 0.1, 0.5, 0.25, 0.9, 0.99, 0.001, 1e-6, 0.3, 0.75]
UNIT_RARE = ["1e-10", "1e-100", "1e-300", "1e-320", "5e-324", "0.9999999999999999", "0.9999999999", ".5", "5e-1",
             "1e-3", "2.2250738585072014e-308"]
SKEW = ["1/2", "1/10", "1/4", "0.25", "0.1", "1/3", "2/3", "999/1000", "1/1000", "0.5", "3/10"]
SKEW_RARE = ["1/1000000", "1/10000000000", "1e-300", "5e-324", "99999999999/100000000000", "1/" + HUGE_DIGITS,
             "0.9999999999999999", " 1/2 ", "1 / 2", "10/20", "1/3.0", "0.5/1"]


class Draw:
    """The random choices of one run: values, good ones or (with probability `bad`) bad ones."""

    def __init__(self, rng: random.Random, bad: float):
        self.rng, self.bad = rng, bad

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def choice(self, values):
        return self.rng.choice(list(values))

    def broken(self) -> str:
        return self.choice(EXTREME if self.chance(0.5) else MALFORMED)

    def value(self, good, rare=(), rare_p: float = 0.1) -> str:
        """A good value (sometimes a rare one), or a broken one with probability `bad`."""
        if self.chance(self.bad):
            return self.broken()
        if rare and self.chance(rare_p):
            return str(self.choice(rare))
        return str(self.choice(good))

    def size(self, small=SIZE_SMALL, big=SIZE_BIG, rare_p=0.08) -> str:
        return self.value(small, big, rare_p)

    def unit(self) -> str:
        return self.value(UNIT, UNIT_RARE)

    def closed(self) -> str:
        return self.value(UNIT + [0, 1, 0.83], ["0.0", "1.0", "1e-300", "0.9999999999999999", "5e-324"])

    def skew(self) -> str:
        return self.value(SKEW, SKEW_RARE)


class Line:
    """A command line under construction: (option, values) items, mutated, then flattened."""

    def __init__(self, prefix: list[str]):
        self.prefix, self.items, self.stdin = prefix, [], None

    def add(self, option: str, *values: str) -> None:
        self.items.append((option, [str(v) for v in values]))

    def positional(self, value: str) -> None:
        self.items.append((None, [str(value)]))

    def argv(self) -> list[str]:
        out = list(self.prefix)
        for option, values in self.items:
            out += ([option] if option else []) + values
        return out


def mutate(line: Line, draw: Draw, regenerate) -> None:
    """Structural mistakes: a missing, doubled, unknown, glued or truncated option."""
    rng = draw.rng
    if line.items and draw.chance(0.06):
        del line.items[rng.randrange(len(line.items))]
    if line.items and draw.chance(0.06):
        option, _ = rng.choice(line.items)
        if option:
            fresh = regenerate(option)
            line.items.insert(rng.randrange(len(line.items) + 1), (option, fresh if fresh is not None else []))
    if draw.chance(0.03):
        line.add(draw.choice(["--bogus", "--M", "-m", "--delta-", "--meth", "--fromat"]), draw.choice(["1", "x"]))
    if line.items and draw.chance(0.04):
        k = rng.randrange(len(line.items))
        option, values = line.items[k]
        if option and len(values) == 1:
            line.items[k] = (None, [f"{option}={values[0]}"])
    if line.items and draw.chance(0.03):
        option, values = line.items[-1]
        if option and values:
            line.items[-1] = (option, values[:-1])
    if draw.chance(0.02):
        line.positional(draw.choice(["extra", "1", "--", "-"]))
    if draw.chance(0.01):
        line.add("--help")
    if draw.chance(0.08):
        rng.shuffle(line.items)


# --- data files ----------------------------------------------------------------------------


@dataclasses.dataclass
class DataFile:
    """A generated input file: its bytes, what it is, and the columns it offers."""

    data: bytes
    about: str
    scores: list[str]
    label: str
    positives: list[str]
    good: bool = False
    commands: tuple = ("auc", "compare")  # the commands it is good input for (when `good`)


def _csv(rows, header=("score", "s2", "label"), sep=",", eol="\n", bom=False) -> bytes:
    lines = ([sep.join(header)] if header else []) + [sep.join(str(x) for x in row) for row in rows]
    text = eol.join(lines) + eol
    return (b"\xef\xbb\xbf" if bom else b"") + text.encode("utf-8")


def _npy(array, allow_pickle=False) -> bytes:
    import numpy as np

    stream = io.BytesIO()
    np.save(stream, array, allow_pickle=allow_pickle)
    return stream.getvalue()


def _npz(**arrays) -> bytes:
    import numpy as np

    stream = io.BytesIO()
    np.savez(stream, **arrays)
    return stream.getvalue()


def data_files() -> dict[str, DataFile]:
    """Every file the auc and compare runs read, good and malformed, built from a fixed seed."""
    import numpy as np

    rng = random.Random(20240601)
    size = 40
    labels = [k % 2 for k in range(size)]
    s1 = [round(rng.gauss(y, 1.0), 4) for y in labels]
    s2 = [round(rng.gauss(0.5 * y, 1.0), 4) for y in labels]
    rows = list(zip(s1, s2, labels))
    three = ["score", "s2"]
    files: dict[str, DataFile] = {}

    def add(name, data, about, scores=three, label="label", positives=("1",), good=False, commands=("auc", "compare")):
        files[name] = DataFile(data, about, list(scores), label, list(positives), good, commands)

    add("good.csv", _csv(rows), "40 rows: score,s2,label with 0/1 labels", good=True)
    add("good.tsv", _csv(rows, sep="\t"), "the same, tab-separated", good=True)
    words = [(a, b, "Poor" if y else "Good") for a, b, y in rows]
    add("words.csv", _csv(words), "labels Poor/Good", positives=["Poor", "Good", "poor", "1"], good=True)
    add("bool.csv", _csv([(a, b, "true" if y else "false") for a, b, y in rows]), "labels true/false",
        positives=["true", "false", "1", "TRUE", "yes"], good=True)
    add("pm1.csv", _csv([(a, b, 1 if y else -1) for a, b, y in rows]), "labels -1/1", positives=["1", "-1", "0"], good=True)
    add("headerless.csv", _csv(rows, header=None), "no header: columns 0, 1 and label 2", scores=["0", "1"], label="2",
        good=True)
    add("crlf.csv", _csv(rows, eol="\r\n"), "CRLF line ends", good=True)
    add("bom.csv", _csv(rows, bom=True), "UTF-8 byte-order mark", good=True)
    add("bom_crlf.tsv", _csv(rows, sep="\t", eol="\r\n", bom=True), "BOM, tabs and CRLF", good=True)
    add("quoted.csv", ('"score","s2","label"\n' + "".join(f'"{a}","{b}","{y}"\n' for a, b, y in rows)).encode(),
        "every field quoted", good=True)
    add("ties.csv", _csv([(0.5, 0.5, y) for y in labels]), "every score equal", good=True)
    add("two_rows.csv", _csv([(0.9, 0.1, 1), (0.2, 0.3, 0)]), "one positive and one negative", good=True,
        commands=("auc",))  # compare needs two of each
    add("float_labels.csv", _csv([(a, b, float(y)) for a, b, y in rows]), "labels 0.0/1.0", positives=["1", "1.0", "0"],
        good=True)
    add("mixed_labels.csv", _csv([(a, b, ("1" if k % 4 == 1 else "1.0") if y else "0") for k, (a, b, y) in enumerate(rows)]),
        "labels 0, 1 and 1.0 (three texts)", positives=["1", "1.0"])
    add("spaces.csv", b"score , s2 , label\n" + b"".join(f" {a} , {b} , {y} \n".encode() for a, b, y in rows),
        "spaces around every field", good=True)
    add("big_labels.csv", _csv([(a, b, 2**64 if y else 0) for a, b, y in rows]), "labels 0 and 2^64",
        positives=[str(2**64), "0"], good=True)
    add("tiny_scores.csv", _csv([("5e-324" if y else "1e-320", 0, y) for y in labels]), "subnormal scores", good=True)
    add("big_scores.csv", _csv([(HUGE_DIGITS if y else "-" + HUGE_DIGITS, str(2**53 + 1), y) for y in labels]),
        "scores of 31 digits and 2^53+1", good=True)
    add("huge_int_scores.csv", _csv([("1" + "0" * 400 if y else "0", 1, y) for y in labels]),
        "a 401-digit integer score (beyond float)")
    near = [(2**62 + (3 if y else 0) + k % 3, 2**62 + k, y) for k, y in enumerate(labels)]
    add("ints_beyond_2_53.csv", _csv(near), "scores 2^62 + k, every positive above every negative", good=True)
    add("ints_beyond_2_53_na.csv", _csv([(a if k % 7 else "", b if k % 5 else "<NA>", y) for k, (a, b, y)
                                         in enumerate(near)]),
        "the same with empty and <NA> fields (as pandas writes nullable integers)")
    add("pandas_na.csv", _csv([(a, b, "<NA>" if k % 9 == 4 else y) for k, (a, b, y) in enumerate(rows)]),
        "labels with pandas' <NA>")
    add("big.csv", _csv([(round(rng.random(), 6), round(rng.random(), 6), rng.randrange(2)) for _ in range(50_000)]),
        "50 000 rows", good=True)
    # malformed text
    bad_row = list(rows)
    add("nonascii_digits.csv", _csv(bad_row[:5] + [("١٢", 0.1, 1)] + bad_row[5:]), "an Arabic-Indic score '١٢' on line 7")
    add("nonascii_labels.csv", _csv([(a, b, "١" if y else "٠") for a, b, y in rows]), "labels '٠'/'١'",
        positives=["١", "1"], good=True)
    add("underscore.csv", _csv(bad_row[:3] + [("1_000", 0.1, 1)] + bad_row[3:]), "a score '1_000' on line 5")
    add("long_field.csv", _csv(bad_row[:2] + [("9" * 200_000, 0.1, 1)] + bad_row[2:]), "a 200 000-digit score field")
    add("long_label.csv", _csv(bad_row[:2] + [(0.3, 0.1, "x" * 200_000)] + bad_row[2:]), "a 200 000-character label")
    add("long_header.csv", _csv(rows, header=("s" * 200_000, "s2", "label")), "a 200 000-character header name",
        scores=["s2", "0"])
    add("nan_score.csv", _csv(bad_row[:4] + [("nan", 0.1, 1)] + bad_row[4:]), "a NaN score")
    add("inf_score.csv", _csv(bad_row[:4] + [("inf", "-inf", 0)] + bad_row[4:]), "inf and -inf scores")
    add("nan_label.csv", _csv(bad_row[:4] + [(0.2, 0.1, "nan")] + bad_row[4:]), "a NaN label")
    add("empty_label.csv", _csv(bad_row[:4] + [(0.2, 0.1, "")] + bad_row[4:]), "an empty label")
    add("one_class.csv", _csv([(a, b, 1) for a, b, _ in rows]), "every label 1")
    add("three_classes.csv", _csv([(a, b, k % 3) for k, (a, b, _) in enumerate(rows)]), "labels 0, 1, 2",
        positives=["1", "2", "0"])
    add("empty.csv", b"", "an empty file")
    add("header_only.csv", b"score,s2,label\n", "a header and no rows")
    add("blank_lines.csv", b"\n\n\n", "three empty lines")
    add("whitespace.csv", b"   \n \t \n", "only white space")
    add("ragged.csv", _csv(bad_row[:6] + [(0.5,)] + bad_row[6:]), "a row with one field")
    add("extra_fields.csv", _csv(bad_row[:6] + [(0.5, 0.2, 1, 7, 8)] + bad_row[6:]), "a row with five fields")
    add("dup_header.csv", _csv(rows, header=("score", "score", "label")), "two columns named score", scores=["score", "1"])
    add("numeric_header.csv", _csv(rows, header=("0", "1", "2")), "header names 0, 1, 2", scores=["0", "1"], label="2")
    add("latin1.csv", "score,s2,label\n0.5,0.1,caf\u00e9\n0.2,0.3,x\n".encode("latin-1"), "invalid UTF-8 (Latin-1 é)")
    add("nul.csv", b"score,s2,label\n0.5,0.1,1\n0.\x002,0.3,0\n", "a NUL byte in a score")
    add("garbage.bin", bytes(random.Random(7).randrange(256) for _ in range(4096)), "4 KiB of random bytes")
    add("unterminated_quote.csv", b'score,s2,label\n"0.5,0.1,1\n0.2,0.3,0\n', "an unterminated quote")
    add("semicolon.csv", _csv(rows, sep=";"), "semicolon-separated (one column)")
    add("hex_scores.csv", _csv([("0x1p-2" if y else "0x10", 0, y) for y in labels]), "hexadecimal scores")
    add("lone_cr.csv", _csv(rows, eol="\r"), "old Mac line ends (CR only)")
    add("utf16.csv", "score,s2,label\n0.5,0.1,1\n0.2,0.3,0\n".encode("utf-16"), "UTF-16 text")
    # numpy files
    table = np.array(rows, dtype=np.float64)
    add("good2d.npy", _npy(table), "2-D float array (40, 3)", scores=["0", "1"], label="2", good=True)
    struct = np.array(rows, dtype=[("score", "f8"), ("s2", "f8"), ("label", "i8")])
    add("struct.npy", _npy(struct), "structured array score, s2, label", good=True)
    add("struct_text.npy", _npy(np.array(words, dtype=[("score", "f8"), ("s2", "f8"), ("label", "U4")])),
        "structured, text labels", positives=["Poor", "Good"], good=True)
    add("good.npz", _npz(score=table[:, 0], s2=table[:, 1], label=table[:, 2].astype(int)), "npz of three 1-D arrays",
        good=True)
    add("fortran.npy", _npy(np.asfortranarray(table)), "Fortran-ordered 2-D", scores=["0", "1"], label="2", good=True)
    add("bigendian.npy", _npy(table.astype(">f8")), "big-endian 2-D", scores=["0", "1"], label="2", good=True)
    add("float16.npy", _npy(table.astype(np.float16)), "float16 2-D", scores=["0", "1"], label="2", good=True)
    add("npy_named.csv", _npy(table), "an .npy file named .csv", scores=["0", "1"], label="2", good=True)
    add("zero_d.npy", _npy(np.array(5.0)), "a 0-d array", scores=["0"], label="1")
    add("one_d.npy", _npy(table[:, 0]), "a 1-D array", scores=["0"], label="1")
    add("three_d.npy", _npy(np.zeros((4, 3, 2))), "a 3-D array", scores=["0", "1"], label="2")
    add("empty2d.npy", _npy(np.zeros((0, 3))), "a (0, 3) array", scores=["0", "1"], label="2")
    add("object.npy", _npy(np.array([[0.5, 1], [0.2, 0]], dtype=object), allow_pickle=True), "a pickled object array",
        scores=["0"], label="1")
    add("object.npz", _npz(score=np.array([0.5, "x"], dtype=object), label=np.array([1, 0])),
        "npz with a pickled object column", scores=["score"])
    add("complex.npy", _npy(table.astype(complex)), "complex 2-D", scores=["0", "1"], label="2")
    add("text2d.npy", _npy(table.astype(str)), "2-D array of text", scores=["0", "1"], label="2")
    add("bool2d.npy", _npy(table > 0), "boolean 2-D", scores=["0", "1"], label="2")
    nan_table = table.copy()
    nan_table[3, 0] = np.nan
    nan_table[5, 2] = np.nan
    add("nan2d.npy", _npy(nan_table), "2-D with a NaN score and a NaN label", scores=["0", "1"], label="2")
    inf_table = table.copy()
    inf_table[4, 1] = -np.inf
    add("inf2d.npy", _npy(inf_table), "2-D with -inf in column 1", scores=["0", "1"], label="2")
    add("nan_label2d.npy", _npy(np.column_stack([table[:, :2], np.where(table[:, 2] > 0, np.nan, 0.0)])),
        "2-D whose positive labels are NaN", scores=["0", "1"], label="2")
    add("uint64_labels.npy", _npy(np.array([(a, b, 2**64 - 1 if y else 0) for a, b, y in rows],
                                          dtype=[("score", "f8"), ("s2", "f8"), ("label", "u8")])),
        "structured, labels 0 and 2^64-1", positives=[str(2**64 - 1), "0", "-1"])
    add("subarray.npy", _npy(np.zeros(4, dtype=[("score", "f8", (2,)), ("s2", "f8"), ("label", "i8")])),
        "structured with a (2,) subarray field")
    add("datetime.npy", _npy(np.zeros(4, dtype=[("score", "M8[s]"), ("s2", "m8[s]"), ("label", "i8")])),
        "structured with datetime fields")
    add("nested.npy", _npy(np.zeros(4, dtype=[("score", [("a", "f8")]), ("s2", "f8"), ("label", "i8")])),
        "structured with a nested field")
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": "<f8", "fortran_order": False, "shape": (10**12, 3)})
    add("huge_shape.npy", header.getvalue() + b"\0" * 64, "a valid header claiming shape (10^12, 3), 64 data bytes",
        scores=["0", "1"], label="2")
    add("bad_header.npy", b"\x93NUMPY\x01\x00\x20\x00{'descr': '<f8', 'shape': (}    \n", "a garbled .npy header",
        scores=["0"], label="1")
    add("truncated.npy", _npy(table)[:300], "a 2-D .npy cut short", scores=["0", "1"], label="2")
    add("magic_only.npy", b"\x93NUMPY", "the .npy magic and nothing else", scores=["0"], label="1")
    add("corrupt.npz", b"PK\x03\x04" + bytes(random.Random(3).randrange(256) for _ in range(512)),
        "a zip magic number then garbage", scores=["score"])
    zipped = io.BytesIO()
    with zipfile.ZipFile(zipped, "w") as archive:
        archive.writestr("score.npy", b"not numpy")
        archive.writestr("label.npy", _npy(np.array([1, 0])))
    add("zip_not_npy.npz", zipped.getvalue(), "a zip whose score.npy is not .npy", scores=["score"])
    plain_zip = io.BytesIO()
    with zipfile.ZipFile(plain_zip, "w") as archive:
        archive.writestr("readme.txt", "hello")
    add("plain.zip", plain_zip.getvalue(), "a zip of a text file", scores=["readme", "score"])
    add("empty.npz", _npz(), "an npz with no arrays", scores=["score"])
    add("scalar.npz", _npz(score=np.array(1.0), s2=np.array(2.0), label=np.array(1)), "npz of 0-d arrays")
    add("ragged.npz", _npz(score=table[:, 0], s2=table[:10, 1], label=table[:30, 2]), "npz columns of 40, 10, 30")
    add("twod.npz", _npz(score=table[:, :2], s2=table[:, 1], label=table[:, 2]), "npz whose score is 2-D")
    add("text_scores.npz", _npz(score=np.array(["a", "b"]), s2=np.array([1.0, 2.0]), label=np.array([1, 0])),
        "npz with a text score column")
    add("big.npz", _npz(score=np.linspace(0, 1, 200_000), s2=np.linspace(1, 0, 200_000),
                        label=(np.arange(200_000) % 2)), "npz of 200 000 rows", good=True)
    # the multiclass AUC: labels y of three classes, a score column per class (A, B, C) and one predictor x
    classes = [("A", "B", "C")[k % 3] for k in range(size)]
    scored = [(y, *(round(rng.gauss(1.0 * (y == c), 1.0), 2) for c in "ABC"), round(rng.gauss("ABC".index(y), 1), 1))
              for y in classes]
    multiclass = dict(scores=["A", "B", "C", "x"], label="y", positives=["A"], commands=("multiclass",))
    add("classes.csv", _csv(scored, header=("y", "A", "B", "C", "x")), "40 rows: y of A/B/C, scores A, B, C, x",
        good=True, **multiclass)
    add("classes_one_b.csv", _csv([row for row in scored if row[0] != "B"][:-1] + [scored[1]],
                                  header=("y", "A", "B", "C", "x")), "classes A and C, and one case of B",
        good=True, **multiclass)
    add("classes_nan.csv", _csv(scored[:5] + [("B", "", "1", "2", "NA")] + scored[5:], header=("y", "A", "B", "C", "x")),
        "a missing score (good with --nan omit)", **multiclass)
    add("classes_big.csv", _csv([((("A", "B", "C", "D", "E")[k % 5]), *(round(rng.random(), 3) for _ in range(5)), k % 7)
                                 for k in range(100_000)], header=("y", "A", "B", "C", "D", "E", "x")),
        "100 000 rows of five classes", scores=["A", "B", "C", "D", "E"], label="y", positives=["A"], good=True,
        commands=("multiclass",))
    files.update(weighted_files())
    files.update(weighted_pair_files())
    return files


def preference_files() -> dict[str, DataFile]:
    """Every file the rank runs read: preference matrices, pairs files and .npy, good and malformed."""
    import numpy as np

    rng = random.Random(20240602)
    files: dict[str, DataFile] = {}

    def add(name, data, about, good=False):
        files[name] = DataFile(data, about, [], "", [], good, ("rank",))

    def matrix(n, fractional=False):
        h = np.zeros((n, n))
        for u in range(n):
            for v in range(u + 1, n):
                h[u, v] = rng.choice([0.25, 0.5, 0.75, 0.1]) if fractional and rng.random() < 0.3 else rng.randrange(2)
                h[v, u] = 1 - h[u, v]
        return h

    def text(h, sep=","):
        return ("\n".join(sep.join(f"{x:g}" for x in row) for row in h) + "\n").encode()

    def pairs(h, reverse=0.3):
        lines = ["u,v,h"]
        for u in range(h.shape[0]):
            for v in range(u + 1, h.shape[0]):
                lines.append(f"{v},{u},{h[v, u]:g}" if rng.random() < reverse else f"{u},{v},{h[u, v]:g}")
        return ("\n".join(lines) + "\n").encode()

    h5, h40, h300 = matrix(5), matrix(40, fractional=True), matrix(300)
    add("pref_cycle.csv", b"0,1,0\n0,0,1\n1,0,0\n", "the 3-cycle as a matrix", good=True)
    add("pref5.csv", text(h5), "a 5×5 tournament", good=True)
    add("pref5.tsv", text(h5, "\t"), "the same, tab-separated", good=True)
    add("pref40.csv", text(h40), "a 40×40 preference with fractions", good=True)
    add("pref300.csv", text(h300), "a 300×300 tournament", good=True)
    add("pref5_pairs.csv", pairs(h5), "pairs u,v,h, some reversed", good=True)
    add("pref40_pairs.csv", pairs(h40), "pairs of a 40-item preference", good=True)
    add("pref_crlf_bom.csv", b"\xef\xbb\xbf" + pairs(h5).replace(b"\n", b"\r\n"), "BOM and CRLF", good=True)
    add("pref_repeat.csv", pairs(h5) + b"1,0,%g\n" % h5[1, 0], "a pair given twice, consistently", good=True)
    add("pref.npy", _npy(h40), "a 40×40 .npy", good=True)
    add("pref_bool.npy", _npy(h5 > 0.5), "a boolean tournament .npy", good=True)
    add("pref2.csv", b"0,1\n0,0\n", "two items", good=True)
    # malformed
    add("pref_nonsquare.csv", b"0,1,0\n0,0,1\n", "2 lines of 3 values")
    add("pref_ragged.csv", b"0,1,0\n0,0\n1,0,0\n", "a line of 2 values")
    add("pref_inconsistent.csv", b"0,0.7\n0.2,0\n", "h[0, 1] + h[1, 0] = 0.9")
    add("pref_range.csv", b"0,1.5\n-0.5,0\n", "values outside [0, 1]")
    add("pref_nan.csv", b"0,nan\nnan,0\n", "NaN entries")
    add("pref_text.csv", b"0,1,x\n0,0,1\n1,0,0\n", "a word in a matrix")
    add("pref_one.csv", b"0\n", "a 1×1 matrix")
    add("pref_missing.csv", b"u,v,h\n0,1,1\n0,2,1\n", "pairs with (1, 2) missing")
    add("pref_conflict.csv", b"u,v,h\n0,1,0.4\n1,0,0.5\n", "a pair given twice, inconsistently")
    add("pref_self.csv", b"u,v,h\n0,0,1\n", "an item against itself")
    add("pref_bigitem.csv", b"u,v,h\n0,99999999999,1\n", "an item of 11 digits")
    add("pref_negitem.csv", b"u,v,h\n0,-1,1\n", "a negative item")
    add("pref_header_only.csv", b"u,v,h\n", "a header and no pairs")
    add("pref_wide.npy", _npy(np.zeros((2, 3))), "a 2×3 .npy")
    add("pref_text.npy", _npy(np.array([["a", "b"], ["c", "d"]])), "a .npy of text")
    add("pref_object.npy", _npy(np.array([[0, 1], [0, 0]], dtype=object), allow_pickle=True), "a pickled .npy")
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": "<f8", "fortran_order": False, "shape": (10**6, 10**6)})
    add("pref_huge.npy", header.getvalue() + b"\0" * 64, "a header claiming 10^6 × 10^6")
    add("pref_cut.npy", _npy(h40)[:200], "a .npy cut short")
    add("pref_latin1.csv", "0,1\n0,0\n\u00e9".encode("latin-1"), "invalid UTF-8")
    add("pref_empty.csv", b"", "an empty file")
    add("pref.zip", _npz(h=h5), "an .npz")
    return files


#: Standard inputs for FILE '-': a file's bytes, or fd 0 closed.
STDIN_CHOICES = ["good.csv", "words.csv", "good2d.npy", "good.npz", "empty.csv", "garbage.bin", "nan_score.csv",
                 "truncated.npy", "corrupt.npz", "object.npy", "closed", "closed", "devnull"]


# --- one generator per command ----------------------------------------------------------------


def _common(line: Line, draw: Draw) -> None:
    if draw.chance(0.3):
        line.add("--format", draw.value(["table", "json", "csv"], ["JSON", "xml"]))
    if draw.chance(0.12):
        line.add("--tablefmt", draw.value(TABLEFMTS, ["nope", "", "Simple"]))


def _methods(line: Line, draw: Draw, keys, most=3) -> None:
    for _ in range(draw.rng.randrange(most + 1) if draw.chance(0.4) else 0):
        line.add("--method", draw.value(keys, ["all", "McDiarmid", "bootstrap", "delong "]))


def _class(line: Line, draw: Draw, keys=tuple(CLASSES), required=True) -> None:
    if not required and draw.chance(0.5):
        return
    key = draw.choice(keys)
    line.add("--class", draw.value([key], ["Linear", "svm", "all"]))
    options = list(CLASSES[key]) if draw.chance(0.8) else draw.rng.sample(CLASS_OPTIONS, draw.rng.randrange(3))
    if key == "growth" and "--c2" in options and draw.chance(0.4):
        options.remove("--c2")
    for option in options:
        line.add(option, _class_value(option, draw))


def _class_value(option: str, draw: Draw) -> str:
    if option == "--size":
        return draw.size([1, 2, 10, 1000, 10**6], [10**30, 10**300, 10**400, 2**53 + 1])
    if option == "--d":
        return draw.size([1, 2, 3, 5, 10, 16, 100], [1000, 10**6, 10**30, 10**300])
    if option == "--q":
        return draw.size([1, 2, 3, 5], [10, 100, 10**6, 10**30])
    if option == "--log-c1":
        return draw.value([0, 1, 5, -5, 25.3, 100, -100], ["1e300", "-1e300", "1e-320", "700", "-700", "1e6", "-1e6",
                                                          "710", "-745.2"])
    return draw.value([0, 0.5, 1, 2, 3, 10], ["1e300", "1e-320", "100", "1e6", "1e-300"])


def gen_interval(line: Line, draw: Draw) -> None:
    line.add("--m", draw.size())
    line.add("--n", draw.size())
    if draw.chance(0.5):
        line.add("--delta", draw.unit())
    _methods(line, draw, CLOSED_FORM)
    for option, p in (("--auc", 0.5), ("--p1", 0.25), ("--p2", 0.25), ("--variance", 0.2)):
        if draw.chance(p):
            line.add(option, draw.closed())
    _class_size(line, draw)
    _common(line, draw)


def _class_size(line: Line, draw: Draw) -> None:
    """Sometimes the union bound's --class-size or --log-class-size (both, rarely: a usage error)."""
    if draw.chance(0.15):
        line.add("--class-size", draw.size([1, 2, 1000, 10**6], [10**30, 10**300, 10**400]))
    if draw.chance(0.1):
        line.add("--log-class-size", draw.value([0, 1, 10, 100, 700], ["1e300", "1e-300", "1e10", "1e100"]))


def gen_sample_size(line: Line, draw: Draw) -> None:
    line.add("--epsilon", draw.unit())
    if draw.chance(0.5):
        line.add("--delta", draw.unit())
    if draw.chance(0.6):
        line.add("--rho", draw.skew())
    _methods(line, draw, INVERTIBLE)
    for option, p in (("--auc", 0.4), ("--p1", 0.2), ("--p2", 0.2)):
        if draw.chance(p):
            line.add(option, draw.closed())
    _class_size(line, draw)
    _common(line, draw)


def gen_lower_bound(line: Line, draw: Draw) -> None:
    line.add("--rank-dim", draw.size([1, 2, 10, 100, 10**6], [10**30, 10**300, 10**400]))
    line.add("--epsilon", draw.unit())
    if draw.chance(0.5):
        line.add("--delta", draw.unit())
    if draw.chance(0.5):
        line.add("--rho", draw.unit())
    if draw.chance(0.5):
        line.add("--m", draw.size())
        if draw.chance(0.9):
            line.add("--n", draw.size())
    _common(line, draw)


def _gen_uniform(line: Line, draw: Draw, keys) -> None:
    _class(line, draw, keys)
    if draw.chance(0.6):
        line.add("--m", draw.size())
        line.add("--n", draw.size())
        if draw.chance(0.05):
            line.add("--epsilon", draw.unit())
    else:
        line.add("--epsilon", draw.unit())
        if draw.chance(0.6):
            line.add("--rho", draw.skew())
    if draw.chance(0.5):
        line.add("--delta", draw.unit())
    _common(line, draw)


def gen_uniform(line: Line, draw: Draw) -> None:
    _gen_uniform(line, draw, tuple(CLASSES))


def gen_freund(line: Line, draw: Draw) -> None:
    _gen_uniform(line, draw, ("finite", "line", "linear", "polynomial", "growth", "line", "linear"))


def gen_eem(line: Line, draw: Draw) -> None:
    _class(line, draw)
    line.add("--epsilon", draw.unit())
    if draw.chance(0.5):
        line.add("--delta", draw.unit())
    if draw.chance(0.6):
        line.add("--rho", draw.skew())
    _common(line, draw)


def gen_psi(line: Line, draw: Draw) -> None:
    log = draw.chance(0.3)
    small = ["1", "2", "3", "4", "5", "6", "10", "30", "1..6", "2..10", "5..5", "1..3", "100", "200"]
    big = ["1000", "1..100", "500..600", "2000", "5000", "1..1000", "10000", "100000"]
    rare = ["1..1000000", "1000000", HUGE_DIGITS, "1.." + HUGE_DIGITS, "1..10000", "3000", "1.." + str(2**63),
            "0..3", " 3..4 ", "1...3", "1..2..3", "+2", "٣"]
    for option in ("--m", "--n"):
        line.add(option, draw.value(big if log else small, rare, 0.12))
    if log:
        line.add("--log")
    if draw.chance(0.15):
        line.add("--bruteforce")
    _common(line, draw)


def gen_shatter(line: Line, draw: Draw) -> None:
    _class(line, draw)
    line.add("--m", draw.size())
    line.add("--n", draw.size())
    if draw.chance(0.3):
        line.add("--patterns", draw.size())
    _common(line, draw)


def _plot_out(line: Line, draw: Draw, index: int) -> None:
    suffix = draw.choice(["png", "png", "svg", "pdf"])
    out = draw.value([f"out/{index}.{suffix}"], ["out/x.txt", "missing/x.png", "out", "out/.png", f"out/{index}.PNG",
                                               "/dev/null.png"], 0.1)
    line.add("--out", out)
    if draw.chance(0.25):
        line.add("--data", draw.value([f"out/{index}.csv"], ["missing/x.csv", "out"], 0.15))


def _plot_sizes(draw: Draw) -> list[str]:
    if draw.chance(draw.bad):
        return [draw.broken(), draw.value(["100"])]
    good = [("10", "1000"), ("100", "1e5"), ("1", "10"), ("5", "5"), ("1000", "10"), ("1", "30"), ("2", "20")]
    rare = [("1", "1e12"), ("1e6", "1e7"), ("1", "1e9"), ("0.5", "10"), ("1e12", "1e12"), ("1", "1e13")]
    return list(draw.choice(rare if draw.chance(0.1) else good))


def gen_plot(name: str):
    def generate(line: Line, draw: Draw, index: int = 0) -> None:
        _plot_out(line, draw, index)
        ends = draw.chance(0.15)  # the ends of the ranges
        if name in ("fig1", "fig2", "fig3", "intervals", "sample-complexity") and draw.chance(0.4):
            line.add("--delta", draw.choice(NEAR_ENDS) if ends else draw.unit())
        if name in ("fig1", "fig3", "intervals"):
            for _ in range(draw.rng.randrange(3) if draw.chance(0.5) else 0):
                line.add("--rho", draw.choice(NEAR_ENDS) if ends else draw.skew())
        if name == "sample-complexity" and draw.chance(0.4):
            line.add("--rho", draw.choice(NEAR_ENDS + ["1/1000000", "999999/1000000"]) if ends else draw.skew())
        if name in ("fig1", "intervals", "psi", "shatter") and draw.chance(0.6):
            sizes = _plot_sizes(draw)
            if name == "psi" and draw.chance(0.5):
                sizes = [draw.value(["1", "10"]), draw.value(["50", "200", "1000"], ["10000", "1e6"])]
            if name == "shatter" and not draw.chance(draw.bad):
                sizes = [draw.value(["1", "2"]), draw.value(["5", "10", "20"], ["100", "1000", "1e6"], 0.15)]
            line.add("--sizes", *sizes)
        if name == "fig2":
            if draw.chance(0.4):
                line.add("--epsilon", draw.choice(NEAR_ENDS) if ends else draw.unit())
            if draw.chance(0.4):
                line.add("--rho-range", *(draw.choice(RANGES_NEAR_ENDS) if ends else (draw.unit(), draw.unit())))
        if name == "fig3":
            if draw.chance(0.4):
                line.add("--max-size", draw.value(["100", "1e3", "2e4", "1e5"], ["1e12", "1", "1e9"]))
            _class(line, draw, required=False)
        if name == "intervals":
            if draw.chance(0.4):
                line.add("--auc", draw.closed())
            _methods(line, draw, CLOSED_FORM)
            for option in ("--p1", "--p2"):
                if draw.chance(0.25):
                    line.add(option, draw.closed())
        if name == "sample-complexity":
            if draw.chance(0.4):
                line.add("--epsilon-range", *(draw.choice(RANGES_NEAR_ENDS) if ends else (draw.unit(), draw.unit())))
            _class(line, draw, required=False)
        if name == "regret":
            if draw.chance(0.6):
                line.add("--n", draw.size([3, 5, 8, 20, 100], [2000, 1, 2001]))
            for _ in range(draw.rng.randrange(3) if draw.chance(0.5) else 0):
                line.add("--noise", draw.value([0, 0.1, 0.3, 1], ["0.5", "1e-300"]))
            for _ in range(draw.rng.randrange(3) if draw.chance(0.4) else 0):
                line.add("--model", draw.value(["flip", "close"], ["regular", "cycle"]))
            if draw.chance(0.5):
                line.add("--trials", draw.size([1, 2, 5, 20], [10**4, 10**5]))
            if draw.chance(0.3):
                line.add("--seed", draw.value([0, 1, 7], [2**64, HUGE_DIGITS]))
        if name == "quicksort-calls":
            if draw.chance(0.6):
                line.add("--sizes", *draw.choice([("2", "100"), ("10", "1e4"), ("10", "1e5"), ("5", "5"),
                                                  ("1", "100"), ("10", "1e6"), ("100", "10")]))
            if draw.chance(0.4):
                line.add("--seeds", draw.size([2, 5, 20], [1000, 1001, 10**6]))
            if draw.chance(0.4):
                line.add("--top", draw.size([1, 10, 100], [10**5, 10**6]))
        if name in ("hinge-steps", "step-risk", "jump-dynamics"):
            for _ in range(draw.rng.randrange(4) if draw.chance(0.5) else 0):
                line.add("--K", draw.size([1, 2, 3, 6, 11], [25, 26, 0]))
            if draw.chance(0.4):
                line.add("--separation", draw.value(["1", "2", "3", "10"], ["0.5", "50", "51", "1e-300", "1e300"]))
            if draw.chance(0.2):
                line.add("--starts", draw.size([1, 2, 8], [1000, 1001]))
            if name == "hinge-steps" and draw.chance(0.3):
                line.add("--x-range", *draw.choice([("-4", "4"), ("-10", "10"), ("0", "1"), ("1", "0"),
                                                    ("-1e300", "1e300"), ("nan", "1")]))
        if name == "fig4":
            for option in ("--m", "--n"):
                for _ in range(draw.rng.randrange(3) if draw.chance(0.6) else 0):
                    line.add(option, draw.size([5, 20, 80], [10**4, 10**5, 100001], 0.1))
            if draw.chance(0.6):
                line.add("--trials", draw.size([1, 2, 3], [100, 1000], 0.1))
        if name in ("rankboost-normal", "loss-scores"):
            if draw.chance(0.7):  # size × rounds
                line.add("--size", draw.size([2, 20, 100], [10**4, 10**5, 10**6], 0.1))
            if draw.chance(0.7):
                line.add("--rounds", draw.size([1, 10, 50], [10**4, 10**5], 0.1))
            if draw.chance(0.3):
                line.add("--selection", draw.value(["random", "best"], ["worst"]))
            if name == "rankboost-normal" and draw.chance(0.3):
                line.add("--alpha", draw.value(["bound", "exact"], ["x"]))
            if name == "loss-scores" and draw.chance(0.1):
                line.add("--input", draw.value(["files/good.csv"], ["nowhere.csv", "files/empty.csv"]))
        if name == "shatter":
            if draw.chance(0.4):
                line.add("--trials", draw.size([1, 2, 3], [100, 10**4, 10**6]))
            if draw.chance(0.3):
                line.add("--seed", draw.value([0, 1, 7], [2**32, 2**64, HUGE_DIGITS]))
            _class(line, draw, ("line", "linear", "polynomial", "finite"), required=False)

    return generate


def gen_plot_roc(files):
    def generate(line: Line, draw: Draw, index: int = 0) -> None:
        _data_columns(line, draw, files, draw.choice([1, 1, 2, 3]))
        _plot_out(line, draw, index)
        if draw.chance(0.4):
            line.add("--band", draw.value(["dkw", "bootstrap", "none", "kolmogorov", "berk-jones"], ["x"]))
        if draw.chance(0.3):
            line.add("--method", draw.value(["delong", "hoeffding-kl", "bootstrap-bca"], ["nope"]))
        if draw.chance(0.3):  # resamples × rows × points of the band
            line.add("--bootstrap", draw.size([10, 200, 2000], [10**5, 10**6, 10**7], 0.1))
        if draw.chance(0.1):
            line.add("--seed", draw.value([0, 7], [2**64]))

    return generate


def gen_plot_all(line: Line, draw: Draw, index: int = 0) -> None:
    line.add("--out-dir", draw.value([f"out/all{index}"], ["out/0.png", "/proc/x", ""], 0.3))
    if draw.chance(0.4):
        line.add("--format", draw.value(["png", "svg", "pdf"], ["jpg"]))
    if draw.chance(0.3):
        line.add("--data")


def _data_columns(line: Line, draw: Draw, files: dict[str, DataFile], how_many: int) -> None:
    good = [name for name, f in files.items() if f.good]
    name = draw.choice(good if draw.chance(0.4) else list(files))
    if draw.chance(0.06):
        name = draw.choice(["nowhere.csv", "out", ""])
    stdin = None
    if draw.chance(0.08):
        stdin, name = draw.choice(STDIN_CHOICES), "-"
    line.stdin = stdin
    line.positional(f"files/{name}" if name in files else name)
    source = files.get(stdin if name == "-" else name) or files["good.csv"]
    stray = ["0", "1", "2", "3", "99", "-1", "nope", "", "label", "١", "0x1", " score", "Score", HUGE_DIGITS]
    count = how_many if draw.chance(0.9) else draw.choice([0, 1, 2, 3])
    for _ in range(count):
        line.add("--score", draw.choice(source.scores) if draw.chance(0.85) else draw.choice(stray))
    if draw.chance(0.96):
        line.add("--label", source.label if draw.chance(0.85) else draw.choice(stray + ["s2"]))
    if draw.chance(0.5):
        line.add("--positive", draw.choice(source.positives) if draw.chance(0.8) else
                 draw.choice(["", "2", "Poor", "nan", "1.0", "true", HUGE_DIGITS, "١"]))
    if draw.chance(0.3):
        line.add("--delta", draw.unit())
    if draw.chance(0.25):
        line.add("--nan", draw.value(["omit", "raise"], ["propagate", "Omit"]))
    if draw.chance(0.04):
        line.add("--delimiter", draw.value([",", "\t", ";"], ["", ",,", "\\t"]))


def gen_auc(files):
    def generate(line: Line, draw: Draw) -> None:
        _data_columns(line, draw, files, 1)
        if draw.chance(0.2):
            line.add("--bootstrap", draw.value([1, 2, 10, 100, 1000, 2000], [10**6, 10**7, 10**8, 0]))
        if draw.chance(0.15):
            line.add("--seed", draw.value([0, 1, 7, 2**32 - 1], [2**32, 2**63, 2**64, HUGE_DIGITS]))
        _methods(line, draw, ALL_METHODS)
        if draw.chance(0.15):
            line.add("--partial", draw.value(["0.9,1", "0,1", "0.8,0.95", "1,0.9"],
                                             ["0.5,0.5", "0,5e-324", "0.9999999999999999,1", "-1,2", "a,b", "0.9"]))
            if draw.chance(0.4):
                line.add("--focus", draw.value(["sp", "se", "specificity", "sensitivity"], ["x"]))
            if draw.chance(0.3):
                line.add("--correct")
        _common(line, draw)

    return generate


def gen_roc(files):
    def generate(line: Line, draw: Draw) -> None:
        _data_columns(line, draw, files, 1)
        option = draw.choice(["--specificity", "--sensitivity"])
        for _ in range(draw.rng.randrange(3) if draw.chance(0.5) else 0):
            line.add(option, draw.value(["0.9", "0.5", "0", "1", "0.95"], ["1.5", "-0.1", "nan", "5e-324",
                                                                            "0.9999999999999999"]))
        if draw.chance(0.2):
            line.add("--best", draw.value(["youden", "closest-topleft"], ["f1"]))
        if draw.chance(0.3):  # resamples × rows × points: work the limits may not see
            line.add("--bootstrap", draw.size([1, 10, 100, 2000], [10**5, 10**6, 10**7], 0.1))
        if draw.chance(0.1):
            line.add("--seed", draw.value([0, 1, 7], [2**64, HUGE_DIGITS]))
        if draw.chance(0.3):  # the exact bands: Berk–Jones refuses classes beyond 10,000 and δ/2 below 1e-6
            line.add("--band", draw.value(["dkw", "kolmogorov", "berk-jones"], ["bootstrap", "x", ""]))
        _common(line, draw)

    return generate


def gen_power(files):
    def generate(line: Line, draw: Draw) -> None:
        if draw.chance(0.3):
            _data_columns(line, draw, files, draw.choice([1, 2, 2]))
            if draw.chance(0.3):
                line.add("--method", draw.value(["delong", "obuchowski"], ["bootstrap"]))
        elif draw.chance(0.9):
            line.add("--auc", draw.value(["0.6", "0.73", "0.9", "0.99"], ["0.5000000001", "0.9999999999999999",
                                                                           "0.5", "1", "5e-324"], 0.15))
        shared = {"--ncases": (["10", "41", "100", "29.3"], ["5e-324", "1e-300", "1e300", "1e15", "0.5"]),
                  "--ncontrols": (["10", "72"], ["1e300", "5e-324"]),
                  "--kappa": (["1", "1.7", "0.25"], ["1e-300", "1e300", "5e-324"]),
                  "--sig-level": (["0.05", "0.01"], ["5e-324", "1e-320", "1e-300", "0.9999999999999999"]),
                  "--power": (["0.8", "0.9"], ["1e-300", "0.9999999999999999", "5e-324"])}
        for option, (good, rare) in shared.items():
            if draw.chance(0.35):
                line.add(option, draw.value(good, rare, 0.2))
        if draw.chance(0.2):
            line.add("--alternative", draw.value(["two-sided", "one-sided", "greater", "less"], ["above"]))
        if draw.chance(0.25):  # the null's AUC; with two columns an error, as a margin is with one
            line.add("--auc0", draw.value(["0.7", "0.3", "0.5"], ["5e-324", "0.9999999999999999", "0", "1"], 0.2))
        if draw.chance(0.15):
            line.add("--margin", draw.value(["0.05", "0.1", "0"], ["0.9999999999999999", "5e-324", "1"], 0.2))
        _common(line, draw)

    return generate


def gen_experiment(line: Line, draw: Draw, index: int = 0) -> None:
    sub = draw.choice(["fig4", "rankboost-normal", "losses"])
    line.prefix = line.prefix + [sub]
    if sub == "fig4":
        for option in ("--m", "--n"):
            if draw.chance(0.8):
                line.add(option, draw.value(["20,40", "20", "5,10", "30"], ["1,100000", "100000", "1", "0", "a,b"]))
        if draw.chance(0.8):
            line.add("--trials", draw.size([1, 2, 3], [100, 1000, 1001], 0.1))
    else:
        if draw.chance(0.9):  # size × rounds: large in both
            line.add("--size", draw.size([2, 20, 50, 200], [10**4, 10**5, 10**6], 0.1))
        if draw.chance(0.9):
            line.add("--rounds", draw.size([21, 30, 50] if sub == "rankboost-normal" else [1, 5, 20],
                                           [1000, 10**4, 10**5], 0.1))
        if sub == "losses" and draw.chance(0.4):
            line.add("-p", draw.size([1, 2, 10], [100, 101], 0.1))
        if sub == "rankboost-normal" and draw.chance(0.3):
            line.add("--alpha", draw.value(["bound", "exact"], ["Exact"]))
        if draw.chance(0.3):
            line.add("--selection", draw.value(["random", "best"], ["worst"]))
    if draw.chance(0.2):
        line.add("--seed", draw.value([0, 1, 7], [2**64, HUGE_DIGITS]))
    if draw.chance(0.1):
        line.add("--out-csv", draw.value([f"out/exp{index}.csv"], ["missing/x.csv", "out"]))
    _common(line, draw)


def gen_compare(files):
    def generate(line: Line, draw: Draw) -> None:
        form = draw.choice(["paired", "paired", "curves", "group", "files"])
        _data_columns(line, draw, files, {"curves": draw.choice([3, 4]), "group": draw.choice([1, 2])}.get(form, 2))
        _compare_forms(line, draw, files, form)
        _methods(line, draw, COMPARE_METHODS)
        _resampled_tests(line, draw)
        _common(line, draw)

    return generate


def _resampled_tests(line: Line, draw: Draw) -> None:
    """pROC's resampled tests: --method bootstrap|venkatraman|specificity|sensitivity and their settings."""
    if draw.chance(0.35):
        line.add("--method", draw.value(["bootstrap", "venkatraman", "specificity", "sensitivity"],
                                        ["Bootstrap", "boot", ""]))
    if draw.chance(0.5):
        line.add("--bootstrap", draw.size([1, 2, 10, 100, 2000], [10**8, 10**30], 0.1))
    if draw.chance(0.2):
        line.add("--seed", draw.value([0, 1, 2**32 - 1], [-1, 2**64, HUGE_DIGITS]))
    for flag in ("--unstratified", "--correct"):
        if draw.chance(0.1):
            line.add(flag)
    if draw.chance(0.15):
        line.add("--partial", draw.value(["0.8,1", "0,0.5", "0.9,1"], ["1,1", "0.5", "x,y", "2,3"]))
    if draw.chance(0.1):
        line.add("--focus", draw.value(["sp", "se"], ["x", ""]))
    for option in ("--specificity", "--sensitivity"):
        if draw.chance(0.2):
            line.add(option, draw.value([0.5, 0.9, 0, 1], ["1.5", "nan", "-0.1"]))
    if draw.chance(0.05):
        line.add("--workers", draw.value([1, 2, -1], [0, "x"]))


def _compare_forms(line: Line, draw: Draw, files, form: str) -> None:
    """The comparison suite's forms: a second FILE or --group (unpaired), --alternative and --margin."""
    good = [name for name, f in files.items() if f.good]
    if form == "files":
        line.positional(f"files/{draw.choice(good if draw.chance(0.7) else list(files))}")
    if form == "group":
        line.add("--group", draw.value(["label", "s2", "2"], ["score", "nope", "", "-1"]))
    if draw.chance(0.4):
        line.add("--alternative", draw.value(["two-sided", "greater", "less", "equivalence"], ["Greater", ""]))
    if draw.chance(0.3):
        line.add("--margin", draw.value(["0", "0.05", "0.5"], ["-0.1", "1", "nan", HUGE_DIGITS]))


def gen_coverage(line: Line, draw: Draw, index: int = 0) -> None:
    if draw.chance(0.03):
        line.add("--grid")
        line.add("--trials", draw.value([1, 2, 5], [10, 100]))
        if draw.chance(0.3):  # grid points × resamples
            line.add("--resamples", draw.size([1, 10], [10**4, 10**5, 10**6], 0.3))
        if draw.chance(0.2):
            line.add("--m", draw.size())
        if draw.chance(0.3):
            line.add("--out", f"out/grid{index}.csv")
        _common(line, draw)
        return
    if draw.chance(0.6):
        line.add("--scenario", draw.value(SCENARIOS, ["normal", "Binormal", ""]))
    if draw.chance(0.5):
        line.add("--auc", draw.unit())
    sizes = [1, 2, 3, 5, 10, 30, 100, 300]
    for option in ("--m", "--n"):
        if draw.chance(0.95):
            line.add(option, draw.size(sizes, [10**4, 10**6, 10**9, 10**30], 0.06))
    if draw.chance(0.4):
        line.add("--delta", draw.unit())
    line.add("--trials", draw.size([1, 2, 10, 100, 500, 1000], [10**5, 10**6, 10**7, 10**8], 0.05))
    _methods(line, draw, ALL_METHODS)
    if draw.chance(0.15):
        line.add("--bootstrap-trials", draw.size([1, 2, 5, 20], [10**4, 10**7, 10**30], 0.1))
    if draw.chance(0.15):
        line.add("--resamples", draw.size([1, 2, 10, 100], [10**5, 10**7, 10**8], 0.1))
    if draw.chance(0.2):
        line.add("--seed", draw.value([0, 1, 7, 2**32 - 1], [2**32, 2**63, 2**64, HUGE_DIGITS]))
    if draw.chance(0.1):
        line.add("--out", draw.value([f"out/cov{index}.csv"], ["missing/x.csv", "out", "/dev/full"], 0.3))
    _common(line, draw)


def gen_rank(prefs):
    def generate(line: Line, draw: Draw) -> None:
        good = [name for name, f in prefs.items() if f.good]
        name = draw.choice(good if draw.chance(0.6) else list(prefs))
        if draw.chance(0.04):
            name = draw.choice(["nowhere.csv", "out", ""])
        if draw.chance(0.08):
            line.stdin, name = draw.choice(list(prefs) + ["closed"]), "-"
        line.positional(f"files/{name}" if name in prefs else name)
        method = draw.value(["degree", "quicksort"], ["borda", "Degree", ""])
        if draw.chance(0.8):
            line.add("--method", method)
        if draw.chance(0.3):
            line.add("--top", draw.size([1, 2, 3, 5, 40, 300], [10**6, 10**30]))
        if draw.chance(0.3):
            line.add("--seed", draw.value([0, 1, 7, 2**32 - 1], [2**64, HUGE_DIGITS]))
        if draw.chance(0.3 if method == "degree" else 0.05):
            line.add("--ties", draw.value(["index", "random"], ["worst", "best", ""]))
        _common(line, draw)

    return generate


def gen_tournaments(line: Line, draw: Draw) -> None:
    if draw.chance(0.3):
        line.add("--examples")
        line.add("--n", draw.value(["3", "5", "3..9", "4..8", "3..51", "101", "999"],
                                   ["3..3000", "2999", "2", "4", "3001", "1.." + HUGE_DIGITS], 0.1))
        for _ in range(draw.rng.randrange(3)):
            line.add("--epsilon", draw.value(["1/2", "1/3", "1/4", "0.5", "2/3", "1/10"], ["0.123", "1/1000", "1/97"]))
    else:
        line.add("--n", draw.value(["2", "3", "4", "5", "6", "2..6", "3..5"], ["7", "1..6", "1.." + HUGE_DIGITS], 0.1))
        if draw.chance(0.4):
            line.add(draw.choice(["--feedback", "--no-feedback"]))
    _common(line, draw)


#: Sizes for `regret` runs, each with the trials that keep a run under a few seconds.
REGRET_RUNS = {"flip": [(200, [1, 10, 100, 1000]), (8, [1, 50, 200]), (12, [1, 5, 20]), (20, [1, 3]),
                        (50, [1, 100]), (2000, [1, 2])],
               "close": [(200, [1, 10, 100]), (9, [1, 50]), (30, [1, 100])],
               "regular": [(201, [1, 10, 100]), (5, [1, 50]), (51, [1, 100])],
               "cycle": [(3, [1, 10, 1000])]}


def gen_regret(line: Line, draw: Draw) -> None:
    model = draw.choice(list(REGRET_RUNS))
    if model != "flip" or draw.chance(0.3):
        line.add("--model", draw.value([model], ["borda", "Flip", ""]))
    n, trials = draw.choice(REGRET_RUNS[model])
    if draw.chance(0.7):
        line.add("--n", draw.size([n], [1, 4, 2001, 10**6] if model != "cycle" else [2, 4], 0.1))
    line.add("--trials", draw.size(trials, [10**5, 10**6, 10**7], 0.05))
    if draw.chance(0.4 if model in ("flip", "close") else 0.05):
        line.add("--noise", draw.value([0, 0.05, 0.1, 0.3, 0.5, 1], ["1e-300", "0.9999999999999999"]))
    if draw.chance(0.3 if model == "close" else 0.03):
        line.add("--scale", draw.value([0.1, 0.25, 1, 10], ["1e-300", "1e300", "5e-324"]))
    if draw.chance(0.2):
        line.add("--positives", draw.size([1, 2, n // 2 or 1], [n, 10**6]))
    if draw.chance(0.2):
        line.add("--runs", draw.size([2, 5, 20], [1000, 1001, 1]))
    if draw.chance(0.2):
        line.add("--seed", draw.value([0, 1, 7, 2**32 - 1], [2**64, HUGE_DIGITS]))
    _common(line, draw)


def gen_optimal(line: Line, draw: Draw) -> None:
    sub = draw.choice(["steps", "steps", "bayes", "discrete", "discrete"])
    line.prefix = line.prefix + [sub]
    if sub == "steps":
        line.add("--K", draw.value(["1", "3", "1..11", "8", "12..15", "1..6"],
                                   ["25", "1..25", "20..25", "26", "0", "1.." + HUGE_DIGITS], 0.1))
        if draw.chance(0.3):
            line.add("--separation", draw.value(["1", "2", "3", "6", "10", "50"], ["0.999", "50.0001", "1e-300"]))
        if draw.chance(0.15):
            line.add("--starts", draw.size([1, 8, 20], [1000, 1001, 0]))
        if draw.chance(0.1):
            line.add("--digits", draw.value(["1", "4", "15"], ["0", "16"]))
    elif sub == "bayes":
        if draw.chance(0.3):
            line.add("--separation", draw.value(["2", "0.5", "10"], ["1e-300", "1e6", "1e7"]))
        else:
            for name in ("--pos-mean", "--neg-mean"):
                if draw.chance(0.5):
                    line.add(name, draw.value(["0", "1", "-1", "2.5"], ["1e300", "-1e300", "1e-300", "1e6"]))
            for name in ("--pos-sd", "--neg-sd"):
                if draw.chance(0.5):
                    line.add(name, draw.value(["1", "2", "0.5", "3"], ["1e-300", "1e300", "1e6", "1e-6", "5e-324"]))
    else:
        masses = ["0.2,0.3,0.5", "0.5,0.3,0.2", "1/3,1/3,1/3", "0.1,0.2,0.3,0.4", "1,0,0", "0.25,0.25,0.5"]
        many = ",".join(["1/150"] * 150)
        rare = [many, ",".join(["1/151"] * 151), "1e-300,0.5,0.5-1e-300", ",".join(["0.01"] * 100)]
        pos = draw.value(masses, rare, 0.1)
        line.add("--pos", pos)
        line.add("--neg", draw.value(masses if pos.count(",") == 2 else [pos], rare, 0.1))
        for _ in range(draw.rng.randrange(3)):
            line.add("--loss", draw.value(["hinge", "exponential", "logistic", "squared-hinge"], ["square", "Hinge"]))
    _common(line, draw)


def gen_top(line: Line, draw: Draw) -> None:
    line.prefix = draw.choice([[], ["--help"], ["--version"], ["-V"], ["nope"], ["plot"], ["plot", "nope"],
                               ["plot", "--help"], ["interval", "stray"], ["Interval"], ["-h"], ["--bogus"],
                               ["plot", "all"], ["psi"], ["auc"]])


# --- runs --------------------------------------------------------------------------------------


@dataclasses.dataclass
class Run:
    index: int
    command: str
    argv: list[str]
    stdin: str | None = None  # a data file's name, "closed", "devnull" or None (no input)
    expect_ok: bool = False  # built to be valid: anything but exit 0 is a refusal of good input
    case: fuzz_library.LibraryCase | None = None  # a call of a data function instead of a command line
    exit_code: int | None = None
    stdout: str = ""
    stderr: str = ""
    elapsed: float = 0.0
    progress_at: float | None = None  # seconds from the start to the first progress output
    killed: str = ""  # "slow" (no progress by the progress deadline) or "timeout" (the hard limit)
    max_rss_mb: float = 0.0
    cpu: float = 0.0
    kind: str = ""
    issues: list = dataclasses.field(default_factory=list)

    def cmdline(self) -> str:
        if self.case is not None:
            return "python: " + fuzz_library.replay(self.case)
        text = "python -m aucbound " + shlex.join(self.argv)
        if self.stdin == "closed":
            return text + " <&-"
        if self.stdin and self.stdin != "devnull":
            return text + f" < files/{self.stdin}"
        return text + " < /dev/null"


def gen_multiclass(files):
    """aucbound multiclass: mostly the class files, a score column per class or the one predictor."""
    mine = [name for name, file in files.items() if "multiclass" in file.commands]

    def generate(line: Line, draw: Draw) -> None:
        name = draw.choice(mine) if draw.chance(0.85) else draw.choice(list(files))
        if draw.chance(0.05):
            name = draw.choice(["nowhere.csv", ""])
        line.positional(f"files/{name}" if name in files else name)
        source = files.get(name) or files["classes.csv"]
        columns = [c for c in source.scores if c != "x"] or source.scores
        chosen = ["x"] if "x" in source.scores and draw.chance(0.2) else columns
        if draw.chance(0.1):
            chosen = [draw.choice(chosen + ["y", "nope", "", "0", "99"]) for _ in range(draw.rng.randrange(1, 5))]
        for column in chosen:
            line.add("--score", column)
        if draw.chance(0.96):
            line.add("--label", source.label if draw.chance(0.9) else draw.choice(["A", "nope", "", "0"]))
        if draw.chance(0.15):
            for column in chosen:
                line.add("--class", column if draw.chance(0.9) else draw.choice(["Z", "", "nan", "1"]))
        if draw.chance(0.4):
            line.add("--kind", draw.value(["hand-till", "ovr", "ovo"], ["OvR", "micro", ""]))
        if draw.chance(0.4):
            line.add("--average", draw.value(["macro", "weighted"], ["micro", "samples"]))
        if draw.chance(0.2):
            line.add("--bootstrap", draw.value([1, 2, 10, 100, 2000], [10**6, 10**7, 10**8, 0]))
        if draw.chance(0.1):
            line.add("--seed", draw.value([0, 1, 2**32 - 1], [2**64, HUGE_DIGITS]))
        _methods(line, draw, ["delong", "mcdiarmid", "bootstrap-percentile", "bootstrap-bca"], 2)
        if draw.chance(0.3):
            line.add("--delta", draw.unit())
        if draw.chance(0.2):
            line.add("--nan", draw.value(["omit", "raise"], ["Omit"]))
        if draw.chance(0.2):  # case weights: the predictor x (reals, some negative) or a score column
            line.add("--weight", draw.value(["x", "A"], ["y", "nope", "", "99"]))
        if draw.chance(0.25):
            line.add("--weight-kind", draw.value(["frequency", "sampling"], ["Frequency", "", "counts"]))
        _common(line, draw)

    return generate


def gen_plot_pr(files):
    """aucbound plot pr: curves of one or more columns, an estimator and an interval."""
    def generate(line: Line, draw: Draw, index: int = 0) -> None:
        _data_columns(line, draw, files, draw.choice([1, 1, 2, 3]))
        _plot_out(line, draw, index)
        if draw.chance(0.3):
            line.add("--estimator", draw.value(["average-precision", "lower-trapezoid", "interpolated-median"], ["x"]))
        if draw.chance(0.4):
            line.add("--method", draw.value(["logit", "binomial", "bootstrap"], ["delong"]))
        if draw.chance(0.3):
            line.add("--bootstrap", draw.size([10, 200, 2000], [10**5, 10**6, 10**7], 0.1))

    return generate


def gen_pr(files):
    """aucbound pr: the estimates and intervals, or the curve."""
    def generate(line: Line, draw: Draw) -> None:
        _data_columns(line, draw, files, 1)
        if draw.chance(0.3):
            line.add("--estimator", draw.value(["average-precision", "lower-trapezoid", "interpolated-median",
                                                "trapezoid"], ["auc"]))
        if draw.chance(0.25):
            line.add("--curve")
            if draw.chance(0.4):
                line.add("--drop-intermediate")
        if draw.chance(0.3):  # resamples × rows: work the limits may not see
            line.add("--bootstrap", draw.size([0, 1, 10, 100, 2000], [10**5, 10**6, 10**7], 0.1))
        if draw.chance(0.1):
            line.add("--seed", draw.value([0, 1, 7], [2**64, HUGE_DIGITS]))
        _common(line, draw)

    return generate


def generators(files, prefs):
    table = {
        "interval": (10, gen_interval), "sample-size": (10, gen_sample_size), "lower-bound": (7, gen_lower_bound),
        "uniform": (9, gen_uniform), "freund": (7, gen_freund), "eem": (8, gen_eem), "psi": (9, gen_psi),
        "shatter": (9, gen_shatter), "auc": (15, gen_auc(files)), "compare": (9, gen_compare(files)),
        "coverage": (7, gen_coverage), "plot all": (0.25, gen_plot_all), "(top level)": (1.5, gen_top),
        "rank": (10, gen_rank(prefs)), "tournaments": (5, gen_tournaments), "regret": (7, gen_regret),
        "optimal": (8, gen_optimal), "roc": (9, gen_roc(files)), "power": (8, gen_power(files)),
        "experiment": (2, gen_experiment), "plot roc": (1.5, gen_plot_roc(files)),
        # the multiclass AUC
        "multiclass": (8, gen_multiclass(files)),
    }
    table["pr"] = (6, gen_pr(files))  # precision–recall
    table["plot pr"] = (1.5, gen_plot_pr(files))
    table["monitor"] = (5, gen_monitor(files))  # confidence sequences for monitoring
    for name in PLOTS:
        table[f"plot {name}"] = (0.6 if name in ("fig4", "rankboost-normal", "loss-scores") else 1.5, gen_plot(name))
    table.update(weighted_generators(files))
    table.update(weighted_pair_generators(files))
    table.update(weighted_resampling_generators(files))
    return table


def make_runs(count: int, seed: int, files, only=None, prefs=None, calls: float = 0.25) -> list[Run]:
    """`count` runs, reproducible from `seed`: command lines (the first ones with good values
    only) and, a share `calls` of them, calls of the library's data functions."""
    prefs = preference_files() if prefs is None else prefs
    table = generators(files, prefs)
    names = [name for name in table if not only or name in only or name.split()[0] in only]
    weights = [table[name][0] for name in names]
    calls = calls if not only or "call" in only else 0.0
    if not names:
        names, weights, calls = ["call"], [1.0], 1.0
    rng = random.Random(seed)
    runs = []
    if not only or "auc" in only or "compare" in only:  # every data file and standard input once
        for name, file in files.items():
            for command in [c for c in ("auc", "compare") if not only or c in only]:
                scores = file.scores[:1] if command == "auc" else (file.scores * 2)[:2]
                argv = [command, f"files/{name}", *[a for s in scores for a in ("--score", s)], "--label", file.label,
                        "--positive", file.positives[0]]
                runs.append(Run(len(runs), command, argv, expect_ok=file.good and command in file.commands))
        for stdin in dict.fromkeys(STDIN_CHOICES):
            file = files.get(stdin, files["good.csv"])
            argv = ["auc", "-", "--score", file.scores[0], "--label", file.label, "--positive", file.positives[0]]
            runs.append(Run(len(runs), "auc", argv, stdin, expect_ok=stdin in files and file.good))
    if not only or "rank" in only:  # every preference file once, by each method
        for k, (name, file) in enumerate(prefs.items()):
            method = ("degree", "quicksort")[k % 2]
            runs.append(Run(len(runs), "rank", ["rank", f"files/{name}", "--method", method], expect_ok=file.good))
    runs = runs[:count]
    fixed = len(runs)
    for index in range(fixed, count):
        k = index - fixed  # the first draws: each command once, then good values only
        if names == ["call"] or (k >= len(names) and rng.random() < calls):
            case = fuzz_library.make_case(Draw(random.Random(rng.getrandbits(64)), 0.0))
            runs.append(Run(index, f"call {case.function}", [case.function], case=case))
            continue
        command = names[k] if k < len(names) else rng.choices(names, weights)[0]
        bad = 0.0 if k < 2 * len(names) else rng.choice([0.0, 0.0, 0.05, 0.15, 0.3, 0.6])
        draw = Draw(random.Random(rng.getrandbits(64)), bad)
        line = Line(command.split() if command != "(top level)" else [])
        generate = table[command][1]
        arguments = (index,) if command.startswith("plot") or command in ("coverage", "experiment") else ()
        generate(line, draw, *arguments)

        def regenerate(option, generate=generate, arguments=arguments, draw=draw):
            scratch = Line([])
            generate(scratch, Draw(draw.rng, draw.bad), *arguments)
            return next((values for name, values in scratch.items if name == option), None)

        if bad or draw.chance(0.1):
            mutate(line, draw, regenerate)
        runs.append(Run(index, command, line.argv(), line.stdin))
    return runs


def environment(threads: int = 1) -> dict:
    env = dict(os.environ)
    env.pop("PYTHONWARNINGS", None)
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        env[name] = str(threads)
    env["MPLBACKEND"] = "Agg"
    env["PYTHONUNBUFFERED"] = "1"
    return env


#: What a progress bar writes on a terminal: a carriage return (click redraws the line), or
#: the cursor hidden while it draws.
PROGRESS_MARKS = (b"\r", b"\x1b[?25l")


class _Collector(threading.Thread):
    """Reads a file descriptor to its end, noting when progress output first arrived:
    ``progress d/t`` lines of a call (`marks` "call"), or a progress bar on a terminal
    ("bar"); None watches for nothing (stdout)."""

    def __init__(self, fd: int, began: float, marks: str | None):
        super().__init__(daemon=True)
        self.fd, self.began, self.marks = fd, began, marks
        self.chunks: list[bytes] = []
        self.progress_at: float | None = None

    def run(self) -> None:
        while True:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # a terminal whose other end is closed
                break
            if not chunk:
                break
            self.chunks.append(chunk)
            if self.progress_at is None and self.marks and self._progress(b"".join(self.chunks[-2:])):
                self.progress_at = time.monotonic() - self.began

    def _progress(self, data: bytes) -> bool:
        if self.marks == "call":
            return b"progress " in data
        return any(mark in data.replace(b"\r\n", b"\n") for mark in PROGRESS_MARKS)

    def text(self) -> str:
        return b"".join(self.chunks).replace(b"\r\n", b"\n").decode("utf-8", "replace")


def execute(run: Run, workdir: str, limits: dict, env: dict) -> Run:
    """Run one case in a fresh process group: a command line, with stderr on a terminal (so
    that progress bars show), or a call of a data function. Killed when it has shown no
    progress by ``limits["progress"]`` seconds, or at ``limits["timeout"]`` in any case;
    its peak resident memory and CPU time come from wait4."""
    memory_mb = limits["memory_mb"]
    limit = f"ulimit -v {memory_mb * 1024}; " if memory_mb else ""
    redirect = " <&-" if run.stdin == "closed" else ""
    shell = f'{limit}exec "$@"{redirect}'
    if run.case is not None:
        program = fuzz_library.child_argv(sys.executable, run.case)
    else:
        program = [sys.executable, "-m", "aucbound", *run.argv]
    argv = ["/bin/sh", "-c", shell, "sh", *program]
    stdin = subprocess.DEVNULL
    handle = None
    if run.stdin not in (None, "closed", "devnull"):
        handle = open(os.path.join(workdir, "files", run.stdin), "rb")
        stdin = handle
    if run.case is None:
        err_read, err_write = pty.openpty()
    else:
        err_read, err_write = os.pipe()
    out_read, out_write = os.pipe()
    start = time.monotonic()
    try:
        process = subprocess.Popen(argv, cwd=workdir, env=env, stdin=stdin, stdout=out_write, stderr=err_write,
                                   start_new_session=True)
    finally:
        os.close(out_write)
        os.close(err_write)
        if handle:
            handle.close()
    readers = [_Collector(out_read, start, None), _Collector(err_read, start, "bar" if run.case is None else "call")]
    for reader in readers:
        reader.start()
    status, usage = _wait(process, readers[1], start, limits, run)
    for reader in readers:
        reader.join(timeout=10)
        os.close(reader.fd)
    run.elapsed = time.monotonic() - start
    run.exit_code = None if run.killed else (os.waitstatus_to_exitcode(status) if status is not None else None)
    process.returncode = run.exit_code if run.exit_code is not None else -9
    run.max_rss_mb = usage.ru_maxrss / 1024 if usage else 0.0
    run.cpu = usage.ru_utime + usage.ru_stime if usage else 0.0
    run.stdout, run.stderr = readers[0].text(), readers[1].text()
    run.progress_at = readers[1].progress_at
    return run


def _wait(process, errors: _Collector, start: float, limits: dict, run: Run):
    """(wait status, resource usage) of `process`, killing its group when it overstays."""
    while True:
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            return status, usage
        elapsed = time.monotonic() - start
        if elapsed > limits["progress"] and errors.progress_at is None:
            run.killed = "slow"
        elif elapsed > limits["timeout"]:
            run.killed = "timeout"
        if run.killed:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            _, status, usage = os.wait4(process.pid, 0)
            return status, usage
        time.sleep(0.02 if elapsed < 1 else 0.1)


# --- classification -----------------------------------------------------------------------------

BACKTICKED = re.compile(r"`[A-Za-z_][A-Za-z0-9_]*`")
FALLBACK_START = re.compile(r"^Error: the [a-z][a-z0-9 ]* must\b")
#: A snake_case word outside quotes and parentheses: options are kebab-case, so a library name (rank_dim).
SNAKE = re.compile(r"(?<![\w./'-])[a-z][a-z0-9]*_[a-z0-9_]+(?![\w./'(-])")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|\([^()]*\)")
WARNING = re.compile(r"\b[A-Z][A-Za-z]*Warning\b|^\S+:\d+: ", re.M)
LONGEST_LINE = 1000
NOT_FINITE = re.compile(r"(?<![\w.-])[-+]?(nan|inf|infinity)(?![\w])", re.I)


def _library_names() -> list[str]:
    """"the <parameter>" texts the CLI's fallback namer would produce for library parameters."""
    names = set()
    try:
        import importlib
        import inspect
        import pkgutil

        import aucbound

        for module_info in pkgutil.walk_packages(aucbound.__path__, "aucbound."):
            if ".cli" in module_info.name:
                continue
            module = importlib.import_module(module_info.name)
            for value in vars(module).values():
                if not callable(value) or getattr(value, "__module__", "") != module.__name__:
                    continue
                try:
                    parameters = inspect.signature(value).parameters
                except (TypeError, ValueError):
                    continue
                names.update(p for p in parameters if p not in ("self", "cls", "args", "kwargs"))
    except Exception:  # the fuzzer still runs on a library that does not import
        pass
    names |= {"fclass", "log_c1", "c2", "class_size", "log_class_size", "pos_label", "rank_dim", "bootstrap_trials"}
    ordinary = {"score", "scores", "label", "labels", "data", "path", "source", "value", "values", "sizes", "points",
                "name", "method", "methods", "bound", "rows", "progress", "text", "result", "first", "second"}
    named = {"fclass", "epsilon", "delta", "rho", "resamples", "trials", "seed", "auc", "variance", "p1", "p2", "c2",
             "m", "n", "d", "q", "N", "M"}  # other one-letter names would match ordinary English
    return sorted("the " + name.replace("_", " ") for name in names - ordinary if "_" in name or name in named)


def _strict_json(text: str):
    def refuse(constant):
        raise ValueError(f"non-standard JSON constant {constant}")

    return json.loads(text, parse_constant=refuse)


def _output_problems(run: Run) -> list[str]:
    """What is wrong with a successful run's stdout: nothing, NaN/inf, impossible numbers, bad JSON."""
    if not run.stdout.strip():
        return ["exit 0 with nothing on stdout"]
    if "--help" in run.argv or "-h" in run.argv or run.argv[:1] in (["--version"], ["-V"]) or not run.argv:
        return []
    problems = []
    if "json" in run.argv and "--format" in run.argv:
        try:
            document = _strict_json(run.stdout)
        except ValueError as error:
            return [f"stdout is not strict JSON: {error}"]
        problems += _impossible(document, run.command)
    elif not run.command.startswith("plot"):  # a plot prints the names of its files, which may read "inf"
        text = run.stdout
        if run.command.split()[0] == "roc":  # the first threshold is inf, as pROC's: above every score (also in a grid's cell)
            text = re.sub(r"(?m)^([|│]?\s*)[-+]?inf\b", r"\1", text)
        if run.command.split()[0] == "pr" and "--curve" in run.argv:  # the last point's threshold (recall 0) is inf
            text = re.sub(r"(?m)^([|│]?\s*)inf\b", r"\1", text)
        match = NOT_FINITE.search(text)
        if match:
            line = next(l for l in text.splitlines() if match.group(0) in l)
            problems.append(f"{match.group(0)!r} in the output: {line.strip()[:200]}")
    return problems


def _impossible(document, command: str) -> list[str]:
    found = []

    def number(x):
        return isinstance(x, (int, float)) and not isinstance(x, bool)

    def walk(node):
        if isinstance(node, list):
            for item in node:
                walk(item)
            return
        if not isinstance(node, dict):
            return
        lo, hi = node.get("lo"), node.get("hi")
        if number(lo) and number(hi):
            if lo > hi:
                found.append(f"lo {lo} > hi {hi} ({node.get('method')})")
            low_end = -1 if command == "compare" else 0
            if command in ("auc", "compare", "interval") and not (low_end <= lo and hi <= 1):
                found.append(f"interval [{lo}, {hi}] outside [{low_end}, 1] ({node.get('method')})")
        for key in ("epsilon", "variance", "mean_width", "median_width"):
            if number(node.get(key)) and node[key] < 0:
                found.append(f"{key} = {node[key]} < 0 ({node.get('method')})")
        for key in ("coverage", "p_value", "confidence", "vacuous", "degenerate"):
            if number(node.get(key)) and not 0 <= node[key] <= 1:
                found.append(f"{key} = {node[key]} outside [0, 1] ({node.get('method')})")
        for key in ("N", "M"):
            if number(node.get(key)) and node[key] < 1:
                found.append(f"{key} = {node[key]} < 1 ({node.get('method')})")
        for value in node.values():
            walk(value)

    walk(document)
    return found[:3]


#: Every class, in the order a run takes the first that applies.
ORDER = ["slow", "timeout", "memory", "crash", "traceback", "warning", "bad-stderr", "internal-name", "stdout-on-error",
         "refused-good", "wrong-output", "invalid-case"]
#: The limits the classification reads (set by main from its options).
LIMITS = {"progress": 30.0, "timeout": 300.0, "memory_mb": 8192, "rss_mb": 4096}


def _without_progress(text: str) -> str:
    """stderr with every progress-bar line taken out (a line click redrew: it holds a carriage return)."""
    text = text.replace("\x1b[?25l", "").replace("\x1b[?25h", "")
    return "\n".join(line for line in text.split("\n") if "\r" not in line)


def _resource_issues(run: Run) -> list[tuple[str, str]]:
    issues = []
    if run.killed == "slow":
        issues.append(("slow", f"no progress output in the first {LIMITS['progress']:g} s; killed"))
    elif run.killed == "timeout":
        issues.append(("timeout", f"still running after {LIMITS['timeout']:g} s (with progress output); killed"))
    if run.max_rss_mb > LIMITS["rss_mb"]:
        issues.append(("memory", f"peak resident memory {run.max_rss_mb:,.0f} MB"))
    return issues


def classify(run: Run, fallbacks: list[str]) -> Run:
    if run.case is not None:
        return classify_call(run)
    issues = _resource_issues(run)
    err = _without_progress(run.stderr)
    lines = err.splitlines()
    if run.exit_code is not None and (run.exit_code < 0 or run.exit_code not in (0, 1, 2)):
        issues.append(("crash", f"exit code {run.exit_code}"))
    if "Traceback (most recent call last)" in err:
        last = next((l for l in reversed(lines) if l.strip() and not l.startswith(" ")), "")
        issues.append(("traceback", last[:300]))
    if run.argv in ([], ["plot"]) and run.exit_code == 2 and err.startswith("Usage: ") and not issues:
        run.issues, run.kind = [], "clean-error"  # a group with no arguments shows its help, as click does
        return run
    if WARNING.search(err):
        issues.append(("warning", "a raw warning: " + WARNING.search(err).group(0)))
    if run.exit_code == 0:
        unexpected = [line for line in lines if not line.startswith("Warning: ")]  # the CLI's own one-line notes
        if unexpected:
            issues.append(("bad-stderr", "stderr on success: " + unexpected[0][:300]))
    elif run.exit_code is not None:
        if len(lines) != 1 or not err.endswith("\n") or not err.startswith("Error: "):
            issues.append(("bad-stderr", f"{len(lines)} stderr lines: " + (lines[0] if lines else "(empty)")[:300]))
    if re.search(r"[\x00-\x08\x0b-\x1f\x7f]", err):
        issues.append(("bad-stderr", "control characters on stderr: " + repr(err[:120])))
    longest = max((len(l) for l in lines), default=0)
    if longest > LONGEST_LINE:
        issues.append(("bad-stderr", f"a {longest}-character stderr line: {err[:100]}"))
    backticked = BACKTICKED.search(err)
    if backticked:
        issues.append(("internal-name", backticked.group(0)))
    fallback = FALLBACK_START.search(err) or next((re.search(rf"\b{re.escape(t)}\b", err) for t in fallbacks
                                                    if re.search(rf"\b{re.escape(t)}\b", err)), None)
    if fallback:
        issues.append(("internal-name", fallback.group(0)))
    for line in lines:
        snake = line.startswith("Error: ") and "--tablefmt" not in line and SNAKE.search(QUOTED.sub("", line))
        if snake:
            issues.append(("internal-name", snake.group(0)))
            break
    if run.exit_code not in (0, None) and run.stdout:
        issues.append(("stdout-on-error", run.stdout.splitlines()[0][:200] if run.stdout.strip() else repr(run.stdout)))
    if run.expect_ok and run.exit_code != 0 and not issues:
        issues.append(("refused-good", (lines[0] if lines else "")[:300]))
    if run.exit_code == 0:
        issues += [("wrong-output", problem) for problem in _output_problems(run)]
    return _settle(run, issues)


def classify_call(run: Run) -> Run:
    """The class of a call of a data function, from the child's JSON line and its exit."""
    issues = _resource_issues(run)
    line = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else ""
    try:
        outcome = json.loads(line)
    except ValueError:
        outcome = None
    if outcome is None:
        if not issues:
            last = next((l for l in reversed(run.stderr.splitlines()) if l.strip()), "")
            issues.append(("crash", f"exit code {run.exit_code}, no answer: {last[:200]}"))
        return _settle(run, issues)
    if outcome["status"] == "exception":
        issues.append(("traceback", outcome["detail"]))
    elif outcome["status"] == "invalid":
        issues.append(("invalid-case", outcome["detail"]))
    issues += [("warning", "a raw warning: " + text) for text in outcome["warnings"][:1]]
    issues += [("wrong-output", problem) for problem in outcome["problems"]]
    return _settle(run, issues, ok="clean-error" if outcome["status"] == "refused" else "ok")


def _settle(run: Run, issues, ok=None) -> Run:
    issues.sort(key=lambda issue: ORDER.index(issue[0]))
    run.issues = issues
    run.kind = issues[0][0] if issues else (ok or ("ok" if run.exit_code == 0 else "clean-error"))
    return run


CLASSES_SHOWN = ["ok", "clean-error"] + ORDER
#: The rules the summary counts per command, each a class of issue.
RULES = {"traceback": "tracebacks", "warning": "raw warnings", "slow": "over 30 s without progress",
         "memory": "peak RSS over 4 GB"}


def where(stderr: str) -> str:
    """The innermost frame of the package in a traceback, as path:function ("" if none)."""
    frames = re.findall(r'File "[^"]*/(aucbound/[^"]+)", line \d+, in (\S+)', stderr)
    return f"{frames[-1][0]}:{frames[-1][1]}" if frames else ""


def signature(run: Run) -> str:
    """What groups runs into one failure: the command, the class, where, and the message without its numbers."""
    detail = run.issues[0][1] if run.issues else ""
    detail = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", detail)
    detail = re.sub(r"[-+]?\d[\d.e+-]*", "#", detail)
    at = where(run.stderr) if run.kind == "traceback" else ""
    return f"{run.command} | {run.kind} | {detail[:160]}" + (f" | at {at}" if at else "")


def _table(header: list[str], rows: list[list], first: int) -> None:
    widths = [first] + [max(len(h), 5) + 2 for h in header[1:]]
    print("".join(str(h).ljust(w) if k == 0 else str(h).rjust(w) for k, (h, w) in enumerate(zip(header, widths))))
    for row in rows:
        print("".join(str(c).ljust(w) if k == 0 else str(c).rjust(w) for k, (c, w) in enumerate(zip(row, widths))))


def report(runs: list[Run], elapsed: float, args, files: dict[str, DataFile]) -> dict:
    counts = collections.defaultdict(collections.Counter)
    rules = collections.defaultdict(collections.Counter)  # every issue of a run, not only its class
    for run in runs:
        counts[run.command][run.kind] += 1
        for issue in {issue for issue, _ in run.issues}:
            rules[run.command][issue] += 1
    names = sorted(counts, key=lambda name: (name.startswith("call "), name))
    width = max(len(n) for n in names) + 2
    shown = [c for c in CLASSES_SHOWN if any(counts[n][c] for n in names)]
    calls = sum(1 for run in runs if run.case is not None)
    print(f"\n{len(runs)} runs ({len(runs) - calls} command lines, {calls} calls of data functions) in {elapsed:.0f} s"
          f" (seed {args.seed}, {args.jobs} job(s); killed without progress after {args.progress_deadline:g} s, "
          f"in any case after {args.timeout:g} s)\n")
    total = collections.Counter()
    rows = []
    for name in names:
        total.update(counts[name])
        rows.append([name] + [counts[name][c] or "" for c in shown] + [sum(counts[name].values())])
    rows.append(["all"] + [total[c] for c in shown] + [len(runs)])
    _table(["command"] + shown + ["total"], rows, width)

    print("\nthe rules, per command (a run breaking several counts under each):")
    rule_total = collections.Counter()
    rows = []
    for name in names:
        rule_total.update(rules[name])
        rows.append([name, sum(counts[name].values())] + [rules[name][rule] for rule in RULES])
    rows.append(["all", len(runs)] + [rule_total[rule] for rule in RULES])
    _table(["command", "runs"] + list(RULES.values()), rows, width)

    bad = [run for run in runs if run.kind not in ("ok", "clean-error")]
    groups = collections.OrderedDict()
    for run in sorted(bad, key=lambda r: (CLASSES_SHOWN.index(r.kind), r.command, r.index)):
        groups.setdefault(signature(run), []).append(run)
    print(f"\n{len(groups)} distinct failures (command | class | message), one example each:")
    for key, members in groups.items():
        print(f"\n[{len(members)}x] {key}\n    {members[0].cmdline()[:2000]}")
    print("\nslowest runs (wall s, CPU s, first progress s):")
    for run in sorted(runs, key=lambda r: -r.elapsed)[: args.slowest]:
        progress = f"{run.progress_at:6.1f}" if run.progress_at is not None else "     —"
        print(f"  {run.elapsed:6.2f} {run.cpu:6.2f} {progress}  {run.kind:<13} {run.cmdline()[:150]}")
    print("\nlargest peak resident memory:")
    for run in sorted(runs, key=lambda r: -r.max_rss_mb)[: min(5, args.slowest)]:
        print(f"  {run.max_rss_mb:8,.0f} MB  {run.kind:<13} {run.cmdline()[:150]}")

    def entry(run: Run) -> dict:
        used = [name for name in files if name == run.stdin or f"files/{name}" in run.argv]
        return {
            "index": run.index, "command": run.command, "class": run.kind,
            "issues": [list(issue) for issue in run.issues], "cmdline": run.cmdline(), "argv": run.argv,
            "stdin": run.stdin, "exit_code": run.exit_code, "elapsed": round(run.elapsed, 3), "cpu": round(run.cpu, 3),
            "progress_at": run.progress_at, "max_rss_mb": round(run.max_rss_mb, 1),
            "stdout_chars": len(run.stdout), "stderr": run.stderr[-4000:],
            "files": {f"files/{name}": files[name].about for name in used},
        }

    return {
        "runs": len(runs), "seed": args.seed, "jobs": args.jobs, "timeout": args.timeout,
        "progress_deadline": args.progress_deadline, "elapsed_seconds": round(elapsed, 1), "workdir": args.workdir,
        "counts": {name: dict(counts[name]) for name in names}, "totals": dict(total),
        "rules": {**{name: {RULES[rule]: rules[name][rule] for rule in RULES} for name in names},
                  "all": {RULES[rule]: rule_total[rule] for rule in RULES}},
        "distinct": [{"signature": key, "count": len(members), "example": members[0].cmdline(),
                      "indexes": [m.index for m in members]} for key, members in groups.items()],
        "slowest": [{"elapsed": round(r.elapsed, 3), "class": r.kind, "cmdline": r.cmdline()}
                    for r in sorted(runs, key=lambda r: -r.elapsed)[: args.slowest]],
        "findings": [entry(run) for run in bad],
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=2000, help="command lines and calls to run [2000]")
    parser.add_argument("--seed", type=int, default=0, help="seed of the command lines [0]")
    parser.add_argument("--progress-deadline", type=float, default=30.0,
                        help="a run with no progress output by then is killed and counted slow, seconds [30]")
    parser.add_argument("--timeout", type=float, default=300.0,
                        help="wall-time limit per run that shows progress, seconds [300]")
    parser.add_argument("--calls", type=float, default=0.25,
                        help="the share of runs that call a data function of the library directly [0.25]")
    parser.add_argument("--jobs", type=int, default=1, help="runs at a time [1]")
    parser.add_argument("--out", default="fuzz-report.json", help="the JSON report [fuzz-report.json]")
    parser.add_argument("--workdir", help="where the data files and outputs go (kept); default: a temporary directory")
    parser.add_argument("--commands", help="only these commands, comma-separated (e.g. auc,compare,plot)")
    parser.add_argument("--memory-mb", type=int, default=8192, help="address-space limit per run, MiB; 0: none [8192]")
    parser.add_argument("--rss-mb", type=int, default=4096, help="peak resident memory counted as too much, MiB [4096]")
    parser.add_argument("--slowest", type=int, default=15, help="how many of the slowest runs to list [15]")
    parser.add_argument("--verbose", action="store_true", help="print each failing run as it happens")
    args = parser.parse_args(argv)

    files = data_files()
    prefs = preference_files()
    temporary = args.workdir is None
    args.workdir = os.path.abspath(args.workdir or tempfile.mkdtemp(prefix="aucbound-fuzz-"))
    os.makedirs(os.path.join(args.workdir, "files"), exist_ok=True)
    os.makedirs(os.path.join(args.workdir, "out"), exist_ok=True)
    for name, file in {**files, **prefs}.items():
        with open(os.path.join(args.workdir, "files", name), "wb") as stream:
            stream.write(file.data)
    only = set(args.commands.split(",")) if args.commands else None
    runs = make_runs(args.runs, args.seed, files, only, prefs, calls=args.calls)
    LIMITS.update(progress=args.progress_deadline, timeout=args.timeout, memory_mb=args.memory_mb, rss_mb=args.rss_mb)
    fallbacks = _library_names()
    env = environment()
    start = time.monotonic()
    done = 0
    try:
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            futures = [pool.submit(execute, run, args.workdir, LIMITS, env) for run in runs]
            for future in concurrent.futures.as_completed(futures):
                run = classify(future.result(), fallbacks)
                done += 1
                if args.verbose and run.kind not in ("ok", "clean-error"):
                    print(f"[{run.kind}] {run.cmdline()[:200]}\n    {run.issues[0][1][:200]}", file=sys.stderr)
                if done % 100 == 0:
                    print(f"{done}/{len(runs)} runs, {time.monotonic() - start:.0f} s", file=sys.stderr)
        elapsed = time.monotonic() - start
        document = report(runs, elapsed, args, {**files, **prefs})
        with open(args.out, "w", encoding="utf-8") as stream:
            json.dump(document, stream, indent=1, ensure_ascii=False)
        print(f"\nreport: {args.out} ({len(document['findings'])} findings)")
    finally:
        if temporary:
            shutil.rmtree(args.workdir, ignore_errors=True)
    return 0


# --- case weights (--weight, --weight-kind) -----------------------------------------------------------

#: Weight texts: good ones (whole, fractional, zero) and bad ones (negative, missing, not numbers).
WEIGHT_TEXTS = (["1", "2", "0", "0.5", "3", "1e-300"], ["-1", "", "nan", "inf", "abc", "1e309", HUGE_DIGITS])


def weighted_file(rng: random.Random, bad: bool) -> bytes:
    """score,w,label rows: 40 of them, weights good unless `bad`."""
    good, wrong = WEIGHT_TEXTS
    rows = []
    for k in range(40):
        y = k % 2
        w = rng.choice(wrong) if bad and rng.random() < 0.1 else rng.choice(good)
        rows.append((round(rng.gauss(y, 1.0), 4), w, y))
    return _csv(rows, header=("score", "w", "label"))


def weighted_files() -> dict:
    """Files with a weight column w, good and bad (among :func:`data_files`)."""
    rng = random.Random(20261126)
    return {name: DataFile(weighted_file(rng, bad), "score,w,label with case weights w", ["score"], "label", ["1"],
                           not bad, ("auc", "roc"))
            for name, bad in (("weighted.csv", False), ("weighted_bad.csv", True))}


def _weight_options(line: Line, draw: Draw, kinds: bool) -> None:
    """--weight w (mostly; sometimes another column or none), and with `kinds` mostly a --weight-kind."""
    if draw.chance(0.9):
        line.add("--weight", draw.value(["w"], ["score", "label", "nope", "", "9"]))
    if kinds and draw.chance(0.8):
        line.add("--weight-kind", draw.value(["frequency", "sampling"], ["Frequency", "", "counts"]))


def weighted_generators(files) -> dict:
    """`auc` and `roc` with --weight and --weight-kind, mostly on the files with a weight column."""

    def weights(line: Line, draw: Draw, kinds: bool) -> None:
        if draw.chance(0.7):  # mostly a file with a weight column
            line.items = [(None, [f"files/{draw.choice(['weighted.csv', 'weighted_bad.csv'])}"])
                          if option is None else (option, ["score"]) if option == "--score" and draw.chance(0.8)
                          else (option, values) for option, values in line.items
                          if option != "--bootstrap" or draw.chance(0.2)]
        _weight_options(line, draw, kinds)

    def auc(line: Line, draw: Draw) -> None:
        line.prefix = ["auc"]  # the table's name "auc --weight" is no command line
        gen_auc(files)(line, draw)
        weights(line, draw, True)

    def roc(line: Line, draw: Draw) -> None:
        line.prefix = ["roc"]
        gen_roc(files)(line, draw)
        weights(line, draw, False)

    return {"auc --weight": (4, auc), "roc --weight": (3, roc)}



# --- case weights in the paired comparison (compare --weight) and on pr --weight --------------------


def weighted_pair_file(rng: random.Random, bad: bool) -> bytes:
    """score,s2,w,label rows: 40 of them, two correlated scores, weights good unless `bad`."""
    good, wrong = WEIGHT_TEXTS
    rows = []
    for k in range(40):
        y = k % 2
        w = rng.choice(wrong) if bad and rng.random() < 0.1 else rng.choice(good)
        score = round(rng.gauss(y, 1.0), 4)
        rows.append((score, round(score + rng.gauss(0, 1.0), 4), w, y))
    return _csv(rows, header=("score", "s2", "w", "label"))


def weighted_pair_files() -> dict:
    """Files with two score columns and a weight column w, good and bad (among :func:`data_files`)."""
    rng = random.Random(20261127)
    return {name: DataFile(weighted_pair_file(rng, bad), "score,s2,w,label with case weights w", ["score", "s2"],
                           "label", ["1"], not bad, ("auc", "compare", "pr"))
            for name, bad in (("weighted_pair.csv", False), ("weighted_pair_bad.csv", True))}


def weighted_pair_generators(files) -> dict:
    """`compare` (every form: --weight goes with the paired one) and `pr` with --weight, mostly on the files
    with a weight column."""

    def weights(line: Line, draw: Draw, kinds: bool) -> None:
        if draw.chance(0.7):  # mostly a file with a weight column, its columns named
            columns = iter(["score", "s2", "score", "s2"])
            for k, (option, values) in enumerate(line.items):
                if option is None and k == 0:
                    line.items[k] = (None, [f"files/{draw.choice(['weighted_pair.csv', 'weighted_pair_bad.csv'])}"])
                elif option == "--score" and draw.chance(0.8):
                    line.items[k] = (option, [next(columns, "score")])
                elif option == "--label" and draw.chance(0.8):
                    line.items[k] = (option, ["label"])
        _weight_options(line, draw, kinds)

    def compare(line: Line, draw: Draw) -> None:
        line.prefix = ["compare"]  # the table's name "compare --weight" is no command line
        gen_compare(files)(line, draw)
        if draw.chance(0.6):  # mostly the paired form, the one --weight goes with: one FILE, two --score
            first = next((k for k, (option, _) in enumerate(line.items) if option is None), None)
            kept, scores = [], 0
            for k, (option, values) in enumerate(line.items):
                scores += option == "--score"
                if option == "--group" or (option is None and k != first) or (option == "--score" and scores > 2):
                    continue
                kept.append((option, values))
            line.items = kept
        weights(line, draw, True)

    def pr(line: Line, draw: Draw) -> None:
        line.prefix = ["pr"]
        gen_pr(files)(line, draw)
        weights(line, draw, False)

    return {"compare --weight": (4, compare), "pr --weight": (3, pr)}


# --- case weights in the bootstrap and the bands (--weight with --bootstrap, --specificity, plot roc) -------------


def weighted_resampling_generators(files) -> dict:
    """`auc --bootstrap`, `roc --specificity/--sensitivity` and `plot roc` with --weight and --weight-kind,
    on the files with a weight column: the resampling of each kind of weights, and its refusals (no
    --weight-kind, the DKW band with sampling weights, a frequency total beyond the limit)."""

    def weighted(line: Line, draw: Draw) -> None:
        line.positional(f"files/{draw.choice(['weighted.csv', 'weighted.csv', 'weighted_bad.csv'])}")
        line.add("--score", draw.value(["score"], ["w", "nope"]))
        line.add("--label", draw.value(["label"], ["w"]))
        if draw.chance(0.95):
            line.add("--weight", draw.value(["w"], ["score", "nope"]))
        if draw.chance(0.85):
            line.add("--weight-kind", draw.value(["frequency", "sampling"], ["Frequency", ""]))

    def auc(line: Line, draw: Draw) -> None:
        line.prefix = ["auc"]
        weighted(line, draw)
        line.add("--bootstrap", draw.size([5, 50, 500], [10**6, 10**7], 0.05))
        if draw.chance(0.3):
            line.add("--partial", draw.value(["0.9,1", "0,0.5"], ["1,1"]))
        if draw.chance(0.3):
            line.add("--method", draw.value(["bootstrap-bca", "bootstrap-percentile", "delong"], ["mcdiarmid"]))

    def roc(line: Line, draw: Draw) -> None:
        line.prefix = ["roc"]
        weighted(line, draw)
        line.add(draw.choice(["--specificity", "--sensitivity"]), draw.value([0.9, 0.5, 0, 1], ["1.5"]))
        if draw.chance(0.7):
            line.add("--bootstrap", draw.size([5, 50, 500], [10**6], 0.05))

    def plot_roc(line: Line, draw: Draw, index: int = 0) -> None:
        line.prefix = ["plot", "roc"]
        weighted(line, draw)
        _plot_out(line, draw, index)
        line.add("--band", draw.value(["bootstrap", "none", "dkw"], ["x"]))
        line.add("--bootstrap", draw.size([5, 50], [10**6], 0.05))

    return {"auc --weight --bootstrap": (2, auc), "roc --weight --specificity": (2, roc),
            "plot roc --weight": (0.8, plot_roc)}


# --- confidence sequences for monitoring (aucbound monitor) ---------------------------------------

def gen_monitor(files):
    def generate(line: Line, draw: Draw) -> None:
        _data_columns(line, draw, files, draw.choice([1, 1, 2]))
        if draw.chance(0.8):  # looks × rows: small batches over a large file are the long runs
            line.add("--batch", draw.size([1, 10, 1000], [10**9, 0], 0.1))
        if draw.chance(0.3):
            line.add("--method", draw.value(["bernstein", "hoeffding-kl"], ["delong"]))
        _common(line, draw)

    return generate


if __name__ == "__main__":
    sys.exit(main())
