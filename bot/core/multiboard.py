"""The rules a game of several boards adds (Dordle, Quordle, Octordle): its variants, and the
text forms of its hidden words and of a guess's feedback on every board.

A game of several boards is one :class:`bot.core.game.Game` whose variant has ``boards`` > 1
(:func:`bot.core.variant.boards_variant`).
Each guess is played on every board still open; a board closes on its all-green guess. So
that a game and a guess keep one shape whatever the number of boards, both hold text:

* the hidden words, one per board, joined by a space (``"crane lemon"``);
* a guess's feedback, one part per board joined by a space, a board solved before it being
  a dash per letter (``"GGGGG BYBBG"``, then ``"----- GGGGG"``).

With one board both are the plain word and feedback. :func:`split_words` and
:func:`split_feedback` read them back.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cached_property
from typing import Any, Final

from bot.core.domain import Row, Status
from bot.core.feedback import score
from bot.core.variant import Variant
from bot.core.word_notes import HardModeRule

#: The real games' names, by number of boards.
BOARD_GAMES: Final = {1: "Wordle", 2: "Dordle", 4: "Quordle", 8: "Octordle"}
#: The numbers of boards a game may have.
BOARDS: Final = tuple(BOARD_GAMES)
#: Between two boards' words or feedback.
SEPARATOR: Final = " "
#: A board's feedback in a guess played after it was solved, one per letter.
CLOSED: Final = "-"


def board_game(boards: int) -> str:
    """The name of the game on ``boards`` boards (``Quordle``; ``Wordle`` for one)."""
    return BOARD_GAMES.get(boards, f"{boards} boards")


def join_words(words: Sequence[str]) -> str:
    """The hidden words of a game as the game holds them (see the module notes)."""
    return SEPARATOR.join(words)


def split_words(text: str, boards: int) -> tuple[str, ...]:
    """The hidden words of :func:`join_words`; ``ValueError`` unless there are ``boards``."""
    words = (text,) if boards == 1 else tuple(text.split(SEPARATOR))
    if len(words) != boards:
        raise ValueError(f"a game of {boards} boards has {boards} hidden words")
    return words


def feedback_text(parts: Sequence[str | None], length: int) -> str:
    """A guess's feedback on every board (``None``: a board solved before) as one text."""
    return SEPARATOR.join(CLOSED * length if part is None else part for part in parts)


def split_feedback(text: str) -> tuple[str | None, ...]:
    """Each board's part of :func:`feedback_text` (``None`` where the board was closed)."""
    if SEPARATOR not in text:
        return (None,) if text.startswith(CLOSED) else (text,)
    return tuple(None if part.startswith(CLOSED) else part for part in text.split(SEPARATOR))


def score_boards(word: str, hidden_words: Sequence[str], solved: Sequence[bool]) -> str:
    """The feedback text of ``word`` played on every board (:func:`feedback_text`), a board
    ``solved`` before it getting none."""
    return feedback_text([None if done else score(word, hidden)
                          for hidden, done in zip(hidden_words, solved, strict=True)],
                         len(word))


def boards_status(feedback: str, attempts_used: int, variant: Variant) -> Status:
    """A game's status after a guess with feedback text ``feedback`` (every board's) as
    attempt ``attempts_used``: won when every board is solved (by this guess or before),
    lost when the attempts are used up, else still active."""
    if all(part is None or part == variant.all_green for part in split_feedback(feedback)):
        return Status.WON
    if attempts_used >= variant.attempts:
        return Status.LOST
    return Status.ACTIVE


class BoardFacts:
    """What a game (:class:`bot.core.game.Game`, which has these) knows of its boards."""

    hidden_word: str
    variant: Variant
    guesses: tuple[Any, ...]

    @cached_property
    def hidden_words(self) -> tuple[str, ...]:
        """Each board's hidden word (for the rules and the stores, as ``hidden_word``)."""
        return split_words(self.hidden_word, self.variant.boards)

    def board_rows(self, board: int) -> tuple[Row, ...]:
        """Board ``board``'s (from 0) rows: each guess played on it, with its feedback there
        (with one board, the game's ``rows``)."""
        return tuple(Row(g.word, part) for g in self.guesses
                     if (part := g.boards[board]) is not None)

    def solved_at(self, board: int) -> int | None:
        """The attempt that solved board ``board`` (from 0), or ``None`` while it is open."""
        for g in self.guesses:
            if g.boards[board] == self.variant.all_green:
                return int(g.attempt)
        return None

    @cached_property
    def open_boards(self) -> tuple[int, ...]:
        """The boards (from 0) not solved yet."""
        return tuple(b for b in range(self.variant.boards) if self.solved_at(b) is None)

    def feedback_of(self, word: str) -> str:
        """The feedback ``word`` gets as the next guess, on each board still open
        (:func:`score_boards`). (A game of one board scores its word alone.)"""
        open_boards = self.open_boards
        return score_boards(word, self.hidden_words,
                            [b not in open_boards for b in range(self.variant.boards)])

    def open_boards_rule(self, rule_of: Callable[[Sequence[Row], str], HardModeRule | None],
                         word: str) -> HardModeRule | None:
        """The first hard-mode rule ``rule_of`` finds ``word`` breaks over an open board's
        own rows, naming the board; ``None``: every open board allows it."""
        for board in self.open_boards:
            rule = rule_of(self.board_rows(board), word)
            if rule is not None:
                return replace(rule, board=board + 1)
        return None
