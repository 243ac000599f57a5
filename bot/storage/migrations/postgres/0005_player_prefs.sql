-- 0005: each player's preferences (as migrations/sqlite/0005_player_prefs.sql).
-- high_contrast: orange for the right place, blue for the wrong place (pictures, emoji boards,
-- share grids). dark: a dark board picture instead of the light one. text_only: no pictures.
-- timezone: an IANA name (bot.core.timezones); the day of the player's personal daily (played
-- outside servers that added the bot). held_day/held_until: after a time zone change the
-- personal daily stays on held_day until held_until, so a change never starts a day early nor
-- goes back to an earlier one (bot.core.personal).

CREATE TABLE player_prefs (
    player_id     BIGINT      PRIMARY KEY,
    high_contrast BOOLEAN     NOT NULL DEFAULT false,
    dark          BOOLEAN     NOT NULL DEFAULT false,
    text_only     BOOLEAN     NOT NULL DEFAULT false,
    timezone      TEXT        NOT NULL DEFAULT 'UTC'
                              CHECK (char_length(timezone) BETWEEN 1 AND 64),
    held_day      INTEGER,
    held_until    TIMESTAMPTZ,
    updated_at    TIMESTAMPTZ NOT NULL,
    CHECK ((held_day IS NULL) = (held_until IS NULL))
);
