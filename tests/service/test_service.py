from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.core.daily import server_daily_word, today_puzzle_number
from bot.core.solver import Solver
from bot.render.hint_text import hint_text
from bot.render.problems import Commands, problem_text
from bot.render.share_words import played_words, share_words
from bot.service import (
    BadOption,
    DailyAlreadyPlayed,
    GameAlreadyRunning,
    GameService,
    HintKind,
    HintsNotAllowed,
    InvalidGuess,
    Kind,
    NoGame,
    NoHintLeft,
    NotYourGame,
    Place,
    Problem,
    Scope,
    StatsBucket,
    Status,
)
from bot.service.errors import PlayerError
from tests.support import zone_set_long_ago


def quoted(error: PlayerError) -> str:
    """The share grid a refusal quotes, in English."""
    assert error.played is not None
    return played_words(error.played)

HERE = Place(guild_id=10, channel_id=100)
COMMANDS = Commands(start="/wordle start", give_up="/wordle giveup",
                    challenge="/wordle challenge", here="here", channel=str)
ELSEWHERE = Place(guild_id=10, channel_id=200)
ALICE, BOB, CAROL = 1001, 1002, 1003


# --- starting games ------------------------------------------------------------------------

async def test_own_game_start_and_resume(service, picker):
    picker.queue.append("slate")
    first = await service.start(HERE, ALICE)
    assert not first.resumed
    assert first.game.scope is Scope.OWN and first.game.kind is Kind.RANDOM
    assert first.game.owner_id == ALICE
    assert first.game.answer is None  # never shown while the game is on
    again = await service.start(HERE, ALICE)
    assert again.resumed and again.game.id == first.game.id and not again.other_kind
    # Another channel is another game.
    other = await service.start(ELSEWHERE, ALICE)
    assert other.game.id != first.game.id


async def test_a_practice_start_that_finds_the_daily_says_it_is_another_kind(service):
    daily = await service.start(HERE, ALICE, kind="daily")
    again = await service.start(HERE, ALICE)  # practice asked for: the daily runs here
    assert again.resumed and again.game.id == daily.game.id and again.other_kind
    same = await service.start(HERE, ALICE, kind="daily", hard_mode=True)
    assert same.resumed and not same.other_kind


async def test_one_channel_game_per_channel(service):
    first = await service.start(HERE, ALICE, scope="channel")
    assert first.game.owner_id is None
    again = await service.start(HERE, BOB, scope="channel")
    assert again.resumed and again.game.id == first.game.id


async def test_bad_start_options(service):
    with pytest.raises(BadOption):
        await service.start(HERE, ALICE, scope="everyone")
    with pytest.raises(BadOption):
        await service.start(HERE, ALICE, scope="channel", kind="daily")
    with pytest.raises(BadOption):
        await service.start(HERE, ALICE, kind="custom")
    with pytest.raises(InvalidGuess):
        await service.start(HERE, ALICE, word="'; DROP TABLE games; --")


async def test_a_channel_game_with_a_chosen_word_is_a_challenge(service, db):
    # start(word=) is for an own game: a channel game with a word is challenge(), which
    # records who chose it (and so keeps them from guessing it)
    with pytest.raises(BadOption) as refused:
        await service.start(HERE, ALICE, scope="channel", word="lemon")
    assert refused.value.problem is Problem.CHALLENGE_NOT_START
    assert await db.active_channel_game(HERE.guild_id, HERE.channel_id) is None


async def test_own_game_with_chosen_word_is_practice(service):
    started = await service.start(HERE, ALICE, word="LEMON")
    assert started.game.kind is Kind.CHOSEN and started.game.label == "Wordle practice"
    result = await service.guess(HERE, ALICE, "lemon")
    assert share_words(result.game, result.finish).startswith("Wordle practice 1/6")
    assert (await service.stats(HERE.guild_id, ALICE, "practice")).wins == 1


# --- guessing ------------------------------------------------------------------------------

async def test_guess_result_and_win(service, picker):
    picker.queue.append("slate")
    await service.start(HERE, ALICE)
    result = await service.guess(HERE, ALICE, "CRANE")
    assert result.row == ("crane", "BBGBG")
    assert result.attempt == 1
    assert result.player_id == ALICE
    assert result.finish is None
    assert result.game.keyboard == {"c": "B", "r": "B", "a": "G", "n": "B", "e": "G"}
    win = await service.guess(HERE, ALICE, "slate")
    assert win.finish is not None
    assert win.finish.status == "won"
    assert win.finish.answer == "slate"
    assert win.game.answer == "slate"
    assert share_words(win.game, win.finish) == "Wordle practice 2/6\n\n⬛⬛🟩⬛🟩\n🟩🟩🟩🟩🟩"
    [shown] = win.finish.stats
    assert shown.player_id == ALICE
    assert shown.stats.played == 1 and shown.stats.wins == 1
    assert shown.stats.distribution[1] == 1
    # The game is over: the next guess has no game to go to.
    with pytest.raises(NoGame):
        await service.guess(HERE, ALICE, "crane")


async def test_loss_after_six(service, picker):
    picker.queue.append("slate")
    await service.start(HERE, ALICE)
    for word in ["crane", "speed", "erase", "abbey", "kebab"]:
        assert (await service.guess(HERE, ALICE, word)).finish is None
    last = await service.guess(HERE, ALICE, "hello")
    assert last.finish.status == "lost"
    assert last.finish.answer == "slate"
    assert share_words(last.game, last.finish).startswith("Wordle practice X/6")
    stats = await service.stats(HERE.guild_id, ALICE, StatsBucket.PRACTICE)
    assert stats.played == 1 and stats.wins == 0 and stats.current_streak == 0


BAD_INPUTS = ["", "   ", "cran", "cranes", "cr4ne", "crané", "🟩🟩🟩🟩🟩", "a" * 1000,
              "zzzzz", "'; DROP TABLE guesses; --", "cra\u200bne", None]


async def test_invalid_guesses_change_nothing(service, db, picker):
    picker.queue.append("slate")
    started = await service.start(HERE, ALICE)
    for bad in BAD_INPUTS:
        with pytest.raises(InvalidGuess) as info:
            await service.guess(HERE, ALICE, bad)
        assert info.value.problem is Problem.INVALID_WORD and info.value.invalid.message
    record = await db.get_game(started.game.id)
    assert record.guesses == ()
    assert record.status == "active"
    assert (await service.guess(HERE, ALICE, "crane")).attempt == 1


async def test_guess_routing_own_game_first_then_channel(service, picker):
    picker.queue.extend(["slate", "crane"])
    channel = await service.start(HERE, ALICE, scope="channel")  # slate
    own = await service.start(HERE, BOB)  # crane
    # Bob has an own game here: his guess goes there.
    result = await service.guess(HERE, BOB, "slate")
    assert result.game.id == own.game.id
    # Alice has none: hers goes to the channel game.
    result = await service.guess(HERE, ALICE, "crane")
    assert result.game.id == channel.game.id
    # Nobody has anything in another channel.
    with pytest.raises(NoGame) as info:
        await service.guess(ELSEWHERE, ALICE, "crane")
    assert info.value.problem is Problem.NO_GAME


async def test_only_owner_guesses_in_own_game(service, db, picker):
    picker.queue.append("slate")
    own = await service.start(HERE, ALICE)
    # Bob cannot reach Alice's game: with no channel game there is nothing for him here.
    with pytest.raises(NoGame):
        await service.guess(HERE, BOB, "crane")
    with pytest.raises(NoGame):
        await service.give_up(HERE, BOB)
    assert (await db.get_game(own.game.id)).guesses == ()


async def test_channel_game_records_each_player(service, picker):
    picker.queue.append("slate")
    await service.start(HERE, ALICE, scope="channel")
    await service.guess(HERE, ALICE, "crane")
    await service.guess(HERE, BOB, "spite")
    result = await service.guess(HERE, CAROL, "slate")
    assert result.game.players == (ALICE, BOB, CAROL)
    assert result.game.solved_by == CAROL
    # Every participant's channel statistics count the game.
    for player in (ALICE, BOB, CAROL):
        stats = await service.stats(HERE.guild_id, player, "channel")
        assert stats.played == 1 and stats.wins == 1
        assert stats.distribution[2] == 1


async def test_challenge_setter_cannot_guess(service, db):
    started = await service.challenge(HERE, ALICE, "Lemon")
    assert started.game.kind is Kind.CHOSEN and started.game.setter_id == ALICE
    with pytest.raises(NotYourGame) as info:
        await service.guess(HERE, ALICE, "melon")
    assert info.value.problem is Problem.SETTER
    with pytest.raises(NotYourGame):
        await service.hint(HERE, ALICE, "letter")
    assert (await db.get_game(started.game.id)).guesses == ()
    result = await service.guess(HERE, BOB, "melon")
    assert result.row.feedback == "YGYGG"
    assert result.game.label == "Wordle challenge"
    assert (await service.guess(HERE, CAROL, "lemon")).finish.status == "won"
    # A word outside the dictionary, or junk, is refused.
    with pytest.raises(InvalidGuess):
        await service.challenge(ELSEWHERE, ALICE, "zzzzz")
    with pytest.raises(InvalidGuess):
        await service.challenge(ELSEWHERE, ALICE, "' OR 1=1")


async def test_challenge_refused_while_channel_game_runs(service):
    await service.start(HERE, ALICE, scope="channel")
    with pytest.raises(GameAlreadyRunning):
        await service.challenge(HERE, BOB, "lemon")


async def test_hard_mode_breach_is_invalid(service, picker):
    picker.queue.append("slate")
    await service.start(HERE, ALICE, hard_mode=True)
    await service.guess(HERE, ALICE, "crane")
    with pytest.raises(InvalidGuess) as info:
        await service.guess(HERE, ALICE, "speed")
    assert info.value.invalid.message == "Hard mode: the 3rd letter must be A."
    assert (await service.board(HERE, ALICE)).attempts_used == 1


async def test_many_players_race_on_a_channel_game(service, db, picker):
    picker.queue.append("slate")
    started = await service.start(HERE, ALICE, scope="channel")
    players = range(5000, 5050)

    async def play(player: int) -> object:
        try:
            return await service.guess(HERE, player, "crane")
        except (NoGame, InvalidGuess) as exc:
            return exc

    results = await asyncio.gather(*(play(p) for p in players))
    accepted = [r for r in results if hasattr(r, "attempt")]
    assert sorted(r.attempt for r in accepted) == [1, 2, 3, 4, 5, 6]
    record = await db.get_game(started.game.id)
    assert [g.attempt for g in record.guesses] == [1, 2, 3, 4, 5, 6]
    assert record.status == "lost"
    finishes = [r for r in accepted if r.finish is not None]
    assert len(finishes) == 1
    # Statistics counted once per participant.
    for player in {g.player_id for g in record.guesses}:
        assert (await service.stats(HERE.guild_id, player, "channel")).played == 1


# --- daily ----------------------------------------------------------------------------------

async def test_daily_started_twice_resumes_and_cannot_be_replayed(service, words, clock):
    first = await service.start(HERE, ALICE, kind="daily")
    number = today_puzzle_number(clock(), "UTC")
    assert first.game.puzzle_number == number
    assert first.game.label == f"Wordle {number:,}"
    again = await service.start(HERE, ALICE, kind="daily")
    assert again.resumed and again.game.id == first.game.id
    # A server new to dailies deals from its own order at once.
    answer = server_daily_word(number, words.answers, "test-salt", HERE.guild_id, number)
    result = await service.guess(HERE, ALICE, answer)
    assert result.finish.status == "won"
    assert share_words(result.game, result.finish).startswith(f"Wordle {number:,} 1/6")
    with pytest.raises(DailyAlreadyPlayed) as info:
        await service.start(HERE, ALICE, kind="daily")
    assert info.value.puzzle_number == number
    assert quoted(info.value).startswith(f"Wordle {number:,} 1/6")
    # Everyone gets the same word.
    bob = await service.start(ELSEWHERE, BOB, kind="daily")
    assert (await service.guess(ELSEWHERE, BOB, answer)).finish.status == "won"
    assert bob.game.puzzle_number == number
    summary = await service.daily_summary(HERE.guild_id)
    assert {r.player_id for r in summary.results} == {ALICE, BOB}
    assert summary.server_streak == 1


async def test_a_past_days_results_show_the_server_streak_of_that_day(service, clock, words):
    """A past day's post is edited again (a forget-me): its streak is the one it had then,
    not today's."""
    first = today_puzzle_number(clock(), "UTC")
    for day in range(3):
        number = first + day
        await service.start(HERE, ALICE, kind="daily")
        answer = server_daily_word(number, words.answers, "test-salt", HERE.guild_id, first)
        assert (await service.guess(HERE, ALICE, answer)).game.won
        clock.now += timedelta(days=1)
    clock.now -= timedelta(days=1)
    assert (await service.daily_summary(HERE.guild_id)).server_streak == 3
    assert (await service.daily_summary(HERE.guild_id, first)).server_streak == 1
    assert (await service.daily_summary(HERE.guild_id, first + 1)).server_streak == 2


async def test_daily_follows_server_time_zone(service, clock):
    await zone_set_long_ago(service, clock, HERE.guild_id, "Pacific/Auckland")
    started = await service.start(HERE, ALICE, kind="daily")
    assert started.game.puzzle_number == today_puzzle_number(clock(), "Pacific/Auckland")
    assert started.game.puzzle_number == today_puzzle_number(clock(), "UTC") + 1
    with pytest.raises(BadOption):
        await service.update_settings(HERE.guild_id, timezone="Mars/Olympus_Mons")


async def test_a_server_time_zone_is_kept_in_its_canonical_spelling(service):
    changed = await service.update_settings(HERE.guild_id, timezone=" europe/paris ")
    assert changed.timezone == "Europe/Paris"
    for name in ("Europe/Pariss", "posix/Europe/Paris"):  # a host-specific name too
        with pytest.raises(BadOption) as refused:
            await service.update_settings(HERE.guild_id, timezone=name)
        assert refused.value.problem is Problem.BAD_SETTING
        assert refused.value.detail == name  # the name as typed; the front ends word it
        assert "Did you mean 'Europe/Paris'" in problem_text(refused.value, COMMANDS)
    assert (await service.db.guild_settings(HERE.guild_id)).timezone == "Europe/Paris"


async def test_daily_blocked_by_running_practice_game(service):
    await service.start(HERE, ALICE)
    with pytest.raises(GameAlreadyRunning):
        await service.start(HERE, ALICE, kind="daily")


# --- hints ----------------------------------------------------------------------------------

async def test_hints_are_recorded_and_reveal_what_they_say(service, db, picker):
    picker.queue.append("slate")
    started = await service.start(HERE, ALICE)
    await service.guess(HERE, ALICE, "crane")  # A and E green
    letter = await service.hint(HERE, ALICE, "letter")
    assert letter.letter in set("slt")
    position = await service.hint(HERE, ALICE, HintKind.POSITION)
    assert position.position in (1, 2, 4)
    assert "slate"[position.position - 1] == position.letter
    word = await service.hint(HERE, ALICE, "word")
    assert word.word and word.candidates_left >= 1
    hints = await db.hints_for_game(started.game.id)
    assert [h.kind for h in hints] == ["letter", "position", "word"]
    with pytest.raises(BadOption):
        await service.hint(HERE, ALICE, "everything")
    result = await service.guess(HERE, ALICE, "slate")
    assert "3 hints used" in share_words(result.game, result.finish)


async def test_a_word_hint_while_the_strategy_is_built_is_provisional_and_says_so(
        db, words, clock, picker, tmp_path):
    solver = Solver(list(words.answers), list(words.allowed_sorted),
                    cache_dir=tmp_path / "cache", build_process=True)
    service = GameService(db, words, daily_salt="test-salt", clock=clock, choose=picker,
                          solver=solver)
    picker.queue.append("slate")
    await service.start(HERE, ALICE)
    quick = await service.hint(HERE, ALICE, "word")  # the build runs in another process
    assert quick.provisional and quick.word in words.allowed
    assert "still working out its full strategy" in hint_text(quick)
    await asyncio.to_thread(solver.strategy, False)  # wait for the build
    best = await service.hint(HERE, ALICE, "word")
    assert not best.provisional and best.word == solver.suggest([])
    assert hint_text(best) == (f"Try {best.word.upper()}: {best.candidates_left} possible "
                               "words fit what you know so far.")


async def test_no_word_hint_when_a_player_chose_the_word(service):
    # "qajaq" is allowed but not an answer: the solver's candidates would not contain it.
    await service.challenge(HERE, ALICE, "qajaq")
    await service.guess(HERE, BOB, "crane")
    with pytest.raises(NoHintLeft) as info:
        await service.hint(HERE, BOB, "word")
    assert info.value.problem is Problem.NO_WORD_HINT
    # Letter and position hints still work.
    assert (await service.hint(HERE, BOB, "letter")).letter in set("qj")


async def test_hints_can_be_turned_off_in_channel_games(service):
    await service.start(HERE, ALICE, scope="channel")
    await service.update_settings(HERE.guild_id, hints_in_channel_games=False)
    with pytest.raises(HintsNotAllowed):
        await service.hint(HERE, BOB, "letter")
    # Own games are not affected.
    await service.start(ELSEWHERE, BOB)
    assert (await service.hint(ELSEWHERE, BOB, "letter")).letter


# --- give up, board, analysis, leaderboard, forget me --------------------------------------

async def test_give_up_reveals_and_counts_as_loss(service, picker):
    picker.queue.append("slate")
    await service.start(HERE, ALICE)
    await service.guess(HERE, ALICE, "crane")
    result = await service.give_up(HERE, ALICE)
    assert result.finish.status == "given_up"
    assert result.finish.answer == "slate"
    assert share_words(result.game, result.finish).startswith("Wordle practice X/6")
    stats = await service.stats(HERE.guild_id, ALICE, "practice")
    assert stats.played == 1 and stats.wins == 0
    with pytest.raises(NoGame):
        await service.board(HERE, ALICE)


async def test_channel_give_up_only_by_participants(service, picker):
    picker.queue.append("slate")
    await service.start(HERE, ALICE, scope="channel")
    await service.guess(HERE, ALICE, "crane")
    with pytest.raises(NotYourGame):
        await service.give_up(HERE, BOB)
    assert (await service.give_up(HERE, ALICE)).finish.status == "given_up"


async def test_a_channel_game_whose_guessers_were_forgotten_is_still_started(service, picker):
    # Forgetting alice makes her guess anonymous; the game has still had its first guess,
    # so a bystander may not end it for everyone. A new guesser may.
    picker.queue.append("slate")
    await service.start(HERE, ALICE, scope="channel")
    await service.guess(HERE, ALICE, "crane")
    await service.forget_me(ALICE)
    with pytest.raises(NotYourGame) as info:
        await service.give_up(HERE, BOB)
    assert info.value.problem is Problem.NOT_A_PLAYER
    assert (await service.board(HERE, BOB)).rows[0][0] == "crane"  # nothing changed
    await service.guess(HERE, BOB, "spite")
    assert (await service.give_up(HERE, BOB)).finish.status == "given_up"


async def test_analysis_of_finished_game(service, picker):
    picker.queue.append("slate")
    await service.start(HERE, ALICE)
    with pytest.raises(NoGame):
        await service.analyse(HERE, ALICE)
    await service.guess(HERE, ALICE, "crane")
    await service.guess(HERE, ALICE, "slate")
    result = await service.analyse(HERE, ALICE)
    assert result.game.answer == "slate"
    steps = result.analysis.steps
    assert [s.guess for s in steps] == ["crane", "slate"]
    assert 0 <= result.analysis.skill <= 100 and 0 <= result.analysis.luck <= 100


async def test_leaderboard_and_forget_me(service, db, picker):
    picker.queue.extend(["slate", "slate", "slate"])
    for player, guesses in ((ALICE, ["slate"]), (BOB, ["crane", "slate"]),
                            (CAROL, ["crane", "spite", "slate"])):
        await service.start(HERE, player)
        for word in guesses:
            await service.guess(HERE, player, word)
    board = await service.leaderboard(HERE.guild_id, CAROL, mode="practice", by="average",
                                      limit=2)
    assert [row.player_id for row in board.rows] == [ALICE, BOB]
    assert board.player_row.player_id == CAROL and board.player_row.rank == 3
    report = await service.forget_me(BOB)
    assert report.total > 0
    board = await service.leaderboard(HERE.guild_id, mode="practice", by="wins")
    assert BOB not in [row.player_id for row in board.rows]
    assert (await service.stats(HERE.guild_id, BOB, "practice")).played == 0
    with pytest.raises(BadOption):
        await service.leaderboard(HERE.guild_id, by="'; DROP TABLE stats; --")


# --- restart --------------------------------------------------------------------------------

async def test_restart_between_two_guesses_continues(place, make_service, picker):
    picker.queue.append("slate")
    first_db = await place.open()
    service = make_service(first_db)
    started = await service.start(HERE, ALICE, hard_mode=True)
    await service.guess(HERE, ALICE, "crane")
    await first_db.close()

    second_db = await place.open()
    try:
        service = make_service(second_db)
        board = await service.board(HERE, ALICE)
        assert board.id == started.game.id and board.attempts_used == 1
        # Hard mode survived the restart too.
        with pytest.raises(InvalidGuess) as info:
            await service.guess(HERE, ALICE, "speed")
        assert info.value.invalid.code == "hard_mode"
        result = await service.guess(HERE, ALICE, "slate")
        assert result.attempt == 2 and result.finish.status == "won"
    finally:
        await second_db.close()


# --- the rules of issue 9 and the races of issue 10 -----------------------------------------

async def test_errors_carry_a_code_and_data_not_words(service):
    await service.start(HERE, ALICE)
    with pytest.raises(GameAlreadyRunning) as info:
        await service.start(HERE, ALICE, kind="daily")
    assert info.value.problem is Problem.OWN_GAME_RUNNING
    # No English and no command names: each front end words it for its own commands.
    assert str(info.value) == "own_game_running"


async def test_anyone_gives_up_a_channel_game_before_the_first_guess(service):
    await service.start(HERE, ALICE, scope="channel")
    result = await service.give_up(HERE, BOB)
    assert result.finish.status is Status.GIVEN_UP


async def test_setter_may_give_up_and_sees_the_guessers_statistics(service):
    await service.challenge(HERE, ALICE, "lemon")
    await service.guess(HERE, BOB, "melon")
    with pytest.raises(NotYourGame) as info:
        await service.give_up(HERE, CAROL)  # never guessed in it
    assert info.value.problem is Problem.NOT_A_PLAYER
    result = await service.give_up(HERE, ALICE)
    assert result.finish.status is Status.GIVEN_UP
    # The game counts for Bob, not for the setter (who would read "Played 0").
    assert [(s.player_id, s.stats.played) for s in result.finish.stats] == [(BOB, 1)]


class RaceStore:
    """The real store, with something else landing just before one call."""

    def __init__(self, db, call: str, before) -> None:
        self._db, self._call, self._before = db, call, before

    def __getattr__(self, name):
        real = getattr(self._db, name)
        if name != self._call:
            return real

        async def raced(*args, **kwargs):
            await self._before()
            return await real(*args, **kwargs)

        return raced


async def test_hint_racing_a_winning_guess_says_the_game_ended(db, make_service, picker):
    picker.queue.append("slate")
    plain = make_service(db)
    await plain.start(HERE, ALICE, scope="channel")

    async def bob_wins():
        await plain.guess(HERE, BOB, "slate")

    raced = make_service(RaceStore(db, "record_hint", bob_wins))
    with pytest.raises(NoGame) as info:
        await raced.hint(HERE, ALICE, "letter")
    assert info.value.problem is Problem.GAME_ENDED


async def test_hint_racing_a_give_up_says_the_game_ended(db, make_service, picker):
    picker.queue.append("slate")
    plain = make_service(db)
    await plain.start(HERE, ALICE)

    async def alice_gives_up():
        await plain.give_up(HERE, ALICE)

    raced = make_service(RaceStore(db, "record_hint", alice_gives_up))
    with pytest.raises(NoGame) as info:
        await raced.hint(HERE, ALICE, "position")
    assert info.value.problem is Problem.GAME_ENDED


@pytest.mark.parametrize(("call", "action"), [
    ("record_guess", lambda s: s.guess(HERE, ALICE, "crane")),
    ("record_ending_guess", lambda s: s.guess(HERE, ALICE, "slate")),  # the winning guess
    ("record_hint", lambda s: s.hint(HERE, ALICE, "letter")),
    ("give_up", lambda s: s.give_up(HERE, ALICE)),
])
async def test_forget_me_racing_the_same_players_move(db, make_service, picker, call, action):
    picker.queue.append("slate")
    plain = make_service(db)
    await plain.start(HERE, ALICE)

    async def forget_alice():
        await plain.forget_me(ALICE)

    raced = make_service(RaceStore(db, call, forget_alice))
    with pytest.raises(NoGame) as info:
        await action(raced)
    assert info.value.problem is Problem.GAME_GONE


async def test_daily_started_in_two_channels_at_once_says_where_it_is(db, make_service):
    plain = make_service(db)

    async def started_elsewhere_first():
        if not await db.daily_game(HERE.guild_id, ALICE, await plain.today(HERE.guild_id)):
            await plain.start(ELSEWHERE, ALICE, kind="daily")

    raced = make_service(RaceStore(db, "create_game", started_elsewhere_first))
    with pytest.raises(GameAlreadyRunning) as info:
        await raced.start(HERE, ALICE, kind="daily")
    assert info.value.problem is Problem.DAILY_ELSEWHERE
    assert info.value.channel_id == ELSEWHERE.channel_id


async def test_word_hint_after_the_answer_list_changed_gives_a_letter(service, picker):
    # PIOUS is allowed but not an answer (as if it left the answer list mid-game): after
    # CRANE no answer fits, so the solver cannot suggest a word.
    picker.queue.append("pious")
    started = await service.start(HERE, ALICE)
    await service.guess(HERE, ALICE, "crane")
    hint = await service.hint(HERE, ALICE, "word")
    assert hint.fallback and hint.kind is HintKind.LETTER and hint.letter in set("pious")
    assert [h.kind for h in await service.db.hints_for_game(started.game.id)] == ["letter"]


async def test_a_forgotten_setter_is_still_told_they_set_the_word(service):
    await service.challenge(HERE, ALICE, "lemon")
    await service.forget_me(ALICE)
    with pytest.raises(NotYourGame) as info:
        await service.guess(HERE, ALICE, "lemon")
    assert info.value.problem is Problem.SETTER


async def test_hints_asked_at_once_are_never_the_same(service, db, picker):
    # Players of one channel game pressing a hint button at the same moment.
    for round_ in range(16):
        kind = (HintKind.POSITION, HintKind.LETTER)[round_ % 2]
        picker.queue.append("crane")
        place = Place(HERE.guild_id, 900 + round_)
        await service.start(place, ALICE, scope="channel")
        await service.guess(place, ALICE, "slate")  # A and E green: C, R, N left
        given = await asyncio.gather(*(service.hint(place, p, kind)
                                       for p in (ALICE, BOB, CAROL)))
        values = [r.position if kind is HintKind.POSITION else r.letter for r in given]
        assert len(set(values)) == 3, (kind, values)


async def test_a_letter_hint_never_repeats_a_letter_a_position_hint_gave(service, picker):
    picker.queue.append("crane")
    await service.start(HERE, ALICE)
    shown = {(await service.hint(HERE, ALICE, HintKind.POSITION)).letter for _ in range(5)}
    assert shown == set("crane")
    with pytest.raises(NoHintLeft) as none_left:  # every letter is known from positions
        await service.hint(HERE, ALICE, HintKind.LETTER)
    assert none_left.value.problem is Problem.NO_LETTER_LEFT


@pytest.mark.parametrize("game_id", [2**63, 10**40, -1])
async def test_a_game_id_no_store_can_hold_is_a_game_that_no_longer_exists(service, game_id):
    """A board button's id comes from the client: one past the stores' range (a forged
    button or modal) is refused like any game that is gone, not taken for a bug."""
    await service.start(HERE, ALICE)
    for ask in (service.may(HERE, ALICE, game_id, "guess"),
                service.guess(HERE, ALICE, "crane", game_id=game_id),
                service.hint(HERE, ALICE, "letter", game_id=game_id),
                service.give_up(HERE, ALICE, game_id=game_id)):
        with pytest.raises(NoGame) as info:
            await ask
        assert info.value.problem is Problem.GAME_GONE
    assert (await service.board(HERE, ALICE)).rows == ()


async def test_a_private_game_is_never_played_from_a_public_board(service, picker):
    """A board everyone sees names a game that is private (its id came again: a restored
    backup): refused as gone, nothing saved; from the player's own private board it plays."""
    daily = (await service.start(HERE, ALICE, kind="daily")).game
    for ask in (service.may(HERE, ALICE, daily.id, "guess", public_board=True),
                service.may(HERE, ALICE, daily.id, "give_up", public_board=True),
                service.hint(HERE, ALICE, "letter", game_id=daily.id, public_board=True),
                service.guess(HERE, ALICE, "crane", game_id=daily.id, public_board=True)):
        with pytest.raises(NoGame) as info:
            await ask
        assert info.value.problem is Problem.GAME_GONE
    assert (await service.board(HERE, ALICE)).rows == ()
    played = await service.guess(HERE, ALICE, "crane", game_id=daily.id)
    assert len(played.game.rows) == 1
    picker.queue.append("slate")
    practice = (await service.start(Place(1, 3), ALICE)).game  # public: either board plays it
    assert (await service.may(Place(1, 3), ALICE, practice.id, "guess",
                              public_board=True)).id == practice.id
