"""``wordle-bot play``: Wordle in a terminal, over the same service and database as the bot.

The terminal is one local player in the personal record (server 0), channel 0: its daily is
that player's own daily, and its archive (``play --archive N`` or ``--archive-date``) their
past dailies. Type a word to guess it, or a command:
``/hint letter|position|word``, ``/giveup``, ``/board``, ``/stats``, ``/help``, ``/quit``.
Ctrl-D or Ctrl-C (at once, exit code 130) leaves; the game is saved and carries on the
next time.
"""

from __future__ import annotations

from typing import IO

from bot.core.domain import WORD_LENGTH
from bot.render import terminal as tui
from bot.render.race import race_stats_text
from bot.render.text import Commands, hint_text, problem_text, stats_text
from bot.service import (
    GameService,
    GameView,
    HintKind,
    Kind,
    Place,
    PlayerError,
    Problem,
    StatsBucket,
    Status,
)
from bot.storage.errors import StorageError
from bot.storage.races import RaceStats

LOCAL_PLACE = Place(guild_id=0, channel_id=0)
LOCAL_PLAYER = 1

#: The command that starts a game, in messages, when it is not known how this program was
#: started (:func:`bot.cli.invocation.play_command` says how it was).
PLAY = "wordle-bot play"


def commands(play: str = PLAY) -> Commands:
    """How the terminal names its commands in messages (it has one place: here)."""
    return Commands(start=f"`{play}`", give_up="/giveup",
                    challenge="a channel challenge on Discord", here="here",
                    channel=lambda _: "another place")


COMMANDS = commands()

HELP = f"""\
Type a {WORD_LENGTH}-letter word to guess it. Commands:
  /hint letter      a letter of the hidden word you haven't found
  /hint position    the letter at one position that isn't green yet
  /hint word        the solver's best next guess
  /board            show the board again
  /stats            your statistics
  /giveup           end this game and show the word
  /quit             leave (the game is saved; run play again to carry on)"""

SAVED = "Your game is saved as it was after your last accepted move."
#: The longest line read as a guess or a command (a guess is 5 letters); longer: refused.
MAX_LINE = 256
#: How much of an over-long line is read past, looking for its end, before leaving.
SKIP_LIMIT = 1 << 20
TOO_LONG = f"That line is too long (over {MAX_LINE} characters): nothing was played."

#: The exit code after Ctrl-C, as for any command a shell's user interrupts (128 + SIGINT).
INTERRUPTED = 130


def bye_text(play: str = PLAY) -> str:
    """What leaving says; ``play`` is the command that carries on with the game."""
    return f"\nBye! Your game is saved: run `{play}` again to carry on."


#: The archive's refusals that name Discord's options, in the terminal's own.
ARCHIVE_WORDS = {
    Problem.ARCHIVE_WHICH: "Choose a past puzzle by its number (--archive 123) or its date "
                           "(--archive-date 2026-03-15).",
    Problem.ARCHIVE_ONLY: "A puzzle number or date is for the archive only (--archive or "
                          "--archive-date).",
}


def error_text(error: PlayerError, play: str = PLAY) -> str:
    """A service error in the terminal's words; ``play`` is the command that starts a game."""
    if error.problem is Problem.OWN_GAME_RUNNING:
        # Only `play --daily` or `--archive` gets here: the running game is not on screen.
        return (f"You have another game in progress. Run `{play}` to finish it "
                "(or /giveup there), then start the daily or the archive puzzle.")
    if error.problem is Problem.ARCHIVE_TODAY:
        return (f"Wordle {error.puzzle_number or 0:,} is today's daily: play it with "
                f"`{play} --daily`.")
    if error.problem in ARCHIVE_WORDS:
        return ARCHIVE_WORDS[error.problem]
    if error.problem is Problem.HINTS_OFF_DAILY:
        return ("Hints are off for the daily, so your result is all your own work. Practice "
                f"games (`{play}`) have hints.")
    return problem_text(error, commands(play))


def storage_text(error: StorageError) -> str:
    """One line for a failure of the database (disk full, read-only file, damaged page)."""
    return f"wordle-bot: the game could not be saved or read ({error}). {SAVED}"


class TerminalGame:
    def __init__(self, service: GameService, *, stdin: IO[str], stdout: IO[str],
                 color: bool, player_id: int = LOCAL_PLAYER,
                 stderr: IO[str] | None = None, play: str = PLAY) -> None:
        self.service = service
        #: The command that starts a game, as the player started this one.
        self.play = play
        self.stdin = stdin
        self.out = stdout
        #: Where a refusal that ends the command goes (exit code 1); ``stdout`` if not given.
        self.err = stdout if stderr is None else stderr
        self.color = color
        self.player_id = player_id

    def error_text(self, error: PlayerError) -> str:
        return error_text(error, self.play)

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def refuse(self, text: str) -> int:
        """Say why the command ends without a game, on standard error; the exit code (1)."""
        self.err.write(text + "\n")
        self.err.flush()
        return 1

    def show(self, game: GameView) -> None:
        self.say()
        self.say(tui.game(game.rows, game.keyboard, game.max_attempts, self.color))
        self.say()

    def read(self, prompt: str) -> str | None:
        """One line of input, or None at end of input. Read on the event loop's thread on
        purpose: nothing else runs meanwhile, and Ctrl-C interrupts the read at once
        (``KeyboardInterrupt``: ``wordle-bot play`` keeps Python's own SIGINT handling, see
        :func:`bot.__main__.interrupt_at_once`)."""
        self.out.write(prompt)
        self.out.flush()
        if self.stdin is None:  # started with standard input closed: nothing to read
            return None
        line = self.stdin.readline(MAX_LINE + 1)
        if line == "":
            return None
        if len(line) > MAX_LINE and not line.endswith("\n") and not self._skip_line():
            self.say(f"\n{TOO_LONG}")  # no end of line in sight (`< /dev/zero`): leave
            return None
        return line.rstrip("\r\n")

    def _skip_line(self) -> bool:
        """Read past the rest of an over-long line; False when no end of line comes within
        :data:`SKIP_LIMIT` characters."""
        skipped = 0
        while skipped < SKIP_LIMIT:
            chunk = self.stdin.readline(MAX_LINE)
            if chunk == "" or chunk.endswith("\n"):
                return True
            skipped += len(chunk)
        return False

    async def show_stats(self, bucket: StatsBucket) -> None:
        stats = await self.service.stats(LOCAL_PLACE.guild_id, self.player_id, bucket)
        self.say(f"Your {bucket.value} statistics:")
        self.say(race_stats_text(stats) if isinstance(stats, RaceStats)
                 else stats_text(stats, style="blocks", fence=False))

    async def run(self, *, kind: Kind, hard_mode: bool, word: str | None,
                  number: int | None = None, date: str | None = None) -> int:
        """Play until the game ends or the player leaves. A failure of the database prints
        one line and ends the session (exit code 1); what was saved stays saved. ``number``
        or ``date`` (YYYY-MM-DD) with :attr:`Kind.ARCHIVE`: that past daily."""
        try:
            return await self._run(kind=kind, hard_mode=hard_mode, word=word, number=number,
                                   date=date)
        except StorageError as exc:
            return self.refuse(storage_text(exc))

    async def _run(self, *, kind: Kind, hard_mode: bool, word: str | None,
                   number: int | None, date: str | None) -> int:
        try:
            started = await self.service.start(LOCAL_PLACE, self.player_id, kind=kind,
                                               hard_mode=hard_mode, word=word, number=number,
                                               date=date)
        except PlayerError as exc:
            return self.refuse(self.error_text(exc))
        game = started.game
        title = game.label + (" (hard mode)" if game.hard_mode else "")
        if started.resumed:
            self.say(f"Carrying on with your game in progress: {title}.")
            if word is not None or started.other_kind:
                self.say("(Finish it or /giveup to start another.)")
        else:
            self.say(f"{title}: guess the {WORD_LENGTH}-letter word in {game.max_attempts} "
                     "attempts. /help for commands.")
        if not self.color:  # the tiles' marks stand for colours: say which
            self.say(tui.LEGEND_PLAIN)
        self.show(game)
        while True:
            try:
                line = self.read(f"Guess {game.attempts_used + 1}/{game.max_attempts}> ")
            except KeyboardInterrupt:
                self.say(bye_text(self.play))
                return INTERRUPTED
            if line is None or line.strip().lower() in {"/quit", "/exit"}:
                self.say(bye_text(self.play))
                return 0
            if len(line) > MAX_LINE:
                self.say(TOO_LONG)
                continue
            command, _, argument = line.strip().partition(" ")
            try:
                if command.lower() == "/help":
                    self.say(HELP if self.color else f"{HELP}\n\n{tui.LEGEND_PLAIN}")
                elif command.lower() == "/board":
                    game = await self.service.board(LOCAL_PLACE, self.player_id,
                                                    game_id=game.id)
                    self.show(game)
                    if game.status.is_over:
                        return self.ended_elsewhere(game)
                elif command.lower() == "/stats":
                    await self.show_stats(game.bucket)
                elif command.lower() == "/hint":
                    hint = await self.service.hint(LOCAL_PLACE, self.player_id,
                                                   argument.strip().lower() or HintKind.LETTER,
                                                   game_id=game.id)
                    self.say(f"Hint: {hint_text(hint)}")
                elif command.lower() == "/giveup":
                    given_up = await self.service.give_up(LOCAL_PLACE, self.player_id,
                                                          game_id=game.id)
                    self.show(given_up.game)
                    self.say(f"The word was {given_up.finish.answer.upper()}.")
                    await self.show_stats(game.bucket)
                    return 0
                elif command.startswith("/"):
                    self.say(f"Unknown command {command[:20]}. /help lists them.")
                else:
                    result = await self.service.guess(LOCAL_PLACE, self.player_id, line,
                                                      game_id=game.id)
                    game = result.game
                    self.show(game)
                    if result.finish is not None:
                        if result.finish.status is Status.WON:
                            self.say(f"You got it in {result.attempt}/{game.max_attempts}!")
                        else:
                            self.say(f"Out of guesses. The word was "
                                     f"{result.finish.answer.upper()}.")
                        self.say()
                        self.say(result.finish.share_text)
                        self.say()
                        await self.show_stats(game.bucket)
                        return 0
            except PlayerError as exc:
                if exc.problem in (Problem.GAME_ENDED, Problem.GAME_GONE):
                    return await self.game_gone(game.id)
                self.say(self.error_text(exc))

    async def game_gone(self, game_id: int) -> int:
        """This session's game ended (or went) in another window: show how, and end (0)."""
        try:
            game = await self.service.board(LOCAL_PLACE, self.player_id, game_id=game_id)
        except PlayerError:
            self.say("This game no longer exists (it was deleted in another window).")
            return 0
        self.show(game)
        return self.ended_elsewhere(game)

    def ended_elsewhere(self, game: GameView) -> int:
        self.say(f"This game ended in another window; the word was "
                 f"{(game.answer or '?').upper()}. Run `{self.play}` to start another.")
        return 0
