-- 0019: games of several boards (Dordle, Quordle, Octordle). A game keeps its number of
-- boards (1 for every game so far); the hidden word of its first board stays in answer and
-- the others' go to more_answers, joined by spaces (NULL for one board). A guess keeps its
-- first board's feedback in feedback and the other boards' in more_feedback, joined by
-- spaces, a board solved before the guess as a dash per letter (NULL for one board). The
-- store splits and joins them (bot.storage.database); the core decides everything. A server has
-- a daily per number of boards: the index of one daily per player and day names the boards.

ALTER TABLE games ADD COLUMN boards INTEGER NOT NULL DEFAULT 1 CHECK (boards >= 1);
ALTER TABLE games ADD COLUMN more_answers TEXT CHECK (more_answers <> '');
ALTER TABLE guesses ADD COLUMN more_feedback TEXT CHECK (more_feedback <> '');

DROP INDEX games_one_daily;
CREATE UNIQUE INDEX games_one_daily
    ON games (guild_id, owner_id, puzzle_number, boards) WHERE kind = 'daily';
