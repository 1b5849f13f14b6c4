"""Case weights in the bootstrap, the ROC bands and the partial AUC's interval.

Frequency weights are checked against the rows repeated w times, value for value with the
same seed; sampling weights against a plain loop written here — numpy's Generator for each
block of resamples, as :func:`aucbound.empirical.map_strata` documents its stream, and
scikit-learn's ``roc_auc_score``/``roc_curve`` with ``sample_weight`` for each resample."""

import numpy as np
import pytest
from sklearn.metrics import roc_auc_score, roc_curve as sk_roc_curve

import aucbound
from aucbound import ParameterError
from aucbound.empirical import _resampling, bootstrap_aucs, bootstrap_interval

BLOCK = _resampling.BLOCK

pytestmark = pytest.mark.filterwarnings("ignore::aucbound.DataWarning")


def weighted_data(seed, size=40, integer=False):
    """Labels with both classes, tied scores, and weights with zeros among them."""
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 2, size)
    labels[:2] = [0, 1]
    scores = rng.integers(0, 8, size) / 4.0 + 0.3 * labels
    weights = rng.integers(0, 5, size) if integer else rng.exponential(1.0, size)
    weights[rng.random(size) < 0.15] = 0
    weights[:2] = [2, 3]
    return labels, scores, weights


def repeated(labels, scores, weights):
    return np.repeat(labels, weights), np.repeat(scores, weights)


def stratified_loop(labels, scores, weights, resamples, seed, statistic):
    """statistic(labels, scores, weights) of each stratified resample: the rows of positive weight of each class in
    the order given; per block of BLOCK resamples a Generator(PCG64) of the block's child of SeedSequence(seed);
    per resample the negatives' n indices, then the positives' m."""
    labels, scores, weights = (np.asarray(x) for x in (labels, scores, weights))
    kept = weights > 0
    pos, neg = kept & (labels == 1), kept & (labels == 0)
    pos_s, pos_w, neg_s, neg_w = scores[pos], weights[pos], scores[neg], weights[neg]
    m, n = pos_s.shape[0], neg_s.shape[0]
    children = np.random.SeedSequence(seed).spawn(-(-resamples // BLOCK))
    values = []
    for b, child in enumerate(children):
        rng = np.random.Generator(np.random.PCG64(child))
        for _ in range(min(BLOCK, resamples - b * BLOCK)):
            dn = rng.integers(0, n, size=n, dtype=np.uint32)
            dp = rng.integers(0, m, size=m, dtype=np.uint32)
            values.append(statistic(np.r_[np.ones(m), np.zeros(n)], np.r_[pos_s[dp], neg_s[dn]],
                                    np.r_[pos_w[dp], neg_w[dn]]))
    return np.array(values)


def sk_auc(labels, scores, weights):
    return roc_auc_score(labels, scores, sample_weight=weights)


# --- frequency weights: the bootstrap of the repeated rows -----------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_frequency_bootstrap_is_the_repeated_rows_bit_for_bit(seed):
    labels, scores, weights = weighted_data(seed, integer=True)
    rl, rs = repeated(labels, scores, weights)
    assert np.array_equal(bootstrap_aucs(labels, scores, sample_weight=weights, weight_kind="frequency", resamples=300,
                                         seed=seed),
                          bootstrap_aucs(rl, rs, resamples=300, seed=seed))
    for method in ("bootstrap-percentile", "bootstrap-bca"):
        weighted = bootstrap_interval(labels, scores, sample_weight=weights, weight_kind="frequency", method=method,
                                      resamples=300, seed=seed)
        plain = bootstrap_interval(rl, rs, method=method, resamples=300, seed=seed)
        assert (weighted.lo, weighted.hi, weighted.m, weighted.n) == (plain.lo, plain.hi, plain.m, plain.n)
    table = aucbound.intervals(labels, scores, sample_weight=weights, weight_kind="frequency", resamples=300, seed=seed)
    plain = aucbound.intervals(rl, rs, resamples=300, seed=seed)
    for key in ("bootstrap-percentile", "bootstrap-bca"):
        assert (table[key].lo, table[key].hi) == (plain[key].lo, plain[key].hi)
    assert table.resamples == 300 and len(table.rows) == len(plain.rows)


@pytest.mark.parametrize("seed", range(3))
def test_frequency_bands_and_partial_interval_are_the_repeated_rows(seed):
    labels, scores, weights = weighted_data(seed, integer=True)
    rl, rs = repeated(labels, scores, weights)
    for method in ("dkw", "bootstrap"):
        weighted = aucbound.roc_band(labels, scores, method=method, sample_weight=weights, weight_kind="frequency",
                                     resamples=200, seed=seed)
        plain = aucbound.roc_band(rl, rs, method=method, resamples=200, seed=seed)
        assert (weighted.m, weighted.n) == (int(weights[labels == 1].sum()), int(weights[labels == 0].sum()))
        for part in ("estimate", "lo", "hi"):
            assert np.array_equal(getattr(weighted, part), getattr(plain, part))
    weighted = aucbound.partial_auc(labels, scores, range=(0.6, 1), sample_weight=weights, weight_kind="frequency",
                                    resamples=200, seed=seed)
    plain = aucbound.partial_auc(rl, rs, range=(0.6, 1), resamples=200, seed=seed)
    assert (weighted.auc, weighted.lo, weighted.hi, weighted.m) == (plain.auc, plain.lo, plain.hi, plain.m)


def test_frequency_total_is_limited_up_front():
    with pytest.raises(ParameterError, match=r"`sample_weight` must be of a total at most 100,000,000 .*"
                                             r"100,000,003"):
        bootstrap_aucs([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], sample_weight=[10**8, 1, 1, 1], weight_kind="frequency")


# --- sampling weights: rows resampled within each class, carrying their weights -----------------------


@pytest.mark.parametrize("seed", range(3))
def test_sampling_bootstrap_against_a_plain_loop_and_scikit_learn(seed):
    labels, scores, weights = weighted_data(seed)
    values = bootstrap_aucs(labels, scores, sample_weight=weights, weight_kind="sampling", resamples=150, seed=seed)
    expected = stratified_loop(labels, scores, weights, 150, seed, sk_auc)
    np.testing.assert_allclose(values, expected, rtol=0, atol=1e-12)
    one = bootstrap_aucs(labels, scores, sample_weight=weights, weight_kind="sampling", resamples=150, seed=seed,
                         workers=1)
    two = bootstrap_aucs(labels, scores, sample_weight=weights, weight_kind="sampling", resamples=150, seed=seed,
                         workers=2)
    assert np.array_equal(values, one) and np.array_equal(one, two)
    interval = bootstrap_interval(labels, scores, sample_weight=weights, weight_kind="sampling",
                                  method="bootstrap-percentile", resamples=150, seed=seed)
    lo, hi = np.quantile(expected, [0.025, 0.975])
    assert interval.lo == pytest.approx(lo, abs=1e-12) and interval.hi == pytest.approx(hi, abs=1e-12)
    assert interval.estimate == pytest.approx(sk_auc(labels, scores, weights), abs=1e-15)
    assert (interval.m, interval.n) == (int(np.sum((weights > 0) & (labels == 1))),
                                        int(np.sum((weights > 0) & (labels == 0))))


def test_equal_sampling_weights_are_the_plain_bootstrap():
    """Rows given sorted within each class, weight 1: the same resamples, the same Â*; BCa's
    acceleration from the weighted influence values is DeLong's components' (to rounding)."""
    rng = np.random.default_rng(5)
    neg, pos = np.sort(rng.integers(0, 9, 30) / 3.0), np.sort(rng.integers(2, 11, 25) / 3.0)
    labels, scores = np.r_[np.zeros(30), np.ones(25)], np.r_[neg, pos]
    ones = np.ones(55)
    assert np.array_equal(bootstrap_aucs(labels, scores, sample_weight=ones, weight_kind="sampling", resamples=200),
                          bootstrap_aucs(labels, scores, resamples=200))
    weighted = bootstrap_interval(labels, scores, sample_weight=ones * 3, weight_kind="sampling", resamples=200)
    plain = bootstrap_interval(labels, scores, resamples=200)
    assert weighted.lo == pytest.approx(plain.lo, abs=1e-9) and weighted.hi == pytest.approx(plain.hi, abs=1e-9)


def test_sampling_rows_in_intervals_and_progress():
    labels, scores, weights = weighted_data(7)
    calls = []
    table = aucbound.intervals(labels, scores, sample_weight=weights, weight_kind="sampling", resamples=200,
                               progress=lambda done, total: calls.append((done, total)))
    assert [row.method for row in table.rows] == ["delong", "delong-logit", "bootstrap-percentile", "bootstrap-bca"]
    assert calls and calls[-1] == (200, 200)
    expected = stratified_loop(labels, scores, weights, 200, 0, sk_auc)
    lo, hi = np.quantile(expected, [0.025, 0.975])
    assert table["bootstrap-percentile"].lo == pytest.approx(lo, abs=1e-12)
    assert table["bootstrap-percentile"].hi == pytest.approx(hi, abs=1e-12)
    assert "bootstrap" not in table.left_out


def test_sampling_work_is_limited_up_front():
    labels, scores, weights = weighted_data(1, size=10**5)
    rows = int(np.count_nonzero(weights > 0))  # 84,866: 5·10⁸ weighted rows drawn in all, 5·10⁸ // 84,866 resamples
    assert rows == 84866
    with pytest.raises(ParameterError, match="`resamples` must be at most 5,891 for m \\+ n = 84,866 weighted rows"):
        bootstrap_aucs(labels, scores, sample_weight=weights, weight_kind="sampling", resamples=10**6)


def _sensitivity_at(labels, scores, weights, specificity):
    """pROC's reading of the weighted curve at a specificity: scikit-learn's points, the highest TPR where a point
    has FPR 1 − specificity exactly, else the straight line between its neighbours."""
    fpr, tpr, _ = sk_roc_curve(labels, scores, sample_weight=weights, drop_intermediate=False)
    fpr, tpr = np.r_[0.0, fpr], np.r_[0.0, tpr]
    at = 1.0 - specificity
    exact = fpr == at
    return tpr[exact].max() if exact.any() else np.interp(at, fpr, tpr)


def test_sampling_bootstrap_band_against_a_plain_loop():
    labels, scores, weights = weighted_data(3, size=50)
    points = np.array([0.13, 0.52, 0.87])
    band = aucbound.roc_band(labels, scores, method="bootstrap", specificities=points, sample_weight=weights,
                             weight_kind="sampling", resamples=120, seed=4)
    readings = stratified_loop(labels, scores, weights, 120, 4, lambda l, s, w: [_sensitivity_at(l, s, w, p)
                                                                                   for p in points])
    lo, hi = np.quantile(readings, [0.025, 0.975], axis=0)
    np.testing.assert_allclose(band.lo, lo, atol=1e-12)
    np.testing.assert_allclose(band.hi, hi, atol=1e-12)
    np.testing.assert_allclose(band.estimate, [_sensitivity_at(labels, scores, weights, p) for p in points],
                               atol=1e-12)
    with pytest.raises(ParameterError, match="`method` must be 'bootstrap' with sampling weights: the DKW band"):
        aucbound.roc_band(labels, scores, sample_weight=weights, weight_kind="sampling")


def test_sampling_partial_auc_interval_against_scikit_learn_max_fpr():
    labels, scores, weights = weighted_data(11, size=50)
    result = aucbound.partial_auc(labels, scores, range=(0.7, 1), correct=True, sample_weight=weights,
                                  weight_kind="sampling", resamples=120, seed=2)
    values = stratified_loop(labels, scores, weights, 120, 2,
                             lambda l, s, w: roc_auc_score(l, s, sample_weight=w, max_fpr=0.3))
    lo, hi = np.quantile(values, [0.025, 0.975])
    assert result.lo == pytest.approx(lo, abs=1e-12) and result.hi == pytest.approx(hi, abs=1e-12)
    assert result.corrected == pytest.approx(roc_auc_score(labels, scores, sample_weight=weights, max_fpr=0.3),
                                             abs=1e-12)


# --- the command line: bad input is one line and exit 2 -----------------------------------------------------


@pytest.mark.parametrize("args, message", [
    (["auc", "--weight", "w", "--bootstrap", "10"], "Error: --weight-kind must be given with --weight"),
    (["roc", "--weight", "w", "--specificity", "0.9"], "Error: --weight-kind must be given with --weight"),
    (["roc", "--weight-kind", "sampling", "--specificity", "0.9"], "Error: --weight-kind needs --weight COL."),
    (["plot", "roc", "--weight", "w", "--weight-kind", "sampling", "--out", "{out}"],
     "Error: --band must be 'bootstrap' or 'none' with sampling weights"),
    (["auc", "--weight", "big", "--weight-kind", "frequency", "--bootstrap", "10"],
     "Error: --weight must be of a total at most 100,000,000 for the bootstrap of frequency weights"),
])
def test_cli_refusals(tmp_path, args, message):
    from click.testing import CliRunner

    from aucbound.cli import main

    path = tmp_path / "w.csv"
    path.write_text("s,y,w,big\n0.1,0,1,1\n0.5,1,2,1\n0.3,1,1,100000000\n0.2,0,3,1\n0.7,1,1,1\n0.4,0,1,1\n")
    command = args[:2] if args[0] == "plot" else args[:1]
    rest = [arg.format(out=tmp_path / "f.svg") for arg in args[len(command):]]
    result = CliRunner().invoke(main, [*command, str(path), "--score", "s", "--label", "y", *rest],
                                prog_name="aucbound")
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith(message) and result.stderr.count("\n") == 1, result.stderr
