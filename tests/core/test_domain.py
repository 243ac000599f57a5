"""The rules in bot.core.domain, each on its own."""

from datetime import UTC, datetime

import pytest

from bot.core.domain import (
    CHALLENGE,
    CHANNEL_GAME,
    DAILY,
    MODES,
    PRACTICE,
    BadWord,
    HintKind,
    HintPolicy,
    Kind,
    LeaderboardOrder,
    Refusal,
    Row,
    Scope,
    StatsBucket,
    Status,
    WordProblem,
    counted_players,
    describe_character,
    game_label,
    give_up_refusal,
    guess_refusal,
    hint_refusal,
    is_setter,
    mode_of,
    normalise_feedback,
    normalise_word,
    parse_row,
    stats_bucket,
)
from bot.core.game import Game, Guess
from bot.core.variant import Variant

OWNER, SETTER, GUESSER, OTHER = 1, 2, 3, 4


T0 = datetime(2026, 1, 1, tzinfo=UTC)


def own(status=Status.ACTIVE, kind=Kind.RANDOM):
    return Game(scope=Scope.OWN, kind=kind, status=status, owner_id=OWNER, hidden_word="slate",
                created_at=T0)


def channel(guessers=(), setter=None, status=Status.ACTIVE, mark=None):
    kind = Kind.CHOSEN if setter or mark else Kind.RANDOM
    guesses = tuple(Guess(n, player, "crane", "BBGBG", T0)
                    for n, player in enumerate(guessers, start=1))
    return Game(scope=Scope.CHANNEL, kind=kind, status=status, setter_id=setter,
                setter_mark=mark, guesses=guesses, hidden_word="slate", created_at=T0)


def test_stored_values_are_the_database_strings():
    assert [s.value for s in Scope] == ["own", "channel"]
    assert [k.value for k in Kind] == ["daily", "random", "custom", "race", "archive"]
    assert [s.value for s in Status] == ["active", "won", "lost", "given_up"]
    assert [b.value for b in StatsBucket] == ["daily", "practice", "channel", "race", "archive"]
    assert [h.value for h in HintKind] == ["letter", "position", "word"]
    assert [o.value for o in LeaderboardOrder] == [
        "wins", "win_percent", "average", "current_streak", "max_streak"]


def test_mode_table():
    assert mode_of("own", "daily") is DAILY and DAILY.private
    assert mode_of(Scope.OWN, Kind.RANDOM) is PRACTICE and not PRACTICE.private
    assert mode_of("channel", "random") is CHANNEL_GAME
    assert mode_of("channel", "custom") is CHALLENGE
    assert CHALLENGE.scope is Scope.CHANNEL and PRACTICE.scope is Scope.OWN
    assert CHALLENGE.hints is HintPolicy.SERVER_SETTING
    assert DAILY.hints is HintPolicy.DAILY_SETTING  # hints_in_dailies
    assert PRACTICE.hints is mode_of("own", "archive").hints is HintPolicy.ALWAYS
    assert not CHALLENGE.word_hints and not mode_of("own", "custom").word_hints
    assert len(MODES) == 7
    archive = mode_of("own", "archive")
    assert archive.private and archive.bucket is StatsBucket.ARCHIVE
    assert game_label("own", "archive", 123) == "Wordle 123 · archive"
    assert mode_of("own", "race").bucket is StatsBucket.RACE and mode_of("own", "race").private
    with pytest.raises(ValueError, match="no game mode"):
        mode_of("channel", "daily")


def test_guess_refusal():
    assert guess_refusal(own(), OWNER) is None
    assert guess_refusal(own(), OTHER) is Refusal.NOT_YOUR_GAME
    assert guess_refusal(own(Status.WON), OWNER) is Refusal.GAME_OVER
    assert guess_refusal(channel(), OTHER) is None
    assert guess_refusal(channel(setter=SETTER), SETTER) is Refusal.SETTER
    assert guess_refusal(channel(setter=SETTER), OTHER) is None


def test_hint_refusal():
    assert hint_refusal(own(), OWNER) is None
    assert hint_refusal(own(), OTHER) is Refusal.NOT_YOUR_GAME
    assert hint_refusal(channel(setter=SETTER), SETTER) is Refusal.SETTER
    assert hint_refusal(channel(status=Status.GIVEN_UP), OTHER) is Refusal.GAME_OVER


def test_give_up_refusal():
    assert give_up_refusal(own(), OWNER) is None
    assert give_up_refusal(own(), OTHER) is Refusal.NOT_YOUR_GAME
    assert give_up_refusal(own(Status.LOST), OWNER) is Refusal.GAME_OVER
    # Before the first guess anyone in the channel may give a channel game up.
    assert give_up_refusal(channel(), OTHER) is None
    # After it: the players who guessed, and the challenge's setter.
    started = channel(guessers={GUESSER}, setter=SETTER)
    assert give_up_refusal(started, GUESSER) is None
    assert give_up_refusal(started, SETTER) is None
    assert give_up_refusal(started, OTHER) is Refusal.NOT_A_PLAYER
    # Guessed only by players since forgotten: still started.
    anonymous = channel(guessers=[None])
    assert anonymous.guessed and not anonymous.guessers
    assert give_up_refusal(anonymous, OTHER) is Refusal.NOT_A_PLAYER


def test_a_forgotten_setter_is_known_by_their_mark():
    # A setter who asked to be forgotten leaves only an anonymous mark on the game.
    game = channel(guessers={GUESSER}, mark="mark-of-setter")
    assert game.setter_id is None
    assert is_setter(game, SETTER, "mark-of-setter")
    assert not is_setter(game, SETTER) and not is_setter(game, OTHER, "mark-of-other")
    assert guess_refusal(game, SETTER, "mark-of-setter") is Refusal.SETTER
    assert hint_refusal(game, SETTER, "mark-of-setter") is Refusal.SETTER
    assert guess_refusal(game, OTHER, "mark-of-other") is None
    assert give_up_refusal(game, SETTER, "mark-of-setter") is None
    assert give_up_refusal(game, OTHER, "mark-of-other") is Refusal.NOT_A_PLAYER
    # A setter's id, when kept, decides alone.
    kept = channel(setter=SETTER, mark="mark-of-other")
    assert guess_refusal(kept, OTHER, "mark-of-other") is None


def test_counted_players():
    assert counted_players(own()) == {OWNER}
    assert counted_players(channel(guessers={GUESSER, OTHER}, setter=SETTER)) == {GUESSER, OTHER}
    assert counted_players(channel()) == frozenset()


def test_stats_bucket():
    assert stats_bucket("own", "daily") is StatsBucket.DAILY
    assert stats_bucket("own", "random") is StatsBucket.PRACTICE
    assert stats_bucket("own", "custom") is StatsBucket.PRACTICE
    assert stats_bucket("channel", "random") is StatsBucket.CHANNEL
    assert stats_bucket("channel", "custom") is StatsBucket.CHANNEL


def test_game_label():
    assert game_label("own", "daily", 1234) == "Wordle 1,234"
    assert game_label("own", "random", None) == "Wordle practice"
    assert game_label("own", "custom", None) == "Wordle practice"
    assert game_label("channel", "random", None) == "Wordle practice"
    assert game_label("channel", "custom", None) == "Wordle challenge"


@pytest.mark.parametrize(
    ("raw", "problem"),
    [(None, WordProblem.EMPTY), ("  ", WordProblem.EMPTY), ("cran", WordProblem.LENGTH),
     ("cr4ne", WordProblem.CHARACTERS), ("crané", WordProblem.CHARACTERS),
     (12345, WordProblem.CHARACTERS), ("\u212aebab", WordProblem.CHARACTERS),
     ("ｃｒａｎｅ", WordProblem.CHARACTERS), ("cra\udce9e", WordProblem.CHARACTERS)],
)
def test_normalise_word_refuses(raw, problem):
    with pytest.raises(BadWord) as caught:
        normalise_word(raw)
    assert caught.value.problem is problem
    assert caught.value.message


def test_normalise_word_checks_before_changing_case():
    # KELVIN SIGN lower-cases to an ASCII k: it must be refused, not read as KEBAB.
    assert "\u212aebab".lower() == "kebab"
    with pytest.raises(BadWord, match="A to Z"):
        normalise_word("\u212aebab")
    assert normalise_word("  KeBaB\n") == "kebab"


def test_only_visible_whitespace_surrounds_a_word():
    # Spaces, tabs, line ends and Unicode's spaces are trimmed ...
    assert normalise_word("\u3000\u00a0\tCrane \r\n") == "crane"
    # ... but not the control characters Python also counts as whitespace: they are invisible
    # and are named as such, around a word or inside it.
    for c in ("\x1c", "\x1d", "\x1e", "\x1f", "\x85"):
        assert c.isspace()
        for raw in (c + "crane", "crane" + c, "cr" + c + "ane"):
            with pytest.raises(BadWord) as caught:
                normalise_word(raw)
            assert f"an invisible character (U+{ord(c):04X})" in caught.value.message
    assert "a space can't be used" in BadWord(WordProblem.CHARACTERS, "cr ane").message


def test_a_long_refused_word_is_read_only_as_far_as_its_message_needs():
    # The message names three characters and says "and more": it used to collect every
    # different one in a list (quadratic: a minute for 80,000 different characters, with
    # the event loop blocked meanwhile).
    class Counted(str):
        read = 0

        def __iter__(self):
            for c in str.__iter__(self):
                Counted.read += 1
                yield c

    text = Counted("".join(map(chr, range(0x4E00, 0x4E00 + 2_000))))
    error = BadWord(WordProblem.CHARACTERS, text)
    assert error.message == "Use only the letters A to Z: '一', '丁', '丂' and more can't be used."
    assert Counted.read == 4
    assert BadWord(WordProblem.CHARACTERS, "é1").message == (
        "Use only the letters A to Z: 'é', the digit 1 can't be used.")


def test_describe_character():
    assert describe_character(" ") == "a space"
    assert describe_character("4") == "the digit 4"
    assert describe_character("\u200b") == "an invisible character (U+200B)"
    # an accent a keyboard sent apart from its letter (cra\u0301ne): named for what it is
    assert describe_character("\u0301") == "an accent on its own (U+0301)"
    # A byte a Latin-1 terminal sent that is not UTF-8 arrives as a lone surrogate.
    assert describe_character("\udce9") == "a character that could not be read"
    assert describe_character("é") == "'é'"


@pytest.mark.parametrize(
    ("c", "named"),
    [("\u212a", "\u212a (U+212A KELVIN SIGN, which looks like K)"),
     ("ｋ", "ｋ (U+FF4B FULLWIDTH LATIN SMALL LETTER K, which looks like k)"),
     ("\U0001d40a", "\U0001d40a (U+1D40A MATHEMATICAL BOLD CAPITAL K, which looks like K)"),
     ("ﬁ", "ﬁ (U+FB01 LATIN SMALL LIGATURE FI, which looks like fi)"),
     ("а", "а (U+0430 CYRILLIC SMALL LETTER A)"),
     ("К", "К (U+041A CYRILLIC CAPITAL LETTER KA)"),
     ("Ο", "Ο (U+039F GREEK CAPITAL LETTER OMICRON)")],
)
def test_a_look_alike_letter_is_named_with_its_code_point(c, named):
    # Shown bare, "'K' can't be used" reads as if the letter K were refused.
    assert describe_character(c) == named


def test_the_kelvin_sign_in_a_word_is_not_called_the_letter_k():
    with pytest.raises(BadWord) as caught:
        normalise_word("BRE\u212aA")
    assert caught.value.message == ("Use only the letters A to Z: \u212a (U+212A KELVIN SIGN, "
                                    "which looks like K) can't be used.")


def test_parse_row():
    assert parse_row(("CRANE", "gybbb")) == Row("crane", "GYBBB")
    for bad in [("crane",), ("crane", "GYBB"), ("cr4ne", "GGGGG"), ("crane", "GYBBX"), 5]:
        with pytest.raises(ValueError):
            parse_row(bad)
    assert normalise_feedback(" bbbbb ") == "BBBBB"


def test_several_look_alikes_keep_the_message_short():
    # Three full-width letters with their Unicode names would make a message too long to
    # read: each keeps its code point and what it looks like.
    with pytest.raises(BadWord) as caught:
        normalise_word("ｃｒａｎｅ")
    assert caught.value.message == (
        "Use only the letters A to Z: ｃ (U+FF43, which looks like c), ｒ (U+FF52, which "
        "looks like r), ａ (U+FF41, which looks like a) and more can't be used.")
    assert describe_character("ｃ", named=False) == "ｃ (U+FF43, which looks like c)"


def test_normalise_word_follows_the_variant():
    six = Variant(length=6)
    assert normalise_word(" Planet ", six) == "planet"
    with pytest.raises(BadWord, match="A word must have 6 letters; CRANE has 5"):
        normalise_word("crane", six)
    swedish = Variant(alphabet="abcdefghijklmnopqrstuvwxyzåäö")
    assert normalise_word("RÅTTA", swedish) == "råtta"
    with pytest.raises(BadWord) as refused:
        normalise_word("råtta")  # not a letter of today's alphabet
    assert refused.value.problem is WordProblem.CHARACTERS
    assert "Use only the letters A to Z" in refused.value.message
    with pytest.raises(BadWord, match=r"Use only the letters A, B, .*Å, Ä, Ö: the digit 1"):
        normalise_word("r1tta", swedish)
