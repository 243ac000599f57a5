"""The language of the command line: ``--lang`` if the arguments give it, else the
environment's (``LC_ALL``, ``LC_MESSAGES`` or ``LANG``), for the help of ``play``, ``solve`` and
``prepare`` and for argparse's own words ("usage:", "error:", ...).

argparse takes its words from ``gettext.gettext`` and ``gettext.ngettext``, bound to its own
names ``_`` and ``ngettext`` when it is imported, so they are looked up in gettext's default
domain and nothing the bot's catalogues hold. :func:`argparse_speaking` binds those two names
to the catalogue of the command line's language for as long as the command line is read, and
back after: only this program's command line speaks it, never a library's parser.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager

from bot.render.catalogues import LANGUAGES, N_
from bot.render.common import Texts

#: argparse's words a person can meet in our commands' help and refusals, exactly as argparse
#: writes them (its ``%`` placeholders included), for the catalogues.
ARGPARSE_MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
)


def command_line_texts(argv: Sequence[str], environ: Mapping[str, str]) -> Texts:
    """The words of the command line ``argv``: its ``--lang`` when that names a language the
    bot speaks (a wrong one is argparse's to refuse), else the environment's, as a terminal
    game's (:func:`bot.terminal.terminal_texts`)."""
    from bot.terminal import terminal_texts

    for i, arg in enumerate(argv):
        if arg == "--":
            break
        lang = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else (
            arg.partition("=")[2] if arg.startswith("--lang=") else None)
        if lang in LANGUAGES:
            return terminal_texts(lang, environ)
    return terminal_texts(None, environ)


@contextmanager
def argparse_speaking(texts: Texts) -> Iterator[None]:
    """argparse's own words in the language of ``texts`` while the block runs."""
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    setattr(argparse, "_", texts.translations.gettext)  # noqa: B010 (argparse's own name)
    setattr(argparse, "ngettext", texts.translations.ngettext)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", saved[0])  # noqa: B010
        setattr(argparse, "ngettext", saved[1])  # noqa: B010
