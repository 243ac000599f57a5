"""What the bot keeps, in words: a server's settings, a player's preferences, and what "forget
me" removed."""

from __future__ import annotations

from datetime import datetime

from bot.render.common import recolour
from bot.render.daily_results import HINTED_MARK
from bot.render.emoji_board import feedback_line
from bot.service.prefs import PlayerPrefs
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


#: What "forget me" keeps, said before and after (:mod:`bot.storage.privacy`): the marks that
#: keep a forgotten player bound by the rules, and what they let a database's holder check.
FORGET_KEEPS = ("Kept: an anonymous mark of the dailies you started, the challenges you set "
                "and the races you were in, so they stay played. It is a keyed hash of your "
                "Discord id, and its key is in the same database: whoever holds that database "
                "and knows your id can check that you played here.")


def forget_question_text() -> str:
    """What "forget me" asks before it deletes anything."""
    return ("This deletes your games, statistics and hints on every server, and removes your "
            f"name from channel games. {FORGET_KEEPS} It can't be undone. Go ahead?")


def forgotten_text(records: int) -> str:
    """What "forget me" removed, in words, and what it kept."""
    if not records:
        return "Done: nothing about you was stored here."
    if records == 1:
        return f"Done: 1 record about you was removed from this bot. {FORGET_KEEPS}"
    return f"Done: {records:,} records about you were removed from this bot. {FORGET_KEEPS}"


def prefs_text(prefs: PlayerPrefs, zone_from: datetime | None) -> str:
    """A player's preferences in words, with an example row in their colours (``zone_from``:
    when a new time zone starts to count for their own daily)."""
    colours = "high contrast (🟧 right place, 🟦 elsewhere)" if prefs.high_contrast else \
        "standard (🟩 right place, 🟨 elsewhere)"
    picture = "none: text only" if prefs.text_only else ("dark" if prefs.dark else "light")
    zone = f"**{prefs.timezone}**"
    if zone_from is not None:
        zone += f" (your own daily follows it from <t:{int(zone_from.timestamp())}:f>)"
    example = recolour(feedback_line("crane", "GYBBB"), prefs.high_contrast)
    return "\n".join([
        f"**Colours:** {colours}",
        f"**Board picture:** {picture}",
        f"**Time zone** of your own daily (outside servers with Wordle): {zone}",
        "",
        f"Example: {example}",
        "-# These follow you everywhere you play. Change them with /wordle prefs.",
    ])
