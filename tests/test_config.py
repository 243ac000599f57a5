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


@pytest.mark.parametrize("value", ["12²", "١٢٣", "-5", "0", "1e9", str(2**63), "12 34"])
def test_guild_id_must_be_ascii_digits_of_a_server_id(value):
    with pytest.raises(ConfigError, match="DEV_GUILD_ID"):
        Config.from_env(None, {"DEV_GUILD_ID": value})


def test_guild_id_at_the_top_of_the_range_is_accepted():
    assert Config.from_env(None, {"DEV_GUILD_ID": str(2**63 - 1)}).dev_guild_id == 2**63 - 1


def test_env_file_that_is_not_utf8_is_a_config_error(tmp_path):
    env_file = tmp_path / "latin1.env"
    env_file.write_bytes("DAILY_SALT=caf\xe9\n".encode("latin-1"))
    with pytest.raises(ConfigError, match=r"latin1\.env.*UTF-8"):
        Config.from_env(env_file)


def test_unknown_log_level_is_a_config_error():
    with pytest.raises(ConfigError, match="LOG_LEVEL"):
        Config.from_env(None, {"LOG_LEVEL": "chatty"})
    assert Config.from_env(None, {"LOG_LEVEL": "warning"}).log_level == "WARNING"


def test_salt_path_that_is_a_folder_is_a_config_error(tmp_path):
    (tmp_path / "daily-salt").mkdir()
    with pytest.raises(ConfigError, match=r"daily-salt.*folder"):
        Config(db_path=tmp_path / "w.sqlite3").resolved_salt()


def test_salt_file_that_is_not_utf8_is_a_config_error(tmp_path):
    (tmp_path / "daily-salt").write_bytes(b"\xff\xfe salt")
    with pytest.raises(ConfigError, match=r"daily-salt.*UTF-8"):
        Config(db_path=tmp_path / "w.sqlite3").resolved_salt()


def test_salt_folder_under_a_file_is_a_config_error(tmp_path):
    (tmp_path / "afile").write_text("x")
    with pytest.raises(ConfigError, match="afile"):
        Config(db_path=tmp_path / "afile" / "w.sqlite3").resolved_salt()


def test_a_high_log_level_quiets_the_libraries_too():
    root = logging.getLogger()
    libraries = [logging.getLogger(name) for name in ("discord", "aiosqlite")]
    saved = root.level, [library.level for library in libraries]
    try:
        root.setLevel(logging.ERROR)  # LOG_LEVEL=ERROR
        for library in libraries:
            library.setLevel(logging.NOTSET)
        quiet_library_loggers()
        client = logging.getLogger("discord.client")
        assert not client.isEnabledFor(logging.WARNING)  # "PyNaCl is not installed" and such
        assert client.isEnabledFor(logging.ERROR)
        root.setLevel(logging.DEBUG)  # LOG_LEVEL=DEBUG: still INFO for the libraries
        for library in libraries:
            library.setLevel(logging.NOTSET)
        quiet_library_loggers()
        assert not client.isEnabledFor(logging.DEBUG) and client.isEnabledFor(logging.INFO)
    finally:
        root.setLevel(saved[0])
        for library, level in zip(libraries, saved[1], strict=True):
            library.setLevel(level)
