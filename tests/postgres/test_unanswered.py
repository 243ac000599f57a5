"""A PostgreSQL server that stops answering (its processes stopped: a frozen host, or a network
that drops packets without a reset) must not leave a read, a guess or ``close()`` waiting
forever: each ends with a ``StorageError`` after the store's command timeout."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path
from typing import Any

import pytest

from bot.core.feedback import score
from bot.storage.errors import StorageError
from bot.storage.postgres import PostgresStore
from bot.storage.postgres import pool as pg_pool
from tests.pg import PgUnavailable, _unavailable, start_cluster


def server_processes(folder: Path) -> list[int]:
    """The postmaster and its children (from /proc: no tool needed)."""
    main = int((folder / "data" / "postmaster.pid").read_text().split()[0])
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == main:
                children.append(int(entry.name))
    return [main, *children]


async def test_a_server_that_stops_answering_gives_errors_not_a_hang(
        monkeypatch: pytest.MonkeyPatch) -> None:
    try:
        cluster = await asyncio.to_thread(start_cluster)
    except PgUnavailable as exc:
        _unavailable(str(exc))
        raise
    try:
        assert cluster.folder is not None
        _, dsn = await asyncio.to_thread(cluster.create_database)
        monkeypatch.setattr(pg_pool, "CLOSE_GRACE", 1.0)
        store = await PostgresStore.open(dsn, pool_size=2, command_timeout=1.0)
        game = await store.create_game(guild_id=1, channel_id=2, owner_id=None,
                                       scope="channel", kind="random", answer="crane",
                                       hard_mode=False)
        frozen = server_processes(cluster.folder)
        for pid in frozen:
            os.kill(pid, signal.SIGSTOP)
        try:
            read = asyncio.create_task(store.get_game(game.id))
            guess = asyncio.create_task(store.record_guess(
                game.id, attempt=1, player_id=5, word="slate", feedback=score("slate", "crane"),
                finish=None))
            done, _ = await asyncio.wait({read, guess}, timeout=20)
            assert done == {read, guess}, "a call is still waiting for the silent server"
            assert str(read.exception()) == "the database did not answer in time"
            assert isinstance(guess.exception(), StorageError)
            assert "may not have been saved" in str(guess.exception())
            await asyncio.wait_for(store.close(), 10)  # its connections dropped
        finally:
            for pid in frozen:
                os.kill(pid, signal.SIGCONT)
    finally:
        await asyncio.to_thread(cluster.stop)


async def test_every_call_is_answered_within_the_timeout_while_the_server_is_frozen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A statement that times out must not then wait on a cancel request sent to the frozen
    server, and a write queued behind a stuck batch must not wait for that batch: each call
    ends within the timeout (a margin of half of it for a busy machine), and once the server
    is back every game holds at most the guess it was sent, and takes the next one."""
    timeout = 2.0
    try:
        cluster = await asyncio.to_thread(start_cluster)
    except PgUnavailable as exc:
        _unavailable(str(exc))
        raise
    try:
        assert cluster.folder is not None
        _, dsn = await asyncio.to_thread(cluster.create_database)
        monkeypatch.setattr(pg_pool, "CLOSE_GRACE", 1.0)
        store = await PostgresStore.open(dsn, pool_size=2, writers=1, command_timeout=timeout)
        games = [await store.create_game(guild_id=1, channel_id=10 + n, owner_id=None,
                                         scope="channel", kind="random", answer="crane",
                                         hard_mode=False) for n in range(4)]
        loop = asyncio.get_running_loop()
        took: dict[str, float] = {}

        async def timed(name: str, call: Any) -> None:
            began = loop.time()
            try:
                await call
            finally:
                took[name] = loop.time() - began

        def guess(game_id: int) -> Any:
            return store.record_guess(game_id, attempt=1, player_id=5, word="slate",
                                      feedback=score("slate", "crane"), finish=None)

        frozen = server_processes(cluster.folder)
        for pid in frozen:
            os.kill(pid, signal.SIGSTOP)
        try:
            calls = [asyncio.create_task(timed("read", store.get_game(games[0].id))),
                     asyncio.create_task(timed("first guess", guess(games[0].id)))]
            await asyncio.sleep(0.2)  # the first guess's batch is stuck on the server now
            calls += [asyncio.create_task(timed(f"queued guess {n}", guess(game.id)))
                      for n, game in enumerate(games[1:], 1)]
            done, _ = await asyncio.wait(calls, timeout=6 * timeout)
            assert len(done) == len(calls), "a call is still waiting for the frozen server"
            errors = [str(call.exception()) for call in calls]
            assert all("did not answer in time" in error for error in errors), errors
            assert max(took.values()) < 1.5 * timeout, took
        finally:
            for pid in frozen:
                os.kill(pid, signal.SIGCONT)
        for game in games:  # the server back: each guess saved once or not at all
            found = await store.get_game(game.id)
            assert found is not None and len(found.guesses) <= 1
            again = await store.record_guess(
                game.id, attempt=len(found.guesses) + 1, player_id=5, word="slate",
                feedback=score("slate", "crane"), finish=None)
            assert len(again.guesses) == len(found.guesses) + 1
        await asyncio.wait_for(store.close(), 10)
    finally:
        await asyncio.to_thread(cluster.stop)
