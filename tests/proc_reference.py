"""R's pROC (Robin et al. 2011, BMC Bioinformatics 12:77): the values the tests compare with,
each beside the R call that prints it.

A value is recorded as ``proc(session, call, value)``, which returns `value` unchanged (a
number or a tuple of numbers) and remembers where it came from: `call` is an R expression
whose numbers, in order, are `value`, evaluated after the R code of ``SESSIONS[session]``
with the repository's top folder as the working directory. ``digits`` is how many
significant digits R printed (a value R rounded is compared to that many); a value of None
stands for R's NA or NaN.

``python bench/proc_reference.py`` runs every call in R (``Rscript``, with pROC from
Debian's ``r-cran-proc``) and reports each number's agreement with the one kept here; the
tests themselves need no R. Values were produced with pROC 1.18.0 on R 4.2.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

#: The R code each call runs after: the data read and the curves built.
SESSIONS = {
    # the 113 patients of pROC's aSAH data (tests/data/asah_markers.csv); cases: outcome "Poor"
    "asah": """
        library(pROC)
        d <- read.csv("tests/data/asah_markers.csv")
        r.wfns  <- roc(d$outcome, d$wfns,  levels = c("Good", "Poor"), direction = "<", quiet = TRUE)
        r.s100b <- roc(d$outcome, d$s100b, levels = c("Good", "Poor"), direction = "<", quiet = TRUE)
        r.ndka  <- roc(d$outcome, d$ndka,  levels = c("Good", "Poor"), direction = "<", quiet = TRUE)
    """,
    # the rows of tests/data/asah_missing.csv with s100b and outcome present (roc() drops the NAs)
    "asah_missing": """
        library(pROC)
        m <- read.csv("tests/data/asah_missing.csv", na.strings = c("", "NA", "NaN"))
        r.m <- roc(m$outcome, m$s100b, levels = c("Good", "Poor"), direction = "<", quiet = TRUE)
    """,
    # tests/data/power_order.csv: 30 cases (y = 1 for the 12 positives), `a` a coarse rounding of `b`
    "power_order": """
        library(pROC)
        d <- read.csv("tests/data/power_order.csv")
        r.a <- roc(d$y, d$a, levels = c(0, 1), direction = "<", quiet = TRUE)
        r.b <- roc(d$y, d$b, levels = c(0, 1), direction = "<", quiet = TRUE)
    """,
}


@dataclass(frozen=True)
class Call:
    """One recorded value: the session it runs in, the R expression, the value and its digits."""

    session: str
    call: str
    value: object
    digits: int


#: Every value recorded in this module, in order.
CALLS: list[Call] = []


def proc(session: str, call: str, value, *, digits: int = 15):
    """`value`, recorded as what R prints for `call` in `session` (to `digits` significant digits)."""
    if session not in SESSIONS:
        raise KeyError(session)
    CALLS.append(Call(session, " ".join(call.split()), value, digits))
    return value


# --- pROC's values on the aSAH data (tests/data/asah_markers.csv; cases: outcome == "Poor") ------
# Values marked "pROC's tests" are also asserted by pROC's own test suite (tests/testthat of pROC
# 1.19: test-auc.R, test-var.R, test-ci.auc.R, test-roc.test.R, test-power.roc.test.R and the
# expected curves of helper-roc-expected.R), on pROC's data(aSAH), whose columns these are.

#: auc(r.<marker>), ties counted one half (pROC's tests)
PROC_AUC = {name: proc("asah", f"auc(r.{name})", value, digits=16)
            for name, value in (("s100b", 0.7313685636856369), ("wfns", 0.8236788617886179),
                                ("ndka", 0.6119579945799458))}
#: var(r.<marker>), DeLong's (pROC's tests)
PROC_VARIANCE = {name: proc("asah", f"var(r.{name})", value)
                 for name, value in (("s100b", 0.00266868245717244), ("wfns", 0.00146991470882363),
                                     ("ndka", 0.0031908105493913))}
#: ci.auc(r.<marker>), DeLong's 95% interval (pROC's tests; s100b and wfns as they round them, to 6 decimals)
PROC_DELONG_CI = {
    "s100b": proc("asah", "round(as.numeric(ci.auc(r.s100b))[c(1, 3)], 6)", (0.630118, 0.832619), digits=6),
    "wfns": proc("asah", "round(as.numeric(ci.auc(r.wfns))[c(1, 3)], 6)", (0.748535, 0.898823), digits=6),
    "ndka": proc("asah", "as.numeric(ci.auc(r.ndka))[c(1, 3)]", (0.501244999271703, 0.722670989888189)),
}
#: roc.test(r.a, r.b) (DeLong's paired test): z, p, and the 95% interval of AUC a − AUC b (wfns–s100b: pROC's
#: tests); for wfns–ndka only z is kept
PROC_PAIRED = {
    ("wfns", "s100b"): proc("asah", "with(roc.test(r.wfns, r.s100b), c(statistic, p.value, conf.int))",
                            (2.20898359144091, 0.0271757822291882, 0.0104061769564846, 0.174214419249478)),
    ("s100b", "ndka"): proc("asah", "with(roc.test(r.s100b, r.ndka), c(statistic, p.value, conf.int))",
                            (1.39077002574, 0.164295175223, -0.0488706064228, 0.287691744634), digits=12),
    ("wfns", "ndka"): (proc("asah", "roc.test(r.wfns, r.ndka)$statistic", 2.79777591869, digits=12), None, None, None),
}
#: cov(r.s100b, r.ndka), DeLong's covariance of the two AUCs
PROC_COVARIANCE = {("s100b", "ndka"): proc("asah", "cov(r.s100b, r.ndka)", -0.000756164938057, digits=12)}
#: coords(r.wfns, <specificity>, input = "specificity", ret = "sensitivity")
PROC_WFNS_SENSITIVITY = {sp: proc("asah", f'coords(r.wfns, {sp}, input = "specificity", ret = "sensitivity")', value)
                         for sp, value in ((0.9, 0.517073170731707), (0.8, 0.653658536585366))}
#: coords(r.ndka, 0.9, input = "sensitivity", ret = "specificity")
PROC_NDKA_SPECIFICITY = {0.9: proc("asah", 'coords(r.ndka, 0.9, input = "sensitivity", ret = "specificity")',
                                   0.166666666666667)}
#: Youden's index: threshold, specificity, sensitivity (pROC's tests: the threshold)
PROC_S100B_BEST = proc("asah", 'coords(r.s100b, "best", ret = c("threshold", "specificity", "sensitivity"))',
                       (0.205, 0.805555555555556, 0.634146341463415))

#: auc(r.<marker>, partial.auc = c(a, b), partial.auc.focus, partial.auc.correct) (pROC's tests, test-auc.R):
#: (marker, a, b, focus, correct, value)
PROC_PARTIAL = [
    (marker, a, b, focus, correct,
     proc("asah", f'auc(r.{marker}, partial.auc = c({a}, {b}), partial.auc.focus = "{focus}", '
                  f'partial.auc.correct = {str(correct).upper()})', value))
    for marker, a, b, focus, correct, value in [
        ("wfns", 1.0, 0.9, "specificity", False, 0.0334417344173442),
        ("wfns", 0.9, 1.0, "specificity", False, 0.0334417344173442),
        ("wfns", 0.9, 0.8, "specificity", False, 0.0598373983739837),
        ("wfns", 0.5, 0.0, "specificity", False, 0.488134475939354),
        ("ndka", 1.0, 0.9, "specificity", False, 0.0107046070460705),
        ("ndka", 0.9, 0.8, "specificity", False, 0.0277777777777778),
        ("ndka", 0.5, 0.0, "specificity", False, 0.416836043360434),
        ("wfns", 1.0, 0.0, "specificity", False, 0.823678861788618),
        ("ndka", 1.0, 0.0, "specificity", False, 0.611957994579946),
        ("wfns", 1.0, 0.9, "sensitivity", False, 0.0400999322493225),
        ("wfns", 0.9, 0.8, "sensitivity", False, 0.0609953703703703),
        ("wfns", 0.5, 0.0, "sensitivity", False, 0.483358739837398),
        ("ndka", 1.0, 0.9, "sensitivity", False, 0.0037940379403794),
        ("ndka", 0.9, 0.8, "sensitivity", False, 0.0242547425474255),
        ("ndka", 0.5, 0.0, "sensitivity", False, 0.428523035230352),
        ("wfns", 1.0, 0.0, "sensitivity", False, 0.823678861788618),
        ("wfns", 1.0, 0.9, "specificity", True, 0.649693339038653),
        ("wfns", 0.9, 0.8, "specificity", True, 0.763749402199904),
        ("wfns", 0.5, 0.0, "specificity", True, 0.952537903757416),
        ("ndka", 1.0, 0.9, "specificity", True, 0.530024247610897),
        ("ndka", 0.9, 0.8, "specificity", True, 0.575163398692811),
        ("ndka", 0.5, 0.0, "specificity", True, 0.667344173441734),
        ("wfns", 1.0, 0.0, "specificity", True, 0.823678861788618),
        ("wfns", 1.0, 0.9, "sensitivity", True, 0.68473648552275),
        ("wfns", 0.9, 0.8, "sensitivity", True, 0.770561002178649),
        ("wfns", 0.5, 0.0, "sensitivity", True, 0.933434959349593),
        ("ndka", 0.9, 0.8, "sensitivity", True, 0.554439662043679),
        ("ndka", 0.5, 0.0, "sensitivity", True, 0.714092140921409),
        ("ndka", 1.0, 0.0, "sensitivity", True, 0.611957994579946),
    ]
]


def _s100b_coords() -> tuple:
    """tests/data/proc_s100b_coords.csv (pROC's tests: the expected s100b curve, every float in hexadecimal),
    column by column as R's unlist() of the data frame lists them."""
    with (Path(__file__).parent / "data" / "proc_s100b_coords.csv").open(newline="") as stream:
        rows = list(csv.DictReader(stream))
    columns = ("threshold", "specificity", "sensitivity", "tp", "fp")
    return tuple(float.fromhex(row[name]) if name not in ("tp", "fp") else int(row[name])
                 for name in columns for row in rows)


#: coords(r.s100b, "all") with the five columns tests/data/proc_s100b_coords.csv keeps (51 points, 255 numbers)
PROC_S100B_COORDS = proc("asah", 'coords(r.s100b, "all", ret = c("threshold", "specificity", "sensitivity", "tp", '
                                  '"fp"), transpose = FALSE)', _s100b_coords(), digits=17)

# power.roc.test (Obuchowski et al. 2004, Eq. 2–3 for one curve; Obuchowski & McClish 1997 for two).
# pROC's tests (test-power.roc.test.R) assert these to the 7 digits R prints; they are kept here to 12.
#: power.roc.test(auc = 0.73, ncases = 41, ncontrols = 72)$power
PROC_POWER_41_72 = proc("asah", "power.roc.test(auc = 0.73, ncases = 41, ncontrols = 72)$power", 0.989745343551,
                        digits=12)
#: the level at which 41 + 72 reach power 0.95 at AUC 0.73
PROC_SIG_LEVEL_41_72 = proc("asah", "power.roc.test(auc = 0.73, ncases = 41, ncontrols = 72, power = 0.95, "
                                    "sig.level = NULL)$sig.level", 0.0092385836339, digits=11)
#: the AUC 41 + 72 detect with power 0.95 (R's uniroot stops within 1.2e-4 of the root)
PROC_AUC_41_72 = proc("asah", "power.roc.test(ncases = 41, ncontrols = 72, power = 0.95)$auc", 0.696105439222,
                      digits=12)
#: power.roc.test(auc = 0.73, power = <power>, kappa = 1.7): (ncases, ncontrols)
PROC_SIZES_KAPPA_1_7 = {
    power: proc("asah", f"with(power.roc.test(auc = 0.73, power = {power}, kappa = 1.7), c(ncases, ncontrols))",
                value, digits=12)
    for power, value in ((0.9, (24.1226704476, 41.0085397609)), (0.95, (29.6701956187, 50.4393325519)))
}
#: power.roc.test(auc = auc(r.s100b), power = 0.95, kappa = 1.7): (ncases, ncontrols)
PROC_S100B_SIZES_KAPPA_1_7 = proc("asah", "with(power.roc.test(auc = as.numeric(auc(r.s100b)), power = 0.95, "
                                          "kappa = 1.7), c(ncases, ncontrols))", (29.29764, 49.806), digits=7)
#: power.roc.test(r.s100b)$power, at the data's 41 + 72
PROC_S100B_POWER = proc("asah", "power.roc.test(r.s100b)$power", 0.9904833, digits=7)
#: power.roc.test(r.s100b, power = 0.9): (ncases, ncontrols) at the data's ratio
PROC_S100B_SIZES_0_9 = proc("asah", "with(power.roc.test(r.s100b, power = 0.9), c(ncases, ncontrols))",
                            (23.5598673953, 41.3734256698), digits=12)
#: power.roc.test(r.s100b, power = 0.9, kappa = 1)$ncases
PROC_S100B_CASES_KAPPA_1 = proc("asah", "power.roc.test(r.s100b, power = 0.9, kappa = 1)$ncases", 29.5697422,
                                digits=9)
#: power.roc.test(r.s100b, r.ndka, power = 0.9): (ncases, ncontrols), DeLong's variances
PROC_S100B_NDKA_SIZES = proc("asah", "with(power.roc.test(r.s100b, r.ndka, power = 0.9), c(ncases, ncontrols))",
                             (213.117677, 374.255432), digits=9)
#: power.roc.test(r.ndka, r.wfns)$power (DeLong's variances; the first curve is the null's reference)
PROC_NDKA_WFNS_POWER = proc("asah", "power.roc.test(r.ndka, r.wfns)$power", 0.7131593987, digits=10)
#: power.roc.test(r.ndka, r.wfns, power = 0.9, method = "obuchowski"): (ncases, ncontrols)
PROC_NDKA_WFNS_SIZES = proc("asah", 'with(power.roc.test(r.ndka, r.wfns, power = 0.9, method = "obuchowski"), '
                                    'c(ncases, ncontrols))', (53.2368536058, 93.4891087712), digits=12)
#: ndka against wfns by method: (power at 41 + 72, ncases and ncontrols for power 0.9, the level for power 0.9)
PROC_NDKA_WFNS = {
    method: proc("asah", f'c(power.roc.test(r.ndka, r.wfns, method = "{method}")$power, '
                         f'with(power.roc.test(r.ndka, r.wfns, power = 0.9, method = "{method}"), c(ncases, ncontrols)), '
                         f'power.roc.test(r.ndka, r.wfns, power = 0.9, sig.level = NULL, method = "{method}")$sig.level)',
                 value, digits=7)
    for method, value in (("delong", (0.7131594, 64.77777, 113.7561, 0.1836639)),
                          ("obuchowski", (0.8061004, 53.23685, 93.48911, 0.1150686)))
}
#: partial areas over specificity 1–0.9 of wfns and ndka, method "obuchowski", power 0.9: (ncases, ncontrols)
PROC_PARTIAL_SIZES = proc("asah", 'with(power.roc.test(roc(d$outcome, d$wfns, levels = c("Good", "Poor"), '
                                  'direction = "<", partial.auc = c(1, 0.9), quiet = TRUE), roc(d$outcome, d$ndka, '
                                  'levels = c("Good", "Poor"), direction = "<", partial.auc = c(1, 0.9), quiet = TRUE), '
                                  'power = 0.9, method = "obuchowski"), c(ncases, ncontrols))',
                          (0.5061498, 0.8888484), digits=7)
#: pROC's example of Obuchowski & McClish 1997 (binormal curves, partial areas over FPR 0–0.2, Δ = 0.037):
#: (ncases for power 0.8, the level at 107 cases, the power at 107 cases)
PROC_BINORMAL_EXAMPLE = proc(
    "asah", "local({ p <- list(A1 = 2.6, B1 = 1, A2 = 1.9, B2 = 1, rn = 0.6, ra = 0.6, FPR11 = 0, FPR12 = 0.2, "
            "FPR21 = 0, FPR22 = 0.2, delta = 0.037); c(power.roc.test(p, power = 0.8)$ncases, "
            "power.roc.test(p, power = 0.8, sig.level = NULL, ncases = 107)$sig.level, "
            "power.roc.test(p, ncases = 107)$power) })",
    (107.0238, 0.05004012, 0.7999286), digits=7)

#: On the rows of tests/data/asah_missing.csv with s100b and outcome present:
#: (cases, controls, AUC, DeLong's variance, DeLong's 95% interval)
PROC_MISSING_S100B = proc("asah_missing", "c(length(r.m$cases), length(r.m$controls), auc(r.m), var(r.m), "
                                          "as.numeric(ci.auc(r.m))[c(1, 3)])",
                          (11, 14, 0.821428571429, 0.00751294160385, 0.651544329094, 0.991312813763), digits=12)

# Bootstrap intervals, with 20000 stratified resamples so that their own Monte Carlo error
# (about 0.001) is small beside that of a 2000-resample run (0.002–0.006); set.seed(1) right
# before each call, kept to 6 digits:
#: ci.auc(r.s100b, method = "bootstrap"): (lo, hi)
PROC_S100B_BOOTSTRAP = proc("asah", 'local({ set.seed(1); ci.auc(r.s100b, method = "bootstrap", boot.n = 20000, '
                                    'boot.stratified = TRUE)[c(1, 3)] })', (0.625169, 0.826393), digits=6)
#: the same for wfns's partial AUC over specificity 1–0.9, McClish-corrected
PROC_WFNS_PARTIAL_BOOTSTRAP = proc(
    "asah", 'local({ r <- roc(d$outcome, d$wfns, levels = c("Good", "Poor"), direction = "<", partial.auc = c(1, 0.9), '
            'partial.auc.correct = TRUE, quiet = TRUE); set.seed(1); ci.auc(r, method = "bootstrap", boot.n = 20000, '
            'boot.stratified = TRUE)[c(1, 3)] })', (0.56506, 0.758864), digits=6)
#: ci.se(r.wfns, specificities = c(0.9, 0.8), boot.n = 20000): (lo, hi) at each specificity
_WFNS_CI_SE = proc("asah", "local({ set.seed(1); x <- ci.se(r.wfns, specificities = c(0.9, 0.8), boot.n = 20000); "
                           "c(x[1, 1], x[1, 3], x[2, 1], x[2, 3]) })", (0.329608, 0.707317, 0.487805, 0.80878), digits=6)
PROC_WFNS_CI_SE = {0.9: _WFNS_CI_SE[:2], 0.8: _WFNS_CI_SE[2:]}
#: ci.sp(r.ndka, sensitivities = 0.9, conf.level = 0.9, boot.n = 20000): (lo, hi)
PROC_NDKA_CI_SP = {0.9: proc("asah", "local({ set.seed(1); x <- ci.sp(r.ndka, sensitivities = 0.9, conf.level = 0.9, "
                                     "boot.n = 20000); c(x[1, 1], x[1, 3]) })", (0.0138889, 0.347222), digits=6)}


# --- the order of two curves in power.roc.test -------------------------------------------------
# Obuchowski & McClish's null variance V0 = 2·V1 − 2·C12 takes the first curve as the reference.

#: power.roc.test(r.<first>, r.<second>)$power with DeLong's variances
PROC_POWER_ORDER = {
    ("ndka", "wfns"): proc("asah", "power.roc.test(r.ndka, r.wfns)$power", 0.7131593987, digits=10),
    ("wfns", "ndka"): proc("asah", "power.roc.test(r.wfns, r.ndka)$power", 0.8766791825, digits=10),
    ("s100b", "ndka"): proc("asah", "power.roc.test(r.s100b, r.ndka)$power", 0.3090624306, digits=10),
    ("ndka", "s100b"): proc("asah", "power.roc.test(r.ndka, r.s100b)$power", 0.2619268462, digits=10),
    # V0 < 0 with `a` first: pROC gives NaN (warning "In sqrt(v0) : NaNs produced")
    ("a", "b"): proc("power_order", "power.roc.test(r.a, r.b)$power", None),
    ("b", "a"): proc("power_order", "power.roc.test(r.b, r.a)$power", 0.01488909302, digits=10),
}
#: roc.test(r.<first>, r.<second>, method = "delong")$statistic: DeLong's paired z
PROC_PAIRED_Z = {
    ("ndka", "wfns"): proc("asah", 'roc.test(r.ndka, r.wfns, method = "delong")$statistic', -2.79777591869,
                           digits=12),
    ("a", "b"): proc("power_order", 'roc.test(r.a, r.b, method = "delong")$statistic', 0.81843432859, digits=12),
}


# --- the multiclass AUC ------------------------------------------------------------------------
# Hand & Till's M: multiclass.roc with a matrix of class scores (its default direction ">": each
# pair's curve puts class i's cases above class j's in column i), and with the single predictor
# `x` in direction "<" (each later class above the earlier one).

# the sessions: tests/data/multiclass_k3.csv, _k4.csv and _k5.csv (labels `y`, a score column per class, `x`)
SESSIONS.update({
    f"multiclass_k{k}": f"""
        library(pROC)
        d <- read.csv("tests/data/multiclass_k{k}.csv")
    """
    for k in (3, 4, 5)
})

#: multiclass.roc(d$y, <k columns>)$auc and multiclass.roc(d$y, d$x, direction = "<")$auc, per k
PROC_MULTICLASS = {
    k: (proc(f"multiclass_k{k}", f"multiclass.roc(d$y, d[, LETTERS[1:{k}]])$auc", matrix, digits=15),
        proc(f"multiclass_k{k}", f'multiclass.roc(d$y, d$x, direction = "<", quiet = TRUE)$auc', vector, digits=15))
    for k, matrix, vector in (
        (3, 0.807638888888889, 0.743402777777778),
        (4, 0.867486111111111, 0.854458333333333),
        (5, 0.785723934027778, 0.803407423611111),
    )
}


# --- precision–recall: pROC's coords at every threshold --------------------------------------------
# pROC reads the curve at −∞, the midpoints between consecutive distinct scores, and +∞; the point at
# each is scikit-learn's at the distinct score just above it (at −∞, the lowest score), and pROC's last,
# at +∞ (nothing called positive), is scikit-learn's final point: recall 0, precision NaN in pROC
# (0/0) where scikit-learn sets 1.

#: coords(r.<marker>, "all", ret = "precision" | "recall"): one value per pROC threshold, −∞ first
PROC_PR_COORDS = {
    ("wfns", "precision"): proc("asah", 'coords(r.wfns, "all", ret = "precision")$precision', (
        0.36283185840708, 0.527027027027027, 0.642857142857143, 0.684210526315789,
        0.818181818181818, None,
    )),
    ("wfns", "recall"): proc("asah", 'coords(r.wfns, "all", ret = "recall")$recall', (
        1, 0.951219512195122, 0.658536585365854, 0.634146341463415, 0.439024390243902, 0,
    )),
    ("s100b", "precision"): proc("asah", 'coords(r.s100b, "all", ret = "precision")$precision', (
        0.36283185840708, 0.357142857142857, 0.373831775700935, 0.384615384615385,
        0.392156862745098, 0.397849462365591, 0.418604651162791, 0.435897435897436,
        0.463768115942029, 0.484375, 0.476190476190476, 0.482758620689655, 0.509433962264151,
        0.551020408163265, 0.577777777777778, 0.604651162790698, 0.619047619047619, 0.65,
        0.641025641025641, 0.631578947368421, 0.648648648648649, 0.638888888888889,
        0.628571428571429, 0.617647058823529, 0.636363636363636, 0.625, 0.633333333333333,
        0.642857142857143, 0.666666666666667, 0.653846153846154, 0.68, 0.666666666666667,
        0.695652173913043, 0.666666666666667, 0.7, 0.736842105263158, 0.823529411764706,
        0.866666666666667, 0.857142857142857, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, None,
    )),
    ("s100b", "recall"): proc("asah", 'coords(r.s100b, "all", ret = "recall")$recall', (
        1, 0.975609756097561, 0.975609756097561, 0.975609756097561, 0.975609756097561,
        0.902439024390244, 0.878048780487805, 0.829268292682927, 0.780487804878049,
        0.75609756097561, 0.731707317073171, 0.682926829268293, 0.658536585365854,
        0.658536585365854, 0.634146341463415, 0.634146341463415, 0.634146341463415,
        0.634146341463415, 0.609756097560976, 0.585365853658537, 0.585365853658537,
        0.560975609756098, 0.536585365853659, 0.51219512195122, 0.51219512195122, 0.48780487804878,
        0.463414634146341, 0.439024390243902, 0.439024390243902, 0.414634146341463,
        0.414634146341463, 0.390243902439024, 0.390243902439024, 0.341463414634146,
        0.341463414634146, 0.341463414634146, 0.341463414634146, 0.317073170731707,
        0.292682926829268, 0.292682926829268, 0.268292682926829, 0.24390243902439,
        0.219512195121951, 0.195121951219512, 0.146341463414634, 0.121951219512195,
        0.0975609756097561, 0.0731707317073171, 0.0487804878048781, 0.024390243902439, 0,
    )),
}

#: coords(r.<marker>, "all", ret = "threshold") but its first and last (−∞ and +∞): the midpoints between
#: consecutive distinct scores
PROC_PR_THRESHOLDS = {
    "wfns": proc("asah", 'head(tail(coords(r.wfns, "all", ret = "threshold")$threshold, -1), -1)',
                 (1.5, 2.5, 3.5, 4.5)),
    "s100b": proc("asah", 'head(tail(coords(r.s100b, "all", ret = "threshold")$threshold, -1), -1)', (
        0.035, 0.045, 0.055, 0.065, 0.075, 0.085, 0.095, 0.105, 0.115, 0.125, 0.135, 0.145, 0.155, 0.165, 0.175,
        0.185, 0.205, 0.225, 0.235, 0.245, 0.255, 0.265, 0.275, 0.290, 0.310, 0.325, 0.335, 0.345, 0.365, 0.395,
        0.420, 0.435, 0.445, 0.455, 0.465, 0.475, 0.485, 0.495, 0.510, 0.540, 0.570, 0.640, 0.705, 0.725, 0.755,
        0.795, 0.840, 0.910, 1.515,
    ), digits=3),
}


# --- comparisons: unpaired DeLong, one-sided alternatives, var() and cov(), k curves -----------------
# tests/data/compare_small.csv (20 cases, 10 positives, tied ratings) and compare_large.csv (900
# cases, 180 positives, five scores); r.<s> the curve of score s over all cases, u.a the curve of a
# over group "x" and u.b of b over group "z" (independent samples). delong.chisq computes DeLong et
# al.'s (1988, §3) chi-square from pROC's placements; maxz.* the distribution of max |Z| over the
# pairwise differences with mvtnorm's Genz-Bretz integration (Debian: r-cran-mvtnorm).
_COMPARE_SETUP = """
    library(pROC)
    d <- read.csv("tests/data/compare_{name}.csv")
    mk <- function(y, s) roc(y, s, levels = c(0, 1), direction = "<", quiet = TRUE)
    r.a <- mk(d$y, d$a); r.b <- mk(d$y, d$b); r.c <- mk(d$y, d$c)
    x <- d[d$g == "x", ]; z <- d[d$g == "z", ]
    u.a <- mk(x$y, x$a); u.b <- mk(z$y, z$b)
    delong.S <- function(rocs) {{
        p <- lapply(rocs, pROC:::delongPlacements)
        X <- sapply(p, function(q) q$X); Y <- sapply(p, function(q) q$Y)
        list(auc = sapply(p, function(q) q$theta), S = cov(X) / nrow(X) + cov(Y) / nrow(Y))
    }}
    delong.chisq <- function(rocs, L = cbind(1, -diag(length(rocs) - 1))) {{
        s <- delong.S(rocs); e <- L %*% s$auc
        chi <- as.numeric(t(e) %*% solve(L %*% s$S %*% t(L), e))
        c(chi, nrow(L), pchisq(chi, nrow(L), lower.tail = FALSE))
    }}
    pairs.R <- function(rocs) {{
        s <- delong.S(rocs); k <- length(rocs); pr <- combn(k, 2)
        L <- t(apply(pr, 2, function(jh) {{ r <- numeric(k); r[jh[1]] <- 1; r[jh[2]] <- -1; r }}))
        cov2cor(L %*% s$S %*% t(L))
    }}
    maxz.cdf <- function(rocs, c) {{
        library(mvtnorm); set.seed(1); R <- pairs.R(rocs)
        pmvnorm(lower = rep(-c, nrow(R)), upper = rep(c, nrow(R)), corr = R,
                algorithm = GenzBretz(maxpts = 5e6, abseps = 1e-6, releps = 0))[1]
    }}
"""
SESSIONS["compare_small"] = _COMPARE_SETUP.format(name="small")
SESSIONS["compare_large"] = _COMPARE_SETUP.format(name="large") + """
    r.d <- mk(d$y, d$d); r.e <- mk(d$y, d$e)
"""

#: roc.test(u.a, u.b, paired = FALSE, method = "delong", alternative = ...): (statistic, df, p); pROC gives
#: no conf.int for unpaired curves. (pROC warns that the small set's curves "seem to be paired": both
#: samples have the same labels in the same order; the test is the unpaired one all the same.)
PROC_UNPAIRED = {
    (size, alternative): proc(f"compare_{size}",
                              f'with(roc.test(u.a, u.b, paired = FALSE, method = "delong", alternative = "{alternative}"), '
                              f'c(statistic, parameter, p.value))', value, digits=14)
    for size, alternative, value in (
        ("small", "two.sided", (-0.619987406633703, 16.6452791167003, 0.54366110792932)),
        ("small", "greater", (-0.619987406633703, 16.6452791167003, 0.72816944603534)),
        ("small", "less", (-0.619987406633703, 16.6452791167003, 0.27183055396466)),
        ("large", "two.sided", (-0.408039573943350, 787.695718993099, 0.683355506666298)),
        ("large", "greater", (-0.408039573943347, 787.695718993099, 0.65832224666685)),
        ("large", "less", (-0.408039573943347, 787.695718993099, 0.34167775333315)),
    )
}
#: roc.test(r.a, r.b, method = "delong", alternative = ...): (Z, p), paired; pROC's conf.int stays the
#: two-sided 95% interval whatever the alternative
PROC_PAIRED_ONE_SIDED = {
    (size, alternative): proc(f"compare_{size}",
                              f'with(roc.test(r.a, r.b, method = "delong", alternative = "{alternative}"), '
                              f'c(statistic, p.value))', value, digits=14)
    for size, alternative, value in (
        ("small", "greater", (0.169950532710779, 0.432524519885466)),
        ("small", "less", (0.169950532710779, 0.567475480114534)),
        ("large", "greater", (1.63056899399628, 0.0514906480237257)),
        ("large", "less", (1.63056899399628, 0.948509351976274)),
    )
}
#: var(r.a, method = ...) and cov(r.a, r.b, method = ...), delong and obuchowski
PROC_VAR_COV = {
    (size, what, method): proc(f"compare_{size}", f'{what}({"r.a" if what == "var" else "r.a, r.b"}, '
                                                  f'method = "{method}")', value, digits=15)
    for size, what, method, value in (
        ("small", "var", "delong", 0.012311111111111109),
        ("small", "var", "obuchowski", 0.01494478193189025),
        ("small", "cov", "delong", 0.0026722222222222225),
        ("small", "cov", "obuchowski", 0.0031560391630660366),
        ("large", "var", "delong", 0.00036868669426665617),
        ("large", "var", "obuchowski", 0.0005253615792773635),
        ("large", "cov", "delong", 0.00015732766251172099),
        ("large", "cov", "obuchowski", 0.00018294354067242206),
    )
}
#: cov(u.a, u.b) of the large set's independent samples: pROC says "ROC curves are unpaired" and returns 0
PROC_COV_UNPAIRED = proc("compare_large", "cov(u.a, u.b)", 0.0)
#: set.seed(1); var(r.a, method = "bootstrap", boot.n = 2000) and cov(r.a, r.b, ...): R's stream, so
#: aucbound's agree within Monte Carlo error only
PROC_BOOTSTRAP = {
    (size, what): proc(f"compare_{size}", f'{{set.seed(1); {what}({"r.a" if what == "var" else "r.a, r.b"}, '
                                          f'method = "bootstrap", boot.n = 2000, progress = "none")}}', value, digits=15)
    for size, what, value in (
        ("small", "var", 0.011341162575037519),
        ("small", "cov", 0.0021323411705852927),
        ("large", "var", 0.00038350337102374161),
        ("large", "cov", 0.00016111258510360149),
    )
}
#: delong.chisq(list(r.a, r.b, r.c, ...)[, L]): (chi-square, df, p) of DeLong et al.'s test of equal AUCs
PROC_CHISQ = {
    ("small", "default"): proc("compare_small", "delong.chisq(list(r.a, r.b, r.c))",
                               (0.03252417433560495, 2, 0.98386942670995925), digits=13),
    ("small", "a-b"): proc("compare_small", "delong.chisq(list(r.a, r.b, r.c), L = rbind(c(1, -1, 0)))",
                           (0.028883183568677587, 1, 0.86504903977093162), digits=14),
    ("large", "default"): proc("compare_large", "delong.chisq(list(r.a, r.b, r.c, r.d, r.e))",
                               (24.363984963803208, 4, 6.7516348487145169e-05), digits=14),
    ("large", "a-b"): proc("compare_large", "delong.chisq(list(r.a, r.b, r.c, r.d, r.e), L = rbind(c(1, -1, 0, 0, 0)))",
                           (2.6587552441820494, 1, 0.10298129604745182), digits=13),
}
#: maxz.cdf(rocs, c): P(max |Z| <= c) over the pairwise differences' correlated normal (Genz-Bretz,
#: error estimates 9e-7, 9e-7, 6e-7, 1.4e-6 in this order)
PROC_MAX_Z_CDF = {
    ("small", 1.5): proc("compare_small", "maxz.cdf(list(r.a, r.b, r.c), 1.5)", 0.70911325256711777),
    ("small", 2.5): proc("compare_small", "maxz.cdf(list(r.a, r.b, r.c), 2.5)", 0.96676167577663896),
    ("large", 1.5): proc("compare_large", "maxz.cdf(list(r.a, r.b, r.c, r.d, r.e), 1.5)", 0.43857732630736201),
    ("large", 2.5): proc("compare_large", "maxz.cdf(list(r.a, r.b, r.c, r.d, r.e), 2.5)", 0.90976887144582741),
}


# --- the resampled tests of roc.test: bootstrap, Venkatraman, sensitivity/specificity -----------
# Data: tests/data/resampled_{small,medium,large}.csv (see tests/data/README.md). `r.a` and `r.b`
# are the curves of the scores `a` and `b` (direction "<": higher scores point to y = 1); in the
# session "resampled_mixed" `r.a` is medium's `a` and `r.b` large's `b`, two sets of cases.
# The p-values come from R's random stream, so each call sets R's seed first: R prints the same
# number again, and the tests compare aucbound's own draws with it within Monte Carlo error.

def _resampled_session(first: str, second: str) -> str:
    return f"""
        library(pROC)
        d1 <- read.csv("tests/data/resampled_{first}.csv")
        d2 <- read.csv("tests/data/resampled_{second}.csv")
        r.a <- roc(d1$y, d1$a, levels = c(0, 1), direction = "<", quiet = TRUE)
        r.b <- roc(d2$y, d2$b, levels = c(0, 1), direction = "<", quiet = TRUE)
    """


SESSIONS.update({
    "resampled_small": _resampled_session("small", "small"),
    "resampled_medium": _resampled_session("medium", "medium"),
    "resampled_large": _resampled_session("large", "large"),
    "resampled_mixed": _resampled_session("medium", "large"),
})


@dataclass(frozen=True)
class ResampledCase:
    """One roc.test call: its session, pROC's method, the options as aucbound's public functions
    take them (paired, stratified, alternative, range/focus/correct, specificity/sensitivity),
    R's boot.n and R's p-value."""

    session: str
    method: str
    options: tuple
    boot_n: int
    p_value: float


def _r_options(method: str, options: dict) -> str:
    parts = [f'method = "{method}"', f"paired = {'TRUE' if options.get('paired', True) else 'FALSE'}"]
    if method != "venkatraman":
        parts.append(f"boot.stratified = {'TRUE' if options.get('stratified', True) else 'FALSE'}")
    if "alternative" in options:
        parts.append(f'alternative = "{options["alternative"]}"')
    for at in ("specificity", "sensitivity"):
        if at in options:
            parts.append(f"{at} = {options[at]}")
    return ", ".join(parts)


def _curves(range=None, focus="specificity", correct=False) -> str:
    """r.a and r.b, or the same curves built with a partial AUC (roc.test takes it from the curves)."""
    if range is None:
        return "r.a, r.b"
    partial = (f'partial.auc = c({range[1]}, {range[0]}), partial.auc.focus = "{focus}", '
               f'partial.auc.correct = {"TRUE" if correct else "FALSE"}')
    return ", ".join(f'roc(d{k}$y, d{k}${x}, levels = c(0, 1), direction = "<", quiet = TRUE, {partial})'
                     for k, x in ((1, "a"), (2, "b")))


def _roc_test(session: str, method: str, boot_n: int, p_value: float, **options) -> ResampledCase:
    """R's p-value of roc.test(r.a, r.b, …) with R's seed 1, recorded as a case."""
    curves = _curves(*(options.get(key) for key in ("range", "focus", "correct")))
    call = f"{{ set.seed(1); roc.test({curves}, {_r_options(method, options)}, boot.n = {boot_n})$p.value }}"
    proc(session, call, p_value, digits=10)
    return ResampledCase(session, method, tuple(sorted(options.items())), boot_n, p_value)


#: roc.test's resampled p-values (R's seed 1), each call beside its value
PROC_RESAMPLED_P = [
    # 4 positives, 6 negatives, tied scores
    _roc_test("resampled_small", "bootstrap", 10000, 0.4129877339),
    _roc_test("resampled_small", "bootstrap", 10000, 0.5401504574, paired=False, stratified=False),
    _roc_test("resampled_small", "venkatraman", 10000, 0.2574),
    _roc_test("resampled_small", "venkatraman", 10000, 0.2924, paired=False),
    # 30 positives, 120 negatives
    _roc_test("resampled_medium", "bootstrap", 10000, 0.001657544811),
    _roc_test("resampled_medium", "bootstrap", 10000, 0.002058544601, stratified=False),
    _roc_test("resampled_medium", "bootstrap", 10000, 0.01622001833, paired=False),
    _roc_test("resampled_medium", "bootstrap", 10000, 0.01743772610, paired=False, stratified=False),
    _roc_test("resampled_medium", "bootstrap", 10000, 0.0008287724056, alternative="greater"),
    _roc_test("resampled_medium", "bootstrap", 10000, 0.9918899908, paired=False, alternative="less"),
    _roc_test("resampled_medium", "bootstrap", 10000, 0.01533270173, range=(0.8, 1), focus="specificity", correct=True),
    _roc_test("resampled_medium", "bootstrap", 10000, 0.001556845149, paired=False, range=(0.9, 1), focus="sensitivity"),
    _roc_test("resampled_medium", "venkatraman", 10000, 0.0022),
    _roc_test("resampled_medium", "venkatraman", 10000, 0.0212, paired=False),
    _roc_test("resampled_medium", "specificity", 10000, 0.2654207079, specificity=0.8),
    _roc_test("resampled_medium", "sensitivity", 10000, 0.006603440317, paired=False, stratified=False, sensitivity=0.9),
    # 900 positives, 600 negatives
    _roc_test("resampled_large", "bootstrap", 2000, 0.01221473336),
    _roc_test("resampled_large", "venkatraman", 2000, 0.024),
    _roc_test("resampled_large", "venkatraman", 2000, 0.1315, paired=False),
    _roc_test("resampled_large", "specificity", 2000, 0.8730703474, paired=False, specificity=0.7),
    # two sets of cases: 150 (medium's a) and 1500 (large's b)
    _roc_test("resampled_mixed", "bootstrap", 2000, 3.698861096e-05, paired=False),
    _roc_test("resampled_mixed", "venkatraman", 2000, 0.162, paired=False),
]

#: roc.test(…, method = "venkatraman")$statistic, Venkatraman's E on the data (no randomness):
#: (session, paired) → E
def _venkatraman_e(session: str, paired: bool, value: float) -> float:
    return proc(session, f'roc.test(r.a, r.b, method = "venkatraman", paired = {"TRUE" if paired else "FALSE"}, '
                         f'boot.n = 1)$statistic', value, digits=15)


PROC_VENKATRAMAN_E = {
    (session, paired): _venkatraman_e(session, paired, value)
    for session, paired, value in [
        ("resampled_small", True, 12),
        ("resampled_small", False, 0.12),
        ("resampled_medium", True, 1320),
        ("resampled_medium", False, 0.0586666666666667),
        ("resampled_large", True, 35586),
        ("resampled_large", False, 0.015816),
        ("resampled_mixed", False, 0.843401291064746),
    ]
}

#: the values the operating-point tests compare, read by coords: (session, at, value) → (r.a's, r.b's)
def _coords(session: str, at: str, value: float, read) -> tuple:
    other = "sensitivity" if at == "specificity" else "specificity"
    return proc(session, f'c(coords(r.a, {value}, input = "{at}", ret = "{other}")[1, 1], '
                         f'coords(r.b, {value}, input = "{at}", ret = "{other}")[1, 1])', read)


PROC_OPERATING_POINTS = {
    (session, at, value): _coords(session, at, value, read)
    for session, at, value, read in [
        ("resampled_medium", "specificity", 0.8, (0.533333333333333, 0.411111111111111)),
        ("resampled_medium", "sensitivity", 0.9, (0.483333333333333, 0.116666666666667)),
        ("resampled_large", "specificity", 0.7, (0.498333333333333, 0.492222222222222)),
        ("resampled_small", "specificity", 0.5, (1, 0.75)),
    ]
}

#: roc.test(…)$estimate of the partial-AUC tests: (range, focus, correct) → (r.a's, r.b's), medium data
PROC_PARTIAL_ESTIMATES = {
    key: proc("resampled_medium", f'roc.test({_curves(*key)}, method = "bootstrap", boot.n = 2)$estimate', value)
    for key, value in [
        (((0.8, 1), "specificity", True), (0.682098765432099, 0.574331275720165)),
        (((0.9, 1), "sensitivity", False), (0.0377777777777778, 0.00555555555555555)),
    ]
}
