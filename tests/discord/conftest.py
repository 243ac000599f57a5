"""Fixtures for tests that run real discord.py clients against the fake Discord.

``table`` is a fake server with the real bot behind it: a real SQLite file in ``tmp_path``, a
small word list, a settable clock and a picker that decides the hidden word of random games
(so a test knows it), a :class:`GameService` over them and the real :class:`WordleBot`, whose
slash commands are synced to the fake server the way production syncs to ``DEV_GUILD_ID``.

Latency figures a test measures are printed at the end of the pytest run (``report_line``).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.app import WordleBot
from bot.core.daily import server_daily_word, today_puzzle_number
from bot.core.words import WordLists
from bot.service import GameService, Place
from bot.storage import SqliteStore
from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeMember
from tests.fakediscord.fixtures import fake_discord  # noqa: F401
from tests.fakediscord.models import FakeInteraction, FakeResponse
from tests.support import Clock, Picker

SALT = "discord-test-salt"

_REPORT_KEY = pytest.StashKey[list[str]]()


@dataclass
class Running:
    """One run of the bot: its client, its service and its database connection."""

    bot: WordleBot
    service: GameService
    db: SqliteStore


@dataclass
class Table:
    """A fake server with members and channels, and the real bot to run against it."""

    fake: FakeDiscord
    guild: FakeGuild
    general: FakeChannel
    results: FakeChannel
    alice: FakeMember  # has Manage Server
    bob: FakeMember
    carol: FakeMember
    dave: FakeMember
    words: WordLists
    clock: Clock
    picker: Picker
    db_path: Path
    make_service: Callable[[SqliteStore], GameService] = field(repr=False)
    current: Running | None = None

    # -- running the bot ---------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def running(self, service_factory: Callable[[SqliteStore], GameService] | None = None,
                      **bot_kwargs: Any) -> AsyncIterator[Running]:
        """A new SQLite store over the same file, a new GameService and a new WordleBot, logged
        in to the fake; all closed again on leaving."""
        db = await SqliteStore.open(self.db_path)
        try:
            service = (service_factory or self.make_service)(db)
            bot_kwargs.setdefault("dev_guild_id", self.guild.id)
            bot_kwargs.setdefault("warm_solver", False)
            bot = WordleBot(service, **bot_kwargs)
            async with self.fake.run_bot(bot):
                self.current = Running(bot, service, db)
                try:
                    yield self.current
                finally:
                    self.current = None
        finally:
            await db.close()

    @property
    def service(self) -> GameService:
        assert self.current is not None, "the bot is not running"
        return self.current.service

    # -- talking to it -----------------------------------------------------------------

    async def invoke(self, member: FakeMember, command: str,
                     options: dict[str, Any] | None = None, *,
                     channel: FakeChannel | None = None, **kwargs: Any) -> FakeInteraction:
        return await self.fake.invoke(channel or self.general, member, command, options or {},
                                      **kwargs)

    async def ask(self, member: FakeMember, command: str,
                  options: dict[str, Any] | None = None, *,
                  channel: FakeChannel | None = None,
                  **kwargs: Any) -> tuple[FakeInteraction, FakeResponse]:
        """Invoke a command and wait for the bot's first answer to it."""
        inter = await self.invoke(member, command, options, channel=channel, **kwargs)
        return inter, await inter.first_response()

    async def reply(self, member: FakeMember, command: str,
                    options: dict[str, Any] | None = None, *,
                    channel: FakeChannel | None = None, **kwargs: Any):
        """Invoke a command and return the first visible message the bot answered with (a
        deferred answer is waited for until it has been filled in)."""
        inter, _ = await self.ask(member, command, options, channel=channel, **kwargs)
        return (await inter.wait_for_messages(1))[0]

    async def win_daily(self, member: FakeMember, channel: FakeChannel | None = None
                        ) -> FakeInteraction:
        """``member`` starts today's daily (in ``channel``) and wins it with one guess: the
        guess's interaction, answered with the board and the share grid."""
        await self.reply(member, "wordle start", {"kind": "daily"}, channel=channel)
        won = await self.invoke(member, "guess", {"word": self.daily_answer()}, channel=channel)
        await won.wait_for_messages(2)
        return won

    # -- what tests know -----------------------------------------------------------------

    def place(self, channel: FakeChannel | None = None) -> Place:
        return Place(self.guild.id, (channel or self.general).id)

    def daily_number(self, timezone: str = "UTC") -> int:
        return today_puzzle_number(self.clock(), timezone)

    def daily_answer(self, timezone: str = "UTC", order_from: int | None = None) -> str:
        """Today's daily word on this server. Its own order of words starts at ``order_from``:
        by default today, as for a server whose daily is served for the first time today."""
        number = self.daily_number(timezone)
        start = number if order_from is None else order_from
        return server_daily_word(number, self.words.answers, SALT, self.guild.id, start)


@pytest.fixture
def picker() -> Picker:
    return Picker(default="crane")


@pytest.fixture
def table(fake_discord: FakeDiscord, tmp_path: Path, words: WordLists, clock: Clock,  # noqa: F811
          picker: Picker) -> Table:
    fake = fake_discord
    guild = fake.add_guild("Wordle Club")
    general = fake.add_text_channel(guild, "general")
    results = fake.add_text_channel(guild, "daily-results")

    def make_service(db: SqliteStore) -> GameService:
        return GameService(db, words, daily_salt=SALT, clock=clock, choose=picker)

    return Table(
        fake=fake,
        guild=guild,
        general=general,
        results=results,
        alice=fake.add_member(guild, "alice", permissions={"manage_guild": True}),
        bob=fake.add_member(guild, "bob"),
        carol=fake.add_member(guild, "carol"),
        dave=fake.add_member(guild, "dave"),
        words=words,
        clock=clock,
        picker=picker,
        db_path=tmp_path / "wordle.sqlite3",
        make_service=make_service,
    )


@pytest.fixture
def report_line(request: pytest.FixtureRequest) -> Callable[[str], None]:
    """Record a line to print in the summary at the end of the run (figures for CI logs)."""
    lines = request.config.stash.setdefault(_REPORT_KEY, [])
    return lines.append


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    lines = config.stash.get(_REPORT_KEY, [])
    if lines:
        terminalreporter.section("discord latency")
        for line in lines:
            terminalreporter.write_line(line)
