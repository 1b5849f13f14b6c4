r"""Exact minimizers of the convex ranking risk on a finite set (Uematsu & Lee 2011, Thm 2–5, §3.3).

On points x₁, …, x_N with masses g+ (positives) and g− (negatives) the risk of f ∈ R^N
under a loss l is

    R_l(f) = Σ_x Σ_z g+(x)·g−(z)·l(f(x) − f(z)),

unchanged when a constant is added to f.

**Smooth losses** (exponential, logistic, squared hinge, a user's :class:`~.Loss`). For
every pair x ≠ z both l(f(x) − f(z)) and l(f(z) − f(x)) carry positive weight, and
d ↦ l(d) + l(−d) grows without bound (l convex with l′(0) < 0), so a minimizer exists;
for the built-in losses p·l(d) + q·l(−d) is strictly convex in d, so it is unique up to
the constant. :func:`minimize_risk` finds it by Newton's method on f(x₂ − x₁), …, with
f(x₁) = 0 held (the Hessian is a weighted graph Laplacian, positive definite on that
subspace), with backtracking, from f = 0; the answer is centred to mean 0. A loss without
a second derivative has it by central differences of l′. Thm 2: the exponential minimizer
is ½·log(g+/g−) + β and the logistic one log(g+/g−) + β; Thm 3: every smooth minimizer
orders the points strictly as g+/g− does.

**Hinge loss** (RankSVM, §3.3). R_l is piecewise linear: minimizing it is the linear
program min Σ g+(x)g−(z)·ξ_xz over f and ξ_xz ≥ max(0, 1 − (f(x) − f(z))), solved by
scipy's HiGHS. Thm 4–5 (with the Appendix for ties of g+/g−): some minimizer is constant on
each class of equal likelihood ratio and rises by 0 or 1 from one class to the next. With
classes C₁ < … < C_M in likelihood ratio and increments s_k ∈ [0, 1] the risk is
Σ_{i<k} [g+(C_k)g−(C_i)·(1 − s_i − … − s_{k−1})₊ + g+(C_i)g−(C_k)·(1 + s_i + … + s_{k−1})]
+ Σ_k g+(C_k)g−(C_k); as a linear program in s and the slacks its constraint matrix has
consecutive ones in s beside an identity, which is totally unimodular, so a simplex vertex
is integral: that is the integer-valued minimizer returned, and its risk is checked
against the unrestricted program's optimum.

**The toy example** (§3.3.1, Figure 1): :func:`hinge_toy_case` gives the paper's table of
optimal increments for N = 3 from the signs of a and b. **The construction of Thm 5 (i)**
(§3.3.2, Figure 2): :func:`integer_increments` turns the increments s* of a minimizer into
increments t ∈ {0, 1} of the same risk, block by block between the increments equal to 1;
on the paper's N = 17 example it gives the paper's t.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from .. import _validate as v
from ._bayes import echo, exact_number, likelihood_classes, pair
from ._losses import LOSSES, get_loss
from ._results import DiscreteMinimizer, HingeToyCase

__all__ = ["minimize_risk", "hinge_risk", "hinge_toy_case", "integer_increments", "MAX_SMOOTH_POINTS",
           "MAX_HINGE_POINTS"]

#: The largest N for Newton's method (dense N × N Hessians).
MAX_SMOOTH_POINTS = 2000
#: The largest N for the hinge loss's linear program (N² slack variables).
MAX_HINGE_POINTS = 150


def minimize_risk(pos, neg, *, loss="exponential") -> DiscreteMinimizer:
    """A minimizer f* of R_l(f) = Σ_x Σ_z g+(x)·g−(z)·l(f(x) − f(z)) over f ∈ R^N, with its risk and ties.

    `loss` is a key of :data:`~.LOSSES` or a :class:`~.Loss`. Smooth losses need g± > 0 at
    every point (else the minimum is not attained); the hinge loss takes g± ≥ 0.

    >>> result = minimize_risk([0.2, 0.3, 0.5], [0.5, 0.3, 0.2], loss="logistic")
    >>> np.round(result.f, 6).tolist()  # log(g+/g−), centred
    [-0.916291, 0.0, 0.916291]
    >>> hinge = minimize_risk([0.2, 0.3, 0.5], [0.5, 0.3, 0.2], loss="hinge")
    >>> hinge.f.tolist(), hinge.ties, round(hinge.risk, 12)
    ([0.0, 1.0, 2.0], (), 0.65)
    >>> hinge = minimize_risk([Fraction(3, 10), Fraction(3, 10), Fraction(2, 5)],
    ...                       [Fraction(1, 2), Fraction(1, 5), Fraction(3, 10)], loss="hinge")
    >>> hinge.f.tolist(), hinge.ties, hinge.risk
    ([0.0, 1.0, 1.0], ((1, 2),), Fraction(4, 5))
    """
    loss = get_loss(loss)
    smooth = loss is not LOSSES["hinge"]  # the linear program is the hinge loss's, whatever another loss is named
    pos, neg, exact = pair(pos, neg, positive=smooth)
    n = len(pos)
    v.at_most("pos", n, MAX_SMOOTH_POINTS if smooth else MAX_HINGE_POINTS,
              why=" points" + ("" if smooth else " for the hinge loss's linear program"))
    classes = likelihood_classes(pos, neg, exact)
    order = tuple(point for group in classes for point in group)
    p = np.array([float(x) for x in pos])
    q = np.array([float(x) for x in neg])
    if smooth:
        f, iterations = _newton(p, q, loss)
        f = f - f.mean()
        risk = _risk(p, q, f, loss)
        lp_f, method = None, "newton"
    else:
        f, lp_f, risk, iterations = _hinge(pos, neg, p, q, classes, exact)
        method = "linprog (HiGHS)"
    f.setflags(write=False)
    increments = np.diff(f[list(order)])
    increments.setflags(write=False)
    return DiscreteMinimizer(echo(pos, exact), echo(neg, exact), loss.name, f, risk, order, increments, _ties(f), method,
                             iterations, lp_f)


def _risk(p, q, f, loss) -> float:
    weights = np.outer(p, q)
    return math.fsum((weights * loss.value(f[:, None] - f[None, :])).ravel())


def _ties(f: np.ndarray) -> tuple[tuple[int, ...], ...]:
    tolerance = 1e-9 * max(1.0, float(np.abs(f).max()))
    order = np.argsort(f, kind="stable")
    groups, current = [], [int(order[0])]
    for i in order[1:]:
        if f[i] - f[current[-1]] <= tolerance:
            current.append(int(i))
        else:
            groups.append(current)
            current = [int(i)]
    groups.append(current)
    return tuple(tuple(sorted(group)) for group in groups if len(group) > 1)


def _newton(p: np.ndarray, q: np.ndarray, loss) -> tuple[np.ndarray, int]:
    """Newton's method with backtracking on f[1:], f[0] = 0; returns (f, iterations)."""
    n = p.size
    weights = np.outer(p, q)
    np.fill_diagonal(weights, 0.0)  # l(0)·g+(x)g−(x) does not depend on f

    def risk(f):
        with np.errstate(over="ignore"):
            return math.fsum((weights * loss.value(f[:, None] - f[None, :])).ravel())

    f = np.zeros(n)
    if n == 1:
        return f, 0
    for iteration in range(1, 201):
        d = f[:, None] - f[None, :]
        slope = weights * loss.derivative(d)
        gradient = slope.sum(axis=1) - slope.sum(axis=0)
        curvature = weights * loss.curvature(d)
        both = curvature + curvature.T
        hessian = np.diag(both.sum(axis=1)) - both
        g, h = gradient[1:], hessian[1:, 1:]
        try:
            step = -np.linalg.solve(h, g)
        except np.linalg.LinAlgError:
            step = -np.linalg.lstsq(h, g, rcond=None)[0]
        if not np.all(np.isfinite(step)) or g @ step >= 0:
            step = -g
        decrease = -(g @ step)
        full = np.concatenate(([0.0], step))
        current = risk(f)
        if decrease <= 1e-24 * max(current, 1e-300):
            f = f + full
            if np.abs(full).max() <= 1e-12 * max(1.0, np.abs(f).max()):
                return f, iteration
            continue
        t = 1.0
        while t > 1e-12 and risk(f + t * full) > current - 1e-4 * t * decrease:
            t *= 0.5
        f = f + t * full
        if np.abs(t * full).max() <= 1e-13 * max(1.0, np.abs(f).max()):
            return f, iteration
    raise RuntimeError(f"Newton's method did not converge in 200 steps for the {loss.name} loss.")


def hinge_risk(pos, neg, f):
    """R(f) = Σ_x Σ_z g+(x)·g−(z)·max(0, 1 − (f(x) − f(z))): exact (a ``Fraction``) for exact masses and integer f.

    >>> hinge_risk([Fraction(1, 2), Fraction(1, 2)], [Fraction(1, 2), Fraction(1, 2)], [0, 1])
    Fraction(1, 1)
    """
    pos, neg, exact = pair(pos, neg)
    values = v.real("f", f)
    if values.shape != (len(pos),):
        raise v.ParameterError("f", f"have one value for each of the {len(pos)} points", f"shape {values.shape}",
                               verb="")
    v.check("f", np.isfinite(values), "finite", values)
    return _hinge_value(pos, neg, values, exact)


def _hinge_value(pos, neg, values: np.ndarray, exact: bool):
    if exact and np.all(values == np.round(values)):
        integers = [int(x) for x in values]
        return sum((pos[i] * neg[j] * max(0, 1 - (integers[i] - integers[j]))
                    for i in range(len(pos)) for j in range(len(pos))), Fraction(0))
    p = np.array([float(x) for x in pos])
    q = np.array([float(x) for x in neg])
    return _risk(p, q, values, LOSSES["hinge"])


_HIGHS = {"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10}


def _hinge(pos, neg, p, q, classes, exact):
    """(integer f, LP f, minimal risk, simplex iterations) for the hinge loss."""
    from scipy.optimize import linprog
    from scipy.sparse import coo_matrix

    n = p.size
    # The unrestricted program over f (f[0] = 0) and one slack per ordered pair of positive weight.
    pairs = [(x, z) for x in range(n) for z in range(n) if x != z and p[x] * q[z] > 0]
    m = len(pairs)
    rows = np.repeat(np.arange(m), 3)
    columns = np.array([[x, z, n + k] for k, (x, z) in enumerate(pairs)]).ravel() if m else np.zeros(0, int)
    entries = np.tile([-1.0, 1.0, -1.0], m)
    constraints = coo_matrix((entries, (rows, columns)), shape=(m, n + m)).tocsr()
    cost = np.concatenate((np.zeros(n), [p[x] * q[z] for x, z in pairs]))
    bounds = [(0.0, 0.0)] + [(None, None)] * (n - 1) + [(0.0, None)] * m
    free = linprog(cost, A_ub=constraints, b_ub=-np.ones(m), bounds=bounds, method="highs", options=_HIGHS)
    if free.status != 0:
        raise RuntimeError(f"the hinge loss's linear program failed: {free.message}")
    diagonal = math.fsum(p * q)
    lp_f = free.x[:n] - free.x[:n].min()
    lp_f.setflags(write=False)
    # The program restricted to non-decreasing steps in [0, 1] between likelihood-ratio classes.
    big = [float(sum(p[i] for i in group)) for group in classes]
    small = [float(sum(q[i] for i in group)) for group in classes]
    k = len(classes)
    steps = k - 1
    f_class = np.zeros(k)
    iterations = int(free.nit)
    if steps:
        spans = [(i, j) for i in range(k) for j in range(i + 1, k)]
        cost = np.zeros(steps + len(spans))
        rows, columns = [], []
        for row, (i, j) in enumerate(spans):
            cost[i:j] += big[i] * small[j]  # (1 + s_i + … + s_{j−1}) for a positive in C_i below a negative in C_j
            cost[steps + row] = big[j] * small[i]  # the slack of (1 − s_i − … − s_{j−1})₊
            rows += [row] * (j - i + 1)
            columns += [*range(i, j), steps + row]
        a = coo_matrix((-np.ones(len(rows)), (rows, columns)), shape=(len(spans), steps + len(spans))).tocsr()
        bounds = [(0.0, 1.0)] * steps + [(0.0, None)] * len(spans)
        restricted = linprog(cost, A_ub=a, b_ub=-np.ones(len(spans)), bounds=bounds, method="highs-ds",
                             options=_HIGHS)
        if restricted.status != 0:
            raise RuntimeError(f"the hinge loss's restricted linear program failed: {restricted.message}")
        s = restricted.x[:steps]
        if np.abs(s - np.round(s)).max() > 1e-7:
            raise RuntimeError(f"the simplex vertex is not integral: {s.tolist()}")
        f_class[1:] = np.cumsum(np.round(s))
        iterations += int(restricted.nit)
    f = np.zeros(n)
    for value, group in zip(f_class, classes):
        f[list(group)] = value
    risk = _hinge_value(pos, neg, f, exact)
    optimum = free.fun + diagonal
    if float(risk) > optimum + 1e-7:
        raise RuntimeError(f"the integer-valued function's risk {float(risk)!r} is above the optimum {optimum!r}")
    return f, lp_f, risk, iterations


def hinge_toy_case(pos, neg) -> HingeToyCase:
    """The optimal hinge-loss increments for N = 3 points from the paper's table (§3.3.1, Figure 1).

    The points are sorted by g+/g− (which must be distinct); a < 0 and b < 0 give
    increments (1, 1), no ties; otherwise at least one increment is 0 or undetermined.
    Δ12 > 0 is a < 0 and Δ23 > 0 is b < 0 (a = −g+(1)g+(2)·Δ12, b = −g−(2)g−(3)·Δ23).
    For floats a sign within 1e-12 of 0 is taken as 0 (exact with Fractions).

    >>> case = hinge_toy_case([0.2, 0.3, 0.5], [0.5, 0.3, 0.2])
    >>> case.s1, case.s2, case.partition
    ((1, 1), (1, 1), (1, 1))
    >>> case = hinge_toy_case([Fraction(3, 10), Fraction(3, 10), Fraction(2, 5)], [Fraction(1, 2), Fraction(1, 5), Fraction(3, 10)])
    >>> case.a, case.b, case.s1, case.s2, case.partition
    (Fraction(-1, 20), Fraction(1, 20), (1, 1), (0, 0), (1, 0))
    """
    pos, neg, exact = pair(pos, neg, positive=True)
    if len(pos) != 3:
        raise v.ParameterError("pos", "have 3 points (the toy example of §3.3.1)", f"{len(pos)} points", verb="")
    classes = likelihood_classes(pos, neg, exact)
    if len(classes) != 3:
        raise v.ParameterError("neg", "give the 3 points distinct likelihood ratios g+/g−", "a tie", verb="")
    order = tuple(group[0] for group in classes)
    number = (lambda x: x) if exact else float
    g1, g2, g3 = (number(pos[i]) for i in order)
    h1, h2, h3 = (number(neg[i]) for i in order)
    a = g1 * h2 - g2 * h1 + g1 * h3
    b = g2 * h3 - g3 * h2 + g1 * h3
    delta12 = h1 / g1 - (h2 + h3) / g2
    delta23 = g3 / h3 - (g2 + g1) / h2
    sign_a, sign_b, sign_ab = (_sign(x, exact) for x in (a, b, b - a))
    one, zero, free = (1, 1), (0, 0), (0, 1)
    if sign_a < 0:
        s1, s2 = one, {-1: one, 0: free, 1: zero}[sign_b]
    elif sign_a == 0:
        s1, s2 = {-1: (free, one), 0: (free, free), 1: (one, zero)}[sign_b]
    elif sign_b <= 0:
        s1, s2 = zero, one
    else:
        s1, s2 = {-1: (zero, one), 0: (free, free), 1: (one, zero)}[sign_ab]
    partition = (1, 1) if sign_a < 0 and sign_b < 0 else (1, 0) if h2 < g2 else (0, 1)
    return HingeToyCase(order, number(a), number(b), number(delta12), number(delta23), s1, s2, partition)


def _sign(x, exact: bool) -> int:
    """The sign of x; for floats, |x| ≤ 1e-12 (a product of probabilities rounded) counts as 0."""
    if not exact and abs(x) <= 1e-12:
        return 0
    return (x > 0) - (x < 0)


def integer_increments(increments) -> tuple[int, ...]:
    """Increments t ∈ {0, 1} with the risk of the given optimal increments s* ∈ [0, 1] (the proof of Thm 5 (i)).

    Between the increments equal to 1, the non-zero ones of each block, σ(1) < … < σ(J),
    get t with Σ_{l=k}^{τ(k)} t_σ(l) = 1 for every k, where τ(k) is the last l with
    s*_σ(k) + … + s*_σ(l) ≤ 1; solved from the last equation (t_σ(J) = 1) back to the first.
    Increments 0 and 1 stay. Sums are compared with 1 within 1e-12 for floats.

    >>> integer_increments([0, 1, 0.5, 0.4, 0, 0.25, 0, 1, 0.8, 0, 1, 0.5, 0.3, 0, 0.1, 1])
    (0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 0, 0, 1, 1)
    """
    s = list(increments) if not isinstance(increments, np.ndarray) else increments.tolist()
    exact = all(exact_number(x) for x in s)
    values = v.real("increments", [float(x) for x in s]) if s else np.zeros(0)
    v.check("increments", (values >= 0) & (values <= 1), "in [0, 1] (the increments of Thm 5's minimizer)", values)
    slack = 0 if exact else 1e-12
    t: list[int] = [0] * len(s)
    block: list[int] = []
    for i, x in enumerate(list(s) + [1]):
        if i < len(s) and x == 0:
            continue
        if i < len(s) and x != 1:
            block.append(i)
            continue
        # x = 1 (or the end): solve the block gathered so far
        last = len(block) - 1
        for k in range(last, -1, -1):
            total, tau = 0, k
            for l in range(k, len(block)):
                total += s[block[l]]
                if total > 1 + slack:
                    break
                tau = l
            t[block[k]] = 1 - sum(t[block[l]] for l in range(k + 1, tau + 1))
            if t[block[k]] not in (0, 1):
                raise RuntimeError(f"the construction gave t = {t[block[k]]} at increment {block[k]}")
        block = []
        if i < len(s):
            t[i] = 1
    return tuple(t)
