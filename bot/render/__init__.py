"""Turning a game (plain data) into something to show: emoji text, a PNG, terminal output.

* :mod:`bot.render.image`: the board and keyboard as a PNG; :mod:`bot.render.stats_image` the
  statistics as one.
* :mod:`bot.render.emoji_board`: the board and keyboard as emoji text.
* :mod:`bot.render.terminal`: ANSI-coloured or plain text for a terminal.
* The other modules word one kind of message each: statistics, analyses, hints, problems,
  leaderboards, races, the daily results post, settings, the rules.

Nothing here imports discord or the database. Inputs are plain data: ``rows`` is a sequence
of ``(word, feedback)`` pairs (``bot.core.game.Row`` fits) and ``keyboard`` a mapping of
letter -> ``"G"``/``"Y"``/``"B"`` for the letters played; see :mod:`bot.render.common`.
"""
