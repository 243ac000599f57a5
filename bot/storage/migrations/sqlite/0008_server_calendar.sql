-- 0008: a server's calendar after a change of its time zone, as a player's (0005).
-- held_day/held_until: after the change the server's daily stays on held_day until
-- held_until (a UTC instant, ISO text), so a change never ends today early nor goes back to a
-- day already over (bot.core.daily.Calendar). Both NULL otherwise.

ALTER TABLE guild_settings ADD COLUMN held_day INTEGER;
ALTER TABLE guild_settings ADD COLUMN held_until TEXT
    CHECK ((held_day IS NULL) = (held_until IS NULL));
