import logging
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.config import Config, ConfigError, quiet_library_loggers
from bot.dsn import redact


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


def test_an_empty_salt_file_is_refused_not_replaced(tmp_path):
    """An empty file (a crash while an older version wrote it, a bad restore) is not taken as
    no salt: a new one would change every daily and archive word without a word."""
    (tmp_path / "daily-salt").write_text("")
    with pytest.raises(ConfigError, match=r"daily-salt is empty: restore it from a backup"):
        Config(db_path=tmp_path / "w.sqlite3").resolved_salt()
    assert (tmp_path / "daily-salt").read_text() == ""


def test_processes_starting_at_once_keep_one_salt(tmp_path):
    """The salt is made whole beside its file and linked into place: whoever comes first
    makes it, everyone gets that one, and no spare file is left."""
    barrier = threading.Barrier(8)

    def start() -> str:
        barrier.wait()
        return Config(db_path=tmp_path / "w.sqlite3").resolved_salt()

    with ThreadPoolExecutor(8) as pool:
        salts = set(pool.map(lambda _: start(), range(8)))
    assert len(salts) == 1
    assert [p.name for p in tmp_path.iterdir()] == ["daily-salt"]
    assert (tmp_path / "daily-salt").read_text() == f"{salts.pop()}\n"


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


# -- DATABASE_URL, SHARD_COUNT, SHARD_IDS ----------------------------------------------------


def test_database_url_unset_keeps_sqlite_and_wordle_db(tmp_path):
    config = Config.from_env(None, {"WORDLE_DB": str(tmp_path / "w.sqlite3")})
    assert config.postgres_url is None and not config.uses_postgres
    assert config.db_path == tmp_path / "w.sqlite3"
    assert config.database_label == str(tmp_path / "w.sqlite3")


@pytest.mark.parametrize(("url", "path"), [("sqlite:///data/x.sqlite3", "data/x.sqlite3"),
                                           ("sqlite:////srv/wordle/x.db", "/srv/wordle/x.db"),
                                           ("SQLITE:///my%20file.db", "my file.db")])
def test_sqlite_url_names_the_file(url, path):
    config = Config.from_env(None, {"DATABASE_URL": url, "WORDLE_DB": "ignored.sqlite3"})
    assert config.postgres_url is None
    assert str(config.db_path) == path


@pytest.mark.parametrize("scheme", ["postgresql", "postgres"])
def test_postgres_url_chooses_postgres_and_hides_the_password(scheme):
    url = f"{scheme}://wordle:s3cret-pw@db.internal:5432/wordle"
    config = Config.from_env(None, {"DATABASE_URL": url})
    assert config.postgres_url == url and config.uses_postgres
    assert config.database_label == f"{scheme}://wordle:***@db.internal:5432/wordle"
    assert "s3cret-pw" not in repr(config)


@pytest.mark.parametrize(("url", "message"), [
    ("mysql://u:s3cret-pw@h/d", "must start with postgresql://"),
    ("s3cret-pw", "must start with postgresql://"),
    ("postgresql://u:s3cret-pw@h:port/d", r"not a valid URL \(postgresql://u:\*\*\*@h:port/d\)"),
    ("sqlite://relative.db", "a SQLite URL is sqlite:///"),
    ("sqlite:///", "a SQLite URL is sqlite:///"),
])
def test_bad_database_url_is_one_clear_line_without_the_password(url, message):
    with pytest.raises(ConfigError, match=message) as raised:
        Config.from_env(None, {"DATABASE_URL": url})
    text = str(raised.value)
    assert "s3cret-pw" not in text and "\n" not in text and text.startswith("DATABASE_URL")


def test_no_shard_settings_run_every_shard_of_the_recommended_count():
    config = Config.from_env(None, {})
    assert (config.shard_count, config.shard_ids) == (None, None)
    assert Config.from_env(None, {"SHARD_COUNT": "auto"}).shard_count is None
    assert Config.from_env(None, {"SHARD_COUNT": " AUTO "}).shard_count is None


@pytest.mark.parametrize(("ids", "expected"), [
    ("0-3", (0, 1, 2, 3)), ("0,2,5", (0, 2, 5)), ("5, 0-1 ,3", (0, 1, 3, 5)), ("7", (7,)),
    ("4-4", (4,)),
])
def test_shard_ids_ranges_and_lists(ids, expected):
    env = {"SHARD_COUNT": "8", "SHARD_IDS": ids, "DATABASE_URL": "postgresql://u@h/d"}
    config = Config.from_env(None, env)
    assert (config.shard_count, config.shard_ids) == (8, expected)


@pytest.mark.parametrize(("env", "message"), [
    ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a number of shards"),
    ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a number of shards"),
    ({"SHARD_COUNT": "-1"}, "SHARD_COUNT must be a number of shards"),
    ({"SHARD_COUNT": "²"}, "SHARD_COUNT must be a number of shards"),
    ({"SHARD_IDS": "0-1"}, "SHARD_IDS needs SHARD_COUNT set to a number"),
    ({"SHARD_COUNT": "auto", "SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT set to a number"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "0-4"}, "names shard 4, but there are only 4"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "runs backwards"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "0,1,1"}, "names shard 1 twice"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "0-2,2"}, "names shard 2 twice"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "a-b"}, "shard numbers and ranges"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "1,"}, "shard numbers and ranges"),
    ({"SHARD_COUNT": "4", "SHARD_IDS": "0-1"}, "needs DATABASE_URL=postgresql"),
])
def test_bad_shard_settings_are_one_clear_line(env, message):
    env = {"DATABASE_URL": "postgresql://u@h/d", **env} if "DATABASE_URL" not in str(
        message) else env
    with pytest.raises(ConfigError, match=message) as raised:
        Config.from_env(None, env)
    assert "\n" not in str(raised.value)


def test_every_shard_in_one_process_works_on_sqlite():
    config = Config.from_env(None, {"SHARD_COUNT": "2", "SHARD_IDS": "0-1"})
    assert (config.shard_count, config.shard_ids, config.postgres_url) == (2, (0, 1), None)


@pytest.mark.parametrize("token", ["abc\ndef", "abc\rdef", "abc def", "abc\x00def",
                                   "abc\u2028def"])
def test_a_token_broken_inside_is_refused_without_showing_it(token):
    with pytest.raises(ConfigError) as refused:
        Config.from_env(None, {"DISCORD_TOKEN": token})
    assert "DISCORD_TOKEN" in str(refused.value) and "abc" not in str(refused.value)


@pytest.mark.parametrize(("url", "shown"), [
    ("postgresql://wordle:se/cret@localhost/db", "postgresql://wordle:***@localhost/db"),
    ("postgresql://wordle:1234/5678@localhost/db", "postgresql://wordle:***@localhost/db"),
    ("postgresql://u:p#w?x@y@h:5/db", "postgresql://u:***@h:5/db"),
    ("postgresql://wordle@h:1/db?password=TOPSECRET", "postgresql://wordle@h:1/db?password=***"),
    ("postgresql://w@h/db?sslmode=require&PassWord=s3&x=1",
     "postgresql://w@h/db?sslmode=require&PassWord=***&x=1"),
    ("postgresql:SECRETPW", "postgresql:***"),
    ("postgresql://u:pw@h1:1,h2:2/db", "postgresql://u:***@h1:1,h2:2/db"),
    ("postgresql://u@h/db", "postgresql://u@h/db"),
    ("postgresql://h/db", "postgresql://h/db"),
])
def test_a_database_password_is_never_shown(url, shown):
    # (An unencoded "/", "#" or "?" in the password hides it from urllib altogether.)
    assert redact(url) == shown


def test_making_the_salt_file_is_logged_for_the_operator_unless_quiet(tmp_path, caplog):
    with caplog.at_level(logging.WARNING, logger="bot.config"):
        Config(db_path=tmp_path / "bot" / "w.sqlite3").resolved_salt()
        Config(db_path=tmp_path / "play" / "w.sqlite3").resolved_salt(quiet=True)
    assert [r.getMessage() for r in caplog.records] == [
        f"DAILY_SALT is not set: made a new one in {tmp_path / 'bot' / 'daily-salt'} "
        "(keep that file)."]
    assert (tmp_path / "play" / "daily-salt").is_file()
