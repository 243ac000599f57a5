"""The personal daily: the daily a player plays outside the servers that added the bot (a DM,
a group chat, a server where only they installed the app), kept under server id
:data:`PERSONAL`.

Each player has their own order of words, keyed by the salt and their id, so no choice of
time zone lets them read anyone else's word early. Their day follows their own time zone.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from functools import lru_cache

from bot.core.daily import checked_answers, ranked

#: The server id of a player's personal record (games and statistics outside servers).
PERSONAL = 0


def _player_key(salt: str, player_id: int) -> bytes:
    """The secret of one player's order, labelled apart from a server's of the same number."""
    return hmac.new(salt.encode(), f"daily-order/player/{player_id}".encode(),
                    hashlib.sha256).digest()


@lru_cache(maxsize=256)
def _player_cycle(answers: tuple[str, ...], salt: str, player_id: int,
                  cycle: int) -> tuple[str, ...]:
    return ranked(answers, _player_key(salt, player_id), str(cycle))


def player_daily_word(number: int, answers: Sequence[str], salt: str, player_id: int) -> str:
    """The hidden word of puzzle ``number`` in the personal daily of ``player_id``: every answer
    once per cycle, in an order only the salt and this player's id decide."""
    if isinstance(player_id, bool) or not isinstance(player_id, int) or player_id < 0:
        raise ValueError(f"player_id must be a user id (0 or more), not {player_id!r:.40}")
    words = checked_answers(answers, salt)
    cycle, position = divmod(number - 1, len(words))
    return _player_cycle(words, salt, player_id, cycle)[position]
