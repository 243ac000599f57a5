"""The terminal game's words (``wordle-bot play``, :mod:`bot.terminal`): its help, its
commands as typed, and the service's refusals worded for a terminal, with the command that
starts a game as the player started this one (``play``)."""

from __future__ import annotations

import textwrap

from bot.core.domain import WORD_LENGTH
from bot.render.catalogues import N_
from bot.render.common import ENGLISH, Texts, game_label_text
from bot.render.problems import Commands, problem_text
from bot.service import Game, HintKind, PlayerError, Problem
from bot.storage.errors import StorageError

#: The command that starts a game, in messages, when it is not known how this program was
#: started (:func:`bot.cli.invocation.play_command` says how it was).
PLAY = "wordle-bot play"


def commands(play: str = PLAY, texts: Texts = ENGLISH) -> Commands:
    """How the terminal names its commands in messages (it has one place: here)."""
    return Commands(start=f"`{play}`", give_up="/giveup",
                    challenge=texts._("a channel challenge on Discord"), here=texts._("here"),
                    channel=lambda _: texts._("another place"))


COMMANDS = commands()

#: The commands as typed (the same in every language), each with what /help says of it
#: (``/exit`` is ``/quit`` too).
HINT_HELP = {
    HintKind.LETTER: ("/hint letter", N_("a letter of the hidden word you haven't found")),
    HintKind.POSITION: ("/hint position", N_("the letter at one position that isn't green "
                                             "yet")),
    HintKind.WORD: ("/hint word", N_("the solver's best next guess")),
}
OTHER_HELP = {
    "board": ("/board", N_("show the board again")),
    "stats": ("/stats", N_("your statistics")),
    "giveup": ("/giveup", N_("end this game and show the word")),
    "quit": ("/quit", N_("leave (the game is saved; run play again to carry on)")),
}
#: The width of the commands' column in /help.
_COMMAND_WIDTH = 18
COMMAND_NAMES = ("help", "hint", *OTHER_HELP, "exit")


def bare_commands(length: int = WORD_LENGTH) -> tuple[str, ...]:
    """The commands that work without their slash in a game of ``length``-letter words: those
    whose name has another length, so is never a guess. A name of the game's length typed
    bare is a guess, whatever the pack (HELP, HINT and QUIT are 4-letter English words)."""
    return tuple(name for name in COMMAND_NAMES if len(name) != length)


def help_text(*, hints: bool, word_hint: bool, texts: Texts = ENGLISH,
              length: int = WORD_LENGTH) -> str:
    """The commands of a game of ``length``-letter words: ``hints`` whether it has hints at
    all (not a daily whose hints are off), ``word_hint`` whether the word hint too (not a
    word the player chose)."""
    t = texts
    if hints:
        lines = [f"{typed:<{_COMMAND_WIDTH}}{t._(what)}" for kind, (typed, what)
                 in HINT_HELP.items() if word_hint or kind is not HintKind.WORD]
    else:
        lines = [t._("(no hints in the daily: your result is all your own work)")]
    lines += [f"{typed:<{_COMMAND_WIDTH}}{t._(what)}" for typed, what in OTHER_HELP.values()]
    return "\n".join([
        t._("Type a {length}-letter word to guess it. Commands:", length=t.number(length)),
        *(f"  {line}" for line in lines),
        bare_text(length, t),
    ])


def bare_text(length: int, texts: Texts = ENGLISH) -> str:
    """Which commands work without their /, and which are guesses typed so."""
    t, bare = texts, bare_commands(length)
    shown = ", ".join(name for name in bare if name != "exit")
    guesses = [name for name in COMMAND_NAMES if name not in bare and name != "exit"]
    if not guesses:
        return t._("Without the /: {commands}.", commands=shown)
    named = guesses[0] if len(guesses) == 1 else t._(
        "{first} and {last}", first=", ".join(guesses[:-1]), last=guesses[-1])
    return t.ngettext("Without the /: {commands} ({guesses} is a guess).",
                      "Without the /: {commands} ({guesses} are guesses).", len(guesses),
                      commands=shown, guesses=named)


def read_command(line: str, length: int = WORD_LENGTH) -> tuple[str, str] | None:
    """The command a line asks for (its name, without the /) and its argument, or None for
    a guess in a game of ``length``-letter words. A command starts with /, or is one of
    :func:`bare_commands`."""
    first, _, argument = line.strip().partition(" ")
    name = first.lower()
    if name.startswith("/"):
        return name[1:], argument.strip()
    if name in bare_commands(length):
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


#: Spaces Python does not count as printable that a terminal shows as spaces: French puts a
#: no-break space before its colons.
_SHOWN_SPACES = frozenset("\n\u00a0\u202f")


def controls_named(text: str) -> str:
    """``text`` with each character a terminal would act on instead of showing named by its
    code point (``<U+001B>``); line ends and no-break spaces are kept."""
    return "".join(c if c.isprintable() or c in _SHOWN_SPACES else f"<U+{ord(c):04X}>"
                   for c in text)


#: What a command that names a game asks for, as :func:`in_progress_text` says it.
WANTED = {"daily": N_("the daily"), "archive": N_("the archive puzzle"),
          "word": N_("the game with your word"),
          "pack": N_("the game in that word pack"),
          "boards": N_("the game on that many boards"),
          "daily or archive": N_("the daily or the archive puzzle")}


def in_progress_text(game: Game | None, play: str, wanted: str,
                     texts: Texts = ENGLISH) -> str:
    """Why a command that names a game (``wanted``: a key of :data:`WANTED`, "daily") does
    not start it: the player's ``game`` is in progress (None: not known which)."""
    t = texts
    what = t._(WANTED.get(wanted, wanted))
    if game is None:
        return t._("You have a game in progress. Run `{play}` to carry on with it (or /giveup "
                   "there), then start {wanted}.", play=play, wanted=what)
    used = game.attempts_used
    guesses = t._("no guesses yet") if used == 0 else \
        t.ngettext("{n} guess", "{n} guesses", used)
    return t._("You have a game in progress: {title} ({guesses}). Run `{play}` to carry on "
               "with it (or /giveup there), then start {wanted}.", title=title(game, t),
               guesses=guesses, play=play, wanted=what)


def title(game: Game, texts: Texts = ENGLISH) -> str:
    label = game_label_text(game, texts)
    return texts._("{label} (hard mode)", label=label) if game.hard_mode else label


#: Without colour, what the marks of a game of several boards' keys stand for.
BOARDS_KEY_LEGEND = N_("Each key has a mark per board: # right place, + elsewhere, - not in "
                       "the word, . not played there or the board is solved.")


def start_text(game: Game, texts: Texts = ENGLISH) -> str:
    """What a new game says first: what to find, in how many attempts."""
    t, boards = texts, game.variant.boards
    if boards > 1:
        return t.ngettext("{title}: find the {length}-letter words of {boards} boards in {n} "
                          "attempt. /help for commands.", "{title}: find the {length}-letter "
                          "words of {boards} boards in {n} attempts. /help for commands.",
                          game.max_attempts, title=title(game, t), length=game.variant.length,
                          boards=boards)
    return t.ngettext("{title}: guess the {length}-letter word in {n} attempt. /help "
                      "for commands.", "{title}: guess the {length}-letter word in "
                      "{n} attempts. /help for commands.", game.max_attempts,
                      title=title(game, t), length=game.variant.length)


def end_text(game: Game, won: bool, attempt: int, texts: Texts = ENGLISH) -> str:
    """What the guess that ends ``game`` says: won in how many, or the word(s) it hid."""
    t, score = texts, f"{attempt}/{game.max_attempts}"
    if game.variant.boards > 1:
        return (t._("You solved every board in {score}!", score=score) if won
                else t._("Out of guesses. The words were {words}.", words=game.shown_answer))
    return (t._("You got it in {score}!", score=score) if won
            else t._("Out of guesses. The word was {word}.", word=game.shown_answer))


def answer_text(game: Game, texts: Texts = ENGLISH) -> str:
    """The hidden word(s) of a game given up."""
    if game.variant.boards > 1:
        return texts._("The words were {words}.", words=game.shown_answer)
    return texts._("The word was {word}.", word=game.shown_answer)


def wrapped(text: str, width: int) -> str:
    """``text`` with each line over ``width`` broken at spaces (a number or a word is never
    split, even when longer than ``width``)."""
    return "\n".join(
        line if len(line) <= width else textwrap.fill(
            line, width, break_long_words=False, break_on_hyphens=False,
            subsequent_indent=" " * (len(line) - len(line.lstrip(" "))))
        for line in text.split("\n"))


SAVED = N_("Your game is saved as it was after your last accepted move.")


def bye_text(play: str = PLAY, texts: Texts = ENGLISH) -> str:
    """What leaving says; ``play`` is the command that carries on with the game."""
    return "\n" + texts._("Bye! Your game is saved: run `{play}` again to carry on.", play=play)


#: The archive's refusals that name Discord's options, in the terminal's own.
ARCHIVE_WORDS = {
    Problem.ARCHIVE_WHICH: N_("Choose a past puzzle by its number (--archive 123) or its date "
                              "(--archive-date 2026-03-15)."),
    Problem.ARCHIVE_ONLY: N_("A puzzle number or date is for the archive only (--archive or "
                             "--archive-date)."),
}


def error_text(error: PlayerError, play: str = PLAY, texts: Texts = ENGLISH) -> str:
    """A service error in the terminal's words; ``play`` is the command that starts a game."""
    t = texts
    if error.problem is Problem.OWN_GAME_RUNNING:
        # Only `play --daily` or `--archive` gets here: the running game is not on screen.
        return in_progress_text(None, play, "daily or archive", t)
    if error.problem is Problem.ARCHIVE_TODAY:
        return t._("Wordle {number} is today's daily: play it with `{play} --daily`.",
                   number=t.number(error.puzzle_number or 0), play=play)
    if error.problem in ARCHIVE_WORDS:
        return t._(ARCHIVE_WORDS[error.problem])
    if error.problem is Problem.HINTS_OFF_DAILY:
        return t._("Hints are off for the daily, so your result is all your own work. "
                   "Practice games (`{play}`) have hints.", play=play)
    return problem_text(error, commands(play, t), t)


def storage_text(error: StorageError, texts: Texts = ENGLISH) -> str:
    """One line for a failure of the database (disk full, read-only file, damaged page)."""
    return "wordle-bot: " + texts._("the game could not be saved or read ({error}).",
                                    error=error) + " " + texts._(SAVED)
