"""The statistics the store keeps (counted in the transaction that ends a game) follow the
rules of :mod:`bot.storage.stats` exactly, over random histories: practice and channel games
won, lost or given up, dailies finished in any order of days, several players, several games
ending in one group commit."""

from __future__ import annotations

import asyncio
import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.core.stats import StatsRow, record_daily_result, record_result
from bot.storage import SqliteStore
from bot.storage.endings import STATS_COLUMNS, stats_row
from tests.pg import StorePlace

from .helpers import GUILD, WRONG, channel_game, own_game, play

PLAYERS = (41, 42, 43)
GUILDS = itertools.count(GUILD)
SETTER = 49

# One finished game: (kind, players, outcome, attempts). outcome "won" (attempts 1..6),
# "lost" (6 wrong guesses) or "given_up" (after ``attempts`` wrong guesses, 0..5).
outcomes = st.one_of(
    st.tuples(st.just("won"), st.integers(1, 6)),
    st.tuples(st.just("lost"), st.just(6)),
    st.tuples(st.just("given_up"), st.integers(0, 5)),
)
games = st.one_of(
    st.tuples(st.just("practice"), st.sampled_from(PLAYERS), outcomes),
    st.tuples(st.just("daily"), st.sampled_from(PLAYERS), outcomes),
    st.tuples(
        st.just("channel"),
        st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=6),
        outcomes,
        st.booleans(),  # set by SETTER (a challenge)
    ),
)


async def stored_rows(place: StorePlace, guild: int) -> dict[tuple[int, str], StatsRow]:
    rows = await place.fetch(
        f"SELECT player_id, mode, {STATS_COLUMNS} FROM player_stats WHERE guild_id = ?", guild)
    return {(r[0], r[1]): stats_row(tuple(r)[2:]) for r in rows}


async def run_history(place: StorePlace, history, daily_days, group_ends: bool) -> None:
    guild = next(GUILDS)  # each example in a server of its own, on the test's one database
    expected: dict[tuple[int, str], StatsRow] = {}
    finished_dailies: dict[int, list[tuple[int, bool]]] = {}
    days = iter(daily_days)
    # Games whose last guess is still to be sent: with ``group_ends`` up to four of them are
    # sent together (asyncio.gather), so they end in one group commit, in this order.
    pending: list[tuple] = []

    def ended(kind, counted, won, attempts, number, day) -> None:
        for player in counted:
            key = (player, kind)
            if kind == "daily":
                finished_dailies.setdefault(player, []).append((number, won))
                expected[key] = record_daily_result(
                    expected.get(key),
                    won=won,
                    attempts=attempts,
                    day=day,
                    history=finished_dailies[player],
                )
            else:
                expected[key] = record_result(
                    expected.get(key), won=won, attempts=attempts, day=day
                )

    async def flush(db: SqliteStore) -> None:
        await asyncio.gather(
            *(play(db, game, [word], player_id=p, day=day) for game, p, word, day, _ in pending)
        )
        for *_, end in pending:
            ended(*end)
        pending.clear()

    async with await place.open() as db:
        for channel, item in enumerate(history):
            day = 1000 + channel
            kind, players, (outcome, attempts) = item[0], item[1], item[2]
            number = None
            if kind == "channel":
                setter = SETTER if item[3] else None
                game = await channel_game(
                    db,
                    kind="custom" if setter else "random",
                    setter_id=setter,
                    channel_id=channel,
                    guild_id=guild,
                )
            else:
                number = next(days) if kind == "daily" else None
                game = await own_game(
                    db,
                    players,
                    kind="daily" if kind == "daily" else "random",
                    puzzle_number=number,
                    channel_id=channel,
                    guild_id=guild,
                )
                players = [players]
            words = [*WRONG[: attempts - 1], "crane"] if outcome == "won" else WRONG[:attempts]
            guessers = [players[i % len(players)] for i in range(len(words))]
            counted = sorted(set(guessers)) if kind == "channel" else players
            end = (kind, counted, outcome == "won", attempts, number, day)
            last = 1 if group_ends and outcome != "given_up" else 0
            for word, player in zip(words[: len(words) - last], guessers, strict=False):
                game = await play(db, game, [word], player_id=player, day=day)
            if last:
                pending.append((game, guessers[-1], words[-1], day, end))
                if len(pending) == 4:
                    await flush(db)
                continue
            await flush(db)  # games end in the order the expectations are worked out
            if outcome == "given_up":
                await db.give_up(game.id, player_id=players[0], day=day)
            ended(*end)
        await flush(db)
    assert await stored_rows(place, guild) == expected


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    history=st.lists(games, min_size=1, max_size=10),
    daily_days=st.permutations(range(500, 510)),
    group_ends=st.booleans(),
)
def test_sql_statistics_follow_the_rules(place, history, daily_days, group_ends):
    asyncio.run(run_history(place, history, daily_days, group_ends))
