"""The Discord bot: wiring of the client, the cog and the error handler, and ``run_bot``.

Resources (database, service) are made in ``main`` and passed in, never module globals.
Slash commands are synced to ``DEV_GUILD_ID`` at start when it is set (instant updates); a
global sync happens only with ``wordle-bot --sync-global``.
"""

from __future__ import annotations

import asyncio
import logging
import sys

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.messages import APOLOGY, Reply, error_text
from bot.cogs.wordle import NO_PINGS, WordleCog, send
from bot.config import Config, quiet_library_loggers
from bot.core.words import WordLists
from bot.service import GameService, PlayerError
from bot.storage import Database, StorageError

log = logging.getLogger(__name__)

TOKEN_HELP = """\
wordle-bot needs a Discord bot token in DISCORD_TOKEN (in .env or the environment).

  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", press "Reset Token" and copy it into .env as DISCORD_TOKEN=...
     (no privileged intents are needed).
  3. Under "OAuth2 > URL Generator", tick the scopes "bot" and "applications.commands" and the
     permissions "Send Messages", "Embed Links", "Attach Files" and "Read Message History";
     open the URL to invite the bot to your server.
  4. Run `uv run wordle-bot` again. Put your server's id in DEV_GUILD_ID for commands that
     show up at once."""

REJECTED_HELP = """\
Discord rejected the token in DISCORD_TOKEN (it may have been reset or mistyped).
Get a new one: https://discord.com/developers/applications -> your application -> Bot ->
Reset Token, put it in .env as DISCORD_TOKEN=..., and run `uv run wordle-bot` again."""


class WordleBot(commands.Bot):
    def __init__(self, service: GameService, *, dev_guild_id: int | None = None,
                 sync_global: bool = False, warm_solver: bool = True) -> None:
        quiet_library_loggers()
        intents = discord.Intents.none()
        intents.guilds = True  # channels and the server's own data; nothing privileged
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, allowed_mentions=NO_PINGS)
        self.service = service
        self.dev_guild_id = dev_guild_id
        self.sync_global = sync_global
        self.warm_solver = warm_solver
        self.tree.error(self.on_app_command_error)
        self._warm_task: asyncio.Task | None = None

    async def setup_hook(self) -> None:
        await self.add_cog(WordleCog(self, self.service))
        if self.dev_guild_id:
            guild = discord.Object(id=self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to server %s", len(synced), self.dev_guild_id)
        if self.sync_global:
            synced = await self.tree.sync()
            log.info("synced %d commands globally (can take a while to show up)", len(synced))
        if self.warm_solver:
            # Build the solver and its strategies in the background so the first word hint is
            # quick (the first start with new word lists takes a few minutes; later starts load
            # them from the cache in a fraction of a second).
            self._warm_task = asyncio.create_task(self._warm())

    async def _warm(self) -> None:
        try:
            solver = await self.service.solver()
            await asyncio.to_thread(solver.prepare)
            log.info("solver ready")
        except Exception:
            log.exception("could not prepare the solver; word hints will build it on demand")

    async def on_ready(self) -> None:
        log.info("logged in as %s (id %s) in %d servers", self.user,
                 self.user.id if self.user else "?", len(self.guilds))

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, PlayerError):
            message = error_text(original)
        elif isinstance(error, app_commands.CommandOnCooldown):
            message = f"Slow down a little: try again in {error.retry_after:.0f} s."
        elif isinstance(error, app_commands.MissingPermissions):
            message = "Only members with the Manage Server permission can change settings."
        elif isinstance(error, app_commands.NoPrivateMessage):
            message = "Wordle is played in a server channel, not in direct messages."
        elif isinstance(error, app_commands.CheckFailure):
            message = "You can't use that command here."
        else:
            command = interaction.command.qualified_name if interaction.command else "?"
            log.error("command /%s failed (server %s, channel %s, user %s)", command,
                      interaction.guild_id, interaction.channel_id, interaction.user.id,
                      exc_info=original)
            message = APOLOGY
        try:
            # Privately, also when a "thinking..." placeholder was shown to everyone.
            await send(interaction, Reply(content=message, ephemeral=True))
        except discord.HTTPException:
            log.warning("could not tell user %s about an error", interaction.user.id)

    async def close(self) -> None:
        if self._warm_task is not None and not self._warm_task.done():
            self._warm_task.cancel()
        await super().close()


async def _run(config: Config, words: WordLists, *, sync_global: bool) -> None:
    config.db_path.parent.mkdir(parents=True, exist_ok=True)
    db = await Database.open(config.db_path)
    try:
        service = GameService(db, words, daily_salt=config.resolved_salt())
        bot = WordleBot(service, dev_guild_id=config.dev_guild_id, sync_global=sync_global)
        async with bot:
            await bot.start(config.token or "")
    finally:
        await db.close()


def run_bot(config: Config, words: WordLists, *, sync_global: bool = False) -> int:
    """Run the bot until stopped. Returns the process exit code; never prints a traceback for
    a missing or rejected token."""
    if not config.token:
        print(TOKEN_HELP, file=sys.stderr)
        return 2
    try:
        asyncio.run(_run(config, words, sync_global=sync_global))
    except discord.LoginFailure:
        print(REJECTED_HELP, file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print("Discord refused the connection's intents; wordle-bot needs no privileged "
              "intents, so check the bot's settings.", file=sys.stderr)
        return 2
    except StorageError as exc:
        print(f"wordle-bot: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        log.info("stopped")
    return 0
