"""The ranking losses and Thm 2's condition (Uematsu & Lee 2011, §3, Remark 1–2): against mpmath and the paper."""

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aucbound.optimal import LOSSES, Loss, calibration_alpha, get_loss, smoothed_hinge

#: The losses' formulas written again in mpmath, independently of the numpy code.
REFERENCE = {
    "exponential": lambda s: mpmath.exp(-s),
    "logistic": lambda s: mpmath.log(1 + mpmath.exp(-s)),
    "hinge": lambda s: max(mpmath.mpf(0), 1 - s),
    "squared-hinge": lambda s: max(mpmath.mpf(0), 1 - s) ** 2,
}
POINTS = [-700.0, -30.0, -2.5, -1.0, -0.25, 0.0, 0.3, 0.999, 1.5, 4.0, 30.0, 700.0]


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_values_and_derivatives_against_mpmath(name):
    loss = LOSSES[name]
    values = loss.value(np.array(POINTS))
    slopes = loss.derivative(np.array(POINTS))
    with mpmath.workdps(40):
        for s, value, slope in zip(POINTS, values, slopes):
            exact = REFERENCE[name](mpmath.mpf(s))
            assert value == pytest.approx(float(exact), rel=1e-14, abs=1e-300)
            if name == "hinge" and abs(s - 1) < 1e-9:
                continue
            # one-sided away from the kink at s = 1, so the difference quotient sees one piece
            derivative = mpmath.diff(REFERENCE[name], mpmath.mpf(s), direction=-1 if s > 1 else 1) if name in (
                "hinge", "squared-hinge") else mpmath.diff(REFERENCE[name], mpmath.mpf(s))
            assert slope == pytest.approx(float(derivative), rel=1e-12, abs=1e-300)


def test_logistic_loss_is_stable_far_out():
    loss = LOSSES["logistic"]
    assert float(loss.value(-800.0)) == 800.0  # log(1 + e^800) = 800 to double precision
    assert float(loss.derivative(-800.0)) == -1.0 and float(loss.derivative(800.0)) == pytest.approx(-np.exp(-800.0))


def test_second_derivatives_against_mpmath():
    for name in ("exponential", "logistic"):
        loss = LOSSES[name]
        with mpmath.workdps(40):
            for s in (-3.0, 0.0, 0.7, 5.0):
                assert float(loss.second(s)) == pytest.approx(float(mpmath.diff(REFERENCE[name], s, 2)), rel=1e-12)
    assert LOSSES["squared-hinge"].second(np.array([0.5, 2.0])).tolist() == [2.0, 0.0]


def test_calibration_of_the_registry_is_the_papers_remark_1_and_2():
    assert calibration_alpha("exponential").alpha == 0.5  # RankBoost: l′(−s)/l′(s) = e^{2s}
    assert calibration_alpha("logistic").alpha == 1.0  # RankNet: e^{s}
    hinge, squared = calibration_alpha("hinge"), calibration_alpha("squared-hinge")
    assert not hinge.applies and hinge.alpha is None and "not differentiable" in hinge.reason
    assert not squared.applies and "l′ < 0" in squared.reason and "s = 1.0" in squared.reason


@settings(max_examples=40, deadline=None)
@given(st.floats(0.01, 30.0))
def test_the_ratio_is_exp_s_over_alpha_at_any_s(s):
    # Thm 2's condition, evaluated through the registry's derivatives at points off the grid
    for name, alpha in (("exponential", 0.5), ("logistic", 1.0)):
        loss = LOSSES[name]
        ratio = float(loss.derivative(-s)) / float(loss.derivative(s))
        assert ratio == pytest.approx(float(mpmath.exp(s / alpha)), rel=1e-12)


def test_custom_losses_calibrated_or_not():
    scaled = Loss.custom(lambda s: np.exp(-s / 3), lambda s: -np.exp(-s / 3) / 3, name="e^(-s/3)")
    assert calibration_alpha(scaled).alpha == 1.5  # l′(−s)/l′(s) = e^{2s/3}
    both = Loss.custom(lambda s: np.logaddexp(0, -s) + np.exp(-s), lambda s: -1 / (1 + np.exp(s)) - np.exp(-s))
    result = calibration_alpha(both)
    assert not result.applies and "not exp(s/α)" in result.reason
    assert result.as_dict()["applies"] is False


@pytest.mark.parametrize("value, derivative, message", [
    (lambda s: np.exp(s), lambda s: np.exp(s), "`derivative` must be ≤ 0 everywhere (l non-increasing)"),
    (lambda s: 0 * s + 1, lambda s: 0 * s, "`derivative` must be negative at 0 (l′(0) < 0, Thm 3), but got l′(0) = 0.0."),
    (lambda s: 1 / (1 + np.exp(s)), lambda s: -np.exp(s) / (1 + np.exp(s)) ** 2, "`derivative` must be non-decreasing"),
    (lambda s: np.exp(-s), lambda s: -2 * np.exp(-s), "`derivative` must be the derivative of `value`"),
    (lambda s: -s, lambda s: 0 * s - 1, "`value` must be ≥ 0 (a loss is non-negative)"),
    (lambda s: np.exp(-s), "exp", "`derivative` must be a callable of s"),
])
def test_custom_losses_that_break_the_papers_assumptions_are_refused(value, derivative, message):
    with pytest.raises((ValueError, TypeError), match=message.replace("(", r"\(").replace(")", r"\)")):
        Loss.custom(value, derivative)


def test_unknown_loss_is_refused_with_the_keys():
    with pytest.raises(ValueError, match="`loss` must be one of 'exponential', 'logistic', 'hinge', 'squared-hinge'"):
        get_loss("ramp")
    with pytest.raises(ValueError, match="`loss` must be one of"):
        calibration_alpha("ramp")


def test_the_registry_is_the_one_every_package_reads():
    """aucbound.learn and the loss experiment read aucbound.optimal.LOSSES itself: the names,
    Thm 2's α (checked here against calibration_alpha's grid and Remark 1) and the learners."""
    from aucbound.experiments._loss_scores import LOSSES as EXPERIMENT_LOSSES, THEORY_SLOPES
    from aucbound.learn import BOOST_LOSSES, LOSSES as LEARN_LOSSES

    assert LEARN_LOSSES is LOSSES
    assert BOOST_LOSSES == ("logistic", "hinge", "squared-hinge")
    for name, loss in LOSSES.items():
        assert loss.name == name and loss.alpha == calibration_alpha(loss).alpha
    assert (LOSSES["exponential"].alpha, LOSSES["logistic"].alpha) == (0.5, 1.0)  # Remark 1
    assert [LOSSES[name].learner for name in EXPERIMENT_LOSSES] == ["RankBoost", "LogitBoost", "HingeBoost"]
    assert THEORY_SLOPES == {"exponential": 0.5, "logistic": 1.0, "hinge": None}


def test_a_custom_loss_carries_its_calibration():
    scaled = Loss.custom(lambda s: np.exp(-s / 3), lambda s: -np.exp(-s / 3) / 3, name="e^(-s/3)")
    assert scaled.alpha == 1.5 and scaled.learner is None


@pytest.mark.parametrize("mu", [1.0, 0.3, 0.01])
def test_smoothed_hinge_against_its_definition_and_the_hinge(mu):
    """l_μ(s) = max over u in [0, 1] of u·(1 − s) − μu²/2 (Nesterov's smoothing of max(0, 1 − s)),
    evaluated in mpmath by its maximiser u* = min(1, max(0, (1 − s)/μ)); l_μ ≤ l ≤ l_μ + μ/2."""
    loss = smoothed_hinge(mu)
    points = np.array([-3.0, 0.0, 1.0 - mu, 1.0 - mu / 3, 0.999999, 1.0, 1.5])
    with mpmath.workdps(30):
        for s, value, slope in zip(points, loss.value(points), loss.derivative(points)):
            u = min(mpmath.mpf(1), max(mpmath.mpf(0), (1 - mpmath.mpf(s)) / mpmath.mpf(mu)))
            assert value == pytest.approx(float(u * (1 - mpmath.mpf(s)) - mpmath.mpf(mu) * u * u / 2), abs=1e-15)
            assert slope == pytest.approx(float(-u), abs=1e-15)  # Danskin: the derivative is −u*
    hinge = LOSSES["hinge"].value(points)
    assert np.all(loss.value(points) <= hinge) and np.all(hinge <= loss.value(points) + mu / 2 + 1e-15)


@pytest.mark.parametrize("mu", [0.0, -1.0, 1.5, float("nan")])
def test_smoothed_hinge_refuses_a_width_outside_0_1(mu):
    with pytest.raises(ValueError, match=r"`mu` must be in \(0, 1\]"):
        smoothed_hinge(mu)
