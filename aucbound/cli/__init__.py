"""The ``aucbound`` command line: a thin layer over the library, one module per command.

Conventions: bad input exits 2 with one line on stderr naming the option;
a failure while computing or reading exits 1; data go to stdout only.
"""

from ._app import main

__all__ = ["main"]
