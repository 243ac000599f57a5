from __future__ import annotations

import pytest

from bot.service import GameService
from bot.storage import Database
from tests.support import Picker


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
