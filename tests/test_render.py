"""How the command line shows numbers: exact counts in full, long ones rounded honestly."""

import math

from aucbound.cli._render import Column, emit, integer, number


def test_integers_are_shown_in_full_up_to_30_digits():
    assert number(1234567) == "1234567"
    assert number(-1234567) == "-1234567"
    assert number(0) == "0"
    assert number(10**29) == str(10**29)


def test_long_integers_keep_their_sign_and_carry_the_rounded_mantissa():
    assert number(-(10**40)) == "≈ -1.00000 × 10^40"
    # 9.9999999999e40 rounds to 10.00000: shown as the next power of ten
    assert integer(math.log(9.9999999999e40)) == "≈ 1.00000 × 10^41"
    assert integer(math.log(2.656139888758747e95)) == "≈ 2.65614 × 10^95"  # 3^200, six significant digits


def test_a_long_integer_beside_floats_is_not_reprinted_by_the_table(capsys):
    emit(records=[{"v": 1857945600}, {"v": 1.5e7}], columns=[Column("value", lambda r: number(r["v"]))],
         parameters={})
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].strip() == "1857945600" and lines[3].strip() == "1.5e+07"
    assert len(lines[2]) == len(lines[3])  # right-aligned
