"""``aucbound power``: power and sample size of the test of an AUC against 0.5, or of two AUCs, with
Obuchowski's formulas and, beside them, the distribution-free answer."""

from __future__ import annotations

import click

from ..empirical._power import ALTERNATIVES, POWER_METHODS
from ._data import data_errors, optional_label_option, positive_option, read_data, source_line
from ._options import UNIT_OPEN, given, library_errors, output_options
from ._render import Column, emit, number

_POSITIVE = click.FloatRange(0, min_open=True)
_ABOVE_HALF = click.FloatRange(0.5, 1, min_open=True, max_open=True)
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


def _records(result) -> list[dict]:
    """The asymptotic answer, then one record per distribution-free bound."""
    effect = result.difference if result.two_curves else result.auc
    first = {"method": result.method, "ncases": result.ncases, "ncontrols": result.ncontrols, "effect": effect,
             "sig_level": result.sig_level, "power": result.power, "exclusion_ncases": None,
             "exclusion_ncontrols": None, "guarantee": result.guarantee, "source": result.source}
    return [first] + [row.as_dict() for row in result.distribution_free]


def _exclusion(record) -> str:
    if record["exclusion_ncases"] is None:
        return "—"
    return f"{number(record['exclusion_ncases'])} + {number(record['exclusion_ncontrols'])}"


@click.command("power")
@click.argument("file", required=False, type=click.Path(exists=True, dir_okay=False, readable=False, allow_dash=True))
@click.option("--score", "scores", multiple=True, metavar="COL",
              help="With FILE: a score column (a header name or 0-based index); twice to compare two on the "
                   "same cases.")
@optional_label_option
@positive_option
@click.option("--auc", type=_ABOVE_HALF, help="The AUC to detect against 0.5, in (0.5, 1) (without FILE).")
@click.option("--ncases", type=_POSITIVE, help="Number of cases (positives); need not be whole.")
@click.option("--ncontrols", type=_POSITIVE, help="Number of controls (negatives); need not be whole.")
@click.option("--kappa", type=_POSITIVE,
              help="ncontrols/ncases, with one size or when solving for the sizes [default: 1, or the data's].")
@click.option("--sig-level", type=UNIT_OPEN, default=0.05, show_default=True,
              help="Significance level α of the test (solved for when it is the only one left out).")
@click.option("--power", type=UNIT_OPEN, help="Power 1 − β of the test, in (0, 1).")
@click.option("--alternative", type=click.Choice(ALTERNATIVES), default="two-sided", show_default=True,
              help="A two-sided test spends α/2 on each side.")
@click.option("--method", type=click.Choice(POWER_METHODS),
              help="With two --score columns: the variances by DeLong's method (default) or by a binormal fit "
                   "(obuchowski).")
@output_options
def power(file, scores, label, positive, auc, ncases, ncontrols, kappa, sig_level, power, alternative, method,
          output_format, tablefmt):
    """Power and sample size of the test of AUC = 0.5, or of AUC(a) = AUC(b) on the same cases.

    Obuchowski's asymptotic formula (Obuchowski et al. 2004, Eq. 2-3, as R's pROC
    power.roc.test) ties --auc, the sizes (--ncases, --ncontrols = kappa x ncases),
    --sig-level and --power: leave out the one to solve for (--sig-level, which is 0.05
    by default, is solved for when the other three are given). With FILE, the AUC (or
    two AUCs, with --score twice; Obuchowski & McClish 1997) and the sizes come from the
    data: the power at those sizes, or with --power the sizes needed (at --kappa, by
    default the data's ratio), or with --power and --ncases the level.

    Beside it, the distribution-free answer to the same question: a test that rejects
    when McDiarmid's or Hoeffding's interval at level alpha excludes 0.5 (0 for a
    difference) holds its level and its power for every score distribution at every
    size; "excludes at" is the smallest ncases + ncontrols whose interval excludes it
    when the estimate is the AUC.

    \b
    Examples:
      aucbound power --auc 0.73 --ncases 41 --ncontrols 72
      aucbound power --auc 0.73 --power 0.95 --kappa 1.7
      aucbound power --auc 0.73 --ncases 41 --ncontrols 72 --power 0.95
      aucbound power --ncases 41 --ncontrols 72 --power 0.95
      aucbound power aSAH.csv --score s100b --label outcome --positive Poor --power 0.9
      aucbound power aSAH.csv --score ndka --score wfns --label outcome --positive Poor --format json
      aucbound power aSAH.csv --score ndka --score wfns --label outcome --positive Poor --power 0.9 --method obuchowski
    """
    ctx = click.get_current_context()
    sig_level_typed = given(ctx, "sig_level")
    inputs = {"file": file, "scores": list(scores), "label": label, "positive": positive, "auc": auc, "ncases": ncases,
              "ncontrols": ncontrols, "kappa": kappa, "sig_level": sig_level, "power": power,
              "alternative": alternative, "method": method}
    if file is None:
        for name, value in (("--score", scores), ("--label", label), ("--positive", positive), ("--method", method)):
            if value:
                raise click.UsageError(f"{name} goes with a data FILE.")
        unknown = _unknown(auc_known=auc is not None, sizes_known=ncases is not None or ncontrols is not None,
                           power_known=power is not None, sig_level_typed=sig_level_typed)
        from ..empirical import power_test

        with library_errors():
            result = power_test(auc, ncases=ncases, ncontrols=ncontrols, kappa=kappa,
                                sig_level=None if unknown == "sig_level" else sig_level, power=power,
                                alternative=alternative)
        title = [f"Test of AUC = 0.5 (one ROC curve, {alternative})"]
    else:
        if auc is not None:
            raise click.UsageError("--auc comes from the data with FILE: leave it out.")
        if label is None:
            raise click.UsageError("Missing option '--label' (the label column of FILE).")
        if len(scores) not in (1, 2):
            raise click.BadParameter(f"give one score column, or two to compare, but got {len(scores)}.",
                                     param_hint="'--score'")
        if method is not None and len(scores) == 1:
            raise click.UsageError("--method goes with two --score columns (one curve is tested by Obuchowski's "
                                   "formula).")
        unknown = _data_unknown(sizes_typed=ncases is not None or ncontrols is not None, power_known=power is not None,
                                sig_level_typed=sig_level_typed)
        from ..empirical import power_test_data

        with data_errors():
            columns, pos_label = read_data(file, scores, label, positive)
            result = power_test_data(columns.labels, *columns.scores, ncases=ncases, ncontrols=ncontrols, kappa=kappa,
                                     sig_level=None if unknown == "sig_level" else sig_level, power=power,
                                     method=method, alternative=alternative, pos_label=pos_label)
        names = columns.score_names
        if result.two_curves:
            what = f"Paired comparison of {names[0]!r} (a) and {names[1]!r} (b)"
            title = [source_line(columns, what, positive),
                     f"AUC a = {number(result.auc1)}, AUC b = {number(result.auc2)}, difference = "
                     f"{number(result.difference)}; test of a difference of 0 ({alternative}), variances by "
                     f"{'DeLong' if result.method == 'delong' else 'a binormal fit'}"]
        else:
            title = [source_line(columns, f"AUC of {names[0]!r}", positive),
                     f"AUC = {number(result.auc)}; test of AUC = 0.5 ({alternative})"]
    title.append(f"solved for {_SHOWN[result.solved]}: {_answer(result)} (Obuchowski's formula, asymptotic)")
    null = "0" if result.two_curves else "0.5"
    notes = [f"distribution-free rows: the same question for every score distribution and size (reject when the "
             f"interval excludes {null}); '—': no answer",
             f"excludes at: the smallest ncases + ncontrols whose interval excludes {null} when the estimate is the "
             f"{_effect_header(result)}"]
    summary = {key: value for key, value in result.as_dict().items() if key != "distribution_free"}
    emit(
        records=_records(result),
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


def _answer(result) -> str:
    if result.solved == "ncases":
        return f"ncases = {number(result.ncases)}, ncontrols = {number(result.ncontrols)}"
    if result.solved == "sig_level":
        return f"sig-level = {number(result.sig_level)}"
    if result.solved == "auc":
        return f"AUC = {number(result.auc)}"
    return f"power = {number(result.power)}"
