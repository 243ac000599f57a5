"""The terminal front end (bot/terminal.py) driven in-process over the real service and store."""

from __future__ import annotations

import io

from bot.core.words import WordLists
from bot.service import GameService, Kind
from bot.storage.errors import StorageError, StorageFull
from bot.terminal import LOCAL_PLACE, LOCAL_PLAYER, TerminalGame


async def play(service, typed: str, kind: Kind = Kind.RANDOM) -> tuple[int, str]:
    out = io.StringIO()
    game = TerminalGame(service, stdin=io.StringIO(typed), stdout=out, color=False)
    code = await game.run(kind=kind, hard_mode=False, word=None)
    return code, out.getvalue()


async def test_a_byte_that_is_not_utf8_is_not_called_invisible(service, picker):
    # A Latin-1 terminal sends é as the byte E9; Python reads it as the surrogate U+DCE9.
    picker.queue.append("slate")
    code, out = await play(service, "cr\udce9ne\n")
    assert code == 0
    assert "a character that could not be read" in out
    assert "invisible" not in out


async def test_daily_while_a_practice_game_runs_speaks_of_the_terminal(service, picker):
    picker.queue.append("slate")
    await play(service, "crane\n")  # leaves a practice game running
    code, out = await play(service, "", kind=Kind.DAILY)
    assert code == 1
    assert "wordle-bot play" in out and "/giveup" in out
    assert "this channel" not in out and "/wordle" not in out


async def test_practice_while_the_daily_runs_says_it_is_another_game(service, picker):
    await play(service, "crane\n", kind=Kind.DAILY)  # leaves today's daily running
    code, out = await play(service, "")  # `wordle-bot play` asks for practice
    assert code == 0
    assert "Carrying on with your game in progress: Wordle" in out
    assert "(Finish it or /giveup to start another.)" in out
    picker.queue.append("slate")
    await play(service, "/giveup\n")  # the daily ends; a practice game carries on quietly
    await play(service, "crane\n")
    code, out = await play(service, "")
    assert "Carrying on" in out and "/giveup to start another" not in out


class FailingWrites:
    """The real store whose second guess fails as on a full disk."""

    def __init__(self, db) -> None:
        self._db = db
        self.guesses = 0

    def __getattr__(self, name):
        return getattr(self._db, name)

    async def record_guess(self, *args, **kwargs):
        self.guesses += 1
        if self.guesses > 1:
            raise StorageError("write failed, nothing was saved: database or disk is full")
        return await self._db.record_guess(*args, **kwargs)


async def test_a_storage_error_prints_one_line_and_keeps_what_was_saved(db, make_service,
                                                                        picker):
    picker.queue.append("slate")
    code, out = await play(make_service(FailingWrites(db)), "crane\nspeed\n")
    assert code == 1
    last = out.rstrip("\n").splitlines()[-1]
    assert "wordle-bot: the game could not be saved or read" in last
    assert "disk is full" in last and "Traceback" not in out
    # The first guess stays saved, and the game carries on next time.
    board = await make_service(db).board(LOCAL_PLACE, LOCAL_PLAYER)
    assert [row.word for row in board.rows] == ["crane"]


class FullDisk(FailingWrites):
    """The real store whose second guess fails because the disk is full."""

    async def record_guess(self, *args, **kwargs):
        self.guesses += 1
        if self.guesses == 2:
            raise StorageFull("the disk is full: nothing was saved")
        return await self._db.record_guess(*args, **kwargs)


async def test_a_full_disk_prints_one_line_and_play_goes_on(db, make_service, picker):
    picker.queue.append("slate")
    code, out = await play(make_service(FullDisk(db)), "crane\nspeed\nspeed\nslate\n")
    assert code == 0
    full = [line.rpartition("> ")[2] for line in out.splitlines() if "disk is full" in line]
    assert full == ["The bot's disk is full; nothing was saved. Try again later."]
    assert "Traceback" not in out and "could not be saved or read" not in out
    assert "You got it in 3/6!" in out  # the refused guess cost no attempt


async def start(service, typed: str, *, kind: Kind = Kind.RANDOM, hard: bool = False,
                word: str | None = None, number: int | None = None) -> tuple[int, str]:
    out = io.StringIO()
    game = TerminalGame(service, stdin=io.StringIO(typed), stdout=out, color=False,
                        play="uv run wordle-bot play")
    code = await game.run(kind=kind, hard_mode=hard, word=word, number=number)
    return code, out.getvalue()


async def test_help_hint_and_quit_work_without_the_slash(service, picker):
    picker.queue.append("slate")
    code, out = await play(service, "help\nHint\nhint position\nquit\n")
    assert code == 0
    assert "A word must have" not in out
    assert "/hint letter" in out  # the help
    assert "Hint: The hidden word contains the letter" in out
    assert "Hint: Letter " in out
    assert "Bye! Your game is saved" in out
    board = await service.board(LOCAL_PLACE, LOCAL_PLAYER)
    assert board.rows == () and not board.status.is_over


async def test_a_refused_bare_hint_is_not_told_to_type_the_command(service):
    # A bare "hint" already is the command: only a command word played as a guess is told so.
    code, out = await play(service, "hint\nquit\n", kind=Kind.DAILY)
    assert code == 0
    assert "Hints are off for the daily" in out
    assert "For the command" not in out


async def test_giveup_works_without_the_slash_and_board_typed_bare_is_a_guess(service,
                                                                          picker):
    picker.queue.append("slate")
    code, out = await play(service, "board\ngiveup\n")
    assert code == 0
    # BOARD is a 5-letter word: a guess (not in this word list), with the command named
    assert "BOARD is not in the word list. (For the command, type /board.)" in out
    assert "The word was SLATE." in out


async def test_stats_typed_bare_is_played_as_a_guess_and_says_so(db, words, clock, picker):
    # In word lists that have STATS, it is a guess like any other word (it may be the
    # hidden word): played, with the command named.
    lists = WordLists.from_words(words.answers, [*words.allowed_sorted, "stats"])
    service = GameService(db, lists, daily_salt="test-salt", clock=clock, choose=picker)
    picker.queue.append("slate")
    code, out = await play(service, "stats\n")
    assert code == 0
    assert "[S] -T- [A] [T] -S-" in out
    assert "(STATS was played as a guess; the command is /stats.)" in out


async def test_help_lists_only_the_hints_the_game_has(service, picker):
    picker.queue.append("slate")
    _, practice = await play(service, "/help\n/giveup\n")
    assert "/hint letter" in practice and "/hint word" in practice
    _, chosen = await start(service, "/help\n/giveup\n", word="crane")
    assert "/hint letter" in chosen and "/hint word" not in chosen  # a chosen word: no word hint
    code, daily = await play(service, "/help\n", kind=Kind.DAILY)
    assert code == 0
    assert "/hint" not in daily and "no hints in the daily" in daily
    assert "Without the /: help, hint, giveup, quit (board and stats are guesses)." in practice


async def test_play_hard_with_a_normal_game_in_progress_says_it_is_not_hard(service, picker):
    picker.queue.append("slate")
    await play(service, "crane\n")
    code, out = await start(service, "", hard=True)
    assert code == 0
    assert "Carrying on with your game in progress: Wordle practice." in out
    assert "It is not in hard mode: a game keeps the mode it started in." in out


async def test_a_word_is_not_played_in_another_game_in_progress(service):
    # `play --archive N </dev/null` leaves the archive puzzle started, with no guess ...
    today = await service.today(LOCAL_PLACE.guild_id, LOCAL_PLAYER)
    code, _ = await start(service, "", kind=Kind.ARCHIVE, number=today - 3)
    assert code == 0
    # ... and `play --word soare` says so, rather than carrying on with the archive puzzle.
    code, out = await start(service, "soare\n", word="soare")
    assert code == 1
    assert out == (f"You have a game in progress: Wordle {today - 3:,} · archive (no guesses "
                   "yet). Run `uv run wordle-bot play` to carry on with it (or /giveup "
                   "there), then start the game with your word.\n")
    board = await service.board(LOCAL_PLACE, LOCAL_PLAYER)
    assert board.kind is Kind.ARCHIVE and board.rows == ()  # SOARE was not played in it


async def test_the_statistics_after_a_win_mark_that_games_bar(service, picker):
    picker.queue.append("slate")
    code, out = await play(service, "crane\nslate\n")
    assert code == 0
    chart = out.split("Guess distribution\n")[1].splitlines()
    assert chart[1].startswith("2 █") and chart[1].endswith("█ 1 ◀")
    assert "◀" not in "".join(chart[:1] + chart[2:])


async def test_in_a_four_letter_game_help_hint_and_quit_typed_bare_are_guesses(service):
    # HELP, HINT and QUIT are 4-letter English words: there they are guesses, and the
    # commands keep their slash; GIVEUP, BOARD and STATS work bare.
    out = io.StringIO()
    game = TerminalGame(service, stdin=io.StringIO("/help\nhelp\nhint\nboard\ngiveup\n"),
                        stdout=out, color=False)
    code = await game.run(kind=Kind.RANDOM, hard_mode=False, word="quit", language="en",
                          length=4)
    assert code == 0
    text = out.getvalue()
    assert "Without the /: board, stats, giveup (help, hint and quit are guesses)." in text
    assert "-H- -E- -L- -P-" in text and "-H- (I) -N- [T]" in text
    assert "(HELP was played as a guess; the command is /help.)" in text
    assert "Hint:" not in text
    assert "The word was QUIT." in text


async def test_the_share_grid_is_worded_in_the_players_language(service):
    from bot.render.common import texts_for

    out = io.StringIO()
    game = TerminalGame(service, stdin=io.StringIO("/hint\nбелый\n"), stdout=out,
                        color=False, texts=texts_for("ru"))
    code = await game.run(kind=Kind.RANDOM, hard_mode=False, word="белый", language="ru",
                          length=5)
    assert code == 0
    text = out.getvalue()
    assert "Wordle RU · тренировка 1/6\n\n🟩🟩🟩🟩🟩\n💡 использована 1 подсказка\n" in text
    assert "practice" not in text and "used" not in text
