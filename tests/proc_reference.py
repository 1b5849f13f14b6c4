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
