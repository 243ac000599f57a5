"""``record_ending_guess``: a guess that ends its game, saved with the end's figures read in
the same transaction, equal to what ``ending_figures`` reads once it is committed."""

from __future__ import annotations

import asyncio

import pytest

from bot.core.feedback import ALL_GREEN, score
from bot.core.game import Game
from bot.core.stats import EndingFigures
from bot.storage import GameNotActive, PlayerNotAllowed, SqliteStore

from .helpers import WRONG, channel_game, own_game, play

ALICE, BOB, CAROL = 1, 2, 3


async def end(db: SqliteStore, game: Game, word: str, *, player_id: int | None = None,
              day: int = 1) -> tuple[Game, EndingFigures]:
    """Play ``word``, which must end ``game``, as its next attempt."""
    player = game.owner_id if player_id is None else player_id
    assert player is not None
    feedback = score(word, game.hidden_word)
    attempt = len(game.guesses) + 1
    finish = "won" if feedback == ALL_GREEN else "lost"
    assert finish == "won" or attempt == 6
    return await db.record_ending_guess(game.id, attempt=attempt, player_id=player, word=word,
                                        feedback=feedback, finish=finish, day=day)


async def read_back(db: SqliteStore, game: Game, player: int,
                    today: int) -> EndingFigures:
    hints, (stats,) = await db.ending_figures(game.id, game.guild_id, [player],
                                              game.bucket, today=today)
    return EndingFigures(hints, stats)


async def test_a_winning_guess_comes_back_with_its_figures(db: SqliteStore):
    game = await own_game(db, ALICE)
    await db.record_hint(game.id, player_id=ALICE, kind="letter", value="r")
    game = await play(db, game, ["slate"])
    ended, figures = await end(db, game, "crane")
    assert (ended.status, ended.solved_by, len(ended.guesses)) == ("won", ALICE, 2)
    assert ended == await db.get_game(game.id)
    assert figures.hints == 1
    assert (figures.stats.played, figures.stats.wins, figures.stats.distribution) == (
        1, 1, (0, 1, 0, 0, 0, 0))
    assert figures == await read_back(db, game, ALICE, today=1)


async def test_a_lost_daily_shows_the_streak_as_of_its_day(db: SqliteStore):
    """The day handed in is the ``today`` of the figures: a daily streak broken by the loss
    reads 0, the best one stays."""
    for day in (100, 101):
        await play(db, await own_game(db, ALICE, kind="daily", puzzle_number=day), ["crane"],
                   day=day)
    game = await play(db, await own_game(db, ALICE, kind="daily", puzzle_number=102),
                      WRONG[:5], day=102)
    ended, figures = await end(db, game, WRONG[5], day=102)
    assert ended.status == "lost" and figures.hints == 0
    assert (figures.stats.played, figures.stats.current_streak, figures.stats.max_streak) == (
        3, 0, 2)
    assert figures == await read_back(db, game, ALICE, today=102)


async def test_ending_guesses_handed_in_together_each_get_their_own(db: SqliteStore):
    """One batch: games ending for several players, plain guesses and refused ones; each
    ending guess gets its own player's figures, the others what ``record_guess`` gives."""
    owners = [100 + n for n in range(8)]
    games = [await own_game(db, p, channel_id=p) for p in owners]
    for game in games[:4]:
        await db.record_hint(game.id, player_id=game.owner_id, kind="letter", value="a")
    table = await play(db, await channel_game(db), ["slate"], player_id=BOB)
    over = await play(db, await own_game(db, CAROL, channel_id=5), ["crane"])
    alices = await own_game(db, ALICE, channel_id=6)
    calls = [end(db, game, "crane") for game in games]
    calls += [
        end(db, table, "crane", player_id=CAROL),
        end(db, over, "crane"),  # the game is over
        end(db, alices, "crane", player_id=BOB),  # not BOB's game
    ]
    results = await asyncio.gather(*calls, return_exceptions=True)
    for game, (ended, figures) in zip(games, results[:8], strict=True):
        assert ended.status == "won" and ended.owner_id == game.owner_id
        assert figures.hints == (1 if game in games[:4] else 0)
        assert (figures.stats.played, figures.stats.wins) == (1, 1)
        assert figures == await read_back(db, game, game.owner_id, today=1)
    ended, figures = results[8]
    assert ended.solved_by == CAROL and figures.stats.wins == 1
    assert figures == await read_back(db, table, CAROL, today=1)
    assert isinstance(results[9], GameNotActive) and isinstance(results[10], PlayerNotAllowed)
    assert (await db.get_game(alices.id)).status == "active"


async def test_a_guess_that_does_not_end_its_game_is_refused(db: SqliteStore):
    game = await own_game(db, ALICE)
    with pytest.raises(ValueError, match="ends its game"):
        await db.record_ending_guess(game.id, attempt=1, player_id=ALICE, word="slate",
                                     feedback=score("slate", "crane"), finish=None,  # type: ignore[arg-type]
                                     day=1)
    assert (await db.get_game(game.id)).guesses == ()
