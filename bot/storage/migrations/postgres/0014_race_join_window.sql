-- 0014: a race's join window (as migrations/sqlite/0014_race_join_window.sql): until
-- join_window_ends_at, everyone who joined having finished does not end the race; it waits for
-- more players and ends at the window's end if nobody else joined. Races started before this
-- migration have none (it is their start).

ALTER TABLE races ADD COLUMN join_window_ends_at TIMESTAMPTZ;
UPDATE races SET join_window_ends_at = created_at;
ALTER TABLE races ALTER COLUMN join_window_ends_at SET NOT NULL;
ALTER TABLE races ADD CONSTRAINT races_join_window_within
    CHECK (join_window_ends_at BETWEEN created_at AND ends_at);
