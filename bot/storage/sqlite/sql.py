"""The games table in SQL (columns: ``models.GAME_COLUMNS``): a game read as JSON with its
guesses folded in, the rules the writes must repeat to stay atomic, and the statements that
save guesses and new games in groups."""

from __future__ import annotations

import contextlib
import json
from functools import cache
from typing import Any, Final

from ..models import GAME_COLUMNS, NEW_GAME_COLUMNS, GameRecord, GuessRecord
from ..validation import from_text


def game_json(table: str) -> str:
    """SQL for one game row of ``table`` as a JSON array, its guesses folded in (a game is
    read, or returned by a write, in a single statement: one consistent snapshot)."""
    columns = ", ".join(f"{table}.{column}" for column in GAME_COLUMNS)
    return (
        f"json_array({columns}, json((SELECT json_group_array(json_array(q.attempt, "
        f"q.player_id, q.word, q.feedback, q.created_at)) FROM guesses q "
        f"WHERE q.game_id = {table}.id)))"
    )


#: Games decoded lately, by their JSON text (a game read for a guess is, unchanged, the one the
#: previous guess's write returned). Records are immutable, so one serves every reader.
_DECODED: dict[str, GameRecord] = {}
_DECODED_KEPT: Final = 1024


def game_from_json(text: str) -> GameRecord:
    """A game read by :func:`game_json` as a record (the same record for the same text)."""
    game = _DECODED.get(text)
    if game is None:
        game = _decode_game(text)
        if len(_DECODED) >= _DECODED_KEPT:
            # The oldest goes (the writer thread decodes too: another may have just gone).
            with contextlib.suppress(KeyError, RuntimeError, StopIteration):
                del _DECODED[next(iter(_DECODED))]
        _DECODED[text] = game
    return game


def _decode_game(text: str) -> GameRecord:
    *values, guesses = json.loads(text)
    row: dict[str, Any] = dict(zip(GAME_COLUMNS, values, strict=True))
    row["hard_mode"] = bool(row["hard_mode"])
    row["created_at"] = from_text(row["created_at"])
    if row["finished_at"] is not None:
        row["finished_at"] = from_text(row["finished_at"])
    return GameRecord(
        **row,
        guesses=tuple(
            GuessRecord(attempt, player, word, feedback, from_text(created))
            for attempt, player, word, feedback, created in sorted(guesses)
        ),
    )


SELECT_GAMES: Final = f"SELECT {game_json('g')} FROM games g WHERE {{where}} ORDER BY g.id"

ACTIVE_OWN: Final = (
    "g.guild_id = ? AND g.channel_id = ? AND g.owner_id = ? "
    "AND g.scope = 'own' AND g.status = 'active'"
)
ACTIVE_CHANNEL: Final = (
    "g.guild_id = ? AND g.channel_id = ? AND g.scope = 'channel' AND g.status = 'active'"
)
DAILY: Final = "g.guild_id = ? AND g.owner_id = ? AND g.puzzle_number = ? AND g.kind = 'daily'"


def may_play(g: str, player: str, mark: str) -> str:
    """SQL: the player (id ``player``, mark ``mark``) may guess or take a hint in active game
    ``g`` (``domain.guess_refusal`` / ``hint_refusal``; tested against them)."""
    return (
        f"{g}.status = 'active' AND ({g}.scope = 'channel' OR {g}.owner_id = {player}) "
        f"AND ({g}.setter_id IS NULL OR {g}.setter_id <> {player}) "
        f"AND ({g}.setter_mark IS NULL OR {g}.setter_mark <> {mark})"
    )


def may_give_up(g: str, player: str, mark: str) -> str:
    """SQL: the player may give up active game ``g`` (``domain.give_up_refusal``; tested
    against it): the owner of an own game; in a channel game anyone before the first guess,
    then a player who guessed or the setter."""
    return (
        f"{g}.status = 'active' AND CASE {g}.scope WHEN 'own' THEN {g}.owner_id = {player} "
        f"ELSE NOT EXISTS (SELECT 1 FROM guesses n WHERE n.game_id = {g}.id) "
        f"OR EXISTS (SELECT 1 FROM guesses n WHERE n.game_id = {g}.id "
        f"AND n.player_id = {player}) "
        f"OR {g}.setter_id = {player} OR {g}.setter_mark = {mark} END"
    )


@cache
def insert_guesses_sql(rows: int) -> str:
    """Save up to ``rows`` guesses in one statement.

    A guess is inserted only if the player may guess in its game (:func:`may_play`) and the
    attempt is the next one. Rows are taken in queue order (``ORDER BY`` the position); a
    group holds at most one attempt number per game, so of several guesses racing for the
    same attempt exactly one is inserted (the others fail the count or, if SQLite counted
    before inserting, hit the primary key: ``DO NOTHING``). Each inserted guess returns its
    game as it is right after the insert.
    """
    values = ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?)"] * rows)
    return (
        "INSERT INTO guesses (game_id, attempt, player_id, word, feedback, created_at) "
        "SELECT v.column2, v.column3, v.column4, v.column5, v.column6, v.column7 "
        f"FROM (VALUES {values}) AS v JOIN games g ON g.id = v.column2 "
        f"WHERE {may_play('g', 'v.column4', 'v.column8')} "
        "AND (SELECT count(*) FROM guesses c WHERE c.game_id = g.id) = v.column3 - 1 "
        "ORDER BY v.column1 "
        "ON CONFLICT DO NOTHING "
        "RETURNING guesses.player_id, guesses.word, guesses.feedback, guesses.created_at, "
        f"(SELECT {game_json('x')} FROM games x WHERE x.id = guesses.game_id)"
    )


@cache
def insert_games_sql(rows: int) -> str:
    """Start up to ``rows`` games in one statement, in queue order. A game the unique
    indexes refuse is left out (``DO NOTHING``), and so is a daily its (forgotten) player
    had already started (its played mark is the last value). Returns each new game."""
    width = len(NEW_GAME_COLUMNS)
    values = ", ".join([f"({', '.join('?' * (width + 2))})"] * rows)
    picked = ", ".join(f"v.column{n}" for n in range(2, width + 2))
    day = 2 + NEW_GAME_COLUMNS.index("puzzle_number")
    mark = width + 2
    columns = ", ".join(NEW_GAME_COLUMNS)
    return (
        f"INSERT INTO games ({columns}) SELECT {picked} FROM (VALUES {values}) AS v "
        f"WHERE v.column{mark} IS NULL OR NOT EXISTS (SELECT 1 FROM played_dailies p "
        f"WHERE p.guild_id = v.column2 AND p.puzzle_number = v.column{day} "
        f"AND p.player_mark = v.column{mark}) "
        f"ORDER BY v.column1 ON CONFLICT DO NOTHING RETURNING id, {columns}"
    )
