"""The daily puzzle's word for a server, and what a finished daily tells again.

Every daily word comes from :func:`bot.core.daily.server_daily_word`: each server has its own
order of words (from the salt and its id), so a server whose day begins first cannot read the
word of one whose day has not. The order starts at the server's ``daily_order_from``, fixed by
the store the first time the server's daily is served (``Store.settle_daily_order``): from the
first day on which nobody there had started a daily, so a server already playing keeps today's
word and a new server starts its own order at once. Outside servers that added the bot (server
id :data:`bot.core.personal.PERSONAL`) each player has an order of their own. The words a
server took out of its answers are skipped from the day their removal counts
(:mod:`bot.core.removed_words`).
"""

from __future__ import annotations

from bot.core.daily import board_words
from bot.core.domain import Status
from bot.core.game import Game
from bot.core.multiboard import join_words
from bot.core.personal import PERSONAL, player_daily_word
from bot.core.removed_words import dealt_daily_word
from bot.core.words import WordLists
from bot.service.errors import (
    DailyAlreadyPlayed,
    GameAlreadyRunning,
    Place,
    Played,
    Problem,
    store_refusals,
)
from bot.service.pack_choice import chosen_variant
from bot.service.results import StartResult
from bot.storage.errors import GameExists
from bot.storage.models import GuildSettings
from bot.storage.port import Store


async def daily_answer(db: Store, words: WordLists, salt: str, settings: GuildSettings,
                       number: int, player_id: int | None = None, *,
                       settle_on: int | None = None, boards: int = 1) -> str:
    """The hidden word of puzzle ``number`` for this server; in the personal record,
    ``player_id``'s own. A server whose order is not settled yet settles it on ``settle_on``
    (today: by default ``number``, the daily of today; a past puzzle passes today). On
    several ``boards``, every board's word (:func:`bot.core.daily.board_words`, joined as
    a game holds them)."""
    if settings.guild_id == PERSONAL and player_id is not None:
        return join_words(board_words(
            lambda n, key: player_daily_word(n, words.answers, key, player_id), number, salt,
            boards))
    order_from = settings.daily_order_from
    if order_from is None:
        order_from = await db.settle_daily_order(settings.guild_id,
                                                 number if settle_on is None else settle_on)
    variant = chosen_variant(settings, None, None)  # the daily's pack: the server's
    removals = tuple(await db.removals(settings.guild_id, variant.language, variant.length))
    return join_words(board_words(
        lambda n, key: dealt_daily_word(n, words.answers, key, settings.guild_id, order_from,
                                        removals), number, salt, boards))


async def resume_daily(db: Store, existing: Game, place: Place, *,
                       done: Problem = Problem.DAILY_DONE) -> StartResult:
    """The player's daily of today (or archive game: ``done`` is then ``ARCHIVE_DONE``)
    again: resumed here (brought here from another channel of the personal record), else
    where it is, or done (with its share grid, hints noted)."""
    number = existing.puzzle_number
    if Status(existing.status).is_over:
        raise DailyAlreadyPlayed(done, puzzle_number=number,
                                 played=await played(db, existing))
    if existing.channel_id != place.channel_id and place.guild_id == PERSONAL:
        try:
            existing = await brought_here(db, existing, place)
        except GameExists:
            raise GameAlreadyRunning(Problem.OWN_GAME_RUNNING) from None
    if existing.channel_id != place.channel_id:
        raise GameAlreadyRunning(Problem.DAILY_ELSEWHERE, puzzle_number=number,
                                 channel_id=existing.channel_id)
    return StartResult(existing, resumed=True)


async def personal_daily_here(db: Store, place: Place, player_id: int,
                              number: int) -> Game | None:
    """The player's personal daily ``number`` while it is on, brought here if it was begun
    elsewhere (:func:`brought_here`); ``None`` when none is on, or an own game of the player
    began here meanwhile."""
    daily = await db.daily_game(PERSONAL, player_id, number)
    if daily is None or Status(daily.status).is_over:
        return None
    try:
        return await brought_here(db, daily, place)
    except GameExists:
        return None


async def brought_here(db: Store, game: Game, place: Place) -> Game:
    """An own game of the personal record, moved to ``place``: there a channel is just where
    the player was (a DM, a server where only they have the app), so their daily goes with
    them. Its channel may even belong to a server that added the bot since, where the game
    could no longer be reached. ``GameExists`` when an own game of theirs is on here."""
    if game.channel_id == place.channel_id:
        return game
    assert game.owner_id is not None and place.guild_id == game.guild_id == PERSONAL
    with store_refusals(Problem.NOT_YOUR_GAME, ended=True):
        return await db.move_game(game.id, owner_id=game.owner_id, channel_id=place.channel_id)


async def refuse_if_archived(db: Store, place: Place, player_id: int, number: int) -> None:
    """Refuse today's daily when the player took that puzzle from the archive before: the
    archive holds past days only, but a server's time zone moved back can make a day that was
    past today again, and the word is known (worded with its share grid when finished)."""
    archived = await db.archive_game(place.guild_id, player_id, number)
    if archived is None:
        return
    finished = Status(archived.status).is_over
    raise DailyAlreadyPlayed(Problem.DAILY_IN_ARCHIVE, puzzle_number=number,
                             played=await played(db, archived) if finished else None)


async def played(db: Store, game: Game) -> Played:
    """A finished game and the hints used in it, for the share grid a refusal quotes."""
    return Played(game, len(await db.hints_for_game(game.id)))
