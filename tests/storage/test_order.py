"""Jobs of one write batch take effect in the order they were handed in, and no guess is ever
stored after its game's end (issue 10, item 6)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.core.feedback import score
from bot.storage import GameNotActive, SqliteStore

from .helpers import CHANNEL, GUILD, own_game

SLATE = score("slate", "crane")  # a guess that does not end a game of CRANE


async def test_a_give_up_handed_in_before_a_win_counts_before_it(db: SqliteStore) -> None:
    players = range(1, 301)
    lost = {p: await own_game(db, p, channel_id=CHANNEL) for p in players}
    won = {p: await own_game(db, p, channel_id=CHANNEL + 1) for p in players}

    jobs = []
    for p in players:
        jobs.append(db.give_up(lost[p].id, player_id=p, day=1))
        jobs.append(
            db.record_guess(
                won[p].id, attempt=1, player_id=p, word="crane", feedback="GGGGG", finish="won",
                day=1,
            )
        )
    await asyncio.gather(*jobs)

    for p in players:
        stats = await db.stats(GUILD, p, "practice")
        # A loss, then a win: the streak is 1 (the other order would make it 0).
        assert (stats.played, stats.wins, stats.current_streak, stats.max_streak) == (2, 1, 1, 1)


async def test_a_guess_handed_in_after_a_give_up_is_refused(db: SqliteStore) -> None:
    games = [await own_game(db, p) for p in range(1, 201)]

    async def give_up_then_guess(game_id: int, player: int) -> None:
        results = await asyncio.gather(
            db.give_up(game_id, player_id=player, day=1),
            db.record_guess(
                game_id, attempt=1, player_id=player, word="slate", feedback=SLATE,
                finish=None,
            ),
            return_exceptions=True,
        )
        assert not isinstance(results[0], BaseException)
        assert isinstance(results[1], GameNotActive)

    await asyncio.gather(*(give_up_then_guess(g.id, g.owner_id or 0) for g in games))
    for g in games:
        after = await db.get_game(g.id)
        assert after is not None and after.status == "given_up" and not after.guesses


async def test_no_guess_is_stored_after_its_games_end(db: SqliteStore) -> None:
    start = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    game = await own_game(db, 1, now=start)
    game = await db.record_guess(
        game.id, attempt=1, player_id=1, word="slate", feedback=SLATE, finish=None,
        now=start + timedelta(seconds=5),
    )
    # A give-up whose time was read before that guess was applied (another process, a slow
    # clock): the game does not end before its last guess.
    ended = await db.give_up(game.id, player_id=1, day=1, now=start + timedelta(seconds=1))
    assert ended.finished_at is not None
    assert all(g.created_at <= ended.finished_at for g in ended.guesses)


@pytest.mark.parametrize("round_", range(3))
async def test_concurrent_give_ups_and_wins_keep_times_in_order(db: SqliteStore,
                                                                round_: int) -> None:
    """Many pairs racing in one channel game each: whoever comes first ends it; every stored
    guess is at or before the end."""
    games = [await own_game(db, p, channel_id=CHANNEL + round_) for p in range(1, 151)]
    jobs = []
    for i, g in enumerate(games):
        player = g.owner_id or 0
        give_up = db.give_up(g.id, player_id=player, day=1)
        guess = db.record_guess(
            g.id, attempt=1, player_id=player, word="slate", feedback=SLATE, finish=None
        )
        jobs += [give_up, guess] if i % 2 else [guess, give_up]
    await asyncio.gather(*jobs, return_exceptions=True)
    for g in games:
        after = await db.get_game(g.id)
        assert after is not None and after.finished_at is not None
        assert all(q.created_at <= after.finished_at for q in after.guesses)
