"""``/wordle help``: the rules, the commands, and how hints, hard mode and the daily work."""

from __future__ import annotations

from bot.core.domain import MAX_ATTEMPTS, WORD_LENGTH
from bot.render.rules_text import rules_text

#: Every command, as the player types it, with what it does (a test checks none is missing).
COMMAND_LINES = (
    ("/wordle start", "your own game (`who:me`) or one for the channel (`who:channel`); "
                      "`kind:daily` for today's puzzle; `kind:archive` with `number:` or "
                      "`date:` for a past one (each played once, kept apart from the daily); "
                      "`hard:True` for hard mode"),
    ("/guess", f"play a {WORD_LENGTH}-letter word (or press **Guess** on the board)"),
    ("/hint", "a letter, a position or a word (or the 💡 buttons)"),
    ("/wordle board", "show your game here again"),
    ("/wordle giveup", "end the game and see the word (or **Give up** on the board)"),
    ("/wordle challenge", "set a word for the channel to guess"),
    ("/wordle race", "a race: everyone here who joins plays the same word on a private "
                     "board; the live message shows colours only; first by guesses, "
                     "then time; `minutes:` (default 10), `hard:`"),
    ("/wordle stats", "played, win %, streaks and your guess distribution"),
    ("/wordle leaderboard", "this server's best players, by wins, win %, average or "
                            "streak; `period:` today, week (from Monday), month (calendar) "
                            "or all, by the server's time zone, a game counting when it "
                            "finished; streaks are ranked for all time only"),
    ("/wordle analyze", "your last finished game against the solver"),
    ("/wordle forgetme", "delete what the bot keeps about you"),
    ("/wordle settings", "time zone, results channel, hints in channel games, dailies "
                         "and races (Manage Server)"),
    ("/wordle prefs", "your colours (high contrast: 🟧🟦), a dark or light picture or text "
                      "only, and the time zone of your own daily"),
    ("/wordle help", "this help"),
)


def help_text() -> str:
    commands = "\n".join(f"`{name}` {what}" for name, what in COMMAND_LINES)
    return "\n\n".join([
        "## How to play\n" + rules_text(),
        "## Commands\n" + commands,
        "## Hints\nA **letter** hint names a letter of the word not yet on your board, a "
        "**position** hint one letter in its place, a **word** hint the solver's best next "
        "guess and how many words still fit (and, when that guess can't be the hidden word, "
        "the best word that could be). Hints cost no attempt; the share grid says how many "
        "you used. The server decides where hints work: in channel games unless it turns "
        "them off; on the daily and in races only if it turns them on. Word hints are not "
        "given when a player chose the word.",
        "## Hard mode\nWhat the board reveals must be used: greens stay in place, yellows are "
        "played again, and a letter revealed twice must appear at least twice. (What /hint "
        "tells you is yours to use or not.)",
        "## The daily\nThe same word for the whole server each day (the server's time zone). "
        f"You play it once, in messages only you see, with {MAX_ATTEMPTS} attempts; when you "
        "finish, your grid (colours only) goes to the channel and the server's results post "
        "updates. Win on consecutive days to build a streak. Outside servers with Wordle (a "
        "DM with the bot, or anywhere once you add Wordle to your account) you have a daily "
        "of your own, by your own time zone (`/wordle prefs`), and your own statistics.",
    ])
