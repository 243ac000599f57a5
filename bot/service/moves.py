"""A player's move (a guess, a hint, a give-up, a look at the board) and the game it goes to.

:meth:`Moves.target` decides, in this order: the player's board in the race here while they
play it; their own game here; the race here (a first guess joins it); outside a server, their
personal daily; the channel game. A board's button names its game instead (``game_id`` or
``race_id``). The move is then played by :class:`~bot.service.game_service.GameService` or
:class:`~bot.service.races.RaceService`, whose result says which it was.
"""

from __future__ import annotations

from bot.core.domain import HintKind
from bot.core.game import Game
from bot.core.race import RaceRecord
from bot.service.errors import Place, Problem, ids_checked_calls
from bot.service.game_service import GameService
from bot.service.race_views import RaceMove
from bot.service.races import RaceService
from bot.service.results import GiveUpResult, GuessResult, HintResult
from bot.service.views import option


@ids_checked_calls
class Moves:
    """The moves of players wherever they play: games and races."""

    def __init__(self, games: GameService, races: RaceService) -> None:
        self.games = games
        self.races = races

    async def target(self, place: Place, player_id: int) -> Game | RaceRecord:
        """The game a move from ``player_id`` here goes to (the order is the module's);
        :class:`~bot.service.errors.NoGame` if none."""
        race = await self._race_here(place)
        if race is None:
            return await self.games.game_here(place, player_id)
        racer = race.racer(player_id)
        if racer is not None and not racer.finished:
            return race
        own = await self.games.db.active_own_game(place.guild_id, place.channel_id, player_id)
        return own if own is not None else race

    async def _race_here(self, place: Place) -> RaceRecord | None:
        """The race on here; the store is asked only where one is known to be on
        (:attr:`RaceService.races_on <bot.service.races.RaceService.races_on>`)."""
        if not self.races.races_on_read:
            await self.races.active()
        if (place.guild_id, place.channel_id) not in self.races.races_on:
            return None
        return await self.races.here(place)

    async def _named(self, place: Place, player_id: int, game_id: int | None,
                     race_id: int | None, public_board: bool) -> Game | RaceRecord:
        """The game a button named, else :meth:`target`."""
        if race_id is not None:
            return await self.races.race(place, race_id)
        if game_id is not None:
            return await self.games.game(place, player_id, game_id, public_board=public_board)
        return await self.target(place, player_id)

    async def guess(self, place: Place, player_id: int, word: object, *,
                    game_id: int | None = None, race_id: int | None = None,
                    public_board: bool = False) -> GuessResult | RaceMove:
        """Play ``word``. ``public_board``: the button was on a message everyone sees
        (:meth:`GameService.game <bot.service.game_service.GameService.game>`)."""
        where = await self._named(place, player_id, game_id, race_id, public_board)
        if isinstance(where, RaceRecord):
            return await self.races.guess_in(where, player_id, word)
        return await self.games.guess_in(where, player_id, word)

    async def hint(self, place: Place, player_id: int, kind: HintKind | str, *,
                   game_id: int | None = None, race_id: int | None = None,
                   public_board: bool = False) -> HintResult:
        kind = option(HintKind, kind, Problem.BAD_HINT_KIND)
        where = await self._named(place, player_id, game_id, race_id, public_board)
        if isinstance(where, RaceRecord):
            return await self.races.hint_in(where, player_id, kind)
        return await self.games.hint_in(where, player_id, kind)

    async def give_up(self, place: Place, player_id: int, *, game_id: int | None = None,
                      race_id: int | None = None) -> GiveUpResult | RaceMove:
        where = await self._named(place, player_id, game_id, race_id, False)
        if isinstance(where, RaceRecord):
            return await self.races.give_up_in(where, player_id)
        return await self.games.give_up_in(where, player_id)

    async def board(self, place: Place, player_id: int) -> Game | RaceMove:
        """The board a guess from this player here would go to, as it stands."""
        where = await self.target(place, player_id)
        if isinstance(where, RaceRecord):
            return self.races.board_in(where, player_id)
        return where

    async def may_guess(self, place: Place, player_id: int, *, game_id: int | None = None,
                        race_id: int | None = None, public_board: bool = False) -> Game:
        """The board of the game a button named, if the player may guess in it now; else the
        refusal. Nothing changes: asked before a guess is offered (the guess modal)."""
        if race_id is not None:
            return self.races.may_guess_in(await self.races.race(place, race_id), player_id)
        assert game_id is not None
        return await self.games.may(place, player_id, game_id, "guess",
                                    public_board=public_board)
