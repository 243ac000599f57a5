"""The board's buttons are built once per game and reused by each board sent for it: the
message is the same as with buttons built afresh, and each game's board names its own game."""

from __future__ import annotations

from datetime import UTC, datetime

import bot.cogs.board as board
from bot.cogs.board import Look, board_message
from bot.core.domain import Kind, Scope, Status
from bot.core.game import Game, Guess

T = datetime(2026, 3, 1, tzinfo=UTC)


def record(game_id: int, kind: Kind, guesses: list[tuple[str, str]]) -> Game:
    return Game(
        id=game_id, guild_id=1, channel_id=2, owner_id=3, scope=Scope.OWN, kind=kind,
        hidden_word="crane", status=Status.ACTIVE, created_at=T,
        guesses=tuple(Guess(i, 3, w, f, T) for i, (w, f) in enumerate(guesses, 1)))


def custom_ids(components: list[dict]) -> list[str]:
    found: list[str] = []
    for component in components:
        if "custom_id" in component:
            found.append(component["custom_id"])
        found += custom_ids(component.get("components", []))
    return found


async def test_reused_buttons_give_the_same_message_as_fresh_ones() -> None:
    look = Look(picture=False)
    first = record(41, Kind.RANDOM, [("slate", "BBYBG")])
    later = record(41, Kind.RANDOM, [("slate", "BBYBG"), ("pious", "BBBBB")])
    other = record(42, Kind.CHOSEN, [])  # a chosen word: no word hint
    board._ROWS.clear()
    fresh = [(await board_message(g, look=look))[0].to_components()
             for g in (first, later, other)]
    assert len(board._ROWS) == 2
    reused = [(await board_message(g, look=look))[0].to_components()
              for g in (first, later, other)]
    board._ROWS.clear()
    assert reused == fresh
    assert custom_ids(fresh[1]) == ["wordle:guess:41", "wordle:giveup:41", "wordle:hint:letter:41",
                                    "wordle:hint:position:41", "wordle:hint:word:41"]
    assert custom_ids(fresh[2]) == ["wordle:guess:42", "wordle:giveup:42", "wordle:hint:letter:42",
                                    "wordle:hint:position:42"]


async def test_the_kept_buttons_are_bounded() -> None:
    board._ROWS.clear()
    for game_id in range(1, board._ROWS_KEPT + 50):
        board.action_rows(game_id, True)
    assert len(board._ROWS) == board._ROWS_KEPT
    assert (1, True, "en") not in board._ROWS
    assert (board._ROWS_KEPT + 49, True, "en") in board._ROWS
    board._ROWS.clear()
