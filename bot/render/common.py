"""What every renderer (and the board message) shares: its input checked, and the words of the
reader's language.

Renderers take plain data, never a game: ``rows``, ``(word, feedback)`` pairs such as
``[("crane", "GYBBB")]``, in the variant's alphabet and either case; ``keyboard``, letter ->
``"G"``/``"Y"``/``"B"`` for the letters played; a :class:`~bot.core.variant.Variant`; and a
``layout``, the keyboard's rows (:data:`QWERTY_ROWS` unless given). Case follows the
alphabet's language (:func:`case_rules`: on a Turkish board i is shown İ). Malformed input
raises ``ValueError`` saying what is wrong, so a bug upstream is a clear error, not a garbled
board. A :class:`Texts` words messages in one language (:mod:`bot.render.catalogues`); it is
passed along, never global: a private reply is in the player's language, a post in the server's.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from babel import Locale
from babel.numbers import format_decimal, get_group_symbol

from bot.core.domain import FEEDBACK_STATES, GREY, Kind, Scope, mode_of, only_letters
from bot.core.game import keyboard
from bot.core.letter_rules import LETTER_RULES, LetterRules
from bot.core.letters import lower_case, upper_case
from bot.core.multiboard import board_game
from bot.core.variant import CLASSIC, LATIN, Variant
from bot.render.catalogues import (
    COMMAND_NAME,
    LANGUAGES,
    N_,
    SOURCE_LANGUAGE,
    number_locale,
    translations,
)

#: A keyboard's rows of letters, top row first.
KeyboardLayout = tuple[str, ...]
#: The keyboard of the Latin alphabet, as laid out in the game.
QWERTY_ROWS: KeyboardLayout = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
#: A keyboard's states (either case) as returned.
_KEY_STATES = {state: state for state in FEEDBACK_STATES} | {
    state.lower(): state for state in FEEDBACK_STATES}
#: Each language's rules by its set of letters (languages that share their letters, such as
#: English and French, share their case rule too).
_RULES_BY_LETTERS = {frozenset(rules.alphabet): rules for rules in LETTER_RULES.values()}
_LATIN_LETTERS = frozenset(LATIN)


def _short(value: object, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def normalise_feedback(feedback: object) -> str:
    """Return ``feedback`` upper case, or raise ``ValueError`` unless it is only G, Y and B."""
    if not isinstance(feedback, str):
        raise ValueError(f"feedback must be a string of G, Y and B, not {_short(feedback)}")
    upper = feedback.upper()
    if not upper or any(ch not in FEEDBACK_STATES for ch in upper):
        raise ValueError(f"feedback must be a non-empty string of G, Y and B: {_short(feedback)}")
    return upper


@lru_cache(maxsize=64)
def case_rules(alphabet: str) -> LetterRules:
    """The rules whose upper and lower case letters of ``alphabet`` follow: those of the
    language with exactly these letters; for other letters, Turkish case when they hold
    both i and dotless ı (their capitals must differ), else Unicode's."""
    found = _RULES_BY_LETTERS.get(frozenset(alphabet))
    if found is not None:
        return found
    turkic = "ı" in alphabet and "i" in alphabet
    return LETTER_RULES["tr" if turkic else "en"]


def upper_letters(text: str, alphabet: str = LATIN) -> str:
    """``text`` in upper case the way the language of ``alphabet`` writes it, as tiles and
    keys show it (Turkish i is İ)."""
    if alphabet == LATIN and text.isascii():  # plain A-Z: no language's own capitals
        return text.upper()
    return upper_case(text, case_rules(alphabet))


def _letters_named(alphabet: str) -> str:
    if frozenset(alphabet) == _LATIN_LETTERS:
        return "letters A-Z"
    return f"letters of {_short(upper_letters(alphabet, alphabet))}"


@lru_cache(maxsize=64)
def _key_letters(alphabet: str) -> dict[str, str]:
    """Each letter of ``alphabet`` and its capital -> the letter."""
    rules = case_rules(alphabet)
    return {letter: letter for letter in alphabet} | {
        upper_case(letter, rules): letter for letter in alphabet}


def normalise_word(word: object, alphabet: str = LATIN) -> str:
    """Return ``word`` lower case, or raise ``ValueError`` unless it is letters of
    ``alphabet`` only (in either case, the language's way)."""
    if not isinstance(word, str):
        raise ValueError(f"word must be a string of {_letters_named(alphabet)}, "
                         f"not {_short(word)}")
    if alphabet == LATIN:  # the usual case, at once
        if word and only_letters(word):
            return word.lower()
    elif word and all(c in _key_letters(alphabet) for c in word):
        return lower_case(word, case_rules(alphabet))
    raise ValueError(f"word must be a non-empty string of {_letters_named(alphabet)}: "
                     f"{_short(word)}")


#: Rows checked lately (a board is drawn again after every guess, as text and as a picture):
#: ``(word, feedback, alphabet)`` as given -> as returned. Only pairs of strings; cleared when
#: full.
_CHECKED_ROWS: dict[tuple[str, str, str], tuple[str, str]] = {}
_CHECKED_ROWS_MAX = 4096


def normalise_row(row: object, alphabet: str = LATIN) -> tuple[str, str]:
    """Check one ``(word, feedback)`` pair of letters of ``alphabet``; return it as
    ``("crane", "GYBBB")``."""
    pair: tuple[object, ...] = tuple(row) if isinstance(row, (tuple, list)) else ()
    if len(pair) == 2 and type(pair[0]) is str and type(pair[1]) is str:
        key = (pair[0], pair[1], alphabet)
        known = _CHECKED_ROWS.get(key)
        if known is None:
            known = _normalise_pair(pair, row, alphabet)
            if len(_CHECKED_ROWS) >= _CHECKED_ROWS_MAX:
                _CHECKED_ROWS.clear()
            _CHECKED_ROWS[key] = known
        return known
    return _normalise_pair(pair, row, alphabet)


def _normalise_pair(pair: tuple[object, ...], row: object, alphabet: str) -> tuple[str, str]:
    if len(pair) != 2:
        raise ValueError(f"a row must be a (word, feedback) pair, not {_short(row)}")
    word = normalise_word(pair[0], alphabet)
    feedback = normalise_feedback(pair[1])
    if len(word) != len(feedback):
        shown = upper_letters(word, alphabet)
        raise ValueError(
            f"word and feedback lengths differ: {shown!r} has {len(word)} letters, "
            f"feedback {feedback!r} has {len(feedback)}"
        )
    return word, feedback


def normalise_rows(rows: Iterable[object], alphabet: str = LATIN) -> list[tuple[str, str]]:
    """Check every row (see :func:`normalise_row`); all words must have the same length."""
    if isinstance(rows, (str, bytes)):
        raise ValueError("rows must be a sequence of (word, feedback) pairs, not a string")
    try:
        checked = [normalise_row(row, alphabet) for row in rows]
    except TypeError:
        raise ValueError(
            f"rows must be a sequence of (word, feedback) pairs, not {_short(rows)}"
        ) from None
    lengths = {len(word) for word, _ in checked}
    if len(lengths) > 1:
        raise ValueError(f"all words must have the same length, got lengths {sorted(lengths)}")
    return checked


def normalise_keyboard(keyboard: Mapping[str, str] | None,
                       alphabet: str = LATIN) -> dict[str, str]:
    """Check a keyboard mapping of letters of ``alphabet`` (either case); return it with
    lower-case letters and upper-case states."""
    if keyboard is None:
        return {}
    if not isinstance(keyboard, Mapping):
        raise ValueError(f"keyboard must be a mapping of letter -> G/Y/B, not {_short(keyboard)}")
    letters = _key_letters(alphabet)
    result: dict[str, str] = {}
    for letter, state in keyboard.items():
        key = letters.get(letter) if type(letter) is str else None
        if key is None:
            raise ValueError(f"keyboard keys must be single {_letters_named(alphabet)}, "
                             f"not {_short(letter)}")
        checked = _KEY_STATES.get(state) if type(state) is str else None
        if checked is None:
            raise ValueError(f"keyboard state for {upper_letters(key, alphabet)} must be G, Y "
                             f"or B: {state!r}")
        result[key] = checked
    return result


def check_variant(variant: object) -> Variant:
    """Return ``variant`` if it is a :class:`~bot.core.variant.Variant`, else raise
    ``ValueError``."""
    if not isinstance(variant, Variant):
        raise ValueError(f"variant must be a Variant, not {_short(variant)}")
    return variant


def board_rows(rows: Iterable[object], variant: Variant) -> list[tuple[str, str]]:
    """Check the rows of a board of ``variant`` (see :func:`normalise_rows`): every word has
    the variant's length. There may be more rows than attempts; all of them are drawn."""
    checked = normalise_rows(rows, variant.alphabet)
    if checked and len(checked[0][0]) != variant.length:
        word = upper_letters(checked[0][0], variant.alphabet)
        raise ValueError(f"the board is for {variant.length}-letter words, not "
                         f"{len(word)}-letter ones like {_short(word)}")
    return checked


def check_layout(layout: object, alphabet: str | None = None) -> KeyboardLayout:
    """Return ``layout`` as a tuple of lower-case rows, or raise ``ValueError`` unless it is a
    sequence of rows of letters with no letter twice; with an ``alphabet``, the keys must be
    exactly its letters, so that every letter has one key."""
    if type(layout) is not tuple:  # a tuple, as usual, goes straight to the cache
        if isinstance(layout, str) or not isinstance(layout, Sequence):
            raise ValueError(f"a keyboard layout is rows of letters, not {_short(layout)}")
        layout = tuple(layout)
    try:
        return _checked_layout(layout, alphabet)
    except TypeError:  # a row that cannot be hashed, so not a string
        raise ValueError(f"a keyboard layout is rows of letters, not {_short(layout)}") from None


@lru_cache(maxsize=64)
def _checked_layout(layout: tuple[object, ...], alphabet: str | None) -> KeyboardLayout:
    if not layout or not all(isinstance(row, str) and row for row in layout):
        raise ValueError(f"a keyboard layout is rows of letters, not {_short(layout)}")
    rules = case_rules(alphabet or "".join(map(str, layout)))
    rows = tuple(lower_case(str(row), rules) for row in layout)
    keys = "".join(rows)
    if len(set(keys)) != len(keys) or not keys.isalpha():
        raise ValueError(f"a keyboard layout has each letter once: {_short(layout)}")
    if alphabet is not None and set(keys) != set(alphabet):
        raise ValueError(f"the keyboard {_short(layout)} does not have one key for each "
                         f"letter of {_short(alphabet)}")
    return rows


def keyboard_rows(variant: Variant) -> KeyboardLayout:
    """The keyboard of the variant's language (AZERTY, QWERTZ, ЙЦУКЕН...), else QWERTY."""
    rules = LETTER_RULES.get(variant.language)
    return rules.keyboard if rules and rules.alphabet == variant.alphabet else QWERTY_ROWS


def keyboard_from_rows(rows: Iterable[object], alphabet: str = LATIN) -> dict[str, str]:
    """Each played letter's best state over ``rows`` of letters of ``alphabet`` (G beats Y
    beats B): the core's rule, after checking the rows."""
    return keyboard(normalise_rows(rows, alphabet))


# --------------------------------------------------------------------------------------------
# The words of a language


#: Babel's formatting of a whole number, remembered: the same few come back in every reply.
_whole_number = lru_cache(maxsize=4096)(format_decimal)


@dataclass(frozen=True, eq=False)
class Texts:
    """The words and numbers of one language."""

    language: str
    translations: gettext.NullTranslations
    locale: Locale

    def _(self, message: str, /, **values: object) -> str:
        """``message`` in this language, its ``{name}`` placeholders filled from ``values``."""
        text = self.translations.gettext(message)
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, count: int, /, **values: object) -> str:
        """The form of ``singular``/``plural`` this language uses for ``count``, with ``{n}``
        the count as the language writes it and the other placeholders from ``values``."""
        text = self.translations.ngettext(singular, plural, count)
        return text.format(n=self.number(count), **values)

    def pgettext(self, context: str, message: str, /, **values: object) -> str:
        """``message`` in this language where the same English words may be said otherwise
        elsewhere: a command's name (``context`` ``"command name"``) or a word on a button."""
        text = self.translations.pgettext(context, message)
        return text.format(**values) if values else text

    def command(self, name: str) -> str:
        """A slash command as players of this language find it in Discord: ``"wordle prefs"``
        as ``/wordle prefs``, each word the command's name in this language (the names the
        command tree is published with, :mod:`bot.cogs.command_translator`)."""
        words = (self.translations.pgettext(COMMAND_NAME, word) for word in name.split())
        return "/" + " ".join(words)

    def number(self, value: float) -> str:
        """A whole number with the language's thousands separator: ``1,234``, ``1 234``,
        ``1.234``."""
        if isinstance(value, int) and abs(value) >= 10**27:  # past Babel's 28 digits
            return f"{value:,}".replace(",", get_group_symbol(self.locale))
        formatted = _whole_number if type(value) is int else format_decimal
        return formatted(value, locale=self.locale)

    def decimal(self, value: float, places: int = 2) -> str:
        """``value`` with ``places`` decimals and the language's decimal mark: ``3.50``,
        ``3,50``."""
        pattern = "#,##0." + "0" * places if places else "#,##0"
        return format_decimal(value, format=pattern, locale=self.locale)

    def either(self, words: list[str]) -> str:
        """Words as a choice: "a", "a or b", "a, b or c" in this language."""
        if len(words) == 1:
            return words[0]
        return self._("{first} or {last}", first=", ".join(words[:-1]), last=words[-1])


def language_of(locale: object) -> str | None:
    """The language of ``locale`` (``"pt-BR"``, ``"de_DE.UTF-8"``, a ``discord.Locale``)
    when the bot speaks it, else None."""
    if locale is None:
        return None
    name = str(getattr(locale, "value", locale)).strip().lower()
    code = name.replace("_", "-").split(".", 1)[0].split("@", 1)[0].split("-", 1)[0]
    return code if code in LANGUAGES else None


def texts_for(locale: object = None) -> Texts:
    """The texts of ``locale``'s language, or English for a language without a catalogue
    (or no locale)."""
    return _texts(language_of(locale) or SOURCE_LANGUAGE)


@lru_cache(maxsize=len(LANGUAGES))
def _texts(language: str) -> Texts:
    return Texts(language, translations(language), number_locale(language))


#: English, the language of the message ids: for callers that have no reader (a log, a test).
ENGLISH = texts_for(SOURCE_LANGUAGE)


# --------------------------------------------------------------------------------------------
# Text shared by the renderers and the Discord messages


#: The name after "Wordle" of each mode's label (:attr:`bot.core.domain.Mode.label`).
MODE_LABELS = {"daily": N_("daily"), "practice": N_("practice"),
               "challenge": N_("challenge"), "race": N_("race"), "archive": N_("archive")}


class LabelledGame(Protocol):
    """What names a game (``bot.core.game.Game`` and the service's views fit)."""

    @property
    def scope(self) -> Scope: ...
    @property
    def kind(self) -> Kind: ...
    @property
    def puzzle_number(self) -> int | None: ...


def game_label_text(game: LabelledGame, texts: Texts = ENGLISH) -> str:
    """The game's name in the language of ``texts`` (see the module notes); a game of
    several boards is named after its mode (``Quordle 1,234``)."""
    label = _label_text(game, texts)
    boards = getattr(game, "variant", CLASSIC).boards
    return label if boards == 1 else label.replace("Wordle", board_game(boards), 1)


def _label_text(game: LabelledGame, texts: Texts) -> str:
    mode = mode_of(game.scope, game.kind)
    name = texts._(MODE_LABELS.get(mode.label, mode.label))
    if mode.kind in (Kind.DAILY, Kind.ARCHIVE) and game.puzzle_number is not None:
        number = texts.number(game.puzzle_number)
        if mode.kind is Kind.DAILY:
            return texts._("Wordle {number}", number=number)
        return texts._("Wordle {number} · {mode}", number=number, mode=name)
    return texts._("Wordle {mode}", mode=name)


def ruled_out_text(keyboard: Mapping[str, str] | None, variant: Variant = CLASSIC,
                   texts: Texts = ENGLISH) -> str:
    """The letters ruled out, in words and in the order of the variant's alphabet (``"Not in
    the word: N, Ñ, T"``); empty while none is."""
    alphabet = check_variant(variant).alphabet
    states = normalise_keyboard(keyboard, alphabet)
    out = [upper_letters(letter, alphabet) for letter in alphabet if states.get(letter) == GREY]
    return texts._("Not in the word: {letters}", letters=", ".join(out)) if out else ""
