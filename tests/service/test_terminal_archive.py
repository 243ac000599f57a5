"""The archive in the terminal (`wordle-bot play --archive N` / `--archive-date`), in-process
over the real service and store on both backends: the terminal's place is the personal
record, so its archive holds its player's own past dailies; the archive's refusals are worded
for the terminal and change nothing."""

from __future__ import annotations

import io

from bot.core.daily import EPOCH
from bot.core.personal import PERSONAL, player_daily_word
from bot.service import Kind
from bot.terminal import LOCAL_PLACE, LOCAL_PLAYER, TerminalGame


async def play(service, typed: str, *, kind: Kind = Kind.ARCHIVE, number: int | None = None,
               date: str | None = None, hard: bool = False) -> tuple[int, str]:
    out = io.StringIO()
    game = TerminalGame(service, stdin=io.StringIO(typed), stdout=out, color=False)
    code = await game.run(kind=kind, hard_mode=hard, word=None, number=number, date=date)
    return code, out.getvalue()


async def word_of(service, number: int) -> str:
    return player_daily_word(number, service.words.answers, "test-salt", LOCAL_PLAYER)


async def test_an_archive_puzzle_by_number_then_by_date(service):
    assert LOCAL_PLACE.guild_id == PERSONAL
    today = await service.today(PERSONAL, LOCAL_PLAYER)
    number = today - 3
    answer = await word_of(service, number)
    code, out = await play(service, f"{answer}\n", number=number)
    assert code == 0
    assert f"Wordle {number:,} · archive: guess the 5-letter word" in out
    assert "You got it in 1/6!" in out
    assert f"Wordle {number:,} · archive 1/6" in out  # the share grid's label
    assert "Your archive statistics:" in out and "Played 1" in out
    # the same puzzle again, by its date: played once, refused with its grid
    day = EPOCH.fromordinal(EPOCH.toordinal() + number - 1).isoformat()
    code, out = await play(service, "", date=day)
    assert code == 1
    assert f"already played Wordle {number:,} from the archive" in out and "🟩🟩🟩🟩🟩" in out
    # not in the daily statistics, nor the daily streak
    daily = await service.stats(PERSONAL, LOCAL_PLAYER, "daily")
    assert daily.played == 0


async def test_leaving_an_archive_game_and_carrying_on(service):
    today = await service.today(PERSONAL, LOCAL_PLAYER)
    answer = await word_of(service, today - 1)
    guess = next(w for w in service.words.answers if w != answer)
    code, out = await play(service, f"{guess}\n", date=None, number=today - 1, hard=True)
    assert code == 0 and "Your game is saved" in out
    # plain `wordle-bot play` carries on with it
    code, out = await play(service, f"/hint letter\n{answer}\n", kind=Kind.RANDOM)
    assert code == 0
    assert f"Carrying on with your game in progress: Wordle {today - 1:,} · archive " \
           "(hard mode)." in out
    assert "Hint: " in out  # hints are always allowed in the archive
    assert "You got it in 2/6!" in out


async def test_the_archive_refusals_speak_of_the_terminal(service):
    today = await service.today(PERSONAL, LOCAL_PLAYER)
    cases = {
        "today": (dict(number=today), [f"Wordle {today:,} is today's daily",
                                       "`wordle-bot play --daily`"]),
        "future": (dict(number=today + 1), ["hasn't come out yet"]),
        "too early": (dict(number=0), ["The archive starts at Wordle 1 (2026-01-01)"]),
        "bad date": (dict(date="2026-02-30"), ["'2026-02-30' isn't a date",
                                               "there is no such day"]),
        "malformed date": (dict(date="2026-2-3"), ["'2026-2-3' isn't a date", "YYYY-MM-DD"]),
        "mismatch": (dict(number=5, date="2026-01-06"), ["two different puzzles"]),
        "which": (dict(), ["--archive 123", "--archive-date 2026-03-15"]),
        "not archive": (dict(kind=Kind.RANDOM, number=5), ["--archive or --archive-date"]),
    }
    for name, (options, words) in cases.items():
        code, out = await play(service, "", **options)
        assert code == 1, name
        for text in words:
            assert text in out, (name, out)
        assert "kind:" not in out and "number:" not in out and "/wordle" not in out, name
    # nothing was started
    assert await service.db.active_own_game(PERSONAL, LOCAL_PLACE.channel_id,
                                            LOCAL_PLAYER) is None


async def test_the_archive_while_a_practice_game_runs(service, picker):
    picker.queue.append("slate")
    await play(service, "crane\n", kind=Kind.RANDOM)
    today = await service.today(PERSONAL, LOCAL_PLAYER)
    code, out = await play(service, "", number=today - 1)
    assert code == 1
    assert ("You have a game in progress: Wordle practice (1 guess)." in out
            and "then start the archive puzzle" in out)
    # the same words while an archive puzzle runs: it is not called a practice game
    await service.give_up(LOCAL_PLACE, LOCAL_PLAYER)
    miss = "slate" if await word_of(service, today - 2) == "crane" else "crane"
    await play(service, miss + "\n", number=today - 2)  # one guess: the puzzle runs on
    assert (await service.db.active_own_game(PERSONAL, LOCAL_PLACE.channel_id,
                                             LOCAL_PLAYER)).kind == Kind.ARCHIVE
    code, out = await play(service, "", kind=Kind.DAILY)
    assert code == 1 and "practice" not in out
    assert f"You have a game in progress: Wordle {today - 2:,} · archive (1 guess)." in out
