"""What every result type shares: the guarantee labels, ``confidence`` and ``as_dict()`` at a failure
probability δ, tables of rows found by method, and fields as plain JSON values.

The result types themselves live beside the functions that return them (``<package>/_results.py``);
:mod:`aucbound.results` gathers them in one place.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from ._display import Displayed

__all__ = ["GUARANTEES", "AtConfidence", "Rows", "exact_ratio", "fields_as_dict", "plain"]

#: What each guarantee label promises.
GUARANTEES = {
    "distribution-free": "coverage ≥ 1 − δ for every pair of score distributions, at every m and n",
    "asymptotic": "coverage tends to 1 − δ as m and n grow (normal approximation); no finite-sample promise",
    "plug-in": "coverage ≥ 1 − δ if the given A, p1, p2 are the true ones; with estimates, approximate",
    "best-case": "the width at the smallest variance any distribution can have; not a confidence interval",
    "vacuous": "the interval is all of [0, 1] (ε ≥ 1): it says nothing",
}


class AtConfidence(Displayed):
    """What every result computed at a failure probability δ has: ``confidence`` and ``as_dict()``."""

    @property
    def confidence(self) -> float:
        """1 − δ."""
        return 1.0 - self.delta

    def as_dict(self) -> dict:
        """The fields as plain Python values, and ``confidence``."""
        data = dataclasses.asdict(self)
        data["confidence"] = self.confidence
        return data


class Rows(AtConfidence):
    """A table of intervals: ``result[method]`` finds a row; ``as_dict()`` has the rows as dicts."""

    def __getitem__(self, method: str):
        for row in self.rows:
            if row.method == method:
                return row
        raise KeyError(method)

    def as_dict(self) -> dict:
        data = super().as_dict()
        data["rows"] = [row.as_dict() for row in self.rows]
        return data


def exact_ratio(a: int, b: int) -> float:
    """a/b for integers of any size, correctly rounded."""
    return float(Fraction(a, b))


def plain(value):
    """A field as a plain JSON value: arrays as (nested) lists, a Fraction as its "p/q" text,
    tuples as lists, results (rows) as their dicts."""
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, (tuple, list)):
        return [plain(item) for item in value]
    if hasattr(value, "as_dict"):  # a row of a table of results
        return value.as_dict()
    return value.tolist() if hasattr(value, "tolist") and not isinstance(value, (int, float)) else value


def fields_as_dict(result) -> dict:
    """Every field of a result dataclass through :func:`plain`."""
    return {field.name: plain(getattr(result, field.name)) for field in dataclasses.fields(result)}
