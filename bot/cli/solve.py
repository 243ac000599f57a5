"""``wordle-bot solve``: the solver assistant in a terminal, for a game played elsewhere.

    wordle-bot solve crane=BYBBG slate=00002 moist=⬛🟩⬛⬛⬛
    wordle-bot solve --hard crane=BYBBG
    wordle-bot solve crane=BYBBG,GGGGG,BBBBB,BBBBB slate=BBBBG,,BYBYB,BBBBB   a Quordle
    wordle-bot solve --boards 4                          the best first guess of a Quordle
    wordle-bot solve --answers my-answers.txt --allowed my-allowed.txt crane=BYBBG
    wordle-bot solve --env-file alt.env crane=BYBBG      the lists that file's settings name
    wordle-bot solve --language es árbol=BYBBG           the Spanish pack (accents folded)
    wordle-bot solve --length 6 planet=BYBBGB            the English 6-letter pack

Each argument is a guess and its feedback, joined by ``=`` (``:`` and ``,`` work too). Feedback
is letters (G green, Y yellow, B grey), digits (2 green, 1 yellow, 0 grey) or squares
(🟩 🟨 ⬛ ⬜). With no guesses it prints the best first guess. Prints how many hidden words
fit, some of them, and the best next guess (when it cannot be the hidden word itself, also the
best word that could be, as the word hint says it); exit status 0, or 1 when no word fits the
feedback, 2 for input that cannot be read (or more guesses than a game has, or a guess after
an all-green one, or a setting that cannot be used).

Several boards (Dordle 2 boards in 7 guesses, Quordle 4 in 9, Octordle 8 in 13): each guess
has one feedback per board, in board order, separated by commas. A board found by an earlier
guess gets none: leave its place empty (``slate=BBBBG,,BYBYB,BBBBB``), or write ``-`` or all
green. The number of boards is ``--boards``, else the number of feedbacks of the first guess.
It prints each board's fitting words and the best next guess for all open boards together
(:mod:`bot.core.solver_boards`).

The word pack is ``--language`` and ``--length`` (default English, 5 letters); a guess is
read through its letters (accents folded, Cyrillic, the language's case) and words are shown
with their accents. English 5's lists are ``--answers``/``--allowed``, else the bot's own:
``WORDLE_ANSWERS`` and ``WORDLE_ALLOWED`` from the environment or the settings file
(``.env``, or ``wordle-bot --env-file``), else the shipped ones; another pack's are its own,
or ``--answers``/``--allowed`` (:mod:`bot.cli.pack_choice`).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from bot.cli.arguments import CommandParser, lang_option, settings_file, settings_option
from bot.cli.cli_language import argparse_speaking, command_line_texts
from bot.cli.pack_choice import add_pack_options, chosen_lists, read_guess
from bot.core.share import squares
from bot.core.variant import CLASSIC, Variant
from bot.render.common import ENGLISH, Texts
from bot.render.solver_text import best_guess_text, fitting_text, history_text

if TYPE_CHECKING:
    from bot.core.solver import Solver

_SEPARATOR = re.compile(r"[=:,]")
#: The numbers of boards a game can have (Wordle, Dordle, Quordle, Octordle).
BOARD_COUNTS = (1, 2, 4, 8)


def _parser(texts: Texts = ENGLISH) -> argparse.ArgumentParser:
    t = texts
    parser = CommandParser(
        prog="wordle-bot solve",
        description=t._("Suggest the next guess for a Wordle game played elsewhere."),
        epilog=t._("Feedback: G/Y/B letters, 2/1/0 digits, or 🟩🟨⬛ squares. Example: "
                   "{example}. Several boards: one feedback per board, comma separated, a "
                   "found board's left empty. Quordle example: {quordle}",
                   example="wordle-bot solve crane=BYBBG slate=00002",
                   quordle="wordle-bot solve crane=BYBBG,GGGGG,BBBBB,BBBBB "
                           "slate=BBBBG,,BYBYB,BBBBB"),
    )
    parser.add_argument("guesses", nargs="*", metavar="WORD=FEEDBACK", help=t._(
        "a guess played and the feedback it got, in order; with several boards "
        "WORD=FEEDBACK,FEEDBACK,... (one per board, in board order; empty or - for a board "
        "found before)"))
    parser.add_argument("--boards", type=int, choices=BOARD_COUNTS, metavar="N", help=t._(
        "boards played at once: 1 (Wordle), 2 (Dordle, 7 guesses), 4 (Quordle, 9) or 8 "
        "(Octordle, 13); default: as many as the first guess has feedbacks"))
    parser.add_argument("--hard", action="store_true", help=t._(
        "hard mode: suggest only guesses that use every green and yellow letter"))
    parser.add_argument("--answers", type=Path, metavar="FILE", help=t._(
        "hidden-word list, one word per line (default: the pack's; for English 5 the "
        "bot's: WORDLE_ANSWERS, else the shipped list)"))
    parser.add_argument("--allowed", type=Path, metavar="FILE", help=t._(
        "allowed-guess list, one word per line (default: the pack's; for English 5 the "
        "bot's: WORDLE_ALLOWED, else the shipped list)"))
    parser.add_argument("--show", type=int, default=12, metavar="N", help=t._(
        "how many of the fitting words to list (default 12)"))
    parser.add_argument("--cache-dir", type=Path, metavar="DIR", help=t._(
        "where the solver keeps its tables (default: $WORDLE_BOT_CACHE_DIR or "
        "~/.cache/wordle-bot)"))
    add_pack_options(parser, t)
    lang_option(parser, t)
    settings_option(parser, t)
    return parser


def split_guess(text: str, variant: Variant = CLASSIC,
                texts: Texts = ENGLISH) -> tuple[str, str]:
    """``"crane=BYBBG"`` to the word, read through the variant's letters (``árbol`` is
    ``arbol`` in Spanish), and the feedback text after it; raises ``ValueError`` with a
    message in the language of ``texts``."""
    parts = _SEPARATOR.split(text.strip(), maxsplit=1)
    if len(parts) != 2 or not parts[0].strip():
        shown = text if len(text) <= 30 else text[:30] + "…"
        raise ValueError(texts._("{text}: write each guess as WORD=FEEDBACK, e.g. {example}",
                                 text=repr(shown), example="crane=BYBBG"))
    return read_guess(parts[0].strip(), variant, texts), parts[1]


def parse_pair(text: str, variant: Variant = CLASSIC,
               texts: Texts = ENGLISH) -> tuple[str, str]:
    """``"crane=BYBBG"`` to ``("crane", "BYBBG")``; raises ``ValueError`` with a message in
    the language of ``texts``."""
    from bot.core.solver_history import HistoryError, parse_feedback

    word, rest = split_guess(text, variant, texts)
    try:
        feedback = parse_feedback(rest, variant.length)
    except HistoryError as error:
        raise ValueError(texts._("{word}: {problem}", word=word.upper(),
                                 problem=history_text(error, texts))) from None
    return word, feedback


def boards_given(guesses: list[str], texts: Texts = ENGLISH) -> int:
    """The number of boards the first guess has feedback for (1 without guesses); raises
    ``ValueError`` for a number no game has."""
    if not guesses:
        return 1
    parts = _SEPARATOR.split(guesses[0].strip(), maxsplit=1)
    count = len(parts[1].split(",")) if len(parts) == 2 else 1
    if count not in BOARD_COUNTS:
        shown = parts[0].strip()[:30].upper()
        raise ValueError(texts.ngettext(
            "{word} has {n} feedback, but a game has 1, 2, 4 or 8 boards (one feedback each, "
            "comma separated)",
            "{word} has {n} feedbacks, but a game has 1, 2, 4 or 8 boards (one feedback each, "
            "comma separated)", count, word=shown))
    return count


def game_problem(history: list[tuple[str, str]], hard_mode: bool = False,
                 variant: Variant = CLASSIC, texts: Texts = ENGLISH) -> None:
    """``ValueError`` for guesses no game can have, or none can go on from: more than the
    variant's attempts, any after an all-green one (the game ended there), all of them without
    a win (it was lost), or in hard mode one the rule would have refused."""
    from bot.core.game import hard_mode_rule
    from bot.render.solver_text import hard_mode_refused

    t, attempts = texts, variant.attempts
    if len(history) > attempts:
        raise ValueError(t.ngettext("a game has at most {n} guess; {count} were given",
                                    "a game has at most {n} guesses; {count} were given",
                                    attempts, count=t.number(len(history))))
    for word, feedback in history[:-1]:
        if feedback == "G" * len(feedback):
            raise ValueError(t._("{word} was all green: the game ended there, so no guess "
                                 "comes after it", word=word.upper()))
    if len(history) == attempts and history[-1][1] != "G" * len(history[-1][1]):
        raise ValueError(t.ngettext(
            "the {n} guess was played without a win: the game is over, no guess comes "
            "after it",
            "all {n} guesses were played without a win: the game is over, no guess comes "
            "after it", attempts))
    for number, (word, _) in enumerate(history[1:], start=2) if hard_mode else ():
        rule = hard_mode_rule(history[:number - 1], word)
        if rule is not None:
            raise ValueError(hard_mode_refused(word, number, rule, t))


def main(argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None,
         *, env_file: str | Path = ".env") -> int:
    """Run the command with ``argv`` (the arguments after ``solve``) and the settings in
    ``env_file`` (values already in the environment win); returns the exit status. Its help
    and argparse's refusals are in the command line's language (``--lang``, else the
    environment's)."""
    out = out or sys.stdout
    err = err or sys.stderr
    argv = sys.argv[1:] if argv is None else argv
    texts = command_line_texts(argv, os.environ)
    try:
        with argparse_speaking(texts):  # argparse words its help option as it is made
            parser = _parser(texts)
            args = parser.parse_args(argv)
            if "env_file" in args:  # given after the command: wins over the one before it
                env_file = settings_file(parser, args.env_file)
    except SystemExit as exit_:
        return int(exit_.code or 0)

    t = texts
    if args.show < 0:
        print(_refusal(t._("--show must be 0 or more"), t), file=err)
        return 2
    try:
        boards = args.boards or boards_given(args.guesses, t)
    except ValueError as error:
        print(_refusal(str(error), t), file=err)
        return 2
    chosen = chosen_lists("solve", env_file, args, err, t)
    if chosen is None:
        return 2
    if boards > 1:
        from bot.cli.solve_boards import solve_boards

        return solve_boards(args, boards, out, err, chosen, t)
    try:
        history = [parse_pair(text, chosen.variant, t) for text in args.guesses]
        game_problem(history, args.hard, chosen.variant, t)
    except ValueError as error:
        print(_refusal(str(error), t), file=err)
        return 2

    from bot.core.solver import Solver

    solver = Solver(chosen.answers, chosen.allowed, variant=chosen.variant,
                    cache_dir=args.cache_dir)
    if solver.needs_strategy(history, args.hard) and not solver.strategy_ready(args.hard):
        print(t._("(first run with these word lists: preparing the solver's strategy, which "
                  "can take a few minutes; `{command}` does it ahead)",
                  command="wordle-bot prepare"), file=err)

    result = solver.assist(history, hard_mode=args.hard, sample=args.show)
    for number, (word, feedback) in enumerate(history, start=1):
        print(f"{number}. {chosen.typed(word)} {squares(feedback)}", file=out)
    if result.error is not None or result.suggestion is None:
        print(history_text(result.error, t) if result.error is not None
              else t._("No suggestion for these guesses."), file=out)
        return 1
    best = chosen.shown(result.suggestion)
    if result.solved:
        print(t._("Solved: the hidden word is {word}.", word=best), file=out)
        return 0
    count = result.candidate_count
    print(fitting_text(count, [chosen.shown(w) for w in result.sample], t), file=out)
    if count == 1:
        print(t._("Play {word}: it is the only word left.", word=best), file=out)
    else:
        print(best_guess_text(best, args.hard, t), file=out)
        pick = _answer_pick(solver, history, result.suggestion, args.hard, t)
        if pick is not None:
            print(pick, file=out)
    return 0


def _refusal(text: str, texts: Texts) -> str:
    """A refusal of the command: ``wordle-bot solve: ...``."""
    return texts._("{command}: {problem}", command="wordle-bot solve", problem=text)


def _answer_pick(solver: Solver, history: list[tuple[str, str]], best: str,
                 hard_mode: bool, texts: Texts = ENGLISH) -> str | None:
    """When ``best`` cannot be the hidden word: the best word that could be, in the word
    hint's words (wrapped for a terminal); else None."""
    from bot.core.solver_answers import answer_pick
    from bot.render.hint_text import pick_text

    if best in solver.candidates(history):
        return None
    solver.matrix  # noqa: B018 - the exact values need it (from the cache, or built now)
    pick = answer_pick(solver, history, best, hard_mode)
    if pick is None:
        return None
    return textwrap.fill(pick_text(pick, texts), width=78, break_long_words=False,
                         break_on_hyphens=False)


if __name__ == "__main__":
    raise SystemExit(main())
