"""Power and sample size for tests of the AUC: Obuchowski's asymptotic formulas, and distribution-free answers.

**The test of one AUC against θ0** (Obuchowski, Lieber & Wians 2004, Clin. Chem. 50,
Eq. 2 and 3; θ0 = ½ unless given). With N_A cases (positives), N_N = κ·N_A controls
(negatives), the one-sided level α' (α/2 for a two-sided test of level α),
z_α' = Φ⁻¹(1 − α') and z_β = Φ⁻¹(power), the number of cases is

    N_A = (z_α'·√V0 + z_β·√VA)² / (θ1 − θ0)²,                              (Eq. 2)

where VA = N_A·Var(Â) is the variance of one case's worth of Â at the AUC θ1 and V0 the
same at the null's θ0: one variance function V(θ, κ) at two points. Under the binormal
model with equal variances (b = 1), with A = √2·Φ⁻¹(θ),

    V(θ, κ) = 0.0099·exp(−A²/2)·[(5A² + 8) + (A² + 8)/κ],                   (Eq. 3)

the binormal variance of Â: Obuchowski & McClish's (1997) Eq. 4 at b = 1 is exactly
exp(−A²/2)·[(5A² + 8) + (A² + 8)/κ]/(32π). At θ0 = ½, V0 = V(½, κ) = 0.0792·(1 + 1/κ), the form
the paper and pROC print (0.0099·8 = 0.0792). The constants are
the paper's as printed (0.0099 for 1/(32π) = 0.009947 and 1.414 for √2), which R's pROC uses
too; they put VA about 0.5% below the exact binormal value. (Hanley & McNeil's 1982 variance,
from an exponential model, is another: at κ = 1 it is 10% smaller at θ = 0.73, 25% at 0.9.)
Eq. 2 is solved for any one of N_A (with N_N = κ·N_A), the power
(z_β = (√N_A·|θ1 − θ0| − z_α'·√V0)/√VA), the level (z_α' = (√N_A·|θ1 − θ0| − z_β·√VA)/√V0)
and θ1, the last by Brent's method on (θ0, 1) (on (0, θ0) for the alternative "less"). The
alternative "greater" tests H1: θ > θ0 and needs θ1 > θ0, "less" H1: θ < θ0 with θ1 < θ0;
"one-sided" (pROC's name) is the one of the two on the side θ1 lies, and "two-sided" spends
α/2 on each side (the far side's rejections, below α/2, are left out of the power, as the
paper does). From data, θ1, N_A and N_N are the observed AUC and class sizes.

**Two correlated AUCs** (Obuchowski & McClish 1997, Stat. Med. 16, Eq. 2). The same
Eq. 2 for Δ = θ1 − θ2, with

    VA = V1 + V2 − 2·C12,   V0 = 2·V1 − 2·C12,

V_k the variance of θ̂_k and C12 their covariance, all per case (N_A times the variance of
the estimate). V0, the variance under the null, takes curve 1 as both curves, with the
covariance as under the alternative (pROC's convention): the first curve is the null's
reference, so the answer depends on which curve comes first, and V0 ≤ 0 (V1 ≤ C12, which
happens when the first curve varies less than it covaries with the second) leaves Eq. 2
without an answer (pROC returns NaN). ``null="both"`` takes instead V0 = V1 + V2 − 2·C12
= VA, the variance of the difference that DeLong's test itself uses under the null: the
same in either order, and positive whenever the two estimates are not perfectly correlated.
A non-inferiority ``margin`` δ_NI ≥ 0 tests H0: θ1 − θ2 ≤ −δ_NI against H1: θ1 − θ2 > −δ_NI,
one-sided (the alternative "greater"): the same Eq. 2 with the effect Δ + δ_NI. Its V0 is the
variance of D̂ on the null's boundary Δ = −δ_NI, which no curve of the design pins down;
V0 = VA (``null="both"``, the default with a margin) is the variance the test of the data
itself uses (DeLong's, estimated at the truth), while the first curve's V0 describes Δ = 0
and is refused with a margin. The variances come from

- data, by DeLong's method (DeLong, DeLong & Clarke-Pearson 1988): the structural
  components' variances and covariance at the observed sizes, times N_A;
- data, by Obuchowski's method: a binormal fit of each ROC curve — least squares of
  Φ⁻¹(specificity) on Φ⁻¹(sensitivity) over the empirical ROC points with both in (0, 1),
  intercept A and slope B (pROC's smoothing fit, whose coefficients enter as (a, b)) — and
  Pearson's correlations r_A of the two scores among the cases and r_N among the controls,
  put into Obuchowski & McClish's Eq. 4 (variance) and Eq. 5 (covariance) at the observed κ
  (or, over a range of specificity, the partial areas and their derivatives, below);
- binormal parameters (a_k, b_k), r_N, r_A and κ, given: Eq. 4 and 5 with the derivatives
  f = ∂θ/∂a and g = ∂θ/∂b of the full AUC θ = Φ(a/√(1 + b²)) or of the partial area over
  false-positive rates (e1, e2) (their Table 1), derived here from the integral (see
  :func:`_partial_derivatives`); Eq. 4 and 5 are quadratic in (f, g), so a common sign
  of both would not change them.

As pROC does, the per-case variances from data are those of the data's own ratio κ; a
design at another κ changes N_N = κ·N_A only. Note on the fit: for binormal scores its
intercept and slope estimate a/b and −1/b (the model with the classes' roles swapped), not
(a, b); the AUC Φ(A/√(1 + B²)) is the same, the variance of Eq. 4 only when b = 1. It is kept
as pROC has it, so that pROC's answers are reproduced.

**Distribution-free answers (beyond these papers).** For every pair of score distributions
with the given AUC, and every sample size. Both bounds have the one-sided tails
P(Â − θ ≥ t) ≤ exp(−t²/c) and P(Â − θ ≤ −t) ≤ exp(−t²/c), with c = (1/m + 1/n)/2 for
McDiarmid's inequality (Agarwal et al. 2005, Thm 3.3, Cor 3.4) and c = 1/(2·min(m, n)) for
Hoeffding's (1963, §5). A two-sided test that rejects θ = θ0 when [Â − ε, Â + ε] excludes θ0,
ε² = c·ln(2/α), has level α at every m, n (a union of the two tails, α/2 each); a one-sided
test of H1: θ > θ0 rejects when Â − ε1 > θ0 with ε1² = c·ln(1/α), one tail (θ < θ0: when
Â + ε1 < θ0). With ε the half-width used and g = |θ1 − θ0| the gap, the power at θ1 is at least

    1 − exp(−(g − ε)²/c)   when g > ε,                                     (the other tail of the same bound)

since the test fails to reject on θ1's side only if Â falls g − ε short of its mean θ1. So the
distribution-free rows answer Obuchowski's question with a guarantee: at the same θ1, θ0,
level and κ, the lowest power over all distributions, the smallest design (m = N/(1 + κ)
rounded, n = N − m, as :func:`aucbound.sample_size` splits N) with that power, the smallest
level, or the θ1 nearest θ0 (on the tested side) with that power. Beside it, the *exclusion
size*: the smallest design whose interval excludes θ0 when the estimate equals θ1,
g − ε(m, n, α) ≥ 0. For two AUCs on the same cases the same holds for u = (D̂ + 1)/2, the mean
of the kernel (ψ_1 − ψ_2 + 1)/2 ∈ [0, 1] (see :func:`aucbound.compare`), whose null (1 − δ_NI)/2
is Δ = −δ_NI mapped: g = |Δ + δ_NI|/2. Given sizes that are not whole are rounded down for
these rows.
"""

from __future__ import annotations

import math
import warnings
from fractions import Fraction

import numpy as np

from .. import _normal
from .. import _validate as v
from ..bounds import sample_size
from ._results import DistributionFreePower, PowerAnalysis
from ._auc import _auc, groups
from ._columns import columns, warn_below_chance
from ._compare import paired, paired_variances
from ._partial import partial_auc
from ._roc import roc_curve_from_groups

__all__ = ["power_test", "power_test_data", "power_test_binormal", "ALTERNATIVES", "NULL_VARIANCES", "POWER_METHODS"]

#: The alternatives: a two-sided test spends α/2 on each side (pROC's "two.sided"); a one-sided test spends α
#: on the side the effect lies on ("one-sided", pROC's "one.sided"), or on the side named: "greater" (H1: the
#: AUC, or the difference, above the null's) or "less" (below it).
ALTERNATIVES = ("two-sided", "one-sided", "greater", "less")
#: How two AUCs from data get their variances and covariance.
POWER_METHODS = ("delong", "obuchowski")
#: How the variance under the null of two AUCs is estimated: from the first curve (Obuchowski & McClish 1997,
#: pROC), or from both (the variance of the difference, order-free).
NULL_VARIANCES = ("first", "both")

ONE_CURVE_SOURCE = "Obuchowski et al. 2004, Eq. 2, 3"
DELONG_SOURCE = "Obuchowski & McClish 1997, Eq. 2; DeLong et al. 1988"
BINORMAL_SOURCE = "Obuchowski & McClish 1997, Eq. 2, 4, 5"
FIT_SOURCE = "Obuchowski & McClish 1997, Eq. 2, 4, 5; binormal fit"
DISTRIBUTION_FREE = {
    "mcdiarmid": "Agarwal et al. 2005, Thm 3.3",
    "hoeffding": "Hoeffding 1963, §5",
}


# --- checks ----------------------------------------------------------------------------------


def _optional(check, parameter, value):
    return None if value is None else check(parameter, value, scalar=True)


def _null_auc(auc0) -> float:
    """θ0, ½ by default, in (0, 1)."""
    if auc0 is None:
        return 0.5
    number = v.real("auc0", auc0, scalar=True)
    if not 0 < number < 1:
        raise v.fail("auc0", "in (0, 1)", auc0)
    return number


def _tested_range(auc0: float, alternative: str) -> tuple[float, float]:
    """The AUCs the alternative tests: (θ0, 1) for "greater", (0, θ0) for "less", else (0, 1) but θ0."""
    return {"greater": (auc0, 1.0), "less": (0.0, auc0)}.get(alternative, (0.0, 1.0))


def _alternative_auc(value, auc0: float, alternative: str):
    """θ1 on the side of θ0 that the alternative tests (None stays None)."""
    if value is None:
        return None
    number = v.real("auc", value, scalar=True)
    lo, hi = _tested_range(auc0, alternative)
    if lo < number < hi and number != auc0:
        return number
    if alternative in ("greater", "less"):
        side = "above" if alternative == "greater" else "below"
        rule = f"in ({lo:.6g}, {hi:.6g}), {side} {{auc0}} for the alternative {alternative!r}"
    else:
        rule = f"in (0, 1) and other than {{auc0}} = {auc0:.6g}"
    raise v.ParameterError("auc", rule, v.show(value), others=("auc0",))


def _side_of(effect: float, alternative: str, what: str, *, others=()) -> None:
    """An error on `alternative` unless `effect` (≠ 0: the alternative's value minus the null's, as
    `what` describes it, naming `others`) lies on the side it tests: above 0 for "greater", below for
    "less"."""
    wrong = {"greater": effect < 0, "less": effect > 0}.get(alternative, False)
    if wrong:
        fits = "'less'" if effect < 0 else "'greater'"
        raise v.fail("alternative", f"{fits}, 'two-sided' or 'one-sided' for {what}", alternative, others=others)


def _float(parameter: str, value: float, got, what: str) -> float:
    """`value` if finite and not 0; else an error on `parameter` (whose value `got` made `what`
    overflow or underflow)."""
    if not math.isfinite(value) or value == 0:
        raise v.fail(parameter, f"such that {what} is a positive float", got)
    return value


def _sizes(ncases, ncontrols, kappa, default_kappa):
    """(ncases, ncontrols, kappa) completed from what was given: any two of the three, or
    one size (the other from `default_kappa`), or none (sizes None)."""
    ncases = _optional(v.positive, "ncases", ncases)
    ncontrols = _optional(v.positive, "ncontrols", ncontrols)
    kappa = _optional(v.positive, "kappa", kappa)
    if ncases is not None and ncontrols is not None:
        if kappa is not None:
            raise v.ParameterError("kappa", "be left out when {ncases} and {ncontrols} are both given "
                                   "(it is their ratio)", v.show(kappa), others=("ncases", "ncontrols"), verb="")
        kappa = _float("ncontrols", ncontrols / ncases, ncontrols, "ncontrols/ncases")
    else:
        kappa = default_kappa if kappa is None else kappa
        if ncases is not None:
            ncontrols = _float("kappa", kappa * ncases, kappa, "ncontrols = kappa·ncases")
        elif ncontrols is not None:
            ncases = _float("kappa", ncontrols / kappa, kappa, "ncases = ncontrols/kappa")
    _float("kappa", 1.0 / kappa, kappa, "1/kappa")
    return ncases, ncontrols, kappa


def _unknown(known: dict) -> str:
    """The one quantity left out (None) of `known`, or an error naming what is wrong."""
    missing = [name for name, value in known.items() if value is None]
    names = list(known)
    if len(missing) == 1:
        return missing[0]
    if not missing:
        others = tuple(name for name in names if name != "power")
        listed = ", ".join("{" + name + "}" for name in others)
        raise v.ParameterError("power", f"None (the quantity to solve for), or one of {listed} left out", 
                               v.show(known["power"]), others=others)
    first, second = missing[0], missing[1]
    raise v.ParameterError(first, f"given when {{{second}}} is left out (only one quantity is solved for)", "None",
                           others=(second,))


def _log_level(alpha: float, alternative: str) -> float:
    """ln α', α' the one-sided level spent on the tested side (α/2 for a two-sided test), in
    log space: half the smallest float is no float."""
    return math.log(alpha) - (math.log(2.0) if alternative == "two-sided" else 0.0)


def _z_alpha(alpha: float, alternative: str) -> float:
    """z_α' with Φ(−z_α') = α'."""
    return _normal.upper_quantile(_log_level(alpha, alternative))


# --- Eq. 2, solved for each quantity -------------------------------------------------------


def _solve(unknown, *, effect, ncases, sig_level, power, v0, va, alternative):
    """(ncases, sig_level, power) with the `unknown` one solved from Eq. 2, for |effect| > 0."""
    d = abs(effect)
    if unknown == "power":
        z_alpha = _z_alpha(sig_level, alternative)
        return ncases, sig_level, _normal.cdf((math.sqrt(ncases) * d - z_alpha * math.sqrt(v0)) / math.sqrt(va))
    z_beta = _normal.quantile(power)
    if unknown == "ncases":
        z_alpha = _z_alpha(sig_level, alternative)
        root = z_alpha * math.sqrt(v0) + z_beta * math.sqrt(va)
        if root <= 0:
            lowest = _normal.cdf(-z_alpha * math.sqrt(v0) / math.sqrt(va))
            raise v.fail("power", f"above {lowest:.6g}, the power of the smallest samples at this {{sig_level}}", power,
                         others=("sig_level",))
        return _float("power", root * root / (d * d), power, "the number of cases it needs"), sig_level, power
    z_alpha = (math.sqrt(ncases) * d - z_beta * math.sqrt(va)) / math.sqrt(v0)
    two_sided = alternative == "two-sided"
    level = _normal.cdf(-z_alpha) * (2 if two_sided else 1)
    if not level < 1:
        highest = _normal.cdf(math.sqrt(ncases) * d / math.sqrt(va)) if two_sided else 1.0
        raise v.fail("power", f"below {highest:.6g}, the power as {{sig_level}} → 1 at these sizes", power,
                     others=("sig_level",))
    if level <= 0:
        raise v.fail("power", "low enough for the {sig_level} it needs to be a float above 0", power,
                     others=("sig_level",))
    return ncases, level, power


def _one_curve_variance(theta: float, kappa: float) -> float:
    """V(θ, κ) of Eq. 3 with the printed constants; at θ = ½ in the printed form 0.0792·(1 + 1/κ)."""
    if theta == 0.5:
        return 0.0792 * (1 + 1 / kappa)
    a = 1.414 * _normal.quantile(theta)
    return 0.0099 * math.exp(-a * a / 2) * ((5 * a * a + 8) + (a * a + 8) / kappa)


def _variances(auc0: float, auc: float, kappa: float) -> tuple[float, float]:
    """(V0, VA) = (V(θ0, κ), V(θ1, κ)); an error naming the AUC whose variance underflows (θ below
    about 1e-160, where exp(−A²/2) is no float)."""
    v0 = _float("auc0", _one_curve_variance(auc0, kappa), auc0, "its variance V0 of Eq. 3")
    return v0, _float("auc", _one_curve_variance(auc, kappa), auc, "its variance VA of Eq. 3")


def _solve_auc(ncases, kappa, auc0, sig_level, power, alternative) -> float:
    """θ1 at which Eq. 2 gives `power`, in (θ0, 1) (in (0, θ0) for "less"): the root of
    h(θ) = (√N_A·|θ − θ0| − z_α'·√V0)/√V(θ) − z_β, by Brent's method.

    h(θ0) = −z_α' − z_β (V(θ0) = V0), negative when the power exceeds α'; towards the far end
    (1, or 0 for "less") V(θ) → 0 and h has the sign of √N_A·|end − θ0| − z_α'·√V0.
    """
    from scipy.optimize import brentq

    level = math.exp(_log_level(sig_level, alternative))
    z_alpha = _z_alpha(sig_level, alternative)
    z_beta = _normal.quantile(power)
    v0 = _variances(auc0, auc0, kappa)[0]

    def h(theta):
        spread = math.sqrt(_one_curve_variance(theta, kappa))
        return (math.sqrt(ncases) * abs(theta - auc0) - z_alpha * math.sqrt(v0)) / spread - z_beta

    if h(auc0) >= 0:
        raise v.fail("power", f"above the one-sided level {level:.6g} (reached at auc = {auc0:.6g})", power)
    top = math.nextafter(1.0, 0.0)
    end = 1 - top if alternative == "less" else top  # 2^-53 and 1 − 2^-53: V(θ) is a float at both
    if h(end) <= 0:
        least = (z_alpha * math.sqrt(v0) / abs(end - auc0)) ** 2
        bound = "above 0" if alternative == "less" else "below 1"
        raise v.fail("ncases", f"above {least:.6g} for an AUC {bound} to reach this {{power}} at this {{sig_level}}",
                     ncases, others=("power", "sig_level"))
    lo, hi = sorted((auc0, end))
    return brentq(h, lo, hi, xtol=1e-15, rtol=4 * np.finfo(float).eps, maxiter=500)


# --- the distribution-free rows --------------------------------------------------------------


def _spread(method: str, m: int, n: int) -> float:
    """c with ε² = c·ln(2/α): (1/m + 1/n)/2 for McDiarmid, 1/(2·min(m, n)) for Hoeffding."""
    return (1 / m + 1 / n) / 2 if method == "mcdiarmid" else 1 / (2 * min(m, n))


#: Beyond this ln(2/δ), δ is passed to :func:`aucbound.sample_size` as a union over ln|F| = the rest.
_LOG_LEVEL_SPLIT = 600.0


def _design(method, gap, log_level, log_beta, rho):
    """The smallest (m, n) with √c·(√ln-level + √ln(1/β)) ≤ gap, by :func:`aucbound.sample_size`
    at the δ with ln(2/δ) = L = (√ln-level + √ln(1/β))²; (None, None) beyond 10^300 or for
    L ≤ ln 2 (a one-sided level of ½ or more, which no interval of these bounds tests).

    Past L = 600, δ = 2·exp(−600) and the rest of L goes in as ln|F| of a union bound,
    which enters the level the same way (ln(2|F|/δ)), so that no level underflows.
    """
    if not 0 < gap < 1:
        return None, None
    level = (math.sqrt(log_level) + math.sqrt(log_beta)) ** 2
    if level <= math.log(2):
        return None, None
    extra = max(0.0, level - _LOG_LEVEL_SPLIT)
    with warnings.catch_warnings():  # a δ above ½ here is the design's (L < ln 4), not a mistaken level
        warnings.simplefilter("ignore", v.LevelWarning)
        result = sample_size(gap, 2 * math.exp(-(level - extra)), rho, method=method, log_class_size=extra or None)
    return result.m, result.n


def _whole(size):
    """A given size rounded down for the distribution-free rows (None below 1)."""
    return None if size is None or size < 1 else int(size)


def _distribution_free(result: dict, *, unknown: str, rho: Fraction, two_curves: bool):
    """One row per method: the same question as Obuchowski's, answered for every distribution."""
    sides = 2 if result["alternative"] == "two-sided" else 1

    def log_level(alpha):
        return math.log(sides) - math.log(alpha)  # ln(sides/α) without the overflow of 2/1e-320

    if two_curves:  # u = (D̂ + 1)/2 against its null (1 − margin)/2
        given_effect = result["difference"]
        given_gap = abs(given_effect + (result["margin"] or 0.0)) / 2
    else:
        given_effect = result["auc"]
        given_gap = abs(given_effect - result["auc0"]) if given_effect is not None else 0.0
    m, n = _whole(result["ncases"]), _whole(result["ncontrols"])
    log_beta = -math.log1p(-result["power"]) if unknown != "power" else None  # the given power, in (0, 1)
    rows = []
    for method, source in DISTRIBUTION_FREE.items():
        effect, gap, ncases, ncontrols = given_effect, given_gap, m, n
        sig_level, power = result["sig_level"], result["power"]
        c = _spread(method, m, n) if m is not None and n is not None else None
        if unknown == "power":
            if c is None:
                power = None
            else:
                shortfall = gap - math.sqrt(c * log_level(sig_level))
                power = -math.expm1(-shortfall * shortfall / c) if shortfall > 0 else 0.0
        elif unknown == "ncases":
            ncases, ncontrols = _design(method, gap, log_level(sig_level), log_beta, rho)
        elif unknown == "sig_level":
            room = gap / math.sqrt(c) - math.sqrt(log_beta) if c is not None else -1.0
            level = math.exp(-room * room) * sides if room > 0 else math.inf
            sig_level = level if 0 < level < 1 else None
        else:  # the AUC nearest θ0 on the tested side (above θ0 but for "less")
            gap = math.sqrt(c) * (math.sqrt(log_level(sig_level)) + math.sqrt(log_beta)) if c else math.inf
            effect = result["auc0"] - gap if result["alternative"] == "less" else result["auc0"] + gap
            effect = effect if 0 <= effect <= 1 else None
            gap = abs(effect - result["auc0"]) if effect is not None else 0.0
        if sig_level is not None and gap > 0:
            exclusion = _design(method, gap, log_level(sig_level), 0.0, rho)
        else:
            exclusion = (None, None)
        rows.append(DistributionFreePower(
            method=method,
            ncases=ncases,
            ncontrols=ncontrols,
            effect=effect,
            sig_level=sig_level,
            power=power,
            exclusion_ncases=exclusion[0],
            exclusion_ncontrols=exclusion[1],
            source=source + (", kernel in [-1, 1]" if two_curves else ""),
        ))
    return tuple(rows)


def _ratio(ncases, ncontrols, kappa) -> Fraction:
    """ρ = N_A/(N_A + N_N) as the fraction the class split uses: exactly that of given whole
    sizes, else 1/(1 + κ)."""
    if ncases is not None and float(ncases).is_integer() and float(ncontrols).is_integer():
        return Fraction(int(ncases), int(ncases) + int(ncontrols))
    rho = 1 / (1 + kappa)
    if 0 < rho < 1:
        return v.skew("kappa", rho)  # 41/113 for κ = 72/41, as a ratio of whole sizes reads
    return 1 / (1 + Fraction(kappa))  # κ beyond 2^±53: exactly


# --- the public functions --------------------------------------------------------------------


def _alternative(alternative):
    return v.choice("alternative", alternative, ALTERNATIVES)


def _result(unknown, *, effect_fields, ncases, ncontrols, kappa, sig_level, power, alternative, method, v0, va,
            source, two_curves, ratio, distribution_free=True):
    fields = dict(solved=unknown, method=method, ncases=ncases, ncontrols=ncontrols, kappa=kappa, sig_level=sig_level,
                  power=power, alternative=alternative, null_variance=v0, alternative_variance=va, source=source,
                  **effect_fields)
    rows = _distribution_free(fields, unknown=unknown, rho=ratio, two_curves=two_curves) if distribution_free else ()
    return PowerAnalysis(**fields, distribution_free=rows)


def power_test(auc=None, *, ncases=None, ncontrols=None, kappa=None, sig_level=0.05, power=None,
               alternative="two-sided", auc0=None) -> PowerAnalysis:
    """Power, sample size, level or AUC of the test of one AUC against θ0 (Obuchowski et al. 2004, Eq. 2, 3).

    The null is AUC = `auc0` (θ0, ½ by default, in (0, 1)); `auc` is the AUC θ1 to detect.
    Leave out (None) exactly one of `auc`, the sizes, `sig_level` and `power`; it is solved
    for. The sizes are any two of `ncases` (positives), `ncontrols` (negatives) and
    `kappa` = ncontrols/ncases, or one size with κ = 1; to solve for them give neither
    size (κ = 1 unless given). `sig_level` is 0.05 unless None is passed; a two-sided test
    spends half of it on each side. `alternative` is ``"two-sided"``, ``"one-sided"`` (on
    the side θ1 lies: pROC's), ``"greater"`` (H1: θ > θ0, with θ1 in (θ0, 1)) or ``"less"``
    (H1: θ < θ0, θ1 in (0, θ0)); θ1 is in (0, 1) and other than θ0, and a solved θ1 lies
    above θ0 but for ``"less"``. Sizes need not be whole. Non-inferiority to a reference
    AUC θ_ref within a margin δ_NI is ``auc0=θ_ref − δ_NI, alternative="greater"``.

    The result's ``distribution_free`` rows answer the same question for every score
    distribution (McDiarmid's and Hoeffding's bounds), with the exclusion size beside it.

    >>> result = power_test(0.73, ncases=41, ncontrols=72)
    >>> round(result.power, 7), result.solved, result.guarantee
    (0.9897453, 'power', 'asymptotic')
    >>> round(power_test(0.73, sig_level=0.05, power=0.95, kappa=1.7).ncases, 5)
    29.6702
    >>> row = result.distribution_free[1]
    >>> row.method, round(row.power, 6), row.exclusion_ncases, row.exclusion_ncontrols
    ('hoeffding', 0.025932, 35, 61)
    >>> round(power_test(0.8, auc0=0.7, power=0.8, alternative="greater").ncases, 4)
    84.1854
    """
    alternative = _alternative(alternative)
    auc0 = _null_auc(auc0)
    auc = _alternative_auc(auc, auc0, alternative)
    ncases, ncontrols, kappa = _sizes(ncases, ncontrols, kappa, 1.0)
    sig_level = _optional(v.probability, "sig_level", sig_level)
    power = _optional(v.probability, "power", power)
    unknown = _unknown({"auc": auc, "ncases": ncases, "sig_level": sig_level, "power": power})
    ratio = _ratio(ncases, ncontrols, kappa)
    if unknown == "auc":
        auc = _solve_auc(ncases, kappa, auc0, sig_level, power, alternative)
    v0, va = _variances(auc0, auc, kappa)
    if unknown != "auc":
        ncases, sig_level, power = _solve(unknown, effect=auc - auc0, ncases=ncases, sig_level=sig_level, power=power,
                                          v0=v0, va=va, alternative=alternative)
    if unknown == "ncases":
        ncontrols = _float("kappa", kappa * ncases, kappa, "ncontrols = kappa·ncases")
    return _result(unknown, effect_fields=dict(auc=auc, auc1=None, auc2=None, difference=None, auc0=auc0),
                   ncases=ncases, ncontrols=ncontrols, kappa=kappa, sig_level=sig_level, power=power,
                   alternative=alternative, method="obuchowski", v0=v0, va=va, source=ONE_CURVE_SOURCE,
                   two_curves=False, ratio=ratio)


# --- from data ---------------------------------------------------------------------------------


def _binormal_fit(parameter: str, pos: np.ndarray, neg: np.ndarray) -> tuple[float, float]:
    """(A, B): least squares of Φ⁻¹(Sp) = A + B·Φ⁻¹(Se) over the empirical ROC curve's points
    with both in (0, 1)."""
    curve = roc_curve_from_groups(np.sort(pos), np.sort(neg))
    sensitivity, specificity = curve.sensitivity, curve.specificity
    inside = (sensitivity > 0) & (sensitivity < 1) & (specificity > 0) & (specificity < 1)
    x = np.array([_normal.quantile(p) for p in sensitivity[inside]])
    y = np.array([_normal.quantile(p) for p in specificity[inside]])
    if x.shape[0] < 2 or np.ptp(x) == 0:
        raise v.ParameterError(parameter, "at least two ROC points with sensitivity and specificity in (0, 1) "
                               "(for the binormal fit)", f"{x.shape[0]} such point{'s' * (x.shape[0] != 1)}",
                               verb="give")
    dx = x - x.mean()
    slope = float(dx @ (y - y.mean()) / (dx @ dx))
    return float(y.mean() - slope * x.mean()), slope


def _correlation(first: np.ndarray, second: np.ndarray, group: str) -> float:
    """Pearson's correlation of the two scores within one class."""
    a, b = first - first.mean(), second - second.mean()
    for parameter, deviations in (("scores", a), ("scores_b", b)):
        if not deviations.any():
            raise v.ParameterError(parameter, f"vary among the {group} (Obuchowski's method correlates the two "
                                   "scores there)", f"one value for all {deviations.shape[0]}", verb="")
    return float(a @ b) / math.sqrt(float(a @ a) * float(b @ b))


def _data_sizes(unknown_sizes: bool, ncases, ncontrols, kappa, m: int, n: int):
    """The design: the data's (m, n) unless sizes are given or solved for."""
    if ncases is None and ncontrols is None and not unknown_sizes:
        if kappa is not None:
            raise v.ParameterError("kappa", "left out unless {ncases} or {ncontrols} is given or the sizes are solved "
                                   "for (the data fix the ratio)", v.show(kappa), others=("ncases", "ncontrols"))
        return m, n, n / m
    return _sizes(ncases, ncontrols, kappa, n / m)


def _two_curve_test(alternative, null, margin):
    """(alternative, null, margin) of a test of two curves, checked, with the defaults a margin changes:
    without one "two-sided" and "first" (pROC's), with one "greater" (non-inferiority is one-sided)
    and "both" (the first curve's V0 = 2·V1 − 2·C12 is the variance at a difference of 0, not at the
    margin's −δ_NI)."""
    if margin is None:
        alternative = _alternative("two-sided" if alternative is None else alternative)
        return alternative, v.choice("null", "first" if null is None else null, NULL_VARIANCES), None
    margin = v.real("margin", margin, scalar=True)
    if not 0 <= margin < 1:
        raise v.fail("margin", "in [0, 1)", margin)
    alternative = _alternative("greater" if alternative is None else alternative)
    if alternative != "greater":
        raise v.ParameterError("alternative", "'greater' or left out with a {margin} (non-inferiority is one-sided: "
                               "H1: difference > −margin)", v.show(alternative), others=("margin",))
    null = v.choice("null", "both" if null is None else null, NULL_VARIANCES)
    if null != "both":
        raise v.ParameterError("null", "'both' or left out with a {margin} (the first curve's V0 = 2·V1 − 2·C12 is "
                               "the variance at a difference of 0, not at −margin)", v.show(null), others=("margin",))
    return alternative, null, margin


def _two_curve_effect(difference: float, alternative: str, margin) -> float:
    """Δ + δ_NI, on the side the alternative tests (an error naming `margin` or `alternative` if not)."""
    if margin is None:
        _side_of(difference, alternative, f"a difference of {difference:.6g}")
        return difference
    if not difference + margin > 0:
        raise v.fail("margin", f"above −difference = {0.0 - difference:.6g} (the difference to detect must lie in "
                     "H1: difference > −margin)", margin)
    return difference + margin


def power_test_data(labels, scores, scores_b=None, *, ncases=None, ncontrols=None, kappa=None, sig_level=0.05,
                    power=None, method=None, alternative=None, null=None, pos_label=None, specificity=None, data=None,
                    nan_policy="raise", auc0=None, margin=None) -> PowerAnalysis:
    """Power or sample size with the AUC (or two AUCs) of real scores (pROC's ``power.roc.test(roc1, roc2)``).

    One score column: the test of its AUC against `auc0` (½ by default) with
    :func:`power_test`, at the observed AUC and class sizes (an AUC below ½ warns, as
    :func:`aucbound.auc` does). Two score columns on the same cases: the test of A_a = A_b
    (Obuchowski & McClish 1997, Eq. 2) with
    the variances and covariance from the data by `method`, ``"delong"`` (the default) or
    ``"obuchowski"`` (a binormal fit of each curve and the correlations of the scores).
    With ``method="obuchowski"``, `specificity` = (lo, hi) compares the partial areas over
    that range of specificity (pROC's ``partial.auc``, not corrected) instead of the AUCs,
    with the partial-area derivatives of the fitted curves over false-positive rates
    (1 − hi, 1 − lo); there are no distribution-free rows then. `null` says how the variance
    under the null is estimated: ``"first"`` (Obuchowski & McClish's V0 = 2·V1 − 2·C12, as
    pROC: `scores` is the null's reference, and swapping the two columns changes the answer)
    or ``"both"`` (V0 = V1 + V2 − 2·C12, the same in either order). `margin` = δ_NI ≥ 0 makes
    it a test of non-inferiority of `scores` to `scores_b`, H0: A_a − A_b ≤ −δ_NI against
    H1: A_a − A_b > −δ_NI (one-sided; `alternative` ``"greater"`` and `null` ``"both"`` are
    then the defaults and the only choices). `alternative` is ``"two-sided"`` by default, or
    ``"one-sided"``, ``"greater"``, ``"less"`` as for :func:`power_test`.

    By default the power is solved at the data's sizes. With `power`, the sizes are solved
    for (at `kappa`, by default the data's ratio), unless `sig_level` is None (solved at
    the data's sizes) or `ncases`/`ncontrols` set the design (then `sig_level` is solved
    if None, else an error). `ncases` or `ncontrols` without `power` give the power at
    that design. `data` and `nan_policy` as for :func:`aucbound.auc`.

    >>> k = np.arange(60)
    >>> labels, a = k % 2, k % 2 + np.sin(k)
    >>> b = labels / 2 + np.sin(k) / 2 + np.cos(3 * k) / 2
    >>> round(power_test_data(labels, b).power, 6)
    0.818773
    >>> result = power_test_data(labels, a, b, power=0.8)
    >>> round(result.difference, 6), round(result.ncases, 4), result.solved
    (0.131111, 12.9408, 'ncases')
    >>> round(power_test_data(labels, a, b, power=0.8, method="obuchowski").ncases, 4)
    39.9548
    >>> [round(power_test_data(labels, *pair, null="both").power, 6) for pair in ((a, b), (b, a))]
    [0.743477, 0.743477]
    """
    sig_level = _optional(v.probability, "sig_level", sig_level)
    power = _optional(v.probability, "power", power)
    unknown_sizes = power is not None and sig_level is not None and ncases is None and ncontrols is None
    labels, scores, scores_b = columns(("labels", labels), ("scores", scores), ("scores_b", scores_b), data=data,
                                       nan_policy=nan_policy)
    if scores_b is None:
        alternative = _alternative("two-sided" if alternative is None else alternative)
        if null is not None:
            v.choice("null", null, NULL_VARIANCES)
        if method not in (None, "obuchowski"):
            raise v.fail("method", "None or 'obuchowski' for one score column (Obuchowski et al.'s formula)", method)
        if specificity is not None:
            raise v.fail("specificity", "None for one score column (partial areas are compared for two)", specificity)
        if margin is not None:
            raise v.fail("margin", "None for one score column (non-inferiority to θ_ref within a margin is "
                         "{auc0} = θ_ref − margin with {alternative} 'greater')", margin, others=("auc0", "alternative"))
        auc0 = _null_auc(auc0)
        pos, neg = groups(labels, scores, pos_label)
        m, n = pos.shape[0], neg.shape[0]
        auc = _auc(pos, neg)
        if not 0 < auc < 1:
            raise v.ParameterError("scores", "an AUC in (0, 1) (the scores must not separate the classes perfectly)",
                                   f"an AUC of {auc:.6g}", verb="have")
        if auc == auc0:
            raise v.ParameterError("scores", "an AUC other than {auc0} (there is no difference to detect)",
                                   f"an AUC of {auc:.6g}", others=("auc0",), verb="have")
        _side_of(auc - auc0, alternative, f"an AUC of {auc:.6g} against {{auc0}} = {auc0:.6g}", others=("auc0",))
        warn_below_chance(auc, pos_label)
        ncases, ncontrols, kappa = _data_sizes(unknown_sizes, ncases, ncontrols, kappa, m, n)
        return power_test(auc, ncases=ncases, ncontrols=ncontrols, kappa=kappa if ncases is None else None,
                          sig_level=sig_level, power=power, alternative=alternative, auc0=auc0)
    if auc0 is not None:
        raise v.fail("auc0", "None for two score columns (their test is of the difference: a {margin} makes it one of "
                     "non-inferiority)", auc0, others=("margin",))
    alternative, null, margin = _two_curve_test(alternative, null, margin)
    method = v.choice("method", "delong" if method is None else method, POWER_METHODS)
    fpr = _specificity_range(specificity, method)
    a, b, mask, m, n, first, second = paired(labels, scores, scores_b, pos_label, names=("scores", "scores_b"),
                                             purpose="for the power of a paired comparison")
    areas = (first.auc, second.auc)
    if fpr is not None:
        areas = tuple(partial_auc(mask, x, range=(1 - fpr[1], 1 - fpr[0]), resamples=None).auc for x in (a, b))
    difference = areas[0] - areas[1]
    if difference == 0 and margin is None:
        raise v.ParameterError("scores_b", "an AUC other than that of {scores} (there is no difference to detect)",
                               f"{areas[1]:.6g} for both", others=("scores",), verb="have")
    if method == "delong":  # m times Var(Âa), Var(Âb) and Cov(Âa, Âb) = (Var Âa + Var Âb − Var D̂)/2, as compare()
        var_a, var_b, var_difference = paired_variances(first, second, m, n)
        v1, v2, covariance = m * var_a, m * var_b, m * (var_a + var_b - var_difference) / 2
        source = DELONG_SOURCE
    else:
        r_cases = _correlation(a[mask], b[mask], "positives")
        r_controls = _correlation(a[~mask], b[~mask], "negatives")
        fits = [_binormal_fit(name, x[mask], x[~mask]) for name, x in (("scores", a), ("scores_b", b))]
        v1, v2, covariance = _binormal_moments(fits, fpr, r_controls, r_cases, n / m)
        source = FIT_SOURCE
    design = _data_sizes(unknown_sizes, ncases, ncontrols, kappa, m, n)
    return _two_curves(*areas, difference, v1, v2, covariance, design, sig_level=sig_level, power=power,
                       alternative=alternative, method=method, source=source, distribution_free=fpr is None,
                       null=null, names=("scores", "scores_b"), margin=margin)


def _pair(parameter: str, value, what: str) -> tuple[float, float]:
    """The two ends of a range in [0, 1], as given."""
    try:
        first, second = value
    except (TypeError, ValueError):
        raise v.ParameterTypeError(parameter, what, v.show(value)) from None
    return v.unit_interval(parameter, first, scalar=True), v.unit_interval(parameter, second, scalar=True)


def _specificity_range(specificity, method):
    """The false-positive rates (1 − hi, 1 − lo) of a specificity range (lo, hi) in either
    order, or None for the full AUC."""
    if specificity is None:
        return None
    if method != "obuchowski":
        raise v.fail("specificity", "None unless method is 'obuchowski' (partial areas have no DeLong variance here)",
                     specificity)
    lo, hi = sorted(_pair("specificity", specificity, "a pair (lo, hi) of specificities"))
    if lo == hi:
        raise v.ParameterError("specificity", "a range lo < hi in [0, 1]", f"({lo:g}, {hi:g})")
    return None if (lo, hi) == (0.0, 1.0) else (1 - hi, 1 - lo)


def _two_curves(auc1, auc2, difference, v1, v2, covariance, design, *, sig_level, power, alternative, method, source,
                distribution_free, null, names, margin):
    """Eq. 2 for Δ + δ_NI (δ_NI = `margin`, 0 if None) with VA = V1 + V2 − 2·C12 and V0 = 2·V1 − 2·C12
    (`null` "first") or VA (`null` "both"), solved for the sizes when `design` has none; an error naming
    the first of `names` (the curves' parameters) unless both variances are positive."""
    effect = _two_curve_effect(difference, alternative, margin)
    ncases, ncontrols, kappa = design
    va = v1 + v2 - 2 * covariance
    v0 = 2 * v1 - 2 * covariance if null == "first" else va
    if not (va > 0 and math.isfinite(va)):
        raise v.ParameterError(names[1], f"differ from {{{names[0]}}} in more than a constant shift (the variance of "
                               "the difference, V1 + V2 − 2·C12, must be positive)", f"VA = {va:.6g}",
                               others=(names[0],), verb="")
    if not (v0 > 0 and math.isfinite(v0)):
        raise v.ParameterError(names[0], "vary more than it covaries with the other curve when it is the null's "
                               "reference (Obuchowski & McClish's V0 = 2·V1 − 2·C12 must be positive; pROC gives NaN "
                               "here): give the curves in the other order, or set {null} to 'both' for "
                               "V0 = V1 + V2 − 2·C12, the same in either order",
                               f"V0 = {v0:.6g} (V1 = {v1:.6g}, C12 = {covariance:.6g})", others=("null",), verb="")
    unknown = _unknown({"ncases": ncases, "sig_level": sig_level, "power": power})
    ratio = _ratio(ncases, ncontrols, kappa)
    ncases, sig_level, power = _solve(unknown, effect=effect, ncases=ncases, sig_level=sig_level, power=power,
                                      v0=v0, va=va, alternative=alternative)
    if unknown == "ncases":
        ncontrols = _float("kappa", kappa * ncases, kappa, "ncontrols = kappa·ncases")
    return _result(unknown, effect_fields=dict(auc=None, auc1=auc1, auc2=auc2, difference=difference, null=null,
                                               margin=margin),
                   ncases=ncases, ncontrols=ncontrols, kappa=kappa, sig_level=sig_level, power=power,
                   alternative=alternative, method=method, v0=v0, va=va, source=source, two_curves=True, ratio=ratio,
                   distribution_free=distribution_free)


# --- binormal parameters -----------------------------------------------------------------------


def _full_derivatives(a: float, b: float) -> tuple[float, float]:
    """(f, g) = (∂θ/∂a, ∂θ/∂b) of θ = Φ(a/√(1 + b²)) (Obuchowski & McClish 1997, Table 1)."""
    s2 = 1 + b * b
    f = math.exp(-a * a / (2 * s2)) / math.sqrt(2 * math.pi * s2)
    return f, -f * a * b / s2


def _partial_derivatives(a: float, b: float, e1: float, e2: float) -> tuple[float, float]:
    """(f, g) of the partial area ∫_{e1}^{e2} Φ(a + b·Φ⁻¹(x)) dx over false-positive rates (e1, e2).

    With x = Φ(v) the area is ∫ Φ(a + bv)φ(v) dv over v from Φ⁻¹(e1) to Φ⁻¹(e2), and
    φ(a + bv)φ(v) = exp(−a²/(2s²))·φ(w)/√(2π) with s² = 1 + b², w = s·(v + ab/s²), so
    f = e·[Φ(w2) − Φ(w1)]/√(2πs²) and g = e·[φ(w1) − φ(w2)]/(√(2π)s²) − f·ab/s², e = exp(−a²/(2s²)).
    """
    s2 = 1 + b * b
    s = math.sqrt(s2)

    def w(e):
        if e <= 0:
            return -math.inf
        if e >= 1:
            return math.inf
        return (_normal.quantile(e) + a * b / s2) * s

    w1, w2 = w(e1), w(e2)
    scale = math.exp(-a * a / (2 * s2))
    mass = _normal.cdf(w2) - _normal.cdf(w1)
    f = scale * mass / math.sqrt(2 * math.pi * s2)
    density = sum(sign * math.exp(-w * w / 2) for sign, w in ((1, w1), (-1, w2)) if math.isfinite(w))
    g = scale * density / (2 * math.pi * s2) - f * a * b / s2
    return f, g


def _binormal_variance(a, b, kappa, derivatives) -> float:
    """Obuchowski & McClish 1997, Eq. 4: f²·(1 + b²/κ + a²/2) + g²·b²·(1 + κ)/(2κ)."""
    f, g = derivatives
    return f * f * (1 + b * b / kappa + a * a / 2) + g * g * b * b * (1 + kappa) / (2 * kappa)


def _binormal_covariance(params, derivatives, rn, ra, kappa) -> float:
    """Obuchowski & McClish 1997, Eq. 5."""
    (a1, b1), (a2, b2) = params
    (f1, g1), (f2, g2) = derivatives
    return (f1 * f2 * (ra + rn * b1 * b2 / kappa + ra * ra * a1 * a2 / 2)
            + g1 * g2 * (b1 * b2 * (rn * rn + kappa * ra * ra) / (2 * kappa))
            + f1 * g2 * (ra * ra * a1 * b2 / 2) + f2 * g1 * (ra * ra * a2 * b1 / 2))


def _binormal_moments(params, fpr, rn, ra, kappa) -> tuple[float, float, float]:
    """(V1, V2, C12) of Eq. 4 and 5 for the curves `params` = [(a1, b1), (a2, b2)]: their full
    AUCs, or their partial areas over the false-positive rates `fpr`."""
    derivatives = [_full_derivatives(a, b) if fpr is None else _partial_derivatives(a, b, *fpr) for a, b in params]
    v1, v2 = (_binormal_variance(a, b, kappa, d) for (a, b), d in zip(params, derivatives))
    return v1, v2, _binormal_covariance(params, derivatives, rn, ra, kappa)


def _binormal_area(a: float, b: float, fpr) -> float:
    """The full AUC Φ(a/√(1 + b²)), or the partial area over `fpr` by quadrature."""
    if fpr is None:
        return _normal.cdf(a / math.sqrt(1 + b * b))
    from scipy.integrate import quad

    lo = -math.inf if fpr[0] <= 0 else _normal.quantile(fpr[0])
    hi = math.inf if fpr[1] >= 1 else _normal.quantile(fpr[1])
    return quad(lambda t: _normal.cdf(a + b * t) * math.exp(-t * t / 2) / math.sqrt(2 * math.pi), lo, hi,
                epsabs=1e-14, epsrel=1e-12)[0]


def _curve(index: int, a, b, auc, fpr):
    """(a, b) of curve `index` from `a` or from its full `auc` (a = Φ⁻¹(auc)·√(1 + b²))."""
    b = v.positive(f"b{index}", b, scalar=True)
    if (a is None) == (auc is None):
        raise v.ParameterError(f"a{index}", f"given, or else {{auc{index}}} (exactly one of the two)",
                               "both" if a is not None else "neither", others=(f"auc{index}",))
    if a is not None:
        a = v.real(f"a{index}", a, scalar=True)
        if not math.isfinite(a):
            raise v.fail(f"a{index}", "a finite number", a)
        return a, b
    if fpr is not None:
        raise v.ParameterError(f"auc{index}", f"left out for a partial area (give {{a{index}}})", v.show(auc),
                               others=(f"a{index}",), verb="be")
    auc = v.probability(f"auc{index}", auc, scalar=True)
    return _normal.quantile(auc) * math.sqrt(1 + b * b), b


def _fpr_range(fpr):
    if fpr is None:
        return None
    e1, e2 = _pair("fpr", fpr, "a pair (e1, e2) of false-positive rates")
    if not e1 < e2:
        raise v.ParameterError("fpr", "a pair e1 < e2 in [0, 1]", f"({e1:g}, {e2:g})")
    return None if (e1, e2) == (0.0, 1.0) else (e1, e2)


def _correlation_parameter(parameter, value):
    value = v.real(parameter, value, scalar=True)
    if not -1 <= value <= 1:
        raise v.fail(parameter, "in [-1, 1]", value)
    return value


def power_test_binormal(a1=None, b1=1.0, a2=None, b2=1.0, *, rn, ra, auc1=None, auc2=None, difference=None, fpr=None,
                        ncases=None, ncontrols=None, kappa=None, sig_level=0.05, power=None,
                        alternative=None, null=None, delta=None, margin=None) -> PowerAnalysis:
    """Power or sample size to tell two correlated binormal ROC curves apart (Obuchowski & McClish 1997, Eq. 2, 4, 5).

    Curve k is binormal with parameters a_k = (μ_cases − μ_controls)/σ_cases and
    b_k = σ_controls/σ_cases > 0 (its AUC is Φ(a_k/√(1 + b_k²))); give a_k, or the full
    AUC `auc1`/`auc2` with b_k (1 by default). `rn` and `ra` are the correlations of the two
    scores among the controls and among the cases. `fpr` = (e1, e2) compares the partial
    areas over false-positive rates (e1, e2) instead of the full AUCs (the same range for
    both curves). `difference` is the difference θ1 − θ2 to detect; by default that of the
    two curves. Leave out exactly one of the sizes (`ncases`, `ncontrols`, `kappa` as in
    :func:`power_test`; κ = 1 by default), `sig_level` (None) and `power`. `null`,
    `alternative` and `margin` as for :func:`power_test_data` (``"first"``: curve 1 is the
    null's reference; a `margin` δ_NI tests non-inferiority of curve 1 to curve 2,
    H1: θ1 − θ2 > −δ_NI, where a `difference` of 0 is the usual planning value). There is no
    `auc0`: the null of two curves is about their difference. Distribution-free rows are
    given for full AUCs only (a partial area's estimate is no U-statistic).

    `delta` is the former name of `difference` and will be removed: everywhere else in
    aucbound δ is a failure probability (``delta=0.05`` here meant a difference of 0.05, not a
    level), so it now warns.

    >>> result = power_test_binormal(2.6, 1, 1.9, 1, rn=0.6, ra=0.6, fpr=(0, 0.2), difference=0.037, power=0.8)
    >>> round(result.ncases, 4), result.distribution_free
    (107.0238, ())
    >>> round(power_test_binormal(auc1=0.85, auc2=0.75, rn=0.5, ra=0.5, ncases=100).power, 6)
    0.802803
    """
    if delta is not None:
        import warnings

        if difference is not None:
            raise v.ParameterError("delta", "left out when {difference} is given (it is that parameter's former "
                                   "name)", v.show(delta), others=("difference",))
        warnings.warn("`delta` of power_test_binormal is the AUC difference to detect, not a failure probability: "
                      "it is now called `difference`; `delta` will be removed", DeprecationWarning, stacklevel=2)
        difference = delta
    alternative, null, margin = _two_curve_test(alternative, null, margin)
    fpr = _fpr_range(fpr)
    a1, b1 = _curve(1, a1, b1, auc1, fpr)
    a2, b2 = _curve(2, a2, b2, auc2, fpr)
    rn = _correlation_parameter("rn", rn)
    ra = _correlation_parameter("ra", ra)
    sig_level = _optional(v.probability, "sig_level", sig_level)
    power = _optional(v.probability, "power", power)
    design = _sizes(ncases, ncontrols, kappa, 1.0)
    kappa = design[2]
    theta1, theta2 = _binormal_area(a1, b1, fpr), _binormal_area(a2, b2, fpr)
    if difference is None:
        difference = theta1 - theta2
        if difference == 0 and margin is None:
            raise v.ParameterError("difference", "given when the two curves have the same area", "None")
    else:
        difference = v.real("difference", difference, scalar=True)
        if not (math.isfinite(difference) and abs(difference) <= 1 and (difference != 0 or margin is not None)):
            raise v.fail("difference", "a number in [-1, 1], other than 0 unless a {margin} is given", difference,
                         others=("margin",))
    v1, v2, covariance = _binormal_moments([(a1, b1), (a2, b2)], fpr, rn, ra, kappa)
    return _two_curves(theta1, theta2, difference, v1, v2, covariance, design, sig_level=sig_level, power=power,
                       alternative=alternative, method="obuchowski", source=BINORMAL_SOURCE,
                       distribution_free=fpr is None, null=null, names=("a1", "a2"), margin=margin)
