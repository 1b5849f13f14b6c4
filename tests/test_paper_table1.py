"""Agarwal et al. (2005), Table 1: equal error rates, different AUCs."""

from fractions import Fraction

import aucbound as ab

LABELS = [-1, -1, -1, -1, 1, 1, 1, 1]
F1 = [-2, -1, 3, 4, 1, 2, 5, 6]
F2 = [-2, -1, 5, 6, 1, 2, 3, 4]


def test_both_scorers_misclassify_two_of_eight_by_sign():
    for scores in (F1, F2):
        assert sum((s > 0) != (y > 0) for s, y in zip(scores, LABELS)) == 2


def test_aucs_are_twelve_and_eight_sixteenths():
    assert ab.auc(LABELS, F1) == Fraction(12, 16)
    assert ab.auc(LABELS, F2) == Fraction(8, 16)
    assert ab.empirical.auc_from_groups(F1[4:], F1[:4]) == 0.75
