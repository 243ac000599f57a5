"""Small helpers shared by the storage tests (playing guesses the way the service will)."""

from __future__ import annotations

import random
import sqlite3
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.core.feedback import ALL_GREEN, score
from bot.core.game import Game
from bot.storage import SqliteStore

GUILD = 111_111_111_111_111_111
CHANNEL = 222_222_222_222_222_222
# Discord snowflakes are up to 2**64-1 in theory but fit in signed 64 bits in practice.
BIG_PLAYER = 2**63 - 1


class Clock:
    """Hands out increasing timezone-aware UTC times."""

    def __init__(self, start: datetime, step: timedelta) -> None:
        self.now = start
        self.step = step

    def __call__(self) -> datetime:
        self.now += self.step
        return self.now


def local_date(moment: datetime, timezone: str) -> date:
    """The calendar day a UTC moment falls on in a server's time zone."""
    return moment.astimezone(ZoneInfo(timezone)).date()


def day_number(moment: datetime, timezone: str) -> int:
    """A server-local day number (any consecutive numbering of days works for storage)."""
    return local_date(moment, timezone).toordinal()


async def guess(
    db: SqliteStore,
    game: Game,
    word: str,
    *,
    player_id: int | None = None,
    day: int = 1,
    now: datetime | None = None,
) -> Game:
    """Play ``word`` as the next attempt of ``game`` (feedback and finish worked out here)."""
    player = game.owner_id if player_id is None else player_id
    assert player is not None
    attempt = len(game.guesses) + 1
    feedback = score(word, game.hidden_word)
    finish = "won" if feedback == ALL_GREEN else ("lost" if attempt == game.max_attempts else None)
    return await db.record_guess(
        game.id,
        attempt=attempt,
        player_id=player,
        word=word,
        feedback=feedback,
        finish=finish,
        day=day,
        now=now,
    )


async def play(
    db: SqliteStore,
    game: Game,
    words: list[str],
    *,
    player_id: int | None = None,
    day: int = 1,
    now: datetime | None = None,
) -> Game:
    for word in words:
        game = await guess(db, game, word, player_id=player_id, day=day, now=now)
    return game


async def own_game(
    db: SqliteStore,
    owner: int,
    answer: str = "crane",
    *,
    kind: str = "random",
    puzzle_number: int | None = None,
    channel_id: int = CHANNEL,
    guild_id: int = GUILD,
    hard_mode: bool = False,
    now: datetime | None = None,
) -> Game:
    return await db.create_game(
        guild_id=guild_id,
        channel_id=channel_id,
        owner_id=owner,
        scope="own",
        kind=kind,
        answer=answer,
        hard_mode=hard_mode,
        puzzle_number=puzzle_number,
        now=now,
    )


async def channel_game(
    db: SqliteStore,
    answer: str = "crane",
    *,
    kind: str = "random",
    setter_id: int | None = None,
    channel_id: int = CHANNEL,
    guild_id: int = GUILD,
) -> Game:
    return await db.create_game(
        guild_id=guild_id,
        channel_id=channel_id,
        owner_id=None,
        scope="channel",
        kind=kind,
        answer=answer,
        hard_mode=False,
        setter_id=setter_id,
    )


WRONG = ["slate", "pious", "dumpy", "fight", "works", "jazzy"]


def page_of(path: Path, table: str) -> int:
    """The first page of a table's b-tree."""
    conn = sqlite3.connect(path)
    try:
        (root,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?",
                               (table,)).fetchone()
        return int(root)
    finally:
        conn.close()


def scribble(path: Path, page: int, page_size: int = 4096) -> None:
    """Write garbage over one page of the file, as a failing disk or a stray program would."""
    garbage = random.Random(28).randbytes(page_size)
    with path.open("r+b") as f:
        f.seek((page - 1) * page_size)
        f.write(garbage)
