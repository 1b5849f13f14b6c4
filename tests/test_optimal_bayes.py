"""Thm 1 of Uematsu & Lee (2011): the optimal AUC, against brute force over orders, mpmath and closed forms."""

import itertools
import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import minimize

from aucbound.optimal import discrete_bayes, discrete_ranking_risk, multivariate_normal_bayes, normal_bayes


def masses(weights):
    total = sum(weights)
    return [Fraction(w, total) for w in weights]


def permutation_aucs(p, q):
    """The AUC of every strict order of the points (brute force: N! orders, each pair counted)."""
    n = len(p)
    orders = np.array(list(itertools.permutations(range(n))))
    ranks = np.argsort(orders, axis=1)  # ranks[k, x] = place of x in order k (higher = ranked higher)
    weights = np.outer(p, q)
    above = ranks[:, :, None] > ranks[:, None, :]
    return (above * weights).sum(axis=(1, 2)) + 0.5 * np.trace(weights)


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 7).flatmap(lambda n: st.tuples(st.lists(st.integers(1, 50), min_size=n, max_size=n),
                                                     st.lists(st.integers(1, 50), min_size=n, max_size=n))))
def test_likelihood_ratio_order_beats_every_permutation(weights):
    p, q = masses(weights[0]), masses(weights[1])
    result = discrete_bayes(p, q)
    aucs = permutation_aucs(np.array(p, float), np.array(q, float))
    assert result.exact and isinstance(result.optimal_auc, Fraction)
    assert float(result.optimal_auc) >= aucs.max() - 1e-12  # ≥ every order
    assert float(result.optimal_auc) == pytest.approx(aucs.max(), abs=1e-12)  # and equals the best


def test_exact_risk_by_the_definition_with_ties_pooled():
    # points 0 and 1 share the ratio 1/2; 2 and 3 have ratios 1 and 4
    p = [Fraction(1, 10), Fraction(2, 10), Fraction(3, 10), Fraction(4, 10)]
    q = [Fraction(2, 10), Fraction(4, 10), Fraction(3, 10), Fraction(1, 10)]
    result = discrete_bayes(p, q)
    assert result.classes == ((0, 1), (2,), (3,)) and result.order == (0, 1, 2, 3)
    rank = {0: 0, 1: 0, 2: 1, 3: 2}
    by_hand = sum(p[x] * q[z] * (1 if rank[x] < rank[z] else Fraction(1, 2) if rank[x] == rank[z] else 0)
                  for x in range(4) for z in range(4))
    assert result.bayes_risk == by_hand == Fraction(61, 200)
    assert discrete_ranking_risk(p, q, [0, 0, 1, 2]) == by_hand
    assert discrete_ranking_risk(p, q, [2, 1, 0, 3]) > by_hand  # an order against the ratio loses
    assert result.as_dict()["bayes_risk"] == "61/200"


def test_float_input_and_infinite_ratio():
    result = discrete_bayes([0.5, 0.5, 0.0], [0.0, 0.5, 0.5])  # point 0: g− = 0 (ratio ∞), point 2: ratio 0
    assert result.classes == ((2,), (1,), (0,)) and not result.exact
    assert result.bayes_risk == pytest.approx(0.5 * 0.5 * 0.5)  # only the tie at point 1 costs


@pytest.mark.parametrize("delta, sigma", [(2.0, 1.0), (0.5, 2.0), (-1.0, 0.7), (6.0, 1.0)])
def test_binormal_equal_variance_against_mpmath(delta, sigma):
    result = normal_bayes(delta / 2, -delta / 2, sigma, sigma)
    with mpmath.workdps(30):
        exact = mpmath.ncdf(-abs(delta) / (sigma * mpmath.sqrt(2)))
        identity = mpmath.ncdf(delta / (sigma * mpmath.sqrt(2)))
    assert result.bayes_risk == pytest.approx(float(exact), rel=1e-13)
    assert result.identity_auc == pytest.approx(float(identity), rel=1e-13)
    assert result.monotone and result.method == "closed form"


def test_the_papers_bayes_risk_in_the_normal_setting():
    assert round(normal_bayes().bayes_risk, 5) == 0.07865  # §5.1.2: Φ(−√2) ≈ 0.07865
    assert round(normal_bayes(1.0, -1.0, 1.0, 1.0).bayes_risk, 7) == 0.0786496


def test_multivariate_normal_reduces_to_the_univariate_example():
    p = 10  # §5.1.3: N_p(1/√p, I) against N_p(−1/√p, I) is the univariate N(±1, 1)
    result = multivariate_normal_bayes([1 / math.sqrt(p)] * p, [-1 / math.sqrt(p)] * p)
    assert result.distance == pytest.approx(2.0, rel=1e-14)
    assert result.bayes_risk == pytest.approx(normal_bayes().bayes_risk, rel=1e-13)


def test_multivariate_normal_is_the_best_linear_score():
    mu_pos, mu_neg = np.array([1.0, 0.2, -0.5]), np.array([0.0, 0.4, 0.3])
    cov = np.array([[2.0, 0.3, 0.1], [0.3, 1.0, -0.2], [0.1, -0.2, 0.5]])
    result = multivariate_normal_bayes(mu_pos, mu_neg, cov)
    delta = mu_pos - mu_neg

    def auc(w):  # AUC of the score w′x: P(w′X > w′X′) with w′(X − X′) ~ N(w′Δ, 2w′Σw)
        return float(mpmath.ncdf(w @ delta / math.sqrt(2 * w @ cov @ w)))

    best = minimize(lambda w: -auc(w), x0=np.ones(3), method="Nelder-Mead", options={"xatol": 1e-10, "fatol": 1e-14})
    assert -best.fun <= result.optimal_auc + 1e-12  # no direction beats the likelihood ratio (Thm 1)
    assert -best.fun == pytest.approx(result.optimal_auc, abs=1e-9)  # and the LDA direction attains it


@pytest.mark.parametrize("sd_pos, sd_neg", [(2.0, 1.0), (1.0, 2.0), (0.3, 3.0), (1e-6, 1.0), (1e-4, 1.0), (1.0, 1e-4),
                                            (1e6, 1.0), (1e300, 3e300), (3e-300, 1e-300)])
def test_unequal_variance_with_equal_means_has_a_closed_form(sd_pos, sd_neg):
    # X − c and X′ − c centred: the optimum is P(|Z₂|/|Z₁| < max/min) = (2/π)·arctan(max/min) (half-Cauchy)
    result = normal_bayes(0.3, 0.3, sd_pos, sd_neg)
    assert result.optimal_auc == pytest.approx(2 / math.pi * math.atan(max(sd_pos, sd_neg) / min(sd_pos, sd_neg)),
                                               rel=1e-12)
    assert result.identity_auc == 0.5 and not result.monotone and result.method == "integration"


def test_unequal_variance_limits_are_refused_with_the_parameter():
    with pytest.raises(ValueError, match=r"`pos_sd` must be within a factor 1e\+06 of `neg_sd`"):
        normal_bayes(0.0, 0.0, 1e7, 1.0)
    with pytest.raises(ValueError, match=r"`pos_mean` must differ from `neg_mean` by at most 1e\+06 times"):
        normal_bayes(3.0, 0.0, 1e-6, 1.0)


def roc_integral(mu_pos, mu_neg, sd_pos, sd_neg):
    """The AUC of the likelihood ratio by mpmath: ∫ TPR dFPR over thresholds r on |x − c| (done differently)."""
    with mpmath.workdps(25):
        mu_pos, mu_neg, sd_pos, sd_neg = (mpmath.mpf(x) for x in (mu_pos, mu_neg, sd_pos, sd_neg))
        c = (mu_pos * sd_neg**2 - mu_neg * sd_pos**2) / (sd_neg**2 - sd_pos**2)
        tail_pos = lambda r: mpmath.ncdf((c - r - mu_pos) / sd_pos) + 1 - mpmath.ncdf((c + r - mu_pos) / sd_pos)  # noqa
        density_neg = lambda r: mpmath.npdf(c + r, mu_neg, sd_neg) + mpmath.npdf(c - r, mu_neg, sd_neg)  # noqa
        # σ+ > σ−: the ratio rises with |x − c|; a negative at distance r is beaten by a positive beyond r
        inner = (lambda r: tail_pos(r)) if sd_pos > sd_neg else (lambda r: 1 - tail_pos(r))
        return float(mpmath.quad(lambda r: inner(r) * density_neg(r), [0, abs(c - mu_neg), mpmath.inf]))


@pytest.mark.parametrize("mu_pos, mu_neg, sd_pos, sd_neg", [(1, -1, 1.5, 1), (1, -1, 1, 1.5), (0.5, 0, 3, 1),
                                                            (2, -1, 0.5, 1.2)])
def test_unequal_variance_against_an_mpmath_roc_integral(mu_pos, mu_neg, sd_pos, sd_neg):
    result = normal_bayes(mu_pos, mu_neg, sd_pos, sd_neg)
    assert result.optimal_auc == pytest.approx(roc_integral(mu_pos, mu_neg, sd_pos, sd_neg), abs=1e-11)
    assert result.optimal_auc + result.bayes_risk == pytest.approx(1.0, abs=1e-12)
    assert result.optimal_auc > result.identity_auc  # x itself is not the likelihood ratio
    with mpmath.workdps(20):
        identity = mpmath.ncdf((mu_pos - mu_neg) / mpmath.sqrt(sd_pos**2 + sd_neg**2))
    assert result.identity_auc == pytest.approx(float(identity), rel=1e-13)


def test_unequal_variance_tends_to_the_equal_variance_closed_form():
    near = normal_bayes(1, -1, 1, 1 + 1e-7)
    assert near.optimal_auc == pytest.approx(normal_bayes(1, -1, 1, 1).optimal_auc, abs=1e-7)


@pytest.mark.parametrize("call, message", [
    (lambda: discrete_bayes([0.5, 0.6], [0.5, 0.5]), "`pos` must sum to 1 (within 1e-09), but got a sum of 1.1."),
    (lambda: discrete_bayes([0.5, 0.5], [1.2, -0.2]), "`neg` must be ≥ 0 at every point, but got -0.2 (entry 2 of 2)."),
    (lambda: discrete_bayes([Fraction(1, 2), Fraction(1, 3)], [Fraction(1, 2), Fraction(1, 2)]),
     "`pos` must sum to 1, but got a sum of 5/6."),
    (lambda: discrete_bayes([10**309, 0, 0], [Fraction(1, 2), Fraction(1, 2), 0]),
     "`pos` must be at most 1 at every point (a probability), but got an integer of 310 digits (entry 1 of 3)."),
    (lambda: discrete_bayes([0.5, 0.5], [1.0]), "`neg` must have as many points as `pos` (2), but got 1 points."),
    (lambda: discrete_bayes([1.0, 0.0], [1.0, 0.0]), "`neg` must be positive where `pos` is 0"),
    (lambda: discrete_bayes([], []), "`pos` must have at least one point"),
    (lambda: normal_bayes(pos_sd=0.0), "`pos_sd` must be a finite number > 0, but got 0.0."),
    (lambda: normal_bayes(pos_mean=math.inf), "`pos_mean` must be a finite number, but got inf."),
    (lambda: multivariate_normal_bayes([1, 0], [0, 0], [[1, 2], [2, 1]]), "`cov` must be positive definite"),
    (lambda: multivariate_normal_bayes([1, 0], [0, 0], [[1, 0.5], [0, 1]]), "`cov` must be symmetric"),
    (lambda: multivariate_normal_bayes([1, 0], [0, 0, 0]), "`neg_mean` must have the length of `pos_mean` (2)"),
])
def test_bad_input_names_the_parameter(call, message):
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value).startswith(message)
