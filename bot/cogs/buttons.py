"""The buttons of a board and of a race's message, and the guess modal.

Every button is one :class:`BoardButton`, a :class:`discord.ui.DynamicItem` whose custom id
names its action and its game (``wordle:guess:42``, ``wordle:race:join:7``): discord.py
matches a click against the template and rebuilds the button from the id, so old messages keep
working after a restart, with nothing kept in memory. What each action does is a row of
:data:`ACTIONS`, answered by the bot's :class:`~bot.cogs.play.PlayCog`.

The guess modal is kept nowhere either: its submit is matched by custom id
(:func:`modal_submit`, from the play cog's ``on_interaction``). Errors are answered privately
by :func:`bot.cogs.interact.guarded`.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord

from bot.cogs.client import wordle_client
from bot.cogs.interact import guarded
from bot.core.domain import HintKind, Kind
from bot.core.variant import CLASSIC, Variant
from bot.render.catalogues import N_
from bot.render.common import ENGLISH, Texts, game_label_text, texts_for
from bot.service import Game

if TYPE_CHECKING:
    from bot.cogs.play import PlayCog

Button = discord.ui.Button[Any]
Style = discord.ButtonStyle
#: The hint buttons' labels (a game's board and a race board), in English: a button is
#: labelled in the words of the message it is on.
HINT_LABELS = {HintKind.LETTER: N_("Letter"), HintKind.POSITION: N_("Position"),
               HintKind.WORD: N_("Word")}


@dataclass(frozen=True)
class Action:
    """A button: how it looks, and what a click does with the game id it carries."""

    label: str
    style: discord.ButtonStyle
    emoji: str | None
    run: Callable[[PlayCog, discord.Interaction, int], Awaitable[Any]]
    #: The button in words, for the log.
    what: str


def _hint(kind: HintKind, race: bool) -> Action:
    def run(play: PlayCog, interaction: discord.Interaction, target: int) -> Awaitable[None]:
        ids = {"race_id" if race else "game_id": target}
        return play.hint(interaction, kind, from_board=True, **ids)

    return Action(HINT_LABELS[kind], Style.secondary, "💡", run,
                  f"a {'race' if race else 'game'}'s {kind} hint button")


#: Every button, by the action its custom id names.
ACTIONS: dict[str, Action] = {
    "guess": Action(N_("Guess"), Style.primary, "✏️",
                    lambda play, i, game: play.guess_clicked(i, game_id=game), "the guess button"),
    "giveup": Action(N_("Give up"), Style.danger, None,
                     lambda play, i, game: play.give_up_clicked(i, game), "the give-up button"),
    "quit": Action(N_("Yes, give up"), Style.danger, None,
                   lambda play, i, game: play.give_up(i, game_id=game, from_board=True),
                   "the give-up confirmation"),
    "keep": Action(N_("Keep playing"), Style.secondary, None,
                   lambda play, i, game: i.response.edit_message(
                       content=texts_for(i.locale)._("Carry on!"), view=None),
                   "the keep-playing button"),
    **{f"hint:{kind}": _hint(kind, race=False) for kind in HintKind},
    "race:join": Action(N_("Join"), Style.success, "🏁",
                        lambda play, i, race: play.join(i, race), "the race's join button"),
    "race:end": Action(N_("End race"), Style.secondary, None,
                       lambda play, i, race: play.end_race(i, race), "the race's end button"),
    "race:guess": Action(N_("Guess"), Style.primary, "✏️",
                         lambda play, i, race: play.guess_clicked(i, race_id=race),
                         "a race's guess button"),
    "race:giveup": Action(N_("Give up"), Style.danger, None,
                          lambda play, i, race: play.give_up(i, race_id=race, from_board=True),
                          "a race's give-up button"),
    **{f"race:hint:{kind}": _hint(kind, race=True) for kind in HintKind},
}
_TEMPLATE = "wordle:(?P<action>" + "|".join(map(re.escape, ACTIONS)) + r"):(?P<id>\d+)"


class BoardButton(discord.ui.DynamicItem[Button], template=_TEMPLATE):
    """A button of :data:`ACTIONS` for the game (or race) ``target``, labelled in the words
    of ``texts``."""

    def __init__(self, action: str, target: int, texts: Texts = ENGLISH) -> None:
        look = ACTIONS[action]
        super().__init__(discord.ui.Button(label=texts._(look.label), style=look.style,
                                           emoji=look.emoji,
                                           custom_id=f"wordle:{action}:{target}"))
        self.action = action
        self.target = target

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> BoardButton:
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        action = ACTIONS[self.action]
        await guarded(interaction, self._run(action, interaction), action.what)

    async def _run(self, action: Action, interaction: discord.Interaction) -> None:
        await action.run(wordle_client(interaction).play, interaction, self.target)


def give_up_confirm(game_id: int, texts: Texts = ENGLISH) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(BoardButton("quit", game_id, texts))
    view.add_item(BoardButton("keep", game_id, texts))
    return view


#: The custom id of the text input :func:`word_input` adds.
WORD_INPUT = "word"
#: The custom id of a :class:`GuessModal`: a game's, or a race board's.
GUESS_MODAL = re.compile(r"wordle:(?P<race>race:)?word:(?P<id>\d+):(?P<player>\d+)")


def exact_length(variant: Variant) -> bool:
    """Whether a guess is typed in exactly the word's length: in the classic game's pack
    (English, A to Z, five letters), on one board or several, as its letters are typed one
    key each."""
    return replace(variant, boards=1, attempts=CLASSIC.attempts) == CLASSIC


class GuessModal(discord.ui.Modal):
    """One text input of the board's word length (exactly in the classic game's pack,
    :func:`exact_length`; in another pack from one character to a few per letter, as accents
    may be typed apart and German SS as ß), checked by the service like a ``/guess``. Kept
    nowhere: its submit is matched by :data:`GUESS_MODAL` (:func:`modal_submit`), so it is
    answered however long it stayed open, across a restart too."""

    def __init__(self, board: Game, player_id: int, texts: Texts = ENGLISH) -> None:
        race = "race:" if board.kind is Kind.RACE else ""
        title = texts._("Guess · {game}", game=game_label_text(board, texts))
        super().__init__(title=title[:45],
                         custom_id=f"wordle:{race}word:{board.id}:{player_id}", timeout=None)
        length, exact = board.variant.length, exact_length(board.variant)
        word: discord.ui.TextInput[Any] = discord.ui.TextInput(
            custom_id=WORD_INPUT, min_length=length if exact else 1,
            max_length=length if exact else 4 * length,
            placeholder=texts.pgettext("an example of a guess", "crane"), required=True)
        self.add_item(discord.ui.Label(
            text=texts._("Your guess: a {length}-letter word", length=length),
            component=word))
        self.stop()  # discord.py stores no copy of a stopped modal when it is sent


def modal_submit(interaction: discord.Interaction) -> tuple[re.Match[str], str] | None:
    """For the submit of a :class:`GuessModal`: the match of its custom id and the word
    typed; None for any other interaction.

    The guess modals are stopped before they are sent, so discord.py keeps no copy of them
    (it would drop a submit it does not know: after a restart, or once the copy timed out,
    while Discord lets a modal stay open for as long as the player likes)."""
    if interaction.type is not discord.InteractionType.modal_submit:
        return None
    data: Any = interaction.data or {}
    match = GUESS_MODAL.fullmatch(str(data.get("custom_id", "")))
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
