"""The message catalogues: each language's complete and true to the source, the template up to
date with the code, and no English sentence left in ``bot/render`` outside them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.render.catalogues import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE, catalogue_path
from bot.render.common import ENGLISH, language_of, texts_for

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = sorted(set(LANGUAGES) - {SOURCE_LANGUAGE})
FIELD = re.compile(r"\{(\w*)[^{}]*\}")


def fields(text: str) -> list[str]:
    return sorted(FIELD.findall(text.replace("{{", "").replace("}}", "")))


def catalogue(language: str):  # type: ignore[no-untyped-def]
    with catalogue_path(language).open("rb") as po:
        return read_po(po, locale=language, domain=DOMAIN)


def template():  # type: ignore[no-untyped-def]
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("rb") as pot:
        return read_po(pot, domain=DOMAIN)


def keys(cat) -> set[tuple[str | None, object]]:  # type: ignore[no-untyped-def]
    return {(m.context, m.id) for m in cat if m.id}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_the_sources_placeholders(language: str) -> None:
    cat = catalogue(language)
    assert keys(cat) == keys(template()), "run scripts/extract_messages.py"
    problems = []
    for message in cat:
        if not message.id:
            continue
        if message.fuzzy:
            problems.append(f"fuzzy: {message.id!r}")
        if isinstance(message.id, tuple):
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            if len(forms) != cat.num_plurals or not all(forms):
                problems.append(f"plural forms missing: {message.id[0]!r}")
            want = fields(message.id[1])
            problems += [f"{form!r} has {fields(form)}, not {want}" for form in forms
                         if form and fields(form) != want]
        elif not message.string:
            problems.append(f"untranslated: {message.id!r}")
        elif fields(message.string) != fields(message.id):
            problems.append(f"{message.string!r} has {fields(message.string)}, "
                            f"not {fields(message.id)}")
    assert problems == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_fills_in(language: str) -> None:
    """Each translation formats with the values its message is given (no stray brace)."""
    texts = texts_for(language)
    for message in catalogue(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        values = {name: "x" for text in ids for name in fields(text)}
        if isinstance(message.id, tuple):
            values.pop("n", None)
            for count in (0, 1, 2, 5, 21, 1000000):
                texts.ngettext(*message.id, count, **values)
        elif message.context:
            texts.pgettext(message.context, message.id, **values)
        else:
            texts._(message.id, **values)


def test_the_template_holds_every_message_of_the_code() -> None:
    from scripts.extract_messages import template as from_code

    assert keys(from_code()) == keys(template()), "run scripts/extract_messages.py"


def test_locales_are_read_as_discord_and_terminals_name_them() -> None:
    assert [language_of(name) for name in ("fr", "pt-BR", "es-419", "de_DE.UTF-8",
                                           "ru_RU", "nl-NL", "it")] == \
        ["fr", "pt", "es", "de", "ru", "nl", "it"]
    # Turkish, C and nothing: no catalogue, so English
    assert [language_of(name) for name in ("tr", "C", "", None)] == [None] * 4
    assert texts_for("tr") is ENGLISH and texts_for(None) is ENGLISH


def test_counts_and_numbers_follow_the_language() -> None:
    ru = texts_for("ru")
    assert [ru.ngettext("{n} attempt left", "{n} attempts left", n) for n in (1, 3, 11, 21)] \
        == ["осталась 1 попытка", "осталось 3 попытки", "осталось 11 попыток",
            "осталась 21 попытка"]
    fr = texts_for("fr")
    assert fr.ngettext("{n} attempt left", "{n} attempts left", 0) == "0 essai restant"
    assert fr.number(12345) == "12\u202f345" and texts_for("de").number(12345) == "12.345"
    assert texts_for("de").decimal(3.5) == "3,50" and ENGLISH.decimal(3.5) == "3.50"


def test_a_whole_number_is_formatted_once_per_language() -> None:
    from bot.render.common import _whole_number

    _whole_number.cache_clear()
    fr, de = texts_for("fr"), texts_for("de")
    assert [fr.number(2024), fr.number(2024), de.number(2024)] == ["2\u202f024"] * 2 + ["2.024"]
    assert (_whole_number.cache_info().misses, _whole_number.cache_info().hits) == (2, 1)
    assert fr.number(2.5) == "2,5" and _whole_number.cache_info().misses == 2  # not cached


# --------------------------------------------------------------------------------------------
# No English left in bot/render outside the catalogues

#: The functions whose arguments go to the catalogues (or name a command).
MARKERS = {"_", "ngettext", "pgettext", "N_", "command"}
#: Two words of letters: an English phrase rather than a code or a symbol.
PHRASE = re.compile(r"[A-Za-z]{2,}[ ,'][A-Za-z]{2,}")
#: Phrases in bot/render that are not read by players, or are not translated yet (and why).
NOT_SHOWN = {
    # Named in errors for programs (ValueError).
    "common.py": {"letters of "}, "stats_text.py": {"each distribution count"},
    # The README's text of the period option (not shown by the bot).
    "leaderboard_text.py": {"`period`: `today`, `week` (from Monday), `month` (the calendar "
                            "month) or `all` (all time), on the server's calendar (its time "
                            "zone); a game counts in the period it finished in. Streaks run "
                            "across periods, so they are ranked for all time only."},
    # The catalogues' contexts of command, option and choice names.
    "catalogues.py": {"command name", "option name"},
    # Commands as typed in a terminal, and keys of a table of messages.
    "terminal_text.py": {"wordle-bot play", "/hint letter", "/hint position", "/hint word",
                         "daily or archive"},
}


def _called(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def english_phrases(path: Path) -> list[str]:
    """The string constants of ``path`` that read as English outside a docstring, a raise, a
    log line and the catalogues' markers."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    parent = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    docstrings = {node.body[0].value for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                       ast.AsyncFunctionDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    found = []
    for node in ast.walk(tree):
        if (not isinstance(node, ast.Constant) or not isinstance(node.value, str)
                or node in docstrings or not PHRASE.search(node.value)):
            continue
        up = parent.get(node)
        while up is not None and not isinstance(up, ast.Raise) and not (
                isinstance(up, ast.Call) and _called(up.func) in MARKERS | {"log", "warning"}):
            up = parent.get(up)
        if up is None:
            found.append(node.value)
    return found


def test_no_english_phrase_is_left_outside_the_catalogues_in_render() -> None:
    left = {}
    for path in sorted((ROOT / "bot" / "render").glob("*.py")):
        allowed = NOT_SHOWN.get(path.name, set())
        if allowed == "*":
            continue
        phrases = [p for p in english_phrases(path) if p not in allowed]
        if phrases:
            left[path.name] = phrases
    assert left == {}


def test_the_scan_finds_a_phrase_left_unwrapped(tmp_path: Path) -> None:
    module = tmp_path / "sample.py"
    module.write_text('"""Doc string here."""\n'
                      'def f(t):\n'
                      '    """What it does, in words."""\n'
                      '    a = t._("Wrapped words here")\n'
                      '    b = "Left as it is"\n'
                      '    raise ValueError("for programs only")\n', encoding="utf-8")
    assert english_phrases(module) == ["Left as it is"]
