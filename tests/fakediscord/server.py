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

from . import components as components_mod
from . import multipart, validation
from .gateway import (
    CLOSE_ALREADY_AUTHENTICATED,
    CLOSE_AUTH_FAILED,
    CLOSE_DECODE_ERROR,
    CLOSE_DISALLOWED_INTENTS,
    CLOSE_INVALID_INTENTS,
    CLOSE_INVALID_SHARD,
    CLOSE_NOT_AUTHENTICATED,
    CLOSE_SHARDING_REQUIRED,
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
    CHANNEL_GROUP_DM,
    CHANNEL_TEXT,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    INTERACTION_APPLICATION_COMMAND,
    INTERACTION_AUTOCOMPLETE,
    INTERACTION_COMPONENT,
    INTERACTION_MODAL_SUBMIT,
    PRIVATE_APP_PERMISSIONS,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SETTABLE_FLAGS,
    VIEW_CHANNEL,
    EditRecord,
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
    from .process import BotProcess
    from .runner import BotRunner

log = logging.getLogger("tests.fakediscord")

API_PREFIX = "/api/v10"
ATTACHMENT_SIZE_LIMIT = validation.MAX_ATTACHMENT_BYTES
#: follow-ups allowed to an interaction authorized only by a user install (Discord docs)
MAX_USER_INSTALL_FOLLOWUPS = 5


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
class IdentifyRecord:
    """One IDENTIFY received on the gateway (the token is never kept)."""

    at: float  # time.perf_counter() when it arrived
    shard: tuple[int, int]  # (shard_id, shard_count); (0, 1) when the client sent no shard
    session_id: str | None  # None when refused
    refused: str | None = None  # why the fake refused it (close code / op 9)

    @property
    def shard_id(self) -> int:
        return self.shard[0]

    @property
    def shard_count(self) -> int:
        return self.shard[1]


@dataclass
class _Upload:
    filename: str
    data: bytes
    content_type: str | None


@dataclass
class _Body:
    json: Any = None
    files: dict[int, _Upload] = field(default_factory=dict)


def _json_copy(value: Any) -> Any:
    """A deep copy of JSON data (what a request body holds): several times cheaper than
    ``copy.deepcopy``, which the fake did for every message it stored."""
    return json.loads(json.dumps(value))


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
        shards: int = 1,
        max_concurrency: int = 1,
        identify_window: float = 5.0,
        enforce_identify_limit: bool = False,
        max_guilds_per_shard: int = 2500,
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
        #: GET /gateway/bot: recommended shard count and session_start_limit.max_concurrency
        self.recommended_shards = shards
        self.max_concurrency = max_concurrency
        #: Discord lets max_concurrency shards (one per bucket shard_id % max_concurrency)
        #: IDENTIFY per 5 s; identify_concurrency_violations() checks against this window, and
        #: with enforce_identify_limit=True a too-early IDENTIFY gets op 9 INVALID_SESSION
        self.identify_window = identify_window
        self.enforce_identify_limit = enforce_identify_limit
        #: a shard holding more guilds than this is closed with 4011 (sharding required)
        self.max_guilds_per_shard = max_guilds_per_shard
        self.session_start_total = 1000
        #: every IDENTIFY the fake received, in order (accepted or refused)
        self.identifies: list[IdentifyRecord] = []
        #: edit rate limit: (edits, per_seconds) per message, or None (see limit_edits)
        self.edit_rate_limit: tuple[int, float] | None = None
        self.edit_rate_scope = "message"
        self._edit_windows: dict[Any, list[float]] = {}
        #: 429 answers the fake gave to message edits: (perf_counter, message id, retry_after)
        self.rate_limited: list[tuple[float, int, float]] = []
        #: ids of users who installed the app to their account (install_for_user)
        self.user_installs: set[int] = set()

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
        self._processes: list[BotProcess] = []
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
        for proc in list(self._processes):
            await proc.stop()
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

    def process_env(self) -> dict[str, str]:
        """Environment for a bot in another process: FAKEDISCORD_URL (read by
        ``tests.fakediscord.launch``) and the bot token as DISCORD_TOKEN."""
        return {"FAKEDISCORD_URL": self.base_url, "DISCORD_TOKEN": self.token}

    def start_process(
        self,
        target: str,
        *args: str,
        env: dict[str, str] | None = None,
        cwd: Any = None,
        stop_timeout: float = 10.0,
    ) -> BotProcess:
        """A bot in a child process pointed at this fake (async context manager).

        ``target``: ``"package.module:function"`` (called with ``list(args)``; may return a
        coroutine) or ``"package.module"`` (run like ``python -m``, e.g. ``"bot"``)."""
        from .process import BotProcess

        return BotProcess(
            self, target, tuple(str(a) for a in args), env=env, cwd=cwd, stop_timeout=stop_timeout
        )

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
        """The latest bot session is connected and has been sent READY plus every GUILD_CREATE."""
        s = self._current_session
        return s is not None and self._usable(s)

    @staticmethod
    def _usable(s: GatewaySession) -> bool:
        return s.ready and s.connection is not None and not s.invalidated

    async def wait_until_ready(
        self, timeout: float | None = None, *, guild: FakeGuild | int | None = None
    ) -> GatewaySession:
        """Wait for a connected, ready session; with ``guild``, one of the shard owning it."""
        if guild is None:
            await self.wait_for(lambda: self.ready, timeout, "a bot to connect to the gateway")
            assert self._current_session is not None
            return self._current_session
        gid = guild.id if isinstance(guild, FakeGuild) else guild
        await self.wait_for(
            lambda: bool(self._routes_for(gid, usable=True)),
            timeout,
            lambda: "a ready bot session for the shard of guild "
            f"{gid} ((guild_id >> 22) % shard_count)\n" + "\n".join(self._describe_problems()),
        )
        return self._routes_for(gid, usable=True)[-1]

    # ------------------------------------------------------------------ shards

    def live_sessions(self) -> list[GatewaySession]:
        """Sessions not invalidated (connected or waiting to RESUME), oldest IDENTIFY first."""
        return [s for s in self.sessions.values() if not s.invalidated]

    def _routes_for(self, guild_id: int | None, *, usable: bool = False) -> list[GatewaySession]:
        """Live sessions Discord would send an event of this guild (None: no guild) to."""
        return [
            s
            for s in self.live_sessions()
            if s.owns(guild_id) and (not usable or self._usable(s))
        ]

    def shard_of(self, guild: FakeGuild | int | None, shard_count: int) -> int:
        """Which shard owns a guild: (guild_id >> 22) % shard_count (no guild: shard 0)."""
        if guild is None:
            return 0
        gid = guild.id if isinstance(guild, FakeGuild) else guild
        return (gid >> 22) % shard_count

    def shard_session(self, shard_id: int, shard_count: int | None = None) -> GatewaySession | None:
        """The latest live session identified as this shard (any shard_count if None)."""
        found = [
            s
            for s in self.live_sessions()
            if s.shard_id == shard_id and (shard_count is None or s.shard_count == shard_count)
        ]
        return found[-1] if found else None

    def shard_ready(self, shard_id: int, shard_count: int | None = None) -> bool:
        s = self.shard_session(shard_id, shard_count)
        return s is not None and self._usable(s)

    async def wait_for_shards(
        self, shard_ids: Any, shard_count: int, timeout: float | None = None
    ) -> list[GatewaySession]:
        """Wait until every shard in ``shard_ids`` (of ``shard_count``) is connected and ready."""
        ids = list(shard_ids)
        await self.wait_for(
            lambda: all(self.shard_ready(i, shard_count) for i in ids),
            timeout,
            lambda: f"shards {ids} of {shard_count} to be ready; sessions: "
            + ", ".join(
                f"{s.shard}{' ready' if self._usable(s) else ''}" for s in self.live_sessions()
            ),
        )
        return [s for i in ids if (s := self.shard_session(i, shard_count)) is not None]

    def identify_times(self, shard_id: int | None = None) -> list[float]:
        """perf_counter times of the accepted IDENTIFYs (of one shard id, or all)."""
        return [
            r.at
            for r in self.identifies
            if r.refused is None and (shard_id is None or r.shard_id == shard_id)
        ]

    def identify_concurrency_violations(
        self, max_concurrency: int | None = None, window: float | None = None
    ) -> list[tuple[IdentifyRecord, IdentifyRecord]]:
        """Pairs of IDENTIFYs in the same rate limit bucket (shard_id % max_concurrency) less
        than ``window`` seconds apart (Discord: max_concurrency IDENTIFYs per 5 s). Empty when
        the bot respected the limit."""
        conc = max_concurrency or self.max_concurrency
        win = self.identify_window if window is None else window
        accepted = [r for r in self.identifies if r.refused is None]
        out = []
        for i, a in enumerate(accepted):
            for b in accepted[i + 1 :]:
                if a.shard_id % conc == b.shard_id % conc and abs(b.at - a.at) < win:
                    out.append((a, b))
        return out

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
        shard: tuple[int, int] | None = None,
        with_bot: bool = True,
    ) -> FakeGuild:
        """A guild the bot is in: @everyone role, a managed bot role, an owner member.

        ``shard=(shard_id, shard_count)`` picks an id that shard owns
        ((id >> 22) % shard_count). ``with_bot=False`` makes a server that has NOT added the
        bot (users reach the app there through a user install): no GUILD_CREATE, no bot member,
        and the bot's REST calls to it fail with 403 Missing Access.
        """
        gid = self._snowflake() if shard is None else self._snowflake_for_shard(*shard)
        guild = FakeGuild(gid, name, locale=locale, has_bot=with_bot)
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
        if with_bot:
            guild.members[self.bot_user.id] = FakeMember(
                self.bot_user, guild, role_ids=[bot_role.id]
            )
        self.guilds[guild.id] = guild
        if with_bot:
            for session in self._routes_for(guild.id):
                session.dispatch(
                    "GUILD_CREATE", self._guild_create_payload(guild, session, joined=True)
                )
        self._notify()
        return guild

    def _snowflake_for_shard(self, shard_id: int, shard_count: int) -> int:
        if not 0 <= shard_id < shard_count:
            raise FakeDiscordError(f"shard {shard_id} does not exist among {shard_count}")
        while True:
            value = self._snowflake()
            if (value >> 22) % shard_count == shard_id:
                return value
            # move the timestamp part on by the missing milliseconds (stays increasing)
            step = (shard_id - (value >> 22)) % shard_count
            self._snowflake.bump_to(((value >> 22) + step) << 22)

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
        """Send any gateway event to the bot (queued for RESUME if it is disconnected).

        Routed like Discord: to the sessions of the shard owning ``data["guild_id"]``, or to
        shard 0 when the event has no guild."""
        gid = data.get("guild_id") if isinstance(data, dict) else None
        sessions = self._routes_for(int(gid) if gid else None)
        for session in sessions:
            session.dispatch(event, data)
        self._notify()
        return bool(sessions)

    def _dispatch_guild_event(
        self, guild: FakeGuild, event: str, data: Any, *, intent: int = 0
    ) -> None:
        if guild.has_bot:
            for session in self._routes_for(guild.id):
                if not intent or session.has_intent(intent):
                    session.dispatch(event, data)
        self._notify()

    def _control_session(self, shard_id: int | None, what: str) -> GatewaySession:
        session = self._live_session() if shard_id is None else self.shard_session(shard_id)
        if session is None or session.connection is None:
            where = "" if shard_id is None else f" for shard {shard_id}"
            raise FakeDiscordError(f"no connected bot session{where} to {what}")
        return session

    def request_reconnect(self, shard_id: int | None = None) -> None:
        """Send op 7 RECONNECT: the client closes and RESUMEs on resume_gateway_url.

        ``shard_id`` picks a shard's session; default: the latest identified session."""
        self._control_session(shard_id, "reconnect").connection.send_op(  # type: ignore[union-attr]
            OP_RECONNECT
        )

    def invalidate_session(self, resumable: bool = False, shard_id: int | None = None) -> None:
        """Send op 9 INVALID_SESSION.  With resumable=False discord.py waits 5 s, then IDENTIFYs."""
        session = self._control_session(shard_id, "invalidate")
        if not resumable:
            session.invalidated = True
        assert session.connection is not None
        session.connection.send_op(OP_INVALID_SESSION, resumable)

    def drop_connection(self, code: int = 4000, shard_id: int | None = None) -> None:
        """Close the bot's websocket from the server side (4000 = reconnect + resume)."""
        session = self._control_session(shard_id, "drop")
        assert session.connection is not None
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
        if component.get("id") is not None:
            data["id"] = component["id"]
        await self._wait_route(message.channel.guild, timeout)
        owners = None
        if message.interaction is not None:
            owners = message.interaction.owners
        return self._send_interaction(
            INTERACTION_COMPONENT,
            data,
            message.channel,
            user,
            locale=locale,
            source_message=message,
            owners=owners,
        )

    async def submit_modal(
        self,
        interaction: FakeInteraction,
        values: Mapping[str, Any],
        *,
        validate: bool = True,
        timeout: float | None = None,
    ) -> FakeInteraction:
        """Submit the modal the bot answered ``interaction`` with: ``{custom_id: value}``
        (text inputs: str; selects and checkbox groups: list of values; radio group: str;
        checkbox: bool). The submit has Discord's shape (labels, rows, text displays, with
        component ids). What the Discord client would refuse (a required input left empty,
        a text outside min_length/max_length, an unknown select value) raises
        InvalidCommandInput unless ``validate=False``."""
        modal = next((r.data for r in interaction.responses if r.type == 9), None)
        if modal is None:
            raise FakeDiscordError(f"{interaction!r} was not answered with a modal")
        shape: list[dict[str, Any]] = _json_copy(list(modal.get("components") or []))
        components_mod.number_components(shape)
        inputs = components_mod.modal_inputs({"components": shape})
        unknown = sorted(set(values) - set(inputs))
        if unknown:
            raise FakeDiscordError(f"the modal has no inputs {unknown}; it has {sorted(inputs)}")
        if validate:
            for cid, item in inputs.items():
                self._check_modal_value(item, values.get(cid))

        def answer(item: dict[str, Any]) -> dict[str, Any]:
            t = item.get("type")
            out: dict[str, Any] = {"type": t, "id": item.get("id")}
            if t == 1:
                out["components"] = [answer(c) for c in item.get("components") or []]
            elif t == 18:
                out["component"] = answer(item["component"])
            elif t == 10:
                pass
            else:
                cid = item.get("custom_id")
                out["custom_id"] = cid
                given = values.get(cid) if cid is not None else None
                if t == 4:
                    out["value"] = "" if given is None else str(given)
                elif t == 23:
                    out["value"] = bool(given)
                elif t == 21:
                    out["value"] = None if given is None else str(given)
                else:
                    out["values"] = [str(v) for v in (given or [])]
            return out

        components = [answer(c) for c in shape]
        await self._wait_route(interaction.channel.guild, timeout)
        return self._send_interaction(
            INTERACTION_MODAL_SUBMIT,
            {"custom_id": modal["custom_id"], "components": components},
            interaction.channel,
            interaction.user,
            source_message=interaction.source_message,
            member=self._member_or_none(interaction.channel, interaction.user),
            owners=interaction.owners,
        )

    @staticmethod
    def _check_modal_value(item: dict[str, Any], value: Any) -> None:
        cid, t = item.get("custom_id"), item.get("type")

        def bad(msg: str) -> InvalidCommandInput:
            return InvalidCommandInput(f"modal input {cid!r}: {msg}")

        required = item.get("required", True)
        if t == 4:
            text = "" if value is None else value
            if not isinstance(text, str):
                raise bad(f"expects a string, got {value!r}")
            if not text:
                if required:
                    raise bad("is required (the Submit button stays disabled)")
                return
            low, high = item.get("min_length"), item.get("max_length")
            if low is not None and len(text) < low:
                raise bad(f"{len(text)} characters, fewer than min_length {low}")
            if len(text) > (high if high is not None else 4000):
                raise bad(f"{len(text)} characters, more than max_length {high}")
        elif t in components_mod.SELECTS or t == components_mod.CHECKBOX_GROUP:
            chosen = list(value or [])
            low = item.get("min_values", 1 if required else 0)
            high = item.get("max_values", 1)
            if not chosen and not required:
                return
            if not low <= len(chosen) <= high:
                raise bad(f"{len(chosen)} values chosen; allowed {low}..{high}")
            if t in (3, components_mod.CHECKBOX_GROUP):
                allowed = [o.get("value") for o in item.get("options") or []]
                wrong = [v for v in chosen if v not in allowed]
                if wrong:
                    raise bad(f"{wrong} are not options {allowed}")
        elif t == components_mod.RADIO_GROUP:
            if value is None:
                if required:
                    raise bad("is required")
                return
            allowed = [o.get("value") for o in item.get("options") or []]
            if value not in allowed:
                raise bad(f"{value!r} is not one of {allowed}")

    def post_user_message(
        self, channel: FakeChannel, user: FakeUser | FakeMember, content: str
    ) -> FakeMessage:
        """A human posts in a channel: stored, and MESSAGE_CREATE sent as the intents allow."""
        plain = user.user if isinstance(user, FakeMember) else user
        msg = FakeMessage(self._snowflake(), channel, plain, content=content, via="user")
        self.messages[msg.id] = msg
        channel.last_message_id = msg.id
        for session in self._routes_for(channel.guild.id if channel.guild else None):
            if channel.private or (channel.guild is not None and not channel.guild.has_bot):
                break  # the bot is not there
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

    async def _wait_route(self, guild: FakeGuild | None, timeout: float | None) -> None:
        if guild is None:
            await self.wait_for(
                lambda: bool(self._routes_for(None, usable=True)),
                timeout,
                "a ready bot session for shard 0 (DMs go to shard 0)",
            )
        else:
            await self.wait_until_ready(timeout, guild=guild)

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
        await self._wait_route(guild, timeout)
        parts = command.strip().lstrip("/").split()
        if not parts:
            raise FakeDiscordError("empty command path")
        cmd = self._find_command(guild, parts[0])
        owners = self._default_owners(channel, plain, cmd.get("integration_types"))
        if check_permissions:
            self._check_command_available(cmd, channel, member)
            if not owners:
                raise CommandNotAvailable(
                    f"/{cmd['name']} is not installed where {plain.name} is "
                    f"(context {self.context_of(channel)}, integration_types "
                    f"{cmd.get('integration_types')}, user install: "
                    f"{plain.id in self.user_installs}); Discord would not offer it"
                )
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
            itype,
            data,
            channel,
            plain,
            locale=locale,
            member=member,
            command_name=" ".join(parts),
            owners=owners or None,
        )

    def _check_command_available(
        self, cmd: dict[str, Any], channel: FakeChannel, member: FakeMember | None
    ) -> None:
        context = self.context_of(channel)
        contexts = cmd.get("contexts")
        if contexts is not None and context not in contexts:
            raise CommandNotAvailable(
                f"/{cmd['name']} is not available in this context ({context})"
            )
        if context != 0 and cmd.get("guild_id"):
            raise CommandNotAvailable(f"/{cmd['name']} is a guild command")
        if contexts is None and context == 2:
            raise CommandNotAvailable(
                f"/{cmd['name']} has no contexts; private channels need contexts [.., 2]"
            )
        if context == 1 and contexts is None and cmd.get("dm_permission") is False:
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
        owners: dict[str, str] | None = None,
    ) -> FakeInteraction:
        plain = user.user if isinstance(user, FakeMember) else user
        guild = channel.guild
        if guild is not None and member is None:
            member = guild.members.get(plain.id)
            if member is None:
                raise FakeDiscordError(f"{plain.name} is not a member of {guild.name}")
        sessions = self._routes_for(guild.id if guild is not None else None)
        if not sessions:
            raise FakeDiscordError(
                "no bot session to send the interaction to"
                + (f" (shard owning guild {guild.id})" if guild is not None else " (shard 0)")
            )
        context = self.context_of(channel)
        if owners is None:
            owners = self._default_owners(channel, plain)
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
            app_permissions = (
                guild.channel_permissions(self.bot_member(guild), channel)
                if guild.has_bot
                else PRIVATE_APP_PERMISSIONS
            )
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
                member=member.payload(permissions=guild.channel_permissions(member, channel)),
                app_permissions=str(app_permissions),
                channel=channel.payload(permissions=guild.channel_permissions(member, channel)),
            )
        else:
            payload.update(
                user=plain.payload(),
                app_permissions=str(
                    discord.Permissions.text().value if context == 1 else PRIVATE_APP_PERMISSIONS
                ),
                channel=channel.payload(),
            )
        payload.update(authorizing_integration_owners=dict(owners), context=context)
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

        for session in sessions:
            session.dispatch("INTERACTION_CREATE", payload, on_sent=sent)
        inter.shard = sessions[-1].shard
        return inter

    # ------------------------------------------------------------------ installs

    def install_for_user(self, user: FakeUser | FakeMember) -> None:
        """The user adds the app to their account (a user install, integration type 1)."""
        plain = user.user if isinstance(user, FakeMember) else user
        self.user_installs.add(plain.id)

    @staticmethod
    def context_of(channel: FakeChannel) -> int:
        """Interaction context: 0 GUILD, 1 BOT_DM (DM with the bot), 2 PRIVATE_CHANNEL."""
        if channel.guild is not None:
            return 0
        return 2 if channel.private else 1

    def _default_owners(
        self, channel: FakeChannel, user: FakeUser, integration_types: Any = None
    ) -> dict[str, str]:
        """authorizing_integration_owners as Discord fills it: "0" (guild install) when the bot
        is in the server (or for a DM with the bot, value "0"), "1" (user install) with the
        user's id when this user installed the app; filtered by a command's integration_types
        (absent: guild install only)."""
        types = {0} if integration_types is None else {int(t) for t in integration_types}
        context = self.context_of(channel)
        owners: dict[str, str] = {}
        if 0 in types:
            if context == 0 and channel.guild is not None and channel.guild.has_bot:
                owners["0"] = str(channel.guild.id)
            elif context == 1:
                owners["0"] = "0"
        if 1 in types and user.id in self.user_installs:
            owners["1"] = str(user.id)
        return owners

    def add_private_channel(self, *users: FakeUser | FakeMember, name: str = "") -> FakeChannel:
        """A DM between two users (type 1) or a group DM (type 3) that the bot is NOT in:
        reachable only through a user install (interaction context 2)."""
        plain = [u.user if isinstance(u, FakeMember) else u for u in users]
        if len(plain) < 2:
            raise FakeDiscordError("a private channel needs at least two users")
        ctype = CHANNEL_DM if len(plain) == 2 else CHANNEL_GROUP_DM
        channel = FakeChannel(
            self._snowflake(), name, ctype, recipient=plain[1], private=True, members=plain
        )
        self.channels[channel.id] = channel
        return channel

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
        header = request.headers.get("Content-Type", "")
        if multipart.media_type(header) == "multipart/form-data":
            try:
                parts = multipart.parse_form(header, await request.read())
            except multipart.BadBody as exc:
                raise _HTTPError(400, 50035, f"Invalid Form Body ({exc})") from None
            for part in parts:
                if part.name == "payload_json":
                    try:
                        body.json = json.loads(part.data)
                    except ValueError as exc:
                        raise _HTTPError(400, 50109,
                                         "The request body contains invalid JSON.") from exc
                    continue
                m = re.fullmatch(r"files\[(\d+)\]", part.name)
                if m is None:
                    raise _HTTPError(400, 50035,
                                     f"Invalid Form Body (unexpected part {part.name!r})")
                body.files[int(m.group(1))] = _Upload(part.filename or "file", part.data, None)
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
            data["shards"] = self.recommended_shards
            data["session_start_limit"] = {
                "total": self.session_start_total,
                "remaining": max(0, self.session_start_total - self.identify_count),
                "reset_after": 86_400_000,
                "max_concurrency": self.max_concurrency,
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
        data: dict[str, Any] = {
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
            "approximate_guild_count": sum(1 for g in self.guilds.values() if g.has_bot),
        }
        return _json_response(data)

    # ------------------------------------------------------------------ REST: app commands

    def _scope(self, m: re.Match[str]) -> int | None:
        if int(m.group(1)) != self.application_id:
            raise _not_found(10002, "Application")
        if m.re.pattern.startswith(r"/applications/(\d+)/guilds/"):
            gid = int(m.group(2))
            if gid not in self.guilds or not self.guilds[gid].has_bot:
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

    def _message_flags(
        self, payload: dict[str, Any], inter: FakeInteraction | None = None
    ) -> int:
        """The flags a new message gets: the settable ones the bot sent (EPHEMERAL only for
        interaction messages), plus EPHEMERAL when Discord forces it (a user-installed app in a
        server where the member lacks Use External Apps)."""
        flags = int(payload.get("flags") or 0) & SETTABLE_FLAGS
        if inter is None:
            flags &= ~FLAG_EPHEMERAL
        elif inter.forced_ephemeral:
            flags |= FLAG_EPHEMERAL
        return flags

    @staticmethod
    def _message_problems(payload: dict[str, Any], flags: int) -> list[validation.Problem]:
        problems = validation.message_problems(payload)
        if flags & FLAG_COMPONENTS_V2:
            problems.extend(components_mod.legacy_field_problems(payload))
        if payload.get("components") is not None:
            problems.extend(
                components_mod.message_component_problems(payload["components"], flags)
            )
        return problems

    def _stored_components(
        self, raw: list[Any], attachments: list[FakeAttachment]
    ) -> list[dict[str, Any]]:
        """Components as Discord stores and returns them: ids filled in, attachment:// media
        resolved to the uploaded file (url, size, content type, attachment_id)."""
        comps: list[dict[str, Any]] = _json_copy(list(raw or []))
        components_mod.number_components(comps)
        by_name = {a.filename: a for a in attachments}
        by_url = {a.url: a for a in attachments}
        missing: list[validation.Problem] = []
        for media in components_mod.media_items(comps):
            url = str(media.get("url") or "")
            att = None
            if url.startswith("attachment://"):
                att = by_name.get(url[len("attachment://") :])
                if att is None:
                    missing.append(
                        (
                            "components",
                            "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND",
                            f"{url} does not match any attachment of the message "
                            f"({sorted(by_name)})",
                        )
                    )
                    continue
            else:
                att = by_url.get(url)
            if att is not None:
                for key in ("placeholder", "placeholder_version"):
                    media.pop(key, None)
                media.update(
                    url=att.url,
                    proxy_url=att.url,
                    content_type=att.content_type,
                    attachment_id=str(att.id),
                    loading_state=2,
                    flags=0,
                )
                dims = att.image_size
                if dims:
                    media["width"], media["height"] = dims
        if missing:
            raise _form_error(missing)
        return comps

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
        problems = self._message_problems(payload, flags)
        if problems:
            raise _form_error(problems)
        if not allow_empty and validation.is_empty_message(payload, len(files)):
            raise _HTTPError(400, 50006, "Cannot send an empty message")
        attachments = self._make_attachments(channel, payload, files)
        msg = FakeMessage(
            self._snowflake(),
            channel,
            self.bot_user,
            content=str(payload.get("content") or ""),
            embeds=self._clean_embeds(payload.get("embeds")),
            components=self._stored_components(payload.get("components") or [], attachments),
            flags=flags,
            type=mtype,
            via=via,
            interaction=interaction,
            application_id=self.application_id if interaction is not None else None,
        )
        msg.attachments = attachments
        self.messages[msg.id] = msg
        if not msg.ephemeral:
            channel.last_message_id = msg.id
        return msg

    def _edit_message(
        self,
        msg: FakeMessage,
        payload: dict[str, Any],
        files: dict[int, _Upload],
        *,
        via: str = "channel",
    ) -> None:
        if msg.deleted:
            raise _not_found(10008, "Message")
        was_v2 = bool(msg.flags & FLAG_COMPONENTS_V2)
        new_flags = payload.get("flags")
        if new_flags is not None and was_v2 and not int(new_flags) & FLAG_COMPONENTS_V2:
            raise _form_error(
                [
                    (
                        "flags",
                        "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
                        "The IS_COMPONENTS_V2 flag cannot be removed from a message",
                    )
                ]
            )
        v2 = was_v2 or (new_flags is not None and bool(int(new_flags) & FLAG_COMPONENTS_V2))
        problems = self._message_problems(payload, FLAG_COMPONENTS_V2 if v2 else 0)
        if problems:
            raise _form_error(problems)
        content = str(payload.get("content") or "") if "content" in payload else msg.content
        embeds = self._clean_embeds(payload.get("embeds")) if "embeds" in payload else msg.embeds
        if v2 and not was_v2:  # turning into a Components V2 message drops content and embeds
            content, embeds = "", []
        attachments = self._make_attachments(msg.channel, payload, files, msg.attachments)
        components = (
            self._stored_components(payload.get("components") or [], attachments)
            if "components" in payload
            else msg.components
        )
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
        if new_flags is not None:
            msg.flags = keep | (int(new_flags) & SETTABLE_FLAGS & ~FLAG_EPHEMERAL)
        else:
            msg.flags = keep | (msg.flags & ~(FLAG_EPHEMERAL | FLAG_LOADING))
        if v2:
            msg.flags |= FLAG_COMPONENTS_V2
        msg.edited_timestamp = iso_now()
        msg.edits.append(EditRecord(time.perf_counter(), via))

    # ------------------------------------------------------------------ edit rate limits

    def limit_edits(self, edits: int, per: float, *, scope: str = "message") -> None:
        """Refuse message edits beyond ``edits`` per ``per`` seconds with a Discord 429.

        Counts PATCH /channels/{c}/messages/{m} and PATCH /webhooks/{app}/{token}/messages/..
        per message (``scope="message"``) or per channel (``scope="channel"``, closer to
        Discord's shared bucket). Successful edits then carry X-RateLimit-* headers, so
        discord.py also waits on its own when the bucket is empty. ``fake.limit_edits(0, 0)``
        or ``fake.edit_rate_limit = None`` turns it off."""
        if scope not in ("message", "channel"):
            raise ValueError("scope must be 'message' or 'channel'")
        self.edit_rate_limit = (edits, per) if edits > 0 else None
        self.edit_rate_scope = scope
        self._edit_windows.clear()

    def edits_of(self, message: FakeMessage | int) -> list[float]:
        """perf_counter times of every edit of a message (REST PATCH, webhook edits,
        UPDATE_MESSAGE callbacks, a follow-up filling a deferred reply), oldest first."""
        msg = self.messages.get(message if isinstance(message, int) else message.id)
        if msg is None:
            raise FakeDiscordError(f"no message {message!r}")
        return [e.at for e in msg.edits]

    def max_edits_within(self, message: FakeMessage | int, seconds: float) -> int:
        """The most edits of a message that fall inside any ``seconds``-long interval."""
        times = self.edits_of(message)
        best = 0
        for i, start in enumerate(times):
            best = max(best, sum(1 for t in times[i:] if t - start < seconds))
        return best

    def _rate_key(self, msg: FakeMessage) -> Any:
        return ("channel", msg.channel.id) if self.edit_rate_scope == "channel" else msg.id

    def _take_edit_slot(self, msg: FakeMessage) -> dict[str, str]:
        """Count an edit against the limit (a sliding window: at most ``edits`` accepted in
        any ``per`` seconds); raise 429 if over it. Returns the X-RateLimit headers."""
        if self.edit_rate_limit is None:
            return {}
        limit, per = self.edit_rate_limit
        now = time.perf_counter()
        key = self._rate_key(msg)
        recent = [t for t in self._edit_windows.get(key, []) if now - t < per]
        self._edit_windows[key] = recent
        bucket = f"fakeedits{abs(hash(key)) % 10**8:08d}"

        def headers(remaining: int, reset_after: float) -> dict[str, str]:
            return {
                "X-RateLimit-Limit": str(limit),
                "X-RateLimit-Remaining": str(remaining),
                "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
                "X-RateLimit-Bucket": bucket,
            }

        if len(recent) >= limit:
            retry_after = recent[-limit] + per - now
            self.rate_limited.append((now, msg.id, retry_after))
            raise _HTTPError(
                429,
                0,
                "You are being rate limited.",
                extra={"retry_after": round(retry_after, 3), "global": False},
                headers=headers(0, retry_after)
                | {
                    "X-RateLimit-Scope": "user",
                    "Retry-After": str(max(1, int(retry_after + 0.999))),
                    "Via": "1.1 google",
                },
            )
        recent.append(now)
        remaining = limit - len(recent)
        # when the bucket is empty, it refills as the oldest edit in the window expires
        reset_after = (recent[-limit] + per - now) if remaining == 0 else 0.0
        return headers(remaining, reset_after)

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
        if ctype == 4:
            mtype = 20 if inter.type == INTERACTION_APPLICATION_COMMAND else 0
            message = self._create_message(
                inter.channel,
                data,
                body.files,
                via="response",
                interaction=inter,
                flags=self._message_flags(data, inter),
                mtype=mtype,
            )
            inter.original = message
        elif ctype == 5:
            if int(data.get("flags") or 0) & ~FLAG_EPHEMERAL:
                raise _form_error(
                    [
                        (
                            "data.flags",
                            "INTERACTION_RESPONSE_FLAGS_INVALID",
                            "A deferred response may only set EPHEMERAL; send "
                            "IS_COMPONENTS_V2 with the edit of the original response",
                        )
                    ]
                )
            message = self._create_message(
                inter.channel,
                {},
                {},
                via="response",
                interaction=inter,
                flags=self._message_flags(data, inter) | FLAG_LOADING,
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
                self._edit_message(message, data, body.files, via="callback")
        elif ctype == 8:
            choices = data.get("choices") or []
            if len(choices) > 25:
                raise _form_error(
                    [("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")]
                )
        elif ctype == 9:
            problems = components_mod.modal_problems(data)
            if problems:
                raise _form_error(problems)
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
            self._edit_message(original, payload, body.files, via="followup")
            msg = original
        else:
            if inter.user_install_only and len(inter.followups) >= MAX_USER_INSTALL_FOLLOWUPS:
                raise _HTTPError(
                    400, 40094, "This interaction has hit the maximum number of follow up messages"
                )
            flags = self._message_flags(payload, inter)
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
        headers = self._take_edit_slot(msg)
        self._edit_message(msg, body.json or {}, body.files, via="webhook")
        return _json_response(msg.payload(self), headers=headers)

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
        if channel.private or (channel.guild is not None and not channel.guild.has_bot):
            # a user-installed app is not in this server / private channel: no REST access
            raise _HTTPError(403, 50001, "Missing Access")
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
        msg = self._create_message(
            channel,
            payload,
            body.files,
            via="channel",
            mtype=mtype,
            flags=self._message_flags(payload),
        )
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
        self._require(channel, 0)
        msg = self._channel_message(channel, m.group(2))
        if msg.author is not self.bot_user:
            raise _HTTPError(403, 50005, "Cannot edit a message authored by another user")
        headers = self._take_edit_slot(msg)
        self._edit_message(msg, body.json or {}, body.files, via="channel")
        return _json_response(msg.payload(self), headers=headers)

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
        if not guild.has_bot:
            raise _HTTPError(403, 50001, "Missing Access")
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
        sessions = self._routes_for(guild.id)
        if sessions and not sessions[-1].has_intent(INTENT_GUILD_MEMBERS):
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
        now = time.perf_counter()
        if conn.session is not None:
            conn.close(CLOSE_ALREADY_AUTHENTICATED, "Already authenticated.")
            return
        raw_shard = d.get("shard")
        shard = (0, 1)
        if raw_shard is not None:
            ok = (
                isinstance(raw_shard, list)
                and len(raw_shard) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in raw_shard)
                and raw_shard[1] >= 1
                and 0 <= raw_shard[0] < raw_shard[1]
            )
            if not ok:
                self.identifies.append(IdentifyRecord(now, (-1, -1), None, "4010 invalid shard"))
                conn.close(CLOSE_INVALID_SHARD, "Invalid shard.")
                return
            shard = (raw_shard[0], raw_shard[1])

        def refuse(code: int, reason: str) -> None:
            self.identifies.append(IdentifyRecord(now, shard, None, f"{code} {reason}"))
            conn.close(code, reason)

        if d.get("token") != self.token:
            refuse(CLOSE_AUTH_FAILED, "Authentication failed.")
            return
        intents = d.get("intents")
        if not isinstance(intents, int):
            refuse(CLOSE_INVALID_INTENTS, "Invalid intent(s).")
            return
        if intents & PRIVILEGED_INTENTS & ~self.privileged_intents:
            refuse(CLOSE_DISALLOWED_INTENTS, "Disallowed intent(s).")
            return
        owned = [
            g for g in self.guilds.values() if g.has_bot and (g.id >> 22) % shard[1] == shard[0]
        ]
        if len(owned) > self.max_guilds_per_shard:
            refuse(CLOSE_SHARDING_REQUIRED, "Sharding required.")
            return
        if self.enforce_identify_limit:
            bucket = shard[0] % self.max_concurrency
            recent = [
                r
                for r in self.identifies
                if r.refused is None
                and r.shard_id % self.max_concurrency == bucket
                and now - r.at < self.identify_window
            ]
            if recent:
                # Discord answers an IDENTIFY over the max_concurrency limit with op 9
                self.identifies.append(
                    IdentifyRecord(now, shard, None, "op 9: identify rate limit (max_concurrency)")
                )
                conn.send_op(OP_INVALID_SESSION, False)
                return
        self.identify_count += 1
        session = GatewaySession(
            intents=intents,
            identify={k: v for k, v in d.items() if k != "token"},
            shard=shard,
            number=self.identify_count,
            identified_at=now,
        )
        self.identifies.append(IdentifyRecord(now, shard, session.id))
        session.ready_guilds = [g.id for g in owned]
        self.sessions[session.id] = session
        for old in self.sessions.values():
            # a new IDENTIFY for the same shard replaces a disconnected session of it
            if old is not session and old.connection is None and old.shard == shard:
                old.invalidated = True
        self._current_session = session
        session.attach(conn)
        ready = {
            "v": 10,
            "user": self.bot_user.payload() | {"verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in owned],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.resume_gateway_url.rstrip("/"),
            "shard": list(shard),
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

        session.dispatch("READY", ready, on_sent=None if owned else mark_ready)
        for i, guild in enumerate(owned):
            session.dispatch(
                "GUILD_CREATE",
                self._guild_create_payload(guild, session),
                on_sent=mark_ready if i == len(owned) - 1 else None,
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
