"""Spelling out hunspell dictionaries: small hand-written .aff/.dic files."""

from __future__ import annotations

import pytest
from wordpacks.affixes import (
    condition_pattern,
    expand,
    keep_affixes,
    parse_aff,
    parse_dic,
    parse_flags,
)

AFF = """SET UTF-8
NEEDAFFIX h
FORBIDDENWORD !
ONLYINCOMPOUND o
CIRCUMFIX X

# plural, with a condition
SFX S Y 3
SFX S   y     ies        [^aeiou]y
SFX S   0     s          [aeiou]y
SFX S   0     s          [^y]

# a suffix whose forms take a second suffix (twofold)
SFX A Y 1
SFX A   0     able/S     .

PFX U Y 1
PFX U   0     un         .

PFX N N 1
PFX N   0     non        .

# circumfix: ge...t only together
PFX G Y 1
PFX G   0     ge/X       .
SFX T Y 1
SFX T   0     t/X        .

SFX E Y 1
SFX E   0     e/o        .
"""

DIC = """9
city/S
toy/SU
drink/AU
lock/UN
stem/h
sag/S
sagging/!
mach/GT
haus/E
"""


def forms(word: str) -> set[str]:
    rules = parse_aff(AFF)
    entry = next(e for e in parse_dic(DIC, rules) if e.word == word)
    return set(expand(entry, rules))


def test_suffix_conditions_choose_the_right_rule() -> None:
    assert forms("city") == {"city", "cities"}
    assert forms("toy") == {"toy", "toys", "untoy", "untoys"}


def test_twofold_suffixes_and_cross_products() -> None:
    assert forms("drink") == {"drink", "drinkable", "drinkables", "undrink", "undrinkable",
                              "undrinkables"}


def test_a_prefix_without_cross_product_does_not_combine() -> None:
    assert forms("lock") == {"lock", "unlock", "nonlock"}


def test_needaffix_root_is_not_a_word_by_itself() -> None:
    assert forms("stem") == set()


def test_circumfix_affixes_only_come_together() -> None:
    assert forms("mach") == {"mach", "gemacht"}


def test_onlyincompound_affix_forms_are_left_out() -> None:
    assert forms("haus") == {"haus"}


def test_forbidden_entries_are_marked() -> None:
    rules = parse_aff(AFF)
    entry = next(e for e in parse_dic(DIC, rules) if e.word == "sagging")
    assert rules.forbidden in entry.flags and list(expand(entry, rules)) == []


def test_keep_affixes_drops_rules() -> None:
    rules = keep_affixes(parse_aff(AFF), lambda affix: not affix.prefix)
    entry = next(e for e in parse_dic(DIC, rules) if e.word == "toy")
    assert set(expand(entry, rules)) == {"toy", "toys"}


@pytest.mark.parametrize(
    ("text", "flag_type", "expected"),
    [("AbC", "char", {"A", "b", "C"}), ("AaBbCc", "long", {"Aa", "Bb", "Cc"}),
     ("12,7", "num", {"12", "7"}), ("ÀÁñ", "utf8", {"À", "Á", "ñ"})],
)  # fmt: skip
def test_flag_syntaxes(text: str, flag_type: str, expected: set[str]) -> None:
    assert parse_flags(text, flag_type) == expected


def test_long_flags_aliases_morphology_and_escaped_slashes() -> None:
    aff = ("FLAG long\nAF 2\nAF SaPu\nAF Sa\nSFX Sa Y 1\nSFX Sa 0 s . is:pl\n"
           "PFX Pu Y 1\nPFX Pu 0 re .\n")
    rules = parse_aff(aff)
    entries = parse_dic("3\nmaison/2 po:nom is:fem\ntest/1\nand\\/or\n", rules)
    assert [(e.word, sorted(e.flags), e.morph) for e in entries] == [
        ("maison", ["Sa"], "po:nom is:fem"), ("test", ["Pu", "Sa"], ""), ("and/or", [], "")]
    assert set(expand(entries[1], rules)) == {"test", "tests", "retest", "retests"}


def test_condition_patterns() -> None:
    assert condition_pattern("[^aeiou]y", prefix=False).search("city")
    assert not condition_pattern("[^aeiou]y", prefix=False).search("toy")
    assert condition_pattern(".", prefix=True).match("x")
    assert condition_pattern("[-']", prefix=False).search("a-")


def test_expansion_is_ordered_and_repeatable() -> None:
    rules = parse_aff(AFF)
    entries = parse_dic(DIC, rules)
    assert [list(expand(e, rules)) for e in entries] == [list(expand(e, rules)) for e in entries]
