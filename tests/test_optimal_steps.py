"""Optimal K-step functions under the hinge loss in the normal setting (Uematsu & Lee, §5.1.1–5.1.2).

Every value is checked against something derived apart from the code: the paper's printed
numbers, mpmath evaluations of the paper's equations, the risks summed from their
definitions over pairs of cells, and scipy minimizations of the risk over jumps and step
heights.
"""

import itertools
import math

import mpmath
import numpy as np
import pytest
from scipy import optimize

from aucbound.optimal import (
    MAX_SEARCHES,
    MAX_STEPS,
    RESIDUAL_TOLERANCE,
    feasible_region,
    hinge_excess_risk,
    jump_progression,
    limiting_jumps,
    normal_bayes_risk,
    optimal_steps,
    step_auc_loss,
    step_hinge_risk,
    step_risk_curve,
    step_table,
)

#: Table 1 of Uematsu & Lee, "On Theoretically Optimal Ranking Functions in Bipartite Ranking",
#: the positive jumps of each column (the columns are symmetric about 0; odd K also have a 0).
PAPER_TABLE_1 = {
    1: (),
    2: (0.5564,),
    3: (0.9205,),
    4: (0.3947, 1.2532),
    5: (0.7662, 1.6262),
    6: (0.3755, 1.1613, 2.0887),
    7: (0.7589, 1.5943, 2.6756),
    8: (0.3755, 1.1605, 2.0842, 3.4437),
    9: (0.7589, 1.5943, 2.6759, 4.5196),
    10: (0.3754, 1.1605, 2.0842, 3.4437, 6.1511),
    11: (0.7589, 1.5943, 2.6759, 4.5202, 7.0139),
}
#: The entries that the symmetric solution of Eq. 8 does not round to (K, index in the row above).
PAPER_OFF = {(4, 0): 0.3946, (8, 0): 0.3754, (7, 2): 2.6760, (9, 3): 4.5202, (10, 4): 6.1645, (11, 4): 8.9471}


def paper_column(K):
    half = PAPER_TABLE_1[K]
    return tuple(-x for x in reversed(half)) + ((0.0,) if K % 2 else ()) + half


def log_cdf(x):
    """ln Φ(x) in mpmath: erfc near the centre, the asymptotic Mills series in the far lower tail."""
    x = mpmath.mpf(x)
    if x > -30:
        return mpmath.log(mpmath.erfc(-x / mpmath.sqrt(2)) / 2)
    z = -x
    series, term, k = mpmath.mpf(1), mpmath.mpf(1), 1
    while abs(term) > mpmath.mpf(10) ** (-mpmath.mp.dps - 5):
        term *= -(2 * k - 1) / (z * z)
        series += term
        k += 1
    return -z * z / 2 - mpmath.log(z * mpmath.sqrt(2 * mpmath.pi)) + mpmath.log(series)


def eq8_log_residuals(jumps, mu=1):
    """ln[exp(−μa_i)Φ(a_{i+1} − μ)] − ln[exp(μa_i)(1 − Φ(a_{i−1} + μ))] for each i (Eq. 8)."""
    a = [mpmath.mpf(x) for x in jumps]
    out = []
    for i, x in enumerate(a):
        right = log_cdf(a[i + 1] - mu) if i + 1 < len(a) else 0
        left = log_cdf(-a[i - 1] - mu) if i > 0 else 0
        out.append((-mu * x + right) - (mu * x + left))
    return out


def cell_probabilities(jumps, mean):
    edges = [-mpmath.inf] + [mpmath.mpf(x) for x in jumps] + [mpmath.inf]
    return [mpmath.ncdf(edges[i + 1] - mean) - mpmath.ncdf(edges[i] - mean) for i in range(len(edges) - 1)]


def definition_risks(jumps, mu=1, levels=None):
    """(hinge risk, 1 − AUC) as sums over pairs of cells of E(1 − (f(X) − f(X')))_+ and P(f(X) < f(X')) + ½P(=)."""
    with mpmath.workdps(30):
        positive, negative = cell_probabilities(jumps, mu), cell_probabilities(jumps, -mu)
        levels = range(len(positive)) if levels is None else levels
        hinge = auc_loss = 0
        for (i, p), (j, q) in itertools.product(enumerate(positive), enumerate(negative)):
            d = levels[i] - levels[j]
            hinge += p * q * max(0, 1 - d)
            auc_loss += p * q * (1 if d < 0 else mpmath.mpf(0.5) if d == 0 else 0)
        return float(hinge), float(auc_loss)


# -- closed forms of §5.1.1 ---------------------------------------------------------------------------


def test_one_jump_is_at_zero():
    assert optimal_steps(1).jumps == (0.0,)


def test_two_jumps_solve_exp_2a_equals_phi():
    with mpmath.workdps(30):
        a1 = mpmath.findroot(lambda a: mpmath.exp(2 * a) - mpmath.ncdf(-a - 1), -0.5)
    result = optimal_steps(2)
    assert result.jumps == pytest.approx((float(a1), -float(a1)), abs=1e-15)
    assert round(result.jumps[1], 4) == 0.5564


def test_three_jumps_half_log_phi_of_minus_one():
    with mpmath.workdps(30):
        a1 = float(mpmath.log(mpmath.ncdf(-1)) / 2)
    result = optimal_steps(3)
    assert result.jumps == pytest.approx((a1, 0.0, -a1), abs=1e-15)
    assert round(result.jumps[2], 6) == 0.920511


def test_three_jumps_at_another_separation():
    mu = 1.5
    with mpmath.workdps(30):
        a1 = float(mpmath.log(mpmath.ncdf(-mu)) / (2 * mu))
    assert optimal_steps(3, separation=2 * mu).jumps == pytest.approx((a1, 0.0, -a1), abs=1e-14)


# -- Eq. 8 for every K, in mpmath -----------------------------------------------------------------------


@pytest.mark.parametrize("K", range(1, MAX_STEPS + 1))
def test_every_returned_solution_satisfies_eq8_to_1e_12(K):
    result = optimal_steps(K)
    assert result.stationary and result.minimum
    digits = 30 + int(math.log10(1 + abs(result.jumps[-1])))
    with mpmath.workdps(digits):
        residuals = eq8_log_residuals(result.jumps_text)
    assert max(abs(r) for r in residuals) <= 1e-12
    assert all(x < y for x, y in zip(result.jumps, result.jumps[1:]))


def test_double_precision_stops_between_15_and_18_steps():
    # Whether Newton's method in floats reaches the 1e-12 residual at K = 16 or 17 depends on
    # the last bits of the machine's exp and log (8e-13 on one machine, above 1e-12 on another);
    # up to 15 it always does, from 18 on it never does.
    assert [optimal_steps(K).precision for K in (14, 15)] == ["double", "double"]
    assert all(optimal_steps(K).precision.startswith("mpmath") for K in range(18, 26))
    for K in (16, 17):
        result = optimal_steps(K)
        assert (result.precision == "double") == (result.residual <= RESIDUAL_TOLERANCE)


# -- §5.1.2 ---------------------------------------------------------------------------------------------


def test_auc_loss_matches_the_papers_numbers():
    assert round(optimal_steps(6).auc_loss, 5) == 0.08908
    assert round(optimal_steps(10).auc_loss, 5) == 0.08906
    assert round(optimal_steps(11).auc_loss, 5) == 0.08906


def test_bayes_risk():
    with mpmath.workdps(30):
        expected = float(mpmath.ncdf(-mpmath.sqrt(2)))
    assert normal_bayes_risk() == pytest.approx(expected, rel=1e-14)
    assert round(normal_bayes_risk(), 7) == 0.0786496


def test_excess_risk_is_the_papers_0_01041():
    excess = hinge_excess_risk()
    assert round(excess.excess_odd, 5) == 0.01041 and round(excess.excess_even, 5) == 0.01041
    assert excess.excess_odd == pytest.approx(excess.auc_loss_odd - float(mpmath.ncdf(-mpmath.sqrt(2))), abs=1e-15)


@pytest.mark.parametrize("K", [1, 2, 3, 4, 6, 8, 9])
def test_risks_against_their_definitions_over_pairs_of_cells(K):
    result = optimal_steps(K)
    hinge, auc_loss = definition_risks(result.jumps)
    assert result.hinge_risk == pytest.approx(hinge, abs=1e-15)
    assert result.auc_loss == pytest.approx(auc_loss, abs=1e-15)
    assert step_hinge_risk(result.jumps) == pytest.approx(hinge, abs=1e-15)
    assert step_auc_loss(result.jumps) == pytest.approx(auc_loss, abs=1e-15)


def test_minimal_hinge_risk_is_non_increasing_in_K():
    risks = [optimal_steps(K).hinge_risk for K in range(1, 16)]
    assert all(later <= earlier for earlier, later in zip(risks, risks[1:]))
    assert risks[0] > risks[7] > risks[8]  # strictly while the differences are resolvable (Cor. 1)


# -- direct minimization, jumps and step heights free ------------------------------------------------


def free_risk(params, K, mu=1.0):
    """The hinge risk of a K-step function with free jumps and free non-negative step heights, in floats."""
    from scipy.special import ndtr

    jumps, heights = np.sort(params[:K]), np.abs(params[K:])
    levels = np.concatenate([[0.0], np.cumsum(heights)])
    edges = np.concatenate([[-np.inf], jumps, [np.inf]])
    positive, negative = np.diff(ndtr(edges - mu)), np.diff(ndtr(edges + mu))
    d = levels[:, None] - levels[None, :]
    return float(positive @ np.maximum(0.0, 1 - d) @ negative)


@pytest.mark.parametrize("K", [1, 2, 3, 4, 5, 8])
def test_no_step_function_with_free_heights_beats_the_result(K):
    rng = np.random.default_rng(K)
    best = math.inf
    for _ in range(6):
        start = np.concatenate([np.sort(rng.normal(0, 2, K)), rng.uniform(0.3, 1.7, K)])
        found = optimize.minimize(free_risk, start, args=(K,), method="Nelder-Mead",
                                  options={"xatol": 1e-10, "fatol": 1e-14, "maxiter": 20000, "maxfev": 40000})
        best = min(best, found.fun)
    result = optimal_steps(K)
    assert best >= result.hinge_risk - 1e-12


def test_even_K_from_8_the_symmetric_solution_is_a_saddle():
    """The paper's symmetric K = 8 column satisfies Eq. 8 but a lopsided step function has less risk."""
    result = optimal_steps(8)
    symmetric = result.symmetric_jumps
    with mpmath.workdps(30):
        assert max(abs(r) for r in eq8_log_residuals(symmetric)) < 1e-12
    symmetric_risk = definition_risks(symmetric)[0]
    assert symmetric_risk - definition_risks(result.jumps)[0] > 8e-7
    # a saddle: the Hessian of R (Eq. 6) there, by central differences of ∂R/∂a_i (Eq. 7) in mpmath,
    # has exactly one negative eigenvalue (about −1.5e-6)
    with mpmath.workdps(40):
        def gradient(a):
            ext = [-mpmath.inf] + list(a) + [mpmath.inf]
            return [mpmath.npdf(ext[i] - 1) * mpmath.ncdf(-ext[i - 1] - 1)
                    - mpmath.npdf(ext[i] + 1) * mpmath.ncdf(ext[i + 1] - 1) for i in range(1, len(a) + 1)]

        a, h = [mpmath.mpf(x) for x in symmetric], mpmath.mpf("1e-8")
        columns = []
        for i in range(8):
            up, down = list(a), list(a)
            up[i] += h
            down[i] -= h
            columns.append([(p - q) / (2 * h) for p, q in zip(gradient(up), gradient(down))])
        hessian = mpmath.matrix([[(columns[j][i] + columns[i][j]) / 2 for j in range(8)] for i in range(8)])
        eigenvalues = sorted(float(x) for x in mpmath.eigsy(hessian)[0])
    assert eigenvalues[0] == pytest.approx(-1.5e-6, rel=0.05) and eigenvalues[1] > 1e-5
    assert [optimal_steps(K).symmetric for K in range(1, 16)] == [True] * 7 + [False, True] * 4


# -- Table 1 -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("K", range(1, 12))
def test_table_1_entry_by_entry(K):
    ours = optimal_steps(K).symmetric_jumps  # the paper prints the symmetric solutions
    paper = paper_column(K)
    half = ours[len(ours) - len(PAPER_TABLE_1[K]):]
    for index, (printed, value) in enumerate(zip(PAPER_TABLE_1[K], half)):
        expected = PAPER_OFF.get((K, index), printed)
        assert round(value, 4) == pytest.approx(expected, abs=1e-9), (K, index)
    with mpmath.workdps(30):
        paper_residual = max(abs(r) for r in eq8_log_residuals(paper))
        our_residual = max(abs(r) for r in eq8_log_residuals(ours))
    assert our_residual < 1e-12
    if any(k == K for k, i in PAPER_OFF if i > 0):
        assert paper_residual > 1e-4  # the printed column does not solve Eq. 8
        assert definition_risks(paper)[0] > definition_risks(ours)[0]
    else:
        assert paper_residual < 1e-3  # four-decimal rounding only


# -- the limiting sequence and Figures 5–7 ------------------------------------------------------------


def test_limiting_jumps_by_bisection():
    limit = limiting_jumps()
    assert round(limit.even, 5) == 0.37537 and round(limit.odd, 5) == 0.75893
    # the centres of the largest symmetric solutions, found by Newton on the whole system
    assert limit.even == pytest.approx(optimal_steps(24).symmetric_jumps[12], abs=1e-12)
    assert limit.odd == pytest.approx(optimal_steps(25).symmetric_jumps[13], abs=1e-12)
    assert limit.odd_sequence[:4] == pytest.approx(optimal_steps(25).jumps[13:17], abs=1e-9)


def test_jump_progression_leaves_the_region_on_either_side_of_the_limit():
    limit = limiting_jumps().even
    above, below = jump_progression(limit + 1e-3), jump_progression(limit - 1e-3)
    assert len(above) < 5 and len(below) < 5
    assert np.all(np.diff(jump_progression(limit)) > 0)


def test_optimal_pairs_lie_in_the_feasible_region():
    for K in (2, 3, 6):
        a = np.array(optimal_steps(K).symmetric_jumps)
        assert np.all(feasible_region(a[1:-1], a[2:]) | (len(a) < 3))
    x, y = np.meshgrid(np.linspace(-3, 3, 61), np.linspace(-3, 3, 61))
    region = feasible_region(x, y)
    assert region.shape == x.shape and 0 < region.sum() < region.size
    assert not region[y <= x].any()


def test_step_risk_curve_and_table():
    curve = step_risk_curve(range(1, 12))
    assert curve["K"].tolist() == list(range(1, 12))
    assert curve["hinge_risk"].tolist() == [row.hinge_risk for row in step_table(range(1, 12))]
    assert np.all(curve["auc_loss"] > curve["bayes_risk"])
    assert optimal_steps(4).as_dict()["jumps"] == list(optimal_steps(4).jumps)


# -- validation ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("call", "message"), [
    (lambda: optimal_steps(0), "`K` must be an integer from 1 to 25, but got 0."),
    (lambda: optimal_steps(26), "`K` must be an integer from 1 to 25, but got 26."),
    (lambda: optimal_steps(2.5), "`K` must be an integer from 1 to 25, but got 2.5."),
    (lambda: optimal_steps(2, separation=0),
     "`separation` must be from 1 to 50 (where every K ≤ 25 is solved and checked), but got 0.0."),
    (lambda: optimal_steps(2, separation=0.5),
     "`separation` must be from 1 to 50 (where every K ≤ 25 is solved and checked), but got 0.5."),
    (lambda: step_hinge_risk([1.0, 0.0]), "`jumps` must be strictly increasing, but got [1.0, 0.0]."),
])
def test_bad_input_names_the_parameter(call, message):
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value) == message


def test_K_must_be_an_integer_type():
    with pytest.raises(TypeError, match="`K` must be an integer"):
        optimal_steps("3")


# -- the work limit and the threads ---------------------------------------------------------------


@pytest.mark.parametrize(("call", "message"), [
    (lambda: optimal_steps(3, starts=2001), "`starts` must be an integer from 1 to 2000, but got 2001."),
    (lambda: optimal_steps(3, starts=0), "`starts` must be an integer from 1 to 2000, but got 0."),
    (lambda: step_table(range(1, 26), starts=1000),
     "`starts` must be an integer from 1 to 80 for 25 values of `Ks` (at most 2,000 direct minimizations in all), "
     "but got 1000."),
    (lambda: step_table([1, 2, 3], starts=667),
     "`starts` must be an integer from 1 to 666 for 3 values of `Ks` (at most 2,000 direct minimizations in all), "
     "but got 667."),
    (lambda: step_table([1, 26]), "`K` must be an integer from 1 to 25, but got 26."),
    (lambda: step_table([2, 3], starts=0),
     "`starts` must be an integer from 1 to 1000 for 2 values of `Ks` (at most 2,000 direct minimizations in all), "
     "but got 0."),
])
def test_the_direct_searches_are_limited_before_any_work(call, message):
    assert MAX_SEARCHES == 2000
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value) == message


def test_step_table_reports_the_searches_done():
    calls = []
    rows = step_table([1, 2, 3], starts=5, progress=lambda *args: calls.append(args))
    assert [row.K for row in rows] == [1, 2, 3] and calls == [(5, 15), (10, 15), (15, 15)]
    assert len(step_table([4] * 3000, starts=500)) == 3000  # one K, solved once: 500 searches
    with pytest.raises(TypeError, match="`Ks` must be a sequence of integers from 1 to 25, but got 'abc'"):
        step_table("abc")


def test_the_solvers_run_with_one_blas_thread_and_restore_the_setting(monkeypatch):
    from threadpoolctl import threadpool_info, threadpool_limits

    from aucbound.optimal import _steps

    def blas_threads():
        return {info["filepath"]: info["num_threads"] for info in threadpool_info() if info["user_api"] == "blas"}

    seen = []
    search = _steps._direct_minimum

    def watched(*args):
        seen.append(blas_threads())
        return search(*args)

    monkeypatch.setattr(_steps, "_direct_minimum", watched)
    with threadpool_limits(limits=2, user_api="blas"):  # as OpenBLAS starts on two cores, whatever the test's env
        before = blas_threads()
        optimal_steps(4, starts=3, seed=12345)  # a seed no other test uses: not in the cache
        after = blas_threads()
    assert before and set(before.values()) == {2}
    assert seen and set(seen[0].values()) == {1}
    assert after == before
