"""What every plot shares: the figure and its panels, method styles, skew labels, and the rows.

matplotlib is imported here only, inside :func:`new_figure`, and only its object-oriented
API is used (``matplotlib.figure.Figure`` on an Agg canvas, no pyplot): no global state,
no display needed; ``Figure.savefig`` renders PNG with Agg, PDF and SVG with their own
backends.
"""

from __future__ import annotations

import math
import numbers
import textwrap
import weakref
from typing import TYPE_CHECKING

import numpy as np

from .. import _validate as v
from ..bounds import METHODS

if TYPE_CHECKING:
    from fractions import Fraction

#: Inches per panel (width, height), and the resolution of saved bitmaps.
PANEL_SIZE = (5.4, 4.0)
DPI = 110

#: Line style by kind of curve: the paper's guaranteed bounds solid, bounds beyond the
#: paper dashed, asymptotic (or plug-in, best-case) ones dotted.
SOLID, DASHED, DOTTED = "-", "--", ":"
BEYOND = "beyond the paper"


#: The figures :func:`new_figure` made (a user's figure, drawn into through ``ax``, is not among them).
_MADE_HERE = weakref.WeakSet()


def new_figure(panels: int, *, columns: int = 2, title: str | None = None, size=PANEL_SIZE, ax=None):
    """A constrained-layout Figure with `panels` axes on a grid; returns ``(figure, axes list)``.

    `size` is the (width, height) of one panel in inches. With `ax` (one Axes, or a sequence
    of Axes one per panel: see :func:`given_axes`) the panels are those Axes and the figure
    is theirs: its title, size and layout are left as they are.
    """
    if ax is not None:
        axes = given_axes(ax, panels)
        return root_figure(axes[0]), axes
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    columns = min(columns, panels)
    rows = math.ceil(panels / columns)
    figure = Figure(figsize=(size[0] * columns, size[1] * rows + 0.3), dpi=DPI, layout="constrained")
    FigureCanvasAgg(figure)
    _MADE_HERE.add(figure)
    grid = figure.subplots(rows, columns, squeeze=False)
    axes = list(grid.ravel())
    for unused in axes[panels:]:
        unused.remove()
    if title:
        figure.suptitle(_wrap(title, int(10 * size[0] * columns)), fontsize="large")
    return figure, axes[:panels]


def made_here(figure) -> bool:
    """Whether :func:`new_figure` made `figure` (rather than a user handing in its Axes)."""
    return figure in _MADE_HERE


def root_figure(ax):
    """The Figure an Axes is drawn on (through any subfigures)."""
    figure = ax.figure
    while getattr(figure, "figure", figure) is not figure:  # a SubFigure's .figure is its parent's root
        figure = figure.figure
    return figure


def given_axes(ax, panels: int | None = None) -> list:
    """`ax` as a list of distinct Axes of one figure: one Axes, or a sequence (a list, a tuple, the
    array ``Figure.subplots`` returns) of them, one per panel in the plot's order of panels.

    With `panels`, exactly that many; a single-panel plot takes one Axes or a sequence of one.

    >>> from matplotlib.figure import Figure
    >>> figure = Figure()
    >>> left, right = figure.subplots(1, 2)
    >>> given_axes(left, 1) == [left], len(given_axes(Figure().subplots(2, 2), 4))
    (True, 4)
    >>> given_axes([left, right], 3)
    Traceback (most recent call last):
      ...
    aucbound._validate.ParameterError: `ax` must be a sequence of 3 Axes, one per panel, but got 2 Axes.
    """
    from matplotlib.axes import Axes

    rule = "a matplotlib Axes, or a sequence of Axes (one per panel)"
    found = [ax] if isinstance(ax, Axes) else list(np.asarray(ax, dtype=object).ravel()) \
        if isinstance(ax, (list, tuple, np.ndarray)) else None
    if not found or not all(isinstance(one, Axes) for one in found):
        raise v.ParameterTypeError("ax", rule, v.show(ax))
    if panels is not None and len(found) != panels:
        wanted = "one Axes" if panels == 1 else f"a sequence of {panels} Axes, one per panel"
        raise v.ParameterError("ax", wanted, f"{len(found)} Axes")
    if len({id(one) for one in found}) < len(found):
        raise v.ParameterError("ax", "distinct Axes, one per panel", "the same Axes twice")
    if len({id(root_figure(one)) for one in found}) > 1:
        raise v.ParameterError("ax", "Axes of one figure", "Axes of several figures")
    return found


def _wrap(title: str, width: int) -> str:
    """`title` in lines of at most `width` characters (about 10 an inch at this size),
    broken after its commas, so that 'δ = 0.01' stays whole."""
    import textwrap

    lines: list[str] = []
    for chunk in title.split(", "):
        if lines and len(lines[-1]) + 2 + len(chunk) <= width:
            lines[-1] += ", " + chunk
        else:
            if lines:
                lines[-1] += ","
            lines.append(chunk)
    return "\n".join(textwrap.fill(line, width) for line in lines)


def plain_log_ticks(axis) -> None:
    """Label a log axis spanning few decades at 1, 2, 5 × 10^k in plain numbers (0.02, 50)."""
    from matplotlib.ticker import FixedLocator, FuncFormatter, NullFormatter

    axis.set_major_locator(FixedLocator([c * 10.0**k for k in range(-8, 9) for c in (1, 2, 5)]))
    axis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}"))
    axis.set_minor_formatter(NullFormatter())


def short_log_range(axis, lo, hi) -> None:
    """Plain tick labels on a log axis from lo to hi when it spans at most two decades."""
    if hi <= 100 * lo:
        plain_log_ticks(axis)


#: The decades a logarithmic axis may span: its limits, ticks and margins stay floats.
LOG_DECADES = (-300, 300)


def safe_log_axis(axis, values) -> None:
    """Limits and decade ticks for a logarithmic `axis` holding the finite positive `values`.

    matplotlib's own margins (5% of the span each side) and tick locator (which looks a few
    tick steps beyond the ends) pass the largest float for data near 10^300 — an overflow
    warning, then an OverflowError; here the limits keep the 5% margin, but within
    10^±300, and the major ticks are decades inside the limits (no minor ticks when the
    span is wide). Nothing changes without a finite positive value.
    """
    from matplotlib.ticker import FixedLocator, NullLocator

    values = np.asarray(values, dtype=float).ravel()
    values = values[np.isfinite(values) & (values > 0)]
    if values.size == 0:
        return
    lo, hi = math.log10(values.min()), math.log10(values.max())
    pad = 0.05 * (hi - lo) if hi > lo else 0.5
    lo, hi = max(lo - pad, LOG_DECADES[0]), min(hi + pad, LOG_DECADES[1])
    axis.axes.set(**{f"{axis.axis_name}lim": (10.0**lo, 10.0**hi)})
    first, last = math.ceil(lo), math.floor(hi)
    if last - first > 12:  # about eight labelled decades, no minor ticks
        step = math.ceil((last - first) / 8)
        axis.set_major_locator(FixedLocator([10.0**k for k in range(first, last + 1, step)]))
        axis.set_minor_locator(NullLocator())


def method_label(key: str) -> str:
    """A method's legend entry: its literature name, then in parentheses its source (authors,
    year, result), its guarantee when not distribution-free and 'beyond the paper' when it
    is not in Agarwal et al. (2005).

    >>> method_label("mcdiarmid"), method_label("normal-max")
    ('McDiarmid (Agarwal et al. 2005, Cor 3.4)', 'Normal approximation with σ_max (Agarwal et al. 2005, Eq. 13, 14; asymptotic)')
    """
    spec = METHODS[key]
    tags = [spec.source] + ([spec.guarantee] if spec.guarantee != "distribution-free" else [])
    tags += [BEYOND] if spec.beyond_paper else []
    label = spec.name[0].upper() + spec.name[1:]
    return f"{label} ({'; '.join(tags)})"


#: The most characters on one line of a legend entry; longer entries are broken (see :func:`wrapped`).
LEGEND_WIDTH = 48


def wrapped(label: str, width: int = LEGEND_WIDTH) -> str:
    """A legend entry in lines of at most `width` characters: broken first before the
    parenthesis that ends it (its source), then at spaces, never inside "et al." (the
    data's series keep the one line).

    >>> print(wrapped("Normal approximation with σ_max (Agarwal et al. 2005, Eq. 13, 14; asymptotic)"))
    Normal approximation with σ_max
    (Agarwal et al. 2005, Eq. 13, 14; asymptotic)
    """
    if len(label) <= width:
        return label
    kept = label.replace("et al.", "et\u00a0al.")
    head, paren, rest = kept.rpartition(" (") if kept.endswith(")") else ("", "", "")
    parts = [head, "(" + rest] if paren and len(head) >= 8 else [kept]
    lines = [line for part in parts for line in textwrap.wrap(part, width, break_long_words=False)]
    return "\n".join(lines).replace("\u00a0", " ")


def legend(target, *, width: int = LEGEND_WIDTH, **options):
    """``target.legend`` (an Axes or, with ``handles`` and ``labels`` in `options`, a Figure)
    with every entry :func:`wrapped`."""
    if "labels" in options:
        options["labels"] = [wrapped(label, width) for label in options["labels"]]
    else:
        handles, labels = target.get_legend_handles_labels()
        options.update(handles=handles, labels=[wrapped(label, width) for label in labels])
    return target.legend(**options)


#: Twenty distinguishable colours: matplotlib's tab10, then the dark shades of tab20b and tab20c.
PALETTE = (
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
    "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173", "#3182bd", "#e6550d", "#31a354", "#756bb1", "#636363",
)


def method_style(key: str) -> dict:
    """Colour (one per method, the same in every figure) and line style (see SOLID …)."""
    spec = METHODS[key]
    if spec.guarantee != "distribution-free":
        style = DOTTED
    else:
        style = DASHED if spec.beyond_paper else SOLID
    return {"color": PALETTE[list(METHODS).index(key) % len(PALETTE)], "linestyle": style, "linewidth": 1.8}


def skew(parameter: str, value) -> Fraction:
    """A skew ρ in (0, 1) as a Fraction: 0.1, '1/10' and Fraction(1, 10) alike."""
    return v.skew(parameter, value)


def skew_text(rho: Fraction) -> str:
    """'1/10' for a fraction with a small denominator, else the decimal."""
    return f"{rho.numerator}/{rho.denominator}" if rho.denominator <= 10**4 else f"{float(rho):.6g}"


def skews(parameter: str, values) -> list[Fraction]:
    """A non-empty sequence of skews (at most six panels)."""
    if isinstance(values, (str, numbers.Number)):
        values = [values]
    values = [skew(parameter, value) for value in values]
    if not 1 <= len(values) <= 6:
        raise v.fail(parameter, "one to six skews (one panel each)", f"{len(values)} values")
    return values


def size_range(parameter: str, value, *, lowest: int = 1) -> tuple[int, int]:
    """(lo, hi), integers with lowest ≤ lo < hi ≤ 10^12 (integral floats such as 1e6 accepted)."""
    try:
        lo, hi = value
    except (TypeError, ValueError):
        raise v.fail(parameter, "a pair (lo, hi)", value) from None
    lo, hi = v.count(parameter, lo, minimum=lowest), v.count(parameter, hi, minimum=lowest)
    if not lo < hi <= 10**12:
        raise v.fail(parameter, "a pair lo < hi ≤ 10^12", (lo, hi))
    return lo, hi


def open_range(parameter: str, value) -> tuple[float, float]:
    """(lo, hi) with 0 < lo < hi < 1."""
    try:
        lo, hi = value
    except (TypeError, ValueError):
        raise v.fail(parameter, "a pair (lo, hi)", value) from None
    lo, hi = v.probability(parameter, lo, scalar=True), v.probability(parameter, hi, scalar=True)
    if not lo < hi:
        raise v.fail(parameter, "a pair lo < hi in (0, 1)", (lo, hi))
    return lo, hi


def log_grid(lo: int, hi: int, points: int, *, step: int = 1) -> np.ndarray:
    """About `points` integers from lo to hi, evenly spaced in log, all multiples of `step`."""
    lo = step * math.ceil(lo / step)
    grid = np.unique(np.round(np.geomspace(lo, hi, points) / step).astype(np.int64)) * step
    return grid[(grid >= lo) & (grid <= hi)]


def delta_text(delta: float) -> str:
    return f"δ = {delta:g}"


class Rows:
    """The numbers behind the curves, one dict per plotted point.

    Every row has the same four keys: ``panel`` (the panel's title, e.g. 'm/(m+n) = 1/10'),
    ``series`` (the curve's legend entry), ``x`` and ``y`` (the point, in the axis units).
    """

    def __init__(self):
        self.rows: list[dict] = []

    def add(self, panel: str, series: str, xs, ys) -> None:
        """Record a curve's points (non-finite y, such as a size beyond 10^300, left out)."""
        for x, y in zip(np.asarray(xs).tolist(), np.asarray(ys, dtype=float).tolist()):
            if math.isfinite(y):
                self.rows.append({"panel": panel, "series": series, "x": x, "y": y})

    def plot(self, axes, panel: str, series: str, xs, ys, **style) -> None:
        """Draw a curve labelled `series` on `axes` and record its points."""
        axes.plot(xs, ys, label=series, **style)
        self.add(panel, series, xs, ys)


def shared_legend(figure, axes, *, handles=None, labels=None, ncols=2, **options):
    """One legend for every panel: under the panels of a figure made here (in `ncols` columns,
    frameless); in a user's figure, outside its last panel on the right, so that it hides no curve.

    `handles` and `labels` default to those of the first panel; `options` go to :func:`legend`
    (``width`` among them: the entries' longest line).
    """
    if handles is None:
        handles, labels = axes[0].get_legend_handles_labels()
    if made_here(figure):
        return legend(figure, handles=handles, labels=labels, loc="outside lower center", ncols=ncols,
                      frameon=False, **options)
    return legend(axes[-1], handles=handles, labels=labels, **outside_right(), **options)


def outside_right() -> dict:
    """The placement of a legend outside an Axes on its right, top-aligned (constrained layout
    and ``savefig(bbox_inches="tight")`` make room for it)."""
    return {"loc": "upper left", "bbox_to_anchor": (1.02, 1.0), "borderaxespad": 0.0}


def result(figure, rows: Rows, return_data: bool):
    """The figure, or ``(figure, rows)`` with `return_data`."""
    if made_here(figure):
        _center_title_on_panel(figure)
    return (figure, rows.rows) if return_data else figure


def _center_title_on_panel(figure) -> None:
    """Over a single panel, centre the figure's title on the panel, not on the figure.

    The y-axis label pushes a lone panel right of the figure's centre, so its own title
    (centred on the panel) and the figure's title would be centred on different points.
    One layout pass tells where the panel is; the next keeps the title's x.
    """
    title = getattr(figure, "_suptitle", None)
    if title is None or len(figure.axes) != 1:
        return
    figure.draw_without_rendering()
    box = figure.axes[0].get_position()
    title.set_x((box.x0 + box.x1) / 2)
