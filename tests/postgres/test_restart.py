"""A PostgreSQL restart while the bot plays: each command asked while the server is down fails
once with ``StorageUnavailable`` and the store logs nothing of its own (the front end logs one
warning line per failed command), no reconnecting loop writes tracebacks, and once the server
is back the same store plays on without a restart of the bot."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.core.feedback import score
from bot.storage.errors import StorageUnavailable
from bot.storage.postgres import PostgresStore
from tests.pg import PgCluster, PgUnavailable, _run, _unavailable, start_cluster


def pg_ctl(cluster: PgCluster, *args: str) -> None:
    assert cluster.bindir is not None and cluster.folder is not None
    _run([str(cluster.bindir / "pg_ctl"), *args, "-w", "-D", str(cluster.folder / "data")],
         cluster.as_user, timeout=60)


async def test_a_restart_fails_each_command_once_and_logs_no_tracebacks(
        caplog: pytest.LogCaptureFixture) -> None:
    try:
        cluster = await asyncio.to_thread(start_cluster)
    except PgUnavailable as exc:
        _unavailable(str(exc))
        raise
    try:
        _, dsn = await asyncio.to_thread(cluster.create_database)
        store = await PostgresStore.open(dsn, pool_size=3)
        game = await store.create_game(guild_id=1, channel_id=2, owner_id=None,
                                       scope="channel", kind="random", answer="crane",
                                       hard_mode=False)
        with caplog.at_level(logging.DEBUG):
            await asyncio.to_thread(pg_ctl, cluster, "stop", "-m", "fast")
            for attempt in (1, 1, 1):  # each a command while the server is down
                with pytest.raises(StorageUnavailable):
                    await store.get_game(game.id)
                with pytest.raises(StorageUnavailable):
                    await store.record_guess(game.id, attempt=attempt, player_id=5,
                                             word="slate", feedback=score("slate", "crane"),
                                             finish=None)
            await asyncio.sleep(2.5)  # down a while: long enough for a reconnecting loop
            await asyncio.to_thread(pg_ctl, cluster, "start", "-l",
                                    str(cluster.folder / "server.log"),  # type: ignore[operator]
                                    "-o", f"-p {cluster.port}")
            played = await store.record_guess(game.id, attempt=1, player_id=5, word="slate",
                                              feedback=score("slate", "crane"), finish=None)
            assert len(played.guesses) == 1
            await store.close()
        noisy = [f"{r.name}: {r.getMessage()}" for r in caplog.records
                 if r.levelno >= logging.WARNING or r.exc_info]
        assert noisy == []
    finally:
        await asyncio.to_thread(cluster.stop)
