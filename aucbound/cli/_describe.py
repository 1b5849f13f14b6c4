"""Text shared by the commands' tables: how to show δ, the finite-class note, method labels."""

from __future__ import annotations

import math

from ..bounds import METHODS
from ._render import degenerate

_OPTIONS = {"auc": "--auc", "p1": "--p1", "p2": "--p2", "variance": "--variance"}


def beyond_note(command: str, paper: str = "Agarwal et al. 2005") -> str:
    """The footnote on beyond-the-paper rows, naming the command whose --help says what they are."""
    return f"* beyond the paper ({paper}): see aucbound {command} --help"


def confidence(delta: float) -> str:
    """'delta = 0.05 (confidence 95%)'."""
    percent = f"{100 * (1 - delta):.6g}"
    return f"delta = {delta:g} (confidence {percent}%)" if percent != "100" else f"delta = {delta:g} (confidence 1 - {delta:g})"


def starred(key: str, beyond: bool) -> str:
    """The key, starred when it goes beyond the paper."""
    return f"{key} *" if beyond else key


def method_label(key: str) -> str:
    """The method key, starred when it goes beyond the paper."""
    return starred(key, METHODS[key].beyond_paper)


def estimate_line(label: str, auc, p1, p2) -> list[str]:
    """The title line echoing --auc (and --p1, --p2), if given."""
    if auc is None:
        return []
    return [f"{label} = {auc:g}" + (f", p1 = {p1:g}, p2 = {p2:g}" if p1 is not None else "")]


def footnotes(results, given: dict, chosen, keys, command: str) -> list[str]:
    """The notes under a method table: the beyond-the-paper star, and which of `keys` were left out."""
    notes = [beyond_note(command)] if any(result.beyond_paper for result in results) else []
    return notes + degenerate_note(results) + skipped(given, chosen, keys)


def degenerate_note(rows) -> list[str]:
    """The note under a table with a single-point interval (:func:`_render.degenerate`), if it has one."""
    if not any(degenerate(row.as_dict()) for row in rows):
        return []
    return ["degenerate: a variance estimate of zero (the estimate is 0 or 1) gives a single point, "
            "not a confidence interval"]


def class_note(class_size, log_class_size) -> list[str]:
    """The line saying that a union bound over a finite class was applied, if one was."""
    if class_size is not None:
        size = f"K = {class_size}" if len(str(class_size)) <= 20 else f"ln K = {math.log(class_size):.6g}"
    elif log_class_size is not None:
        size = f"ln K = {log_class_size:g}"
    else:
        return []
    return [f"finite class of scorers, {size}: union bound (Thm 3.8, Cor 3.9 / 3.10), every method at delta/K"]


def skipped(given: dict, chosen, keys) -> list[str]:
    """A note naming the methods among `keys` left out for want of inputs (when none were chosen)."""
    if chosen:
        return []
    groups: dict[tuple, list[str]] = {}
    for spec in (METHODS[key] for key in keys):
        missing = tuple(name for name in spec.needs if given.get(name) is None)
        if missing:
            groups.setdefault(spec.needs, []).append(spec.key)
    notes = []
    for needs, keys in groups.items():
        if "scores" in needs:
            notes.append(f"not shown: {', '.join(keys)} (resample the data: aucbound auc FILE)")
        else:
            wanted = ", ".join(_OPTIONS[name] for name in needs)
            notes.append(f"not shown: {', '.join(keys)} ({'need' if len(keys) > 1 else 'needs'} {wanted})")
    return notes
