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
from bot.core.packs import pack_keys
from bot.core.timezones import UnknownTimeZone, normalise_timezone
from bot.render.catalogues import N_
from bot.render.common import ENGLISH, Texts
from bot.render.race_text import race_problems
from bot.render.share_words import played_words
from bot.render.word_problems import invalid_text
from bot.service.errors import PlayerError, Problem

#: Time zones a refusal gives as examples of IANA names.
ZONE_EXAMPLES = ("UTC", "Europe/Paris", "America/New_York")


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


def zone_text(name: str, texts: Texts = ENGLISH) -> str:
    """A time zone that is no IANA name, with the names close to it and a few examples."""
    t = texts
    try:
        normalise_timezone(name)
        close: tuple[str, ...] = ()
    except UnknownTimeZone as exc:
        close = exc.suggestions
    shown = repr(name) if len(repr(name)) <= 70 else repr(name)[:67] + "..."
    parts = [t._("Unknown time zone {name}.", name=shown)]
    if close:
        parts.append(t._("Did you mean {names}?", names=t.either([repr(c) for c in close])))
    parts.append(t._("Use an IANA name such as {examples}.", examples=t.either(
        [repr(z) for z in ZONE_EXAMPLES])))
    return " ".join(parts)


def problem_text(error: PlayerError, commands: Commands, texts: Texts = ENGLISH) -> str:
    """A service error in words, with the front end's own command names."""
    p, c, t = error.problem, commands, texts
    number = t.number(error.puzzle_number or 0)
    channel = c.channel(error.channel_id or 0)
    if p is Problem.INVALID_WORD:
        return invalid_text(error.invalid, t)
    texts_by_problem: dict[Problem, Callable[[], str]] = {
        Problem.NO_GAME: lambda: t._("There's no game here for you. Start one with {start}.",
                                     start=c.start),
        Problem.GAME_GONE: lambda: t._("That game no longer exists."),
        Problem.GAME_ENDED: lambda: t._("That game just ended; start a new one with {start}.",
                                        start=c.start),
        Problem.NOT_YOUR_GAME: lambda: t._(
            "That's someone else's game; start your own with {start}.", start=c.start),
        Problem.SETTER: lambda: t._(
            "You chose this word, so you can't guess it. Watch the others!"),
        Problem.NOT_A_PLAYER: lambda: t._(
            "Only players who have guessed in this game, or who set its word, can give it "
            "up."),
        Problem.OWN_GAME_RUNNING: lambda: t._(
            "You already have a game going {here}. Finish it or give it up with {give_up}, "
            "then start this one.", here=c.here, give_up=c.give_up),
        Problem.CHANNEL_GAME_RUNNING: lambda: t._(
            "This channel already has a game going: set your word once it has ended."),
        Problem.DAILY_ELSEWHERE: lambda: t._(
            "Your Wordle {number} is in progress in {channel}; carry on there.",
            number=number, channel=channel),
        Problem.DAILY_DONE: lambda: (t._(
            "You've already played Wordle {number} today. A new one comes tomorrow.",
            number=number) + _grid(error, t)),
        Problem.HINTS_OFF: lambda: t._("Hints are turned off for channel games on this "
                                       "server."),
        Problem.HINTS_OFF_DAILY: lambda: t._(
            "Hints are turned off for the daily here, so every result is the player's own "
            "work."),
        Problem.NO_LETTER_LEFT: lambda: t._(
            "Every letter of the hidden word is already on your board or was given as a "
            "hint."),
        Problem.NO_POSITION_LEFT: lambda: t._("Every position is already green or hinted."),
        Problem.NO_WORD_HINT: lambda: t._(
            "Word hints aren't available when a player chose the word; try a letter or "
            "position hint."),
        Problem.BAD_START: lambda: t._(
            "Choose your own game or a channel game, and daily or random."),
        Problem.CHALLENGE_NOT_START: lambda: t._(
            "Use {challenge} to set a word for the channel.", challenge=c.challenge),
        Problem.DAILY_NOT_IN_CHANNEL: lambda: t._(
            "Daily and archive puzzles are played on your own, so nobody spoils them for "
            "anyone. Start a channel game with a random word instead."),
        Problem.DAILY_WORD_FIXED: lambda: t._(
            "The daily's word is the same for everyone; it can't be chosen."),
        Problem.UNKNOWN_PACK: lambda: t._(
            "There's no {pack} word pack; the packs are {packs}.", pack=error.detail or "?",
            packs=", ".join(pack_keys())),
        Problem.DAILY_PACK_FIXED: lambda: t._(
            "The daily here is played in the server's word pack; choose a language and "
            "length for a practice game instead."),
        Problem.NOT_AN_ANSWER: lambda: t._(
            "{word} isn't one of the word pack's answers, so it never is a hidden word here.",
            word=error.detail or "?"),
        Problem.WORD_REMOVED_ALREADY: lambda: t._(
            "{word} is out of this server's answers already.", word=error.detail or "?"),
        Problem.WORD_NOT_REMOVED: lambda: t._(
            "{word} isn't out of this server's answers.", word=error.detail or "?"),
        Problem.TOO_MANY_REMOVED: lambda: t._(
            "This server has taken {limit} words out of its answers, the most it can; put "
            "one back first.", limit=error.detail or "?"),
        Problem.BAD_HINT_KIND: lambda: t._(
            "A hint is {kinds}.", kinds=t.either([t._(HINT_KINDS[k]) for k in HintKind])),
        Problem.BAD_BUCKET: lambda: t._(
            "Statistics are for {kinds} games.",
            kinds=t.either([b.value for b in StatsBucket])),
        Problem.BAD_ORDER: lambda: t._(
            "Rank by {orders}.", orders=t.either([o.value for o in LeaderboardOrder])),
        Problem.BAD_LIMIT: lambda: t._("Show between 1 and 50 players."),
        Problem.BAD_SETTING: lambda: (t._("That setting can't be used.") if error.detail is None
                                      else zone_text(error.detail, t)),
        Problem.NOTHING_TO_ANALYSE: lambda: t._(
            "You have no finished game {here} to analyze yet.", here=c.here),
        Problem.BUSY: lambda: t._("That game is very busy right now; try again."),
        Problem.SOLVER_BUSY: lambda: t._(
            "The solver is busy with word hints and analyses right now; try again in a few "
            "seconds (letter and position hints work at once)."),
        Problem.SOLVER_PREPARING: lambda: t._(
            "The solver is still getting ready for this word list (the first time takes a "
            "minute or two); ask for the analysis again shortly."),
        Problem.CANNOT_POST: lambda: t._(
            "I can't post in {channel}: give me the View Channel and Send Messages "
            "permissions there first.", channel=channel),
        Problem.DISK_FULL: lambda: t._(
            "The bot's disk is full; nothing was saved. Try again later."),
        Problem.BAD_PLAYER_ID: lambda: t._(
            "That player id can't be anyone's: ids are whole numbers from 0 to 2^63-1. "
            "Nothing was changed."),
        Problem.BAD_PLACE_ID: lambda: t._(
            "That server, channel or message id can't exist: ids are whole numbers from 0 to "
            "2^63-1. Nothing was changed."),
    }
    found = texts_by_problem.get(p)
    if found is not None:
        return found()
    texts_of_others = {**archive_problems(error, c.start, t), **race_problems(error, c, t),
                       **board_problems(t)}
    return texts_of_others[p]


#: The kinds of hint in words, as a refusal lists them.
HINT_KINDS = {HintKind.LETTER: N_("a letter"), HintKind.POSITION: N_("a position"),
              HintKind.WORD: N_("a word")}


def _grid(error: PlayerError, texts: Texts) -> str:
    """The share grid of the finished game a refusal points to, after a blank line; or
    nothing."""
    if error.played is None:
        return ""
    return "\n\n" + played_words(error.played, texts)


def _quoted(text: str | None) -> str:
    shown = "".join(ch for ch in (text or "") if ch.isprintable())
    return f"'{shown[:20]}…'" if len(shown) > 20 else f"'{shown}'"


def archive_problems(error: PlayerError, start: str,
                     texts: Texts = ENGLISH) -> dict[Problem, str]:
    """The archive's problems in words (``start``: the front end's start command)."""
    t = texts
    number = t.number(error.puzzle_number or 0)
    share = _grid(error, t)
    return {
        Problem.ARCHIVE_WHICH: t._("Choose a past puzzle by its number (number:123) or its "
                                   "date (date:2026-03-15)."),
        Problem.ARCHIVE_BAD_DATE: (
            t._("{text} isn't a date: there is no such day.", text=_quoted(error.detail))
            if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", error.detail or "")
            else t._("{text} isn't a date: write it as YYYY-MM-DD, like 2026-03-15.",
                     text=_quoted(error.detail))),
        Problem.ARCHIVE_MISMATCH: t._("That number and that date are two different puzzles; "
                                      "give just one of them."),
        Problem.ARCHIVE_TODAY: t._("Wordle {number} is today's daily: play it with {start} "
                                   "kind:daily.", number=number, start=start),
        Problem.ARCHIVE_FUTURE: t._("Wordle {number} hasn't come out yet here; the archive "
                                    "holds past puzzles only.", number=number),
        Problem.ARCHIVE_TOO_EARLY: t._("The archive starts at Wordle 1 ({date}).",
                                       date=EPOCH.isoformat()),
        Problem.ARCHIVE_DONE: t._("You've already played Wordle {number} from the archive; "
                                  "each archive puzzle is played once.", number=number) + share,
        Problem.ARCHIVE_PLAYED_DAILY: t._("You played Wordle {number} as the daily on its "
                                          "day, so it isn't in your archive.",
                                          number=number) + share,
        Problem.ARCHIVE_ONLY: t._("A puzzle number or date is for kind:archive only."),
        Problem.DAILY_IN_ARCHIVE: t._("You played Wordle {number} from the archive already, "
                                      "so it can't be your daily. A new one comes tomorrow.",
                                      number=number) + share,
    }


def board_problems(texts: Texts = ENGLISH) -> dict[Problem, str]:
    """The period leaderboards' problems in words."""
    return {
        Problem.STREAK_ALL_TIME: texts._(
            "A streak runs across days, weeks and months, so streaks are ranked for all time "
            "only. For today, this week or this month, rank by wins, win percent or average."),
        Problem.BAD_PERIOD: texts._("The period is today, week, month or all."),
    }
