"""The ``wordle-bot`` command (also ``python -m bot``).

    wordle-bot                 run the Discord bot (settings from .env)
    wordle-bot play            play in this terminal, over the same service and database
    wordle-bot solve crane=BYBBG slate=...   solve a game played elsewhere
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from dataclasses import replace
from pathlib import Path

from bot.config import Config, ConfigError, quiet_library_loggers
from bot.core.words import WordListError, WordLists, load_word_lists

log = logging.getLogger("bot")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wordle-bot",
        description="Wordle for Discord servers, and in your terminal.",
    )
    parser.add_argument("--env-file", default=".env", help="settings file (default: .env)")
    parser.add_argument("--sync-global", action="store_true",
                        help="sync slash commands to every server at start (slow to spread; "
                             "use once after changing commands)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("run", help="run the Discord bot (the default)")

    play = sub.add_parser("play", help="play Wordle in this terminal")
    play.add_argument("--db", type=Path, help="database file (default: WORDLE_DB or "
                      "data/wordle-bot.sqlite3, the bot's own)")
    play.add_argument("--word", help="set the hidden word (for trying things out)")
    play.add_argument("--daily", action="store_true", help="play today's daily puzzle")
    play.add_argument("--hard", action="store_true", help="hard mode: revealed hints must be used")
    colour = play.add_mutually_exclusive_group()
    colour.add_argument("--color", dest="color", action="store_true", default=None,
                        help="always use colour")
    colour.add_argument("--no-color", dest="color", action="store_false",
                        help="never use colour (also NO_COLOR=1)")

    solve = sub.add_parser("solve", add_help=False,
                           help="suggest guesses for a game played elsewhere "
                                "(wordle-bot solve --help)")
    solve.add_argument("rest", nargs=argparse.REMAINDER)
    return parser


def _setup_logging(level: str, *, quiet: bool = False) -> None:
    logging.basicConfig(
        level=logging.WARNING if quiet else getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    quiet_library_loggers()


def _load_words(config: Config) -> WordLists:
    return load_word_lists(config.answers_path, config.allowed_path)


async def _play(config: Config, args: argparse.Namespace, words: WordLists) -> int:
    from bot.core.game import Invalid, validate_guess
    from bot.render.terminal import use_color
    from bot.service import GameService, Kind
    from bot.storage import Database, StorageError
    from bot.terminal import TerminalGame

    if args.daily and args.word:
        print("Choose --daily or --word, not both.", file=sys.stderr)
        return 2
    if args.word is not None:
        checked = validate_guess(args.word, words.allowed)
        if isinstance(checked, Invalid):
            print(f"--word: {checked.message}", file=sys.stderr)
            return 2
    db_path = args.db or config.db_path
    db_path.parent.mkdir(parents=True, exist_ok=True)
    config = replace(config, db_path=db_path)
    try:
        db = await Database.open(db_path)
    except StorageError as exc:
        print(f"wordle-bot: {exc}", file=sys.stderr)
        return 2
    try:
        service = GameService(db, words, daily_salt=config.resolved_salt())
        color = use_color(sys.stdout) if args.color is None else args.color
        game = TerminalGame(service, stdin=sys.stdin, stdout=sys.stdout, color=color)
        kind = Kind.DAILY if args.daily else Kind.RANDOM
        return await game.run(kind=kind, hard_mode=args.hard, word=args.word)
    finally:
        await db.close()


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["solve"]:
        from bot.cli.solve import main as solve_main

        return solve_main(argv[1:])
    args = _parser().parse_args(argv)
    try:
        config = Config.from_env(args.env_file)
        _setup_logging(config.log_level, quiet=args.command == "play")
        words = _load_words(config)
    except (ConfigError, WordListError) as exc:
        print(f"wordle-bot: {exc}", file=sys.stderr)
        return 2

    if args.command == "play":
        try:
            return asyncio.run(_play(config, args, words))
        except KeyboardInterrupt:
            print("\nBye! Your game is saved: run `wordle-bot play` again to carry on.")
            return 0

    from bot.app import run_bot

    return run_bot(config, words, sync_global=args.sync_global)


if __name__ == "__main__":
    raise SystemExit(main())
