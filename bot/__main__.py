"""The ``wordle-bot`` command (also ``python -m bot``).

    wordle-bot [run]           run the Discord bot (settings from .env; run --sync-global
                               publishes the slash commands to every server)
    wordle-bot play            play in this terminal, over the same service and database
                               (--daily, --archive N or --archive-date YYYY-MM-DD, --word)
    wordle-bot solve crane=BYBBG slate=...   solve a game played elsewhere
    wordle-bot prepare         build the solver's strategies for other word lists ahead
    wordle-bot salt            print a new random salt for DAILY_SALT

The parser and its help: :mod:`bot.cli.arguments`; the exit status: :mod:`bot.cli.exits`.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import logging
import os
import signal
import sqlite3
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from bot.cli import arguments, exits
from bot.config import Config, ConfigError, quiet_library_loggers
from bot.core.words import WordListError, WordLists, load_word_lists
from bot.render.terminal_text import controls_named

if TYPE_CHECKING:
    from bot.storage import Store

log = logging.getLogger("bot")


class StartupError(Exception):
    """A failure at start beyond a bad setting (a folder that cannot be made, a read-only
    database, Discord away): one line for the person running the bot, and the exit status
    (:mod:`bot.cli.exits`), ``CONFIG`` unless said."""

    def __init__(self, message: str, exit_code: int = exits.CONFIG) -> None:
        super().__init__(message)
        self.exit_code = exit_code


def _setup_logging(level: str, *, quiet: bool = False) -> None:
    logging.basicConfig(
        level=logging.WARNING if quiet else getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    quiet_library_loggers()


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _load_words(config: Config) -> WordLists:
    try:
        return load_word_lists(config.answers_path, config.allowed_path)
    except OSError as exc:  # beyond WordListError's cases, e.g. an I/O error
        raise StartupError(f"cannot read the word list {exc.filename}: {_reason(exc)}") from None


def _file_in_the_way(folder: Path) -> Path | None:
    for part in (folder, *folder.parents):
        if part.exists() and not part.is_dir():
            return part
    return None


def prepare_database_path(db_path: Path) -> None:
    """Make the database's folder and check that the bot can write there, or raise
    :class:`StartupError`. A read-only database would start and then fail every command."""
    folder = db_path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        blocker = _file_in_the_way(folder)
        why = f"{blocker} is a file, not a folder" if blocker else _reason(exc)
        raise StartupError(f"cannot make the database folder {folder}: {why}") from None
    if db_path.is_dir():
        raise StartupError(f"the database {db_path} is a folder; WORDLE_DB (or --db) must "
                           f"name a file")
    try:  # SQLite makes its journal files beside the database
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as exc:
        raise StartupError(f"cannot write in the database folder {folder}: {_reason(exc)}"
                           ) from None
    for path in (db_path, Path(f"{db_path}-wal"), Path(f"{db_path}-shm")):
        if path.exists():
            try:
                with path.open("r+b"):  # opened for writing, nothing written
                    pass
            except OSError as exc:
                raise StartupError(f"the database {path} is read-only ({_reason(exc)}); "
                                   f"the bot must be able to write to it") from None


def _with_storage(config: Config, db: Path | None = None, *, quiet: bool = False) -> Config:
    """The configuration with its SQLite database checked and its daily salt resolved;
    ``db`` (``play --db``) picks a SQLite file whatever ``DATABASE_URL`` says; ``quiet`` logs
    no salt file made. PostgreSQL's settings are returned as they are."""
    if db is not None:
        config = replace(config, db_path=db, postgres_url=None)
    if config.postgres_url is not None:
        return config
    prepare_database_path(config.db_path)
    return replace(config, daily_salt=config.resolved_salt(quiet=quiet))


async def open_database(config: Config | Path) -> Store:
    """Open the store the settings choose (a bare path: that SQLite file), or raise
    :class:`StartupError` (never showing a password)."""
    from bot.storage import StorageError
    from bot.storage.open import open_store

    if isinstance(config, Path):
        config = Config(db_path=config)
    try:
        return await open_store(postgres_url=config.postgres_url, sqlite_path=config.db_path,
                                pool_size=config.pool_size)
    except (StorageError, sqlite3.Error, OSError) as exc:
        code = exits.database_exit_code(exc, postgres=config.postgres_url is not None)
        raise StartupError(str(exc), code) from None


async def _check_database(config: Config) -> Config:
    db = await open_database(config)
    try:
        return replace(config, daily_salt=config.salt_of(db))
    finally:
        await db.close()


async def _play(config: Config, args: argparse.Namespace, words: WordLists) -> int:
    from bot.cli.invocation import play_command
    from bot.render.terminal import use_color
    from bot.service import GameService, Kind
    from bot.terminal import TerminalGame, terminal_texts

    db = await open_database(config)
    try:
        service = GameService(db, words, daily_salt=config.salt_of(db))
        color = use_color(sys.stdout) if args.color is None else args.color
        game = TerminalGame(service, stdin=sys.stdin, stdout=sys.stdout, color=color,
                            stderr=sys.stderr, play=play_command(args.env_file, args.db),
                            texts=terminal_texts(args.lang, os.environ))
        archive = args.archive is not None or args.archive_date is not None
        kind = Kind.ARCHIVE if archive else Kind.DAILY if args.daily else Kind.RANDOM
        number = int(args.archive) if args.archive is not None else None
        return await game.run(kind=kind, hard_mode=args.hard, word=args.word, number=number,
                              date=args.archive_date, language=args.language,
                              length=args.length, boards=args.boards)
    finally:
        await db.close()


def _run_play(config: Config, args: argparse.Namespace, words: WordLists) -> int:
    if sys.stdout is None:  # started with `>&-`
        raise StartupError("standard output is closed: there is nowhere to show the game",
                           exits.USAGE)
    from bot.cli.play_arguments import play_arguments_error
    from bot.terminal import terminal_texts

    problem = play_arguments_error(args, words, terminal_texts(args.lang, os.environ))
    if problem is not None:
        print(controls_named(problem), file=sys.stderr)
        return exits.USAGE
    config = _with_storage(config, args.db, quiet=True)
    try:
        with interrupt_at_once():
            return asyncio.run(_play(config, args, words))
    except KeyboardInterrupt:  # Ctrl-C while the game was being saved or read back
        from bot.cli.invocation import play_command
        from bot.terminal import INTERRUPTED, bye_text, terminal_texts

        print(bye_text(play_command(args.env_file, args.db),
                       terminal_texts(args.lang, os.environ)))
        return INTERRUPTED


def _raise_interrupt(signum: int, frame: object) -> None:
    # One is enough: a second Ctrl-C must not cut short the way out (the store's closing).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


@contextmanager
def interrupt_at_once() -> Iterator[None]:
    """Make Ctrl-C raise ``KeyboardInterrupt`` at once inside ``asyncio.run``, whose own
    handler only cancels the main task and so leaves a blocking read of a line waiting for
    Enter. SIGINT is left alone when it is not Python's default (``nohup``)."""
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        yield
        return
    signal.signal(signal.SIGINT, _raise_interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _run_discord(config: Config, words: WordLists, *, sync_global: bool) -> int:
    import aiohttp
    import discord

    from bot.app import run_bot

    if config.token:  # without one, run_bot explains how to get one and touches nothing
        config = asyncio.run(_check_database(_with_storage(config)))
    try:
        return run_bot(config, words, sync_global=sync_global)
    except (aiohttp.ClientError, discord.GatewayNotFound) as exc:
        raise StartupError(f"Can't reach Discord: {exc}", exits.UNAVAILABLE) from None


def main(argv: list[str] | None = None) -> int:
    _replace_what_cannot_be_shown()
    argv = sys.argv[1:] if argv is None else argv
    try:
        return _main(argv)
    except BrokenPipeError:  # the reader went away (`wordle-bot play | head -1`): stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # so the exit's own flush cannot fail again
        return 1
    except KeyboardInterrupt:  # Ctrl-C in solve, prepare, or before play's game began
        logging.disable()  # a strategy build stops with the command: nothing to report
        from bot.cli.cli_language import command_line_texts

        print("\n" + command_line_texts(argv, os.environ)._("Interrupted."), file=sys.stderr)
        return 130


def _replace_what_cannot_be_shown() -> None:
    """On a terminal that is not UTF-8, show ``?`` for the tiles and squares it cannot show
    rather than stop with an error."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.encoding.lower().replace(
                "-", "").replace("_", "") != "utf8":
            stream.reconfigure(errors="replace")


def _main(argv: list[str]) -> int:
    from bot.cli.cli_language import argparse_speaking, command_line_texts

    texts = command_line_texts(argv, os.environ)  # the help's and argparse's words
    with argparse_speaking(texts):  # argparse words its help option as it is made
        parser = arguments.parser(texts)
    at = arguments.tool_command(argv)
    if at is not None:  # the settings file is theirs too (word lists, cache folder)
        with argparse_speaking(texts):
            top = parser.parse_args(argv[:at])
            arguments.refuse_misplaced(parser, top, argv[at])
            env_file = arguments.settings_file(parser, top.env_file)
        if argv[at] == "solve":
            from bot.cli.solve import main as solve_main

            return solve_main(argv[at + 1:], env_file=env_file)
        from bot.cli.prepare import main as prepare_main

        return prepare_main(argv[at + 1:], env_file=env_file)
    with argparse_speaking(texts):
        args = parser.parse_args(argv)
        arguments.refuse_misplaced(parser, args, args.command)
    if args.command == "salt":
        from bot.cli.salt import main as salt_main

        return salt_main(sys.stdout)
    with argparse_speaking(texts):
        env_file = arguments.settings_file(parser, args.env_file)
    try:
        config = Config.from_env(env_file)
        _setup_logging(config.log_level, quiet=args.command == "play")
        words = _load_words(config)
        if args.command == "play":
            return _run_play(config, args, words)
        return _run_discord(config, words, sync_global=args.sync_global)
    except (ConfigError, WordListError) as exc:
        print(f"wordle-bot: {controls_named(str(exc))}", file=sys.stderr)
        return exits.CONFIG
    except StartupError as exc:
        print(f"wordle-bot: {controls_named(str(exc))}", file=sys.stderr)
        return exc.exit_code


if __name__ == "__main__":
    raise SystemExit(main())
