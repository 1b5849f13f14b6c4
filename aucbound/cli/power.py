"""``aucbound power``: power and sample size of the test of an AUC against 0.5 (or --auc0), or of two AUCs
(with a non-inferiority --margin or none), with Obuchowski's formulas and, beside them, the distribution-free
answer."""

from __future__ import annotations

import click

from ..empirical import ALTERNATIVES, NULL_VARIANCES, POWER_METHODS
from ._data import data_errors, optional_label_option, positive_option, read_data, source_line
from ._options import UNIT_OPEN, given, library_errors, output_options
from ._render import Column, emit, number

_POSITIVE = click.FloatRange(0, min_open=True)
_MARGIN = click.FloatRange(0, 1, max_open=True)
#: What each solvable quantity is called on this command line.
_SHOWN = {"power": "the power", "ncases": "the sample size", "sig_level": "the significance level", "auc": "the AUC"}


def _unknown(*, auc_known: bool, sizes_known: bool, power_known: bool, sig_level_typed: bool) -> str:
    """The quantity left out: one of --auc, the sizes, --power; --sig-level only when the
    other three are given (it has a default otherwise)."""
    known = {"auc": auc_known, "ncases": sizes_known, "power": power_known}
    left_out = [name for name, value in known.items() if not value]
    options = {"auc": "--auc", "ncases": "the sizes (--ncases/--ncontrols)", "power": "--power"}
    if len(left_out) > 1:
        both = " and ".join(options[name] for name in left_out)
        raise click.UsageError(f"leave out only the one quantity to solve for, but {both} are both left out.")
    if left_out:
        return left_out[0]
    if sig_level_typed:
        raise click.UsageError("leave out the one quantity to solve for (--power, --sig-level, --auc or the sizes "
                               "--ncases/--ncontrols), but all are given.")
    return "sig_level"


def _data_unknown(*, sizes_typed: bool, power_known: bool, sig_level_typed: bool) -> str:
    """With FILE the AUCs come from the data: the power unless --power is given; then the
    sizes, unless --ncases/--ncontrols fix them (then --sig-level, which must be left out)."""
    if not power_known:
        return "power"
    if not sizes_typed:
        return "ncases"
    if sig_level_typed:
        raise click.UsageError("with --power, --ncases/--ncontrols and --sig-level all given there is nothing left to "
                               "solve for: leave one of them out.")
    return "sig_level"


def _effect_header(result) -> str:
    return "difference" if result.two_curves else "AUC"


def _exclusion(record) -> str:
    if record["exclusion_ncases"] is None:
        return "—"
    return f"{number(record['exclusion_ncases'])} + {number(record['exclusion_ncontrols'])}"


@click.command("power")
@click.argument("file", required=False, type=click.Path(exists=True, dir_okay=False, readable=False, allow_dash=True))
@click.option("--score", "scores", multiple=True, metavar="COL",
              help="With FILE: a score column (a header name or 0-based index); twice to compare two on the "
                   "same cases (the first is the null's reference unless --null both).")
@optional_label_option
@positive_option
@click.option("--auc", type=UNIT_OPEN,
              help="The AUC to detect, in (0, 1), other than --auc0's and on the side --alternative tests (without "
                   "FILE).")
@click.option("--auc0", type=UNIT_OPEN,
              help="The null's AUC, in (0, 1) [default: 0.5]; with one curve (non-inferiority to A within a margin "
                   "M: --auc0 A-M --alternative greater).")
@click.option("--ncases", type=_POSITIVE, help="Number of cases (positives); need not be whole.")
@click.option("--ncontrols", type=_POSITIVE, help="Number of controls (negatives); need not be whole.")
@click.option("--kappa", type=_POSITIVE,
              help="ncontrols/ncases, with one size or when solving for the sizes [default: 1, or the data's].")
@click.option("--sig-level", type=UNIT_OPEN, default=0.05, show_default=True,
              help="Significance level α of the test (solved for when it is the only one left out).")
@click.option("--power", type=UNIT_OPEN, help="Power 1 − β of the test, in (0, 1).")
@click.option("--alternative", type=click.Choice(ALTERNATIVES),
              help="A two-sided test spends α/2 on each side; one-sided spends α on the side of the effect, greater "
                   "and less on the side named (H1: AUC > AUC0, or < AUC0; for two scores, the difference above or "
                   "below 0, or -margin) [default: two-sided; greater with --margin].")
@click.option("--method", type=click.Choice(POWER_METHODS),
              help="With two --score columns: the variances by DeLong's method (default) or by a binormal fit "
                   "(obuchowski).")
@click.option("--null", type=click.Choice(NULL_VARIANCES),
              help="With two --score columns, the variance under the null: from the first score, as Obuchowski & "
                   "McClish (1997) and pROC (V0 = 2·V1 − 2·C12; the order of --score matters), or from both "
                   "(V1 + V2 − 2·C12, the variance DeLong's test uses; the same in either order) [default: first; "
                   "both with --margin].")
@click.option("--margin", type=_MARGIN,
              help="With two --score columns: a test of non-inferiority of the first to the second within this "
                   "margin M in [0, 1), H0: AUC(a) - AUC(b) <= -M against H1: AUC(a) - AUC(b) > -M (one-sided).")
@output_options
def power(file, scores, label, positive, auc, auc0, ncases, ncontrols, kappa, sig_level, power, alternative, method,
          null, margin, output_format, tablefmt):
    """Power and sample size of the test of AUC = 0.5 (or --auc0), or of AUC(a) = AUC(b) on the same cases.

    Obuchowski's asymptotic formula (Obuchowski et al. 2004, Eq. 2-3, as R's pROC
    power.roc.test) ties --auc, the sizes (--ncases, --ncontrols = kappa x ncases),
    --sig-level and --power: leave out the one to solve for (--sig-level, which is 0.05
    by default, is solved for when the other three are given). The null is AUC = 0.5
    unless --auc0 sets it; its variance is Eq. 3's at --auc0, as the alternative's is at
    --auc. With FILE, the AUC (or two AUCs, with --score twice; Obuchowski & McClish 1997)
    and the sizes come from the data: the power at those sizes, or with --power the sizes
    needed (at --kappa, by default the data's ratio), or with --power and --ncases the
    level.

    With two scores the first is the null's reference by default, as in pROC: swapping
    them changes the answer, and when the first varies less than it covaries with the
    second (V0 <= 0) there is no answer at all (pROC's is not a number). --null both
    takes the null variance from both curves instead, the same in either order.
    --margin M tests the non-inferiority of the first score to the second (H1: AUC(a) -
    AUC(b) > -M, one-sided, with the null variance from both). For one AUC,
    non-inferiority to A within M is --auc0 A-M --alternative greater.

    Beside it, the distribution-free answer to the same question: a test that rejects
    when McDiarmid's or Hoeffding's interval at level alpha (one-sided: one tail, ln(1/alpha))
    excludes the null's AUC (0, or -M, for a difference) holds its level and its power for
    every score distribution at every size; "excludes at" is the smallest ncases + ncontrols
    whose interval excludes it when the estimate is the AUC (or the difference).

    \b
    Examples:
      aucbound power --auc 0.73 --ncases 41 --ncontrols 72
      aucbound power --auc 0.73 --power 0.95 --kappa 1.7
      aucbound power --auc 0.73 --ncases 41 --ncontrols 72 --power 0.95
      aucbound power --ncases 41 --ncontrols 72 --power 0.95
      aucbound power aSAH.csv --score s100b --label outcome --positive Poor --power 0.9
      aucbound power aSAH.csv --score ndka --score wfns --label outcome --positive Poor --format json
      aucbound power aSAH.csv --score ndka --score wfns --label outcome --positive Poor --power 0.9 --method obuchowski
      aucbound power aSAH.csv --score wfns --score ndka --label outcome --positive Poor --null both
      aucbound power --auc 0.8 --auc0 0.7 --power 0.8 --alternative greater
      aucbound power --auc0 0.7 --ncases 100 --power 0.8 --alternative less
      aucbound power aSAH.csv --score s100b --score ndka --label outcome --positive Poor --margin 0.05 --power 0.8
    """
    ctx = click.get_current_context()
    inputs = {"file": file, "scores": list(scores), "label": label, "positive": positive, "auc": auc, "auc0": auc0,
              "ncases": ncases, "ncontrols": ncontrols, "kappa": kappa, "sig_level": sig_level, "power": power,
              "alternative": alternative, "method": method, "null": null, "margin": margin}
    sizes = {"ncases": ncases, "ncontrols": ncontrols, "kappa": kappa, "power": power, "alternative": alternative}
    if file is None:
        result, title = _without_data(ctx, scores, label, positive, method, auc, auc0, margin, sig_level, sizes)
    else:
        result, title = _from_data(ctx, file, scores, label, positive, method, null, auc, auc0, margin, sig_level,
                                   sizes)
    title.append(f"solved for {_SHOWN[result.solved]}: {_answer(result)} (Obuchowski's formula, asymptotic)")
    null_value = _null_value(result)
    interval = "interval" if result.alternative == "two-sided" else "one-sided interval"
    notes = [f"distribution-free rows: the same question for every score distribution and size (reject when the "
             f"{interval} excludes {null_value}); '—': no answer",
             f"excludes at: the smallest ncases + ncontrols whose {interval} excludes {null_value} when the estimate "
             f"is the {_effect_header(result)}"]
    summary = {key: value for key, value in result.as_dict().items() if key not in ("distribution_free", "rows")}
    emit(
        records=result.rows,
        columns=[
            Column("method", lambda r: r["method"]),
            Column("ncases", lambda r: number(r["ncases"])),
            Column("ncontrols", lambda r: number(r["ncontrols"])),
            Column(_effect_header(result), lambda r: number(r["effect"])),
            Column("sig-level", lambda r: number(r["sig_level"])),
            Column("power", lambda r: number(r["power"])),
            Column("excludes at", _exclusion),
            Column("guarantee", lambda r: r["guarantee"]),
            Column("source", lambda r: r["source"]),
        ],
        parameters={**inputs, **summary},
        title=title,
        notes=notes,
        output_format=output_format,
        tablefmt=tablefmt,
    )


def _without_data(ctx, scores, label, positive, method, auc, auc0, margin, sig_level, sizes):
    """The one-curve question from --auc and the sizes: (result, title)."""
    for name, value in (("--score", scores), ("--label", label), ("--positive", positive), ("--method", method)):
        if value:
            raise click.UsageError(f"{name} goes with a data FILE.")
    if given(ctx, "null"):
        raise click.UsageError("--null goes with two --score columns of a data FILE.")
    if margin is not None:
        raise click.UsageError(_ONE_CURVE_MARGIN)
    unknown = _unknown(auc_known=auc is not None,
                       sizes_known=sizes["ncases"] is not None or sizes["ncontrols"] is not None,
                       power_known=sizes["power"] is not None, sig_level_typed=given(ctx, "sig_level"))
    from ..empirical import power_test

    with library_errors():
        result = power_test(auc, sig_level=None if unknown == "sig_level" else sig_level, auc0=auc0,
                            **{**sizes, "alternative": sizes["alternative"] or "two-sided"})
    return result, [f"Test of AUC = {number(result.auc0)} (one ROC curve, {_sides(result)})"]


#: The usage error for --margin with one curve, where it is --auc0.
_ONE_CURVE_MARGIN = ("--margin goes with two --score columns of a data FILE; for one AUC, non-inferiority to A within "
                     "a margin M is --auc0 A-M --alternative greater.")


def _from_data(ctx, file, scores, label, positive, method, null, auc, auc0, margin, sig_level, sizes):
    """The question asked of one or two score columns of FILE: (result, title)."""
    if auc is not None:
        raise click.UsageError("--auc comes from the data with FILE: leave it out.")
    if label is None:
        raise click.UsageError("Missing option '--label' (the label column of FILE).")
    if len(scores) not in (1, 2):
        raise click.BadParameter(f"give one score column, or two to compare, but got {len(scores)}.",
                                 param_hint="'--score'")
    if len(scores) == 1 and (method is not None or given(ctx, "null")):
        raise click.UsageError(f"{'--method' if method is not None else '--null'} goes with two --score columns (one "
                               "curve is tested by Obuchowski's formula).")
    if len(scores) == 1 and margin is not None:
        raise click.UsageError(_ONE_CURVE_MARGIN)
    if len(scores) == 2 and auc0 is not None:
        raise click.UsageError("--auc0 goes with one --score column; two are compared by their difference (--margin "
                               "for non-inferiority).")
    unknown = _data_unknown(sizes_typed=sizes["ncases"] is not None or sizes["ncontrols"] is not None,
                            power_known=sizes["power"] is not None, sig_level_typed=given(ctx, "sig_level"))
    from ..empirical import power_test_data

    curves = {"method": method, "null": null, "margin": margin} if len(scores) == 2 else {"auc0": auc0}
    with data_errors():
        columns, pos_label = read_data(file, scores, label, positive)
        # one column: a warning or an error about it names the column
        with data_errors({"scores": repr(columns.score_names[0])} if len(scores) == 1 else None):
            result = power_test_data(columns.labels, *columns.scores, pos_label=pos_label,
                                     sig_level=None if unknown == "sig_level" else sig_level, **curves, **sizes)
    names = columns.score_names
    if not result.two_curves:
        return result, [source_line(columns, f"AUC of {names[0]!r}", positive),
                        f"AUC = {number(result.auc)}; test of AUC = {number(result.auc0)} ({_sides(result)})"]
    variances = "DeLong" if result.method == "delong" else "a binormal fit"
    reference = (f"the null variance from {names[0]!r} alone (Obuchowski & McClish, pROC: the order of --score "
                 "matters)" if result.null == "first" else "the null variance from both scores (the same in either "
                 "order)")
    if result.margin is None:
        test = f"test of a difference of 0 ({_sides(result)})"
    else:
        bound = number(-result.margin)
        test = f"test of non-inferiority, H0: difference <= {bound} against H1: difference > {bound} (one-sided)"
    return result, [source_line(columns, f"Paired comparison of {names[0]!r} (a) and {names[1]!r} (b)", positive),
                    f"AUC a = {number(result.auc1)}, AUC b = {number(result.auc2)}, difference = "
                    f"{number(result.difference)}; {test}, variances by {variances}, {reference}"]


def _sides(result) -> str:
    """The alternative as the title shows it: two-sided and one-sided as named, the others with their H1."""
    if result.alternative in ("two-sided", "one-sided"):
        return result.alternative
    sign = ">" if result.alternative == "greater" else "<"
    if result.two_curves:
        return f"one-sided, H1: difference {sign} 0"
    return f"one-sided, H1: AUC {sign} {number(result.auc0)}"


def _null_value(result) -> str:
    """The value the distribution-free rows' interval must exclude: the null's AUC, or difference."""
    if not result.two_curves:
        return number(result.auc0)
    return number(-result.margin) if result.margin else "0"


def _answer(result) -> str:
    if result.solved == "ncases":
        return f"ncases = {number(result.ncases)}, ncontrols = {number(result.ncontrols)}"
    if result.solved == "sig_level":
        return f"sig-level = {number(result.sig_level)}"
    if result.solved == "auc":
        return f"AUC = {number(result.auc)}"
    return f"power = {number(result.power)}"
