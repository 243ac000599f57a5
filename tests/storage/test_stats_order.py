"""Streaks follow the games' finish times, on both stores, also when a game that finished
earlier is counted later (another process's move, which waited for the statistics row): its
end is then taken as just after the finish already counted, so the stored finish times and
the streaks tell one story."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from bot.core.stats import record_result

from .helpers import CHANNEL, GUILD, WRONG, channel_game, guess, own_game, play

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


async def replayed(db: Any, game_ids: list[int], player: int) -> tuple[int, int]:
    """(current, max) streak of the player over the games, in the order they finished."""
    games = sorted([await db.get_game(i) for i in game_ids], key=lambda g: g.finished_at)
    row = None
    for game in games:
        row = record_result(row, won=game.status == "won", attempts=len(game.guesses),
                            day=None)
    assert row is not None
    return row.current_streak, row.max_streak


async def test_an_earlier_win_counted_after_a_later_loss(db: Any) -> None:
    ids = []
    for n in range(2):  # two wins: a streak of 2
        game = await own_game(db, 5, channel_id=CHANNEL + n, now=at(n))
        ids.append((await play(db, game, ["crane"], now=at(n + 0.5))).id)
    early = await play(db, await own_game(db, 5, channel_id=CHANNEL + 10, now=at(3)),
                       WRONG[:3], now=at(4))
    late = await play(db, await own_game(db, 5, channel_id=CHANNEL + 11, now=at(3)),
                      WRONG[:5], now=at(4))
    # the loss at 11 s is counted first; the win at 10 s waited for the statistics row
    late = await guess(db, late, WRONG[5], now=at(11))
    early = await guess(db, early, "crane", now=at(10))
    assert early.finished_at > late.finished_at
    ids += [early.id, late.id]
    stats = await db.stats(GUILD, 5, "practice")
    assert (stats.current_streak, stats.max_streak) == await replayed(db, ids, 5) == (1, 2)


async def test_a_channel_game_counted_after_a_later_own_finish_of_one_player(db: Any) -> None:
    """Counting a channel game for several players takes the latest finish counted for any
    of them; a player's practice games are another bucket, and do not move it."""
    channel = await play(db, await channel_game(db), ["slate"], player_id=6, now=at(1))
    channel = await guess(db, channel, "pious", player_id=7, now=at(2))
    other = await play(db, await channel_game(db, channel_id=CHANNEL + 1), ["slate"],
                       player_id=7, now=at(3))
    own = await play(db, await own_game(db, 6, channel_id=CHANNEL + 2), ["crane"], now=at(20))
    other = await guess(db, other, "crane", player_id=7, now=at(12))
    channel = await guess(db, channel, "crane", player_id=6, now=at(10))
    assert channel.finished_at == other.finished_at + timedelta(microseconds=1)
    assert own.finished_at == at(20)
    for player in (6, 7):
        stats = await db.stats(GUILD, player, "channel")
        mine = [g.id for g in (channel, other) if player in g.guessers]
        assert (stats.current_streak, stats.max_streak) == await replayed(db, mine, player)
