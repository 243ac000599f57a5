"""The buttons and the modal of a board message (see :mod:`bot.cogs.board`).

Every button is a :class:`discord.ui.DynamicItem` whose custom id holds the game id
(``wordle:guess:42``), so a board keeps working after the bot restarts: discord.py matches the
id against each class's template and rebuilds the button from it, with nothing kept in memory.
The guess modal is kept nowhere either: its submit is matched by custom id too
(:func:`modal_submit`, from the cog's ``on_interaction``). What a click does is the cog's
(:class:`BoardActions`, found on the client by name); errors are answered privately by
:func:`bot.cogs.interact.guarded`.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, cast

import discord

from bot.cogs.interact import guarded
from bot.core.domain import WORD_LENGTH, HintKind

COG_NAME = "WordleCog"
#: The hint buttons' labels (a game's board and a race board).
HINT_LABELS = {HintKind.LETTER: "Letter", HintKind.POSITION: "Position", HintKind.WORD: "Word"}


class BoardActions(Protocol):
    """What the board's buttons ask of the cog."""

    async def guess_clicked(self, interaction: discord.Interaction, game_id: int) -> None: ...
    async def guess_submitted(self, interaction: discord.Interaction, game_id: int,
                              word: str) -> None: ...
    async def hint_clicked(self, interaction: discord.Interaction, game_id: int,
                           kind: HintKind) -> None: ...
    async def give_up_clicked(self, interaction: discord.Interaction, game_id: int) -> None: ...
    async def give_up_confirmed(self, interaction: discord.Interaction,
                                game_id: int) -> None: ...


def loaded_cog(interaction: discord.Interaction, name: str) -> Any:
    """The cog called ``name`` on the interaction's client (a button's or a modal's actions)."""
    get_cog = getattr(interaction.client, "get_cog", None)
    cog = get_cog(name) if get_cog is not None else None
    if cog is None:
        raise RuntimeError(f"the cog {name} is not loaded")
    return cog


def actions(interaction: discord.Interaction) -> BoardActions:
    return cast(BoardActions, loaded_cog(interaction, COG_NAME))


#: The custom id of the text input :func:`word_input` adds.
WORD_INPUT = "word"


def word_input(modal: discord.ui.Modal) -> discord.ui.TextInput[Any]:
    """Add to ``modal`` the labelled input of one guess (exactly :data:`WORD_LENGTH`
    characters) and return it."""
    word: discord.ui.TextInput[Any] = discord.ui.TextInput(
        custom_id=WORD_INPUT, min_length=WORD_LENGTH, max_length=WORD_LENGTH,
        placeholder="crane", required=True)
    modal.add_item(discord.ui.Label(text=f"Your guess: a {WORD_LENGTH}-letter word",
                                    component=word))
    return word


def modal_submit(interaction: discord.Interaction,
                 pattern: re.Pattern[str]) -> tuple[re.Match[str], str] | None:
    """For the submit of a modal whose custom id matches ``pattern`` (all of it): the match
    and the text typed in its :func:`word_input`; None for any other interaction.

    The guess modals are stopped before they are sent, so discord.py keeps no copy of them
    (it would drop a submit it does not know: after a restart, or once the copy timed out,
    while Discord lets a modal stay open for as long as the player likes). The cogs answer
    these submits from ``on_interaction`` instead, by custom id, as discord.py does for a
    :class:`discord.ui.DynamicItem` button."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return None
    data: Any = interaction.data or {}
    match = pattern.fullmatch(str(data.get("custom_id", "")))
    if match is None:
        return None
    stack = list(data.get("components") or [])
    while stack:  # action rows (components) and labels (component) around the inputs
        item = stack.pop()
        if not isinstance(item, dict):
            continue
        if item.get("custom_id") == WORD_INPUT and item.get("type") == 4:  # a text input
            return match, str(item.get("value") or "")
        stack.extend(item.get("components") or [])
        if item.get("component") is not None:
            stack.append(item["component"])
    return match, ""


Button = discord.ui.Button[Any]


class GuessButton(discord.ui.DynamicItem[Button], template=r"wordle:guess:(?P<game>\d+)"):
    """Opens :class:`GuessModal` for those who may guess."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Guess", emoji="✏️",
                                           style=discord.ButtonStyle.primary,
                                           custom_id=f"wordle:guess:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> GuessButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, actions(interaction).guess_clicked(interaction, self.game_id),
                      "the guess button")


class HintButton(discord.ui.DynamicItem[Button],
                 template=r"wordle:hint:(?P<kind>letter|position|word):(?P<game>\d+)"):
    def __init__(self, game_id: int, kind: HintKind) -> None:
        super().__init__(discord.ui.Button(label=HINT_LABELS[kind], emoji="💡",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"wordle:hint:{kind.value}:{game_id}"))
        self.game_id = game_id
        self.kind = kind

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HintButton:
        return cls(int(match["game"]), HintKind(match["kind"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        work = actions(interaction).hint_clicked(interaction, self.game_id, self.kind)
        await guarded(interaction, work, "a hint button")


class GiveUpButton(discord.ui.DynamicItem[Button], template=r"wordle:giveup:(?P<game>\d+)"):
    """Asks to confirm (:class:`GiveUpConfirm`) those who may give the game up."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Give up", style=discord.ButtonStyle.danger,
                                           custom_id=f"wordle:giveup:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> GiveUpButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        work = actions(interaction).give_up_clicked(interaction, self.game_id)
        await guarded(interaction, work, "the give-up button")


class QuitButton(discord.ui.DynamicItem[Button], template=r"wordle:quit:(?P<game>\d+)"):
    """Yes, give up (the rules are asked again: the game may have changed meanwhile)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Yes, give up",
                                           style=discord.ButtonStyle.danger,
                                           custom_id=f"wordle:quit:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> QuitButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        work = actions(interaction).give_up_confirmed(interaction, self.game_id)
        await guarded(interaction, work, "the give-up confirmation")


class KeepButton(discord.ui.DynamicItem[Button], template=r"wordle:keep:(?P<game>\d+)"):
    def __init__(self, game_id: int) -> None:
        super().__init__(discord.ui.Button(label="Keep playing",
                                           style=discord.ButtonStyle.secondary,
                                           custom_id=f"wordle:keep:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> KeepButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.edit_message(content="Carry on!", view=None)


#: Every button class, for ``bot.add_dynamic_items`` (the cog registers them when it loads).
DYNAMIC_ITEMS = (GuessButton, HintButton, GiveUpButton, QuitButton, KeepButton)


def give_up_confirm(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(QuitButton(game_id))
    view.add_item(KeepButton(game_id))
    return view


class GuessModal(discord.ui.Modal):
    """One text input of exactly :data:`WORD_LENGTH` characters; the word is checked by the
    service like a ``/guess`` (a refusal is told privately and changes nothing).

    Kept nowhere: its submit is matched by :data:`GUESS_MODAL` (:func:`modal_submit`), so it
    is answered however long it stayed open and across a restart. The id names the player
    too, as it did when discord.py kept the modals by custom id alone."""

    def __init__(self, game_id: int, title: str, player_id: int) -> None:
        super().__init__(title=f"Guess · {title}"[:45],
                         custom_id=f"wordle:word:{game_id}:{player_id}", timeout=None)
        word_input(self)
        self.stop()  # discord.py stores no copy of a stopped modal when it is sent


#: The custom id of a :class:`GuessModal`.
GUESS_MODAL = re.compile(r"wordle:word:(?P<game>\d+):(?P<player>\d+)")
