-- 0005: each player's preferences (/wordle prefs), the same wherever they play.
-- high_contrast: orange for the right place, blue for the wrong place (pictures, emoji boards,
-- share grids). dark: a dark board picture instead of the light one. text_only: no pictures.
-- timezone: an IANA name (bot.core.timezones); the day of the player's personal daily (played
-- outside servers that added the bot). held_day/held_until: after a time zone change the
-- personal daily stays on held_day until held_until (a UTC instant), so a change never starts
-- a day early nor goes back to an earlier one (bot.core.personal).

CREATE TABLE player_prefs (
    player_id     INTEGER PRIMARY KEY,
    high_contrast INTEGER NOT NULL DEFAULT 0 CHECK (high_contrast IN (0, 1)),
    dark          INTEGER NOT NULL DEFAULT 0 CHECK (dark IN (0, 1)),
    text_only     INTEGER NOT NULL DEFAULT 0 CHECK (text_only IN (0, 1)),
    timezone      TEXT    NOT NULL DEFAULT 'UTC' CHECK (length(timezone) BETWEEN 1 AND 64),
    held_day      INTEGER,
    held_until    TEXT,
    updated_at    TEXT    NOT NULL,
    CHECK ((held_day IS NULL) = (held_until IS NULL))
);
