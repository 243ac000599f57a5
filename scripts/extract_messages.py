"""Gather the bot's messages into ``bot/locale/wordle.pot`` and bring every language's
catalogue (``bot/locale/<lang>/LC_MESSAGES/wordle.po``) up to date with it.

    uv run python scripts/extract_messages.py           write the template and the catalogues
    uv run python scripts/extract_messages.py --check   exit 1 when either is out of date

The messages come from two places:

* the source of ``bot/``: every call of ``texts._``, ``texts.ngettext``, ``texts.pgettext``
  and ``N_`` (a message written in a table, translated where it is shown), read by Babel's
  extractor;
* the slash commands: each command's, group's, option's and choice's name and description,
  read off the cogs' command tree, names with their context (:mod:`bot.cogs.command_translator`).

A message new to a catalogue comes in untranslated (and the bot shows it in English until it
is translated); one gone from the source is dropped. Nothing is compiled: the bot reads the
``.po`` files as they are (:mod:`bot.render.catalogues`).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.render.catalogues import (  # noqa: E402 (the repository's root on the path first)
    CHOICE_NAME,
    COMMAND_NAME,
    DOMAIN,
    LANGUAGES,
    LOCALE_DIR,
    OPTION_NAME,
    SOURCE_LANGUAGE,
    catalogue_path,
)

#: The functions whose arguments are messages, and which arguments (Babel's notation: a
#: context is ``(n, "c")``).
KEYWORDS: dict[str, Any] = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
                            "N_": None}
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: Lines of a catalogue this wide at most (as Babel wraps them).
WIDTH = 100


#: The catalogues' header dates, fixed: a date that changed at every run made two branches'
#: catalogues conflict on that line alone.
HEADER_DATE: Final = datetime(2026, 1, 1, tzinfo=UTC)


def _catalogue(locale: str | None = None) -> Catalog:
    return Catalog(locale=locale, domain=DOMAIN, project="wordle-bot", version="",
                   copyright_holder="wordle-bot", msgid_bugs_address="",
                   creation_date=HEADER_DATE, revision_date=HEADER_DATE,
                   charset="utf-8", fuzzy=False)


def source_messages(catalogue: Catalog) -> None:
    """Add the messages of the source of ``bot/``."""
    found = extract_from_dir(ROOT / "bot", method_map=[("**.py", "python")],
                             keywords=KEYWORDS, comment_tags=("Translators:",),
                             strip_comment_tags=True)
    with contextlib.redirect_stderr(io.StringIO()):
        # Babel warns of every f-string among a call's arguments, a value filling a
        # placeholder (``score=f"{a}/{b}"``) as well as a message (which is never one: no
        # catalogue could hold its words).
        found = list(found)
    for filename, lineno, message, comments, context in found:
        catalogue.add(message, locations=[(f"bot/{filename}", lineno)],
                      auto_comments=comments, context=context,
                      flags=("python-brace-format",) if _has_fields(message) else ())


def _has_fields(message: str | tuple[str, ...]) -> bool:
    texts = (message,) if isinstance(message, str) else message
    return any("{" in text for text in texts)


def command_strings() -> Iterator[tuple[str, str | None, str]]:
    """Each string of the slash commands: (message, context, what it is)."""
    from bot.cogs.play import PlayCog
    from bot.cogs.wordle import WordleCog

    def walk(command: Any, path: str) -> Iterator[tuple[str, str | None, str]]:
        where = f"/{path}{command.name}"
        yield command.name, COMMAND_NAME, f"the name of {where}"
        yield command.description, None, f"the description of {where}"
        for child in getattr(command, "commands", ()):
            yield from walk(child, f"{path}{command.name} ")
        for option in getattr(command, "parameters", ()):
            yield option.name, OPTION_NAME, f"the name of {where}'s option {option.name}"
            yield option.description, None, f"the description of {where} {option.name}:"
            for choice in option.choices:
                yield choice.name, CHOICE_NAME, f"a choice of {where} {option.name}:"

    for cog in (PlayCog, WordleCog):
        for command in cog.__cog_app_commands__:
            yield from walk(command, "")


def template() -> Catalog:
    """Every message of the bot, as the template holds them."""
    catalogue = _catalogue()
    source_messages(catalogue)
    for message, context, what in command_strings():
        known = catalogue.get(message, context)
        if known is None:
            catalogue.add(message, context=context, auto_comments=[f"Slash command: {what}."])
        else:
            known.auto_comments.append(f"Slash command: {what}.")
    return catalogue


def written(catalogue: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalogue, width=WIDTH, omit_header=False, sort_output=False,
             include_lineno=False, ignore_obsolete=True, include_previous=False)
    return out.getvalue()


def updated(language: str, pot: Catalog) -> Catalog:
    """The catalogue of ``language`` brought up to date with ``pot`` (a new one if none)."""
    path = catalogue_path(language)
    if path.exists():
        with path.open("rb") as po:
            catalogue = read_po(po, locale=language, domain=DOMAIN)
    else:
        catalogue = _catalogue(language)
    catalogue.update(pot, no_fuzzy_matching=True, update_header_comment=False)
    return catalogue


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 when a file is out of date")
    args = parser.parse_args(argv)
    pot = template()
    files = {TEMPLATE: written(pot)}
    for language in LANGUAGES:
        if language != SOURCE_LANGUAGE:
            files[catalogue_path(language)] = written(updated(language, pot))
    stale = [path for path, text in files.items()
             if not path.exists() or path.read_bytes() != text]
    if args.check:
        for path in stale:
            print(f"out of date: {path.relative_to(ROOT)}", file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(files[path])
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
