"""The command line: arguments, exit status, and the commands that are not the bot itself."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from bot.core.words import WordLists


def word_lists(command: str, env_file: str | Path, answers: Path | None,
               allowed: Path | None, err: TextIO) -> WordLists | None:
    """The lists a command uses: ``answers``/``allowed`` (its options), else the settings'
    (``WORDLE_ANSWERS``/``WORDLE_ALLOWED`` from the environment or ``env_file``), else the
    shipped ones. ``None`` once why they cannot be had is written to ``err`` (exit 2)."""
    from bot.config import Config, ConfigError
    from bot.core.words import WordListError, load_word_lists
    from bot.render.terminal_text import controls_named

    try:
        config = Config.from_env(env_file)
        return load_word_lists(answers or config.answers_path, allowed or config.allowed_path)
    except ConfigError as error:
        print(f"wordle-bot {command}: {controls_named(str(error))}", file=err)
    except (WordListError, OSError) as error:  # OSError: beyond WordListError's cases
        print(f"wordle-bot {command}: word list problem: {controls_named(str(error))}",
              file=err)
    return None
