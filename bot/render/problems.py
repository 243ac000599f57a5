"""Words for the problems of the archive (past dailies played again) and of period
leaderboards, for :func:`problem_text <bot.render.text.problem_text>`, and for a word hint's
best possible answer (:func:`pick_text`, for :func:`hint_text <bot.render.text.hint_text>`)."""

from __future__ import annotations

import re

from bot.core.daily import EPOCH
from bot.core.solver_answers import AnswerPick
from bot.service.errors import PlayerError, Problem


def _quoted(text: str | None) -> str:
    shown = "".join(ch for ch in (text or "") if ch.isprintable())
    return f"'{shown[:20]}…'" if len(shown) > 20 else f"'{shown}'"


def archive_problems(error: PlayerError, start: str) -> dict[Problem, str]:
    """The archive's problems in words (``start``: the front end's start command)."""
    number = f"{error.puzzle_number or 0:,}"
    share = f"\n\n{error.share_text}" if error.share_text else ""
    return {
        Problem.ARCHIVE_WHICH: "Choose a past puzzle by its number (number:123) or its date "
                               "(date:2026-03-15).",
        Problem.ARCHIVE_BAD_DATE: (
            f"{_quoted(error.detail)} isn't a date: there is no such day."
            if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", error.detail or "")
            else f"{_quoted(error.detail)} isn't a date: write it as YYYY-MM-DD, like "
                 "2026-03-15."),
        Problem.ARCHIVE_MISMATCH: "That number and that date are two different puzzles; give "
                                  "just one of them.",
        Problem.ARCHIVE_TODAY: f"Wordle {number} is today's daily: play it with {start} "
                               "kind:daily.",
        Problem.ARCHIVE_FUTURE: f"Wordle {number} hasn't come out yet here; the archive holds "
                                "past puzzles only.",
        Problem.ARCHIVE_TOO_EARLY: f"The archive starts at Wordle 1 ({EPOCH.isoformat()}).",
        Problem.ARCHIVE_DONE: f"You've already played Wordle {number} from the archive; "
                              f"each archive puzzle is played once.{share}",
        Problem.ARCHIVE_PLAYED_DAILY: f"You played Wordle {number} as the daily on its day, "
                                      f"so it isn't in your archive.{share}",
        Problem.ARCHIVE_ONLY: "A puzzle number or date is for kind:archive only.",
        Problem.DAILY_IN_ARCHIVE: f"You played Wordle {number} from the archive already, so "
                                  f"it can't be your daily. A new one comes tomorrow.{share}",
    }


def board_problems() -> dict[Problem, str]:
    """The period leaderboards' problems in words."""
    return {
        Problem.STREAK_ALL_TIME: "A streak runs across days, weeks and months, so streaks are "
                                 "ranked for all time only. For today, this week or this "
                                 "month, rank by wins, win percent or average.",
        Problem.BAD_PERIOD: "The period is today, week, month or all.",
    }


def pick_text(pick: AnswerPick) -> str:
    """A word hint whose word can't be the hidden word: the best word that could be, and the
    guesses each still needs on average (this one included)."""
    best, answer = pick.best.word.upper(), pick.answer.word.upper()
    about = "" if pick.exact else "about "
    return (f"{best} can't be the hidden word itself; the best word that could be is {answer}. "
            f"Guesses still needed on average, this one included: {about}"
            f"{pick.best.expected:.2f} with {best}, {about}{pick.answer.expected:.2f} with "
            f"{answer}.")
