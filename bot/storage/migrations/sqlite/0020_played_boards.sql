-- 0020: a forgotten player's mark of a daily they started names its number of boards, as a
-- server has a daily per number of boards (0019): the day's classic daily played before
-- forgetting leaves that day's Quordle open to them, and the other way round. Every mark
-- kept so far is of a one-board daily. SQLite cannot change a primary key in place: the
-- table is made again, its rows kept.

CREATE TABLE played_dailies_new (
    guild_id      INTEGER NOT NULL,
    puzzle_number INTEGER NOT NULL,
    player_mark   TEXT    NOT NULL,
    boards        INTEGER NOT NULL DEFAULT 1 CHECK (boards >= 1),
    PRIMARY KEY (guild_id, puzzle_number, player_mark, boards)
) WITHOUT ROWID;

INSERT INTO played_dailies_new (guild_id, puzzle_number, player_mark, boards)
    SELECT guild_id, puzzle_number, player_mark, 1 FROM played_dailies;

DROP TABLE played_dailies;
ALTER TABLE played_dailies_new RENAME TO played_dailies;
