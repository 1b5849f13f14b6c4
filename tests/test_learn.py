"""aucbound.learn: RankBoost, pairwise boosting, the pairwise risk and its gradient, Thm 9's LP.

Every check compares the package with a computation written here from the definitions,
without aucbound's internals: RankBoost keeping the whole m×n pair distribution D
(Freund, Iyer, Schapire & Singer 2003, Fig. 2 with bipartite feedback), pairwise risks and
gradients from the full matrix of differences f_pos[i] − f_neg[j], AUCs and ranking losses
by counting pairs, and line searches by evaluating the risk on a grid.
"""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from aucbound.learn import consistent_linear_ranker, pairwise_boost, pairwise_gradient, pairwise_risk, rankboost

# --- independent reference computations ------------------------------------------------------


def weak_rankers(X, weak):
    """Every weak ranker on the pooled points X, in the package's order (feature, then threshold):
    (feature, threshold or None, h on X).

    Stumps 1(x_j > θ) for θ every observed value of feature j except its largest; raw
    features (x_j − lo_j)/(hi_j − lo_j) for every non-constant feature."""
    out = []
    for j in range(X.shape[1]):
        column = X[:, j]
        if weak == "stump":
            for theta in np.unique(column)[:-1]:
                out.append((j, float(theta), (column > theta).astype(np.float64)))
        else:
            lo, hi = column.min(), column.max()
            if hi > lo:
                out.append((j, None, (column - lo) / (hi - lo)))
    return out


def naive_rankboost(pos, neg, rounds, weak, alpha):
    """RankBoost with the full pair distribution D[a, b] over (x0 = neg[a], x1 = pos[b]).

    Each round scores every weak ranker by explicit sums over D: for stumps with the exact
    rule by 1 − min Z = (√W₊ − √W₋)² and α = ½·ln(W₊/W₋) (both W± > 0); otherwise by |r|
    with α = ½·ln((1 + r)/(1 − r)). The first best candidate wins. A stump with exactly one
    of W± zero is scored by 1 − Z at the bound's α and gets the 'bound' rule. Returns the
    chosen weak rankers, α's, rules, Z's, final scores on the training points and, per round,
    the gap between the best and the second-best score (to confirm there was no near-tie)."""
    m, n = len(pos), len(neg)
    X = np.vstack((pos, neg))
    candidates = weak_rankers(X, weak)
    D = np.full((n, m), 1.0 / (m * n))
    result = {"features": [], "thresholds": [], "alphas": [], "rules": [], "z": [], "gaps": []}
    f = np.zeros(m + n)
    for _ in range(rounds):
        scores, steps = [], []
        for _, _, h in candidates:
            diff = h[None, :m] - h[m:, None]  # h(x1) − h(x0) for every pair
            r = float(np.sum(D * diff))
            bound_alpha = 0.5 * math.log((1.0 + r) / (1.0 - r))
            if weak == "stump" and alpha == "exact":
                w_plus, w_minus = float(D[diff == 1.0].sum()), float(D[diff == -1.0].sum())
                if w_plus > 0.0 and w_minus > 0.0:
                    scores.append((math.sqrt(w_plus) - math.sqrt(w_minus)) ** 2)
                    steps.append((0.5 * math.log(w_plus / w_minus), "exact", diff))
                else:
                    scores.append(1.0 - float(np.sum(D * np.exp(-bound_alpha * diff))))
                    steps.append((bound_alpha, "bound", diff))
            else:
                scores.append(abs(r))
                steps.append((bound_alpha, "bound", diff))
        scores = np.array(scores)
        k = int(np.argmax(scores))
        if not scores[k] > 0.0:
            break
        result["gaps"].append(float(scores[k] - np.max(np.delete(scores, k))))
        a, rule, diff = steps[k]
        unnormalised = D * np.exp(-a * diff)  # D·exp(α(h(x0) − h(x1)))
        z = float(unnormalised.sum())
        D = unnormalised / z
        j, theta, h = candidates[k]
        f = f + a * h
        for key, value in (("features", j), ("thresholds", theta), ("alphas", a), ("rules", rule), ("z", z)):
            result[key].append(value)
    result["scores"] = f
    return result


def generic_data(seed, m=7, n=9, d=3):
    """Continuous random points; in every feature the smallest and the largest value are each
    shared by one positive and one negative, so no stump has W₊ = 0 or W₋ = 0 (and none
    separates the classes)."""
    rng = np.random.default_rng(seed)
    pos, neg = rng.normal(0.5, 1.0, (m, d)), rng.normal(0.0, 1.0, (n, d))
    for j in range(d):
        lo = min(pos[:, j].min(), neg[:, j].min()) - 0.25
        hi = max(pos[:, j].max(), neg[:, j].max()) + 0.25
        pos[j % m, j], neg[j % n, j] = lo, lo
        pos[(j + 3) % m, j], neg[(j + 4) % n, j] = hi, hi
    return pos, neg


def random_data(seed, m=8, n=11, d=3, shift=0.4):
    rng = np.random.default_rng(seed)
    return rng.normal(shift, 1.0, (m, d)), rng.normal(0.0, 1.0, (n, d))


def weak_values(model, X, train):
    """h_t on the rows of X for every round t (shape (rounds, k)), from the model's features
    and thresholds, with raw features scaled by the min/max of the training points `train`."""
    rows = []
    for j, theta in zip(model.features, model.thresholds):
        if model.weak == "stump":
            rows.append((X[:, j] > theta).astype(np.float64))
        else:
            lo, hi = train[:, j].min(), train[:, j].max()
            rows.append((X[:, j] - lo) / (hi - lo))
    return np.array(rows)


def differences(f_pos, f_neg):
    return np.asarray(f_pos, dtype=np.float64)[:, None] - np.asarray(f_neg, dtype=np.float64)[None, :]


def brute_loss(loss, s):
    if loss == "exponential":
        return np.exp(-s)
    if loss == "logistic":
        return np.logaddexp(0.0, -s)
    if loss == "squared-hinge":
        return np.maximum(0.0, 1.0 - s) ** 2
    if isinstance(loss, tuple):  # ("smoothed", μ): Huber's smoothing of the kink, written from its definition
        mu = loss[1]
        return np.where(s >= 1.0, 0.0, np.where(s <= 1.0 - mu, 1.0 - s - mu / 2, (1.0 - s) ** 2 / (2 * mu)))
    return np.maximum(0.0, 1.0 - s)


def brute_slope(loss, s):
    if loss == "exponential":
        return -np.exp(-s)
    if loss == "logistic":
        return -1.0 / (1.0 + np.exp(s))
    if loss == "squared-hinge":
        return -2.0 * np.maximum(0.0, 1.0 - s)
    if isinstance(loss, tuple):
        mu = loss[1]
        return np.where(s >= 1.0, 0.0, np.where(s <= 1.0 - mu, -1.0, -(1.0 - s) / mu))
    return np.where(s < 1.0, -1.0, 0.0)


def brute_risk(loss, f_pos, f_neg):
    """(1/mn)·Σ_{i,j} ℓ(f_pos[i] − f_neg[j]) over the full matrix."""
    return float(brute_loss(loss, differences(f_pos, f_neg)).sum()) / (len(f_pos) * len(f_neg))


def brute_gradient(loss, f_pos, f_neg):
    """g_pos[i] = (1/mn)·Σ_j ℓ'(s_ij), g_neg[j] = −(1/mn)·Σ_i ℓ'(s_ij) over the full matrix."""
    slope = brute_slope(loss, differences(f_pos, f_neg))
    mn = len(f_pos) * len(f_neg)
    return slope.sum(axis=1) / mn, -slope.sum(axis=0) / mn


def brute_auc(f_pos, f_neg):
    """Fraction of pairs with f_pos > f_neg, ties ½."""
    s = differences(f_pos, f_neg)
    return (np.sum(s > 0) + 0.5 * np.sum(s == 0)) / s.size


def ranking_loss(f_pos, f_neg):
    """Fraction of pairs with f_pos ≤ f_neg (ties are errors)."""
    s = differences(f_pos, f_neg)
    return np.sum(s <= 0) / s.size


# --- 1. RankBoost against the naive full-matrix RankBoost ------------------------------------

SETTINGS = [("stump", "exact"), ("stump", "bound"), ("raw", "bound"), ("raw", "exact")]


@pytest.mark.parametrize("weak, alpha", SETTINGS)
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_rankboost_matches_naive_full_matrix_rankboost(weak, alpha, seed):
    """Weak rankers, α's, rules, Z_t and training scores agree with the naive m×n RankBoost."""
    pos, neg = generic_data(seed)
    X = np.vstack((pos, neg))
    model = rankboost(pos, neg, rounds=30, weak=weak, alpha=alpha)
    naive = naive_rankboost(pos, neg, 30, weak, alpha)
    assert min(naive["gaps"]) > 1e-9  # no near-tie: the choice each round is unambiguous
    assert model.rounds == 30 and model.stopped is None
    assert list(model.features) == naive["features"]
    assert list(model.thresholds) == naive["thresholds"]
    expected_rule = "exact" if (weak, alpha) == ("stump", "exact") else "bound"
    assert naive["rules"] == [expected_rule] * 30
    assert list(model.alpha_rules) == naive["rules"]
    np.testing.assert_allclose(model.alphas, naive["alphas"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(model.z, naive["z"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(model.score(X), naive["scores"], rtol=0, atol=1e-12)
    if weak == "raw":
        np.testing.assert_array_equal(model.low, X.min(axis=0))
        np.testing.assert_array_equal(model.span, X.max(axis=0) - X.min(axis=0))


def test_rankboost_raw_features_take_the_bound_rule_even_when_binary():
    """Raw features always take Freund et al.'s bound α, chosen by |r| — also features with only
    two values, where h ∈ {0, 1} as for a stump: against the naive RankBoost."""
    rng = np.random.default_rng(23)
    pos, neg = (rng.random((9, 2)) < 0.6).astype(float), (rng.random((11, 2)) < 0.4).astype(float)
    model = rankboost(pos, neg, rounds=4, weak="raw", alpha="exact")
    naive = naive_rankboost(pos, neg, 4, "raw", "exact")
    assert min(naive["gaps"]) > 1e-9
    assert model.alpha_rules == ("bound",) * 4 and list(model.features) == naive["features"]
    np.testing.assert_allclose(model.alphas, naive["alphas"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(model.z, naive["z"], rtol=0, atol=1e-12)


def test_rankboost_one_sided_stump_is_scored_and_stepped_by_the_bound():
    """Against the naive RankBoost: θ = 0 puts every positive above (W₋ = 0), so its exact α is
    infinite; by the documented rule it is scored by 1 − Z at the bound's α (gain ≈ 0.098) and
    loses to θ = 6 (W₋ = 0 too; r = 3/7, gain ≈ 0.158), which gets α = ½·ln(2.5), rule 'bound'."""
    pos, neg = [1.0, 2.0, 3.0, 4.0, 7.0, 8.0, 9.0], [0.0, 5.0, 6.0]
    naive = naive_rankboost(np.array(pos)[:, None], np.array(neg)[:, None], 1, "stump", "exact")
    assert naive["thresholds"] == [6.0] and naive["rules"] == ["bound"]
    assert naive["alphas"][0] == pytest.approx(0.5 * math.log(2.5), abs=1e-12)
    model = rankboost(pos, neg, rounds=1, alpha="exact")
    assert model.thresholds == (6.0,)
    assert model.alpha_rules == ("bound",)
    assert model.alphas[0] == pytest.approx(naive["alphas"][0], abs=1e-12)


# Two features of 7 positives and 9 negatives (ranks 0–15): at round 1, exactly two stumps
# reach the largest |r| = 20/63 (exact fractions), neither one-sided: feature 0 at θ = 11
# (3 of 7 positives and 1 of 9 negatives above) and feature 1 at θ = 3 (4 and 8 above).
TIE_POS = np.array([[2, 5, 14, 8, 3, 13, 12], [6, 1, 3, 13, 14, 8, 0]], dtype=float).T
TIE_NEG = np.array([[4, 7, 10, 0, 6, 1, 11, 9, 15], [4, 2, 15, 10, 11, 12, 9, 7, 5]], dtype=float).T


def test_tie_data_has_an_exact_two_way_tie():
    """Exact rational check of the premise of the next test: r = a/7 − b/9 by counting."""
    from fractions import Fraction

    r, counts = {}, {}
    for j in range(2):
        for theta in np.unique(np.concatenate((TIE_POS[:, j], TIE_NEG[:, j])))[:-1]:
            a, b = int(np.sum(TIE_POS[:, j] > theta)), int(np.sum(TIE_NEG[:, j] > theta))
            r[(j, float(theta))], counts[(j, float(theta))] = abs(Fraction(a, 7) - Fraction(b, 9)), (a, b)
    best = max(r.values())
    assert best == Fraction(20, 63)
    assert sorted(key for key, value in r.items() if value == best) == [(0, 11.0), (1, 3.0)]
    assert counts[(0, 11.0)] == (3, 1) and counts[(1, 3.0)] == (4, 8)


def test_rankboost_exact_tie_goes_to_the_lowest_feature():
    """Against the exact rational computation above: the tie goes to feature 0, θ = 11."""
    model = rankboost(TIE_POS, TIE_NEG, rounds=1, alpha="bound")
    assert (model.features, model.thresholds) == ((0,), (11.0,))


# --- 2. Freund et al.'s Thm 1 -----------------------------------------------------------------

@pytest.mark.parametrize("weak, alpha", SETTINGS)
@pytest.mark.parametrize("seed", [10, 11, 12])
def test_rankboost_thm1_ranking_loss_below_product_of_z(weak, alpha, seed):
    """Brute-force ranking loss of the staged scores ≤ Π_{s≤t} Z_s, and model.risk[t] equals both
    the brute-force exponential pairwise risk of the staged scores and Π_{s≤t} Z_s."""
    pos, neg = random_data(seed)
    m = len(pos)
    X = np.vstack((pos, neg))
    model = rankboost(pos, neg, rounds=25, weak=weak, alpha=alpha)
    staged = model.staged_scores(X)
    products = np.cumprod(model.z)
    assert staged.shape == (model.rounds, len(X)) and model.rounds >= 1
    for t in range(model.rounds):
        f_pos, f_neg = staged[t, :m], staged[t, m:]
        assert ranking_loss(f_pos, f_neg) <= products[t] + 1e-12
        exponential = float(np.mean(np.exp(-differences(f_pos, f_neg))))
        assert model.risk[t] == pytest.approx(exponential, rel=1e-10)
        assert model.risk[t] == pytest.approx(products[t], rel=1e-10)
        assert model.train_auc[t] == brute_auc(f_pos, f_neg)


# --- 3. Separable data -------------------------------------------------------------------------

def test_rankboost_stump_on_data_one_feature_separates():
    """Feature 1 alone separates: one 'perfect' round, training AUC 1 by counting pairs."""
    rng = np.random.default_rng(20)
    pos = np.column_stack((rng.normal(0, 1, 6), rng.uniform(1.0, 2.0, 6), rng.normal(0, 1, 6)))
    neg = np.column_stack((rng.normal(0, 1, 8), rng.uniform(-1.0, 0.5, 8), rng.normal(0, 1, 8)))
    model = rankboost(pos, neg, rounds=10)
    assert model.alpha_rules == ("perfect",) and model.features == (1,)
    assert model.thresholds == (neg[:, 1].max(),)
    assert model.stopped is not None
    scores = model.score(np.vstack((pos, neg)))
    assert model.train_auc == (1.0,) and brute_auc(scores[:6], scores[6:]) == 1.0


def test_rankboost_stump_perfect_in_reverse_direction():
    """A stump with h = 1 exactly on the negatives: a negative 'perfect' α, AUC 1 by counting."""
    model = rankboost([[0.0], [1.0]], [[2.0], [3.0]], rounds=5)
    assert model.alpha_rules == ("perfect",) and model.alphas[0] < 0
    scores = model.score([[0.0], [1.0], [2.0], [3.0]])
    assert brute_auc(scores[:2], scores[2:]) == 1.0 == model.train_auc[-1]


def separable_by_sum(seed, size=80, margin=0.2):
    """Points in [−1, 1]² labelled by the sign of x₀ + x₁ (no point within `margin`); no single
    feature separates them."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-1.0, 1.0, (size, 2))
    s = X.sum(axis=1)
    X, s = X[np.abs(s) > margin], s[np.abs(s) > margin]
    pos, neg = X[s > 0], X[s < 0]
    for j in range(2):
        assert pos[:, j].min() < neg[:, j].max()
    return pos, neg


@pytest.mark.parametrize("weak", ["raw", "stump"])
def test_rankboost_reaches_auc_one_on_linearly_separable_data(weak):
    """Data separable only by x₀ + x₁: training AUC reaches 1, and train_auc equals the
    brute-force AUC (ties ½) of the staged scores every round."""
    pos, neg = separable_by_sum(21)
    m = len(pos)
    X = np.vstack((pos, neg))
    model = rankboost(pos, neg, rounds=60, weak=weak)
    staged = model.staged_scores(X)
    assert model.train_auc[-1] == 1.0
    for t in range(model.rounds):
        assert model.train_auc[t] == brute_auc(staged[t, :m], staged[t, m:])


def test_rankboost_raw_single_separating_feature():
    """A raw feature that separates alone: AUC 1 after the first round (it has the largest |r|)."""
    rng = np.random.default_rng(22)
    pos = np.column_stack((rng.uniform(1.0, 2.0, 6), rng.normal(0, 0.1, 6)))
    neg = np.column_stack((rng.uniform(-1.0, 0.5, 9), rng.normal(0, 0.1, 9)))
    model = rankboost(pos, neg, rounds=5, weak="raw")
    scores = model.staged_scores(np.vstack((pos, neg)))[0]
    assert model.features[0] == 0 and model.alpha_rules[0] == "bound"
    assert brute_auc(scores[:6], scores[6:]) == 1.0 == model.train_auc[0] == model.train_auc[-1]


# --- 4. Pairwise risk and gradient --------------------------------------------------------------

def score_cases():
    """(name, f_pos, f_neg): integers (many differences exactly 1), halves, continuous; m ≠ n."""
    rng = np.random.default_rng(30)
    return [
        ("integers", rng.integers(-3, 4, 13).astype(float), rng.integers(-3, 4, 9).astype(float)),
        ("halves", rng.integers(-6, 7, 8) / 2.0, rng.integers(-6, 7, 17) / 2.0),
        ("continuous", rng.normal(0.3, 1.0, 11), rng.normal(0.0, 1.0, 6)),
        ("single positive", np.array([1.0]), rng.integers(-2, 3, 7).astype(float)),
    ]


CASES = score_cases()
LOSSES = ["exponential", "logistic", "hinge", "squared-hinge"]


@pytest.mark.parametrize("method", ["fast", "pairs"])
@pytest.mark.parametrize("loss", LOSSES)
@pytest.mark.parametrize("name, f_pos, f_neg", CASES, ids=[case[0] for case in CASES])
def test_pairwise_gradient_matches_full_matrix(name, f_pos, f_neg, loss, method):
    """Row and column sums of ℓ'(f_pos[i] − f_neg[j]) over the full m×n matrix, / mn."""
    g_pos, g_neg = pairwise_gradient(f_pos, f_neg, loss=loss, method=method)
    e_pos, e_neg = brute_gradient(loss, f_pos, f_neg)
    assert g_pos.shape == f_pos.shape and g_neg.shape == f_neg.shape
    # the exponential's values reach e^6/mn here: relative there, absolute 1e-12 for the others
    rtol = 1e-12 if loss == "exponential" else 0.0
    np.testing.assert_allclose(g_pos, e_pos, rtol=rtol, atol=1e-12)
    np.testing.assert_allclose(g_neg, e_neg, rtol=rtol, atol=1e-12)
    assert abs(g_pos.sum() + g_neg.sum()) <= 1e-12 * max(1.0, np.abs(g_pos).sum())


def test_hinge_gradient_counts_differences_exactly_one_as_zero_slope():
    """Many pairs at the kink s = 1 exactly: the counts are #{j : s_ij < 1}, exactly."""
    f_pos, f_neg = np.array([1.0, 1.0, 2.0, 0.0, 1.0]), np.array([0.0, 0.0, 1.0, 1.0])
    s = differences(f_pos, f_neg)
    assert np.sum(s == 1.0) == 8
    for method in ("fast", "pairs"):
        g_pos, g_neg = pairwise_gradient(f_pos, f_neg, loss="hinge", method=method)
        np.testing.assert_array_equal(g_pos, -np.sum(s < 1.0, axis=1) / 20)
        np.testing.assert_array_equal(g_neg, np.sum(s < 1.0, axis=0) / 20)


@pytest.mark.parametrize("loss", LOSSES)
@pytest.mark.parametrize("name, f_pos, f_neg", CASES, ids=[case[0] for case in CASES])
def test_pairwise_risk_matches_full_matrix(name, f_pos, f_neg, loss):
    """(1/mn)·Σ ℓ(f_pos[i] − f_neg[j]) over the full matrix, relative 1e-12."""
    assert pairwise_risk(f_pos, f_neg, loss=loss) == pytest.approx(brute_risk(loss, f_pos, f_neg), rel=1e-12)


@pytest.mark.parametrize("offset", [0.0, 1e3, 1e6, 1e9])
def test_hinge_risk_keeps_its_digits_under_a_common_offset(offset):
    """The hinge risk of scores shifted by a large constant, against mpmath at 50 digits over
    the same pairs (those with fl(f_i − f_j) < 1), relative 1e-14."""
    from mpmath import mp, mpf

    rng = np.random.default_rng(1)
    f_pos, f_neg = rng.normal(0.0, 1.0, 40) + offset, rng.normal(-0.5, 1.0, 60) + offset
    with mp.workdps(50):
        exact = mp.fsum(1 - (mpf(a) - mpf(b)) for a in f_pos for b in f_neg if a - b < 1.0) / (40 * 60)
        assert pairwise_risk(f_pos, f_neg, loss="hinge") == pytest.approx(float(exact), rel=1e-14)


QUARTERS = st.lists(st.integers(-12, 12).map(lambda k: k / 4.0), min_size=1, max_size=12)


@given(QUARTERS, QUARTERS)
def test_hinge_fast_gradient_equals_full_matrix_on_quarter_grid(f_pos, f_neg):
    """Scores on the grid of multiples of ¼ in [−3, 3] (many exact ties and kinks): the fast hinge
    gradient equals the full-matrix one exactly."""
    f_pos, f_neg = np.array(f_pos), np.array(f_neg)
    g_pos, g_neg = pairwise_gradient(f_pos, f_neg, loss="hinge", method="fast")
    e_pos, e_neg = brute_gradient("hinge", f_pos, f_neg)
    np.testing.assert_array_equal(g_pos, e_pos)
    np.testing.assert_array_equal(g_neg, e_neg)


FLOATS = st.lists(st.floats(-1e6, 1e6, allow_nan=False, allow_infinity=False), min_size=1, max_size=8)


@given(FLOATS, FLOATS)
def test_hinge_fast_gradient_uses_the_float_difference(f_pos, f_neg):
    """Arbitrary floats: the fast hinge gradient counts s < 1 on s as numpy computes it, exactly."""
    f_pos, f_neg = np.array(f_pos), np.array(f_neg)
    g_pos, g_neg = pairwise_gradient(f_pos, f_neg, loss="hinge")
    e_pos, e_neg = brute_gradient("hinge", f_pos, f_neg)
    np.testing.assert_array_equal(g_pos, e_pos)
    np.testing.assert_array_equal(g_neg, e_neg)


# --- 5. The line search of pairwise boosting ----------------------------------------------------

def assert_minimises_along(loss, f, h, alpha, m, tol):
    """α minimises φ(a) = brute-force risk of f + a·h: against α ± 1e-3 and 2001 points of [α−2, α+2]."""
    def phi(a):
        g = f + a * h
        return brute_risk(loss, g[:m], g[m:])

    at = phi(alpha)
    assert at <= phi(alpha + 1e-3) + tol and at <= phi(alpha - 1e-3) + tol
    assert at <= min(phi(a) for a in np.linspace(alpha - 2.0, alpha + 2.0, 2001)) + tol


@pytest.mark.parametrize("weak", ["stump", "raw"])
@pytest.mark.parametrize("loss", ["logistic", "hinge", "squared-hinge"])
@pytest.mark.parametrize("seed", [40, 41])
def test_pairwise_boost_first_step_minimises_pairwise_risk(loss, weak, seed):
    """Round 1 (from f = 0): α minimises the brute-force pairwise risk along the chosen h (the hinge's exact step)."""
    pos, neg = random_data(seed)
    X = np.vstack((pos, neg))
    model = pairwise_boost(pos, neg, loss=loss, rounds=1, weak=weak, selection="best", step="exact")
    assert model.alpha_rules == ("line search",) and model.z is None
    h = weak_values(model, X, X)[0]
    assert_minimises_along(loss, np.zeros(len(X)), h, model.alphas[0], len(pos), 1e-15)
    g = model.alphas[0] * h
    assert model.risk[0] == pytest.approx(brute_risk(loss, g[:len(pos)], g[len(pos):]), rel=1e-12)


LATER_ROUNDS = [
    pytest.param("logistic", "stump"),
    pytest.param("logistic", "raw"),
    pytest.param("hinge", "raw"),
    pytest.param("hinge", "stump"),
    pytest.param("squared-hinge", "stump"),
    pytest.param("squared-hinge", "raw"),
]


@pytest.mark.parametrize("loss, weak", LATER_ROUNDS)
def test_pairwise_boost_every_step_minimises_pairwise_risk(loss, weak):
    """Every round t, from the staged scores of round t − 1: α_t minimises the brute-force risk along h_t."""
    for seed in (1, 28):
        pos, neg = random_data(seed)
        X = np.vstack((pos, neg))
        model = pairwise_boost(pos, neg, loss=loss, rounds=6, weak=weak, selection="best", step="exact")
        H = weak_values(model, X, X)
        staged = model.staged_scores(X)
        for t in range(model.rounds):
            f = staged[t - 1] if t else np.zeros(len(X))
            assert_minimises_along(loss, f, H[t], model.alphas[t], len(pos), 1e-12)
            assert model.risk[t] == pytest.approx(brute_risk(loss, staged[t, :len(pos)], staged[t, len(pos):]),
                                                  rel=1e-10)


def test_hinge_stump_boost_never_raises_the_training_risk():
    """With an exact line search each round can only lower (or keep) the training risk, whose
    values are checked against the brute-force risk of the staged scores. By hand: from f = 0
    every pair has s = 0, so −∇R = (2/6, 2/6, 2/6 | −3/6, −3/6) and the steepest stump is
    1(x > 1) (|⟨−∇R, h⟩| = 4/6, against 1/6 for θ = 0 and 2/6 for θ = 2); along it
    φ(α) = (2 + 4·max(0, 1 − α))/6, least from α = 1 on, so α = 1 and R = 2/6. Round 2's
    steepest stump 1(x > 0) (|⟨−∇R, h⟩| = 1/6; 0 for θ = 1, 2) has
    φ(α) = (1 + max(0, 1 + α) + 2·max(0, −α))/6, with a kink at its minimiser α = 0
    (φ'(0−) = −1/6 < 0 < φ'(0+) = 1/6): no step, and boosting stops after one round."""
    pos, neg = [0.0, 2.0, 3.0], [0.0, 1.0]
    model = pairwise_boost(pos, neg, loss="hinge", rounds=3, weak="stump", step="exact")
    assert (model.thresholds, model.alphas, model.risk) == ((1.0,), (1.0,), (2 / 6,))
    assert model.stopped is not None and "no descent after round 1" in model.stopped
    staged = model.staged_scores([0.0, 2.0, 3.0, 0.0, 1.0])
    for t in range(model.rounds):
        assert model.risk[t] == pytest.approx(brute_risk("hinge", staged[t, :3], staged[t, 3:]), abs=1e-15)
    assert all(later <= earlier for earlier, later in zip(model.risk, model.risk[1:]))


@pytest.mark.parametrize("selection", ["best", "random"])
@pytest.mark.parametrize("seed", [50, 51])
def test_hinge_boost_with_stumps_gives_integer_scores(selection, seed):
    """Hinge and stumps on continuous data: every training score is a whole number, exactly."""
    pos, neg = random_data(seed, m=15, n=12)
    X = np.vstack((pos, neg))
    model = pairwise_boost(pos, neg, loss="hinge", rounds=50, weak="stump", selection=selection, seed=seed,
                           step="exact")
    scores = model.score(X)
    assert model.rounds >= 1
    np.testing.assert_array_equal(scores, np.round(scores))
    np.testing.assert_array_equal(model.alphas, np.round(model.alphas))


# --- 5b. The smoothed hinge step: it reaches the least training hinge risk ------------------------

def hinge_lp_minimum(H_pos, H_neg):
    """min over β of (1/mn)·Σ_ij max(0, 1 − (H_pos β)_i + (H_neg β)_j): the linear program in β and one
    slack per pair (scipy's HiGHS), independent of aucbound."""
    from scipy import sparse
    from scipy.optimize import linprog

    k = H_pos.shape[1]
    D = (H_pos[:, None, :] - H_neg[None, :, :]).reshape(-1, k)
    pairs = D.shape[0]
    A = sparse.hstack([sparse.csr_matrix(-D), -sparse.identity(pairs, format="csr")], format="csr")
    c = np.concatenate([np.zeros(k), np.full(pairs, 1.0 / pairs)])
    result = linprog(c, A_ub=A, b_ub=-np.ones(pairs), bounds=[(None, None)] * k + [(0, None)] * pairs,
                     method="highs")
    assert result.status == 0
    return result.fun


QUARTER_SCORES = st.lists(st.integers(-40, 40).map(lambda k: k / 4.0), min_size=1, max_size=10)


@given(QUARTER_SCORES, QUARTER_SCORES, st.sampled_from([1.0, 0.5, 0.25, 0.125]))
def test_smoothed_hinge_gradient_matches_full_matrix_on_quarter_grid(f_pos, f_neg, mu):
    """Scores on multiples of ¼ (many pairs on the ends of the ramp [1 − μ, 1]), μ a power of 2: every
    sum is exact in binary, so the sorted gradient equals the full matrix's to rounding."""
    from aucbound.learn._pairwise import smoothed_gradient

    f_pos, f_neg = np.array(f_pos), np.array(f_neg)
    g_pos, g_neg = smoothed_gradient(f_pos, f_neg, mu)
    e_pos, e_neg = brute_gradient(("smoothed", mu), f_pos, f_neg)
    np.testing.assert_allclose(g_pos, e_pos, rtol=0, atol=1e-15)
    np.testing.assert_allclose(g_neg, e_neg, rtol=0, atol=1e-15)


@pytest.mark.parametrize("name, f_pos, f_neg", CASES, ids=[case[0] for case in CASES])
def test_smoothed_hinge_gradient_matches_full_matrix(name, f_pos, f_neg):
    from aucbound.learn._pairwise import smoothed_gradient

    for mu in (1.0, 0.3, 0.01):
        g_pos, g_neg = smoothed_gradient(f_pos, f_neg, mu)
        e_pos, e_neg = brute_gradient(("smoothed", mu), f_pos, f_neg)
        np.testing.assert_allclose(g_pos, e_pos, rtol=0, atol=1e-12)
        np.testing.assert_allclose(g_neg, e_neg, rtol=0, atol=1e-12)


@pytest.mark.parametrize("weak", ["stump", "raw"])
def test_smoothed_step_minimises_the_smoothed_risk_along_h(weak):
    """Each round at μ = 0.01: α minimises the brute-force smoothed risk R_μ(f + α·h), and the recorded
    risk is the exact hinge risk of the staged scores."""
    pos, neg = random_data(28)
    X = np.vstack((pos, neg))
    model = pairwise_boost(pos, neg, loss="hinge", rounds=6, weak=weak)
    H = weak_values(model, X, X)
    staged = model.staged_scores(X)
    for t in range(model.rounds):
        assert model.alpha_rules[t] == "smoothed line search (μ = 0.01)"
        f = staged[t - 1] if t else np.zeros(len(X))
        assert_minimises_along(("smoothed", 0.01), f, H[t], model.alphas[t], len(pos), 1e-13)
        assert model.risk[t] == pytest.approx(brute_risk("hinge", staged[t, :len(pos)], staged[t, len(pos):]),
                                              rel=1e-12)


@pytest.mark.parametrize("seed", [0, 2, 7])
def test_smoothed_hinge_boosting_reaches_the_least_hinge_risk_of_linear_scores(seed):
    """Raw weak rankers (linear scores, 20 + 20 points in R³): hinge boosting stops within μ/2 of
    the linear program's minimum (it cannot go below it), after 500–700 rounds; the exact step,
    greedy along one weak ranker at a time on a piecewise-linear risk, is still above it after 300."""
    rng = np.random.default_rng(seed)
    pos, neg = rng.normal(0.5, 1.0, (20, 3)), rng.normal(-0.5, 1.0, (20, 3))
    X = np.vstack((pos, neg))
    H = (X - X.min(axis=0)) / (X.max(axis=0) - X.min(axis=0))
    least = hinge_lp_minimum(H[:20], H[20:])
    model = pairwise_boost(pos, neg, loss="hinge", rounds=2000, weak="raw")
    assert model.stopped is not None and "within μ/2" in model.stopped
    assert least - 1e-9 <= model.risk[-1] <= least + 1e-6
    exact = pairwise_boost(pos, neg, loss="hinge", rounds=300, weak="raw", step="exact")
    assert exact.risk[-1] > least + 1e-6


@pytest.mark.parametrize("seed", [0, 3, 4, 7])
def test_smoothed_hinge_boosting_with_stumps_reaches_zero_where_the_exact_step_stalls(seed):
    """Stumps on continuous points: some stump sum gives every training point its own score
    (each feature's values are distinct), so the least hinge risk is 0 — the linear program
    over every stump says so too. The smoothed step gets there; the exact step stops above it."""
    rng = np.random.default_rng(seed)
    pos, neg = rng.normal(0.5, 1.0, (20, 3)), rng.normal(-0.5, 1.0, (20, 3))
    X = np.vstack((pos, neg))
    H = np.array([(X[:, j] > theta) for j in range(3) for theta in np.unique(X[:, j])[:-1]], dtype=float).T
    assert hinge_lp_minimum(H[:20], H[20:]) == pytest.approx(0.0, abs=1e-12)
    model = pairwise_boost(pos, neg, loss="hinge", rounds=1000)
    assert model.risk[-1] == 0.0 and model.train_auc[-1] == 1.0
    exact = pairwise_boost(pos, neg, loss="hinge", rounds=1000, step="exact")
    assert exact.risk[-1] > 0.05 and "no descent" in exact.stopped


def test_hinge_boosting_passes_the_least_risk_of_linear_scores_on_the_losses_data():
    """The data of the loss experiment at 100 + 100 points: every linear score is a stump sum on the
    training points, so hinge boosting with stumps must get below the least hinge risk of linear
    scores (0.1845…, the linear program); the smoothed step does by round 9, the exact step stops
    above it (0.2031 after 9 rounds)."""
    from aucbound.experiments._loss_scores import _sample

    pos, neg = _sample(np.random.default_rng(np.random.SeedSequence(0)), 100, 10)
    linear = hinge_lp_minimum(pos, neg)  # the scores w·x: no intercept is needed for differences
    assert linear == pytest.approx(0.18451227634, abs=1e-10)
    risk = np.array(pairwise_boost(pos, neg, loss="hinge", rounds=300).risk)
    assert risk[8] < linear and risk[-1] == 0.0
    exact = pairwise_boost(pos, neg, loss="hinge", rounds=300, step="exact")
    assert exact.rounds == 9 and exact.risk[-1] > linear


# --- 6. Thm 9's linear program -------------------------------------------------------------------

def test_consistent_linear_ranker_separates_separable_data():
    """Data labelled by a random hyperplane with a margin: the returned w puts every positive's
    score above every negative's (checked here)."""
    rng = np.random.default_rng(60)
    w_true = rng.normal(size=4)
    X = rng.uniform(-1.0, 1.0, (200, 4))
    s = X @ w_true
    pos, neg = X[s > 0.3], X[s < -0.3]
    fit = consistent_linear_ranker(pos, neg)
    assert fit.found and fit.training_auc == 1.0
    w = np.array(fit.w)
    assert (pos @ w).min() > (neg @ w).max()


@pytest.mark.parametrize("case", ["xor", "centroid"])
def test_consistent_linear_ranker_reports_non_separable_data(case):
    """No linear ranker exists: XOR; or a negative at the positives' centroid (w·centroid is the
    mean of the positives' scores, never below all of them)."""
    if case == "xor":
        pos, neg = [[0.0, 0.0], [1.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]]
    else:
        rng = np.random.default_rng(61)
        pos = rng.normal(size=(10, 3))
        neg = np.vstack((rng.normal(-3.0, 1.0, (5, 3)), pos.mean(axis=0)))
    fit = consistent_linear_ranker(pos, neg)
    assert fit.found is False and fit.w is None


# --- 7. Bad input -------------------------------------------------------------------------------

GOOD = np.arange(9.0).reshape(3, 3)
BAD_INPUT = [
    ("columns", ValueError, "negatives", lambda: rankboost(GOOD, np.zeros((3, 2)))),
    ("empty class", ValueError, "negatives", lambda: rankboost(GOOD, np.empty((0, 3)))),
    ("empty positives", ValueError, "positives", lambda: pairwise_boost(np.empty((0, 3)), GOOD)),
    ("rounds 0", ValueError, "rounds", lambda: rankboost(GOOD, -GOOD, rounds=0)),
    ("rounds 0 pairwise", ValueError, "rounds", lambda: pairwise_boost(GOOD, -GOOD, rounds=0)),
    ("rounds text", TypeError, "rounds", lambda: rankboost(GOOD, -GOOD, rounds="3")),
    ("nan", ValueError, "positives", lambda: rankboost([[np.nan, 1.0, 2.0]], GOOD)),
    ("inf", ValueError, "negatives", lambda: pairwise_boost(GOOD, [[np.inf, 1.0, 2.0]])),
    ("weak", ValueError, "weak", lambda: rankboost(GOOD, -GOOD, weak="tree")),
    ("loss", ValueError, "loss", lambda: pairwise_boost(GOOD, -GOOD, loss="squared")),
    ("step", ValueError, "step", lambda: pairwise_boost(GOOD, -GOOD, loss="hinge", step="grid")),
    ("exponential boost", ValueError, "loss", lambda: pairwise_boost(GOOD, -GOOD, loss="exponential")),
    ("selection", ValueError, "selection", lambda: rankboost(GOOD, -GOOD, selection="worst")),
    ("alpha", ValueError, "alpha", lambda: rankboost(GOOD, -GOOD, alpha="newton")),
    ("seed", ValueError, "seed", lambda: rankboost(GOOD, -GOOD, seed=-1)),
    ("progress", TypeError, "progress", lambda: rankboost(GOOD, -GOOD, progress=3)),
    ("text points", TypeError, "positives", lambda: rankboost("abc", GOOD)),
    ("gradient loss", ValueError, "loss", lambda: pairwise_gradient([1.0], [0.0], loss="squared")),
    ("gradient method", ValueError, "method", lambda: pairwise_gradient([1.0], [0.0], loss="hinge", method="slow")),
    ("gradient 2-d", ValueError, "f_pos", lambda: pairwise_gradient([[1.0]], [0.0], loss="hinge")),
    ("risk nan", ValueError, "f_neg", lambda: pairwise_risk([1.0], [np.nan], loss="logistic")),
    ("risk empty", ValueError, "f_pos", lambda: pairwise_risk([], [0.0], loss="hinge")),
    ("gradient overflow", ValueError, "f_pos", lambda: pairwise_gradient([-800.0], [800.0], loss="exponential")),
    ("lp columns", ValueError, "neg_points", lambda: consistent_linear_ranker(GOOD, np.zeros((2, 2)))),
]


@pytest.mark.parametrize("name, error, parameter, call", BAD_INPUT, ids=[case[0] for case in BAD_INPUT])
def test_bad_input_names_the_parameter(name, error, parameter, call):
    """ValueError (TypeError for a wrong type) whose message names the parameter in backticks."""
    with pytest.raises(error, match=f"`{parameter}`"):
        call()


# --- 8. truncate and linear ---------------------------------------------------------------------

@pytest.mark.parametrize("weak", ["stump", "raw"])
def test_truncate_equals_staged_scores(weak):
    """truncate(k).score(X) equals row k − 1 of staged_scores(X), and the sum Σ α_t h_t(X)
    recomputed here from the model's weak rankers, on training and new points."""
    pos, neg = random_data(70)
    train = np.vstack((pos, neg))
    X = np.vstack((train, np.random.default_rng(71).normal(0, 2, (10, 3))))
    model = rankboost(pos, neg, rounds=12, weak=weak)
    staged = model.staged_scores(X)
    H = weak_values(model, X, train)
    for k in range(1, model.rounds + 1):
        cut = model.truncate(k)
        assert cut.rounds == k and cut.alphas == model.alphas[:k] and cut.z == model.z[:k]
        np.testing.assert_allclose(cut.score(X), staged[k - 1], rtol=0, atol=1e-12)
        np.testing.assert_allclose(staged[k - 1], np.array(model.alphas[:k]) @ H[:k], rtol=0, atol=1e-12)


def test_linear_form_of_raw_ranker():
    """For raw features, X @ w + b equals score(X) (training and new points); None for stumps."""
    pos, neg = random_data(72)
    X = np.vstack((pos, neg, np.random.default_rng(73).normal(0, 2, (10, 3))))
    model = rankboost(pos, neg, rounds=15, weak="raw")
    w, b = model.linear
    np.testing.assert_allclose(X @ np.array(w) + b, model.score(X), rtol=0, atol=1e-12)
    assert rankboost(pos, neg, rounds=3).linear is None


def test_work_beyond_about_a_minute_is_refused_up_front():
    """Every dimension counts — points, features (with the best stump), pairs (logistic), the hinge's
    line search — and the refusal names the largest number of rounds that fits, before any work."""
    import time

    from aucbound.experiments import loss_scores
    from aucbound.learn import MAX_ROUND_WORK, MAX_WORK, work

    pos, neg = np.zeros((1000, 1)), np.ones((1000, 1))
    start = time.perf_counter()
    with pytest.raises(ValueError, match="`rounds` must be at most 598 for 1,000 [+] 1,000 points in 1 feature, "
                                         "the logistic loss and stumps chosen best"):
        pairwise_boost(pos, neg, loss="logistic", rounds=10_001)
    # by hand: building 2000 × 10, a round 2 × 2000 (stumps) + 2000 (AUC) + 2·10^6 (pairs): (1.2e9 − 2e4)/2006000 = 598.2
    assert work(1000, 1000, 1, 598, loss="logistic")[0] <= MAX_WORK < work(1000, 1000, 1, 599, loss="logistic")[0]
    # the hinge: a round 2 × 2000 + 2000 + 250 × 2000: (1.2e9 − 2e4)/506000 = 2371.5
    with pytest.raises(ValueError, match="`rounds` must be at most 2,371 for 1,000 [+] 1,000 points in 1 feature, "
                                         "the hinge loss"):
        pairwise_boost(pos, neg, loss="hinge", rounds=10_001)
    with pytest.raises(ValueError, match="`positives` must be fewer: one round for 100,000 [+] 100,000 points in 100 "
                                         "features"):
        pairwise_boost(np.zeros((100_000, 100)), np.ones((100_000, 100)), rounds=1)
    # building 2·10^7, a round 2 × 2·10^6 + 2·10^6: (1.2e9 − 2e7)/6e6 = 196.7
    with pytest.raises(ValueError, match="`rounds` must be at most 196 for 1,000,000 [+] 1,000,000 points"):
        rankboost(np.zeros((10**6, 1)), np.ones((10**6, 1)), rounds=300, selection="best")
    # one round of the logistic fit, 2s² + 404s units (pairs, stumps, AUCs), is at most 2e8 up to s = 9899
    with pytest.raises(ValueError, match="`size` must be at most 9,899 points per class for p = 100"):
        loss_scores(size=100_000, dimension=100, rounds=1)
    assert time.perf_counter() - start < 2.0
    assert work(10**5, 10**5, 100, 1, loss="logistic")[1] > MAX_ROUND_WORK


# --- 9. Scores in O(k + T) memory --------------------------------------------------------------

@pytest.mark.parametrize("weak", ["stump", "raw"])
def test_score_feature_effect_and_staged_auc_against_the_weak_rankers(weak):
    """score(model, X) = Σ_t α_t h_t(X) recomputed here; the feature effects add up to it; staged_auc is
    the brute-force AUC of each row of the staged scores."""
    from aucbound.learn import feature_effect, score, staged_auc

    pos, neg = random_data(80, m=12, n=9)
    train = np.vstack((pos, neg))
    new_pos, new_neg = random_data(81, m=7, n=8)
    X = np.vstack((new_pos, new_neg))
    model = rankboost(pos, neg, rounds=25, weak=weak, selection="random", seed=2)
    H = weak_values(model, X, train)
    expected = np.array(model.alphas) @ H
    np.testing.assert_allclose(score(model, X), expected, rtol=0, atol=1e-12)
    np.testing.assert_allclose(sum(feature_effect(model, j, X[:, j]) for j in range(3)), expected, rtol=0, atol=1e-12)
    staged = np.cumsum(np.array(model.alphas)[:, None] * H, axis=0)
    aucs = [brute_auc(row[:7], row[7:]) for row in staged]
    np.testing.assert_allclose(staged_auc(model, new_pos, new_neg), aucs, rtol=0, atol=1e-12)


def test_score_takes_memory_of_the_points_not_points_times_rounds():
    """2·10^6 points and 400 rounds: the k × T matrix would be 6.4 GB; score needs the points only."""
    import tracemalloc

    from aucbound.learn import score

    rng = np.random.default_rng(3)
    model = rankboost(rng.normal(1, 1, 500), rng.normal(-1, 1, 500), rounds=400, selection="random", seed=0)
    x = rng.normal(0, 2, 2 * 10**6)
    tracemalloc.start()
    f = score(model, x)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert f.shape == x.shape and peak < 100 * 2**20
