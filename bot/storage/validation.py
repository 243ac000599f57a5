"""Argument checks every store makes before touching its database, and UTC times as text.

Each check raises ``ValueError`` (naming the argument, never echoing a hidden word) for a value
no stored state could make valid. The rules of play (who may act on a game) are in
:mod:`bot.storage.rules`; these are only about the shape of the arguments.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, Final

from bot.core import domain
from bot.core.domain import Kind, Scope
from bot.core.timezones import normalise_timezone
from bot.core.variant import Variant, variant_of

from .errors import StorageError
from .models import SETTINGS_COLUMNS, Unset

MAX_ID: Final = 2**63 - 1
MAX_HINT_VALUE: Final = 64
MAX_LEADERBOARD: Final = 1000
FEEDBACK_LETTERS: Final = frozenset(domain.FEEDBACK_STATES)


def _whole(name: str, value: object, low: int, high: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{name} must be {what}, got {value!r:.40}")


def check_id(name: str, value: object, *, optional: bool = False) -> None:
    if value is not None or not optional:
        _whole(name, value, 0, MAX_ID, "a whole number from 0 to 2**63-1")


def check_day(name: str, value: object, *, optional: bool = False) -> None:
    if value is not None or not optional:
        _whole(name, value, -(10**9), 10**9, "a day number (int)")


def check_count(name: str, value: object) -> None:
    """A count stored in a 32-bit column (PostgreSQL's INTEGER)."""
    _whole(name, value, 0, 2**31 - 1, "a whole number from 0 to 2**31-1")


def check_ending(guild_id: object, player_ids: object, mode: object, today: object) -> None:
    """The arguments of ``ending_figures`` (besides the game's id)."""
    check_id("guild_id", guild_id)
    if not isinstance(player_ids, (list, tuple)) or len(player_ids) > MAX_LEADERBOARD:
        raise ValueError(f"player_ids must be a list of at most {MAX_LEADERBOARD} ids")
    for player_id in player_ids:
        check_id("player_id", player_id)
    check_choice("mode", mode, domain.StatsBucket)
    check_day("today", today, optional=True)


def check_word(name: str, value: object, variant: Variant) -> None:
    """A stored word of ``variant``: its length in lower-case letters of its alphabet."""
    if not isinstance(variant, Variant):
        raise ValueError(f"variant must be a Variant, got {variant!r:.40}")
    if (not isinstance(value, str) or len(value) != variant.length
            or value.strip(variant.alphabet)):
        raise ValueError(f"{name} must be {variant.length} lower-case letters of the "
                         "variant's alphabet")


def stored_variant(length: int, attempts: int) -> Variant:
    """The variant of a stored game or race (:func:`bot.core.variant.variant_of`); a
    ``StorageError`` for one this release does not play."""
    try:
        return variant_of(length, attempts)
    except ValueError as unknown:
        raise StorageError(str(unknown)) from None


def check_choice(name: str, value: object, choices: type[StrEnum] | Iterable[str]) -> None:
    allowed = sorted(str(c) for c in choices)
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}, got {value!r:.40}")


def check_bool(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, got {value!r:.40}")


def check_limit(value: object) -> None:
    _whole("limit", value, 1, MAX_LEADERBOARD, f"1 to {MAX_LEADERBOARD}")


def validate_timezone(name: object) -> str:
    """The canonical IANA name for ``name`` (:func:`bot.core.timezones.normalise_timezone`:
    ``UnknownTimeZone``, a ``ValueError`` suggesting close names, for any other)."""
    return normalise_timezone(name)


def settings_changes(**given: object) -> dict[str, Any]:
    """The server settings to write, checked: every one given except those left ``UNSET``,
    named as their columns (only these fixed names, never text from outside). Raises
    ``ValueError`` for a bad value or an unknown setting."""
    changes: dict[str, Any] = {}
    for name, value in given.items():
        if name not in SETTINGS_COLUMNS or name == "daily_order_from":
            raise ValueError(f"no server setting is called {name!r:.40}")
        if isinstance(value, Unset):
            continue
        if name == "timezone":
            value = validate_timezone(value)
        elif name == "results_channel_id":
            check_id(name, value, optional=True)
        elif name == "held_day":
            check_day(name, value, optional=True)
        elif name == "held_until":
            value = None if value is None else checked_time(name, value)
        else:
            check_bool(name, value)
        changes[name] = value
    held = [changes[name] for name in ("held_day", "held_until") if name in changes]
    if held and (len(held) == 1 or (held[0] is None) != (held[1] is None)):
        raise ValueError("held_day and held_until are set together or not at all")
    return changes


def check_ids(**ids: object) -> None:
    """:func:`check_id` of each (none optional)."""
    for name, value in ids.items():
        check_id(name, value)


def check_new_game(*, guild_id: object, channel_id: object, owner_id: object, scope: object,
                   kind: object, answer: object, hard_mode: object, puzzle_number: object,
                   setter_id: object, variant: Variant) -> None:
    """The checks of ``create_game``."""
    check_ids(guild_id=guild_id, channel_id=channel_id)
    check_id("owner_id", owner_id, optional=True)
    check_id("setter_id", setter_id, optional=True)
    check_choice("scope", scope, Scope)
    check_choice("kind", kind, Kind)
    if kind == Kind.RACE:
        raise ValueError("a race's boards are kept with the race (Store.create_race)")
    check_word("answer", answer, variant)
    check_bool("hard_mode", hard_mode)
    check_day("puzzle_number", puzzle_number, optional=True)
    if (scope == Scope.OWN) != (owner_id is not None):
        raise ValueError("an own game needs owner_id; a channel game has none")
    numbered = kind in (Kind.DAILY, Kind.ARCHIVE)
    if numbered and (scope != Scope.OWN or puzzle_number is None):
        raise ValueError("a daily or archive game is an own game with a puzzle_number")
    if not numbered and puzzle_number is not None:
        raise ValueError("only a daily or archive game has a puzzle_number")
    if setter_id is not None and kind != Kind.CHOSEN:
        raise ValueError("only a game with a chosen word has a setter")
    if setter_id is not None and setter_id == owner_id:
        raise ValueError("the setter of a challenge cannot be the one playing it")


def check_guess(*, game_id: object, attempt: object, player_id: object, word: object,
                feedback: object, finish: object, day: object) -> None:
    """The checks of ``record_guess`` (what cannot be right whatever is stored)."""
    check_ids(game_id=game_id, player_id=player_id)
    check_day("day", day, optional=finish is None)
    check_move(attempt=attempt, word=word, feedback=feedback, finish=finish)


def check_move(*, attempt: object, word: object, feedback: object, finish: object) -> None:
    """The checks of one guess on a board, in a game or a race, that need no stored state:
    its word, feedback, attempt and whether it ends the board. What depends on the board's
    variant (the word's length and letters, the last attempt) is checked with the board
    (:func:`bot.storage.rules.board_move_error`)."""
    if not isinstance(word, str) or not word.isalpha() or word != word.lower():
        raise ValueError("word must be lower-case letters")
    _whole("attempt", attempt, 1, 2**15 - 1, "a whole number from 1")
    if not isinstance(feedback, str) or not feedback or not set(feedback) <= FEEDBACK_LETTERS:
        raise ValueError("feedback must be letters from G, Y, B")
    if finish not in (None, "won", "lost"):
        raise ValueError(f"finish must be 'won', 'lost' or None, got {finish!r:.20}")
    if (set(feedback) == {domain.GREEN}) != (finish == "won"):
        raise ValueError("finish='won' goes with, and only with, an all-green feedback")


def check_hint(*, game_id: object, player_id: object, kind: object, value: object) -> None:
    """The checks of ``record_hint``."""
    check_ids(game_id=game_id, player_id=player_id)
    check_hint_value(kind=kind, value=value)


def check_hint_value(*, kind: object, value: object) -> None:
    """A hint's kind and what it showed, in a game or a race."""
    check_choice("kind", kind, domain.HintKind)
    if not isinstance(value, str) or not value or len(value) > MAX_HINT_VALUE:
        raise ValueError(f"hint value must be 1 to {MAX_HINT_VALUE} characters")


def check_board(*, guild_id: object, mode: object, by: object, limit: object,
                player_id: object, today: object) -> None:
    """The checks of ``leaderboard``."""
    check_id("guild_id", guild_id)
    check_choice("mode", mode, domain.StatsBucket)
    check_choice("by", by, domain.LeaderboardOrder)
    check_id("player_id", player_id, optional=True)
    check_day("today", today, optional=True)
    check_limit(limit)


#: The times a store keeps: far from the ends of ``datetime``, which asyncpg would store as
#: PostgreSQL's -infinity and infinity and read back naive (SQLite keeps them as they are).
_EARLIEST: Final = datetime(2000, 1, 1, tzinfo=UTC)
_LATEST: Final = datetime(9000, 1, 1, tzinfo=UTC)


def checked_time(name: str, value: object) -> datetime:
    """``value`` in UTC: a timezone-aware datetime from 2000 to 9000, else ``ValueError``."""
    if not isinstance(value, datetime) or value.utcoffset() is None:
        raise ValueError(f"{name} must be a timezone-aware datetime")
    try:
        if _EARLIEST <= value < _LATEST:
            return value.astimezone(UTC)
    except OverflowError:
        pass
    raise ValueError(f"{name} must be a time from 2000 to 9000, not {value!r:.60}")


def now_utc(now: datetime | None) -> datetime:
    """``now`` in UTC (``ValueError`` if naive or out of :func:`checked_time`'s range), or the
    current time."""
    return datetime.now(UTC) if now is None else checked_time("now", now)


def given_time(now: datetime | None) -> datetime | None:
    """A time given to a move (checked, in UTC), or ``None``: the time it is applied."""
    return None if now is None else now_utc(now)


def applied(given: datetime | None) -> datetime:
    """The time a move takes effect: the one given, else now, read as it runs (so times
    follow the order moves take effect in)."""
    return given or datetime.now(UTC)


def to_text(moment: datetime) -> str:
    """A time as ISO 8601 UTC text with microseconds: text order is time order."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def from_text(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


#: Longest race a store accepts (the front end offers far less).
MAX_RACE: Final = 24 * 60 * 60


def check_new_race(*, guild_id: object, channel_id: object, starter_id: object,
                   answer: object, hard_mode: object, created: datetime,
                   ends_at: object, join_window_ends_at: object, variant: Variant) -> None:
    check_ids(guild_id=guild_id, channel_id=channel_id, starter_id=starter_id)
    check_word("answer", answer, variant)
    check_bool("hard_mode", hard_mode)
    ends, window = checked_time("ends_at", ends_at), checked_time("join_window_ends_at",
                                                                 join_window_ends_at)
    if not 0 < (ends - created).total_seconds() <= MAX_RACE:
        raise ValueError(f"a race lasts more than 0 s and at most {MAX_RACE} s")
    if not created <= window <= ends:
        raise ValueError("a race's join window ends between its start and its end")


def check_race_guess(*, race_id: object, player_id: object, attempt: object, word: object,
                     feedback: object, finish: object) -> None:
    check_ids(race_id=race_id, player_id=player_id)
    check_move(attempt=attempt, word=word, feedback=feedback, finish=finish)
