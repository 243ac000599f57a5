"""The game's vocabulary and rules, once: every other layer imports them from here.

Vocabulary: enums whose values are the strings the database stores (so no data migration).
Rules: small pure functions over a game (:class:`bot.core.game.Game`), and one table of game
modes (:data:`MODES`). A word typed by a person is checked by :func:`normalise_word`; a played
row is a :class:`Row`, checked once by :func:`parse_row`.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from enum import Enum, StrEnum
from functools import cache
from typing import TYPE_CHECKING, Final, NamedTuple

from bot.core.variant import CLASSIC, LATIN, Variant
from bot.core.word_notes import CharacterKind, CharacterNote, WordValues, english_word_message

if TYPE_CHECKING:
    from bot.core.game import Game

#: Letters in a word, and guesses in a game, of today's only variant.
WORD_LENGTH: Final = CLASSIC.length
MAX_ATTEMPTS: Final = CLASSIC.attempts

#: Feedback per letter: right place, elsewhere in the word, not in the word (or no more of it).
GREEN, YELLOW, GREY = "G", "Y", "B"
FEEDBACK_STATES = (GREEN, YELLOW, GREY)
#: Feedback meaning the guess was the hidden word.
ALL_GREEN: Final = CLASSIC.all_green
_ASCII_LETTERS = frozenset(LATIN + LATIN.upper())


# -- vocabulary ---------------------------------------------------------------------------


class Scope(StrEnum):
    """Who plays a game: its owner alone, or everyone in the channel."""

    OWN = "own"
    CHANNEL = "channel"


class Kind(StrEnum):
    """Where a game's hidden word comes from."""

    DAILY = "daily"
    #: Drawn at random from the answer list.
    RANDOM = "random"
    #: Chosen by a player (a channel challenge, or the terminal's ``--word``).
    CHOSEN = "custom"
    #: One word drawn for a race, played by each racer on their own board. Race boards are
    #: kept with their race (``bot.core.race``), never as rows of the games table.
    RACE = "race"
    #: A past daily played again (its puzzle number, the server's word of that day).
    ARCHIVE = "archive"


class Status(StrEnum):
    ACTIVE = "active"
    WON = "won"
    LOST = "lost"
    GIVEN_UP = "given_up"

    @property
    def is_over(self) -> bool:
        return self is not Status.ACTIVE


class StatsBucket(StrEnum):
    """Statistics are kept apart for dailies, own practice games and channel games."""

    DAILY = "daily"
    PRACTICE = "practice"
    CHANNEL = "channel"
    #: Races: played, first places, podiums, average guesses (``bot.core.race``).
    RACE = "race"
    #: Past dailies played from the archive (never in the daily streaks).
    ARCHIVE = "archive"


class HintKind(StrEnum):
    LETTER = "letter"
    POSITION = "position"
    WORD = "word"


class LeaderboardOrder(StrEnum):
    WINS = "wins"
    WIN_PERCENT = "win_percent"
    AVERAGE = "average"
    CURRENT_STREAK = "current_streak"
    MAX_STREAK = "max_streak"


class HintPolicy(Enum):
    ALWAYS = "always"
    #: Follows the server's setting for the mode: ``hints_in_channel_games``, or for a race
    #: ``hints_in_races`` (off by default).
    SERVER_SETTING = "server_setting"
    #: Follows the server's ``hints_in_dailies`` (off by default).
    DAILY_SETTING = "daily_setting"


# -- game modes ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Mode:
    """What sets one kind of game apart. A new mode (an archive daily, a race) is one entry
    in :data:`MODES` plus its use case."""

    name: str
    scope: Scope
    kind: Kind
    #: Played in messages only the player sees (so nobody spoils the word).
    private: bool
    bucket: StatsBucket
    #: The label after "Wordle" (a daily shows its puzzle number instead).
    label: str
    hints: HintPolicy
    #: The solver's suggestion: only where the hidden word is from the answer list it knows.
    word_hints: bool


DAILY = Mode("daily", Scope.OWN, Kind.DAILY, True, StatsBucket.DAILY,
             "daily", HintPolicy.DAILY_SETTING, True)
PRACTICE = Mode("practice", Scope.OWN, Kind.RANDOM, False,
                StatsBucket.PRACTICE, "practice", HintPolicy.ALWAYS, True)
#: An own game with a word the player chose (the terminal's ``--word``): practice.
CHOSEN_PRACTICE = Mode("chosen practice", Scope.OWN, Kind.CHOSEN, False,
                       StatsBucket.PRACTICE, "practice", HintPolicy.ALWAYS, False)
CHANNEL_GAME = Mode("channel game", Scope.CHANNEL, Kind.RANDOM, False,
                    StatsBucket.CHANNEL, "practice", HintPolicy.SERVER_SETTING, True)
CHALLENGE = Mode("challenge", Scope.CHANNEL, Kind.CHOSEN, False,
                 StatsBucket.CHANNEL, "challenge", HintPolicy.SERVER_SETTING, False)

#: A race: everyone in the channel who joins plays one hidden word on their own private board.
RACE = Mode("race", Scope.OWN, Kind.RACE, True, StatsBucket.RACE, "race",
            HintPolicy.SERVER_SETTING, True)

#: A past daily played again: labelled "Wordle 123 · archive", its own statistics bucket.
ARCHIVE = Mode("archive", Scope.OWN, Kind.ARCHIVE, True, StatsBucket.ARCHIVE,
               "archive", HintPolicy.ALWAYS, True)

MODES: dict[tuple[Scope, Kind], Mode] = {
    (m.scope, m.kind): m
    for m in (DAILY, PRACTICE, CHOSEN_PRACTICE, CHANNEL_GAME, CHALLENGE, RACE, ARCHIVE)
}
#: The modes whose games are rows of the games table (a race keeps its boards with the race).
STORED_MODES: tuple[Mode, ...] = tuple(m for m in MODES.values() if m.kind is not Kind.RACE)


def mode_of(scope: Scope | str, kind: Kind | str) -> Mode:
    """The mode of a game; ``ValueError`` for a combination no mode has (a channel daily)."""
    try:
        return MODES[Scope(scope), Kind(kind)]
    except KeyError:
        raise ValueError(f"no game mode is {scope} + {kind}") from None


# -- rules over a game --------------------------------------------------------------------


class Refusal(StrEnum):
    """Why a player may not act on a game."""

    GAME_OVER = "game_over"
    NOT_YOUR_GAME = "not_your_game"
    #: The player set the challenge's word.
    SETTER = "setter"
    #: A channel game that has started: only its guessers and its setter may give it up.
    NOT_A_PLAYER = "not_a_player"


def is_setter(game: Game, player_id: int, mark: str | None = None) -> bool:
    """Whether ``player_id`` set the game's word. ``mark`` is the player's anonymous mark in
    the store: a setter who asked to be forgotten leaves only that mark on the game."""
    if game.setter_id is not None:
        return game.setter_id == player_id
    return mark is not None and game.setter_mark == mark


def _seat_refusal(game: Game, player_id: int) -> Refusal | None:
    if game.status.is_over:
        return Refusal.GAME_OVER
    if game.scope is Scope.OWN and game.owner_id != player_id:
        return Refusal.NOT_YOUR_GAME
    return None


def guess_refusal(game: Game, player_id: int,
                  mark: str | None = None) -> Refusal | None:
    """Why ``player_id`` (``mark``: :func:`is_setter`) may not guess in ``game``, or ``None``:
    an own game is its owner's; a channel game anyone's in the channel but its setter's."""
    refusal = _seat_refusal(game, player_id)
    if refusal is None and is_setter(game, player_id, mark):
        return Refusal.SETTER
    return refusal


def hint_refusal(game: Game, player_id: int,
                 mark: str | None = None) -> Refusal | None:
    """Whoever may guess may take a hint: :func:`guess_refusal`."""
    return guess_refusal(game, player_id, mark)


def give_up_refusal(game: Game, player_id: int,
                    mark: str | None = None) -> Refusal | None:
    """Why ``player_id`` may not give ``game`` up, or ``None``. An own game: its owner. A
    channel game: before the first guess anyone in the channel; after it, a player who has
    guessed in it or the challenge's setter."""
    refusal = _seat_refusal(game, player_id)
    started = game.guessed or bool(game.guessers)
    if refusal is not None or game.scope is Scope.OWN or not started:
        return refusal
    if player_id in game.guessers or is_setter(game, player_id, mark):
        return None
    return Refusal.NOT_A_PLAYER


def counted_players(game: Game) -> frozenset[int]:
    """Whose statistics a finished game counts for: the owner of an own game, every player
    who guessed in a channel game (never a challenge's setter, who cannot guess)."""
    if game.scope is Scope.OWN:
        return frozenset() if game.owner_id is None else frozenset({game.owner_id})
    return game.guessers


def stats_bucket(scope: Scope | str, kind: Kind | str) -> StatsBucket:
    """The statistics bucket a game counts in."""
    return mode_of(scope, kind).bucket


def game_label(scope: Scope | str, kind: Kind | str, puzzle_number: int | None) -> str:
    """``Wordle 1,234`` for a daily, ``Wordle 123 · archive`` for a past one played again;
    ``Wordle practice`` or ``Wordle challenge`` otherwise."""
    mode = mode_of(scope, kind)
    if mode.kind in (Kind.DAILY, Kind.ARCHIVE) and puzzle_number is not None:
        number = f"Wordle {puzzle_number:,}"
        return number if mode.kind is Kind.DAILY else f"{number} · {mode.label}"
    return f"Wordle {mode.label}"


# -- words and rows -----------------------------------------------------------------------


class WordProblem(StrEnum):
    EMPTY = "empty"
    CHARACTERS = "characters"
    LENGTH = "length"


#: Longest input echoed back in a message; anything longer is cut with an ellipsis.
_ECHO_LIMIT = 20


class BadWord(ValueError):
    """A word that is not the variant's length in letters of its alphabet: ``values`` for a
    front end to word it (:mod:`bot.core.word_notes`), ``message`` the core's English."""

    def __init__(self, problem: WordProblem, text: str, variant: Variant = CLASSIC) -> None:
        self.problem = problem
        self.text = text
        self.values = _word_values(problem, text, variant)
        letters = ("the letters A to Z" if variant.alphabet == LATIN
                   else "the letters " + ", ".join(variant.alphabet.upper()))
        self.message = english_word_message(problem.value, self.values, letters)
        super().__init__(self.message)


def _echo(text: str) -> str:
    """A short, printable rendering of user input for use inside a message."""
    shown = "".join(c if c.isprintable() else "\N{REPLACEMENT CHARACTER}" for c in text)
    return shown if len(shown) <= _ECHO_LIMIT else shown[:_ECHO_LIMIT] + "…"


#: The whitespace that may surround a word (and is "a space" inside one): spaces, tabs, line
#: ends and Unicode's space and separator characters; not the control characters that Python
#: also counts as whitespace (U+001C-U+001F, U+0085), which are invisible. (Every character
#: ``str.isspace`` accepts is below U+3001.)
_SPACES: Final = "".join(
    c for c in map(chr, range(0x3001))
    if c.isspace() and (c in "\t\n\v\f\r" or unicodedata.category(c).startswith("Z")))


def character_note(c: str) -> CharacterNote:
    """A character that is not A-Z, as a person can find it in what they typed. A letter
    that is not A-Z but may look like it (KELVIN SIGN, a full-width or Cyrillic letter) gets
    its code point, its Unicode name and what it looks like."""
    code = f"U+{ord(c):04X}"
    if c in _SPACES:
        return CharacterNote(CharacterKind.SPACE, c)
    if c.isdigit():
        return CharacterNote(CharacterKind.DIGIT, c)
    category = unicodedata.category(c)
    if category == "Cs":
        # A byte the terminal's encoding could not decode (Python keeps it as a surrogate).
        return CharacterNote(CharacterKind.UNREADABLE, c)
    if category in ("Mn", "Me"):  # a keyboard that sends accented letters in two parts
        return CharacterNote(CharacterKind.ACCENT, c, code)
    if not c.isprintable() or category == "Cf":
        return CharacterNote(CharacterKind.INVISIBLE, c, code)
    name = unicodedata.name(c, "")
    plain = unicodedata.normalize("NFKC", c)
    if plain.isascii() and plain.isalpha():  # a form of A-Z: full-width, bold, a unit's sign
        return CharacterNote(CharacterKind.LOOK_ALIKE, c, code, name, plain)
    if category in ("Lu", "Ll", "Lt") and name and not name.startswith("LATIN "):
        # A letter of another alphabet, many of which look like A-Z (Cyrillic, Greek):
        # its name says which alphabet it is from.
        return CharacterNote(CharacterKind.FOREIGN, c, code, name)
    return CharacterNote(CharacterKind.OTHER, c)


def describe_character(c: str, *, named: bool = True) -> str:
    """A character that is not A-Z in English (:func:`character_note`)."""
    return character_note(c).english(named=named)


@cache
def typed_letters(alphabet: str) -> frozenset[str]:
    """The characters a person may type for ``alphabet``: each letter in either case."""
    return frozenset(alphabet) | {c.upper() for c in alphabet if len(c.upper()) == 1}


def _word_values(problem: WordProblem, text: str, variant: Variant) -> WordValues:
    if problem is WordProblem.CHARACTERS:
        letters = typed_letters(variant.alphabet)
        bad: list[str] = []  # the first different ones, up to one more than are named
        for c in text:
            if c not in letters and c not in bad:
                bad.append(c)
                if len(bad) > 3:
                    break
        return WordValues(variant.length, variant.alphabet,
                          tuple(character_note(c) for c in bad[:3]), len(bad) > 3)
    if problem is WordProblem.LENGTH:
        return WordValues(variant.length, variant.alphabet, shown=_echo(text).upper(),
                          counts=len(text))
    return WordValues(variant.length, variant.alphabet)


def only_letters(text: str) -> bool:
    """Whether ``text`` is made of the letters A-Z and a-z alone (checked as typed: a
    look-alike that changing case would turn into one, like KELVIN SIGN, is not)."""
    return all(c in _ASCII_LETTERS for c in text)


def normalise_word(raw: object, variant: Variant = CLASSIC) -> str:
    """The one word check: ``raw`` as a lower-case word of the variant's length in letters of
    its alphabet.

    Surrounding whitespace is ignored and case does not matter, but the characters are checked
    before the case is changed, so a look-alike (KELVIN SIGN, which lower-cases to ``k``) is
    refused. Raises :class:`BadWord` for anything else.
    """
    if raw is None:
        raise BadWord(WordProblem.EMPTY, "", variant)
    if not isinstance(raw, str):
        raise BadWord(WordProblem.CHARACTERS, "", variant)
    text = raw.strip(_SPACES)
    if not text:
        raise BadWord(WordProblem.EMPTY, text, variant)
    letters = typed_letters(variant.alphabet)
    if not all(c in letters for c in text):
        raise BadWord(WordProblem.CHARACTERS, text, variant)
    if len(text) != variant.length:
        raise BadWord(WordProblem.LENGTH, text, variant)
    return text.lower()


class Row(NamedTuple):
    """A guess that was played, with its feedback (``("crane", "BYGBB")``)."""

    word: str
    feedback: str


def normalise_feedback(raw: object, length: int = WORD_LENGTH) -> str:
    """``raw`` as ``length`` upper-case feedback states, else ``ValueError``."""
    if not isinstance(raw, str):
        raise ValueError(f"feedback must be {length} of G, Y, B")
    feedback = raw.strip(_SPACES).upper()
    if len(feedback) != length or any(c not in FEEDBACK_STATES for c in feedback):
        raise ValueError(f"feedback must be {length} of G, Y, B: {_echo(raw)!r}")
    return feedback


def parse_row(raw: object, variant: Variant = CLASSIC) -> Row:
    """A ``(word, feedback)`` pair of ``variant`` as a checked :class:`Row`, else
    ``ValueError``."""
    pair: tuple[object, ...] = tuple(raw) if isinstance(raw, (tuple, list)) else ()
    if len(pair) != 2:
        raise ValueError("a row must be a (word, feedback) pair")
    return Row(normalise_word(pair[0], variant), normalise_feedback(pair[1], variant.length))
