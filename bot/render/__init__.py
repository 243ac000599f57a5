"""Turning a game (plain data) into something to show: emoji text, a PNG, terminal output.

* :mod:`bot.render.text`: Discord message/embed text (boards, keyboard, stats, analysis).
* :mod:`bot.render.image`: PNG of the board and keyboard (Pillow, shipped font).
* :mod:`bot.render.terminal`: ANSI-coloured or plain text for a terminal.

Nothing here imports discord or the database. Inputs are plain data: ``rows`` is a sequence
of ``(word, feedback)`` pairs (``bot.core.game.Row`` fits) and ``keyboard`` a mapping of
letter -> ``"G"``/``"Y"``/``"B"`` for the letters played; see :mod:`bot.render.common`.
"""
