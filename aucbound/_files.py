"""Reading a file, or standard input, as aucbound reads every data file: one place for how a file is
opened, what kind it is, how its numbers are written and how a NumPy file is loaded.

- A file is a path, ``-`` (standard input, read once into memory) or bytes already in memory
  (:class:`io.BytesIO`); :func:`source` gives a :class:`Source` that names it in messages and
  opens it as often as a reader needs.
- Its kind comes from its first bytes: ``.npy`` (NumPy's magic string), ``.npz`` (a zip
  archive, an empty one included) or text.
- A number in a text file is written in ASCII syntax — digits, a sign, ``.``, an exponent,
  ``inf`` or ``nan``, spaces around — which is what numpy's parser reads (:func:`number`);
  Python's ``float`` would also take other scripts' digits and underscores, which CSV does not.
- NumPy files are loaded without unpickling (:func:`load_numpy`), memory-mapped when they are
  files on disk; every failure of a damaged file becomes one ``OSError`` naming it.
"""

from __future__ import annotations

import io
import os
import sys
from dataclasses import dataclass

import numpy as np

__all__ = ["NPY_MAGIC", "ZIP_MAGIC", "Source", "load_numpy", "number", "source", "stdin_bytes", "unreadable"]

NPY_MAGIC = b"\x93NUMPY"
ZIP_MAGIC = (b"PK\x03\x04", b"PK\x05\x06")  # a zip archive; an empty one (np.savez of nothing)


@dataclass(frozen=True)
class Source:
    """A file to read: its name in messages, its first bytes, and the bytes themselves when they are
    in memory (standard input, :class:`io.BytesIO`) — else its path, opened anew by :meth:`open`."""

    name: str
    head: bytes
    data: bytes | None = None
    path: str | os.PathLike | None = None

    @property
    def kind(self) -> str:
        """``"npy"``, ``"npz"`` or ``"text"``, by the first bytes."""
        if self.head.startswith(NPY_MAGIC):
            return "npy"
        if self.head.startswith(ZIP_MAGIC):
            return "npz"
        return "text"

    def open(self):
        """A binary stream from the first byte."""
        return io.BytesIO(self.data) if self.data is not None else open(self.path, "rb")

    def read(self) -> bytes:
        """Every byte."""
        if self.data is not None:
            return self.data
        with self.open() as stream:
            return stream.read()

    def text(self) -> str:
        """Every byte as UTF-8 text, a byte-order mark dropped; OSError when it is not UTF-8."""
        try:
            return self.read().decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise OSError(f"cannot read {self.name} as UTF-8 text ({error.reason})") from None


def stdin_bytes() -> bytes:
    """All of standard input, as bytes; OSError when there is none to read (closed, or no stdin at all)."""
    stream = sys.stdin
    if stream is None or stream.closed:
        raise OSError("cannot read standard input: it is closed")
    try:
        return stream.buffer.read() if hasattr(stream, "buffer") else stream.read().encode("utf-8")
    except (OSError, ValueError) as error:
        raise OSError(f"cannot read standard input: {error}") from None


def source(path) -> Source:
    """The :class:`Source` of `path`: a file name, ``-`` for standard input (named ``<stdin>``), or an
    :class:`io.BytesIO` (named ``<bytes>``). OSError when the file cannot be opened.

    >>> data = source(io.BytesIO(b"score,label\\n0.9,1\\n"))
    >>> data.name, data.kind, data.text().splitlines()[0]
    ('<bytes>', 'text', 'score,label')
    """
    if isinstance(path, io.BytesIO):
        data = path.getvalue()
        return Source("<bytes>", data[:8], data=data)
    if str(path) == "-":
        data = stdin_bytes()
        return Source("<stdin>", data[:8], data=data)
    with open(path, "rb") as stream:
        head = stream.read(8)
    return Source(os.path.basename(os.fspath(path)), head, path=path)


def number(text: str) -> float | None:
    """The number `text` writes in ASCII syntax (spaces around allowed), else None.

    >>> number(" 1.5e-3 "), number("-inf"), number("1,5"), number("1_000"), number("١٢")
    (0.0015, -inf, None, None, None)
    """
    text = text.strip()
    if not text.isascii() or "_" in text:
        return None
    try:
        return float(text)
    except ValueError:
        return None


def unreadable(name: str, error: Exception, member: str | None = None) -> OSError:
    """The OSError for a NumPy file (or one member of a .npz) that cannot be loaded.

    Corrupt bytes fail anywhere in numpy's header parser or in zipfile and zlib, with any
    exception type, so callers catch them all. An object array is refused by name (numpy
    says "allow_pickle" when loading it, "Python objects" when memory-mapping it).
    """
    part = "" if member is None else f" (array {member!r})"
    if "allow_pickle" in str(error) or "Python objects" in str(error):
        return OSError(f"{name}{part} holds an object array, which is never unpickled; save numeric or string arrays")
    return OSError(f"cannot read {name}{part} as a NumPy file: {str(error) or type(error).__name__}")


def load_numpy(file: Source, stream=None):
    """np.load of a .npy or .npz `file` without unpickling: a file on disk memory-mapped (.npy), else
    read from `stream` (an open stream of it, which a .npz needs open while its members are read)."""
    target = stream if stream is not None else (file.path if file.data is None else file.open())
    try:
        return np.load(target, mmap_mode="r" if isinstance(target, (str, os.PathLike)) else None, allow_pickle=False)
    except Exception as error:  # of any type: see unreadable
        raise unreadable(file.name, error) from None
