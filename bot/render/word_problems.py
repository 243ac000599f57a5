"""Why a guess was refused, in the reader's language: the core's reasons
(:class:`bot.core.game.Invalid` and its values: :mod:`bot.core.word_notes`) worded here, never
read from the core's English."""

from __future__ import annotations

from bot.core.game import Invalid
from bot.core.variant import LATIN
from bot.core.word_notes import (
    MESSAGE_LIMIT,
    CharacterKind,
    CharacterNote,
    HardModeRule,
    WordValues,
)
from bot.render.common import ENGLISH, Texts, upper_letters

_LATIN_SET = frozenset(LATIN)


def invalid_text(invalid: Invalid | None, texts: Texts = ENGLISH) -> str:
    """Why a guess was refused, in the language of ``texts``."""
    t = texts
    if invalid is None:
        return t._("That word can't be used.")
    values = invalid.values
    if invalid.code == "finished":
        return t._("This game is over; start a new one to keep playing.")
    if invalid.code == "unknown_word" and isinstance(values, str):
        return t._("{word} is not in the word list.", word=values)
    if invalid.code == "hard_mode" and isinstance(values, HardModeRule):
        return hard_mode_text(values, t)
    if isinstance(values, WordValues):
        return word_text(invalid.code, values, t)
    return t._("That word can't be used.")


def ordinal_text(n: int, texts: Texts = ENGLISH) -> str:
    """``n`` as an ordinal of a letter's place: 2nd, 2., 2e, 2.ª, 2-я (the catalogues'
    context "ordinal": English endings by the number's last digit, each language's own
    ending for a letter, feminine in most)."""
    t, number = texts, texts.number(n)
    if n % 100 in (11, 12, 13) or n % 10 not in (1, 2, 3):
        return t.pgettext("ordinal", "{n}th", n=number)
    if n % 10 == 1:
        return t.pgettext("ordinal", "{n}st", n=number)
    if n % 10 == 2:
        return t.pgettext("ordinal", "{n}nd", n=number)
    return t.pgettext("ordinal", "{n}rd", n=number)


def hard_mode_text(rule: HardModeRule, texts: Texts = ENGLISH) -> str:
    """The hard-mode rule a guess breaks: "Hard mode: the 2nd letter must be E."; in a game
    of several boards, the board it is of first ("Board 2: Hard mode: ...")."""
    text = _rule_text(rule, texts)
    if rule.board is None:
        return text
    return texts._("Board {board}:", board=texts.number(rule.board)) + " " + text


def _rule_text(rule: HardModeRule, texts: Texts) -> str:
    t, letter = texts, upper_letters(rule.letter)
    if rule.position is not None:
        return t._("Hard mode: the {ordinal} letter must be {letter}.",
                   ordinal=ordinal_text(rule.position, t), letter=letter)
    if rule.count == 1:
        return t._("Hard mode: your guess must contain {letter}.", letter=letter)
    if rule.count == 2:
        return t._("Hard mode: your guess must contain {letter} twice.", letter=letter)
    return t.ngettext("Hard mode: your guess must contain {letter} {n} time.",
                      "Hard mode: your guess must contain {letter} {n} times.", rule.count,
                      letter=letter)


def letters_text(alphabet: str, texts: Texts = ENGLISH) -> str:
    """The letters a word is made of: "the letters A to Z and Ñ", "the letters А to Я"."""
    t = texts
    shown = [upper_letters(letter, alphabet) for letter in alphabet]
    if set(alphabet) >= _LATIN_SET:
        extra = [upper_letters(letter, alphabet) for letter in alphabet
                 if letter not in _LATIN_SET]
        if not extra:
            return t._("the letters A to Z")
        return t._("the letters A to Z and {letters}", letters=", ".join(extra))
    if len(alphabet) > 20:  # a whole alphabet of another script: its first and last
        return t._("the letters {first} to {last}", first=shown[0], last=shown[-1])
    return t._("the letters {letters}", letters=", ".join(shown))


def character_text(note: CharacterNote, texts: Texts = ENGLISH, *, named: bool = True) -> str:
    """A refused character, so a person can find it in what they typed."""
    t, kind = texts, note.kind
    if kind is CharacterKind.SPACE:
        return t._("a space")
    if kind is CharacterKind.DIGIT:
        return t._("the digit {digit}", digit=note.text)
    if kind is CharacterKind.UNREADABLE:
        return t._("a character that could not be read")
    if kind is CharacterKind.INVISIBLE:
        return t._("an invisible character ({code})", code=note.code)
    if kind is CharacterKind.ACCENT:
        return t._("an accent on its own ({code})", code=note.code)
    code = f"{note.code} {note.name}" if named and note.name else note.code
    if kind is CharacterKind.LOOK_ALIKE:
        return t._("{character} ({code}, which looks like {letters})", character=note.text,
                   code=code, letters=note.looks_like)
    if kind is CharacterKind.FOREIGN:
        return f"{note.text} ({code})"
    return f"'{note.text}'"


def word_text(problem: str, values: WordValues, texts: Texts = ENGLISH) -> str:
    """A typed word that is no word of the game (``problem``: ``empty``, ``characters`` or
    ``length``)."""
    t = texts
    length = t.number(values.length)
    if problem == "empty":
        return t._("Type a {length}-letter word.", length=length)
    if problem == "characters":
        letters = letters_text(values.alphabet, t)
        if not values.characters:
            return t._("A word must be text: {length} of {letters}.", length=length,
                       letters=letters)
        text = ""
        for named in (True, False):  # Unicode's names while the message stays short
            characters = ", ".join(character_text(c, t, named=named)
                                   for c in values.characters)
            if values.more:
                text = t._("Use only {letters}: {characters} and more can't be used.",
                           letters=letters, characters=characters)
            else:
                text = t._("Use only {letters}: {characters} can't be used.",
                           letters=letters, characters=characters)
            if len(text) <= MESSAGE_LIMIT:
                break
        return text
    count = t.number(values.counts)
    if not values.several:
        return t._("A word must have {length} letters; {word} has {count}.", length=length,
                   word=values.shown, count=count)
    notes = "; ".join(t._("{written} counts as {letters}", written=written, letters=read)
                      for written, read in values.several)
    return t._("A word must have {length} letters; {word} has {count} ({notes}).",
               length=length, word=values.shown, count=count, notes=notes)
