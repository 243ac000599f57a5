"""``wordle-bot prepare``: strategies built ahead, in another process, kept in the cache."""

from __future__ import annotations

import io
from pathlib import Path

from bot.__main__ import main as wordle_bot
from bot.cli.prepare import main
from bot.core.solver import Solver
from bot.core.solver_strategy import Strategy, fingerprint
from tests.solver.words import ALLOWED, ANSWERS


def test_prepare_builds_into_the_cache_and_output(tmp_path: Path, solver: Solver):
    answers, allowed = tmp_path / "answers.txt", tmp_path / "allowed.txt"
    answers.write_text("\n".join(ANSWERS) + "\n")
    allowed.write_text("\n".join(ALLOWED) + "\n")
    cache, output = tmp_path / "cache", tmp_path / "ship"
    out, err = io.StringIO(), io.StringIO()
    code = main(["--answers", str(answers), "--allowed", str(allowed), "--mode", "normal",
                 "--cache-dir", str(cache), "--output", str(output)], out=out, err=err)
    assert code == 0, err.getvalue()
    assert "normal mode: built in" in out.getvalue()
    assert f"{solver.strategy(False).average:.4f} guesses on average" in out.getvalue()
    key = fingerprint(solver.lists_key, False)
    for folder in (cache, output):
        saved = Strategy.load(folder / solver.shipped_path(False).name, key)
        assert saved is not None
        assert (saved.node_guess == solver.strategy(False).node_guess).all()
    # a second run finds it in the cache and builds nothing
    out = io.StringIO()
    assert main(["--answers", str(answers), "--allowed", str(allowed), "--mode", "normal",
                 "--cache-dir", str(cache)], out=out, err=io.StringIO()) == 0
    assert "normal mode: already in the cache" in out.getvalue()


def test_prepare_is_a_subcommand_and_refuses_a_bad_list(tmp_path: Path, capsys):
    bad = tmp_path / "answers.txt"
    bad.write_text("sheep\nsheeps\n")
    assert wordle_bot(["prepare", "--answers", str(bad), "--allowed", str(bad)]) == 2
    assert "word list problem" in capsys.readouterr().err
