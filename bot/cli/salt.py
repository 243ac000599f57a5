"""``wordle-bot salt``: print a new random daily salt, a value for ``DAILY_SALT``.

The salt picks the daily words: whoever knows it can work them all out, and changing it
changes every daily and archive word. The bot makes one itself when ``DAILY_SALT`` is unset;
this is for setting it explicitly (several machines, a move to PostgreSQL, a secret store).
"""

from __future__ import annotations

import secrets
from typing import TextIO

#: ``wordle-bot salt --help``.
DESCRIPTION = """\
Print a new random salt for DAILY_SALT, the secret that picks the daily words, and nothing
else (no settings are read, nothing is kept).

Keep it secret: whoever knows it can work out every daily word. Set it once, before players
play: a new salt changes every daily and archive word. For example:

  echo "DAILY_SALT=$(uv run wordle-bot salt)" >> .env

DAILY_SALT is optional. Without it the bot makes a salt itself and keeps it in daily-salt
beside the SQLite database (data/daily-salt by default), or, on PostgreSQL, derives it from a
key the database keeps. A bot that already made its salt that way keeps its daily words when
DAILY_SALT is set to that salt (cat data/daily-salt), not to a new one."""

#: Bytes of randomness in a salt (written as twice as many hex digits).
SALT_BYTES = 16


def new_salt() -> str:
    """A new random salt: 128 bits from the system's secure source, in hex."""
    return secrets.token_hex(SALT_BYTES)


def main(out: TextIO) -> int:
    print(new_salt(), file=out)
    return 0
