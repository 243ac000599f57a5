"""wordle-bot: Wordle for Discord servers."""
