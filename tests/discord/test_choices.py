"""The slash commands offer exactly the domain's vocabulary as choices."""

from bot.cogs.play import PlayCog
from bot.cogs.wordle import WordleCog
from bot.core.domain import HintKind, Kind, LeaderboardOrder, StatsBucket


def choices(command, name: str) -> list[str]:
    [parameter] = [p for p in command.parameters if p.name == name]
    return [c.value for c in parameter.choices]


def test_choices_come_from_the_enums():
    group = WordleCog.wordle
    sub = {c.name: c for c in group.commands}
    assert choices(PlayCog.hint_command, "kind") == [k.value for k in HintKind]
    assert choices(sub["stats"], "mode") == [b.value for b in StatsBucket]
    assert choices(sub["leaderboard"], "mode") == [b.value for b in StatsBucket]
    assert choices(sub["leaderboard"], "by") == [o.value for o in LeaderboardOrder]
    assert choices(sub["start"], "kind") == [Kind.RANDOM.value, Kind.DAILY.value,
                                             Kind.ARCHIVE.value]
    assert choices(sub["start"], "who") == ["me", "channel"]
