"""Answering interactions: where they come from, in time for Discord's deadline, to the right
audience, and once.

Slash commands, button clicks and modal submits all answer through :func:`send` (a new message,
or a follow-up when the interaction was answered already) or :func:`update` (the clicked board
edited in place); :func:`guarded` words a player's error privately for buttons and modals,
where discord.py has no error handler of its own.

**Cooldowns.** :func:`cooldown` and :func:`spend` keep discord.py's buckets and its
``CommandOnCooldown``, but each expired bucket is dropped once (:class:`Recent`) rather than
every bucket walked at each use, as ``app_commands.checks.cooldown`` does
(``benchmarks/cooldowns.py``).

**Where.** The app can be installed to a server or to a player's account. Outside a server that
added the bot (a DM, a group chat, a server where only the player installed the app) the place
is the player's personal record (:data:`bot.core.personal.PERSONAL`): own games, the daily (in
the player's time zone) and statistics work there; channel games, challenges, races,
leaderboards and server settings need a server that added the bot (:func:`server_only`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Awaitable, Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import discord
from discord import app_commands

from bot.core.personal import PERSONAL
from bot.render.catalogues import N_
from bot.render.common import ENGLISH, Texts, texts_for
from bot.service import Place, PlayerError
from bot.storage.errors import StorageUnavailable

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

#: The answer to an error that is not the player's doing (the details go to the log).
APOLOGY = N_("Sorry, something went wrong on my side. Your game is safe; please try again in "
              "a moment.")
#: The answer while the database is away (restarting, unreachable).
DATABASE_AWAY = N_("Sorry, I can't reach my database right now. Your game is safe; please try "
                   "again in a moment.")


def log_failure(logger: logging.Logger, what: str, error: BaseException) -> bool:
    """Log a failure that is not a player's doing; whether it was the database being away.
    That is expected now and then: one warning line each, no traceback (an outage would
    otherwise fill the log). Anything else is logged with its traceback."""
    if isinstance(error, StorageUnavailable):
        logger.warning("%s: %s", what, error)
        return True
    logger.error("%s", what, exc_info=error)
    return False


def failure_text(error: BaseException, what: str, interaction: discord.Interaction) -> str:
    """Log a failure that is not the player's doing (:func:`log_failure`), and say what to
    tell them."""
    where = (f"server {interaction.guild_id}, channel {interaction.channel_id}, "
             f"user {interaction.user.id}")
    away = log_failure(log, f"{what} failed ({where})", error)
    return texts_for(interaction.locale)._(DATABASE_AWAY if away else APOLOGY)  # privately


def slow_down_text(retry_after: float, texts: Texts = ENGLISH) -> str:
    """A player over their cooldown (``retry_after`` seconds to go)."""
    return texts._("Slow down a little: try again in {seconds} s.",
                   seconds=max(math.ceil(retry_after), 1))


#: Discord drops an interaction that has no answer after 3 s ("This interaction failed"). Work
#: that is not finished this long after the interaction was created is deferred first.
DEFER_AFTER = 1.5
#: ``interaction.extras`` keys: how the "thinking..." placeholder was made, and whether a reply
#: has replaced it yet (only the first follow-up does that).
_DEFERRED_EPHEMERAL = "wordle:deferred_ephemeral"
_PLACEHOLDER_USED = "wordle:placeholder_used"


@dataclass
class Reply:
    """What to send: content, embeds and files (with a ``view`` of buttons, perhaps), or a
    Components V2 ``view`` with its files (then no content or embeds); and whether only the
    player sees it."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    ephemeral: bool = False
    view: discord.ui.LayoutView | discord.ui.View | None = None

    def kwargs(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ephemeral": self.ephemeral}
        if self.content:
            out["content"] = self.content
        if self.embeds:
            out["embeds"] = self.embeds
        if self.files:
            out["files"] = self.files
        if self.view is not None:
            out["view"] = self.view
        return out


AnyView = TypeVar("AnyView", bound=discord.ui.View | discord.ui.LayoutView)


def untracked(view: AnyView) -> AnyView:
    """``view`` stopped before it is sent when every button in it is a dynamic item (found by
    its custom id, so discord.py needs no copy of the view to answer a click), as our boards and
    confirmations are.

    discord.py otherwise gives the view of a private (ephemeral) message a 15-minute timeout,
    with a task waiting on it that keeps the whole view (text, picture gallery, buttons) in
    memory until then. A view with other interactive items is left as it is (their callbacks
    need discord.py's copy)."""
    if all(isinstance(item, discord.ui.DynamicItem)
           for item in view.walk_children() if item.is_dispatchable()):
        view.stop()
    return view


SERVER_ONLY_TEXT = N_("That needs a server that has added Wordle. Here (outside such a "
                      "server) you can play your own games and your daily, and see your "
                      "statistics.")
#: Everywhere: servers, the DM with the bot, group chats; installed to a server or a player.
CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)
INSTALLS = app_commands.AppInstallationType(guild=True, user=True)


def place_of(interaction: discord.Interaction) -> Place:
    """The server and channel; outside a server that added the bot, the player's personal
    record."""
    guild_id = interaction.guild_id if interaction.is_guild_integration() else None
    return Place(guild_id=guild_id or PERSONAL, channel_id=interaction.channel_id or 0)


class ServerOnly(app_commands.CheckFailure):
    """A command (or option) that needs a server that has added the bot."""

    def __init__(self) -> None:
        super().__init__(SERVER_ONLY_TEXT)


def is_personal(interaction: discord.Interaction) -> bool:
    """Whether the interaction comes from outside a server that added the bot."""
    return place_of(interaction).guild_id == PERSONAL


def server_only(interaction: discord.Interaction) -> int:
    """The server's id; :class:`ServerOnly` outside a server that added the bot."""
    guild_id = place_of(interaction).guild_id
    if guild_id == PERSONAL:
        raise ServerOnly
    return guild_id


def needs_server() -> Callable[[T], T]:
    """A check (run before the others below it) refusing outside a server that added the
    bot, so a server-only command never answers with a permission it does not ask for."""

    def predicate(interaction: discord.Interaction) -> bool:
        server_only(interaction)
        return True

    return app_commands.check(predicate)


def on_public_board(interaction: discord.Interaction) -> bool:
    """Whether the button clicked (or the one that opened the modal submitted) is on a
    message everyone sees."""
    message = interaction.message
    return message is not None and not message.flags.ephemeral


def bot_permissions(channel: discord.abc.GuildChannel | discord.Thread
                    ) -> discord.Permissions | None:
    """What the bot may do in a server's channel (``None``: its member is not known)."""
    me = channel.guild.me
    return channel.permissions_for(me) if me is not None else None


def may_post_in(channel: discord.abc.GuildChannel | discord.Thread) -> bool | None:
    """Whether the bot may post in a server's channel (``None``: not known)."""
    may = bot_permissions(channel)
    if may is None:
        return None
    # A thread takes its parent's permissions, where Send Messages is the parent's own right.
    send = (may.send_messages_in_threads if isinstance(channel, discord.Thread)
            else may.send_messages)
    return may.view_channel and send


async def within_deadline(interaction: discord.Interaction, work: Awaitable[T], *,
                          ephemeral: bool = True, update: bool = False) -> T:
    """Await ``work`` (service calls, rendering); if it takes too long for Discord's deadline,
    defer the interaction meanwhile.

    The common case answers with one message and no "thinking..." step, so a refusal is a
    plain private message. ``ephemeral`` is how the placeholder is shown if there has to be
    one: private unless the answer is known to be public, so a slow daily never shows in the
    channel; :func:`send` fixes up a placeholder of the wrong kind. ``update`` (a click or a
    modal on a board that will be edited): defer as "updating this message" instead, with no
    placeholder.
    """
    task = asyncio.ensure_future(work)
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    budget = DEFER_AFTER - min(max(age, 0.0), DEFER_AFTER)
    try:
        done, _ = await asyncio.wait({task}, timeout=budget)
        if not done and not interaction.response.is_done():
            if update:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=ephemeral, thinking=True)
                interaction.extras[_DEFERRED_EPHEMERAL] = ephemeral
        return await task
    finally:
        if not task.done():  # the handler itself was cancelled
            task.cancel()


async def send(interaction: discord.Interaction, reply: Reply) -> None:
    """Answer the interaction, or follow up when it has been answered (or deferred) already.

    A deferred placeholder is replaced by the first follow-up and keeps its own visibility, so
    when that does not match the reply (a private placeholder for a public board, or the
    other way round) the placeholder is deleted and the reply posted on its own.
    """
    kwargs = reply.kwargs()
    kwargs["allowed_mentions"] = NO_PINGS
    if reply.view is not None:
        kwargs["view"] = untracked(reply.view)
    if not interaction.response.is_done():
        await interaction.response.send_message(**kwargs)
        return
    deferred = interaction.extras.get(_DEFERRED_EPHEMERAL)
    if deferred is not None and not interaction.extras.get(_PLACEHOLDER_USED):
        interaction.extras[_PLACEHOLDER_USED] = True
        if deferred != reply.ephemeral:
            with contextlib.suppress(discord.NotFound):
                await interaction.delete_original_response()
    await interaction.followup.send(**kwargs)


async def update(interaction: discord.Interaction, reply: Reply) -> None:
    """Edit the message the clicked button (or the modal's button) is on to ``reply``."""
    kwargs: dict[str, Any] = {"allowed_mentions": NO_PINGS, "attachments": reply.files}
    if reply.view is not None:
        kwargs["view"] = untracked(reply.view)
    else:
        kwargs["content"], kwargs["embeds"], kwargs["view"] = reply.content, reply.embeds, None
    if interaction.response.is_done():
        await interaction.edit_original_response(**kwargs)
    else:
        await interaction.response.edit_message(**kwargs)


async def guarded(interaction: discord.Interaction, work: Awaitable[None], what: str) -> None:
    """Run a button's or modal's work; a player's error is told to them privately, anything
    else is logged and apologised for (discord.py only logs errors of dynamic items)."""
    from bot.cogs.messages import error_text  # the wording; messages imports this module

    texts = texts_for(interaction.locale)  # told privately: in the player's language
    try:
        await work
    except PlayerError as error:
        message = error_text(error, texts)
    except app_commands.CommandOnCooldown as slow:  # (spend, below)
        message = slow_down_text(slow.retry_after, texts)
    except Exception as error:
        message = failure_text(error, what, interaction)
    else:
        return
    try:
        await send(interaction, Reply(content=message, ephemeral=True))
    except discord.HTTPException:
        log.warning("could not tell user %s about an error", interaction.user.id)


# --------------------------------------------------------------------------------------------
# Cooldowns, and values kept for a while (the players' looks too, bot.cogs.board)


class Recent(Generic[K, V]):
    """Each key's value for ``ttl`` seconds after it was put, at most ``most`` of them, at a
    cost per use that does not grow with how many are kept: entries stay in the order they
    were put, so the expired ones are at the front and each is dropped once. A put whose time
    is a little behind the one before only keeps its entry a little longer than ``ttl``."""

    def __init__(self, ttl: float, most: int = 100_000) -> None:
        if ttl <= 0 or most < 1:
            raise ValueError("values must be kept for a positive time, and at least one")
        self.ttl = ttl
        self.most = most
        self._entries: dict[K, tuple[V, float]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[K]:
        """The keys, oldest first."""
        return iter(self._entries)

    def get(self, key: K, now: float) -> V | None:
        """``key``'s value, unless there is none or it was put more than ``ttl`` before."""
        found = self._entries.get(key)
        return found[0] if found is not None and now <= found[1] + self.ttl else None

    def last(self, key: K) -> V | None:
        """``key``'s value however long ago it was put, while it is still kept."""
        found = self._entries.get(key)
        return found[0] if found is not None else None

    def put(self, key: K, value: V, now: float) -> None:
        """Keep ``value`` for ``key`` from ``now``, after dropping the expired values and,
        beyond ``most``, the oldest."""
        entries = self._entries
        while entries:
            oldest = next(iter(entries))
            if now <= entries[oldest][1] + self.ttl and len(entries) < self.most:
                break
            del entries[oldest]
        entries.pop(key, None)  # to the end: the entries stay in the order they expire
        entries[key] = (value, now)

    def pop(self, key: K) -> None:
        self._entries.pop(key, None)


class Buckets:
    """Each key's bucket, forgotten once unused for ``per`` seconds (it is full again then)."""

    def __init__(self, rate: int, per: float) -> None:
        if rate < 1 or per <= 0:
            raise ValueError("a cooldown needs a rate of at least 1 and a positive period")
        self.rate = rate
        self.per = per
        self._buckets: Recent[Hashable, app_commands.Cooldown] = Recent(per)

    def __len__(self) -> int:
        return len(self._buckets)

    def use(self, key: Hashable, now: float) -> tuple[app_commands.Cooldown, float] | None:
        """Take one use of ``key``'s bucket at ``now`` (seconds): None if it had one left,
        else the bucket and the seconds until it has."""
        bucket = self._buckets.get(key, now)
        if bucket is None:
            bucket = app_commands.Cooldown(self.rate, self.per)
        self._buckets.put(key, bucket, now)
        retry_after = bucket.update_rate_limit(now)
        return None if retry_after is None else (bucket, retry_after)


#: A player's guesses and hints, per server: 5 guesses and 3 hints in 10 seconds, spent alike
#: by /guess and /hint and by the board's modal and hint buttons (:func:`spend`).
GUESSES = Buckets(5, 10.0)
HINTS = Buckets(3, 10.0)
#: A player's analyses (each one a solver search per guess), per server: 2 in 30 seconds.
ANALYSES = Buckets(2, 30.0)
#: A player's leaderboards (each ranks every player of the server), per server: 3 in 10 s.
LEADERBOARDS = Buckets(3, 10.0)


def player_key(interaction: discord.Interaction) -> Hashable:
    return (interaction.guild_id, interaction.user.id)


def spend(buckets: Buckets, interaction: discord.Interaction,
          key: Callable[[discord.Interaction], Hashable] = player_key) -> None:
    """Take one use of the interaction's bucket (at its ``created_at``), else raise
    :class:`discord.app_commands.CommandOnCooldown` as ``app_commands.checks.cooldown`` does."""
    spent = buckets.use(key(interaction), interaction.created_at.timestamp())
    if spent is not None:
        raise app_commands.CommandOnCooldown(*spent)


def cooldown(buckets: Buckets,
             key: Callable[[discord.Interaction], Hashable] = player_key) -> Callable[[T], T]:
    """An app command check that spends one use of ``buckets`` (:func:`spend`)."""

    def predicate(interaction: discord.Interaction) -> bool:
        spend(buckets, interaction, key)
        return True

    return app_commands.check(predicate)
