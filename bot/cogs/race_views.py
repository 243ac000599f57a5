"""The race's messages and their buttons (see :mod:`bot.cogs.race`): the live race message,
a player's private race board, and the DynamicItems (custom ids carry the race id, so old
messages work after a restart) whose clicks go to the race cog."""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

import discord

from bot.cogs import board as layout
from bot.cogs.board import DEFAULT_LOOK, Look, add_board
from bot.cogs.interact import Reply, guarded
from bot.cogs.messages import mention
from bot.cogs.views import HINT_LABELS, loaded_cog, word_input
from bot.core.domain import HintKind, Status
from bot.render.race import clock_text, footer_text, race_title, standings_text, status_text
from bot.service import GameView
from bot.service.races import RaceMove, RaceView

COG_NAME = "RaceCog"
TITLE_ID, STATUS_ID, STANDINGS_ID, FOOTER_ID = 1, 2, 3, 4
_ON, _OVER = 0xC9B458, 0x6AAA64
Button = discord.ui.Button[Any]


class RaceActions(Protocol):
    """What the race's buttons and modal ask of the race cog."""

    async def join_clicked(self, interaction: discord.Interaction, race_id: int) -> None: ...
    async def end_clicked(self, interaction: discord.Interaction, race_id: int) -> None: ...
    async def guess_clicked(self, interaction: discord.Interaction, race_id: int) -> None: ...
    async def guess_submitted(self, interaction: discord.Interaction, race_id: int,
                              word: str) -> None: ...
    async def hint_clicked(self, interaction: discord.Interaction, race_id: int,
                           kind: HintKind) -> None: ...
    async def give_up_clicked(self, interaction: discord.Interaction,
                              race_id: int) -> None: ...


def cog_of(interaction: discord.Interaction) -> RaceActions:
    return cast(RaceActions, loaded_cog(interaction, COG_NAME))


def _button(label: str, custom_id: str, style: discord.ButtonStyle,
            emoji: str | None = None) -> Button:
    return discord.ui.Button(label=label, custom_id=custom_id, style=style, emoji=emoji)


class JoinButton(discord.ui.DynamicItem[Button], template=r"wordle:race:join:(?P<race>\d+)"):
    def __init__(self, race_id: int) -> None:
        super().__init__(_button("Join", f"wordle:race:join:{race_id}",
                                 discord.ButtonStyle.success, "🏁"))
        self.race_id = race_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> JoinButton:
        return cls(int(match["race"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, cog_of(interaction).join_clicked(interaction, self.race_id),
                      "the race's join button")


class EndButton(discord.ui.DynamicItem[Button], template=r"wordle:race:end:(?P<race>\d+)"):
    def __init__(self, race_id: int) -> None:
        super().__init__(_button("End race", f"wordle:race:end:{race_id}",
                                 discord.ButtonStyle.secondary))
        self.race_id = race_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> EndButton:
        return cls(int(match["race"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, cog_of(interaction).end_clicked(interaction, self.race_id),
                      "the race's end button")


class RaceGuessButton(discord.ui.DynamicItem[Button],
                      template=r"wordle:race:guess:(?P<race>\d+)"):
    def __init__(self, race_id: int) -> None:
        super().__init__(_button("Guess", f"wordle:race:guess:{race_id}",
                                 discord.ButtonStyle.primary, "✏️"))
        self.race_id = race_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RaceGuessButton:
        return cls(int(match["race"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, cog_of(interaction).guess_clicked(interaction, self.race_id),
                      "a race's guess button")


class RaceHintButton(discord.ui.DynamicItem[Button],
                     template=r"wordle:race:hint:(?P<kind>letter|position|word):(?P<race>\d+)"):
    def __init__(self, race_id: int, kind: HintKind) -> None:
        super().__init__(_button(HINT_LABELS[kind], f"wordle:race:hint:{kind.value}:{race_id}",
                                 discord.ButtonStyle.secondary, "💡"))
        self.race_id = race_id
        self.kind = kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RaceHintButton:
        return cls(int(match["race"]), HintKind(match["kind"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        work = cog_of(interaction).hint_clicked(interaction, self.race_id, self.kind)
        await guarded(interaction, work, "a race's hint button")


class RaceGiveUpButton(discord.ui.DynamicItem[Button],
                       template=r"wordle:race:giveup:(?P<race>\d+)"):
    def __init__(self, race_id: int) -> None:
        super().__init__(_button("Give up", f"wordle:race:giveup:{race_id}",
                                 discord.ButtonStyle.danger))
        self.race_id = race_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RaceGiveUpButton:
        return cls(int(match["race"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        work = cog_of(interaction).give_up_clicked(interaction, self.race_id)
        await guarded(interaction, work, "a race's give-up button")


DYNAMIC_ITEMS = (JoinButton, EndButton, RaceGuessButton, RaceHintButton, RaceGiveUpButton)


class RaceGuessModal(discord.ui.Modal):
    """Kept nowhere, like :class:`bot.cogs.views.GuessModal`: its submit is found by
    :data:`RACE_GUESS_MODAL` (:func:`~bot.cogs.views.modal_submit`, in the listener of
    :mod:`bot.cogs.play`) and played by the race cog."""

    def __init__(self, race_id: int, player_id: int) -> None:
        super().__init__(title="Guess · Wordle race",
                         custom_id=f"wordle:race:word:{race_id}:{player_id}", timeout=None)
        word_input(self)
        self.stop()  # discord.py stores no copy of a stopped modal when it is sent


#: The custom id of a :class:`RaceGuessModal`.
RACE_GUESS_MODAL = re.compile(r"wordle:race:word:(?P<race>\d+):(?P<player>\d+)")


# -- messages ------------------------------------------------------------------------------


def race_message(race: RaceView, hints: bool) -> discord.ui.LayoutView:
    """The live race message: spoiler-free while it is on, the places and the word at the end."""
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=_OVER if race.is_over else _ON)
    container.add_item(discord.ui.TextDisplay(f"### {race_title(race)}", id=TITLE_ID))
    container.add_item(discord.ui.TextDisplay(status_text(race, mention), id=STATUS_ID))
    container.add_item(discord.ui.TextDisplay(standings_text(race, mention), id=STANDINGS_ID))
    container.add_item(discord.ui.TextDisplay(footer_text(race, hints), id=FOOTER_ID))
    if not race.is_over:
        container.add_item(discord.ui.ActionRow(JoinButton(race.id), EndButton(race.id)))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


def _board_footer(move: RaceMove, board: GameView) -> str:
    me = move.race.racer(board.owner_id or 0)
    if move.race.is_over:
        return "-# The race is over: see the race message for the places."
    if board.status is Status.WON and me is not None:
        return f"-# Solved in {board.attempts_used}/6 · {clock_text(me.seconds)} · " \
               "wait for the others"
    if board.is_over:
        return "-# Your board is finished · the word is shown when the race ends"
    left = board.max_attempts - board.attempts_used
    attempts = "attempt" if left == 1 else "attempts"
    return f"-# Your race board · only you see it · {left} {attempts} left"


async def board_reply(move: RaceMove, *, note: str | None, hints: bool,
                      look: Look = DEFAULT_LOOK) -> Reply:
    """A player's private race board, played from its buttons like any board, in the
    player's look (their preferences: theme, picture or text only); its parts have a game
    board's ids (:mod:`bot.cogs.board`)."""
    board = move.board
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=look.accent(board))
    if note:
        container.add_item(discord.ui.TextDisplay(note[:500], id=layout.NOTE_ID))
    title = race_title(move.race)
    container.add_item(discord.ui.TextDisplay(f"### {title}", id=layout.TITLE_ID))
    files, _ = await add_board(container, board, look, ids=True)
    if board.answer and board.is_over:
        container.add_item(discord.ui.TextDisplay(f"The word: **{board.answer.upper()}**",
                                                  id=layout.RESULT_ID))
    container.add_item(discord.ui.TextDisplay(_board_footer(move, board), id=layout.FOOTER_ID))
    if not board.is_over and not move.race.is_over:
        race_id = move.race.id
        container.add_item(discord.ui.ActionRow(RaceGuessButton(race_id),
                                                RaceGiveUpButton(race_id)))
        if hints:
            container.add_item(discord.ui.ActionRow(
                *(RaceHintButton(race_id, k) for k in HintKind)))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return Reply(view=view, files=files, ephemeral=True)
