"""``wordle-bot run`` is a command with options of its own (issue 26, item 8): ``run
--sync-global`` and ``run --env-file`` work as before the command, ``run --help`` lists them
and the exit status, and ``--env-file`` after the other commands that read settings works
too. The real bot runs in a child process against the fake Discord."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from bot.__main__ import main as wordle_bot
from bot.cli import exits
from tests.cli.test_env_file import env, tiny_lists_in
from tests.cli.test_env_file import wordle_bot as run_wordle_bot
from tests.discord.test_shards_processes import write_word_lists
from tests.fakediscord import FakeDiscord

__all__ = ["env"]

ROOT = Path(__file__).resolve().parents[2]


def test_run_help_lists_its_options_and_the_exit_status(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        wordle_bot(["run", "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: wordle-bot run [-h] [--env-file FILE] [--sync-global]\n")
    assert "--env-file FILE  settings file (default: .env, if there is one)" in out
    assert "--sync-global    publish the slash commands to every server at start" in out
    assert "DEV_GUILD_ID" in out
    assert f"\n  {exits.CONFIG}   a setting is wrong" in out
    assert f"\n  {exits.UNAVAILABLE}   Discord or the database could not be reached" in out


def test_the_top_help_names_run_and_the_exit_status(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        wordle_bot(["--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: wordle-bot [-h] [--env-file FILE] [--sync-global] "
                          "[COMMAND] ...\n")
    assert "    run            run the Discord bot (the default)\n" in out
    assert "    salt           print a new random salt for DAILY_SALT\n" in out
    assert f"\n  {exits.CONFIG}   a setting is wrong" in out


async def test_run_sync_global_with_a_settings_file_after_the_command(tmp_path: Path) -> None:
    answers, allowed = write_word_lists(tmp_path)
    db = tmp_path / "run-data" / "wordle.sqlite3"
    (tmp_path / "run.env").write_text(
        f"WORDLE_DB={db}\nDAILY_SALT=run-test\nWORDLE_ANSWERS={answers}\n"
        f"WORDLE_ALLOWED={allowed}\nLOG_LEVEL=INFO\n")
    child_env = {"PYTHONPATH": str(ROOT), "WORDLE_BOT_CACHE_DIR": str(tmp_path / "cache")}
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Owners")
        channel = fake.add_text_channel(guild, "general")
        bob = fake.add_member(guild, "bob")
        async with fake.start_process("bot", "run", "--sync-global", "--env-file", "run.env",
                                      env=child_env, cwd=tmp_path, stop_timeout=20.0) as proc:
            try:
                await fake.wait_for(lambda: "guess" in fake.command_paths(), 60,
                                    "/guess published to every server")
            except AssertionError:
                print(proc.output())
                raise
            started = await fake.invoke(channel, bob, "wordle start")
            await started.wait_for_messages(1, timeout=20)
            assert proc.proc is not None
            proc.proc.send_signal(signal.SIGTERM)
            assert await proc.wait(timeout=30) == 0, proc.output()
        assert fake.commands(guild) == []
        assert "synced" in proc.output() and "globally" in proc.output()
    assert db.is_file()  # the settings file given after `run` was the one read


def test_run_refuses_a_settings_file_that_is_not_there(tmp_path, env) -> None:
    done = run_wordle_bot(tmp_path, env, "run", "--env-file", "typo.env")
    assert done.returncode == exits.USAGE
    assert done.stderr.endswith("error: --env-file: there is no file typo.env\n")
    assert not (tmp_path / "data").exists()


def test_the_settings_file_after_the_command_wins(tmp_path, env) -> None:
    (tmp_path / "before.env").write_text(f"WORDLE_DB={tmp_path / 'before.sqlite3'}\n")
    (tmp_path / "after.env").write_text(f"WORDLE_DB={tmp_path / 'after.sqlite3'}\n")
    done = run_wordle_bot(tmp_path, {**env, "DAILY_SALT": "s"}, "--env-file", "before.env",
                          "play", "--env-file", "after.env", "--word", "crane")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "after.sqlite3").is_file()
    assert not (tmp_path / "before.sqlite3").exists()


@pytest.mark.parametrize("command", ["solve", "prepare"])
def test_solve_and_prepare_take_the_settings_file_after_the_command(tmp_path, env,
                                                                    command) -> None:
    (tmp_path / "alt.env").write_text("WORDLE_ANSWERS=/nonexistent/answers.txt\n")
    done = run_wordle_bot(tmp_path, env, command, "--env-file", "alt.env", "--help")
    assert done.returncode == 0 and "--env-file FILE" in done.stdout
    args = ["crane=BBBBB"] if command == "solve" else ["--mode", "normal"]
    done = run_wordle_bot(tmp_path, env, command, "--env-file", "alt.env", *args)
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert f"wordle-bot {command}: word list problem" in done.stderr
    assert "/nonexistent/answers.txt" in done.stderr
    done = run_wordle_bot(tmp_path, env, command, "--env-file", "typo.env", *args)
    assert done.returncode == 2
    assert "--env-file: there is no file typo.env" in done.stderr


def test_solve_with_the_settings_file_after_the_command_uses_its_lists(tmp_path, env) -> None:
    tiny_lists_in(tmp_path, "alt.env")
    done = run_wordle_bot(tmp_path, env, "solve", "--env-file", "alt.env", "crane=BBBBB")
    assert done.returncode == 0, done.stderr
    assert "\n2 hidden words fit:\n  BLOOM SPOOK\n" in done.stdout


def test_sync_global_before_the_command_still_means_run(tmp_path, env) -> None:
    # Without a token both forms stop at the same place: the help for making one.
    for args in (["--sync-global"], ["run", "--sync-global"], ["--sync-global", "run"]):
        done = run_wordle_bot(tmp_path, env, "--env-file", os.devnull, *args)
        assert done.returncode == exits.CONFIG, (args, done.stderr)
        assert "wordle-bot needs a Discord bot token in DISCORD_TOKEN" in done.stderr
