"""Player preferences, dialect-free: the record and its check (both stores use them).

A player's preferences are the same wherever they play: high contrast (orange and blue instead
of green and yellow), a dark board picture, text only (no pictures), and the time zone of their
personal daily with its calendar after a change of zone (:class:`bot.core.daily
.Calendar`: ``held_day`` stays today until ``held_until``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Final

from .validation import check_bool, check_day, check_id, checked_time, validate_timezone


@dataclass(frozen=True, slots=True)
class PlayerPrefs:
    player_id: int
    high_contrast: bool = False
    dark: bool = False
    text_only: bool = False
    timezone: str = "UTC"
    held_day: int | None = None
    held_until: datetime | None = None


#: The stored columns after ``player_id``, in :class:`PlayerPrefs` order.
PREFS_COLUMNS: Final = ("high_contrast", "dark", "text_only", "timezone", "held_day",
                        "held_until")


def checked_prefs(prefs: object) -> PlayerPrefs:
    """``prefs`` ready to store (the time zone in its canonical spelling, ``held_until`` in
    UTC), or ``ValueError`` saying what is wrong (an unknown time zone suggests close names)."""
    if not isinstance(prefs, PlayerPrefs):
        raise ValueError(f"prefs must be PlayerPrefs, not {type(prefs).__name__}")
    check_id("player_id", prefs.player_id)
    for name in ("high_contrast", "dark", "text_only"):
        check_bool(name, getattr(prefs, name))
    timezone = validate_timezone(prefs.timezone)
    check_day("held_day", prefs.held_day, optional=True)
    held_until = prefs.held_until
    if (prefs.held_day is None) != (held_until is None):
        raise ValueError("held_day and held_until are set together or not at all")
    if held_until is not None:
        held_until = checked_time("held_until", held_until)
    return replace(prefs, timezone=timezone, held_until=held_until)


def prefs_from_row(player_id: int, row: Any, held_until: datetime | None) -> PlayerPrefs:
    """A row read as :data:`PREFS_COLUMNS` (flags as bool whatever the dialect); the dialect
    turns ``held_until`` into an aware datetime itself."""
    contrast, dark, text_only, timezone, held_day, _ = row
    return PlayerPrefs(player_id, bool(contrast), bool(dark), bool(text_only), timezone,
                       held_day, held_until)
