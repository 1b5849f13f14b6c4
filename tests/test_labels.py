"""Labels are compared as given — never through float64 — and a wrong kind of label is named."""

import numpy as np
import pytest

import aucbound as ab

SCORES = np.array([0.1, 0.4, 0.35, 0.8, 0.7, 0.2])
LABELS = ["neg", "neg", "pos", "pos", "pos", "neg"]


@pytest.mark.parametrize("labels", [
    np.array(LABELS, dtype=object),  # a pandas column of strings arrives as this
    np.array(LABELS),  # fixed-width unicode
    LABELS,
    np.array([label.encode() for label in LABELS]),  # bytes
])
def test_string_labels_of_every_kind(labels):
    expected = 8 / 9  # the positives 0.35, 0.8, 0.7 against 0.1, 0.4, 0.2: one pair of nine out of order
    assert ab.auc(labels, SCORES, pos_label=labels[2]) == pytest.approx(expected)
    assert ab.delong(labels, SCORES, pos_label=labels[2]).auc == pytest.approx(expected)
    assert ab.intervals(labels, SCORES, pos_label=labels[2]).auc == pytest.approx(expected)
    assert ab.compare(labels, SCORES, -SCORES, pos_label=labels[2]).difference == pytest.approx(2 * expected - 1)


@pytest.mark.parametrize("call", [ab.auc, ab.delong, ab.intervals])
def test_object_strings_without_pos_label_name_it(call):
    with pytest.raises(ValueError, match=r"^`pos_label` must name the positive class .*'neg', 'pos'"):
        call(np.array(LABELS, dtype=object), SCORES)


def test_ids_beyond_2_to_53_stay_distinct():
    big = 2**53
    labels = np.array([big, big + 1, big + 1, big], dtype=np.int64)
    assert ab.auc(labels, [1, 2, 3, 0], pos_label=big + 1) == 1.0
    with pytest.raises(ValueError, match=r"`labels` must be of two classes, but got 3 distinct values"):
        ab.auc([big, big + 1, big + 2, big], [1, 2, 3, 0], pos_label=big)
    python_ints = [2**70, 2**70 + 1, 2**70 + 1, 2**70]  # beyond int64: compared as Python integers
    assert ab.auc(python_ints, [1, 2, 3, 0], pos_label=2**70 + 1) == 1.0


def test_integer_scores_beyond_2_to_53_keep_their_order():
    assert ab.auc([1, 0], [2**53 + 1, 2**53]) == 1.0
    assert ab.auc([1, 0], np.array([2**62 + 1, 2**62], dtype=np.int64)) == 1.0
    assert ab.auc([0, 1, 0], [2**80, 2**80 + 1, 5]) == 1.0


@pytest.mark.parametrize("pos, neg", [
    ([2**60], [2**60 + 1, 2**60 + 2]),
    ([2**60 + 5], [2**60 + 1, 2**60 + 2]),
    ([2**60], [0.5]),
    ([2**60, 7], [2**60, 2**61, 6.5, -(2**70)]),
    (np.array([2**62, 3], dtype=np.int64), [2**62 + 1, 3]),
])
def test_groups_beyond_2_to_53_are_ranked_together(pos, neg):
    # reference: every (positive, negative) pair compared by Python, which compares ints and floats exactly
    pos_list, neg_list = [p.item() if hasattr(p, "item") else p for p in pos], list(neg)
    wins = sum((p > q) + 0.5 * (p == q) for p in pos_list for q in neg_list)
    assert ab.empirical.auc_from_groups(pos, neg) == wins / (len(pos_list) * len(neg_list))


def test_missing_labels_are_named():
    with pytest.raises(ValueError, match=r"`labels` must be free of missing values \(None, NaN\), but got None"):
        ab.auc(np.array(["a", None, "b"], dtype=object), [1, 2, 3], pos_label="a")
    with pytest.raises(ValueError, match=r"`labels` must be free of NaN"):
        ab.auc([0.0, np.nan, 1.0], [1, 2, 3])


def test_a_string_for_methods_is_a_type_error():
    with pytest.raises(TypeError, match=r"^`methods` must be a sequence of method keys such as \['delong'\], but got 'delong'"):
        ab.intervals([0, 1, 0, 1], [1, 2, 3, 4], methods="delong")
