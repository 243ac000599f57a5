"""A damaged SQLite file is refused at start (issue 28, item 12): ``PRAGMA quick_check`` finds
it, the error says how to restore the last backup, and nothing is written to the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage import SqliteStore
from bot.storage.sqlite.integrity import DamagedDatabase

from .helpers import WRONG, own_game, page_of, play, scribble

pytestmark = pytest.mark.sqlite_only("the SQLite file's own pages")


async def played_database(path: Path, games: int = 150) -> None:
    db = await SqliteStore.open(path)
    try:
        for player in range(games):
            await play(db, await own_game(db, player), WRONG[:2])
    finally:
        await db.close()


@pytest.mark.parametrize("table", ["games", "guesses"])
async def test_a_damaged_file_is_refused_and_left_as_it_was(tmp_path: Path, table: str) -> None:
    path = tmp_path / "wordle.sqlite3"
    await played_database(path)
    scribble(path, page_of(path, table))
    before = path.read_bytes()

    with pytest.raises(DamagedDatabase) as refused:
        await SqliteStore.open(path)

    message = str(refused.value)
    assert str(path) in message and "damaged" in message
    assert "last backup" in message and 'docs/operations.md, "Restoring"' in message
    assert "\n" not in message
    assert path.read_bytes() == before
    assert not Path(f"{path}-wal").exists()


async def test_a_sound_file_opens(tmp_path: Path) -> None:
    path = tmp_path / "wordle.sqlite3"
    await played_database(path, games=3)
    db = await SqliteStore.open(path)
    await db.close()
