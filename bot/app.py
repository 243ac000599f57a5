"""The Discord bot: the client with its cogs and error handler, and :func:`run_bot`.

It is an ``AutoShardedBot``: ``SHARD_COUNT`` / ``SHARD_IDS`` choose the shards this process
runs, and every IDENTIFY waits its turn at an :class:`~bot.shards.IdentifyGate`.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
import sys
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cli import exits
from bot.cogs import add_cogs
from bot.cogs.board import player_texts
from bot.cogs.client import WordleClient
from bot.cogs.command_translator import CatalogueTranslator
from bot.cogs.interact import (
    APOLOGY,
    NO_PINGS,
    SERVER_ONLY_TEXT,
    Reply,
    ServerOnly,
    failure_text,
    send,
    slow_down_text,
)
from bot.cogs.live_races import hurry_race_messages
from bot.cogs.messages import error_text
from bot.config import Config, ConfigError, quiet_library_loggers
from bot.core.words import WordLists
from bot.publish_commands import publish_commands
from bot.render.image import draw_every_part
from bot.render.stats_image import draw_common_parts
from bot.render.themes import THEMES
from bot.service import GameService, PlayerError
from bot.service.races import RaceService
from bot.shards import IdentifyGate
from bot.storage import StorageError
from bot.storage.open import open_store

log = logging.getLogger(__name__)

TOKEN_HELP = """\
wordle-bot needs a Discord bot token in DISCORD_TOKEN (in .env or the environment).

  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", press "Reset Token" and copy it into .env as DISCORD_TOKEN=...
     (no privileged intents are needed).
  3. Under "OAuth2 > URL Generator", tick the scopes "bot" and "applications.commands" and the
     permissions "View Channels", "Send Messages", "Send Messages in Threads", "Embed Links",
     "Attach Files" and "Read Message History"; open the URL to invite the bot to your server.
  4. Run `uv run wordle-bot` again. Put your server's id in DEV_GUILD_ID for commands that
     show up at once."""

REJECTED_HELP = """\
Discord rejected the token in DISCORD_TOKEN (it may have been reset or mistyped).
Get a new one: https://discord.com/developers/applications -> your application -> Bot ->
Reset Token, put it in .env as DISCORD_TOKEN=..., and run `uv run wordle-bot` again."""


class WordleBot(WordleClient):
    def __init__(self, service: GameService, *, dev_guild_id: int | None = None,
                 sync_global: bool = False, warm_solver: bool = True,
                 shard_count: int | None = None, shard_ids: tuple[int, ...] | None = None,
                 identify_gate: IdentifyGate | None = None,
                 races: RaceService | None = None) -> None:
        quiet_library_loggers()
        # The bot uses no voice: no warning at every start that voice's libraries are missing.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True  # channels and the server's own data; nothing privileged
        shards: dict[str, Any] = {"shard_count": shard_count}
        if shard_ids is not None:
            shards["shard_ids"] = list(shard_ids)
        super().__init__(command_prefix=commands.when_mentioned, intents=intents,
                         help_command=None, allowed_mentions=NO_PINGS, **shards)
        self.identify_gate = identify_gate or IdentifyGate()
        self._max_concurrency: int | None = None
        self.service = service
        self.races = races or RaceService.beside(service)
        self.dev_guild_id = dev_guild_id
        self.sync_global = sync_global
        self.warm_solver = warm_solver
        self.tree.error(self.on_app_command_error)
        self._warm_task: asyncio.Task | None = None

    async def setup_hook(self) -> None:
        await add_cogs(self)
        # The commands' names and descriptions in every language the bot speaks.
        await self.tree.set_translator(CatalogueTranslator())
        await publish_commands(self.tree, self.dev_guild_id, everywhere=self.sync_global)
        if self.warm_solver:
            # In the background, so that the bot answers while it warms up.
            self._warm_task = asyncio.create_task(self._warm())

    async def _warm(self) -> None:
        await warm_up(self.service)

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """Wait for this shard's turn to IDENTIFY (Discord's ``max_concurrency`` per 5 s)."""
        if self._max_concurrency is None:
            try:
                limits = await self.fetch_session_start_limits()
                self._max_concurrency = max(1, limits.max_concurrency)
            except (discord.HTTPException, discord.GatewayNotFound):
                self._max_concurrency = 1
        await self.identify_gate.wait_turn(shard_id or 0, self._max_concurrency)

    async def on_ready(self) -> None:
        log.info("logged in as %s (id %s) in %d servers", self.user,
                 self.user.id if self.user else "?", len(self.guilds))

    async def on_app_command_error(self, interaction: discord.Interaction,
                                   error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        texts = player_texts(interaction)  # told privately: in the player's language
        if isinstance(original, PlayerError):
            message = error_text(original, texts)
        elif isinstance(error, app_commands.CommandOnCooldown):
            message = slow_down_text(error.retry_after, texts)
        elif isinstance(error, app_commands.MissingPermissions):
            message = texts._("Only members with the Manage Server permission can see or "
                              "change the server settings.")
        elif isinstance(original, ServerOnly) or isinstance(error, app_commands.NoPrivateMessage):
            message = texts._(SERVER_ONLY_TEXT)
        elif isinstance(error, app_commands.CheckFailure):
            message = texts._("You can't use that command here.")
        elif isinstance(original, discord.NotFound) and original.code == UNKNOWN_INTERACTION:
            # Discord gave up on the interaction (answered too late, or already expired):
            # expected now and then, and nobody is left to tell.
            log.warning("command /%s was answered too late for Discord (server %s, channel %s, "
                        "user %s)", _name(interaction), interaction.guild_id,
                        interaction.channel_id, interaction.user.id)
            return
        elif isinstance(original, discord.Forbidden):
            log.warning("command /%s: Discord refused a message (server %s, channel %s, "
                        "user %s): %s", _name(interaction), interaction.guild_id,
                        interaction.channel_id, interaction.user.id, original)
            message = texts._(APOLOGY)
        else:
            message = failure_text(original, f"command /{_name(interaction)}", interaction)
        try:
            # Privately, also when a "thinking..." placeholder was shown to everyone.
            await send(interaction, Reply(content=message, ephemeral=True))
        except discord.HTTPException:
            log.warning("could not tell user %s about an error", interaction.user.id)

    async def close(self) -> None:
        if self._warm_task is not None and not self._warm_task.done():
            self._warm_task.cancel()
        await super().close()
        await self.identify_gate.close()


#: Discord's error code for an interaction it no longer knows (answered after its deadline).
UNKNOWN_INTERACTION = 10062


def _name(interaction: discord.Interaction) -> str:
    return interaction.command.qualified_name if interaction.command else "?"


async def warm_up(service: GameService) -> None:
    """Draw every theme's picture parts and load the solver off the event loop, so that the
    first boards and word hints do not wait for them; then :func:`settle_memory`."""
    try:
        for theme in THEMES:
            await asyncio.to_thread(draw_every_part, theme)
            await asyncio.to_thread(draw_common_parts, theme)
    except Exception:
        log.exception("could not draw the board pictures' parts ahead; boards draw them on demand")
    try:
        solver = await service.solver()
        await asyncio.to_thread(solver.prepare)
        log.info("solver ready")
    except Exception:
        log.exception("could not prepare the solver; word hints will build it on demand")
    settle_memory()


def settle_memory() -> None:
    """Collect garbage once, then freeze what is alive (word lists, strategies, drawn parts):
    it lives as long as the process, and later full collections need not walk it."""
    gc.collect()
    gc.freeze()


def identify_gate_for(config: Config) -> IdentifyGate:
    """With PostgreSQL the gate holds across every process on the database; with SQLite (one
    process) it gates this process alone."""
    if config.postgres_url is None:
        return IdentifyGate()
    from bot.identify_locks import PostgresIdentifyLocks

    return IdentifyGate(PostgresIdentifyLocks(config.postgres_url))


async def _run(config: Config, words: WordLists, *, sync_global: bool) -> None:
    if config.postgres_url is None:
        config.db_path.parent.mkdir(parents=True, exist_ok=True)
    db = await open_store(postgres_url=config.postgres_url, sqlite_path=config.db_path,
                          pool_size=config.pool_size)
    try:
        service = GameService(db, words, daily_salt=config.salt_of(db))
        bot = WordleBot(service, dev_guild_id=config.dev_guild_id, sync_global=sync_global,
                        shard_count=config.shard_count, shard_ids=config.shard_ids,
                        identify_gate=identify_gate_for(config))
        log.info("database: %s; shards: %s of %s", config.database_label,
                 "all" if config.shard_ids is None else ",".join(map(str, config.shard_ids)),
                 config.shard_count or "Discord's recommended count")
        async with bot:
            await _run_until_stopped(bot, config.token or "")
    finally:
        await db.close()


#: How long a stop (SIGTERM, Ctrl-C) lets the answers under way finish before closing.
DRAIN_SECONDS = 10.0
#: discord.py's names for the tasks that answer players: commands, components, modals, and
#: the ``on_interaction`` listeners.
_ANSWERING = ("CommandTree-invoker", "discord-ui-view-dispatch-", "discord-ui-dynamic-item-",
              "discord.py: on_interaction", "discord.py: interaction")


async def drain(seconds: float = DRAIN_SECONDS) -> int:
    """Wait, at most ``seconds``, until no task answers a player and the race messages'
    pending edits went out (at once, not spaced); return how many were still under way."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while True:
        busy: set[asyncio.Task[Any]] = {
            t for t in asyncio.all_tasks() if t.get_name().startswith(_ANSWERING)}
        busy |= hurry_race_messages()
        left = deadline - loop.time()
        if not busy or left <= 0:
            return len(busy)
        await asyncio.wait(busy, timeout=min(left, 0.5))


async def _run_until_stopped(bot: WordleBot, token: str) -> None:
    """Run the bot until it ends or gets SIGTERM or SIGINT. A stop lets the answers under way
    finish first (:func:`drain`), so that no saved guess goes unanswered."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    signals = []
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
            signals.append(sig)
        except (NotImplementedError, RuntimeError):  # not on this platform or thread
            pass
    running = asyncio.create_task(bot.start(token), name="wordle-bot")
    stopping = asyncio.create_task(stop.wait(), name="wordle-bot stop")
    try:
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        if not running.done():
            log.info("stopping: letting the answers under way finish (at most %.0f s)",
                     DRAIN_SECONDS)
            left = await drain()
            if left:
                log.warning("stopping with %d answers or race edits still under way", left)
            await bot.close()
        await running  # its error, if it ended with one
    finally:
        stopping.cancel()
        for sig in signals:
            loop.remove_signal_handler(sig)


def run_bot(config: Config, words: WordLists, *, sync_global: bool = False) -> int:
    """Run the bot until stopped; return the exit status (:mod:`bot.cli.exits`). A missing or
    rejected token or setting gets a message, not a traceback."""
    if not config.token:
        print(TOKEN_HELP, file=sys.stderr)
        return exits.CONFIG
    try:
        asyncio.run(_run(config, words, sync_global=sync_global))
    except discord.LoginFailure:
        print(REJECTED_HELP, file=sys.stderr)
        return exits.CONFIG
    except discord.PrivilegedIntentsRequired:
        print("Discord refused the connection's intents; wordle-bot needs no privileged "
              "intents, so check the bot's settings.", file=sys.stderr)
        return exits.CONFIG
    except ConfigError as exc:
        print(f"wordle-bot: {exc}", file=sys.stderr)
        return exits.CONFIG
    except StorageError as exc:
        print(f"wordle-bot: {exc}", file=sys.stderr)
        return exits.database_exit_code(exc, postgres=config.postgres_url is not None)
    except KeyboardInterrupt:  # before the signal handlers are in place
        pass
    log.info("stopped")
    return 0
