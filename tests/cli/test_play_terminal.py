"""``wordle-bot play`` on a real pseudo-terminal: what a person at a keyboard meets."""

from __future__ import annotations

from pathlib import Path

from tests.cli.terminal import CTRL_C, Session
from tests.service.test_play_cli import env

__all__ = ["env"]

BYE = "Bye! Your game is saved"


def play(tmp_path: Path, env: dict[str, str], *args: str) -> Session:
    return Session(["play", "--db", str(tmp_path / "play.sqlite3"), *args], tmp_path, env)


def test_ctrl_c_at_the_prompt_leaves_at_once_and_the_game_carries_on(tmp_path, env):
    first = play(tmp_path, env, "--word", "slate")
    first.expect(r"Guess 1/6> ")
    first.send("crane\n")
    first.expect(r"Guess 2/6> ")
    first.send("spe")  # typed, not entered
    first.expect("spe")
    first.send(CTRL_C)  # no Enter: the read is interrupted at once
    assert first.finish(timeout=10) == 130, first.text()
    assert first.text().count(BYE) == 1, first.text()
    assert "Traceback" not in first.text()

    again = play(tmp_path, env)
    again.expect("Carrying on with your game in progress")
    again.expect(r"Guess 2/6> ")  # CRANE was kept; the half-typed word was not played
    again.send("/quit\n")
    assert again.finish() == 0, again.text()


def test_a_window_plays_only_its_own_game(tmp_path, env):
    # Window A plays the daily; window B carries on with it and gives it up; window C starts
    # a practice game. A's next guess must not land in C's game.
    a = play(tmp_path, env, "--daily")
    a.expect(r"Guess 1/6> ")
    a.send("soare\n")  # an allowed word that is no answer: the daily goes on
    a.expect(r"Guess 2/6> ")
    b = play(tmp_path, env)
    b.expect("Carrying on with your game in progress")
    b.expect(r"Guess 2/6> ")
    b.send("/giveup\n")
    b.expect("The word was ([A-Z]{5})")
    assert b.finish() == 0, b.text()
    word = b.text().split("The word was ")[1][:5]
    c = play(tmp_path, env, "--word", "slate")
    c.expect(r"Guess 1/6> ")

    a.send("roate\n")
    a.expect(f"This game ended in another window; the word was {word}.")
    assert a.finish() == 0, a.text()

    c.send("/board\n")
    c.expect(r"Guess \d/6> ")
    assert c.text().endswith("Guess 1/6> "), c.text()  # C's game has no guess
    c.send("/quit\n")
    assert c.finish() == 0, c.text()


def test_long_messages_wrap_at_spaces_to_the_terminals_width(tmp_path, env):
    # A terminal breaks an over-long line wherever its width ends, in the middle of a word
    # or a number ("2,4" / "77"): the game breaks its messages at spaces itself.
    session = Session(["play", "--db", str(tmp_path / "play.sqlite3")], tmp_path, env,
                      columns=36)
    session.expect(r"Guess 1/6> ")
    session.send("/hint word\n")
    hint = session.expect(r"Guess 1/6> ")
    session.send("bre\u212aa\n")
    refusal = session.expect(r"Guess 1/6> ")
    session.send("/quit\n")
    assert session.finish() == 0, session.text()
    for said, starts in ((hint, "Hint: Try "), (refusal, "Use only the letters A to Z")):
        lines = said.replace("\r\n", "\n").split("\n")
        first = next(i for i, line in enumerate(lines) if line.startswith(starts))
        message = lines[first:-1]  # up to the next prompt
        assert len(message) > 1 and all(len(line) <= 36 for line in message), message
    assert " ".join(message) == ("Use only the letters A to Z: \u212a (U+212A KELVIN SIGN, "
                                 "which looks like K) can't be used.")
    # a refusal on standard error is broken at spaces too
    refused = Session(["play", "--db", str(tmp_path / "play.sqlite3"), "--word", "crane"],
                      tmp_path, env, columns=36)
    assert refused.finish() == 1, refused.text()
    lines = refused.text().replace("\r\n", "\n").rstrip("\n").split("\n")
    assert len(lines) > 1 and lines[0].startswith("You have a game in progress:"), lines
    # (the database's path is one word longer than the width: on a line of its own)
    assert all(len(line) <= 36 or " " not in line for line in lines), lines
