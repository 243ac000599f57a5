"""One game of Wordle, stored or not: its hidden word, its guesses, the facts derived from
them, and the play of a new guess.

:class:`Game` is the one shape of a game: the stores return it, the rules in
:mod:`bot.core.domain` judge it, the front ends draw it. It is immutable; playing a guess
returns the next game. Invalid guesses never raise: :meth:`Game.check` and :meth:`Game.guess`
hand back an :class:`Invalid` with a code and a message for a person, and nothing changes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from functools import cached_property
from typing import Any

from bot.core.domain import (
    GREEN,
    GREY,
    MAX_ATTEMPTS,
    MODES,
    BadWord,
    Kind,
    Mode,
    Refusal,
    Row,
    Scope,
    StatsBucket,
    Status,
    counted_players,
    game_label,
    mode_of,
    normalise_word,
)
from bot.core.feedback import keyboard, score
from bot.core.letter_rules import LETTER_RULES
from bot.core.letters import read_word, upper_case
from bot.core.multiboard import BoardFacts, board_game, boards_status, split_feedback, split_words
from bot.core.variant import CLASSIC, Variant
from bot.core.word_notes import HardModeRule, WordValues

__all__ = ["MAX_ATTEMPTS", "Game", "Guess", "HardModeRule", "Invalid", "Row", "Status",
           "hard_mode_problem", "hard_mode_rule", "keyboard", "validate_guess"]


@dataclass(frozen=True)
class Invalid:
    """Why a guess was refused: ``code`` and its ``values``, which front ends word in their
    reader's language, and ``message``, the core's English.

    Codes and values: ``empty``, ``length``, ``characters`` (:class:`bot.core.domain.WordProblem`;
    a :class:`~bot.core.word_notes.WordValues`), ``unknown_word`` (the word as shown),
    ``hard_mode`` (the :class:`HardModeRule` broken), ``finished`` (none).
    """

    code: str
    message: str
    values: WordValues | HardModeRule | str | None = field(default=None, compare=False)


def validate_guess(raw: object, allowed: Container[str],
                   variant: Variant = CLASSIC) -> str | Invalid:
    """Check a raw guess as typed by a person, then that it is in ``allowed``. Returns the
    word in the variant's letters or an :class:`Invalid`; never raises.

    The classic game reads A to Z (:func:`bot.core.domain.normalise_word`); a game of another
    word pack reads through its language's letters (:func:`bot.core.letters.read_word`:
    accents folded, letters of its own such as Ñ or Й kept, the language's case).
    """
    rules = LETTER_RULES.get(variant.language)
    try:
        if variant == CLASSIC or rules is None or rules.alphabet != variant.alphabet:
            word = normalise_word(raw, variant)
        else:
            word = read_word(raw, rules, variant.length)
    except BadWord as bad:
        return Invalid(bad.problem.value, bad.message, bad.values)
    if word not in allowed:
        shown = word.upper() if rules is None else upper_case(word, rules)
        return Invalid("unknown_word", f"{shown} is not in the word list.", shown)
    return word


def status_after(feedback: str, attempts_used: int, variant: Variant = CLASSIC) -> Status:
    """A game's status after a guess with ``feedback`` as attempt ``attempts_used``: won on
    all green, lost when the variant's attempts are used up, else still active. A game of
    several boards: :func:`bot.core.multiboard.boards_status`."""
    if variant.boards > 1:
        return boards_status(feedback, attempts_used, variant)
    if feedback.upper() == variant.all_green:
        return Status.WON
    if attempts_used >= variant.attempts:
        return Status.LOST
    return Status.ACTIVE


def hard_mode_problem(rows: Iterable[Sequence[str]], word: str) -> str | None:
    """The hard-mode rule a guess breaks in English (:func:`hard_mode_rule`), or ``None``."""
    rule = hard_mode_rule(rows, word)
    return None if rule is None else str(rule)


def hard_mode_rule(rows: Iterable[Sequence[str]], word: str) -> HardModeRule | None:
    """The hard-mode rule a guess breaks, or ``None`` if it is legal.

    As in the real game: every green letter stays in its place, and every revealed letter is
    used again; a letter revealed ``n`` times in one guess (green or yellow) must appear at
    least ``n`` times. ``rows`` are the (word, feedback) pairs played so far.
    """
    word = word.lower()
    for guess, feedback in rows:
        guess = guess.lower()
        feedback = feedback.upper()
        for i, (letter, state) in enumerate(zip(guess, feedback, strict=True)):
            if state == GREEN and word[i] != letter:
                return HardModeRule(letter, position=i + 1)
        revealed = Counter(
            letter for letter, state in zip(guess, feedback, strict=True) if state != GREY
        )
        have = Counter(word)
        for letter, needed in sorted(revealed.items()):
            if have[letter] < needed:
                return HardModeRule(letter, count=needed)
    return None


def move_refusal(game: Game, player_id: int, _mark: str | None = None) -> Refusal | None:
    """Why ``player_id`` may not move ``game`` to another channel: only its owner moves an
    own game, while it is played."""
    if game.scope is not Scope.OWN or game.owner_id != player_id:
        return Refusal.NOT_YOUR_GAME
    return Refusal.GAME_OVER if game.is_over else None


@dataclass(frozen=True, slots=True)
class Guess:
    """One played guess: attempt ``attempt`` (from 1), by ``player_id`` (``None`` once that
    player asked to be forgotten), with its feedback (on several boards, every board's:
    :func:`bot.core.multiboard.feedback_text`)."""

    attempt: int
    player_id: int | None
    word: str
    feedback: str
    created_at: datetime

    @property
    def boards(self) -> tuple[str | None, ...]:
        """The feedback on each board (``None`` on a board solved before this guess)."""
        return split_feedback(self.feedback)


@dataclass(frozen=True, kw_only=True)
class Game(BoardFacts):
    """A game as stored: where and by whom it is played, its hidden word and its guesses.

    Ids are Discord snowflakes (the terminal uses guild 0 and channel 0); ``id`` is 0 for a game
    never stored. Times are timezone-aware UTC. Front ends read :attr:`answer`, which stays
    ``None`` until the game is over; only the rules and the stores read :attr:`hidden_word`.
    A game of several boards (``variant.boards`` > 1) holds every board's hidden word in
    ``hidden_word`` (:func:`bot.core.multiboard.join_words`; :attr:`hidden_words` each).
    """

    id: int = 0
    guild_id: int = 0
    channel_id: int = 0
    owner_id: int | None = None
    scope: Scope = Scope.OWN
    kind: Kind = Kind.RANDOM
    puzzle_number: int | None = None
    # Kept out of repr so that logging a game (or an exception carrying one) never shows it.
    hidden_word: str = field(repr=False)
    hard_mode: bool = False
    status: Status = Status.ACTIVE
    setter_id: int | None = None
    solved_by: int | None = None
    created_at: datetime
    finished_at: datetime | None = None
    guesses: tuple[Guess, ...] = ()
    #: A forgotten setter's anonymous mark (a store's keyed hash of their id), so the rules
    #: still know them: see :func:`bot.core.domain.guess_refusal`.
    setter_mark: str | None = field(default=None, repr=False)
    variant: Variant = CLASSIC
    #: The hidden word stays hidden after a loss: a race board while others still race.
    sealed: bool = False
    #: Set from ``scope`` and ``kind`` (a combination no mode has is refused).
    mode: Mode = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _settle(self.__dict__)

    @classmethod
    def stored(cls, **state: Any) -> Game:
        """A game as a store reads it: every field but ``sealed`` and ``mode``, enums as text
        or members. The same conversions and checks as the constructor, without the frozen
        dataclass's own ``__init__`` (every guess reads a game or two)."""
        game = object.__new__(cls)
        game.__dict__.update(state, sealed=False)
        _settle(game.__dict__)
        return game

    def moved(self, **play: Any) -> Game:
        """This game with new values of what a move changes (:data:`MOVED_FIELDS`), the rest
        as it is. The rest was checked when the game was made, so nothing is checked again:
        a move is the hot path of every guess, and ``dataclasses.replace`` would rebuild and
        check the whole game."""
        if not play.keys() <= MOVED_FIELDS:
            raise TypeError(f"a move does not change {sorted(play.keys() - MOVED_FIELDS)}")
        after = object.__new__(type(self))
        state = after.__dict__  # (the derived facts cached on self are not carried over)
        for name in _FIELD_NAMES:
            state[name] = self.__dict__[name]
        state.update(play)
        return after

    # -- derived facts --------------------------------------------------------------------

    @cached_property
    def label(self) -> str:
        """``Wordle 1,234``, ``Quordle practice``...: :func:`bot.core.domain.game_label`."""
        label, boards = game_label(self.scope, self.kind, self.puzzle_number), self.variant.boards
        return label if boards == 1 else label.replace("Wordle", board_game(boards), 1)

    @property
    def bucket(self) -> StatsBucket:
        """Where the game counts in statistics."""
        return self.mode.bucket

    @property
    def private(self) -> bool:
        return self.mode.private

    @cached_property
    def rows(self) -> tuple[Row, ...]:
        """The guesses as (word, feedback) pairs, in order."""
        return tuple(Row(g.word, g.feedback) for g in self.guesses)

    @cached_property
    def players(self) -> tuple[int | None, ...]:
        """Who played each row (``None`` for a player since forgotten)."""
        return tuple(g.player_id for g in self.guesses)

    @cached_property
    def keyboard(self) -> dict[str, str]:
        """Each played letter's best state: :func:`keyboard`."""
        return keyboard(self.rows)

    @cached_property
    def guessers(self) -> frozenset[int]:
        """Players (not forgotten) who have guessed in the game."""
        return frozenset(g.player_id for g in self.guesses if g.player_id is not None)

    @property
    def guessed(self) -> bool:
        """Whether anyone has guessed, forgotten players included."""
        return bool(self.guesses)

    @property
    def counted_players(self) -> frozenset[int]:
        """Whose statistics the game counts for once over:
        :func:`bot.core.domain.counted_players`."""
        return counted_players(self)

    @property
    def attempts_used(self) -> int:
        return len(self.guesses)

    @property
    def max_attempts(self) -> int:
        """The attempts the game's variant gives."""
        return self.variant.attempts

    @property
    def attempts_left(self) -> int:
        return self.variant.attempts - len(self.guesses)

    @property
    def is_over(self) -> bool:
        return self.status.is_over

    @property
    def won(self) -> bool:
        return self.status is Status.WON

    @property
    def answer(self) -> str | None:
        """The hidden word as front ends may show it: once the game is over (a sealed game
        only once won, the word being its last row), else ``None``."""
        if self.status is Status.WON or (self.status.is_over and not self.sealed):
            return self.hidden_word
        return None

    @property
    def shown_answer(self) -> str | None:
        """:attr:`answer` as people read it, in upper case with its accents (``ÁRBOL``, from
        the game's word pack: :meth:`bot.core.packs.Pack.shown`); ``None`` while hidden. A
        game of several boards shows its words in board order, a comma between two."""
        answer = self.answer
        if answer is None or self.variant == CLASSIC:
            return None if answer is None else answer.upper()
        from bot.core.packs import shown_word  # (the pack's files: read once, when shown)

        return ", ".join(shown_word(self.variant, word) for word in self.hidden_words)

    # -- play -----------------------------------------------------------------------------

    def check(self, raw: object, allowed: Container[str]) -> str | Invalid:
        """Validate a guess for this game without playing it: the word, or why it is refused.
        Who may guess is another rule: :func:`bot.core.domain.guess_refusal`."""
        if self.is_over:
            return Invalid("finished", "This game is over; start a new one to keep playing.")
        word = validate_guess(raw, allowed, self.variant)
        if isinstance(word, Invalid):
            return word
        if self.hard_mode:
            rule = (hard_mode_rule(self.rows, word) if self.variant.boards == 1
                    else self.open_boards_rule(hard_mode_rule, word))
            if rule is not None:
                return Invalid("hard_mode", f"Hard mode: {rule}.", rule)
        return word

    def guess(self, raw: object, allowed: Container[str], *, player_id: int | None,
              now: datetime) -> Game | Invalid:
        """The game after ``player_id`` plays ``raw`` at ``now``, or why the guess is refused
        (an invalid guess costs no attempt)."""
        word = self.check(raw, allowed)
        if isinstance(word, Invalid):
            return word
        return self.play(word, player_id=player_id, now=now)

    def play(self, word: str, *, player_id: int | None, now: datetime) -> Game:
        """The game after a word already checked (:meth:`check`) is played: won on all green
        (solved by ``player_id``), lost on the last attempt. ``ValueError`` if it is over."""
        if self.is_over:
            raise ValueError(f"game {self.id} is over")
        feedback = (score(word, self.hidden_word) if self.variant.boards == 1
                    else self.feedback_of(word))
        guesses = (*self.guesses, Guess(len(self.guesses) + 1, player_id, word, feedback, now))
        status = status_after(feedback, len(guesses), self.variant)
        if not status.is_over:
            return self.moved(guesses=guesses)
        return self.moved(guesses=guesses, status=status, finished_at=now,
                          solved_by=player_id if status is Status.WON else None)

    def claim_problem(self, attempt: object, word: object, feedback: object,
                      finish: object) -> str | None:
        """Why a guess handed to a store cannot be this board's row ``attempt``: a word not of
        the variant, an attempt past the last, a feedback not the hidden word's, or a
        ``finish`` other than the one the feedback makes (``None``: it can be). Whether it is
        the next attempt is the store's to say: another guess may have landed first."""
        variant = self.variant
        if (not isinstance(word, str) or len(word) != variant.length
                or word.strip(variant.alphabet)):
            return f"word must be {variant.length} lower-case letters of the variant"
        if type(attempt) is not int or not 1 <= attempt <= variant.attempts:
            return f"attempt must be 1 to {variant.attempts}"
        if not isinstance(feedback, str) or feedback != (
                score(word, self.hidden_word) if variant.boards == 1 else self.feedback_of(word)):
            return "feedback does not match the guess and the hidden word"
        made = status_after(feedback, attempt, variant)
        if (finish or Status.ACTIVE) == made:
            return None
        if Status.WON in (finish, made):
            return "finish 'won' goes with, and only with, an all-green feedback"
        if made is Status.LOST:
            return f"attempt {variant.attempts} always finishes the game"
        return f"a game is lost only on attempt {variant.attempts}"

    def given_up(self, now: datetime) -> Game:
        """The game ended as given up at ``now``; a game already over stays as it is."""
        if self.is_over:
            return self
        return self.moved(status=Status.GIVEN_UP, finished_at=now)


#: What a move may change in a game (:meth:`Game.moved`): the play, and the channel an own
#: game is played in.
MOVED_FIELDS = frozenset({"guesses", "status", "finished_at", "solved_by", "channel_id"})
_FIELD_NAMES = tuple(f.name for f in fields(Game))
_SCOPES: dict[str, Scope] = {scope.value: scope for scope in Scope}
_KINDS: dict[str, Kind] = {kind.value: kind for kind in Kind}
_STATUSES: dict[str, Status] = {status.value: status for status in Status}


def _settle(state: dict[str, Any]) -> None:
    """A new game's fields made whole: whatever a store read (text) as the domain's enums,
    the hidden words checked against the variant, the mode set."""
    scope = state["scope"] = _SCOPES.get(state["scope"]) or Scope(state["scope"])
    kind = state["kind"] = _KINDS.get(state["kind"]) or Kind(state["kind"])
    state["status"] = _STATUSES.get(state["status"]) or Status(state["status"])
    variant, hidden = state["variant"], state["hidden_word"]
    for word in (hidden,) if variant.boards == 1 else split_words(hidden, variant.boards):
        if len(word) != variant.length or word.strip(variant.alphabet):
            raise ValueError(f"a hidden word has {variant.length} letters of the variant's "
                             "alphabet")
    state["mode"] = MODES.get((scope, kind)) or mode_of(scope, kind)
