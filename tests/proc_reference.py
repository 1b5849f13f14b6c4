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
