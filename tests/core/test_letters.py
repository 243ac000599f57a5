"""Typed words read as each language's pack letters: folding, letters of their own, case
rules, lengths in letters and refusals (docs/letters.md has the decisions tested here)."""

import pytest

from bot.core.domain import BadWord, WordProblem
from bot.core.letter_rules import letter_rules
from bot.core.letters import (
    BadPackWord,
    lower_case,
    pack_word,
    read_word,
    shown_answer,
    upper_case,
)


def read(language: str, raw: object, length: int = 5) -> str:
    return read_word(raw, letter_rules(language), length)


def refusal(language: str, raw: object, length: int = 5) -> BadPackWord:
    with pytest.raises(BadPackWord) as caught:
        read(language, raw, length)
    return caught.value


# -- folding and letters of their own, per language -------------------------------------------

@pytest.mark.parametrize(("language", "typed", "word"), [
    # English writes borrowed words without their accents and ligatures.
    ("en", "CRANE", "crane"), ("en", "naïve", "naive"), ("en", "Café", "cafe"),
    ("en", "Cæsar", "caesar"),
    # Spanish: Ñ is a letter, the accents fold; CH and LL are two letters each.
    ("es", "año", "año"), ("es", "AÑO", "año"), ("es", "cañón", "cañon"),
    ("es", "árbol", "arbol"), ("es", "pingüino", "pinguino"), ("es", "chico", "chico"),
    # French: every accent and the cedilla fold; Œ and Æ are two letters.
    ("fr", "élève", "eleve"), ("fr", "ÊTRE", "etre"), ("fr", "garçon", "garcon"),
    ("fr", "cœur", "coeur"), ("fr", "CŒUR", "coeur"),
    # German: Ä Ö Ü are letters, ß (and the capital ẞ) is SS, other accents fold.
    ("de", "Bär", "bär"), ("de", "SCHÖN", "schön"), ("de", "straße", "strasse"),
    ("de", "STRASSE", "strasse"), ("de", "STRAẞE", "strasse"), ("de", "Maße", "masse"),
    ("de", "Café", "cafe"),
    # Portuguese: every accent and the cedilla fold.
    ("pt", "ação", "acao"), ("pt", "força", "forca"), ("pt", "PÃO", "pao"),
    # Italian: the accented vowels fold.
    ("it", "città", "citta"), ("it", "perché", "perche"),
    # Dutch: IJ is I then J (the ligature character too); the accents fold.
    ("nl", "ijsje", "ijsje"), ("nl", "IJSJE", "ijsje"), ("nl", "ĳsje", "ijsje"),
    ("nl", "ĲSJE", "ijsje"), ("nl", "één", "een"), ("nl", "ruïne", "ruine"),
    # Russian: Ё is Е, Й is a letter, stress marks fold.
    ("ru", "ёлка", "елка"), ("ru", "ЁЖИК", "ежик"), ("ru", "йогурт", "йогурт"),
    ("ru", "за́мок", "замок"),
    # Ukrainian: Ґ Є І Ї Й are letters.
    ("uk", "їжак", "їжак"), ("uk", "ҐАНОК", "ґанок"), ("uk", "Європа", "європа"),
    # Turkish: Ç Ğ I İ Ö Ş Ü are letters, the circumflex folds.
    ("tr", "çiğköfte", "çiğköfte"), ("tr", "KÂR", "kar"), ("tr", "şöyle", "şöyle"),
])
def test_typed_words_read_as_pack_letters(language: str, typed: str, word: str) -> None:
    assert read(language, typed, len(word)) == word
    assert pack_word(typed, letter_rules(language)) == word


@pytest.mark.parametrize(("language", "one", "other"), [
    ("es", "año", "ano"), ("de", "bär", "bar"), ("de", "schön", "schon"),
    ("ru", "йод", "иод"), ("uk", "ґава", "гава"), ("uk", "їжа", "іжа"), ("uk", "їжа", "ижа"),
    ("tr", "kır", "kir"), ("tr", "çam", "cam"), ("tr", "şiş", "sis"), ("tr", "dağ", "dag"),
])
def test_letters_of_their_own_stay_apart(language: str, one: str, other: str) -> None:
    assert read(language, one, len(one)) != read(language, other, len(other))


@pytest.mark.parametrize(("language", "one", "other"), [
    ("es", "él", "el"), ("fr", "pêche", "péché"), ("pt", "avó", "avô"), ("it", "è", "e"),
    ("ru", "всё", "все"), ("de", "masse", "maße"), ("nl", "ĳs", "ijs"), ("en", "résumé", "resume"),
])
def test_ignored_accents_make_the_same_word(language: str, one: str, other: str) -> None:
    rules = letter_rules(language)
    assert pack_word(one, rules) == pack_word(other, rules) is not None


# -- case ---------------------------------------------------------------------------------------

def test_turkish_dotted_and_dotless_i() -> None:
    turkish, english = letter_rules("tr"), letter_rules("en")
    assert lower_case("İSTANBUL", turkish) == "istanbul"
    assert lower_case("ISPANAK", turkish) == "ıspanak"
    assert read("tr", "İSTANBUL", 8) == "istanbul"
    assert read("tr", "ıspanak", 7) == read("tr", "ISPANAK", 7) == "ıspanak"
    assert read("tr", "I\u0307STANBUL", 8) == "istanbul"  # İ typed as I and a dot
    assert upper_case("istanbul", turkish) == "İSTANBUL"
    assert upper_case("ıspanak", turkish) == "ISPANAK"
    # Elsewhere I is i, and İ is i without Unicode's extra dot.
    assert lower_case("I", english) == "i" and read("en", "IRATE") == "irate"
    assert lower_case("İSTANBUL", english) == "istanbul" == read("en", "İSTANBUL", 8)
    assert upper_case("irate", english) == "IRATE"
    assert "ı" in refusal("en", "ıspanak", 7).message


def test_a_letter_reads_the_same_in_either_case() -> None:
    for rules in map(letter_rules, ("en", "es", "fr", "de", "pt", "it", "nl", "ru", "uk", "tr")):
        for letter in rules.alphabet:
            assert lower_case(upper_case(letter, rules), rules) == letter, (rules.language, letter)
            assert read_word(upper_case(letter, rules), rules, 1) == letter


# -- lengths in the pack's letters --------------------------------------------------------------

def test_length_counts_the_packs_letters() -> None:
    assert len(read("es", "año", 3)) == 3 and len(read("es", "cañón")) == 5
    assert read("es", "an\u0303o", 3) == "año"  # Ñ typed as N and a combining tilde
    assert read("es", "ca\u0301ncer", 6) == "cancer"  # an accent typed after its letter
    assert read("de", "Gro\u0308ße", 6) == "grösse"
    assert refusal("es", "año").message == "A word must have 5 letters; AÑO has 3."
    assert refusal("es", "an\u0303o").message == "A word must have 5 letters; AÑO has 3."
    assert refusal("de", "straße").message == (
        "A word must have 5 letters; STRAẞE has 7 (ß counts as SS).")
    assert refusal("fr", "cœur", 4).message == (
        "A word must have 4 letters; CŒUR has 5 (œ counts as OE).")
    assert refusal("nl", "ĳs", 2).message == (
        "A word must have 2 letters; ĲS has 3 (ĳ counts as IJ).")
    assert refusal("tr", "istanbul").message == (
        "A word must have 5 letters; İSTANBUL has 8.")
    assert refusal("en", "a" * 30).message == (
        "A word must have 5 letters; AAAAAAAAAAAAAAAAAAAA… has 30.")


# -- refusals -----------------------------------------------------------------------------------

@pytest.mark.parametrize(("language", "raw", "problem", "message"), [
    ("en", None, WordProblem.EMPTY, "Type a 5-letter word."),
    ("es", " \t", WordProblem.EMPTY, "Type a 5-letter word."),
    ("en", 12345, WordProblem.CHARACTERS, "A word must be text: 5 of the letters A to Z."),
    ("en", "cr4ne", WordProblem.CHARACTERS,
     "Use only the letters A to Z: the digit 4 can't be used."),
    ("en", "cr ane", WordProblem.CHARACTERS, "Use only the letters A to Z: a space can't be used."),
    ("en", "cr\u200bane", WordProblem.CHARACTERS,
     "Use only the letters A to Z: an invisible character (U+200B) can't be used."),
    ("en", "\x1ccrane", WordProblem.CHARACTERS,
     "Use only the letters A to Z: an invisible character (U+001C) can't be used."),
    ("en", "crane\ufe0f", WordProblem.CHARACTERS,
     "Use only the letters A to Z: an invisible character (U+FE0F) can't be used."),
    ("es", "\u0301arbol", WordProblem.CHARACTERS,
     "Use only the letters A to Z and Ñ: an accent on its own (U+0301) can't be used."),
    ("en", "\u212aebab", WordProblem.CHARACTERS, "Use only the letters A to Z: "
     "\u212a (U+212A KELVIN SIGN, which looks like K) can't be used."),
    ("de", "\u212bpfel", WordProblem.CHARACTERS, "Use only the letters A to Z, Ä, Ö and Ü: "
     "\u212b (U+212B ANGSTROM SIGN, which looks like Å) can't be used."),
    ("en", "\u0441rane", WordProblem.CHARACTERS, "Use only the letters A to Z: "
     "с (U+0441 CYRILLIC SMALL LETTER ES, which looks like c) can't be used."),
    ("en", "\u0392\u0395\u0391\u039a\u03a1", WordProblem.CHARACTERS,
     "Use only the letters A to Z: Β (U+0392, which looks like B), Ε (U+0395, which looks "
     "like E), Α (U+0391, which looks like A) and more can't be used."),
    ("ru", "кoт", WordProblem.CHARACTERS, "Use only the Russian letters А to Я: "
     "o (U+006F LATIN SMALL LETTER O, which looks like о) can't be used."),
    ("ru", "мiр", WordProblem.CHARACTERS, "Use only the Russian letters А to Я: "
     "i (U+0069 LATIN SMALL LETTER I) can't be used."),
    ("uk", "мiсто", WordProblem.CHARACTERS, "Use only the Ukrainian letters А to Я: "
     "i (U+0069 LATIN SMALL LETTER I, which looks like і) can't be used."),
    ("uk", "ïжак", WordProblem.CHARACTERS, "Use only the Ukrainian letters А to Я: "
     "ï (U+00EF LATIN SMALL LETTER I WITH DIAERESIS, which looks like ї) can't be used."),
    ("uk", "ёлка", WordProblem.CHARACTERS, "Use only the Ukrainian letters А to Я: "
     "'ё' can't be used."),
    ("ru", "quark", WordProblem.CHARACTERS, "Use only the Russian letters А to Я: "
     "q (U+0071 LATIN SMALL LETTER Q), u (U+0075 LATIN SMALL LETTER U), "
     "a (U+0061 LATIN SMALL LETTER A, which looks like а) and more can't be used."),
    ("tr", "quark", WordProblem.CHARACTERS, "Use only the Turkish letters A to Z with "
     "Ç Ğ I İ Ö Ş Ü, without Q W X: 'q' can't be used."),
    ("es", "straße", WordProblem.CHARACTERS,
     "Use only the letters A to Z and Ñ: 'ß' can't be used."),
    ("en", "ﬁnal", WordProblem.CHARACTERS, "Use only the letters A to Z: "
     "ﬁ (U+FB01 LATIN SMALL LIGATURE FI, which looks like fi) can't be used."),
    ("en", "cra\udce9e", WordProblem.CHARACTERS,
     "Use only the letters A to Z: a character that could not be read can't be used."),
    ("en", "é1", WordProblem.CHARACTERS, "Use only the letters A to Z: the digit 1 can't be used."),
])
def test_refusals_say_why(language: str, raw: object, problem: WordProblem,
                          message: str) -> None:
    bad = refusal(language, raw)
    assert bad.problem is problem
    assert bad.message == message == str(bad)
    # The game's handlers of a bad word catch this one too.
    assert isinstance(bad, BadWord) and isinstance(bad, ValueError)


def test_a_long_refused_word_names_three_characters_and_more() -> None:
    text = "".join(map(chr, range(0x4E00, 0x4E00 + 2_000)))
    assert refusal("en", text).message == (
        "Use only the letters A to Z: '一', '丁', '丂' and more can't be used.")
    # A repeated bad character is named once.
    assert refusal("en", "c44n4").message == (
        "Use only the letters A to Z: the digit 4 can't be used.")


def test_surrounding_spaces_are_dropped_but_not_invisible_controls() -> None:
    assert read("es", "\u3000\u00a0\tCAÑÓN \r\n") == "cañon"
    for c in ("\x1c", "\x85"):
        assert f"an invisible character (U+{ord(c):04X})" in refusal("en", c + "crane").message


# -- the answer shown at the end ---------------------------------------------------------------

@pytest.mark.parametrize(("language", "word", "spelling", "shown"), [
    ("es", "arbol", "árbol", "ÁRBOL"), ("es", "cañon", "cañón", "CAÑÓN"),
    ("fr", "coeur", "cœur", "CŒUR"), ("fr", "peche", "pêche", "PÊCHE"),
    ("de", "strasse", "straße", "STRAẞE"), ("ru", "елка", "ёлка", "ЁЛКА"),
    ("tr", "istanbul", "istanbul", "İSTANBUL"), ("tr", "kar", "kâr", "KÂR"),
    ("en", "crane", "crane", "CRANE"),
    # A spelling that is not of the word is not shown: the word itself is.
    ("fr", "peche", "poche", "PECHE"), ("es", "año", "ano", "AÑO"),
])
def test_the_answer_is_shown_with_its_accents(language: str, word: str, spelling: str,
                                              shown: str) -> None:
    assert shown_answer(word, spelling, letter_rules(language)) == shown
