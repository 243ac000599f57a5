"""A player's statistics as text: the four numbers and a guess-distribution bar chart, like
the game's statistics screen, and which game they are of (:func:`variant_name`).
:class:`StatsView` and :func:`stats_numbers` are shared with the picture
(:mod:`bot.render.stats_image`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from bot.core.domain import StatsBucket
from bot.core.letter_rules import LETTER_RULES
from bot.core.multiboard import board_game
from bot.core.variant import CLASSIC, Variant
from bot.render.catalogues import N_
from bot.render.common import ENGLISH, Texts
from bot.render.emoji_board import GREEN_SQUARE, GREY_SQUARE

#: Each kind of statistics' title.
STATS_TITLES = {StatsBucket.DAILY: N_("Daily statistics"),
                StatsBucket.PRACTICE: N_("Practice statistics"),
                StatsBucket.CHANNEL: N_("Channel statistics"),
                StatsBucket.RACE: N_("Race statistics"),
                StatsBucket.ARCHIVE: N_("Archive statistics")}
#: Longest bar in :func:`stats_text`, in characters.
BAR_WIDTH = 10
#: Marks the highlighted bar in the ``"blocks"`` style of :func:`stats_text`.
HIGHLIGHT_MARK = "◀"


def variant_name(variant: Variant = CLASSIC, texts: Texts = ENGLISH) -> str:
    """Which game figures are of: ``Spanish, 5 letters``; ``Quordle · English, 5 letters``
    for several boards."""
    rules = LETTER_RULES.get(variant.language)
    language = texts.pgettext("choice", rules.name) if rules else variant.language
    pack = texts.ngettext("{language}, {length} letter", "{language}, {length} letters",
                          variant.length, language=language, length=variant.length)
    if variant.boards == 1:
        return pack
    return f"{board_game(variant.boards)} · {pack}"


def stats_title(mode: StatsBucket | str, texts: Texts = ENGLISH,
                variant: Variant | None = CLASSIC) -> str:
    """``Daily statistics · Spanish, 5 letters`` and the like, for the kind of statistics
    ``mode`` of ``variant`` (``None``: figures of every variant, as a race's)."""
    title = texts._(STATS_TITLES[StatsBucket(mode)])
    return title if variant is None else f"{title} · {variant_name(variant, texts)}"


class StatsView(Protocol):
    """A player's statistics as the renderers read them (``bot.storage.Stats`` fits)."""

    @property
    def played(self) -> int: ...
    @property
    def wins(self) -> int: ...
    @property
    def win_percent(self) -> float | None: ...
    @property
    def current_streak(self) -> int: ...
    @property
    def max_streak(self) -> int: ...
    @property
    def distribution(self) -> Sequence[int]: ...


class StatsNumbers(NamedTuple):
    """Checked statistics: whole numbers, the win percentage rounded."""

    played: int
    win_percent: int
    current_streak: int
    max_streak: int
    #: Wins per attempt count, attempt 1 first.
    counts: tuple[int, ...]


def _whole(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")
    return value


def stats_numbers(stats: StatsView) -> StatsNumbers:
    """The numbers of ``stats``, checked (malformed ones raise ``ValueError``); a
    ``win_percent`` of ``None`` is worked out from ``played`` and ``wins``."""
    played = _whole(stats.played, "played")
    wins = _whole(stats.wins, "wins")
    current = _whole(stats.current_streak, "current_streak")
    best = _whole(stats.max_streak, "max_streak")
    win_percent: object = stats.win_percent
    if win_percent is None:
        win_percent = 100 * wins / played if played else 0
    if isinstance(win_percent, bool) or not isinstance(win_percent, (int, float)):
        raise ValueError(f"win_percent must be a number, not {win_percent!r}")
    distribution: object = stats.distribution
    if isinstance(distribution, (str, bytes)) or not isinstance(distribution, Sequence):
        raise ValueError(f"distribution must be a sequence of counts, not {distribution!r}")
    counts = tuple(_whole(count, "each distribution count") for count in distribution)
    return StatsNumbers(played, round(win_percent), current, best, counts)


def _bar_length(count: int, maximum: int) -> int:
    """Bar length scaled so the biggest count fills :data:`BAR_WIDTH`; never below 1."""
    if maximum <= 0:
        return 1
    return max(1, round(count * BAR_WIDTH / maximum))


def stats_text(stats: StatsView, *, highlight: int | None = None, style: str = "emoji",
               fence: bool = True, texts: Texts = ENGLISH) -> str:
    """Player statistics with a guess-distribution bar chart.

    ``highlight`` is the attempt count of the game just finished (its bar is lit), or
    ``None``. ``style="emoji"``: bars of ⬛, the highlighted one 🟩 (squares have one width
    everywhere, so no code block is needed). ``style="blocks"``: bars of █ in a code block,
    the highlighted one marked with ◀; ``fence=False`` leaves out the fences (for a terminal).
    Bars are scaled so the largest count is :data:`BAR_WIDTH` long, every bar at least one
    unit, its count after it. Numbers have their thousands separated, as in the picture.
    Malformed numbers raise ``ValueError``.
    """
    if style not in ("emoji", "blocks"):
        raise ValueError(f'style must be "emoji" or "blocks", not {style!r}')
    numbers = stats_numbers(stats)
    t = texts
    lines = [
        t._("Played {played} · Win % {percent} · Current streak {current} · Max streak {best}",
            played=t.number(numbers.played), percent=numbers.win_percent,
            current=t.number(numbers.current_streak), best=t.number(numbers.max_streak)),
        t._("Guess distribution"),
    ]
    counts = numbers.counts
    maximum = max(counts, default=0)
    label_width = len(str(len(counts)))
    chart: list[str] = []
    for attempt, count in enumerate(counts, start=1):
        length = _bar_length(count, maximum)
        lit = attempt == highlight
        label = str(attempt).rjust(label_width)
        if style == "emoji":
            bar = (GREEN_SQUARE if lit else GREY_SQUARE) * length
            chart.append(f"{label} {bar} {t.number(count)}")
        else:
            mark = f" {HIGHLIGHT_MARK}" if lit else ""
            chart.append(f"{label} {'█' * length} {t.number(count)}{mark}")
    if style == "blocks" and fence:
        chart = ["```", *chart, "```"]
    return "\n".join(lines + chart)
