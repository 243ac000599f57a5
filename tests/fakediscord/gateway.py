"""Gateway (websocket) side of the fake: connections, sessions, sequence numbers, resume.

A *connection* is one websocket.  A *session* is what IDENTIFY creates; it owns the sequence
counter and a log of every dispatched frame so a RESUME can replay what the client missed.
Frames are queued and written by one writer task per connection, so events enqueued from
synchronous test code (``fake.add_text_channel(...)``) keep their order relative to
interactions dispatched right after.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

log = logging.getLogger("tests.fakediscord")

OnSent = Callable[[], None] | None

# Gateway opcodes
OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_PRESENCE = 3
OP_VOICE_STATE = 4
OP_RESUME = 6
OP_RECONNECT = 7
OP_REQUEST_MEMBERS = 8
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11

# Close codes (Discord docs, "Gateway Close Event Codes")
CLOSE_UNKNOWN_OPCODE = 4001
CLOSE_DECODE_ERROR = 4002
CLOSE_NOT_AUTHENTICATED = 4003
CLOSE_AUTH_FAILED = 4004
CLOSE_ALREADY_AUTHENTICATED = 4005
CLOSE_INVALID_SHARD = 4010
CLOSE_SHARDING_REQUIRED = 4011
CLOSE_INVALID_INTENTS = 4013
CLOSE_DISALLOWED_INTENTS = 4014

INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_PRESENCES = 1 << 8
INTENT_MESSAGE_CONTENT = 1 << 15
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DIRECT_MESSAGES = 1 << 12
PRIVILEGED_INTENTS = INTENT_GUILD_MEMBERS | INTENT_GUILD_PRESENCES | INTENT_MESSAGE_CONTENT


class Connection:
    """One websocket from a client, with an ordered outgoing queue."""

    def __init__(self, ws: web.WebSocketResponse, query: dict[str, str], path: str) -> None:
        self.ws = ws
        self.query = query
        self.path = path
        self.session: GatewaySession | None = None
        self.heartbeats = 0
        self.opened_at = time.perf_counter()
        self._queue: asyncio.Queue[tuple[str, Any, OnSent] | None] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self.closing = False

    def start(self) -> None:
        self._writer = asyncio.create_task(self._write_loop(), name="fakediscord-gateway-writer")

    def send_op(self, op: int, d: Any = None) -> None:
        self.send_raw(json.dumps({"op": op, "d": d, "s": None, "t": None}))

    def send_raw(self, frame: str, on_sent: OnSent = None) -> None:
        if not self.closing:
            self._queue.put_nowait(("frame", frame, on_sent))

    def close(self, code: int, reason: str = "") -> None:
        """Close after everything already queued has been written."""
        if not self.closing:
            self.closing = True
            self._queue.put_nowait(("close", (code, reason), None))

    async def _write_loop(self) -> None:
        while True:
            item = await self._queue.get()
            if item is None:
                return
            kind, value, on_sent = item
            if self.ws.closed:
                return
            try:
                if kind == "frame":
                    await self.ws.send_str(value)
                    if on_sent is not None:
                        on_sent()
                else:
                    code, reason = value
                    await self.ws.close(code=code, message=reason.encode())
                    return
            except (ConnectionError, RuntimeError) as exc:  # peer went away mid-write
                log.debug("gateway write failed: %r", exc)
                return

    async def shutdown(self) -> None:
        self.closing = True
        if self._writer is not None and not self._writer.done():
            self._queue.put_nowait(None)
            try:
                await asyncio.wait_for(self._writer, 1.0)
            except TimeoutError:
                self._writer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await self._writer


@dataclass(eq=False)
class GatewaySession:
    """What IDENTIFY creates: sequence numbers and the replay log used by RESUME."""

    id: str = field(default_factory=lambda: uuid.uuid4().hex)
    intents: int = 0
    identify: dict[str, Any] = field(default_factory=dict)  # IDENTIFY "d" without the token
    seq: int = 0
    log: list[tuple[int, str, OnSent]] = field(default_factory=list)
    connection: Connection | None = None
    invalidated: bool = False
    ready: bool = False  # READY and every GUILD_CREATE have been written to the socket
    resumes: int = 0
    replayed: int = 0  # frames re-sent by RESUMEs
    presence: dict[str, Any] | None = None
    events: list[str] = field(default_factory=list)  # event names dispatched, in order
    #: [shard_id, shard_count] from IDENTIFY; (0, 1) when the client sent none (no sharding)
    shard: tuple[int, int] = (0, 1)
    #: 1 for the first IDENTIFY the fake accepted, 2 for the next... (orders sessions)
    number: int = 0
    identified_at: float = field(default_factory=time.perf_counter)
    ready_guilds: list[int] = field(default_factory=list)  # guild ids READY listed

    @property
    def shard_id(self) -> int:
        return self.shard[0]

    @property
    def shard_count(self) -> int:
        return self.shard[1]

    def owns(self, guild_id: int | None) -> bool:
        """Discord's routing: (guild_id >> 22) % shard_count; no guild (DMs) -> shard 0."""
        if guild_id is None:
            return self.shard_id == 0
        return (guild_id >> 22) % self.shard_count == self.shard_id

    def has_intent(self, bit: int) -> bool:
        return bool(self.intents & bit)

    def dispatch(self, event: str, data: Any, on_sent: OnSent = None) -> int:
        self.seq += 1
        frame = json.dumps({"op": OP_DISPATCH, "t": event, "s": self.seq, "d": data})
        self.log.append((self.seq, frame, on_sent))
        self.events.append(event)
        if self.connection is not None:
            self.connection.send_raw(frame, on_sent)
        return self.seq

    def attach(self, conn: Connection) -> None:
        self.connection = conn
        conn.session = self

    def replay_after(self, seq: int) -> int:
        """Send every logged frame with a sequence number above ``seq``; returns how many."""
        assert self.connection is not None
        count = 0
        for s, frame, on_sent in self.log:
            if s > seq:
                self.connection.send_raw(frame, on_sent)
                count += 1
        self.replayed += count
        return count
