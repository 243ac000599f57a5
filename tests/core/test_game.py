from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.core.domain import ALL_GREEN, CHALLENGE, DAILY, MAX_ATTEMPTS, Kind, Scope, StatsBucket
from bot.core.game import (
    Game,
    Guess,
    Invalid,
    Row,
    Status,
    hard_mode_problem,
    keyboard,
    status_after,
    validate_guess,
)
from bot.core.variant import Variant
from bot.core.word_notes import ordinal

ALLOWED = frozenset(
    {"crane", "slate", "speed", "erase", "sissy", "spicy", "spiky", "spies", "abbey", "kebab",
     "hello", "lolly", "tests", "three", "there", "geese", "those", "vivid", "civic", "ethos",
     "shard", "stair", "start", "stark", "sharp"}
)

T0 = datetime(2026, 1, 1, tzinfo=UTC)
T1 = datetime(2026, 1, 1, 0, 5, tzinfo=UTC)


def new(word: str, **fields) -> Game:
    return Game(hidden_word=word, created_at=T0, **fields)


def play(game: Game, *words: str, player_id: int | None = 1) -> Game:
    """``game`` after ``words``, each of which must be accepted."""
    for word in words:
        after = game.guess(word, ALLOWED, player_id=player_id, now=T1)
        assert isinstance(after, Game), after
        game = after
    return game


# --- validation: every invalid-input class gets its own reason and never raises -------------

@pytest.mark.parametrize(
    ("raw", "code"),
    [
        (None, "empty"),
        ("", "empty"),
        ("   ", "empty"),
        ("\n\t", "empty"),
        ("cran", "length"),
        ("cranes", "length"),
        ("a" * 1000, "length"),
        ("cr4ne", "characters"),
        ("12345", "characters"),
        ("crané", "characters"),
        ("CRANÉ", "characters"),
        ("cra\u200bne", "characters"),  # zero-width space inside
        ("\u200bcrane", "characters"),
        ("🟩🟩🟩🟩🟩", "characters"),
        ("cr🙂ne", "characters"),
        ("crane; DROP TABLE games;--", "characters"),
        ("' OR 1=1 --", "characters"),
        ("cr ne", "characters"),
        ("ｃｒａｎｅ", "characters"),  # full-width letters
        ("😀" * 1000, "characters"),
        ("zzzzz", "unknown_word"),
        ("qwert", "unknown_word"),
        (12345, "characters"),
        (b"crane", "characters"),
        (["crane"], "characters"),
    ],
)
def test_invalid_guesses_have_distinct_reasons(raw, code):
    result = validate_guess(raw, ALLOWED)
    assert isinstance(result, Invalid)
    assert result.code == code
    assert result.message
    # Messages stay short even for huge input.
    assert len(result.message) < 200


def test_invalid_messages_say_why():
    assert "5 letters" in validate_guess("cran", ALLOWED).message
    assert "has 4" in validate_guess("cran", ALLOWED).message
    assert "A to Z" in validate_guess("cr4ne", ALLOWED).message
    assert "digit 4" in validate_guess("cr4ne", ALLOWED).message
    assert "U+200B" in validate_guess("cra\u200bne", ALLOWED).message
    assert validate_guess("zzzzz", ALLOWED).message == "ZZZZZ is not in the word list."


def test_look_alike_letter_refused():
    # KELVIN SIGN lower-cases to k: "\u212aebab".lower() == "kebab", which is allowed.
    result = validate_guess("\u212aebab", ALLOWED)
    assert isinstance(result, Invalid) and result.code == "characters"
    assert isinstance(new("slate").guess("\u212aebab", ALLOWED, player_id=1, now=T1), Invalid)


@pytest.mark.parametrize("raw", ["crane", "CRANE", "CrAnE", "  crane  ", "\tcrane\n"])
def test_valid_guess_normalised(raw):
    assert validate_guess(raw, ALLOWED) == "crane"


@given(st.text(max_size=50))
def test_validate_never_raises(raw):
    result = validate_guess(raw, ALLOWED)
    assert isinstance(result, str | Invalid)
    if isinstance(result, str):
        assert result in ALLOWED


# --- a game ------------------------------------------------------------------------------

def test_invalid_guess_costs_no_attempt():
    game = new("slate")
    for bad in ["", "cr4ne", "zzzzz", "a" * 1000, None, "🙂"]:
        assert isinstance(game.guess(bad, ALLOWED, player_id=1, now=T1), Invalid)
    assert game.attempts_used == 0
    assert game.status is Status.ACTIVE
    after = game.guess("CRANE", ALLOWED, player_id=1, now=T1)
    assert isinstance(after, Game)
    assert after.rows == (Row("crane", "BBGBG"),)
    assert after.guesses == (Guess(1, 1, "crane", "BBGBG", T1),)
    assert after.attempts_used == 1 and after.attempts_left == MAX_ATTEMPTS - 1
    assert game.attempts_used == 0  # the game played is unchanged


def test_win_on_all_green():
    game = play(new("slate"), "crane", "slate", player_id=7)
    assert game.rows[-1].feedback == "GGGGG"
    assert game.status is Status.WON and game.won and game.is_over
    assert game.solved_by == 7 and game.finished_at == T1


def test_lost_after_sixth_wrong_guess_and_finished_game_refuses():
    game = new("slate")
    for word in ["crane", "speed", "erase", "abbey", "kebab"]:
        game = play(game, word)
        assert game.status is Status.ACTIVE and game.finished_at is None
    game = play(game, "hello")
    assert game.attempts_used == MAX_ATTEMPTS and game.attempts_left == 0
    assert game.status is Status.LOST and game.solved_by is None and game.finished_at == T1
    refused = game.guess("slate", ALLOWED, player_id=1, now=T1)
    assert isinstance(refused, Invalid) and refused.code == "finished"
    with pytest.raises(ValueError, match="over"):
        game.play("slate", player_id=1, now=T1)


def test_win_on_sixth_attempt_is_a_win():
    game = play(new("slate"), "crane", "speed", "erase", "abbey", "kebab", "slate")
    assert game.status is Status.WON


def test_the_variant_sets_the_attempts():
    short = new("slate", variant=Variant(attempts=2))
    assert short.attempts_left == 2
    assert play(short, "crane").status is Status.ACTIVE
    assert play(short, "crane", "speed").status is Status.LOST


def test_give_up():
    game = play(new("slate"), "crane").given_up(T1)
    assert game.status is Status.GIVEN_UP and game.finished_at == T1
    assert game.guess("slate", ALLOWED, player_id=1, now=T1).code == "finished"
    won = play(new("crane"), "crane")
    assert won.given_up(T1) is won


def test_bad_hidden_word_refused():
    for word in ("slat", "slaté", "SLATE", "slates"):
        with pytest.raises(ValueError):
            new(word)
    with pytest.raises(ValueError, match="no game mode"):
        new("slate", scope="channel", kind="daily")


def test_the_hidden_word_stays_out_of_sight_until_the_game_is_over():
    game = play(new("slate"), "crane")
    assert game.answer is None and game.hidden_word == "slate"
    assert "slate" not in repr(game)
    assert play(game, "slate").answer == "slate"
    assert game.given_up(T1).answer == "slate"
    # A race board lost while others still race keeps the word; a won one is its last row.
    sealed = play(new("slate", sealed=True), "crane", "speed", "erase", "abbey", "kebab", "hello")
    assert sealed.is_over and sealed.answer is None
    assert play(new("slate", sealed=True), "slate").answer == "slate"


def test_derived_facts_are_worked_out_once_per_game():
    game = play(new("slate"), "crane", "speed")
    assert game.rows is game.rows and game.keyboard is game.keyboard
    assert game.players is game.players and game.label is game.label
    assert game.rows == (Row("crane", "BBGBG"), Row("speed", "GBYBB"))
    later = play(game, "slate")  # a new game: its facts are its own
    assert len(later.rows) == 3 and later.keyboard["t"] == "G" and "t" not in game.keyboard
    assert game.max_attempts == 6 and new("slate", variant=Variant(attempts=8)).max_attempts == 8


def test_stored_text_is_read_as_the_domain_enums():
    game = new("slate", scope="channel", kind="custom", status="active", setter_id=2)
    assert game.scope is Scope.CHANNEL and game.kind is Kind.CHOSEN
    assert game.status is Status.ACTIVE and game.mode is CHALLENGE
    assert game.label == "Wordle challenge" and game.bucket is StatsBucket.CHANNEL
    assert not game.private
    daily = new("slate", kind=Kind.DAILY, puzzle_number=1234, owner_id=1)
    assert daily.label == "Wordle 1,234" and daily.private and daily.mode is DAILY


def test_players_guessers_and_counted_players():
    game = new("slate", scope=Scope.CHANNEL)
    assert not game.guessed and game.guessers == frozenset() and game.counted_players == set()
    game = play(game, "crane", player_id=3)
    game = play(game, "speed", player_id=None)  # a player since forgotten
    game = play(game, "erase", player_id=4)
    assert game.players == (3, None, 4)
    assert game.guessed and game.guessers == {3, 4} == game.counted_players
    own = play(new("slate", owner_id=1), "crane", player_id=1)
    assert own.counted_players == {1}


def test_keyboard_of_a_game():
    game = play(new("erase"), "speed", "geese")
    assert game.keyboard == keyboard(game.rows)
    assert game.keyboard["e"] == "G" and game.keyboard["p"] == "B"


def test_status_after():
    assert status_after(ALL_GREEN, 1) is Status.WON
    assert status_after("ggggg", MAX_ATTEMPTS) is Status.WON
    assert status_after("GGGGY", MAX_ATTEMPTS - 1) is Status.ACTIVE
    assert status_after("GGGGY", MAX_ATTEMPTS) is Status.LOST
    assert Status.GIVEN_UP.is_over and not Status.ACTIVE.is_over
    four = Variant(length=4, attempts=3)
    assert status_after("GGGG", 1, four) is Status.WON
    assert status_after("GGGY", 2, four) is Status.ACTIVE
    assert status_after("GGGY", 3, four) is Status.LOST


# --- hard mode ---------------------------------------------------------------------------

def test_hard_mode_green_must_stay():
    rows = [Row("crane", "BBGBG")]  # against SLATE
    assert hard_mode_problem(rows, "speed") == "the 3rd letter must be A"
    assert hard_mode_problem(rows, "slate") is None
    rows = [Row("shard", "GBBBB")]
    assert hard_mode_problem(rows, "crane") == "the 1st letter must be S"


def test_hard_mode_yellow_must_be_reused():
    rows = [Row("crane", "BYBBB")]  # an R somewhere else
    assert hard_mode_problem(rows, "slate") == "your guess must contain R"
    assert hard_mode_problem(rows, "three") is None


def test_hard_mode_counts_repeated_letters():
    # SPEED against ERASE: S yellow, both Es marked: the next guess needs two Es and an S.
    rows = [Row("speed", "YBYYB")]
    assert hard_mode_problem(rows, "those") == "your guess must contain E twice"
    assert hard_mode_problem(rows, "geese") is None
    assert hard_mode_problem(rows, "erase") is None
    # One S green and one grey (SISSY vs SPICY... S G at 1, others grey): one S is enough.
    rows = [Row("sissy", "GYBBG")]
    assert hard_mode_problem(rows, "spicy") is None
    # Two S revealed (green + yellow) means two S needed.
    rows = [Row("sissy", "GBYBB")]
    assert hard_mode_problem(rows, "spicy") == "your guess must contain S twice"
    assert hard_mode_problem(rows, "spies") is None


def test_hard_mode_ordinal_messages():
    rows = [Row("vivid", "BBBBG")]
    assert hard_mode_problem(rows, "crane") == "the 5th letter must be D"
    rows = [Row("ethos", "BGBBB")]
    assert hard_mode_problem(rows, "crane") == "the 2nd letter must be T"


def test_hard_mode_game_refuses_breach_without_cost():
    game = play(new("slate", hard_mode=True), "crane")
    refused = game.guess("speed", ALLOWED, player_id=1, now=T1)
    assert refused == Invalid("hard_mode", "Hard mode: the 3rd letter must be A.")
    assert game.check("speed", ALLOWED) == refused
    assert game.attempts_used == 1
    assert play(game, "slate").won


def test_normal_mode_ignores_hard_rules():
    assert play(new("slate"), "crane", "speed").attempts_used == 2


def test_ordinals_and_counts_beyond_five_letters():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st"]
    rows = [Row("abcdefg", "BBBBBBG")]
    assert hard_mode_problem(rows, "abcdefh") == "the 7th letter must be G"
    rows = [Row("eeeeeeeeeeee", "Y" * 12)]
    assert hard_mode_problem(rows, "e" * 11 + "a") == "your guess must contain E 12 times"


# --- keyboard ----------------------------------------------------------------------------

def test_keyboard_precedence_never_downgrades():
    rows = [Row("speed", "YBYYB")]
    kb = keyboard(rows)
    assert kb == {"s": "Y", "p": "B", "e": "Y", "d": "B"}
    rows.append(Row("erase", "GGGGG"))
    kb = keyboard(rows)
    assert kb["e"] == "G" and kb["s"] == "G"
    # A later grey or yellow for a green letter does not downgrade it.
    rows.append(Row("geese", "BYBBB"))
    kb = keyboard(rows)
    assert kb["e"] == "G" and kb["s"] == "G"
    assert kb["g"] == "B"


def test_keyboard_same_letter_green_and_grey_in_one_row():
    # GEESE against THOSE: two Es grey, one green: the key is green.
    assert keyboard([Row("geese", "BBBGG")])["e"] == "G"
    # Yellow and grey in one row: yellow.
    assert keyboard([Row("speed", "BBYBB")])["e"] == "Y"


def test_keyboard_yellow_then_grey_stays_yellow():
    kb = keyboard([Row("crane", "BYBBB"), Row("three", "BBBBB")])
    assert kb["r"] == "Y"
    assert kb["t"] == "B"
    assert "z" not in kb


def test_a_move_carries_the_game_over_without_its_cached_facts():
    game = play(new("crane", id=7, scope=Scope.CHANNEL, kind=Kind.RANDOM), "slate")
    assert game.rows == (Row("slate", "BBGBG"),) and game.keyboard["a"] == "G"  # now cached
    after = game.moved(guesses=(*game.guesses, Guess(2, 2, "crane", "GGGGG", T1)),
                       status=Status.WON, finished_at=T1, solved_by=2)
    assert after.rows == (Row("slate", "BBGBG"), Row("crane", "GGGGG"))
    assert after.keyboard["c"] == "G" and after.guessers == frozenset({1, 2})
    assert (after.id, after.mode, after.hidden_word, after.answer) == (7, game.mode, "crane",
                                                                       "crane")
    assert after == play(game, "crane", player_id=2) and game.status is Status.ACTIVE


def test_a_move_changes_only_the_play():
    game = new("crane")
    with pytest.raises(TypeError, match="hidden_word"):
        game.moved(hidden_word="slate")
    with pytest.raises(TypeError, match="scope"):
        game.moved(scope=Scope.CHANNEL)
