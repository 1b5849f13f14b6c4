"""Writing results to stdout as a table (tabulate), JSON or CSV, and showing numbers in them.

JSON keeps every value exact and readable by any parser: integers beyond 2^53 (ψ(m, n),
sample sizes of 300 digits) are written as strings of their digits — the record's ``log_``
fields give their logarithms beside them — and infinities and NaN as the strings "inf"
and "nan".

The LaTeX table formats (latex, latex_raw, latex_booktabs, latex_longtable) are pure ASCII
that pdflatex compiles: every cell is escaped here and its symbols written as LaTeX (× as
``$\\times$``, 10^-3 as ``$10^{-3}$``, Â as ``$\\hat{A}$``), and the title and notes above and
below the table become comments spelled in ASCII ("delta", "<=", "x").
"""

from __future__ import annotations

import contextlib
import csv
import json
import math
import re
import sys
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

LN10 = math.log(10.0)
_JSON_EXACT = 2**53
_LONG_INTEGER = re.compile(r"-?[0-9]{7,}")


@dataclass(frozen=True)
class Column:
    """A table column: its header and how to show a record's value."""

    header: str
    show: Callable[[dict], str]


def number(value) -> str:
    """Six significant digits, integers as :func:`integer` shows counts; ∞ (a deliberate
    infinity, such as an undefined variance's half-width) and '—' (absent) spelled out."""
    if value is None:
        return "—"
    if isinstance(value, float) and math.isinf(value):
        return "∞" if value > 0 else "−∞"
    if isinstance(value, int) and not isinstance(value, bool):
        if value == 0:
            return "0"
        shown = integer(math.log(abs(value)), abs(value))
        return shown if value > 0 else shown.replace("≈ ", "≈ -") if shown.startswith("≈") else "-" + shown
    return f"{value:.6g}"


def integer(log_value: float, exact=None) -> str:
    """A count: in full when it is an integer of at most 30 digits, else to 6 digits (a power of ten past 10^15).

    `exact` is the integer itself or a function computing it (called only when short).
    """
    if not math.isfinite(log_value):
        return "∞"
    if log_value < 30 * LN10 - 1e-9 and exact is not None:
        return str(exact() if callable(exact) else exact)
    if log_value < 15 * LN10:
        return f"{math.exp(log_value):.6g}"
    if log_value / LN10 >= 1e15:  # the exponent itself is too long to show, and its last digits unknown
        return f"≈ 10^({integer(math.log(log_value / LN10)).removeprefix('≈ ')})"
    power = math.floor(log_value / LN10)
    mantissa = round(10 ** (log_value / LN10 - power), 5)
    if mantissa >= 10:  # 9.999996… rounds up to the next power
        mantissa, power = mantissa / 10, power + 1
    return f"≈ {mantissa:.5f} × 10^{power}"


def size(value) -> str:
    """A sample size: the integer (in full up to 30 digits), or 'beyond 10^300' for None."""
    if value is None:
        return "beyond 10^300"
    return integer(math.log(value), value)


def vacuous(record: dict, low: float = 0.0, high: float = 1.0) -> bool:
    """Whether an interval row says nothing: all of [`low`, `high`] (the guarantee 'vacuous'),
    or a half-width that shows as high − low (for the AUC: ε ≥ 0.9999995 shows as 1), or
    ends that show as [`low`, `high`]."""
    if record["guarantee"] == "vacuous":
        return True
    epsilon, span = record.get("epsilon"), high - low
    if epsilon is not None and (epsilon >= span or number(epsilon) == number(span)):
        return True
    lo, hi = record.get("lo"), record.get("hi")
    return lo is not None and hi is not None and number(lo) == number(low) and number(hi) == number(high)


def degenerate(record: dict) -> bool:
    """Whether an interval row is a single point: a variance estimate of zero (Â = 0 or 1)."""
    return record.get("lo") is not None and record.get("lo") == record.get("hi")


def guarantee_text(record: dict, low: float = 0.0, high: float = 1.0) -> str:
    """The row's guarantee: 'vacuous' for a row that says nothing (see :func:`vacuous`),
    'degenerate' for a single point (see :func:`degenerate`)."""
    if vacuous(record, low, high):
        return "vacuous"
    return "degenerate" if degenerate(record) else record["guarantee"]


def interval_text(record: dict) -> str:
    """'[lo, hi]', or 'vacuous' for an interval that says nothing (see :func:`vacuous`)."""
    if vacuous(record):
        return "vacuous"
    return f"[{number(record['lo'])}, {number(record['hi'])}]"


# --- LaTeX ---------------------------------------------------------------------------------

LATEX_FORMATS = ("latex", "latex_raw", "latex_booktabs", "latex_longtable")

#: LaTeX's special characters in text, escaped (``^`` is a power: see :func:`latex_text`).
_LATEX_ESCAPES = {"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "{": r"\{", "}": r"\}",
                  "~": r"\textasciitilde{}", "\\": r"\textbackslash{}", "^": r"\textasciicircum{}"}

_GREEK = {"α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "varepsilon", "ζ": "zeta", "η": "eta",
          "θ": "theta", "κ": "kappa", "λ": "lambda", "μ": "mu", "ν": "nu", "ξ": "xi", "π": "pi", "ρ": "rho",
          "σ": "sigma", "τ": "tau", "φ": "varphi", "χ": "chi", "ψ": "psi", "ω": "omega", "Γ": "Gamma",
          "Δ": "Delta", "Θ": "Theta", "Λ": "Lambda", "Ξ": "Xi", "Π": "Pi", "Σ": "Sigma", "Φ": "Phi", "Ψ": "Psi",
          "Ω": "Omega"}

#: Each symbol the tables use: (LaTeX, math mode?, ASCII for comments).
_SYMBOLS = {
    **{letter: ("\\" + name, True, name.removeprefix("var")) for letter, name in _GREEK.items()},
    "≈": (r"\approx", True, "~"), "×": (r"\times", True, "x"), "·": (r"\cdot", True, "*"), "−": ("-", True, "-"),
    "±": (r"\pm", True, "+/-"), "≤": (r"\le", True, "<="), "≥": (r"\ge", True, ">="), "≠": (r"\ne", True, "!="),
    "∞": (r"\infty", True, "inf"), "√": (r"\surd", True, "sqrt"), "→": (r"\to", True, "->"), "∈": (r"\in", True, "in"),
    "′": ("'", True, "'"), "″": ("''", True, "''"), "‖": (r"\|", True, "||"), "∑": (r"\sum", True, "sum"),
    "⌈": (r"\lceil", True, "ceil("), "⌉": (r"\rceil", True, ")"), "⌊": (r"\lfloor", True, "floor("),
    "⌋": (r"\rfloor", True, ")"), "∝": (r"\propto", True, "~"), "≡": (r"\equiv", True, "=="), "⁄": ("/", True, "/"),
    "½": (r"\frac{1}{2}", True, "1/2"), "¼": (r"\frac{1}{4}", True, "1/4"), "¾": (r"\frac{3}{4}", True, "3/4"),
    **{sup: (f"^{{{digit}}}", True, f"^{digit}") for sup, digit in zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")},
    **{sub: (f"_{{{digit}}}", True, f"_{digit}") for sub, digit in zip("₀₁₂₃₄₅₆₇₈₉", "0123456789")},
    "—": ("---", False, "--"), "–": ("--", False, "-"), "…": (r"\ldots{}", False, "..."), "§": (r"\S{}", False, "Sec. "),
    "\u00a0": ("~", False, " "), "‘": ("`", False, "'"), "’": ("'", False, "'"), "“": ("``", False, '"'),
    "”": ("''", False, '"'), "°": (r"\ensuremath{^\circ}", False, " deg"),
}

#: Combining accents (after the letter they sit on, as NFD writes Â): (LaTeX accent, ASCII suffix).
_ACCENTS = {"\u0302": ("hat", "-hat"), "\u0304": ("bar", "-bar"), "\u0303": ("tilde", "~"), "\u0307": ("dot", "-dot"),
            "\u0301": ("acute", "'"), "\u0300": ("grave", "`"), "\u0308": ("ddot", '"')}

_POWER = re.compile(r"([0-9]+)\^([-−]?[0-9]+)(?![\w.(])")


def _unknown(char: str) -> tuple[str, str]:
    """(LaTeX, ASCII) for a character with no entry above: its ASCII compatibility form
    (ﬁ: fi), else its code point in brackets."""
    ascii_form = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode("ascii") or f"[U+{ord(char):04X}]"
    return "".join(_LATEX_ESCAPES.get(c, c) for c in ascii_form), ascii_form


def _exponent(text: str, start: int) -> int:
    """The end of the exponent after the ``^`` at ``start - 1``: a parenthesised group, or a
    signed word (with a parenthesised argument, as in max(m, n))."""
    end = start
    if end < len(text) and text[end] in "-−":
        end += 1
    while end < len(text) and (text[end].isalnum() or text[end] == "."):
        end += 1
    if end < len(text) and text[end] == "(":
        depth = 0
        for k in range(end, len(text)):
            depth += {"(": 1, ")": -1}.get(text[k], 0)
            if depth == 0:
                return k + 1
    return end


def latex_text(text: str) -> str:
    """`text` as LaTeX for a table cell: ASCII only, its specials escaped, its symbols in math.

    >>> print(latex_text("≈ 2.65614 × 10^95 (§4.1: all 3^(m·n))"))
    $\\approx$ 2.65614 $\\times$ $10^{95}$ (\\S{}4.1: all 3\\textsuperscript{m$\\cdot$n})
    >>> print(latex_text("Â − 1_a, −∞"))
    $\\hat{A}$ $-$ 1\\_a, $-\\infty$
    """
    text = unicodedata.normalize("NFD", str(text))
    pieces: list[tuple[bool, str]] = []  # (math?, LaTeX); neighbouring math pieces share one $…$
    k = 0
    while k < len(text):
        char = text[k]
        power = _POWER.match(text, k) if char.isdigit() and (k == 0 or not text[k - 1].isalnum()) else None
        if power:
            pieces.append((True, f"{power[1]}^{{{power[2].replace('−', '-')}}}"))
            k = power.end()
            continue
        if char == "^" and k + 1 < len(text):
            end = _exponent(text, k + 1)
            if end > k + 1:
                exponent = text[k + 1:end]
                if exponent.startswith("(") and exponent.endswith(")"):
                    exponent = exponent[1:-1]
                pieces.append((False, rf"\textsuperscript{{{latex_text(exponent)}}}"))
                k = end
                continue
        accent = _ACCENTS.get(text[k + 1]) if k + 1 < len(text) else None
        if accent:
            if char in _SYMBOLS and _SYMBOLS[char][1]:
                base = _SYMBOLS[char][0]
            else:
                base = char if char.isascii() and char.isalpha() else None
            if base is not None:
                pieces.append((True, rf"\{accent[0]}{{{base}}}"))
                k += 2
                continue
        if char in "<>":
            pieces.append((True, char))
        elif char in _LATEX_ESCAPES:
            pieces.append((False, _LATEX_ESCAPES[char]))
        elif char.isascii():
            pieces.append((False, char))
        elif char in _SYMBOLS:
            latex, math, _ = _SYMBOLS[char]
            pieces.append((math, latex + (" " if math and latex[-1].isalpha() else "")))
        elif unicodedata.combining(char):
            pass  # an accent on nothing LaTeX can carry it on
        else:
            pieces.append((False, _unknown(char)[0]))
        k += 1
    out, math = [], False
    for in_math, latex in pieces:
        if in_math != math:
            out.append("$")
            math = in_math
        out.append(latex)
    if math:
        out.append("$")
    return _tidy("".join(out))


def _tidy(latex: str) -> str:
    """Drop the space a control word left before the end of its math (``$\\times $`` → ``$\\times$``)."""
    return re.sub(r"(\\[A-Za-z]+) (?=\$)", r"\1", latex)


def ascii_text(text: str) -> str:
    """`text` spelled in ASCII, for the comment lines around a LaTeX table.

    >>> ascii_text("estimate Â = 0.83, δ ≤ ½ (§4.1)")
    'estimate A-hat = 0.83, delta <= 1/2 (Sec. 4.1)'
    """
    out = []
    for char in unicodedata.normalize("NFD", str(text)):
        if char.isascii():
            out.append(char)
        elif char in _ACCENTS:
            out.append(_ACCENTS[char][1])
        elif char in _SYMBOLS:
            out.append(_SYMBOLS[char][2])
        elif not unicodedata.combining(char):
            out.append(_unknown(char)[1])
    return "".join(out).replace("Sec.  ", "Sec. ")


def _latex_format(tablefmt: str):
    """tabulate's format `tablefmt` without its escaping (the cells come escaped by :func:`latex_text`)."""
    from tabulate import Line, TableFormat

    booktabs, longtable = tablefmt == "latex_booktabs", tablefmt == "latex_longtable"
    environment = "longtable" if longtable else "tabular"

    def begin(colwidths, colaligns):
        spec = "".join({"right": "r", "center": "c", "decimal": "r"}.get(align, "l") for align in colaligns)
        return f"\\begin{{{environment}}}{{{spec}}}\n" + ("\\toprule" if booktabs else "\\hline")

    def row(cells, colwidths, colaligns):
        return ("&".join(cells) + "\\\\").rstrip()

    below_header = "\\midrule" if booktabs else "\\hline\n\\endhead" if longtable else "\\hline"
    below = ("\\bottomrule" if booktabs else "\\hline") + f"\n\\end{{{environment}}}"
    return TableFormat(lineabove=begin, linebelowheader=Line(below_header, "", "", ""), linebetweenrows=None,
                       linebelow=Line(below, "", "", ""), headerrow=row, datarow=row, padding=1,
                       with_header_hide=None)


def _jsonable(value):
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int) and abs(value) > _JSON_EXACT:
        return str(value)
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {str(key): _jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(item) for item in value]
    return value


@contextlib.contextmanager
def long_integers():
    """Lift Python's limit on writing integers of more than 4300 digits (ψ(1000, 1000) has 5859)."""
    limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    if limit:
        sys.set_int_max_str_digits(0)
    try:
        yield
    finally:
        if limit:
            sys.set_int_max_str_digits(limit)


def emit(*, records, columns, parameters, title=(), notes=(), output_format="table", tablefmt="simple",
         as_written=False):
    """Write `records` (dicts of plain values) in the chosen format.

    JSON gets ``{"parameters": …, "results": records}``; CSV gets every field of every
    record; the table gets `columns`, with `title` above and `notes` below (as LaTeX
    comments for the latex formats). With `as_written` every cell is shown as its column
    wrote it (tabulate would drop the trailing zeros of 2.6760), right-aligned after the first column.
    """
    out = sys.stdout
    with long_integers():
        if output_format == "json":
            json.dump(_jsonable({"parameters": parameters, "results": list(records)}), out, indent=2, ensure_ascii=False)
            out.write("\n")
            return
        if output_format == "csv":
            fields = list(dict.fromkeys(key for record in records for key in record))
            writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
            writer.writeheader()
            writer.writerows(records)
            return
    import tabulate

    cells = [[column.show(record) for column in columns] for record in records]
    # tabulate would reprint a long exact integer in a column that also holds floats with %g:
    # such columns are kept as written, and right-aligned as numbers are
    exact = [k for k in range(len(columns)) if any(_LONG_INTEGER.fullmatch(row[k]) for row in cells)
             or (as_written and k > 0)]
    headers = [column.header for column in columns]
    latex = tablefmt in LATEX_FORMATS
    if latex:
        cells = [[latex_text(cell) for cell in row] for row in cells]
        headers = [latex_text(header) for header in headers]
        title, notes = [f"% {ascii_text(line)}" for line in title], [f"% {ascii_text(line)}" for line in notes]
    table = tabulate.tabulate(
        cells,
        headers=headers,
        tablefmt=_latex_format(tablefmt) if latex else tablefmt,
        disable_numparse=exact or False,
        colalign=[("right" if k in exact else "global") for k in range(len(columns))] if exact else None,
    )
    for line in title:
        out.write(f"{line}\n")
    if title:
        out.write("\n")
    out.write(table + "\n")
    if notes:
        out.write("\n")
    for line in notes:
        out.write(f"{line}\n")


def threshold_cell(value) -> str:
    """A curve's threshold in a table: ±inf spelled out (the curve's ends), "-" for none."""
    if value is None:
        return "-"
    return {float("inf"): "inf", float("-inf"): "-inf"}.get(value, number(value))


def count_cell(value) -> str:
    """A count in a table: an integer in full, a sum of weights as a number, "-" for none."""
    if value is None:
        return "-"
    return str(value) if isinstance(value, int) else number(value)
