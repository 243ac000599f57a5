"""The solver for several boards (``bot/core/solver_boards.py``) on the small test lists."""

from __future__ import annotations

import random

import pytest

from bot.core import solver_boards
from bot.core.boards_estimate import board_costs
from bot.core.boards_history import board_histories
from bot.core.feedback import score
from bot.core.game import hard_mode_problem
from bot.core.solver import Solver
from bot.core.solver_boards import BoardsSolver, boards_variant
from bot.core.solver_history import HistoryError, ImpossibleFeedbackError
from bot.core.variant import Variant

GREEN = "GGGGG"


def histories_for(guesses: list[str], words: list[str]) -> list[list[tuple[str, str]]]:
    """Each board's history for ``guesses`` played against its hidden word ``words[b]``."""
    histories: list[list[tuple[str, str]]] = [[] for _ in words]
    for guess in guesses:
        for board, word in enumerate(words):
            if not histories[board] or histories[board][-1][1] != GREEN:
                histories[board].append((guess, score(guess, word)))
    return histories


def play(boards: BoardsSolver, words: list[str], hard_mode: bool = False) -> list[str]:
    """The solver's guesses until every board of ``words`` is found (at most 30)."""
    guesses: list[str] = []
    while len(guesses) < 30:
        histories = histories_for(guesses, words)
        if all(h and h[-1][1] == GREEN for h in histories):
            return guesses
        guesses.append(boards.suggest(histories, hard_mode))
    raise AssertionError(f"{words} not found in 30 guesses: {guesses}")


@pytest.fixture(scope="module")
def quordle(solver: Solver) -> BoardsSolver:
    return BoardsSolver(solver, boards_variant(4))


def test_the_variants_of_the_real_games() -> None:
    assert [(v.boards, v.attempts) for v in map(boards_variant, (1, 2, 4, 8))] == [
        (1, 6), (2, 7), (4, 9), (8, 13)]


@pytest.mark.parametrize(("boards", "games"), [(2, 12), (4, 12), (8, 4)])
def test_seeded_games_are_all_won_in_time(solver: Solver, boards: int, games: int) -> None:
    player = BoardsSolver(solver, boards_variant(boards))
    rng = random.Random(boards)
    for _ in range(games):
        words = rng.sample(solver.answers, boards)
        guesses = play(player, words)
        assert len(guesses) <= player.variant.attempts, (words, guesses)
        assert len(set(guesses)) == len(guesses)  # nothing played twice
        assert set(words) <= set(guesses)


def test_candidates_are_each_boards_own(quordle: BoardsSolver, solver: Solver) -> None:
    words = ["sheep", "craft", "llama", "geese"]
    histories = histories_for(["craft", "spoil"], words)
    found = quordle.candidates(histories)
    assert found[1] == ["craft"]  # found by the first guess
    for board in (0, 2, 3):
        assert found[board] == solver.candidates(histories[board])
        assert words[board] in found[board]


@pytest.mark.parametrize("look_ahead", [True, False])
def test_a_found_board_plays_no_part(solver: Solver, look_ahead: bool,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """With one board found, the suggestion is the one for the other boards alone (with the
    look-ahead, and by the estimate alone)."""
    if not look_ahead:
        monkeypatch.setattr(solver_boards, "LOOKAHEAD_ROWS", 0)
    words = ["sheep", "craft", "llama", "geese"]
    guesses = ["craft", "spoil"]
    four = BoardsSolver(solver, Variant(5, 9, boards=4))
    three = BoardsSolver(solver, Variant(5, 9, boards=3))
    histories = histories_for(guesses, words)
    assert histories[1][-1] == ("craft", GREEN)
    others = histories_for(guesses, [words[0], words[2], words[3]])
    state = four.state(histories)
    assert list(four.scores(state, None)) == list(three.scores(three.state(others), None))
    assert four.suggest(histories) == three.suggest(others) != "craft"


def one_word_board(solver: Solver) -> tuple[list[str], list[str]]:
    """Guesses after which the first board of some game has one candidate and the others
    several."""
    rng = random.Random(5)
    for _ in range(500):
        words = rng.sample(solver.answers, 4)
        guess = rng.choice(solver.guesses)
        if guess in words:
            continue
        counts = [len(solver.candidates([(guess, score(guess, w))])) for w in words]
        if counts[0] == 1 and min(counts[1:]) > 2:
            return [guess], words
    raise AssertionError("no such game in the test lists")


def test_a_board_with_one_candidate_gets_it_played(quordle: BoardsSolver,
                                                   solver: Solver) -> None:
    guesses, words = one_word_board(solver)
    histories = histories_for(guesses, words)
    assert quordle.candidates(histories)[0] == [words[0]]
    assert quordle.suggest(histories) == words[0]


def test_only_candidates_when_every_guess_left_must_find_a_word(solver: Solver) -> None:
    """In a state where the solver, with guesses to spare, plays a word that is no board's,
    it plays a board's word when the guesses left are as many as the open boards."""
    spare = BoardsSolver(solver, Variant(5, 20, boards=4))
    rng = random.Random(3)
    for _ in range(200):
        words = rng.sample(solver.answers, 4)
        histories = histories_for([rng.choice(solver.guesses)], words)
        state = spare.state(histories)
        candidates = {w for rows in spare.candidates(histories) for w in rows}
        if len(state.open_boards) < 4 or min(len(c) for c in state.candidates) < 2:
            continue
        if spare.suggest(histories) not in candidates:
            break
    else:
        raise AssertionError("no such state in the test lists")
    tight = BoardsSolver(solver, Variant(5, 5, boards=4))
    assert tight.suggest(histories) in candidates


def useful_legal_guess(solver: Solver, histories: list[list[tuple[str, str]]]) -> bool:
    """Whether some guess keeps every open board's hard-mode clues and could be a board's
    word or splits a board's candidates (checked word by word)."""
    open_histories = [h for h in histories if h[-1][1] != GREEN]
    candidates = [solver.candidates(h) for h in open_histories]
    for guess in solver.guesses:
        if any(hard_mode_problem(h, guess) is not None for h in open_histories):
            continue
        if any(guess in words or len({score(guess, w) for w in words}) > 1
               for words in candidates):
            return True
    return False


def test_hard_mode_keeps_every_open_boards_clues(quordle: BoardsSolver,
                                                 solver: Solver) -> None:
    """Every suggestion is legal on every open board, unless no guess that is can tell
    anything more (then hard mode is set aside rather than a guess that tells nothing
    repeated)."""
    rng = random.Random(8)
    kept = 0
    for _ in range(6):
        words = rng.sample(solver.answers, 4)
        guesses = play(quordle, words, hard_mode=True)
        assert len(set(guesses)) == len(guesses)
        for number, guess in enumerate(guesses[1:], start=1):
            histories = [h for h in histories_for(guesses[:number], words)
                         if h[-1][1] != GREEN]
            if any(hard_mode_problem(h, guess) is not None for h in histories):
                assert not useful_legal_guess(solver, histories), (words, guesses, number)
            else:
                kept += 1
    assert kept > 6


def test_expected_guesses_count_each_open_board(solver: Solver) -> None:
    guesses, words = one_word_board(solver)
    duo = BoardsSolver(solver, boards_variant(2))
    histories = histories_for(guesses, words[:2])  # board 1 has one word left
    (known,), others = duo.candidates(histories)
    assert len(others) > 2
    stranger = next(w for w in solver.guesses if w not in others and w != known
                    and len({score(w, o) for o in others}) == 1)  # tells nothing on board 2
    found, missed = duo.expected_guesses(histories, [known, stranger])
    # STRANGER: itself, KNOWN later, and board 2 still needs all it needed.
    assert missed == pytest.approx(2 + board_costs(len(others))[-1] / len(others))
    # KNOWN: itself, and board 2 needs what it needs, or less for what KNOWN tells about it.
    assert found <= missed - 1
    assert duo.expected_guesses(histories_for(words[:2], words[:2]), [known]) == [0.0]
    with pytest.raises(HistoryError, match="XYZZY is not in the list of allowed guesses"):
        duo.expected_guesses(histories, ["xyzzy"])


def test_expected_guesses_value_a_word_the_same_however_often_it_is_asked(
        quordle: BoardsSolver) -> None:
    words = quordle.solver.answers[:4]
    histories = histories_for([quordle.solver.answers[10]], words)
    word, other = words[1], quordle.solver.guesses[-1]  # a candidate of an open board
    alone = quordle.expected_guesses(histories, [word])[0]
    assert quordle.expected_guesses(histories, [word, other, word]) == pytest.approx(
        [alone, quordle.expected_guesses(histories, [other])[0], alone])


def test_every_board_found_is_the_end(quordle: BoardsSolver) -> None:
    words = ["sheep", "craft", "llama", "geese"]
    histories = histories_for(words, words)
    with pytest.raises(HistoryError, match="Every board is found"):
        quordle.suggest(histories)
    result = quordle.assist(histories)
    assert result.suggestion is None and result.problem is None
    assert [(b.words, b.found_by) for b in result.boards] == [
        ((w,), n) for n, w in enumerate(words, start=1)]


@pytest.mark.parametrize(("histories", "message"), [
    ([[]] * 3, "A game of 4 boards needs a history for each board, not 3"),
    ([[("crane", "BBBBB")], [("slate", "BBBBB")], [("crane", "BBBBB")], [("crane", "BBBBB")]],
     "Board 2: guess 1 is SLATE, but CRANE on another board"),
    ([[("crane", GREEN), ("slate", "BBBBB")], [], [], []],
     "Board 1: CRANE (guess 1) found its word, so the board gets no feedback after it"),
    ([[("crane", "BBBBB")], [("crane", "BBBBB")], [], [("crane", "BBBBB")]],
     "Board 3 has feedback for 0 of the 1 guesses"),
    ([[("crane", "BBBBB")], [("crane", "BBBQB")], [("crane", "BBBBB")], [("crane", "BBBBB")]],
     "Board 2: Guess 1 (CRANE): "),
])
def test_histories_it_cannot_read(quordle: BoardsSolver, histories: list, message: str) -> None:
    with pytest.raises(HistoryError) as caught:
        quordle.suggest(histories)
    assert str(caught.value).startswith(message)
    assert quordle.assist(histories).problem == str(caught.value)


def test_feedback_no_word_fits_names_the_board(quordle: BoardsSolver) -> None:
    words = ["sheep", "craft", "llama", "geese"]
    histories = histories_for(["crane"], words)
    histories[2] = [("crane", "YYYYY")]  # no word of the list
    with pytest.raises(ImpossibleFeedbackError, match=r"^Board 3: No word in the list fits"):
        quordle.state(histories)


def test_rows_become_each_boards_history() -> None:
    variant = boards_variant(2)
    rows = [("crane", ["BYBBG", "22222"]), ("slate", ["00002", None]),
            ("forge", ["🟩🟩🟩🟩🟩", ""])]
    assert board_histories(rows, variant) == [
        [("crane", "BYBBG"), ("slate", "BBBBG"), ("forge", GREEN)], [("crane", GREEN)]]
    # A found board may repeat all green (any other feedback there is refused, below).
    assert board_histories([("crane", [GREEN, "BBBBB"]), ("slate", ["22222", "BYBBB"])],
                           variant) == [[("crane", GREEN)],
                                        [("crane", "BBBBB"), ("slate", "BYBBB")]]


@pytest.mark.parametrize(("rows", "message"), [
    ([("crane", ["BBBBB"])], "Guess 1 (CRANE) has 1 feedbacks; a game of 2 boards needs one "
                             "per board"),
    ([("crane", [GREEN, "BBBBB"]), ("slate", ["BBBBB", "BBBBB"])],
     "Board 1 was found by guess 1: guess 2 (SLATE) gets no feedback there"),
    ([("crane", ["BBBBB", None])], "Guess 1 (CRANE) has no feedback for board 2, which is "
                                   "still open"),
    ([("crane", ["BBBBB", "BBQBB"])], "Guess 1 (CRANE), board 2: "),
])
def test_rows_that_cannot_be_boards(rows: list, message: str) -> None:
    with pytest.raises(HistoryError) as caught:
        board_histories(rows, boards_variant(2))
    assert str(caught.value).startswith(message)


def test_another_words_variant_is_refused(solver: Solver) -> None:
    with pytest.raises(ValueError, match="not the solver's"):
        BoardsSolver(solver, Variant(length=6, boards=2))
