"""Publishing the slash commands at start, and saying what to do when players would see none,
or each twice.

Commands published to ``DEV_GUILD_ID``'s server show up there at once; published globally
(``--sync-global``), they reach every server more slowly. A server with both sets shows each
command twice, so a global sync clears ``DEV_GUILD_ID``'s copy.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.config import ConfigError

log = logging.getLogger(__name__)

#: The log line of a start that publishes no slash command while none is published globally.
NO_COMMANDS_HELP = (
    "no slash commands are published, so players see none: set DEV_GUILD_ID to your "
    "server's id to publish them there at once (for setting up and trying the bot), or run "
    "once with `wordle-bot run --sync-global` to publish them to every server")

#: The log line of a start that publishes the commands to DEV_GUILD_ID's server (%s) while
#: every server has them too (%d of them).
TWICE_HELP = (
    "server %s (DEV_GUILD_ID) shows each slash command twice: its own copy and the %d "
    "published to every server. Run once with `wordle-bot run --sync-global` (which clears "
    "that server's copy), then remove DEV_GUILD_ID; or try things out with a bot "
    "application of its own")

#: Discord refused to publish the commands to DEV_GUILD_ID's server ({id}; {why}).
FORBIDDEN_GUILD = (
    "DEV_GUILD_ID: Discord refused to publish the slash commands to server {id} ({why}): "
    "the bot is not in that server, or was invited without the applications.commands "
    "scope. Invite it there, or correct or remove DEV_GUILD_ID.")


async def publish_commands(tree: app_commands.CommandTree[Any], dev_guild_id: int | None, *,
                           everywhere: bool) -> None:
    """Publish the slash commands of ``tree`` to every server when ``everywhere`` (clearing
    ``dev_guild_id``'s copy), else to ``dev_guild_id``'s server; log what to do when players
    would see none, or each twice.

    Raises :class:`ConfigError` when Discord refuses to publish to ``dev_guild_id``."""
    guild = discord.Object(id=dev_guild_id) if dev_guild_id else None
    if everywhere:
        synced = await tree.sync()
        log.info("synced %d commands globally (can take a while to show up)", len(synced))
        if guild is not None:
            await clear_guild_commands(tree, guild)
        return
    if guild is not None:
        tree.copy_global_to(guild=guild)
        try:
            synced = await tree.sync(guild=guild)
        except discord.Forbidden as exc:
            raise ConfigError(FORBIDDEN_GUILD.format(id=guild.id, why=exc.text)) from None
        log.info("synced %d commands to server %s", len(synced), guild.id)
    try:
        published = await tree.fetch_commands()
    except discord.HTTPException as exc:
        log.warning("could not ask Discord which slash commands every server has: %s", exc)
        return
    if guild is not None and published:
        log.warning(TWICE_HELP, guild.id, len(published))
    elif guild is None and not published:
        log.warning(NO_COMMANDS_HELP)
    elif guild is None:
        log.info("%d slash commands are published to every server (after an upgrade that "
                 "changes them, run once with --sync-global)", len(published))


async def clear_guild_commands(tree: app_commands.CommandTree[Any],
                               guild: discord.Object) -> None:
    """Remove the commands published to ``guild`` alone, which would show each command twice
    beside the global ones."""
    try:
        there = await tree.fetch_commands(guild=guild)
        if not there:
            return
        tree.clear_commands(guild=guild)
        await tree.sync(guild=guild)
    except discord.HTTPException as exc:
        log.warning("could not clear the slash commands of server %s (DEV_GUILD_ID): %s; it "
                    "may show each command twice until a start with --sync-global can",
                    guild.id, exc)
        return
    log.info("cleared the %d slash commands of server %s (DEV_GUILD_ID), which would show "
             "each command twice beside the global ones; remove DEV_GUILD_ID now, or the next "
             "start publishes them there again", len(there), guild.id)
