"""``aucbound optimal``: the optimal ranking functions of Uematsu & Lee (2011) — the K-step functions of
least hinge risk in the normal setting, the Bayes ranking risk, and exact minimizers on a finite set."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import click

from ..optimal import (LOSSES, MAX_HINGE_POINTS, MAX_SEARCHES, MAX_STEPS, discrete_bayes, minimize_risk, normal_bayes,
                       normal_bayes_risk, step_table)
from ._options import IntRange, given, library_errors, output_options
from ._progress import Progress
from ._render import Column, emit, number
from .psi import SizeRange

SEPARATION = click.FloatRange(min=0, min_open=True, max=1e6)


class StepCounts(SizeRange):
    """K = 1 … 25, or a range A..B of them."""

    name = "K"

    def convert(self, value, param, ctx):
        steps = super().convert(value, param, ctx)
        if steps.stop - 1 > MAX_STEPS:
            self.fail(f"{value!r}: K goes up to {MAX_STEPS} (the outer jump is about 1.9·10^54 at K = 25 with "
                      "separation 2).", param, ctx)
        return steps


class Masses(click.ParamType):
    """Probabilities separated by commas, each a decimal or p/q, read exactly: 0.2,0.3,0.5 or 1/3,1/3,1/3."""

    name = "P1,P2,…"

    def convert(self, value, param, ctx):
        if isinstance(value, tuple):
            return value
        entries = [entry.strip() for entry in str(value).split(",")]
        if len(entries) > MAX_HINGE_POINTS:
            self.fail(f"at most {MAX_HINGE_POINTS} points, but got {len(entries):,}.", param, ctx)
        masses = []
        for k, entry in enumerate(entries, 1):
            try:
                mass = Fraction(entry)
            except (ValueError, ZeroDivisionError):
                self.fail(f"entry {k} ({entry!r}) is not a probability (a decimal such as 0.25, or p/q).", param, ctx)
            masses.append(mass)
        return tuple(masses)


def _fixed(text: str, digits: int) -> str:
    """A jump (its decimal digits) as the paper prints it: `digits` decimals; a power of ten past 10^6
    (read as a Decimal, so the outer jumps of large K beyond a float's range are shown too)."""
    value = Decimal(text)
    shown = f"{value:.{digits}e}" if abs(value) >= 10**6 else f"{value:.{digits}f}"
    return "0" if Decimal(shown) == 0 else shown


def _exact(value) -> str:
    """A Fraction as 'p/q = decimal' (a float as its six digits)."""
    if isinstance(value, Fraction):
        return str(value) if value.denominator == 1 else f"{value} = {float(value):.6g}"
    return number(value)


@click.group("optimal", short_help="Optimal ranking functions under convex losses (Uematsu & Lee 2011).")
def optimal():
    """Optimal ranking functions under convex losses (Uematsu & Lee 2011).

    The likelihood ratio g+/g− ranks best (Thm 1); losses with l′(−s)/l′(s) = exp(s/α)
    lead to α·log(g+/g−) (Thm 2: α = ½ for RankBoost's exponential loss, 1 for the
    logistic loss); the hinge loss of RankSVM leads to integer-valued step functions with
    ties (Thm 4–5).

    \b
    Examples:
      aucbound optimal steps --K 1..11
      aucbound optimal bayes --pos-mean 0 --neg-mean 0 --pos-sd 1 --neg-sd 2
      aucbound optimal discrete --pos 0.2,0.3,0.5 --neg 0.5,0.3,0.2 --loss hinge --loss exponential
    """


def _table_rows(rows, digits: int, latex: bool):
    """Table 1's layout: a column per K, the jumps aligned at the middle (a_K on top), then the risks."""
    def place(K: int, i: int) -> int:  # the row of a_i counted up from the middle, as in Table 1
        offset = i - (K + 1) / 2
        return int(offset + 0.5) if offset > 0 else -int(-offset + 0.5)

    cells = {(place(row.K, i), column): _fixed(jump, digits)
             for column, row in enumerate(rows) for i, jump in enumerate(row.jumps_text, 1)}
    heights = sorted({height for height, _ in cells}, reverse=True)
    grid = [[cells.get((height, column), "") for column in range(len(rows))] for height in heights]
    records = [{"": "", **{f"K = {row.K}": cell for row, cell in zip(rows, line)}} for line in grid]
    records.append({"": "hinge risk", **{f"K = {row.K}": f"{row.hinge_risk:.10f}" for row in rows}})
    records.append({"": "1 - AUC" if latex else "1 − AUC", **{f"K = {row.K}": f"{row.auc_loss:.7f}" for row in rows}})
    return records


@optimal.command("steps", short_help="The K-step functions of least hinge risk for N(μ, 1) against N(−μ, 1): "
                                      "Table 1 of Uematsu & Lee (2011).")
@click.option("--K", "steps", type=StepCounts(), default="1..11", show_default=True, metavar="K|A..B",
              help=f"Number of jumps K, or a range A..B (1 ≤ K ≤ {MAX_STEPS}).")
@click.option("--separation", type=click.FloatRange(1, 50), default=2.0, show_default=True,
              help="2μ, from 1 to 50: positives X ~ N(μ, 1), negatives X′ ~ N(−μ, 1) (the paper: 2).")
@click.option("--starts", type=IntRange(min=1), default=8, show_default=True,
              help="Random starting points of the direct minimization that checks each solution is the minimum "
                   f"(values of K × starts: at most {MAX_SEARCHES:,}, about a minute).")
@click.option("--seed", type=IntRange(min=0), default=0, show_default=True, help="Seed of those starting points.")
@click.option("--digits", type=IntRange(min=1, max=15), default=4, show_default=True,
              help="Decimals of the jumps in the table (the paper: 4); JSON and CSV carry every digit.")
@output_options
def steps(steps, separation, starts, seed, digits, output_format, tablefmt):
    """The K-step functions of least hinge risk in the normal setting: Table 1 of Uematsu & Lee (2011).

    For positives X ~ N(μ, 1) and negatives X′ ~ N(−μ, 1) (μ = separation/2), the hinge
    loss is minimized by integer-valued step functions (Thm 5); among those with K unit
    jumps a_1 < … < a_K the best solve Eq. 8. Each column gives the jumps (a_K on top,
    aligned at the middle as in the paper's Table 1), the hinge risk and 1 − AUC with ties
    counted ½ (§5.1.2). Every solution is checked: Eq. 8 to 1e-12 in log form, and a direct
    minimization of the risk over all K-step functions finds nothing lower. Where the
    paper's symmetric solution is not the minimum (at separation 2: every even K ≥ 8) the
    lower point is shown and the notes say so. --tablefmt latex_booktabs prints the table
    for a paper.

    \b
    Examples:
      aucbound optimal steps --K 1..11
      aucbound optimal steps --K 1..11 --tablefmt latex_booktabs
      aucbound optimal steps --K 25 --format json
      aucbound optimal steps --K 1..6 --separation 1
    """
    with library_errors({"K": "--K", "Ks": "--K"}), Progress("direct searches") as progress:
        # the larger K take seconds each (mpmath, many starts)
        rows = step_table(steps, separation=separation, starts=starts, seed=seed, progress=progress)
        bayes = normal_bayes_risk(separation)
    parameters = {"K": [steps.start, steps.stop - 1], "separation": separation, "starts": starts, "seed": seed,
                  "bayes_risk": bayes}
    if output_format != "table":
        records = []
        for row in rows:
            record = row.as_dict()
            if output_format == "csv":
                for key in ("jumps", "jumps_text", "symmetric_jumps"):
                    record[key] = " ".join(str(x) for x in record[key])
            records.append(record)
        emit(records=records, columns=[], parameters=parameters, output_format=output_format, tablefmt=tablefmt)
        return
    records = _table_rows(rows, digits, tablefmt.startswith("latex"))
    mu = separation / 2
    notes = [f"Bayes ranking risk Φ(−{separation:g}/√2) = {bayes:.7g} (Thm 1); hinge risk E(1 − (f(X) − f(X′)))+, "
             "1 − AUC with ties counted ½"]
    lopsided = [row for row in rows if not row.symmetric]
    if lopsided:
        notes.append("K = " + ", ".join(str(row.K) for row in lopsided) + ": the symmetric solution of Eq. 8 is "
                     "not the minimum (risk " + ", ".join(f"{row.symmetric_risk:.10f}" for row in lopsided)
                     + "); shown is a lower, lopsided stationary point (its mirror image is a minimum too)")
    failed = [row.K for row in rows if not (row.stationary and row.minimum)]
    if failed:
        notes.append("K = " + ", ".join(map(str, failed)) + ": NOT confirmed (Eq. 8 residual above 1e-12, or the "
                     "direct search found a lower risk); see --format json")
    else:
        notes.append(f"every column: Eq. 8 holds to within {_power_of_ten_above(max(row.residual for row in rows))} "
                     "in log form, and "
                     f"{starts} direct minimizations from random starts found no lower risk")
    precise = [row.K for row in rows if row.precision != "double"]
    if precise:
        notes.append(f"K = {', '.join(map(str, precise))}: solved in mpmath, as double precision cannot hold the "
                     "outer jumps; --format json gives every digit")
    notes.append(f"K = {rows[-1].K}: 1 − AUC is {rows[-1].auc_loss - bayes:.4g} above the Bayes risk (the hinge loss "
                 "is not consistent for ranking, §5.1.2)")
    emit(
        records=records,
        columns=[Column(key, lambda r, key=key: r[key]) for key in records[0]],
        parameters=parameters,
        title=[f"Jumps a_1 < … < a_K of the K-step functions of least hinge risk, X ~ N({mu:g}, 1) against "
               f"X′ ~ N({-mu:g}, 1) (Uematsu & Lee 2011, Eq. 8 and Table 1)"],
        notes=notes,
        output_format=output_format,
        tablefmt=tablefmt,
        as_written=True,
    )


@optimal.command("bayes", short_help="The optimal AUC and Bayes ranking risk of two normal classes (Thm 1).")
@click.option("--separation", type=SEPARATION,
              help="Shorthand for --pos-mean separation/2 --neg-mean −separation/2 with both sds 1.")
@click.option("--pos-mean", type=click.FloatRange(-1e300, 1e300), default=1.0, show_default=True,
              help="Mean of the positives.")
@click.option("--neg-mean", type=click.FloatRange(-1e300, 1e300), default=-1.0, show_default=True,
              help="Mean of the negatives.")
@click.option("--pos-sd", type=click.FloatRange(min=0, min_open=True, max=1e300), default=1.0, show_default=True,
              help="Standard deviation of the positives.")
@click.option("--neg-sd", type=click.FloatRange(min=0, min_open=True, max=1e300), default=1.0, show_default=True,
              help="Standard deviation of the negatives.")
@output_options
def bayes(separation, pos_mean, neg_mean, pos_sd, neg_sd, output_format, tablefmt):
    """The optimal AUC and Bayes ranking risk of X ~ N(pos-mean, pos-sd²) against X′ ~ N(neg-mean, neg-sd²).

    Thm 1 of Uematsu & Lee (2011): the likelihood ratio ranks best. With equal sds it is
    increasing in x and the Bayes ranking risk is Φ(−|Δ|/(σ√2)); with unequal sds (beyond
    the paper) it is not monotone in x, so the optimal AUC exceeds the AUC of x itself:
    both are printed.

    \b
    Examples:
      aucbound optimal bayes --separation 2
      aucbound optimal bayes --pos-mean 0 --neg-mean 0 --pos-sd 1 --neg-sd 2
      aucbound optimal bayes --pos-mean 1.5 --pos-sd 2 --format json
    """
    ctx = click.get_current_context()
    if separation is not None:
        clash = [name for name in ("pos_mean", "neg_mean", "pos_sd", "neg_sd") if given(ctx, name)]
        if clash:
            raise click.UsageError(f"--separation sets the means and sds; leave out --{clash[0].replace('_', '-')}.",
                                   ctx)
        pos_mean, neg_mean = separation / 2, -separation / 2
    with library_errors():
        result = normal_bayes(pos_mean, neg_mean, pos_sd, neg_sd)
    record = result.as_dict()
    if output_format != "table":
        emit(records=[record], columns=[], parameters={}, output_format=output_format, tablefmt=tablefmt)
        return
    if result.monotone:
        ranked = "the likelihood ratio is increasing in x" if result.identity_auc >= 0.5 else \
            "the likelihood ratio is decreasing in x"
    else:
        ranked = "the likelihood ratio is not monotone in x (unequal sds): x itself is not optimal"
    lines = [
        ("optimal AUC (ranking by g+/g−)", number(result.optimal_auc)),
        ("Bayes ranking risk = 1 − optimal AUC", number(result.bayes_risk)),
        ("AUC of x itself, P(X > X′)", number(result.identity_auc)),
    ]
    if result.distance is not None:
        lines.append(("|Δ|/σ", number(result.distance)))
    emit(
        records=[{"quantity": name, "value": value} for name, value in lines],
        columns=[Column("quantity", lambda r: r["quantity"]), Column("value", lambda r: r["value"])],
        parameters={},
        title=[f"X ~ N({result.pos_mean:g}, {result.pos_sd:g}²) against X′ ~ N({result.neg_mean:g}, "
               f"{result.neg_sd:g}²): {ranked} (Uematsu & Lee 2011, Thm 1)"],
        notes=[f"method: {result.method}"],
        output_format=output_format,
        tablefmt=tablefmt,
    )


@optimal.command("discrete", short_help="Exact minimizers f* of the ranking risk on N points (Thm 2–5).")
@click.option("--pos", type=Masses(), required=True, help="g+: the positives' probabilities, e.g. 0.2,0.3,0.5.")
@click.option("--neg", type=Masses(), required=True, help="g−: the negatives' probabilities on the same points.")
@click.option("--loss", "losses", type=click.Choice(list(LOSSES)), multiple=True,
              help="Loss to minimize (repeatable) [default: hinge].")
@output_options
def discrete(pos, neg, losses, output_format, tablefmt):
    """Exact minimizers f* of R_l(f) = Σ_x Σ_z g+(x)·g−(z)·l(f(x) − f(z)) on N points (Uematsu & Lee 2011).

    Each probability is read exactly (0.2 is 1/5), so the Bayes ranking risk of the
    likelihood ratio (Thm 1) and the minimal hinge risk are exact fractions. Smooth losses
    are minimized by Newton's method (f* unique up to a constant, shown with mean 0:
    α·log(g+/g−) where Thm 2 applies, α = ½ for the exponential loss and 1 for the
    logistic); the hinge loss by a linear program, whose integer-valued minimizer (Thm 5)
    is shown with smallest value 0. Points where f* ties are marked with a letter per tie.

    \b
    Examples:
      aucbound optimal discrete --pos 0.2,0.3,0.5 --neg 0.5,0.3,0.2
      aucbound optimal discrete --pos 1/3,1/3,1/3 --neg 0.5,0.3,0.2 --loss hinge --loss logistic
      aucbound optimal discrete --pos 0.1,0.2,0.3,0.4 --neg 0.4,0.3,0.2,0.1 --loss exponential --format json
    """
    losses = tuple(dict.fromkeys(losses)) or ("hinge",)
    with library_errors():
        best = discrete_bayes(pos, neg)
        results = [minimize_risk(pos, neg, loss=loss) for loss in losses]
    records = []
    for point, (p, q) in enumerate(zip(pos, neg)):
        record = {"point": point + 1, "pos": str(p), "neg": str(q),
                  "log_ratio": math.inf if q == 0 else (-math.inf if p == 0 else math.log(p / q))}
        for result in results:
            record[f"f_{result.loss}"] = float(result.f[point])
        records.append(record)
    parameters = {"losses": list(losses), "bayes_risk": str(best.bayes_risk), "optimal_auc": str(best.optimal_auc),
                  "risks": {result.loss: (str(result.risk) if isinstance(result.risk, Fraction) else result.risk)
                            for result in results},
                  "ties": {result.loss: [[k + 1 for k in group] for group in result.ties] for result in results}}
    if output_format != "table":
        emit(records=records, columns=[], parameters=parameters, output_format=output_format, tablefmt=tablefmt)
        return

    def value_with_tie(result):
        marks = {k: chr(ord("a") + t) for t, group in enumerate(result.ties) for k in group}
        scale = max(abs(float(x)) for x in result.f)

        def show(record):
            k = record["point"] - 1
            value = result.f[k] if abs(result.f[k]) > 1e-12 * scale else 0.0  # the centring's rounding
            text = f"{value:.0f}" if result.loss == "hinge" else f"{value:.6g}"
            return text + (f" ({marks[k]})" if k in marks else "")

        return show

    columns = [Column("x", lambda r: str(r["point"])), Column("g+(x)", lambda r: r["pos"]),
               Column("g−(x)", lambda r: r["neg"]), Column("log(g+/g−)", lambda r: number(r["log_ratio"]))]
    columns += [Column(f"f* {result.loss}", value_with_tie(result)) for result in results]
    notes = [f"Bayes ranking risk (Thm 1, ranking by g+/g−, ties ½) = {_exact(best.bayes_risk)}; optimal AUC "
             f"{_exact(best.optimal_auc)}"]
    for result in results:
        ties = "; ties (a, b, …): " + ", ".join("{" + ", ".join(str(k + 1) for k in group) + "}"
                                                 for group in result.ties) if result.ties else "; no ties"
        notes.append(f"{result.loss}: minimal risk R_l(f*) = {_exact(result.risk)}{ties} ({result.method})")
    emit(records=records, columns=columns, parameters=parameters,
         title=["Minimizers f* of the ranking risk Σ_x Σ_z g+(x)·g−(z)·l(f(x) − f(z)) (Uematsu & Lee 2011, Thm 2–5)"],
         notes=notes, output_format=output_format, tablefmt=tablefmt)


def _power_of_ten_above(value: float) -> str:
    """The smallest power of ten at or above `value`, as text ('1e-14'): a residual's last digit
    depends on the machine's libm, its order of magnitude does not."""
    return "0" if value <= 0 else f"1e{math.ceil(math.log10(value))}"
