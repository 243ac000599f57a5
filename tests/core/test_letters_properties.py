"""Properties of reading typed words, for every language's rules, on generated input."""

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core.letter_rules import LETTER_RULES, LetterRules
from bot.core.letters import BadPackWord, pack_word, read_word, upper_case

ALL_RULES = st.sampled_from(list(LETTER_RULES.values()))
#: What people type, and what they should not: letters of both scripts in both cases,
#: accented and ligature letters, accents on their own, digits, spaces, look-alikes and
#: invisible characters.
TYPED = st.sampled_from(
    list("abcdeijknosxyzABCIKNOSZİıßẞæœĳĲ")
    + list("аеийкоёъыэґєіїАЕИЙЁҐЄІЇ")
    + list("áàâäãåçéèêëíîïñóôöõúûüÿǘÁÉÑÖÜÇĞŞğş")
    + ["\u0301", "\u0308", "\u0303", "\u0327", "\u0306", "\u0307", "\ufe0f", "\u200b"]
    + ["1", " ", "\u212a", "\u212b", "ｃ", "ﬁ", "Β", "\x1c"])
WORDS = st.lists(TYPED, max_size=9).map("".join)


def _read(raw: str, rules: LetterRules, length: int) -> str | None:
    try:
        return read_word(raw, rules, length)
    except BadPackWord as bad:
        assert bad.message and bad.rules is rules
        return None


@settings(max_examples=400, deadline=None)
@given(ALL_RULES, WORDS)
def test_an_accepted_word_is_the_packs_letters_and_reads_as_itself(rules: LetterRules,
                                                                  raw: str) -> None:
    spelled = pack_word(raw.strip(), rules)
    length = len(spelled) if spelled else 5
    word = _read(raw, rules, length)
    if word is None:
        return
    assert word == spelled and len(word) == length
    assert all(letter in rules.alphabet for letter in word)
    # Reading again, in upper case or in another normal form, changes nothing.
    assert read_word(word, rules, length) == word
    assert read_word(upper_case(word, rules), rules, length) == word
    for form in ("NFD", "NFC"):
        assert read_word(unicodedata.normalize(form, raw), rules, length) == word


@settings(max_examples=200, deadline=None)
@given(ALL_RULES, st.data())
def test_every_word_of_pack_letters_is_accepted(rules: LetterRules, data: st.DataObject) -> None:
    word = "".join(data.draw(st.lists(st.sampled_from(rules.alphabet), min_size=1,
                                      max_size=8)))
    assert read_word(word, rules, len(word)) == word
    assert read_word(upper_case(word, rules), rules, len(word)) == word
    assert read_word(unicodedata.normalize("NFD", word), rules, len(word)) == word


@settings(max_examples=200, deadline=None)
@given(ALL_RULES, st.text(max_size=12), st.integers(min_value=1, max_value=8))
def test_any_text_is_read_or_refused_with_a_message(rules: LetterRules, raw: str,
                                                    length: int) -> None:
    word = _read(raw, rules, length)
    assert word is None or (len(word) == length and set(word) <= set(rules.alphabet))
