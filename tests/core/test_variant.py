import pytest

from bot.core.variant import CLASSIC, Variant


def test_classic_is_five_letters_six_attempts_one_board() -> None:
    assert (CLASSIC.length, CLASSIC.attempts, CLASSIC.boards) == (5, 6, 1)
    assert CLASSIC.all_green == "GGGGG"
    assert len(CLASSIC.alphabet) == 26


@pytest.mark.parametrize("kwargs", [{"length": 0}, {"attempts": 0}, {"boards": 0},
                                    {"alphabet": ""}, {"alphabet": "aab"},
                                    {"language": ""}])
def test_impossible_variants_are_refused(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Variant(**kwargs)  # type: ignore[arg-type]
