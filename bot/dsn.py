"""A database URL without its password, for messages and logs: of the settings
(``DATABASE_URL``) and of the PostgreSQL store.

Hidden: the password of the user part, whatever characters it holds (a ``/``, ``#`` or ``?``
left unencoded makes ``urllib`` see no password at all), and a ``password`` query parameter
(which asyncpg accepts). A text that is not ``scheme://...`` keeps only its scheme.
"""

from __future__ import annotations

import re
from typing import Final

_QUERY_PASSWORD: Final = re.compile(r"([?&]password=)[^&#]*", re.IGNORECASE)


def redact(url: str) -> str:
    """``url`` with its password shown as ``***``."""
    scheme, separator, rest = url.partition("://")
    if not separator:
        return f"{scheme.partition(':')[0]}:***" if ":" in url else url
    at = rest.rfind("@")  # the user part ends at the last "@" (a password may hold one)
    if at != -1:
        user, colon, _ = rest[:at].partition(":")
        rest = f"{user}{':***' if colon else ''}@{rest[at + 1:]}"
    return scheme + "://" + _QUERY_PASSWORD.sub(r"\1***", rest)
