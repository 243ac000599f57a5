-- 0010: whether a race's message shows that it ended (as migrations/sqlite/0010_race_end_shown.sql):
-- set once its last edit went through; a restart brings up to date the others. Races that had
-- ended before this migration are taken as shown.

ALTER TABLE races ADD COLUMN end_shown BOOLEAN NOT NULL DEFAULT false;
UPDATE races SET end_shown = true WHERE finished_at IS NOT NULL;
CREATE INDEX races_end_unshown ON races (id)
    WHERE finished_at IS NOT NULL AND NOT end_shown AND message_id IS NOT NULL;
