-- 0004: per-server daily settings.
-- daily_order_from: the first puzzle number dealt from the server's own order of words
-- (bot.core.daily.server_daily_word); NULL until the bot first serves the server's daily, then
-- set once and never changed. hints_in_dailies: whether /hint works on the daily (off: a hint
-- could solve it for you); results helped by hints are marked where it is on.

ALTER TABLE guild_settings ADD COLUMN daily_order_from INTEGER;
ALTER TABLE guild_settings ADD COLUMN hints_in_dailies INTEGER NOT NULL DEFAULT 0
    CHECK (hints_in_dailies IN (0, 1));
