"""The server's daily results post (:class:`ResultsPost`): made by the day's first finish,
edited by each later one, in the server's results channel (else where the day's first finish
was played), brought up to date after a restart, and edited when a player it showed asked to be
forgotten. Its words are :func:`bot.render.daily_results.daily_results_text`; which post a
day has, and who makes it when several processes serve the bot, is :mod:`bot.service.posts`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

import discord
from discord.ext import commands

from bot.cogs.board import guild_texts
from bot.cogs.client import WordleClient
from bot.cogs.interact import NO_PINGS, bot_permissions, log_failure, may_post_in
from bot.cogs.messages import daily_results_text
from bot.cogs.retry import passing, retry_delay
from bot.service import GameService, PlayerError
from bot.storage.models import DailyPostBehind

log = logging.getLogger(__name__)
#: How often (seconds) each process looks for results posts to edit after a forget-me.
REDO_EVERY = 60.0
#: How many results posts a start brings up to date at once.
CATCH_UP_AT_ONCE = 4
#: How many of a channel's latest messages are looked through for the bot's own results post
#: before a new one is made.
OWN_POST_LOOKBACK = 50
#: The channels a results post can go to: a server's text channels, threads, and the text
#: chat of its voice and stage channels.
_PostsTo = discord.TextChannel | discord.Thread | discord.VoiceChannel | discord.StageChannel


class ResultsPost(commands.Cog):
    """Every server's daily results posts, kept up to date by this process."""

    def __init__(self, bot: WordleClient, service: GameService) -> None:
        self.bot = bot
        self.service = service
        #: One update at a time per server; and per (server, puzzle, channel of the finish),
        #: whether an update is under way (False) and another finish came meanwhile (True).
        self._post_locks: dict[int, asyncio.Lock] = {}
        self._posts_due: dict[tuple[int, int, int | None], bool] = {}
        self._catch_up: asyncio.Task[None] | None = None
        self._redo: asyncio.Task[None] | None = None
        #: Set when a forget-me was taken here (:meth:`redo_marked_posts`).
        self._redo_soon = asyncio.Event()

    async def cog_load(self) -> None:
        loop = asyncio.get_running_loop()
        self._catch_up = loop.create_task(self.catch_up_results_posts(),
                                          name="wordle-bot results posts catch-up")
        self._redo = loop.create_task(self.redo_marked_posts(),
                                      name="wordle-bot results posts of forgotten players")

    async def cog_unload(self) -> None:
        for task in (self._catch_up, self._redo):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    async def update(self, guild_id: int, channel_id: int | None,
                                  number: int | None, *, retry: bool = True,
                                  anew: bool = True) -> bool:
        """Create or edit the server's post for this daily (never fails the command).
        ``channel_id``: where the finish was, the post's place when the server set no results
        channel and the day has none yet. A failure that may pass is tried again
        (:mod:`bot.cogs.retry`) unless ``retry`` is false; the answer says whether there was
        one. ``anew`` false: only a post the day has is edited (a deleted one stays deleted).

        Finishes during an update make no edit of their own: the update under way makes one
        more pass, reading every result saved by then."""
        if not guild_id or number is None:  # server 0: a personal daily, no results post
            return False
        key = (guild_id, number, channel_id)
        if key in self._posts_due:
            self._posts_due[key] = True  # the update under way reads this result again
            return False
        self._posts_due[key] = False
        failures = 0
        try:
            lock = self._post_locks.setdefault(guild_id, asyncio.Lock())
            while True:
                async with lock:
                    self._posts_due[key] = False  # results read from here on include it
                    failed = await self._post_results(channel_id, guild_id, number, anew)
                if failed and not retry:
                    return True
                failures = failures + 1 if failed else 0
                delay = retry_delay(failures) if failed else None
                if delay is not None:
                    # Nothing else may come to correct it (the day's last finisher).
                    log.warning("trying the results post of guild %s again in %.0f s",
                                guild_id, delay)
                    await asyncio.sleep(delay)
                elif not self._posts_due[key]:
                    return failed
        finally:
            del self._posts_due[key]

    async def _post_results(self, finished_in: int | None, guild_id: int,
                            number: int, anew: bool = True) -> bool:
        """Bring the day's post up to date; whether it failed in a way that may pass."""
        try:
            summary = await self.service.daily_summary(guild_id, number)
            text = daily_results_text(summary, guild_texts(self.bot, guild_id))
            if not anew:
                made = await self.service.results_post_made(guild_id, number)
                if made is None:
                    return False
                channel = await self._channel(made[0])
                try:
                    edited = channel is not None and await self._edit_post(channel, made[1],
                                                                           text)
                except discord.Forbidden:
                    edited = False
                if edited:
                    await self.service.results_shown(guild_id, number, len(summary.results))
                else:  # it can no longer be edited here: not left showing who asked to go
                    await self._drop_post(made)
                return False
            settings = await self.service.settings(guild_id)
            if settings.results_channel_id is None and finished_in is None:
                return False
            known = await self.service.results_post(guild_id, number)
            # The results channel; else the day's post stays where the first finish put it
            # (one post a day, edited, wherever the others play); else where this finish was.
            # A channel that is gone (or takes no messages) passes to the next.
            wanted = (settings.results_channel_id, known[0] if known else None, finished_in)
            for channel_id in dict.fromkeys(c for c in wanted if c is not None):
                channel = await self._channel(channel_id)
                if channel is not None:
                    break
                log.warning("the channel %s of guild %s is gone or takes no messages: the "
                            "results post goes elsewhere", channel_id, guild_id)
            else:
                return False
            if known is None or known[0] != channel_id or not await self._edit_post(
                    channel, known[1], text):
                # A post sent before a crash, its id never stored: edit it, not a second one.
                found = None if known is not None else await self._own_post(channel, text)
                if found is not None:
                    await found.edit(content=text, allowed_mentions=NO_PINGS)
                posted = found or await channel.send(text, allowed_mentions=NO_PINGS)
                await self.service.remember_results_post(guild_id, number, channel_id,
                                                         posted.id)
                if known is not None and known[0] != channel_id:
                    await self._drop_post(known)
            # What a restart compares with the day's results (catch_up_results_posts).
            await self.service.results_shown(guild_id, number, len(summary.results))
        except Exception as exc:
            if not (passing(exc) or isinstance(exc, discord.HTTPException | PlayerError
                                                 | AttributeError)):
                raise
            log.warning("could not update the daily results post in guild %s: %s",
                        guild_id, exc)
            return passing(exc)
        return False

    async def _drop_post(self, post: tuple[int, int]) -> None:
        """Delete the day's post where it was, once it has moved (to a new results channel) or
        can no longer be edited: a copy left behind would go on showing who has been
        forgotten. A failure is logged, not raised."""
        try:
            channel = self.bot.get_channel(post[0]) or await self.bot.fetch_channel(post[0])
            if isinstance(channel, _PostsTo):
                await channel.get_partial_message(post[1]).delete()
        except discord.NotFound:  # gone already
            pass
        except Exception as exc:
            if not (passing(exc) or isinstance(exc, discord.HTTPException)):
                raise
            log.warning("could not delete the results post %s of channel %s: %s", post[1],
                        post[0], exc)

    @staticmethod
    async def _edit_post(channel: _PostsTo, message_id: int, text: str) -> bool:
        """Edit the day's post; whether it is still there."""
        try:
            await channel.get_partial_message(message_id).edit(content=text,
                                                               allowed_mentions=NO_PINGS)
        except discord.NotFound:
            return False
        return True

    async def redo_marked_posts(self) -> None:
        """At once after a forget-me taken here (:meth:`redo_soon`), else every
        :data:`REDO_EVERY` seconds (one taken by another process, an edit that failed): the
        results posts that still show a player who asked to be forgotten, old days' too,
        edited in this process's servers where they are (none is made anew), and their mark
        cleared as it was read."""
        await self.bot.wait_until_ready()
        while True:
            try:
                marked = await self.service.results_to_redo()
            except Exception as exc:
                log_failure(log, "reading the results posts of forgotten players failed", exc)
                marked = []
            for guild_id, number, mark in marked:
                if self.bot.owns_guild(guild_id):
                    await self._redo_post(guild_id, number, mark)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._redo_soon.wait(), REDO_EVERY)
            self._redo_soon.clear()

    async def _redo_post(self, guild_id: int, number: int, mark: int) -> None:
        """One marked post, edited (or deleted); its mark cleared unless that failed in a way
        that may pass (then the next round tries again)."""
        what = f"editing the results post of guild {guild_id}, day {number}, failed"
        try:
            failed = await self.update(guild_id, None, number, retry=False,
                                                    anew=False)
        except Exception as exc:
            # An outage: the next round. A bug (logged): not round after round.
            failed = log_failure(log, what, exc)
        if not failed:
            try:
                await self.service.results_redone(guild_id, number, mark)
            except Exception as exc:
                log_failure(log, what, exc)

    def redo_soon(self) -> None:
        """A forget-me was taken here: its posts are edited now, not at the next round."""
        self._redo_soon.set()

    async def _own_post(self, channel: _PostsTo, text: str) -> discord.Message | None:
        """The bot's own post of this day's results among the channel's latest messages (one
        sent just before a crash, whose id was never stored), if it can read them."""
        me = self.bot.user
        head = text.split("\n", 1)[0]  # "**Wordle 123 results**"
        may = bot_permissions(channel)
        if me is None or (may is not None and not may.read_message_history):
            return None
        try:
            async for message in channel.history(limit=OWN_POST_LOOKBACK):
                if message.author.id == me.id and message.content.split("\n", 1)[0] == head:
                    return message
        except discord.HTTPException as exc:  # no Read Message History: post anew
            log.debug("could not read channel %s: %s", channel.id, exc)
        return None

    async def _channel(self, channel_id: int) -> _PostsTo | None:
        """The channel (or thread) to post in; ``None`` if it is gone, takes no messages or
        the bot may not post there (asking Discord anyway only earns refusals, which Discord
        counts against the bot)."""
        try:
            channel = self.bot.get_channel(channel_id) or await self.bot.fetch_channel(
                channel_id)
        except discord.NotFound:
            return None
        if not isinstance(channel, _PostsTo) or may_post_in(channel) is False:
            return None
        return channel

    async def catch_up_results_posts(self) -> None:
        """After a restart: bring up to date the recent results posts of this process's
        servers that show fewer results than their day has (the bot stopped between a finish
        and its post: a crash, a power cut), a few at a time. A post that fails in a way that
        may pass is tried again in later rounds, so that it holds up no other server's."""
        await self.bot.wait_until_ready()
        behind = [day for day in await self._posts_behind() if self.bot.owns_guild(day.guild_id)]
        limit = asyncio.Semaphore(CATCH_UP_AT_ONCE)

        async def one(day: DailyPostBehind) -> bool:
            async with limit:
                try:
                    return await self.update(
                        day.guild_id, day.channel_id, day.puzzle_number, retry=False)
                except Exception:
                    log.exception("could not bring the results post of guild %s up to date",
                                  day.guild_id)
                    return False

        failures = 0
        while behind:
            log.info("bringing %d daily results posts up to date", len(behind))
            failed = await asyncio.gather(*(one(day) for day in behind))
            behind = [day for day, no in zip(behind, failed, strict=True) if no]
            failures += 1
            delay = retry_delay(failures) if behind else None
            if behind and delay is None:
                log.warning("gave up bringing %d daily results posts up to date", len(behind))
            if delay is None:
                return
            await asyncio.sleep(delay)

    async def _posts_behind(self) -> list[DailyPostBehind]:
        """The days whose post is behind; a failure that may pass is tried again."""
        failures = 0
        while True:
            try:
                return await self.service.results_behind()
            except Exception as exc:
                failures += 1
                delay = retry_delay(failures) if passing(exc) else None
                if delay is None:
                    log.exception("could not read which daily results posts are behind")
                    return []
                log.warning("could not read which daily results posts are behind (%s); "
                            "trying again in %.0f s", exc, delay)
                await asyncio.sleep(delay)
