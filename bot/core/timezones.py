"""Time zones: IANA names only, in any case, from the ``tzdata`` package.

The names come from the package, not the host, so a name that works here works wherever the
database moves, also on hosts without zone data; host-specific entries (``localtime``,
``posix/...``, file paths) are refused. :func:`zone` is the one place a
:class:`~zoneinfo.ZoneInfo` is built.
"""

from __future__ import annotations

import difflib
from functools import cache
from importlib import resources
from zoneinfo import ZoneInfo

#: Longer names are refused before any lookup (the longest IANA name has 32 characters).
MAX_NAME = 64

#: In the tzdata list but meaningless as a place: a zone for "time not set".
_NOT_PLACES = frozenset({"Factory"})

_EXAMPLES = "'UTC', 'Europe/Paris' or 'America/New_York'"


class UnknownTimeZone(ValueError):
    """A time zone name that is not an IANA name; ``suggestions`` holds close ones (canonical
    spelling, best first, at most three)."""

    def __init__(self, name: object, suggestions: tuple[str, ...] = ()) -> None:
        self.name = name
        self.suggestions = suggestions
        shown = repr(name) if isinstance(name, str) else type(name).__name__
        if len(shown) > 70:
            shown = shown[:67] + "..."
        message = f"Unknown time zone {shown}."
        if suggestions:
            names = [repr(s) for s in suggestions]
            listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
            message += f" Did you mean {listed}?"
        message += f" Use an IANA name such as {_EXAMPLES}."
        super().__init__(message)


@cache
def known_timezones() -> frozenset[str]:
    """Every IANA zone name the bot accepts, canonical spelling (from the tzdata package)."""
    listing = resources.files("tzdata").joinpath("zones").read_text(encoding="utf-8")
    return frozenset(listing.split()) - _NOT_PLACES


@cache
def _by_folded_name() -> dict[str, str]:
    return {name.casefold(): name for name in known_timezones()}


@cache
def _by_place() -> dict[str, list[str]]:
    """The last part of each name (``paris``, ``new york``) to the names ending in it."""
    places: dict[str, list[str]] = {}
    for name in sorted(known_timezones()):
        places.setdefault(_place(name), []).append(name)
    return places


def _place(name: str) -> str:
    return name.rsplit("/", 1)[-1].casefold().replace("_", " ").replace("-", " ")


def suggest_timezones(name: str, limit: int = 3) -> tuple[str, ...]:
    """Up to ``limit`` known names close to ``name``, best first."""
    folded = name.strip().casefold()
    for prefix in ("posix/", "right/"):  # the host's copies of real zones
        if folded.startswith(prefix) and folded[len(prefix):] in _by_folded_name():
            return (_by_folded_name()[folded[len(prefix):]],)
    found: list[str] = []
    if "/" not in folded:
        place = folded.replace("_", " ").replace("-", " ")
        for match in difflib.get_close_matches(place, _by_place(), n=limit, cutoff=0.75):
            found.extend(_by_place()[match])
    for match in difflib.get_close_matches(folded, _by_folded_name(), n=limit, cutoff=0.75):
        found.append(_by_folded_name()[match])
    return tuple(dict.fromkeys(found))[:limit]


def normalise_timezone(name: object) -> str:
    """The canonical IANA name for ``name`` (any case, spaces around ignored).

    Raises :class:`UnknownTimeZone` (a ``ValueError``) for anything else, with suggestions.
    """
    if not isinstance(name, str):
        raise UnknownTimeZone(name)
    text = name.strip()
    if not text or len(text) > MAX_NAME:
        raise UnknownTimeZone(name)
    canonical = _by_folded_name().get(text.casefold())
    if canonical is None:
        raise UnknownTimeZone(name, suggest_timezones(text))
    return canonical


def zone(name: str) -> ZoneInfo:
    """The :class:`~zoneinfo.ZoneInfo` of an IANA name (any case); raises
    :class:`UnknownTimeZone` for other names, except a host zone saved before names were
    checked (``localtime``), which keeps working while the host has it."""
    try:
        canonical = normalise_timezone(name)
    except UnknownTimeZone as unknown:
        try:
            return ZoneInfo(name)
        except (KeyError, ValueError, OSError, TypeError):  # not found is a KeyError
            raise unknown from None
    return ZoneInfo(canonical)  # ZoneInfo keeps its own cache
