"""The store applies the rules of :mod:`bot.core.domain` over many generated games
(hypothesis): who may give a game up (``give_up_refusal``), and whose statistics its end counts
(``counted_players``), forgotten players and setters included.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.core import domain
from bot.core.feedback import score
from bot.core.game import Game, Guess
from bot.storage import PlayerNotAllowed, SqliteStore
from bot.storage.database import player_mark

from .helpers import GUILD

pytestmark = pytest.mark.sqlite_only(
    "a new database for each generated game: a file is made in no time (the rules are the "
    "store's, written once for both databases)"
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


def record(case: Case) -> Game:
    """The game as the store reads it."""
    return Game(
        id=1, guild_id=GUILD, channel_id=1, owner_id=case.owner, scope=case.scope,
        kind=case.kind, puzzle_number=9 if case.kind in ("daily", "archive") else None,
        hidden_word="crane",
        hard_mode=False, status=case.status,
        setter_id=None if case.setter_forgotten else case.setter, solved_by=None,
        created_at=NOW, finished_at=None if case.status == "active" else NOW,
        guesses=tuple(Guess(n, p, WORDS[n - 1], score(WORDS[n - 1], "crane"), NOW)
                      for n, p in enumerate(case.guessers, start=1)),
        setter_mark=player_mark(KEY, case.setter)
        if case.setter_forgotten and case.setter is not None else None,
    )


def python_refusal(case: Case) -> domain.Refusal | None:
    """The rule's answer for the case's player, their mark given as the store gives it."""
    return domain.give_up_refusal(record(case), case.player,
                                  player_mark(KEY, case.player))


async def _play_and_give_up(path: Path, case: Case, channel: int) -> None:
    async with await SqliteStore.open(path) as db:
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
        allowed = python_refusal(active) is None
        if not allowed:
            with pytest.raises(PlayerNotAllowed):
                await db.give_up(game.id, player_id=case.player, day=1)
            return
        stats_before = {p: await db.stats(GUILD, p, before.bucket) for p in PLAYERS}
        ended = await db.give_up(game.id, player_id=case.player, day=1)
        assert ended.status == "given_up"
        changed = {p for p in PLAYERS
                   if await db.stats(GUILD, p, before.bucket) != stats_before[p]}
        assert changed == set(ended.counted_players)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(case=cases())
def test_counted_players(tmp_path_factory: pytest.TempPathFactory, case: Case) -> None:
    """Through the store: a give-up is allowed as ``domain.give_up_refusal`` says, and the
    statistics statement counts exactly ``domain.counted_players``."""
    path = tmp_path_factory.mktemp("rules") / "rules.sqlite3"
    asyncio.run(_play_and_give_up(path, case, channel=1))
