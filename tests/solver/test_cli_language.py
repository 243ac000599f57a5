"""``wordle-bot solve`` and ``prepare`` speak the terminal's language (``--lang``, else
``LANG``) in their refusals and output, not only in their help: the core hands back codes and
values (bot.core.solver_history), bot/render/solver_text.py words them."""

from __future__ import annotations

import io

import pytest

from bot.cli.solve import main
from bot.core.feedback import score
from bot.core.solver_history import HistoryError, HistoryProblem, parse_feedback
from bot.render.common import texts_for
from bot.render.solver_text import history_text
from tests.solver.test_cli import lists

#: The solve tests' word lists, as a fixture of this module too.
__all__ = ["lists"]


def run(argv: list[str], monkeypatch: pytest.MonkeyPatch, **environ: str
        ) -> tuple[int, str, str]:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_a_german_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(["--lang", "de", "--show", "-1"], monkeypatch)
    assert code == 2 and err == "wordle-bot solve: --show muss 0 oder mehr sein\n", err
    code, _, err = run(["crane"], monkeypatch, LANG="de_DE.UTF-8")
    assert code == 2 and "jeden Versuch als WORT=RÜCKMELDUNG" in err and "write" not in err, err


def test_german_headings(lists: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    feedback = score("crane", "sheep")
    code, out, _ = run([*lists, "--lang", "de", f"crane={feedback}"], monkeypatch)
    assert code == 0
    assert "gesuchte Wörter passen" in out and "Bester nächster Versuch: " in out, out
    assert "fit" not in out and "Best next" not in out


def test_a_russian_history_error(lists: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run([*lists, "crane=BYBB"], monkeypatch, LANG="ru_RU.UTF-8")
    assert code == 2
    assert err == ("wordle-bot solve: CRANE: В ответе нужно 5 отметок, по одной на букву; "
                   "дано 4.\n"), err
    code, _, err = run([*lists, "crane=GGGGG", "slate=BBBBB"], monkeypatch, LANG="ru_RU.UTF-8")
    assert code == 2 and err == ("wordle-bot solve: CRANE — всё зелёное: игра на этом "
                                 "закончилась, попыток после неё нет\n"), err


def test_a_russian_feedback_no_word_gives(lists: list[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver's own refusal (no hidden word fits) comes back as codes and is worded."""
    code, out, _ = run([*lists, "--lang", "ru", "sheep=BBBBB", "sheep=GGGGG"], monkeypatch)
    assert code == 1
    assert out.splitlines()[-1].startswith(
        "Ни одно слово из списка не подходит: попытка 2, SHEEP GGGGG, говорит"), out
    assert "No word" not in out


def test_the_core_keeps_codes_and_values() -> None:
    with pytest.raises(HistoryError) as caught:
        parse_feedback("GGXQG")
    error = caught.value
    assert error.problem is HistoryProblem.FEEDBACK_CHARACTER
    assert error.values == {"character": "Q"}
    assert history_text(error, texts_for("ru")) == (
        "В ответе можно использовать только G/Y/B, 2/1/0 или 🟩🟨⬛: 'Q' — не из их числа.")
    placed = error.placed("Board 2: ...", board=2)
    assert (placed.problem, placed.values) == (error.problem, error.values)
    assert history_text(placed, texts_for("de")).startswith("Feld 2: Die Rückmeldung darf")


def test_a_word_the_pack_cannot_read_and_a_pack_there_is_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(["--language", "es", "arbolito=BBBBB"], monkeypatch, LANG="de_DE.UTF-8")
    assert err == ("wordle-bot solve: 'arbolito': Ein Wort muss 5 Buchstaben haben; ARBOLITO "
                   "hat 8.\n"), err
    code, _, err = run(["--lang", "ru", "--language", "xx"], monkeypatch)
    assert code == 2 and err.startswith("wordle-bot solve: Набора слов xx-5 нет"), err
