"""What the data functions accept: pandas Series and DataFrame columns, missing values under
``nan_policy``, labels and scores given the wrong way round, and the warning for an AUC below ½.

Expected AUCs come from counting pairs by hand (:func:`pair_auc`), not from the code under test.
"""

import subprocess
import sys
import warnings

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import aucbound
from aucbound.cli import main

from proc_reference import PROC_AUC

pd = pytest.importorskip("pandas")


def pair_auc(labels, scores, positive=1) -> float:
    """Â by counting every (positive, negative) pair, ties ½."""
    pos = [s for y, s in zip(labels, scores) if y == positive]
    neg = [s for y, s in zip(labels, scores) if y != positive]
    wins = sum((p > q) + 0.5 * (p == q) for p in pos for q in neg)
    return wins / (len(pos) * len(neg))


LABELS = [0, 1, 1, 0, 1, 0, 0, 1, 1, 0]
SCORES = [0.1, 0.8, 0.35, 0.4, 0.9, 0.2, 0.65, 0.7, 0.3, 0.05]

#: Every data function, called on (labels, scores) with the keywords it needs to be quick.
CALLS = {
    "auc": lambda y, s, **kw: aucbound.auc(y, s, **kw),
    "delong": lambda y, s, **kw: aucbound.delong(y, s, **kw).auc,
    "delong_variance": lambda y, s, **kw: aucbound.empirical.delong_variance(y, s, **kw),
    "intervals": lambda y, s, **kw: aucbound.intervals(y, s, methods=["delong"], **kw).auc,
    "bootstrap_aucs": lambda y, s, **kw: float(aucbound.empirical.bootstrap_aucs(y, s, resamples=3, **kw)[0]),
    "bootstrap_interval": lambda y, s, **kw: aucbound.bootstrap_interval(y, s, resamples=20, **kw).estimate,
    "roc_curve": lambda y, s, **kw: aucbound.roc_curve(y, s, **kw).auc,
    "roc_band": lambda y, s, **kw: float(aucbound.roc_band(y, s, specificities=[0.5], **kw).estimate[0]),
    "partial_auc": lambda y, s, **kw: aucbound.partial_auc(y, s, range=(0, 1), resamples=None, **kw).auc,
    "power_test_data": lambda y, s, **kw: aucbound.power_test_data(y, s, **kw).auc,
    "compare": lambda y, s, **kw: aucbound.compare(y, s, s, **kw).auc_a,
}


def _arrays_call(name, labels, scores, **kw):
    return CALLS[name](labels, scores, **kw)


class TestPandas:
    @pytest.mark.parametrize("name", CALLS)
    def test_series_and_column_names_give_the_array_answer(self, name):
        frame = pd.DataFrame({"y": LABELS, "s": SCORES})
        expected = _arrays_call(name, np.array(LABELS), np.array(SCORES))
        assert CALLS[name](frame["y"], frame["s"]) == expected
        if name != "compare":
            assert CALLS[name]("y", "s", data=frame) == expected

    def test_the_pair_count_agrees(self):
        frame = pd.DataFrame({"y": LABELS, "s": SCORES})
        assert aucbound.auc("y", "s", data=frame) == pair_auc(LABELS, SCORES) == 0.84

    def test_compare_by_column_names(self):
        frame = pd.DataFrame({"y": LABELS, "a": SCORES, "b": SCORES[::-1]})
        result = aucbound.compare("y", "a", "b", data=frame)
        assert (result.auc_a, result.auc_b) == (pair_auc(LABELS, SCORES), pair_auc(LABELS, SCORES[::-1]))

    @pytest.mark.parametrize("dtype", ["Int64", "category", "string", "object", "bool", "boolean"])
    def test_labels_of_any_pandas_dtype(self, dtype):
        labels = pd.Series(LABELS).astype(bool).astype(dtype) if "bool" in dtype else pd.Series(LABELS).astype(dtype)
        positive = None if dtype in ("Int64", "object", "bool", "boolean") else "1"
        if dtype == "category":
            positive = 1
        assert aucbound.auc(labels, pd.Series(SCORES), pos_label=positive) == pair_auc(LABELS, SCORES)

    def test_string_labels_with_pos_label(self):
        labels = pd.Series(np.where(np.array(LABELS) == 1, "Poor", "Good"), dtype="string")
        assert aucbound.auc(labels, SCORES, pos_label="Poor") == pair_auc(LABELS, SCORES)

    def test_nullable_float_scores(self):
        assert aucbound.auc(LABELS, pd.Series(SCORES, dtype="Float64")) == pair_auc(LABELS, SCORES)

    def test_a_dict_of_columns_and_a_structured_array(self):
        assert aucbound.auc("y", "s", data={"y": LABELS, "s": SCORES}) == pair_auc(LABELS, SCORES)
        table = np.array(list(zip(LABELS, SCORES)), dtype=[("y", int), ("s", float)])
        assert aucbound.auc("y", "s", data=table) == pair_auc(LABELS, SCORES)

    def test_series_with_different_indexes_are_refused(self):
        labels = pd.Series(LABELS)
        scores = pd.Series(SCORES, index=range(10, 20))
        with pytest.raises(ValueError, match=r"`scores` must be indexed as `labels`.*reindex"):
            aucbound.auc(labels, scores)
        # the same index in another order is another pairing too
        with pytest.raises(ValueError, match="indexed as"):
            aucbound.auc(labels, pd.Series(SCORES)[::-1])

    def test_a_series_beside_an_array_pairs_by_position(self):
        assert aucbound.auc(pd.Series(LABELS, index=range(5, 15)), np.array(SCORES)) == pair_auc(LABELS, SCORES)

    def test_a_missing_column_names_the_columns(self):
        frame = pd.DataFrame({"y": LABELS, "s": SCORES})
        with pytest.raises(ValueError, match=r"`scores` must be a column of `data` \('y', 's'\), but got 'x'"):
            aucbound.auc("y", "x", data=frame)

    def test_a_column_name_without_data(self):
        with pytest.raises(ValueError, match=r"`labels` must be an array \(a column name needs `data`"):
            aucbound.auc("y", SCORES)

    def test_a_whole_data_frame_is_refused(self):
        frame = pd.DataFrame({"s": SCORES, "t": SCORES})
        with pytest.raises(ValueError, match="not a whole DataFrame"):
            aucbound.auc(LABELS, frame)

    def test_importing_aucbound_does_not_import_pandas(self):
        code = "import sys, aucbound; aucbound.auc([0, 1], [0.1, 0.2]); print('pandas' in sys.modules)"
        assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"


MISSING_LABELS = [0, 1, None, 0, 1, 0, 0, 1, 1, 0]
MISSING_SCORES = [0.1, 0.8, 0.35, np.nan, 0.9, 0.2, 0.65, 0.7, 0.3, 0.05]
KEPT = [k for k in range(10) if k not in (2, 3)]


class TestNanPolicy:
    @pytest.mark.parametrize("name", CALLS)
    def test_omit_drops_the_rows_and_says_how_many(self, name):
        expected = _arrays_call(name, np.array([LABELS[k] for k in KEPT]), np.array([SCORES[k] for k in KEPT]))
        with pytest.warns(aucbound.RowsOmittedWarning, match="omitted 2 of 10 rows") as record:
            got = CALLS[name](MISSING_LABELS, MISSING_SCORES, nan_policy="omit")
        assert got == expected
        omitted = [w.message for w in record if isinstance(w.message, aucbound.RowsOmittedWarning)]
        assert [(w.omitted, w.rows) for w in omitted] == [(2, 10)]

    def test_omit_with_pandas_missing_values(self):
        frame = pd.DataFrame({"y": pd.array(MISSING_LABELS, dtype="Int64"), "s": MISSING_SCORES})
        frame.loc[9, "s"] = pd.NA
        kept = [k for k in KEPT if k != 9]
        with pytest.warns(aucbound.RowsOmittedWarning, match="omitted 3 of 10"):
            got = aucbound.auc("y", "s", data=frame, nan_policy="omit")
        assert got == pair_auc([LABELS[k] for k in kept], [SCORES[k] for k in kept])

    def test_omit_with_string_labels(self):
        labels = pd.Series(["Poor" if y else "Good" for y in LABELS], dtype="string")
        labels[4] = pd.NA
        kept = [k for k in range(10) if k != 4]
        with pytest.warns(aucbound.RowsOmittedWarning, match="omitted 1 of 10"):
            got = aucbound.auc(labels, SCORES, pos_label="Poor", nan_policy="omit")
        assert got == pair_auc([LABELS[k] for k in kept], [SCORES[k] for k in kept])

    def test_compare_omits_a_case_missing_either_score(self):
        b = list(SCORES[::-1])
        b[0] = np.nan
        kept = [k for k in range(1, 10)]
        with pytest.warns(aucbound.RowsOmittedWarning, match="omitted 1 of 10"):
            result = aucbound.compare(LABELS, SCORES, b, nan_policy="omit")
        assert result.auc_b == pair_auc([LABELS[k] for k in kept], [b[k] for k in kept])

    def test_nothing_missing_gives_no_warning(self):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            assert aucbound.auc(LABELS, SCORES, nan_policy="omit") == pair_auc(LABELS, SCORES)

    def test_raise_refuses_a_missing_value(self):
        with pytest.raises(ValueError, match=r"`scores` must be finite .*, but got nan; `nan_policy='omit'` drops"):
            aucbound.auc(LABELS, MISSING_SCORES)
        with pytest.raises(ValueError, match=r"`labels` must be free of missing values, but got a missing value in "
                                             r"row 2; `nan_policy='omit'` drops such rows\.$"):
            aucbound.auc(pd.Series(MISSING_LABELS, dtype="Int64"), SCORES)

    def test_infinite_scores_are_not_missing(self):
        scores = list(SCORES)
        scores[0] = np.inf
        with pytest.raises(ValueError, match="finite"):
            aucbound.auc(LABELS, scores, nan_policy="omit")

    def test_an_unknown_policy(self):
        with pytest.raises(ValueError, match=r"`nan_policy` must be one of 'raise', 'omit', but got 'propagate'"):
            aucbound.auc(LABELS, SCORES, nan_policy="propagate")

    def test_columns_of_different_lengths_under_omit(self):
        with pytest.raises(ValueError, match=r"`scores` must be as long as `labels` \(10\)"):
            aucbound.auc(LABELS, SCORES[:9], nan_policy="omit")


class TestSwapped:
    def test_many_labels_and_two_scores(self):
        with pytest.raises(ValueError, match=r"`labels` holds 9 distinct values .* `scores` only two \(0, 1\): "
                                             r"are the labels and the scores swapped\?"):
            aucbound.auc(SCORES[:9], LABELS[:9])

    def test_text_labels_given_as_scores(self):
        text = ["Poor" if y else "Good" for y in LABELS]
        with pytest.raises(ValueError, match=r"`scores` only two \('Good', 'Poor'\): are the labels and the scores"):
            aucbound.roc_curve(SCORES, text, pos_label="Poor")

    def test_two_fractional_labels_and_zero_one_scores(self):
        with pytest.raises(ValueError, match="swapped"):
            aucbound.auc([0.3, 0.7, 0.7, 0.3], [0, 1, 0, 1])

    def test_compare_and_every_call(self):
        with pytest.raises(ValueError, match="swapped"):
            aucbound.compare(SCORES, LABELS, LABELS)
        for name in CALLS:
            with pytest.raises(ValueError, match="swapped"):
                CALLS[name](SCORES, LABELS)

    def test_three_classes_with_real_scores_is_not_called_swapped(self):
        with pytest.raises(ValueError, match="`labels` must be of two classes") as error:
            aucbound.auc([0, 1, 2, 0, 1, 2], [0.1, 0.5, 0.9, 0.2, 0.4, 0.8])
        assert "swapped" not in str(error.value)

    def test_the_cli_says_it_with_its_options(self):
        result = CliRunner().invoke(main, ["auc", "tests/data/asah_markers.csv", "--score", "outcome",
                                           "--label", "s100b"])
        assert result.exit_code == 2
        assert result.stderr.startswith("Error: --score must be a finite number")  # the reader sees text first


class TestBelowChance:
    @pytest.mark.parametrize("name", ["auc", "delong", "intervals", "roc_curve"])
    def test_warns_below_one_half(self, name):
        flipped = [1 - y for y in LABELS]
        with pytest.warns(aucbound.BelowChanceWarning, match=r"the AUC of `scores` is 0.16, below 1/2.*"
                                                             r"Is `pos_label` the right class \(positive: 1 or True\)"):
            CALLS[name](flipped, SCORES)

    def test_the_warning_carries_the_value(self):
        with pytest.warns(aucbound.BelowChanceWarning) as record:
            aucbound.auc(["a", "b", "a", "b"], [0.9, 0.1, 0.8, 0.2], pos_label="b")
        assert record[0].message.auc == 0.0 and "(positive: 'b')" in str(record[0].message)

    def test_no_warning_at_or_above_one_half(self):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            aucbound.auc([0, 1, 0, 1], [0.1, 0.1, 0.2, 0.2])  # exactly 1/2
            aucbound.auc(LABELS, SCORES)

    def test_the_cli_writes_one_line_naming_the_column_and_option(self):
        result = CliRunner().invoke(main, ["auc", "tests/data/asah_markers.csv", "--score", "s100b", "--score", "ndka",
                                           "--label", "outcome", "--positive", "Good", "--method", "delong"])
        assert result.exit_code == 0, result.output
        lines = result.stderr.splitlines()
        assert len(lines) == 2
        # 1 − pROC's AUCs with Poor positive, to 6 digits
        assert lines[0].startswith(f"Warning: the AUC of 's100b' is {1 - PROC_AUC['s100b']:.6g}, below 1/2")
        assert lines[1].startswith(f"Warning: the AUC of 'ndka' is {1 - PROC_AUC['ndka']:.6g}, below 1/2")
        assert all("Is --positive the right class (positive: 'Good')?" in line for line in lines)

    def test_the_cli_says_nothing_for_the_right_class(self):
        result = CliRunner().invoke(main, ["roc", "tests/data/asah_markers.csv", "--score", "s100b",
                                           "--label", "outcome", "--positive", "Poor"])
        assert result.exit_code == 0 and result.stderr == ""


ROWS = st.lists(st.tuples(st.one_of(st.sampled_from([0, 1]), st.none(), st.just(float("nan"))),
                          st.one_of(st.integers(-3, 3).map(float), st.none(), st.just(float("nan")))),
                max_size=12)


@settings(max_examples=200, deadline=None)
@given(ROWS, st.booleans())
def test_fuzz_omit_agrees_with_pair_counting_on_the_complete_rows(rows, as_series):
    labels, scores = [y for y, _ in rows], [s for _, s in rows]
    complete = [(y, s) for y, s in rows if y is not None and y == y and s is not None and s == s]
    if as_series:
        labels, scores = pd.Series(labels, dtype=object), pd.Series(scores, dtype=float)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", aucbound.RowsOmittedWarning)
        try:
            got = aucbound.auc(labels, scores, nan_policy="omit")
        except ValueError as error:
            assert len({y for y, _ in complete}) < 2, error  # refused only when a class is empty
            return
    assert got == pair_auc([y for y, _ in complete], [s for _, s in complete])


#: Scores beyond 2^53 a float64 would merge: 2^62 + k for small k.
BIG = 2**62


@settings(max_examples=150, deadline=None)
@given(rows=st.lists(st.tuples(st.one_of(st.sampled_from([0, 1]), st.none()),
                               st.one_of(st.integers(-4, 4).map(lambda k: BIG + k), st.none())), min_size=2, max_size=14),
       dtype=st.sampled_from(["Int64", "UInt64"]), name=st.sampled_from(["auc", "delong", "intervals", "compare"]))
def test_nullable_integers_beyond_2_53_stay_exact_under_omit(rows, dtype, name):
    """Pandas' masked integers with missing entries: the rows left are compared as integers,
    as counting the pairs by hand compares them (as float64 every score here is 2^62)."""
    labels = pd.Series([y for y, _ in rows], dtype="Int64")
    scores = pd.Series([s for _, s in rows], dtype=dtype)
    complete = [(y, s) for y, s in rows if y is not None and s is not None]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", aucbound.RowsOmittedWarning)
        warnings.simplefilter("ignore", aucbound.BelowChanceWarning)
        try:
            got = CALLS[name](labels, scores, nan_policy="omit")
        except ValueError as error:
            assert len({y for y, _ in complete}) < 2 or name in ("delong", "intervals", "compare"), error
            return
    assert got == pair_auc([y for y, _ in complete], [s for _, s in complete])


@pytest.mark.parametrize("name", ["auc", "delong", "intervals", "compare"])
def test_the_reported_nullable_integer_case(name):
    scores = pd.Series([BIG + 1, BIG + 5, BIG + 2, BIG + 6, BIG + 4, None], dtype="Int64")
    with pytest.warns(aucbound.RowsOmittedWarning, match="omitted 1 of 6 rows"):
        assert CALLS[name]([0, 1, 0, 1, 1, 0], scores, nan_policy="omit") == 1.0  # 3·2 pairs, all ordered


def test_a_nullable_boolean_label_with_a_missing_entry():
    labels = pd.Series([True, False, None, True, False], dtype="boolean")
    with pytest.warns(aucbound.RowsOmittedWarning, match="omitted 1 of 5 rows"):
        got = aucbound.auc(labels, [0.9, 0.2, 0.5, 0.4, 0.6], nan_policy="omit")
    assert got == pair_auc([1, 0, 1, 0], [0.9, 0.2, 0.4, 0.6]) == 0.75


def test_a_pandas_array_and_index_are_columns_too():
    labels = pd.array([0, 1, None, 1, 0], dtype="Int64")
    with pytest.warns(aucbound.RowsOmittedWarning, match="omitted 1 of 5 rows"):
        assert aucbound.auc(labels, pd.Index([0.1, 0.9, 0.5, 0.8, 0.2]), nan_policy="omit") == 1.0
    with pytest.raises(ValueError, match=r"`labels` must be free of missing values, but got a missing value in row 2"):
        aucbound.auc(labels, [0.1, 0.9, 0.5, 0.8, 0.2])


#: Values that are not one column, and the error the default policy gives for each.
NOT_ONE_COLUMN = [
    ("labels", lambda: (y for y in [0, 1, 0, 1]), ValueError, r"`labels` must be a one-dimensional array, but got "
                                                               r"<generator"),
    ("scores", lambda: np.array([[0.1], [0.2], [0.3], [0.4]]), ValueError,
     r"`scores` must be a one-dimensional array, but got an array of shape \(4, 1\)\."),
    ("scores", lambda: (s for s in [0.1, 0.2, 0.3, 0.4]), TypeError,
     r"`scores` must be a number or an array of numbers, but got <generator"),
    ("labels", lambda: 5, ValueError, r"`labels` must be a one-dimensional array, but got 5\."),
    ("scores", lambda: [[0.1, 0.2], [0.3, 0.4], [1, 2], [3, 4]], ValueError,
     r"`scores` must be a one-dimensional array, but got an array of shape \(4, 2\)\."),
]


@pytest.mark.parametrize("policy", ["raise", "omit"])
@pytest.mark.parametrize("which, make, error, message", NOT_ONE_COLUMN)
@pytest.mark.parametrize("name", ["auc", "delong", "intervals", "compare", "roc_curve", "bootstrap_interval"])
def test_what_is_not_one_column_gets_the_same_error_under_either_policy(policy, which, make, error, message, name):
    args = {"labels": [0, 1, 0, 1], "scores": [0.1, 0.2, 0.3, 0.4]}
    args[which] = make()
    if name == "compare":  # its scores are scores_a (and scores_b)
        message = message.replace("`scores`", "`scores_a`")
    with pytest.raises(error, match=message):
        CALLS[name](args["labels"], args["scores"], nan_policy=policy)
