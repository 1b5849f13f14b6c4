"""Text shared by the commands' tables: how to show δ, the finite-class note, method labels."""

from __future__ import annotations

import math

from ..bounds import METHODS



def beyond_note(page: str = "docs/intervals.md", paper: str = "Agarwal et al. 2005") -> str:
    """The footnote explaining the star on beyond-the-paper rows."""
    return f"* beyond the paper ({paper}): see {page}"


BEYOND_NOTE = beyond_note()


def confidence(delta: float) -> str:
    """'delta = 0.05 (confidence 95%)'."""
    percent = f"{100 * (1 - delta):.6g}"
    return f"delta = {delta:g} (confidence {percent}%)" if percent != "100" else f"delta = {delta:g} (confidence 1 - {delta:g})"


def method_label(key: str) -> str:
    """The method key, starred when it goes beyond the paper."""
    return f"{key} *" if METHODS[key].beyond_paper else key


def estimate_line(label: str, auc, p1, p2) -> list[str]:
    """The title line echoing --auc (and --p1, --p2), if given."""
    if auc is None:
        return []
    return [f"{label} = {auc:g}" + (f", p1 = {p1:g}, p2 = {p2:g}" if p1 is not None else "")]


def footnotes(results, given: dict, chosen) -> list[str]:
    """The notes under a method table: the beyond-the-paper star, and methods left out."""
    notes = [BEYOND_NOTE] if any(result.beyond_paper for result in results) else []
    return notes + skipped(given, chosen)


def class_note(class_size, log_class_size) -> list[str]:
    """The line saying that a union bound over a finite class was applied, if one was."""
    if class_size is not None:
        size = f"K = {class_size}" if len(str(class_size)) <= 20 else f"ln K = {math.log(class_size):.6g}"
    elif log_class_size is not None:
        size = f"ln K = {log_class_size:g}"
    else:
        return []
    return [f"finite class of scorers, {size}: union bound (Cor 3.9 / 3.10), every method at delta/K"]


def skipped(given: dict, chosen) -> list[str]:
    """A note naming the methods left out for want of inputs (when none were chosen explicitly)."""
    if chosen:
        return []
    groups: dict[tuple, list[str]] = {}
    for spec in METHODS.values():
        missing = tuple(name for name in spec.needs if given[name] is None)
        if missing:
            groups.setdefault(spec.needs, []).append(spec.key)
    return [
        f"not shown: {', '.join(keys)} ({'need' if len(keys) > 1 else 'needs'} {', '.join('--' + name for name in needs)})"
        for needs, keys in groups.items()
    ]
