"""``/wordle help``: the rules, the commands, and how hints, hard mode and the daily work."""

from __future__ import annotations

from bot.core.domain import MAX_ATTEMPTS
from bot.render.catalogues import N_
from bot.render.common import ENGLISH, Texts
from bot.render.rules_text import rules_text

#: Every command, as the player types it in English, with what it does (a test checks none
#: is missing). Both are shown in the reader's language.
COMMAND_LINES = (
    ("/wordle start", N_("your own game (`who:me`) or one for the channel (`who:channel`); "
                         "`kind:daily` for today's puzzle; `kind:archive` with `number:` or "
                         "`date:` for a past one (each played once, kept apart from the "
                         "daily); `hard:True` for hard mode; `language:` and `length:` "
                         "the words' language and length (default: the server's)")),
    ("/guess", N_("play a word of your game's length (or press **Guess** on the board)")),
    ("/hint", N_("a letter, a position or a word (or the 💡 buttons)")),
    ("/wordle board", N_("show your game here again")),
    ("/wordle giveup", N_("end the game and see the word (or **Give up** on the board)")),
    ("/wordle challenge", N_("set a word for the channel to guess")),
    ("/wordle race", N_("a race: everyone here who joins plays the same word on a private "
                        "board; the live message shows colours only; first by guesses, then "
                        "time; `minutes:` (default 10), `hard:`, `language:`, `length:`")),
    ("/wordle stats", N_("played, win %, streaks and your guess distribution")),
    ("/wordle leaderboard", N_("this server's best players, by wins, win %, average or "
                               "streak; `period:` today, week (from Monday), month (calendar) "
                               "or all, by the server's time zone, a game counting when it "
                               "finished; streaks are ranked for all time only")),
    ("/wordle analyze", N_("your last finished game against the solver")),
    ("/wordle forgetme", N_("delete what the bot keeps about you")),
    ("/wordle settings", N_("time zone, results channel, the language and length of the "
                            "server's games and its daily, words taken out of its answers, "
                            "hints in channel games, dailies and races (Manage Server)")),
    ("/wordle prefs", N_("your colours (high contrast: 🟧🟦), a dark or light picture or text "
                         "only, and the time zone of your own daily")),
    ("/wordle help", N_("this help")),
)


def help_text(texts: Texts = ENGLISH) -> str:
    """The help, in the language of ``texts`` (commands by their names in it)."""
    t = texts
    commands = "\n".join(f"`{t.command(name[1:])}` {t._(what)}" for name, what in COMMAND_LINES)
    return "\n\n".join([
        "## " + t._("How to play") + "\n" + rules_text(texts=t),
        "## " + t._("Commands") + "\n" + commands,
        "## " + t._("Hints") + "\n" + t._(
            "A **letter** hint names a letter of the word not yet on your board, a "
            "**position** hint one letter in its place, a **word** hint the solver's best next "
            "guess and how many words still fit (and, when that guess can't be the hidden "
            "word, the best word that could be). Hints cost no attempt; the share grid says "
            "how many you used. The server decides where hints work: in channel games unless "
            "it turns them off; on the daily and in races only if it turns them on. Word "
            "hints are not given when a player chose the word."),
        "## " + t._("Hard mode") + "\n" + t._(
            "What the board reveals must be used: greens stay in place, yellows are played "
            "again, and a letter revealed twice must appear at least twice. (What {hint} "
            "tells you is yours to use or not.)", hint=t.command("hint")),
        "## " + t._("The daily") + "\n" + t._(
            "The same word for the whole server each day (the server's time zone). You play "
            "it once, in messages only you see, with {attempts} attempts; when you finish, "
            "your grid (colours only) goes to the channel and the server's results post "
            "updates. Win on consecutive days to build a streak. Outside servers with Wordle "
            "(a DM with the bot, or anywhere once you add Wordle to your account) you have a "
            "daily of your own, by your own time zone (`{prefs}`), and your own statistics.",
            attempts=MAX_ATTEMPTS, prefs=t.command("wordle prefs")),
    ])
