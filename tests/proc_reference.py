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

from dataclasses import dataclass

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
