"""The ``aucbound`` click group, its one-line error reporting, and the command list."""

from __future__ import annotations

import sys

import click

from .. import __version__
from .._validate import printable
from .auc import auc
from .compare import compare
from .coverage import coverage
from .eem import eem
from .interval import interval
from .lower_bound import lower_bound
from .optimal import optimal
from .plot import plot
from .power import power
from .psi import psi
from .rank import rank
from .regret import regret
from .roc import roc
from .experiment import experiment
from .sample_size import sample_size
from .shatter import shatter
from .tournaments import tournaments
from .uniform import freund, uniform

_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


class _Group(click.Group):
    """A group whose errors are one line on stderr: 'Error: …', exit 2 for bad input, 1 otherwise."""

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except _NO_ARGS_IS_HELP as error:
            error.show()
            sys.exit(error.exit_code)
        except click.ClickException as error:
            # one line, whatever the data held; a cut keeps the reason at the end
            message = printable(" ".join(error.format_message().split()), 1000, keep_end=300)
            click.echo(f"Error: {message}", err=True)
            sys.exit(error.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        except BrokenPipeError:  # `aucbound … | head`: the reader left; nothing to report
            sys.stderr.close()
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, "-V", "--version", prog_name="aucbound")
def main():
    """Learning-theory bounds and confidence intervals for the AUC.

    \b
    Examples:
      aucbound interval --m 100 --n 50 --delta 0.05
      aucbound sample-size --epsilon 0.05 --delta 0.01 --rho 0.1
      aucbound psi --m 1..6 --n 1..6
      aucbound shatter --class linear --d 2 --m 10 --n 20
      aucbound uniform --class linear --d 16 --m 5000 --n 5000 --delta 0.01
      aucbound freund --class line --m 5000 --n 5000 --delta 0.01
      aucbound eem --class linear --d 5 --epsilon 0.1 --delta 0.05 --rho 0.25
      aucbound lower-bound --rank-dim 10 --epsilon 0.1 --delta 0.05 --rho 0.5
      aucbound plot fig1 --out fig1.png --data fig1.csv
      aucbound auc aSAH.csv --score s100b --label outcome --positive Poor --bootstrap 2000 --seed 0
      aucbound roc aSAH.csv --score s100b --label outcome --positive Poor --best youden
      aucbound coverage --scenario binormal --auc 0.8 --m 30 --n 60 --delta 0.05 --trials 10000
      aucbound power --auc 0.73 --power 0.9 --kappa 1.7
      aucbound rank pairs.csv --method quicksort --seed 3
      aucbound tournaments --n 3..6
      aucbound regret --n 200 --noise 0.1 --trials 200 --seed 0
      aucbound optimal steps --K 1..11
      aucbound experiment fig4 --trials 10 --seed 0
    """


for _command in (interval, sample_size, lower_bound, uniform, freund, eem, psi, shatter, plot, auc, compare, coverage, rank,
                 roc, power, tournaments, regret, optimal, experiment):
    main.add_command(_command)
