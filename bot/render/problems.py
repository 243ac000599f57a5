"""The service's errors in words (:func:`problem_text`), with each front end's own command
names (:class:`Commands`); the archive's and the period leaderboards' problems are kept apart
in :func:`archive_problems` and :func:`board_problems`, the races' in
:func:`bot.render.race_text.race_problems`."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from bot.core.daily import EPOCH
from bot.core.domain import HintKind, LeaderboardOrder, StatsBucket
from bot.render.common import either
from bot.render.race_text import race_problems
from bot.service.errors import PlayerError, Problem


@dataclass(frozen=True)
class Commands:
    """How a front end spells its commands and places, for :func:`problem_text`."""

    start: str
    give_up: str
    challenge: str
    #: Where the player is: "in this channel", "here".
    here: str
    #: A channel, by id, as the front end shows it.
    channel: Callable[[int], str]


def problem_text(error: PlayerError, commands: Commands) -> str:
    """A service error in words, with the front end's own command names."""
    p, c = error.problem, commands
    number = f"{error.puzzle_number or 0:,}"
    channel = c.channel(error.channel_id or 0)
    texts: dict[Problem, str] = {
        Problem.NO_GAME: f"There's no game here for you. Start one with {c.start}.",
        Problem.GAME_GONE: "That game no longer exists.",
        Problem.GAME_ENDED: f"That game just ended; start a new one with {c.start}.",
        Problem.NOT_YOUR_GAME: f"That's someone else's game; start your own with {c.start}.",
        Problem.SETTER: "You chose this word, so you can't guess it. Watch the others!",
        Problem.NOT_A_PLAYER: "Only players who have guessed in this game, or who set its "
                              "word, can give it up.",
        Problem.OWN_GAME_RUNNING: f"You already have a game going {c.here}. Finish it or "
                                  f"give it up with {c.give_up}, then start this one.",
        Problem.CHANNEL_GAME_RUNNING: "This channel already has a game going: set your word "
                                      "once it has ended.",
        Problem.DAILY_ELSEWHERE: f"Your Wordle {number} is in progress in {channel}; "
                                 "carry on there.",
        Problem.DAILY_DONE: f"You've already played Wordle {number} today. A new one comes "
                            f"tomorrow.\n\n{error.share_text or ''}".rstrip(),
        Problem.HINTS_OFF: "Hints are turned off for channel games on this server.",
        Problem.HINTS_OFF_DAILY: "Hints are turned off for the daily here, so every result "
                                 "is the player's own work.",
        Problem.NO_LETTER_LEFT: ("Every letter of the hidden word is already on your board "
                                 "or was given as a hint."),
        Problem.NO_POSITION_LEFT: "Every position is already green or hinted.",
        Problem.NO_WORD_HINT: "Word hints aren't available when a player chose the word; "
                              "try a letter or position hint.",
        Problem.BAD_START: "Choose your own game or a channel game, and daily or random.",
        Problem.CHALLENGE_NOT_START: f"Use {c.challenge} to set a word for the channel.",
        Problem.DAILY_NOT_IN_CHANNEL: "Daily and archive puzzles are played on your own, so "
                                      "nobody spoils them for anyone. Start a channel game "
                                      "with a random word instead.",
        Problem.DAILY_WORD_FIXED: "The daily's word is the same for everyone; it can't be "
                                  "chosen.",
        Problem.BAD_HINT_KIND: "A hint is " + either([f"a {k.value}" for k in HintKind]) + ".",
        Problem.BAD_BUCKET: "Statistics are for "
                            + either([b.value for b in StatsBucket]) + " games.",
        Problem.BAD_ORDER: "Rank by " + either([o.value for o in LeaderboardOrder]) + ".",
        Problem.BAD_LIMIT: "Show between 1 and 50 players.",
        Problem.BAD_SETTING: error.detail or "That setting can't be used.",
        Problem.NOTHING_TO_ANALYSE: f"You have no finished game {c.here} to analyze yet.",
        Problem.BUSY: "That game is very busy right now; try again.",
        Problem.SOLVER_BUSY: "The solver is busy with word hints and analyses right now; try "
                             "again in a few seconds (letter and position hints work at "
                             "once).",
        Problem.SOLVER_PREPARING: "The solver is still getting ready for this word list (the "
                                  "first time takes a minute or two); ask for the analysis "
                                  "again shortly.",
        Problem.CANNOT_POST: f"I can't post in {channel}: give me the View Channel and Send "
                             "Messages permissions there first.",
        Problem.DISK_FULL: "The bot's disk is full; nothing was saved. Try again later.",
        Problem.BAD_PLAYER_ID: "That player id can't be anyone's: ids are whole numbers from "
                               "0 to 2^63-1. Nothing was changed.",
        Problem.BAD_PLACE_ID: "That server, channel or message id can't exist: ids are whole "
                              "numbers from 0 to 2^63-1. Nothing was changed.",
    }
    texts.update(archive_problems(error, c.start))
    texts.update(race_problems(error, c))
    texts.update(board_problems())
    if p is Problem.INVALID_WORD:
        return error.invalid.message if error.invalid else "That word can't be used."
    return texts[p]


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
