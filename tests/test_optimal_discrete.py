"""Exact minimizers on a finite set (Uematsu & Lee 2011, Thm 2–5, §3.3): against closed forms, scipy and brute force."""

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import minimize

from aucbound.optimal import LOSSES, Loss, hinge_toy_case, integer_increments, minimize_risk

distributions = st.integers(1, 8).flatmap(
    lambda n: st.tuples(st.lists(st.floats(0.02, 1.0), min_size=n, max_size=n),
                        st.lists(st.floats(0.02, 1.0), min_size=n, max_size=n)))


def normalised(weights):
    array = np.array(weights, dtype=float)
    return array / array.sum()


def hinge_by_definition(p, q, f):
    return math.fsum(p[x] * q[z] * max(0.0, 1.0 - (f[x] - f[z])) for x in range(len(p)) for z in range(len(p)))


@settings(max_examples=30, deadline=None)
@given(distributions)
def test_theorem_2_exponential_and_logistic_minimizers(weights):
    p, q = normalised(weights[0]), normalised(weights[1])
    log_ratio = np.log(p / q)
    for loss, alpha in (("exponential", 0.5), ("logistic", 1.0)):
        f = minimize_risk(p, q, loss=loss).f
        target = alpha * log_ratio
        np.testing.assert_allclose(f - f.mean(), target - target.mean(), atol=1e-8, rtol=0)


@settings(max_examples=20, deadline=None)
@given(distributions)
def test_theorem_3_smooth_minimizers_keep_the_likelihood_ratio_order_strictly_and_are_minimal(weights):
    p, q = normalised(weights[0]), normalised(weights[1])
    ratio = p / q
    custom = Loss.custom(lambda s: np.exp(-s / 3), lambda s: -np.exp(-s / 3) / 3, name="e^(-s/3)")  # no l″ given
    for loss in ("exponential", "logistic", "squared-hinge", custom):
        result = minimize_risk(p, q, loss=loss)
        f = result.f
        for x, z in itertools.permutations(range(len(p)), 2):
            if ratio[x] > ratio[z] * (1 + 1e-9):
                assert f[x] > f[z]
        if len(p) > 1:  # scipy's own minimization of the risk finds nothing lower
            loss_value = custom.value if loss is custom else LOSSES[loss].value
            risk = lambda g: float((np.outer(p, q) * loss_value(g[:, None] - g[None, :])).sum())  # noqa: E731
            other = minimize(risk, np.zeros(len(p)), method="BFGS", options={"gtol": 1e-10})
            assert result.risk <= other.fun + 1e-12
            assert result.risk == pytest.approx(risk(np.asarray(f)), rel=1e-12)


@settings(max_examples=40, deadline=None)
@given(distributions)
def test_theorem_5_hinge_optimum_equals_brute_force_over_integer_steps(weights):
    p, q = normalised(weights[0]), normalised(weights[1])
    n = len(p)
    order = np.argsort(p / q, kind="stable")
    best = math.inf
    for steps in itertools.product((0, 1), repeat=n - 1):  # 2^(N−1) non-decreasing 0/1-step functions
        f = np.zeros(n)
        f[order] = np.concatenate(([0], np.cumsum(steps)))
        best = min(best, hinge_by_definition(p, q, f))
    result = minimize_risk(p, q, loss="hinge")
    assert result.risk == pytest.approx(best, abs=1e-12)
    f = result.f
    assert np.array_equal(f, np.round(f)) and f.min() == 0  # integer-valued
    assert set(np.diff(f[list(result.order)]).tolist()) <= {0.0, 1.0}  # steps of 0 or 1 along the ratio
    assert hinge_by_definition(p, q, f) == pytest.approx(result.risk, abs=1e-15)
    assert hinge_by_definition(p, q, result.lp_f) == pytest.approx(best, abs=1e-9)  # the unrestricted LP agrees


def test_a_smooth_loss_named_hinge_is_still_minimized_as_a_smooth_loss():
    # the linear program belongs to the hinge loss itself, not to any loss of that name: Thm 2 still holds
    p, q = np.array([0.2, 0.3, 0.5]), np.array([0.5, 0.3, 0.2])
    named = Loss.custom(lambda s: np.exp(-s), lambda s: -np.exp(-s), name="hinge")
    result = minimize_risk(p, q, loss=named)
    assert result.method == "newton" and result.loss == "hinge"
    np.testing.assert_allclose(result.f, 0.5 * np.log(p / q), atol=1e-9, rtol=0)  # ½·log(g+/g−), centred already


def test_hinge_exact_in_fractions_against_brute_force():
    p = [Fraction(1, 10), Fraction(2, 10), Fraction(3, 10), Fraction(4, 10)]
    q = [Fraction(3, 10), Fraction(3, 10), Fraction(1, 5), Fraction(1, 5)]
    result = minimize_risk(p, q, loss="hinge")
    best = min(sum(p[x] * q[z] * max(0, 1 - (f[x] - f[z])) for x in range(4) for z in range(4))
               for f in itertools.product(range(4), repeat=4))  # every integer f with values 0..3
    assert result.risk == best and isinstance(result.risk, Fraction)


def toy_risk(g, h, s1, s2):
    """R_l(s1, s2) of §3.3.1 written out term by term (points in increasing likelihood ratio)."""
    loss = lambda s: max(0, 1 - s)  # noqa: E731
    return (loss(s1) * g[1] * h[0] + loss(-s1) * g[0] * h[1] + loss(s2) * g[2] * h[1] + loss(-s2) * g[1] * h[2]
            + loss(s1 + s2) * g[2] * h[0] + loss(-s1 - s2) * g[0] * h[2] + sum(g[i] * h[i] for i in range(3)))


@pytest.mark.parametrize("g", [(Fraction(1, 3),) * 3, (Fraction(1, 5), Fraction(3, 10), Fraction(1, 2)),
                               (Fraction(1, 2), Fraction(3, 10), Fraction(1, 5)),
                               (Fraction(1, 10), Fraction(3, 5), Fraction(3, 10))])
def test_figure_1_partitions_against_the_linear_program(g):
    """Each panel of Figure 1: a grid of feasible (g−(1), g−(2)) for the given g+; the table's increments are optimal."""
    seen = set()
    for i, j in itertools.product(range(1, 40), repeat=2):
        h = (Fraction(i, 40), Fraction(j, 40), 1 - Fraction(i + j, 40))
        if h[2] <= 0 or not g[0] / h[0] < g[1] / h[1] < g[2] / h[2]:
            continue
        case = hinge_toy_case(g, h)
        assert case.order == (0, 1, 2)
        assert (case.a < 0) == (case.delta12 > 0) and (case.b < 0) == (case.delta23 > 0)
        assert (case.a < case.b) == (h[1] < g[1])  # the paper's remark on a < b
        result = minimize_risk(g, h, loss="hinge")
        optimum = toy_risk(g, h, *(int(s) for s in result.increments))
        assert toy_risk(g, h, *case.partition) == optimum == result.risk  # Figure 1's label is optimal, exactly
        if case.s1[0] == case.s1[1] and case.s2[0] == case.s2[1]:  # determined: the unique minimizer
            assert tuple(int(s) for s in result.increments) == (case.s1[0], case.s2[0])
        seen.add(case.partition)
    assert len(seen) >= 2


def test_figure_2_construction_of_integer_increments():
    s = [0, 1, 0.5, 0.4, 0, 0.25, 0, 1, 0.8, 0, 1, 0.5, 0.3, 0, 0.1, 1]  # §3.3.2, N = 17
    t = integer_increments(s)
    assert t == (0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 1, 1)  # the paper's table
    for k in range(16):  # Figure 2: every partial sum of s and of t on the same side of 1
        for k2 in range(k, 16):
            a, b = sum(s[k:k2 + 1]), sum(t[k:k2 + 1])
            assert not (a < 1 - 1e-12 and b > 1) and not (a > 1 + 1e-12 and b < 1)


def test_integer_increments_keep_the_risk_of_a_hinge_minimizer():
    # a g± whose hinge minimizer is not unique: f = (0, ½, 1) is as good as the 0/1 steps the construction gives
    g = (Fraction(1, 3),) * 3
    h = (Fraction(9, 20), Fraction(1, 3), Fraction(13, 60))
    case = hinge_toy_case(g, h)
    assert case.s1 == (0, 1) and case.s2 == (0, 1)  # a = b > 0: s1 + s2 = 1, s1 anywhere in [0, 1]
    half = toy_risk(g, h, Fraction(1, 2), Fraction(1, 2))
    t = integer_increments([Fraction(1, 2), Fraction(1, 2)])
    assert t == (0, 1) and toy_risk(g, h, *t) == half == minimize_risk(g, h, loss="hinge").risk


@pytest.mark.parametrize("call, error, message", [
    (lambda: minimize_risk([0.5, 0.5], [1.0, 0.0]), ValueError, "`neg` must be > 0 at every point"),
    (lambda: minimize_risk([0.5, 0.5], [0.7, 0.7], loss="hinge"), ValueError, "`neg` must sum to 1 (within 1e-09)"),
    (lambda: minimize_risk([0.5, 0.6], [0.5, 0.5]), ValueError, "`pos` must sum to 1"),
    (lambda: minimize_risk([0.5, 0.5], [0.5, 0.5], loss="ramp"), ValueError, "`loss` must be one of"),
    (lambda: minimize_risk([0.5, 0.5], [0.5, 0.5], loss=Loss.custom(np.exp, np.exp)), ValueError,
     "`derivative` must be ≤ 0"),
    (lambda: hinge_toy_case([0.5, 0.5], [0.5, 0.5]), ValueError, "`pos` must have 3 points"),
    (lambda: integer_increments([0.5, 1.5]), ValueError, "`increments` must be in [0, 1]"),
])
def test_bad_input_names_the_parameter(call, error, message):
    with pytest.raises(error) as raised:
        call()
    assert str(raised.value).startswith(message)
