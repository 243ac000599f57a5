"""``wordle-bot play``: Wordle in a terminal, over the same service and database as the bot.

The terminal is one local player in server 0, channel 0. Type a word to guess it, or a command:
``/hint letter|position|word``, ``/giveup``, ``/board``, ``/stats``, ``/help``, ``/quit``.
Ctrl-D or Ctrl-C leaves; the game is saved and carries on the next time.
"""

from __future__ import annotations

from typing import IO

from bot.render import terminal as tui
from bot.render.text import stats_text
from bot.service import (
    GameService,
    GameView,
    HintKind,
    Kind,
    Place,
    PlayerError,
    StatsMode,
)

LOCAL_PLACE = Place(guild_id=0, channel_id=0)
LOCAL_PLAYER = 1

HELP = """\
Type a 5-letter word to guess it. Commands:
  /hint letter      a letter of the hidden word you haven't found
  /hint position    the letter at one position that isn't green yet
  /hint word        the solver's best next guess
  /board            show the board again
  /stats            your statistics
  /giveup           end this game and show the word
  /quit             leave (the game is saved; run play again to carry on)"""


class TerminalGame:
    def __init__(self, service: GameService, *, stdin: IO[str], stdout: IO[str],
                 color: bool, player_id: int = LOCAL_PLAYER) -> None:
        self.service = service
        self.stdin = stdin
        self.out = stdout
        self.color = color
        self.player_id = player_id

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def show(self, game: GameView) -> None:
        self.say()
        self.say(tui.game(game.rows, game.keyboard, game.max_attempts, self.color))
        self.say()

    def read(self, prompt: str) -> str | None:
        """One line of input, or None at end of input. Read on the event loop's thread on
        purpose: nothing else runs meanwhile, and Ctrl-C interrupts the read at once."""
        self.out.write(prompt)
        self.out.flush()
        line = self.stdin.readline()
        if line == "":
            return None
        return line.rstrip("\r\n")

    async def show_stats(self, mode: StatsMode) -> None:
        stats = await self.service.stats(LOCAL_PLACE.guild_id, self.player_id, mode)
        self.say(f"Your {mode.value} statistics:")
        self.say(stats_text(stats, style="blocks", fence=False))

    async def run(self, *, kind: Kind, hard_mode: bool, word: str | None) -> int:
        try:
            started = await self.service.start(LOCAL_PLACE, self.player_id, kind=kind,
                                               hard_mode=hard_mode, word=word)
        except PlayerError as exc:
            self.say(exc.message)
            return 1
        game = started.game
        title = game.label + (" (hard mode)" if game.hard_mode else "")
        if started.resumed:
            self.say(f"Carrying on with your game in progress: {title}.")
            if word is not None:
                self.say("(Finish it or /giveup to start another.)")
        else:
            self.say(f"{title}: guess the 5-letter word in {game.max_attempts} tries. "
                     "/help for commands.")
        self.show(game)
        mode = game.stats_mode
        while True:
            try:
                line = self.read(f"Guess {game.attempts_used + 1}/{game.max_attempts}> ")
            except KeyboardInterrupt:
                line = None
            if line is None or line.strip().lower() in {"/quit", "/exit"}:
                self.say("\nBye! Your game is saved: run `wordle-bot play` again to carry on.")
                return 0
            command, _, argument = line.strip().partition(" ")
            try:
                if command.lower() == "/help":
                    self.say(HELP)
                elif command.lower() == "/board":
                    game = await self.service.board(LOCAL_PLACE, self.player_id)
                    self.show(game)
                elif command.lower() == "/stats":
                    await self.show_stats(mode)
                elif command.lower() == "/hint":
                    hint = await self.service.hint(LOCAL_PLACE, self.player_id,
                                                   argument.strip().lower() or HintKind.LETTER)
                    self.say(f"Hint: {hint.text}")
                elif command.lower() == "/giveup":
                    result = await self.service.give_up(LOCAL_PLACE, self.player_id)
                    self.show(result.game)
                    self.say(f"The word was {result.finish.answer.upper()}.")
                    await self.show_stats(mode)
                    return 0
                elif command.startswith("/"):
                    self.say(f"Unknown command {command[:20]}. /help lists them.")
                else:
                    result = await self.service.guess(LOCAL_PLACE, self.player_id, line)
                    game = result.game
                    self.show(game)
                    if result.finish is not None:
                        if result.finish.status == "won":
                            self.say(f"You got it in {result.attempt}/{game.max_attempts}!")
                        else:
                            self.say(f"Out of guesses. The word was "
                                     f"{result.finish.answer.upper()}.")
                        self.say()
                        self.say(result.finish.share_text)
                        self.say()
                        await self.show_stats(mode)
                        return 0
            except PlayerError as exc:
                self.say(exc.message)
