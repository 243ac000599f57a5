"""Races in words: the live race message (spoiler-free: squares, guesses and times, never a
letter before the end), the final standings, race statistics and leaderboards, and the race
problems of :func:`bot.render.problems.problem_text`."""

from __future__ import annotations

from collections.abc import Callable

from bot.core.domain import MAX_ATTEMPTS, LeaderboardOrder, Status
from bot.core.share import squares as row_squares
from bot.render.common import ORDER_NAMES, either, fit_parts
from bot.render.daily_results import HINTED_MARK as HINTED
from bot.service.errors import PlayerError, Problem
from bot.service.races import RacerView, RaceView
from bot.storage.races import RACE_ORDERS, RaceBoard, RaceBoardRow, RaceEnd, RaceStats

MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}
#: What the standings may take of a message's 4000 characters.
_BUDGET = 3300


def clock_text(seconds: float) -> str:
    """``1:05``; under a minute with tenths (``0:07.4``), as races in tests are short."""
    whole = int(seconds)
    minutes, rest = divmod(whole, 60)
    if minutes:
        return f"{minutes}:{rest:02d}"
    return f"0:{rest:02d}.{int((seconds - whole) * 10)}"


def race_title(race: RaceView) -> str:
    return "🏁 " + " · ".join([race.label, *(["hard mode"] if race.hard_mode else [])])


def _squares(racer: RacerView) -> str:
    return " ".join(row_squares(f) for f in racer.feedback) or "·"


def _live_line(racer: RacerView, mention: Callable[[int], str]) -> str:
    state = {Status.WON: "✅", Status.LOST: "❌", Status.GIVEN_UP: "🏳️"}.get(racer.status, "⏳")
    hinted = f" {HINTED}" if racer.hinted else ""
    return (f"{state} {mention(racer.player_id)} {_squares(racer)} · "
            f"{racer.attempts}/{MAX_ATTEMPTS} · {clock_text(racer.seconds)}{hinted}")


def _final_line(racer: RacerView, mention: Callable[[int], str]) -> str:
    hinted = f" {HINTED}" if racer.hinted else ""
    if racer.place is not None:
        mark = MEDALS.get(racer.place, f"{racer.place}.")
        return (f"{mark} {mention(racer.player_id)} · {racer.attempts}/{MAX_ATTEMPTS} · "
                f"{clock_text(racer.seconds)}{hinted}")
    what = "gave up" if racer.status is Status.GIVEN_UP else "did not solve it"
    return f"❌ {mention(racer.player_id)} · X/{MAX_ATTEMPTS} · {what}{hinted}"


def standings_text(race: RaceView, mention: Callable[[int], str]) -> str:
    """Each player's progress: while it is on, squares without letters, guesses and time;
    at the end, places by guesses then time."""
    if not race.racers:
        return "Nobody joined." if race.is_over else "Nobody has joined yet."
    line = _final_line if race.is_over else _live_line
    return fit_parts([line(r, mention) for r in race.racers], _BUDGET)


#: Winners named in a race's result (equal results share first place); the standings name all.
CROWNS_SHOWN = 10


def status_text(race: RaceView, mention: Callable[[int], str]) -> str:
    """How the race stands: when it ends, or why it ended, who won and the word."""
    if not race.is_over:
        started = f" · started by {mention(race.starter_id)}" if race.starter_id else ""
        waiting = race.waiting_until
        if waiting is not None:  # everyone finished within the join window
            return (f"Everyone who joined has finished: waiting for more players, the race "
                    f"ends <t:{int(waiting.timestamp())}:R> unless someone joins{started}. "
                    "Press **Join** (or /guess) to play.")
        ends = int(race.ends_at.timestamp())
        return f"Ends <t:{ends}:R>{started}. Press **Join** (or /guess) to play."
    why = {RaceEnd.ALL_FINISHED: "Everyone finished.", RaceEnd.TIME: "Time's up!",
           RaceEnd.ENDED: "The race was ended early."}[race.end or RaceEnd.TIME]
    winners = [r for r in race.racers if r.place == 1]
    crown = " ".join(f"👑 {mention(r.player_id)}" for r in winners[:CROWNS_SHOWN])
    if len(winners) > CROWNS_SHOWN:
        crown += f" and {len(winners) - CROWNS_SHOWN} more"
    crown = (crown + (" win!" if len(winners) > 1 else " wins!")) if winners \
        else "Nobody solved it."
    word = (race.answer or "?????").upper()
    return f"{why} {crown}\nThe word was **{word}**."


def footer_text(race: RaceView, hints: bool) -> str:
    if race.is_over:
        return f"-# {len(race.racers)} played · ranked by guesses, then time"
    return (f"-# Everyone plays the same word on a private board · "
            f"hints {'on (marked ' + HINTED + ')' if hints else 'off'}")


def race_stats_text(stats: RaceStats) -> str:
    average = f"{stats.average_guesses:.2f}" if stats.average_guesses is not None else "–"
    return (f"Played {stats.played} · Wins {stats.wins} · Win % {stats.win_percent} · "
            f"Podiums {stats.podiums} · Average guesses {average}")


def race_board_title(by: LeaderboardOrder) -> str:
    return f"Race leaderboard · {ORDER_NAMES.get(by, str(by))} · all time"


def race_board_text(board: RaceBoard, by: LeaderboardOrder, viewer: int | None,
                    mention: Callable[[int], str]) -> str:
    def line(row: RaceBoardRow) -> str:
        value = f"{row.value:.2f}" if by == LeaderboardOrder.AVERAGE else f"{row.value}"
        return (f"**{row.rank}.** {mention(row.player_id)} · {value} · "
                f"{row.stats.played} played · {row.stats.podiums} "
                f"podium{'s' if row.stats.podiums != 1 else ''}")

    if not board.rows:
        return "No races finished here yet: start one with /wordle race."
    lines = [line(r) for r in board.rows]
    mine = board.player_row
    if mine is not None and viewer is not None and all(r.player_id != viewer
                                                       for r in board.rows):
        lines += ["…", line(mine)]
    return "\n".join(lines)


def race_problems(error: PlayerError, commands: object) -> dict[Problem, str]:
    """The race problems in words (``commands``: the front end's, unused so far)."""
    orders = either([ORDER_NAMES[o] for o in RACE_ORDERS])
    return {
        Problem.NO_RACE: "There's no race in this channel. Start one with /wordle race.",
        Problem.RACE_RUNNING: "This channel already has a race on: press Join on its message, "
                              "or /guess to join.",
        Problem.GAME_BLOCKS_RACE: "This channel has a channel game going: finish it first, "
                                  "or start the race in another channel.",
        Problem.RACE_BLOCKS_GAME: "A race is on in this channel: join it with /guess, or wait "
                                  "until it ends to start a channel game.",
        Problem.RACE_OVER: "That race is over.",
        Problem.RACE_LEFT: "You were in this race before you asked to be forgotten, so you "
                           "can't join it again. The next race is yours to join.",
        Problem.RACE_BOARD_DONE: "You've finished this race: watch the race message for the "
                                 "results.",
        Problem.NOT_IN_RACE: "You haven't joined this race yet: press Join, or /guess a word.",
        Problem.RACE_NOT_STARTER: "Only the player who started the race, or someone who can "
                                  "manage this server, can end it.",
        Problem.HINTS_OFF_RACE: "Hints are off in races on this server, so everyone races on "
                                "their own.",
        Problem.BAD_RACE_MINUTES: "A race lasts from 1 to 60 minutes.",
        Problem.RACE_ORDER: f"Races are ranked by {orders}.",
        Problem.RACES_IN_SERVERS: "Races are played in server channels, so race statistics "
                                  "and leaderboards are a server's: ask in a server that "
                                  "added Wordle.",
        Problem.RACE_ALL_TIME: "Race leaderboards are for all time only.",
    }
