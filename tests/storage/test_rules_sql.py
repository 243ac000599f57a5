"""Where a set-based SQL statement repeats a rule of :mod:`bot.core.domain` to stay atomic, it
decides exactly as the Python rule does, over many generated games (hypothesis).

The SQL fragments checked here are the very strings the store's statements are built from
(``sql.may_play``, ``sql.may_give_up``); the statistics statement is checked through the store
against ``domain.counted_players``.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.core import domain
from bot.core.feedback import score
from bot.storage import Database, GameRecord, GuessRecord, PlayerNotAllowed, rules
from bot.storage.sqlite.schema import load_migrations
from bot.storage.sqlite.sql import may_give_up, may_play

from .helpers import GUILD

pytestmark = pytest.mark.sqlite_only(
    "the SQLite store's SQL fragments run on an in-memory sqlite3 connection"
)

KEY = bytes(range(32))
PLAYERS = (1, 2, 3, 4)
NOW = datetime(2026, 3, 1, tzinfo=UTC)
WORDS = ("slate", "pious", "dumpy", "fight", "works")


@dataclass(frozen=True)
class Case:
    scope: str
    kind: str
    status: str
    owner: int | None
    setter: int | None
    setter_forgotten: bool
    guessers: tuple[int | None, ...]  # None: a forgotten player's guess
    player: int


@st.composite
def cases(draw: st.DrawFn) -> Case:
    mode = draw(st.sampled_from(list(domain.STORED_MODES)))
    own = mode.scope is domain.Scope.OWN
    owner = draw(st.sampled_from(PLAYERS)) if own else None
    setter = None
    if mode.kind is domain.Kind.CHOSEN and not own:
        setter = draw(st.sampled_from(PLAYERS))
    forgotten = setter is not None and draw(st.booleans())
    others = [p for p in PLAYERS if p != setter]
    guesser = st.sampled_from([owner]) if own else st.sampled_from([*others, None])
    guessers = tuple(draw(st.lists(guesser, max_size=5)))
    status = draw(st.sampled_from(["active", "active", "lost", "given_up"]))
    return Case(str(mode.scope), str(mode.kind), status, owner, setter, forgotten, guessers,
                draw(st.sampled_from(PLAYERS)))


def record(case: Case) -> GameRecord:
    """The game as the store reads it."""
    return GameRecord(
        id=1, guild_id=GUILD, channel_id=1, owner_id=case.owner, scope=case.scope,
        kind=case.kind, puzzle_number=9 if case.kind in ("daily", "archive") else None,
        answer="crane",
        hard_mode=False, status=case.status,
        setter_id=None if case.setter_forgotten else case.setter, solved_by=None,
        created_at=NOW, finished_at=None if case.status == "active" else NOW,
        guesses=tuple(GuessRecord(n, p, WORDS[n - 1], score(WORDS[n - 1], "crane"), NOW)
                      for n, p in enumerate(case.guessers, start=1)),
        setter_mark=rules.player_mark(KEY, case.setter)
        if case.setter_forgotten and case.setter is not None else None,
    )


@pytest.fixture(scope="module")
def conn() -> Iterator[sqlite3.Connection]:
    connection = sqlite3.connect(":memory:", isolation_level=None)
    for migration in load_migrations():
        for statement in migration.statements:
            connection.execute(statement)
    yield connection
    connection.close()


def sql_decides(conn: sqlite3.Connection, fragment: str, case: Case) -> bool:
    game = record(case)
    conn.execute("BEGIN")
    try:
        conn.execute(
            "INSERT INTO games (id, guild_id, channel_id, owner_id, scope, kind, puzzle_number, "
            "answer, hard_mode, status, setter_id, created_at, finished_at, setter_mark) "
            "VALUES (1, ?, 1, ?, ?, ?, ?, 'crane', 0, ?, ?, ?, ?, ?)",
            (GUILD, game.owner_id, game.scope, game.kind, game.puzzle_number, game.status,
             game.setter_id, NOW.isoformat(), game.finished_at and NOW.isoformat(),
             game.setter_mark),
        )
        conn.executemany(
            "INSERT INTO guesses (game_id, attempt, player_id, word, feedback, created_at) "
            "VALUES (1, ?, ?, ?, ?, ?)",
            [(g.attempt, g.player_id, g.word, g.feedback, NOW.isoformat())
             for g in game.guesses],
        )
        (allowed,) = conn.execute(
            f"SELECT coalesce({fragment}, 0) FROM games g WHERE g.id = 1",
            {"player": case.player, "mark": rules.player_mark(KEY, case.player)},
        ).fetchone()
        return bool(allowed)
    finally:
        conn.execute("ROLLBACK")


def python_facts(case: Case) -> domain.GameFacts:
    return rules.facts(record(case), case.player, rules.player_mark(KEY, case.player))


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=cases())
def test_guess_refusal(conn: sqlite3.Connection, case: Case) -> None:
    """``sql.may_play`` (the guess INSERT and the hint INSERT) = ``domain.guess_refusal``."""
    expected = domain.guess_refusal(python_facts(case), case.player) is None
    assert sql_decides(conn, may_play("g", ":player", ":mark"), case) == expected
    assert (domain.hint_refusal(python_facts(case), case.player) is None) == expected


@settings(max_examples=400, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=cases())
def test_give_up_refusal(conn: sqlite3.Connection, case: Case) -> None:
    """``sql.may_give_up`` (the give-up's counting and ending) = ``domain.give_up_refusal``."""
    expected = domain.give_up_refusal(python_facts(case), case.player) is None
    assert sql_decides(conn, may_give_up("g", ":player", ":mark"), case) == expected


async def _play_and_give_up(path: Path, case: Case, channel: int) -> None:
    async with await Database.open(path) as db:
        db._key = KEY  # the marks in ``case`` use the test key
        game = await db.create_game(
            guild_id=GUILD, channel_id=channel, owner_id=case.owner, scope=case.scope,
            kind=case.kind, answer="crane", hard_mode=False,
            puzzle_number=9 if case.kind in ("daily", "archive") else None,
            setter_id=case.setter,
        )
        forgotten_guessers = 100 + channel
        for n, player in enumerate(case.guessers, start=1):
            game = await db.record_guess(
                game.id, attempt=n, player_id=forgotten_guessers if player is None else player,
                word=WORDS[n - 1], feedback=score(WORDS[n - 1], "crane"), finish=None,
            )
        if None in case.guessers:
            await db.forget_player(forgotten_guessers)
        if case.setter_forgotten and case.setter is not None:
            await db.forget_player(case.setter)
        before = await db.get_game(game.id)
        assert before is not None
        active = Case(**{**case.__dict__, "status": "active"})
        allowed = domain.give_up_refusal(python_facts(active), case.player) is None
        if not allowed:
            with pytest.raises(PlayerNotAllowed):
                await db.give_up(game.id, player_id=case.player, day=1)
            return
        stats_before = {p: await db.stats(GUILD, p, before.stats_mode) for p in PLAYERS}
        ended = await db.give_up(game.id, player_id=case.player, day=1)
        assert ended.status == "given_up"
        changed = {p for p in PLAYERS
                   if await db.stats(GUILD, p, before.stats_mode) != stats_before[p]}
        assert changed == set(domain.counted_players(rules.facts(ended)))


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=cases())
def test_counted_players(tmp_path_factory: pytest.TempPathFactory, case: Case) -> None:
    """Through the store: a give-up is allowed as ``domain.give_up_refusal`` says, and the
    statistics statement counts exactly ``domain.counted_players``."""
    path = tmp_path_factory.mktemp("rules") / "rules.sqlite3"
    asyncio.run(_play_and_give_up(path, case, channel=1))
