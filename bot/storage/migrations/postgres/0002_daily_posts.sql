-- 0002: the message that shows a day's daily results (so it is edited, not reposted), and
-- indexes for the per-day and per-channel look-ups.
-- Unlike SQLite's single process, several processes may want to post the same day's results:
-- a row is first a claim (claimed_by, until claim_expires_at; no message yet), then the post
-- (channel_id, message_id). A claim left by a crashed process expires.

CREATE TABLE daily_posts (
    guild_id         BIGINT  NOT NULL,
    puzzle_number    INTEGER NOT NULL,
    channel_id       BIGINT,
    message_id       BIGINT,
    claimed_by       TEXT,
    claim_expires_at TIMESTAMPTZ,
    PRIMARY KEY (guild_id, puzzle_number),
    CHECK ((channel_id IS NULL) = (message_id IS NULL)),
    CHECK ((claimed_by IS NULL) = (claim_expires_at IS NULL)),
    CHECK (message_id IS NOT NULL OR claimed_by IS NOT NULL)
);

CREATE INDEX games_daily_day ON games (guild_id, puzzle_number) WHERE kind = 'daily';
CREATE INDEX games_channel_finished
    ON games (guild_id, channel_id, finished_at) WHERE status <> 'active';
