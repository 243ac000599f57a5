-- 0009: who was in a race before asking to be forgotten (as
-- migrations/sqlite/0009_race_marks.sql): an anonymous mark per race, so a forgotten player
-- cannot join that race again with a fresh board.

CREATE TABLE race_marks (
    race_id     BIGINT NOT NULL REFERENCES races (id) ON DELETE CASCADE,
    player_mark TEXT   NOT NULL,
    PRIMARY KEY (race_id, player_mark)
);
