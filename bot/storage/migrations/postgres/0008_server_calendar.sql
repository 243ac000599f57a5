-- 0008: a server's calendar after a change of its time zone (as
-- migrations/sqlite/0008_server_calendar.sql). held_day/held_until: after the change the
-- server's daily stays on held_day until held_until, so a change never ends today early nor
-- goes back to a day already over (bot.core.daily.Calendar). Both NULL otherwise.

ALTER TABLE guild_settings ADD COLUMN held_day INTEGER;
ALTER TABLE guild_settings ADD COLUMN held_until TIMESTAMPTZ;
ALTER TABLE guild_settings ADD CONSTRAINT guild_settings_held_together
    CHECK ((held_day IS NULL) = (held_until IS NULL));
