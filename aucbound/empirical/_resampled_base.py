"""What the resampled tests of two ROC curves share: the alternatives and the result's assembly."""

from __future__ import annotations

from .. import _validate as v
from ._resampling import MAX_RESAMPLES, MAX_WORK
from ._results import ResampledTest

__all__ = ["TEST_ALTERNATIVES", "check_alternative", "check_work", "result"]

#: The alternatives of the resampled tests, with pROC's meaning: "greater" is H1: the first curve's value is larger.
TEST_ALTERNATIVES = ("two-sided", "greater", "less")


def check_alternative(alternative) -> str:
    """One of :data:`TEST_ALTERNATIVES` (pROC's ``"two.sided"`` accepted as ``"two-sided"``)."""
    if alternative == "two.sided":
        alternative = "two-sided"
    return v.choice("alternative", alternative, TEST_ALTERNATIVES)


def result(*, sizes, **fields) -> ResampledTest:
    """A :class:`ResampledTest` from its fields, the class sizes given as (m_a, n_a, m_b, n_b)."""
    m_a, n_a, m_b, n_b = (int(size) for size in sizes)
    estimate_a, estimate_b = fields["estimate_a"], fields["estimate_b"]
    difference = None if estimate_a is None else estimate_a - estimate_b
    return ResampledTest(difference=difference, m_a=m_a, n_a=n_a, m_b=m_b, n_b=n_b, **fields)


def check_work(resamples, cases: int, cost: int, what: str) -> int:
    """`resamples` checked: a count up to :data:`MAX_RESAMPLES`, and resamples × `cases` × `cost` within
    the bootstrap's work limit (:data:`MAX_WORK` items, about a minute), `cost` being what one case of
    one resample costs in the bootstrap's items; `what` names the work in the message."""
    resamples = v.count("resamples", resamples, maximum=MAX_RESAMPLES)
    return v.at_most("resamples", resamples, max(1, MAX_WORK // (cost * cases)),
                     why=f" for {cases:,} cases ({what} within the work limit)")
