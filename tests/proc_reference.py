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
