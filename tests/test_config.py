import logging

import pytest

from bot.config import Config, ConfigError, quiet_library_loggers


def test_from_env_reads_values_and_defaults(tmp_path):
    config = Config.from_env(None, {"DISCORD_TOKEN": " secret-token ", "DEV_GUILD_ID": "123",
                                    "WORDLE_DB": str(tmp_path / "x.sqlite3")})
    assert config.token == "secret-token"
    assert config.dev_guild_id == 123
    assert config.db_path == tmp_path / "x.sqlite3"
    assert config.log_level == "INFO"
    # The token and the salt never show in a repr (and so in a log line).
    assert "secret-token" not in repr(config)


def test_env_file_is_read_but_environment_wins(tmp_path, monkeypatch):
    env_file = tmp_path / ".env"
    env_file.write_text("DAILY_SALT=from-file\nLOG_LEVEL=debug\n")
    monkeypatch.delenv("DAILY_SALT", raising=False)
    monkeypatch.setenv("LOG_LEVEL", "warning")
    config = Config.from_env(env_file)
    assert config.daily_salt == "from-file"
    assert config.log_level == "WARNING"


def test_bad_guild_id_is_a_clear_error():
    with pytest.raises(ConfigError, match="DEV_GUILD_ID"):
        Config.from_env(None, {"DEV_GUILD_ID": "my server"})


def test_salt_made_once_and_kept(tmp_path):
    config = Config(db_path=tmp_path / "data" / "w.sqlite3")
    salt = config.resolved_salt()
    assert len(salt) >= 32
    assert Config(db_path=tmp_path / "data" / "w.sqlite3").resolved_salt() == salt
    assert Config(daily_salt="given").resolved_salt() == "given"


def test_library_debug_lines_never_reach_the_logs(caplog):
    caplog.set_level(logging.DEBUG)
    quiet_library_loggers()
    logging.getLogger("aiosqlite").debug("executing insert ... ['slate']")
    logging.getLogger("discord.http").debug("POST ... {'word': 'slate'}")
    logging.getLogger("bot.test").debug("our own debug line")
    assert [r.name for r in caplog.records] == ["bot.test"]
