-- 0019: games of several boards (PostgreSQL; the same change as
-- migrations/sqlite/0019_boards.sql). A game keeps its number of boards (1 for every game so
-- far); the hidden word of its first board stays in answer and the others' go to
-- more_answers, joined by spaces (NULL for one board). A guess keeps its first board's
-- feedback in feedback and the other boards' in more_feedback, joined by spaces, a board
-- solved before the guess as a dash per letter (NULL for one board). A server has a daily per
-- number of boards: the index of one daily per player and day names the boards.

ALTER TABLE games
    ADD COLUMN boards SMALLINT NOT NULL DEFAULT 1 CONSTRAINT games_boards_check
        CHECK (boards >= 1),
    ADD COLUMN more_answers TEXT CONSTRAINT games_more_answers_check
        CHECK (more_answers <> '');
ALTER TABLE guesses ADD COLUMN more_feedback TEXT CONSTRAINT guesses_more_feedback_check
    CHECK (more_feedback <> '');

DROP INDEX games_one_daily;
CREATE UNIQUE INDEX games_one_daily
    ON games (guild_id, owner_id, puzzle_number, boards) WHERE kind = 'daily';
