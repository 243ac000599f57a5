"""``wordle-bot play``: Wordle in a terminal, over the same service and database as the bot.

The terminal is one local player in the personal record (server 0), channel 0: its daily is
that player's own daily, and its archive (``play --archive N`` or ``--archive-date``) their
past dailies. Type a word to guess it, or a command:
``/hint letter|position|word``, ``/giveup``, ``/board``, ``/stats``, ``/help``, ``/quit``.
A command whose name cannot be a guess (another length than the game's words: in a 5-letter
game ``help``, ``hint``, ``giveup``, ``quit``) works without its ``/``; one of the game's
length typed bare is a guess (``board`` and ``stats`` in 5 letters, ``quit`` in 4).
Ctrl-D or Ctrl-C (at once, exit code 130) leaves; the game is saved and carries on the
next time. Messages are wrapped at spaces to the terminal's width.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from typing import IO

from bot.core.domain import HintPolicy
from bot.core.race import RaceStats
from bot.core.variant import CLASSIC, Variant
from bot.render import terminal as tui
from bot.render.boards import boards_of
from bot.render.boards_terminal import boards_game
from bot.render.catalogues import N_
from bot.render.common import ENGLISH, Texts, keyboard_rows, texts_for
from bot.render.hint_text import hint_text
from bot.render.race_text import race_stats_text
from bot.render.share_words import share_words
from bot.render.stats_text import stats_text
from bot.render.terminal_text import (
    BOARDS_KEY_LEGEND,
    COMMAND_NAMES,
    PLAY,
    answer_text,
    bare_commands,
    bye_text,
    end_text,
    error_text,
    help_text,
    in_progress_text,
    read_command,
    start_text,
    storage_text,
    title,
    typed,
    wrapped,
)
from bot.render.terminal_text import COMMANDS as COMMANDS  # how the terminal words problems
from bot.service import (
    Game,
    GameService,
    HintKind,
    Kind,
    Place,
    PlayerError,
    Problem,
    StatsBucket,
    Status,
)
from bot.storage.errors import StorageError

LOCAL_PLACE = Place(guild_id=0, channel_id=0)
LOCAL_PLAYER = 1

#: The longest line read as a guess or a command (a guess is 5 letters); longer: refused.
MAX_LINE = 256
#: How much of an over-long line is read past, looking for its end, before leaving.
SKIP_LIMIT = 1 << 20
TOO_LONG = N_("That line is too long (over {limit} characters): nothing was played.")

#: The heading of each kind of statistics.
STATS_HEADINGS = {StatsBucket.DAILY: N_("Your daily statistics:"),
                  StatsBucket.PRACTICE: N_("Your practice statistics:"),
                  StatsBucket.CHANNEL: N_("Your channel statistics:"),
                  StatsBucket.RACE: N_("Your race statistics:"),
                  StatsBucket.ARCHIVE: N_("Your archive statistics:")}

#: The exit code after Ctrl-C, as for any command a shell's user interrupts (128 + SIGINT).
INTERRUPTED = 130


#: The environment's variables that name the language of messages, the first set wins
#: (POSIX's order).
LANGUAGE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def terminal_texts(lang: str | None, env: Mapping[str, str]) -> Texts:
    """The words of a terminal game: ``lang`` (``play --lang``) if given, else the language
    of the environment (``LC_ALL``, ``LC_MESSAGES`` or ``LANG``: ``de_DE.UTF-8`` is German);
    English for a language the game does not speak (or ``C``)."""
    if lang:
        return texts_for(lang)
    for name in LANGUAGE_VARIABLES:
        if env.get(name):
            return texts_for(env[name])
    return texts_for(None)


def write(stream: IO[str], text: str, *, wrap: bool) -> None:
    """``text`` and a line end on ``stream``; ``wrap``: broken at spaces to the width of the
    terminal it is (now: it may have been resized), when it is one."""
    width: int | None = None
    with contextlib.suppress(AttributeError, ValueError, OSError):  # not a terminal: as is
        if wrap:  # a width of 0: a terminal that does not say
            width = os.get_terminal_size(stream.fileno()).columns or None
    stream.write((text if width is None else wrapped(text, width)) + "\n")
    stream.flush()


def _in_pack(game: Game, language: str | None, length: int | None) -> bool:
    """Whether ``game`` is in the pack asked for (``None``: either, as not asked)."""
    return (language in (None, game.variant.language)
            and length in (None, game.variant.length))


class TerminalGame:
    def __init__(self, service: GameService, *, stdin: IO[str], stdout: IO[str],
                 color: bool, player_id: int = LOCAL_PLAYER,
                 stderr: IO[str] | None = None, play: str = PLAY,
                 texts: Texts = ENGLISH) -> None:
        self.service = service
        #: The player's language (``play --lang``, else the environment's).
        self.texts = texts
        #: The command that starts a game, as the player started this one.
        self.play = play
        self.stdin = stdin
        self.out = stdout
        #: Where a refusal that ends the command goes (exit code 1); ``stdout`` if not given.
        self.err = stdout if stderr is None else stderr
        self.color = color
        self.player_id = player_id

    def error_text(self, error: PlayerError) -> str:
        return error_text(error, self.play, self.texts)

    def too_long(self) -> str:
        return self.texts._(TOO_LONG, limit=MAX_LINE)

    def say(self, text: str = "", *, wrap: bool = True) -> None:
        """Write ``text`` and a line end; ``wrap``: broken at spaces to fit the terminal."""
        write(self.out, text, wrap=wrap)

    def refuse(self, text: str) -> int:
        """Say why the command ends without a game, on standard error; the exit code (1)."""
        write(self.err, text, wrap=True)
        return 1

    def show(self, game: Game) -> None:
        """The board (several boards side by side in 80 columns) and the keyboard."""
        self.say()
        if game.variant.boards > 1:
            boards = boards_of(game)
            self.say(boards_game(boards.guesses, boards.feedback, game.variant, self.color,
                                 layout=keyboard_rows(game.variant), texts=self.texts),
                     wrap=False)
        else:
            self.say(tui.game(game.rows, game.keyboard, game.max_attempts, self.color,
                              variant=game.variant), wrap=False)
        self.say()

    def legend(self, game: Game) -> str:
        """Without colour, what the tiles' (and several boards' keys') marks stand for."""
        text = self.texts._(tui.LEGEND_PLAIN)
        if game.variant.boards > 1:
            text += "\n" + self.texts._(BOARDS_KEY_LEGEND)
        return text

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
            self.say(f"\n{self.too_long()}")  # no end of line in sight (`< /dev/zero`): leave
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

    async def show_stats(self, bucket: StatsBucket, highlight: int | None = None,
                         variant: Variant = CLASSIC) -> None:
        """The player's statistics of ``bucket`` and ``variant``; ``highlight``: the number of
        guesses of the game just won, whose bar is marked."""
        stats = await self.service.stats(LOCAL_PLACE.guild_id, self.player_id, bucket,
                                         language=variant.language, length=variant.length,
                                         boards=variant.boards)
        t = self.texts
        self.say(t._(STATS_HEADINGS[bucket]))
        self.say(race_stats_text(stats, t) if isinstance(stats, RaceStats)
                 else stats_text(stats, highlight=highlight, style="blocks", fence=False,
                                 texts=t),
                 wrap=False)

    async def hints_on(self, game: Game) -> bool:
        """Whether ``game`` has hints: a daily's follow ``hints_in_dailies``, as the service's
        :meth:`~bot.service.GameService.hint` does."""
        if game.mode.hints is HintPolicy.ALWAYS:
            return True
        settings = await self.service.settings(LOCAL_PLACE.guild_id)
        if game.mode.hints is HintPolicy.DAILY_SETTING:
            return settings.hints_in_dailies
        return settings.hints_in_channel_games

    async def busy_text(self, wanted: str) -> str:
        """Why ``wanted`` does not start: another game is in progress, named."""
        try:
            running: Game | None = await self.service.board(LOCAL_PLACE, self.player_id)
        except PlayerError:  # it ended meanwhile
            running = None
        return in_progress_text(running, self.play, wanted, self.texts)

    async def run(self, *, kind: Kind, hard_mode: bool, word: str | None,
                  number: int | None = None, date: str | None = None,
                  language: str | None = None, length: int | None = None,
                  boards: int | None = None) -> int:
        """Play until the game ends or the player leaves. A failure of the database prints
        one line and ends the session (exit code 1); what was saved stays saved. ``number``
        or ``date`` (YYYY-MM-DD) with :attr:`Kind.ARCHIVE`: that past daily. ``language``
        and ``length``: the word pack of a new practice game (default English, 5 letters);
        ``boards``: 2, 4 or 8 for a Dordle, Quordle or Octordle (``None``: one, or the game
        in progress)."""
        try:
            return await self._run(kind=kind, hard_mode=hard_mode, word=word, number=number,
                                   date=date, language=language, length=length,
                                   boards=boards)
        except StorageError as exc:
            return self.refuse(storage_text(exc, self.texts))

    async def _run(self, *, kind: Kind, hard_mode: bool, word: str | None,
                   number: int | None, date: str | None, language: str | None,
                   length: int | None, boards: int | None) -> int:
        try:
            started = await self.service.start(LOCAL_PLACE, self.player_id, kind=kind,
                                               hard_mode=hard_mode, word=word, number=number,
                                               date=date, language=language, length=length,
                                               boards=boards or 1)
        except PlayerError as exc:
            if exc.problem is Problem.OWN_GAME_RUNNING:  # --daily or --archive
                wanted = "daily" if kind is Kind.DAILY else "archive"
                return self.refuse(await self.busy_text(wanted))
            return self.refuse(self.error_text(exc))
        t = self.texts
        game = started.game
        if started.resumed and word is not None:  # the word names a new game: not this one
            return self.refuse(in_progress_text(game, self.play, "word", t))
        if started.resumed and not _in_pack(game, language, length):  # not the pack asked
            return self.refuse(in_progress_text(game, self.play, "pack", t))
        if started.resumed and boards not in (None, game.variant.boards):
            return self.refuse(in_progress_text(game, self.play, "boards", t))
        if started.resumed:
            self.say(t._("Carrying on with your game in progress: {title}.",
                         title=title(game, t)))
            if started.other_kind:
                self.say(t._("(Finish it or /giveup to start another.)"))
            if hard_mode and not game.hard_mode:
                self.say(t._("It is not in hard mode: a game keeps the mode it started in."))
        else:
            self.say(start_text(game, t))
        if not self.color:  # the tiles' marks stand for colours: say which
            self.say(self.legend(game))
        self.show(game)
        while True:
            try:
                line = self.read(t._("Guess {score}> ",
                                     score=f"{game.attempts_used + 1}/{game.max_attempts}"))
            except KeyboardInterrupt:
                self.say(bye_text(self.play, t))
                return INTERRUPTED
            command = None if line is None else read_command(line, game.variant.length)
            if line is None or (command is not None and command[0] in ("quit", "exit")):
                self.say(bye_text(self.play, t))
                return 0
            if len(line) > MAX_LINE:
                self.say(self.too_long())
                continue
            try:
                if command is not None:
                    game, ended = await self.command(game, *command)
                    if ended is not None:
                        return ended
                    continue
                result = await self.service.guess(LOCAL_PLACE, self.player_id, line,
                                                  game_id=game.id)
                game = result.game
                self.show(game)
                if line.strip().lower() in COMMAND_NAMES:  # board or stats, played
                    self.say(t._("({word} was played as a guess; the command is /{command}.)",
                                 word=line.strip().upper(), command=line.strip().lower()))
                if result.finish is not None:
                    won = result.finish.status is Status.WON
                    self.say(end_text(game, won, result.attempt, t))
                    self.say()
                    self.say(share_words(game, result.finish, t), wrap=False)
                    self.say()
                    await self.show_stats(game.bucket, result.attempt if won else None,
                                          game.variant)
                    return 0
            except PlayerError as exc:
                if exc.problem in (Problem.GAME_ENDED, Problem.GAME_GONE):
                    return await self.game_gone(game.id)
                text = self.error_text(exc)
                typed = line.strip().lower()
                bare = bare_commands(game.variant.length)
                if typed in COMMAND_NAMES and typed not in bare:  # played as a guess
                    text += " " + t._("(For the command, type /{command}.)", command=typed)
                self.say(text)

    async def command(self, game: Game, name: str,
                      argument: str) -> tuple[Game, int | None]:
        """Carry out the command ``name``; the game as it is now, and the exit code when the
        session ends (else None)."""
        t = self.texts
        if name == "help":
            text = help_text(hints=await self.hints_on(game), word_hint=game.mode.word_hints,
                             texts=t, length=game.variant.length)
            self.say(text if self.color else f"{text}\n\n{self.legend(game)}")
        elif name == "board":
            game = await self.service.board(LOCAL_PLACE, self.player_id, game_id=game.id)
            self.show(game)
            if game.status.is_over:
                return game, self.ended_elsewhere(game)
        elif name == "stats":
            await self.show_stats(game.bucket, variant=game.variant)
        elif name == "hint":
            hint = await self.service.hint(LOCAL_PLACE, self.player_id,
                                           argument.lower() or HintKind.LETTER,
                                           game_id=game.id)
            self.say(t._("Hint: {hint}", hint=hint_text(hint, t)))
        elif name == "giveup":
            given_up = await self.service.give_up(LOCAL_PLACE, self.player_id,
                                                  game_id=game.id)
            self.show(given_up.game)
            self.say(answer_text(given_up.game, t))
            await self.show_stats(game.bucket, variant=game.variant)
            return given_up.game, 0
        else:
            self.say(t._("Unknown command /{command}. /help lists them.", command=typed(name)))
        return game, None

    async def game_gone(self, game_id: int) -> int:
        """This session's game ended (or went) in another window: show how, and end (0)."""
        try:
            game = await self.service.board(LOCAL_PLACE, self.player_id, game_id=game_id)
        except PlayerError:
            self.say(self.texts._("This game no longer exists (it was deleted in another "
                                  "window)."))
            return 0
        self.show(game)
        return self.ended_elsewhere(game)

    def ended_elsewhere(self, game: Game) -> int:
        self.say(self.texts._("This game ended in another window; the word was {word}. Run "
                              "`{play}` to start another.", word=game.shown_answer or "?",
                              play=self.play))
        return 0
