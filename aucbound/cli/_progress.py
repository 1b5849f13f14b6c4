"""A progress bar on stderr for anything that may run for more than a few seconds."""

from __future__ import annotations

import sys
import time

import click

#: A run whose projected time exceeds this many seconds shows a progress bar (on a terminal).
SHOW_AFTER = 3.0


class Progress:
    """``progress(done, total)`` that opens click's bar on stderr once the run looks longer than SHOW_AFTER.

    Nothing is drawn when stderr is not a terminal, so piped output stays clean.
    """

    def __init__(self, label: str, clock=time.monotonic):
        self.label, self.clock, self.start, self.bar = label, clock, clock(), None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            projected = (self.clock() - self.start) * total / max(done, 1)
            if projected <= SHOW_AFTER or not sys.stderr.isatty():
                return
            self.bar = click.progressbar(length=total, label=self.label, file=sys.stderr)
            self.bar.__enter__()
        self.bar.update(done - self.bar.pos)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.__exit__(*exc)
