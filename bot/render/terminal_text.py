"""The terminal game's words (``wordle-bot play``, :mod:`bot.terminal`): its help, its
commands as typed, and the service's refusals worded for a terminal, with the command that
starts a game as the player started this one (``play``)."""

from __future__ import annotations

import textwrap

from bot.core.domain import WORD_LENGTH
from bot.render.problems import Commands, problem_text
from bot.service import Game, HintKind, PlayerError, Problem
from bot.storage.errors import StorageError

#: The command that starts a game, in messages, when it is not known how this program was
#: started (:func:`bot.cli.invocation.play_command` says how it was).
PLAY = "wordle-bot play"


def commands(play: str = PLAY) -> Commands:
    """How the terminal names its commands in messages (it has one place: here)."""
    return Commands(start=f"`{play}`", give_up="/giveup",
                    challenge="a channel challenge on Discord", here="here",
                    channel=lambda _: "another place")


COMMANDS = commands()

#: The commands, each with what /help says of it (``/exit`` is ``/quit`` too).
HINT_HELP = {
    HintKind.LETTER: "/hint letter      a letter of the hidden word you haven't found",
    HintKind.POSITION: "/hint position    the letter at one position that isn't green yet",
    HintKind.WORD: "/hint word        the solver's best next guess",
}
OTHER_HELP = {
    "board": "/board            show the board again",
    "stats": "/stats            your statistics",
    "giveup": "/giveup           end this game and show the word",
    "quit": "/quit             leave (the game is saved; run play again to carry on)",
}
COMMAND_NAMES = ("help", "hint", *OTHER_HELP, "exit")
#: The commands that work without their slash: a word of another length is never a guess.
BARE_COMMANDS = tuple(name for name in COMMAND_NAMES if len(name) != WORD_LENGTH)


def help_text(*, hints: bool, word_hint: bool) -> str:
    """The commands of a game: ``hints`` whether it has hints at all (not a daily whose
    hints are off), ``word_hint`` whether the word hint too (not a word the player chose)."""
    if hints:
        lines = [text for kind, text in HINT_HELP.items()
                 if word_hint or kind is not HintKind.WORD]
    else:
        lines = ["(no hints in the daily: your result is all your own work)"]
    bare = [name for name in BARE_COMMANDS if name != "exit"]
    typed = [name for name in OTHER_HELP if name not in BARE_COMMANDS]
    return "\n".join([
        f"Type a {WORD_LENGTH}-letter word to guess it. Commands:",
        *(f"  {line}" for line in [*lines, *OTHER_HELP.values()]),
        f"Without the /: {', '.join(bare)} ({' and '.join(typed)} are guesses).",
    ])


def read_command(line: str) -> tuple[str, str] | None:
    """The command a line asks for (its name, without the /) and its argument, or None for
    a guess. A command starts with /, or is one of :data:`BARE_COMMANDS`."""
    first, _, argument = line.strip().partition(" ")
    name = first.lower()
    if name.startswith("/"):
        return name[1:], argument.strip()
    if name in BARE_COMMANDS:
        return name, argument.strip()
    return None


#: The most of what the player typed that a message shows back (then "…").
TYPED_LIMIT = 20


def typed(text: str) -> str:
    """What the player typed, to show back in a message: its first :data:`TYPED_LIMIT`
    characters, each one a terminal would act on instead of showing (ESC, BEL and the other
    control and format characters, which can set its title, clear its screen or make it type
    a reply) named by its code point, as ``<U+001B>``."""
    return controls_named(text[:TYPED_LIMIT]) + ("…" if len(text) > TYPED_LIMIT else "")


def controls_named(text: str) -> str:
    """``text`` with each character a terminal would act on instead of showing named by its
    code point (``<U+001B>``); line ends are kept."""
    return "".join(c if c.isprintable() or c == "\n" else f"<U+{ord(c):04X}>" for c in text)


def in_progress_text(game: Game | None, play: str, wanted: str) -> str:
    """Why a command that names a game (``wanted``: "the daily") does not start it: the
    player's ``game`` is in progress (None: not known which)."""
    what = "a game in progress"
    if game is not None:
        used = game.attempts_used
        guesses = ("no guesses yet" if used == 0 else "1 guess" if used == 1
                   else f"{used} guesses")
        what += f": {title(game)} ({guesses})"
    return (f"You have {what}. Run `{play}` to carry on with it (or /giveup there), then "
            f"start {wanted}.")


def title(game: Game) -> str:
    return game.label + (" (hard mode)" if game.hard_mode else "")


def wrapped(text: str, width: int) -> str:
    """``text`` with each line over ``width`` broken at spaces (a number or a word is never
    split, even when longer than ``width``)."""
    return "\n".join(
        line if len(line) <= width else textwrap.fill(
            line, width, break_long_words=False, break_on_hyphens=False,
            subsequent_indent=" " * (len(line) - len(line.lstrip(" "))))
        for line in text.split("\n"))


SAVED = "Your game is saved as it was after your last accepted move."


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
        return in_progress_text(None, play, "the daily or the archive puzzle")
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
