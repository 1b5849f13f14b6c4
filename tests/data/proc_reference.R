# The pROC reference values of tests/test_empirical_proc.py, and how R computes them.
#
# pROC (Robin et al. 2011, BMC Bioinformatics 12:77) asserts each of these numbers in its own
# test suite (pROC 1.19, tests/testthat: test-var.R, test-ci.auc.R, test-roc.test.R and the
# expected ROC objects of helper-roc-expected.R); the calls below are the ones those tests
# make, on the aSAH data pROC ships. Cases are outcome == "Poor", controls "Good"; for all
# three markers a higher value points to "Poor" (pROC's direction "<").

library(pROC)
data(aSAH)

r.wfns  <- roc(aSAH$outcome, aSAH$wfns,  quiet = TRUE)
r.s100b <- roc(aSAH$outcome, aSAH$s100b, quiet = TRUE)
r.ndka  <- roc(aSAH$outcome, aSAH$ndka,  quiet = TRUE)

# AUC, ties counted one half:   0.7313685636856369  0.8236788617886179  0.6119579945799458
print(c(auc(r.s100b), auc(r.wfns), auc(r.ndka)), digits = 17)

# DeLong's variance:   0.00266868245717244  0.00146991470882363  0.0031908105493913
print(c(var(r.s100b), var(r.wfns), var(r.ndka)), digits = 15)

# DeLong's 95% interval for ndka:   0.501244999271703  (0.611957994579946)  0.722670989888189
print(as.numeric(ci.auc(r.ndka)), digits = 15)

# DeLong's 95% intervals, rounded:   s100b 0.630118 – 0.832619,  wfns 0.748535 – 0.898823
print(round(as.numeric(ci.auc(r.s100b))[c(1, 3)], 6))
print(round(as.numeric(ci.auc(r.wfns))[c(1, 3)], 6))

# DeLong's paired test, wfns against s100b:
#   Z = 2.20898359144091, p = 0.0271757822291882, 95% interval for the difference
#   0.0104061769564846 – 0.174214419249478
t1 <- roc.test(r.wfns, r.s100b)
print(c(t1$statistic, p = t1$p.value, t1$conf.int), digits = 15)
