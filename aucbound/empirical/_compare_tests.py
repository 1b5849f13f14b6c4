"""pROC's resampled tests as methods of :func:`aucbound.compare` and :func:`aucbound.compare_unpaired`.

``method`` names the test, as pROC's ``roc.test(method = …)``: ``"bootstrap"`` (the AUCs, or
partial AUCs), ``"venkatraman"`` (the whole curves), ``"specificity"`` (the sensitivities at
a given specificity) and ``"sensitivity"`` (the specificities at a given sensitivity). Each
runs the one implementation in :mod:`._resampled_tests` or :mod:`._venkatraman`; this
module checks the settings that go with the chosen test, refusing those that do not, and
turns the test into the comparison's statistic and p-value under its hypotheses.

**Hypotheses.** pROC's alternatives ("two-sided", "greater", "less") are the tests' own:
the comparison's statistic and p-value are the test's. The bootstrap's statistic is a
difference over its bootstrap standard deviation s, D = (Â_a − Â_b)/s referred to N(0, 1),
so a margin shifts it as it shifts DeLong's (:mod:`._hypotheses`): (D̂ + margin)/s for
"greater", (D̂ − margin)/s for "less", and the two one-sided tests for "equivalence". The
operating-point tests are offered with pROC's alternatives and no margin (their D is a
difference of sensitivities or specificities, not of AUCs), Venkatraman's two-sided only
(pROC has no other).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .. import _validate as v
from ._hypotheses import Hypotheses, statistic
from ._partial import _range
from ._resampled_tests import Partial
from ._resampled_tests import bootstrap_test as _bootstrap_test
from ._resampled_tests import operating_point_test as _operating_point_test
from ._results import ResampledTest
from ._venkatraman import venkatraman_test as _venkatraman_test

__all__ = ["RESAMPLED_TESTS", "ResamplingSettings", "run_test", "resampling_settings"]

_RESAMPLING = ("resamples", "seed", "workers", "progress")
#: The resampled tests and the settings each takes (the others are refused with it).
RESAMPLED_TESTS = {
    "bootstrap": _RESAMPLING + ("stratified", "range", "focus", "correct"),
    "venkatraman": _RESAMPLING,
    "specificity": _RESAMPLING + ("stratified", "specificity"),
    "sensitivity": _RESAMPLING + ("stratified", "sensitivity"),
}
_FOCUS = ("specificity", "sensitivity")


@dataclass(frozen=True)
class ResamplingSettings:
    """The checked settings of a resampled test (pROC's ``boot.n``, ``boot.stratified``, the
    partial AUC, the fixed specificity or sensitivity)."""

    resamples: object = 2000
    seed: object = 0
    workers: int = -1
    progress: object = None
    stratified: bool = True
    partial: Partial | None = None
    value: float | None = None


def _flag(name: str, value) -> bool:
    if not isinstance(value, (bool, np.bool_)):
        raise v.fail(name, "True or False", value)
    return bool(value)


def _either(names) -> str:
    shown = [repr(name) for name in names]
    return shown[0] if len(shown) == 1 else f"{', '.join(shown[:-1])} or {shown[-1]}"


def _check_hypotheses(method: str, hyp: Hypotheses) -> None:
    if method == "venkatraman" and hyp.alternative != "two-sided":
        raise v.ParameterError("alternative", "'two-sided' with {method} 'venkatraman' (pROC offers no one-sided "
                               "Venkatraman test)", repr(hyp.alternative), others=("method",))
    if method in ("specificity", "sensitivity") and hyp.margin > 0:
        raise v.ParameterError("margin", f"0 with {{method}} {method!r} (a margin is a difference of AUCs: "
                               "{method} 'bootstrap' or 'delong' takes one)", v.show(hyp.margin), others=("method",))


def resampling_settings(method: str, hyp: Hypotheses, given: dict) -> ResamplingSettings | None:
    """The settings of `given` (name → value, None when not given) checked for the test `method`:
    None for DeLong's test, which takes none of them; a setting the test does not take is refused."""
    allowed = RESAMPLED_TESTS.get(method, ())
    for name, value in given.items():
        if value is not None and name not in allowed:
            takes = [test for test, names in RESAMPLED_TESTS.items() if name in names]
            raise v.ParameterError(name, f"left out with {{method}} {method!r} (it goes with method "
                                   f"{_either(takes)})", v.show(value), others=("method",))
    if method not in RESAMPLED_TESTS:
        return None
    _check_hypotheses(method, hyp)
    chosen = {name: value for name, value in given.items() if value is not None}
    if "range" not in chosen and ("focus" in chosen or "correct" in chosen):
        name = "focus" if "focus" in chosen else "correct"
        raise v.ParameterError(name, "given with {range} (the partial AUC's range)", v.show(chosen[name]),
                               others=("range",))
    settings = {key: chosen[key] for key in _RESAMPLING if key in chosen}
    v.progress("progress", settings.get("progress"))
    settings["seed"] = v.seed("seed", settings.get("seed", 0))
    settings["workers"] = v.workers("workers", settings.get("workers", -1))
    if "stratified" in chosen:
        settings["stratified"] = _flag("stratified", chosen["stratified"])
    if "range" in chosen:
        low, high = _range(chosen["range"])
        focus = v.choice("focus", chosen.get("focus", "specificity"), _FOCUS)
        settings["partial"] = Partial(low, high, focus, _flag("correct", chosen.get("correct", False)))
    if method in ("specificity", "sensitivity"):
        if method not in chosen:
            raise v.ParameterError(method, f"given with {{method}} {method!r} (the fixed {method} at which the "
                                   "curves are read)", "nothing", others=("method",))
        settings["value"] = float(v.unit_interval(method, chosen[method], scalar=True))
    return ResamplingSettings(**settings)


def run_test(method: str, first, second, *, paired: bool, hyp: Hypotheses, settings: ResamplingSettings,
             mask=None) -> tuple[float, float, ResampledTest]:
    """``(statistic, p_value, test)``: the resampled test `method` of the ``(pos, neg)`` arrays
    `first` and `second` (float64, in the cases' order; `mask` orders the cases for
    Venkatraman's ranks), and its statistic and p-value under `hyp` (module docstring)."""
    common = dict(paired=paired, resamples=settings.resamples, seed=settings.seed, workers=settings.workers,
                  progress=settings.progress)
    alternative = "two-sided" if hyp.alternative == "equivalence" else hyp.alternative
    if method == "venkatraman":
        test = _venkatraman_test(first, second, mask=mask, **common)
    elif method == "bootstrap":
        test = _bootstrap_test(first, second, alternative=alternative, stratified=settings.stratified,
                               partial=settings.partial, **common)
    else:
        test = _operating_point_test(first, second, at=method, value=settings.value, alternative=alternative,
                                     stratified=settings.stratified, **common)
    if hyp.margin == 0:
        return test.statistic, test.p_value, test
    return (*statistic(test.difference, test.std_error, hyp), test)
