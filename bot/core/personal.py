"""The personal daily: the daily a player plays outside the servers that added the bot (in a DM,
a group chat, or a server where only they installed the app). Results go to the player's
personal record, server id :data:`PERSONAL` (0, as the terminal's).

**Whose word.** Each player has their own order of words (:func:`player_daily_word`), keyed by
the secret salt and the player's id, as each server has its own (:mod:`bot.core.daily`): no
choice of time zone lets anyone read another player's or a server's word before its day begins,
since nobody else is ever dealt the same order.

**Which day.** The player's own time zone (a preference, UTC by default) says when their day
begins, through a :class:`bot.core.daily.Calendar` as a server's does: a change of time zone
never changes today.
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
    """The secret of one player's order: from the salt and the player's id (labelled, so it is
    never the key of a server with the same number)."""
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
