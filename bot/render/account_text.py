"""What the bot keeps, in words: a server's settings, a player's preferences, and what "forget
me" removed."""

from __future__ import annotations

from datetime import datetime

from bot.core.letter_rules import LETTER_RULES
from bot.core.packs import DEFAULT_LANGUAGE, DEFAULT_LENGTH, pack
from bot.render.catalogues import N_
from bot.render.common import ENGLISH, Texts
from bot.render.daily_results import HINTED_MARK
from bot.render.emoji_board import feedback_line
from bot.render.message_parts import recolour
from bot.service.prefs import PlayerPrefs
from bot.storage.models import GuildSettings


def on_off(flag: bool, texts: Texts = ENGLISH) -> str:
    """A setting that is on or off, in words."""
    return texts._("on") if flag else texts._("off")


def _language_name(settings: GuildSettings) -> str:
    """The English name of the server's pack's language, as the command's choices name it."""
    return LETTER_RULES[settings.language or DEFAULT_LANGUAGE].name


def settings_text(settings: GuildSettings, results_channel: str,
                  now: datetime | None = None, texts: Texts = ENGLISH) -> str:
    """A server's settings in words (``results_channel``: where the results post goes); at
    ``now``, while a change of time zone holds today, from when the new zone counts."""
    zone = f"**{settings.timezone}**"
    if settings.held_until is not None and now is not None and now < settings.held_until:
        zone += " " + texts._(
            "(the daily follows it from {when}; until then today is Wordle {number})",
            when=f"<t:{int(settings.held_until.timestamp())}:f>",
            number=texts.number(settings.held_day or 0))
    return "\n".join([
        texts._("Time zone: {zone}", zone=zone),
        texts._("Daily results: {channel}", channel=results_channel),
        texts._("Hints in channel games: **{state}**",
                state=on_off(settings.hints_in_channel_games, texts)),
        texts._("Hints in dailies: **{state}** (results helped by hints are marked {mark})",
                state=on_off(settings.hints_in_dailies, texts), mark=HINTED_MARK),
        texts._("Word pack: **{language}, {length} letters** (the games' default and the daily)",
                language=texts.pgettext("choice", _language_name(settings)),
                length=settings.word_length or DEFAULT_LENGTH),
    ])


#: What "forget me" keeps, said before and after (:mod:`bot.storage.privacy`): the marks that
#: keep a forgotten player bound by the rules, and what they let a database's holder check.
FORGET_KEEPS = N_("Kept: an anonymous mark of the dailies you started, the challenges you set "
                  "and the races you were in, so they stay played. It is a keyed hash of your "
                  "Discord id, and its key is in the same database: whoever holds that "
                  "database and knows your id can check that you played here.")


def forget_question_text(texts: Texts = ENGLISH) -> str:
    """What "forget me" asks before it deletes anything."""
    return texts._("This deletes your games, statistics and hints on every server, and removes "
                   "your name from channel games. {kept} It can't be undone. Go ahead?",
                   kept=texts._(FORGET_KEEPS))


def forgotten_text(records: int, texts: Texts = ENGLISH) -> str:
    """What "forget me" removed, in words, and what it kept."""
    if not records:
        return texts._("Done: nothing about you was stored here.")
    done = texts.ngettext("Done: {n} record about you was removed from this bot.",
                          "Done: {n} records about you were removed from this bot.", records)
    return f"{done} {texts._(FORGET_KEEPS)}"


def prefs_text(prefs: PlayerPrefs, zone_from: datetime | None,
               texts: Texts = ENGLISH) -> str:
    """A player's preferences in words, with an example row in their colours (``zone_from``:
    when a new time zone starts to count for their own daily)."""
    colours = texts._("high contrast (🟧 right place, 🟦 elsewhere)") if prefs.high_contrast \
        else texts._("standard (🟩 right place, 🟨 elsewhere)")
    picture = texts._("none: text only") if prefs.text_only else (
        texts._("dark") if prefs.dark else texts._("light"))
    zone = f"**{prefs.timezone}**"
    if zone_from is not None:
        zone += " " + texts._("(your own daily follows it from {when})",
                              when=f"<t:{int(zone_from.timestamp())}:f>")
    word = texts.pgettext("an example of a guess", "crane")  # a word of the language's pack
    variant = pack(texts.language, DEFAULT_LENGTH).variant
    example = recolour(feedback_line(word, "GYBBB", variant), prefs.high_contrast)
    return "\n".join([
        texts._("**Colours:** {colours}", colours=colours),
        texts._("**Board picture:** {picture}", picture=picture),
        texts._("**Time zone** of your own daily (outside servers with Wordle): {zone}",
                zone=zone),
        "",
        texts._("Example: {example}", example=example),
        texts._("-# These follow you everywhere you play. Change them with {prefs}.",
                prefs=texts.command("wordle prefs")),
    ])
