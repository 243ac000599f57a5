"""The two stores behave the same: random sequences of calls (games of every kind, guesses
right and wrong, out-of-turn players, stale attempt numbers, give-ups, hints, forget-me) are
made on a SQLite store and a PostgreSQL store, and every answer, error and statistic must
match (game ids mapped, since PostgreSQL's identity may skip numbers)."""

from __future__ import annotations

import random
import re
from dataclasses import fields, replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.core.feedback import ALL_GREEN, score
from bot.core.game import Game
from bot.storage.postgres import PostgresStore
from bot.storage.sqlite import SqliteStore

GUILDS = (1, 2)
CHANNELS = (10, 11)
PLAYERS = (101, 102, 103, 104)
ANSWERS = ("crane", "slate", "pious")
WORDS = ("crane", "slate", "pious", "dumpy", "fight", "works")
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def normalise(value: Any, ids: dict[int, int] | None) -> Any:
    """A result with PostgreSQL's game ids replaced by SQLite's, errors as (type, text)."""
    if isinstance(value, BaseException):
        if ids is None:
            text = re.sub(r"game (\d+)\b", r"game <\1>", str(value))
        else:
            text = re.sub(r"game (\d+)\b", lambda m: f"game <{ids[int(m[1])]}>", str(value))
        return (type(value).__name__, text)
    if isinstance(value, Game):
        # Each store marks a forgotten setter with its own key: compare only that it did.
        value = replace(value, setter_mark="marked" if value.setter_mark else None)
        return value if ids is None else replace(value, id=ids.get(value.id, -value.id))
    if isinstance(value, list | tuple):
        return type(value)(normalise(v, ids) for v in value)
    return value


async def run(store: Any, call: str, args: dict[str, Any]) -> Any:
    try:
        return await getattr(store, call)(**args)
    except Exception as exc:
        return exc


@pytest.mark.parametrize("seed", range(6))
async def test_random_calls_give_the_same_answers(pg_store: PostgresStore, tmp_path: Path, seed):
    rng = random.Random(seed)
    lite = await SqliteStore.open(tmp_path / "same.sqlite3")
    ids: dict[int, int] = {}  # PostgreSQL game id -> SQLite game id
    games: list[int] = []  # SQLite ids
    now = T0
    try:
        for step in range(160):
            now += timedelta(minutes=rng.choice((1, 7, 60 * 20)))
            day = (now - T0).days + 1
            roll = rng.random()
            player = rng.choice(PLAYERS)
            if roll < 0.25 or not games:
                scope = rng.choice(("own", "channel"))
                kind = rng.choice(
                    ("random", "custom", "daily") if scope == "own" else ("random", "custom")
                )
                setter = rng.choice(PLAYERS) if kind == "custom" else None
                args = dict(
                    guild_id=rng.choice(GUILDS),
                    channel_id=rng.choice(CHANNELS),
                    owner_id=player if scope == "own" else None,
                    scope=scope,
                    kind=kind,
                    answer=rng.choice(ANSWERS),
                    hard_mode=rng.random() < 0.2,
                    puzzle_number=day if kind == "daily" else None,
                    setter_id=setter if setter != player or scope == "channel" else None,
                    now=now,
                )
                call = "create_game"
            else:
                lite_id = rng.choice(games)
                pg_id = next(p for p, s in ids.items() if s == lite_id)
                current = await lite.get_game(lite_id)
                assert current is not None
                if roll < 0.8:
                    attempt = len(current.guesses) + 1 - (rng.random() < 0.1)
                    attempt = min(max(attempt, 1), 6)
                    word = rng.choice(WORDS)
                    feedback = score(word, current.hidden_word)
                    finish = "won" if feedback == ALL_GREEN else "lost" if attempt == 6 else None
                    if current.owner_id is not None and rng.random() < 0.8:
                        player = current.owner_id
                    args = dict(
                        attempt=attempt,
                        player_id=player,
                        word=word,
                        feedback=feedback,
                        finish=finish,
                        day=day,
                        now=now,
                    )
                    call = "record_guess"
                    if finish is not None and rng.random() < 0.5:
                        call = "record_ending_guess"  # the end's figures compared too
                elif roll < 0.9:
                    args = dict(player_id=player, day=day, now=now)
                    call = "give_up"
                elif roll < 0.93:
                    if current.owner_id is not None and rng.random() < 0.8:
                        player = current.owner_id
                    args = dict(owner_id=player, channel_id=rng.choice(CHANNELS))
                    call = "move_game"
                elif roll < 0.97:
                    args = dict(player_id=player, kind="letter", value="e", now=now)
                    call = "record_hint"
                else:
                    call, args = "forget_player", dict(player_id=player)
                if call != "forget_player":
                    lite_args, pg_args = dict(args, game_id=lite_id), dict(args, game_id=pg_id)
            if call in ("create_game", "forget_player"):
                lite_args = pg_args = args
            got_lite = await run(lite, call, lite_args)
            got_pg = await run(pg_store, call, pg_args)
            if call == "forget_player":  # their games are gone: no more moves in them
                for pg_id in list(ids):
                    if await pg_store.get_game(pg_id) is None:
                        games.remove(ids.pop(pg_id))
            if call == "create_game" and isinstance(got_pg, Game):
                assert isinstance(got_lite, Game), (step, got_lite)
                ids[got_pg.id] = got_lite.id
                games.append(got_lite.id)
            assert normalise(got_pg, ids) == normalise(got_lite, None), (step, call)

        for guild in GUILDS:
            for mode in ("daily", "practice", "channel"):
                for player in PLAYERS:
                    today = (now - T0).days + 1
                    assert await pg_store.stats(guild, player, mode, today=today) == (
                        await lite.stats(guild, player, mode, today=today)
                    )
                for by in ("wins", "win_percent", "average", "current_streak", "max_streak"):
                    board = dict(guild_id=guild, mode=mode, by=by, player_id=PLAYERS[0])
                    assert await pg_store.leaderboard(**board) == await lite.leaderboard(**board)
            for number in range(1, (now - T0).days + 2):
                assert await pg_store.daily_results(guild, number) == await lite.daily_results(
                    guild, number
                )
                assert await pg_store.server_streak(guild, number) == await lite.server_streak(
                    guild, number
                )
        for pg_id, lite_id in ids.items():
            pg_game, lite_game = await pg_store.get_game(pg_id), await lite.get_game(lite_id)
            assert normalise(pg_game, ids) == normalise(lite_game, None)
            assert await pg_store.hints_for_game(pg_id) == await lite.hints_for_game(lite_id)
        assert [f.name for f in fields(Game)]  # the records compared field by field
    finally:
        await lite.close()
