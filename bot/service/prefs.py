"""Player preferences (``/wordle prefs``) and the personal daily's day.

Preferences are the player's wherever they play: high contrast, a dark picture, text only, and
the time zone of their personal daily (the daily outside servers that added the bot, see
:mod:`bot.core.personal`). A change of time zone goes through
:meth:`bot.core.daily.Calendar.moved_to`, so it never changes today's puzzle: the
answer says from when the new zone counts (``zone_from``).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace
from datetime import datetime

from bot.core.daily import Calendar
from bot.core.timezones import UnknownTimeZone, normalise_timezone
from bot.service.errors import BadOption, Problem, ids_checked, zone_typed
from bot.storage.errors import PrefsChanged
from bot.storage.models import UNSET, Unset
from bot.storage.port import Store
from bot.storage.prefs import PlayerPrefs

__all__ = ["PlayerPrefs", "PrefsResult", "calendar_of", "personal_today",
           "player_prefs", "update_prefs"]


@dataclass(frozen=True)
class PrefsResult:
    """The preferences after a change, and whether anything changed."""

    prefs: PlayerPrefs
    changed: bool
    #: When the new time zone starts to count (the next personal daily), if it was changed.
    zone_from: datetime | None = None


def calendar_of(prefs: PlayerPrefs) -> Calendar:
    return Calendar(prefs.timezone, prefs.held_day, prefs.held_until)


@ids_checked
async def player_prefs(db: Store, player_id: int) -> PlayerPrefs:
    return await db.player_prefs(player_id)


async def personal_today(db: Store, player_id: int, now: datetime) -> int:
    """The puzzle number of the player's personal daily at ``now``."""
    return calendar_of(await db.player_prefs(player_id)).today(now)


@ids_checked
async def update_prefs(db: Store, player_id: int, now: datetime, *,
                       high_contrast: bool | Unset = UNSET, dark: bool | Unset = UNSET,
                       text_only: bool | Unset = UNSET,
                       timezone: str | Unset = UNSET) -> PrefsResult:
    """Change the preferences given; a bad time zone raises :class:`BadOption`
    (``BAD_SETTING``, the name typed in ``detail``) and changes nothing. Saved only over
    what was read: a change made meanwhile through another process is read again and kept
    (it was lost: each wrote the whole row)."""
    for _ in range(_SAVE_TRIES - 1):
        with contextlib.suppress(PrefsChanged):
            return await _update_once(db, player_id, now, high_contrast=high_contrast,
                                      dark=dark, text_only=text_only, timezone=timezone)
    return await _update_once(db, player_id, now, high_contrast=high_contrast, dark=dark,
                              text_only=text_only, timezone=timezone)


#: How many times a change of preferences is read and saved again when others change them.
_SAVE_TRIES = 5


async def _update_once(db: Store, player_id: int, now: datetime, *, high_contrast: bool | Unset,
                       dark: bool | Unset, text_only: bool | Unset,
                       timezone: str | Unset) -> PrefsResult:
    before = await db.player_prefs(player_id)
    after = before
    if not isinstance(high_contrast, Unset):
        after = replace(after, high_contrast=bool(high_contrast))
    if not isinstance(dark, Unset):
        after = replace(after, dark=bool(dark))
    if not isinstance(text_only, Unset):
        after = replace(after, text_only=bool(text_only))
    zone_from = None
    if not isinstance(timezone, Unset):
        try:
            zone = normalise_timezone(timezone)
        except UnknownTimeZone as exc:
            raise BadOption(Problem.BAD_SETTING, detail=zone_typed(exc)) from None
        if zone != before.timezone:
            moved = calendar_of(before).moved_to(zone, now)
            after = replace(after, timezone=moved.timezone, held_day=moved.held_day,
                            held_until=moved.held_until)
            zone_from = moved.day_ends(now)
    if after == before:
        return PrefsResult(before, changed=False)
    stored = await db.save_player_prefs(after, now=now, expected=before)
    return PrefsResult(stored, changed=True, zone_from=zone_from)
