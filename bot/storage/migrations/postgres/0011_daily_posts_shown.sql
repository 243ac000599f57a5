-- 0011: how many results a day's results post shows (as migrations/sqlite/0011_daily_posts_shown.sql):
-- set after each edit or post went through; a restart brings up to date the posts of recent
-- days that show fewer results than the day has. Posts made before this migration are taken as
-- up to date; a claim (no message yet) shows nothing.

ALTER TABLE daily_posts ADD COLUMN shown INTEGER NOT NULL DEFAULT 0 CHECK (shown >= 0);
UPDATE daily_posts SET shown = (
    SELECT count(*) FROM games g
    WHERE g.guild_id = daily_posts.guild_id AND g.puzzle_number = daily_posts.puzzle_number
      AND g.kind = 'daily' AND g.status <> 'active')
WHERE message_id IS NOT NULL;
CREATE INDEX games_daily_finished ON games (puzzle_number)
    WHERE kind = 'daily' AND status <> 'active' AND guild_id <> 0;
