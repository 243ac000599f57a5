-- 0011: how many results a day's results post shows. The bot sets it after each edit or post
-- went through; after a restart it brings up to date the posts of recent days that show fewer
-- results than the day has (the bot stopped between a finish and its post: a crash, a power
-- cut). The latest posts made before this migration are taken as up to date; older ones are
-- never looked at again.
-- (A player who asks to be forgotten takes their results out of the count and out of shown;
-- the post is not edited for that, so it still shows them until the day's next finish.)
-- Also: a restart now shows the end of a race with no message stored too (it posts one), so
-- the races that ended that way before this migration (a start whose reply failed) are taken
-- as shown; the index of races to show follows the new query.

ALTER TABLE daily_posts ADD COLUMN shown INTEGER NOT NULL DEFAULT 0 CHECK (shown >= 0);
UPDATE daily_posts SET shown = (
    SELECT count(*) FROM games g
    WHERE g.guild_id = daily_posts.guild_id AND g.puzzle_number = daily_posts.puzzle_number
      AND g.kind = 'daily' AND g.status <> 'active')
WHERE puzzle_number >= (SELECT max(puzzle_number) - 3 FROM daily_posts);
UPDATE races SET end_shown = 1
    WHERE finished_at IS NOT NULL AND message_id IS NULL AND end_shown = 0;
DROP INDEX races_end_unshown;
CREATE INDEX races_end_unshown ON races (id) WHERE finished_at IS NOT NULL AND end_shown = false;
