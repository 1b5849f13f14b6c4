r"""Boosting a ranking function on bipartite data: RankBoost and pairwise boosting under other losses.

**RankBoost** (Freund, Iyer, Schapire & Singer 2003, Fig. 2 with the bipartite feedback
of §3.3 and Fig. 4). The distribution over (negative x₀, positive x₁) pairs stays a
product D_t(x₀, x₁) = v_t(x₀)·v_t(x₁) of weights on the negatives and on the positives,
each summing to 1; with f = Σ_s α_s·h_s, v_t(x₁) ∝ e^{−f(x₁)} and v_t(x₀) ∝ e^{f(x₀)}.
A round costs O(m + n) (plus O(d·N) to scan every weak ranker), never O(mn):

- with P = Σ v(x₁)·h(x₁) and Q = Σ v(x₀)·h(x₀), the pair masses that h orders right and
  wrong are W₊ = P·(1 − Q) and W₋ = (1 − P)·Q (1 − P and 1 − Q summed directly, so that a
  stump with no weight on one side gets exactly 0), and r = Σ D·(h(x₁) − h(x₀)) = P − Q;
- for a stump (h ∈ {0, 1}), Z(α) = W₀ + W₊e^{−α} + W₋e^{α} has the exact minimiser
  α = ½·ln(W₊/W₋), Z = 1 − (√W₊ − √W₋)² (Freund et al. 2003, §3.2), and the round takes the
  stump with the smallest such Z;
- for a raw feature (h ∈ [0, 1]) Z(α) has no closed-form minimiser: the round takes the
  feature with the largest |r| and Freund et al.'s α = ½·ln((1 + r)/(1 − r)), which
  minimises their bound Z ≤ √(1 − r²) (§3.2, the third method);
- Z_t = Σ_{x₀} v(x₀)e^{αh(x₀)} · Σ_{x₁} v(x₁)e^{−αh(x₁)}, and the training ranking loss
  (the fraction of pairs with f(x₁) ≤ f(x₀)) is at most Π_t Z_t (their Thm 1), which is the
  exponential pairwise risk (1/mn)·Σ e^{−(f(x₁) − f(x₀))}.

**Pairwise boosting** for the other losses of the registry :data:`aucbound.optimal.LOSSES`
(Uematsu & Lee 2011, §5: the "LogitBoost" and "HingeBoost" of their comparison; Mason et
al.'s functional gradient view): the round takes the weak ranker with the largest
|⟨−∇R(f), h⟩| (RankBoost's r, for the exponential loss) and the α minimising R(f + α·h)
exactly (:mod:`aucbound.learn._pairwise`).

**The hinge loss** is not differentiable at s = 1, and a greedy step along one weak ranker
can stall where no single weak ranker lowers the risk though a combination would (a
coordinate-wise minimum of a nonsmooth function), or where the steepest weak ranker by the
subgradient is blocked by pairs sitting exactly at the kink: with integer scores many pairs
do. Two step rules:

- ``step='smoothed'`` (the default): each round steps along the weak ranker to the minimum
  of the hinge risk smoothed over [1 − μ, 1] (:func:`aucbound.optimal.smoothed_hinge`,
  Nesterov 2005), a convex function with a continuous gradient, for which greedy
  coordinate descent does not stall; μ starts at 0.01 and halves (with ``selection='best'``)
  whenever no weak ranker's criterion |⟨−∇R_μ, h⟩| exceeds max(10⁻¹⁰, 10⁻³·μ), down to 10⁻⁶. Since
  l_μ ≤ l ≤ l_μ + μ/2, the hinge risk ends within μ/2 of its minimum over the span of the
  weak rankers; boosting stops there.
- ``step='exact'``: the exact minimiser of the hinge risk along the weak ranker (integer
  steps with stumps: the paper's HingeBoost, §5.2), stopping when the steepest weak
  ranker's line search finds no descent — which may be far from the minimum.

With ``selection='random'`` a round instead draws a feature uniformly and one of its
thresholds uniformly (a raw feature uniformly), as Uematsu & Lee (2011, §5.1.3 and §5.2) do,
and then takes the same optimal α for it. Nothing else is random: with
``selection='best'`` the result does not depend on the seed. Ties go to the lowest
feature, then the lowest threshold; criteria within a relative 10⁻¹² of the largest count
as tied, so that two weak rankers with the same exact criterion are not told apart by the
rounding of their sums.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as v
from ..empirical import auc_from_groups
from ..optimal import LOSSES
from ._ranker import BoostedRanker
from . import _checks, _pairwise
from ._weak import family

__all__ = ["rankboost", "pairwise_boost", "ALPHA_RULES", "BOOST_LOSSES", "HINGE_STEPS"]

#: RankBoost's rules for α.
ALPHA_RULES = ("exact", "bound")
#: The losses :func:`pairwise_boost` minimises: every loss of the registry but the exponential (:func:`rankboost`'s).
BOOST_LOSSES = tuple(key for key in LOSSES if key != "exponential")
#: The hinge loss's step rules.
HINGE_STEPS = ("smoothed", "exact")
#: The smoothing of the hinge: its first width μ and its last; μ halves once no weak ranker's criterion
#: |⟨−∇R_μ, h⟩| exceeds max(STATIONARY, SETTLED·μ).
SMOOTHING_START, SMOOTHING_END, STATIONARY, SETTLED = 0.01, 1e-6, 1e-10, 1e-3


def _weights(f: np.ndarray, sign: float) -> np.ndarray:
    """Normalised e^{sign·f}: RankBoost's weights on one class."""
    w = np.exp(sign * f - np.max(sign * f))
    return w / w.sum()


def _bound_alpha(r):
    """Freund et al.'s ½·ln((1 + r)/(1 − r)), r kept inside (−1, 1)."""
    r = np.clip(r, -1.0 + 2.0**-52, 1.0 - 2.0**-52)
    return 0.5 * (np.log1p(r) - np.log1p(-r))


def _z(right, wrong, alpha):
    """Z(α) = W₀ + W₊e^{−α} + W₋e^{α} of a stump, W₀ = 1 − W₊ − W₋."""
    return 1.0 - right - wrong + right * np.exp(-alpha) + wrong * np.exp(alpha)


class _RankBoost:
    """RankBoost's choice of weak ranker and α, from the two weight vectors."""

    loss = "exponential"
    source = "Freund, Iyer, Schapire & Singer (2003), RankBoost with bipartite feedback"

    def __init__(self, alpha: str):
        self.alpha = alpha

    def _exact(self, rankers) -> bool:
        """Whether α is Z_t's exact minimiser: asked for, and the weak rankers are stumps."""
        return self.alpha == "exact" and rankers.kind == "stump"

    def criterion(self, rankers, f_pos, f_neg):
        on_pos = np.concatenate((_weights(f_pos, -1.0), np.zeros_like(f_neg)))
        on_neg = np.concatenate((np.zeros_like(f_pos), _weights(f_neg, 1.0)))
        if not self._exact(rankers):
            return np.abs(rankers.sums(on_pos) - rankers.sums(on_neg))
        P, P_low = rankers.split_sums(on_pos)
        Q, Q_low = rankers.split_sums(on_neg)
        right, wrong = P * Q_low, P_low * Q
        gain = (np.sqrt(right) - np.sqrt(wrong)) ** 2  # 1 − Z at the exact α
        one_sided = (right == 0.0) != (wrong == 0.0)  # the exact α is infinite: 1 − Z at the bound's α
        if one_sided.any():
            gain[one_sided] = 1.0 - _z(right[one_sided], wrong[one_sided], _bound_alpha(P[one_sided] - Q[one_sided]))
        return gain

    def step(self, rankers, f_pos, f_neg, h_pos, h_neg):
        v_pos, v_neg = _weights(f_pos, -1.0), _weights(f_neg, 1.0)
        P, Q = float(v_pos @ h_pos), float(v_neg @ h_neg)
        right, wrong = P * float(v_neg @ (1.0 - h_neg)), float(v_pos @ (1.0 - h_pos)) * Q
        perfect = _perfect(f_pos, f_neg, h_pos, h_neg)
        if perfect is not None:
            alpha, rule = perfect, "perfect"
        elif self._exact(rankers) and right > 0.0 and wrong > 0.0:
            alpha, rule = 0.5 * (math.log(right) - math.log(wrong)), "exact"
        elif rankers.kind == "stump" and right == 0.0 and wrong == 0.0:
            alpha, rule = 0.0, self.alpha
        else:
            alpha, rule = float(_bound_alpha(P - Q)), "bound"
        z = float(v_neg @ np.exp(alpha * h_neg)) * float(v_pos @ np.exp(-alpha * h_pos))
        return alpha, rule, z

    def risk(self, f_pos, f_neg):
        return _pairwise._risk(LOSSES["exponential"], f_pos, f_neg)

    def stop(self, t: int) -> str:
        return f"no weak ranker lowers the training risk after round {t}"


def _criterion(rankers, gradient) -> np.ndarray:
    """|⟨−∇R, h⟩| for every weak ranker h."""
    return np.abs(rankers.sums(-np.concatenate(gradient)))


class _Pairwise:
    """Functional gradient boosting with an exact line search on the pairwise risk."""

    def __init__(self, loss: str):
        self.loss, self._loss = loss, LOSSES[loss]
        learner = self._loss.learner
        self.source = (f"Uematsu & Lee (2011), §5: pairwise boosting under the {loss} loss"
                       + (f" ({learner})" if learner else " (beyond the paper)")
                       + (", exact line search" if loss == "hinge" else ""))

    def criterion(self, rankers, f_pos, f_neg):
        return _criterion(rankers, _pairwise._gradient(self._loss, f_pos, f_neg))

    def step(self, rankers, f_pos, f_neg, h_pos, h_neg):
        return _pairwise.line_search(self._loss, f_pos, f_neg, h_pos, h_neg), "line search", None

    def risk(self, f_pos, f_neg):
        return _pairwise._risk(self._loss, f_pos, f_neg)

    def stop(self, t: int) -> str:
        return f"the line search along the steepest weak ranker found no descent after round {t}"


class _SmoothedHinge:
    """Hinge boosting that steps to the minimum of the hinge risk smoothed over [1 − μ, 1], μ → 0."""

    loss = "hinge"
    source = ("Uematsu & Lee (2011), §5: pairwise boosting under the hinge loss (HingeBoost), steps on the hinge "
              "smoothed over [1 − μ, 1] (Nesterov 2005)")

    def __init__(self):
        self.mu = SMOOTHING_START

    def criterion(self, rankers, f_pos, f_neg):
        while True:
            criterion = _criterion(rankers, _pairwise.smoothed_gradient(f_pos, f_neg, self.mu))
            if criterion.max() > max(STATIONARY, SETTLED * self.mu) or self.mu <= SMOOTHING_END:
                return np.where(criterion > STATIONARY, criterion, 0.0)
            self.mu *= 0.5

    def step(self, rankers, f_pos, f_neg, h_pos, h_neg):
        alpha = _pairwise.smoothed_line_search(f_pos, f_neg, h_pos, h_neg, self.mu)
        return alpha, f"smoothed line search (μ = {self.mu:.3g})", None

    def risk(self, f_pos, f_neg):
        return _pairwise._risk(LOSSES["hinge"], f_pos, f_neg)

    def stop(self, t: int) -> str:
        return (f"after round {t} the hinge risk smoothed over [1 − μ, 1], μ = {self.mu:.3g}, is at its minimum: "
                f"the training hinge risk is within μ/2 of its least value over the weak rankers' span")


def _perfect(f_pos, f_neg, h_pos, h_neg):
    """When h alone orders every pair (h = 1 on every positive, 0 on every negative, or the
    reverse), the whole step α that makes f + α·h rank every pair correctly; else None."""
    if h_pos.min() == 1.0 and h_neg.max() == 0.0:
        return max(float(f_neg.max() - f_pos.min()), 0.0) + 1.0
    if h_pos.max() == 0.0 and h_neg.min() == 1.0:
        return min(float(f_pos.min() - f_neg.max()), 0.0) - 1.0
    return None


#: Criteria this close to the largest (relative) count as tied; well above the rounding of
#: the weighted sums (a few ulps), far below any real difference between weak rankers.
TIE_TOLERANCE = 1e-12


def _first_best(criterion: np.ndarray) -> int:
    """The first index whose criterion is within :data:`TIE_TOLERANCE` of the largest."""
    best = float(criterion.max())
    return int(np.argmax(criterion >= best - TIE_TOLERANCE * abs(best)))


def _boost(learner, positives, negatives, rounds, weak, selection, seed, progress) -> BoostedRanker:
    pos, neg = _checks.samples(positives, negatives)
    rounds, weak, selection, rng, seed = _checks.options(rounds, weak, selection, seed)
    report = v.progress("progress", progress)
    m, n, d = pos.shape[0], neg.shape[0], pos.shape[1]
    _checks.check_work(m, n, d, rounds, loss=learner.loss, selection=selection, weak=weak)
    rankers = family(weak, np.vstack((pos, neg)))
    f_pos, f_neg = np.zeros(m), np.zeros(n)
    chosen, alphas, rules, zs, risks, aucs = [], [], [], [], [], []
    stopped = None
    for t in range(rounds):
        if rankers.size == 0:
            stopped = "every feature is constant on the training points: no weak ranker separates anything"
            break
        if selection == "best":
            criterion = learner.criterion(rankers, f_pos, f_neg)
            k = _first_best(criterion)
            if not criterion[k] > 0.0:
                stopped = learner.stop(t)
                break
        else:
            k = rankers.draw(rng)
        h = rankers.training(k)
        h_pos, h_neg = h[:m], h[m:]
        alpha, rule, z = learner.step(rankers, f_pos, f_neg, h_pos, h_neg)
        if selection == "best" and alpha == 0.0:
            stopped = learner.stop(t)
            break
        f_pos += alpha * h_pos
        f_neg += alpha * h_neg
        chosen.append(rankers.describe(k))
        alphas.append(float(alpha))
        rules.append(rule)
        zs.append(z)
        risks.append(learner.risk(f_pos, f_neg))
        aucs.append(auc_from_groups(f_pos, f_neg))
        report(t + 1, rounds)
        if rule == "perfect":
            stopped = f"round {t + 1}'s weak ranker orders every training pair: the training ranking is perfect"
            break
    raw = weak == "raw"
    return BoostedRanker(
        loss=learner.loss, weak=weak, selection=selection, seed=seed, m=m, n=n, d=d, requested=rounds,
        features=tuple(j for j, _ in chosen), thresholds=tuple(theta for _, theta in chosen),
        alphas=tuple(alphas), alpha_rules=tuple(rules),
        z=tuple(zs) if learner.loss == "exponential" else None, risk=tuple(risks), train_auc=tuple(aucs),
        low=tuple(float(x) for x in rankers.low) if raw else None,
        span=tuple(float(x) for x in rankers.span) if raw else None,
        stopped=stopped, source=learner.source)


_PARAMETERS = """
    Parameters
    ----------
    positives, negatives : array_like, shape (m, d) and (n, d)
        The training points of each class, one a row ((k,) for points on the line); at
        most 10^7 points and 2·10^7 coordinates (m + n)·d in all.
    rounds : int
        Boosting rounds, 1 to 100,000, and at most about a minute of work: the
        rounds times the points (times the features with ``selection='best'``; for the
        logistic and squared-hinge losses plus the m·n pairs, for the hinge 250 times the
        points), refused before any work with the largest number of rounds that fits
        (:func:`aucbound.learn.work`).
    weak : str
        'stump' (1(x_j > θ), θ an observed value) or 'raw' (x_j scaled to [0, 1]; the
        result is then linear, see :attr:`BoostedRanker.linear`).
    selection : str
        'best' (the best weak ranker each round) or 'random' (a random feature and
        threshold, as Uematsu & Lee 2011, §5.1.3).
    seed : int, optional
        For ``selection='random'``.
    progress : callable, optional
        Called as ``progress(done, total)`` after each round.
"""


def rankboost(positives, negatives, *, rounds=20, weak="stump", selection="best", alpha="exact", seed=None,
              progress=None) -> BoostedRanker:
    """RankBoost on bipartite data (Freund et al. 2003): O(m + n) per round, never O(mn).
    {parameters}
    alpha : str
        'exact' (the exact minimiser of Z_t for stumps, Freund et al.'s first method) or
        'bound' (α = ½·ln((1 + r)/(1 − r)) and the weak ranker with the largest |r|, their
        third method, which they recommend in practice). Raw features always use 'bound':
        their Z_t has no closed-form minimiser.

    Two positives and two negatives on the line: the stump 1(x > 1) puts both positives
    above both negatives, so the exact α is infinite and one whole step makes the ranking
    perfect.

    >>> model = rankboost([[2.0], [3.0]], [[0.0], [1.0]], rounds=5)
    >>> model.rounds, model.thresholds, model.alpha_rules, model.train_auc
    (1, (1.0,), ('perfect',), (1.0,))
    >>> model.score([[0.5], [2.5]]).tolist()
    [0.0, 1.0]
    """
    alpha = v.choice("alpha", alpha, ALPHA_RULES)
    return _boost(_RankBoost(alpha), positives, negatives, rounds, weak, selection, seed, progress)


def pairwise_boost(positives, negatives, *, loss="logistic", rounds=100, weak="stump", selection="best",
                   seed=None, step="smoothed", progress=None) -> BoostedRanker:
    """Boosting on the pairwise logistic, hinge or squared-hinge risk, with a line search each round.
    {parameters}
    loss : str
        'logistic' (ln(1 + e^{{−s}}), RankNet's), 'hinge' (max(0, 1 − s), RankSVM's) or
        'squared-hinge' (max(0, 1 − s)²): a key of :data:`aucbound.optimal.LOSSES` but the
        exponential (:func:`rankboost`).
    step : str
        For the hinge loss: 'smoothed' (steps on the hinge smoothed over [1 − μ, 1], μ from
        0.01 down to 10⁻⁶: reaches the minimum of the training hinge risk within μ/2) or
        'exact' (the exact minimiser along each weak ranker: integer steps with stumps, as
        the paper's HingeBoost; may stop far from the minimum). Ignored for the smooth
        losses, whose line search is always exact.

    With the exact step and stumps the hinge's line search lands on whole numbers, so the
    scores are integers (Uematsu & Lee 2011, §5.2):

    >>> model = pairwise_boost([[1.0], [2.0], [4.0]], [[0.0], [3.0]], loss="hinge", rounds=10, step="exact")
    >>> model.alphas, model.risk[-1]  # f = 1(x > 0) − 1(x > 2) + 1(x > 3): every pair 1 apart
    ((1.0, -1.0, 1.0), 0.0)

    The smoothed step reaches the least hinge risk too (here 0, every pair at least 1 apart):

    >>> model = pairwise_boost([[1.0], [2.0], [4.0]], [[0.0], [3.0]], loss="hinge", rounds=50)
    >>> model.risk[-1], model.stopped is not None
    (0.0, True)
    """
    loss = v.choice("loss", loss, BOOST_LOSSES)
    step = v.choice("step", step, HINGE_STEPS)
    learner = _SmoothedHinge() if loss == "hinge" and step == "smoothed" else _Pairwise(loss)
    return _boost(learner, positives, negatives, rounds, weak, selection, seed, progress)


rankboost.__doc__ = rankboost.__doc__.format(parameters=_PARAMETERS)
pairwise_boost.__doc__ = pairwise_boost.__doc__.format(parameters=_PARAMETERS)
