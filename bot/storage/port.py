"""The storage port: what the service asks of a store, whatever database is behind it (the
SQLite and PostgreSQL stores implement it; the service depends on it alone).

Contract shared by every call:

* Arguments come checked: ids from 0 to :data:`MAX_ID`, options from their enums, canonical
  time zone names, aware datetimes (:mod:`bot.service.errors` and the service's options).
  What only the stored state can decide is the store's to refuse: the rules, through the core.
* Every write is atomic and returns once durable; a refused write (a ``StorageError`` below,
  or ``ValueError`` for a guess its board refuses) leaves no trace. Writes take effect in the
  order the store acknowledges them. Every read sees one committed snapshot.
* Records carry UTC times; ``now`` arguments exist for tests and default to the current time.
* Failures of the database itself raise ``StorageError`` (a full disk: ``StorageFull``); no
  error text contains a hidden word.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from types import TracebackType
from typing import Final, Protocol, Self

from bot.core.domain import HintKind, Kind, LeaderboardOrder, Scope, StatsBucket, Status
from bot.core.game import Game
from bot.core.race import RaceBoard, RaceEnd, RaceRecord, RaceStats
from bot.core.removed_words import Removal
from bot.core.stats import DailyResult, EndingFigures, Leaderboard, Stats
from bot.core.variant import CLASSIC, Variant

from .models import UNSET, DailyPostBehind, ForgetReport, GuildSettings, HintRecord, Unset
from .prefs import PlayerPrefs

#: The largest id a store keeps (its keys are signed 64-bit integers); ids start at 0.
MAX_ID: Final = 2**63 - 1


class Store(Protocol):
    """All persistent state of the bot. Made by the backend's ``open``; closed by :meth:`close`."""

    async def close(self) -> None:
        """Finish the writes handed in, then release the database. Idempotent; any call after
        it raises ``StorageError``."""

    async def __aenter__(self) -> Self: ...

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None: ...

    async def create_game(self, *, guild_id: int, channel_id: int, owner_id: int | None,
                          scope: Scope, kind: Kind, answer: str, hard_mode: bool,
                          puzzle_number: int | None = None, setter_id: int | None = None,
                          variant: Variant = CLASSIC, now: datetime | None = None) -> Game:
        """Start a game of ``variant`` and return it (``answer``: every board's hidden word,
        as :class:`bot.core.game.Game` holds them; a store keeps the first board's apart from
        the others', see migration 0019). ``GameExists`` (carrying the game in the
        way: the player's or the channel's active game here, or this puzzle's daily or archive
        game); ``RaceExists`` for a channel game where a race is on; ``DailyPlayed`` when they
        started this daily before asking to be forgotten."""

    async def get_game(self, game_id: int) -> Game | None:
        """The game with its guesses, or ``None``."""

    async def active_own_game(self, guild_id: int, channel_id: int,
                              owner_id: int) -> Game | None:
        """The player's active own game in this channel, if any."""

    async def active_channel_game(self, guild_id: int, channel_id: int) -> Game | None:
        """The channel's active channel game, if any."""

    async def daily_game(self, guild_id: int, owner_id: int, puzzle_number: int,
                         boards: int = 1) -> Game | None:
        """The player's daily of that day on ``boards`` boards in this server, active or
        finished, if any (a server has a daily per number of boards)."""

    async def archive_game(self, guild_id: int, owner_id: int,
                           puzzle_number: int) -> Game | None:
        """The player's archive game of that puzzle in this server (played once), if any."""

    async def last_finished_game(self, guild_id: int, channel_id: int,
                                 player_id: int) -> Game | None:
        """The latest finished game in this channel that the player owned or guessed in."""

    async def record_guess(self, game_id: int, *, attempt: int, player_id: int, word: str,
                           feedback: str, finish: Status | None, day: int | None = None,
                           now: datetime | None = None) -> Game:
        """Save one guess and return the game right after it (``feedback``: on several
        boards, every board's, as :attr:`bot.core.game.Guess.feedback` holds it). A
        ``finish`` (as the feedback makes it: :meth:`bot.core.game.Game.claim_problem`) ends
        the game and counts it for its
        :func:`counted players <bot.core.domain.counted_players>` in the same transaction
        (``day``, the server's day number, is then required). Raises ``GameNotFound``,
        ``GameNotActive``, ``PlayerNotAllowed`` (:func:`bot.core.domain.guess_refusal`),
        ``AttemptConflict`` (not the next attempt: re-read and retry), ``ValueError`` (a guess
        its board refuses)."""

    async def record_ending_guess(self, game_id: int, *, attempt: int, player_id: int,
                                  word: str, feedback: str, finish: Status, day: int,
                                  now: datetime | None = None
                                  ) -> tuple[Game, EndingFigures]:
        """:meth:`record_guess` for a guess that ends its game, and what
        :meth:`ending_figures` reads for the player (``today`` = ``day``) once it is counted,
        in the same transaction. Same errors; a ``finish`` of ``None`` raises ``ValueError``."""

    async def give_up(self, game_id: int, *, player_id: int, day: int,
                      now: datetime | None = None) -> Game:
        """End an active game as given up (played and lost for the counted players). Who
        may: :func:`bot.core.domain.give_up_refusal`. Raises ``GameNotFound``,
        ``GameNotActive`` or ``PlayerNotAllowed``."""

    async def record_hint(self, game_id: int, *, player_id: int, kind: HintKind, value: str,
                          now: datetime | None = None) -> None:
        """Remember a hint given in an active game, to a player who may guess in it.
        Raises ``GameNotFound``, ``GameNotActive`` or ``PlayerNotAllowed``."""

    async def move_game(self, game_id: int, *, owner_id: int, channel_id: int) -> Game:
        """Move an active own game to another channel of its server, by its owner
        (:func:`bot.core.game.move_refusal`); unchanged if it is there already. Raises
        ``GameNotFound``, ``GameNotActive``, ``PlayerNotAllowed`` or ``GameExists`` (the
        owner's own game running in that channel)."""

    async def hints_for_game(self, game_id: int) -> list[HintRecord]:
        """The hints given in a game, oldest first (empty for an unknown game)."""

    async def stats(self, guild_id: int, player_id: int, mode: StatsBucket, *,
                    today: int | None = None, variant: Variant = CLASSIC) -> Stats:
        """A player's statistics in one server, bucket and variant (kept under the core's
        :func:`~bot.core.stats.stats_key`); all zero if none. For ``daily`` pass ``today``
        (the server's puzzle number) so that a streak not continued yesterday or today
        reads 0."""

    async def ending_figures(self, game_id: int, guild_id: int, player_ids: Sequence[int],
                             mode: StatsBucket, *, today: int | None = None,
                             variant: Variant = CLASSIC) -> tuple[int, list[Stats]]:
        """What the end of a game shows, in one trip to the store: how many hints the game
        had, and the statistics of each of ``player_ids`` in that order (as :meth:`stats`)."""

    async def leaderboard(self, guild_id: int, *, mode: StatsBucket = StatsBucket.DAILY,
                          by: LeaderboardOrder = LeaderboardOrder.WINS, limit: int = 10,
                          player_id: int | None = None, today: int | None = None,
                          variant: Variant = CLASSIC) -> Leaderboard:
        """The top ``limit`` (1-1000) players of a server in the bucket ``mode`` and
        ``variant`` by ``by``, plus ``player_id``'s row if ranked. Equal values share a rank
        (1, 2, 2, 4); ``average`` ranks attempts per win, lower first, leaving out players
        without a win."""

    async def period_leaderboard(self, guild_id: int, *, mode: StatsBucket,
                                 by: LeaderboardOrder, start: datetime, end: datetime,
                                 limit: int = 10, player_id: int | None = None,
                                 variant: Variant = CLASSIC) -> Leaderboard:
        """Like :meth:`leaderboard`, over the games of bucket ``mode`` and ``variant`` (its
        pack) finished from ``start`` (included) to ``end`` (excluded) alone; ``by`` is
        ``wins``, ``win_percent`` or ``average`` (a streak is not ranked by period)."""

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A server's settings (the defaults if it never changed any)."""

    async def update_guild_settings(
        self, guild_id: int, *, timezone: str | Unset = UNSET,
        results_channel_id: int | Unset | None = UNSET,
        hints_in_channel_games: bool | Unset = UNSET, hints_in_dailies: bool | Unset = UNSET,
        held_day: int | Unset | None = UNSET, held_until: datetime | Unset | None = UNSET,
        language: str | Unset | None = UNSET, word_length: int | Unset | None = UNSET,
        hints_in_races: bool | Unset = UNSET,
    ) -> GuildSettings:
        """Change only the settings given and return all of them (``language`` and
        ``word_length``: the server's word pack, ``None`` for the bot's default). ``held_day``
        and ``held_until`` go together, both set or both ``None``
        (:class:`bot.core.daily.Calendar`)."""

    async def settle_daily_order(self, guild_id: int, today: int) -> int:
        """The first puzzle number of the server's own order of daily words
        (``GuildSettings.daily_order_from``), fixed the first time it is asked for: the first
        day from ``today`` on on which nobody on the server has started a daily. Callers
        racing each other all get the one value stored."""

    async def daily_results(self, guild_id: int, puzzle_number: int) -> list[DailyResult]:
        """The finished dailies of one day in a server, in the order they finished."""

    async def daily_post(self, guild_id: int, puzzle_number: int) -> tuple[int, int] | None:
        """``(channel_id, message_id)`` of the post showing that day's results, if any."""

    async def set_daily_post(self, guild_id: int, puzzle_number: int, channel_id: int,
                             message_id: int) -> None:
        """Remember (replacing any earlier one) the post showing that day's results."""

    async def set_daily_post_shown(self, guild_id: int, puzzle_number: int,
                                   shown: int) -> None:
        """The day's post now shows ``shown`` results (never lowered, never above the day's
        results; more than that marks it to be edited again: :meth:`daily_posts_to_redo`)."""

    async def daily_posts_behind(self, since: int) -> list[DailyPostBehind]:
        """The servers' days from puzzle ``since`` on whose post shows fewer results than the
        day has finished dailies, or that have none (personal dailies have no post)."""

    async def daily_posts_to_redo(self) -> list[tuple[int, int, int]]:
        """The results posts (server, puzzle number, ``redo`` count) that still show a player
        who asked to be forgotten (:meth:`forget_player`), oldest day first."""

    async def daily_post_redone(self, guild_id: int, puzzle_number: int, redo: int) -> None:
        """The post was edited after its ``redo`` count was read as ``redo``: clear it, unless
        another forget-me came meanwhile (then it stays to be edited again)."""

    async def server_streak(self, guild_id: int, today: int) -> int:
        """Days in a row, up to today (or yesterday while nobody has solved today's yet), on
        which at least one player of the server solved the daily."""

    async def removals(self, guild_id: int, language: str, length: int) -> list[Removal]:
        """Every removal of a word from the server's answers in the pack (``language``,
        ``length``), restored ones too, by word and first puzzle."""

    async def save_removal(self, guild_id: int, language: str, length: int,
                           removal: Removal) -> None:
        """Keep ``removal``: a new one, or the one of the same word and first puzzle with
        its ``restored_from`` changed."""

    async def drop_removal(self, guild_id: int, language: str, length: int,
                           removal: Removal) -> None:
        """Delete the removal of the same word and first puzzle (one that never counted)."""

    async def player_prefs(self, player_id: int) -> PlayerPrefs:
        """A player's preferences (the defaults if none were set)."""

    async def save_player_prefs(self, prefs: PlayerPrefs, *, now: datetime | None = None,
                                expected: PlayerPrefs | None = None) -> PlayerPrefs:
        """Store all of ``prefs`` for its player and return it as stored. With ``expected``,
        only if what is stored is that (the defaults when nothing is): else ``PrefsChanged``
        (another process changed them meanwhile), and nothing changes."""

    async def create_race(self, *, guild_id: int, channel_id: int, starter_id: int, answer: str,
                          hard_mode: bool, ends_at: datetime,
                          join_window_ends_at: datetime | None = None,
                          variant: Variant = CLASSIC,
                          now: datetime | None = None) -> RaceRecord:
        """Start a race of ``variant`` in a channel, open until ``ends_at``; before
        ``join_window_ends_at`` (its start if not given) everyone having finished does not
        end it (a shape :func:`bot.core.race.shape_problem` refuses: ``ValueError``).
        ``RaceExists`` when the channel has an active race, ``ChannelGameRunning`` when it has
        an active channel game (and ``create_game`` of a channel game raises ``RaceExists``
        where a race is on)."""

    async def get_race(self, race_id: int) -> RaceRecord | None:
        """The race with its racers and their guesses, or ``None``."""

    async def active_race(self, guild_id: int, channel_id: int) -> RaceRecord | None:
        """The channel's race that has not ended (its time may be up), if any."""

    async def active_races(self) -> list[RaceRecord]:
        """Every race not ended yet, on every server (a restart resumes them)."""

    async def set_race_message(self, race_id: int, message_id: int) -> None:
        """Remember the race's live message."""

    async def races_to_show_ended(self) -> list[RaceRecord]:
        """Every race that ended with its message not yet showing it (a restart shows it)."""

    async def set_race_end_shown(self, race_id: int) -> None:
        """The race's message shows that it ended (or never can); nothing if it is on."""

    async def join_race(self, race_id: int, player_id: int, *,
                        now: datetime | None = None) -> tuple[RaceRecord, bool]:
        """Join the player (``True``), or hand back the race they had joined (``False``).
        ``RaceNotFound``; ``RaceOver`` once it ended or its time is up; ``RaceLeft`` if they
        were in it before being forgotten (:meth:`forget_player`)."""

    async def record_race_guess(self, race_id: int, *, player_id: int, attempt: int, word: str,
                                feedback: str, finish: Status | None,
                                now: datetime | None = None) -> RaceRecord:
        """:meth:`record_guess` on the racer's board; the race after it. The last racer to
        finish after the join window ends the race in the same transaction (places given).
        ``RaceNotFound``, ``RaceOver``, ``NotARacer``, ``BoardOver``, ``RaceAttemptConflict``,
        ``ValueError`` (a guess the board refuses)."""

    async def give_up_race(self, race_id: int, *, player_id: int,
                           now: datetime | None = None) -> RaceRecord:
        """End the racer's board as given up (may end the race, as a last guess does)."""

    async def record_race_hint(self, race_id: int, *, player_id: int, kind: HintKind,
                               value: str, now: datetime | None = None) -> None:
        """Remember a hint given to a racer still playing (their result is marked hinted)."""

    async def race_hints(self, race_id: int, player_id: int) -> list[HintRecord]:
        """The hints a racer took in a race, oldest first."""

    async def end_race(self, race_id: int, *, end: RaceEnd, by: int | None = None,
                       now: datetime | None = None) -> tuple[RaceRecord, bool]:
        """End the race now (``True``), as :func:`bot.core.race.end_refusal` allows
        (``NotTheStarter``, else ``ValueError``): racers still playing lose, the solvers get
        their places. A race that had ended is handed back as it is (``False``)."""

    async def race_stats(self, guild_id: int, player_id: int) -> RaceStats:
        """A player's races in a server: played, first places, podiums, average guesses."""

    async def race_leaderboard(self, guild_id: int, *,
                               by: LeaderboardOrder = LeaderboardOrder.WINS, limit: int = 10,
                               player_id: int | None = None) -> RaceBoard:
        """A server's racers ranked by first places, win % or average guesses
        (``RACE_ORDERS``), plus ``player_id``'s row if ranked."""

    async def forget_player(self, player_id: int) -> ForgetReport:
        """Delete everything about a player, in every server, in one transaction
        (:mod:`bot.storage.privacy`)."""
