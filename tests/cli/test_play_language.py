"""``wordle-bot play`` in the player's language: ``--lang``, else the environment's
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English. Run as the real command."""

from __future__ import annotations

import subprocess
import sys

from tests.service.test_play_cli import env

__all__ = ["env"]


def play(tmp_path, env, typed: str, *args: str, **variables: str):
    return subprocess.run(
        [sys.executable, "-m", "bot", "play", "--db", str(tmp_path / "p.sqlite3"), *args],
        input=typed, capture_output=True, text=True, env={**env, **variables}, cwd=tmp_path,
        timeout=60)


def test_a_game_in_german_with_lang(tmp_path, env):
    done = play(tmp_path, env, "crane\n/hint\nslate\n", "--lang", "de", "--word", "slate",
                LANG="fr_FR.UTF-8")  # --lang wins over the environment
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Wordle · Übung: Errate das Wort mit 5 Buchstaben in 6 Versuchen." in out
    assert "Versuch 1/6> " in out and "Versuch 2/6> " in out
    assert "Tipp: Das gesuchte Wort enthält den Buchstaben" in out
    assert "Geschafft in 2/6!" in out
    assert "Deine Übungsstatistik:" in out and "Verteilung der Versuche" in out
    assert "Guess" not in out and "attempts" not in out


def test_the_environment_names_the_language(tmp_path, env):
    french = play(tmp_path, env, "/quit\n", "--word", "slate", LANG="fr_FR.UTF-8")
    assert french.returncode == 0, french.stderr
    assert "Salut\u00a0! Ta partie est sauvegardée" in french.stdout  # French spacing
    # LC_ALL comes before LANG; a language without a catalogue is English
    turkish = play(tmp_path, env, "/quit\n", LC_ALL="tr_TR.UTF-8", LANG="fr_FR.UTF-8")
    assert turkish.returncode == 0, turkish.stderr
    assert "Carrying on with your game in progress" in turkish.stdout
    assert "Bye! Your game is saved" in turkish.stdout


def test_a_language_it_does_not_speak_is_refused(tmp_path, env):
    done = play(tmp_path, env, "", "--lang", "tr")
    assert done.returncode == 2
    assert "argument --lang: invalid choice: 'tr'" in done.stderr
    assert "'de'" in done.stderr and not (tmp_path / "p.sqlite3").exists()


def test_wrong_arguments_are_refused_in_the_players_language(tmp_path, env):
    both = play(tmp_path, env, "", "--lang", "de", "--daily", "--word", "slate")
    assert both.returncode == 2
    assert both.stderr == ("Wähle eines von --daily, --word und --archive (oder "
                           "--archive-date).\n")
    word = play(tmp_path, env, "", "--language", "de", "--word", "qqqqq", LANG="ru_RU.UTF-8")
    assert word.returncode == 2 and word.stderr == "--word: Слова QQQQQ нет в списке.\n"
    number = play(tmp_path, env, "", "--lang", "de", "--archive", "x1")
    assert number.returncode == 2 and "ist keine Rätselnummer" in number.stderr
    pack = play(tmp_path, env, "", "--language", "es", "--daily", LC_ALL="ru_RU.UTF-8")
    assert pack.returncode == 2 and "ежедневн" in pack.stderr, pack.stderr
    unknown = play(tmp_path, env, "", "--lang", "fr", "--language", "xx")
    assert unknown.returncode == 2 and "Il n'y a pas de jeu de mots xx-5" in unknown.stderr
    for done in (both, word, number, pack, unknown):
        assert "Choose" not in done.stderr and " is not " not in done.stderr
    assert not (tmp_path / "p.sqlite3").exists()
