"""The help of ``play``, ``solve`` and ``prepare`` and argparse's own words (usage, errors) in
the terminal's language: ``--lang``, else ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``; and
"Interrupted." on Ctrl-C. Run through the command's own entry point."""

from __future__ import annotations

import argparse

import bot.__main__ as entry
from bot.__main__ import main


def run(capsys, monkeypatch, *argv: str, **environ: str) -> tuple[int, str, str]:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    try:
        status = main(list(argv))
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_play_help_in_german_with_lang(capsys, monkeypatch) -> None:
    status, out, _ = run(capsys, monkeypatch, "play", "--lang", "de", "--help",
                         LANG="fr_FR.UTF-8")
    assert status == 0
    assert out.startswith("Aufruf: wordle-bot play"), out
    assert "Optionen:" in out and "diese Hilfe anzeigen und beenden" in out
    assert "das heutige Tagesrätsel spielen" in out and "Exit-Status:" in out
    assert "show this help" not in out and "daily puzzle" not in out


def test_solve_and_prepare_help_follow_the_environment(capsys, monkeypatch) -> None:
    status, out, _ = run(capsys, monkeypatch, "solve", "--help", LANG="ru_RU.UTF-8")
    assert status == 0
    assert out.startswith("использование: wordle-bot solve"), out
    assert "позиционные аргументы:" in out
    assert "Подсказывает следующую попытку" in out and "Suggest" not in out
    status, out, _ = run(capsys, monkeypatch, "prepare", "--help", LC_ALL="es_ES.UTF-8",
                         LANG="de_DE.UTF-8")
    assert status == 0
    assert out.startswith("uso: wordle-bot prepare"), out
    assert "qué estrategias (por defecto: both)" in out and "Build" not in out


def test_argparse_refusals_in_the_terminals_language(capsys, monkeypatch) -> None:
    status, _, err = run(capsys, monkeypatch, "play", "--lang", "fr", "--archive")
    assert status == 2
    assert ("wordle-bot play\u00a0: erreur\u00a0: argument --archive\u00a0: un argument "
            "attendu") in err, err
    status, _, err = run(capsys, monkeypatch, "solve", "--boards", "3", LANG="it_IT.UTF-8")
    assert status == 2
    assert "errore: argomento --boards: scelta non valida: 3" in err, err
    status, _, err = run(capsys, monkeypatch, "play", "--bogus", LANG="nl_NL.UTF-8")
    assert status == 2
    assert "fout: niet-herkende argumenten: --bogus" in err, err
    assert "gebruik: wordle-bot" in err
    status, _, err = run(capsys, monkeypatch, "prepare", "--mode", "fast",
                         LANG="pt_BR.UTF-8")
    assert "erro: argumento --mode: escolha inválida" in err, err
    # argparse is back to its own words for any other parser
    assert argparse.ArgumentParser(prog="x").format_usage() == "usage: x [-h]\n"


def test_interrupted_in_the_terminals_language(capsys, monkeypatch) -> None:
    def interrupted(argv: list[str]) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(entry, "_main", interrupted)
    # main() turns logging off for the rest of its process: here that is the test session's.
    monkeypatch.setattr(entry.logging, "disable", lambda *level: None)
    status, _, err = run(capsys, monkeypatch, "solve", "--lang", "de", "crane=BYBBG")
    assert status == 130 and err == "\nUnterbrochen.\n"
    status, _, err = run(capsys, monkeypatch, "solve", "crane=BYBBG", LANG="en_US.UTF-8")
    assert err == "\nInterrupted.\n"
