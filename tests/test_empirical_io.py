"""Reading score and label columns: CSV/TSV, headers or indexes, .npy/.npz, stdin, and the errors."""

import io
import sys

import numpy as np
import pytest

from aucbound.empirical import _io
from aucbound.empirical._auc import auc
from aucbound.empirical._io import label_value, read_columns
from aucbound.empirical._labels import positive_mask


def write(tmp_path, name, content: bytes):
    path = tmp_path / name
    path.write_bytes(content)
    return path


class TestText:
    def test_header_names(self, tmp_path):
        path = write(tmp_path, "d.csv", b"id,score,y\n1,0.5,1\n2,0.25,0\n3,1e-3,1\n")
        columns = read_columns(path, ["score"], "y")
        assert columns.scores[0].tolist() == [0.5, 0.25, 0.001]
        assert columns.labels.tolist() == [1.0, 0.0, 1.0]
        assert (columns.source, columns.score_names, columns.label_name) == ("d.csv", ("score",), "y")

    def test_indexes_with_a_header(self, tmp_path):
        path = write(tmp_path, "d.csv", b"id,score,y\n1,0.5,a\n2,0.25,b\n")
        columns = read_columns(path, ["1", 0], "2")
        assert [s.tolist() for s in columns.scores] == [[0.5, 0.25], [1.0, 2.0]]
        assert columns.score_names == ("score", "id") and columns.labels.tolist() == ["a", "b"]

    def test_headerless_tsv(self, tmp_path):
        path = write(tmp_path, "d.tsv", b"0.5\ttrue\n0.7\tFalse\n")
        columns = read_columns(path, ["0"], "1")
        assert columns.scores[0].tolist() == [0.5, 0.7]
        assert columns.labels.tolist() == [True, False] and columns.score_names == ("column 0",)

    def test_quotes_crlf_bom_and_empty_lines(self, tmp_path):
        path = write(tmp_path, "d.csv", b'\xef\xbb\xbf"s","y"\r\n"0.5","Poor, late"\r\n\r\n0.7,Good\r\n')
        columns = read_columns(path, ["s"], "y")
        assert columns.scores[0].tolist() == [0.5, 0.7]
        assert columns.labels.tolist() == ["Poor, late", "Good"]

    def test_stdin(self, monkeypatch):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"s,y\n0.1,1\n0.9,0\n")))
        columns = read_columns("-", ["s"], "y")
        assert columns.source == "<stdin>" and columns.scores[0].tolist() == [0.1, 0.9]

    @pytest.mark.parametrize(
        "content, message",
        [
            (b"s,y\n0.1,1\n\n0.x,0\n", r"^`score` must be a finite number in every row of column 's', but got '0.x' on line 4 of d.csv\.$"),
            (b"s,y\n0.1,1\n0.2,1\nnan,0\n", r"^`score` must be .* but got 'nan' on line 4 of d.csv; `nan_policy='omit'` drops such rows\.$"),
            (b"s,y\n0.1,1\n-inf,0\n", r"^`score` must be .* but got '-inf' on line 3 of d.csv\.$"),
            (b"s,y\n0.1,1\n,0\n", r"^`score` must be .* but got '' on line 3 of d.csv; `nan_policy='omit'` drops such rows\.$"),
            (b"s,y\n0.1,1\n0.2\n", r"^`label` must be present on every line \(column 'y'\), but got 1 fields on line 3 of d.csv\.$"),
            (b"s,y\n0.1,a\n0.2,\n", r"^`label` must be a label on every line of column 'y', but got '' on line 3 of d.csv; `nan_policy='omit'` drops such rows\.$"),
            (b"s,y\n", r"^`score` must be a column with at least one value \('s'\), but got no data rows on d.csv\.$"),
            (b"s,y\n0.1,1\n", None),
        ],
    )
    def test_bad_cells_name_their_line(self, tmp_path, content, message):
        path = write(tmp_path, "d.csv", content)
        if message is None:
            assert read_columns(path, ["s"], "y").scores[0].tolist() == [0.1]
            return
        with pytest.raises(ValueError, match=message):
            read_columns(path, ["s"], "y")

    def test_unknown_columns_list_the_header(self, tmp_path):
        path = write(tmp_path, "d.csv", b"s,y\n0.1,1\n")
        with pytest.raises(ValueError, match=r"^`score` must be a column name or 0-based index of d.csv \(s, y\), but got 'x'\.$"):
            read_columns(path, ["x"], "y")
        with pytest.raises(ValueError, match=r"^`label` must be a column name or 0-based index of d.csv \(s, y\), but got '2'\.$"):
            read_columns(path, ["s"], "2")

    def test_not_utf8_is_unreadable(self, tmp_path):
        path = write(tmp_path, "d.csv", b"s,y\n0.1,1\n\xff,0\n")
        with pytest.raises(OSError, match=r"^cannot read d.csv as UTF-8 text"):
            read_columns(path, ["s"], "y")

    @pytest.mark.parametrize("score", ["١٢", "１", "1_000", "0x10", "1d5"])
    def test_only_ascii_number_syntax(self, tmp_path, score):
        """numpy's parser refuses other scripts' digits and underscores, which float() takes: both refuse them."""
        path = write(tmp_path, "d.csv", f"y,s\n1,0.5\n0, {score}\n".encode())
        message = rf"^`score` must be a finite number in every row of column 's', but got ' {score}' on line 3 of d.csv\.$"
        with pytest.raises(ValueError, match=message):
            read_columns(path, ["s"], "y")

    def test_spaces_around_numbers(self, tmp_path):
        path = write(tmp_path, "d.csv", "s,y\n 0.5 ,1\n\u00a00.25\u2003,0\n".encode())
        assert read_columns(path, ["s"], "y").scores[0].tolist() == [0.5, 0.25]

    def test_spaces_around_text_labels(self, tmp_path):
        path = write(tmp_path, "d.csv", "s,y\n1,pos\n2, neg\n0.5,neg\n3, pos \n".encode())
        labels = read_columns(path, ["s"], "y").labels
        assert sorted(set(labels.tolist())) == ["neg", "pos"]
        assert label_value(" pos ", labels) == "pos"

    def test_field_beyond_the_csv_limit_names_its_line(self, tmp_path):
        path = write(tmp_path, "d.csv", b"s,y\n0.5,1\n" + b"1" * 200_000 + b",0\n")
        with pytest.raises(ValueError, match=r"^`path` must have lines the csv module can split, but got "
                                             r"'field larger than field limit \(131072\)' on line 3 of d.csv\.$"):
            read_columns(path, ["s"], "y")
        path = write(tmp_path, "h.csv", b"s," + b"y" * 200_000 + b"\n0.5,1\n")
        with pytest.raises(ValueError, match=r"on line 1 of h.csv\.$"):
            read_columns(path, ["s"], "1")

    @pytest.mark.parametrize("content", [b"", b"\n\r\n\n"])
    def test_empty_file(self, tmp_path, content):
        path = write(tmp_path, "d.csv", content)
        with pytest.raises(ValueError, match=r"^`path` must have data rows, but got an empty file \(d.csv\)\.$"):
            read_columns(path, ["s"], "y")

    def test_blank_lines_before_the_header(self, tmp_path):
        path = write(tmp_path, "d.csv", b"\n\ns,y\n0.1,a\n\n0.x,b\n")
        with pytest.raises(ValueError, match=r"but got '0.x' on line 6 of d.csv\.$"):
            read_columns(path, ["s"], "y")

    def test_quoted_field_across_lines(self, tmp_path):
        path = write(tmp_path, "d.csv", b's,y\n0.1,"Poor,\nlate"\n0.2,Good\n0.x,Good\n')
        with pytest.raises(ValueError, match=r"but got '0.x' on line 5 of d.csv\.$"):
            read_columns(path, ["s"], "y")
        path = write(tmp_path, "e.csv", b's,y\n0.1,"Poor,\nlate"\n0.2,Good\n')
        assert read_columns(path, ["s"], "y").labels.tolist() == ["Poor,\nlate", "Good"]

    def test_blocks(self, tmp_path, monkeypatch):
        """Read in blocks of 3 rows: classes first seen late, a quoted field across blocks, line numbers."""
        monkeypatch.setattr(_io, "_BLOCK", 3)
        rows = [f"{k / 10},{'ab'[k % 2]}" for k in range(7)] + ['0.7,"c\nc"', "0.8,d", "", "0.9,a"]
        path = write(tmp_path, "d.csv", ("s,y\n" + "\n".join(rows) + "\n").encode())
        columns = read_columns(path, ["s"], "y")
        assert columns.scores[0].tolist() == [k / 10 for k in range(10)]
        assert columns.labels.tolist() == ["a", "b", "a", "b", "a", "b", "a", "c\nc", "d", "a"]
        path = write(tmp_path, "e.csv", ("s,y\n" + "\n".join(rows) + "\nnan,b\n").encode())
        with pytest.raises(ValueError, match=r"but got 'nan' on line 14 of e.csv; `nan_policy='omit'` drops such rows\.$"):
            read_columns(path, ["s"], "y")

    def test_not_utf8_past_the_first_line(self, tmp_path):
        """Text is decoded as numpy's parser pulls lines; a bad byte there is still an unreadable file."""
        path = write(tmp_path, "d.csv", b"s,y\n" + b"0.1,a\n" * 5000 + b"0.2,\xff\n")
        with pytest.raises(OSError, match=r"^cannot read d.csv as UTF-8 text \(invalid start byte\)$"):
            read_columns(path, ["s"], "y")

    def test_numpy_failure_the_csv_module_misses(self, tmp_path, monkeypatch):
        """Should numpy's parser ever refuse a block the csv module reads, its message still names the lines."""
        monkeypatch.setattr(_io, "_scan", lambda *args: None)
        path = write(tmp_path, "d.csv", b"s,y\n0.1,a\n0.x,b\n")
        with pytest.raises(ValueError, match=r"^`path` must be CSV that numpy's parser reads, but got "
                                             r"\"could not convert string '0.x' .*\" on lines 2–3 of d.csv\.$"):
            read_columns(path, ["s"], "y")

    def test_text_labels_share_one_string_per_class(self, tmp_path):
        """Text labels are an object array of one string per class: 8 bytes a row, whatever their length."""
        path = write(tmp_path, "d.csv", b"s,y\n" + b"0.5,outcome_poor_at_6month\n0.1,outcome_good_at_6month\n" * 500)
        labels = read_columns(path, ["s"], "y").labels
        assert labels.dtype == object and labels.nbytes == 8 * 1000
        assert len({id(label) for label in labels}) == 2
        assert positive_mask(labels, "outcome_poor_at_6month").tolist() == [True, False] * 500

    @pytest.mark.parametrize(
        "texts, dtype, expected, area",
        [(["9007199254740993", "9007199254740992"], np.int64, [9007199254740993, 9007199254740992], 1.0),
         (["-90071992547409930000001", "90071992547409930000000"], object,
          [-90071992547409930000001, 90071992547409930000000], 0.0),
         (["9007199254740993", "9007199254740992.0"], np.float64, [2.0**53, 2.0**53], 0.5)],
    )
    def test_integer_scores_beyond_2_53(self, tmp_path, texts, dtype, expected, area):
        """Integer literals beyond 2^53 are read exactly; a column with any other number stays float64."""
        path = write(tmp_path, "d.csv", f"s,y\n{texts[0]},1\n{texts[1]},0\n".encode())
        columns = read_columns(path, ["s"], "y")
        assert columns.scores[0].dtype == dtype and columns.scores[0].tolist() == expected
        assert auc(columns.labels, columns.scores[0]) == area

    def test_integer_labels_beyond_int64(self, tmp_path):
        path = write(tmp_path, "d.csv", b"s,y\n0.1,90071992547409930000001\n0.2,90071992547409930000000\n")
        labels = read_columns(path, ["s"], "y").labels
        assert labels.tolist() == [90071992547409930000001, 90071992547409930000000]
        assert label_value(" 90071992547409930000001", labels) == 90071992547409930000001

    @pytest.mark.parametrize("stdin", [None, "closed"])
    def test_no_stdin(self, monkeypatch, stdin):
        if stdin == "closed":
            stdin = io.TextIOWrapper(io.BytesIO(b"s,y\n0.1,1\n"))
            stdin.close()
        monkeypatch.setattr(sys, "stdin", stdin)
        with pytest.raises(OSError, match=r"^cannot read standard input: it is closed$"):
            read_columns("-", ["s"], "y")


class TestNumpy:
    def test_two_dimensional_npy(self, tmp_path):
        path = tmp_path / "d.npy"
        np.save(path, np.array([[0.1, 1], [0.9, 0]]))
        columns = read_columns(path, ["0"], 1)
        assert columns.scores[0].tolist() == [0.1, 0.9] and columns.labels.tolist() == [1.0, 0.0]

    def test_structured_npy(self, tmp_path):
        path = tmp_path / "d.npy"
        data = np.zeros(2, dtype=[("s", "f8"), ("y", "U4")])
        data["s"], data["y"] = [0.1, 0.9], ["Good", "Poor"]
        np.save(path, data)
        columns = read_columns(path, ["s"], "y")
        assert columns.labels.tolist() == ["Good", "Poor"]

    def test_npz_from_stdin(self, monkeypatch):
        buffer = io.BytesIO()
        np.savez(buffer, a=np.array([0.1, 0.9]), b=np.array([3, 4]), y=np.array([True, False]))
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(buffer.getvalue())))
        columns = read_columns("-", ["a", "b"], "y")
        assert [s.tolist() for s in columns.scores] == [[0.1, 0.9], [3.0, 4.0]]
        assert columns.labels.tolist() == [True, False]

    def test_errors(self, tmp_path):
        np.save(tmp_path / "one.npy", np.array([0.1, 0.2]))
        with pytest.raises(OSError, match=r"one.npy holds an array of shape \(2,\)"):
            read_columns(tmp_path / "one.npy", ["0"], "1")
        np.save(tmp_path / "nan.npy", np.array([[0.1, 1], [np.nan, 0]]))
        with pytest.raises(ValueError, match=r"but got nan on row 1 \(0-based\) of nan.npy; `nan_policy='omit'` drops such rows\.$"):
            read_columns(tmp_path / "nan.npy", ["0"], "1")
        np.savez(tmp_path / "d.npz", s=np.array([0.1, 0.2, 0.3]), y=np.array([0, 1]))
        with pytest.raises(ValueError, match=r"^`score` must be as long as the label column \(2\), but got 3 values"):
            read_columns(tmp_path / "d.npz", ["s"], "y")
        write(tmp_path, "bad.npy", b"\x93NUMPY\x01\x00garbage")
        with pytest.raises(OSError, match=r"^cannot read bad.npy as a NumPy file"):
            read_columns(tmp_path / "bad.npy", ["0"], "1")


    @pytest.mark.parametrize(
        "arrays, message",
        [({"s": np.float64(0.5), "y": np.array([1])},
          r"^`score` must be a one-dimensional numeric column \('s'\), but got dtype float64, shape \(\) on d.npz\.$"),
         ({"s": np.ones((2, 2)), "y": np.array([0, 1])}, r"^`score` must be .* but got dtype float64, shape \(2, 2\) on d.npz\.$"),
         ({"s": np.array(["0.5", "0.7"]), "y": np.array([0, 1])}, r"^`score` must be .* but got dtype <U3, shape \(2,\)"),
         ({"s": np.ones(2), "y": np.int64(1)},
          r"^`label` must be a one-dimensional numeric or string column \('y'\), but got dtype int64, shape \(\) on d.npz\.$"),
         ({"s": np.ones(2), "y": np.ones((2, 1))}, r"^`label` must be .* but got dtype float64, shape \(2, 1\) on d.npz\.$"),
         ({}, r"^`score` must be a column name or 0-based index of d.npz \(it has none\), but got 's'\.$")],
    )
    def test_npz_shapes(self, tmp_path, arrays, message):
        np.savez(tmp_path / "d.npz", **arrays)
        with pytest.raises(ValueError, match=message):
            read_columns(tmp_path / "d.npz", ["s"], "y")

    def test_object_arrays_are_never_unpickled(self, tmp_path):
        np.save(tmp_path / "d.npy", np.array([[0.5, "a"], [0.7, "b"]], dtype=object), allow_pickle=True)
        with pytest.raises(OSError, match=r"^d.npy holds an object array, which is never unpickled; "
                                          r"save numeric or string arrays$"):
            read_columns(tmp_path / "d.npy", ["0"], "1")
        np.savez(tmp_path / "d.npz", s=np.ones(2), y=np.array(["a", 1], dtype=object))
        with pytest.raises(OSError, match=r"^d.npz \(array 'y'\) holds an object array, which is never unpickled"):
            read_columns(tmp_path / "d.npz", ["s"], "y")

    def test_corrupt_npz(self, tmp_path):
        buffer = io.BytesIO()
        np.savez(buffer, s=np.array([0.25, 0.5, 0.75]), y=np.array([0, 1, 1]))
        data = buffer.getvalue()
        write(tmp_path, "truncated.npz", data[: len(data) // 2])
        with pytest.raises(OSError, match=r"^cannot read truncated.npz as a NumPy file: File is not a zip file$"):
            read_columns(tmp_path / "truncated.npz", ["s"], "y")
        at = data.index(np.array([0.25, 0.5, 0.75]).tobytes())  # a byte of the stored scores: their CRC fails on reading
        write(tmp_path, "crc.npz", data[:at] + bytes([data[at] ^ 1]) + data[at + 1:])
        with pytest.raises(OSError, match=r"^cannot read crc.npz \(array 's'\) as a NumPy file: Bad CRC-32"):
            read_columns(tmp_path / "crc.npz", ["s"], "y")

    def test_integer_scores_stay_exact(self, tmp_path):
        np.save(tmp_path / "d.npy", np.array([[2**53 + 1, 1], [2**53, 0]]))
        columns = read_columns(tmp_path / "d.npy", ["0"], "1")
        assert columns.scores[0].tolist() == [2**53 + 1, 2**53] and auc(columns.labels, columns.scores[0]) == 1.0

    def test_string_labels(self, tmp_path):
        np.savez(tmp_path / "d.npz", s=np.ones(3), y=np.array([" 1", "0", "1"]), z=np.array(["b", "a", "b"]))
        assert read_columns(tmp_path / "d.npz", ["s"], "y").labels.tolist() == [1, 0, 1]
        assert read_columns(tmp_path / "d.npz", ["s"], "z").labels.tolist() == ["b", "a", "b"]


@pytest.mark.parametrize(
    "text, labels, expected",
    [("1", np.array([0.0, 1.0]), 1.0), ("-1", np.array([-1, 1]), -1), ("True", np.array([False, True]), True),
     ("0", np.array([False, True]), False), ("Poor", np.array(["Good", "Poor"]), "Poor")],
)
def test_label_value(text, labels, expected):
    value = label_value(text, labels)
    assert value == expected and type(value) is type(expected)


@pytest.mark.parametrize(
    "text, labels, shown",
    [("yes", np.array([0.0, 1.0]), "0.0, 1.0"), ("١", np.array([0, 1]), "0, 1"), ("1_0", np.array([0, 10]), "0, 10"),
     ("1.0", np.array([2**70, 1], dtype=object), "1, 1180591620717411303424"), ("maybe", np.array([True]), "True")],
)
def test_label_value_that_cannot_be_one(text, labels, shown):
    with pytest.raises(ValueError, match=rf"^`pos_label` must be one of the labels \({shown}\), but got '{text}'\.$"):
        label_value(text, labels)


def test_the_preference_reader_and_the_column_reader_share_one_way_of_reading(tmp_path):
    """Both refuse the same damaged NumPy file with the same message, and read standard input alike."""
    from aucbound import _files
    from aucbound.reductions import read_preference

    damaged = tmp_path / "cut.npy"
    damaged.write_bytes(b"\x93NUMPY\x01\x00\x20\x00{'descr': '<f8', 'shape': (}    \n")
    messages = []
    for read in (lambda: read_columns(damaged, ["0"], "1"), lambda: read_preference(damaged)):
        with pytest.raises(OSError) as caught:
            read()
        messages.append(str(caught.value))
    assert messages[0] == messages[1] and messages[0].startswith("cannot read cut.npy as a NumPy file")
    assert _files.source(io.BytesIO(b"0,1\n0,0\n")).kind == "text"
    h, source, form = read_preference(io.BytesIO(b"0,1\n0,0\n"))
    assert (h.tolist(), source, form) == ([[0.0, 1.0], [0.0, 0.0]], "<bytes>", "matrix")
