-- 0009: who was in a race before asking to be forgotten. "Forget me" deletes the player's
-- race boards and leaves, per race, only an anonymous mark (rules.player_mark, a keyed hash
-- of the id), so they cannot join that race again with a fresh board (as played_dailies does
-- for a daily, 0003).

CREATE TABLE race_marks (
    race_id     INTEGER NOT NULL REFERENCES races (id) ON DELETE CASCADE,
    player_mark TEXT    NOT NULL,
    PRIMARY KEY (race_id, player_mark)
) WITHOUT ROWID;
