"""Statistics per variant, on both stores: a game counts in the row of its bucket and its
variant (:func:`bot.core.stats.stats_key`), the classic game's rows keep the bucket's own key,
a distribution has a slot per attempt of the variant, daily streaks follow the dailies of
their own variant, and a period's leaderboard counts its variant's games alone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from bot.core.domain import LeaderboardOrder, StatsBucket
from bot.core.feedback import score
from bot.core.game import Game
from bot.core.packs import pack
from bot.core.variant import CLASSIC, Variant
from tests.pg import StorePlace

from .helpers import CHANNEL, GUILD

ALICE, BOB = 1001, 1002
SPANISH = pack("es", 5).variant
SIX = pack("en", 6).variant
T0 = datetime(2026, 2, 3, 12, 0, tzinfo=UTC)


async def start(db: Any, owner: int, answer: str, variant: Variant = CLASSIC, *,
                kind: str = "random", day: int | None = None, channel: int = CHANNEL,
                now: datetime = T0) -> Game:
    return await db.create_game(guild_id=GUILD, channel_id=channel, owner_id=owner,
                                scope="own", kind=kind, answer=answer, hard_mode=False,
                                puzzle_number=day, variant=variant, now=now)


async def play(db: Any, game: Game, words: list[str], *, day: int = 1,
               now: datetime = T0) -> Game:
    """Each word as the next attempt, the game ending on its variant's all-green row or its
    last attempt."""
    for word in words:
        attempt = len(game.guesses) + 1
        feedback = score(word, game.hidden_word)
        finish = ("won" if feedback == game.variant.all_green
                  else "lost" if attempt == game.max_attempts else None)
        game = await db.record_guess(game.id, attempt=attempt, player_id=game.owner_id,
                                     word=word, feedback=feedback, finish=finish, day=day,
                                     now=now)
    return game


async def test_a_spanish_and_an_english_game_count_in_two_rows(db: Any,
                                                               place: StorePlace) -> None:
    await play(db, await start(db, ALICE, "crane"), ["slate", "crane"])
    await play(db, await start(db, ALICE, "perro", SPANISH, channel=CHANNEL + 1),
               ["gatos", "cosas", "perro"])
    rows = await place.fetch("SELECT mode, played, wins, dist_2, dist_3 FROM player_stats "
                             "WHERE player_id = ? ORDER BY mode", ALICE)
    assert rows == [("practice", 1, 1, 1, 0), ("practice:es-5", 1, 1, 0, 1)]
    english = await db.stats(GUILD, ALICE, StatsBucket.PRACTICE)
    spanish = await db.stats(GUILD, ALICE, StatsBucket.PRACTICE, variant=SPANISH)
    assert english.distribution == (0, 1, 0, 0, 0, 0)
    assert spanish.distribution == (0, 0, 1, 0, 0, 0)
    assert (await db.stats(GUILD, ALICE, StatsBucket.PRACTICE, variant=SIX)).played == 0


async def test_a_six_letter_win_in_seven_guesses_shows_in_seven_rows(db: Any) -> None:
    words = [w for w in pack("en", 6).answers if w != "planet"][:6]
    game = await play(db, await start(db, ALICE, "planet", SIX), [*words, "planet"])
    assert game.status == "won" and len(game.guesses) == SIX.attempts == 7
    stats = await db.stats(GUILD, ALICE, StatsBucket.PRACTICE, variant=SIX)
    assert (stats.played, stats.wins, stats.distribution) == (1, 1, (0,) * 6 + (1,))
    _, (shown,) = await db.ending_figures(game.id, GUILD, [ALICE], StatsBucket.PRACTICE,
                                          variant=SIX)
    assert shown == stats
    board = await db.leaderboard(GUILD, mode=StatsBucket.PRACTICE, variant=SIX)
    assert [(r.player_id, r.stats.distribution) for r in board.rows] == [
        (ALICE, (0,) * 6 + (1,))]
    assert (await db.leaderboard(GUILD, mode=StatsBucket.PRACTICE)).rows == []


async def test_daily_streaks_follow_the_dailies_of_their_variant(db: Any) -> None:
    # The server played its daily in English, then in Spanish, then in English again.
    await play(db, await start(db, ALICE, "crane", kind="daily", day=300), ["crane"], day=300)
    await play(db, await start(db, ALICE, "perro", SPANISH, kind="daily", day=301),
               ["perro"], day=301)
    await play(db, await start(db, ALICE, "slate", kind="daily", day=302), ["slate"], day=302)
    english = await db.stats(GUILD, ALICE, StatsBucket.DAILY, today=302)
    spanish = await db.stats(GUILD, ALICE, StatsBucket.DAILY, today=301, variant=SPANISH)
    assert (english.played, english.current_streak, english.max_streak) == (2, 1, 1)
    assert (spanish.played, spanish.current_streak, spanish.max_streak) == (1, 1, 1)


async def test_the_leaderboard_of_a_period_counts_its_variants_games(db: Any) -> None:
    await play(db, await start(db, ALICE, "crane"), ["crane"])
    await play(db, await start(db, BOB, "perro", SPANISH), ["gatos", "perro"])
    await play(db, await start(db, ALICE, "perro", SPANISH, channel=CHANNEL + 1),
               ["gatos", "cosas", "perro"])

    async def ranked(variant: Variant) -> list[tuple[int, int, tuple[int, ...]]]:
        board = await db.period_leaderboard(
            GUILD, mode=StatsBucket.PRACTICE, by=LeaderboardOrder.AVERAGE,
            start=T0 - timedelta(days=1), end=T0 + timedelta(days=1), variant=variant)
        return [(r.rank, r.player_id, r.stats.distribution) for r in board.rows]

    assert await ranked(CLASSIC) == [(1, ALICE, (1, 0, 0, 0, 0, 0))]
    assert await ranked(SPANISH) == [(1, BOB, (0, 1, 0, 0, 0, 0)),
                                     (2, ALICE, (0, 0, 1, 0, 0, 0))]
    assert await ranked(SIX) == []


async def test_the_leaderboard_of_a_period_counts_its_number_of_boards(db: Any) -> None:
    from bot.core.multiboard import join_words
    from bot.core.solver_boards import boards_variant

    dordle = boards_variant(2, CLASSIC)
    await play(db, await start(db, ALICE, "crane"), ["slate", "crane"])
    game = await start(db, BOB, join_words(("crane", "lemon")), dordle)
    for word in ("crane", "lemon"):
        after = game.play(word, player_id=BOB, now=T0)
        game = await db.record_guess(game.id, attempt=after.attempts_used, player_id=BOB,
                                     word=word, feedback=after.guesses[-1].feedback,
                                     finish=after.status if after.is_over else None, day=1,
                                     now=T0)

    async def ranked(variant: Variant) -> list[tuple[int, int]]:
        board = await db.period_leaderboard(
            GUILD, mode=StatsBucket.PRACTICE, by=LeaderboardOrder.AVERAGE,
            start=T0 - timedelta(days=1), end=T0 + timedelta(days=1), variant=variant)
        return [(r.player_id, r.stats.wins) for r in board.rows]

    assert await ranked(CLASSIC) == [(ALICE, 1)]
    assert await ranked(dordle) == [(BOB, 1)]
