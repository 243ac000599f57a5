"""The archive: any past daily of this server played again, by its number or its date.

* **Which puzzles.** Wordle 1 (2026-01-01) up to yesterday on the server's calendar: never a
  future one, and never today's (that is the daily; play it as the daily). The word is the
  server's own daily word of that day (:func:`bot.core.daily.server_daily_word`; in the personal
  record, the player's own: :func:`bot.core.personal.player_daily_word`).
* **Once, like the real game's archive.** A player plays each archive puzzle once (the store
  keeps at most one archive game per player, server and puzzle): starting it again resumes it,
  and a finished one is refused with its share grid. A puzzle the player played as the daily on
  its day is not in their archive (refused with that daily's grid); a daily of a past day still
  running is resumed as that daily.
* **Kept apart.** Labelled "Wordle 123 · archive", played privately like the daily, counted in
  its own statistics bucket (``archive``; its streak is consecutive wins, as practice), never in
  the daily streaks, and never posted to the daily results.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import TYPE_CHECKING

from bot.core.daily import puzzle_number
from bot.core.domain import ARCHIVE, Kind, Status
from bot.service.dailies import daily_answer, played, resume_daily
from bot.service.errors import BadOption, DailyAlreadyPlayed, GameAlreadyRunning, Place, Problem
from bot.service.pack_choice import chosen_variant
from bot.service.results import StartResult
from bot.storage.errors import GameExists

if TYPE_CHECKING:
    from bot.service.game_service import GameService

#: A date as YYYY-MM-DD, ASCII digits only.
_PLAIN_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def archive_number(number: object, on: object) -> int:
    """The puzzle asked for: its ``number``, or its date ``on`` (``YYYY-MM-DD`` or a date);
    both must agree when both are given. Not checked against today here."""
    day: int | None = None
    if on is not None:
        if isinstance(on, date):
            parsed = on.date() if isinstance(on, datetime) else on
        else:
            text = str(on).strip()
            try:  # only YYYY-MM-DD, as the message says (fromisoformat reads 2026-W10-1 too)
                if not _PLAIN_DATE.fullmatch(text):
                    raise ValueError(text)
                parsed = date.fromisoformat(text)
            except ValueError:
                raise BadOption(Problem.ARCHIVE_BAD_DATE, detail=text) from None
        day = puzzle_number(parsed)
    if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
        raise BadOption(Problem.ARCHIVE_WHICH)
    if number is not None and day is not None and number != day:
        raise BadOption(Problem.ARCHIVE_MISMATCH)
    chosen = number if number is not None else day
    if chosen is None:
        raise BadOption(Problem.ARCHIVE_WHICH)
    if chosen < 1:
        raise BadOption(Problem.ARCHIVE_TOO_EARLY)
    return chosen


async def start_archive(service: GameService, salt: str, place: Place, player_id: int, *,
                        kind: Kind, hard_mode: bool, number: object, on: object) -> StartResult:
    """Start (or resume) the player's archive game of a past puzzle here (a number or date
    with another ``kind`` is refused)."""
    if kind is not Kind.ARCHIVE:
        raise BadOption(Problem.ARCHIVE_ONLY)
    chosen = archive_number(number, on)
    db = service.db
    settings = await db.guild_settings(place.guild_id)
    today = await service.today_in(settings, player_id)
    if chosen == today:
        raise BadOption(Problem.ARCHIVE_TODAY, puzzle_number=chosen)
    if chosen > today:
        raise BadOption(Problem.ARCHIVE_FUTURE, puzzle_number=chosen)

    daily = await db.daily_game(place.guild_id, player_id, chosen)
    if daily is not None:
        if Status(daily.status).is_over:
            raise DailyAlreadyPlayed(Problem.ARCHIVE_PLAYED_DAILY, puzzle_number=chosen,
                                     played=await played(service.db, daily))
        return await resume_daily(db, daily, place)
    existing = await db.archive_game(place.guild_id, player_id, chosen)
    if existing is not None:
        return await resume_daily(db, existing, place, done=Problem.ARCHIVE_DONE)

    # A server whose order of words is not settled yet settles it from today, as its daily
    # would, never from the past puzzle asked for.
    variant = chosen_variant(settings, None, None)  # the server's pack, as its daily
    answer = await daily_answer(db, service.lists[variant], salt, settings, chosen,
                                player_id, settle_on=today)
    try:
        game = await service.create(place, ARCHIVE, answer, hard_mode, owner_id=player_id,
                                       puzzle_number=chosen, variant=variant)
    except GameExists as exists:
        other = exists.existing
        if other.kind is ARCHIVE.kind and other.puzzle_number == chosen:  # started twice at once
            return await resume_daily(db, other, place, done=Problem.ARCHIVE_DONE)
        raise GameAlreadyRunning(Problem.OWN_GAME_RUNNING) from None
    return StartResult(game, resumed=False)
