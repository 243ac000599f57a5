-- 0013: a results post to be edited again without a player who asked to be forgotten (as
-- migrations/sqlite/0013_daily_posts_redo.sql). Every bot process looks for these every minute
-- and edits those of its own servers (a forget-me reaches one process; the player's posts may
-- be in servers that others run). ``redo`` counts the forget-mes not yet shown: a process
-- clears only the count it read before its edit, so a forget-me that comes during the edit is
-- edited again. (Every process reads all the marks, its own servers' and others'; they are
-- few, and the partial index finds them.)

ALTER TABLE daily_posts ADD COLUMN redo INTEGER NOT NULL DEFAULT 0 CHECK (redo >= 0);
CREATE INDEX daily_posts_redo ON daily_posts (guild_id, puzzle_number) WHERE redo > 0;
