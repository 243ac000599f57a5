"""The exit status of ``wordle-bot``, and which failures at start get which.

A service manager restarts a bot that exits with an error; that helps after an outage and
never after a wrong setting. So a wrong setting has its own status (sysexits.h's
``EX_CONFIG``, for systemd's ``RestartPreventExitStatus=``), apart from an outage's
(``EX_UNAVAILABLE``).
"""

from __future__ import annotations

import sqlite3
import textwrap

from bot.render.catalogues import N_
from bot.render.common import ENGLISH, Texts

#: The command line is wrong (argparse's own status for it).
USAGE = 2
#: Discord or the database could not be reached at start: trying again later can work.
UNAVAILABLE = 69
#: A setting is wrong (the token, a value, a file or folder a setting names, a database that
#: refuses the login or was written by a newer release) or the SQLite file is damaged: a person
#: must fix it first.
CONFIG = 78

#: Each status of ``run`` and ``play`` (``None``: both), for their help.
_MEANINGS: tuple[tuple[int, str | None, str], ...] = (
    (0, "run", N_("the bot was stopped (SIGTERM, Ctrl-C)")),
    (0, "play", N_("the game ended or was left")),
    (1, None, N_("an unexpected error")),
    (1, "play", N_("the game was refused (a daily already played, ...)")),
    (USAGE, None, N_("the command line is wrong")),
    (UNAVAILABLE, None, N_("Discord or the database could not be reached: trying again "
                           "later can work")),
    (CONFIG, None, N_("a setting is wrong (the token, a value, a file or folder it names, "
                      "the database's login) or the database file is damaged: fix or "
                      "restore it; starting again cannot help")),
    (130, "play", N_("the game was interrupted (Ctrl-C)")),
)


def help_text(command: str | None = None, texts: Texts = ENGLISH) -> str:
    """The exit status part of ``wordle-bot --help`` (``command`` None) or of ``wordle-bot
    run --help`` and ``play --help``, in the language of ``texts``."""
    if command is None:
        lines = [texts._("exit status of run and play (solve and prepare: see their own "
                         "--help):")]
    else:
        lines = [texts._("exit status:")]
    wrap = textwrap.TextWrapper(width=88, initial_indent="", subsequent_indent=" " * 7)
    for code, only, meaning in _MEANINGS:
        if command is None or only in (None, command):
            where = f"{only}: " if command is None and only else ""
            lines.extend(wrap.wrap(f"  {code:<4} {where}{texts._(meaning)}"))
    return "\n".join(lines)


#: PostgreSQL's error classes that a restart cannot mend: a login refused (28), a database
#: that does not exist (3D), a role without the rights the bot needs (42501).
_POSTGRES_SETTINGS = ("28", "3D", "42501")


def database_exit_code(error: BaseException, *, postgres: bool) -> int:
    """The status for a database that could not be opened at start: :data:`UNAVAILABLE` for
    a server that is down, busy or slow, or a SQLite file another process holds locked; else
    :data:`CONFIG` (a refused login or missing rights, a schema too new, a SQLite file the
    bot cannot use)."""
    from bot.storage.errors import SchemaTooNew

    causes = list(_causes(error))
    if any(isinstance(cause, SchemaTooNew) for cause in causes):
        return CONFIG
    if not postgres:
        locked = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
        busy = any(getattr(cause, "sqlite_errorcode", None) in locked for cause in causes)
        return UNAVAILABLE if busy else CONFIG
    import asyncpg

    for cause in causes:
        state = getattr(cause, "sqlstate", None) or ""
        if isinstance(cause, asyncpg.ClientConfigurationError) or state.startswith(
                _POSTGRES_SETTINGS):
            return CONFIG
    return UNAVAILABLE


def _causes(error: BaseException) -> list[BaseException]:
    """``error`` and what it was raised from or while handling, nearest first."""
    found: list[BaseException] = []
    current: BaseException | None = error
    while current is not None and current not in found:
        found.append(current)
        current = current.__cause__ or current.__context__
    return found
