from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.core.words import WordLists
from bot.service import GameService
from bot.storage import Database

ANSWERS = [
    "slate", "crane", "trace", "crate", "react", "spine", "spite", "lemon", "melon", "abbey",
    "kebab", "speed", "erase", "geese", "those", "three", "there", "sassy", "hello", "world",
]
EXTRA = ["soare", "roate", "salet", "tares", "qajaq", "lolly", "bobby", "eerie"]


class Clock:
    """A settable clock so tests can cross midnight."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


class Picker:
    """Chooses the hidden word of random games: the next word queued, else the first answer."""

    def __init__(self) -> None:
        self.queue: list[str] = []

    def __call__(self, answers: tuple[str, ...]) -> str:
        return self.queue.pop(0) if self.queue else answers[0]


@pytest.fixture
def words() -> WordLists:
    return WordLists.from_words(ANSWERS, EXTRA)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def picker() -> Picker:
    return Picker()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "wordle.sqlite3"


@pytest.fixture
async def db(db_path):
    database = await Database.open(db_path)
    yield database
    await database.close()


@pytest.fixture
def make_service(words, clock, picker):
    def make(database: Database) -> GameService:
        return GameService(database, words, daily_salt="test-salt", clock=clock, choose=picker)

    return make


@pytest.fixture
def service(db, make_service) -> GameService:
    return make_service(db)
