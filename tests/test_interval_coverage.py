"""interval_coverage: the coverage of any interval procedure, checked on procedures whose coverage is known."""

import math

import numpy as np
import pytest
from scipy.stats import binom

import aucbound as ab


def _normal_mean(rng):
    return rng.normal(0.0, 1.0, 25)


def _z_interval(sample, z=1.959963984540054):
    """The exact 95% interval for a normal mean with known σ = 1: coverage 0.95 exactly."""
    half = z / math.sqrt(sample.size)
    return sample.mean() - half, sample.mean() + half


def test_an_exact_interval_covers_at_its_level_within_monte_carlo_error():
    row = ab.interval_coverage(_normal_mean, _z_interval, 0.0, trials=4000, limits=(-math.inf, math.inf))
    # covered ~ Binomial(4000, 0.95): the count lies inside its central 99.9% range
    lo, hi = binom.ppf(0.0005, 4000, 0.95), binom.ppf(0.9995, 4000, 0.95)
    assert lo <= row.covered <= hi
    assert row.mcse == pytest.approx(math.sqrt(row.coverage * (1 - row.coverage) / 4000), rel=1e-15)
    assert row.mean_width == pytest.approx(2 * 1.959963984540054 / 5, rel=1e-12)  # every width is 2z/√25
    assert row.vacuous == 0 and row.degenerate == 0 and row.trials == 4000


def test_trial_t_draws_from_its_own_child_seed():
    seen = []

    def draw(rng):
        seen.append(rng.random())
        return (0.5,)

    ab.interval_coverage(draw, lambda x: (x, x), 0.5, trials=3, seed=7)
    expected = [np.random.default_rng(np.random.SeedSequence(7, spawn_key=(2, t))).random() for t in range(3)]
    assert seen == expected


def test_rows_are_read_from_lo_and_hi_and_vacuous_and_degenerate_are_counted():
    class Ends:
        def __init__(self, lo, hi):
            self.lo, self.hi = lo, hi

    ends = iter([Ends(0.0, 1.0), Ends(0.3, 0.3), Ends(0.2, 0.6), Ends(0.5, 0.9)])
    row = ab.interval_coverage(lambda rng: (), lambda: next(ends), 0.4, trials=4, method="m", source="s")
    assert (row.covered, row.vacuous, row.degenerate) == (2, 0.25, 0.25)
    assert (row.method, row.source, row.guarantee) == ("m", "s", "asymptotic")


def test_progress_is_reported_after_each_trial():
    calls = []
    ab.interval_coverage(lambda rng: (), lambda: (0, 1), 0.5, trials=3, progress=lambda done, total: calls.append(
        (done, total)))
    assert calls == [(1, 3), (2, 3), (3, 3)]


@pytest.mark.parametrize("kwargs, message", [
    ({"trials": 0}, "`trials` must be"),
    ({"guarantee": "sure"}, "`guarantee` must be one of"),
    ({"delta": 1.5}, "`delta` must be"),
])
def test_bad_settings_are_refused_by_name(kwargs, message):
    with pytest.raises(ValueError, match=message):
        ab.interval_coverage(lambda rng: (), lambda: (0, 1), 0.5, **kwargs)


def test_a_nan_end_or_a_reversed_interval_is_refused_naming_the_trial():
    with pytest.raises(ValueError, match=r"`interval` must be a function returning ends lo ≤ hi \(no NaN\), "
                                         r"but got \(nan, 1.0\) at trial 0"):
        ab.interval_coverage(lambda rng: (), lambda: (math.nan, 1.0), 0.5, trials=2)
    with pytest.raises(ValueError, match="at trial 0"):
        ab.interval_coverage(lambda rng: (), lambda: (0.7, 0.2), 0.5, trials=2)
    with pytest.raises(TypeError, match="`draw` must be"):
        ab.interval_coverage(None, lambda: (0, 1), 0.5)
    with pytest.raises(ValueError, match="`truth` must be a finite number"):
        ab.interval_coverage(lambda rng: (), lambda: (0, 1), math.inf)
