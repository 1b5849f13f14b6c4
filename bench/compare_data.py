#!/usr/bin/env python
"""Write the data sets of the comparison tests (tests/data/compare_small.csv, compare_large.csv).

Generated once with numpy (seed 20240) and kept as data: run again, it writes the same
files. Both have a label `y` (1 for the positives), correlated scores `a`, `b`, `c`, `d`, `e`
(the large set rounds some of them, so that ties are common) and a group `g` that splits the
cases into two unpaired samples (`x` and `z`, of different sizes).

    python bench/compare_data.py
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"


def scores(rng, y, count, shifts, rho=0.6):
    """`count` correlated binormal columns: a common part and an own part, shifted for the positives."""
    common = rng.normal(size=y.shape[0])
    return [np.sqrt(rho) * common + np.sqrt(1 - rho) * rng.normal(size=y.shape[0]) + shift * y
            for shift in shifts[:count]]


def _number(x: float) -> str:
    return f"{x + 0.0:g}"  # + 0.0: no "-0"


def write(path: Path, columns: dict, formats: dict) -> None:
    names = list(columns)
    lines = [",".join(names)]
    for row in zip(*columns.values()):
        lines.append(",".join(formats[name](value) for name, value in zip(names, row)))
    path.write_text("\n".join(lines) + "\n")


def main() -> None:
    rng = np.random.default_rng(20240)
    # small: 10 positives, 10 negatives; integer ratings with many ties; groups of 10 (5 + 5 each)
    y = np.array([1, 0] * 10)
    a, b, c = scores(rng, y, 3, (1.2, 0.8, 1.0))
    small = {"y": y, "a": np.round(a), "b": np.round(b * 2) / 2, "c": np.round(c, 1),
             "g": np.where(np.arange(20) < 10, "x", "z")}
    write(DATA / "compare_small.csv", small, {"y": str, "a": _number, "b": _number, "c": _number, "g": str})
    # large: 900 cases, 180 positives (imbalanced), five scores, groups x (the first 380 cases) and z (520)
    y = np.zeros(900, dtype=int)
    y[rng.choice(900, 180, replace=False)] = 1
    a, b, c, d, e = scores(rng, y, 5, (1.0, 0.9, 1.1, 0.7, 1.0), rho=0.5)
    large = {"y": y, "a": np.round(a, 2), "b": np.round(b, 1), "c": np.round(c, 4), "d": np.round(d * 4) / 4,
             "e": np.round(e, 3), "g": np.where(np.arange(900) < 380, "x", "z")}
    write(DATA / "compare_large.csv", large, {"y": str, "a": _number, "b": _number, "c": _number, "d": _number,
                                              "e": _number, "g": str})


if __name__ == "__main__":
    main()
