import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.core.game import (
    MAX_ATTEMPTS,
    Game,
    Invalid,
    Row,
    Status,
    hard_mode_problem,
    keyboard,
    validate_guess,
)

ALLOWED = frozenset(
    {"crane", "slate", "speed", "erase", "sissy", "spicy", "spiky", "spies", "abbey", "kebab",
     "hello", "lolly", "tests", "three", "there", "geese", "those", "vivid", "civic", "ethos",
     "shard", "stair", "start", "stark", "sharp"}
)


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
    assert Game("slate").guess("\u212aebab", ALLOWED).invalid is not None


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
    game = Game("slate")
    for bad in ["", "cr4ne", "zzzzz", "a" * 1000, None, "🙂"]:
        outcome = game.guess(bad, ALLOWED)
        assert not outcome.accepted
        assert outcome.invalid is not None
    assert game.attempts_used == 0
    assert game.status is Status.ACTIVE
    outcome = game.guess("CRANE", ALLOWED)
    assert outcome.accepted
    assert outcome.row == Row("crane", "BBGBG")
    assert game.attempts_used == 1


def test_win_on_all_green():
    game = Game("slate")
    game.guess("crane", ALLOWED)
    outcome = game.guess("slate", ALLOWED)
    assert outcome.row.feedback == "GGGGG"
    assert game.status is Status.WON
    assert game.is_over


def test_lost_after_sixth_wrong_guess_and_finished_game_refuses():
    game = Game("slate")
    words = ["crane", "speed", "erase", "abbey", "kebab"]
    for word in words:
        game.guess(word, ALLOWED)
        assert game.status is Status.ACTIVE
    game.guess("hello", ALLOWED)
    assert game.attempts_used == MAX_ATTEMPTS
    assert game.status is Status.LOST
    outcome = game.guess("slate", ALLOWED)
    assert outcome.invalid.code == "finished"
    assert game.attempts_used == MAX_ATTEMPTS


def test_win_on_sixth_attempt_is_a_win():
    game = Game("slate")
    for word in ["crane", "speed", "erase", "abbey", "kebab"]:
        game.guess(word, ALLOWED)
    game.guess("slate", ALLOWED)
    assert game.status is Status.WON


def test_give_up():
    game = Game("slate")
    game.guess("crane", ALLOWED)
    game.give_up()
    assert game.status is Status.GIVEN_UP
    assert game.guess("slate", ALLOWED).invalid.code == "finished"
    won = Game("crane")
    won.guess("crane", ALLOWED)
    won.give_up()
    assert won.status is Status.WON


def test_bad_hidden_word_refused():
    with pytest.raises(ValueError):
        Game("slat")
    with pytest.raises(ValueError):
        Game("slaté")


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
    game = Game("slate", hard_mode=True)
    game.guess("crane", ALLOWED)
    outcome = game.guess("speed", ALLOWED)
    assert outcome.invalid.code == "hard_mode"
    assert outcome.invalid.message == "Hard mode: the 3rd letter must be A."
    assert game.attempts_used == 1
    assert game.guess("slate", ALLOWED).accepted


def test_normal_mode_ignores_hard_rules():
    game = Game("slate")
    game.guess("crane", ALLOWED)
    assert game.guess("speed", ALLOWED).accepted


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
