"""The ``remove_word`` and ``restore_word`` options of ``/wordle settings``: a server takes a
word out of its own answers or puts it back (:mod:`bot.service.removals`). The words out are
listed in the settings reply, which only Manage Server sees."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from discord import app_commands

from bot.core.packs import shown_word
from bot.render.common import Texts
from bot.service.removals import (
    check_changes,
    remove_word,
    removed_words,
    restore_word,
)

if TYPE_CHECKING:
    from bot.service import GameService
    from bot.storage.models import GuildSettings

T = TypeVar("T")


def removal_options() -> Callable[[T], T]:
    """The two options' descriptions."""
    return app_commands.describe(
        remove_word="take a word out of this server's answers (dailies from tomorrow on)",
        restore_word="put a word taken out back among this server's answers")


async def save_settings(service: GameService, guild_id: int, changes: dict[str, Any],
                        remove: str | None, restore: str | None) -> GuildSettings:
    """Save the settings ``changes`` of one ``/wordle settings``, once the words it takes out
    or puts back are known to be taken (:func:`bot.service.removals.check_changes`): a
    command with a refused word saves nothing. Returns the settings as they are now."""
    await check_changes(service, guild_id, remove, restore, changes.get("language"),
                        changes.get("length"))
    if not changes:
        return await service.settings(guild_id)
    return await service.update_settings(guild_id, **changes)


async def removal_text(service: GameService, guild_id: int, remove: str | None,
                       restore: str | None, texts: Texts) -> str:
    """Remove and restore the words given (checked before by
    :func:`bot.service.removals.check_changes`), and say which words are out now, as the
    pack shows them. Nothing said depends on the server's dailies."""
    lines = []
    if remove is not None:
        now = await remove_word(service, guild_id, remove)
        lines.append(texts._(
            "**{word}** is out of this server's answers: practice games and races leave it "
            "out from now on, the dailies from tomorrow's on.",
            word=shown_word(now.variant, now.changed or "")))
    if restore is not None:
        now = await restore_word(service, guild_id, restore)
        lines.append(texts._(
            "**{word}** is back among this server's answers: in practice games and races "
            "from now on, in the dailies from tomorrow's on.",
            word=shown_word(now.variant, now.changed or "")))
    if remove is None and restore is None:
        now = await removed_words(service, guild_id)
    words = ", ".join(shown_word(now.variant, word) for word in now.words) or texts._("none")
    lines.append(texts._("Words out of this server's answers: {words}", words=words))
    return "\n".join(lines)
