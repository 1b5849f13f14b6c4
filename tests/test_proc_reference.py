"""The pROC reference values are well formed: each names a session, an R call and numbers.

Whether they are R's is checked by running every call in R: ``python bench/proc_reference.py``.
"""

import math
import numbers

import pytest

import proc_reference as proc


def _numbers(value):
    return [x for item in value for x in _numbers(item)] if isinstance(value, tuple) else [value]


@pytest.mark.parametrize("call", proc.CALLS, ids=lambda call: f"{call.session}: {call.call}")
def test_each_value_is_numbers_or_na_with_its_call(call):
    assert call.session in proc.SESSIONS and call.call.strip() and 1 <= call.digits <= 17
    for x in _numbers(call.value):
        # R's NA and NaN are None; ±Inf (an ROC curve's end thresholds) are floats
        assert x is None or (isinstance(x, numbers.Real) and not isinstance(x, bool) and not math.isnan(x))


def test_no_call_is_recorded_twice_with_different_values():
    seen = {}
    for call in proc.CALLS:
        assert seen.setdefault((call.session, call.call), call.value) == call.value
