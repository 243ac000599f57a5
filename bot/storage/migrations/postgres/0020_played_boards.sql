-- 0020: a forgotten player's mark of a daily they started names its number of boards
-- (PostgreSQL; the same change as migrations/sqlite/0020_played_boards.sql), as a server has
-- a daily per number of boards (0019). Every mark kept so far is of a one-board daily.

ALTER TABLE played_dailies
    ADD COLUMN boards SMALLINT NOT NULL DEFAULT 1 CONSTRAINT played_dailies_boards_check
        CHECK (boards >= 1),
    DROP CONSTRAINT played_dailies_pkey,
    ADD PRIMARY KEY (guild_id, puzzle_number, player_mark, boards);
