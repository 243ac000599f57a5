"""A start that meets the end of the game in its way (another process's give-up or winning
guess, locked but not yet committed): it waits for that end and starts, rather than handing
back a game that is over by the time the player sees it."""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
import pytest

from bot.storage.postgres import PostgresStore
from tests.storage.helpers import CHANNEL, GUILD, channel_game, own_game

#: Seconds the test waits at most for the start to reach the locked game (a guard against a
#: hang, not a measurement).
_GUARD = 30.0


async def _waiting_on_a_lock(conn: asyncpg.Connection) -> bool:
    return bool(await conn.fetchval("SELECT count(*) FROM pg_locks WHERE NOT granted"))


def _start(store: PostgresStore, scope: str, channel_id: int = CHANNEL) -> Any:
    return store.create_game(
        guild_id=GUILD, channel_id=channel_id, owner_id=7 if scope == "own" else None,
        scope=scope, kind="random", answer="slate", hard_mode=False)


async def _together(store: PostgresStore, scope: str) -> Any:
    """The start with another handed in beside it: one write batch plays them together."""
    new, _ = await asyncio.gather(_start(store, scope), _start(store, scope, CHANNEL + 1))
    return new


@pytest.mark.parametrize("together", [False, True], ids=["alone", "together"])
@pytest.mark.parametrize("scope", ["own", "channel"])
async def test_a_start_waits_for_the_game_in_its_way_to_end(pg_store: PostgresStore,
                                                            pg_dsn: str, scope: str,
                                                            together: bool) -> None:
    old = await (own_game(pg_store, 7) if scope == "own" else channel_game(pg_store))
    ending = await asyncpg.connect(pg_dsn)
    watcher = await asyncpg.connect(pg_dsn)
    try:
        move = ending.transaction()
        await move.start()
        await ending.execute("SELECT id FROM games WHERE id = $1 FOR UPDATE", old.id)
        await ending.execute("UPDATE games SET status = 'given_up', finished_at = now() "
                             "WHERE id = $1", old.id)
        start = asyncio.create_task(_together(pg_store, scope) if together
                                    else _start(pg_store, scope))
        for _ in range(int(_GUARD / 0.01)):
            if start.done() or await _waiting_on_a_lock(watcher):
                break
            await asyncio.sleep(0.01)
        else:
            raise AssertionError("the start neither finished nor waited for the lock")
        await move.commit()
        new = await start  # before: GameExists, carrying the game that had just ended
    finally:
        await ending.close()
        await watcher.close()
    assert new.id != old.id and new.status == "active"
    assert (await pg_store.get_game(old.id)).status == "given_up"
