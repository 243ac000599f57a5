"""Run a real discord.py client against a FakeDiscord in the test's own event loop."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from .server import FakeDiscord

log = logging.getLogger("tests.fakediscord")

# Names discord.py 2.7 gives the tasks it spawns for events, app commands and views.
_CLIENT_TASK_PREFIXES = ("discord.py: ", "CommandTree-invoker", "discord-ui-")


class BotRunner:
    """``client.start(token)`` in a task, with waiting and a clean shutdown.

    ``async with fake.run_bot(client) as runner:`` starts the client and waits according to
    ``wait``:

    * ``"gateway"`` (default): until the fake has sent READY and every GUILD_CREATE to this
      client's session. Interactions can be sent from then on (the client handles frames in
      order), even though discord.py's own ``on_ready`` comes ``guild_ready_timeout`` seconds
      later (2 s by default; pass ``guild_ready_timeout=0.1`` to the client to shorten it).
    * ``"client"``: until ``client.is_ready()`` (``on_ready`` has fired).
    * ``None``: do not wait.

    Leaving the block (or ``await runner.stop()``) closes the client, awaits its task, gives
    the client's in-flight handler tasks a moment to finish, and re-raises what the client
    task raised (e.g. ``discord.LoginFailure``) unless ``raise_errors=False``.
    """

    def __init__(
        self,
        fake: FakeDiscord,
        client: discord.Client,
        *,
        token: str | None = None,
        wait: str | None = "gateway",
        timeout: float | None = None,
    ) -> None:
        if wait not in ("gateway", "client", None):
            raise ValueError("wait must be 'gateway', 'client' or None")
        self.fake = fake
        self.client = client
        self.token = token if token is not None else fake.token
        self.wait = wait
        self.timeout = timeout
        self.task: asyncio.Task[None] | None = None
        self.stopping = False

    def __repr__(self) -> str:
        return f"<BotRunner {type(self.client).__name__} task={self.task!r}>"

    async def start(self) -> BotRunner:
        if self.task is not None:
            raise RuntimeError("this runner was already started; make a new client to restart")
        identifies_before = self.fake.identify_count
        self.task = asyncio.create_task(self.client.start(self.token), name="fakediscord-bot")
        self.task.add_done_callback(lambda _t: self.fake._notify())
        self.fake._runners.append(self)
        if self.wait == "gateway":
            await self.fake.wait_for(
                lambda: self._gateway_ready(identifies_before),
                self.timeout,
                "the bot to log in and receive READY + GUILD_CREATE (every shard it runs)",
            )
        elif self.wait == "client":
            await self.fake.wait_for(
                self.client.is_ready, self.timeout, "the bot's on_ready (client.is_ready())"
            )
        return self

    async def stop(self, *, raise_errors: bool = True, grace: float = 2.0) -> None:
        """Close the client and wait for everything it started to finish."""
        if self.task is None or self.stopping:
            return
        self.stopping = True
        try:
            await self._drain_client_tasks(grace)
            await self.client.close()
            try:
                await asyncio.wait_for(asyncio.shield(self.task), grace)
            except TimeoutError:
                log.warning("bot task did not finish %.1fs after close(); cancelling", grace)
                self.task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self.task
            except Exception:
                pass  # reported below from task.exception()
            self._cleanup_client_internals()
            await self._drain_client_tasks(grace)
            await self.fake.wait_for(
                lambda: self._connection_closed(), grace, "the bot's websocket to close"
            )
        finally:
            if self in self.fake._runners:
                self.fake._runners.remove(self)
        if raise_errors and self.task.done() and not self.task.cancelled():
            exc = self.task.exception()
            if exc is not None:
                raise exc

    def expected_shards(self) -> list[tuple[int, int]] | None:
        """(shard_id, shard_count) pairs this client runs; None while an AutoShardedClient
        has not yet learnt its shard count from GET /gateway/bot."""
        client = self.client
        if isinstance(client, discord.AutoShardedClient):
            count = client.shard_count
            if count is None:
                return None
            return [(i, count) for i in (client.shard_ids or range(count))]
        if client.shard_id is not None and client.shard_count is not None:
            return [(client.shard_id, client.shard_count)]
        return [(0, 1)]

    def _gateway_ready(self, identifies_before: int) -> bool:
        shards = self.expected_shards()
        if shards is None:
            return False
        for shard in shards:
            if not any(
                s.shard == shard and s.number > identifies_before and self.fake._usable(s)
                for s in self.fake.live_sessions()
            ):
                return False
        return True

    def _websockets(self) -> list[Any]:
        shards = getattr(self.client, "_AutoShardedClient__shards", None)
        if shards is not None:  # AutoShardedClient: one websocket per shard
            return [getattr(parent, "ws", None) for parent in shards.values()]
        return [getattr(self.client, "ws", None)]

    def _connection_closed(self) -> bool:
        for ws in self._websockets():
            socket = getattr(ws, "socket", None)
            if socket is not None and not socket.closed:
                return False
        return True

    def _cleanup_client_internals(self) -> None:
        # Internals of discord.py 2.7 (checked against its source): the delayed-READY task and
        # view timeout tasks would otherwise outlive the client and be destroyed pending.
        state = getattr(self.client, "_connection", None)
        ready_task = getattr(state, "_ready_task", None)
        if ready_task is not None and not ready_task.done():
            ready_task.cancel()
        store = getattr(state, "_view_store", None)
        views = getattr(store, "_views", {}) if store is not None else {}
        seen: set[int] = set()
        for items in list(views.values()):
            for item in list(items.values()):
                view = getattr(item, "view", None)
                if view is not None and id(view) not in seen:
                    seen.add(id(view))
                    with contextlib.suppress(Exception):
                        view.stop()

    async def _drain_client_tasks(self, grace: float) -> None:
        current = asyncio.current_task()
        pending = [
            t
            for t in asyncio.all_tasks()
            if t is not current
            and not t.done()
            and t is not self.task
            and t.get_name().startswith(_CLIENT_TASK_PREFIXES)
        ]
        if not pending:
            return
        _done, still = await asyncio.wait(pending, timeout=grace)
        for t in still:
            t.cancel()
        if still:
            await asyncio.wait(still, timeout=grace)

    async def __aenter__(self) -> BotRunner:
        try:
            await self.start()
        except BaseException:
            await self.stop(raise_errors=False)
            raise
        return self

    async def __aexit__(self, exc_type: Any, exc: Any, tb: Any) -> None:
        await self.stop(raise_errors=exc_type is None)
