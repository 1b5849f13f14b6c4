"""Pairs of score distributions whose AUC is known exactly: the scenarios of a coverage study.

A scenario draws positives' scores X and negatives' scores Y; its true AUC is
A = P(X > Y) + ½·P(X = Y) (Agarwal et al. 2005, Eq. 5, ties counted ½ as in Â),
computed in closed form or as an exact finite sum, never simulated. The scenarios follow
the designs of the methodological coverage studies of AUC intervals (Newcombe 2006, Part 2,
§4; Pohar Perme & Manevski 2018, §4): smooth and skewed continuous scores, a rating scale
with many ties, near-perfect separation, and the worst case of the variance bound.

- ``binormal``: X ~ N(μ, 1), Y ~ N(0, 1); A = Φ(μ/√2).
- ``binormal-unequal``: X ~ N(μ, 2²), Y ~ N(0, 1); A = Φ(μ/√(1 + 2²)).
- ``rating``: a latent N(±d/2, 1) rated 1…5 at the thresholds −1.5, −0.5, 0.5, 1.5, so that
  about one pair in five is tied; A = Σ_{i>j} p_i q_j + ½·Σ_i p_i q_i over the categories.
- ``exponential``: X ~ Exp(rate λ), Y ~ Exp(1); A = 1/(1 + λ). The model of Hanley & McNeil
  (1982), for which their p1 = A/(2 − A), p2 = 2A²/(1 + A) are exact.
- ``lognormal``: X = exp(μ + Z/2), Y = exp(Z′); A = Φ(μ/√(1 + ¼)). Every interval here
  depends on the scores through their ranks only, so this skewed pair has the coverage of
  the binormal pair with the same log-scale parameters (a binormal ROC curve with slope 2).
- ``near-perfect``: the binormal pair at A = 0.99, where Â = 1 is common in small samples.
- ``adversarial``: the worst case of Agarwal et al.'s variance bound (2005, Eq. 14). When m ≤ n every negative scores 0
  and a positive scores +1 with probability A, else −1, so Â is a binomial proportion over
  the m positives and Var Â = A(1 − A)/m = σ²_max exactly; when n < m the roles are
  mirrored (a positive scores 0, a negative −1 with probability A, else +1).

Each family takes the AUC wanted and solves its parameters for it; :attr:`Scenario.auc`
is then computed back from those parameters. Draws of a category or of the two-point law
use ``Generator.random() < p``, whose probability is p to within 2⁻⁵³.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from .. import _normal
from .. import _validate as v

__all__ = [
    "Scenario",
    "SCENARIOS",
    "scenario",
    "binormal",
    "binormal_unequal",
    "rating_scale",
    "exponential",
    "lognormal",
    "near_perfect",
    "adversarial",
    "custom",
    "RATING_THRESHOLDS",
]



def _function(parameter: str, value):
    """`value` if it can be called (a user's sampler)."""
    if not callable(value):
        raise v.ParameterTypeError(parameter, "a function", v.show(value))
    return value


def _shaped(parameter: str, value, shape: tuple[int, ...]) -> np.ndarray:
    """A sampler's draws: a float64 array of exactly `shape`, every entry finite."""
    array = v.real(parameter, value)
    if array.shape != shape:
        raise v.fail(parameter, f"an array of shape {shape}", array)
    v.check(parameter, np.isfinite(array), "finite (no inf or NaN)", array)
    return array

#: Where the latent score of the rating scenario is cut into the categories 1 … 5.
RATING_THRESHOLDS = (-1.5, -0.5, 0.5, 1.5)


@dataclass(frozen=True)
class Scenario:
    """A pair of score distributions and its exact AUC A = P(X > Y) + ½·P(X = Y).

    ``sampler(rng, m, n, trials)`` returns the positives' and the negatives' scores as
    arrays of shape (trials, m) and (trials, n); :meth:`sample` calls it and checks them.
    ``exact`` says how ``auc`` is known; ``parameters`` are the distributions' parameters.
    """

    name: str
    auc: float
    description: str
    exact: str
    parameters: tuple[tuple[str, float], ...]
    sampler: Callable = field(repr=False)

    def sample(self, rng: np.random.Generator, m: int, n: int, trials: int) -> tuple[np.ndarray, np.ndarray]:
        """(positives, negatives): `trials` samples of m positives and n negatives, as float64 arrays.

        >>> pos, neg = binormal(0.8).sample(np.random.default_rng(0), 3, 2, trials=4)
        >>> pos.shape, neg.shape
        ((4, 3), (4, 2))
        """
        pos, neg = self.sampler(rng, m, n, trials)
        return _shaped("sample_pos", pos, (trials, m)), _shaped("sample_neg", neg, (trials, n))


def _target(auc) -> float:
    return v.probability("auc", auc, scalar=True)


def _shift(auc: float, spread: float) -> float:
    """μ with Φ(μ/spread) = A: the mean difference of a binormal pair at AUC A."""
    return _normal.quantile(auc) * spread


def _binormal_sampler(mu: float, sd_pos: float, transform=None):
    def sample(rng, m, n, trials):
        pos = mu + sd_pos * rng.standard_normal((trials, m))
        neg = rng.standard_normal((trials, n))
        return (pos, neg) if transform is None else (transform(pos), transform(neg))

    return sample


def binormal(auc=0.8, *, sd_ratio=1.0, name=None) -> Scenario:
    """X ~ N(μ, s²), Y ~ N(0, 1) with s = `sd_ratio` and μ = Φ⁻¹(A)·√(1 + s²): AUC Φ(μ/√(1 + s²)).

    The binormal model of ROC analysis (Hanley & McNeil 1982; Newcombe 2006). Named
    ``binormal`` with equal variances, else ``binormal-unequal``.

    >>> scenario = binormal(0.8)
    >>> scenario.name, scenario.auc, round(dict(scenario.parameters)["mu"], 6)
    ('binormal', 0.8, 1.190232)
    """
    auc = _target(auc)
    s = v.positive("sd_ratio", sd_ratio, scalar=True)
    spread = math.hypot(s, 1.0)
    mu = _shift(auc, spread)
    name = name or ("binormal" if s == 1 else "binormal-unequal")
    return Scenario(
        name=name,
        auc=_normal.cdf(mu / spread),
        description=f"X ~ N({mu:.4g}, {s * s:g}), Y ~ N(0, 1)",
        exact="closed form Φ(μ/√(1 + s²))",
        parameters=(("mu", mu), ("sd_pos", s), ("sd_neg", 1.0)),
        sampler=_binormal_sampler(mu, s),
    )


def binormal_unequal(auc=0.8) -> Scenario:
    """The binormal pair with the positives' standard deviation twice the negatives'.

    >>> binormal_unequal().auc
    0.8
    """
    return binormal(auc, sd_ratio=2.0)


def near_perfect(auc=0.99) -> Scenario:
    """The binormal pair at near-perfect separation, AUC 0.99 unless given.

    >>> near_perfect().auc
    0.99
    """
    return binormal(auc, name="near-perfect")


def lognormal(auc=0.8, *, sd_ratio=0.5) -> Scenario:
    """X = exp(μ + s·Z), Y = exp(Z′) with s = `sd_ratio`: right-skewed scores, AUC Φ(μ/√(1 + s²)).

    The AUC is that of the binormal pair on the log scale, since exp is increasing.

    >>> lognormal(0.75).auc
    0.75
    """
    auc = _target(auc)
    s = v.positive("sd_ratio", sd_ratio, scalar=True)
    spread = math.hypot(s, 1.0)
    mu = _shift(auc, spread)
    return Scenario(
        name="lognormal",
        auc=_normal.cdf(mu / spread),
        description=f"ln X ~ N({mu:.4g}, {s * s:g}), ln Y ~ N(0, 1)",
        exact="closed form Φ(μ/√(1 + s²))",
        parameters=(("mu", mu), ("sd_pos", s), ("sd_neg", 1.0)),
        sampler=_binormal_sampler(mu, s, np.exp),
    )


def exponential(auc=0.8) -> Scenario:
    """X ~ Exp(rate λ), Y ~ Exp(rate 1) with λ = (1 − A)/A: AUC P(X > Y) = 1/(1 + λ).

    >>> exponential(0.8).auc
    0.8
    """
    auc = _target(auc)
    rate = (1.0 - auc) / auc

    def sample(rng, m, n, trials):
        return rng.standard_exponential((trials, m)) / rate, rng.standard_exponential((trials, n))

    return Scenario(
        name="exponential",
        auc=1.0 / (1.0 + rate),
        description=f"X ~ Exp(rate {rate:.4g}), Y ~ Exp(rate 1)",
        exact="closed form 1/(1 + λ)",
        parameters=(("rate_pos", rate), ("rate_neg", 1.0)),
        sampler=sample,
    )


def _between(a: float, b: float) -> float:
    """Φ(b) − Φ(a) for a ≤ b, from the tail on the far side of 0 (no loss near 1)."""
    return _normal.cdf(-a) - _normal.cdf(-b) if a > 0 else _normal.cdf(b) - _normal.cdf(a)


def _rating_probabilities(centre: float) -> list[float]:
    """P(category k), k = 1 … 5, of a latent N(centre, 1) cut at :data:`RATING_THRESHOLDS`."""
    cuts = (-math.inf, *RATING_THRESHOLDS, math.inf)
    return [_between(cuts[k] - centre, cuts[k + 1] - centre) for k in range(5)]


def _rating_auc(pos: list[float], neg: list[float]) -> float:
    """Σ_{i>j} p_i q_j + ½·Σ_i p_i q_i, summed exactly rounded (math.fsum)."""
    terms = [p * q * (1.0 if i > j else 0.5) for i, p in enumerate(pos) for j, q in enumerate(neg) if i >= j]
    return math.fsum(terms)


def _rating_gap(auc: float) -> float:
    """The latent gap d at which the rating scale's exact AUC is `auc`, by bisection.

    The AUC increases continuously from 0 to 1 with d; 200 halvings of [−60, 60] reach the
    neighbouring floats.
    """
    low, high = -60.0, 60.0
    for _ in range(200):
        middle = 0.5 * (low + high)
        if middle in (low, high):
            break
        if _rating_auc(_rating_probabilities(middle / 2), _rating_probabilities(-middle / 2)) < auc:
            low = middle
        else:
            high = middle
    return high


def _category_sampler(pos_probs: list[float], neg_probs: list[float]):
    def draw(rng, probs, shape):
        cumulative = np.cumsum(probs)[:-1]
        return 1.0 + np.searchsorted(cumulative, rng.random(shape), side="right")

    def sample(rng, m, n, trials):
        return draw(rng, pos_probs, (trials, m)), draw(rng, neg_probs, (trials, n))

    return sample


def rating_scale(auc=0.8) -> Scenario:
    """Ratings 1 … 5 of a latent N(±d/2, 1) cut at −1.5, −0.5, 0.5, 1.5: AUC an exact finite sum.

    With p and q the positives' and negatives' category probabilities,
    A = Σ_{i>j} p_i q_j + ½·Σ_i p_i q_i; d is solved for the AUC wanted. Ties are heavy:
    at A = 0.8 about one positive–negative pair in five is tied.

    >>> scenario = rating_scale(0.8)
    >>> scenario.auc, round(dict(scenario.parameters)["tie_probability"], 4)
    (0.8, 0.1858)
    """
    auc = _target(auc)
    gap = _rating_gap(auc)
    pos, neg = _rating_probabilities(gap / 2), _rating_probabilities(-gap / 2)
    shown = " ".join(f"{p:.3f}" for p in pos), " ".join(f"{q:.3f}" for q in neg)
    return Scenario(
        name="rating",
        auc=_rating_auc(pos, neg),
        description=f"ratings 1-5, P(X = k) = ({shown[0]}), P(Y = k) = ({shown[1]})",
        exact="exact finite sum, ties counted ½",
        parameters=(
            ("gap", gap),
            *((f"p{k + 1}", p) for k, p in enumerate(pos)),
            *((f"q{k + 1}", q) for k, q in enumerate(neg)),
            ("tie_probability", math.fsum(p * q for p, q in zip(pos, neg))),
        ),
        sampler=_category_sampler(pos, neg),
    )


def adversarial(auc=0.8) -> Scenario:
    """A two-point pair with Var Â = A(1 − A)/min(m, n), the worst case of Eq. 14 (Agarwal et al. 2005).

    The smaller class is a two-point law and the larger one a point mass between its two
    points, so every positive–negative comparison of one item of the smaller class comes
    out the same, and Â is the share of that class on the high side: a binomial
    proportion over min(m, n) items with mean A.

    >>> pos, neg = adversarial(0.7).sample(np.random.default_rng(1), 4, 6, trials=1)
    >>> pos.tolist(), neg.tolist()
    ([[1.0, -1.0, 1.0, -1.0]], [[0.0, 0.0, 0.0, 0.0, 0.0, 0.0]])
    """
    auc = _target(auc)

    def sample(rng, m, n, trials):
        if m <= n:
            return np.where(rng.random((trials, m)) < auc, 1.0, -1.0), np.zeros((trials, n))
        return np.zeros((trials, m)), np.where(rng.random((trials, n)) < auc, -1.0, 1.0)

    return Scenario(
        name="adversarial",
        auc=auc,
        description=f"larger class all 0; each item of the smaller one on its class's side (+1 or -1) with probability {auc:g}",
        exact="exact: P(X > Y) of the two-point law",
        parameters=(("p_high", auc),),
        sampler=sample,
    )


def custom(sample_pos, sample_neg, auc, *, name="custom", description=None) -> Scenario:
    """A scenario from two samplers and their true AUC, which the caller vouches for.

    ``sample_pos(rng, size)`` and ``sample_neg(rng, size)`` return scores of shape `size`
    (a tuple, as for numpy's ``Generator`` methods), drawing only from `rng`.

    >>> scenario = custom(lambda rng, size: rng.uniform(0.5, 1.5, size),
    ...                   lambda rng, size: rng.uniform(0.0, 1.0, size), auc=0.875)
    >>> scenario.name, scenario.auc
    ('custom', 0.875)
    """
    sample_pos = _function("sample_pos", sample_pos)
    sample_neg = _function("sample_neg", sample_neg)
    auc = v.unit_interval("auc", auc, scalar=True)

    def sample(rng, m, n, trials):
        return sample_pos(rng, (trials, m)), sample_neg(rng, (trials, n))

    return Scenario(
        name=str(name),
        auc=auc,
        description=description or "user-supplied samplers",
        exact="given",
        parameters=(),
        sampler=sample,
    )


#: Every built-in scenario family by name; each takes the AUC wanted (its default if omitted).
SCENARIOS: dict[str, Callable[..., Scenario]] = {
    "binormal": binormal,
    "binormal-unequal": binormal_unequal,
    "rating": rating_scale,
    "exponential": exponential,
    "lognormal": lognormal,
    "near-perfect": near_perfect,
    "adversarial": adversarial,
}


def scenario(name, auc=None) -> Scenario:
    """The built-in scenario `name` at AUC `auc` (the family's default, 0.8 or 0.99, if None).

    >>> [(s.name, s.auc) for s in (scenario("near-perfect"), scenario("exponential", 0.7))]
    [('near-perfect', 0.99), ('exponential', 0.7)]
    """
    family = SCENARIOS[v.choice("scenario", name, SCENARIOS)]
    return family() if auc is None else family(auc)
