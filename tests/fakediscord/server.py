"""FakeDiscord: a small Discord (REST + gateway) on 127.0.0.1 for running the real bot in tests.

See README.md in this package for the API tour.  The server speaks just enough of Discord API
v10 for discord.py 2.7 (login, app command sync, gateway READY/GUILD_CREATE/INTERACTION_CREATE,
interaction callbacks, webhooks follow-ups, channel messages) and validates what the bot sends
the way Discord does where a bot can realistically get it wrong (message limits, command
definitions, permissions, the 3 second interaction deadline, double acknowledgements).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import discord
import yarl
from aiohttp import WSMsgType, web

from . import validation
from .gateway import (
    CLOSE_ALREADY_AUTHENTICATED,
    CLOSE_AUTH_FAILED,
    CLOSE_DECODE_ERROR,
    CLOSE_DISALLOWED_INTENTS,
    CLOSE_INVALID_INTENTS,
    CLOSE_NOT_AUTHENTICATED,
    CLOSE_UNKNOWN_OPCODE,
    INTENT_GUILD_MEMBERS,
    INTENT_MESSAGE_CONTENT,
    OP_HEARTBEAT,
    OP_HEARTBEAT_ACK,
    OP_HELLO,
    OP_IDENTIFY,
    OP_INVALID_SESSION,
    OP_PRESENCE,
    OP_RECONNECT,
    OP_REQUEST_MEMBERS,
    OP_RESUME,
    OP_VOICE_STATE,
    PRIVILEGED_INTENTS,
    Connection,
    GatewaySession,
)
from .models import (
    ADMINISTRATOR,
    ATTACH_FILES,
    CHANNEL_CATEGORY,
    CHANNEL_DM,
    CHANNEL_TEXT,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    INTERACTION_APPLICATION_COMMAND,
    INTERACTION_AUTOCOMPLETE,
    INTERACTION_COMPONENT,
    INTERACTION_MODAL_SUBMIT,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    VIEW_CHANNEL,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeMessage,
    FakeResponse,
    FakeRole,
    FakeUser,
    Overwrite,
    PermissionsLike,
    SnowflakeFactory,
    iso_now,
    permission_value,
)

if TYPE_CHECKING:
    from .runner import BotRunner

log = logging.getLogger("tests.fakediscord")

API_PREFIX = "/api/v10"
ATTACHMENT_SIZE_LIMIT = validation.MAX_ATTACHMENT_BYTES


class FakeDiscordError(Exception):
    """The test used the fake in a way that cannot work (unknown command, user not in guild...)."""


class CommandNotAvailable(FakeDiscordError):
    """Discord itself would not let this user do this (hidden command, disabled button...)."""


class InvalidCommandInput(FakeDiscordError):
    """The Discord client would refuse these option values (wrong type, out of range...)."""


class FakeDiscordTimeout(AssertionError):
    """A wait on the fake timed out; the message says what was awaited and what happened."""


@dataclass
class RequestRecord:
    """One REST request the bot made (never holds the Authorization header)."""

    method: str
    path: str  # path below /api/v10, e.g. "/channels/123/messages"
    status: int = 0
    json: Any = None
    files: list[str] = field(default_factory=list)
    at: float = field(default_factory=time.perf_counter)
    error: str | None = None  # Discord-style error text when the fake refused the request

    def __str__(self) -> str:
        text = f"{self.method} {self.path} -> {self.status}"
        return f"{text} ({self.error})" if self.error else text


@dataclass
class _Upload:
    filename: str
    data: bytes
    content_type: str | None


@dataclass
class _Body:
    json: Any = None
    files: dict[int, _Upload] = field(default_factory=dict)


@dataclass
class _InjectedError:
    method: str
    pattern: re.Pattern[str]
    status: int
    code: int
    message: str
    times: int
    retry_after: float


class _HTTPError(Exception):
    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: Any = None,
        *,
        extra: Mapping[str, Any] | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.extra = dict(extra or {})
        self.headers = dict(headers or {})

    def body(self) -> dict[str, Any]:
        data: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            data["errors"] = self.errors
        data.update(self.extra)
        return data


def _json_response(
    data: Any, status: int = 200, headers: Mapping[str, str] | None = None
) -> web.Response:
    # discord.py compares the content-type header for equality with "application/json", so no
    # "; charset=utf-8" suffix (which aiohttp's json_response would add).
    all_headers = {"Content-Type": "application/json"}
    if headers:
        all_headers.update(headers)
    return web.Response(status=status, body=json.dumps(data).encode(), headers=all_headers)


def _not_found(code: int, what: str) -> _HTTPError:
    return _HTTPError(404, code, f"Unknown {what}")


def _form_error(problems: list[validation.Problem]) -> _HTTPError:
    return _HTTPError(400, 50035, "Invalid Form Body", validation.form_errors(problems))


_Handler = Callable[[web.Request, re.Match[str], _Body], Awaitable[web.StreamResponse]]


class FakeDiscord:
    """The fake Discord server plus the world it serves (guilds, users, messages, commands).

    Usage::

        async with FakeDiscord() as fake:           # starts on 127.0.0.1, patches discord.py
            guild = fake.add_guild("Test Server")
            channel = fake.add_text_channel(guild, "general")
            alice = fake.add_member(guild, "alice")
            async with fake.run_bot(make_bot()):     # real discord.py client, same event loop
                inter = await fake.invoke(channel, alice, "ping")
                resp = await inter.first_response()
    """

    def __init__(
        self,
        *,
        token: str | None = None,
        bot_name: str = "WordleBot",
        heartbeat_interval: float = 41.25,
        callback_deadline: float | None = 3.0,
        default_timeout: float = 5.0,
        strict: bool = True,
        privileged_intents: int = PRIVILEGED_INTENTS,
    ) -> None:
        self._snowflake = SnowflakeFactory()
        self.application_id = self._snowflake()
        self.bot_user = FakeUser(self.application_id, bot_name, bot=True)
        #: the one valid bot token; anything else gets 401 / close code 4004
        self.token = token or self._make_token()
        self.heartbeat_interval = heartbeat_interval
        #: seconds the bot has to make the first callback (Discord: 3); None disables the check
        self.callback_deadline = callback_deadline
        self.default_timeout = default_timeout
        #: on exit, fail if the bot hit routes the fake does not implement
        self.strict = strict
        #: privileged intents "enabled in the developer portal" (others get close code 4014)
        self.privileged_intents = privileged_intents

        #: owner of the application (GET /oauth2/applications/@me); in no guild by default
        self.app_owner = FakeUser(self._snowflake(), "app_owner")
        self.users: dict[int, FakeUser] = {u.id: u for u in (self.bot_user, self.app_owner)}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.interactions: dict[int, FakeInteraction] = {}
        self._interactions_by_token: dict[str, FakeInteraction] = {}
        self._uploads: dict[int, FakeAttachment] = {}

        # application commands: scope (None = global, else guild id) -> {(type, name): command}
        self._commands: dict[int | None, dict[tuple[int, str], dict[str, Any]]] = {None: {}}
        self._command_ids: dict[tuple[int | None, int, str], int] = {}
        self._command_version = 0
        self.sync_calls: list[tuple[int | None, int]] = []  # (scope, number of commands) per PUT

        self.requests: list[RequestRecord] = []
        self.unknown_routes: list[str] = []
        self.server_errors: list[str] = []
        self._injected: list[_InjectedError] = []

        self.sessions: dict[str, GatewaySession] = {}
        self._current_session: GatewaySession | None = None
        self._connections: set[Connection] = set()
        self.connections_total = 0
        self.identify_count = 0
        self.resume_count = 0
        self.heartbeat_count = 0
        self.close_codes: list[int | None] = []  # client close codes as the server saw them

        self._runners: list[BotRunner] = []
        self._changed = asyncio.Event()
        self._last_activity = time.perf_counter()
        self._site_runner: web.AppRunner | None = None
        self.port: int | None = None
        self._patch_stack: contextlib.ExitStack | None = None
        self._routes: list[tuple[str, re.Pattern[str], _Handler, bool]] = []
        self._build_routes()

    # ------------------------------------------------------------------ lifecycle

    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        self._site_runner = runner
        self.port = runner.addresses[0][1]
        log.debug("fake discord listening on %s", self.base_url)
        return self

    async def stop(self) -> None:
        for runner in list(self._runners):
            await runner.stop(raise_errors=False)
        for conn in list(self._connections):
            conn.close(1001, "fake discord shutting down")
        for conn in list(self._connections):
            await conn.shutdown()
            with contextlib.suppress(Exception):
                await conn.ws.close(code=1001)
        if self._site_runner is not None:
            await self._site_runner.cleanup()
            self._site_runner = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        self._patch_stack = contextlib.ExitStack()
        self._patch_stack.enter_context(self.patch_discord())
        return self

    async def __aexit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        try:
            await self.stop()
        finally:
            if self._patch_stack is not None:
                self._patch_stack.close()
                self._patch_stack = None
        if exc_type is None and self.strict:
            self.assert_no_unknown_routes()

    @contextlib.contextmanager
    def patch_discord(self) -> Iterator[None]:
        """Point discord.py's REST base and default gateway at this fake; restore on exit."""
        from discord.gateway import DiscordWebSocket
        from discord.http import Route

        old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
        Route.BASE = self.api_url
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        try:
            yield
        finally:
            Route.BASE = old_base
            DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    def run_bot(
        self,
        client: discord.Client,
        *,
        token: str | None = None,
        wait: str | None = "gateway",
        timeout: float | None = None,
    ) -> BotRunner:
        """Async context manager running ``client.start(token)`` in a task; see BotRunner."""
        from .runner import BotRunner

        return BotRunner(self, client, token=token, wait=wait, timeout=timeout)

    @property
    def base_url(self) -> str:
        if self.port is None:
            raise FakeDiscordError("FakeDiscord is not started")
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_url(self) -> str:
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway/"

    @property
    def resume_gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway/resume/"

    def _make_token(self) -> str:
        # Looks like a bot token (base64 id . timestamp . hmac) but is random.
        return f"{secrets.token_urlsafe(18)}.{secrets.token_urlsafe(4)}.{secrets.token_urlsafe(27)}"

    def invalidate_token(self) -> str:
        """Rotate the bot token (the old one now gets 401 / 4004). Returns the new token."""
        self.token = self._make_token()
        return self.token

    # ------------------------------------------------------------------ waiting

    def _notify(self) -> None:
        self._last_activity = time.perf_counter()
        event, self._changed = self._changed, asyncio.Event()
        event.set()

    def _check_bots(self) -> None:
        for runner in self._runners:
            task = runner.task
            if task is not None and task.done() and not runner.stopping:
                if task.cancelled():
                    raise FakeDiscordError(f"bot task {runner!r} was cancelled")
                exc = task.exception()
                if exc is not None:
                    raise exc
                raise FakeDiscordError(f"bot task {runner!r} ended unexpectedly")

    def _describe_problems(self) -> list[str]:
        lines = [f"unsupported route hit: {r}" for r in self.unknown_routes]
        lines.extend(f"fake server error: {e}" for e in self.server_errors)
        session = self._current_session
        if session is None:
            lines.append("no bot has identified on the gateway")
        elif session.connection is None:
            lines.append("the bot's gateway session is disconnected")
        return lines

    async def wait_for(
        self,
        predicate: Callable[[], bool],
        timeout: float | None = None,
        what: str | Callable[[], str] = "condition",
    ) -> None:
        """Wait until ``predicate()`` is true, re-checking on every change in the fake.

        Raises FakeDiscordTimeout (an AssertionError) describing ``what``, or re-raises the
        exception of a bot task (started with run_bot) that crashed meanwhile.
        """
        timeout = self.default_timeout if timeout is None else timeout
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            self._check_bots()
            if predicate():
                return
            remaining = deadline - loop.time()
            if remaining <= 0:
                text = what() if callable(what) else "\n".join([what, *self._describe_problems()])
                raise FakeDiscordTimeout(f"timed out after {timeout:.1f}s waiting for {text}")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(remaining, 0.25))

    @property
    def ready(self) -> bool:
        """A bot session is connected and has been sent READY plus every GUILD_CREATE."""
        s = self._current_session
        return s is not None and s.ready and s.connection is not None and not s.invalidated

    async def wait_until_ready(self, timeout: float | None = None) -> GatewaySession:
        await self.wait_for(lambda: self.ready, timeout, "a bot to connect to the gateway")
        assert self._current_session is not None
        return self._current_session

    async def wait_until_disconnected(self, timeout: float | None = None) -> None:
        await self.wait_for(
            lambda: not self._connections, timeout, "all gateway connections to close"
        )

    async def settle(self, quiet: float = 0.1, timeout: float | None = None) -> None:
        """Wait until nothing happened (REST request, gateway traffic) for ``quiet`` seconds.

        Handy at the end of a scenario; prefer explicit waits (first_response...) otherwise.
        """
        timeout = self.default_timeout if timeout is None else timeout
        start = time.perf_counter()
        while True:
            self._check_bots()
            idle = time.perf_counter() - self._last_activity
            if idle >= quiet:
                return
            if time.perf_counter() - start > timeout:
                raise FakeDiscordTimeout(f"the bot never went quiet for {quiet}s within {timeout}s")
            await asyncio.sleep(quiet - idle)

    def assert_no_unknown_routes(self) -> None:
        if self.unknown_routes or self.server_errors:
            raise AssertionError(
                "the bot used Discord routes the fake does not implement (or the fake crashed):\n  "
                + "\n  ".join(self.unknown_routes + self.server_errors)
            )

    # ------------------------------------------------------------------ world building

    def add_user(
        self, name: str, *, global_name: str | None = None, bot: bool = False, locale: str = "en-US"
    ) -> FakeUser:
        user = FakeUser(self._snowflake(), name, global_name=global_name, bot=bot, locale=locale)
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str = "Test Server",
        *,
        owner: FakeUser | None = None,
        bot_permissions: PermissionsLike = None,
        everyone_permissions: PermissionsLike = None,
        locale: str = "en-US",
    ) -> FakeGuild:
        """A guild the bot is in: @everyone role, a managed bot role, an owner member."""
        guild = FakeGuild(self._snowflake(), name, locale=locale)
        guild.roles[guild.id] = FakeRole(
            guild.id,
            guild,
            "@everyone",
            permission_value(everyone_permissions, DEFAULT_EVERYONE_PERMISSIONS),
            position=0,
        )
        bot_role = FakeRole(
            self._snowflake(),
            guild,
            self.bot_user.name,
            permission_value(bot_permissions, DEFAULT_BOT_PERMISSIONS),
            position=1,
            managed=True,
            bot_id=self.bot_user.id,
        )
        guild.roles[bot_role.id] = bot_role
        owner = owner or self.add_user(f"{name.lower().replace(' ', '_')}_owner")
        guild.owner_id = owner.id
        guild.members[owner.id] = FakeMember(owner, guild)
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, guild, role_ids=[bot_role.id])
        self.guilds[guild.id] = guild
        session = self._live_session()
        if session is not None:
            session.dispatch(
                "GUILD_CREATE", self._guild_create_payload(guild, session, joined=True)
            )
        self._notify()
        return guild

    def bot_member(self, guild: FakeGuild) -> FakeMember:
        return guild.members[self.bot_user.id]

    def bot_role(self, guild: FakeGuild) -> FakeRole:
        return next(r for r in guild.roles.values() if r.bot_id == self.bot_user.id)

    def add_role(
        self, guild: FakeGuild, name: str, permissions: PermissionsLike = None
    ) -> FakeRole:
        role = FakeRole(
            self._snowflake(), guild, name, permission_value(permissions), position=len(guild.roles)
        )
        guild.roles[role.id] = role
        self._dispatch_guild_event(
            guild, "GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()}
        )
        return role

    def set_role_permissions(self, role: FakeRole, permissions: PermissionsLike) -> None:
        role.permissions = permission_value(permissions)
        self._dispatch_guild_event(
            role.guild,
            "GUILD_ROLE_UPDATE",
            {"guild_id": str(role.guild.id), "role": role.payload()},
        )

    def add_text_channel(
        self,
        guild: FakeGuild,
        name: str = "general",
        *,
        topic: str | None = None,
        category: FakeChannel | None = None,
        overwrites: Mapping[Any, Any] | None = None,
    ) -> FakeChannel:
        """A text channel. ``overwrites``: {role|member|user: (allow, deny)} permission values."""
        return self._add_channel(
            guild, name, CHANNEL_TEXT, topic=topic, category=category, overwrites=overwrites
        )

    def add_category(self, guild: FakeGuild, name: str) -> FakeChannel:
        return self._add_channel(guild, name, CHANNEL_CATEGORY)

    def _add_channel(
        self,
        guild: FakeGuild,
        name: str,
        ctype: int,
        *,
        topic: str | None = None,
        category: FakeChannel | None = None,
        overwrites: Mapping[Any, Any] | None = None,
    ) -> FakeChannel:
        channel = FakeChannel(
            self._snowflake(),
            name,
            ctype,
            guild=guild,
            topic=topic,
            position=len(guild.channels),
            parent_id=category.id if category else None,
        )
        for target, value in (overwrites or {}).items():
            allow, deny = value
            channel.overwrites.append(self._overwrite(target, allow, deny))
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        self._dispatch_guild_event(guild, "CHANNEL_CREATE", channel.payload())
        return channel

    def _overwrite(self, target: Any, allow: PermissionsLike, deny: PermissionsLike) -> Overwrite:
        if isinstance(target, FakeRole):
            return Overwrite(target.id, False, permission_value(allow), permission_value(deny))
        if isinstance(target, FakeMember | FakeUser):
            return Overwrite(target.id, True, permission_value(allow), permission_value(deny))
        raise TypeError(
            f"overwrite target must be a FakeRole, FakeMember or FakeUser, not {target!r}"
        )

    def set_overwrite(
        self,
        channel: FakeChannel,
        target: Any,
        *,
        allow: PermissionsLike = None,
        deny: PermissionsLike = None,
    ) -> None:
        """Set (replace) the permission overwrite for a role or member on a channel."""
        new = self._overwrite(target, allow, deny)
        channel.overwrites = [
            o
            for o in channel.overwrites
            if (o.target_id, o.is_member) != (new.target_id, new.is_member)
        ]
        channel.overwrites.append(new)
        assert channel.guild is not None
        self._dispatch_guild_event(channel.guild, "CHANNEL_UPDATE", channel.payload())

    def add_member(
        self,
        guild: FakeGuild,
        name: str | None = None,
        *,
        user: FakeUser | None = None,
        permissions: PermissionsLike = None,
        roles: list[FakeRole] | None = None,
        nick: str | None = None,
    ) -> FakeMember:
        """Add a (new or existing) user to a guild.

        ``permissions`` (discord.Permissions, int or {"manage_guild": True}) is granted through a
        role created for this member, on top of @everyone; ``roles`` adds existing roles.
        """
        if user is None:
            if name is None:
                raise FakeDiscordError("add_member needs a name or a user")
            user = self.add_user(name)
        if user.id in guild.members:
            raise FakeDiscordError(f"{user.name} is already a member of {guild.name}")
        member = FakeMember(user, guild, nick=nick)
        for role in roles or []:
            member.role_ids.append(role.id)
        if permissions is not None:
            role = FakeRole(
                self._snowflake(),
                guild,
                f"{user.name} perms",
                permission_value(permissions),
                position=len(guild.roles),
            )
            guild.roles[role.id] = role
            self._dispatch_guild_event(
                guild, "GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()}
            )
            member.role_ids.append(role.id)
        guild.members[user.id] = member
        payload = member.payload() | {"guild_id": str(guild.id)}
        self._dispatch_guild_event(guild, "GUILD_MEMBER_ADD", payload, intent=INTENT_GUILD_MEMBERS)
        return member

    def set_member_roles(self, member: FakeMember, roles: list[FakeRole]) -> None:
        member.role_ids = [r.id for r in roles]
        payload = member.payload() | {"guild_id": str(member.guild.id)}
        self._dispatch_guild_event(
            member.guild, "GUILD_MEMBER_UPDATE", payload, intent=INTENT_GUILD_MEMBERS
        )

    def permissions_for(
        self, member: FakeMember, channel: FakeChannel | None = None
    ) -> discord.Permissions:
        """What Discord would compute for this member (guild level, then channel overwrites)."""
        return discord.Permissions(member.guild.channel_permissions(member, channel))

    def dm_channel(self, user: FakeUser | FakeMember) -> FakeChannel:
        """The DM channel between ``user`` and the bot (created on first use)."""
        user = user.user if isinstance(user, FakeMember) else user
        for channel in self.channels.values():
            if channel.type == CHANNEL_DM and channel.recipient is user:
                return channel
        channel = FakeChannel(self._snowflake(), "", CHANNEL_DM, recipient=user)
        self.channels[channel.id] = channel
        return channel

    # ------------------------------------------------------------------ queries for tests

    def channel_messages(
        self,
        channel: FakeChannel,
        *,
        include_ephemeral: bool = False,
        include_deleted: bool = False,
    ) -> list[FakeMessage]:
        """Messages in a channel, oldest first: bot posts and public interaction replies."""
        return [
            m
            for m in self.messages.values()
            if m.channel is channel
            and (include_ephemeral or not m.ephemeral)
            and (include_deleted or not m.deleted)
        ]

    def commands(self, guild: FakeGuild | int | None = None) -> list[dict[str, Any]]:
        """The application commands currently registered (globally, or for one guild)."""
        scope = guild.id if isinstance(guild, FakeGuild) else guild
        return list(self._commands.get(scope, {}).values())

    def command_paths(self, guild: FakeGuild | int | None = None) -> list[str]:
        """Registered chat-input commands as invocable paths: ["ping", "wordle start", ...]."""
        paths: list[str] = []
        for cmd in self.commands(guild):
            if cmd.get("type", 1) != 1:
                continue
            subs = [o for o in cmd.get("options", []) if o.get("type") in (1, 2)]
            if not subs:
                paths.append(cmd["name"])
            for sub in subs:
                if sub["type"] == 1:
                    paths.append(f"{cmd['name']} {sub['name']}")
                else:
                    for leaf in sub.get("options", []):
                        paths.append(f"{cmd['name']} {sub['name']} {leaf['name']}")
        return sorted(paths)

    def sync_count(self, guild: FakeGuild | int | None = None) -> int:
        """How many bulk overwrites (tree.sync) were made for this scope."""
        scope = guild.id if isinstance(guild, FakeGuild) else guild
        return sum(1 for s, _ in self.sync_calls if s == scope)

    def requests_to(self, method: str, path_regex: str) -> list[RequestRecord]:
        pattern = re.compile(path_regex)
        return [r for r in self.requests if r.method == method and pattern.search(r.path)]

    def inject_error(
        self,
        method: str,
        path_regex: str,
        status: int = 500,
        *,
        code: int = 0,
        message: str | None = None,
        times: int = 1,
        retry_after: float = 0.05,
    ) -> None:
        """Make the next ``times`` matching REST requests fail (e.g. 403/404/429/500).

        Note: discord.py retries 500/502/504 itself after sleeping 1 s, 3 s...; 429 after
        ``retry_after`` seconds.
        """
        self._injected.append(
            _InjectedError(
                method.upper(),
                re.compile(path_regex),
                status,
                code,
                message or f"{status}: injected by test",
                times,
                retry_after,
            )
        )

    # ------------------------------------------------------------------ gateway control

    def _live_session(self) -> GatewaySession | None:
        s = self._current_session
        return s if s is not None and not s.invalidated else None

    @property
    def session(self) -> GatewaySession | None:
        """The current (latest identified, not invalidated) bot session, if any."""
        return self._live_session()

    def dispatch(self, event: str, data: Any) -> bool:
        """Send any gateway event to the bot (queued for RESUME if it is disconnected)."""
        session = self._live_session()
        if session is None:
            return False
        session.dispatch(event, data)
        return True

    def _dispatch_guild_event(
        self, guild: FakeGuild, event: str, data: Any, *, intent: int = 0
    ) -> None:
        session = self._live_session()
        if session is not None and (not intent or session.has_intent(intent)):
            session.dispatch(event, data)
        self._notify()

    def request_reconnect(self) -> None:
        """Send op 7 RECONNECT: the client closes and RESUMEs on resume_gateway_url."""
        session = self._live_session()
        if session is None or session.connection is None:
            raise FakeDiscordError("no connected bot session to reconnect")
        session.connection.send_op(OP_RECONNECT)

    def invalidate_session(self, resumable: bool = False) -> None:
        """Send op 9 INVALID_SESSION.  With resumable=False discord.py waits 5 s, then IDENTIFYs."""
        session = self._live_session()
        if session is None or session.connection is None:
            raise FakeDiscordError("no connected bot session to invalidate")
        if not resumable:
            session.invalidated = True
        session.connection.send_op(OP_INVALID_SESSION, resumable)

    def drop_connection(self, code: int = 4000) -> None:
        """Close the bot's websocket from the server side (4000 = reconnect + resume)."""
        session = self._live_session()
        if session is None or session.connection is None:
            raise FakeDiscordError("no connected bot session to drop")
        session.connection.close(code, "dropped by test")

    # ------------------------------------------------------------------ interactions

    async def invoke(
        self,
        channel: FakeChannel | None,
        user: FakeUser | FakeMember,
        command: str,
        options: Mapping[str, Any] | None = None,
        *,
        locale: str | None = None,
        check_permissions: bool = True,
        validate: bool = True,
        timeout: float | None = None,
    ) -> FakeInteraction:
        """Run a slash command as ``user`` in ``channel`` (None = the user's DM with the bot).

        ``command`` is the full path: "ping", "wordle start", "admin config set".  The command
        must have been synced by the bot; option values are typed from the synced definition
        (str, int, float, bool, FakeUser/FakeMember, FakeChannel, FakeRole, or (filename, bytes)
        for attachments).  Waits (``timeout``) for a bot to be connected, dispatches
        INTERACTION_CREATE and returns immediately; await ``first_response()`` on the result.
        """
        return await self._command_interaction(
            INTERACTION_APPLICATION_COMMAND,
            channel,
            user,
            command,
            options or {},
            locale=locale,
            check_permissions=check_permissions,
            validate=validate,
            timeout=timeout,
        )

    async def autocomplete(
        self,
        channel: FakeChannel | None,
        user: FakeUser | FakeMember,
        command: str,
        options: Mapping[str, Any],
        focused: str,
        *,
        locale: str | None = None,
        timeout: float | None = None,
    ) -> FakeInteraction:
        """Send an autocomplete interaction (type 4); the response's ``.choices`` has the result."""
        return await self._command_interaction(
            INTERACTION_AUTOCOMPLETE,
            channel,
            user,
            command,
            options,
            locale=locale,
            check_permissions=True,
            validate=False,
            timeout=timeout,
            focused=focused,
        )

    async def click(
        self,
        message: FakeMessage,
        user: FakeUser | FakeMember,
        custom_id: str | None = None,
        *,
        label: str | None = None,
        values: list[str] | None = None,
        locale: str | None = None,
        timeout: float | None = None,
    ) -> FakeInteraction:
        """Use a component (button by custom_id or label; select menus with ``values``)."""
        component = self._find_component(message, custom_id, label)
        if component.get("disabled"):
            raise CommandNotAvailable(f"component {component.get('custom_id')!r} is disabled")
        if component.get("type") == 2 and component.get("style") in (5, 6):
            raise FakeDiscordError("link/premium buttons do not create interactions")
        if message.deleted:
            raise CommandNotAvailable("the message was deleted")
        plain_user = user.user if isinstance(user, FakeMember) else user
        if (
            message.ephemeral
            and message.interaction is not None
            and message.interaction.user is not plain_user
        ):
            raise CommandNotAvailable(
                "only the invoking user can see (and click) an ephemeral message"
            )
        data: dict[str, Any] = {
            "custom_id": component["custom_id"],
            "component_type": component["type"],
        }
        if component["type"] in (3, 5, 6, 7, 8):
            data["values"] = [str(v) for v in (values or [])]
        elif values is not None:
            raise FakeDiscordError("values= is only for select menus")
        await self.wait_until_ready(timeout)
        return self._send_interaction(
            INTERACTION_COMPONENT,
            data,
            message.channel,
            user,
            locale=locale,
            source_message=message,
        )

    async def submit_modal(
        self,
        interaction: FakeInteraction,
        values: Mapping[str, str],
        *,
        timeout: float | None = None,
    ) -> FakeInteraction:
        """Submit the modal the bot answered ``interaction`` with (text inputs by custom_id)."""
        modal = next((r.data for r in interaction.responses if r.type == 9), None)
        if modal is None:
            raise FakeDiscordError(f"{interaction!r} was not answered with a modal")
        remaining = dict(values)

        def fill(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
            out: list[dict[str, Any]] = []
            for item in items:
                if item.get("type") == 1:
                    out.append({"type": 1, "components": fill(item.get("components", []))})
                elif item.get("type") == 18 and isinstance(item.get("component"), dict):
                    out.append({"type": 18, "component": fill([item["component"]])[0]})
                elif item.get("type") == 4:
                    cid = item["custom_id"]
                    out.append({"type": 4, "custom_id": cid, "value": remaining.pop(cid, "")})
                elif "custom_id" in item:
                    out.append(
                        {
                            "type": item["type"],
                            "custom_id": item["custom_id"],
                            "values": list(remaining.pop(item["custom_id"], [])),
                        }
                    )
            return out

        components = fill(modal.get("components", []))
        if remaining:
            raise FakeDiscordError(f"the modal has no inputs {sorted(remaining)}")
        await self.wait_until_ready(timeout)
        return self._send_interaction(
            INTERACTION_MODAL_SUBMIT,
            {"custom_id": modal["custom_id"], "components": components},
            interaction.channel,
            interaction.user,
            source_message=interaction.source_message,
            member=self._member_or_none(interaction.channel, interaction.user),
        )

    def post_user_message(
        self, channel: FakeChannel, user: FakeUser | FakeMember, content: str
    ) -> FakeMessage:
        """A human posts in a channel: stored, and MESSAGE_CREATE sent as the intents allow."""
        plain = user.user if isinstance(user, FakeMember) else user
        msg = FakeMessage(self._snowflake(), channel, plain, content=content, via="user")
        self.messages[msg.id] = msg
        channel.last_message_id = msg.id
        session = self._live_session()
        if session is not None:
            payload = msg.payload(self)
            mentioned = f"<@{self.bot_user.id}>" in content
            if (
                not session.has_intent(INTENT_MESSAGE_CONTENT)
                and not mentioned
                and not channel.is_dm
            ):
                payload["content"] = ""
            if channel.guild is not None:
                member = channel.guild.members.get(plain.id)
                if member is not None:
                    payload["member"] = member.payload(with_user=False)
            intent = (1 << 12) if channel.is_dm else (1 << 9)
            if session.has_intent(intent):
                session.dispatch("MESSAGE_CREATE", payload)
        self._notify()
        return msg

    def _find_component(
        self, message: FakeMessage, custom_id: str | None, label: str | None
    ) -> dict[str, Any]:
        for comp in message.components_flat():
            if custom_id is not None and comp.get("custom_id") == custom_id:
                return comp
            if label is not None and comp.get("label") == label:
                return comp
        raise FakeDiscordError(
            f"message {message.id} has no component custom_id={custom_id!r} label={label!r}; "
            "it has "
            f"{[(c.get('custom_id'), c.get('label')) for c in message.components_flat()]}"
        )

    def _member_or_none(self, channel: FakeChannel, user: FakeUser) -> FakeMember | None:
        if channel.guild is None:
            return None
        return channel.guild.members.get(user.id)

    def _resolve_invoker(
        self, channel: FakeChannel | None, user: FakeUser | FakeMember
    ) -> tuple[FakeChannel, FakeUser, FakeMember | None]:
        plain = user.user if isinstance(user, FakeMember) else user
        if channel is None:
            channel = self.dm_channel(plain)
        member = None
        if channel.guild is not None:
            member = channel.guild.members.get(plain.id)
            if member is None:
                raise FakeDiscordError(f"{plain.name} is not a member of {channel.guild.name}")
            if isinstance(user, FakeMember) and user.guild is not channel.guild:
                raise FakeDiscordError(
                    f"member {user.name} belongs to another guild than #{channel.name}"
                )
        elif channel.type != CHANNEL_DM:
            raise FakeDiscordError("channel has no guild and is not a DM")
        return channel, plain, member

    def _find_command(self, guild: FakeGuild | None, name: str) -> dict[str, Any]:
        scopes: list[int | None] = ([guild.id] if guild else []) + [None]
        for scope in scopes:
            cmd = self._commands.get(scope, {}).get((1, name))
            if cmd is not None:
                return cmd
        known = (
            sorted(set(self.command_paths(guild)) | set(self.command_paths(None)))
            if guild
            else self.command_paths(None)
        )
        raise FakeDiscordError(
            f"/{name} is not a registered (synced) command here; registered: {known}"
        )

    async def _command_interaction(
        self,
        itype: int,
        channel: FakeChannel | None,
        user: FakeUser | FakeMember,
        command: str,
        options: Mapping[str, Any],
        *,
        locale: str | None,
        check_permissions: bool,
        validate: bool,
        timeout: float | None,
        focused: str | None = None,
    ) -> FakeInteraction:
        channel, plain, member = self._resolve_invoker(channel, user)
        guild = channel.guild
        await self.wait_until_ready(timeout)
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise FakeDiscordError("empty command path")
        cmd = self._find_command(guild, parts[0])
        if check_permissions:
            self._check_command_available(cmd, channel, member)
        # walk subcommand groups / subcommands
        node: dict[str, Any] = cmd
        chain: list[dict[str, Any]] = []
        for part in parts[1:]:
            sub = next(
                (
                    o
                    for o in node.get("options", [])
                    if o.get("type") in (1, 2) and o["name"] == part
                ),
                None,
            )
            if sub is None:
                raise FakeDiscordError(
                    f"/{command}: {part!r} is not a subcommand of {node['name']!r}"
                )
            chain.append(sub)
            node = sub
        if any(o.get("type") in (1, 2) for o in node.get("options", [])):
            raise FakeDiscordError(f"/{command} is a group; name one of its subcommands")
        resolved: dict[str, dict[str, Any]] = {}
        leaf_options = self._build_options(
            node.get("options", []),
            options,
            channel,
            member,
            resolved,
            validate=validate,
            focused=focused,
            command=command,
        )
        for sub in reversed(chain):
            leaf_options = [{"name": sub["name"], "type": sub["type"], "options": leaf_options}]
        data: dict[str, Any] = {
            "id": cmd["id"],
            "name": cmd["name"],
            "type": cmd.get("type", 1),
            "options": leaf_options,
        }
        if cmd.get("guild_id"):
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return self._send_interaction(
            itype, data, channel, plain, locale=locale, member=member, command_name=" ".join(parts)
        )

    def _check_command_available(
        self, cmd: dict[str, Any], channel: FakeChannel, member: FakeMember | None
    ) -> None:
        context = 0 if channel.guild is not None else 1
        contexts = cmd.get("contexts")
        if contexts is not None and context not in contexts:
            raise CommandNotAvailable(
                f"/{cmd['name']} is not available in this context ({context})"
            )
        if context == 1 and (cmd.get("guild_id") or cmd.get("dm_permission") is False):
            raise CommandNotAvailable(f"/{cmd['name']} is not available in DMs")
        required = cmd.get("default_member_permissions")
        if member is not None and required is not None:
            need = int(required)
            have = member.guild.channel_permissions(member, channel)
            if not have & ADMINISTRATOR and (need == 0 or have & need != need):
                raise CommandNotAvailable(
                    f"{member.name} lacks default_member_permissions {need} for /{cmd['name']}; "
                    "Discord would hide the command"
                )

    def _build_options(
        self,
        defs: list[dict[str, Any]],
        given: Mapping[str, Any],
        channel: FakeChannel,
        member: FakeMember | None,
        resolved: dict[str, dict[str, Any]],
        *,
        validate: bool,
        focused: str | None,
        command: str,
    ) -> list[dict[str, Any]]:
        by_name = {d["name"]: d for d in defs}
        unknown = sorted(set(given) - set(by_name))
        if unknown:
            raise InvalidCommandInput(
                f"/{command} has no option(s) {unknown}; it has {sorted(by_name)}"
            )
        out: list[dict[str, Any]] = []
        for d in defs:
            name = d["name"]
            if name not in given:
                if d.get("required") and validate and focused is None:
                    raise InvalidCommandInput(f"/{command}: option {name!r} is required")
                continue
            value = given[name]
            entry: dict[str, Any] = {"name": name, "type": d["type"]}
            if name == focused:
                entry["value"] = str(value)
                entry["focused"] = True
            else:
                entry["value"] = self._option_value(
                    d, value, channel, member, resolved, validate=validate, command=command
                )
            out.append(entry)
        return out

    def _option_value(
        self,
        d: dict[str, Any],
        value: Any,
        channel: FakeChannel,
        member: FakeMember | None,
        resolved: dict[str, dict[str, Any]],
        *,
        validate: bool,
        command: str,
    ) -> Any:
        otype, name = d["type"], d["name"]

        def bad(msg: str) -> InvalidCommandInput:
            return InvalidCommandInput(f"/{command} option {name!r}: {msg}")

        if otype == 3:
            if validate:
                if not isinstance(value, str):
                    raise bad(f"expects a string, got {value!r}")
                if d.get("min_length") is not None and len(value) < d["min_length"]:
                    raise bad(f"shorter than min_length {d['min_length']}")
                if d.get("max_length") is not None and len(value) > d["max_length"]:
                    raise bad(f"longer than max_length {d['max_length']}")
                if len(value) > 6000:
                    raise bad("longer than Discord allows (6000)")
        elif otype in (4, 10):
            if validate:
                if (
                    isinstance(value, bool)
                    or not isinstance(value, int | float)
                    or (otype == 4 and not isinstance(value, int))
                ):
                    raise bad(
                        f"expects {'an integer' if otype == 4 else 'a number'}, got {value!r}"
                    )
                if d.get("min_value") is not None and value < d["min_value"]:
                    raise bad(f"below min_value {d['min_value']}")
                if d.get("max_value") is not None and value > d["max_value"]:
                    raise bad(f"above max_value {d['max_value']}")
        elif otype == 5:
            if validate and not isinstance(value, bool):
                raise bad(f"expects a boolean, got {value!r}")
        elif otype in (6, 9) and isinstance(value, FakeUser | FakeMember | int):
            uid = value if isinstance(value, int) else value.id
            target = self.users.get(uid)
            if target is None:
                raise bad(f"unknown user {uid}")
            resolved.setdefault("users", {})[str(uid)] = target.payload()
            guild = channel.guild
            if guild is not None and uid in guild.members:
                target_member = guild.members[uid]
                resolved.setdefault("members", {})[str(uid)] = target_member.payload(
                    with_user=False, permissions=guild.channel_permissions(target_member, channel)
                )
            return str(uid)
        elif otype in (8, 9) and isinstance(value, FakeRole):
            resolved.setdefault("roles", {})[str(value.id)] = value.payload()
            return str(value.id)
        elif otype == 7:
            if not isinstance(value, FakeChannel):
                raise bad(f"expects a FakeChannel, got {value!r}")
            if validate and d.get("channel_types") and value.type not in d["channel_types"]:
                raise bad(f"channel type {value.type} not in {d['channel_types']}")
            perms = (
                value.guild.channel_permissions(member, value)
                if value.guild is not None and member is not None
                else 0
            )
            resolved.setdefault("channels", {})[str(value.id)] = value.payload(permissions=perms)
            return str(value.id)
        elif otype == 11:
            if not (isinstance(value, tuple) and len(value) == 2):
                raise bad("expects (filename, bytes)")
            filename, blob = value
            att = FakeAttachment(
                self._snowflake(), filename, bytes(blob), FakeAttachment.guess_type(filename)
            )
            att.url = self._attachment_url(channel, att)
            self._uploads[att.id] = att
            resolved.setdefault("attachments", {})[str(att.id)] = att.payload()
            return str(att.id)
        elif validate:
            raise bad(f"cannot build a value of option type {otype} from {value!r}")
        choices = d.get("choices")
        if validate and choices and value not in [c["value"] for c in choices]:
            raise bad(f"{value!r} is not one of the choices {[c['value'] for c in choices]}")
        return value

    def _send_interaction(
        self,
        itype: int,
        data: dict[str, Any],
        channel: FakeChannel,
        user: FakeUser | FakeMember,
        *,
        locale: str | None = None,
        member: FakeMember | None = None,
        command_name: str | None = None,
        source_message: FakeMessage | None = None,
    ) -> FakeInteraction:
        plain = user.user if isinstance(user, FakeMember) else user
        guild = channel.guild
        if guild is not None and member is None:
            member = guild.members.get(plain.id)
            if member is None:
                raise FakeDiscordError(f"{plain.name} is not a member of {guild.name}")
        session = self._live_session()
        if session is None:
            raise FakeDiscordError("no bot session to send the interaction to")
        iid = self._snowflake()
        token = secrets.token_urlsafe(48)
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "token": token,
            "version": 1,
            "locale": locale or plain.locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
            "channel_id": str(channel.id),
        }
        if guild is not None:
            assert member is not None
            bot_member = self.bot_member(guild)
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
                member=member.payload(permissions=guild.channel_permissions(member, channel)),
                app_permissions=str(guild.channel_permissions(bot_member, channel)),
                channel=channel.payload(permissions=guild.channel_permissions(member, channel)),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=plain.payload(),
                app_permissions=str(discord.Permissions.text().value),
                channel=channel.payload(),
                authorizing_integration_owners={"0": "0"},
                context=1,
            )
        if source_message is not None:
            payload["message"] = source_message.payload(self)
        inter = FakeInteraction(
            self,
            id=iid,
            token=token,
            type=itype,
            payload=payload,
            user=plain,
            channel=channel,
            command_name=command_name,
            source_message=source_message,
        )
        self.interactions[iid] = inter
        self._interactions_by_token[token] = inter

        def sent() -> None:
            if inter.sent_at is None:
                inter.sent_at = time.perf_counter()
            self._notify()

        session.dispatch("INTERACTION_CREATE", payload, on_sent=sent)
        return inter

    # ------------------------------------------------------------------ HTTP plumbing

    def _build_routes(self) -> None:
        S = r"(\d+)"
        T = r"([^/]+)"
        table: list[tuple[str, str, _Handler, bool]] = [
            ("GET", r"/gateway", self._r_gateway, False),
            ("GET", r"/gateway/bot", self._r_gateway, True),
            ("GET", r"/users/@me", self._r_me, True),
            ("GET", rf"/users/{S}", self._r_user, True),
            ("POST", r"/users/@me/channels", self._r_create_dm, True),
            ("GET", r"/oauth2/applications/@me", self._r_app_info, True),
            ("GET", r"/applications/@me", self._r_app_info, True),
            ("GET", rf"/applications/{S}/commands", self._r_cmd_list, True),
            ("PUT", rf"/applications/{S}/commands", self._r_cmd_bulk, True),
            ("POST", rf"/applications/{S}/commands", self._r_cmd_create, True),
            ("GET", rf"/applications/{S}/commands/{S}", self._r_cmd_get, True),
            ("PATCH", rf"/applications/{S}/commands/{S}", self._r_cmd_edit, True),
            ("DELETE", rf"/applications/{S}/commands/{S}", self._r_cmd_delete, True),
            ("GET", rf"/applications/{S}/guilds/{S}/commands", self._r_cmd_list, True),
            ("PUT", rf"/applications/{S}/guilds/{S}/commands", self._r_cmd_bulk, True),
            ("POST", rf"/applications/{S}/guilds/{S}/commands", self._r_cmd_create, True),
            ("GET", rf"/applications/{S}/guilds/{S}/commands/permissions", self._r_cmd_perms, True),
            ("GET", rf"/applications/{S}/guilds/{S}/commands/{S}", self._r_cmd_get, True),
            ("PATCH", rf"/applications/{S}/guilds/{S}/commands/{S}", self._r_cmd_edit, True),
            ("DELETE", rf"/applications/{S}/guilds/{S}/commands/{S}", self._r_cmd_delete, True),
            ("POST", rf"/interactions/{S}/{T}/callback", self._r_callback, False),
            ("POST", rf"/webhooks/{S}/{T}", self._r_webhook_execute, False),
            ("GET", rf"/webhooks/{S}/{T}/messages/(@original|\d+)", self._r_webhook_get, False),
            ("PATCH", rf"/webhooks/{S}/{T}/messages/(@original|\d+)", self._r_webhook_edit, False),
            (
                "DELETE",
                rf"/webhooks/{S}/{T}/messages/(@original|\d+)",
                self._r_webhook_delete,
                False,
            ),
            ("GET", rf"/channels/{S}", self._r_channel_get, True),
            ("GET", rf"/channels/{S}/messages", self._r_messages_list, True),
            ("POST", rf"/channels/{S}/messages", self._r_message_post, True),
            ("GET", rf"/channels/{S}/messages/{S}", self._r_message_get, True),
            ("PATCH", rf"/channels/{S}/messages/{S}", self._r_message_edit, True),
            ("DELETE", rf"/channels/{S}/messages/{S}", self._r_message_delete, True),
            ("POST", rf"/channels/{S}/typing", self._r_typing, True),
            ("PUT", rf"/channels/{S}/messages/{S}/reactions/{T}/@me", self._r_react, True),
            ("DELETE", rf"/channels/{S}/messages/{S}/reactions/{T}/@me", self._r_unreact, True),
            ("GET", rf"/guilds/{S}", self._r_guild_get, True),
            ("GET", rf"/guilds/{S}/channels", self._r_guild_channels, True),
            ("GET", rf"/guilds/{S}/roles", self._r_guild_roles, True),
            ("GET", rf"/guilds/{S}/members", self._r_guild_members, True),
            ("GET", rf"/guilds/{S}/members/{S}", self._r_guild_member, True),
        ]
        self._routes = [(m, re.compile(p), h, auth) for m, p, h, auth in table]

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        path = request.path
        if path.startswith("/gateway"):
            return await self._gateway(request)
        if path.startswith("/attachments/"):
            return self._serve_attachment(path)
        sub = path[len(API_PREFIX) :] if path.startswith(API_PREFIX + "/") else None
        record = RequestRecord(request.method, sub if sub is not None else path)
        self.requests.append(record)
        self._last_activity = time.perf_counter()
        try:
            if sub is None:
                raise self._unknown(request, "not under /api/v10")
            body = await self._read_body(request)
            record.json = body.json
            record.files = [u.filename for u in body.files.values()]
            self._raise_injected(request.method, sub)
            matched_path = False
            for method, pattern, handler, auth in self._routes:
                m = pattern.fullmatch(sub)
                if m is None:
                    continue
                matched_path = True
                if method != request.method:
                    continue
                if auth:
                    self._check_auth(request)
                response = await handler(request, m, body)
                break
            else:
                if matched_path:
                    raise _HTTPError(405, 0, "405: Method Not Allowed")
                raise self._unknown(request, "no such route in the fake")
        except _HTTPError as err:
            record.error = f"{err.code}: {err.message}"
            if err.errors:
                record.error += f" {json.dumps(err.errors)}"
            response = _json_response(err.body(), err.status, err.headers)
        except Exception as exc:  # a bug in the fake: make it loud, answer like Discord would
            log.exception("fake discord crashed on %s %s", request.method, path)
            self.server_errors.append(f"{request.method} {sub}: {exc!r}")
            response = _json_response({"message": "500: Internal Server Error", "code": 0}, 500)
        record.status = response.status
        self._notify()
        return response

    def _unknown(self, request: web.Request, why: str) -> _HTTPError:
        entry = f"{request.method} {request.path} ({why})"
        self.unknown_routes.append(entry)
        log.warning("fakediscord: unsupported route %s -> 404", entry)
        return _HTTPError(404, 0, "404: Not Found")

    def _raise_injected(self, method: str, sub: str) -> None:
        for inj in self._injected:
            if inj.times > 0 and inj.method == method and inj.pattern.search(sub):
                inj.times -= 1
                if inj.status == 429:
                    # discord.py only honours a 429 that carries a Via header (else: Cloudflare ban)
                    raise _HTTPError(
                        429,
                        inj.code,
                        "You are being rate limited.",
                        extra={"retry_after": inj.retry_after, "global": False},
                        headers={"Via": "1.1 google", "Retry-After": str(inj.retry_after)},
                    )
                raise _HTTPError(inj.status, inj.code, inj.message)

    def _check_auth(self, request: web.Request) -> None:
        if request.headers.get("Authorization") != f"Bot {self.token}":
            raise _HTTPError(401, 0, "401: Unauthorized")

    async def _read_body(self, request: web.Request) -> _Body:
        body = _Body()
        if not request.can_read_body:
            return body
        ctype = request.content_type
        if ctype == "multipart/form-data":
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                name = getattr(part, "name", None) or ""
                if name == "payload_json":
                    body.json = json.loads(await part.text())  # type: ignore[union-attr]
                    continue
                m = re.fullmatch(r"files\[(\d+)\]", name)
                data = bytes(await part.read(decode=False))  # type: ignore[union-attr]
                if m is None:
                    raise _HTTPError(400, 50035, f"Invalid Form Body (unexpected part {name!r})")
                body.files[int(m.group(1))] = _Upload(
                    getattr(part, "filename", None) or "file", data, None
                )
        else:
            raw = await request.read()
            if raw:
                try:
                    body.json = json.loads(raw)
                except ValueError as exc:
                    raise _HTTPError(400, 50109, "The request body contains invalid JSON.") from exc
        for upload in body.files.values():
            if len(upload.data) > ATTACHMENT_SIZE_LIMIT:
                raise _HTTPError(413, 40005, "Request entity too large")
        return body

    def _serve_attachment(self, path: str) -> web.Response:
        m = re.fullmatch(r"/attachments/\d+/(\d+)/.*", path)
        att = self._find_attachment(int(m.group(1))) if m else None
        if att is None:
            return web.Response(status=404, text="404: Not Found")
        return web.Response(
            body=att.data, content_type=att.content_type or "application/octet-stream"
        )

    def _find_attachment(self, att_id: int) -> FakeAttachment | None:
        if att_id in self._uploads:
            return self._uploads[att_id]
        for msg in self.messages.values():
            for att in msg.attachments:
                if att.id == att_id:
                    return att
        return None

    def _attachment_url(self, channel: FakeChannel, att: FakeAttachment) -> str:
        return f"{self.base_url}/attachments/{channel.id}/{att.id}/{quote(att.filename)}"

    # ------------------------------------------------------------------ REST: identity

    async def _r_gateway(self, request: web.Request, m: re.Match[str], body: _Body) -> web.Response:
        data: dict[str, Any] = {"url": self.gateway_url.rstrip("/")}
        if request.path.endswith("/bot"):
            data["shards"] = 1
            data["session_start_limit"] = {
                "total": 1000,
                "remaining": 999,
                "reset_after": 86_400_000,
                "max_concurrency": 1,
            }
        return _json_response(data)

    async def _r_me(self, request: web.Request, m: re.Match[str], body: _Body) -> web.Response:
        data = self.bot_user.payload() | {
            "verified": True,
            "mfa_enabled": False,
            "flags": 0,
            "locale": "en-US",
            "bio": "",
        }
        return _json_response(data)

    async def _r_user(self, request: web.Request, m: re.Match[str], body: _Body) -> web.Response:
        user = self.users.get(int(m.group(1)))
        if user is None:
            raise _not_found(10013, "User")
        return _json_response(user.payload())

    async def _r_create_dm(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        uid = int((body.json or {}).get("recipient_id", 0))
        user = self.users.get(uid)
        if user is None or user.bot:
            raise _HTTPError(400, 50007, "Cannot send messages to this user")
        return _json_response(self.dm_channel(user).payload())

    async def _r_app_info(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        data = {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "icon": None,
            "description": "fake application",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "bot": self.bot_user.payload(),
            "owner": self.app_owner.payload(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
            "interactions_endpoint_url": None,
            "redirect_uris": [],
            "tags": [],
            "approximate_guild_count": len(self.guilds),
        }
        return _json_response(data)

    # ------------------------------------------------------------------ REST: app commands

    def _scope(self, m: re.Match[str]) -> int | None:
        if int(m.group(1)) != self.application_id:
            raise _not_found(10002, "Application")
        if m.re.pattern.startswith(r"/applications/(\d+)/guilds/"):
            gid = int(m.group(2))
            if gid not in self.guilds:
                raise _HTTPError(403, 50001, "Missing Access")
            return gid
        return None

    def _store_command(self, scope: int | None, raw: dict[str, Any]) -> dict[str, Any]:
        ctype = int(raw.get("type", 1))
        key = (scope, ctype, raw["name"])
        cid = self._command_ids.get(key)
        if cid is None:
            cid = self._command_ids[key] = self._snowflake()
        self._command_version += 1
        cmd = dict(raw)
        cmd.update(
            id=str(cid),
            application_id=str(self.application_id),
            version=str(self._command_version),
            type=ctype,
            description=raw.get("description", ""),
            # Discord answers with a string bit field whatever the client sent
            default_member_permissions=(
                None
                if raw.get("default_member_permissions") is None
                else str(raw["default_member_permissions"])
            ),
            nsfw=raw.get("nsfw", False),
        )
        cmd.setdefault("options", [])
        if scope is not None:
            cmd["guild_id"] = str(scope)
        self._commands.setdefault(scope, {})[(ctype, raw["name"])] = cmd
        return cmd

    def _command_by_id(self, scope: int | None, cid: int) -> dict[str, Any]:
        for cmd in self._commands.get(scope, {}).values():
            if int(cmd["id"]) == cid:
                return cmd
        raise _not_found(10063, "application command")

    async def _r_cmd_list(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        return _json_response(self.commands(self._scope(m)))

    async def _r_cmd_bulk(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        scope = self._scope(m)
        commands = body.json if body.json is not None else []
        problems = validation.command_problems(commands)
        if problems:
            raise _form_error(problems)
        self._commands[scope] = {}
        stored = [self._store_command(scope, c) for c in commands]
        self.sync_calls.append((scope, len(stored)))
        return _json_response(stored)

    async def _r_cmd_create(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        scope = self._scope(m)
        raw = body.json or {}
        problems = validation.single_command_problems(raw)
        if problems:
            raise _form_error(problems)
        existed = (int(raw.get("type", 1)), raw.get("name")) in self._commands.get(scope, {})
        return _json_response(self._store_command(scope, raw), 200 if existed else 201)

    async def _r_cmd_get(self, request: web.Request, m: re.Match[str], body: _Body) -> web.Response:
        scope = self._scope(m)
        return _json_response(self._command_by_id(scope, int(m.group(m.lastindex or 0))))

    async def _r_cmd_edit(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        scope = self._scope(m)
        cmd = self._command_by_id(scope, int(m.group(m.lastindex or 0)))
        merged = {
            k: v for k, v in cmd.items() if k not in ("id", "application_id", "version", "guild_id")
        }
        merged.update(body.json or {})
        problems = validation.single_command_problems(merged)
        if problems:
            raise _form_error(problems)
        del self._commands[scope][(cmd["type"], cmd["name"])]
        return _json_response(self._store_command(scope, merged))

    async def _r_cmd_delete(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        scope = self._scope(m)
        cmd = self._command_by_id(scope, int(m.group(m.lastindex or 0)))
        del self._commands[scope][(cmd["type"], cmd["name"])]
        return web.Response(status=204)

    async def _r_cmd_perms(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        self._scope(m)
        return _json_response([])

    # ------------------------------------------------------------------ REST: messages core

    def _make_attachments(
        self,
        channel: FakeChannel,
        payload: dict[str, Any],
        files: dict[int, _Upload],
        existing: list[FakeAttachment] | None = None,
    ) -> list[FakeAttachment]:
        """Attachments after a create (existing=None) or an edit (existing = current ones)."""
        old = {a.id: a for a in existing or []}
        result: list[FakeAttachment] = []
        used: set[int] = set()
        entries = payload.get("attachments")
        if entries is None:
            result = list(existing or [])
            entries = []
        for entry in entries:
            raw_id = entry.get("id")
            try:
                num = int(raw_id)
            except (TypeError, ValueError):
                raise _form_error(
                    [("attachments", "ATTACHMENT_INVALID", "Invalid attachment id")]
                ) from None
            if num in old:
                result.append(old[num])
            elif num in files:
                used.add(num)
                result.append(self._new_attachment(channel, files[num], entry))
            else:
                raise _form_error(
                    [("attachments", "ATTACHMENT_NOT_FOUND", f"Unknown attachment {raw_id}")]
                )
        for index in sorted(set(files) - used):
            result.append(self._new_attachment(channel, files[index], {}))
        if len(result) > 10:
            raise _form_error(
                [("attachments", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")]
            )
        return result

    def _new_attachment(
        self, channel: FakeChannel, upload: _Upload, entry: dict[str, Any]
    ) -> FakeAttachment:
        filename = entry.get("filename") or upload.filename
        att = FakeAttachment(
            self._snowflake(),
            filename,
            upload.data,
            FakeAttachment.guess_type(filename),
            description=entry.get("description"),
        )
        att.url = self._attachment_url(channel, att)
        return att

    @staticmethod
    def _clean_embeds(embeds: list[Any] | None) -> list[dict[str, Any]]:
        out = []
        for e in embeds or []:
            e = dict(e)
            e.setdefault("type", "rich")
            out.append(e)
        return out

    def _create_message(
        self,
        channel: FakeChannel,
        payload: dict[str, Any],
        files: dict[int, _Upload],
        *,
        via: str,
        interaction: FakeInteraction | None = None,
        flags: int = 0,
        mtype: int = 0,
        allow_empty: bool = False,
    ) -> FakeMessage:
        problems = validation.message_problems(payload)
        if problems:
            raise _form_error(problems)
        if not allow_empty and validation.is_empty_message(payload, len(files)):
            raise _HTTPError(400, 50006, "Cannot send an empty message")
        msg = FakeMessage(
            self._snowflake(),
            channel,
            self.bot_user,
            content=str(payload.get("content") or ""),
            embeds=self._clean_embeds(payload.get("embeds")),
            components=list(payload.get("components") or []),
            flags=flags,
            type=mtype,
            via=via,
            interaction=interaction,
            application_id=self.application_id if interaction is not None else None,
        )
        msg.attachments = self._make_attachments(channel, payload, files)
        self.messages[msg.id] = msg
        if not msg.ephemeral:
            channel.last_message_id = msg.id
        return msg

    def _edit_message(
        self, msg: FakeMessage, payload: dict[str, Any], files: dict[int, _Upload]
    ) -> None:
        if msg.deleted:
            raise _not_found(10008, "Message")
        problems = validation.message_problems(payload)
        if problems:
            raise _form_error(problems)
        content = str(payload.get("content") or "") if "content" in payload else msg.content
        embeds = self._clean_embeds(payload.get("embeds")) if "embeds" in payload else msg.embeds
        components = (
            list(payload.get("components") or []) if "components" in payload else msg.components
        )
        attachments = self._make_attachments(msg.channel, payload, files, msg.attachments)
        if not (content or embeds or components or attachments):
            raise _HTTPError(400, 50006, "Cannot send an empty message")
        msg.history.append(msg.snapshot())
        msg.content, msg.embeds, msg.components, msg.attachments = (
            content,
            embeds,
            components,
            attachments,
        )
        keep = msg.flags & FLAG_EPHEMERAL
        if "flags" in payload and payload["flags"] is not None:
            msg.flags = keep | (int(payload["flags"]) & ~(FLAG_EPHEMERAL | FLAG_LOADING))
        else:
            msg.flags = keep | (msg.flags & ~(FLAG_EPHEMERAL | FLAG_LOADING))
        msg.edited_timestamp = iso_now()

    # ------------------------------------------------------------------ REST: interactions

    def _interaction_for(self, iid: int | None, token: str) -> FakeInteraction:
        inter = self._interactions_by_token.get(token)
        if inter is None or (iid is not None and inter.id != iid):
            raise _not_found(10062, "interaction")
        return inter

    async def _r_callback(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        now = time.perf_counter()
        inter = self._interaction_for(int(m.group(1)), m.group(2))
        try:
            return await self._callback(inter, now, request, body)
        except _HTTPError as err:
            reason = f"{err.code} {err.message}"
            if err.errors:
                reason += f" {json.dumps(err.errors)}"
            inter.rejected_callbacks.append((err.status, reason))
            raise

    async def _callback(
        self, inter: FakeInteraction, now: float, request: web.Request, body: _Body
    ) -> web.Response:
        payload = body.json or {}
        ctype = int(payload.get("type", 0))
        data = payload.get("data") or {}
        if inter.responses:
            raise _HTTPError(400, 40060, "Interaction has already been acknowledged.")
        sent = inter.sent_at if inter.sent_at is not None else now
        latency = now - sent
        if self.callback_deadline is not None and latency > self.callback_deadline:
            raise _HTTPError(404, 10062, f"Unknown interaction (callback after {latency:.2f}s)")
        allowed = {
            INTERACTION_APPLICATION_COMMAND: {4, 5, 9},
            INTERACTION_COMPONENT: {4, 5, 6, 7, 9},
            INTERACTION_AUTOCOMPLETE: {8},
            INTERACTION_MODAL_SUBMIT: {4, 5, 6, 7},
        }[inter.type]
        if ctype not in allowed:
            raise _form_error(
                [
                    (
                        "type",
                        "INTERACTION_RESPONSE_TYPE_INVALID",
                        f"Interaction response type {ctype} is not valid for this interaction",
                    )
                ]
            )
        message: FakeMessage | None = None
        ephemeral = int(data.get("flags") or 0) & FLAG_EPHEMERAL
        if ctype == 4:
            mtype = 20 if inter.type == INTERACTION_APPLICATION_COMMAND else 0
            message = self._create_message(
                inter.channel,
                data,
                body.files,
                via="response",
                interaction=inter,
                flags=ephemeral,
                mtype=mtype,
            )
            inter.original = message
        elif ctype == 5:
            message = self._create_message(
                inter.channel,
                {},
                {},
                via="response",
                interaction=inter,
                flags=ephemeral | FLAG_LOADING,
                mtype=20,
                allow_empty=True,
            )
            inter.original = message
        elif ctype in (6, 7):
            if inter.source_message is None:
                raise _form_error(
                    [
                        (
                            "type",
                            "INTERACTION_RESPONSE_TYPE_INVALID",
                            "This interaction has no message to update",
                        )
                    ]
                )
            inter.original = message = inter.source_message
            if ctype == 7:
                self._edit_message(message, data, body.files)
        elif ctype == 8:
            choices = data.get("choices") or []
            if len(choices) > 25:
                raise _form_error(
                    [("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")]
                )
        elif ctype == 9 and (not data.get("custom_id") or not data.get("title")):
            raise _form_error([("data", "BASE_TYPE_REQUIRED", "custom_id and title are required")])
        response = FakeResponse(ctype, data, latency, message)
        inter.responses.append(response)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        callback: dict[str, Any] = {"id": str(inter.id), "type": inter.type}
        resource: dict[str, Any] = {"type": ctype}
        if message is not None:
            callback.update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
            resource["message"] = message.payload(self)
        return _json_response({"interaction": callback, "resource": resource})

    def _webhook_interaction(self, m: re.Match[str]) -> FakeInteraction:
        if int(m.group(1)) != self.application_id:
            raise _not_found(10015, "Webhook")
        inter = self._interactions_by_token.get(m.group(2))
        if inter is None:
            raise _not_found(10015, "Webhook")
        if not inter.responses:
            raise _not_found(10015, "Webhook")  # follow-ups need an acknowledged interaction
        return inter

    def _webhook_message(self, inter: FakeInteraction, which: str) -> FakeMessage:
        if which == "@original":
            msg = inter.original
        else:
            mid = int(which)
            msg = next((x for x in inter.messages if x.id == mid), None)
        if msg is None or msg.deleted:
            raise _not_found(10008, "Message")
        return msg

    async def _r_webhook_execute(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        inter = self._webhook_interaction(m)
        payload = body.json or {}
        original = inter.original
        if (
            original is not None
            and original.loading
            and not original.deleted
            and inter.responses[0].type == 5
        ):
            # Discord resolves a deferred "thinking..." response with the first follow-up
            # (once the placeholder is deleted, a follow-up is a message of its own).
            self._edit_message(original, payload, body.files)
            msg = original
        else:
            flags = int(payload.get("flags") or 0) & FLAG_EPHEMERAL
            msg = self._create_message(
                inter.channel, payload, body.files, via="followup", interaction=inter, flags=flags
            )
            inter.followups.append(msg)
        if request.query.get("wait") in ("1", "true", "True"):
            return _json_response(msg.payload(self))
        return web.Response(status=204)

    async def _r_webhook_get(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        inter = self._webhook_interaction(m)
        return _json_response(self._webhook_message(inter, m.group(3)).payload(self))

    async def _r_webhook_edit(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        inter = self._webhook_interaction(m)
        msg = self._webhook_message(inter, m.group(3))
        self._edit_message(msg, body.json or {}, body.files)
        return _json_response(msg.payload(self))

    async def _r_webhook_delete(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        inter = self._webhook_interaction(m)
        msg = self._webhook_message(inter, m.group(3))
        msg.deleted = True
        return web.Response(status=204)

    # ------------------------------------------------------------------ REST: channels

    def _channel(self, cid: str) -> FakeChannel:
        channel = self.channels.get(int(cid))
        if channel is None:
            raise _not_found(10003, "Channel")
        return channel

    def _require(self, channel: FakeChannel, bits: int) -> None:
        if channel.guild is None:
            return
        have = channel.guild.channel_permissions(self.bot_member(channel.guild), channel)
        if not have & VIEW_CHANNEL:
            raise _HTTPError(403, 50001, "Missing Access")
        if have & bits != bits:
            raise _HTTPError(403, 50013, "Missing Permissions")

    def _channel_message(self, channel: FakeChannel, mid: str) -> FakeMessage:
        msg = self.messages.get(int(mid))
        if msg is None or msg.channel is not channel or msg.deleted or msg.ephemeral:
            raise _not_found(10008, "Message")
        return msg

    async def _r_channel_get(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        channel = self._channel(m.group(1))
        self._require(channel, 0)
        return _json_response(channel.payload())

    async def _r_messages_list(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        channel = self._channel(m.group(1))
        self._require(channel, READ_MESSAGE_HISTORY)
        msgs = [x for x in self.channel_messages(channel)]
        q = request.query
        if "before" in q:
            msgs = [x for x in msgs if x.id < int(q["before"])]
        if "after" in q:
            msgs = [x for x in msgs if x.id > int(q["after"])]
        limit = max(1, min(100, int(q.get("limit", 50))))
        msgs = msgs[:limit] if "after" in q else msgs[-limit:]
        return _json_response([x.payload(self) for x in reversed(msgs)])

    async def _r_message_post(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        channel = self._channel(m.group(1))
        self._require(channel, SEND_MESSAGES | (ATTACH_FILES if body.files else 0))
        payload = body.json or {}
        mtype = 19 if payload.get("message_reference") else 0
        msg = self._create_message(channel, payload, body.files, via="channel", mtype=mtype)
        return _json_response(msg.payload(self))

    async def _r_message_get(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        channel = self._channel(m.group(1))
        self._require(channel, READ_MESSAGE_HISTORY)
        return _json_response(self._channel_message(channel, m.group(2)).payload(self))

    async def _r_message_edit(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        channel = self._channel(m.group(1))
        msg = self._channel_message(channel, m.group(2))
        if msg.author is not self.bot_user:
            raise _HTTPError(403, 50005, "Cannot edit a message authored by another user")
        self._edit_message(msg, body.json or {}, body.files)
        return _json_response(msg.payload(self))

    async def _r_message_delete(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        channel = self._channel(m.group(1))
        msg = self._channel_message(channel, m.group(2))
        if msg.author is not self.bot_user:
            self._require(channel, discord.Permissions(manage_messages=True).value)
        msg.deleted = True
        return web.Response(status=204)

    async def _r_typing(self, request: web.Request, m: re.Match[str], body: _Body) -> web.Response:
        channel = self._channel(m.group(1))
        self._require(channel, SEND_MESSAGES)
        return web.Response(status=204)

    async def _r_react(self, request: web.Request, m: re.Match[str], body: _Body) -> web.Response:
        channel = self._channel(m.group(1))
        self._require(channel, READ_MESSAGE_HISTORY | discord.Permissions(add_reactions=True).value)
        msg = self._channel_message(channel, m.group(2))
        if m.group(3) not in msg.reactions:
            msg.reactions.append(m.group(3))
        return web.Response(status=204)

    async def _r_unreact(self, request: web.Request, m: re.Match[str], body: _Body) -> web.Response:
        channel = self._channel(m.group(1))
        msg = self._channel_message(channel, m.group(2))
        if m.group(3) in msg.reactions:
            msg.reactions.remove(m.group(3))
        return web.Response(status=204)

    # ------------------------------------------------------------------ REST: guilds

    def _guild(self, gid: str) -> FakeGuild:
        guild = self.guilds.get(int(gid))
        if guild is None:
            raise _not_found(10004, "Guild")
        return guild

    async def _r_guild_get(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        guild = self._guild(m.group(1))
        return _json_response(guild.payload(members=[], gateway=False))

    async def _r_guild_channels(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        guild = self._guild(m.group(1))
        return _json_response([c.payload() for c in guild.channels.values()])

    async def _r_guild_roles(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        guild = self._guild(m.group(1))
        return _json_response([r.payload() for r in guild.roles.values()])

    async def _r_guild_members(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        guild = self._guild(m.group(1))
        session = self._live_session()
        if session is not None and not session.has_intent(INTENT_GUILD_MEMBERS):
            raise _HTTPError(403, 50001, "Missing Access")
        members = sorted(guild.members.values(), key=lambda x: x.id)
        after = int(request.query.get("after", 0))
        limit = max(1, min(1000, int(request.query.get("limit", 1))))
        return _json_response([x.payload() for x in members if x.id > after][:limit])

    async def _r_guild_member(
        self, request: web.Request, m: re.Match[str], body: _Body
    ) -> web.Response:
        guild = self._guild(m.group(1))
        member = guild.members.get(int(m.group(2)))
        if member is None:
            raise _not_found(10007, "Member")
        return _json_response(member.payload())

    # ------------------------------------------------------------------ gateway

    def _guild_create_payload(
        self, guild: FakeGuild, session: GatewaySession, *, joined: bool = False
    ) -> dict[str, Any]:
        if session.has_intent(INTENT_GUILD_MEMBERS):
            members = list(guild.members.values())
        else:  # Discord only sends the bot itself without the GUILD_MEMBERS intent
            members = [self.bot_member(guild)]
        data = guild.payload(members=members, gateway=True)
        if joined:
            del data["unavailable"]  # a brand-new guild -> discord.py dispatches guild_join
        return data

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        conn = Connection(ws, dict(request.query), request.path)
        self._connections.add(conn)
        self.connections_total += 1
        conn.start()
        if conn.query.get("encoding", "json") != "json":
            conn.close(CLOSE_DECODE_ERROR, "the fake only speaks encoding=json")
        else:
            conn.send_op(OP_HELLO, {"heartbeat_interval": int(self.heartbeat_interval * 1000)})
        self._notify()
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    try:
                        frame = json.loads(msg.data)
                    except ValueError:
                        conn.close(CLOSE_DECODE_ERROR, "Error while decoding payload.")
                        continue
                    try:
                        self._on_gateway_frame(conn, frame)
                    except Exception as exc:
                        log.exception("fake gateway crashed on %r", frame.get("op"))
                        self.server_errors.append(f"gateway op {frame.get('op')}: {exc!r}")
                        conn.close(4000, "fake gateway error")
                elif msg.type == WSMsgType.BINARY:
                    conn.close(CLOSE_DECODE_ERROR, "binary frames are not supported by the fake")
                else:
                    break
        finally:
            self.close_codes.append(ws.close_code)
            await conn.shutdown()
            session = conn.session
            if session is not None and session.connection is conn:
                session.connection = None
                if ws.close_code in (1000, 1001):
                    session.invalidated = True  # a clean client close ends the session
            self._connections.discard(conn)
            self._notify()
        return ws

    def _on_gateway_frame(self, conn: Connection, frame: dict[str, Any]) -> None:
        op = frame.get("op")
        d = frame.get("d")
        if op == OP_HEARTBEAT:
            conn.heartbeats += 1
            self.heartbeat_count += 1
            conn.send_op(OP_HEARTBEAT_ACK)
            return
        if op == OP_IDENTIFY:
            self._identify(conn, d or {})
            return
        if op == OP_RESUME:
            self._resume(conn, d or {})
            return
        if conn.session is None:
            conn.close(CLOSE_NOT_AUTHENTICATED, "Not authenticated.")
            return
        if op == OP_PRESENCE:
            conn.session.presence = d
        elif op == OP_REQUEST_MEMBERS:
            self._request_members(conn.session, d or {})
        elif op == OP_VOICE_STATE:
            pass
        else:
            conn.close(CLOSE_UNKNOWN_OPCODE, "Unknown opcode.")

    def _identify(self, conn: Connection, d: dict[str, Any]) -> None:
        if conn.session is not None:
            conn.close(CLOSE_ALREADY_AUTHENTICATED, "Already authenticated.")
            return
        if d.get("token") != self.token:
            conn.close(CLOSE_AUTH_FAILED, "Authentication failed.")
            return
        intents = d.get("intents")
        if not isinstance(intents, int):
            conn.close(CLOSE_INVALID_INTENTS, "Invalid intent(s).")
            return
        if intents & PRIVILEGED_INTENTS & ~self.privileged_intents:
            conn.close(CLOSE_DISALLOWED_INTENTS, "Disallowed intent(s).")
            return
        session = GatewaySession(
            intents=intents, identify={k: v for k, v in d.items() if k != "token"}
        )
        self.sessions[session.id] = session
        old = self._current_session
        if old is not None and old is not session and old.connection is None:
            old.invalidated = True
        self._current_session = session
        self.identify_count += 1
        session.attach(conn)
        ready = {
            "v": 10,
            "user": self.bot_user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in self.guilds.values()],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.resume_gateway_url.rstrip("/"),
            "shard": [0, 1],
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "_trace": ["fakediscord"],
        }

        def mark_ready() -> None:
            session.ready = True
            self._notify()

        guilds = list(self.guilds.values())
        session.dispatch("READY", ready, on_sent=None if guilds else mark_ready)
        for i, guild in enumerate(guilds):
            session.dispatch(
                "GUILD_CREATE",
                self._guild_create_payload(guild, session),
                on_sent=mark_ready if i == len(guilds) - 1 else None,
            )

    def _resume(self, conn: Connection, d: dict[str, Any]) -> None:
        session = self.sessions.get(str(d.get("session_id")))
        if session is None or session.invalidated or d.get("token") != self.token:
            conn.send_op(OP_INVALID_SESSION, False)
            return
        if session.connection is not None and session.connection is not conn:
            session.connection.close(4000, "session resumed elsewhere")
        session.attach(conn)
        seq = d.get("seq") or 0
        session.replay_after(int(seq))
        session.resumes += 1
        self.resume_count += 1

        def resumed() -> None:
            session.ready = True
            self._notify()

        session.dispatch("RESUMED", {"_trace": ["fakediscord"]}, on_sent=resumed)

    def _request_members(self, session: GatewaySession, d: dict[str, Any]) -> None:
        guild = self.guilds.get(int(d.get("guild_id", 0)))
        if guild is None:
            return
        members = list(guild.members.values())
        if d.get("user_ids"):
            wanted = {int(x) for x in d["user_ids"]}
            members = [x for x in members if x.id in wanted]
        elif d.get("query"):
            members = [x for x in members if x.name.lower().startswith(str(d["query"]).lower())]
        if d.get("limit"):
            members = members[: int(d["limit"])]
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": [x.payload() for x in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if d.get("nonce"):
            chunk["nonce"] = d["nonce"]
        session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
