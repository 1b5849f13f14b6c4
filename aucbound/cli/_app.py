"""The ``aucbound`` click group, its one-line error reporting, and the command list."""

from __future__ import annotations

import importlib
import sys

import click

from .. import __version__
from .._validate import printable

_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())

#: Every command: its name → the module of this package that defines it and the command's name there.
#: A command's module is imported when the command runs (or ``--help`` lists it), not at start-up.
COMMANDS = {
    "auc": ("auc", "auc"),
    "compare": ("compare", "compare"),
    "coverage": ("coverage", "coverage"),
    "eem": ("eem", "eem"),
    "experiment": ("experiment", "experiment"),
    "freund": ("uniform", "freund"),
    "interval": ("interval", "interval"),
    "lower-bound": ("lower_bound", "lower_bound"),
    "optimal": ("optimal", "optimal"),
    "plot": ("plot", "plot"),
    "power": ("power", "power"),
    "psi": ("psi", "psi"),
    "rank": ("rank", "rank"),
    "regret": ("regret", "regret"),
    "roc": ("roc", "roc"),
    "sample-size": ("sample_size", "sample_size"),
    "shatter": ("shatter", "shatter"),
    "tournaments": ("tournaments", "tournaments"),
    "uniform": ("uniform", "uniform"),
    # the multiclass AUC
    "multiclass": ("multiclass", "multiclass"),
    # precision–recall
    "pr": ("pr", "pr"),
    # confidence sequences for monitoring
    "monitor": ("monitor", "monitor"),
}


class _Group(click.Group):
    """A group whose errors are one line on stderr: 'Error: …', exit 2 for bad input, 1 otherwise; its
    commands are those of :data:`COMMANDS`."""

    def list_commands(self, ctx):
        return sorted(COMMANDS)

    def get_command(self, ctx, name):
        if name not in COMMANDS:
            return None
        module, command = COMMANDS[name]
        return getattr(importlib.import_module(f"{__package__}.{module}"), command)

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

