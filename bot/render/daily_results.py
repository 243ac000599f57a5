"""The server's daily results post, worded to fit one Discord message at any number of players.

A message's content holds at most 2,000 characters (:data:`RESULTS_LIMIT`). With few players
the post lists everyone, best first, one line per score; the dailies of several boards come
after, each score named after its mode (``Quordle 7/9``), each mode's best crowned. When
that would not fit, it lists the best results that do, in the same order, and ends with how
many more finished ("…and 37 more"), so every later edit of the post is accepted too.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.core.domain import Status
from bot.core.multiboard import board_game
from bot.core.variant import CLASSIC, Variant, boards_variant
from bot.render.common import ENGLISH, Texts
from bot.render.message_parts import more_line
from bot.service.results import DailySummary

#: Marks a daily result (or a leaderboard row) helped by hints.
HINTED_MARK = "💡"
#: Discord's limit on the content of one message: the results post keeps within it.
RESULTS_LIMIT = 2000


def daily_score(status: Status, attempts: int, hard_mode: bool, hinted: bool,
                variant: Variant = CLASSIC) -> str:
    """``3/6``, ``X/6`` (out of the variant's attempts); ``*`` for hard mode,
    :data:`HINTED_MARK` when helped by hints."""
    score = f"{attempts if status is Status.WON else 'X'}/{variant.attempts}"
    return score + ("*" if hard_mode else "") + (HINTED_MARK if hinted else "")


def results_heading(summary: DailySummary, texts: Texts = ENGLISH) -> str:
    """The post's first line, ``**Wordle 1,234 results**``: how the bot finds its post of
    the day again."""
    return texts._("**Wordle {number} results**", number=texts.number(summary.puzzle_number))


def daily_results_text(summary: DailySummary, mention: Callable[[int], str],
                       limit: int = RESULTS_LIMIT, variant: Variant = CLASSIC,
                       texts: Texts = ENGLISH) -> str:
    """A server's results post for one daily: scores best first (a result helped by hints
    after the same score without, and marked), the best crowned, and the server's streak.
    At most ``limit`` characters: past that, the best results that fit and how many more."""
    head = [results_heading(summary, texts)]
    if summary.server_streak:
        head.append(texts.ngettext("🔥 Server streak: {n} day", "🔥 Server streak: {n} days",
                                   summary.server_streak))
    groups: dict[str, list[str]] = {}
    ranks: dict[str, tuple[int, bool, int, bool]] = {}  # each score's place (hard mode aside)
    for r in summary.standings:
        score = daily_score(r.status, r.attempts, r.hard_mode, r.hinted,
                            boards_variant(r.boards, variant))
        score = score if r.boards == 1 else f"{board_game(r.boards)} {score}"
        groups.setdefault(score, []).append(mention(r.player_id))
        ranks.setdefault(score, (r.boards, r.status is Status.WON, r.attempts, r.hinted))
    if not groups:
        head.append(texts._("Nobody has finished it yet."))
    # Each mode's best is crowned, with or without hard mode's star (3/6* and 3/6 alike).
    best: dict[int, tuple[int, bool, int, bool]] = {}
    for rank in ranks.values():
        best.setdefault(rank[0], rank)
    prefixes = {score: ("👑 " if ranks[score][1] and ranks[score] == best[ranks[score][0]]
                        else "") + f"{score}: " for score in groups}
    text = "\n".join(head + [prefixes[s] + ", ".join(people) for s, people in groups.items()])
    if len(text) <= limit:
        return text
    # Too long: the best results that fit, leaving room for the line saying how many more.
    total = sum(len(people) for people in groups.values())
    room = limit - len(more_line(total, texts)) - 1
    lines, shown = head, 0
    used = len("\n".join(head))
    for score, people in groups.items():
        line = prefixes[score]
        fitted = 0
        for name in people:
            part = (", " if fitted else "") + name
            if used + 1 + len(line) + len(part) > room:
                break
            line += part
            fitted += 1
        if fitted:
            lines = [*lines, line]
            used += 1 + len(line)
            shown += fitted
        if fitted < len(people):
            break
    return "\n".join([*lines, more_line(total - shown, texts)])
