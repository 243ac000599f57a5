-- 0011: how many results a day's results post shows. The bot sets it after each edit or post
-- went through; after a restart it brings up to date the posts of recent days that show fewer
-- results than the day has (the bot stopped between a finish and its post: a crash, a power
-- cut). Posts made before this migration are taken as up to date.
-- (A player who asks to be forgotten takes their results out of the count and out of shown;
-- the post is not edited for that, so it still shows them until the day's next finish.)

ALTER TABLE daily_posts ADD COLUMN shown INTEGER NOT NULL DEFAULT 0 CHECK (shown >= 0);
UPDATE daily_posts SET shown = (
    SELECT count(*) FROM games g
    WHERE g.guild_id = daily_posts.guild_id AND g.puzzle_number = daily_posts.puzzle_number
      AND g.kind = 'daily' AND g.status <> 'active');
CREATE INDEX games_daily_finished ON games (puzzle_number)
    WHERE kind = 'daily' AND status <> 'active' AND guild_id <> 0;
