"""Server time zones: IANA names only, any case, with suggestions (issue 10, item 13), and zone
data that comes with the bot, not the host (item 8)."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.core.timezones import UnknownTimeZone, known_timezones, normalise_timezone, zone
from tests.startup.helpers import run_cli


@pytest.mark.parametrize(("given", "canonical"), [
    ("UTC", "UTC"),
    ("utc", "UTC"),
    ("europe/paris", "Europe/Paris"),
    ("EUROPE/PARIS", "Europe/Paris"),
    ("america/new_york", "America/New_York"),
    ("  Asia/Tokyo ", "Asia/Tokyo"),
    ("america/port-au-prince", "America/Port-au-Prince"),
    ("etc/gmt-14", "Etc/GMT-14"),
    ("US/Eastern", "US/Eastern"),  # an old IANA link name, still IANA
])
def test_iana_names_in_any_case(given: str, canonical: str) -> None:
    assert normalise_timezone(given) == canonical


@pytest.mark.parametrize("name", [
    "localtime", "posixrules", "Factory", "factory", "right/UTC", "posix/Europe/Paris",
    "/etc/localtime", "/usr/share/zoneinfo/UTC", "../../../etc/localtime", "Europe/../UTC",
    "Europe//Paris", "UTC\x00", "", "   ", "Mars/Olympus_Mons", "x" * 300,
])
def test_host_specific_and_unknown_names_are_refused(name: str) -> None:
    with pytest.raises(UnknownTimeZone) as refused:
        normalise_timezone(name)
    assert isinstance(refused.value, ValueError)  # callers that catch ValueError still work
    assert "IANA" in str(refused.value)


@pytest.mark.parametrize("name", [None, 5, b"UTC", ["UTC"]])
def test_non_text_is_refused(name: object) -> None:
    with pytest.raises(UnknownTimeZone):
        normalise_timezone(name)


@pytest.mark.parametrize(("given", "suggested"), [
    ("Europe/Pari", "Europe/Paris"),
    ("europe/pariss", "Europe/Paris"),
    ("America/NewYork", "America/New_York"),
    ("right/UTC", "UTC"),
    ("posix/Europe/Paris", "Europe/Paris"),
    ("Paris", "Europe/Paris"),
    ("new york", "America/New_York"),
    ("Tokio", "Asia/Tokyo"),
])
def test_close_matches_are_suggested(given: str, suggested: str) -> None:
    with pytest.raises(UnknownTimeZone) as refused:
        normalise_timezone(given)
    assert suggested in refused.value.suggestions
    assert len(refused.value.suggestions) <= 3
    assert f"Did you mean {suggested!r}" in str(refused.value) or \
        repr(suggested) in str(refused.value)


def test_nothing_close_means_no_suggestion() -> None:
    with pytest.raises(UnknownTimeZone) as refused:
        normalise_timezone("qqqqqqqqqqqqqqqq")
    assert refused.value.suggestions == ()
    assert "Did you mean" not in str(refused.value)
    # shown to the player as it is: sentences, each with its full stop
    assert str(refused.value).startswith(
        "Unknown time zone 'qqqqqqqqqqqqqqqq'. Use an IANA name such as ")
    assert str(refused.value).endswith(".")


def test_a_suggestion_is_a_sentence_of_its_own() -> None:
    with pytest.raises(UnknownTimeZone) as refused:
        normalise_timezone("europe/pari")
    assert str(refused.value).startswith(
        "Unknown time zone 'europe/pari'. Did you mean 'Europe/Paris', ")
    # several names: commas, then "or" before the last
    assert str(refused.value).count(" or ") == 2  # one in the suggestions, one in the examples
    assert refused.value.suggestions[-1] in str(refused.value).split(" or ")[1]


def test_the_known_names_are_iana_names_without_host_specific_ones() -> None:
    names = known_timezones()
    assert {"UTC", "Europe/Paris", "America/New_York", "Etc/GMT-14"} <= names
    assert not names & {"localtime", "posixrules", "Factory"}
    assert not any(n.startswith(("posix/", "right/")) for n in names)


def test_zone_gives_the_zone_of_a_name_in_any_case() -> None:
    moment = datetime(2026, 7, 1, 22, 30, tzinfo=UTC)
    assert moment.astimezone(zone("europe/paris")).hour == 0
    assert zone("UTC") is zone("utc")
    for name in ("Mars/Olympus_Mons", "/etc/localtime", "../UTC", ""):
        with pytest.raises(UnknownTimeZone):
            zone(name)


# --- no zone data on the host (item 8) -----------------------------------------------------

NO_TZDATA = "sys.modules['tzdata'] = None  # as if the package were missing\n"

CHECKS = """
from datetime import UTC, datetime
from zoneinfo import ZoneInfo
from bot.core.daily import local_day, today_puzzle_number
from bot.core.timezones import normalise_timezone
ZoneInfo("UTC")
assert normalise_timezone("europe/paris") == "Europe/Paris"
moment = datetime(2026, 1, 10, 4, 30, tzinfo=UTC)
assert str(local_day(moment, "America/New_York")) == "2026-01-09"
assert today_puzzle_number(moment, "Pacific/Auckland") == 10
print("zones ok")
"""


def no_system_zones(tmp_path: Path) -> dict[str, str]:
    empty = tmp_path / "no-zoneinfo"
    empty.mkdir(exist_ok=True)
    return {"PYTHONTZPATH": str(empty), "DAILY_SALT": "tz-test-salt"}


def test_zones_and_days_work_without_system_zone_data(tmp_path: Path) -> None:
    import subprocess
    import sys

    env = {**no_system_zones(tmp_path), "PYTHONPATH": str(Path(__file__).parents[2])}
    ok = subprocess.run([sys.executable, "-c", CHECKS], env=env, capture_output=True,
                        text=True, timeout=60)
    assert (ok.returncode, ok.stdout.strip()) == (0, "zones ok"), ok.stderr
    # The same checks without the tzdata package fail: the system data really is hidden.
    hidden = subprocess.run([sys.executable, "-c", "import sys\n" + NO_TZDATA + CHECKS],
                            env=env, capture_output=True, text=True, timeout=60)
    assert hidden.returncode != 0 and "ZoneInfoNotFoundError" in hidden.stderr


def test_a_daily_ends_without_system_zone_data(tmp_path: Path) -> None:
    # Start today's daily in the terminal and give up: the day of the game's end and the
    # statistics need the server's zone (UTC for the terminal).
    args = ["--env-file", os.devnull, "play", "--daily", "--no-color", "--db", "w.sqlite3"]
    ran = run_cli(args, tmp_path, no_system_zones(tmp_path), stdin="/giveup\n")
    assert (ran.code, ran.err) == (0, "")
    assert "The word was" in ran.out and "Played 1" in ran.out
    # Control: without the tzdata package the same start fails.
    args[-1] = "control.sqlite3"
    hidden = run_cli(args, tmp_path, no_system_zones(tmp_path), stdin="/giveup\n",
                     prelude=NO_TZDATA)
    assert hidden.code != 0 and "The word was" not in hidden.out
