"""Two processes finishing one player's games a moment apart (PostgreSQL has no single
writer): the earlier finish, held up behind a lock, is counted after the later one; its end
is then taken as just after it, so the streak follows the finish times."""

from __future__ import annotations

import asyncio

import asyncpg

from bot.storage.postgres import PostgresStore
from tests.storage.helpers import CHANNEL, GUILD, WRONG, guess, own_game, play
from tests.storage.test_stats_order import at, replayed

from .test_start_in_the_way import _GUARD, _waiting_on_a_lock


async def test_a_win_held_up_behind_a_lock_counts_after_a_later_loss(pg_store: PostgresStore,
                                                                   pg_dsn: str) -> None:
    other = await PostgresStore.open(pg_dsn, pool_size=2)
    holder = await asyncpg.connect(pg_dsn)
    watcher = await asyncpg.connect(pg_dsn)
    try:
        ids = []
        for n in range(2):
            game = await own_game(pg_store, 5, channel_id=CHANNEL + n, now=at(n))
            ids.append((await play(pg_store, game, ["crane"], now=at(n + 0.5))).id)
        early = await own_game(pg_store, 5, channel_id=CHANNEL + 10, now=at(3))
        late = await play(pg_store, await own_game(pg_store, 5, channel_id=CHANNEL + 11,
                                                   now=at(3)), WRONG[:5], now=at(4))
        held = holder.transaction()
        await held.start()
        await holder.execute("SELECT id FROM games WHERE id = $1 FOR UPDATE", early.id)
        win = asyncio.create_task(guess(pg_store, early, "crane", now=at(10)))
        for _ in range(int(_GUARD / 0.01)):
            if win.done() or await _waiting_on_a_lock(watcher):
                break
            await asyncio.sleep(0.01)
        late = await guess(other, late, WRONG[5], now=at(11))  # the other process, first
        await held.rollback()
        early = await win
    finally:
        await holder.close()
        await watcher.close()
        await other.close()
    stats = await pg_store.stats(GUILD, 5, "practice")
    assert early.finished_at > late.finished_at
    assert (stats.current_streak, stats.max_streak) == await replayed(
        pg_store, [*ids, early.id, late.id], 5) == (1, 2)
