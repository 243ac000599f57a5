"""Games of several boards on both stores (migrations 0019 and 0020): the store keeps every
board's hidden word and each guess's feedback on every board, and gives back the game as it
was; the core decides every move. A server has a daily per number of boards, and so has a
forgotten player's mark of the dailies they played."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from bot.core.domain import Kind, Scope, Status
from bot.core.game import Game
from bot.core.multiboard import join_words
from bot.core.packs import pack
from bot.core.solver_boards import boards_variant
from bot.core.variant import CLASSIC
from bot.storage import DailyPlayed, GameExists
from tests.pg import StorePlace

from .helpers import CHANNEL, GUILD

ALICE = 1001
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
QUORDLE = boards_variant(4, CLASSIC)
WORDS = ("crane", "lemon", "slate", "pious")


async def start(db: Any, *, boards: int = 4, kind: Kind = Kind.RANDOM, number: int | None = None,
                words: tuple[str, ...] = WORDS) -> Game:
    return await db.create_game(guild_id=GUILD, channel_id=CHANNEL, owner_id=ALICE,
                                scope=Scope.OWN, kind=kind, answer=join_words(words),
                                hard_mode=True, puzzle_number=number,
                                variant=boards_variant(boards, CLASSIC), now=T0)


async def play(db: Any, game: Game, word: str) -> Game:
    """``word`` played as the core plays it, then saved."""
    after = game.play(word, player_id=ALICE, now=T0)
    finish = after.status if after.is_over else None
    saved = await db.record_guess(game.id, attempt=after.attempts_used, player_id=ALICE,
                                  word=word, feedback=after.guesses[-1].feedback,
                                  finish=finish, day=1, now=T0)
    assert saved.guesses == after.guesses and saved.status is after.status
    return saved


async def test_a_quordle_is_stored_and_read_back_as_it_was(db: Any, place: StorePlace) -> None:
    game = await start(db)
    assert game.variant == QUORDLE and game.hidden_words == WORDS
    assert await place.fetch("SELECT answer, more_answers, boards, attempts FROM games "
                             "WHERE id = ?", game.id) == [("crane", "lemon slate pious", 4, 9)]
    game = await play(db, game, "crane")
    game = await play(db, game, "slate")
    assert await place.fetch("SELECT feedback, more_feedback FROM guesses WHERE game_id = ? "
                             "ORDER BY attempt", game.id) == [
        ("GGGGG", "BBBYY BBGBG BBBBB"), ("-----", "BYBBY GGGGG YBBBB")]
    read = await db.get_game(game.id)
    assert read == game and read.open_boards == (1, 3)
    assert [g.boards for g in read.guesses][-1] == (None, "BYBBY", "GGGGG", "YBBBB")
    with pytest.raises(ValueError, match="feedback"):  # the core checks what is handed in
        await db.record_guess(game.id, attempt=3, player_id=ALICE, word="lemon",
                              feedback="GGGGG BBBBB BBBBB BBBBB", finish=None, day=1, now=T0)
    game = await play(db, game, "lemon")
    game = await play(db, game, "pious")
    assert game.status is Status.WON and (await db.get_game(game.id)).won


async def test_a_lost_octordle_ends_on_its_thirteenth_guess(db: Any) -> None:
    words = ("crane", "lemon", "slate", "pious", "adieu", "mount", "cigar", "rebut")
    game = await start(db, boards=8, words=words)
    for word in ("crane", "lemon", "slate", "pious", "adieu", "mount", "cigar",
                 *["sissy"] * 5):
        game = await play(db, game, word)
    assert game.status is Status.ACTIVE and game.attempts_left == 1
    game = await play(db, game, "sissy")
    assert game.status is Status.LOST and (await db.get_game(game.id)).open_boards == (7,)


async def test_a_server_has_a_daily_per_number_of_boards(db: Any) -> None:
    classic = await start(db, boards=1, kind=Kind.DAILY, number=60, words=("crane",))
    await play(db, classic, "crane")  # over: its channel is free again
    quordle = await start(db, kind=Kind.DAILY, number=60)
    assert (await db.daily_game(GUILD, ALICE, 60)).id == classic.id
    assert (await db.daily_game(GUILD, ALICE, 60, 4)).id == quordle.id
    assert await db.daily_game(GUILD, ALICE, 60, 2) is None
    for word in WORDS:
        quordle = await play(db, quordle, word)
    with pytest.raises(GameExists) as again:
        await start(db, kind=Kind.DAILY, number=60)
    assert again.value.existing.id == quordle.id


async def test_a_forgotten_player_keeps_each_number_of_boards_daily_apart(db: Any) -> None:
    """Forgetting a player keeps a mark of the dailies they started, per number of boards:
    the day's classic daily stays played, the day's Quordle is still theirs to play."""
    await start(db, boards=1, kind=Kind.DAILY, number=61, words=("crane",))
    await db.forget_player(ALICE)
    with pytest.raises(DailyPlayed):
        await start(db, boards=1, kind=Kind.DAILY, number=61, words=("crane",))
    quordle = await start(db, kind=Kind.DAILY, number=61)
    assert quordle.variant.boards == 4
    await db.forget_player(ALICE)
    for boards, words in ((4, WORDS), (1, ("crane",))):
        with pytest.raises(DailyPlayed):
            await start(db, boards=boards, kind=Kind.DAILY, number=61, words=words)
    assert await db.daily_game(GUILD, ALICE, 61, 2) is None
    await start(db, boards=2, kind=Kind.DAILY, number=61, words=WORDS[:2])


async def test_a_dordle_in_another_pack_keeps_its_pack(db: Any) -> None:
    spanish = pack("es", 5)
    words = tuple(sorted(spanish.answers)[:2])
    game = await db.create_game(guild_id=GUILD, channel_id=CHANNEL, owner_id=ALICE,
                                scope=Scope.OWN, kind=Kind.RANDOM, answer=join_words(words),
                                hard_mode=False, variant=boards_variant(2, spanish.variant),
                                now=T0)
    read = await db.get_game(game.id)
    assert read.variant == boards_variant(2, spanish.variant) and read.hidden_words == words
