"""Wording that a copy editor's pass found wrong: plurals, tenses, the project's words, and
numbers that must never read as nonsense ("try again in 0 s", "0/6" for a game with no guess)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from bot.cogs.board import game_footer
from bot.cogs.interact import slow_down_text
from bot.cogs.messages import COMMANDS, choices
from bot.core.domain import Kind, LeaderboardOrder, Scope, Status
from bot.core.game import Game, Guess, hard_mode_problem
from bot.core.race import RaceBoard, RaceBoardRow, RaceStats
from bot.core.variant import Variant
from bot.render.account_text import FORGET_KEEPS, forget_question_text, forgotten_text
from bot.render.problems import problem_text
from bot.render.race_text import race_board_text, race_board_title, standings_text
from bot.render.rules_text import rules_text
from bot.service import PlayerError, Problem
from bot.service.races import RaceView

NOW = datetime(2026, 11, 24, tzinfo=UTC)


def test_a_cooldown_never_says_zero_seconds() -> None:
    assert slow_down_text(0.4) == "Slow down a little: try again in 1 s."
    assert slow_down_text(2.2) == "Slow down a little: try again in 3 s."


def test_forget_me_counts_in_words_and_says_what_it_keeps() -> None:
    assert forgotten_text(0) == "Done: nothing about you was stored here."
    assert forgotten_text(1) == ("Done: 1 record about you was removed from this bot. "
                                 f"{FORGET_KEEPS}")
    assert forgotten_text(1200) == ("Done: 1,200 records about you were removed from this "
                                    f"bot. {FORGET_KEEPS}")
    # the marks it keeps, and that the database holds their key, before and after
    for text in (forget_question_text(), forgotten_text(3)):
        assert "anonymous mark" in text and "its key is in the same database" in text


def test_hard_mode_says_what_the_guess_must_do() -> None:
    assert hard_mode_problem([("geese", "BYBBG")], "crane") == "your guess must contain E twice"
    assert hard_mode_problem([("crane", "GBBBB")], "slate") == "the 1st letter must be C"


def test_slash_choices_show_words_not_stored_values() -> None:
    names = {c.value: c.name for c in choices(LeaderboardOrder)}
    assert names["win_percent"] == "win %" and names["max_streak"] == "max streak"
    assert {c.value: c.name for c in choices([Kind.RANDOM])} == {"random": "practice"}


def test_start_refusals_fit_every_start() -> None:
    own = problem_text(PlayerError(Problem.OWN_GAME_RUNNING), COMMANDS)
    assert "daily" not in own  # also said to an archive start
    assert own.endswith("then start this one.")
    channel = problem_text(PlayerError(Problem.CHANNEL_GAME_RUNNING), COMMANDS)
    assert "giveup" not in channel  # a bystander could not give it up
    archive = problem_text(PlayerError(Problem.DAILY_NOT_IN_CHANNEL), COMMANDS)
    assert archive.startswith("Daily and archive puzzles are played on your own")


def test_a_game_given_up_before_a_guess_reads_x_of_6() -> None:
    game = Game(id=1, scope=Scope.OWN, kind=Kind.RANDOM, owner_id=1, hidden_word="crane",
                status=Status.GIVEN_UP, created_at=NOW, finished_at=NOW)
    assert game_footer(game) == "Game over · X/6"
    won = replace(game, status=Status.WON, guesses=(Guess(1, 1, "crane", "GGGGG", NOW),),
                  solved_by=1)
    assert game_footer(won) == "Game over · 1/6"


def test_races_name_their_figures_in_words() -> None:
    race = RaceView(id=1, guild_id=1, channel_id=1, starter_id=1, hard_mode=False,
                    created_at=NOW, ends_at=NOW, finished_at=None, end=None, message_id=None,
                    racers=(), answer=None)
    assert standings_text(race, str) == "Nobody has joined yet."
    assert standings_text(replace(race, finished_at=NOW), str) == "Nobody joined."
    row = RaceBoardRow(rank=1, player_id=7, value=1, stats=RaceStats(played=1, wins=1,
                                                                     podiums=1))
    text = race_board_text(RaceBoard([row], None), LeaderboardOrder.WINS, None, str)
    assert "1 played · 1 podium" in text and "podiums" not in text
    assert race_board_title(LeaderboardOrder.WINS) == "Race leaderboard · wins · all time"
    refusal = problem_text(PlayerError(Problem.RACE_ORDER), COMMANDS)
    assert refusal == "Races are ranked by wins, win % or average guesses."


def test_help_says_where_hints_work_and_counts_attempts() -> None:
    from bot.cogs.help import help_text

    text = help_text()
    assert "on the daily and in races only if it turns them on" in text
    assert "cost no attempt" in text and "tries" not in text


def test_rules_text_example_row_is_scored_by_the_rules():
    assert "SPEED against ERASE is 🟨⬛🟨🟨⬛." in rules_text()
    assert "CRANE against CRANE is 🟩🟩🟩🟩🟩." in rules_text(("crane", "crane"))
    assert "ABBEY against KEBAB is 🟨🟨🟩🟨⬛." in rules_text(("abbey", "kebab"))
    assert rules_text().startswith("Guess the hidden 5-letter word in 6 attempts.")
    seven = rules_text(variant=Variant(attempts=7))
    assert seven.startswith("Guess the hidden 5-letter word in 7 attempts.")
