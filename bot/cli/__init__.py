"""Terminal commands that are not the bot itself (``wordle-bot solve``)."""
