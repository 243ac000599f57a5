-- 0018: statistics are kept per bucket and game variant (PostgreSQL; the same change as
-- migrations/sqlite/0018_stats_keys.sql). player_stats.mode is the key the core makes
-- (bot.core.stats.stats_key): the bucket alone for the classic game (every row so far,
-- unchanged), else the bucket and the variant ('practice:es-5', 'daily:en-5x4'). The CHECK
-- that listed the buckets (named in 0006) goes; the store keeps whatever key it is given.

ALTER TABLE player_stats
    DROP CONSTRAINT player_stats_mode_check,
    ADD CONSTRAINT player_stats_mode_check CHECK (mode <> '');
