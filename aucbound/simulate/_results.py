"""What the coverage simulator returns: one method's coverage, a scenario's table, a band's, a grid."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .._display import Displayed
from .._result_base import AtConfidence, Rows

__all__ = ['BandCoverage', 'Coverage', 'CoverageStudy', 'MethodCoverage']


@dataclass(frozen=True)
class MethodCoverage(AtConfidence):
    """How often one interval method covered the true AUC over ``trials`` simulated data sets.

    ``coverage`` = ``covered``/``trials``; ``mcse`` = sqrt(coverage·(1 − coverage)/trials),
    its Monte Carlo standard error (Morris, White & Crowther 2019, Table 6). Widths are
    hi − lo of the intervals as reported (clipped to [0, 1]); ``vacuous`` is the share of
    intervals that are all of [0, 1], ``degenerate`` the share that are a single point.
    ``guarantee`` is what the method claims (one of :data:`GUARANTEES`).
    """

    _headline = "coverage"

    method: str
    guarantee: str
    source: str
    delta: float
    trials: int
    covered: int
    coverage: float
    mcse: float
    mean_width: float
    median_width: float
    vacuous: float
    degenerate: float
    beyond_paper: bool = False

    @property
    def below_nominal(self) -> bool:
        """coverage + 3·MCSE < 1 − δ: the coverage is clearly below the nominal level."""
        return self.coverage + 3 * self.mcse < 1 - self.delta

    def as_dict(self) -> dict:
        data = super().as_dict()
        data["below_nominal"] = self.below_nominal
        return data


@dataclass(frozen=True)
class Coverage(Rows):
    """A coverage study of one scenario at one (m, n, δ): one :class:`MethodCoverage` row per method.

    ``true_auc`` is the scenario's exact AUC; ``estimate_mean`` and ``estimate_sd`` are the
    mean and standard deviation of Â over the trials (the SD is None for a single trial).
    The bootstrap rows, if any, come from the first ``bootstrap_trials`` trials with
    ``resamples`` resamples each.
    """

    scenario: str
    description: str
    true_auc: float
    m: int
    n: int
    delta: float
    trials: int
    seed: int | None
    estimate_mean: float
    estimate_sd: float | None
    rows: tuple[MethodCoverage, ...]
    bootstrap_trials: int | None = None
    resamples: int | None = None

    @property
    def sigma_max(self) -> float:
        """sqrt(A(1 − A)/min(m, n)): the largest standard deviation Â can have at this AUC (Eq. 14)."""
        return (self.true_auc * (1 - self.true_auc) / min(self.m, self.n)) ** 0.5


@dataclass(frozen=True)
class BandCoverage(AtConfidence):
    """How often an ROC band covered the true binormal ROC curve over ``trials`` data sets.

    ``simultaneous``: the share whose band held the whole curve (exactly, for the distribution-free
    bands, or all the true operating points of a rating scale;
    at every specificity of the grid, for the bootstrap band); ``pointwise[k]``: the share
    holding the true sensitivity at ``specificities[k]``. Each comes with its Monte Carlo
    standard error.
    """

    _headline = "simultaneous"
    _table_columns = ("specificities", "pointwise", "pointwise_mcse")

    method: str
    auc: float
    sd_ratio: float
    m: int
    n: int
    delta: float
    trials: int
    simultaneous: float
    simultaneous_mcse: float
    specificities: tuple[float, ...]
    pointwise: tuple[float, ...]
    pointwise_mcse: tuple[float, ...]
    resamples: int | None
    seed: int | None
    #: The rating scale's number of levels (ties), or None for continuous scores.
    ratings: int | None = None


@dataclass(frozen=True)
class CoverageStudy(Displayed):
    """A grid of coverage studies: every scenario × (m, n) × δ, one :class:`Coverage` per cell."""

    _table_rows = "records"

    scenarios: tuple[str, ...]
    sizes: tuple[int, ...]
    deltas: tuple[float, ...]
    methods: tuple[str, ...]
    trials: int
    seed: int | None
    cells: tuple[Coverage, ...]
    bootstrap_trials: int | None = None
    resamples: int | None = None

    def records(self) -> list[dict]:
        """One flat dict per cell and method: the scenario, m, n, δ and the method's row."""
        return [
            {
                "scenario": cell.scenario,
                "true_auc": cell.true_auc,
                "m": cell.m,
                "n": cell.n,
                **row.as_dict(),
                "seed": cell.seed,
            }
            for cell in self.cells
            for row in cell.rows
        ]

    def broken_promises(self) -> list[dict]:
        """The cells where a method labelled distribution-free covered clearly less than it promises
        (coverage + 3·MCSE < 1 − δ): one record each (scenario, m, n, δ, method, coverage, MCSE); empty
        when every promise held. The label is the one the method had in the registry when the study ran."""
        return [
            {"scenario": cell.scenario, "m": cell.m, "n": cell.n, "delta": cell.delta, "method": row.method,
             "coverage": row.coverage, "mcse": row.mcse}
            for cell in self.cells
            for row in cell.rows
            if row.guarantee == "distribution-free" and row.below_nominal
        ]

    def as_dict(self) -> dict:
        """The grid's parameters and :meth:`records`."""
        data = {field.name: getattr(self, field.name) for field in dataclasses.fields(self) if field.name != "cells"}
        data["records"] = self.records()
        return data



# --- confidence sequences for monitoring a deployed model's AUC ---
@dataclass(frozen=True)
class MonitorCoverage(AtConfidence):
    """How often a monitor's confidence sequence, and repeated DeLong intervals, held the true AUC at every
    checkpoint of ``trials`` simulated streams (:func:`aucbound.simulate.monitor_coverage`).

    ``sequence_coverage`` and ``delong_coverage`` are the shares of streams covered at every look, each with
    its MCSE; ``delong_last_coverage`` the share whose last look alone covered. The table has the mean
    half-widths (hi − lo)/2 of both at each checkpoint; ``bernstein_width`` the mean half-width of the
    fixed-time bernstein interval at the checkpoints of ``compare_at``.
    """

    _headline = "sequence_coverage"
    _table_columns = ("checkpoints", "sequence_width", "delong_width")

    scenario: str
    description: str
    true_auc: float
    prevalence: float
    cases: int
    batch: int
    delta: float
    method: str
    trials: int
    seed: int | None
    sequence_coverage: float
    sequence_mcse: float
    delong_coverage: float
    delong_mcse: float
    delong_last_coverage: float
    delong_last_mcse: float
    checkpoints: tuple[int, ...] = dataclasses.field(repr=False)
    sequence_width: tuple[float, ...] = dataclasses.field(repr=False)
    delong_width: tuple[float, ...] = dataclasses.field(repr=False)
    compare_at: tuple[int, ...] = ()
    bernstein_width: tuple[float, ...] = ()

    def width_at(self, cases: int) -> dict:
        """The mean half-widths at the checkpoint `cases`: the sequence's, DeLong's and (where computed) the
        fixed-time bernstein interval's."""
        k = self.checkpoints.index(cases)
        fixed = self.bernstein_width[self.compare_at.index(cases)] if cases in self.compare_at else None
        return {"sequence": self.sequence_width[k], "delong": self.delong_width[k], "bernstein": fixed}


__all__ += ['MonitorCoverage']
