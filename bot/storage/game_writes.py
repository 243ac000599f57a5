"""The game writes of the port that are the same on both stores: ``create_game``,
``record_guess`` and ``record_ending_guess`` check their input, then hand a
:class:`~bot.storage.batching.Create` or :class:`~bot.storage.batching.Guess` to the store's
writer (``_write``), which saves it in a batch (contracts: :class:`bot.storage.Store`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any

from . import rules
from .batching import Create, Guess
from .models import EndingFigures, GameRecord
from .validation import check_guess, check_new_game, now_utc, to_text


class GameWrites:
    #: The store's write queue: the job's result once its batch is committed.
    _write: Callable[[Guess | Create], Awaitable[Any]]
    #: The store's key for a forgotten player's marks (:func:`bot.storage.rules.player_mark`).
    _key: bytes

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        owner_id: int | None,
        scope: str,
        kind: str,
        answer: str,
        hard_mode: bool,
        puzzle_number: int | None = None,
        setter_id: int | None = None,
        now: datetime | None = None,
    ) -> GameRecord:
        """Start a game; :class:`GameExists` (with the game in the way) if a rule forbids."""
        check_new_game(
            guild_id=guild_id, channel_id=channel_id, owner_id=owner_id, scope=scope,
            kind=kind, answer=answer, hard_mode=hard_mode, puzzle_number=puzzle_number,
            setter_id=setter_id,
        )
        mark = None  # a daily is refused to a forgotten player who had started it
        if kind == "daily" and owner_id is not None:
            mark = rules.player_mark(self._key, owner_id)
        created = to_text(now_utc(now))
        return await self._write(
            Create(guild_id, channel_id, owner_id, scope, kind, puzzle_number, answer,
                   hard_mode, setter_id, created, mark)
        )

    async def record_guess(
        self,
        game_id: int,
        *,
        attempt: int,
        player_id: int,
        word: str,
        feedback: str,
        finish: str | None,
        day: int | None = None,
        now: datetime | None = None,
    ) -> GameRecord:
        """Save one guess atomically (ending the game and counting statistics if ``finish``);
        returns the game afterwards, once committed."""
        game: GameRecord = await self._write(_guess(
            game_id, attempt, player_id, word, feedback, finish, day, now, figures=False))
        return game

    async def record_ending_guess(
        self,
        game_id: int,
        *,
        attempt: int,
        player_id: int,
        word: str,
        feedback: str,
        finish: str,
        day: int,
        now: datetime | None = None,
    ) -> tuple[GameRecord, EndingFigures]:
        """:meth:`record_guess` of a guess that ends its game, with the end's figures read in
        the same transaction (the store's writer reads them: ``Guess.figures``)."""
        if finish is None:
            raise ValueError("record_ending_guess is for a guess that ends its game")
        saved: tuple[GameRecord, EndingFigures] = await self._write(_guess(
            game_id, attempt, player_id, word, feedback, finish, day, now, figures=True))
        return saved


def _guess(game_id: int, attempt: int, player_id: int, word: str, feedback: str,
           finish: str | None, day: int | None, now: datetime | None, *,
           figures: bool) -> Guess:
    """The checked job of a guess for the writer."""
    check_guess(game_id=game_id, attempt=attempt, player_id=player_id, word=word,
                feedback=feedback, finish=finish, day=day)
    return Guess(game_id, attempt, player_id, word, feedback, finish, day,
                 to_text(now_utc(now)), restamp=now is None, figures=figures)
