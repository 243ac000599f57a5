-- 0011: how many results a day's results post shows (as migrations/sqlite/0011_daily_posts_shown.sql):
-- set after each edit or post went through; a restart brings up to date the posts of recent
-- days that show fewer results than the day has. The latest posts made before this migration
-- are taken as up to date (older ones are never looked at again); a claim (no message yet)
-- shows nothing. The index finds a start's recent finished dailies.
-- Also: the races that ended with no message stored before this migration (not marked shown)
-- are taken as shown (a restart now posts a message for such a race); the index of races to
-- show follows the new query.

ALTER TABLE daily_posts ADD COLUMN shown INTEGER NOT NULL DEFAULT 0 CHECK (shown >= 0);
UPDATE daily_posts SET shown = (
    SELECT count(*) FROM games g
    WHERE g.guild_id = daily_posts.guild_id AND g.puzzle_number = daily_posts.puzzle_number
      AND g.kind = 'daily' AND g.status <> 'active')
WHERE message_id IS NOT NULL
  AND puzzle_number >= (SELECT max(puzzle_number) - 3 FROM daily_posts);
CREATE INDEX games_daily_finished ON games (puzzle_number)
    WHERE kind = 'daily' AND status <> 'active' AND guild_id <> 0;
UPDATE races SET end_shown = true
    WHERE finished_at IS NOT NULL AND message_id IS NULL AND NOT end_shown;
DROP INDEX races_end_unshown;
CREATE INDEX races_end_unshown ON races (id) WHERE finished_at IS NOT NULL AND end_shown = false;
