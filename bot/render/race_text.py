"""Races in words: the live race message (spoiler-free: squares, guesses and times, never a
letter before the end), the final standings, race statistics and leaderboards, and the race
problems of :func:`bot.render.problems.problem_text`."""

from __future__ import annotations

from collections.abc import Callable

from bot.core.domain import LeaderboardOrder, Status
from bot.core.race import RACE_ORDERS, RaceBoard, RaceBoardRow, RaceEnd, RaceStats
from bot.core.share import pack_tag
from bot.core.share import squares as row_squares
from bot.render.common import ENGLISH, Texts
from bot.render.daily_results import HINTED_MARK as HINTED
from bot.render.leaderboard_text import order_name
from bot.render.message_parts import fit_parts
from bot.service.errors import PlayerError, Problem
from bot.service.races import RacerView, RaceView

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


def race_title(race: RaceView, texts: Texts = ENGLISH) -> str:
    """``🏁 Wordle race · ES · hard mode``: the pack named as a share grid names it (nothing
    for English in 5 letters)."""
    tag = pack_tag(race.variant.language, race.variant.length)
    return "🏁 " + " · ".join([texts._("Wordle race"), *([tag] if tag else []),
                              *([texts._("hard mode")] if race.hard_mode else [])])


def _squares(racer: RacerView) -> str:
    return " ".join(row_squares(f) for f in racer.feedback) or "·"


def _live_line(racer: RacerView, attempts: int, mention: Callable[[int], str]) -> str:
    state = {Status.WON: "✅", Status.LOST: "❌", Status.GIVEN_UP: "🏳️"}.get(racer.status, "⏳")
    hinted = f" {HINTED}" if racer.hinted else ""
    return (f"{state} {mention(racer.player_id)} {_squares(racer)} · "
            f"{racer.attempts}/{attempts} · {clock_text(racer.seconds)}{hinted}")


def _final_line(racer: RacerView, attempts: int, mention: Callable[[int], str],
                texts: Texts = ENGLISH) -> str:
    hinted = f" {HINTED}" if racer.hinted else ""
    if racer.place is not None:
        mark = MEDALS.get(racer.place, f"{racer.place}.")
        return (f"{mark} {mention(racer.player_id)} · {racer.attempts}/{attempts} · "
                f"{clock_text(racer.seconds)}{hinted}")
    what = texts._("gave up") if racer.status is Status.GIVEN_UP else \
        texts._("did not solve it")
    return f"❌ {mention(racer.player_id)} · X/{attempts} · {what}{hinted}"


def standings_text(race: RaceView, mention: Callable[[int], str],
                   texts: Texts = ENGLISH) -> str:
    """Each player's progress: while it is on, squares without letters, guesses and time;
    at the end, places by guesses then time."""
    if not race.racers:
        return texts._("Nobody joined.") if race.is_over else texts._("Nobody has joined yet.")
    attempts = race.variant.attempts
    lines = [_final_line(r, attempts, mention, texts) if race.is_over
             else _live_line(r, attempts, mention) for r in race.racers]
    return fit_parts(lines, _BUDGET, texts=texts)


#: Winners named in a race's result (equal results share first place); the standings name all.
CROWNS_SHOWN = 10


def status_text(race: RaceView, mention: Callable[[int], str],
                texts: Texts = ENGLISH) -> str:
    """How the race stands: when it ends, or why it ended, who won and the word."""
    t = texts
    if not race.is_over:
        started = (" · " + t._("started by {player}", player=mention(race.starter_id))
                   if race.starter_id else "")
        waiting = race.waiting_until
        join = t._("Press **Join** (or {guess}) to play.", guess=t.command("guess"))
        if waiting is not None:  # everyone finished within the join window
            return t._("Everyone who joined has finished: waiting for more players, the race "
                       "ends {when} unless someone joins{started}.",
                       when=f"<t:{int(waiting.timestamp())}:R>", started=started) + " " + join
        ends = int(race.ends_at.timestamp())
        return t._("Ends {when}{started}.", when=f"<t:{ends}:R>", started=started) + " " + join
    why = {RaceEnd.ALL_FINISHED: t._("Everyone finished."), RaceEnd.TIME: t._("Time's up!"),
           RaceEnd.ENDED: t._("The race was ended early.")}[race.end or RaceEnd.TIME]
    winners = [r for r in race.racers if r.place == 1]
    crown = " ".join(f"👑 {mention(r.player_id)}" for r in winners[:CROWNS_SHOWN])
    if len(winners) > CROWNS_SHOWN:
        crown = t.ngettext("{crowns} and {n} more", "{crowns} and {n} more",
                           len(winners) - CROWNS_SHOWN, crowns=crown)
    if len(winners) > 1:
        crown = t._("{winners} win!", winners=crown)
    elif winners:
        crown = t._("{winner} wins!", winner=crown)
    else:
        crown = t._("Nobody solved it.")
    word = race.shown_answer or "?" * race.variant.length
    return f"{why} {crown}\n" + t._("The word was **{word}**.", word=word)


def footer_text(race: RaceView, hints: bool, texts: Texts = ENGLISH) -> str:
    t = texts
    if race.is_over:
        return "-# " + t.ngettext("{n} played · ranked by guesses, then time",
                                  "{n} played · ranked by guesses, then time",
                                  len(race.racers))
    return "-# " + (t._("Everyone plays the same word on a private board · hints on (marked "
                        "{mark})", mark=HINTED) if hints else
                    t._("Everyone plays the same word on a private board · hints off"))


def race_stats_text(stats: RaceStats, texts: Texts = ENGLISH) -> str:
    t = texts
    average = t.decimal(stats.average_guesses) if stats.average_guesses is not None else "–"
    return t._("Played {played} · Wins {wins} · Win % {percent} · Podiums {podiums} · Average "
               "guesses {average}", played=t.number(stats.played), wins=t.number(stats.wins),
               percent=stats.win_percent, podiums=t.number(stats.podiums), average=average)


def race_board_title(by: LeaderboardOrder, texts: Texts = ENGLISH) -> str:
    name = order_name(by, texts) if by in LeaderboardOrder else str(by)
    return texts._("Race leaderboard · {order} · all time", order=name)


def race_board_text(board: RaceBoard, by: LeaderboardOrder, viewer: int | None,
                    mention: Callable[[int], str], texts: Texts = ENGLISH) -> str:
    t = texts

    def line(row: RaceBoardRow) -> str:
        value = t.decimal(row.value) if by == LeaderboardOrder.AVERAGE else t.number(row.value)
        return (f"**{row.rank}.** {mention(row.player_id)} · {value} · "
                + t.ngettext("{n} played", "{n} played", row.stats.played) + " · "
                + t.ngettext("{n} podium", "{n} podiums", row.stats.podiums))

    if not board.rows:
        return t._("No races finished here yet: start one with {race}.",
                   race=t.command("wordle race"))
    lines = [line(r) for r in board.rows]
    mine = board.player_row
    if mine is not None and viewer is not None and all(r.player_id != viewer
                                                       for r in board.rows):
        lines += ["…", line(mine)]
    return "\n".join(lines)


def race_problems(error: PlayerError, commands: object,
                  texts: Texts = ENGLISH) -> dict[Problem, str]:
    """The race problems in words (``commands``: the front end's, unused so far)."""
    t = texts
    orders = t.either([order_name(o, t) for o in RACE_ORDERS])
    race, guess = t.command("wordle race"), t.command("guess")
    return {
        Problem.NO_RACE: t._("There's no race in this channel. Start one with {race}.",
                             race=race),
        Problem.RACE_RUNNING: t._("This channel already has a race on: press Join on its "
                                  "message, or {guess} to join.", guess=guess),
        Problem.GAME_BLOCKS_RACE: t._("This channel has a channel game going: finish it "
                                      "first, or start the race in another channel."),
        Problem.RACE_BLOCKS_GAME: t._("A race is on in this channel: join it with {guess}, or "
                                      "wait until it ends to start a channel game.",
                                      guess=guess),
        Problem.RACE_OVER: t._("That race is over."),
        Problem.RACE_LEFT: t._("You were in this race before you asked to be forgotten, so "
                               "you can't join it again. The next race is yours to join."),
        Problem.RACE_BOARD_DONE: t._("You've finished this race: watch the race message for "
                                     "the results."),
        Problem.NOT_IN_RACE: t._("You haven't joined this race yet: press Join, or {guess} a "
                                 "word.", guess=guess),
        Problem.RACE_NOT_STARTER: t._("Only the player who started the race, or someone who "
                                      "can manage this server, can end it."),
        Problem.HINTS_OFF_RACE: t._("Hints are off in races on this server, so everyone races "
                                    "on their own."),
        Problem.BAD_RACE_MINUTES: t._("A race lasts from 1 to 60 minutes."),
        Problem.RACE_ORDER: t._("Races are ranked by {orders}.", orders=orders),
        Problem.RACES_IN_SERVERS: t._("Races are played in server channels, so race "
                                      "statistics and leaderboards are a server's: ask in a "
                                      "server that added Wordle."),
        Problem.RACE_ALL_TIME: t._("Race leaderboards are for all time only."),
    }
