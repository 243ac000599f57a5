"""Emoji text for Discord messages and embeds: boards, keyboards, stats and analyses; and the
words for the service's errors and hints, which every front end uses with its own command
names (:class:`Commands`).

Everything here returns plain ``str`` that reads well with or without the PNG next to it.

Board rows look like this (coloured squares, then the letters in an inline code span so they
keep a fixed width on desktop and mobile)::

    🟩🟨⬛⬛⬛ `C R A N E`
    ⬜⬜⬜⬜⬜

* 🟩 right letter, right place (``G``); 🟨 in the word, elsewhere (``Y``); ⬛ not in the word /
  no more of it (``B``); ⬜ a tile not played yet.

The keyboard is three QWERTY rows: a letter found has its square right before it, a letter
ruled out is struck out, an unplayed letter stands alone, e.g. ``🟩Q  W  🟨E  ~~R~~  T ...``;
then those letters in words, ``Not in the word: R, T``. Not ⬛: in Discord's dark theme that
square is nearly the background; a strike has the text's own colour, so it shows in every theme,
and the words are for screen readers, which read no strike.

Regional-indicator letters were tried and left out on purpose: two of them in a row can be
drawn as a flag by some clients, and they cannot be read back as easily as plain letters.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from bot.core.domain import HintKind, LeaderboardOrder, StatsBucket
from bot.core.feedback import score
from bot.core.share import SQUARES as SHARE_SQUARES
from bot.render.common import (
    GREEN,
    GREY,
    MAX_ATTEMPTS,
    QWERTY_ROWS,
    WORD_LENGTH,
    YELLOW,
    check_max_attempts,
    either,
    keyboard_from_rows,
    normalise_feedback,
    normalise_keyboard,
    normalise_row,
    normalise_rows,
    normalise_word,
)
from bot.render.problems import archive_problems, board_problems, pick_text
from bot.render.race import race_problems
from bot.render.results import HINTED_MARK
from bot.render.results import daily_results_text as daily_results_text  # the post
from bot.service.errors import PlayerError, Problem
from bot.service.results import HintResult
from bot.storage.models import GuildSettings, LeaderboardRow

SQUARE = SHARE_SQUARES  # the same squares as the share grid
GREEN_SQUARE, YELLOW_SQUARE, GREY_SQUARE = SQUARE[GREEN], SQUARE[YELLOW], SQUARE[GREY]
EMPTY_SQUARE = "⬜"
#: Separates keys on a keyboard row (two spaces: keys stay apart, Discord keeps them).
KEY_SEPARATOR = "  "
#: Longest bar in :func:`stats_text`, in characters.
BAR_WIDTH = 10
#: Marks the highlighted bar in the ``"blocks"`` style of :func:`stats_text`.
HIGHLIGHT_MARK = "◀"


def squares(feedback: str) -> str:
    """The feedback as coloured squares: ``squares("GYBBB") == "🟩🟨⬛⬛⬛"``."""
    return "".join(SQUARE[state] for state in normalise_feedback(feedback))


def letters(word: str) -> str:
    """The word upper case with a space between letters, in an inline code span: ```C R A N E```."""
    return "`" + " ".join(normalise_word(word).upper()) + "`"


def feedback_line(word: str, feedback: str) -> str:
    """One played row: ``"🟩🟨⬛⬛⬛ `C R A N E`"``."""
    word, feedback = normalise_row((word, feedback))
    return f"{squares(feedback)} {letters(word)}"


def empty_line(length: int = WORD_LENGTH) -> str:
    """A row not played yet: ``"⬜⬜⬜⬜⬜"``."""
    return EMPTY_SQUARE * length


def board_text(rows: Iterable[Sequence[str]], max_attempts: int = MAX_ATTEMPTS) -> str:
    """The board: one line per guess, then empty lines up to ``max_attempts``.

    If there are more rows than ``max_attempts`` every row is still shown (and no empty line).
    """
    checked = normalise_rows(rows)
    max_attempts = check_max_attempts(max_attempts)
    length = len(checked[0][0]) if checked else WORD_LENGTH
    lines = [feedback_line(word, feedback) for word, feedback in checked]
    lines += [empty_line(length)] * max(0, max_attempts - len(checked))
    return "\n".join(lines)


def key_text(letter: str, state: str | None) -> str:
    """One key: ``"🟩Q"`` or ``"🟨Q"`` for a letter found, ``"~~Q~~"`` (struck out) for one
    ruled out, ``"Q"`` for an unplayed one."""
    if state is None:
        return letter.upper()
    if state == GREY:
        return f"~~{letter.upper()}~~"
    return SQUARE[state] + letter.upper()


def keyboard_text(keyboard: Mapping[str, str] | None) -> str:
    """Three QWERTY lines: each letter found preceded by its state's square, each letter
    ruled out struck out (see the module's note on ⬛)."""
    states = normalise_keyboard(keyboard)
    return "\n".join(
        KEY_SEPARATOR.join(key_text(letter, states.get(letter)) for letter in row)
        for row in QWERTY_ROWS
    )


def ruled_out_text(keyboard: Mapping[str, str] | None) -> str:
    """The letters ruled out, in words and in alphabetical order (``"Not in the word: R,
    T"``); empty while none is."""
    states = normalise_keyboard(keyboard)
    out = sorted(letter.upper() for letter, state in states.items() if state == GREY)
    return f"Not in the word: {', '.join(out)}" if out else ""


def game_text(
    rows: Iterable[Sequence[str]],
    keyboard: Mapping[str, str] | None = None,
    max_attempts: int = MAX_ATTEMPTS,
) -> str:
    """Board and keyboard, separated by a blank line, then the letters ruled out in words
    (:func:`ruled_out_text`) once there are any.

    Without a ``keyboard`` it is worked out from ``rows`` (each letter's best state).
    """
    checked = normalise_rows(rows)
    if keyboard is None:
        keyboard = keyboard_from_rows(checked)
    out = ruled_out_text(keyboard)
    text = f"{board_text(checked, max_attempts)}\n\n{keyboard_text(keyboard)}"
    return f"{text}\n{out}" if out else text


# --------------------------------------------------------------------------------------------
# Statistics


def _whole(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")
    return value


def _bar_length(count: int, maximum: int) -> int:
    """Bar length scaled so the biggest count fills :data:`BAR_WIDTH`; never below 1."""
    if maximum <= 0:
        return 1
    return max(1, round(count * BAR_WIDTH / maximum))


class StatsView(Protocol):
    """A player's statistics as :func:`stats_text` reads them (``bot.storage.Stats`` fits)."""

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


def stats_text(stats: StatsView, *, highlight: int | None = None, style: str = "emoji",
               fence: bool = True) -> str:
    """Player statistics with a guess-distribution bar chart, like the game's stats screen.

    ``distribution`` is the wins per attempt count, attempt 1 first; ``highlight`` the attempt
    count of the game just finished (its bar is lit), or ``None``. A ``win_percent`` of
    ``None`` is worked out from ``played`` and ``wins``.

    ``style="emoji"``: bars of ⬛, the highlighted one 🟩 (no code block needed; squares have
    the same width everywhere). ``style="blocks"``: bars of █ in a code block, the highlighted
    one marked with ◀. Bars are scaled so the largest count is :data:`BAR_WIDTH` long; every
    bar is at least one unit long, and the count follows it. ``fence=False`` leaves the
    ``"blocks"`` chart without the code-block fences (for a terminal). Malformed numbers
    raise ``ValueError``.
    """
    if style not in ("emoji", "blocks"):
        raise ValueError(f'style must be "emoji" or "blocks", not {style!r}')
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
    counts = [_whole(count, "each distribution count") for count in distribution]

    lines = [
        f"Played {played:,} · Win % {round(win_percent)} · "
        f"Current streak {current:,} · Max streak {best:,}",
        "Guess distribution",
    ]
    maximum = max(counts, default=0)
    label_width = len(str(len(counts)))
    chart: list[str] = []
    for attempt, count in enumerate(counts, start=1):
        length = _bar_length(count, maximum)
        lit = attempt == highlight
        label = str(attempt).rjust(label_width)
        if style == "emoji":
            bar = (GREEN_SQUARE if lit else GREY_SQUARE) * length
            chart.append(f"{label} {bar} {count:,}")
        else:
            mark = f" {HIGHLIGHT_MARK}" if lit else ""
            chart.append(f"{label} {'█' * length} {count:,}{mark}")
    if style == "blocks" and fence:
        chart = ["```", *chart, "```"]
    return "\n".join(lines + chart)


# --------------------------------------------------------------------------------------------
# Post-game analysis


def _number(value: object) -> float | None:
    if value is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def _count(value: object) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return f"{value:,}"


def _plural(count: str, one: str, many: str) -> str:
    return f"{count} {one if count == '1' else many}"


def _score(value: object) -> str | None:
    number = _number(value)
    return None if number is None else f"{round(number)}/100"


class AnalysisStepView(Protocol):
    """One guess of an analysis (``bot.core.analysis.AnalysisStep`` fits)."""

    @property
    def guess(self) -> str: ...
    @property
    def feedback(self) -> str: ...
    @property
    def candidates_before(self) -> int | None: ...
    @property
    def candidates_after(self) -> int | None: ...
    @property
    def bits_gained(self) -> float | None: ...
    @property
    def best_guess(self) -> str | None: ...
    @property
    def expected_guesses_with_played(self) -> float | None: ...
    @property
    def expected_guesses_with_best(self) -> float | None: ...


class AnalysisView(Protocol):
    """A game's analysis (``bot.core.analysis.GameAnalysis`` fits)."""

    @property
    def steps(self) -> Sequence[AnalysisStepView]: ...
    @property
    def skill(self) -> float | None: ...
    @property
    def luck(self) -> float | None: ...


def analysis_step_text(index: int, step: AnalysisStepView) -> str:
    """The lines for one guess of an analysis (see :func:`analysis_text`)."""
    guess, feedback = normalise_row((step.guess, step.feedback))
    lines = [f"**{index}.** {feedback_line(guess, feedback)}"]

    details: list[str] = []
    before = _count(step.candidates_before)
    after = _count(step.candidates_after)
    solved = set(feedback) == {GREEN}
    if solved:
        details.append("solved")
    if before is not None and after is not None and not solved:
        details.append(f"{before} → {_plural(after, 'word', 'words')} left")
    elif before is not None and not solved:
        details.append(_plural(before, "word", "words") + " possible")
    bits = _number(step.bits_gained)
    if bits is not None and not solved:
        details.append(f"{bits:.2f} bits")
    best_raw: object = step.best_guess
    best = best_raw.lower() if isinstance(best_raw, str) and best_raw.isalpha() else None
    if best is not None and best == guess:
        details.append("best guess ✓")
    if details:
        lines.append("    " + " · ".join(details))

    played_expected = _number(step.expected_guesses_with_played)
    best_expected = _number(step.expected_guesses_with_best)
    if best is not None and best != guess:
        suggestion = f"best was `{best.upper()}`"
        if played_expected is not None and best_expected is not None:
            suggestion += (
                f": expected guesses {played_expected:.2f} with `{guess.upper()}`, "
                f"{best_expected:.2f} with `{best.upper()}`"
            )
        lines.append("    " + suggestion)
    elif played_expected is not None and not solved:
        lines.append(f"    expected guesses {played_expected:.2f}")
    return "\n".join(lines)


def analysis_text(analysis: AnalysisView) -> str:
    """A post-game analysis: skill and luck, then what each guess did.

    Skill and luck are 0-100. Numbers that are ``None`` are left out of the text; a malformed
    analysis (steps not a sequence, a bad guess or feedback) raises ``ValueError``.
    """
    steps: object = analysis.steps
    if isinstance(steps, (str, bytes)) or not isinstance(steps, Iterable):
        raise ValueError(f"analysis.steps must be a sequence of steps, not {steps!r}")
    header = [
        f"{name} {score}"
        for name, score in (
            ("Skill", _score(analysis.skill)),
            ("Luck", _score(analysis.luck)),
        )
        if score is not None
    ]
    lines = [" · ".join(header)] if header else []
    lines += [analysis_step_text(i, step) for i, step in enumerate(steps, start=1)]
    return "\n".join(lines) or "No guess to analyze: the game ended before its first guess."


# --------------------------------------------------------------------------------------------
# Words for people: service errors and hints


@dataclass(frozen=True)
class Commands:
    """How a front end spells its commands and places, for :func:`problem_text`."""

    start: str
    give_up: str
    challenge: str
    #: Where the player is: "in this channel", "here".
    here: str
    #: A channel, by id, as the front end shows it.
    channel: Callable[[int], str]


def problem_text(error: PlayerError, commands: Commands) -> str:
    """A service error in words, with the front end's own command names."""
    p, c = error.problem, commands
    number = f"{error.puzzle_number or 0:,}"
    channel = c.channel(error.channel_id or 0)
    texts: dict[Problem, str] = {
        Problem.NO_GAME: f"There's no game here for you. Start one with {c.start}.",
        Problem.GAME_GONE: "That game no longer exists.",
        Problem.GAME_ENDED: f"That game just ended; start a new one with {c.start}.",
        Problem.NOT_YOUR_GAME: f"That's someone else's game; start your own with {c.start}.",
        Problem.SETTER: "You chose this word, so you can't guess it. Watch the others!",
        Problem.NOT_A_PLAYER: "Only players who have guessed in this game, or who set its "
                              "word, can give it up.",
        Problem.OWN_GAME_RUNNING: f"You already have a game going {c.here}. Finish it or "
                                  f"give it up with {c.give_up}, then start this one.",
        Problem.CHANNEL_GAME_RUNNING: "This channel already has a game going: set your word "
                                      "once it has ended.",
        Problem.DAILY_ELSEWHERE: f"Your Wordle {number} is in progress in {channel}; "
                                 "carry on there.",
        Problem.DAILY_DONE: f"You've already played Wordle {number} today. A new one comes "
                            f"tomorrow.\n\n{error.share_text or ''}".rstrip(),
        Problem.HINTS_OFF: "Hints are turned off for channel games on this server.",
        Problem.HINTS_OFF_DAILY: "Hints are turned off for the daily here, so every result "
                                 "is the player's own work.",
        Problem.NO_LETTER_LEFT: ("Every letter of the hidden word is already on your board "
                                 "or was given as a hint."),
        Problem.NO_POSITION_LEFT: "Every position is already green or hinted.",
        Problem.NO_WORD_HINT: "Word hints aren't available when a player chose the word; "
                              "try a letter or position hint.",
        Problem.BAD_START: "Choose your own game or a channel game, and daily or random.",
        Problem.CHALLENGE_NOT_START: f"Use {c.challenge} to set a word for the channel.",
        Problem.DAILY_NOT_IN_CHANNEL: "Daily and archive puzzles are played on your own, so "
                                      "nobody spoils them for anyone. Start a channel game "
                                      "with a random word instead.",
        Problem.DAILY_WORD_FIXED: "The daily's word is the same for everyone; it can't be "
                                  "chosen.",
        Problem.BAD_HINT_KIND: "A hint is " + either([f"a {k.value}" for k in HintKind]) + ".",
        Problem.BAD_BUCKET: "Statistics are for "
                            + either([b.value for b in StatsBucket]) + " games.",
        Problem.BAD_ORDER: "Rank by " + either([o.value for o in LeaderboardOrder]) + ".",
        Problem.BAD_LIMIT: "Show between 1 and 50 players.",
        Problem.BAD_SETTING: error.detail or "That setting can't be used.",
        Problem.NOTHING_TO_ANALYSE: f"You have no finished game {c.here} to analyze yet.",
        Problem.BUSY: "That game is very busy right now; try again.",
        Problem.SOLVER_BUSY: "The solver is busy with word hints and analyses right now; try "
                             "again in a few seconds (letter and position hints work at "
                             "once).",
        Problem.SOLVER_PREPARING: "The solver is still getting ready for this word list (the "
                                  "first time takes a minute or two); ask for the analysis "
                                  "again shortly.",
        Problem.CANNOT_POST: f"I can't post in {channel}: give me the View Channel and Send "
                             "Messages permissions there first.",
        Problem.DISK_FULL: "The bot's disk is full; nothing was saved. Try again later.",
    }
    texts.update(archive_problems(error, c.start))
    texts.update(race_problems(error, c))
    texts.update(board_problems())
    if p is Problem.INVALID_WORD:
        return error.invalid.message if error.invalid else "That word can't be used."
    return texts[p]


def hint_text(hint: HintResult) -> str:
    """A hint in words."""
    if hint.kind is HintKind.WORD:
        left = hint.candidates_left or 0
        words = "word fits" if left == 1 else "words fit"
        text = f"Try {(hint.word or '').upper()}: {left:,} possible {words} what you know so far."
        if hint.pick is not None:
            text += " " + pick_text(hint.pick)
        if hint.provisional:
            text += (" (A quick pick: the solver is still working out its full strategy for "
                     "these word lists; later hints will be its best.)")
        return text
    letter = (hint.letter or "").upper()
    if hint.kind is HintKind.POSITION:
        return f"Letter {hint.position} of the hidden word is {letter}."
    text = f"The hidden word contains the letter {letter}."
    if hint.fallback:
        text = ("No word in the current list fits what you know (the word lists changed "
                "since this game began), so here is a letter instead. " + text)
    return text


# --------------------------------------------------------------------------------------------
# The rules, for help texts


def forgotten_text(records: int) -> str:
    """What "forget me" removed, in words."""
    if not records:
        return "Done: nothing about you was stored here."
    if records == 1:
        return "Done: 1 record about you was removed from this bot."
    return f"Done: {records:,} records about you were removed from this bot."


def rules_text(example: tuple[str, str] = ("speed", "erase")) -> str:
    """The rules in a few lines, with one example row (``SPEED`` against ``ERASE``) scored by
    the reference scoring, so the example cannot be wrong."""
    guess, answer = example
    row = squares(score(guess, answer))
    return "\n".join([
        f"Guess the hidden {WORD_LENGTH}-letter word in {MAX_ATTEMPTS} attempts. Each guess must "
        "be a word from the list; a refused guess costs nothing.",
        f"{GREEN_SQUARE} right letter, right place · {YELLOW_SQUARE} in the word, elsewhere · "
        f"{GREY_SQUARE} not in the word (or no more of it).",
        f"Greens count first, then yellows left to right while the word has copies left: "
        f"{guess.upper()} against {answer.upper()} is {row}.",
    ])


# --------------------------------------------------------------------------------------------
# Dailies: results post, leaderboard rows, server settings

def leaderboard_line(row: LeaderboardRow, mention: Callable[[int], str]) -> str:
    """``**2.** @player · 3.50 💡2``: the rank, the value, and the wins helped by hints."""
    value = f"{row.value:.2f}" if isinstance(row.value, float) else str(row.value)
    hinted = f" {HINTED_MARK}{row.hinted}" if row.hinted else ""
    return f"**{row.rank}.** {mention(row.player_id)} · {value}{hinted}"


def settings_text(settings: GuildSettings, results_channel: str,
                  now: datetime | None = None) -> str:
    """A server's settings in words (``results_channel``: where the results post goes); at
    ``now``, while a change of time zone holds today, from when the new zone counts."""
    def on(flag: bool) -> str:
        return "on" if flag else "off"

    zone = f"**{settings.timezone}**"
    if settings.held_until is not None and now is not None and now < settings.held_until:
        zone += (f" (the daily follows it from <t:{int(settings.held_until.timestamp())}:f>; "
                 f"until then today is Wordle {settings.held_day})")
    return (f"Time zone: {zone}\nDaily results: {results_channel}\n"
            f"Hints in channel games: **{on(settings.hints_in_channel_games)}**\n"
            f"Hints in dailies: **{on(settings.hints_in_dailies)}** (results helped by hints "
            f"are marked {HINTED_MARK})")
