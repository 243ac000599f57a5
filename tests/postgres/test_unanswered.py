"""A PostgreSQL server that stops answering (its processes stopped: a frozen host, or a network
that drops packets without a reset) must not leave a read, a guess or ``close()`` waiting
forever: each ends with a ``StorageError`` after the store's command timeout."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

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
