"""One check of server settings for both stores (bot.storage.validation.settings_changes)."""

from __future__ import annotations

import pytest

from bot.storage.models import UNSET
from bot.storage.validation import settings_changes


def test_only_the_settings_given_are_written_each_checked():
    assert settings_changes(timezone="europe/paris", results_channel_id=UNSET,
                            hints_in_channel_games=False, hints_in_dailies=UNSET) == {
        "timezone": "Europe/Paris", "hints_in_channel_games": False}
    assert settings_changes(results_channel_id=None) == {"results_channel_id": None}
    assert settings_changes(timezone=UNSET) == {}


@pytest.mark.parametrize("given, message", [
    ({"hints_in_dailies": 1}, "hints_in_dailies must be True or False"),
    ({"results_channel_id": -5}, "results_channel_id"),
    ({"timezone": "localtime"}, "localtime"),
    ({"guild_id; DROP TABLE games": True}, "no server setting is called"),
])
def test_a_bad_setting_is_refused_with_its_name(given, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        settings_changes(**given)
