"""What the bot keeps, in words: a server's settings, and what "forget me" removed."""

from __future__ import annotations

from datetime import datetime

from bot.render.daily_results import HINTED_MARK
from bot.storage.models import GuildSettings


def settings_text(settings: GuildSettings, results_channel: str,
                  now: datetime | None = None) -> str:
    """A server's settings in words (``results_channel``: where the results post goes); at
    ``now``, while a change of time zone holds today, from when the new zone counts."""
    def on(flag: bool) -> str:
        return "on" if flag else "off"

    zone = f"**{settings.timezone}**"
    if settings.held_until is not None and now is not None and now < settings.held_until:
        zone += (f" (the daily follows it from <t:{int(settings.held_until.timestamp())}:f>; "
                 f"until then today is Wordle {settings.held_day})")
    return (f"Time zone: {zone}\nDaily results: {results_channel}\n"
            f"Hints in channel games: **{on(settings.hints_in_channel_games)}**\n"
            f"Hints in dailies: **{on(settings.hints_in_dailies)}** (results helped by hints "
            f"are marked {HINTED_MARK})")


def forgotten_text(records: int) -> str:
    """What "forget me" removed, in words."""
    if not records:
        return "Done: nothing about you was stored here."
    if records == 1:
        return "Done: 1 record about you was removed from this bot."
    return f"Done: {records:,} records about you were removed from this bot."
