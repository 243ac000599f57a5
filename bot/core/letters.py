"""Typed text read as a pack's letters, by the language's :class:`LetterRules`.

A word is read in this order: surrounding spaces are dropped; the text is cut into written
letters (a letter with the accents typed after it); each is refused if it holds a character
that Unicode replaces by another on normalising (the Kelvin sign K, which would pass for K),
else normalised (NFC), lower-cased the language's way (Turkish I is ı) and mapped onto the
pack's letters: kept, folded, or refused. The length is counted in the pack's letters.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from itertools import combinations
from typing import Final

from bot.core.domain import BadWord, WordProblem
from bot.core.letter_rules import CaseRule, LetterRules
from bot.core.word_notes import CharacterKind, CharacterNote, WordValues, english_word_message

#: The whitespace that may surround a word: spaces, tabs, line ends and Unicode's space and
#: separator characters; not the control characters Python also counts as whitespace, which
#: are invisible. (Every character ``str.isspace`` accepts is below U+3001.)
SPACES: Final = "".join(
    c for c in map(chr, range(0x3001))
    if c.isspace() and (c in "\t\n\v\f\r" or unicodedata.category(c).startswith("Z")))

#: Marks that combine with nothing visible: variation selectors and the grapheme joiner.
_INVISIBLE_MARKS: Final = frozenset(
    [chr(0x034F), *map(chr, range(0xFE00, 0xFE10)), *map(chr, range(0xE0100, 0xE01F0))])
#: More accents than this on one letter are refused without trying which to leave off.
_MAX_MARKS: Final = 4
#: Longest input echoed back in a message; anything longer is cut with an ellipsis.
_ECHO_LIMIT: Final = 20

#: Letters of one script that look like letters of another, for saying so in a refusal.
_LOOK_ALIKE_PAIRS: Final = (
    ("аеорсухіАВЕКМНОРСТХІ", "aeopcyxiABEKMHOPCTXI"),  # Cyrillic and Latin, both ways
    ("јѕһԁԛԝЈЅҮԚԜ", "jshdqwJSYQW"),  # Cyrillic letters of other languages, as Latin
    ("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧο", "ABEZHIKMNOPTYXo"),  # Greek, as Latin
)
_LOOK_ALIKES: Final = {
    **{one: other for ones, others in _LOOK_ALIKE_PAIRS
       for one, other in zip(ones, others, strict=True)},
    **dict(zip(*_LOOK_ALIKE_PAIRS[0][::-1], strict=True)),
}


class BadPackWord(BadWord):
    """A word the pack's letters cannot spell at the pack's length: ``values`` for a front
    end to word it, ``message`` the core's English."""

    def __init__(self, problem: WordProblem, text: str, rules: LetterRules, length: int,
                 bad: tuple[str, ...] = (), more: bool = False) -> None:
        self.problem = problem
        self.text = text
        self.rules = rules
        self.length = length
        self.values = _values(problem, text, rules, length, bad, more)
        self.message = english_word_message(problem.value, self.values, rules.letters_named)
        ValueError.__init__(self, self.message)


def lower_case(text: str, rules: LetterRules) -> str:
    """``text`` in lower case by the language's rule: Turkish I is ı and İ is i; elsewhere
    İ is i (Unicode lowers it to i and a combining dot, which this leaves off)."""
    text = text.replace("I\u0307", "İ")
    if rules.case is CaseRule.TURKIC:
        text = text.replace("I", "ı")
    return text.replace("İ", "i").lower().replace("i\u0307", "i")


def upper_case(text: str, rules: LetterRules) -> str:
    """``text`` in upper case by the language's rule, as tiles and answers are shown:
    Turkish i is İ; German ß is ẞ, so a spelling keeps its ß (Unicode would write SS)."""
    if rules.case is CaseRule.TURKIC:
        text = text.replace("i", "İ")
    return text.replace("ß", "ẞ").upper()


def written_letters(text: str) -> Iterator[str]:
    """``text`` cut into what a reader counts as one letter: a character with the accents
    typed after it. An accent after no letter, or at the start, stands on its own."""
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or not (unicodedata.combining(text[i]) and text[start].isalpha()):
            yield text[start:i]
            start = i


def _pack_letters(written: str, rules: LetterRules) -> str | None:
    """The pack letters one written letter (lower case, NFC) stands for, or ``None``."""
    if written in rules.alphabet:
        return written
    if written in rules.folds:
        return rules.folds[written]
    decomposed = unicodedata.normalize("NFD", written)
    base, marks = decomposed[0], decomposed[1:]
    if not marks or len(marks) > _MAX_MARKS:
        return None
    # Leave off as few ignored accents as spell a letter: German ǘ is ü, Spanish ǘ is u.
    for kept in range(len(marks) - 1, -1, -1):
        for chosen in combinations(range(len(marks)), kept):
            left_off = (m for i, m in enumerate(marks) if i not in chosen)
            if all(m in rules.ignored_marks for m in left_off):
                form = unicodedata.normalize("NFC", base + "".join(marks[i] for i in chosen))
                if form in rules.alphabet:
                    return form
                if form in rules.folds:
                    return rules.folds[form]
    return None


def _read_letter(written: str, rules: LetterRules) -> str | None:
    """The pack letters a written letter as typed (any case, any normal form) stands for,
    or ``None``. A character that normalising would replace by another (KELVIN SIGN is K,
    OHM SIGN is Ω) is refused before it can pass for the letter it is not."""
    if not written[0].isalpha() or any(unicodedata.normalize("NFC", c) != c for c in written):
        return None
    lower = lower_case(unicodedata.normalize("NFC", written), rules)
    return _pack_letters(unicodedata.normalize("NFC", lower), rules)


def pack_word(spelling: str, rules: LetterRules) -> str | None:
    """A dictionary's spelling in the pack's letters (``árbol`` is ``arbol`` in Spanish),
    or ``None`` if it has a character the pack cannot spell. What the pack build keeps."""
    letters: list[str] = []
    for written in written_letters(spelling):
        read = _read_letter(written, rules)
        if read is None:
            return None
        letters.append(read)
    return "".join(letters) or None


def read_word(raw: object, rules: LetterRules, length: int) -> str:
    """The one check of a typed word: ``raw`` as ``length`` of the pack's letters.

    Raises :class:`BadPackWord` for nothing typed, a character the pack cannot spell, or a
    wrong length; its message names the characters, or the length in the pack's letters.
    """
    if raw is None:
        raise BadPackWord(WordProblem.EMPTY, "", rules, length)
    if not isinstance(raw, str):
        raise BadPackWord(WordProblem.CHARACTERS, "", rules, length)
    typed = raw.strip(SPACES)
    if not typed:
        raise BadPackWord(WordProblem.EMPTY, typed, rules, length)
    letters: list[str] = []
    bad: list[str] = []  # the first different ones, up to one more than a message names
    for written in written_letters(typed):
        read = _read_letter(written, rules)
        if read is not None:
            letters.append(read)
        elif written not in bad:
            bad.append(written)
            if len(bad) > 3:
                break
    text = unicodedata.normalize("NFC", typed)
    if bad:
        raise BadPackWord(WordProblem.CHARACTERS, text, rules, length, tuple(bad[:3]),
                          len(bad) > 3)
    word = "".join(letters)
    if len(word) != length:
        raise BadPackWord(WordProblem.LENGTH, text, rules, length)
    return word


def shown_answer(word: str, spelling: str, rules: LetterRules) -> str:
    """How a hidden word is shown at the end: its dictionary ``spelling`` (accents and all)
    in upper case, if that spells ``word`` in the pack's letters; else ``word`` itself."""
    if pack_word(spelling, rules) != word:
        spelling = word
    return upper_case(unicodedata.normalize("NFC", spelling), rules)


# -- messages -----------------------------------------------------------------------------


def _echo(text: str) -> str:
    """A short, printable rendering of user input for use inside a message."""
    shown = "".join(c if c.isprintable() else "\N{REPLACEMENT CHARACTER}" for c in text)
    return shown if len(shown) <= _ECHO_LIMIT else shown[:_ECHO_LIMIT] + "…"


def _looks_like(written: str, rules: LetterRules) -> str | None:
    """What pack letters ``written`` (a refused character) may be taken for, as typed:
    a compatibility form (full-width c, the ﬁ ligature) or a letter of another script."""
    plain = unicodedata.normalize("NFKC", written)
    if plain != written and plain.isalpha() and pack_word(plain, rules) is not None:
        return plain
    decomposed = unicodedata.normalize("NFD", written)
    other = _LOOK_ALIKES.get(decomposed[0])
    if other is None:
        return None
    seen = unicodedata.normalize("NFC", other + decomposed[1:])
    return seen if pack_word(seen, rules) is not None else None


def character_note(written: str, rules: LetterRules) -> CharacterNote:
    """A refused written letter, as a person can find it in what they typed. One that may
    pass for a pack letter, or is a letter of another script, gets its code point and its
    Unicode name, which says its script."""
    c = written[0]
    code = f"U+{ord(c):04X}"
    if len(written) == 1:
        category = unicodedata.category(c)
        if c in SPACES:
            return CharacterNote(CharacterKind.SPACE, c)
        if c.isdigit():
            return CharacterNote(CharacterKind.DIGIT, c)
        if category == "Cs":  # a byte the terminal could not decode (kept as a surrogate)
            return CharacterNote(CharacterKind.UNREADABLE, c)
        if c in _INVISIBLE_MARKS or not c.isprintable() or category == "Cf":
            return CharacterNote(CharacterKind.INVISIBLE, c, code)
        if category in ("Mn", "Mc", "Me"):  # a keyboard that sends accents in two parts
            return CharacterNote(CharacterKind.ACCENT, c, code)
    name = unicodedata.name(c, "")
    seen = _looks_like(written, rules)
    if seen is not None:
        return CharacterNote(CharacterKind.LOOK_ALIKE, written, code, name, seen)
    if (unicodedata.category(c) in ("Lu", "Ll", "Lt") and name
            and not name.startswith(rules.script.value + " ")):
        # A letter of another alphabet, many of which look like the pack's letters (Cyrillic
        # and Latin, Greek): its name says which alphabet it is from.
        return CharacterNote(CharacterKind.FOREIGN, written, code, name)
    return CharacterNote(CharacterKind.OTHER, written)


def describe_character(written: str, rules: LetterRules, *, named: bool = True) -> str:
    """A refused written letter in English (:func:`character_note`)."""
    return character_note(written, rules).english(named=named)


def _values(problem: WordProblem, text: str, rules: LetterRules, length: int,
            bad: tuple[str, ...], more: bool) -> WordValues:
    if problem is WordProblem.CHARACTERS:
        notes = tuple(character_note(w, rules) for w in bad)
        return WordValues(length, rules.alphabet, notes, more)
    if problem is WordProblem.EMPTY:
        return WordValues(length, rules.alphabet)
    counted = [(w, _read_letter(w, rules) or w) for w in written_letters(text)]
    letters = sum(len(read) for _, read in counted)
    pairs = dict.fromkeys((w, read) for w, read in counted if len(read) > 1)
    several = tuple((w, upper_case(read, rules)) for w, read in list(pairs)[:2])
    return WordValues(length, rules.alphabet, shown=_echo(upper_case(text, rules)),
                      counts=letters, several=several)
