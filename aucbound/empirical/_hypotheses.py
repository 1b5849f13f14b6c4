"""The hypotheses of the comparison tests: alternatives and margins, p-values, and one-sided intervals.

With D = A_a − A_b the difference of two AUCs, D̂ its estimate and SE its standard error,
``alternative`` and ``margin`` (m ≥ 0) choose the test:

=============  ========================  ========================  ==============================
alternative    H0                        H1                        statistic and p-value
=============  ========================  ========================  ==============================
two-sided      D = 0                     D ≠ 0                     T = D̂/SE, p = 2·P(Z ≥ |T|)
greater        D ≤ −m                    D > −m                    T = (D̂ + m)/SE, p = P(Z ≥ T)
less           D ≥ m                     D < m                     T = (D̂ − m)/SE, p = P(Z ≤ T)
equivalence    |D| ≥ m (m > 0)           |D| < m                   the larger p of the two above
=============  ========================  ========================  ==============================

"greater" with m = 0 is pROC's ``alternative = "greater"`` (H1: the first AUC is the
larger; ``roc.test`` computes ``pnorm(-stat)``), "less" its mirror. With m > 0 "greater" is
the test of non-inferiority of a to b (a is no worse than b by m or more), "less" of b to
a. "equivalence" is Schuirmann's (1987) two one-sided tests (TOST): H0 is rejected at level
α when both one-sided tests reject at α, so its p-value is the larger of the two; T is the
statistic of that one. A margin with the two-sided test is refused: it has no such test.
Z is the standard normal (or Student's t, for pROC's unpaired test). With SE = 0, T is 0
where its numerator is 0 and ±∞ otherwise.

**One-sided intervals.** A one-sided test at level δ goes with a one-sided bound at level
1 − δ: for "greater" the lower bound L, with the interval [L, 1] (H0 is rejected when
L > −m), for "less" the upper bound U, with [−1, U]. For "equivalence" both ends are
one-sided bounds at 1 − δ, so [L, U] is the 1 − 2δ interval of the TOST (rejected when it
lies within (−m, m)). Each one-sided bound is one end of a two-sided interval at another
level, :data:`ONE_SIDED_LEVELS`: a two-sided interval that spends δ/2 on each tail (a normal
quantile, or a union bound over the two tails of an exponential inequality: McDiarmid's,
Hoeffding's, Hoeffding–Chernoff's) gives a one-sided bound at δ from its end at 2δ;
Chebyshev's inequality bounds both tails at once, and the one-sided bound comes from
Cantelli's inequality P(X − μ ≥ t) ≤ σ²/(σ² + t²), whose factor √((1 − δ)/δ) is
Chebyshev's 1/√δ' at δ' = δ/(1 − δ). A method without an entry there has no one-sided row.
"""

from __future__ import annotations

import dataclasses
import math

from .. import _normal
from .. import _validate as v

__all__ = ["COMPARE_ALTERNATIVES", "ONE_SIDED_LEVELS", "Hypotheses", "hypotheses", "one_sided_rows", "statistic"]

#: The alternatives of the comparison tests (see the module docstring).
COMPARE_ALTERNATIVES = ("two-sided", "greater", "less", "equivalence")

#: For each interval method with a one-sided form: the level δ' of the two-sided interval whose end is the
#: one-sided bound at level 1 − δ, and why.
ONE_SIDED_LEVELS = {
    "delong": (lambda delta: 2 * delta, "the normal quantile z(1 − δ)"),
    "normal-max": (lambda delta: 2 * delta, "the normal quantile z(1 − δ)"),
    "mcdiarmid": (lambda delta: 2 * delta, "one tail of McDiarmid's inequality"),
    "hoeffding": (lambda delta: 2 * delta, "one tail of Hoeffding's inequality"),
    "hoeffding-kl": (lambda delta: 2 * delta, "one tail of the Chernoff bound"),
    "chebyshev-max": (lambda delta: delta / (1 - delta), "Cantelli's one-sided inequality"),
}


@dataclasses.dataclass(frozen=True)
class Hypotheses:
    """A checked alternative and margin, with the hypotheses in words."""

    alternative: str
    margin: float

    @property
    def one_sided(self) -> bool:
        return self.alternative != "two-sided"

    @property
    def null(self) -> str:
        """H0, e.g. ``"D <= -0.05"``."""
        m = _shown(self.margin)
        return {"two-sided": "D = 0", "greater": f"D <= {_shown(-self.margin)}", "less": f"D >= {m}",
                "equivalence": f"|D| >= {m}"}[self.alternative]

    @property
    def alternative_text(self) -> str:
        """H1, e.g. ``"D > -0.05"``."""
        m = _shown(self.margin)
        return {"two-sided": "D != 0", "greater": f"D > {_shown(-self.margin)}", "less": f"D < {m}",
                "equivalence": f"|D| < {m}"}[self.alternative]


def _shown(x: float) -> str:
    return f"{x + 0.0:g}"


def hypotheses(alternative, margin, delta: float | None = None) -> Hypotheses:
    """`alternative` and `margin` checked: one of :data:`COMPARE_ALTERNATIVES`, a margin in [0, 1)
    (> 0 for equivalence, 0 for the two-sided test); with a one-sided alternative δ (when given)
    must be below ½, as its interval is one end of a two-sided interval at 2δ."""
    alternative = v.choice("alternative", alternative, COMPARE_ALTERNATIVES)
    margin = v.real("margin", margin, scalar=True)
    if not 0 <= margin < 1:
        raise v.fail("margin", "a number in [0, 1) (a difference of AUCs lies in [-1, 1])", margin)
    margin = float(margin)
    if alternative == "two-sided" and margin > 0:
        raise v.ParameterError("margin", "0 with the two-sided test (margins go with {alternative} 'greater', "
                               "'less' or 'equivalence')", v.show(margin), others=("alternative",))
    if alternative == "equivalence" and margin == 0:
        raise v.ParameterError("margin", "above 0 for an equivalence test (H0: |D| >= margin)", v.show(margin))
    if delta is not None and alternative != "two-sided" and not delta < 0.5:
        raise v.ParameterError("delta", f"below 0.5 with {{alternative}} {alternative!r} (a one-sided bound at "
                               "level 1 - δ is one end of a two-sided interval at level 1 - 2δ)", v.show(delta),
                               others=("alternative",))
    return Hypotheses(alternative, margin)


def _ratio(numerator: float, std_error: float) -> float:
    if std_error > 0:
        return numerator / std_error
    return 0.0 if numerator == 0 else math.copysign(math.inf, numerator)


def _normal_upper(x: float) -> float:
    return _normal.cdf(-x)


def statistic(difference: float, std_error: float, hyp: Hypotheses, upper=_normal_upper) -> tuple[float, float]:
    """(T, p) of the test `hyp` for D̂ = `difference` with standard error `std_error`; `upper(t)` is
    P(Z ≥ t) of the statistic's distribution under H0 (the standard normal's by default)."""
    if hyp.alternative == "two-sided":
        t = _ratio(difference, std_error)
        return t, min(1.0, 2 * upper(abs(t)))
    lower = _ratio(difference + hyp.margin, std_error)  # H1: D > −m
    if hyp.alternative == "greater":
        return lower, upper(lower)
    higher = _ratio(difference - hyp.margin, std_error)  # H1: D < m
    if hyp.alternative == "less":
        return higher, upper(-higher)
    tests = [(upper(lower), lower), (upper(-higher), higher)]
    p, t = max(tests, key=lambda pair: pair[0])
    return t, p


def one_sided_rows(keys, hyp: Hypotheses, delta: float, row_at, *, low: float = -1.0, high: float = 1.0):
    """``(rows, left_out)``: the interval row of each method key for the test `hyp` at level δ.

    ``row_at(key, level)`` gives the two-sided :class:`~aucbound.bounds.Interval` of `key` at
    `level`. Two-sided: each row at δ. Otherwise each row comes from :data:`ONE_SIDED_LEVELS`:
    the lower end ("greater"), the upper ("less") or both ("equivalence") of the two-sided
    row at δ', the other end at `high` (or `low`); ``left_out`` lists ``(key, reason)`` for
    the methods without a one-sided form."""
    if not hyp.one_sided:
        return tuple(row_at(key, delta) for key in keys), ()
    rows, left_out = [], []
    for key in keys:
        if key not in ONE_SIDED_LEVELS:
            left_out.append((key, "no one-sided form is known for it"))
            continue
        level, _ = ONE_SIDED_LEVELS[key]
        rows.append(_one_sided(row_at(key, level(delta)), hyp.alternative, delta, low, high))
    return tuple(rows), tuple(left_out)


def _one_sided(row, alternative: str, delta: float, low: float, high: float):
    """The two-sided `row` at δ' turned into the one-sided bound(s) at δ."""
    lo, hi = row.lo, row.hi
    if alternative == "greater":
        hi, source = high, f"{row.source}; lower bound"
    elif alternative == "less":
        lo, source = low, f"{row.source}; upper bound"
    else:
        source = f"{row.source}; each end one-sided"
    epsilon = {"greater": row.estimate - lo, "less": hi - row.estimate}.get(alternative,
                                                                          max(row.estimate - lo, hi - row.estimate))
    vacuous = {"greater": lo <= low, "less": hi >= high}.get(alternative, lo <= low and hi >= high)
    guarantee = "vacuous" if vacuous else _guarantee_of(row)
    return dataclasses.replace(row, delta=delta, lo=lo, hi=hi, epsilon=epsilon, source=source, guarantee=guarantee)


def _guarantee_of(row) -> str:
    from ..bounds import METHODS

    spec = METHODS.get(row.method)
    return row.guarantee if spec is None else spec.guarantee
