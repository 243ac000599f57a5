"""Statistics and streaks, like the real game; dailies by the server's own calendar day."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core.stats import (
    DISTRIBUTION_SLOTS,
    Stats,
    StatsRow,
    board_of,
    consecutive_days,
    daily_streaks,
    record_result,
    win_percent,
)
from bot.storage import GameExists, PlayerNotAllowed, SqliteStore

from .helpers import GUILD, WRONG, channel_game, day_number, guess, local_date, own_game, play

ALICE, BOB, CAROL, DAVE = 11, 12, 13, 14

# --------------------------------------------------------------------------- pure rules


@pytest.mark.parametrize(
    ("wins", "played", "expected"),
    [
        (0, 0, 0),
        (0, 3, 0),
        (1, 3, 33),
        (2, 3, 67),
        (1, 8, 13),
        (3, 8, 38),
        (1, 200, 1),
        (199, 200, 100),
        (5, 5, 100),
    ],
)
def test_win_percent_rounds_half_up(wins, played, expected):
    assert win_percent(wins, played) == expected


@pytest.mark.parametrize(
    ("history", "expected"),
    [
        ([], (0, 0, None)),
        ([(5, True)], (1, 1, 5)),
        ([(5, True), (6, True), (7, True)], (3, 3, 7)),
        ([(5, True), (7, True)], (1, 1, 7)),  # day 6 missed
        ([(5, True), (6, False), (7, True)], (1, 1, 7)),  # day 6 lost
        ([(5, True), (6, True), (7, False)], (0, 2, None)),  # latest lost
        ([(7, True), (5, True), (6, True)], (3, 3, 7)),  # finished out of order
        ([(1, True), (2, True), (3, True), (10, True), (11, True)], (2, 3, 11)),
    ],
)
def test_daily_streaks(history, expected):
    assert daily_streaks(history) == expected


def test_two_dailies_on_one_day_are_impossible():
    with pytest.raises(ValueError):
        daily_streaks([(5, True), (5, True)])


def test_consecutive_wins_streak():
    row = None
    for won in [True, True, False, True]:
        row = record_result(row, won=won, attempts=3, day=1)
    assert (row.played, row.wins, row.current_streak, row.max_streak) == (4, 3, 1, 2)
    assert row.distribution == (0, 0, 3) + (0,) * (DISTRIBUTION_SLOTS - 3)


def test_consecutive_days():
    assert consecutive_days([], 5) == 0
    assert consecutive_days([3, 4, 5], 5) == 3
    assert consecutive_days([3, 4], 5) == 2  # today not solved yet
    assert consecutive_days([2, 4, 5], 5) == 2
    assert consecutive_days([3], 5) == 0


def _row(wins: int, played: int, distribution=None, current=0, best=0) -> StatsRow:
    distribution = distribution or (0, 0, wins, 0, 0, 0)
    return StatsRow(played, wins, tuple(distribution), current, best)


def test_rank_ties_share_a_rank():
    rows = [(1, _row(5, 5)), (2, _row(3, 3)), (3, _row(3, 4)), (4, _row(1, 9)), (5, _row(3, 9))]
    ranked, _ = board_of(rows, mode="practice", by="wins", today=None)
    assert [(r.rank, r.player_id, r.value) for r in ranked] == [
        (1, 1, 5),
        (2, 2, 3),
        (2, 3, 3),
        (2, 5, 3),
        (5, 4, 1),
    ]


def test_rank_average_lower_first_without_winless_players():
    rows = [
        (1, _row(2, 2, (0, 0, 1, 1, 0, 0))),  # 3.5
        (2, _row(2, 2, (0, 1, 0, 1, 0, 0))),  # 3.0
        (3, _row(0, 4, (0, 0, 0, 0, 0, 0))),  # no wins: not ranked
        (4, _row(1, 1, (0, 0, 1, 0, 0, 0))),  # 3.0
    ]
    ranked, _ = board_of(rows, mode="practice", by="average", today=None)
    assert [(r.rank, r.player_id, r.value) for r in ranked] == [
        (1, 2, 3.0),
        (1, 4, 3.0),
        (3, 1, 3.5),
    ]


# --------------------------------------------------------------------------- in the database


async def win_daily(db: SqliteStore, player: int, day: int, words=("crane",), **kw):
    game = await own_game(db, player, kind="daily", puzzle_number=day, **kw)
    return await play(db, game, list(words), day=day)


async def test_practice_statistics(db: SqliteStore):
    for words in (["crane"], ["slate", "crane"], WRONG, ["slate", "pious", "crane"]):
        await play(db, await own_game(db, ALICE), words)
    await db.give_up((await own_game(db, ALICE)).id, player_id=ALICE, day=1)
    await play(db, await own_game(db, ALICE), ["slate", "crane"])
    stats = await db.stats(GUILD, ALICE, "practice")
    assert stats == Stats(
        played=6,
        wins=4,
        win_percent=67,
        current_streak=1,
        max_streak=2,
        distribution=(1, 2, 1, 0, 0, 0),
        average_guesses=2.0,
    )
    # Dailies and channel games are counted apart; other servers too.
    assert await db.stats(GUILD, ALICE, "daily") == Stats()
    assert await db.stats(GUILD, ALICE, "channel") == Stats()
    assert await db.stats(GUILD + 1, ALICE, "practice") == Stats()


async def test_daily_streak_across_missed_days(db: SqliteStore):
    for day in (100, 101, 102):
        await win_daily(db, ALICE, day)
    assert (await db.stats(GUILD, ALICE, "daily", today=102)).current_streak == 3
    # Tomorrow it still stands (today's daily may still come), the day after it is broken.
    assert (await db.stats(GUILD, ALICE, "daily", today=103)).current_streak == 3
    broken = await db.stats(GUILD, ALICE, "daily", today=104)
    assert (broken.current_streak, broken.max_streak) == (0, 3)
    await win_daily(db, ALICE, 104)
    stats = await db.stats(GUILD, ALICE, "daily", today=104)
    assert (stats.played, stats.wins, stats.current_streak, stats.max_streak) == (4, 4, 1, 3)


async def test_daily_loss_or_give_up_breaks_the_streak(db: SqliteStore):
    await win_daily(db, ALICE, 10)
    await win_daily(db, ALICE, 11, WRONG)
    assert (await db.stats(GUILD, ALICE, "daily", today=11)).current_streak == 0
    await win_daily(db, ALICE, 12)
    await win_daily(db, ALICE, 13)
    assert (await db.stats(GUILD, ALICE, "daily", today=13)).current_streak == 2
    game = await own_game(db, ALICE, kind="daily", puzzle_number=14)
    await db.give_up(game.id, player_id=ALICE, day=14)
    stats = await db.stats(GUILD, ALICE, "daily", today=14)
    assert (stats.played, stats.wins, stats.current_streak, stats.max_streak) == (5, 3, 0, 2)


async def test_daily_finished_late_still_counts_on_its_own_day(db: SqliteStore):
    yesterday = await own_game(db, ALICE, kind="daily", puzzle_number=20, channel_id=1)
    await win_daily(db, ALICE, 19, channel_id=2)
    await win_daily(db, ALICE, 21, channel_id=2)
    assert (await db.stats(GUILD, ALICE, "daily", today=21)).current_streak == 1
    await play(db, yesterday, ["crane"], day=21)  # yesterday's puzzle, finished today
    stats = await db.stats(GUILD, ALICE, "daily", today=21)
    assert (stats.current_streak, stats.max_streak) == (3, 3)


async def test_time_zones_decide_the_day(db: SqliteStore):
    """23:30 and 00:30 in the server's zone are two days; the same instants elsewhere may be
    one day, and then the second daily of that day is refused: a day never counts twice."""
    late = datetime(2026, 3, 2, 7, 30, tzinfo=UTC)  # 23:30 on 1 March in Los Angeles
    early = datetime(2026, 3, 2, 8, 30, tzinfo=UTC)  # 00:30 on 2 March in Los Angeles
    zone = "America/Los_Angeles"
    assert str(local_date(late, zone)) == "2026-03-01"
    assert str(local_date(early, zone)) == "2026-03-02"
    await db.update_guild_settings(GUILD, timezone=zone)
    tz = (await db.guild_settings(GUILD)).timezone
    for moment in (late, early):
        day = day_number(moment, tz)
        game = await own_game(db, ALICE, kind="daily", puzzle_number=day, now=moment)
        await play(db, game, ["crane"], day=day, now=moment)
    stats = await db.stats(GUILD, ALICE, "daily", today=day_number(early, tz))
    assert (stats.played, stats.wins, stats.current_streak) == (2, 2, 2)

    # In Tokyo both instants are the morning of 2 March: one day, one daily.
    other = GUILD + 1
    await db.update_guild_settings(other, timezone="Asia/Tokyo")
    tz = (await db.guild_settings(other)).timezone
    assert day_number(late, tz) == day_number(early, tz)
    day = day_number(late, tz)
    game = await own_game(db, ALICE, kind="daily", puzzle_number=day, guild_id=other, now=late)
    await play(db, game, ["crane"], day=day, now=late)
    with pytest.raises(GameExists):
        await own_game(db, ALICE, kind="daily", puzzle_number=day, guild_id=other, now=early)
    stats = await db.stats(other, ALICE, "daily", today=day)
    assert (stats.played, stats.wins, stats.current_streak) == (1, 1, 1)


async def test_daily_streak_across_a_dst_change(db: SqliteStore):
    """Europe/London goes from UTC+0 to UTC+1 on 29 March 2026: 23:30 local each evening is
    a different UTC hour before and after, but still one daily per local day."""
    zone = "Europe/London"
    moments = [
        datetime(2026, 3, 28, 23, 30, tzinfo=UTC),  # 23:30 on the 28th (GMT)
        datetime(2026, 3, 29, 22, 30, tzinfo=UTC),  # 23:30 on the 29th (BST)
        datetime(2026, 3, 30, 22, 30, tzinfo=UTC),  # 23:30 on the 30th (BST)
    ]
    days = [day_number(m, zone) for m in moments]
    assert days == [days[0], days[0] + 1, days[0] + 2]
    for moment, day in zip(moments, days, strict=True):
        await play(
            db,
            await own_game(db, ALICE, kind="daily", puzzle_number=day, now=moment),
            ["crane"],
            day=day,
            now=moment,
        )
    assert (await db.stats(GUILD, ALICE, "daily", today=days[-1])).current_streak == 3


async def test_channel_game_counts_each_guesser_once_and_not_the_setter(db: SqliteStore):
    game = await channel_game(db, kind="custom", setter_id=DAVE)
    game = await guess(db, game, "slate", player_id=ALICE)
    game = await guess(db, game, "pious", player_id=BOB)
    game = await guess(db, game, "dumpy", player_id=ALICE)
    game = await guess(db, game, "crane", player_id=CAROL)
    assert game.status == "won" and game.solved_by == CAROL
    for player in (ALICE, BOB, CAROL):
        stats = await db.stats(GUILD, player, "channel")
        assert (stats.played, stats.wins, stats.distribution) == (1, 1, (0, 0, 0, 1, 0, 0))
    assert await db.stats(GUILD, DAVE, "channel") == Stats()

    lost = await channel_game(db)
    for i, word in enumerate(WRONG):
        lost = await guess(db, lost, word, player_id=(ALICE, BOB)[i % 2])
    assert lost.status == "lost"
    alice = await db.stats(GUILD, ALICE, "channel")
    assert (alice.played, alice.wins, alice.current_streak, alice.max_streak) == (2, 1, 0, 1)
    assert (await db.stats(GUILD, CAROL, "channel")).played == 1

    given_up = await guess(db, await channel_game(db), "slate", player_id=CAROL)
    with pytest.raises(PlayerNotAllowed):  # Bob has not guessed in it
        await db.give_up(given_up.id, player_id=BOB, day=1)
    await db.give_up(given_up.id, player_id=CAROL, day=1)  # counts for who guessed: Carol
    assert (await db.stats(GUILD, CAROL, "channel")).played == 2
    assert (await db.stats(GUILD, BOB, "channel")).played == 2


async def test_leaderboard(db: SqliteStore):
    # Alice: 3 wins of 3 (avg 2), Bob: 3 of 4 (avg 1.67), Carol: 1 of 1 (avg 1), Dave: 0 of 2.
    plays = {
        ALICE: [["slate", "crane"]] * 3,
        BOB: [["crane"], ["crane"], ["slate", "pious", "crane"], WRONG],
        CAROL: [["crane"]],
        DAVE: [WRONG, WRONG],
    }
    for player, games in plays.items():
        for words in games:
            await play(db, await own_game(db, player), words)

    board = await db.leaderboard(GUILD, mode="practice", by="wins", player_id=DAVE)
    assert [(r.rank, r.player_id, r.value) for r in board.rows] == [
        (1, ALICE, 3),
        (1, BOB, 3),
        (3, CAROL, 1),
        (4, DAVE, 0),
    ]
    assert board.player_row == board.rows[3]
    assert board.rows[0].stats == await db.stats(GUILD, ALICE, "practice")

    board = await db.leaderboard(GUILD, mode="practice", by="win_percent")
    assert [(r.rank, r.player_id, r.value) for r in board.rows] == [
        (1, ALICE, 100),
        (1, CAROL, 100),
        (3, BOB, 75),
        (4, DAVE, 0),
    ]
    board = await db.leaderboard(GUILD, mode="practice", by="average", player_id=DAVE)
    assert [(r.rank, r.player_id) for r in board.rows] == [(1, CAROL), (2, BOB), (3, ALICE)]
    assert board.rows[1].value == pytest.approx(5 / 3)
    assert board.player_row is None  # no wins, no average

    board = await db.leaderboard(GUILD, mode="practice", by="max_streak", limit=2, player_id=DAVE)
    assert [(r.rank, r.player_id, r.value) for r in board.rows] == [(1, ALICE, 3), (1, BOB, 3)]
    assert (board.player_row.rank, board.player_row.value) == (4, 0)
    board = await db.leaderboard(GUILD, mode="practice", by="current_streak")
    assert [(r.rank, r.player_id, r.value) for r in board.rows][:2] == [
        (1, ALICE, 3),
        (2, CAROL, 1),
    ]

    assert (await db.leaderboard(GUILD, mode="daily")).rows == []
    assert (await db.leaderboard(GUILD + 1, mode="practice")).rows == []


async def test_daily_leaderboard_streaks_expire_with_today(db: SqliteStore):
    for day in (1, 2, 3):
        await win_daily(db, ALICE, day)
    for day in (2, 3, 4, 5):
        await win_daily(db, BOB, day)
    board = await db.leaderboard(GUILD, mode="daily", by="current_streak", today=5)
    assert [(r.rank, r.player_id, r.value) for r in board.rows] == [(1, BOB, 4), (2, ALICE, 0)]
    board = await db.leaderboard(GUILD, mode="daily", by="current_streak", today=6)
    assert [(r.rank, r.player_id, r.value) for r in board.rows] == [(1, BOB, 4), (2, ALICE, 0)]
    board = await db.leaderboard(GUILD, mode="daily", by="current_streak", today=7)
    assert [(r.rank, r.player_id, r.value) for r in board.rows] == [(1, ALICE, 0), (1, BOB, 0)]
    board = await db.leaderboard(GUILD, mode="daily", by="max_streak", today=7)
    assert [(r.rank, r.player_id, r.value) for r in board.rows] == [(1, BOB, 4), (2, ALICE, 3)]


# ------------------------------------------------------------------ the end of a game


async def test_ending_figures_are_the_hints_and_each_players_stats_in_one_read(db: SqliteStore):
    """What a finished game shows: its hint count, and the statistics of the players asked
    for, in their order, exactly as ``stats`` reads them one by one."""
    for day in (100, 101):
        await win_daily(db, ALICE, day)
    game = await channel_game(db, channel_id=77)
    await db.record_hint(game.id, player_id=BOB, kind="letter", value="r")
    await db.record_hint(game.id, player_id=CAROL, kind="word", value="crate")
    await guess(db, game, "slate", player_id=BOB)
    finished = await guess(db, await db.get_game(game.id), "crane", player_id=CAROL)
    assert finished.status == "won"
    players = [CAROL, DAVE, BOB]  # DAVE has no statistics at all
    hints, found = await db.ending_figures(game.id, GUILD, players, "channel")
    assert hints == 2
    assert found == [await db.stats(GUILD, p, "channel") for p in players]
    assert found[0].wins == 1 and found[1] == Stats() and found[2].played == 1
    # daily streaks expire with ``today`` as in ``stats``
    for today in (101, 103):
        hints, [alice] = await db.ending_figures(game.id, GUILD, [ALICE], "daily", today=today)
        assert alice == await db.stats(GUILD, ALICE, "daily", today=today)
    assert alice.current_streak == 0 and alice.max_streak == 2
    # nobody's statistics: the hints still counted; an unknown game has none
    assert await db.ending_figures(game.id, GUILD, [], "channel") == (2, [])
    assert await db.ending_figures(game.id + 1000, GUILD, [BOB], "channel") == (
        0, [await db.stats(GUILD, BOB, "channel")])


def _exact_ranks(rows, by, hinted):
    """An independent ranking: exact fractions for the average, everything built in full."""
    from fractions import Fraction

    keyed = []
    for pid, row in rows:
        if by == "average":
            if not sum(row.distribution):
                continue
            value = Fraction(sum(n * c for n, c in enumerate(row.distribution, start=1)),
                             sum(row.distribution))
            key = value
        else:
            value = row.wins
            key = -value
        keyed.append((key, hinted.get(pid, 0), pid, value))
    keyed.sort()
    ranks = []
    for i, (key, hints, pid, value) in enumerate(keyed):
        same = i and keyed[i - 1][:2] == (key, hints)
        ranks.append((ranks[-1][0] if same else i + 1, pid, float(value)))
    return ranks


@settings(max_examples=200, deadline=None)
@given(data=st.data())
def test_a_board_ranks_as_exact_fractions_would_and_builds_only_what_it_shows(data):
    spread = st.lists(st.integers(0, 3000), min_size=6, max_size=6)
    rows = [(pid, _row(sum(d), sum(d) + extra, d))
            for pid, (d, extra) in enumerate(data.draw(st.lists(
                st.tuples(spread, st.integers(0, 5)), max_size=40)), start=1)]
    hinted = {pid: 1 for pid, _ in rows if data.draw(st.booleans())}
    by = data.draw(st.sampled_from(["average", "wins"]))
    expected = _exact_ranks(rows, by, hinted)
    full, _ = board_of(rows, mode="daily", by=by, today=None, hinted=hinted)
    assert [(r.rank, r.player_id, float(r.value)) for r in full] == expected
    limit = data.draw(st.integers(1, 10))
    player = data.draw(st.integers(0, 42))
    top, mine = board_of(rows, mode="daily", by=by, today=None, hinted=hinted, limit=limit,
                         player_id=player)
    assert top == full[:limit]
    assert mine == next((r for r in full if r.player_id == player), None)
