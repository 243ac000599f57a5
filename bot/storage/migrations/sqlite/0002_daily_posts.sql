-- 0002: remember the message that shows a day's daily results (so it is edited, not reposted),
-- and indexes for the per-day and per-channel look-ups.

CREATE TABLE daily_posts (
    guild_id      INTEGER NOT NULL,
    puzzle_number INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER NOT NULL,
    PRIMARY KEY (guild_id, puzzle_number)
) WITHOUT ROWID;

CREATE INDEX games_daily_day ON games (guild_id, puzzle_number) WHERE kind = 'daily';
CREATE INDEX games_channel_finished
    ON games (guild_id, channel_id, finished_at) WHERE status <> 'active';
