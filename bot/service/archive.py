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

from bot.core.daily import puzzle_number, server_daily_word
from bot.core.domain import ARCHIVE, Kind, Status
from bot.core.personal import PERSONAL, player_daily_word
from bot.service.dailies import resume_daily
from bot.service.errors import BadOption, DailyAlreadyPlayed, GameAlreadyRunning, Problem
from bot.service.results import Place, StartResult
from bot.service.views import game_view, share
from bot.storage.errors import GameExists
from bot.storage.models import GameRecord

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
    today = await service.today(place.guild_id, player_id)
    if chosen == today:
        raise BadOption(Problem.ARCHIVE_TODAY, puzzle_number=chosen)
    if chosen > today:
        raise BadOption(Problem.ARCHIVE_FUTURE, puzzle_number=chosen)

    daily = await db.daily_game(place.guild_id, player_id, chosen)
    if daily is not None:
        if Status(daily.status).is_over:
            raise DailyAlreadyPlayed(Problem.ARCHIVE_PLAYED_DAILY, puzzle_number=chosen,
                                     share_text=await _share(service, daily))
        return await resume_daily(db, daily, place)
    existing = await db.archive_game(place.guild_id, player_id, chosen)
    if existing is not None:
        return await _resume(service, existing, place)

    answer = await archive_answer(service, salt, place.guild_id, player_id, chosen, today)
    try:
        record = await db.create_game(
            guild_id=place.guild_id, channel_id=place.channel_id, owner_id=player_id,
            scope=ARCHIVE.scope, kind=ARCHIVE.kind, answer=answer, hard_mode=hard_mode,
            puzzle_number=chosen, now=service.now())
    except GameExists as exists:
        other = exists.existing
        if other.kind is ARCHIVE.kind and other.puzzle_number == chosen:
            return await _resume(service, other, place)  # started twice at the same moment
        raise GameAlreadyRunning(Problem.OWN_GAME_RUNNING) from None
    return StartResult(game_view(record), resumed=False)


async def archive_answer(service: GameService, salt: str, guild_id: int, player_id: int,
                         number: int, today: int) -> str:
    """The daily word of puzzle ``number`` on this server (in the personal record, the
    player's own). A server whose order of words is not settled yet settles it from today,
    as its daily would, never from the past puzzle asked for."""
    words = service.words.answers
    if guild_id == PERSONAL:
        return player_daily_word(number, words, salt, player_id)
    settings = await service.db.guild_settings(guild_id)
    order_from = settings.daily_order_from
    if order_from is None:
        order_from = await service.db.settle_daily_order(guild_id, today)
    return server_daily_word(number, words, salt, guild_id, order_from)


async def _share(service: GameService, record: GameRecord) -> str:
    hints = await service.db.hints_for_game(record.id)
    return share(game_view(record), len(hints))


async def _resume(service: GameService, existing: GameRecord, place: Place) -> StartResult:
    number = existing.puzzle_number
    if Status(existing.status).is_over:
        raise DailyAlreadyPlayed(Problem.ARCHIVE_DONE, puzzle_number=number,
                                 share_text=await _share(service, existing))
    if existing.channel_id != place.channel_id:
        raise GameAlreadyRunning(Problem.DAILY_ELSEWHERE, puzzle_number=number,
                                 channel_id=existing.channel_id)
    return StartResult(game_view(existing), resumed=True)

