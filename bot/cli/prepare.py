"""``wordle-bot prepare``: build the solver's strategies ahead, so the bot never waits for them.

    wordle-bot prepare                                   the lists in WORDLE_ANSWERS/ALLOWED
    wordle-bot prepare --env-file alt.env                the lists another settings file names
    wordle-bot prepare --answers a.txt --allowed b.txt   other lists
    wordle-bot prepare --output wordlists/strategies     also write the files there (to ship)
    wordle-bot prepare --language ru --length 5          a word pack's lists

For the shipped word lists (every pack's) this only checks that their shipped strategies
load. Other lists
are built, each mode in a separate process, into the cache folder the bot reads. Exit status
0; 1 when a build fails; 2 for a setting, list or folder that cannot be used.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
from pathlib import Path
from typing import TextIO

from bot.cli.arguments import CommandParser, lang_option, settings_file, settings_option
from bot.cli.cli_language import argparse_speaking, command_line_texts
from bot.cli.pack_choice import add_pack_options, chosen_lists
from bot.render.common import ENGLISH, Texts
from bot.render.solver_text import strategy_text


def _parser(texts: Texts = ENGLISH) -> argparse.ArgumentParser:
    t = texts
    parser = CommandParser(
        prog="wordle-bot prepare",
        description=t._("Build the solver's strategies for the word lists ahead of time."),
    )
    parser.add_argument("--answers", type=Path, metavar="FILE", help=t._(
        "hidden-word list (default: the pack's; for English 5 WORDLE_ANSWERS or the bot's)"))
    parser.add_argument("--allowed", type=Path, metavar="FILE", help=t._(
        "allowed-guess list (default: the pack's; for English 5 WORDLE_ALLOWED or the "
        "bot's)"))
    parser.add_argument("--mode", choices=["normal", "hard", "both"], default="both",
                        help=t._("which strategies (default: both)"))
    parser.add_argument("--cache-dir", type=Path, metavar="DIR", help=t._(
        "the solver's cache folder (default: $WORDLE_BOT_CACHE_DIR or ~/.cache/wordle-bot)"))
    parser.add_argument("--output", type=Path, metavar="DIR", help=t._(
        "also write the strategy files here (e.g. wordlists/strategies to ship them)"))
    add_pack_options(parser, t)
    lang_option(parser, t)
    settings_option(parser, t)
    return parser


def main(argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None,
         *, env_file: str | Path = ".env") -> int:
    """Run the command with ``argv`` (the arguments after ``prepare``) and the settings in
    ``env_file`` (values already in the environment win); returns the status. Its help and
    argparse's refusals are in the command line's language (``--lang``, else the
    environment's)."""
    out = out or sys.stdout
    err = err or sys.stderr
    argv = sys.argv[1:] if argv is None else argv
    texts = command_line_texts(argv, os.environ)
    try:
        with argparse_speaking(texts):  # argparse words its help option as it is made
            parser = _parser(texts)
            args = parser.parse_args(argv)
            if "env_file" in args:  # given after the command: wins over the one before it
                env_file = settings_file(parser, args.env_file)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    if not logging.getLogger().handlers:
        logging.basicConfig(level=logging.INFO, stream=err,
                            format="%(asctime)s %(levelname)-7s %(name)s: %(message)s")

    from bot.core.solver import Solver
    from bot.core.solver_strategy import fingerprint

    chosen = chosen_lists("prepare", env_file, args, err, texts)
    if chosen is None:
        return 2
    solver = Solver(chosen.answers, chosen.allowed, variant=chosen.variant,
                    cache_dir=args.cache_dir, build_process=True)
    t = texts
    modes = {"normal": [False], "hard": [True], "both": [False, True]}[args.mode]
    if not all(solver.strategy_ready(hard_mode) for hard_mode in modes):
        problem = _cannot_write(solver.cache_dir)  # before minutes of building, not after
        if problem is not None:
            print(_refusal(t._("cannot write in the cache folder {folder}: {problem}",
                               folder=solver.cache_dir, problem=problem), t), file=err)
            return 2
    for hard_mode in modes:
        try:
            strategy = solver.strategy(hard_mode)
        except RuntimeError as error:
            print(_refusal(str(error), t), file=err)
            return 1
        if strategy.source == "built" and not solver.strategy_path(hard_mode).is_file():
            print(_refusal(t._("cannot write the hard mode strategy in the cache folder "
                               "{folder}", folder=solver.cache_dir) if hard_mode
                           else t._("cannot write the normal mode strategy in the cache "
                                    "folder {folder}", folder=solver.cache_dir), t), file=err)
            return 2
        first = solver.guesses[int(strategy.node_guess[0])].upper()
        print(strategy_text(hard_mode, strategy.source, strategy.build_seconds, first,
                            strategy.average, strategy.max_guesses, t), file=out)
        if args.output is not None:
            path = args.output / solver.shipped_path(hard_mode).name
            key = fingerprint(solver.lists_key, hard_mode, solver.variant.attempts)
            if not strategy.save(path, key):
                print(_refusal(t._("cannot write {path}", path=path), t), file=err)
                return 2
            size = path.stat().st_size
            print("  " + t.ngettext("written to {path} ({n} byte)", "written to {path} ({n} "
                                    "bytes)", size, path=path), file=out)
    return 0


def _refusal(text: str, texts: Texts) -> str:
    """A refusal of the command: ``wordle-bot prepare: ...``."""
    return texts._("{command}: {problem}", command="wordle-bot prepare", problem=text)


def _cannot_write(folder: Path) -> str | None:
    """Why no file can be written in ``folder`` (made if missing), or None."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        return error.strerror or str(error)
    return None


if __name__ == "__main__":
    raise SystemExit(main())
