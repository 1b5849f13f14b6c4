"""Reading score and label columns: CSV/TSV, headers or indexes, .npy/.npz, stdin, and the errors."""

import io
import sys

import numpy as np
import pytest

from aucbound.empirical._auc import auc
from aucbound.empirical._io import label_value, read_columns


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
            (b"s,y\n0.1,1\n0.2,1\nnan,0\n", r"^`score` must be .* but got 'nan' on line 4 of d.csv\.$"),
            (b"s,y\n0.1,1\n-inf,0\n", r"^`score` must be .* but got '-inf' on line 3 of d.csv\.$"),
            (b"s,y\n0.1,1\n,0\n", r"^`score` must be .* but got '' on line 3 of d.csv\.$"),
            (b"s,y\n0.1,1\n0.2\n", r"^`label` must be present on every line \(column 'y'\), but got 1 fields on line 3 of d.csv\.$"),
            (b"s,y\n0.1,a\n0.2,\n", r"^`label` must be a label on every line of column 'y', but got '' on line 3 of d.csv\.$"),
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
        with pytest.raises(ValueError, match=r"but got nan on row 1 \(0-based\) of nan.npy\.$"):
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


@pytest.mark.parametrize(
    "text, labels, expected",
    [("1", np.array([0.0, 1.0]), 1.0), ("-1", np.array([-1, 1]), -1), ("True", np.array([False, True]), True),
     ("0", np.array([False, True]), False), ("Poor", np.array(["Good", "Poor"]), "Poor")],
)
def test_label_value(text, labels, expected):
    value = label_value(text, labels)
    assert value == expected and type(value) is type(expected)


def test_label_value_that_cannot_be_one():
    with pytest.raises(ValueError, match=r"^`pos_label` must be one of the labels \(0.0, 1.0\), but got 'yes'\.$"):
        label_value("yes", np.array([0.0, 1.0]))
