"""The board message within Discord's limits, built directly (no Discord needed): the biggest
game ids, finish paragraphs for many players, at most 40 components and 4000 characters."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from bot.cogs import board as layout
from bot.core.domain import Kind, Scope, Status
from bot.core.feedback import score
from bot.core.game import Game, Guess
from bot.core.variant import Variant

T = datetime(2026, 3, 1, tzinfo=UTC)


def view_of(rows: list[str], answer: str, *, status: Status = Status.ACTIVE,
            game_id: int = 2**63 - 1, scope: Scope = Scope.CHANNEL,
            kind: Kind = Kind.CHOSEN) -> Game:
    return Game(id=game_id, scope=scope, kind=kind, owner_id=None if scope is Scope.CHANNEL
                else 3, hidden_word=answer, hard_mode=True, status=status,
                setter_id=7 if kind is Kind.CHOSEN else None, created_at=T,
                finished_at=T if status.is_over else None,
                guesses=tuple(Guess(n, None, w, score(w, answer), T)
                              for n, w in enumerate(rows, start=1)))


def walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for c in components:
        out.append(c)
        out += walk(c.get("components", []))
        if "component" in c:
            out += walk([c["component"]])
    return out


def test_limits_hold_for_the_biggest_ids_and_many_players() -> None:
    game = view_of(["slate", "crane"], "spine")
    view, files = asyncio.run(layout.board_message(game, note="x" * 3000))
    parts = walk(view.to_components())
    assert len(parts) <= 40
    ids = [c["custom_id"] for c in parts if "custom_id" in c]
    assert ids == [f"wordle:guess:{2**63 - 1}", f"wordle:giveup:{2**63 - 1}",
                   f"wordle:hint:letter:{2**63 - 1}", f"wordle:hint:position:{2**63 - 1}"]
    assert all(len(i) <= 100 for i in ids)
    texts = [c["content"] for c in parts if c["type"] == 10]
    assert sum(map(len, texts)) <= layout.TEXT_LIMIT
    assert [f.filename for f in files] == ["board.png"]

    over = view_of(["slate", "crane"], "spine", status=Status.GIVEN_UP)
    many = [("Statistics", f"<@{i}>\nPlayed 1 · Win % 0 · Current streak 0 · Max streak 0\n"
                           + "\n".join(f"{n} ⬛ 0" for n in range(1, 7))) for i in range(80)]
    view, _ = asyncio.run(layout.board_message(over, note="y" * 400,
                                               extra=[("Game over", "SPINE"), *many]))
    parts = walk(view.to_components())
    texts = [c["content"] for c in parts if c["type"] == 10]
    assert sum(map(len, texts)) <= layout.TEXT_LIMIT
    result = next(c["content"] for c in parts if c.get("id") == layout.RESULT_ID)
    assert result.startswith("**Game over**\nSPINE") and result.endswith(" more")
    shown = result.count("**Statistics**")
    assert 10 < shown < 80 and result.endswith(f"…and {80 - shown} more")
    assert not [c for c in parts if c["type"] == 2]  # no buttons on a finished game
    (container,) = [c for c in parts if c["type"] == 17]
    assert container["accent_color"] == layout.DEFAULT_LOOK.lost


def test_the_look_decides_picture_and_colours() -> None:
    game = view_of([], "spine", scope=Scope.OWN, kind=Kind.RANDOM)
    plain = layout.Look(picture=False, playing=0x123456)
    view, files = asyncio.run(layout.board_message(game, look=plain))
    parts = walk(view.to_components())
    assert files == [] and not [c for c in parts if c["type"] == 12]
    assert parts[0]["accent_color"] == 0x123456
    labels = [c.get("label") for c in parts if c["type"] == 2]
    assert labels == ["Guess", "Give up", "Letter", "Position", "Word"]


def test_the_board_is_the_picture_or_the_text_never_both() -> None:
    game = view_of(["slate", "crane"], "spine")
    view, files = asyncio.run(layout.board_message(game))
    parts = walk(view.to_components())
    assert [f.filename for f in files] == ["board.png"]
    (gallery,) = [c for c in parts if c["type"] == 12]
    assert gallery["id"] == layout.PICTURE_ID
    assert not [c for c in parts if c.get("id") == layout.BOARD_ID]
    texts = "\n".join(c["content"] for c in parts if c["type"] == 10)
    assert "⬜" not in texts and "`S L A T E`" not in texts and "Not in the word" not in texts
    description = gallery["items"][0]["description"]
    assert description == ("Wordle challenge board, hard mode, 2 of 6 guesses. "
                           "SLATE: green grey grey grey green. "
                           "CRANE: grey grey grey green green. "
                           "Not in the word: A, C, L, R, T")

    view, files = asyncio.run(layout.board_message(game, look=layout.Look(picture=False)))
    parts = walk(view.to_components())
    assert files == [] and not [c for c in parts if c["type"] == 12]
    (board,) = [c["content"] for c in parts if c.get("id") == layout.BOARD_ID]
    assert board.splitlines()[:2] == ["🟩⬛⬛⬛🟩 `S L A T E`", "⬛⬛⬛🟩🟩 `C R A N E`"]
    # the keyboard strikes the letters ruled out (⬛ is nearly the dark theme's background)
    # and lists them in words (screen readers read no strike)
    assert board.splitlines()[-4:] == [
        "Q  W  🟩E  ~~R~~  ~~T~~  Y  U  I  O  P",
        "~~A~~  🟩S  D  F  G  H  J  K  ~~L~~",
        "Z  X  ~~C~~  V  B  🟩N  M",
        "Not in the word: A, C, L, R, T"]


def test_the_picture_description_keeps_within_discords_limit() -> None:
    words = ["fuzzy", "jazzy", "pizza", "vodka", "quick", "crwth"]
    game = view_of(words, "bebop", game_id=1)
    description = layout.alt_text(game, layout.Look(theme="dark-contrast"))
    assert len(description) < 500 and description.endswith("Y, Z")  # six rows fit easily
    longer = replace(game, scope=Scope.OWN, kind=Kind.DAILY, owner_id=3, setter_id=None,
                     puzzle_number=10**150, variant=Variant(attempts=60),
                     guesses=tuple(replace(g, attempt=n) for n, g in
                                   enumerate(game.guesses * 10, start=1)))
    assert len(longer.label) > 200
    description = layout.alt_text(longer)
    assert len(description) == layout.ALT_LIMIT and description.endswith("…")
    view, _ = asyncio.run(layout.board_message(longer))
    (gallery,) = [c for c in walk(view.to_components()) if c["type"] == 12]
    assert len(gallery["items"][0]["description"]) <= 1024
