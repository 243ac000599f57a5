"""A several-board game (Dordle, Quordle, Octordle) as checked plain data, for its renderers.

Every board is played with the same guesses; each board has its own hidden word, so its own
feedback, and it stops at the guess that solved it. The renderers take:

* ``guesses``: the words played, in order (the variant's letters, lower case);
* ``feedback``: one sequence per board of ``G``/``Y``/``B`` strings, one per guess played on
  that board: as many as there are guesses for a board still open, fewer for one solved
  (its last feedback all green);
* ``variant``: :class:`~bot.core.variant.Variant`, whose ``boards`` says how many.

:func:`check_boards` turns them into :class:`Boards` or raises ``ValueError`` saying what is
wrong. The boards are laid out in a grid (:func:`grid`): 2 side by side, 4 in two rows of 2,
8 in two rows of 4; each keyboard key is split the same way, a part per board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from bot.core.domain import GREY
from bot.core.game import Game, keyboard
from bot.core.multiboard import board_game
from bot.core.variant import Variant
from bot.render.catalogues import N_
from bot.render.common import ENGLISH, Texts, check_variant, normalise_feedback

#: Turkish and Azerbaijani write dotless ı beside i, and upper-case i as İ.
_DOTLESS_I = "ı"
#: What a board's caption or heading says of it: solved by a guess, or lost.
SOLVED_IN = N_("solved in {guess}")
NOT_SOLVED = N_("not solved")


def grid(boards: int) -> tuple[int, int]:
    """``(columns, rows)`` the boards are laid out in, in reading order: up to 2 boards side
    by side, up to 4 in two rows of 2, more in rows of 4."""
    columns = boards if boards <= 2 else 2 if boards <= 4 else 4
    return columns, -(-boards // columns)


def mode_name(boards: int) -> str:
    """The real game's name (``Quordle``), else ``N boards``."""
    return board_game(boards)


def board_name(board: int, texts: Texts = ENGLISH) -> str:
    """Board ``board`` (0-based) named in the words of ``texts`` (``Board 3``)."""
    return texts._("Board {board}", board=texts.number(board + 1))


def shown(word: str, alphabet: str) -> str:
    """``word`` upper case as tiles show it: an alphabet with dotless ı is Turkic (i is İ)."""
    if _DOTLESS_I in alphabet:
        word = word.replace("i", "İ")
    return word.upper()


@dataclass(frozen=True)
class Boards:
    """The checked boards of one game (see :func:`check_boards`)."""

    variant: Variant
    guesses: tuple[str, ...]
    feedback: tuple[tuple[str, ...], ...]

    @property
    def count(self) -> int:
        return len(self.feedback)

    def rows(self, board: int) -> list[tuple[str, str]]:
        """Board ``board``'s (0-based) rows: each guess played on it with its feedback."""
        return list(zip(self.guesses, self.feedback[board], strict=False))

    def solved_at(self, board: int) -> int | None:
        """The guess (1-based) that solved board ``board``, or None while it is open."""
        played = self.feedback[board]
        if played and played[-1] == self.variant.all_green:
            return len(played)
        return None

    @cached_property
    def open_boards(self) -> tuple[int, ...]:
        """The boards (0-based) not solved."""
        return tuple(b for b in range(self.count) if self.solved_at(b) is None)

    @property
    def won(self) -> bool:
        return not self.open_boards

    @property
    def is_over(self) -> bool:
        return self.won or len(self.guesses) >= self.variant.attempts

    @cached_property
    def keyboards(self) -> tuple[dict[str, str], ...]:
        """Each board's keyboard: every letter played on it with its best state there."""
        return tuple(keyboard(self.rows(b)) for b in range(self.count))

    def key_states(self, letter: str) -> tuple[str | None, ...]:
        """One state per board for the key of ``letter``: its best state on that board, None
        where it was not played or the board is solved (a solved board has nothing left to
        tell about letters, so its part of the key is blank, as in Quordle)."""
        return tuple(None if self.solved_at(b) is not None else self.keyboards[b].get(letter)
                     for b in range(self.count))

    def ruled_out(self) -> list[str]:
        """The letters played and grey on every open board, in the alphabet's order."""
        if not self.open_boards:
            return []
        return [letter for letter in self.variant.alphabet
                if all(self.keyboards[b].get(letter) == GREY for b in self.open_boards)]

    def shown(self, word: str) -> str:
        return shown(word, self.variant.alphabet)

    def status(self, board: int, texts: Texts = ENGLISH) -> str:
        """Board ``board``'s end in words (``solved in 3``, ``not solved``), or "" while it
        may still be solved."""
        solved_at = self.solved_at(board)
        if solved_at is not None:
            return texts._(SOLVED_IN, guess=texts.number(solved_at))
        return texts._(NOT_SOLVED) if self.is_over else ""


def _word(raw: object, variant: Variant, number: int) -> str:
    if not isinstance(raw, str):
        raise ValueError(f"guess {number} must be a string, not {type(raw).__name__}")
    word = raw if all(c in variant.alphabet for c in raw) else raw.lower()
    if not word or any(c not in variant.alphabet for c in word):
        raise ValueError(f"guess {number} ({raw[:20]!r}) has characters that are not letters "
                         "of the variant's alphabet")
    if len(word) != variant.length:
        raise ValueError(f"guess {number} ({raw!r}) has {len(word)} letters; the boards are "
                         f"for {variant.length}-letter words")
    return word


def _board_feedback(raw: object, board: int, variant: Variant, guesses: int
                    ) -> tuple[str, ...]:
    name = f"board {board + 1}"
    if isinstance(raw, str) or not isinstance(raw, Sequence):
        raise ValueError(f"{name}'s feedback must be a sequence of G/Y/B strings, one per guess")
    rows = tuple(normalise_feedback(item) for item in raw)
    if len(rows) > guesses:
        raise ValueError(f"{name} has {len(rows)} feedback rows for {guesses} guesses")
    for number, row in enumerate(rows, start=1):
        if len(row) != variant.length:
            raise ValueError(f"{name}'s feedback {number} ({row}) is not "
                             f"{variant.length} letters long")
        if row == variant.all_green and number < len(rows):
            raise ValueError(f"{name} was solved by guess {number} but has feedback after it")
    if len(rows) < guesses and (not rows or rows[-1] != variant.all_green):
        raise ValueError(f"{name} has {len(rows)} feedback rows for {guesses} guesses but "
                         "was not solved")
    return rows


def check_boards(guesses: Sequence[str], feedback: Sequence[Sequence[str]],
                 variant: Variant) -> Boards:
    """The guesses and each board's feedback, checked against ``variant`` (see the module
    notes); ``ValueError`` names the first thing wrong."""
    variant = check_variant(variant)
    if isinstance(guesses, str) or not isinstance(guesses, Sequence):
        raise ValueError("guesses must be a sequence of words")
    if isinstance(feedback, str) or not isinstance(feedback, Sequence):
        raise ValueError("feedback must be one sequence of G/Y/B strings per board")
    words = tuple(_word(raw, variant, n) for n, raw in enumerate(guesses, start=1))
    if len(words) > variant.attempts:
        raise ValueError(f"{len(words)} guesses, but the variant has {variant.attempts} "
                         "attempts")
    if len(feedback) != variant.boards:
        raise ValueError(f"feedback for {len(feedback)} boards, but the variant has "
                         f"{variant.boards}")
    rows = tuple(_board_feedback(raw, b, variant, len(words)) for b, raw in enumerate(feedback))
    return Boards(variant, words, rows)


def boards_of(game: Game) -> Boards:
    """The boards of a game (of several boards, or of one) as its renderers take them."""
    return check_boards([g.word for g in game.guesses],
                        [[row.feedback for row in game.board_rows(b)]
                         for b in range(game.variant.boards)], game.variant)
