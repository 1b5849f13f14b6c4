"""Every command line gets an answer or one clear line: property tests over every command.

Each test draws command lines for one command — good values, values outside the option's
domain, malformed text, missing, doubled and unknown options, and for ``auc`` and
``compare`` generated data files (CSV/TSV text, ``.npy``, ``.npz``, standard input) — and
runs them in-process with click's CliRunner. The rule checked on every run:

* exit 0, 1 or 2, and no exception but SystemExit escaping the command (a RuntimeWarning is
  an exception here: the test configuration turns warnings into errors);
* exit 0: the answer on stdout, nothing on stderr, no NaN in it;
* otherwise: one line on stderr starting "Error: ", nothing on stdout, and no library
  parameter in backticks or "the <parameter>" fallback in place of the option's name.

The good values are small, so each example takes milliseconds; valid but extreme sizes and
the time limit are the fuzzer's job (bench/fuzz_cli.py), which runs each command line in
its own process.
"""

from __future__ import annotations

import io
import itertools
import re
import shlex

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from aucbound.cli import main

CLOSED_FORM = ["mcdiarmid", "hoeffding", "hoeffding-kl", "chebyshev-max", "normal-max", "chebyshev-min", "normal-min",
               "chebyshev-lehmann", "normal-lehmann", "hanley-mcneil", "newcombe", "delong", "delong-logit"]
INVERTIBLE = CLOSED_FORM[:11]
ALL_METHODS = CLOSED_FORM + ["bootstrap-percentile", "bootstrap-bca"]
COMPARE_METHODS = ["mcdiarmid", "hoeffding", "hoeffding-kl", "chebyshev-max", "normal-max", "delong"]
CLASSES = {"finite": ["--size"], "line": [], "linear": ["--d"], "polynomial": ["--d", "--q"],
           "growth": ["--log-c1", "--c2"]}
SCENARIOS = ["binormal", "binormal-unequal", "rating", "exponential", "lognormal", "near-perfect", "adversarial"]

HUGE = "1" + "0" * 30
#: Text that is no number, or not one an option takes.
MALFORMED = ["1/0", "abc", "", "1e", "0x10", "١٢", "1_000", " ", "..", "1,5", "½", "0.5.5", "+-1", "True", "None",
             "1j", "∞", "\u00a01", "1e+", "1/2/3", "3..1", "0..4", "--", "-", "1e-3.5", "x" * 200]
#: Numbers at and beyond the ends of the domains.
EXTREME = ["0", "-0", "-1", "1e-300", "1e-320", "5e-324", "1e308", "1e309", "-1e309", "inf", "-inf", "nan", "NaN",
           HUGE, str(2**53 + 1), str(2**64), "1.0", "1", "1.5", "-0.5", "1" + "0" * 400]
#: Values outside (0, 1) or malformed: bad for every probability option.
NOT_UNIT = st.sampled_from([x for x in EXTREME if not 0 < float(x) < 1] + MALFORMED)
#: Values below 1, not integers, or malformed: bad for every count option.
NOT_COUNT = st.sampled_from(["0", "-0", "-1", "1e-300", "1e309", "inf", "nan", "1.5", "1.0", "2e3", "-" + HUGE]
                            + MALFORMED)

BACKTICKED = re.compile(r"`[A-Za-z_][A-Za-z0-9_]*`")
FALLBACK = re.compile(r"^Error: the [a-z][a-z0-9 ]* must\b")
#: A snake_case word outside quotes: options are kebab-case, so this is a library name (rank_dim).
SNAKE = re.compile(r"(?<![\w./'-])[a-z][a-z0-9]*_[a-z0-9_]+(?![\w./'(-])")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|\([^()]*\)")
NAN = re.compile(r"(?<![\w.-])nan(?!\w)", re.I)

RUNNER = CliRunner()
#: No explain phase: it reruns failures under a tracer, which takes longer than the whole file should.
PHASES = (Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink)
EXAMPLES = settings(max_examples=60, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])


def check(args: list[str], stdin: bytes | None = None):
    """Run `args` and assert the rule; returns click's Result."""
    result = RUNNER.invoke(main, args, prog_name="aucbound", input=stdin)
    shown = "aucbound " + shlex.join(args)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{shown}: {type(result.exception).__name__} escaped: {result.exception}") \
            from result.exception
    assert result.exit_code in (0, 1, 2), f"{shown}: exit {result.exit_code}"
    assert "Traceback" not in result.stderr, f"{shown}: {result.stderr}"
    if result.exit_code == 0:
        assert result.stdout, f"{shown}: exit 0 with nothing on stdout"
        # on success stderr is empty but for one-line warnings (a δ above ½: --delta 0.9 or --confidence 0.1)
        assert all(line.startswith("Warning: ") for line in result.stderr.splitlines()), \
            f"{shown}: stderr on success: {result.stderr!r}"
        assert not NAN.search(result.stdout), f"{shown}: NaN in the answer:\n{result.stdout}"
    else:
        error = result.stderr
        assert result.stdout == "", f"{shown}: stdout on exit {result.exit_code}: {result.stdout[:300]!r}"
        assert error.startswith("Error: ") and error.endswith("\n") and error.count("\n") == 1, \
            f"{shown}: not one 'Error: ' line: {error[:600]!r}"
        assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", error), f"{shown}: control characters: {error!r}"
        assert not BACKTICKED.search(error), f"{shown}: a library name in backticks: {error!r}"
        assert not FALLBACK.search(error), f"{shown}: a parameter instead of the option: {error!r}"
        if "--tablefmt" not in error:  # tabulate's formats are snake_case
            assert not SNAKE.search(QUOTED.sub("", error)), f"{shown}: a library name: {error!r}"
    return result


# --- strategies ------------------------------------------------------------------------------


def mostly(good, bad, bad_in_ten: int = 2, rare=()):
    """`good`, or `bad` about `bad_in_ten` times in ten, or a valid extreme from `rare` about once in ten."""
    extreme = text(rare) if rare else good
    return st.integers(0, 9).flatmap(lambda k: bad if k < bad_in_ten else extreme if k == bad_in_ten else good)


def text(values):
    return st.sampled_from([str(v) for v in values])


def option(name: str, values, chance: float = 0.5):
    """[name, value] with probability `chance`, else []."""
    return st.floats(0, 1).flatmap(lambda u: values.map(lambda v: [name, str(v)]) if u < chance else st.just([]))


def repeated(name: str, values, most: int = 3):
    return st.lists(values, max_size=most).map(lambda vs: [token for v in vs for token in (name, str(v))])


JUNK = st.sampled_from([[]] * 12 + [["--bogus", "1"], ["--M", "3"], ["stray"], ["--help"], ["--delta"], ["-m", "1"],
                                    ["--format"], ["--"]])


def command(prefix: list[str], *groups):
    """The command line `prefix` followed by `groups` (token lists) in any order, sometimes with junk."""
    return st.tuples(*groups, JUNK).flatmap(
        lambda parts: st.permutations([part for part in parts if part]).map(
            lambda ordered: prefix + [token for part in ordered for token in part]))


#: Sizes that are valid and quick where the answer is a closed form (10^400 is beyond a float).
BIG = (HUGE, 2**53 + 1, "1" + "0" * 400)
#: Targets that are valid and quick for the class commands.
TINY = ("1e-100", "1e-300", "5e-324", "0.9999999999")


def size(small=(1, 2, 3, 5, 10, 20, 50), rare=()):
    return mostly(text(small), NOT_COUNT, rare=rare)


def unit(rare=()):
    return mostly(text([0.05, 0.01, 0.1, 0.25, 0.5, 0.9, 0.99]), NOT_UNIT, rare=rare)


UNIT = unit()
CLOSED = mostly(text([0, 1, 0.5, 0.83, 0.2, 0.99, "0.0", "1.0"]),
                st.sampled_from(["-0.1", "1.5", "-1", "1e309", "inf", "nan", "2"] + MALFORMED))
SKEW = mostly(text(["1/2", "1/10", "0.25", "1/3", "3/10", "999/1000", "0.5"]),
              st.sampled_from(["0", "1", "1/1", "2/1", "-1/2", "1/0", "0/5", "1/-2", "1.5", "nan", "inf", "1e309"]
                              + MALFORMED))
FORMAT = option("--format", mostly(text(["table", "json", "csv"]), text(["xml", "JSON", ""])), 0.4)
TABLEFMT = option("--tablefmt", mostly(text(["simple", "github", "grid", "latex_booktabs", "plain", "html", "tsv"]),
                                       text(["nope", "", "Simple"])), 0.15)
DELTA = option("--delta", UNIT)


def methods(keys):
    return repeated("--method", mostly(text(keys), text(["all", "McDiarmid", "bootstrap", ""])), 2)


def class_options(keys=tuple(CLASSES), required=True):
    """--class KEY and its options (mostly the right ones; sometimes stray or missing)."""
    values = {
        "--size": size((1, 2, 10, 1000, 10**6), rare=BIG),
        "--d": size((1, 2, 3, 5, 10)),
        "--q": size((1, 2, 3)),
        "--log-c1": mostly(text([0, 1, 5, -5, 25.3, 100, -100]), text(["1e309", "-1e309", "inf", "nan", "abc", ""]),
                           rare=("-1e300", "-700", "1e-320")),  # 1e300 with a tiny target takes seconds
        "--c2": mostly(text([0, 0.5, 1, 2]), text(["-1", "-0.5", "1e309", "inf", "nan", "abc", ""]), rare=("1e300",)),
    }

    def options(key):
        right = st.just(CLASSES.get(key, []))
        other = st.lists(st.sampled_from(list(values)), max_size=2, unique=True)
        return mostly(right, other, 2).flatmap(
            lambda names: st.tuples(*[values[name].map(lambda v, name=name: [name, v]) for name in names]))

    chosen = mostly(text(keys), text(["Linear", "svm", ""]), 1)
    with_class = chosen.flatmap(lambda key: options(key).map(
        lambda parts: ["--class", key] + [token for part in parts for token in part]))
    return with_class if required else st.one_of(st.just([]), with_class)


# --- the commands with no data ----------------------------------------------------------------


@EXAMPLES
@given(args=command(["interval"], option("--m", size(rare=BIG), 0.95), option("--n", size(rare=BIG), 0.95),
                    option("--delta", unit(TINY)), methods(CLOSED_FORM),
               option("--auc", CLOSED), option("--p1", CLOSED, 0.25), option("--p2", CLOSED, 0.25),
               option("--variance", CLOSED, 0.2), option("--class-size", size((1, 2, 1000), rare=BIG), 0.15),
               option("--log-class-size", mostly(text([0, 1, 10, 700]), text(["-1", "1e301", "inf", "nan", ""])), 0.1),
               FORMAT, TABLEFMT))
@example(args=["interval", "--m", "1" + "0" * 400, "--n", "5"])
def test_interval(args):
    check(args)


@EXAMPLES
@given(args=command(["sample-size"], option("--epsilon", unit(("0.9999999999",)), 0.95), DELTA, option("--rho", SKEW, 0.6),
               methods(INVERTIBLE), option("--auc", CLOSED, 0.4), option("--p1", CLOSED, 0.2),
               option("--p2", CLOSED, 0.2), option("--class-size", size((1, 2, 1000), rare=(HUGE,)), 0.15),
               option("--log-class-size", mostly(text([0, 1, 10]), text(["-1", "1e301", "inf", "nan", ""])), 0.1),
               FORMAT, TABLEFMT))
@example(args=["sample-size", "--epsilon", "0.9999999999", "--delta", "0.001", "--rho", "5e-324"])
def test_sample_size(args):
    check(args)


@EXAMPLES
@given(args=command(["lower-bound"], option("--rank-dim", size((1, 2, 10, 100, 10**6), rare=BIG), 0.95),
                    option("--epsilon", unit(TINY), 0.95), option("--delta", unit(TINY)), option("--rho", unit(TINY)),
                    option("--m", size(rare=BIG), 0.4), option("--n", size(rare=BIG), 0.4), FORMAT, TABLEFMT))
@example(args=["lower-bound", "--rank-dim", "10", "--epsilon", "0.1", "--m", "3", "--n", "3"])
def test_lower_bound(args):
    check(args)


def _uniform(name: str, tiny=()):
    sizes = st.tuples(option("--m", size((1, 2, 10, 100, 5000), rare=BIG[:2]), 0.95),
                      option("--n", size((1, 2, 10, 100, 5000), rare=BIG[:2]), 0.95))
    target = st.tuples(option("--epsilon", unit(tiny), 0.95), option("--rho", SKEW, 0.6))
    either = st.one_of(sizes, target, st.tuples(sizes, target).map(lambda both: both[0] + both[1]))
    return command([name], class_options(), either.map(lambda parts: [token for part in parts for token in part]),
                   DELTA, FORMAT, TABLEFMT)


@EXAMPLES
@given(args=_uniform("uniform", TINY))
@example(args=["uniform", "--class", "growth", "--log-c1", "-100", "--m", "30", "--n", "10"])
@example(args=["uniform", "--class", "growth", "--log-c1", "-100", "--epsilon", "0.9999999999"])
@example(args=["uniform", "--class", "polynomial", "--d", "3", "--q", "2", "--epsilon", "1e-300"])
def test_uniform(args):
    check(args)


@EXAMPLES
@given(args=_uniform("freund"))  # a tiny target with --class growth takes seconds before it is refused
@example(args=["freund", "--class", "growth", "--log-c1", "-5", "--m", "2", "--n", "50"])
def test_freund(args):
    check(args)


@EXAMPLES
@given(args=command(["eem"], class_options(), option("--epsilon", unit(TINY), 0.95), DELTA, option("--rho", SKEW, 0.6),
               FORMAT, TABLEFMT))
@example(args=["eem", "--class", "linear", "--d", "5", "--epsilon", "1e-100"])
@example(args=["eem", "--class", "polynomial", "--d", "5", "--q", "1000000", "--epsilon", "0.3"])
def test_eem(args):
    check(args)


PSI_SIZES = mostly(text(["1", "2", "3", "5", "8", "1..4", "2..6", "3..3", "30"]),
                   st.sampled_from(["0", "-1", "0..3", "3..1", "1..", "..3", "1...3", "1..2..3", "1.5", "1e3", "٣",
                                    "1..x", ""] + MALFORMED), rare=(HUGE, "1.." + HUGE, "1" + "0" * 400))


@EXAMPLES
@given(args=st.one_of(
    command(["psi"], option("--m", PSI_SIZES, 0.95), option("--n", PSI_SIZES, 0.95), option("--log", st.just(""), 0.3)
            .map(lambda part: part[:1]), FORMAT, TABLEFMT),
    # brute force only where it is quick (3^(m·n) ≤ 3^10) or refused (m·n > 16)
    command(["psi", "--bruteforce"], option("--m", text([1, 2, 3, 20]), 0.95), option("--n", text([1, 2, 3, 10]), 0.95),
            option("--log", st.just(""), 0.1).map(lambda part: part[:1]), FORMAT),
))
@example(args=["psi", "--m", "1.." + HUGE, "--n", "1..3"])
@example(args=["psi", "--m", "1" + "0" * 400, "--n", "1"])
def test_psi(args):
    check(args)


@EXAMPLES
@given(args=command(["shatter"], class_options(), option("--m", size(rare=BIG), 0.95),
                    option("--n", size(rare=BIG), 0.95), option("--patterns", size(rare=BIG), 0.3), FORMAT, TABLEFMT))
@example(args=["shatter", "--class", "polynomial", "--d", "1" + "0" * 300, "--q", "2", "--m", "1000", "--n", "2"])
def test_shatter(args):
    check(args)


# --- coverage ----------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(args=st.one_of(
    command(["coverage"], option("--scenario", mostly(text(SCENARIOS), text(["normal", "", "Binormal"]))),
            option("--auc", UNIT), option("--m", size((1, 2, 3, 5, 10)), 0.95), option("--n", size((1, 2, 3, 5, 10)), 0.95),
            DELTA, option("--trials", mostly(text([1, 2, 5, 20]), NOT_COUNT), 0.95), methods(ALL_METHODS),
            option("--bootstrap-trials", mostly(text([1, 2, 3]), NOT_COUNT), 0.2),
            option("--resamples", mostly(text([1, 5, 20]), NOT_COUNT), 0.2),
            option("--seed", mostly(text([0, 1, 2**32 - 1, 2**64]), text(["-1", "1.5", "abc", ""])), 0.2),
            option("--out", text(["missing-dir/x.csv", "."]), 0.05), FORMAT, TABLEFMT),
    # --grid is refused with a stray option or a bad value before it runs
    command(["coverage", "--grid"], st.sampled_from([["--m", "5"], ["--scenario", "rating"], ["--auc", "0.7"],
                                                      ["--delta", "0.1"], ["--trials", "0"], ["--resamples", "-1"]]),
            FORMAT),
))
def test_coverage(args):
    check(args)


# --- plots ----------------------------------------------------------------------------------------


def _pair(name: str, good: str, bad: list[str]):
    """--name A B (two values), good or refused."""
    return option(name, mostly(st.just(good), text(bad), PLOT_BAD), 0.95).map(
        lambda part: part[:1] + part[1].split() if part else part)


#: Out of ten values of a plot option, the refused ones: most examples are refused before drawing, which is
#: where the error paths are; the few drawn ones are small.
PLOT_BAD = 3
PLOT_UNIT = mostly(text([0.05, 0.01, 0.1, 0.5]), NOT_UNIT, PLOT_BAD)
PLOT_SKEW = mostly(text(["1/2", "1/10", "0.25"]), st.sampled_from(["0", "1", "2/1", "1/0", "nan", "-1/2"] + MALFORMED),
                   PLOT_BAD)
PLOT_CLASS = st.sampled_from([[], ["--class", "line"], ["--class", "linear", "--d", "2"], ["--class", "finite",
                              "--size", "100"], ["--class", "growth", "--log-c1", "5"], ["--class", "svm"],
                              ["--class", "linear"], ["--d", "2"], ["--class", "line", "--d", "2"],
                              ["--class", "finite", "--size", "0"], ["--class", "growth", "--c2", "-1"]])


def _plot(name: str):
    """A plot command at cheap settings (or refused ones), written as SVG."""
    out = option("--out", mostly(text(["figure.svg"]), text(["figure.txt", "missing-dir/f.svg", "", "."]), PLOT_BAD),
                 0.95)
    data = option("--data", mostly(text(["figure.csv"]), text(["missing-dir/f.csv", "."]), PLOT_BAD), 0.2)
    sizes = _pair("--sizes", "2 10", ["0 10", "10 5", "1 1e13", "0.5 3", "abc 3", "1 nan", "1e13 1e13"])
    rhos = repeated("--rho", PLOT_SKEW, 2).map(lambda r: r or ["--rho", "1/2"])
    delta = option("--delta", PLOT_UNIT)
    parts = {
        "fig1": [delta, rhos, sizes],
        "fig2": [delta, option("--epsilon", PLOT_UNIT),
                 _pair("--rho-range", "0.1 0.9", ["0 0.5", "0.5 1", "0.9 0.1", "nan 0.5", "abc 0.5"])],
        "fig3": [delta, rhos, option("--max-size", mostly(text(["50", "1e2"]), text(["0", "1.5", "1e13", "abc"]),
                                                          PLOT_BAD), 0.95), PLOT_CLASS],
        "intervals": [option("--auc", mostly(text([0.9, 0.5, 0, 1]), text(["-0.1", "1.5", "nan", "abc"]), PLOT_BAD)),
                      delta, rhos, sizes, methods(["mcdiarmid", "hoeffding", "normal-max"]),
                      option("--p1", CLOSED, 0.2), option("--p2", CLOSED, 0.2)],
        "psi": [sizes],
        "sample-complexity": [delta, option("--rho", PLOT_SKEW),
                              _pair("--epsilon-range", "0.1 0.4", ["0 0.5", "0.5 1", "0.4 0.1", "abc 0.5"]), PLOT_CLASS],
        "shatter": [_pair("--sizes", "1 4", ["0 4", "4 1", "1 1e13", "a 4"]),
                    option("--trials", mostly(text([1]), NOT_COUNT, PLOT_BAD), 0.95),
                    option("--seed", mostly(text([0, 7]), text(["-1", "1.5", "abc"]), PLOT_BAD)),
                    PLOT_CLASS.filter(lambda part: "finite" not in part and "growth" not in part)],
        "regret": [option("--n", mostly(text([3, 5, 8]), text(["1", "0", "2001", "1.5", "abc"]), PLOT_BAD), 0.95),
                   repeated("--noise", mostly(text([0, 0.1, 0.5, 1]), text(["-0.1", "1.5", "nan", "abc"]), PLOT_BAD),
                            2),
                   repeated("--model", mostly(text(["flip", "close"]), text(["regular", "cycle", "Flip", ""]),
                                              PLOT_BAD), 2),
                   option("--trials", mostly(text([1, 2]), NOT_COUNT, PLOT_BAD), 0.95),
                   option("--seed", mostly(text([0, 7]), text(["-1", "1.5", "abc"]), PLOT_BAD))],
        "quicksort-calls": [_pair("--sizes", "2 40", ["0 10", "10 5", "1 10", "10 1e6", "a 4"]),
                            option("--seeds", mostly(text([2, 3]), text(["1", "0", "1001", "x"]), PLOT_BAD), 0.95),
                            option("--top", mostly(text([1, 5]), text(["0", "41", "-1", "x"]), PLOT_BAD))],
    }[name]
    return command(["plot", name], out, data, *parts)


@settings(max_examples=25, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(args=st.sampled_from(["fig1", "fig2", "fig3", "intervals", "psi", "sample-complexity", "shatter", "regret",
                             "quicksort-calls"]).flatmap(_plot))
@example(args=["plot", "fig1", "--out", "figure.svg", "--data", "figure.csv", "--rho", "1/2", "--sizes", "2", "10"])
@example(args=["plot", "psi", "--out", "figure.svg", "--data", "missing-dir/f.csv", "--sizes", "2", "10"])
@example(args=["plot", "fig2", "--out", "figure.svg", "--rho-range", "0.1", "0.9"])
@example(args=["plot", "fig3", "--out", "figure.svg", "--rho", "1/2", "--max-size", "50"])
@example(args=["plot", "intervals", "--out", "figure.svg", "--rho", "1/2", "--sizes", "2", "10"])
@example(args=["plot", "psi", "--out", "figure.svg", "--sizes", "2", "10"])
@example(args=["plot", "sample-complexity", "--out", "figure.svg", "--epsilon-range", "0.1", "0.4", "--class", "line"])
@example(args=["plot", "shatter", "--out", "figure.svg", "--sizes", "1", "4", "--trials", "1"])
@example(args=["plot", "regret", "--out", "figure.svg", "--n", "5", "--noise", "0.5", "--model", "flip", "--trials",
               "1"])
@example(args=["plot", "quicksort-calls", "--out", "figure.svg", "--sizes", "2", "40", "--seeds", "2", "--top", "5"])
def test_plot(args, tmp_path_factory):
    directory = tmp_path_factory.mktemp("plot")
    args = [str(directory / a) if a.startswith(("figure.", "missing-dir/")) else a for a in args]
    check(args)


@settings(max_examples=15, deadline=None, phases=PHASES)
@given(args=command(["plot", "all"], option("--out-dir", text(["", "figure.svg/x", "-"]), 0.7),
               option("--format", text(["jpg", "PNG", ""]), 0.5), option("--data", st.just("")).map(lambda p: p[:1])))
def test_plot_all_refusals(args):
    """Only refusals: drawing every figure takes seconds (the fuzzer draws them)."""
    if "--out-dir" in args and "--format" not in args and args[-1] != "--out-dir":
        args = args + ["--format", "jpg"]
    check(args)


# --- ranking through a pairwise classifier ---------------------------------------------------------

PREFERENCE_VALUES = st.sampled_from([0.0, 1.0, 0.0, 1.0, 0.5, 0.25, 0.75, 0.1])
BAD_VALUE = st.sampled_from(["1.5", "-0.1", "nan", "inf", "x", "", "١", "1_0", "0x1", "1e400", " ", "0.5.5", "2"])
BAD_ITEM = st.sampled_from(["-1", "1.5", "a", "", "1e3", HUGE, "99999", "٣", " 0 "])


@st.composite
def preference_file(draw) -> bytes:
    """An n×n matrix (CSV or TSV), a pairs file u,v,h, or .npy: consistent, or with one thing wrong."""
    kind = draw(st.sampled_from(["matrix", "pairs", "npy", "bytes"]))
    if kind == "bytes":
        return draw(st.binary(max_size=40))
    n = draw(st.integers(1, 6))
    h = np.zeros((n, n))
    for u in range(n):
        for v in range(u + 1, n):
            h[u, v] = draw(PREFERENCE_VALUES)
            h[v, u] = 1 - h[u, v]
    broken = draw(st.integers(0, 9)) < 3
    if kind == "npy":
        if broken:
            h = draw(st.sampled_from([h[:, :-1], h.astype(str), h + 0.1, -h, h[None], (h > 0.5)]))
        return _saved(h)
    cells = [[f"{x:g}" for x in row] for row in h]
    if kind == "matrix":
        if broken and n:
            u, v = draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1))
            change = draw(st.sampled_from(["value", "drop", "add-line", "add-field", "unbalance"]))
            if change == "value":
                cells[u][v] = draw(BAD_VALUE)
            elif change == "drop":
                cells[u] = cells[u][:-1]
            elif change == "add-line":
                cells.append(["0"] * n)
            elif change == "add-field":
                cells[u].append("0")
            elif u != v:
                cells[u][v] = f"{min(1.0, h[u, v] + 0.3):g}"
        sep = draw(st.sampled_from([",", "\t"]))
        lines = [sep.join(row) for row in cells]
    else:
        rows = [[str(u), str(v), f"{h[u, v]:g}"] for u in range(n) for v in range(n) if u < v]
        rows = [[row[1], row[0], f"{1 - float(row[2]):g}"] if draw(st.booleans()) else row for row in rows]
        if broken:
            change = draw(st.sampled_from(["item", "value", "drop", "repeat", "self", "fields"]))
            k = draw(st.integers(0, max(0, len(rows) - 1)))
            if change == "drop" and rows:
                del rows[k]
            elif change == "repeat" and rows:
                rows.append([rows[k][0], rows[k][1], draw(st.sampled_from(["0", "1", "0.5", rows[k][2]]))])
            elif change == "self":
                rows.append(["2", "2", "1"])
            elif change == "fields":
                rows.append(["0", "1"])
            elif rows:
                rows[k][0 if change == "item" else 2] = draw(BAD_ITEM if change == "item" else BAD_VALUE)
        lines = [draw(st.sampled_from(["u,v,h", "U, V, H", "u,v,h,x"]))] + [",".join(row) for row in rows]
    eol = draw(st.sampled_from(["\n", "\r\n"]))
    return (b"\xef\xbb\xbf" if draw(st.integers(0, 9)) == 0 else b"") + eol.join(lines).encode("utf-8")


#: A run through standard input about once in ten; the score column of a weighted file (sometimes the
#: weights or no column); --nan either way: what several commands' tests draw alike.
VIA_STDIN = st.integers(0, 9).map(lambda k: k == 0)
WEIGHTED_SCORE = option("--score", mostly(text(["score"]), text(["w", "nope"])), 0.95)
NAN_OPTION = option("--nan", mostly(text(["omit", "raise"]), text(["propagate"])), 0.3)


@settings(max_examples=80, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=preference_file(), via_stdin=VIA_STDIN,
       args=command([], option("--method", mostly(text(["degree", "quicksort"]), text(["borda", "", "Degree"])), 0.7),
                    option("--top", mostly(text([1, 2, 3]), NOT_COUNT | text([7, 10**6, HUGE])), 0.3),
                    option("--seed", mostly(text([0, 1, 2**64]), text(["-1", "1.5", "x"])), 0.3),
                    option("--ties", mostly(text(["index", "random"]), text(["worst", "best", ""])), 0.3),
                    FORMAT, TABLEFMT))
@example(data=b"u,v,h\n0,1,1\n1,2,1\n2,0,1\n", via_stdin=False, args=["--method", "degree", "--ties", "random"])
@example(data=b"0,1\n0,0\n", via_stdin=True, args=["--top", "3"])
@example(data=b"u,v,h\n0,99999999999999999999,1\n", via_stdin=False, args=[])
def test_rank(tmp_path_factory, data, via_stdin, args):
    if "--" in args:  # FILE comes first; the junk "--" would make an option of it no option
        args = [arg for arg in args if arg != "--"]
    if via_stdin:
        check(["rank", "-", *args], stdin=data)
        return
    suffix = "npy" if data.startswith(b"\x93NUMPY") else "csv"
    path = tmp_path_factory.getbasetemp() / f"preference{next(_files)}.{suffix}"
    path.write_bytes(data)
    check(["rank", str(path), *args])


TOURNAMENT_SIZES = mostly(text(["2", "3", "4", "5", "2..5", "3..4", "5..5"]),
                          st.sampled_from(["0", "1", "7", "1..7", "4..2", "x", "", "1.5", HUGE, "1.." + HUGE]))


@EXAMPLES
@given(args=st.one_of(
    command(["tournaments"], option("--n", TOURNAMENT_SIZES, 0.9),
            st.sampled_from([[], [], ["--feedback"], ["--no-feedback"]]),
            option("--epsilon", text(["1/2"]), 0.05), FORMAT, TABLEFMT),
    command(["tournaments", "--examples"],
            option("--n", mostly(text(["3", "5", "3..9", "4..8", "101"]), text(["2", "4", "3001", "3..3000", "0"])),
                   0.8),
            repeated("--epsilon", mostly(text(["1/2", "1/3", "1/4", "0.5", "2/3"]),
                                         text(["0", "1", "2/1", "0.123", "1/1000", "abc", ""])), 2),
            st.sampled_from([[]] * 6 + [["--feedback"], ["--no-feedback"]]), FORMAT, TABLEFMT),
))
@example(args=["tournaments", "--n", "1.." + HUGE])
@example(args=["tournaments", "--examples", "--n", "3", "--epsilon", "1/10"])
def test_tournaments(args):
    check(args)


REGRET_SIZES = {"flip": (2, 3, 5, 8, 30), "close": (2, 4, 9, 30), "regular": (3, 5, 9, 31), "cycle": (3,)}


@st.composite
def regret_args(draw):
    model = draw(mostly(text(list(REGRET_SIZES)), text(["Flip", "borda", ""]), 1))
    parts = [["--model", model]] if draw(st.booleans()) or model not in REGRET_SIZES else []
    sizes = REGRET_SIZES.get(model, (3,))
    parts.append(draw(option("--n", mostly(text(sizes), text(["1", "0", "4", "2001", "1.5", HUGE, "x"])),
                             0.6 if model != "cycle" else 0.2)))
    parts.append(draw(option("--noise", mostly(text([0, 0.1, 0.5, 1]), NOT_UNIT | text(["1.5", "-0.1"])), 0.3)))
    parts.append(draw(option("--scale", mostly(text([0.1, 1, 1e300]), text(["0", "-1", "inf", "nan", "x"])), 0.15)))
    parts.append(draw(option("--positives", mostly(text([1, 2]), NOT_COUNT | text([30, 10**6])), 0.2)))
    parts.append(draw(option("--trials", mostly(text([1, 2, 3]), NOT_COUNT | text([10**7, HUGE])), 0.95)))
    parts.append(draw(option("--runs", mostly(text([2, 3]), text(["1", "0", "1001", "x"])), 0.4)))
    parts.append(draw(option("--seed", mostly(text([0, 1, 2**64]), text(["-1", "1.5", "x"])), 0.2)))
    parts += [draw(FORMAT), draw(TABLEFMT), draw(JUNK)]
    parts = draw(st.permutations([part for part in parts if part]))
    return ["regret"] + [token for part in parts for token in part]


@EXAMPLES
@given(args=regret_args())
@example(args=["regret", "--model", "cycle", "--trials", "2", "--noise", "0.1"])
@example(args=["regret", "--model", "regular", "--n", "4", "--trials", "1"])
@example(args=["regret", "--n", "2", "--trials", "2", "--runs", "2"])
@example(args=["regret", "--trials", "10000000"])
def test_regret(args):
    check(args)


OPTIMAL_JUNK = st.sampled_from([[]] * 12 + [["--bogus", "1"], ["stray"], ["--help"], ["--format"], ["--"]])
MASSES = mostly(text(["0.2,0.3,0.5", "0.5,0.3,0.2", "1/3,1/3,1/3", "0.1,0.2,0.3,0.4", "1,0,0", "0,0,1", "0.25,0.25,0.5",
                      "1e-300,0.5,0.5-1e-300"]),
                text(["0.5,0.6", "1.5,-0.5,0", "0.2,0.3", "", ",", "x,y", "1/0,1", "nan,0.5,0.5", "inf,0,0",
                      "0.2;0.3;0.5", "0,0,0", "1", ",".join(["1/151"] * 151), "1e309,0,0", HUGE + ",0,0"]), 3)


@EXAMPLES
@given(args=st.one_of(
    command(["optimal", "steps"],
            option("--K", mostly(text(["1", "2", "3", "1..4", "5", "2..3"]),
                                 text(["0", "26", "1..26", "4..2", "1.5", "x", "", "-1", HUGE, "1.." + HUGE]),
                                 rare=("11", "8..9")), 0.9),
            option("--separation", mostly(text([2, 1, 3, "2.0", 10]),
                                          text(["0", "-1", "nan", "inf", "1e-300", "0.5", "101", "1e309", "x", ""])),
                   0.4),
            option("--starts", mostly(text([1, 2, 8]), text(["0", "1001", "1.5", "x"])), 0.2),
            option("--seed", mostly(text([0, 1, 2**64]), text(["-1", "1.5", "x"])), 0.2),
            option("--digits", mostly(text([1, 4, 15]), text(["0", "16", "x"])), 0.2), FORMAT, TABLEFMT, OPTIMAL_JUNK),
    command(["optimal", "bayes"],
            option("--separation", mostly(text([2, 0.5, 1e-300, 1e6]), text(["0", "-1", "nan", "1e309", "x"])), 0.3),
            *[option(name, mostly(text([0, 1, -1, 2.5, 1e-300, -1e300, 1e300]), text(["nan", "inf", "1e309", "x"])), 0.4)
              for name in ("--pos-mean", "--neg-mean")],
            *[option(name, mostly(text([1, 2, 0.5, 1e-300, 1e300]), text(["0", "-1", "nan", "inf", "x"])), 0.4)
              for name in ("--pos-sd", "--neg-sd")], FORMAT, TABLEFMT, OPTIMAL_JUNK),
    command(["optimal", "discrete"], option("--pos", MASSES, 0.95), option("--neg", MASSES, 0.95),
            repeated("--loss", mostly(text(["hinge", "exponential", "logistic", "squared-hinge"]),
                                      text(["Hinge", "square", ""])), 3), FORMAT, TABLEFMT, OPTIMAL_JUNK),
))
@example(args=["optimal", "steps", "--K", "25", "--starts", "1"])
@example(args=["optimal", "bayes", "--pos-mean", "1e300", "--neg-mean", "-1e300", "--pos-sd", "1e-300"])
@example(args=["optimal", "bayes", "--pos-sd", "1e300", "--neg-sd", "1e-300"])
@example(args=["optimal", "discrete", "--pos", "1e-300,0.5,0.5-1e-300", "--neg", "0.5,0.5,0", "--loss", "logistic"])
@example(args=["optimal", "discrete", "--pos", "1e309,0,0", "--neg", "0.5,0.6"])  # once an OverflowError
def test_optimal(args):
    check(args)


# --- data files ----------------------------------------------------------------------------------

SCORE_TEXT = st.one_of(
    st.floats(-1e6, 1e6, allow_nan=False).map(lambda x: f"{x:.6g}"),
    st.integers(-5, 5).map(str),
    st.sampled_from(["nan", "inf", "-inf", "١٢", "1_000", "", " ", "0x10", "1e", "5e-324", "1e400", HUGE,
                     "1" + "0" * 400, '"0.5"', "abc", "9" * 140_000]),
)
LABEL_TEXT = st.sampled_from(["0", "1", "0", "1", "2", "Poor", "Good", "true", "false", "-1", "", "nan", "١", "1.0",
                              str(2**64), "x" * 140_000])


@st.composite
def text_file(draw) -> bytes:
    """CSV or TSV: a header (or none), rows of score, s2, label; BOM and CRLF sometimes."""
    sep = draw(st.sampled_from([",", "\t"]))
    eol = draw(st.sampled_from(["\n", "\r\n"]))
    labels = draw(st.sampled_from([["0", "1"], ["Poor", "Good"], ["true", "false"], ["-1", "1"]]))
    clean = st.tuples(st.floats(-10, 10).map(lambda x: f"{x:.4g}"), st.floats(-10, 10).map(lambda x: f"{x:.4g}"),
                      st.sampled_from(labels))
    dirty = st.tuples(SCORE_TEXT, SCORE_TEXT, LABEL_TEXT)
    rows = draw(st.lists(mostly(clean, dirty), max_size=12))
    header = draw(st.sampled_from([["score", "s2", "label"], None, ["score", "score", "label"], ["score", "s2"]]))
    lines = ([sep.join(header)] if header else []) + [sep.join(row) for row in rows]
    body = eol.join(lines) + (eol if draw(st.booleans()) else "")
    return (b"\xef\xbb\xbf" if draw(st.booleans()) else b"") + body.encode("utf-8")


def _saved(array, pickle=False) -> bytes:
    stream = io.BytesIO()
    np.save(stream, array, allow_pickle=pickle)
    return stream.getvalue()


def _zipped(**arrays) -> bytes:
    stream = io.BytesIO()
    np.savez(stream, **arrays)
    return stream.getvalue()


@st.composite
def numpy_file(draw) -> bytes:
    """.npy or .npz: good, odd-shaped, odd-typed, pickled, truncated or corrupt."""
    rows = draw(st.integers(0, 8))
    values = np.array(draw(st.lists(st.sampled_from([0.1, 0.7, -2.0, 3.5, np.nan, np.inf, 1e308, 5e-324]),
                                    min_size=rows * 3, max_size=rows * 3)), dtype=float).reshape(rows, 3)
    labels = np.array(draw(st.lists(st.sampled_from([0, 1, 1, 0, 2]), min_size=rows, max_size=rows)), dtype=int)
    table = np.column_stack([values[:, :2], labels]) if rows else np.zeros((0, 3))
    kind = draw(st.sampled_from(["2d", "struct", "npz", "0d", "1d", "3d", "object", "object-npz", "complex", "text",
                                 "truncated", "zip-garbage", "npz-ragged", "npz-0d", "datetime"]))
    if kind == "2d":
        return _saved(table)
    if kind == "struct":
        array = np.zeros(rows, dtype=[("score", "f8"), ("s2", "f8"), ("label", "i8")])
        array["score"], array["s2"], array["label"] = values[:, 0], values[:, 1], labels
        return _saved(array)
    if kind == "npz":
        return _zipped(score=values[:, 0], s2=values[:, 1], label=labels)
    if kind == "0d":
        return _saved(np.array(1.0))
    if kind == "1d":
        return _saved(values[:, 0])
    if kind == "3d":
        return _saved(np.zeros((2, 2, 3)))
    if kind == "object":
        return _saved(np.array([[0.5, 1], [0.2, 0]], dtype=object), pickle=True)
    if kind == "object-npz":
        return _zipped(score=np.array([0.5, "x"], dtype=object), s2=np.array([1.0, 2.0]), label=np.array([1, 0]))
    if kind == "complex":
        return _saved(table.astype(complex))
    if kind == "text":
        return _saved(table.astype(str))
    if kind == "truncated":
        data = _saved(table)
        return data[: draw(st.integers(0, len(data) - 1))]
    if kind == "zip-garbage":
        return b"PK\x03\x04" + draw(st.binary(max_size=64))
    if kind == "npz-ragged":
        return _zipped(score=values[:, 0], s2=values[: rows // 2, 1], label=labels)
    if kind == "npz-0d":
        return _zipped(score=np.array(1.0), s2=np.array(2.0), label=np.array(1))
    return _saved(np.zeros(rows, dtype=[("score", "M8[s]"), ("s2", "f8"), ("label", "i8")]))


DATA = st.one_of(text_file(), numpy_file(), st.binary(max_size=64))
COLUMN = mostly(text(["score", "s2", "0", "1"]), text(["2", "label", "nope", "", "-1", "99", "١", " score", HUGE]))
LABEL = mostly(text(["label", "2"]), text(["score", "nope", "", "9", "-1"]))
POSITIVE = option("--positive", text(["1", "0", "Poor", "Good", "true", "-1", "2", "", "nan", "1.0", str(2**64), "١"]))

_files = itertools.count()


def _data_run(directory, data: bytes, name: str, args: list[str], via_stdin: bool):
    """`aucbound NAME FILE ARGS` with `data` written to FILE, or piped to FILE '-'."""
    if "--" in args:  # FILE comes first; the junk "--" would make an option of it no option
        args = [arg for arg in args if arg != "--"]
    if via_stdin:
        return check([name, "-", *args], stdin=data)
    suffix = "npy" if data.startswith(b"\x93NUMPY") else "csv"
    path = directory / f"data{next(_files)}.{suffix}"
    path.write_bytes(data)
    return check([name, str(path), *args])


#: Files that are hard to read, each with the columns to ask for.
AWKWARD = [
    b"score,s2,label\n0.1,0.2,0\n\xd9\xa1\xd9\xa2,0.1,1\n0.3,0.3,1\n",  # an Arabic-Indic score
    b"score,s2,label\n0.1,0.2,0\n1_000,0.1,1\n0.3,0.3,1\n",
    b"score,s2,label\n0.1,0.2,0\n" + b"9" * 140_000 + b",0.1,1\n0.3,0.3,1\n",  # beyond the csv field limit
    _zipped(score=np.array([0.5, "x"], dtype=object), s2=np.array([1.0, 2.0]), label=np.array([1, 0])),
    b"\x93NUMPY\x01\x00\x20\x00{'descr': '<f8', 'shape': (}    \n",  # a garbled .npy header
    b"PK\x03\x04" + b"\x00" * 32,  # a zip that is not one
    _zipped(),  # an .npz of no arrays
]


@settings(max_examples=120, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=DATA, via_stdin=VIA_STDIN,
       args=command([], option("--score", COLUMN, 0.95), option("--label", LABEL, 0.95), POSITIVE, DELTA,
                    option("--bootstrap", mostly(text([1, 5, 20]), NOT_COUNT), 0.15),
                    option("--seed", mostly(text([0, 1, 2**32]), text(["-1", "1.5", "x"])), 0.1),
                    methods(ALL_METHODS), FORMAT, TABLEFMT))
@example(data=AWKWARD[0], via_stdin=False, args=["--score", "score", "--label", "label"])
@example(data=AWKWARD[1], via_stdin=False, args=["--score", "score", "--label", "label"])
@example(data=AWKWARD[2], via_stdin=False, args=["--score", "score", "--label", "label"])
@example(data=AWKWARD[3], via_stdin=True, args=["--score", "score", "--label", "label"])
@example(data=AWKWARD[4], via_stdin=False, args=["--score", "0", "--label", "1"])
@example(data=AWKWARD[5], via_stdin=False, args=["--score", "score", "--label", "label"])
@example(data=AWKWARD[6], via_stdin=False, args=["--score", "score", "--label", "label"])
def test_auc(tmp_path_factory, data, via_stdin, args):
    _data_run(tmp_path_factory.getbasetemp(), data, "auc", args, via_stdin)


@settings(max_examples=100, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=DATA, via_stdin=VIA_STDIN,
       args=command([], repeated("--score", COLUMN, 3).filter(bool) | st.just(["--score", "score", "--score", "s2"]),
                    option("--label", LABEL, 0.95), POSITIVE, DELTA, methods(COMPARE_METHODS), FORMAT, TABLEFMT))
@example(data=AWKWARD[0], via_stdin=False, args=["--score", "score", "--score", "s2", "--label", "label"])
@example(data=AWKWARD[3], via_stdin=False, args=["--score", "score", "--score", "s2", "--label", "label"])
@example(data=AWKWARD[5], via_stdin=True, args=["--score", "score", "--score", "s2", "--label", "label"])
def test_compare(tmp_path_factory, data, via_stdin, args):
    _data_run(tmp_path_factory.getbasetemp(), data, "compare", args, via_stdin)


@pytest.mark.parametrize("args", [[], ["--help"], ["--version"], ["-V"], ["nope"], ["plot", "nope"], ["Interval"],
                                  ["interval", "stray"], ["--bogus"], ["plot", "--help"]])
def test_top_level(args):
    if args == []:  # a group with no arguments shows its help on stderr, as click does
        assert RUNNER.invoke(main, [], prog_name="aucbound").exit_code == 2
        return
    check(args)


SIZES_TEXT = mostly(text(["20,40", "20", "5,10,15", "30"]), text(["0", "a,b", "", ",", "100001", "20;40", "-5", HUGE]))


@EXAMPLES
@given(args=st.one_of(
    command(["experiment", "fig4"], option("--m", SIZES_TEXT, 0.9), option("--n", SIZES_TEXT, 0.9),
            option("--trials", mostly(text([1, 2]), text(["0", "1001", "x", "1.5"])), 0.9),
            option("--seed", mostly(text([0, 1, 2**64]), text(["-1", "x"])), 0.3), FORMAT, TABLEFMT, OPTIMAL_JUNK),
    command(["experiment", "rankboost-normal"],
            option("--size", mostly(text([2, 50, 200]), text(["0", "1", "x", "1000001"])), 0.95),
            option("--rounds", mostly(text([21, 30]), text(["0", "20", "x"])), 0.95),
            option("--alpha", mostly(text(["bound", "exact"]), text(["Exact", ""])), 0.3),
            option("--selection", mostly(text(["random", "best"]), text(["worst"])), 0.3), FORMAT, TABLEFMT,
            OPTIMAL_JUNK),
    command(["experiment", "losses"],
            option("--size", mostly(text([2, 20, 60]), text(["0", "1", "x", "100001"])), 0.95),
            option("--rounds", mostly(text([1, 5, 20]), text(["0", "x", "-3"])), 0.95),
            option("-p", mostly(text([1, 2, 10]), text(["0", "101", "x"])), 0.5),
            option("--selection", mostly(text(["random", "best"]), text(["worst"])), 0.3), FORMAT, TABLEFMT,
            OPTIMAL_JUNK),
))
@example(args=["experiment", "losses", "--size", "2", "--rounds", "3", "-p", "1"])
@example(args=["experiment", "fig4", "--m", "1", "--n", "1", "--trials", "1"])
def test_experiment(args):
    check(args)


PARTIAL = mostly(text(["0.9,1", "1,0.9", "0,0.5", "0,1"]), text(["0.9", "1,1", "0.5,1.5", "a,b", "", ",", "-1,0"]))
SPECIFICITY = mostly(text(["0.9", "0", "1", "0.5"]), text(["1.5", "-0.1", "nan", "x", ""]))


@settings(max_examples=80, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=DATA, via_stdin=VIA_STDIN,
       args=command([], option("--score", COLUMN, 0.95), option("--label", LABEL, 0.95), POSITIVE, DELTA,
                    option("--partial", PARTIAL, 0.95), option("--focus", mostly(text(["sp", "se"]), text(["x"])), 0.4),
                    st.sampled_from([[], [], ["--correct"]]),
                    option("--bootstrap", mostly(text([1, 5, 20]), NOT_COUNT), 0.9), FORMAT, TABLEFMT))
@example(data=AWKWARD[0], via_stdin=False, args=["--score", "score", "--label", "label", "--partial", "0.9,1"])
def test_auc_partial(tmp_path_factory, data, via_stdin, args):
    _data_run(tmp_path_factory.getbasetemp(), data, "auc", args, via_stdin)


@settings(max_examples=80, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=DATA, via_stdin=VIA_STDIN,
       args=command([], option("--score", COLUMN, 0.95), option("--label", LABEL, 0.95), POSITIVE, DELTA,
                    st.one_of(repeated("--specificity", SPECIFICITY, 2), repeated("--sensitivity", SPECIFICITY, 2)),
                    option("--best", mostly(text(["youden", "closest-topleft"]), text(["f1"])), 0.2),
                    option("--bootstrap", mostly(text([1, 5, 20]), NOT_COUNT), 0.9), FORMAT, TABLEFMT))
@example(data=AWKWARD[0], via_stdin=False, args=["--score", "score", "--label", "label", "--specificity", "0.5"])
def test_roc(tmp_path_factory, data, via_stdin, args):
    _data_run(tmp_path_factory.getbasetemp(), data, "roc", args, via_stdin)


# --- power and sample size ----------------------------------------------------------------------

POWER_AUC = mostly(text([0.6, 0.73, 0.9, 0.99]), text(["0.5", "1", "0.3", "0", "nan", "inf", "abc", ""]),
                   rare=("0.5000000001", "0.9999999999"))
POWER_SIZE = mostly(text([1, 2, 10, 41, 72, 29.3]), text(["0", "-1", "inf", "nan", "1e309", "abc", "", HUGE + "x"]),
                    rare=("1e-300", "5e-324", "1e300", "1e15"))
POWER_KAPPA = mostly(text([1, 1.7, 0.25, 4]), text(["0", "-1", "inf", "nan", "abc"]), rare=("1e-300", "1e300", "1e-320"))
POWER_SHARED = (option("--kappa", POWER_KAPPA, 0.3), option("--sig-level", unit(TINY), 0.4),
                option("--power", unit(("0.9999999999", "1e-300")), 0.5),
                option("--alternative", mostly(text(["two-sided", "one-sided", "greater", "less"]), text(["above", ""])),
                       0.2),
                FORMAT, TABLEFMT)
#: The null's AUC and a non-inferiority margin (with one curve the margin is a usage error).
POWER_AUC0 = mostly(text([0.5, 0.7, 0.3, 0.9]), text(["0", "1", "nan", "-0.1", "abc", ""]), rare=("1e-300", "5e-324",
                                                                                                    "0.9999999999"))
POWER_MARGIN = mostly(text([0, 0.05, 0.1]), text(["1", "-0.1", "nan", "abc"]), rare=("0.9999999999", "5e-324"))
POWER_NULL = (option("--auc0", POWER_AUC0, 0.3), option("--margin", POWER_MARGIN, 0.1))


@EXAMPLES
@given(args=command(["power"], option("--auc", POWER_AUC, 0.7), option("--ncases", POWER_SIZE, 0.5),
                    option("--ncontrols", POWER_SIZE, 0.3), *POWER_SHARED, *POWER_NULL,
                    option("--score", text(["s100b"]), 0.05), option("--method", text(["delong"]), 0.05)))
@example(args=["power", "--auc", "0.9999999999", "--power", "0.9999999999", "--sig-level", "1e-300"])
@example(args=["power", "--auc0", "5e-324", "--ncases", "10", "--power", "0.9", "--alternative", "less"])
@example(args=["power", "--auc", "0.3", "--auc0", "0.9999999999", "--ncases", "10", "--alternative", "greater"])
@example(args=["power", "--auc", "0.73", "--ncases", "1e300", "--power", "0.9"])
@example(args=["power", "--ncases", "5e-324", "--power", "0.9"])
def test_power(args):
    check(args)


@settings(max_examples=60, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=DATA, via_stdin=VIA_STDIN,
       args=command([], repeated("--score", COLUMN, 3).filter(bool) | st.just(["--score", "score", "--score", "s2"]),
                    option("--label", LABEL, 0.95), POSITIVE, option("--ncases", POWER_SIZE, 0.2),
                    option("--auc", POWER_AUC, 0.05),
                    option("--method", mostly(text(["delong", "obuchowski"]), text(["bootstrap", ""])), 0.3),
                    *POWER_SHARED, *POWER_NULL))
@example(data=AWKWARD[0], via_stdin=False, args=["--score", "score", "--score", "s2", "--label", "label"])
@example(data=b"score,s2,label\n1,2,0\n2,1,1\n3,3,0\n4,4,1\n", via_stdin=False,
         args=["--score", "score", "--score", "s2", "--label", "label", "--method", "obuchowski"])
def test_power_data(tmp_path_factory, data, via_stdin, args):
    _data_run(tmp_path_factory.getbasetemp(), data, "power", args, via_stdin)


# --- the data functions, with the bench fuzzer's inputs ------------------------------------------


def _bench(name: str):
    """bench/NAME.py as a module (bench/ is no package)."""
    import importlib.util
    import sys
    from pathlib import Path

    if name in sys.modules:
        return sys.modules[name]
    path = Path(__file__).resolve().parent.parent / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@settings(max_examples=200, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1))
def test_data_functions(seed):
    """One call of a data function with the fuzzer's inputs — lists, numpy arrays of every
    dtype, object arrays, pandas nullable Series, arrays and indexes with missing values,
    shapes that are no column — answered, or refused with aucbound's own error; never
    another exception, a raw warning, a NaN, an AUC outside [0, 1], an interval without its
    estimate, or an AUC other than the count of the pairs (bench/fuzz_library.py)."""
    import random

    library, draw = _bench("fuzz_library"), _bench("fuzz_cli").Draw(random.Random(seed), 0.0)
    case = library.make_case(draw, quick=True)
    outcome = library.evaluate(case)
    assert outcome["status"] in ("ok", "refused", "invalid"), f"{case.code}\n{outcome['detail']}"
    assert not outcome["warnings"], f"{case.code}\n{outcome['warnings']}"
    assert not outcome["problems"], f"{case.code}\n{outcome['problems']}"


#: Probabilities and skews at the ends of (0, 1), and ranges of them.
ENDS = ["1e-300", "5e-324", "1e-150", "1e-17", "0.9999999999999999", "1e-100"]
RANGE_ENDS = [["1e-300", "1e-299"], ["1e-155", "0.5"], ["1e-300", "0.9999999999999999"],
              ["0.9999999999999998", "0.9999999999999999"], ["5e-324", "1e-323"]]


@settings(max_examples=20, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(args=st.one_of(
    st.tuples(st.just(["plot", "sample-complexity"]), st.sampled_from(RANGE_ENDS).map(lambda r: ["--epsilon-range", *r]),
              option("--delta", text(ENDS)), option("--rho", text(ENDS + ["1/1000000"]))),
    st.tuples(st.just(["plot", "fig2"]), option("--rho-range", st.sampled_from([" ".join(r) for r in RANGE_ENDS])),
              option("--epsilon", text(ENDS)), option("--delta", text(ENDS))),
    st.tuples(st.just(["plot", "fig3"]), option("--rho", text(ENDS), 0.9), option("--delta", text(ENDS)),
              option("--max-size", text(["100", "1e12"]), 0.3)),
    st.tuples(st.just(["plot", "fig1"]), option("--rho", text(ENDS)), option("--delta", text(ENDS)),
              st.just(["--sizes", "10", "100"])),
).map(lambda parts: [token for part in parts for token in (part if part[:1] != ["--rho-range"] else
                                                            [part[0], *part[1].split()])]))
@example(args=["plot", "sample-complexity", "--epsilon-range", "1e-155", "0.5"])
@example(args=["plot", "fig3", "--rho", "1e-17"])
def test_plots_at_the_ends_of_their_ranges(args, tmp_path_factory):
    check(args + ["--out", str(tmp_path_factory.mktemp("ends") / "figure.svg")])


def test_the_bench_fuzzer_runs(tmp_path):
    """bench/fuzz_cli.py end to end on a few command lines and calls, each in its own process."""
    import json

    fuzz = _bench("fuzz_cli")
    fuzz.main(["--runs", "8", "--seed", "3", "--jobs", "2", "--commands", "interval,call", "--workdir", str(tmp_path),
               "--out", str(tmp_path / "report.json"), "--slowest", "2"])
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["runs"] == 8 and report["findings"] == [], report["findings"]
    assert set(report["rules"]["all"]) == {"tracebacks", "raw warnings", "over 30 s without progress",
                                           "peak RSS over 4 GB"}


# --- aucbound multiclass -------------------------------------------------------------------------

MULTICLASS_METHODS = ["delong", "mcdiarmid", "bootstrap-percentile", "bootstrap-bca"]


@st.composite
def class_file(draw) -> bytes:
    """CSV: labels of 2 to 4 classes (sometimes missing or odd) and score columns A, B, C, x."""
    classes = draw(st.sampled_from([["A", "B", "C"], ["A", "B"], ["A", "B", "C", "D"], ["0", "1", "2"]]))
    clean = st.tuples(st.sampled_from(classes), *[st.integers(0, 5).map(str)] * 4)
    dirty = st.tuples(LABEL_TEXT, SCORE_TEXT, SCORE_TEXT, SCORE_TEXT, SCORE_TEXT)
    rows = draw(st.lists(mostly(clean, dirty, 1), max_size=20))
    return ("y,A,B,C,x\n" + "".join(",".join(row) + "\n" for row in rows)).encode()


CLASS_COLUMN = mostly(text(["A", "B", "C", "x"]), text(["y", "nope", "", "9", "D"]))


@settings(max_examples=80, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.one_of(class_file(), class_file(), DATA), via_stdin=VIA_STDIN,
       args=command([], repeated("--score", CLASS_COLUMN, 4).filter(bool)
                    | st.just(["--score", "A", "--score", "B", "--score", "C"]),
                    option("--label", mostly(text(["y"]), text(["A", "nope", "", "label"])), 0.95),
                    repeated("--class", mostly(text(["A", "B", "C", "0", "1"]), text(["Z", "", "nan"])), 3),
                    option("--kind", mostly(text(["hand-till", "ovr", "ovo"]), text(["OvR", "", "micro"])), 0.4),
                    option("--average", mostly(text(["macro", "weighted"]), text(["micro", ""])), 0.4),
                    option("--bootstrap", mostly(text([1, 5, 20]), NOT_COUNT), 0.2),
                    option("--seed", mostly(text([0, 1]), text(["-1", "x"])), 0.1),
                    methods(MULTICLASS_METHODS), DELTA, FORMAT, TABLEFMT,
                    # case weights: x holds whole numbers 0-5 (or worse), the other columns are no weights
                    option("--weight", mostly(text(["x"]), text(["A", "y", "nope", ""])), 0.25),
                    option("--weight-kind", mostly(text(["frequency", "sampling"]), text(["Frequency", ""])), 0.3)))
@example(data=b"y,A,B,C,x\nA,1,0,0,1\nB,0,1,0,2\nC,0,0,1,3\nA,2,1,0,1\n", via_stdin=False,
         args=["--score", "A", "--score", "B", "--score", "C", "--label", "y"])
def test_multiclass(tmp_path_factory, data, via_stdin, args):
    _data_run(tmp_path_factory.getbasetemp(), data, "multiclass", args, via_stdin)


# --- case weights (--weight, --weight-kind) -----------------------------------------------------------

WEIGHT_TEXT = mostly(st.sampled_from(["1", "2", "0", "0.5", "3", "1e-300", "2.0"]),
                     st.sampled_from(["-1", "", "nan", "inf", "abc", "1e309", HUGE, "NA", "-0"]))


@st.composite
def weighted_file(draw) -> bytes:
    """CSV rows of score, w, label: case weights good and bad."""
    clean = st.tuples(st.floats(-10, 10).map(lambda x: f"{x:.4g}"), WEIGHT_TEXT, st.sampled_from(["0", "1"]))
    rows = draw(st.lists(mostly(clean, st.tuples(SCORE_TEXT, WEIGHT_TEXT, LABEL_TEXT)), max_size=12))
    return ("score,w,label\n" + "".join(",".join(row) + "\n" for row in rows)).encode()


WEIGHT = option("--weight", mostly(text(["w"]), text(["score", "label", "nope", "", "9", "1"])), 0.95)
WEIGHT_KIND = option("--weight-kind", mostly(text(["frequency", "sampling"]), text(["Frequency", "", "counts"])), 0.8)


@settings(max_examples=80, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=weighted_file(), via_stdin=VIA_STDIN,
       args=command([], WEIGHTED_SCORE,
                    option("--label", LABEL, 0.95), WEIGHT, WEIGHT_KIND, DELTA,
                    NAN_OPTION,
                    option("--partial", PARTIAL, 0.2), option("--bootstrap", text([5]), 0.05),
                    methods(ALL_METHODS), FORMAT, TABLEFMT))
@example(data=b"score,w,label\n0.1,1,0\n0.2,0.5,1\n0.3,2,0\n0.4,,1\n", via_stdin=False,
         args=["--score", "score", "--label", "label", "--weight", "w", "--weight-kind", "frequency"])
def test_auc_weighted(tmp_path_factory, data, via_stdin, args):
    _data_run(tmp_path_factory.getbasetemp(), data, "auc", args, via_stdin)


@settings(max_examples=60, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=weighted_file(), via_stdin=VIA_STDIN,
       args=command([], WEIGHTED_SCORE,
                    option("--label", LABEL, 0.95), WEIGHT,
                    NAN_OPTION,
                    option("--best", mostly(text(["youden", "closest-topleft"]), text(["f1"])), 0.3),
                    option("--specificity", SPECIFICITY, 0.1), FORMAT, TABLEFMT))
def test_roc_weighted(tmp_path_factory, data, via_stdin, args):
    _data_run(tmp_path_factory.getbasetemp(), data, "roc", args, via_stdin)


# --- precision–recall ------------------------------------------------------------------------------

PR_ESTIMATOR = mostly(text(["average-precision", "lower-trapezoid", "interpolated-median", "trapezoid"]),
                      text(["auc", ""]))


@settings(max_examples=60, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=DATA, via_stdin=VIA_STDIN,
       args=command([], option("--score", COLUMN, 0.95), option("--label", LABEL, 0.95), POSITIVE, DELTA,
                    option("--estimator", PR_ESTIMATOR, 0.3),
                    st.sampled_from([[], [], ["--curve"], ["--curve", "--drop-intermediate"], ["--drop-intermediate"]]),
                    option("--bootstrap", mostly(text([0, 1, 5, 20]), NOT_COUNT), 0.9),
                    option("--seed", mostly(text([0, 1, 2**32]), text(["-1", "1.5", "x"])), 0.1), FORMAT, TABLEFMT))
@example(data=AWKWARD[0], via_stdin=False, args=["--score", "score", "--label", "label", "--bootstrap", "5"])
def test_pr(tmp_path_factory, data, via_stdin, args):
    _data_run(tmp_path_factory.getbasetemp(), data, "pr", args, via_stdin)


# --- compare: unpaired samples (two files, --group), k curves, --alternative and --margin ------------

ALTERNATIVE = option("--alternative", mostly(text(["two-sided", "greater", "less", "equivalence"]),
                                             text(["Greater", "", "two.sided"])), 0.5)
MARGIN = option("--margin", mostly(text(["0", "0.05", "0.5", "0.99"]), text(["-0.1", "1", "nan", "x", HUGE])), 0.4)
GROUP = option("--group", mostly(text(["label", "s2", "2"]), text(["score", "nope", "", "-1"])), 0.4)
# pROC's resampled tests: --method bootstrap|venkatraman|specificity|sensitivity and their settings (few resamples)
RESAMPLED_TESTS = st.tuples(
    option("--method", mostly(text(["bootstrap", "venkatraman", "specificity", "sensitivity"]),
                              text(["Bootstrap", "venkatraman ", "boot"])), 0.4),
    option("--bootstrap", mostly(text(["1", "2", "5", "30"]), text(["0", "-1", HUGE, "x", "1e9"])), 0.6),
    option("--seed", mostly(text(["0", "7"]), text(["-1", HUGE, "x"])), 0.3),
    st.sampled_from([[], [], [], ["--unstratified"], ["--correct"]]),
    option("--partial", mostly(text(["0.8,1", "0,0.5"]), text(["1,1", "0.5", "x,y", "2,3", ""])), 0.2),
    option("--focus", mostly(text(["sp", "se"]), text(["x", ""])), 0.15),
    option("--specificity", mostly(text(["0.5", "0.9", "0", "1"]), text(["1.5", "nan", "-0"])), 0.3),
    option("--sensitivity", mostly(text(["0.5", "0.9"]), text(["2", "inf"])), 0.2),
    option("--workers", mostly(text(["1", "2", "-1"]), text(["0", "x"])), 0.1),
).map(lambda parts: [token for part in parts for token in part])


@settings(max_examples=100, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=DATA, second=st.none() | DATA, via_stdin=VIA_STDIN,
       args=command([], repeated("--score", COLUMN, 4).filter(bool), option("--label", LABEL, 0.95), GROUP,
                    ALTERNATIVE, MARGIN, POSITIVE, DELTA, methods(COMPARE_METHODS), FORMAT, RESAMPLED_TESTS))
@example(data=b"score,s2,label\n1,2,0\n2,1,1\n3,3,0\n4,0,1\n", second=None, via_stdin=False,
         args=["--score", "score", "--label", "label", "--group", "s2"])
@example(data=b"score,s2,label\n1,2,0\n2,1,1\n3,3,0\n4,0,1\n", second=None, via_stdin=False,
         args=["--score", "score", "--score", "s2", "--label", "label", "--method", "bootstrap", "--bootstrap", "3",
               "--unstratified"])
@example(data=b"score,s2,label\n1,2,0\n2,1,1\n3,3,0\n4,0,1\n", second=None, via_stdin=False,
         args=["--score", "score", "--label", "label", "--group", "s2", "--method", "venkatraman", "--bootstrap", "5"])
@example(data=b"score,s2,label\n1,2,0\n2,1,1\n3,3,0\n4,0,1\n", second=b"score,s2,label\n1,2,0\n2,1,1\n",
         via_stdin=False, args=["--score", "score", "--label", "label", "--alternative", "equivalence", "--margin", "0.1"])
@example(data=b"score,s2,label\n1,2,0\n2,1,1\n3,3,0\n4,0,1\n", second=None, via_stdin=False,
         args=["--score", "score", "--score", "s2", "--score", "score", "--label", "label"])
def test_compare_forms(tmp_path_factory, data, second, via_stdin, args):
    """Every form of compare: paired, k curves, one file split by --group, two files; one-sided options."""
    if second is None:
        _data_run(tmp_path_factory.getbasetemp(), data, "compare", args, via_stdin)
        return
    args = [arg for arg in args if arg != "--"]
    directory = tmp_path_factory.getbasetemp()
    paths = []
    for content in (data, second):
        suffix = "npy" if content.startswith(b"\x93NUMPY") else "csv"
        path = directory / f"data{next(_files)}.{suffix}"
        path.write_bytes(content)
        paths.append(str(path))
    check(["compare", *paths, *args])


# --- case weights in the paired comparison (compare --weight) and on pr --weight --------------------


@st.composite
def weighted_pair_file(draw) -> bytes:
    """CSV rows of score, s2, w, label: two score columns and case weights, good and bad."""
    score = st.floats(-10, 10).map(lambda x: f"{x:.4g}")
    clean = st.tuples(score, score, WEIGHT_TEXT, st.sampled_from(["0", "1"]))
    rows = draw(st.lists(mostly(clean, st.tuples(SCORE_TEXT, SCORE_TEXT, WEIGHT_TEXT, LABEL_TEXT)), max_size=12))
    return ("score,s2,w,label\n" + "".join(",".join(row) + "\n" for row in rows)).encode()


PAIR_SCORES = repeated("--score", mostly(text(["score", "s2"]), text(["w", "nope"])), 3).filter(bool) | \
    st.just(["--score", "score", "--score", "s2"])


@settings(max_examples=80, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=weighted_pair_file(), via_stdin=VIA_STDIN,
       args=command([], PAIR_SCORES, option("--label", LABEL, 0.95), WEIGHT, WEIGHT_KIND, GROUP, ALTERNATIVE, MARGIN,
                    DELTA, NAN_OPTION,
                    methods(COMPARE_METHODS), FORMAT, TABLEFMT))
@example(data=b"score,s2,w,label\n0.1,0.3,1,0\n0.2,0.1,0.5,1\n0.3,0.2,2,0\n0.4,0.5,,1\n0.6,0.4,1,1\n0.5,0.7,3,0\n",
         via_stdin=False, args=["--score", "score", "--score", "s2", "--label", "label", "--weight", "w",
                                "--weight-kind", "sampling", "--nan", "omit", "--method", "hoeffding"])
@example(data=b"score,s2,w,label\n0.1,0.3,1,0\n0.2,0.1,2,1\n0.3,0.2,2,0\n0.6,0.4,1,1\n",
         via_stdin=False, args=["--score", "score", "--score", "s2", "--label", "label", "--weight", "w",
                                "--weight-kind", "frequency", "--alternative", "greater", "--margin", "0.05"])
def test_compare_weighted(tmp_path_factory, data, via_stdin, args):
    _data_run(tmp_path_factory.getbasetemp(), data, "compare", args, via_stdin)


@settings(max_examples=60, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=weighted_file(), via_stdin=VIA_STDIN,
       args=command([], WEIGHTED_SCORE,
                    option("--label", LABEL, 0.95), WEIGHT, option("--estimator", PR_ESTIMATOR, 0.3),
                    NAN_OPTION,
                    st.sampled_from([[], [], ["--curve"], ["--curve", "--drop-intermediate"]]),
                    option("--bootstrap", mostly(text([0, 5]), NOT_COUNT), 0.9), FORMAT, TABLEFMT))
@example(data=b"score,w,label\n0.1,1,0\n0.2,0.5,1\n0.3,2,0\n0.4,,1\n0.5,1,1\n", via_stdin=False,
         args=["--score", "score", "--label", "label", "--weight", "w", "--nan", "omit", "--bootstrap", "5"])
@example(data=b"score,w,label\n0.1,1,0\n0.2,0.5,1\n0.3,2,0\n0.5,1,1\n", via_stdin=False,
         args=["--score", "score", "--label", "label", "--weight", "w", "--format", "csv"])
def test_pr_weighted(tmp_path_factory, data, via_stdin, args):
    _data_run(tmp_path_factory.getbasetemp(), data, "pr", args, via_stdin)


# --- case weights in the bootstrap and the bands (--weight with --bootstrap, --specificity, plot roc) -----------


@settings(max_examples=40, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=weighted_file(), via_stdin=VIA_STDIN,
       args=command([], WEIGHTED_SCORE,
                    option("--label", LABEL, 0.95), WEIGHT, WEIGHT_KIND, DELTA,
                    option("--partial", PARTIAL, 0.3),
                    option("--bootstrap", mostly(text([5, 20]), text(["0", "-1", "x"])), 0.9),
                    option("--seed", mostly(text([0, 3]), text(["-1", "x"])), 0.3),
                    methods(ALL_METHODS), FORMAT))
@example(data=b"score,w,label\n0.1,1,0\n0.2,0.5,1\n0.3,2,0\n0.4,3,1\n", via_stdin=False,
         args=["--score", "score", "--label", "label", "--weight", "w", "--weight-kind", "sampling", "--bootstrap", "5"])
@example(data=b"score,w,label\n0.1,1,0\n0.2,0.5,1\n0.3,2,0\n0.4,3,1\n", via_stdin=False,
         args=["--score", "score", "--label", "label", "--weight", "w", "--weight-kind", "frequency", "--bootstrap", "5"])
@example(data=b"score,w,label\n0.1,100000000,0\n0.2,1,1\n0.3,2,0\n0.4,3,1\n", via_stdin=False,
         args=["--score", "score", "--label", "label", "--weight", "w", "--weight-kind", "frequency", "--bootstrap", "5"])
def test_auc_weighted_bootstrap(tmp_path_factory, data, via_stdin, args):
    _data_run(tmp_path_factory.getbasetemp(), data, "auc", args, via_stdin)


@settings(max_examples=40, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=weighted_file(), via_stdin=VIA_STDIN,
       args=command([], WEIGHTED_SCORE,
                    option("--label", LABEL, 0.95), WEIGHT, WEIGHT_KIND,
                    repeated("--specificity", SPECIFICITY, 2), option("--sensitivity", SPECIFICITY, 0.2),
                    option("--bootstrap", mostly(text([5, 20]), text(["0", "x"])), 0.9), FORMAT))
@example(data=b"score,w,label\n0.1,1,0\n0.2,0.5,1\n0.3,2,0\n0.4,3,1\n", via_stdin=False,
         args=["--score", "score", "--label", "label", "--weight", "w", "--weight-kind", "sampling", "--specificity",
               "0.5", "--bootstrap", "5"])
def test_roc_weighted_bands(tmp_path_factory, data, via_stdin, args):
    _data_run(tmp_path_factory.getbasetemp(), data, "roc", args, via_stdin)


@settings(max_examples=10, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=weighted_file(),
       args=command([], WEIGHTED_SCORE,
                    option("--label", LABEL, 0.95), WEIGHT, WEIGHT_KIND,
                    option("--band", mostly(text(["bootstrap", "none", "dkw"]), text(["", "x"])), 0.9),
                    option("--bootstrap", mostly(text([5]), text(["0"])), 0.95),
                    option("--out", mostly(text(["figure.svg"]), text(["figure.txt", ""])), 0.95)))
@example(data=b"score,w,label\n0.1,1,0\n0.2,0.5,1\n0.3,2,0\n0.4,3,1\n",
         args=["--score", "score", "--label", "label", "--weight", "w", "--weight-kind", "sampling", "--band", "dkw",
               "--out", "figure.svg"])
def test_plot_roc_weighted(tmp_path_factory, data, args):
    directory = tmp_path_factory.mktemp("plot")
    path = directory / "data.csv"
    path.write_bytes(data)
    args = [str(directory / arg) if arg.startswith("figure.") else arg for arg in args if arg != "--"]
    check(["plot", "roc", str(path), *args])


# --- tables through an engine: Parquet files of every kind, --engine, --bins, --sql and the engine's resources ----


@st.composite
def parquet_file(draw):
    """A Parquet file (or bytes that only pretend to be one): labels and scores of drawn types, with NULLs, NaN,
    one class, three classes, no rows."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    kind = draw(st.sampled_from(["good", "good", "good", "strings", "three", "one", "empty", "nulls", "garbage",
                                 "text-scores", "int64-big", "float32"]))
    if kind == "garbage":
        return draw(st.sampled_from([b"PAR1" + b"\x00" * 20, b"score,label\n0.1,1\n", b""]))
    rows = 0 if kind == "empty" else draw(st.integers(2, 40))
    rng = np.random.default_rng(draw(st.integers(0, 2**16)))
    labels = rng.integers(0, 3 if kind == "three" else 2, rows).astype(np.int8)
    if kind == "one":
        labels[:] = 1
    score = rng.normal(size=rows).round(1)
    columns = {"score": score, "s2": rng.normal(size=rows), "label": labels}
    if kind == "strings":
        columns["label"] = np.where(labels == 1, "Poor", "Good")
    if kind == "text-scores":
        columns["score"] = score.astype(str)
    if kind == "int64-big":
        columns["score"] = (2**60 + (score * 10).astype(np.int64))
    if kind == "float32":
        columns["score"] = score.astype(np.float32)
    table = pa.table(columns)
    if kind == "nulls" and rows:
        mask = rng.random(rows) < 0.2
        table = table.set_column(0, "score", pa.array(np.where(mask, np.nan, score)))
        table = table.set_column(2, "label", pa.array(labels.astype(float), mask=rng.random(rows) < 0.1))
    sink = io.BytesIO()
    pq.write_table(table, sink)
    return sink.getvalue()


ENGINE_OPTIONS = (option("--engine", mostly(text(["auto", "duckdb", "memory"]), text(["spark2", "", "DuckDB"])), 0.3),
                  option("--memory-limit", mostly(text(["1GB", "512MiB", "100MB"]), text(["1", "lots", "-1GB", "0GB",
                                                                                            "1e400GB", ""])), 0.15),
                  option("--threads", mostly(text([1, 2]), NOT_COUNT), 0.15),
                  option("--nan", text(["raise", "omit"]), 0.3))


def _parquet_run(directory, data: bytes, name: str, args: list[str]):
    if "--" in args:
        args = [arg for arg in args if arg != "--"]
    path = directory / f"table{next(_files)}.parquet"
    path.write_bytes(data)
    return check([name, str(path), *args])


@settings(max_examples=30, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=parquet_file(),
       args=command([], option("--score", COLUMN, 0.95), option("--label", LABEL, 0.95), POSITIVE, DELTA,
                    option("--bins", mostly(text([2, 10, 1000]), NOT_COUNT), 0.25),
                    repeated("--by", mostly(text(["label", "s2", "score"]), text(["nope", "", "2"])), 2),
                    option("--bootstrap", text([5]), 0.05), methods(CLOSED_FORM), *ENGINE_OPTIONS, FORMAT))
def test_auc_engine(tmp_path_factory, data, args):
    _parquet_run(tmp_path_factory.getbasetemp(), data, "auc", args)


@settings(max_examples=20, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=parquet_file(),
       args=command([], repeated("--score", COLUMN, 3).filter(bool) | st.just(["--score", "score", "--score", "s2"]),
                    option("--label", LABEL, 0.95), POSITIVE, DELTA, methods(COMPARE_METHODS),
                    option("--alternative", text(["greater", "less", "two-sided"]), 0.2), *ENGINE_OPTIONS, FORMAT))
def test_compare_engine(tmp_path_factory, data, args):
    _parquet_run(tmp_path_factory.getbasetemp(), data, "compare", args)


@settings(max_examples=15, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(query=st.sampled_from(["SELECT 1 AS score, 1 AS label", "SELECT * FROM nowhere", "", "DROP TABLE x", ";",
                              "SELECT range % 2 AS label, random() AS score FROM range(50)",
                              "SELECT range % 3 AS label, range AS score FROM range(9)"]),
       args=command([], option("--score", COLUMN, 0.95), option("--label", LABEL, 0.95),
                    option("--database", text(["nowhere.duckdb"]), 0.2), FORMAT))
def test_auc_sql(query, args):
    check(["auc", "--sql", query, *[arg for arg in args if arg != "--"]])


# --- ROC bands at exact finite-sample critical values (roc --band, plot roc --band) ------------------------------

BAND = option("--band", mostly(text(["dkw", "kolmogorov", "berk-jones"]), text(["", "x", "bootstrap"])), 0.9)


@settings(max_examples=40, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=DATA, via_stdin=VIA_STDIN,
       args=command([], option("--score", COLUMN, 0.95), option("--label", LABEL, 0.95), POSITIVE, DELTA,
                    st.one_of(repeated("--specificity", SPECIFICITY, 2), repeated("--sensitivity", SPECIFICITY, 2)),
                    BAND, option("--bootstrap", mostly(text([1, 5]), NOT_COUNT), 0.95), FORMAT))
@example(data=AWKWARD[0], via_stdin=False,
         args=["--score", "score", "--label", "label", "--specificity", "0.95", "--band", "berk-jones", "--bootstrap",
               "5"])
@example(data=AWKWARD[0], via_stdin=False,
         args=["--score", "score", "--label", "label", "--specificity", "0.95", "--band", "berk-jones", "--delta",
               "1e-7", "--bootstrap", "5"])
def test_roc_exact_bands(tmp_path_factory, data, via_stdin, args):
    _data_run(tmp_path_factory.getbasetemp(), data, "roc", args, via_stdin)


@settings(max_examples=8, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=DATA, args=command([], option("--score", COLUMN, 0.95), option("--label", LABEL, 0.95), BAND,
                               option("--out", mostly(text(["figure.svg"]), text(["figure.txt"])), 0.95)))
def test_plot_roc_exact_bands(tmp_path_factory, data, args):
    directory = tmp_path_factory.mktemp("plot")
    path = directory / "data.csv"
    path.write_bytes(data)
    args = [str(directory / arg) if arg.startswith("figure.") else arg for arg in args if arg != "--"]
    check(["plot", "roc", str(path), *args])


# --- confidence sequences for monitoring (aucbound monitor) ---------------------------------------

@settings(max_examples=60, deadline=None, phases=PHASES, suppress_health_check=[HealthCheck.too_slow])
@given(data=DATA, via_stdin=VIA_STDIN,
       args=command([], repeated("--score", COLUMN, 3).filter(bool) | st.just(["--score", "score", "--score", "s2"]),
                    option("--label", LABEL, 0.95), POSITIVE, DELTA,
                    option("--batch", mostly(text([1, 2, 5, 1000]), NOT_COUNT), 0.8),
                    option("--method", mostly(text(["bernstein", "hoeffding-kl"]), text(["delong", ""])), 0.3),
                    FORMAT, TABLEFMT))
@example(data=AWKWARD[0], via_stdin=False, args=["--score", "score", "--label", "label", "--batch", "2"])
def test_monitor(tmp_path_factory, data, via_stdin, args):
    _data_run(tmp_path_factory.getbasetemp(), data, "monitor", args, via_stdin)
