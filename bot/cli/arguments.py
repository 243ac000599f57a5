"""The ``wordle-bot`` command line: its parser and help, and the checks argparse cannot make.

``--env-file`` and ``--sync-global`` are taken before the command and after it; given in both
places, the one after wins. ``solve`` and ``prepare`` parse the rest of the line themselves.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import NoReturn

from bot.cli import exits
from bot.render.catalogues import LANGUAGE_NAMES, LANGUAGES, N_
from bot.render.common import ENGLISH, Texts
from bot.render.terminal_text import controls_named

#: The commands that parse their own arguments (everything after their name).
TOOLS = ("solve", "prepare")

_RUN_DESCRIPTION = """\
Run the Discord bot with the settings of .env (or --env-file) and the environment, until it
is stopped (SIGTERM or Ctrl-C).

Slash commands are published at start to the server DEV_GUILD_ID names, where they show up
at once (for setting up and trying the bot). --sync-global publishes them to every server
instead, which Discord can take a while to spread; run with it once, and again after an
upgrade that changes the commands. It also clears the commands of DEV_GUILD_ID's server, which
would otherwise show each command twice."""

_SETTINGS_HELP = N_("settings file (default: .env, if there is one)")
_SYNC_GLOBAL_HELP = ("publish the slash commands to every server at start, and clear those "
                     "of DEV_GUILD_ID's server")


class CommandParser(argparse.ArgumentParser):
    """An argument parser whose errors name control characters instead of echoing them: an
    argument holding ESC or BEL would otherwise set the terminal's title or clear its
    screen when the error shows it back."""

    def error(self, message: str) -> NoReturn:
        super().error(controls_named(message))


def settings_option(parser: argparse.ArgumentParser, texts: Texts = ENGLISH, *,
                    top: bool = False) -> None:
    """``--env-file``, before the command (``top``) or after it, where absent keeps the
    value given before."""
    parser.add_argument("--env-file", metavar="FILE", help=texts._(_SETTINGS_HELP),
                        default=None if top else argparse.SUPPRESS)


def lang_option(parser: argparse.ArgumentParser, texts: Texts = ENGLISH) -> None:
    """``--lang``: the language of the command's words (its help, its messages)."""
    parser.add_argument("--lang", metavar="LANG", choices=LANGUAGES, help=texts._(
        "the language of the messages: {languages} (default: LC_ALL, LC_MESSAGES or LANG; "
        "else English)", languages=", ".join(f"{code} ({LANGUAGE_NAMES[code]})"
                                            for code in LANGUAGES)))


def parser(texts: Texts = ENGLISH) -> argparse.ArgumentParser:
    """The command line's parser; the help of ``play`` in the language of ``texts`` (the
    Discord bot's, for whoever runs it, in English)."""
    t = texts
    top = CommandParser(
        prog="wordle-bot",
        usage="%(prog)s [-h] [--env-file FILE] [--sync-global] [COMMAND] ...",
        description="Wordle for Discord servers, and in your terminal. Without a command, "
                    "runs the Discord bot\n(wordle-bot run).",
        epilog=exits.help_text(texts=t), formatter_class=argparse.RawDescriptionHelpFormatter)
    settings_option(top, top=True)
    top.add_argument("--sync-global", action="store_true",
                     help=_SYNC_GLOBAL_HELP + " (the same as run --sync-global)")
    sub = top.add_subparsers(dest="command", metavar="COMMAND", prog="wordle-bot")

    run = sub.add_parser("run", help="run the Discord bot (the default)",
                         description=_RUN_DESCRIPTION, epilog=exits.help_text("run", t),
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    settings_option(run)
    run.add_argument("--sync-global", action="store_true", default=argparse.SUPPRESS,
                     help=_SYNC_GLOBAL_HELP)

    play = sub.add_parser("play", help=t._("play Wordle in this terminal"),
                          description=t._("Play Wordle in this terminal, over the bot's own "
                                          "service and database."),
                          epilog=exits.help_text("play", t),
                          formatter_class=argparse.RawDescriptionHelpFormatter)
    settings_option(play, t)
    play.add_argument("--db", type=Path, help=t._(
        "a SQLite database file (default: the bot's own: DATABASE_URL, else WORDLE_DB or "
        "data/wordle-bot.sqlite3)"))
    play.add_argument("--word", help=t._("set the hidden word (for trying things out)"))
    play.add_argument("--daily", action="store_true", help=t._("play today's daily puzzle"))
    play.add_argument("--archive", metavar="N",
                      help=t._("play a past daily again by its number (Wordle N)"))
    play.add_argument("--archive-date", metavar="YYYY-MM-DD",
                      help=t._("play a past daily again by its date"))
    play.add_argument("--hard", action="store_true",
                      help=t._("hard mode: green and yellow letters must be used"))
    play.add_argument("--boards", type=int, choices=(2, 4, 8), metavar="N",
                      help=t._("play N boards at once, each guess on every board: 2 (Dordle, 7 "
                               "guesses), 4 (Quordle, 9) or 8 (Octordle, 13)"))
    from bot.cli.pack_choice import add_pack_options

    add_pack_options(play, t)
    play.set_defaults(language=None, length=None)  # none given: the daily's pack
    lang_option(play, t)
    colour = play.add_mutually_exclusive_group()
    colour.add_argument("--color", dest="color", action="store_true", default=None,
                        help=t._("always use colour"))
    colour.add_argument("--no-color", dest="color", action="store_false",
                        help=t._("never use colour (also NO_COLOR=1)"))

    solve = sub.add_parser("solve", add_help=False,
                           help=t._("suggest guesses for a game played elsewhere "
                                    "(wordle-bot solve --help)"))
    solve.add_argument("rest", nargs=argparse.REMAINDER)
    prepare = sub.add_parser("prepare", add_help=False,
                             help=t._("build the solver's strategies ahead (wordle-bot "
                                      "prepare --help)"))
    prepare.add_argument("rest", nargs=argparse.REMAINDER)

    from bot.cli.salt import DESCRIPTION as SALT_DESCRIPTION

    sub.add_parser("salt", help="print a new random salt for DAILY_SALT",
                   description=SALT_DESCRIPTION,
                   formatter_class=argparse.RawDescriptionHelpFormatter)
    return top


def tool_command(argv: list[str]) -> int | None:
    """Where ``solve`` or ``prepare`` is in ``argv``, when it is the command (after the
    top-level options): they parse the rest themselves."""
    i = 0
    while i < len(argv):
        if argv[i] in TOOLS:
            return i
        if argv[i] == "--env-file":
            i += 2
        elif argv[i].startswith("--env-file=") or argv[i] == "--sync-global":
            i += 1
        else:
            return None
    return None


def refuse_misplaced(parser: argparse.ArgumentParser, args: argparse.Namespace,
                     command: str | None) -> None:
    """Exit 2 for an option that means nothing to ``command`` rather than ignore it."""
    if args.sync_global and command not in (None, "run"):
        parser.error(f"--sync-global is for running the Discord bot (wordle-bot run "
                     f"--sync-global), not for {command}")
    if command == "salt" and args.env_file is not None:
        parser.error("--env-file: wordle-bot salt reads no settings")


def settings_file(parser: argparse.ArgumentParser, named: str | None) -> str:
    """The settings file: the one named with ``--env-file``, which must be there (a typo would
    otherwise run on other settings without a word), else ``.env`` if there is one."""
    if named is None:
        return ".env"
    path = Path(named)
    if path.is_dir():
        parser.error(f"--env-file: {named} is a folder, not a settings file")
    if not path.exists():
        parser.error(f"--env-file: there is no file {named}")
    return named
