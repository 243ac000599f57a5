"""Reading the history of a game of several boards, and its errors, for the solver.

Every guess is played on every board still open, so the boards share their guesses and each
has its own feedback; a board closes with the guess that finds its word (all green) and gets
no feedback after it. The solver takes one history per board (:func:`parse_boards`): the
``(guess, feedback)`` pairs that board got, the same guesses on every board, a closed board's
ending with its all-green one. People type the guesses row by row instead, each with the
feedback of every board (:func:`board_histories`). Errors are the single board's
(:class:`~bot.core.solver_history.HistoryError`), naming the board (``where``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.core.solver_history import (
    HistoryError,
    HistoryProblem,
    ImpossibleFeedbackError,
    Step,
    Where,
    parse_feedback,
    parse_history,
)
from bot.core.variant import Variant

History = Sequence[tuple[str, str]]


@dataclass(frozen=True)
class BoardsHistory:
    """A checked history of several boards: the guesses played, each board's steps, and the
    number (1-based) of the guess that found each board's word (``None``: still open)."""

    guesses: tuple[str, ...]
    boards: tuple[tuple[Step, ...], ...]
    solved_by: tuple[int | None, ...]

    @property
    def open_boards(self) -> list[int]:
        """Indices (0-based) of the boards whose word is not found yet."""
        return [i for i, solved in enumerate(self.solved_by) if solved is None]


def parse_boards(histories: Sequence[History], variant: Variant,
                 column: Callable[[str], int | None]) -> BoardsHistory:
    """Check one history per board (``variant.boards`` of them) and normalise them; ``column``
    gives a guess's column in the solver's list. Raises :class:`HistoryError`."""
    if isinstance(histories, (str, bytes)) or len(histories) != variant.boards:
        count = "?" if isinstance(histories, (str, bytes)) else len(histories)
        raise HistoryError(f"A game of {variant.boards} boards needs a history for each "
                           f"board, not {count}.", problem=HistoryProblem.BOARDS_COUNT,
                           values={"boards": variant.boards, "count": count})
    boards = []
    for number, history in enumerate(histories, start=1):
        try:
            boards.append(tuple(parse_history(history, variant, column)))
        except HistoryError as error:
            raise error.placed(f"Board {number}: {error}", error.step, board=number) from None
    longest = max(boards, key=len)
    guesses = tuple(step.guess for step in longest)
    solved_by: list[int | None] = []
    for number, steps in enumerate(boards, start=1):
        for at, step in enumerate(steps, start=1):
            if step.guess != guesses[at - 1]:
                raise HistoryError(
                    f"Board {number}: guess {at} is {step.guess.upper()}, but "
                    f"{guesses[at - 1].upper()} on another board; every board gets the same "
                    "guesses.", at, problem=HistoryProblem.OTHER_GUESS,
                    values={"guess": at, "word": step.guess, "other": guesses[at - 1]},
                    where=Where(board=number))
            if step.feedback == variant.all_green and at < len(steps):
                raise HistoryError(
                    f"Board {number}: {step.guess.upper()} (guess {at}) found its word, so "
                    "the board gets no feedback after it.", at + 1,
                    problem=HistoryProblem.AFTER_FOUND,
                    values={"guess": at, "word": step.guess}, where=Where(board=number))
        found = bool(steps) and steps[-1].feedback == variant.all_green
        if len(steps) < len(guesses) and not found:
            raise HistoryError(
                f"Board {number} has feedback for {len(steps)} of the {len(guesses)} guesses; "
                "a board still open gets feedback for every guess.", len(steps) + 1,
                problem=HistoryProblem.MISSING_FEEDBACK,
                values={"count": len(steps), "guesses": len(guesses)},
                where=Where(board=number))
        solved_by.append(len(steps) if found else None)
    return BoardsHistory(guesses, tuple(boards), tuple(solved_by))


def board_error(number: int, error: ImpossibleFeedbackError) -> ImpossibleFeedbackError:
    """The error of one board's candidates, its message naming the board (1-based)."""
    return ImpossibleFeedbackError(f"Board {number}: {error}", error.step or 0, error.guess,
                                   error.feedback, error.candidates_before,
                                   problem=error.problem, values=error.values,
                                   where=Where(error.where.guess, error.where.word, number))


def board_histories(rows: Sequence[tuple[str, Sequence[str | None]]],
                    variant: Variant) -> list[list[tuple[str, str]]]:
    """Rows of ``(guess, feedback of each board)`` as one history per board.

    A closed board's feedback after the guess that found its word may be ``None``, empty or
    all green again; each row has one feedback per board, typed as
    :func:`~bot.core.solver_history.parse_feedback` reads it. Raises :class:`HistoryError`."""
    histories: list[list[tuple[str, str]]] = [[] for _ in range(variant.boards)]
    found: list[int | None] = [None] * variant.boards
    for number, (guess, feedbacks) in enumerate(rows, start=1):
        if len(feedbacks) != variant.boards:
            raise HistoryError(
                f"Guess {number} ({guess.upper()}) has {len(feedbacks)} feedbacks; a game of "
                f"{variant.boards} boards needs one per board.", number,
                problem=HistoryProblem.FEEDBACK_COUNT,
                values={"count": len(feedbacks), "boards": variant.boards},
                where=Where(number, guess))
        for board, feedback in enumerate(feedbacks):
            text = ""
            if feedback is not None and feedback.strip():
                try:
                    text = parse_feedback(feedback, variant.length)
                except HistoryError as error:
                    raise error.placed(f"Guess {number} ({guess.upper()}), board {board + 1}: "
                                       f"{error}", number, guess=number, word=guess,
                                       board=board + 1) from None
            if found[board] is not None:
                if text and text != variant.all_green:
                    raise HistoryError(
                        f"Board {board + 1} was found by guess {found[board]}: guess {number} "
                        f"({guess.upper()}) gets no feedback there (leave it empty).", number,
                        problem=HistoryProblem.FOUND_BOARD_FEEDBACK,
                        values={"found_by": found[board] or 0},
                        where=Where(number, guess, board + 1))
                continue
            if not text:
                raise HistoryError(
                    f"Guess {number} ({guess.upper()}) has no feedback for board {board + 1}, "
                    "which is still open.", number, problem=HistoryProblem.NO_FEEDBACK,
                    where=Where(number, guess, board + 1))
            histories[board].append((guess, text))
            if text == variant.all_green:
                found[board] = number
    return histories
