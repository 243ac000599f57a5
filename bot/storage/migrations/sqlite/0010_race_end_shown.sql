-- 0010: whether a race's message shows that it ended (who won, the word). The bot sets it once
-- the message's last edit went through (or could never go through: the channel is gone), and
-- after a restart brings up to date the messages of the races that ended without it. Races
-- that had ended before this migration are taken as shown.

ALTER TABLE races ADD COLUMN end_shown INTEGER NOT NULL DEFAULT 0 CHECK (end_shown IN (0, 1));
UPDATE races SET end_shown = 1 WHERE finished_at IS NOT NULL;
CREATE INDEX races_end_unshown ON races (id)
    WHERE finished_at IS NOT NULL AND end_shown = 0 AND message_id IS NOT NULL;
